"""A value said, named by its kind ("when does she give the year", "when is the budget figure mentioned"), is
looked for by its form as well as its words; what is said after "describes X as" is Y, not X."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.speech import hesitations_dropped, value_forms


def _said(question: str) -> set[str]:
    return {c.query for c in rule_plan(question).queries if c.tool == "transcript"}


@pytest.mark.parametrize(
    ("question", "form"),
    [
        ("when does she give the year", "{year}"),
        ("when does she give the percentage", "{percent}"),
        ("when is the budget figure mentioned", "{price}"),
        ("when is the monthly savings amount given", "{price}"),
        ("at what time does the announcer give the departure time", "{time}"),
        ("at what time is the date of the bible said", "{year}"),
        ("when is the departure time mentioned", "{time}"),  # passive: "the" is no reason to lose the form
        ("when does she mention the year it was printed", "{year}"),  # which value: a relative clause
        ("when does the announcer give the time the train leaves", "{time}"),
        ("when does she mention the 42 line bible and the year it was printed", "{year}"),  # two things named
    ],
)
def test_a_value_named_by_its_kind_is_looked_for_by_its_form(question: str, form: str) -> None:
    assert form in _said(question)


@pytest.mark.parametrize(
    "question",
    [
        "When does the narrator give the year of the Bible?",  # given
        "when is the departure time mentioned",  # passive
        "when does she mention the year it was printed",  # said
    ],
)
def test_the_value_asked_is_the_first_call_where_its_keyframe_goes(question: str) -> None:
    # a keyframe is placed in the focus of its first supporting call: the value said ("1455"), not the words
    # naming it ("Bible" of a sentence meaning "year of the Bible", half a second earlier)
    said = [c.query for c in rule_plan(question).queries if c.tool == "transcript"]
    assert said[0].startswith("{") and not said[-1].startswith("{")


@pytest.mark.parametrize(
    "question",
    [
        "when is the year 1455 mentioned",
        "when is the yearly total of three thousand pounds said",
        "the bit where the commentator says its full time",
        "when does he say the first time",
        "when is the dog given a treat",
        "when does she mention the bible and the 1455 date",
        "when does he say the time is up",
    ],
)
def test_a_value_given_or_no_value_adds_no_form(question: str) -> None:
    assert not any(q.startswith("{") for q in _said(question))


@pytest.mark.parametrize(
    ("question", "period"),
    [("when is the annual amount mentioned", "a year"), ("when does she quote the monthly figure", "a month")],
)
def test_a_value_named_by_its_period_is_looked_for_with_the_period_said(question: str, period: str) -> None:
    assert {"{price}", period} <= _said(question)


def test_a_period_without_a_value_named_adds_nothing() -> None:
    assert _said("when does he mention the monthly newsletter") == {"the monthly newsletter"}


def test_value_forms_of_a_date_include_a_year() -> None:
    assert value_forms("the date of the speech") == ("{date}", "{year}")


def test_what_is_described_as_is_what_is_said() -> None:
    said = _said("when does the ident describe the channel as the home of drama")
    assert said == {"home of drama"}


@pytest.mark.parametrize(
    "question", ["When does the chart give the percentage?", "When does the slide state the total?"]
)
def test_a_value_a_screen_gives_is_read_on_screen_too(question: str) -> None:
    assert {c.tool for c in rule_plan(question).queries if c.query.startswith("{")} == {"ocr", "transcript", "subtitle"}


@pytest.mark.parametrize(
    ("question", "tools"),
    [
        ("When is goalkeeper Tomasz Kowalczyk mentioned in the ticker?", {"ocr", "transcript", "subtitle"}),
        ("when are delays mentioned on the news crawl?", {"ocr", "transcript", "subtitle"}),
        ("when is the bridge mentioned in the speech?", {"transcript", "subtitle"}),
        ("when is the bridge mentioned?", {"transcript", "subtitle"}),
    ],
)
def test_what_is_mentioned_in_a_thing_that_carries_text_is_read_on_screen_too(question: str, tools: set) -> None:
    words = {"goalkeeper Tomasz Kowalczyk", "delays", "bridge"}
    assert {c.tool for c in rule_plan(question).queries if c.query in words} == tools


@pytest.mark.parametrize(
    "question",
    [
        "When does the guide refer to the map as well as the brochure?",
        "When does the teacher refer to the chart as he explains the results?",
    ],
)
def test_as_of_a_conjunction_describes_nothing_said(question: str) -> None:
    assert not {q for q in _said(question) if q.startswith(("well", "he "))}


def test_a_date_asked_by_its_noun_takes_a_year_said_in_every_group() -> None:
    """The answer's group and the speech group both take the year said: a date shown elsewhere does not win."""
    plan = rule_plan("when is the date of the bible mentioned")
    groups = [set(group.split(" OR ")) for group in plan.combine.strip("()").split(") AND (")]
    queries = {c.id: c.query for c in plan.queries}
    assert len(groups) == 2 and all("{year}" in {queries[q] for q in group} for group in groups)


@pytest.mark.parametrize(
    "question",
    [
        "When does the narrator say the time we spend online is wasted?",  # a statement about the value
        "when does he say the price you pay is too high",
        "when does the coach say the time he had was not enough",
    ],
)
def test_a_statement_about_a_value_asks_for_no_value(question: str) -> None:
    assert not any(q.startswith("{") for q in _said(question))


def test_a_period_is_an_amounts_own_word() -> None:
    assert "a day" not in _said("When does he mention the price of the daily newspaper?")
    assert "a month" in _said("when is the monthly savings amount given")


def test_as_well_known_is_described() -> None:
    assert _said("When does the speaker describe the city as well known for its food?") == {"well known for its food"}


@pytest.mark.parametrize(
    ("question", "words", "form"),
    [
        (
            "the narrator says the Gutenberg bible dates from around what year?",
            "the Gutenberg bible dates from around",
            "{year}",
        ),
        ("when does he say the train leaves at what time", "the train leaves at", "{time}"),
    ],
)
def test_a_value_asked_inside_words_said_is_its_form_not_the_question_words(
    question: str, words: str, form: str
) -> None:
    assert _said(question) == {words, form}


def test_a_request_that_only_points_at_the_moment_asks_nothing_more() -> None:
    plan = rule_plan("when does she say the year? show me that moment")
    assert {c.tool for c in plan.queries} == {"transcript", "subtitle"}


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what is the last thing said in the video", None),
        ("what's the first thing said in this clip", None),
        ("when does he say done in the video", "done"),
    ],
)
def test_in_the_video_after_words_said_is_where_not_what_is_said(question: str, said: str | None) -> None:
    # "in the video" was looked for as the words said ("the last thing said in the video")
    queries = {c.query for c in rule_plan(question).queries if c.tool == "transcript"}
    assert queries == ({said} if said else set())


def _calls(question: str) -> list[tuple[str, str, str | None]]:
    return [(c.tool, c.query, c.when) for c in rule_plan(question).queries]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("What does Dr. Okafor call the storm?", "the storm"),  # was siglip 'Dr' AND siglip 'Okafor call the storm'
        ("when does he say the foot bridge on St. Mark's street won't reopen", "St Mark's street"),
        ("when does she say Mr. Delgado is late", "Mr Delgado is late"),
    ],
)
def test_a_titles_full_stop_ends_no_sentence(question: str, said: str) -> None:
    """An abbreviated title's full stop ("Dr.", "St.", "Mrs.") was read as a sentence's end: the name after it was
    planned apart from the title, or as a picture."""
    queries = [query for tool, query, _ in _calls(question) if tool == "transcript"]
    assert any(said in query for query in queries), queries
    assert not any(query in ("Dr", "St", "Mrs") for _, query, _ in _calls(question))


def test_an_event_naming_a_person_by_title_is_whole() -> None:
    """ "after the woman introduces Mrs. Nguyen": the event ended at "Mrs", and what was left was a picture."""
    assert ("transcript", "Mrs Nguyen", "after") in _calls("Who talks after the woman introduces Mrs. Nguyen?")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("um, when does the president say like, ask what you can do for your country", "ask what you can do"),
        ("when does he, you know, mention the uh bridge", "the bridge"),
    ],
)
def test_hesitations_typed_in_a_question_are_no_words_to_find(question: str, said: str) -> None:
    """ "um", "uh" and asides set off by commas ("like,", "you know,") were searched as words said or read."""
    queries = [query for _, query, _ in _calls(question)]
    assert any(query.startswith(said) for query in queries), queries
    assert not {"um", "uh", "like"} & {word.lower() for query in queries for word in query.split()}


def test_a_word_that_only_looks_like_an_aside_is_kept() -> None:
    assert hesitations_dropped("what does it look like, and who is the umpire?") == (
        "what does it look like, and who is the umpire?"
    )


def test_thanking_is_said_with_its_thanks() -> None:
    """ "when does the woman thank Mr. Delgado" looked for "Mr Delgado" and found "I'm Mr. Delgado" said before
    "Thank you, Mr. Delgado"."""
    assert ("transcript", "thank Mr Delgado", None) in _calls("when does the woman thank Mr. Delgado")


def test_introducing_someone_by_name_is_saying_the_name() -> None:
    assert ("transcript", "Tom Hanks", None) in _calls("when does the host introduce Tom Hanks?")
    assert not any(tool == "transcript" for tool, _, _ in _calls("when does the teacher introduce the topic?"))


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("What does Kennedy say not to ask?", {"not ask"}),  # an instruction reported: said "ask not", "don't ask"
        ("What does the presenter promise to show us?", {"to show", "show"}),  # "us", the asker: "I'll show you"
        (
            "when does the narrator say to save 10% of your income?",
            {"to save 10% of your income", "save 10% of your income"},
        ),
    ],
)
def test_an_instruction_reported_is_looked_for_as_said(question: str, said: set[str]) -> None:
    assert _said(question) == said


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # asked what someone says to those they address: the words naming them (and the verb, often said too)
        ("What does Kennedy ask the American people to do?", {"ask the American people"}),
        ("What does the mayor promise the voters?", {"promise the voters"}),
        ("What does the fire chief urge everyone to do?", {"urge everyone"}),
        ("What does she tell the children to bring?", {"bring", "the children bring"}),
        # in the passive: who is told is its subject
        ("Where were the buses ordered to wait?", {"wait", "the buses wait"}),
        ("What are the families invited to?", {"invited the families"}),
        (
            "What are the students asked to get their parents to sign?",
            {"get your parents to sign", "the students get your parents to sign"},
        ),
    ],
)
def test_what_is_said_to_someone_is_looked_for_by_their_words(question: str, said: set[str]) -> None:
    assert _said(question) == said
    assert all(c.tool != "audio" for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    "question",
    [
        "What did the man order at the counter?",  # a thing ordered, no one spoken to
        "When does she invite him in?",
        "What does Kennedy call his audience?",  # a name: any words
    ],
)
def test_a_verb_of_addressing_without_words_to_find_adds_none(question: str) -> None:
    assert not {q for q in _said(question) if " " in q and q.split()[0].lower() in ("order", "invite", "call")}


@pytest.mark.parametrize(
    ("question", "forms"),
    [
        # described, not quoted: the act's words are not the words said, its set forms are
        ("when does the host introduce herself", {"my name is", "I'm"}),  # was no call: frames sampled uniformly
        ("When does the reader say her name?", {"my name is", "read by"}),  # was 'her name'
        ("when does the narrator say who wrote it", {"by"}),  # was 'who wrote it': "The Silver Harbor, by ..."
        ("At what point does she introduce her guest?", {"guest", "with me", "please welcome"}),  # was uniform
        ("When is the next speaker introduced?", {"next speaker", "please welcome"}),
        ("when does Kennedy address his audience", {"my fellow", "ladies and gentlemen"}),  # was 'his audience'
    ],
)
def test_a_speech_act_described_is_looked_for_in_the_forms_it_is_said_in(question: str, forms: set[str]) -> None:
    assert forms <= _said(question)


def test_a_title_read_out_with_its_author_is_one_statement_said_with_by() -> None:
    """blind3's LibriVox reading says "Manifesto of the Communist Party by Karl Marx": the plan ANDed "book's
    title", never said, with the credit forms "written by" / "writer" / "author", and found nothing."""
    for question in (
        "at what point is the book's title read out along with who wrote it",
        "when is the title read out along with who wrote it?",  # "title" ANDed, never said
    ):
        assert "AND" not in rule_plan(question).combine
        assert "by" in _said(question)


def test_an_audience_addressed_as_named_words_keeps_them() -> None:
    said = _said("When does the president address the audience as his fellow Americans?")
    assert any("fellow Americans" in query for query in said) and "everyone" not in said


@pytest.mark.parametrize(
    "question", ["When does the bird expert's name come up on screen?", "when is the guest speaker's name shown?"]
)
def test_the_name_of_a_speaker_named_in_more_words_is_the_name_caption(question: str) -> None:
    plan = rule_plan(question, available_tools=["ocr", "transcript", "audio"])
    assert ("ocr", "{person}", "bottom") in {(c.tool, c.query, c.place) for c in plan.queries}
    assert not any(c.tool == "ocr" and c.query != "{person}" for c in plan.queries)  # "bird" is no caption word


@pytest.mark.parametrize(
    "question",
    [
        "when do we see the president's name on screen?",
        "when is the historian's name shown on screen?",
        "at what point do we see the speaker's name at the bottom",
        "when does the name of the man speaking appear on screen?",
    ],
)
def test_a_name_shown_is_a_persons_name_read_in_the_lower_third_at_its_own_time(question: str) -> None:
    """Any text at the bottom ANDed with a voice found the web address under the next voice (blind4 n1)."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [("ocr", "{person}", "bottom")]


@pytest.mark.parametrize(
    "question",
    [
        "what name is shown under the speaker?",
        "which name appears below the woman?",
        "what name is displayed under him?",
        "what's the name shown beneath the man talking?",
    ],
)
def test_a_name_asked_by_what_under_a_person_is_their_name_caption(question: str) -> None:
    """blind4/routes22: "under the speaker" was looked for as words; a name asked under a person is their caption."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert [(c.tool, c.query, c.place) for c in plan.queries if c.tool == "ocr"] == [("ocr", "{person}", "bottom")]
    assert not any(c.tool in ("transcript", "subtitle") for c in plan.queries)


@pytest.mark.parametrize(
    "question",
    ["what's the interviewee's job?", "what is the job title of the woman being interviewed?", "what's her role?"],
)
def test_a_persons_role_asked_is_their_name_caption(question: str) -> None:
    """blind6 s5: "the interviewee's job" was looked for as words; a lower third writes the role under the name."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [("ocr", "{person}", "bottom")]


def test_a_named_persons_role_is_the_caption_that_holds_their_name() -> None:
    plan = rule_plan("what is Amara Okoye's job?", available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert {(c.tool, c.query) for c in plan.queries} >= {("ocr", "Amara Okoye"), ("ocr", "{person}")}


@pytest.mark.parametrize("question", ["what is the company's role?", "a lady talking about her job and her plans"])
def test_a_role_of_no_person_or_a_position_taken_is_no_name_caption(question: str) -> None:
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert "{person}" not in {c.query for c in plan.queries}


@pytest.mark.parametrize("question", ["what name is on the sign?", "what name is given to the dog?"])
def test_a_name_asked_of_no_person_is_no_name_caption(question: str) -> None:
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert "{person}" not in {c.query for c in plan.queries}


@pytest.mark.parametrize(
    "question", ["What command does he type in the terminal?", "what does she type into the search bar?"]
)
def test_text_typed_with_no_words_given_is_when_typing_is_heard(question: str) -> None:
    """routes22: "what command does he type in the terminal?" planned nothing (frames sampled uniformly)."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert [(c.tool, c.query) for c in plan.queries] == [("audio", "typing")]


def test_text_typed_with_its_words_is_read_not_heard() -> None:
    plan = rule_plan("when does he type ls in the terminal", available_tools=["ocr", "transcript", "audio"])
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "ls")]


def test_a_quote_typed_into_a_place_is_read_alone() -> None:
    plan = rule_plan("when is 'Why is this video funny?' entered in the text box?", available_tools=["ocr", "audio"])
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "Why is this video funny?")]


TEXT_TOOLS = ["ocr", "transcript", "subtitle", "audio"]


@pytest.mark.parametrize(
    "question",
    [
        "which year does the reader give?",
        "what century does the lecturer mention?",
        "what year is mentioned by the narrator?",
    ],
)
def test_a_value_a_voice_gives_is_heard_not_read(question):
    """routes23 probe p18/p12/q05: the year a voice gives was also any year on screen (a slide's, a timecode's)."""
    plan = rule_plan(question, available_tools=TEXT_TOOLS)
    assert any(c.tool == "transcript" and c.query.startswith("{") for c in plan.queries)
    assert not any(c.tool == "ocr" for c in plan.queries)


@pytest.mark.parametrize("question", ["what date does he give on screen?", "what year does the caption say?"])
def test_a_value_given_where_a_screen_or_text_is_named_is_read_too(question):
    assert any(c.tool == "ocr" for c in rule_plan(question, available_tools=TEXT_TOOLS).queries)


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("who's the second person introduced on screen?", "second"),
        ("what's the first name shown on screen", "first"),
        ("who is the woman introduced on screen?", None),
    ],
)
def test_a_person_introduced_on_screen_is_their_name_caption_in_its_order(question, order):
    """routes23 probe p04/q07: 'introduced on screen' was heard ('please welcome'), 'the first name shown' read as
    the biggest text (the title card)."""
    plan = rule_plan(question, available_tools=TEXT_TOOLS)
    assert [(c.tool, c.place) for c in plan.queries] == [("ocr", "bottom")] and plan.queries[0].query == "{person}"
    assert plan.order == order


@pytest.mark.parametrize(
    "question", ["when does the presenter read out the date", "when does the narrator give the year"]
)
def test_a_value_named_only_by_its_kind_is_found_by_its_forms_alone(question: str) -> None:
    """blind6 d1: the words "the date", matched loosely ('that, as'), ranked above the year said."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert {c.query for c in plan.queries} <= {"{date}", "{year}"}


def test_a_value_named_with_more_than_its_kind_keeps_its_words() -> None:
    plan = rule_plan("when does she mention the date of the printing", available_tools=["transcript", "subtitle"])
    assert "the date of the printing" in {c.query for c in plan.queries}
