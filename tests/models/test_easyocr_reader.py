"""EasyOCR provider: offline load, normalized boxes, clear errors (real weights, real frames)."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

from vqdb.config import Config
from vqdb.errors import MediaError
from vqdb.models import registry
from vqdb.models.easyocr_reader import EasyOCRReader


def frame_at(path: Path, seconds: float, max_side: int = 384) -> np.ndarray:
    """The first decoded frame at or after ``seconds``, as a thumbnail like those of the frames table."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        for frame in container.decode(stream):
            if frame.time >= seconds:
                image = frame.to_image()
                image.thumbnail((max_side, max_side))
                return np.asarray(image.convert("RGB"))
    raise AssertionError(f"{path} has no frame at {seconds}s")


@pytest.fixture(scope="module")
def easyocr_home_existed() -> bool:
    import easyocr.config

    return Path(easyocr.config.MODULE_PATH).exists()


@pytest.fixture(scope="module")
def reader(easyocr_home_existed):
    return registry.ocr_reader(Config())


def test_reads_hello_world_with_normalized_box(reader, shared_data):
    boxes = reader.read(frame_at(shared_data / "video" / "movie-hello.mp4", 2.0))
    hello = [b for b in boxes if "hello world" in b.text.lower()]
    assert hello, f"'Hello world' not read; got {[b.text for b in boxes]}"
    x0, y0, x1, y1 = hello[0].box
    assert 0.0 <= x0 < x1 <= 1.0 and 0.0 <= y0 < y1 <= 1.0
    assert hello[0].confidence > 0.5


def test_light_text_on_a_pale_ground_is_read_again_inverted(reader, shared_data):
    # Big Buck Bunny's white credit over a pale sky reads unsure as it is ("The PEACH OPEN MOVIe PRt", 0.19);
    # read again inverted, dark on light, as the recognizer reads best
    from vqdb.models.device import Placement

    frame = frame_at(shared_data / "video" / "big_buck_bunny_0_30.webm", 21.0, max_side=1280)
    once = EasyOCRReader(Placement("cpu", "fp32"), retry_below=0)
    assert not any("PEACH OPEN MOVIE" in box.text for box in once.read(frame)), once.read(frame)
    assert any("THE PEACH OPEN MOVIE" in box.text for box in reader.read(frame)), reader.read(frame)


def test_a_line_at_a_regions_edge_is_looked_for_beyond_it(reader, monkeypatch):
    # the stroke analysis sees part of a faint line; CRAFT finds a box at its region's right edge and looks again
    # with the region grown that way, where it finds the whole line
    looked = []

    def detect(image, **_):
        looked.append(image.shape[1])
        width = image.shape[1]
        return [[[4, width if width < 400 else 380, 10, 30]]], [[]]

    monkeypatch.setattr(reader._reader, "detect", detect)
    _, horizontal, _ = reader._detect(np.zeros((200, 640, 3), np.uint8), [(100, 50, 400, 90)])
    assert looked == [300, 420] and horizontal == [[104, 480, 60, 80]], (looked, horizontal)
    looked.clear()
    reader._detect(np.zeros((200, 640, 3), np.uint8), [(100, 50, 640, 90)])  # a region at the image's edge
    assert looked == [540], looked


def titled(frame: np.ndarray, text: str, at: tuple[float, float], over: int) -> np.ndarray:
    """``frame`` with ``text`` in a bold sans ``over`` grey levels lighter than the ground it stands on, at ``at``
    (shares of the width and height), 1/15 of the height high, then JPEG-compressed as video is."""
    import cv2
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    image, (height, width) = Image.fromarray(frame), frame.shape[:2]
    face, x, y = font("sans-bold", height // 15), round(at[0] * width), round(at[1] * height)
    x0, y0, x1, y1 = face.getbbox(text)
    ground = frame[y + y0 : y + y1, x + x0 : x + x1].reshape(-1, 3).mean(axis=0)
    ImageDraw.Draw(image).text((x, y), text, fill=tuple(int(min(255, v + over)) for v in ground), font=face)
    _, encoded = cv2.imencode(".jpg", np.asarray(image)[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 70])
    return np.ascontiguousarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR)[..., ::-1])


@pytest.mark.parametrize(("clip", "seconds"), [("movie-hello.mp4", 2.0), ("smpte-2997.mp4", 3.0)])
def test_a_faint_title_over_a_real_frame_is_found_and_read(reader, shared_data, clip, seconds):
    # a title 30 grey levels over its ground: under the level the frame's bright text or bars set for the
    # stroke analysis, and read unsure and garbled at its own contrast ("JVOJF 4 WIAHBA@ 4"); found where it
    # stands out in its tiles, and read again contrast-stretched, dark on light
    from vqdb.models.device import Placement

    frame = frame_at(shared_data / "video" / clip, seconds, max_side=1920)
    image = titled(frame, "NIGHT MARKET", (0.5, 0.75), 30)
    flat = EasyOCRReader(Placement("cpu", "fp32"), faint=False, stretch_below=0)
    assert not any("NIGHT MARKET" in box.text for box in flat.read(image)), flat.read(image)
    assert any("NIGHT MARKET" in box.text for box in reader.read(image)), reader.read(image)


def test_a_box_of_low_contrast_is_stretched_dark_on_light_and_one_of_full_contrast_stays():
    from vqdb.models.easyocr_reader import dark_on_light, stretched

    dim = np.array([[10, 10, 10, 42]], np.uint8)  # a pale stroke on a dark ground
    assert stretched(dim).min() < 40 and stretched(dim).max() > 200
    assert dark_on_light(stretched(dim)).tolist() == [[227, 227, 227, 0]]
    full = np.array([[0, 30, 200, 255]], np.uint8)
    assert stretched(full) is full and stretched(dim, below=0) is dim


def test_blank_image_has_no_text(reader):
    assert reader.read(np.full((120, 200, 3), 255, np.uint8)) == []


def test_shared_reader_is_loaded_once(reader):
    assert registry.get("ocr", "easyocr") is EasyOCRReader and isinstance(reader, EasyOCRReader)
    assert registry.ocr_reader(Config(ocr_fps=2.0)) is reader


def test_nothing_written_to_the_easyocr_home(reader, easyocr_home_existed):
    import easyocr.config

    assert easyocr_home_existed or not Path(easyocr.config.MODULE_PATH).exists()


@pytest.mark.parametrize(
    "image", [np.zeros((10, 10), np.uint8), np.zeros((10, 10, 4), np.uint8), np.zeros((10, 10, 3), np.float32)]
)
def test_wrong_image_shape_or_type_is_a_clear_error(reader, image):
    with pytest.raises(MediaError, match="RGB uint8"):
        reader.read(image)


def test_batched_recognition_over_many_frames_reads_what_box_by_box_reads(reader, shared_data):
    # the GPU path (boxes of every frame recognized together) against box by box, both where the suite's reader
    # runs (the CPU here; on a GPU machine CUDA, whose reads differ from the CPU's in a letter's case or a glyph)
    from vqdb.models.device import Placement

    frames = [
        frame_at(shared_data / "video" / "movie-hello.mp4", 2.0),
        np.full((120, 200, 3), 255, np.uint8),
        frame_at(shared_data / "video" / "testvideo.mp4", 3.0),
    ]
    place = Placement(reader.device, reader.precision)
    batched = EasyOCRReader(place, recognizer_batch=8)
    one_by_one = EasyOCRReader(place, recognizer_batch=0).read_many(frames)
    together = batched.read_many(frames)
    assert [len(boxes) for boxes in together] == [len(boxes) for boxes in one_by_one]
    assert together[1] == [] and any("hello world" in b.text.lower() for b in together[0])
    for mine, theirs in zip(together, one_by_one, strict=True):
        assert [b.box for b in mine] == [b.box for b in theirs]  # same detections, boxes in the same order


def test_bf16_reads_hello_world_too(shared_data):
    from vqdb.models.device import Placement

    # the title's band of the thumbnail as it is (no enlarging, no turned reads): bf16 runs emulated on this
    # CPU, where the whole frame enlarged took 12 minutes; what is tested is the autocast placement
    bf16 = EasyOCRReader(Placement("cpu", "bf16"), min_side=0, tall=None)
    assert bf16.precision == "bf16"
    boxes = bf16.read(np.ascontiguousarray(frame_at(shared_data / "video" / "movie-hello.mp4", 2.0)[:72]))
    assert any("hello world" in b.text.lower() for b in boxes), [b.text for b in boxes]


# -- reading at the video's size: small video enlarged, text on its side ---------------------------------------


def rendered(size: tuple[int, int], lines: list[tuple[str, tuple[int, int], int]], angle: int = 0) -> np.ndarray:
    """An RGB frame of ``size`` (W, H) with each ``(text, (x, y), px)`` drawn white on a dark grey, the whole
    picture then turned ``angle`` degrees counter-clockwise (90: on its side, as a wrong rotation tag shows it)."""
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    image = Image.new("RGB", size, (40, 44, 52))
    draw = ImageDraw.Draw(image)
    for text, at, px in lines:
        draw.text(at, text, font=font("sans", px), fill="white")
    return np.asarray(image.rotate(angle, expand=True))


def texts(boxes) -> str:
    return " ".join(b.text for b in boxes).lower()


def test_small_video_is_enlarged_so_a_small_lower_third_reads(reader):
    # 320x180, a lower third 9 px high: the size of a caption on a 320x180 clip (manifesto.mp4's credit line)
    frame = rendered((320, 180), [("Harbour Street", (20, 150), 11)])
    assert "harbour street" in texts(reader.read(frame))


def test_boxes_stay_normalized_to_the_frame_given_after_enlarging(reader):
    frame = rendered((320, 180), [("Harbour Street", (20, 150), 11)])
    box = next(b for b in reader.read(frame) if "street" in b.text.lower()).box
    assert box[0] < 0.2 and box[1] > 0.75 and box[3] <= 1.0  # lower left, as drawn


def test_full_hd_frame_reads_a_caption_14_px_high(reader):
    frame = rendered((1920, 1080), [("Spoken Channel Identification (English)", (100, 980), 16)])
    assert "spoken channel identification" in texts(reader.read(frame))


def test_a_word_written_upwards_is_read_turned(reader):
    word = rendered((300, 60), [("PLATFORM", (10, 12), 30)], angle=90)  # one tall box
    frame = np.full((400, 400, 3), (40, 44, 52), np.uint8)
    frame[50 : 50 + word.shape[0], 180 : 180 + word.shape[1]] = word
    assert "platform" in texts(reader.read(frame))


def test_a_picture_on_its_side_is_read_turned_and_boxes_mapped_back(reader):
    lines = [("Initiate Search Program", (60, 80), 28), ("Enter Password", (60, 130), 28)]
    upright = rendered((640, 272), lines)
    sideways = rendered((640, 272), lines, angle=90)  # 272 x 640, the lines stand upwards
    read = reader.read(sideways)
    assert "search program" in texts(read) and "password" in texts(read), texts(read)
    box = next(b for b in read if "password" in b.text.lower()).box
    # drawn at x 60..300, y 130..160 of the upright 640x272; turned counter-clockwise, that is x 130..160 of
    # 272 and y (640 - 300)..(640 - 60) of 640
    assert box[0] == pytest.approx(130 / 272, abs=0.06) and box[1] == pytest.approx(340 / 640, abs=0.06)
    assert "search program" in texts(reader.read(upright))  # the upright picture is read as before


def test_baseline_options_read_as_easyocr_readtext_does(reader):
    # min_side 0, EasyOCR's canvas, no turned reads, CRAFT on the whole image: the reader main had, kept for benchmarks
    from vqdb.models.device import Placement

    plain = EasyOCRReader(Placement("cpu", "fp32"), min_side=0, detect_side=2560, tall=None, scout=False, rows=False)
    frame = rendered((640, 360), [("Hello world", (100, 150), 32)])
    assert [(b.text, b.box) for b in plain.read(frame)] == [
        (text, _box(corners, frame.shape)) for corners, text, _ in plain._reader.readtext(frame)
    ]


def _box(corners, shape):
    height, width = shape[:2]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return (min(xs) / width, min(ys) / height, max(xs) / width, max(ys) / height)


def test_rotated_clip_reads_its_lines_on_its_side(reader, shared_data):
    # issue-134-rotate.mp4: its rotation tag lays the picture on its side; 'Initiate Search Program' at 8 s
    from vqdb.ingest.decode import sample_frames

    frames = {f.frame_idx: f.image for f in sample_frames(shared_data / "video" / "issue-134-rotate.mp4", 1.0, 1920)}
    read = texts(reader.read(frames[8]))
    assert "search" in read.replace("seorch", "search") and "enter" in read, read


def test_screen_recording_buttons_read_at_full_size(reader, shared_data):
    # videollava_demo.mp4 (2048x1810): buttons 17 px high beside icons, unreadable in a 384-px thumbnail
    from vqdb.ingest.decode import sample_frames

    frame = next(iter(sample_frames(shared_data / "video" / "videollava_demo.mp4", 1.0, 1920))).image
    read = texts(reader.read(frame))
    assert all(word in read for word in ("upvote", "regenerate", "clear history")), read


# -- CRAFT only where text may be (vqdb.models.text_regions) ---------------------------------------------------


def craft_inputs(reader, monkeypatch) -> list[tuple[int, int]]:
    """The (H, W) of every image the reader's CRAFT is given from now on."""
    seen: list[tuple[int, int]] = []
    detect = reader._reader.detect

    def recording(image, **kwargs):
        seen.append(image.shape[:2])
        return detect(image, **kwargs)

    monkeypatch.setattr(reader._reader, "detect", recording)
    return seen


def test_craft_looks_only_where_text_may_be_and_reads_what_the_whole_frame_reads(reader, monkeypatch):
    from vqdb.models.device import Placement

    lines = [("Harbour Street", (80, 600), 16), ("EVENING NEWS", (500, 40), 40), ("Platform 4", (1080, 660), 14)]
    frame = rendered((1280, 720), lines)
    # on the suite's device: CUDA reads differ from the CPU's in single glyphs
    whole = EasyOCRReader(Placement(reader.device, reader.precision), scout=False)
    seen = craft_inputs(reader, monkeypatch)
    read = reader.read(frame)
    assert sorted(b.text for b in read) == sorted(b.text for b in whole.read(frame))
    assert "harbour street" in texts(read) and "evening news" in texts(read) and "platf" in texts(read), texts(read)
    assert sum(h * w for h, w in seen) < 0.15 * 1280 * 720, seen


def test_a_frame_textured_all_over_is_read_whole(reader, monkeypatch):
    noise = np.random.default_rng(0).integers(0, 256, (360, 640, 3), dtype=np.uint8)
    seen = craft_inputs(reader, monkeypatch)
    reader.read(noise)
    assert seen[0] == (360, 640)


def test_a_caption_beside_a_picture_reads_as_with_merged_regions_for_less_craft(reader, monkeypatch):
    # a speaker inset (noise: strokes everywhere, one large region) with small text on it, and a caption whose
    # first letters lie in the inset's region: the two regions overlap and stay apart, CRAFT reads each (the
    # caption's start cut at the inset region's edge is dropped for the whole line) and reads less in all
    from PIL import Image, ImageDraw

    from vqdb.models.device import Placement
    from vqdb.testing.media import font

    frame = Image.fromarray(rendered((1280, 720), [("Harbour Street 12:45, live from the quay", (590, 400), 20)]))
    frame.paste(Image.fromarray(np.random.default_rng(2).integers(0, 256, (240, 320, 3), dtype=np.uint8)), (60, 60))
    ImageDraw.Draw(frame).text((80, 250), "CAM 2", font=font("sans-bold", 18), fill="white", stroke_width=2,
                               stroke_fill="black")  # fmt: skip
    frame = np.asarray(frame)
    merge_all = EasyOCRReader(Placement("cpu", "fp32"), merge=(float("inf"), 0))
    seen_all = craft_inputs(merge_all, monkeypatch)
    expected = merge_all.read(frame)
    seen = craft_inputs(reader, monkeypatch)
    read = reader.read(frame)
    assert "harbour street" in texts(read) and "cam" in texts(read), texts(read)
    assert sorted(b.text for b in read) == sorted(b.text for b in expected)
    assert sum(h * w for h, w in seen) < 0.8 * sum(h * w for h, w in seen_all), (seen, seen_all)


def test_small_regions_side_by_side_are_read_in_one_craft_call_as_one_call_each_reads_them(reader, monkeypatch):
    # a menu bar: five words far enough apart to be five stroke regions, one CRAFT call for all of them (a call
    # costs as much as its weights, whatever its input's size) finds what a call each finds, boxes within 4 px
    from vqdb.models.device import Placement

    menu = [(word, (80 + 110 * i, 600), 14) for i, word in enumerate(["Home", "News", "Sport", "Weather", "Radio"])]
    frame = rendered((1280, 720), [("EVENING NEWS", (500, 40), 40), *menu])
    separate = EasyOCRReader(Placement("cpu", "fp32"), join_calls=False)
    seen_separate = craft_inputs(separate, monkeypatch)
    expected = separate.read(frame)
    seen = craft_inputs(reader, monkeypatch)
    read = reader.read(frame)
    in_order = sorted(read, key=lambda b: b.box)
    assert [(b.text, b.box) for b in in_order] == [
        (b.text, pytest.approx(b.box, abs=4 / 720)) for b in sorted(expected, key=lambda b: b.box)
    ]
    assert {"home", "news", "sport", "weather", "radio"} <= set(texts(read).split()), texts(read)
    assert len(seen) == 2 and len(seen_separate) == 6, (seen, seen_separate)


# -- reading again only what changed (read_parts) ---------------------------------------------------------------


CLOCK_LINES = [("EVENING NEWS", (500, 40), 40), ("Harbour Street", (80, 600), 20)]


def test_a_changed_box_is_recognized_again_without_craft(reader, monkeypatch):
    # a clock's digits tick, its box stays: recognition alone reads the new time as a whole read does
    before = reader.read(rendered((1280, 720), [*CLOCK_LINES, ("12:45", (1100, 650), 28)]))
    clock = next(b for b in before if "45" in b.text)
    after = rendered((1280, 720), [*CLOCK_LINES, ("12:46", (1100, 650), 28)])
    whole = next(b for b in reader.read(after) if "46" in b.text)
    seen = craft_inputs(reader, monkeypatch)
    read = reader.read_parts(after, [], [clock.box])
    assert seen == [] and [b.text for b in read] == [whole.text], (read, whole)
    assert read[0].box == pytest.approx(clock.box, abs=0.002)


def test_a_changed_label_whose_rows_craft_saw_only_in_part_is_recognized_where_it_is(reader, monkeypatch):
    # videollava_demo.mp4 at 15 s: a pointer moves onto "Send" and a small "0.2/0.0s" appears beside it; the
    # stroke analysis joins the pointer to the button's region, which reaches 7 px into "Clear history"'s box
    # below. CRAFT looks at that region's rows, sees a sliver of the label and finds nothing there: the label,
    # on screen all along, was neither found again nor recognized where it is, and left the reads for good
    from PIL import Image, ImageDraw

    lines = [*CLOCK_LINES, ("Send", (1100, 550), 24), ("Clear history", (1000, 600), 24)]
    before = reader.read(rendered((1280, 720), lines))
    label = next(b for b in before if "history" in b.text.lower())
    after = Image.fromarray(rendered((1280, 720), [*lines, ("0.2/0.0s", (960, 556), 14)]))
    ImageDraw.Draw(after).polygon([(1122, 566), (1122, 598), (1130, 590), (1138, 590)], fill="white")
    after = np.asarray(after)
    pointer, overlay = (1118 / 1280, 582 / 720, 1140 / 1280, 592 / 720), (955 / 1280, 555 / 720, 1020 / 1280, 575 / 720)
    read = reader.read_parts(after, [overlay, pointer], [label.box], [b for b in before if b is not label])
    assert "clear history" in texts(read), texts(read)
    assert read.count(label) == 0 and sum("history" in b.text.lower() for b in read) == 1, read


def test_a_box_whose_text_left_is_not_read(reader, monkeypatch):
    before = reader.read(rendered((1280, 720), [*CLOCK_LINES, ("12:45", (1100, 650), 28)]))
    clock = next(b for b in before if "45" in b.text)
    seen = craft_inputs(reader, monkeypatch)
    assert reader.read_parts(rendered((1280, 720), CLOCK_LINES), [], [clock.box]) == [] and seen == []


def test_craft_looks_only_at_the_text_regions_that_meet_where_it_is_asked_to_look(reader, monkeypatch):
    frame = rendered((1280, 720), [*CLOCK_LINES, ("Platform 4", (1080, 660), 24)])
    seen = craft_inputs(reader, monkeypatch)
    read = reader.read_parts(frame, [(0.9, 0.93, 0.92, 0.95)], [])  # a corner of the last line: it is read whole
    assert [b.text for b in read] == ["Platform 4"]
    assert len(seen) == 1 and seen[0][0] * seen[0][1] < 0.05 * 1280 * 720, seen


def test_text_appearing_over_a_picture_is_found_in_its_rows_not_in_the_whole_picture(reader, monkeypatch):
    # a picture is one large stroke region: CRAFT looks at its rows where the frame changed, not all of it
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    noise = np.random.default_rng(3).integers(0, 256, (500, 1100, 3), dtype=np.uint8)
    frame = Image.fromarray(rendered((1280, 720), CLOCK_LINES))
    frame.paste(Image.fromarray(noise), (90, 110))
    ImageDraw.Draw(frame).text((400, 330), "Platform 4", font=font("sans-bold", 30), fill="white", stroke_width=3,
                               stroke_fill="black")  # fmt: skip
    frame = np.asarray(frame)
    seen = craft_inputs(reader, monkeypatch)
    read = reader.read_parts(frame, [(400 / 1280, 335 / 720, 560 / 1280, 362 / 720)], [])
    assert "platform 4" in texts(read), texts(read)
    assert sum(h * w for h, w in seen) < 0.25 * 500 * 1100, seen
    monkeypatch.setattr(reader, "rows_only", False)  # the whole regions that meet the change: the picture
    seen.clear()
    reader.read_parts(frame, [(400 / 1280, 335 / 720, 560 / 1280, 362 / 720)], [])
    assert sum(h * w for h, w in seen) >= 500 * 1100, seen


def test_craft_folded_finds_the_boxes_craft_as_loaded_finds(reader):
    from vqdb.models.device import Placement

    frame = rendered((1280, 720), [*CLOCK_LINES, ("Platform 4", (1080, 660), 24)])
    as_loaded = EasyOCRReader(Placement("cpu", "fp32"), fold=False).read(frame)
    read = reader.read(frame)
    assert [b.text for b in read] == [b.text for b in as_loaded]
    assert [b.box for b in read] == [pytest.approx(b.box, abs=1e-3) for b in as_loaded]


def test_a_read_found_again_where_nothing_changed_is_not_recognized_again(reader, monkeypatch):
    frame = rendered((1280, 720), [*CLOCK_LINES, ("Platform 4", (1080, 660), 24)])
    before = reader.read(frame)
    platform = next(b for b in before if "platf" in b.text.lower())
    recognized: list[int] = []
    recognize = reader._recognize

    def counting(detected, images):
        recognized.extend(len(horizontal) + len(free) for _, horizontal, free in detected)
        return recognize(detected, images)

    monkeypatch.setattr(reader, "_recognize", counting)
    read = reader.read_parts(frame, [platform.box], [], before)
    assert len(read) == 1 and read[0] is platform and sum(recognized) == 0, (read, recognized)


def test_a_letter_read_for_a_digit_among_digits_is_that_digit():
    # smpte-2997.mp4's burned-in timecode: the recognizer reads its leading "00" as "Oo" or "O0"
    from vqdb.models.easyocr_reader import _text_boxes

    corners = [[0, 0], [100, 0], [100, 20], [0, 20]]
    reads = [(corners, "Oo:00:07;00", 0.5), (corners, "O0:00.0l;00", 0.5), (corners, "Cooper 2O13 Oo lib64", 0.9)]
    # (the period read for its colon is a colon too: ``timecode``)
    assert [b.text for b in _text_boxes(reads, (40, 200))] == ["00:00:07;00", "00:00:01;00", "Cooper 2013 Oo lib64"]


def test_a_bar_standing_for_the_word_i_is_read_i_and_a_separator_stays():
    # videollava_demo.mp4's chat: the recognizer reads "things I should" as "things | should"
    from vqdb.models.easyocr_reader import _text_boxes

    corners = [[0, 0], [100, 0], [100, 20], [0, 20]]
    reads = [(corners, "the things | should be cautious", 0.8), (corners, "Home | About | Blog |", 0.9)]
    assert [b.text for b in _text_boxes(reads, (40, 200))] == ["the things I should be cautious", reads[1][1]]


def test_a_copyright_sign_read_as_a_round_glyph_is_the_sign_and_other_zeros_stay():
    # testvideo.mp4's "Copyright © 2013 Brandon Castellano": the recognizer has no "©" and reads "0" or "@"
    from vqdb.models.easyocr_reader import _text_boxes

    corners = [[0, 0], [100, 0], [100, 20], [0, 20]]
    texts = ["Copyright 0 2013 Brandon", "Copyright @2013 Brandon", "@ 2013 Blender", "Room 0 2013"]
    reads = [(corners, text, 0.8) for text in texts]
    mended = ["Copyright © 2013 Brandon"] * 2 + ["© 2013 Blender", texts[3]]
    assert [b.text for b in _text_boxes(reads, (40, 200))] == mended


def test_a_web_address_read_without_its_periods_is_joined_and_other_words_stay():
    # testvideo.mp4's faint grey "www.bcastell.com" reads "WWW bcastell com" or "WWWbcastell com"
    from vqdb.models.easyocr_reader import _text_boxes

    corners = [[0, 0], [100, 0], [100, 20], [0, 20]]
    texts = ("WWW bcastell com", "WWWbcastell com", "visit www, bbc co uk", "the www of old")
    reads = [(corners, text, 0.8) for text in texts]
    assert [b.text for b in _text_boxes(reads, (40, 200))] == [
        "www.bcastell.com",
        "www.bcastell.com",
        "visit www.bbc.co.uk",
        "the www of old",
    ]


def test_an_address_whose_periods_were_lost_entirely_gets_them_back_and_words_ending_alike_stay():
    # small addresses over footage: "www.printhistory.org" read "WWW printhistoryorg", "skylineair.com/deals"
    # read "skylineaircom/deals"
    from vqdb.models.easyocr_reader import _text_boxes

    corners = [[0, 0], [100, 0], [100, 20], [0, 20]]
    texts = ("WWW printhistoryorg", "Book now at skylineaircom/deals", "the net/gross", "income/tax", "telecoms")
    reads = [(corners, text, 0.8) for text in texts]
    assert [b.text for b in _text_boxes(reads, (40, 200))] == [
        "www.printhistory.org",
        "Book now at skylineair.com/deals",
        "the net/gross",
        "income/tax",
        "telecoms",
    ]


def test_a_timecodes_colon_read_as_a_period_is_a_colon_and_dates_stay():
    # smpte-2997.mp4's burned-in "00:00:08;00" reads "00:00.08;00"
    from vqdb.models.easyocr_reader import _text_boxes

    corners = [[0, 0], [100, 0], [100, 20], [0, 20]]
    reads = [(corners, text, 0.8) for text in ("00:00.08;00", "TC 01.02:03:04 cam", "12.05.20", "1.00.00;00")]
    assert [b.text for b in _text_boxes(reads, (40, 200))] == [
        "00:00:08;00",
        "TC 01:02:03:04 cam",
        "12.05.20",
        "1.00.00;00",
    ]


def test_a_line_cut_in_pieces_by_craft_is_read_whole(reader, monkeypatch):
    # CRAFT cuts a line where its glyphs link weakly: the word "a" between two pieces was lost (videollava_demo)
    from vqdb.testing.media import font

    text, at, px = "from a metal contraption", (60, 100), 28
    frame = rendered((1280, 720), [(text, at, px)])
    left, top, _, bottom = font("sans", px).getbbox(text)
    edge = lambda part: at[0] + font("sans", px).getlength(part)  # noqa: E731
    pieces = [[at[0] + left, round(edge("from ")), at[1] + top - 3, at[1] + bottom + 3]]  # the "a" in neither
    pieces.append([round(edge("from a")), round(edge(text)) + 3, at[1] + top - 3, at[1] + bottom + 3])
    monkeypatch.setattr(reader._reader, "detect", lambda image, **_: ([pieces], [[]]))
    monkeypatch.setattr(reader, "scout", False)
    assert texts(reader.read(frame)) == text


@pytest.mark.parametrize("retry", ["inverted", "framed"])
def test_an_unsure_read_is_read_again_and_the_more_confident_kept(retry):
    # small grey text on a textured picture reads unsure; read again (inverted or framed), no box reads less
    # sure than once
    from vqdb.models.device import Placement

    rng = np.random.default_rng(0)
    frame = rng.integers(60, 140, (360, 640, 3), dtype=np.uint8)
    frame[150:190, 40:600] = rendered((560, 40), [("www.example.com Brandon 2013", (10, 8), 20)])
    once = EasyOCRReader(Placement("cpu", "fp32"), retry_below=0)
    # every box read again; the colour look (a third read of the noise's colourful boxes) aside
    twice = EasyOCRReader(Placement("cpu", "fp32"), retry_below=1.01, retry=retry, colour_look=False)
    calls = []
    read_crops = twice._read_crops
    twice._read_crops = lambda crops: calls.append(len(crops)) or read_crops(crops)
    first, best = once.read(frame), twice.read(frame)
    assert len(calls) == 2 and calls[0] == calls[1] > 0, calls
    assert [b.box for b in first] == [b.box for b in best]
    assert all(b.confidence >= a.confidence for a, b in zip(first, best, strict=True)), (first, best)


def test_an_unknown_second_look_is_named():
    from vqdb.models.device import Placement

    with pytest.raises(ValueError, match="retry must be one of inverted, framed, got 'sharpened'"):
        EasyOCRReader(Placement("cpu", "fp32"), retry="sharpened")


@pytest.mark.parametrize("text, colour", [("Night Market Tours", (70, 140, 220)), ("Golden Valley", (230, 80, 30))])
def test_coloured_text_as_light_as_its_picture_is_read_in_colour(reader, shared_data, text, colour):
    # blue or orange letters over birds.mp4's yellow-olive wallpaper: about as light as the picture, so faint in
    # grey and inverted alike ("NIS  ethours" 0.11, "Gei 1A" 0.02); clear in the frame's saturation
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    image = Image.fromarray(frame_at(shared_data / "video" / "birds.mp4", 0.5, max_side=1280)).resize((1280, 720))
    ImageDraw.Draw(image).text((200, 300), text, font=font("sans-bold", 44), fill=colour)
    assert text in [box.text for box in reader.read(np.asarray(image))]
