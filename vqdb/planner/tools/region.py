"""The ``region`` tool: how much the best-matching crop of a frame looks like the query's description
(``best_region_scores`` of the crop embeddings, see ``vqdb.planner.tools.embedding``).

Example:
    >>> from vqdb.planner.tools.base import Context
    >>> sql = Region().select(Context("a logo")).sql("duckdb")
    >>> "BEST_REGION_SCORES(video_id, frames, VQ_TEXT_VECTOR('a logo'))" in sql
    True
"""

from __future__ import annotations

from vqdb.planner.tools import register
from vqdb.planner.tools.embedding import EmbeddingTool


@register
class Region(EmbeddingTool):
    """`max(similarity(emb, query))` over the frame's crops (`best_region_scores`, a video at a time)"""

    name = "region"
    description = "similarity of the best-matching part of a frame (small or off-centre objects)"
    query_hint = 'a short visual description of the object ("a red logo"), not a question'
    extractor = "regions"
    table = "regions"
    vector_index = table
