"""Temporal NMS macros of vqdb/queries/nms.sql against a plain Python greedy scan."""

from __future__ import annotations

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.queries import load_sql_macros

times = st.one_of(st.integers(0, 40).map(lambda t: t / 2), st.floats(0, 60, allow_nan=False))
# Few distinct scores, so ties (broken by the earlier time) are common.
scores = st.one_of(st.sampled_from([0.1, 0.5, 0.9]), st.floats(-1, 1, allow_nan=False))
gaps = st.one_of(st.just(0.0), st.sampled_from([0.5, 1.0, 3.0]), st.floats(0, 20))


@st.composite
def candidates(draw, max_size=30):
    ts = draw(st.lists(times, max_size=max_size))
    return ts, draw(st.lists(scores, min_size=len(ts), max_size=len(ts)))


@pytest.fixture(scope="module")
def con():
    connection = duckdb.connect()
    load_sql_macros(connection)
    yield connection
    connection.close()


def nms_ref(ts, score, k, gap, spans=None):
    """ToolMerge greedy NMS: best score first (ties: earlier time, then input order), keep a candidate
    only if it is >= gap from every kept one, or both have spans (``spans[i]``: (start, end) or None) and
    they are disjoint; stop at k; kept set in temporal order."""
    spans = spans or [None] * len(ts)
    ranked = sorted(
        (-s, t, i) for i, (t, s) in enumerate(zip(ts, score, strict=True), start=1) if t is not None and s is not None
    )

    def apart(i, t, j, other):
        one, two = spans[i - 1], spans[j - 1]
        disjoint = one is not None and two is not None and (one[0] >= two[1] or two[0] >= one[1])
        return abs(t - other) >= gap or disjoint

    kept = []
    for neg_score, t, i in ranked:
        if len(kept) == k:
            break
        if all(apart(i, t, j, other) for _, other, j in kept):
            kept.append((neg_score, t, i))
    in_time_order = sorted(kept, key=lambda c: (c[1], -c[0], c[2]))
    return [{"ts": t, "score": -neg_score, "idx": i} for neg_score, t, i in in_time_order]


def nms_sql(con, ts, score, k, gap):
    return con.execute("SELECT temporal_nms(?::DOUBLE[], ?::DOUBLE[], ?, ?)", [ts, score, k, gap]).fetchone()[0]


@settings(max_examples=100, deadline=None)
@given(candidates(), st.integers(0, 10), gaps)
def test_scalar_matches_python(con, cands, k, gap):
    ts, score = cands
    expected = nms_ref(ts, score, k, gap)
    assert nms_sql(con, ts, score, k, gap) == expected


spans = st.one_of(st.none(), st.tuples(times, st.floats(0, 5)).map(lambda s: (s[0], s[0] + s[1])))


@settings(max_examples=100, deadline=None)
@given(candidates(), st.integers(0, 10), gaps, st.data())
def test_spans_form_matches_python(con, cands, k, gap, data):
    ts, score = cands
    each = data.draw(st.lists(spans, min_size=len(ts), max_size=len(ts)))
    starts, ends = [s and s[0] for s in each], [s and s[1] for s in each]
    got = con.execute(
        "SELECT temporal_nms_spans(?::DOUBLE[], ?::DOUBLE[], ?::DOUBLE[], ?::DOUBLE[], ?, ?)",
        [ts, score, starts, ends, k, gap],
    ).fetchone()[0]
    assert got == nms_ref(ts, score, k, gap, each)


def test_spans_that_are_disjoint_keep_two_moments_closer_than_the_gap(con):
    # two phrases said 1 s apart (0.5-1.5 s, 1.5-2.5 s: touching) both kept; a frame with no span stays a gap away
    query = "SELECT [c.ts FOR c IN temporal_nms_spans(?::DOUBLE[], [0.9, 0.8, 0.7], ?::DOUBLE[], ?::DOUBLE[], 3, 5)]"
    assert con.execute(query, [[1, 2, 3], [0.5, 1.5, None], [1.5, 2.5, None]]).fetchone()[0] == [1.0, 2.0]
    # overlapping spans are one moment: the gap holds
    assert con.execute(query, [[1, 2, 3], [0.5, 1.0, None], [1.5, 2.5, None]]).fetchone()[0] == [1.0]
    assert con.execute(query, [[1, 2, 3], None, None]).fetchone()[0] == [1.0]  # no spans: temporal_nms


@settings(max_examples=40, deadline=None)
@given(st.lists(candidates(max_size=15), min_size=1, max_size=4), st.integers(1, 6), gaps)
def test_table_form_applies_nms_per_video(con, videos, k, gap):
    rows = [
        (f"v{v}", frame, t, s)
        for v, (ts, score) in enumerate(videos)
        for frame, (t, s) in enumerate(zip(ts, score, strict=True))
    ]
    con.execute("CREATE OR REPLACE TEMP TABLE scored (video_id VARCHAR, frame_idx INTEGER, ts DOUBLE, score DOUBLE)")
    if rows:
        con.executemany("INSERT INTO scored VALUES (?, ?, ?, ?)", rows)
    got = con.execute("SELECT video_id, ts, score FROM temporal_nms_table('scored', ?, ?)", [k, gap]).fetchall()
    # Same kept set as the scalar reference, per video. (Rows equal in both ts and score are
    # interchangeable: the table form keeps one of them, so the test compares values, not frame_idx.)
    expected = [
        (f"v{v}", kept["ts"], kept["score"])
        for v, (ts, score) in enumerate(videos)
        for kept in nms_ref(ts, score, k, gap)
    ]
    assert sorted(got) == sorted(expected)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.tuples(st.floats(0, 60, allow_nan=False), scores), min_size=100, max_size=400),
    st.integers(1, 4),
    st.floats(0.5, 30),
)
def test_long_lists_match_python(con, cands, k, gap):
    # Lists longer than 16 * k take the prefix scans of _nms_greedy, or their fallbacks.
    ts, score = [t for t, _ in cands], [s for _, s in cands]
    assert nms_sql(con, ts, score, k, gap) == nms_ref(ts, score, k, gap)


@pytest.mark.parametrize("cluster", [30, 300, 500])
def test_prefix_scans_fall_back_when_the_best_candidates_are_one_cluster(con, cluster):
    # The best `cluster` candidates lie within 5 s, so they yield one pick: with k = 3 the scans of the
    # best 48 and 384 candidates find the rest (30), only the second one does (300), neither does (500).
    ts = [i * 0.01 for i in range(cluster)] + [100.0, 200.0]
    score = [1.0 - i * 1e-4 for i in range(cluster)] + [0.1, 0.2]
    kept = nms_sql(con, ts, score, 3, 5.0)
    assert kept == nms_ref(ts, score, 3, 5.0)
    assert [c["ts"] for c in kept] == [0.0, 100.0, 200.0]


def test_worked_example(con):
    kept = nms_sql(con, [0, 1, 2, 6, 7], [0.2, 0.9, 0.8, 0.5, 0.7], 2, 3)
    assert kept == [{"ts": 1.0, "score": 0.9, "idx": 2}, {"ts": 7.0, "score": 0.7, "idx": 5}]


def test_equal_scores_keep_the_earlier_time(con):
    assert [c["ts"] for c in nms_sql(con, [4, 2, 3], [0.5, 0.5, 0.5], 1, 10)] == [2.0]


def test_candidates_exactly_gap_apart_are_both_kept(con):
    assert [c["ts"] for c in nms_sql(con, [0, 3, 4], [0.9, 0.85, 0.8], 3, 3)] == [0.0, 3.0]


def test_gap_zero_keeps_the_k_best(con):
    assert sorted(c["idx"] for c in nms_sql(con, [5, 5, 5, 1], [0.1, 0.3, 0.2, 0.0], 2, 0)) == [2, 3]


def test_candidates_with_null_time_or_score_are_skipped(con):
    kept = nms_sql(con, [0, None, 2, 9], [None, 0.9, 0.5, 0.1], 5, 1)
    assert [c["idx"] for c in kept] == [3, 4]


def test_empty_and_null_inputs(con):
    assert nms_sql(con, [], [], 3, 1.0) == []
    assert nms_sql(con, [1.0], [1.0], 0, 1.0) == []
    assert nms_sql(con, None, [1.0], 1, 1.0) is None
    assert nms_sql(con, [1.0], [1.0], None, 1.0) is None
    assert nms_sql(con, [1.0], [1.0], 1, None) is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([1.0, 2.0], [1.0], 1, 1.0), "ts_list has 2 elements but score_list has 1"),
        (([1.0], [1.0], -1, 1.0), "temporal_nms: k -1 < 0"),
        (([1.0], [1.0], 1, -2.0), "temporal_nms: gap -2.0 < 0"),
    ],
)
def test_bad_arguments_are_errors_naming_the_values(con, args, message):
    with pytest.raises(duckdb.InvalidInputException, match=message):
        nms_sql(con, *args)


def test_two_argument_table_form_reads_each_videos_gap_column(con):
    con.execute(
        """CREATE OR REPLACE TEMP TABLE gapped AS
        SELECT video_id, range AS frame_idx, range * 1.0 AS ts, 1.0 / (1 + abs(range - 10)) AS score, gap
        FROM (VALUES ('short', 1.0), ('long', 6.0)) v(video_id, gap), range(21)"""
    )
    got = con.execute("SELECT video_id, ts FROM temporal_nms_table('gapped', 3) ORDER BY video_id, ts").fetchall()
    assert got == [("long", 4.0), ("long", 10.0), ("long", 16.0), ("short", 9.0), ("short", 10.0), ("short", 11.0)]


def test_table_form_keeps_all_columns_and_works_over_a_cte(con):
    rel = con.sql(
        """WITH scored AS (SELECT 'v' AS video_id, range / 2 AS ts, sin(range) AS score, 'x' AS extra FROM range(40))
        SELECT * FROM temporal_nms_table('scored', 3, 4.0)"""
    )
    assert rel.columns == ["video_id", "ts", "score", "extra"]
    assert [row[1] for row in rel.fetchall()] == [1.0, 7.0, 16.5]


def test_toolmerge_gap(con):
    assert con.execute("SELECT toolmerge_gap(60, 8), toolmerge_gap(3600, 8)").fetchone() == (3.75, 10.0)
    assert con.execute("SELECT toolmerge_gap(NULL, 8), toolmerge_gap(60, NULL)").fetchone() == (None, None)
    with pytest.raises(duckdb.InvalidInputException, match="toolmerge_gap: k 0 <= 0"):
        con.execute("SELECT toolmerge_gap(60, 0)").fetchone()
    with pytest.raises(duckdb.InvalidInputException, match="toolmerge_gap: duration_s -1.0 < 0"):
        con.execute("SELECT toolmerge_gap(-1, 8)").fetchone()
