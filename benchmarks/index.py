"""Vector index benchmark: IVF_PQ ``frame_search`` against the exact ``ORDER BY similarity`` top-k.

Builds a corpus of clustered unit vectors (clusters in a low-dimensional latent space, the shape of real
image embeddings), indexes it with ``vqdb.index`` defaults and prints, per search setting, the query
latency, recall@10 against numpy brute force, and the speed-up over the exact SQL top-k measured in the
same run (median latency; each query runs every method in turn, so outside load hits all alike).

    .venv/bin/python benchmarks/index.py                     # 20 000 x 512
    .venv/bin/python benchmarks/index.py --rows 100000 --dim 768 --queries 30
"""

from __future__ import annotations

import argparse
import tempfile
import time

import numpy as np
import pyarrow as pa

import vqdb
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.vector_index import build_vector_index


def clustered_unit_vectors(n: int, dim: int, seed: int, clusters: int = 100, latent: int = 16) -> np.ndarray:
    """Unit vectors: cluster centres in a ``latent``-dimensional space, lifted to ``dim`` with noise."""
    mix = np.random.default_rng(42)
    lift = mix.standard_normal((latent, dim)).astype(np.float32)
    centres = 2 * mix.standard_normal((clusters, latent)).astype(np.float32)
    rng = np.random.default_rng(seed)
    z = centres[rng.integers(0, clusters, n)] + rng.standard_normal((n, latent)).astype(np.float32)
    x = z @ lift + 0.5 * rng.standard_normal((n, dim)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def make_corpus(root: str, vectors: np.ndarray, per_video: int = 1000) -> None:
    storage = Store.create(root)
    empty = {name: TABLES[name].arrow_schema().empty_table() for name in ("frames", "videos")}
    for v, start in enumerate(range(0, len(vectors), per_video)):
        chunk = vectors[start : start + per_video]
        idx = np.arange(len(chunk), dtype=np.int32)
        table = pa.table(
            {
                "video_id": [f"v{v}"] * len(chunk),
                "frame_idx": idx,
                "ts": idx.astype(float),
                "model": ["synthetic"] * len(chunk),
                "emb": vectors_to_arrow(chunk),
            }
        )
        storage.commit(f"v{v}", "embed", {"frame_embeddings": table}, model="synthetic", settings={})
        storage.commit(f"v{v}", "frames", empty, model=None, settings={})
    storage.update_manifest(embed_model="synthetic", embed_dim=vectors.shape[1])


def run_interleaved(corpus, methods, queries, truth, per_video) -> list[tuple[str, float, float]]:
    """Per method: (name, median milliseconds per query, mean recall@10).

    Each query runs every method in turn, so load from other processes hits all methods alike.
    """
    times = {name: [] for name, _ in methods}
    recalls = {name: [] for name, _ in methods}
    for query, expected in zip(queries, truth, strict=True):
        literal = "[" + ", ".join(repr(float(x)) for x in query) + "]"
        for name, sql_of in methods:
            start = time.perf_counter()
            rows = corpus.sql(sql_of(literal)).fetchall()
            times[name].append(1000 * (time.perf_counter() - start))
            found = {int(v[1:]) * per_video + f for v, f in rows}
            recalls[name].append(len(found & expected) / len(expected))
    return [(name, float(np.median(times[name])), float(np.mean(recalls[name]))) for name, _ in methods]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--dim", type=int, default=512)
    parser.add_argument("--queries", type=int, default=50)
    args = parser.parse_args()

    per_video = 1000
    vectors = clustered_unit_vectors(args.rows, args.dim, seed=0)
    queries = clustered_unit_vectors(args.queries, args.dim, seed=1)
    truth = [set(np.argsort(-(vectors @ q))[:10].tolist()) for q in queries]
    root = tempfile.mkdtemp(prefix="vqdb-index-bench-")
    make_corpus(root, vectors, per_video)

    exact = (
        "exact: ORDER BY similarity LIMIT 10",
        lambda v: f"SELECT video_id, frame_idx FROM frame_embeddings ORDER BY similarity(emb, {v}) DESC LIMIT 10",
    )
    flat = ("frame_search, no index (Lance flat)", lambda v: f"SELECT video_id, frame_idx FROM frame_search({v}, 10)")
    with vqdb.connect(root, progress=False) as corpus:
        unindexed = run_interleaved(corpus, [exact, flat], queries, truth, per_video)
    report = build_vector_index(Store.create(root))
    methods = [exact]
    for nprobs, refine in [(5, 1), (5, 10), (20, 1), (20, 10), (50, 10)]:
        sql_of = lambda v, n=nprobs, r=refine: (  # noqa: E731
            f"SELECT video_id, frame_idx FROM frame_search({v}, 10, nprobs := {n}, refine_factor := {r})"
        )
        methods.append((f"frame_search IVF_PQ nprobs={nprobs} refine={refine}", sql_of))
    with vqdb.connect(root, progress=False) as corpus:
        indexed = run_interleaved(corpus, methods, queries, truth, per_video)

    print(f"# {args.rows} x {args.dim} clustered unit vectors, {args.queries} queries; index: {report}")
    print("# speed-up: against the exact top-k measured in the same pass (before / after the index was built)")
    print(f"{'method':<44}{'ms/query':>10}{'recall@10':>11}{'speed-up':>10}")
    for phase in (unindexed, indexed):
        baseline = phase[0][1]
        for name, ms, recall in phase:
            print(f"{name:<44}{ms:>10.1f}{recall:>11.3f}{baseline / ms:>9.2f}x")


if __name__ == "__main__":
    main()
