"""Where a keyframe is placed: a moment inside its evidence, not only a sampled second.

Keyframes are chosen among the sampled frames (ToolMerge's merge and NMS), but what a text tool found has
exact times: the words said (``transcript``, ``subtitle``) or the text's time on screen (``ocr``, edges
measured at ingest), its **focus**. A phrase said at 6.55-7.15 s is nearest the 7.0 s frame at 1 fps but
can rank the 6.0 s one first (both reach it); a word said at 0.2-0.7 s has no sampled frame at all; a sign
that appears at 13.1 s is barely on screen at 13.0 s. So each keyframe's time ``ts`` is its sampled frame's
time clamped into its focus, at least ``MARGIN`` sampling periods from the focus's edges (half of it when the
focus is shorter than that): a sampled frame well inside its evidence stays where it is, one at an edge or
outside moves to the nearest moment that is well inside (the middle of a short phrase).

The focus is that of the first of the keyframe's supporting calls, in the plan's order, that has one (the
calls of tools with ``spans``, without ``when``); a keyframe with none keeps its sampled time. ``frame_idx``
stays the sampled frame the merge ranked.

Temporal NMS keeps keyframes ``gap`` apart by these placed times (``frame_times``), not by the sampled ones: the
frames of one phrase said or one text shown all place in its focus, and kept apart only by their sampled times
they came back as up to ``k`` keyframes at one moment (4 of 4 at 4.6 s for "what does the narrator call the
Gutenberg?"), while other moments with evidence went unshown. Two keyframes whose foci are disjoint (``frame_foci``)
are two moments however near (``columnar.nms``, ``temporal_nms_spans``).

The compiled SQL (``moment_sql``) and the arrays (``moment``) compute it with the same operations, so both
paths give equal rows.

Example:
    >>> import numpy as np
    >>> moment(np.array([6.0, 3.0, 0.0]), np.array([6.55, 2.0, 0.2]), np.array([7.15, 6.0, 0.7]), 1.0).round(2).tolist()
    [6.85, 3.0, 0.45]
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from sqlglot import exp

from vqdb.planner.plan import Plan
from vqdb.planner.sqlbuild import fn, number
from vqdb.planner.tools.base import FrameEvidence

MARGIN = 0.5  # sampling periods a keyframe keeps from the edges of its focus


def moment(ts: np.ndarray, focus_start: np.ndarray, focus_end: np.ndarray, period: float) -> np.ndarray:
    """``ts`` clamped into ``[focus_start + margin, focus_end - margin]``, margin = the least of ``MARGIN``
    periods and half the focus (NaN where the focus is NaN).

    Example:
        >>> moment(np.array([13.0, 15.0]), np.array([13.1, 13.1]), np.array([20.0, 20.0]), 1.0).round(2).tolist()
        [13.6, 15.0]
    """
    margin = np.minimum(period * MARGIN, (focus_end - focus_start) / 2)
    return np.maximum(focus_start + margin, np.minimum(ts, focus_end - margin))


def moment_sql(ts: exp.Expression, focus_start: exp.Expression, focus_end: exp.Expression, period: exp.Expression):
    """``moment`` as a SQL expression (``greatest`` / ``least``: the same operations in the same order).

    Example:
        >>> from vqdb.planner.sqlbuild import col
        >>> moment_sql(col("ts"), col("lo"), col("hi"), col("period")).sql("duckdb")
        'GREATEST(lo + LEAST(period * 0.5, (hi - lo) / 2), LEAST(ts, hi - LEAST(period * 0.5, (hi - lo) / 2)))'
    """
    half = exp.Div(this=exp.paren(exp.Sub(this=focus_end, expression=focus_start)), expression=number(2))
    margin = fn("least", exp.Mul(this=period, expression=number(MARGIN)), half)
    low = exp.Add(this=focus_start.copy(), expression=margin)
    high = exp.Sub(this=focus_end.copy(), expression=margin.copy())
    return fn("greatest", low, fn("least", ts, high))


def frame_foci(
    plan: Plan, evidence: Mapping[str, FrameEvidence], supports: Mapping[str, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Each frame's focus (start and end; NaN where none): that of its first supporting call, in plan order,
    that has one (``supports``: per call, the frames it supports). NMS keeps two keyframes a short time apart
    when their foci are disjoint: two phrases said, two texts shown (``columnar.nms``).

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": "y"}]})
        >>> said = FrameEvidence(np.array([np.nan, 0.9]), focus_start=np.array([np.nan, 1.6]),
        ...                      focus_end=np.array([np.nan, 1.9]))
        >>> [part.tolist() for part in frame_foci(plan, {"Q1": said}, {"Q1": np.array([False, True])})]
        [[nan, 1.6], [nan, 1.9]]
    """
    n = len(next(iter(supports.values()))) if supports else 0
    start, end = np.full(n, np.nan), np.full(n, np.nan)
    for call in plan.queries:
        found = evidence.get(call.id)
        if found is None or found.focus_start is None:
            continue
        here = supports[call.id] & ~np.isnan(found.focus_start) & np.isnan(start)
        start[here], end[here] = found.focus_start[here], found.focus_end[here]
    return start, end


def frame_times(
    plan: Plan, evidence: Mapping[str, FrameEvidence], supports: Mapping[str, np.ndarray], ts: np.ndarray, period: float
) -> np.ndarray:
    """Where each frame's keyframe would be (``ts``: every frame's sampled time; ``supports``: per call, the
    frames it supports): in the focus of its first supporting call, in plan order, that has one (``moment``,
    ``frame_foci``), else at its sampled time. NMS keeps keyframes apart by these times, so two frames that
    one phrase or one showing supports are one moment, not two keyframes at the same time.

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "x"},
        ...     {"id": "Q2", "tool": "transcript", "query": "y"}], "combine": "Q1 OR Q2"})
        >>> nan = np.nan
        >>> said = FrameEvidence(np.array([nan, 0.9]), focus_start=np.array([nan, 1.6]), focus_end=np.array([nan, 1.9]))
        >>> evidence = {"Q1": FrameEvidence(np.array([0.2, 0.1])), "Q2": said}
        >>> supports = {"Q1": np.array([True, True]), "Q2": np.array([False, True])}
        >>> frame_times(plan, evidence, supports, np.array([0.0, 1.0]), 1.0).tolist()
        [0.0, 1.75]
    """
    start, end = frame_foci(plan, evidence, supports)
    times = ts.astype(np.float64)
    placed = ~np.isnan(start)
    times[placed] = moment(ts[placed], start[placed], end[placed], period)
    return times
