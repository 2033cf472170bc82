"""frame_scores / best_region_scores: a whole video's similarities from an in-memory copy of its embeddings,
the same as similarity(emb, query) over the table, and fresh again when the table changes."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

import vqdb
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.udfs.embedding_cache import EmbeddingCache

DIM = 8
FRAMES = 50


def commit(store: Store, video_id: str, frames: np.ndarray, regions: np.ndarray) -> None:
    idx = np.arange(len(frames), dtype=np.int32)
    store.commit(
        video_id,
        "embed",
        {
            "frame_embeddings": pa.table(
                {
                    "video_id": [video_id] * len(idx),
                    "frame_idx": idx,
                    "ts": idx * 1.0,
                    "model": ["stand-in"] * len(idx),
                    "emb": vectors_to_arrow(frames),
                }
            )
        },
        model="stand-in",
        settings={},
    )
    crops = len(regions) // len(frames)
    store.commit(
        video_id,
        "regions",
        {
            "regions": pa.table(
                {
                    "video_id": [video_id] * len(regions),
                    "frame_idx": np.repeat(idx, crops),
                    "ts": np.repeat(idx * 1.0, crops),
                    "region_id": np.tile(np.arange(crops, dtype=np.int32), len(frames)),
                    "box": [None] * len(regions),
                    "model": ["stand-in"] * len(regions),
                    "emb": vectors_to_arrow(regions),
                }
            )
        },
        model="stand-in",
        settings={},
    )
    empty = {name: TABLES[name].arrow_schema().empty_table() for name in ("frames", "videos")}
    store.commit(video_id, "frames", empty, model=None, settings={})


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    x = rng.standard_normal((n, DIM)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


@pytest.fixture
def corpus(tmp_path):
    rng = np.random.default_rng(1)
    store = Store.create(tmp_path)
    data = {v: (unit(rng, FRAMES), unit(rng, FRAMES * 3)) for v in ("v0", "v1")}
    for video_id, (frames, regions) in data.items():
        commit(store, video_id, frames, regions)
    store.update_manifest(embed_model="stand-in", embed_dim=DIM)
    query = unit(rng, 1)[0]
    with vqdb.connect(tmp_path, progress=False) as corpus:
        vector = "[" + ", ".join(map(str, query.tolist())) + f"]::FLOAT[{DIM}]"
        corpus.sql_unchecked(f"CREATE OR REPLACE MACRO vq_text_vector(q) AS {vector}")  # no model: a fixed query vector
        yield corpus, data, query


def scores(corpus, function: str, table: str, video_id: str) -> list:
    frames = "list(frame_idx ORDER BY frame_idx)" if table == "frame_embeddings" else "list(DISTINCT frame_idx)"
    return corpus.sql(
        f"SELECT unnest(frames), unnest({function}(video_id, frames, vq_text_vector('q'))) "
        f"FROM (SELECT video_id, {frames} AS frames FROM {table} WHERE video_id = $v GROUP BY video_id) ORDER BY 1",
        params={"v": video_id},
    ).fetchall()


def test_the_scores_are_those_of_similarity(corpus):
    corpus, data, query = corpus
    for video_id in ("v0", "v1"):
        frames = scores(corpus, "frame_scores", "frame_embeddings", video_id)
        reference = corpus.sql(
            "SELECT frame_idx, similarity(emb, 'q') FROM frame_embeddings WHERE video_id = $v ORDER BY 1",
            params={"v": video_id},
        ).fetchall()
        assert [f for f, _ in frames] == [f for f, _ in reference]
        assert np.allclose([s for _, s in frames], [s for _, s in reference], atol=1e-6)
        best = scores(corpus, "best_region_scores", "regions", video_id)
        brute = (data[video_id][1] @ query).reshape(FRAMES, 3).max(axis=1)
        assert np.allclose([s for _, s in best], brute, atol=1e-6)


def test_a_changed_table_is_read_again(corpus, tmp_path):
    corpus, data, _ = corpus
    before = scores(corpus, "frame_scores", "frame_embeddings", "v0")
    flipped = -data["v0"][0]
    commit(Store.open(tmp_path, writable=True), "v0", flipped, data["v0"][1])  # the same frames, new vectors
    after = scores(corpus, "frame_scores", "frame_embeddings", "v0")
    assert np.allclose([s for _, s in after], [-s for _, s in before], atol=1e-6)


def test_missing_frames_and_vectors_without_direction_score_null():
    rows = {"v": ([0, 1, 1], np.float32([[0, 0], [0, 0], [0, 2]]))}  # frame 1: a zero vector and one along y
    cache = EmbeddingCache(lambda table, videos: {v: rows[v] for v in videos if v in rows}, lambda table: 1)
    found = cache.scores("t", "v", np.array([0, 1, 5]), np.float32([0, 3]))
    assert np.isnan(found[0]) and found[1] == 1.0 and np.isnan(found[2])  # only a zero vector; its best; none
    assert np.isnan(cache.scores("t", "elsewhere", np.array([0]), np.float32([0, 1])))[0]  # no rows at all
    assert np.isnan(cache.scores("t", "v", np.array([1]), np.float32([0, 0])))[0]  # a query without direction


def test_least_recently_used_videos_leave_first_and_each_video_is_read_once():
    vectors = np.eye(4, dtype=np.float32)
    reads = []

    def load(table, videos):
        reads.append(list(videos))
        return {v: ([0, 1, 2, 3], vectors) for v in videos}

    cache = EmbeddingCache(load, lambda table: 1, capacity=2 * vectors.nbytes)
    cache.prefetch("t", ["a", "b"])
    cache.scores("t", "a", np.array([0]), np.float32([1, 0, 0, 0]))
    cache.scores("t", "c", np.array([0]), np.float32([1, 0, 0, 0]))  # "b" was used least recently
    cache.scores("t", "a", np.array([0]), np.float32([1, 0, 0, 0]))
    cache.scores("t", "b", np.array([0]), np.float32([1, 0, 0, 0]))
    assert reads == [["a", "b"], ["c"], ["b"]]
