"""Score a benchmark: load ground truth and predictions (files or existing tables), run its metric macro.

``evaluate`` returns the DuckDB relation of the macro (``.pl()``, ``.df()``, ``.fetchall()``);
``metrics_json`` turns it into ``{metric: value}`` (percentages x100, unrounded, plus ``n``).
Benchmarks, their macros and loaders are registered in ``BENCHMARKS`` (``vqdb.eval.loaders``).

Example:
    >>> import duckdb, json, tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "gt.txt").write_text("VID1 0.0 10.0##a person opens a door.\\n")
    >>> _ = (folder / "pred.jsonl").write_text(json.dumps({"qid": 1, "window": "from 0 to 5 seconds"}) + "\\n")
    >>> metrics_json(duckdb.connect(), "charades", folder / "gt.txt", folder / "pred.jsonl")
    {'n': 1, 'r1_at_03': 100.0, 'r1_at_05': 100.0, 'r1_at_07': 0.0, 'miou': 50.0}
"""

from __future__ import annotations

import dataclasses
import decimal
import itertools
import math
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from vqdb.errors import ConfigError, VqdbError
from vqdb.eval.loaders import BENCHMARKS, get
from vqdb.eval.loaders.base import Benchmark, Loaded, Problem
from vqdb.queries import load_sql_macros

_names = itertools.count()


def evaluate(
    con: duckdb.DuckDBPyConnection,
    bench: str,
    gt: str | Path | pa.Table | None = None,
    pred: str | Path | pa.Table | None = None,
    variant: str | None = None,
    problems: list[Problem] | None = None,
    coverage: list[Coverage] | None = None,
    **opts: Any,
) -> duckdb.DuckDBPyRelation:
    """Score ``pred`` against ``gt`` with the macro of ``bench``; returns the metric relation.

    ``gt``/``pred`` are file paths (loaded by the benchmark's loader / prediction format), names of
    tables or views already in ``con`` (with the columns the macro documents), or Arrow tables.
    Malformed records are appended to ``problems`` when given, otherwise reported as one warning.
    ``coverage``, when given, gets a ``Coverage``: how many ground-truth questions have a prediction and
    what the reference does with the others (benchmarks with ground truth only).
    ``opts`` are the macro's named options (``bins`` for calibration).

    Example:
        >>> import duckdb
        >>> con = duckdb.connect()
        >>> _ = con.execute('CREATE TABLE gt AS SELECT 1 AS qid, 0.0 AS start, 10.0 AS "end"')
        >>> _ = con.execute("CREATE TABLE pred AS SELECT 1 AS qid, 2.0 AS pred_start, 7.0 AS pred_end")
        >>> evaluate(con, "charades", "gt", "pred").fetchall()
        [(1, 100.0, 100.0, 0.0, 50.0)]
        >>> _ = con.execute("INSERT INTO gt VALUES (2, 0.0, 5.0)")
        >>> lines = []
        >>> _ = evaluate(con, "charades", "gt", "pred", coverage=lines)
        >>> print(lines[0])  # doctest: +NORMALIZE_WHITESPACE
        coverage: 1 of 2 questions have a prediction (50.0%); the other 1 score IoU 0, as the reference scores an
        unparseable answer, and count in n
    """
    spec = get(bench)
    if variant is not None and variant not in spec.variants:
        raise ConfigError(
            f"benchmark {bench!r} has no variant {variant!r}"
            + (f"; use one of {', '.join(spec.variants)}" if spec.variants else " (it has a single definition)")
        )
    unknown = set(opts) - set(spec.options)
    if unknown:
        raise ConfigError(f"benchmark {bench!r} takes no option {', '.join(sorted(unknown))}")
    _ensure_macros(con, spec.macro)
    found: list[Problem] = []
    arguments = []
    if spec.load_gt is not None:
        if gt is None:
            raise ConfigError(f"benchmark {bench!r} needs ground truth: pass gt (a file or a table name)")
        arguments.append(_relation_name(con, bench, "gt", gt, spec.load_gt, found))
    if pred is None:
        raise ConfigError(f"benchmark {bench!r} needs predictions: pass pred (a file or a table name)")
    arguments.append(_relation_name(con, bench, "pred", pred, lambda p: spec.load_predictions(p, variant), found))
    named = {"variant": variant or spec.variants[0]} if spec.variants else {}
    named.update(opts)
    call = ", ".join([_literal(a) for a in arguments] + [f"{k} := {_literal(v)}" for k, v in named.items()])
    if problems is not None:
        problems.extend(found)
    elif found:
        shown = "; ".join(str(p) for p in found[:5])
        warnings.warn(f"{len(found)} malformed {bench} records skipped or nulled: {shown}", stacklevel=2)
    try:
        relation = con.sql(f"FROM {spec.macro}({call})")
    except duckdb.Error as exc:
        raise VqdbError(f"{bench}: {exc}") from exc
    if coverage is not None and spec.load_gt is not None:
        coverage.append(_coverage(con, spec, arguments[0], arguments[1]))
    return relation


@dataclasses.dataclass(frozen=True)
class Coverage:
    """How many ground-truth questions have a prediction, and what the reference does with the others
    (``missing``); ``str()`` is the line ``vqdb eval`` prints, ``as_json()`` what it writes.

    Example:
        >>> coverage = Coverage(questions=3, predicted=1, missing="count as misses")
        >>> print(coverage)
        coverage: 1 of 3 questions have a prediction (33.3%); the other 2 count as misses
        >>> coverage.as_json()
        {'questions': 3, 'predicted': 1, 'missing': 'count as misses'}
    """

    questions: int
    predicted: int
    missing: str

    def __str__(self) -> str:
        share = 100 * self.predicted / max(self.questions, 1)
        line = f"coverage: {self.predicted} of {self.questions} questions have a prediction ({share:.1f}%)"
        return (
            line
            if self.predicted == self.questions
            else f"{line}; the other {self.questions - self.predicted} {self.missing}"
        )

    def as_json(self) -> dict[str, Any]:
        """The counts and what the reference does with a question without a prediction, as a dict."""
        return dataclasses.asdict(self)


def _coverage(con: duckdb.DuckDBPyConnection, spec: Benchmark, gt: str, pred: str) -> Coverage:
    questions, predicted = con.sql(
        f"SELECT count(DISTINCT g.{spec.key}), count(DISTINCT p.{spec.key}) FROM {gt} AS g "
        f"LEFT JOIN {pred} AS p ON g.{spec.key} = p.{spec.key}"
    ).fetchone()
    return Coverage(questions, predicted, spec.missing)


def metrics_json(
    con: duckdb.DuckDBPyConnection,
    bench: str,
    gt: str | Path | pa.Table | None = None,
    pred: str | Path | pa.Table | None = None,
    variant: str | None = None,
    problems: list[Problem] | None = None,
    **opts: Any,
) -> dict[str, Any]:
    """``evaluate`` as a dict: ``{metric: value}``; for per-group benchmarks (FALCON datasets, rubric
    tasks) ``{group: {metric: value}}`` plus the total ``n``. NaN becomes ``None``.

    Example:
        >>> import duckdb, pyarrow as pa
        >>> answers = pa.table({"confidence": [0.95, 0.2], "correct": [True, False]})
        >>> metrics_json(duckdb.connect(), "calibration", pred=answers)["n"]
        2
    """
    relation = evaluate(con, bench, gt, pred, variant, problems, **opts)
    return to_json(relation, keyed=BENCHMARKS[bench].keyed)


def to_json(relation: duckdb.DuckDBPyRelation, keyed: bool = False) -> dict[str, Any]:
    """One-row relation -> ``{column: value}``; keyed -> ``{first column value: {column: value}}`` + ``n``.

    Example:
        >>> import duckdb
        >>> to_json(duckdb.sql("SELECT 2 AS n, 50.0::DOUBLE AS acc"))
        {'n': 2, 'acc': 50.0}
    """
    columns = relation.columns
    rows = [{c: _plain(v) for c, v in zip(columns, row, strict=True)} for row in relation.fetchall()]
    if not keyed:
        if len(rows) != 1:
            raise VqdbError(f"expected one row of metrics, got {len(rows)}")
        return rows[0]
    out: dict[str, Any] = {}
    for row in rows:
        out[str(row.pop(columns[0]))] = row
    groups = [g for name, g in out.items() if name != "overall"]
    out = {"n": sum(g.get("n") or 0 for g in groups), **out}
    return out


def _ensure_macros(con: duckdb.DuckDBPyConnection, macro: str) -> None:
    count = con.execute("SELECT count(*) FROM duckdb_functions() WHERE function_name = ?", [macro]).fetchone()[0]
    if not count:
        load_sql_macros(con)


def _relation_name(
    con: duckdb.DuckDBPyConnection,
    bench: str,
    role: str,
    source: str | Path | pa.Table,
    load: Callable[[str | Path], Loaded],
    problems: list[Problem],
) -> str:
    name = f"vqdb_eval_{bench}_{role}_{next(_names)}"
    if isinstance(source, pa.Table):
        con.register(name, source)
        return name
    path = Path(source)
    if isinstance(source, Path) or path.suffix or path.is_file():
        if not path.is_file():
            raise VqdbError(f"{bench} {role} file not found: {path}")
        loaded = load(path)
        if not loaded.table.num_rows:
            first = f"; the first problem: {loaded.problems[0]}" if loaded.problems else ""
            raise VqdbError(
                f"{bench} {role} file {path} holds no usable record{first}. Give a JSON array of records, or "
                "JSONL with one record per line (see docs/metrics.md)"
            )
        problems.extend(Problem(f"{path.name} {p.where}", p.message) for p in loaded.problems)
        con.register(name, loaded.table)
        return name
    exists = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE table_name = ? UNION ALL "
        "SELECT count(*) FROM duckdb_views() WHERE view_name = ?",
        [str(source), str(source)],
    ).fetchall()
    if not any(count for (count,) in exists):
        raise VqdbError(f"{bench} {role}: {source!r} is neither a file nor a table or view in this connection")
    return str(source)


def _literal(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def _plain(value: Any) -> Any:
    if isinstance(value, decimal.Decimal):
        value = float(value)
    if isinstance(value, float) and math.isnan(value):
        return None
    return value
