"""``vqdb ingest CORPUS PATH...``: ingest video files, directories or glob patterns."""

from __future__ import annotations

import argparse
import sys

from vqdb.cli.arguments import sample_rate
from vqdb.config import ENGINES
from vqdb.schema import EXTRACTORS


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ingest",
        help="ingest videos into a corpus",
        description="Decode videos, sample frames and run the extractors; re-running skips what is done.",
    )
    p.add_argument(
        "corpus", help="corpus directory or s3://bucket/prefix (created if missing; never a directory of videos)"
    )
    p.add_argument("paths", nargs="+", help="video files, directories or quoted glob patterns")
    p.add_argument(
        "--with",
        dest="with_",
        metavar="LIST",
        help=f"comma-separated extractors to run (default: all available of {','.join(EXTRACTORS)})",
    )
    p.add_argument(
        "--only",
        metavar="LIST",
        help="add only these extractors (to already-ingested videos too), e.g. --only ocr",
    )
    p.add_argument("--fps", type=sample_rate, help="frames sampled per second (default 1)")
    p.add_argument(
        "--jobs",
        type=int,
        help="videos processed in parallel (default 1; with --engine ray and no --address: the Ray instance's CPUs)",
    )
    p.add_argument(
        "--engine",
        choices=ENGINES,
        help="where videos are processed: local (this process or --jobs worker processes, the default) or ray",
    )
    p.add_argument(
        "--address", metavar="ADDR", help="with --engine ray: a running Ray cluster (default: start one here)"
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="redo the named extractors even when done, and the frames when --fps or the thumbnail size changed",
    )
    p.add_argument("--no-wait", action="store_true", help="fail instead of waiting while another process writes")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb

    chosen = args.only or args.with_
    extractors = [e.strip() for e in chosen.split(",") if e.strip()] if chosen is not None else None
    settings = {
        "sample_fps": args.fps,
        "jobs": args.jobs,
        "engine": args.engine,
        "ray_address": args.address,
        "progress": False if args.no_progress else None,
    }
    with vqdb.connect(args.corpus, **{k: v for k, v in settings.items() if v is not None}) as corpus:
        summary = corpus.ingest(args.paths, extractors=extractors, force=args.force, wait=not args.no_wait)
    print(summary)
    if summary.failed:
        print(f"vqdb ingest: {len(summary.failed)} file(s) failed (see above)", file=sys.stderr)
        return 1
    return 0
