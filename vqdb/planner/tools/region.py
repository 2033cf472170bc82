"""The ``region`` tool: how much the best-matching crop of a frame looks like the query's description.

Example:
    >>> print(Region().select(Context("a logo")).sql("duckdb"))
    SELECT video_id, frame_idx, MAX(SIMILARITY(emb, 'a logo')) AS score FROM regions GROUP BY video_id, frame_idx
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import col, fn, table
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context, Tool


@register
class Region(Tool):
    """`max(similarity(emb, query))` over the frame's crops"""

    name = "region"
    description = "similarity of the best-matching part of a frame (small or off-centre objects)"
    query_hint = 'a short visual description of the object ("a red logo"), not a question'
    extractor = "regions"
    table = "regions"

    def select(self, ctx: Context) -> exp.Select:
        """Every frame with crops: the best crop's similarity to the query."""
        score = fn("max", fn("similarity", col("emb"), ctx.text)).as_("score")
        return (
            exp.select(col("video_id"), col("frame_idx"), score)
            .from_(table(self.table))
            .where(ctx.where())
            .group_by(col("video_id"), col("frame_idx"))
        )
