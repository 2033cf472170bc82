"""Malformed CG-Bench groundings are scored as both reference scorers score them (finding 8).

``fixtures/cgbench_malformed.json`` holds each reply and the tIoU the official CG-Bench script and
VLMEvalKit's port give it (null: unparseable, dropped), produced by running their code at the commits it
records; docs/metrics.md lists the cases.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest

from vqdb.eval.grounding import read_grounding
from vqdb.eval.predictions import load_predictions
from vqdb.queries import load_sql_macros

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "cgbench_malformed.json").read_text())
CASES = {case["case"]: case for case in FIXTURES["cases"]}
FENCE = "```json\n"


def _scored(variant: str, groundings: list) -> list[float | None]:
    """tIoU per grounding through vqdb: read by the variant's rules, then cgbench_questions in SQL."""
    con = duckdb.connect()
    load_sql_macros(con)
    gt = [{"start": s, "end": e} for s, e in FIXTURES["gt"]]
    rows = []
    for qid, value in enumerate(groundings):
        pairs, from_json = read_grounding(value, variant)
        rows.append(
            {
                "qid": qid,
                "long_answer": None,
                "clue_answer": None,
                "grounding": None if pairs is None else [{"start": s, "end": e} for s, e in pairs],
                "grounding_from_json": from_json,
            }
        )
    con.register("pred", pa.Table.from_pylist(rows))
    con.register(
        "gt",
        pa.Table.from_pylist(
            [
                {"qid": q, "right_answer": "A", "clue_intervals": gt, "duration": FIXTURES["duration"]}
                for q in range(len(rows))
            ]
        ),
    )
    found = dict(con.sql(f"SELECT qid, tiou FROM cgbench_questions(gt, pred, variant := '{variant}')").fetchall())
    return [found[q] for q in range(len(rows))]


@pytest.mark.parametrize("variant", ["official", "vlmevalkit"])
def test_every_reply_gets_the_references_tiou(variant):
    replies = [case["reply"] for case in CASES.values()]
    for case, got in zip(CASES.values(), _scored(variant, replies), strict=True):
        expected = case[variant]
        assert (got is None) == (expected is None), (case["case"], case["what"], got, expected)
        if expected is not None:
            assert got == pytest.approx(expected, abs=1e-9), (case["case"], case["what"])


@pytest.mark.parametrize("variant", ["official", "vlmevalkit"])
def test_a_structured_grounding_is_scored_as_the_same_json_reply(variant):
    # every JSON result but a string: a string in a prediction file is the raw reply itself
    structured = {
        n: c for n, c in CASES.items() if c["reply"].startswith(FENCE) and n not in ("json-invalid", "result-string")
    }
    values = [json.loads(c["reply"][len(FENCE) : -4])["result"] for c in structured.values()]
    assert _scored(variant, values) == _scored(variant, [c["reply"] for c in structured.values()])


def test_a_reversed_interval_counts_as_tiou_0_and_lowers_miou(tmp_path):
    """The finding: vqdb dropped a prediction whose interval ends before it starts, which raised mIoU."""
    gt = tmp_path / "gt.json"
    gt.write_text(
        json.dumps(
            [
                {
                    "qid": q,
                    "video_uid": "v",
                    "question": "?",
                    "right_answer": "A",
                    "duration": 100,
                    "clue_intervals": [[10, 20]],
                    "choices": ["a", "b"],
                }
                for q in (1, 2)
            ]
        )
    )
    pred = tmp_path / "pred.jsonl"
    pred.write_text(
        json.dumps({"qid": 1, "long_answer": "A", "grounding": [[10, 15]]})
        + "\n"
        + json.dumps({"qid": 2, "long_answer": "A", "grounding": [[20, 10]]})
        + "\n"
    )
    loaded = load_predictions("cgbench", pred)
    assert not loaded.problems and loaded.table["grounding"].to_pylist()[1] == [{"start": 20.0, "end": 10.0}]
    from vqdb.eval import evaluate

    con = duckdb.connect()
    load_sql_macros(con)
    for variant in ("official", "vlmevalkit"):
        miou, n_grounding = evaluate(con, "cgbench", gt, pred, variant).project("miou, n_grounding").fetchone()
        assert (miou, n_grounding) == (pytest.approx(25.0), 2), variant
