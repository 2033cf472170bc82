"""CG-Bench's two-step open-ended judge with a scripted backend and frames from the corpus."""

from __future__ import annotations

import pytest

from vqdb.answer.judge import clue_frames, judge_open
from vqdb.answer.prompts import Frame
from vqdb.errors import VqdbError
from vqdb.models.protocols import ChatResult


def reply(text):
    return ChatResult(text, None, {})


def test_step_one_decides_when_the_texts_settle_it(scripted):
    judge = scripted(reply('{"result": 1}'), reply("0"), reply("no idea"))
    right = judge_open("What color?", "crimson red", "red", backend=judge)
    assert (right.correct, right.decided_at, right.step1, right.step2) == (True, 1, 1, None)
    text = judge.calls[0]["messages"][1]["content"][-1]["text"]
    assert "The ground truth answer is 'red'" in text and "The model's prediction is 'crimson red'" in text
    assert not judge_open("What color?", "blue", "red", backend=judge).correct
    assert judge_open("What color?", "?", "red", backend=judge).step1 is None
    assert len(judge.calls) == 3


def test_step_two_sees_frames_from_the_clue_intervals(corpus, scripted, frame_jpeg):
    text_judge = scripted(reply('{"result": 2}'))
    eyes = scripted(reply('```json\n{"result": 1}\n```'))
    verdict = judge_open(
        "What is on the sign?",
        "a way out",
        "EXIT",
        backend=text_judge,
        vision_backend=eyes,
        corpus=corpus,
        video_id="vid1",
        clue_intervals=[[4.0, 6.0], [15.0, 15.5]],
    )
    assert (verdict.correct, verdict.decided_at, verdict.step1, verdict.step2) == (True, 2, 2, 1)
    assert verdict.frames == (4.0, 5.0, 6.0, 15.0)
    parts = eyes.calls[0]["messages"][1]["content"]
    assert [p["type"] for p in parts] == ["image_url"] * 4 + ["text"]


def test_clue_frames_are_spread_and_bounded(corpus):
    frames = clue_frames(corpus, "vid1", [[0.0, 19.0]], max_frames=4)
    assert [f.ts for f in frames] == [2.0, 7.0, 12.0, 17.0]


def test_step_two_needs_frames(scripted):
    with pytest.raises(VqdbError, match="visual clues"):
        judge_open("Q?", "p", "g", backend=scripted(reply("2")))
    verdict = judge_open("Q?", "p", "g", backend=scripted(reply("2"), reply("0")), frames=[Frame(1.0, b"j")])
    assert not verdict.correct and verdict.step2 == 0
