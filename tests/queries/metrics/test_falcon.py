"""FALCON-Bench macros against a plain Python reference."""

from __future__ import annotations

import math

import duckdb
import pyarrow as pa
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st


# -- reference --------------------------------------------------------------------------------------
def gtou(gs, ge, ps, pe):
    if ps is None or pe is None:
        return 0.0
    inter = max(0.0, min(ge, pe) - max(gs, ps))
    if inter > 0:
        return (ge - gs) / (max(ge, pe) - min(gs, ps))
    if ps == pe and gs <= ps <= ge:
        return 1.0
    return 0.0


def hull_iou(gs, ge, ps, pe):
    if ps is None or pe is None:
        return 0.0
    inter = max(0.0, min(ge, pe) - max(gs, ps))
    return inter / (max(ge, pe) - min(gs, ps)) if inter > 0 else 0.0


def reference(gt_rows, pred_rows):
    preds = {p["question_id"]: p for p in pred_rows}
    by_dataset = {}
    for g in gt_rows:
        p = preds.get(g["question_id"], {"answer": None, "pred_start": None, "pred_end": None})
        row = (
            round(gtou(g["gt_start"], g["gt_end"], p["pred_start"], p["pred_end"]), 5),
            round(hull_iou(g["gt_start"], g["gt_end"], p["pred_start"], p["pred_end"]), 5),
            p["answer"] == chr(65 + g["gt_option_idx"]),
        )
        by_dataset.setdefault(g["dataset"], []).append(row)
    out = {}
    for name, rows in sorted(by_dataset.items()):
        out[name] = (
            len(rows),
            100 * sum(r[0] for r in rows) / len(rows),
            100 * sum(r[1] for r in rows) / len(rows),
            100 * sum(r[2] for r in rows) / len(rows),
        )
    k = len(out)
    out["overall"] = (
        len(gt_rows),
        sum(v[1] for v in out.values()) / k,
        sum(v[2] for v in out.values()) / k,
        sum(v[3] for v in out.values()) / k,
    )
    return out


def register(con, gt_rows, pred_rows):
    con.register(
        "gt",
        pa.Table.from_pylist(
            gt_rows,
            schema=pa.schema(
                [
                    ("question_id", pa.string()),
                    ("dataset", pa.string()),
                    ("gt_option_idx", pa.int32()),
                    ("gt_start", pa.float64()),
                    ("gt_end", pa.float64()),
                ]
            ),
        ),
    )
    con.register(
        "pred",
        pa.Table.from_pylist(
            pred_rows,
            schema=pa.schema(
                [
                    ("question_id", pa.string()),
                    ("answer", pa.string()),
                    ("pred_start", pa.float64()),
                    ("pred_end", pa.float64()),
                ]
            ),
        ),
    )


def falcon(con):
    return {r[0]: r[1:] for r in con.sql("FROM falcon_metrics(gt, pred)").fetchall()}


def question(con, gt_window, pred_window):
    register(
        con,
        [{"question_id": "q", "dataset": "d", "gt_option_idx": 0, "gt_start": gt_window[0], "gt_end": gt_window[1]}],
        [{"question_id": "q", "answer": "A", "pred_start": pred_window[0], "pred_end": pred_window[1]}],
    )
    return con.sql("SELECT gtou, iou FROM falcon_questions(gt, pred)").fetchone()


# -- named edge cases ----------------------------------------------------------------------------
def test_partial_overlap_gtou_is_gt_length_over_hull(con):
    assert question(con, (5, 15), (0, 10)) == (0.66667, 0.33333)


def test_zero_length_prediction_inside_gt_has_gtou_one(con):
    assert question(con, (5, 15), (7, 7)) == (1.0, 0.0)


def test_zero_length_prediction_on_gt_bound_has_gtou_one(con):
    assert question(con, (5, 15), (15, 15)) == (1.0, 0.0)


def test_zero_length_prediction_outside_gt_scores_zero(con):
    assert question(con, (5, 15), (16, 16)) == (0.0, 0.0)


def test_touching_windows_do_not_overlap(con):
    assert question(con, (5, 15), (15, 20)) == (0.0, 0.0)


def test_missing_prediction_scores_zero(con):
    assert question(con, (5, 15), (None, None)) == (0.0, 0.0)


def test_values_are_rounded_half_to_even_before_averaging(con):
    # len(gt) / hull = 1 / 64 = 0.015625 -> 0.01562 (Python's round), not 0.01563
    assert question(con, (0, 1), (0.5, 64))[0] == 0.01562


def test_overall_is_the_unweighted_mean_over_datasets(con):
    gt = [
        {"question_id": "a1", "dataset": "a", "gt_option_idx": 0, "gt_start": 0.0, "gt_end": 1.0},
        {"question_id": "a2", "dataset": "a", "gt_option_idx": 0, "gt_start": 0.0, "gt_end": 1.0},
        {"question_id": "a3", "dataset": "a", "gt_option_idx": 0, "gt_start": 0.0, "gt_end": 1.0},
        {"question_id": "b1", "dataset": "b", "gt_option_idx": 1, "gt_start": 0.0, "gt_end": 1.0},
    ]
    pred = [{"question_id": q, "answer": "A", "pred_start": None, "pred_end": None} for q in ("a1", "a2", "a3", "b1")]
    register(con, gt, pred)
    result = falcon(con)
    assert result["a"][3] == 100.0 and result["b"][3] == 0.0
    assert result["overall"] == (4, 0.0, 0.0, 50.0)  # not 75 (the pooled accuracy)


def test_reversed_prediction_window_is_a_clear_error(con):
    with pytest.raises(duckdb.Error, match="start 10.0 > end 2.0"):
        question(con, (0, 5), (10, 2))


# -- SQL == Python ---------------------------------------------------------------------------------
coordinate = st.one_of(st.integers(0, 32).map(lambda k: k / 4), st.floats(0, 100, allow_nan=False))
window = st.tuples(coordinate, coordinate).map(lambda p: (min(p), max(p)))


@st.composite
def benchmark(draw):
    gt_rows, pred_rows = [], []
    for i in range(draw(st.integers(1, 12))):
        s, e = draw(window)
        gt_rows.append(
            {
                "question_id": f"q{i}",
                "dataset": draw(st.sampled_from(["ego4d", "movies", "sports"])),
                "gt_option_idx": draw(st.integers(0, 3)),
                "gt_start": s,
                "gt_end": e,
            }
        )
        if draw(st.integers(0, 4)):
            ps, pe = draw(st.one_of(window, st.just((None, None))))
            pred_rows.append(
                {
                    "question_id": f"q{i}",
                    "answer": draw(st.sampled_from(["A", "B", "C", None])),
                    "pred_start": ps,
                    "pred_end": pe,
                }
            )
    return gt_rows, pred_rows


TIE_AT_5_DECIMALS = (  # IoU 0.499 / 8 = 0.062375: 0.06237 divided by the hull, 0.06238 by the union
    [{"question_id": "q0", "dataset": "ego4d", "gt_option_idx": 0, "gt_start": 0.0, "gt_end": 8.0}],
    [{"question_id": "q0", "answer": "A", "pred_start": 0.001, "pred_end": 0.5}],
)


@settings(max_examples=40, deadline=None)
@given(data=benchmark())
@example(data=TIE_AT_5_DECIMALS)
def test_sql_matches_python_reference(shared_con, data):
    con = shared_con
    register(con, *data)
    got, want = falcon(con), reference(*data)
    assert list(got) == list(want)
    for name, values in want.items():
        assert got[name][0] == values[0]
        for a, b in zip(got[name][1:], values[1:], strict=True):
            assert math.isclose(a, b, abs_tol=1e-7), (name, got[name], values)
