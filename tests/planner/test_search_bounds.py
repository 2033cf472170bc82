"""search's bounds: an on-screen text's bound from its letters is at least its grade, and merging the candidate
videos best bound first until the k-th moment beats the next bound gives the exhaustive merge's moments."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

import vqdb
from vqdb.planner.plan import Plan
from vqdb.planner.search import text_bounds
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes, screen_texts_of
from vqdb.udfs.text_grade import screen_scores

from .test_search import commit_video

QUERIES = ("EMERGENCY EXIT", "exit", "Step 2: save 10%", "who is coming again", "BOBORA BODAPE", "the alpha")
CONFUSED = {"I": "l", "O": "0", "E": "F", "S": "5", "B": "8"}


def misread(text: str, rng: np.random.Generator) -> str:
    """``text`` as OCR may read it: letters confused, dropped, doubled, spaces lost, words added or dropped."""
    chars = list(text.upper() if rng.random() < 0.5 else text)
    for _ in range(rng.integers(0, 4)):
        at = int(rng.integers(0, len(chars)))
        change = rng.integers(0, 4)
        if change == 0:
            chars[at] = CONFUSED.get(chars[at].upper(), chars[at])
        elif change == 1:
            del chars[at]
        elif change == 2:
            chars.insert(at, chars[at])
        elif chars[at] == " ":
            del chars[at]
        if not chars:
            return "X"
    words = "".join(chars).split()
    if len(words) > 1 and rng.random() < 0.3:
        words.pop(int(rng.integers(0, len(words))))
    if rng.random() < 0.3:
        words.insert(int(rng.integers(0, len(words) + 1)), str(rng.choice(["OPEN", "NOW", "2", "COMING", "BOBO"])))
    return " ".join(words)


def test_a_texts_bound_is_at_least_its_grade():
    rng = np.random.default_rng(3)
    for query in QUERIES:
        texts = list(dict.fromkeys([query, *(misread(query, rng) for _ in range(300))]))
        texts += [misread(q, rng) for q in QUERIES for _ in range(20)]
        texts = list(dict.fromkeys(texts))
        rows = pa.table({"video_id": ["v"] * len(texts), "text": texts})
        found = screen_texts_of(rows)
        bound = text_bounds(found, query)
        grade = screen_scores(found.texts, query)
        above = [(found.texts[i], grade[i], bound[i]) for i in np.flatnonzero(grade > bound + 1e-12)]
        assert not above, above
        assert (grade > 0).sum() > 10 and bound[found.texts.index(query)] == grade[found.texts.index(query)] == 1.0


def test_merging_best_bound_first_stops_with_the_exhaustive_moments(tmp_path):
    """Twelve videos reading the query, misreads of it or other text: the search merges fewer of them than the
    letters list and proves its top 3 are the exhaustive merge's."""
    store = Store.create(tmp_path)
    reads = ["EMERGENCY EXIT", "EMERGENCV EXIT", "EMERGENCY EX1T", "EMERGENCY", "EMERGING EXITS", "EXIT ONLY"]
    reads += ["MERGE AGENCY", "NO ENTRY", "WELCOME", "OPEN DAILY", "EMERGENCY EXIT STAIRS", "GENCY"]
    for i, text in enumerate(reads):
        commit_video(store, f"v{i:02d}", {3 + i: text, 15: "OPEN DAILY"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EMERGENCY EXIT"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        for k in (1, 3):
            indexed = corpus.search("when does it read EMERGENCY EXIT", plan=plan, k=k)
            every = corpus.search("when does it read EMERGENCY EXIT", plan=plan, k=k, exhaustive=True)
            assert indexed.moments.to_pylist() == every.moments.to_pylist(), k
            assert "(proven)" in indexed.notes[-1] and len(indexed.candidates) < len(every.candidates), indexed.notes
