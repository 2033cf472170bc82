"""Rank helpers of vqdb/queries/ranks.sql against plain Python references."""

from __future__ import annotations

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.queries import load_sql_macros

ranks = st.one_of(st.none(), st.integers(1, 50))


@pytest.fixture(scope="module")
def con():
    connection = duckdb.connect()
    load_sql_macros(connection)
    yield connection
    connection.close()


def call_ranks_ref(rows):
    """rank 1 = best score per video; ties by lower frame_idx; NULL scores last."""
    ranked = {}
    for video in {v for v, _, _ in rows}:
        frames = sorted(
            ((f, s) for v, f, s in rows if v == video), key=lambda fs: (fs[1] is None, -(fs[1] or 0), fs[0])
        )
        ranked.update({(video, f): rank for rank, (f, _) in enumerate(frames, start=1)})
    return ranked


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "b"]), st.one_of(st.none(), st.sampled_from([0.1, 0.5]), st.floats(-1, 1))),
        max_size=20,
    )
)
def test_call_ranks_match_python(con, drawn):
    rows = [(video, frame, score) for frame, (video, score) in enumerate(drawn)]
    con.execute("CREATE OR REPLACE TEMP TABLE call (video_id VARCHAR, frame_idx INTEGER, score DOUBLE)")
    if rows:
        con.executemany("INSERT INTO call VALUES (?, ?, ?)", rows)
    got = con.execute("SELECT video_id, frame_idx, call_rank FROM call_ranks('call')").fetchall()
    assert {(v, f): r for v, f, r in got} == call_ranks_ref(rows)


def worst_ref(a, b):
    return None if a is None or b is None else max(a, b)


def best_ref(a, b):
    present = [r for r in (a, b) if r is not None]
    return min(present) if present else None


@settings(max_examples=100, deadline=None)
@given(ranks, ranks)
def test_rank_and_or_match_python(con, a, b):
    assert con.execute("SELECT rank_and(?, ?), rank_or(?, ?)", [a, b, a, b]).fetchone() == (
        worst_ref(a, b),
        best_ref(a, b),
    )


def test_ties_break_by_frame_order_and_keep_other_columns(con):
    rel = con.sql(
        """WITH q1 AS (SELECT 'v' AS video_id, range AS frame_idx, [0.2, 0.9, 0.9, 0.1][range + 1] AS score,
                              'siglip' AS tool FROM range(4))
        SELECT * FROM call_ranks('q1') ORDER BY frame_idx"""
    )
    assert rel.columns == ["video_id", "frame_idx", "score", "tool", "call_rank"]
    assert [row[-1] for row in rel.fetchall()] == [3, 1, 2, 4]


def test_a_missing_frame_ranks_last(con):
    # Q1 AND Q2 over a frame Q2 did not return is missing; Q1 OR Q2 keeps Q1's rank.
    assert con.execute("SELECT rank_and(3, NULL), rank_or(3, NULL), rank_or(NULL, NULL)").fetchone() == (
        None,
        3,
        None,
    )


def test_combining_calls_as_a_plan_would(con):
    # Q1 AND (Q2 OR Q3) over three calls' per-frame scores, joined on frame.
    merged = con.sql(
        """WITH q1 AS (SELECT 'v' AS video_id, range AS frame_idx, [0.9, 0.8, 0.1][range + 1] AS score FROM range(3)),
                q2 AS (SELECT 'v' AS video_id, range AS frame_idx, [0.1, 0.2, 0.9][range + 1] AS score FROM range(3)),
                q3 AS (SELECT 'v' AS video_id, range AS frame_idx, [0.3, 0.9, 0.2][range + 1] AS score FROM range(3))
        SELECT frame_idx, rank_and(r1.call_rank, rank_or(r2.call_rank, r3.call_rank)) AS merged_rank
        FROM call_ranks('q1') r1
        JOIN call_ranks('q2') r2 USING (video_id, frame_idx)
        JOIN call_ranks('q3') r3 USING (video_id, frame_idx)
        ORDER BY merged_rank, frame_idx"""
    ).fetchall()
    # q1 ranks: f0=1, f1=2, f2=3; q2: f2=1, f1=2, f0=3; q3: f1=1, f0=2, f2=3.
    assert merged == [(0, 2), (1, 2), (2, 3)]
