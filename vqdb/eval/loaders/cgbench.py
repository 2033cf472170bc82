"""CG-Bench ground truth (``cgbench_mini.json`` / ``cgbench.json``) -> the table ``cgbench_metrics`` reads.

Columns: qid, video_uid, question, answer, choices, right_answer, clue_intervals (LIST(STRUCT(start, end))),
domain, sub_category, duration (seconds).

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

from vqdb.eval.loaders.base import INTERVALS, Loaded, RecordError, collect, field, intervals, number

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
