import duckdb
import numpy as np
import pyarrow as pa
import pytest

from vqdb.udfs import said_focus
from vqdb.udfs.said_focus import content_words, same_word, shared_words_focus


def timed(*said: str, step: float = 0.5) -> tuple[list[str], np.ndarray, np.ndarray]:
    starts = np.arange(len(said)) * step
    return list(said), starts, starts + step


def test_the_query_words_as_speech_recognition_writes_them():
    assert same_word("3000", "3000") and same_word("year", "yearly") and same_word("color", "color")
    assert same_word("fraunhofer", "frownhofer")  # a name heard as a near-homophone
    assert same_word("guttenberg", "gutenburg")  # a name misspelt in the question
    assert not same_word("300", "3000")  # a number is said exactly
    assert not same_word("cat", "bat") and not same_word("never", "bettered")


def test_function_words_say_nothing_of_what_is_asked():
    assert content_words("when does she say it has never been bettered") == {"say", "never", "bettered"}
    texts, starts, ends = timed("the", "cat", "sat", "on", "the", "mat")
    assert shared_words_focus(texts, starts, ends, "on the way") is None


def test_a_topic_asked_by_a_word_of_the_family_said_is_focused_there():
    # "when does she talk about the printers?" of "... considered as the invention of the art of printing."
    texts, starts, ends = timed("may", "justly", "be", "considered", "as", "the", "art", "of", "printing.")
    assert shared_words_focus(texts, starts, ends, "the printers") == (4.0, 4.5)
    assert same_word("inventor", "invention") and same_word("printed", "printers")
    assert not same_word("winter", "wine") and not same_word("mention", "mental")  # roots of 4 letters: no family


def test_a_misquote_keeps_the_negation_that_tells_the_line():
    # "ask not what your country can do for you, ask what you can do for your country" (Whisper: "asked not")
    said = ["asked", "not", "what", "your", "country", "can", "do", "for", "you,", "ask", "what", "you", "can", "do"]
    texts, starts, ends = timed(*said)
    assert shared_words_focus(texts, starts, ends, "not ask what the nation can do for you") == (0.0, 1.0)
    assert "not" in content_words("why not?") and "what" not in content_words("why not?")


def test_the_shortest_stretch_saying_the_most_of_the_query():
    # "pounds" twice; "3000 pounds a year" says three of the query's words, "250 pounds" one
    texts, starts, ends = timed("saving", "250", "pounds", "a", "month", "gives", "you", "3000", "pounds", "a", "year.")
    assert shared_words_focus(texts, starts, ends, "three thousand pounds yearly") == (3.5, 5.5)
    # a number said in words over several pieces is one word, from its first piece to its last
    texts, starts, ends = timed("in", "fourteen", "fifty-five,", "printing")
    assert shared_words_focus(texts, starts, ends, "1455") == (0.5, 1.5)
    # equals: the earliest
    texts, starts, ends = timed("rain", "today", "and", "rain", "tomorrow")
    assert shared_words_focus(texts, starts, ends, "the rain") == (0.0, 0.5)


def test_the_sql_function_gives_a_struct_or_null():
    con = duckdb.connect()
    said_focus.register(con, None)
    said_focus.register(con, None)  # registered once
    pieces = [{"text": "top", "start_s": 1.0, "end_s": 1.2}, {"text": "story", "start_s": 1.2, "end_s": 1.7}]
    rows = con.sql(
        "SELECT said_focus($p, 'the top story', NULL), said_focus($p, 'weather', 0.5), said_focus(NULL, 'x', 0.5),"
        " said_focus($p, NULL, 0.5)",
        params={"p": pieces},
    ).fetchall()
    assert rows == [({"start_s": 1.0, "end_s": 1.7}, None, None, None)]
    empty = said_focus.said_focus(
        pa.array(
            [[]], pa.list_(pa.struct([("text", pa.string()), ("start_s", pa.float64()), ("end_s", pa.float64())]))
        ),
        pa.array(["x"]),
        pa.array([0.5]),
    )
    assert empty.to_pylist() == [None]


def test_a_videos_sentences_at_once_as_each_alone():
    """A video's sentences focused together give what each gives alone (its words matched with the query's
    once for all of them)."""
    texts, starts, ends = timed("rain", "today.", "colour", "of", "the", "rain", "tomorrow.", "3000", "years")
    sentences = [range(0, 2), range(2, 7), range(7, 9), range(0, 0), range(3, 6)]
    for query in ("the rain tomorrow", "color of rain", "three thousand yearly", "weather"):
        alone = [shared_words_focus([texts[j] for j in s], starts[list(s)], ends[list(s)], query) for s in sentences]
        assert said_focus.shared_words_foci(texts, starts, ends, sentences, query) == alone


@pytest.mark.parametrize("seed", range(30))
def test_the_shortest_stretch_read_with_two_pointers_is_the_best_of_all(seed):
    """The stretches from each hit to where it has said every word, read with two pointers, give the stretch
    the search over every pair of hits gives: words said twice, hits saying two words, ends out of order,
    words without times (NaN) and times too far apart to subtract."""
    rng = np.random.default_rng(seed)
    words = ["rain", "sun", "tomorrow", "x"]
    size = int(rng.integers(1, 14))
    begins = np.sort(rng.uniform(0, 20, size)).tolist()
    finishes = [b + float(rng.uniform(0.1, 3.0)) for b in begins]
    if seed % 3 == 0:
        finishes[int(rng.integers(size))] = float("nan")
    if seed % 5 == 0:
        begins[int(rng.integers(size))] = float("nan")
    if seed == 7:
        begins[0], finishes[-1] = -1.7e308, 1.7e308
    hits = [(k, k, frozenset(rng.choice(words, int(rng.integers(1, 3))).tolist())) for k in range(size)]
    assert said_focus._shortest_most(hits, begins, finishes) == said_focus._shortest_most_of_all(hits, begins, finishes)
