"""Sentence embeddings stored at ingest: the vectors ``text_embed`` makes in SQL, each distinct text once."""

from __future__ import annotations

import numpy as np
import pytest

import vqdb
from vqdb.config import Config
from vqdb.ingest.sentence_vectors import with_sentence_vectors
from vqdb.schema import SENTENCE_DIM, TABLES
from vqdb.testing.corpora import empty_corpus

CUES = ["Hello there.", None, "Hello there.", "The train to Edinburgh is cancelled."]


def cues(texts: list[str | None]):
    rows = [
        {"video_id": "v", "cue_id": i, "start_s": float(i), "end_s": i + 1.0, "text": t} for i, t in enumerate(texts)
    ]
    return TABLES["subtitles"].from_rows(rows)


def test_each_text_gets_the_vector_text_embed_makes_and_a_null_text_none(sentences_embedded):
    table = with_sentence_vectors(cues(CUES), Config())
    assert table.schema == TABLES["subtitles"].arrow_schema()
    assert sentences_embedded == ["Hello there.", "The train to Edinburgh is cancelled."]  # each distinct text once
    stored = table.column("text_emb").to_pylist()
    assert stored[1] is None and stored[0] == stored[2]
    with vqdb.connect(empty_corpus()) as corpus:
        queried = corpus.sql("SELECT text_embed(t) FROM unnest(?) AS u(t)", params=[CUES]).fetchall()
    for mine, (theirs,) in zip(stored, queried, strict=True):
        if mine is None:
            assert theirs is None
        else:
            assert np.linalg.norm(mine) == pytest.approx(1.0, abs=1e-5)
            np.testing.assert_allclose(mine, theirs, atol=1e-6)


def test_no_text_loads_no_model(monkeypatch):
    from vqdb.models import registry

    def unavailable(config):
        raise AssertionError("the sentence embedder was loaded")

    monkeypatch.setattr(registry, "sentence_embedder", unavailable)
    assert with_sentence_vectors(cues([]), Config()).num_rows == 0
    assert with_sentence_vectors(cues([None]), Config()).column("text_emb").to_pylist() == [None]


def test_the_stored_columns_have_the_text_models_dimension():
    from vqdb.models import registry

    assert registry.provider_class("text", Config()).dim == SENTENCE_DIM
    for name in ("transcript_segments", "subtitles"):
        assert TABLES[name].arrow_schema().field("text_emb").type.list_size == SENTENCE_DIM
