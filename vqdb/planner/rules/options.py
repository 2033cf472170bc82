"""Answer options: those written into the question as a numbered list, and the tools options are looked
for with, by what the question asks for (words shown, words said, or a picture).
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, Phrases, alternation
from vqdb.planner.rules.cues import (
    _ASKS_SOURCE,
    _QUOTE,
    _SCREEN_NOUN_WORDS,
    _SPEAKER_WORDS,
    _SPEECH_CUES,
    _TEXT_NOUNS,
    _clause_breaks,
)
from vqdb.planner.rules.evidence import READ, SEEN, SPEECH, TOOLS_FOR, _has_alnum
from vqdb.planner.rules.speech import _speech_cues
from vqdb.planner.vocabulary import SPEAKERS

_ASKS_WORDS = re.compile(
    r"\b(?:what|which)\s+(?:\w+\s+){0,3}(?:words?|text|letters|number|numbers|title|name|sign|caption|"
    r"subtitles?|label|brand|price|website|web\s+address|url|e-?mail\s+address|question|prompt)\b",
    re.I,
)
_ASKS_SHOWN = re.compile(
    r"\bwhat\b[^,]*\b(?:written|displayed|shown on|on the screen|does the \w+ (?:say|read|show))\b", re.I
)
_ASKS_PICTURED = re.compile(  # "what shape is the bucket that appears on the screen": a picture, not text
    rf"\bwhat\s+(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?:\w+\s+)?(?:{alternation(phrasing.PICTURED_ASKS)})\b",
    re.I,
)
_ASKS_SPEECH = re.compile(
    rf"\bwhat\b[^,]*\b(?:did|does|do|is|was)\s+(?:the\s+)?(?:{alternation(SPEAKERS)})\s+(?:say|mention|shout|ask)\b",
    re.I,
)
_DESCRIBED = phrasing.LOCATING | {"with", "wearing", "dressed", "from", "of"}  # "the boy in white", "a man with"
_AMOUNT = Phrases(phrasing.COUNTS | phrasing.HOW_LONG)  # "how many", "how long": a count, a length of time
_ENUMERATOR = re.compile(r"(?<![^\s(,;:?])(\d{1,2})[.)、．]\s*(?=[^\d\s])")


def _inline_options(text: str) -> tuple[str, list[str]]:
    """The question before a numbered list of options written into it ("Which is correct? 1. $25, 2. $30"),
    and the options; ``text`` and no options when it has no such list (numbers 1, 2, … in order). Given
    options that only refer to the list ("1 and 3", "Only 2") give way to it."""
    quoted = [m.span() for m in _QUOTE.finditer(text)]
    marks = [m for m in _ENUMERATOR.finditer(text) if not any(a <= m.start() < b for a, b in quoted)]
    for i, first in enumerate(marks):
        if first.group(1) != "1":
            continue
        run = [first]
        for mark in marks[i + 1 :]:
            if int(mark.group(1)) == int(run[-1].group(1)) + 1:
                run.append(mark)
        if len(run) >= 2:
            ends = [m.start() for m in run[1:]] + [len(text)]
            options = [text[m.end() : end].strip(" ,;.") for m, end in zip(run, ends, strict=True)]
            return text[: first.start()], [o for o in options if _has_alnum(o)]
    return text, []


def _option_tools(question: str) -> tuple[str, ...]:
    """The tools answer options are looked for with: by what the question asks for, siglip last.
    "according to the narrator / Kennedy" and "what does the host tell" ask what was said; "according to
    the card / credits" and "what does the sign say" what was shown; "what are the first words Kennedy says"
    words said."""
    source = _ASKS_SOURCE.search(question)
    if source:
        named = next(g for g in source.groups() if g)
        word = named.lower()
        if word in _SCREEN_NOUN_WORDS or word in phrasing.SHOWN_SOURCES:
            return (READ, SEEN)
        if word in _SPEAKER_WORDS or named[0].isupper():
            return (*TOOLS_FOR[SPEECH], SEEN)
    asks_text = _asks_text(question)
    if _ASKS_SPEECH.search(question) or (asks_text and _said_by_someone(question, asks_text.end())):
        return (*TOOLS_FOR[SPEECH], SEEN)
    if asks_text:
        return (READ, SEEN)
    return (SEEN,)


_WHOLE_VIDEO = frozenset({"video", "clip"})  # "according to the video": shown and said


def shown_source(question: str) -> bool:
    """Whether ``question`` names where its answer is, and that is a text shown: "according to the credits /
    the slide / the banner", "as per the card", "going by the sign" (``_ASKS_SOURCE`` naming a thing that
    carries text, ``phrasing.SHOWN_SOURCES``; not the whole video, which says as much as it shows): its words
    and its options are read on screen, not heard (a slide read aloud is said too, but the question points at
    the slide's text).

    Example:
        >>> shown_source("According to the slide, what year was it?"), shown_source("who is it, per the credits?")
        (True, True)
        >>> shown_source("according to the narrator, what year was it?"), shown_source("who, according to the video?")
        (False, False)
    """
    source = _ASKS_SOURCE.search(question)
    if not source:
        return False
    word = next(g for g in source.groups() if g).lower()
    return word not in _WHOLE_VIDEO and (word in _SCREEN_NOUN_WORDS or word in phrasing.SHOWN_SOURCES)


def _counted(question: str) -> bool:
    """Whether ``question`` asks a count or a length of time (``phrasing.COUNTS``, ``phrasing.HOW_LONG``:
    "how many times does he jump?", "how long does the rest last?") and not what is read or said
    (``_option_tools``), nor of a display of text (``TEXT_NOUNS``): its answer options ("four times", "3
    pieces", "15 seconds") are no picture (SigLIP does not count) and no words of the video, and are not
    looked for. "How many points does the scoreboard show?" and "how long is the bridge, according to the
    guide?" read or hear them.

    Example:
        >>> _counted("How many times does the dog jump?"), _counted("how long does the applause last?")
        (True, True)
        >>> _counted("How many points does the scoreboard show?"), _counted("What is the price?")
        (False, False)
    """
    asked = _AMOUNT.first(question) is not None and _TEXT_NOUNS.first(question) is None
    return asked and _option_tools(question) == (SEEN,)


def _asks_text(question: str) -> re.Match | None:
    """Where ``question`` asks for words ("what words…", "which sign…") or what is written, displayed or
    on the screen, unless what it asks of is seen, not read (``phrasing.PICTURED_ASKS``: "what shape is the
    bucket that appears on the screen?": on the screen is in the picture); None when it does not.

    Example:
        >>> [bool(_asks_text(q)) for q in ("what text appears on the screen?", "what is the dog holding?")]
        [True, False]
        >>> [bool(_asks_text(q)) for q in ("what colour is the car shown on the screen?", "what colour number?")]
        [False, True]
    """
    words = _ASKS_WORDS.search(question)
    if words or _ASKS_PICTURED.search(question):
        return words
    return _ASKS_SHOWN.search(question)


def _said_by_someone(question: str, asked_end: int) -> bool:
    """Whether what follows the words ``question`` asks for (up to ``asked_end``) says a person or a name says
    them, in the same clause ("What are the first words [Kennedy says]?", "the first question [the boy in
    white asked]", "which website [does the reader give]"; not "the card tells", nor "…, when the host says").

    Example:
        >>> _said_by_someone("the first question the boy in white asked him?", 18)
        True
        >>> _said_by_someone("which website does the reader give?", 13)
        True
        >>> _said_by_someone("what does the card tell you?", 4), _said_by_someone("what is shown when the host says", 4)
        (False, False)
    """
    clause = question[asked_end:]
    verb = _SPEECH_CUES.first(clause)
    spoken = next((m for m in _speech_cues(question) if m.start() >= asked_end), None)  # "the reader give(s)"
    start = min([*(verb or ())[:1], *([spoken.start() - asked_end] if spoken else [])], default=None)
    head = clause[:start] if start is not None else ""
    if start is None or _clause_breaks(head) or any(c in head for c in ',;"“‘\ue000\ue002'):
        return False
    if spoken and spoken.start() - asked_end == start and spoken.groupdict():
        return True  # a speaker or a name before a verb of speech: _speech_cues' own test
    words = [w.group(0) for w in WORD.finditer(head)]
    described = [i for i, w in enumerate(words[:-1]) if w.lower() in _SPEAKER_WORDS and words[i + 1] in _DESCRIBED]
    subject = words[described[-1]] if described else (words or [""])[-1]  # "the boy in white clothes asked": "boy"
    return subject.lower() in _SPEAKER_WORDS or subject[:1].isupper()


def _refers_to_options(option: str) -> bool:
    """Whether an answer option only refers to options listed in the question ("1 and 3", "Only 2", "all of
    the above")."""
    words = "".join(" " if c.isdecimal() or c.isspace() or c in ",&" else c for c in option.lower()).split()
    return bool(option) and all(w in phrasing.OPTION_REFERENCES for w in words)
