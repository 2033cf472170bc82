"""What a question says about where its answer is: a time relation, the sources it names, its key words.

:func:`read_question` splits a question into

* a **relation** to another moment (the anchor) — ``after`` ("right after X", "following X", "once
  X"), ``before`` ("just before X", "prior to X", "until X"), ``while`` ("while X", "during X",
  "when X" inside the sentence, "at the moment X") — with the anchor's words: its quoted phrase if it
  has one, else the clause after the relation word (up to a comma or the end; parentheses stay in);
  or a time in the video ("at 1:23 in the video", "at 83 seconds", "at 8 minutes and 16 seconds",
  "[[274, 278]]");
* an **ordinal**: ``first`` or ``last`` ("the first words", "what does she say last");
* the **source** the answer is in, from cue words in the rest of the question: ``speech`` (say,
  tell, mention, narrator, announcer, ...), ``screen`` (on screen, shown, caption, title, sign, ...),
  ``sound`` (sound, noise, bark, ...), or None when it names none or several; the same for the
  anchor's clause;
* its **context words**: the rest's words (the anchor clause, function words and the ordinal
  removed), which should be near the answer ("Sunset" in "What time is sunset, according to the
  card?"; cue words stay: "ask" in "what does he tell people to ask?").

Example:
    >>> q = read_question("What does the narrator say right after 'ask not'?")
    >>> q.relation, q.anchor, q.immediate, q.source
    ('after', 'ask not', True, 'speech')
    >>> q = read_question("While the president's name is on screen, what does he say first?")
    >>> q.relation, q.anchor, q.anchor_source, q.ordinal, q.source
    ('while', "the president's name is on screen", 'screen', 'first', 'speech')
    >>> read_question("What happened at 2:35 in the video?").at_s
    (155.0, 155.0)
    >>> read_question("Which train leaves at 7:45?").at_s is None
    True
"""

from __future__ import annotations

import dataclasses
import re

from vqdb.answer.lexical import STOPWORDS
from vqdb.answer.timeline import match_words
from vqdb.planner.vocabulary import SCREEN_NOUNS
from vqdb.textnorm import canonical

RELATIONS = {
    "after": "after",
    "following": "after",
    "once": "after",
    "as soon as": "after",
    "before": "before",
    "prior to": "before",
    "until": "before",
    "while": "while",
    "whilst": "while",
    "during": "while",
    "when": "while",
    "as": "while",
    "at the moment": "while",
    "at the same time as": "while",
    "at the time": "while",
}


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


IMMEDIATE = ("right", "just", "immediately", "directly", "shortly", "straight", "soon")
SPEECH_CUES = _word_set(
    """say says said saying speak speaks spoke spoken speaking talk talks talked talking tell tells told
    mention mentions mentioned mentioning announce announces announced announcing hear hears heard
    narrate narrates narrated narrating narrator narration voice voiceover announcer commentator speaker
    host presenter reporter anchor interviewer sing sings sang sung singing lyrics explain explains
    explained describe describes described call calls called ask asks asked reply replies replied answer
    answers answered announcement announcements commentary interview forecaster guide quizmaster contestant
    apologise apologises apologize apologizes thank thanks warn warns"""
)
SCREEN_CUES = _word_set(
    """screen onscreen shown show shows showing appear appears appeared appearing written display
    displays displayed displaying read reads title titles caption captions subtitle subtitles card slide
    sign signs banner logo label text credits credit chyron tag board poster menu heading headline
    overlay ticker printed typed types type typing"""
) | frozenset(n for n in SCREEN_NOUNS if " " not in n)  # the planner's things that carry text: scoreboard, graphic…
SOUND_CUES = _word_set(
    """sound sounds noise noises bark barks barking roar roars roaring ring rings ringing beep beeps
    honk honks music applause siren alarm chime chimes whistle buzz rumble"""
)
_QUOTE = re.compile(r"\"([^\"]+)\"|“([^”]+)”|‘([^’]+)’|«([^»]+)»|(?<![\w])'([^']+)'(?![\w])")
_RELATION = re.compile(
    r"\b(?:(?P<immediate>"
    + "|".join(IMMEDIATE)
    + r")\s+)?(?P<word>"
    + "|".join(sorted((re.escape(k).replace(r"\ ", r"\s+") for k in RELATIONS), key=len, reverse=True))
    + r")\b(?:\s+(?:that|when)\b)?",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[?!;]|[,.](?!\d)|\s[-–—]\s")
_LEADING_CLAUSE = re.compile(r"\s*when\b[^,?]+,\s*(?:what|which|who|whom|where|how|why|is|are|does|do|did|was)\b", re.I)
_ORDINAL = re.compile(r"\b(first|last|final|earliest|latest)\b", re.IGNORECASE)
_INTERVAL = re.compile(r"\[\[?\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*\]\]?")
_AT = r"\b(?:at|around|near|by)\s+(?:about\s+|the\s+)?"
_IN_VIDEO = r"\s+(?:in|into|of)\s+(?:the\s+)?(?:video|clip|film|movie|recording)\b"
_CLOCK = re.compile(_AT + r"(\d{1,2}):(\d{2})(?::(\d{2}))?" + _IN_VIDEO, re.IGNORECASE)  # not a time of day
_SPOKEN_TIME = re.compile(  # on canonical text: numbers are digits, "second" is "2nd"
    _AT + r"(?:(\d+)(?:st|nd|rd|th)? minutes?(?: and)? )?(\d+)(?:st|nd|rd|th)? (?:seconds?|2nd)\b"
    "|" + _AT + r"(\d+)(?:st|nd|rd|th)? minutes?\b"
)


@dataclasses.dataclass(frozen=True)
class QuestionParts:
    """A question's relation, anchor, ordinal, sources and context words (see the module doc)."""

    question: str
    relation: str | None = None
    anchor: str | None = None
    quoted: bool = False
    immediate: bool = False
    at_s: tuple[float, float] | None = None
    ordinal: str | None = None
    source: str | None = None
    anchor_source: str | None = None
    context: tuple[str, ...] = ()


def read_question(question: str) -> QuestionParts:
    """The parts of ``question`` (see the module doc).

    Example:
        >>> q = read_question("What is written on screen when the dog barks?")
        >>> q.relation, q.anchor, q.source, q.anchor_source
        ('while', 'the dog barks', 'screen', 'sound')
        >>> read_question("What time is sunset, according to the card?").context
        ('time', 'sunset', 'according', 'card')
        >>> read_question("When does the timecode show 00:00:05?").relation is None
        True
    """
    masked = _mask_quotes(question)
    relation = anchor = None
    immediate = False
    rest = question
    anchor_clause = ""
    anchor_quoted = False
    at_s = _explicit_time(question)
    found = _find_relation(masked)
    if at_s is not None:
        relation = "while"
    elif found is not None:
        start, end, relation, immediate = found
        stop = _CLAUSE_END.search(masked, end)
        clause_end = stop.start() if stop else len(question)
        clause = question[end:clause_end].strip()
        quoted = _quotes(clause)
        anchor = " ".join(quoted) if quoted else clause
        anchor_quoted = bool(quoted)
        if not match_words(anchor):
            relation = anchor = None
            immediate = False
        else:
            rest = question[:start] + question[clause_end:]
            anchor_clause = clause
    ordinal = _ORDINAL.search(_mask_quotes(rest))
    words = match_words(_mask_quotes(rest))
    ordinal_words = set(match_words(ordinal.group(1))) if ordinal else set()
    context = tuple(w for w in dict.fromkeys(words) if w not in STOPWORDS and w not in ordinal_words)
    return QuestionParts(
        question=question,
        relation=relation,
        anchor=anchor,
        quoted=anchor_quoted,
        immediate=immediate,
        at_s=at_s,
        ordinal=None if ordinal is None else ("first" if ordinal.group(1).lower() in ("first", "earliest") else "last"),
        source=source_of(_mask_quotes(rest)),
        anchor_source=source_of(_mask_quotes(anchor_clause)) if anchor is not None else None,
        context=context,
    )


def source_of(text: str) -> str | None:
    """The one source ``text``'s cue words name (``speech``, ``screen``, ``sound``), else None.

    Example:
        >>> source_of("what does the announcer say"), source_of("the caption"), source_of("the card tells")
        ('speech', 'screen', None)
    """
    words = set(canonical(text).split())
    named = [
        source
        for source, cues in (("speech", SPEECH_CUES), ("screen", SCREEN_CUES), ("sound", SOUND_CUES))
        if words & cues
    ]
    return named[0] if len(named) == 1 else None


def _find_relation(masked: str) -> tuple[int, int, str, bool] | None:
    """The first relation word of the question; a first "When" asks for a time ("When does...?"),
    unless its clause ends in a comma and the question goes on ("When the dog barks, what...?")."""
    for match in _RELATION.finditer(masked):
        word = re.sub(r"\s+", " ", match.group("word").lower())
        if match.start() == 0 and word == "when" and not _LEADING_CLAUSE.match(masked):
            continue
        if word == "as" and not match.group("immediate"):
            continue  # "as" alone is too often not about time ("such as", "as big as")
        return match.start(), match.end(), RELATIONS[word], match.group("immediate") is not None
    return None


def _mask_quotes(text: str) -> str:
    """``text`` with quoted phrases blanked out (same length), so words inside quotes are not cues."""
    return _QUOTE.sub(lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], text)


def _quotes(text: str) -> list[str]:
    return [next(g for g in m.groups() if g is not None).strip() for m in _QUOTE.finditer(text)]


def _explicit_time(question: str) -> tuple[float, float] | None:
    """A time in the video the question names: ``[[a, b]]``, "at 1:23 in the video" (``h:mm:ss`` too; a
    clock time alone is more often a time of day) or "at 8 minutes and 16 seconds"."""
    interval = _INTERVAL.search(question)
    if interval:
        return float(interval.group(1)), float(interval.group(2))
    clock = _CLOCK.search(question)
    if clock:
        a, b, c = clock.groups()
        seconds = int(a) * 3600 + int(b) * 60 + int(c) if c else int(a) * 60 + int(b)
        return float(seconds), float(seconds)
    spoken = _SPOKEN_TIME.search(canonical(question))
    if spoken:
        minutes, seconds, only_minutes = spoken.groups()
        if only_minutes is not None:
            return int(only_minutes) * 60.0, int(only_minutes) * 60.0 + 60.0
        t = int(minutes or 0) * 60.0 + int(seconds)
        return t, t
    return None
