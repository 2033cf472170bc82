"""run_similarities gives rapidfuzz's Indel similarity of a key with runs of parts, bit for bit, without
spelling the runs: short and long keys, letters outside the key, accents and wide characters, runs of one
part and runs reaching the text's end; a text's parts are spelled once for all the keys compared with them."""

from __future__ import annotations

import numpy as np
import pytest
from rapidfuzz import process
from rapidfuzz.distance import Indel

from vqdb.udfs.run_similarity import WORD_BITS, run_similarities, spelled_parts
from vqdb.udfs.text_grade import phrase_matches


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


def test_parts_spelled_once_for_every_key():
    """A search compares each candidate video's words with the query's letters, sounds and stems, the length
    filter first: the words are spelled once, not for each comparison (4,500 words a video, 6 times)."""
    said = [f"word{i % 37}" for i in range(400)] + ["live", "tough"]
    starts = [float(i) for i in range(len(said))]
    spelled_parts.cache_clear()
    assert phrase_matches(said, starts, [s + 0.5 for s in starts], "liftoff")
    info = spelled_parts.cache_info()
    assert info.hits >= 3 and info.misses <= 3  # letters, sounds, stems: each spelled once, read twice
    joined, ends, codes = spelled_parts(("ask", "não"))
    assert joined == "asknão" and ends.tolist() == [0, 3, 6] and "".join(map(chr, codes)) == joined
