"""Frame sampling: the right frames, exact timestamps, both decode modes equal, on real and generated clips."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest

from vqdb.errors import ConfigError, MediaError
from vqdb.ingest.decode import (
    DecodeReport,
    choose_decode_mode,
    estimate_seek_work,
    frames_within,
    output_size,
    sample_frames,
)
from vqdb.ingest.probe import VideoInfo, probe

MODES = ("sequential", "seek")
BAR_BITS = 10  # generated frames show their number (< 1024) as 10 black/white bars


def plain_decode(path: Path, max_side: int) -> tuple[list[float], list[np.ndarray]]:
    """Every frame of the file, decoded one by one with nothing skipped: times and RGB pixels."""
    info = probe(path)
    width, height = output_size(info.width, info.height, max_side)
    if info.rotation in (90, 270):
        width, height = height, width
    times, images = [], []
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        for frame in container.decode(stream):
            times.append(float((frame.pts - stream.start_time) * stream.time_base))
            images.append(frame.to_ndarray(width=width, height=height, format="rgb24"))
    return times, images


def expected_source_frames(times: list[float], fps: float, duration: float) -> list[int]:
    """Oracle: for each k / fps < duration, the last frame shown at or before it, each kept once."""
    targets = np.arange(0, duration, 1 / fps)
    shown = np.maximum(np.searchsorted(np.asarray(times), targets + 1e-6, side="right") - 1, 0)
    return sorted(set(shown.tolist()))


def write_video(path: Path, frame_times: list[float], gop_frames: int, size=(80, 48), time_base=1000) -> Path:
    """An H.264 mp4 whose frame i shows i in binary as BAR_BITS bars, at the given times (VFR allowed)."""
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=25)
        stream.width, stream.height = size
        stream.pix_fmt = "yuv420p"
        stream.codec_context.time_base = Fraction(1, time_base)
        stream.codec_context.gop_size = gop_frames
        stream.options = {"keyint_min": str(gop_frames), "sc_threshold": "0", "bf": "2"}
        for i, t in enumerate(frame_times):
            frame = av.VideoFrame.from_ndarray(bars(i, size), format="rgb24")
            frame.pts = round(t * time_base)
            frame.time_base = stream.codec_context.time_base
            out.mux(stream.encode(frame))
        out.mux(stream.encode())
    return path


def bars(number: int, size: tuple[int, int]) -> np.ndarray:
    width, height = size
    bits = np.array([(number >> b) & 1 for b in range(BAR_BITS)], dtype=np.uint8) * 255
    return np.ascontiguousarray(np.repeat(np.repeat(bits, width // BAR_BITS)[None, :, None], height, 0).repeat(3, 2))


def read_bars(image: np.ndarray) -> int:
    columns = np.array_split(image.mean(axis=(0, 2)), BAR_BITS)
    return sum(1 << b for b, column in enumerate(columns) if column.mean() > 128)


# --- counter.mp4: every sample is the frame its timestamp names ------------------------------------


@pytest.fixture(scope="module")
def counter(shared_data: Path) -> tuple[Path, list[float], list[np.ndarray]]:
    path = shared_data / "video" / "counter.mp4"
    return (path, *plain_decode(path, max_side=320))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("fps", "source_frames"),
    [(1, [0, 10, 20]), (2.5, [0, 4, 8, 12, 16, 20, 24, 28]), (10, list(range(30)))],
)
def test_counter_samples_are_the_frames_their_timestamps_name(counter, fps, source_frames, mode):
    path, times, images = counter
    samples = list(sample_frames(path, fps=fps, max_side=320, mode=mode))
    assert [s.source_frame for s in samples] == source_frames
    assert [s.frame_idx for s in samples] == list(range(len(source_frames)))
    for s in samples:
        assert s.ts == pytest.approx(s.source_frame / 10, abs=1e-9)  # 10 fps: frame N at N/10 s
        assert s.ts == pytest.approx(times[s.source_frame], abs=1e-9)
        np.testing.assert_array_equal(s.image, images[s.source_frame])
    assert [s.is_keyframe for s in samples] == [i == 0 for i in source_frames]


def test_counter_above_its_frame_rate_keeps_each_frame_once(counter):
    path, _, _ = counter
    assert [s.source_frame for s in sample_frames(path, fps=25, max_side=64)] == list(range(30))


@pytest.mark.parametrize("fps", [1, 10])
def test_single_keyframe_file_is_decoded_once_in_seek_mode(counter, fps):
    path, _, _ = counter
    report = DecodeReport()
    samples = list(sample_frames(path, fps=fps, max_side=64, mode="seek", report=report))
    assert len(samples) == 3 * fps
    assert report.decoded <= 30  # never re-decoded from the start for a later sample


# --- the shared clips: counts, timestamps, sizes, both modes equal ---------------------------------

CLIPS = {
    # file: (samples at 1 fps, display width, height)
    "smpte-2997.mp4": (11, 1920, 1080),
    "big_buck_bunny_0_30.webm": (31, 1280, 720),
    "no_duration.webm": (5, 1280, 720),
    "issue-134-rotate.mp4": (11, 544, 1280),
    "video_with_failing_audio.mp4": (12, 640, 360),
    "counter.mp4": (3, 1920, 1080),
}


@pytest.mark.parametrize("name", sorted(CLIPS))
def test_shared_clip_sampling_matches_a_plain_decode_in_both_modes(shared_data, name):
    count, width, height = CLIPS[name]
    path = shared_data / "video" / name
    info = probe(path)
    times, images = plain_decode(path, max_side=160)
    expected = expected_source_frames(times, 1.0, info.duration_s)
    runs = {mode: list(sample_frames(path, fps=1, max_side=160, mode=mode, info=info)) for mode in MODES}
    for mode, samples in runs.items():
        assert len(samples) == count, mode
        assert [s.source_frame for s in samples] == expected, mode
        ts = [s.ts for s in samples]
        assert ts[0] == 0.0 and bool(np.all(np.diff(ts) > 0)), mode
        assert all(t < info.duration_s for t in ts)
        assert all(s.ts == pytest.approx(times[s.source_frame], abs=1e-9) for s in samples)
        assert samples[0].image.shape == (*output_size(width, height, 160)[::-1], 3)
    sequential, seek = runs["sequential"], runs["seek"]
    for a, b in zip(sequential, seek, strict=True):
        assert (a.ts, a.source_frame, a.is_keyframe) == (b.ts, b.source_frame, b.is_keyframe)
        np.testing.assert_array_equal(a.image, b.image)
    rotation = info.rotation // 90
    for s in sequential:
        np.testing.assert_array_equal(s.image, np.rot90(images[s.source_frame], -rotation))


def test_rotated_clip_is_turned_upright(shared_data):
    samples = list(sample_frames(shared_data / "video" / "issue-134-rotate.mp4", fps=0.5, max_side=256))
    assert {s.image.shape for s in samples} == {(256, 109, 3)}  # 1280x544 coded, shown 544x1280


def test_rotation_turns_the_picture_as_ffmpeg_autorotate_does(shared_data):
    path = shared_data / "video" / "issue-134-rotate.mp4"
    sample = next(sample_frames(path, max_side=1280))
    with av.open(str(path)) as container:  # ffmpeg inserts transpose=clock for this display matrix
        stream = container.streams.video[0]
        graph = av.filter.Graph()
        source, turn, sink = graph.add_buffer(template=stream), graph.add("transpose", "clock"), graph.add("buffersink")
        source.link_to(turn)
        turn.link_to(sink)
        graph.configure()
        graph.push(next(container.decode(stream)))
        upright = graph.pull().to_ndarray(format="rgb24")
    assert sample.image.shape == upright.shape == (1280, 544, 3)
    assert np.abs(sample.image.astype(int) - upright).mean() < 1


def test_images_are_never_upscaled(shared_data):
    sample = next(sample_frames(shared_data / "video" / "video_with_failing_audio.mp4", max_side=4000))
    assert sample.image.shape == (360, 640, 3) and sample.image.dtype == np.uint8


# --- generated clips: variable frame rate, dense keyframes -----------------------------------------


def test_variable_frame_rate_timestamps_come_from_pts(tmp_path):
    gaps = [0.04, 0.5, 0.1, 1.3, 0.2] * 4  # irregular spacing between frames
    frame_times = np.concatenate([[0.0], np.cumsum(gaps)]).round(3).tolist()
    path = write_video(tmp_path / "vfr.mp4", frame_times, gop_frames=250)
    info = probe(path)
    assert info.frame_times.tolist() == pytest.approx(frame_times)
    for mode in MODES:
        samples = list(sample_frames(path, fps=2, max_side=64, mode=mode))
        shown = expected_source_frames(frame_times, 2, info.duration_s)
        assert [s.source_frame for s in samples] == shown
        for s in samples:
            assert s.ts == pytest.approx(frame_times[s.source_frame], abs=1e-9)
            assert read_bars(s.image) == s.source_frame  # the pixels are that frame's


@pytest.fixture(scope="module")
def one_second_gops(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("gop") / "gop1s.mp4"
    return write_video(path, [i / 25 for i in range(25 * 12)], gop_frames=25)


@pytest.mark.parametrize("fps", [0.2, 0.5, 1, 3])
def test_seek_and_sequential_agree_with_dense_keyframes(one_second_gops, fps):
    runs = {mode: list(sample_frames(one_second_gops, fps=fps, max_side=64, mode=mode)) for mode in MODES}
    assert [(s.ts, s.source_frame) for s in runs["seek"]] == [(s.ts, s.source_frame) for s in runs["sequential"]]
    assert [read_bars(s.image) for s in runs["seek"]] == [s.source_frame for s in runs["seek"]]
    assert [s.source_frame for s in runs["seek"]] == [math.floor(k * 25 / fps + 1e-6) for k in range(len(runs["seek"]))]


def test_seek_mode_skips_the_frames_between_sparse_samples(one_second_gops):
    info = probe(one_second_gops)
    assert choose_decode_mode(info, fps=0.2) == "seek"
    report = DecodeReport()
    samples = list(sample_frames(one_second_gops, fps=0.2, max_side=64, info=info, report=report))
    assert [s.source_frame for s in samples] == [0, 125, 250]
    assert report.decoded < info.num_frames / 2


# --- mode choice ---------------------------------------------------------------------------------


def video_with_keyframes(keyframe_times: tuple[float, ...], duration: float = 60.0) -> VideoInfo:
    return VideoInfo(Path("v.mp4"), duration, 25.0, 640, 360, 0, "h264", None, False, 1500, keyframe_times, 0.0)


@pytest.mark.parametrize(
    ("spacing", "fps", "mode"),
    [
        (1.0, 1.0, "seek"),  # each sample: seek, decode its keyframe and one frame more
        (1.0, 0.5, "seek"),
        (2.0, 1.0, "seek"),  # every other sample is a keyframe: about half the frames decoded
        (5.0, 0.1, "seek"),  # sparse samples skip whole stretches
        (0.5, 4.0, "sequential"),  # a sample in every keyframe interval: nothing to skip
        (8.0, 1.0, "sequential"),  # keyframes too far apart for 1 fps: ~90% decoded anyway
        (10.0, 1.0, "sequential"),
        (60.0, 0.1, "sequential"),  # a single keyframe
    ],
)
def test_choose_decode_mode_by_keyframe_spacing(spacing, fps, mode):
    info = video_with_keyframes(tuple(np.arange(0.0, 60.0, spacing).tolist()))
    assert choose_decode_mode(info, fps) == mode


@pytest.mark.parametrize("fps", [0.5, 1, 3])
@pytest.mark.parametrize("name", ["smpte-2997.mp4", "echo-hereweare.webm", "counter.mp4", "issue-134-rotate.mp4"])
def test_seek_work_estimate_counts_the_frames_seek_mode_decodes(shared_data, name, fps):
    path = shared_data / "video" / name
    info = probe(path)
    report = DecodeReport()
    for _ in sample_frames(path, fps=fps, max_side=16, mode="seek", info=info, report=report):
        pass
    assert estimate_seek_work(info, fps).decoded_frames == report.decoded


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"fps": 0}, "fps must be > 0"), ({"mode": "fast"}, "decode mode must be one of"), ({"max_side": 0}, "max_side")],
)
def test_bad_arguments_are_named(tmp_path, kwargs, message):
    with pytest.raises(ConfigError, match=message):
        next(sample_frames(tmp_path / "any.mp4", **kwargs))


def test_a_file_cut_short_gives_the_frames_before_the_cut(shared_data, tmp_path):
    data = (shared_data / "video" / "big_buck_bunny_0_30.webm").read_bytes()
    cut = tmp_path / "cut.webm"
    cut.write_bytes(data[: len(data) // 2])
    for mode in MODES:
        samples = list(sample_frames(cut, fps=1, max_side=64, mode=mode))
        ts = [s.ts for s in samples]
        assert 5 < len(samples) < 31 and np.all(np.diff(ts) > 0), mode


def test_corrupted_video_packets_do_not_stop_sampling(shared_data, tmp_path):
    data = bytearray((shared_data / "video" / "video_with_failing_audio.mp4").read_bytes())
    middle = len(data) // 2
    data[middle : middle + 20_000] = np.random.default_rng(0).integers(0, 256, 20_000, dtype=np.uint8).tobytes()
    broken = tmp_path / "broken.mp4"
    broken.write_bytes(bytes(data))
    reports = {mode: DecodeReport() for mode in MODES}
    runs = {mode: list(sample_frames(broken, fps=1, max_side=64, mode=mode, report=reports[mode])) for mode in MODES}
    assert [s.ts for s in runs["seek"]] == [s.ts for s in runs["sequential"]]
    # the frames before the damage, and from the next keyframe that decodes (10.8 s) on: none predicted
    # from a damaged frame in between
    assert [round(s.ts) for s in runs["sequential"]] == [0, 1, 2, 3, 4, 5, 5, 11]
    assert all(r.failed_packets and r.skipped_to_keyframe for r in reports.values())


def test_unreadable_file_names_its_path(tmp_path):
    bad = tmp_path / "notes.mp4"
    bad.write_text("this is not a video")
    with pytest.raises(MediaError, match="notes.mp4"):
        next(sample_frames(bad))


# --- frames between samples ----------------------------------------------------------------------


def test_frames_within_windows_come_once_each_in_time_order(one_second_gops):
    windows = [(1.0, 1.2), (5.0, 5.08), (5.04, 5.12), (11.9, 20.0)]
    frames = list(frames_within(one_second_gops, windows, 64))
    wanted = [i for i in range(25 * 12) if any(a - 1e-6 <= i / 25 <= b + 1e-6 for a, b in windows)]
    assert [round(ts * 25) for ts, _ in frames] == wanted
    assert [read_bars(image) for _, image in frames] == wanted  # the pixels are those frames'
