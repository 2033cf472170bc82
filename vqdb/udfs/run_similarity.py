"""How alike a key is to every run of consecutive parts of a text, without spelling the runs.

A timed text is matched against a query by comparing the query's letters with every run of words from half
to twice its length (``vqdb.udfs.text_grade.phrase_matches``): tens of thousands of runs a video, whose
spelling as strings for ``rapidfuzz`` cost more than comparing them. ``run_similarities`` gives the same
values, ``rapidfuzz.distance.Indel.normalized_similarity`` of the key and each run, bit for bit, from the
longest common subsequence computed by the bit-parallel algorithm (Allison and Dix; Hyyrö): a run's
subsequence with the key is that of its first part's start read one character on at a time, so every run
starting at one part is read in one pass, and all the starting parts at once, a NumPy step a character of the
longest run. Keys longer than a machine word (``WORD_BITS`` characters) are compared with the spelled runs.

Example:
    >>> parts = ["ask", "not", "what"]
    >>> run_similarities("asknot", parts, np.array([0, 0, 1]), np.array([0, 1, 2])).round(3).tolist()
    [0.667, 1.0, 0.462]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Indel

WORD_BITS = 64  # the longest key compared bit-parallel (one unsigned 64-bit word a run)
TEXTS_SPELLED = 96  # parts kept spelled: the words, sounds and stems of a search's 30 candidate videos


def run_similarities(key: str, parts: Sequence[str], first: np.ndarray, last: np.ndarray) -> np.ndarray:
    """``Indel.normalized_similarity(key, parts[a] + ... + parts[b])`` for each (a, b) of ``first`` and ``last``
    (float64; see the module docstring): 1 minus the characters in neither's common subsequence over their
    lengths' sum.

    Example:
        >>> run_similarities("sunset", ["the", "sun", "sets"], np.array([1, 0]), np.array([2, 2])).round(3).tolist()
        [0.923, 0.75]
    """
    first, last = np.asarray(first, dtype=np.int64), np.asarray(last, dtype=np.int64)
    if not len(first):
        return np.zeros(0)
    joined, ends, codes = spelled_parts(tuple(parts))
    if not key or len(key) > WORD_BITS:
        spelled = [joined[a:b] for a, b in zip(ends[first].tolist(), ends[last + 1].tolist(), strict=True)]
        return process.cdist([key], spelled, scorer=Indel.normalized_similarity, dtype=np.float64)[0]
    lengths = ends[last + 1] - ends[first]
    common = _common_lengths(key, codes, ends[first], lengths)
    total = (len(key) + lengths).astype(np.float64)
    return 1.0 - (total - 2 * common) / total  # rapidfuzz's own arithmetic: 1 - distance / (len(a) + len(b))


@lru_cache(maxsize=TEXTS_SPELLED)
def spelled_parts(parts: tuple[str, ...]) -> tuple[str, np.ndarray, np.ndarray]:
    """The parts spelled one after another, where each starts and ends in that spelling (``ends[i]`` to
    ``ends[i + 1]``: part i), and its characters' code points: the same for every key, kept (a search compares
    each candidate video's words, sounds and stems with its query's, a few times each).

    Example:
        >>> joined, ends, codes = spelled_parts(("ask", "not"))
        >>> joined, ends.tolist(), codes[:3].tolist()
        ('asknot', [0, 3, 6], [97, 115, 107])
    """
    joined = "".join(parts)
    ends = np.concatenate([[0], np.cumsum(np.fromiter(map(len, parts), dtype=np.int64, count=len(parts)))])
    return joined, ends.astype(np.int64), np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)


def _common_lengths(key: str, codes: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The longest common subsequence of ``key`` (at most ``WORD_BITS`` characters) with ``text[s:s + n]`` for
    each ``s`` of ``starts`` and ``n`` of ``lengths`` (each at least 1), the text given by its code points
    (``codes``).

    Example:
        >>> codes = np.array([ord(c) for c in "xaybc"], dtype=np.uint32)
        >>> _common_lengths("abc", codes, np.array([0, 1, 2]), np.array([5, 2, 3])).tolist()
        [3, 1, 2]
    """
    letters, at = np.unique(np.frombuffer(key.encode("utf-32-le"), dtype=np.uint32), return_inverse=True)
    masks = np.zeros(len(letters), dtype=np.uint64)
    np.bitwise_or.at(masks, at, np.left_shift(np.uint64(1), np.arange(len(key), dtype=np.uint64)))
    found = np.minimum(np.searchsorted(letters, codes), len(letters) - 1)
    longest = int(lengths.max())
    matches = np.zeros(len(codes) + longest, dtype=np.uint64)  # past the text's end: no character matches
    matches[: len(codes)] = np.where(letters[found] == codes, masks[found], np.uint64(0))
    opened, run_start = np.unique(starts, return_inverse=True)
    columns = np.full(len(opened), np.uint64(2**64 - 1), dtype=np.uint64)
    at_end = np.zeros(len(starts), dtype=np.uint64)
    by_length = np.argsort(lengths, kind="stable")
    bounds = np.searchsorted(lengths[by_length], np.arange(1, longest + 2))
    for step in range(longest):  # columns: the DP column after each start's text read one character further
        u = columns & matches[opened + step]
        columns = (columns + u) | (columns - u)  # wraps past 64 bits: only the key's low bits are read
        done = by_length[bounds[step] : bounds[step + 1]]  # the runs of step + 1 characters
        at_end[done] = columns[run_start[done]]
    low = np.uint64(2 ** len(key) - 1) if len(key) < WORD_BITS else np.uint64(2**64 - 1)
    return len(key) - np.bitwise_count(at_end & low).astype(np.int64)


__all__ = ["TEXTS_SPELLED", "WORD_BITS", "run_similarities", "spelled_parts"]
