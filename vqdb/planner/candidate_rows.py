"""The rows a search reads about its candidate videos, one statement per table for all of them.

``retrieve`` reads a video's rows of each table its tools need with one statement a table
(``vqdb.planner.video_frames.read_rows``). Searching a corpus merges the plan in tens of candidate videos,
and each of those statements has a cost of its own (a Lance dataset through the session's view: on a 10-hour
corpus about 25 ms each, 60 to 85 of them a question, most of a search's time, when each scanned the table;
the ``video_id`` indexes, ``vqdb.store.video_index``, now keep a statement's cost with the videos it reads).
``CandidateRows`` is a ``RowCache`` for one search: the first time a tool asks for the rows of
a table (some of its columns) for one candidate video, it takes those of every candidate from the session's
``RowCache`` (``rows_of``: the videos it keeps, the others read in one statement and kept) and holds them
for the rest of the search, so a search over more videos than the session's cache keeps still reads each
table once. Videos outside the candidates are read through the session's cache, as ``retrieve`` reads them.

Example:
    >>> import duckdb
    >>> con = duckdb.connect()
    >>> _ = con.execute("CREATE TABLE t AS FROM (VALUES ('a', 1), ('b', 2), ('a', 3), ('c', 4)) v(video_id, x)")
    >>> rows = CandidateRows(["a", "b"], RowCache(lambda table: 1))
    >>> rows.rows(con.sql, "t", ("x",), "a").to_pylist(), rows.rows(con.sql, "t", ("x",), "b").to_pylist()
    ([{'x': 1}, {'x': 3}], [{'x': 2}])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pyarrow as pa

from vqdb.planner.video_frames import RowCache, Run


class CandidateRows(RowCache):
    """A ``RowCache`` for one search over the candidate ``videos``, reading through the session's ``cache``
    (see the module docstring)."""

    def __init__(self, videos: Iterable[str], cache: RowCache):
        super().__init__(lambda name: None)
        self.videos, self.cache = tuple(dict.fromkeys(videos)), cache
        self._held: dict[tuple[str, tuple[str, ...]], dict[str, pa.Table]] = {}

    def rows(self, run: Run, name: str, columns: Sequence[str], video_id: str) -> pa.Table:
        """``columns`` of ``video_id``'s rows of table ``name`` (every candidate's at the first ask)."""
        if video_id not in self.videos:
            return self.cache.rows(run, name, columns, video_id)
        key = (name, tuple(columns))
        if key not in self._held:
            self._held[key] = self.cache.rows_of(run, name, columns, self.videos)
        return self._held[key][video_id]


__all__ = ["CandidateRows"]
