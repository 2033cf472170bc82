"""``vqdb locate CORPUS "question" [--video V] [-k 5] [--explain]``: print when a question's answer is shown
or said: ranked time intervals.

Columns: video_id, start_s, end_s, score, supporting_calls, best first (per video without ``--video``).
``--explain`` first prints the plan, notes and SQL (as SQL comments and text).

Example:
    >>> build_parser().parse_args(["c", "when is EXIT shown", "--video", "v.mp4", "--format", "json"]).format
    'json'
"""

from __future__ import annotations

import argparse
import sys

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import RESULT_FORMATS, add_clips, add_explain, add_format, add_question_arguments


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "locate",
        help=COMMANDS["locate"],
        description="Plan the question, grow its frame ranking into intervals (SQL), print them best first.",
    )
    _arguments(p)
    p.set_defaults(func=run)


def build_parser() -> argparse.ArgumentParser:
    """The parser of this sub-command alone (for tests and docs)."""
    parser = argparse.ArgumentParser(prog="vqdb locate")
    _arguments(parser)
    return parser


def _arguments(p: argparse.ArgumentParser) -> None:
    add_question_arguments(p, unit="intervals", k=5)
    add_explain(p)
    add_format(p, RESULT_FORMATS)
    add_clips(p)


def run(args: argparse.Namespace) -> int:
    import duckdb

    import vqdb
    from vqdb.cli.media import write_clips_of
    from vqdb.cli.sql import write_relation

    with vqdb.connect(args.corpus, progress=False) as corpus:
        result = corpus.locate(args.question, options=args.option, video=args.video, k=args.k, planner=args.planner)
        if args.clips:
            write_clips_of(corpus, result.intervals, args.clips, "locate")
    if args.explain:
        sys.stdout.write(result.explain() + ";\n\n")
    elif result.notes:
        sys.stderr.write("".join(f"vqdb locate: note: {note}\n" for note in result.notes))
    relation = duckdb.from_arrow(result.intervals)
    if args.format == "csv":  # CSV has no lists: the call ids joined by spaces
        relation = relation.project(
            "video_id, start_s, end_s, score, array_to_string(supporting_calls, ' ') AS supporting_calls"
        )
    write_relation(relation, args.format, None)
    return 0
