"""Baselines as plans, so every evaluation can compare against them with the same SQL path.

* ``uniform``: no calls; k frames spread evenly over each video.
* ``siglip-q``: the question and its answer options as one siglip call, top-k with the same NMS.

Example:
    >>> siglip_q_plan("What is the man holding?", ["a cup", "a phone"]).queries[0].query
    'What is the man holding? a cup a phone'
    >>> baseline_plan("uniform", "anything").is_uniform
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from vqdb.planner.boolexpr import PlanError
from vqdb.planner.plan import MAX_QUERY_CHARS, Call, Plan, uniform_plan
from vqdb.planner.planners import BASELINES
from vqdb.planner.tools.siglip import Siglip


def siglip_q_plan(question: str, options: Sequence[str] | None = None) -> Plan:
    """SigLIP-Q: one siglip call with the question followed by the options."""
    text = " ".join(" ".join(str(part).split()) for part in [question, *(options or ())] if str(part).strip())
    if not text:
        return uniform_plan("empty question: sampling frames uniformly")
    return Plan((Call("Q1", Siglip.name, text[:MAX_QUERY_CHARS]),), "Q1", planner="siglip-q")


def baseline_plan(name: str, question: str, options: Sequence[str] | None = None) -> Plan:
    """The baseline ``name`` (one of ``BASELINES``) for a question."""
    if name == "uniform":
        return uniform_plan()
    if name == "siglip-q":
        return siglip_q_plan(question, options)
    raise PlanError(f"unknown baseline {name!r}; choose from {', '.join(BASELINES)}")
