"""Similarity of many stored embeddings to one query, from an in-memory copy of a video's embeddings.

``similarity(emb, query)`` over a table reads every embedding from its Lance dataset at every query (a
1-hour video at 2 fps with 6 crops a frame holds 88 MB of them) and compares them one by one. The
planner's visual tools score whole videos instead, through these SQL functions (every corpus session
with embeddings):

- ``frame_scores(video_id VARCHAR, frames INTEGER[], query FLOAT[N]) -> FLOAT[]``: the cosine
  similarity of each frame's ``frame_embeddings.emb`` with ``query``, in the order of ``frames``;
- ``best_region_scores(video_id VARCHAR, frames INTEGER[], query FLOAT[N]) -> FLOAT[]``: for each frame,
  the best cosine similarity of its ``regions`` crops with ``query``.

Python code of the same session (the planner's array path, ``vqdb.planner.columnar``) reaches the cache
behind them with ``session_cache(name)``, the name ``vq_embedding_cache()`` gives.

The caller lists the frames of videos whose embeddings are visible (the planner's tools: the sampled
frames of videos whose extractor finished, ``finished_videos``); each video's embeddings
are read once per session into one matrix (L2-normalized float32) and scored with one matrix-vector
product, again whenever the table's Lance dataset changes version. The product runs on one BLAS thread
(OpenBLAS's threads cost more than they give on a product this size: 12 ms instead of 0.6 ms for 7,200
frames on a loaded 2-core machine; one thread gives the same values). A frame with no embedding, or only
zero vectors (no direction), scores NULL. The values are ``similarity(emb, query)``'s (its maximum over
a frame's crops), up to float rounding.

Example:
    >>> import duckdb, numpy as np
    >>> rows = {("frame_embeddings", "v"): ([0, 1, 2], np.float32([[1, 0], [0, 1], [1, 1]])),
    ...         ("regions", "v"): ([0, 0, 5], np.float32([[1, 0], [0, 1], [0, 1]]))}
    >>> cache = EmbeddingCache(lambda table, videos: {v: rows[(table, v)] for v in videos}, lambda table: 1)
    >>> con = duckdb.connect(); register_cache(con, cache, dim=2)
    >>> con.sql("SELECT frame_scores('v', [2, 0, 7], [1.0, 0.0]::FLOAT[2])").fetchall()
    [([0.7071067690849304, 1.0, None],)]
    >>> con.sql("SELECT best_region_scores('v', [0, 5], [0.0, 2.0]::FLOAT[2])").fetchall()
    [([1.0, 1.0],)]
    >>> session_cache(con.sql("SELECT vq_embedding_cache()").fetchone()[0]) is cache
    True
"""

from __future__ import annotations

import contextlib
import functools
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence

import duckdb
import numpy as np
import pyarrow as pa

from vqdb.udfs.arrow_results import owned

CAPACITY_BYTES = 1 << 30  # embeddings kept in memory per session (least recently used videos go first)
TABLES = {"frame_scores": "frame_embeddings", "best_region_scores": "regions"}

Loader = Callable[[str, list[str]], dict[str, tuple[Sequence[int], np.ndarray]]]
_SESSION_CACHES: weakref.WeakValueDictionary[str, EmbeddingCache] = weakref.WeakValueDictionary()  # by name


class EmbeddingCache:
    """Per (table, video): the embeddings sorted by frame, L2-normalized, reloaded when ``version(table)``
    changes; at most ``capacity`` bytes of embeddings are kept, least recently used first out.

    ``load(table, video_ids)`` returns, for each video, the frame of each of its embeddings (a frame may
    have several: its crops) and the embeddings, one row each (videos without any may be left out).
    """

    def __init__(self, load: Loader, version: Callable[[str], object], capacity: int = CAPACITY_BYTES):
        self._load, self._version, self.capacity = load, version, capacity
        self._entries: OrderedDict[tuple[str, str], tuple[object, np.ndarray, np.ndarray]] = OrderedDict()
        self._lock = threading.Lock()  # DuckDB calls UDFs from several threads
        self.loads = 0

    def scores(self, table: str, video_id: str, frames: np.ndarray, query: np.ndarray) -> np.ndarray:
        """The best cosine similarity with ``query`` of each frame's embeddings; NaN where there is none."""
        rows_frame, vectors = self.prefetch(table, [video_id])[video_id]
        out = np.full(len(frames), np.nan, dtype=np.float32)
        norm = float(np.linalg.norm(query))
        if not len(rows_frame) or norm == 0:
            return out
        with one_blas_thread():
            per_row = vectors @ (np.asarray(query, dtype=np.float32) / np.float32(norm))
        firsts = np.flatnonzero(np.r_[True, rows_frame[1:] != rows_frame[:-1]])
        unique, best = rows_frame[firsts], np.fmax.reduceat(per_row, firsts)  # NaN (no direction) only if all are
        where = np.minimum(np.searchsorted(unique, frames), len(unique) - 1)
        found = unique[where] == frames
        out[found] = best[where[found]]
        return out

    def prefetch(self, table: str, video_ids: list[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The (frames, normalized embeddings) of each video, read (all in one read) unless cached for the
        table's current version."""
        version = self._version(table)
        found: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        with self._lock:
            for video_id in dict.fromkeys(video_ids):
                entry = self._entries.get((table, video_id))
                if entry is not None and entry[0] == version:
                    self._entries.move_to_end((table, video_id))
                    found[video_id] = entry[1], entry[2]
        missing = [v for v in dict.fromkeys(video_ids) if v not in found]
        loaded = self._load(table, missing) if missing else {}
        for video_id in missing:
            frames, vectors = loaded.get(video_id, ([], np.zeros((0, 0), np.float32)))
            frames = np.asarray(frames, dtype=np.int64)
            vectors = (
                np.asarray(vectors, dtype=np.float32).reshape(len(frames), -1) if len(frames) else np.zeros((0, 0))
            )
            order = np.argsort(frames, kind="stable")
            frames, vectors = frames[order], vectors[order]
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            with np.errstate(invalid="ignore", divide="ignore"):
                vectors = np.where(norms > 0, vectors / norms, np.nan).astype(np.float32)
            found[video_id] = frames, vectors
            with self._lock:
                self.loads += 1
                self._entries[(table, video_id)] = (version, frames, vectors)
        with self._lock:
            while sum(e[2].nbytes for e in self._entries.values()) > self.capacity and len(self._entries) > 1:
                self._entries.popitem(last=False)
        return found


_BLAS_LIMIT = threading.Lock()  # the limit is process-wide: one product at a time sets and restores it


@contextlib.contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run the block with BLAS on one thread (the process's setting is restored after): a product of a few
    thousand vectors with one costs less than OpenBLAS's threads take to start on a loaded machine.

    Example:
        >>> with one_blas_thread():
        ...     (np.eye(2, dtype=np.float32) @ np.float32([1, 2])).tolist()
        [1.0, 2.0]
    """
    with _BLAS_LIMIT, _blas_controller().limit(limits=1, user_api="blas"):
        yield


@functools.cache
def _blas_controller():
    from threadpoolctl import ThreadpoolController  # finds the BLAS libraries loaded, once

    return ThreadpoolController()


def lance_loader(store) -> tuple[Loader, Callable[[str], object]]:
    """The loader and version of a corpus's Lance datasets (``vqdb.store.Store``), for ``EmbeddingCache``: the
    version is asked of storage at every call (``vqdb.udfs.versions``)."""
    from vqdb.store import any_video
    from vqdb.udfs.versions import LatestVersions

    versions = LatestVersions(store)

    def load(table: str, video_ids: list[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        rows = store.dataset(table).to_table(columns=["video_id", "frame_idx", "emb"], filter=any_video(video_ids))
        videos = rows.column("video_id").to_numpy(zero_copy_only=False)
        frames = rows.column("frame_idx").to_numpy().astype(np.int64)
        emb = rows.column("emb").combine_chunks()
        vectors = emb.values.to_numpy(zero_copy_only=False).reshape(len(frames), -1)
        return {v: (frames[videos == v], vectors[videos == v]) for v in video_ids}

    return load, versions


def register_cache(con: duckdb.DuckDBPyConnection, cache: EmbeddingCache, dim: int) -> None:
    """Register ``frame_scores`` and ``best_region_scores`` in ``con``, answered from ``cache`` (replacing
    any registered before: the cache belongs to the corpus attached)."""

    def scorer(table: str):
        def udf(video_ids: pa.Array, frame_lists: pa.Array, queries: pa.Array) -> pa.Array:
            video_ids, frame_lists, queries = (_combined(a) for a in (video_ids, frame_lists, queries))
            offsets = frame_lists.offsets.to_numpy()
            frames = frame_lists.values.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)
            vectors = queries.values.slice(queries.offset * dim, len(queries) * dim).to_numpy(zero_copy_only=False)
            vectors = vectors.reshape(len(queries), dim)
            scores = np.full(len(frames), np.nan, dtype=np.float32)
            missing = np.zeros(len(video_ids), dtype=bool)
            cache.prefetch(table, [v for v in video_ids.to_pylist() if v is not None])
            for row, video_id in enumerate(video_ids.to_pylist()):
                if video_id is None or not frame_lists[row].is_valid or not queries[row].is_valid:
                    missing[row] = True
                    continue
                start, end = offsets[row], offsets[row + 1]
                scores[start:end] = cache.scores(table, video_id, frames[start:end], vectors[row])
            values = pa.array(scores, mask=np.isnan(scores), type=pa.float32())
            return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), values, mask=pa.array(missing))

        return udf

    name = f"embedding-cache-{id(cache)}"
    _SESSION_CACHES[name] = cache  # held by the functions below while they are registered
    con.execute(f"CREATE OR REPLACE MACRO vq_embedding_cache() AS '{name}'")
    for name, table in TABLES.items():
        with contextlib.suppress(duckdb.InvalidInputException):  # not registered in this connection yet
            con.remove_function(name)
        con.execute(f"DROP MACRO IF EXISTS {name}")  # the stand-in of a corpus without embeddings
        con.create_function(
            name,
            owned(scorer(table)),
            ["VARCHAR", "INTEGER[]", f"FLOAT[{int(dim)}]"],
            "FLOAT[]",
            type="arrow",
            null_handling="special",
        )


def session_cache(name: str) -> EmbeddingCache:
    """The cache behind a session's ``frame_scores`` and ``best_region_scores``: ``name`` is what the session's
    ``vq_embedding_cache()`` gives (an error naming the fix when the corpus has no embeddings)."""
    return _SESSION_CACHES[name]


def _combined(array: pa.Array | pa.ChunkedArray) -> pa.Array:
    return array.combine_chunks() if isinstance(array, pa.ChunkedArray) else array
