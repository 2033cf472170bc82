"""The ``vqdb`` command line. One module per sub-command, each with ``add_parser(subparsers)``.

A sub-command module registers its parser and sets ``func`` (``args -> exit status``) with
``parser.set_defaults(func=...)``. Errors vqdb raises on purpose, and what the file system refuses, are
printed on stderr as one line, exit status 1.

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
import pkgutil
import sys

from vqdb._version import __version__
from vqdb.errors import VqdbError, storage_message


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command found in ``vqdb.cli``.

    Example:
        >>> "sql" in build_parser().format_help()
        True
    """
    parser = argparse.ArgumentParser(prog="vqdb", description="An embedded video-query database.")
    parser.add_argument("--version", action="version", version=f"vqdb {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    package = sys.modules[__name__]
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "add_parser"):
            module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    parser = build_parser()
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
