import pytest

from vqdb.answer.answer_kind import asked_kind, holds_kind


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Who is the lecturer?", "name"),
        ("Who presents the weather?", "name"),
        ("What is the presenter's name?", "name"),
        ("What is the name of the library?", "name"),
        ("How many dishes are there?", "number"),
        ("What year is mentioned in the narration?", "number"),
        ("What time does the shop open?", "time"),
        ("What does the logo in the corner say?", None),
        ("When does the dog bark?", None),
        ("What city is shown?", "place"),  # a place's name: the line that names it, not the screen
        ("Which country is the next stop in?", "place"),
    ],
)
def test_the_kind_of_value_a_question_asks_for(question, kind):
    assert asked_kind(question) == kind


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Good evening, I'm Anna Kowalski with the weather.", True),
        ("ANNA KOWALSKI / WEATHER", True),
        ("Written by / Sam Carter", True),
        ("I'll be back. I'm here.", False),  # the pronoun's capital is no name
        ("Next: the weather", False),  # clause-initial capitals
        ("NEWS 24 / Sports: Rovers win 3-1", False),
        ("LIBRARY TV / Lecture 7: Early Printing", False),  # an acronym, a common word by its ending
        ("Tonight's menu: first the soup, then the salmon", False),
    ],
)
def test_whether_a_text_holds_a_name(text, held):
    assert holds_kind("name", text) is held


def test_numbers_and_times_are_read_in_digits_words_and_ocr_clocks():
    assert holds_kind("number", "the forty-two line Bible") and not holds_kind("number", "Festival menu")
    assert holds_kind("time", "opens at 10.50") and holds_kind("time", "at 9 pm")
    assert not holds_kind("time", "Room 510")


def test_since_or_until_when_asks_for_a_time():
    assert asked_kind("Since when has the road been closed?") == "time"
    assert asked_kind("Until when is the library open?") == "time"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Which website is shown at the bottom?", "address"),
        ("What is the web address on the card?", "address"),
        ("What e-mail address should viewers write to?", "address"),
        ("What URL is given for the docs?", "address"),
        ("Who is the guest?", "name"),
    ],
)
def test_a_website_or_email_asked_is_an_address(question, kind):
    assert asked_kind(question) == kind


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Ref AX-7031 / www.archive-films.org/kennedy", True),
        ("Docs: docs . vqdb-example . org/v2", True),  # OCR spaces an address out
        ("Write to desk@channel7.co.uk", True),
        ("President John F. Kennedy, 1961", False),  # an initial closed up with a name is no domain
        ("Release v2.13.0 now available", False),  # a version is no address
        ("Ref AX-7031", False),
    ],
)
def test_whether_a_text_holds_an_address(text, held):
    assert holds_kind("address", text) is held


def test_a_place_is_a_capitalised_word_first_in_its_clause_too():
    # a title card writes the city alone; OCR noise in lower case names nothing
    assert holds_kind("place", "LISBON") and holds_kind("place", "Next stop: Lisbon, Portugal")
    assert not holds_kind("place", "unieakSOT(A") and not holds_kind("place", "next stop")


@pytest.mark.parametrize(
    "question, kind",
    [
        ("Which folders are listed?", "list"),
        ("Which items are listed under 'Goals'?", "list"),
        ("What are the three steps on the slide?", "list"),
        ("What are the 4 bullets?", "list"),
        ("What is the title of the slide?", None),
        ("What are the odds?", None),
        ("Which directory does he list?", None),
        ("Which entry is printed last in the directory listing?", None),
    ],
)
def test_a_question_for_what_is_listed_asks_for_a_list(question, kind):
    assert asked_kind(question) == kind


def test_a_list_is_a_text_of_several_lines():
    assert holds_kind("list", "bin include lib64 / games lib libexec")
    assert not holds_kind("list", "I will show a directory.")


def test_the_address_in_a_text_is_as_written_or_as_ocr_dropped_its_dot():
    from vqdb.answer.answer_kind import address_in

    assert address_in("Ref AX-7031 / www.archive-films.org/kennedy") == "www.archive-films.org/kennedy"
    assert address_in("Music: Studio Nine / WWW printhistoryorg") == "printhistory.org"
    assert address_in("Tips? Call 1-800-555-0199") is None


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Which version of the software was it made with?", "code"),
        ("What's the reference code at the bottom of the slide?", "code"),
        ("What is the product code?", "code"),
        ("What's the SKU on the tag?", "code"),
        ("What is the model number of the drill?", "code"),
        ("What code does he type in the terminal?", None),  # a program's text, not an identifier
        ("What does the code print?", None),
        ("What number is on the shirt?", "number"),
    ],
)
def test_a_question_for_a_version_or_code_asks_for_a_code(question, kind):
    assert asked_kind(question) == kind


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Made with Typeset v2.1", "v2.1"),
        ("Release version 3.0.1 out now", "version 3.0.1"),
        ("Ref TYP-0042", "TYP-0042"),
        ("SKU 40-118", "40-118"),
        ("Live from Pad 39B", "39B"),
        ("Dated c. 1455", None),  # a bare number is no code
        ("2.Made in the 1400s", None),  # a list's numbering
        ("Printed in the 3rd century", None),
        ("Never surpassed in quality", None),
    ],
)
def test_the_code_in_a_text(text, code):
    from vqdb.answer.answer_kind import code_in

    assert code_in(text) == code
    assert holds_kind("code", text) is (code is not None)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What's the interviewee's job?", "role"),
        ("What is the job title of the woman being interviewed?", "role"),
        ("What does Dr. Okoye do for a living?", None),  # the plan reads no caption for it: asked by its noun
        ("What is Maria Lopez's occupation?", "role"),
        ("A lady talking about her job", None),
    ],
)
def test_a_question_for_a_persons_job_asks_for_a_role(question, kind):
    assert asked_kind(question) == kind


def test_the_role_is_the_caption_line_beside_the_name():
    from vqdb.answer.answer_kind import role_in

    assert role_in("Dr. Amara Okoye / Research Lead") == "Research Lead"
    assert role_in("NORTHWIND / Peter Vance / Senior Architect") == "Senior Architect"
    assert role_in("Senior Architect / Peter Vance", named=["peter", "vance"]) == "Senior Architect"
    assert role_in("Peter Vance") is None and role_in("NOW 25% OFF / SKU 40-118") is None
