"""A scalar (BTREE) index on ``video_id`` in every per-video table, so a read of some videos' rows costs
with those videos, not with the corpus.

Searching a corpus reads the rows of its candidate videos (``vqdb.planner.candidate_rows``: one
``video_id IN (...)`` statement a table through the session's views; the embedding cache's Lance reads of
a video's vectors), and ``retrieve`` one video's. Without an index each such read scans the table's
``video_id`` column: at 1,000 hours 3.6 M frames and 9 M words said, 80 to 440 ms a statement whatever the
videos asked. Lance answers a ``video_id = ...`` or ``video_id IN (...)`` filter from a scalar index
(``ScalarIndexQuery`` in the scan's plan), and the DuckDB Lance extension pushes a view's filter into that
scan (checked with pylance 14 and the extension 1.5.5: ``EXPLAIN`` shows the index used through the
views), so the same statements read only the videos' rows: 3 to 40 ms.

``build_video_indexes(store)`` creates the index of each per-video table on first use and afterwards folds
the rows appended since into it (``optimize_indices``); ``build_text_indexes`` calls it, so ``vqdb index``
and every ingest keep it up to date. Rows appended and not yet indexed are still found (Lance scans the
unindexed fragments); rows deleted (``Store.commit`` replaces a video's rows) are not. A table with no
index is read as before.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> store = Store.create(tempfile.mkdtemp())
    >>> built = build_video_indexes(store)
    >>> built["frames"], "answers" in built  # answers are not per video
    (0, False)
    >>> has_video_index(store, "frames")
    True
"""

from __future__ import annotations

from vqdb.schema import TABLES
from vqdb.store.scalar_index import has_index, keep_index, unindexed
from vqdb.store.store import Store

VIDEO_INDEX = "video_id_idx"  # the index's name in every table that has one
VIDEO_TABLES = tuple(table.name for table in TABLES.values() if table.per_video)


def has_video_index(store: Store, table: str) -> bool:
    """Whether ``table`` has its ``video_id`` index.

    Example:
        >>> import tempfile
        >>> has_video_index(Store.create(tempfile.mkdtemp()), "ocr")
        False
    """
    return has_index(store, table, VIDEO_INDEX)


def unindexed_video_rows(store: Store, table: str) -> int:
    """Rows of ``table`` its ``video_id`` index does not cover yet (all of them when there is no index)."""
    return unindexed(store, table, VIDEO_INDEX)


def build_video_indexes(store: Store) -> dict[str, int]:
    """Create or update the ``video_id`` index of every per-video table that exists; returns the rows newly
    indexed per table (see the module docstring)."""
    return {
        table: keep_index(store, table, "video_id", "BTREE", VIDEO_INDEX, "video_id")
        for table in VIDEO_TABLES
        if store.exists(table)
    }


__all__ = ["VIDEO_INDEX", "VIDEO_TABLES", "build_video_indexes", "has_video_index", "unindexed_video_rows"]
