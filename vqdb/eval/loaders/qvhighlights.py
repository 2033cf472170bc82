"""QVHighlights (benchmark ``qvh``): ground truth (moment_detr's JSONL with ``relevant_windows``) and
predictions -> the tables ``qvh_metrics`` reads.

Columns: qid, query, vid, duration, relevant_windows (LIST(STRUCT(start, end))), relevant_clip_ids,
saliency_scores (one [a1, a2, a3] list per relevant clip). Release files without ground truth (the test
split) report every record as missing ``relevant_windows``. Predictions: moment_detr's submission format,
``qid``, ``pred_relevant_windows`` (``[[s, e, score], ...]``), ``pred_saliency_scores``.

Example:
    >>> from vqdb.testing.examples import shared_data
    >>> load(shared_data("annotations/qvhighlights/highlight_val_release.jsonl")).table.num_rows
    1550
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.eval.loaders import register
from vqdb.eval.loaders.base import (
    INTERVALS,
    Benchmark,
    Loaded,
    RecordError,
    Row,
    collect,
    field,
    interval,
    intervals,
    number,
)

SCHEMA = pa.schema(
    [
        ("qid", pa.int64()),
        ("query", pa.string()),
        ("vid", pa.string()),
        ("duration", pa.float64()),
        ("relevant_windows", INTERVALS),
        ("relevant_clip_ids", pa.list_(pa.int32())),
        ("saliency_scores", pa.list_(pa.list_(pa.int32()))),
    ]
)


def load(path: str | Path) -> Loaded:
    """Load a QVHighlights annotation file; malformed queries are listed in ``problems``.

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> loaded = load(shared_data("annotations/qvhighlights/highlight_test_release.jsonl"))  # no ground truth
        >>> loaded.table.num_rows, len(loaded.problems), str(loaded.problems[0])
        (0, 1542, "line 1 (qid 3158): missing field 'relevant_windows'")
    """
    return collect(path, SCHEMA, _row, id_field="qid")


def _row(record: dict[str, Any]) -> dict[str, Any]:
    windows = intervals(field(record, "relevant_windows"), "relevant_windows")
    if not windows:
        raise RecordError("relevant_windows is empty")
    clips = [int(number(c, "relevant_clip_ids")) for c in record.get("relevant_clip_ids") or []]
    scores = record.get("saliency_scores") or []
    if len(scores) != len(clips):
        raise RecordError(f"{len(scores)} saliency_scores for {len(clips)} relevant_clip_ids")
    return {
        "qid": int(number(field(record, "qid"), "qid")),
        "query": record.get("query"),
        "vid": record.get("vid"),
        "duration": number(field(record, "duration"), "duration"),
        "relevant_windows": windows,
        "relevant_clip_ids": clips,
        "saliency_scores": [[int(number(s, "saliency_scores")) for s in triple] for triple in scores],
    }


def _prediction(record: dict[str, Any], variant: str | None) -> Row:
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


register(
    Benchmark(
        name="qvh",
        macro="qvh_metrics",
        predictions=pa.schema(
            [
                ("qid", pa.int64()),
                (
                    "pred_relevant_windows",
                    pa.list_(pa.struct([("start", pa.float64()), ("end", pa.float64()), ("score", pa.float64())])),
                ),
                ("pred_saliency_scores", pa.list_(pa.float64())),
            ]
        ),
        prediction_row=_prediction,
        load_gt=load,
        missing="are not scored (the reference scores the predictions submitted)",
    )
)
