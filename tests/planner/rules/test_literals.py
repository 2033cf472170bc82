"""A reduction said as a fraction ("half price") is read as the percentage a sign prints ("50% OFF")."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan


@pytest.mark.parametrize(
    ("question", "percent"),
    [("half price sign", "50%"), ("when is everything a quarter off?", "25%"), ("the half-price tickets", "50%")],
)
def test_a_fraction_off_is_read_as_its_percentage(question, percent):
    found = {(c.tool, c.query) for c in rule_plan(question).queries}
    assert ("ocr", percent) in found


def test_half_of_something_else_is_no_reduction():
    assert not any("%" in c.query for c in rule_plan("when does half the crowd leave").queries)
