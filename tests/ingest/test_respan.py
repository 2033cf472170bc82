"""Rebuilding ``ocr_spans`` from the stored per-frame reads."""

from __future__ import annotations

import numpy as np
import pytest

import vqdb
from vqdb.config import Config
from vqdb.errors import VqdbError
from vqdb.ingest.ocr_spans import OcrSpan, spans_table, track_spans
from vqdb.ingest.respan import frames_of, rebuild_ocr_spans
from vqdb.models.protocols import TextBox
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.check import check, signs_of_damage
from vqdb.store.maintenance import compact

TOP, BOTTOM = (0.1, 0.1, 0.6, 0.2), (0.1, 0.8, 0.6, 0.9)
SETTINGS = {"ocr_step": 2, "sample_fps": 2.0}  # a read a second: spans stay open 2.5 s after their last read
READS = [  # (frame_idx, ts, text, confidence, box, shown_from_s, shown_to_s)
    (0, 0.0, "Clear history", 0.9, TOP, 0.0, 1.0),
    (0, 0.0, "Score 1", 0.8, BOTTOM, 0.0, 1.5),
    (2, 1.0, "Clearlhistory", 0.99, TOP, 1.0, 2.0),
    (2, 1.0, "Score 2", 0.8, BOTTOM, 1.5, 2.0),
    (4, 2.0, "Clear history", 0.95, TOP, 2.0, 3.0),
    (12, 6.0, "Clear history", 0.9, TOP, 5.5, 7.0),
]


def ocr_rows(video_id, reads):
    rows = [
        {"video_id": video_id, "frame_idx": i, "ts": ts, "text": text, "confidence": confidence, "model": "m",
         "box": dict(zip(("x0", "y0", "x1", "y1"), box, strict=True)),
         "shown_from_s": shown_from, "shown_to_s": shown_to}
        for i, ts, text, confidence, box, shown_from, shown_to in reads
    ]  # fmt: skip
    return TABLES["ocr"].from_rows(rows)


def ingested(store, video_id, reads, settings=SETTINGS):
    """A video as an older ingest left it: its reads, and spans that report each one's most confident read."""
    stale = [OcrSpan(ts, ts, TextBox(text, confidence, box)) for _, ts, text, confidence, box, _, _ in reads]
    tables = {"ocr": ocr_rows(video_id, reads), "ocr_spans": spans_table(video_id, stale)}
    store.commit(video_id, "ocr", tables, model="m", settings=settings)


def texts(store, video_id):
    rows = store.read("ocr_spans", where=f"video_id = '{video_id}'").sort_by("span_id").to_pylist()
    return [(row["start_s"], row["end_s"], row["text"]) for row in rows]


def test_spans_are_rebuilt_from_the_stored_reads_as_ingest_builds_them(tmp_path):
    with Store.create(tmp_path) as store:
        ingested(store, "a", READS)
        ingested(store, "b", READS[-1:])
        assert rebuild_ocr_spans(store, Config()) == {"a": 4, "b": 1}
        frames, shown = frames_of(store.read("ocr", where="video_id = 'a'"))
        expected = [(s.start_s, s.end_s, s.text) for s in track_spans(frames, max_gap_s=2.5, shown=shown)]
        assert texts(store, "a") == expected
        assert texts(store, "a") == [
            (0.0, 3.0, "Clear history"),  # the misread outvoted
            (0.0, 1.5, "Score 1"),
            (1.5, 2.0, "Score 2"),  # a score that ticked: another span
            (5.5, 7.0, "Clear history"),  # read 4 s after the last: another span
        ]
        assert texts(store, "b") == [(5.5, 7.0, "Clear history")]
        assert store.count("ocr_spans") == 5


def test_frames_come_in_time_order_with_their_reads_in_the_order_stored(tmp_path):
    frames, shown = frames_of(ocr_rows("a", [READS[2], READS[0], READS[1]]))
    assert [(ts, [r.text for r in reads]) for ts, reads in frames] == [
        (0.0, ["Clear history", "Score 1"]),
        (1.0, ["Clearlhistory"]),
    ]
    assert shown == [[(0.0, 1.0), (0.0, 1.5)], [(1.0, 2.0)]]


def test_a_video_recorded_without_its_ocr_interval_stops_the_rebuild_before_any_write(tmp_path):
    """One video recorded without ocr_step/sample_fps: no video is rebuilt, and the message names it and what to run."""
    with Store.create(tmp_path) as store:
        ingested(store, "a", READS)
        ingested(store, "b", READS, settings={})
        with pytest.raises(VqdbError, match=r"\(b\).* --only ocr --force"):
            rebuild_ocr_spans(store, Config())
        assert len(texts(store, "a")) == len(READS)  # left as it was


def test_a_frames_reads_come_back_in_the_order_written_after_compaction(tmp_path):
    """``frames_of`` keeps each frame's reads in the order stored (no column holds it): ``Store.read`` scans in
    order, and compacting the fragments of many commits keeps that order."""
    order = ["zeta", "alpha", "mid", "Beta"]  # neither sorted nor by box: only the written order gives it
    reads = [
        (0, 0.0, text, 0.9 - 0.1 * i, (0.1 * i, 0.1, 0.1 * i + 0.05, 0.2), 0.0, 1.0) for i, text in enumerate(order)
    ]
    with Store.create(tmp_path / "c") as store:
        for n in range(5):  # one fragment each, compacted into one
            ingested(store, f"v{n}", reads[n % 4 :] + reads[: n % 4])
        compact(store, ["ocr"])
        assert len(store.dataset("ocr").get_fragments()) == 1
        for n in range(5):
            frames, _ = frames_of(store.read("ocr", where=f"video_id = 'v{n}'"))
            assert [read.text for read in frames[0][1]] == order[n % 4 :] + order[: n % 4]


def test_a_rebuild_that_changes_the_span_count_leaves_the_corpus_whole(tmp_path):
    """The ``ocr`` record counts reads plus spans: 6 reads made 6 spans at ingest and 4 now. Left at 12,
    ``vqdb check`` read the rebuilt corpus as damaged, and its repair deleted the video's OCR."""
    with Store.create(tmp_path) as store:
        frames = {"videos": TABLES["videos"].from_rows([]), "frames": TABLES["frames"].from_rows([])}
        store.commit("a", "frames", frames, model=None, settings={})
        ingested(store, "a", READS)
        assert rebuild_ocr_spans(store, Config()) == {"a": 4}
        assert check(store).ok and not signs_of_damage(store)
        assert store.read("extractions", where="extractor = 'ocr'")["rows"].to_pylist() == [6 + 4]


def test_reads_stored_before_their_shown_times_were_kept_are_rebuilt(tmp_path):
    with Store.create(tmp_path) as store:
        ingested(store, "a", READS)
        store.dataset("ocr").drop_columns(["shown_from_s", "shown_to_s"])  # as before 3265e00
        assert rebuild_ocr_spans(store, Config()) == {"a": 4}


def test_a_corpus_ingested_before_spans_held_vectors_gets_the_ones_text_embed_makes(tmp_path, sentences_embedded):
    with Store.create(tmp_path) as store:
        ingested(store, "a", READS)
        ingested(store, "b", READS[-1:])
        store.dataset("ocr_spans").drop_columns(["text_emb"])  # as an earlier version wrote the table
        sentences_embedded.clear()
        rebuild_ocr_spans(store, Config())
        spans = store.read("ocr_spans").sort_by([("video_id", "ascending"), ("span_id", "ascending")])
    assert sorted(sentences_embedded) == ["Clear history", "Score 1", "Score 2"]  # each distinct text once
    with vqdb.connect(tmp_path) as corpus:
        queried = corpus.sql("SELECT text_embed(t) FROM unnest(?) AS u(t)", params=[spans["text"].to_pylist()])
        for stored, (theirs,) in zip(spans["text_emb"].to_pylist(), queried.fetchall(), strict=True):
            np.testing.assert_allclose(stored, theirs, atol=1e-6)
