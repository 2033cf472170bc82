"""The DuckDB side of a corpus: the Lance extension, one view per table, SQL macros and UDFs.

The session knows tables and functions, never decoding or models, except through one narrow door:
``vqdb.udfs.text_vectors``, which turns a query string into a vector with the corpus's model.

Example:
    >>> import duckdb, tempfile
    >>> from vqdb.store import Store
    >>> root = Store.create(tempfile.mkdtemp()).root
    >>> con = attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), root)
    >>> con.sql("SELECT count(*) FROM videos").fetchall()
    [(0,)]
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from vqdb.config import Config
from vqdb.errors import VqdbError
from vqdb.queries import load_sql_macros
from vqdb.schema import TABLES, Table
from vqdb.store import Store, quote
from vqdb.udfs import register_udfs


def lance_extension_path() -> Path:
    """Path of the Lance DuckDB extension shipped by the ``duckdb-extension-lance`` package.

    Example:
        >>> lance_extension_path().name
        'lance.duckdb_extension'
    """
    import duckdb_extension_lance

    base = Path(duckdb_extension_lance.__file__).parent / "extensions"
    candidates = sorted(base.glob(f"v{duckdb.__version__}/*/lance.duckdb_extension")) + sorted(
        base.glob(f"v{duckdb.__version__}/lance.duckdb_extension")
    )
    if not candidates:
        raise VqdbError(
            f"no Lance extension for DuckDB {duckdb.__version__} under {base}; install the matching "
            f"package: pip install duckdb-extension-lance=={duckdb.__version__}"
        )
    return candidates[0]


def load_lance(con: duckdb.DuckDBPyConnection) -> None:
    """Load the Lance extension into ``con`` from its file (never ``INSTALL``: that needs the network).

    Example:
        >>> con = duckdb.connect(config={"allow_unsigned_extensions": "true"}); load_lance(con)
        >>> con.sql("SELECT loaded FROM duckdb_extensions() WHERE extension_name = 'lance'").fetchall()
        [(True,)]
    """
    loaded = con.execute(
        "SELECT count(*) FROM duckdb_extensions() WHERE extension_name = 'lance' AND loaded"
    ).fetchone()[0]
    if not loaded:
        try:
            con.execute(f"LOAD '{lance_extension_path()}'")
        except duckdb.Error as exc:
            raise VqdbError(
                f"cannot load the Lance extension into this DuckDB connection: {exc}. Open the connection "
                "with duckdb.connect(config={'allow_unsigned_extensions': 'true'})"
            ) from exc


def new_connection() -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with the Lance extension loaded.

    Example:
        >>> new_connection().sql("SELECT count(*) FROM duckdb_functions() WHERE function_name = 'lance_fts'").fetchall()
        [(1,)]
    """
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    load_lance(con)
    return con


@dataclasses.dataclass
class SessionContext:
    """What SQL functions may know about the corpus: its store (read-only), manifest and settings."""

    store: Store
    config: Config

    @property
    def root(self) -> Path:
        return self.store.root

    @property
    def manifest(self) -> dict[str, Any]:
        return self.store.manifest()


def attach(
    con: duckdb.DuckDBPyConnection, corpus_dir: str | Path, config: Config | None = None
) -> duckdb.DuckDBPyConnection:
    """Make a corpus queryable in ``con``: views named after its tables, macros and functions.

    DuckDB caches a Lance dataset per connection: after new ingests, query through ``con.cursor()``
    (a fresh cursor sees the latest data; ``Corpus.sql`` does this for you).

    Example:
        >>> import duckdb, tempfile
        >>> root = Store.create(tempfile.mkdtemp()).root
        >>> con = attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), root)
        >>> con.sql("SELECT count(*) FROM frames").fetchall()
        [(0,)]
    """
    store = Store.open(corpus_dir)
    load_lance(con)
    create_views(con, store)
    load_sql_macros(con)
    register_udfs(con, SessionContext(store=store, config=config or Config.load(store.root)))
    return con


def create_views(con: duckdb.DuckDBPyConnection, store: Store) -> None:
    """One view per table; rows of a per-video table show only once their extractor finished.

    A vector table without a dataset (no visual model ran at ingest) is a view with the table's column
    types whose scan says what to do, so ``similarity(emb, 'a dog')`` over it binds and then explains.

    Example:
        >>> import tempfile
        >>> con = new_connection(); create_views(con, Store.create(tempfile.mkdtemp()))
        >>> con.sql("SELECT count(*) FROM ocr_spans").fetchall()
        [(0,)]
        >>> con.sql("SELECT count(*) FROM frame_embeddings").fetchall()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        _duckdb.InvalidInputException: Invalid Input Error: table frame_embeddings has no data in corpus ...
    """
    extractions = quote(store.uri("extractions"))
    dim = store.manifest().get("embed_dim")
    for table in TABLES.values():
        if not store.exists(table.name):
            message = quote(
                f"table {table.name} has no data in corpus {store.root}: it needs the visual model, and none "
                "was loaded at ingest. Set embed_model (VQDB_EMBED_MODEL or vqdb.toml) to a SigLIP/CLIP id "
                f"or local directory, then run: vqdb ingest {store.root} --only embed,regions"
            )
            # Every column is computed from the error, so no plan can skip it (a join pulls filters up).
            columns = typed_columns(table, dim, "_why")
            con.execute(
                f"CREATE OR REPLACE VIEW {table.name} AS SELECT {columns} "
                f"FROM (SELECT error({message}) AS _why FROM range(1)) WHERE _why IS NULL"
            )
            continue
        source = f"FROM {quote(store.uri(table.name))}"
        if table.per_video and table.name != "extractions":
            # visible once its extractor finished and the video itself was committed (frames step, last)
            source += (
                f" WHERE video_id IN (SELECT video_id FROM {extractions} WHERE extractor = {quote(table.extractor)}"
                f" INTERSECT SELECT video_id FROM {extractions} WHERE extractor = 'frames')"
            )
        con.execute(f"CREATE OR REPLACE VIEW {table.name} AS SELECT * {source}")


def typed_columns(table: Table, dim: int | None, value: str = "NULL") -> str:
    """A SELECT list that casts ``value`` to each of ``table``'s columns, with their names and DuckDB types
    (vectors: ``FLOAT[dim]``, or ``FLOAT[]`` while the dimension is unknown).

    Example:
        >>> from vqdb.schema import TABLES
        >>> print(*typed_columns(TABLES["frame_embeddings"], None).split(", "), sep=",\\n")
        CAST(NULL AS VARCHAR) AS video_id,
        CAST(NULL AS INTEGER) AS frame_idx,
        CAST(NULL AS DOUBLE) AS ts,
        CAST(NULL AS VARCHAR) AS model,
        CAST(NULL AS FLOAT[]) AS emb
    """
    fields = []
    for column in table.columns:
        if column.is_vector and dim is None:
            fields.append(pa.field(column.name, pa.list_(pa.float32())))
        else:
            fields.append(pa.field(column.name, column.arrow_type(dim)))
    types = duckdb.connect().from_arrow(pa.schema(fields).empty_table()).types
    return ", ".join(f"CAST({value} AS {t}) AS {f.name}" for f, t in zip(fields, types, strict=True))
