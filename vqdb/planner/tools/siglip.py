"""The ``siglip`` tool: how much a whole frame looks like the query's description.

Example:
    >>> print(Siglip().select(Context("a dog", video_id="v1")).sql("duckdb"))
    SELECT video_id, frame_idx, SIMILARITY(emb, 'a dog') AS score FROM frame_embeddings WHERE video_id = 'v1'
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import col, fn, table
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context, Tool


@register
class Siglip(Tool):
    """`similarity(emb, query)`: whole-frame cosine similarity"""

    name = "siglip"
    description = "whole-frame visual similarity to a short description of what is seen"
    query_hint = 'a short visual description ("a man in a red jacket"), not a question'
    extractor = "embed"
    table = "frame_embeddings"

    def select(self, ctx: Context) -> exp.Select:
        """Every embedded frame's similarity to the query."""
        score = fn("similarity", col("emb"), ctx.text).as_("score")
        return exp.select(col("video_id"), col("frame_idx"), score).from_(table(self.table)).where(ctx.where())
