"""Sounds: the sound words a question hears (after "hear", before "plays"), named sounds and the verbs
of making one, each an ``audio`` call.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, alternation
from vqdb.planner.rules.cues import _SPEECH_CUES, _before_a_quote
from vqdb.planner.rules.evidence import HEARD, _Evidence
from vqdb.planner.sound_words import NAMED_COMPOUNDS, NAMED_SOUNDS, SOUND_SOURCES, SOUND_WORDS
from vqdb.planner.vocabulary import ARRIVAL_VERBS, DISPLAY_VERBS, SOUND_VERBS, SPEECH_VERBS
from vqdb.textnorm import FUNCTION_WORDS

_SOUND = re.compile(
    rf"\b(?:the )?(?:sound|noise) of (?:an? |the )?([a-z ]+?)(?=$|[,.?!;]| and | while | or )"
    rf"|\b({alternation([*NAMED_COMPOUNDS, *NAMED_SOUNDS])})\b",
    re.I,
)
_SOUND_VERB_FORMS = {v + end: v for v in SOUND_VERBS for end in ("", "s", "es", "ed", "d", "ing", "ping", "ped")}
_SOUND_WORD = re.compile(rf"\b({alternation(SOUND_WORDS)})(?:s|es|ing)?\b", re.I)
_HEAR = re.compile(
    r"\b(?:hear|hears|heard|hearing|listen(?:s|ed|ing)? (?:to|for)|sound(?:s|ed|ing)? like)\b"
    r"((?:\s+(?!(?:when|while|after|before|and then)\b)"
    r"[^\s,.?!;]+){1,6})",
    re.I,
)
_OBJECT_END = re.compile(r"\s(?:about|of|on|in|at|from|for|with|by|to|and|or|but)\b.*", re.I)
_HEARD_SPEAKER = re.compile(  # "hear him say": he says; "hear the reader mention": the reader mentions
    r"^\s*(?:(him|her|them|me|us)|someone|somebody|anyone|(?:the|a|an|this|that) [a-z'-]+(?: [a-z'-]+)?|"
    r"(?-i:[A-Z])[a-z'-]+)\s*$",
    re.I,
)
_SUBJECT_FORM = {"him": "he", "her": "she", "them": "they", "me": "I", "us": "we"}
_NOT_A_HEAD = (  # words after a sound that are no noun it modifies: verbs, function words ("the bell rings")
    FUNCTION_WORDS
    | phrasing.AUXILIARIES
    | phrasing.AUXILIARY_VERBS
    | phrasing.EVENT_VERBS
    | phrasing.PREPOSITIONS
    | phrasing.WH_WORDS
    | phrasing.WHEN_WORDS
    | phrasing.CONNECTIVES
    | phrasing.DETERMINERS
    | phrasing.STARTS
    | phrasing.ENDS
    | phrasing.EVENT_ENDS
    | {w for phrase in (*ARRIVAL_VERBS, *DISPLAY_VERBS, *SPEECH_VERBS) for w in phrase.split()}
    | set(SOUND_WORDS)
    | set(NAMED_SOUNDS)
    | set(_SOUND_VERB_FORMS)
    | {"stop", "end", "fade", "play", "change", "sound", "noise"}
)
_HEARD = re.compile(
    r"((?:[^\s,.?!;]+\s+){1,5})(?:plays|played|rings|ringing|rang|goes off|went off|(?:is|are|was|were|be) heard)\b"
    r"|\b(?:does|do|did|will|would|can|could)\s+((?:[^\s,.?!;]+\s+){1,4})(?:play|ring|go off)\b"
    r"|\b(?:goes|go|went|going)\s+([^\s,.?!;]+)",  # "the timer goes ding"
    re.I,
)


def _take_heard_sounds(text: str, evidence: _Evidence) -> str:
    """Sounds a question hears: sound words (``SOUND_WORDS``, the tagger's labels) in the few words after
    "hear" / "listen to" / "sounds like" (up to a speech cue: "hear him say…" is speech) or before "plays" / "rings" /
    "is heard" ("when can you hear him typing on the keyboard", "when does the jingle play") are one
    ``audio`` call per word, ORed; with none, the thing heard if it makes a sound (``_source_heard``: "hear
    the storm"). Who is heard before a speech cue ("hear him say X", "hear the reader mention X") is who
    speaks: "he say X", "the reader mention X", for the speech rules.

    Example:
        >>> evidence = _Evidence()
        >>> _take_heard_sounds("when can you hear the storm?", evidence), evidence.groups
        ('when can you  ?', [(('audio', 'storm'),)])
        >>> _take_heard_sounds("when do we hear him say good night", _Evidence())
        'when do we  he say good night'
    """

    def take(match: re.Match, words: str) -> str:
        words = _before_a_quote(words)
        cue = _SPEECH_CUES.first(words)
        by_voice = cue and match.re is _HEAR and not _SOUND_WORD.fullmatch(words[slice(*cue)])  # not "shouts"
        heard = words[: cue[0]] if by_voice else ""
        speaker = _HEARD_SPEAKER.match(heard) if not _SOUND_WORD.search(heard) else None  # not "the dog barks"
        if speaker:  # "when do we hear him say good night": what he says
            pronoun = speaker.group(1)
            said = _SUBJECT_FORM[pronoun.lower()] if pronoun else speaker.group(0).strip()
            return f" {said} {match.group(0)[match.group(0).index(words) + cue[0] :]}"
        words = words[: (cue or (len(words),))[0]]
        found = list(dict.fromkeys(m.group(1).lower() for m in _SOUND_WORD.finditer(words)))
        found += _source_heard(words) if not found else []
        if not found:
            return match.group(0)
        evidence.add((HEARD,), *found)
        return " "

    text = _HEAR.sub(lambda m: take(m, m.group(1)), text)
    return _HEARD.sub(lambda m: take(m, m.group(1) or m.group(2) or m.group(3)), text)


def _source_heard(words: str) -> list[str]:
    """The thing heard when it makes a sound (``SOUND_SOURCES``: "the storm", "the heavy traffic"): the last word
    of the words heard before a preposition or conjunction; none after "about" ("hear about the storm" is said).

    Example:
        >>> _source_heard(" the storm"), _source_heard(" the heavy traffic"), _source_heard(" the news")
        (['storm'], ['traffic'], [])
        >>> _source_heard(" about the storm"), _source_heard(" the news about the storm")
        ([], [])
    """
    heard = _OBJECT_END.sub("", " " + words).split()
    return [heard[-1].lower()] if heard and heard[-1].lower() in SOUND_SOURCES else []


def _take_sounds(text: str, evidence: _Evidence) -> str:
    """Sounds named (``_SOUND``: "the sound of rain", ``NAMED_SOUNDS``, a label's term that ends in one whole: "a car
    horn", ``NAMED_COMPOUNDS``) and verbs of making one
    (``SOUND_VERBS``: "the audience applauds"), each an ``audio`` call; a sound named in a picture (``_pictured``:
    "the drum kit picture") or a thing seen (``_seen_thing``: "when can you see the engine") is not heard.

    Example:
        >>> evidence = _Evidence()
        >>> _ = _take_sounds("the caption next to the drum kit picture, then a drum roll", evidence)
        >>> evidence.groups
        [(('audio', 'drum'),)]
        >>> evidence = _Evidence()
        >>> _take_sounds("when is there a car horn", evidence), evidence.groups
        ('when is there a  ', [(('audio', 'car horn'),)])
    """

    def replace(match: re.Match) -> str:
        if _pictured(text, *match.span()) or (match.group(2) and _modifies(text, match.end())):
            return match.group(0)
        if match.group(2) and _seen_thing(text, match.start()):
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


_SEEING = phrasing.Phrases([*phrasing.FILLERS, "see", "sees", "saw", "seeing", "watch", "watches", "spot", "look at"])


def _seen_thing(text: str, start: int) -> bool:
    """Whether the sound named at ``text[start:]`` is a thing the question sees: a noun after a determiner
    ("the engine", "a drum", "the fire engine") in a clause with a word of seeing ("see", "shown", "visible",
    ``_SEEING``; the clause between connectives, ``phrasing.CONNECTIVES``) and none of hearing (those heard were
    taken before: ``_take_heard_sounds``). "When can you see the fire engine" asks for a picture; "when does the
    engine start" and "when can you see him while the siren wails" for a sound.

    Example:
        >>> q = "when can you see the fire engine"
        >>> _seen_thing(q, q.index("fire")), _seen_thing("when does the engine start", 14)
        (True, False)
        >>> _seen_thing("when is the drum shown", 12), _seen_thing("when is drumming shown", 8)
        (True, False)
        >>> q = "when can you see him while the siren wails"
        >>> _seen_thing(q, q.index("siren"))
        False
    """
    before = list(WORD.finditer(text, 0, start))
    if not before or before[-1].group(0).lower() not in phrasing.DETERMINERS:
        return False
    starts = [w.end() for w in before if w.group(0).lower() in phrasing.CONNECTIVES]
    ends = [w.start() for w in WORD.finditer(text, start) if w.group(0).lower() in phrasing.CONNECTIVES]
    return bool(_SEEING.first(text[max(starts, default=0) : min(ends, default=len(text))]))


def _modifies(text: str, end: int) -> bool:
    """Whether the sound named before ``text[end:]`` only says which thing the next word is (English puts the
    noun named last: "the wind speed", "the engine warning light", "the music video"): the next word, in the
    same phrase, is no verb, sound noun or function word (``_NOT_A_HEAD``), nor a form ending "s", "ed", "ing"
    ("the dog barks", "the music stopped").

    Example:
        >>> q = "the wind speed; the music video; the music stops; the engine starts; the dog; the rain falls"
        >>> [_modifies(q, m.end()) for m in re.finditer("wind|music|engine|dog|rain", q)]
        [True, True, False, False, False, False]
    """
    after = re.match(r"\s+([a-z][a-z'-]*)\b", text[end:], re.I)
    if not after:
        return False
    word = after.group(1).lower()
    return word not in _NOT_A_HEAD and not re.search(r"(?:s|[^e]ed|ing)$", word)


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
