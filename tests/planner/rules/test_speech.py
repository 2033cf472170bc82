"""A value said, named by its kind ("when does she give the year", "when is the budget figure mentioned"), is
looked for by its form as well as its words; what is said after "describes X as" is Y, not X."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.speech import value_forms


def _said(question: str) -> set[str]:
    return {c.query for c in rule_plan(question).queries if c.tool == "transcript"}


@pytest.mark.parametrize(
    ("question", "form"),
    [
        ("when does she give the year", "{year}"),
        ("when does she give the percentage", "{percent}"),
        ("when is the budget figure mentioned", "{price}"),
        ("when is the monthly savings amount given", "{price}"),
        ("at what time does the announcer give the departure time", "{time}"),
        ("at what time is the date of the bible said", "{year}"),
        ("when does she mention the year it was printed", "{year}"),  # which value: a relative clause
        ("when does the announcer give the time the train leaves", "{time}"),
        ("when does she mention the 42 line bible and the year it was printed", "{year}"),  # two things named
    ],
)
def test_a_value_named_by_its_kind_is_looked_for_by_its_form(question: str, form: str) -> None:
    assert form in _said(question)


@pytest.mark.parametrize(
    "question",
    [
        "when is the year 1455 mentioned",
        "when is the yearly total of three thousand pounds said",
        "the bit where the commentator says its full time",
        "when does he say the first time",
        "when is the dog given a treat",
        "when does she mention the bible and the 1455 date",
        "when does he say the time is up",
    ],
)
def test_a_value_given_or_no_value_adds_no_form(question: str) -> None:
    assert not any(q.startswith("{") for q in _said(question))


@pytest.mark.parametrize(
    ("question", "period"),
    [("when is the annual amount mentioned", "a year"), ("when does she quote the monthly figure", "a month")],
)
def test_a_value_named_by_its_period_is_looked_for_with_the_period_said(question: str, period: str) -> None:
    assert {"{price}", period} <= _said(question)


def test_a_period_without_a_value_named_adds_nothing() -> None:
    assert _said("when does he mention the monthly newsletter") == {"the monthly newsletter"}


def test_value_forms_of_a_date_include_a_year() -> None:
    assert value_forms("the date of the speech") == ("{date}", "{year}")


def test_what_is_described_as_is_what_is_said() -> None:
    said = _said("when does the ident describe the channel as the home of drama")
    assert said == {"home of drama"}
