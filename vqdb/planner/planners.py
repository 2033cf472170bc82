"""Who turns a question into a plan: the planners' names (``make_plan``'s ``planner``, the command line's
``--planner``). This module imports nothing, so the command line lists them without loading the planner.

* ``rules``: the rule-based planner (``vqdb.planner.rules``), the default;
* ``llm``: a chat model asked for the plan (``vqdb.planner.llm``);
* the baselines (``vqdb.planner.baselines``): ``uniform``, k frames spread evenly over each video, and
  ``siglip-q``, the question and its answer options as one siglip call.

Example:
    >>> PLANNERS
    ('rules', 'llm', 'uniform', 'siglip-q')
"""

BASELINES = ("uniform", "siglip-q")
PLANNERS = ("rules", "llm", *BASELINES)

__all__ = ["BASELINES", "PLANNERS"]
