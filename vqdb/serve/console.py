"""The SQL page: a query in the corpus's read-only session, shown as a table of at most ``limit`` rows (binary
values that are JPEG, PNG, GIF or WebP images also as ``data:`` URLs, which the page shows as thumbnails), or
downloaded whole as CSV or Parquet (written here, in memory: DuckDB's own file access stays off).

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> result = run_query(vqdb.connect(empty_corpus()), "SELECT range AS n FROM range(5)", limit=2)
    >>> result["columns"], result["rows"], result["truncated"]
    (['n'], [[0], [1]], True)
"""

from __future__ import annotations

import base64
import io
import time
from typing import TYPE_CHECKING, Any

import duckdb

from vqdb.errors import VqdbError
from vqdb.serve.data import since_ms

if TYPE_CHECKING:
    from vqdb.corpus import Corpus

MAX_LIMIT = 10_000
NESTED = ("list", "struct", "map", "array", "union")
DOWNLOADS = {"csv": "text/csv; charset=utf-8", "parquet": "application/vnd.apache.parquet"}
# The images a browser shows by their first bytes (no SVG: it is a document, not a picture)
IMAGE_SIGNATURES = ((b"\xff\xd8\xff", "image/jpeg"), (b"\x89PNG\r\n\x1a\n", "image/png"), (b"GIF8", "image/gif"))
MAX_IMAGE_BYTES = 8 << 20  # images one result shows inline, in all; beyond, a binary value is shown by its size


def run_query(corpus: Corpus, sql: str, *, limit: int = 200) -> dict[str, Any]:
    """The first ``limit`` rows of ``sql`` (columns, types, rows; binary values as ``<n bytes>``), whether
    there were more, and the milliseconds it took; the binary values that are images as ``images``, ``[row,
    column, data URL]``, up to ``MAX_IMAGE_BYTES`` in all (``images_left_out``: how many more there were).

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
        empty = {"columns": [], "types": [], "rows": [], "truncated": False, "images": [], "images_left_out": 0}
        return {**empty, "ms": since_ms(started)}
    fetched = relation.limit(limit + 1).fetchall()
    binary = [t.id == "blob" for t in relation.types]
    rows = [
        [f"<{len(v)} bytes>" if b and v is not None else v for v, b in zip(row, binary, strict=True)] for row in fetched
    ]
    images, left_out = inline_images(fetched[:limit], binary)
    return {
        "columns": relation.columns,
        "types": [str(t) for t in relation.types],
        "rows": rows[:limit],
        "truncated": len(fetched) > limit,
        "images": images,
        "images_left_out": left_out,
        "ms": since_ms(started),
    }


def inline_images(rows: list[tuple], binary: list[bool]) -> tuple[list[list], int]:
    """``[row, column, data URL]`` for each value of a ``binary`` column that is an image (``image_type``), in
    order, while they come to at most ``MAX_IMAGE_BYTES``; and how many images did not fit.

    Example:
        >>> inline_images([(b"\\x89PNG\\r\\n\\x1a\\n", b"<svg/>", "x")], [True, True, False])
        ([[0, 0, 'data:image/png;base64,iVBORw0KGgo=']], 0)
    """
    images, left_out, budget = [], 0, MAX_IMAGE_BYTES
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            kind = image_type(value) if binary[c] and value is not None else None
            if kind is None:
                continue
            if len(value) > budget:
                left_out += 1
                continue
            budget -= len(value)
            images.append([r, c, f"data:{kind};base64,{base64.b64encode(value).decode()}"])
    return images, left_out


def image_type(value: bytes) -> str | None:
    """The MIME type of ``value`` when it is an image a browser shows as a picture (JPEG, PNG, GIF, WebP),
    read from its first bytes; None for anything else.

    Example:
        >>> image_type(b"\\xff\\xd8\\xff\\xe0 JFIF"), image_type(b"RIFF\\0\\0\\0\\0WEBPVP8 "), image_type(b"<svg>")
        ('image/jpeg', 'image/webp', None)
    """
    if value[:4] == b"RIFF" and value[8:12] == b"WEBP":
        return "image/webp"
    return next((kind for signature, kind in IMAGE_SIGNATURES if value.startswith(signature)), None)


def download(corpus: Corpus, sql: str, fmt: str) -> bytes:
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


def _relation(corpus: Corpus, sql: str) -> duckdb.DuckDBPyRelation | None:
    if not isinstance(sql, str) or not sql.strip():
        raise VqdbError("the query is empty: write a SELECT over the corpus's tables (videos, frames, ocr_spans...)")
    try:
        return corpus.sql(sql)
    except duckdb.Error as exc:
        raise VqdbError(f"SQL failed: {exc}") from exc
