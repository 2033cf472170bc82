"""Sample frames from a video at a target rate, with exact timestamps.

Sample times are ``t_k = k / fps`` for ``k = 0, 1, ...`` while ``t_k < duration``. For each ``t_k`` the
frame on display is kept: the latest decoded frame whose presentation time is ``<= t_k`` (the first
frame for ``t_0``). A frame hit by several targets (``fps`` above the video's) is kept once. Times
come from ``pts x time_base`` (variable frame rate safe), never from ``index / fps``.

Two ways to get there, with identical results:

- ``sequential``: decode every frame once, keep the sampled ones.
- ``seek``: for a target whose keyframe lies ahead of what was decoded, seek to that keyframe and
  decode forward from it; otherwise keep decoding. It never decodes more than ``sequential`` (a file
  with one keyframe is decoded once, not once per sample), and skips whole stretches when keyframes
  are dense and samples sparse.

Each kept frame is converted to RGB and resized in one ``swscale`` call, then turned upright (display
matrix) as the small array it has become.

Damage is skipped, never shown: decoding starts at the first keyframe that decodes, and after a packet
that fails (or a frame the decoder flags corrupt) it resumes at the next keyframe, since the frames in
between are predicted from broken ones. A ``DecodeReport`` passed in says what was skipped.

Example:
    >>> from vqdb.ingest.decode import sample_frames
    >>> from vqdb.testing.examples import shared_data
    >>> counter = shared_data("video/counter.mp4")  # 3 s at 10 fps, 1920 x 1080
    >>> [(f.frame_idx, f.ts, f.image.shape) for f in sample_frames(counter, fps=1, max_side=640)]
    [(0, 0.0, (360, 640, 3)), (1, 1.0, (360, 640, 3)), (2, 2.0, (360, 640, 3))]
"""

from __future__ import annotations

import bisect
import dataclasses
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

import av
import numpy as np
from av.video.reformatter import VideoReformatter

from vqdb.errors import ConfigError, MediaError
from vqdb.ingest.probe import VideoInfo, open_video, probe, seconds

log = logging.getLogger(__name__)

DecodeMode = Literal["sequential", "seek"]
MODES = ("auto", "sequential", "seek")

# A frame whose time is within this of a sample time counts as on display at it: k / fps and
# pts x time_base are rounded floats, and 1.2 s may come out a hair above or below 1.2.
TIME_TOLERANCE_S = 1e-6

# A seek costs about as much CPU as decoding this many frames (demuxer seek, decoder flush, frame
# threads refilled: 4-12 frames measured by benchmarks/ingest.py on 270p-1080p H.264/VP8/VP9).
# Seeking is chosen when it is predicted to save a tenth of the work: in those measurements every
# case predicted at <= 0.9 ran 1.2-7x faster in CPU time, while cases at 0.94-1.0 were a toss-up.
SEEK_COST_FRAMES = 8
SEEK_MAX_WORK = 0.9


@dataclasses.dataclass
class SampledFrame:
    """One kept frame: its sample number, own timestamp, index in the stream and RGB pixels.

    ``image`` is HxWx3 uint8 RGB, upright, longest side at most the requested ``max_side``.
    """

    frame_idx: int
    ts: float
    source_frame: int
    is_keyframe: bool
    image: np.ndarray


@dataclasses.dataclass
class DecodeReport:
    """What decoding met: frames decoded (first and last time), and packets or frames skipped as damaged.

    Example:
        >>> DecodeReport().damaged
        0
    """

    decoded: int = 0
    first_s: float | None = None
    last_s: float | None = None
    failed_packets: int = 0
    corrupt_frames: int = 0
    skipped_to_keyframe: int = 0  # frames dropped because they are predicted from a damaged one

    @property
    def damaged(self) -> int:
        return self.failed_packets + self.corrupt_frames


@dataclasses.dataclass(frozen=True)
class SeekEstimate:
    """Frames decoded and seeks made when sampling one video by seeking, and the frames a sequential
    decode reads (it stops one frame past the last sample)."""

    decoded_frames: int
    seeks: int
    sequential_frames: int

    @property
    def work(self) -> float:
        """Seek-mode work as a fraction of the sequential decode's (seeks priced in frames).

        Example:
            >>> SeekEstimate(decoded_frames=200, seeks=10, sequential_frames=1000).work  # 200 + 10 x 8
            0.28
        """
        return (self.decoded_frames + SEEK_COST_FRAMES * self.seeks) / max(self.sequential_frames, 1)


def estimate_seek_work(info: VideoInfo, fps: float) -> SeekEstimate:
    """Replay seek mode on the probed frame and keyframe times, counting frames decoded and seeks.

    Seek mode seeks to a target's keyframe when it lies ahead of the last decoded frame and decodes
    from it to one frame past the target; otherwise it decodes on. Without probed frame times
    (``info.frame_times`` empty) frames are assumed evenly spaced at ``info.fps``.

    Example:
        >>> from pathlib import Path
        >>> info = VideoInfo(Path("v.mp4"), 10.0, 25.0, 640, 360, 0, "h264", None, False, 250,
        ...                  tuple(float(t) for t in range(10)), 0.0)
        >>> estimate_seek_work(info, fps=0.5)  # 5 samples, each its keyframe and one frame more
        SeekEstimate(decoded_frames=10, seeks=5, sequential_frames=202)
    """
    times = info.frame_times if len(info.frame_times) else np.arange(round(info.duration_s * info.fps)) / info.fps
    last = len(times) - 1
    targets = np.fromiter(_sample_times(fps, info.duration_s), dtype=np.float64) + TIME_TOLERANCE_S
    shown = np.maximum(np.searchsorted(times, targets, side="right") - 1, 0)
    keyframe_times = np.asarray(info.keyframe_times)
    keyframes = keyframe_times[np.maximum(np.searchsorted(keyframe_times, targets, side="right") - 1, 0)]
    keyframe_frames = np.searchsorted(times, keyframes - 2 * TIME_TOLERANCE_S, side="left")
    decoded, seeks, position = 0, 0, -1  # position: index of the last decoded frame
    for frame, keyframe in zip(shown.tolist(), keyframe_frames.tolist(), strict=True):
        stop = min(frame + 1, last)  # one frame past the target tells that the target's frame is shown
        if position < keyframe:
            seeks += 1
            decoded += stop - keyframe + 1
            position = stop
        elif stop > position:
            decoded += stop - position
            position = stop
    return SeekEstimate(decoded, seeks, sequential_frames=min(int(shown[-1]) + 1, last) + 1)


def choose_decode_mode(info: VideoInfo, fps: float) -> DecodeMode:
    """``"seek"`` when seeking saves at least a tenth of the decoding work, else ``"sequential"``.

    The work is ``estimate_seek_work``: seeking pays when keyframes are dense relative to the
    sample spacing (at 1 fps: keyframes up to about 5 s apart); a file with one keyframe is
    always decoded sequentially.

    Example:
        >>> from pathlib import Path
        >>> def video(keyframes, duration=10.0):
        ...     return VideoInfo(Path("v.mp4"), duration, 25.0, 640, 360, 0, "h264", None, False,
        ...                      250, keyframes, 0.0)
        >>> choose_decode_mode(video(tuple(float(t) for t in range(10))), fps=1)
        'seek'
        >>> choose_decode_mode(video((0.0,)), fps=1)
        'sequential'
    """
    return "seek" if estimate_seek_work(info, fps).work <= SEEK_MAX_WORK else "sequential"


def sample_frames(
    path: str | Path,
    fps: float = 1.0,
    max_side: int = 640,
    mode: str = "auto",
    info: VideoInfo | None = None,
    report: DecodeReport | None = None,
) -> Iterator[SampledFrame]:
    """Yield the frames on display at ``0, 1/fps, 2/fps, ...`` (see the module docstring).

    ``mode`` is ``"auto"`` (``choose_decode_mode``), ``"sequential"`` or ``"seek"``; ``info`` is
    ``probe(path)`` when the caller already has it; ``report`` is filled in as frames are decoded.

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> frames = list(sample_frames(shared_data("video/counter.mp4"), fps=2.5, max_side=320))
        >>> [f.source_frame for f in frames], frames[0].image.shape
        ([0, 4, 8, 12, 16, 20, 24, 28], (180, 320, 3))
    """
    if not fps > 0:
        raise ConfigError(f"sample fps must be > 0, got {fps!r}; try 1.0")
    if max_side < 1:
        raise ConfigError(f"max_side must be a positive number of pixels, got {max_side!r}")
    if mode not in MODES:
        raise ConfigError(f"decode mode must be one of {', '.join(MODES)}, got {mode!r}")
    if info is None:
        info = probe(path)
    if mode == "auto":
        mode = choose_decode_mode(info, fps)
    targets = _sample_times(fps, info.duration_s)
    report = report if report is not None else DecodeReport()
    with open_video(path) as container:
        stream = container.streams.video[0]
        stream.thread_type = "AUTO"
        clock = _clock(stream, info)
        if mode == "seek":
            kept = _seek_and_decode(container, stream, targets, info, clock, report)
        else:
            kept = _decode_all(container, stream, targets, clock, report)
        to_image = _image_converter(info, max_side)
        for frame_idx, frame in enumerate(kept):
            ts = clock(frame)
            yield SampledFrame(frame_idx, ts, _presentation_index(info, ts), bool(frame.key_frame), to_image(frame))


def frames_within(
    path: str | Path, windows: list[tuple[float, float]], max_side: int, info: VideoInfo | None = None
) -> Iterator[tuple[float, np.ndarray]]:
    """Yield ``(ts, rgb array)`` for every decoded frame whose time lies in one of ``windows`` (``[start,
    end]`` seconds, sorted by start), in time order, each frame once: the frames between two samples,
    e.g. to find when on-screen text appeared (``vqdb.ingest.text_edges``).

    It decodes forward, seeking to a window's keyframe only when that lies ahead of what was decoded, and
    converts to an array only the frames it yields (at most ``max_side`` on their longest side).

    Example:
        >>> from vqdb.testing.examples import shared_data
        >>> [ts for ts, _ in frames_within(shared_data("video/counter.mp4"), [(1.0, 1.1), (2.0, 2.0)], 64)]
        [1.0, 1.1, 2.0]
    """
    if info is None:
        info = probe(path)
    report = DecodeReport()
    with open_video(path) as container:
        stream = container.streams.video[0]
        stream.thread_type = "AUTO"
        clock = _clock(stream, info)
        to_image = _image_converter(info, max_side)
        frames: Iterator[av.VideoFrame] | None = None
        pending: av.VideoFrame | None = None  # decoded, not yet past a window
        last_yielded = float("-inf")
        for start, end in windows:
            keyframe_times = info.keyframe_times or (0.0,)
            keyframe = max(bisect.bisect_right(keyframe_times, start + TIME_TOLERANCE_S) - 1, 0)
            if frames is None or (pending is not None and clock(pending) < keyframe_times[keyframe]):
                frames, pending = _seek(container, stream, keyframe, info, clock, report)
            if pending is None:
                return  # the video ended (or could not be read) before this window
            while pending is not None and clock(pending) <= end + TIME_TOLERANCE_S:
                ts = clock(pending)
                if ts >= start - TIME_TOLERANCE_S and ts > last_yielded:
                    last_yielded = ts
                    yield ts, to_image(pending)
                pending = next(frames, None)


def frame_at(
    path: str | Path, ts: float, max_side: int, info: VideoInfo | None = None
) -> tuple[float, np.ndarray] | None:
    """``(its time, rgb array)`` of the frame on screen at ``ts`` seconds: the last one shown at or before
    it (the first frame when ``ts`` comes before it), at most ``max_side`` on its longest side; None when
    the video has no frame there. E.g. a keyframe placed between two sampled frames
    (``vqdb.planner.placement``).

    Example:
        >>> import tempfile, pathlib
        >>> from vqdb.testing.media import build
        >>> scene = {"layer": "Scene", "start_s": 0, "end_s": 2, "background": {"layer": "Gradient"}}
        >>> clip = build({"duration_s": 2, "scenes": [scene]}, pathlib.Path(tempfile.mkdtemp()) / "c.mp4")  # 10 fps
        >>> [(t, image.shape) for t, image in [frame_at(clip.path, 0.45, 64)]], frame_at(clip.path, 5.0, 64)
        ([(0.4, (36, 64, 3))], None)
    """
    window = 1.0  # seconds decoded before ts: a frame shown longer than this is found by the fallback
    shown = None
    for frame_ts, image in frames_within(path, [(max(ts - window, 0.0), ts + window)], max_side, info):
        if shown is None or frame_ts <= ts + TIME_TOLERANCE_S:
            shown = (frame_ts, image)
        if frame_ts > ts + TIME_TOLERANCE_S:
            break
    return shown


def output_size(width: int, height: int, max_side: int) -> tuple[int, int]:
    """Size that fits ``width x height`` within ``max_side``, keeping its shape; never upscaled.

    Example:
        >>> output_size(1920, 1080, 640), output_size(320, 240, 640)
        ((640, 360), (320, 240))
    """
    scale = min(1.0, max_side / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))


def _sample_times(fps: float, duration: float) -> Iterator[float]:
    k = 0
    while k / fps < duration or k == 0:
        yield k / fps
        k += 1


def _clock(stream: av.VideoStream, info: VideoInfo) -> Callable[[av.VideoFrame], float]:
    """Seconds from the stream start of a decoded frame, computed as ``probe`` computes them."""
    time_base = stream.time_base
    start = round(info.start_time / float(time_base))

    def clock(frame: av.VideoFrame) -> float:
        return seconds(frame.pts, start, time_base)

    return clock


def _image_converter(info: VideoInfo, max_side: int) -> Callable[[av.VideoFrame], np.ndarray]:
    """Frame -> upright RGB array: one reformat (convert + resize), then a cheap quarter turn.

    One reformatter serves every frame of the stream: ``frame.to_ndarray(width=...)`` builds a scaler of
    its own for each frame, which cost more than the conversion (4.2 ms against 1.9 ms a 720p frame).
    """
    width, height = output_size(info.width, info.height, max_side)
    if info.rotation in (90, 270):
        width, height = height, width  # the coded picture lies on its side
    quarter_turns = -info.rotation // 90  # np.rot90 turns counter-clockwise
    reformatter = VideoReformatter()

    def to_image(frame: av.VideoFrame) -> np.ndarray:
        image = reformatter.reformat(frame, width=width, height=height, format="rgb24").to_ndarray()
        return np.ascontiguousarray(np.rot90(image, quarter_turns)) if quarter_turns else image

    return to_image


def _decoded(
    container: av.container.InputContainer,
    stream: av.VideoStream,
    report: DecodeReport,
    clock: Callable[[av.VideoFrame], float],
) -> Iterator[av.VideoFrame]:
    """Decoded frames in presentation order from the current position (a keyframe), skipping damage:
    after a packet that fails or a frame flagged corrupt, frames are dropped until a keyframe decodes.

    The check is on the frames that come out, not the packets that go in: a decoder with frame threads
    reports an error some packets after the one that caused it.
    """
    synced = False  # a clean keyframe came out since the start or the last damage
    try:
        for packet in container.demux(stream):
            try:
                frames = packet.decode()
            except av.FFmpegError:
                report.failed_packets += 1
                synced = False
                continue
            for frame in frames:
                if frame.pts is None:
                    continue
                if frame.is_corrupt:
                    report.corrupt_frames += 1
                    synced = False
                    continue
                synced = synced or frame.key_frame
                if not synced:
                    report.skipped_to_keyframe += 1
                    continue
                ts = clock(frame)
                report.decoded += 1
                report.first_s = ts if report.first_s is None else min(report.first_s, ts)
                report.last_s = ts if report.last_s is None else max(report.last_s, ts)
                yield frame
    except av.FFmpegError as exc:
        log.warning("%s: reading stopped early (%s); frames after this point are missing", container.name, exc)
    if report.damaged:
        log.warning("%s: skipped %d damaged video packet(s) or frame(s)", container.name, report.damaged)


def _decode_all(
    container: av.container.InputContainer,
    stream: av.VideoStream,
    targets: Iterator[float],
    clock: Callable[[av.VideoFrame], float],
    report: DecodeReport,
) -> Iterator[av.VideoFrame]:
    """Sequential mode: one pass over every frame, yielding the frames to keep."""
    target = next(targets, None)
    previous = kept = None
    for frame in _decoded(container, stream, report, clock):
        while target is not None and clock(frame) > target + TIME_TOLERANCE_S:
            chosen = previous if previous is not None else frame
            if chosen is not kept:
                kept = chosen
                yield chosen
            target = next(targets, None)
        if target is None:
            return
        previous = frame
    if previous is not None and previous is not kept:
        yield previous  # the remaining targets all show the last frame


def _seek_and_decode(
    container: av.container.InputContainer,
    stream: av.VideoStream,
    targets: Iterator[float],
    info: VideoInfo,
    clock: Callable[[av.VideoFrame], float],
    report: DecodeReport,
) -> Iterator[av.VideoFrame]:
    """Seek mode: seek to a target's keyframe only when it lies ahead of the decoded position."""
    keyframes = info.keyframe_times
    frames: Iterator[av.VideoFrame] | None = None
    previous = upcoming = None  # last frame at or before the target, first frame after it
    kept_time = None
    for target in targets:
        keyframe = max(bisect.bisect_right(keyframes, target + TIME_TOLERANCE_S) - 1, 0)
        latest = upcoming if upcoming is not None else previous
        if frames is None or latest is None or clock(latest) < keyframes[keyframe]:
            frames, upcoming = _seek(container, stream, keyframe, info, clock, report)
            previous = None
        while upcoming is None or clock(upcoming) <= target + TIME_TOLERANCE_S:
            if upcoming is not None:
                previous = upcoming
            upcoming = next(frames, None)
            if upcoming is None:
                break
        chosen = previous if previous is not None else upcoming
        if chosen is None:
            return
        if clock(chosen) != kept_time:
            kept_time = clock(chosen)
            yield chosen


def _seek(
    container: av.container.InputContainer,
    stream: av.VideoStream,
    keyframe: int,
    info: VideoInfo,
    clock: Callable[[av.VideoFrame], float],
    report: DecodeReport,
) -> tuple[Iterator[av.VideoFrame], av.VideoFrame | None]:
    """Seek to keyframe number ``keyframe``; returns the decoded-frame iterator and its first frame.

    When the demuxer lands past the keyframe (an imprecise index), try the keyframe before it.
    """
    time_base = stream.time_base
    for candidate in range(keyframe, -1, -1):
        wanted = info.keyframe_times[candidate]
        try:
            container.seek(round((info.start_time + wanted) / float(time_base)), stream=stream)
        except av.FFmpegError as exc:
            raise MediaError(f"cannot seek in {container.name} ({exc}); sample it with mode='sequential'") from exc
        frames = _decoded(container, stream, report, clock)
        first = next(frames, None)
        if first is None or clock(first) <= wanted + TIME_TOLERANCE_S:
            return frames, first
    return frames, first


def _presentation_index(info: VideoInfo, time: float) -> int:
    """Index in presentation order of the frame shown at ``time``, from the probed packet times.

    Both modes number frames this way, so they agree even where a decoder drops a broken frame.
    """
    return max(int(np.searchsorted(info.frame_times, time, side="right")) - 1, 0)
