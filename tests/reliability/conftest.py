"""The reliability suite's shared pieces: generated clips, and running the CLI in a child process."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from vqdb.testing.bad_media import write_clip

REPO = Path(__file__).resolve().parents[2]


def vqdb_cli(*args: str, faults: list[str] | None = None, **popen) -> subprocess.Popen:
    """Start ``vqdb ARGS`` in a child process (under ``vqdb.testing.faults`` when ``faults`` is given)."""
    module = ["-m", "vqdb.testing.faults", *faults, "--"] if faults else ["-m", "vqdb"]
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.Popen([sys.executable, *module, *args], env=env, text=True, **popen)


def run_cli(*args: str, faults: list[str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    process = vqdb_cli(*args, faults=faults, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate(timeout=timeout)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def small_clips(directory: Path, count: int, subtitled: int = 0) -> list[Path]:
    """``count`` one-second clips that differ (so their ids differ); the first ``subtitled`` get a .srt."""
    directory.mkdir(parents=True, exist_ok=True)
    clips = []
    for i in range(count):
        clip = write_clip(directory / f"clip{i:02d}.mp4", seconds=1.0 + 0.1 * i, size=(64, 48), gop=5)
        if i < subtitled:
            clip.with_suffix(".srt").write_text(f"1\n00:00:00,000 --> 00:00:00,900\nclip number {i} says hello\n")
        clips.append(clip)
    return clips


@pytest.fixture(scope="session")
def clips(tmp_path_factory) -> list[Path]:
    """Eight small clips, four with subtitles: an ingest of them all touches several tables, commits
    enough fragments to compact, and builds the full-text indexes."""
    return small_clips(tmp_path_factory.mktemp("clips"), 8, subtitled=4)


@pytest.fixture(scope="session")
def cli():
    """``cli(*args, faults=None)``: run ``vqdb ARGS`` in a child process to its end."""
    return run_cli


@pytest.fixture(scope="session")
def start_cli():
    """``start_cli(*args, faults=None, **popen)``: start ``vqdb ARGS`` in a child process."""
    return vqdb_cli


@pytest.fixture(scope="session")
def clean(clips, tmp_path_factory):
    """An uninterrupted ingest of the clips (``--with subtitles``), and how many storage operations it made."""
    root = tmp_path_factory.mktemp("clean") / "corpus"
    done = run_cli("ingest", str(root), *map(str, clips), "--with", "subtitles", "--no-progress", faults=["count"])
    assert done.returncode == 0, done.stderr
    operations = int(re.search(r"storage operations: (\d+)", done.stderr).group(1))
    assert "compacted" in done.stdout  # long enough to compact: kills land in compaction too
    return root, operations
