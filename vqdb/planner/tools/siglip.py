"""The ``siglip`` tool: how much a whole frame looks like the query's description.

The frames of the video are scored at once by ``frame_scores`` (``vqdb/udfs/embedding_cache.py``): the
cosine similarity of each frame's embedding with the query's (``vq_text_vector``), from an in-memory copy
of the video's embeddings, as ``similarity(emb, query)`` would give them one by one.

Example:
    >>> print(Siglip().select(Context("a dog", video_id="v1")).sql("duckdb", pretty=True))
    SELECT
      video_id,
      UNNEST(frames) AS frame_idx,
      UNNEST(FRAME_SCORES(video_id, frames, VQ_TEXT_VECTOR('a dog'))) AS score
    FROM (
      SELECT
        video_id,
        ARRAY_AGG(frame_idx) AS frames
      FROM sampled
      WHERE
        video_id = 'v1' AND video_id IN (
          SELECT
            UNNEST(FINISHED_VIDEOS('embed'))
        )
      GROUP BY
        video_id
    )
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import alias, col, fn, select, subquery
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context, FrameEvidence, Tool
from vqdb.planner.video_frames import VideoFrames


@register
class Siglip(Tool):
    """`similarity(emb, query)`: whole-frame cosine similarity (`frame_scores`, a video at a time)"""

    name = "siglip"
    description = "whole-frame visual similarity to a short description of what is seen"
    query_hint = 'a short visual description ("a man in a red jacket"), not a question'
    extractor = "embed"
    table = "frame_embeddings"

    def select(self, ctx: Context) -> exp.Select:
        """Every embedded frame's similarity to the query."""
        frames = ctx.frame_lists(self.extractor)
        scores = fn("frame_scores", col("video_id"), col("frames"), fn("vq_text_vector", ctx.text))
        return select(
            col("video_id"),
            alias(fn("unnest", col("frames")), "frame_idx"),
            alias(fn("unnest", scores), "score"),
            from_=subquery(frames),
        )

    def frame_evidence(self, video: VideoFrames, query: str) -> FrameEvidence:
        """``frame_scores`` of the video's frames (``select``'s scores, as arrays)."""
        return self.embedding_evidence(video, query, self.table)
