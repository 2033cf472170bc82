"""The rule planner's answer options (``vqdb.planner.rules.options``) on how benchmark questions ask a count
or a length of time: their options ("four times", "3 pieces", "15 seconds") are neither pictured nor words
of the video and are not looked for, unless the question asks what is read or said."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan

COUNTS = ["Twice", "Three times", "4", "5 pieces"]
LENGTHS = ["12 seconds", "Two minutes and thirty seconds"]


def queries(question: str, options: list[str]) -> list[tuple[str, str]]:
    return [(c.tool, c.query) for c in rule_plan(question, options).queries]


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("How many times did the protagonist tighten the screws by hand?", COUNTS),
        ("When the soldier practices, how many targets are there in front of him?", COUNTS),
        ("In the video, how many dancers appeared on the stage?", COUNTS),
        ("How long did the protagonist rest after lifting his right foot?", LENGTHS),
        ("How many times does he say 'hello'?", COUNTS),
    ],
)
def test_the_options_of_a_count_or_a_length_of_time_are_not_looked_for(question, options):
    found = [query for _, query in queries(question, options)]
    assert found and not set(found) & set(options)


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("How many points does the scoreboard show?", ["3", "4"]),  # a display of text: read
        ("How long is the bridge, according to the guide?", ["2 km", "3 km"]),  # said
        ("What is the price of the soup?", ["$25", "$30"]),  # not a count
        ("What is the dog holding?", ["A ball", "A stick"]),
    ],
)
def test_options_read_said_or_not_counted_are_looked_for(question, options):
    found = {query for _, query in queries(question, options)}
    assert set(options) <= found


def test_a_count_question_keeps_its_options_with_no_visual_tool_when_they_are_text():
    plan = rule_plan("How many points does the scoreboard show?", ["3", "4"], ["ocr", "transcript"])
    assert {c.query for c in plan.queries} >= {"3", "4"}


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("What shape is the bucket that appears on the screen?", ["square", "triangle"]),
        ("What color is the English displayed on the big screen?", ["pink", "orange"]),
        ("When the protagonist introduces the meerkat, what animal appeared on the screen?", ["Dingo", "Fox"]),
        ("What was the weather when the museum appeared on the screen?", ["Cloudy Skies", "Foggy Morning"]),
    ],
)
def test_what_is_seen_of_a_thing_on_the_screen_is_a_picture_not_text(question, options):
    assert {tool for tool, query in queries(question, options) if query in options} == {"siglip"}


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("What text appeared on the screen?", ["PostgreSQL", "SQL Server"]),
        ("What was the color number of the lipstick on the screen?", ["Color 08", "Color 07"]),
    ],
)
def test_words_asked_on_the_screen_are_still_read(question, options):
    assert "ocr" in {tool for tool, query in queries(question, options) if query in options}


WEBSITES = ["www.marxists.org", "www.gutenberg.org"]


def options_tools(question: str, options: list[str]) -> set[str]:
    return {c.tool for c in rule_plan(question, options).queries if c.query in options}


@pytest.mark.parametrize(
    ("question", "options", "tools"),
    [
        # an address or a question asked for is words: read, or heard where who gives or asks it speaks
        ("Which web address is printed in the bottom right corner?", WEBSITES, {"ocr"}),
        ("Which website does the reader give for the text version?", WEBSITES, {"transcript"}),
        ("What's the example question next to the picture of the taxi?", ["Why is it funny?", "Describe it."], {"ocr"}),
        (
            "what was the first question the boy in white clothes asked the boy in black?",
            ["Why is it funny?", "Describe it."],
            {"transcript"},
        ),
    ],
)
def test_the_options_of_an_address_or_a_question_asked_for_are_words(question, options, tools):
    assert options_tools(question, options) == tools
