"""Corpora for examples and tests: ``empty_corpus()`` is a corpus directory with every table empty;
``corpus_contents`` and ``rows_on_disk`` say what a corpus holds, to compare two of them.

Querying needs a corpus (``vqdb.connect`` on any other path refuses, naming the fix), and only ingest
creates one from videos; examples that only need the tables, macros and functions start from this.

Example:
    >>> import vqdb
    >>> vqdb.connect(empty_corpus()).sql("SELECT count(*) FROM videos").fetchall()
    [(0,)]
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pyarrow as pa

from vqdb.store import Store


def empty_corpus(root: str | Path | None = None) -> Path:
    """Create an empty corpus at ``root`` (a new temporary directory by default); returns its path.

    Example:
        >>> (empty_corpus() / "corpus.json").is_file()
        True
    """
    with Store.create(root if root is not None else tempfile.mkdtemp(prefix="vqdb-corpus-")) as store:
        return store.root


# Columns that differ between two runs that stored the same rows: when and by what they were written.
RUN_COLUMNS = {"ingested_at", "finished_at", "seconds", "vqdb_version", "created_at"}


def corpus_contents(root: str | Path, *, embeddings: bool = True, **settings: object) -> dict[str, list[tuple]]:
    """Every table's visible rows, without the columns that say when they were written, in a canonical
    order (binary columns as their MD5): two corpora with the same rows compare equal. ``settings``
    reach a corpus on object storage (``s3_endpoint``...). ``embeddings=False`` keeps only whether a row
    has a sentence embedding, not its value: a model run with another number of threads (a Ray worker's
    one) sums in another order, so its vectors differ in the last bits; compare those with a tolerance.

    Example:
        >>> corpus_contents(empty_corpus())["videos"]
        []
    """
    import vqdb
    from vqdb.schema import TABLES

    contents = {}
    with vqdb.connect(root, **settings) as corpus:
        for table in TABLES.values():
            if not corpus.store.exists(table.name):
                continue
            columns = [
                _compared(c.name, c.type, embeddings)
                for c in table.columns
                if c.name not in RUN_COLUMNS and not c.is_vector
            ]
            contents[table.name] = corpus.sql(f"SELECT {', '.join(columns)} FROM {table.name} ORDER BY ALL").fetchall()
    return contents


def _compared(name: str, kind: pa.DataType, embeddings: bool) -> str:
    """How ``corpus_contents`` selects a column: binary as its MD5, an embedding (a fixed-size list of
    floats) as whether it is there unless ``embeddings``."""
    if kind == pa.binary():
        return f"md5({name}::VARCHAR)"
    if not embeddings and pa.types.is_fixed_size_list(kind):
        return f"{name} IS NOT NULL"
    return name


def rows_on_disk(root: str | Path) -> dict[str, int]:
    """Rows per dataset, visible or not (an interrupted write's leftovers count).

    Example:
        >>> rows_on_disk(empty_corpus())["frames"]
        0
    """
    from vqdb.schema import TABLES

    store = Store.open(root)
    return {name: store.count(name) for name in TABLES}
