"""The rows a search reads about its candidate videos, one statement per table for all of them.

``retrieve`` reads a video's rows of each table its tools need with one statement a table
(``vqdb.planner.video_frames.read_rows``). Searching a corpus merges the plan in tens of candidate videos,
and each of those statements scans the table (a Lance dataset through the session's view) for one video:
on a 10-hour corpus about 25 ms each, 60 to 85 of them a question, most of a search's time, growing with
the corpus. ``CandidateRows`` is a ``RowCache`` for one search: the first time a tool asks for the rows of
a table (some of its columns) for one candidate video, it reads those columns for every candidate video in
one statement and hands each video its part, in the order the table gave them, as ``read_rows`` would.
Videos outside the candidates are read as ``RowCache`` reads them.

It lives as long as one search (the rows as the search's statements saw them), so it keys its rows by table
and columns only, not by version.

Example:
    >>> import duckdb
    >>> con = duckdb.connect()
    >>> _ = con.execute("CREATE TABLE t AS FROM (VALUES ('a', 1), ('b', 2), ('a', 3), ('c', 4)) v(video_id, x)")
    >>> rows = CandidateRows(["a", "b"])
    >>> rows.rows(con.sql, "t", ("x",), "a").to_pylist(), rows.rows(con.sql, "t", ("x",), "b").to_pylist()
    ([{'x': 1}, {'x': 3}], [{'x': 2}])
    >>> rows.statements  # both from one statement
    1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.planner.sqlbuild import DIALECT, col, select, string, table
from vqdb.planner.video_frames import RowCache, Run


class CandidateRows(RowCache):
    """A ``RowCache`` for one search over the candidate ``videos`` (see the module docstring)."""

    def __init__(self, videos: Iterable[str]):
        super().__init__(lambda name: None)  # others read as RowCache reads a table without a version
        self.videos = tuple(dict.fromkeys(videos))
        self._parts: dict[tuple[str, tuple[str, ...]], tuple[dict[str, pa.Table], pa.Table]] = {}
        self.statements = 0  # statements read (one per table and columns asked for)

    def rows(self, run: Run, name: str, columns: Sequence[str], video_id: str) -> pa.Table:
        """``columns`` of ``video_id``'s rows of table ``name`` (every candidate's read at the first ask)."""
        if video_id not in self.videos:
            return super().rows(run, name, columns, video_id)
        key = (name, tuple(columns))
        if key not in self._parts:
            read = read_videos(run, name, columns, self.videos)
            self._parts[key] = (by_video(read, columns), read.select(list(columns)).slice(0, 0))
            self.statements += 1
        parts, empty = self._parts[key]
        return parts.get(video_id, empty)


def read_videos(run: Run, name: str, columns: Sequence[str], videos: Sequence[str]) -> pa.Table:
    """``SELECT video_id, columns FROM name WHERE video_id IN (videos)`` as Arrow (the ids literals).

    Example:
        >>> import duckdb
        >>> con = duckdb.connect(); _ = con.execute("CREATE TABLE t AS SELECT 'v' AS video_id, 1 AS x")
        >>> read_videos(con.sql, "t", ["x"], ["v", "w"]).to_pylist()
        [{'video_id': 'v', 'x': 1}]
    """
    wanted = col("video_id").isin(*(string(v) for v in videos))
    query = select(*(col(c) for c in ("video_id", *columns)), from_=table(name), where=wanted)
    return run(query.sql(dialect=DIALECT)).to_arrow_table()


def by_video(rows: pa.Table, columns: Sequence[str]) -> dict[str, pa.Table]:
    """``rows`` (with ``video_id``) split per video into its ``columns``, each video's rows in their order.

    Example:
        >>> rows = pa.table({"video_id": ["b", "a", "b"], "x": [1, 2, 3]})
        >>> {v: t.column("x").to_pylist() for v, t in by_video(rows, ["x"]).items()}
        {'a': [2], 'b': [1, 3]}
    """
    order = pc.sort_indices(rows, sort_keys=[("video_id", "ascending")])  # stable: each video's rows in order
    rows = rows.take(order)
    ids = rows.column("video_id").to_numpy(zero_copy_only=False)
    if not len(ids):
        return {}
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    stops = np.r_[starts[1:], len(ids)]
    picked = rows.select(list(columns))
    return {str(ids[s]): picked.slice(s, e - s).combine_chunks() for s, e in zip(starts, stops, strict=True)}


__all__ = ["CandidateRows"]
