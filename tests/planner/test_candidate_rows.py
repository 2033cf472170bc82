"""CandidateRows: a search's rows of its candidate videos, one statement a table for all of them, are the rows
``retrieve`` reads video by video, and the moments merged from them are the same."""

from __future__ import annotations

import pytest

import vqdb
from vqdb.planner.candidate_rows import CandidateRows
from vqdb.planner.retrieve import plan_for
from vqdb.planner.search import moments_in
from vqdb.planner.tools.ocr import BOX_COLUMNS
from vqdb.planner.video_frames import RowCache, VideoFrames, read_rows
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes

from .test_search import commit_video

READS = {
    "exact": {3: "NO ENTRY", 12: "EMERGENCY EXIT"},
    "misread": {5: "EMERGENCV EXIT", 6: "EMERGENCV EXIT"},
    "other": {2: "WELCOME", 9: "OPEN DAILY"},
    "silent": {},  # frames, no OCR row
}


@pytest.fixture
def corpus(tmp_path):
    store = Store.create(tmp_path)
    for video_id, reads in READS.items():
        commit_video(store, video_id, reads)
    build_text_indexes(store)
    with vqdb.connect(tmp_path) as opened:
        yield opened


@pytest.mark.parametrize(
    ("name", "columns"), [("frames", ("frame_idx", "ts")), ("videos", ("duration_s", "path")), ("ocr", BOX_COLUMNS)]
)
def test_each_candidate_gets_the_rows_read_for_it_alone_from_one_statement(corpus, name, columns):
    statements = []
    cursor = corpus.cursor_unchecked()

    def run(sql: str):
        statements.append(sql)
        return cursor.sql(sql)

    rows = CandidateRows(["exact", "misread", "silent"], RowCache(lambda table: 1))
    for video_id in ("exact", "misread", "silent"):
        assert rows.rows(run, name, columns, video_id).equals(read_rows(cursor.sql, name, columns, video_id)), video_id
    assert len(statements) == 1
    assert rows.rows(run, name, columns, "other").equals(read_rows(cursor.sql, name, columns, "other"))  # alone
    assert len(statements) == 2


def test_a_second_search_takes_the_videos_the_session_keeps_and_reads_only_the_others(corpus):
    session, read = RowCache(lambda table: 1), []
    cursor = corpus.cursor_unchecked()

    def run(sql: str):
        read.append(sql)
        return cursor.sql(sql)

    CandidateRows(["exact", "misread"], session).rows(run, "frames", ("ts",), "exact")
    later = CandidateRows(["misread", "other"], session)
    assert later.rows(run, "frames", ("ts",), "misread").num_rows == 20 and len(read) == 2
    assert "'other'" in read[1] and "'misread'" not in read[1]


def test_moments_merged_from_the_candidates_rows_are_those_of_each_video_read_alone(corpus):
    plan = plan_for(corpus, "when does the screen read EMERGENCY EXIT")
    videos = list(READS)
    cursor = corpus.cursor_unchecked()
    batched = CandidateRows(videos, RowCache(lambda table: 1))
    for video_id in videos:
        alone = moments_in(plan, VideoFrames.load(cursor, video_id, k=5), 5)
        together = moments_in(plan, VideoFrames.load(cursor, video_id, k=5, cache=batched), 5)
        assert [without_found(m) for m in together] == [without_found(m) for m in alone], video_id


def without_found(moment: dict) -> dict:
    return {key: value for key, value in moment.items() if key != "found"}
