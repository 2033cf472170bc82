"""The answer in a statement found by the question's words: what a call with ``extent`` "statement_after" or
"statement_before" focuses on.

"What does the man say he will show?" finds "will show" in "I will show a directory"; the answer is what the
statement says after them ("a directory"). "What does the narrator say was invented in the middle of the fifteenth
century?" finds "in the middle of the 15th century" in "The invention of movable metal letters in the middle of the
15th century may justly be considered …"; the answer is said before them. Such a call's span is its statement, as
with ``extent`` "statement", and its focus, where a keyframe is placed, the rest of the statement on that side of
the words found (from their end to the statement's end, or from its start to their start); where the statement
says less than ``ANSWER_MIN_S`` there, the phrase said next on that side (``said_next``: "my fellow Americans,"
is a statement of its own, a breath before "ask not what your country can do for you", and the span reaches
it), else the words.

Both forms compute the same bounds with the same comparisons: ``answer_focus`` on arrays, ``answer_focus_sql``
as expressions over a span's columns.

Example:
    >>> statement = np.array([0.46]), np.array([2.78])  # "I will show a directory"; "will show" at 1.0-1.6
    >>> nothing = np.array([np.nan]), np.array([np.nan])  # no phrase said next
    >>> [a.tolist() for a in answer_focus(*statement, np.array([1.0]), np.array([1.6]), *nothing, "after")]
    [[1.6], [2.78]]
"""

from __future__ import annotations

import numpy as np
from sqlglot import exp

from vqdb.planner.sqlbuild import number

ANSWER_MIN_S = 0.3  # a statement saying less than this beside the words found says no answer there (a word)
ANSWER_SIDES = {"statement_after": "after", "statement_before": "before"}  # the extents, and where they look
STATEMENTS = ("statement", *ANSWER_SIDES)  # the extents whose span is the statement (``Call.extent``)


def answer_focus(
    start: np.ndarray,
    end: np.ndarray,
    focus_start: np.ndarray,
    focus_end: np.ndarray,
    next_start: np.ndarray,
    next_end: np.ndarray,
    side: str,
) -> tuple[np.ndarray, np.ndarray]:
    """(start, end) of the focus of each statement (``start`` to ``end``) whose words found are ``focus_start``
    to ``focus_end``: the rest of the statement ``side`` ("after", "before") them; where that rest is shorter
    than ``ANSWER_MIN_S``, the phrase said next on that side (``next_start`` to ``next_end``), or the words where
    there is none (NaN).

    Example:
        >>> statement = np.array([9.4, 9.4, 20.3]), np.array([17.4, 17.4, 21.6])
        >>> words = np.array([11.4, 16.8, 20.7]), np.array([13.3, 17.4, 21.6])  # the 15th century; printing; fellow
        >>> following = np.array([np.nan, np.nan, 22.3]), np.array([np.nan, np.nan, 26.8])
        >>> [a.tolist() for a in answer_focus(*statement, *words, *following, "before")]
        [[9.4, 9.4, 20.3], [11.4, 16.8, 20.7]]
        >>> [a.tolist() for a in answer_focus(*statement, *words, *following, "after")]
        [[13.3, 16.8, 22.3], [17.4, 17.4, 26.8]]
    """
    with np.errstate(invalid="ignore"):
        if side == "after":
            rest = end - focus_end >= ANSWER_MIN_S
            low, high = np.where(rest, focus_end, focus_start), np.where(rest, end, focus_end)
        else:
            rest = focus_start - start >= ANSWER_MIN_S
            low, high = np.where(rest, start, focus_start), np.where(rest, focus_start, focus_end)
    following = ~rest & ~np.isnan(next_start) & ~np.isnan(next_end)
    return np.where(following, next_start, low), np.where(following, next_end, high)


def answer_focus_sql(
    start: exp.Expression,
    end: exp.Expression,
    focus_start: exp.Expression,
    focus_end: exp.Expression,
    next_start: exp.Expression,
    next_end: exp.Expression,
    side: str,
) -> tuple[exp.Expression, exp.Expression]:
    """``answer_focus`` as SQL expressions (the same comparisons; a NULL bound is none, as NaN is).

    Example:
        >>> from vqdb.planner.sqlbuild import col
        >>> low, _ = answer_focus_sql(col("s"), col("e"), col("fs"), col("fe"), col("ns"), col("ne"), "after")
        >>> low.sql("duckdb")
        'CASE WHEN (e - fe) >= 0.3 THEN fe WHEN NOT ns IS NULL AND NOT ne IS NULL THEN ns ELSE fs END'
    """
    if side == "after":
        rest = exp.Sub(this=end.copy(), expression=focus_end.copy()) >= number(ANSWER_MIN_S)
        answer = focus_end, end
    else:
        rest = exp.Sub(this=focus_start.copy(), expression=start.copy()) >= number(ANSWER_MIN_S)
        answer = start, focus_start
    following = exp.and_(
        exp.not_(next_start.copy().is_(exp.null())), exp.not_(next_end.copy().is_(exp.null())), copy=False
    )
    return tuple(
        exp.case().when(rest.copy(), kept.copy()).when(following.copy(), found.copy()).else_(words.copy())
        for kept, found, words in zip(answer, (next_start, next_end), (focus_start, focus_end), strict=True)
    )
