"""Where on screen and how big a read is, against what the question says (the ocr tool's notions)."""

from __future__ import annotations

import numpy as np
import pytest

from vqdb.answer.evidence import Evidence
from vqdb.answer.screen_fit import read_box, read_height, screen_fit
from vqdb.answer.timeline import screen_stream, stream_of
from vqdb.planner.tools.ocr import MISPLACED

# a footer: a copyright line at the bottom left, the web address at the bottom right
FOOTER = screen_stream(
    "v",
    1.0,
    2.0,
    ["Copyright @ 2013 Brandon Castellano", "WWW bcastell com"],
    [[0.06, 0.83, 0.58, 0.90], [0.69, 0.83, 0.94, 0.89]],
    1.0,
)


def test_a_read_is_where_its_own_words_are():
    assert FOOTER.words[5:] == ("bcastell", "com")
    box = read_box(FOOTER, 5, 6)
    assert screen_fit("bottom-right", None, box, read_height(FOOTER, 5, 6, None)) == 1.0
    # the copyright line beside it is not in the corner; nor a read across both (its centre between them)
    assert screen_fit("bottom-right", None, read_box(FOOTER, 2, 3), 0.07) == MISPLACED
    assert screen_fit("bottom-right", None, read_box(FOOTER, 2, 6), 0.07) == MISPLACED
    assert screen_fit("top", None, box, 0.06) == MISPLACED


def test_big_letters_are_the_tallest_read_and_the_rest_lose_as_much_as_they_are_smaller():
    # the cover: 'Audible Socialism' 0.117 high either side of the fist, 'Communist Party' 0.108 below
    assert screen_fit(None, "large", np.array([0.24, 0.33, 0.76, 0.45]), 0.117, reference=0.117) == 1.0
    assert screen_fit(None, "large", np.array([0.34, 0.64, 0.66, 0.75]), 0.108, reference=0.117) == pytest.approx(
        0.923, abs=1e-3
    )
    # much smaller loses no more than a read not of the tool's size: MISPLACED
    assert screen_fit(None, "large", np.array([0.3, 0.9, 0.5, 0.92]), 0.02, reference=0.117) == MISPLACED
    # "small print": the shortest read wins
    assert screen_fit(None, "small", np.array([0.3, 0.9, 0.5, 0.92]), 0.02, reference=0.02) == 1.0
    assert screen_fit(None, "small", np.array([0.3, 0.2, 0.5, 0.3]), 0.1, reference=0.02) == MISPLACED
    # in the place and of the size: both weigh
    assert screen_fit("top", "large", np.array([0.3, 0.8, 0.5, 0.9]), 0.1, reference=0.2) == MISPLACED * MISPLACED


def test_a_read_without_a_box_is_neither_in_the_place_nor_of_the_size():
    heard = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 2.0, "workers of the world unite", 1.0)])
    assert read_box(heard, 0, 3) is None and read_height(heard, 0, 3, "large") is None
    assert screen_fit(None, "large", None, None) == MISPLACED
    assert screen_fit("bottom", "small", None, None) == pytest.approx(MISPLACED**2)
    assert screen_fit(None, None, None, None) == 1.0
