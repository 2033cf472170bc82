"""Text framed by who acts on it: how people describe a screen recording, a chat, a slide or a form. "When
does the user type the question about the flag?", "the chatbot's answer about the weather pops up", "the
moment the answer mentions a blue ball on a scale", "when does the user click the settings tab?": an actor
(``phrasing.ACTORS``) doing something (``phrasing.ACTS_ON_TEXT``) to a piece of text (``phrasing.TEXT_ITEMS``)
about X (``phrasing.ABOUT``), or to an interface part labelled X. X is the text to find; the framing is
neither read, said nor seen.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, alternation
from vqdb.planner.rules.cues import _CLAUSE_STARTS
from vqdb.planner.rules.evidence import EITHER, SCREEN, TOOLS_FOR, _Evidence, _has_alnum

_FRAMED = re.compile(  # "the (chatbot's first) answer about X": a determiner or a possessive, then the noun of text
    rf"\b(?P<det>{alternation(sorted(phrasing.DETERMINERS))}|[\w-]+['’]s)\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?P<item>{alternation(sorted(phrasing.TEXT_ITEMS))})\s+"
    rf"(?:(?:into|in|on|onto|inside|to)\s+(?:{alternation(sorted(phrasing.DETERMINERS))})\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{alternation(sorted(phrasing.TEXT_PLACES))})\s+)?"  # where it is put: "a question into the prompt box"
    rf"(?P<about>{alternation(sorted(phrasing.ABOUT))})\s+"
    r"(?P<topic>[^,.?!;:\ue002\ue000]+)",
    re.I,
)
_LABELLED = re.compile(  # "click the settings tab", "opens the file menu": the words between are its label (an icon's
    # words name its picture: "the question mark icon")
    rf"\b(?P<verb>{alternation(sorted(phrasing.CLICKS | {'open', 'opens', 'opened', 'opening'}))})\s+"
    rf"(?:{alternation(sorted(phrasing.DETERMINERS))})\s+(?P<label>(?:[\w'&+-]+\s+){{1,3}}?)"
    rf"(?P<part>{alternation(sorted(phrasing.UI_NOUNS - {'icon', 'icons'} | {'menu', 'option', 'options'}))})\b",
    re.I,
)
_FRAMING_WORDS = frozenset(w for phrase in phrasing.ACTS_ON_TEXT for w in phrase.split()) | phrasing.ACTORS
_TAIL = phrasing.AUXILIARIES | _FRAMING_WORDS | phrasing.ON_SCREEN_ACTS | {
    "up", "come", "comes", "came", "first", "again", "finally", "screen", "onscreen", "on", "in", "the", "chat",
    "say", "says", "said", "state", "states", "stated", "tell", "tells",  # "what does the note about X say?"
}  # fmt: skip


def _take_framed_text(text: str, evidence: _Evidence) -> str:
    """The text a question frames by who acts on it, each found once: what a piece of text (``TEXT_ITEMS``
    after a determiner or a possessive) is about or says, ``ocr`` when the framing puts it only on screen
    (``phrasing.ON_SCREEN_ACTS``: typed, pasted, popped up; a slide, a prompt), else read or heard; the label
    of an interface part a verb of using one acts on ("click the settings tab": ``ocr`` "settings"). Who acts
    (``ACTORS``), what they do (``ACTS_ON_TEXT``) and the noun are dropped.

    Example:
        >>> evidence = _Evidence()
        >>> _take_framed_text("When does the user type the question about the flag?", evidence)
        'When does  , ?'
        >>> evidence.groups
        [(('ocr', 'flag'),)]
        >>> evidence = _Evidence()
        >>> _take_framed_text("when does the user click the settings tab", evidence), evidence.groups
        ('when does  , ', [(('ocr', 'settings'),)])
    """
    pieces, last = [], 0
    for match in _FRAMED.finditer(text):
        if match.start() < last:
            continue
        topic = match.group("topic")
        first = len(topic) - len(topic.lstrip()) + len((topic.split() or [""])[0])  # "asking which …": a question
        topic = topic[: next((s for s, _ in _CLAUSE_STARTS.spans(topic) if s >= first), len(topic))]
        words = [w.group(0) for w in WORD.finditer(topic)]
        spans = [w.span() for w in WORD.finditer(topic)]
        while words and words[-1].lower() in _TAIL:
            words.pop(), spans.pop()
        while words and words[0].lower() in phrasing.DETERMINERS:
            words.pop(0), spans.pop(0)
        if not words or not _has_alnum(" ".join(words)):
            continue
        start = _framing_start(text, match.start())
        framing = [w.lower() for w in re.findall(r"[\w'’-]+", text[start : match.start("topic")])]
        tail = [w.lower() for w in re.findall(r"[\w'’-]+", topic[spans[-1][1] :])]
        on_screen = any(_unpossessed(w) in phrasing.ON_SCREEN_ACTS for w in [*framing, *tail])
        evidence.add(TOOLS_FOR[SCREEN if on_screen else EITHER], topic[spans[0][0] : spans[-1][1]])
        pieces.append(text[last:start] + " , ")
        last = match.start("topic") + len(topic)
    text = "".join(pieces) + text[last:]
    pieces, last = [], 0
    for match in _LABELLED.finditer(text):
        label = match.group("label").strip()
        if not _has_alnum(label) or any(w.lower() in phrasing.STOP for w in label.split()):
            continue
        evidence.add(TOOLS_FOR[SCREEN], label)
        pieces.append(text[last : _framing_start(text, match.start())] + " , ")
        last = match.end()
    return "".join(pieces) + text[last:]


def _unpossessed(word: str) -> str:
    """``word`` without a possessive "'s" ("chatbot's" -> "chatbot")."""
    return _POSSESSIVE.sub("", word)


_POSSESSIVE = re.compile(r"['’]s$")


def _framing_start(text: str, end: int) -> int:
    """Where the framing before a piece of text at ``text[end]`` starts: the words just before it that name
    who acts on it, what they do, or are determiners ("the user type the question …": "user type")."""
    start = end
    for word in reversed(list(WORD.finditer(text, 0, end))):
        lower = _unpossessed(word.group(0).lower())
        if lower not in _FRAMING_WORDS | phrasing.DETERMINERS | {"to", "down", "with", "on"}:
            break
        if text[word.end() : start].strip(" "):  # punctuation between: another clause
            break
        start = word.start()
    return start
