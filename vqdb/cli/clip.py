"""``vqdb clip CORPUS VIDEO START END -o FILE``: the part of a video between two times, as a file to open or
share (packets copied when START is on a keyframe, else encoded again: ``vqdb.cli.media``).

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["clip", "my-corpus", "talk.mp4", "1:30", "95", "-o", "talk.mp4"]).start
    90.0
"""

from __future__ import annotations

import argparse

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import seconds


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "clip",
        help=COMMANDS["clip"],
        description="Cut a video of the corpus from START to END (seconds, or m:ss) into FILE (.mp4, .mkv, .webm).",
    )
    p.add_argument("corpus", help="corpus directory")
    p.add_argument("video", help="video id, file name or path")
    p.add_argument("start", type=seconds, help="start: seconds (12.5) or m:ss (1:02.5)")
    p.add_argument("end", type=seconds, help="end: seconds or m:ss")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the clip to write (.mp4, .mkv, .webm)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb
    from vqdb.cli.media import write_clip
    from vqdb.errors import VqdbError
    from vqdb.videos import resolve_video

    with vqdb.connect(args.corpus, progress=False) as corpus:
        video = resolve_video(corpus, args.video)
    duration = video["duration_s"] or float("inf")
    if args.start >= duration:
        raise VqdbError(f"START {args.start:g} s is past the end of {video['path']} ({duration:g} s)")
    end = min(args.end, duration)
    how = write_clip(video["path"], args.start, end, args.output)
    print(f"wrote {args.output}: {video['path']} from {args.start:g} to {end:g} s ({how})")
    return 0
