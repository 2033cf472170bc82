"""``vqdb plan "question"``: print the plan a planner makes for a question, and the SQL it compiles to.

With ``--corpus`` the plan uses only the tools that corpus (or ``--video``) has, and the SQL is
restricted to the video; without, every tool is allowed and the SQL covers every video.

Example:
    >>> build_parser().parse_args(["When is EXIT shown?", "-k", "3"]).k
    3
"""

from __future__ import annotations

import argparse
import sys

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import add_question_arguments, add_ranking


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "plan",
        help=COMMANDS["plan"],
        description="Turn a question into a ToolMerge plan (tool calls combined with AND / OR) and print it "
        "with the SQL it compiles to; run that SQL with vqdb sql, or in any DuckDB session attached to the corpus.",
    )
    _arguments(p)
    p.set_defaults(func=run)


def build_parser() -> argparse.ArgumentParser:
    """The parser of this sub-command alone (for tests and docs)."""
    parser = argparse.ArgumentParser(prog="vqdb plan")
    _arguments(parser)
    return parser


def _arguments(p: argparse.ArgumentParser) -> None:
    add_question_arguments(p, unit="keyframes", k=8, corpus_optional=True)
    add_ranking(p)
    p.add_argument("--json", action="store_true", help="print only the plan as JSON")


def run(args: argparse.Namespace) -> int:
    from vqdb.errors import VqdbError
    from vqdb.planner import compile_plan, make_plan, plan_for
    from vqdb.planner.retrieve import resolve_video

    if args.video and not args.corpus:
        raise VqdbError("--video needs --corpus DIR: the video is looked up in that corpus")
    video_id = None
    if args.corpus:
        import vqdb

        with vqdb.connect(args.corpus, progress=False) as corpus:
            info = resolve_video(corpus, args.video) if args.video else None
            video_id = info["video_id"] if info else None
            plan = plan_for(corpus, args.question, args.option, video=info, planner=args.planner)
    else:
        plan = make_plan(args.question, args.option, planner=args.planner)
    if args.json:
        sys.stdout.write(plan.to_json(indent=2) + "\n")
        return 0
    sys.stdout.write("-- plan (" + (plan.planner or args.planner) + "):\n")
    sys.stdout.write("".join(f"--   {line}\n" for line in plan.to_json(indent=2).splitlines()))
    sys.stdout.write("".join(f"-- note: {note}\n" for note in plan.notes))
    sys.stdout.write(compile_plan(plan, video_id=video_id, k=args.k, gap=args.gap, mode=args.mode) + ";\n")
    return 0
