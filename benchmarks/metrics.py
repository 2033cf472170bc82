"""Metric macros in SQL vs plain Python references, on synthetic benchmarks of N questions (default 100k).

Each row times one metric computed by its SQL macro (a plain DuckDB connection with the vqdb macros,
tables registered from Arrow) and by a straightforward Python implementation of the same definition
(dicts and loops, as a benchmark's own scoring script would do it), in the same run. ``speed-up`` is
Python time / SQL time; ``agree`` says whether both give the same metrics (1e-9 on fractions).
QVHighlights uses --qvh-questions (default 20k): its greedy AP matching is the slowest on both sides.
Data preparation (building the Arrow tables and Python lists) is not timed.

    .venv/bin/python benchmarks/metrics.py
    .venv/bin/python benchmarks/metrics.py --questions 20000 --threads 2 --only cgbench
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from typing import Any

import duckdb
import pyarrow as pa

from vqdb.queries import load_sql_macros

INTERVAL = pa.struct([("start", pa.float64()), ("end", pa.float64())])
THRESHOLDS = [0.1, 0.2, 0.3, 0.4, 0.5]
QVH_THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]


def main() -> None:
    """Build the synthetic data, time every metric both ways, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--questions", type=int, default=100_000)
    parser.add_argument("--qvh-questions", type=int, default=20_000, help="QVHighlights queries (its AP is slow)")
    parser.add_argument("--threads", type=int, default=2, help="DuckDB threads (the Python side uses one)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", help="run only the metrics whose name contains this text (e.g. cgbench)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    con = duckdb.connect(config={"threads": args.threads})
    load_sql_macros(con)
    n = args.questions
    rows = []
    for name, build in CASES:
        if args.only and args.only not in name:
            continue
        sql_fn, py_fn = build(con, rng, args.qvh_questions if build is _qvh else n)
        sql_s, sql_value = _timed(sql_fn)
        py_s, py_value = _timed(py_fn)
        rows.append((name, sql_s, py_s, py_s / sql_s, _agree(sql_value, py_value)))
    print(
        f"{n} synthetic questions per metric ({args.qvh_questions} for QVHighlights), "
        f"DuckDB {duckdb.__version__} with {args.threads} threads\n"
    )
    print(f"{'metric':<34}{'SQL s':>9}{'Python s':>10}{'speed-up':>10}  agree")
    for name, sql_s, py_s, ratio, agree in rows:
        print(f"{name:<34}{sql_s:>9.3f}{py_s:>10.3f}{ratio:>9.1f}x  {agree}")


# -- cases: each returns (sql thunk, python thunk); both return comparable values -------------------------
def _cgbench(variant: str) -> Callable:
    def build(con, rng, n):
        gt, pred = [], []
        for qid in range(n):
            duration = rng.uniform(300, 4000)
            gt.append((qid, "A", _random_intervals(rng, duration, 1, 3), duration))
            grounding = None if rng.random() < 0.05 else _random_intervals(rng, duration, 0, 5)
            pred.append((qid, rng.choice("AB"), rng.choice("AB"), grounding))
        con.register("cg_gt", _table(gt, ["qid", "right_answer", "clue_intervals", "duration"]))
        con.register("cg_pred", _table(pred, ["qid", "long_answer", "clue_answer", "grounding"]))
        sql = _one_row(con, f"FROM cgbench_metrics(cg_gt, cg_pred, variant := '{variant}')",
                       ["long_acc", "clue_acc", "miou", "rec_at_iou", "acc_at_iou"])  # fmt: skip
        return sql, lambda: _cgbench_python(gt, pred, variant)

    return build


def _cgbench_python(gt, pred, variant):
    preds = {p[0]: p for p in pred}
    long, clue, tious, acc = [], [], [], []
    for qid, right, clues, duration in gt:
        _, la, ca, grounding = preds[qid]
        long.append(la == right)
        clue.append(ca == right)
        if grounding is None or (variant == "vlmevalkit" and not grounding):
            continue
        if variant == "vlmevalkit" and all(s <= 1 and e <= 1 for s, e in grounding):
            grounding = [(s * duration, e * duration) for s, e in grounding]
        t = _tiou(grounding, clues)
        tious.append(t)
        passed = sum(t >= th if variant == "official" else t > th for th in THRESHOLDS)
        acc.append((passed, la == right))
    return [
        100 * sum(long) / len(long),
        100 * sum(clue) / len(clue),
        100 * sum(tious) / len(tious),
        100 * sum(p for p, _ in acc) / 5 / len(acc),
        100 * sum(p for p, ok in acc if ok) / 5 / len(acc),
    ]


def _merge(intervals):
    merged = []
    for s, e in sorted(intervals):
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    return merged


def _tiou(pred, gt):
    p, g = _merge(pred), _merge(gt)
    inter = sum(max(0.0, min(a[1], b[1]) - max(a[0], b[0])) for a in p for b in g)
    union = sum(e - s for s, e in p) + sum(e - s for s, e in g) - inter
    return inter / union if union > 0 else 0.0


def _falcon(con, rng, n):
    gt, pred = [], []
    for i in range(n):
        s = rng.uniform(0, 500)
        gt.append(
            (f"q{i}", rng.choice(["ego4d", "movies", "sports", "news"]), rng.randrange(4), s, s + rng.uniform(1, 60))
        )
        ps = rng.uniform(0, 500)
        window = (None, None) if rng.random() < 0.05 else (ps, ps + rng.choice([0.0, rng.uniform(1, 80)]))
        pred.append((f"q{i}", rng.choice("ABCD"), *window))
    con.register("f_gt", _table(gt, ["question_id", "dataset", "gt_option_idx", "gt_start", "gt_end"]))
    con.register("f_pred", _table(pred, ["question_id", "answer", "pred_start", "pred_end"]))

    def sql():
        return [
            v
            for row in con.sql("SELECT mgtou, miou, accuracy FROM falcon_metrics(f_gt, f_pred)").fetchall()
            for v in row
        ]

    def python():
        preds = {p[0]: p for p in pred}
        groups: dict[str, list] = {}
        for qid, dataset, idx, gs, ge in gt:
            _, answer, ps, pe = preds[qid]
            g = i = 0.0
            if ps is not None:
                inter = max(0.0, min(ge, pe) - max(gs, ps))
                hull = max(ge, pe) - min(gs, ps)
                g = (ge - gs) / hull if inter > 0 else 1.0 if ps == pe and gs <= ps <= ge else 0.0
                i = inter / hull if inter > 0 else 0.0
            groups.setdefault(dataset, []).append((round(g, 5), round(i, 5), answer == chr(65 + idx)))
        out, means = [], []
        for name in sorted(groups):
            rows = groups[name]
            means.append([100 * sum(r[k] for r in rows) / len(rows) for k in range(3)])
            out += means[-1]
        return out + [sum(m[k] for m in means) / len(means) for k in range(3)]

    return sql, python


def _m2m(con, rng, n):
    gt, pred = [], []
    for qid in range(n):
        s = rng.uniform(0, 600)
        gt.append((qid, s, s + rng.uniform(2, 30)))
        pred.append((qid, [rng.uniform(0, 640) for _ in range(32)]))
    con.register("m_gt", _table(gt, ["qid", "start", "end"]))
    con.register("m_pred", _table(pred, ["qid", "timestamps"]))
    ks = [1, 2, 4, 8, 16, 32]
    sql = _one_row(con, "FROM m2m_hit_at_k(m_gt, m_pred)", [f"hit_at_{k}" for k in ks])

    def python():
        preds = dict(pred)
        return [100 * sum(any(s <= t <= e for t in preds[q][:k]) for q, s, e in gt) / len(gt) for k in ks]

    return sql, python


def _charades(con, rng, n):
    gt, pred = [], []
    for qid in range(n):
        s = rng.uniform(0, 30)
        gt.append((qid, s, s + rng.uniform(1, 10)))
        ps = rng.uniform(0, 30)
        pred.append((qid, *((None, None) if rng.random() < 0.05 else (ps, ps + rng.uniform(1, 10)))))
    con.register("c_gt", _table(gt, ["qid", "start", "end"]))
    con.register("c_pred", _table(pred, ["qid", "pred_start", "pred_end"]))
    sql = _one_row(con, "FROM charades_metrics(c_gt, c_pred)", ["r1_at_03", "r1_at_05", "r1_at_07", "miou"])

    def python():
        preds = {p[0]: p for p in pred}
        ious = []
        for qid, s, e in gt:
            _, ps, pe = preds[qid]
            inter = 0.0 if ps is None else max(0.0, min(e, pe) - max(s, ps))
            ious.append(inter / (max(e, pe) - min(s, ps)) if inter > 0 else 0.0)
        return [100 * sum(i >= t for i in ious) / len(ious) for t in (0.3, 0.5, 0.7)] + [100 * sum(ious) / len(ious)]

    return sql, python


def _calibration(con, rng, n):
    rows = [(c, rng.random() < c) for c in (rng.random() for _ in range(n))]
    con.register("answers", _table(rows, ["confidence", "correct"]))
    sql = _one_row(con, "FROM calibration(answers)", ["ace", "mce", "brier", "cc"])

    def python():
        bins = [[] for _ in range(10)]
        for c, ok in rows:
            bins[min(math.floor(c * 10), 9)].append((c, ok))
        gaps = [abs(sum(c for c, _ in b) / len(b) - sum(ok for _, ok in b) / len(b)) for b in bins if b]
        top = bins[9]
        cc = len(top) / n * (1 - abs(sum(c for c, _ in top) / len(top) - sum(ok for _, ok in top) / len(top)))
        return [100 * sum(gaps) / len(gaps), 100 * max(gaps), sum((c - ok) ** 2 for c, ok in rows) / n, 100 * cc]

    return sql, python


def _rubric(con, rng, n):
    rows = []
    for qid in range(n):
        task = f"task{qid % 8}"
        for _ in range(rng.randint(3, 8)):
            rows.append((qid, task, rng.choice([-9, -5, 1, 3, 5, 7, 10]), rng.random() < 0.6))
    con.register("judged", _table(rows, ["qid", "task", "weight", "satisfied"]))

    def sql():
        return [v for row in con.sql("SELECT score, raw_score FROM rubric_task_scores(judged)").fetchall() for v in row]

    def python():
        questions: dict[tuple, list] = {}
        for qid, task, w, ok in rows:
            q = questions.setdefault((task, qid), [0, 0])
            q[0] += w if ok else -w
            q[1] += max(w, 0)
        tasks: dict[str, list] = {}
        for (task, _), (raw, top) in questions.items():
            tasks.setdefault(task, []).append((max(0.0, 100 * raw / top) if top else None, raw))
        out = []
        for task in sorted(tasks):
            scores = [s for s, _ in tasks[task] if s is not None]
            out += [sum(scores) / len(scores), sum(r for _, r in tasks[task]) / len(tasks[task])]
        return out

    return sql, python


def _qvh(con, rng, n):
    gt, pred = [], []
    for qid in range(n):
        windows = []
        for _ in range(rng.randint(1, 3)):
            s = rng.randrange(0, 140, 2)
            windows.append((float(s), float(min(150, s + rng.randrange(2, 40, 2)))))
        gt.append((qid, 150.0, windows, [], []))
        pred.append((qid, [(float(s), float(s + rng.randrange(2, 40, 2)), rng.random())
                           for s in (rng.randrange(0, 140, 2) for _ in range(10))], []))  # fmt: skip
    scored = pa.struct([("start", pa.float64()), ("end", pa.float64()), ("score", pa.float64())])
    con.register(
        "q_gt",
        pa.table(
            {
                "qid": [g[0] for g in gt],
                "duration": [g[1] for g in gt],
                "relevant_windows": pa.array(
                    [[{"start": s, "end": e} for s, e in g[2]] for g in gt], pa.list_(INTERVAL)
                ),
                "relevant_clip_ids": pa.array([g[3] for g in gt], pa.list_(pa.int32())),
                "saliency_scores": pa.array([g[4] for g in gt], pa.list_(pa.list_(pa.int32()))),
            }
        ),
    )
    con.register(
        "q_pred",
        pa.table(
            {
                "qid": [p[0] for p in pred],
                "pred_relevant_windows": pa.array(
                    [[{"start": s, "end": e, "score": c} for s, e, c in p[1]] for p in pred], pa.list_(scored)
                ),
                "pred_saliency_scores": pa.array([p[2] for p in pred], pa.list_(pa.float64())),
            }
        ),
    )

    def sql():
        return [v for row in con.sql("SELECT r1, map FROM qvh_moment_table(q_gt, q_pred)").fetchall() for v in row]

    def python():
        r1 = {t: 0 for t in QVH_THRESHOLDS}
        ap = {t: 0.0 for t in QVH_THRESHOLDS}
        for (_, _, gts, _, _), (_, windows, _) in zip(gt, pred, strict=True):
            top = windows[0]
            cross = [_iou(top, g) for g in gts]
            best = gts[cross.index(max(cross))]
            inter = max(0.0, min(top[1], best[1]) - max(top[0], best[0]))
            hit_iou = inter / (max(top[1], best[1]) - min(top[0], best[0]))
            ranked = sorted(windows, key=lambda w: -w[2])
            for t in QVH_THRESHOLDS:
                r1[t] += hit_iou >= t
                ap[t] += _average_precision(gts, ranked, t)
        return [v for t in QVH_THRESHOLDS for v in (100 * r1[t] / len(gt), 100 * ap[t] / len(gt))]

    return sql, python


def _iou(a, b):
    inter = max(0.0, min(a[1], b[1]) - max(a[0], b[0]))
    union = (a[1] - a[0]) + (b[1] - b[0]) - inter
    return inter / union if inter > 0 else 0.0


def _average_precision(gts, ranked, threshold):
    locked = [False] * len(gts)
    hits, best_after, tps = 0, [], []
    for i, p in enumerate(ranked, start=1):
        ious = [_iou(p, g) for g in gts]
        order = sorted(range(len(gts)), key=lambda j: (ious[j], j), reverse=True)
        tp = False
        for j in order:
            if ious[j] < threshold:
                break
            if not locked[j]:
                locked[j] = tp = True
                break
        hits += tp
        tps.append(tp)
        best_after.append(hits / i)
    for i in range(len(best_after) - 2, -1, -1):
        best_after[i] = max(best_after[i], best_after[i + 1])
    return sum(b for b, tp in zip(best_after, tps, strict=True) if tp) / len(gts)


CASES: list[tuple[str, Callable[[duckdb.DuckDBPyConnection, random.Random, int], tuple[Callable, Callable]]]] = [
    ("cgbench_metrics official", _cgbench("official")),
    ("cgbench_metrics vlmevalkit", _cgbench("vlmevalkit")),
    ("falcon_metrics", _falcon),
    ("m2m_hit_at_k (32 timestamps)", _m2m),
    ("charades_metrics", _charades),
    ("calibration (10 bins)", _calibration),
    ("rubric_task_scores (3-8 criteria)", _rubric),
    ("qvh_moment_table (R1 + mAP)", _qvh),
]


# -- helpers ----------------------------------------------------------------------------------------------
def _random_intervals(rng: random.Random, duration: float, low: int, high: int) -> list[tuple[float, float]]:
    out = []
    for _ in range(rng.randint(low, high)):
        s = rng.uniform(0, duration)
        out.append((s, min(duration, s + rng.uniform(1, 60))))
    return out


def _table(rows: list[tuple], names: list[str]) -> pa.Table:
    columns: dict[str, Any] = {}
    for i, name in enumerate(names):
        values = [r[i] for r in rows]
        sample = next((v for v in values if v is not None), None)
        if name in ("grounding", "clue_intervals"):
            columns[name] = pa.array(
                [None if v is None else [{"start": s, "end": e} for s, e in v] for v in values], pa.list_(INTERVAL)
            )
        elif isinstance(sample, float) or name in ("pred_start", "pred_end"):
            columns[name] = pa.array(values, pa.float64())
        else:
            columns[name] = values
    return pa.table(columns)


def _one_row(con: duckdb.DuckDBPyConnection, query: str, columns: list[str]) -> Callable[[], list[float]]:
    def run() -> list[float]:
        rel = con.sql(query)
        row = dict(zip(rel.columns, rel.fetchone(), strict=True))
        return [row[c] for c in columns]

    return run


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def _agree(a: Any, b: Any) -> str:
    a, b = (a if isinstance(a, list) else [a]), (b if isinstance(b, list) else [b])
    if len(a) != len(b):
        return "NO (shape)"
    ok = all(math.isclose(float(x), float(y), rel_tol=1e-9, abs_tol=1e-7) for x, y in zip(a, b, strict=True))
    return "yes" if ok else "NO"


if __name__ == "__main__":
    main()
