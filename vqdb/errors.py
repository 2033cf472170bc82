"""Exceptions raised by vqdb. Every message says what was wrong, with the value, and what to do next.

Errors of the storage below (Lance, through DuckDB or its Python API) are turned into one line that names
the table and the next step (``storage_message``), without the source locations they carry.
"""

import re

_SOURCE_PATH = re.compile(r",?\s*/[^\s,()]*\.rs:\d+:\d+")
_DATASET = re.compile(r"([A-Za-z_]\w*)\.lance\b")


class VqdbError(Exception):
    """Base class of every error vqdb raises on purpose."""


class ConfigError(VqdbError):
    """A configuration value (argument, environment variable or config file entry) is invalid."""


class MediaError(VqdbError):
    """A media file cannot be opened or decoded."""


class ModelUnavailableError(VqdbError):
    """A model cannot be loaded (no weights on disk and no network)."""


class SchemaError(VqdbError):
    """Data does not match the table schema it is written to."""


class CorpusBusyError(VqdbError):
    """Another process holds the corpus's writer lock (and the caller chose not to wait)."""


class ReadOnlyError(VqdbError):
    """A query tried to write (files, the corpus's tables, settings) in a read-only session."""


class TimeBudgetError(VqdbError):
    """A statement ran past its time budget (``sql_time_budget_s``) and was interrupted."""


def without_source_paths(message: str) -> str:
    """``message`` without the Rust source locations Lance appends to its errors.

    Example:
        >>> without_source_paths("Not found: frames.lance/data/a.lance, /root/.cargo/src/x/io.rs:36:26 (code=4)")
        'Not found: frames.lance/data/a.lance (code=4)'
    """
    return _SOURCE_PATH.sub("", message)


def storage_message(message: str, corpus: object = "CORPUS") -> str:
    """A storage error as one line naming the table (the first ``<name>.lance`` in it) and what to do
    (``vqdb check``); other messages as they are, without source locations.

    Example:
        >>> print(storage_message("Not found: /c/frames.lance/data/x.lance, /r/io.rs:3:2", "/c"))  # doctest: +ELLIPSIS
        table frames: Not found: /c/frames.lance/data/x.lance; its files are damaged or missing: run vqdb check /c ...
        >>> storage_message("no video 'x'")
        "no video 'x'"
    """
    table = _DATASET.search(message)
    if table is None:
        return without_source_paths(message)
    line = " ".join(without_source_paths(message).split())
    return (
        f"table {table.group(1)}: {line}; its files are damaged or missing: run vqdb check {corpus} to find the "
        f"damage, vqdb check {corpus} --repair to remove it, then vqdb ingest the same files"
    )
