"""Moments of a number that ticks, estimated between OCR reads (``vqdb.udfs.counters``)."""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pytest

from vqdb.udfs import counters


def found(texts, ts, query, shown_to=None, boxes=None, period=1.0):
    """(start_s, end_s) of the moments estimated for ``query`` of reads ``texts`` at ``ts`` (each shown from its
    read to ``shown_to``, default a tenth of a second later; one place on screen unless ``boxes``)."""
    ts = np.asarray(ts, dtype=float)
    shown_to = ts + 0.1 if shown_to is None else np.asarray(shown_to, dtype=float)
    boxes = np.zeros((len(texts), 4)) if boxes is None else np.asarray(boxes, dtype=float)
    return [
        (round(m.start_s, 3), round(m.end_s, 3))
        for m in counters.moments(texts, ts, ts, shown_to, boxes, query, period)
    ]


COUNTER = ["Frame = 1", "Frame = 11", "Frame = 21"]  # a 10 fps frame counter read once a second


def test_a_value_between_two_reads_is_interpolated_for_one_step_of_the_counter():
    assert found(COUNTER, [0.0, 1.0, 2.0], "Frame 15") == [(1.4, 1.5)]
    assert found(COUNTER, [0.0, 1.0, 2.0], "Frame = 12") == [(1.1, 1.2)]


def test_past_the_last_read_only_within_its_time_on_screen():
    assert found(COUNTER, [0.0, 1.0, 2.0], "frame 30", shown_to=[0.1, 1.1, 3.0]) == [(2.9, 3.0)]
    assert found(COUNTER, [0.0, 1.0, 2.0], "frame 30") == []  # "Frame = 21" left at 2.1 s: not estimated beyond it
    assert found(COUNTER, [0.0, 1.0, 2.0], "frame 31", shown_to=[0.1, 1.1, 3.0]) == []  # beyond the video's reads


def test_before_the_first_read_only_within_its_time_on_screen():
    ts = np.array([1.0, 2.0, 3.0])
    moments = counters.moments(COUNTER, ts, np.array([0.0, 2.0, 3.0]), ts + 0.1, np.zeros((3, 4)), "Frame 0", 1.0)
    assert [(round(m.start_s, 3), round(m.end_s, 3)) for m in moments] == [(0.9, 1.0)]


def test_a_value_read_is_not_estimated():
    assert found(COUNTER, [0.0, 1.0, 2.0], "Frame 11") == []


def test_a_countdown_and_a_timer_tick_down_and_up():
    countdown = ["T-MINUS 10", "T-MINUS 8", "T-MINUS 6", "T-MINUS 4"]  # read every other second
    assert found(countdown, [0.0, 2.0, 4.0, 6.0], "T-MINUS 5") == [(5.0, 6.0)]
    clock = ["12:58", "13:00", "13:02"]  # M:S, read every 2 s: 12:59 at 1 s, 13:01 at 3 s
    assert found(clock, [0.0, 2.0, 4.0], "12:59") == [(1.0, 2.0)]
    assert found(clock, [0.0, 2.0, 4.0], "13:01") == [(3.0, 4.0)]


def test_timecodes_compare_as_durations_with_the_frames_of_their_rate():
    timecodes = ["00:00:11;00", "00:00:12;00", "00:00:13;00"]  # no frame count read: 30 fps
    assert found(timecodes, [11.0, 12.0, 13.0], "00:00:12;15") == [(12.5, 12.54)]  # 15 of 30 frames, for a frame
    at_25 = ["00:00:11:00", "00:00:12:00", "00:00:13:00", "00:00:13:24"]  # a 24 frame count: 25 fps
    assert found(at_25, [11.0, 12.0, 13.0, 14.0], "00:00:12:10") == [(12.4, 12.44)]


def test_a_decimal_in_a_template_with_other_numbers_beside_it():
    texts = ["Frame = 1 PTS = 0.0s", "Frame = 11 PTS = 1.0s", "Frame = 21 PTS = 2.0s"]
    assert found(texts, [0.0, 1.0, 2.0], "PTS = 1.5s") == [(1.5, 1.6)]
    assert found(texts, [0.0, 1.0, 2.0], "2.5s", shown_to=[0.1, 1.1, 3.0]) == [(2.5, 2.6)]
    assert found(texts, [0.0, 1.0, 2.0], "1.55s") == []  # two decimals: a form the screen never shows


@pytest.mark.parametrize(
    ("texts", "query"),
    [
        (["Call 020 7946 0018", "Call 020 7946 0192", "Call 020 7946 0055"], "Call 020 7946 0100"),  # a phone number
        (["Coffee $2.50", "Tea $1.80", "Cake $3.20", "Soup $4.10"], "$3.00"),  # a price list
        (["Founded in 1998", "Founded in 1998", "Founded in 2004", "Founded in 2004"], "Founded in 2001"),  # a year
        (["Step 1", "Step 2", "Step 5", "Step 6"], "Step 3"),  # jumps: no two pairs at one rate around 3
        (["Frame = 1", "Frame = 11"], "Frame 5"),  # two reads: no rate to check the pair against
        (["Page 3 of 9", "Page 4 of 9", "Page 5 of 9"], "Page 7 of 9"),  # past the last read, off screen
    ],
)
def test_numbers_that_do_not_tick_steadily_give_no_estimate(texts, query):
    assert found(texts, np.arange(len(texts), dtype=float) * 2.0, query) == []


def test_a_counter_in_another_place_is_another_track():
    boxes = [(0.0, 0.0, 0.2, 0.1), (0.8, 0.8, 1.0, 0.9), (0.0, 0.0, 0.2, 0.1), (0.8, 0.8, 1.0, 0.9)]
    texts = ["Frame = 1", "Frame = 500", "Frame = 11", "Frame = 400"]  # two counters, each read twice
    assert found(texts, [0.0, 0.0, 1.0, 1.0], "Frame 5", boxes=boxes) == []


def test_each_moment_says_where_its_counter_is():
    # a seconds counter at the lower left and a frame counter in the centre showing decimals of one form: "7.241"
    # is estimated on both, each moment at the centre of its own counter's boxes (where a call's place is checked)
    ts = np.arange(10, dtype=float)
    texts = [f"{30 * t:.3f}" for t in ts] + [f"{t * 1.001:.3f}" for t in ts]
    boxes = [(0.35, 0.45, 0.65, 0.55)] * 10 + [(0.05, 0.8, 0.25, 0.9)] * 10
    both = np.r_[ts, ts]
    found = counters.moments(texts, both, both, both + 0.04, np.array(boxes), "7.241", 1.0)
    assert sorted((round(m.start_s, 2), round(m.x, 2), round(m.y, 2)) for m in found) == [
        (0.24, 0.5, 0.5),
        (7.23, 0.15, 0.85),
    ]


def test_a_decimal_point_ocr_misread_as_a_comma_or_with_a_space_is_a_point():
    # a countdown read "T-MINUS 9 .0", "8 .0" and an altitude "ALT 3,0 km", "6 , 0 km": OCR's points
    countdown = ["T-MINUS 10 .0", "T-MINUS 9 .0", "T-MINUS 8. 0", "T-MINUS 7.0"]
    assert found(countdown, [0.0, 1.0, 2.0, 3.0], "T-MINUS 8.4") == [(1.6, 1.7)]
    altitude = ["ALT 0,0 km", "ALT 3,0 km", "ALT 6 , 0 km", "ALT 9.0 km"]
    assert found(altitude, [0.0, 1.0, 2.0, 3.0], "ALT 6.3 km") == [(2.1, 2.14)]  # at least a frame
    thousands = ["1,000 ft", "2,000 ft", "3,000 ft"]  # a comma before three digits: thousands, not decimals
    assert found(thousands, [0.0, 1.0, 2.0], "1.5 ft") == []


def test_a_timecode_asked_without_its_leading_zeros():
    # "6;15" and "0:02;11" name the drop-frame timecodes 00:00:06;15 and 00:00:02;11: the ";" marks the frames
    timecodes = [f"00:00:{s:02d};00" for s in range(10)]
    ts = np.arange(10, dtype=float)
    assert found(timecodes, ts, "6;15") == found(timecodes, ts, "00:00:06;15") == [(6.5, 6.54)]
    assert found(timecodes, ts, "0:02;11") == [(2.367, 2.407)]


def test_reads_too_far_apart_are_not_one_stretch_of_ticks():
    assert found(COUNTER, [0.0, 1.0, 30.0], "Frame 15") == []


def test_shows_number_and_asked_number_read_the_same_template():
    assert counters.asked_number("find frame 30") == ("findframe#", counters.shown_number("30"))
    assert counters.shows_number("frame 30", ["Frame = 21", "frames: 30", "FRAME 7 of 9"]).tolist() == [
        True,
        False,
        True,
    ]
    assert not counters.shows_number("EXIT", ["Frame = 21"]).any()


def test_the_sql_function_gives_the_moments_of_a_videos_reads_in_any_order():
    con = duckdb.connect()
    counters.register(con, None)
    reads = [
        {"text": text, "ts": float(t), "shown_from": float(t), "shown_to": t + 0.1, "x0": 0.6, "y0": 0.7, "x1": 0.9,
         "y1": 0.8}
        for t, text in reversed(list(enumerate(COUNTER)))
    ]  # fmt: skip
    row = con.execute("SELECT counter_moments($reads, 'Frame 15', 1.0)", {"reads": reads}).fetchone()[0]
    assert [(round(m["start_s"], 3), round(m["end_s"], 3), m["score"]) for m in row] == [
        (1.4, 1.5, counters.ESTIMATE_SCORE)
    ]
    assert row[0]["reach_from"] == pytest.approx(0.5) and row[0]["reach_to"] == pytest.approx(1.45)
    nulls = counters.counter_moments(pa.array([None], pa.list_(counters.READ)), pa.array(["x"]), pa.array([1.0]))
    assert nulls.to_pylist() == [None]


@pytest.mark.slow
def test_the_real_counter_clip(shared_data, tmp_path):
    """The shared 10 fps counter clip, read by real EasyOCR once a second ("Frame = 1", "Frame = 11", "Frame = 21"):
    frame 15 is located at 1.4 s and frame 30 at 2.9 s, between (or past) reads that never show them."""
    import vqdb
    from vqdb.planner.locate import locate

    corpus = vqdb.connect(tmp_path / "corpus", progress=False)
    summary = corpus.ingest(shared_data / "video" / "counter.mp4", extractors=["ocr"])
    assert "failed 0" in str(summary), str(summary)
    for query, truth in (("When does the counter read Frame = 15?", 1.4), ("find frame 30", 2.9)):
        best = locate(corpus, query, k=1).intervals.to_pylist()[0]
        assert best["start_s"] == pytest.approx(truth, abs=0.05), query
    corpus.close()


def test_numbers_changing_at_random_in_one_place_for_an_hour_give_no_estimate():
    # four boxes of prices that change every second (a ticker, a live table), read once a second for an hour
    rng = np.random.default_rng(7)
    texts = [f"Price {rng.integers(1, 999)}" for _ in range(4 * 3600)]
    ts = np.repeat(np.arange(3600.0), 4)
    boxes = np.tile([(0.1 * b, 0.1, 0.1 * b + 0.08, 0.2) for b in range(4)], (3600, 1))
    for value in (100, 250, 500, 750, 998):
        assert counters.moments(texts, ts, ts, ts + 1, boxes, f"Price {value}", 1.0) == [], value


def test_a_whole_number_asked_finds_a_counter_shown_with_zero_decimals():
    # a 30-per-second counter shown as "180.000": a person asks for "195", not "195.000"
    big = ["150.000", "180.000", "210.000", "240.000"]
    assert found(big, [5.0, 6.0, 7.0, 8.0], "195") == [(6.5, 6.54)]  # a frame at least
    # a seconds display ("6.006") holds no whole number: 195 is not one of its values
    assert found(["5.005", "6.006", "7.007", "8.008"], [5.0, 6.0, 7.0, 8.0], "6") == []
