"""What the ``siglip`` and ``region`` tools share: grading frames by how much they look like the query's
description.

An ``EmbeddingTool`` scores the frames of a video at once with the SQL function of
``vqdb/udfs/embedding_cache.py`` that reads its ``table`` (``frame_scores`` for ``frame_embeddings``,
``best_region_scores`` for ``regions``): the best cosine similarity of the frame's embeddings with the
query's (``vq_text_vector``), from an in-memory copy of the video's embeddings, as ``similarity(emb, query)``
would give them one by one. The frames scored are the sampled frames of the videos whose extractor finished
(``Context.frame_lists``); a frame without an embedding scores NULL.

Example:
    >>> from vqdb.planner.tools import get
    >>> print(get("siglip").select(Context("a dog", video_id="v1")).sql("duckdb", pretty=True))
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

from collections.abc import Sequence
from typing import ClassVar

import numpy as np
from sqlglot import exp

from vqdb.planner.boolexpr import PlanError
from vqdb.planner.sqlbuild import alias, col, fn, select, subquery
from vqdb.planner.tools.base import Context, FrameEvidence, Tool
from vqdb.planner.video_frames import VideoFrames
from vqdb.udfs.embedding_cache import TABLES, session_cache

SCORERS = {table: function for function, table in TABLES.items()}  # embeddings table -> its SQL function


class EmbeddingTool(Tool):
    """A visual tool: its ``table`` holds embeddings (``frame_embeddings`` or ``regions``) that one of the
    embedding cache's SQL functions scores against the query's text vector (PlanError, when the class is
    defined, for a table no function scores)."""

    visual: ClassVar[bool] = True
    query_embedder: ClassVar[str] = "vq_text_vector"  # the visual model's text tower, as the embeddings'

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if getattr(cls, "table", None) not in SCORERS:
            raise PlanError(
                f"embedding tool {cls.__qualname__}: table {getattr(cls, 'table', None)!r} has no scoring function "
                f"in vqdb/udfs/embedding_cache.py; use one of {', '.join(SCORERS)}"
            )

    def scorer(self) -> str:
        """The SQL function that scores a video's frames from ``table``'s embeddings.

        Example:
            >>> from vqdb.planner.tools import get
            >>> get("region").scorer()
            'best_region_scores'
        """
        return SCORERS[self.table]

    def select(self, ctx: Context) -> exp.Select:
        """Every sampled frame of a video whose extractor finished, with its score (NULL: no embedding)."""
        scores = fn(self.scorer(), col("video_id"), col("frames"), fn(self.query_embedder, ctx.text))
        return select(
            col("video_id"),
            alias(fn("unnest", col("frames")), "frame_idx"),
            alias(fn("unnest", scores), "score"),
            from_=subquery(ctx.frame_lists(self.extractor)),
        )

    def frame_evidence(self, video: VideoFrames, query: str) -> FrameEvidence:
        """``select``'s scores as arrays: the same cache (``session_cache``) of ``table``'s embeddings, the
        query's vector (``vq_text_vector``), if the extractor finished for the video, else nothing scored."""
        return self.frame_evidence_each([video], query)[0]

    def frame_evidence_each(self, videos: Sequence[VideoFrames], query: str) -> list[FrameEvidence]:
        """``frame_evidence`` of each of ``videos``, which of them the extractor finished for, the query's vector
        and the session's embedding cache asked in one statement (a statement a video cost a search over 100
        candidate videos 4.4 s under the profiler at 1,000 hours)."""
        if not videos:
            return []
        finished, vector, cache = (
            videos[0]
            .con.sql(
                f"SELECT list_intersect(finished_videos($extractor), $videos), {self.query_embedder}($query), "
                "vq_embedding_cache()",
                params={"extractor": self.extractor, "videos": [video.video_id for video in videos], "query": query},
            )
            .fetchone()
        )
        if vector is None:
            return [FrameEvidence(video.empty()) for video in videos]
        vector, finished = np.asarray(vector, dtype=np.float32), set(finished or ())
        embeddings = session_cache(cache)
        return [
            FrameEvidence(embeddings.scores(self.table, video.video_id, video.frame_idx, vector).astype(np.float64))
            if video.video_id in finished
            else FrameEvidence(video.empty())
            for video in videos
        ]
