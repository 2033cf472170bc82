"""Questions about letter case ("Which word is written in capital letters?") and how well a read fits them.

Text on screen keeps its case (``ocr`` snippets' text as read), while the answerer's words are folded
(``vqdb.answer.timeline.match_words``): where a question asks for the word in capitals (or in lower case),
an option read only in the other case is read, but not as asked. Speech has no case: only written text
tells.

Example:
    >>> asked_case("Which of these words, shown after 'echo the', is written in capital letters?")
    'upper'
    >>> case_fit("echo / the ONE", ["1"], "upper"), case_fit("echo / the omega", ["omega"], "upper")
    (1.0, 0.0)
"""

from __future__ import annotations

import re
from collections.abc import Collection

from vqdb.answer.timeline import match_words

_UPPER = re.compile(
    r"\b(?:in\s+(?:all\s+)?(?:capital\s+letters|capitals|caps|block\s+letters|upper[\s-]?case)|all[\s-]caps"
    r"|(?:fully\s+)?capitali[sz]ed|upper[\s-]?case)\b",
    re.IGNORECASE,
)
_LOWER = re.compile(r"\b(?:in\s+)?(?:all\s+)?lower[\s-]?case\b", re.IGNORECASE)
_TOKEN = re.compile(r"[^\W\d_]+")
# "not" just before the case asked, a word or two between ("is not capitalized", "isn't written in capitals")
_NEGATION_BEFORE = re.compile(r"(?:\bnot|\bnever|n't)\b(?:\s+\w+){0,2}\s*$", re.IGNORECASE)


def asked_case(question: str) -> str | None:
    """``"upper"`` where ``question`` asks for text in capitals ("in capital letters", "in caps", "all
    caps", "uppercase"), ``"lower"`` for lower case, the other one where it asks for text not so ("Which word
    is not capitalized?"), else None.

    Example:
        >>> [asked_case(q) for q in ("Which word is in ALL CAPS?", "Which name is written in lowercase?",
        ...                          "What is the capital of France?", "Which word is written in capitals?")]
        ['upper', 'lower', None, 'upper']
        >>> [asked_case(q) for q in ("Which word is not capitalized?", "Which word isn't written in capitals?",
        ...                          "Which word is never in lowercase?")]
        ['lower', 'lower', 'upper']
    """
    for pattern, case, other in ((_UPPER, "upper", "lower"), (_LOWER, "lower", "upper")):
        found = pattern.search(question)
        if found:
            return other if _NEGATION_BEFORE.search(question, 0, found.start()) else case
    return None


def case_fit(text: str, words: Collection[str], case: str) -> float | None:
    """The share of ``text``'s words that read one of ``words`` (folded, as ``match_words`` gives them) and
    are written in ``case`` (``"upper"``: every letter a capital; ``"lower"``: none), among those of two
    letters or more (a lone "I" or "A" is both); None where no such word is in ``text``.

    Example:
        >>> case_fit("the KING / the lamb", ["king"], "upper"), case_fit("the KING / the lamb", ["lamb"], "upper")
        (1.0, 0.0)
        >>> case_fit("ArE", ["are"], "upper"), case_fit("the lamb", ["king"], "upper") is None
        (0.0, True)
    """
    wanted = set(words)
    read = [t for t in _TOKEN.findall(text) if len(t) >= 2 and wanted & set(match_words(t))]
    if not read:
        return None
    fits = [t.isupper() if case == "upper" else t.islower() for t in read]
    return sum(fits) / len(fits)
