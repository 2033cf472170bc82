"""Question -> ranked time intervals ("when"): the merged frame ranking of a plan grown into spans.

For a question about one video, ``locate`` computes the query's rows on arrays (``columnar.intervals``, held
equal to it row for row) and compiles it only when ``Location.sql`` is read.

The query is the one ``compile_plan`` builds up to the ``merged`` CTE (every sampled frame with its merged
rank and each call's rank and evidence span), then, per video:

1. **a frame's interval**: the calls that support the frame (those ranking it at least as well as the
   merge does) and give spans (``ocr``, ``transcript``, ``subtitle``: the text's run on screen, the words
   said, or the statement they are said in for a call with ``extent`` "statement": ``vqdb.planner.tools``)
   bound it, combined as the plan combines the calls (``_span``): of calls ORed the best-graded
   span, of calls ANDed the stretch they share (their hull when they do not meet or only touch; a span of
   no length is half a sampling period each side of it: an interval is never empty; an operand whose best
   grade in the video is below ``TEXT_EVIDENCE_MIN`` only shares the topic and bounds nothing beside one whose
   best reaches it), statements joined first (their hull: readings of one statement, or the topic's and the
   answer's). A frame no span
   supports belongs to an **island**: a run of consecutive sampled frames among the best ``share`` of the
   merged order (at least the best frame), from half a sampling period before its first frame to half
   after its last;
2. **candidates**: each distinct interval, ranked by its best frame's merged rank, with that frame's
   ``score`` (``1 - (merged - 1) / n_frames``, as ``retrieve`` reports it) and ``supporting_calls``; those
   that follow one another joined (``_joined``: ranked alike by the merge, one starting where those before
   it end, supported by other calls than the previous one), then a text's runs that overlap chained
   (``_chained``: candidates supported by the same ``ocr`` calls, none held by another, each starting before
   the ones before it end and graded within ``SAME_TEXT_GRADE`` of the one before it: one text on screen whose
   frames grade differently as other text comes and goes, a logo in the corner while captions change below,
   is one showing, the whole time it is seen; a run inside another, a copy shown for a moment over a page that
   shows it all along, stays apart);
3. **the answer**: the candidates that no better-ranked candidate overlaps, best first, ``k`` per video.

Without evidence (a plan with no calls, or calls that ranked no frame of a video) the answer is the whole
video, with a NULL score and no supporting calls.

Example:
    >>> from vqdb.planner.plan import Plan
    >>> sql = compile_locate(Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}]}), k=2)
    >>> [line for line in sql.splitlines() if line.startswith(("WITH", "), "))][-7:-3]
    ['), evidence AS (', '), islands AS (', '), candidates AS (', '), joined AS (']
    >>> [line for line in sql.splitlines() if line.startswith(("WITH", "), "))][-3:]
    ['), runs AS (', '), chained AS (', '), ranked AS (']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pyarrow as pa
from sqlglot import exp

from vqdb.planner import boolexpr, columnar
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.columnar import SAME_TEXT_GRADE, TEXT_EVIDENCE_MIN
from vqdb.planner.compiler import Compiler
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.planner.plan import Plan
from vqdb.planner.retrieve import plan_for
from vqdb.planner.sqlbuild import (
    DIALECT,
    DOUBLE,
    alias,
    asc,
    cast,
    col,
    fn,
    join,
    number,
    over,
    same,
    select,
    string,
    subquery,
    table,
    with_ctes,
)
from vqdb.planner.tools.base import VIDEO_INFO
from vqdb.planner.tools.said_answer import STATEMENTS
from vqdb.planner.video_frames import VideoFrames
from vqdb.videos import resolve_video

ISLAND_SHARE = 0.05  # frames among the best 5% of the merged order grow an island when no span bounds them
COLUMNS = ("video_id", "start_s", "end_s", "score", "supporting_calls")


@dataclasses.dataclass(frozen=True)
class Location:
    """What ``locate`` found: the plan, the ranked intervals, notes, and ``sql``: the query whose rows the
    intervals are (compiled when first read: a question about one video is answered on arrays,
    ``vqdb.planner.columnar``).

    ``intervals`` (a pyarrow Table) has columns video_id, start_s, end_s, score, supporting_calls: per video,
    best first.
    """

    plan: Plan
    intervals: pa.Table
    notes: tuple[str, ...] = ()
    compile_options: dict = dataclasses.field(default_factory=dict, repr=False)

    @property
    def sql(self) -> str:
        """The plan's locate query (``compile_locate`` with the options ``locate`` used)."""
        return compile_locate(self.plan, **self.compile_options)

    def explain(self) -> str:
        """The plan, notes and SQL as text (what ``vqdb locate --explain`` prints)."""
        lines = ["-- plan: " + self.plan.to_json()]
        lines += [f"-- note: {n}" for n in self.notes]
        return "\n".join(lines) + "\n" + self.sql


def compile_locate(plan: Plan, *, video_id: str | None = None, k: int = 5, share: float = ISLAND_SHARE) -> str:
    """The locate query of ``plan`` as readable SQL (see the module doc): up to ``k`` intervals per video
    (of ``video_id`` only, when given); ``share`` is the part of the merged order that grows islands.

    Example:
        >>> from vqdb.planner.plan import uniform_plan
        >>> "CAST(duration_s AS DOUBLE) AS end_s" in compile_locate(uniform_plan(), video_id="v1")
        True
    """
    _check_share(share)
    compiler = Compiler(video_id=video_id, k=k)
    if plan.is_uniform:
        whole = select(*[col(c) for c in COLUMNS], from_=subquery(_whole_videos()))
        query = with_ctes(whole.order_by(asc(col("video_id")), copy=False), compiler.frame_ctes())
    else:
        ctes = compiler.merged_ctes(plan)
        ctes["evidence"] = _evidence(compiler, plan, share)
        ctes["islands"] = _islands()
        ctes["candidates"] = _candidates()
        ctes["joined"] = _joined(compiler, plan)
        ctes["runs"] = _runs(compiler, plan)
        ctes["chained"] = _chained()
        ctes["ranked"] = _ranked(compiler, plan)
        query = with_ctes(_answer(k), ctes)
    return query.sql(dialect=DIALECT, pretty=True)


def locate(
    corpus: CorpusReader,
    question: str,
    *,
    options: Sequence[str] | None = None,
    video: str | None = None,
    k: int = 5,
    planner: str = "rules",
    llm: Any = None,
    plan: Plan | None = None,
    share: float = ISLAND_SHARE,
) -> Location:
    """The ``k`` best intervals for ``question`` in ``video`` (id, path or file name), or per video of the
    corpus when ``video`` is None. Pass ``plan`` to run a given plan instead of planning.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> locate(vqdb.connect(empty_corpus()), "when does the sign say EXIT").intervals.column_names
        ['video_id', 'start_s', 'end_s', 'score', 'supporting_calls']
    """
    info = resolve_video(corpus, video) if video is not None else None
    video_id = info["video_id"] if info else None
    if plan is None:
        plan = plan_for(corpus, question, options, video=info, planner=planner, llm=llm)
    options_ = {"video_id": video_id, "k": k, "share": share}
    _check_share(share)
    Compiler(video_id=video_id, k=k)  # checks the arguments, as compiling does
    intervals = None
    if video_id is not None:
        frames = VideoFrames.load(corpus.cursor_unchecked(), video_id, k=k, cache=corpus.row_cache)
        intervals = columnar.intervals(plan, frames, k, share)
    if intervals is None:
        intervals = corpus.sql_unchecked(compile_locate(plan, **options_)).to_arrow_table()
    notes: tuple[str, ...] = ()
    unranked = sorted({r["video_id"] for r in intervals.to_pylist() if r["score"] is None})
    if plan.queries and unranked:
        notes = (f"no call ranked a frame of {', '.join(unranked)}: the whole video is the answer",)
    return Location(plan, intervals, plan.notes + notes, options_)


def _check_share(share: float) -> None:
    if not isinstance(share, int | float) or isinstance(share, bool) or not 0 < share <= 1:
        raise PlanError(f"share must be a fraction of the frames in (0, 1], got {share!r}")


def _evidence(compiler: Compiler, plan: Plan, share: float) -> exp.Select:
    """Every frame of ``merged`` with the interval its supporting span calls give it (or NULL, see
    ``_span``), and whether it is ``on_top``: among the best ``share`` of the merged order, and ranked by
    some call (its tie-break, the mean or best of the calls' ranks, is below the unranked n_frames + 1)."""
    span_start, span_end = _span(compiler, plan)
    top = fn("greatest", number(1), fn("ceil", exp.Mul(this=number(float(share)), expression=col("n_frames"))))
    ranked = col("tie_break") < exp.Add(this=col("n_frames"), expression=number(1))
    return select(
        exp.Star(),
        alias(span_start, "span_start"),
        alias(span_end, "span_end"),
        alias(exp.and_(col("merged_rank") <= top, ranked, copy=False), "on_top"),
        from_=table("merged", "m"),
    )


Span = tuple[exp.Expression, exp.Expression, exp.Expression, exp.Expression]  # start, end, score, a statement's


def _span(compiler: Compiler, plan: Plan) -> tuple[exp.Expression, exp.Expression]:
    """(start, end) of a frame of ``merged AS m`` from the spans of the calls that support it (rank it at
    least as well as the merge does), combined as the plan combines the calls:

    * an OR's calls are other readings of one thing (the words on screen, or said): the span of the
      best-graded one answers (a title read at 0.95 rather than the sentence that means it at 0.5); when
      several grade as well, the stretch they share;
    * an AND's calls hold together: the stretch their spans share, graded as the worst of them. An
      operand whose best grade in the video is below ``TEXT_EVIDENCE_MIN`` only shares the question's topic
      (a caption line at 0.04 beside the cover asked about, on screen the whole clip): while another ANDed
      operand's best reaches it, it locates nothing and bounds nothing (NULL), though its grade still
      counts. One that locates its moment elsewhere still bounds the frames where it grades less.

    Statements (the spans of calls with ``extent`` "statement") are joined instead, before the others are
    shared: a statement is the whole of what is said, so two readings of it (the utterance heard, a caption
    line shown) are both part of it, and the statement that names the question's topic and the one that
    says its answer ("A spectre is haunting Europe. The spectre of communism.") answer it together.

    Spans that do not meet give their hull instead of a stretch they share, and so do spans that only touch
    (one ends where the other starts: a word said as a cue changes), which share an instant, no stretch. A
    call without a span at the frame (a sound tagged, a picture), or not supporting it, gives NULLs, its
    grade too, which ``least`` and ``greatest`` skip: a call that gives no span never blanks the span of one
    ORed with it; NULL when no call gives a span.
    """
    statements = {c.id for c in plan.queries if c.extent in STATEMENTS}

    def leaf(call_id: str) -> Span:
        i = compiler.calls[call_id]
        if i not in compiler.spans:
            return cast(exp.null(), DOUBLE), cast(exp.null(), DOUBLE), cast(exp.null(), DOUBLE), exp.false()

        def part(name: str) -> exp.Expression:
            spanned = exp.and_(compiler.supports(i), col(f"start_{i}", "m").is_(exp.null()).not_(), copy=False)
            return exp.case().when(spanned, col(f"{name}_{i}", "m"))

        return part("start"), part("end"), part("score"), exp.true() if call_id in statements else exp.false()

    def shared(spans: list[Span], score: exp.Expression) -> Span:
        low, high = fn("greatest", *[s for s, _, _, _ in spans]), fn("least", *[e for _, e, _, _ in spans])
        hull = fn("least", *[s.copy() for s, _, _, _ in spans]), fn("greatest", *[e.copy() for _, e, _, _ in spans])
        meets = low.copy() < high.copy()  # spans that only touch share no stretch: an instant is no interval
        unsaid = [s.copy().is_(exp.null()) if f == exp.false() else exp.or_(s.copy().is_(exp.null()), f.copy())
                  for s, _, _, f in spans if f != exp.true()]  # fmt: skip
        return (
            exp.case().when(meets, low).else_(hull[0]),
            exp.case().when(meets.copy(), high).else_(hull[1]),
            score,
            exp.paren(exp.and_(*unsaid, copy=False)) if unsaid else exp.true(),
        )

    def joined(spans: list[Span], score: exp.Expression) -> Span:
        """``shared`` of the spans, the statements among them (per frame: ``f``) joined first (a flag that
        is a literal, a leaf's, takes the span whole or leaves it out)."""

        def where(value: exp.Expression, flag: exp.Expression, statement: bool) -> exp.Expression | None:
            if flag == (exp.true() if statement else exp.false()):
                return value
            if flag == (exp.false() if statement else exp.true()):
                return None
            test = flag.copy() if statement else exp.not_(flag.copy())
            return exp.case().when(test, value.copy())

        said = [(where(s, f, True), where(e, f, True)) for s, e, _, f in spans]
        said = [(s, e) for s, e in said if s is not None]
        others = [(where(s, f, False), where(e, f, False), g, exp.false()) for s, e, g, f in spans]
        others = [span for span in others if span[0] is not None]
        if said:
            hull = fn("least", *[s for s, _ in said]), fn("greatest", *[e for _, e in said])
            others.append((*hull, score.copy(), exp.true()))
        return shared(others, score)

    def all_of(spans: list[Span]) -> Span:
        best = [over(fn("max", g.copy()), [col("video_id", "m")]) for _, _, g, _ in spans]  # in the video
        located = [fn("coalesce", b >= number(TEXT_EVIDENCE_MIN), exp.false()) for b in best]
        anywhere = exp.or_(*[here.copy() for here in located], copy=False)

        def bounding(value: exp.Expression, here: exp.Expression) -> exp.Expression:
            return exp.case().when(exp.or_(here.copy(), exp.not_(anywhere.copy()), copy=False), value)

        kept = [(bounding(s, here), bounding(e, here), g, f) for (s, e, g, f), here in zip(spans, located, strict=True)]
        return joined(kept, fn("least", *[g.copy() for _, _, g, _ in spans]))

    def best_of(spans: list[Span]) -> Span:
        best = fn("greatest", *[g for _, _, g, _ in spans])

        def if_best(score: exp.Expression, value: exp.Expression) -> exp.Expression:
            return exp.case().when(score.copy().eq(best.copy()), value)

        return joined([(if_best(g, s), if_best(g, e), if_best(g, g.copy()), f) for s, e, g, f in spans], best)

    start, end, _, _ = boolexpr.fold(plan.expression, leaf, all_of, best_of)
    return start, end


def _islands() -> exp.Select:
    """``evidence`` with the interval of each frame: its span (``_moment_widened``), else its island's stretch
    when it is on top (an island: consecutive frames on top without a span), else NULL."""
    member = exp.and_(col("on_top"), col("span_start").is_(exp.null()), copy=False)
    in_time = [col("video_id")], [col("ts"), col("frame_idx")]
    flagged = select(
        exp.Star(),
        alias(member, "member"),
        alias(over(fn("lag", member.copy()), *in_time), "previous_member"),
        from_=table("evidence"),
    )
    starts = exp.and_(col("member"), fn("coalesce", col("previous_member"), exp.false()).not_(), copy=False)
    numbered = select(
        exp.Star(),
        alias(
            over(fn("sum", cast(starts, exp.DataType.Type.INT)), [col("video_id")], [col("ts"), col("frame_idx")]),
            "island",
        ),
        from_=subquery(flagged),
    )
    island = [col("video_id"), col("island"), col("member")]
    half = exp.Div(this=col("period"), expression=number(2))
    span_start, span_end = _moment_widened(half)
    low = fn("greatest", exp.Sub(this=over(fn("min", col("ts")), island), expression=half), number(0.0))
    high = fn(
        "least",
        exp.Add(this=over(fn("max", col("ts")), [c.copy() for c in island]), expression=half.copy()),
        col("duration_s"),
    )
    return select(
        exp.Star(),
        alias(fn("coalesce", span_start, exp.case().when(col("member"), low)), "start_s"),
        alias(fn("coalesce", span_end, exp.case().when(col("member"), high)), "end_s"),
        from_=subquery(numbered),
    )


def _moment_widened(half: exp.Expression) -> tuple[exp.Expression, exp.Expression]:
    """``span_start``, ``span_end`` of ``evidence``, a span of no length (a word or cue whose start is its
    end) being its moment, ``half`` (half a sampling period) on each side of it within the video, as a
    frame of an island is: an interval is never empty."""
    empty = col("span_end") <= col("span_start")
    middle = exp.Div(this=exp.paren(exp.Add(this=col("span_start"), expression=col("span_end"))), expression=number(2))
    low = fn("greatest", exp.Sub(this=middle, expression=half.copy()), number(0.0))
    high = fn("least", exp.Add(this=middle.copy(), expression=half.copy()), col("duration_s"))
    return (
        exp.case().when(empty, low).else_(col("span_start")),
        exp.case().when(empty.copy(), high).else_(col("span_end")),
    )


def _candidates() -> exp.Select:
    """Each distinct interval with the best merged rank among its frames."""
    return select(
        col("video_id"),
        col("start_s"),
        col("end_s"),
        alias(fn("min", col("merged_rank")), "merged_rank"),
        from_=table("islands"),
        where=col("start_s").is_(exp.null()).not_(),
        group_by=[col("video_id"), col("start_s"), col("end_s")],
    )


def _joined(compiler: Compiler, plan: Plan) -> exp.Select:
    """The candidates, those that follow one another joined (their hull, ranked by the best of them): in time
    order among the candidates whose best frames the merge ranks alike (``combined``: of calls ORed each
    call's best reading ranks first), one that starts where the ones before it end and whose best frame other
    calls support than the previous one's (the alpha, then the omega, then the lamb, each title shown as
    the one before it leaves). A call's own runs that follow one another stay apart: its tool told them apart
    (a caption replaced by the next)."""
    level = select(
        col("video_id", "c"),
        col("start_s", "c"),
        col("end_s", "c"),
        col("merged_rank", "c"),
        alias(col("combined", "m"), "level"),
        alias(compiler.supporting_calls(plan), "calls"),
        from_=table("candidates", "c"),
        joins=[join(table("merged", "m"), same(["video_id", "merged_rank"], "m", "c"))],
    )
    in_time = [col("video_id"), col("level")], [col("start_s"), col("end_s")]
    before = _reached(in_time)
    flagged = select(
        exp.Star(),
        alias(before, "reached"),
        alias(over(fn("lag", col("calls")), *in_time), "previous_calls"),
        from_=subquery(level),
    )
    follows = exp.and_(
        col("start_s").eq(col("reached")),
        exp.NullSafeNEQ(this=col("calls"), expression=col("previous_calls")),
        copy=False,
    )
    return _hulls(flagged, follows, in_time)


def _runs(compiler: Compiler, plan: Plan) -> exp.Select:
    """The joined candidates with the calls that support their best frame and whether they chain (``_chained``):
    supported by ``ocr`` calls only, and held by no other candidate of the same calls (a copy of a text shown
    for a moment inside a page that shows it all along stays apart)."""
    texts = [string(c.id) for c in plan.queries if c.tool == "ocr"]
    calls = compiler.supporting_calls(plan)
    grades = [
        exp.case().when(compiler.supports(compiler.calls[c.id]), col(f"score_{compiler.calls[c.id]}", "m"))
        for c in plan.queries
        if c.tool == "ocr"
    ]
    with_calls = select(
        col("video_id", "j"),
        col("start_s", "j"),
        col("end_s", "j"),
        col("merged_rank", "j"),
        alias(calls, "calls"),
        alias(fn("greatest", *grades) if grades else cast(exp.null(), DOUBLE), "grade"),
        from_=table("joined", "j"),
        joins=[join(table("merged", "m"), same(["video_id", "merged_rank"], "m", "j"))],
    )
    if not texts:
        return select(exp.Star(), alias(exp.false(), "chains"), from_=subquery(with_calls))
    only_text = exp.and_(
        fn("len", col("calls", "c")) > number(0),
        fn("list_has_all", exp.Array(expressions=texts), col("calls", "c")),
        copy=False,
    )
    holder = select(
        number(1),
        from_=subquery(with_calls.copy(), "b"),
        where=exp.and_(
            same(["video_id", "calls"], "b", "c"),
            col("start_s", "b") <= col("start_s", "c"),
            col("end_s", "c") <= col("end_s", "b"),
            exp.or_(col("start_s", "b") < col("start_s", "c"), col("end_s", "c") < col("end_s", "b")),
            copy=False,
        ),
    )
    chains = exp.and_(only_text, exp.Exists(this=holder).not_(), copy=False)
    return select(exp.Star(), alias(chains, "chains"), from_=subquery(with_calls, "c"))


def _chained() -> exp.Select:
    """The candidates of ``runs``, a text's runs that overlap chained into their hull, ranked by the best of
    them: in time order among the chaining candidates of the same calls, one that starts before the stretch
    the ones before it reach ends, graded within ``SAME_TEXT_GRADE`` of the one before it (another text that
    matches, a caption not where the call asked, grades a quarter less: ``ocr.MISPLACED``). One text on
    screen whose frames grade differently (a caption appears beside a logo, then leaves) comes as runs whose
    measured edges overlap: one showing, the whole time it is seen."""
    in_time = [col("video_id"), col("calls"), col("chains")], [col("start_s"), col("end_s"), col("merged_rank")]
    before = _reached(in_time)
    previous = over(fn("lag", col("grade")), *[[c.copy() for c in part] for part in in_time])
    flagged = select(exp.Star(), alias(before, "reached"), alias(previous, "previous_grade"), from_=table("runs"))
    alike = fn("least", col("grade"), col("previous_grade")) >= exp.Mul(
        this=number(SAME_TEXT_GRADE), expression=fn("greatest", col("grade"), col("previous_grade"))
    )
    follows = exp.and_(col("chains"), col("start_s") < col("reached"), alike, copy=False)
    return _hulls(flagged, follows, in_time)


def _reached(in_time: tuple[list[exp.Expression], list[exp.Expression]]) -> exp.Window:
    """The latest end among the rows before each one, in time order within its partition (``in_time``: the
    partition's columns, then the order's): where the stretch the candidates before it cover ends."""
    return exp.Window(
        this=fn("max", col("end_s")),
        over="OVER",
        partition_by=in_time[0],
        order=exp.Order(expressions=[asc(c.copy()) for c in in_time[1]]),
        spec=exp.WindowSpec(
            kind="ROWS", start="UNBOUNDED", start_side="PRECEDING", end=number(1), end_side="PRECEDING"
        ),
    )


def _hulls(
    flagged: exp.Select, follows: exp.Expression, in_time: tuple[list[exp.Expression], list[exp.Expression]]
) -> exp.Select:
    """The rows of ``flagged`` in parts, each row that ``follows`` the one before it (in time order within its
    partition, ``in_time``) in that one's part, and each part one candidate: its hull, ranked by the best of
    its rows."""
    starts = fn("coalesce", follows, exp.false()).not_()
    numbered = select(
        exp.Star(),
        alias(over(fn("sum", cast(starts, exp.DataType.Type.INT)), *in_time), "part"),
        from_=subquery(flagged),
    )
    return select(
        col("video_id"),
        alias(fn("min", col("start_s")), "start_s"),
        alias(fn("max", col("end_s")), "end_s"),
        alias(fn("min", col("merged_rank")), "merged_rank"),
        from_=subquery(numbered),
        group_by=[*(c.copy() for c in in_time[0]), col("part")],
    )


def _ranked(compiler: Compiler, plan: Plan) -> exp.Select:
    """The candidates no better-ranked candidate overlaps, numbered best first, with their best frame's
    score and supporting calls."""
    better = select(
        number(1),
        from_=table("chained", "b"),
        where=exp.and_(
            same(["video_id"], "b", "c"),
            col("merged_rank", "b") < col("merged_rank", "c"),
            col("start_s", "b") < col("end_s", "c"),
            col("start_s", "c") < col("end_s", "b"),
            copy=False,
        ),
    )
    rank = over(fn("row_number"), [col("video_id", "c")], [col("merged_rank", "c")])
    return select(
        col("video_id", "c"),
        col("start_s", "c"),
        col("end_s", "c"),
        alias(compiler.score(), "score"),
        alias(compiler.supporting_calls(plan), "supporting_calls"),
        alias(rank, "rank"),
        from_=table("chained", "c"),
        joins=[join(table("merged", "m"), same(["video_id", "merged_rank"], "m", "c"))],
        where=exp.Exists(this=better).not_(),
    )


def _answer(k: int) -> exp.Select:
    """The ``k`` best of ``ranked`` per video, then the whole of each video none of them is in."""
    found = select(*[col(c) for c in COLUMNS], col("rank"), from_=table("ranked"), where=col("rank") <= number(k))
    unfound = exp.In(this=col("video_id"), query=subquery(select(col("video_id"), from_=table("ranked")))).not_()
    every = exp.union(found, _whole_videos(unfound), distinct=False)
    query = select(*[col(c) for c in COLUMNS], from_=subquery(every))
    return query.order_by(asc(col("video_id")), asc(col("rank")), copy=False)


def _whole_videos(where: exp.Expression | None = None) -> exp.Select:
    """One interval per video of ``video_info`` (where ``where``), the whole of it, with no evidence."""
    no_calls = exp.DataType(
        this=exp.DataType.Type.ARRAY, expressions=[exp.DataType(this=exp.DataType.Type.TEXT)], nested=True
    )
    return select(
        col("video_id"),
        alias(cast(number(0), DOUBLE), "start_s"),
        alias(cast(col("duration_s"), DOUBLE), "end_s"),
        alias(cast(exp.null(), DOUBLE), "score"),
        alias(cast(exp.Array(expressions=[]), no_calls), "supporting_calls"),
        alias(number(1), "rank"),
        from_=table(VIDEO_INFO),
        where=where,
    )


__all__ = ["COLUMNS", "ISLAND_SHARE", "Location", "compile_locate", "locate"]
