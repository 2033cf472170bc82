"""screen_texts: the corpus's distinct reads with the videos that show them, read again after a commit."""

from __future__ import annotations

import pyarrow as pa

from vqdb.planner.screen_texts import screen_texts, screen_texts_of
from vqdb.store import Store

from .test_search import commit_video


def test_each_distinct_read_is_kept_once_with_every_video_that_shows_it():
    rows = pa.table(
        {"video_id": ["b", "a", "b", "a", "c", None], "text": ["EXIT", "EXIT", "EXIT", None, "Exit 2", "EXIT"]}
    )
    read = screen_texts_of(rows)
    assert read.texts == ["EXIT", "Exit 2"] and read.forms == ["exit", "exit2"]
    assert sorted(read.videos[i] for i in read.videos_of(0)) == ["a", "b"]
    assert [read.videos[i] for i in read.videos_of(1)] == ["c"]


def test_a_commit_is_seen_by_the_next_read_of_the_texts(tmp_path):
    store = Store.create(tmp_path)
    commit_video(store, "first", {3: "OPEN DAILY"})
    assert screen_texts(store).texts == ["OPEN DAILY"]
    commit_video(store, "second", {5: "CLOSED"})
    later = screen_texts(store)
    assert sorted(later.texts) == ["CLOSED", "OPEN DAILY"] and sorted(later.videos) == ["first", "second"]
