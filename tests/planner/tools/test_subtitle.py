"""subtitle: frames graded by the subtitle cues around them, the cue's words spread over its time."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.boolexpr import PlanError


def cues(video_id: str, *shown: tuple[str, float, float]) -> list[dict]:
    return [{"video_id": video_id, "text": t, "start_s": s, "end_s": e} for t, s, e in shown]


CUES = cues("va", ("Red!", 0.0, 1.0), ("More Red!", 2.0, 3.5), ("Green!", 5.0, 6.0), ("Zebra crossing", 8.0, 10.0))


def test_frames_shown_with_the_cue(evidence):
    sampled = [("va", i, float(i)) for i in range(11)]
    assert evidence("subtitle", "more red", sampled=sampled, subtitles=CUES) == [
        ("va", 2, 1.0, 2.0, 3.5),
        ("va", 3, 1.0, 2.0, 3.5),
    ]
    # "Red!" alone is a cue too, and the "Red" of "More Red!": the best span of each frame
    assert [r[1:3] for r in evidence("subtitle", "red", sampled=sampled, subtitles=CUES)] == [
        (0, 1.0),
        (1, 1.0),
        (3, 1.0),
    ]


def test_a_phrase_inside_a_long_cue_gets_the_frames_and_the_span_of_about_its_own_time(evidence):
    sampled = [("va", i, float(i)) for i in range(11)]
    # "Zebra crossing" is shown from 8 to 10 s: by length (and a space each), "crossing" is 9 of 15 characters,
    # 8.8 to 10 s, less than two thirds of the cue: its span is its own time, 0.2 s wider, within the cue
    assert evidence("subtitle", "crossing", sampled=sampled, subtitles=CUES) == [
        ("va", 9, 1.0, 8.6, 10.0),
        ("va", 10, 1.0, 8.6, 10.0),
    ]
    # a phrase that is most of its cue is the cue
    assert evidence("subtitle", "zebra crossing", sampled=sampled, subtitles=CUES)[0][3:] == (8.0, 10.0)


def test_a_cue_close_in_meaning_ranks_below_a_match(evidence):
    # the stand-in embedding: texts with the same first letter mean the same thing
    sampled = [("va", i, float(i)) for i in range(11)]
    found = evidence("subtitle", "zoo animals", sampled=sampled, subtitles=CUES)
    assert [r[1:3] for r in found] == [(8, 0.6), (9, 0.6), (10, 0.6)]


def test_a_query_without_letters_or_digits_is_refused():
    with pytest.raises(PlanError, match="subtitle query '!!' has no letters or digits"):
        tools.get("subtitle").check("!!")
