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
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pyarrow as pa
from PIL import Image

from vqdb.config import Config
from vqdb.errors import VqdbError
from vqdb.ingest.decode import SampledFrame

READING = "reading"  # the recorded setting that holds ``Extractor.reading`` (absent: the first way, 1)


class SharedAudio:
    """A video's audio track, decoded once on first use by whichever extractor asks first (thread-safe).

    Example:
        >>> SharedAudio().get("sample_media/birds.mp4").sample_rate
        16000
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._track = None

    def get(self, path: Path | str):
        """The track of ``path`` as 16 kHz mono float32 (``vqdb.ingest.audio.AudioTrack``)."""
        from vqdb.ingest.audio import decode_audio

        with self._lock:
            if self._track is None:
                self._track = decode_audio(path)
            return self._track


@dataclasses.dataclass
class VideoContext:
    """One video as extractors see it.

    Frames come from ``feed`` (this extractor's reader of the decoding in progress: arrays straight from the
    decoder, which is how ingest runs extractors) or, without one, from ``frames`` (a committed ``frames``
    table: JPEG thumbnails at ``config.thumb_max_side``, e.g. to run one extractor on a stored video).
    ``info`` is the probe result (``vqdb.ingest.probe.VideoInfo``). The audio track is decoded once, on
    first use, for all the extractors of the video.
    """

    video_id: str
    path: Path
    info: Any
    frames: pa.Table | None
    config: Config
    feed: Iterable[SampledFrame] | None = None
    _audio: SharedAudio = dataclasses.field(default_factory=SharedAudio, repr=False)

    def images(self, step: int = 1, max_side: int | None = None) -> Iterator[tuple[int, float, np.ndarray]]:
        """Yield ``(frame_idx, ts, rgb uint8 array HxWx3)`` for every ``step``-th sampled frame.

        Frames come from the feed or the stored thumbnails; with ``max_side`` above the thumbnail size they
        are decoded again from the video at that size (same samples, same ``frame_idx`` and ``ts``), e.g.
        for OCR of small text. Arrays from the feed are shared with other extractors: read-only.
        """
        step = max(1, step)
        if max_side and max_side > self.config.thumb_max_side:
            from vqdb.ingest.decode import sample_frames

            # the frames this context holds (all of the video's at ingest), when it was given them
            wanted = None if self.frames is None else set(self.frames["frame_idx"].to_pylist())
            frames = sample_frames(self.path, fps=self.config.sample_fps, max_side=max_side, info=self.info)
            for frame in frames:
                if wanted is not None and frame.frame_idx > max(wanted, default=-1):
                    return
                if frame.frame_idx % step == 0 and (wanted is None or frame.frame_idx in wanted):
                    yield frame.frame_idx, frame.ts, frame.image
            return
        if self.feed is not None:
            for frame in self.feed:
                if frame.frame_idx % step == 0:
                    yield frame.frame_idx, frame.ts, frame.image
            return
        if self.frames is None:
            raise VqdbError(
                f"no frames for {self.video_id}: an extractor that reads frames must say so with "
                "reads_frames(), so that ingest hands it the decoder's frames"
            )
        idx = self.frames["frame_idx"].to_pylist()
        ts = self.frames["ts"].to_pylist()
        jpegs = self.frames["jpeg"]
        for i in range(0, len(idx), step):
            yield idx[i], ts[i], decode_jpeg(jpegs[i].as_py())

    def audio(self):
        """The audio track as 16 kHz mono float32 (decoded once, shared by extractors)."""
        return self._audio.get(self.path)


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
    # how this extractor reads a video: raised when the same settings and model would now give other rows (a
    # reader that finds more text), so that a video read the older way is listed stale (``stale_settings``)
    reading: ClassVar[int] = 1

    def __init__(self, config: Config):
        self.config = config

    @classmethod
    def unavailable_reason(cls, config: Config) -> str | None:
        """Why this extractor cannot run here (missing model or package), or None when it can."""
        return None

    @classmethod
    def resolved_placement(cls, config: Config) -> dict[str, str]:
        """The ``device`` and ``precision`` its model would record under ``config`` (``auto`` resolved, as
        ``placement_settings`` records them), known without loading the model: what a recorded placement is
        compared with to tell whether a video is stale.

        Example:
            >>> Extractor.resolved_placement(Config(device="cpu"))
            {'device': 'cpu', 'precision': 'fp32'}
        """
        from vqdb.models.device import placement

        place = placement(config)
        return {"device": place.device, "precision": place.precision}

    def reads_frames(self) -> bool:
        """Whether ``run`` reads the sampled frames (``ctx.images()`` at the thumbnail size): ingest then
        hands it the decoder's frames as they come, beside the other extractors."""
        return False

    @abc.abstractmethod
    def run(self, ctx: VideoContext) -> ExtractorOutput:
        """Extract this extractor's tables for one video."""
