"""The embedding tool base: a visual tool is its vocabulary and table; the base gives its SQL and arrays."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.tools.embedding import EmbeddingTool


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
