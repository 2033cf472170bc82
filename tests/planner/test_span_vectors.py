"""The stored vectors of a corpus's texts shown, and each video's best similarity with a query."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

import vqdb
from vqdb.planner.span_vectors import ROUNDING, span_vectors, span_vectors_of
from vqdb.schema import TABLES
from vqdb.store import Store

VECTOR = TABLES["ocr_spans"].arrow_schema().field("text_emb").type


def spans(rows: list[tuple[str, str, list[float] | None]]) -> pa.Table:
    """``ocr_spans`` rows (video_id, text, text_emb: None where stored without one), the rest of their columns
    as a test needs none of them."""
    vectors = [None if v is None else v + [0.0] * (VECTOR.list_size - len(v)) for _, _, v in rows]
    return (
        TABLES["ocr_spans"]
        .from_rows([{"video_id": video, "span_id": i, "text": text} for i, (video, text, _) in enumerate(rows)])
        .set_column(7, "text_emb", pa.array(vectors, VECTOR))
    )


def test_each_videos_best_similarity_is_at_least_what_duckdb_computes(tmp_path):
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((40, VECTOR.list_size)).astype(np.float32)
    rows = [(f"v{i % 7}", f"text {i}", vectors[i].tolist()) for i in range(40)] + [("v9", "old", None)]
    query = rng.standard_normal(VECTOR.list_size).astype(np.float32)
    found = span_vectors_of(spans(rows).select(["video_id", "text_emb"])).best_similarity(query)
    with vqdb.connect(Store.create(tmp_path).root) as corpus:
        computed = corpus.sql(
            "SELECT v, max(array_cosine_similarity(e::FLOAT[384], ?::FLOAT[384])) FROM "
            "(SELECT unnest(?) AS v, unnest(?) AS e) GROUP BY v",
            params=[query.tolist(), [r[0] for r in rows[:40]], vectors.tolist()],
        ).fetchall()
    assert set(found) == {f"v{i}" for i in range(7)}  # the span without a vector is not compared
    assert list(found.values()) == sorted(found.values(), reverse=True)
    for video, duckdb_value in computed:
        assert duckdb_value <= found[video] <= duckdb_value + 2 * ROUNDING, video


def test_a_corpus_written_before_spans_held_vectors_counts_them_missing(tmp_path):
    with Store.create(tmp_path) as store:
        table = spans([("a", "EXIT", [1.0]), ("a", "OPEN", None), ("b", "SALE", [0.0, 1.0])])
        store.commit("a", "ocr", {"ocr_spans": table, "ocr": TABLES["ocr"].from_rows([])}, model="m", settings={})
        held = span_vectors(store)
        assert (held.videos, held.missing) == (["a", "b"], 1)
        assert held.best_similarity(np.float32([0, 3] + [0] * 382)) == pytest.approx({"b": 1.0, "a": 0.0}, abs=ROUNDING)
        store.dataset("ocr_spans").drop_columns(["text_emb"])  # as an earlier version wrote the table
        older = span_vectors(store)
    assert (older.videos, older.missing, older.best_similarity(np.ones(384, np.float32))) == ([], 3, {})
