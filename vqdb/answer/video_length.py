"""Questions about the video's own length ("How long is the video?"), answered from its duration.

No text in a video says how long it is, so the evidence-only answerer, which reads text, had nothing to
answer with; the length is known exactly from the ``videos`` table. A question asks it when the video (the
clip, the film, this) is what it asks the length of: "How long is this clip?", "What is the video's
duration?", "How many seconds long is the video?", "How long does the video last?"; not "How long does he
talk?" nor "How long is the bridge?", which ask about something in it.

With options that name an amount of time ("24 seconds", "0:24", "about 2 minutes"), the one nearest the
duration is chosen, flagged where the next is nearly as near (``LENGTH_MARGIN``) or it is farther from the
duration than ``LENGTH_TOLERANCE`` of it.

Example:
    >>> asks_length("how long is the video?"), asks_length("How long does the man talk?")
    (True, False)
    >>> length_text(84.4)
    '84.4 seconds (1:24)'
    >>> nearest_length(24.0, ["1 minute", "24 seconds", "0:42", "about 2 minutes"])
    (1, True)
"""

from __future__ import annotations

import re

from vqdb.answer.questions import video_span

_VIDEO = r"(?:(?:the|this) (?:whole |entire |full )?(?:video|clip|film|movie|recording|footage)|it all)"
_ASKS_LENGTH = re.compile(
    rf"\bhow long (?:is|was) {_VIDEO}\b"
    rf"|\bhow long does {_VIDEO} (?:last|run|go on|take)\b"
    rf"|\bhow many (?:seconds|minutes) (?:long )?(?:is|does) {_VIDEO}\b"
    rf"|\bwhat(?: is|'s) (?:the (?:total )?(?:length|duration|running time|runtime) of {_VIDEO}"
    rf"|{_VIDEO}'s (?:total )?(?:length|duration|running time|runtime))\b",
    re.IGNORECASE,
)
LENGTH_TOLERANCE = 0.25  # an option farther from the duration than this share of it is no sure answer
LENGTH_MARGIN = 0.1  # ... nor one the next option is nearly as near (this share of the duration)


def asks_length(question: str) -> bool:
    """Whether ``question`` asks how long the video itself is.

    Example:
        >>> [asks_length(q) for q in ("What's the duration of the clip?", "How many seconds long is this video?",
        ...                           "How long is the bridge?", "How long after the title does he speak?")]
        [True, True, False, False]
    """
    return _ASKS_LENGTH.search(question) is not None


def length_text(duration_s: float) -> str:
    """The duration in seconds, rounded to a tenth, and as minutes:seconds.

    Example:
        >>> length_text(8.33), length_text(3725.0)
        ('8.3 seconds (0:08)', '3725.0 seconds (1:02:05)')
    """
    whole = round(duration_s)
    hours, rest = divmod(whole, 3600)
    clock = f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
    return f"{duration_s:.1f} seconds ({clock})"


def nearest_length(duration_s: float, options: list[str]) -> tuple[int, bool] | None:
    """The index of the option naming the amount of time nearest ``duration_s``, and whether it is a sure
    answer (within ``LENGTH_TOLERANCE`` of it, the next option ``LENGTH_MARGIN`` of it farther); None where
    fewer than two options name an amount of time (``vqdb.answer.questions.video_span``).

    Example:
        >>> nearest_length(44.65, ["30 seconds", "45 seconds", "0:50", "1:30"]), nearest_length(44.65, ["0:44", "0:46"])
        ((1, True), (0, False))
        >>> nearest_length(44.65, ["a dog", "a cat"]) is None
        True
    """
    amounts = [video_span(option) for option in options]
    named = [(abs(span[0] - duration_s), i) for i, span in enumerate(amounts) if span is not None]
    if len(named) < 2:
        return None
    (gap, best), (next_gap, _) = sorted(named)[:2]
    sure = gap <= LENGTH_TOLERANCE * duration_s and next_gap - gap >= LENGTH_MARGIN * duration_s
    return best, sure
