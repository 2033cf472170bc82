"""all-MiniLM-L6-v2 from the bundled package: offline, 384-d, normalized, meaning-aware."""

from __future__ import annotations

import numpy as np
import pytest

from vqdb.config import Config
from vqdb.models import registry
from vqdb.models.minilm import MiniLM, model_path
from vqdb.models.protocols import TextEmbedder


@pytest.fixture(scope="module")
def model():
    return registry.sentence_embedder(Config())  # from the package folder, local_files_only: no network call


def test_registered_and_a_text_embedder(model):
    assert registry.get("text", "minilm") is MiniLM
    assert isinstance(model, MiniLM) and isinstance(model, TextEmbedder)
    assert (model_path() / "model.safetensors").is_file()


def test_vectors_are_384_d_float32_and_normalized(model):
    vectors = model.embed_texts(["Hello world", "ask not what your country can do for you"])
    assert vectors.shape == (2, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_similar_meanings_are_closer(model):
    dog, puppy, stocks = model.embed_texts(["a dog barks", "a puppy is barking", "the stock market fell"])
    assert dog @ puppy > 0.6 > dog @ stocks + 0.3


def test_empty_list(model):
    assert model.embed_texts([]).shape == (0, 384)


def test_shared_model_is_loaded_once(model):
    assert registry.sentence_embedder(Config(sample_fps=2.0)) is model
