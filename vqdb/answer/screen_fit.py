"""How well a read on screen fits where the question says its text is and how big (``QuestionParts.place``,
``size``: "the web address in the bottom right corner", "what does it say in big letters?").

The notions are the ``ocr`` tool's (``vqdb.planner.tools.ocr``), so a question is answered where the planner
looks for it: a read whose centre is not in the place (``in_place_array``: thirds of the frame) counts
``MISPLACED``; of a size, a read counts its prominence (``prominence_of``: its tallest box's height over the
tallest read's, or for "small" the shortest read's over its shortest box's), at least ``MISPLACED``, the most
a read not of the call's size loses there. Of two options read on one card, the one in the big letters wins,
by as much as it is bigger. A read whose box is not known (speech, sidecar subtitles, text tracked without
boxes) is, as for the tool, not in the place and not of the size.

Example:
    >>> screen_fit(None, "large", np.array([0.3, 0.6, 0.7, 0.7]), 0.1, reference=0.12)  # the tallest: 0.12 high
    0.8333
    >>> screen_fit("bottom-right", None, np.array([0.7, 0.9, 0.95, 0.95]), 0.05)
    1.0
"""

from __future__ import annotations

import numpy as np

from vqdb.answer.timeline import Stream
from vqdb.planner.tools.ocr import MISPLACED, in_place_array, prominence_of


def read_box(stream: Stream, first: int, last: int) -> np.ndarray | None:
    """The box (x0, y0, x1, y1) that words ``first``..``last`` of ``stream`` were read in: their boxes'
    union; None where the stream kept no box for them.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import screen_stream, stream_of
        >>> s = screen_stream("v", 0, 1, ["Audible", "Socialism"], [[0.2, 0.33, 0.4, 0.45], [0.5, 0.34, 0.8, 0.45]], 0)
        >>> no_boxes = stream_of("ocr", "v", [Evidence("ocr", "v", 0, 1, "A", 0)])
        >>> read_box(s, 0, 1).round(2).tolist(), read_box(no_boxes, 0, 0)
        ([0.2, 0.33, 0.8, 0.45], None)
    """
    if stream.boxes is None:
        return None
    boxes = stream.boxes[first : last + 1]
    boxes = boxes[~np.isnan(boxes).any(axis=1)]
    if not len(boxes):
        return None
    return np.array([boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()])


def read_height(stream: Stream, first: int, last: int, size: str | None) -> float | None:
    """The height of the read of words ``first``..``last``, as the ``ocr`` tool's ``held_height``: its
    tallest box (its shortest, for "small"); None where no box was kept.

    Example:
        >>> from vqdb.answer.timeline import screen_stream
        >>> s = screen_stream("v", 0, 1, ["BIG", "small"], [[0.1, 0.1, 0.5, 0.3], [0.6, 0.1, 0.7, 0.15]], 0)
        >>> read_height(s, 0, 1, "large"), read_height(s, 0, 1, "small")
        (0.2, 0.05)
    """
    if stream.boxes is None:
        return None
    heights = stream.boxes[first : last + 1, 3] - stream.boxes[first : last + 1, 1]
    heights = heights[~np.isnan(heights)]
    if not len(heights):
        return None
    return round(float(heights.min() if size == "small" else heights.max()), 6)


def screen_fit(
    place: str | None,
    size: str | None,
    box: np.ndarray | None,
    height: float | None,
    *,
    reference: float | None = None,
) -> float:
    """How well a read in ``box`` (``read_box``), ``height`` high (``read_height``), fits ``place`` and
    ``size`` (see the module): 1 with its centre in the place, else ``MISPLACED``; times, of a size, its
    prominence against ``reference`` (the tallest read's height; for "small", the shortest's; None: its
    own), at least ``MISPLACED``. Without a box (None), ``MISPLACED`` for each of the two asked.

    Example:
        >>> screen_fit("bottom", "small", None, None)  # heard, or a subtitle without a box
        0.5625
        >>> screen_fit("top", None, np.array([0.1, 0.7, 0.5, 0.8]), 0.1)  # at the bottom: misplaced
        0.75
        >>> screen_fit(None, "small", np.array([0.1, 0.7, 0.5, 0.8]), 0.1, reference=0.09)  # the smallest: 0.09
        0.9
        >>> screen_fit(None, "small", np.array([0.1, 0.7, 0.5, 0.8]), 0.1, reference=0.02)  # big, for small print
        0.75
    """
    if box is None or height is None:
        return round(MISPLACED ** ((place is not None) + (size is not None)), 4)
    fit = 1.0
    if place is not None:
        centre_x, centre_y = np.array([(box[0] + box[2]) / 2]), np.array([(box[1] + box[3]) / 2])
        fit *= 1.0 if in_place_array(place, centre_x, centre_y)[0] else MISPLACED
    if size is not None and reference is not None and height > 0:
        prominence = float(prominence_of(np.array([height, reference]), size)[0])
        fit *= max(MISPLACED, min(1.0, prominence))
    return round(fit, 4)
