"""Time relations: anchors found in what was read, heard or labelled, and text weighed by where it lies."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.answer.evidence import Evidence
from vqdb.answer.lexical import Match
from vqdb.answer.questions import read_question
from vqdb.answer.temporal import (
    NOT_IN_RELATION,
    TOLERANCE_S,
    Anchor,
    beside_anchor,
    closest_before,
    locate,
    ordinal_weight,
    reads_anchor,
    time_weight,
)
from vqdb.answer.timeline import stream_of


def screen(text, start, end):
    return stream_of("ocr", "v", [Evidence("ocr", "v", start, end, text, start)])


def said(*segments):
    return stream_of("transcript", "v", [Evidence("transcript", "v", s, e, t, s) for s, e, t in segments])


def sounds(*events):
    return stream_of("audio", "v", [Evidence("audio", "v", s, e, f"sound: {label}", s) for s, e, label in events])


STREET = [
    screen("PLATFORM / 'Cambridge / Trains to", 4.0, 8.0),
    screen("Call 020 / 7946 0018", 20.0, 24.0),
    said(
        (3.9, 8.7, "The next train to Cambridge leaves from platform I at 7.45."),
        (12.2, 15.6, "Please mind the gap between the train and the platform."),
    ),
    sounds((9.1, 10.6, "Waterfall"), (21.1, 22.6, "Bark"), (21.1, 22.6, "Dog"), (37.4, 39.4, "Vehicle horn, car horn")),
]


def test_a_described_moment_is_found_on_screen_and_a_sound_by_its_label():
    platform = locate(read_question("What does the voice announce while the platform sign is shown?"), STREET)
    assert (platform[0].start_s, platform[0].end_s, platform[0].source) == (4.0, 8.0, "ocr")
    dog = locate(read_question("What is written on screen when the dog barks?"), STREET)
    assert [(a.start_s, a.end_s, a.source) for a in dog] == [(21.1, 22.6, "audio")]


def test_a_described_moment_is_found_by_what_is_said_not_who_says_it():
    """ "narrator" reads "Narration" in the credits, and "mentions" nothing: the moment is where "Gutenberg" is said."""
    streams = [
        said((2.61, 11.03, "The earliest book, printed with movable types, the Guttenberg or 42-line Bible,")),
        screen("Written by Anna Berg / Narration: Linda Johnson / Music: Studio Nine", 21.5, 26.0),
    ]
    found = locate(read_question("What does the caption say when the narrator mentions the Gutenberg?"), streams)
    assert found and {a.source for a in found} == {"transcript"} and 2.61 < found[0].start_s < 11.03


def test_a_quoted_anchor_keeps_its_function_words():
    stream = said((2.9, 13.4, "And so my fellow Americans, ask not what your country can do for you"))
    (anchor,) = locate(read_question("What does Kennedy say right after 'ask not'?"), [stream])
    assert (anchor.start_s, anchor.end_s) == pytest.approx((6.65, 8.15))  # "ask not" (words 6-7), not "ask" alone


def test_a_moment_seen_and_heard_is_one():
    streams = [
        screen("the Gutenberg", 5.0, 6.0),
        said(
            (0.6, 11.7, "The earliest book, printed with movable types, the Guttenberg or 42-line Bible of about 1455")
        ),
    ]
    anchors = locate(read_question("What does she say right after the passage about the Gutenberg Bible?"), streams)
    assert len(anchors) == 1 and anchors[0].end_s >= 6.0


def test_a_title_cards_numeral_read_as_a_letter_is_still_its_moment():
    streams = [screen("HOW PRINTING / CHANGED THE WORLD", 0.0, 2.5), screen("Part I: The First Books", 3.0, 11.5)]
    (anchor,) = locate(read_question("Which title is shown just before 'Part 1: The First Books'?"), streams)
    assert (anchor.start_s, anchor.end_s) == (3.0, 11.5)
    assert locate(read_question("Which title is shown just before 'Part 2: The First Books'?"), streams) == []


def test_no_anchor_without_a_word_or_meaning_in_common():
    assert locate(read_question("What is shown right after the fireworks?"), STREET) == []


class Embedder:
    """Cosine 0.8 for the sound label the test names, 0 otherwise."""

    def __init__(self, close: str):
        self.close = close

    def embed_texts(self, texts):
        return np.array([[1.0, 0.0] if t in (texts[0], self.close) else [0.0, 1.0] for t in texts])


def test_meaning_finds_an_anchor_no_word_of_which_was_read():
    question = read_question("What does the announcer say right after the honking?")
    anchors = locate(question, STREET, Embedder("sound: Vehicle horn, car horn"))
    assert [(a.start_s, a.source) for a in anchors] == [(37.4, "audio")]


@pytest.mark.parametrize(
    ("question", "span", "weight"),
    [
        ("What does he say right after X?", (10.0, 12.0), 1.0),  # starts where the anchor ends
        ("What does he say right after X?", (14.0, 15.0), np.exp(-4 / 4)),
        ("What does he say after X?", (14.0, 15.0), np.exp(-4 / 10)),
        ("What does he say right after X?", (8.0, 11.0), NOT_IN_RELATION),  # began before X ended
        ("What does he say just before X?", (6.0, 8.0), 1.0),
        ("What does he say just before X?", (10.5, 12.0), NOT_IN_RELATION),
        ("What does he say while X is shown?", (9.0, 9.5), 1.0),
        ("What does he say while X is shown?", (12.25, 13.0), np.exp(-2 / 2)),
    ],
)
def test_time_weights(question, span, weight):
    from vqdb.answer.temporal import Anchor

    anchor = Anchor(8.0, 10.0, 1.0, "ocr", "X")
    assert time_weight(read_question(question), [anchor], *span) == pytest.approx(weight)


def test_the_screen_next_to_a_screen_anchor_is_not_shown_while_it_is():
    counter = [Anchor(5.0, 6.0, 1.0, "ocr", "150.000")]
    question = read_question("What timecode is shown when the counter reads 150.000?")
    during, before = time_weight(question, counter, 5.0, 6.0, "ocr"), time_weight(question, counter, 4.0, 5.0, "ocr")
    assert during == 1.0 and before < during
    assert time_weight(question, counter, 4.0, 5.0, "transcript") == 1.0  # speech's clock is another: it may meet


def test_ordinals():
    assert ordinal_weight("first", 3.0, 4.0, 3.0, 20.0) == 1.0
    assert ordinal_weight("last", 18.0, 20.0, 3.0, 20.0) == 1.0
    assert ordinal_weight("first", 13.0, 14.0, 3.0, 20.0) == pytest.approx(np.exp(-2))


@pytest.mark.parametrize(
    ("span", "weight"),
    [
        ((8.5, 9.5), 1.0),  # flashes up while X is shown
        ((9.9, 11.0), 1.0),
        ((7.0, 9.0), NOT_IN_RELATION),  # was there before X appeared
        ((10.0, 11.0), np.exp(-1)),  # the next screen, once X is gone: the edge of the window
        ((13.0, 14.0), np.exp(-1 - 3 / 2)),  # 3 s after X (2 s long) has gone
    ],
)
def test_an_answer_placed_against_the_anchor_is_weighed_as_shown_with_it(span, weight):
    from vqdb.answer.temporal import Anchor

    parts = read_question("After X appears, what flashes up under it?")
    assert time_weight(parts, [Anchor(8.0, 10.0, 1.0, "ocr", "X")], *span) == pytest.approx(weight)


@settings(max_examples=300, deadline=None)
@given(
    question=st.sampled_from(
        [
            "What does he say right after X?",
            "What does he say after X?",
            "What does he say just before X?",
            "What does he say while X is shown?",
            "After X appears, what flashes up under it?",
            "Before X goes, what is written above it?",
        ]
    ),
    start=st.floats(-10.0, 40.0),
    length=st.floats(0.0, 5.0),
)
def test_the_window_is_where_text_weighs_at_least_in_window(question, start, length):
    from vqdb.answer.temporal import IN_WINDOW, Anchor, window

    parts, anchor = read_question(question), Anchor(8.0, 10.0, 1.0, "ocr", "X")
    lo, hi = window(parts, anchor)
    end = start + length
    if time_weight(parts, [anchor], start, end) >= IN_WINDOW - 1e-9:  # it meets the window (within the tolerance)
        assert start <= hi + TOLERANCE_S and end >= lo - TOLERANCE_S
    if lo <= start and end <= hi and start >= anchor.start_s:  # wholly in it, not there before the anchor
        assert time_weight(parts, [anchor], start, end) >= IN_WINDOW - 1e-9


def test_the_anchors_own_words_read_back_are_not_text_after_it():
    stream = screen("Send Spike / OFFLINE Luke", 1.0, 3.9)
    parts = read_question("After the Send Spike command, what message flashes up under it?")
    anchors = locate(parts, [stream])
    assert anchors and reads_anchor(anchors, Match(stream, 0, 1, 1.0, 1.0))  # "Send Spike" as "Spike Sent"
    assert not reads_anchor(anchors, Match(stream, 2, 3, 1.0, 1.0))  # "OFFLINE Luke": other words
    assert not reads_anchor(locate(parts, [screen("Send Spike", 1.0, 3.9)]), Match(stream, 0, 1, 1.0, 1.0))


def test_words_after_the_anchor_on_its_own_screen_or_in_its_own_sentence_are_beside_it():
    """A screen and a sentence are read in order: what follows the anchor there is right after it, unless
    the screen before already showed it (there before the anchor came up)."""
    screen = stream_of("ocr", "v", [Evidence("ocr", "v", 3.0, 3.9, "echo / the GOSPEL", 3.0)])
    parts = read_question("What is shown right after 'echo'?")
    assert [screen.words[p] for p in beside_anchor(parts, locate(parts, [screen]), screen, np.arange(3))] == [
        "the",
        "gospel",
    ]
    said = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 9.0, "and so ask not what you can do", 0.0)])
    parts = read_question("What does he say right after 'ask not'?")
    beside = beside_anchor(parts, locate(parts, [said]), said, np.arange(8))
    assert [said.words[p] for p in beside] == ["what", "you", "can", "do"]
    before = read_question("What does he say right before 'ask not'?")
    assert [said.words[p] for p in beside_anchor(before, locate(before, [said]), said, np.arange(8))] == ["and", "so"]
    shown_before = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 1.0, "OFFLINE Luke", 0.0)])
    command = stream_of("ocr", "v", [Evidence("ocr", "v", 1.0, 3.9, "Send Spike / OFFLINE Luke", 1.0)])
    parts = read_question("What is shown right after 'Send Spike'?")
    anchors = locate(parts, [shown_before, command])
    assert not len(beside_anchor(parts, anchors, command, np.arange(4), [shown_before, command]))
    assert not len(beside_anchor(read_question("What is shown?"), anchors, command, np.arange(4)))


def test_between_keeps_the_moments_the_end_follows_most_closely():
    we = [
        Anchor(1.0, 2.0, 1.0, "ocr", "WE"),
        Anchor(10.0, 11.0, 1.0, "ocr", "WE"),
        Anchor(20.0, 21.0, 1.0, "ocr", "WE"),
    ]
    work = [Anchor(12.0, 13.0, 1.0, "ocr", "WORK"), Anchor(22.5, 23.0, 1.0, "ocr", "WORK")]
    assert [a.start_s for a in closest_before(we, work)] == [10.0, 20.0]  # gaps 1.0 and 1.5; not the first WE
    assert closest_before(we, [Anchor(0.0, 0.5, 1.0, "ocr", "WORK")]) == we  # the end follows none: all kept
