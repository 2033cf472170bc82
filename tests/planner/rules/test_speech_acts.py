"""Speech acts done on screen: a verb of saying or typing whose clause names a place text is typed into (a
terminal, a chat, a prompt, a search bar) is read on screen, not heard; "on screen" alone is no such place."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.speech_acts import typed_place, typed_text

NO_PICTURES = ["ocr", "transcript", "subtitle", "audio"]


def _calls(question: str) -> list[tuple[str, str]]:
    return [(c.tool, c.query) for c in rule_plan(question, available_tools=NO_PICTURES).queries]


@pytest.mark.parametrize(
    "question",
    [
        "Which folder does he list in the terminal?",  # blind4 h-c: planned transcript 'in the terminal'
        "when does someone ask in the chat what to be cautious about?",
        "What command does he type in the terminal?",  # planned ocr and transcript 'type'
        "when does he enter the command at the prompt?",
    ],
)
def test_what_is_said_or_typed_in_a_place_of_typed_text_is_not_heard(question: str) -> None:
    assert not any(tool in ("transcript", "subtitle") for tool, _ in _calls(question))


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("when does someone ask in the chat what to be cautious about?", "cautious"),
        ("when does he type ls in the terminal", "ls"),
    ],
)
def test_the_words_typed_are_read(question: str, read: str) -> None:
    assert any(tool == "ocr" and read in query for tool, query in _calls(question))


@pytest.mark.parametrize(
    "question",
    [
        "what does he say on screen?",  # an interview: speech
        "at what point does the guy say he's going to list a directory",
        "what does the host say at the window about the rain?",
    ],
)
def test_saying_with_no_place_of_typed_text_is_still_heard(question: str) -> None:
    assert any(tool == "transcript" for tool, _ in _calls(question))


@pytest.mark.parametrize(
    ("clause", "typed"),
    [(" in the terminal?", True), (" into the search bar", True), (" on screen", False), (" in the bar", False)],
)
def test_a_place_of_typed_text_is_a_terminal_or_a_box_of_text_not_a_bar(clause: str, typed: bool) -> None:
    assert (typed_place(clause) is not None) == typed


def test_typing_with_no_place_named_is_left_to_other_rules() -> None:
    assert typed_text("when does she write her name") == (None, "when does she write her name")
