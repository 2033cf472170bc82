"""What the read-only check costs a query: ``run_read_only`` (each statement planned by EXPLAIN and its
operators checked before it runs) against running the same SQL unchecked on the same read-only
connection, in the same process (median of interleaved runs, fresh cursor each, as ``Corpus.sql``).

    .venv/bin/python benchmarks/read_only.py [--repeat 21]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import vqdb
from vqdb.session import run_read_only

REPO = Path(__file__).resolve().parent.parent
QUERIES = {
    "count(*) FROM videos": "SELECT count(*) FROM videos",
    "frames JOIN videos": "SELECT v.path, count(*) FROM frames f JOIN videos v USING (video_id) GROUP BY 1",
    "BM25 text_search": "SELECT count(*) FROM text_search('hello world', k := 5)",
    "temporal_nms over frames": (
        "SELECT temporal_nms(list(ts ORDER BY ts), list(frame_idx::DOUBLE ORDER BY ts), 3, 1.0) FROM frames"
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp()) / "corpus"
    corpus = vqdb.connect(root, progress=False)
    corpus.ingest(str(REPO / "sample_media" / "*.mp4"), extractors=())
    session = corpus._session()  # the read-only connection Corpus.sql uses
    print(f"{'query':<28}{'unchecked ms':>14}{'checked ms':>12}{'ratio':>8}")
    for name, sql in QUERIES.items():
        plain, checked = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            session.cursor().sql(sql).fetchall()
            plain.append(time.perf_counter() - start)
            start = time.perf_counter()
            run_read_only(session.cursor(), sql).fetchall()
            checked.append(time.perf_counter() - start)
        a, b = 1000 * statistics.median(plain), 1000 * statistics.median(checked)
        print(f"{name:<28}{a:>14.2f}{b:>12.2f}{b / a:>7.2f}x")


if __name__ == "__main__":
    main()
