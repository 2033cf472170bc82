"""video_id indexes: created on every per-video table, updated for appended rows, used by a filtered read (Lance's
and the session's views'), which returns the same rows with or without them."""

from __future__ import annotations

import vqdb
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes
from vqdb.store.video_index import (
    VIDEO_INDEX,
    VIDEO_TABLES,
    build_video_indexes,
    has_video_index,
    unindexed_video_rows,
)


def commit_ocr(store: Store, video_id: str, texts: list[str]) -> None:
    reads = [{"video_id": video_id, "frame_idx": i, "ts": float(i), "text": t} for i, t in enumerate(texts)]
    ocr = TABLES["ocr"].from_rows(reads)
    spans = TABLES["ocr_spans"].from_rows([])
    store.commit(video_id, "ocr", {"ocr": ocr, "ocr_spans": spans}, model=None, settings={})


def commit_frames(store: Store, video_id: str, count: int) -> None:
    frames = TABLES["frames"].from_rows([{"video_id": video_id, "frame_idx": i, "ts": float(i)} for i in range(count)])
    videos = TABLES["videos"].from_rows([{"video_id": video_id, "path": f"/{video_id}.mp4", "duration_s": 3.0}])
    store.commit(video_id, "frames", {"frames": frames, "videos": videos}, model=None, settings={})


def read(store: Store, videos: list[str]) -> list[tuple]:
    wanted = ", ".join(f"'{v}'" for v in videos)
    rows = store.dataset("ocr").to_table(columns=["video_id", "frame_idx", "text"], filter=f"video_id IN ({wanted})")
    return sorted(zip(*(rows.column(c).to_pylist() for c in rows.column_names), strict=True))


def test_every_per_video_table_gets_an_index_even_when_empty(tmp_path):
    store = Store.create(tmp_path)
    built = build_video_indexes(store)
    assert set(built) == {t for t in VIDEO_TABLES if store.exists(t)} and set(built.values()) == {0}
    assert "answers" not in VIDEO_TABLES and "frames" in VIDEO_TABLES
    assert all(has_video_index(store, table) for table in built)


def test_build_text_indexes_keeps_them_up_to_date_as_ingest_calls_it(tmp_path):
    store = Store.create(tmp_path)
    build_text_indexes(store)
    assert has_video_index(store, "frames") and has_video_index(store, "ocr")
    commit_ocr(store, "a", ["EXIT", "EXIT"])
    assert unindexed_video_rows(store, "ocr") == 2
    build_text_indexes(store)
    assert unindexed_video_rows(store, "ocr") == 0


def test_a_filtered_read_uses_the_index_and_finds_the_same_rows(tmp_path):
    store = Store.create(tmp_path)
    for video, texts in (("a", ["EXIT", "OPEN"]), ("b", ["SALE"]), ("c", ["CLOSED", "EXIT", "SALE"])):
        commit_ocr(store, video, texts)
    scanned = read(store, ["a", "c"])
    assert build_video_indexes(store)["ocr"] == 6
    plan = store.dataset("ocr").scanner(columns=["text"], filter="video_id IN ('a', 'c')").explain_plan()
    assert "ScalarIndexQuery" in plan and VIDEO_INDEX in plan
    assert read(store, ["a", "c"]) == scanned
    commit_ocr(store, "d", ["NEW"])  # appended after the index: found by scanning the unindexed rows
    commit_ocr(store, "a", ["REPLACED"])  # a video's rows replaced: the indexed ones deleted
    assert unindexed_video_rows(store, "ocr") == 2
    assert read(store, ["a", "d"]) == [("a", 0, "REPLACED"), ("d", 0, "NEW")]
    assert build_video_indexes(store)["ocr"] == 2
    assert read(store, ["a", "b", "d"]) == [("a", 0, "REPLACED"), ("b", 0, "SALE"), ("d", 0, "NEW")]


def test_the_sessions_views_push_the_filter_into_the_indexed_scan(tmp_path):
    with Store.create(tmp_path) as store:
        for video in ("a", "b"):
            commit_ocr(store, video, ["EXIT", "SALE"])
            commit_frames(store, video, 2)
        commit_ocr(store, "hidden", ["EXIT"])  # its frames step never finished: not visible
        build_video_indexes(store)
    corpus = vqdb.connect(tmp_path, progress=False)
    sql = "SELECT video_id, text FROM ocr WHERE video_id IN ('b', 'hidden') ORDER BY text"
    plan = "".join(row[1] for row in corpus.cursor_unchecked().sql(f"EXPLAIN {sql}").fetchall())
    assert "ScalarIndexQuery" in plan.replace("│", "").replace(" ", "").replace("\n", "")
    assert corpus.cursor_unchecked().sql(sql).fetchall() == [("b", "EXIT"), ("b", "SALE")]
    rows = corpus.cursor_unchecked().sql("SELECT count(*) FROM frames WHERE video_id = 'a'").fetchall()
    assert rows == [(2,)]
