"""The bad-media corpus, generated (never committed): every way a file can be short, broken or not a
video at all, next to small good clips to compare with. ``tests/reliability`` and
``benchmarks/reliability.py`` ingest it.

``make_bad_media(directory)`` writes the files and returns what each is, and how ingest must treat it:
``"complete"``, ``"partial"`` (some of it decodes: the video is kept, its status says what is missing)
or ``"error"`` (one clear line in the summary, nothing stored).

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> files = make_bad_media(Path(tempfile.mkdtemp()))
    >>> sorted({f.expect for f in files}), len(files) >= 20
    (['complete', 'error', 'partial'], True)
"""

from __future__ import annotations

import dataclasses
import os
from fractions import Fraction
from pathlib import Path

import av
import numpy as np


@dataclasses.dataclass(frozen=True)
class BadFile:
    """One generated file, what it is, and the outcome ingest owes it."""

    name: str
    what: str
    expect: str  # complete | partial | error


def write_clip(
    path: str | Path,
    *,
    seconds: float = 10.0,
    fps: int = 10,
    size: tuple[int, int] = (160, 120),
    gop: int = 10,
    faststart: bool = False,
    codec: str = "libx264",
    times: list[float] | None = None,
    audio: bool = False,
) -> Path:
    """A small clip: a moving gradient (so frames differ), keyframes every ``gop`` frames; ``times``
    gives each frame's presentation time instead (variable frame rate).

    Example:
        >>> import tempfile, av
        >>> path = write_clip(Path(tempfile.mkdtemp()) / "clip.mp4", seconds=1.0)
        >>> with av.open(str(path)) as container:
        ...     container.streams.video[0].frames
        10
    """
    path = Path(path)
    width, height = size
    options = {"movflags": "+faststart"} if faststart else {}
    with av.open(str(path), "w", options=options) as container:
        stream = container.add_stream(codec, rate=fps)
        stream.width, stream.height = width, height
        stream.pix_fmt = "yuv420p"
        stream.codec_context.gop_size = gop
        stream.codec_context.time_base = Fraction(1, 1000)
        if codec == "libx264":  # keyframes every gop frames exactly, no B-frames
            stream.codec_context.options = {"bf": "0", "x264-params": f"keyint={gop}:min-keyint={gop}:scenecut=0"}
        stamps = times if times is not None else [i / fps for i in range(round(seconds * fps))]
        sound = container.add_stream("aac", rate=16000) if audio else None
        ys, xs = np.mgrid[0:height, 0:width]
        for i, t in enumerate(stamps):
            image = np.stack([(xs * 4 + i * 7) % 256, (ys * 4 + i * 3) % 256, np.full_like(xs, i % 256)], -1)
            frame = av.VideoFrame.from_ndarray(image.astype(np.uint8), format="rgb24")
            frame.pts = round(t * 1000)
            frame.time_base = Fraction(1, 1000)
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
        if sound is not None:
            _write_tone(container, sound, stamps[-1] + 1 / fps)
    return path


def write_audio_only(path: Path, seconds: float = 2.0) -> Path:
    with av.open(str(path), "w") as container:
        _write_tone(container, container.add_stream("aac", rate=16000), seconds)
    return path


def _write_tone(container, stream, seconds: float) -> None:
    rate = 16000
    samples = (0.2 * np.sin(2 * np.pi * 440 * np.arange(int(rate * seconds)) / rate)).astype(np.float32)
    for start in range(0, len(samples), 1024):
        chunk = samples[start : start + 1024].reshape(1, -1)
        frame = av.AudioFrame.from_ndarray(chunk, format="fltp", layout="mono")
        frame.sample_rate = rate
        frame.pts = start
        for packet in stream.encode(frame):
            container.mux(packet)
    for packet in stream.encode():
        container.mux(packet)


def truncate_copy(source: Path, target: Path, fraction: float) -> Path:
    data = source.read_bytes()
    target.write_bytes(data[: max(1, int(len(data) * fraction))])
    return target


def corrupt_start(source: Path, target: Path, seconds: float) -> Path:
    """A copy whose video packets before ``seconds`` are overwritten with noise (container intact)."""
    data = bytearray(source.read_bytes())
    rng = np.random.default_rng(7)
    with av.open(str(source)) as container:
        stream = container.streams.video[0]
        for packet in container.demux(stream):
            if packet.pts is None or packet.pos is None or packet.pts * packet.time_base >= seconds:
                continue
            skip = min(8, packet.size)  # keep the NAL length prefix; break what follows
            noise = rng.integers(0, 256, packet.size - skip, np.uint8).tobytes()
            data[packet.pos + skip : packet.pos + packet.size] = noise
    target.write_bytes(bytes(data))
    return target


def make_bad_media(directory: Path, seed: int = 0) -> list[BadFile]:
    """Write the bad-media corpus into ``directory``; returns one BadFile per entry."""
    directory.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    files: list[BadFile] = []

    def add(name: str, what: str, expect: str) -> None:
        files.append(BadFile(name, what, expect))

    write_clip(directory / "good.mp4")
    add("good.mp4", "a healthy 10 s clip, index at the end", "complete")
    write_clip(directory / "good-faststart.mp4", faststart=True)
    add("good-faststart.mp4", "a healthy 10 s clip, index at the start", "complete")
    for fraction in (0.1, 0.5, 0.9):
        pct = round(fraction * 100)
        truncate_copy(directory / "good-faststart.mp4", directory / f"cut-{pct}-index-first.mp4", fraction)
        add(f"cut-{pct}-index-first.mp4", f"cut at {pct} % of its bytes, index at the start", "partial")
        truncate_copy(directory / "good.mp4", directory / f"cut-{pct}-index-last.mp4", fraction)
        add(f"cut-{pct}-index-last.mp4", f"cut at {pct} % of its bytes, index (moov) lost with the end", "error")
    (directory / "zero.mp4").write_bytes(b"")
    add("zero.mp4", "zero bytes", "error")
    (directory / "random.mp4").write_bytes(rng.integers(0, 256, 20_000, np.uint8).tobytes())
    add("random.mp4", "random bytes", "error")
    (directory / "header-only.mp4").write_bytes((directory / "good.mp4").read_bytes()[:40])
    add("header-only.mp4", "the first 40 bytes (ftyp) and nothing else", "error")
    write_audio_only(directory / "audio-only.mp4")
    add("audio-only.mp4", "an AAC track and no video stream", "error")
    (directory / "notes.mp4").write_text("these are not the frames you are looking for\n" * 50)
    add("notes.mp4", "a text file named .mp4", "error")
    write_clip(directory / "odd-size.mp4", size=(33, 17), codec="mpeg4", seconds=2.0)
    add("odd-size.mp4", "33 x 17 pixels (odd sizes), MPEG-4 part 2", "complete")
    vfr = [0.0, 0.1, 0.15, 0.9, 1.0, 1.05, 2.3, 2.4, 3.6, 3.9]
    write_clip(directory / "vfr.mp4", times=vfr, gop=4)
    add("vfr.mp4", "variable frame rate: 10 frames irregularly spaced over 4 s", "complete")
    write_clip(directory / "with-audio.mp4", audio=True, seconds=3.0)
    add("with-audio.mp4", "a healthy clip with an AAC track", "complete")
    corrupt_start(directory / "good.mp4", directory / "corrupt-start.mp4", 0.5)
    add("corrupt-start.mp4", "the first 0.5 s of video packets overwritten with noise", "partial")
    unreadable = directory / "unreadable.mp4"
    write_clip(unreadable, seconds=1.0)
    unreadable.chmod(0)
    add("unreadable.mp4", "no read permission (root reads it anyway)", "complete" if os.geteuid() == 0 else "error")
    (directory / "dangling.mp4").symlink_to(directory / "gone.mp4")
    add("dangling.mp4", "a symbolic link to a file that does not exist", "error")
    (directory / "dir.mp4").mkdir()
    add("dir.mp4", "a directory named .mp4", "error")
    return files
