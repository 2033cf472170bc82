"""Ingest as a whole: idempotent, resumable after a crash or a kill, per-file errors collected."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import vqdb
from vqdb.errors import ConfigError, VqdbError
from vqdb.ingest.runner import expand_paths, resolve_extractors
from vqdb.store import Store

CLIPS = ["birds.mp4", "cockatoo.mp4", "movie-hello.mp4"]


def _paths(sample_media: Path) -> list[Path]:
    return [sample_media / name for name in CLIPS]


def _content(root: Path) -> dict[str, list]:
    """Everything visible in the corpus, minus commit times, in a canonical order."""
    with vqdb.connect(root, progress=False) as corpus:
        frames = corpus.sql("SELECT video_id, frame_idx, ts, source_frame, md5(jpeg::VARCHAR) FROM frames ORDER BY ALL")
        videos = corpus.sql("SELECT * EXCLUDE (ingested_at) FROM videos ORDER BY video_id")
        return {"frames": frames.fetchall(), "videos": videos.fetchall()}


def test_reingest_adds_no_rows(tmp_path, sample_media):
    corpus = vqdb.connect(tmp_path, progress=False)
    first = corpus.ingest(_paths(sample_media), extractors=())
    assert len(first.ingested) == 3 and first.ok
    before = _content(tmp_path)
    again = corpus.ingest([str(sample_media / "*.mp4")], extractors=())
    assert len(again.ingested) == 0 and len(again.skipped) == 3
    assert _content(tmp_path) == before
    assert Store.create(tmp_path).count("frames") == len(before["frames"])  # nothing hidden either


def test_a_crash_mid_ingest_leaves_nothing_half_written_and_a_rerun_completes(tmp_path, sample_media, monkeypatch):
    reference = tmp_path / "reference"
    vqdb.connect(reference, progress=False).ingest(_paths(sample_media), extractors=())

    crashed = tmp_path / "crashed"
    real_commit = Store.commit
    calls = {"n": 0}

    def crash_on_third_commit(self, video_id, extractor, tables, **kw):
        calls["n"] += 1
        if calls["n"] == 3:
            # write part of the video's rows, then die before the commit finishes
            self.append("frames", tables["frames"].slice(0, 2))
            raise KeyboardInterrupt("simulated kill")
        return real_commit(self, video_id, extractor, tables, **kw)

    monkeypatch.setattr(Store, "commit", crash_on_third_commit)
    with pytest.raises(KeyboardInterrupt):
        vqdb.connect(crashed, progress=False).ingest(_paths(sample_media), extractors=())
    monkeypatch.setattr(Store, "commit", real_commit)
    partial = _content(crashed)
    assert len(partial["videos"]) == 2
    assert {r[0] for r in partial["frames"]} == {r[0] for r in partial["videos"]}  # no orphan frames visible

    summary = vqdb.connect(crashed, progress=False).ingest(_paths(sample_media), extractors=())
    assert len(summary.ingested) == 1 and len(summary.skipped) == 2
    assert _content(crashed) == _content(reference)
    assert Store.create(crashed).count("frames") == Store.create(reference).count("frames")  # the orphan rows are gone


def test_killing_the_cli_and_rerunning_gives_the_rows_of_an_uninterrupted_run(tmp_path, sample_media):
    paths = [str(p) for p in _paths(sample_media)]
    reference = tmp_path / "reference"
    vqdb.connect(reference, progress=False).ingest(paths, extractors=())

    killed = tmp_path / "killed"
    command = [sys.executable, "-m", "vqdb", "ingest", str(killed), *paths, "--with", "", "--no-progress"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if (killed / "extractions.lance").exists() and Store.create(killed).count("extractions") >= 1:
            break
        time.sleep(0.05)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL, "the ingest finished before it could be killed"

    rerun = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    assert _content(killed) == _content(reference)


def test_bad_files_are_reported_and_the_others_go_on(tmp_path, sample_media):
    broken = tmp_path / "broken.mp4"
    broken.write_bytes(b"\x00\x00\x00\x18ftypmp42" + os.urandom(4000))
    summary = vqdb.connect(tmp_path / "c", progress=False).ingest([broken, sample_media / "birds.mp4"], extractors=())
    assert [Path(p).name for p, _ in summary.failed] == ["broken.mp4"]
    assert "broken.mp4" in summary.failed[0][1]
    assert len(summary.ingested) == 1
    assert "FAILED" in str(summary)


def test_parallel_jobs_give_the_same_rows(tmp_path, sample_media):
    one = tmp_path / "one"
    two = tmp_path / "two"
    vqdb.connect(one, progress=False).ingest(_paths(sample_media), extractors=())
    summary = vqdb.connect(two, progress=False, jobs=2).ingest(_paths(sample_media), extractors=())
    assert summary.ok and len(summary.ingested) == 3
    assert _content(one) == _content(two)


def test_paths_that_match_nothing_are_named(tmp_path):
    with pytest.raises(VqdbError, match="nothing-here"):
        expand_paths([str(tmp_path / "nothing-here" / "*.mp4")])
    with pytest.raises(VqdbError, match="missing.mp4"):
        expand_paths([tmp_path / "missing.mp4"])


def test_a_missing_model_is_said_once_and_naming_its_extractor_is_an_error(tmp_path):
    config = vqdb.Config(embed_model=str(tmp_path / "no-model-here"))
    runnable, notices = resolve_extractors(config, None)
    assert "embed" not in runnable and "regions" not in runnable and "subtitles" in runnable
    assert len([n for n in notices if "no-model-here" in n]) == 1
    assert notices[0].startswith("embed, regions skipped:") and "VQDB_EMBED_MODEL" in notices[0]
    with pytest.raises(ConfigError, match="extractor 'embed' cannot run"):
        resolve_extractors(config, ["embed"])


def test_asking_for_cuda_without_one_fails_before_anything_is_read(tmp_path, sample_media, monkeypatch):
    from vqdb.models import device

    monkeypatch.setattr(device, "cuda_device_count", lambda: 0)
    with pytest.raises(ConfigError, match="torch sees no CUDA device"):
        vqdb.connect(tmp_path, progress=False, device="cuda").ingest(_paths(sample_media), extractors=())
    store = Store.create(tmp_path)
    assert not store.exists("frames") or store.read("frames").num_rows == 0


def test_workers_take_one_gpu_each():
    from vqdb.config import Config
    from vqdb.ingest.runner import worker_devices

    assert worker_devices(Config(jobs=4, device="cuda"), gpus=4) == ["cuda:0", "cuda:1", "cuda:2", "cuda:3"]
    assert worker_devices(Config(jobs=2, device="cuda:1"), gpus=4) == ["cuda:1", "cuda:1"]
    assert worker_devices(Config(jobs=2), gpus=1) == ["auto", "auto"]
