"""A video's frames and rows for the array path: read through the views, kept while their tables keep their
versions."""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa

import vqdb
from vqdb.planner import Call, Plan, compile_plan, retrieve
from vqdb.planner.video_frames import RowCache, VideoFrames
from vqdb.schema import TABLES
from vqdb.store import Store


def test_frames_come_in_time_order_with_the_sql_constants():
    con = duckdb.connect()
    con.execute(
        "CREATE TABLE frames AS SELECT * "
        "FROM (VALUES ('v', 2, 1.0), ('v', 0, 0.0), ('v', 1, 0.5)) t(video_id, frame_idx, ts)"
    )
    con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, NULL::DOUBLE AS duration_s")
    con.execute("CREATE MACRO toolmerge_gap(d, k) AS least(d / (2 * k), 10.0)")
    video = VideoFrames.load(con, "v", k=1)
    assert video.frame_idx.tolist() == [0, 1, 2] and video.ts.tolist() == [0.0, 0.5, 1.0]
    assert (video.duration_s, video.gap, video.period) == (1.0, 0.5, 0.5)  # no duration: the last frame's time
    assert VideoFrames.load(con, "v", k=1, gap=3.0).gap == 3.0


def test_the_cache_reads_again_when_the_version_changes():
    con = duckdb.connect()
    con.execute("CREATE TABLE t AS SELECT 'v' AS video_id, 1 AS x")
    version = {"t": 1}
    cache = RowCache(version.get, size=1)
    assert cache.rows(con.sql, "t", ["x"], "v").num_rows == 1
    con.execute("INSERT INTO t VALUES ('v', 2)")
    assert cache.rows(con.sql, "t", ["x"], "v").num_rows == 1  # same version: kept
    version["t"] = 2
    assert cache.rows(con.sql, "t", ["x"], "v").num_rows == 2
    assert cache.rows(con.sql, "t", ["x"], "w").num_rows == 0  # another entry pushes the first out (size 1)
    con.execute("INSERT INTO t VALUES ('v', 3)")
    assert cache.rows(con.sql, "t", ["x"], "v").num_rows == 3


def test_retrieve_sees_a_commit_made_after_its_first_question(tmp_path):
    """The session's row cache is keyed by the tables' versions: rows committed later are read."""
    root = tmp_path / "corpus"
    store = Store.create(root)
    frames = TABLES["frames"].arrow_schema()
    store.append(
        "frames",
        pa.Table.from_pylist([{"video_id": "v1", "frame_idx": i, "ts": float(i)} for i in range(6)], schema=frames),
    )
    videos = TABLES["videos"].arrow_schema()
    store.append(
        "videos", pa.Table.from_pylist([{"video_id": "v1", "path": "v1.mp4", "duration_s": 6.0}], schema=videos)
    )
    extractions = TABLES["extractions"].arrow_schema()
    store.append(
        "extractions",
        pa.Table.from_pylist([{"video_id": "v1", "extractor": e} for e in ("frames", "ocr")], schema=extractions),
    )
    store.append("ocr", _ocr_table(["", "EXIT", "", "", "", ""]))
    corpus = vqdb.connect(root, progress=False)
    plan = Plan((Call("Q1", "ocr", "EXIT"),))
    first = retrieve(corpus, "q", video="v1", k=1, plan=plan).keyframes.to_pylist()
    assert [r["frame_idx"] for r in first] == [1]
    store.replace("ocr", "video_id = 'v1'", _ocr_table(["", "", "", "", "EXIT", ""]))
    again = retrieve(corpus, "q", video="v1", k=1, plan=plan).keyframes
    assert [r["frame_idx"] for r in again.to_pylist()] == [4]
    sql = corpus.sql_unchecked(compile_plan(plan, video_id="v1", k=1)).to_arrow_table()
    assert again.to_pylist() == sql.to_pylist() and np.isclose(again.column("score")[0].as_py(), 1.0)


def _ocr_table(texts: list[str]) -> pa.Table:
    schema = TABLES["ocr"].arrow_schema()
    rows = [
        {"video_id": "v1", "frame_idx": i, "ts": float(i), "text": t, "conf": 0.9} for i, t in enumerate(texts) if t
    ]
    return pa.Table.from_pylist(rows, schema=schema)
