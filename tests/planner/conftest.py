"""Fixtures of the planner tests: the visual tools' functions over embeddings held in Python."""

from __future__ import annotations

import contextlib
import itertools

import duckdb
import numpy as np
import pytest

from vqdb.udfs.embedding_cache import EmbeddingCache, register_cache


class StandInEmbeddings:
    """``frame_scores`` / ``best_region_scores`` over rows given in Python, and ``vq_text_vector('i')``: the unit
    vector along component i (so a query "i" scores an embedding by its component i over its norm), and
    ``finished_videos``: the videos with embeddings."""

    def __init__(self, con, dim: int):
        self.rows: dict[tuple[str, str], tuple[list[int], list[list[float]]]] = {}
        self._version = itertools.count()
        self.version = next(self._version)
        cache = EmbeddingCache(self.load, lambda table: self.version)
        register_cache(con, cache, dim)
        one_hot = f"[CAST(TRY_CAST(q AS INTEGER) = i AS FLOAT) FOR i IN range({dim})]::FLOAT[{dim}]"
        con.execute(f"CREATE OR REPLACE MACRO vq_text_vector(q) AS {one_hot}")
        with contextlib.suppress(duckdb.InvalidInputException):  # not registered in this connection yet
            con.remove_function("finished_videos")
        con.create_function("finished_videos", self.finished_videos, ["VARCHAR"], "VARCHAR[]")

    def set(self, frame_embeddings=(), regions=()) -> None:
        """Rows ``(video_id, frame_idx, emb)`` and ``(video_id, frame_idx, region_id, emb)``."""
        self.rows = {}
        for video_id, frame_idx, emb in frame_embeddings:
            keys, vectors = self.rows.setdefault(("frame_embeddings", video_id), ([], []))
            keys.append(frame_idx)
            vectors.append(emb)
        for video_id, frame_idx, _, emb in regions:
            keys, vectors = self.rows.setdefault(("regions", video_id), ([], []))
            keys.append(frame_idx)
            vectors.append(emb)
        self.version = next(self._version)

    def finished_videos(self, extractor: str) -> list[str]:
        """Every video with embeddings counts as finished (rows given are visible)."""
        return sorted({video_id for _, video_id in self.rows})

    def load(self, table: str, video_ids: list[str]) -> dict[str, tuple[list[int], np.ndarray]]:
        return {v: self.rows[(table, v)] for v in video_ids if (table, v) in self.rows}

    @staticmethod
    def score(emb, component: int) -> float | None:
        """What the functions give: the cosine similarity with the unit vector, in float32 (None: no
        direction)."""
        vector = np.asarray(emb, dtype=np.float32)
        norm = np.linalg.norm(vector)
        return None if norm == 0 else float((vector / norm)[component])


@pytest.fixture(scope="session")
def stand_in_embeddings():
    """``stand_in_embeddings(con, dim)``: a ``StandInEmbeddings`` installed in ``con``."""
    return StandInEmbeddings
