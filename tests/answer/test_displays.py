"""Words of one screen on one display (a sign, a lower third, a block of credits) or on several."""

from __future__ import annotations

import pytest

from vqdb.answer.displays import one_display
from vqdb.answer.timeline import screen_stream

LOGO = [0.0, 0.0, 0.2, 0.05]
SIGN = [0.6, 0.28, 0.85, 0.34]
NAME, TITLE = [0.05, 0.78, 0.3, 0.83], [0.05, 0.84, 0.4, 0.89]  # a lower third's two lines
BESIDE = [0.32, 0.28, 0.5, 0.34]  # a box on the sign's line, just before it


@pytest.mark.parametrize(
    ("texts", "boxes", "one"),
    [
        (["NORTHWIND", "Kessler Ave"], [LOGO, SIGN], False),  # a corner logo and a street sign
        (["Ines Morales", "Head of Operations"], [NAME, TITLE], True),  # lines stacked in one block
        (["Kessler", "Ave"], [BESIDE, SIGN], True),  # one line read as two boxes
        (["NORTHWIND", "Head of Operations"], [LOGO, TITLE], False),
    ],
)
def test_boxes_joined_by_lines_and_stacked_lines_are_one_display(texts, boxes, one):
    stream = screen_stream("v", 0.0, 1.0, texts, boxes, 0.0)
    assert one_display(stream, 0, len(stream.words) - 1) is one


def test_words_of_one_box_are_one_display():
    stream = screen_stream("v", 0.0, 1.0, ["NORTHWIND", "Kessler Ave"], [LOGO, SIGN], 0.0)
    assert one_display(stream, 1, 2)
