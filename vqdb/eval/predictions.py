"""Prediction files (JSONL, one object per question) -> the prediction tables the metric macros read.

Formats, by benchmark:

- ``cgbench``: ``qid``, ``long_answer`` and ``clue_answer`` (letter or null), ``grounding`` (a list of
  ``[start, end]`` pairs, or the model's raw reply; either is read by ``vqdb.eval.grounding`` with the
  variant's rules, malformed ones as the reference scorers read them; null when absent).
- ``falcon``: ``question_id``, ``answer`` (letter or null), ``temporal_window`` (``[start, end]`` or null).
- ``m2m``: ``qid``, ``timestamps`` (seconds, best first).
- ``qvh``: moment_detr's submission format: ``qid``, ``pred_relevant_windows`` (``[[s, e, score], ...]``),
  ``pred_saliency_scores``.
- ``charades``: ``qid`` (the annotation line number), ``window`` (``[start, end]``, the raw answer text,
  whose first two numbers are the window, or null: IoU 0).
- ``calibration``: ``confidence`` in [0, 1] and ``correct`` (true/false or 1/0), any other fields ignored.
- ``rubric``: ``qid``, ``task``, ``weight`` (integer), ``satisfied`` (true/false).

Answers are normalised to one capital letter ("b", "(B)", "B. text" -> "B"); anything else is treated as
no answer. A malformed record (missing id, end before start, non-numeric time) is listed in ``problems``:
when only its grounding/window is bad, the record still loads with that field null.

Example:
    >>> import tempfile
    >>> path = tempfile.mktemp(suffix=".jsonl")
    >>> _ = open(path, "w").write('{"question_id": "q1", "answer": "(b)", "temporal_window": [3, 9]}\\n')
    >>> load_predictions("falcon", path).table.to_pylist()
    [{'question_id': 'q1', 'answer': 'B', 'pred_start': 3.0, 'pred_end': 9.0}]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.errors import ConfigError
from vqdb.eval.grounding import read_grounding
from vqdb.eval.loaders.base import (
    INTERVALS,
    Loaded,
    RecordError,
    collect,
    field,
    interval,
    number,
)

_LETTER = re.compile(r"^\s*\(?([A-Za-z])(?:[).:,]|\s|$)")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def normalize_letter(answer: Any) -> str | None:
    """One capital option letter from an answer, or ``None`` when it is not one.

    Example:
        >>> [normalize_letter(a) for a in ["b", "(C)", "D. Berries", "none of them", None]]
        ['B', 'C', 'D', None, None]
    """
    if answer is None:
        return None
    match = _LETTER.match(str(answer))
    return match.group(1).upper() if match else None


def load_predictions(bench: str, path: str | Path, variant: str | None = None) -> Loaded:
    """Load the prediction file of ``bench`` (see the module docstring for each format).

    Example:
        >>> import tempfile
        >>> path = tempfile.mktemp(suffix=".jsonl")
        >>> _ = open(path, "w").write('{"qid": 1, "timestamps": [3.5, 9]}\\n')
        >>> load_predictions("m2m", path).table.to_pylist()
        [{'qid': '1', 'timestamps': [3.5, 9.0]}]
    """
    if bench not in _FORMATS:
        raise ConfigError(f"no prediction format for benchmark {bench!r}; known: {', '.join(sorted(_FORMATS))}")
    schema, make_row, id_field = _FORMATS[bench]
    return collect(path, schema, lambda record: make_row(record, variant), id_field=id_field)


Row = tuple[dict[str, Any], str | None]  # a table row, and a note on a field that was set to null


def _cgbench(record: dict[str, Any], variant: str | None) -> Row:
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


def _falcon(record: dict[str, Any], variant: str | None) -> Row:
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


def _m2m(record: dict[str, Any], variant: str | None) -> Row:
    timestamps = field(record, "timestamps")
    if not isinstance(timestamps, list):
        raise RecordError(f"timestamps must be a list of seconds, got {timestamps!r}")
    row = {
        "qid": str(field(record, "qid")),
        "timestamps": [number(t, f"timestamps[{i}]") for i, t in enumerate(timestamps)],
    }
    return row, None


def _qvh(record: dict[str, Any], variant: str | None) -> Row:
    windows = []
    for i, item in enumerate(field(record, "pred_relevant_windows")):
        if not isinstance(item, list) or len(item) != 3:
            raise RecordError(f"pred_relevant_windows[{i}] must be [start, end, score], got {item!r}")
        windows.append({**interval(item[:2], f"pred_relevant_windows[{i}]"), "score": number(item[2], "score")})
    saliency = record.get("pred_saliency_scores")
    row = {
        "qid": int(number(field(record, "qid"), "qid")),
        "pred_relevant_windows": windows,
        "pred_saliency_scores": None if saliency is None else [number(s, "pred_saliency_scores") for s in saliency],
    }
    return row, None


def _charades(record: dict[str, Any], variant: str | None) -> Row:
    window, note = record.get("window"), None
    if isinstance(window, str):
        numbers = _NUMBER.findall(window)
        window = numbers[:2] if len(numbers) >= 2 else None
    if window is not None:
        try:
            window = interval(window, "window")
        except RecordError as exc:
            window, note = None, f"{exc}; scored as IoU 0"
    row = {
        "qid": int(number(field(record, "qid"), "qid")),
        "pred_start": None if window is None else window["start"],
        "pred_end": None if window is None else window["end"],
    }
    return row, note


def _calibration(record: dict[str, Any], variant: str | None) -> Row:
    confidence = number(field(record, "confidence"), "confidence")
    if not 0 <= confidence <= 1:
        raise RecordError(f"confidence must be in [0, 1], got {confidence}")
    correct = field(record, "correct")
    if correct not in (True, False, 0, 1):
        raise RecordError(f"correct must be true/false or 1/0, got {correct!r}")
    return {"confidence": confidence, "correct": bool(correct)}, None


def _rubric(record: dict[str, Any], variant: str | None) -> Row:
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


_FORMATS: dict[str, tuple[pa.Schema, Callable[[dict[str, Any], str | None], Row], str | None]] = {
    "cgbench": (
        pa.schema(
            [
                ("qid", pa.int64()),
                ("long_answer", pa.string()),
                ("clue_answer", pa.string()),
                ("grounding", INTERVALS),
                ("grounding_from_json", pa.bool_()),
            ]
        ),
        _cgbench,
        "qid",
    ),
    "falcon": (
        pa.schema(
            [
                ("question_id", pa.string()),
                ("answer", pa.string()),
                ("pred_start", pa.float64()),
                ("pred_end", pa.float64()),
            ]
        ),
        _falcon,
        "question_id",
    ),
    "m2m": (pa.schema([("qid", pa.string()), ("timestamps", pa.list_(pa.float64()))]), _m2m, "qid"),
    "qvh": (
        pa.schema(
            [
                ("qid", pa.int64()),
                (
                    "pred_relevant_windows",
                    pa.list_(pa.struct([("start", pa.float64()), ("end", pa.float64()), ("score", pa.float64())])),
                ),
                ("pred_saliency_scores", pa.list_(pa.float64())),
            ]
        ),
        _qvh,
        "qid",
    ),
    "charades": (
        pa.schema([("qid", pa.int64()), ("pred_start", pa.float64()), ("pred_end", pa.float64())]),
        _charades,
        "qid",
    ),
    "calibration": (pa.schema([("confidence", pa.float64()), ("correct", pa.bool_())]), _calibration, None),
    "rubric": (
        pa.schema([("qid", pa.string()), ("task", pa.string()), ("weight", pa.int32()), ("satisfied", pa.bool_())]),
        _rubric,
        "qid",
    ),
}
