"""A question's ordinals in digits, its verbs of appearing, a value asked loosely ("around what year"), a name asked
with "called" and a voice that reads are written the one way the rules read them: the question then plans as if
written so, and none of them is a word to read or hear."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.plain_words import (
    appearing_as_appear,
    called_as_name,
    loose_value_as_asked,
    ordinals_in_words,
    read_out_by_a_voice,
)


@pytest.mark.parametrize(
    ("digits", "words"),
    [
        ("when does the 2nd caption appear?", "when does the second caption appear?"),
        ("when does the 3rd slide come up?", "when does the third slide come up?"),
        ("when does the 2nd caption at the bottom appear?", "when does the second caption at the bottom appear?"),
        ("which sign comes up 1st?", "which sign comes up first?"),
    ],
)
def test_an_ordinal_in_digits_plans_as_its_word(digits, words):
    assert ordinals_in_words(digits) == words
    plan = rule_plan(digits, available_tools=["ocr", "transcript", "subtitle"])
    assert plan.to_json() == rule_plan(words, available_tools=["ocr", "transcript", "subtitle"]).to_json()
    assert not any(w in c.query for c in plan.queries for w in ("2nd", "3rd", "1st"))


@pytest.mark.parametrize(
    "question",
    [
        "what happens on May 1st?",
        "when is the 3rd of March shown?",
        "when is 'the 3rd man' shown?",
        "what happens in the 10th second?",
        "what was its speed when it passed the 10th and 9th cars?",
    ],
)
def test_a_date_a_quote_or_an_ordinal_of_no_text_keeps_its_digits(question):
    assert ordinals_in_words(question) == question


@pytest.mark.parametrize(
    "question",
    [
        "when does the reservations number pop up?",
        "when does the promo code show up?",
        "when did the warning pop onto the screen?",
        "when does the second caption come up?",
    ],
)
def test_a_phrasal_verb_of_appearing_is_no_word_to_find(question):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    words = {w for c in plan.queries for w in c.query.lower().split()}
    assert plan.queries and not words & {"pop", "pops", "show", "shows", "flash", "flashed", "come", "comes", "up"}


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("when does the third caption come up?", "third"),
        ("which sign comes first?", "first"),
        ("when does the 2nd caption at the bottom appear?", "second"),
    ],
)
def test_a_text_named_by_its_noun_that_comes_up_is_read_in_its_order(question, order):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert plan.order == order
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "")]


def test_a_text_that_changes_is_a_new_text_not_the_word_change():
    plan = rule_plan("when does the text change?", available_tools=["ocr", "transcript", "subtitle"])
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "")]


@pytest.mark.parametrize(
    "question",
    [
        "when does he pop up from behind the sofa?",
        "when does the train come?",
        "when does the sign change colour?",
        "when does 'it pops up' appear?",
        "when does the budget come up?",
    ],
)
def test_a_verb_of_moving_or_a_quote_is_left_as_it_is(question):
    assert appearing_as_appear(question) == question


TEXT_TOOLS = ["ocr", "transcript", "subtitle", "audio"]


def _queries(question: str) -> set[tuple[str, str]]:
    return {(c.tool, c.query) for c in rule_plan(question, available_tools=TEXT_TOOLS).queries}


@pytest.mark.parametrize(
    ("loose", "asked"),
    [
        ("around what year was the Bible dated?", "what year was the Bible dated?"),
        ("roughly what time does the shop open?", "what time does the shop open?"),
    ],
)
def test_a_value_asked_loosely_plans_as_the_value_asked(loose, asked):
    """blind5 s6: "around what year" was looked for as the words 'around what year was Bible dated'."""
    plan = rule_plan(loose, available_tools=TEXT_TOOLS)
    assert plan.to_json() == rule_plan(asked, available_tools=TEXT_TOOLS).to_json()
    assert not any(w in c.query.lower() for c in plan.queries for w in ("around", "roughly"))


@pytest.mark.parametrize(
    ("question", "thing"),
    [("what's the mission called?", "mission"), ("what is the street called on the green sign?", "street")],
)
def test_a_name_asked_with_called_reads_the_thing_s_noun_not_speech(question, thing):
    """blind5 l8: "called" was a verb of saying: 'mission called' was looked for in what is said next."""
    queries = _queries(question)
    assert ("ocr", thing) in queries
    assert not any("called" in q for _, q in queries)
    assert not any(c.extent for c in rule_plan(question, available_tools=TEXT_TOOLS).queries)


def test_what_someone_calls_a_thing_is_still_what_they_say():
    assert called_as_name("what did he call the dog?") == "what did he call the dog?"


@pytest.mark.parametrize(
    "question",
    [
        "when does the speaker read the point about printing as an art",
        "when does the narrator read the bullet about movable metal letters",
    ],
)
def test_a_voice_that_reads_is_heard_not_read_on_screen(question):
    """blind5 s3: the slide's bullet (ocr) won over the voice reading it."""
    tools = {tool for tool, _ in _queries(question)}
    assert tools == {"transcript", "subtitle"}


def test_a_person_reading_is_not_made_a_voice():
    assert read_out_by_a_voice("a person reads a book.") == "a person reads a book."
    assert loose_value_as_asked("he talks about what he saw") == "he talks about what he saw"
