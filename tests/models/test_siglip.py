"""The SigLIP/CLIP provider, driven offline through a tiny randomly initialised checkpoint."""

from __future__ import annotations

import numpy as np
import pytest

from vqdb.config import Config
from vqdb.errors import ModelUnavailableError, VqdbError
from vqdb.models import registry, siglip
from vqdb.models.protocols import ImageTextEmbedder
from vqdb.models.siglip import SiglipEmbedder
from vqdb.testing.tiny import build_tiny_siglip


@pytest.fixture(scope="module")
def tiny_dir(tmp_path_factory):
    return build_tiny_siglip(tmp_path_factory.mktemp("tiny-siglip"))


@pytest.fixture(scope="module")
def embedder(tiny_dir):
    return SiglipEmbedder(tiny_dir, batch_size=3)


def _images(count: int) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [rng.integers(0, 256, (24 + 8 * i, 40, 3), dtype=np.uint8) for i in range(count)]


def test_tiny_checkpoint_is_small_and_deterministic(tmp_path, tiny_dir):
    size = sum(f.stat().st_size for f in tiny_dir.iterdir())
    assert size < 5_000_000
    again = build_tiny_siglip(tmp_path / "again")
    assert (again / "model.safetensors").read_bytes() == (tiny_dir / "model.safetensors").read_bytes()


def test_embeds_images_and_texts_into_unit_vectors(embedder, tiny_dir):
    assert isinstance(embedder, ImageTextEmbedder)
    assert embedder.model_id == str(tiny_dir.resolve())
    assert embedder.dim == 32
    images = embedder.embed_images(_images(7))
    texts = embedder.embed_texts(["a photo of a dog", "a red car", "sky"])
    assert images.shape == (7, 32) and texts.shape == (3, 32)
    assert images.dtype == np.float32 and texts.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(images, axis=1), 1, atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(texts, axis=1), 1, atol=1e-5)
    assert len({tuple(np.round(v, 4)) for v in images}) == 7  # different images, different vectors


def test_results_do_not_depend_on_batching_or_loading(embedder, tiny_dir):
    images = _images(7)
    other = SiglipEmbedder(tiny_dir, batch_size=16)
    np.testing.assert_allclose(embedder.embed_images(images), other.embed_images(images), atol=1e-5)
    alone = embedder.embed_texts(["dog"])[0]
    with_long_neighbour = embedder.embed_texts(["dog", "a photo of a big red car on the road"])[0]
    np.testing.assert_allclose(alone, with_long_neighbour, atol=1e-5)  # padded to max_length, not longest


def test_texts_are_padded_to_the_trained_length(embedder):
    assert embedder.max_text_tokens == 64


def test_empty_inputs_give_empty_arrays(embedder):
    assert embedder.embed_images([]).shape == (0, 32)
    assert embedder.embed_texts([]).shape == (0, 32)


def test_bad_image_is_a_clear_error(embedder):
    with pytest.raises(VqdbError, match=r"image 0: expected an RGB uint8 array"):
        embedder.embed_images([np.zeros((8, 8), np.float32)])


def test_registered_for_siglip_and_clip():
    assert registry.get("image_text", "siglip") is SiglipEmbedder
    assert registry.get("image_text", "clip") is SiglipEmbedder


def test_clip_checkpoints_load_through_the_same_path(tmp_path):
    clip = SiglipEmbedder(build_tiny_siglip(tmp_path / "clip", family="clip", dim=24))
    assert clip.dim == 24 and clip.max_text_tokens == 77
    vectors = clip.embed_images(_images(2))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-5)


def test_hub_ids_and_paths_are_told_apart(tmp_path, monkeypatch):
    for variable in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):  # the test script sets them
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(siglip, "_in_hub_cache", lambda repo_id: False)
    monkeypatch.setattr(siglip, "hub_reachable", lambda timeout=2.0: False)
    with pytest.raises(ModelUnavailableError, match=r"hub cannot be reached"):
        SiglipEmbedder("openai/clip-vit-base-patch32")
    with pytest.raises(ModelUnavailableError, match=r"no model directory at"):
        SiglipEmbedder("./models/siglip/")


def test_missing_directory_says_how_to_provide_a_model(tmp_path):
    with pytest.raises(ModelUnavailableError, match=r"VQDB_EMBED_MODEL") as error:
        SiglipEmbedder(tmp_path / "no-such-model")
    assert "no-such-model" in str(error.value)


def test_hub_id_offline_fails_fast_with_instructions(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(siglip, "_in_hub_cache", lambda repo_id: False)
    with pytest.raises(ModelUnavailableError, match=r"HF_HUB_OFFLINE is set.*embed_model"):
        SiglipEmbedder("google/siglip2-base-patch16-224")


def test_unreachable_hub_is_not_retried(monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    monkeypatch.setattr(siglip, "_in_hub_cache", lambda repo_id: False)
    monkeypatch.setattr(siglip, "hub_reachable", lambda timeout=2.0: False)
    with pytest.raises(ModelUnavailableError, match=r"hub cannot be reached"):
        SiglipEmbedder("google/siglip2-base-patch16-224")


_CHECK_IN_A_FRESH_PROCESS = """
import json, sys
from vqdb.config import Config
from vqdb.models import registry
reason = registry.unavailable_reason("image_text", Config(embed_model=sys.argv[1])) if sys.argv[2] == "registry" else (
    registry.provider_class("image_text", Config()).unavailable_reason(Config(embed_model=sys.argv[1]))
)
print(json.dumps({"reason": reason, "imported": sorted({"torch", "transformers"} & set(sys.modules))}))
"""


def _check_in_a_fresh_process(model: str, hub_cache, how: str = "registry") -> dict:
    """What the availability check says in a new process (HF_HUB_CACHE: ``hub_cache``), and which of torch and
    transformers it imported."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_HUB_CACHE": str(hub_cache)}
    argv = [sys.executable, "-c", _CHECK_IN_A_FRESH_PROCESS, model, how]
    return json.loads(subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout)


def _hub_cache_with(cache, repo_id: str, files: list[str]):
    """A Hugging Face cache (the hub's own layout) holding ``files`` of ``repo_id``'s main revision."""
    repo = cache / f"models--{repo_id.replace('/', '--')}"
    snapshot = repo / "snapshots" / "0123456789abcdef0123456789abcdef01234567"
    snapshot.mkdir(parents=True)
    for name in files:
        (snapshot / name).write_text("{}")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(snapshot.name)
    return cache


def test_a_missing_hub_model_is_known_without_importing_torch(tmp_path):
    found = _check_in_a_fresh_process("google/siglip2-base-patch16-224", tmp_path)
    assert found["imported"] == []
    assert (
        "'google/siglip2-base-patch16-224': it is not in the Hugging Face cache and HF_HUB_OFFLINE" in found["reason"]
    )
    assert "VQDB_EMBED_MODEL=DIR" in found["reason"]  # as helpful as the failed load was


def test_the_hub_cache_needs_the_config_and_the_weights(tmp_path):
    config_only = _hub_cache_with(tmp_path / "config-only", "acme/vision", ["config.json"])
    found = _check_in_a_fresh_process("acme/vision", config_only, how="class")
    assert "not in the Hugging Face cache" in found["reason"] and found["imported"] == []
    complete = _hub_cache_with(tmp_path / "complete", "acme/vision", ["config.json", "model.safetensors"])
    assert _check_in_a_fresh_process("acme/vision", complete, how="class") == {"reason": None, "imported": []}


def test_a_local_model_is_available_without_importing_torch(tiny_dir, tmp_path):
    assert _check_in_a_fresh_process(str(tiny_dir), tmp_path, how="class") == {"reason": None, "imported": []}


def test_a_directory_without_config_or_weights_says_what_it_lacks(tmp_path):
    (tmp_path / "empty").mkdir()
    assert "has no config.json" in SiglipEmbedder.unavailable_reason(Config(embed_model=str(tmp_path / "empty")))
    (tmp_path / "no-weights").mkdir()
    (tmp_path / "no-weights" / "config.json").write_text("{}")
    reason = SiglipEmbedder.unavailable_reason(Config(embed_model=str(tmp_path / "no-weights")))
    assert "has config.json but no weights (model.safetensors or pytorch_model.bin)" in reason
    assert "VQDB_EMBED_MODEL=DIR" in reason
