"""Answers to questions about videos: a VLM (or the evidence-only answerer) on retrieved keyframes.

``answer(corpus, question, options=None, video=..., k=8)`` retrieves keyframes and answers with a
FALCONEye confidence, the text evidence near the keyframes and predicted clue intervals;
``judge_open`` is CG-Bench's two-step judge of open-ended answers.

Example:
    >>> from vqdb.answer import answer, answer_on_keyframes, judge_open
    >>> callable(answer) and callable(answer_on_keyframes) and callable(judge_open)
    True
"""

from vqdb.answer.answer import Answer, answer, answer_on_keyframes, ground, resolve_backend
from vqdb.answer.evidence import Evidence, Keyframe
from vqdb.answer.evidence_answerer import EvidenceAnswer, EvidenceAnswerer, OptionScore
from vqdb.answer.judge import JudgeVerdict, judge_open

__all__ = [
    "Answer",
    "Evidence",
    "EvidenceAnswer",
    "EvidenceAnswerer",
    "JudgeVerdict",
    "Keyframe",
    "OptionScore",
    "answer",
    "answer_on_keyframes",
    "ground",
    "judge_open",
    "resolve_backend",
]
