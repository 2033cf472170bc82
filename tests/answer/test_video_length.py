"""Questions about the video's own length and the option nearest its duration."""

from __future__ import annotations

import pytest

from vqdb.answer.video_length import asks_length, length_text, nearest_length


@pytest.mark.parametrize(
    "question",
    [
        "how long is the video?",
        "How long is this clip",
        "What's the length of the video?",
        "What is the video's duration?",
        "How many minutes long is the film?",
        "How long does the video last?",
        "what is the total running time of the movie",
    ],
)
def test_questions_about_the_videos_length(question):
    assert asks_length(question)


@pytest.mark.parametrize(
    "question",
    [
        "How long does the man talk?",
        "How long is the bridge?",
        "How long after the title does he speak?",
        "How long is the EXIT sign shown?",
        "What is the length of the rope in the video?",
    ],
)
def test_questions_about_something_in_the_video_are_not(question):
    assert not asks_length(question)


def test_the_nearest_option_is_sure_only_when_clearly_nearest():
    assert nearest_length(24.0, ["0:24", "1:00", "2:00"]) == (0, True)
    assert nearest_length(24.0, ["24 seconds", "25 seconds"]) == (0, False)  # the next is nearly as near
    assert nearest_length(24.0, ["2 minutes", "5 minutes"]) == (0, False)  # far from the duration itself
    assert nearest_length(24.0, ["a dog", "0:24"]) is None


def test_length_text_says_seconds_and_clock():
    assert length_text(44.652) == "44.7 seconds (0:45)"
