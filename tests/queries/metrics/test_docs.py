"""Every ```sql example of docs/metrics.md runs, in order, in one session; a following ```result block is
the exact fetchall() of the block's last statement (floats rounded to 6 decimals)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import duckdb
import pytest

from vqdb.queries import load_sql_macros

DOC = Path(__file__).resolve().parents[3] / "docs" / "metrics.md"
BLOCK = re.compile(r"```(sql|result)\n(.*?)```", re.S)


def examples() -> list[tuple[str, str | None]]:
    blocks = BLOCK.findall(DOC.read_text())
    pairs = []
    for i, (kind, body) in enumerate(blocks):
        if kind == "sql":
            following = blocks[i + 1] if i + 1 < len(blocks) else None
            pairs.append((body, following[1] if following and following[0] == "result" else None))
    return pairs


def rounded(rows):
    return [tuple(round(v, 6) if isinstance(v, float) else v for v in row) for row in rows]


def test_doc_has_examples_for_every_metric_macro():
    text = DOC.read_text()
    con = duckdb.connect()
    load_sql_macros(con)
    macros = {
        name
        for (name,) in con.sql(
            "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_type = 'table_macro'"
        ).fetchall()
    }
    files = (Path(__file__).resolve().parents[3] / "vqdb" / "queries" / "metrics").glob("*.sql")
    defined = {m for f in files for m in re.findall(r"CREATE OR REPLACE MACRO ([a-z]\w*)", f.read_text())}
    assert defined <= macros
    for name in sorted(defined):
        assert f"### {name}(" in text, f"docs/metrics.md has no section for {name}"


def test_doc_examples_run_and_match():
    con = duckdb.connect()
    load_sql_macros(con)
    checked = 0
    for sql, expected in examples():
        statements = [s for s in sql.split(";") if s.strip()]
        for statement in statements[:-1]:
            con.execute(statement)
        rows = (
            con.sql(statements[-1]).fetchall()
            if statements[-1].strip().upper().startswith(("SELECT", "FROM"))
            else None
        )
        if rows is None:
            con.execute(statements[-1])
        if expected is not None:
            assert rounded(rows) == ast.literal_eval(expected.strip()), statements[-1]
            checked += 1
    if checked < 10:
        pytest.fail(f"only {checked} examples with results in {DOC}")
