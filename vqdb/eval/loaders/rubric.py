"""Rubric tasks: weighted checks of each answer, scored per task by ``rubric_task_scores`` (no ground truth:
each record says whether its check was satisfied).

Predictions: ``qid``, ``task``, ``weight`` (integer), ``satisfied`` (true/false).

Example:
    >>> _prediction({"qid": 3, "task": "count", "weight": 2, "satisfied": True}, None)
    ({'qid': '3', 'task': 'count', 'weight': 2, 'satisfied': True}, None)
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from vqdb.eval.loaders import register
from vqdb.eval.loaders.base import Benchmark, RecordError, Row, field, number


def _prediction(record: dict[str, Any], variant: str | None) -> Row:
    weight = number(field(record, "weight"), "weight")
    if weight != int(weight):
        raise RecordError(f"weight must be an integer, got {record['weight']!r}")
    satisfied = field(record, "satisfied")
    if satisfied not in (True, False, 1, -1, 0):
        raise RecordError(f"satisfied must be true/false, got {satisfied!r}")
    row = {
        "qid": str(field(record, "qid")),
        "task": str(field(record, "task")),
        "weight": int(weight),
        "satisfied": satisfied is True or satisfied == 1,
    }
    return row, None


register(
    Benchmark(
        name="rubric",
        macro="rubric_task_scores",
        predictions=pa.schema(
            [("qid", pa.string()), ("task", pa.string()), ("weight", pa.int32()), ("satisfied", pa.bool_())]
        ),
        prediction_row=_prediction,
        keyed=True,
    )
)
