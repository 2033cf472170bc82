"""Where an image may hold text, found in milliseconds without a model, so CRAFT reads only there.

Text of any script, size or colour is dense, high-contrast strokes in a row: a morphological gradient (the
difference between a 3x3 dilation and erosion) lights up every stroke edge; straight edges longer than any
stroke (``RULE_PX``: window frames, rules, the edges of boxes) are taken out, so that a line of text does not
join the frame around it; a horizontal closing joins the letters of a line, and what remains is kept as a
candidate when it is at least ``MIN_HEIGHT`` pixels high and wide and its strokes fill at least ``MIN_FILL``
of its box (not a hairline or the outline of a shape). A large textured area (foliage, gravel, a crowd)
stays one large candidate: text may be inside it. Each candidate grows by
half its height up and down and a whole height left and right (CRAFT needs a little background around a
line, and a line's first letter may stand apart), and candidates that then touch merge.


Measured on the 58 OCR truth frames of the shared clips (``benchmarks/ocr_real.py``'s truth): the
candidates cover 25 % of a frame on average and hold 272 of the 274 boxes CRAFT finds on the whole frame,
for about 15 ms per 720p frame against seconds for CRAFT.

Example:
    >>> import numpy as np, cv2
    >>> image = np.full((360, 640, 3), 40, np.uint8)
    >>> _ = cv2.putText(image, "LIVE 19:15", (400, 330), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 2)
    >>> text_regions(image)
    [(383, 303, 540, 340)]
    >>> text_regions(np.zeros((360, 640, 3), np.uint8))
    []
"""

from __future__ import annotations

import numpy as np

GRADIENT_FLOOR = 50  # a stroke edge's contrast at least this (0-255), whatever Otsu says on a flat image
RULE_PX = 41  # straight edges this long are rules and borders, not strokes: a window's frame would join its text
JOIN_PX = 15  # letters of a line this close horizontally join into one candidate
MIN_HEIGHT = 5  # text lower than this is not read by the recognizer anyway
MIN_FILL = 0.15  # the share of a candidate's box its strokes fill at least: not a hairline or an outline

Region = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels, x1 and y1 excluded


def text_regions(image: np.ndarray) -> list[Region]:
    """The regions of an RGB ``uint8`` image (H, W, 3) that may hold text, merged where they touch, in the
    order of their top edge; ``[]`` when nothing looks like text.

    Example:
        >>> import numpy as np
        >>> import cv2
        >>> image = np.zeros((100, 200, 3), np.uint8)
        >>> _ = cv2.putText(image, "Hi", (20, 60), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 1)
        >>> text_regions(image)
        [(6, 40, 50, 68)]
    """
    import cv2

    grey = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    gradient = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    otsu, _ = cv2.threshold(gradient, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    _, edges = cv2.threshold(gradient, max(otsu, GRADIENT_FLOOR), 255, cv2.THRESH_BINARY)
    rules = [
        cv2.morphologyEx(edges, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, size))
        for size in ((RULE_PX, 1), (1, RULE_PX))
    ]
    strokes = cv2.subtract(edges, cv2.bitwise_or(*rules))
    lines = cv2.morphologyEx(strokes, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (JOIN_PX, 1)))
    _, _, stats, _ = cv2.connectedComponentsWithStats(lines, connectivity=8)
    height, width = grey.shape
    grown = []
    for x, y, w, h, area in stats[1:].tolist():
        if h >= MIN_HEIGHT and w >= MIN_HEIGHT and area / (w * h) >= MIN_FILL:
            margin = max(4, h // 2)
            grown.append(
                (
                    max(0, x - 2 * margin),
                    max(0, y - margin),
                    min(width, x + w + 2 * margin),
                    min(height, y + h + margin),
                )
            )
    return merged(grown)


def merged(regions: list[Region]) -> list[Region]:
    """``regions`` with every group of overlapping ones replaced by their bounding box, until none overlap;
    in the order of their top edge.

    Example:
        >>> merged([(0, 0, 10, 10), (50, 50, 60, 60), (5, 5, 20, 20), (19, 0, 30, 3)])
        [(0, 0, 30, 20), (50, 50, 60, 60)]
    """
    regions = list(regions)
    changed = True
    while changed:
        changed = False
        out: list[Region] = []
        for region in regions:
            for i, other in enumerate(out):
                if region[0] < other[2] and other[0] < region[2] and region[1] < other[3] and other[1] < region[3]:
                    out[i] = (
                        min(region[0], other[0]),
                        min(region[1], other[1]),
                        max(region[2], other[2]),
                        max(region[3], other[3]),
                    )
                    changed = True
                    break
            else:
                out.append(region)
        regions = out
    return sorted(regions, key=lambda r: (r[1], r[0]))
