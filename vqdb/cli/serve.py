"""``vqdb serve CORPUS [--host 127.0.0.1] [--port 8765]``: a local web app to look at a corpus.

Pages: Corpus (videos, extraction status), Video (player and timeline lanes), Ask (question -> plan, SQL,
keyframes, answer) and SQL (the read-only console). It binds to this machine only unless ``--host`` says
otherwise; the corpus is only read.

Example:
    >>> build_parser().parse_args(["demo_corpus"]).port
    8765
"""

from __future__ import annotations

import argparse
import ipaddress
import sys

from vqdb.cli import COMMANDS
from vqdb.errors import VqdbError

DEFAULT_PORT = 8765
STOP_GRACE_S = 2


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help=COMMANDS["serve"],
        description="Serve a web app over a corpus: videos, player with timeline lanes, questions, SQL.",
    )
    _arguments(p)
    p.set_defaults(func=run)


def build_parser() -> argparse.ArgumentParser:
    """The parser of this sub-command alone (for tests and docs)."""
    parser = argparse.ArgumentParser(prog="vqdb serve")
    _arguments(parser)
    return parser


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("corpus", help="corpus directory")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")


def is_loopback(host: str) -> bool:
    """Whether ``host`` only reaches this machine.

    Example:
        >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
        (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from vqdb.serve import create_app
    except ImportError as exc:
        raise VqdbError(
            f"vqdb serve needs the web packages ({exc.name} is missing): pip install 'vqdb[serve]'"
        ) from None
    from vqdb.serve.app import LOCAL_HOSTS

    hosts = list(LOCAL_HOSTS)
    if not is_loopback(args.host):
        hosts = ["*"] if args.host in ("0.0.0.0", "::") else [*hosts, args.host]
        print(
            f"vqdb serve: warning: serving on {args.host}: whoever reaches this machine can read the corpus and its "
            "videos (the default 127.0.0.1 keeps it to this machine)",
            file=sys.stderr,
        )
    app = create_app(args.corpus, allowed_hosts=hosts)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"vqdb serve: {args.corpus} on http://{shown}:{args.port}/ (Ctrl-C stops)", file=sys.stderr)
    # on SIGTERM or Ctrl-C, requests get STOP_GRACE_S seconds; then the app interrupts what still runs
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=STOP_GRACE_S)
    return 0
