"""Videos' rows read straight from their Lance datasets, as the session's views show them.

A corpus session's views (``vqdb.session.create_views``) are DuckDB scans of the Lance datasets, a per-video
table's filtered on ``finished_videos(extractor)``. Read through a view, a few videos' rows cost several times
what Lance's own read of the same rows costs: on the 100-hour benchmark corpus, 30 videos' ``transcript_words``
(135,000 rows) 75 to 180 ms through the view against 17 ms from the dataset with its ``video_id`` index
(``vqdb.store.video_index``), ``ocr_spans`` 34 against 6 ms; a search reads a table's rows of all its candidates
at a time (``vqdb.planner.candidate_rows``), a few such reads a question. ``LanceRows.read_each`` reads the
dataset itself: the videos the view shows (those of ``finished_videos``, asked of the session as the view
asks), the same rows in the same order, cast to the types the view gives (DuckDB names a timestamp's zone
``Etc/UTC``). A table without a dataset, or asked for a column its dataset lacks (added to the schema since it
was written: the view gives NULLs), is read through the view.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> corpus = vqdb.connect(empty_corpus())
    >>> rows = LanceRows(corpus.store).read_each(corpus.sql_unchecked, "frames", ["ts"], ["v1", "v2"])
    >>> {video: table.num_rows for video, table in rows.items()}
    {'v1': 0, 'v2': 0}
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pyarrow as pa

from vqdb.planner.video_frames import Run, by_video, read_each
from vqdb.schema import TABLES
from vqdb.store import Store, any_video, quote
from vqdb.udfs.visibility import FUNCTION


class LanceRows:
    """Reads a corpus's rows of a few videos from its Lance datasets (see the module docstring)."""

    def __init__(self, store: Store):
        self.store = store
        self._types: dict[tuple[str, tuple[str, ...]], pa.Schema] = {}
        self._lock = threading.Lock()

    def read_each(self, run: Run, name: str, columns: Sequence[str], video_ids: Sequence[str]) -> dict[str, pa.Table]:
        """``columns`` of each of ``video_ids``'s rows of table ``name`` as the session's view shows them (``run``:
        the session's ``sql``), as ``vqdb.planner.video_frames.read_each`` reads them.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> corpus = vqdb.connect(empty_corpus())
            >>> LanceRows(corpus.store).read_each(corpus.sql_unchecked, "ocr", ["text"], ["v1"])["v1"].schema
            text: string
        """
        table = TABLES.get(name)
        if table is None or not self.store.exists(name):
            return read_each(run, name, columns, video_ids)
        dataset = self.store.dataset(name)
        if not set(columns) <= set(dataset.schema.names):
            return read_each(run, name, columns, video_ids)
        shown = list(dict.fromkeys(video_ids))
        if table.per_video and name != "extractions":  # the view's filter (``create_views``)
            finished = set(run(f"SELECT {FUNCTION}({quote(table.extractor)})").fetchone()[0])
            shown = [video for video in shown if video in finished]
        types = self._view_types(run, name, tuple(columns))
        empty = types.empty_table()
        if not shown:
            return {video: empty for video in video_ids}
        rows = dataset.to_table(columns=["video_id", *columns], filter=any_video(shown))
        parts = by_video(rows, columns)
        return {video: parts[video].cast(types) if video in parts else empty for video in video_ids}

    def _view_types(self, run: Run, name: str, columns: tuple[str, ...]) -> pa.Schema:
        """The Arrow types the view gives ``columns`` of ``name`` (asked once)."""
        with self._lock:
            known = self._types.get((name, columns))
        if known is None:
            listed = ", ".join(f'"{c}"' for c in columns)
            known = run(f"SELECT {listed} FROM {name} LIMIT 0").to_arrow_table().schema
            with self._lock:
                self._types[(name, columns)] = known
        return known


__all__ = ["LanceRows"]
