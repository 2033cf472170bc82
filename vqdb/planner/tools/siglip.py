"""The ``siglip`` tool: how much a whole frame looks like the query's description (``frame_scores`` of the
frame embeddings, see ``vqdb.planner.tools.embedding``).

Example:
    >>> from vqdb.planner.tools.base import Context
    >>> sql = Siglip().select(Context("a dog")).sql("duckdb")
    >>> "FRAME_SCORES(video_id, frames, VQ_TEXT_VECTOR('a dog'))" in sql
    True
"""

from __future__ import annotations

from vqdb.planner.tools import register
from vqdb.planner.tools.embedding import EmbeddingTool


@register
class Siglip(EmbeddingTool):
    """`similarity(emb, query)`: whole-frame cosine similarity (`frame_scores`, a video at a time)"""

    name = "siglip"
    description = "whole-frame visual similarity to a short description of what is seen"
    query_hint = 'a short visual description ("a man in a red jacket"), not a question'
    extractor = "embed"
    table = "frame_embeddings"
    vector_index = table
