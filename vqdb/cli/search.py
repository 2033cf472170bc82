"""``vqdb search CORPUS "question" [-k 10] [--format table|json|csv] [--explain]``: the best moments across
every video of the corpus, best first.

Columns: rank, video_id, path, start_s, end_s, ts (the keyframe), score (0 to 1, comparable across videos:
see ``vqdb.planner.search``), supporting_calls, evidence (what was read, said or heard there). A video with
no evidence for the question is not listed. ``--explain`` first prints the plan, the candidate videos the
indexes gave and notes (as SQL comments).

Example:
    >>> build_parser().parse_args(["c", "a dog", "-k", "3", "--format", "json"]).k
    3
"""

from __future__ import annotations

import argparse
import sys

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import RESULT_FORMATS, add_clips, add_explain, add_format, add_question_arguments


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "search",
        help=COMMANDS["search"],
        description="Plan the question, find candidate videos in the indexes, merge the plan in each and print "
        "the best moments of the whole corpus, best first.",
    )
    _arguments(p)
    p.set_defaults(func=run)


def build_parser() -> argparse.ArgumentParser:
    """The parser of this sub-command alone (for tests and docs)."""
    parser = argparse.ArgumentParser(prog="vqdb search")
    _arguments(parser)
    return parser


def _arguments(p: argparse.ArgumentParser) -> None:
    add_question_arguments(p, unit="moments", k=10, across_corpus=True)
    add_explain(p, "the plan, candidates and notes")
    add_format(p, RESULT_FORMATS)
    add_clips(p)


def run(args: argparse.Namespace) -> int:
    import duckdb

    import vqdb
    from vqdb.cli.media import write_clips_of
    from vqdb.cli.sql import write_relation

    with vqdb.connect(args.corpus, progress=False) as corpus:
        result = corpus.search(args.question, k=args.k, planner=args.planner)
        if args.clips:
            write_clips_of(corpus, result.moments, args.clips, "search")
    if args.explain:
        sys.stdout.write(result.explain() + "\n\n")
    elif result.notes:
        sys.stderr.write("".join(f"vqdb search: note: {note}\n" for note in result.notes))
    relation = duckdb.from_arrow(result.moments)
    if args.format == "csv":  # CSV has no lists: the call ids joined by spaces
        columns = [
            c if c != "supporting_calls" else "array_to_string(supporting_calls, ' ') AS supporting_calls"
            for c in result.moments.column_names
        ]
        relation = relation.project(", ".join(columns))
    write_relation(relation, args.format, None)
    return 0
