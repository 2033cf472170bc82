"""Options that abstain ("None of the above") against options that name something."""

from __future__ import annotations

import pytest

from vqdb.answer.abstain import abstaining_option, abstains


@pytest.mark.parametrize(
    "option",
    [
        "None of the above",
        "none of these.",
        "Neither",
        "Not mentioned",
        "It is not shown in the video",
        "The video doesn't say",
        "The narrator does not mention it",
        "Cannot be determined",
        "Not enough information",
    ],
)
def test_abstentions(option):
    assert abstains(option)


@pytest.mark.parametrize(
    "option",
    [
        "Hyatt",
        "None of the children cry",
        "No, there is no flag in the video",
        "Nothing, it's silent",
        "It couldn't tell",
        "Not bad at all",
        "The video shows a dog",
    ],
)
def test_options_that_say_what_the_video_holds_do_not_abstain(option):
    assert not abstains(option)


def test_only_a_single_abstention_is_one():
    assert abstaining_option(["Hilton", "The video does not say", "Hyatt"]) == 1
    assert abstaining_option(["Neither", "None of the above", "Hyatt"]) is None
