"""A plan's ``order``: the first, the nth or the last moment with real evidence ranks first.

ToolMerge ranks frames by how well they match, so "when does the narrator start talking?" would answer the
best-heard utterance, not the first one. A plan with ``"order": "first"`` (``"last"``) promotes one frame: the
earliest (latest) of the frames with **real evidence**, which then ranks first; every other frame keeps
ToolMerge's order after it (so the best-matching moment is at worst second). The keyframe and ``locate``'s
interval of the promoted frame are the usual ones: its time placed inside the evidence of its supporting
calls (``vqdb.planner.placement``), the span of that evidence. As the promoted frame is the earliest (latest)
one with evidence, its keyframe falls at the start (end) of the first (last) moment: where someone starts
(stops) talking, where a title first (last) shows.

``"order": "second"`` ("third", ... ``Plan.occurrence``) promotes the first frame of that **occurrence**:
the frames with real evidence, in time order, fall into runs, a new one starting where more than
``occurrence_gap`` seconds pass from one to the next with no frame of real evidence between ("when does he
say 'ask' for the second time?", "when does 'echo' show up again?"); "first" is the first run's first frame,
the same frame as before. The gap is ``OCCURRENCE_GAP_S``, and at least ``OCCURRENCE_GAP_PERIODS`` sampling
periods (so at a low sampling rate a run still needs a sampled frame without evidence to end). How evidence
really looks decides it (at the default 1 frame a second):

* a word said reaches the sampled frames its words span, widened to one period (``timed_text``): a word said
  twice in one sentence lights frames seconds apart ("ask not what your country can do for you, ask what you
  can do for your country": 5 s), never two frames in a row unless it is said twice within a second;
* text on screen is read at each sampled frame, and OCR misses a frame now and then (a fade, motion blur, a
  read below the floor): one frame missed leaves 2 s between reads, which stays one showing; a title gone
  and shown again is gone for longer (3 s and more: two frames missed);
* a voice or a sound (``audio``) runs as long as it is heard, its pauses under a second.

If the video has fewer occurrences than asked, no frame is promoted (ToolMerge's order stands).

**Real evidence** is evidence as strong a kind of match as the video's best. Each call's scores fall into
**kinds** (``kinds``), each from its lowest score up:

* a text tool (``ocr``, ``transcript``, ``subtitle``): the query's words read or said (from
  ``min_score(query)``, 0.7 to 1, said from ``said_floor``: a short query's words said in another form,
  "asked" for "ask", 0.9; on screen from that times all a read of them may lose, ``MISREAD`` for
  letters OCR confuses and ``SPECIFICITY`` for the rest of a longer line: "echo the ONE" grades 0.95 for
  "echo"), and below them, from 0, a sentence meaning the same or a near miss on screen (at most
  ``NEAR_MISS`` of ``min_score``);
* a voice (``audio`` "speech"): words said (from ``1 - VOICE_SHARE``: a frame in an utterance), and below
  them, from 0, a voice only the tagger hears;
* any other call (a picture, a sound, a call with ``when``, an ``ocr`` call with no words, whose grade is how
  its text stands out where it reads: its strong reads are at least half as prominent as the best): one kind,
  from 0.

A frame's call is real evidence when its score is in the kind of the call's best score in the video and
at least ``STRONG_SHARE`` of the way from where the kind's alignment starts (``Kind.start``: for words read,
``min_score``) up to the best (OCR's strong reads: "echo the life", 0.84, does not stand for "echo the lamb"),
except words said to a voice, where any utterance is the voice (``VOICE_STRONG_SHARE``: the tagger's part
only orders them), and words read on screen, which also count from ``1 - SPECIFICITY`` of the best (the best
read's words in a longer line: "echo the ONE", 0.95, is "echo" as much as "echo" alone, 1.0). Calls combine
as the plan combines them: of calls ANDed, each; of calls ORed, one. The compiled SQL (``qualifies_sql``) and
the arrays (``qualifies``) compute the same floors with the same operations.

Example:
    >>> from vqdb.planner.plan import Plan
    >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "audio", "query": "speech"}], "order": "first"})
    >>> speech = np.array([np.nan, 0.6, np.nan, 0.95, 0.3])  # an utterance at 1 s, a better heard one at 3 s
    >>> qualifies(plan, {"Q1": speech}).tolist()
    [False, True, False, True, False]
    >>> int(promoted(plan, qualifies(plan, {"Q1": speech}), np.arange(5.0)))
    1
    >>> said = np.array([1.0, np.nan, np.nan, np.nan, 1.0, 1.0])  # "ask" said at 0 s and at 4-5 s
    >>> second = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": "ask"}], "order": "second"})
    >>> int(promoted(second, qualifies(second, {"Q1": said}), np.arange(6.0)))
    4
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np
from sqlglot import exp

from vqdb.planner import boolexpr, tools
from vqdb.planner.plan import Call, Plan
from vqdb.planner.sqlbuild import fn, number
from vqdb.planner.tools.audio import VOICE_SHARE, Audio, voiced
from vqdb.planner.tools.base import TextTool
from vqdb.planner.tools.ocr import Ocr, reads_any_text
from vqdb.planner.video_frames import sampling_period
from vqdb.udfs.text_grade import MISREAD, SPECIFICITY, min_score, said_floor

STRONG_SHARE = 0.5  # real evidence: at least halfway from its kind's lowest score up to the best
VOICE_STRONG_SHARE = 0.0  # words said are a voice however well the tagger hears it: every utterance counts
OCCURRENCE_GAP_S = 2.5  # more than this without real evidence ends an occurrence (a read missed: 2 s at 1 fps)
OCCURRENCE_GAP_PERIODS = 1.5  # ... and more than this many sampling periods (a sampled frame without evidence)


class Kind(NamedTuple):
    """A kind of evidence of a call's scores: a best score from ``low`` up is of it; a score is real evidence
    from ``share`` of the way from ``start`` (None: ``low``) up to the best, or from ``slack`` times the best
    (1: not before the share)."""

    low: float
    share: float
    start: float | None = None
    slack: float = 1.0


def kinds(call: Call) -> tuple[Kind, ...]:
    """The kinds of evidence of ``call``'s scores, weakest first (see the module doc).

    Example:
        >>> [tuple(k) for k in kinds(Call("Q1", "transcript", "ask not")) + kinds(Call("Q2", "audio", "speech"))]
        [(0.0, 0.5, None, 1.0), (0.9, 0.5, 0.92, 0.9), (0.0, 0.5, None, 1.0), (0.5, 0.0, None, 1.0)]
        >>> kinds(Call("Q3", "ocr", "echo"))[-1]
        Kind(low=0.855, share=0.5, start=1.0, slack=0.9)
        >>> len(kinds(Call("Q4", "siglip", "a dog"))), len(kinds(Call("Q5", "ocr", "EXIT", when="after")))
        (1, 1)
        >>> kinds(Call("Q6", "ocr", "", place="top"))  # no words: strong from half the best
        (Kind(low=0.0, share=0.5, start=None, slack=1.0),)
    """
    weakest = Kind(0.0, STRONG_SHARE)
    tool = tools.get(call.tool)
    if call.when is not None:
        return (weakest,)
    if isinstance(tool, Ocr) and reads_any_text(call.query):  # no words: one kind, as its strong reads are
        return (weakest,)
    if isinstance(tool, Ocr):
        said = min_score(call.query)
        return weakest, Kind(round(said * MISREAD * (1.0 - SPECIFICITY), 4), STRONG_SHARE, said, 1.0 - SPECIFICITY)
    if isinstance(tool, TextTool):  # a short query's words said in another form ("asked" for "ask"): said_floor
        exact, least = min_score(call.query), said_floor(call.query)
        return weakest, Kind(least, STRONG_SHARE, exact, least) if least < exact else Kind(exact, STRONG_SHARE)
    if isinstance(tool, Audio) and voiced(call.query):
        return weakest, Kind(1.0 - VOICE_SHARE, VOICE_STRONG_SHARE)
    return (weakest,)


def floor(call: Call, best: float) -> float:
    """The lowest score of ``call`` that is real evidence when its best score in the video is ``best``: the
    kind of ``best``, ``share`` of the way from its ``start`` up to it, or ``slack`` times it when that is
    lower (``best`` itself when it is below every kind).

    Example:
        >>> floor(Call("Q1", "transcript", "ask not"), 1.0), floor(Call("Q1", "transcript", "ask not"), 0.4)
        (0.9, 0.2)
        >>> floor(Call("Q5", "transcript", "printing with movable types"), 1.0)
        0.85
        >>> floor(Call("Q2", "audio", "speech"), 0.95), floor(Call("Q3", "siglip", "a dog"), -0.1)
        (0.5, -0.1)
        >>> floor(Call("Q4", "ocr", "echo"), 1.0), floor(Call("Q4", "ocr", "echo the lamb"), 1.0)  # 0.9 * 1.0, 0.86
        (0.9, 0.86)
    """
    chosen = [kind for kind in kinds(call) if kind.low <= best]
    if not chosen:
        return best
    kind = chosen[-1]
    start = kind.low if kind.start is None else kind.start
    value = start + kind.share * (best - start)
    return min(value, kind.slack * best) if kind.slack < 1.0 else value


def floor_sql(call: Call, best: exp.Expression) -> exp.Expression:
    """``floor`` as a SQL expression of the call's best score ``best`` (the same operations in the same order).

    Example:
        >>> from vqdb.planner.sqlbuild import col
        >>> floor_sql(Call("Q3", "siglip", "a dog"), col("best")).sql("duckdb")
        'CASE WHEN 0.0 <= best THEN 0.0 + 0.5 * (best - 0.0) ELSE best END'
    """
    case = exp.case()
    for kind in reversed(kinds(call)):
        start = kind.low if kind.start is None else kind.start
        above = exp.Sub(this=best.copy(), expression=number(start))
        value = exp.Add(this=number(start), expression=exp.Mul(this=number(kind.share), expression=exp.paren(above)))
        if kind.slack < 1.0:
            value = fn("least", value, exp.Mul(this=number(kind.slack), expression=best.copy()))
        case = case.when(exp.LTE(this=number(kind.low), expression=best.copy()), value)
    return case.else_(best.copy())


def qualifies(plan: Plan, evidence: Mapping[str, np.ndarray]) -> np.ndarray:
    """Which frames have real evidence for ``plan`` (``evidence``: each call's scores, NaN where it scored
    nothing): each call's score at least its ``floor`` for the call's best in the video, combined as the plan
    combines the calls (AND: all, OR: any).

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"},
        ...     {"id": "Q2", "tool": "siglip", "query": "a door"}], "combine": "Q1 AND Q2", "order": "last"})
        >>> qualifies(plan, {"Q1": np.array([1.0, 1.0, np.nan]), "Q2": np.array([0.2, 0.05, 0.3])}).tolist()
        [True, False, False]
    """
    calls = {c.id: c for c in plan.queries}

    def leaf(cid: str) -> np.ndarray:
        return real_evidence(calls[cid], evidence[cid])

    return boolexpr.fold(plan.expression, leaf, np.logical_and.reduce, np.logical_or.reduce)


def real_evidence(call: Call, scores: np.ndarray) -> np.ndarray:
    """Which frames are real evidence of ``call`` alone (``scores``: its scores, NaN where it scored nothing):
    a score at least its ``floor`` for the call's best in the video.

    Example:
        >>> real_evidence(Call("Q1", "siglip", "a dog"), np.array([0.2, np.nan, 0.05])).tolist()
        [True, False, False]
    """
    if np.isnan(scores).all():
        return np.zeros(len(scores), dtype=bool)
    with np.errstate(invalid="ignore"):
        return scores >= floor(call, float(np.nanmax(scores)))


def real_evidence_sql(call: Call, score: exp.Expression, best: exp.Expression) -> exp.Expression:
    """``real_evidence`` as a SQL expression of a frame's ``score`` and the call's ``best`` in the video (NULL:
    not evidence).

    Example:
        >>> from vqdb.planner.sqlbuild import col
        >>> real_evidence_sql(Call("Q1", "siglip", "a dog"), col("score"), col("best")).sql("duckdb")
        'COALESCE(score >= CASE WHEN 0.0 <= best THEN 0.0 + 0.5 * (best - 0.0) ELSE best END, FALSE)'
    """
    return fn("coalesce", exp.GTE(this=score.copy(), expression=floor_sql(call, best)), exp.false())


def reference(call: Call) -> Call | None:
    """What a call with ``when`` is after (before), when it is words read or said (a text tool: a caption, a
    phrase, which ends): the same call without ``when``, whose ``real_evidence`` is the reference itself. A frame
    where it is still real evidence is neither after nor before it ("which caption comes after 'X'": the caption
    X itself, read on the frames after its first, is not the next one; words said whose span is the phrase
    said next, ``extent`` "next", are the words as they reach, "phrase"). None for a picture or a sound, a state
    that may last into what is asked ("the worker cleaning the road after heavy snow": the snow still lies).

    Example:
        >>> reference(Call("Q1", "ocr", "the lamb", when="before"))
        Call(id='Q1', tool='ocr', query='the lamb', when=None, place=None, size=None, extent=None)
        >>> reference(Call("Q2", "siglip", "heavy snow", when="after")) is None
        True
        >>> reference(Call("Q3", "ocr", "PRINTING MUSEUM", when="after_start")) is None  # after it appears
        True

    After its start (``when`` "after_start": "after the logo appears"), a text still shown is after it: None.
    """
    if not isinstance(tools.get(call.tool), TextTool) or call.when == "after_start":
        return None
    return dataclasses.replace(call, when=None, extent="phrase" if call.extent == "next" else call.extent)


def qualifies_sql(plan: Plan, score: Mapping[str, exp.Expression], best: Mapping[str, exp.Expression]):
    """``qualifies`` as a SQL expression: ``score`` and ``best`` give each call's score of a frame and its
    best score in the video (NULL: not evidence).

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> from vqdb.planner.sqlbuild import col
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "a dog"}], "order": "first"})
        >>> qualifies_sql(plan, {"Q1": col("score_1")}, {"Q1": col("best_1")}).sql("duckdb")
        'COALESCE(score_1 >= CASE WHEN 0.0 <= best_1 THEN 0.0 + 0.5 * (best_1 - 0.0) ELSE best_1 END, FALSE)'
    """
    calls = {c.id: c for c in plan.queries}

    def leaf(cid: str) -> exp.Expression:
        return real_evidence_sql(calls[cid], score[cid], best[cid])

    return boolexpr.fold(
        plan.expression, leaf, lambda parts: exp.and_(*parts, copy=False), lambda parts: exp.or_(*parts, copy=False)
    )


def occurrence_gap(period: float) -> float:
    """The time between two frames of real evidence, with none between, above which they are two occurrences
    (see the module doc), for a video sampled every ``period`` seconds.

    Example:
        >>> occurrence_gap(1.0), occurrence_gap(4.0)
        (2.5, 6.0)
    """
    return max(OCCURRENCE_GAP_S, OCCURRENCE_GAP_PERIODS * period)


def occurrence_gap_sql(period: exp.Expression) -> exp.Expression:
    """``occurrence_gap`` as a SQL expression of the sampling period ``period`` (the same operations).

    Example:
        >>> from vqdb.planner.sqlbuild import col
        >>> occurrence_gap_sql(col("period")).sql("duckdb")
        'GREATEST(2.5, 1.5 * period)'
    """
    return fn("greatest", number(OCCURRENCE_GAP_S), exp.Mul(this=number(OCCURRENCE_GAP_PERIODS), expression=period))


def occurrences(qualifying: np.ndarray, ts: np.ndarray) -> np.ndarray:
    """The first frame of each occurrence of real evidence (indices into ``ts``, ascending): the
    ``qualifying`` frames where more than ``occurrence_gap`` passed since the previous one (the first always).

    Example:
        >>> ts = np.arange(10.0)
        >>> occurrences(np.array([0, 1, 0, 1, 0, 0, 0, 1, 1, 0], dtype=bool), ts).tolist()  # 1 missed: one run
        [1, 7]
    """
    found = np.flatnonzero(qualifying)
    if not len(found):
        return found
    return found[np.r_[True, np.diff(ts[found]) > occurrence_gap(sampling_period(ts))]]


def promoted(plan: Plan, qualifying: np.ndarray, ts: np.ndarray) -> int | None:
    """The frame ``plan.order`` ranks first: the latest of the ``qualifying`` frames ("last"), or the first
    frame of the ``plan.occurrence``-th of their ``occurrences`` ("first": the earliest), None when there is
    no such frame (``ts``: the frames' times, ascending; of frames at one time, the first or last).

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "a dog"}], "order": "last"})
        >>> promoted(plan, np.array([True, True, False]), np.arange(3.0))
        1
        >>> third = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "a dog"}], "order": "third"})
        >>> promoted(third, np.array([True, False, False, True, False]), np.arange(5.0)) is None  # 2 s apart: one
        True
    """
    if plan.order == "last":
        found = np.flatnonzero(qualifying)
        return int(found[-1]) if len(found) else None
    starts = occurrences(qualifying, ts)
    return int(starts[plan.occurrence - 1]) if len(starts) >= plan.occurrence else None
