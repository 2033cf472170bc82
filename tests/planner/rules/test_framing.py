"""A question word typed short where a clause starts is read as the word it stands for; elsewhere it stays."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.framing import _spelled_out


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
