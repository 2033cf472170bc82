"""A small per-video summary of the frame and region embeddings, whose bound on a query's best cosine
similarity in each video is true: no frame (or crop) of a video scores above it.

An ANN query (``vqdb.store.vector_index.nearest_rows``) lists a few hundred nearest vectors: a few videos. Of
every other video it says only that its best is below the last row listed, which a look that a hundred videos
show puts high for all of them. The summary bounds every video instead, from a handful of cones: a video's
unit vectors are cut into parts (consecutive vectors, a crop's place in the frame then time, whose cosine with
the part's first stays at least ``PART_COS``: a scene; parts beyond ``MAX_PARTS`` a video are merged by
spherical k-means), and each part is kept as its direction ``u`` (the normalized mean, stored as float16) and
the least cosine ``m`` of its vectors with ``u`` (the cone's half-angle ``acos m``, measured against the stored
direction). For a unit query ``q`` at angle ``acos(q·u)`` from ``u``, no vector of the cone is closer than
that angle less the half-angle, so ``q·x <= cos(max(0, acos(q·u) - acos m))`` (``cone_bounds``), plus
``SLACK`` for float rounding.

``build_visual_summaries(store)`` summarizes the videos whose embedding extraction finished since they were
summarized (the summary row keeps its extraction's ``finished_at``: a video ingested again is summarized
again) and drops the videos deleted, so each ingest costs its own videos, never a rebuild;
``build_text_indexes`` calls it after every ingest, as ``vqdb index`` does. The summary of ``table`` is the
Lance table ``<table>_summary`` beside it. ``visual_bounds(store, table, query)`` reads it in one scan, kept
widened to float32 while its version is the latest (``loaded_summary``: about 45 parts a 30-minute video, at
1,000 hours 90,000 parts, 140 MB stored, 280 MB in memory), and returns each summarized video's bound; a video
not summarized yet (or summarized before it was ingested again) is not listed.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> store = Store.create(tempfile.mkdtemp())
    >>> build_visual_summaries(store), visual_bounds(store, "frame_embeddings", np.ones(4, np.float32))
    ({'frame_embeddings': 0, 'regions': 0}, {})
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.schema import TABLES
from vqdb.store.store import Store, any_video, quote

SUMMARIZED = {"frame_embeddings": "emb", "regions": "emb"}  # the visual model's tables and their vector column
ORDER = {"frame_embeddings": ("frame_idx",), "regions": ("region_id", "frame_idx")}  # a crop's place, then time
PART_COS = 0.5  # a vector starts a new part where its cosine with the part's first falls below this
LOOK_AHEAD = 64  # vectors compared with a part's first at a time
MAX_PARTS = 64  # parts a video keeps at most (more merged by spherical k-means)
MERGE_ROUNDS = 8  # k-means rounds when merging parts
SLACK = 1e-3  # added to a bound: float16 directions and float32 dot products round
READ_VIDEOS = 32  # videos whose vectors are read at a time while summarizing


def summary_table(table: str) -> str:
    """The name of ``table``'s summary.

    Example:
        >>> summary_table("frame_embeddings")
        'frame_embeddings_summary'
    """
    return f"{table}_summary"


def parts_of(vectors: np.ndarray) -> np.ndarray:
    """Each of ``vectors``' part (0, 1, ...), in their order: consecutive unit vectors whose cosine with their
    part's first is at least ``PART_COS``, at most ``MAX_PARTS`` parts (the parts' mean directions clustered).

    Example:
        >>> parts_of(np.array([[1, 0], [0.99, 0.14], [0, 1], [1, 0]], np.float32)).tolist()
        [0, 0, 1, 2]
    """
    labels = np.zeros(len(vectors), np.int64)
    start, part = 0, 0
    while start < len(vectors):
        end = start + 1
        while end < len(vectors):  # the part's run, looked at ``LOOK_AHEAD`` vectors at a time
            near = vectors[end : end + LOOK_AHEAD] @ vectors[start] >= PART_COS
            end += int(np.argmin(near)) if not near.all() else len(near)
            if not near.all():
                break
        labels[start:end] = part
        start, part = end, part + 1
    if part <= MAX_PARTS:
        return labels
    means = np.zeros((part, vectors.shape[1]), np.float32)
    np.add.at(means, labels, vectors)
    means /= np.maximum(np.linalg.norm(means, axis=1, keepdims=True), 1e-12)
    centres = means[np.linspace(0, part - 1, MAX_PARTS).astype(int)]
    for _ in range(MERGE_ROUNDS):
        cluster = np.argmax(means @ centres.T, axis=1)
        np.add.at(summed := np.zeros_like(centres), cluster, means)
        norms = np.linalg.norm(summed, axis=1, keepdims=True)
        centres = np.where(norms > 0, summed / np.maximum(norms, 1e-12), centres)
    return np.unique(np.argmax(means @ centres.T, axis=1), return_inverse=True)[1][labels]


def cones(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The cones that hold ``vectors`` (any norm; each normalized): per part (``parts_of``) its direction
    (float16, as stored) and the least cosine of its vectors with that direction (as read back: normalized in
    float32), so ``cone_bounds`` bounds every vector's similarity.

    Example:
        >>> directions, least = cones(np.array([[1, 0], [0.99, 0.14], [0, 2]], np.float32))
        >>> directions.dtype, [round(x, 3) for x in least.tolist()]
        (dtype('float16'), [0.998, 1.0])
    """
    unit = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    labels = parts_of(unit)
    count = int(labels.max()) + 1
    summed = np.zeros((count, unit.shape[1]), np.float32)
    np.add.at(summed, labels, unit)
    directions = (summed / np.maximum(np.linalg.norm(summed, axis=1, keepdims=True), 1e-12)).astype(np.float16)
    stored = _unit(directions)
    cosines = np.einsum("ij,ij->i", unit, stored[labels])
    least = np.full(count, np.inf, np.float32)
    np.minimum.at(least, labels, cosines)
    return directions, np.clip(least, -1.0, 1.0)


def _unit(directions: np.ndarray) -> np.ndarray:
    """Stored (float16) directions as float32 unit vectors, the same way when summarizing and bounding."""
    wide = directions.astype(np.float32)
    return wide / np.maximum(np.linalg.norm(wide, axis=1, keepdims=True), 1e-12)


def cone_bounds(query: np.ndarray, directions: np.ndarray, least: np.ndarray) -> np.ndarray:
    """The most the cosine similarity of ``query`` with a unit vector in each cone (``directions``, float16, and
    the least cosine ``least`` of its vectors with its direction) can be: ``cos(max(0, angle - half-angle))``
    plus ``SLACK``, at most 1.

    Example:
        >>> directions = np.array([[1, 0], [0, 1]], np.float16)
        >>> bounds = cone_bounds(np.array([1, 0], np.float32), directions, np.array([0.8, 1.0], np.float32))
        >>> [round(x, 3) for x in bounds.tolist()]
        [1.0, 0.001]
    """
    q = np.asarray(query, np.float32)
    q = q / max(float(np.linalg.norm(q)), 1e-12)
    return _bound(np.clip(_unit(directions) @ q, -1.0, 1.0), np.asarray(least, np.float32))


def _bound(c: np.ndarray, m: np.ndarray) -> np.ndarray:
    """``cos(max(0, acos c - acos m))`` plus ``SLACK``, at most 1: a cone's bound from the cosine ``c`` of the
    query with its direction and its least cosine ``m``."""
    apart = c * m + np.sqrt(np.maximum(0.0, 1 - c * c)) * np.sqrt(np.maximum(0.0, 1 - m * m))
    return np.minimum(np.where(c >= m, 1.0, apart) + SLACK, 1.0)


def _finished(store: Store, table: str) -> dict[str, object]:
    """Videos whose extraction writing ``table`` finished without error, with when."""
    rows = store.read(
        "extractions",
        ["video_id", "finished_at", "error"],
        where=f"extractor = {quote(TABLES[table].extractor)}",
    ).to_pylist()
    return {row["video_id"]: row["finished_at"] for row in rows if not row["error"]}


def _summarized(store: Store, table: str) -> dict[str, object]:
    """Videos of ``table``'s summary, with the ``finished_at`` of the extraction it summarized."""
    name = summary_table(table)
    if not store.exists(name):
        return {}
    rows = store.read(name, ["video_id", "finished_at"])
    first = pc.index_in(pc.unique(rows.column("video_id")), rows.column("video_id"))
    kept = rows.take(first)
    return dict(zip(kept.column("video_id").to_pylist(), kept.column("finished_at").to_pylist(), strict=True))


def summary_rows(table: pa.Table, column: str, finished: dict[str, object]) -> pa.Table:
    """The summary rows of the videos in ``table`` (``video_id`` and the vector ``column``, each video's vectors
    in the order its parts follow: a frame's, or a crop's place's, over time): a row a cone, with the video's
    extraction time from ``finished``.

    Example:
        >>> emb = pa.array([[1.0, 0.0], [0.0, 1.0]], pa.list_(pa.float32(), 2))
        >>> rows = pa.table({"video_id": ["a", "a"], "emb": emb})
        >>> summary_rows(rows, "emb", {"a": None}).select(["video_id", "least_cos"]).to_pylist()
        [{'video_id': 'a', 'least_cos': 1.0}, {'video_id': 'a', 'least_cos': 1.0}]
    """
    vectors = table.column(column)
    valid = pc.is_valid(vectors)
    table = table.filter(valid)
    dim = table.schema.field(column).type.list_size
    flat = table.column(column).combine_chunks().flatten().to_numpy(zero_copy_only=False)
    matrix = flat.astype(np.float32).reshape(-1, dim)
    ids = np.asarray(table.column("video_id").to_pylist(), dtype=object)
    videos, directions, least = [], [], []
    for video_id in dict.fromkeys(ids.tolist()):
        d, m = cones(matrix[ids == video_id])
        videos += [video_id] * len(d)
        directions.append(d)
        least.append(m)
    stacked = np.concatenate(directions) if directions else np.zeros((0, dim), np.float16)
    return pa.table(
        {
            "video_id": pa.array(videos, pa.string()),
            "finished_at": pa.array([finished[v] for v in videos], pa.timestamp("us", tz="UTC")),
            "direction": pa.FixedSizeListArray.from_arrays(pa.array(stacked.ravel(), pa.float16()), dim),
            "least_cos": pa.array(np.concatenate(least) if least else [], pa.float32()),
        }
    )


def build_visual_summaries(store: Store) -> dict[str, int]:
    """Summarize the videos of each visual table not summarized since their extraction finished, and drop the
    summaries of videos no longer finished (see the module docstring); returns the videos summarized a table.

    Example:
        >>> import tempfile
        >>> build_visual_summaries(Store.create(tempfile.mkdtemp()))
        {'frame_embeddings': 0, 'regions': 0}
    """
    done = {}
    for table, column in SUMMARIZED.items():
        finished = _finished(store, table) if store.exists(table) else {}
        summarized = _summarized(store, table)
        changed = [v for v, at in finished.items() if summarized.get(v, ...) != at]
        gone = [v for v in summarized if v not in finished or v in changed]
        parts = []
        for at in range(0, len(changed), READ_VIDEOS):
            batch = changed[at : at + READ_VIDEOS]
            rows = store.read(table, ["video_id", *ORDER[table], column], where=any_video(batch))
            ordered = rows.sort_by([("video_id", "ascending"), *((c, "ascending") for c in ORDER[table])])
            parts.append(summary_rows(ordered, column, finished))
        name = summary_table(table)
        rows = pa.concat_tables(parts) if parts else None
        if gone and store.exists(name):
            store.replace(name, any_video(gone), rows if rows is not None else store.dataset(name).schema.empty_table())
        elif rows is not None and rows.num_rows:
            store.append(name, rows)
        done[table] = len(changed)
    return done


@dataclasses.dataclass(frozen=True)
class Summary:
    """A table's summary as a search uses it: each part's unit direction (float32, as ``cone_bounds`` widens
    it), least cosine and video (an index into ``videos``), and when each video's summarized extraction
    finished.

    Example:
        >>> parts = np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)  # two videos of one exact frame each
        >>> summary = Summary(parts, np.ones(2, np.float32), np.array([0, 1]), ["a", "b"], [None, None])
        >>> summary.bounds(np.array([1.0, 0.0])).round(3).tolist()  # "b" is at right angles: it cannot match
        [1.0, 0.001]
    """

    directions: np.ndarray
    least: np.ndarray
    codes: np.ndarray
    videos: list[str]
    finished_at: list[object]

    def bounds(self, query: np.ndarray) -> np.ndarray:
        """Each video's bound (``cone_bounds`` of its parts, the most of them), as ``videos``."""
        q = np.asarray(query, np.float32) / max(float(np.linalg.norm(query)), 1e-12)
        best = np.full(len(self.videos), -np.inf)
        np.maximum.at(best, self.codes, _bound(np.clip(self.directions @ q, -1.0, 1.0), self.least))
        return best


_LOADED: dict[str, tuple[int, Summary]] = {}  # a summary's uri -> (its version, what was read): one a table


def loaded_summary(store: Store, table: str) -> Summary | None:
    """``table``'s summary as of its latest version, read in one scan and kept while that version is the latest
    (at 1,000 hours 90,000 parts: widening them to float32 costs more than the bounds), None without one.

    Example:
        >>> import tempfile
        >>> loaded_summary(Store.create(tempfile.mkdtemp()), "frame_embeddings") is None
        True
    """
    name = summary_table(table)
    version = store.version(name)
    if version is None:
        return None
    uri = store.uri(name)
    kept = _LOADED.get(uri)
    if kept is not None and kept[0] == version:
        return kept[1]
    rows = store.read_version(name, version, ["video_id", "finished_at", "direction", "least_cos"])
    encoded = rows.column("video_id").combine_chunks().dictionary_encode()
    dim = rows.schema.field("direction").type.list_size
    first = pc.index_in(encoded.dictionary, rows.column("video_id"))  # a video's rows summarize one extraction
    summary = Summary(
        _unit(rows.column("direction").combine_chunks().flatten().to_numpy().reshape(-1, dim)),
        rows.column("least_cos").to_numpy(),
        encoded.indices.to_numpy(),
        encoded.dictionary.to_pylist(),
        rows.column("finished_at").take(first).to_pylist(),
    )
    _LOADED[uri] = (version, summary)
    return summary


def visual_bounds(store: Store, table: str, query: np.ndarray) -> dict[str, float]:
    """Each summarized video's most cosine similarity of ``query`` with a vector of ``table`` (see the module
    docstring), for the videos whose summary is of their latest extraction; none when the dimensions differ.

    Example:
        >>> import tempfile
        >>> visual_bounds(Store.create(tempfile.mkdtemp()), "regions", np.ones(3, np.float32))
        {}
    """
    summary = loaded_summary(store, table)
    if summary is None or not summary.videos or summary.directions.shape[1] != len(query):
        return {}
    finished = _finished(store, table)
    kept = zip(summary.videos, summary.finished_at, summary.bounds(query).tolist(), strict=True)
    return {video: bound for video, at, bound in kept if finished.get(video, ...) == at}


__all__ = [
    "Summary",
    "build_visual_summaries",
    "cone_bounds",
    "cones",
    "loaded_summary",
    "summary_table",
    "visual_bounds",
]
