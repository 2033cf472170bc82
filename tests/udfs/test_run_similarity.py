"""run_similarities gives rapidfuzz's Indel similarity of a key with runs of parts, bit for bit, without
spelling the runs: short and long keys, letters outside the key, accents and wide characters, runs of one
part and runs reaching the text's end."""

from __future__ import annotations

import numpy as np
import pytest
from rapidfuzz import process
from rapidfuzz.distance import Indel

from vqdb.udfs.run_similarity import WORD_BITS, run_similarities


def spelled(key: str, parts: list[str], first: np.ndarray, last: np.ndarray) -> np.ndarray:
    runs = ["".join(parts[a : b + 1]) for a, b in zip(first.tolist(), last.tolist(), strict=True)]
    return process.cdist([key], runs, scorer=Indel.normalized_similarity, dtype=np.float64)[0]


@pytest.mark.parametrize("seed", range(20))
def test_equal_to_spelled_runs(seed):
    rng = np.random.default_rng(seed)
    letters = list("abcdeé日x ") if seed % 2 else list("bodakamiherlu")
    parts = ["".join(rng.choice(letters, rng.integers(1, 7))) for _ in range(rng.integers(1, 60))]
    for length in (1, 5, 17, WORD_BITS - 1, WORD_BITS, WORD_BITS + 9):  # the last: compared spelled
        key = "".join(rng.choice(letters, length))
        first = rng.integers(0, len(parts), 300)
        last = np.minimum(first + rng.integers(0, 10, 300), len(parts) - 1)
        assert np.array_equal(run_similarities(key, parts, first, last), spelled(key, parts, first, last))


def test_a_run_of_the_key_itself_and_none():
    parts = ["live", "tough", "liftoff"]
    found = run_similarities("liftoff", parts, np.array([2, 0, 0]), np.array([2, 1, 0]))
    assert found[0] == 1.0 and 0 < found[1] < 1 and found[2] == spelled("liftoff", parts, np.array([0]), np.array([0]))
    assert run_similarities("liftoff", parts, np.array([], dtype=np.int64), np.array([], dtype=np.int64)).size == 0
