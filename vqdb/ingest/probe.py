"""Read what a video file holds (streams, size, rotation, keyframes) without decoding it.

``probe`` demuxes the video stream's packets once: that gives the keyframe times and the
presentation time of every frame (what ``vqdb.ingest.decode`` needs to choose between sequential
decoding and seeking) and a duration even when the container has none. Only the first frame is
decoded, to read the rotation from its display matrix.

Example:
    >>> from vqdb.ingest.probe import probe
    >>> info = probe("sample_media/cockatoo.mp4")
    >>> info.width, info.height, info.rotation, [round(t, 2) for t in info.keyframe_times[:2]]
    (1280, 720, 0, [0.0, 3.8])
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from vqdb.errors import MediaError

_FIX = "check that the file exists and is a video FFmpeg can read (try: ffprobe <file>)"


@dataclasses.dataclass(frozen=True)
class VideoInfo:
    """What ``probe`` found in one video file.

    Times are seconds from the video stream's start (``start_time``), as frame timestamps are.
    ``width``/``height`` are the display size, after ``rotation`` (clockwise degrees) is applied.
    ``frame_times`` holds the sorted presentation time of every video packet; it maps a decoded
    frame's time to its index in presentation order. ``duration_s`` is what the container declares
    (over all its streams) and ``declared_s`` what it declares for the video stream, when it does;
    ``readable_s`` is where the video packets actually end (less when the file is cut short), and
    ``read_error`` why reading stopped early, if it did.

    Example:
        >>> info = VideoInfo(Path("a.mp4"), 5.0, 25.0, 640, 360, 0, "h264", None, False, 100,
        ...                  (0.0, 1.0, 2.5), 0.0)
        >>> info.max_keyframe_gap_s
        2.5
    """

    path: Path
    duration_s: float
    fps: float
    width: int
    height: int
    rotation: int
    video_codec: str
    audio_codec: str | None
    has_audio: bool
    num_frames: int | None
    keyframe_times: tuple[float, ...]
    start_time: float
    frame_times: np.ndarray = dataclasses.field(default_factory=lambda: np.empty(0), repr=False, compare=False)
    declared_s: float | None = None
    readable_s: float | None = None
    read_error: str | None = None

    @property
    def max_keyframe_gap_s(self) -> float:
        """Longest stretch between two keyframes, counting the stretch from the last one to the end.

        A file with a single keyframe has a gap as long as the video.

        Example:
            >>> VideoInfo(Path("a.mp4"), 3.0, 10.0, 8, 8, 0, "h264", None, False, 30, (0.0,), 0.0
            ...           ).max_keyframe_gap_s
            3.0
        """
        bounds = (*self.keyframe_times, max(self.duration_s, self.keyframe_times[-1]))
        return max(b - a for a, b in zip(bounds, bounds[1:], strict=False))


def probe(path: str | Path) -> VideoInfo:
    """Probe a video file: size, rate, codecs, rotation, keyframe times, duration.

    Raises ``MediaError`` (naming the file) when it cannot be opened or has no video stream.

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> info = probe(shared_data("video/counter.mp4"))
        >>> info.duration_s, info.num_frames, info.keyframe_times
        (3.0, 30, (0.0,))
    """
    path = Path(path)
    container = open_video(path)
    with container:
        if not container.streams.video:
            raise MediaError(f"{path} has no video stream; vqdb ingests video files only")
        stream = container.streams.video[0]
        pts, keyframe_pts, end_pts, read_error = _demux_timestamps(container, stream, path)
        tb = stream.time_base
        start = stream.start_time if stream.start_time is not None else int(pts.min())
        frame_times = np.sort(seconds(pts, start, tb))
        keyframe_times = tuple(sorted(seconds(k, start, tb) for k in keyframe_pts))
        readable = seconds(end_pts, start, tb)
        duration = _duration(container, readable)
        rotation = _rotation(path)
        width, height = stream.codec_context.width, stream.codec_context.height
        audio = container.streams.audio[0] if container.streams.audio else None
        return VideoInfo(
            path=path,
            duration_s=duration,
            fps=_fps(stream, len(pts), duration),
            width=height if rotation in (90, 270) else width,
            height=width if rotation in (90, 270) else height,
            rotation=rotation,
            video_codec=stream.codec_context.name,
            audio_codec=audio.codec_context.name if audio is not None else None,
            has_audio=audio is not None,
            num_frames=stream.frames or len(pts),
            keyframe_times=keyframe_times or (0.0,),
            start_time=seconds(start, 0, tb),
            frame_times=frame_times,
            declared_s=seconds(stream.duration, 0, tb) if stream.duration else None,
            readable_s=readable,
            read_error=read_error,
        )


def open_video(path: str | Path) -> av.container.InputContainer:
    """Open a media file with PyAV; ``MediaError`` naming the file when it is missing or unreadable.

    Example:
        >>> open_video("no/such/file.mp4")
        Traceback (most recent call last):
        ...
        vqdb.errors.MediaError: video file not found: no/such/file.mp4; check the path
    """
    path = Path(path)
    if not path.is_file():
        raise MediaError(f"video file not found: {path}; check the path")
    if path.stat().st_size == 0:
        raise MediaError(f"{path} is empty (0 bytes); was it copied or downloaded completely?")
    try:
        return av.open(str(path))
    except (av.FFmpegError, UnicodeDecodeError) as exc:
        raise MediaError(f"cannot open {path} as a video: {_reason(exc)}; {_FIX}") from exc


def seconds(pts: int | np.ndarray, start: int, time_base: Fraction) -> float | np.ndarray:
    """Seconds from the stream start of a timestamp (int or int64 array) in ``time_base`` units.

    Every time vqdb reports is computed here, so equal timestamps give bit-equal floats.

    Example:
        >>> seconds(1536, 512, Fraction(1, 1024))
        1.0
    """
    return (pts - start) * float(time_base)


def _demux_timestamps(
    container: av.container.InputContainer, stream: av.VideoStream, path: Path
) -> tuple[np.ndarray, list[int], int, str | None]:
    """Presentation timestamps of all video packets, those of keyframes, the end of the last one, and
    why reading stopped early (None when it reached the end).

    A file that breaks part-way keeps the packets read before the break.
    """
    pts: list[int] = []
    keyframes: list[int] = []
    end = None
    error = None
    try:
        for packet in container.demux(stream):
            stamp = packet.pts if packet.pts is not None else packet.dts
            if stamp is None:
                continue
            pts.append(stamp)
            if packet.is_keyframe:
                keyframes.append(stamp)
            stop = stamp + (packet.duration or 0)
            end = stop if end is None else max(end, stop)
    except av.FFmpegError as exc:
        if not pts:
            raise MediaError(f"cannot read the video packets of {path}: {_reason(exc)}; {_FIX}") from exc
        error = _reason(exc)
    if not pts:
        raise MediaError(f"{path}: the video stream has no timestamped packets; {_FIX}")
    return np.asarray(pts, dtype=np.int64), keyframes, end, error


def _duration(container: av.container.InputContainer, from_packets: float) -> float:
    """The container's duration when it has one, else the end of the last video packet."""
    if container.duration is not None and container.duration > 0:
        return container.duration / av.time_base
    return from_packets


def _fps(stream: av.VideoStream, num_packets: int, duration: float) -> float:
    rate: Fraction | None = stream.average_rate or stream.guessed_rate
    if rate:
        return float(rate)
    return num_packets / duration if duration > 0 else 0.0


def _rotation(path: Path) -> int:
    """Clockwise display rotation (0/90/180/270) from the display matrix of the first frame that
    decodes (a damaged start is skipped: ``vqdb.ingest.decode`` starts at the first decodable keyframe)."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        try:
            for packet in container.demux(stream):
                try:
                    frames = packet.decode()
                except av.FFmpegError:
                    continue
                for frame in frames:
                    if not frame.is_corrupt:
                        # frame.rotation turns counter-clockwise, in [-180, 180]; a player turns it back
                        return round(-frame.rotation / 90) % 4 * 90
        except av.FFmpegError as exc:
            raise MediaError(f"cannot decode a frame of {path}: {_reason(exc)}; {_FIX}") from exc
    raise MediaError(f"{path}: no frame of the video stream decodes; {_FIX}")


def _reason(exc: Exception) -> str:
    """FFmpeg's words for what went wrong, without its error number and the file name again.

    Example:
        >>> _reason(av.error.InvalidDataError(1094995529, "Invalid data found when processing input", "x.mp4"))
        'invalid data found when processing input'
    """
    text = getattr(exc, "strerror", None) or str(exc)
    return text[:1].lower() + text[1:]
