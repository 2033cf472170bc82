"""``vqdb answer CORPUS "question" --video V [--option ...]``: answer a question about a video.

Prints the answer (option letter or free text), its confidence (NULL without log-probabilities),
the answerer and model, the keyframes, the predicted clue intervals and the text evidence.

Example:
    >>> build_parser().parse_args(["c", "What?", "--option", "yes", "--option", "no"]).option
    ['yes', 'no']
"""

from __future__ import annotations

import argparse
import json
import sys

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import add_format, add_question_arguments

FORMATS = ("text", "json")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "answer",
        help=COMMANDS["answer"],
        description="Retrieve keyframes for a question and answer it with a VLM, or with the evidence-only "
        "answerer when no VLM is configured (vlm_base_url / vlm_model in vqdb.toml, or VQDB_VLM_BASE_URL / "
        "VQDB_VLM_MODEL).",
    )
    _arguments(p)
    p.set_defaults(func=run)


def build_parser() -> argparse.ArgumentParser:
    """The parser of this sub-command alone (for tests and docs)."""
    parser = argparse.ArgumentParser(prog="vqdb answer")
    _arguments(parser)
    return parser


def _arguments(p: argparse.ArgumentParser) -> None:
    add_question_arguments(p, unit="keyframes", k=8, planner=False)  # --retrieval says how it plans
    p.add_argument(
        "--backend",
        help="evidence, openai, openai:<model>, transformers or transformers:<id or path>, with the corpus's "
        "vlm_* settings (default: the VLM they name, else evidence)",
    )
    p.add_argument(
        "--retrieval",
        choices=("planner", "uniform"),
        default="planner",
        help="keyframes from the question's plan (default) or uniform sampling",
    )
    p.add_argument("--no-cache", action="store_true", help="ask the model again even if the answer is cached")
    add_format(p, FORMATS)


def run(args: argparse.Namespace) -> int:
    import vqdb
    from vqdb.answer import answer

    with vqdb.connect(args.corpus, progress=False) as corpus:
        result = answer(
            corpus,
            args.question,
            options=args.option,
            video=args.video,
            k=args.k,
            backend=args.backend,
            cache=not args.no_cache,
            retrieval=args.retrieval,
        )
    if args.format == "json":
        sys.stdout.write(json.dumps(result.to_dict(), indent=2) + "\n")
    else:
        sys.stdout.write(str(result) + "\n")
    return 0
