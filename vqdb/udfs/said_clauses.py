"""``clauses(pieces, pause_s)``: where each clause of a timed text is said, for a question related in time to
words said ("what does he say right after 'my fellow'?").

A **clause** said is a stretch of an utterance (``text_grade.said_utterances``: the pieces said with less than
``pause_s`` of silence between them) up to a piece that ends a clause (punctuation, but not the periods of
letters: "F.B.I.") or a pause a listener hears (``text_grade.heard_clauses``): the phrases of
``text_grade.said_phrases`` before a long clause is cut by time. What is
said right after words is what follows their clause ("And so, my fellow Americans," then "ask not ..."), but
only where the clause ends within the phrase they are said in: a clause of 5 s without a comma ("the Guttenberg
or 42-line Bible of about 1455,") goes on with what is said after its first words.

SQL signature: ``clauses(pieces STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[], pause_s DOUBLE)
-> STRUCT(start_s DOUBLE, end_s DOUBLE)[]`` (NULL when either is NULL).

Example:
    >>> import duckdb
    >>> con = duckdb.connect(); register(con, None)
    >>> said = [("So,", 0.0, 0.3), ("my", 0.3, 0.5), ("fellow", 0.5, 0.8), ("Americans,", 0.8, 1.3), ("ask", 2.0, 2.3)]
    >>> pieces = [{"text": t, "start_s": a, "end_s": b} for t, a, b in said]
    >>> con.sql("SELECT clauses($p, 0.5)", params={"p": pieces}).fetchall()[0][0]
    [{'start_s': 0.0, 'end_s': 0.3}, {'start_s': 0.3, 'end_s': 1.3}, {'start_s': 2.0, 'end_s': 2.3}]
"""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import numpy as np
import pyarrow as pa

from vqdb.udfs.arrow_results import owned
from vqdb.udfs.text_grade import _listed, heard_clauses
from vqdb.udfs.text_match import is_registered


def said_clauses(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, pause_s: float
) -> tuple[np.ndarray, np.ndarray]:
    """Where each clause of a timed text (its pieces in time order) is said, in time order: its pieces' heard
    times joined from one clause's opening to the next (``heard_clauses``).

    Example:
        >>> words = ["ask", "not", "what", "you", "can", "do", "for", "you,", "ask", "what", "you", "can", "do."]
        >>> starts = np.arange(13) * 0.4  # 5.2 s: phrases cut it by time, a clause is whole
        >>> [b.round(2).tolist() for b in said_clauses(words, starts, starts + 0.4, 0.5)]
        [[0.0, 3.2], [3.2, 5.2]]
    """
    if not len(texts):
        return np.zeros(0), np.zeros(0)
    low, high, opens = heard_clauses(texts, starts, ends, pause_s)
    first = np.flatnonzero(opens)
    if not len(first):
        return np.zeros(0), np.zeros(0)
    return low[first], np.maximum.reduceat(high, first)


def clauses(pieces: pa.Array, pauses: pa.Array) -> pa.Array:
    """The Arrow UDF ``clauses``: one list of (start_s, end_s) per row, ``said_clauses`` of its pieces (NULL when
    the pieces or the pause are NULL).

    Example:
        >>> pieces = pa.array([[{"text": "hi,", "start_s": 0.0, "end_s": 0.3}, {"text": "you", "start_s": 0.3,
        ...                     "end_s": 0.6}]])
        >>> clauses(pieces, pa.array([0.5])).to_pylist()
        [[{'start_s': 0.0, 'end_s': 0.3}, {'start_s': 0.3, 'end_s': 0.6}]]
    """
    return _listed(pieces, pauses, said_clauses)


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Register ``clauses`` in ``con`` unless it is there (``ctx`` is not needed: it holds no corpus state)."""
    if is_registered(con, "clauses"):
        return
    con.create_function(
        "clauses",
        owned(clauses),
        ["STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[]", "DOUBLE"],
        "STRUCT(start_s DOUBLE, end_s DOUBLE)[]",
        type="arrow",
        null_handling="special",
    )
