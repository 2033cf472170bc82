"""``vqdb retrieve CORPUS "question" [--video V] [-k 8] [--explain]``: print the keyframes for a question.

Columns: video_id, frame_idx, ts, score, merged_rank, supporting_calls; without ``--video``, ``k``
keyframes for every video. ``--explain`` first prints the plan, notes and SQL (as SQL comments and text).

Example:
    >>> build_parser().parse_args(["c", "a dog", "--format", "json"]).format
    'json'
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import RESULT_FORMATS, add_clips, add_explain, add_format, add_question_arguments, add_ranking

if TYPE_CHECKING:
    import pyarrow as pa

    from vqdb.corpus import Corpus


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "retrieve",
        help=COMMANDS["retrieve"],
        description="Plan the question, compile the plan to SQL, run it and print the keyframes.",
    )
    _arguments(p)
    p.set_defaults(func=run)


def build_parser() -> argparse.ArgumentParser:
    """The parser of this sub-command alone (for tests and docs)."""
    parser = argparse.ArgumentParser(prog="vqdb retrieve")
    _arguments(parser)
    return parser


def _arguments(p: argparse.ArgumentParser) -> None:
    add_question_arguments(p, unit="keyframes", k=8)
    add_ranking(p)
    add_explain(p)
    add_format(p, RESULT_FORMATS)
    add_clips(p)
    p.add_argument(
        "--contact-sheet", metavar="FILE.jpg", help="also draw the keyframes in a grid, each with its time, into FILE"
    )


def run(args: argparse.Namespace) -> int:
    import duckdb

    import vqdb
    from vqdb.cli.sql import write_relation
    from vqdb.planner import retrieve

    with vqdb.connect(args.corpus, progress=False) as corpus:
        result = retrieve(
            corpus,
            args.question,
            options=args.option,
            video=args.video,
            k=args.k,
            planner=args.planner,
            mode=args.mode,
            gap=args.gap,
        )
        _write_files(corpus, result.keyframes, args)
    if args.explain:
        sys.stdout.write(result.explain() + ";\n\n")
    elif result.notes:
        sys.stderr.write("".join(f"vqdb retrieve: note: {note}\n" for note in result.notes))
    relation = duckdb.from_arrow(result.keyframes)
    if args.format == "csv":  # CSV has no lists: the call ids joined by spaces
        relation = relation.project(
            "video_id, frame_idx, ts, score, merged_rank, array_to_string(supporting_calls, ' ') AS supporting_calls"
        )
    write_relation(relation, args.format, None)
    return 0


def _write_files(corpus: Corpus, keyframes: pa.Table, args: argparse.Namespace) -> None:
    """The clips (``--clips``: CLIP_AROUND_KEYFRAME_S seconds around each keyframe) and the contact sheet."""
    from vqdb.cli.media import contact_sheet, hits_in, keyframe_tiles, write_hit_clips

    rows = keyframes.select(["video_id", "frame_idx", "ts"]).to_pylist()
    if args.clips:
        written = write_hit_clips(hits_in(corpus, [(r["video_id"], r["ts"], r["ts"]) for r in rows]), args.clips)
        print(f"vqdb retrieve: wrote {len(written)} clip(s) to {args.clips}", file=sys.stderr)
    if args.contact_sheet:
        tiles = keyframe_tiles(corpus, [(r["video_id"], r["frame_idx"], r["ts"]) for r in rows])
        print(f"vqdb retrieve: wrote {contact_sheet(tiles, args.contact_sheet)}", file=sys.stderr)
