"""The tool registry: order, lookup errors, what registration refuses, and what it keeps in step."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlglot import exp

from vqdb.planner import tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.tools.base import Tool

REPO = Path(__file__).resolve().parents[3]


def test_tools_come_in_the_documented_order():
    assert tools.names() == ["siglip", "region", "ocr", "transcript", "subtitle", "audio"]
    assert all(tools.get(n).evidence == "scores" for n in tools.names())
    assert [n for n in tools.names() if tools.get(n).spans] == ["ocr", "transcript", "subtitle", "audio"]


def test_an_unknown_tool_is_named_with_the_known_ones():
    with pytest.raises(
        PlanError, match="unknown tool 'smell'; choose from siglip, region, ocr, transcript, subtitle, audio"
    ):
        tools.get("smell")


def test_every_tool_has_its_test_module():
    missing = [n for n in tools.names() if not (Path(__file__).parent / f"test_{n}.py").is_file()]
    assert not missing, f"add tests/planner/tools/test_<tool>.py for {missing}"


def test_the_tool_table_of_the_docs_is_the_registry():
    docs = (REPO / "docs" / "planner.md").read_text()
    assert tools.markdown_table() in docs, "docs/planner.md: paste vqdb.planner.tools.markdown_table() as the table"


def make(**attributes) -> type[Tool]:
    """A Tool subclass with good attributes, overridden by ``attributes``."""

    def select(self, ctx):
        return exp.select(exp.Star()).from_(exp.to_table(self.table))

    good = {
        "__doc__": "what it finds",
        "name": "good",
        "description": "finds things",
        "query_hint": "a thing",
        "extractor": "subtitles",
        "table": "subtitles",
        "select": select,
    }
    return type("Made", (Tool,), good | attributes)


@pytest.mark.parametrize(
    ("attributes", "message"),
    [
        ({"name": "Bad Name"}, "name 'Bad Name' must be lower case"),
        ({"name": "siglip"}, "tool name 'siglip' is taken by Siglip"),
        ({"description": " "}, "give a description"),
        ({"query_hint": None}, "give a query_hint"),
        ({"__doc__": None}, "give the class a docstring"),
        ({"table": "subtitle"}, "table 'subtitle' is not one of videos, frames"),
        ({"extractor": "asr"}, "extractor 'asr' does not write table subtitles .extractor 'subtitles' does."),
        ({"vector_index": "subtitle"}, "search reads subtitle, not among videos, frames"),
        ({"text_indexes": ("subtitles", "ocr_span")}, "search reads ocr_span, not among videos, frames"),
        ({"evidence": "ranks"}, "evidence must be one of .'scores', 'hits'., got 'ranks'"),
        ({"evidence": "hits", "spans": True}, "only a tool giving scores gives spans"),
    ],
)
def test_registration_refuses_a_bad_tool(monkeypatch, attributes, message):
    monkeypatch.setattr(tools, "_REGISTRY", dict(tools._REGISTRY))
    with pytest.raises(PlanError, match=message):
        tools.register(make(**attributes))
    tools.register(make())
    assert tools.names()[-1] == "good"
