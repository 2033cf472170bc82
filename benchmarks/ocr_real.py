"""OCR on the shared real clips against what a person reads there (``benchmarks/ocr_truth.json``), before and after.

Each clip runs through the ``ocr`` extractor as ingest runs it (1 frame/s sampled, the change gate, band
rereads, the text edges), once per setting, in this process:

- ``before``: main's defaults until this change: OCR reads the 384-px thumbnails (``ocr_max_side`` 0, frames
  from the decoder's feed as ingest hands them) with EasyOCR's ``readtext`` as it is (no enlarging, CRAFT on
  the image as given, no second reading of tall boxes);
- ``whole``: as ``after`` but CRAFT looks at the whole frame, not only where a stroke analysis says text may be;
- ``merge-all``: as ``after`` but the stroke analysis's overlapping regions all merge into their bounding boxes
  (a caption touching a picture's corner made CRAFT read the empty corner beside both);
- ``box-merge``: as ``after`` but two of the stroke analysis's regions merge when their bounding box is at most
  ``MERGE_SLACK`` times what the two boxes cover, a merged region counting as covering its whole box (main
  until issue 23's dense-screen work: merging box by box grew a web page's panels and lines into one region,
  the whole frame, read by CRAFT at full cost);
- ``as-read``: as ``after`` but a letter O read among digits stays a letter (main until issue 23's
  ``zeros_among_digits``, now ``vqdb.textnorm.digits_in_numbers``: smpte-2997's timecodes read "Oo:00:07;00");
- ``main``: as ``after`` but a frame where only some regions changed reads the full-width bands of their rows
  again, grown over the reads they touch, with CRAFT and the recognizer (main until issue 23's cost work; now a
  read whose box changed is recognized again without CRAFT, and CRAFT looks only where pixels changed outside
  every read's box);
- ``unseen``: as ``after`` but a changed part is read again even where it shows what OCR saw there, dimmed,
  faded or moved a little, and every cut is read whole (main until issue 23's ``vqdb.ingest.same_content``);
- ``as-cut``: as ``after`` but each box CRAFT finds is read as cut (main until issue 23's line work: the boxes
  of one line are now joined, ``joined_rows``);
- ``retry``: as ``after`` but a box read with confidence under 0.5 is read again framed by its edge pixels
  (``easyocr_reader.framed``), the more confident read kept (tried for issue 23, not the default: it picked
  confident junk and mended no line);
- ``upright``: as ``after`` but each box is read once, as it is (main until issue 23's second reading work: now a
  box read with confidence under ``easyocr_reader.RETRY_BELOW`` is read again from its inverted luminance,
  ``easyocr_reader.inverted``, and that read kept where it is ``RETRY_GAIN`` more confident);
- ``invert-70``: as ``after`` but a box read with confidence under 0.7, not 0.5, is read again inverted (tried
  likewise: counter.mp4's outlined "PTS = 1.0s", read at 0.68, reads "PTS = L.0s" at 0.86 inverted);
- ``cut-lines``: as ``after`` but CRAFT looks only inside the stroke analysis's regions (main until issue 23's
  second reading work: now a box CRAFT finds at a region's left or right edge makes it look again with the
  region grown that way, ``easyocr_reader.line_reach``: Big Buck Bunny's credit over a pale sky was read
  "THE PEACH OPEN MOVIE PR", the rest of the line too faint for the stroke analysis);
- ``invert-any``: as ``after`` but the inverted read replaces the first whenever it is more confident, by any
  margin (tried for issue 23's second reading work, not the default: smpte-2997's timecode, white on black, read
  "00:00:03;00" at 0.28 and "00.00.03;00" at 0.30 inverted);
- ``regions``: as ``after`` but where pixels changed outside every read's box CRAFT looks at the whole stroke
  regions that meet the change (main until issue 23's OCR cost work: a textured region, a picture or a page,
  is up to half a frame; now CRAFT looks at that region's rows where the frame changed,
  ``text_regions.changed_rows``);
- ``unfolded``: as ``after`` but CRAFT runs as EasyOCR loads it (main until issue 23's OCR cost work: now its
  batch norms are folded into its convolutions, its weights channels-last, ``easyocr_reader.folded``);
- ``uncut``: ``regions`` and ``unfolded`` together: main just before issue 23's OCR cost work;
- ``separate``: as ``after`` but CRAFT reads each region where it looks in a call of its own (main until issue
  23's second OCR cost work: now regions near each other are read in one call where that costs less,
  ``text_regions.fewer_calls``);
- ``any-text``: as ``after`` but a changed region where the reader found any text, even one read there
  before (a label or a watermark over a playing video), is looked at again on the next read (main until issue
  23's third OCR cost work: now only new text keeps it from going quiet, ``ocr.QuietPlaces``);
- ``glyphs``: as ``after`` but a text of one letter or digit, or of letters and digits apart ("U n", "Y", read
  in a playing video's texture), is new text that keeps its place from going quiet and wakes the quiet places
  it meets (main until issue 23's fourth OCR cost work: now only a text holding two letters or digits in a row,
  ``ocr.worded``);
- ``region-quiet``: as ``glyphs`` but a changed region of the gate goes quiet as a whole, when none of its
  places shows new text, and is looked at whole while one does (main until issue 23's fourth OCR cost work: a
  playing video or a loading picture that the gate joins with arriving text, a chat's answer beside it, was
  looked at with CRAFT on every read while the text arrived; now each place goes quiet on its own,
  ``ocr.QuietPlaces``);
- ``wide-edges``: as ``after`` but the stroke analysis measures an edge's contrast over 5 px, not 3
  (``text_regions.GRADIENT_PX``; tried for issue 23's reading work, not the default: it finds blurred and faint
  text, and a picture's texture beside it, read at up to twice the cost);
- ``floor-30``: as ``after`` but an edge of contrast 30 is a stroke, not 50 (``text_regions.GRADIENT_FLOOR``;
  tried likewise, not the default);
- ``sideways``: as ``after`` but a picture on its side is read as it stands, frame by frame (main until issue
  23's reading work: now the frames are turned upright once a read finds the picture on its side,
  ``ocr.upright_turn``);
- ``bars``: as ``after`` but a "|" read for the word "I" stays a bar (main until issue 23's reading work,
  ``easyocr_reader.bar_as_i``);
- ``bgr-grey``: as ``after`` but the recognizer reads the RGB frame converted to grey as if it were BGR, red
  weighed as blue (main until issue 23's reading work, as EasyOCR converts an array; now its luminance,
  ``easyocr_reader.grey_of``);
- ``unread``: ``sideways``, ``bars`` and ``bgr-grey`` together: main just before issue 23's reading work;
- ``quiet-5``: as ``after`` but a place where the reader looked and found no new text is skipped for 5 partial
  reads, not 2 (main until the luminance change showed a caption fading in over moving footage found 3 s late,
  ``ocr.QUIET_READS``);
- ``shots-unseen``: as ``after`` but a cut to another shot where a read stays over both (a logo, a score) is
  not told from motion (``change_gate.shot_change``), so the places quiet in the shot before stay quiet and a
  title card after the cut is read up to ``ocr.QUIET_READS`` reads late (main until OCR reading 5);
- ``unmended``: as ``after`` but a "©" read as a round glyph ("Copyright 0 2013"), a web address read without
  its periods ("WWW bcastell com") and a timecode's colon read as a period ("00:00.08;00") stay as read (main
  until issue 23's glyph work: now ``easyocr_reader.copyright_sign``, ``web_address`` and ``timecode``);
- ``flat``: as ``after`` but the stroke analysis keeps only edges at the frame's level and a box read unsure is
  read again inverted whatever its contrast (main until issue 23's hard-text work: now lines fainter than the
  frame's strongest strokes but standing out in their own tile are looked at too, ``text_regions.faint_lines``,
  and a box read unsure of low contrast is read again stretched, dark on light, ``easyocr_reader.stretched``);
- ``no-faint``: as ``after`` without the faint lines; ``unstretched``: as ``after`` without the stretched second look;
- ``unflashed``: as ``after`` but only the frames around a text read are decoded again for its edges, and text
  shown between two reads and gone by the next is not looked for (main until issue 23.1: a 0.6 s title between
  two reads was never read; now the frames between reads are decoded once, small, and where a line of new
  strokes came and went and stood still, ``vqdb.ingest.brief_text``, its middle frame is read there);
- ``unsettled``: as ``after`` but the places partial reads passed over (quiet) are not looked at once the frame
  stands still, and a box read again unsure and like nothing read there stays as read (main until issue 23.1's
  gate work: a promo code faded in over footage that then stood still was never read, and a caption that left
  over moving footage left letter soup, "SY ICS// RaekWKae/" at 0.007; now ``ocr.read_settled`` and
  ``ocr.unsure_reread``);
- ``after``: the defaults now: frames decoded at the video's own size (at most ``ocr_max_side``), small video
  enlarged, CRAFT on a copy at most ``DETECT_SIDE`` and only where text may be, each box recognized at full
  size from the frame's luminance, the boxes of one line joined, tall boxes read turned, a picture on its side
  turned upright for every later frame, a bar standing for "I" read "I", a box read unsure read again inverted,
  a line at a region's edge looked for beyond it, a faint line looked for where it stands out in its tile, a box read
  unsure of low contrast read again stretched, a "©" read as a round glyph written "©", a web address read
  without its periods joined, a timecode's colon read as a period a colon.

For each frame of the truth, the reads of that sample (``frame_idx``) are put in reading order (rows by their
vertical centre, left to right) and compared with the lines a person reads:

- ``word recall``: the truth's words (lower case, letters and digits) found among the reads' words, each read
  word used once; ``>= 12 px``: only lines at least 12 px high in the video;
- ``exact lines``: lines whose exact text (case and punctuation, spaces collapsed) appears in the frame's
  reads joined in reading order;
- ``cpu s / video s``: the process's CPU time for the extractor's run (decoding included) per second of
  video; ``x realtime``: video seconds per wall second of that run. The machine is shared: its load average
  is printed with each row.

    .venv/bin/python benchmarks/ocr_real.py                       # every clip of the truth
    .venv/bin/python benchmarks/ocr_real.py --clips manifesto.mp4,bikes.mp4 --settings after
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import re
import time
from collections import Counter
from pathlib import Path

import numpy as np

from vqdb.config import Config
from vqdb.ingest import change_gate, crops
from vqdb.ingest.change_gate import Change
from vqdb.ingest.decode import frames_within, sample_frames
from vqdb.ingest.extractors import ocr
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.extractors.ocr import OcrExtractor
from vqdb.ingest.probe import probe
from vqdb.ingest.text_edges import MAX_SIDE, shown_times, windows
from vqdb.models import easyocr_reader, text_regions
from vqdb.models.device import placement
from vqdb.models.easyocr_reader import EasyOCRReader
from vqdb.models.protocols import TextBox

TRUTH = Path(__file__).with_name("ocr_truth.json")
SMALL_PX = 12
# name: (config overrides, reader options)
SETTINGS = {
    "before": (
        {"ocr_max_side": 0},
        {"min_side": 0, "detect_side": 2560, "tall": None, "scout": False, "rows": False},
    ),
    "whole": ({}, {"scout": False}),
    "merge-all": ({}, {"merge": (math.inf, 0)}),
    "box-merge": ({}, {}),
    "as-read": ({}, {}),
    "main": ({}, {}),
    "unseen": ({}, {}),
    "as-cut": ({}, {"rows": False}),
    "retry": ({}, {"retry_below": 0.5, "retry": "framed", "retry_gain": 0}),
    "upright": ({}, {"retry_below": 0}),
    "invert-any": ({}, {"retry_gain": 0}),
    "invert-70": ({}, {"retry_below": 0.7}),
    "cut-lines": ({}, {"reach": 0}),
    "regions": ({}, {"rows_only": False}),
    "unfolded": ({}, {"fold": False}),
    "uncut": ({}, {"rows_only": False, "fold": False}),
    "separate": ({}, {"join_calls": False}),
    "any-text": ({}, {}),
    "glyphs": ({}, {}),
    "region-quiet": ({}, {}),
    "wide-edges": ({}, {}),
    "floor-30": ({}, {}),
    "sideways": ({}, {}),
    "bars": ({}, {}),
    "bgr-grey": ({}, {}),
    "unread": ({}, {}),
    "sharp-only": ({}, {"coarse": False}),  # the scout before issue 23.1: no coarse pass for soft lines
    "coarse": ({}, {}),
    "quiet-5": ({}, {}),
    "unmended": ({}, {}),
    "unflashed": ({}, {}),
    "unsettled": ({}, {}),
    "flat": ({}, {"faint": False, "stretch_below": 0}),
    "no-faint": ({}, {"faint": False}),
    "unstretched": ({}, {"stretch_below": 0}),
    "shots-unseen": ({}, {}),
    "after": ({}, {}),
}


def band_rereads(reader: EasyOCRReader, image, reads: list[TextBox], change: Change, _quiet, _seen) -> list[TextBox]:
    """The ``main`` setting's partial reread: each changed region becomes the full-width band of its rows,
    grown over every read it touches until stable, read as a crop with ``read_many``; reads outside kept; a
    whole-frame change is read whole."""
    if change.whole:
        return reader.read(image)
    bands = [crops.Box(0.0, r.y0, 1.0, r.y1) for r in change.regions]
    grown = True
    while grown:
        grown = False
        merged: list[crops.Box] = []
        for band in bands:
            touching = [r.box for r in reads if crops.overlaps(r.box, band)] + [
                m for m in merged if crops.overlaps(m, band)
            ]
            union = crops.Box(
                0.0, min([band.y0] + [b[1] for b in touching]), 1.0, max([band.y1] + [b[3] for b in touching])
            )
            grown = grown or union != band or any(crops.overlaps(m, band) for m in merged)
            merged = [m for m in merged if not crops.overlaps(m, band)] + [union]
        bands = merged
    kept = [read for read in reads if not any(crops.overlaps(read.box, band) for band in bands)]
    found = reader.read_many([crops.crop(image, band) for band in bands])
    return kept + [
        TextBox(
            read.text,
            read.confidence,
            (read.box[0], b.y0 + read.box[1] * (b.y1 - b.y0), read.box[2], b.y0 + read.box[3] * (b.y1 - b.y0)),
        )
        for b, boxes in zip(bands, found, strict=True)
        for read in boxes
    ]


def box_merged(
    regions: list[text_regions.Region], slack: float = text_regions.MERGE_SLACK, gap: int = text_regions.JOIN_PX
) -> list[text_regions.Region]:
    """The ``box-merge`` setting's region merge: ``text_regions.merged`` where what two regions cover is what
    their boxes cover, a region merged before counting as covering its whole box."""
    regions = list(regions)
    changed = True
    while changed:
        changed = False
        out: list[text_regions.Region] = []
        for region in regions:
            for i, other in enumerate(out):
                union = text_regions._union(region, other)
                if text_regions._near(region, other, gap) and text_regions._area(union) <= slack * (
                    text_regions._covered([region, other])
                ):
                    out[i] = union
                    changed = True
                    break
            else:
                out.append(region)
        regions = out
    return sorted(regions, key=lambda r: (r[1], r[0]))


class Unseen(ocr.Seen):
    """The ``unseen`` setting's memory of what OCR saw: none, so no changed part shows what was seen there."""

    def offset(self, current, box, shifts=None):
        return None


class AnyText(ocr.QuietPlaces):
    """The ``any-text`` setting's quiet places: every text found counts as new."""

    def new(self, found):
        return list(found)


class RegionQuiet(ocr.QuietPlaces):
    """The ``region-quiet`` setting's quiet places: a box is quiet inside one of them."""

    def holds(self, box):
        return any(ocr._contains(place, box) for place, _ in self._places)


def region_rereads(reader, image, reads: list[TextBox], change: Change, quiet, seen) -> list[TextBox]:
    """The ``region-quiet`` setting's partial reread: ``ocr.reread_changes`` where a changed region is looked at
    whole unless all its places are quiet, and goes quiet whole when no new text shows in it."""
    pixels = change.pixels if change.pixels is not None else np.ones((1, 1), bool)
    current = ocr.grey(image)
    touched = [read for read in reads if pixels[ocr._cells(pixels, read.box)].any()]
    offsets = {id(read): offset for read in touched if (offset := seen.offset(current, read.box)) is not None}
    if change.whole and len(touched) == len(reads) and not offsets:
        seen.take(image)
        reads = reader.read(image)
        quiet.forget(reads)
        return reads
    touched = [read for read in touched if id(read) not in offsets]
    reads = [ocr.moved(read, offsets[id(read)], current.shape) if id(read) in offsets else read for read in reads]
    outside = pixels.copy()
    for read in reads:
        outside[ocr._cells(outside, read.box)] = False
    shifts = sorted(set(offsets.values()) - {(0, 0)})
    look, held = [], []
    for region in change.regions:
        places = [
            piece
            for place in ocr._changed_places(outside, region)
            for piece in ocr._pieces(outside, place)
            if seen.offset(current, piece, shifts) is None
        ]
        if places:
            (held if all(quiet.holds(place) for place in places) else look).append((region, places))
    seen.take(image, change.regions)
    if not touched and not look:
        quiet.note([], [])
        return reads
    reads, found, _ = ocr._read_parts(reader, image, reads, look, touched)
    fresh = quiet.new(found)
    woken = [(region, places) for region, places in held if any(crops.overlaps(new.box, region) for new in fresh)]
    if woken:
        reads, found, _ = ocr._read_parts(reader, image, reads, woken, [])
        fresh += quiet.new(found)
    quiet.note(
        [region for region, _ in look + woken if not any(crops.overlaps(new.box, region) for new in fresh)], fresh
    )
    return reads


def windowed_edges(ctx, frames):
    """``ocr.text_shown`` as main had it: the windows around texts read decoded again, no flashes looked for."""
    return shown_times(frames, frames_within(ctx.path, windows(frames), MAX_SIDE, ctx.info), ctx.info.duration_s), []


def left_unread(reader, image, reads: list[TextBox], quiet, seen) -> list[TextBox]:
    """The ``unsettled`` setting's frame where nothing changed: its reads kept, nothing looked at."""
    return reads


def as_found(found: list[TextBox], before: list[TextBox]) -> tuple[list[TextBox], list]:
    """The ``unsettled`` setting's reads found again: kept as found however unsure, none taken for a text gone."""
    return list(found), []


def any_glyph(text: str) -> bool:
    """The ``glyphs`` setting's test of a text that may be new: it holds a letter or a digit."""
    return any(ch.isalnum() for ch in text)


def as_read(text: str) -> str:
    """The ``as-read``, ``bars`` and ``unmended`` settings' text of a read: the recognizer's, letters O among
    digits, bars standing for "I", round glyphs for "©", spaces for an address's periods and periods for a
    timecode's colons kept."""
    return text


def bgr_grey(image: np.ndarray) -> np.ndarray:
    """The ``bgr-grey`` setting's grey image: the RGB frame converted as OpenCV's BGR, as EasyOCR converts an array."""
    import cv2

    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def never_on_its_side(reads, shape, ratio=ocr.TALL) -> bool:
    """The ``sideways`` setting's test of a picture on its side: never, each frame is read as it stands."""
    return False


# name: what the setting replaces while it runs, (module, attribute): replacement
PATCHES = {
    "wide-edges": {(text_regions, "GRADIENT_PX"): 5},
    "floor-30": {(text_regions, "GRADIENT_FLOOR"): 30},
    "sideways": {(ocr, "on_its_side"): never_on_its_side},
    "bars": {(easyocr_reader, "bar_as_i"): as_read},
    "bgr-grey": {(easyocr_reader, "grey_of"): bgr_grey},
    "unread": {
        (ocr, "on_its_side"): never_on_its_side,
        (easyocr_reader, "bar_as_i"): as_read,
        (easyocr_reader, "grey_of"): bgr_grey,
    },
    "quiet-5": {(ocr, "QuietPlaces"): functools.partial(ocr.QuietPlaces, 5)},
    "shots-unseen": {(change_gate, "shot_change"): lambda previous, current: 0.0},
    "unmended": {
        (easyocr_reader, "copyright_sign"): as_read,
        (easyocr_reader, "web_address"): as_read,
        (easyocr_reader, "timecode"): as_read,
    },
    "unflashed": {(ocr, "text_shown"): windowed_edges},
    "unsettled": {(ocr, "read_settled"): left_unread, (ocr, "without_unsure_rereads"): as_found},
    "main": {(ocr, "reread_changes"): band_rereads},
    "box-merge": {(text_regions, "merged"): box_merged},
    "as-read": {(easyocr_reader, "digits_in_numbers"): as_read},
    "unseen": {(ocr, "Seen"): Unseen},
    "any-text": {(ocr, "QuietPlaces"): AnyText},
    "glyphs": {(ocr, "worded"): any_glyph},
    "region-quiet": {
        (ocr, "QuietPlaces"): RegionQuiet,
        (ocr, "reread_changes"): region_rereads,
        (ocr, "worded"): any_glyph,
    },
}


def words(text: str) -> list[str]:
    """Lower-case words of letters and digits.

    Example:
        >>> words("Copyright © 2013 Brandon-Castellano")
        ['copyright', '2013', 'brandon', 'castellano']
    """
    return re.findall(r"[a-z0-9]+", text.lower())


def reading_order(reads: list[TextBox]) -> str:
    """The reads' texts joined in reading order: rows of boxes whose vertical centres lie within half a box
    height of the row's first, top to bottom, each row left to right.

    Example:
        >>> reading_order([TextBox("world", 0.9, (0.5, 0.1, 0.9, 0.2)), TextBox("Hello", 0.9, (0.1, 0.11, 0.4, 0.21)),
        ...                TextBox("below", 0.9, (0.1, 0.5, 0.4, 0.6))])
        'Hello world below'
    """
    rows: list[list[TextBox]] = []
    for read in sorted(reads, key=lambda r: (r.box[1] + r.box[3]) / 2):
        centre, height = (read.box[1] + read.box[3]) / 2, read.box[3] - read.box[1]
        if rows and abs(centre - (rows[-1][0].box[1] + rows[-1][0].box[3]) / 2) < height / 2:
            rows[-1].append(read)
        else:
            rows.append([read])
    return " ".join(read.text for row in rows for read in sorted(row, key=lambda r: r.box[0]))


def score(truth_lines: list[dict], reads: list[TextBox]) -> tuple[int, int, int, int, int]:
    """(words, words read, words >= 12 px, of those read, exact lines) of one frame.

    Example:
        >>> score([{"text": "Send Spike", "height_px": 22}, {"text": "PREFS", "height_px": 10}],
        ...       [TextBox("Send Spike", 0.9, (0.1, 0.1, 0.5, 0.2))])
        (3, 2, 2, 2, 1)
    """
    available = Counter(words(" ".join(read.text for read in reads)))
    joined = " " + " ".join(reading_order(reads).split()) + " "
    shown = found = shown_big = found_big = exact = 0
    for line in truth_lines:
        big = line["height_px"] >= SMALL_PX
        for word in words(line["text"]):
            hit = available[word] > 0
            available[word] -= hit
            shown, found = shown + 1, found + hit
            shown_big, found_big = shown_big + big, found_big + (big and hit)
        exact += f" {' '.join(line['text'].split())} " in joined
    return shown, found, shown_big, found_big, exact


def run_clip(
    path: Path, overrides: dict, reader: EasyOCRReader, patches: dict | None = None
) -> tuple[dict[int, list[TextBox]], float, float]:
    """The extractor's reads per frame_idx, its CPU seconds and wall seconds on the whole clip, with the
    ``patches`` of a setting (``PATCHES``) in place while it runs."""
    config = Config(progress=False, **overrides)
    info = probe(path)
    feed = None
    if config.ocr_max_side <= config.thumb_max_side:  # ingest hands OCR the decoder's thumbnails
        feed = sample_frames(path, fps=config.sample_fps, max_side=config.thumb_max_side, info=info)
    ctx = VideoContext(video_id="v", path=path, info=info, frames=None, config=config, feed=feed)
    defaults = {(module, name): getattr(module, name) for module, name in patches or {}}
    for (module, name), replacement in (patches or {}).items():
        setattr(module, name, replacement)
    try:
        cpu, wall = time.process_time(), time.perf_counter()
        output = OcrExtractor(config, reader=reader).run(ctx)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        for (module, name), default in defaults.items():
            setattr(module, name, default)
    reads: dict[int, list[TextBox]] = {}
    for row in output.tables["ocr"].to_pylist():
        box = row["box"]
        reads.setdefault(row["frame_idx"], []).append(
            TextBox(row["text"], row["confidence"], (box["x0"], box["y0"], box["x1"], box["y1"]))
        )
    return reads, cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    truth = json.loads(TRUTH.read_text())["clips"]
    parser.add_argument("--video-dir", default="../shared/data/video", help="folder of the shared clips")
    parser.add_argument("--clips", default=",".join(truth), help="comma-separated clip names of the truth")
    parser.add_argument("--settings", default=",".join(SETTINGS), help="comma-separated: " + ", ".join(SETTINGS))
    parser.add_argument("--show", action="store_true", help="print each truth frame's reads")
    args = parser.parse_args()
    place = placement(Config())
    readers = {name: EasyOCRReader(place, **SETTINGS[name][1]) for name in args.settings.split(",")}
    print(f"{os.cpu_count()} cores, torch threads as ingest sets them (cpu_threads 0: half the cores)\n")
    print(
        "| clip | setting | word recall | >= 12 px | exact lines | cpu s / video s | x realtime | load |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    totals: dict[str, list[float]] = {name: [0] * 8 for name in readers}  # the 5 counts, lines, cpu, video s
    for clip in args.clips.split(","):
        path = Path(args.video_dir) / clip
        duration = probe(path).duration_s
        frames = truth[clip]["frames"]
        lines = sum(len(frame["lines"]) for frame in frames)
        for name, reader in readers.items():
            reads, cpu, wall = run_clip(path, SETTINGS[name][0], reader, PATCHES.get(name))
            counts = [0] * 5
            for frame in frames:
                got = reads.get(frame["frame_idx"], [])
                counts = [a + b for a, b in zip(counts, score(frame["lines"], got), strict=True)]
                if args.show:
                    print(f"  {clip} {name} #{frame['frame_idx']}: {reading_order(got)!r}")
            shown, found, shown_big, found_big, exact = counts
            totals[name] = [a + b for a, b in zip(totals[name], [*counts, lines, cpu, duration], strict=True)]
            print(
                f"| {clip} | {name} | {found / shown:.2f} ({found}/{shown}) | "
                f"{found_big / max(shown_big, 1):.2f} ({found_big}/{shown_big}) | {exact}/{lines} | "
                f"{cpu / duration:.2f} | {duration / wall:.2f} | {os.getloadavg()[0]:.1f} |",
                flush=True,
            )
    for name, (shown, found, shown_big, found_big, exact, lines, cpu, seconds) in totals.items():
        print(
            f"| all | {name} | {found / max(shown, 1):.2f} ({found}/{shown}) | "
            f"{found_big / max(shown_big, 1):.2f} ({found_big}/{shown_big}) | {exact}/{lines} | "
            f"{cpu / max(seconds, 1e-9):.2f} | | |"
        )


if __name__ == "__main__":
    main()
