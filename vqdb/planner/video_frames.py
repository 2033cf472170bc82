"""One video as arrays: what ``vqdb.planner.columnar`` ranks a plan's frames on, without DuckDB planning and
running one large statement per question.

``VideoFrames`` holds the video's sampled frames in time order (``ts``, then ``frame_idx``: the order of
the compiled SQL's ties) and the constants of the compiled SQL's ``video_info`` (duration, NMS gap,
sampling period). A tool reads its rows of the video with ``rows`` (through the session's views, so it
sees what the SQL sees) and asks the session's SQL functions for what only the session knows (query
vectors, text grades) with ``value``: small statements over no table, which DuckDB plans in a fraction of a
millisecond.

Rows are kept per session in a ``RowCache`` keyed by the versions of the tables they were read from, so a
second question about a video reads nothing from storage until a commit changes them.

Example:
    >>> import duckdb
    >>> con = duckdb.connect()
    >>> _ = con.execute("CREATE TABLE frames AS SELECT 'v' AS video_id, i AS frame_idx, i / 2 AS ts FROM range(4) t(i)")
    >>> _ = con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 2.0 AS duration_s")
    >>> _ = con.execute("CREATE MACRO toolmerge_gap(d, k) AS least(d / (2 * k), 10.0)")
    >>> video = VideoFrames.load(con, "v", k=2)
    >>> video.frame_idx.tolist(), video.ts.tolist(), video.duration_s, video.gap, video.period
    ([0, 1, 2, 3], [0.0, 0.5, 1.0, 1.5], 2.0, 0.5, 0.5)
    >>> video.value("SELECT upper($q)", {"q": "exit"})
    'EXIT'
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.planner.sqlbuild import DIALECT, col, select, string, table, video_filter

Run = Callable[..., Any]  # run(sql, params=...) -> a DuckDB relation (a connection's or cursor's ``sql``)
ROW_CACHE_SIZE = 64  # (table, columns, video) entries a session keeps


class RowCache:
    """A video's rows of a table, kept while ``version(table)`` stays the same (least recently used out
    beyond ``size`` entries; a table whose version is None is read every time), the videos not kept read with
    ``read`` (``read_each``'s signature; default ``read_each``, through the session's views).

    Example:
        >>> import duckdb
        >>> con = duckdb.connect(); _ = con.execute("CREATE TABLE t AS SELECT 'v' AS video_id, 1 AS x")
        >>> cache = RowCache(lambda table: 1)
        >>> cache.rows(con.sql, "t", ("x",), "v").to_pylist()
        [{'x': 1}]
        >>> _ = con.execute("INSERT INTO t VALUES ('v', 2)")
        >>> cache.rows(con.sql, "t", ("x",), "v").num_rows  # same version: kept
        1
        >>> _ = con.execute("ALTER TABLE t ADD COLUMN y INTEGER DEFAULT 0")
        >>> cache.rows(con.sql, "t", ("y", "x"), "v").column_names  # read once for either order
        ['y', 'x']
        >>> cache.rows(con.sql, "t", ("x", "y"), "v").num_rows  # the entry read just before
        2
    """

    def __init__(
        self,
        version: Callable[[str], Hashable | None],
        size: int = ROW_CACHE_SIZE,
        read: Callable[[Run, str, Sequence[str], Sequence[str]], dict[str, pa.Table]] | None = None,
    ):
        self._version, self.size, self._read = version, size, read
        self._entries: OrderedDict[tuple, tuple[Hashable, pa.Table]] = OrderedDict()
        self._lock = threading.Lock()

    def rows_of(self, run: Run, name: str, columns: Sequence[str], video_ids: Sequence[str]) -> dict[str, pa.Table]:
        """``columns`` of each of ``video_ids``'s rows of table ``name``, in that order: those kept, the others
        read in one statement and kept (one entry whatever the order the columns are asked in).

        Example:
            >>> import duckdb
            >>> con = duckdb.connect()
            >>> _ = con.execute("CREATE TABLE t AS FROM (VALUES ('v', 1), ('w', 2)) r(video_id, x)")
            >>> cache = RowCache(lambda table: 1)
            >>> found = cache.rows_of(con.sql, "t", ("x",), ["v", "u"])
            >>> {v: rows.column("x").to_pylist() for v, rows in found.items()}
            {'v': [1], 'u': []}
            >>> cache.rows(con.sql, "t", ("x",), "u").num_rows  # kept
            0
        """
        kept, version = tuple(sorted(set(columns))), self._version(name)
        found: dict[str, pa.Table] = {}
        with self._lock:
            for video_id in video_ids if version is not None else ():
                entry = self._entries.get((name, kept, video_id))
                if entry is not None and entry[0] == version:
                    self._entries.move_to_end((name, kept, video_id))
                    found[video_id] = entry[1]
        missing = [v for v in dict.fromkeys(video_ids) if v not in found]
        if missing:
            found |= (self._read or read_each)(run, name, kept, missing)
            with self._lock:
                for video_id in missing if version is not None else ():
                    self._entries[(name, kept, video_id)] = (version, found[video_id])
                    self._entries.move_to_end((name, kept, video_id))
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
        return {video_id: found[video_id].select(list(columns)) for video_id in video_ids}

    def rows(self, run: Run, name: str, columns: Sequence[str], video_id: str) -> pa.Table:
        """``columns`` of ``video_id``'s rows of table ``name``, in that order (one entry whatever the order
        asked in: ``("ts", "text")`` and ``("text", "ts")`` are read once)."""
        return self.rows_of(run, name, columns, [video_id])[video_id]


def read_each(run: Run, name: str, columns: Sequence[str], video_ids: Sequence[str]) -> dict[str, pa.Table]:
    """``columns`` of each of ``video_ids``'s rows of table ``name``: one video with ``read_rows``, several in one
    statement (``read_videos``) split per video.

    Example:
        >>> import duckdb
        >>> con = duckdb.connect(); _ = con.execute("CREATE TABLE t AS FROM (VALUES ('v', 1), ('w', 2)) r(video_id, x)")
        >>> {v: rows.num_rows for v, rows in read_each(con.sql, "t", ["x"], ["v", "u"]).items()}
        {'v': 1, 'u': 0}
    """
    if len(video_ids) == 1:
        return {video_ids[0]: read_rows(run, name, columns, video_ids[0])}
    read = read_videos(run, name, columns, video_ids)
    parts, empty = by_video(read, columns), read.select(list(columns)).slice(0, 0)
    return {video_id: parts.get(video_id, empty) for video_id in video_ids}


def read_rows(run: Run, name: str, columns: Sequence[str], video_id: str) -> pa.Table:
    """``SELECT columns FROM name WHERE video_id = ...`` as Arrow (the video id a literal).

    Example:
        >>> import duckdb
        >>> con = duckdb.connect(); _ = con.execute("CREATE TABLE t AS SELECT 'v' AS video_id, 1 AS x")
        >>> read_rows(con.sql, "t", ["x"], "w").num_rows
        0
    """
    query = select(*(col(c) for c in columns), from_=table(name), where=video_filter(video_id))
    return run(query.sql(dialect=DIALECT)).to_arrow_table()


def read_videos(run: Run, name: str, columns: Sequence[str], video_ids: Sequence[str]) -> pa.Table:
    """``SELECT video_id, columns FROM name WHERE video_id IN (video_ids)`` as Arrow (the ids literals).

    Example:
        >>> import duckdb
        >>> con = duckdb.connect(); _ = con.execute("CREATE TABLE t AS SELECT 'v' AS video_id, 1 AS x")
        >>> read_videos(con.sql, "t", ["x"], ["v", "w"]).to_pylist()
        [{'video_id': 'v', 'x': 1}]
    """
    wanted = col("video_id").isin(*(string(v) for v in video_ids))
    query = select(*(col(c) for c in ("video_id", *columns)), from_=table(name), where=wanted)
    return run(query.sql(dialect=DIALECT)).to_arrow_table()


def by_video(rows: pa.Table, columns: Sequence[str]) -> dict[str, pa.Table]:
    """``rows`` (with ``video_id``) split per video into its ``columns``, each video's rows in their order.

    Example:
        >>> rows = pa.table({"video_id": ["b", "a", "b"], "x": [1, 2, 3]})
        >>> {v: t.column("x").to_pylist() for v, t in by_video(rows, ["x"]).items()}
        {'a': [2], 'b': [1, 3]}
    """
    rows = rows.take(pc.sort_indices(rows, sort_keys=[("video_id", "ascending")]))  # stable: rows keep their order
    ids = rows.column("video_id").to_numpy(zero_copy_only=False)
    if not len(ids):
        return {}
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    stops = np.r_[starts[1:], len(ids)]
    picked = rows.select(list(columns))
    return {str(ids[s]): picked.slice(s, e - s).combine_chunks() for s, e in zip(starts, stops, strict=True)}


def sampling_period(ts: np.ndarray) -> float:
    """The mean time between consecutive sampled frames (``ts`` ascending; 0 with one frame), as the compiled
    SQL's ``video_info`` computes it.

    Example:
        >>> sampling_period(np.array([0.0, 1.0, 2.5])), sampling_period(np.array([3.0]))
        (1.25, 0.0)
    """
    return float((ts[-1] - ts[0]) / max(len(ts) - 1, 1)) if len(ts) else 0.0


@dataclasses.dataclass(frozen=True)
class VideoFrames:
    """The sampled frames of one video (``frame_idx``, ``ts``: in time order) and its constants, as the
    compiled SQL's ``sampled`` and ``video_info`` have them, with the connection (or cursor) to read the
    rest from."""

    con: Any  # a DuckDB connection or cursor
    video_id: str
    frame_idx: np.ndarray  # int64
    ts: np.ndarray  # float64, ascending
    duration_s: float | None  # ``videos.duration_s``, else the last frame's time
    gap: float | None  # the NMS gap: given, else ``toolmerge_gap(duration_s, k)``
    period: float  # mean time between consecutive sampled frames (0 with one frame)
    cache: RowCache | None = None

    @classmethod
    def load(
        cls, con: Any, video_id: str, *, k: int, gap: float | None = None, cache: RowCache | None = None
    ) -> VideoFrames:
        """The video's frames and constants read through ``con`` (no frames: empty arrays)."""
        frames = _rows(con, cache, "frames", ("frame_idx", "ts"), video_id)
        frame_idx = frames.column("frame_idx").to_numpy().astype(np.int64)
        ts = frames.column("ts").to_numpy().astype(np.float64)
        order = np.lexsort((frame_idx, ts))
        frame_idx, ts = frame_idx[order], ts[order]
        videos = _rows(con, cache, "videos", ("duration_s",), video_id)
        durations = [d for d in videos.column("duration_s").to_pylist() if d is not None]
        duration = float(durations[0]) if durations else (float(ts[-1]) if len(ts) else None)
        if gap is None and duration is not None:
            gap = con.sql("SELECT CAST(toolmerge_gap($d, $k) AS DOUBLE)", params={"d": duration, "k": k}).fetchone()[0]
        gap = None if gap is None else float(gap)
        return cls(con, video_id, frame_idx, ts, duration, gap, sampling_period(ts), cache)

    @property
    def n(self) -> int:
        """The number of sampled frames."""
        return len(self.frame_idx)

    def rows(self, name: str, columns: Sequence[str]) -> pa.Table:
        """``columns`` of the video's rows of table (or view) ``name``."""
        return _rows(self.con, self.cache, name, columns, self.video_id)

    def value(self, sql: str, params: dict[str, Any] | None = None) -> Any:
        """The one value of a statement over the session's functions (a query vector, a list of grades)."""
        return self.con.sql(sql, params=params).fetchone()[0]

    def empty(self) -> np.ndarray:
        """A score per frame, all NaN (scored nothing)."""
        return np.full(self.n, np.nan)


def _rows(con: Any, cache: RowCache | None, name: str, columns: Sequence[str], video_id: str) -> pa.Table:
    return cache.rows(con.sql, name, columns, video_id) if cache else read_rows(con.sql, name, columns, video_id)
