"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests try the same examples on every run (a hash of the test seeds them), so a failure seen once
# fails again, here and in CI. `HYPOTHESIS_PROFILE=explore pytest ...` draws new examples each run, to look
# for counterexamples; turn one it finds into an `@example`.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"
SAMPLE_MEDIA = REPO / "sample_media"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` beside the checkout; tests that need it skip when it is absent (a user's clone)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real test media not found at {SHARED_DATA} (only the project workspace has ../shared)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def sample_media() -> Path:
    """The bundled, redistributable sample clips."""
    return SAMPLE_MEDIA


@pytest.fixture
def sentences_embedded(monkeypatch) -> list[str]:
    """The texts the sentence embedder (the real MiniLM) embeds from now on, in order: at ingest
    (``text_emb``) and in SQL (``text_embed``)."""
    from vqdb.config import Config
    from vqdb.models import registry

    embedded: list[str] = []
    model = registry.sentence_embedder(Config())

    class Counting:
        model_id, dim = model.model_id, model.dim

        def embed_texts(self, texts: list[str]):
            embedded.extend(texts)
            return model.embed_texts(texts)

    monkeypatch.setattr(registry, "sentence_embedder", lambda config: Counting())
    return embedded
