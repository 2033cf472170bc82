"""Ingest throughput: decoding + sampling at 1 fps, sequential vs keyframe seeking; and whole ingests on
each engine.

Prints one table per section; ``vs seq`` is the speed-up over sequential decoding of the same file in
the same run (the baseline), ``decoded`` the frames each mode decodes, and ``auto`` what
``choose_decode_mode`` picks, with the predicted seek work (fraction of a sequential decode). The
``engines`` section ingests the shared clips into a fresh corpus with the local engine (``--jobs 1``,
``--jobs 2``) and with Ray (1 and 2 workers: a local Ray instance of that many CPUs, started before the
timed ingest, its start shown apart); ``vs local 1`` is wall time against ``--jobs 1`` in the same run.

    .venv/bin/python benchmarks/ingest.py                  # shared clips + 10-minute videos, 1 s and 10 s GOPs
    .venv/bin/python benchmarks/ingest.py --minutes 2 --gops 0.5,1,2,4,10 --fps 1,0.5
    .venv/bin/python benchmarks/ingest.py --sections engines --engine-extractors audio,subtitles
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

import av
import numpy as np

from vqdb.ingest.decode import choose_decode_mode, estimate_seek_work, sample_frames
from vqdb.ingest.probe import probe

SHARED_VIDEO = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "video"
SHARED_CLIPS = (
    "counter.mp4",
    "smpte-2997.mp4",
    "big_buck_bunny_0_30.webm",
    "echo-hereweare.webm",
    "issue-134-rotate.mp4",
    "testvideo.mp4",
    "movie-hello.mp4",
)
MODES = ("sequential", "seek")
SECTIONS = ("clips", "generated", "embedding", "engines")


def main() -> None:
    """Run the chosen sections and print their tables."""
    args = _parse_args()
    print(f"max_side={args.max_side}, best of {args.repeat}; auto shows the chosen mode (predicted seek work)")
    for name in args.sections:
        {
            "clips": shared_clips_section,
            "generated": generated_videos_section,
            "embedding": embedding_section,
            "engines": engines_section,
        }[name](args)


def engines_section(args: argparse.Namespace) -> None:
    """The same ingest of the shared clips on each engine: local ``--jobs 1/2``, Ray with 1/2 workers."""
    import vqdb

    clips = _shared_clips()
    if not clips:
        return
    media_s = sum(probe(p).duration_s for p in clips)
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
                "load": f"{os.getloadavg()[0]:.1f}",
            }
        )
    print_table(f"Whole ingest per engine ({', '.join(args.engine_extractors)} + frames), shared clips", rows)


def _start_ray(workers: int) -> float:
    """Start a local Ray instance of ``workers`` CPUs (the ingest then uses it); returns seconds taken."""
    import ray

    begin = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR")
    return time.perf_counter() - begin


def shared_clips_section(args: argparse.Namespace) -> None:
    """Decode + sample the shared test clips."""
    print_table("Decode + sample, shared clips", decode_rows(_shared_clips(), args.fps, args.max_side, args.repeat))


def generated_videos_section(args: argparse.Namespace) -> None:
    """Decode + sample generated 640x360 H.264 videos, one per keyframe interval in ``args.gops``."""
    with tempfile.TemporaryDirectory() as tmp:
        videos = [write_synthetic_video(Path(tmp) / f"gop{gop:g}s.mp4", args.minutes * 60, gop) for gop in args.gops]
        title = f"Decode + sample, generated {args.minutes:g}-minute 640x360 H.264 (25 fps)"
        print_table(title, decode_rows(videos, args.fps, args.max_side, args.repeat))


def embedding_section(args: argparse.Namespace) -> None:
    """Image-embedding throughput (frames/s) of the provider in use: the configured ``embed_model`` when it
    loads, and always the tiny random SigLIP (same code path, 32x32 input) as a floor for the pipeline's cost."""
    from vqdb.config import Config
    from vqdb.errors import ModelUnavailableError
    from vqdb.models.registry import image_text_embedder
    from vqdb.models.siglip import SiglipEmbedder
    from vqdb.testing.tiny import build_tiny_siglip

    rng = np.random.default_rng(0)
    frames = [rng.integers(0, 255, (360, 640, 3), dtype=np.uint8) for _ in range(64)]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        providers = [("tiny random SigLIP", lambda: SiglipEmbedder(build_tiny_siglip(Path(tmp) / "tiny")))]
        providers.insert(0, (Config().embed_model, lambda: image_text_embedder(Config())))
        for name, load in providers:
            try:
                embedder = load()
            except ModelUnavailableError as exc:
                rows.append({"provider": name, "frames/s": "n/a", "note": str(exc).split(":")[0]})
                continue
            embedder.embed_images(frames[:4])  # warm-up
            best = min(_timed(lambda e=embedder: e.embed_images(frames)) for _ in range(args.repeat))
            rows.append({"provider": name, "frames/s": f"{len(frames) / best:.1f}", "note": f"dim {embedder.dim}"})
        rows.append(_siglip_base_forward_row(args.repeat))
    print_table("Image embeddings (64 frames of 640x360, batch 16)", rows)


def _siglip_base_forward_row(repeat: int) -> dict:
    """The vision tower of SigLIP base (patch16, 224 px) with random weights: what a real model costs here."""
    import torch
    from transformers import SiglipVisionConfig, SiglipVisionModel

    model = SiglipVisionModel(SiglipVisionConfig()).eval()
    batch = torch.rand(16, 3, 224, 224)
    with torch.inference_mode():
        model(pixel_values=batch[:2])
        best = min(_timed(lambda: model(pixel_values=batch)) for _ in range(repeat))
    return {
        "provider": "SigLIP base vision tower, random weights (forward only)",
        "frames/s": f"{16 / best:.1f}",
        "note": "224 px, 86M parameters",
    }


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def decode_rows(paths: Iterable[Path], fps_values: Iterable[float], max_side: int, repeat: int) -> list[dict]:
    """Time ``sample_frames`` in both modes (best of ``repeat``, modes alternating) per file and rate.

    Wall time is what a user waits; CPU time (all decoder threads) is the work done, and steadier
    than wall time on a shared machine.
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
                        "max kf gap s": f"{info.max_keyframe_gap_s:.2f}",
                        "fps": f"{fps:g}",
                        "mode": mode,
                        "samples": samples,
                        "decoded": estimate.decoded_frames if mode == "seek" else estimate.sequential_frames,
                        "wall s": f"{wall[mode]:.2f}",
                        "cpu s": f"{cpu[mode]:.2f}",
                        "x realtime": f"{info.duration_s / wall[mode]:.1f}",
                        "samples/s": f"{samples / wall[mode]:.1f}",
                        "vs seq wall": f"{wall['sequential'] / wall[mode]:.2f}x",
                        "vs seq cpu": f"{cpu['sequential'] / cpu[mode]:.2f}x",
                        "auto": choose_decode_mode(info, fps) + f" ({estimate.work:.2f})",
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


def print_table(title: str, rows: list[dict]) -> None:
    """Print rows as an aligned text table under a title."""
    print(f"\n{title}")
    if not rows:
        print("  (nothing to measure)")
        return
    columns = list(rows[0])
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in columns}
    print("  ".join(c.ljust(widths[c]) for c in columns))
    print("  ".join("-" * widths[c] for c in columns))
    for row in rows:
        print("  ".join(str(row[c]).ljust(widths[c]) for c in columns))


def _smooth_texture(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """Random shapes at a few scales: detail an encoder has to spend bits on, unlike flat noise."""
    image = np.zeros((height, width, 3), np.float32)
    for cell in (8, 32, 128):
        coarse = rng.random((height // cell + 1, width // cell + 1, 3), dtype=np.float32)
        image += np.kron(coarse, np.ones((cell, cell, 1), np.float32))[:height, :width]
    return (image / 3 * 255).astype(np.uint8)


def _shared_clips() -> list[Path]:
    if not SHARED_VIDEO.is_dir():
        print(f"(shared clips not found at {SHARED_VIDEO}; skipping that section)")
        return []
    return [SHARED_VIDEO / name for name in SHARED_CLIPS if (SHARED_VIDEO / name).is_file()]


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0, help="length of the generated videos")
    parser.add_argument("--gops", type=_floats, default=(1.0, 10.0), help="keyframe intervals (s), e.g. 1,10")
    parser.add_argument("--fps", type=_floats, default=(1.0,), help="sample rates, e.g. 1,0.5")
    parser.add_argument("--max-side", type=int, default=384, help="longest side of sampled images")
    parser.add_argument("--repeat", type=int, default=2, help="runs per mode; the best is shown")
    parser.add_argument("--sections", type=_names, default=SECTIONS, help=f"any of {','.join(SECTIONS)}")
    parser.add_argument(
        "--engine-extractors", type=_names, default=("audio", "subtitles"), help="extractors of the engines section"
    )
    return parser.parse_args()


def _names(text: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in text.split(",") if v.strip())


def _floats(text: str) -> tuple[float, ...]:
    return tuple(float(v) for v in text.split(","))


if __name__ == "__main__":
    main()
