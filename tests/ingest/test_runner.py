"""Ingest as a whole: idempotent, resumable after a crash or a kill, per-file errors collected."""

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import vqdb
from vqdb.errors import ConfigError, VqdbError
from vqdb.ingest import extractors as extractor_registry
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
    assert Store.open(tmp_path).count("frames") == len(before["frames"])  # nothing hidden either


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
    assert Store.open(crashed).count("frames") == Store.open(reference).count("frames")  # the orphan rows are gone


def test_killing_the_cli_and_rerunning_gives_the_rows_of_an_uninterrupted_run(tmp_path, sample_media):
    paths = [str(p) for p in _paths(sample_media)]
    reference = tmp_path / "reference"
    vqdb.connect(reference, progress=False).ingest(paths, extractors=())

    killed = tmp_path / "killed"
    command = [sys.executable, "-m", "vqdb", "ingest", str(killed), *paths, "--with", "", "--no-progress"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if (killed / "corpus.json").exists() and Store.open(killed).count("extractions") >= 1:
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


def test_each_path_problem_is_that_paths_error_and_the_others_are_ingested(tmp_path, sample_media):
    """Finding 5: a dangling link, a directory named x.mp4 or a link loop aborted the whole batch."""
    (tmp_path / "dangling.mp4").symlink_to(tmp_path / "gone.mp4")
    (tmp_path / "folder.mp4").mkdir()
    (tmp_path / "loop-a.mp4").symlink_to(tmp_path / "loop-b.mp4")
    (tmp_path / "loop-b.mp4").symlink_to(tmp_path / "loop-a.mp4")
    named = ["dangling.mp4", "folder.mp4", "loop-a.mp4", "missing.mp4", "nothing-*.mp4"]
    summary = vqdb.connect(tmp_path / "c", progress=False).ingest(
        [*(tmp_path / n for n in named), sample_media / "birds.mp4"], extractors=()
    )
    assert len(summary.ingested) == 1
    reasons = {Path(path).name: why for path, why in summary.failed}
    assert set(reasons) == set(named)
    assert "broken symbolic link" in reasons["dangling.mp4"] and "no video files" in reasons["folder.mp4"]
    assert "link loop" in reasons["loop-a.mp4"] and "no such file" in reasons["missing.mp4"]
    assert "matches no file" in reasons["nothing-*.mp4"]
    found, problems = expand_paths([tmp_path])  # inside a directory: the loop and the link are files that fail
    assert {p.name for p in found} == {"dangling.mp4", "loop-a.mp4", "loop-b.mp4"} and problems == []


def test_a_directory_of_videos_is_never_made_a_corpus(tmp_path, sample_media):
    """Finding 2: vqdb ingest VIDEODIR CORPUS wrote a corpus into the video folder."""
    videos = tmp_path / "videos"
    videos.mkdir()
    (videos / "birds.mp4").write_bytes((sample_media / "birds.mp4").read_bytes())
    with pytest.raises(VqdbError, match="holds video files"):
        vqdb.connect(videos).ingest(tmp_path / "elsewhere", extractors=())
    assert not (videos / "corpus.json").exists() and sorted(p.name for p in videos.iterdir()) == ["birds.mp4"]


def test_a_new_sampling_rate_is_stale_until_forced_then_redoes_the_frames(tmp_path, sample_media):
    """Finding 5: --fps 2 --force on an ingested video silently kept 1 fps."""
    clip = tmp_path / "birds.mp4"
    clip.write_bytes((sample_media / "birds.mp4").read_bytes())
    clip.with_suffix(".srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nA bird\n")
    corpus = vqdb.connect(tmp_path / "c", progress=False)
    corpus.ingest(clip, extractors=("subtitles",))
    plain = corpus.ingest(clip, extractors=(), sample_fps=2.0)
    assert len(plain.skipped) == 1 and "sample_fps 1.0, now 2.0" in plain.stale[0][1] and "--force" in str(plain)
    before = dict(corpus.sql("SELECT extractor, finished_at FROM extractions").fetchall())
    forced = corpus.ingest(clip, extractors=(), sample_fps=2.0, force=True)
    assert len(forced.ingested) == 1 and not forced.stale
    assert corpus.sql("SELECT sample_fps, count(*) FROM videos JOIN frames USING (video_id) GROUP BY 1").fetchall() == [
        (2.0, 3)  # 0, 0.5 and 1.0 s of the 1.03 s clip
    ]
    assert Store.open(corpus.root).count("frames") == 3  # the 1 fps frames are gone, not hidden
    after = dict(corpus.sql("SELECT extractor, finished_at FROM extractions").fetchall())
    assert after["subtitles"] > before["subtitles"]  # redone too: its rows belong to the new frames


def test_a_video_read_the_older_way_is_stale_until_forced(tmp_path, sample_media, monkeypatch):
    """A reader that now finds more (OCR reading faint text) leaves corpora read before it stale, not silently
    behind: each extraction records its extractor's ``reading``, compared with the one installed."""
    clip = tmp_path / "birds.mp4"
    clip.write_bytes((sample_media / "birds.mp4").read_bytes())
    clip.with_suffix(".srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nA bird\n")
    corpus = vqdb.connect(tmp_path / "c", progress=False)
    corpus.ingest(clip, extractors=("subtitles",))
    assert corpus.sql("SELECT settings->>'reading' FROM extractions WHERE extractor = 'subtitles'").fetchall() == [
        ("1",)
    ]
    assert not corpus.ingest(clip, extractors=("subtitles",)).stale
    monkeypatch.setattr(extractor_registry.get("subtitles"), "reading", 2)
    plain = corpus.ingest(clip, extractors=("subtitles",))
    assert plain.stale == [(str(clip), "subtitles: read by an older reader (reading 1, now 2)")]
    forced = corpus.ingest(clip, extractors=("subtitles",), force=True)
    assert len(forced.ingested) == 1 and not forced.stale
    assert not corpus.ingest(clip, extractors=("subtitles",)).stale


def test_a_sidecar_added_changed_or_removed_after_ingest_is_read_again(tmp_path, sample_media):
    """A user who fetches subtitles after ingesting (or fixes them) re-runs ingest: the video's content is the
    same, so only the sidecar tells what changed; its subtitles are read again and the old cues replaced."""
    clip = tmp_path / "birds.mp4"
    clip.write_bytes((sample_media / "birds.mp4").read_bytes())
    corpus = vqdb.connect(tmp_path / "c", progress=False)

    def cues() -> list[str]:
        return [text for (text,) in corpus.sql("SELECT text FROM subtitles ORDER BY cue_id").fetchall()]

    corpus.ingest(clip, extractors=("subtitles",))
    assert cues() == []
    clip.with_suffix(".srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nA bird\n")
    added = corpus.ingest(clip, extractors=("subtitles",))
    assert len(added.ingested) == 1 and cues() == ["A bird"]
    assert any("subtitles read again (birds.srt added)" in note for note in added.notices)
    assert len(corpus.ingest(clip, extractors=("subtitles",)).skipped) == 1  # unchanged: nothing to do
    clip.with_suffix(".srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nTwo birds\n")
    changed = corpus.ingest(clip, extractors=("subtitles",))
    assert cues() == ["Two birds"] and "birds.srt changed" in str(changed)
    clip.with_suffix(".srt").unlink()
    corpus.ingest(clip, extractors=("subtitles",))
    assert cues() == []
    assert corpus.ingest(clip, extractors=()).skipped  # an ingest not asking for subtitles leaves them


def test_a_changed_file_at_the_same_path_replaces_the_old_video(tmp_path, sample_media):
    """Finding 5: a changed file at the same path kept both versions."""
    clip = tmp_path / "clip.mp4"
    clip.write_bytes((sample_media / "birds.mp4").read_bytes())
    corpus = vqdb.connect(tmp_path / "c", progress=False)
    old_id = corpus.ingest(clip, extractors=()).ingested[0][1]
    clip.write_bytes((sample_media / "cockatoo.mp4").read_bytes())
    new_id = corpus.ingest(clip, extractors=()).ingested[0][1]
    assert new_id != old_id
    assert corpus.sql("SELECT video_id, path FROM videos").fetchall() == [(new_id, str(clip))]
    store = Store.open(corpus.root)
    assert store.count("frames", f"video_id = '{old_id}'") == 0 and old_id not in store.finished()


def test_an_interrupted_index_build_is_redone_by_the_rerun(tmp_path, sample_media, monkeypatch):
    """Finding 4: an ingest killed while indexing left the full-text index unbuilt, and the re-run only said
    skipped (a table without its index is searched by a scan whose BM25 scores mix scales once indexed rows
    arrive)."""
    import vqdb.store.text_index as text_index

    videos = tmp_path / "videos"
    videos.mkdir()
    (videos / "birds.mp4").write_bytes((sample_media / "birds.mp4").read_bytes())
    (videos / "birds.srt").write_text("1\n00:00:00,000 --> 00:00:01,500\nA red bird sings\n")
    real_build = text_index.build_text_indexes

    def killed(store):
        raise KeyboardInterrupt("killed while indexing")

    monkeypatch.setattr(text_index, "build_text_indexes", killed)
    corpus = vqdb.connect(tmp_path / "c", progress=False)
    with pytest.raises(KeyboardInterrupt):
        corpus.ingest(videos, extractors=("subtitles",))
    assert not text_index.has_text_index(Store.open(corpus.root), "subtitles")
    monkeypatch.setattr(text_index, "build_text_indexes", real_build)
    rerun = corpus.ingest(videos, extractors=("subtitles",))
    assert len(rerun.skipped) == 1 and any("full-text indexes updated: subtitles (+1 rows)" in n for n in rerun.notices)
    assert text_index.unindexed_rows(Store.open(corpus.root), "subtitles") == 0
    assert corpus.sql("SELECT text FROM subtitle_search('red bird')").fetchall() == [("A red bird sings",)]


def test_a_full_disk_fails_the_files_left_with_a_summary(tmp_path, sample_media, monkeypatch):
    """Finding 7: disk full during ingest was a traceback, and the remaining files were abandoned unsaid."""
    real_commit = Store.commit
    calls = {"n": 0}

    def disk_fills_up(self, video_id, extractor, tables, **kw):
        calls["n"] += 1
        if calls["n"] >= 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_commit(self, video_id, extractor, tables, **kw)

    monkeypatch.setattr(Store, "commit", disk_fills_up)
    summary = vqdb.connect(tmp_path / "c", progress=False).ingest(_paths(sample_media), extractors=())
    assert len(summary.ingested) == 1 and len(summary.failed) == 2
    assert "No space left on device" in summary.failed[0][1]
    assert "the disk is full" in summary.failed[1][1] and "run the same ingest again" in summary.failed[1][1]


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
    from vqdb.ingest.engines.local import worker_devices

    assert worker_devices(Config(jobs=4, device="cuda"), gpus=4) == ["cuda:0", "cuda:1", "cuda:2", "cuda:3"]
    assert worker_devices(Config(jobs=2, device="cuda:1"), gpus=4) == ["cuda:1", "cuda:1"]
    assert worker_devices(Config(jobs=2), gpus=1) == ["auto", "auto"]
