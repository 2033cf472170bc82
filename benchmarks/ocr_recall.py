"""OCR recall on rendered text with exact truth: how many of the words shown does EasyOCR read, per setting.

The quality benchmark's generated clips (``benchmarks/quality.py`` renders them into ``--media`` folders, with
a ``.json`` of truth beside each video) show texts at known times. For each text shown at least 0.6 s, the
frame at its middle is read at the thumbnail size the ``ocr`` extractor reads (``thumb_max_side``, 384), once
per setting. ``word recall``: the text's words (lower case, letters and digits) found among the frame's
reads (a word of over 3 characters may also be inside a read run together); ``digit tokens``: the same for
its numbers ("Platform 4", "£425,000", "10:42" -> 10, 42); ``stray words a frame``: read words in no text
of that video (a proxy for junk); ``CPU s a frame``: this process's CPU time per read (the machine's load
moves it; compare rows of one run). The first row is vqdb's reader as configured
(``vqdb.models.easyocr_reader``), the others change one EasyOCR setting: CRAFT's ``low_text`` (the text-score
bound of a box's pixels: lower reaches a lone digit beside a word, "Platform 4") and ``mag_ratio`` (the image
enlarged before detection: more small text, ~1.5-2x the time).

    .venv/bin/python benchmarks/quality.py --split dev,heldout,fresh   # renders the clips once
    .venv/bin/python benchmarks/ocr_recall.py --media .cache/quality/media
"""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

import av
import numpy as np

from vqdb.models import easyocr_reader

SETTINGS = {
    "vqdb (EasyOCR's defaults: low_text 0.4)": {},
    "low_text 0.3": {"low_text": 0.3},
    "low_text 0.35": {"low_text": 0.35},
    "mag_ratio 1.5": {"mag_ratio": 1.5},
    "mag_ratio 2": {"mag_ratio": 2.0},
}


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shown_texts(media: list[Path]) -> list[tuple[Path, float, str, set[str]]]:
    """(video, middle of the text's time, text, every word the video shows) of each text shown >= 0.6 s."""
    found = []
    for folder in media:
        for truth_file in sorted(folder.glob("*.json")):
            truth = json.loads(truth_file.read_text())
            texts = [t for t in truth.get("truth", []) if t["kind"] == "text"]
            vocabulary = {w for t in texts for w in words(t["text"])}
            video = truth_file.with_suffix(".mp4")
            found += [
                (video, (t["start_s"] + t["end_s"]) / 2, t["text"], vocabulary)
                for t in texts
                if t["end_s"] - t["start_s"] >= 0.6 and video.exists()
            ]
    return found


def frames_at(items, side: int) -> dict[tuple[Path, float], np.ndarray]:
    """The first frame at or after each item's time, as the extractor's thumbnail (longest side ``side``)."""
    frames = {}
    for video in sorted({item[0] for item in items}):
        wanted = sorted({item[1] for item in items if item[0] == video})
        with av.open(str(video)) as container:
            for frame in container.decode(video=0):
                for t in wanted:
                    if (video, t) not in frames and frame.time is not None and frame.time >= t:
                        image = frame.to_image()
                        image.thumbnail((side, side))
                        frames[(video, t)] = np.asarray(image.convert("RGB"))
                if len([t for t in wanted if (video, t) in frames]) == len(wanted):
                    break
    return frames


def measure(reader, items, frames, options: dict) -> str:
    shown = found = digits = digits_found = strays = 0
    cpu = 0.0
    for key in dict.fromkeys((video, t) for video, t, _, _ in items):
        start = time.process_time()
        read = reader.readtext(frames[key], **options)
        cpu += time.process_time() - start
        tokens = words(" ".join(r[1] for r in read))
        joined = "".join(tokens)
        vocabulary = next(v for video, t, _, v in items if (video, t) == key)
        strays += sum(1 for w in set(tokens) if not any(w in v or v in w for v in vocabulary if len(v) > 2))
        for text in (item[2] for item in items if item[:2] == key):
            for word in words(text):
                ok = word in tokens or (len(word) > 3 and word in joined)
                shown, found = shown + 1, found + ok
                if word.isdigit():
                    digits, digits_found = digits + 1, digits_found + ok
    n = len({(video, t) for video, t, _, _ in items})
    return (
        f"{found / shown:.3f} | {digits_found / max(digits, 1):.3f} ({digits_found}/{digits}) | "
        f"{strays / n:.2f} | {cpu / n:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--media", action="append", required=True, help="a folder of rendered clips (repeatable)")
    parser.add_argument("--side", type=int, default=384, help="thumbnail size read (the extractor's thumb_max_side)")
    parser.add_argument("--settings", default=",".join(SETTINGS), help="which rows, comma-separated")
    args = parser.parse_args()
    items = shown_texts([Path(m) for m in args.media])
    frames = frames_at(items, args.side)
    items = [item for item in items if item[:2] in frames]
    reader = easyocr_reader.EasyOCRReader()._reader
    print(f"{len(items)} texts on {len(frames)} frames, read at {args.side} px\n")
    print("| setting | word recall | digit tokens | stray words a frame | CPU s a frame |\n|---|---|---|---|---|")
    for name in args.settings.split(","):
        print(f"| {name} | {measure(reader, items, frames, SETTINGS[name])} |", flush=True)


if __name__ == "__main__":
    main()
