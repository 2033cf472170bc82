"""The rule planner on speech asked about as people phrase it: a thing said named by its place ("the first thing he
tells them", "the second thing Kennedy tells people to ask"), who is spoken to named by a pronoun, a maker's credit
said ("who produced the show"), an initialism typed with full stops ("the N.H.S."), words given asked with their
topic ("what example of fine typography does she give?") and verbs of claiming. Each with the phrasings the rules
must leave alone."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.rules import evidence, rule_plan

SPEECH = tuple(t for t in evidence.TOOLS_FOR[evidence.SPEECH] if t in tools.names())
VOICE = [("audio", "speech")]


def calls(question: str) -> list[tuple[str, str]]:
    return [(c.tool, c.query) for c in rule_plan(question).queries]


@pytest.mark.parametrize(
    ("question", "event"),
    [
        # the things said after the event: its first is the phrase said next, not the words "first thing"
        (
            "After he says two things result from this fact, what is the first thing?",
            "two things result from this fact",
        ),
        ("After Kennedy says 'my fellow Americans', what's the first thing he tells them?", "my fellow Americans"),
    ],
)
def test_the_first_thing_said_after_an_event_is_the_voice_right_after_it(question, event):
    plan = rule_plan(question)
    assert plan.order == "first"
    assert [(c.tool, c.query) for c in plan.queries if not c.when] == VOICE  # no "first thing", no "tells them"
    assert {(c.tool, c.query, c.when) for c in plan.queries if c.when} == {(t, event, "after") for t in SPEECH}


@pytest.mark.parametrize(
    ("question", "order", "expected"),
    [
        (
            "What is the second thing Kennedy tells people to ask?",
            "second",
            [(t, q) for q in ("ask", "people ask") for t in SPEECH],
        ),
        ("what's the third thing she says?", "third", VOICE),
        ("What is the last thing the woman reads out?", "last", VOICE),  # reading out is a voice
        ("What's the last thing?", "last", VOICE),  # a thing named by its place and nothing else: said
    ],
)
def test_a_thing_said_named_by_its_place_is_that_occurrence_of_what_is_said(question, order, expected):
    plan = rule_plan(question)
    assert plan.order == order
    assert [(c.tool, c.query) for c in plan.queries] == expected


def test_a_thing_named_by_its_place_with_other_words_keeps_them():
    assert rule_plan("What is the second thing he picks up?").order == "second"
    assert [q for _, q in calls("What is the first word on the sign?")] != [q for _, q in VOICE]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What does Kennedy ask them to do?", VOICE),  # the speaker names them, never "them"
        ("what does she tell us?", VOICE),
        ("What does he tell them to bring?", [(t, "bring") for t in SPEECH]),
        ("What does Kennedy ask the American people to do?", [(t, "ask the American people") for t in SPEECH]),
    ],
)
def test_who_is_spoken_to_named_by_a_pronoun_is_never_words_said(question, expected):
    assert calls(question) == expected


@pytest.mark.parametrize(
    ("question", "credit"),
    [
        ("when does she say who produced the show", "produced by"),
        ("when does he say who directed the film", "directed by"),
        ("when does the narrator say who wrote it", "written by"),
        ("when does she say the author", "written by"),
    ],
)
def test_a_makers_credit_said_is_found_in_the_forms_it_is_said_in(question, credit):
    assert calls(question) == [(t, q) for q in ("by", credit) for t in SPEECH]


def test_who_made_a_thing_that_is_no_work_is_no_credit():
    assert calls("when does she say who made the cake") == [(t, "who made the cake") for t in SPEECH]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when is the N.H.S. mentioned", [(t, "NHS") for t in SPEECH]),  # not "N", "H" and "S" apart
        ("When does J.F.K. say ask not", [(t, "ask not") for t in SPEECH]),  # who speaks, as "JFK" is
    ],
)
def test_an_initialism_typed_with_full_stops_is_one_word(question, expected):
    assert calls(question) == expected


def test_words_given_asked_with_their_topic_are_said_and_answered_after():
    plan = rule_plan("What example of fine typography does she give?")
    assert [(c.tool, c.query, c.extent) for c in plan.queries] == [
        (t, "example of fine typography", "statement_after") for t in SPEECH
    ]
    assert calls("What advice does the coach give?") == VOICE  # a kind of words alone: none said named


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("When does she claim nothing ever topped that Bible?", "nothing ever topped that Bible"),
        ("when does the mayor insist the bridge is safe", "the bridge is safe"),
    ],
)
def test_a_claim_is_words_said(question, said):
    assert calls(question) == [(t, said) for t in SPEECH]


@pytest.mark.parametrize("question", ["What does JFK call the crowd?", "What does Kennedy call his audience?"])
def test_what_a_speaker_calls_his_audience_is_how_he_addresses_it(question):
    plan = rule_plan(question)
    assert [(c.tool, c.query) for c in plan.queries] == [
        (t, q) for q in ("my fellow", "ladies and gentlemen", "everyone", "everybody") for t in SPEECH
    ]
    assert not any(c.when for c in plan.queries)  # the address itself, not what follows it


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What does the speaker warn drivers about?", [(t, "warn drivers") for t in SPEECH]),  # not "drivers about"
        ("when does she warn drivers about the ice", [(t, "the ice") for t in SPEECH]),
        ("when does he remind parents of the deadline", [(t, "the deadline") for t in SPEECH]),
    ],
)
def test_who_is_warned_is_spoken_to_and_what_about_is_said(question, expected):
    assert calls(question) == expected


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("When does JFK say what Americans can do for their nation?", "what you can do for your nation"),
        ("when does the host say viewers should subscribe to their channel", "you should subscribe to your channel"),
    ],
)
def test_words_reported_of_a_group_spoken_to_are_found_as_said_to_it(question, told):
    assert calls(question) == [(t, told) for t in SPEECH]


def test_a_singular_collective_is_no_group_told():
    assert calls("when does he say the nation can do better") == [(t, "the nation can do better") for t in SPEECH]
