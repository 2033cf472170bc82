"""Crop boxes for region embeddings: the full frame, a grid of tiles and a centre crop.

Boxes are normalized to 0..1 as ``(x0, y0, x1, y1)``; region 0 is always the full frame.

Example:
    >>> [tuple(b) for b in crop_boxes(grid=2, center=True)][:2]
    [(0.0, 0.0, 1.0, 1.0), (0.0, 0.0, 0.5, 0.5)]
    >>> len(crop_boxes(grid=2, center=True))
    6
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from vqdb.errors import ConfigError


class Box(NamedTuple):
    """A crop box normalized to the frame size: left, top, right, bottom in 0..1."""

    x0: float
    y0: float
    x1: float
    y1: float


def crop_boxes(grid: int = 2, center: bool = True) -> list[Box]:
    """The full frame, then ``grid`` x ``grid`` tiles row by row, then (if ``center``) the central half.

    ``grid`` 0 or 1 adds no tiles (the full frame is already region 0).

    Example:
        >>> crop_boxes(grid=1, center=True)
        [Box(x0=0.0, y0=0.0, x1=1.0, y1=1.0), Box(x0=0.25, y0=0.25, x1=0.75, y1=0.75)]
    """
    if grid < 0:
        raise ConfigError(f"region_grid must be >= 0 (0 or 1: no tiles), got {grid!r}; the default is 2")
    boxes = [Box(0.0, 0.0, 1.0, 1.0)]
    if grid > 1:
        edges = [i / grid for i in range(grid + 1)]
        boxes += [Box(edges[c], edges[r], edges[c + 1], edges[r + 1]) for r in range(grid) for c in range(grid)]
    if center:
        boxes.append(Box(0.25, 0.25, 0.75, 0.75))
    return boxes


def crop(image: np.ndarray, box: Box) -> np.ndarray:
    """The pixels of ``image`` (H x W x C) inside the normalized ``box``, at least 1 x 1.

    Example:
        >>> import numpy as np
        >>> crop(np.zeros((360, 640, 3), np.uint8), Box(0.5, 0.0, 1.0, 0.5)).shape
        (180, 320, 3)
    """
    height, width = image.shape[:2]
    left, right = round(box.x0 * width), round(box.x1 * width)
    top, bottom = round(box.y0 * height), round(box.y1 * height)
    right, bottom = max(right, left + 1), max(bottom, top + 1)
    return image[top:bottom, left:right]


def overlaps(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether two normalized boxes ``(x0, y0, x1, y1)`` share some area (touching edges do not).

    Example:
        >>> overlaps((0.0, 0.0, 0.5, 0.5), (0.4, 0.4, 1.0, 1.0)), overlaps((0.0, 0.0, 0.5, 0.5), (0.5, 0.0, 1.0, 0.5))
        (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
