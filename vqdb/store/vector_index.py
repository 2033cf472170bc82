"""Approximate-nearest-neighbour (IVF_PQ) indexes over the corpus's embedding tables: frames and regions
(the visual model's ``emb``), transcript segments and subtitle cues (the sentence model's ``text_emb``).

``nearest_rows`` reads a table's nearest rows to a vector (what ``vqdb.planner.search`` draws its candidate
videos from); ``frame_search(query, k)`` in SQL uses the index through Lance's ``lance_vector_search``; without one it
searches exactly. An index pays only on large tables: below ``MIN_INDEXED_ROWS`` rows an exact search
over every vector is already fast (milliseconds), so ``build_vector_index`` skips it and says so.

Defaults were picked by measurement (``benchmarks/index.py``): about ``sqrt(rows)`` partitions,
sub-vectors of 16 dimensions (``num_sub_vectors = dim / 16``), and the search probing 20 partitions and
re-ranking 10 x k candidates on exact vectors keep recall@10 >= 0.95 on clustered embeddings.

Example:
    >>> import tempfile
    >>> from vqdb.store.store import Store
    >>> build_vector_index(Store.create(tempfile.mkdtemp())).built
    False
"""

from __future__ import annotations

import dataclasses
import json
import math
import time

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.errors import ConfigError
from vqdb.store.store import Store

VECTOR_COLUMNS = {
    "frame_embeddings": "emb",
    "regions": "emb",
    "transcript_segments": "text_emb",
    "subtitles": "text_emb",
}
VECTOR_TABLES = tuple(VECTOR_COLUMNS)
SENTENCE_TABLES = ("transcript_segments", "subtitles")
SENTENCE_MODEL = "all-MiniLM-L6-v2"  # vqdb's sentence embedder (``vqdb.models.minilm``)
EMBEDDING_FUNCTIONS = "embedding_functions"  # LanceDB's schema-metadata key for a table's embedding functions
INDEX_SUFFIX = "_ivf_pq"
MIN_INDEXED_ROWS = 5000
DEFAULT_NPROBS = 20
DEFAULT_REFINE_FACTOR = 10


@dataclasses.dataclass(frozen=True)
class IndexReport:
    """What ``build_vector_index`` did for one table: built or why not, with its parameters."""

    table: str
    rows: int
    built: bool
    reason: str
    num_partitions: int | None = None
    num_sub_vectors: int | None = None
    seconds: float = 0.0

    def __str__(self) -> str:
        if not self.built:
            return f"{self.table}: no index ({self.reason})"
        if self.num_partitions is None:
            return f"{self.table}: IVF_PQ index {self.reason}, {self.rows} rows, {self.seconds:.1f} s"
        return (
            f"{self.table}: IVF_PQ over {self.rows} rows, {self.num_partitions} partitions, "
            f"{self.num_sub_vectors} sub-vectors, {self.seconds:.1f} s"
        )


def index_name(table: str, column: str | None = None) -> str:
    """The name of the vector index of ``table.column`` (default: the table's vector column).

    Example:
        >>> index_name("frame_embeddings"), index_name("transcript_segments")
        ('frame_embeddings_emb_ivf_pq', 'transcript_segments_text_emb_ivf_pq')
    """
    return f"{table}_{column or VECTOR_COLUMNS[table]}{INDEX_SUFFIX}"


def default_partitions(rows: int) -> int:
    """IVF partitions for ``rows`` vectors: about ``sqrt(rows)``, at least 1 and at most 4096.

    Example:
        >>> default_partitions(20_000), default_partitions(1_000_000)
        (141, 1000)
    """
    return max(1, min(4096, round(math.sqrt(rows))))


def default_sub_vectors(dim: int) -> int:
    """PQ sub-vectors for ``dim``-dimensional vectors: one per 16 dimensions (a divisor of ``dim``).

    Example:
        >>> default_sub_vectors(768), default_sub_vectors(512), default_sub_vectors(40)
        (48, 32, 2)
    """
    target = max(1, dim // 16)
    return max(d for d in range(1, target + 1) if dim % d == 0)


def build_vector_index(
    store: Store,
    table: str = "frame_embeddings",
    *,
    column: str | None = None,
    num_partitions: int | None = None,
    num_sub_vectors: int | None = None,
    min_rows: int = MIN_INDEXED_ROWS,
    rebuild: bool = False,
) -> IndexReport:
    """Build the IVF_PQ cosine index of ``table.column``; skip tables under ``min_rows`` rows.

    When the index exists, rows added since are folded into it (no retraining) unless ``rebuild``.
    Rows not indexed yet are still found by ``frame_search``: Lance scans them exactly.

    Example:
        >>> import tempfile
        >>> from vqdb.store.store import Store
        >>> print(build_vector_index(Store.create(tempfile.mkdtemp()), "regions"))
        regions: no index (the table has no data yet)
    """
    if table not in VECTOR_TABLES:
        raise ConfigError(f"no vector index for table {table!r}; tables with embeddings: {', '.join(VECTOR_TABLES)}")
    if not store.exists(table):
        return IndexReport(table, 0, False, "the table has no data yet")
    column = column or VECTOR_COLUMNS[table]
    dataset = store.dataset(table)
    rows = dataset.count_rows()
    if rows < min_rows:
        return IndexReport(table, rows, False, f"{rows} rows < {min_rows}: exact search is fast enough")
    name = index_name(table, column)
    start = time.perf_counter()
    store.fence()
    if not rebuild and name in {index.name for index in dataset.describe_indices()}:
        dataset.optimize.optimize_indices(index_names=[name])
        return IndexReport(table, rows, True, "updated with the rows added since", seconds=time.perf_counter() - start)
    dim = dataset.schema.field(column).type.list_size
    partitions = num_partitions or default_partitions(rows)
    sub_vectors = num_sub_vectors or default_sub_vectors(dim)
    if dim % sub_vectors:
        raise ConfigError(f"num_sub_vectors={sub_vectors} must divide the embedding dimension {dim}")
    dataset.create_index(
        column,
        index_type="IVF_PQ",
        name=name,
        metric="cosine",
        num_partitions=partitions,
        num_sub_vectors=sub_vectors,
        replace=True,
    )
    return IndexReport(table, rows, True, "built", partitions, sub_vectors, time.perf_counter() - start)


def nearest_rows(store: Store, table: str, vector: np.ndarray, limit: int) -> pa.Table:
    """The ``limit`` rows of ``table`` whose vector (``VECTOR_COLUMNS``) is nearest ``vector`` by cosine, as
    ``video_id`` and ``_distance`` (1 - cosine similarity), nearest first: through the table's IVF_PQ index
    (``DEFAULT_NPROBS`` partitions, ``DEFAULT_REFINE_FACTOR`` x ``limit`` re-ranked on exact vectors) where
    it has one, rows added since scanned exactly; no rows when the table does not exist or has no vectors
    of ``vector``'s dimension.

    Example:
        >>> import tempfile
        >>> nearest_rows(Store.create(tempfile.mkdtemp()), "frame_embeddings", np.ones(4, np.float32), 5).num_rows
        0
    """
    empty = pa.table({"video_id": pa.array([], pa.string()), "_distance": pa.array([], pa.float32())})
    if not store.exists(table):
        return empty
    dataset = store.dataset(table)
    column = VECTOR_COLUMNS[table]
    if dataset.schema.field(column).type.list_size != len(vector):
        return empty
    nearest = {
        "column": column,
        "q": pa.array(np.asarray(vector, np.float32)),
        "k": limit,
        "metric": "cosine",
        "nprobes": DEFAULT_NPROBS,
        "refine_factor": DEFAULT_REFINE_FACTOR,
    }
    found = dataset.to_table(columns=["video_id", "_distance"], nearest=nearest)
    return found.filter(pc.is_finite(found.column("_distance")))  # a NULL vector (an older corpus's row)


def query_embedders(store: Store) -> dict[str, dict]:
    """What embeds a query for each embedding table's vector column, as LanceDB's embedding-function registry
    records it (``embedding_functions`` in the schema metadata: name, model arguments, source and vector
    column), for the tables a LanceDB built-in reproduces vqdb's embedder for: the sentence tables
    (``sentence-transformers`` all-MiniLM-L6-v2, normalized: vqdb's ``text_embed``) and, when the corpus's
    visual model is a SigLIP (version 1) model, frames and regions (``siglip``). LanceDB has no function for
    SigLIP 2 or CLIP models of this kind, so their tables get none.

    Example:
        >>> import tempfile
        >>> store = Store.create(tempfile.mkdtemp())
        >>> sorted(query_embedders(store)), query_embedders(store)["subtitles"]["model"]["name"]
        (['subtitles', 'transcript_segments'], 'all-MiniLM-L6-v2')
    """
    sentence = {"name": "sentence-transformers", "model": {"name": SENTENCE_MODEL, "normalize": True}}
    found = {table: {**sentence, "source_column": "text", "vector_column": "text_emb"} for table in SENTENCE_TABLES}
    visual = store.manifest().get("embed_model") or ""
    if "siglip" in visual.lower() and "siglip2" not in visual.lower():
        for table in ("frame_embeddings", "regions"):  # no image column: the query side only (table.search(text))
            found[table] = {
                "name": "siglip",
                "model": {"model_name": visual},
                "source_column": "model",
                "vector_column": "emb",
            }
    return found


def describe_embedders(store: Store) -> list[str]:
    """Write ``query_embedders`` into the schema metadata of the tables that exist (where it changed), so that
    ``lancedb.connect(CORPUS).open_table("transcript_segments").search("a red car")`` embeds the text itself;
    returns the tables written. ``build_text_indexes`` calls it after every ingest.

    Example:
        >>> import tempfile
        >>> store = Store.create(tempfile.mkdtemp())
        >>> describe_embedders(store), describe_embedders(store)  # written once
        (['transcript_segments', 'subtitles'], [])
    """
    written = []
    for table, entry in query_embedders(store).items():
        if not store.exists(table):
            continue
        dataset = store.dataset(table)
        value = json.dumps([entry], indent=2)
        if (dataset.schema.metadata or {}).get(EMBEDDING_FUNCTIONS.encode()) == value.encode():
            continue
        store.fence()
        dataset.update_schema_metadata({EMBEDDING_FUNCTIONS: value})
        written.append(table)
    return written
