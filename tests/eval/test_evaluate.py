"""evaluate() / metrics_json(): files, table names and Arrow tables in; the macro's relation out."""

from __future__ import annotations

import json

import duckdb
import pyarrow as pa
import pytest

from vqdb.errors import ConfigError, VqdbError
from vqdb.eval import evaluate, metrics_json
from vqdb.eval.loaders.base import Problem


@pytest.fixture()
def con():
    connection = duckdb.connect()
    yield connection
    connection.close()


def write_jsonl(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_real_cgbench_with_perfect_predictions_scores_100(con, shared_data, tmp_path):
    gt_path = shared_data / "annotations" / "cgbench" / "cgbench_mini.json"
    records = json.loads(gt_path.read_text())[:200]
    pred = write_jsonl(
        tmp_path / "pred.jsonl",
        [
            {"qid": r["qid"], "long_answer": r["right_answer"], "clue_answer": r["right_answer"],
             "grounding": r["clue_intervals"]}
            for r in records
        ],
    )  # fmt: skip
    result = metrics_json(con, "cgbench", gt_path, pred)
    assert result["n"] == 200
    for name in ("long_acc", "clue_acc", "crr", "miou", "rec_at_iou", "acc_at_iou", "acc_at_iou_0"):
        assert result[name] == pytest.approx(100.0), name


def test_real_cgbench_raw_replies_differ_by_variant(con, shared_data, tmp_path):
    gt_path = shared_data / "annotations" / "cgbench" / "cgbench_mini.json"
    first = json.loads(gt_path.read_text())[0]  # qid 14, clue [8, 11], duration 2741
    reply = "The clue is at 8 to 11 seconds (or 20)"
    pred = write_jsonl(tmp_path / "p.jsonl", [{"qid": first["qid"], "long_answer": "E", "grounding": reply}])
    with pytest.warns(UserWarning, match="unparseable by the official rules"):  # an odd count of numbers
        assert metrics_json(con, "cgbench", gt_path, pred, variant="official")["n_grounding"] == 0
    assert metrics_json(con, "cgbench", gt_path, pred, variant="vlmevalkit")["miou"] == pytest.approx(100.0)


def test_table_names_and_arrow_tables(con):
    con.execute('CREATE TABLE my_gt AS SELECT * FROM (VALUES (1, 0.0, 10.0)) t(qid, start, "end")')
    con.execute("CREATE VIEW my_pred AS SELECT 1 AS qid, 0.0 AS pred_start, 5.0 AS pred_end")
    assert metrics_json(con, "charades", "my_gt", "my_pred")["miou"] == 50.0
    arrow = pa.table({"qid": [1], "pred_start": [0.0], "pred_end": [10.0]})
    assert metrics_json(con, "charades", "my_gt", arrow)["miou"] == 100.0


def test_falcon_json_is_keyed_by_dataset(con, tmp_path):
    gt = write_jsonl(
        tmp_path / "gt.jsonl",
        [
            {"question_id": "a", "dataset": "ego", "gt_option_idx": 0, "gt_time_interval": [5, 15]},
            {"question_id": "b", "dataset": "film", "gt_option_idx": 1, "gt_time_interval": [0, 10]},
        ],
    )
    pred = write_jsonl(
        tmp_path / "pred.jsonl",
        [{"question_id": "a", "answer": "A", "temporal_window": [0, 10]}, {"question_id": "b", "answer": "A"}],
    )
    result = metrics_json(con, "falcon", gt, pred)
    assert result["n"] == 2
    assert result["ego"] == {"n": 1, "mgtou": pytest.approx(66.667), "miou": pytest.approx(33.333), "accuracy": 100.0}
    assert result["overall"]["accuracy"] == 50.0


def test_calibration_takes_bins(con, tmp_path):
    pred = write_jsonl(
        tmp_path / "c.jsonl", [{"confidence": 0.95, "correct": True}, {"confidence": 0.55, "correct": 0}]
    )
    # 2 bins: both answers fall in the top bin [0.5, 1]: C = 0.75, A = 0.5
    assert metrics_json(con, "calibration", pred=pred, bins=2)["cc"] == pytest.approx(100 * (1 - 0.25))
    # 10 bins: only 0.95 is in the top bin [0.9, 1]
    assert metrics_json(con, "calibration", pred=pred)["cc"] == pytest.approx(50.0 * (1 - 0.05))


def test_rubric_per_task(con, tmp_path):
    pred = write_jsonl(tmp_path / "r.jsonl", [{"qid": 1, "task": "t", "weight": 10, "satisfied": True}])
    assert metrics_json(con, "rubric", pred=pred) == {"n": 1, "t": {"n": 1, "score": 100.0, "raw_score": 10.0}}


def test_malformed_records_are_collected_or_warned(con, tmp_path):
    con.execute('CREATE TABLE g AS SELECT 1 AS qid, 0.0 AS start, 1.0 AS "end"')
    pred = write_jsonl(tmp_path / "p.jsonl", [{"qid": 1, "window": [0, 1]}, {"qid": "one", "window": [0, 1]}])
    problems: list[Problem] = []
    evaluate(con, "charades", "g", pred, problems=problems)
    assert [str(p) for p in problems] == ["p.jsonl line 2 (qid one): qid must be a number, got 'one'"]
    with pytest.warns(UserWarning, match="1 malformed charades records"):
        evaluate(con, "charades", "g", pred)


def test_bad_arguments_are_clear_errors(con, tmp_path):
    with pytest.raises(ConfigError, match="unknown benchmark 'mvbench'"):
        evaluate(con, "mvbench", "g", "p")
    with pytest.raises(ConfigError, match="has no variant 'strict'; use one of official, vlmevalkit"):
        evaluate(con, "cgbench", "g", "p", variant="strict")
    with pytest.raises(ConfigError, match="'falcon' has no variant 'x' \\(it has a single definition\\)"):
        evaluate(con, "falcon", "g", "p", variant="x")
    with pytest.raises(ConfigError, match="takes no option tau"):
        evaluate(con, "charades", "g", "p", tau=1)
    with pytest.raises(VqdbError, match="file not found"):
        evaluate(con, "charades", tmp_path / "missing.txt", "p")
    with pytest.raises(VqdbError, match="'nope' is neither a file nor a table"):
        evaluate(con, "charades", "nope", "p")
    with pytest.raises(ConfigError, match="needs predictions"):
        evaluate(con, "calibration")
