"""``vqdb index``."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from vqdb.cli import main
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.schema import TABLES
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


def test_ocr_spans_are_rebuilt_from_the_stored_reads_before_the_text_index(tmp_path, capsys):
    store = Store.create(tmp_path)
    box = {"x0": 0.1, "y0": 0.1, "x1": 0.6, "y1": 0.2}
    reads = [
        {"video_id": "v", "frame_idx": i, "ts": float(i), "text": text, "confidence": confidence, "box": box}
        for i, (text, confidence) in enumerate(
            [("Clear history", 0.9), ("Clearlhistory", 0.99), ("Clear history", 0.92)]
        )
    ]
    stale = [{"video_id": "v", "span_id": 0, "start_s": 0.0, "end_s": 2.0, "text": "Clearlhistory", "box": box}]
    tables = {"ocr": TABLES["ocr"].from_rows(reads), "ocr_spans": TABLES["ocr_spans"].from_rows(stale)}
    store.commit("v", "ocr", tables, model="m", settings={"ocr_step": 1, "sample_fps": 1.0})
    assert main(["index", str(tmp_path), "--ocr-spans"]) == 0
    out = capsys.readouterr().out
    assert "ocr_spans: rebuilt from the stored reads, 1 spans of 1 videos" in out
    assert "ocr_spans: full-text index, 1 rows newly indexed" in out
    assert store.read("ocr_spans")["text"].to_pylist() == ["Clear history"]
