"""The rule planner on on-screen text named the ways people ask for it on real video: a title that fades in,
a title named by how it looks ("the big title"), a line named by what it is about, text described by how it
stands ("written sideways"), and a web address that is all the question asks ("find the website address").
Each with the phrasings the rules must leave alone."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.rules import evidence, rule_plan
from vqdb.planner.vocabulary import WEB_ADDRESS_SHOWN

# a corpus without a picture model, as the quality corpus
UNSEEN = [t for t in tools.names() if t not in (evidence.SEEN, evidence.SEEN_IN_PART)]


def calls(question: str) -> set[tuple[str, str]]:
    return {(c.tool, c.query) for c in rule_plan(question, None, UNSEEN).queries}


def queries(question: str) -> set[str]:
    return {query for _, query in calls(question)}


@pytest.mark.parametrize(
    "question",
    ["when does the title fade in at the start", "when does the big title come up", "when does the faint title appear",
     "what does the big yellow title say"],
)  # fmt: skip
def test_a_title_named_by_how_it_looks_or_arrives_is_the_biggest_text(question: str) -> None:
    plan = rule_plan(question, None, UNSEEN)
    assert [(c.tool, c.query, c.size) for c in plan.queries] == [("ocr", "", "large")]


def test_fading_in_is_how_a_named_text_arrives_not_a_word_on_screen() -> None:
    assert queries("when does 'weather desk' fade in over the bird") == {"weather desk"}
    assert queries("when does LIFTOFF fade in") == {"LIFTOFF"}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when is the line about the king shown", {"king"}),
        ("when do the lines about love come up", {"love"}),
        ("when is the caption mentioning the storm shown", {"storm"}),
        ("when does the slide about solar panels appear", {"solar panels"}),
    ],
)
def test_a_text_named_by_what_it_is_about_reads_its_topic(question: str, expected: set[str]) -> None:
    assert queries(question) == expected


def test_a_line_quoted_or_of_a_race_is_left_alone() -> None:
    assert queries("when is the line 'we are here' shown") == {"we are here"}
    assert "finish line" in queries("when does the finish line appear")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when does the word cafe appear written sideways", {"cafe"}),
        ("when is the word exit written vertically", {"exit"}),
        ("when is the vertical text CAFE shown", {"CAFE"}),
    ],
)
def test_how_a_text_stands_is_not_read(question: str, expected: set[str]) -> None:
    assert queries(question) == expected


@pytest.mark.parametrize(
    "question", ["find the website address", "when is the website address shown", "where is the web address"]
)
def test_a_web_address_asked_alone_or_as_website_address_reads_its_marks(question: str) -> None:
    found = queries(question)
    assert set(WEB_ADDRESS_SHOWN) <= found
    assert "address" not in found


def test_a_website_visited_or_named_keeps_its_words() -> None:
    assert "github" in queries("find the github link")
    assert not set(WEB_ADDRESS_SHOWN) & queries("when does he visit the website")


@pytest.mark.parametrize(
    "question", ["what email address is shown?", "when is the contact email on screen", "what's the e-mail"]
)
def test_an_email_address_asked_by_its_noun_reads_the_form_of_one(question: str) -> None:
    # the noun was read on screen ("contact email") or nothing was planned at all
    found = queries(question)
    assert "{email}" in found
    assert not any("email" in query and query != "{email}" for query in found)


def test_an_email_talked_about_is_no_address_asked() -> None:
    assert "{email}" not in queries("when does he mention the email he got")


@pytest.mark.parametrize(
    "question", ["when does gospell come up under echo", "when does gospell come up below the word echo"]
)
def test_a_text_arriving_beside_another_reads_each_on_its_own(question: str) -> None:
    # the arrival and its place were read as one text: "gospell come up under echo"
    assert queries(question) == {"gospell", "echo"}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when does src appear in the terminal", {"src"}),
        ("when does share appear on the console", {"share"}),
        ("when does the dog appear in the kitchen", {"dog in kitchen"}),  # a place of no text: its words stay
    ],
)
def test_the_place_a_text_is_put_in_is_not_read(question: str, expected: set[str]) -> None:
    # "src in terminal" was read whole, which no frame shows
    assert queries(question) == expected


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("when is the name of the arts centre shown at the top", "arts centre"),
        ("when is exit shown at the top of the screen", "exit"),
    ],
)
def test_the_region_a_text_read_instead_of_seen_is_shown_in_is_not_read(question: str, text: str) -> None:
    # the region was read as words: "arts centre at top", which no frame shows
    assert queries(question) == {text}
