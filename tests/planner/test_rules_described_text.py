"""The rule planner on words that describe a text on screen rather than name it: where it stands ("the small box
to the left of the white square"), how it stands ("by itself", "what single word"), how long it stays and the
end of the video as its moment ("until the video ends", "near the end of the video"), once the text's own words
are found. Each with the phrasings the rules must leave alone."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.rules import evidence, rule_plan

# a corpus without a picture model, as the quality corpus
UNSEEN = [t for t in tools.names() if t not in (evidence.SEEN, evidence.SEEN_IN_PART)]


def queries(question: str) -> set[str]:
    return {c.query for c in rule_plan(question, None, UNSEEN).queries}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("At what moment does the small box to the left of the white square read 4.037?", {"4.037"}),
        ("when is the whole command 'ls /usr' typed out but not yet run", {"ls /usr"}),
        ("When is the word TO shown by itself, just before echo comes back?", {"TO", "echo"}),
        ("In the video, after 'we are here to', what single word appears in the middle of the screen?",
         {"", "we are here to"}),
    ],
)  # fmt: skip
def test_words_describing_a_found_text_are_not_read(question: str, expected: set[str]) -> None:
    assert queries(question) == expected


def test_a_value_asked_by_its_form_keeps_what_it_is_of() -> None:
    # "{year}" is no text found: the words say which year ("the address given")
    assert "address given" in queries("What year was the address given?")


@pytest.mark.parametrize(
    "question",
    [
        "What word stays on the screen until the video ends?",
        "What's the last number the centre counter shows before the clip ends?",
        "which caption is shown near the end of the video?",
    ],
)
def test_the_end_of_the_video_is_the_last_moment(question: str) -> None:
    plan = rule_plan(question, None, UNSEEN)
    assert plan.order == "last"
    assert not {"stays", "ends", "end"} & {w for c in plan.queries for w in c.query.split()}
    assert not any(c.when for c in plan.queries)


def test_the_start_of_the_video_is_the_first_moment() -> None:
    assert rule_plan("what title is shown near the start of the video?", None, UNSEEN).order == "first"


def test_the_end_of_a_place_is_no_moment() -> None:
    assert rule_plan("what does the sign near the end of the street say?", None, UNSEEN).order is None


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        # a word the question describes with ("red") or the planner adds ("price") is no text of its own
        ("what is the red number shown when the chef opens the oven?", "opens oven"),
        ("what is the price shown next to the blue jacket?", "price next to blue jacket"),
        ("when is welcome back written on the screen?", "welcome back"),  # "back" read, not "comes back"
        ("when does the screen say we'll be right back?", "we'll be right back"),
    ],
)
def test_the_words_a_question_gives_only_by_describing_are_kept(question: str, kept: str) -> None:
    assert kept in queries(question)


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("when does the car pass the sign near the start gate?", None),  # a thing named "start gate"
        ("what song is playing near the end credits?", None),
        ("what word stays on the screen until the end of the video?", "last"),
        ("when does 'SALE' appear near the end?", "last"),
    ],
)
def test_the_edge_of_the_video_is_an_order_only_where_no_noun_follows(question: str, order: str | None) -> None:
    assert rule_plan(question, None, UNSEEN).order == order
