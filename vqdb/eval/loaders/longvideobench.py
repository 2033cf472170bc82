"""LongVideoBench annotations (JSON array) -> one row per question.

Columns: question_id (the record's ``id``), video_id, question, candidates, correct_choice (0-based),
answer (its letter), duration (seconds), question_category, level, position (frame positions of the
referred moments).

Example:
    >>> from vqdb.testing.examples import shared_data
    >>> load(shared_data("annotations/longvideobench/lvb_val_first2.json")).table.column("answer").to_pylist()
    ['B', 'A']
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.eval.loaders.base import Loaded, RecordError, collect, field, number

SCHEMA = pa.schema(
    [
        ("question_id", pa.string()),
        ("video_id", pa.string()),
        ("question", pa.string()),
        ("candidates", pa.list_(pa.string())),
        ("correct_choice", pa.int32()),
        ("answer", pa.string()),
        ("duration", pa.float64()),
        ("question_category", pa.string()),
        ("level", pa.string()),
        ("position", pa.list_(pa.float64())),
    ]
)


def load(path: str | Path) -> Loaded:
    """Load a LongVideoBench file; malformed questions are listed in ``problems``.

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> loaded = load(shared_data("annotations/longvideobench/lvb_val_first2.json"))
        >>> loaded.table.num_rows, loaded.problems
        (2, [])
    """
    return collect(path, SCHEMA, _row, id_field="id")


def _row(record: dict[str, Any]) -> dict[str, Any]:
    candidates = field(record, "candidates")
    choice = int(number(field(record, "correct_choice"), "correct_choice"))
    if not 0 <= choice < len(candidates):
        raise RecordError(f"correct_choice {choice} is outside the {len(candidates)} candidates")
    return {
        "question_id": str(field(record, "id")),
        "video_id": str(field(record, "video_id")),
        "question": field(record, "question"),
        "candidates": [str(c) for c in candidates],
        "correct_choice": choice,
        "answer": chr(65 + choice),
        "duration": number(field(record, "duration"), "duration"),
        "question_category": record.get("question_category"),
        "level": record.get("level"),
        "position": [number(p, "position") for p in record.get("position") or []],
    }
