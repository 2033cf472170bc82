"""How a question frames what it asks for: a request ("show me where X is", "find the moment X", "take me to X")
or a question of a moment ("at what point does X", "in which scene does X") asks when (or where) X is, and its
framing words are neither seen, read nor said. ``_unframed`` reads such a question as the plain "when …" /
"where …" question it is, before any other rule reads its words.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import alternation
from vqdb.planner.vocabulary import SPEAKERS

_MOMENT = alternation(phrasing.MOMENT_NOUNS)
_OF_THE_VIDEO = r"(?:\s+(?:in|of)\s+(?:the|this)\s+(?:video|clip|film|footage|recording))?"
_REQUESTED = re.compile(
    rf"^\s*(?:(?:{alternation(phrasing.REQUEST_OPENINGS)})\s+)*(?:{alternation(phrasing.REQUESTS)})\b\s*", re.I
)
_MOMENT_ASKED = re.compile(  # the moment a request asks for, and the relative word after it
    rf"(?:(?:the|a|an|that|this)\s+)?(?:{_MOMENT}){_OF_THE_VIDEO}\b\s*"
    r"(?:(?P<relative>when|whenever|where|that|in\s+which|at\s+which|during\s+which|as)\b\s*"
    r"|(?P<topic>about|with|featuring|involving)\s+)?",
    re.I,
)
_ASKED_AT = re.compile(rf"^\s*(?:at|in|during)\s+(?:what|which)\s+(?:{_MOMENT}){_OF_THE_VIDEO}\b\s*", re.I)
_CLAUSE_SUBJECTS = phrasing.DETERMINERS | {s for s in SPEAKERS if " " not in s}  # "the moment the panel says X"


def _unframed(question: str) -> str:
    """``question`` without the framing of a request or of a question of a moment (see the module): "at what
    point does X" and "find the moment (when / that) X" -> "when X", "show me where X is" -> "where X is",
    "find X" -> "X". A noun of a moment (``phrasing.MOMENT_NOUNS``) is the moment asked for only before a
    relative word or a clause (its subject: a determiner, a person, a name), and before what it is of ("find
    the part about taxes", "the scene with the dog": "taxes", "the dog"); else it is what is asked for ("find
    frame 30", "find the scene in the kitchen").

    Example:
        >>> _unframed("show me where the copyright notice is"), _unframed("at what point does the computer beep")
        ('where the copyright notice is', 'when does the computer beep')
        >>> _unframed("find the moment the buddy panel says Natalya is offline")
        'when the buddy panel says Natalya is offline'
        >>> _unframed("Please take me to the TAXI sign"), _unframed("find frame 30")
        ('the TAXI sign', 'frame 30')
        >>> _unframed("find the bit about taxes"), _unframed("find the scene in the kitchen")
        ('taxes', 'the scene in the kitchen')
    """
    asked = _ASKED_AT.match(question)
    if asked:
        return "when " + question[asked.end() :]
    request = _REQUESTED.match(question)
    rest = question[request.end() :] if request else ""
    if not rest.strip():  # nothing after the verb: no request
        return question
    moment = _MOMENT_ASKED.match(rest)
    if moment and moment.group("topic"):  # "the part about taxes", "the scene with the dog": what it is of
        return rest[moment.end() :]
    if moment and (moment.group("relative") or _starts_clause(rest[moment.end() :])):
        relative = (moment.group("relative") or "").lower()
        return ("where " if relative == "where" else "when ") + rest[moment.end() :]
    return rest


def _starts_clause(text: str) -> bool:
    """Whether ``text`` starts with the subject of a clause: a determiner, a person ("he", "the man") or a name.

    Example:
        >>> _starts_clause("the panel says X"), _starts_clause("Kennedy speaks"), _starts_clause("30")
        (True, True, False)
    """
    first = text.split()[:1]
    return bool(first) and (first[0].lower() in _CLAUSE_SUBJECTS or first[0][:1].isupper())
