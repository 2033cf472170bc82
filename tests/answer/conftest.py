"""A small corpus with known frames and text, committed through the storage layer, and a scripted VLM."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from PIL import Image

import vqdb
from vqdb.models.protocols import ChatResult
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus

VIDEO = "vid1"
DURATION = 20.0


def jpeg_of(index: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (32, 24), (index * 12 % 256, 80, 255 - index * 12 % 256)).save(buf, "JPEG")
    return buf.getvalue()


def commit(corpus, extractor, **rows):
    tables = {t.name: t.from_rows(rows.get(t.name, [])) for t in TABLES.values() if t.extractor == extractor}
    Store.open(corpus.root, writable=True).commit(VIDEO, extractor, tables, model="test rows", settings={})


@pytest.fixture
def corpus(tmp_path):
    """20 s video ``vid1``: a frame per second; "Hello world" on screen 0-3 s, an "EXIT" sign 4-6 s,
    speech about a fox 10-12 s, a subtitle 14-16 s, a dog barking 17-18 s."""
    corpus = vqdb.connect(empty_corpus(tmp_path / "corpus"), progress=False)
    video = {
        "video_id": VIDEO,
        "path": "/videos/demo.mp4",
        "duration_s": DURATION,
        "fps": 25.0,
        "width": 32,
        "height": 24,
        "status": "complete",
        "errors": [],
        "ingested_at": datetime.now(UTC),
    }
    frames = [
        {"video_id": VIDEO, "frame_idx": i, "ts": float(i), "jpeg": jpeg_of(i), "width": 32, "height": 24}
        for i in range(int(DURATION))
    ]
    commit(corpus, "frames", videos=[video], frames=frames)
    span = {"video_id": VIDEO, "max_confidence": 0.9}
    reads = [(i, "Hello world") for i in range(0, 4)] + [(i, "EXIT") for i in range(4, 7)]
    commit(
        corpus,
        "ocr",
        ocr=[{"video_id": VIDEO, "frame_idx": i, "ts": float(i), "text": t, "confidence": 0.9} for i, t in reads],
        ocr_spans=[
            span | {"span_id": 0, "start_s": 0.0, "end_s": 3.0, "text": "Hello world"},
            span | {"span_id": 1, "start_s": 4.0, "end_s": 6.0, "text": "EXIT"},
        ],
    )
    segment = {"video_id": VIDEO, "seg_id": 0, "start_s": 10.0, "end_s": 12.0}
    commit(corpus, "asr", transcript_segments=[segment | {"text": " The quick brown fox jumps over the fence."}])
    cue = {"video_id": VIDEO, "cue_id": 0, "start_s": 14.0, "end_s": 16.0, "text": "Welcome to the show"}
    commit(corpus, "subtitles", subtitles=[cue])
    event = {"video_id": VIDEO, "start_s": 17.0, "end_s": 18.0, "label": "Dog", "max_score": 0.8, "mean_score": 0.6}
    commit(corpus, "audio", audio_events=[event])
    yield corpus
    corpus.close()


class ScriptedVLM:
    """A chat backend answering from a list of ChatResults, recording every call (for logic tests)."""

    name = "scripted:vlm"

    def __init__(self, *results: ChatResult):
        self.results = list(results)
        self.calls: list[dict] = []

    def complete(self, messages, **kwargs):
        self.calls.append({"messages": messages, **kwargs})
        return self.results.pop(0)


@pytest.fixture
def frame_jpeg():
    """The JPEG bytes the corpus fixture stored for a frame index."""
    return jpeg_of


@pytest.fixture
def scripted():
    return ScriptedVLM
