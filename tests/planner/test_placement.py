"""placement: a keyframe's time is placed inside the evidence that supports it (the words said, the text
on screen), the same in SQL and on arrays (whole plans: the property tests of tests/planner/test_compiler.py
hold the SQL equal to the arrays and to the reference merge, which places keyframes on its own)."""

from __future__ import annotations

import duckdb
import numpy as np
import pytest

from vqdb.planner.placement import frame_times, moment, moment_sql
from vqdb.planner.plan import Plan
from vqdb.planner.sqlbuild import col
from vqdb.planner.tools.base import FrameEvidence


@pytest.mark.parametrize(
    ("ts", "start", "end", "expected"),
    [
        (6.0, 6.55, 7.15, 6.85),  # a phrase said between two sampled frames: its middle
        (0.0, 0.2, 0.7, 0.45),  # a word said where no sampled frame falls
        (13.0, 13.1, 20.0, 13.6),  # a sign barely on screen at the sampled frame: half a period inside
        (15.0, 13.1, 20.0, 15.0),  # a sampled frame well inside its evidence stays
        (20.0, 13.1, 20.0, 19.5),  # at the last edge: half a period back in
        (4.0, 4.0, 4.0, 4.0),  # an instant
    ],
)
def test_a_keyframe_moves_only_when_its_frame_is_near_or_outside_the_edge_of_its_evidence(ts, start, end, expected):
    got = moment(np.array([ts]), np.array([start]), np.array([end]), 1.0)[0]
    assert got == pytest.approx(expected)
    con = duckdb.connect()
    sql = moment_sql(col("ts"), col("lo"), col("hi"), col("period")).sql("duckdb")
    row = "SELECT $1::DOUBLE AS ts, $2::DOUBLE AS lo, $3::DOUBLE AS hi, 1.0::DOUBLE AS period"
    assert con.execute(f"SELECT {sql} FROM ({row})", [ts, start, end]).fetchone()[0] == got  # equal to the bit


def test_the_first_supporting_call_with_a_focus_places_the_keyframe():
    plan = Plan.from_json(
        {
            "queries": [
                {"id": "Q1", "tool": "transcript", "query": "a"},
                {"id": "Q2", "tool": "ocr", "query": "b"},
            ],
            "combine": "Q1 OR Q2",
        }
    )
    nan = np.nan
    said = FrameEvidence(np.array([0.9, nan]), focus_start=np.array([0.3, nan]), focus_end=np.array([0.6, nan]))
    shown = FrameEvidence(np.array([0.5, 0.8]), focus_start=np.array([0.0, 1.2]), focus_end=np.array([1.0, 3.0]))
    evidence, ts = {"Q1": said, "Q2": shown}, np.array([0.0, 1.0])
    placed = frame_times(plan, evidence, {"Q1": np.array([True, False]), "Q2": np.array([True, True])}, ts, 1.0)
    assert placed.tolist() == pytest.approx([0.45, 1.7])
    # a call that does not support the frame does not place it
    only_shown = frame_times(plan, evidence, {"Q1": np.array([False, False]), "Q2": np.array([True, False])}, ts, 1.0)
    assert only_shown.tolist() == [0.5, 1.0]
