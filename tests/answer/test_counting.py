"""What a counting question counts, and the counts options say."""

from __future__ import annotations

import pytest

from vqdb.answer.counting import count_value, counted_claim, occurrences
from vqdb.answer.evidence import Evidence
from vqdb.answer.lexical import Matcher
from vqdb.answer.timeline import stream_of


@pytest.mark.parametrize(
    ("question", "claim"),
    [
        ("How many times does the presenter say hello?", ["hello"]),
        ("how often do we hear the word sale", ["sale"]),
        ("In this clip, how many times is 'thank you' said?", ["thank", "you"]),
        ("How many times does the old man mention the bridge?", ["bridge"]),
        ("how many times is the word then said", ["then"]),  # a word named, however common
        ("How many people are in the room?", None),
        ("What is shown two times?", None),
    ],
)
def test_the_claim_a_count_asks_for(question, claim):
    assert counted_claim(question) == claim


@pytest.mark.parametrize(
    ("option", "value"),
    [("once", 1), ("Twice", 2), ("three times", 3), ("5 times", 5), ("3x", 3), ("none", 0), ("0", 0)],
)
def test_an_option_read_as_a_count(option, value):
    assert count_value(option) == value


@pytest.mark.parametrize("option", ["at the start", "the second one", "2 or 3", ""])
def test_an_option_that_is_no_count(option):
    assert count_value(option) is None


def test_a_text_read_on_consecutive_samples_is_one_showing_and_words_said_twice_are_two():
    shown = stream_of("ocr", "v", [Evidence("ocr", "v", t, t + 1.0, "EXIT", t) for t in (1.0, 2.0, 3.0, 8.0)])
    said = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 3.0, "exit exit, the exit is here", 0.0)])
    streams = [shown, said]
    matcher = Matcher([s.words for s in streams])
    assert len(occurrences(["exit"], streams, matcher, ("ocr",))) == 2
    assert len(occurrences(["exit"], streams, matcher, ("transcript",))) == 3


def test_the_same_words_in_transcript_and_subtitles_at_once_are_one_occurrence():
    rows = [("transcript", 4.0, 5.0), ("subtitle", 4.1, 5.2)]
    streams = [stream_of(s, "v", [Evidence(s, "v", a, b, "goodbye", a)]) for s, a, b in rows]
    matcher = Matcher([s.words for s in streams])
    assert len(occurrences(["goodbye"], streams, matcher, ("transcript", "subtitle"))) == 1
