"""The array merge on hand-made cases (``test_compiler.py`` holds it equal to the compiled SQL on random
plans), and ``retrieve`` choosing it."""

from __future__ import annotations

import duckdb
import numpy as np
import pytest

from vqdb.planner import Call, Plan, PlanError, columnar
from vqdb.planner.tools.base import FrameEvidence
from vqdb.planner.video_frames import VideoFrames


def plan(combine: str, *tools: str) -> Plan:
    return Plan(tuple(Call(f"Q{i}", tool, "x") for i, tool in enumerate(tools, start=1)), combine)


def evidence(**scores: np.ndarray) -> dict[str, FrameEvidence]:
    """Each call's scores as its evidence, with no focus (a keyframe stays at its frame's time)."""
    return {cid: FrameEvidence(score) for cid, score in scores.items()}


def test_ranks_share_ties_and_leave_the_unscored_last():
    scores = evidence(Q1=np.array([0.5, 0.9, 0.5, np.nan]))
    rows = columnar.merge(plan("Q1", "siglip"), scores, ts=np.arange(4.0), duration_s=4.0, k=4, gap=0.0)
    # frame 1 first; frames 0 and 2 tie at rank 2 (earlier first); frame 3 last; all kept (no gap)
    assert rows["merged_rank"].tolist() == [2, 1, 3, 4]
    assert rows["score"].tolist() == [1 - 1 / 4, 1.0, 1 - 1 / 4, 0.0]  # 0: no call ranked it
    assert rows["supporting_calls"] == [["Q1"], ["Q1"], ["Q1"], []]


def test_and_keeps_the_worse_rank_and_or_the_better():
    scores = evidence(Q1=np.array([0.9, 0.1]), Q2=np.array([0.1, 0.9]))
    for combine, first in (("Q1 AND Q2", 0), ("Q1 OR Q2", 0)):
        rows = columnar.merge(plan(combine, "siglip", "siglip"), scores, ts=np.arange(2.0), duration_s=2.0, k=1, gap=0)
        assert rows["position"].tolist() == [first]  # a tie both ways: the earlier frame
    lone = evidence(Q1=np.array([0.9, 0.1]), Q2=np.array([np.nan, 0.9]))
    rows = columnar.merge(plan("Q1 OR Q2", "siglip", "siglip"), lone, ts=np.arange(2.0), duration_s=2.0, k=2, gap=0)
    assert rows["merged_rank"].tolist() == [1, 2] and rows["supporting_calls"] == [["Q1"], ["Q2"]]


def test_nms_keeps_frames_a_gap_apart_best_first():
    assert columnar.nms(np.array([10.0, 10.5, 3.0, 11.0, 20.0]), k=3, gap=1.0).tolist() == [0, 2, 3]
    assert columnar.nms(np.array([1.0, 1.0]), k=5, gap=0.0).tolist() == [0, 1]  # no gap: each frame once
    assert columnar.nms(np.array([]), k=3, gap=1.0).tolist() == []


def test_a_second_phrase_said_soon_after_the_first_is_a_keyframe_of_its_own():
    # "ask not what your country can do for you" at 4.25-8.55 s, "ask what you can do" at 9.15-10.95 s, a gap of
    # 6 s: the second phrase is a moment of its own (disjoint foci), not dropped for a frame with no evidence;
    # the other frames of each phrase stay one keyframe
    ts = np.arange(48.0)
    score, start, end = np.full(48, np.nan), np.full(48, np.nan), np.full(48, np.nan)
    score[5:9], start[5:9], end[5:9] = 0.9, 4.25, 8.55
    score[9:11], start[9:11], end[9:11] = 0.8, 9.15, 10.95
    said = {"Q1": FrameEvidence(score, focus_start=start, focus_end=end)}
    rows = columnar.merge(plan("Q1", "transcript"), said, ts=ts, duration_s=48.0, k=4, gap=6.0, period=1.0)
    assert rows["ts"].tolist()[:2] == [5.0, 9.65]
    assert rows["supporting_calls"] == [["Q1"], ["Q1"], [], []]
    assert np.diff(rows["ts"]).min() >= 4.65  # the rest: uniform sampling's frames, a gap from the others


def test_frames_no_call_ranked_keep_uniform_samplings_order():
    scores = evidence(Q1=np.full(100, np.nan))
    rows = columnar.merge(plan("Q1", "ocr"), scores, ts=np.arange(100.0), duration_s=100.0, k=4, gap=10.0)
    assert rows["position"].tolist() == [12, 37, 62, 87]
    assert columnar.uniform(np.arange(100.0), np.arange(100), 100.0, 4)[0].tolist() == [12, 37, 62, 87]


@pytest.fixture
def con():
    connection = duckdb.connect()
    connection.execute(
        "CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts FROM range(3) t(i)"
    )
    connection.execute("CREATE TABLE videos (video_id VARCHAR, duration_s DOUBLE)")
    connection.execute("CREATE MACRO toolmerge_gap(d, k) AS least(d / (2 * k), 10.0)")
    return connection


def test_a_call_its_tool_cannot_look_for_is_named_as_compiling_names_it(con):
    video = VideoFrames.load(con, "v", k=2)
    with pytest.raises(PlanError, match="call Q1: ocr query '\\?!' has no letters or digits"):
        columnar.keyframes(Plan((Call("Q1", "ocr", "?!"),)), video, 2)


def test_a_video_without_frames_has_no_keyframes(con):
    video = VideoFrames.load(con, "nope", k=2)
    assert video.n == 0 and video.duration_s is None
    assert columnar.keyframes(Plan((Call("Q1", "ocr", "EXIT"),)), video, 2).num_rows == 0
    assert columnar.keyframes(Plan(()), video, 2).num_rows == 0


def test_after_its_start_a_reference_still_shown_is_after_it():
    # a logo read from 3 s to the end: "after" it is nothing (it never ends), "after_start" (after it appears) is
    # every frame from the one after its first read on
    score = np.array([np.nan, np.nan, np.nan, 1.0, 1.0, 1.0, 1.0])
    ts = np.arange(7.0)
    assert np.isnan(columnar.related(score, ts, "after", score >= 0.9)[0]).all()
    since = columnar.related(score, ts, "after_start", np.zeros(7, bool))[0]
    assert np.isnan(since[:4]).all() and not np.isnan(since[4:]).any()


def test_a_related_window_starts_where_its_reference_ends():
    # the reference read at 2-4 s (one read of it weaker at 4 s), nothing after: "after" it is 5 s on, nearest
    # first; "before" it is up to 1 s, nearest first; a weak read elsewhere (8 s, below its floor) is no reference
    score = np.array([np.nan, np.nan, 1.0, 1.0, 0.99, np.nan, np.nan, np.nan, 0.3, np.nan])
    ongoing = score >= 0.9
    after = columnar.related(score, np.arange(10.0), "after", ongoing)[0]
    assert np.isnan(after[:5]).all() and np.nanargmax(after) == 5 and not np.isnan(after[8])
    assert (np.diff(after[5:]) < 0).all()  # the nearer the end of the reference, the better
    before = columnar.related(score, np.arange(10.0), "before", ongoing)[0]
    assert np.nanargmax(before) == 1 and np.isnan(before[2:5]).all()
