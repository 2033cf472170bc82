"""Lexical matching: how OCR and speech recognition really err, and how distractors are made."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.answer.evidence import Evidence
from vqdb.answer.lexical import (
    Matcher,
    extents,
    find,
    numbers_by_their_words,
    option_weights,
    rarity_weights,
    similarity,
)
from vqdb.answer.timeline import match_words, stream_of


def screen(text: str, start: float = 0.0, end: float = 1.0):
    return stream_of("ocr", "v", [Evidence("ocr", "v", start, end, text, start)])


def speech(text: str, start: float = 0.0, end: float = 10.0):
    return stream_of("transcript", "v", [Evidence("transcript", "v", start, end, text, start)])


def best(phrase: str, stream, weights=None) -> float:
    words = match_words(phrase)
    found = find(words, np.ones(len(words)) if weights is None else weights, stream)
    return found[0].score if found else 0.0


@pytest.mark.parametrize(
    ("phrase", "read"),
    [
        ("Channel 7", "CHAMNEL 7"),  # m for nn
        ("Liftoff!", "LIFTOFFI"),  # ! read as I
        ("Chapter Three: The Long Walk Home", "Chapter Tlree: / Long / The / Walk Homne"),  # boxes out of order
        ("Fire door - keep shut", "Fire door = / kecp / shut"),
        ("Getting started with your budget", "GETTINGSTARTED / WITH YOUR BUDGET"),  # a dropped space
        ("Coming up at nine o'clock", "Coming up at nine 0'clock, the weather"),  # o read as zero
        ("The Gutenberg", "the Guttenberg or 42-line Bible"),  # a name as Whisper spells it
        ("Colour Theory 101", "Color Theory 101"),
        ("the forty-two line Bible", "the 42-line Bible"),  # numbers said and written
        ("a touchdown", "a touch down"),  # a compound split
        ("Sunset 19:15", "Sunrise 06.42 / Sunset 19.15"),  # a time's separator misread
    ],
)
def test_an_option_is_found_in_text_read_or_heard_with_errors(phrase, read):
    assert best(phrase, screen(read)) >= 0.75


@pytest.mark.parametrize(
    ("right", "wrong", "read"),
    [
        ("1961", "1963", "Inaugural Address, January 20, 1961"),
        ("020 7946 0018", "020 7946 0081", "Call 020 / 7946 0018"),
        ("19:15", "21:15", "Sunset 19.15"),
        ("Channel 7", "Channel 1", "CHANNEL 7"),
        ("9PM", "8PM", "COMING UP AT 9PM"),
        ("Kennedy Space Center", "Johnson Space Center", "Mission Control / Kennedy Space Center"),
    ],
)
def test_distractors_that_differ_in_one_word_or_digit_score_lower(right, wrong, read):
    words = [match_words(right), match_words(wrong)]
    w_right, w_wrong = option_weights(words)
    stream = screen(read)
    assert best(right, stream, w_right) >= 0.95 > best(wrong, stream, w_wrong) + 0.3


def test_short_words_and_numbers_match_only_exactly():
    sim = similarity(["call", "card", "the", "45", "7946"], ["all", "car", "them", "745", "0207946"])
    assert sim[:3].max() == 0.0
    assert sim[3].max() == 0.0  # a two-digit number is not the end of another
    assert sim[4, 4] == pytest.approx(0.8)  # but OCR ran "020 7946" together


def test_a_time_heard_without_its_colon_is_still_that_time():
    said = speech("The next train leaves from platform I at 745.")
    right, wrong = match_words("7:45"), match_words("9:45")
    w_right, w_wrong = option_weights([right, wrong])
    assert best("7:45", said, w_right) >= 0.9 > best("9:45", said, w_wrong) + 0.5
    assert best("7:54", said) == 0.0  # the digits joined must be the number read, in order


def test_only_a_clock_time_is_read_run_together():
    """A decimal, a price or a score split at its point is another number than its digits run together."""
    assert best("3.5 million", speech("Sales reached 35 million last year.")) < 0.5
    assert best("$1.99", speech("It costs 199 dollars.")) < 0.5
    assert best("2-1", speech("They won 21 games.")) < 0.5
    assert best("3.25 million", speech("Sales reached 325 million last year.")) < 0.5  # two digits after the point
    assert best("$1.50", speech("It costs 150 dollars.")) < 0.5


def test_irregular_verbs_and_ocr_glyphs():
    sim = similarity(["wrote", "keep", "now"], ["written", "kecp", "n0w"])
    assert sim[0, 0] == pytest.approx(0.9) and sim[1, 1] == pytest.approx(0.9)
    assert sim[2, 2] == 0.0  # three letters: too short to guess


def test_word_order_tells_apart_the_same_words():
    said = speech(
        "and so my fellow Americans ask not what your country can do for you ask what you can do for your country"
    )
    ask_not, ask = match_words("what your country can do for you"), match_words("what you can do for your country")
    first = find(ask_not, np.ones(len(ask_not)), said)
    second = find(ask, np.ones(len(ask)), said)
    assert first[0].score == pytest.approx(1.0) and first[0].first == 7
    assert second[0].score == pytest.approx(1.0) and second[0].first == 15
    assert len(first) == 2 and first[1].score < 0.95  # the other sentence, out of order


def test_a_pause_ends_a_phrase():
    stream = stream_of(
        "transcript",
        "v",
        [
            Evidence("transcript", "v", 0.0, 2.0, "mind the gap between the train and the platform", 1.0),
            Evidence("transcript", "v", 14.0, 16.0, "this course is all about colour", 15.0),
        ],
    )
    words = match_words("the platform sign is shown")
    found = find(words, np.ones(len(words)), stream)
    assert all(m.end_s <= 2.0 or m.start_s >= 14.0 for m in found)


def test_a_function_word_just_before_the_phrase_does_not_stretch_it_back():
    """Whisper's words of the weather ident: "the" of "the weather" is as good a "the" as any of the
    news line's, but the place is the news line, which starts at "But" (what is said after the weather)."""
    said = (
        "Coming up at either clock, the weather with Rachel Green. "
        "But first, the news, where the top story tonight is the new city center."
    )
    words = match_words("But first, the news: the top story tonight is the new city centre")
    weights = np.where([w in ("the", "but") for w in words], 0.3, 1.0)
    found = find(words, weights, speech(said))[0]
    assert found.stream.words[found.first] == "but" and found.score > 0.95


def test_weights_for_options_and_for_moments():
    channel_4, channel_7 = option_weights([["channel", "4"], ["channel", "7"]])
    assert channel_4[0] < channel_4[1] and channel_4.tolist() == channel_7.tolist()
    (the_alpha,) = option_weights([["the", "alpha"]])
    assert the_alpha[0] < the_alpha[1]
    streams = [screen(f"CHANNEL 7 / story {i}", i, i + 1) for i in range(5)]
    assert rarity_weights(["channel", "9"], streams).tolist() == pytest.approx([0.2, 1.0])


def test_an_option_word_the_question_has_weighs_less_unless_every_option_has_it():
    options = [match_words("No, the lamp stays on"), match_words("Yes, the timer turns it off")]
    asked = {"lamp", "timer", "stays"}
    plain, discounted = option_weights(options), option_weights(options, asked=asked)
    lamp, on = options[0].index("lamp"), options[0].index("on")
    assert discounted[0][lamp] < plain[0][lamp] and discounted[0][on] == plain[0][on]
    assert discounted[1][options[1].index("timer")] < plain[1][options[1].index("turns")]
    shared = option_weights([["lamp", "on"], ["lamp", "off"]], asked={"lamp"})
    assert shared[0][0] == option_weights([["lamp", "on"], ["lamp", "off"]])[0][0]  # ties "on" to the lamp


def test_a_caption_read_over_several_screens_is_one_showing():
    screens = [screen("LIVE / CHANNEL 7", 0, 2), screen("LIVE / You're watching", 2, 5), screen("LIVE", 5, 8)]
    screens.append(screen("LIVE", 12, 13))
    matches = [find(["live"], np.ones(1), s)[0] for s in screens]
    assert extents(matches) == [(0, 8), (0, 8), (0, 8), (12, 13)]


def test_matcher_reuses_word_rows_across_streams():
    matcher = Matcher([("live", "channel"), ("channel", "7")])
    assert matcher.similarity(["channel"], 0).tolist() == [[0.0, 1.0]]
    assert matcher.similarity(["channel"], 1).tolist() == [[1.0, 0.0]]


_VOCABULARY = """budget penny savings income mission control launch tower weather station platform cambridge
narrator printed movable letters century bible kennedy country fellow americans"""
_WORDS = st.sampled_from(_VOCABULARY.split())


def _misread(word: str, where: int) -> str:
    """One letter of a long word as OCR confuses it."""
    swaps = {"o": "0", "l": "1", "i": "l", "e": "c", "m": "rn", "s": "5", "w": "vv"}
    spots = [i for i, c in enumerate(word) if c in swaps]
    if not spots or len(word) < 5:
        return word
    i = spots[where % len(spots)]
    return word[:i] + swaps[word[i]] + word[i + 1 :]


@settings(max_examples=60, deadline=None)
@given(st.lists(_WORDS, min_size=2, max_size=6, unique=True), st.integers(0, 10), st.integers(0, 5), st.booleans())
def test_a_phrase_survives_ocr_noise(phrase, where, merge_at, upper):
    """One letter misread in each word, two words run together, case changed: still found."""
    read = [_misread(w, where) for w in phrase]
    k = merge_at % (len(read) - 1)
    read = read[:k] + [read[k] + read[k + 1]] + read[k + 2 :]
    text = " ".join(read).upper() if upper else " ".join(read)
    noise = screen(f"SALE 50% OFF / {text} / copyright 2013")
    assert best(" ".join(phrase), noise) >= 0.7


@pytest.mark.parametrize("option", ["type a", "Plan A", "A"])
def test_a_letter_a_at_an_options_end_is_no_article(option):
    """'Type A' names a letter: it does not read every 'the' of a text; 'a red flag' reads 'the red flag'."""
    matcher = Matcher([match_words("the plan is the b one")])
    words = match_words(option)
    assert matcher.similarity(words, 0)[-1].max() == 0.0
    assert Matcher([match_words("the red flag")]).similarity(match_words("a red flag"), 0)[0].max() == pytest.approx(
        0.9
    )


def test_a_word_the_phrase_has_twice_is_read_at_both_places_in_order():
    # a prompt box's placeholder beside its button: "ENTER" is the phrase's second "enter", not its first read again
    s = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 3.0, "Enter text and press ENTER Send", 0.0)])
    q = match_words("Enter text and press ENTER")
    (m,) = find(q, np.ones(len(q)), s)
    assert (m.first, m.last, m.order, m.score) == (0, 4, 1.0, 1.0)


def test_a_negation_read_inside_a_place_the_option_lacks_counts_against_it():
    # "he did not win the race" does not say "he did win the race"; "not" used to pass as a function word
    options = [match_words("he did win the race"), match_words("he did not win the race")]
    weights = option_weights(options)
    said = speech("he did not win the race")
    lacks = find(options[0], weights[0], said)[0].score
    has = find(options[1], weights[1], said)[0].score
    assert lacks < has and lacks == pytest.approx(0.8)


def test_an_option_negation_the_place_lacks_counts_against_it():
    # "Does the flag in the image appear in the video?" asks; it does not say the flag does not appear
    options = [match_words("the flag in the image does not appear in the video"), match_words("the flag is shown")]
    weights = option_weights(options)
    asked = screen("Does the flag in the image appear in the video?")
    denied = screen("No, the flag in the image does not appear in the video")
    assert find(options[0], weights[0], asked)[0].score < 0.8 * find(options[0], weights[0], denied)[0].score + 1e-9
    contracted = screen("the flag in the image doesn't appear in the video")  # "doesnt" is a negation too
    assert find(options[0], weights[0], contracted)[0].score > find(options[0], weights[0], asked)[0].score


def test_an_article_before_a_word_weighs_nothing_and_a_negation_as_a_word():
    # "a thunderstorm" is read whole in "sound: Thunderstorm"; "not" tells "ask not" from "ask"
    article, negation = option_weights([match_words("a thunderstorm"), match_words("ask not what")])
    assert article[0] == 0 and find(match_words("a thunderstorm"), article, screen("sound: Thunderstorm"))[0].score == 1
    assert negation[1] == negation[0]


def test_a_number_is_read_for_a_phrase_only_beside_its_words():
    """ "Room 4" pairs a number with a word: the "4" of "Lecture 4", three words from "Room", is no room's."""
    screen = stream_of("ocr", "v", [Evidence("ocr", "v", 1.0, 9.0, "Lecture 4: Early Printing Room B-214", 1.0)])
    room = match_words("Room 4")
    [found] = find(room, np.ones(2), screen)
    assert found.coverage == 1.0 and not numbers_by_their_words(room, found)
    said = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 3.0, "go to room number four", 0.0)])
    [heard] = find(room, np.ones(2), said)
    assert numbers_by_their_words(room, heard)  # "room number four": one word between
    assert numbers_by_their_words(match_words("B-214"), found)  # numbers and letters alone: as its words are


def test_a_phrase_with_words_it_has_twice_is_found_where_it_is_said_in_order():
    said = (
        "The invention of movable metal letters in the middle of the 15th century may justly be considered"
        " as the invention of the art of printing."
    )
    stream = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 8.0, said, 0.0)])
    phrase = match_words("the invention of movable metal letters in the middle of the fifteenth century")
    best = find(phrase, np.ones(len(phrase)), stream)[0]
    assert (best.first, best.last, best.score) == (0, 12, 1.0)
