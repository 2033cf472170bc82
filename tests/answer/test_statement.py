"""What a question says someone said about a thing, and the rest of that statement."""

from __future__ import annotations

import pytest

from vqdb.answer.statement import rest_of_statement, said_about

REPLY = (
    "When visiting this location, you should be cautious about the presence of the red boxing glove hanging from "
    "the ceiling. The glove is suspended from a metal contraption. Additionally, there is a small blue ball on a "
    "scale, which might not be a significant concern"
)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What does the reply say the ball is on?", "a scale"),
        ("What does the answer say the glove is hanging from?", "the ceiling"),
        ("What does the reply say the glove is suspended from?", "a metal contraption"),
    ],
)
def test_the_rest_of_the_statement_about_the_thing_asked(question, answer):
    assert rest_of_statement(REPLY, said_about(question)) == answer


@pytest.mark.parametrize(
    "question",
    ["What does he say?", "What does the narrator say about the birds?", "What is the ball on?"],
)
def test_other_questions_name_no_thing_said_about(question):
    assert said_about(question) is None


def test_a_full_stop_read_as_a_colon_ends_the_statement():
    text = "the red boxing glove hanging from the ceiling: The glove is suspended"
    assert rest_of_statement(text, "the glove hanging from") == "the ceiling"


def test_a_thing_not_read_or_nothing_after_it_states_nothing():
    assert rest_of_statement(REPLY, "the cat on") is None
    assert rest_of_statement("a small blue ball", "the ball") is None
