"""``vqdb index``."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from vqdb.cli import main
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.store import Store


def test_index_reports_each_table(tmp_path, capsys):
    store = Store.create(tmp_path)
    vectors = np.random.default_rng(0).standard_normal((600, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    table = pa.table(
        {
            "video_id": ["v"] * 600,
            "frame_idx": np.arange(600, dtype=np.int32),
            "ts": np.arange(600, dtype=float),
            "model": ["synthetic"] * 600,
            "emb": vectors_to_arrow(vectors),
        }
    )
    store.commit("v", "embed", {"frame_embeddings": table}, model="synthetic", settings={})
    assert main(["index", str(tmp_path), "--min-rows", "500", "--partitions", "2"]) == 0
    out = capsys.readouterr().out
    assert "frame_embeddings: IVF_PQ over 600 rows, 2 partitions, 1 sub-vectors" in out
    assert "regions: no index (the table has no data yet)" in out
    assert "frame_embeddings: video_id index, 600 rows newly indexed" in out
    indexes = sorted(i.name for i in store.dataset("frame_embeddings").describe_indices())
    assert indexes == ["frame_embeddings_emb_ivf_pq", "video_id_idx"]


def test_not_a_corpus_fails_with_the_reason(tmp_path, capsys):
    assert main(["index", str(tmp_path / "nothing")]) == 1
    assert "is not a vqdb corpus" in capsys.readouterr().err
