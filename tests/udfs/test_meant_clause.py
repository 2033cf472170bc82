"""meant_clause: the clause of a sentence found by its meaning that the question is about."""

from __future__ import annotations

import numpy as np

from vqdb.udfs.meant_clause import closest_clause

MEANINGS = {"finished": [1, 0], "done.": [1, 0], "all done": [1, 0]}  # the rest mean [0, 1]


def vectors(texts: list[str]) -> dict[str, np.ndarray]:
    return {t: np.float32(MEANINGS.get(t, [0, 1])) for t in texts}


def timed(*said: tuple[str, float, float]) -> tuple[list[str], np.ndarray, np.ndarray]:
    return [t for t, _, _ in said], np.array([a for _, a, _ in said]), np.array([b for _, _, b in said])


def test_the_clause_after_a_pause_closest_in_meaning():
    texts, starts, ends = timed(("I", 0.5, 1.0), ("will", 1.0, 1.2), ("show", 1.2, 1.6), ("done.", 4.0, 4.3))
    assert closest_clause(texts, starts, ends, "finished", 0.5, vectors) == (4.0, 4.3)


def test_a_clause_ended_by_punctuation_without_a_pause():
    texts, starts, ends = timed(("we", 0.0, 0.3), ("start,", 0.3, 0.7), ("done.", 0.7, 1.0))
    assert closest_clause(texts, starts, ends, "finished", 0.5, vectors) == (0.7, 1.0)


def test_no_clause_when_the_sentence_is_one_or_means_it_as_much():
    texts, starts, ends = timed(("all", 0.0, 0.3), ("done", 0.3, 0.6))
    assert closest_clause(texts, starts, ends, "finished", 0.5, vectors) is None  # one clause
    texts, starts, ends = timed(("I", 0.5, 1.0), ("show", 1.0, 1.4), ("it.", 3.0, 3.3))
    assert closest_clause(texts, starts, ends, "finished", 0.5, vectors) is None  # no clause means it more
