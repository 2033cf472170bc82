"""``said_focus(pieces, query)``: where in a sentence its words say the query's words, for a sentence found by
its meaning.

A sentence close in meaning to a question (MiniLM) is found whole: "The earliest book, printed with movable
types, the Guttenberg or 42-line Bible of about 1455, has never been surpassed." for "when does she say it has
never been bettered", the whole 11 s sentence. A person marks the part of it the question repeats: "has never
been". The **focus** of a sentence is the shortest stretch of its words that says the most of the query's
content words (not ``FUNCTION_WORDS``; each weighs its length in characters): a word of the sentence says a
query word when their canonical forms are equal ("three thousand" and "3000", "colour" and "color"), share
their stem ("yearly" and "year", ``word_stem``), sound alike (``sound_key``: "frownhofer" and "Fraunhofer") or
are spelled nearly alike (``rapidfuzz``'s ratio at least ``SPELLED_ALIKE``: "gutenburg" and "Guttenberg").
A sentence sharing no word with the query has no focus (NULL): the whole sentence is its evidence.

SQL signature: ``said_focus(pieces STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[], query VARCHAR)
-> STRUCT(start_s DOUBLE, end_s DOUBLE)`` (NULL when either is NULL or no word is shared).

Example:
    >>> import duckdb
    >>> con = duckdb.connect(); register(con, None)
    >>> said = [("Saving", 23.66), ("250", 24.28), ("pounds", 24.9), ("a", 25.72), ("month", 25.98), ("gives", 26.16),
    ...         ("you", 26.46), ("3000", 26.76), ("pounds", 27.34), ("a", 27.84), ("year.", 28.02)]
    >>> pieces = [{"text": t, "start_s": a, "end_s": a + 0.3} for t, a in said]
    >>> con.sql("SELECT said_focus($p, 'the yearly total of three thousand pounds')", params={"p": pieces}).fetchall()
    [({'start_s': 26.76, 'end_s': 28.32},)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import duckdb
import numpy as np
import pyarrow as pa
from rapidfuzz import fuzz

from vqdb.textnorm import FUNCTION_WORDS, canonical_spans, canonical_words, sound_key
from vqdb.udfs.arrow_results import owned
from vqdb.udfs.text_grade import UTTERANCE, TimedPieces, word_stem
from vqdb.udfs.text_match import is_registered

SPELLED_ALIKE = 80  # rapidfuzz ratio (0..100) from which two words of SPELLED_MIN letters or more are the same word
SPELLED_MIN = 5  # shorter words differ by too few letters to be told apart by spelling ("bat" / "cat")
SOUNDED_MIN = 3  # a sound key this long at least: shorter ones ("n", "tk") are shared by many words
SENTENCES_KEPT = 20_000  # sentences whose canonical words are kept (a few hundred a video)


def shared_words_focus(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, query: str
) -> tuple[float, float] | None:
    """(start, end) of the shortest stretch of the words ``texts`` (said from ``starts`` to ``ends``, in time
    order) that says the most characters of the query's distinct content words, the earliest of equals; None
    when no word is shared.

    Example:
        >>> texts = ["has", "never", "been", "surpassed."]
        >>> shared_words_focus(texts, np.array([9.79, 10.13, 10.45, 10.69]), np.array([10.13, 10.45, 10.69, 11.67]),
        ...                    "it has never been bettered")
        (10.13, 10.45)
        >>> shared_words_focus(["the", "weather"], np.array([1.0, 1.2]), np.array([1.2, 1.5]), "a storm") is None
        True
    """
    wanted = content_words(query)
    if not wanted:
        return None
    found = _canonical_spans(tuple(texts))
    hits = [(first, last, words) for said, first, last in found if (words := _said_as(said, wanted))]
    begins, finishes = np.asarray(starts, np.float64).tolist(), np.asarray(ends, np.float64).tolist()
    best: tuple[float, float, float, float] | None = None  # (-weight, length, start, end)
    for i, (first, _, _) in enumerate(hits):
        covered: set[str] = set()
        weight, start = 0, begins[first]
        for _, last, words in hits[i:]:
            if not words <= covered:
                weight += sum(len(word) for word in words - covered)
                covered |= words
            end = finishes[last]
            candidate = (-weight, end - start, start, end)
            if math.isfinite(end - start) and (best is None or candidate < best):
                best = candidate
    return None if best is None else (best[2], best[3])


@lru_cache(maxsize=SENTENCES_KEPT)
def _canonical_spans(texts: tuple[str, ...]) -> tuple[tuple[str, int, int], ...]:
    """``canonical_spans`` of a sentence's words, kept: the same for every query that finds the sentence."""
    return tuple(canonical_spans(texts))


@lru_cache(maxsize=4096)
def content_words(query: str) -> frozenset[str]:
    """The query's canonical words that say what it is about (not ``FUNCTION_WORDS``).

    Example:
        >>> sorted(content_words("when is the yearly total of three thousand pounds said"))
        ['3000', 'pounds', 'said', 'total', 'yearly']
    """
    return frozenset(word for word in canonical_words(query) if word not in FUNCTION_WORDS)


@lru_cache(maxsize=50_000)
def _said_as(said: str, wanted: frozenset[str]) -> frozenset[str]:
    """The query's ``wanted`` words that the word ``said`` says (kept per word and query: the sentences of a
    search's candidate videos say the same words again and again)."""
    return frozenset(word for word in wanted if same_word(said, word))


@lru_cache(maxsize=200_000)
def same_word(said: str, asked: str) -> bool:
    """Whether the canonical word ``said`` says the canonical word ``asked``: equal, the same stem, the same
    sound, or nearly the same spelling (see the module doc).

    Example:
        >>> alike = [("year", "yearly"), ("fraunhofer", "frownhofer"), ("guttenberg", "gutenburg")]
        >>> [same_word(a, b) for a, b in alike]
        [True, True, True]
        >>> [same_word(a, b) for a, b in [("bat", "cat"), ("never", "bettered"), ("3000", "300")]]
        [False, False, False]
    """
    if said == asked or word_stem(said) == word_stem(asked):
        return True
    if any(map(str.isdigit, said + asked)):
        return False  # a number is said exactly or not at all
    key = sound_key(asked)
    if len(key) >= SOUNDED_MIN and sound_key(said) == key:
        return True
    return min(len(said), len(asked)) >= SPELLED_MIN and fuzz.ratio(said, asked) >= SPELLED_ALIKE


def said_focus(pieces: pa.Array, queries: pa.Array) -> pa.Array:
    """The Arrow UDF ``said_focus``: row-wise, ``shared_words_focus`` of the pieces (``text``, ``start_s``,
    ``end_s``) and the query, as a ``STRUCT(start_s, end_s)``; NULL where either is NULL or no word is shared.

    Example:
        >>> pieces = pa.array([[{"text": "top", "start_s": 1.0, "end_s": 1.2}, {"text": "story", "start_s": 1.2,
        ...                     "end_s": 1.7}], None])
        >>> said_focus(pieces, pa.array(["the top story", "x"])).to_pylist()
        [{'start_s': 1.0, 'end_s': 1.7}, None]
    """
    rows = TimedPieces.of(pieces)
    out = []
    for row, query in enumerate(queries.to_pylist()):
        said_in = rows.row(row)
        focus = None if said_in is None or query is None else shared_words_focus(*said_in, query)
        out.append(None if focus is None else {"start_s": focus[0], "end_s": focus[1]})
    return pa.array(out, type=UTTERANCE)


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Register ``said_focus`` in ``con`` unless it is there (``ctx`` is not needed: it holds no corpus state)."""
    if is_registered(con, "said_focus"):
        return
    con.create_function(
        "said_focus",
        owned(said_focus),
        ["STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[]", "VARCHAR"],
        "STRUCT(start_s DOUBLE, end_s DOUBLE)",
        type="arrow",
        null_handling="special",
    )
