"""Where text may be: found on rendered lines of every size, nothing on flat or smooth pictures, most of a
textured picture (the reader then reads it whole)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vqdb.models.text_regions import (
    CALL_PX,
    JOIN_PX,
    MERGE_SLACK,
    ROWS_MARGIN,
    changed_rows,
    fewer_calls,
    merged,
    text_regions,
)


def picture(width: int = 1280, height: int = 720) -> np.ndarray:
    """A smooth colour gradient, like a sky or a studio wall: no strokes anywhere."""
    x = np.linspace(0, 1, width)[None, :, None]
    y = np.linspace(0, 1, height)[:, None, None]
    return (np.concatenate([60 + 120 * x + 0 * y, 80 + 100 * y + 0 * x, 140 - 60 * x * y], axis=2)).astype(np.uint8)


def with_text(image: np.ndarray, text: str, at: tuple[int, int], px: int, fill=(255, 255, 255)) -> np.ndarray:
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    drawn = Image.fromarray(image)
    ImageDraw.Draw(drawn).text(at, text, font=font("sans", px), fill=fill)
    return np.asarray(drawn)


def covered(regions, shape: tuple[int, ...]) -> float:
    """The share of an image of ``shape`` that ``regions`` (not overlapping) cover."""
    return sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in regions) / (shape[0] * shape[1])


def area(regions) -> int:
    """The pixels ``regions`` hand CRAFT (overlaps counted twice, as CRAFT reads them twice)."""
    return sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in regions)


def inside(point: tuple[int, int], regions) -> bool:
    return any(x0 <= point[0] < x1 and y0 <= point[1] < y1 for x0, y0, x1, y1 in regions)


@pytest.mark.parametrize("px", [9, 14, 24, 60])
def test_a_line_of_any_size_on_a_picture_is_a_candidate(px):
    image = with_text(picture(), "Harbour Street 12:45", (200, 500), px)
    regions = text_regions(image)
    assert inside((200 + px, 500 + px // 2), regions) and inside((200 + 8 * px, 500 + px // 2), regions), regions
    assert covered(regions, image.shape) < 0.1  # the rest of the picture is left to skip


def test_dark_text_on_a_light_strip_is_a_candidate():
    image = picture()
    image[600:660] = 235
    image = with_text(image, "BREAKING: bridge reopens", (80, 612), 30, fill=(20, 20, 20))
    assert inside((150, 628), text_regions(image))


def test_a_faint_line_under_the_frames_strongest_strokes_is_a_candidate():
    # a pale sign in a dark street: its edges (about 40) are under the level the bright caption sets for the
    # whole frame (Otsu over the frame), but stand out in their own tiles
    image = (picture() * 0.3).astype(np.uint8)
    image = with_text(image, "LIVE 19:15 NEWS", (80, 60), 40)
    image = with_text(image, "Grand Hotel", (700, 400), 36, fill=(80, 78, 70))
    assert inside((150, 80), text_regions(image, faint=False, coarse=False))
    assert not inside((760, 420), text_regions(image, faint=False, coarse=False))
    assert inside((760, 420), text_regions(image)) and inside((900, 420), text_regions(image))


def soft_sign(px: int, blur: float, seed: int = 0) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """A dim 640x272 shot: a grey sign (78) with letters ``px`` high in darker grey (52) out of focus by ``blur``
    (a Gaussian's sigma), a little sensor noise, and a bright patch that sets the frame's level; and where the
    letters are (``x0, y0, x1, y1``)."""
    import cv2
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    image = Image.fromarray((np.linspace(20, 60, 640)[None, :, None] * np.ones((272, 1, 3))).astype(np.uint8))
    face = font("sans-bold", px * 1.35)
    x0, y0, x1, y1 = face.getbbox("TAXI")
    ImageDraw.Draw(image).rectangle((100, 50, 130 + x1, 80 + y1), fill=(78, 78, 78))
    ImageDraw.Draw(image).text((115, 65), "TAXI", font=face, fill=(60, 46, 46))
    grey = cv2.GaussianBlur(np.asarray(image).astype(float), (0, 0), blur)
    noisy = grey + np.random.default_rng(seed).normal(0, 3, grey.shape)
    noisy[200:260, 520:600] = 255
    return np.clip(noisy, 0, 255).astype(np.uint8), (115 + x0, 65 + y0, 115 + x1, 65 + y1)


@pytest.mark.parametrize(("px", "blur"), [(30, 1.5), (50, 2.0), (50, 3.0), (80, 3.0)])
def test_large_soft_letters_in_a_dim_shot_are_a_candidate(px, blur):
    image, (x0, y0, x1, y1) = soft_sign(px, blur)
    regions = text_regions(image)
    assert inside((x0 + 2, (y0 + y1) // 2), regions) and inside((x1 - 2, (y0 + y1) // 2), regions), regions
    assert covered(merged(regions, math.inf, 0), image.shape) < 0.45  # the sign's region, not the whole frame


def test_a_dark_textured_picture_is_not_cut_into_faint_lines():
    # soft low-contrast texture (a dark street's gravel, foliage at night): under the frame's level, and no
    # flat ground in any tile, so the faint pass adds nothing (without that check it covered 60 % of it)
    import cv2

    noise = cv2.GaussianBlur(np.random.default_rng(0).integers(0, 80, (360, 640, 3), dtype=np.uint8), (3, 3), 0)
    assert text_regions(noise, faint=False) == []
    assert covered(text_regions(noise), noise.shape) < 0.05


def test_a_flat_or_smooth_picture_has_no_candidates():
    assert text_regions(np.full((360, 640, 3), 128, np.uint8)) == []
    assert text_regions(picture()) == []


def test_fine_texture_is_a_candidate_almost_everywhere():
    # gravel, foliage, a crowd: the reader falls back to CRAFT on the whole image there
    noise = np.random.default_rng(0).integers(0, 256, (360, 640, 3), dtype=np.uint8)
    assert covered(text_regions(noise), noise.shape) > 0.6


def test_merged_without_slack_regions_do_not_overlap_and_hold_every_region():
    rng = np.random.default_rng(1)
    regions = [(x, y, x + w, y + h) for x, y, w, h in rng.integers(0, 100, (40, 4)).tolist() if w and h]
    for slack, gap in ((math.inf, 0), (MERGE_SLACK, JOIN_PX)):
        out = merged(regions, slack, gap)
        assert all(any(r[0] >= o[0] and r[1] >= o[1] and r[2] <= o[2] and r[3] <= o[3] for o in out) for r in regions)
    out = merged(regions, math.inf, 0)
    for i, a in enumerate(out):
        for b in out[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def textured_inset(image: np.ndarray, x: int, y: int, width: int, height: int) -> np.ndarray:
    """``image`` with a webcam-like picture pasted at (x, y): smoothed noise, strokes everywhere."""
    import cv2

    noise = np.random.default_rng(2).integers(0, 256, (height, width, 3), dtype=np.uint8)
    out = image.copy()
    out[y : y + height, x : x + width] = cv2.GaussianBlur(noise, (3, 3), 0)
    return out


def test_a_caption_beside_a_picture_stays_apart_from_it():
    # a speaker inset and a caption that touches its margin: merged, CRAFT would read the empty corner beside both
    image = with_text(textured_inset(picture(), 60, 60, 320, 240), "Harbour Street 12:45", (400, 290), 20)
    thrifty, merge_all = text_regions(image), text_regions(image, merge=(math.inf, 0))
    assert inside((420, 300), thrifty) and inside((200, 180), thrifty)  # the caption and the picture
    assert area(thrifty) < 0.8 * area(merge_all), (thrifty, merge_all)


def test_a_line_of_tall_digits_stays_one_region():
    # digits taller than RULE_PX lose their straight sides to the rules and fall apart (smpte-2997.mp4's
    # 110-px timecode): the pieces, side by side within JOIN_PX, merge back and CRAFT sees the whole line
    from PIL import Image, ImageDraw

    from vqdb.testing.media import font

    drawn = Image.fromarray(picture())
    ImageDraw.Draw(drawn).text((300, 200), "00:00:03;00", font=font("sans-bold", 120), fill=(255, 255, 255))
    regions = text_regions(np.asarray(drawn))
    assert len(regions) == 1 and inside((310, 270), regions) and inside((1100, 270), regions), regions


def test_a_merged_region_is_hardly_larger_than_the_regions_it_holds():
    # merging box by box, each box a little larger than the last, grew a dense screen into one region
    rng = np.random.default_rng(0)
    corners, sizes = rng.integers(0, 600, (120, 2)), np.c_[rng.integers(20, 200, 120), rng.integers(8, 30, 120)]
    regions = [(x, y, x + w, y + h) for (x, y), (w, h) in zip(corners.tolist(), sizes.tolist(), strict=True)]
    for out in merged(regions):
        held = [r for r in regions if r[0] >= out[0] and r[1] >= out[1] and r[2] <= out[2] and r[3] <= out[3]]
        mask = np.zeros((out[3], out[2]), bool)
        for x0, y0, x1, y1 in held:
            mask[y0:y1, x0:x1] = True
        assert area([out]) <= MERGE_SLACK**2 * mask.sum(), (out, held)


def test_a_dense_screen_stays_apart_in_panels(shared_data):
    # a web page's panels, buttons and lines, close to each other everywhere (videollava_demo.mp4 at 29 s):
    # merged box by box they became one region, the whole frame
    from vqdb.ingest.decode import sample_frames

    frame = next(f.image for f in sample_frames(shared_data / "video" / "videollava_demo.mp4", 1.0, 1920) if f.ts >= 29)
    regions = text_regions(frame)
    assert area(regions) < 0.5 * frame.shape[0] * frame.shape[1], regions
    assert inside((700, 540), regions) and inside((1750, 1200), regions)  # the answer's line, a button


def test_craft_looks_at_the_rows_that_changed_across_the_regions_they_meet():
    page, caption = (0, 0, 1000, 800), (100, 900, 700, 940)
    top, bottom = (500, 100, 560, 110), (200, 600, 260, 700)  # a word appeared at each; nothing at the caption
    rows = changed_rows([page, caption], [top, bottom])
    assert rows == [(0, 100 - ROWS_MARGIN, 1000, 110 + ROWS_MARGIN), (0, 500, 1000, 800)], rows  # tall: grown by 100
    assert changed_rows([page], [(1200, 100, 1300, 120)]) == []  # a change where no stroke region is


def test_rows_that_cut_a_line_read_before_grow_over_it_until_none_is_cut():
    page = (0, 0, 1000, 800)
    lines = [(0, 120, 900, 150), (0, 145, 900, 190)]  # two lines read before, touching: the rows take both
    assert changed_rows([page], [(500, 100, 560, 110)], keep=lines) == [(0, 100 - ROWS_MARGIN, 1000, 190)]


def call_cost(region, scale: float = 1.0) -> float:
    """What one CRAFT call on ``region`` costs in input pixels: its sides shrunk by ``scale`` (the longest not
    under 32 pixels), padded to multiples of 32, plus ``CALL_PX``."""
    width, height = region[2] - region[0], region[3] - region[1]
    ratio = min(max(width, height), max(32, math.ceil(max(width, height) * scale))) / max(width, height)
    return CALL_PX + math.ceil(int(width * ratio) / 32) * 32 * math.ceil(int(height * ratio) / 32) * 32


def random_regions(rng, count: int, width: int = 2048, height: int = 1810) -> list[tuple[int, int, int, int]]:
    """Boxes of every size, from a cursor's to a picture's, anywhere on a frame."""
    out = []
    for _ in range(count):
        w, h = int(rng.integers(8, 600)), int(rng.integers(8, 300))
        x, y = int(rng.integers(0, width - w)), int(rng.integers(0, height - h))
        out.append((x, y, x + w, y + h))
    return out


@pytest.mark.parametrize("scale", [1.0, 0.625])
def test_fewer_calls_hold_every_region_cost_less_and_cut_no_line_read_before(scale):
    rng = np.random.default_rng(7)
    for _ in range(200):
        regions = random_regions(rng, int(rng.integers(1, 30)))
        keep = random_regions(rng, int(rng.integers(0, 10)))
        calls = fewer_calls(regions, scale, keep)
        holds = [[c for c in calls if c[0] <= r[0] and c[1] <= r[1] and r[2] <= c[2] and r[3] <= c[3]] for r in regions]
        assert all(holds), (regions, calls)
        assert sum(call_cost(c, scale) for c in calls) <= sum(call_cost(r, scale) for r in set(regions))
        joined = [c for c in calls if c not in regions]
        for call in joined:  # a box read before lies outside a joined call or wholly in it
            for box in keep:
                apart = not (call[0] < box[2] and box[0] < call[2] and call[1] < box[3] and box[1] < call[3])
                assert apart or (call[0] <= box[0] and call[1] <= box[1] and box[2] <= call[2] and box[3] <= call[3])


def test_small_regions_near_each_other_share_a_call_and_large_ones_keep_their_own():
    marks = [(100 + 40 * i, 500, 120 + 40 * i, 514) for i in range(6)]  # a playing video's small changed rows
    pictures = [(0, 0, 600, 400), (700, 0, 1300, 400)]
    calls = fewer_calls(marks + pictures)
    assert calls == [(0, 0, 600, 400), (700, 0, 1300, 400), (100, 500, 320, 514)]
    assert fewer_calls([(0, 0, 20, 14), (1500, 1500, 1520, 1514)]) == [(0, 0, 20, 14), (1500, 1500, 1520, 1514)]
