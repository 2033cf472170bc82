"""Options OCR cannot tell apart: two options that are one text once the characters OCR confuses are made
the same (``vqdb.textnorm.glyph_key``: "B"/"8", "0"/"O", "1"/"l"/"I", "5"/"S", "rn"/"m", "vv"/"w"; and
``vqdb.textnorm.LOOKALIKES_AS_DIGITS``: "Z"/"2").

Benchmark writers make near-misread distractors on purpose ("Pad 398" beside "Pad 39B"), and OCR makes the
same misreads on small or lossy text: "Live from Pad 39B" read "Live from Pad 398" matches the distractor
exactly and the right option not at all. What was read cannot choose between such twins (:func:`twins_of`).
What can is how the options were made: a writer perturbs the right answer one way per distractor ("39A",
"398", "3B" from "39B"), so the right one is the option nearest the others (:func:`likeliest_original`: the
least summed edit distance to the other options; a tie keeps the one read).

Example:
    >>> options = ["39B", "39A", "398", "3B"]
    >>> twins_of(options, 2)
    [0]
    >>> options[likeliest_original(options, [2, *twins_of(options, 2)])]
    '39B'
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz.distance import Levenshtein

from vqdb.textnorm import LOOKALIKES_AS_DIGITS, glyph_key

TWINS_DOUBT = 0.5  # the confidence kept where the option read has a twin: the read does not tell them apart


def _spelled(option: str) -> str:
    return " ".join(option.lower().split())


def _read_alike(option: str) -> str:
    return glyph_key(option.translate(LOOKALIKES_AS_DIGITS).lower())


def twins_of(options: Sequence[str], chosen: int) -> list[int]:
    """The other options that read as option ``chosen`` does once OCR's confusable characters are made the
    same, though spelled otherwise (a difference of letter case alone is no misread).

    Example:
        >>> twins_of(["Gate 1O", "Gate 10", "Gate 16", "GATE 10"], 1)
        [0]
        >>> twins_of(["Harbor Way", "Harbour Row"], 0), twins_of(["channel2news.com", "channelznews.com"], 1)
        ([], [0])
    """
    key = _read_alike(_spelled(options[chosen]))
    return [
        i
        for i, option in enumerate(options)
        if i != chosen and _spelled(option) != _spelled(options[chosen]) and _read_alike(_spelled(option)) == key
    ]


def likeliest_original(options: Sequence[str], twins: Sequence[int]) -> int:
    """Of the options ``twins`` (the one read first), the one nearest all the options: the least summed
    character edit distance to every option. The distractors of a near-misread question are each one
    change from the right answer, so it is the centre of them; a tie keeps ``twins[0]``.

    Example:
        >>> likeliest_original(["0B00 123 4567", "0800 123 4561", "0800 123 4567", "0800 128 4567"], [2, 0])
        2
        >>> likeliest_original(["Pad 398", "Pad 38B", "Pad 39B", "Pad 39A"], [0, 2])
        2
    """
    spelled = [_spelled(o) for o in options]

    def spread(i: int) -> int:
        return sum(Levenshtein.distance(spelled[i], other) for other in spelled)

    return min(twins, key=lambda i: (spread(i), twins.index(i)))
