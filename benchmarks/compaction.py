"""Compaction benchmark: what many small ingests cost readers, and what compaction buys back.

Each simulated ingest commits one small video (a ``frames`` and a ``subtitles`` step: a few rows in
``videos``, ``frames``, ``subtitles`` and two ``extractions`` rows), so every dataset gains a fragment
and a version per ingest, as a real ``vqdb ingest`` of one file does. For N ingests it prints the
median latency of queries through a corpus session before and after ``vqdb.store.maintenance.compact``,
the ratio, the compaction time and the disk use. The baseline is the same corpus after compaction,
measured in the same run. This is what ``AUTO_COMPACT_FRAGMENTS`` was chosen from.

    .venv/bin/python benchmarks/compaction.py
    .venv/bin/python benchmarks/compaction.py --ingests 1 16 64 200 --repeat 9
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

import vqdb
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.maintenance import compact, fragment_counts

QUERIES = {
    "count(*) subtitles": "SELECT count(*) FROM subtitles",
    "frames of one video": "SELECT count(*) FROM frames WHERE video_id = 'v0'",
}


def small_ingests(root: str, count: int, frames_per_video: int = 5) -> None:
    """``count`` commits of one small video each (what ``count`` single-file ingests write)."""
    with Store.create(root) as store:
        for v in range(count):
            vid = f"v{v}"
            frames = TABLES["frames"].from_rows(
                [
                    {
                        "video_id": vid,
                        "frame_idx": i,
                        "ts": float(i),
                        "source_frame": i,
                        "jpeg": b"\xff" * 64,
                        "width": 8,
                        "height": 8,
                        "is_keyframe": i == 0,
                    }
                    for i in range(frames_per_video)
                ]
            )
            cues = TABLES["subtitles"].from_rows(
                [{"video_id": vid, "cue_id": 0, "start_s": 0.0, "end_s": 1.0, "text": "hello", "source": "x.srt"}]
            )
            videos = TABLES["videos"].from_rows([{"video_id": vid, "path": f"/v/{vid}.mp4", "duration_s": 5.0}])
            store.commit(vid, "subtitles", {"subtitles": cues}, model=None, settings={})
            store.commit(vid, "frames", {"frames": frames, "videos": videos}, model=None, settings={})


def median_ms(corpus: vqdb.Corpus, sql: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        corpus.sql(sql).fetchall()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def disk_mib(root: str) -> float:
    return sum(vqdb.connect(root).store.disk_usage().values()) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ingests", type=int, nargs="+", default=[1, 8, 16, 32, 64, 128, 200])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(
        f"{'ingests':>7} {'fragments':>9}  {'query':<20} {'before ms':>9} {'after ms':>8} {'ratio':>6} "
        f"{'compact ms':>10} {'MiB before':>10} {'MiB after':>9}"
    )
    for count in args.ingests:
        root = tempfile.mkdtemp()
        small_ingests(root, count)
        fragments = max(fragment_counts(Store.open(root)).values())
        before_mib = disk_mib(root)
        with vqdb.connect(root) as corpus:
            before = {name: median_ms(corpus, sql, args.repeat) for name, sql in QUERIES.items()}
        start = time.perf_counter()
        with Store.open(root, writable=True) as store:
            compact(store)
        compact_ms = 1000 * (time.perf_counter() - start)
        after_mib = disk_mib(root)
        with vqdb.connect(root) as corpus:
            after = {name: median_ms(corpus, sql, args.repeat) for name, sql in QUERIES.items()}
        for i, name in enumerate(QUERIES):
            first = i == 0
            print(
                f"{count if first else '':>7} {fragments if first else '':>9}  {name:<20} {before[name]:>9.1f} "
                f"{after[name]:>8.1f} {before[name] / after[name]:>5.1f}x "
                f"{f'{compact_ms:.0f}' if first else '':>10} {f'{before_mib:.2f}' if first else '':>10} "
                f"{f'{after_mib:.2f}' if first else '':>9}"
            )


if __name__ == "__main__":
    main()
