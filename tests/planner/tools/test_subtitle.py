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


def test_a_phrase_inside_a_cue_gets_the_frames_of_about_its_own_time_and_the_cue_as_evidence(evidence):
    sampled = [("va", i, float(i)) for i in range(11)]
    # "Zebra crossing" is shown from 8 to 10 s: by length (and a space each), "crossing" is 9 of 15 characters,
    # 8.8 to 10 s; a cue is a clause: the evidence is the whole cue
    assert evidence("subtitle", "crossing", sampled=sampled, subtitles=CUES) == [
        ("va", 9, 1.0, 8.0, 10.0),
        ("va", 10, 1.0, 8.0, 10.0),
    ]


def test_a_phrase_that_is_a_small_part_of_a_long_cue_is_its_own_time(evidence):
    sampled = [("va", i, float(i)) for i in range(11)]
    # a cue of 9 s (two breath groups last at most 6 s): "crossing" is 9 of its 45 characters, 6.0 to 7.8 s;
    # its span is that, 0.2 s wider
    cue = cues("va", ("zebras wait at the busy zebra crossing today", 0.0, 9.0))
    assert evidence("subtitle", "crossing", sampled=sampled, subtitles=cue) == [
        ("va", 6, 1.0, 5.8, 8.0),
        ("va", 7, 1.0, 5.8, 8.0),
    ]
    # words that are most of the cue: the cue
    assert evidence("subtitle", "zebras wait at the busy zebra", sampled=sampled, subtitles=cue)[0][3:] == (0.0, 9.0)


def test_a_cue_close_in_meaning_ranks_below_a_match(evidence):
    # the stand-in embedding: texts with the same first letter mean the same thing
    sampled = [("va", i, float(i)) for i in range(11)]
    found = evidence("subtitle", "zoo animals", sampled=sampled, subtitles=CUES)
    assert [r[1:3] for r in found] == [(8, 0.6), (9, 0.6), (10, 0.6)]


def test_a_query_without_letters_or_digits_is_refused():
    with pytest.raises(PlanError, match="subtitle query '!!' has no letters or digits"):
        tools.get("subtitle").check("!!")
