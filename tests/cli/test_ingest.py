"""vqdb ingest re-run: nothing stale when nothing changed; --only without paths reaches every video."""

import pytest

import vqdb
from vqdb.cli import main


def _ingest(capsys, *argv: str) -> str:
    assert main(["ingest", *argv, "--no-progress"]) == 0
    return capsys.readouterr().out


@pytest.fixture
def corpus(tmp_path, sample_media, capsys):
    root = tmp_path / "corpus"
    _ingest(capsys, str(root), str(sample_media / "birds.mp4"), "--with", "audio")
    return root


def test_a_rerun_with_the_same_settings_reports_nothing_stale(corpus, sample_media, capsys):
    # YAMNet records where it ran (cpu, int8): the configured device "auto" resolves to that, not stale
    rerun = _ingest(capsys, str(corpus), str(sample_media / "birds.mp4"), "--with", "audio")
    assert "skipped 1" in rerun and "stale" not in rerun
    forced = _ingest(capsys, str(corpus), str(sample_media / "birds.mp4"), "--only", "audio", "--force")
    assert "ingested 1" in forced and "stale" not in forced
    after = _ingest(capsys, str(corpus), str(sample_media / "birds.mp4"), "--with", "audio")
    assert "stale" not in after


def test_a_precision_the_extractor_does_not_use_is_not_stale(corpus, sample_media, capsys, monkeypatch):
    monkeypatch.setenv("VQDB_DEVICE", "cpu")
    monkeypatch.setenv("VQDB_PRECISION", "bf16")
    out = _ingest(capsys, str(corpus), str(sample_media / "birds.mp4"), "--with", "subtitles")
    assert "stale" not in out  # YAMNet stays on the CPU in int8 whatever precision says


def test_only_without_paths_adds_the_extractor_to_every_ingested_video(corpus, sample_media, capsys):
    _ingest(capsys, str(corpus), str(sample_media / "movie-hello.mp4"), "--with", "audio")
    out = _ingest(capsys, str(corpus), "--only", "subtitles")
    assert "ingested 2" in out
    with vqdb.connect(corpus) as opened:
        done = opened.sql("SELECT count(DISTINCT video_id) FROM extractions WHERE extractor = 'subtitles'")
        assert done.fetchone()[0] == 2


def test_ingest_without_paths_or_only_says_what_to_give(corpus, capsys):
    assert main(["ingest", str(corpus), "--no-progress"]) == 1
    assert "--only LIST" in capsys.readouterr().err
