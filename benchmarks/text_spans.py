"""When on-screen text is shown, as ingest places it, against hand-checked intervals on shared real clips.

Each clip runs through the ``ocr`` extractor as ingest runs it (``Config()``'s defaults: 1 read a second,
the change gate, the text edges). Its reads are kept (``.cache/text_spans/``, by clip size and mtime;
``--fresh`` reads again), and the edges of every setting are computed from the same reads in this process:
the frames between reads decoded again and ``vqdb.ingest.text_edges.shown_times`` run with the setting's
patches in place, so settings differ only in how the edges are placed, not in what OCR read.

For each truth line (``text_spans_truth.json``: a text, the interval it is on screen, and how that was
checked), the interval is found as the planner finds a "when is X shown" answer
(``vqdb.planner.tools.ocr``): the frames whose reads, in reading order, match the line
(``screen_scores`` above 0; a line of digits and separators: as whole words once OCR's letters for digits
are undone), split into runs where matches are more than ``RUN_GAP`` reads apart; a run is shown from its
first read's ``shown_from`` to its last read's ``shown_to`` (the boxes that read a word of the line, else
all; half a read period around them where unknown), or to the next read's ``shown_from`` where the last
read holds digits the line does not name and the next read the same letters (``held_until_of``: a
timecode asked for by its seconds lasts while its frame digits tick). The run nearest the truth (highest
tIoU) is scored, so the figure measures the edges, not which run a ranking puts first; a line no run
matches scores 0 (``missed``). The ``ocr_spans`` columns score the rows of that table as ingest builds them
(``track_spans``: one row per box's text, so a line OCR split into two boxes matches none of them): the
best tIoU of a span whose text matches the line.

Settings:

- ``before``: main until issue 23's span work: a text left at the first frame whose box no longer looked as
  read (nearer the other end's pixels, or far from its own), so a glitch frame or a flash of the
  background ended it, and a text the next read misread (junk, or a near text) left before that read;
  a counter's box was compared on the glyphs that differ between two reads only (a timecode's seconds),
  so the value read stayed while its frame digits ticked;
  ``ocr_spans`` rows ran from a text's first read to its last (a text read once: no length);
- ``unbridged``: the defaults before blinks were bridged (``text_edges._blinks_bridged``): a text that blinked off
  for less than ``BLINK_S`` and came back left at its first blink, or at its last flash, whichever one change point
  disagreed with fewer frames;
- ``after``: the defaults now.

    .venv/bin/python benchmarks/text_spans.py                                   # every clip of the truth
    .venv/bin/python benchmarks/text_spans.py --clips movie-hello.mp4 --show    # each line's runs
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pyarrow as pa
from ocr_real import reading_order  # the reads joined as ocr_real joins them (benchmarks/ is the script's path)

from vqdb.config import Config
from vqdb.ingest import text_edges
from vqdb.ingest.decode import frames_within
from vqdb.ingest.extractors import ocr
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.extractors.ocr import OcrExtractor
from vqdb.ingest.ocr_spans import track_spans
from vqdb.ingest.probe import probe
from vqdb.ingest.text_edges import MAX_SIDE, shown_times, windows
from vqdb.models.protocols import TextBox
from vqdb.planner.tools.base import normalize_text
from vqdb.planner.tools.ocr import RUN_GAP, Ocr, held_digits_and_letters, held_until_of, query_digits
from vqdb.textnorm import DIGIT_LOOKALIKES
from vqdb.udfs.text_grade import query_words_read, screen_scores

TRUTH = Path(__file__).with_name("text_spans_truth.json")
CACHE = Path(".cache/text_spans")
Reads = list[tuple[float, list[TextBox]]]
# name: (what the setting replaces while it runs, (module, attribute): replacement; whether ocr_spans takes the edges)
SETTINGS: dict[str, tuple[dict, bool]] = {
    "before": (
        {
            (text_edges, "_stand_in"): lambda read, others, here, there: None,
            (text_edges, "_shows_pattern"): lambda crops, reference, other: np.zeros(len(crops), bool),
            (text_edges, "_another_value"): lambda crops, reference, difference, counter: np.zeros(len(crops), bool),
        },
        False,
    ),
    "unbridged": ({(text_edges, "_blinks_bridged"): lambda shows, times, leaving: shows}, True),
    "after": ({}, True),
}


def read_clip(path: Path, fresh: bool) -> Reads:
    """The extractor's reads of every OCR'd frame ``(ts, boxes)``, empty frames included, cached by the
    clip's size and mtime."""
    stat = path.stat()
    cached = CACHE / f"{path.name}.{stat.st_size}.{int(stat.st_mtime)}.json"
    if cached.exists() and not fresh:
        return [(ts, [TextBox(t, c, tuple(b)) for t, c, b in boxes]) for ts, boxes in json.loads(cached.read_text())]
    captured: Reads = []
    original = ocr.text_shown

    def capture(ctx, frames):
        captured.extend(frames)
        return original(ctx, frames)

    config = Config(progress=False)
    ctx = VideoContext(video_id="v", path=path, info=probe(path), frames=None, config=config, feed=None)
    ocr.text_shown = capture
    try:
        OcrExtractor(config).run(ctx)
    finally:
        ocr.text_shown = original
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(
        json.dumps([(ts, [(b.text, b.confidence, list(b.box)) for b in boxes]) for ts, boxes in captured])
    )
    return captured


def edges(path: Path, reads: Reads, patches: dict) -> list[list[tuple[float | None, float | None]]]:
    """``shown_times`` of ``reads`` with ``patches`` in place."""
    info = probe(path)
    defaults = {(module, name): getattr(module, name) for module, name in patches}
    for (module, name), replacement in patches.items():
        setattr(module, name, replacement)
    try:
        return shown_times(reads, frames_within(path, windows(reads), MAX_SIDE, info), info.duration_s)
    finally:
        for (module, name), default in defaults.items():
            setattr(module, name, default)


def runs_of(line: str, reads: Reads, shown: list, period: float) -> list[tuple[float, float, list[float]]]:
    """``(start_s, end_s, read times)`` of each run of the frames whose reads match ``line``; a run ends where
    its last read's part that the line names left (``held_until_of``: a counter ticking in a part the line
    leaves out lasts until the next read's value appears)."""
    rows = []  # (ts, shown_from, shown_to, digits, letters, matches) of each frame with text
    for (ts, boxes), pairs in zip(reads, shown, strict=True):
        if not boxes:
            continue
        texts = pa.array([b.text for b in boxes], pa.string())
        holds = np.array(
            [
                share is not None and share > 0
                for share in query_words_read(texts, pa.array([line] * len(boxes))).to_pylist()
            ]
        )
        chosen = [pair for pair, hold in zip(pairs, holds, strict=True) if hold] or list(pairs)
        starts = [s for s, _ in chosen if s is not None]
        ends = [e for _, e in chosen if e is not None]
        digits, letters = held_digits_and_letters(Ocr().as_read_array(line, texts), holds, np.zeros(1, np.int64))
        matches = _matches(line, reading_order(boxes))
        rows.append((ts, max(starts, default=np.nan), min(ends, default=np.nan), digits[0], letters[0], matches))
    if not rows:
        return []
    columns = ("ts", "shown_from", "shown_to", "digits", "letters", "matches")
    read = {
        name: np.array(values, dtype=object if name == "letters" else None)
        for name, values in zip(columns, zip(*rows, strict=True), strict=True)
    }
    until = held_until_of(read, query_digits(line), RUN_GAP * period)
    runs: list[tuple[float, float, list[float]]] = []
    for k in np.flatnonzero(read["matches"]):
        ts, start, end = float(read["ts"][k]), float(read["shown_from"][k]), float(until[k])
        start, end = ts - period / 2 if np.isnan(start) else start, ts + period / 2 if np.isnan(end) else end
        if runs and ts - runs[-1][2][-1] <= RUN_GAP * period:
            runs[-1] = (runs[-1][0], end, [*runs[-1][2], ts])
        else:
            runs.append((start, end, [ts]))
    return runs


def _matches(line: str, text: str) -> bool:
    """Whether a frame's ``text`` matches ``line`` as the ``ocr`` tool grades it: a numeric line as whole words
    once OCR's letters for digits are undone (``Ocr.grade``: ``contains_phrase``), else ``screen_scores``."""
    if Ocr.numeric(line):
        return f" {normalize_text(line)} " in f" {normalize_text(text.translate(str.maketrans(*DIGIT_LOOKALIKES)))} "
    return screen_scores([text], line)[0] > 0


def tiou(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Temporal intersection over union of two intervals.

    Example:
        >>> tiou((0.0, 2.0), (1.0, 3.0))
        0.3333333333333333
    """
    inter = max(0.0, min(a[1], b[1]) - max(a[0], b[0]))
    union = max(a[1], b[1]) - min(a[0], b[0])
    return inter / union if union > 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    truth = json.loads(TRUTH.read_text())["clips"]
    parser.add_argument("--video-dir", default="../shared/data/video", help="folder of the shared clips")
    parser.add_argument("--clips", default=",".join(truth), help="comma-separated clip names of the truth")
    parser.add_argument("--settings", default=",".join(SETTINGS), help="comma-separated: " + ", ".join(SETTINGS))
    parser.add_argument("--fresh", action="store_true", help="read the clips again (not the cached reads)")
    parser.add_argument("--show", action="store_true", help="print each line's truth and nearest run")
    args = parser.parse_args()
    print(
        "| clip | setting | lines | tIoU mean | tIoU >= 0.5 | ocr_spans tIoU mean | ocr_spans >= 0.5 | missed |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    totals = {name: ([], []) for name in args.settings.split(",")}
    for clip in args.clips.split(","):
        path = Path(args.video_dir) / clip
        reads = read_clip(path, args.fresh)
        period = float(np.median(np.diff([ts for ts, _ in reads]))) if len(reads) > 1 else 1.0
        for name, (scores, span_scores) in totals.items():
            patches, spans_take_edges = SETTINGS[name]
            shown = edges(path, reads, patches)
            spans = track_spans(reads, max_gap_s=2.5 * period, shown=shown if spans_take_edges else None)
            clip_scores, clip_span_scores, missed = [], [], 0
            for line in truth[clip]["lines"]:
                interval = (line["from_s"], line["to_s"])
                runs = runs_of(line["text"], reads, shown, period)
                best = max(runs, key=lambda run: tiou(run[:2], interval), default=None)
                clip_scores.append(tiou(best[:2], interval) if best else 0.0)
                missed += best is None
                matching = [(s.start_s, s.end_s) for s in spans if screen_scores([s.text], line["text"])[0] > 0]
                clip_span_scores.append(max((tiou(span, interval) for span in matching), default=0.0))
                if args.show:
                    found = f"[{best[0]:.2f}, {best[1]:.2f}] reads {best[2]}" if best else "no matching read"
                    print(
                        f"  {clip} {name} {line['text']!r} truth {list(interval)}: {found} tIoU {clip_scores[-1]:.2f}, "
                        f"ocr_spans {clip_span_scores[-1]:.2f}"
                    )
            scores += clip_scores
            span_scores += clip_span_scores
            print(f"| {clip} | {name} | {row(clip_scores, clip_span_scores)} {missed} |", flush=True)
    for name, (scores, span_scores) in totals.items():
        print(f"| all | {name} | {row(scores, span_scores)} |")


def row(scores: list[float], span_scores: list[float]) -> str:
    """Table cells: the count, tIoU mean and share >= 0.5 of the runs and of the ocr_spans rows.

    Example:
        >>> row([1.0, 0.4], [0.5, 0.0])
        '2 | 0.70 | 0.50 | 0.25 | 0.50 |'
    """
    cells = [f"{np.mean(values):.2f} | {np.mean(np.array(values) >= 0.5):.2f}" for values in (scores, span_scores)]
    return f"{len(scores)} | {cells[0]} | {cells[1]} |"


if __name__ == "__main__":
    main()
