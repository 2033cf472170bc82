"""Words a question can write in more than one way, written the one way the rules read them, before any rule
reads the question: an ordinal in digits as its word ("the 3rd caption": "the third caption",
``phrasing.ORDINALS_IN_WORDS``) and a verb of appearing as "appear" in its tense ("the number pops up", "the
caption comes up", "which sign comes first?", "when does the text change?": ``phrasing.APPEARING``,
``phrasing.TEXT_ARRIVING``). Each is the question's frame, not a word to read or hear; the rules read "third" and
"appear" already. Nothing inside a quote changes: a quote is text to find as written.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import Phrases, alternation
from vqdb.planner.rules.framing import _QUOTE
from vqdb.planner.rules.visual import _TEXTS

_ORDINAL = re.compile(  # an ordinal in digits before a text's noun or "one", or where its clause ends
    rf"(?<![\w-])(?P<ordinal>{alternation(list(phrasing.ORDINALS_IN_WORDS))})(?![\w-])"
    rf"(?=\s+(?:{alternation(sorted(_TEXTS))}|one)\b|\s*(?:[?.!,;:]|$))",
    re.I,
)
_MONTH_BEFORE = re.compile(rf"\b(?:{alternation(phrasing.MONTHS)})\.?\s+$", re.I)
_APPEARING = Phrases(phrasing.APPEARING)
_MOVING_ON = re.compile(  # "popped up from behind the sofa", "shows up with a cake", "shows up the bug"
    r"^\s+(?:(?:the|a|an|his|her|their|its)\s+(?!(?:first|last|next|screen)\b)"
    r"|(?:with|from|to|towards?|into|through|behind|out|over)\b)",
    re.I,
)
_TEXT_ARRIVING = re.compile(
    rf"\b(?P<noun>{alternation(sorted(_TEXTS))})\s+(?:(?:first|ever|then|suddenly)\s+)?"
    rf"(?P<verb>(?:{alternation(phrasing.TEXT_ARRIVING)})(?:\s+up)?)\b(?=\s*(?:$|[?.!,;:]|(?:first|next|last|again"
    r"|on\b|after\b|before\b|when\b|while\b)))",
    re.I,
)
_PAST = {"came", "popped", "showed", "shown", "changed", "switched"}


def ordinals_in_words(question: str) -> str:
    """``question`` with each ordinal in digits ("3rd", "1st", ``phrasing.ORDINALS_IN_WORDS``) that orders a text
    written as its word: one before a text's noun ("the 2nd caption", "the 3rd slide") or "one", or where its
    clause ends ("which sign comes up 1st?"); not in a quote (text to find), a date ("on May 1st?":
    ``phrasing.MONTHS``) or before another noun ("the 10th second", "her 1st day", "the 9th car": the rules order
    no such thing, and "the 2nd time" they read as it is).

    Example:
        >>> ordinals_in_words("when does the 2nd caption appear?"), ordinals_in_words("which sign comes up 1st?")
        ('when does the second caption appear?', 'which sign comes up first?')
        >>> ordinals_in_words("what happens on May 1st?"), ordinals_in_words("when is 'the 3rd slide' shown?")
        ('what happens on May 1st?', "when is 'the 3rd slide' shown?")
        >>> ordinals_in_words("the 3rd of March"), ordinals_in_words("the 21st slide")
        ('the 3rd of March', 'the 21st slide')
        >>> ordinals_in_words("what happens in the 10th second?")
        'what happens in the 10th second?'
    """
    quoted = [m.span() for m in _QUOTE.finditer(question)]

    def written(found: re.Match[str]) -> str:
        start, end = found.span()
        if any(a <= start < b for a, b in quoted):
            return found.group(0)
        if _MONTH_BEFORE.search(question[:start]):
            return found.group(0)
        return phrasing.ORDINALS_IN_WORDS[found.group("ordinal").lower()]

    return _ORDINAL.sub(written, question)


def appearing_as_appear(question: str) -> str:
    """``question`` with a verb of appearing written "appear" in its tense: a phrasal one of appearing on screen
    whatever its subject (``phrasing.APPEARING``: "pops up", "showed up", "pops onto the screen"; not one that
    moves or shows something, "popped up from behind", "shows up the bug"), and a verb of arriving, "up" or
    not, after a text's noun where its clause ends or an order or a time follows (``phrasing.TEXT_ARRIVING``:
    "which sign comes first?", "when does the third caption come up?", "when does the text change?"; not "the
    sign changes colour", "when does the train come?", nor "when does 'X' come up?": a thing that comes up may
    be mentioned).

    Example:
        >>> appearing_as_appear("when does the third caption come up?")
        'when does the third caption appear?'
        >>> appearing_as_appear("what pops up after the title?"), appearing_as_appear("which sign comes first?")
        ('what appears after the title?', 'which sign appears first?')
        >>> appearing_as_appear("when does the text change?"), appearing_as_appear("the caption that popped up")
        ('when does the text appear?', 'the caption that appeared')
        >>> appearing_as_appear("when does he pop up from behind?"), appearing_as_appear("when does the train come?")
        ('when does he pop up from behind?', 'when does the train come?')
        >>> appearing_as_appear("what did he come up with?"), appearing_as_appear("when does it pop up on screen?")
        ('what did he come up with?', 'when does it appear on screen?')
        >>> appearing_as_appear("when does 'it pops up' appear?"), appearing_as_appear("when does 'forty' come up?")
        ("when does 'it pops up' appear?", "when does 'forty' come up?")
    """
    quoted = [m.span() for m in _QUOTE.finditer(question)]
    spans = [
        (start, end, question[start:end].split()[0])
        for start, end in _APPEARING.spans(question)
        if not any(a <= start < b for a, b in quoted) and not _MOVING_ON.match(question[end:])
    ]
    spans += [
        (found.start("verb"), found.end("verb"), found.group("verb").split()[0])
        for found in _TEXT_ARRIVING.finditer(question)
        if not any(a <= found.start() < b for a, b in quoted)
    ]
    for start, end, verb in sorted(spans, reverse=True):
        question = question[:start] + _appear_as(verb) + question[end:]
    return question


def _appear_as(verb: str) -> str:
    """ "appear" in the tense of ``verb`` ("pops": "appears", "came": "appeared", "coming": "appearing")."""
    verb = verb.lower()
    if verb.endswith("ing"):
        return "appearing"
    if verb in _PAST:
        return "appeared"
    return "appears" if verb.endswith("s") else "appear"
