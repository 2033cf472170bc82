"""The ``ocr`` extractor: on-screen text of the sampled frames, tables ``ocr`` and ``ocr_spans``.

It reads every n-th sampled frame (n = ``sample_fps / ocr_fps``, at least 1) at the thumbnail size
of the ``frames`` table, or decoded at ``ocr_max_side`` when that is larger (small text such as a
terminal listing needs about 960 px; each OCR call then costs about 5x more on a CPU). A frame that
barely changed since the last frame actually read (``vqdb.ingest.change_gate``,
``ocr_change_threshold``) reuses that frame's reads, so a static run of frames costs one OCR call.
Reads of adjacent frames are then merged into spans (``vqdb.ingest.ocr_spans``).

Example:
    >>> from vqdb.config import Config
    >>> ocr_step(Config(sample_fps=2.0, ocr_fps=0.5))
    4
"""

from __future__ import annotations

from typing import Any

from vqdb.config import Config
from vqdb.errors import ConfigError
from vqdb.ingest.change_gate import ChangeGate
from vqdb.ingest.extractors import register
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext, placement_settings
from vqdb.ingest.ocr_spans import spans_table as build_spans_table
from vqdb.ingest.ocr_spans import track_spans
from vqdb.models import registry
from vqdb.models.protocols import OcrReader, TextBox
from vqdb.schema import TABLES


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

    @property
    def reader(self) -> OcrReader:
        """The OCR model: the one given, else the process-wide one of the registry (loaded on first use)."""
        if self._reader is None:
            self._reader = registry.ocr_reader(self.config)
        return self._reader

    def run(self, ctx: VideoContext) -> ExtractorOutput:
        step = ocr_step(self.config)
        gate = ChangeGate(self.config.ocr_change_threshold)
        reads: list[TextBox] = []
        frames: list[tuple[float, list[TextBox]]] = []
        rows = []
        for frame_idx, ts, image in ctx.images(step, max_side=self.config.ocr_max_side or None):
            if gate.changed(image):
                reads = self.reader.read(image)
            frames.append((ts, reads))
            rows += [
                {
                    "video_id": ctx.video_id,
                    "frame_idx": frame_idx,
                    "ts": ts,
                    "text": read.text,
                    "confidence": read.confidence,
                    "box": read.box_dict(),
                    "model": self.reader.model_id,
                }
                for read in reads
            ]
        interval = step / self.config.sample_fps
        spans = track_spans(frames, max_gap_s=2.5 * interval)
        return ExtractorOutput(
            tables={"ocr": TABLES["ocr"].from_rows(rows), "ocr_spans": build_spans_table(ctx.video_id, spans)},
            model=self.reader.model_id,
            settings=settings_of(self.config) | placement_settings(self.reader),
        )
