"""Files to open or share from the command line: the clip of a video between two times (``vqdb clip``,
``--clips DIR`` on ``retrieve`` / ``locate`` / ``search``) and a contact sheet of keyframes (``retrieve
--contact-sheet``).

A clip is cut with PyAV: its packets are copied as they are (no quality lost, instant) when START falls on a
keyframe of the video, since a decoder can start there; otherwise the frames from START are decoded and
encoded again (H.264 and AAC; VP9 and Opus for ``.webm``). A copy that the output container cannot hold (VP8
in ``.mp4``) is encoded again too. The video's first video stream and first audio stream are kept.

Example:
    >>> import tempfile
    >>> write_clip("sample_media/cockatoo.mp4", 0.0, 3.0, Path(tempfile.mkdtemp()) / "cockatoo-3s.mp4")
    'copy'
"""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vqdb.errors import VqdbError

if TYPE_CHECKING:
    from vqdb.corpus import Corpus

CLIP_AROUND_KEYFRAME_S = 5.0  # a keyframe hit (retrieve) is a moment: its clip spans this many seconds around it
_ENCODERS = {".webm": ("libvpx-vp9", "libopus")}  # by output suffix; any other: H.264 and AAC
_DEFAULT_ENCODERS = ("libx264", "aac")


def write_clip(source: str | Path, start: float, end: float, output: str | Path) -> str:
    """Write the part of ``source`` from ``start`` to ``end`` seconds to ``output``; returns how: ``copy``
    (packets copied, START on a keyframe) or ``re-encode``.

    Example:
        >>> import tempfile
        >>> out = Path(tempfile.mkdtemp()) / "hello.mp4"
        >>> write_clip("sample_media/movie-hello.mp4", 0.0, 2.0, out)
        'copy'
        >>> write_clip("sample_media/movie-hello.mp4", 0.5, 2.0, out)
        're-encode'
        >>> write_clip("sample_media/movie-hello.mp4", 2.0, 1.0, out)
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: clip 2.0 to 1.0 s: START must be before END
    """
    import av

    if not (math.isfinite(start) and math.isfinite(end)) or start < 0:
        raise VqdbError(f"clip {start} to {end} s: give finite times in seconds, START >= 0")
    if end <= start:
        raise VqdbError(f"clip {start} to {end} s: START must be before END")
    output = Path(output)
    try:
        with av.open(str(source)) as container:
            keyframe = _keyframe_at(container, start)
            if keyframe is not None:
                try:
                    _copy(container, keyframe, end, output)
                    return "copy"
                except (av.FFmpegError, ValueError):  # the container cannot hold the codec: encode again
                    pass
        with av.open(str(source)) as container:
            _reencode(container, start, end, output)
    except av.FFmpegError as exc:
        raise VqdbError(f"cannot cut {source} into {output}: {exc}") from exc
    return "re-encode"


def clip_name(rank: int, path: str, start: float, end: float) -> str:
    """The file name of one hit's clip: rank, the video's name, the times.

    Example:
        >>> clip_name(1, "/videos/talk.mp4", 10, 15.25)
        '01_talk_10.0-15.2.mp4'
    """
    return f"{rank:02d}_{Path(path).stem}_{start:.1f}-{end:.1f}.mp4"


def write_hit_clips(hits: Sequence[tuple[str, float, float, float]], folder: str | Path) -> list[Path]:
    """One clip per hit ``(video path, start, end, duration)`` in ``folder`` (created), named by
    :func:`clip_name`; a hit of no length (a keyframe) gets CLIP_AROUND_KEYFRAME_S seconds around it.

    Example:
        >>> import tempfile
        >>> [p.name for p in write_hit_clips([("sample_media/birds.mp4", 0.5, 0.5, 1.04)], tempfile.mkdtemp())]
        ['01_birds_0.0-1.0.mp4']
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise VqdbError(f"--clips {folder} is a file; give a directory to write the clips in")
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for rank, (path, start, end, duration) in enumerate(hits, start=1):
        if end - start <= 0:
            start, end = start - CLIP_AROUND_KEYFRAME_S / 2, end + CLIP_AROUND_KEYFRAME_S / 2
        start, end = max(0.0, start), min(end, duration) if duration else end
        target = folder / clip_name(rank, path, start, end)
        write_clip(path, start, end, target)
        written.append(target)
    return written


def hits_in(corpus: Corpus, hits: Sequence[tuple[str, float, float]]) -> list[tuple[str, float, float, float]]:
    """Hits ``(video_id, start, end)`` of ``corpus`` (a ``vqdb.Corpus``) as ``(path, start, end, duration)``,
    what :func:`write_hit_clips` takes.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> hits_in(vqdb.connect(empty_corpus()), [])
        []
    """
    ids = sorted({video_id for video_id, _, _ in hits})
    query = "SELECT video_id, path, duration_s FROM videos WHERE list_contains($ids, video_id)"
    videos = {row[0]: row[1:] for row in corpus.sql_unchecked(query, params={"ids": ids}).fetchall()}
    return [(videos[v][0], start, end, videos[v][1] or 0.0) for v, start, end in hits]


def write_clips_of(corpus: Corpus, hits: Any, folder: str, command: str) -> None:
    """``--clips DIR`` of ``locate`` and ``search``: one clip per row (``video_id``, ``start_s``, ``end_s``) of
    the Arrow table ``hits``, and a line on stderr saying where they are.

    Example:
        >>> import tempfile
        >>> import pyarrow as pa
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> hits = pa.table({"video_id": pa.array([], pa.string()), "start_s": pa.array([], pa.float64()),
        ...                  "end_s": pa.array([], pa.float64())})
        >>> folder = tempfile.mkdtemp()
        >>> write_clips_of(vqdb.connect(empty_corpus()), hits, folder, "locate")
        >>> list(Path(folder).iterdir())
        []
    """
    rows = hits.select(["video_id", "start_s", "end_s"]).to_pylist()
    written = write_hit_clips(hits_in(corpus, [(r["video_id"], r["start_s"], r["end_s"]) for r in rows]), folder)
    print(f"vqdb {command}: wrote {len(written)} clip(s) to {folder}", file=sys.stderr)


def keyframe_tiles(corpus: Corpus, keyframes: Sequence[tuple[str, int, float]]) -> list[tuple[bytes, str]]:
    """The stored thumbnail of each keyframe ``(video_id, frame_idx, ts)`` of ``corpus``, labelled with the
    video's file name and the time: what :func:`contact_sheet` takes.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> keyframe_tiles(vqdb.connect(empty_corpus()), [])
        []
    """
    keys = sorted({f"{video_id}:{frame_idx}" for video_id, frame_idx, _ in keyframes})
    query = (
        "SELECT f.video_id, f.frame_idx, f.jpeg, regexp_extract(v.path, '[^/\\\\]+$') FROM frames f "
        "JOIN videos v USING (video_id) WHERE list_contains($keys, f.video_id || ':' || f.frame_idx)"
    )
    found = {(r[0], r[1]): r[2:] for r in corpus.sql_unchecked(query, params={"keys": keys}).fetchall()}
    return [
        (found[(video_id, frame_idx)][0], f"{found[(video_id, frame_idx)][1]} {timestamp(ts)}")
        for video_id, frame_idx, ts in keyframes
    ]


def contact_sheet(tiles: Sequence[tuple[bytes, str]], output: str | Path, columns: int = 4) -> Path:
    """Keyframes (JPEG bytes, a label such as the time) in a grid, each label drawn on its frame; saved as
    ``output`` (JPEG or PNG by its suffix).

    Example:
        >>> import io, tempfile
        >>> from PIL import Image
        >>> jpeg = io.BytesIO(); Image.new("RGB", (160, 90), "navy").save(jpeg, "JPEG")
        >>> sheet = contact_sheet([(jpeg.getvalue(), "0:01.0")] * 5, Path(tempfile.mkdtemp()) / "s.jpg")
        >>> Image.open(sheet).size
        (640, 180)
    """
    from PIL import Image, ImageDraw, ImageFont

    if not tiles:
        raise VqdbError("no keyframes to put on a contact sheet")
    images = [Image.open(io.BytesIO(data)).convert("RGB") for data, _ in tiles]
    width, height = max(i.width for i in images), max(i.height for i in images)
    columns = min(columns, len(images))
    sheet = Image.new("RGB", (columns * width, math.ceil(len(images) / columns) * height), "black")
    font = ImageFont.load_default(size=max(12, height // 12))
    draw = ImageDraw.Draw(sheet)
    for n, (image, (_, label)) in enumerate(zip(images, tiles, strict=True)):
        x, y = (n % columns) * width, (n // columns) * height
        sheet.paste(image, (x, y))
        box = draw.textbbox((x + 4, y + 4), label, font=font)
        draw.rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), fill="black")
        draw.text((x + 4, y + 4), label, fill="white", font=font)
    output = Path(output)
    try:
        sheet.save(output)
    except (OSError, ValueError) as exc:
        raise VqdbError(f"cannot write --contact-sheet {output}: {exc}; give a writable .jpg or .png path") from exc
    return output


def timestamp(seconds: float) -> str:
    """A time as ``m:ss.s`` (``h:mm:ss.s`` from an hour), as drawn on the contact sheet.

    Example:
        >>> timestamp(75.25), timestamp(3725)
        ('1:15.2', '1:02:05.0')
    """
    minutes, rest = divmod(seconds, 60)
    hours, minutes = divmod(int(minutes), 60)
    return f"{hours}:{minutes:02d}:{rest:04.1f}" if hours else f"{minutes}:{rest:04.1f}"


def _keyframe_at(container: Any, start: float) -> float | None:
    """The time of the keyframe of the first video stream at ``start`` (within half a frame, or the stream's
    first frame when ``start`` is before it), None when the frame shown at ``start`` is not a keyframe."""
    video = container.streams.video[0]
    container.seek(int(start / video.time_base), stream=video, backward=True, any_frame=False)
    half_frame = 0.5 / float(video.average_rate or 25)
    for packet in container.demux(video):
        if packet.pts is None or float(packet.pts * packet.time_base) < start - half_frame:
            continue
        when = float(packet.pts * packet.time_base)
        first = packet.pts == (video.start_time or 0)
        return when if packet.is_keyframe and (when <= start + half_frame or first) else None
    return None


def _streams(container: Any) -> list[Any]:
    return [container.streams.video[0], *container.streams.audio[:1]]


def _copy(container: Any, keyframe: float, end: float, output: Path) -> None:
    """Copy the packets from the video's keyframe at ``keyframe`` seconds to ``end``, times shifted to begin at 0."""
    import av

    streams = _streams(container)
    video = streams[0]
    container.seek(int(keyframe / video.time_base), stream=video, backward=True, any_frame=False)
    with av.open(str(output), "w") as out:
        targets = {s.index: out.add_stream_from_template(s) for s in streams}
        started = False  # from the keyframe on, in decoding order
        for packet in container.demux(streams):
            if packet.dts is None or packet.pts is None:
                continue
            when = float(packet.pts * packet.time_base)
            if packet.stream is video:
                started = started or (packet.is_keyframe and abs(when - keyframe) < 1e-6)
                if started and float(packet.dts * packet.time_base) >= end:
                    break
            if not started or not keyframe <= when < end:
                continue
            shift = round(keyframe / packet.time_base)
            packet.dts -= shift
            packet.pts -= shift
            packet.stream = targets[packet.stream.index]
            out.mux(packet)


def _reencode(container: Any, start: float, end: float, output: Path) -> None:
    """Decode from the keyframe before ``start``, encode the frames from ``start`` to ``end`` (turned upright:
    a display rotation is applied to the pixels, as players would)."""
    import av

    streams = _streams(container)
    video = streams[0]
    video_codec, audio_codec = _ENCODERS.get(output.suffix.lower(), _DEFAULT_ENCODERS)
    rate = video.average_rate or Fraction(25)
    container.seek(int(start / video.time_base), stream=video, backward=True, any_frame=False)
    first = _upright(next(container.decode(video)))  # its size, upright, is the clip's (even for the encoder)
    container.seek(int(start / video.time_base), stream=video, backward=True, any_frame=False)
    with av.open(str(output), "w") as out:
        encoded = out.add_stream(video_codec, rate=rate)
        encoded.width, encoded.height, encoded.pix_fmt = first.width // 2 * 2, first.height // 2 * 2, "yuv420p"
        sound = None
        if len(streams) > 1:
            sound = out.add_stream(audio_codec, rate=48000 if audio_codec == "libopus" else streams[1].rate)
        frames = 0
        for packet in container.demux(streams):
            for frame in packet.decode():
                if frame.time is None or not start <= frame.time < end:
                    continue
                if packet.stream is video:
                    image = _upright(frame).reformat(encoded.width, encoded.height, "yuv420p")
                    image.pts, image.time_base, frames = frames, 1 / Fraction(rate), frames + 1
                    out.mux(encoded.encode(image))
                elif sound is not None:
                    frame.pts = None
                    out.mux(sound.encode(frame))
            if packet.stream is video and packet.dts is not None and float(packet.dts * packet.time_base) > end + 1:
                break
        out.mux(encoded.encode(None))
        if sound is not None:
            out.mux(sound.encode(None))


def _upright(frame: Any) -> Any:
    """``frame`` with its display rotation applied to the pixels (``frame.rotation``: counter-clockwise)."""
    import av
    import numpy as np

    clockwise = round(-frame.rotation / 90) % 4
    if not clockwise:
        return frame
    pixels = np.rot90(frame.to_ndarray(format="rgb24"), k=-clockwise)  # np.rot90 turns counter-clockwise
    return av.VideoFrame.from_ndarray(np.ascontiguousarray(pixels), format="rgb24")
