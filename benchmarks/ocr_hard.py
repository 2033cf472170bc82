"""OCR of hard text rendered over real dev frames: faint, dimmed, stylised, on shapes, small and compressed.

Each case draws one line of real-font text (``vqdb.testing.media.font``) over a frame of a dev clip (never a
held-out one), in one of seven styles, then JPEG-compresses the frame as video is:

- ``lowcontrast``: the text 28 grey levels over (or under) its ground, a grey title over a picture;
- ``dimsign``: a pale sign, then the whole frame dimmed to 35 %: a sign in a dark street;
- ``outlined``: hollow letters, a thin bright outline around the ground's colour;
- ``shadowed``: orange letters with a dark outline and a hard drop shadow;
- ``onshape``: light letters on a coloured rounded box;
- ``gradient``: letters filled with a vertical colour ramp;
- ``smallcomp``: 22-30 px letters on the frame, the frame shrunk to 360 lines and compressed hard (quality 35).

Each setting's reader (``EasyOCRReader`` options, as ``benchmarks/ocr_real.py`` names them) reads every case;
a case's score is the words of its line (lower case, letters and digits) found among the reads whose boxes
meet the line's box, each read word used once. ``cpu s``: the process's CPU time for the setting's reads.

    .venv/bin/python benchmarks/ocr_hard.py                        # seeds 0 and 1, settings flat and after
    .venv/bin/python benchmarks/ocr_hard.py --seeds 0 --settings flat,no-faint,unstretched,after
"""

from __future__ import annotations

import argparse
import os
import re
import time
from collections import Counter
from pathlib import Path

import av
import numpy as np

from vqdb.config import Config
from vqdb.models.device import placement
from vqdb.models.easyocr_reader import EasyOCRReader

FRAMES = [  # dev clips only
    ("movie-hello.mp4", 2.0), ("movie-hello.mp4", 6.0), ("echo-hereweare.webm", 5.0),
    ("echo-hereweare.webm", 20.0), ("videollava_demo.mp4", 4.0), ("smpte-2997.mp4", 6.0),
]  # fmt: skip
PHRASES = ["GRAND HOTEL", "Open Daily 9am", "SUMMER SALE 50", "Main Street", "WELCOME HOME", "Exit Only",
           "NIGHT MARKET", "Coffee and Tea"]  # fmt: skip
STYLES = ["lowcontrast", "dimsign", "outlined", "shadowed", "onshape", "gradient", "smallcomp"]
SETTINGS = {
    "flat": {"faint": False, "coarse": False, "stretch_below": 0},  # main before issue 23's hard-text work
    "no-faint": {"faint": False},
    "unstretched": {"stretch_below": 0},
    "sharp-only": {"coarse": False},  # the scout before issue 23.1: no coarse pass for soft lines
    "after": {},
}
Box = tuple[int, int, int, int]


def frame_at(path: Path, seconds: float) -> np.ndarray:
    """The first decoded RGB frame at or after ``seconds``."""
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            if frame.time is not None and frame.time >= seconds:
                return frame.to_ndarray(format="rgb24")
    raise SystemExit(f"{path} has no frame at {seconds}s")


def jpeg(image: np.ndarray, quality: int, scale: float = 1.0) -> np.ndarray:
    """``image`` resized by ``scale`` and JPEG-compressed at ``quality``, as a video codec blurs and blocks it."""
    import cv2

    if scale != 1.0:
        size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    _, encoded = cv2.imencode(".jpg", image[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    return np.ascontiguousarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR)[..., ::-1])


def render(base: np.ndarray, text: str, style: str, size: int, rng: np.random.Generator) -> tuple[np.ndarray, Box]:
    """``base`` with ``text`` drawn in ``style`` at a random place, and the text's pixel box."""
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    image = Image.fromarray(base)
    width, height = image.size
    face = font(str(rng.choice(["sans-bold", "serif-bold", "sans", "serif"])), size)
    _, top, text_w, bottom = face.getbbox(text)
    x = int(rng.integers(10, max(11, width - text_w - 10)))
    y = int(rng.integers(10, max(11, height - bottom - 10)))
    draw = ImageDraw.Draw(image)
    ground = base[y + top : y + bottom, x : x + text_w].reshape(-1, 3).mean(axis=0)
    if style == "lowcontrast":
        step = 28 if ground.mean() < 128 else -28
        draw.text((x, y), text, fill=tuple(int(np.clip(v + step, 0, 255)) for v in ground), font=face)
    elif style == "dimsign":
        draw.text((x, y), text, fill=(170, 165, 150), font=face)
        image = Image.fromarray((np.asarray(image) * 0.35).astype(np.uint8))
    elif style == "outlined":
        draw.text((x, y), text, fill=tuple(int(v) for v in ground), font=face, stroke_width=max(1, size // 18),
                  stroke_fill=(255, 230, 40))  # fmt: skip
    elif style == "shadowed":
        shift = max(2, size // 12)
        draw.text((x + shift, y + shift), text, fill=(0, 0, 0), font=face)
        draw.text((x, y), text, fill=(230, 120, 30), font=face, stroke_width=1, stroke_fill=(120, 40, 0))
    elif style == "onshape":
        pad = size // 3
        draw.rounded_rectangle((x - pad, y + top - pad, x + text_w + pad, y + bottom + pad), radius=pad,
                               fill=(40, 120, 200))  # fmt: skip
        draw.text((x, y), text, fill=(235, 240, 255), font=face)
    elif style == "gradient":
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).text((x, y), text, fill=255, font=face)
        ramp = np.linspace(0, 1, height)[:, None]
        fill = np.zeros((height, width, 3), np.uint8)
        fill[..., 0], fill[..., 1], fill[..., 2] = 255 * ramp, 200 * (1 - ramp), 160
        image = Image.composite(Image.fromarray(fill), image, mask)
    else:  # smallcomp
        draw.text((x, y), text, fill=(240, 240, 240), font=face)
    return np.asarray(image), (x, y + top, x + text_w, y + bottom)


def cases(seed: int, video_dir: Path) -> list[tuple[str, str, np.ndarray, Box]]:
    """``(style, text, image, text box)`` of every style over every frame of ``FRAMES``, drawn with ``seed``."""
    rng = np.random.default_rng(seed)
    frames = [frame_at(video_dir / clip, seconds) for clip, seconds in FRAMES]
    out = []
    for style in STYLES:
        for i, base in enumerate(frames):
            text = PHRASES[(i + len(style)) % len(PHRASES)]
            if style == "smallcomp":
                image, box = render(base, text, style, int(rng.integers(22, 30)), rng)
                scale = 360 / image.shape[0]
                image, box = jpeg(image, 35, scale), tuple(round(v * scale) for v in box)
            else:
                image, box = render(base, text, style, int(rng.integers(24, 56)), rng)
                image = jpeg(image, 70)
            out.append((style, text, image, box))
    return out


def words(text: str) -> list[str]:
    """Lower-case words of letters and digits.

    Example:
        >>> words("Open Daily 9am")
        ['open', 'daily', '9am']
    """
    return re.findall(r"[a-z0-9]+", text.lower())


def found(text: str, reads: list, box: Box, shape: tuple[int, ...]) -> int:
    """How many of ``text``'s words the reads whose boxes meet ``box`` (pixels, 5 px slack) hold, each once.

    Example:
        >>> from vqdb.models.protocols import TextBox
        >>> found("Main Street", [TextBox("Main Sthelen", 0.4, (0.1, 0.1, 0.3, 0.2))], (60, 40, 200, 80), (400, 640))
        1
    """
    height, width = shape[:2]
    near = [
        read.text for read in reads
        if read.box[0] * width < box[2] + 5 and read.box[2] * width > box[0] - 5
        and read.box[1] * height < box[3] + 5 and read.box[3] * height > box[1] - 5
    ]  # fmt: skip
    available, hits = Counter(words(" ".join(near))), 0
    for word in words(text):
        hits += available[word] > 0
        available[word] -= 1
    return hits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--video-dir", default="../shared/data/video", help="folder of the shared clips")
    parser.add_argument("--seeds", default="0,1", help="comma-separated seeds of the cases' places and sizes")
    parser.add_argument("--settings", default="flat,after", help="comma-separated: " + ", ".join(SETTINGS))
    args = parser.parse_args()
    place = placement(Config())
    readers = {name: EasyOCRReader(place, **SETTINGS[name]) for name in args.settings.split(",")}
    all_cases = [case for seed in args.seeds.split(",") for case in cases(int(seed), Path(args.video_dir))]
    print(f"{len(all_cases)} cases, load {os.getloadavg()[0]:.1f}\n")
    print("| setting | " + " | ".join(STYLES) + " | all | cpu s |\n|---|" + "---|" * (len(STYLES) + 2))
    for name, reader in readers.items():
        score: dict[str, list[int]] = {style: [0, 0] for style in STYLES}
        cpu = time.process_time()
        for style, text, image, box in all_cases:
            score[style][0] += found(text, reader.read(image), box, image.shape)
            score[style][1] += len(words(text))
        cpu = time.process_time() - cpu
        hits, total = sum(h for h, _ in score.values()), sum(n for _, n in score.values())
        cells = " | ".join(f"{h}/{n}" for h, n in score.values())
        print(f"| {name} | {cells} | {hits}/{total} ({hits / total:.2f}) | {cpu:.0f} |", flush=True)


if __name__ == "__main__":
    main()
