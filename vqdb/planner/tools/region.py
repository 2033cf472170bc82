"""The ``region`` tool: how much the best-matching crop of a frame looks like the query's description.

The frames of the video are scored at once by ``best_region_scores`` (``vqdb/udfs/embedding_cache.py``:
the best cosine similarity of a frame's crop embeddings with the query's, from an in-memory copy of the
video's embeddings).

Example:
    >>> sql = Region().select(Context("a logo")).sql("duckdb")
    >>> "BEST_REGION_SCORES(video_id, frames, VQ_TEXT_VECTOR('a logo'))" in sql
    True
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import alias, col, fn, select, subquery
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context, FrameEvidence, Tool
from vqdb.planner.video_frames import VideoFrames


@register
class Region(Tool):
    """`max(similarity(emb, query))` over the frame's crops (`best_region_scores`, a video at a time)"""

    name = "region"
    description = "similarity of the best-matching part of a frame (small or off-centre objects)"
    query_hint = 'a short visual description of the object ("a red logo"), not a question'
    extractor = "regions"
    table = "regions"

    def select(self, ctx: Context) -> exp.Select:
        """Every frame with crops: the best crop's similarity to the query."""
        frames = ctx.frame_lists(self.extractor)
        scores = fn("best_region_scores", col("video_id"), col("frames"), fn("vq_text_vector", ctx.text))
        return select(
            col("video_id"),
            alias(fn("unnest", col("frames")), "frame_idx"),
            alias(fn("unnest", scores), "score"),
            from_=subquery(frames),
        )

    def frame_evidence(self, video: VideoFrames, query: str) -> FrameEvidence:
        """``best_region_scores`` of the video's frames (``select``'s scores, as arrays)."""
        return self.embedding_evidence(video, query, self.table)
