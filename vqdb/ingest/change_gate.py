"""Change gating: which parts of a frame changed since OCR last read them, so only those are read again.

A frame is compared with the reference: the frames OCR read, part by part (not with its predecessor, so a
slow drift still triggers a new read once it adds up). Both are reduced to grey thumbnails 512 pixels
wide and compared tile by tile (32x32 pixels of that thumbnail, a sixteenth of the width): a tile changed
when its mean absolute difference (grey levels 0..1) is above the threshold. A tile-wise test rather than
a whole-frame mean is what makes a small change count: burned-in digits that tick every second
(``smpte-2997.mp4``) change a whole-frame mean by only 0.002-0.014 but a tile by 0.07-0.39, while a static
run of frames scores 0.000-0.002 after decoding.

The answer (:class:`Change`) is nothing, the whole frame (the first frame, a cut, motion over more than
``MAX_PARTIAL`` of it; after the first, with the pixels that changed, as one region: OCR asks what of its
reads is still there, moved or dimmed, ``vqdb.ingest.same_content``) or the changed regions: groups of
touching changed tiles with one tile of margin, as normalized boxes, with the thumbnail's pixels that
changed there (by more than ``PIXEL_CHANGE``): where in a region the change lies, e.g. only inside the boxes
of text read before (ticking digits). A slide deck with a moving speaker inset and a ticking clock then
costs OCR those parts instead of the whole frame; the reference takes the new pixels of what was read.
A whole change also says whether it is a **cut** to another shot (``shot_change``: the frame's grey levels,
not only its pixels, changed): a logo or a score that stays over every shot keeps a cut from looking like
one to OCR's reads, and a title card after it must still be looked for.

Example:
    >>> import numpy as np
    >>> gate = ChangeGate(threshold=0.02)
    >>> black = np.zeros((90, 160, 3), np.uint8)
    >>> gate.check(black).whole, gate.check(black.copy()).changed
    (True, False)
    >>> white_corner = black.copy(); white_corner[:12, :12] = 255
    >>> gate.check(white_corner)
    Change(whole=False, regions=(Box(x0=0.0, y0=0.0, x1=0.1875, y1=0.3333333333333333),), cut=False)
"""

from __future__ import annotations

import dataclasses

import numpy as np
from PIL import Image

from vqdb.errors import ConfigError
from vqdb.ingest.crops import Box

SIGNATURE_WIDTH = 512
TILE = 32
PIXEL_CHANGE = 0.1  # a thumbnail pixel changed by more than this (grey 0..1): encoder noise stays under 0.05
MAX_PARTIAL = 0.8  # changed regions covering more of the frame than this (a cut): read the whole frame again
CUT = 0.5  # a whole change that moves this share of the frame's grey levels to others is another shot (``shot_change``)
HISTOGRAM_BINS = 32


@dataclasses.dataclass(frozen=True)
class Change:
    """What changed since the reference: the ``whole`` frame, some ``regions`` (normalized boxes), or nothing;
    with ``regions``, ``pixels`` marks the changed pixels inside them on a grid over the frame (``True``
    where a thumbnail pixel changed by more than ``PIXEL_CHANGE``). A ``whole`` change with a reference
    (not the first frame, nor one of another size) has the whole frame as its one region and its pixels, and
    ``cut`` says whether the picture is another shot (``shot_change`` at least ``CUT``), not the same one moved."""

    whole: bool
    regions: tuple[Box, ...] = ()
    pixels: np.ndarray | None = dataclasses.field(default=None, compare=False, repr=False)
    cut: bool = False

    @property
    def changed(self) -> bool:
        """Whether anything needs reading."""
        return self.whole or bool(self.regions)


def signature(image: np.ndarray) -> np.ndarray:
    """A frame reduced to a grey float32 image ``SIGNATURE_WIDTH`` pixels wide, values 0..1.

    Example:
        >>> import numpy as np
        >>> signature(np.zeros((720, 1280, 3), np.uint8)).shape
        (288, 512)
    """
    height, width = image.shape[:2]
    size = (SIGNATURE_WIDTH, max(TILE, round(SIGNATURE_WIDTH * height / max(1, width))))
    grey = Image.fromarray(image).convert("L").resize(size, Image.BILINEAR)
    return np.asarray(grey, dtype=np.float32) / 255.0


def tile_scores(previous: np.ndarray, current: np.ndarray) -> np.ndarray:
    """Mean absolute difference of each ``TILE`` x ``TILE`` tile of two signatures of the same shape.

    Example:
        >>> import numpy as np
        >>> a = np.zeros((64, 64), np.float32); b = a.copy(); b[:32, :32] = 1.0
        >>> tile_scores(a, b).tolist()
        [[1.0, 0.0], [0.0, 0.0]]
    """
    rows, cols = (n // TILE * TILE for n in current.shape)
    diff = np.abs(current[:rows, :cols] - previous[:rows, :cols])
    return diff.reshape(rows // TILE, TILE, cols // TILE, TILE).mean(axis=(1, 3))


def change_score(previous: np.ndarray, current: np.ndarray) -> float:
    """Largest tile difference of two signatures, 0..1 (1 for signatures of different shapes).

    Example:
        >>> import numpy as np
        >>> a = np.zeros((64, 64), np.float32); b = a.copy(); b[:32, :32] = 1.0
        >>> change_score(a, b), change_score(a, a)
        (1.0, 0.0)
    """
    if previous.shape != current.shape:
        return 1.0
    tiles = tile_scores(previous, current)
    return float(tiles.max()) if tiles.size else 0.0


def shot_change(previous: np.ndarray, current: np.ndarray) -> float:
    """The share of a signature's grey levels that moved to other levels (the total variation of the two
    signatures' histograms of ``HISTOGRAM_BINS`` levels, 0..1): a camera that pans or a crowd that moves keeps
    its picture's levels (0.0-0.2 a second apart on the shared clips), a cut to another shot, to a title card
    or to black does not (0.7-1.0), whatever stays in place over both (a channel's logo, a score).

    Example:
        >>> import numpy as np
        >>> footage = np.linspace(0.2, 0.8, 64 * 64, dtype=np.float32).reshape(64, 64)
        >>> card = np.zeros((64, 64), np.float32); card[28:36, 16:48] = 1.0  # a title on black
        >>> round(shot_change(footage, np.roll(footage, 5, axis=1)), 2), round(shot_change(footage, card), 2)
        (0.0, 1.0)
    """
    bins = np.linspace(0.0, 1.0, HISTOGRAM_BINS + 1)
    before, after = (np.histogram(s, bins)[0] / max(1, s.size) for s in (previous, current))
    return float(np.abs(after - before).sum() / 2)


def changed_regions(changed: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Groups of touching changed tiles (8-neighbours), each grown by one tile: ``(row0, col0, row1, col1)``
    tile ranges, ends excluded.

    Example:
        >>> import numpy as np
        >>> grid = np.zeros((6, 8), bool); grid[0, 0] = grid[4, 6] = grid[5, 7] = True
        >>> changed_regions(grid)
        [(0, 0, 2, 2), (3, 5, 6, 8)]
    """
    rows, cols = changed.shape
    seen = np.zeros_like(changed, dtype=bool)
    regions = []
    for start in zip(*(i.tolist() for i in np.nonzero(changed)), strict=True):
        if seen[start]:
            continue
        seen[start] = True
        stack, members = [start], []
        while stack:
            r, c = stack.pop()
            members.append((r, c))
            for nr in range(max(0, r - 1), min(rows, r + 2)):
                for nc in range(max(0, c - 1), min(cols, c + 2)):
                    if changed[nr, nc] and not seen[nr, nc]:
                        seen[nr, nc] = True
                        stack.append((nr, nc))
        rs, cs = [m[0] for m in members], [m[1] for m in members]
        regions.append((max(0, min(rs) - 1), max(0, min(cs) - 1), min(rows, max(rs) + 2), min(cols, max(cs) + 2)))
    return regions


class ChangeGate:
    """Says what changed in a frame since the parts of earlier frames that passed the gate."""

    def __init__(self, threshold: float):
        if not 0.0 <= threshold <= 1.0:
            raise ConfigError(
                f"ocr_change_threshold must be within 0..1 (a grey-level difference), got {threshold!r}; "
                "try 0.02, or 0 to OCR every frame"
            )
        self.threshold = threshold
        self._reference: np.ndarray | None = None

    def check(self, image: np.ndarray) -> Change:
        """What changed in ``image``; what changed becomes the reference for the next frames.

        The first frame, a frame of another size, and every frame at threshold 0 are read whole.
        """
        current = signature(image)
        reference = self._reference
        if reference is None or self.threshold == 0 or reference.shape != current.shape:
            self._reference = current
            return Change(whole=True)
        changed = tile_scores(reference, current) > self.threshold
        if not changed.any():
            return Change(whole=False)
        regions = changed_regions(changed)
        if sum((r1 - r0) * (c1 - c0) for r0, c0, r1, c1 in regions) > MAX_PARTIAL * changed.size:
            self._reference = current
            return Change(
                whole=True,
                regions=(Box(0.0, 0.0, 1.0, 1.0),),
                pixels=np.abs(current - reference) > PIXEL_CHANGE,
                cut=shot_change(reference, current) >= CUT,
            )
        height, width = current.shape
        pixels = np.zeros_like(current, dtype=bool)
        boxes = []
        for r0, c0, r1, c1 in regions:
            # a region on the last tile row or column also takes the pixels past the last whole tile
            bottom = height if r1 == changed.shape[0] else r1 * TILE
            right = width if c1 == changed.shape[1] else c1 * TILE
            area = slice(r0 * TILE, bottom), slice(c0 * TILE, right)
            pixels[area] = np.abs(current[area] - reference[area]) > PIXEL_CHANGE
            reference[area] = current[area]
            boxes.append(Box(c0 * TILE / width, r0 * TILE / height, right / width, bottom / height))
        return Change(whole=False, regions=tuple(boxes), pixels=pixels)
