"""The rule-based planner on the kinds of questions the first version was written for (see
test_rules_words.py for how people phrase questions, arbitrary text and the real question corpora)."""

from __future__ import annotations

import pytest

from vqdb.planner.baselines import baseline_plan, siglip_q_plan
from vqdb.planner.plan import PlanError
from vqdb.planner.rules import rule_plan
from vqdb.planner.vocabulary import CREDIT_ROLES

CASES = [
    ("when does the timecode read 00:00:05", [("siglip", "timecode"), ("ocr", "00:00:05")], "Q1 AND Q2"),
    # a display at, or coming to, a value reads it: not a time in the video
    ("when is the time code at 00:00:06;00?", [("siglip", "time code"), ("ocr", "00:00:06;00")], "Q1 AND Q2"),
    ("when does the countdown reach 10", [("siglip", "countdown"), ("ocr", "10")], "Q1 AND Q2"),
    ("what is on screen when the clock is at 10:45", [("siglip", "clock"), ("ocr", "10:45")], "Q1 AND Q2"),
    ("what is the timecode at 0:03", [("siglip", "timecode")], "Q1"),  # what it reads at 0:03 in the video
    # an article between the cue and the text: still read; a board shows text, so all it shows is read
    ("when does the board show the 10:42 to York", [("siglip", "board"), ("ocr", "10:42 to York")], "Q1 AND Q2"),
    # "big" is the size of the text read (the ocr call's size: tests/planner/test_screen_places.py)
    ("when does the big counter show 126.000", [("siglip", "counter"), ("ocr", "126.000")], "Q1 AND Q2"),
    (
        "when is the listing of /usr with the word games on screen",
        [("siglip", "listing"), ("ocr", "games"), ("ocr", "/usr")],  # symbols named before "on screen" are read
        "Q1 AND Q2 AND Q3",
    ),
    (
        "When does the man in the red jacket hold up the sign that says EXIT?",
        [("siglip", "man in the red jacket hold up the sign"), ("ocr", "EXIT")],
        "Q1 AND Q2",
    ),
    ('when is the word "Hello" written on screen', [("ocr", "Hello")], "Q1"),
    (
        "when does he say ask not what your country can do for you",
        [
            ("transcript", "ask not what your country can do for you"),
            ("subtitle", "ask not what your country can do for you"),
        ],
        "Q1 OR Q2",
    ),
    (
        'when does the speaker say "my fellow Americans"',
        [("transcript", "my fellow Americans"), ("subtitle", "my fellow Americans")],
        "Q1 OR Q2",
    ),
    (
        "When does the narrator mention the weather forecast?",
        [("transcript", "the weather forecast"), ("subtitle", "the weather forecast")],
        "Q1 OR Q2",
    ),
    ("when do we hear applause", [("audio", "applause")], "Q1"),
    ("when is the sound of a siren heard", [("audio", "siren")], "Q1"),
    (
        "when does a dog bark while a car drives by",
        [("siglip", "dog"), ("siglip", "car drives by"), ("audio", "bark")],
        "Q1 AND Q2 AND Q3",
    ),
    ("a cat or a dog on the sofa", [("siglip", "cat"), ("siglip", "dog on the sofa")], "Q1 OR Q2"),
    ("where is the small logo in the corner", [("region", "small logo in the corner")], "Q1"),
]


@pytest.mark.parametrize(("question", "calls", "combine"), CASES)
def test_rules(question, calls, combine):
    plan = rule_plan(question)
    assert [(c.tool, c.query) for c in plan.queries] == calls
    assert plan.combine == combine and plan.planner == "rules"


def test_options_are_ored_and_anded_with_the_question():
    plan = rule_plan("what color is the car", ["red", "blue"])
    assert [(c.tool, c.query) for c in plan.queries] == [("siglip", "car"), ("siglip", "red"), ("siglip", "blue")]
    assert plan.combine == "Q1 AND (Q2 OR Q3)"


def test_a_question_without_search_words_samples_uniformly():
    plan = rule_plan("What happens?")
    assert plan.is_uniform and "sampling frames uniformly" in plan.notes[0]


def test_baselines():
    assert siglip_q_plan("Who waves?", ["Ann", "Bob"]).to_dict() == {
        "queries": [{"id": "Q1", "tool": "siglip", "query": "Who waves? Ann Bob"}],
        "combine": "Q1",
    }
    assert baseline_plan("uniform", "x").is_uniform
    with pytest.raises(PlanError, match="unknown baseline 'best'"):
        baseline_plan("best", "x")


RELATED = [
    # (question, calls as (tool, query, when), combine)
    (
        "When does she thank everyone after the applause?",
        [("transcript", "thank everyone", None), ("subtitle", "thank everyone", None), ("audio", "applause", "after")],
        "(Q1 OR Q2) AND Q3",
    ),
    # who speaks, nothing said, just after the bell: the next voice, captioned or not
    ("After the bell rings, who speaks first?", [("audio", "speech", None), ("audio", "bell", "after")], "Q1 AND Q2"),
    ("what is on the screen just before the chime?", [("audio", "chime", "before")], "Q1"),  # a sound is heard
    (
        "What does Kennedy say right after 'ask not'?",  # a name that speaks is who, as a speaker is: a voice heard
        [("audio", "speech", None), ("ocr", "ask not", "after"), ("transcript", "ask not", "after")]
        + [("subtitle", "ask not", "after")],
        "Q1 AND (Q2 OR Q3 OR Q4)",
    ),
    # not events (no call is related): in a quote, "named after", "before and after", "after that", video times
    ('When does the host say "see you after the break"?', None, None),
    ("when does the dog named after his owner bark?", None, None),
    ("When is the before and after photo shown?", None, None),
    ("what does he do after that?", None, None),
    ("what does she say after 90 seconds?", None, None),
]


@pytest.mark.parametrize(("question", "calls", "combine"), RELATED)
def test_an_event_placed_after_or_before_marks_its_calls(question, calls, combine):
    plan = rule_plan(question)
    if calls is None:
        assert all(c.when is None for c in plan.queries), plan.to_json()
        return
    assert [(c.tool, c.query, c.when) for c in plan.queries] == calls
    assert plan.combine == combine


CREDIT_LINES = [("ocr", form) for form in dict.fromkeys(["credits", *(forms[0] for forms in CREDIT_ROLES.values())])]
ORDERS = [
    ("when does the speaker start talking?", "first", [("audio", "speech")]),
    ("when does the word EXIT first appear?", "first", [("ocr", "EXIT")]),
    ("the first time he says 'thank you'", "first", [("transcript", "thank you"), ("subtitle", "thank you")]),
    ("when is the title shown for the last time?", "last", [("ocr", "")]),
    ("when does the music begin?", "first", [("audio", "music")]),
    ("when does the baby start to cry?", "first", [("siglip", "baby cry")]),  # "start to" leaves the query
    ("when does the narrator stop speaking?", "last", [("audio", "speech")]),
    ("when does the music end?", "last", [("audio", "music")]),
    ("who speaks first?", "first", [("audio", "speech"), ("ocr", "{person}")]),
    ("what's the web address shown at the end", "last", None),  # "at the end" of the video
    ("what is said at the very beginning", "first", [("audio", "speech")]),
    ("when do the end credits start?", "first", CREDIT_LINES),  # "the end": a noun; the credit lines read
    ("Right after the title card, what does the narrator say?", "first", None),  # the first moment after it
    ("what was on screen just before the chime?", "last", None),
    # no order: a quote, text in capitals, compounds and stretches, nouns, an action, an event's edge
    (
        "when does he say 'for the first time'?",
        None,
        [("transcript", "for the first time"), ("subtitle", "for the first time")],
    ),
    ("when does the sign say STOP", None, None),
    ("when does he mention first aid?", None, [("transcript", "first aid"), ("subtitle", "first aid")]),
    ("what did she do last night", None, None),
    ("when does the door open at last?", None, None),
    ("what happens in the first 10 seconds", None, None),
    ("how long does the applause last?", None, None),
    ("when does the stop sign appear", None, None),
    ("when does the man stop the car at the gate", None, None),
    ("after the game ended, who speaks?", None, None),
    ("from start to finish, who talks?", None, None),
    ("what is at the end of the street?", None, None),  # the end of a place
    ("what does she say after the bell?", None, None),  # "after" alone: the related frames' own order
]


@pytest.mark.parametrize(("question", "order", "calls"), ORDERS)
def test_the_order_a_question_asks_for(question, order, calls):
    plan = rule_plan(question)
    assert plan.order == order
    if calls is not None:
        assert [(c.tool, c.query) for c in plan.queries] == calls


def test_no_order_without_a_call():
    assert rule_plan("what happens first?").to_dict() == {"queries": [], "combine": ""}


@pytest.mark.parametrize(
    ("question", "order", "place", "size"),
    [
        ("the last subtitle", "last", "bottom", None),
        ("what does the first caption say?", "first", "bottom", None),
        ("the last sign", "last", None, "large"),
    ],
)
def test_a_text_named_only_by_its_noun_and_order_reads_the_text_there(question, order, place, size):
    """Whatever text is read (the order picks the first or last), not the uniform plan: subtitles at the bottom."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert plan.order == order
    assert [(c.tool, c.query, c.place, c.size) for c in plan.queries] == [("ocr", "", place, size)]


def test_the_subtitle_after_an_event_reads_the_subtitles_just_after_it():
    plan = rule_plan("the caption right after the one mentioning the Gutenberg", available_tools=["ocr", "transcript"])
    assert [(c.tool, c.query, c.place, c.when) for c in plan.queries] == [
        ("ocr", "", "bottom", None),
        ("ocr", "Gutenberg", None, "after"),
        ("transcript", "Gutenberg", None, "after"),
        ("subtitle", "Gutenberg", None, "after"),
    ]
    assert plan.combine == "Q1 AND (Q2 OR Q3 OR Q4)"


@pytest.mark.parametrize(
    "question", ["the last dog", "the last tip before the money sum", "the words right after the alpha"]
)
def test_an_order_of_no_text_or_near_an_event_not_found_still_samples_uniformly(question):
    """Not the last text of the whole video: what is ordered is no text, or lies near an event nothing finds."""
    assert rule_plan(question, available_tools=["ocr", "transcript"]).queries == ()


@pytest.mark.parametrize(
    "question",
    ["Who is the first to notice a player in the water?", "What is the name of the first item that she picked up?"],
)
def test_an_order_in_a_corpus_without_pictures_keeps_what_the_question_names(question):
    """'notice' and 'item' may name a text, but these questions name more: with no picture tool their words are
    read or said instead (CG-Bench mini), not replaced by whatever text is read first."""
    from vqdb.planner.retrieve import make_plan

    plan = make_plan(question, None, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert all(c.query for c in plan.queries) and plan.queries
