"""Speed of vqdb's SQL functions against baselines measured in the same run.

Four tables of best-of-N wall times (vqdb and its baselines alternate within each round) and the ratio
vqdb / baseline (< 1: vqdb faster):

- ``similarity(emb, vector)`` over N x 512 FLOAT embeddings (default 1M) against DuckDB's bare
  ``array_cosine_similarity`` on the same table (target <= 1.5x) and against numpy;
- ``temporal_nms`` on 100k candidates (one list, and the table form over 100 videos) against a numpy
  implementation of the same greedy NMS;
- the interval macros over 1M rows against numpy and against the same arithmetic written inline in
  SQL (the cost of the macros' checks), and the list macros (merge, tIoU) over 200k rows
  against the Polars namespace and a plain Python loop.

    .venv/bin/python benchmarks/udfs.py                          # the full run (about 2 minutes)
    .venv/bin/python benchmarks/udfs.py --embeddings 200000 --intervals 200000   # quicker
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import duckdb
import numpy as np
import polars as pl
import pyarrow as pa

import vqdb
import vqdb.polars  # noqa: F401  (registers the .vq namespace)
from vqdb.session import attach
from vqdb.store import Store

DIM = 512


def main() -> None:
    """Run every section and print its table."""
    args = _parse_args()
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as root:
        con = session(Path(root), args.threads)
        print_table(f"similarity over {args.embeddings:,} x {DIM} embeddings", similarity_rows(con, rng, args))
        print_table(f"temporal NMS over {args.candidates:,} candidates", nms_rows(con, rng, args))
        print_table(f"interval macros over {args.intervals:,} rows", interval_rows(con, rng, args))
        print_table(f"interval list macros over {args.lists:,} rows of 1-4 intervals", list_rows(con, rng, args))


def session(root: Path, threads: int | None) -> duckdb.DuckDBPyConnection:
    """A corpus session (macros and UDFs, as ``vqdb.attach`` loads them) on an empty corpus whose
    embeddings are 512-d, so ``similarity`` accepts 512-d query vectors."""
    with Store.create(root) as store:
        store.update_manifest(embed_model="benchmark-model (vector queries only)", embed_dim=DIM)
    config = {"allow_unsigned_extensions": "true"} | ({"threads": threads} if threads else {})
    return attach(duckdb.connect(config=config), root)  # a connection of our own: its settings are ours


def similarity_rows(con: duckdb.DuckDBPyConnection, rng: np.random.Generator, args) -> list[dict]:
    """similarity() vs bare array_cosine_similarity vs numpy, scoring every row and taking the max."""
    emb = rng.standard_normal((args.embeddings, DIM), dtype=np.float32)
    query = rng.standard_normal(DIM, dtype=np.float32)
    column = pa.FixedSizeListArray.from_arrays(pa.array(emb.reshape(-1)), DIM)
    con.register("emb_arrow", pa.table({"emb": column}))
    con.execute("CREATE OR REPLACE TABLE emb_table AS SELECT emb FROM emb_arrow")
    con.unregister("emb_arrow")
    params = [query.tolist()]
    bare_sql = f"SELECT max(array_cosine_similarity(emb, ?::FLOAT[{DIM}])) FROM emb_table"
    vqdb_s, bare_s, numpy_s = best_times(
        [
            lambda: con.execute("SELECT max(similarity(emb, ?)) FROM emb_table", params).fetchone(),
            lambda: con.execute(bare_sql, params).fetchone(),
            lambda: (emb @ query / (np.linalg.norm(emb, axis=1) * np.linalg.norm(query))).max(),
        ],
        args,
    )
    con.execute("DROP TABLE emb_table")
    return [
        row("similarity(emb, vector)", vqdb_s, "DuckDB array_cosine_similarity", bare_s),
        row("similarity(emb, vector)", vqdb_s, "numpy (matmul / norms)", numpy_s),
    ]


def nms_rows(con: duckdb.DuckDBPyConnection, rng: np.random.Generator, args) -> list[dict]:
    """temporal_nms in SQL vs the same greedy NMS in numpy: one long list, and per video."""
    videos = 100
    per_video = args.candidates // videos
    video = np.repeat(np.arange(videos), per_video)
    ts = np.tile(np.arange(per_video) * 0.5, videos)  # 2 fps sampling
    score = rng.random(len(ts))
    con.register("cands_arrow", pa.table({"video_id": video, "ts": ts, "score": score}))
    con.execute("CREATE OR REPLACE TABLE cands AS FROM cands_arrow")
    con.execute(
        "CREATE OR REPLACE TABLE one_list AS SELECT list(ts + video_id * 1e4) AS ts, list(score) AS score FROM cands"
    )
    con.unregister("cands_arrow")
    long_ts = ts + video * 1e4
    rows = []
    gap = 10.0
    for k in (8, 64):
        list_sql = f"SELECT temporal_nms(ts, score, {k}, {gap}) FROM one_list"
        sql_s, np_s = best_times(
            [lambda q=list_sql: con.execute(q).fetchone(), lambda k=k: nms_numpy(long_ts, score, k, gap)], args
        )
        rows.append(row(f"temporal_nms, one list, k={k}", sql_s, "numpy greedy NMS", np_s))
        table_sql = f"SELECT count(*) FROM temporal_nms_table('cands', {k}, {gap})"
        sql_s, np_s = best_times(
            [
                lambda q=table_sql: con.execute(q).fetchone(),
                lambda k=k: nms_numpy_per_video(video, ts, score, k, gap),
            ],
            args,
        )
        rows.append(row(f"temporal_nms_table, {videos} videos, k={k}", sql_s, "numpy greedy NMS per video", np_s))
    return rows


def nms_numpy(ts: np.ndarray, score: np.ndarray, k: int, gap: float) -> np.ndarray:
    """Greedy temporal NMS in numpy: k rounds of 'take the best survivor, drop its neighbours'."""
    order = np.lexsort((ts, -score))
    ts_sorted = ts[order]
    alive = np.ones(len(order), dtype=bool)
    kept = []
    while len(kept) < k and alive.any():
        best = int(np.argmax(alive))
        kept.append(order[best])
        alive &= np.abs(ts_sorted - ts_sorted[best]) >= gap
    return np.sort(ts[kept])


def nms_numpy_per_video(video: np.ndarray, ts: np.ndarray, score: np.ndarray, k: int, gap: float) -> list:
    bounds = np.flatnonzero(np.diff(video)) + 1
    return [nms_numpy(t, s, k, gap) for t, s in zip(np.split(ts, bounds), np.split(score, bounds), strict=True)]


def interval_rows(con: duckdb.DuckDBPyConnection, rng: np.random.Generator, args) -> list[dict]:
    """overlap, IoU and GToU over n rows of interval pairs, summed, against numpy (with the same checks)."""
    n = args.intervals
    s1, s2 = rng.random(n) * 100, rng.random(n) * 100
    e1, e2 = s1 + rng.random(n) * 20, s2 + rng.random(n) * 20
    con.register("pairs_arrow", pa.table({"s1": s1, "e1": e1, "s2": s2, "e2": e2}))
    con.execute("CREATE OR REPLACE TABLE pairs AS FROM pairs_arrow")
    con.unregister("pairs_arrow")

    def numpy_checked(f: Callable[[], np.ndarray]) -> Callable[[], float]:
        def run() -> float:
            if ((s1 > e1) | (s2 > e2)).any():
                raise ValueError("start > end")
            return float(f().sum())

        return run

    def inter() -> np.ndarray:
        return np.minimum(e1, e2) - np.maximum(s1, s2)

    def iou() -> np.ndarray:
        i = inter()
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(i > 0, i / ((e1 - s1) + (e2 - s2) - i), 0.0)

    def gtou() -> np.ndarray:
        i = inter()
        hull = np.maximum(e1, e2) - np.minimum(s1, s2)
        inside = (s2 == e2) & (s2 >= s1) & (e2 <= e1)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(i > 0, (e1 - s1) / hull, np.where(inside, 1.0, 0.0))

    references = {
        "interval_overlap": lambda: np.maximum(inter(), 0.0),
        "interval_iou": iou,
        "gtou": gtou,
    }
    # The same arithmetic written inline, without the macros' NULL and start > end checks.
    inter_sql = "(least(e1, e2) - greatest(s1, s2))"
    inline = {
        "interval_overlap": f"greatest(0.0, {inter_sql})",
        "interval_iou": f"CASE WHEN {inter_sql} <= 0 THEN 0.0 "
        f"ELSE {inter_sql} / ((e1 - s1) + (e2 - s2) - {inter_sql}) END",
        "gtou": f"CASE WHEN {inter_sql} > 0 THEN (e1 - s1) / (greatest(e1, e2) - least(s1, s2)) "
        "WHEN s2 = e2 AND s2 >= s1 AND e2 <= e1 THEN 1.0 ELSE 0.0 END",
    }
    rows = []
    for name, reference in references.items():
        query = f"SELECT sum({name}(s1, e1, s2, e2)) FROM pairs"
        inline_query = f"SELECT sum({inline[name]}) FROM pairs"
        # Same sums (up to summation order) from the macro, numpy and the inline SQL.
        sums = [con.execute(query).fetchone()[0], numpy_checked(reference)(), con.execute(inline_query).fetchone()[0]]
        assert max(sums) - min(sums) <= 1e-9 * max(1.0, abs(sums[0])), (name, sums)
        sql_s, np_s, inline_s = best_times(
            [
                lambda q=query: con.execute(q).fetchone(),
                numpy_checked(reference),
                lambda q=inline_query: con.execute(q).fetchone(),
            ],
            args,
        )
        rows.append(row(name, sql_s, "numpy (same checks)", np_s))
        rows.append(row(name, sql_s, "inline SQL, no checks", inline_s))
    return rows


def list_rows(con: duckdb.DuckDBPyConnection, rng: np.random.Generator, args) -> list[dict]:
    """intervals_merge and intervals_tiou against the Polars namespace and a plain Python loop."""
    pred, gt = random_interval_lists(rng, args.lists), random_interval_lists(rng, args.lists)
    frame = pl.DataFrame({"pred": pred, "gt": gt}, schema={"pred": vqdb.polars.INTERVALS, "gt": vqdb.polars.INTERVALS})
    con.register("lists_arrow", frame.to_arrow())
    con.execute("CREATE OR REPLACE TABLE lists AS FROM lists_arrow")
    con.unregister("lists_arrow")
    rows = []
    cases = {
        "intervals_merge": (
            "SELECT count(*) FROM (SELECT intervals_merge(pred) AS m FROM lists) WHERE len(m) > 0",
            lambda: frame.select(pl.col("pred").vq.merge().list.len().gt(0).sum()).item(),
            lambda: sum(1 for p in pred if merge_python(p)),
        ),
        "intervals_tiou": (
            "SELECT sum(intervals_tiou(pred, gt)) FROM lists",
            lambda: frame.select(pl.col("pred").vq.tiou("gt").sum()).item(),
            lambda: sum(tiou_python(p, g) for p, g in zip(pred, gt, strict=True)),
        ),
    }
    for name, (query, polars_run, python_run) in cases.items():
        sql_s, polars_s, python_s = best_times(
            [lambda q=query: con.execute(q).fetchone(), polars_run, python_run], args, repeat=min(args.repeat, 2)
        )
        rows.append(row(name, sql_s, "Polars .vq namespace", polars_s))
        rows.append(row(name, sql_s, "plain Python loop", python_s))
    return rows


def random_interval_lists(rng: np.random.Generator, n: int) -> list[list[dict]]:
    sizes = rng.integers(1, 5, n)
    starts = rng.random(sizes.sum()) * 100
    ends = starts + rng.random(sizes.sum()) * 20
    bounds = np.cumsum(sizes)[:-1]
    return [
        [{"start": s, "end": e} for s, e in zip(a.tolist(), b.tolist(), strict=True)]
        for a, b in zip(np.split(starts, bounds), np.split(ends, bounds), strict=True)
    ]


def merge_python(spans: list[dict]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for s, e in sorted((x["start"], x["end"]) for x in spans):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def tiou_python(pred: list[dict], gt: list[dict]) -> float:
    p, g = merge_python(pred), merge_python(gt)
    inter = sum(max(0.0, min(a[1], b[1]) - max(a[0], b[0])) for a in p for b in g)
    denominator = sum(e - s for s, e in p) + sum(e - s for s, e in g) - inter
    return inter / denominator if denominator > 0 else 0.0


def best_times(runs: list[Callable[[], object]], args, repeat: int | None = None) -> list[float]:
    """Best wall time of each run over ``repeat`` rounds after a warm-up; the runs alternate within a
    round, so a load spike on this shared machine hits vqdb and its baselines alike."""
    for run in runs:
        run()
    best = [float("inf")] * len(runs)
    for _ in range(repeat or args.repeat):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def row(name: str, vqdb_s: float, baseline: str, baseline_s: float) -> dict:
    return {"function": name, "vqdb s": vqdb_s, "baseline": baseline, "baseline s": baseline_s}


def print_table(title: str, rows: list[dict]) -> None:
    print(f"\n{title}")
    header = f"{'function':<40} {'vqdb s':>9}  {'baseline':<32} {'baseline s':>10} {'ratio':>7}"
    print(header)
    print("-" * len(header))
    for r in rows:
        ratio = r["vqdb s"] / r["baseline s"]
        print(f"{r['function']:<40} {r['vqdb s']:>9.4f}  {r['baseline']:<32} {r['baseline s']:>10.4f} {ratio:>6.2f}x")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--embeddings", type=int, default=1_000_000, help="rows of 512-d embeddings")
    parser.add_argument("--candidates", type=int, default=100_000, help="NMS candidates (over 100 videos)")
    parser.add_argument("--intervals", type=int, default=1_000_000, help="rows of interval pairs")
    parser.add_argument("--lists", type=int, default=200_000, help="rows of interval lists")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (best is kept)")
    parser.add_argument("--threads", type=int, default=None, help="DuckDB threads (default: all cores)")
    return parser.parse_args()


if __name__ == "__main__":
    main()
