"""CG-Bench: ground truth (``cgbench_mini.json`` / ``cgbench.json``) and predictions -> the tables
``cgbench_metrics`` reads.

Ground-truth columns: qid, video_uid, question, answer, choices, right_answer, clue_intervals
(LIST(STRUCT(start, end))), domain, sub_category, duration (seconds). Predictions: ``qid``,
``long_answer`` and ``clue_answer`` (letter or null), ``grounding`` (a list of ``[start, end]`` pairs, or the
model's raw reply; either is read by ``vqdb.eval.grounding`` with the variant's rules, malformed ones as
the reference scorers read them; null when absent).

Example:
    >>> from vqdb.testing.examples import shared_data
    >>> loaded = load(shared_data("annotations/cgbench/cgbench_mini.json"))
    >>> loaded.table.num_rows, loaded.problems
    (3000, [])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.eval.grounding import read_grounding
from vqdb.eval.loaders import register
from vqdb.eval.loaders.base import (
    INTERVALS,
    Benchmark,
    Loaded,
    RecordError,
    Row,
    collect,
    field,
    intervals,
    normalize_letter,
    number,
)

SCHEMA = pa.schema(
    [
        ("qid", pa.int64()),
        ("video_uid", pa.string()),
        ("question", pa.string()),
        ("answer", pa.string()),
        ("choices", pa.list_(pa.string())),
        ("right_answer", pa.string()),
        ("clue_intervals", INTERVALS),
        ("domain", pa.string()),
        ("sub_category", pa.string()),
        ("duration", pa.float64()),
    ]
)


def load(path: str | Path) -> Loaded:
    """Load a CG-Bench annotation file; malformed questions are listed in ``problems``.

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> loaded = load(shared_data("annotations/cgbench/cgbench_mini.json"))
        >>> loaded.table.column("clue_intervals")[0].as_py()[0], loaded.table.column("right_answer")[0].as_py()
        ({'start': 8.0, 'end': 11.0}, 'E')
    """
    return collect(path, SCHEMA, _row, id_field="qid")


def _row(record: dict[str, Any]) -> dict[str, Any]:
    clues = intervals(field(record, "clue_intervals"), "clue_intervals")
    if not clues:
        raise RecordError("clue_intervals is empty")
    right = str(field(record, "right_answer")).strip().upper()
    if len(right) != 1 or not right.isalpha():
        raise RecordError(f"right_answer must be one letter, got {record['right_answer']!r}")
    return {
        "qid": int(number(field(record, "qid"), "qid")),
        "video_uid": record.get("video_uid"),
        "question": record.get("question"),
        "answer": record.get("answer"),
        "choices": record.get("choices"),
        "right_answer": right,
        "clue_intervals": clues,
        "domain": record.get("domain"),
        "sub_category": record.get("sub_category"),
        "duration": number(field(record, "duration"), "duration"),
    }


def _prediction(record: dict[str, Any], variant: str | None) -> Row:
    value, note = record.get("grounding"), None
    grounding, from_json = read_grounding(value, variant or "official")
    if grounding is None and value is not None:
        rules = variant or "official"
        note = f"grounding {value!r} is unparseable by the {rules} rules; dropped from the grounding metrics"
    row = {
        "qid": int(number(field(record, "qid"), "qid")),
        "long_answer": normalize_letter(record.get("long_answer")),
        "clue_answer": normalize_letter(record.get("clue_answer")),
        "grounding": None if grounding is None else [{"start": s, "end": e} for s, e in grounding],
        "grounding_from_json": None if grounding is None else from_json,
    }
    return row, note


register(
    Benchmark(
        name="cgbench",
        macro="cgbench_metrics",
        predictions=pa.schema(
            [
                ("qid", pa.int64()),
                ("long_answer", pa.string()),
                ("clue_answer", pa.string()),
                ("grounding", INTERVALS),
                ("grounding_from_json", pa.bool_()),
            ]
        ),
        prediction_row=_prediction,
        load_gt=load,
        variants=("official", "vlmevalkit"),
        missing="are not scored (the official script drops a question it cannot score): n counts only the others",
    )
)
