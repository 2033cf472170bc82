"""Text shown between two OCR reads and gone by the next one: where and when it showed, from the frames between.

OCR reads a frame every OCR period (a second by default), so a title shown for 0.6 s between two reads (a
flash card, "Subscribe now", a word cut into an edit) is never read. The frames between two reads, decoded
small for the text edges anyway (``vqdb.ingest.text_edges.MAX_SIDE``), say where one came and went: text is
sharp strokes, so in a grid of ``CELL``-pixel cells the share of pixels on a stroke (a step of ``STROKE`` grey
levels to a neighbour) rises by ``GAIN`` over what either read's frame shows there, in a row of cells wider
than high (a line), on ``MIN_FRAMES`` frames and ``MIN_SHOWN_S`` or more, and it stays where it is while it
shows (its pixels on its first and last frames correlate by ``HELD``): moving footage sharpens and blurs (a bird's
head turning, a camera focusing), but its strokes move. Each such line is a ``Flash``: where it showed
(normalized, a cell wider on each side), its first frame, the first frame after it, and the frame in its
middle, where the extractor reads it (``vqdb.ingest.extractors.ocr``).

Text too small for a row of cells at ``MAX_SIDE`` (a 13-px label on a 640-px frame is 4 px there) is not found.

A text that replaces another in its place (a lyric video's next line, a lower third's next name) raises no strokes
over both reads' frames, which show text there too. The text edges say it: where a read's text left its place
``MIN_SHOWN_S`` or more before the next read's text came there (``gaps``), something was shown between, read like a
flash at the gap's middle (echo-hereweare's "the KING", 10.07-10.93 s between "the lamb" and "the ONE"); a gap
that showed nothing (a blank between two captions) reads no word and costs one small read. Unlike a flash's rise of
strokes, a gap says only that one text left before the next came: its middle may show a wipe or a title drawing in,
which the recognizer reads as letter soup ("ccno" at 0.26 where echo-hereweare's big "echo" drew in), so only a read
at least ``GAP_SURE`` sure is kept there. A counter's two values (a clock, a timecode) leave such a gap every read,
and a line typed on (``ocr_spans.cut_short``: "Send S" then "Send Spike") leaves one between its reads; neither was
replaced, and the values or letters between are not read (a read of the line half typed, "Send Spi", is no text of
its own).

Example:
    >>> import numpy as np
    >>> def frame(on):  # grey, with a black-and-white striped line in its middle when on
    ...     image = np.full((96, 160, 3), 90, np.uint8)
    ...     if on:
    ...         image[40:52, 24:120:4] = 255; image[40:52, 26:120:4] = 0
    ...     return image
    >>> watch = FlashWatch([0.0, 1.0])
    >>> frames = list(watch.watch((t / 10, frame(3 <= t < 7)) for t in range(11)))
    >>> [(f.start_s, f.end_s, f.at_s) for f in watch.flashes]
    [(0.3, 0.7, 0.4)]
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

import numpy as np

from vqdb.ingest.crops import Box, overlaps
from vqdb.ingest.decode import TIME_TOLERANCE_S
from vqdb.ingest.ocr_spans import cut_short, ticks
from vqdb.models.protocols import TextBox

CELL = 8  # pixels of a cell side at text_edges.MAX_SIDE
STROKE = 48.0  # grey-level step to a neighbour pixel that is a stroke's edge
GAIN = 0.2  # rise in a cell's share of stroke pixels over both reads' frames that is something new and sharp
MIN_FRAMES = 2  # frames a flash shows on at least (one frame is a glitch or a cut's blend)
MIN_SHOWN_S = 0.3  # seconds a flash shows at least: less is no text a person reads (a bird's head turning)
HELD = 0.8  # correlation of a flash's pixels on its first and last frames: it stood still (footage moves)
MIN_CELLS = 3  # cells a line of new strokes spans at least, and twice its height
GAP_SURE = 0.5  # confidence a read in a gap between two texts needs (a wipe between them reads "ccno" at 0.26)


class Flash(NamedTuple):
    """A line of text shown between two reads: ``box`` normalized, from ``start_s`` to ``end_s`` (exclusive: the
    first frame without it), best read on the frame at ``at_s``, by reads at least ``sure`` (a gap's, ``gaps``)."""

    start_s: float
    end_s: float
    at_s: float
    box: Box
    sure: float = 0.0


class FlashWatch:
    """Watches the frames of a video in time order (``watch`` passes them on) for text shown between two of
    the reads at ``read_times`` and gone by the next one (see the module); ``flashes`` holds what it found."""

    def __init__(self, read_times: Sequence[float]):
        self.read_times = list(read_times)
        self.flashes: list[Flash] = []

    def watch(self, decoded: Iterable[tuple[float, np.ndarray]]) -> Iterator[tuple[float, np.ndarray]]:
        """Yield ``decoded`` (``(ts, rgb array)`` in time order) as it comes, finding the flashes of each
        stretch between two reads once its frames have passed.

        Example:
            >>> blank, line = np.zeros((32, 64), np.float32), np.zeros((32, 64), np.float32)
            >>> line[8:16, 8:48:2] = 255
            >>> watch = FlashWatch([0.0, 1.0])
            >>> [ts for ts, _ in watch.watch([(0.0, blank), (0.4, line), (0.6, line), (1.0, blank), (1.2, blank)])]
            [0.0, 0.4, 0.6, 1.0, 1.2]
            >>> [(flash.start_s, flash.end_s) for flash in watch.flashes]
            [(0.4, 1.0)]
        """
        gap, between = 0, []
        for ts, image in decoded:
            yield ts, image
            while gap + 1 < len(self.read_times) and ts > self.read_times[gap + 1] + TIME_TOLERANCE_S:
                gap, between = gap + 1, between[-1:]  # a read's frame ends one stretch and starts the next
            if gap + 1 >= len(self.read_times) or ts < self.read_times[gap] - TIME_TOLERANCE_S:
                continue
            between.append((ts, grey(image)))
            if ts >= self.read_times[gap + 1] - TIME_TOLERANCE_S:
                self._find(self.read_times[gap], self.read_times[gap + 1], between)
                gap, between = gap + 1, between[-1:]

    def _find(self, start: float, end: float, between: list[tuple[float, np.ndarray]]) -> None:
        if len(between) < MIN_FRAMES + 2 or abs(between[0][0] - start) > TIME_TOLERANCE_S:
            return
        self.flashes += flashes_between(between)


def grey(image: np.ndarray) -> np.ndarray:
    """``image`` (rgb or grey) as float32 grey levels.

    Example:
        >>> grey(np.full((1, 1, 3), 30, np.uint8)).tolist()
        [[30.0]]
    """
    levels = image.astype(np.float32)
    return levels.mean(axis=2) if levels.ndim == 3 else levels


def strokes(grey: np.ndarray) -> np.ndarray:
    """Where ``grey`` (``grey`` levels) holds a stroke's edge: a step of ``STROKE`` grey levels to the pixel
    right of or below it (boolean, one row and column fewer).

    Example:
        >>> image = np.zeros((4, 4), np.float32); image[:, 2:] = 200
        >>> strokes(image).astype(int).tolist()
        [[0, 1, 0], [0, 1, 0], [0, 1, 0]]
    """
    across = np.abs(np.diff(grey, axis=1))[:-1]
    down = np.abs(np.diff(grey, axis=0))[:, :-1]
    return np.maximum(across, down) > STROKE


def stroke_share(edges: np.ndarray) -> np.ndarray:
    """The share of stroke pixels of each whole ``CELL`` x ``CELL`` cell of ``edges`` (``strokes``).

    Example:
        >>> edges = np.zeros((16, 20), bool); edges[:8, :4] = True
        >>> stroke_share(edges).tolist()
        [[0.5, 0.0], [0.0, 0.0]]
    """
    rows, cols = edges.shape[0] // CELL, edges.shape[1] // CELL
    return edges[: rows * CELL, : cols * CELL].reshape(rows, CELL, cols, CELL).mean(axis=(1, 3))


def flashes_between(between: Sequence[tuple[float, np.ndarray]]) -> list[Flash]:
    """The flashes among the frames ``between`` two reads (``(ts, grey)``, the reads' own frames first and
    last): lines of cells whose stroke share rises ``GAIN`` over both ends on ``MIN_FRAMES`` frames in a row
    and ``MIN_SHOWN_S`` or more, their strokes held still (``HELD``), one flash per line.

    Example:
        >>> blank, line = np.zeros((32, 64), np.float32), np.zeros((32, 64), np.float32)
        >>> line[8:16, 8:48:2] = 255
        >>> flashes_between([(0.0, blank), (0.4, line), (0.6, line), (1.0, blank)])
        [Flash(start_s=0.4, end_s=1.0, at_s=0.4, box=Box(x0=0.0, y0=0.0, x1=1.0, y1=0.75), sure=0.0)]
    """
    import cv2

    first, *middle, last = between
    ends = np.maximum(stroke_share(strokes(first[1])), stroke_share(strokes(last[1])))
    hot = np.stack([stroke_share(strokes(levels)) - ends > GAIN for _, levels in middle])
    found: list[Flash] = []
    taken = np.zeros_like(ends, bool)
    for i, cells in enumerate(hot):
        joined = cv2.dilate(cells.astype(np.uint8), np.ones((1, 3), np.uint8))  # cells one apart: one line
        _, _, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
        for x, y, w, h, _ in stats[1:].tolist():
            if w < MIN_CELLS or w < 2 * h or taken[y : y + h, x : x + w].any():
                continue
            shows = hot[:, y : y + h, x : x + w].mean(axis=(1, 2)) >= 0.5
            if not shows[i]:
                continue
            run_start, run_end = i, i + 1
            while run_start > 0 and shows[run_start - 1]:
                run_start -= 1
            while run_end < len(shows) and shows[run_end]:
                run_end += 1
            after = middle[run_end][0] if run_end < len(middle) else last[0]
            if run_end - run_start < MIN_FRAMES or after - middle[run_start][0] < MIN_SHOWN_S:
                continue
            area = (slice(y * CELL, (y + h) * CELL), slice(x * CELL, (x + w) * CELL))
            if _correlation(middle[run_start][1][area], middle[run_end - 1][1][area]) < HELD:
                continue
            taken[y : y + h, x : x + w] = True
            height, width = first[1].shape
            box = Box(
                max(0, x - 1) * CELL / width,
                max(0, y - 1) * CELL / height,
                min(width, (x + w + 1) * CELL) / width,
                min(height, (y + h + 1) * CELL) / height,
            )
            found.append(Flash(middle[run_start][0], after, middle[(run_start + run_end - 1) // 2][0], box))
    return found


def gaps(
    reads: Sequence[tuple[float, Sequence[TextBox]]],
    shown: Sequence[Sequence[tuple[float | None, float | None]]],
    frame_times: Sequence[float],
    flashes: Sequence[Flash] = (),
) -> list[Flash]:
    """The stretches between two consecutive ``reads`` (``(ts, boxes)``, with their ``shown`` times,
    ``vqdb.ingest.text_edges.shown_times``) where a read's text left its place ``MIN_SHOWN_S`` or more before a
    read of the next frame came there (their boxes overlap; not two values of one counter, ``ocr_spans.ticks``,
    whose values between are not read: ``text_edges``, nor a line and the line typed on from it,
    ``ocr_spans.cut_short``), as flashes over both boxes read by reads ``GAP_SURE`` sure, on the frame of
    ``frame_times`` (the video's, in order) nearest the gap's middle; one per place and stretch, none where one of
    ``flashes`` already shows.

    Example:
        >>> lamb, one = TextBox("the lamb", 1.0, (0.2, 0.5, 0.7, 0.8)), TextBox("the ONE", 0.7, (0.2, 0.5, 0.7, 0.8))
        >>> frame_times = [k / 30 for k in range(400)]
        >>> [(f.start_s, f.end_s, round(f.at_s, 3)) for f in gaps([(10.0, [lamb]), (11.0, [one])],
        ...                                                       [[(9.1, 10.067)], [(10.967, 11.8)]], frame_times)]
        [(10.067, 10.967, 10.533)]
        >>> gaps([(10.0, [lamb]), (11.0, [one])], [[(9.1, 10.867)], [(10.967, 11.8)]], frame_times)  # a cut
        []
        >>> typed, more = TextBox("Send S", 0.9, (0.4, 0.5, 0.5, 0.6)), TextBox("Send Spike", 0.9, (0.4, 0.5, 0.5, 0.6))
        >>> gaps([(0.0, [typed]), (1.0, [more])], [[(0.0, 0.125)], [(0.459, 1.5)]], frame_times)  # typed on
        []
    """
    found: list[Flash] = []
    for (_, before), (_, after), left, came in zip(reads, reads[1:], shown, shown[1:], strict=False):
        here: list[Flash] = []
        for read, (_, gone) in zip(before, left, strict=True):
            for other, (arrived, _) in zip(after, came, strict=True):
                if gone is None or arrived is None or arrived - gone < MIN_SHOWN_S - TIME_TOLERANCE_S:
                    continue
                if (
                    not overlaps(read.box, other.box)
                    or ticks(read.text, other.text)
                    or cut_short(read.text, other.text)
                ):
                    continue  # elsewhere, two values of a counter or a line typed on: what is between is not read
                box = Box(
                    min(read.box[0], other.box[0]),
                    min(read.box[1], other.box[1]),
                    max(read.box[2], other.box[2]),
                    max(read.box[3], other.box[3]),
                )
                at = _frame_near(frame_times, (gone + arrived) / 2)
                gap = Flash(gone, arrived, at, box, GAP_SURE)
                if not any(overlaps(f.box, box) and f.start_s < arrived and f.end_s > gone for f in [*flashes, *here]):
                    here.append(gap)
        found += here
    return found


def _frame_near(frame_times: Sequence[float], ts: float) -> float:
    """The time of ``frame_times`` (in order) nearest ``ts`` (``ts`` itself where there are none)."""
    k = bisect.bisect_left(frame_times, ts)
    return min(frame_times[max(k - 1, 0) : k + 1], key=lambda t: abs(t - ts), default=ts)


def _correlation(one: np.ndarray, other: np.ndarray) -> float:
    """Pearson correlation of two equal patches' pixels (1.0 where both are flat alike, 0.0 where one is)."""
    one, other = one - one.mean(), other - other.mean()
    scale = float(np.sqrt((one * one).sum() * (other * other).sum()))
    if scale == 0:
        return 1.0 if not one.any() and not other.any() else 0.0
    return float((one * other).sum() / scale)
