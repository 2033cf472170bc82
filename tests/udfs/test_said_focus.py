import duckdb
import numpy as np
import pyarrow as pa

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
        "SELECT said_focus($p, 'the top story'), said_focus($p, 'weather'), said_focus(NULL, 'x'),"
        " said_focus($p, NULL)",
        params={"p": pieces},
    ).fetchall()
    assert rows == [({"start_s": 1.0, "end_s": 1.7}, None, None, None)]
    empty = said_focus.said_focus(
        pa.array(
            [[]], pa.list_(pa.struct([("text", pa.string()), ("start_s", pa.float64()), ("end_s", pa.float64())]))
        ),
        pa.array(["x"]),
    )
    assert empty.to_pylist() == [None]
