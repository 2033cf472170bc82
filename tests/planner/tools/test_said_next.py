"""The phrase said next to words found (``vqdb.planner.tools.said_next``): arrays and SQL alike."""

from __future__ import annotations

import duckdb
import numpy as np
import pytest

from vqdb.planner.sqlbuild import col
from vqdb.planner.tools.said_next import next_phrase_sql, next_phrases, next_piece_sql

# "the Gutenberg, or forty-two line Bible, of about 1455": its words and breath groups
PIECES = [(3.2, 3.6), (3.7, 4.2), (4.3, 4.6), (4.6, 5.2), (5.2, 5.5), (5.5, 5.9), (6.3, 6.8), (6.8, 7.4), (7.4, 8.3)]
PHRASES = [(3.2, 4.2), (4.3, 5.9), (6.3, 8.3)]


def in_sql(said: list[tuple[float, float]], when: str, pieces=PIECES, phrases=PHRASES) -> list[tuple]:
    """``next_piece_sql`` then ``next_phrase_sql`` over ``said`` (start, end) stretches, run in DuckDB."""
    con = duckdb.connect()
    listed = lambda rows: [{"start_s": a, "end_s": b} for a, b in rows]  # noqa: E731
    con.execute("CREATE TABLE lists AS SELECT $p AS pieces, $q AS phrases", {"p": listed(pieces), "q": listed(phrases)})
    con.execute("CREATE TABLE said (i INT, a DOUBLE, b DOUBLE)")
    con.executemany("INSERT INTO said VALUES (?, ?, ?)", [(i, a, b) for i, (a, b) in enumerate(said)])
    piece = next_piece_sql(col("pieces"), col("a"), col("b"), when).sql("duckdb")
    start, end = (e.sql("duckdb") for e in next_phrase_sql(col("phrases"), col("piece"), when))
    rows = con.sql(
        f"SELECT {start}, {end} FROM (SELECT i, {piece} AS piece, phrases FROM said, lists) ORDER BY i"
    ).fetchall()
    return [tuple(np.nan if v is None else v for v in row) for row in rows]


def in_arrays(said: list[tuple[float, float]], when: str, pieces=PIECES, phrases=PHRASES) -> list[tuple]:
    columns = lambda rows: (np.array([r[0] for r in rows]), np.array([r[1] for r in rows]))  # noqa: E731
    start, end = next_phrases(columns(pieces), columns(phrases), *columns(said), when)
    return list(zip(start.tolist(), end.tolist(), strict=True))


@pytest.mark.parametrize(
    ("when", "said", "expected"),
    [
        # after "the Gutenberg," (3.2-4.2): "or forty-two line Bible," to its phrase's end
        ("after", (3.2, 4.2), (4.3, 5.9)),
        # after "or forty-two" (4.3-5.2): the rest of its phrase, from the next word
        ("after", (4.3, 5.2), (5.2, 5.9)),
        # a word running into the next by a few hundredths still comes next
        ("after", (3.2, 4.33), (4.3, 5.9)),
        # before "of about 1455" (6.3-8.3): the phrase said before it
        ("before", (6.3, 8.3), (4.3, 5.9)),
        # nothing said after the last words, nor before the first
        ("after", (6.3, 8.3), (np.nan, np.nan)),
        ("before", (3.2, 4.2), (np.nan, np.nan)),
        # nothing said within the window (15 s) after words at 40 s
        ("before", (40.0, 41.0), (np.nan, np.nan)),
    ],
)
def test_the_phrase_said_next_is_the_same_on_arrays_and_in_sql(when, said, expected):
    assert in_arrays([said], when)[0] == pytest.approx(expected, nan_ok=True)
    assert in_sql([said], when)[0] == pytest.approx(expected, nan_ok=True)


# Whisper's times of "the Gutenberg, or forty-two line Bible" read by LJ Speech: "or" timed from 4.89 s over the
# 0.4 s silence after "Gutenberg"; its phrase heard from 5.29 s (text_grade.heard_clauses); "Bible" runs on to
# 7.03 s though its phrase is heard to 6.9 s
HEARD_PIECES = [(4.27, 4.33), (4.33, 4.89), (4.89, 5.43), (5.43, 6.09), (6.09, 6.53), (6.53, 7.03), (7.03, 7.49)]
HEARD_PHRASES = [(4.27, 4.89), (5.29, 6.9), (7.35, 9.03)]


@pytest.mark.parametrize(
    ("when", "said", "expected"),
    [
        # after "the Gutenberg": the phrase the next word is said in, from where it is heard
        ("after", (4.27, 4.89), (5.29, 6.9)),
        # before "of about": the phrase "Bible" is said in, to where it is heard
        ("before", (7.35, 7.49), (5.29, 6.9)),
    ],
)
def test_the_phrase_said_next_is_where_it_is_heard(when, said, expected):
    assert in_arrays([said], when, HEARD_PIECES, HEARD_PHRASES)[0] == pytest.approx(expected)
    assert in_sql([said], when, HEARD_PIECES, HEARD_PHRASES)[0] == pytest.approx(expected)


@pytest.mark.parametrize(("pieces", "phrases"), [(PIECES, PHRASES), (HEARD_PIECES, HEARD_PHRASES)])
def test_many_stretches_at_once_agree(pieces, phrases):
    said = [(a, b) for a in np.arange(2.8, 9.0, 0.35) for b in (a + 0.2, a + 1.1)]
    for when in ("after", "before"):
        flat = lambda rows: [v for row in rows for v in row]  # noqa: E731
        arrays = in_arrays(said, when, pieces, phrases)
        assert flat(in_sql(said, when, pieces, phrases)) == pytest.approx(flat(arrays), nan_ok=True)
