"""CG-Bench's two-step judge of open-ended answers.

Step 1 compares the prediction with the ground truth as text: 0 (wrong), 1 (right) or 2 (the texts
differ but may describe the same scene). Only on 2, step 2 shows the judge frames sampled from the
ground-truth clue intervals and asks 0 or 1. Any chat backend works (``vqdb.models.registry.chat_model``
for step 1; a VLM, ``registry.vision_language_model``, for step 2).

Example (not run as a doctest: it needs a chat model that follows instructions, the ``llm_*`` settings;
the bundled Gemma 3 270M does not judge reliably)::

    from vqdb.config import Config
    from vqdb.models.registry import chat_model
    judge = chat_model(Config.load())
    judge_open("What color is the car?", "crimson", "red", backend=judge).correct  # True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from vqdb.answer.prompts import Frame, build_messages, parse_choice
from vqdb.errors import VqdbError
from vqdb.videos import CorpusSql

JUDGE_MAX_TOKENS = 16
MAX_JUDGE_FRAMES = 8


@dataclasses.dataclass(frozen=True)
class JudgeVerdict:
    """The judge's decision: ``correct``, the step that decided it, and both replies.

    ``step1`` is 0, 1 or 2 (None when the reply was not understood); ``step2`` is 0 or 1, or None
    when step 2 did not run.
    """

    correct: bool
    decided_at: int
    step1: int | None
    step2: int | None
    replies: tuple[str, ...]
    frames: tuple[float, ...] = ()


def judge_open(
    question: str,
    prediction: str,
    ground_truth: str,
    *,
    backend: Any,
    vision_backend: Any = None,
    frames: Sequence[Frame] | None = None,
    corpus: CorpusSql | None = None,
    video_id: str | None = None,
    clue_intervals: Sequence[Sequence[float]] | None = None,
    max_frames: int = MAX_JUDGE_FRAMES,
) -> JudgeVerdict:
    """Judge an open-ended ``prediction`` against ``ground_truth`` (CG-Bench two-step protocol).

    For step 2 give ``frames`` directly, or ``corpus``, ``video_id`` and the ground-truth
    ``clue_intervals`` (up to ``max_frames`` frames are spread evenly over them). ``vision_backend``
    answers step 2 (default: ``backend``). A step-1 reply that is not 0/1/2 counts as wrong.
    """
    step1_reply = backend.complete(
        build_messages("judge_text", question, prediction=prediction, ground_truth=ground_truth),
        max_tokens=JUDGE_MAX_TOKENS,
    ).text
    step1 = parse_choice(step1_reply, (0, 1, 2))
    if step1 != 2:
        return JudgeVerdict(step1 == 1, 1, step1, None, (step1_reply,))
    if frames is None:
        if corpus is None or video_id is None or not clue_intervals:
            raise VqdbError(
                "the judge asked for visual clues (step 2): pass frames=, or corpus=, video_id= and the "
                "ground-truth clue_intervals="
            )
        frames = clue_frames(corpus, video_id, clue_intervals, max_frames)
    if not frames:
        raise VqdbError(f"no frames of video {video_id!r} fall inside the clue intervals {clue_intervals!r}")
    step2_reply = (
        (vision_backend or backend)
        .complete(
            build_messages("judge_visual", question, prediction=prediction, frames=frames),
            max_tokens=JUDGE_MAX_TOKENS,
        )
        .text
    )
    step2 = parse_choice(step2_reply, (0, 1))
    return JudgeVerdict(step2 == 1, 2, step1, step2, (step1_reply, step2_reply), tuple(f.ts for f in frames))


def clue_frames(
    corpus: CorpusSql, video_id: str, clue_intervals: Sequence[Sequence[float]], max_frames: int = MAX_JUDGE_FRAMES
) -> list[Frame]:
    """Up to ``max_frames`` frames of ``video_id`` inside the clue intervals, spread evenly, in time order.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> clue_frames(vqdb.connect(empty_corpus()), "v", [[0, 5]])
        []
    """
    starts = [float(s) for s, _ in clue_intervals]
    ends = [float(e) for _, e in clue_intervals]
    rows = corpus.sql_unchecked(
        """
        WITH inside AS (
            SELECT ts, jpeg, row_number() OVER (ORDER BY ts) - 1 AS i, count(*) OVER () AS n
            FROM frames
            WHERE video_id = $video
              AND EXISTS (SELECT 1 FROM (SELECT unnest($starts::DOUBLE[]) AS s, unnest($ends::DOUBLE[]) AS e)
                          WHERE ts BETWEEN s AND e)
        )
        SELECT ts, jpeg FROM inside
        WHERE n <= $k OR list_contains(list_transform(range($k), j -> floor((j + 0.5) * n / $k)::BIGINT), i)
        ORDER BY ts
        """,
        params={"video": video_id, "starts": starts, "ends": ends, "k": int(max_frames)},
    ).fetchall()
    return [Frame(float(ts), jpeg) for ts, jpeg in rows]
