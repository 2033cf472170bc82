"""``vqdb videos CORPUS [--format table|json|csv]``: the videos of a corpus, with what each extractor did.

Columns: file, video_id, duration_s, resolution, one status per extractor (``done``, ``error`` when it
recorded one, ``-`` when it did not run) and errors.

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["videos", "my-corpus", "--format", "csv"]).format
    'csv'
"""

from __future__ import annotations

import argparse

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import RESULT_FORMATS, add_format


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "videos",
        help=COMMANDS["videos"],
        description="One row per video: file name, duration, resolution, each extractor's status and errors.",
    )
    p.add_argument("corpus", help="corpus directory")
    add_format(p, RESULT_FORMATS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb
    from vqdb.cli.sql import write_relation
    from vqdb.videos import overview

    with vqdb.connect(args.corpus, progress=False) as corpus:
        write_relation(overview(corpus), args.format, None)
    return 0
