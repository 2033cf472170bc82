"""``vqdb check``'s scope: the schema's tables, checked against each commit's recorded rows."""

from __future__ import annotations

import shutil

import numpy as np
import pyarrow as pa

from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.store import Store
from vqdb.store.check import check
from vqdb.store.maintenance import DERIVED_TABLES
from vqdb.store.visual_summary import build_visual_summaries, summary_table


def embedded(store: Store, video_id: str, vectors: np.ndarray) -> None:
    """A video as the ``embed`` extractor commits it: one vector a frame."""
    idx = np.arange(len(vectors), dtype=np.int32)
    rows = pa.table(
        {"video_id": [video_id] * len(vectors), "frame_idx": idx, "ts": idx.astype(float),
         "model": ["synthetic"] * len(vectors), "emb": vectors_to_arrow(vectors)}
    )  # fmt: skip
    store.commit(video_id, "embed", {"frame_embeddings": rows}, model="synthetic", settings={})


def test_a_lost_visual_summary_is_rebuilt_whole_not_checked(tmp_path):
    """The summaries are derived (no commit records their rows): check leaves them out, and a summary removed
    is rebuilt for every video by the next ``build_visual_summaries`` (``vqdb index``), as check.py says."""
    rng = np.random.default_rng(3)
    with Store.create(tmp_path / "c") as store:
        for i in range(3):
            vectors = rng.standard_normal((40, 16)).astype(np.float32)
            embedded(store, f"v{i}", vectors / np.linalg.norm(vectors, axis=1, keepdims=True))
        assert build_visual_summaries(store)["frame_embeddings"] == 3
        report = check(store)
        assert report.ok and summary_table("frame_embeddings") in DERIVED_TABLES
        shutil.rmtree(tmp_path / "c" / f"{summary_table('frame_embeddings')}.lance")
        again = check(store)
        assert again.ok and again.tables == report.tables  # the schema's tables, the same with or without it
        assert build_visual_summaries(store)["frame_embeddings"] == 3
