"""The interval macros of vqdb/queries/intervals.sql against plain Python references."""

from __future__ import annotations

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.queries import load_sql_macros

# Times that often coincide (integers, so touching and nested intervals are common) or not (floats).
times = st.one_of(st.integers(0, 30).map(float), st.floats(0, 100, allow_nan=False))


@st.composite
def spans(draw):
    start = draw(times)
    return start, start + draw(st.one_of(st.just(0.0), times))


span_lists = st.lists(spans(), max_size=8)


@pytest.fixture(scope="module")
def con():
    connection = duckdb.connect()
    load_sql_macros(connection)
    yield connection
    connection.close()


def sql(con, expression, *params):
    return con.execute(f"SELECT {expression}", list(params)).fetchone()[0]


def as_structs(pairs):
    return [{"start": s, "end": e} for s, e in pairs]


def as_pairs(structs):
    return [(x["start"], x["end"]) for x in structs]


# Plain Python references, written from METRICS.md.
def overlap_ref(s1, e1, s2, e2):
    return max(0.0, min(e1, e2) - max(s1, s2))


def iou_ref(s1, e1, s2, e2):
    inter = overlap_ref(s1, e1, s2, e2)
    union = (e1 - s1) + (e2 - s2) - inter
    return inter / union if inter > 0 else 0.0


def gtou_ref(gs, ge, ps, pe):
    if min(ge, pe) - max(gs, ps) > 0:
        return (ge - gs) / (max(ge, pe) - min(gs, ps))
    if ps == pe and gs <= ps <= ge:
        return 1.0
    return 0.0


def merge_ref(pairs):
    merged = []
    for s, e in sorted(pairs):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def tiou_ref(pred, gt):
    p, g = merge_ref(pred), merge_ref(gt)
    inter = sum(max(0.0, min(a[1], b[1]) - max(a[0], b[0])) for a in p for b in g)
    denominator = sum(e - s for s, e in p) + sum(e - s for s, e in g) - inter
    return inter / denominator if denominator > 0 else 0.0


def spans_ref(ts, gap):
    result = []
    for t in sorted(ts):
        if result and t - result[-1][1] <= gap:
            result[-1] = (result[-1][0], t)
        else:
            result.append((t, t))
    return result


@settings(max_examples=150, deadline=None)
@given(spans(), spans())
def test_pairwise_functions_match_python(con, a, b):
    args = (*a, *b)
    assert sql(con, "interval_overlap(?, ?, ?, ?)", *args) == pytest.approx(overlap_ref(*args), abs=1e-9)
    assert sql(con, "interval_iou(?, ?, ?, ?)", *args) == pytest.approx(iou_ref(*args), abs=1e-9)
    assert sql(con, "gtou(?, ?, ?, ?)", *args) == pytest.approx(gtou_ref(*args), abs=1e-9)
    assert sql(con, "interval_hull(?, ?, ?, ?)", *args) == {"start": min(a[0], b[0]), "end": max(a[1], b[1])}


@settings(max_examples=150, deadline=None)
@given(span_lists)
def test_merge_matches_python(con, pairs):
    assert as_pairs(sql(con, "intervals_merge(?)", as_structs(pairs))) == merge_ref(pairs)


@settings(max_examples=150, deadline=None)
@given(span_lists, span_lists)
def test_tiou_matches_python(con, pred, gt):
    got = sql(con, "intervals_tiou(?, ?)", as_structs(pred), as_structs(gt))
    assert got == pytest.approx(tiou_ref(pred, gt), abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(st.lists(times, max_size=12), st.one_of(st.just(0.0), st.floats(0, 20)))
def test_spans_from_timestamps_match_python(con, ts, gap):
    assert as_pairs(sql(con, "intervals_from_timestamps(?, ?)", ts, gap)) == spans_ref(ts, gap)


# Named edge cases of METRICS.md.
def test_touching_intervals_merge(con):
    merged = sql(con, "intervals_merge(?)", as_structs([(2, 3), (0, 2), (5, 6)]))
    assert as_pairs(merged) == [(0.0, 3.0), (5.0, 6.0)]


def test_partial_overlap_gtou_is_gt_length_over_hull_while_iou_is_a_third(con):
    assert sql(con, "gtou(5, 15, 0, 10)") == pytest.approx(10 / 15)
    assert sql(con, "interval_iou(5, 15, 0, 10)") == pytest.approx(5 / 15)


@pytest.mark.parametrize("point", [5.0, 10.0, 15.0])
def test_gtou_of_zero_length_prediction_inside_gt_is_one(con, point):
    assert sql(con, "gtou(5, 15, ?, ?)", point, point) == 1.0


def test_gtou_of_zero_length_prediction_outside_gt_is_zero(con):
    assert sql(con, "gtou(5, 15, 16, 16)") == 0.0


def test_zero_length_intervals(con):
    assert sql(con, "interval_overlap(3, 3, 0, 10)") == 0.0
    assert sql(con, "interval_iou(3, 3, 3, 3)") == 0.0
    assert as_pairs(sql(con, "intervals_merge(?)", as_structs([(3, 3), (3, 4)]))) == [(3.0, 4.0)]
    assert sql(con, "intervals_tiou(?, ?)", as_structs([(3, 3)]), as_structs([(3, 3)])) == 0.0


def test_tiou_counts_every_gt_interval(con):
    pred, gt = as_structs([(0, 10)]), as_structs([(5, 10), (20, 25)])
    assert sql(con, "intervals_tiou(?, ?)", pred, gt) == pytest.approx(5 / 15)


def test_empty_lists(con):
    assert sql(con, "intervals_merge([])") == []
    assert sql(con, "intervals_tiou([], [])") == 0.0
    assert sql(con, "intervals_tiou([], [{'start': 0, 'end': 1}])") == 0.0
    assert sql(con, "intervals_from_timestamps([], 1)") == []


def test_list_elements_with_a_null_bound_are_ignored(con):
    assert as_pairs(sql(con, "intervals_merge([{'start': 4, 'end': NULL}, NULL, {'start': 1, 'end': 2}])")) == [
        (1.0, 2.0)
    ]
    assert as_pairs(sql(con, "intervals_from_timestamps([NULL, 1, 2], 1)")) == [(1.0, 2.0)]


@pytest.mark.parametrize(
    "expression",
    [
        "interval_overlap(NULL, 1, 0, 1)",
        "interval_iou(0, 1, 0, NULL)",
        "interval_hull(0, NULL, 0, 1)",
        "gtou(0, 10, NULL, NULL)",
        "intervals_merge(NULL)",
        "intervals_tiou(NULL, [])",
        "intervals_tiou([], NULL)",
        "intervals_from_timestamps(NULL, 1)",
        "intervals_from_timestamps([1], NULL)",
    ],
)
def test_null_in_null_out(con, expression):
    assert sql(con, expression) is None


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("interval_iou(5, 3, 0, 10)", "interval_iou: start 5.0 > end 3.0"),
        ("interval_overlap(0, 1, 7, 2)", "interval_overlap: start 7.0 > end 2.0"),
        ("interval_hull(2, 1, 0, 1)", "interval_hull: start 2.0 > end 1.0"),
        ("gtou(0, 1, 9, 8)", "gtou: start 9.0 > end 8.0"),
        ("intervals_merge([{'start': 4, 'end': 3}])", "intervals_merge: interval {'start': 4.0, 'end': 3.0}"),
        ("intervals_tiou([], [{'start': 4, 'end': 3}])", "intervals_merge: interval {'start': 4.0, 'end': 3.0}"),
        ("intervals_from_timestamps([1], -1)", "intervals_from_timestamps: gap -1.0 < 0"),
    ],
)
def test_bad_bounds_are_errors_naming_the_value(con, expression, message):
    with pytest.raises(duckdb.InvalidInputException, match=message):
        sql(con, expression)


def test_bad_bounds_on_rows_filtered_out_do_not_raise(con):
    rows = con.execute(
        "SELECT interval_overlap(s, e, 0, 10) FROM (VALUES (1.0, 2.0), (5.0, 3.0)) t(s, e) WHERE s < e"
    ).fetchall()
    assert rows == [(1.0,)]


def test_column_names_of_the_caller_do_not_leak_into_the_macros(con):
    # The macros' lambda variables must not resolve to a caller's table or column of the same name.
    con.execute(
        "CREATE OR REPLACE TEMP TABLE x AS SELECT [{'start': 1, 'end': 2}, {'start': 2, 'end': 5}] AS l, 9 AS start"
    )
    assert sql(con, "intervals_merge(l), intervals_tiou(l, l) FROM x") == [{"start": 1.0, "end": 5.0}]
    assert con.execute("SELECT intervals_tiou(l, l) FROM x").fetchone()[0] == 1.0
