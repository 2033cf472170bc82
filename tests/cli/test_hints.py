"""Every command vqdb suggests in a message is one its command line accepts.

A hint is ``vqdb COMMAND ...`` in a string of vqdb's source (docstrings aside) that follows ``run``,
``run:``, ``try`` or an opening parenthesis. Its arguments are the placeholders (``{corpus}`` in an
f-string, ``CORPUS``, ``VIDEO...``), options and option values that follow; the prose after them ends it.
"""

import ast
import re
from pathlib import Path

import pytest

import vqdb
from vqdb.cli import build_parser

SOURCE = Path(vqdb.__file__).parent
PARSER = build_parser()
SUBCOMMANDS = PARSER._subparsers._group_actions[0].choices  # name -> the sub-command's parser
HINT = re.compile(r"(?:\brun:?|\btry|\() vqdb ([a-z]+)((?: \S+)*)")
PLACEHOLDER = re.compile(r"^(?:\{[^}]*\}|[A-Z][A-Z_]*(?:\.\.\.)?)$")


def _messages(path: Path) -> list[str]:
    """The strings of a module, f-strings joined with their placeholders as ``{...}``, docstrings left out."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    texts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            texts.append("".join(v.value if isinstance(v, ast.Constant) else "{x}" for v in node.values))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings | parts:
            texts.append(node.value)
    return texts


def _arguments(command: str, words: str) -> list[str]:
    """The hint's arguments: placeholders, options and their values, up to the first word of prose."""
    takes_value = {
        option for action in SUBCOMMANDS[command]._actions if action.nargs != 0 for option in action.option_strings
    }
    tokens, args = words.split(), []
    while tokens:
        token = tokens.pop(0).rstrip(",;)")
        if token.startswith("-"):
            args.append(token)
            if token in takes_value and tokens:
                args.append(tokens.pop(0).rstrip(",;)"))
        elif PLACEHOLDER.match(token):
            args.append("v.mp4" if token.startswith("VIDEO") else "corpus-or-value")
        else:
            break
    return args


def _hints() -> list[tuple[str, list[str]]]:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        for text in _messages(path):
            for match in HINT.finditer(text):
                command = match.group(1)
                if command in SUBCOMMANDS:
                    found.append((f"{path.relative_to(SOURCE)}: vqdb {command}{match.group(2)}", [command]))
                    found[-1][1].extend(_arguments(command, match.group(2)))
    return found


HINTS = _hints()


def test_the_source_has_hints():
    assert len(HINTS) >= 5, HINTS  # the collection itself works: the messages name commands to run


@pytest.mark.parametrize(("where", "argv"), HINTS, ids=[h[0] for h in HINTS])
def test_every_hinted_command_parses(where, argv):
    try:
        args = PARSER.parse_args(argv)
    except SystemExit:
        pytest.fail(f"{where}: the command line rejects {' '.join(argv)}")
    assert args.command == argv[0]
