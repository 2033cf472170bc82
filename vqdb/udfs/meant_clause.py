"""``meant_clause(pieces, query, pause_s)``: the clause of a sentence closest in meaning to the query, for a
sentence found by its meaning that shares no word with it.

A sentence embedding (MiniLM) spreads a sentence's meaning over all its clauses, so a short question compares
poorly with a long sentence: "finished" is 0.38 to Whisper's one segment "I will show a directory done." and
0.47 to its clause "done.", "going to display a folder" 0.54 to the segment and 0.69 to "I will show a
directory". A person asked when he says he is finished marks "done", not the 6 s segment. The clauses are those
``said_clauses`` cuts the sentence's words into (punctuation, pauses of ``pause_s``; the words' heard times,
``text_grade.heard_times``); the sentence's words join
the clause their middle is said in. The focus is the clause whose embedding is closest to the query's, when it is
closer than the whole sentence's; else none (NULL: the sentence is its own focus). A sentence of one clause has
none.

SQL signature: ``meant_clause(pieces STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[], query VARCHAR,
pause_s DOUBLE) -> STRUCT(start_s DOUBLE, end_s DOUBLE)`` (NULL when any is NULL), registered beside
``text_embed`` and embedding through the same vectors (``vqdb.udfs.text_search``).

Example:
    >>> import numpy as np
    >>> from vqdb.udfs.text_vectors import TextVectorCache
    >>> class Unit:  # a stand-in for MiniLM: "done" and "finished" mean the same, nothing else does
    ...     model_id, dim = "unit", 2
    ...     def embed_texts(self, texts):
    ...         return np.float32([[1, 0] if t in ("done.", "finished") else [0.6, 0.8] for t in texts])
    >>> texts = ["I", "will", "show", "a", "directory", "done."]
    >>> starts, ends = np.array([0.5, 1.0, 1.2, 1.6, 2.2, 6.3]), np.array([1.0, 1.2, 1.6, 2.2, 2.8, 6.5])
    >>> closest_clause(texts, starts, ends, "finished", 0.5, TextVectorCache(Unit, dim=2).vectors)
    (6.3, 6.5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import duckdb
import numpy as np
import pyarrow as pa

from vqdb.udfs.arrow_results import owned
from vqdb.udfs.said_clauses import said_clauses
from vqdb.udfs.text_grade import UTTERANCE, TimedPieces
from vqdb.udfs.text_match import is_registered

Vectors = Callable[[list[str]], dict[str, np.ndarray]]  # each distinct text's vector (``TextVectorCache.vectors``)


def closest_clause(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, query: str, pause_s: float, vectors: Vectors
) -> tuple[float, float] | None:
    """(start, end) of the clause of the words ``texts`` (said from ``starts`` to ``ends``, in time order) whose
    embedding (``vectors``) is closest to the query's, when it is closer than the whole sentence's; None when none
    is, or the words make one clause (see the module doc)."""
    starts, ends = np.asarray(starts, np.float64), np.asarray(ends, np.float64)
    clause_start, clause_end = said_clauses(list(texts), starts, ends, pause_s)
    if len(clause_start) < 2:
        return None
    middle = (starts + ends) / 2
    member = np.clip(np.searchsorted(clause_start, middle, "right") - 1, 0, len(clause_start) - 1)
    words = [word.strip() for word in texts]
    clauses = [
        " ".join(w for w, m in zip(words, member.tolist(), strict=True) if m == k and w)
        for k in range(len(clause_start))
    ]
    sentence = " ".join(w for w in words if w)
    found = vectors([query, sentence, *(c for c in clauses if c)])
    query_vector = found[query]

    def closeness(text: str) -> float:
        return float(np.dot(found[text], query_vector)) if text else -np.inf

    closest = max(range(len(clauses)), key=lambda k: closeness(clauses[k]))
    if closeness(clauses[closest]) <= closeness(sentence):
        return None
    return float(clause_start[closest]), float(clause_end[closest])


def meant_clause_udf(vectors: Vectors) -> Callable[[pa.Array, pa.Array, pa.Array], pa.Array]:
    """The Arrow UDF ``meant_clause`` over ``vectors``: row-wise, ``closest_clause`` of the pieces (``text``,
    ``start_s``, ``end_s``), the query and the pause, as a ``STRUCT(start_s, end_s)``; NULL where any is NULL or
    no clause is closer than the sentence.

    Example:
        >>> import numpy as np, pyarrow as pa
        >>> vectors = lambda texts: {t: np.float32([1, 0] if t in ("b.", "q") else [0, 1]) for t in texts}
        >>> said = [{"text": "a,", "start_s": 0.0, "end_s": 0.5}, {"text": "b.", "start_s": 0.5, "end_s": 0.8}]
        >>> meant_clause_udf(vectors)(pa.array([said, None]), pa.array(["q", "q"]), pa.array([0.5, 0.5])).to_pylist()
        [{'start_s': 0.5, 'end_s': 0.8}, None]
    """

    def meant_clause(pieces: pa.Array, queries: pa.Array, pauses: pa.Array) -> pa.Array:
        rows = TimedPieces.of(pieces)
        out = []
        for row, (query, pause_s) in enumerate(zip(queries.to_pylist(), pauses.to_pylist(), strict=True)):
            said_in = rows.row(row)
            missing = said_in is None or query is None or pause_s is None
            focus = None if missing else closest_clause(*said_in, query, pause_s, vectors)
            out.append(None if focus is None else {"start_s": focus[0], "end_s": focus[1]})
        return pa.array(out, type=UTTERANCE)

    return meant_clause


def register(con: duckdb.DuckDBPyConnection, vectors: Vectors) -> None:
    """Register ``meant_clause`` in ``con`` over ``vectors`` (``text_embed``'s cache) unless it is there."""
    if is_registered(con, "meant_clause"):
        return
    con.create_function(
        "meant_clause",
        owned(meant_clause_udf(vectors)),
        ["STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[]", "VARCHAR", "DOUBLE"],
        "STRUCT(start_s DOUBLE, end_s DOUBLE)",
        type="arrow",
        side_effects=True,
        null_handling="special",
    )
