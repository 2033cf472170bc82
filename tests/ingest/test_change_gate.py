"""Change gate: static frames pass once, small local changes (ticking digits) pass as regions, noise does not."""

from __future__ import annotations

import numpy as np
import pytest

from vqdb.config import Config
from vqdb.errors import ConfigError
from vqdb.ingest.change_gate import ChangeGate, change_score, signature
from vqdb.ingest.extractors.base import decode_jpeg
from vqdb.ingest.frames import sample_frames_table
from vqdb.ingest.probe import probe


def signatures(path, frame_indices):
    """Signatures of sampled frames (1 per second, thumbnails as ingest stores them)."""
    frames, _ = sample_frames_table("v", probe(path), Config(progress=False))
    return [signature(decode_jpeg(frames["jpeg"][i].as_py())) for i in frame_indices]


def scores_between_neighbours(sigs):
    return [change_score(a, b) for a, b in zip(sigs, sigs[1:], strict=False)]


def test_first_frame_passes_then_identical_frames_do_not():
    gate = ChangeGate(0.02)
    frame = np.random.default_rng(0).integers(0, 255, (90, 160, 3), dtype=np.uint8)
    assert [gate.check(frame.copy()).changed for _ in range(5)] == [True, False, False, False, False]


def test_compares_with_the_last_frame_read_so_slow_drift_adds_up():
    gate = ChangeGate(0.02)
    frames = [np.full((64, 64, 3), level, np.uint8) for level in (100, 102, 104, 106, 108)]
    # each step moves grey by 2/255 (< 0.02) but three steps add up to 6/255 (> 0.02)
    assert [gate.check(f).whole for f in frames] == [True, False, False, True, False]


def test_a_small_text_change_passes_the_gate():
    gate = ChangeGate(0.02)
    frame = np.zeros((720, 1280, 3), np.uint8)
    gate.check(frame)
    digit = frame.copy()
    digit[300:360, 600:640] = 255  # a 40x60 pixel glyph on a 1280x720 frame
    change = gate.check(digit)
    assert not change.whole and len(change.regions) == 1
    x0, y0, x1, y1 = change.regions[0]  # the glyph's tiles and one tile of margin around them
    assert x0 < 600 / 1280 < 640 / 1280 < x1 and y0 < 300 / 720 < 360 / 720 < y1 and (x1 - x0) < 0.2
    assert not gate.check(digit.copy()).changed  # the glyph is now part of the reference


def test_separate_changes_are_separate_regions_and_a_big_change_is_the_whole_frame():
    gate = ChangeGate(0.02)
    frame = np.zeros((360, 640, 3), np.uint8)
    gate.check(frame)
    two = frame.copy()
    two[10:30, 10:60] = 255  # top left
    two[320:350, 560:630] = 255  # bottom right
    assert len(gate.check(two).regions) == 2
    moved = np.full((360, 640, 3), 128, np.uint8)
    moved[:, :100] = 0  # more than half the frame changed
    assert gate.check(moved).whole


def test_threshold_zero_reads_every_frame():
    gate = ChangeGate(0.0)
    frame = np.zeros((32, 32, 3), np.uint8)
    assert [gate.check(frame).whole for _ in range(3)] == [True, True, True]


@pytest.mark.parametrize("threshold", [-0.1, 1.5])
def test_threshold_out_of_range_is_a_clear_error(threshold):
    with pytest.raises(ConfigError, match="ocr_change_threshold"):
        ChangeGate(threshold)


def test_frames_of_other_sizes_count_as_changed():
    assert change_score(signature(np.zeros((90, 160, 3), np.uint8)), signature(np.zeros((160, 90, 3), np.uint8))) == 1.0


def test_real_clips_ticking_timecode_changes_still_picture_does_not(shared_data):
    ticking = signatures(shared_data / "video" / "smpte-2997.mp4", [1, 2, 3, 4])
    still = signatures(shared_data / "video" / "testvideo.mp4", [2, 3, 4, 5])
    assert min(scores_between_neighbours(ticking)) > 0.05  # measured 0.07-0.39
    assert max(scores_between_neighbours(still)) < 0.01  # measured 0.000-0.002


def test_a_whole_change_to_another_shot_is_a_cut_and_motion_is_not():
    rng = np.random.default_rng(0)
    scene = rng.integers(40, 200, (90, 480, 3), dtype=np.uint8)
    gate = ChangeGate(0.02)
    gate.check(scene[:, :160])
    panned = gate.check(scene[:, 40:200])  # the camera moved: every tile changed, the picture's levels did not
    title_card = np.zeros((90, 160, 3), np.uint8)
    title_card[40:50, 30:130] = 255
    card = gate.check(title_card)
    assert (panned.whole, panned.cut) == (True, False)
    assert (card.whole, card.cut) == (True, True)
