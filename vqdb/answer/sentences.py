"""The sentences a snippet says, each one claim, for comparing an option's meaning with what was read.

A screen recording's snippet is a whole page ("Why is this video funny? / ... / The baby's actions are
amusing because he is trying to read / book that is too big for him ..."): an option that says one of its
sentences in other words ("a small child struggles to read a book that is too big for him") is close in
meaning to that sentence, not to the page, whose other sentences dilute the sentence model's vector. A
sentence may run over a screen's line breaks (" / ", ``vqdb.answer.screen_lines.LINE_BREAK``), so the lines
are joined and split again at sentence ends; a line is also a unit of its own (a strap, a list item, "Step
2: Mix flour and eggs", that ends with no full stop).

Example:
    >>> sentences_of("Why is it funny? / The baby tries to read / a book. He keeps pointing")[:3]
    ['Why is it funny?', 'The baby tries to read a book.', 'He keeps pointing']
"""

from __future__ import annotations

import re

from vqdb.answer.screen_lines import LINE_BREAK

SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")  # a full stop, question or exclamation mark, then a space


def sentences_of(text: str) -> list[str]:
    """The sentences of ``text`` (its lines joined, split at sentence ends), then each line not already one
    of them; each once, in order, empty ones left out.

    Example:
        >>> sentences_of("Lemon Cake / Step 2: Mix flour and eggs")
        ['Lemon Cake Step 2: Mix flour and eggs', 'Lemon Cake', 'Step 2: Mix flour and eggs']
        >>> sentences_of("ask not what your country can do for you")
        ['ask not what your country can do for you']
    """
    lines = [line.strip() for line in LINE_BREAK.split(text) if line.strip()]
    joined = [s.strip() for s in SENTENCE_END.split(" ".join(lines)) if s.strip()]
    return list(dict.fromkeys([*joined, *lines]))
