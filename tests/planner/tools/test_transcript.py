"""transcript: the frames shown while the phrase is said, plus the frame nearest to its middle."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.boolexpr import PlanError


def words(video_id: str, *spoken: tuple[str, float, float]) -> list[dict]:
    return [{"video_id": video_id, "word": w, "start_s": s, "end_s": e} for w, s, e in spoken]


SPEECH = words("va", ("Ask", 1.0, 1.3), ("not,", 1.5, 1.8), ("what", 3.0, 3.3)) + words("vb", ("ask", 0.0, 0.4))


def test_frames_inside_the_span_of_the_phrase(evidence):
    sampled = [("va", i, i / 2) for i in range(10)] + [("vb", 0, 0.0)]
    assert evidence("transcript", "ask not", sampled=sampled, transcript_words=SPEECH) == [
        ("va", 2, 1.0),
        ("va", 3, 1.5),
    ]
    assert evidence("transcript", "what", sampled=sampled, transcript_words=SPEECH) == [("va", 6, 3.0)]


def test_a_phrase_said_between_two_frames_gets_the_nearest(evidence):
    sampled = [("va", i, 2.0 * i) for i in range(3)] + [("vb", 0, 0.0)]
    # "what" is said from 3.0 to 3.3 s: no frame inside; 4.0 s is nearer to its middle than 2.0 s
    assert evidence("transcript", "what", sampled=sampled, transcript_words=SPEECH) == [("va", 2, 4.0)]
    assert evidence("transcript", "ask", video_id="vb", sampled=sampled, transcript_words=SPEECH) == [("vb", 0, 0.0)]


def test_words_out_of_order_or_apart_do_not_make_the_phrase(evidence):
    sampled = [("va", i, i / 2) for i in range(10)]
    assert evidence("transcript", "not ask", sampled=sampled, transcript_words=SPEECH) == []
    assert evidence("transcript", "ask what", sampled=sampled, transcript_words=SPEECH) == []


def test_a_query_without_letters_or_digits_is_refused():
    with pytest.raises(PlanError, match="has no letters or digits"):
        tools.get("transcript").check(" ... ")
