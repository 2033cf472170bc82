"""No function of the web app or the command line is longer than MAX_LINES: one that grows past it is split
into functions that each say what they do (a route module per page, a helper per step)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

import vqdb

MAX_LINES = 80
PACKAGES = ("cli", "serve")


def long_functions(source: str, limit: int = MAX_LINES) -> list[tuple[str, int]]:
    """The functions (and methods) of ``source`` longer than ``limit`` lines, decorators and docstring
    included: (name, lines)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines = node.end_lineno - first + 1
            if lines > limit:
                found.append((node.name, lines))
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_function_is_longer_than_the_limit(package):
    folder = Path(vqdb.__file__).parent / package
    found = {
        f"{path.relative_to(folder.parent)}:{name}": lines
        for path in sorted(folder.rglob("*.py"))
        for name, lines in long_functions(path.read_text())
    }
    assert found == {}, f"functions over {MAX_LINES} lines: {found}"


def test_the_check_counts_nested_functions_and_decorators():
    body = "\n".join(f"    x{i} = {i}" for i in range(4))
    source = textwrap.dedent("@decorated\ndef outer():\n    def inner():\n        pass\n") + body + "\n"
    assert long_functions(source, limit=7) == [("outer", 8)]
    assert long_functions(source, limit=8) == []
