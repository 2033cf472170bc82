"""``vqdb eval BENCH --gt FILE --pred FILE [--variant V] [--json OUT]``: score a prediction file.

Runs on a plain DuckDB connection with the vqdb macros (no corpus needed), prints the metric table
and, with ``--json``, writes ``{metric: value}`` (percentages x100, unrounded, plus ``n``). Malformed
records are listed on stderr and skipped; so is the coverage: how many ground-truth questions have a
prediction, and what the reference does with the others, which the JSON holds too as
``"coverage": {"questions": ..., "predicted": ..., "missing": ...}``.

Example:
    >>> import json, tempfile
    >>> from vqdb.cli import main
    >>> gt, pred = tempfile.mktemp(suffix=".txt"), tempfile.mktemp(suffix=".jsonl")
    >>> _ = open(gt, "w").write("VID1 0.0 10.0##a person opens a door.\\n")
    >>> _ = open(pred, "w").write(json.dumps({"qid": 1, "window": "from 0 to 5 seconds"}))
    >>> main(["eval", "charades", "--gt", gt, "--pred", pred])
    n         1
    r1_at_03  100
    r1_at_05  100
    r1_at_07  0
    miou      50
    0
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import duckdb

from vqdb.cli import COMMANDS
from vqdb.eval.evaluate import BENCHMARKS, Coverage, evaluate, to_json
from vqdb.eval.loaders.base import Problem
from vqdb.queries import load_sql_macros

SHOWN_PROBLEMS = 20


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``vqdb eval``.

    Example:
        >>> import argparse
        >>> sub = argparse.ArgumentParser().add_subparsers()
        >>> add_parser(sub)
        >>> sub.choices["eval"].parse_args(["m2m", "--gt", "g.jsonl", "--pred", "p.jsonl"]).bench
        'm2m'
    """
    parser = subparsers.add_parser(
        "eval",
        help=COMMANDS["eval"],
        description="Score a prediction file against a benchmark's ground truth with vqdb's SQL metric macros.",
    )
    parser.add_argument("bench", choices=sorted(BENCHMARKS), help="benchmark")
    parser.add_argument("--gt", type=Path, help="ground-truth file (not used by calibration and rubric)")
    parser.add_argument("--pred", type=Path, required=True, help="predictions (JSONL; see docs/metrics.md)")
    parser.add_argument("--variant", help="scoring variant (cgbench: official [default] or vlmevalkit)")
    parser.add_argument("--bins", type=int, help="calibration: number of confidence bins (default 10)")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the metrics as JSON to this file")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Score, print the table, write JSON; returns the exit status.

    Example:
        >>> import json, tempfile
        >>> from vqdb.cli import main
        >>> gt, pred = tempfile.mktemp(suffix=".jsonl"), tempfile.mktemp(suffix=".jsonl")
        >>> _ = open(gt, "w").write(json.dumps({"qid": 1, "start": 3, "end": 8}))
        >>> _ = open(pred, "w").write(json.dumps({"qid": 1, "timestamps": [5.0]}))
        >>> main(["eval", "m2m", "--gt", gt, "--pred", pred])
        n          1
        hit_at_1   100
        hit_at_2   100
        hit_at_4   100
        hit_at_8   100
        hit_at_16  100
        hit_at_32  100
        0
    """
    con = duckdb.connect()
    load_sql_macros(con)
    opts: dict[str, Any] = {} if args.bins is None else {"bins": args.bins}
    problems: list[Problem] = []
    coverage: list[Coverage] = []
    relation = evaluate(con, args.bench, args.gt, args.pred, args.variant, problems, coverage, **opts)
    result = to_json(relation, keyed=BENCHMARKS[args.bench].keyed)
    if coverage:  # a benchmark with ground truth
        result["coverage"] = coverage[0].as_json()
    _report_problems(problems)
    for line in coverage:
        print(f"vqdb eval: {line}", file=sys.stderr)
    print(format_table(relation.columns, relation.fetchall()))
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=2) + "\n")
        print(f"wrote {args.json_out}", file=sys.stderr)
    return 0


def format_table(columns: list[str], rows: list[tuple]) -> str:
    """A plain aligned text table; one-row results are printed as ``metric  value`` lines.

    Example:
        >>> print(format_table(["n", "miou"], [(2, 33.333333)]))
        n     2
        miou  33.333333
    """
    if len(rows) == 1:
        width = max(len(c) for c in columns)
        return "\n".join(f"{c.ljust(width)}  {_cell(v)}" for c, v in zip(columns, rows[0], strict=True))
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) for r in cells]
    return "\n".join(line.rstrip() for line in lines)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.6g}" if abs(value) < 1e-3 and value else f"{value:.6f}".rstrip("0").rstrip(".")
    return str(value)


def _report_problems(problems: list[Problem]) -> None:
    if not problems:
        return
    print(f"{len(problems)} malformed records skipped or nulled:", file=sys.stderr)
    for problem in problems[:SHOWN_PROBLEMS]:
        print(f"  {problem}", file=sys.stderr)
    if len(problems) > SHOWN_PROBLEMS:
        print(f"  ... and {len(problems) - SHOWN_PROBLEMS} more", file=sys.stderr)
