"""A Lance scalar index kept current on one column of a corpus table: created on first use, afterwards the
rows appended since folded into it (``optimize_indices``), never rebuilt. The full-text indexes
(``vqdb.store.text_index``, INVERTED) and the ``video_id`` indexes (``vqdb.store.video_index``, BTREE) are
kept with it.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> store = Store.create(tempfile.mkdtemp())
    >>> has_index(store, "ocr", "video_id_idx")
    False
    >>> keep_index(store, "ocr", "video_id", "BTREE", "video_id_idx", "video_id")  # rows newly indexed
    0
    >>> has_index(store, "ocr", "video_id_idx")
    True
"""

from __future__ import annotations

from typing import Any

from vqdb.errors import VqdbError
from vqdb.store.store import Store


def has_index(store: Store, table: str, name: str) -> bool:
    """Whether ``table`` exists and has the index ``name``.

    Example:
        >>> import tempfile
        >>> has_index(Store.create(tempfile.mkdtemp()), "ocr_spans", "text_fts")
        False
    """
    return store.exists(table) and any(index.name == name for index in store.dataset(table).describe_indices())


def unindexed(store: Store, table: str, name: str) -> int:
    """Rows of ``table`` the index ``name`` does not cover yet (all of them when there is no such index).

    Example:
        >>> import tempfile
        >>> unindexed(Store.create(tempfile.mkdtemp()), "ocr_spans", "text_fts")
        0
    """
    return _unindexed(store, table, name, has_index(store, table, name))


def keep_index(store: Store, table: str, column: str, kind: str, name: str, what: str, **options: Any) -> int:
    """Create the ``kind`` index ``name`` on ``table.column`` (with ``options``), or fold the rows appended since
    into it; returns the rows newly indexed. ``what`` names the index in the error a failed build raises.

    Example:
        >>> import tempfile
        >>> keep_index(Store.create(tempfile.mkdtemp()), "frames", "video_id", "BTREE", "video_id_idx", "video_id")
        0
    """
    has = has_index(store, table, name)
    pending = _unindexed(store, table, name, has)
    try:
        if not has or pending:
            store.fence()
        if not has:
            store.dataset(table).create_scalar_index(column, kind, name=name, **options)
        elif pending:
            store.dataset(table).optimize.optimize_indices(index_names=[name])
    except (OSError, ValueError, RuntimeError) as exc:
        raise VqdbError(
            f"cannot build the {what} index of {store.uri(table)}: {exc}. Is another process writing the "
            f"corpus? Retry when it finished: vqdb index {store.root}"
        ) from exc
    return pending


def _unindexed(store: Store, table: str, name: str, has: bool) -> int:
    if not has:
        return store.count(table)
    return int(store.dataset(table).stats.index_stats(name)["num_unindexed_rows"])


__all__ = ["has_index", "keep_index", "unindexed"]
