"""The ``ocr`` extractor: on-screen text of the sampled frames, tables ``ocr`` and ``ocr_spans``.

It reads every n-th sampled frame (n = ``sample_fps / ocr_fps``, at least 1) decoded again at the video's
own size, at most ``ocr_max_side`` on the longest side (a caption 20 px high on a 1080p frame is 7 px in a
384-px thumbnail, read as letter soup); the reader bounds what that costs (CRAFT finds the boxes on a copy
at most ``DETECT_SIDE``, each box is recognized at full size) and enlarges small video
(``vqdb.models.easyocr_reader``). ``ocr_max_side`` at or below ``thumb_max_side`` reads the thumbnails of
the ``frames`` table instead. The change gate
(``vqdb.ingest.change_gate``, ``ocr_change_threshold``) says what changed since the text was last read:
nothing (the frame reuses the reads: a static run of frames costs one OCR call), the whole frame (a cut:
read again), or some regions (``reread_changes``): a read whose box changed is recognized again where it
is, without CRAFT (a ticking clock), CRAFT looks only where pixels changed outside every read's box, and
the reads elsewhere are kept (a slide with a moving speaker inset and a ticking clock costs the clock's
recognition, and a look at the inset every ``QUIET_READS`` reads while it shows no new text). The places a
partial read passed over (quiet) are looked at once a frame stands still (``read_settled``: text that appeared
over footage that then stopped moving would change the gate no more), and a box read again that collapses
(``unsure_reread``: under ``GONE_BELOW``) keeps the read it reads like, or, like nothing read there, is the letter
soup a caption leaves over moving footage: no text. What still shows
what OCR saw there, dimmed, faded or moved a little (``vqdb.ingest.same_content``: a panel greyed out while
a page works, a layout shifted by a line) is not read again: a read there is kept, moved with its text, and
a change of the whole frame keeps what is still there and reads the rest; a cut, where nothing is, is read
whole. On a GPU cuts are read whole ``reader.batch_size`` at a time (it batches their text). A picture
on its side (a wrong rotation tag: its text is read in boxes taller than wide, ``on_its_side``) is turned upright
the way it reads the most text (``upright_turn``), and every later frame is turned so before the gate and
the reader see it, the boxes given back in the frame as decoded: text typed downwards and read where pixels
changed came in pieces of a column, upright it is a row read whole.
Reads of adjacent frames are then merged into spans (``vqdb.ingest.ocr_spans``), and each read gets the
times its text appeared and left, to the frame (``vqdb.ingest.text_edges``: the video is decoded again at
192 px, once, and the frames between reads compared in the read's box). Those frames also show text that
came and went between two reads (a title shown 0.6 s, ``vqdb.ingest.brief_text``), and the edges a place
where one text left a while before the next came (a lyric shown between two reads in another's place,
``brief_text.gaps``): the frame in its middle is decoded again and read where it showed (``read_flashes``), its
rows placed at their own time (the ``frame_idx`` of the nearest read frame) and shown as long as it showed. Each
span's text is stored with its sentence embedding (``text_emb``, ``vqdb.ingest.sentence_vectors``), by which a
question finds a text shown that says it in other words, embedding only itself.

Example:
    >>> from vqdb.config import Config
    >>> ocr_step(Config(sample_fps=2.0, ocr_fps=0.5))
    4
"""

from __future__ import annotations

import logging
import math
import re
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from vqdb.config import Config
from vqdb.errors import ConfigError, MediaError
from vqdb.ingest.brief_text import Flash, FlashWatch, gaps
from vqdb.ingest.change_gate import Change, ChangeGate
from vqdb.ingest.crops import Box, overlaps
from vqdb.ingest.decode import TIME_TOLERANCE_S, frames_within
from vqdb.ingest.extractors import register
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext, placement_settings
from vqdb.ingest.ocr_spans import digits_of, same_text, span_gap_s, track_spans
from vqdb.ingest.ocr_spans import spans_table as build_spans_table
from vqdb.ingest.same_content import Seen, grey
from vqdb.ingest.sentence_vectors import text_model, with_sentence_vectors
from vqdb.ingest.text_edges import MAX_SIDE, Shown, shown_times
from vqdb.models import registry
from vqdb.models.protocols import OcrReader, TextBox, text_weight
from vqdb.schema import TABLES

log = logging.getLogger(__name__)
QUIET_READS = 2  # partial reads for which a changed region where no new text was found is not looked at again
GONE_BELOW = 0.1  # a changed read's box read again this unsure, like nothing read there, is text gone
NEW_BELOW = 60.0  # similarity (``ocr_spans.same_text``, 0..100) under which a text is new where another was read
JOIN_CELLS = 2  # changed pixels of the gate's thumbnail this close join into one place to look
PIECE = 32  # cells of the gate's thumbnail a side: a larger place is asked piece by piece what it shows
MIN_CHANGED = 3  # changed pixels of the gate's thumbnail outside every read's box that make a place to look
TALL = 2.0  # a read's box this many times higher than wide stands on its side (``on_its_side``)


def ocr_step(config: Config) -> int:
    """Read every ``ocr_step``-th sampled frame so that OCR runs at about ``config.ocr_fps``."""
    if config.ocr_fps <= 0:
        raise ConfigError(f"ocr_fps must be > 0, got {config.ocr_fps!r}; try 1.0 (or at most sample_fps)")
    return max(1, round(config.sample_fps / config.ocr_fps))


def settings_of(config: Config) -> dict[str, Any]:
    """The settings that determine the OCR tables' content (recorded in ``extractions``)."""
    return {
        "ocr_fps": config.ocr_fps,
        "ocr_step": ocr_step(config),
        "ocr_change_threshold": config.ocr_change_threshold,
        "sample_fps": config.sample_fps,
        "thumb_max_side": config.thumb_max_side,
        "ocr_max_side": config.ocr_max_side,
    }


@register("ocr")
class OcrExtractor(Extractor):
    """EasyOCR on the sampled frames, with change gating and span tracking."""

    # 2: faint lines found tile by tile (``text_regions.faint_lines``) and unsure low-contrast boxes read again
    # contrast-stretched; a corpus read before misses faint text. 3: unsure colourful boxes read again from the
    # frame's saturation (``easyocr_reader.saturation_of``) and banners standing either way on an upright
    # picture kept upright (``upright_turn``); a corpus read before misses coloured text as light as its ground.
    # 4: text shown between two reads and gone by the next read where it showed (``vqdb.ingest.brief_text``); a
    # corpus read before misses a title shown for less than the OCR period. 5: a text that blinks off for less than
    # ``text_edges.BLINK_S`` and comes back is shown through the blink (``text_edges._blinks_bridged``), and a cut to
    # another shot wakes the quiet places though a logo stays over both (``Change.cut``); a corpus read before ends
    # a flashing text at its first blink and may read a title card after such a cut up to two reads late. 6: large
    # letters with soft edges (out of focus, motion-blurred, in a dim grade) looked for on the frame shrunk too
    # (``text_regions.coarse_lines``); a corpus read before misses such a sign or title. 7: places passed over while
    # footage moved are looked at once the frame stands still (``read_settled``), and a reread that collapses
    # keeps the old read it reads like or is the text gone (``unsure_reread``); a corpus read before misses text
    # that appeared over footage that then stood still and keeps letter soup where a caption left. 8: a text
    # replaced in its place with a gap between the edges is read in the gap, surely (``brief_text.gaps``), a text
    # OCR missed at the read before is shown from when its box first shows it (``text_edges.UNREAD``), a line
    # that grows (typed) is a span of its own (``ocr_spans.grows``) and a read cut short votes only on what it
    # saw; a corpus read before misses a lyric shown between two reads in the place of another, starts captions
    # over moving footage up to reads late, and keeps a typed command as its prompt
    reading = 8

    @classmethod
    def unavailable_reason(cls, config: Config) -> str | None:
        return registry.unavailable_reason("ocr", config)

    def __init__(self, config: Config, reader: OcrReader | None = None):
        super().__init__(config)
        self._reader = reader

    def reads_frames(self) -> bool:
        """True when ``ocr_max_side`` asks for no more than the thumbnails; else OCR decodes its own frames."""
        return not self.config.ocr_max_side > self.config.thumb_max_side

    @property
    def reader(self) -> OcrReader:
        """The OCR model: the one given, else the process-wide one of the registry (loaded on first use)."""
        if self._reader is None:
            self._reader = registry.ocr_reader(self.config)
        return self._reader

    def run(self, ctx: VideoContext) -> ExtractorOutput:
        step = ocr_step(self.config)
        read_frames = list(self._reads(ctx, step))
        frames = [(ts, reads) for _, ts, reads in read_frames]
        edges, flashes = text_shown(ctx, frames)
        max_side = self.config.ocr_max_side if self.config.ocr_max_side > self.config.thumb_max_side else 0
        flashed = read_flashes(self.reader, ctx, flashes, max_side or self.config.thumb_max_side)
        rows = [
            {
                "video_id": ctx.video_id,
                "frame_idx": frame_idx,
                "ts": ts,
                "text": read.text,
                "confidence": read.confidence,
                "box": read.box_dict(),
                "model": self.reader.model_id,
                "shown_from_s": shown_from,
                "shown_to_s": shown_to,
            }
            for frame_idx, ts, reads, shown in [
                *((idx, ts, reads, shown) for (idx, ts, reads), shown in zip(read_frames, edges, strict=True)),
                *((_nearest_idx(read_frames, ts), ts, reads, shown) for ts, reads, shown in flashed),
            ]
            for read, (shown_from, shown_to) in zip(reads, shown, strict=True)
        ]
        timeline = sorted(
            [*zip(frames, edges, strict=True), *(((ts, reads), shown) for ts, reads, shown in flashed)],
            key=lambda item: item[0][0],
        )
        spans = track_spans(
            [frame for frame, _ in timeline],
            max_gap_s=span_gap_s(step / self.config.sample_fps),
            shown=[shown for _, shown in timeline],
        )
        spans_table = with_sentence_vectors(build_spans_table(ctx.video_id, spans), self.config)
        settings = settings_of(self.config) | placement_settings(self.reader)
        return ExtractorOutput(
            tables={"ocr": TABLES["ocr"].from_rows(rows), "ocr_spans": spans_table},
            model=self.reader.model_id,
            settings=settings | {"text_model": text_model(self.config)},
        )

    def _reads(self, ctx: VideoContext, step: int) -> Iterator[tuple[int, float, list[TextBox]]]:
        """``(frame_idx, ts, reads)`` of every n-th frame, reading only what the change gate says changed, each
        frame turned upright first once a read found the picture on its side (``upright_turn``)."""
        gate = ChangeGate(self.config.ocr_change_threshold)
        reads: list[TextBox] = []
        quiet = QuietPlaces()
        seen = Seen()
        pending: list[tuple[int, float, np.ndarray, Change]] = []
        batched = self.reader.batch_size > 1
        quarters = 0  # quarter turns (np.rot90) that make the frames upright
        standing: frozenset[str] = frozenset()  # the texts of reads on their side found upright as they stand

        def read_whole(change: Change) -> bool:
            # a GPU reads the frames of a batch together, so a cut there is read whole without asking what of
            # the reads before it kept (one by one on the CPU: ``reread_changes``)
            return change.whole and (batched or change.pixels is None)

        def restart(image: np.ndarray, found: list[TextBox]) -> list[TextBox]:
            nonlocal gate
            gate = ChangeGate(self.config.ocr_change_threshold)
            gate.check(image)
            quiet.forget(found)
            seen.take(image)
            return found

        def flush() -> Iterator[tuple[int, float, list[TextBox]]]:
            nonlocal reads, quarters, standing
            whole = iter(self.reader.read_many([image for _, _, image, change in pending if read_whole(change)]))
            turned = 0  # the quarter turns found on a frame of this batch: the later frames were gated unturned
            for frame_idx, ts, image, change in pending:
                if turned:
                    image = _turned(image, turned)
                    reads = restart(image, self.reader.read(image))
                elif read_whole(change):
                    reads = next(whole)
                    quiet.forget(reads)
                    seen.take(image)
                elif change.regions:
                    reads = reread_changes(self.reader, image, reads, change, quiet, seen)
                else:
                    reads = read_settled(self.reader, image, reads, quiet, seen)
                if change.whole and not turned and on_its_side(reads, image.shape) and _texts(reads) != standing:
                    turned, upright = upright_turn(self.reader, image, reads if read_whole(change) else None)
                    if turned:
                        quarters = (quarters + turned) % 4
                        reads = restart(_turned(image, turned), upright)
                    else:
                        standing = _texts(reads)
                yield frame_idx, ts, [turned_back(read, quarters) for read in reads]
            pending.clear()

        for frame_idx, ts, image in ctx.images(step, max_side=self.config.ocr_max_side or None):
            image = _turned(image, quarters)
            pending.append((frame_idx, ts, image, gate.check(image)))
            if len(pending) >= max(1, self.reader.batch_size):
                yield from flush()
        yield from flush()


def on_its_side(reads: Sequence[TextBox], shape: tuple[int, ...], ratio: float = TALL) -> bool:
    """Whether, on an image of ``shape`` (H, W, ...), the reads whose boxes stand ``ratio`` times taller than
    wide hold more of its text (``text_weight``: confidence x characters) than the others: the picture may be on
    its side (a video whose rotation tag is wrong, a phone held sideways), worth reading turned. Tall boxes
    read as junk in a picture's texture (a tree's trunk) weigh little beside one line read well.

    Example:
        >>> column = [TextBox("Send", 0.8, (0.1 * i, 0.1, 0.1 * i + 0.03, 0.5)) for i in range(3)]
        >>> line, trunk = TextBox("a line", 0.9, (0.0, 0.8, 1.0, 0.9)), TextBox("Il", 0.1, (0.4, 0.0, 0.5, 0.9))
        >>> on_its_side(column, (100, 100)), on_its_side([line, trunk], (100, 100)), on_its_side([], (100, 100))
        (True, False, False)
    """
    height, width = shape[:2]
    standing = [(r.box[3] - r.box[1]) * height > ratio * (r.box[2] - r.box[0]) * width for r in reads]
    tall = [read for read, stands in zip(reads, standing, strict=True) if stands]
    return text_weight(tall) > text_weight([read for read, stands in zip(reads, standing, strict=True) if not stands])


def upright_turn(
    reader: OcrReader, image: np.ndarray, as_it_stands: list[TextBox] | None = None
) -> tuple[int, list[TextBox]]:
    """``(quarters, reads)``: the quarter turns (``np.rot90``: 1 counter-clockwise, 3 clockwise) under which
    ``image``, a picture on its side (``on_its_side``), reads the most text (``text_weight``), and its reads turned
    so; ``(0, [])`` when it does not stand upright either way (its boxes still stand on their side), or when
    turned it reads no more text than read whole as it stands (``as_it_stands``, when the caller read it so).
    Text on its side read in parts, where pixels changed, is read in pieces of a column (a line typed
    downwards: "Initiote", "Seorc", "1 3"); read upright, a line is a row, read whole. An upright picture whose
    only text stands on its side (a banner reading upwards, another downwards, which the reader's tall boxes
    read whole) reads one of them upside down once turned ("asea[OH MaN" for "New Release"): it stays as it is.

    Example:
        >>> class Reader:  # reads "word" on a frame wider than high
        ...     def read(self, image):
        ...         return [TextBox("word", 0.9, (0.1, 0.1, 0.9, 0.3))] if image.shape[1] > image.shape[0] else []
        >>> quarters, reads = upright_turn(Reader(), np.zeros((200, 100, 3), np.uint8))
        >>> quarters, [read.text for read in reads]
        (1, ['word'])
        >>> class Banners:  # reads two banners whole as the image stands, one of them upside down turned
        ...     def read(self, image):
        ...         up = TextBox("SIDE STREET", 0.9, (0.1, 0.1, 0.2, 0.9))
        ...         return [up, TextBox("New Release", 0.9, (0.8, 0.1, 0.9, 0.9))] if image.shape[0] > 150 else [up]
        >>> upright_turn(Banners(), np.zeros((200, 100, 3), np.uint8))
        (0, [])
    """
    readings = {quarters: reader.read(_turned(image, quarters)) for quarters in (1, 3)}
    readings = {0: reader.read(image) if as_it_stands is None else as_it_stands, **readings}
    best = max(readings, key=lambda quarters: text_weight(readings[quarters]))  # the first of equals: as it stands
    if not best or not readings[best] or on_its_side(readings[best], _turned(image, best).shape):
        return 0, []
    return best, readings[best]


def turned_back(read: TextBox, quarters: int) -> TextBox:
    """``read`` of an image turned ``quarters`` quarter turns (``np.rot90``) with its box in the image as it was.

    Example:
        >>> turned_back(TextBox("up", 0.9, (0.1, 0.2, 0.5, 0.3)), 1).box  # read on the image turned to the left
        (0.7, 0.1, 0.8, 0.5)
        >>> turned_back(TextBox("up", 0.9, (0.1, 0.2, 0.5, 0.3)), 3).box
        (0.2, 0.5, 0.3, 0.9)
    """
    x0, y0, x1, y1 = read.box
    for _ in range(quarters % 4):  # one turn to the left undone: a column of the turned image is a row before
        x0, y0, x1, y1 = 1 - y1, x0, 1 - y0, x1
    return TextBox(read.text, read.confidence, tuple(round(v, 9) for v in (x0, y0, x1, y1)))


def _texts(reads: Sequence[TextBox]) -> frozenset[str]:
    return frozenset(read.text for read in reads)


def _turned(image: np.ndarray, quarters: int) -> np.ndarray:
    return np.ascontiguousarray(np.rot90(image, quarters)) if quarters % 4 else image


def text_shown(ctx: VideoContext, frames: list[tuple[float, list[TextBox]]]) -> tuple[list[list[Shown]], list[Flash]]:
    """When each read's text appeared and left, to the frame (``vqdb.ingest.text_edges``), and the text shown
    between two reads and gone by the next (``vqdb.ingest.brief_text``: new strokes, or a place between one
    text leaving and the next coming, ``gaps``): the video is decoded again, small, in one pass; times unknown
    (None) and no flashes where it cannot be decoded again."""
    watch = FlashWatch([ts for ts, _ in frames])
    frame_times: list[float] = []
    try:
        decoded = watch.watch(_timed(frames_within(ctx.path, [(0.0, math.inf)], MAX_SIDE, ctx.info), frame_times))
        shown = shown_times(frames, decoded, ctx.info.duration_s)
        deque(decoded, maxlen=0)  # watch the frames after the last window too: flashes there
        return shown, [*watch.flashes, *gaps(frames, shown, frame_times, watch.flashes)]
    except MediaError as exc:
        log.warning("%s: on-screen text keeps its OCR times (+- half an OCR period): %s", ctx.video_id, exc)
        return [[(None, None)] * len(reads) for _, reads in frames], []


def _timed(decoded: Iterator[tuple[float, np.ndarray]], times: list[float]) -> Iterator[tuple[float, np.ndarray]]:
    """``decoded`` passed on, each frame's time noted in ``times``."""
    for ts, image in decoded:
        times.append(ts)
        yield ts, image


def read_flashes(
    reader: OcrReader, ctx: VideoContext, flashes: Sequence[Flash], max_side: int
) -> list[tuple[float, list[TextBox], list[Shown]]]:
    """``(ts, reads, shown)`` of the frames where ``flashes`` show (``vqdb.ingest.brief_text``), decoded again at
    ``max_side`` and read where the flashes are (``OcrReader.read_parts``), each read ``shown`` as its flash
    is; reads without a word (``worded``: a glyph read in a picture's texture) or less sure than their flash
    needs (``Flash.sure``: a gap's) are dropped.

    Example:
        >>> read_flashes(None, None, [], 1920)
        []
    """
    if not flashes:
        return []
    times = sorted({flash.at_s for flash in flashes})
    found = []
    try:
        for ts, image in frames_within(ctx.path, [(at, at) for at in times], max_side, ctx.info):
            here = [flash for flash in flashes if abs(flash.at_s - ts) <= TIME_TOLERANCE_S]
            placed = [
                (read, next((f for f in here if overlaps(f.box, read.box)), here[0]))
                for read in reader.read_parts(image, [flash.box for flash in here], [], [])
            ]
            placed = [(read, f) for read, f in placed if worded(read.text) and read.confidence >= f.sure]
            reads = [read for read, _ in placed]
            shown = [(f.start_s, f.end_s) for _, f in placed]
            if reads:
                found.append((ts, reads, shown))
    except MediaError as exc:
        log.warning("%s: text shown between OCR reads left unread: %s", ctx.video_id, exc)
    return found


def _nearest_idx(read_frames: Sequence[tuple[int, float, list[TextBox]]], ts: float) -> int:
    """The ``frame_idx`` of the read frame nearest ``ts``."""
    return min(read_frames, key=lambda frame: abs(frame[1] - ts))[0]


class QuietPlaces:
    """Places where the reader looked for text that might have appeared and found none new: motion that is
    not text (a speaker inset, leaves in the wind, a playing video under its label or watermark) changes
    read after read, and is looked at again only once ``reads`` partial reads have passed: text appearing
    inside it is found at most that many reads late. Each place goes quiet on its own, not the whole changed
    region of the gate it lies in: a playing video or a loading picture the gate joins with text arriving
    beside it (a chat's answer) is quiet while that text is read (``benchmarks/ocr_real.py``, setting
    ``region-quiet``). A text is new where no text read there since the last cut reads the same, loosely
    (``NEW_BELOW``: a watermark over moving pixels reads a little differently each time, "clideos", "clideo
    Gor"), unless it holds no word (``worded``). A quiet place where new text shows (a read there recognized
    again reads a new line of a song) is quiet no more. The places a partial read passed over are ``owe``d,
    and given back, the quiet places forgotten, when a frame stands still (``settle``).

    Example:
        >>> quiet = QuietPlaces(reads=1)
        >>> quiet.note([Box(0.0, 0.0, 0.5, 0.5)], [])
        >>> quiet.holds(Box(0.1, 0.1, 0.3, 0.3)), quiet.holds(Box(0.4, 0.4, 0.6, 0.6))
        (True, False)
        >>> quiet.note([], []); quiet.holds(Box(0.1, 0.1, 0.3, 0.3))
        False
        >>> quiet.note([Box(0.0, 0.0, 0.5, 0.5)], []); quiet.owe([Box(0.6, 0.1, 0.9, 0.2)])
        >>> quiet.settle(), quiet.holds(Box(0.1, 0.1, 0.3, 0.3))
        ([Box(x0=0.6, y0=0.1, x1=0.9, y1=0.2)], False)
        >>> quiet.owe([Box(0.6, 0.1, 0.9, 0.2)]); quiet.owe([], looked=[Box(0.5, 0.0, 1.0, 0.5)]); quiet.settle()
        []
        >>> quiet.forget([TextBox("clideo.com", 0.4, (0.1, 0.8, 0.3, 0.9))])
        >>> [read.text for read in quiet.new([TextBox("clideo com", 0.3, (0.1, 0.8, 0.3, 0.9)),
        ...                                   TextBox("clideo.com", 0.4, (0.6, 0.1, 0.8, 0.2))])]
        ['clideo.com']
    """

    def __init__(self, reads: int = QUIET_READS):
        self.reads = reads
        self._places: list[tuple[Box, int]] = []  # (place, partial reads for which it stays quiet)
        self._read = ReadsSince()  # what was read since the last cut, where
        self._owed: list[Box] = []  # changed places passed over since the frame last stood still

    def holds(self, box: Sequence[float]) -> bool:
        """Whether ``box`` (normalized) lies inside the quiet places, one or several together (a playing
        video's changed pixels fall a little differently each read over the places looked at before)."""
        inside = [place for place, _ in self._places if overlaps(place, box)]
        if box[2] <= box[0] or box[3] <= box[1] or not inside:
            return any(_contains(place, box) for place, _ in self._places)
        edges = np.asarray([[place.x0, place.y0, place.x1, place.y1] for place in inside])
        xs = np.unique(np.clip(np.concatenate([[box[0], box[2]], edges[:, 0], edges[:, 2]]), box[0], box[2]))
        ys = np.unique(np.clip(np.concatenate([[box[1], box[3]], edges[:, 1], edges[:, 3]]), box[1], box[3]))
        cx, cy = (xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2  # each cell of the places' edges, by its centre
        across = (edges[:, 0, None] <= cx) & (cx <= edges[:, 2, None])
        down = (edges[:, 1, None] <= cy) & (cy <= edges[:, 3, None])
        return bool(np.einsum("py,px->yx", down.astype(np.int32), across.astype(np.int32)).all())

    def note(self, places: Sequence[Box], fresh: Sequence[TextBox]) -> None:
        """One more partial read: the places noted before age by one and those ``fresh`` (the new texts it
        found) meets leave, ``places`` (where it found no new text) join."""
        self._places = [
            (place, left - 1)
            for place, left in self._places
            if left > 1 and not any(overlaps(read.box, place) for read in fresh)
        ]
        self._places += [(place, self.reads) for place in places]

    def new(self, found: Sequence[TextBox]) -> list[TextBox]:
        """The reads of ``found`` whose text is new where it lies (see the class); each text not read there
        before, to the letter, is remembered."""
        fresh = [read for read in found if worded(read.text) and not self._read.holds(read)]
        for read in [read for read in found if not self._read.holds(read, similarity=100.0)]:
            self._read.add(read)
        return fresh

    def owe(self, places: Sequence[Box], looked: Sequence[Box] = ()) -> None:
        """Note ``places`` a partial read passed over (quiet, or a box whose text left), which ``settle`` gives,
        and forget those noted before that it ``looked`` at: a playing video owes no more than the places
        passed over since its quiet lapsed last."""
        owed = [place for place in self._owed if not any(overlaps(place, seen) for seen in looked)]
        self._owed = owed + [place for place in places if place not in owed]

    def settle(self) -> list[Box]:
        """Forget every place, not what was read, and give the places owed (``owe``): a frame where nothing
        changed since the last read shows the motion that made them quiet stopped; what changed there while it
        moved is to be looked at now, and what changes there next (a caption arriving over footage that stands
        still) at once, not ``reads`` partial reads later."""
        owed, self._places, self._owed = self._owed, [], []
        return owed

    def forget(self, reads: Sequence[TextBox]) -> None:
        """Forget every place and what was read (the frame was read whole, a cut, into ``reads``)."""
        self._places, self._read, self._owed = [], ReadsSince(reads), []


def worded(text: str) -> bool:
    """Whether ``text`` holds a word: two letters or digits in a row. What the recognizer reads in a picture's
    moving texture, each time another glyph or two ("U n", "Y", "7"), is no new text: a playing video where
    CRAFT finds such boxes goes quiet, and does not wake the quiet places beside it (``QuietPlaces``); the
    read itself is kept and recognized again as before.

    Example:
        >>> [worded(text) for text in ["U n", "Y", "7", "~ .", "OK", "15", "a cat"]]
        [False, False, False, False, True, True, True]
    """
    return re.search(r"[^\W_]{2}", text) is not None


class ReadsSince:
    """The texts read since the last cut, and where: whether one was read where a read lies, reading as it does
    (``holds``). Only the texts whose box it overlaps and whose digits may match its own are compared, their
    boxes as an array and their texts by their digits, so a clock read every second for an hour (3,600 texts
    in one place) costs one comparison a read, not 3,600.

    Example:
        >>> since = ReadsSince([TextBox("00:00:01", 0.9, (0.8, 0.9, 0.9, 0.95))])
        >>> since.add(TextBox("Intro", 0.9, (0.1, 0.1, 0.4, 0.2)))
        >>> since.holds(TextBox("00:00:01", 0.9, (0.8, 0.9, 0.9, 0.95))), since.holds(TextBox("00:00:02", 0.9,
        ...     (0.8, 0.9, 0.9, 0.95))), since.holds(TextBox("Intro", 0.9, (0.5, 0.1, 0.7, 0.2)))
        (True, False, False)
    """

    def __init__(self, reads: Sequence[TextBox] = ()):
        self._texts: list[str] = []
        self._boxes = np.zeros((max(16, len(reads)), 4))
        self._with_digits: dict[str, list[int]] = {}  # by digits: the positions of the texts holding them
        for read in reads:
            self.add(read)

    def add(self, read: TextBox) -> None:
        """Remember ``read``."""
        if len(self._texts) == len(self._boxes):
            self._boxes = np.concatenate([self._boxes, np.zeros_like(self._boxes)])
        self._boxes[len(self._texts)] = read.box
        self._with_digits.setdefault(digits_of(read.text), []).append(len(self._texts))
        self._texts.append(read.text)

    def holds(self, read: TextBox, similarity: float = NEW_BELOW) -> bool:
        """Whether a text read where ``read`` lies (their boxes overlap, ``crops.overlaps``) reads as it does,
        at least ``similarity`` (``ocr_spans.same_text``)."""
        digits = digits_of(read.text)
        if digits:  # texts with the same digits, or none (``ocr_spans.digits_may_match``)
            at = np.asarray([*self._with_digits.get(digits, ()), *self._with_digits.get("", ())], dtype=np.int64)
        else:
            at = np.arange(len(self._texts))
        boxes, (x0, y0, x1, y1) = self._boxes[at], read.box
        near = at[(x0 < boxes[:, 2]) & (boxes[:, 0] < x1) & (y0 < boxes[:, 3]) & (boxes[:, 1] < y1)]
        return any(same_text(read.text, self._texts[i], similarity) for i in near)


def reread_changes(
    reader: OcrReader,
    image: np.ndarray,
    reads: list[TextBox],
    change: Change,
    quiet: QuietPlaces,
    seen: Seen,
) -> list[TextBox]:
    """The reads of ``image`` after reading again what ``change`` says changed; the other reads are kept.

    Text in video stays still and changes by glyph, or appears where there was none. A read whose box holds
    changed pixels but shows the content ``seen`` there when it was read, dimmed, faded or moved a little
    (``vqdb.ingest.same_content``: a panel dimmed while a page works, a layout shifted by a line), is kept,
    moved with it. Another read whose box changed is recognized again in its box (a ticking clock: no
    detection), and where pixels changed outside every read's box, text may have appeared: the reader looks
    for it there (``OcrReader.read_parts``: a read it finds again whose pixels did not change is not
    recognized again), unless that shows what was seen there, moved or faded, or lies in the ``quiet``
    places (where it found no new text lately, ``QuietPlaces``), which note the places where it found none
    now; a quiet place beside a read recognized again that shows new text (``_beside``: a line reads on) is
    looked at at once. A read the reader finds again, or finds gone, is replaced. A whole-frame change where
    no read shows as it was is a cut: the frame is read whole; a cut to another shot (``Change.cut``) where a
    read stays (a channel's logo, a score over every shot) wakes the quiet places: the footage that showed no
    text is gone, and a title card or a caption in the new shot is read at once. What it passes over, a quiet
    place, and the box of a read whose text left (``unsure_reread``), is owed (``QuietPlaces.owe``) and looked at
    once a frame stands still (``read_settled``), so text that appeared over footage that moved and then stood
    still (a promo code faded in over a shot that settles) is read then, not never.

    Example:
        >>> import numpy as np
        >>> from vqdb.ingest.change_gate import ChangeGate
        >>> class Reader:  # reads "new" in whatever box it is given, finds nothing where it looks
        ...     def read_parts(self, image, look, changed, unchanged):
        ...         return [TextBox("new", 0.9, box) for box in changed]
        >>> gate = ChangeGate(0.02)
        >>> frame = np.zeros((90, 160, 3), np.uint8)
        >>> _ = gate.check(frame)
        >>> frame[75:85, 5:25] = 255  # the clock's digits changed, the title did not
        >>> old = [TextBox("title", 0.9, (0.1, 0.1, 0.9, 0.2)), TextBox("12:00", 0.8, (0.0, 0.8, 0.2, 1.0))]
        >>> [(r.text, r.box) for r in reread_changes(Reader(), frame, old, gate.check(frame), QuietPlaces(), Seen())]
        [('title', (0.1, 0.1, 0.9, 0.2)), ('new', (0.0, 0.8, 0.2, 1.0))]
    """
    if change.cut:  # another shot: what found no text in the last one may now (a title card), whatever stayed
        quiet.forget(reads)
    pixels = change.pixels if change.pixels is not None else np.ones((1, 1), bool)
    current = grey(image)
    touched = [read for read in reads if pixels[_cells(pixels, read.box)].any()]
    offsets = {id(read): offset for read in touched if (offset := seen.offset(current, read.box)) is not None}
    if change.whole and len(touched) == len(reads) and not offsets:
        seen.take(image)
        reads = reader.read(image)
        quiet.forget(reads)
        return reads
    touched = [read for read in touched if id(read) not in offsets]
    reads = [moved(read, offsets[id(read)], current.shape) if id(read) in offsets else read for read in reads]
    outside = pixels.copy()
    for read in reads:
        outside[_cells(outside, read.box)] = False
    shifts = sorted(set(offsets.values()) - {(0, 0)})
    look, held = [], []
    for region in change.regions:
        places = [
            piece
            for place in _changed_places(outside, region)
            for piece in _pieces(outside, place)
            if seen.offset(current, piece, shifts) is None
        ]
        for kept, asleep in ((look, False), (held, True)):
            if chosen := [place for place in places if quiet.holds(place) == asleep]:
                kept.append((region, chosen))
    woken: list[tuple[Box, list[Box]]] = []
    gone: list[Box] = []
    if touched or look:
        reads, found, gone = _read_parts(reader, image, reads, look, touched)
        fresh = quiet.new(found)
        again = [new for new in fresh if any(overlaps(new.box, read.box) for read in touched)]
        woken = [(region, near) for region, places in held if (near := _beside(places, again))]
        if woken:  # a read recognized again beside a quiet place shows new text (a line reads on): look there now
            reads, found, _ = _read_parts(reader, image, reads, woken, [])
            fresh += quiet.new(found)
        quiet.note([place for region, places in look + woken for place in _without_text(region, places, fresh)], fresh)
    else:
        quiet.note([], [])
    woke = {place for _, places in woken for place in places}
    looked = [place for _, places in look + woken for place in places]
    quiet.owe([place for _, places in held for place in places if place not in woke] + gone, looked)
    seen.take(image, change.regions)
    return reads


def read_settled(
    reader: OcrReader, image: np.ndarray, reads: list[TextBox], quiet: QuietPlaces, seen: Seen
) -> list[TextBox]:
    """The reads of ``image``, a frame where nothing changed since the last read, after looking at the places
    that partial reads passed over (``QuietPlaces.owed``: quiet places that changed, boxes whose text left):
    the motion stopped, what shows there now stays, and no later change of the gate would ask for it (a promo
    code faded in over footage that moved, then stood still, was never read). The quiet places are forgotten
    (``QuietPlaces.settle``). Without places owed nothing is read.

    Example:
        >>> class Reader:  # finds a code wherever it looks
        ...     def read_parts(self, image, look, changed, unchanged):
        ...         return [TextBox("Promo code: SKY-88Q4", 0.7, tuple(box)) for box in look]
        >>> quiet, logo = QuietPlaces(), TextBox("SKYLINE AIR", 0.99, (0.05, 0.1, 0.23, 0.15))
        >>> frame = np.zeros((90, 160, 3), np.uint8)
        >>> [r.text for r in read_settled(Reader(), frame, [logo], quiet, Seen())]
        ['SKYLINE AIR']
        >>> quiet.owe([Box(0.62, 0.1, 0.95, 0.15)])
        >>> [r.text for r in read_settled(Reader(), frame, [logo], quiet, Seen())]
        ['SKYLINE AIR', 'Promo code: SKY-88Q4']
    """
    owed = quiet.settle()
    if not owed:
        return reads
    found, _ = without_unsure_rereads(reader.read_parts(image, owed, [], reads), reads)
    quiet.new(found)
    seen.take(image, owed)
    return [read for read in reads if not any(overlaps(read.box, new.box) for new in found)] + found


def _without_text(region: Box, places: Sequence[Box], texts: Sequence[TextBox]) -> list[Box]:
    """Where no one of ``texts`` was read: the changed ``region`` whole when none lies in it, else its
    ``places`` (where the reader looked in it) that none meets: a playing video beside an answer arriving in
    one region of the gate.

    Example:
        >>> region, video, answer = Box(0.0, 0.0, 1.0, 0.5), Box(0.0, 0.0, 0.4, 0.5), Box(0.5, 0.1, 0.9, 0.2)
        >>> _without_text(region, [video, answer], [])
        [Box(x0=0.0, y0=0.0, x1=1.0, y1=0.5)]
        >>> _without_text(region, [video, answer], [TextBox("Yes, the flag", 0.9, (0.5, 0.1, 0.8, 0.15))])
        [Box(x0=0.0, y0=0.0, x1=0.4, y1=0.5)]
    """
    if not any(overlaps(text.box, region) for text in texts):
        return [region]
    return [place for place in places if not any(overlaps(text.box, place) for text in texts)]


def _beside(places: Sequence[Box], texts: Sequence[TextBox]) -> list[Box]:
    """The ``places`` that meet one of ``texts``' boxes grown by its height on every side: where a text read
    anew may go on (the next words of a line, the next line).

    Example:
        >>> line = TextBox("and our dreams", 0.9, (0.2, 0.5, 0.6, 0.55))
        >>> _beside([Box(0.62, 0.5, 0.7, 0.55), Box(0.2, 0.58, 0.5, 0.62), Box(0.8, 0.5, 0.9, 0.55)], [line])
        [Box(x0=0.62, y0=0.5, x1=0.7, y1=0.55), Box(x0=0.2, y0=0.58, x1=0.5, y1=0.62)]
    """
    grown = [
        (x0 - (y1 - y0), 2 * y0 - y1, x1 + (y1 - y0), 2 * y1 - y0) for x0, y0, x1, y1 in (text.box for text in texts)
    ]
    return [place for place in places if any(overlaps(place, box) for box in grown)]


def _contains(outer: Sequence[float], inner: Sequence[float]) -> bool:
    """Whether normalized box ``inner`` lies inside ``outer``."""
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _read_parts(
    reader: OcrReader,
    image: np.ndarray,
    reads: list[TextBox],
    look: list[tuple[Box, list[Box]]],
    touched: list[TextBox],
) -> tuple[list[TextBox], list[TextBox], list[Box]]:
    """``(reads, found, gone)``: ``reads`` where the reader found again, found gone or found new text looking at
    the places of ``look`` (``(region, places)``) and recognizing ``touched`` again; ``found``: what it found;
    ``gone``: the boxes where it read only what a text left behind (``unsure_reread``), read as no text."""
    again = {id(read) for read in touched}
    unchanged = [read for read in reads if id(read) not in again]
    places = [place for _, region_places in look for place in region_places]
    found = reader.read_parts(image, places, [read.box for read in touched], unchanged)
    found, gone = without_unsure_rereads(found, reads)
    kept = [read for read in unchanged if not any(overlaps(read.box, new.box) for new in found)]
    return kept + found, found, gone


def without_unsure_rereads(found: Sequence[TextBox], before: Sequence[TextBox]) -> tuple[list[TextBox], list[Box]]:
    """``(found, gone)``: ``found`` with each unsure read where reads ``before`` lay replaced by what stands for
    it (``unsure_reread``), and the boxes of those that stand for nothing: where a text left.

    Example:
        >>> url = TextBox("channelZnews comllive", 0.83, (0.7, 0.92, 0.96, 0.98))
        >>> found, gone = without_unsure_rereads([TextBox("VJIMSUbAbel Znews comllive", 0.03, url.box)], [url])
        >>> [read.text for read in found], gone
        (['channelZnews comllive'], [])
    """
    standing = [(read, unsure_reread(read, before)) for read in found]
    gone = [Box(*read.box) for read, stands in standing if stands == []]
    kept = {id(r): r for read, stands in standing for r in ([read] if stands is None else stands)}
    return list(kept.values()), gone


def unsure_reread(read: TextBox, before: Sequence[TextBox]) -> list[TextBox] | None:
    """What stands for ``read`` when it is a read where reads ``before`` lay (their box changed, or a
    look for new text found a box over one) that collapsed, read unsure (under ``GONE_BELOW``): those of them it
    reads like (``ocr_spans.same_text`` at least ``NEW_BELOW``), kept as they were read (the text stays, the
    footage under it moved), or nothing (``[]``) when it reads like none (what the recognizer makes of the
    picture a text left behind: a caption that leaves over moving footage read "SY ICS// RaekWKae/" at 0.007
    where "Book now at skylineair.com/deals" was). None for a read that stands for itself: sure enough, or
    where none of ``before`` lay.

    Example:
        >>> caption = TextBox("Book now at skylineaircom/deals", 0.91, (0.28, 0.83, 0.72, 0.89))
        >>> [unsure_reread(TextBox(text, conf, caption.box), [caption])
        ...  for text, conf in [("SY ICS// RaekWKae/", 0.007), ("Book now at skylineair", 0.8)]]
        [[], None]
        >>> [r.confidence for r in unsure_reread(TextBox("Bok now at skylineair.com", 0.05, caption.box), [caption])]
        [0.91]
    """
    near = [old for old in before if overlaps(old.box, read.box)]
    if not near or read.confidence >= GONE_BELOW:
        return None
    return [old for old in near if same_text(read.text, old.text, NEW_BELOW)]


def moved(read: TextBox, offset: tuple[int, int], shape: tuple[int, ...]) -> TextBox:
    """``read`` with its box moved by ``offset`` (``dx, dy`` pixels of an image of ``shape`` (H, W, ...)).

    Example:
        >>> moved(TextBox("Examples", 0.9, (0.1, 0.5, 0.3, 0.6)), (0, -10), (100, 200)).box
        (0.1, 0.4, 0.3, 0.5)
    """
    (dx, dy), (height, width) = offset, shape[:2]
    x0, y0, x1, y1 = read.box
    shifted = (x0 + dx / width, y0 + dy / height, x1 + dx / width, y1 + dy / height)
    return TextBox(read.text, read.confidence, tuple(round(min(1.0, max(0.0, v)), 9) for v in shifted))


def _cells(grid: np.ndarray, box: Sequence[float]) -> tuple[slice, slice]:
    """The cells of ``grid`` (rows x columns over the frame) a normalized box covers, one more on each side."""
    rows, cols = grid.shape
    return (
        slice(max(0, math.floor(box[1] * rows) - 1), math.ceil(box[3] * rows) + 1),
        slice(max(0, math.floor(box[0] * cols) - 1), math.ceil(box[2] * cols) + 1),
    )


def _pieces(grid: np.ndarray, place: Box) -> list[Box]:
    """``place`` (normalized) cut into squares of at most ``PIECE`` cells of ``grid`` that hold set cells, each
    trimmed to them: a large place asked piece by piece whether it shows what was seen there.

    Example:
        >>> grid = np.zeros((64, 128), bool); grid[2, 3] = grid[40, 100] = True
        >>> [tuple(piece) for piece in _pieces(grid, Box(0.0, 0.0, 1.0, 1.0))]
        [(0.0234375, 0.03125, 0.03125, 0.046875), (0.78125, 0.625, 0.7890625, 0.640625)]
    """
    rows, cols = grid.shape
    top, left = math.floor(place.y0 * rows), math.floor(place.x0 * cols)
    bottom, right = math.ceil(place.y1 * rows), math.ceil(place.x1 * cols)
    pieces = []
    for row in range(top, bottom, PIECE):
        for col in range(left, right, PIECE):
            ys, xs = np.nonzero(grid[row : min(bottom, row + PIECE), col : min(right, col + PIECE)])
            if ys.size:
                y0, x0 = row + int(ys.min()), col + int(xs.min())
                y1, x1 = row + int(ys.max()) + 1, col + int(xs.max()) + 1
                pieces.append(Box(x0 / cols, y0 / rows, x1 / cols, y1 / rows))
    return pieces


def _changed_places(grid: np.ndarray, region: Box) -> list[Box]:
    """The normalized bounding boxes of the groups of set cells of ``grid`` inside ``region`` (cells a few
    apart join: the glyphs of a line); none when it holds fewer than ``MIN_CHANGED`` (encoder noise)."""
    import cv2

    rows, cols = grid.shape
    top, left = round(region.y0 * rows), round(region.x0 * cols)
    cells = grid[top : round(region.y1 * rows), left : round(region.x1 * cols)]
    if np.count_nonzero(cells) < MIN_CHANGED:
        return []
    padded = np.pad(cells.astype(np.uint8), JOIN_CELLS)  # a group at x..x+w of the dilated padding: x..x+w-2J
    joined = cv2.dilate(padded, np.ones((2 * JOIN_CELLS + 1,) * 2, np.uint8))
    _, _, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    return [
        Box(
            (left + x) / cols,
            (top + y) / rows,
            (left + x + w - 2 * JOIN_CELLS) / cols,
            (top + y + h - 2 * JOIN_CELLS) / rows,
        )
        for x, y, w, h, _ in stats[1:].tolist()
    ]
