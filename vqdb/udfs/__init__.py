"""Python functions registered in every corpus session, one module per function family.

``register_udfs(con, ctx)`` calls each family's ``register(con, ctx)``; prefer SQL macros in
``vqdb/queries`` wherever DuckDB can express the logic. Functions that need a layer above SQL (the
answerer's ``vlm_answer``) are registered by that layer, never from here.
"""

from __future__ import annotations

from typing import Any

import duckdb


def register_udfs(con: duckdb.DuckDBPyConnection, ctx: Any) -> None:
    """Register every family: text matching and grading, where a sentence says a query's words (said focus),
    numbers estimated between reads (counters), similarity (visual model), text search (MiniLM, BM25).

    Example:
        >>> from vqdb.config import Config
        >>> from vqdb.session import SessionContext, create_views, new_connection
        >>> from vqdb.store import Store
        >>> from vqdb.testing.corpora import empty_corpus
        >>> store = Store.open(empty_corpus()); con = new_connection(); create_views(con, store)
        >>> register_udfs(con, SessionContext(store=store, config=Config()))
        >>> con.sql("SELECT text_match('Hello world', 'hello')").fetchall()
        [(1.0,)]
    """
    from vqdb.udfs import counters, said_clauses, said_focus, similarity, text_grade, text_match, text_search

    for family in (text_match, text_grade, said_focus, said_clauses, counters, similarity, text_search):
        family.register(con, ctx)
