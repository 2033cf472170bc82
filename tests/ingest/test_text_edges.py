"""When on-screen text appeared and left, to the frame, on rendered clips with exact truth.

Each clip is rendered twice, with and without its texts over the same background: a read's box is where
the two differ at the read's time (what a perfect OCR box would be), so only the timing is under test.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from vqdb.ingest.decode import frames_within, sample_frames
from vqdb.ingest.probe import probe
from vqdb.ingest.text_edges import MAX_SIDE, shown_times, windows
from vqdb.models.protocols import TextBox
from vqdb.testing.media import Footage, Noise, Scene, Text, render

FPS = 25
FRAME = 1 / FPS + 1e-6


def reads_of(clip_path: Path, bare_path: Path, texts: list[Text]) -> list[tuple[float, list[TextBox]]]:
    """OCR reads at 1 fps as a perfect reader would give them: the text on screen, boxed where it is."""
    with_text = list(sample_frames(clip_path, fps=1, max_side=640))
    bare = list(sample_frames(bare_path, fps=1, max_side=640))
    reads = []
    for frame, plain in zip(with_text, bare, strict=True):
        ys, xs = np.nonzero(np.abs(frame.image.astype(int) - plain.image.astype(int)).max(axis=2) > 40)
        on = [t for t in texts if t.start_s <= frame.ts < t.end_s]
        if not len(xs) or not on:
            reads.append((frame.ts, []))
            continue
        height, width = frame.image.shape[:2]
        box = (xs.min() / width, ys.min() / height, (xs.max() + 1) / width, (ys.max() + 1) / height)
        reads.append((frame.ts, [TextBox(on[0].text, 0.9, box)]))
    return reads


def shown(clip_path: Path, reads) -> dict[str, tuple[float, float]]:
    """Each text's first read's ``shown_from`` and last read's ``shown_to``."""
    info = probe(clip_path)
    times = shown_times(reads, frames_within(clip_path, windows(reads), MAX_SIDE, info), info.duration_s)
    found: dict[str, tuple[float, float]] = {}
    for (_, boxes), pairs in zip(reads, times, strict=True):
        for box, (start, end) in zip(boxes, pairs, strict=True):
            first = found.get(box.text, (start, end))[0]
            found[box.text] = (first, end)
    return found


def rendered(tmp_path: Path, background, texts: list[Text]) -> tuple[Path, Path, dict[str, tuple[float, float]]]:
    """The clip, the same clip without its texts, and each text's truth (where it is at least half opaque)."""
    clip = render(tmp_path / "text.mp4", 7.0, [Scene(0, 7, background)], texts, fps=FPS)
    bare = render(tmp_path / "bare.mp4", 7.0, [Scene(0, 7, background)], fps=FPS)
    truth = {t.id: (t.start_s, t.end_s) for t in clip.truth}
    return clip.path, bare.path, {text.text: truth[text.id] for text in texts}


def test_texts_are_placed_to_the_frame_between_one_second_reads(tmp_path):
    texts = [
        Text("HELLO", 1.28, 2.52, id="hello", at="top"),
        Text("WORLD", 2.84, 4.36, id="world"),  # then another text in its place, with no gap
        Text("AGAIN", 4.36, 5.6, id="again"),
    ]
    clip, bare, truth = rendered(tmp_path, Noise(seed=3), texts)
    found = shown(clip, reads_of(clip, bare, texts))
    for text, interval in truth.items():
        assert found[text] == pytest.approx(interval, abs=FRAME), text


def test_a_fading_text_is_shown_while_at_least_half_opaque(tmp_path):
    texts = [Text("FADING", 1.4, 4.6, id="fading", fade_s=0.6, at="bottom")]
    clip, bare, truth = rendered(tmp_path, Noise(seed=4), texts)
    assert shown(clip, reads_of(clip, bare, texts))["FADING"] == pytest.approx(truth["FADING"], abs=FRAME)


def test_captions_over_moving_footage_keep_their_times(tmp_path, shared_data):
    # bikes.mp4 cuts to another shot at 1.2 s: a cut in the same second as a text's appearance would
    # place it at the cut, so these appear later
    texts = [
        Text("OVER FOOTAGE", 2.36, 3.4, id="over", box="#000000b0"),
        Text("SECOND LINE", 3.4, 5.24, id="second", box="#000000b0"),
    ]
    clip, bare, truth = rendered(tmp_path, Footage(str(shared_data / "video" / "bikes.mp4")), texts)
    found = shown(clip, reads_of(clip, bare, texts))
    for text, interval in truth.items():
        assert found[text] == pytest.approx(interval, abs=FRAME), text


def test_a_caption_ocr_missed_at_reads_over_moving_footage_starts_where_it_appeared(tmp_path, shared_data):
    # a place over footage is looked at again only reads later: the caption is first read at 3.0, not 2.0
    texts = [Text("MISSED AT FIRST", 1.56, 4.6, id="missed", box="#000000b0", at="lower-third")]
    clip, bare, truth = rendered(tmp_path, Footage(str(shared_data / "video" / "bikes.mp4")), texts)
    reads = reads_of(clip, bare, texts)
    assert [ts for ts, boxes in reads if boxes][:2] == pytest.approx([2.0, 3.0], abs=FRAME)
    reads = [(ts, [] if ts < 2.5 else boxes) for ts, boxes in reads]
    info = probe(clip)
    times = shown_times(reads, frames_within(clip, [(0.0, math.inf)], MAX_SIDE, info), info.duration_s)
    first = next(pairs[0] for pairs in times if pairs)
    assert first[0] == pytest.approx(truth["MISSED AT FIRST"][0], abs=FRAME)


def test_the_first_and_last_reads_are_bounded_by_the_video():
    box = TextBox("ALWAYS", 0.9, (0.1, 0.1, 0.9, 0.3))
    reads = [(0.0, [box]), (1.0, [box])]
    frames = [(t / 10, np.full((20, 20, 3), 128, np.uint8)) for t in range(11)]
    assert shown_times(reads, frames, duration_s=1.5) == [[(0.0, 1.0)], [(0.0, 1.5)]]


def test_reads_whose_frames_did_not_decode_stay_unknown():
    box = TextBox("GONE", 0.9, (0.1, 0.1, 0.9, 0.3))
    reads = [(0.0, []), (1.0, [box]), (2.0, [])]
    assert shown_times(reads, iter(()), duration_s=3.0) == [[], [(None, None)], []]


def test_reads_of_consecutive_frames_change_at_the_second():
    frames = [(t / 25, np.full((20, 20, 3), 60 * t, np.uint8)) for t in range(3)]  # every frame a new number
    reads = [(ts, [TextBox(str(i), 0.9, (0.2, 0.2, 0.8, 0.8))]) for i, (ts, _) in enumerate(frames)]
    assert shown_times(reads, frames, duration_s=0.12) == [[(0.0, 0.04)], [(0.04, 0.08)], [(0.08, 0.12)]]


def test_a_counter_whose_one_digit_changes_changes_at_the_frame_it_does():
    # a wide counter box ("125.000" then "126.000"): one digit's pixels change, too few to move the box's mean
    def frame(digit_on: bool) -> np.ndarray:
        image = np.full((20, 120, 3), 30, np.uint8)
        image[5:15, 4:116] = 200  # the counter's other glyphs, the same in every frame
        image[6:14, 100:102] = 30 if digit_on else 200  # a stroke of one digit: under 2 gray levels on average
        return image

    frames = [(t / 10, frame(t >= 4)) for t in range(11)]  # the digit changes at 0.4 s
    box = (0.05, 0.2, 0.95, 0.8)
    reads = [(0.0, [TextBox("125.000", 0.9, box)]), (1.0, [TextBox("126.000", 0.9, box)])]
    assert shown_times(reads, frames, duration_s=2.0) == [[(0.0, 0.4)], [(0.4, 2.0)]]
    # the same picture read two ways is a misread: the text did not change
    still = [(t / 10, frame(False)) for t in range(11)]
    assert shown_times(reads, still, duration_s=2.0) == [[(0.0, 1.0)], [(0.0, 2.0)]]


def title_frame(text_on: bool, background: int = 40, ink: int = 255) -> np.ndarray:
    """A 20 x 40 frame: a title's strokes (every other column of its box) in ``ink`` when on."""
    image = np.full((20, 40, 3), background, np.uint8)
    if text_on:
        image[6:14, 5:35:2] = ink
    return image


TITLE_BOX = (0.1, 0.25, 0.9, 0.75)


def test_a_text_whose_pixels_glitch_stays_until_it_leaves():
    # 0.3-0.6 s the background flashes and the title dims (a glitch): far from the title's pixels as read,
    # still its pattern; it leaves at 0.8 s
    frames = [(t / 10, title_frame(t < 8, *((110, 230) if 3 <= t < 6 else (40, 255)))) for t in range(11)]
    reads = [(0.0, [TextBox("TITLE", 0.9, TITLE_BOX)]), (1.0, [])]
    assert shown_times(reads, frames, duration_s=2.0) == [[(0.0, 0.8)], []]


def test_a_flashing_text_is_shown_until_its_last_flash():
    # on 0.0-0.2 s, off 0.2-0.44 s (a blink longer than the flash after it), back 0.44-0.64 s, gone from 0.64 s:
    # one showing, as a person sees it (one change point alone disagrees least with leaving at 0.2 s)
    frames = [(t / 25, title_frame(t < 5 or 11 <= t < 16)) for t in range(26)]
    reads = [(0.0, [TextBox("ENTER PASSWORD", 0.9, TITLE_BOX)]), (1.0, [])]
    assert shown_times(reads, frames, duration_s=2.0) == [[(0.0, 0.64)], []]
    # gone 0.5 s or more, what comes back in its box is another showing: the text left
    frames = [(t / 25, title_frame(t < 5 or 18 <= t < 21)) for t in range(26)]
    assert shown_times(reads, frames, duration_s=2.0) == [[(0.0, 0.2)], []]


def test_a_text_fading_out_is_not_held_by_its_pattern():
    # a fade keeps the pattern while its contrast falls: shown while at least half there
    frames = [(t / 10, title_frame(True, ink=round(40 + 215 * max(0.0, 1 - t / 8)))) for t in range(11)]
    reads = [(0.0, [TextBox("TITLE", 0.9, TITLE_BOX)]), (1.0, [])]
    assert shown_times(reads, frames, duration_s=2.0) == [[(0.0, 0.5)], []]


def test_a_text_the_next_read_misreads_stays_until_the_misread_one_leaves():
    # from 0.5 s the background is lit (the box no longer looks as read) and the read at 1 s is junk; the
    # title leaves at 1.6 s
    frames = [(t / 10, title_frame(t < 16, 40 if t < 5 else 90)) for t in range(21)]
    junk = TextBox("~7lTL3", 0.03, TITLE_BOX)
    reads = [(0.0, [TextBox("TITLE", 0.9, TITLE_BOX)]), (1.0, [junk]), (2.0, [])]
    assert shown_times(reads, frames, duration_s=2.5) == [[(0.0, 1.6)], [(0.0, 1.6)], []]
    # a confident other text in the box is another text, whatever the pixels
    other = [(0.0, reads[0][1]), (1.0, [TextBox("TOTAL", 0.9, TITLE_BOX)]), (2.0, [])]
    assert shown_times(other, frames, duration_s=2.5)[0] != [(0.0, 1.6)]


def test_a_timecode_leaves_when_its_frame_digits_tick_not_when_its_seconds_do():
    # "00:08;00" read at 0 s, "00:09;00" at 1 s: the frame digits tick at every frame between (one stroke
    # a frame, at another place), the seconds digit at 1 s; the reads differ in the seconds digit only
    def frame(k: int) -> np.ndarray:
        image = np.full((20, 120, 3), 30, np.uint8)
        image[6:14, 60 if k < 10 else 64] = 200  # the seconds digit: 8, then 9
        image[6:14, 100 + 2 * (k % 10)] = 200  # the frame digits: 00 at 0 s and 1 s, another value between
        return image

    frames = [(k / 10, frame(k)) for k in range(11)]
    box = (0.05, 0.2, 0.95, 0.8)
    reads = [(0.0, [TextBox("00:08;00", 0.9, box)]), (1.0, [TextBox("00:09;00", 0.9, box)])]
    assert shown_times(reads, frames, duration_s=1.1) == [[(0.0, 0.1)], [(1.0, 1.1)]]


def test_a_counter_whose_reads_differ_in_most_digits_shows_each_value_read_on_its_own_frame():
    # "18" read at 0 s, "21" at 1 s; the frames between show 19 and 20: "20" is nearer "21" (one digit off)
    # than "18" (two), but it is neither value read
    def frame(value: int) -> np.ndarray:
        image = np.full((20, 120, 3), 30, np.uint8)
        for slot, digit in enumerate(divmod(value, 10)):
            image[6:14, 20 + 50 * slot + 4 * digit] = 200  # a digit: a stroke at a place of its own
        return image

    values = [18, 19, 19, 19, 20, 20, 20, 20, 20, 20, 21]
    frames = [(k / 10, frame(value)) for k, value in enumerate(values)]
    box = (0.05, 0.2, 0.95, 0.8)
    reads = [(0.0, [TextBox("18", 0.9, box)]), (1.0, [TextBox("21", 0.9, box)])]
    assert shown_times(reads, frames, duration_s=1.1) == [[(0.0, 0.1)], [(1.0, 1.1)]]
