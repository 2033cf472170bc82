"""Calibration: answers with a confidence, scored by ``calibration`` (no ground truth: each prediction says
whether it was right).

Predictions: ``confidence`` in [0, 1] and ``correct`` (true/false or 1/0), any other fields ignored.

Example:
    >>> _prediction({"confidence": "0.25", "correct": 0, "qid": 7}, None)
    ({'confidence': 0.25, 'correct': False}, None)
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from vqdb.eval.loaders import register
from vqdb.eval.loaders.base import Benchmark, RecordError, Row, field, number


def _prediction(record: dict[str, Any], variant: str | None) -> Row:
    confidence = number(field(record, "confidence"), "confidence")
    if not 0 <= confidence <= 1:
        raise RecordError(f"confidence must be in [0, 1], got {confidence}")
    correct = field(record, "correct")
    if correct not in (True, False, 0, 1):
        raise RecordError(f"correct must be true/false or 1/0, got {correct!r}")
    return {"confidence": confidence, "correct": bool(correct)}, None


register(
    Benchmark(
        name="calibration",
        macro="calibration",
        predictions=pa.schema([("confidence", pa.float64()), ("correct", pa.bool_())]),
        prediction_row=_prediction,
        options=("bins",),
        key=None,
    )
)
