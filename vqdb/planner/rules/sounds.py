"""Sounds: the sound words a question hears (after "hear", before "plays"), named sounds and the verbs
of making one, each an ``audio`` call.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, alternation
from vqdb.planner.rules.cues import _SPEECH_CUES, _before_a_quote
from vqdb.planner.rules.evidence import HEARD, _Evidence
from vqdb.planner.sound_words import NAMED_SOUNDS, SOUND_WORDS
from vqdb.planner.vocabulary import SOUND_VERBS

_SOUND = re.compile(
    rf"\b(?:the )?(?:sound|noise) of (?:an? |the )?([a-z ]+?)(?=$|[,.?!;]| and | while | or )"
    rf"|\b({alternation(list(NAMED_SOUNDS))})\b",
    re.I,
)
_SOUND_VERB_FORMS = {v + end: v for v in SOUND_VERBS for end in ("", "s", "es", "ed", "d", "ing", "ping", "ped")}
_SOUND_WORD = re.compile(rf"\b({alternation(SOUND_WORDS)})(?:s|es|ing)?\b", re.I)
_HEAR = re.compile(
    r"\b(?:hear|hears|heard|hearing|listen(?:s|ed|ing)? (?:to|for))\b((?:\s+(?!(?:when|while|after|before|and then)\b)"
    r"[^\s,.?!;]+){1,6})",
    re.I,
)
_HEARD = re.compile(
    r"((?:[^\s,.?!;]+\s+){1,5})(?:plays|played|rings|ringing|rang|goes off|went off|(?:is|are|was|were|be) heard)\b"
    r"|\b(?:does|do|did|will|would|can|could)\s+((?:[^\s,.?!;]+\s+){1,4})(?:play|ring|go off)\b"
    r"|\b(?:goes|go|went|going)\s+([^\s,.?!;]+)",  # "the timer goes ding"
    re.I,
)


def _take_heard_sounds(text: str, evidence: _Evidence) -> str:
    """Sounds a question hears: sound words (``SOUND_WORDS``, the tagger's labels) in the few words after
    "hear" / "listen to" (up to a speech cue: "hear him say…" is speech) or before "plays" / "rings" /
    "is heard" ("when can you hear him typing on the keyboard", "when does the jingle play") are one
    ``audio`` call per word, ORed."""

    def take(match: re.Match, words: str) -> str:
        words = _before_a_quote(words)
        words = words[: (_SPEECH_CUES.first(words) or (len(words),))[0]]
        found = list(dict.fromkeys(m.group(1).lower() for m in _SOUND_WORD.finditer(words)))
        if not found:
            return match.group(0)
        evidence.add((HEARD,), *found)
        return " "

    text = _HEAR.sub(lambda m: take(m, m.group(1)), text)
    return _HEARD.sub(lambda m: take(m, m.group(1) or m.group(2) or m.group(3)), text)


def _take_sounds(text: str, evidence: _Evidence) -> str:
    """Sounds named (``_SOUND``: "the sound of rain", ``NAMED_SOUNDS``) and verbs of making one
    (``SOUND_VERBS``: "the audience applauds"), each an ``audio`` call; a sound named in a picture (``_pictured``:
    "the drum kit picture") is not heard.

    Example:
        >>> evidence = _Evidence()
        >>> _ = _take_sounds("the caption next to the drum kit picture, then a drum roll", evidence)
        >>> evidence.groups
        [(('audio', 'drum'),)]
    """

    def replace(match: re.Match) -> str:
        if _pictured(text, *match.span()):
            return match.group(0)
        evidence.add((HEARD,), (match.group(1) or match.group(2)).strip())
        return " "

    text, pieces, last = _SOUND.sub(replace, text), [], 0
    for word in WORD.finditer(text):  # "the audience applauds": the sound it makes, maybe named already
        verb = _SOUND_VERB_FORMS.get(word.group(0).lower())
        if verb:
            evidence.add_alternative(HEARD, SOUND_VERBS[verb])  # "a horn honks": horn OR honking
            pieces.append(text[last : word.start()] + " ")
            last = word.end()
    return "".join(pieces) + text[last:]


def _pictured(text: str, start: int, end: int) -> bool:
    """Whether the sound named at ``text[start:end]`` is in a picture (``phrasing.PICTURES``): the noun of one
    follows within two words ("the drum kit picture", "a drum icon") or comes before with "of" ("a photo of
    a siren").

    Example:
        >>> q = "the drum kit picture; a photo of a siren; the drum plays"
        >>> [_pictured(q, m.start(), m.end()) for m in re.finditer("drum|siren", q)]
        [True, True, False]
    """
    after = [w.group(0).lower() for w in WORD.finditer(text, end)][:2]
    before = [w.group(0).lower() for w in WORD.finditer(text, 0, start)][-3:]
    if "of" in before[-2:]:
        before = before[: len(before) - 1 - before[::-1].index("of")]
        return bool(before) and before[-1] in phrasing.PICTURES
    return any(w in phrasing.PICTURES for w in after)
