"""Extractor speed (x realtime) on the shared clips, and Whisper's word error rate on the shared speech.

Section 1: every registered extractor (``vqdb.ingest.extractors.names()``; unavailable ones are listed
with their reason) runs on each clip with the default Config. ``x realtime`` is media seconds per
second of extractor time; ``vs decode`` is the extractor's time over the time of the baseline measured in
the same run: decoding and sampling the clip's frames (``sample_frames_table``) plus its audio
(``decode_audio``). Models are loaded and warmed on a 1 s clip before timing.

Section 2: word error rate of the default Whisper model (the offline base bundle) on jfk.flac and the 8
LJSpeech clips, text normalized (lower case, punctuation removed), per clip and pooled.

    .venv/bin/python benchmarks/extractors.py
    .venv/bin/python benchmarks/extractors.py --only asr,audio --clips movie-hello.mp4,big_buck_bunny_0_30.webm
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

from vqdb.config import Config
from vqdb.ingest import extractors
from vqdb.ingest.audio import decode_audio
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.frames import sample_frames_table
from vqdb.ingest.probe import probe
from vqdb.ingest.wer import word_error_rate
from vqdb.models import registry

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CLIPS = (
    "movie-hello.mp4",
    "smpte-2997.mp4",
    "big_buck_bunny_0_30.webm",
    "echo-hereweare.webm",
    "chaplin.mp4",
    "issue-134-rotate.mp4",
    "video_with_failing_audio.mp4",
    "testvideo.mp4",
    "cockatoo.mp4",
)
WARM_UP_CLIP = "birds.mp4"
JFK_TEXT = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."


def main() -> None:
    """Run both sections and print their tables."""
    args = _parse_args()
    config = Config(progress=False)
    names = args.only or extractors.names()
    ready = {}
    for name in names:
        reason = extractors.get(name).unavailable_reason(config)
        if reason:
            print(f"skipped {name}: {reason}")
        else:
            ready[name] = extractors.get(name)(config)
    _run_all(ready, SHARED / "video" / WARM_UP_CLIP, config)  # loads and warms every model
    rows = [row for clip in args.clips for row in _run_all(ready, SHARED / "video" / clip, config)]
    print_table("Extractors on the shared clips (default Config, 1 fps sampling)", rows + _totals(rows))
    if args.wer:
        print_table("Word error rate, default Whisper model, normalized text", wer_rows(config.whisper_model))


def _run_all(ready: dict, path: Path, config: Config) -> list[dict]:
    """Time the baseline decode, then every ready extractor, on one clip."""
    info = probe(path)
    start = time.perf_counter()
    frames, _mode = sample_frames_table(path.stem, info, config)
    audio = decode_audio(path)
    decode_s = time.perf_counter() - start
    duration = info.duration_s or audio.duration_s
    base = {"clip": path.name, "media s": duration}
    rows = [{**base, "step": "decode (baseline)", "seconds": decode_s, "rows": frames.num_rows}]
    for name, extractor in ready.items():
        ctx = VideoContext(path.stem, path, info, frames, config, _audio=audio)
        start = time.perf_counter()
        output = extractor.run(ctx)
        rows.append({**base, "step": name, "seconds": time.perf_counter() - start, "rows": output.rows})
    for row in rows:
        row["x realtime"] = duration / row["seconds"] if row["seconds"] else float("inf")
        row["vs decode"] = row["seconds"] / decode_s
    return rows


def _totals(rows: list[dict]) -> list[dict]:
    """One row per step summed over the clips."""
    decode_total = sum(r["seconds"] for r in rows if r["step"] == "decode (baseline)")
    totals = []
    for step in dict.fromkeys(r["step"] for r in rows):
        mine = [r for r in rows if r["step"] == step]
        media, seconds = sum(r["media s"] for r in mine), sum(r["seconds"] for r in mine)
        totals.append(
            {
                "clip": "ALL",
                "media s": media,
                "step": step,
                "seconds": seconds,
                "rows": sum(r["rows"] for r in mine),
                "x realtime": media / seconds,
                "vs decode": seconds / decode_total,
            }
        )
    return totals


def wer_rows(model: str) -> list[dict]:
    """Transcribe jfk.flac and the LJSpeech clips; WER per clip and pooled over all of them."""
    recognizer = registry.speech_recognizer(Config(whisper_model=model))
    pairs = [(SHARED / "audio" / "jfk.flac", JFK_TEXT)]
    with open(SHARED / "audio" / "ljspeech" / "metadata_wav.csv", newline="") as f:
        for row in csv.DictReader(f, delimiter="|"):
            pairs.append((SHARED / "audio" / "ljspeech" / Path(row["audio_file"]).name, row["text"]))
    rows, references, hypotheses = [], [], []
    for path, reference in pairs:
        audio = decode_audio(path)
        start = time.perf_counter()
        hypothesis = recognizer.transcribe(audio.samples).text
        seconds = time.perf_counter() - start
        references.append(reference)
        hypotheses.append(hypothesis)
        rows.append(
            {
                "clip": path.name,
                "media s": audio.duration_s,
                "x realtime": audio.duration_s / seconds,
                "WER": word_error_rate([reference], [hypothesis]),
                "transcript": hypothesis[:70],
            }
        )
    media = sum(r["media s"] for r in rows)
    rows.append(
        {"clip": f"ALL ({recognizer.model_id})", "media s": media, "WER": word_error_rate(references, hypotheses)}
    )
    return rows


def print_table(title: str, rows: list[dict]) -> None:
    """Print ``rows`` as an aligned text table (floats with 3 significant decimals)."""
    print(f"\n## {title}\n")
    if not rows:
        print("(no rows)")
        return
    columns = list(dict.fromkeys(key for row in rows for key in row))

    def cell(value) -> str:
        return "" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)

    table = [[cell(row.get(c)) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in table)) for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    for r in table:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)))


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", type=lambda s: [n for n in s.split(",") if n], help="extractors to time")
    parser.add_argument("--clips", type=lambda s: s.split(","), default=list(CLIPS), help="shared video clips")
    parser.add_argument("--no-wer", dest="wer", action="store_false", help="skip the word error rate section")
    args = parser.parse_args()
    missing = [c for c in args.clips if not (SHARED / "video" / c).is_file()]
    if missing:
        parser.error(f"clip(s) not found in {SHARED / 'video'}: {', '.join(missing)}")
    return args


if __name__ == "__main__":
    main()
