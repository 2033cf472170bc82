"""The subtitles extractor on a real video with the shared .srt beside it."""

from __future__ import annotations

import shutil

import duckdb
import numpy as np

from vqdb.config import Config
from vqdb.ingest import extractors
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.probe import probe
from vqdb.models import registry
from vqdb.schema import TABLES


def run(path):
    ctx = VideoContext("v1", path, probe(path), TABLES["frames"].from_rows([]), Config())
    return extractors.get("subtitles")(Config()).run(ctx)


def test_sidecar_srt_becomes_the_subtitles_table(shared_data, tmp_path):
    video = tmp_path / "smpte.mp4"
    shutil.copyfile(shared_data / "video" / "smpte-2997.mp4", video)
    shutil.copyfile(shared_data / "video" / "subtitles.srt", tmp_path / "smpte.en.srt")
    output = run(video)
    table = output.tables["subtitles"]
    assert output.error is None and output.model == "sentence-transformers/all-MiniLM-L6-v2"
    assert table.schema == TABLES["subtitles"].arrow_schema()
    assert table.num_rows == 5 and set(table.column("source").to_pylist()) == {"smpte.en.srt"}
    con = duckdb.connect()
    con.register("subtitles", table)
    assert con.sql("SELECT start_s, end_s FROM subtitles WHERE text ILIKE '%green%'").fetchall() == [(5.0, 6.0)]
    stored = np.array(table.column("text_emb").to_pylist(), np.float32)
    expected = registry.sentence_embedder(Config()).embed_texts(table.column("text").to_pylist())
    np.testing.assert_allclose(stored, expected, atol=1e-6)  # each cue's MiniLM embedding, stored with it


def test_no_sidecar_gives_an_empty_table(shared_data):
    output = run(shared_data / "video" / "smpte-2997.mp4")
    assert output.rows == 0 and output.error is None


def test_an_unreadable_sidecar_is_reported_and_others_still_load(shared_data, tmp_path):
    video = tmp_path / "clip.mp4"
    shutil.copyfile(shared_data / "video" / "birds.mp4", video)
    (tmp_path / "clip.srt").write_text("1\nhalf past --> later\nNo\n")
    (tmp_path / "clip.fr.srt").write_text("1\n00:00:00,100 --> 00:00:00,900\nOiseaux\n")
    output = run(video)
    assert output.tables["subtitles"].column("text").to_pylist() == ["Oiseaux"]
    assert "clip.srt" in output.error


def test_one_sidecar_per_language_is_stored(shared_data, tmp_path):
    # manifesto.srt and manifesto.vtt are the same speech: storing both would show each line twice
    video = tmp_path / "talk.mp4"
    shutil.copyfile(shared_data / "video" / "birds.mp4", video)
    shutil.copyfile(shared_data / "video" / "manifesto.srt", tmp_path / "talk.srt")
    shutil.copyfile(shared_data / "video" / "manifesto.vtt", tmp_path / "talk.vtt")
    (tmp_path / "talk.fr.srt").write_text("1\n00:00:00,100 --> 00:00:00,900\nOiseaux\n")
    table = run(video).tables["subtitles"]
    assert sorted(set(table.column("source").to_pylist())) == ["talk.fr.srt", "talk.vtt"]
    assert table.num_rows == 38


def test_an_unreadable_webvtt_falls_back_to_the_srt_of_its_language(shared_data, tmp_path):
    video = tmp_path / "clip.mp4"
    shutil.copyfile(shared_data / "video" / "birds.mp4", video)
    (tmp_path / "clip.vtt").write_text("WEBVTT\n\nhalf past --> later\nNo\n")
    (tmp_path / "clip.srt").write_text("1\n00:00:00,100 --> 00:00:00,900\nBirds\n")
    output = run(video)
    assert output.tables["subtitles"].column("source").to_pylist() == ["clip.srt"]
    assert "clip.vtt" in output.error
