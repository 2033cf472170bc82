"""Whether a changed part of a frame still shows what OCR last saw there, faded, dimmed or moved a little.

The change gate (``vqdb.ingest.change_gate``) says where pixels changed; much of that is not new text. A user
interface dims a panel while it works, a page scrolls or its layout shifts by a few lines, a title fades: the
text there is the one already read, and reading it again (CRAFT, then the recognizer) costs seconds a frame
on a CPU. A part shows the same content when the frame, within ``SHIFT`` of the frame's longer side of where
it was, is the part as last seen up to a grey-level gain and offset (``a * old + b``, ``a`` at least
``MIN_GAIN``): the best match by normalized correlation, then the largest pixel that the fit leaves out under
``RESIDUAL`` of the part's contrast. A glyph that changed leaves a pixel off by about the whole contrast (a
ticking timecode's digit: 1.0-1.04, while its box's correlation stays 0.94-0.97), a fade or a shift by whole
pixels leaves under 0.2, a shift by part of a pixel under 0.6 (measured on ``smpte-2997.mp4`` and
``videollava_demo.mp4``). A part flat when seen (``MIN_CONTRAST``: a blank) is the same while it stays flat:
text that appears there has contrast.

Example:
    >>> import numpy as np
    >>> seen = Seen()
    >>> frame = np.zeros((60, 200, 3), np.uint8); frame[20:30, 20:120:8] = 255  # a row of glyphs
    >>> seen.take(frame)
    >>> dimmed = (frame * 0.6).astype(np.uint8)
    >>> seen.offset(grey(dimmed), (0.1, 0.3, 0.6, 0.5))
    (0, 0)
    >>> scrolled = np.roll(frame, -4, axis=0)
    >>> seen.offset(grey(scrolled), (0.1, 0.3, 0.6, 0.5))
    (0, -4)
    >>> changed = frame.copy(); changed[20:30, 60:70] = 255  # a glyph filled in
    >>> seen.offset(grey(changed), (0.1, 0.3, 0.6, 0.5)) is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from vqdb.models.protocols import pixel_box

SHIFT = 0.02  # how far a content may have moved, as a share of the frame's longer side (a scroll, a layout shift)
MIN_GAIN = 0.25  # a content dimmed below this share of its contrast is not kept: it may be leaving
RESIDUAL = 0.7  # the largest pixel off the gain-and-offset fit, as a share of the content's contrast
MIN_CONTRAST = 16.0  # grey levels from dark to bright (``_contrast``) below which a part is flat: no text


def grey(image: np.ndarray) -> np.ndarray:
    """An RGB ``uint8`` image as float32 grey levels 0..255, at its own size.

    Example:
        >>> import numpy as np
        >>> grey(np.full((2, 3, 3), 255, np.uint8)).tolist()
        [[255.0, 255.0, 255.0], [255.0, 255.0, 255.0]]
    """
    import cv2

    return cv2.cvtColor(image, cv2.COLOR_RGB2GRAY).astype(np.float32)


class Seen:
    """The grey pixels, at the frame's own size, of what OCR last saw, part by part: ``take`` a whole frame
    (one read whole) or only its changed parts; ``offset`` says where a part's content is now."""

    def __init__(self) -> None:
        self.pixels: np.ndarray | None = None

    def take(self, image: np.ndarray, parts: Iterable[Sequence[float]] | None = None) -> None:
        """Remember ``image`` (RGB), all of it, or only its normalized boxes ``parts``."""
        if parts is None or self.pixels is None or self.pixels.shape != image.shape[:2]:
            self.pixels = grey(image)
            return
        for part in parts:
            x0, y0, x1, y1 = pixel_box(part, image.shape)
            self.pixels[y0:y1, x0:x1] = grey(image[y0:y1, x0:x1])

    def offset(
        self, current: np.ndarray, box: Sequence[float], shifts: Sequence[tuple[int, int]] | None = None
    ) -> tuple[int, int] | None:
        """``(dx, dy)`` pixels by which the content seen in the normalized ``box`` moved in ``current`` (grey, as
        ``grey``), faded or dimmed or not; None when it is not there as seen (or nothing was seen yet). It is
        looked for in place, then at the best match within ``SHIFT``, or only at ``shifts`` when given (those
        by which other parts moved: a cheap test for a large part). A part flat when seen (``MIN_CONTRAST``)
        is the same only while it stays flat: text that fills it has contrast.

        Example:
            >>> import numpy as np
            >>> seen = Seen(); seen.take(np.full((40, 40, 3), 200, np.uint8))
            >>> seen.offset(grey(np.full((40, 40, 3), 120, np.uint8)), (0.0, 0.0, 1.0, 1.0))
            (0, 0)
        """
        if self.pixels is None or self.pixels.shape != current.shape:
            return None
        x0, y0, x1, y1 = pixel_box(box, current.shape)
        old = self.pixels[y0:y1, x0:x1]
        contrast = _contrast(old)
        if contrast < MIN_CONTRAST:
            return (0, 0) if _contrast(current[y0:y1, x0:x1]) < MIN_CONTRAST else None
        if _same(old, current[y0:y1, x0:x1], contrast):
            return 0, 0
        tried = shifts if shifts is not None else [_best_shift(old, current, (x0, y0, x1, y1))]
        return next(
            ((dx, dy) for dx, dy in tried if _same(old, current[y0 + dy : y1 + dy, x0 + dx : x1 + dx], contrast)),
            None,
        )


def _contrast(pixels: np.ndarray) -> float:
    """Grey levels between the darkest and the brightest of ``pixels``, less the 0.5 % at each end (noise); a
    few glyphs on a wide blank count."""
    low, high = np.percentile(pixels, (0.5, 99.5))
    return float(high - low)


def _best_shift(old: np.ndarray, current: np.ndarray, box: tuple[int, int, int, int]) -> tuple[int, int]:
    """The whole-pixel shift within ``SHIFT`` of the frame's longer side at which ``current`` correlates best
    with ``old``, its content at ``box``."""
    import cv2

    x0, y0, x1, y1 = box
    height, width = current.shape
    shift = round(SHIFT * max(height, width))
    left, top = max(0, x0 - shift), max(0, y0 - shift)
    area = current[top : min(height, y1 + shift), left : min(width, x1 + shift)]
    scores = cv2.matchTemplate(area, old, cv2.TM_CCOEFF_NORMED)
    _, _, _, (x, y) = cv2.minMaxLoc(np.nan_to_num(scores, nan=-1.0, posinf=-1.0, neginf=-1.0))
    return left + x - x0, top + y - y0


def _same(old: np.ndarray, new: np.ndarray, contrast: float) -> bool:
    """Whether ``new`` is ``old`` up to a gain of at least ``MIN_GAIN`` and an offset, no pixel off by more than
    ``RESIDUAL`` of the (gained) ``contrast``."""
    if new.shape != old.shape:
        return False
    a, b = old - old.mean(), new - new.mean()  # float32 and vdot: a float64 matrix product cost 100x more
    spread = float(np.vdot(a, a))
    if spread == 0:
        return False
    gain = float(np.vdot(a, b)) / spread
    return gain >= MIN_GAIN and float(np.abs(b - gain * a).max()) <= RESIDUAL * gain * contrast
