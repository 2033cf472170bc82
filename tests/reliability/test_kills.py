"""An ingest killed (SIGKILL) right before a random storage operation, then run again, leaves exactly the
rows of an uninterrupted run: nothing lost, nothing twice, nothing half-written left on disk. The kill
points are drawn with a fixed seed; ``benchmarks/reliability.py`` sweeps every one of them."""

from __future__ import annotations

import random
import signal

from vqdb.testing.corpora import corpus_contents, rows_on_disk

KILL_POINTS = 3  # the default suite's share; the benchmark kills before every operation
SEED = 20250101


def kill_points(operations: int) -> list[int]:
    return sorted(random.Random(SEED).sample(range(1, operations + 1), KILL_POINTS))


def test_a_rerun_after_a_kill_at_any_storage_operation_gives_the_clean_rows(clean, clips, cli, tmp_path):
    reference, operations = clean
    expected, on_disk = corpus_contents(reference), rows_on_disk(reference)
    for point in kill_points(operations):
        root = tmp_path / f"killed-{point}"
        args = ("ingest", str(root), *map(str, clips), "--with", "subtitles", "--no-progress")
        killed = cli(*args, faults=["kill", str(point)])
        assert killed.returncode == -signal.SIGKILL, f"not killed before operation {point}: {killed.stderr}"
        rerun = cli(*args)
        assert rerun.returncode == 0, rerun.stderr
        assert corpus_contents(root) == expected, f"killed before storage operation {point} of {operations}"
        assert rows_on_disk(root) == on_disk, f"leftovers after a kill before operation {point}"
