"""A plan's keyframes and intervals in one video, computed on arrays: what ``retrieve`` and ``locate`` run
for a question about one video.

The compiled SQL (``vqdb.planner.compiler``, ``vqdb.planner.locate``) is the definition of a plan's result:
readable, runnable in any session, over every video at once. Run for one video it spends most of its time
in DuckDB's fixed costs (binding a statement of dozens of operators over half a dozen Lance scans, five
joins of 7,200 rows, windows), not in the work itself: about 85 ms for a 5-call plan over a 1-hour video
(locate's query about 690 ms), where the work is a few milliseconds of vector products and text grades.
This module computes the same rows from arrays:

* each call's evidence comes from its tool's ``frame_evidence`` (the tool's own definition, as arrays:
  rows read through the session's views and kept while their tables do not change, and the session's SQL
  functions for grades, query vectors and embedding scores), moved in time for a call with ``when``
  (``related``);
* the merge is ToolMerge's, as the compiled SQL does it (``rank``: rank = 1 + the number of frames scored
  higher; AND the worse rank, OR the better; ties by the same expression with AND as the mean, then the
  better graded evidence, then uniform sampling's spread for frames no call ranked, then time; a plan's
  ``order`` puts its earliest, nth occurrence's or latest frame with real evidence first:
  ``vqdb.planner.temporal_order``), greedy
  temporal NMS keeps up to ``k`` frames whose keyframes, placed in their evidence, are at least ``gap`` seconds
  apart (``merge``), and locate's
  intervals grow from the same ranking (``intervals``).

The rows equal the SQL's for the same plan, video and arguments in rank mode (property tests on random
plans over random tables in ``tests/planner/test_compiler.py``). Score mode, several videos, and plans
calling a tool without an array form run as SQL.

Example:
    >>> from vqdb.planner.plan import Plan
    >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "x"},
    ...                                    {"id": "Q2", "tool": "ocr", "query": "y"}], "combine": "Q1 AND Q2"})
    >>> scores = {"Q1": [0.1, 0.9, 0.8, 0.2], "Q2": [np.nan, 0.5, np.nan, 0.5]}
    >>> evidence = {cid: FrameEvidence(np.array(s)) for cid, s in scores.items()}
    >>> rows = merge(plan, evidence, ts=np.arange(4.0), duration_s=4.0, k=2, gap=1.0)
    >>> rows["position"].tolist(), rows["merged_rank"].tolist(), rows["supporting_calls"]
    ([1, 3], [1, 2], [['Q1', 'Q2'], ['Q1', 'Q2']])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

import numpy as np
import pyarrow as pa

from vqdb.planner import boolexpr, temporal_order, tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.placement import frame_foci, frame_times
from vqdb.planner.plan import FOLLOWING, RELATION_DECAY, Plan
from vqdb.planner.tools.base import RELATION_WINDOW_S, FrameEvidence, frames_in
from vqdb.planner.tools.said_answer import STATEMENTS
from vqdb.planner.video_frames import VideoFrames

KEYFRAME_SCHEMA = pa.schema(
    [
        ("video_id", pa.string()),
        ("frame_idx", pa.int32()),
        ("ts", pa.float64()),
        ("score", pa.float64()),
        ("merged_rank", pa.int64()),
        ("supporting_calls", pa.list_(pa.string())),
    ]
)


def keyframes(plan: Plan, video: VideoFrames, k: int) -> pa.Table | None:
    """The keyframes of ``plan`` in ``video`` (the compiled SQL's columns and rows, rank mode), or None
    when a call's tool has no array form (run the SQL then). Raises PlanError for a call its tool cannot
    look for, as compiling does.

    Example:
        >>> import duckdb
        >>> from vqdb.planner.plan import uniform_plan
        >>> con = duckdb.connect()
        >>> _ = con.execute("CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts "
        ...                 "FROM range(10) t(i)")
        >>> _ = con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 10.0 AS duration_s")
        >>> video = VideoFrames.load(con, "v", k=2, gap=1.0)
        >>> keyframes(uniform_plan(), video, k=2).column("frame_idx").to_pylist()  # the middles of 2 slots
        [2, 7]
    """
    if plan.is_uniform:
        return _table(video, *uniform(video.ts, video.frame_idx, video.duration_s, k))
    evidence = call_evidence(plan, video)
    if evidence is None:
        return None
    if video.n == 0:
        return _table(video, np.zeros(0, np.int64), None, np.zeros(0, np.int64), [])
    rows = merge(plan, evidence, ts=video.ts, duration_s=video.duration_s, k=k, gap=video.gap, period=video.period)
    return _table(video, rows["position"], rows["score"], rows["merged_rank"], rows["supporting_calls"], rows["ts"])


def call_evidence(plan: Plan, video: VideoFrames) -> dict[str, FrameEvidence] | None:
    """Each call's evidence in ``video`` (nothing for a video without frames), or None when a call's tool has
    no array form. Raises PlanError for a call its tool cannot look for, as compiling does."""
    each = call_evidence_each(plan, [video])
    return None if each is None else each[0]


def call_evidence_each(plan: Plan, videos: Sequence[VideoFrames]) -> list[dict[str, FrameEvidence]] | None:
    """``call_evidence`` in each of ``videos`` (read through one session), each call's tool asked for all of
    them at once (``Tool.frame_evidence_each``), or None when a call's tool has no array form.

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1"})
        >>> call_evidence_each(plan, [])
        []
    """
    evidence: list[dict[str, FrameEvidence]] = [{} for _ in videos]
    framed = [i for i, video in enumerate(videos) if video.n]  # a video without frames has no evidence
    for call in plan.queries:
        tool = tools.get(call.tool)
        try:
            tool.check(call.query)
        except PlanError as exc:
            raise PlanError(f"call {call.id}: {exc}") from None
        if tool.evidence != "scores":
            return None
        asked = {"place": call.place, "size": call.size} if call.place or call.size else {}
        asked |= {"extent": call.extent} if call.extent else {}
        asked |= {"when": call.when} if call.extent == "next" else {}
        found = tool.frame_evidence_each([videos[i] for i in framed], call.query, **asked) if framed else []
        if any(f is None for f in found):
            return None
        for i, one in zip(framed, found, strict=True):
            ts = videos[i].ts
            if call.when is None:
                evidence[i][call.id] = one
            else:
                ref = temporal_order.reference(call)
                ongoing = np.zeros(len(ts), bool) if ref is None else temporal_order.real_evidence(ref, one.score)
                score, source = related(one.score, ts, call.when, ongoing)
                evidence[i][call.id] = (
                    said_next_evidence(one, score, source, ts, videos[i].period)
                    if call.extent == "next"
                    else FrameEvidence(score)
                )
    return evidence


def said_next_evidence(
    found: FrameEvidence, score: np.ndarray, source: np.ndarray, ts: np.ndarray, period: float
) -> FrameEvidence:
    """A call with ``extent`` "next" (the phrase said right after or before its words: ``tools.said_next``):
    its related ``score`` (``related``), each frame (sampled at ``ts``, ``period`` apart) with the span and
    focus of the frame its score comes from (``source``, -1 where none), which the tool gave as that phrase,
    where the frame is within a sampling period of the phrase: a frame farther on is after the words too, but
    stands for no phrase said next (the one that follows a long sentence, 10 s on, is not its moment).

    Example:
        >>> phrase = np.array([1.4, np.nan, np.nan])  # the phrase said after frame 0's words: 1.4-2.4 s
        >>> said = FrameEvidence(np.array([0.9, np.nan, np.nan]), phrase, phrase + 1, phrase, phrase + 1)
        >>> score, source = np.array([np.nan, 0.899, 0.898]), np.array([-1, 0, 0])
        >>> near = said_next_evidence(said, score, source, np.arange(3.0), 1.0)
        >>> near.start_s.tolist(), near.score.tolist()
        ([nan, 1.4, 1.4], [nan, 0.899, 0.898])
        >>> said_next_evidence(said, score, source, np.arange(0, 9.0, 3), 3.0).start_s.tolist()  # 6 s: too far
        [nan, 1.4, nan]
    """
    parts = (found.start_s, found.end_s, found.focus_start, found.focus_end)
    carried = [np.where(source >= 0, part[np.maximum(source, 0)], np.nan) for part in parts]
    with np.errstate(invalid="ignore"):
        near = (ts >= carried[0] - period) & (ts <= carried[1] + period)
    return FrameEvidence(score, *(np.where(near, part, np.nan) for part in carried))


def related(score: np.ndarray, ts: np.ndarray, when: str, ongoing: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A call with ``when`` (``Compiler.related``): each frame's best score of the frames up to
    ``RELATION_WINDOW_S`` before it ("after", "after_start") or after it ("before"), less ``RELATION_DECAY`` per second
    between them; NaN where none is near, and on the ``ongoing`` frames, where the reference itself is real
    evidence (words read or said: ``temporal_order.reference``), so the first frame after it ranks first. With
    it, the position of the frame each score comes from (-1 where none; of equal scores, the later frame's).

    Example:
        >>> score, source = related(np.array([np.nan, 0.9, np.nan, np.nan]), np.arange(4.0), "after", np.zeros(4, bool))
        >>> score.tolist(), source.tolist()
        ([nan, nan, 0.899, 0.898], [-1, -1, 1, 1])
        >>> shown = np.array([0.9, 0.9, np.nan, np.nan])  # the reference on screen at 0-1 s: after it from 2 s
        >>> related(shown, np.arange(4.0), "after", shown > 0.5)[0].tolist()
        [nan, nan, 0.899, 0.898]
        >>> related(shown, np.arange(4.0), "after_start", np.zeros(4, bool))[0].tolist()  # after it appears
        [nan, 0.899, 0.899, 0.898]
    """
    found = np.flatnonzero(~np.isnan(score))
    following = when in FOLLOWING
    if following:  # candidates a little wider than the window; the SQL's own comparisons decide
        first = np.searchsorted(ts, ts[found], "left")
        stop = np.searchsorted(ts, ts[found] + RELATION_WINDOW_S + 1.0, "right")
    else:
        first = np.searchsorted(ts, ts[found] - RELATION_WINDOW_S - 1.0, "left")
        stop = np.searchsorted(ts, ts[found], "right")
    near_found, frame = frames_in(first, stop)
    source = found[near_found]
    evidence, at = ts[source], ts[frame]
    if following:
        near = (evidence < at) & (evidence >= at - RELATION_WINDOW_S)
        value = score[source] - RELATION_DECAY * (at - evidence)
    else:
        near = (evidence > at) & (evidence <= at + RELATION_WINDOW_S)
        value = score[source] - RELATION_DECAY * (evidence - at)
    frame, value, source = frame[near], value[near], source[near]
    best = np.lexsort((-source, -value, frame))  # per frame, the best score first, of equal ones the later source
    chosen = best[np.unique(frame[best], return_index=True)[1]]
    out, origin = np.full(len(ts), np.nan), np.full(len(ts), -1)
    out[frame[chosen]], origin[frame[chosen]] = value[chosen], source[chosen]
    out[ongoing], origin[ongoing] = np.nan, -1
    return out, origin


@dataclasses.dataclass(frozen=True)
class Ranking:
    """ToolMerge's order of one video's frames (rank mode), as the compiled SQL's ``merged`` has it: per frame
    (in time order) ``combined`` (the merged rank), ``tie_break``, ``merged_rank`` (its position in the merged
    order, 1 = best) and each call's ``ranks`` (NaN where the call did not rank it); ``order``: the frames
    best first."""

    combined: np.ndarray
    tie_break: np.ndarray
    merged_rank: np.ndarray
    order: np.ndarray
    ranks: dict[str, np.ndarray]

    def score(self, positions: np.ndarray) -> np.ndarray:
        """The output score of frames: ``1 - (merged - 1) / n`` (1 best, 0 when no call ranked them)."""
        return 1.0 - (self.combined[positions] - 1) / len(self.combined)

    def supporting_calls(self, plan: Plan, positions: np.ndarray) -> list[list[str]]:
        """Per frame, the calls that ranked it at least as well as the merge did."""
        ids = [c.id for c in plan.queries]
        return [[cid for cid in ids if self.ranks[cid][p] <= self.combined[p]] for p in positions]

    def supports(self) -> dict[str, np.ndarray]:
        """Per call, the frames it ranked at least as well as the merge did."""
        with np.errstate(invalid="ignore"):
            return {cid: ranks <= self.combined for cid, ranks in self.ranks.items()}


def rank(plan: Plan, evidence: Mapping[str, np.ndarray], *, ts: np.ndarray, duration_s: float, k: int) -> Ranking:
    """The merged order of one video's frames (``ts`` ascending; ``evidence``: each call's scores aligned
    with them, NaN where it scored nothing): ranks (1 + the number of frames scored higher), AND the worse
    and OR the better, ties by the same fold with AND as the mean, then the better graded evidence, then (frames
    no call ranked) nearest the middle of one of ``k`` time slots, then time. A plan with an ``order`` ranks its
    earliest (nth occurrence's first, latest) frame with real evidence first (``temporal_order``).

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "audio", "query": "speech"}], "order": "first"})
        >>> speech = {"Q1": np.array([np.nan, 0.6, 0.6, np.nan, 0.95, 0.95])}
        >>> rank(plan, speech, ts=np.arange(6.0), duration_s=6.0, k=2).order.tolist()  # the first utterance first
        [1, 4, 5, 2, 0, 3]
    """
    n = len(ts)
    ranks = {cid: _ranks(scores) for cid, scores in evidence.items()}

    def value(cid: str) -> np.ndarray:
        return np.where(np.isnan(ranks[cid]), n + 1.0, ranks[cid])

    def grade(cid: str) -> np.ndarray:
        return np.where(np.isnan(evidence[cid]), 0.0, evidence[cid])

    def mean(values: list[np.ndarray]) -> np.ndarray:
        total = values[0]
        for value_ in values[1:]:
            total = total + value_
        return total / float(len(values))

    expression = plan.expression
    combined = boolexpr.fold(expression, value, np.maximum.reduce, np.minimum.reduce)
    tie_break = boolexpr.fold(expression, value, mean, np.minimum.reduce)
    graded = boolexpr.fold(expression, grade, np.minimum.reduce, np.maximum.reduce)
    ranked = np.zeros(n, dtype=bool)
    for values in ranks.values():
        ranked |= ~np.isnan(values)
    spread = np.zeros(n)
    if duration_s is not None and duration_s > 0:
        slots = ts * k / duration_s
        spread = np.where(ranked, 0.0, np.abs(slots - np.floor(slots) - 0.5))
    first = np.zeros(n)  # a plan's order: its promoted frame first (``temporal_order``)
    if plan.order is not None:
        promoted = temporal_order.promoted(plan, temporal_order.qualifies(plan, evidence), ts)
        if promoted is not None:
            first[promoted] = -1.0
    order = np.lexsort((np.arange(n), ts, spread, -graded, tie_break, combined, first))  # ts ties: frame order
    merged_rank = np.empty(n, dtype=np.int64)
    merged_rank[order] = np.arange(1, n + 1)
    return Ranking(combined, tie_break, merged_rank, order, ranks)


def merge(
    plan: Plan,
    evidence: Mapping[str, FrameEvidence],
    *,
    ts: np.ndarray,
    duration_s: float,
    k: int,
    gap: float,
    period: float = 0.0,
) -> dict:
    """ToolMerge's keyframes of one video (see ``rank``; ``evidence``: each call's, aligned with ``ts``), greedy
    NMS over the merged order by where each frame's keyframe is placed (``placement.frame_times``: in its
    evidence's focus, ``period`` the sampling period), frames of disjoint foci kept however near (``nms``):
    the kept frames in time order as ``position`` (indices
    into ``ts``), ``ts`` (the placed times), ``score`` (``1 - (merged - 1) / n``), ``merged_rank`` and
    ``supporting_calls`` (the calls that ranked the frame at least as well as the merge did).

    Example:
        >>> nan = np.nan
        >>> said = FrameEvidence(np.array([0.9, 0.8, nan, 0.1]), focus_start=np.array([0.2, 0.2, nan, 3.1]),
        ...                      focus_end=np.array([0.6, 0.6, nan, 3.5]))
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": "y"}]})
        >>> rows = merge(plan, {"Q1": said}, ts=np.arange(4.0), duration_s=4.0, k=2, gap=1.0, period=1.0)
        >>> rows["position"].tolist(), rows["ts"].round(2).tolist()  # frame 1 is frame 0's phrase again
        ([0, 3], [0.4, 3.3])
    """
    scores = {cid: found.score for cid, found in evidence.items()}
    ranking = rank(plan, scores, ts=ts, duration_s=duration_s, k=k)
    supports = ranking.supports()
    placed = frame_times(plan, evidence, supports, ts, period)
    start, end = (focus[ranking.order] for focus in frame_foci(plan, evidence, supports))
    position = np.sort(ranking.order[nms(placed[ranking.order], k, gap, start, end)])  # frames: in time order
    return {
        "position": position,
        "ts": placed[position],
        "score": ranking.score(position),
        "merged_rank": ranking.merged_rank[position],
        "supporting_calls": ranking.supporting_calls(plan, position),
    }


SAME_TEXT_GRADE = 0.9  # a text's runs that overlap grade within this share of each other (a misplaced read: 0.75)
TEXT_EVIDENCE_MIN = 0.15  # a text grade that locates a moment, and lists one in search: below (a sentence of
# similarity 0.4 in meaning), it only shares the topic
INTERVAL_SCHEMA = pa.schema(
    [
        ("video_id", pa.string()),
        ("start_s", pa.float64()),
        ("end_s", pa.float64()),
        ("score", pa.float64()),
        ("supporting_calls", pa.list_(pa.string())),
    ]
)


def intervals(plan: Plan, video: VideoFrames, k: int, share: float) -> pa.Table | None:
    """The intervals ``locate`` gives for ``plan`` in ``video`` (``vqdb.planner.locate``'s query, its rows),
    or None when a call's tool has no array form: each frame's interval (the spans of the calls that support
    it, combined as the plan combines them; else its island of consecutive frames among the best ``share``),
    each distinct interval ranked by its best frame, those that follow one another joined (``_joined``), a
    text's runs that overlap chained (``_chained``), the ``k`` best that no better-ranked one overlaps; the
    whole video when there is none.

    Example:
        >>> import duckdb
        >>> con = duckdb.connect()
        >>> _ = con.execute("CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts "
        ...                 "FROM range(10) t(i)")
        >>> _ = con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 10.0 AS duration_s")
        >>> from vqdb.planner.plan import uniform_plan
        >>> intervals(uniform_plan(), VideoFrames.load(con, "v", k=5, gap=1.0), k=5, share=0.05).to_pylist()
        [{'video_id': 'v', 'start_s': 0.0, 'end_s': 10.0, 'score': None, 'supporting_calls': []}]
    """
    if video.n == 0:
        return INTERVAL_SCHEMA.empty_table()
    evidence = {} if plan.is_uniform else call_evidence(plan, video)
    if evidence is None:
        return None
    if plan.is_uniform:
        return _whole(video)
    ranking = rank(plan, {cid: e.score for cid, e in evidence.items()}, ts=video.ts, duration_s=video.duration_s, k=k)
    span_start, span_end = _moment_widened(*_spans(plan, evidence, ranking), video)
    n = video.n
    on_top = (ranking.merged_rank <= max(1.0, np.ceil(share * n))) & (ranking.tie_break < n + 1)
    member = on_top & np.isnan(span_start)
    island = np.cumsum(member & ~np.r_[False, member[:-1]])  # frames in time order
    start, end = span_start.copy(), span_end.copy()
    for number in np.unique(island[member]):
        frames = member & (island == number)
        low = max(video.ts[frames].min() - video.period / 2, 0.0)
        start[frames], end[frames] = low, min(video.ts[frames].max() + video.period / 2, video.duration_s)
    has = ~np.isnan(start)
    if not has.any():
        return _whole(video)
    pairs, which = np.unique(np.stack([start[has], end[has]], axis=1), axis=0, return_inverse=True)
    best = np.full(len(pairs), np.iinfo(np.int64).max)
    np.minimum.at(best, which.ravel(), ranking.merged_rank[has])
    pairs, best = _chained(plan, ranking, evidence, *_joined(plan, ranking, pairs, best))
    by_rank = np.argsort(best)
    low, high, best = pairs[by_rank, 0], pairs[by_rank, 1], best[by_rank]
    chosen = []
    for i in range(len(best)):  # kept: no better-ranked candidate (kept or not) overlaps it
        if not np.any((low[:i] < high[i]) & (low[i] < high[:i])):
            chosen.append(i)
            if len(chosen) == k:
                break
    frames = ranking.order[best[chosen] - 1]
    return pa.table(
        {
            "video_id": pa.array([video.video_id] * len(chosen), pa.string()),
            "start_s": pa.array(low[chosen], pa.float64()),
            "end_s": pa.array(high[chosen], pa.float64()),
            "score": pa.array(ranking.score(frames), pa.float64()),
            "supporting_calls": pa.array(ranking.supporting_calls(plan, frames), pa.list_(pa.string())),
        },
        schema=INTERVAL_SCHEMA,
    )


def _joined(plan: Plan, ranking: Ranking, pairs: np.ndarray, best: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The candidates (``pairs`` of start and end, ``best``: their best frames' merged ranks), those that follow
    one another joined into their hull, ranked by the best of them (``locate._joined``): in time order among
    the candidates whose best frames the merge ranks alike, one that starts where the ones before it end and
    whose best frame other calls support than the previous one's."""
    frames = ranking.order[best - 1]
    level = ranking.combined[frames]
    calls = ranking.supporting_calls(plan, frames)
    in_time = np.lexsort((pairs[:, 1], pairs[:, 0], level))
    part = np.empty(len(best), np.int64)
    number, reached = -1, np.nan
    for n, i in enumerate(in_time):
        previous = in_time[n - 1] if n else None
        same_level = previous is not None and level[previous] == level[i]
        if not same_level:
            reached = np.nan
        follows = same_level and pairs[i, 0] == reached and calls[i] != calls[previous]
        number += 0 if follows else 1
        part[i] = number
        reached = pairs[i, 1] if np.isnan(reached) else max(reached, pairs[i, 1])
    low, high = np.full(number + 1, np.inf), np.full(number + 1, -np.inf)
    joined_best = np.full(number + 1, np.iinfo(np.int64).max)
    np.minimum.at(low, part, pairs[:, 0])
    np.maximum.at(high, part, pairs[:, 1])
    np.minimum.at(joined_best, part, best)
    return np.stack([low, high], axis=1), joined_best


def _chained(
    plan: Plan, ranking: Ranking, evidence: Mapping[str, FrameEvidence], pairs: np.ndarray, best: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The candidates (``pairs``, ``best`` as ``_joined`` gives them), a text's runs that overlap chained into
    their hull, ranked by the best of them (``locate._chained``): in time order among the candidates supported
    by the same calls, all of them ``ocr`` calls, that no other of them holds, one that starts before the
    stretch the ones before it reach ends and grades within ``SAME_TEXT_GRADE`` of the one before it."""
    texts = {c.id for c in plan.queries if c.tool == "ocr"}
    frames = ranking.order[best - 1]
    calls = [tuple(c) for c in ranking.supporting_calls(plan, frames)]
    low, high = pairs[:, 0], pairs[:, 1]
    part = np.arange(len(best))
    chains: dict[tuple[str, ...], list[int]] = {}
    for i, own in enumerate(calls):
        if own and set(own) <= texts:
            same = [j for j, other in enumerate(calls) if other == own]
            held = any(low[j] <= low[i] and high[i] <= high[j] and (low[j], high[j]) != (low[i], high[i]) for j in same)
            if not held:
                chains.setdefault(own, []).append(i)
    for own, members in chains.items():
        grade = np.fmax.reduce([evidence[cid].score[frames[members]] for cid in own])
        reached, previous = -np.inf, None
        for n in sorted(range(len(members)), key=lambda n: (low[members[n]], high[members[n]], best[members[n]])):
            i = members[n]
            pair = (grade[n], grade[previous]) if previous is not None else None
            if pair is not None and low[i] < reached and min(pair) >= SAME_TEXT_GRADE * max(pair):
                part[i] = part[members[previous]]
            reached, previous = max(reached, high[i]), n
    groups, which = np.unique(part, return_inverse=True)
    joined_low, joined_high = np.full(len(groups), np.inf), np.full(len(groups), -np.inf)
    joined_best = np.full(len(groups), np.iinfo(np.int64).max)
    np.minimum.at(joined_low, which, low)
    np.maximum.at(joined_high, which, high)
    np.minimum.at(joined_best, which, best)
    return np.stack([joined_low, joined_high], axis=1), joined_best


def _spans(plan: Plan, evidence: Mapping[str, FrameEvidence], ranking: Ranking) -> tuple[np.ndarray, np.ndarray]:
    """Each frame's interval from the spans of the calls that support it (``locate._span``): of calls ORed
    the best graded span (several graded alike: the stretch they share), of calls ANDed the stretch they
    share (an operand whose best grade in the video is below ``TEXT_EVIDENCE_MIN`` bounds nothing
    beside one whose best reaches it: it only shares the topic), statements among them joined first; their
    hull when they do not meet or only touch."""
    n = len(ranking.combined)
    nothing = np.full(n, np.nan)
    statement = {c.id: c.extent in STATEMENTS for c in plan.queries}  # a span: start, end, grade, a statement's

    def leaf(cid: str) -> tuple[np.ndarray, ...]:
        found = evidence[cid]
        if found.start_s is None:
            return nothing, nothing, nothing, np.zeros(n, bool)
        spanned = (ranking.ranks[cid] <= ranking.combined) & ~np.isnan(found.start_s)
        start, end, score = (np.where(spanned, part, np.nan) for part in (found.start_s, found.end_s, found.score))
        return start, end, score, np.full(n, statement[cid])

    def shared(spans: list, score: np.ndarray) -> tuple[np.ndarray, ...]:
        starts, ends = [s for s, _, _, _ in spans], [e for _, e, _, _ in spans]
        low, high = np.fmax.reduce(starts), np.fmin.reduce(ends)
        meets = low < high  # spans that only touch share no stretch (locate._span)
        hull = np.fmin.reduce(starts), np.fmax.reduce(ends)
        said = np.logical_and.reduce([np.isnan(s) | f for s, _, _, f in spans])
        return np.where(meets, low, hull[0]), np.where(meets, high, hull[1]), score, said

    def joined(spans: list, score: np.ndarray) -> tuple[np.ndarray, ...]:
        said = (
            np.fmin.reduce([np.where(f, s, np.nan) for s, _, _, f in spans]),
            np.fmax.reduce([np.where(f, e, np.nan) for _, e, _, f in spans]),
            score,
            np.ones(n, bool),
        )
        others = [(np.where(f, np.nan, s), np.where(f, np.nan, e), g, np.zeros(n, bool)) for s, e, g, f in spans]
        return shared([*others, said], score)

    def all_of(spans: list) -> tuple[np.ndarray, ...]:
        located = [
            bool(np.fmax.reduce(g, initial=-np.inf) >= TEXT_EVIDENCE_MIN) for _, _, g, _ in spans
        ]  # in the video
        bounding = [
            span if here or not any(located) else (nothing, nothing, *span[2:])
            for span, here in zip(spans, located, strict=True)
        ]
        return joined(bounding, np.fmin.reduce([g for _, _, g, _ in spans]))

    def best_of(spans: list) -> tuple[np.ndarray, ...]:
        best = np.fmax.reduce([g for _, _, g, _ in spans])
        return joined([(*(np.where(g == best, part, np.nan) for part in (s, e, g)), f) for s, e, g, f in spans], best)

    with np.errstate(invalid="ignore"):
        start, end, _, _ = boolexpr.fold(plan.expression, leaf, all_of, best_of)
    return start, end


def _moment_widened(start: np.ndarray, end: np.ndarray, video: VideoFrames) -> tuple[np.ndarray, np.ndarray]:
    """The spans, one of no length being its moment, half a sampling period on each side of it within the
    video (``locate._moment_widened``): an interval is never empty."""
    with np.errstate(invalid="ignore"):
        empty = end <= start
    middle = (start + end) / 2
    low = np.maximum(middle - video.period / 2, 0.0)
    high = np.minimum(middle + video.period / 2, video.duration_s)
    return np.where(empty, low, start), np.where(empty, high, end)


def _whole(video: VideoFrames) -> pa.Table:
    row = {"video_id": video.video_id, "start_s": 0.0, "end_s": video.duration_s, "score": None, "supporting_calls": []}
    return pa.Table.from_pylist([row], schema=INTERVAL_SCHEMA)


def nms(
    ts: np.ndarray, k: int, gap: float, start: np.ndarray | None = None, end: np.ndarray | None = None
) -> np.ndarray:
    """Greedy temporal NMS over frames in merged order (``ts``): the indices of up to ``k`` frames, best first,
    each at least ``gap`` seconds from those kept before it, or with a focus (``start``, ``end``: where its
    evidence is, NaN where none) disjoint from theirs (``temporal_nms_spans``'s choice). A gap of min(D / 2k,
    10 s) keeps keyframes of one moment apart, but it also dropped a second moment a few seconds from the
    first: the single word WORK 5 s after the line "with the WORK of our hands", "ask what" 4 s after "ask
    not", while keyframes 2-4 went to weaker frames far away or to uniform filler.

    Example:
        >>> nms(np.array([5.0, 5.5, 9.0, 1.0]), k=3, gap=1.0).tolist()
        [0, 2, 3]
        >>> said = np.array([4.0, 5.2, 4.5]), np.array([5.0, 6.0, 5.0])  # two phrases: 4-5 s and 5.2-6 s
        >>> nms(np.array([4.5, 5.6, 4.8]), k=3, gap=3.0, start=said[0], end=said[1]).tolist()
        [0, 1]
    """
    alive = np.ones(len(ts), dtype=bool)
    kept: list[int] = []
    while len(kept) < k and alive.any():
        best = int(np.argmax(alive))
        kept.append(best)
        apart = np.abs(ts - ts[best]) >= gap
        if start is not None and end is not None:
            with np.errstate(invalid="ignore"):
                apart |= (start >= end[best]) | (start[best] >= end)  # NaN compares False: no focus, no exemption
        alive &= apart
        alive[best] = False  # kept once, even with no gap
    return np.array(kept, dtype=np.int64)


def uniform(
    ts: np.ndarray, frame_idx: np.ndarray, duration_s: float | None, k: int
) -> tuple[np.ndarray, None, np.ndarray, list]:
    """Uniform sampling's keyframes (``position`` into ``ts``, no score, ``merged_rank``, no calls): for each
    of ``k`` equal time slots the frame nearest its middle (the lower frame index on a tie), each once, in
    time order.

    Example:
        >>> uniform(np.arange(10.0), np.arange(10), 10.0, 2)[0].tolist()
        [2, 7]
    """
    if not len(ts) or duration_s is None:
        return np.zeros(0, np.int64), None, np.zeros(0, np.int64), []
    chosen = set()
    for slot in range(k):
        distance = np.abs(ts - (slot + 0.5) * duration_s / k)
        nearest = np.flatnonzero(distance == distance.min())
        chosen.add(int(nearest[np.argmin(frame_idx[nearest])]))
    position = np.array(sorted(chosen), dtype=np.int64)
    return position, None, np.arange(1, len(position) + 1), [[] for _ in position]


def _ranks(scores: np.ndarray) -> np.ndarray:
    """1 + the number of frames scored strictly higher (NaN where unscored)."""
    out = np.full(len(scores), np.nan)
    scored = ~np.isnan(scores)
    descending = np.sort(-scores[scored])
    out[scored] = 1 + np.searchsorted(descending, -scores[scored], side="left")
    return out


def _table(video: VideoFrames, position, score, merged_rank, supporting_calls, times=None) -> pa.Table:
    count = len(position)
    return pa.table(
        {
            "video_id": pa.array([video.video_id] * count, pa.string()),
            "frame_idx": pa.array(video.frame_idx[position], pa.int32()),
            "ts": pa.array(video.ts[position] if times is None else times, pa.float64()),
            "score": pa.array(score if score is not None else [None] * count, pa.float64()),
            "merged_rank": pa.array(merged_rank, pa.int64()),
            "supporting_calls": pa.array(supporting_calls, pa.list_(pa.string())),
        },
        schema=KEYFRAME_SCHEMA,
    )
