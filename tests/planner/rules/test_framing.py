"""A question word typed short where a clause starts is read as the word it stands for; elsewhere it stays."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.framing import _one_resolved, _spelled_out, _unframed, progressive_said


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("wat time is sunrise", "what time is sunrise"),
        ("wen does the EXIT sign come up", "when does the EXIT sign come up"),
        ("ok, wher is the cafe?", "ok, where is the cafe?"),
        ("Wich platform is it", "Which platform is it"),
    ],
)
def test_a_question_word_typed_short_plans_as_written(typed, written):
    assert _spelled_out(typed) == written
    assert rule_plan(typed).to_json() == rule_plan(written).to_json()


@pytest.mark.parametrize("question", ["when does the sign say wat", "when does 'wen' appear", "what's a wen"])
def test_a_short_form_inside_a_clause_is_left_as_it_is(question):
    assert _spelled_out(question) == question


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what does the ticker at the top announce", "what does the ticker at the top say"),
        ("what does the caption at the bottom mention?", "what does the caption at the bottom say?"),
        ("what does the banner announce", "what does the banner say"),
        ("what does the sign tell you?", "what does the sign say?"),
    ],
)
def test_a_display_asked_what_it_tells_is_asked_what_it_says(question, said):
    assert _unframed(question) == said
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert plan.to_json() == rule_plan(said, available_tools=["ocr", "transcript", "subtitle", "audio"]).to_json()
    assert all(c.tool == "ocr" for c in plan.queries)  # no voice announces it


@pytest.mark.parametrize("question", ["What does the sign give away?", "what does the poster give up"])
def test_a_phrasal_verb_of_giving_is_not_asked_what_it_says(question):
    """ "give away" is not "give": the question keeps its own words."""
    assert _unframed(question) == question


def test_a_person_announcing_is_still_heard():
    assert _unframed("what does the narrator announce") == "what does the narrator announce"
    assert [c.tool for c in rule_plan("what does the narrator announce").queries] == ["audio"]


_READING = ["ocr", "transcript", "subtitle", "audio"]  # a corpus with no visual tool


@pytest.mark.parametrize(
    ("question", "resolved"),
    [
        ("the subtitle after the one about great drama", "the subtitle after great drama"),
        ("which sign comes right after the cafe one", "which sign comes right after the cafe"),
        ("the caption after the one that says hello", "the caption after hello"),
    ],
)
def test_the_pronoun_one_plans_as_the_words_that_say_which(question, resolved):
    """ "One" stands for a noun said before: neither it nor "the one about" is a word to find."""
    assert _one_resolved(question) == resolved
    assert (
        rule_plan(question, available_tools=_READING).to_json()
        == rule_plan(resolved, available_tools=_READING).to_json()
    )
    assert all("one" not in c.query.split() for c in rule_plan(question, available_tools=_READING).queries)


@pytest.mark.parametrize(
    "question",
    ["what does step one say", "is the number one shown", "the day one caption", "when does 'the big one' appear"],
)
def test_one_as_a_number_or_in_a_quote_stays(question):
    assert _one_resolved(question) == question


@pytest.mark.parametrize(
    "question",
    [
        "When does the presenter say the first one was cheaper?",
        "when does she tell him she wants the green one",
        "which card comes after the last one",
    ],
)
def test_one_said_or_placed_by_order_stays(question: str) -> None:
    assert _one_resolved(question) == question


def test_one_after_an_ordinal_stays():
    assert _one_resolved("counting from the left, which is the third one") == (
        "counting from the left, which is the third one"
    )


@pytest.mark.parametrize(
    "question",
    [
        "When does the single word WORK fill the screen (not the 'with the work of our hands' line)?",
        "when is WORK shown, not the line 'with the work of our hands'?",
    ],
)
def test_what_a_question_says_it_does_not_ask_for_is_not_looked_for(question):
    # the excluded quote was ANDed with the rest: only the very moment excluded could match
    assert all("hands" not in c.query for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("WHEN IS 3.003 SHOWN IN THE BOTTOM LEFT BOX", "when is 3.003 shown in the bottom left box"),
        ("WHEN DOES THE WORD HERE SHOW UP ON ITS OWN", "when does the word here show up on its own"),
        ("WHEN DOES HE SAY ASK NOT", "when does he say ask not"),
        ("WHEN IS THE CODE AX-2048 SHOWN?", "when is the code AX-2048 shown?"),
    ],
)
def test_a_question_typed_in_capitals_plans_as_typed_in_lower_case(typed, written):
    # its capitals mark no text on screen: "WHEN IS 3.003 SHOWN …" was read as one sign of eight words
    assert rule_plan(typed).to_json() == rule_plan(written).to_json()


def test_a_question_with_words_in_lower_case_keeps_its_capitals():
    assert [(c.tool, c.query) for c in rule_plan("when does WE show up").queries] == [("ocr", "WE")]


@pytest.mark.parametrize(
    ("progressive", "simple"),
    [
        ("what place name is shown while the president is saying ask not", "the president says ask not"),
        ("when she's mentioning the Bible, what is shown?", "she mentions the Bible"),
        ("what was on screen as they were saying goodbye", "they said goodbye"),
    ],
)
def test_a_verb_of_saying_in_the_progressive_plans_as_said(progressive, simple):
    assert simple in progressive_said(progressive)
    assert any(c.tool == "transcript" for c in rule_plan(progressive).queries)


@pytest.mark.parametrize("question", ["what is he saying?", "the sign says 'we are saying no'"])
def test_a_question_of_what_is_being_said_and_quotes_stay(question):
    assert progressive_said(question) == question


@pytest.mark.parametrize(
    ("question", "unframed"),
    [
        ("timestamp when the phone number is shown", "when the phone number is shown"),
        ("timestamp for when she says hello", "when she says hello"),
        ("moment when the logo appears", "when the logo appears"),
    ],
)
def test_a_moment_typed_short_before_when_is_the_when(question, unframed):
    assert _unframed(question) == unframed
