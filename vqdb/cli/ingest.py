"""``vqdb ingest CORPUS PATH...``: ingest video files, directories or glob patterns.

``vqdb ingest CORPUS --only LIST`` without paths adds the extractors to every video the corpus holds
(read again from the paths they were ingested from).

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["ingest", "my-corpus", "--only", "ocr"]).paths
    []
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import add_format, print_json, sample_rate
from vqdb.config import ENGINES
from vqdb.errors import VqdbError
from vqdb.schema import EXTRACTORS

if TYPE_CHECKING:
    from vqdb.corpus import Corpus


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ingest",
        help=COMMANDS["ingest"],
        description="Decode videos, sample frames and run the extractors; re-running skips what is done.",
    )
    p.add_argument(
        "corpus", help="corpus directory or s3://bucket/prefix (created if missing; never a directory of videos)"
    )
    p.add_argument(
        "paths",
        nargs="*",
        help="video files, directories or quoted glob patterns (with --only: default every ingested video)",
    )
    p.add_argument(
        "--with",
        dest="with_",
        metavar="LIST",
        help=f"comma-separated extractors to run (default: all available of {','.join(EXTRACTORS)})",
    )
    p.add_argument(
        "--only",
        metavar="LIST",
        help="add only these extractors (to ingested videos too; without paths, to every one), e.g. --only ocr",
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
    add_format(p, ("text", "json"), "the summary")
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
    if not args.paths and args.only is None:
        raise VqdbError("give the video files to ingest, or --only LIST to add extractors to every ingested video")
    with vqdb.connect(args.corpus, **{k: v for k, v in settings.items() if v is not None}) as corpus:
        paths = args.paths or ingested_paths(corpus)
        summary = corpus.ingest(paths, extractors=extractors, force=args.force, wait=not args.no_wait)
    if args.format == "json":
        print_json(summary_json(summary))
    else:
        print(summary)
    if summary.failed:
        print(f"vqdb ingest: {len(summary.failed)} file(s) failed (see above)", file=sys.stderr)
        return 1
    return 0


def ingested_paths(corpus: Corpus) -> list[str]:
    """The path of every video in ``corpus``, as ingested (what ``--only`` without paths runs on).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> ingested_paths(vqdb.connect(empty_corpus()))
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: the corpus has no videos yet: name the video files to ingest
    """
    paths = [row[0] for row in corpus.sql_unchecked("SELECT DISTINCT path FROM videos ORDER BY path").fetchall()]
    if not paths:
        raise VqdbError("the corpus has no videos yet: name the video files to ingest")
    return paths


def summary_json(summary: Any) -> dict[str, list]:
    """An ``IngestSummary`` as JSON objects: one list per outcome, each item named by its fields.

    Example:
        >>> from vqdb.ingest.runner import IngestSummary
        >>> summary_json(IngestSummary(skipped=[("a.mp4", "already ingested")]))["skipped"]
        [{'path': 'a.mp4', 'reason': 'already ingested'}]
    """
    fields = {
        "ingested": ("path", "video_id", "video_seconds", "work_seconds"),
        "skipped": ("path", "reason"),
        "failed": ("path", "error"),
        "partial": ("path", "errors"),
        "stale": ("path", "changed"),
    }
    outcome = {
        key: [dict(zip(names, item, strict=True)) for item in getattr(summary, key)] for key, names in fields.items()
    }
    return {**outcome, "notices": list(summary.notices)}
