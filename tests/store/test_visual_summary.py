"""The per-video summaries of the visual tables: their bound is a true upper bound of a video's best cosine
similarity, kept current as videos are added, ingested again or deleted."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.store import Store
from vqdb.store.visual_summary import (
    MAX_PARTS,
    build_visual_summaries,
    cone_bounds,
    cones,
    parts_of,
    summary_table,
    visual_bounds,
)

DIM = 64


def scenes(rng: np.random.Generator, frames: int = 300, scene: int = 20, noise: float = 0.5) -> np.ndarray:
    """Unit vectors in scenes: each scene a random look plus each frame's noise."""
    looks = rng.standard_normal((frames // scene + 1, DIM)).astype(np.float32)
    x = np.repeat(looks, scene, axis=0)[:frames] + noise * rng.standard_normal((frames, DIM)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def commit(store: Store, video_id: str, vectors: np.ndarray) -> None:
    idx = np.arange(len(vectors), dtype=np.int32)
    rows = pa.table(
        {
            "video_id": [video_id] * len(vectors),
            "frame_idx": idx,
            "ts": idx.astype(float),
            "model": ["synthetic"] * len(vectors),
            "emb": vectors_to_arrow(vectors),
        }
    )
    store.commit(video_id, "embed", {"frame_embeddings": rows}, model="synthetic", settings={})


def exact_best(vectors: np.ndarray, query: np.ndarray) -> float:
    return float((unit(vectors) @ unit(query)).max())


def test_cone_bounds_are_upper_bounds_and_tight_near_a_match():
    rng = np.random.default_rng(0)
    for _ in range(20):
        vectors = scenes(rng) * rng.uniform(0.5, 2.0, (300, 1)).astype(np.float32)  # any norm
        directions, least = cones(vectors)
        labels = parts_of(unit(vectors))
        queries = np.concatenate([rng.standard_normal((30, DIM)), vectors[rng.integers(0, 300, 30)]])
        for query in queries.astype(np.float32):
            bounds = cone_bounds(query, directions, least)
            sims = unit(vectors) @ unit(query)
            per_part = np.full(len(directions), -np.inf)
            np.maximum.at(per_part, labels, sims)
            assert np.all(bounds >= np.minimum(per_part, 1.0)), (bounds - per_part).min()  # 1 + rounding: 1
    # a query that is a frame: its part's bound is 1
    assert cone_bounds(vectors[5], directions, least)[labels[5]] == 1.0


def test_parts_are_scenes_and_capped():
    rng = np.random.default_rng(1)
    assert parts_of(scenes(rng, 300, 20, noise=0.3)).max() + 1 == 15  # 15 scenes of 20 frames
    many = unit(rng.standard_normal((500, DIM)).astype(np.float32))  # every vector its own look
    labels = parts_of(many)
    assert labels.max() + 1 <= MAX_PARTS
    directions, least = cones(many)
    assert len(directions) == labels.max() + 1
    query = unit(rng.standard_normal(DIM).astype(np.float32))
    assert cone_bounds(query, directions, least).max() >= exact_best(many, query)


def test_a_video_whose_frame_matches_is_not_pruned(tmp_path):
    rng = np.random.default_rng(2)
    store = Store.create(tmp_path / "c")
    query = unit(rng.standard_normal(DIM).astype(np.float32))
    plain = [scenes(rng) for _ in range(4)]
    hidden = scenes(rng)
    hidden[137] = unit(query + 0.2 * unit(rng.standard_normal(DIM).astype(np.float32)))  # one frame in 300 matches
    for i, vectors in enumerate([*plain, hidden]):
        commit(store, f"v{i}", vectors)
    assert build_visual_summaries(store) == {"frame_embeddings": 5, "regions": 0}
    bounds = visual_bounds(store, "frame_embeddings", query)
    assert sorted(bounds) == ["v0", "v1", "v2", "v3", "v4"]
    for i, vectors in enumerate([*plain, hidden]):
        assert bounds[f"v{i}"] >= exact_best(vectors, query)
    assert bounds["v4"] >= exact_best(hidden, query) > 0.9
    assert max(bounds[f"v{i}"] for i in range(4)) < 0.9  # the others are bounded below the match


def test_summaries_follow_videos_added_ingested_again_and_deleted(tmp_path):
    rng = np.random.default_rng(3)
    store = Store.create(tmp_path / "c")
    commit(store, "a", scenes(rng))
    assert build_visual_summaries(store)["frame_embeddings"] == 1
    assert build_visual_summaries(store)["frame_embeddings"] == 0  # nothing new: nothing done
    before = store.version(summary_table("frame_embeddings"))
    build_visual_summaries(store)
    assert store.version(summary_table("frame_embeddings")) == before

    match = scenes(rng)
    commit(store, "b", match)  # added: only it is summarized
    assert build_visual_summaries(store)["frame_embeddings"] == 1
    query = match[10]
    assert visual_bounds(store, "frame_embeddings", query)["b"] == 1.0

    commit(store, "a", match)  # ingested again: stale until summarized again, then bounded by its new frames
    assert "a" not in visual_bounds(store, "frame_embeddings", query)
    assert build_visual_summaries(store)["frame_embeddings"] == 1
    assert visual_bounds(store, "frame_embeddings", query)["a"] == 1.0
    assert store.count(summary_table("frame_embeddings"), "video_id = 'a'") == len(cones(match)[0])

    store.delete_video("b")
    build_visual_summaries(store)
    assert sorted(visual_bounds(store, "frame_embeddings", query)) == ["a"]
    assert store.count(summary_table("frame_embeddings"), "video_id = 'b'") == 0


def test_text_indexes_keep_the_summaries(tmp_path):
    from vqdb.store.text_index import build_text_indexes

    store = Store.create(tmp_path / "c")
    commit(store, "a", scenes(np.random.default_rng(4)))
    build_text_indexes(store)
    assert store.exists(summary_table("frame_embeddings"))
    assert build_visual_summaries(store)["frame_embeddings"] == 0


def test_other_dimensions_have_no_bounds(tmp_path):
    store = Store.create(tmp_path / "c")
    commit(store, "a", scenes(np.random.default_rng(5)))
    build_visual_summaries(store)
    assert visual_bounds(store, "frame_embeddings", np.ones(DIM + 1, np.float32)) == {}


def test_a_regions_crops_are_summarized_by_their_place_in_the_frame(tmp_path):
    rng = np.random.default_rng(6)
    store = Store.create(tmp_path / "c")
    sky, road = unit(rng.standard_normal((2, DIM)).astype(np.float32))
    frames = 30
    vectors = np.stack([v for _ in range(frames) for v in (sky, road)])  # crops 0 and 1 of each frame in turn
    vectors = unit(vectors + 0.05 * rng.standard_normal(vectors.shape).astype(np.float32))
    idx = np.repeat(np.arange(frames, dtype=np.int32), 2)
    rows = pa.table(
        {
            "video_id": ["a"] * len(vectors),
            "frame_idx": idx,
            "ts": idx.astype(float),
            "region_id": np.tile(np.arange(2, dtype=np.int32), frames),
            "box": [{"x0": 0.0, "y0": 0.0, "x1": 1.0, "y1": 1.0}] * len(vectors),
            "model": ["synthetic"] * len(vectors),
            "emb": vectors_to_arrow(vectors),
        }
    )
    store.commit("a", "regions", {"regions": rows}, model="synthetic", settings={})
    assert build_visual_summaries(store)["regions"] == 1
    assert store.count(summary_table("regions")) == 2  # one cone a place, not one a crop
    assert visual_bounds(store, "regions", road)["a"] >= exact_best(vectors, road)
