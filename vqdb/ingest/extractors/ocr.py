"""The ``ocr`` extractor: on-screen text of the sampled frames, tables ``ocr`` and ``ocr_spans``.

It reads every n-th sampled frame (n = ``sample_fps / ocr_fps``, at least 1) decoded again at the video's
own size, at most ``ocr_max_side`` on the longest side (a caption 20 px high on a 1080p frame is 7 px in a
384-px thumbnail, read as letter soup); the reader bounds what that costs (CRAFT finds the boxes on a copy
at most ``DETECT_SIDE``, each box is recognized at full size) and enlarges small video
(``vqdb.models.easyocr_reader``). ``ocr_max_side`` at or below ``thumb_max_side`` reads the thumbnails of
the ``frames`` table instead. The change gate
(``vqdb.ingest.change_gate``, ``ocr_change_threshold``) says what changed since the text was last read:
nothing (the frame reuses the reads: a static run of frames costs one OCR call), the whole frame (read
again), or some regions: only the full-width bands of those rows are read again, grown to take in every
earlier read they touch, and the reads elsewhere are kept (a slide with a moving speaker inset and a
ticking clock in its bottom quarter costs a read of that quarter). Frames read whole are read
``reader.batch_size`` at a time (a GPU batches their text).
Reads of adjacent frames are then merged into spans (``vqdb.ingest.ocr_spans``), and each read gets the
times its text appeared and left, to the frame (``vqdb.ingest.text_edges``: the frames between reads are
decoded again at 192 px and compared in the read's box).

Example:
    >>> from vqdb.config import Config
    >>> ocr_step(Config(sample_fps=2.0, ocr_fps=0.5))
    4
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from vqdb.config import Config
from vqdb.errors import ConfigError, MediaError
from vqdb.ingest.change_gate import Change, ChangeGate
from vqdb.ingest.crops import Box, crop, overlaps
from vqdb.ingest.decode import frames_within
from vqdb.ingest.extractors import register
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext, placement_settings
from vqdb.ingest.ocr_spans import spans_table as build_spans_table
from vqdb.ingest.ocr_spans import track_spans
from vqdb.ingest.text_edges import MAX_SIDE, Shown, shown_times, windows
from vqdb.models import registry
from vqdb.models.protocols import OcrReader, TextBox
from vqdb.schema import TABLES

log = logging.getLogger(__name__)


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
            for (frame_idx, ts, reads), shown in zip(read_frames, text_shown(ctx, frames), strict=True)
            for read, (shown_from, shown_to) in zip(reads, shown, strict=True)
        ]
        interval = step / self.config.sample_fps
        spans = track_spans(frames, max_gap_s=2.5 * interval)
        return ExtractorOutput(
            tables={"ocr": TABLES["ocr"].from_rows(rows), "ocr_spans": build_spans_table(ctx.video_id, spans)},
            model=self.reader.model_id,
            settings=settings_of(self.config) | placement_settings(self.reader),
        )

    def _reads(self, ctx: VideoContext, step: int) -> Iterator[tuple[int, float, list[TextBox]]]:
        """``(frame_idx, ts, reads)`` of every n-th frame, reading only what the change gate says changed."""
        gate = ChangeGate(self.config.ocr_change_threshold)
        reads: list[TextBox] = []
        pending: list[tuple[int, float, np.ndarray, Change]] = []

        def flush() -> Iterator[tuple[int, float, list[TextBox]]]:
            nonlocal reads
            whole = iter(self.reader.read_many([image for _, _, image, change in pending if change.whole]))
            for frame_idx, ts, image, change in pending:
                if change.whole:
                    reads = next(whole)
                elif change.regions:
                    reads = reread_regions(self.reader, image, reads, change.regions)
                yield frame_idx, ts, reads
            pending.clear()

        for frame_idx, ts, image in ctx.images(step, max_side=self.config.ocr_max_side or None):
            pending.append((frame_idx, ts, image, gate.check(image)))
            if len(pending) >= max(1, self.reader.batch_size):
                yield from flush()
        yield from flush()


def text_shown(ctx: VideoContext, frames: list[tuple[float, list[TextBox]]]) -> list[list[Shown]]:
    """When each read's text appeared and left, to the frame (``vqdb.ingest.text_edges``: the frames
    between reads are decoded again, small); unknown (None) where the video cannot be decoded again."""
    try:
        decoded = frames_within(ctx.path, windows(frames), MAX_SIDE, ctx.info)
        return shown_times(frames, decoded, ctx.info.duration_s)
    except MediaError as exc:
        log.warning("%s: on-screen text keeps its OCR times (+- half an OCR period): %s", ctx.video_id, exc)
        return [[(None, None)] * len(reads) for _, reads in frames]


def reread_regions(reader: OcrReader, image: np.ndarray, reads: list[TextBox], regions: Sequence[Box]) -> list[TextBox]:
    """The reads of ``image`` after reading its changed ``regions`` again; reads elsewhere are kept.

    A region becomes the full-width band of its rows, grows to take in every earlier read it touches (a
    line is read whole), and regions that then overlap merge; each is read as a crop and its boxes mapped
    back to the frame.

    Example:
        >>> import numpy as np
        >>> class Reader:  # reads one word in the middle of whatever it is shown
        ...     def read_many(self, images):
        ...         return [[TextBox("new", 0.9, (0.25, 0.25, 0.75, 0.75))] for _ in images]
        >>> old = [TextBox("title", 0.9, (0.1, 0.1, 0.9, 0.2)), TextBox("12:00", 0.8, (0.0, 0.9, 0.2, 1.0))]
        >>> new = reread_regions(Reader(), np.zeros((100, 100, 3), np.uint8), old, [Box(0.0, 0.8, 0.4, 1.0)])
        >>> [(r.text, [round(v, 3) for v in r.box]) for r in new]
        [('title', [0.1, 0.1, 0.9, 0.2]), ('new', [0.25, 0.85, 0.75, 0.95])]
    """
    # full-width bands: a line is read with all of its width around it, as in a whole frame (crops of the
    # changed tiles alone read the smpte timecodes' "00" as "Oo" in 8 of 11 frames; bands in 1)
    grown = [Box(0.0, r[1], 1.0, r[3]) for r in regions]
    changed = True
    while changed:  # grow regions over the reads they touch, merge regions that overlap, until stable
        changed = False
        for read in reads:
            for i, region in enumerate(grown):
                if overlaps(read.box, region) and not _inside(read.box, region):
                    grown[i] = _union(region, read.box)
                    changed = True
        merged: list[Box] = []
        for region in grown:
            for i, other in enumerate(merged):
                if overlaps(region, other):
                    merged[i] = _union(region, other)
                    changed = True
                    break
            else:
                merged.append(region)
        grown = merged
    kept = [read for read in reads if not any(overlaps(read.box, region) for region in grown)]
    found = reader.read_many([crop(image, region) for region in grown])
    return kept + [
        TextBox(read.text, read.confidence, _within(read.box, region))
        for region, boxes in zip(grown, found, strict=True)
        for read in boxes
    ]


def _inside(a: Sequence[float], b: Sequence[float]) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def _union(a: Sequence[float], b: Sequence[float]) -> Box:
    return Box(min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _within(box: Sequence[float], region: Box) -> tuple[float, float, float, float]:
    """A box normalized to a crop, normalized to the whole frame."""
    width, height = region.x1 - region.x0, region.y1 - region.y0
    return (
        region.x0 + box[0] * width,
        region.y0 + box[1] * height,
        region.x0 + box[2] * width,
        region.y0 + box[3] * height,
    )
