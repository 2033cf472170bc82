"""Every file or folder of the repository that the docs, the README and the SQL macro files name exists: a
module or benchmark that moves takes its mentions with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# a repository path: a top folder, then at least one more part (trailing punctuation is the sentence's)
PATH = re.compile(r"(?<![\w/.-])((?:vqdb|benchmarks|tests|docs|sample_media)/[\w./-]*[\w/])")
# files that do not exist on purpose: the example of adding a tool (docs/planner.md), the placeholder of
# a benchmark's name (README.md)
EXAMPLES = {"vqdb/planner/tools/captions.py", "tests/planner/tools/test_captions.py", "benchmarks/NAME.py"}


def documents() -> list[Path]:
    """The files whose paths are checked: docs/*.md, README.md and vqdb's SQL files."""
    return [*sorted(REPO.glob("docs/*.md")), REPO / "README.md", *sorted(REPO.glob("vqdb/**/*.sql"))]


def named_paths(text: str) -> list[str]:
    """The repository paths ``text`` names (globs and placeholders left out)."""
    return [p for p in PATH.findall(text) if not set(p) & set("*{}<>")]


@pytest.mark.parametrize("document", documents(), ids=lambda path: str(path.relative_to(REPO)))
def test_every_path_a_document_names_exists(document):
    missing = sorted({p for p in named_paths(document.read_text()) if p not in EXAMPLES and not (REPO / p).exists()})
    assert missing == [], f"{document.relative_to(REPO)} names paths that do not exist: {missing}"


def test_paths_are_found_in_prose_and_code():
    text = "see `vqdb/udfs/text_search.sql`, vqdb/serve/static/ and (benchmarks/quality.py). Not: a/vqdb/x.py"
    assert named_paths(text) == ["vqdb/udfs/text_search.sql", "vqdb/serve/static/", "benchmarks/quality.py"]
