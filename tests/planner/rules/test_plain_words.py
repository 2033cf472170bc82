"""A question's ordinals in digits, its verbs of appearing, a value asked loosely ("around what year"), a name asked
with "called" and a voice that reads are written the one way the rules read them: the question then plans as if
written so, and none of them is a word to read or hear."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.plain_words import (
    appearing_as_appear,
    called_as_name,
    given_by_as_active,
    loose_value_as_asked,
    makers_listed_as_credits,
    ordinals_in_words,
    read_out_by_a_voice,
    topic_raised_as_talk,
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


@pytest.mark.parametrize(
    ("raised", "talked"),
    [
        (
            "at what point does the presenter make the point about movable metal letters",
            "at what point does the presenter talk about movable metal letters",
        ),
        ("when does the voiceover bring up fine typography", "when does the voiceover talk about fine typography"),
        ("does the 2nd voice say anything about typography? when", "does the second voice talk about typography? when"),
        ("when did the reporter touch on the budget", "when did the reporter talk about the budget"),
    ],
)
def test_a_voice_raising_a_topic_plans_as_talking_about_it(raised, talked):
    """routes23 probe p10/p15/p09: 'the presenter make the point about …' was looked for as those very words, on
    screen and said; 'bring up' and 'say anything about' the same."""
    plan = rule_plan(raised, available_tools=TEXT_TOOLS)
    assert plan.to_json() == rule_plan(talked, available_tools=TEXT_TOOLS).to_json()
    assert {c.tool for c in plan.queries} >= {"transcript"} and "ocr" not in {c.tool for c in plan.queries}
    assert not any(w in c.query.lower() for c in plan.queries for w in ("point", "anything", "bring", "presenter"))


@pytest.mark.parametrize(
    "question",
    ["when does the host bring up the slide", "when does she bring up the menu", "when is 'the point about' said"],
)
def test_a_thing_brought_up_on_screen_or_a_quote_is_no_topic(question):
    assert topic_raised_as_talk(question) == question


def test_a_value_given_by_a_voice_in_the_passive_is_asked_of_the_voice():
    """routes23 probe q05: 'what year is mentioned by the narrator?' looked for 'the narrator' as words said."""
    question = "what year is mentioned by the narrator?"
    assert given_by_as_active(question) == "what year does the narrator mention?"
    assert not any("narrator" in c.query for c in rule_plan(question, available_tools=TEXT_TOOLS).queries)


def test_a_listing_of_who_made_the_work_is_its_credits():
    """routes23 probe q06: 'the list of people who worked on it' looked for 'worked'."""
    question = "when does the list of people who worked on it come up"
    plan = rule_plan(question, available_tools=TEXT_TOOLS)
    assert plan.to_json() == rule_plan("when does the credits come up", available_tools=TEXT_TOOLS).to_json()
    assert ("ocr", "created by") in _queries(question) and not any("worked" in q for _, q in _queries(question))
    assert makers_listed_as_credits("the list of guests") == "the list of guests"
