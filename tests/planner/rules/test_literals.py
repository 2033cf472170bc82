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


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("when is the model number AX-2048 on screen", "AX-2048"),
        ("when does the @oceanwatchuk handle appear", "@oceanwatchuk"),
        ("when does the version number 2.3.1 show up", "2.3.1"),
        ("when is the AX-2048 model number shown", "AX-2048"),
    ],
)
def test_the_noun_naming_a_literal_is_no_picture(question, read):
    # "the model number AX-2048": the noun says what kind of text it is; it was a siglip call ANDed with the read
    assert [(c.tool, c.query) for c in rule_plan(question).queries] == [("ocr", read)]


def test_a_code_named_with_its_compound_noun_is_found_by_the_code_alone():
    plan = rule_plan("when do they show the discount code LAUNCH20")
    assert {c.query for c in plan.queries} == {"LAUNCH20"}


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("what is shown at 5 p.m.?", "5 p.m."),
        ("when does the sign say 7.30 p.m.", "7.30 p.m."),
        ("when does the clock show 9 a.m.", "9 a.m."),
    ],
)
def test_a_time_of_day_written_with_points_is_read_whole(question, read):
    # the points of "p.m." ended the phrase: the text "5" or "7.30 p" and a picture of "m"
    found = {(c.tool, c.query) for c in rule_plan(question, None, ["ocr", "transcript", "subtitle"]).queries}
    assert found == {("ocr", read)}


def test_a_sentence_with_a_time_of_day_with_points_keeps_it_in_its_text():
    found = {c.query for c in rule_plan("when does it say doors open at 5 p.m.").queries}
    assert found == {"doors open at 5 p.m."}


@pytest.mark.parametrize(
    ("question", "number"),
    [
        ("when does the counter pass 8?", "8"),  # it reads 8 as it passes
        ("when does the score go past 100?", "100"),
        ("when does the countdown count down to 5?", "5"),
    ],
)
def test_a_display_passing_a_value_reads_it(question: str, number: str) -> None:
    assert [(c.tool, c.query) for c in rule_plan(question, available_tools=["ocr"]).queries] == [("ocr", number)]


def test_a_thing_passing_another_reads_no_value() -> None:
    assert all(c.query != "8" for c in rule_plan("when does car 8 pass the sign?", available_tools=["ocr"]).queries)


@pytest.mark.parametrize(
    ("question", "query"),
    [
        ("when does he say the meeting is at 3:30 pm today", "the meeting is at 3:30 pm today"),
        ("when does the sign say the shop opens at 9:00 am?", "shop opens at 9:00 am"),
    ],
)
def test_a_time_of_day_in_words_said_or_shown_is_no_time_in_the_video(question: str, query: str) -> None:
    assert query in {c.query for c in rule_plan(question, available_tools=["ocr", "transcript"]).queries}


@pytest.mark.parametrize("question", ["show me where the countdown starts at ten", "when does the timer begin at 5?"])
def test_a_display_starting_at_a_value_reads_it(question):
    """blind5 l3: 'countdown starts at ten' was looked for as those words; the countdown shows 10 first."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert [(c.tool, c.query) for c in plan.queries] in ([("ocr", "10")], [("ocr", "5")])


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("At 00:00:02;00 on the timecode, what does the number say?", "00:00:02;00"),
        ("what does the big number say at 01:02:15;12 on the timecode?", "01:02:15;12"),
    ],
)
def test_a_drop_frame_timecode_is_read_whole(question, read):
    # 29.97 fps timecodes put the frames after a semicolon: the rules ended a phrase there and read "00"
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    queries = {c.query for c in plan.queries if c.tool == "ocr"}
    assert read in queries and not queries & {"00", "12"}
