"""Options that carry their own letters: "A. Apples.", "(B) Candles", "C) 42".

Benchmark files write the letter into each option (Video-MME's ``"A. Apples."``); the answerer names
the option by its position already, and a letter read as one of its words ("c" of "C. the truth") is a
word no screen or voice has: the option looks half read. :func:`unlabelled` takes the letters off where
every option starts with its own letter in order (A, B, C ...) followed by ``.``, ``)`` or ``:``, or
wrapped in parentheses; options that do not all carry their letters are left as they are ("A cat",
"B-52" are words).

Example:
    >>> unlabelled(["A. Apples.", "B. Candles.", "C. Berries."])
    ['Apples.', 'Candles.', 'Berries.']
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence

_LABEL = re.compile(r"^\s*(?:\(\s*([A-Z])\s*\)|([A-Z])\s*[.):])\s+")


def unlabelled(options: Sequence[str]) -> list[str]:
    """``options`` without the letter each starts with, where every one starts with its own letter in order.

    Example:
        >>> unlabelled(["(A) ls /usr", "(B) cd /usr"])
        ['ls /usr', 'cd /usr']
        >>> unlabelled(["A cat", "B. dog"])  # not every option is labelled: words, not letters
        ['A cat', 'B. dog']
        >>> unlabelled(["B. one", "A. two"])  # letters out of order are part of the options
        ['B. one', 'A. two']
    """
    matches = [_LABEL.match(option) for option in options]
    letters = [(m.group(1) or m.group(2)) if m else None for m in matches]
    if not options or letters != list(string.ascii_uppercase[: len(options)]):
        return list(options)
    return [option[m.end() :] for option, m in zip(options, matches, strict=True) if m is not None]
