"""Options written with their own letters ("A. Apples.") against options whose first word is a letter."""

from __future__ import annotations

import pytest

from vqdb.answer.option_labels import unlabelled


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["A. Apples.", "B. Candles.", "C. Berries."], ["Apples.", "Candles.", "Berries."]),  # Video-MME
        (["(A) ls /usr", "(B) cd /usr"], ["ls /usr", "cd /usr"]),
        (["A) 42", "B) 24"], ["42", "24"]),
        (["A: the truth", "B: the life"], ["the truth", "the life"]),
    ],
)
def test_letters_in_order_are_taken_off(options, expected):
    assert unlabelled(options) == expected


@pytest.mark.parametrize(
    "options",
    [
        ["A cat", "B. dog"],  # one option is not labelled: "A" is a word
        ["B. one", "A. two"],  # out of order
        ["A. one", "C. two"],  # a letter skipped
        ["B-52", "A-10"],
        ["A.", "B."],  # nothing after the letter: the letter is the option
    ],
)
def test_options_not_all_labelled_in_order_are_kept(options):
    assert unlabelled(options) == options
