"""Compile a Plan into one readable DuckDB query (a sqlglot AST) that returns the keyframes.

The query reads only the corpus's views (``frames``, ``videos`` and the tables of the plan's tools) and
vqdb's SQL functions (``similarity``, ``temporal_nms``...), so it runs in any DuckDB session attached to
the corpus. It is built with sqlglot's expression API, never from SQL text: user text (queries, the
video id) only enters it as string literals. Each tool's own SQL lives in its module of
``vqdb.planner.tools``; this module ranks the tools' evidence, merges the ranks and picks keyframes.

ToolMerge semantics (rank mode, the default), per video:

* a call whose tool gives ``scores`` ranks the sampled frames by score, 1 = best (ties: earlier frame);
  a frame the call did not score ranks last (``n_frames + 1``);
* a call whose tool gives ``hits`` (``ocr``, ``transcript``) groups its matching frames in runs whose
  consecutive frames are at most ``gap`` seconds apart and gives the median frame of each run rank 1;
  every other frame ranks last;
* ``A AND B`` keeps the worse rank (``greatest``), ``A OR B`` the better (``least``);
* greedy temporal NMS keeps up to ``k`` frames, best merged rank first (ties: earlier frame), each at
  least ``gap`` seconds from those kept, ``gap = least(duration_s / (2 k), 10)`` unless given.

Score mode (ablations) merges min-max normalized scores instead (hits score 1, others 0;
AND = least, OR = greatest). Output columns: video_id, frame_idx, ts, score (rank mode:
``1 - (merged - 1) / n_frames``, 1 = best, 0 = no call ranked it), merged_rank (position in the
merged order, 1 = best), supporting_calls (ids of the calls that ranked the frame at least as well as
the merge did), in temporal order.

Example:
    >>> from vqdb.planner.plan import Plan
    >>> sql = compile_plan(Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}]}), k=1)
    >>> "'exit'" in sql.lower() and sql.startswith("WITH")
    True
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner import boolexpr, tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.plan import Call, Plan
from vqdb.planner.sqlbuild import (
    DIALECT,
    DOUBLE,
    asc,
    cast,
    col,
    desc,
    fn,
    join,
    named_window,
    number,
    over,
    over_named,
    same,
    string,
    table,
    video_filter,
    with_ctes,
)
from vqdb.planner.tools.base import SAMPLED, Context

MODES = ("rank", "score")


def compile_plan(
    plan: Plan,
    *,
    video_id: str | None = None,
    k: int = 8,
    gap: float | None = None,
    mode: str = "rank",
) -> str:
    """The plan as readable SQL (pretty-printed DuckDB). See ``compile_ast`` for the arguments.

    Example:
        >>> from vqdb.planner.plan import uniform_plan
        >>> "RANGE(0, 3) AS r(slot)" in compile_plan(uniform_plan(), k=3)
        True
    """
    return compile_ast(plan, video_id=video_id, k=k, gap=gap, mode=mode).sql(dialect=DIALECT, pretty=True)


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
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise PlanError(f"k must be a positive integer (keyframes per video), got {k!r}")
    if mode not in MODES:
        raise PlanError(f"mode must be one of {MODES}, got {mode!r}")
    if gap is not None and (not isinstance(gap, int | float) or gap < 0):
        raise PlanError(f"gap must be a number of seconds >= 0, got {gap!r}")
    if video_id is not None and not isinstance(video_id, str):
        raise PlanError(f"video_id must be a string, got {video_id!r}")
    return _Compiler(video_id, k, gap, mode).query(plan)


class _Compiler:
    """Builds the query of one plan: a CTE per stage (sampled frames, per-video constants, one per call,
    the merge, NMS) and the final SELECT."""

    def __init__(self, video_id: str | None, k: int, gap: float | None, mode: str):
        self.video_id, self.k, self.gap, self.mode = video_id, k, gap, mode

    def query(self, plan: Plan) -> exp.Query:
        ctes: dict[str, exp.Query] = {SAMPLED: self.sampled(), "video_info": self.video_info()}
        if plan.is_uniform:
            return with_ctes(self.uniform_select(), ctes)
        calls = {c.id: i for i, c in enumerate(plan.queries, start=1)}
        for call in plan.queries:
            ctes[f"call_{calls[call.id]}"] = self.call(call)
        ctes["merged"] = self.merged(plan, calls)
        ctes["kept"] = self.nms()
        return with_ctes(self.final_select(plan, calls), ctes)

    # -- frames and per-video constants -------------------------------------------------------------
    def sampled(self) -> exp.Select:
        return (
            exp.select(col("video_id"), col("frame_idx"), col("ts"))
            .from_(table("frames"))
            .where(video_filter(self.video_id))
        )

    def video_info(self) -> exp.Select:
        def duration() -> exp.Expression:
            return fn("coalesce", col("duration_s", "v"), col("last_ts", "f"))

        gap = number(float(self.gap)) if self.gap is not None else fn("toolmerge_gap", duration(), number(self.k))
        frames = (
            exp.select(col("video_id"), fn("count", exp.Star()).as_("n_frames"), fn("max", col("ts")).as_("last_ts"))
            .from_(table(SAMPLED))
            .group_by(col("video_id"))
        )
        durations = (
            exp.select(col("video_id"), fn("any_value", col("duration_s")).as_("duration_s"))
            .from_(table("videos"))
            .where(video_filter(self.video_id))
            .group_by(col("video_id"))
        )
        return (
            exp.select(
                col("video_id", "f"),
                col("n_frames", "f"),
                duration().as_("duration_s"),
                cast(gap, DOUBLE).as_("gap"),
            )
            .from_(frames.subquery("f"))
            .join(join(durations.subquery("v"), same(["video_id"], "v", "f"), side="LEFT"))
        )

    # -- one CTE per call: (video_id, frame_idx, rank, score) ---------------------------------------
    def call(self, call: Call) -> exp.Select:
        tool = tools.get(call.tool)
        try:
            tool.check(call.query)
        except PlanError as exc:
            raise PlanError(f"call {call.id}: {exc}") from None
        evidence = tool.select(Context(call.query, self.video_id))
        return self.hit_ranks(evidence) if tool.evidence == "hits" else self.score_ranks(evidence)

    def score_ranks(self, scores: exp.Query) -> exp.Select:
        """Rank 1 = the best score of the video (ties: earlier frame); score mode min-max normalizes."""
        typed = exp.select(col("video_id"), col("frame_idx"), cast(col("score"), DOUBLE).as_("score")).from_(
            scores.subquery()
        )
        rank = over(fn("row_number"), [col("video_id")], [desc(col("score")), col("frame_idx")]).as_("rank")
        scored = col("score").is_(exp.null()).not_()
        if self.mode == "rank":
            return (
                exp.select(col("video_id"), col("frame_idx"), rank, col("score")).from_(typed.subquery()).where(scored)
            )

        def per_video(function: str) -> exp.Window:
            return over_named(fn(function, col("score")), "v")

        spread = exp.Sub(this=per_video("max"), expression=per_video("min"))
        normalized = exp.Div(
            this=exp.paren(exp.Sub(this=col("score"), expression=per_video("min"))),
            expression=fn("nullif", spread, number(0)),
        )
        return (
            exp.select(col("video_id"), col("frame_idx"), rank, fn("coalesce", normalized, number(1.0)).as_("score"))
            .from_(typed.subquery())
            .where(scored)
            .window(named_window("v", [col("video_id")]))
        )

    def hit_ranks(self, hits: exp.Query) -> exp.Select:
        """Rank 1 for the median frame of each run of hits (consecutive hits at most ``gap`` apart)."""
        previous = over(fn("lag", col("ts", "h")), [col("video_id", "h")], [col("ts", "h"), col("frame_idx", "h")])
        continues = exp.LTE(this=exp.Sub(this=col("ts", "h"), expression=previous), expression=col("gap", "i"))
        runs = (
            exp.select(
                col("video_id", "h"),
                col("frame_idx", "h"),
                col("ts", "h"),
                exp.case().when(continues, number(0)).else_(number(1)).as_("starts_run"),
            )
            .from_(hits.subquery("h"))
            .join(join(table("video_info", "i"), same(["video_id"], "i", "h")))
        )
        in_time = [col("ts"), col("frame_idx")]
        numbered = exp.select(
            col("video_id"),
            col("frame_idx"),
            col("ts"),
            over(fn("sum", col("starts_run")), [col("video_id")], in_time).as_("run"),
        ).from_(runs.subquery())
        run = [col("video_id"), col("run")]
        positioned = exp.select(
            col("video_id"),
            col("frame_idx"),
            over(fn("row_number"), run, in_time).as_("pos"),
            over(fn("count", exp.Star()), run).as_("run_size"),
        ).from_(numbered.subquery())
        median = exp.IntDiv(this=exp.paren(exp.Add(this=col("run_size"), expression=number(1))), expression=number(2))
        return (
            exp.select(col("video_id"), col("frame_idx"), number(1).as_("rank"), number(1.0).as_("score"))
            .from_(positioned.subquery())
            .where(exp.EQ(this=col("pos"), expression=median))
        )

    # -- merge, NMS, output -------------------------------------------------------------------------
    def merged(self, plan: Plan, calls: dict[str, int]) -> exp.Select:
        def greatest(values: list[exp.Expression]) -> exp.Expression:
            return fn("greatest", *values)

        def least(values: list[exp.Expression]) -> exp.Expression:
            return fn("least", *values)

        if self.mode == "rank":
            unranked = exp.Add(this=col("n_frames", "i"), expression=number(1))
            value = boolexpr.fold(
                plan.expression,
                lambda cid: fn("coalesce", col("rank", f"c{calls[cid]}"), unranked.copy()),
                greatest,
                least,
            )
            combined_order = asc(col("combined"))
        else:
            value = boolexpr.fold(
                plan.expression,
                lambda cid: fn("coalesce", col("score", f"c{calls[cid]}"), number(0.0)),
                least,
                greatest,
            )
            combined_order = desc(col("combined"))
        columns = [col(c, "s") for c in ("video_id", "frame_idx", "ts")] + [col(c, "i") for c in ("n_frames", "gap")]
        columns.append(value.as_("combined"))
        combined = (
            exp.select(*columns)
            .from_(table(SAMPLED, "s"))
            .join(join(table("video_info", "i"), same(["video_id"], "i", "s")))
        )
        for i in calls.values():
            combined = combined.select(col("rank", f"c{i}").as_(f"rank_{i}"), col("score", f"c{i}").as_(f"score_{i}"))
            on = same(["video_id", "frame_idx"], f"c{i}", "s")
            combined = combined.join(join(table(f"call_{i}", f"c{i}"), on, side="LEFT"))
        merged_rank = over(fn("row_number"), [col("video_id")], [combined_order, col("ts"), col("frame_idx")])
        return exp.select(exp.Star(), merged_rank.as_("merged_rank")).from_(combined.subquery())

    def nms(self) -> exp.Select:
        # temporal_nms (vqdb/queries/nms.sql) keeps the best-scored first: score = -merged_rank, so its
        # 1-based position idx in the lists (ordered by merged_rank) is the merged rank itself.
        def by_rank(value: exp.Expression) -> exp.Expression:
            return fn("list", exp.Order(this=cast(value, DOUBLE), expressions=[asc(col("merged_rank"))]))

        kept = fn(
            "temporal_nms",
            by_rank(col("ts")),
            by_rank(exp.Neg(this=col("merged_rank"))),
            number(self.k),
            fn("any_value", col("gap")),
        )
        position = exp.Dot(this=fn("unnest", kept), expression=exp.to_identifier("idx"))
        return exp.select(col("video_id"), position.as_("merged_rank")).from_(table("merged")).group_by(col("video_id"))

    def final_select(self, plan: Plan, calls: dict[str, int]) -> exp.Select:
        combined = col("combined", "m")
        if self.mode == "rank":
            below = exp.Div(
                this=exp.paren(exp.Sub(this=combined, expression=number(1))), expression=col("n_frames", "m")
            )
            score = exp.Sub(this=number(1.0), expression=below)
            support = {i: col(f"rank_{i}", "m") <= combined.copy() for i in calls.values()}
        else:
            score = combined
            support = {
                i: exp.and_(col(f"score_{i}", "m") > number(0), col(f"score_{i}", "m") >= combined.copy())
                for i in calls.values()
            }
        flags = exp.Array(expressions=[exp.case().when(support[calls[c.id]], string(c.id)) for c in plan.queries])
        x = exp.to_identifier("x")
        present = exp.Lambda(this=exp.Is(this=x, expression=exp.null()).not_(), expressions=[x.copy()])
        return (
            exp.select(
                col("video_id", "m"),
                col("frame_idx", "m"),
                col("ts", "m"),
                cast(score, DOUBLE).as_("score"),
                col("merged_rank", "m"),
                fn("list_filter", flags, present).as_("supporting_calls"),
            )
            .from_(table("kept", "kf"))
            .join(join(table("merged", "m"), same(["video_id", "merged_rank"], "m", "kf")))
            .order_by(asc(col("video_id", "m")), asc(col("ts", "m")), asc(col("frame_idx", "m")))
        )

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
        chosen = (
            exp.select(
                col("video_id", "s"),
                col("frame_idx", "s"),
                col("ts", "s"),
                over(fn("row_number"), [col("video_id", "s"), col("slot", "r")], [distance, col("frame_idx", "s")]).as_(
                    "nearest"
                ),
            )
            .from_(table(SAMPLED, "s"))
            .join(join(table("video_info", "i"), same(["video_id"], "i", "s")))
            .join(join(slots, kind="CROSS"))
        )
        nearest = (
            exp.select(col("video_id"), col("frame_idx"), col("ts"))
            .distinct()
            .from_(chosen.subquery())
            .where(col("nearest").eq(number(1)))
        )
        no_calls = exp.DataType(
            this=exp.DataType.Type.ARRAY, expressions=[exp.DataType(this=exp.DataType.Type.TEXT)], nested=True
        )
        return (
            exp.select(
                col("video_id"),
                col("frame_idx"),
                col("ts"),
                cast(exp.null(), DOUBLE).as_("score"),
                over(fn("row_number"), [col("video_id")], [col("ts"), col("frame_idx")]).as_("merged_rank"),
                cast(exp.Array(expressions=[]), no_calls).as_("supporting_calls"),
            )
            .from_(nearest.subquery())
            .order_by(asc(col("video_id")), asc(col("ts")), asc(col("frame_idx")))
        )
