"""Video-MME answer template (videos with nested questions) -> one row per question.

Columns: question_id, video_id, duration (short/medium/long), domain, sub_category, task_type, question,
options, answer (letter), response (the model's text, if filled in).

Example:
    >>> from vqdb.testing.examples import shared_data
    >>> load(shared_data("annotations/videomme/output_test_template.json")).table.column_names[:3]
    ['question_id', 'video_id', 'duration']
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.eval.loaders.base import Loaded, Problem, RecordError, collect, field, read_records

SCHEMA = pa.schema(
    [
        ("question_id", pa.string()),
        ("video_id", pa.string()),
        ("duration", pa.string()),
        ("domain", pa.string()),
        ("sub_category", pa.string()),
        ("task_type", pa.string()),
        ("question", pa.string()),
        ("options", pa.list_(pa.string())),
        ("answer", pa.string()),
        ("response", pa.string()),
    ]
)


def load(path: str | Path) -> Loaded:
    """Load a Video-MME file; malformed questions are listed in ``problems``.

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> loaded = load(shared_data("annotations/videomme/output_test_template.json"))
        >>> loaded.table.num_rows, loaded.problems
        (9, [])
    """
    problems: list[Problem] = []
    loaded = collect(path, SCHEMA, _row, id_field="question_id", records=_questions(path, problems))
    loaded.problems[:0] = problems
    return loaded


def _questions(path: str | Path, problems: list[Problem]) -> Iterator[tuple[str, Any]]:
    for where, video in read_records(path, problems):
        if not isinstance(video, dict) or not isinstance(video.get("questions"), list):
            problems.append(Problem(where, "expected a video object with a 'questions' list"))
            continue
        for index, question in enumerate(video["questions"], start=1):
            if isinstance(question, dict):
                question = {**{k: v for k, v in video.items() if k != "questions"}, **question}
            yield f"{where} question {index}", question


def _row(record: dict[str, Any]) -> dict[str, Any]:
    answer = str(field(record, "answer")).strip().upper()
    if len(answer) != 1 or not answer.isalpha():
        raise RecordError(f"answer must be one letter, got {record['answer']!r}")
    return {
        "question_id": str(field(record, "question_id")),
        "video_id": str(field(record, "video_id")),
        "duration": record.get("duration"),
        "domain": record.get("domain"),
        "sub_category": record.get("sub_category"),
        "task_type": record.get("task_type"),
        "question": field(record, "question"),
        "options": field(record, "options"),
        "answer": answer,
        "response": record.get("response"),
    }
