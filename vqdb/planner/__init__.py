"""The ToolMerge planner: a question becomes a Plan of tool calls, the Plan one SQL query, the query keyframes
(``retrieve``) or ranked time intervals (``locate``).

Example:
    >>> from vqdb.planner import make_plan, compile_plan
    >>> plan = make_plan("when does the sign say EXIT")
    >>> [(c.id, c.tool, c.query) for c in plan.queries], plan.combine
    ([('Q1', 'siglip', 'sign'), ('Q2', 'ocr', 'EXIT')], 'Q1 AND Q2')
    >>> compile_plan(plan, video_id="v1", k=1).startswith("WITH sampled AS")
    True
"""

from vqdb.planner.boolexpr import PlanError
from vqdb.planner.compiler import compile_ast, compile_plan
from vqdb.planner.locate import Location, compile_locate, locate
from vqdb.planner.plan import Call, Plan, uniform_plan
from vqdb.planner.retrieve import Retrieval, available_tools, make_plan, plan_for, retrieve

__all__ = [
    "Call",
    "Location",
    "Plan",
    "PlanError",
    "Retrieval",
    "available_tools",
    "compile_ast",
    "compile_locate",
    "compile_plan",
    "locate",
    "make_plan",
    "plan_for",
    "retrieve",
    "uniform_plan",
]
