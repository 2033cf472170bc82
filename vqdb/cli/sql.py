"""``vqdb sql CORPUS "SELECT ..."``: run SQL over a corpus and print the result.

The query runs in the corpus's read-only session (``vqdb.session``): statements that would write files
or the corpus are refused. Results go to a file with ``--output``, written here, not by DuckDB.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow as pa

from vqdb.cli import COMMANDS
from vqdb.errors import VqdbError

FORMATS = ("table", "csv", "json", "parquet")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sql", help=COMMANDS["sql"], description="Run SQL over a corpus.")
    p.add_argument("corpus", help="corpus directory")
    p.add_argument("query", help="SQL text, or - to read it from standard input")
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="table",
        help="table (default), csv, json (a list of row objects) or parquet (needs --output)",
    )
    p.add_argument("--output", "-o", help="write to this file instead of standard output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb

    query = sys.stdin.read() if args.query == "-" else args.query
    if not _has_statement(query):
        what = " (it holds only comments)" if query.strip(" \t\r\n;") else ""
        fix = "pipe SQL into it" if args.query == "-" else "give SQL text, or - to read it from standard input"
        print(f"vqdb sql: error: the query is empty{what}: {fix}", file=sys.stderr)
        return 2
    if args.format == "parquet" and not args.output:
        raise VqdbError("--format parquet writes a binary file: give --output FILE.parquet")
    if args.output and Path(args.output).is_dir():
        raise VqdbError(f"--output {args.output} is a directory; give the path of a file to write")
    with vqdb.connect(args.corpus, progress=False) as corpus:
        try:
            relation = corpus.sql(query)
            if relation is None:  # a statement without a result (CREATE, SET...)
                return 0
            write_relation(relation, args.format, args.output)
        except duckdb.Error as exc:
            raise VqdbError(f"SQL failed: {exc}") from exc
    return 0


def _has_statement(query: str) -> bool:
    """Whether ``query`` holds a statement, not only blanks, comments and semicolons; one DuckDB cannot parse
    counts as a statement (running it says what is wrong).

    Example:
        >>> _has_statement("/* the count */ ;"), _has_statement("SELECT 1 -- the count"), _has_statement("/* open")
        (False, True, True)
    """
    try:
        return bool(duckdb.extract_statements(query))
    except duckdb.Error:
        return True


def write_relation(relation: duckdb.DuckDBPyRelation, fmt: str, output: str | None) -> None:
    """Print or write a relation as table, csv, json (a list of row objects) or parquet.

    Example:
        >>> import duckdb
        >>> write_relation(duckdb.sql("SELECT 1 AS a"), "json", None)
        [
          {
            "a": 1
          }
        ]
        >>> write_relation(duckdb.sql("SELECT [1, 2] AS ids"), "csv", None)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: CSV cannot hold the list or struct column(s) ids: choose --format json or parquet, ...
    """
    if fmt == "parquet":
        import pyarrow.parquet as pq

        _write(output, lambda path: pq.write_table(_arrow(relation), path))
        return
    if fmt == "table":
        text = _table(relation)
    elif fmt == "csv":
        nested = [
            c
            for c, t in zip(relation.columns, relation.types, strict=True)
            if t.id in ("list", "struct", "map", "array", "union")
        ]
        if nested:
            raise VqdbError(
                f"CSV cannot hold the list or struct column(s) {', '.join(nested)}: choose --format json or "
                f"parquet, or turn them into text in the query (e.g. array_to_string({nested[0]}, ' '))"
            )
        text = relation.pl().write_csv()
    else:
        columns = relation.columns
        rows = [dict(zip(columns, row, strict=True)) for row in relation.fetchall()]
        text = json.dumps(rows, indent=2, default=_json_default) + "\n"
    if output:
        _write(output, lambda path: Path(path).write_text(text))
    else:
        sys.stdout.write(text)


def _arrow(relation: duckdb.DuckDBPyRelation) -> pa.Table:
    table = relation.arrow()
    return table.read_all() if hasattr(table, "read_all") else table


def _write(output: str, write: Callable[[str], object]) -> None:
    try:
        write(output)
    except OSError as exc:
        raise VqdbError(f"cannot write --output {output}: {exc.strerror or exc}; give a writable file path") from exc


def _table(relation: duckdb.DuckDBPyRelation) -> str:
    import polars as pl

    frame = relation.pl()
    binary = [c for c, t in frame.schema.items() if t == pl.Binary]
    frame = frame.with_columns(
        pl.col(c).bin.size().map_elements(lambda n: f"<{n} bytes>", return_dtype=pl.String) for c in binary
    )
    with pl.Config(tbl_rows=50, tbl_cols=-1, fmt_str_lengths=60, tbl_width_chars=160):
        return str(frame) + "\n"


def _json_default(value: object) -> object:
    if isinstance(value, bytes | bytearray):
        import base64

        return base64.b64encode(value).decode()
    return str(value)
