"""SQL vlm_answer(video, question, options, k) over a corpus with committed frames and OCR rows."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from PIL import Image

import vqdb
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus


def _commit(corpus, extractor, **rows):
    tables = {t.name: t.from_rows(rows.get(t.name, [])) for t in TABLES.values() if t.extractor == extractor}
    Store.open(corpus.root, writable=True).commit("vid1", extractor, tables, model="test rows", settings={})


def _jpeg():
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (10, 200, 10)).save(buf, "JPEG")
    return buf.getvalue()


@pytest.fixture
def corpus(tmp_path, monkeypatch):
    monkeypatch.delenv("VQDB_VLM_MODEL", raising=False)  # the evidence-only answerer
    corpus = vqdb.connect(empty_corpus(tmp_path / "c"), progress=False)
    video = {"video_id": "vid1", "path": "/v/clip.mp4", "duration_s": 8.0, "ingested_at": datetime.now(UTC)}
    frames = [{"video_id": "vid1", "frame_idx": i, "ts": float(i), "jpeg": _jpeg()} for i in range(8)]
    _commit(corpus, "frames", videos=[video], frames=frames)
    span = {
        "video_id": "vid1",
        "span_id": 0,
        "start_s": 0.0,
        "end_s": 8.0,
        "text": "Hello world",
        "max_confidence": 0.9,
    }
    _commit(corpus, "ocr", ocr_spans=[span])
    yield corpus
    corpus.close()


def test_vlm_answer_in_sql(corpus):
    options = ["Goodbye moon", "Hello world", "Game over"]
    row = corpus.sql(
        "SELECT a.answer, a.answer_text, a.confidence, a.answerer, a.clue_intervals, a.evidence, a.cached "
        "FROM (SELECT vlm_answer('clip.mp4', 'What does the title say?', ?, 2) AS a)",
        params=[options],
    ).fetchone()
    answer, answer_text, confidence, answerer, clues, evidence, cached = row
    assert (answer, answer_text, answerer, cached) == ("B", "Hello world", "evidence-only", False)
    assert confidence > 0.9  # the margin of the option read over the others
    assert clues and all(0.0 <= s < e <= 8.0 for s, e in clues)
    assert json.loads(evidence)[0]["text"] == "Hello world"
    again = corpus.sql("SELECT vlm_answer('vid1', 'What does the title say?', ?, 2).cached", params=[options])
    assert again.fetchone() == (True,)
    flag = corpus.sql("SELECT vlm_answer('vid1', 'What does the title say?', ?, 2).low_confidence", params=[options])
    assert flag.fetchone() == (False,)


def test_open_ended_and_null_question(corpus):
    rows = corpus.sql(
        "SELECT q, vlm_answer('vid1', q, NULL, NULL).answer FROM (VALUES ('What is written?'), (NULL)) t(q) ORDER BY q"
    ).fetchall()
    assert rows == [("What is written?", "Hello world"), (None, None)]
