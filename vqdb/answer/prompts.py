"""Prompts in the shape of CG-Bench's, and parsers for the replies.

Three tasks ask about a video: ``mcq`` (multiple choice, answer with the option's letter only),
``open`` (a free-text answer) and ``grounding`` (the clue intervals ``[[start, end], ...]`` in seconds);
``text_mcq`` and ``text_open`` ask a text-only LLM the same from the video's timed text lines.
Two more judge an open-ended prediction: ``judge_text`` (0 wrong, 1 right, 2 needs the frames) and
``judge_visual`` (0 or 1, given frames from the clue intervals). As in CG-Bench, the user turn holds the
frames, then the subtitles near them (when there are any), the frame timestamps, the question and the
options written ``A:option``.

Example:
    >>> msgs = build_messages("mcq", "What does the title say?", options=["Hello world", "Goodbye"],
    ...                       frames=[Frame(1.5, b"jpeg")], subtitles=["[1.0, 2.0] hello"])
    >>> [p["type"] for p in msgs[1]["content"]]
    ['image_url', 'text']
    >>> print(msgs[1]["content"][1]["text"])
    The subtitles of the video are as follows:
    <BLANKLINE>
    [1.0, 2.0] hello
    <BLANKLINE>
    A total of 1 frames are sampled. Their corresponding timestamps are:
    <BLANKLINE>
    1.5
    <BLANKLINE>
    Question: What does the title say?
    <BLANKLINE>
    A:Hello world
    B:Goodbye
    >>> parse_letter("The answer is (B).", 2)
    'B'
"""

from __future__ import annotations

import dataclasses
import json
import re
import string
from collections.abc import Sequence

from vqdb.errors import VqdbError
from vqdb.models.protocols import image_part

MAX_CLUE_INTERVALS = 5

SYSTEM = {
    "mcq": (
        "You are given frames sampled from a video and a multiple-choice question with its options.\n"
        "Look at the frames and choose the most plausible option. If the frames do not settle it, still "
        "choose the most likely option: an answer must always be given.\n"
        "Answer with the option's uppercase letter only, nothing else."
    ),
    "open": (
        "You are given frames sampled from a video and a question.\n"
        "Look at the frames and give the most plausible answer. If what you see is ambiguous or not "
        "enough, use the context (subtitles, timestamps) to reason.\n"
        "Answer with a word, a phrase or one sentence that directly answers the question, nothing else."
    ),
    "text_mcq": (
        "You are given the text of a video: what was written on screen, said or heard, each line with its "
        "time in seconds, and a multiple-choice question with its options.\n"
        "Read the text and choose the option it supports. If the text does not settle it, still choose the "
        "most likely option: an answer must always be given.\n"
        "Answer with the option's uppercase letter only, nothing else."
    ),
    "text_open": (
        "You are given the text of a video: what was written on screen, said or heard, each line with its "
        "time in seconds, and a question.\n"
        "Answer from the text with a word, a phrase or one sentence, nothing else."
    ),
    "grounding": (
        "You are given frames sampled from a video with their timestamps, and a question (with options "
        "when it is a multiple-choice question).\n"
        "Find the clue intervals: the time spans of the video holding the visual information needed to "
        "answer the question.\n"
        'Reply with JSON only: {"result": [[start1, end1], [start2, end2], ...]} where each start and end '
        "is in seconds. Give at least one and at most five intervals."
    ),
    "judge_text": (
        "You are given a question, a model's prediction and the ground-truth answer.\n"
        "Judge whether the prediction is correct from the meaning of the two texts.\n"
        "- Output 0 if they are neither consistent nor related by inclusion: different meanings.\n"
        "- Output 1 if they mean the same, or the prediction meaningfully contains the ground truth.\n"
        "- Output 2 if they differ but could describe the same visual scene differently, so the video "
        "frames are needed to decide.\n"
        'Reply with JSON only: {"result": choice} where choice is 0, 1 or 2.'
    ),
    "judge_visual": (
        "You are given a question, a model's prediction and frames sampled from the clue intervals of the "
        "video that hold the answer.\n"
        "Judge from the frames whether the prediction answers the question correctly.\n"
        "- Output 0 if it does not.\n"
        "- Output 1 if it does.\n"
        'Reply with JSON only: {"result": choice} where choice is 0 or 1.'
    ),
}


@dataclasses.dataclass(frozen=True)
class Frame:
    """A frame given to a model: its timestamp in seconds and its JPEG bytes."""

    ts: float
    jpeg: bytes


def option_letters(n: int) -> list[str]:
    """The letters naming ``n`` options.

    Example:
        >>> option_letters(3)
        ['A', 'B', 'C']
    """
    if not 1 <= n <= 26:
        raise VqdbError(f"a multiple-choice question needs 1 to 26 options, got {n}")
    return list(string.ascii_uppercase[:n])


def build_messages(
    task: str,
    question: str,
    *,
    options: Sequence[str] | None = None,
    frames: Sequence[Frame] = (),
    subtitles: Sequence[str] = (),
    prediction: str | None = None,
    ground_truth: str | None = None,
) -> list[dict]:
    """The chat messages (system + one user turn with images then text) for a CG-Bench task.

    Example:
        >>> m = build_messages("judge_text", "Who waves?", prediction="a man", ground_truth="the man")
        >>> m[1]["content"][-1]["text"].splitlines()[-1]
        "The model's prediction is 'a man'"
    """
    if task not in SYSTEM:
        raise VqdbError(f"unknown prompt task {task!r}; choose from {', '.join(SYSTEM)}")
    if task in ("mcq", "text_mcq") and not options:
        raise VqdbError("a multiple-choice prompt needs options; use task 'open' for a free-text question")
    text = ""
    if subtitles:
        header = (
            "The text read and heard in the video, each line with its time in seconds:"
            if task.startswith("text_")
            else "The subtitles of the video are as follows:"
        )
        text += header + "\n\n" + "\n".join(subtitles) + "\n\n"
    if frames and task != "judge_visual":
        stamps = ", ".join(_seconds(f.ts) for f in frames)
        text += f"A total of {len(frames)} frames are sampled. Their corresponding timestamps are:\n\n{stamps}\n\n"
    text += f"Question: {question}\n\n"
    if options and task in ("mcq", "text_mcq", "grounding"):
        text += "\n".join(f"{letter}:{opt}" for letter, opt in zip(option_letters(len(options)), options, strict=True))
        text += "\n\n"
    if task == "judge_text":
        text += f"The ground truth answer is '{ground_truth}'\n\n"
    if task in ("judge_text", "judge_visual"):
        text += f"The model's prediction is '{prediction}'\n\n"
    content = [image_part(f.jpeg) for f in frames] + [{"type": "text", "text": text.rstrip("\n")}]
    return [{"role": "system", "content": SYSTEM[task]}, {"role": "user", "content": content}]


def parse_letter(text: str, n_options: int) -> str | None:
    """The option letter a reply chose (``B``, ``(B)``, ``B. ...``, ``Answer: B``, ``{"result": "B"}``), else None.

    Example:
        >>> [parse_letter(t, 4) for t in ["C", '{"result": "D"}', "(b) cat", "Answer: a", "E", "A cat"]]
        ['C', 'D', 'B', 'A', None, None]
    """
    letters = option_letters(n_options)
    value = parse_result(text)
    candidate = (value if isinstance(value, str) else text).strip()
    if len(candidate) == 1 and candidate.upper() in letters:
        return candidate.upper()
    first = re.match(r"^\W*([A-Za-z])\s*(?:[.):,]|$)", candidate)
    if first and first.group(1).upper() in letters:
        return first.group(1).upper()
    labelled = re.search(r"(?:answer|option|choice)\s*(?:is)?\s*[:\-]?\s*\(?([A-Za-z])\b", candidate, re.IGNORECASE)
    if labelled and labelled.group(1).upper() in letters:
        return labelled.group(1).upper()
    return None


def parse_result(text: str) -> object | None:
    """The ``result`` value of a JSON reply (bare or in a ```json fence), or None when there is none.

    Example:
        >>> parse_result('```json\\n{"result": [[1, 2]]}\\n```')
        [[1, 2]]
    """
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    body = fenced.group(1) if fenced else text
    match = re.search(r"\{.*\}", body, re.DOTALL)
    if not match:
        return None
    try:
        data = json.loads(match.group(0))
    except ValueError:
        return None
    return data.get("result") if isinstance(data, dict) else None


def parse_intervals(text: str, duration: float | None = None) -> list[list[float]]:
    """Clue intervals ``[[start, end], ...]`` from a grounding reply, clipped to ``[0, duration]``.

    Invalid pairs are dropped, at most five intervals are kept (CG-Bench's rule).

    Example:
        >>> parse_intervals('{"result": [[2, 4.5], [9, 12], [5, 3]]}', duration=10)
        [[2.0, 4.5], [9.0, 10.0]]
    """
    value = parse_result(text)
    if not isinstance(value, list):
        pairs = re.findall(r"\[\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\]", text)
        value = [[float(a), float(b)] for a, b in pairs]
    intervals = []
    for item in value:
        if not (isinstance(item, list | tuple) and len(item) == 2):
            continue
        try:
            start, end = max(0.0, float(item[0])), float(item[1])
        except (TypeError, ValueError):
            continue
        if duration is not None:
            end = min(end, float(duration))
        if end > start:
            intervals.append([start, end])
    return intervals[:MAX_CLUE_INTERVALS]


def parse_choice(text: str, allowed: Sequence[int]) -> int | None:
    """A judge's integer verdict from ``{"result": n}`` or a bare number; None when it is not allowed.

    Example:
        >>> parse_choice('{"result": 2}', (0, 1, 2)), parse_choice("1", (0, 1)), parse_choice("7", (0, 1))
        (2, 1, None)
    """
    value = parse_result(text)
    if value is None:
        digits = re.findall(r"\b(\d)\b", text)
        value = digits[0] if digits else None
    try:
        choice = int(value)
    except (TypeError, ValueError):
        return None
    return choice if choice in allowed else None


def _seconds(ts: float) -> str:
    return str(round(float(ts), 4))
