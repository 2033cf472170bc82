"""screen_texts: the corpus's distinct frame texts (boxes joined in the OCR tool's reading order) with the videos
that show them, read again after a commit."""

from __future__ import annotations

import pyarrow as pa

from vqdb.planner.screen_texts import screen_texts, screen_texts_of
from vqdb.store import Store

from .test_search import commit_video

BOX = pa.struct([("x0", pa.float32()), ("y0", pa.float32()), ("y1", pa.float32())])


def test_each_distinct_frame_text_is_kept_once_with_every_video_that_shows_it():
    rows = pa.table(
        {
            "video_id": ["b", "a", "b", "a", "c", None],
            "frame_idx": [0, 0, 1, 1, 0, 0],
            "text": ["EXIT", "EXIT", "EXIT", None, "Exit 2", "EXIT"],
            "box": pa.nulls(6, BOX),
        }
    )
    read = screen_texts_of(rows)
    assert read.texts == ["EXIT", "Exit 2"] and read.forms == ["exit", "exit2"]
    assert sorted(read.videos[i] for i in read.videos_of(0)) == ["a", "b"]
    assert [read.videos[i] for i in read.videos_of(1)] == ["c"]


def test_each_text_keeps_its_glyph_forms_letter_for_letter_and_loose():
    read = screen_texts_of(pa.table({"video_id": ["a", "a"], "frame_idx": [0, 1], "text": ["EXlT", "Initiate"]}))
    assert read.glyphs == ["cxlt", "lnltlatc"] and read.loose == ["cxlt", "lnltlotc"]


def test_a_title_split_across_boxes_is_one_text_in_reading_order():
    """'echo' above 'the lamb' (echo-hereweare's title) is graded as 'echo the lamb', which neither box reads;
    boxes of different frames or videos are never joined."""
    rows = pa.table(
        {
            "video_id": ["v", "v", "v", "w"],
            "frame_idx": [4, 4, 5, 4],
            "text": ["the lamb", "echo", "the lamb", "echo"],
            "box": pa.array([(0.2, 0.5, 0.6), (0.1, 0.1, 0.2), (0.2, 0.5, 0.6), (0.1, 0.1, 0.2)], BOX),
        }
    )
    assert sorted(screen_texts_of(rows).texts) == ["echo", "echo the lamb", "the lamb"]


def test_a_commit_is_seen_by_the_next_read_of_the_texts(tmp_path):
    store = Store.create(tmp_path)
    commit_video(store, "first", {3: "OPEN DAILY"})
    assert screen_texts(store).texts == ["OPEN DAILY"]
    commit_video(store, "second", {5: "CLOSED"})
    later = screen_texts(store)
    assert sorted(later.texts) == ["CLOSED", "OPEN DAILY"] and sorted(later.videos) == ["first", "second"]
