"""``text_match(text, query)``: a 0..1 fuzzy-match score for short on-screen strings (OCR).

SQL signature: ``text_match(text VARCHAR, query VARCHAR) -> DOUBLE`` (NULL when either is NULL).

How the score is made (rapidfuzz, both strings through ``rapidfuzz.utils.default_process``: lower
case, punctuation to spaces, trimmed): when the text is at least as long as the query, the score is
``fuzz.partial_ratio``, the best alignment of the query on a substring of the text, so "hello world"
scores 1.0 in "Hello world _" and about 0.9 in "Hello wrld"; when the text is shorter than the query,
the whole text is compared (``fuzz.ratio``), so a short box such as "Copyright" cannot score high for a
long query such as "copyright 2013 brandon castellano". Scores are divided by 100.

Why not a native DuckDB expression: ``jaro_winkler_similarity`` and ``levenshtein`` compare whole
strings, so a query inside a longer OCR line scores low; ``partial_ratio`` is what OCR lookups need.
The UDF is vectorized: one ``rapidfuzz.process.cdist`` call per distinct query in each Arrow batch.

Example:
    >>> import duckdb
    >>> con = duckdb.connect(); register(con, None)
    >>> con.sql("SELECT text_match('Hello world _', 'hello world') AS s").fetchall()
    [(1.0,)]
    >>> con.sql("SELECT round(text_match('Copyright', 'copyright 2013 brandon castellano'), 2)").fetchall()
    [(0.43,)]
"""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from rapidfuzz import fuzz, process, utils

from vqdb.udfs.arrow_results import owned


def text_match_scores(texts: pa.Array, queries: pa.Array) -> pa.Array:
    """Row-wise scores 0..1 of ``texts`` against ``queries`` (two string arrays of equal length).

    Example:
        >>> import pyarrow as pa
        >>> text_match_scores(pa.array(["Hello world", None]), pa.array(["world", "x"])).to_pylist()
        [1.0, None]
    """
    texts, queries = _combined(texts), _combined(queries)
    scores = np.zeros(len(texts), dtype=np.float64)
    encoded = pc.dictionary_encode(queries)
    codes = encoded.indices.fill_null(-1).to_numpy(zero_copy_only=False)
    text_lengths = pc.utf8_length(pc.utf8_trim_whitespace(texts.fill_null(""))).to_numpy(zero_copy_only=False)
    for code, query in enumerate(encoded.dictionary.to_pylist()):
        rows = np.flatnonzero(codes == code)
        choices = texts.take(pa.array(rows)).fill_null("").to_pylist()
        if not utils.default_process(query):
            continue  # an empty query (or only punctuation) matches nothing: score 0
        partial = _cdist(query, choices, fuzz.partial_ratio)
        whole = _cdist(query, choices, fuzz.ratio)
        shorter = text_lengths[rows] < len(query.strip())
        scores[rows] = np.where(shorter, whole, partial) / 100.0
    missing = pc.or_(pc.is_null(texts), pc.is_null(queries)).to_numpy(zero_copy_only=False)
    return pa.array(scores, mask=missing, type=pa.float64())


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Register ``text_match`` in ``con`` unless it is there (``ctx``, the session context, is not needed).

    A function already registered is kept, not replaced: it holds no state, and DuckDB cannot drop a
    Python function while an earlier result of the connection still refers to it.
    """
    if is_registered(con, "text_match"):
        return
    con.create_function(
        "text_match",
        owned(text_match_scores),
        [duckdb.sqltypes.VARCHAR, duckdb.sqltypes.VARCHAR],
        duckdb.sqltypes.DOUBLE,
        type="arrow",
        null_handling="special",
    )


def is_registered(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    """Whether a function called ``name`` exists in ``con``.

    Example:
        >>> import duckdb
        >>> is_registered(duckdb.connect(), "lower"), is_registered(duckdb.connect(), "no_such_function")
        (True, False)
    """
    query = "SELECT count(*) FROM duckdb_functions() WHERE function_name = ?"
    return con.execute(query, [name]).fetchone()[0] > 0


def _cdist(query: str, choices: list[str], scorer) -> np.ndarray:
    return process.cdist([query], choices, scorer=scorer, processor=utils.default_process, dtype=np.float64)[0]


def _combined(array: pa.Array | pa.ChunkedArray) -> pa.Array:
    array = array.combine_chunks() if isinstance(array, pa.ChunkedArray) else array
    return array.cast(pa.string())
