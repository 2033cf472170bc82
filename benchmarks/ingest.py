"""Ingest throughput: per extractor and for the whole default ingest, frames/s and x realtime.

Every figure comes from ``vqdb.ingest.runner.ingest`` into a fresh corpus (decode, extract, commit to
Lance, text indexes), after a warm-up ingest that loads the models. Sections (``--sections``):

- ``ingest``: on the shared clips, the baseline ``decode`` (frames only), each extractor alone (decode +
  that extractor) and the whole default ingest (every extractor that can run here) with ``--jobs 1`` and
  ``--jobs 2``. ``frames/s`` is sampled frames per wall second, ``x realtime`` media seconds per wall
  second, ``vs decode`` wall time over the baseline's, ``cpu s`` the CPU time of this process and its
  workers (steadier than wall time on a shared machine), ``load`` the 1-minute load average after the run.
- ``slides``: OCR on a generated slide-like video (text slides, a moving speaker inset, a page clock):
  the OCR step's cost as a fraction of the video's length (the target is <= 0.2) and the slide titles read.
- ``reads``: what OCR reads on the shared clips (spans: start-end text), to compare before/after a change.
- ``embed``: SigLIP base shape (random weights, built locally) end to end, decode -> batches of
  ``embed_batch_size`` -> model -> Lance, against the model alone on the same decoded frames.
- ``decode``: decoding + sampling, sequential vs keyframe seeking, shared clips and generated videos.
- ``wer``: Whisper's word error rate (the configured model, on this device and precision) on jfk.flac and
  the LJSpeech clips of the shared audio, text normalized, per clip and pooled: what ASR's speed costs.
- ``realtime``: the whole default ingest of each of ``--clips``, one clip at a time into a fresh corpus, once per
  ``--threads`` value (``cpu_threads``: threads per model on the CPU, 0 = half the cores), the values alternating
  clip by clip and ``--repeat`` times so that a shared machine's load falls on each alike: wall s, process CPU
  s, CPU s per video s, x realtime, the 1-minute load average before and after the run, and wall time against
  the first value's run of the same clip and round (``vs first``).
- ``engines``: the same whole ingest of the shared clips (``--engine-extractors``, default audio,subtitles)
  with the local engine (``--jobs 1``, ``--jobs 2``) and with Ray (1 and 2 workers: a local Ray instance of
  that many CPUs, started before the timed ingest, its start shown apart); ``vs local 1`` is wall time
  against ``--jobs 1`` in the same run.

The ``ingest`` and ``embed`` sections run on each of ``--devices`` (default: the CPU, then CUDA when torch
sees a GPU; rows name the device).

    .venv/bin/python benchmarks/ingest.py                          # every section
    .venv/bin/python benchmarks/ingest.py --sections ingest,slides --jobs 1,2
    .venv/bin/python benchmarks/ingest.py --sections reads --read-clips movie-hello.mp4,testvideo.mp4
    .venv/bin/python benchmarks/ingest.py --sections engines --engine-extractors audio,subtitles
    .venv/bin/python benchmarks/ingest.py --sections realtime --clips smpte-2997.mp4,chaplin.mp4 --threads 0,2
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import math
import os
import resource
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

import av
import numpy as np
from PIL import Image, ImageDraw

from vqdb.config import Config
from vqdb.ingest.decode import choose_decode_mode, estimate_seek_work, sample_frames
from vqdb.ingest.probe import probe
from vqdb.ingest.runner import ingest, resolve_extractors
from vqdb.store import Store

REPO = Path(__file__).resolve().parents[1]
SHARED_VIDEO = REPO.parent / "shared" / "data" / "video"
SHARED_AUDIO = REPO.parent / "shared" / "data" / "audio"
JFK_TEXT = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."
WARM_UP = REPO / "sample_media" / "movie-hello.mp4"
INGEST_CLIPS = (
    "movie-hello.mp4",
    "smpte-2997.mp4",
    "echo-hereweare.webm",
    "testvideo.mp4",
    "big_buck_bunny_0_30.webm",
    "chaplin.mp4",
)
READ_CLIPS = ("movie-hello.mp4", "testvideo.mp4", "smpte-2997.mp4", "echo-hereweare.webm")
DECODE_CLIPS = ("counter.mp4", "smpte-2997.mp4", "big_buck_bunny_0_30.webm", "issue-134-rotate.mp4", "testvideo.mp4")
MODES = ("sequential", "seek")
SLIDE_S = 15.0  # seconds each slide is shown
SLIDE_TITLES = (
    "Video Databases",
    "Frames as Rows",
    "Lance Tables",
    "DuckDB Queries",
    "Text on Screen",
    "Speech to Text",
    "Sound Events",
    "Questions",
)
SECTIONS = ("ingest", "slides", "reads", "embed", "decode", "wer", "engines", "realtime")


def main() -> None:
    """Run the sections asked for and print their tables."""
    args = _parse_args()
    print(f"vqdb from {Path(__import__('vqdb').__file__).parent}; {len(os.sched_getaffinity(0))} cores; {_load()}")
    devices = [d for d in args.devices if d == "cpu" or _cuda()]
    if "cuda" in args.devices and not _cuda():
        print("no CUDA device: the GPU rows are not measured in this run")
    if "ingest" in args.sections:
        for device in devices:
            ingest_section(args, device)
    if "slides" in args.sections:
        slides_section(args)
    if "reads" in args.sections:
        reads_section(args)
    if "embed" in args.sections:
        for device in devices:
            embed_section(args, device)
    if "decode" in args.sections:
        decode_section(args)
    if "wer" in args.sections:
        wer_section()
    if "engines" in args.sections:
        engines_section(args)
    if "realtime" in args.sections:
        realtime_section(args)


# -- whole ingest ----------------------------------------------------------------------------------
@dataclasses.dataclass
class Run:
    """One timed ingest: wall and CPU seconds, media seconds and frames ingested, per-extractor seconds."""

    wall_s: float
    cpu_s: float
    media_s: float
    frames: int
    steps: dict[str, float]
    load: float
    failed: list


def timed_ingest(paths: Sequence[Path], config: Config, names: Sequence[str]) -> Run:
    """Ingest ``paths`` into a fresh corpus with extractors ``names``; time it."""
    with tempfile.TemporaryDirectory() as tmp, Store.create(Path(tmp) / "corpus") as store:
        cpu_start = _cpu_seconds()
        start = time.perf_counter()
        summary = ingest(store, list(paths), config, extractors=list(names))
        wall = time.perf_counter() - start
        cpu = _cpu_seconds() - cpu_start
        extractions = store.read("extractions").to_pylist()
        frames = store.read("frames", columns=["frame_idx"]).num_rows
    steps: dict[str, float] = {}
    for row in extractions:
        steps[row["extractor"]] = steps.get(row["extractor"], 0.0) + row["seconds"]
    media = sum(video for _path, _vid, video, _work in summary.ingested)
    return Run(wall, cpu, media, frames, steps, os.getloadavg()[0], summary.failed)


def ingest_section(args: argparse.Namespace, device: str) -> None:
    """Decode alone, each extractor alone, the whole default ingest at each ``--jobs``, on ``device``."""
    paths = [SHARED_VIDEO / c for c in args.clips]
    config = _config(progress=False, device=device)
    names, notices = resolve_extractors(config, None)
    for notice in notices:
        print(f"note: {notice}")
    timed_ingest([WARM_UP], config, names)  # loads every model once in this process
    rows = []
    baseline = None
    for label, run_names, jobs in (
        [("decode (baseline)", [], 1)]
        + [(name, [name], 1) for name in names]
        + [(f"whole ingest, --jobs {jobs}", names, jobs) for jobs in args.jobs]
    ):
        best = min((timed_ingest(paths, config.replace(jobs=jobs), run_names) for _ in range(args.repeat)),
                   key=lambda run: run.wall_s)  # fmt: skip
        baseline = baseline or best
        rows.append(_row(label, best, baseline, device))
    print_table(
        f"Ingest on {device}, {len(paths)} shared clips ({rows[0]['media s']} s of video, "
        f"{', '.join(names) or 'no extractor'})",
        rows,
    )


def _row(label: str, run: Run, baseline: Run, device: str) -> dict:
    own = {k: f"{v:.1f}" for k, v in run.steps.items() if k != "frames"}
    return {
        "step": label,
        "device": device,
        "media s": f"{run.media_s:.1f}",
        "frames": run.frames,
        "wall s": f"{run.wall_s:.1f}",
        "cpu s": f"{run.cpu_s:.1f}",
        "frames/s": f"{run.frames / run.wall_s:.1f}",
        "x realtime": f"{run.media_s / run.wall_s:.2f}",
        "vs decode": f"{run.wall_s / baseline.wall_s:.2f}x",
        "extractor s": " ".join(f"{k}={v}" for k, v in own.items()),
        "load": f"{run.load:.1f}",
        "failed": len(run.failed),
    }


def realtime_section(args: argparse.Namespace) -> None:
    """The whole default ingest clip by clip at each ``--threads`` value, alternating, ``--repeat`` rounds."""
    import torch

    configs = {threads: _config(progress=False, device="cpu", cpu_threads=threads) for threads in args.threads}
    names, notices = resolve_extractors(next(iter(configs.values())), None)
    for notice in notices:
        print(f"note: {notice}")
    for config in configs.values():  # loads each setting's models once in this process
        timed_ingest([WARM_UP], config, names)
    rows = []
    for round_ in range(args.repeat):
        for clip in args.clips:
            first = None
            for threads, config in configs.items():
                # torch's threads are process-wide, set when a model loads: set them for this run
                torch.set_num_threads(threads or max(1, len(os.sched_getaffinity(0)) // 2))
                load_before = _load()
                run = timed_ingest([SHARED_VIDEO / clip], config, names)
                first = first or run
                rows.append({
                    "clip": clip, "round": round_ + 1, "cpu_threads": threads, "media s": f"{run.media_s:.1f}",
                    "wall s": f"{run.wall_s:.1f}", "cpu s": f"{run.cpu_s:.1f}",
                    "cpu s / video s": f"{run.cpu_s / run.media_s:.2f}",
                    "x realtime": f"{run.media_s / run.wall_s:.2f}",
                    "vs first": f"{run.wall_s / first.wall_s:.2f}x", "load": f"{load_before}-{run.load:.1f}",
                    "failed": len(run.failed),
                })  # fmt: skip
                print("  ".join(f"{key}={value}" for key, value in rows[-1].items()), flush=True)
    print_table(f"Whole default ingest on the CPU, clip by clip ({', '.join(names)})", rows)


# -- OCR on slide-like video -----------------------------------------------------------------------
def slides_section(args: argparse.Namespace) -> None:
    """OCR cost on a generated lecture video, relative to its length, and the slide titles it read."""
    config = _config(progress=False)
    timed_ingest([WARM_UP], config, ["ocr"])
    with tempfile.TemporaryDirectory() as tmp:
        video = write_lecture_video(Path(tmp) / "lecture.mp4", args.slide_minutes * 60)
        decode = min((timed_ingest([video], config, []) for _ in range(args.repeat)), key=lambda r: r.wall_s)
        runs = [timed_ingest([video], config, ["ocr"]) for _ in range(args.repeat)]
        ocr = min(runs, key=lambda r: r.wall_s)
        shown = SLIDE_TITLES[: min(len(SLIDE_TITLES), math.ceil(args.slide_minutes * 60 / SLIDE_S))]
        titles = _titles_read(video, config, shown)
    rows = [
        {
            "run": label,
            "media s": f"{run.media_s:.0f}",
            "wall s": f"{run.wall_s:.1f}",
            "cpu s": f"{run.cpu_s:.1f}",
            "ocr step s": f"{run.steps.get('ocr', 0.0):.1f}",
            "ocr cost x realtime": f"{run.steps.get('ocr', 0.0) / run.media_s:.3f}" if "ocr" in run.steps else "",
            "ocr cpu x realtime": f"{(run.cpu_s - decode.cpu_s) / run.media_s:.3f}" if "ocr" in run.steps else "",
            "load": f"{run.load:.1f}",
        }
        for label, run in (("decode (baseline)", decode), ("ocr", ocr))
    ]
    print_table(
        f"OCR on a slide-like video ({args.slide_minutes:g} min, 640x360, {len(shown)} slides shown, moving inset); "
        f"titles read: {titles}/{len(shown)}",
        rows,
    )


def _titles_read(video: Path, config: Config, titles: Sequence[str]) -> int:
    from rapidfuzz import fuzz

    with tempfile.TemporaryDirectory() as tmp, Store.create(Path(tmp) / "corpus") as store:
        ingest(store, [video], config, extractors=["ocr"])
        texts = [t.lower() for t in store.read("ocr_spans", columns=["text"])["text"].to_pylist()]
    return sum(any(fuzz.partial_ratio(title.lower(), t) >= 85 for t in texts) for title in titles)


def write_lecture_video(path: Path, seconds: float, fps: int = 25, slide_s: float = SLIDE_S) -> Path:
    """A 640x360 H.264 lecture: text slides (a title, three bullets), a moving 160x90 speaker inset at the
    bottom right and a clock that ticks every second in the bottom left."""
    from vqdb.testing.media import font

    rng = np.random.default_rng(0)
    texture = _smooth_texture(rng, 360, 640)
    title_font, body_font, clock_font = font("sans-bold", 28), font("sans", 20), font("mono", 14)
    slides = []
    for i, title in enumerate(SLIDE_TITLES):
        image = Image.new("RGB", (640, 360), (250, 250, 245))
        draw = ImageDraw.Draw(image)
        draw.text((40, 30), title, fill=(20, 30, 90), font=title_font)
        for line, bullet in enumerate(("rows hold what was seen", "queries find when", f"slide {i + 1} notes")):
            draw.text((60, 100 + 40 * line), f"- {bullet}", fill=(30, 30, 30), font=body_font)
        slides.append(np.asarray(image))
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = 640, 360, "yuv420p"
        stream.options = {"preset": "veryfast", "crf": "23"}
        for n in range(round(seconds * fps)):
            t = n / fps
            frame = slides[int(t // slide_s) % len(slides)].copy()
            y, x = (n * 2) % 270, (n * 3) % 480
            frame[260:350, 470:630] = texture[y : y + 90, x : x + 160]  # the speaker
            clock = Image.fromarray(frame[330:352, 10:110])
            ImageDraw.Draw(clock).text((2, 2), f"{int(t) // 60:02d}:{int(t) % 60:02d}", fill=(90, 90, 90),
                                       font=clock_font)  # fmt: skip
            frame[330:352, 10:110] = np.asarray(clock)
            out.mux(stream.encode(av.VideoFrame.from_ndarray(np.ascontiguousarray(frame), "rgb24")))
        out.mux(stream.encode())
    return path


# -- what OCR reads --------------------------------------------------------------------------------
def reads_section(args: argparse.Namespace) -> None:
    """The OCR spans of each clip: to compare what is read before and after a change."""
    config = _config(progress=False)
    rows = []
    for clip in args.read_clips:
        with tempfile.TemporaryDirectory() as tmp, Store.create(Path(tmp) / "corpus") as store:
            start = time.perf_counter()
            ingest(store, [SHARED_VIDEO / clip], config, extractors=["ocr"])
            wall = time.perf_counter() - start
            spans = sorted(store.read("ocr_spans").to_pylist(), key=lambda s: (s["start_s"], s["text"]))
        read = " | ".join(f"{s['start_s']:g}-{s['end_s']:g} {s['text']}" for s in spans)
        rows.append({"clip": clip, "wall s": f"{wall:.1f}", "spans": len(spans), "read": read})
    print_table("OCR spans on the shared clips (start-end text)", rows)


# -- embeddings end to end -------------------------------------------------------------------------
def embed_section(args: argparse.Namespace, device: str) -> None:
    """SigLIP base shape end to end (decode -> batches -> model -> Lance) against the model alone."""
    from vqdb.models import registry
    from vqdb.testing.tiny import build_siglip_base_shape

    batch = args.gpu_batch if device == "cuda" else args.cpu_batch
    seconds = args.embed_seconds * (args.gpu_scale if device == "cuda" else 1)
    with tempfile.TemporaryDirectory() as tmp:
        model = build_siglip_base_shape(Path(tmp) / "siglip-base")
        video = write_synthetic_video(Path(tmp) / "pan.mp4", seconds, gop_s=1.0, fps=25)
        config = _config(progress=False, device=device, embed_model=str(model), embed_batch_size=batch,
                         sample_fps=args.embed_fps)  # fmt: skip
        embedder = registry.image_text_embedder(config)
        frames = [f.image for f in sample_frames(video, fps=args.embed_fps, max_side=config.thumb_max_side)]
        embedder.embed_images(frames[: 2 * batch])  # warm-up
        start = time.perf_counter()
        embedder.embed_images(frames)
        alone = time.perf_counter() - start
        timed_ingest([video], config, ["embed"])  # warm-up of the pipeline
        run = min((timed_ingest([video], config, ["embed"]) for _ in range(args.repeat)), key=lambda r: r.wall_s)
    place = f"{embedder.device} {embedder.precision}"
    rows = [
        {"path": "model alone (decoded frames in memory)", "device": place, "frames": len(frames),
         "wall s": f"{alone:.2f}", "frames/s": f"{len(frames) / alone:.1f}", "vs model": "1.00x", "load": _load()},
        {"path": "end to end (decode -> batch -> model -> Lance)", "device": place, "frames": run.frames,
         "wall s": f"{run.wall_s:.2f}", "frames/s": f"{run.frames / run.wall_s:.1f}",
         "vs model": f"{(run.frames / run.wall_s) / (len(frames) / alone):.2f}x", "load": f"{run.load:.1f}"},
    ]  # fmt: skip
    print_table(
        f"SigLIP base shape (random weights, 224 px), batch {batch}, {args.embed_fps:g} frames/s sampled from "
        f"{seconds:g} s of 640x360 video",
        rows,
    )


# -- decoding --------------------------------------------------------------------------------------
def decode_section(args: argparse.Namespace) -> None:
    """Decode + sample the shared clips and generated videos, sequential vs keyframe seeking."""
    clips = [SHARED_VIDEO / name for name in DECODE_CLIPS if (SHARED_VIDEO / name).is_file()]
    print_table("Decode + sample, shared clips", decode_rows(clips, args.fps, args.max_side, args.repeat))
    with tempfile.TemporaryDirectory() as tmp:
        videos = [write_synthetic_video(Path(tmp) / f"gop{gop:g}s.mp4", args.minutes * 60, gop) for gop in args.gops]
        title = f"Decode + sample, generated {args.minutes:g}-minute 640x360 H.264 (25 fps)"
        print_table(title, decode_rows(videos, args.fps, args.max_side, args.repeat))


def decode_rows(paths: Iterable[Path], fps_values: Iterable[float], max_side: int, repeat: int) -> list[dict]:
    """Time ``sample_frames`` in both modes (best of ``repeat``, modes alternating) per file and rate.

    ``vs seq`` is the speed-up over sequential decoding of the same file in the same run; ``auto`` what
    ``choose_decode_mode`` picks, with the predicted seek work (fraction of a sequential decode).
    """
    rows = []
    for path in paths:
        info = probe(path)
        for fps in fps_values:
            wall = dict.fromkeys(MODES, float("inf"))
            cpu = dict.fromkeys(MODES, float("inf"))
            for _ in range(repeat):
                for mode in MODES:
                    start_wall, start_cpu = time.perf_counter(), time.process_time()
                    samples = sum(1 for _ in sample_frames(path, fps=fps, max_side=max_side, mode=mode, info=info))
                    wall[mode] = min(wall[mode], time.perf_counter() - start_wall)
                    cpu[mode] = min(cpu[mode], time.process_time() - start_cpu)
            estimate = estimate_seek_work(info, fps)
            for mode in MODES:
                rows.append(
                    {
                        "video": path.name,
                        "length s": f"{info.duration_s:.1f}",
                        "fps": f"{fps:g}",
                        "mode": mode,
                        "samples": samples,
                        "decoded": estimate.decoded_frames if mode == "seek" else estimate.sequential_frames,
                        "wall s": f"{wall[mode]:.2f}",
                        "cpu s": f"{cpu[mode]:.2f}",
                        "x realtime": f"{info.duration_s / wall[mode]:.1f}",
                        "vs seq cpu": f"{cpu['sequential'] / cpu[mode]:.2f}x",
                        "auto": choose_decode_mode(info, fps) + f" ({estimate.work:.2f})",
                        "load": _load(),
                    }
                )
    return rows


def write_synthetic_video(path: Path, seconds: float, gop_s: float, fps: int = 25) -> Path:
    """A 640x360 H.264 mp4 of a slowly panning texture with a keyframe every ``gop_s`` seconds."""
    rng = np.random.default_rng(0)
    texture = _smooth_texture(rng, 720, 1280)
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = 640, 360, "yuv420p"
        gop = max(1, round(gop_s * fps))
        stream.codec_context.gop_size = gop
        stream.options = {"preset": "veryfast", "crf": "23", "keyint_min": str(gop), "sc_threshold": "0"}
        for i in range(round(seconds * fps)):
            y, x = (i * 3) % 360, (i * 5) % 640
            frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(texture[y : y + 360, x : x + 640]), "rgb24")
            out.mux(stream.encode(frame))
        out.mux(stream.encode())
    return path


def _smooth_texture(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Random shapes at a few scales: detail an encoder has to spend bits on, unlike flat noise."""
    image = np.zeros((height, width, 3), np.float32)
    for cell in (8, 32, 128):
        coarse = rng.random((height // cell + 1, width // cell + 1, 3), dtype=np.float32)
        image += np.kron(coarse, np.ones((cell, cell, 1), np.float32))[:height, :width]
    return (image / 3 * 255).astype(np.uint8)


# -- speech: word error rate -----------------------------------------------------------------------
def wer_section() -> None:
    """Transcribe jfk.flac and the LJSpeech clips; WER per clip and pooled over all of them."""
    from vqdb.ingest.audio import decode_audio
    from vqdb.ingest.wer import word_error_rate
    from vqdb.models import registry

    recognizer = registry.speech_recognizer(_config(progress=False))
    pairs = [(SHARED_AUDIO / "jfk.flac", JFK_TEXT)]
    with open(SHARED_AUDIO / "ljspeech" / "metadata_wav.csv", newline="") as f:
        for row in csv.DictReader(f, delimiter="|"):
            pairs.append((SHARED_AUDIO / "ljspeech" / Path(row["audio_file"]).name, row["text"]))
    rows, references, hypotheses, media, busy = [], [], [], 0.0, 0.0
    for path, reference in pairs:
        audio = decode_audio(path)
        start = time.perf_counter()
        hypothesis = recognizer.transcribe(audio.samples).text
        seconds = time.perf_counter() - start
        media, busy = media + audio.duration_s, busy + seconds
        references.append(reference)
        hypotheses.append(hypothesis)
        rows.append(
            {
                "clip": path.name,
                "media s": f"{audio.duration_s:.1f}",
                "x realtime": f"{audio.duration_s / seconds:.1f}",
                "WER": f"{word_error_rate([reference], [hypothesis]):.3f}",
                "transcript": hypothesis[:70],
            }
        )
    rows.append(
        {
            "clip": "ALL",
            "media s": f"{media:.1f}",
            "x realtime": f"{media / busy:.1f}",
            "WER": f"{word_error_rate(references, hypotheses):.3f}",
        }
    )
    place = f"{getattr(recognizer, 'device', '?')} {getattr(recognizer, 'precision', '?')}"
    print_table(f"Word error rate, {recognizer.model_id} on {place}, normalized text; load {_load()}", rows)


# -- engines ---------------------------------------------------------------------------------------
def engines_section(args: argparse.Namespace) -> None:
    """The same ingest of the shared clips on each engine: local ``--jobs 1/2``, Ray with 1/2 workers."""
    import vqdb

    clips = [SHARED_VIDEO / c for c in args.clips]
    media_s = sum(probe(p).duration_s or 0.0 for p in clips)
    rows, baseline = [], None
    for engine, workers in (("local", 1), ("local", 2), ("ray", 1), ("ray", 2)):
        start_s = _start_ray(workers) if engine == "ray" else 0.0
        try:
            with tempfile.TemporaryDirectory() as tmp:
                corpus = vqdb.connect(Path(tmp) / "corpus", progress=False, engine=engine, jobs=workers)
                begin = time.perf_counter()
                summary = corpus.ingest(clips, extractors=args.engine_extractors)
                wall = time.perf_counter() - begin
        finally:
            if engine == "ray":
                import ray

                ray.shutdown()
        baseline = baseline or wall
        rows.append(
            {
                "engine": engine,
                "workers": workers,
                "videos": f"{len(summary.ingested)}/{len(clips)}",
                "video s": f"{media_s:.1f}",
                "start s": f"{start_s:.1f}",
                "wall s": f"{wall:.1f}",
                "x realtime": f"{media_s / wall:.2f}",
                "vs local 1": f"{baseline / wall:.2f}x",
                "load": _load(),
            }
        )
    print_table(f"Whole ingest per engine ({', '.join(args.engine_extractors)} + frames), shared clips", rows)


def _start_ray(workers: int) -> float:
    """Start a local Ray instance of ``workers`` CPUs (the ingest then uses it); returns seconds taken."""
    import ray

    begin = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR")
    return time.perf_counter() - begin


# -- helpers ---------------------------------------------------------------------------------------
def print_table(title: str, rows: list[dict]) -> None:
    """Print rows as an aligned text table under a title."""
    print(f"\n{title}")
    if not rows:
        print("  (nothing to measure)")
        return
    columns = list(dict.fromkeys(key for row in rows for key in row))
    widths = {c: max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in columns}
    print("  ".join(c.ljust(widths[c]) for c in columns))
    print("  ".join("-" * widths[c] for c in columns))
    for row in rows:
        print("  ".join(str(row.get(c, "")).ljust(widths[c]) for c in columns), flush=True)


def _config(**settings) -> Config:
    """A Config with ``settings``; ``device`` is left out on a vqdb without it (a run of the code before)."""
    from vqdb.config import Config

    known = {f.name for f in dataclasses.fields(Config)}
    return Config(**{k: v for k, v in settings.items() if k in known})


def _cpu_seconds() -> float:
    """CPU seconds of this process (all threads) and of its finished children (worker processes)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def _cuda() -> bool:
    import torch

    return torch.cuda.is_available()


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sections", type=_names, default=SECTIONS, help=f"any of {','.join(SECTIONS)}")
    parser.add_argument("--clips", type=_names, default=INGEST_CLIPS, help="shared clips for the ingest section")
    parser.add_argument("--read-clips", type=_names, default=READ_CLIPS, help="shared clips for the reads section")
    parser.add_argument("--jobs", type=lambda s: [int(v) for v in s.split(",")], default=[1, 2])
    parser.add_argument("--threads", type=lambda s: [int(v) for v in s.split(",")], default=[0],
                        help="cpu_threads values of the realtime section, e.g. 0,2")  # fmt: skip
    parser.add_argument("--devices", type=_names, default=("cpu", "cuda"), help="cpu, cuda (when torch sees one)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per row; the fastest is shown")
    parser.add_argument("--slide-minutes", type=float, default=2.0, help="length of the slide-like video")
    parser.add_argument("--embed-seconds", type=float, default=8.0, help="video length for embed on the CPU")
    parser.add_argument("--embed-fps", type=float, default=5.0, help="frames sampled per second for embed")
    parser.add_argument("--gpu-scale", type=float, default=60.0, help="embed video length factor on a GPU")
    parser.add_argument("--cpu-batch", type=int, default=16, help="embed_batch_size on the CPU")
    parser.add_argument("--gpu-batch", type=int, default=256, help="embed_batch_size on a GPU")
    parser.add_argument("--minutes", type=float, default=2.0, help="length of the generated decode videos")
    parser.add_argument("--gops", type=_floats, default=(1.0, 10.0), help="keyframe intervals (s), e.g. 1,10")
    parser.add_argument("--fps", type=_floats, default=(1.0,), help="sample rates for decode, e.g. 1,0.5")
    parser.add_argument("--max-side", type=int, default=384, help="longest side of sampled images (decode)")
    parser.add_argument(
        "--engine-extractors", type=_names, default=("audio", "subtitles"), help="extractors of the engines section"
    )
    args = parser.parse_args()
    unknown = set(args.sections) - set(SECTIONS)
    if set(args.devices) - {"cpu", "cuda"}:
        parser.error(f"--devices takes cpu and/or cuda, got {','.join(args.devices)}")
    used = (*(args.clips if {"ingest", "engines", "realtime"} & set(args.sections) else ()),
            *(args.read_clips if "reads" in args.sections else ()))  # fmt: skip
    missing = [c for c in used if not (SHARED_VIDEO / c).is_file()]
    if unknown or missing:
        parser.error(
            f"unknown section(s) {sorted(unknown)}" if unknown else f"clip(s) not in {SHARED_VIDEO}: {missing}"
        )
    return args


def _names(text: str) -> tuple[str, ...]:
    return tuple(v for v in text.split(",") if v)


def _floats(text: str) -> tuple[float, ...]:
    return tuple(float(v) for v in text.split(","))


if __name__ == "__main__":
    main()
