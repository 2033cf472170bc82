"""Benchmarks, one module each: its ground-truth loader, its prediction format and its registration
(``register(Benchmark(...))``, see ``vqdb.eval.loaders.base.Benchmark``).

Everything that names benchmarks reads this registry: ``vqdb.eval.evaluate``, ``load_predictions`` and
the choices of ``vqdb eval``. Adding a benchmark is its module here, its metric macro in
``vqdb/queries/metrics/`` and their tests; ``tests/eval/test_adding_a_benchmark.py`` does it in a test.

Every loader gives a ``Loaded``: ``Loaded.table`` is an Arrow table of the good records (interval lists as
``LIST(STRUCT(start DOUBLE, "end" DOUBLE))``); ``Loaded.problems`` lists the malformed ones with their
line or id, so one bad record never hides the rest. Video-MME (``videomme``) and LongVideoBench
(``longvideobench``) have loaders only: one row per question, for MCQ accuracy in plain SQL.

Example:
    >>> get("charades").macro, get("charades").load_gt.__module__
    ('charades_metrics', 'vqdb.eval.loaders.charades')
    >>> get("mvbench")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vqdb.errors.ConfigError: unknown benchmark 'mvbench'; known: calibration, cgbench, charades, ...
"""

from __future__ import annotations

import importlib
import pkgutil
import re

from vqdb.errors import ConfigError
from vqdb.eval.loaders.base import Benchmark, Loaded, Problem

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
BENCHMARKS: dict[str, Benchmark] = {}


def register(benchmark: Benchmark) -> Benchmark:
    """Check ``benchmark`` and make it available under its ``name``; returns it.

    Raises ConfigError naming what is wrong: a bad name or one another module registered, a macro that is
    not a SQL name, a ``key`` that is not a column of the prediction table, ground truth without a word on
    what the reference does with a question that has no prediction (``missing``).
    """
    name, module = benchmark.name, benchmark.prediction_row.__module__
    if not isinstance(name, str) or not _NAME.match(name):
        raise ConfigError(f"benchmark {name!r}: the name must be lower case letters, digits and '_'")
    taken = BENCHMARKS.get(name)
    if taken is not None and taken.prediction_row.__module__ != module:
        raise ConfigError(f"benchmark name {name!r} is taken by {taken.prediction_row.__module__}; choose another")
    if not _NAME.match(benchmark.macro):
        raise ConfigError(f"benchmark {name}: macro {benchmark.macro!r} must name a SQL table macro")
    if benchmark.key is not None and benchmark.key not in benchmark.predictions.names:
        columns = ", ".join(benchmark.predictions.names)
        raise ConfigError(f"benchmark {name}: key {benchmark.key!r} is not a prediction column ({columns})")
    if benchmark.load_gt is not None and not benchmark.missing:
        raise ConfigError(
            f"benchmark {name}: say what the reference does with a question without a prediction (missing=...)"
        )
    BENCHMARKS[name] = benchmark
    return benchmark


def get(name: str) -> Benchmark:
    """The benchmark ``name``; ConfigError listing the benchmarks when there is none."""
    if name not in BENCHMARKS:
        raise ConfigError(f"unknown benchmark {name!r}; known: {', '.join(sorted(BENCHMARKS))}")
    return BENCHMARKS[name]


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.name != "base":
            importlib.import_module(f"{__name__}.{info.name}")


_discover()

__all__ = ["BENCHMARKS", "Benchmark", "Loaded", "Problem", "get", "register"]
