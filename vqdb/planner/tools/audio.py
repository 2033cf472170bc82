"""The ``audio`` tool: how strongly a sound whose label matches the query is heard during each frame.

A tag matches when its label contains the query or is contained in it (both normalized, so "dog" finds
"Dog" and "Dog bark"); a frame's score is the best score of the matching tags covering it
(``start_s <= ts < end_s``).

Example:
    >>> sql = Audio().select(Context("dog")).sql("duckdb")
    >>> "CONTAINS(TEXT_NORMALIZE(label), TEXT_NORMALIZE('dog'))" in sql and "WITH tags AS MATERIALIZED" in sql
    True
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import alias, col, fn, join, select, subquery, table, with_ctes
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context, Tool, seconds_touched, whole_second


@register
class Audio(Tool):
    """`max(score)` of the tags covering the frame whose label contains the query or is contained in it
    (normalized)"""

    name = "audio"
    description = "sound events: frames during a sound whose label matches (e.g. 'dog', 'applause')"
    query_hint = 'a sound label ("dog", "applause", "siren")'
    extractor = "audio"
    table = "audio_tags"

    def select(self, ctx: Context) -> exp.Query:
        """The frames a matching tag covers, with the best such tag's score. A tagger has a few hundred
        labels for tens of thousands of tags, so each distinct label is compared once (``labels``, of the
        video's tags read once into ``tags``). Tags are spread over the whole seconds they touch, so frames
        join them on (video_id, second) instead of comparing every frame with every tag of the video.
        The distinct labels are an aggregate's (``list(DISTINCT label)``, unnested), not ``SELECT DISTINCT``:
        DuckDB would push the match below a DISTINCT and normalize the label of every tag; the aggregate
        keeps each label once as it reads them (``list_distinct`` of all 37,500 labels of an hour costs
        about 1 ms more)."""
        video_tags = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            col("label"),
            col("score"),
            from_=table(self.table),
            where=ctx.where(),
        )
        label, query = fn("text_normalize", col("label")), fn("text_normalize", ctx.text)
        matches = exp.or_(fn("contains", label, query), fn("contains", query.copy(), label.copy()), copy=False)
        distinct = select(
            alias(fn("unnest", fn("list", exp.Distinct(expressions=[col("label")]))), "label"), from_=table("tags")
        )
        labels = select(col("label"), from_=subquery(distinct), where=matches)
        tags = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            col("score"),
            alias(seconds_touched(col("start_s"), col("end_s")), "second"),
            from_=table("tags"),
            where=exp.In(this=col("label"), query=subquery(labels)),
        )
        covering = exp.and_(
            col("video_id", "a").eq(col("video_id", "s")),
            col("second", "a").eq(whole_second(col("ts", "s"))),
            col("ts", "s") >= col("start_s", "a"),
            col("ts", "s") < col("end_s", "a"),
        )
        frames = select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            alias(fn("max", col("score", "a")), "score"),
            from_=ctx.sampled("s"),
            joins=[join(subquery(tags, "a"), covering)],
            group_by=[col("video_id", "s"), col("frame_idx", "s")],
        )
        return with_ctes(frames, {"tags": video_tags}, materialized=True)
