"""The embedding tool base: a visual tool is its vocabulary and table; the base gives its SQL and arrays."""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pytest

import vqdb
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.planner import tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.tools.embedding import EmbeddingTool
from vqdb.planner.video_frames import VideoFrames
from vqdb.schema import TABLES
from vqdb.store import Store


def test_each_table_is_scored_by_its_cache_function():
    assert [(tools.get(n).table, tools.get(n).scorer()) for n in ("siglip", "region")] == [
        ("frame_embeddings", "frame_scores"),
        ("regions", "best_region_scores"),
    ]


def test_a_second_tool_over_the_crops_scores_as_region(evidence, monkeypatch):
    monkeypatch.setattr(tools, "_REGISTRY", dict(tools._REGISTRY))

    @tools.register
    class Crops(EmbeddingTool):
        """the best crop's similarity"""

        name = "crops"
        description = "the best-matching crop"
        query_hint = "a short visual description"
        extractor = "regions"
        table = "regions"

    rows = [
        {"video_id": "va", "frame_idx": 0, "ts": 0.0, "region_id": 0, "emb": [0.6, 0.8, 0.0]},
        {"video_id": "va", "frame_idx": 0, "ts": 0.0, "region_id": 1, "emb": [0.8, 0.6, 0.0]},
    ]
    sampled = [("va", 0, 0.0), ("va", 1, 1.0)]
    found = evidence("crops", "0", sampled=sampled, regions=rows)
    assert found == evidence("region", "0", sampled=sampled, regions=rows) == [("va", 0, 0.8), ("va", 1, None)]


def test_a_table_without_embeddings_is_refused_when_the_class_is_defined():
    with pytest.raises(PlanError, match="table 'ocr' has no scoring function .* use one of frame_embeddings, regions"):

        class Words(EmbeddingTool):  # noqa: F841 (defining it is the test)
            """-"""

            table = "ocr"


def test_the_candidates_are_scored_with_one_statement_as_each_alone(tmp_path):
    """A search asks the session once for all its candidates (which finished, the query's vector, the cache);
    each video's scores are what the tool gives it alone, and a video without embeddings scores nothing."""
    store = Store.create(tmp_path)
    rng = np.random.default_rng(0)
    for video in ("a", "b", "c", "unembedded"):
        idx = np.arange(6, dtype=np.int32)
        if video != "unembedded":
            columns = {"video_id": [video] * 6, "frame_idx": idx, "ts": idx.astype(float), "model": ["m"] * 6}
            vectors = vectors_to_arrow(rng.standard_normal((6, 2)).astype(np.float32))
            embeddings = pa.table({**columns, "emb": vectors})
            store.commit(video, "embed", {"frame_embeddings": embeddings}, model="m", settings={})
        frames = [{"video_id": video, "frame_idx": i, "ts": float(i)} for i in range(6)]
        videos = [{"video_id": video, "path": f"/clips/{video}.mp4", "duration_s": 6.0}]
        tables = {
            name: pa.Table.from_pylist(rows, schema=TABLES[name].arrow_schema())
            for name, rows in (("frames", frames), ("videos", videos))
        }
        store.commit(video, "frames", tables, model=None, settings={})
    store.update_manifest(embed_model="stand-in", embed_dim=2)
    siglip = tools.get("siglip")
    with vqdb.connect(tmp_path, progress=False) as corpus:
        corpus.sql_unchecked("CREATE OR REPLACE MACRO vq_text_vector(q) AS [1.0, 0.0]::FLOAT[2]")
        cursor, asked = corpus.cursor_unchecked(), []

        class Counted:
            def sql(self, sql, params=None):
                asked.append(sql)
                return cursor.sql(sql, params=params)

        videos = [VideoFrames.load(cursor, v, k=3) for v in ("a", "b", "unembedded", "c")]
        alone = [siglip.frame_evidence(video, "a dog").score for video in videos]
        together = siglip.frame_evidence_each([dataclasses.replace(v, con=Counted()) for v in videos], "a dog")
    assert len(asked) == 1
    assert [np.isnan(scores).all() for scores in alone] == [False, False, True, False]
    for one, other in zip(alone, (found.score for found in together), strict=True):
        np.testing.assert_array_equal(one, other)
