"""The embed and regions extractors end to end with a tiny SigLIP: real clip -> tables -> SQL."""

from __future__ import annotations

import numpy as np
import pytest

import vqdb
from vqdb.config import Config
from vqdb.ingest import extractors
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.extractors.embed import EmbedExtractor
from vqdb.ingest.extractors.regions import RegionsExtractor
from vqdb.ingest.frames import sample_frames_table
from vqdb.ingest.probe import probe
from vqdb.schema import TABLES
from vqdb.testing.tiny import build_tiny_siglip


@pytest.fixture(scope="module")
def config(tmp_path_factory) -> Config:
    model = build_tiny_siglip(tmp_path_factory.mktemp("tiny-siglip"))
    return Config(embed_model=str(model), progress=False, thumb_max_side=128)


@pytest.fixture(scope="module")
def clip_context(sample_media, config) -> VideoContext:
    path = sample_media / "cockatoo.mp4"
    info = probe(path)
    frames, _mode = sample_frames_table("cockatoo", info, config)
    return VideoContext(video_id="cockatoo", path=path, info=info, frames=frames, config=config)


def test_registered_and_available_with_a_model(config):
    assert extractors.get("embed") is EmbedExtractor
    assert extractors.get("regions") is RegionsExtractor
    assert EmbedExtractor.unavailable_reason(config) is None


def test_unavailable_reason_says_how_to_provide_a_model(tmp_path):
    reason = RegionsExtractor.unavailable_reason(Config(embed_model=str(tmp_path / "missing")))
    assert "missing" in reason and "VQDB_EMBED_MODEL" in reason
    assert EmbedExtractor.unavailable_reason(Config(embed_model=str(tmp_path / "missing"))) == reason


def test_embed_writes_one_unit_vector_per_sampled_frame(clip_context, config):
    extractor = EmbedExtractor(config)
    output = extractor.run(clip_context)
    table = output.tables["frame_embeddings"]
    frames = clip_context.frames
    assert table.schema == TABLES["frame_embeddings"].arrow_schema(extractor.dim)
    assert table.num_rows == frames.num_rows >= 13  # a 14 s clip at 1 fps
    assert table["frame_idx"].to_pylist() == frames["frame_idx"].to_pylist()
    assert table["ts"].to_pylist() == frames["ts"].to_pylist()
    assert set(table["model"].to_pylist()) == {output.model} == {str(config.embed_model)}
    vectors = np.stack(table["emb"].to_numpy(zero_copy_only=False))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-5)
    assert output.settings["embed_model"] == output.model


def test_regions_embed_each_crop_and_region_zero_is_the_whole_frame(clip_context, config):
    frames = EmbedExtractor(config).run(clip_context).tables["frame_embeddings"]
    regions = RegionsExtractor(config).run(clip_context).tables["regions"]
    assert regions.num_rows == 6 * frames.num_rows
    assert regions["region_id"].to_pylist()[:6] == list(range(6))
    assert regions["box"].to_pylist()[0] == {"x0": 0.0, "y0": 0.0, "x1": 1.0, "y1": 1.0}
    whole = regions.filter(np.array(regions["region_id"].to_pylist()) == 0)
    np.testing.assert_allclose(
        np.stack(whole["emb"].to_numpy(zero_copy_only=False)),
        np.stack(frames["emb"].to_numpy(zero_copy_only=False)),
        atol=1e-5,
    )
    tiles = np.stack(regions["emb"].to_numpy(zero_copy_only=False))[1:6]
    assert np.abs(tiles - tiles[0]).max() > 1e-3  # different crops, different vectors


def test_grid_setting_changes_the_number_of_regions(clip_context, config):
    output = RegionsExtractor(config.replace(region_grid=3, region_center_crop=False)).run(clip_context)
    assert output.tables["regions"].num_rows == 10 * clip_context.frames.num_rows
    assert output.settings["region_grid"] == 3


def test_ingest_records_the_model_and_similarity_works_in_sql(tmp_path, sample_media, config):
    with vqdb.connect(tmp_path / "corpus", config) as corpus:
        summary = corpus.ingest(sample_media / "cockatoo.mp4", extractors=("embed", "regions"))
        assert "failed 0" in str(summary)
        manifest = corpus.store.manifest()
        assert manifest["embed_model"] == config.embed_model and manifest["embed_dim"] == 32
        rows = corpus.sql(
            "SELECT frame_idx, similarity(emb, 'a white bird') AS score FROM frame_embeddings ORDER BY score DESC"
        ).fetchall()
        stored = corpus.sql("SELECT frame_idx, emb FROM frame_embeddings").fetchall()
    query = EmbedExtractor(config).embedder.embed_texts(["a white bird"])[0]
    expected = sorted(((float(np.dot(emb, query)), idx) for idx, emb in stored), reverse=True)
    assert [idx for idx, _ in rows] == [idx for _, idx in expected]
    np.testing.assert_allclose([s for _, s in rows], [s for s, _ in expected], atol=1e-5)
