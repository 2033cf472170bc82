"""The SQL page: a query in the corpus's read-only session, shown as a table of at most ``limit`` rows, or
downloaded whole as CSV or Parquet (written here, in memory: DuckDB's own file access stays off).

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> result = run_query(vqdb.connect(empty_corpus()), "SELECT range AS n FROM range(5)", limit=2)
    >>> result["columns"], result["rows"], result["truncated"]
    (['n'], [[0], [1]], True)
"""

from __future__ import annotations

import io
import time
from typing import Any

import duckdb

from vqdb.errors import VqdbError
from vqdb.serve.data import since_ms

MAX_LIMIT = 10_000
NESTED = ("list", "struct", "map", "array", "union")
DOWNLOADS = {"csv": "text/csv; charset=utf-8", "parquet": "application/vnd.apache.parquet"}


def run_query(corpus: Any, sql: str, *, limit: int = 200) -> dict[str, Any]:
    """The first ``limit`` rows of ``sql`` (columns, types, rows; binary values as ``<n bytes>``), whether
    there were more, and the milliseconds it took.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> run_query(vqdb.connect(empty_corpus()), "COPY videos TO 'x.csv'")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ReadOnlyError: ...
    """
    if not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise VqdbError(f"row limit {limit!r}: give a whole number from 1 to {MAX_LIMIT}")
    started = time.perf_counter()
    relation = _relation(corpus, sql)
    if relation is None:
        return {"columns": [], "types": [], "rows": [], "truncated": False, "ms": since_ms(started)}
    fetched = relation.limit(limit + 1).fetchall()
    binary = [t.id == "blob" for t in relation.types]
    shown = [
        [f"<{len(v)} bytes>" if b and v is not None else v for v, b in zip(row, binary, strict=True)] for row in fetched
    ]
    return {
        "columns": relation.columns,
        "types": [str(t) for t in relation.types],
        "rows": shown[:limit],
        "truncated": len(fetched) > limit,
        "ms": since_ms(started),
    }


def download(corpus: Any, sql: str, fmt: str) -> bytes:
    """Every row of ``sql`` as a CSV (lists and structs as JSON text, binary as base64) or Parquet file.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> download(vqdb.connect(empty_corpus()), "SELECT [1, 2] AS ids, 'a' AS t", "csv")
        b'ids,t\\n"[1,2]",a\\n'
    """
    if fmt not in DOWNLOADS:
        raise VqdbError(f"download format {fmt!r}: choose {' or '.join(DOWNLOADS)}")
    relation = _relation(corpus, sql)
    if relation is None:
        raise VqdbError("the statement returns no rows to download; write a SELECT")
    if fmt == "parquet":
        import pyarrow.parquet as pq

        table = relation.to_arrow_table()
        buffer = io.BytesIO()
        pq.write_table(table, buffer)
        return buffer.getvalue()
    columns = []
    for name, kind in zip(relation.columns, relation.types, strict=True):
        quoted = '"' + name.replace('"', '""') + '"'
        if kind.id in NESTED:
            columns.append(f"to_json({quoted})::VARCHAR AS {quoted}")
        elif kind.id == "blob":
            columns.append(f"base64({quoted}) AS {quoted}")
        else:
            columns.append(quoted)
    return relation.project(", ".join(columns)).pl().write_csv().encode()


def _relation(corpus: Any, sql: str) -> duckdb.DuckDBPyRelation | None:
    if not isinstance(sql, str) or not sql.strip():
        raise VqdbError("the query is empty: write a SELECT over the corpus's tables (videos, frames, ocr_spans...)")
    try:
        return corpus.sql(sql)
    except duckdb.Error as exc:
        raise VqdbError(f"SQL failed: {exc}") from exc
