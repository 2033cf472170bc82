"""Prediction files (JSONL, one object per question) -> the prediction tables the metric macros read.

Each benchmark's module in ``vqdb/eval/loaders/`` gives its format (its docstring says the fields).
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

from pathlib import Path

from vqdb.errors import ConfigError
from vqdb.eval.loaders import BENCHMARKS
from vqdb.eval.loaders.base import Loaded


def load_predictions(bench: str, path: str | Path, variant: str | None = None) -> Loaded:
    """Load the prediction file of ``bench`` (its module in ``vqdb/eval/loaders/`` gives the format).

    Example:
        >>> import tempfile
        >>> path = tempfile.mktemp(suffix=".jsonl")
        >>> _ = open(path, "w").write('{"qid": 1, "timestamps": [3.5, 9]}\\n')
        >>> load_predictions("m2m", path).table.to_pylist()
        [{'qid': '1', 'timestamps': [3.5, 9.0]}]
    """
    if bench not in BENCHMARKS:
        raise ConfigError(f"no prediction format for benchmark {bench!r}; known: {', '.join(sorted(BENCHMARKS))}")
    return BENCHMARKS[bench].load_predictions(path, variant)
