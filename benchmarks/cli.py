"""Wall time of every ``vqdb`` sub-command as a user runs it (a new process each time), against the floor
of any Python tool on DuckDB and Polars: ``python -c "import duckdb, polars"``, run the same way in the same
process, interleaved with the commands (median of ``--repeat`` runs each).

The corpus is one short sample video ingested with the default extractors. "ingest (nothing to do)" names
the extractors the corpus holds (``--with``), as a re-run of a finished ingest; "ingest (default: retries)"
names none, so it also tries again the default extractors whose model is not here. ``--checkout DIR``
(repeatable) times other checkouts of vqdb (e.g. an older commit extracted with ``git archive``) with the
same script, their runs interleaved; a command a checkout does not have is listed as ``n/a``. ``vqdb
serve`` runs until stopped: benchmarks/serve.py times it.

    .venv/bin/python benchmarks/cli.py [--repeat 5] [--corpus DIR] [--checkout DIR]...
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VIDEO = REPO / "sample_media" / "birds.mp4"
BASELINE = ("python -c 'import duckdb, polars'", [sys.executable, "-c", "import duckdb, polars"])


def commands(corpus: Path, scratch: Path, done: str) -> dict[str, list[str]]:
    """Each timed command line (after ``vqdb``), by the name it is listed under; ``done``: the extractors the
    corpus holds (the default ones whose model is here)."""
    c, question = str(corpus), "what bird is shown?"
    return {
        "--help": ["--help"],
        "retrieve --help": ["retrieve", "--help"],  # a question command's help must not load the planner
        "--version": ["--version"],
        "sql count(*)": ["sql", c, "select count(*) from videos"],
        "info": ["info", c],
        "videos": ["videos", c],
        "ingest (nothing to do)": ["ingest", c, str(VIDEO), "--with", done, "--no-progress"],
        "ingest (default: retries)": ["ingest", c, str(VIDEO), "--no-progress"],  # tries the models not here
        "plan": ["plan", question, "--corpus", c],
        "retrieve": ["retrieve", c, question, "--video", VIDEO.name],
        "locate": ["locate", c, question, "--video", VIDEO.name],
        "search": ["search", c, question],
        "answer --no-cache": ["answer", c, question, "--no-cache"],
        "clip": ["clip", c, VIDEO.name, "0", "1", "-o", str(scratch / "clip.mp4")],
        "eval charades": ["eval", "charades", "--gt", str(scratch / "gt.txt"), "--pred", str(scratch / "pred.jsonl")],
        "index": ["index", c],
        "compact": ["compact", c],
        "check": ["check", c],
        "delete (a copy)": ["delete", str(scratch / "copy"), VIDEO.name],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument("--corpus", type=Path, help="a corpus of sample_media/birds.mp4 (default: ingest one)")
    parser.add_argument(
        "--checkout",
        type=Path,
        action="append",
        help="a vqdb source tree to time (repeat to compare several, runs interleaved; default: this one)",
    )
    args = parser.parse_args()
    checkouts = [c.resolve() for c in args.checkout or [REPO]]
    envs = [{**os.environ, "PYTHONPATH": str(c), "HF_HUB_OFFLINE": "1"} for c in checkouts]
    scratch = Path(tempfile.mkdtemp(prefix="vqdb-cli-bench-"))
    corpus = args.corpus or _ingested(scratch / "corpus", envs[-1])
    _eval_files(scratch)
    done = _extractors_done(corpus, envs[-1])
    names = ["baseline", *commands(corpus, scratch, done)]
    timed = [{name: [] for name in names} for _ in checkouts]
    failed: list[set[str]] = [set() for _ in checkouts]  # commands a checkout does not have (exit status 2)
    for _ in range(args.repeat):
        for env, times, missing in zip(envs, timed, failed, strict=True):
            times["baseline"].append(_run(BASELINE[1], env)[0])
            for name, argv in commands(corpus, scratch, done).items():
                if name.startswith("delete"):
                    shutil.rmtree(scratch / "copy", ignore_errors=True)
                    shutil.copytree(corpus, scratch / "copy")
                seconds, status = _run([sys.executable, "-m", "vqdb", *argv], env)
                times[name].append(seconds)
                if status == 2:
                    missing.add(name)
    print(f"median of {args.repeat} runs; corpus: {VIDEO.name}, extractors done: {done}")
    for n, checkout in enumerate(checkouts, start=1):
        print(f"[{n}] {checkout}")
    print(f"{'command':<32}" + "".join(f"{f'[{n}] s':>9}{'ratio':>8}" for n in range(1, len(checkouts) + 1)))
    for name in names:
        label = BASELINE[0] if name == "baseline" else f"vqdb {name}"
        cells = []
        for times, missing in zip(timed, failed, strict=True):
            base, median = statistics.median(times["baseline"]), statistics.median(times[name])
            cells.append(f"{'n/a':>17}" if name in missing else f"{median:>9.2f}{median / base:>7.2f}x")
        print(f"{label:<32}" + "".join(cells))
    shutil.rmtree(scratch, ignore_errors=True)


def _ingested(root: Path, env: dict[str, str]) -> Path:
    print(f"ingesting {VIDEO.name} into {root} (default extractors) ...", file=sys.stderr)
    argv = [sys.executable, "-m", "vqdb", "ingest", str(root), str(VIDEO), "--no-progress"]
    subprocess.run(argv, env=env, cwd=tempfile.gettempdir(), check=True)  # not the repo: PYTHONPATH decides
    return root


def _extractors_done(corpus: Path, env: dict[str, str]) -> str:
    query = "SELECT DISTINCT extractor FROM extractions WHERE extractor <> 'frames' ORDER BY 1"
    argv = [sys.executable, "-m", "vqdb", "sql", str(corpus), query, "--format", "json"]
    rows = subprocess.run(argv, env=env, cwd=tempfile.gettempdir(), capture_output=True, check=True).stdout
    return ",".join(row["extractor"] for row in json.loads(rows))


def _eval_files(scratch: Path) -> None:
    lines = [f"VID{i} {i}.0 {i + 10}.0##a person opens door {i}." for i in range(200)]
    (scratch / "gt.txt").write_text("\n".join(lines) + "\n")
    preds = [json.dumps({"qid": i + 1, "window": [i, i + 5]}) for i in range(200)]
    (scratch / "pred.jsonl").write_text("\n".join(preds) + "\n")


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    start = time.perf_counter()
    status = subprocess.run(argv, env=env, cwd=tempfile.gettempdir(), capture_output=True).returncode
    return time.perf_counter() - start, status


if __name__ == "__main__":
    main()
