"""Text shown between two OCR reads: found from the frames between, not from footage that moves or text that stays."""

from __future__ import annotations

import numpy as np

from vqdb.ingest.brief_text import GAP_SURE, Flash, FlashWatch, flashes_between, gaps, grey
from vqdb.ingest.crops import Box
from vqdb.models.protocols import TextBox

FPS = 10


def frame(line: bool, texture_shift: int | None = None) -> np.ndarray:
    """A grey 192x108 frame, a striped line of 'glyphs' across its middle when ``line``, a band of sharp random
    texture there moved ``texture_shift`` pixels when given (footage passing by, sharp, then gone)."""
    image = np.full((108, 192, 3), 100, np.uint8)
    if texture_shift is not None:
        noise = np.random.default_rng(0).integers(0, 2, (12, 400)).astype(np.uint8) * 160
        image[48:60, 40:150] = noise[:, texture_shift : texture_shift + 110, None]
    if line:
        image[48:60, 40:150:4] = 255
        image[48:60, 42:150:4] = 0
    return image


def watched(frames) -> list:
    watch = FlashWatch([0.0, 1.0, 2.0])
    assert len(list(watch.watch(frames))) == len(frames)  # every frame passes on
    return watch.flashes


def test_a_line_shown_between_two_reads_is_a_flash_with_its_times_and_place():
    flashes = watched([(t / FPS, frame(12 <= t < 18)) for t in range(2 * FPS + 1)])
    assert [(f.start_s, f.end_s) for f in flashes] == [(1.2, 1.8)]
    box = flashes[0].box
    assert box.x0 < 40 / 192 and box.x1 > 150 / 192 and box.y0 < 48 / 108 and box.y1 > 60 / 108
    assert 1.2 <= flashes[0].at_s < 1.8


def test_a_line_that_stays_to_the_next_read_or_shows_a_blink_is_no_flash():
    assert watched([(t / FPS, frame(t >= 12)) for t in range(2 * FPS + 1)]) == []  # read at 2 s
    assert watched([(t / FPS, frame(t in (5, 6))) for t in range(2 * FPS + 1)]) == []  # 0.2 s: no one reads it


def test_sharp_footage_moving_between_two_reads_is_no_flash():
    # a sharp band passes between the reads, line-shaped like text, but its strokes move every frame
    passing = [(t / FPS, frame(False, None if t in (0, FPS) else 7 * t)) for t in range(FPS + 1)]
    assert flashes_between([(ts, grey(image)) for ts, image in passing]) == []
    held = [(t / FPS, frame(False, None if t in (0, FPS) else 7)) for t in range(FPS + 1)]  # the same band, still
    assert len(flashes_between([(ts, grey(image)) for ts, image in held])) == 1


def test_a_place_left_by_one_text_a_while_before_the_next_came_is_read_between():
    lamb, king = TextBox("the lamb", 1.0, (0.2, 0.5, 0.7, 0.8)), TextBox("the ONE", 0.7, (0.25, 0.5, 0.75, 0.8))
    logo = TextBox("echo", 1.0, (0.1, 0.1, 0.4, 0.3))
    reads = [(10.0, [logo, lamb]), (11.0, [logo, king])]
    shown = [[(9.0, 11.0), (9.1, 10.067)], [(10.0, 11.8), (10.967, 11.8)]]
    frame_times = [k / 30 for k in range(400)]
    assert gaps(reads, shown, frame_times) == [
        Flash(10.067, 10.967, frame_times[316], Box(0.2, 0.5, 0.75, 0.8), GAP_SURE)
    ]


def test_a_text_replaced_at_once_a_gap_a_flash_already_reads_or_edges_unknown_are_no_gap():
    old, new = TextBox("Gate opens", 0.9, (0.1, 0.7, 0.4, 0.8)), TextBox("Final call", 0.9, (0.1, 0.7, 0.35, 0.8))
    reads = [(4.0, [old]), (5.0, [new])]
    frame_times = [k / 25 for k in range(250)]
    assert gaps(reads, [[(1.0, 4.5)], [(4.5, 8.0)]], frame_times) == []  # replaced at once
    assert gaps(reads, [[(1.0, None)], [(4.9, 8.0)]], frame_times) == []
    flash = Flash(4.2, 4.9, 4.5, Box(0.05, 0.65, 0.5, 0.85))
    assert gaps(reads, [[(1.0, 4.2)], [(4.9, 8.0)]], frame_times, [flash]) == []
    assert gaps(reads, [[(1.0, 4.2)], [(4.9, 8.0)]], frame_times) == [
        Flash(4.2, 4.9, 4.56, Box(0.1, 0.7, 0.4, 0.8), GAP_SURE)
    ]


def test_two_values_of_a_counter_leave_no_gap_to_read():
    box = (0.4, 0.4, 0.6, 0.5)
    reads = [(1.0, [TextBox("30.000", 0.9, box)]), (2.0, [TextBox("60.000", 0.9, box)])]
    assert gaps(reads, [[(1.0, 1.033)], [(2.0, 2.033)]], [k / 30 for k in range(90)]) == []


def test_a_line_typed_on_leaves_no_gap_to_read():
    # "Send S" at 0 s, "Send Spike" typed whole at 0.46: the half-typed "Send Spi" between is no text of its own
    typed, whole = (
        TextBox("Send S", 0.96, (0.47, 0.56, 0.54, 0.63)),
        TextBox("Send Spike", 0.86, (0.47, 0.56, 0.54, 0.66)),
    )
    frame_times = [k / 24 for k in range(48)]
    assert gaps([(0.0, [typed]), (0.96, [whole])], [[(0.0, 0.125)], [(0.459, 1.5)]], frame_times) == []
