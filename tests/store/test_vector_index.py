"""The IVF_PQ vector index: defaults that keep recall@10 >= 0.95, used by frame_search."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

import vqdb
from vqdb.errors import ConfigError
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.vector_index import build_vector_index, index_name

ROWS, DIM, VIDEOS = 10_000, 256, 10


def clustered_unit_vectors(n: int, rng: np.random.Generator, clusters: int = 50, latent: int = 16) -> np.ndarray:
    """Unit vectors with the shape of real embeddings: clusters in a low-dimensional latent space."""
    mix = np.random.default_rng(42)
    lift = mix.standard_normal((latent, DIM)).astype(np.float32)
    centres = 2 * mix.standard_normal((clusters, latent)).astype(np.float32)
    z = centres[rng.integers(0, clusters, n)] + rng.standard_normal((n, latent)).astype(np.float32)
    x = z @ lift + 0.5 * rng.standard_normal((n, DIM)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def commit_embeddings(storage: Store, vectors: np.ndarray, videos: int) -> None:
    per_video = len(vectors) // videos
    for v in range(videos):
        idx = np.arange(per_video, dtype=np.int32)
        table = pa.table(
            {
                "video_id": [f"v{v}"] * per_video,
                "frame_idx": idx,
                "ts": idx.astype(float),
                "model": ["synthetic"] * per_video,
                "emb": vectors_to_arrow(vectors[v * per_video : (v + 1) * per_video]),
            }
        )
        storage.commit(f"v{v}", "embed", {"frame_embeddings": table}, model="synthetic", settings={})
        empty = {name: TABLES[name].arrow_schema().empty_table() for name in ("frames", "videos")}
        storage.commit(f"v{v}", "frames", empty, model=None, settings={})
    storage.update_manifest(embed_model="synthetic", embed_dim=vectors.shape[1])


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    root = tmp_path_factory.mktemp("indexed")
    vectors = clustered_unit_vectors(ROWS, np.random.default_rng(0))
    storage = Store.create(root)
    commit_embeddings(storage, vectors, VIDEOS)
    report = build_vector_index(storage)
    return root, vectors, report


def _recall_at_10(corpus, vectors, queries) -> float:
    per_video = ROWS // VIDEOS
    hits = []
    for query in queries:
        literal = "[" + ", ".join(repr(float(x)) for x in query) + "]"
        rows = corpus.sql(f"SELECT video_id, frame_idx FROM frame_search({literal}, 10)").fetchall()
        found = {int(v[1:]) * per_video + f for v, f in rows}
        truth = set(np.argsort(-(vectors @ query))[:10].tolist())
        hits.append(len(found & truth) / 10)
    return float(np.mean(hits))


def test_defaults_build_an_index_with_recall_at_10_of_at_least_95_percent(indexed):
    root, vectors, report = indexed
    assert report.built and report.rows == ROWS
    assert report.num_sub_vectors == DIM // 16 and report.num_partitions == 100
    indexes = Store.create(root).dataset("frame_embeddings").describe_indices()
    assert [i.name for i in indexes] == [index_name("frame_embeddings")]
    queries = clustered_unit_vectors(30, np.random.default_rng(1))
    with vqdb.connect(root, progress=False) as corpus:
        assert _recall_at_10(corpus, vectors, queries) >= 0.95
        # the index answers: its product-quantized distance of a vector to itself is not exactly 0
        literal = "[" + ", ".join(repr(float(x)) for x in vectors[5]) + "]"
        search = f"lance_vector_search(vq_dataset('frame_embeddings'), 'emb', {literal}::FLOAT[], k := 1"
        assert corpus.sql(f"SELECT _distance FROM {search})").fetchone()[0] > 1e-3
        assert corpus.sql(f"SELECT _distance FROM {search}, use_index := false)").fetchone()[0] < 1e-5


def test_rows_added_after_the_index_are_found_and_folded_in(tmp_path):
    storage = Store.create(tmp_path)
    commit_embeddings(storage, clustered_unit_vectors(2000, np.random.default_rng(0)), 2)
    assert build_vector_index(storage, num_partitions=4, num_sub_vectors=8, min_rows=0).built
    extra = clustered_unit_vectors(10, np.random.default_rng(2))
    table = pa.table(
        {
            "video_id": ["late"] * 10,
            "frame_idx": np.arange(10, dtype=np.int32),
            "ts": np.arange(10, dtype=float),
            "model": ["synthetic"] * 10,
            "emb": vectors_to_arrow(extra),
        }
    )
    storage.commit("late", "embed", {"frame_embeddings": table}, model="synthetic", settings={})
    empty = {name: TABLES[name].arrow_schema().empty_table() for name in ("frames", "videos")}
    storage.commit("late", "frames", empty, model=None, settings={})
    literal = "[" + ", ".join(repr(float(x)) for x in extra[3]) + "]"
    with vqdb.connect(tmp_path, progress=False) as corpus:
        top = corpus.sql(f"SELECT video_id, frame_idx, score FROM frame_search({literal}, 1)").fetchone()
    assert top[:2] == ("late", 3) and top[2] == pytest.approx(1.0, abs=1e-5)
    report = build_vector_index(storage, min_rows=0)
    assert report.built and "updated" in str(report)
    assert storage.dataset("frame_embeddings").describe_indices()[0].num_rows_indexed == 2010


def test_small_tables_need_no_index(tmp_path):
    storage = Store.create(tmp_path)
    commit_embeddings(storage, clustered_unit_vectors(200, np.random.default_rng(0)), 2)
    report = build_vector_index(storage)
    assert not report.built and "200 rows < 5000" in str(report)
    assert build_vector_index(storage, "regions").reason == "the table has no data yet"


def test_unknown_table_is_an_error_naming_it(tmp_path):
    with pytest.raises(ConfigError, match=r"no vector index for table 'frames'"):
        build_vector_index(Store.create(tmp_path), "frames")
