"""The Lance datasets of one corpus (a local directory or an ``s3://`` prefix, see ``vqdb.store.location``):
opened to read, created (or opened) to write.

Ingest produces Arrow tables (a pure step); this module is the only place that writes them. A writable
``Store`` holds the corpus's writer lock (``vqdb.store.lock``) from the moment it is opened until
``close()``, so there is one writer per corpus at a time.

Every change to a table is one Lance commit: ``replace`` swaps the rows matching a filter for new ones
atomically, so a reader sees the old rows or the new ones, never none and never both. A commit for
(video, extractor) replaces that pair's rows in each of its tables and only then its ``extractions``
row, which is what makes a new video's rows visible in SQL; the rows of a video that is already visible
stay visible while they are replaced.

``Store.open(root)`` reads an existing corpus and never writes the datasets or the manifest;
``Store.create(root)`` makes the directory, its ``corpus.json`` and an empty dataset per table when
missing, all under the writer lock, so two processes creating the same corpus make it once. Tables with
an embedding column get their dataset with the first vectors, since their dimension is the model's.

Rows may also arrive already written: a task of a distributed ingest writes its rows as Lance data files
(``write_rows``: files no version references yet, so invisible and harmless if the task dies) and returns
``WrittenRows``; the writer commits their fragments like rows (``replace``, ``commit``). Before every
commit the store checks it still holds the writer lock (``WriterLock.fence``), which on object storage
is a lease that can be lost.

Example:
    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> with Store.create(root) as store:
    ...     store.exists("frames"), store.writable
    (True, True)
    >>> Store.open(root).exists("frame_embeddings"), Store.open(root).writable
    (False, False)
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# Lance logs at WARN on stderr, e.g. "No existing dataset ... it will be created" for every table a new
# corpus creates: expected events, noise to a user. Errors still show; LANCE_LOG set by the user wins.
os.environ.setdefault("LANCE_LOG", "error")

import lance  # noqa: E402  (after LANCE_LOG: Lance reads it when imported)
import lance.fragment  # noqa: E402
import numpy as np
import pyarrow as pa

from vqdb._version import __version__
from vqdb.errors import SchemaError, VqdbError
from vqdb.schema import TABLES, tables_of
from vqdb.store.location import Location
from vqdb.store.lock import LocalWriterLock, WriterLock

MANIFEST = "corpus.json"
Notify = Callable[[str], None]  # told one line when a writer starts waiting for the lock
Root = str | Path | Location
Options = Mapping[str, str] | None


def is_corpus(root: Root, storage_options: Options = None) -> bool:
    """Whether ``root`` is a corpus (it has a ``corpus.json``).

    Example:
        >>> import tempfile
        >>> is_corpus(tempfile.mkdtemp())
        False
    """
    location = Location.of(root, storage_options)
    if location.local:
        return (location.path / MANIFEST).is_file()
    return location.files().exists(MANIFEST)


@dataclasses.dataclass(frozen=True)
class WrittenRows:
    """Rows of one table already written as Lance data files (``write_rows``), not yet committed: no
    version references them until a commit adds their ``fragments``."""

    fragments: tuple[Any, ...]  # lance.fragment.FragmentMetadata
    schema: pa.Schema
    num_rows: int

    @property
    def column_names(self) -> list[str]:
        return self.schema.names


def write_rows(location: Location, name: str, rows: pa.Table) -> WrittenRows:
    """Write ``rows`` of table ``name`` (conformed to its schema) as data files of its dataset, without
    a commit: what a worker of a distributed ingest does; the writer commits them (``Store.commit``).

    Example:
        >>> import tempfile
        >>> from vqdb.schema import TABLES
        >>> cue = {"video_id": "v", "cue_id": 0, "start_s": 0.0, "end_s": 1.0, "text": "hi", "source": "v.srt"}
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     written = write_rows(store.location, "subtitles", TABLES["subtitles"].from_rows([cue]))
        ...     before = store.count("subtitles")  # written, not committed: no version has them yet
        ...     _ = store.commit("v", "subtitles", {"subtitles": written}, model=None, settings={})
        ...     before, store.read("subtitles")["text"].to_pylist()
        (0, ['hi'])
    """
    conformed = TABLES[name].conform(rows, _vector_dim(rows))
    if not conformed.num_rows:
        return WrittenRows((), conformed.schema, 0)
    fragments = lance.fragment.write_fragments(
        conformed,
        location.child(f"{name}.lance"),
        schema=conformed.schema,
        storage_options=location.lance_options(),
    )
    return WrittenRows(tuple(fragments), conformed.schema, conformed.num_rows)


class Store:
    """The Lance datasets of one corpus. Get one with ``Store.open`` or ``Store.create``; a writable one
    holds the corpus's writer lock until ``close()`` (or the end of a ``with`` block)."""

    def __init__(self, location: Location, *, lock: WriterLock | None = None):
        self.location = location
        self._files = location.files()
        self._options = location.lance_options()
        self._lock = lock

    @property
    def root(self) -> Path | str:
        """The corpus root as users name it: a ``Path`` for a local directory, else its URI."""
        return self.location.root

    @property
    def writable(self) -> bool:
        """Whether this store may write: it was opened for writing and still holds the writer lock."""
        return self._lock is not None and self._lock.held

    @classmethod
    def open(
        cls,
        root: Root,
        *,
        writable: bool = False,
        wait: bool | float = True,
        notify: Notify | None = None,
        storage_options: Options = None,
    ) -> Store:
        """The existing corpus at ``root``, read-only unless ``writable``; VqdbError when ``root`` is not
        a corpus.

        ``writable`` takes the writer lock: while another process writes, wait for it (``wait`` True, or
        at most ``wait`` seconds; ``notify`` gets one line when waiting starts) or raise CorpusBusyError.
        ``storage_options`` reach a corpus on object storage (endpoint, region, keys).

        Example:
            >>> import tempfile
            >>> Store.open(tempfile.mkdtemp())  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            vqdb.errors.VqdbError: ... is not a vqdb corpus (no corpus.json); ...
        """
        location = _resolve(root, storage_options)
        if not is_corpus(location):
            raise VqdbError(
                f"{location} is not a vqdb corpus (no {MANIFEST}); check the path, or create a corpus there by "
                f"ingesting videos into it: vqdb ingest {location} VIDEO..."
            )
        store = cls(location)
        if writable:
            store._lock = store.writer_lock()
            store._lock.acquire(wait, notify)
        return store

    @classmethod
    def create(
        cls, root: Root, *, wait: bool | float = True, notify: Notify | None = None, storage_options: Options = None
    ) -> Store:
        """The corpus at ``root``, writable; the directory, its manifest and empty datasets are made when
        missing, under the writer lock (``wait`` and ``notify`` as for ``open``).

        Example:
            >>> import tempfile
            >>> with Store.create(tempfile.mkdtemp()) as store:
            ...     store.manifest()["format"]
            1
        """
        location = _resolve(root, storage_options)
        if location.local:
            location.path.mkdir(parents=True, exist_ok=True)
        store = cls(location)
        store._lock = store.writer_lock()
        store._lock.acquire(wait, notify)
        try:
            if not is_corpus(location):  # a creation cut short left no manifest: whatever it wrote is redone
                for table in TABLES.values():
                    if not table.is_vector_table:
                        store._write(table.name, table.arrow_schema().empty_table(), "overwrite")
                store.write_manifest({"format": 1, "created_by": f"vqdb {__version__}"})  # last: now a corpus
        except BaseException:
            store.close()
            raise
        return store

    def writer_lock(self) -> WriterLock:
        """The lock that every writer of this corpus holds while it writes (not acquired by this call)."""
        if self.location.local:
            return LocalWriterLock(self.location.path)
        from vqdb.store.object_lock import ObjectWriterLock

        return ObjectWriterLock(self.location)

    def fence(self) -> None:
        """Raise unless this store may write right now: called right before every commit (index builds
        and compaction included), so a writer that lost its lock (see ``WriterLock.fence``) stops."""
        self._check_writable("commit")
        self._lock.fence()

    def close(self) -> None:
        """Give the writer lock back (a read-only store has nothing to release); the store is read-only
        from then on."""
        if self._lock is not None:
            self._lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- corpus-level metadata ---------------------------------------------------------------------
    def manifest(self) -> dict[str, Any]:
        """The corpus manifest (format version, visual model and its dimension...)."""
        content = self._files.read(MANIFEST)
        if content is None:
            raise VqdbError(f"{self.location} is not a vqdb corpus (no {MANIFEST})")
        return json.loads(content)

    def write_manifest(self, data: Mapping[str, Any]) -> None:
        """Replace the manifest atomically (a temporary file renamed over it, or one object PUT)."""
        self._check_writable("write the manifest")
        self.fence()
        self._files.write(MANIFEST, json.dumps(dict(data), indent=2, sort_keys=True).encode())

    def update_manifest(self, **changes: Any) -> dict[str, Any]:
        """Set some manifest keys; returns the new manifest."""
        data = self.manifest() | changes
        self.write_manifest(data)
        return data

    # -- datasets ----------------------------------------------------------------------------------
    def uri(self, name: str) -> str:
        """Where the dataset ``name`` lives (whether or not it exists yet)."""
        return self.location.child(f"{name}.lance")

    def exists(self, name: str) -> bool:
        """Whether the dataset ``name`` exists (a vector table's is created by its first rows)."""
        return self._files.has_prefix(f"{name}.lance/_versions")

    def dataset(self, name: str) -> lance.LanceDataset:
        """The Lance dataset ``name`` (it must exist)."""
        return lance.dataset(self.uri(name), storage_options=self._options)

    def version(self, name: str) -> int | None:
        """The latest version of the dataset ``name``, None when it does not exist.

        Example:
            >>> import tempfile
            >>> store = Store.create(tempfile.mkdtemp())
            >>> store.version("frames"), store.version("frame_embeddings")  # created empty; made by its first rows
            (1, None)
        """
        return self.dataset(name).version if self.exists(name) else None

    def read_version(self, name: str, version: int, columns: list[str] | None = None) -> pa.Table:
        """The rows of the dataset ``name`` as of ``version`` (what that commit made visible, whatever was
        committed since), opened as ``dataset`` opens it (with the object store's options).

        Example:
            >>> import tempfile
            >>> store = Store.create(tempfile.mkdtemp())
            >>> store.read_version("subtitles", store.version("subtitles"), ["text"]).num_rows
            0
        """
        return lance.dataset(self.uri(name), version=version, storage_options=self._options).to_table(columns=columns)

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
        """Append rows to the dataset ``name`` (created by them if it does not exist), in one commit."""
        self._check_writable(f"append to {name}")
        exists = self.exists(name)
        if exists:
            self._widened(name, table.schema)
        self._write(name, table, "append" if exists else "create")

    def replace(self, name: str, where: str, rows: pa.Table | WrittenRows) -> None:
        """Replace the rows of ``name`` that match ``where`` (a Lance filter) by ``rows``, in one commit:
        readers see the old rows or the new ones. With no ``rows`` this deletes. ``rows`` may be
        ``WrittenRows`` (data files written by ``write_rows``): their fragments are committed.

        Example:
            >>> import tempfile
            >>> from vqdb.schema import TABLES
            >>> def cues(*texts):
            ...     return TABLES["subtitles"].from_rows([{"video_id": "v", "cue_id": i, "start_s": 0.0,
            ...         "end_s": 1.0, "text": t, "source": "v.srt"} for i, t in enumerate(texts)])
            >>> with Store.create(tempfile.mkdtemp()) as store:
            ...     store.replace("subtitles", "video_id = 'v'", cues("a", "b"))
            ...     store.replace("subtitles", "video_id = 'v'", cues("c"))
            ...     store.read("subtitles")["text"].to_pylist()
            ['c']
        """
        self._check_writable(f"replace rows of {name}")
        if not self.exists(name):
            if rows.num_rows:
                self._add(name, rows, None)
            return
        dataset = self._widened(name, rows.schema)
        addresses = dataset.to_table(columns=[], filter=where, with_row_address=True)["_rowaddr"]
        fragment_ids = np.unique(addresses.to_numpy() >> 32).tolist() if len(addresses) else []
        if not fragment_ids:
            if rows.num_rows:
                self._add(name, rows, dataset)
            return
        removed, updated = [], []
        for fragment_id in fragment_ids:
            kept = dataset.get_fragment(fragment_id).delete(where)  # a deletion file, not yet committed
            if kept is None:
                removed.append(fragment_id)
            else:
                updated.append(kept)
        if isinstance(rows, WrittenRows):
            added = list(rows.fragments)
        elif rows.num_rows:
            added = lance.fragment.write_fragments(rows, dataset, schema=dataset.schema, storage_options=self._options)
        else:
            added = []
        operation = lance.LanceOperation.Update(
            removed_fragment_ids=removed, updated_fragments=updated, new_fragments=added
        )
        self._commit(dataset, operation)

    def _widened(self, name: str, schema: pa.Schema) -> lance.LanceDataset:
        """The dataset ``name`` with the columns of ``schema`` it lacks added, all NULL (a metadata-only
        commit): a table that gained columns since a corpus was written takes them on its next write.

        Example:
            >>> import tempfile
            >>> with Store.create(tempfile.mkdtemp()) as store:
            ...     store.append("t", pa.table({"a": [1]}))
            ...     store.append("t", pa.table({"a": [2], "b": ["new"]}))
            ...     store.read("t").to_pylist()
            [{'a': 1, 'b': None}, {'a': 2, 'b': 'new'}]
        """
        dataset = self.dataset(name)
        missing = [field for field in schema if field.name not in dataset.schema.names]
        if missing:
            self.fence()
            dataset.add_columns(missing)
            dataset = self.dataset(name)
        return dataset

    def _add(self, name: str, rows: pa.Table | WrittenRows, dataset: lance.LanceDataset | None) -> None:
        """Add rows to ``name`` in one commit (``dataset``: its current version, None when it does not exist)."""
        if not isinstance(rows, WrittenRows):
            self._write(name, rows, "append" if dataset is not None else "create")
        elif dataset is None:
            self._commit(self.uri(name), lance.LanceOperation.Overwrite(rows.schema, list(rows.fragments)))
        else:
            self._commit(dataset, lance.LanceOperation.Append(list(rows.fragments)))

    def _write(self, name: str, rows: pa.Table, mode: str) -> None:
        self.fence()
        lance.write_dataset(rows, self.uri(name), mode=mode, storage_options=self._options)

    def _commit(self, dataset: lance.LanceDataset | str, operation: Any) -> None:
        self.fence()
        read_version = dataset.version if isinstance(dataset, lance.LanceDataset) else None
        uri = dataset.uri if isinstance(dataset, lance.LanceDataset) else dataset
        lance.LanceDataset.commit(uri, operation, read_version=read_version, storage_options=self._options)

    def delete_rows(self, name: str, where: str) -> None:
        """Delete the rows of ``name`` matching ``where`` (in one commit)."""
        if self.exists(name):
            self.replace(name, where, self.dataset(name).schema.empty_table())

    def delete_video(self, video_id: str) -> None:
        """Delete everything of ``video_id``: its ``frames`` record first, so it leaves every view at once,
        then its rows in each table, then its other records.

        Example:
            >>> import tempfile
            >>> with Store.create(tempfile.mkdtemp()) as store:
            ...     _ = store.commit("v", "subtitles", {"subtitles": TABLES["subtitles"].from_rows([])},
            ...                      model=None, settings={})
            ...     store.delete_video("v")
            ...     store.finished()
            {}
        """
        self._check_writable(f"delete video {video_id}")
        video = f"video_id = {quote(video_id)}"
        self.delete_rows("extractions", f"{video} AND extractor = 'frames'")
        for table in TABLES.values():
            if table.name != "extractions" and "video_id" in {c.name for c in table.columns}:
                self.delete_rows(table.name, video)
        self.delete_rows("extractions", video)

    def delete_extraction(self, video_id: str, extractor: str) -> None:
        """Delete what ``extractor`` wrote for ``video_id``: its record first (the rows leave the views),
        then its rows."""
        self._check_writable(f"delete {extractor} of {video_id}")
        video = f"video_id = {quote(video_id)}"
        self.delete_rows("extractions", f"{video} AND extractor = {quote(extractor)}")
        for table in tables_of(extractor):
            self.delete_rows(table.name, video)

    # -- bookkeeping -------------------------------------------------------------------------------
    def finished(self, extractor: str | None = None) -> dict[str, set[str]]:
        """video_id -> set of extractors that finished (optionally only ``extractor``), in the order of the
        ``extractions`` rows (``records`` without what each recorded: two columns read, no settings parsed).

        Example:
            >>> import tempfile
            >>> with Store.create(tempfile.mkdtemp()) as store:
            ...     _ = store.commit("v", "subtitles", {"subtitles": TABLES["subtitles"].from_rows([])},
            ...                      model=None, settings={})
            ...     store.finished(), store.finished("ocr")
            ({'v': {'subtitles'}}, {})
        """
        where = f"extractor = {quote(extractor)}" if extractor else None
        rows = self.read("extractions", columns=["video_id", "extractor"], where=where)
        found: dict[str, set[str]] = {}
        videos, names = (rows.column(c).to_pylist() for c in ("video_id", "extractor"))
        for video_id, name in zip(videos, names, strict=True):
            found.setdefault(video_id, set()).add(name)
        return found

    def records(self, extractor: str | None = None) -> dict[str, dict[str, dict[str, Any]]]:
        """video_id -> extractor -> what its ``extractions`` row recorded (model, settings, error).

        Example:
            >>> import tempfile
            >>> with Store.create(tempfile.mkdtemp()) as store:
            ...     _ = store.commit("v", "subtitles", {"subtitles": TABLES["subtitles"].from_rows([])},
            ...                      model=None, settings={"sources": []})
            ...     store.records()
            {'v': {'subtitles': {'model': None, 'settings': {'sources': []}, 'error': None}}}
        """
        where = f"extractor = {quote(extractor)}" if extractor else None
        rows = self.read("extractions", columns=["video_id", "extractor", "model", "settings", "error"], where=where)
        found: dict[str, dict[str, dict[str, Any]]] = {}
        for row in rows.to_pylist():
            settings = json.loads(row["settings"]) if row["settings"] else {}
            found.setdefault(row["video_id"], {})[row["extractor"]] = {
                "model": row["model"],
                "settings": settings,
                "error": row["error"],
            }
        return found

    def commit(
        self,
        video_id: str,
        extractor: str,
        tables: Mapping[str, pa.Table | WrittenRows],
        *,
        model: str | None,
        settings: Mapping[str, Any],
        error: str | None = None,
        seconds: float = 0.0,
    ) -> int:
        """Replace the rows of ``extractor`` for ``video_id``, then its ``extractions`` row (which makes a
        new video's rows visible); returns rows written. A table may come as ``WrittenRows``."""
        self._check_writable(f"commit {extractor} of {video_id}")
        expected = {t.name for t in tables_of(extractor)}
        if set(tables) != expected:
            raise SchemaError(
                f"extractor {extractor!r} must produce exactly the tables {sorted(expected)}, got {sorted(tables)}"
            )
        conformed = {
            name: rows if isinstance(rows, WrittenRows) else TABLES[name].conform(rows, _vector_dim(rows))
            for name, rows in tables.items()
        }
        video = f"video_id = {quote(video_id)}"
        for name in sorted(expected):
            self.replace(name, video, conformed[name])
        record = {
            "video_id": video_id,
            "extractor": extractor,
            "model": model,
            "settings": json.dumps(dict(settings), sort_keys=True, default=str),
            "rows": sum(t.num_rows for t in conformed.values()),
            "error": error,
            "seconds": seconds,
            "vqdb_version": __version__,
            "finished_at": datetime.now(UTC),
        }
        self.replace(
            "extractions", f"{video} AND extractor = {quote(extractor)}", TABLES["extractions"].from_rows([record])
        )
        return record["rows"]

    def disk_usage(self) -> dict[str, int]:
        """Bytes on disk (or in the bucket) per dataset."""
        usage: dict[str, int] = {}
        for key, size in self._files.list(""):
            top = key.split("/", 1)[0]
            if top.endswith(".lance") and "/" in key:
                usage[top[: -len(".lance")]] = usage.get(top[: -len(".lance")], 0) + size
        return dict(sorted(usage.items()))

    def dataset_bytes(self, name: str) -> int:
        """Bytes of the dataset ``name`` (0 when it does not exist)."""
        return sum(self.dataset_files(name).values())

    def dataset_files(self, name: str) -> dict[str, int]:
        """Path inside the dataset -> bytes, of every file the dataset ``name`` has on disk (or in the
        bucket): one listing, no file read.

        Example:
            >>> import tempfile
            >>> with Store.create(tempfile.mkdtemp()) as store:
            ...     sorted({path.split("/")[0] for path in store.dataset_files("frames")})
            ['_transactions', '_versions']
        """
        prefix = f"{name}.lance/"
        return {key[len(prefix) :]: size for key, size in self._files.list(prefix.rstrip("/"))}

    def _check_writable(self, what: str) -> None:
        if not self.writable:
            raise VqdbError(
                f"cannot {what}: corpus {self.location} is open read-only (or its writer lock was released); "
                "open it with Store.open(root, writable=True)"
            )

    def __repr__(self) -> str:
        return f"Store({self.location.uri!r}, writable={self.writable})"


def quote(value: str) -> str:
    """``value`` as a SQL string literal (for Lance filters and DuckDB text).

    Example:
        >>> quote("it's")
        "'it''s'"
    """
    return "'" + str(value).replace("'", "''") + "'"


def any_video(video_ids: Iterable[str]) -> str:
    """A Lance filter on the rows of any of ``video_ids`` (which a ``video_id`` index answers:
    ``vqdb.store.video_index``).

    Example:
        >>> any_video(["v1", "it's"])
        "video_id IN ('v1', 'it''s')"
    """
    return f"video_id IN ({', '.join(map(quote, video_ids))})"


def _resolve(root: Root, storage_options: Options) -> Location:
    location = Location.of(root, storage_options)
    if location.local and location.path.exists() and not location.path.is_dir():
        raise VqdbError(f"corpus path {location} is a file; give a directory")
    return location


def _vector_dim(table: pa.Table) -> int | None:
    for field in table.schema:
        if pa.types.is_fixed_size_list(field.type):
            return field.type.list_size
    return None
