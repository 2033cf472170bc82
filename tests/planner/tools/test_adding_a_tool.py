"""Adding a tool is one module in vqdb/planner/tools/ and its test: a tool registered here (as its module
would) is validated in plans, offered to the LLM planner, found in a corpus and compiled, with no other
file touched (a tool giving hits, as a plugin may). A second one gives graded scores instead, for the same
compiler."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlglot import exp

import vqdb
from vqdb.planner import Call, Plan, PlanError, available_tools, compile_plan, make_plan, retrieve, tools
from vqdb.planner.llm import build_messages
from vqdb.planner.sqlbuild import col, fn, join, table
from vqdb.planner.tools.base import Context, Tool
from vqdb.schema import TABLES
from vqdb.store import Store


class Captions(Tool):
    """the frame is shown while a subtitle cue whose text `contains_phrase` the query is on screen"""

    name = "captions"
    evidence = "hits"
    description = "subtitles: frames shown while a cue with the phrase is displayed"
    query_hint = "the exact words expected in the subtitles"
    extractor = "subtitles"
    table = "subtitles"

    def select(self, ctx: Context) -> exp.Select:
        cues = (
            exp.select(col("video_id"), col("start_s"), col("end_s"))
            .from_(table(self.table))
            .where(ctx.where(fn("contains_phrase", col("text"), ctx.text)))
        )
        during = exp.Between(this=col("ts", "s"), low=col("start_s", "c"), high=col("end_s", "c"))
        return (
            exp.select(col("video_id", "s"), col("frame_idx", "s"), col("ts", "s"))
            .distinct()
            .from_(ctx.sampled("s"))
            .join(join(cues.subquery("c"), exp.and_(col("video_id", "c").eq(col("video_id", "s")), during)))
        )


class CaptionsMatch(Tool):
    """the best `text_match(text, query)` of the subtitle cues shown with the frame"""

    name = "captions_match"
    description = "subtitles, fuzzily: frames ranked by how well the cue shown matches the query"
    query_hint = "words expected in the subtitles"
    extractor = "subtitles"
    table = "subtitles"

    def select(self, ctx: Context) -> exp.Select:
        during = exp.and_(
            col("video_id", "c").eq(col("video_id", "s")),
            exp.Between(this=col("ts", "s"), low=col("start_s", "c"), high=col("end_s", "c")),
        )
        score = fn("max", fn("text_match", col("text", "c"), ctx.text)).as_("score")
        return (
            exp.select(col("video_id", "s"), col("frame_idx", "s"), score)
            .from_(ctx.sampled("s"))
            .join(join(table(self.table, "c"), during))
            .group_by(col("video_id", "s"), col("frame_idx", "s"))
        )


@pytest.fixture
def registered(monkeypatch):
    """The two tools registered for one test (a copy of the registry is restored afterwards)."""
    monkeypatch.setattr(tools, "_REGISTRY", dict(tools._REGISTRY))
    tools.register(Captions)
    tools.register(CaptionsMatch)


@pytest.fixture
def corpus(tmp_path):
    """One 10 s video sampled at 1 fps with two subtitle cues, ingested by frames and subtitles only."""
    store = Store.create(tmp_path)
    frames = [{"video_id": "v", "frame_idx": i, "ts": float(i)} for i in range(10)]
    cues = [
        {"video_id": "v", "cue_id": 0, "start_s": 1.5, "end_s": 4.5, "text": "Ask not what your country"},
        {"video_id": "v", "cue_id": 1, "start_s": 7.0, "end_s": 8.0, "text": "can do for you"},
    ]
    video = {"video_id": "v", "duration_s": 10.0, "sample_fps": 1.0}
    store.commit(
        "v",
        "frames",
        {"frames": TABLES["frames"].from_rows(frames), "videos": TABLES["videos"].from_rows([video])},
        model=None,
        settings={},
    )
    store.commit("v", "subtitles", {"subtitles": TABLES["subtitles"].from_rows(cues)}, model=None, settings={})
    with vqdb.connect(tmp_path, progress=False) as corpus:
        yield corpus


def test_an_unregistered_tool_is_refused():
    with pytest.raises(PlanError, match="unknown tool 'captions'"):
        Call("Q1", "captions", "ask not")


def test_a_registered_tool_is_used_everywhere(registered, corpus):
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "captions", "query": "ask not"}]})
    assert tools.names()[-2:] == ["captions", "captions_match"]
    assert "- captions: subtitles: frames shown while" in build_messages("q")[0]["content"]
    assert available_tools(corpus) == ["subtitle", "captions", "captions_match"]
    assert make_plan('when is "EXIT" shown', available_tools=available_tools(corpus)).is_uniform
    result = retrieve(corpus, "ignored", video="v", plan=plan, k=1)
    # the cue is shown over frames 2, 3, 4: the median of that run of hits
    assert [(r["frame_idx"], r["supporting_calls"]) for r in result.keyframes.to_pylist()] == [(3, ["Q1"])]
    assert "CONTAINS_PHRASE(text, 'ask not')" in result.sql


def test_a_text_tool_can_give_graded_scores_to_the_same_compiler(registered, corpus):
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "captions_match", "query": "for you"}]})
    result = retrieve(corpus, "ignored", video="v", plan=plan, k=2, gap=2.0)
    # frames 7 and 8 show "can do for you" (score 1); the next best are 2-4 ("your country": a partial match)
    assert [r["frame_idx"] for r in result.keyframes.to_pylist()] == [2, 7]


def test_the_docs_example_tool_registers_and_compiles(monkeypatch):
    docs = (Path(__file__).resolve().parents[3] / "docs" / "planner.md").read_text()
    section = docs.split("## Adding a tool", 1)[1]
    module = section.split("```python\n", 1)[1].split("\n```", 1)[0]
    monkeypatch.setattr(tools, "_REGISTRY", dict(tools._REGISTRY))
    exec(compile(module, "docs/planner.md", "exec"), {})
    sql = compile_plan(Plan((Call("Q1", "captions", "ask not"),)), video_id="v", k=1)
    assert "CONTAINS_PHRASE(text, 'ask not')" in sql and "FROM subtitles" in sql
