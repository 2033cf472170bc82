"""The gather stage: a video's text tables as timed word streams (reading order, word times, fallbacks)."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest

import vqdb
from vqdb.answer.evidence import Evidence
from vqdb.answer.timeline import (
    match_words,
    read_timeline,
    reading_order,
    screen_stream,
    stream_of,
    streams_of,
    word_boxes,
)
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus


def test_a_title_split_into_boxes_reads_as_one_text():
    # EasyOCR on a two-line title: one box per word, the second word of line one detected first
    boxes = [[0.52, 0.30, 0.80, 0.40], [0.20, 0.31, 0.50, 0.41], [0.35, 0.45, 0.60, 0.55]]
    assert reading_order(["STARTED", "GETTING", "NOW?"], boxes) == "GETTING STARTED / NOW?"
    # a logo in a corner beside the first line, a caption below
    boxes = [[0.05, 0.05, 0.2, 0.1], [0.8, 0.04, 0.95, 0.11], [0.2, 0.8, 0.8, 0.9]]
    assert reading_order(["LIVE", "CHANNEL 7", "You're watching"], boxes) == "LIVE CHANNEL 7 / You're watching"


def test_spoken_words_keep_their_own_times_even_when_normalized_differently():
    said = Evidence("transcript", "v", 10.0, 14.0, "In nineteen eighty-four, 42-line Bibles", 12.0)
    heard = [
        ("In", 10.0, 10.2),
        ("nineteen", 10.3, 10.8),
        ("eighty-four,", 10.9, 11.5),
        ("42-line", 12.0, 12.6),
        ("Bibles", 12.7, 13.1),
    ]
    stream = stream_of("transcript", "v", [said], heard)
    assert stream.words == ("in", "1984", "42", "line", "bibles")
    assert stream.starts.tolist()[:1] + stream.starts.tolist()[2:] == [10.0, 12.0, 12.0, 12.7]
    assert 10.3 <= stream.starts[1] <= 10.9  # the year said in two words lies where they were said


def test_screen_text_lasts_its_whole_span_and_speech_is_spread_without_word_times():
    screen = stream_of("ocr", "v", [Evidence("ocr", "v", 3.0, 8.0, "President John F Kennedy", 5.0)])
    assert set(screen.starts) == {3.0} and set(screen.ends) == {8.0}
    speech = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 4.0, "one two three four", 2.0)])
    assert speech.starts.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert speech.text_between(1, 2) == "one two three four"


def test_streams_of_gathered_evidence_group_speech_per_video():
    ev = [
        Evidence("transcript", "a", 5.0, 6.0, "later", 5.0),
        Evidence("ocr", "a", 0.0, 1.0, "EXIT", 0.0),
        Evidence("transcript", "a", 1.0, 2.0, "first", 1.0),
        Evidence("audio", "a", 1.0, 2.0, "sound: Dog", 1.0),
        Evidence("ocr", "a", 2.0, 3.0, "   ", 2.0),
    ]
    streams = streams_of(ev)
    assert [(s.source, s.words) for s in streams] == [
        ("ocr", ("exit",)),
        ("transcript", ("1st", "later")),
        ("audio", ("sound", "dog")),
    ]


def test_match_words_agree_across_ocr_and_speech_spellings():
    assert match_words("Sunset 19.15") == match_words("sunset 19:15")
    assert match_words("Coming up at nine o'clock, the centre") == match_words("coming up at 9 oclock the center")


def _commit(corpus, extractor, **rows):
    tables = {t.name: t.from_rows(rows.get(t.name, [])) for t in TABLES.values() if t.extractor == extractor}
    Store.open(corpus.root, writable=True).commit("v", extractor, tables, model="test rows", settings={})


@pytest.fixture
def corpus(tmp_path):
    corpus = vqdb.connect(empty_corpus(tmp_path / "c"), progress=False)
    video = {"video_id": "v", "path": "/v.mp4", "duration_s": 10.0, "ingested_at": datetime.now(UTC)}
    _commit(
        corpus, "frames", videos=[video], frames=[{"video_id": "v", "frame_idx": i, "ts": float(i)} for i in range(10)]
    )
    box = {"x0": 0.1, "y0": 0.1, "x1": 0.5, "y1": 0.2}
    low = {"x0": 0.1, "y0": 0.5, "x1": 0.5, "y1": 0.6}
    reads = [(0, "EXIT", box), (1, "EXIT", box), (2, "EXIT", box), (2, "keep shut", low), (5, "EXIT", box)]
    _commit(
        corpus,
        "ocr",
        ocr=[{"video_id": "v", "frame_idx": i, "ts": float(i), "text": t, "box": b} for i, t, b in reads],
        ocr_spans=[{"video_id": "v", "span_id": 0, "start_s": 0.0, "end_s": 5.0, "text": "EXIT"}],
    )
    _commit(
        corpus,
        "asr",
        transcript_segments=[{"video_id": "v", "seg_id": 0, "start_s": 6.0, "end_s": 8.0, "text": " Mind the gap."}],
        transcript_words=[
            {"video_id": "v", "seg_id": 0, "word": w, "start_s": s, "end_s": e}
            for w, s, e in [(" Mind", 6.0, 6.4), (" the", 6.5, 6.6), (" gap.", 7.2, 7.9)]
        ],
    )
    yield corpus
    corpus.close()


def test_read_timeline_groups_screens_in_a_row_and_keeps_word_times(corpus):
    streams = read_timeline(corpus, ["v"], {"v": [2.0, 7.0]})
    screens = [(s.start_s, s.end_s, s.snippets[0].text) for s in streams if s.source == "ocr"]
    # frames 0-1 read the same; frame 2 adds a line; frame 5 comes after frames without text
    assert screens == [(0.0, 2.0, "EXIT"), (2.0, 3.0, "EXIT / keep shut"), (5.0, 6.0, "EXIT")]
    (speech,) = [s for s in streams if s.source == "transcript"]
    assert speech.words == ("mind", "the", "gap") and speech.starts.tolist() == [6.0, 6.5, 7.2]
    assert speech.snippets[0].keyframe_ts == 7.0
    # each word on screen keeps the box it was read in; speech has none
    second = [s for s in streams if s.source == "ocr"][1]
    assert second.boxes[:, 1].round(2).tolist() == [0.1, 0.5, 0.5] and speech.boxes is None


def test_tracked_spans_stand_in_for_frames_without_boxes(tmp_path):
    other = vqdb.connect(empty_corpus(tmp_path / "spans-only"), progress=False)
    video = {"video_id": "v", "path": "/v.mp4", "duration_s": 10.0, "ingested_at": datetime.now(UTC)}
    _commit(other, "frames", videos=[video], frames=[{"video_id": "v", "frame_idx": 0, "ts": 0.0}])
    _commit(other, "ocr", ocr_spans=[{"video_id": "v", "span_id": 0, "start_s": 1.0, "end_s": 4.0, "text": "SALE"}])
    assert [(s.source, s.words, s.start_s) for s in read_timeline(other, ["v"], {})] == [("ocr", ("sale",), 1.0)]
    other.close()


def test_each_word_on_screen_keeps_its_box_in_reading_order():
    # a card: two words of a title either side of a picture, a subtitle line below; OCR gives them out of order
    texts = ["Socialism", "Manifesto of the", "Audible"]
    boxes = [[0.53, 0.34, 0.76, 0.45], [0.35, 0.57, 0.65, 0.66], [0.24, 0.33, 0.44, 0.45]]
    stream = screen_stream("v", 0.0, 88.0, texts, boxes, 0.0)
    assert stream.snippets[0].text == "Audible Socialism / Manifesto of the"
    assert stream.boxes[:, 0].tolist() == [0.24, 0.53, 0.35, 0.35, 0.35]
    # a word the boxes' own words do not have (read over two of them) has no box; the others keep theirs
    got = word_boxes(["Sunset", "nineteen", "fifteen"], [[0.1, 0.1, 0.3, 0.2]] * 3, ["sunset", "1915"])
    assert got[0].tolist() == [0.1, 0.1, 0.3, 0.2] and np.isnan(got[1]).all()
    # boxes not recorded: the words have none
    assert np.isnan(word_boxes(["EXIT"], [None], ["exit"])).all()
