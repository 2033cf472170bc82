"""The stored vectors of the texts shown across a corpus, for bounding what an OCR call scores by meaning.

``vqdb.planner.search`` bounds the score of an ``ocr`` call in each video before it merges any
(``search.meant_estimate``): besides reading the query's letters, the tool finds a text shown that says the query
in other words (``Ocr.meant``: the MiniLM vector of each ``ocr_spans`` row, ``text_emb``, stored at ingest, close
to the query's). ``SpanVectors`` holds every span's vector once, a video's together, so the best similarity of
each video's spans with a query is one matrix-vector product on one BLAS thread (about 1 ms for the 13,500 spans
of 100 benchmark hours), exact: an approximate nearest-neighbour search over the same vectors took 20 to 50 ms
here and could miss one, which a bound must not. ``span_vectors`` reads the table once per version in a process; the
spans without a vector (a corpus ingested before spans held one: ``vqdb index CORPUS --ocr-spans`` embeds them)
are counted, not held.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> found = span_vectors(Store.create(tempfile.mkdtemp()))
    >>> found.videos, found.missing
    ([], 0)
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.planner.per_version import per_version
from vqdb.planner.tools.ocr import SPANS_TABLE
from vqdb.store import Store
from vqdb.udfs.embedding_cache import one_blas_thread

VECTOR_COLUMN = "text_emb"  # a span's sentence vector (``vqdb.ingest.sentence_vectors``)
ROUNDING = 1e-4  # what the float32 sums of a product of unit vectors may differ by, summed in another order


@dataclasses.dataclass(frozen=True)
class SpanVectors:
    """The unit vectors of a corpus's texts shown (see the module docstring): the rows of ``matrix`` from
    ``starts[v]`` (to the next start) are the spans of video ``videos[v]``; ``missing``: the spans stored without
    a vector (not held)."""

    videos: list[str]
    starts: np.ndarray
    matrix: np.ndarray
    missing: int

    @classmethod
    def none(cls, missing: int = 0) -> SpanVectors:
        """No vector held, ``missing`` spans without one.

        Example:
            >>> SpanVectors.none(3).matrix.shape, SpanVectors.none(3).missing
            ((0, 0), 3)
        """
        return cls([], np.zeros(0, np.int64), np.zeros((0, 0), np.float32), missing)

    def best_similarity(self, query: np.ndarray) -> dict[str, float]:
        """Each video's best cosine similarity of a span with ``query``, at least what DuckDB's
        ``array_cosine_similarity`` computes for it (``ROUNDING`` added), best first; none where no span holds a
        vector.

        Example:
            >>> rows = pa.table({"video_id": ["a", "b", "a"], "text_emb": pa.array(
            ...     [[1.0, 0.0], [0.6, 0.8], None], pa.list_(pa.float32(), 2))})
            >>> found = span_vectors_of(rows)
            >>> {video: round(value, 3) for video, value in found.best_similarity(np.float32([0, 2])).items()}
            {'b': 0.8, 'a': 0.0}
        """
        if not self.videos:
            return {}
        norm = float(np.linalg.norm(query))
        if norm == 0:
            return {}
        with one_blas_thread():
            similarity = self.matrix @ (query.astype(np.float32) / np.float32(norm))
        best = np.maximum.reduceat(similarity, self.starts)
        best = np.minimum(best.astype(np.float64) + ROUNDING, 1.0)
        order = np.argsort(-best, kind="stable")
        return {self.videos[i]: float(best[i]) for i in order}


def span_vectors(store: Store) -> SpanVectors:
    """The corpus's ``SpanVectors`` at the latest version of ``ocr_spans``, kept per version (a process reads the
    vectors once until a commit changes the table); in a corpus written before spans held a vector, every span
    is ``missing``.

    Example:
        >>> import tempfile
        >>> span_vectors(Store.create(tempfile.mkdtemp())).matrix.shape
        (0, 0)
    """
    if store.exists(SPANS_TABLE) and VECTOR_COLUMN not in store.dataset(SPANS_TABLE).schema.names:
        return SpanVectors.none(store.count(SPANS_TABLE))
    return per_version(store, SPANS_TABLE, ("video_id", VECTOR_COLUMN), span_vectors_of)


def span_vectors_of(rows: pa.Table | None) -> SpanVectors:
    """The ``SpanVectors`` of ``rows`` (``video_id``, ``text_emb``; None: no rows), each vector made a unit one.

    Example:
        >>> rows = pa.table({"video_id": ["b", "a", "b"], "text_emb": pa.array(
        ...     [[3.0, 4.0], None, [0.0, 2.0]], pa.list_(pa.float32(), 2))})
        >>> found = span_vectors_of(rows)
        >>> found.videos, found.starts.tolist(), found.matrix.tolist(), found.missing
        (['b'], [0], [[0.6000000238418579, 0.800000011920929], [0.0, 1.0]], 1)
        >>> span_vectors_of(rows.slice(1, 1)).missing  # none holds a vector
        1
    """
    if rows is None or not rows.num_rows:
        return SpanVectors.none()
    held = pc.and_(pc.is_valid(rows.column(VECTOR_COLUMN)), pc.is_valid(rows.column("video_id")))
    missing = rows.num_rows - pc.sum(held.cast(pa.int64())).as_py()
    rows = rows.filter(held)
    if not rows.num_rows:
        return SpanVectors.none(int(missing))
    rows = rows.take(pc.sort_indices(rows, sort_keys=[("video_id", "ascending")]))
    ids = rows.column("video_id").to_numpy(zero_copy_only=False)
    vectors = rows.column(VECTOR_COLUMN).combine_chunks()
    matrix = vectors.flatten().to_numpy(zero_copy_only=False).astype(np.float32).reshape(len(ids), -1)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)  # no direction: similarity 0
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    return SpanVectors([str(ids[s]) for s in starts], starts, matrix, int(missing))
