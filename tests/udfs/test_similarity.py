"""similarity / region_scores / region_match / frame_search in SQL against numpy brute force."""

from __future__ import annotations

import re

import duckdb
import numpy as np
import pyarrow as pa
import pytest

import vqdb
import vqdb.session
from vqdb.config import Config
from vqdb.ingest.crops import crop_boxes
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.models import registry
from vqdb.queries import QUERIES_DIR, load_sql_macros
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.tiny import build_tiny_siglip
from vqdb.udfs import similarity as similarity_module

DIM = 32
VIDEOS = 4
FRAMES = 600  # per video: 2 400 frames, more than one DuckDB vector chunk


def _unit(rng: np.random.Generator, n: int) -> np.ndarray:
    x = rng.standard_normal((n, DIM)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    return build_tiny_siglip(tmp_path_factory.mktemp("tiny-siglip"))


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    return {"frames": _unit(rng, VIDEOS * FRAMES), "regions": _unit(rng, VIDEOS * FRAMES * 6)}


def _empty(*names: str) -> dict[str, pa.Table]:
    return {name: TABLES[name].arrow_schema().empty_table() for name in names}


def _commit(store: Store, model: str, data: dict) -> None:
    boxes = [b._asdict() for b in crop_boxes(2, True)]
    for v in range(VIDEOS):
        rows = slice(v * FRAMES, (v + 1) * FRAMES)
        idx = np.arange(FRAMES, dtype=np.int32)
        frames = pa.table(
            {
                "video_id": [f"v{v}"] * FRAMES,
                "frame_idx": idx,
                "ts": idx * 0.5,
                "model": [model] * FRAMES,
                "emb": vectors_to_arrow(data["frames"][rows]),
            }
        )
        store.commit(f"v{v}", "embed", {"frame_embeddings": frames}, model=model, settings={})
        region_rows = slice(v * FRAMES * 6, (v + 1) * FRAMES * 6)
        regions = pa.table(
            {
                "video_id": [f"v{v}"] * (FRAMES * 6),
                "frame_idx": np.repeat(idx, 6),
                "ts": np.repeat(idx * 0.5, 6),
                "region_id": np.tile(np.arange(6, dtype=np.int32), FRAMES),
                "box": boxes * FRAMES,
                "model": [model] * (FRAMES * 6),
                "emb": vectors_to_arrow(data["regions"][region_rows]),
            }
        )
        store.commit(f"v{v}", "regions", {"regions": regions}, model=model, settings={})
        store.commit(f"v{v}", "frames", _empty("frames", "videos"), model=None, settings={})  # video done
    store.update_manifest(embed_model=model, embed_dim=DIM)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, model_dir, data):
    root = tmp_path_factory.mktemp("corpus")
    _commit(Store.create(root), str(model_dir), data)
    with vqdb.connect(root, Config(embed_model=str(model_dir), progress=False)) as corpus:
        yield corpus


@pytest.fixture(scope="module")
def embedder(model_dir):
    return registry.image_text_embedder(Config(embed_model=str(model_dir)))


def _brute_force_top(vectors: np.ndarray, query: np.ndarray, k: int) -> list[tuple[str, int]]:
    order = np.argsort(-(vectors @ query), kind="stable")[:k]
    return [(f"v{i // FRAMES}", int(i % FRAMES)) for i in order]


def _literal(vector: np.ndarray) -> str:
    return "[" + ", ".join(repr(float(x)) for x in vector) + "]"


def test_text_top_k_equals_numpy_brute_force(corpus, data, embedder):
    rows = corpus.sql(
        "SELECT video_id, frame_idx, similarity(emb, 'a dog on a red road') AS score "
        "FROM frame_embeddings ORDER BY score DESC LIMIT 10"
    ).fetchall()
    query = embedder.embed_texts(["a dog on a red road"])[0]
    assert [(v, f) for v, f, _ in rows] == _brute_force_top(data["frames"], query, 10)
    expected = np.sort(data["frames"] @ query)[::-1][:10]
    np.testing.assert_allclose([s for *_, s in rows], expected, atol=1e-5)


@pytest.mark.parametrize("cast", ["", "::FLOAT[]", "::DOUBLE[]", f"::FLOAT[{DIM}]"])
def test_vector_top_k_equals_numpy_brute_force(corpus, data, cast):
    query = data["regions"][7]
    rows = corpus.sql(
        f"SELECT video_id, frame_idx FROM frame_embeddings ORDER BY similarity(emb, {_literal(query)}{cast}) DESC "
        "LIMIT 10"
    ).fetchall()
    assert rows == _brute_force_top(data["frames"], query, 10)


def test_vector_column_query_compares_row_by_row(corpus):
    assert corpus.sql("SELECT min(similarity(emb, emb)) FROM frame_embeddings").fetchone()[0] == pytest.approx(1)


def test_text_is_embedded_once_per_distinct_string(tmp_path, model_dir, data, monkeypatch):
    calls: list[list[str]] = []
    real = registry.image_text_embedder(Config(embed_model=str(model_dir)))

    class Counting:
        model_id, dim = real.model_id, real.dim

        def embed_texts(self, texts):
            calls.append(list(texts))
            return real.embed_texts(texts)

    monkeypatch.setattr(registry, "image_text_embedder", lambda config: Counting())
    _commit(Store.create(tmp_path), str(model_dir), data)
    with vqdb.connect(tmp_path, Config(embed_model=str(model_dir), progress=False)) as corpus:
        corpus.sql("SELECT max(similarity(emb, 'a cat')) FROM frame_embeddings").fetchall()
        assert calls == [["a cat"]]
        corpus.sql(
            "SELECT max(similarity(emb, ['a cat', 'sky', 'a dog'][frame_idx % 3 + 1])) FROM frame_embeddings"
        ).fetchall()
        assert sorted(t for batch in calls for t in batch) == ["a cat", "a dog", "sky"]


def test_null_query_gives_null(corpus):
    assert corpus.sql("SELECT similarity(emb, NULL::VARCHAR) FROM frame_embeddings LIMIT 1").fetchone() == (None,)
    assert corpus.sql("SELECT similarity(emb, NULL::FLOAT[]) FROM frame_embeddings LIMIT 1").fetchone() == (None,)


def test_a_null_text_leaves_the_other_rows_their_own_vectors(corpus):
    rows = corpus.sql(
        "SELECT t, vq_embed_text(t) AS v FROM (VALUES ('a dog'), (NULL), ('sky'), ('a cat')) AS q(t)"
    ).fetchall()
    alone = {
        t: corpus.sql("SELECT vq_embed_text($t)", params={"t": t}).fetchone()[0] for t in ("a dog", "sky", "a cat")
    }
    assert [(t, v if t is None else v == alone[t]) for t, v in rows] == [
        ("a dog", True),
        (None, None),
        ("sky", True),
        ("a cat", True),
    ]


def test_dimension_mismatch_names_both_dimensions_and_the_model(corpus, model_dir):
    with pytest.raises(duckdb.Error, match=rf"3 dimensions .*model {re.escape(str(model_dir))}.* have {DIM}"):
        corpus.sql("SELECT similarity(emb, [1.0, 2.0, 3.0]) FROM frame_embeddings").fetchall()


def test_region_scores_take_the_best_region_of_each_frame(corpus, data, embedder):
    rows = corpus.sql(
        "SELECT video_id, frame_idx, score, region_id FROM region_scores('a red car') ORDER BY video_id, frame_idx"
    ).fetchall()
    scores = (data["regions"] @ embedder.embed_texts(["a red car"])[0]).reshape(-1, 6)
    assert len(rows) == VIDEOS * FRAMES
    np.testing.assert_allclose([r[2] for r in rows], scores.max(axis=1), atol=1e-5)
    assert [r[3] for r in rows] == scores.argmax(axis=1).tolist()


def test_region_match_scores_one_frame_and_is_null_without_regions(corpus, data):
    query = data["regions"][6 * 5 + 2]  # region 2 of frame 5 of v0
    rows = corpus.sql(
        f"SELECT region_match('v0', 5, {_literal(query)}), region_match('v0', 99999, {_literal(query)})"
    ).fetchone()
    assert rows[0] == pytest.approx(1.0, abs=1e-5)
    assert rows[1] is None
    best = corpus.sql(
        f"SELECT video_id, frame_idx FROM frame_embeddings ORDER BY region_match(video_id, frame_idx, "
        f"{_literal(query)}) DESC LIMIT 1"
    ).fetchone()
    assert best == ("v0", 5)


def test_frame_search_without_index_is_exact(corpus, data, embedder):
    rows = corpus.sql("SELECT video_id, frame_idx, score FROM frame_search('a bird in the sky', 10)").fetchall()
    query = embedder.embed_texts(["a bird in the sky"])[0]
    assert [(v, f) for v, f, _ in rows] == _brute_force_top(data["frames"], query, 10)
    vector_rows = corpus.sql(f"SELECT video_id, frame_idx FROM frame_search({_literal(query)}, 5)").fetchall()
    assert vector_rows == _brute_force_top(data["frames"], query, 5)


def test_sql_examples_of_the_similarity_files_run(corpus):
    text = (QUERIES_DIR / "similarity.sql").read_text() + similarity_module.CORPUS_SQL.read_text()
    examples = re.findall(r"-- Example: (.*?;)", re.sub(r"\n-- {2,}", " ", text), flags=re.S)
    assert len(examples) >= 5
    for example in examples:
        assert corpus.sql(example).fetchall()


def test_without_embeddings_every_function_says_how_to_fix(tmp_path, sample_media):
    with vqdb.connect(tmp_path, progress=False) as corpus:
        corpus.ingest(sample_media / "birds.mp4", extractors=())
        for query in (
            "SELECT similarity(emb, 'a bird') FROM frame_embeddings",
            "SELECT similarity([1, 0]::FLOAT[2], 'a bird')",
            "SELECT similarity([1, 0]::FLOAT[2], [1, 0])",
            "SELECT * FROM region_scores('a bird')",
            "SELECT region_match(video_id, frame_idx, 'a bird') FROM frames",
            "SELECT * FROM frame_search('a bird', 3)",
        ):
            with pytest.raises(duckdb.Error, match=r"embed_model .*vqdb ingest .* --only embed,regions"):
                corpus.sql(query).fetchall()


def test_attaching_again_after_embeddings_arrive_enables_similarity(tmp_path, model_dir, data):
    con = vqdb.session.new_connection()
    Store.create(tmp_path)
    vqdb.attach(con, tmp_path)
    with pytest.raises(duckdb.Error, match=r"no visual embeddings"):
        con.sql("SELECT similarity([1, 0]::FLOAT[2], [1, 0])").fetchall()
    _commit(Store.create(tmp_path), str(model_dir), data)
    vqdb.attach(con, tmp_path)
    query = _literal(data["frames"][3])
    assert con.cursor().sql(f"SELECT max(similarity(emb, {query})) FROM frame_embeddings").fetchone()[
        0
    ] == pytest.approx(1.0, abs=1e-5)


def test_a_model_that_cannot_load_at_query_time_says_why(tmp_path, data, model_dir):
    _commit(Store.create(tmp_path), str(model_dir), data)
    Store.create(tmp_path).update_manifest(embed_model=str(tmp_path / "moved-away"))
    with vqdb.connect(tmp_path, progress=False) as corpus, pytest.raises(duckdb.Error, match=r"moved-away"):
        corpus.sql("SELECT similarity(emb, 'a bird') FROM frame_embeddings").fetchall()


def test_a_connection_without_corpus_explains_itself():
    con = duckdb.connect()
    load_sql_macros(con)
    with pytest.raises(duckdb.Error, match=r"no vqdb corpus is attached"):
        con.sql("SELECT similarity([1, 0]::FLOAT[2], 'a bird')").fetchall()
    with pytest.raises(duckdb.Error, match=r"no vqdb corpus is attached"):
        con.sql("SELECT similarity([1, 0]::FLOAT[2], [1, 0])").fetchall()
