"""``said_focus(pieces, query)``: where in a sentence its words say the query's words, for a sentence found by
its meaning.

A sentence close in meaning to a question (MiniLM) is found whole: "The earliest book, printed with movable
types, the Guttenberg or 42-line Bible of about 1455, has never been surpassed." for "when does she say it has
never been bettered", the whole 11 s sentence. A person marks the part of it the question repeats: "has never
been". The **focus** of a sentence is the shortest stretch of its words that says the most of the query's
content words (not ``FUNCTION_WORDS``, but its negations: a misquote keeps the "not" that tells "ask not what
your country can do for you" from "ask what you can do for your country"; each weighs its length in
characters): a word of the sentence says a query word when their canonical forms are equal ("three thousand"
and "3000", "colour" and "color"), share their stem ("yearly" and "year", ``word_stem``) or their root (a
word of the same family, for a topic: "the printers" and "printing", ``word_root``), sound alike
(``sound_key``: "frownhofer" and "Fraunhofer") or are spelled nearly alike (``rapidfuzz``'s ratio at least
``SPELLED_ALIKE``: "gutenburg" and "Guttenberg").
A sentence sharing no word with the query has no focus (NULL): the whole sentence is its evidence. Speech
recognition's words are timed as heard (``heard_times``, with the transcript's pause): Whisper gives a pause
to the word after it, and a focus on that word would start in the silence.

SQL signature: ``said_focus(pieces STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[], query VARCHAR,
pause_s DOUBLE) -> STRUCT(start_s DOUBLE, end_s DOUBLE)`` (NULL when the pieces or the query are NULL or no word
is shared; ``pause_s`` NULL: the pieces' times as they are).

Example:
    >>> import duckdb
    >>> con = duckdb.connect(); register(con, None)
    >>> said = [("Saving", 23.66), ("250", 24.28), ("pounds", 24.9), ("a", 25.72), ("month", 25.98), ("gives", 26.16),
    ...         ("you", 26.46), ("3000", 26.76), ("pounds", 27.34), ("a", 27.84), ("year.", 28.02)]
    >>> pieces = [{"text": t, "start_s": a, "end_s": a + 0.3} for t, a in said]
    >>> query = "SELECT said_focus($p, 'the yearly total of three thousand pounds', 0.5)"
    >>> con.sql(query, params={"p": pieces}).fetchall()
    [({'start_s': 26.76, 'end_s': 28.32},)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import compress

import duckdb
import numpy as np
import pyarrow as pa
from rapidfuzz import fuzz, process

from vqdb.textnorm import FUNCTION_WORDS, NEGATIONS, canonical_spans, canonical_words, sound_key
from vqdb.udfs.arrow_results import owned
from vqdb.udfs.text_grade import UTTERANCE, TimedPieces, heard_times, word_stem
from vqdb.udfs.text_match import is_registered

SPELLED_ALIKE = 80  # rapidfuzz ratio (0..100) from which two words of SPELLED_MIN letters or more are the same word
SPELLED_MIN = 5  # shorter words differ by too few letters to be told apart by spelling ("bat" / "cat")
DERIVED = (
    "ations", "ation", "ments", "ment", "ings", "ing", "ions", "ion", "ers", "ors", "er", "or", "ed", "es", "s", "e"
)  # fmt: skip
"""Endings of the words of a family ("printer", "printing", "invention"), longest first: what is left is the root."""
ROOT_MIN = 5  # letters a root keeps: shorter ones are other words ("winter" is not "wint", "mention" not "ment")
SOUNDED_MIN = 3  # a sound key this long at least: shorter ones ("n", "tk") are shared by many words
SENTENCES_KEPT = 20_000  # sentences whose canonical words are kept (a few hundred a video)
_NOT_CONTENT = FUNCTION_WORDS - NEGATIONS  # a negation says what a line is about: "ask not what ..."
QUERIES_KEPT = 16  # queries whose words said are kept, each with the words met in its candidates' sentences


def shared_words_focus(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, query: str, pause_s: float | None = None
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
    return shared_words_foci(texts, starts, ends, [range(len(texts))], query, pause_s)[0]


def shared_words_foci(
    texts: Sequence[str],
    starts: np.ndarray,
    ends: np.ndarray,
    sentences: Sequence[Sequence[int]],
    query: str,
    pause_s: float | None = None,
) -> list[tuple[float, float] | None]:
    """``shared_words_focus`` of each sentence of ``sentences`` (the positions in ``texts``, ``starts`` and
    ``ends`` of its words, in time order): a video's sentences at once, whose words are matched with the query's
    together (``_said_as_each``). With ``pause_s``, each sentence's words are timed as heard (``heard_times``
    of them: Whisper gives a pause to the word after it, "asked" from 3.12 to 4.72 s where Kennedy pauses
    until 4.25 s), so the focus is where the words are said.

    Example:
        >>> texts = ["rain", "today.", "sun", "and", "rain", "tomorrow."]
        >>> times = np.arange(6.0)
        >>> shared_words_foci(texts, times, times + 1, [range(0, 2), range(2, 6), range(2, 4)], "the rain tomorrow")
        [(0.0, 1.0), (4.0, 6.0), None]
        >>> said = ["Americans", "asked", "not"], np.array([2.58, 3.12, 4.72]), np.array([3.12, 4.72, 5.26])
        >>> shared_words_foci(*said, [range(3)], "not ask"), shared_words_foci(*said, [range(3)], "not ask", 0.5)
        ([(3.12, 5.26)], [(3.92, 5.26)])
    """
    wanted = content_words(query)
    if not wanted:
        return [None] * len(sentences)
    starts, ends = np.asarray(starts, np.float64), np.asarray(ends, np.float64)
    spans = [_canonical_spans(tuple(texts[j] for j in words)) for words in sentences]
    says = _said_as_each([said for found in spans for said, _, _ in found], wanted)
    foci = []
    for words, found in zip(sentences, spans, strict=True):
        hits = [(first, last, asked) for said, first, last in found if (asked := says[said])]
        if not hits:
            foci.append(None)
            continue
        at = np.fromiter(words, np.int64)
        begins, finishes = starts[at], ends[at]
        if pause_s is not None:
            begins, finishes = heard_times([texts[j] for j in at.tolist()], begins, finishes, pause_s)
        foci.append(_shortest_most(hits, begins.tolist(), finishes.tolist()))
    return foci


def _shortest_most(
    hits: list[tuple[int, int, frozenset[str]]], begins: list[float], finishes: list[float]
) -> tuple[float, float] | None:
    """The (start, end) of the shortest stretch of a sentence's words (``begins``, ``finishes``) whose ``hits``
    (first word, last word, the query words said) say the most characters of the query's words, the earliest
    of equals; None without hits.

    The most is all the words the hits say, from any hit up to the first hit at which its stretch has said them
    all (or past it: a stretch ending later but shorter): for each first hit, the earliest end from there on,
    read with two pointers. Where no such stretch has finite times, the best of all stretches is searched.

    Example:
        >>> said = [(0, 0, frozenset({"rain"})), (1, 1, frozenset({"sun"})), (2, 2, frozenset({"rain"}))]
        >>> _shortest_most(said, [0.0, 1.0, 2.0], [0.5, 1.5, 2.2])
        (1.0, 2.2)
    """
    if not hits:
        return None
    wanted: dict[str, int] = dict.fromkeys(frozenset().union(*(words for _, _, words in hits)), 0)  # in the stretch
    missing, weight, best = len(wanted), sum(map(len, wanted)), None
    ends = [finishes[last] for _, last, _ in hits]
    earliest = ends[:]  # the earliest finite end from each hit on (inf: none)
    for j in range(len(hits) - 1, -1, -1):
        earliest[j] = min(
            ends[j] if math.isfinite(ends[j]) else math.inf, earliest[j + 1] if j + 1 < len(hits) else math.inf
        )
    upto = -1  # the stretch read: from the current first hit to hit upto
    for first, _, words in hits:
        while missing and upto + 1 < len(hits):
            upto += 1
            for word in hits[upto][2]:
                wanted[word] += 1
                missing -= wanted[word] == 1
        if missing:
            break
        start, end = begins[first], earliest[upto]
        if math.isfinite(start) and math.isfinite(end) and not math.isfinite(end - start):
            return _shortest_most_of_all(hits, begins, finishes)  # too far apart to subtract: a later end may not be
        candidate = (-weight, end - start, start, end)
        if math.isfinite(end - start) and (best is None or candidate < best):
            best = candidate
        for word in words:
            wanted[word] -= 1
            missing += wanted[word] == 0
    return (best[2], best[3]) if best is not None else _shortest_most_of_all(hits, begins, finishes)


def _shortest_most_of_all(
    hits: list[tuple[int, int, frozenset[str]]], begins: list[float], finishes: list[float]
) -> tuple[float, float] | None:
    """``_shortest_most`` over every stretch from hit to hit, those saying fewer of the words included: where the
    stretches saying them all have no finite times (a word without its time)."""
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
    """The query's canonical words that say what it is about (not ``FUNCTION_WORDS``), its negations
    (``NEGATIONS``) among them: a person misquoting a line keeps its "not" ("tell people not to ask what the
    nation can do for them"), which tells "ask not what your country can do for you" from "ask what you can do
    for your country" in the same sentence.

    Example:
        >>> sorted(content_words("when is the yearly total of three thousand pounds said"))
        ['3000', 'pounds', 'said', 'total', 'yearly']
        >>> sorted(content_words("not ask what the nation can do for you"))
        ['ask', 'nation', 'not']
    """
    return frozenset(word for word in canonical_words(query) if word not in _NOT_CONTENT)


def _said_as_each(saids: Sequence[str], wanted: frozenset[str]) -> dict[str, frozenset[str]]:
    """For each canonical word of ``saids`` (and the others met before for this query), the query's ``wanted``
    words it says: the words not met yet compared with each wanted word at once (``words_saying``)."""
    known = _known_words(wanted)
    new = [said for said in dict.fromkeys(saids) if said not in known]
    if new:
        saying: dict[str, set[str]] = {said: set() for said in new}
        for asked in wanted:
            for at in np.flatnonzero(words_saying(new, asked)).tolist():
                saying[new[at]].add(asked)
        known.update((said, frozenset(asked)) for said, asked in saying.items())
    return known


@lru_cache(maxsize=QUERIES_KEPT)
def _known_words(wanted: frozenset[str]) -> dict[str, frozenset[str]]:
    """The words met so far in the sentences found for a query (its ``wanted`` words) and which of those each
    says, kept per query: the sentences of its candidate videos say the same words again and again."""
    return {}


@lru_cache(maxsize=200_000)
def word_root(word: str) -> str | None:
    """The canonical ``word`` without its longest ``DERIVED`` ending that leaves at least ``ROOT_MIN`` letters
    (the word itself where none does; None for a shorter word or one with a digit): a topic asked by a word
    of the same family as the word said ("the printers": "printing", "printed"; "the inventor": "the
    invention"), which ``word_stem`` (inflections only) does not join.

    Example:
        >>> word_root("printers"), word_root("printing"), word_root("invention"), word_root("inventor")
        ('print', 'print', 'invent', 'invent')
        >>> word_root("winter"), word_root("mentioned"), word_root("type")  # "wint", "ment": too short
        ('winter', 'mention', None)
    """
    if len(word) < ROOT_MIN or not word.isalpha():
        return None
    ending = next((end for end in DERIVED if word.endswith(end) and len(word) - len(end) >= ROOT_MIN), "")
    return word[: len(word) - len(ending)]


def same_word(said: str, asked: str) -> bool:
    """Whether the canonical word ``said`` says the canonical word ``asked``: equal, the same stem, the same
    sound, or nearly the same spelling (see the module doc; ``words_saying`` of one word).

    Example:
        >>> alike = [("year", "yearly"), ("fraunhofer", "frownhofer"), ("guttenberg", "gutenburg")]
        >>> [same_word(a, b) for a, b in alike]
        [True, True, True]
        >>> [same_word(a, b) for a, b in [("bat", "cat"), ("never", "bettered"), ("3000", "300")]]
        [False, False, False]
    """
    return bool(words_saying([said], asked)[0])


def words_saying(saids: Sequence[str], asked: str) -> np.ndarray:
    """Whether each canonical word of ``saids`` says the canonical word ``asked`` (``same_word``), the
    spellings compared all at once.

    Example:
        >>> words_saying(["year", "years", "yarn", "3000"], "yearly").tolist()
        [True, True, False, False]
    """
    stem = word_stem(asked)
    alike = np.fromiter((said == asked or word_stem(said) == stem for said in saids), bool, len(saids))
    if any(map(str.isdigit, asked)):
        return alike  # a number is said exactly or not at all
    root = word_root(asked)
    if root is not None:
        alike |= np.fromiter((word_root(said) == root for said in saids), bool, len(saids))
    plain = ~alike & np.fromiter((not any(map(str.isdigit, said)) for said in saids), bool, len(saids))
    key = sound_key(asked)
    if len(key) >= SOUNDED_MIN:
        alike[plain] = [sound_key(said) == key for said in compress(saids, plain)]
    spelled = plain & ~alike
    if len(asked) >= SPELLED_MIN:
        spelled &= np.fromiter(map(len, saids), np.int64, len(saids)) >= SPELLED_MIN
        if spelled.any():
            ratios = process.cdist(list(compress(saids, spelled)), [asked], scorer=fuzz.ratio, dtype=np.float64)
            alike[spelled] = ratios[:, 0] >= SPELLED_ALIKE
    return alike


def said_focus(pieces: pa.Array, queries: pa.Array, pauses: pa.Array) -> pa.Array:
    """The Arrow UDF ``said_focus``: row-wise, ``shared_words_focus`` of the pieces (``text``, ``start_s``,
    ``end_s``), the query and the pause (NULL: the pieces' times as they are), as a ``STRUCT(start_s, end_s)``;
    NULL where the pieces or the query are NULL or no word is shared.

    Example:
        >>> pieces = pa.array([[{"text": "top", "start_s": 1.0, "end_s": 1.2}, {"text": "story", "start_s": 1.2,
        ...                     "end_s": 1.7}], None])
        >>> said_focus(pieces, pa.array(["the top story", "x"]), pa.array([None, 0.5], pa.float64())).to_pylist()
        [{'start_s': 1.0, 'end_s': 1.7}, None]
    """
    rows = TimedPieces.of(pieces)
    out = []
    for row, (query, pause_s) in enumerate(zip(queries.to_pylist(), pauses.to_pylist(), strict=True)):
        said_in = rows.row(row)
        focus = None if said_in is None or query is None else shared_words_focus(*said_in, query, pause_s)
        out.append(None if focus is None else {"start_s": focus[0], "end_s": focus[1]})
    return pa.array(out, type=UTTERANCE)


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Register ``said_focus`` in ``con`` unless it is there (``ctx`` is not needed: it holds no corpus state)."""
    if is_registered(con, "said_focus"):
        return
    con.create_function(
        "said_focus",
        owned(said_focus),
        ["STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[]", "VARCHAR", "DOUBLE"],
        "STRUCT(start_s DOUBLE, end_s DOUBLE)",
        type="arrow",
        null_handling="special",
    )
