"""The Lance datasets of one corpus directory: opened to read, created (or opened) to write.

Ingest produces Arrow tables (a pure step); this module is the only place that writes them. A commit
for (video, extractor) first removes anything an interrupted earlier run left for that pair, then
appends the new rows, and only then appends the ``extractions`` row that makes them visible in SQL.

``Store.open(root)`` reads an existing corpus and never writes (not even a directory);
``Store.create(root)`` makes the directory, its ``corpus.json`` and an empty dataset per table when
missing, and may write. Tables with an embedding column get their dataset with the first vectors,
since their dimension is the model's.

Example:
    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> Store.create(root).exists("frames"), Store.open(root).exists("frame_embeddings")
    (True, False)
    >>> Store.open(root).writable
    False
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import lance
import pyarrow as pa

from vqdb._version import __version__
from vqdb.errors import SchemaError, VqdbError
from vqdb.schema import TABLES, tables_of

MANIFEST = "corpus.json"


def is_corpus(root: str | Path) -> bool:
    """Whether ``root`` is a corpus directory (it has a ``corpus.json``).

    Example:
        >>> import tempfile
        >>> is_corpus(tempfile.mkdtemp())
        False
    """
    return (Path(root).expanduser() / MANIFEST).is_file()


class Store:
    """The Lance datasets of one corpus directory. Get one with ``Store.open`` or ``Store.create``."""

    def __init__(self, root: Path, *, writable: bool):
        self.root = root
        self.writable = writable

    @classmethod
    def open(cls, root: str | Path, *, writable: bool = False) -> Store:
        """The existing corpus at ``root``, read-only unless ``writable``; VqdbError when ``root`` is not
        a corpus.

        Example:
            >>> import tempfile
            >>> Store.open(tempfile.mkdtemp())  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            vqdb.errors.VqdbError: ... is not a vqdb corpus (no corpus.json); ...
        """
        path = _resolve(root)
        if not is_corpus(path):
            raise VqdbError(
                f"{path} is not a vqdb corpus (no {MANIFEST}); create one by ingesting videos into it: "
                f"vqdb ingest {path} VIDEO..."
            )
        return cls(path, writable=writable)

    @classmethod
    def create(cls, root: str | Path) -> Store:
        """The corpus at ``root``, writable; the directory, its manifest and empty datasets are made when
        missing.

        Example:
            >>> import tempfile
            >>> Store.create(tempfile.mkdtemp()).manifest()["format"]
            1
        """
        path = _resolve(root)
        path.mkdir(parents=True, exist_ok=True)
        store = cls(path, writable=True)
        for table in TABLES.values():
            if not table.is_vector_table and not store.exists(table.name):
                lance.write_dataset(table.arrow_schema().empty_table(), store.uri(table.name), mode="create")
        if not is_corpus(path):  # the manifest last: a directory is a corpus once all of it exists
            store.write_manifest({"format": 1, "created_by": f"vqdb {__version__}"})
        return store

    # -- corpus-level metadata ---------------------------------------------------------------------
    def manifest(self) -> dict[str, Any]:
        """The corpus manifest (format version, visual model and its dimension...)."""
        return json.loads((self.root / MANIFEST).read_text())

    def write_manifest(self, data: Mapping[str, Any]) -> None:
        """Replace the manifest atomically (a temporary file renamed over it)."""
        self._check_writable("write the manifest")
        tmp = self.root / (MANIFEST + ".tmp")
        tmp.write_text(json.dumps(dict(data), indent=2, sort_keys=True))
        tmp.replace(self.root / MANIFEST)

    def update_manifest(self, **changes: Any) -> dict[str, Any]:
        """Set some manifest keys; returns the new manifest."""
        data = self.manifest() | changes
        self.write_manifest(data)
        return data

    # -- datasets ----------------------------------------------------------------------------------
    def uri(self, name: str) -> str:
        """Where the dataset ``name`` lives (whether or not it exists yet)."""
        return str(self.root / f"{name}.lance")

    def exists(self, name: str) -> bool:
        """Whether the dataset ``name`` exists (a vector table's is created by its first rows)."""
        return (self.root / f"{name}.lance").is_dir()

    def dataset(self, name: str) -> lance.LanceDataset:
        """The Lance dataset ``name`` (it must exist)."""
        return lance.dataset(self.uri(name))

    def count(self, name: str, where: str | None = None) -> int:
        """Rows in a dataset (0 when it does not exist), including rows not yet made visible."""
        return self.dataset(name).count_rows(filter=where) if self.exists(name) else 0

    def read(self, name: str, columns: list[str] | None = None, where: str | None = None) -> pa.Table:
        """Rows of a dataset as Arrow (an empty table of its schema when it does not exist)."""
        if not self.exists(name):
            schema = TABLES[name].arrow_schema(self.manifest().get("embed_dim"))
            return schema.empty_table().select(columns) if columns else schema.empty_table()
        return self.dataset(name).to_table(columns=columns, filter=where)

    def append(self, name: str, table: pa.Table) -> None:
        """Append rows to the dataset ``name`` (created by them if it does not exist)."""
        self._check_writable(f"append to {name}")
        mode = "append" if self.exists(name) else "create"
        lance.write_dataset(table, self.uri(name), mode=mode)

    def delete_video(self, name: str, video_id: str, extra: str | None = None) -> None:
        """Delete the rows of ``video_id`` (and ``extra``, a Lance filter) from the dataset ``name``."""
        self._check_writable(f"delete from {name}")
        if self.exists(name):
            where = f"video_id = {quote(video_id)}" + (f" AND {extra}" if extra else "")
            self.dataset(name).delete(where)

    # -- bookkeeping -------------------------------------------------------------------------------
    def finished(self, extractor: str | None = None) -> dict[str, set[str]]:
        """video_id -> set of extractors that finished (optionally only ``extractor``)."""
        where = f"extractor = {quote(extractor)}" if extractor else None
        done: dict[str, set[str]] = {}
        rows = self.read("extractions", columns=["video_id", "extractor"], where=where)
        for vid, ext in zip(rows["video_id"].to_pylist(), rows["extractor"].to_pylist(), strict=True):
            done.setdefault(vid, set()).add(ext)
        return done

    def commit(
        self,
        video_id: str,
        extractor: str,
        tables: Mapping[str, pa.Table],
        *,
        model: str | None,
        settings: Mapping[str, Any],
        error: str | None = None,
        seconds: float = 0.0,
    ) -> int:
        """Replace the rows of ``extractor`` for ``video_id`` and make them visible; returns rows written."""
        self._check_writable(f"commit {extractor} of {video_id}")
        expected = {t.name for t in tables_of(extractor)}
        if set(tables) != expected:
            raise SchemaError(
                f"extractor {extractor!r} must produce exactly the tables {sorted(expected)}, got {sorted(tables)}"
            )
        self.delete_video("extractions", video_id, f"extractor = {quote(extractor)}")
        for name in sorted(expected):
            self.delete_video(name, video_id)
        rows = 0
        for name in sorted(expected):
            table = tables[name]
            dim = _vector_dim(table)
            table = TABLES[name].conform(table, dim)
            if table.num_rows:
                self.append(name, table)
            rows += table.num_rows
        record = {
            "video_id": video_id,
            "extractor": extractor,
            "model": model,
            "settings": json.dumps(dict(settings), sort_keys=True, default=str),
            "rows": rows,
            "error": error,
            "seconds": seconds,
            "vqdb_version": __version__,
            "finished_at": datetime.now(UTC),
        }
        self.append("extractions", TABLES["extractions"].from_rows([record]))
        return rows

    def disk_usage(self) -> dict[str, int]:
        """Bytes on disk per dataset."""
        usage = {}
        for path in sorted(self.root.glob("*.lance")):
            usage[path.stem] = sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
        return usage

    def _check_writable(self, what: str) -> None:
        if not self.writable:
            raise VqdbError(f"cannot {what}: corpus {self.root} was opened read-only (Store.open)")

    def __repr__(self) -> str:
        return f"Store({str(self.root)!r}, writable={self.writable})"


def quote(value: str) -> str:
    """``value`` as a SQL string literal (for Lance filters and DuckDB text).

    Example:
        >>> quote("it's")
        "'it''s'"
    """
    return "'" + str(value).replace("'", "''") + "'"


def _resolve(root: str | Path) -> Path:
    path = Path(root).expanduser().resolve()
    if path.exists() and not path.is_dir():
        raise VqdbError(f"corpus path {path} is a file; give a directory")
    return path


def _vector_dim(table: pa.Table) -> int | None:
    for field in table.schema:
        if pa.types.is_fixed_size_list(field.type):
            return field.type.list_size
    return None
