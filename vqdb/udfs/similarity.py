"""Embedding similarity in SQL: the narrow door from SQL to the visual model, and the corpus-bound macros.

SQL functions (every corpus session; ``vqdb/queries/similarity.sql`` and ``similarity_corpus.sql``):

- ``similarity(emb FLOAT[N], query VARCHAR | FLOAT[N] | FLOAT[] | DOUBLE[]) -> FLOAT``: cosine
  similarity, on DuckDB's native ``array_cosine_similarity``. A text query is embedded once per
  distinct string with the corpus's model (cached for the session); a vector must have N elements.
- ``region_scores(query)`` table macro: ``video_id, frame_idx, ts, score, region_id, box`` per frame,
  scored by its best region; ``region_match(video_id, frame_idx, query) -> FLOAT`` for one frame.
- ``frame_search(query, k[, nprobs := 20, refine_factor := 10])`` table macro: top-k frames through
  Lance's vector search (the IVF_PQ index of ``vqdb index`` when there is one).
- ``frame_scores(video_id, frames, query_vector)``, ``best_region_scores(video_id, frames, query_vector)``:
  the similarities of a whole video's frames (or of their best crops) at once, from an in-memory copy of
  its embeddings (``vqdb/udfs/embedding_cache.py``; what the planner's visual tools use).
- ``vq_embed_text(query VARCHAR) -> FLOAT[N]``: the door itself, a vectorized Arrow UDF.

Example:
    >>> import tempfile, vqdb
    >>> from vqdb.testing.tiny import build_tiny_siglip
    >>> from vqdb.store import Store
    >>> with Store.create(tempfile.mkdtemp()) as store:  # a corpus whose visual model is a tiny SigLIP
    ...     _ = store.update_manifest(embed_model=str(build_tiny_siglip(tempfile.mkdtemp())), embed_dim=32)
    >>> with vqdb.connect(store.root) as c:
    ...     c.sql("SELECT round(similarity(vq_embed_text('dog'), 'dog'), 3) AS s").fetchall()
    [(1.0,)]
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import duckdb

from vqdb.models import registry
from vqdb.queries import CORPUS_QUERIES_DIR, QUERIES_DIR
from vqdb.store import quote
from vqdb.udfs.arrow_results import owned
from vqdb.udfs.embedding_cache import EmbeddingCache, lance_loader, register_cache
from vqdb.udfs.text_vectors import TextVectorCache

CORPUS_SQL = CORPUS_QUERIES_DIR / "similarity.sql"
GENERIC_SQL = QUERIES_DIR / "similarity.sql"
_MACRO = re.compile(r"CREATE OR REPLACE MACRO (\w+)")
_TABLE_OF_MACRO = {"region_scores": "regions", "region_match": "regions", "frame_search": "frame_embeddings"}


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Bind the similarity doors and macros of ``con`` to the corpus of ``ctx`` (model, dimension, path).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> with vqdb.connect(empty_corpus()) as corpus:
        ...     corpus.sql("SELECT vq_dataset('frames')").fetchone()[0].endswith("frames.lance")
        True
    """
    manifest = ctx.manifest
    model = manifest.get("embed_model")
    dim = manifest.get("embed_dim")
    _create_dataset_door(con, ctx.root)
    con.execute(GENERIC_SQL.read_text())  # undo what attaching another corpus to ``con`` may have replaced
    if model and dim:
        config = ctx.config.replace(embed_model=model)
        embed = TextVectorCache(lambda: registry.image_text_embedder(config), int(dim))
        _replace_function(con, "vq_embed_text", embed, dim)
        con.execute("CREATE OR REPLACE MACRO vq_text_vector(query) AS vq_embed_text(query)")
        con.execute(_query_vector_macro(int(dim), model))
        register_cache(con, EmbeddingCache(*lance_loader(ctx.store)), int(dim))
    else:
        # No embeddings: every similarity call says why.
        message = quote(_no_model(ctx.root))
        for name in ("vq_text_vector", "vq_query_vector"):
            con.execute(f"CREATE OR REPLACE MACRO {name}(query) AS error({message})")
        con.execute(f"CREATE OR REPLACE MACRO vq_embedding_cache() AS error({message})")
        con.execute(f"CREATE OR REPLACE MACRO similarity(emb, query) AS error({message})")
        for name in ("frame_scores", "best_region_scores"):
            with contextlib.suppress(duckdb.InvalidInputException):  # a Python function of another corpus
                con.remove_function(name)
            con.execute(f"CREATE OR REPLACE MACRO {name}(video_id, keys, query) AS error({message})")
    con.execute(
        "CREATE OR REPLACE MACRO vq_search_vector(query VARCHAR) AS vq_text_vector(query), "
        "(query) AS vq_query_vector(query)"
    )
    for name, statement in corpus_macros().items():
        table = _TABLE_OF_MACRO[name]
        con.execute(statement if ctx.store.exists(table) else _missing_table_macro(name, table, ctx.root))


def corpus_macros() -> dict[str, str]:
    """The ``CREATE MACRO`` statements of ``similarity_corpus.sql`` by macro name (with their comments).

    Example:
        >>> sorted(corpus_macros())
        ['frame_search', 'region_match', 'region_scores']
    """
    text = CORPUS_SQL.read_text()
    starts = [m.start() for m in _MACRO.finditer(text)]
    return {_MACRO.match(text, a).group(1): text[a:b] for a, b in zip(starts, starts[1:] + [len(text)], strict=True)}


def _replace_function(con: duckdb.DuckDBPyConnection, name: str, function, dim: int) -> None:
    with contextlib.suppress(duckdb.InvalidInputException):  # not registered in this connection yet
        con.remove_function(name)
    # null_handling special: the function gets the NULLs (and returns NULL for them); by default DuckDB 1.5 leaves
    # them out and misplaces the vectors of the rows after a NULL (the last ones came back zero)
    con.create_function(name, owned(function), ["VARCHAR"], f"FLOAT[{int(dim)}]", type="arrow", null_handling="special")


def _query_vector_macro(dim: int, model: str) -> str:
    """vq_query_vector(query): query as FLOAT[dim], or an error naming both dimensions and the model."""
    mismatch = (
        f"'similarity: the query vector has ' || len(query) || ' dimensions but the corpus''s embeddings "
        f"(model ' || {quote(model)} || ') have {dim}; embed the query with the same model, or pass a "
        "text query'"
    )
    return (
        f"CREATE OR REPLACE MACRO vq_query_vector(query) AS "
        f"CASE WHEN len(query) <> {dim} THEN error({mismatch}) ELSE query::FLOAT[{dim}] END"
    )


def _create_dataset_door(con: duckdb.DuckDBPyConnection, root: Path) -> None:
    """vq_dataset(name) -> the path of the corpus's Lance dataset ``name`` (for lance_* table functions)."""
    con.execute(f"CREATE OR REPLACE MACRO vq_dataset(name) AS {quote(str(root))} || '/' || name || '.lance'")


def _missing_table_macro(name: str, table: str, root: Path) -> str:
    """A stand-in for macro ``name`` while ``table`` has no data: calling it raises why and what to do."""
    message = quote(
        f"{name}: table {table} has no data in corpus {root}: it is written by the visual model, and none was "
        "loaded at ingest. Set embed_model (VQDB_EMBED_MODEL or vqdb.toml) to a SigLIP/CLIP hub id or local "
        f"directory, then run: vqdb ingest {root} --only embed,regions"
    )
    if name == "region_match":
        return f"CREATE OR REPLACE MACRO region_match(vid, fidx, query) AS error({message})"
    columns = "video_id, frame_idx, ts" if name == "frame_search" else "video_id, frame_idx, ts, region_id, box"
    parameters = "query, top_k, nprobs := 20, refine_factor := 10" if name == "frame_search" else "query"
    return (
        f"CREATE OR REPLACE MACRO {name}({parameters}) AS TABLE "
        f"SELECT {columns}, NULL::FLOAT AS score FROM {table} WHERE error({message}) IS NULL"
    )


def _no_model(root: Path) -> str:
    return (
        f"similarity: corpus {root} has no visual embeddings, so there is no model to compare with; set "
        "embed_model (VQDB_EMBED_MODEL or vqdb.toml) to a SigLIP/CLIP hub id or local directory, then run: "
        f"vqdb ingest {root} --only embed,regions"
    )
