"""Adding a benchmark is one module in vqdb/eval/loaders/ and its metric macro in vqdb/queries/metrics/: the
benchmark module of docs/metrics.md ("Adding a benchmark"), registered here as its module would be, with its
macro in a SQL file of its own, loads its files and is scored by ``evaluate`` and by ``vqdb eval``, with no
other file touched. Registration refuses what would fail later."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

import vqdb.queries
from vqdb.cli import main
from vqdb.errors import ConfigError
from vqdb.eval import BENCHMARKS, Benchmark, evaluate, load_predictions, metrics_json, register
from vqdb.queries import load_sql_macros

REPO = Path(__file__).resolve().parents[2]

# A counting benchmark: "how many ...?" questions, an answer right when its first whole number is the count.
MACRO = """
CREATE OR REPLACE MACRO counting_metrics(gt, pred) AS TABLE
WITH q AS (
    SELECT g.qid, g.count, p.answer
    FROM query_table(gt) AS g LEFT JOIN query_table(pred) AS p ON g.qid = p.qid
)
SELECT count(*) AS n,
       100 * avg(coalesce(answer = count, false)::DOUBLE) AS accuracy,
       avg(abs(answer - count)) AS mean_abs_error
FROM q;
"""


def docs_example() -> str:
    """The benchmark module of docs/metrics.md's "Adding a benchmark"."""
    section = (REPO / "docs" / "metrics.md").read_text().split("### Adding a benchmark", 1)[1]
    return section.split("```python\n", 1)[1].split("\n```", 1)[0]


@pytest.fixture
def registered(tmp_path, monkeypatch):
    """The counting benchmark of the docs registered, and its macro in a SQL file, for one test."""
    sql = tmp_path / "counting.sql"
    sql.write_text(MACRO)
    files = vqdb.queries.sql_files()
    monkeypatch.setattr(vqdb.queries, "sql_files", lambda: [*files, sql])
    exec(compile(docs_example(), "docs/metrics.md", "exec"), {"__name__": "counting"})
    yield BENCHMARKS["counting"]
    del BENCHMARKS["counting"]


@pytest.fixture
def files(tmp_path):
    """Three counting questions and answers to two of them (one without a number)."""
    gt = tmp_path / "gt.jsonl"
    gt.write_text("".join(json.dumps({"qid": q, "count": c}) + "\n" for q, c in [("a", 3), ("b", 0), ("c", 2)]))
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"qid": "a", "answer": "3 birds"}) + "\n" + json.dumps({"qid": "b", "answer": "none"}))
    return gt, pred


def test_an_unregistered_benchmark_is_refused(files):
    with pytest.raises(ConfigError, match="unknown benchmark 'counting'"):
        evaluate(None, "counting", *files)


def test_a_registered_benchmark_is_scored_everywhere(registered, files, capsys):
    gt, pred = files
    assert "counting" in BENCHMARKS
    assert load_predictions("counting", pred).table.to_pylist() == [
        {"qid": "a", "answer": 3},
        {"qid": "b", "answer": None},
    ]
    con = duckdb.connect()
    load_sql_macros(con)
    problems, coverage = [], []
    result = evaluate(con, "counting", gt, pred, problems=problems, coverage=coverage).fetchall()
    # a is right; b's answer holds no number and c has none (both wrong); the error is a's, the one number given
    assert result == [(3, pytest.approx(100 / 3), 0.0)]
    assert [str(p) for p in problems] == ["pred.jsonl line 2 (qid b): the answer holds no number; scored as wrong"]
    assert str(coverage[0]).endswith(
        "2 of 3 questions have a prediction (66.7%); the other 1 are scored wrong and count in n"
    )
    assert metrics_json(duckdb.connect(), "counting", gt, pred, problems=[])["n"] == 3  # the macro loads itself
    assert main(["eval", "counting", "--gt", str(gt), "--pred", str(pred)]) == 0
    assert "accuracy        33.3" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "Counting"}, "the name must be lower case letters, digits and '_'"),
        ({"name": "cgbench"}, "benchmark name 'cgbench' is taken by vqdb.eval.loaders.cgbench; choose another"),
        ({"macro": "counting metrics"}, "macro 'counting metrics' must name a SQL table macro"),
        ({"key": "question_id"}, r"key 'question_id' is not a prediction column \(qid, answer\)"),
        ({"missing": ""}, "say what the reference does with a question without a prediction"),
    ],
)
def test_registration_refuses_a_benchmark_that_would_fail_later(registered, change, message):
    del BENCHMARKS["counting"]
    with pytest.raises(ConfigError, match=message):
        register(Benchmark(**{**registered.__dict__, **change}))
    assert "counting" not in BENCHMARKS
    BENCHMARKS["counting"] = registered
