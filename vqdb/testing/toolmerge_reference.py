"""The ToolMerge merge in plain Python: the specification the compiled SQL is tested against.

Inputs are already-scored evidence per call, so the same function checks every tool's SQL, in the shape
its tool's ``evidence`` names (``vqdb.planner.tools``): ``scores`` (``{(video_id, frame_idx): score}``) or
``hits`` (a set of ``(video_id, frame_idx)`` that matched). See ``vqdb.planner.compiler`` for the semantics:
ranks with ties shared (1 + the number of frames scored higher), AND / OR as the worse / better rank,
ties of the merge broken by the same expression with AND as the mean, then (frames no call ranked) by
the distance to the middle of one of ``k`` equal time slots, then by time; a plan's ``order`` ranks its
earliest (latest) frame with real evidence before all others. A call with ``when`` ranks the
frames near its evidence in time (``vqdb.planner.plan.Call``). ``focus`` gives, per call of a tool with
spans, where each frame's evidence is (``{(video_id, frame_idx): (start, end)}``): a keyframe's time is
then its sampled time clamped into the focus of its first supporting call that has one, half a sampling
period (or half the focus) inside its edges (``vqdb.planner.placement``), and NMS keeps the frames whose times so
placed are ``gap`` apart, or whose foci are disjoint (``temporal_nms_spans``).

Example:
    >>> from vqdb.planner.plan import Plan
    >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "x"}]})
    >>> frames = {"v": [(0, 0.0), (1, 1.0), (2, 2.0), (3, 3.0)]}
    >>> rows = merge(plan, frames, {"v": 4.0}, {"Q1": {("v", i): s for i, s in enumerate([.1, .9, .8, .2])}}, k=2)
    >>> [(r.frame_idx, r.merged_rank, r.supporting_calls) for r in rows]
    [(1, 1, ['Q1']), (2, 2, ['Q1'])]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping

from vqdb.planner import boolexpr, temporal_order, tools
from vqdb.planner.plan import FOLLOWING, RELATION_DECAY, Plan
from vqdb.planner.tools.base import RELATION_WINDOW_S

MAX_GAP_S = 10.0  # the cap of toolmerge_gap (vqdb/queries/nms.sql)
Key = tuple[str, int]
Evidence = Mapping[Key, float] | set[Key] | frozenset[Key]


@dataclasses.dataclass(frozen=True)
class Keyframe:
    """One row of the result: the same columns the compiled SQL returns."""

    video_id: str
    frame_idx: int
    ts: float
    score: float | None
    merged_rank: int
    supporting_calls: list[str]


def merge(
    plan: Plan,
    frames: Mapping[str, list[tuple[int, float]]],
    durations: Mapping[str, float | None],
    evidence: Mapping[str, Evidence],
    *,
    k: int = 8,
    gap: float | None = None,
    mode: str = "rank",
    focus: Mapping[str, Mapping[Key, tuple[float, float]]] | None = None,
) -> list[Keyframe]:
    """Keyframes per video, in (video_id, sampled time) order; ``frames`` maps video -> [(frame_idx, ts)]."""
    rows: list[Keyframe] = []
    for video_id in sorted(frames):
        video_frames = sorted(frames[video_id], key=lambda f: (f[1], f[0]))
        if not video_frames:
            continue
        duration = durations.get(video_id)
        duration = video_frames[-1][1] if duration is None else duration
        video_gap = min(duration / (2 * k), MAX_GAP_S) if gap is None else float(gap)
        if plan.is_uniform:
            rows += _uniform(video_id, video_frames, duration, k)
        else:
            period = (video_frames[-1][1] - video_frames[0][1]) / max(len(video_frames) - 1, 1)
            placing = focus or {}, period
            rows += _toolmerge(plan, video_id, video_frames, duration, evidence, k, video_gap, mode, placing)
    return rows


def _focus(plan: Plan, row: Keyframe, focus: Mapping[str, Mapping[Key, tuple[float, float]]]):
    """Where ``row``'s evidence is: the focus of its first supporting call that has one, else None."""
    for call in plan.queries:
        where = focus.get(call.id, {}).get((row.video_id, row.frame_idx))
        if call.id in row.supporting_calls and where is not None:
            return where
    return None


def _placed(plan: Plan, row: Keyframe, focus: Mapping[str, Mapping[Key, tuple[float, float]]], period: float):
    """``row`` at its moment: inside the focus of its first supporting call that has one."""
    where = _focus(plan, row, focus)
    if where is None:
        return row
    start, end = where
    margin = min(period * 0.5, (end - start) / 2)
    return dataclasses.replace(row, ts=max(start + margin, min(row.ts, end - margin)))


def _apart(
    one: tuple[Keyframe, tuple[float, float] | None], other: tuple[Keyframe, tuple[float, float] | None], gap: float
):
    """Two placed keyframes (each with its focus) are two moments: ``gap`` apart, or of disjoint foci."""
    (row, where), (other_row, other_where) = one, other
    if abs(row.ts - other_row.ts) >= gap:
        return True
    return where is not None and other_where is not None and (where[0] >= other_where[1] or other_where[0] >= where[1])


def _toolmerge(plan, video_id, video_frames, duration, evidence, k, gap, mode, placing) -> list[Keyframe]:
    """The kept frames at their moments (``placing``: the calls' focus and the sampling period): greedy NMS
    over the merged order, each frame's moment at least ``gap`` from those of the frames kept before it, or
    its focus disjoint from theirs."""
    n = len(video_frames)
    per_call: dict[str, tuple[dict[int, int], dict[int, float]]] = {}
    raw: dict[str, dict[int, float]] = {}  # each call's own scores (not normalized), what an order reads
    for call in plan.queries:
        if call.when is not None:
            related = _related(video_id, video_frames, evidence[call.id], call)
            per_call[call.id] = _ranks(video_id, video_frames, related, mode)
            raw[call.id] = {f: related[(video_id, f)] for f, _ in video_frames if (video_id, f) in related}
        elif tools.get(call.tool).evidence == "hits":
            medians = _text_medians(video_id, video_frames, evidence[call.id], gap)
            per_call[call.id] = ({f: 1 for f in medians}, {f: 1.0 for f in medians})
            raw[call.id] = dict.fromkeys(medians, 1.0)
        else:
            per_call[call.id] = _ranks(video_id, video_frames, evidence[call.id], mode)
            scores = evidence[call.id]
            raw[call.id] = {f: scores[(video_id, f)] for f, _ in video_frames if scores.get((video_id, f)) is not None}
    promoted = _promoted(plan, video_frames, raw)
    # rank mode merges ranks (a frame a call did not rank: n + 1), score mode normalized scores (0)
    which, missing, worse, better = (0, n + 1, max, min) if mode == "rank" else (1, 0.0, min, max)
    combined, tie_break, grade = {}, {}, {}
    for frame_idx, _ in video_frames:

        def value(cid: str, f: int = frame_idx) -> float:
            return per_call[cid][which].get(f, missing)

        def score(cid: str, f: int = frame_idx) -> float:
            return per_call[cid][1].get(f, 0.0)

        combined[frame_idx] = boolexpr.fold(plan.expression, value, worse, better)
        tie_break[frame_idx] = boolexpr.fold(plan.expression, value, _mean, better)
        # rank mode: frames whose ranks tie come better graded first (AND the worse score, OR the better)
        grade[frame_idx] = -boolexpr.fold(plan.expression, score, min, max) if mode == "rank" else 0.0
    sign = 1 if mode == "rank" else -1
    ranked = {f for ranks, _ in per_call.values() for f in ranks}

    def spread(frame_idx: int, ts: float) -> float:
        """Frames no call ranked: nearest to the middle of one of k equal time slots first."""
        if frame_idx in ranked or not duration > 0:
            return 0.0
        slots = ts * k / duration
        return abs(slots - math.floor(slots) - 0.5)

    order = sorted(
        video_frames,
        key=lambda f: (
            f[0] != promoted,
            sign * combined[f[0]],
            sign * tie_break[f[0]],
            grade[f[0]],
            spread(*f),
            f[1],
            f[0],
        ),
    )
    position = {f[0]: i for i, f in enumerate(order, start=1)}

    def row(frame_idx: int, ts: float) -> Keyframe:
        merged = combined[frame_idx]
        if mode == "rank":
            score = 1.0 - (merged - 1) / n
            support = [c.id for c in plan.queries if per_call[c.id][0].get(frame_idx, n + 2) <= merged]
        else:
            score = merged
            support = [
                c.id
                for c in plan.queries
                if (s := per_call[c.id][1].get(frame_idx)) is not None and s > 0 and s >= merged
            ]
        return _placed(plan, Keyframe(video_id, frame_idx, ts, score, position[frame_idx], support), *placing)

    kept: list[tuple[float, int, Keyframe, tuple[float, float] | None]] = []  # sampled time, frame, row, focus
    for frame_idx, ts in order:
        if len(kept) == k:
            break
        candidate = row(frame_idx, ts)
        where = _focus(plan, candidate, placing[0])
        if all(_apart((candidate, where), (r, w), gap) for _, _, r, w in kept):
            kept.append((ts, frame_idx, candidate, where))
    return [r for _, _, r, _ in sorted(kept, key=lambda f: (f[0], f[1]))]


def _promoted(plan: Plan, video_frames: list[tuple[int, float]], raw: dict[str, dict[int, float]]) -> int | None:
    """The frame a plan's ``order`` ranks first, of the frames where the calls, combined as the plan combines
    them, each score at least the floor their best score in the video sets (``temporal_order.floor``): the
    latest ("last"), or the first of the ``plan.occurrence``-th run of them, runs split where more than
    ``temporal_order.occurrence_gap`` seconds pass between two of them ("first": the earliest); None
    without an order or such a frame."""
    if plan.order is None:
        return None
    floors = {c.id: temporal_order.floor(c, max(raw[c.id].values())) for c in plan.queries if raw[c.id]}

    def real(frame_idx: int) -> bool:
        def leaf(cid: str) -> bool:
            return cid in floors and frame_idx in raw[cid] and raw[cid][frame_idx] >= floors[cid]

        return boolexpr.fold(plan.expression, leaf, all, any)

    found = [(f, ts) for f, ts in video_frames if real(f)]
    if plan.order == "last":
        return found[-1][0] if found else None
    times = [ts for _, ts in video_frames]
    gap = temporal_order.occurrence_gap((times[-1] - times[0]) / max(len(times) - 1, 1))
    starts = [f for i, (f, ts) in enumerate(found) if i == 0 or ts - found[i - 1][1] > gap]
    return starts[plan.occurrence - 1] if len(starts) >= plan.occurrence else None


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _ranks(video_id, video_frames, scores, mode) -> tuple[dict[int, int], dict[int, float]]:
    """Per frame: 1 + the number of frames scored strictly higher, and the (normalized) score."""
    scored = [(f, scores[(video_id, f)]) for f, _ in video_frames if scores.get((video_id, f)) is not None]
    values = dict(scored)
    ranks = {f: 1 + sum(other > s for _, other in scored) for f, s in scored}
    if mode == "score" and values:
        low, high = min(values.values()), max(values.values())
        values = {f: (s - low) / (high - low) if high != low else 1.0 for f, s in values.items()}
    return ranks, values


def _related(video_id, video_frames, scores, call) -> dict[Key, float]:
    """A call with ``when``: each frame's best score of the frames within the window before ("after") or
    after ("before") it, less the decay per second between them; none on a frame where the reference
    (``temporal_order.reference``) is itself real evidence: its score at least its floor (``temporal_order.floor``)."""
    own = {f: s for (v, f), s in scores.items() if v == video_id and s is not None}
    ref = temporal_order.reference(call)
    floor = temporal_order.floor(ref, max(own.values())) if own and ref is not None else math.inf
    related: dict[Key, float] = {}
    for frame_idx, ts in video_frames:
        if own.get(frame_idx, -math.inf) >= floor:
            continue
        near = []
        for other, other_ts in video_frames:
            score = scores.get((video_id, other))
            if score is None:
                continue
            if call.when in FOLLOWING and other_ts < ts and other_ts >= ts - RELATION_WINDOW_S:
                near.append(score - RELATION_DECAY * (ts - other_ts))
            if call.when == "before" and other_ts > ts and other_ts <= ts + RELATION_WINDOW_S:
                near.append(score - RELATION_DECAY * (other_ts - ts))
        if near:
            related[(video_id, frame_idx)] = max(near)
    return related


def _text_medians(video_id, video_frames, hits, gap) -> list[int]:
    matched = [(f, ts) for f, ts in video_frames if (video_id, f) in hits]
    matched.sort(key=lambda f: (f[1], f[0]))
    runs: list[list[int]] = []
    previous = None
    for frame_idx, ts in matched:
        if previous is None or ts - previous > gap:
            runs.append([])
        runs[-1].append(frame_idx)
        previous = ts
    return [run[(len(run) + 1) // 2 - 1] for run in runs]


def _uniform(video_id, video_frames, duration, k) -> list[Keyframe]:
    chosen = set()
    for slot in range(k):
        target = (slot + 0.5) * duration / k
        chosen.add(min(video_frames, key=lambda f: (abs(f[1] - target), f[0])))
    ordered = sorted(chosen, key=lambda f: (f[1], f[0]))
    return [Keyframe(video_id, f, ts, None, i, []) for i, (f, ts) in enumerate(ordered, start=1)]
