"""The phrase said next to words found: what a call with ``extent`` "next" answers with.

"What does the narrator call the Gutenberg?" is answered by what is said right after "the Gutenberg," ("or
forty-two line Bible"); "what does he say right after 'my fellow Americans'?" by the words that follow. A
``transcript`` or ``subtitle`` call with ``when`` "after" and ``extent`` "next" finds the words named, and its
span and focus are then the phrase said next (``Call.extent``): from the first piece said (a word, a cue) that
starts once the words found end, to the end of the phrase it is said in (``phrases``: the breath groups of a
transcript, a subtitle's cues); with ``when`` "before", from the start of the phrase of the last piece that ends
before the words found start, to that piece's end. A phrase is heard where its words are said, not where speech
recognition times them: its first word may start after a pause that the recognizer gave the word ("or", timed
from the end of "the Gutenberg," over the 0.4 s silence before it), its last end before one. So the phrase a
piece is said in is one it overlaps, and the phrase said next starts (ends) no earlier (later) than that
phrase: "or forty-two line Bible" from where it is heard, not the silence before it. A piece within
``NEXT_TOLERANCE_S`` of the words' edge counts (word times overlap by a few hundredths where one word runs into
the next); one farther than ``RELATION_WINDOW_S`` does not (nothing said next: no span).

Both forms compute the same bounds with the same comparisons: ``next_phrases`` on arrays, ``next_piece_sql`` then
``next_phrase_sql`` as expressions over a video's lists of pieces and phrases.

Example:
    >>> pieces = np.array([3.2, 3.7, 4.3, 4.9]), np.array([3.6, 4.2, 4.8, 5.9])  # the Gutenberg, or 42-line Bible
    >>> phrases = np.array([3.2, 4.3]), np.array([4.2, 5.9])
    >>> [a.tolist() for a in next_phrases(pieces, phrases, np.array([3.2]), np.array([4.2]), "after")]
    [[4.3], [5.9]]
"""

from __future__ import annotations

import numpy as np
from sqlglot import exp

from vqdb.planner.sqlbuild import fn, number
from vqdb.planner.tools.base import RELATION_WINDOW_S

NEXT_TOLERANCE_S = 0.05  # a piece starting (ending) this much inside the words found still comes next


def next_phrases(
    pieces: tuple[np.ndarray, np.ndarray],
    phrases: tuple[np.ndarray, np.ndarray],
    said_start: np.ndarray,
    said_end: np.ndarray,
    when: str,
) -> tuple[np.ndarray, np.ndarray]:
    """(start, end) of the phrase said right ``when`` ("after", "before") each stretch said (``said_start`` to
    ``said_end``); NaN where nothing is said within ``RELATION_WINDOW_S``. ``pieces``: the starts and ends of the
    pieces said, in time order (by start; NaN times last); ``phrases``: the starts and ends of the phrases.

    Example:
        >>> pieces = np.array([0.0, 0.5, 1.2]), np.array([0.4, 1.0, 1.6])
        >>> phrases = np.array([0.0, 1.2]), np.array([1.0, 1.6])
        >>> [a.tolist() for a in next_phrases(pieces, phrases, np.array([1.2]), np.array([1.6]), "before")]
        [[0.0], [1.0]]
        >>> [a.tolist() for a in next_phrases(pieces, phrases, np.array([1.2]), np.array([1.6]), "after")]
        [[nan], [nan]]
    """
    piece_start, piece_end = pieces
    phrase_start, phrase_end = phrases
    start, end = np.full(len(said_start), np.nan), np.full(len(said_start), np.nan)
    if not len(piece_start):
        return start, end
    with np.errstate(invalid="ignore"):
        if when == "after":
            edge = said_end[:, None]
            near = (piece_start[None, :] >= edge - NEXT_TOLERANCE_S) & (
                piece_start[None, :] <= edge + RELATION_WINDOW_S
            )
            found = near.any(axis=1)
            first = np.argmax(near, axis=1)  # the earliest: pieces are in time order
            start[found], end[found] = piece_start[first[found]], piece_end[first[found]]
            within = (phrase_start[None, :] < end[:, None]) & (phrase_end[None, :] > start[:, None])
            reach = np.where(within, phrase_end[None, :], -np.inf).max(axis=1, initial=-np.inf)
            heard = np.where(within, phrase_start[None, :], np.inf).min(axis=1, initial=np.inf)
            end = np.where(np.isfinite(reach), np.fmax(end, reach), end)
            start = np.where(np.isfinite(heard), np.fmax(start, heard), start)
        else:
            edge = said_start[:, None]
            near = (piece_end[None, :] <= edge + NEXT_TOLERANCE_S) & (piece_end[None, :] >= edge - RELATION_WINDOW_S)
            found = near.any(axis=1)
            last = near.shape[1] - 1 - np.argmax(near[:, ::-1], axis=1)  # the latest in time order
            start[found], end[found] = piece_start[last[found]], piece_end[last[found]]
            within = (phrase_start[None, :] < end[:, None]) & (phrase_end[None, :] > start[:, None])
            reach = np.where(within, phrase_start[None, :], np.inf).min(axis=1, initial=np.inf)
            heard = np.where(within, phrase_end[None, :], -np.inf).max(axis=1, initial=-np.inf)
            start = np.where(np.isfinite(reach), np.fmin(start, reach), start)
            end = np.where(np.isfinite(heard), np.fmin(end, heard), end)
    return start, end


def next_piece_sql(
    pieces: exp.Expression, said_start: exp.Expression, said_end: exp.Expression, when: str
) -> exp.Expression:
    """The piece said right ``when`` ("after", "before") the stretch said (``said_start`` to ``said_end``), a
    ``STRUCT(start_s, end_s, …)`` of ``pieces`` (a list of them in time order), NULL where there is none: the
    first half of ``next_phrases`` as SQL (``next_phrase_sql`` the second).

    Example:
        >>> from vqdb.planner.sqlbuild import col
        >>> next_piece_sql(col("pieces"), col("a"), col("b"), "after").sql("duckdb")[:64]
        'LIST_EXTRACT(LIST_FILTER(pieces, LAMBDA p : (p.start_s) >= (b - '
    """
    p = exp.to_identifier("p")
    tolerance, window = number(NEXT_TOLERANCE_S), number(RELATION_WINDOW_S)
    if when == "after":
        edge, side, first = said_end, "start_s", number(1)
        near = exp.and_(
            _field(p, side) >= exp.Sub(this=edge.copy(), expression=tolerance),
            _field(p, side) <= exp.Add(this=edge.copy(), expression=window),
            copy=False,
        )
    else:
        edge, side, first = said_start, "end_s", number(-1)
        near = exp.and_(
            _field(p, side) <= exp.Add(this=edge.copy(), expression=tolerance),
            _field(p, side) >= exp.Sub(this=edge.copy(), expression=window),
            copy=False,
        )
    return fn("list_extract", fn("list_filter", pieces.copy(), exp.Lambda(this=near, expressions=[p])), first)


def next_phrase_sql(phrases: exp.Expression, piece: exp.Expression, when: str) -> tuple[exp.Expression, exp.Expression]:
    """(start, end) of the phrase said ``when`` ("after", "before") some words, from ``piece``, the piece said
    next to them (``next_piece_sql``), and ``phrases`` (a list of ``STRUCT(start_s, end_s)``): the second half of
    ``next_phrases`` as SQL.

    Example:
        >>> from vqdb.planner.sqlbuild import col
        >>> start, end = next_phrase_sql(col("phrases"), col("piece"), "after")
        >>> start.sql("duckdb")[:42], end.sql("duckdb")[:40]
        ('GREATEST(piece.start_s, LIST_MIN(LIST_TRAN', 'GREATEST(piece.end_s, LIST_MAX(LIST_TRAN')
    """
    q = exp.to_identifier("q")
    start, end = _field(piece, "start_s"), _field(piece, "end_s")
    within = exp.and_(_field(q, "start_s") < end.copy(), _field(q, "end_s") > start.copy(), copy=False)  # said in
    if when == "after":
        heard = fn("greatest", start, _picked(phrases, within.copy(), "start_s", "list_min"))
        return heard, fn("greatest", end, _picked(phrases, within, "end_s", "list_max"))
    heard = fn("least", end, _picked(phrases, within.copy(), "end_s", "list_max"))
    return fn("least", start, _picked(phrases, within, "start_s", "list_min")), heard


def _field(of: exp.Expression, name: str) -> exp.Expression:
    return exp.Dot(this=of.copy(), expression=exp.to_identifier(name))


def _picked(listed: exp.Expression, test: exp.Expression, name: str, pick: str) -> exp.Expression:
    """``pick`` ("list_max", "list_min") of field ``name`` of the items of ``listed`` (named ``q``) passing ``test``."""
    q = exp.to_identifier("q")
    kept = fn("list_filter", listed.copy(), exp.Lambda(this=test, expressions=[q.copy()]))
    return fn(pick, fn("list_transform", kept, exp.Lambda(this=_field(q, name), expressions=[q.copy()])))
