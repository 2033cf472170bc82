"""placed_text: the text read in a place on screen at the best keyframe answers an open question whose plan reads
whatever text is in that place."""

from __future__ import annotations

from datetime import UTC, datetime

import pyarrow as pa

import vqdb
from vqdb.answer.answer import answer_on_keyframes
from vqdb.answer.evidence import Keyframe, as_keyframes
from vqdb.answer.placed_text import best_keyframe, placed_call, text_in_place
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus

PLACED = '{"queries": [{"id": "Q1", "tool": "ocr", "query": "", "place": "top"}], "combine": "Q1"}'


def box(x0: float, y0: float, x1: float, y1: float) -> dict:
    return {"x0": x0, "y0": y0, "x1": x1, "y1": y1}


def screen_corpus(root, extra=()):
    """A 6 s video "v": a title at the top 0-3 s, another 4-5 s with a small date above it, a caption at the
    bottom throughout, a channel's logo and a LIVE tag in the top corners 0-1 s (OCR'd every second); and the
    ``extra`` reads (frame, text, box)."""
    corpus = vqdb.connect(empty_corpus(root), progress=False)
    video = {"video_id": "v", "path": "/videos/v.mp4", "duration_s": 6.0, "fps": 25.0, "width": 64, "height": 48,
             "status": "complete", "errors": [], "ingested_at": datetime.now(UTC)}  # fmt: skip
    reads = [(f, "Hello world", box(0.2, 0.05, 0.8, 0.25)) for f in range(4)]
    reads += [(f, "Chapter two", box(0.2, 0.1, 0.8, 0.2)) for f in (4, 5)]
    reads += [(f, "2024-05-01", box(0.4, 0.01, 0.6, 0.05)) for f in (4, 5)]
    reads += [(f, "Jane Doe, reporter", box(0.25, 0.8, 0.75, 0.9)) for f in range(6)]
    reads += [(f, "CHANNEL 7", box(0.75, 0.07, 0.95, 0.15)) for f in (0, 1)]  # a logo and a tag in the top corners
    reads += [(f, "LIVE", box(0.05, 0.09, 0.13, 0.155)) for f in (0, 1)]
    reads += list(extra)
    rows = [{"video_id": "v", "frame_idx": f, "ts": float(f), "text": t, "box": b} for f, t, b in reads]
    store = Store.open(corpus.root, writable=True)
    for extractor, tables in (("frames", {"videos": [video]}), ("ocr", {"ocr": rows})):
        found = {t.name: t.from_rows(tables.get(t.name, [])) for t in TABLES.values() if t.extractor == extractor}
        store.commit("v", extractor, found, model="test rows", settings={})
    return corpus


def test_the_most_prominent_text_in_the_place_nearest_the_moment_is_read(tmp_path):
    corpus = screen_corpus(tmp_path / "corpus")
    assert text_in_place(corpus, "v", 1.2, "top", None).text == "Hello world"
    found = text_in_place(corpus, "v", 4.4, "top", None)  # the title, not the small date above it
    assert (found.text, found.start_s, found.keyframe_ts) == ("Chapter two", 4.0, 4.4)
    assert text_in_place(corpus, "v", 4.4, "top", "small").text == "2024-05-01"
    assert text_in_place(corpus, "v", 4.4, "bottom", None).text == "Jane Doe, reporter"
    assert text_in_place(corpus, "v", 4.4, "center", None) is None
    assert text_in_place(corpus, "other", 1.0, "top", None) is None
    assert text_in_place(corpus, "v", 0.2, "corner", None).text == "CHANNEL 7"  # one corner: the logo's


def test_an_open_question_whose_plan_reads_a_place_is_answered_with_its_text(tmp_path):
    corpus = screen_corpus(tmp_path / "corpus")
    keyframes = [Keyframe("v", 1, 1.0, 0.5), Keyframe("v", 4, 4.0, 0.9)]
    found = answer_on_keyframes(
        corpus, "What does the title at the top of the screen say?", keyframes, backend="evidence", plan=PLACED,
        cache=False,
    )  # fmt: skip
    assert (found.answer, found.answer_text, found.low_confidence) == ("Chapter two", "Chapter two", False)
    assert found.evidence[0].text == "Chapter two" and "(top) at 4.0 s" in found.notes[0]


def test_only_a_call_with_no_words_and_a_place_or_size_is_one_that_reads_a_place():
    assert placed_call(PLACED).place == "top"
    assert placed_call(PLACED.replace('"query": ""', '"query": "EXIT"')) is None
    assert placed_call(None) is None and placed_call('{"queries": [{"id": "Q1"}]}') is None
    assert best_keyframe([]) is None
    assert best_keyframe([Keyframe("v", 2, 2.0), Keyframe("v", 3, 3.0, 0.1)]).ts == 3.0


def test_the_best_keyframe_is_the_one_ranked_first_where_an_order_promoted_it():
    """ "What is the last caption shown?": retrieval ranks the latest caption first (merged rank 1, score 0.59,
    the order promoting it over frames scored 1.0), and the caption was read at the best-scored, earliest one."""
    table = pa.table(
        {"video_id": ["v"] * 3, "frame_idx": [1, 6, 29], "ts": [1.5, 6.0, 29.0], "score": [1.0, 1.0, 0.59]}
        | {"merged_rank": [2, 7, 1]}
    )
    assert best_keyframe(as_keyframes(table)).ts == 29.0


def test_the_text_in_the_corner_is_the_one_that_stays_not_a_larger_one_that_changes(tmp_path):
    counter = [(f, f"{f}.000", box(0.8, 0.8, 0.95, 0.92)) for f in range(6)]  # taller than the logo, ever changing
    corpus = screen_corpus(tmp_path / "corpus", extra=counter)
    assert text_in_place(corpus, "v", 0.2, "corner", None).text == "CHANNEL 7"


def test_a_placed_text_without_the_kind_of_value_asked_leaves_the_question_to_all_the_text(tmp_path):
    corpus = screen_corpus(tmp_path / "corpus")
    bottom = PLACED.replace('"top"', '"bottom"')
    found = answer_on_keyframes(
        corpus, "How old is the reporter?", [Keyframe("v", 4, 4.0, 0.9)], backend="evidence", plan=bottom, cache=False
    )
    assert found.answer != "Jane Doe, reporter" and "holds no number" in found.notes[0]
