"""Benchmark evaluation: the benchmarks (``vqdb.eval.loaders``, one module each: ground-truth loader,
prediction format, registration), and ``evaluate``, which scores predictions with the metric macros of
``vqdb/queries/metrics`` (see docs/metrics.md).

Example:
    >>> "cgbench" in BENCHMARKS, BENCHMARKS["cgbench"].macro
    (True, 'cgbench_metrics')
"""

from __future__ import annotations

from vqdb.eval.evaluate import evaluate, metrics_json
from vqdb.eval.grounding import parse_grounding
from vqdb.eval.loaders import BENCHMARKS, Benchmark, register
from vqdb.eval.predictions import load_predictions

__all__ = ["BENCHMARKS", "Benchmark", "evaluate", "load_predictions", "metrics_json", "parse_grounding", "register"]
