"""Where an image may hold text, found in milliseconds without a model, so CRAFT reads only there.

Text of any script, size or colour is dense, high-contrast strokes in a row: a morphological gradient (the
difference between a dilation and an erosion ``GRADIENT_PX`` wide) lights up every stroke edge; straight edges
longer than any stroke (``RULE_PX``: window frames, rules, the edges of boxes) are taken out, so that a line
of text does not join the frame around it; a horizontal closing joins the letters of a line, and what remains
is kept as a candidate when it is at least ``MIN_HEIGHT`` pixels high and wide and its strokes fill at least
``MIN_FILL`` of its box (not a hairline or the outline of a shape). A large textured area (foliage, gravel, a crowd)
stays one large candidate: text may be inside it. The frame's level is set by its strongest edges, so a line
fainter than those but standing out in its own part of the frame (a pale sign in a dark street, a grey title
over a picture) is looked for too, in tiles with a flat ground (``faint_lines``). Large letters with soft edges
(a sign out of focus, a title with motion blur, a dim grade), whose edges the gradient measures only in part,
are looked for again on the frame shrunk ``COARSE`` times, where their edges are sharp (``coarse_lines``).
Each candidate grows by half its height up and down and a whole height left and right (CRAFT needs a little
background around a line, and a line's first letter may stand apart), and candidates that then overlap merge
where their bounding box is hardly larger than what they cover (``merged``): a caption touching a picture
stays apart.


Measured on the OCR truth frames of the shared clips (``benchmarks/ocr_real.py``'s truth): the regions
hand CRAFT 28.5 % of a frame on average (62 frames; 29.2 % when a merged region counted as covering its
whole box) and held 272 of the 274 boxes CRAFT finds on the whole frame (58 frames, before that change), for about
15 ms per 720p frame against seconds for CRAFT. Those figures predate the coarse pass, which on 76 frames of the
allowed shared clips and composites raised the share handed to CRAFT from 32.0 % to 33.8 % and held 16 of 36 large
soft words over dim footage that the frame's own pass held 8 of (CRAFT on the whole frame reads all 36).

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
GRADIENT_PX = 3  # the width in pixels over which a stroke edge's contrast is measured
RULE_PX = 41  # straight edges this long are rules and borders, not strokes: a window's frame would join its text
JOIN_PX = 15  # letters of a line this close horizontally join into one candidate
TILE_PX = 64  # faint lines: an edge is weighed against the strokes of its own tile of this many pixels
FAINT_FLOOR = 16  # ... and is a stroke at this contrast at least (JPEG noise on a flat ground stays under it)
FAINT_HEIGHT = 80  # a faint line is at most this high (taller is a textured area, which the frame's level reads)
FAINT_RATIO = 1.5  # ... at least this many times wider than high (a word of two letters or more)
FLAT = 3  # a tile is strokes on a flat ground when its median edge is under this share of its own level
FAINT_FILL = 0.3  # ... and its strokes fill this share of its box
MIN_HEIGHT = 5  # text lower than this is not read by the recognizer anyway
MIN_FILL = 0.15  # the share of a candidate's box its strokes fill at least: not a hairline or an outline
MERGE_SLACK = 1.25  # overlapping candidates merge when their bounding box is at most this times what they cover
ROWS_MARGIN = 16  # pixels above and below a changed place, at least, that CRAFT sees (``changed_rows``)
COARSE = 4  # large lines with soft edges are looked for again on the frame shrunk this many times
COARSE_NEW = 0.5  # ... and kept where the frame's own pass found less than this share of them
COARSE_HEIGHT = 120  # ... at most this high in the frame's pixels (taller: a texture that looks flat shrunk)
CALL_PX = 1600  # what a CRAFT call costs beside its input, in input pixels (``fewer_calls``)

Region = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels, x1 and y1 excluded


def text_regions(
    image: np.ndarray, merge: tuple[float, int] = (MERGE_SLACK, JOIN_PX), faint: bool = True, coarse: bool = True
) -> list[Region]:
    """The regions of an RGB ``uint8`` image (H, W, 3) that may hold text, merged where they touch, in the
    order of their top edge; ``[]`` when nothing looks like text. ``merge`` is the ``(slack, gap)`` with
    which candidates merge (``merged``); ``faint`` whether lines fainter than the frame's strokes are looked
    for too (``faint_lines``; False: only edges at the frame's level, as before issue 23's hard-text work);
    ``coarse`` whether large lines with soft edges are looked for on the frame shrunk too (``coarse_lines``).

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
    regions = [_grown(box, grey.shape) for box in _candidates(grey, faint)]
    if coarse:
        large = [_grown(box, grey.shape) for box in coarse_lines(grey)]
        regions += [region for region in large if _held(region, regions) < COARSE_NEW]
    return merged(regions, *merge)


def _grown(box: tuple[int, int, int, int], shape: tuple[int, ...]) -> Region:
    """A candidate ``x, y, width, height`` as a region grown by half its height up and down and a whole
    height left and right (4 pixels at least), inside an image of ``shape``."""
    x, y, w, h = box
    margin = max(4, h // 2)
    return max(0, x - 2 * margin), max(0, y - margin), min(shape[1], x + w + 2 * margin), min(shape[0], y + h + margin)


def _candidates(grey: np.ndarray, faint: bool) -> list[tuple[int, int, int, int]]:
    """The lines and textured areas (``x, y, width, height``) of a grey image whose stroke edges pass the
    frame's level (``_stroke_edges``), and with ``faint`` those fainter lines that stand out in their own tile
    (``faint_lines``)."""
    import cv2

    gradient, level = _stroke_edges(grey)
    _, edges = cv2.threshold(gradient, level, 255, cv2.THRESH_BINARY)
    found = [
        (x, y, w, h) for x, y, w, h, area in _lines(edges)
        if h >= MIN_HEIGHT and w >= MIN_HEIGHT and area / (w * h) >= MIN_FILL
    ]  # fmt: skip
    return found + (faint_lines(gradient, level) if faint else [])


def _stroke_edges(grey: np.ndarray) -> tuple[np.ndarray, int]:
    """A grey image's morphological gradient ``GRADIENT_PX`` wide and the frame's level of a stroke edge in it:
    Otsu's, ``GRADIENT_FLOOR`` at least."""
    import cv2

    element = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (GRADIENT_PX, GRADIENT_PX))
    gradient = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, element)
    otsu, _ = cv2.threshold(gradient, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    return gradient, max(int(otsu), GRADIENT_FLOOR)


def coarse_lines(grey: np.ndarray) -> list[tuple[int, int, int, int]]:
    """The faint lines (``x, y, width, height`` in ``grey``'s pixels, ``faint_lines``) of the grey image shrunk
    ``COARSE`` times, rules ``RULE_PX`` long and lines ``COARSE_HEIGHT`` high at most in the frame's pixels: large
    letters whose edges are soft.

    A sign out of focus, a title with motion blur, letters in a dim grade: a stroke's edge spreads over
    several pixels, so the difference ``GRADIENT_PX`` pixels wide measures only a part of its contrast (a
    step of 26 grey levels blurred over 5 pixels shows 14-20), under the frame's level, and the noise of a
    dim ground keeps its tiles from looking flat to ``faint_lines``. Shrunk ``COARSE`` times (pixels averaged),
    the edge is sharp again and the noise averaged away; only letters at least ``COARSE * MIN_HEIGHT`` pixels
    high stay there, which is the text that can be that soft and still be read. Only lines are kept: a
    texture shrunk is still a texture, which the frame's own pass judges. It costs a sixteenth of that pass.

    Example:
        >>> import cv2
        >>> grey = np.full((272, 640), 30, np.uint8)
        >>> _ = cv2.rectangle(grey, (150, 60), (470, 160), 78, -1)  # a grey sign, dark letters, out of focus
        >>> _ = cv2.putText(grey, "TAXI", (170, 140), cv2.FONT_HERSHEY_DUPLEX, 2.0, 52, 6)
        >>> grey = cv2.GaussianBlur(grey, (0, 0), 2)
        >>> _ = cv2.rectangle(grey, (520, 200), (600, 260), 255, -1)  # a bright patch sets the frame's level
        >>> _candidates(grey, faint=True), coarse_lines(grey)
        ([], [(168, 96, 140, 48)])
    """
    import cv2

    height, width = grey.shape
    small = cv2.resize(grey, (max(1, width // COARSE), max(1, height // COARSE)), interpolation=cv2.INTER_AREA)
    return [
        (x * COARSE, y * COARSE, w * COARSE, h * COARSE)
        for x, y, w, h in faint_lines(
            *_stroke_edges(small), max(GRADIENT_PX, RULE_PX // COARSE), COARSE_HEIGHT // COARSE
        )
    ]


def _held(region: Region, regions: list[Region]) -> float:
    """The share of ``region`` that ``regions`` cover.

    Example:
        >>> _held((0, 0, 10, 10), [(5, 0, 20, 10), (0, 0, 10, 5)])
        0.75
    """
    x0, y0, x1, y1 = region
    inside = np.zeros((y1 - y0, x1 - x0), bool)
    for a, b, c, d in regions:
        inside[max(0, b - y0) : max(0, d - y0), max(0, a - x0) : max(0, c - x0)] = True
    return float(inside.mean()) if inside.size else 1.0


def faint_lines(
    gradient: np.ndarray, level: float, rule: int = RULE_PX, tallest: int = FAINT_HEIGHT
) -> list[tuple[int, int, int, int]]:
    """The lines of text (``x, y, width, height``) whose stroke edges ``gradient`` (a grey image's
    morphological gradient) shows under the frame's ``level`` but standing out where they are: in each
    ``TILE_PX`` tile that holds strokes on a flat ground (its median edge under ``1 / FLAT`` of its own Otsu
    level: not a soft texture, foliage or gravel at night) an edge is a stroke when it passes the tile's own
    level (at least ``FAINT_FLOOR``), and what its strokes join into is kept only when shaped as a line
    (``FAINT_HEIGHT`` high at most, ``FAINT_RATIO`` times wider than high, its strokes filling ``FAINT_FILL`` of
    its box), not a textured area.

    The frame's level is set by its strongest edges (Otsu over the whole frame: 55-77 on the dev clips' frames,
    a terminal's white text, a lamp), so a pale sign in a dark street (edges of 40-55) or a grey title 30 levels
    over its ground fell under it, and CRAFT never looked there, though it finds them on the whole frame.

    Example:
        >>> import cv2
        >>> image = np.full((120, 400, 3), 30, np.uint8)
        >>> _ = cv2.putText(image, "EXIT ONLY", (20, 60), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (62, 62, 62), 2)  # 32 over
        >>> _ = cv2.rectangle(image, (250, 80), (390, 115), (255, 255, 255), -1)  # a bright patch sets the level
        >>> text_regions(image, faint=False), text_regions(image)
        ([], [(0, 28, 187, 72)])
        >>> gradient = cv2.morphologyEx(image[..., 0], cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
        >>> faint_lines(gradient, 255)
        [(21, 39, 144, 22)]
    """
    height, width = gradient.shape
    rows, cols = -(-height // TILE_PX), -(-width // TILE_PX)
    tile = (np.arange(height)[:, None] // TILE_PX) * cols + np.arange(width)[None, :] // TILE_PX
    counts = np.bincount((tile * 256 + gradient).ravel(), minlength=rows * cols * 256).reshape(-1, 256)
    own, median = _otsu_levels(counts)
    flat = (FLAT * median < own) & (own < level)  # strokes on a flat ground, fainter than the frame's
    levels = np.where(flat, np.maximum(FAINT_FLOOR, own), level)
    edges = np.where(gradient > levels[tile], 255, 0).astype(np.uint8)
    return [
        (x, y, w, h) for x, y, w, h, area in _lines(edges, rule)
        if MIN_HEIGHT <= h <= tallest and w >= FAINT_RATIO * h and area >= FAINT_FILL * w * h
    ]  # fmt: skip


def _otsu_levels(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Otsu's level (as OpenCV's ``THRESH_OTSU`` picks it: the values above it are one class) and the median
    of each row of ``counts``, a histogram of 256 grey levels.

    Example:
        >>> counts = np.zeros((2, 256), int); counts[0, [2, 3, 40, 41]] = [50, 40, 5, 5]; counts[1, 10] = 9
        >>> [level.tolist() for level in _otsu_levels(counts)]
        [[3, 0], [2, 10]]
    """
    share = counts / np.maximum(1, counts.sum(axis=1, keepdims=True))
    below = np.cumsum(share, axis=1)
    mean_below = np.cumsum(share * np.arange(256), axis=1)
    between = (mean_below[:, -1:] * below - mean_below) ** 2 / np.maximum(1e-12, below * (1 - below))
    return np.argmax(between, axis=1), np.argmax(below >= 0.5, axis=1)


def _lines(edges: np.ndarray, rule: int = RULE_PX) -> list[list[int]]:
    """The ``[x, y, width, height, area]`` of what the strokes of binary ``edges`` join into along a line: straight
    edges ``rule`` pixels long (rules, borders) taken out, letters ``JOIN_PX`` apart joined."""
    import cv2

    rules = [
        cv2.morphologyEx(edges, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, size))
        for size in ((rule, 1), (1, rule))
    ]
    strokes = cv2.subtract(edges, cv2.bitwise_or(*rules))
    lines = cv2.morphologyEx(strokes, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (JOIN_PX, 1)))
    return _component_stats(lines)[1:].tolist()


def merged(regions: list[Region], slack: float = MERGE_SLACK, gap: int = JOIN_PX) -> list[Region]:
    """``regions`` with those that overlap or come within ``gap`` pixels of each other replaced by their
    bounding box where that box is at most ``slack`` times what the two cover, and ``slack`` squared times
    what the original regions in it cover, until no more merge (``math.inf, 0``: every overlapping pair, until
    none overlap); in the order of their top edge.

    CRAFT's cost follows the pixels it is shown: a caption's region overlapping the corner of a picture's
    region stays apart (the two overlap a little), where their bounding box would make CRAFT read the
    empty corner beside both; regions that mostly overlap or lie side by side, the letters of one line, merge
    (a glyph taller than ``RULE_PX`` loses its straight sides to the rules and falls apart into a top and a
    bottom half, the two side by side within ``gap``). Two merged regions, each up to ``slack`` larger than
    what it holds, may merge in turn (a title's two lines and the word beside them), but no further:
    merging region by region, each box a little larger than the last, would otherwise grow over a dense
    screen (a web page's panels, buttons and lines) into one box holding all of it, empty margins included,
    read at full cost.

    Example:
        >>> merged([(0, 0, 100, 10), (50, 50, 60, 60), (90, 0, 200, 12)])  # two halves of a line
        [(0, 0, 200, 12), (50, 50, 60, 60)]
        >>> merged([(0, 0, 100, 100), (90, 95, 300, 110)])  # a picture, a caption touching its corner
        [(0, 0, 100, 100), (90, 95, 300, 110)]
        >>> merged([(0, 0, 100, 100), (90, 95, 300, 110)], slack=float("inf"), gap=0)
        [(0, 0, 300, 110)]
        >>> merged([(0, 0, 100, 40), (0, 45, 100, 80)])  # a tall glyph's halves, 5 pixels apart
        [(0, 0, 100, 80)]
        >>> steps = [(0, 0, 100, 100), (100, 0, 120, 125), (0, 125, 150, 150), (150, 0, 180, 187)]
        >>> merged(steps + [(0, 187, 225, 225)])  # a staircase, each step 1.2x the box before it
        [(0, 0, 180, 187), (0, 187, 225, 225)]
    """
    groups = [(region, [region]) for region in regions]  # (bounding box, the regions it holds)
    changed = True
    while changed:
        changed = False
        out: list[tuple[Region, list[Region]]] = []
        for region, members in groups:
            for i, (other, other_members) in enumerate(out):
                union = _union(region, other)
                if (
                    _near(region, other, gap)
                    and _area(union) <= slack * _covered([region, other])
                    and _area(union) <= slack**2 * _covered(members + other_members)
                ):
                    out[i] = union, members + other_members
                    changed = True
                    break
            else:
                out.append((region, members))
        groups = out
    return sorted((region for region, _ in groups), key=lambda r: (r[1], r[0]))


def changed_rows(regions: list[Region], places: list[Region], keep: list[Region] = ()) -> list[Region]:
    """Where CRAFT looks for text that appeared in ``places`` (pixel boxes where the frame changed): in each
    of ``regions`` that meets one, the region's whole width over the rows of the places it meets, each place
    grown by its height (at least ``ROWS_MARGIN``) up and down; rows that overlap are joined, and rows that cut
    a box of ``keep`` (text read before) grow over it, so that CRAFT sees a line whole or not at all. A
    region is one line or a large textured area (a picture, a page of text): new text there is found in
    its rows, not by reading the whole area again.

    Example:
        >>> page = (0, 0, 600, 400)  # one region; a word appeared at y 200-220, a line read before at 230-250
        >>> changed_rows([page, (0, 500, 100, 520)], [(300, 200, 340, 220)])
        [(0, 180, 600, 240)]
        >>> changed_rows([page], [(300, 200, 340, 220)], keep=[(10, 230, 590, 250)])
        [(0, 180, 600, 250)]
    """
    rows: list[Region] = []
    for region in regions:
        spans = [
            [max(region[1], y0 - margin), min(region[3], y1 + margin)]
            for x0, y0, x1, y1 in places
            if _near(region, (x0, y0, x1, y1), 0)
            for margin in [max(ROWS_MARGIN, y1 - y0)]
        ]
        cut = [box for box in keep if _near(region, box, 0)]
        grown = True
        while grown:
            spans, grown = _joined(spans), False
            for span, box in ((span, box) for span in spans for box in cut):
                if box[1] < span[1] and span[0] < box[3]:
                    wider = [max(region[1], min(span[0], box[1])), min(region[3], max(span[1], box[3]))]
                    grown, span[:] = grown or wider != span, wider
        rows += [(region[0], y0, region[2], y1) for y0, y1 in spans]
    return rows


def fewer_calls(regions: list[Region], scale: float = 1.0, keep: list[Region] = ()) -> list[Region]:
    """``regions`` (where CRAFT looks, one call each) with two replaced by their bounding box while one CRAFT
    call on that box costs less than the calls it replaces, the box first grown over each box of ``keep``
    (text read before) it cuts, so that CRAFT sees that line whole or not at all; in the order of their top
    edge. CRAFT sees a region shrunk by ``scale`` (at most to 32 pixels on its longest side) and padded to
    multiples of 32, and a call costs ``CALL_PX`` more such pixels beside them: the weights read once per
    call (12 ms a call on a CPU core, 7.4 microseconds a pixel; a 21x14 region costs as much as one of
    50x50). A screen's changed rows, the stripes of a waving flag or a playing video's small regions, cost
    CRAFT a call each for a few hundred pixels.

    Example:
        >>> fewer_calls([(0, 0, 20, 14), (30, 0, 60, 14), (0, 500, 900, 530)])  # two marks side by side
        [(0, 0, 60, 14), (0, 500, 900, 530)]
        >>> fewer_calls([(0, 0, 20, 14), (30, 0, 60, 14)], keep=[(50, 5, 300, 12)])  # a line read before
        [(0, 0, 20, 14), (30, 0, 60, 14)]
        >>> fewer_calls([(0, 0, 20, 14), (30, 0, 60, 14)], keep=[(50, 5, 80, 12)])
        [(0, 0, 80, 14)]
    """
    boxes = np.array(sorted(set(regions)), dtype=np.int64).reshape(-1, 4)
    saving = _savings(boxes, boxes, scale)  # what joining each pair saves; updated merge by merge
    while len(boxes) > 1:
        i, j = np.unravel_index(np.argmax(saving), saving.shape)
        if saving[i, j] <= 0:
            break
        union = np.array(_over(tuple(_unions(boxes[i], boxes[j]).tolist()), keep))
        inside = np.all((boxes[:, :2] >= union[:2]) & (boxes[:, 2:] <= union[2:]), axis=1)
        if _call_costs(boxes[inside], scale).sum() <= _call_costs(union, scale):
            saving[i, j] = saving[j, i] = -np.inf  # grown over a line read before, it costs more
            continue
        boxes = np.vstack([boxes[~inside], union])
        row = _savings(union[None], boxes, scale)[0]
        saving = np.pad(saving[~inside][:, ~inside], ((0, 1), (0, 1)))
        saving[-1], saving[:, -1] = row, row
        saving[-1, -1] = -np.inf
    return sorted(map(tuple, boxes.tolist()), key=lambda r: (r[1], r[0]))


def _unions(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The bounding boxes of boxes ``a`` and ``b`` (``x0, y0, x1, y1`` on the last axis, broadcast)."""
    return np.concatenate([np.minimum(a[..., :2], b[..., :2]), np.maximum(a[..., 2:], b[..., 2:])], axis=-1)


def _savings(a: np.ndarray, b: np.ndarray, scale: float) -> np.ndarray:
    """What one CRAFT call on the bounding box of each of boxes ``a`` (rows) with each of boxes ``b``
    (columns) saves against a call on each (``_call_costs``); ``-inf`` where a box meets itself."""
    saving = (
        _call_costs(a, scale)[:, None]
        + _call_costs(b, scale)[None, :]
        - _call_costs(_unions(a[:, None], b[None]), scale)
    )
    saving[np.all(a[:, None] == b[None], axis=2)] = -np.inf
    return saving


def _call_costs(boxes: np.ndarray, scale: float) -> np.ndarray:
    """What a CRAFT call costs on each of ``boxes`` (``x0, y0, x1, y1`` on the last axis), in input pixels
    (``fewer_calls``), as EasyOCR sizes its input: the longest side shrunk by ``scale`` but not under 32 pixels
    (nor enlarged), both sides padded to multiples of 32."""
    width, height = boxes[..., 2] - boxes[..., 0], boxes[..., 3] - boxes[..., 1]
    side = np.maximum(1, np.maximum(width, height))
    ratio = np.minimum(side, np.maximum(32, np.ceil(side * scale))) / side
    padded = [np.ceil(np.maximum(1, (length * ratio).astype(int)) / 32) * 32 for length in (width, height)]
    return CALL_PX + padded[0] * padded[1]


def _over(region: Region, boxes: list[Region]) -> Region:
    """``region`` grown over each of ``boxes`` it cuts (shares some area with and does not hold), until none."""
    grown = True
    while grown:
        cut = [box for box in boxes if _near(region, box, 0) and _union(region, box) != region]
        grown = bool(cut)
        for box in cut:
            region = _union(region, box)
    return region


def _component_stats(binary: np.ndarray) -> np.ndarray:
    """OpenCV's stats (x, y, width, height, area) of the 8-connected components of a binary image, the
    background first: labelled in 16 bits where they fit (a third of the CPU of 32-bit labels on a 2048x1810
    screen: the labels are written for every pixel), else in 32 bits (a picture of fine noise).

    Example:
        >>> binary = np.zeros((10, 10), np.uint8); binary[2:4, 2:6] = 255
        >>> _component_stats(binary)[1:].tolist()
        [[2, 2, 4, 2, 8]]
    """
    import cv2

    try:
        return cv2.connectedComponentsWithStats(binary, connectivity=8, ltype=cv2.CV_16U)[2]
    except cv2.error:  # more components than 16 bits label
        return cv2.connectedComponentsWithStats(binary, connectivity=8)[2]


def _joined(spans: list[list[int]]) -> list[list[int]]:
    """Intervals ``[start, end]`` with those that overlap joined, in order."""
    out: list[list[int]] = []
    for start, end in sorted(spans):
        if out and start < out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return out


def _near(a: Region, b: Region, gap: int) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _union(a: Region, b: Region) -> Region:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _area(region: Region) -> int:
    return max(0, region[2] - region[0]) * max(0, region[3] - region[1])


def _covered(regions: list[Region]) -> int:
    """The pixels ``regions`` cover together (overlaps counted once), on the grid of their edges."""
    xs = sorted({x for r in regions for x in (r[0], r[2])})
    ys = sorted({y for r in regions for y in (r[1], r[3])})
    inside = np.zeros((len(ys) - 1, len(xs) - 1), bool)
    for x0, y0, x1, y1 in regions:
        inside[ys.index(y0) : ys.index(y1), xs.index(x0) : xs.index(x1)] = True
    return int(np.diff(ys) @ inside @ np.diff(xs))
