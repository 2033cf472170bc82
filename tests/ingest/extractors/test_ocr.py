"""OCR extractor on real clips: burned-in timecode, titles, overlay text, change gating."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import cv2
import numpy as np
import pyarrow.compute as pc
import pytest
from rapidfuzz import fuzz

import vqdb
from vqdb.config import Config
from vqdb.errors import ConfigError
from vqdb.ingest import extractors
from vqdb.ingest.brief_text import Flash
from vqdb.ingest.change_gate import ChangeGate
from vqdb.ingest.crops import Box, overlaps
from vqdb.ingest.extractors.base import VideoContext
from vqdb.ingest.extractors.ocr import (
    QUIET_READS,
    OcrExtractor,
    QuietPlaces,
    ReadsSince,
    ocr_step,
    read_flashes,
    read_settled,
    reread_changes,
    turned_back,
)
from vqdb.ingest.frames import sample_frames_table
from vqdb.ingest.ocr_spans import same_text
from vqdb.ingest.probe import probe
from vqdb.ingest.same_content import Seen
from vqdb.models import registry
from vqdb.models.protocols import OcrReader, TextBox
from vqdb.schema import tables_of
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes
from vqdb.testing.corpora import empty_corpus


class CountingReader:
    """The real EasyOCR reader, counting its calls."""

    def __init__(self, reader: OcrReader):
        self.reader = reader
        self.model_id, self.device, self.precision = reader.model_id, reader.device, reader.precision
        self.batch_size = reader.batch_size
        self.calls = 0

    def read(self, image):
        return self.read_many([image])[0]

    def read_many(self, images):
        self.calls += len(images)
        return self.reader.read_many(images)

    def read_parts(self, image, look, changed, unchanged):
        self.calls += 1
        return self.reader.read_parts(image, look, changed, unchanged)


@pytest.fixture(scope="module")
def reader() -> OcrReader:
    return registry.ocr_reader(Config())


@functools.cache
def sampled(path: Path):
    """Probe and sampled frames of a clip at the default rate and size, as ingest makes them (once)."""
    info = probe(path)
    return info, sample_frames_table("v", info, Config(progress=False))[0]


def video_context(path: Path, config: Config, start_s: float, end_s: float) -> VideoContext:
    """The clip's sampled frames between ``start_s`` and ``end_s``."""
    info, frames = sampled(path)
    keep = pc.and_(pc.greater_equal(frames["ts"], start_s - 0.05), pc.less_equal(frames["ts"], end_s + 0.05))
    return VideoContext(video_id="v", path=path, info=info, frames=frames.filter(keep), config=config)


def run_ocr(reader, path: Path, start_s: float, end_s: float, batch_size: int | None = None, **settings):
    config = Config(progress=False, **settings)
    counting = CountingReader(reader)
    counting.batch_size = batch_size or counting.batch_size
    output = OcrExtractor(config, reader=counting).run(video_context(path, config, start_s, end_s))
    return output, counting.calls


def test_registered_under_its_name():
    assert extractors.get("ocr") is OcrExtractor
    assert OcrExtractor.unavailable_reason(Config()) is None


def test_burned_in_seconds_and_timecode_match_the_frame_time(reader, shared_data):
    output, _ = run_ocr(reader, shared_data / "video" / "smpte-2997.mp4", 1.0, 4.0)
    ocr = output.tables["ocr"].to_pylist()
    times = sorted({row["ts"] for row in ocr})
    assert len(times) == 4
    timecodes = 0
    for ts in times:
        texts = [row["text"] for row in ocr if row["ts"] == ts]
        # seconds shown as "s.sss" (NTSC 29.97 fps clock: 1.001, 2.002...); the frame number is "n.000"
        seconds = [float(t) for t in texts if re.fullmatch(r"\d+\.\d{3}", t) and float(t) < 100]
        assert any(abs(s - ts) < 0.05 for s in seconds), f"at {ts}s read {texts}"
        # timecode hh:mm:ss;ff (EasyOCR may read the leading 0 as O and a ':' as '.')
        for text in texts:
            digits = re.sub(r"\D", "", text.replace("O", "0").replace("o", "0"))
            if len(digits) == 8 and int(digits[4:6]) == round(ts):
                timecodes += 1
    assert timecodes >= 3, f"timecode seconds read right on only {timecodes} of 4 frames: {ocr}"
    spans = output.tables["ocr_spans"].to_pylist()
    seconds_spans = [s for s in spans if re.fullmatch(r"\d\.\d{3}", s["text"])]
    assert len(seconds_spans) >= 3, "a ticking number must start a new span each second, not merge"


def test_a_ticking_clock_is_recognized_again_without_looking_for_text_again(reader, shared_data, monkeypatch):
    # smpte-2997.mp4: three numbers tick every second where they stand; CRAFT reads the first frame (one call
    # per region of strokes) and then only where a number grew past its box, not every number every second
    calls = []
    detect = reader._reader.detect
    monkeypatch.setattr(reader._reader, "detect", lambda image, **kw: calls.append(image.shape) or detect(image, **kw))
    output, _ = run_ocr(reader, shared_data / "video" / "smpte-2997.mp4", 1.0, 6.0)
    assert len(set(output.tables["ocr"]["frame_idx"].to_pylist())) == 6
    assert len(calls) <= 3 + 5, calls  # band rereads with CRAFT made it 3 + 3 x 5


@pytest.fixture(scope="module")
def hello_output(reader, shared_data):
    output, _ = run_ocr(reader, shared_data / "video" / "movie-hello.mp4", 0.0, 8.0, ocr_fps=0.5)
    return output


def test_hello_world_span_covers_the_title(hello_output, reader):
    spans = hello_output.tables["ocr_spans"].to_pylist()
    hello = [s for s in spans if "hello world" in s["text"].lower()]
    assert len(hello) == 1, spans
    assert hello[0]["start_s"] == 0.0 and hello[0]["end_s"] >= 6.0
    # read at the frame's own size (1280x720) the serif title comes with its trailing dots and a lower
    # confidence (0.59-0.70 across runs, as "Hello world:_" or "Hello world...") than the 384-px thumbnail
    # gave it (0.8+), where the terminal text below was soup
    assert hello[0]["text"].lower().startswith("hello world") and hello[0]["max_confidence"] > 0.5
    assert hello_output.model == reader.model_id
    assert hello_output.settings["ocr_step"] == 2


def test_when_is_hello_world_on_screen_in_sql(hello_output, tmp_path):
    with vqdb.connect(empty_corpus(tmp_path / "corpus"), progress=False) as corpus:
        writer = Store.open(corpus.root, writable=True)
        writer.commit("v", "ocr", hello_output.tables, model=hello_output.model, settings={})
        empty = {t.name: t.arrow_schema().empty_table() for t in tables_of("frames")}
        writer.commit("v", "frames", empty, model=None, settings={})
        build_text_indexes(Store.open(corpus.root, writable=True))
        fuzzy = corpus.sql("SELECT start_s, end_s FROM on_screen('Hello world')").fetchall()
        bm25 = corpus.sql("SELECT start_s, end_s, text FROM ocr_search('hello world', k := 1)").fetchall()
        frames = corpus.sql("SELECT ts FROM ocr_frame_search('hello', k := 10) ORDER BY ts").fetchall()
    assert len(fuzzy) == 1 and fuzzy[0][0] == 0.0 and fuzzy[0][1] >= 6.0
    assert bm25[0][:2] == fuzzy[0] and "hello world" in bm25[0][2].lower()
    assert [ts for (ts,) in frames] == [0.0, 2.0, 4.0, 6.0, 8.0]


def test_unchanged_frames_cost_one_ocr_call_and_reuse_its_reads(reader, shared_data):
    # testvideo.mp4 is a still picture with the copyright overlay from 2 s to 5 s
    output, calls = run_ocr(reader, shared_data / "video" / "testvideo.mp4", 2.0, 5.0)
    ocr = output.tables["ocr"]
    assert calls == 1
    assert sorted(set(ocr["frame_idx"].to_pylist())) == [2, 3, 4, 5]
    per_frame = [pc.filter(ocr["text"], pc.equal(ocr["frame_idx"], i)).to_pylist() for i in (2, 3, 4, 5)]
    assert all(texts == per_frame[0] for texts in per_frame)
    line = " ".join(per_frame[0])
    assert fuzz.partial_ratio("copyright 2013 brandon castellano", line.lower()) >= 75, line
    spans = output.tables["ocr_spans"].to_pylist()
    copyright_spans = [s for s in spans if "copyright" in s["text"].lower() or "opyright" in s["text"]]
    assert copyright_spans and copyright_spans[0]["start_s"] < 2.1 and copyright_spans[0]["end_s"] > 4.9


def test_change_threshold_zero_reads_every_frame(reader, shared_data):
    _, calls = run_ocr(reader, shared_data / "video" / "testvideo.mp4", 3.0, 4.0, ocr_change_threshold=0.0)
    assert calls == 2


@pytest.mark.parametrize("batch_size", [1, 4])
def test_a_picture_on_its_side_is_read_upright_in_every_later_frame(reader, shared_data, batch_size):
    # issue-134-rotate.mp4: the rotation tag lays a game's dialog on its side; its lines are typed in, a few
    # letters a second, downwards in the frame OCR reads. Read as they are, where pixels changed, they came in
    # pieces of a column ("Initiote", "Seorc", "1 3"); turned upright once, the whole line is read, and each
    # box is given in the frame as it is (standing), on a GPU's batches (a cut read whole) as on the CPU
    output, _ = run_ocr(reader, shared_data / "video" / "issue-134-rotate.mp4", 0.0, 8.0, batch_size=batch_size)
    rows = output.tables["ocr"].to_pylist()
    lines = {row["frame_idx"]: [] for row in rows}
    for row in rows:
        lines[row["frame_idx"]].append(row)
    assert any(row["text"] == "Send Spike" for row in lines[2]), lines[2]
    searched = [row for row in lines[8] if fuzz.ratio(row["text"].lower(), "initiate search program") >= 80]
    assert searched, [row["text"] for row in lines[8]]
    box = searched[0]["box"]
    frame_height, frame_width = 1280, 544  # the frame as decoded, rotation applied
    assert (box["y1"] - box["y0"]) * frame_height > 3 * (box["x1"] - box["x0"]) * frame_width, box


@pytest.mark.parametrize("quarters", [1, 2, 3])
def test_a_box_read_on_a_turned_image_is_given_in_the_image_as_it_was(quarters):
    image = np.zeros((60, 100), np.uint8)
    image[10:20, 30:90] = 255  # a line: x 0.3..0.9, y 1/6..1/3
    turned = np.rot90(image, quarters)
    ys, xs = np.nonzero(turned)
    height, width = turned.shape
    box = (xs.min() / width, ys.min() / height, (xs.max() + 1) / width, (ys.max() + 1) / height)
    back = turned_back(TextBox("line", 0.9, box), quarters).box
    assert np.allclose(back, (0.3, 10 / 60, 0.9, 20 / 60)), back


def test_ocr_step_follows_ocr_fps():
    assert ocr_step(Config(sample_fps=1.0, ocr_fps=1.0)) == 1
    assert ocr_step(Config(sample_fps=4.0, ocr_fps=1.0)) == 4
    assert ocr_step(Config(sample_fps=1.0, ocr_fps=5.0)) == 1
    with pytest.raises(ConfigError, match="ocr_fps"):
        ocr_step(Config(ocr_fps=0.0))


class ShapeReader:
    """Reads nothing, notes the size of every image it is given."""

    model_id, device, precision, batch_size = "shapes", "cpu", "fp32", 1

    def __init__(self):
        self.shapes: list[tuple[int, ...]] = []

    def read(self, image):
        return self.read_many([image])[0]

    def read_many(self, images):
        self.shapes += [image.shape for image in images]
        return [[] for _ in images]

    def read_parts(self, image, look, changed, unchanged):
        self.shapes.append(image.shape)
        return []


@pytest.mark.parametrize(
    ("ocr_max_side", "shape", "reads_frames"),
    [
        (1920, (1080, 1920, 3), False),
        (1280, (720, 1280, 3), False),
        (0, (216, 384, 3), True),
        (384, (216, 384, 3), True),
    ],
)
def test_frames_are_read_at_the_video_size_up_to_ocr_max_side(shared_data, ocr_max_side, shape, reads_frames):
    # counter.mp4 is 1920x1080: the default reads it whole; at or below thumb_max_side OCR takes the thumbnails
    config = Config(progress=False, ocr_max_side=ocr_max_side)
    shapes = ShapeReader()
    extractor = OcrExtractor(config, reader=shapes)
    extractor.run(video_context(shared_data / "video" / "counter.mp4", config, 0.0, 3.0))
    assert extractor.reads_frames() is reads_frames
    assert shapes.shapes[0] == shape  # the first frame whole, then the parts where the counter ticks
    assert set(shapes.shapes) == {shape}  # of the frame itself, at its size


def test_a_corpus_read_from_thumbnails_shows_as_stale():
    from vqdb.ingest.extractors.ocr import settings_of
    from vqdb.ingest.runner import stale_settings

    before = {"ocr": {"settings": settings_of(Config(ocr_max_side=0)) | {"reading": OcrExtractor.reading}}}
    assert stale_settings(before, Config()) == {"ocr": "ocr_max_side 0, now 1920"}
    assert (
        stale_settings({"ocr": {"settings": settings_of(Config()) | {"reading": OcrExtractor.reading}}}, Config()) == {}
    )


def test_a_corpus_read_before_faint_text_was_found_shows_as_stale():
    from vqdb.ingest.extractors.ocr import settings_of
    from vqdb.ingest.runner import stale_settings

    before = {"ocr": {"settings": settings_of(Config())}}  # recorded no reading: read the first way
    assert stale_settings(before, Config()) == {"ocr": "read by an older reader (reading 1, now 8)"}
    coloured_missed = {"ocr": {"settings": settings_of(Config()) | {"reading": 2}}}  # before the colour look
    assert stale_settings(coloured_missed, Config()) == {"ocr": "read by an older reader (reading 2, now 8)"}
    flashes_missed = {"ocr": {"settings": settings_of(Config()) | {"reading": 3}}}  # before brief text was looked for
    assert stale_settings(flashes_missed, Config()) == {"ocr": "read by an older reader (reading 3, now 8)"}
    blinks_cut = {"ocr": {"settings": settings_of(Config()) | {"reading": 4}}}  # before blinks were bridged
    assert stale_settings(blinks_cut, Config()) == {"ocr": "read by an older reader (reading 4, now 8)"}
    soft_missed = {"ocr": {"settings": settings_of(Config()) | {"reading": 5}}}  # before the coarse look
    assert stale_settings(soft_missed, Config()) == {"ocr": "read by an older reader (reading 5, now 8)"}
    gaps_unread = {"ocr": {"settings": settings_of(Config()) | {"reading": 7}}}  # before gaps between reads were read
    assert stale_settings(gaps_unread, Config()) == {"ocr": "read by an older reader (reading 7, now 8)"}


def test_ocr_max_side_below_zero_is_a_clear_error():
    with pytest.raises(ConfigError, match="ocr_max_side must be >= 0"):
        Config(ocr_max_side=-1)


class ScriptedReader:
    """Says what it was asked: a whole frame read (``read``) or parts; reads nothing in parts."""

    def __init__(self):
        self.asked = []

    def read(self, image):
        self.asked.append("whole")
        return [TextBox("cut", 0.9, (0.1, 0.1, 0.5, 0.2))]

    def read_parts(self, image, look, changed, unchanged):
        self.asked.append("parts")
        return []


def two_lines(top: int) -> np.ndarray:
    image = np.full((360, 640, 3), 245, np.uint8)
    for i, text in enumerate(["Total 12:07 items", "Send when ready"]):
        cv2.putText(image, text, (40, top + 60 * i), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (20, 20, 20), 2, cv2.LINE_AA)
    return image


def line_boxes(top: int) -> list[TextBox]:
    return [
        TextBox(text, 0.9, (30 / 640, (top - 35 + 60 * i) / 360, 420 / 640, (top + 10 + 60 * i) / 360))
        for i, text in enumerate(["Total 12:07 items", "Send when ready"])
    ]


@pytest.mark.parametrize("moved_px", [0, 9])
def test_reads_that_moved_or_dimmed_are_kept_without_reading_and_a_cut_is_read_whole(moved_px):
    gate, seen, quiet, scripted = ChangeGate(0.02), Seen(), QuietPlaces(), ScriptedReader()
    first = two_lines(100)
    gate.check(first)
    seen.take(first)
    after = (two_lines(100 - moved_px).astype(np.float32) * 0.5 + 30).astype(np.uint8)  # dimmed, scrolled up
    change = gate.check(after)
    assert change.changed
    reads = reread_changes(scripted, after, line_boxes(100), change, quiet, seen)
    assert scripted.asked == []
    assert [read.box for read in reads] == [pytest.approx(read.box, abs=1e-6) for read in line_boxes(100 - moved_px)]
    cut = np.random.default_rng(0).integers(0, 255, first.shape, np.uint8)
    assert [read.text for read in reread_changes(scripted, cut, reads, gate.check(cut), quiet, seen)] == ["cut"]
    assert scripted.asked == ["whole"]


class WatermarkReader:
    """Reads ``text`` at its box whenever asked (a watermark or caption over a moving picture); records
    whether it was asked to look for text where none was read (``look``)."""

    box = (0.6, 0.8, 0.9, 0.85)  # over the moving picture

    def __init__(self):
        self.text, self.looked = "", []

    def read_parts(self, image, look, changed, unchanged):
        self.looked.append(bool(look))
        return [TextBox(self.text, 0.5, self.box)]


def picture_frames(count: int) -> list[np.ndarray]:
    """A static label beside a moving picture (new noise each frame)."""
    rng = np.random.default_rng(0)
    frames = []
    for _ in range(count):
        image = np.full((360, 640, 3), 245, np.uint8)
        cv2.putText(image, "Input Video", (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2, cv2.LINE_AA)
        image[40:330, 320:620] = rng.integers(0, 255, (290, 300, 3), np.uint8)
        frames.append(image)
    return frames


def looks_over_a_moving_picture(texts: list[str]) -> list[list[bool]]:
    """Whether the reader was asked to look for text, call by call of each read, over a moving picture read as
    ``texts``."""
    gate, seen, quiet, reader = ChangeGate(0.02), Seen(), QuietPlaces(), WatermarkReader()
    first, *rest = picture_frames(len(texts) + 1)
    gate.check(first)
    seen.take(first)
    reads = [TextBox("Input Video", 0.9, (0.02, 0.05, 0.25, 0.13))]
    quiet.forget(reads)
    looked = []
    for frame, text in zip(rest, texts, strict=True):
        reader.text, reader.looked = text, []
        reads = reread_changes(reader, frame, reads, gate.check(frame), quiet, seen)
        assert "Input Video" in [read.text for read in reads]
        looked.append(reader.looked)
    return looked


def test_a_moving_picture_whose_text_was_read_before_goes_quiet():
    # a watermark read differently each time: looked for on its first two reads, then after QUIET_READS
    variants = ["clideo.com", "clideo com", "cIideo.co", "clideo.com"]
    looked = looks_over_a_moving_picture([variants[i % 4] for i in range(2 + QUIET_READS + 1)])
    assert looked == [[True]] * 2 + [[False]] * QUIET_READS + [[True]]
    # a new text each time: looked for on every read
    news = ["Breaking news", "Storm warning", "Roads closed", "Schools shut", "Power out", "Stay home", "Be safe"]
    assert all(calls[0] for calls in looks_over_a_moving_picture(news))


def test_a_quiet_place_whose_text_changes_is_looked_at_at_once():
    # quiet after the second read; the third recognizes the watermark's box as new text: it looks again now,
    # in a second call, beside the watermark
    looked = looks_over_a_moving_picture(["clideo.com", "clideo com", "Breaking news", "Breaking news"])
    assert looked[2] == [False, True] and looked[3][0]


def test_a_cut_to_a_title_card_is_looked_at_at_once_though_a_logo_stays_over_both_shots():
    # footage (new noise each frame) under a channel's logo: looked at once, then quiet; the cut to a title card
    # on black keeps the logo, so no read looks cut, but the card is looked at at once, not after QUIET_READS
    rng = np.random.default_rng(0)

    def with_logo(picture: np.ndarray) -> np.ndarray:
        picture[:40, :200] = 245
        cv2.putText(picture, "NEWS 24", (10, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2, cv2.LINE_AA)
        return picture

    footage = [with_logo(rng.integers(0, 255, (360, 640, 3), np.uint8)) for _ in range(3)]
    card = with_logo(np.zeros((360, 640, 3), np.uint8))
    cv2.putText(card, "Meanwhile...", (220, 190), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (255, 255, 255), 2, cv2.LINE_AA)
    gate, seen, quiet, reader = ChangeGate(0.02), Seen(), QuietPlaces(), WatermarkReader()
    reads = [TextBox("NEWS 24", 0.9, (0.0, 0.0, 200 / 640, 40 / 360))]
    gate.check(footage[0])
    seen.take(footage[0])
    quiet.forget(reads)
    looked = []
    for frame in [*footage[1:], card]:
        reader.looked = []
        change = gate.check(frame)
        reads = reread_changes(reader, frame, reads, change, quiet, seen)
        looked.append((change.whole, change.cut, reader.looked))
    assert looked == [(True, False, [True]), (True, False, [False]), (True, True, [True])]


def test_reads_since_a_cut_hold_a_read_exactly_where_one_overlapping_reads_the_same():
    rng = np.random.default_rng(0)
    texts = [
        "EXIT",
        "exit",
        "Exlt",
        "00:01",
        "00:02",
        "0:01",
        "clideo.com",
        "clideo com",
        "Go 2",
        "go 3",
        "Go",
        "EXIT 2",
        "",
        "lntro",
    ]

    def read() -> TextBox:
        (x0, x1), (y0, y1) = np.sort(rng.random(2)), np.sort(rng.random(2))
        return TextBox(str(rng.choice(texts)), 0.5, (float(x0), float(y0), float(x1), float(y1)))

    for _ in range(100):
        before = [read() for _ in range(int(rng.integers(0, 40)))]
        since = ReadsSince(before)
        for asked, similarity in [(read(), s) for _ in range(10) for s in (60.0, 100.0)]:
            expected = any(
                overlaps(asked.box, old.box) and same_text(asked.text, old.text, similarity) for old in before
            )
            assert since.holds(asked, similarity) == expected, (asked, similarity)


class AnswerReader:
    """Reads one new line of an answer below a moving picture on every call (``lines``), recording the places
    it was asked to look at."""

    def __init__(self, lines: list[TextBox]):
        self.lines, self.looks = lines, []

    def read_parts(self, image, look, changed, unchanged):
        self.looks.append(list(look))
        return [self.lines[len(self.looks) - 1]]


def test_a_moving_picture_beside_arriving_text_goes_quiet_while_the_text_is_read():
    # a playing video (new noise each frame) with an answer arriving line by line beside it: the gate sees one
    # changed region, the picture's places go quiet (no new text there) while they may, the answer's lines are
    # looked at on every read
    rng = np.random.default_rng(0)
    count = QUIET_READS + 1  # the picture's first read and every read it stays quiet for
    lines = [
        TextBox(f"answer {i}", 0.9, (310 / 640, (30 + 30 * i) / 360, 0.9, (48 + 30 * i) / 360)) for i in range(count)
    ]
    gate, seen, quiet, reader = ChangeGate(0.02), Seen(), QuietPlaces(), AnswerReader(lines)
    frame = np.full((360, 640, 3), 245, np.uint8)
    gate.check(frame)
    seen.take(frame)
    reads: list[TextBox] = []
    for i in range(len(lines)):
        frame = frame.copy()
        frame[20:300, 40:300] = rng.integers(0, 255, (280, 260, 3), np.uint8)
        cv2.putText(frame, f"answer {i}", (310, 45 + 30 * i), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (20, 20, 20), 1)
        change = gate.check(frame)
        assert len(change.regions) == 1
        reads = reread_changes(reader, frame, reads, change, quiet, seen)
    picture = (40 / 640, 20 / 360, 300 / 640, 300 / 360)
    in_picture = [[place for place in look if overlaps(place, picture)] for look in reader.looks]
    assert in_picture[0] and not any(in_picture[1:])
    assert all(any(place[0] >= 0.48 for place in look) for look in reader.looks)  # the answer, every read
    assert [read.text for read in reads] == [line.text for line in lines]


class CodeReader:
    """Reads the promo code where it shows (its white plate) if a place it looks at meets it, and letter soup in
    each box it reads again (the footage a caption left)."""

    code = (400 / 640, 40 / 360, 600 / 640, 60 / 360)

    def __init__(self):
        self.looks = []

    def read_parts(self, image, look, changed, unchanged):
        self.looks.append(list(look))
        shows = bool((image[40:60, 400:600] == 255).all()) and any(overlaps(place, self.code) for place in look)
        return [TextBox("Promo code: SKY-88Q4", 0.7, self.code)] * shows + [
            TextBox("SY ICS// RaekWKae/", 0.007, tuple(box)) for box in changed
        ]


def footage(count: int, seed: int) -> list[np.ndarray]:
    """Frames of a page (flat grey) whose upper part plays footage (new noise each frame)."""
    rng = np.random.default_rng(seed)
    frames = []
    for _ in range(count):
        frame = np.full((360, 640, 3), 245, np.uint8)
        frame[20:220] = rng.integers(0, 255, (200, 640, 3), np.uint8)
        frames.append(frame)
    return frames


def read_frames(frames, reads, reader):
    """The reads after each frame, as the extractor reads them one by one after the first: the gate's changed
    regions read again, a frame where nothing changed read where earlier reads passed over."""
    gate, seen, quiet = ChangeGate(0.02), Seen(), QuietPlaces()
    gate.check(frames[0])
    seen.take(frames[0])
    quiet.forget(reads)
    after = []
    for frame in frames[1:]:
        change = gate.check(frame)
        if change.regions:
            reads = reread_changes(reader, frame, reads, change, quiet, seen)
        else:
            reads = read_settled(reader, frame, reads, quiet, seen)
        after.append(sorted(read.text for read in reads))
    return after


def test_text_that_appeared_over_moving_footage_is_read_once_the_footage_stands_still():
    # footage is looked at, shows no text, goes quiet; the code appears over it as it moves once more (a quiet
    # place: passed over), then it stands still: no change of the gate would ever ask for the code again
    frames = footage(3, seed=0)
    frames[2][40:60, 400:600] = 255  # the code's white plate
    frames += [frames[2].copy(), frames[2].copy()]
    reader = CodeReader()
    assert read_frames(frames, [], reader) == [[], [], ["Promo code: SKY-88Q4"], ["Promo code: SKY-88Q4"]]
    assert len(reader.looks) == 2  # the footage's first change, then the places passed over once it stood still


def test_a_box_read_again_as_letter_soup_where_a_caption_left_is_no_text():
    caption = TextBox("Book now at skylineair.com/deals", 0.9, (100 / 640, 180 / 360, 500 / 640, 210 / 360))
    assert read_frames(footage(3, seed=1), [caption], CodeReader()) == [[], []]


def test_a_box_read_again_unsure_but_alike_keeps_its_read():
    class Unsure:
        def read_parts(self, image, look, changed, unchanged):
            return [TextBox("Bok now at skylineair com/deals", 0.03, tuple(box)) for box in changed]

    frames = footage(2, seed=2)
    caption = TextBox("Book now at skylineair.com/deals", 0.9, (100 / 640, 180 / 360, 500 / 640, 210 / 360))
    gate, seen, quiet = ChangeGate(0.02), Seen(), QuietPlaces()
    gate.check(frames[0])
    seen.take(frames[0])
    reads = reread_changes(Unsure(), frames[1], [caption], gate.check(frames[1]), quiet, seen)
    assert [(read.text, read.confidence) for read in reads] == [(caption.text, 0.9)]


def test_quiet_places_hold_a_box_they_cover_together():
    quiet = QuietPlaces()
    quiet.note([Box(0.0, 0.0, 0.5, 0.5), Box(0.5, 0.0, 1.0, 0.5)], [])
    assert quiet.holds((0.4, 0.1, 0.6, 0.3))  # across the two places
    assert not quiet.holds((0.4, 0.4, 0.6, 0.6))  # below them in part
    quiet.note([], [TextBox("new", 0.9, (0.1, 0.1, 0.2, 0.2))])  # new text in the first: it wakes
    assert not quiet.holds((0.4, 0.1, 0.6, 0.3)) and quiet.holds((0.6, 0.1, 0.9, 0.3))


def test_glyphs_read_in_a_moving_picture_are_no_new_text():
    # the recognizer reads the texture of a playing video as another glyph or two each time: quiet at once
    glyphs = ["U n", "Y", "7", "E k", "Y", "~ 1", "X"]
    looked = looks_over_a_moving_picture([glyphs[i % len(glyphs)] for i in range(1 + QUIET_READS + 1)])
    assert looked == [[True]] + [[False]] * QUIET_READS + [[True]]


def test_banners_standing_either_way_on_an_upright_picture_are_read_as_they_stand(reader, shared_data, tmp_path):
    # an upright picture whose only text stands on its side: a banner reading upwards at the left, one reading
    # downwards at the right. The reader's tall boxes read both whole; the frame was taken for a picture on its
    # side and turned, which set one banner upside down ("asea[OH MaN" for "New Release") for the whole clip
    from vqdb.testing.media import Scene, Still, Text, render

    texts = [
        Text("SIDE STREET CAFE", 0, 3, size=20, rotation=90, at=(0.05, 0.5), box="#141414"),
        Text("New Release", 0, 3, font="serif", size=16, color="#141414", rotation=-90, at=(0.93, 0.4), box="#f0e6c8"),
    ]
    path = tmp_path / "banners.mp4"
    render(path, 3.0, [Scene(0, 3, Still(str(shared_data / "video" / "chaplin.mp4"), 6.0))], texts, size=(1280, 720))
    output, _ = run_ocr(reader, path, 0.0, 3.0)
    rows = output.tables["ocr"].to_pylist()
    for frame_idx in {row["frame_idx"] for row in rows}:
        read = {row["text"] for row in rows if row["frame_idx"] == frame_idx}
        assert {"SIDE STREET CAFE", "New Release"} <= read, (frame_idx, read)


def test_a_title_shown_between_two_reads_is_read_and_placed_to_the_frame(reader, shared_data, tmp_path):
    # a title shown 0.6 s between the reads at 1 s and 2 s, and a word shown through the read at 3 s: OCR read
    # only the second, the title was never on a frame it read
    from vqdb.testing.media import Scene, Still, Text, render

    texts = [Text("BREAKING NEWS", 1.2, 1.8, size=36, outline="black"), Text("Harbour", 2.5, 4.0, at="bottom")]
    path = tmp_path / "flash.mp4"
    render(path, 4.0, [Scene(0, 4, Still(str(shared_data / "video" / "chaplin.mp4"), 6.0))], texts, size=(640, 360))
    output, _ = run_ocr(reader, path, 0.0, 4.0)
    rows = output.tables["ocr"].to_pylist()
    flash = [row for row in rows if "BREAKING" in row["text"].upper()]
    assert flash, [row["text"] for row in rows]
    assert 1.0 < flash[0]["ts"] < 2.0
    assert flash[0]["shown_from_s"] == pytest.approx(1.2, abs=0.15)
    assert flash[0]["shown_to_s"] == pytest.approx(1.8, abs=0.15)
    spans = output.tables["ocr_spans"].to_pylist()
    assert any("BREAKING" in span["text"].upper() and span["start_s"] < 1.5 for span in spans), spans
    assert any("Harbour" in row["text"] for row in rows)


class FixedReader:
    """Reads the same texts wherever it looks."""

    def __init__(self, reads: list[TextBox]):
        self.reads = reads

    def read_parts(self, image, look, changed, unchanged):
        return list(self.reads)


def test_a_gap_keeps_only_the_reads_it_needs_and_a_flash_any_worded_one(tmp_path):
    # the middle of a gap between two texts may show a wipe or a title drawing in: letter soup read unsure
    from vqdb.testing.media import Scene, Solid, render

    path = tmp_path / "grey.mp4"
    render(path, 2.0, [Scene(0, 2, Solid("grey"))], size=(320, 180))
    ctx = VideoContext(video_id="v", path=path, info=probe(path), frames=None, config=Config(progress=False))
    box = Box(0.1, 0.4, 0.5, 0.7)
    reader = FixedReader([TextBox("ccno", 0.26, box), TextBox("the KING", 0.9, box)])
    gap, flash = Flash(0.5, 1.5, 1.0, box, sure=0.5), Flash(0.5, 1.5, 1.0, box)
    assert [[r.text for r in reads] for _, reads, _ in read_flashes(reader, ctx, [gap], 320)] == [["the KING"]]
    assert [[r.text for r in reads] for _, reads, _ in read_flashes(reader, ctx, [flash], 320)] == [
        ["ccno", "the KING"]
    ]
