"""A question word typed short where a clause starts is read as the word it stands for; elsewhere it stays."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.framing import _spelled_out, _unframed


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
