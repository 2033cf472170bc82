"""The ``vqdb`` command line. One module per sub-command, each with ``add_parser(subparsers)``.

A sub-command module registers its parser (with the one-line help of ``COMMANDS``) and sets ``func``
(``args -> exit status``) with ``parser.set_defaults(func=...)``. Only the module of the sub-command that
runs is imported: ``vqdb --help`` lists the others from ``COMMANDS``, so it costs no more than Python and
Polars. Errors vqdb raises on purpose, and what the file system refuses, are printed on stderr as one line,
exit status 1.

Example:
    >>> try:  # --version, like --help, ends the program (argparse): status 0
    ...     main(["--version"])
    ... except SystemExit as done:
    ...     print("exit status", done.code)  # doctest: +ELLIPSIS
    vqdb ...
    exit status 0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from vqdb._version import __version__
from vqdb.errors import VqdbError, storage_message

# every sub-command (its module's name) and its line in vqdb --help
COMMANDS = {
    "answer": "answer a question about a video",
    "check": "find (and repair) damaged data in a corpus",
    "clip": "write the clip of a video between two times to a file",
    "compact": "compact a corpus and remove old versions",
    "delete": "delete videos from a corpus",
    "eval": "score benchmark predictions (CG-Bench, FALCON, M2M, QVHighlights, Charades-STA, calibration, rubric)",
    "index": "build the vector and full-text indexes of a corpus",
    "info": "describe a corpus",
    "ingest": "ingest videos into a corpus",
    "locate": "print when a question's answer is on screen or said: ranked time intervals",
    "plan": "print the plan and SQL for a question",
    "retrieve": "print the keyframes that answer a question",
    "search": "the best moments for a question across every video",
    "serve": "browse a corpus in a local web app",
    "sql": "run SQL over a corpus",
    "videos": "list the videos of a corpus with what each extractor did",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``vqdb`` command line.

    ``command`` None gives every sub-command's full parser; a name gives that one's, the others listed by
    name and help only (their modules are not imported); any other text lists them all that way.

    Example:
        >>> "sql" in build_parser().format_help()
        True
        >>> build_parser("sql").parse_args(["sql", "my-corpus", "SELECT 1"]).query
        'SELECT 1'
    """
    parser = argparse.ArgumentParser(prog="vqdb", description="An embedded video-query database.")
    parser.add_argument("--version", action="version", version=f"vqdb {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in COMMANDS.items():
        if command is None or name == command:
            importlib.import_module(f"{__name__}.{name}").add_parser(sub)
        else:
            sub.add_parser(name, help=summary)
    return parser


def _command(argv: list[str]) -> str:
    """The sub-command ``argv`` names (its first word that is not an option), or "" when none."""
    return next((word for word in argv if not word.startswith("-")), "")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(_command(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    corpus = getattr(args, "corpus", "CORPUS")
    try:
        return int(args.func(args) or 0)
    except VqdbError as exc:
        print(f"vqdb {args.command}: error: {storage_message(str(exc), corpus)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"vqdb {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped (| head): not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:
        message = storage_message(str(exc), corpus)
        if message.startswith("table "):  # a table's files are damaged: which, and what to do
            print(f"vqdb {args.command}: error: {message}", file=sys.stderr)
            return 1
        if not isinstance(exc, OSError):
            raise
        # the file system refused (permissions, a full disk): what and where, no traceback
        print(
            f"vqdb {args.command}: error: {message}; check the path, the permissions and the free space",
            file=sys.stderr,
        )
        return 1
