"""``vqdb compact CORPUS``: rewrite small fragments into large ones and remove old versions.

Ingest compacts on its own once a table has many fragments; run this after deleting videos, after many
``--force`` re-ingests, or when ingest said open sessions kept old versions.

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["compact", "my-corpus", "--no-wait"]).no_wait
    True
"""

from __future__ import annotations

import argparse
import dataclasses

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import add_format, print_json


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "compact",
        help=COMMANDS["compact"],
        description="Rewrite each table's small fragments into large ones (dropping deleted rows), then remove "
        "the old versions that no open query session may still read.",
    )
    p.add_argument("corpus", help="corpus directory")
    p.add_argument("--no-wait", action="store_true", help="fail instead of waiting while another process writes")
    add_format(p, ("text", "json"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb

    report = vqdb.connect(args.corpus, progress=False).compact(wait=not args.no_wait)
    if args.format == "json":
        print_json({**dataclasses.asdict(report), "summary": report.summary()})
    else:
        print(report)
    return 0
