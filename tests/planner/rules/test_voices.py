"""Questions about who speaks ("when does the woman speak?", "when does the second speaker begin?", "when does
the man take over from the woman?") ask the audio tool for that voice; questions about what is said, or
about a person seen, do not."""

from __future__ import annotations

import pytest

from vqdb.planner.plan import Call, Plan
from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.voices import voice_asked, voice_if_a_person
from vqdb.planner.tools.voices import who_speaks


def calls(question: str) -> list[tuple[str, str, str | None]]:
    return [(c.tool, c.query, c.when) for c in rule_plan(question).queries]


@pytest.mark.parametrize(
    ("question", "query", "order"),
    [
        ("when does the woman speak?", "a woman's voice", None),
        ("When does the man start talking?", "a man's voice", "first"),
        ("when is the man's voice heard?", "a man's voice", None),
        ("at what point do we hear a male voice", "a man's voice", None),
        ("when does the child say something?", "a child's voice", None),
        ("what does the female narrator say first?", "a woman's voice", "first"),
        ("When does the lady speak for the last time?", "a woman's voice", "last"),
        ("when does the guy finish talking", "a man's voice", "last"),
        ("when does the second speaker begin?", "the second speaker", "first"),
        ("when does the second voice start speaking?", "the second speaker", "first"),
        ("when does the first speaker, a woman, start?", "the first speaker, a woman's voice", "first"),
        ("when does the woman stop and the man take over?", "a man's voice after a woman's", None),
        ("when does the man take over from the woman", "a man's voice after a woman's", None),
        ("when does the man reply to her?", "a man's voice after a woman's", None),
        ("when does a man's voice interrupt the narrator?", "a man's voice taking a turn", None),
        ("when does she start talking?", "a woman's voice", "first"),  # "she" who speaks: her voice
        ("when does he speak?", "a man's voice", None),
        ("When does she stop reading?", "a woman's voice", "last"),
    ],
)
def test_who_speaks_is_one_audio_call_for_that_voice(question, query, order):
    plan = rule_plan(question)
    assert calls(question) == [("audio", query, None)]
    assert plan.order == order
    assert who_speaks(query) is not None  # the tool reads it as who speaks


def test_a_person_named_as_the_event_is_their_voice():
    assert calls("when does the man speak after the woman?") == [
        ("audio", "a man's voice", None),
        ("audio", "a woman's voice", "after"),
    ]


@pytest.mark.parametrize(
    "question",
    [
        "when does the narrator say printing?",  # words said, by no kind of voice
        "when does the man in the webcam speak?",  # a person seen speaking
        "who speaks first, the man or the woman?",  # options
        "when does the man wave?",  # no speaking
        "when does the speaker mention the year?",
    ],
)
def test_questions_about_what_is_said_or_seen_are_the_other_rules(question):
    assert voice_asked(question) is None
    assert not any(who_speaks(query) for tool, query, _ in calls(question) if tool == "audio")


@pytest.mark.parametrize(
    ("question", "said", "voice"),
    [
        ('when does the woman say "thank you"?', "thank you", "a woman's voice"),
        ("when does the man talk about the country?", "the country", "a man's voice"),
        ("when does the man mention the budget?", "the budget", "a man's voice"),
        ("what does the female reporter say about the weather?", "weather", "a woman's voice"),
        ("when does the male speaker say ask?", "ask", "a man's voice"),
        ("when does the man say done?", "done", "a man's voice"),  # the word said, not the man finishing
    ],
)
def test_words_said_by_a_voice_are_anded_with_that_voice_after_them(question, said, voice):
    plan = rule_plan(question)
    assert voice_asked(question) is None  # words to find: the other rules plan them
    assert [query for tool, query, _ in calls(question) if tool == "audio"] == [voice]
    assert any(said in query for tool, query, _ in calls(question) if tool == "transcript")
    assert plan.queries[-1].tool == "audio"  # after the words: the words' span answers
    assert " AND " in plan.combine


@pytest.mark.parametrize(
    ("question"),
    [
        "when does the narrator mention the man?",  # the man is what is said
        "when is the budget mentioned?",
        "when does the speaker say 'the woman is here'?",
        "when does she say 'good night'?",  # she: whoever the question means
    ],
)
def test_words_said_by_no_kind_of_voice_ask_for_none(question):
    assert not any(who_speaks(query) for tool, query, _ in calls(question) if tool == "audio")


def test_only_a_voice_s_question_makes_a_person_event_a_voice():
    voice, speech = (Plan((Call("Q1", "audio", query),), "Q1") for query in ("a man's voice", "speech"))
    assert voice_if_a_person("the female speaker", voice) == "the woman's voice"
    assert voice_if_a_person("the female speaker", speech) == "the female speaker"
    assert voice_if_a_person("the man with the hat", voice) == "the man with the hat"


@pytest.mark.parametrize(
    ("question", "voice"),
    [
        ("when does the second speaker talk about their country", "the second speaker"),
        ("does the 2nd voice say anything about typography? when", "the second speaker"),
        ("when does the woman talk about the budget", "a woman's voice"),
    ],
)
def test_words_said_by_a_voice_named_by_its_order_are_anded_with_that_voice(question, voice):
    """routes23 probe q09/p09: 'the second speaker' was dropped (or '2nd' looked for on screen): the topic found in
    either voice."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert ("audio", voice) in [(c.tool, c.query) for c in plan.queries] and " AND " in plan.combine
    assert not any(c.tool == "ocr" for c in plan.queries)
