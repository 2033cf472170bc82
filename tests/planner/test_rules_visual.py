"""The rule planner's phrases left to see (``vqdb.planner.rules.visual``) on how benchmark questions are
really written: the words a question asks with ("which of the following statements is correct", "what is
the cat doing", "how many women are there", "the position of the puppy") picture nothing and are no call;
the thing asked about stays. Each with the phrasings the rules must leave alone."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan


def seen(question: str, options: list[str] | None = None) -> list[str]:
    return [c.query for c in rule_plan(question, options).queries if c.tool in ("siglip", "region")]


@pytest.mark.parametrize(
    "question",
    [
        "Which of the following statements is correct? 1. The man wears a hat 2. The man holds a cup",
        "In the following statements in the video, which options are correct: 1. The man wears a hat "
        "2. The man holds a cup",
        "Which of the following descriptions is wrong? 1. The man wears a hat 2. The man holds a cup",
    ],
)
def test_the_framing_of_a_choice_among_statements_is_no_picture(question):
    assert seen(question) == ["The man wears a hat", "The man holds a cup"]


def test_the_correct_order_is_no_picture_but_what_is_ordered_is():
    assert seen("In the video, what is the correct order when the characters cook dishes?") == [
        "characters cook dishes"
    ]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("In the video, what is the snow leopard doing on the rock?", "snow leopard on the rock"),
        ("When the bell rings, what is the woman in black on the right doing?", "woman in black on the right"),
        ("What did the man in blue do in front of the locker?", "man in blue in front of the locker"),
        ("What was the weather like outside?", "weather outside"),
        ("What is the environment like behind him?", "environment behind him"),
    ],
)
def test_the_verb_a_what_question_asks_with_is_dropped(question, phrase):
    assert seen(question) == [phrase]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("When is the boy doing a handstand?", "boy doing a handstand"),  # no what: the picture's verb
        ("What does the robot move like a dancer?", "robot move like a dancer"),  # a comparison
        ("When does the girl like the post?", "girl like the post"),
    ],
)
def test_doing_and_like_outside_a_what_question_stay(question, phrase):
    assert seen(question) == [phrase]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("who can't swim", "can't swim"),  # a negation is one word: no "can" asked with and "'t" left
        ("what can't the boy reach", "can't the boy reach"),
        ("who can swim", "swim"),
    ],
)
def test_an_auxiliary_asked_with_is_a_whole_word(question, phrase):
    assert seen(question) == [phrase]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("How many women in red clothes are there on the line?", "women in red clothes on the line"),
        ("How many vinyl records are stuck to the cabinet?", "vinyl records are stuck to the cabinet"),
        ("When the man cooks, how many turkeys are placed on the table?", "turkeys are placed on the table"),
    ],
)
def test_what_is_counted_is_pictured_not_the_asking(question, phrase):
    assert phrase in seen(question)
    assert not any(p.startswith("many ") for p in seen(question))


def test_how_many_times_still_asks_for_the_event():
    assert seen("How many times does the dog jump over the fence?") == ["dog jump over the fence"]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("What is the position of the puppy?", "puppy"),
        ("In the video, what kind of fruit was cut at the stall?", "fruit was cut at the stall"),
        ("What is the status of the phone on the table?", "phone on the table"),
    ],
)
def test_what_is_asked_of_a_thing_leaves_the_thing(question, phrase):
    assert seen(question) == [phrase]


def test_an_attribute_outside_a_what_question_stays():
    assert seen("When does the color of the sky change?") == ["color of the sky change"]


@pytest.mark.parametrize(
    ("question", "read"),
    [("what does the shop hours sign say?", "shop hours"), ("what's the sale banner say", "sale")],
)
def test_a_text_asked_what_it_says_is_read_by_the_words_naming_it(question, read):
    """With nothing said after "say", the sign is no speaker: the words before its noun say which text it is."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert {c.query for c in plan.queries} == {read}
    assert "ocr" in {c.tool for c in plan.queries}
