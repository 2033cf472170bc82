"""FALCON-Bench: ground truth (JSON array or JSONL) and predictions -> the tables ``falcon_metrics`` reads.

Record fields: question_id, dataset, category, question, options, gt_option_idx, gt_answer,
gt_time_interval [start, end], gt_frame_idx. Columns: the same, with gt_time_interval as gt_start, gt_end.
Predictions: ``question_id``, ``answer`` (letter or null), ``temporal_window`` (``[start, end]`` or null).

Example:
    >>> import json, tempfile
    >>> path = tempfile.mktemp(suffix=".jsonl")
    >>> good = {"question_id": "q1", "dataset": "ego", "options": ["a", "b"], "gt_option_idx": 1,
    ...         "gt_time_interval": [5, 15]}
    >>> _ = open(path, "w").write(json.dumps(good) + "\\n" + json.dumps({**good, "question_id": "q2",
    ...     "gt_time_interval": [9, 3]}) + "\\n")
    >>> loaded = load(path)
    >>> loaded.table.num_rows, str(loaded.problems[0])
    (1, 'line 2 (question_id q2): gt_time_interval ends before it starts: [9, 3]')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.eval.loaders import register
from vqdb.eval.loaders.base import (
    Benchmark,
    Loaded,
    RecordError,
    Row,
    collect,
    field,
    interval,
    normalize_letter,
    number,
)

SCHEMA = pa.schema(
    [
        ("question_id", pa.string()),
        ("dataset", pa.string()),
        ("category", pa.string()),
        ("question", pa.string()),
        ("options", pa.list_(pa.string())),
        ("gt_option_idx", pa.int32()),
        ("gt_answer", pa.string()),
        ("gt_start", pa.float64()),
        ("gt_end", pa.float64()),
        ("gt_frame_idx", pa.list_(pa.int64())),
    ]
)


def load(path: str | Path) -> Loaded:
    """Load a FALCON-Bench file; malformed questions are listed in ``problems``.

    Example:
        >>> import json, tempfile
        >>> path = tempfile.mktemp(suffix=".json")  # a JSON array, or JSONL as in the module's example
        >>> record = {"question_id": "q1", "dataset": "ego", "gt_option_idx": 0, "gt_time_interval": [2, 4.5]}
        >>> _ = open(path, "w").write(json.dumps([record]))
        >>> loaded = load(path)
        >>> loaded.table.select(["gt_start", "gt_end"]).to_pylist(), loaded.problems
        ([{'gt_start': 2.0, 'gt_end': 4.5}], [])
    """
    return collect(path, SCHEMA, _row, id_field="question_id")


def _row(record: dict[str, Any]) -> dict[str, Any]:
    options = record.get("options")
    index = int(number(field(record, "gt_option_idx"), "gt_option_idx"))
    if options is not None and not 0 <= index < len(options):
        raise RecordError(f"gt_option_idx {index} is outside the {len(options)} options")
    window = interval(field(record, "gt_time_interval"), "gt_time_interval")
    frames = record.get("gt_frame_idx")
    frames = [frames] if isinstance(frames, int | float) else frames
    return {
        "question_id": str(field(record, "question_id")),
        "dataset": str(field(record, "dataset")),
        "category": record.get("category"),
        "question": record.get("question"),
        "options": None if options is None else [str(o) for o in options],
        "gt_option_idx": index,
        "gt_answer": record.get("gt_answer"),
        "gt_start": window["start"],
        "gt_end": window["end"],
        "gt_frame_idx": None if frames is None else [int(number(f, "gt_frame_idx")) for f in frames],
    }


def _prediction(record: dict[str, Any], variant: str | None) -> Row:
    window, note = record.get("temporal_window"), None
    if window is not None:
        try:
            window = interval(window, "temporal_window")
        except RecordError as exc:
            window, note = None, f"{exc}; scored as missing"
    row = {
        "question_id": str(field(record, "question_id")),
        "answer": normalize_letter(record.get("answer")),
        "pred_start": None if window is None else window["start"],
        "pred_end": None if window is None else window["end"],
    }
    return row, note


register(
    Benchmark(
        name="falcon",
        macro="falcon_metrics",
        predictions=pa.schema(
            [
                ("question_id", pa.string()),
                ("answer", pa.string()),
                ("pred_start", pa.float64()),
                ("pred_end", pa.float64()),
            ]
        ),
        prediction_row=_prediction,
        load_gt=load,
        keyed=True,
        key="question_id",
        missing="score 0 (GToU, IoU and accuracy), as the FALCON-Bench reference scores a missing prediction, "
        "and count in n",
    )
)
