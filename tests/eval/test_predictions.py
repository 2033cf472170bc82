"""Prediction files per benchmark, and malformed prediction records."""

from __future__ import annotations

import json

import pytest

from vqdb.errors import ConfigError
from vqdb.eval.loaders.base import normalize_letter
from vqdb.eval.predictions import load_predictions


def write(tmp_path, records):
    path = tmp_path / "pred.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return path


def test_letters_are_normalised():
    assert [normalize_letter(a) for a in ["a", " (b) ", "C. cat", "D:", "E,", "Answer: A", 3]] == [
        "A", "B", "C", "D", "E", None, None,
    ]  # fmt: skip


def test_cgbench_grounding_as_pairs_text_or_null(tmp_path):
    path = write(
        tmp_path,
        [
            {"qid": 1, "long_answer": "a", "clue_answer": None, "grounding": [[1, 2]]},
            {"qid": 2, "long_answer": "B", "clue_answer": "B", "grounding": "from 10 to 20 then 30"},
            {"qid": 3, "long_answer": None, "clue_answer": "C", "grounding": None},
            {"qid": 4, "long_answer": "C", "clue_answer": "C", "grounding": [[5, 1]]},
        ],
    )
    official = load_predictions("cgbench", path, "official")
    assert official.table.column("grounding").to_pylist() == [
        [{"start": 1.0, "end": 2.0}],
        None,
        None,
        [{"start": 5.0, "end": 1.0}],  # kept: both reference scorers give it a tIoU (0 here)
    ]
    assert [str(p) for p in official.problems] == [
        "line 2 (qid 2): grounding 'from 10 to 20 then 30' is unparseable by the official rules; "
        "dropped from the grounding metrics"
    ]
    vlm = load_predictions("cgbench", path, "vlmevalkit")
    assert vlm.table.column("grounding").to_pylist()[1] == [{"start": 10.0, "end": 20.0}]
    assert official.table.column("long_answer").to_pylist() == ["A", "B", None, "C"]


def test_falcon_window(tmp_path):
    path = write(tmp_path, [{"question_id": 7, "answer": "b", "temporal_window": None}, {"answer": "A"}])
    loaded = load_predictions("falcon", path)
    assert loaded.table.to_pylist() == [{"question_id": "7", "answer": "B", "pred_start": None, "pred_end": None}]
    assert [str(p) for p in loaded.problems] == ["line 2: missing field 'question_id'"]


def test_m2m_non_numeric_timestamp_is_reported(tmp_path):
    path = write(tmp_path, [{"qid": 1, "timestamps": [1.5, 3]}, {"qid": 2, "timestamps": [1, "late"]}])
    loaded = load_predictions("m2m", path)
    assert loaded.table.to_pylist() == [{"qid": "1", "timestamps": [1.5, 3.0]}]
    assert [str(p) for p in loaded.problems] == ["line 2 (qid 2): timestamps[1] must be a number, got 'late'"]


def test_qvh_submission_format(tmp_path):
    path = write(tmp_path, [{"qid": 5, "pred_relevant_windows": [[0, 10, 0.9]], "pred_saliency_scores": [0.1, 0.3]}])
    row = load_predictions("qvh", path).table.to_pylist()[0]
    assert row["pred_relevant_windows"] == [{"start": 0.0, "end": 10.0, "score": 0.9}]


def test_charades_window_from_text(tmp_path):
    path = write(tmp_path, [{"qid": 1, "window": "The event happens at 2.5 - 7 s."}, {"qid": 2, "window": "no idea"}])
    rows = load_predictions("charades", path).table.to_pylist()
    assert rows == [{"qid": 1, "pred_start": 2.5, "pred_end": 7.0}, {"qid": 2, "pred_start": None, "pred_end": None}]


def test_calibration_rejects_out_of_range_confidence(tmp_path):
    path = write(tmp_path, [{"confidence": 0.7, "correct": 1}, {"confidence": 1.2, "correct": True}])
    loaded = load_predictions("calibration", path)
    assert loaded.table.to_pylist() == [{"confidence": 0.7, "correct": True}]
    assert [str(p) for p in loaded.problems] == ["line 2: confidence must be in [0, 1], got 1.2"]


def test_rubric_weight_must_be_integer(tmp_path):
    path = write(tmp_path, [{"qid": 1, "task": "t", "weight": -3, "satisfied": False}, {"qid": 2, "task": "t",
                 "weight": 2.5, "satisfied": True}])  # fmt: skip
    loaded = load_predictions("rubric", path)
    assert loaded.table.to_pylist() == [{"qid": "1", "task": "t", "weight": -3, "satisfied": False}]
    assert [str(p) for p in loaded.problems] == ["line 2 (qid 2): weight must be an integer, got 2.5"]


def test_unknown_benchmark():
    with pytest.raises(ConfigError, match="no prediction format for benchmark 'mvbench'"):
        load_predictions("mvbench", "x.jsonl")
