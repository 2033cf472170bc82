"""``vqdb answer``: the command line over a corpus with committed frames and OCR rows."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from PIL import Image

import vqdb
from vqdb.cli import main
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus


def _commit(corpus, extractor, **rows):
    tables = {t.name: t.from_rows(rows.get(t.name, [])) for t in TABLES.values() if t.extractor == extractor}
    Store.open(corpus.root, writable=True).commit("vid1", extractor, tables, model="test rows", settings={})


@pytest.fixture
def corpus_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("VQDB_VLM_MODEL", raising=False)
    buf = io.BytesIO()
    Image.new("RGB", (16, 16)).save(buf, "JPEG")
    with vqdb.connect(empty_corpus(tmp_path / "c"), progress=False) as corpus:
        video = {"video_id": "vid1", "path": "/v/clip.mp4", "duration_s": 6.0, "ingested_at": datetime.now(UTC)}
        frames = [{"video_id": "vid1", "frame_idx": i, "ts": float(i), "jpeg": buf.getvalue()} for i in range(6)]
        _commit(corpus, "frames", videos=[video], frames=frames)
        span = {"video_id": "vid1", "span_id": 0, "start_s": 0.0, "end_s": 6.0, "text": "EXIT", "max_confidence": 0.9}
        _commit(corpus, "ocr", ocr_spans=[span])
    return str(tmp_path / "c")


def test_answer_command_text_and_json(corpus_dir, capsys):
    argv = [
        "answer",
        corpus_dir,
        "Which sign?",
        "--video",
        "clip.mp4",
        "--option",
        "A stop sign",
        "--option",
        "An exit sign",
        "-k",
        "2",
        "--retrieval",
        "uniform",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "answer:     B (An exit sign)" in out and "evidence-only" in out and "confidence: 0." in out
    assert main([*argv, "--format", "json", "--no-cache"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["answer"] == "B" and data["confidence"] > 0.4 and data["cached"] is False
    assert data["low_confidence"] is False and data["interval"] is None
    assert data["clue_intervals"] and data["evidence"][0]["text"] == "EXIT"


def test_answer_command_errors(corpus_dir, capsys):
    assert main(["answer", corpus_dir, "Which?", "--video", "nope.mp4", "--retrieval", "uniform"]) == 1
    assert "no video 'nope.mp4'" in capsys.readouterr().err
    assert main(["answer", corpus_dir, "Which?", "--backend", "gpt", "--retrieval", "uniform"]) == 1
    assert "unknown backend" in capsys.readouterr().err


def test_on_a_read_only_corpus_the_answer_is_printed_and_not_cached(corpus_dir, capsys, monkeypatch):
    """Finding 7: on a corpus the user may not write, the answer was lost to a PermissionError."""
    import os

    real_open = os.open

    def read_only(path, flags, *args):  # the corpus as on a read-only mount (root passes permission bits)
        if str(path).startswith(corpus_dir) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    argv = ["answer", corpus_dir, "Which sign?", "--video", "clip.mp4", "--option", "stop", "--option", "exit"]
    assert main([*argv, "-k", "2", "--retrieval", "uniform"]) == 0
    out = capsys.readouterr().out
    assert "answer:     B (exit)" in out and "answer not cached: [Errno 13] Permission denied" in out
