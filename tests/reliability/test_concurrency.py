"""Two writers at once, and readers while a writer replaces rows (findings 1 and 6)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

import vqdb
from vqdb.testing.corpora import corpus_contents, empty_corpus, rows_on_disk

ARGS = ("--with", "subtitles", "--no-progress")


def _both(start_cli, first: list[str], second: list[str]) -> tuple[subprocess.CompletedProcess, ...]:
    processes = [start_cli(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for args in (first, second)]
    done = []
    for process in processes:
        out, err = process.communicate(timeout=300)
        done.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return tuple(done)


@pytest.mark.parametrize("existing", [False, True], ids=["new corpus", "existing corpus"])
def test_two_writers_with_the_same_files(clean, clips, start_cli, tmp_path, existing):
    """Both exit 0 and each video is stored once (was: 6 videos rows for 4 files on an existing corpus, a
    raw 'Dataset already exists' traceback on a new one)."""
    root = tmp_path / "corpus"
    if existing:
        empty_corpus(root)
    command = ["ingest", str(root), *map(str, clips), *ARGS]
    first, second = _both(start_cli, command, command)
    assert first.returncode == 0 and second.returncode == 0, (first.stderr, second.stderr)
    assert "Traceback" not in first.stderr + second.stderr
    assert "waiting for it to finish" in first.stderr + second.stderr  # one waited for the other
    reference = clean[0]
    assert corpus_contents(root) == corpus_contents(reference)
    assert rows_on_disk(root) == rows_on_disk(reference)


def test_two_writers_with_different_files(clean, clips, start_cli, tmp_path):
    root = tmp_path / "corpus"
    half = len(clips) // 2
    first, second = _both(
        start_cli,
        ["ingest", str(root), *map(str, clips[:half]), *ARGS],
        ["ingest", str(root), *map(str, clips[half:]), *ARGS],
    )
    assert first.returncode == 0 and second.returncode == 0, (first.stderr, second.stderr)
    assert corpus_contents(root) == corpus_contents(clean[0])


def test_no_wait_fails_at_once_naming_the_writer(clips, cli, tmp_path):
    root = tmp_path / "corpus"
    assert cli("ingest", str(root), *map(str, clips[:1]), *ARGS).returncode == 0
    hold = "import sys, time; from vqdb.store import Store; s = Store.open(sys.argv[1], writable=True); print(1)"
    hold += "; time.sleep(60)"
    holder = subprocess.Popen([sys.executable, "-c", hold, str(root)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "1"
        start = time.monotonic()
        refused = cli("ingest", str(root), *map(str, clips), *ARGS, "--no-wait")
        assert refused.returncode == 1 and time.monotonic() - start < 30
        assert "is being written by another writer" in refused.stderr and f"pid {holder.pid}" in refused.stderr
        assert refused.stderr.count("\n") == 1  # one line, no traceback
    finally:
        holder.kill()
        holder.wait()


def test_readers_never_see_a_forced_replace_half_done(clean, clips, cli, start_cli, tmp_path):
    """A --force re-ingest replaces every row; a reader polling meanwhile sees the same counts throughout
    (was: audio_tags 390 -> 295 -> 290 -> 390)."""
    root = tmp_path / "corpus"
    assert cli("ingest", str(root), *map(str, clips), *ARGS).returncode == 0
    query = "SELECT (SELECT count(*) FROM subtitles), (SELECT count(*) FROM frames), (SELECT count(*) FROM videos)"
    with vqdb.connect(root) as corpus:
        expected = corpus.sql(query).fetchone()
    seen: set[tuple] = set()
    stop = threading.Event()

    def read() -> None:
        with vqdb.connect(root) as corpus:
            for _ in range(2000):  # bounded, whatever happens to the writer
                seen.add(corpus.sql(query).fetchone())
                if stop.is_set():
                    break

    reader = threading.Thread(target=read)
    reader.start()
    try:
        forced = cli("ingest", str(root), *map(str, clips), *ARGS, "--force")
    finally:
        stop.set()
        reader.join(120)
    assert forced.returncode == 0, forced.stderr
    assert seen == {expected}
