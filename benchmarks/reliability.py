"""Reliability sweep: bad media, a SIGKILL before every storage operation of an ingest, two writers at
once, readers during a forced replace. Prints one table; rows lost and duplicates must be 0.

Each killed run is followed by a plain re-run, and every table is compared with an uninterrupted run
made in the same process (``vqdb.testing.corpora.corpus_contents``): a row of the clean run missing
after the re-run is lost, a row present more often is a duplicate. Kills come from
``vqdb.testing.faults`` (SIGKILL right before the nth write of a Lance dataset, fragment, commit, index,
compaction or manifest). The default suite runs a seeded handful of these (``tests/reliability``).

    .venv/bin/python benchmarks/reliability.py                 # every kill point of both scenarios
    .venv/bin/python benchmarks/reliability.py --every 5       # every 5th kill point
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import vqdb
from vqdb.testing.bad_media import make_bad_media, write_clip
from vqdb.testing.corpora import corpus_contents

REPO = Path(__file__).resolve().parent.parent
ARGS = ("--with", "subtitles", "--no-progress")


def vqdb_cli(*args: str, faults: list[str] | None = None) -> subprocess.CompletedProcess:
    module = ["-m", "vqdb.testing.faults", *faults, "--"] if faults else ["-m", "vqdb"]
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.run([sys.executable, *module, *args], env=env, capture_output=True, text=True, timeout=600)


def clips(directory: Path, count: int = 8) -> list[str]:
    directory.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(count):
        clip = write_clip(directory / f"clip{i:02d}.mp4", seconds=1.0 + 0.1 * i, size=(64, 48), gop=5)
        if i < count // 2:
            clip.with_suffix(".srt").write_text(f"1\n00:00:00,000 --> 00:00:00,900\nclip {i} says hello\n")
        made.append(str(clip))
    return made


def lost_and_duplicated(clean: dict, got: dict) -> tuple[int, int]:
    lost = duplicated = 0
    for table in clean.keys() | got.keys():
        want = collections.Counter(map(repr, clean.get(table, [])))  # rows hold lists: count their text
        have = collections.Counter(map(repr, got.get(table, [])))
        lost += sum((want - have).values())
        duplicated += sum((have - want).values())
    return lost, duplicated


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple] = []

    def add(self, check: str, tried: int, passed: int, lost: int | str = "-", duplicates: int | str = "-", note=""):
        self.rows.append((check, tried, passed, lost, duplicates, note))
        print(f"  {check}: {passed}/{tried} {note}", file=sys.stderr, flush=True)

    def print(self) -> None:
        header = ("check", "tried", "passed", "rows lost", "duplicates", "")
        widths = [max(len(str(r[i])) for r in [header, *self.rows]) for i in range(6)]
        for row in [header, *self.rows]:
            print(
                "  ".join(
                    str(v).ljust(w) if i in (0, 5) else str(v).rjust(w)
                    for i, (v, w) in enumerate(zip(row, widths, strict=True))
                )
            )


def bad_media(work: Path, table: Table) -> None:
    files = make_bad_media(work / "bad-media")
    summary = vqdb.connect(work / "bad-corpus", progress=False).ingest(
        sorted(str(work / "bad-media" / f.name) for f in files), extractors=()
    )
    failed = dict(summary.failed)
    clear = sum(1 for why in failed.values() if "\n" not in why and "Traceback" not in why)
    expected = {f.name: f.expect for f in files}
    outcome = {Path(p).name: "error" for p in failed} | {Path(p).name: "ingested" for p, *_ in summary.ingested}
    right = sum(1 for name, expect in expected.items() if (outcome.get(name) == "error") == (expect == "error"))
    table.add("bad media: files with the outcome they owe", len(files), right, note=f"{len(failed)} refused")
    table.add("bad media: refusals that are one clear line", len(failed), clear)
    table.add(
        "bad media: partial files kept with the reason",
        sum(e == "partial" for e in expected.values()),
        len(summary.partial),
    )


def kill_sweep(work: Path, media: list[str], table: Table, every: int, force: bool) -> None:
    name = "kill before a storage operation of " + ("ingest --force" if force else "an ingest")
    clean_root = work / f"clean-{force}"
    done = vqdb_cli("ingest", str(clean_root), *media, *ARGS, faults=["count"])
    assert done.returncode == 0, done.stderr
    if force:
        done = vqdb_cli("ingest", str(clean_root), *media, *ARGS, "--force", faults=["count"])
    operations = int(done.stderr.rsplit("storage operations: ", 1)[1].split()[0])
    clean = corpus_contents(clean_root)
    survived = lost = duplicated = 0
    points = range(1, operations + 1, every)
    for point in points:
        root = work / f"killed-{force}-{point}"
        if force:
            assert vqdb_cli("ingest", str(root), *media, *ARGS).returncode == 0
        extra = ("--force",) if force else ()
        killed = vqdb_cli("ingest", str(root), *media, *ARGS, *extra, faults=["kill", str(point)])
        rerun = vqdb_cli("ingest", str(root), *media, *ARGS)
        missing, twice = lost_and_duplicated(clean, corpus_contents(root))
        lost, duplicated = lost + missing, duplicated + twice
        survived += killed.returncode == -signal.SIGKILL and rerun.returncode == 0 and not missing and not twice
    table.add(name, len(points), survived, lost, duplicated, f"of {operations} operations")


def two_writers(work: Path, media: list[str], table: Table) -> None:
    clean = corpus_contents(work / "clean-False")
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    for label, halves in (("same files", (media, media)), ("different files", (media[::2], media[1::2]))):
        root = work / f"two-writers-{label.replace(' ', '-')}"
        processes = [
            subprocess.Popen(
                [sys.executable, "-m", "vqdb", "ingest", str(root), *half, *ARGS],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for half in halves
        ]
        codes = [p.wait(timeout=600) for p in processes]
        lost, duplicated = lost_and_duplicated(clean, corpus_contents(root))
        table.add(
            f"two writers at once, {label}, new corpus",
            1,
            int(codes == [0, 0] and not lost and not duplicated),
            lost,
            duplicated,
        )


def readers_during_force(work: Path, media: list[str], table: Table) -> None:
    root = work / "clean-False"
    query = "SELECT (SELECT count(*) FROM subtitles), (SELECT count(*) FROM frames), (SELECT count(*) FROM videos)"
    with vqdb.connect(root) as corpus:
        expected = corpus.sql(query).fetchone()
    seen: list[tuple] = []
    stop = threading.Event()

    def read() -> None:
        with vqdb.connect(root) as corpus:
            while not stop.is_set() and len(seen) < 100_000:
                seen.append(corpus.sql(query).fetchone())

    reader = threading.Thread(target=read)
    reader.start()
    start = time.monotonic()
    vqdb_cli("ingest", str(root), *media, *ARGS, "--force")
    stop.set()
    reader.join()
    off = sum(1 for counts in seen if counts != expected)
    table.add("reads during ingest --force", len(seen), len(seen) - off, note=f"{time.monotonic() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="kill before every n-th storage operation (default 1)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="vqdb-reliability-"))
    media = clips(work / "clips")
    table = Table()
    bad_media(work, table)
    kill_sweep(work, media, table, args.every, force=False)
    kill_sweep(work, media, table, args.every, force=True)
    two_writers(work, media, table)
    readers_during_force(work, media, table)
    table.print()


if __name__ == "__main__":
    main()
