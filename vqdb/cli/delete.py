"""``vqdb delete CORPUS VIDEO...``: delete videos and every row made from them.

A video is named by its id, file name or path, as everywhere else. The space is freed by the next
compaction (``vqdb compact``, or an ingest that compacts).

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["delete", "my-corpus", "a.mp4", "b.mp4"]).videos
    ['a.mp4', 'b.mp4']
"""

from __future__ import annotations

import argparse

from vqdb.cli import COMMANDS


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "delete",
        help=COMMANDS["delete"],
        description="Delete videos (by id, file name or path) and all their rows; vqdb compact frees the space.",
    )
    p.add_argument("corpus", help="corpus directory")
    p.add_argument("videos", nargs="+", metavar="VIDEO", help="video id, file name or path")
    p.add_argument("--no-wait", action="store_true", help="fail instead of waiting while another process writes")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb

    deleted = vqdb.connect(args.corpus, progress=False).delete(args.videos, wait=not args.no_wait)
    print(f"deleted {len(deleted)} video(s): {', '.join(deleted)}")
    return 0
