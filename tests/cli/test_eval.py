"""``vqdb eval``: prints the metric table, writes JSON, reports malformed records, fails clearly."""

from __future__ import annotations

import json

from vqdb.cli import main


def test_eval_charades_real_ground_truth(shared_data, tmp_path, capsys):
    gt = shared_data / "annotations" / "charades_sta" / "charades_sta_test_first30.txt"
    pred = tmp_path / "pred.jsonl"
    pred.write_text(
        json.dumps({"qid": 1, "window": [24.3, 30.4]}) + "\n"  # exact
        + json.dumps({"qid": 2, "window": "4.3 to 8.4"}) + "\n"  # half of [4.3, 12.5]
        + json.dumps({"qid": 3, "window": [9.2, 4.4]}) + "\n"  # reversed: reported, IoU 0
    )  # fmt: skip
    out = tmp_path / "metrics.json"
    assert main(["eval", "charades", "--gt", str(gt), "--pred", str(pred), "--json", str(out)]) == 0
    captured = capsys.readouterr()
    assert "r1_at_05" in captured.out
    assert "pred.jsonl line 3 (qid 3): window ends before it starts" in captured.err
    result = json.loads(out.read_text())
    assert result["n"] == 30
    assert result["r1_at_05"] == 100 * 2 / 30
    assert result["r1_at_07"] == 100 * 1 / 30


def test_eval_missing_file_exits_1(tmp_path, capsys):
    assert main(["eval", "charades", "--gt", str(tmp_path / "no.txt"), "--pred", str(tmp_path / "p.jsonl")]) == 1
    assert "charades gt file not found" in capsys.readouterr().err


def test_unusable_files_fail_with_one_line(tmp_path, capsys):
    """Finding 7: a non-UTF-8 file was a traceback; a ground truth that is one JSON object scored n = 0, exit 0."""
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"qid": 1, "window": [1, 2]}) + "\n")
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("v1 0.0 5.0##a caf\xe9\n".encode("latin-1"))
    assert main(["eval", "charades", "--gt", str(latin), "--pred", str(pred)]) == 1
    err = capsys.readouterr().err
    assert "is not UTF-8 text" in err and err.count("\n") == 1
    gt = tmp_path / "gt.json"
    gt.write_text(json.dumps({"questions": [{"qid": 1}]}, indent=2))
    assert main(["eval", "cgbench", "--gt", str(gt), "--pred", str(pred)]) == 1
    assert "holds one JSON object, not records" in capsys.readouterr().err
    gt.write_text(json.dumps([{"qid": 1, "note": "no fields the benchmark needs"}]))
    assert main(["eval", "cgbench", "--gt", str(gt), "--pred", str(pred)]) == 1
    assert "holds no usable record; the first problem: record 1 (qid 1): missing field" in capsys.readouterr().err


def test_eval_states_coverage_and_how_a_missing_prediction_is_scored(shared_data, tmp_path, capsys):
    gt = shared_data / "annotations" / "charades_sta" / "charades_sta_test_first30.txt"
    pred = tmp_path / "pred.jsonl"
    pred.write_text("".join(json.dumps({"qid": q, "window": [0, 5]}) + "\n" for q in (1, 2, 3)))
    out = tmp_path / "metrics.json"
    assert main(["eval", "charades", "--gt", str(gt), "--pred", str(pred), "--json", str(out)]) == 0
    err = capsys.readouterr().err
    assert "coverage: 3 of 30 questions have a prediction (10.0%); the other 27 score IoU 0" in err
    coverage = json.loads(out.read_text())["coverage"]
    assert (coverage["predicted"], coverage["questions"]) == (3, 30)
    assert coverage["missing"].startswith("score IoU 0, as the reference scores an unparseable answer")


def test_eval_coverage_of_a_benchmark_that_scores_only_predicted_questions(shared_data, tmp_path, capsys):
    gt = shared_data / "annotations" / "cgbench" / "cgbench_mini.json"
    first = json.loads(gt.read_text())[0]
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"qid": first["qid"], "long_answer": first["right_answer"]}) + "\n")
    assert main(["eval", "cgbench", "--gt", str(gt), "--pred", str(pred)]) == 0
    captured = capsys.readouterr()
    total = len(json.loads(gt.read_text()))
    assert f"coverage: 1 of {total} questions" in captured.err and "are not scored" in captured.err
    assert "n " in captured.out
