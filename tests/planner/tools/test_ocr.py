"""ocr: frames graded by how well their text, in reading order, contains the query; runs of matching
reads give every frame between them their best grade and their stretch on screen."""

from __future__ import annotations

import numpy as np
import pytest

from vqdb.planner import tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.video_frames import VideoFrames
from vqdb.schema import SENTENCE_DIM

SAMPLED = [("va", i, float(i)) for i in range(6)] + [("vb", 0, 0.0)]


def boxes(*texts: tuple[str, int, str]) -> list[dict]:
    return [{"video_id": v, "frame_idx": f, "ts": float(f), "text": t} for v, f, t in texts]


def at(x0: float, y0: float, x1: float, y1: float) -> dict:
    return {"x0": x0, "y0": y0, "x1": x1, "y1": y1}


def arrays_found(con, query: str) -> list[tuple]:
    """The array path's evidence of video "va" (6 s) for ``query``, as ``evidence`` gives the SQL path's rows:
    (video_id, frame, score, start_s, end_s), after ``evidence`` registered the tables."""
    con.execute(f"CREATE OR REPLACE TEMP TABLE frames AS SELECT * FROM {tools.base.SAMPLED}")
    con.execute("CREATE OR REPLACE TEMP TABLE videos AS SELECT 'va' AS video_id, 6.0 AS duration_s")
    found = tools.get("ocr").frame_evidence(VideoFrames.load(con, "va", k=1, gap=0.0), query)
    inside = np.flatnonzero(~np.isnan(found.score))
    return [("va", int(i), *(round(float(a[i]), 3) for a in (found.score, found.start_s, found.end_s))) for i in inside]


def test_misread_split_and_joined_text_is_found_with_its_grade(evidence):
    rows = boxes(("va", 0, "EXIT"), ("va", 2, "Emergency EXIT"), ("va", 4, "E X I T"), ("va", 5, "EDIT"))
    rows += boxes(("vb", 0, "exits"))
    found = evidence("ocr", "exit", sampled=SAMPLED, ocr=rows)
    # one frame a run: each spans half an OCR period (1 s) either side; "EDIT" is not "EXIT" (4 letters: exact)
    assert found == [
        ("va", 0, 1.0, 0.0, 0.5),
        ("va", 2, 0.931, 1.5, 2.5),
        ("va", 4, 1.0, 3.5, 4.5),
        ("vb", 0, 0.98, 0.0, 0.0),
    ]
    assert evidence("ocr", "exit", video_id="vb", sampled=SAMPLED, ocr=rows) == [("vb", 0, 0.98, 0.0, 0.0)]
    # the text's time on screen is also where its evidence is (the focus a keyframe is placed in)
    assert evidence("ocr", "exit", video_id="vb", sampled=SAMPLED, ocr=rows, focus=True) == [
        ("vb", 0, 0.98, 0.0, 0.0, 0.0, 0.0)
    ]


def test_a_title_split_over_lines_is_read_in_order(evidence):
    title = [
        {"video_id": "va", "frame_idx": 1, "ts": 1.0, "text": "NOW?", "box": at(0.4, 0.5, 0.6, 0.6)},
        {"video_id": "va", "frame_idx": 1, "ts": 1.0, "text": "STARTED", "box": at(0.5, 0.31, 0.9, 0.4)},
        {"video_id": "va", "frame_idx": 1, "ts": 1.0, "text": "GETTING", "box": at(0.1, 0.3, 0.45, 0.41)},
    ]
    assert evidence("ocr", "Getting started now", sampled=SAMPLED, ocr=title) == [("va", 1, 1.0, 0.5, 1.5)]
    assert evidence("ocr", "finishing up now", sampled=SAMPLED, ocr=title) == []


def test_frames_between_matching_reads_share_the_run(evidence):
    # OCR every other sampled frame (2 s apart): the title is read at 0, 2 and 4 s, then something else
    sampled = [("va", i, float(i)) for i in range(8)]
    rows = boxes(("va", 0, "The Long Walk Home"), ("va", 2, "The Lonq Walk Home"), ("va", 4, "The Long Walk Home"))
    rows += boxes(("va", 6, "Chapter Four"))
    found = evidence("ocr", "the long walk home", sampled=sampled, ocr=rows)
    assert [r[1] for r in found] == [0, 1, 2, 3, 4]  # from 0 to half a period (1 s) after the last read, excluded
    assert {r[2:] for r in found} == {(1.0, 0.0, 5.0)}  # the run's best grade and its stretch


def test_the_text_asked_for_makes_its_own_run_among_texts_that_share_words(evidence):
    # each line shows "echo" and another word; "echo the life" shares most of "echo the lamb": a weak match
    sampled = [("va", i, float(i)) for i in range(8)]
    lines = ["echo the way", "echo the life", "echo the lamb", "echo the lamb", "echo the one", "WITH OUR"]
    rows = boxes(*[("va", i, text) for i, text in enumerate(lines)])
    found = evidence("ocr", "echo the lamb", sampled=sampled, ocr=rows)
    assert [r[1:] for r in found] == [
        (0, 0.842, 0.0, 1.5),  # "way" and "life": a weak run, its best grade
        (1, 0.842, 0.0, 1.5),
        (2, 1.0, 1.5, 3.5),  # the text asked for
        (3, 1.0, 1.5, 3.5),
    ]


def test_a_text_is_on_screen_while_its_own_boxes_are_whatever_ticks_beside_it(evidence):
    # a caption (1-4 s) read at 2 s beside a timecode that changes every frame (ingest's edges per box)
    def read(text: str, shown_from: float, shown_to: float) -> dict:
        return {
            "video_id": "va",
            "frame_idx": 2,
            "ts": 2.0,
            "text": text,
            "shown_from_s": shown_from,
            "shown_to_s": shown_to,
            "box": at(0.1, 0.1 if text[0].isdigit() else 0.8, 0.9, 0.9),
        }

    rows = [read("who is coming again", 1.0, 4.0), read("00:00:02;00", 2.0, 2.04)]
    assert evidence("ocr", "who is coming again", sampled=SAMPLED, ocr=rows) == [
        ("va", 1, 0.967, 1.0, 4.0),  # the clock's digits are a tenth of the grade's specificity
        ("va", 2, 0.967, 1.0, 4.0),
        ("va", 3, 0.967, 1.0, 4.0),
    ]
    assert evidence("ocr", "00:00:02", sampled=SAMPLED, ocr=rows) == [("va", 2, 1.0, 2.0, 2.04)]
    # "vna COMING again" without the clock: no box reads "who is", the frame's boxes that read a word count
    rows = [read("vna", 1.9, 2.5), read("COMING again", 1.0, 4.0)]
    assert evidence("ocr", "who is coming again", sampled=SAMPLED, ocr=rows)[0][3:] == (1.0, 4.0)


def shown(frame: int, text: str, shown_from: float, shown_to: float) -> dict:
    """A read of ``text`` on the frame at ``frame`` s, on screen from ``shown_from`` to ``shown_to``."""
    return {
        "video_id": "va",
        "frame_idx": frame,
        "ts": float(frame),
        "text": text,
        "shown_from_s": shown_from,
        "shown_to_s": shown_to,
        "box": at(0.5, 0.8, 0.8, 0.9),
    }


def test_a_counter_asked_for_by_a_part_lasts_until_that_part_changes(evidence):
    # a timecode whose frame digits tick every frame (25 fps), read each second on its ;00 frame
    rows = [shown(f, f"00:00:0{f};00", float(f), f + 0.04) for f in (1, 2, 3)]
    # its seconds last until the next read's value appears; the whole value read, one frame
    assert evidence("ocr", "00:00:02", sampled=SAMPLED, ocr=rows) == [("va", 2, 1.0, 2.0, 3.0)]
    assert evidence("ocr", "00:00:02;00", sampled=SAMPLED, ocr=rows) == [("va", 2, 1.0, 2.0, 2.04)]
    # the last read: no next value, its own frame
    assert evidence("ocr", "00:00:03", sampled=SAMPLED, ocr=rows) == [("va", 3, 1.0, 3.0, 3.04)]
    # a score beside a clock: the score asked for lasts while the clock ticks, until the score changes
    scores = ["HOME 3-1 AWAY 12:04", "HOME 3-1 AWAY 12:05", "HOME 3-2 AWAY 12:06"]
    rows = [shown(f, text, f + 0.6, f + 0.64) for f, text in enumerate(scores, start=1)]
    assert {r[3:] for r in evidence("ocr", "home 3-1 away", sampled=SAMPLED, ocr=rows)} == {(1.6, 3.6)}


def test_the_arrays_give_a_counters_part_the_same_stretch(con, evidence):
    # frame_evidence (what retrieve runs for one video) against the SQL above, on the timecode
    rows = [shown(f, f"00:00:0{f};00", float(f), f + 0.04) for f in (1, 2, 3)]
    evidence("ocr", "00:00:02", sampled=SAMPLED, ocr=rows)  # registers the tables
    con.execute(f"CREATE OR REPLACE TEMP TABLE frames AS SELECT * FROM {tools.base.SAMPLED}")
    con.execute("CREATE OR REPLACE TEMP TABLE videos AS SELECT 'va' AS video_id, 5.0 AS duration_s")
    video = VideoFrames.load(con, "va", k=1, gap=0.0)
    for query, span in (("00:00:02", (2.0, 3.0)), ("00:00:02;00", (2.0, 2.04)), ("00:00:03", (3.0, 3.04))):
        found = tools.get("ocr").frame_evidence(video, query)
        inside = np.flatnonzero(~np.isnan(found.score))
        assert [(found.start_s[i], found.end_s[i]) for i in inside] == [span], query


def test_a_text_with_digits_is_not_stretched_into_another_text(evidence):
    # "Episode 3 (2019)" leaves at 1.3 s, the credits come at 1.8 s: other letters, not the text ticking
    rows = [shown(1, "Episode 3 (2019)", 0.5, 1.3), shown(2, "Credits 2020", 1.8, 3.0)]
    assert [(r[1], *r[3:]) for r in evidence("ocr", "episode 3", sampled=SAMPLED, ocr=rows)] == [(1, 0.5, 1.3)]
    # the next read of the same letters long after (more than RUN_GAP OCR periods of 1 s): not the text ticking
    rows = [shown(0, "00:00:01;00", 0.0, 0.04), shown(3, "00:00:04;00", 2.9, 3.04), shown(4, "00:00:05;00", 4, 4.04)]
    assert evidence("ocr", "00:00:01", sampled=SAMPLED, ocr=rows) == [("va", 0, 1.0, 0.0, 0.04)]


def test_one_garbled_read_does_not_split_a_run(evidence):
    rows = boxes(("va", 0, "with ur passion"), ("va", 1, "our passion"), ("va", 2, "with our passion"))
    found = evidence("ocr", "with our passion", sampled=SAMPLED, ocr=rows)
    assert [r[1:] for r in found] == [(0, 1.0, 0.0, 2.5), (1, 1.0, 0.0, 2.5), (2, 1.0, 0.0, 2.5)]


def test_a_misread_beside_a_strong_read_is_the_same_showing_on_both_paths(con, evidence):
    # a lyric video's small "we / are / here / to" (0.27-2.2 s), read "we arc here" a second later ("to" not
    # read, "are" misread and measured as another text in its box), then the verses "echo the omega" and
    # "echo the lamb" back to back; "echo the omega" shares most of "echo the lamb" but has a word it has not
    sampled = [("va", i, float(i)) for i in range(7)]
    rows = [shown(1, "we are here to", 0.267, 1.067), shown(2, "we arc here", 1.933, 2.2)]
    rows += [shown(3, "WITH OUR", 2.733, 3.767), shown(4, "echo the omega", 3.767, 4.9)]
    rows += [shown(5, "echo the lamb", 4.9, 6.0)]
    expected = {
        "we are here to": [("va", 1, 1.0, 0.267, 2.2), ("va", 2, 1.0, 0.267, 2.2)],
        "echo the lamb": [("va", 4, 0.793, 3.767, 4.9), ("va", 5, 1.0, 4.9, 6.0)],
    }
    for query, rows_found in expected.items():
        assert evidence("ocr", query, sampled=sampled, ocr=rows) == rows_found, query  # registers the tables
        assert arrays_found(con, query) == rows_found, query


def test_a_copy_elsewhere_beside_the_text_where_asked_is_not_a_misread_of_it(con, evidence):
    # the examples list at the bottom shows the question all along; at 2 s it is also posted at the top: the
    # read at 1 s has only words of the read at 2 s, but its copy is not where the call asks (not a misread)
    sampled = [("va", i, float(i)) for i in range(4)]

    def read(frame: int, y: float, shown: tuple[float, float]) -> dict:
        return {"video_id": "va", "frame_idx": frame, "ts": float(frame), "text": "Why is this video funny?",
                "shown_from_s": shown[0], "shown_to_s": shown[1], "box": at(0.1, y, 0.5, y + 0.05)}  # fmt: skip

    rows = [read(1, 0.9, (0.0, 3.0)), read(2, 0.05, (1.6, 3.0)), read(2, 0.9, (0.0, 3.0))]
    found = evidence("ocr", "why is this video funny", sampled=sampled, ocr=rows, place="top")
    # the list's copy, placed elsewhere, keeps its grade and its own stretch; the posted copy is the moment
    assert [r[1:] for r in found] == [(0, 0.75, 0.0, 3.0), (1, 0.75, 0.0, 3.0), (2, 0.95, 1.6, 3.0)]
    con.execute(f"CREATE OR REPLACE TEMP TABLE frames AS SELECT * FROM {tools.base.SAMPLED}")
    con.execute("CREATE OR REPLACE TEMP TABLE videos AS SELECT 'va' AS video_id, 3.0 AS duration_s")
    video = VideoFrames.load(con, "va", k=1, gap=0.0)
    arrays = tools.get("ocr").frame_evidence(video, "why is this video funny", place="top")
    inside = np.flatnonzero(~np.isnan(arrays.score))
    as_rows = [("va", int(i), *(round(float(a[i]), 3) for a in (arrays.score, arrays.start_s, arrays.end_s)))
               for i in inside]  # fmt: skip
    assert as_rows == found


def test_a_numeric_query_matches_whole_words_after_undoing_digit_misreads(evidence):
    rows = boxes(("va", 0, "O0:00:05"), ("va", 1, "00:00:050"), ("va", 2, "l00:00:05"), ("va", 3, "at 00:00:05 !"))
    rows += boxes(("va", 4, "00:00:06"))
    assert evidence("ocr", "00:00:05", sampled=SAMPLED, ocr=rows) == [
        ("va", 0, 1.0, 0.0, 0.5),
        ("va", 3, 1.0, 2.5, 3.5),
    ]


def test_a_clock_read_with_its_colons_dropped_is_found_below_a_read_with_them_on_both_paths(con, evidence):
    # a clock in a corner: its colon read at 0 s and 4 s, dropped at 2 s; another number (1206) at 3 s
    rows = boxes(("va", 0, "LIVE 12:05"), ("va", 2, "LIVE 1205"), ("va", 3, "LIVE 1206"), ("va", 4, "12.05"))
    found = evidence("ocr", "12:05", sampled=SAMPLED, ocr=rows)
    assert [r[1:3] for r in found] == [(0, 1.0), (2, 0.95), (4, 1.0)]
    assert arrays_found(con, "12:05") == found
    rows = boxes(("va", 0, "HAWKS 11 OWLS"))  # a score's digits run together are another number: "1-1" is no clock
    assert evidence("ocr", "1-1", sampled=SAMPLED, ocr=rows) == []


def test_digits_in_a_query_are_exact(evidence):
    rows = boxes(("va", 0, "Step 2: Save 10%"), ("va", 2, "STEP 20: SAVE 10%"), ("va", 4, "Step 3: Save 10%"))
    assert evidence("ocr", "step 2: save 10%", sampled=SAMPLED, ocr=rows) == [
        ("va", 0, 1.0, 0.0, 1.0),  # reads are 2 s apart: the run reaches 1 s either side (its end excluded)
    ]


def test_a_query_without_letters_or_digits_is_refused():
    with pytest.raises(PlanError, match=r"ocr query '\?!' has no letters or digits"):
        tools.get("ocr").check("?!")


def test_a_near_miss_ranks_first_only_when_nothing_reads_better(evidence):
    # "who COMING again" typed on screen, read with "who" misread; asked as "who is coming again"
    sampled = [("va", i, float(i)) for i in range(8)]
    rows = boxes(("va", 1, "vna COMING again"), ("va", 3, "CHANNEL 7"), ("va", 5, "COMING UP AT 9PM"))
    found = evidence("ocr", "who is coming again", sampled=sampled, ocr=rows)
    assert found == [("va", 0, 0.344, 0.0, 2.0), ("va", 1, 0.344, 0.0, 2.0)]  # half an OCR period (2 s) each side
    rows += boxes(("va", 7, "who is coming again"))
    found = evidence("ocr", "who is coming again", sampled=sampled, ocr=rows)
    assert [r[1:3] for r in found] == [(0, 0.344), (1, 0.344), (6, 1.0), (7, 1.0)]  # the near miss: weak, lower


def test_a_page_text_that_another_copy_joins_ranks_the_new_copy_first(evidence):
    # a chat demo: "Why is it funny?" is in the examples table all along (top) and typed in the prompt box
    # (bottom) from 3 to 4 s; the question "when is it typed" is about the copy that came
    sampled = [("va", i, float(i)) for i in range(8)]

    def read(frame: int, y: float, shown: tuple[float, float]) -> dict:
        return {
            "video_id": "va",
            "frame_idx": frame,
            "ts": float(frame),
            "text": "Why is it funny?",
            "shown_from_s": shown[0],
            "shown_to_s": shown[1],
            "box": at(0.1, y, 0.5, y + 0.05),
        }

    rows = [read(f, 0.1, (0.0, 7.0)) for f in range(8)] + [read(f, 0.8, (2.6, 4.4)) for f in (3, 4)]
    found = evidence("ocr", "why is it funny", sampled=sampled, ocr=rows)
    assert [r[1:] for r in found if r[1] in (2, 3, 4, 5)] == [
        (2, 0.99, 0.0, 7.0),  # the page: a little below the copy that came
        (3, 1.0, 2.6, 4.4),
        (4, 1.0, 2.6, 4.4),
        (5, 0.99, 0.0, 7.0),
    ]
    # without the typed copy the page is all there is, at its full grade; a text on screen for a short while
    # with a second copy beside it now and then is no page: one run
    assert {r[2:] for r in evidence("ocr", "why is it funny", sampled=sampled, ocr=rows[:8])} == {(1.0, 0.0, 7.0)}
    short = [r for r in rows if r["ts"] <= 4.0 and r["ts"] >= 2.0]
    for row in short:
        row["shown_from_s"], row["shown_to_s"] = 1.5, 4.5
    assert {r[2:] for r in evidence("ocr", "why is it funny", sampled=sampled, ocr=short)} == {(1.0, 1.5, 4.5)}


def test_two_showings_of_a_copy_on_a_page_are_two_events_on_both_paths(con, evidence):
    # the question typed in the prompt box (2.6-4.2 s), then, after a read without it (5 s), shown in the
    # chat (5.8 s on): read less than RUN_GAP periods apart, but measured apart, so two moments, not one
    sampled = [("va", i, float(i)) for i in range(10)]

    def read(frame: int, y: float, shown: tuple[float, float]) -> dict:
        return {"video_id": "va", "frame_idx": frame, "ts": float(frame), "text": "Why is it funny?",
                "shown_from_s": shown[0], "shown_to_s": shown[1], "box": at(0.1, y, 0.5, y + 0.05)}  # fmt: skip

    page = [read(f, 0.9, (max(f - 1.0, 0.0), min(f + 1.0, 9.0))) for f in range(10)]
    typed = [read(f, 0.6, (2.6, 4.2)) for f in (3, 4)]
    chat = [read(f, 0.1, (5.8, 9.0)) for f in (6, 7, 8, 9)]
    rows = page + typed + chat
    found = evidence("ocr", "why is it funny", sampled=sampled, ocr=rows)
    assert {r[1]: r[3:] for r in found if r[2] == 1.0} == {
        **dict.fromkeys((3, 4), (2.6, 4.2)),
        **dict.fromkeys((6, 7, 8, 9), (5.8, 9.0)),
    }
    con.execute(f"CREATE OR REPLACE TEMP TABLE frames AS SELECT * FROM {tools.base.SAMPLED}")
    con.execute("CREATE OR REPLACE TEMP TABLE videos AS SELECT 'va' AS video_id, 9.0 AS duration_s")
    arrays = tools.get("ocr").frame_evidence(VideoFrames.load(con, "va", k=1, gap=0.0), "why is it funny")
    inside = np.flatnonzero(~np.isnan(arrays.score))
    as_rows = [("va", int(i), *(round(float(a[i]), 3) for a in (arrays.score, arrays.start_s, arrays.end_s)))
               for i in inside]  # fmt: skip
    assert as_rows == found


def test_a_text_split_over_lines_is_not_two_copies(evidence):
    # each line alone does not match the query: the title is one copy, whether or not a frame reads both lines
    sampled = [("va", i, float(i)) for i in range(4)]
    top = [{"video_id": "va", "frame_idx": f, "ts": float(f), "text": "GETTING", "box": at(0.1, 0.3, 0.5, 0.4)}
           for f in range(4)]  # fmt: skip
    bottom = [{"video_id": "va", "frame_idx": f, "ts": float(f), "text": "STARTED NOW", "box": at(0.1, 0.5, 0.6, 0.6)}
              for f in (1, 2)]  # fmt: skip
    found = evidence("ocr", "getting started now", sampled=sampled, ocr=top + bottom)
    assert {r[2] for r in found} == {1.0}


def test_the_place_and_size_asked_for_rank_their_read_first(con, evidence):
    # the same words small at the right edge at 1 s, big left of centre at 4 s (as in a lyric video's intro and
    # its chorus), other words between them (an OCR period of 1 s: two runs)
    rows = [
        {"video_id": "va", "frame_idx": 1, "ts": 1.0, "text": "we are here to", "box": at(0.8, 0.4, 0.95, 0.5)},
        {"video_id": "va", "frame_idx": 2, "ts": 2.0, "text": "echo", "box": at(0.1, 0.4, 0.3, 0.6)},
        {"video_id": "va", "frame_idx": 3, "ts": 3.0, "text": "echo", "box": at(0.1, 0.4, 0.3, 0.6)},
        {"video_id": "va", "frame_idx": 4, "ts": 4.0, "text": "WE ARE HERE TO", "box": at(0.1, 0.35, 0.6, 0.65)},
    ]
    grades = {}
    for place, size in ((None, None), (None, "large"), ("right", None), ("top", None), (None, "small")):
        found = evidence("ocr", "we are here to", sampled=SAMPLED, ocr=rows, place=place, size=size)
        grades[place, size] = {frame: score for _, frame, score, *_ in found}
    assert grades[None, None] == {1: 1.0, 4: 1.0}
    assert grades[None, "large"] == {1: 0.75, 4: 1.0}  # 0.1 high against 0.3: not among the tallest
    assert grades["right", None] == {1: 1.0, 4: 0.75}  # centre x 0.875: the right third
    assert grades["top", None] == {1: 0.75, 4: 0.75}  # neither is at the top: both still found
    assert grades[None, "small"] == {1: 1.0, 4: 0.75}
    # a word of the query small at the bottom of the big title's frame (a button's "to"; read "WE ARE HERE TO to")
    # carries little of the match: the frame's text is still big, and not at the bottom
    rows.append({"video_id": "va", "frame_idx": 4, "ts": 4.0, "text": "to", "box": at(0.45, 0.9, 0.5, 0.98)})
    found = evidence("ocr", "we are here to", sampled=SAMPLED, ocr=rows, size="small")
    assert {frame: score for _, frame, score, *_ in found} == {1: 1.0, 4: 0.738}  # 0.984 x 0.75
    found = evidence("ocr", "we are here to", sampled=SAMPLED, ocr=rows, place="bottom")
    assert {frame: score for _, frame, score, *_ in found} == {1: 0.75, 4: 0.738}
    # the same title split over two boxes: both carry it
    rows[-2:] = [
        {"video_id": "va", "frame_idx": 4, "ts": 4.0, "text": "WE ARE", "box": at(0.1, 0.05, 0.6, 0.3)},
        {"video_id": "va", "frame_idx": 4, "ts": 4.0, "text": "HERE TO", "box": at(0.1, 0.7, 0.6, 0.95)},
    ]
    for place in ("top", "bottom"):
        found = evidence("ocr", "we are here to", sampled=SAMPLED, ocr=rows, place=place)
        assert {frame: score for _, frame, score, *_ in found} == {1: 0.75, 4: 1.0}


def test_the_arrays_place_and_size_reads_as_the_sql_does(con, evidence):
    rows = [
        {"video_id": "va", "frame_idx": 1, "ts": 1.0, "text": "EXIT", "box": at(0.4, 0.05, 0.6, 0.15)},
        {"video_id": "va", "frame_idx": 1, "ts": 1.0, "text": "Platform 9", "box": at(0.1, 0.8, 0.3, 0.9)},
        {"video_id": "va", "frame_idx": 3, "ts": 3.0, "text": "EXIT", "box": at(0.7, 0.7, 0.9, 0.95)},
        {"video_id": "va", "frame_idx": 5, "ts": 5.0, "text": "Platform 9", "box": at(0.1, 0.1, 0.2, 0.12)},
    ]
    evidence("ocr", "exit", sampled=SAMPLED, ocr=rows)  # registers the tables
    con.execute(f"CREATE OR REPLACE TEMP TABLE frames AS SELECT * FROM {tools.base.SAMPLED}")
    con.execute("CREATE OR REPLACE TEMP TABLE videos AS SELECT 'va' AS video_id, 5.0 AS duration_s")
    video = VideoFrames.load(con, "va", k=1, gap=0.0)
    for query in ("exit", "platform 9"):
        for place in (None, "top", "bottom-right", "center", "left"):
            for size in (None, "large", "small"):
                sql = evidence("ocr", query, video_id="va", sampled=SAMPLED, ocr=rows, place=place, size=size)
                found = tools.get("ocr").frame_evidence(video, query, place, size)
                inside = np.flatnonzero(~np.isnan(found.score))
                arrays = [("va", int(i), round(float(found.score[i]), 3)) for i in inside]
                assert arrays == [row[:3] for row in sql], (query, place, size)


def test_a_call_with_no_words_reads_the_text_in_its_place_on_both_paths(con, evidence):
    # a title at the top (0-3 s), then another (4-5 s) with a small date above it; a caption at the bottom
    # throughout; a box with no letters (a line) and one with no shape (read without its box) are no text
    def read(frame: int, text: str, box: dict | None, shown: tuple[float, float]) -> dict:
        return {"video_id": "va", "frame_idx": frame, "ts": float(frame), "text": text, "box": box,
                "shown_from_s": shown[0], "shown_to_s": shown[1]}  # fmt: skip

    rows = [read(f, "Hello world", at(0.2, 0.05, 0.8, 0.25), (0.0, 3.5)) for f in range(4)]
    rows += [read(f, "Chapter two", at(0.2, 0.1, 0.8, 0.2), (3.5, 5.0)) for f in (4, 5)]
    rows += [read(f, "2024-05-01", at(0.4, 0.01, 0.6, 0.05), (3.5, 5.0)) for f in (4, 5)]
    rows += [read(f, "Jane Doe, reporter", at(0.1, 0.8, 0.5, 0.9), (0.0, 5.0)) for f in range(6)]
    rows += [read(2, "---", at(0.1, 0.1, 0.9, 0.3), (2.0, 3.0)), read(3, "STOP", None, (3.0, 4.0))]
    found = evidence("ocr", "", sampled=SAMPLED, ocr=rows, place="top", focus=True)
    # the tallest text at the top of each frame against the video's tallest there; a title that left before
    # the next appeared is its own showing (its own stretch and focus)
    assert [r[1:] for r in found] == [
        *((f, 1.0, 0.0, 3.5, 0.0, 3.5) for f in range(4)),
        *((f, 0.5, 3.5, 5.0, 3.5, 5.0) for f in (4, 5)),
    ]
    small = evidence("ocr", "", sampled=SAMPLED, ocr=rows, place="top", size="small")
    assert {r[1]: r[2] for r in small} == {**dict.fromkeys(range(4), 0.2), 4: 1.0, 5: 1.0}  # the date
    assert {r[1]: r[2] for r in evidence("ocr", "", sampled=SAMPLED, ocr=rows, place="bottom")} == dict.fromkeys(
        range(6), 1.0
    )
    assert evidence("ocr", "", sampled=SAMPLED, ocr=rows, place="center") == []
    corner = evidence("ocr", "", sampled=SAMPLED, ocr=rows, place="corner")  # any corner: the caption's
    assert {r[1]: r[2:] for r in corner} == dict.fromkeys(range(6), (1.0, 0.0, 5.0))
    con.execute(f"CREATE OR REPLACE TEMP TABLE frames AS SELECT * FROM {tools.base.SAMPLED}")
    con.execute("CREATE OR REPLACE TEMP TABLE videos AS SELECT 'va' AS video_id, 5.0 AS duration_s")
    video = VideoFrames.load(con, "va", k=1, gap=0.0)
    for place, size in (("top", None), ("top", "small"), ("bottom", None), (None, "large"), ("center", None),
                        ("corner", None)):  # fmt: skip
        sql = evidence("ocr", "", video_id="va", sampled=SAMPLED, ocr=rows, place=place, size=size, focus=True)
        found = tools.get("ocr").frame_evidence(video, "", place, size)
        inside = np.flatnonzero(~np.isnan(found.score))
        columns = (found.score, found.start_s, found.end_s, found.focus_start, found.focus_end)
        arrays = [("va", int(i), *(round(float(c[i]), 3) for c in columns)) for i in inside]
        assert arrays == sql, (place, size)


def stored_vector(text: str) -> list[float]:
    """What ingest stores as a span's ``text_emb`` under the stand-in ``text_embed`` (conftest): texts that share
    their first letter mean the same."""
    first = ord(text[0].lower()) - ord("a")
    return [float(i == first) for i in range(SENTENCE_DIM)]


def test_a_text_shown_that_means_the_query_is_found_below_any_read_of_its_letters(con, evidence):
    # the stand-in text_embed: texts that share their first letter mean the same; "kindly close the door"
    # reads none of "Keep shut"'s letters, but means it: its span (1 to 3 s) is found, at SEMANTIC_WEIGHT 0.6
    sampled = [("va", i, float(i)) for i in range(6)]
    rows = boxes(("va", 1, "Keep shut"), ("va", 2, "Keep shut"), ("va", 4, "EXIT 24"))
    spans = [
        {"video_id": "va", "text": "Keep shut", "start_s": 1.0, "end_s": 3.0},
        {"video_id": "va", "text": "EXIT", "start_s": 4.0, "end_s": 5.0},
        {"video_id": "va", "text": "24", "start_s": 4.0, "end_s": 5.0},  # no letter: no meaning
        {"video_id": "va", "text": "Kiosk", "start_s": 0.0, "end_s": 5.0},  # all along: part of the page
    ]
    spans = [span | {"text_emb": stored_vector(span["text"])} for span in spans]
    spans.append({"video_id": "va", "text": "Keep clear", "start_s": 4.0, "end_s": 5.0})  # stored without a vector
    expected = {
        "kindly close the door": [("va", 1, 0.6, 1.0, 3.0), ("va", 2, 0.6, 1.0, 3.0)],
        "keep shut": [("va", 1, 1.0, 0.5, 2.5), ("va", 2, 1.0, 0.5, 2.5)],  # its letters read: the reads' run
        "24": [("va", 4, 1.0, 3.5, 4.5)],  # a number is read exactly, never meant ("24" means nothing anyway)
        "{time}": [],  # a value of a form has no meaning
        "kindly close door four": [],  # a number means itself: "Channel 4" is not "CHANNEL 7" in other words
        "unrelated words": [],
    }
    for query, rows_found in expected.items():
        assert evidence("ocr", query, sampled=sampled, ocr=rows, ocr_spans=spans) == rows_found, query
        assert arrays_found(con, query) == rows_found, query


def test_a_short_word_read_with_a_stray_mark_beside_it_stays_in_its_run_on_both_paths(con, evidence):
    # a small green "EXIT" sign (0.5-4.5 s) that OCR read whole once, then with a stray box beside it ("EXIT Sn",
    # graded 0.97) for the rest of its time: a short word aligns exactly, so halfway from there every read below
    # 1.0 was weak, and the frame that read it best had the sign for 0.5-1.5 s only
    sampled = [("va", i, float(i)) for i in range(6)]
    rows = [shown(1, "EXIT", 0.5, 1.5), *(shown(i, "EXIT Sn", i - 0.5, i + 0.5) for i in (2, 3, 4))]
    found = evidence("ocr", "EXIT", sampled=sampled, ocr=rows)
    assert {(r[3], r[4]) for r in found} == {(0.5, 4.5)}
    assert {(r[3], r[4]) for r in arrays_found(con, "EXIT")} == {(0.5, 4.5)}


def test_another_line_holding_a_short_word_stays_apart_from_it(con, evidence):
    # the big "WE" alone (1-2 s) and then the stacked line "WE ARE HERE TO" (2-3 s): two showings
    sampled = [("va", i, float(i)) for i in range(5)]
    rows = [shown(1, "WE", 0.9, 2.0), shown(2, "WE ARE HERE TO", 2.0, 3.0)]
    found = evidence("ocr", "WE", sampled=sampled, ocr=rows)
    assert max(found, key=lambda r: r[2])[3:] == (0.9, 2.0)
    assert max(arrays_found(con, "WE"), key=lambda r: r[2])[3:] == (0.9, 2.0)


def test_a_crawling_line_is_one_showing_of_the_words_it_holds_on_both_paths(con, evidence):
    # a news crawl's "WEATHER" item enters at the right: read short at 1 s, then longer as words come in (each
    # longer read grades lower: more of the frame's text is not the query, the last two under halfway from the
    # floor to the best grade); the words moved between reads, so
    # each read is on screen only around its own time (text_edges on a moving box)
    sampled = [("va", i, float(i)) for i in range(6)]
    reads = ["WEATHER: heav", "WEATHER: heavy rain and gales", "WEATHER: heavy rain and gales expected across"]
    reads += ["WEATHER: heavy rain and gales expected across the north coast"]
    left = [0.8, 0.55, 0.3, 0.05]  # the line's left edge, moving left
    rows = [
        {**shown(n, text, n - 0.3, n + 0.1), "box": at(left[n - 1], 0.9, 1.0, 0.95)} for n, text in enumerate(reads, 1)
    ]
    found = evidence("ocr", "weather", sampled=sampled, ocr=rows)
    # one run from the item's first showing to its last, every frame of it with the best grade
    assert {(r[2], r[3], r[4]) for r in found} == {(max(r[2] for r in found), 0.7, 4.1)}
    assert arrays_found(con, "weather") == found


def test_a_line_that_holds_the_words_but_is_another_text_stays_its_own_showing(con, evidence):
    # "Emergency EXIT" read a second after "EXIT": it reads the query whole, but most of it is another text
    sampled = [("va", i, float(i)) for i in range(4)]
    rows = [shown(1, "EXIT", 0.5, 1.5), shown(2, "Emergency EXIT", 1.5, 2.5)]
    found = evidence("ocr", "exit", sampled=sampled, ocr=rows)
    assert {(r[3], r[4]) for r in found} == {(0.5, 1.5), (1.5, 2.5)}
    assert arrays_found(con, "exit") == found


def test_a_rolling_credit_line_is_one_showing_while_other_lines_come_and_go(con, evidence):
    # credits roll up: "CREDITS" alone at 1 s, then with the lines rolling in below it; the frame's text grows,
    # the line asked for stays the same (each read on screen only around its own time: the line moved)
    sampled = [("va", i, float(i)) for i in range(6)]
    names = ["Directed by", "Margaret Okonkwo", "Music", "Henrik Saarinen"]

    def frame(n: int) -> list[dict]:
        top = 0.85 - 0.15 * (n - 1)
        lines = [("CREDITS", top)] + [(name, top + 0.1 * (i + 1)) for i, name in enumerate(names[: 2 * (n - 1)])]
        return [{**shown(n, text, n - 0.1, n + 0.2), "box": at(0.4, y, 0.6, y + 0.05)} for text, y in lines]

    rows = [read for n in range(1, 5) for read in frame(n)]
    found = evidence("ocr", "credits", sampled=sampled, ocr=rows)
    assert {(r[3], r[4]) for r in found} == {(0.9, 4.2)}
    assert arrays_found(con, "credits") == found


def test_a_still_line_keeps_its_weak_reads_apart(con, evidence):
    # the same reads as the crawl's, in a box that does not move (a page whose other text grows): as before
    sampled = [("va", i, float(i)) for i in range(6)]
    reads = ["WEATHER: heav", "WEATHER: heavy rain and gales", "WEATHER: heavy rain and gales expected across"]
    reads += ["WEATHER: heavy rain and gales expected across the north coast"]
    rows = [shown(n, text, n - 0.3, n + 0.1) for n, text in enumerate(reads, 1)]
    found = evidence("ocr", "weather", sampled=sampled, ocr=rows)
    assert {(r[3], r[4]) for r in found} == {(0.7, 2.1), (2.7, 4.1)}
    assert arrays_found(con, "weather") == found
