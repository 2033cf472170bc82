"""The ``transcript`` tool: the frames shown while the query's words are spoken.

A span is a run of as many consecutive transcript words as the query has, whose text
``contains_phrase`` the query; its frames are those inside the span plus the one nearest to its middle
(so a phrase said between two sampled frames still has one).

Example:
    >>> sql = Transcript().select(Context("ask not", video_id="v1")).sql("duckdb")
    >>> "ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING" in sql and "CONTAINS_PHRASE(words, 'ask not')" in sql
    True
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import col, fn, join, named_window, number, over, over_named, string, table, with_ctes
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context, TextTool


@register
class Transcript(TextTool):
    """the frame lies in a run of words that `contains_phrase` the query, or is the frame nearest to the
    run's middle"""

    name = "transcript"
    description = "spoken words: frames inside the span where the phrase is said"
    query_hint = "the exact words expected to be spoken"
    extractor = "asr"
    table = "transcript_words"

    def select(self, ctx: Context) -> exp.Union:
        """``WITH spans AS (...)`` the frames inside a span ``UNION`` the frame nearest to each span's middle."""
        frame = [col("video_id", "s"), col("frame_idx", "s"), col("ts", "s")]
        inside = (
            exp.select(*frame)
            .from_(ctx.sampled("s"))
            .join(join(table("spans", "p"), exp.and_(_same_video("p", "s"), _between(col("ts", "s"), "p"))))
        )
        return with_ctes(inside.union(self.nearest(ctx), distinct=True), {"spans": self.spans(ctx)})

    def spans(self, ctx: Context) -> exp.Select:
        """(video_id, start_s, end_s) of every run of words that says the query."""
        words = max(1, len(ctx.query.split()))
        window = named_window("w", [col("video_id")], [col("start_s"), col("end_s")], following=words - 1)
        runs = (
            exp.select(
                col("video_id"),
                col("start_s"),
                over_named(fn("max", col("end_s")), "w").as_("end_s"),
                over_named(exp.GroupConcat(this=col("word"), separator=string(" ")), "w").as_("words"),
            )
            .from_(table(self.table))
            .where(ctx.where())
            .window(window)
        )
        return (
            exp.select(col("video_id"), col("start_s"), col("end_s"))
            .from_(runs.subquery())
            .where(fn("contains_phrase", col("words"), ctx.text))
        )

    @staticmethod
    def nearest(ctx: Context) -> exp.Select:
        """The frame nearest to each span's middle. It lies between the last frame at or before the middle
        and the first at or after it (two ASOF joins), so only those frames are compared."""
        before, after = col("ts", "b"), col("ts", "a")
        spans = exp.select(exp.Star(), _middle().as_("mid")).from_(table("spans"))
        bounds = (
            exp.select(
                col("video_id", "p"),
                col("start_s", "p"),
                col("end_s", "p"),
                fn("coalesce", before, after).as_("low"),
                fn("coalesce", after, before).as_("high"),
            )
            .from_(spans.subquery("p"))
            .join(_asof(ctx, "b", col("mid", "p") >= before))
            .join(_asof(ctx, "a", col("mid", "p") <= after))
        )
        distance = fn("abs", exp.Sub(this=col("ts", "s"), expression=_middle("p")))
        ranked = (
            exp.select(
                col("video_id", "s"),
                col("frame_idx", "s"),
                col("ts", "s"),
                over(
                    fn("row_number"),
                    [col("video_id", "p"), col("start_s", "p"), col("end_s", "p")],
                    [distance, col("frame_idx", "s")],
                ).as_("nearest"),
            )
            .from_(bounds.subquery("p"))
            .join(join(ctx.sampled("s"), exp.and_(_same_video("s", "p"), _between(col("ts", "s"), "p", "low", "high"))))
        )
        return (
            exp.select(col("video_id"), col("frame_idx"), col("ts"))
            .from_(ranked.subquery())
            .where(col("nearest").eq(number(1)))
        )


def _middle(span: str | None = None) -> exp.Div:
    """``(start_s + end_s) / 2`` of a span."""
    total = exp.Add(this=col("start_s", span), expression=col("end_s", span))
    return exp.Div(this=exp.paren(total), expression=number(2))


def _same_video(left: str, right: str) -> exp.EQ:
    return col("video_id", left).eq(col("video_id", right))


def _between(value: exp.Expression, span: str, low: str = "start_s", high: str = "end_s") -> exp.Between:
    return exp.Between(this=value, low=col(low, span), high=col(high, span))


def _asof(ctx: Context, alias: str, condition: exp.Expression) -> exp.Join:
    """``ASOF LEFT JOIN sampled AS alias`` on the span's video and ``condition``."""
    on = exp.and_(_same_video(alias, "p"), condition)
    return join(ctx.sampled(alias), on, side="LEFT", method="ASOF")
