"""LanceRows: the rows of a few videos read from their Lance datasets are the rows the session's views show,
with the views' types, for finished videos and for rows whose extractor has not finished (hidden)."""

from __future__ import annotations

import pytest

import vqdb
from vqdb.planner.lance_rows import LanceRows
from vqdb.planner.tools.ocr import BOX_COLUMNS
from vqdb.planner.video_frames import read_each
from vqdb.store import Store

from .test_search import commit_video, table_of

VIDEOS = ["exact", "other", "unfinished", "absent"]


@pytest.fixture
def corpus(tmp_path):
    store = Store.create(tmp_path)
    commit_video(store, "exact", {3: "NO ENTRY", 12: "EMERGENCY EXIT"})
    commit_video(store, "other", {2: "WELCOME", 9: "OPEN DAILY"})
    rows = {"video_id": ["unfinished"], "frame_idx": [1], "ts": [1.0], "text": ["HIDDEN"], "confidence": [0.9]}
    store.append("ocr", table_of("ocr", rows))  # written, its extraction never committed: the view hides it
    with vqdb.connect(tmp_path) as opened:
        yield opened


@pytest.mark.parametrize(
    ("name", "columns"),
    [
        ("frames", ("frame_idx", "ts")),
        ("videos", ("duration_s", "path", "ingested_at")),  # a timestamp: DuckDB names its zone Etc/UTC
        ("ocr", BOX_COLUMNS),
        ("extractions", ("extractor", "finished_at")),
    ],
)
def test_rows_are_the_views_rows_with_their_types(corpus, name, columns):
    cursor = corpus.cursor_unchecked()
    read = LanceRows(corpus.store).read_each(cursor.sql, name, columns, VIDEOS)
    expected = read_each(cursor.sql, name, columns, VIDEOS)
    assert list(read) == VIDEOS
    for video_id in VIDEOS:
        assert read[video_id].schema == expected[video_id].schema, video_id
        assert read[video_id].equals(expected[video_id]), video_id
    assert read["unfinished"].num_rows == 0 and read["exact"].num_rows > 0


def test_the_rows_do_not_go_through_the_session(corpus):
    statements = []
    cursor = corpus.cursor_unchecked()

    def run(sql: str):
        statements.append(sql)
        return cursor.sql(sql)

    reader = LanceRows(corpus.store)
    reader.read_each(run, "ocr", BOX_COLUMNS, VIDEOS)
    asked = list(statements)
    reader.read_each(run, "ocr", BOX_COLUMNS, VIDEOS)
    assert not any("IN (" in sql for sql in statements)  # the views' read is a statement naming the videos
    assert statements[len(asked) :] == ["SELECT finished_videos('ocr')"]  # the types asked once
