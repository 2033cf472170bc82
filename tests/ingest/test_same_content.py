"""Same content: a part that is dimmed, faded or moved a little still shows what was seen; a changed glyph does not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vqdb.ingest.same_content import Seen, grey

BOX = (0.05, 0.2, 0.75, 0.45)  # around the line of text below


def page(text: str = "Total 12:07 items", top: int = 60) -> np.ndarray:
    image = np.full((240, 640, 3), 245, np.uint8)
    cv2.putText(image, text, (40, top), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (20, 20, 20), 2, cv2.LINE_AA)
    return image


def seen_of(image: np.ndarray) -> Seen:
    seen = Seen()
    seen.take(image)
    return seen


def test_a_dimmed_line_is_the_same_where_it_was():
    dimmed = (page().astype(np.float32) * 0.55 + 40).astype(np.uint8)  # a panel greyed out while a page works
    assert seen_of(page()).offset(grey(dimmed), BOX) == (0, 0)


@pytest.mark.parametrize("dy", [-13, -4, 6])
def test_a_line_moved_a_little_is_found_where_it_went(dy):
    assert seen_of(page()).offset(grey(page(top=60 + dy)), BOX) == (0, dy)


@pytest.mark.parametrize("changed", ["Total 12:08 items", "Total 12:07 itens", "Tota1 12:07 items"])
def test_one_glyph_changed_is_not_the_same(changed):
    assert seen_of(page()).offset(grey(page(changed)), BOX) is None


def test_a_flat_part_is_the_same_while_it_stays_flat():
    blank = page("")
    assert seen_of(blank).offset(grey((blank * 0.5).astype(np.uint8)), BOX) == (0, 0)
    assert seen_of(blank).offset(grey(page()), BOX) is None


def test_nothing_seen_or_another_size_is_not_the_same():
    assert Seen().offset(grey(page()), BOX) is None
    assert seen_of(page()).offset(grey(cv2.resize(page(), (320, 120))), BOX) is None


def test_taking_parts_keeps_what_was_seen_elsewhere():
    seen = seen_of(page())
    seen.take(page("Other words here"), [(0.0, 0.0, 1.0, 0.1)])  # only a strip above the line is taken
    assert seen.offset(grey(page()), BOX) == (0, 0)
    seen.take(page("Other words here"), [BOX])
    assert seen.offset(grey(page()), BOX) is None
