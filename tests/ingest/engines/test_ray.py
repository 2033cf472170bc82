"""``engine="ray"``: the per-video step as Ray tasks writing Lance fragments, committed by the driver.

One local Ray instance (2 CPUs) serves the whole module. Ingests use the frames, subtitles and a tiny
random SigLIP (embed, regions), so every kind of table is written by tasks, the vector tables created
by their first fragments.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import vqdb
from vqdb.config import Config
from vqdb.ingest.engines.ray import RayEngine, write_video
from vqdb.ingest.runner import ingest, open_for_ingest
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.corpora import corpus_contents, rows_on_disk
from vqdb.testing.tiny import build_tiny_siglip

ray = pytest.importorskip("ray", reason="Ray is installed by scripts/install.sh (the [ray] extra)")
EXTRACTORS = ("subtitles", "embed", "regions")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def videos(tmp_path_factory, sample_media: Path) -> list[Path]:
    """The sample clips, one with subtitles."""
    directory = tmp_path_factory.mktemp("videos")
    clips = [Path(shutil.copy(p, directory)) for p in sorted(sample_media.glob("*.mp4"))]
    clips[0].with_suffix(".srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nhello from the subtitles\n")
    return clips


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> dict:
    model = build_tiny_siglip(tmp_path_factory.mktemp("siglip"))
    return {"embed_model": str(model), "progress": False}


EMBEDDINGS = {"frame_embeddings": "emb", "regions": "emb", "subtitles": "text_emb"}


def assert_same_vectors(root: Path, reference: Path) -> None:
    """The embedding tables hold the same rows with the same vectors up to float rounding: a Ray worker runs
    the models with one thread, this process with all, and their sums rounded in another order differ in
    the last bits."""
    for name, column in EMBEDDINGS.items():
        rows = []
        for corpus in (root, reference):
            table = Store.open(corpus).read(name).to_pylist()
            keys = [c.name for c in TABLES[name].columns if c.name != column]
            ordered = sorted(table, key=lambda row, keys=keys: [str(row[k]) for k in keys])
            rows.append(([[row[k] for k in keys] for row in ordered], np.array([row[column] for row in ordered])))
        (keys, found), (expected_keys, expected) = rows
        assert keys == expected_keys, name
        np.testing.assert_allclose(found, expected, atol=1e-5, err_msg=name)


@pytest.fixture(scope="module")
def local_corpus(tmp_path_factory, videos, settings) -> Path:
    root = tmp_path_factory.mktemp("local") / "corpus"
    summary = vqdb.connect(root, **settings).ingest(videos, extractors=EXTRACTORS)
    assert summary.ok and len(summary.ingested) == len(videos), summary
    return root


def test_ray_ingest_is_row_for_row_a_local_ingest(local_ray, tmp_path, videos, settings, local_corpus):
    root = tmp_path / "corpus"
    summary = vqdb.connect(root, **settings).ingest(videos, extractors=EXTRACTORS, engine="ray")
    assert summary.ok and len(summary.ingested) == len(videos), summary
    assert corpus_contents(root, embeddings=False) == corpus_contents(local_corpus, embeddings=False)
    assert_same_vectors(root, local_corpus)
    assert rows_on_disk(root) == rows_on_disk(local_corpus)  # nothing duplicated, nothing left over


def test_cli_engine_ray_adds_an_extractor_to_ingested_videos(local_ray, tmp_path, videos, settings, local_corpus):
    root = tmp_path / "corpus"
    assert vqdb.connect(root, **settings).ingest(videos, extractors=("subtitles",)).ok
    env = {**os.environ, "VQDB_EMBED_MODEL": settings["embed_model"]}
    cli = [sys.executable, "-m", "vqdb", "ingest", str(root), *map(str, videos), "--only", "embed,regions"]
    done = subprocess.run([*cli, "--engine", "ray", "--no-progress"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "ingested 3" in done.stdout
    assert corpus_contents(root, embeddings=False) == corpus_contents(local_corpus, embeddings=False)
    assert_same_vectors(root, local_corpus)


def _dies_on_first_attempt(markers, job, config, extractors, location):
    """The Ray step, except that the first attempt at each video writes its fragments, then its worker
    process dies before returning them (as a worker killed mid-way does)."""
    marker = markers / job.video_id
    result = write_video(job, config, extractors, location)
    if not marker.exists():
        marker.touch()
        os._exit(1)
    return result


def _always_dies(job, config, extractors, location):
    if job.path.name == "birds.mp4":
        os._exit(1)
    return write_video(job, config, extractors, location)


@pytest.fixture
def ingest_with(monkeypatch):
    """``ingest_with(step, root, videos, settings)``: an ingest whose Ray tasks run ``step`` (a function of
    this module, shipped to the workers by value)."""
    import vqdb.ingest.runner as runner

    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])

    def run(step, root: Path, videos, settings):
        monkeypatch.setattr(runner, "engine_for", lambda config, names, loc: RayEngine(config, names, loc, step=step))
        with open_for_ingest(root) as store:
            return ingest(store, videos, Config.load(overrides={**settings, "engine": "ray"}), extractors=EXTRACTORS)

    return run


def test_a_task_killed_mid_way_is_retried_and_nothing_is_duplicated(
    local_ray, tmp_path, videos, settings, local_corpus, ingest_with
):
    root, markers = tmp_path / "corpus", tmp_path / "markers"
    markers.mkdir()
    summary = ingest_with(functools.partial(_dies_on_first_attempt, markers), root, videos, settings)
    assert summary.ok and len(summary.ingested) == len(videos), summary
    assert len(list(markers.iterdir())) == len(videos)  # every first attempt died after writing
    assert corpus_contents(root, embeddings=False) == corpus_contents(local_corpus, embeddings=False)
    assert rows_on_disk(root) == rows_on_disk(local_corpus)  # the dead attempts' files were never committed


def test_a_task_that_keeps_dying_is_that_file_s_error(local_ray, tmp_path, videos, settings, ingest_with):
    root = tmp_path / "corpus"
    summary = ingest_with(_always_dies, root, videos, settings)
    assert [Path(p).name for p, _ in summary.failed] == ["birds.mp4"]
    assert "failed 3 times" in summary.failed[0][1] and "run the same ingest again" in summary.failed[0][1]
    assert len(summary.ingested) == len(videos) - 1
    with vqdb.connect(root) as corpus:
        names = {Path(p).name for (p,) in corpus.sql("SELECT path FROM videos").fetchall()}
    assert names == {p.name for p in videos} - {"birds.mp4"}
    rerun = ingest_with(write_video, root, videos, settings)
    assert [Path(p).name for p, *_ in rerun.ingested] == ["birds.mp4"]  # a re-run completes it
