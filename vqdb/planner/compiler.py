"""Compile a Plan into one readable DuckDB query (a sqlglot AST) that returns the keyframes.

The query reads only the corpus's views (``frames``, ``videos`` and the tables of the plan's tools) and
vqdb's SQL functions (``similarity``, ``screen_text_score``, ``temporal_nms``...), so it runs in any DuckDB
session attached to the corpus. It is built with sqlglot's expression API, never from SQL text: user text
(queries, the video id) only enters it as string literals. Each tool's own SQL lives in its module of
``vqdb.planner.tools``; this module ranks the tools' evidence, merges the ranks and picks keyframes.

ToolMerge semantics (rank mode, the default), per video:

* a call whose tool gives ``scores`` ranks the sampled frames by score: a frame's rank is 1 + the number
  of frames scored strictly higher (frames with equal scores share a rank, as the frames of one on-screen
  title do); a frame the call did not score ranks last (``n_frames + 1``);
* a call whose tool gives ``hits`` groups its matching frames in runs whose consecutive frames are at
  most ``gap`` seconds apart and gives the median frame of each run rank 1; every other frame ranks last;
* ``A AND B`` keeps the worse rank (``greatest``), ``A OR B`` the better (``least``); frames with the same
  merged rank are ordered by ``tie_break``, the same expression with AND as the mean of the ranks, so an
  AND with a call that matched nothing (every frame last) falls back on the other calls' ranking, then by
  time; frames no call ranked come last in uniform sampling's order (nearest to the middle of one of ``k``
  equal time slots first), so a plan that matched nothing in a video keeps uniform sampling's keyframes;
* a plan with an ``order`` ranks one frame before all others, marked ``promoted``: of the frames that
  ``qualifies`` (has real evidence, ``vqdb.planner.temporal_order``: each call's score at least the floor
  its ``best_<n>`` score in the video sets), the latest ("last"), or the first frame of the ``occurrence``-th
  run of them ("first", "second", ...: a run ``starts`` where more than ``occurrence_gap`` seconds passed
  since the previous one);
* greedy temporal NMS keeps up to ``k`` frames, best merged rank first, each placed (``moment``) at least
  ``gap`` seconds from those kept, ``gap = least(duration_s / (2 k), 10)`` unless given.

Score mode (ablations) merges min-max normalized scores instead (hits score 1, others 0;
AND = least, OR = greatest, tie_break with AND as the mean). Output columns: video_id, frame_idx (the
sampled frame kept), ts (the moment it stands for: its time placed inside the evidence of its supporting
text calls, ``vqdb.planner.placement``), score (rank mode: ``1 - (merged - 1) / n_frames``, 1 = best,
0 = no call ranked it), merged_rank (position in the merged order, 1 = best), supporting_calls (ids of
the calls that ranked the frame at least as well as the merge did), in the kept frames' temporal order.

Example:
    >>> from vqdb.planner.plan import Plan
    >>> sql = compile_plan(Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}]}), k=1)
    >>> "SCREEN_TEXT_SCORE(" in sql and "'EXIT'" in sql and sql.startswith("WITH")
    True
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from sqlglot import exp

from vqdb.planner import boolexpr, temporal_order, tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.placement import moment_sql
from vqdb.planner.plan import FOLLOWING, RELATION_DECAY, Call, Plan
from vqdb.planner.sqlbuild import (
    DIALECT,
    DOUBLE,
    alias,
    asc,
    cast,
    col,
    desc,
    fn,
    join,
    named_window,
    number,
    ordered,
    over,
    over_named,
    same,
    select,
    string,
    subquery,
    table,
    video_filter,
    with_ctes,
)
from vqdb.planner.tools.base import RELATION_WINDOW_S, SAMPLED, SPAN_COLUMNS, VIDEO_INFO, Context

MODES = ("rank", "score")
# the names in ``merged`` of what a call of a tool with spans carries (``SPAN_COLUMNS``), suffixed with its number
SPAN_NAMES = dict(zip(SPAN_COLUMNS, ("start", "end", "focus_start", "focus_end"), strict=True))


COMPILED_CACHE_SIZE = 256  # compiled queries kept (a session asks the same plans again: retrieve, then locate)
_compiled: OrderedDict[tuple, str] = OrderedDict()  # (plan JSON, video_id, k, gap, mode) -> SQL, least recent first
_compiled_lock = threading.Lock()


def compile_plan(
    plan: Plan,
    *,
    video_id: str | None = None,
    k: int = 8,
    gap: float | None = None,
    mode: str = "rank",
) -> str:
    """The plan as readable SQL (pretty-printed DuckDB). See ``compile_ast`` for the arguments.

    The text depends only on the plan's JSON and the arguments, so the last ``COMPILED_CACHE_SIZE`` are kept:
    compiling a plan again costs a dictionary lookup instead of building and printing its tree.

    Example:
        >>> from vqdb.planner.plan import uniform_plan
        >>> "RANGE(0, 3) AS r(slot)" in compile_plan(uniform_plan(), k=3)
        True
        >>> compile_plan(uniform_plan(), k=3) is compile_plan(uniform_plan(), k=3)
        True
    """
    compiler = Compiler(video_id=video_id, k=k, gap=gap, mode=mode)  # checks the arguments before they are a key
    key = (plan.to_json(), video_id, k, None if gap is None else float(gap), mode)
    with _compiled_lock:
        sql = _compiled.get(key)
        if sql is not None:
            _compiled.move_to_end(key)
            return sql
    sql = compiler.query(plan).sql(dialect=DIALECT, pretty=True)
    with _compiled_lock:
        _compiled[key] = sql
        while len(_compiled) > COMPILED_CACHE_SIZE:
            _compiled.popitem(last=False)
    return sql


def compile_ast(
    plan: Plan,
    *,
    video_id: str | None = None,
    k: int = 8,
    gap: float | None = None,
    mode: str = "rank",
) -> exp.Expression:
    """The plan as a sqlglot AST.

    ``video_id`` restricts to one video (default: every video, ``k`` keyframes each); ``gap`` overrides
    the NMS gap in seconds; ``mode`` is ``"rank"`` (ToolMerge) or ``"score"`` (normalized-score merge).

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> tree = compile_ast(Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "dog"}]}))
        >>> [cte.alias for cte in tree.ctes][:3]
        ['sampled', 'video_info', 'call_1']
    """
    return Compiler(video_id=video_id, k=k, gap=gap, mode=mode).query(plan)


class Compiler:
    """Builds the query of one plan: a CTE per stage (sampled frames, per-video constants, one per call,
    the merge, NMS) and the final SELECT. ``merged_ctes`` is shared with ``vqdb.planner.locate``.

    Example:
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "dog"}]})
        >>> list(Compiler(video_id="v1").merged_ctes(plan))
        ['sampled', 'video_info', 'call_1', 'merged']
    """

    def __init__(self, *, video_id: str | None = None, k: int = 8, gap: float | None = None, mode: str = "rank"):
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise PlanError(f"k must be a positive integer (keyframes per video), got {k!r}")
        if mode not in MODES:
            raise PlanError(f"mode must be one of {MODES}, got {mode!r}")
        if gap is not None and (not isinstance(gap, int | float) or isinstance(gap, bool) or gap < 0):
            raise PlanError(f"gap must be a number of seconds >= 0, got {gap!r}")
        if video_id is not None and not isinstance(video_id, str):
            raise PlanError(f"video_id must be a string, got {video_id!r}")
        self.video_id, self.k, self.gap, self.mode = video_id, k, gap, mode
        self.calls: dict[str, int] = {}  # call id -> its number (call_<n>, rank_<n>, ...)
        self.spans: set[int] = set()  # numbers of the calls whose rows carry SPAN_COLUMNS

    def query(self, plan: Plan) -> exp.Expression:
        """The whole query of ``plan``: its keyframes (uniformly sampled for the uniform plan)."""
        if plan.is_uniform:
            return with_ctes(self.uniform_select(), self.frame_ctes())
        ctes = self.merged_ctes(plan)
        ctes["kept"] = self.nms(plan)
        return with_ctes(self.final_select(plan), ctes)

    def frame_ctes(self) -> dict[str, exp.Query]:
        """``sampled`` (the frames being ranked) and ``video_info`` (per-video constants)."""
        return {SAMPLED: self.sampled(), VIDEO_INFO: self.video_info()}

    def merged_ctes(self, plan: Plan) -> dict[str, exp.Query]:
        """The CTEs up to ``merged``: every sampled frame with its per-call ranks and the merged order."""
        ctes = self.frame_ctes()
        self.calls = {c.id: i for i, c in enumerate(plan.queries, start=1)}
        for call in plan.queries:
            ctes[f"call_{self.calls[call.id]}"] = self.call(call)
        ctes["merged"] = self.merged(plan)
        return ctes

    # -- frames and per-video constants -------------------------------------------------------------
    def sampled(self) -> exp.Select:
        return select(col("video_id"), col("frame_idx"), col("ts"), from_=table("frames"), where=self.where())

    def where(self, *conditions: exp.Expression) -> exp.Expression | None:
        return video_filter(self.video_id, *conditions)

    def per_video(self, *columns: exp.Expression) -> list[exp.Expression]:
        """A window's partition: by video, then ``columns``; a compile for one video needs no partition by
        video (measured, DuckDB 1.5: a partitioned window over 7,200 rows costs about 0.5 ms more).

        Example:
            >>> [c.sql() for c in Compiler().per_video(col("run"))], Compiler(video_id="v1").per_video()
            (['video_id', 'run'], [])
        """
        return ([col("video_id")] if self.video_id is None else []) + list(columns)

    def video_info(self) -> exp.Select:
        """Per video: n_frames, duration_s (of ``videos``, else the last frame's time), the NMS gap and the
        sampling period (the mean time between consecutive sampled frames; 0 with one frame)."""

        def duration() -> exp.Expression:
            return fn("coalesce", col("duration_s", "v"), col("last_ts", "f"))

        gap = number(float(self.gap)) if self.gap is not None else fn("toolmerge_gap", duration(), number(self.k))
        frames = select(
            col("video_id"),
            alias(fn("count", exp.Star()), "n_frames"),
            alias(fn("min", col("ts")), "first_ts"),
            alias(fn("max", col("ts")), "last_ts"),
            from_=table(SAMPLED),
            group_by=[col("video_id")],
        )
        durations = select(
            col("video_id"),
            alias(fn("any_value", col("duration_s")), "duration_s"),
            from_=table("videos"),
            where=self.where(),
            group_by=[col("video_id")],
        )
        intervals = fn("greatest", exp.Sub(this=col("n_frames", "f"), expression=number(1)), number(1))
        period = exp.Div(
            this=exp.paren(exp.Sub(this=col("last_ts", "f"), expression=col("first_ts", "f"))), expression=intervals
        )
        return select(
            col("video_id", "f"),
            col("n_frames", "f"),
            alias(duration(), "duration_s"),
            alias(cast(gap, DOUBLE), "gap"),
            alias(cast(period, DOUBLE), "period"),
            from_=subquery(frames, "f"),
            joins=[join(subquery(durations, "v"), same(["video_id"], "v", "f"), side="LEFT")],
        )

    # -- one CTE per call: (video_id, frame_idx, rank, score[, start_s, end_s, focus_start, focus_end]) --
    def call(self, call: Call) -> exp.Select:
        tool = tools.get(call.tool)
        try:
            tool.check(call.query)
        except PlanError as exc:
            raise PlanError(f"call {call.id}: {exc}") from None
        evidence = tool.select(Context(call.query, self.video_id, call.place, call.size, call.extent, call.when))
        if call.when is not None:
            said_next = call.extent == "next"  # its spans: the phrase said next (``tools.said_next``)
            if said_next:
                self.spans.add(self.calls[call.id])
            return self.score_ranks(self.related(evidence, call), said_next)
        if tool.evidence == "hits":
            return self.hit_ranks(evidence)
        if tool.spans:
            self.spans.add(self.calls[call.id])
        return self.score_ranks(evidence, tool.spans)

    def related(self, scores: exp.Query, call: Call) -> exp.Select:
        """A call with ``when``: each sampled frame's best score of the frames up to ``RELATION_WINDOW_S``
        before it (``after``, ``after_start``) or after it (``before``), less ``RELATION_DECAY`` per second between
        them, except the frames where the reference itself is real evidence (``temporal_order.reference``). No span (the
        evidence is elsewhere in time) but with ``extent`` "next": the span and focus the tool gave the frame
        the score comes from (the phrase said next to its words; of equal scores, the later frame's)."""
        said_next = [col(c, "x") for c in SPAN_COLUMNS] if call.extent == "next" else []
        found = select(
            col("video_id", "x"),
            col("frame_idx", "x"),
            alias(cast(col("score", "x"), DOUBLE), "score"),
            alias(over(fn("max", cast(col("score", "x"), DOUBLE)), [col("video_id", "x")]), "best"),
            col("ts", "f"),
            *said_next,
            from_=subquery(scores, "x"),
            joins=[join(table(SAMPLED, "f"), same(["video_id", "frame_idx"], "f", "x"))],
            where=col("score", "x").is_(exp.null()).not_(),
        )
        frame, evidence = col("ts", "s"), col("ts", "e")
        window = number(RELATION_WINDOW_S)
        if call.when in FOLLOWING:  # the evidence before the frame
            near = exp.and_(evidence < frame, evidence.copy() >= exp.Sub(this=frame.copy(), expression=window))
            apart = exp.Sub(this=frame.copy(), expression=evidence.copy())
        else:
            near = exp.and_(evidence > frame, evidence.copy() <= exp.Add(this=frame.copy(), expression=window))
            apart = exp.Sub(this=evidence.copy(), expression=frame.copy())
        decayed = exp.Sub(
            this=col("score", "e"), expression=exp.Mul(this=number(RELATION_DECAY), expression=exp.paren(apart))
        )
        joins = [join(subquery(found, "e"), exp.and_(same(["video_id"], "e", "s"), near, copy=False))]
        ref = temporal_order.reference(call)
        if ref is not None:  # not the frames where the reference itself still is
            joins.append(join(subquery(found.copy(), "o"), same(["video_id", "frame_idx"], "o", "s"), side="LEFT"))

        def best_first(name: str) -> exp.Expression:
            return fn("first", ordered(col(name, "e"), [desc(decayed.copy()), desc(col("frame_idx", "e"))]))

        keys = [col("video_id", "s"), col("frame_idx", "s"), *([col("ts", "s")] if said_next else [])]
        related = select(
            *keys,
            alias(fn("max", decayed), "score"),
            *(alias(best_first(c.name), c.name) for c in said_next),
            from_=table(SAMPLED, "s"),
            joins=joins,
            where=None
            if ref is None
            else exp.not_(temporal_order.real_evidence_sql(ref, col("score", "o"), col("best", "o"))),
            group_by=[key.copy() for key in keys],
        )
        return self.said_next_near(related) if said_next else related

    def said_next_near(self, related: exp.Select) -> exp.Select:
        """``related``'s frames with the span and focus they carry (the phrase said next) where the frame is
        within a sampling period of it, NULL elsewhere (``columnar.said_next_evidence``)."""
        period = col("period", "i")
        near = exp.and_(
            col("ts", "r") >= exp.Sub(this=col("start_s", "r"), expression=period),
            col("ts", "r") <= exp.Add(this=col("end_s", "r"), expression=period.copy()),
            copy=False,
        )
        return select(
            col("video_id", "r"),
            col("frame_idx", "r"),
            col("score", "r"),
            *(alias(exp.case().when(near.copy(), col(c, "r")), c) for c in SPAN_COLUMNS),
            from_=subquery(related, "r"),
            joins=[join(table(VIDEO_INFO, "i"), same(["video_id"], "i", "r"))],
        )

    def score_ranks(self, scores: exp.Query, spans: bool = False) -> exp.Select:
        """Rank = 1 + the number of frames of the video scored strictly higher; score mode min-max
        normalizes the scores. Rows with a NULL score are left out (those frames rank last)."""

        def span() -> list[exp.Column]:
            return [col(c) for c in SPAN_COLUMNS] if spans else []

        typed = select(
            col("video_id"),
            col("frame_idx"),
            alias(cast(col("score"), DOUBLE), "score"),
            *span(),
            from_=subquery(scores),
        )
        rank = alias(over(fn("rank"), self.per_video(), [desc(col("score"))]), "rank")
        scored = col("score").is_(exp.null()).not_()
        if self.mode == "rank":
            return select(
                col("video_id"), col("frame_idx"), rank, col("score"), *span(), from_=subquery(typed), where=scored
            )

        def per_video(function: str) -> exp.Window:
            return over_named(fn(function, col("score")), "v")

        spread = exp.Sub(this=per_video("max"), expression=per_video("min"))
        normalized = exp.Div(
            this=exp.paren(exp.Sub(this=col("score"), expression=per_video("min"))),
            expression=fn("nullif", spread, number(0)),
        )
        return select(
            col("video_id"),
            col("frame_idx"),
            rank,
            alias(fn("coalesce", normalized, number(1.0)), "score"),
            alias(col("score"), "raw"),  # the tool's own score: what a plan's order reads (``evidence``)
            *span(),
            from_=subquery(typed),
            where=scored,
            window=named_window("v", self.per_video()),
        )

    def hit_ranks(self, hits: exp.Query) -> exp.Select:
        """Rank 1 for the median frame of each run of hits (consecutive hits at most ``gap`` apart)."""
        by_video = [col("video_id", "h")] if self.video_id is None else []
        previous = over(fn("lag", col("ts", "h")), by_video, [col("ts", "h"), col("frame_idx", "h")])
        continues = exp.LTE(this=exp.Sub(this=col("ts", "h"), expression=previous), expression=col("gap", "i"))
        runs = select(
            col("video_id", "h"),
            col("frame_idx", "h"),
            col("ts", "h"),
            alias(exp.case().when(continues, number(0)).else_(number(1)), "starts_run"),
            from_=subquery(hits, "h"),
            joins=[join(table(VIDEO_INFO, "i"), same(["video_id"], "i", "h"))],
        )
        numbered = select(
            col("video_id"),
            col("frame_idx"),
            col("ts"),
            alias(over(fn("sum", col("starts_run")), self.per_video(), [col("ts"), col("frame_idx")]), "run"),
            from_=subquery(runs),
        )
        positioned = select(
            col("video_id"),
            col("frame_idx"),
            alias(over(fn("row_number"), self.per_video(col("run")), [col("ts"), col("frame_idx")]), "pos"),
            alias(over(fn("count", exp.Star()), self.per_video(col("run"))), "run_size"),
            from_=subquery(numbered),
        )
        median = exp.IntDiv(this=exp.paren(exp.Add(this=col("run_size"), expression=number(1))), expression=number(2))
        return select(
            col("video_id"),
            col("frame_idx"),
            alias(number(1), "rank"),
            alias(number(1.0), "score"),
            *([alias(number(1.0), "raw")] if self.mode == "score" else []),
            from_=subquery(positioned),
            where=exp.EQ(this=col("pos"), expression=median),
        )

    # -- merge, NMS, output -------------------------------------------------------------------------
    def merged(self, plan: Plan) -> exp.Select:
        """Every sampled frame with ``combined`` (the merged rank or score), ``tie_break``, ``grade`` (rank mode:
        the calls' scores merged alike, AND the lower, OR the higher, which orders frames whose ranks tie), each
        call's rank and score (and span), and ``merged_rank``: the frame's position in the merged order."""

        def greatest(values: list[exp.Expression]) -> exp.Expression:
            return fn("greatest", *values)

        def least(values: list[exp.Expression]) -> exp.Expression:
            return fn("least", *values)

        def mean(values: list[exp.Expression]) -> exp.Expression:
            total = values[0]
            for value in values[1:]:
                total = exp.Add(this=total, expression=value)
            return exp.Div(this=exp.paren(total), expression=number(float(len(values))))

        def value(cid: str) -> exp.Expression:
            if self.mode == "rank":
                unranked = exp.Add(this=col("n_frames", "i"), expression=number(1))
                return fn("coalesce", col("rank", f"c{self.calls[cid]}"), unranked)
            return fn("coalesce", col("score", f"c{self.calls[cid]}"), number(0.0))

        worse, better = (greatest, least) if self.mode == "rank" else (least, greatest)
        combined = boolexpr.fold(plan.expression, value, worse, better)
        tie_break = boolexpr.fold(plan.expression, value, mean, better)
        order = asc if self.mode == "rank" else desc
        columns = [col(c, "s") for c in ("video_id", "frame_idx", "ts")] + [
            col(c, "i") for c in ("n_frames", "duration_s", "gap", "period")
        ]
        columns += [alias(combined, "combined"), alias(tie_break, "tie_break")]
        if self.mode == "rank":  # frames whose ranks tie: the better graded evidence first
            grade = boolexpr.fold(
                plan.expression,
                lambda cid: fn("coalesce", col("score", f"c{self.calls[cid]}"), number(0.0)),
                least,
                greatest,
            )
            columns.append(alias(grade, "grade"))
        joins = [join(table(VIDEO_INFO, "i"), same(["video_id"], "i", "s"))]
        for i in self.calls.values():
            columns += [alias(col("rank", f"c{i}"), f"rank_{i}"), alias(col("score", f"c{i}"), f"score_{i}")]
            if i in self.spans:
                columns += [alias(col(c, f"c{i}"), f"{name}_{i}") for c, name in SPAN_NAMES.items()]
            joins.append(join(table(f"call_{i}", f"c{i}"), same(["video_id", "frame_idx"], f"c{i}", "s"), side="LEFT"))
            if self.mode == "score":
                columns.append(alias(col("raw", f"c{i}"), f"raw_{i}"))
        frames = select(*columns, from_=table(SAMPLED, "s"), joins=joins)
        keys = [order(col("combined")), order(col("tie_break"))]
        if self.mode == "rank":
            keys.append(desc(col("grade")))
        if plan.order is not None:  # the earliest (latest) frame with real evidence first
            frames = self.promoted(plan, frames)
            keys.insert(0, desc(col("promoted")))
        merged_rank = over(fn("row_number"), self.per_video(), [*keys, self.spread(), col("ts"), col("frame_idx")])
        return select(exp.Star(), alias(merged_rank, "merged_rank"), from_=subquery(frames))

    def evidence(self, i: int) -> exp.Column:
        """The column of ``merged``'s frames with call number ``i``'s own score (score mode: not normalized)."""
        return col(f"{'raw' if self.mode == 'score' else 'score'}_{i}")

    def promoted(self, plan: Plan, frames: exp.Select) -> exp.Select:
        """``frames`` with each call's ``best_<n>`` score in the video, whether a frame ``qualifies`` (has real
        evidence: ``temporal_order.qualifies_sql``), and ``promoted``: the latest frame that qualifies
        (``plan.order`` "last"), or the first frame of the ``plan.occurrence``-th run of them ("first":
        the earliest; ``temporal_order.occurrences``)."""
        best = [alias(over(fn("max", self.evidence(i)), self.per_video()), f"best_{i}") for i in self.calls.values()]
        scores = {cid: self.evidence(i) for cid, i in self.calls.items()}
        bests = {cid: col(f"best_{i}") for cid, i in self.calls.items()}
        graded = select(exp.Star(), *best, from_=subquery(frames))
        qualified = select(
            exp.Star(), alias(temporal_order.qualifies_sql(plan, scores, bests), "qualifies"), from_=subquery(graded)
        )
        if plan.order == "last":
            latest = over(
                fn("row_number"), self.per_video(), [desc(col("qualifies")), desc(col("ts")), desc(col("frame_idx"))]
            )
            promoted = exp.and_(col("qualifies"), latest.eq(number(1)), copy=False)
            return select(exp.Star(), alias(promoted, "promoted"), from_=subquery(qualified))
        in_time = [asc(col("ts")), asc(col("frame_idx"))]
        previous = over(fn("lag", col("ts")), self.per_video(col("qualifies")), in_time)
        apart = exp.GT(
            this=exp.Sub(this=col("ts"), expression=previous.copy()),
            expression=temporal_order.occurrence_gap_sql(col("period")),
        )
        starts = exp.and_(col("qualifies"), exp.or_(previous.is_(exp.null()), apart, copy=False), copy=False)
        started = select(exp.Star(), alias(starts, "starts"), from_=subquery(qualified))
        count = fn("sum", exp.case().when(col("starts"), number(1)).else_(number(0)))
        counted = select(
            exp.Star(), alias(over(count, self.per_video(), in_time), "occurrence"), from_=subquery(started)
        )
        promoted = exp.and_(col("starts"), col("occurrence").eq(number(plan.occurrence)), copy=False)
        return select(exp.Star(), alias(promoted, "promoted"), from_=subquery(counted))

    def spread(self) -> exp.Expression:
        """The order of the frames no call ranked (they all tie): nearest to the middle of one of ``k`` equal
        time slots first, so when nothing matched the keyframes are uniform sampling's, not the video's
        first seconds. 0 for a frame some call ranked (its ties keep time order)."""
        unranked = exp.and_(*(col(f"rank_{i}").is_(exp.null()) for i in self.calls.values()), copy=False)
        slots = exp.Div(this=exp.Mul(this=col("ts"), expression=number(self.k)), expression=col("duration_s"))
        off_middle = fn(
            "abs", exp.Sub(this=exp.Sub(this=slots, expression=fn("floor", slots.copy())), expression=number(0.5))
        )
        when = exp.and_(unranked, exp.GT(this=col("duration_s"), expression=number(0)), copy=False)
        return exp.case().when(when, off_middle).else_(number(0.0))

    def nms(self, plan: Plan) -> exp.Select:
        # temporal_nms_spans (vqdb/queries/nms.sql) keeps the best-scored first: score = -merged_rank, so its
        # 1-based position idx in the lists (ordered by merged_rank) is the merged rank itself. Frames are
        # kept apart by where their keyframes are placed (``moment``), not by their sampled times, and frames
        # whose foci are disjoint (``focus``) are two moments however near.
        def by_rank(value: exp.Expression) -> exp.Expression:
            return fn("list", exp.Order(this=cast(value, DOUBLE), expressions=[asc(col("merged_rank", "m"))]))

        start, end = self.focus(plan)
        kept = fn(
            "temporal_nms_spans",
            by_rank(self.moment(plan)),
            by_rank(exp.Neg(this=col("merged_rank", "m"))),
            by_rank(start),
            by_rank(end),
            number(self.k),
            fn("any_value", col("gap", "m")),
        )
        position = exp.Dot(this=fn("unnest", kept), expression=exp.to_identifier("idx"))
        return select(
            col("video_id", "m"),
            alias(position, "merged_rank"),
            from_=table("merged", "m"),
            group_by=[col("video_id", "m")],
        )

    def score(self) -> exp.Expression:
        """The output ``score`` of a frame of ``merged AS m``: 1 - (merged - 1) / n_frames in rank mode (1 for
        a frame every call ranked first, 0 when no call ranked it), the merged score in score mode."""
        combined = col("combined", "m")
        if self.mode == "score":
            return cast(combined, DOUBLE)
        below = exp.Div(this=exp.paren(exp.Sub(this=combined, expression=number(1))), expression=col("n_frames", "m"))
        return cast(exp.Sub(this=number(1.0), expression=below), DOUBLE)

    def supports(self, i: int) -> exp.Expression:
        """Whether call number ``i`` ranked a frame of ``merged AS m`` at least as well as the merge did."""
        if self.mode == "rank":
            return col(f"rank_{i}", "m") <= col("combined", "m")
        own = col(f"score_{i}", "m")
        return exp.and_(own > number(0), own.copy() >= col("combined", "m"), copy=False)

    def supporting_calls(self, plan: Plan) -> exp.Expression:
        """The ids of the calls that ranked a frame of ``merged AS m`` at least as well as the merge did."""
        flags = exp.Array(
            expressions=[exp.case().when(self.supports(self.calls[c.id]), string(c.id)) for c in plan.queries]
        )
        x = exp.to_identifier("x")
        present = exp.Lambda(this=exp.Is(this=x, expression=exp.null()).not_(), expressions=[x.copy()])
        return fn("list_filter", flags, present)

    def moment(self, plan: Plan) -> exp.Expression:
        """The time a kept frame of ``merged AS m`` shows: its sampled time placed in the focus of its first
        supporting call that has one (``vqdb.planner.placement``), else its sampled time."""
        placed = []
        for call in plan.queries:
            i = self.calls[call.id]
            if i in self.spans:
                start, end = col(f"focus_start_{i}", "m"), col(f"focus_end_{i}", "m")
                inside = moment_sql(col("ts", "m"), start, end, col("period", "m"))
                placed.append(exp.case().when(self.has_focus(i), inside))
        return fn("coalesce", *placed, col("ts", "m")) if placed else col("ts", "m")

    def has_focus(self, i: int) -> exp.Expression:
        """Whether call ``i`` supports a frame of ``merged AS m`` and has a focus there."""
        return exp.and_(self.supports(i), col(f"focus_start_{i}", "m").is_(exp.null()).not_(), copy=False)

    def focus(self, plan: Plan) -> tuple[exp.Expression, exp.Expression]:
        """Where the evidence of a frame of ``merged AS m`` is: the focus (start, end) of its first supporting
        call that has one (``placement.frame_foci``), else NULL."""
        bounds: tuple[list[exp.Expression], list[exp.Expression]] = ([], [])
        for call in plan.queries:
            i = self.calls[call.id]
            if i in self.spans:
                bounds[0].append(exp.case().when(self.has_focus(i), col(f"focus_start_{i}", "m")))
                bounds[1].append(exp.case().when(self.has_focus(i), col(f"focus_end_{i}", "m")))
        if not bounds[0]:
            return exp.null(), exp.null()
        if len(bounds[0]) == 1:
            return bounds[0][0], bounds[1][0]
        return fn("coalesce", *bounds[0]), fn("coalesce", *bounds[1])

    def final_select(self, plan: Plan) -> exp.Select:
        query = select(
            col("video_id", "m"),
            col("frame_idx", "m"),
            alias(self.moment(plan), "ts"),
            alias(self.score(), "score"),
            col("merged_rank", "m"),
            alias(self.supporting_calls(plan), "supporting_calls"),
            from_=table("kept", "kf"),
            joins=[join(table("merged", "m"), same(["video_id", "merged_rank"], "m", "kf"))],
        )
        return query.order_by(asc(col("video_id", "m")), asc(col("ts", "m")), asc(col("frame_idx", "m")), copy=False)

    def uniform_select(self) -> exp.Select:
        """For each of ``k`` slots the frame nearest to the slot's middle time."""
        slot_middle = exp.Div(
            this=exp.Mul(
                this=exp.paren(exp.Add(this=col("slot", "r"), expression=number(0.5))),
                expression=col("duration_s", "i"),
            ),
            expression=number(self.k),
        )
        distance = fn("abs", exp.Sub(this=col("ts", "s"), expression=slot_middle))
        slots = exp.Table(
            this=fn("range", number(self.k)),
            alias=exp.TableAlias(this=exp.to_identifier("r"), columns=[exp.to_identifier("slot")]),
        )
        nearest_first = over(
            fn("row_number"), [col("video_id", "s"), col("slot", "r")], [distance, col("frame_idx", "s")]
        )
        chosen = select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            col("ts", "s"),
            alias(nearest_first, "nearest"),
            from_=table(SAMPLED, "s"),
            joins=[join(table(VIDEO_INFO, "i"), same(["video_id"], "i", "s")), join(slots, kind="CROSS")],
        )
        nearest = select(
            col("video_id"),
            col("frame_idx"),
            col("ts"),
            from_=subquery(chosen),
            where=col("nearest").eq(number(1)),
            distinct=True,
        )
        no_calls = exp.DataType(
            this=exp.DataType.Type.ARRAY, expressions=[exp.DataType(this=exp.DataType.Type.TEXT)], nested=True
        )
        query = select(
            col("video_id"),
            col("frame_idx"),
            col("ts"),
            alias(cast(exp.null(), DOUBLE), "score"),
            alias(over(fn("row_number"), self.per_video(), [col("ts"), col("frame_idx")]), "merged_rank"),
            alias(cast(exp.Array(expressions=[]), no_calls), "supporting_calls"),
            from_=subquery(nearest),
        )
        return query.order_by(asc(col("video_id")), asc(col("ts")), asc(col("frame_idx")), copy=False)
