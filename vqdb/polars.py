"""Interval functions as a Polars expression namespace ``.vq``, mirroring vqdb/queries/intervals.sql.

An interval is a struct column with fields ``start`` and ``end`` (seconds; build one from two columns
with :func:`interval`), a set of intervals a list of such structs, as in SQL's
``LIST(STRUCT(start DOUBLE, "end" DOUBLE))``. The semantics are the SQL macros': NULL in, NULL out;
list elements with a NULL bound are ignored; an interval with start > end raises
:class:`vqdb.errors.VqdbError` naming the value. Importing ``vqdb.polars`` registers the namespace.

==============================  ==========================================
Polars                          SQL
==============================  ==========================================
``a.vq.overlap(b)``             ``interval_overlap(s1, e1, s2, e2)``
``a.vq.iou(b)``                 ``interval_iou(s1, e1, s2, e2)``
``a.vq.hull(b)``                ``interval_hull(s1, e1, s2, e2)``
``gt.vq.gtou(pred)``            ``gtou(gt_s, gt_e, pred_s, pred_e)``
``spans.vq.merge()``            ``intervals_merge(spans)``
``pred.vq.tiou(gt)``            ``intervals_tiou(pred, gt)``
==============================  ==========================================

Example:
    >>> import polars as pl
    >>> import vqdb.polars
    >>> df = pl.DataFrame({"gt_s": [5.0], "gt_e": [15.0], "pred_s": [0.0], "pred_e": [10.0]})
    >>> gt, pred = vqdb.polars.interval("gt_s", "gt_e"), vqdb.polars.interval("pred_s", "pred_e")
    >>> df.select(gtou=gt.vq.gtou(pred).round(3), iou=gt.vq.iou(pred).round(3)).row(0)
    (0.667, 0.333)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import polars as pl

from vqdb.errors import VqdbError

if TYPE_CHECKING:  # numpy is imported where the list functions run: importing vqdb stays light
    import numpy as np

INTERVAL = pl.Struct({"start": pl.Float64, "end": pl.Float64})
INTERVALS = pl.List(INTERVAL)


def interval(start: str | pl.Expr, end: str | pl.Expr) -> pl.Expr:
    """A struct expression ``{start, end}`` (Float64) from two columns or expressions.

    Example:
        >>> import polars as pl
        >>> pl.DataFrame({"s": [1], "e": [2]}).select(span=interval("s", "e")).item()
        {'start': 1.0, 'end': 2.0}
    """
    return pl.struct(start=_expr(start).cast(pl.Float64), end=_expr(end).cast(pl.Float64))


@pl.api.register_expr_namespace("vq")
class IntervalNamespace:
    """``pl.col(...).vq``: interval algebra on struct ``{start, end}`` and list-of-struct columns.

    Example:
        >>> import polars as pl
        >>> spans = pl.DataFrame({"spans": [[{"start": 2.0, "end": 3.0}, {"start": 0.0, "end": 2.0}]]})
        >>> spans.select(pl.col("spans").vq.merge()).item().to_list()
        [{'start': 0.0, 'end': 3.0}]
    """

    def __init__(self, expr: pl.Expr):
        self._expr = expr

    def overlap(self, other: str | pl.Expr) -> pl.Expr:
        """Length of the intersection with ``other``; 0 when disjoint (SQL ``interval_overlap``).

        Example:
            >>> import polars as pl
            >>> df = pl.DataFrame({"a": [{"start": 0, "end": 10}], "b": [{"start": 5, "end": 15}]})
            >>> df.select(pl.col("a").vq.overlap("b")).item()
            5.0
        """
        return self._pairwise(other, "overlap", _overlap, pl.Float64)

    def iou(self, other: str | pl.Expr) -> pl.Expr:
        """Intersection over union with ``other``, 0 when they do not overlap (SQL ``interval_iou``).

        Example:
            >>> import polars as pl
            >>> df = pl.DataFrame({"a": [{"start": 5, "end": 15}], "b": [{"start": 0, "end": 10}]})
            >>> round(df.select(pl.col("a").vq.iou("b")).item(), 4)
            0.3333
        """
        return self._pairwise(other, "iou", _iou, pl.Float64)

    def hull(self, other: str | pl.Expr) -> pl.Expr:
        """The smallest interval containing both, as a struct ``{start, end}`` (SQL ``interval_hull``).

        Example:
            >>> import polars as pl
            >>> df = pl.DataFrame({"a": [{"start": 5, "end": 15}], "b": [{"start": 0, "end": 10}]})
            >>> df.select(pl.col("a").vq.hull("b")).item()
            {'start': 0.0, 'end': 15.0}
        """
        return self._pairwise(other, "hull", _hull, INTERVAL)

    def gtou(self, pred: str | pl.Expr) -> pl.Expr:
        """FALCON-Bench GToU of this ground truth and ``pred`` (SQL ``gtou``): len(gt) / hull when they
        overlap, 1 for a zero-length prediction inside gt, else 0.

        Example:
            >>> import polars as pl
            >>> df = pl.DataFrame({"gt": [{"start": 5, "end": 15}] * 2, "pred": [{"start": 0, "end": 10},
            ...                                                               {"start": 8, "end": 8}]})
            >>> df.select(pl.col("gt").vq.gtou("pred").round(3)).to_series().to_list()
            [0.667, 1.0]
        """
        return self._pairwise(pred, "gtou", _gtou, pl.Float64)

    def merge(self) -> pl.Expr:
        """Union of a list of intervals as disjoint intervals sorted by start; touching ones merge
        (SQL ``intervals_merge``).

        Example:
            >>> import polars as pl
            >>> df = pl.DataFrame({"l": [[{"start": 4, "end": 6}, {"start": 0, "end": 2}, {"start": 2, "end": 3}]]})
            >>> df.select(pl.col("l").vq.merge()).item().to_list()
            [{'start': 0.0, 'end': 3.0}, {'start': 4.0, 'end': 6.0}]
        """
        return self._named(
            self._expr.map_batches(lambda s: merge_series(s, "merge"), return_dtype=INTERVALS, is_elementwise=True)
        )

    def tiou(self, gt: str | pl.Expr) -> pl.Expr:
        """CG-Bench multi-interval tIoU of these predictions and ``gt`` (SQL ``intervals_tiou``).

        Both lists are merged; the sum over pairs of overlaps is then the length of their intersection,
        I = |P| + |G| - |merge(P + G)|, and tIoU = I / |merge(P + G)| (0 when that is 0).

        Example:
            >>> import polars as pl
            >>> df = pl.DataFrame({"pred": [[{"start": 0, "end": 10}]],
            ...                    "gt": [[{"start": 5, "end": 10}, {"start": 20, "end": 25}]]})
            >>> round(df.select(pl.col("pred").vq.tiou("gt")).item(), 4)
            0.3333
        """
        pair = pl.struct(pred=self._expr, gt=_expr(gt))
        return self._named(pair.map_batches(tiou_series, return_dtype=pl.Float64, is_elementwise=True))

    def _named(self, result: pl.Expr) -> pl.Expr:
        """``result`` named after this namespace's column, as Polars names other expressions."""
        name = self._expr.meta.output_name(raise_if_undetermined=False)
        return result if name is None else result.alias(name)

    def _pairwise(
        self, other: str | pl.Expr, name: str, formula: Callable[..., pl.Expr], dtype: pl.DataType
    ) -> pl.Expr:
        """``formula(s1, e1, s2, e2)`` of this interval and ``other``, per batch: NULL where a bound is NULL,
        and a clear error where a column is no interval or an interval has start > end."""
        other = _expr(other)
        columns = tuple(e.meta.output_name(raise_if_undetermined=False) or "an expression" for e in (self._expr, other))
        pair = pl.struct(first=self._expr, second=other)
        return self._named(
            pair.map_batches(
                lambda batch: _pairwise_batch(batch, name, formula, columns), return_dtype=dtype, is_elementwise=True
            )
        )


def _expr(column: str | pl.Expr) -> pl.Expr:
    return pl.col(column) if isinstance(column, str) else column


def _bounds(span: pl.Expr) -> tuple[pl.Expr, pl.Expr]:
    return span.struct.field("start"), span.struct.field("end")


def _intersection(s1: pl.Expr, e1: pl.Expr, s2: pl.Expr, e2: pl.Expr) -> pl.Expr:
    return pl.min_horizontal(e1, e2) - pl.max_horizontal(s1, s2)


def _unless_null(bounds: list[pl.Expr], value: pl.Expr) -> pl.Expr:
    """``value``, or NULL where any bound is NULL (Polars' min/max_horizontal skip NULLs)."""
    return pl.when(pl.all_horizontal([b.is_not_null() for b in bounds])).then(value)


def _pairwise_batch(
    batch: pl.Series, name: str, formula: Callable[..., pl.Expr], columns: tuple[str, str]
) -> pl.Series:
    """``formula`` over a ``{first, second}`` batch of intervals, after checking both."""
    sides = {
        side: _as_interval(batch.struct.field(side), name, column)
        for side, column in zip(("first", "second"), columns, strict=True)
    }
    for spans in sides.values():
        _raise_if_reversed(spans.struct.field("start"), spans.struct.field("end"), name)
    bounds = [*_bounds(pl.col("first")), *_bounds(pl.col("second"))]
    return pl.DataFrame(sides).select(_unless_null(bounds, formula(*bounds))).to_series()


def _as_interval(spans: pl.Series, name: str, column: str) -> pl.Series:
    """``spans`` as Float64 ``{start, end}``, or a VqdbError saying what the column is and what it needs."""
    _check_interval_type(spans.dtype, name, column)
    bounds = {bound: spans.struct.field(bound).cast(pl.Float64) for bound in ("start", "end")}
    return pl.DataFrame(bounds).select(pl.struct("start", "end")).to_series()


def _check_interval_type(dtype: pl.DataType, name: str, column: str, listed: bool = False) -> None:
    """A VqdbError, saying what ``column`` is and what it needs, unless ``dtype`` is an interval (``listed``:
    a list of intervals)."""
    inner = dtype.inner if listed and isinstance(dtype, pl.List) else dtype
    fields = {field.name: field.dtype for field in inner.fields} if isinstance(inner, pl.Struct) else {}
    if (isinstance(dtype, pl.List) or not listed) and all(
        bound in fields and fields[bound].is_numeric() for bound in ("start", "end")
    ):
        return
    what = f"{'a list of structs' if inner is not dtype else 'a struct'} of {', '.join(fields)}" if fields else dtype
    raise VqdbError(
        f"vq.{name}: {column} is {what}, not {'a list of intervals' if listed else 'an interval'}: an interval is a "
        "struct with numeric fields start and end (seconds); build one from two columns with "
        "vqdb.polars.interval('start_s', 'end_s')"
    )


def _overlap(s1: pl.Expr, e1: pl.Expr, s2: pl.Expr, e2: pl.Expr) -> pl.Expr:
    return _intersection(s1, e1, s2, e2).clip(lower_bound=0.0)


def _iou(s1: pl.Expr, e1: pl.Expr, s2: pl.Expr, e2: pl.Expr) -> pl.Expr:
    inter = _intersection(s1, e1, s2, e2)
    return pl.when(inter <= 0).then(0.0).otherwise(inter / ((e1 - s1) + (e2 - s2) - inter))


def _hull(s1: pl.Expr, e1: pl.Expr, s2: pl.Expr, e2: pl.Expr) -> pl.Expr:
    return pl.struct(start=pl.min_horizontal(s1, s2), end=pl.max_horizontal(e1, e2))


def _gtou(gs: pl.Expr, ge: pl.Expr, ps: pl.Expr, pe: pl.Expr) -> pl.Expr:
    return (
        pl.when(_intersection(gs, ge, ps, pe) > 0)
        .then((ge - gs) / (pl.max_horizontal(ge, pe) - pl.min_horizontal(gs, ps)))
        .when((ps == pe) & (ps >= gs) & (pe <= ge))
        .then(1.0)
        .otherwise(0.0)
    )


def _raise_if_reversed(starts: pl.Series, ends: pl.Series, name: str) -> None:
    reversed_ = (starts > ends).arg_true()
    if len(reversed_):
        first = reversed_[0]
        raise VqdbError(
            f"vq.{name}: start {starts[first]} > end {ends[first]}; an interval needs start <= end "
            "(swap or fix the bounds)"
        )


def merge_series(lists: pl.Series, name: str = "merge") -> pl.Series:
    """Merge every list of intervals of ``lists`` at once, vectorized over the whole column.

    NULL lists stay NULL; elements with a NULL bound are dropped; start > end raises.

    Example:
        >>> import polars as pl
        >>> merge_series(pl.Series([[{"start": 2, "end": 3}, {"start": 0, "end": 2}], None, []])).to_list()
        [[{'start': 0.0, 'end': 3.0}], None, []]
    """
    import numpy as np

    runs = _merge_runs(_flatten(lists, name))
    merged = pl.DataFrame(runs).group_by("row", maintain_order=True).agg(merged=pl.struct("start", "end"))
    rows = pl.DataFrame({"row": np.arange(len(lists), dtype=np.int64)})
    merged = rows.join(merged, on="row", how="left").sort("row")["merged"]
    return (
        pl.select(pl.when(lists.is_null()).then(None).otherwise(merged.fill_null(pl.lit([], dtype=INTERVALS))))
        .to_series()
        .cast(INTERVALS)
        .alias(lists.name)
    )


def tiou_series(pairs: pl.Series) -> pl.Series:
    """CG-Bench tIoU of a struct column ``{pred, gt}`` of interval lists, vectorized over the column.

    With both lists merged, the sum over pairs of overlaps is the length of their intersection
    I = len(P) + len(G) - len(merge(P + G)), so tIoU = (len(P) + len(G)) / len(merge(P + G)) - 1,
    and 0 / 0 (nothing of either) is 0. A NULL list gives NULL.

    Example:
        >>> import polars as pl
        >>> pairs = pl.Series([{"pred": [{"start": 0, "end": 10}], "gt": [{"start": 5, "end": 15}]}])
        >>> round(tiou_series(pairs)[0], 4)
        0.3333
    """
    import numpy as np

    pred, truth = pairs.struct.field("pred"), pairs.struct.field("gt")
    flat_pred, flat_truth = _flatten(pred, "tiou"), _flatten(truth, "tiou")
    flat_both = pl.concat([flat_pred, flat_truth]).sort("row", "start", "end")
    lengths = [_length_per_row(_merge_runs(flat), len(pairs)) for flat in (flat_pred, flat_truth, flat_both)]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.nan_to_num((lengths[0] + lengths[1]) / lengths[2] - 1.0, nan=0.0)
    return pl.select(pl.when(pred.is_null() | truth.is_null()).then(None).otherwise(pl.Series(ratio))).to_series()


def _flatten(lists: pl.Series, name: str) -> pl.DataFrame:
    """(row, start, end) of every interval with both bounds, sorted; raises where start > end."""
    _check_interval_type(lists.dtype, name, lists.name or "the column", listed=True)
    flat = (
        pl.DataFrame({"spans": lists})
        .with_row_index("row")
        .explode("spans")
        .select(
            pl.col("row").cast(pl.Int64),
            start=pl.col("spans").struct.field("start").cast(pl.Float64),
            end=pl.col("spans").struct.field("end").cast(pl.Float64),
        )
        .drop_nulls(["start", "end"])
        .sort("row", "start", "end")
    )
    _raise_if_reversed(flat["start"], flat["end"], name)
    return flat


def _merge_runs(flat: pl.DataFrame) -> dict[str, np.ndarray]:
    """The merged intervals (row, start, end) of sorted flat intervals, with numpy over the flat arrays:
    within a row an interval opens a new run when it starts after the running maximum of the ends
    before it; each run spans its first start to the running-max end of its last interval."""
    import numpy as np

    row, start, end = (flat[c].to_numpy() for c in ("row", "start", "end"))
    reach = _running_max_per_row(row, end)
    opens = np.ones(len(row), dtype=bool)
    opens[1:] = (row[1:] != row[:-1]) | (start[1:] > reach[:-1])
    closes = np.ones(len(row), dtype=bool)
    closes[:-1] = opens[1:]
    return {"row": row[opens], "start": start[opens], "end": reach[closes]}


def _running_max_per_row(row: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Running maximum of ``values`` restarting at each new ``row`` (``row`` sorted ascending), exactly:
    on the values' ranks, offset by row so that one accumulate over everything never crosses rows."""
    import numpy as np

    distinct, rank = np.unique(values, return_inverse=True)
    offset = row.astype(np.int64) * len(distinct)
    return distinct[np.maximum.accumulate(offset + rank) - offset]


def _length_per_row(runs: dict[str, np.ndarray], rows: int) -> np.ndarray:
    import numpy as np

    return np.bincount(runs["row"], weights=runs["end"] - runs["start"], minlength=rows)
