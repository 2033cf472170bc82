"""``vqdb check CORPUS [--repair]``: find damage (data files deleted or cut short, a lost manifest, rows that
disagree with their commit) and, with ``--repair``, remove it so that the next ``vqdb ingest`` of the same
files redoes exactly the damaged videos (``vqdb.store.check``).

Prints one line per problem, naming the table and the video; the exit status is 1 when a problem was
found and not repaired.

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["check", "my-corpus", "--repair"]).repair
    True
"""

from __future__ import annotations

import argparse

from vqdb.cli import COMMANDS


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help=COMMANDS["check"],
        description="Read every table and data file of a corpus and check each video's rows against what its "
        "commits recorded; --repair removes the damaged data, so the next vqdb ingest of the same files redoes "
        "those videos.",
    )
    p.add_argument("corpus", help="corpus directory")
    p.add_argument("--repair", action="store_true", help="remove the damaged data (the next ingest redoes it)")
    p.add_argument("--no-wait", action="store_true", help="fail instead of waiting while another process writes")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb

    report = vqdb.connect(args.corpus, progress=False).check(repair=args.repair, wait=not args.no_wait)
    print(report.summary())
    if report.repaired:
        print(f"next: vqdb ingest {args.corpus} with the same files redoes them")
    return 0 if report.ok or report.repaired else 1
