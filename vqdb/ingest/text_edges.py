"""When on-screen text appeared and disappeared, to the frame, between the frames OCR read.

OCR reads a frame every OCR period (a second by default), so a text first read at ``t`` appeared
somewhere after the read before it: a one-second title is placed half a second off on each side, and its
interval is a third wrong. The frames between two reads are decoded again (small, ``MAX_SIDE``) and
compared, in each text box, with the two reads around them. Between reads at ``a`` and ``b``, a frame shows
``b``'s content in a box when its pixels there are nearer those at ``b`` than those at ``a``, and nearer
than ``NEAR`` (three quarters) of the way to them (``a``'s alike): the frames of a blank between two texts
show neither, while text over a moving background still shows. The text of ``b`` appears at the first
frame of the suffix of frames that show it (the one step that disagrees with the fewest frames, so a
flicker in one frame is outvoted), and the text of ``a`` leaves at the first frame after the prefix that
shows it. A box counts as unchanged when its pixels at ``a`` and ``b`` hardly differ (``UNCHANGED`` gray
levels: encoder noise), unless the other read reads another text in its place: then it is compared on
the pixels that changed by a glyph's contrast (``GLYPH_CHANGE``), since one digit of a wide counter moves
the box's mean less than noise does, and a counter's number would start at the frame that read the one
before; it is unchanged only when no pixel did (the two reads differ, the picture does not: a misread). A
text read again at the next read (the same words in an overlapping box,
``vqdb.ingest.ocr_spans.same_text``) did not leave, whatever its pixels did (a pulsing word).

A text that blinks (a prompt, an alert flashing, a sign passed in front of) is gone for a moment and back: a gap
under ``BLINK_S`` between frames that show it is bridged (``_blinks_bridged``), so it leaves after its last flash in
the window, not at its first blink.

Animated text (kinetic titles that glitch, flicker or flash, text over a background that changes light)
changes its pixels while it is there: far from them as read, it still shows their pattern. So a frame
also shows a content when its box correlates with it (``LIKE``, lighting and contrast aside) better than
with the other end's, at least ``HALF`` as strongly (a fade-out is shown while half there), where the two
ends' patterns differ. And a text the next read misread (a junk read under ``MIN_CONFIDENCE`` or a near text,
``NEAR_TEXT``) is still there when its box shows the same pattern at that read (``PATTERN``):
it is shown until the misread text leaves, and the misread text from when it appeared; a confident read
of another text in its box is another text, whatever the pixels (a counter whose one digit moved). A
counter ticks between its reads too: where the two reads' boxes look alike but for some glyphs, or the
reads are two values of one counter (``vqdb.ingest.ocr_spans.ticks``: the same letters, other digits), a
frame whose glyphs differ from a value read (a timecode's frame digits, between two reads that differ in
its seconds; 200.000 between 180.000 and 210.000) shows neither value read: each value read is placed to
the frame, and a query for a part of it (its seconds) is the ``ocr`` tool's to stretch.
Measured limits (``benchmarks/text_spans.py``): a cut in the background less than a period before a text
appears can place it at the cut; a text that types itself starts with its first letters; a counter whose
reads differ in layout or in most glyphs and that OCR misread into other letters starts or ends where a
frame's value looks nearer one read's than the other's. Where OCR read nothing at the next read, the
pixels alone do not say the text stayed: a small box compared at ``MAX_SIDE`` is a few pixels of glyphs
beside whatever edge its margin holds (a window's border correlated 0.91 with a terminal's word that was
not yet printed).

Over moving footage a caption's box (its background let through) moves its pixels while the caption stays: a
frame shows a text only where it holds at least ``TRACE`` of its stroke edges (``brief_text.strokes``: glyph edges
stay sharp where the footage under them moves), so footage nearer the read's frame before the caption came is not
the caption. A read whose text was there at the read before, which read nothing in its box (a place over moving
footage is looked at again only ``QUIET_READS`` later), came at the first of the frames before, up to
``LOOK_BACK_S``, from which its box holds ``UNREAD`` of its stroke edges without a break (a lower third over a
cockatoo read a second late was shown from 3.7 s, not 3.0). A line that grew or lost words at its end
(``ocr_spans.grows``: a command typed) is not the same text read again: its edge is looked for.

Each read gets ``(shown_from, shown_to)``:

* ``shown_from``: the first frame from which its box looks as it does in its frame, looking back to the
  read before (that read's time when the box did not change or the read before read the same text: it
  was there, OCR may have missed it; that read's own ``shown_from`` when it misread the text);
* ``shown_to``: the first frame after it whose box no longer does, looking ahead to the next read (that
  read's time when the box did not change or the next read reads the same text; the next read's own
  ``shown_to`` when that read misread it): an exclusive end;
* the first read's ``shown_from`` is its own time, the last read's ``shown_to`` the video's end; ``None``
  where the frames between could not be decoded.

Example:
    >>> import numpy as np
    >>> from vqdb.models.protocols import TextBox
    >>> def frame(text_on):  # a gray frame, white text in its top half when on
    ...     image = np.full((10, 10, 3), 40, np.uint8); image[1:4, 2:8] = 255 if text_on else 40
    ...     return image
    >>> decoded = [(t / 10, frame(t >= 3)) for t in range(11)]  # text from 0.3 s
    >>> title = TextBox("TITLE", 0.9, (0.2, 0.1, 0.8, 0.4))
    >>> shown_times([(0.0, []), (1.0, [title])], decoded, duration_s=2.0)
    [[], [(0.3, 2.0)]]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

import numpy as np

from vqdb.ingest.brief_text import strokes
from vqdb.ingest.crops import overlaps
from vqdb.ingest.decode import TIME_TOLERANCE_S
from vqdb.ingest.ocr_spans import MIN_CONFIDENCE, MIN_SIMILARITY, grows, same_text, ticks
from vqdb.models.protocols import TextBox

NEAR = 0.75  # a frame shows a content when nearer it than this fraction of the way to the other one
UNCHANGED = 3.0  # mean gray-level difference of a box between two reads below which it did not change
GLYPH_CHANGE = 40.0  # a pixel differing this much between two reads is part of a glyph that changed, not noise
MAX_SIDE = 192  # frames are compared at this size: text boxes stay several pixels tall
MARGIN = 1  # pixels added around a box (a box drawn tight to the glyphs)
PATTERN = 0.85  # a box correlating this well with its pixels at a read shows that read's text (lit, dimmed, glitched)
LIKE = 0.65  # a frame between reads of unlike boxes shows the one it correlates with this well, better than the other
HALF = 0.5  # ... when it shows that pattern at least this strongly (a text fading out: while half there)
NEAR_TEXT = 70.0  # ``same_text`` similarity of two reads of a box that may be one text misread (echo / Zcho)
BLINK_S = 0.5  # a text gone for less than this and back is still shown: it blinks, flashes or is passed in front of
UNREAD = 0.9  # share of a read's stroke edges a box where OCR read nothing shows that still shows its text, unread
TRACE = 0.3  # share of a read's stroke edges a frame holds at least where it shows that read's text
LOOK_BACK_S = 3.0  # how far before a read's window its text is looked for, unread: a quiet place is read 2 reads late

Shown = tuple[float | None, float | None]


def windows(reads: Sequence[tuple[float, Sequence[TextBox]]]) -> list[tuple[float, float]]:
    """The stretches between two consecutive reads where a text came or left (a read of either one that the
    other does not read again): the frames to decode. Text that stays needs no frames between.

    Example:
        >>> box = TextBox("A", 0.9, (0.0, 0.0, 1.0, 1.0))
        >>> windows([(0.0, []), (1.0, [box]), (2.0, []), (3.0, [])])
        [(0.0, 1.0), (1.0, 2.0)]
        >>> windows([(0.0, [box]), (1.0, [box]), (2.0, [])])
        [(1.0, 2.0)]
    """
    return [(reads[k - 1][0], reads[k][0]) for k in _stretches(reads)]


def _stretches(reads: Sequence[tuple[float, Sequence[TextBox]]]) -> list[int]:
    return [k for k in range(1, len(reads)) if _comes_or_goes(reads[k - 1][1], reads[k][1])]


def _comes_or_goes(before: Sequence[TextBox], after: Sequence[TextBox]) -> bool:
    """Whether a read of ``before`` or ``after`` is not read again on the other side."""
    return any(not _read_again(read, after) for read in before) or any(not _read_again(read, before) for read in after)


def shown_times(
    reads: Sequence[tuple[float, Sequence[TextBox]]],
    decoded: Iterable[tuple[float, np.ndarray]],
    duration_s: float,
) -> list[list[Shown]]:
    """``(shown_from, shown_to)`` of every read of ``reads`` (frames ``(ts, boxes)`` in time order), from
    the ``decoded`` frames ``(ts, rgb array)`` of the ``windows`` between them (time order, each once).
    """
    times = [ts for ts, _ in reads]
    shown: list[list[list[float | None]]] = [[[None, None] for _ in boxes] for _, boxes in reads]
    if shown and shown[0]:
        for pair in shown[0]:
            pair[0] = times[0]
    if shown and shown[-1]:
        for pair in shown[-1]:
            pair[1] = max(duration_s, times[-1])
    for k in range(1, len(reads)):
        if not _comes_or_goes(reads[k - 1][1], reads[k][1]):  # the same texts on both sides: they stayed
            for pair in shown[k]:
                pair[0] = times[k - 1]
            for pair in shown[k - 1]:
                pair[1] = times[k]
    misread: list[tuple[tuple[int, int], tuple[int, int]]] = []  # ((read, box), (next read, box)): one text
    frames = iter(decoded)
    carried: tuple[float, np.ndarray] | None = None  # the frame at a window's end starts the next one
    earlier: deque[tuple[float, np.ndarray]] = deque()  # the frames of the last LOOK_BACK_S before a window
    for k in _stretches(reads):
        start, end = times[k - 1], times[k]
        between: list[tuple[float, np.ndarray]] = []
        if carried is not None and abs(carried[0] - start) <= TIME_TOLERANCE_S:
            between.append(carried)
        for ts, image in frames:
            if ts < start - TIME_TOLERANCE_S:
                _keep(earlier, ts, image)
                continue
            between.append((ts, _gray(image)))
            if ts >= end - TIME_TOLERANCE_S:
                break
        carried = between[-1] if between else None
        if not between or abs(between[0][0] - start) > TIME_TOLERANCE_S or abs(between[-1][0] - end) > TIME_TOLERANCE_S:
            continue  # the frames at the reads themselves did not decode: nothing to compare with
        stood_in = _place(shown[k], reads[k][1], reads[k - 1][1], between, leaving=False)
        misread.extend(((k - 1, stand_in), (k, j)) for j, stand_in in stood_in)
        _unread_before(shown[k], reads[k][1], reads[k - 1][1], {j for j, _ in stood_in}, [*earlier, between[0]])
        for i, stand_in in _place(shown[k - 1], reads[k - 1][1], reads[k][1], between, leaving=True):
            misread.append(((k - 1, i), (k, stand_in)))
        for ts, image in between:
            _keep(earlier, ts, image)
    _through_misreads(shown, misread)
    return [[(pair[0], pair[1]) for pair in frame] for frame in shown]


def _keep(earlier: deque[tuple[float, np.ndarray]], ts: float, image: np.ndarray) -> None:
    """Add the frame ``(ts, image)`` to ``earlier`` (time order, each once), which keeps ``LOOK_BACK_S`` of them."""
    if earlier and ts <= earlier[-1][0]:
        return
    earlier.append((ts, image))
    while earlier[0][0] < ts - LOOK_BACK_S - TIME_TOLERANCE_S:
        earlier.popleft()


def _unread_before(
    pairs: list[list[float | None]],
    reads: Sequence[TextBox],
    before: Sequence[TextBox],
    stood_in: set[int],
    earlier: Sequence[tuple[float, np.ndarray]],
) -> None:
    """Move back the ``shown_from`` in ``pairs`` of each of ``reads`` that was already there at the read before
    (its window's start, ``earlier[-1]``) and read then by none of ``before`` in its box, nor misread
    (``stood_in``): OCR missed it there (a place over moving footage is looked at again only after
    ``QUIET_READS``), and it came at the first of the ``earlier`` frames from which its box shows the pattern it
    shows at that start without a break (``_unread``), at most ``LOOK_BACK_S`` before it."""
    start = earlier[-1][0]
    for index, (pair, read) in enumerate(zip(pairs, reads, strict=True)):
        if pair[0] != start or index in stood_in or any(overlaps(read.box, other.box) for other in before):
            continue
        reference = _crop(_gray(earlier[-1][1]), read.box)
        for ts, image in reversed(earlier[:-1]):
            if not _unread(reference, _crop(_gray(image), read.box)):
                break
            pair[0] = ts


def _traced(crops: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Which of ``crops`` hold at least ``TRACE`` of ``reference``'s stroke edges (``brief_text.strokes``), all
    where it has none: a frame without them does not show its text, however near its pixels are (footage moving
    under a caption before it came, nearer the read's frame than the frame before).

    Example:
        >>> text = np.zeros((8, 24), np.float32); text[2:6, 2:22:3] = 255
        >>> _traced(np.stack([text * 0.6 + 20, np.full((8, 24), 90, np.float32)]), text).tolist()
        [True, False]
    """
    kept = _strokes_kept(crops, reference)
    return np.ones(len(crops), bool) if kept is None else kept >= TRACE


def _unread(reference: np.ndarray, crop: np.ndarray) -> bool:
    """Whether ``crop`` shows the text ``reference`` shows where OCR read nothing: ``UNREAD`` of the reference's
    stroke edges (``brief_text.strokes``) are stroke edges there too. A text's edges stay sharp where the footage
    behind it moves (a caption's box lets it through), which moves the box's pixels and their correlation; a
    text not there leaves none of its edges (a terminal's word not yet typed, a window's border beside it: the
    border's edges alone).

    Example:
        >>> text = np.zeros((8, 24), np.float32); text[2:6, 2:22:3] = 255
        >>> moved_behind = text + np.linspace(0, 40, 24)  # the footage under it brightened
        >>> _unread(text, moved_behind), _unread(text, np.zeros((8, 24), np.float32))
        (True, False)
    """
    kept = _strokes_kept(crop[None], reference)
    return kept is not None and bool(kept[0] >= UNREAD)


def _strokes_kept(crops: np.ndarray, reference: np.ndarray) -> np.ndarray | None:
    """The share of ``reference``'s stroke edges (``brief_text.strokes``) that are stroke edges in each of
    ``crops``; None where it has none."""
    edges = strokes(reference)
    if not edges.any():
        return None
    return np.array([(edges & strokes(crop)).sum() for crop in crops]) / edges.sum()


def _place(
    pairs: list[list[float | None]],
    reads: Sequence[TextBox],
    others: Sequence[TextBox],
    between: list[tuple[float, np.ndarray]],
    *,
    leaving: bool,
) -> list[tuple[int, int]]:
    """Set when each of ``reads`` (at one end of the window ``between``; ``others`` at the other end) came
    (or, ``leaving``, left) in its ``pairs``: the window's end where it stayed, else the change in its box;
    and return ``(its index, that of the read of others that misread it)`` for each misread one."""
    here, there = (between[0][1], between[-1][1]) if leaving else (between[-1][1], between[0][1])
    stayed_at = between[-1][0] if leaving else between[0][0]
    misread = []
    for index, (pair, read) in enumerate(zip(pairs, reads, strict=True)):
        stand_in = _stand_in(read, others, here, there)
        change = None if stand_in is not None else _edge(between, read, others, leaving=leaving)
        pair[1 if leaving else 0] = stayed_at if change is None else change
        misread.extend([(index, stand_in)] if stand_in is not None else [])
    return misread


def _through_misreads(
    shown: list[list[list[float | None]]], misread: list[tuple[tuple[int, int], tuple[int, int]]]
) -> None:
    """Each pair of reads of one text at two consecutive reads, one a misread of the other (``_stand_in``), is
    one showing: the later one was shown from when the earlier one was, the earlier one until the later one
    left (chains followed: forward for starts, backward for ends)."""
    for (k, i), (m, j) in sorted(set(misread)):
        if shown[k][i][0] is not None:
            shown[m][j][0] = shown[k][i][0]
    for (k, i), (m, j) in sorted(set(misread), reverse=True):
        if shown[m][j][1] is not None:
            shown[k][i][1] = shown[m][j][1]


def _edge(
    between: list[tuple[float, np.ndarray]], read: TextBox, others: Sequence[TextBox], *, leaving: bool
) -> float | None:
    """When ``read``'s text came (or, ``leaving``, left) between the frames of ``between``, given ``others``,
    the reads at the window's other end: None when one of them reads it again (it stayed), else the change
    in its box (``_change``), which must be found when one of them reads another text in its place, and
    where that text is another value of it (``ticks``: a counter) is found to the frame of the value read."""
    if _read_again(read, others):
        return None
    near = [other for other in others if overlaps(read.box, other.box)]
    counter = any(ticks(read.text, other.text) for other in near)
    return _change(between, read.box, leaving=leaving, replaced=bool(near), counter=counter)


def _read_again(read: TextBox, others: Sequence[TextBox]) -> bool:
    """Whether one of ``others`` (the reads next to it) reads the same text in an overlapping box: the
    text stayed, though its pixels may have moved (a pulsing word, a moving background); a line that grew
    or lost words at its end (``grows``: a command typed) did not stay as it was.

    Example:
        >>> prompt = TextBox("eriberto@canopus:~$", 0.8, (0.3, 0.2, 0.5, 0.25))
        >>> _read_again(prompt, [TextBox("eribertoacanopus:~$", 0.7, (0.3, 0.2, 0.5, 0.25))])
        True
        >>> _read_again(prompt, [TextBox("eriberto@canopus:~$ ls /usr", 0.7, (0.3, 0.2, 0.6, 0.25))])
        False
    """
    return any(overlaps(read.box, other.box) and _one_text(read.text, other.text) for other in others)


def _one_text(a: str, b: str, similarity: float = MIN_SIMILARITY) -> bool:
    """Whether two reads of a box read one text (``same_text`` at ``similarity``), not a line and the line
    grown from it (``grows``: words typed after it).

    Example:
        >>> _one_text("Clear history", "CIear history"), _one_text("user@host:~$ ls", "user@host:~$ ls /usr", 70)
        (True, False)
    """
    return same_text(a, b, similarity) > 0 and not (grows(a, b) or grows(b, a))


def _stand_in(read: TextBox, others: Sequence[TextBox], here: np.ndarray, there: np.ndarray) -> int | None:
    """Which of ``others`` (the reads at the other end of a window) misread ``read``'s text, still shown
    there: its box shows the same pattern in the frames ``here`` (its own) and ``there`` (theirs:
    ``_same_pattern``, however lit or glitched), and no read of ``others`` in the box confidently reads
    another text (each is junk, below ``MIN_CONFIDENCE``, or a near read, ``NEAR_TEXT``, or ``read`` itself
    is junk). Its index (the overlapping read of most area); None when OCR read nothing there, or the text
    did not stay or was read again.

    Example:
        >>> frame = np.zeros((20, 20)); frame[5:9, 4:16] = 200; frame[6:8, 6:8] = 0
        >>> glitched = frame * 0.7 + 30  # dimmer, on a lighter background
        >>> title, junk = TextBox("TITLE", 0.9, (0.2, 0.2, 0.8, 0.5)), TextBox("7lTL", 0.05, (0.2, 0.2, 0.8, 0.5))
        >>> _stand_in(title, [junk], frame, glitched), _stand_in(title, [], frame, glitched)
        (0, None)
        >>> _stand_in(title, [TextBox("TOTAL", 0.9, title.box)], frame, glitched) is None  # a confident other text
        True
    """
    if _read_again(read, others):
        return None
    near = [(k, other) for k, other in enumerate(others) if overlaps(read.box, other.box)]
    if (
        not near
        or any(not _misread(read, other) for _, other in near)
        or not _same_pattern(_crop(here, read.box), _crop(there, read.box))
    ):
        return None
    return max(near, key=lambda pair: _overlap(read.box, pair[1].box))[0]


def _misread(read: TextBox, other: TextBox) -> bool:
    """Whether two reads of one box may be one text: either is junk, or their texts are near (not a line and
    the line grown from it)."""
    junk = min(read.confidence, other.confidence) < MIN_CONFIDENCE
    return junk or _one_text(read.text, other.text, NEAR_TEXT)


def _overlap(a: Sequence[float], b: Sequence[float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _crop(image: np.ndarray, box: Sequence[float]) -> np.ndarray:
    """The pixels of normalized ``box`` in ``image``, ``MARGIN`` added (empty when the box is)."""
    height, width = image.shape
    x0, y0 = max(int(box[0] * width) - MARGIN, 0), max(int(box[1] * height) - MARGIN, 0)
    x1, y1 = min(int(np.ceil(box[2] * width)) + MARGIN, width), min(int(np.ceil(box[3] * height)) + MARGIN, height)
    return image[y0:y1, x0:x1] if x1 > x0 and y1 > y0 else image[:0, :0]


def _pattern(crops: np.ndarray, reference: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(correlation, gain) of each of ``crops`` (n x h x w) with ``reference``'s pixels: how alike their
    patterns are whatever the lighting (-1..1), and how strongly the reference's shows in each (its
    contrast's share: 1 as it is, 0.5 half faded)."""
    centred = crops.reshape(len(crops), -1) - crops.reshape(len(crops), -1).mean(axis=1, keepdims=True)
    ref = reference.ravel() - reference.mean()
    covariance, power = centred @ ref, float(ref @ ref)
    norms = np.sqrt((centred * centred).sum(axis=1) * power)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(norms > 0, covariance / norms, 0.0), np.where(power > 0, covariance / power, 0.0)


def _same_pattern(here: np.ndarray, there: np.ndarray) -> bool:
    """Whether the box's pixels ``there`` show the pattern they show ``here`` (``PATTERN``), at least ``HALF``
    as strongly: the same text, lit, dimmed or glitched otherwise."""
    if not here.size:
        return False
    correlation, gain = _pattern(there[None], here)
    return bool(correlation[0] >= PATTERN and gain[0] >= HALF)


def _gray(image: np.ndarray) -> np.ndarray:
    return image.astype(np.float32).mean(axis=2) if image.ndim == 3 else image.astype(np.float32)


def _change(
    between: list[tuple[float, np.ndarray]],
    box: Sequence[float],
    *,
    leaving: bool,
    replaced: bool,
    counter: bool = False,
) -> float | None:
    """When the content of ``box`` changed between the first frame of ``between`` and the last: the time
    of the first frame that shows the last frame's content there (``leaving``: the first that no longer
    shows the first frame's), or None when the box is the same in both.

    A frame shows a content when its pixels in the box are nearer it than the other content, and nearer
    than ``NEAR`` of the way to it: frames of a blank or a cut between two texts show neither. When the
    reads say another text is in the box at the other end (``replaced``), a box that hardly changed on
    average is compared on the pixels that differ by more than ``GLYPH_CHANGE`` between the two ends, and
    is the same only when none does; and where the two ends look alike but for some glyphs, or the reads
    say they are two values of one counter (``counter``), a frame whose glyphs differ from an end's shows
    another value, neither end (``_another_value``)."""
    crops = full = np.stack([_crop(image, box) for _, image in between])
    if not crops[0].size:
        return None
    difference = np.abs(crops[-1] - crops[0])
    apart = float(difference.mean())
    whole = apart >= UNCHANGED  # compared on the whole box (else on the glyphs that changed)
    if whole and not replaced and _unread(crops[0] if leaving else crops[-1], crops[-1] if leaving else crops[0]):
        return None  # the text at both ends, over a background that moved: the read at the other end missed it
    if not whole:
        glyphs = difference > GLYPH_CHANGE
        if not (replaced and glyphs.any()):
            return None
        crops = crops[:, glyphs]
        apart = float(difference[glyphs].mean())
    if len(crops) == 2:  # consecutive frames: the change is at the second
        return between[-1][0]
    reference, other = (crops[0], crops[-1]) if leaving else (crops[-1], crops[0])
    middle = crops[1:-1]
    distance = np.abs(middle - reference).reshape(len(middle), -1).mean(axis=1)
    shows = (distance < np.abs(middle - other).reshape(len(middle), -1).mean(axis=1)) & (
        distance < max(UNCHANGED, NEAR * apart)
    )
    if whole and not _same_pattern(reference, other):
        shows |= _shows_pattern(middle, reference, other)
    if whole:
        shows &= _traced(full[1:-1], full[0] if leaving else full[-1])
    ends = (full[0], full[-1]) if leaving else (full[-1], full[0])
    if counter or (replaced and (not whole or _same_pattern(*ends))):  # a value that ticks
        shows &= ~_another_value(full[1:-1], ends[0], difference, counter=counter)
    shows = _blinks_bridged(shows, [ts for ts, _ in between], leaving=leaving)
    after = ~shows if leaving else shows  # frames that look as after the change
    # a change at frame s disagrees with the "after" frames before s and the others from s on; the
    # earliest of the changes that disagree least
    wrong = np.concatenate([[0], np.cumsum(after)]) + np.concatenate([np.cumsum((~after)[::-1])[::-1], [0]])
    return between[1 + int(np.argmin(wrong))][0]


def _blinks_bridged(shows: np.ndarray, times: Sequence[float], *, leaving: bool) -> np.ndarray:
    """``shows`` (whether each frame between the window's ends, at ``times[1:-1]``, shows the text) with each
    gap shorter than ``BLINK_S`` between two frames that show it filled: a text that blinks, flashes or is
    passed in front of for a moment is seen as one showing, as a person sees it ("Enter Password" flashing
    until the cut, not only its first flash). The text is back when two frames in a row show it (one frame
    alike may be noise) or the window's end that reads it does (its first frame when ``leaving``, else its last).

    Example:
        >>> times = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
        >>> flashing = np.array([1, 1, 0, 0, 1, 1, 0, 0, 0], bool)  # 0.1-0.2 on, 0.3-0.4 off, back, gone at 0.7
        >>> _blinks_bridged(flashing, times, leaving=True).astype(int).tolist()
        [1, 1, 1, 1, 1, 1, 0, 0, 0]
        >>> gone = np.array([1, 0, 0, 0, 0, 0, 1, 1, 0], bool)  # away 0.5 s: it left, something like it came
        >>> _blinks_bridged(gone, times, leaving=True).astype(int).tolist()
        [1, 0, 0, 0, 0, 0, 1, 1, 0]
        >>> noise = np.array([1, 0, 0, 1, 0, 0, 0, 0, 0], bool)  # one frame alike: noise, not the text back
        >>> _blinks_bridged(noise, times, leaving=True).astype(int).tolist()
        [1, 0, 0, 1, 0, 0, 0, 0, 0]
    """
    series = np.concatenate([[leaving], shows, [not leaving]])
    edges = np.diff(np.concatenate([[0], series.astype(np.int8), [0]]))
    runs = list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True))  # [start, end) shown
    bridged = series.copy()
    for (_, last), (start, end) in zip(runs[:-1], runs[1:], strict=True):
        back = end - start >= 2 or end == len(series)  # one frame that looks like it may be noise; the read is not
        if back and times[start] - times[last - 1] < BLINK_S:
            bridged[last:start] = True
    return bridged[1:-1]


def _another_value(crops: np.ndarray, reference: np.ndarray, difference: np.ndarray, *, counter: bool) -> np.ndarray:
    """Which of ``crops`` differ from ``reference`` by a glyph's contrast (``GLYPH_CHANGE``) in at least half
    as many pixels as the two reads differ in (``difference``, between them), counted where the two reads
    agree (a timecode's frame digits moved between two reads of its seconds); where the reads say the box is
    a counter (``counter``), counted everywhere and in at least half a stroke down the box (its height) when
    that is fewer (200.000 between 180.000 and 210.000, whose changed digits show a third value): another
    value of a counter between the two read, not the one read.

    Example:
        >>> reference = np.zeros((8, 20)); reference[2:6, 3] = 200  # a "1"
        >>> other = reference.copy(); other[2:6, 3], other[2:6, 5] = 0, 200  # another digit in its place
        >>> crops, difference = np.stack([reference + 5, other]), np.abs(other - reference)
        >>> _another_value(crops, reference, difference, counter=True).tolist()
        [False, True]
        >>> _another_value(crops, reference, difference, counter=False).tolist()  # where the reads differ
        [False, False]
    """
    off = np.abs(crops - reference) > GLYPH_CHANGE
    changed = int((difference > GLYPH_CHANGE).sum())
    if not counter:
        return (off & (difference <= GLYPH_CHANGE)).reshape(len(crops), -1).sum(axis=1) >= max(2, changed / 2)
    return off.reshape(len(crops), -1).sum(axis=1) >= max(2, min(changed, reference.shape[0]) / 2)


def _shows_pattern(crops: np.ndarray, reference: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Which of ``crops`` show ``reference``'s pattern (``LIKE``, at least ``HALF`` as strongly) better than
    ``other``'s: a text whose pixels change as it animates (a glitch, a flash of the background) is still
    the text, which the distance to it alone does not say."""
    correlation, gain = _pattern(crops, reference)
    return (correlation >= LIKE) & (gain >= HALF) & (correlation > _pattern(crops, other)[0])
