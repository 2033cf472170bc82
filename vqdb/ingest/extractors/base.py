"""What every extractor sees (a VideoContext) and returns (an ExtractorOutput).

An extractor turns one video into rows of its tables. It is a pure step: it reads the video file and
the sampled frames, runs its model and returns Arrow tables; ``vqdb.store`` commits them.

Example:
    >>> from vqdb.ingest.extractors.base import ExtractorOutput
    >>> ExtractorOutput(tables={}, model=None, settings={}).rows
    0
"""

from __future__ import annotations

import abc
import dataclasses
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pyarrow as pa
from PIL import Image

from vqdb.config import Config


@dataclasses.dataclass
class VideoContext:
    """One video as extractors see it.

    ``frames`` is the video's ``frames`` table (JPEG thumbnails at ``config.thumb_max_side``);
    ``info`` is the probe result (``vqdb.ingest.probe.VideoInfo``).
    """

    video_id: str
    path: Path
    info: Any
    frames: pa.Table
    config: Config
    _audio: Any = dataclasses.field(default=None, repr=False)

    def images(self, step: int = 1, max_side: int | None = None) -> Iterator[tuple[int, float, np.ndarray]]:
        """Yield ``(frame_idx, ts, rgb uint8 array HxWx3)`` for every ``step``-th sampled frame.

        Frames come from the stored thumbnails; with ``max_side`` above the thumbnail size they are decoded
        again from the video at that size (same samples, same ``frame_idx`` and ``ts``), e.g. for OCR of
        small text.
        """
        if max_side and max_side > self.config.thumb_max_side:
            from vqdb.ingest.decode import sample_frames

            frames = sample_frames(self.path, fps=self.config.sample_fps, max_side=max_side, info=self.info)
            for frame in frames:
                if frame.frame_idx % max(1, step) == 0:
                    yield frame.frame_idx, frame.ts, frame.image
            return
        idx = self.frames["frame_idx"].to_pylist()
        ts = self.frames["ts"].to_pylist()
        jpegs = self.frames["jpeg"]
        for i in range(0, len(idx), max(1, step)):
            yield idx[i], ts[i], decode_jpeg(jpegs[i].as_py())

    def audio(self):
        """The audio track as 16 kHz mono float32 (decoded once, shared by extractors)."""
        if self._audio is None:
            from vqdb.ingest.audio import decode_audio

            self._audio = decode_audio(self.path)
        return self._audio


def decode_jpeg(data: bytes) -> np.ndarray:
    """Decode JPEG bytes to an RGB uint8 array.

    Example:
        >>> import io; from PIL import Image
        >>> buf = io.BytesIO(); Image.new("RGB", (4, 2)).save(buf, "JPEG")
        >>> decode_jpeg(buf.getvalue()).shape
        (2, 4, 3)
    """
    with Image.open(io.BytesIO(data)) as im:
        return np.asarray(im.convert("RGB"))


def placement_settings(model: Any) -> dict[str, str]:
    """Where a model ran (``device``, ``precision``), recorded with its rows in ``extractions.settings``.

    Example:
        >>> from types import SimpleNamespace
        >>> placement_settings(SimpleNamespace(device="cuda:0", precision="bf16"))
        {'device': 'cuda:0', 'precision': 'bf16'}
    """
    return {"device": model.device, "precision": model.precision}


@dataclasses.dataclass
class ExtractorOutput:
    """Tables one extractor produced for one video, the model and settings used, and any error.

    ``error`` set with non-empty tables means a partial result (e.g. audio that failed part-way):
    the rows are kept and the error is recorded.
    """

    tables: dict[str, pa.Table]
    model: str | None
    settings: dict[str, Any]
    error: str | None = None

    @property
    def rows(self) -> int:
        return sum(t.num_rows for t in self.tables.values())


class Extractor(abc.ABC):
    """Base class: subclasses set ``name`` and implement ``run``; models load lazily, once per process."""

    name: ClassVar[str]

    def __init__(self, config: Config):
        self.config = config

    @classmethod
    def unavailable_reason(cls, config: Config) -> str | None:
        """Why this extractor cannot run here (missing model or package), or None when it can."""
        return None

    @abc.abstractmethod
    def run(self, ctx: VideoContext) -> ExtractorOutput:
        """Extract this extractor's tables for one video."""
