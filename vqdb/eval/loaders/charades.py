"""Charades-STA: ground truth (``VID start end##sentence`` lines) and predictions -> the tables
``charades_metrics`` reads.

Columns: qid (the 1-based line number, which predictions refer to), video_id, start, end, sentence.
Predictions: ``qid``, ``window`` (``[start, end]``, the raw answer text, whose first two numbers are the
window, or null: IoU 0).

Example:
    >>> import tempfile
    >>> path = tempfile.mktemp(suffix=".txt")
    >>> _ = open(path, "w").write("3MSZA 24.3 30.4##person turn a light on.\\nAMT7R 9 x##bad\\n")
    >>> loaded = load(path)
    >>> loaded.table.to_pylist()[0]["end"], [str(p) for p in loaded.problems]
    (30.4, ["line 2: end must be a number, got 'x'"])
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.errors import VqdbError
from vqdb.eval.loaders import register
from vqdb.eval.loaders.base import Benchmark, Loaded, Problem, RecordError, Row, field, interval, number, read_text

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")

SCHEMA = pa.schema(
    [
        ("qid", pa.int64()),
        ("video_id", pa.string()),
        ("start", pa.float64()),
        ("end", pa.float64()),
        ("sentence", pa.string()),
    ]
)


def load(path: str | Path) -> Loaded:
    """Load a Charades-STA annotation file; malformed lines are listed in ``problems``.

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> loaded = load(shared_data("annotations/charades_sta/charades_sta_test_first30.txt"))
        >>> loaded.table.num_rows, loaded.problems, loaded.table.to_pylist()[0]
        (30, [], {'qid': 1, 'video_id': '3MSZA', 'start': 24.3, 'end': 30.4, 'sentence': 'person turn a light on.'})
    """
    path = Path(path)
    if not path.is_file():
        raise VqdbError(f"Charades-STA file not found: {path}")
    rows, problems = [], []
    for line_number, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            head, sep, sentence = line.partition("##")
            parts = head.split()
            if not sep or len(parts) != 3:
                raise RecordError(f"expected 'VIDEO START END##sentence', got {line!r}")
            start, end = number(parts[1], "start"), number(parts[2], "end")
            if end < start:
                raise RecordError(f"end {end} is before start {start}")
        except RecordError as exc:
            problems.append(Problem(f"line {line_number}", str(exc)))
            continue
        rows.append(
            {"qid": line_number, "video_id": parts[0], "start": start, "end": end, "sentence": sentence.strip()}
        )
    return Loaded(pa.Table.from_pylist(rows, schema=SCHEMA), problems, path)


def _prediction(record: dict[str, Any], variant: str | None) -> Row:
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


register(
    Benchmark(
        name="charades",
        macro="charades_metrics",
        predictions=pa.schema([("qid", pa.int64()), ("pred_start", pa.float64()), ("pred_end", pa.float64())]),
        prediction_row=_prediction,
        load_gt=load,
        missing="score IoU 0, as the reference scores an unparseable answer, and count in n",
    )
)
