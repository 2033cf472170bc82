"""The Polars namespace ``.vq`` gives the same results as the SQL macros on the same inputs."""

from __future__ import annotations

import duckdb
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vqdb.polars  # noqa: F401  (registers the namespace)
from vqdb.errors import VqdbError
from vqdb.queries import load_sql_macros

times = st.one_of(st.integers(0, 20).map(float), st.floats(0, 100, allow_nan=False))


@st.composite
def spans(draw, nullable=True):
    if nullable and draw(st.integers(0, 9)) == 0:
        return None
    start = draw(times)
    return {"start": start, "end": start + draw(st.one_of(st.just(0.0), times))}


span_lists = st.one_of(st.none(), st.lists(spans(nullable=False), max_size=6))
POLARS_PAIR = {"a": vqdb.polars.INTERVAL, "b": vqdb.polars.INTERVAL}
POLARS_LISTS = {"pred": vqdb.polars.INTERVALS, "gt": vqdb.polars.INTERVALS}


@pytest.fixture(scope="module")
def con():
    connection = duckdb.connect()
    load_sql_macros(connection)
    yield connection
    connection.close()


def sql_column(con, frame: pl.DataFrame, expression: str) -> list:
    con.register("frame", frame.to_arrow())
    try:
        return [row[0] for row in con.execute(f"SELECT {expression} FROM frame").fetchall()]
    finally:
        con.unregister("frame")


def assert_close(got: list, expected: list) -> None:
    assert len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        assert (g is None and e is None) or g == pytest.approx(e, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(spans(), spans()), min_size=1, max_size=25))
def test_pairwise_functions_match_sql(con, pairs):
    frame = pl.DataFrame({"a": [a for a, _ in pairs], "b": [b for _, b in pairs]}, schema=POLARS_PAIR)
    got = frame.select(
        overlap=pl.col("a").vq.overlap("b"),
        iou=pl.col("a").vq.iou("b"),
        gtou=pl.col("a").vq.gtou("b"),
        hull=pl.col("a").vq.hull("b"),
    )
    bounds = "a.start, a.end, b.start, b.end"
    assert_close(got["overlap"].to_list(), sql_column(con, frame, f"interval_overlap({bounds})"))
    assert_close(got["iou"].to_list(), sql_column(con, frame, f"interval_iou({bounds})"))
    assert_close(got["gtou"].to_list(), sql_column(con, frame, f"gtou({bounds})"))
    assert got["hull"].to_list() == sql_column(con, frame, f"interval_hull({bounds})")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(span_lists, span_lists), min_size=1, max_size=20))
def test_list_functions_match_sql(con, pairs):
    frame = pl.DataFrame({"pred": [p for p, _ in pairs], "gt": [g for _, g in pairs]}, schema=POLARS_LISTS)
    got = frame.select(merged=pl.col("pred").vq.merge(), tiou=pl.col("pred").vq.tiou("gt"))
    assert got["merged"].to_list() == sql_column(con, frame, "intervals_merge(pred)")
    assert_close(got["tiou"].to_list(), sql_column(con, frame, "intervals_tiou(pred, gt)"))


def test_metrics_md_examples():
    frame = pl.DataFrame({"gt_s": [5, 5, 5], "gt_e": [15, 15, 15], "pred_s": [0, 8, 16], "pred_e": [10, 8, 16]})
    gt, pred = vqdb.polars.interval("gt_s", "gt_e"), vqdb.polars.interval("pred_s", "pred_e")
    got = frame.select(gtou=gt.vq.gtou(pred), iou=gt.vq.iou(pred))
    assert got["gtou"].to_list() == pytest.approx([10 / 15, 1.0, 0.0])
    assert got["iou"].to_list() == pytest.approx([5 / 15, 0.0, 0.0])


def test_touching_intervals_merge_and_integer_bounds_are_accepted():
    frame = pl.DataFrame({"l": [[{"start": 2, "end": 3}, {"start": 0, "end": 2}, {"start": 5, "end": 6}]]})
    assert frame.select(pl.col("l").vq.merge()).item().to_list() == [
        {"start": 0.0, "end": 3.0},
        {"start": 5.0, "end": 6.0},
    ]


def test_results_keep_the_column_name_and_work_lazily():
    frame = pl.LazyFrame({"gt": [[{"start": 0.0, "end": 4.0}]], "pred": [[{"start": 2.0, "end": 6.0}]]})
    got = frame.select(pl.col("pred").vq.tiou("gt"), pl.col("gt").vq.merge()).collect()
    assert got.columns == ["pred", "gt"]
    assert got["pred"].to_list() == [pytest.approx(2 / 6)]


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        (pl.col("a").vq.iou("b"), r"vq.iou: start 5.0 > end 3.0"),
        (pl.col("b").vq.gtou("a"), r"vq.gtou: start 5.0 > end 3.0"),
        (pl.col("l").vq.merge(), r"vq.merge: start 9.0 > end 1.0"),
        (pl.col("l").vq.tiou("l"), r"vq.tiou: start 9.0 > end 1.0"),
    ],
)
def test_start_after_end_is_an_error_naming_the_value(expression, message):
    frame = pl.DataFrame(
        {
            "a": [{"start": 5, "end": 3}],
            "b": [{"start": 0, "end": 1}],
            "l": [[{"start": 0, "end": 1}, {"start": 9, "end": 1}]],
        }
    )
    with pytest.raises(VqdbError, match=message):
        frame.select(expression)


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        (pl.col("start_s").vq.overlap(vqdb.polars.interval("start_s", "end_s")), r"vq.overlap: start_s is Float64,"),
        (pl.col("a").vq.iou("end_s"), r"vq.iou: end_s is Float64, not an interval"),
        (pl.col("a").vq.hull("se"), r"vq.hull: se is a struct of s, e, not an interval"),
        (pl.col("start_s").vq.merge(), r"vq.merge: start_s is Float64, not a list of intervals"),
        (pl.col("a").vq.tiou("a"), r"vq.tiou: pred is a struct of start, end, not a list of intervals"),
    ],
)
def test_a_column_that_is_no_interval_is_an_error_naming_the_fields_needed(expression, message):
    frame = pl.DataFrame(
        {"start_s": [0.0], "end_s": [10.0], "a": [{"start": 0, "end": 1}], "se": [{"s": 0.0, "e": 1.0}]}
    )
    with pytest.raises(VqdbError, match=message) as raised:
        frame.select(expression)
    assert "struct with numeric fields start and end" in str(raised.value)
