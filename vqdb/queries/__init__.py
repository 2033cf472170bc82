"""vqdb's SQL macros, as files users can read: interval algebra, NMS, ranks, text, similarity, metrics.

Files directly in this folder and in its sub-folders load into any DuckDB connection; ``corpus/`` holds
the macros over a corpus's tables, which ``vqdb.udfs`` creates when a corpus is attached.

Example:
    >>> import duckdb
    >>> con = duckdb.connect(); load_sql_macros(con)
    >>> con.sql("SELECT interval_iou(0, 2, 1, 3)").fetchall()
    [(0.3333333333333333,)]
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from vqdb.errors import VqdbError

QUERIES_DIR = Path(__file__).parent
CORPUS_QUERIES_DIR = QUERIES_DIR / "corpus"


def sql_files() -> list[Path]:
    """The SQL files any connection can load: top-level files first, then each sub-folder but ``corpus/``,
    sorted by name.

    Example:
        >>> [p.name for p in sql_files()][:2]
        ['intervals.sql', 'nms.sql']
    """
    top = sorted(QUERIES_DIR.glob("*.sql"))
    nested = sorted(p for p in QUERIES_DIR.glob("*/**/*.sql") if CORPUS_QUERIES_DIR not in p.parents)
    return top + nested


def load_sql_macros(con: duckdb.DuckDBPyConnection) -> None:
    """Run every file of ``sql_files()`` (macros and helper views) in ``con``.

    Example:
        >>> import duckdb
        >>> con = duckdb.connect(); load_sql_macros(con)
        >>> con.sql("SELECT interval_hull(0, 1, 2, 3)").fetchall()
        [({'start': 0.0, 'end': 3.0},)]
    """
    for path in sql_files():
        try:
            con.execute(path.read_text())
        except duckdb.Error as exc:
            raise VqdbError(f"error in SQL file {path}: {exc}") from exc
