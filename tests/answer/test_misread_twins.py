"""Options OCR cannot tell apart, and the one the near-misread distractors were made from."""

from __future__ import annotations

import pytest

from vqdb.answer.misread_twins import likeliest_original, twins_of


@pytest.mark.parametrize(
    ("options", "chosen", "twins"),
    [
        (["Pad 39B", "Pad 39A", "Pad 398", "Pad 3B"], 2, [0]),  # B read 8
        (["Room 1O1", "Room 101", "Room 110"], 1, [0]),  # O read 0
        (["Modern", "Modem", "Model"], 1, [0]),  # rn read m
        (["KESTREL-Z", "KESTREL-2", "KESTREL-3"], 1, [0]),  # Z read 2
        (["Harbor Way", "Harbour Row", "HARBOR WAY"], 0, []),  # a letter's case is no misread
    ],
)
def test_twins_are_options_one_once_confusable_characters_are_one(options, chosen, twins):
    assert twins_of(options, chosen) == twins


@pytest.mark.parametrize(
    ("options", "twins", "original"),
    [
        (["39B", "39A", "398", "3B"], [2, 0], 0),  # each distractor one change from 39B
        (["0B00 123 4567", "0800 123 4561", "0800 123 4567", "0800 128 4567"], [2, 0], 2),
        (["channel2news.com", "channelznews.com", "channel7news.com"], [1, 0], 1),  # a tie keeps the one read
    ],
)
def test_the_original_is_the_option_nearest_all_the_others(options, twins, original):
    assert likeliest_original(options, twins) == original
