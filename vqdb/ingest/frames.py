"""The ``frames`` step: sample a video's frames into the ``frames`` table and describe it in ``videos``.

Example:
    >>> from vqdb.config import Config
    >>> settings_of(Config(sample_fps=2.0))["sample_fps"]
    2.0
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from vqdb._version import __version__
from vqdb.config import Config
from vqdb.ingest.decode import DecodeReport, SampledFrame, choose_decode_mode, sample_frames
from vqdb.ingest.images import encode_jpeg
from vqdb.ingest.probe import VideoInfo
from vqdb.schema import TABLES


def settings_of(config: Config) -> dict[str, Any]:
    """The settings that determine the frames table's content."""
    return {
        "sample_fps": config.sample_fps,
        "thumb_max_side": config.thumb_max_side,
        "jpeg_quality": config.jpeg_quality,
    }


def sample_frames_table(
    video_id: str, info: VideoInfo, config: Config, report: DecodeReport | None = None
) -> tuple[pa.Table, str]:
    """Decode and sample the video; returns the ``frames`` table and the decode mode used (``report``
    says what decoding met).

    Example:
        >>> from vqdb.ingest.probe import probe
        >>> frames, mode = sample_frames_table("demo", probe("sample_media/birds.mp4"), Config())
        >>> frames["ts"].to_pylist(), frames["width"][0].as_py()
        ([0.0, 1.0], 384)
    """
    mode = choose_decode_mode(info, config.sample_fps)
    return frames_table(video_id, sample_thumbnails(info, config, mode, report), config), mode


def sample_thumbnails(
    info: VideoInfo, config: Config, mode: str, report: DecodeReport | None = None
) -> Iterable[SampledFrame]:
    """The video's sampled frames at ``sample_fps``, at most ``thumb_max_side`` pixels, decoded in ``mode``
    (``report`` says what decoding met once they are all read)."""
    return sample_frames(
        info.path, fps=config.sample_fps, max_side=config.thumb_max_side, mode=mode, info=info, report=report
    )


def frames_table(video_id: str, frames: Iterable[SampledFrame], config: Config) -> pa.Table:
    """The ``frames`` rows of sampled frames: their times and JPEG thumbnails (``jpeg_quality``).

    Example:
        >>> import numpy as np
        >>> frame = SampledFrame(0, 0.0, 0, True, np.zeros((9, 16, 3), np.uint8))
        >>> frames_table("v", [frame], Config()).select(["frame_idx", "width", "height"]).to_pylist()
        [{'frame_idx': 0, 'width': 16, 'height': 9}]
    """
    rows = []
    for frame in frames:
        height, width = frame.image.shape[:2]
        rows.append(
            {
                "video_id": video_id,
                "frame_idx": frame.frame_idx,
                "ts": frame.ts,
                "source_frame": frame.source_frame,
                "jpeg": encode_jpeg(frame.image, config.jpeg_quality),
                "width": width,
                "height": height,
                "is_keyframe": frame.is_keyframe,
            }
        )
    return TABLES["frames"].from_rows(rows)


def media_problems(info: VideoInfo, report: DecodeReport) -> list[str]:
    """What of the video is missing, each as one line saying what was kept: a video stream that ends
    before the duration the container declares (a cut file), a start that does not decode, damage.

    Example:
        >>> from pathlib import Path
        >>> cut = VideoInfo(Path("a.mp4"), 10.0, 10.0, 64, 48, 0, "h264", None, False, 100, (0.0,), 0.0,
        ...                 readable_s=1.0)
        >>> print(*media_problems(cut, DecodeReport(decoded=10, first_s=0.0, last_s=0.9)))  # doctest: +ELLIPSIS
        media: the video stream ends at 1.0 s of the 10.0 s its container declares (the file is cut short): ...
    """
    problems = []
    if cut_short(info):
        why = f"reading failed: {info.read_error}" if info.read_error else "the file is cut short"
        problems.append(
            f"media: the video stream ends at {info.readable_s:.1f} s of the {_declared(info):.1f} s its container "
            f"declares ({why}): frames are kept up to {info.readable_s:.1f} s"
        )
    first_packet = float(info.frame_times[0]) if len(info.frame_times) else 0.0
    if report.first_s is not None and report.first_s - first_packet > 2 * _frame_s(info):
        problems.append(
            f"media: the first {report.first_s:.1f} s do not decode (damaged): frames are kept from "
            f"{report.first_s:.1f} s, the first keyframe that decodes"
        )
    elif report.damaged:
        problems.append(
            f"media: {report.damaged} damaged video packet(s) or frame(s) skipped, with the frames predicted "
            "from them up to the next keyframe"
        )
    return problems


def cut_short(info: VideoInfo) -> bool:
    """Whether the video stream ends more than half a second (or two frames) before its declared duration.

    The slack keeps whole the files whose container counts a slightly longer audio track (0.1 s in the
    test media).
    """
    if info.readable_s is None or not _declared(info):
        return False
    return _declared(info) - info.readable_s > max(0.5, 2 * _frame_s(info))


def video_duration(info: VideoInfo, frames: pa.Table) -> float:
    """The probed duration, cut to where the video stream ends when it is cut short; else the time of
    the last sampled frame (0 without frames).

    Example:
        >>> from types import SimpleNamespace
        >>> video_duration(SimpleNamespace(duration_s=None, readable_s=None), pa.table({"ts": [0.0, 1.0, 2.0]}))
        2.0
    """
    if info.duration_s:
        return info.readable_s if cut_short(info) else info.duration_s
    return max(frames["ts"].to_pylist()) if frames.num_rows else 0.0


def _declared(info: VideoInfo) -> float:
    return info.declared_s or info.duration_s


def _frame_s(info: VideoInfo) -> float:
    return 1.0 / info.fps if info.fps else 0.1


def videos_row(
    video_id: str, info: VideoInfo, config: Config, frames: pa.Table, mode: str, errors: list[str]
) -> pa.Table:
    """The video's row of the ``videos`` table.

    Example:
        >>> from vqdb.ingest.probe import probe
        >>> info = probe("sample_media/birds.mp4")
        >>> frames, mode = sample_frames_table("demo", info, Config())
        >>> videos_row("demo", info, Config(), frames, mode, [])["status"].to_pylist()
        ['complete']
    """
    duration = video_duration(info, frames)
    row = {
        "video_id": video_id,
        "path": str(info.path),
        "duration_s": duration,
        "fps": info.fps,
        "width": info.width,
        "height": info.height,
        "rotation": info.rotation,
        "video_codec": info.video_codec,
        "audio_codec": info.audio_codec,
        "has_audio": info.has_audio,
        "num_keyframes": len(info.keyframe_times),
        "sample_fps": config.sample_fps,
        "thumb_max_side": config.thumb_max_side,
        "decode_mode": mode,
        "status": "partial" if errors else "complete",
        "errors": list(errors),
        "vqdb_version": __version__,
        "ingested_at": datetime.now(UTC),
    }
    return TABLES["videos"].from_rows([row])
