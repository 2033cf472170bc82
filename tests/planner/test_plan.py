"""Plan JSON: parsing, validation errors, round trips, dropping unavailable tools."""

from __future__ import annotations

import pytest

from vqdb.planner.plan import Call, Plan, PlanError, uniform_plan

GOOD = {
    "queries": [{"id": "Q1", "tool": "siglip", "query": "a dog"}, {"id": "Q2", "tool": "audio", "query": "bark"}],
    "combine": "Q1 AND Q2",
}


def test_round_trip():
    plan = Plan.from_json(GOOD)
    assert plan.to_dict() == GOOD and Plan.from_json(plan.to_json()) == plan
    said = {"queries": [{"id": "Q1", "tool": "transcript", "query": "money", "extent": "statement"}], "combine": "Q1"}
    assert Plan.from_json(said).to_dict() == said and Plan.from_json(said).queries[0].extent == "statement"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ({"queries": [], "combine": "", "why": "x"}, r"unknown key\(s\) \['why'\]"),
        ({"queries": "Q1"}, "must be a list of calls"),
        (
            {"queries": [{"id": "Q1", "tool": "ocr"}]},
            r"with id, tool, query \(and optionally when, place, size, extent\)",
        ),
        ({"queries": [{"id": "Q1", "tool": "ocr", "query": "x", "place": "up"}]}, "place must be one of top, bottom"),
        ({"queries": [{"id": "Q1", "tool": "ocr", "query": "x", "size": "big"}]}, "size must be one of large, small"),
        (
            {"queries": [{"id": "Q1", "tool": "transcript", "query": "x", "size": "large"}]},
            r"place and size need a tool that reads text boxes on screen \(ocr\); transcript does not",
        ),
        ({"queries": [{"id": "Q1", "tool": "ocr", "query": "x", "when": "during"}]}, "when must be one of after"),
        (
            {"queries": [{"id": "Q1", "tool": "transcript", "query": "x", "extent": "sentence"}]},
            "extent must be one of statement",
        ),
        (
            {"queries": [{"id": "Q1", "tool": "ocr", "query": "x", "extent": "statement"}]},
            r"extent 'statement' needs a tool that has it \(transcript, subtitle\); ocr has not",
        ),
        (
            {"queries": [{"id": "Q1", "tool": "ocr", "query": "x", "extent": "phrase"}]},
            r"extent 'phrase' needs a tool that has it \(transcript, subtitle, audio\); ocr has not",
        ),
        ({"queries": [{"id": "1Q", "tool": "ocr", "query": "x"}]}, "call id '1Q' is invalid"),
        ({"queries": [{"id": "Q1", "tool": "ocr", "query": "  "}]}, "needs words to read"),
        ({"queries": [{"id": "Q1", "tool": "siglip", "query": "  "}]}, "non-empty string"),
        ({"queries": [{"id": "Q1", "tool": "ocr", "query": "x" * 501}]}, "keep it under 500"),
        ({**GOOD, "combine": "Q1 AND Q3"}, r"unknown call id\(s\) \['Q3'\]"),
        ({**GOOD, "combine": "Q1"}, r"call\(s\) \['Q2'\] are not used"),
        ({**GOOD, "combine": ""}, "2 calls but no combine expression; e.g. 'Q1 AND Q2'"),
        ({"queries": GOOD["queries"] * 2, "combine": "Q1"}, "used more than once"),
        ({"queries": [], "combine": "Q1"}, "the plan has no calls"),
        ({**GOOD, "combine": 3}, "must be a string"),
        ({**GOOD, "order": "earliest"}, r"order must be one of first, second, \.\.\., tenth, last"),
        ({**GOOD, "order": 2}, r"got 2 \(the order is a word: 'second'\)"),
        ({**GOOD, "order": "again"}, "got 'again'"),
        ({"queries": [], "combine": "", "order": "first"}, "order 'first' given but the plan has no calls"),
    ],
)
def test_invalid_plans_are_named(data, message):
    with pytest.raises(PlanError, match=message):
        Plan.from_json(data)


def test_dropping_tools_keeps_the_rest_of_the_expression():
    plan = Plan(
        (Call("Q1", "siglip", "man"), Call("Q2", "ocr", "EXIT"), Call("Q3", "transcript", "hi")), "Q1 AND (Q2 OR Q3)"
    )
    left = plan.without_tools({"ocr"})
    assert left.combine == "Q1 AND Q3" and [c.id for c in left.queries] == ["Q1", "Q3"]
    assert left.notes == ("dropped Q2 (ocr 'EXIT'): tool ocr is not available in this corpus",)
    nothing = plan.without_tools({"siglip", "ocr", "transcript"})
    assert nothing.is_uniform and nothing.notes[-1] == "no usable calls left: sampling frames uniformly"
    assert plan.without_tools({"audio"}) is plan


def test_uniform_plan_is_empty():
    assert uniform_plan().to_dict() == {"queries": [], "combine": ""} and uniform_plan().is_uniform


def test_an_order_round_trips_and_goes_when_no_call_is_left():
    ordered = Plan.from_json({**GOOD, "order": "last"})
    assert ordered.order == "last" and Plan.from_json(ordered.to_json()) == ordered
    assert ordered.to_dict()["order"] == "last" and "order" not in Plan.from_json(GOOD).to_dict()
    assert ordered.without_tools({"siglip"}).order == "last"
    assert ordered.without_tools({"siglip", "audio"}).order is None


def test_an_nth_order_names_its_occurrence():
    third = Plan.from_json({**GOOD, "order": "third"})
    assert third.occurrence == 3 and Plan.from_json(third.to_json()) == third and third.to_dict()["order"] == "third"
    assert Plan.from_json({**GOOD, "order": "first"}).occurrence == 1
    assert Plan.from_json({**GOOD, "order": "last"}).occurrence is None and Plan.from_json(GOOD).occurrence is None


def test_a_place_and_size_round_trip_and_stay_out_of_plans_without_them():
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT", "place": "top-left"}]})
    assert plan.queries[0].place == "top-left" and plan.queries[0].size is None
    assert Plan.from_json(plan.to_json()) == plan
    assert '"place": "top-left"' in plan.to_json() and "size" not in plan.to_json()
    assert "place" not in Plan((Call("Q1", "ocr", "EXIT"),)).to_json()


def test_a_call_with_no_words_needs_a_place_or_size_to_read_and_a_tool_that_reads_boxes():
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "", "place": "top"}]})
    assert plan.queries[0].query == "" and Plan.from_json(plan.to_json()) == plan
    assert Call("Q1", "ocr", "", size="large").size == "large"
    with pytest.raises(PlanError, match=r"call Q1: an ocr call needs words to read \(query\) or where its text is"):
        Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": ""}]})
    with pytest.raises(PlanError, match="call Q1: query must be the words to read, or empty"):
        Call("Q1", "ocr", "   ", place="top")
    with pytest.raises(PlanError, match="call Q1: query must be a non-empty string"):
        Call("Q1", "transcript", "")
    with pytest.raises(PlanError, match="call Q1: query must be a string"):
        Call("Q1", "ocr", None, place="top")  # type: ignore[arg-type]
