"""Text evidence near keyframes (committed rows), keyframes from any table, and a real clip answered end to end."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest

from vqdb.answer.evidence import Keyframe, as_keyframes, gather_evidence
from vqdb.errors import VqdbError


def test_gather_evidence_near_keyframes(corpus):
    evidence = gather_evidence(corpus, [Keyframe("vid1", 5, 5.0), Keyframe("vid1", 11, 11.0)], 1.0)
    assert [(e.source, e.text, e.keyframe_ts) for e in evidence] == [
        ("ocr", "EXIT", 5.0),
        ("transcript", "The quick brown fox jumps over the fence.", 11.0),
    ]
    everything = gather_evidence(corpus, [Keyframe("vid1", i, float(i)) for i in range(0, 20, 2)], 1.0)
    assert {e.source for e in everything} == {"ocr", "transcript", "subtitle", "audio"}
    assert "sound: Dog" in [e.text for e in everything]


def test_keyframes_from_arrow_and_bad_rows():
    table = pa.table({"video_id": ["v", "v"], "frame_idx": [2, 1], "ts": [1.0, 0.5], "score": [0.1, None]})
    assert as_keyframes(table) == [Keyframe("v", 1, 0.5), Keyframe("v", 2, 1.0, 0.1)]
    with pytest.raises(VqdbError, match="needs video_id, frame_idx and ts"):
        as_keyframes([{"video_id": "v"}])


@pytest.fixture(scope="module")
def movie_hello(shared_data, tmp_path_factory):
    """movie-hello.mp4 ingested with real EasyOCR (0.25 fps: 3 frames keep it short)."""
    import vqdb

    corpus = vqdb.connect(tmp_path_factory.mktemp("movie-hello"), progress=False, sample_fps=0.25)
    summary = corpus.ingest(shared_data / "video" / "movie-hello.mp4", extractors=["ocr"])
    assert "failed 0" in str(summary), str(summary)
    yield corpus
    corpus.close()


@pytest.mark.slow
def test_real_clip_title_question(movie_hello):
    from vqdb.answer import answer

    options = ["Goodbye moon", "Game over", "Hello world", "Welcome home"]
    result = answer(
        movie_hello,
        "What does the title say?",
        options=options,
        video="movie-hello.mp4",
        k=4,
        retrieval="uniform",
        cache=False,
    )
    assert (result.answer, result.answer_text) == ("C", "Hello world")
    assert result.answerer == "evidence-only" and result.confidence > 0.4 and not result.low_confidence
    assert any("evidence-only answerer" in note for note in result.notes)
    assert any(e.source == "ocr" and "hello" in e.text.lower() for e in result.evidence)
    open_ended = answer(
        movie_hello, "What does the title say?", video="movie-hello.mp4", k=4, retrieval="uniform", cache=False
    )
    assert "hello world" in open_ended.answer.lower()


@pytest.mark.slow
def test_real_clip_a_when_question_gets_a_span_not_a_text(movie_hello):
    from vqdb.answer import answer

    result = answer(movie_hello, "When is the title 'Hello world' shown?", video="movie-hello.mp4", k=4, cache=False)
    assert result.interval is not None and result.interval["end_s"] > result.interval["start_s"], str(result)
    assert json.loads(result.answer) == [round(result.interval["start_s"], 2), round(result.interval["end_s"], 2)]
    assert any("hello" in e.text.lower() for e in result.evidence), str(result)
