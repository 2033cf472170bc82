"""Whether words read on one screen stand on one display: a sign, a caption, a lower third, a block of
credits, not a corner logo and a street sign that share the frame.

A screen's words are read in reading order across the whole frame (``vqdb.answer.timeline.reading_order``),
so the logo "NORTHWIND" and the sign "Kessler Ave" are neighbours in the stream, and the option "Northwind Ave"
is read there whole. Each word keeps the OCR box it was read in (``Stream.boxes``: one line of text). Two boxes
belong to one display where they stand on one line close together (they share most of their height, at most
``LINE_GAP`` heights apart) or are lines stacked in one block (they share some width, at most ``STACK_GAP``
heights apart); :func:`one_display` is whether the boxes of a read are all joined so.

Example:
    >>> from vqdb.answer.timeline import screen_stream
    >>> s = screen_stream("v", 0, 1, ["NORTHWIND", "Kessler Ave"], [[0.0, 0.0, 0.2, 0.05], [0.6, 0.28, 0.85, 0.34]], 0)
    >>> s.words, one_display(s, 0, 2), one_display(s, 1, 2)
    (('northwind', 'kessler', 'ave'), False, True)
"""

from __future__ import annotations

import numpy as np

from vqdb.answer.timeline import Stream

LINE_GAP = 2.0  # boxes on one line this many heights apart or less are one line of one display
STACK_GAP = 1.0  # lines stacked this many (line) heights apart or less are one block
SAME_LINE = 0.5  # boxes that share this much of the lower one's height stand on one line


def one_display(stream: Stream, first: int, last: int) -> bool:
    """Whether words ``first``..``last`` of ``stream`` were read on one display: their boxes joined by
    lines and stacked lines (see the module doc); True where the stream kept no boxes for them.

    Example:
        >>> from vqdb.answer.timeline import screen_stream
        >>> lower_third = [[0.05, 0.78, 0.3, 0.83], [0.05, 0.84, 0.4, 0.89]]
        >>> one_display(screen_stream("v", 0, 1, ["Ines Morales", "Head of Operations"], lower_third, 0), 0, 4)
        True
    """
    if stream.boxes is None:
        return True
    boxes = stream.boxes[first : last + 1]
    boxes = np.unique(boxes[~np.isnan(boxes).any(axis=1)], axis=0)
    if len(boxes) < 2:
        return True
    joined = {0}
    grew = True
    while grew:
        grew = False
        for i in range(len(boxes)):
            if i not in joined and any(_adjacent(boxes[i], boxes[j]) for j in joined):
                joined.add(i)
                grew = True
    return len(joined) == len(boxes)


def _adjacent(a: np.ndarray, b: np.ndarray) -> bool:
    height = max(a[3] - a[1], b[3] - b[1])
    shared_height = min(a[3], b[3]) - max(a[1], b[1])
    shared_width = min(a[2], b[2]) - max(a[0], b[0])
    if shared_height >= SAME_LINE * min(a[3] - a[1], b[3] - b[1]):  # one line: close beside each other
        return -shared_width <= LINE_GAP * height
    return shared_width > 0 and -shared_height <= STACK_GAP * height  # lines stacked in one block
