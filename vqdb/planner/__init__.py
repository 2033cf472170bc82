"""The ToolMerge planner: a question becomes a Plan of tool calls, the Plan one SQL query, the query keyframes
(``retrieve``) or ranked time intervals (``locate``).

The names below are imported when first used (PEP 562), so a module of the package (``planners``, whose
names the command line's ``--planner`` lists) loads without the rest. ``retrieve`` and ``locate`` are
functions, although modules of the same names define them: the package keeps the function when the module
is imported.

Example:
    >>> from vqdb.planner import make_plan, compile_plan
    >>> plan = make_plan("when does the sign say EXIT")
    >>> [(c.id, c.tool, c.query) for c in plan.queries], plan.combine
    ([('Q1', 'siglip', 'sign'), ('Q2', 'ocr', 'EXIT')], 'Q1 AND Q2')
    >>> compile_plan(plan, video_id="v1", k=1).startswith("WITH sampled AS")
    True
    >>> import vqdb.planner.retrieve, vqdb.planner
    >>> vqdb.planner.retrieve.__name__, vqdb.planner.retrieve.__module__
    ('retrieve', 'vqdb.planner.retrieve')
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

_HOMES = {  # each public name -> the module of the package that defines it
    "PlanError": "boolexpr",
    "compile_ast": "compiler",
    "compile_plan": "compiler",
    "Location": "locate",
    "compile_locate": "locate",
    "locate": "locate",
    "Call": "plan",
    "Plan": "plan",
    "uniform_plan": "plan",
    "Retrieval": "retrieve",
    "available_tools": "retrieve",
    "make_plan": "retrieve",
    "plan_for": "retrieve",
    "retrieve": "retrieve",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The package's names, the public ones not yet imported included."""
    return sorted({*globals(), *_HOMES})


class _Package(types.ModuleType):
    """This package, whose attribute named like a module that defines a function of its own name (``retrieve``,
    ``locate``) is that function: importing the module sets the attribute to the module, and this keeps the
    function instead."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and _HOMES.get(name) == name:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = sorted(_HOMES)
