"""M2M-style keyframe retrieval: ground truth (JSON array or JSONL) and predictions -> the tables
``m2m_hit_at_k`` reads.

Record fields: qid (the record's position when absent), question, options, answer, start, end (seconds).
Predictions: ``qid``, ``timestamps`` (seconds, best first).

Example:
    >>> import tempfile
    >>> path = tempfile.mktemp(suffix=".jsonl")
    >>> _ = open(path, "w").write('{"qid": 1, "start": 3, "end": 8}\\n{"qid": 2, "start": "x", "end": 9}\\n')
    >>> loaded = load(path)
    >>> loaded.table.num_rows, str(loaded.problems[0])
    (1, "line 2 (qid 2): start must be a number, got 'x'")
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.eval.loaders import register
from vqdb.eval.loaders.base import Benchmark, Loaded, Problem, RecordError, Row, collect, field, number, read_records

SCHEMA = pa.schema(
    [
        ("qid", pa.string()),
        ("question", pa.string()),
        ("options", pa.list_(pa.string())),
        ("answer", pa.string()),
        ("start", pa.float64()),
        ("end", pa.float64()),
    ]
)


def load(path: str | Path) -> Loaded:
    """Load an M2M-style file; malformed questions are listed in ``problems``.

    Example:
        >>> import json, tempfile
        >>> path = tempfile.mktemp(suffix=".json")  # a JSON array, or JSONL as in the module's example
        >>> _ = open(path, "w").write(json.dumps([{"start": 3, "end": 8}, {"start": 12, "end": 14.5}]))
        >>> loaded = load(path)
        >>> loaded.table.select(["qid", "start", "end"]).to_pylist(), loaded.problems  # qid: the position
        ([{'qid': '1', 'start': 3.0, 'end': 8.0}, {'qid': '2', 'start': 12.0, 'end': 14.5}], [])
    """
    problems: list[Problem] = []
    numbered = (
        (where, {"qid": index, **record} if isinstance(record, dict) else record)
        for index, (where, record) in enumerate(read_records(path, problems), start=1)
    )
    loaded = collect(path, SCHEMA, _row, id_field="qid", records=numbered)
    loaded.problems[:0] = problems
    return loaded


def _row(record: dict[str, Any]) -> dict[str, Any]:
    start, end = number(field(record, "start"), "start"), number(field(record, "end"), "end")
    if end < start:
        raise RecordError(f"end {end} is before start {start}")
    options = record.get("options")
    return {
        "qid": str(record["qid"]),
        "question": record.get("question"),
        "options": None if options is None else [str(o) for o in options],
        "answer": None if record.get("answer") is None else str(record["answer"]),
        "start": start,
        "end": end,
    }


def _prediction(record: dict[str, Any], variant: str | None) -> Row:
    timestamps = field(record, "timestamps")
    if not isinstance(timestamps, list):
        raise RecordError(f"timestamps must be a list of seconds, got {timestamps!r}")
    row = {
        "qid": str(field(record, "qid")),
        "timestamps": [number(t, f"timestamps[{i}]") for i, t in enumerate(timestamps)],
    }
    return row, None


register(
    Benchmark(
        name="m2m",
        macro="m2m_hit_at_k",
        predictions=pa.schema([("qid", pa.string()), ("timestamps", pa.list_(pa.float64()))]),
        prediction_row=_prediction,
        load_gt=load,
        missing="count as misses (no frame in the interval) and count in n",
    )
)
