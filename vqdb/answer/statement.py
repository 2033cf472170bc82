"""What a question says someone said about a thing, and the rest of that statement where it is read.

"What does the reply say the ball is on?" asks for what follows "the ball ... on" in the reply: "a scale",
not the whole reply ("there is a small blue ball on a scale, which might not be a significant concern,
but..."). :func:`said_about` reads the thing asked about (with the words that go with it after its verb,
"on", "hanging from"); :func:`rest_of_statement` finds it in a text and returns what the text says next,
to the end of that clause.

Example:
    >>> said_about("What does the reply say the ball is on?")
    'the ball on'
    >>> rest_of_statement("there is a small blue ball on a scale, which might not be a concern", "the ball on")
    'a scale'
"""

from __future__ import annotations

import re

import numpy as np

from vqdb.answer.evidence import Evidence
from vqdb.answer.lexical import STOPWORDS, find
from vqdb.answer.timeline import match_words, stream_of, words_text

_SAID_ABOUT = re.compile(
    r"^\s*what\s+(?:does|did|do)\s+.+?\s+(?:say|claim|state|write|tell\s+us|mention)\s+(?:that\s+)?"
    r"(?P<thing>.+?)\s+(?:is|was|are|were|will\s+be)\b(?P<tail>[^?]*)\??\s*$",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(  # OCR reads a full stop before a capital as ":" too ("the ceiling: The glove")
    r"[.!?;](?:\s|$)|:\s+(?=[A-Z])|\s+/\s+|,\s+(?:which|who|but|and|so|while|although|because|as)\b"
)
MIN_READ = 0.8  # share of the thing's words (function words count less) a text must read to state it
FUNCTION_WEIGHT = 0.3  # a function word of the thing ("the", "on") tells less where it is


def said_about(question: str) -> str | None:
    """The thing (and the words after its verb) of "What does X say Y is ...?"; None for other questions.

    Example:
        >>> said_about("What does the answer say the glove is hanging from?")
        'the glove hanging from'
        >>> said_about("What does the speaker say the earliest printed book was?"), said_about("What does he say?")
        ('the earliest printed book', None)
    """
    found = _SAID_ABOUT.match(question)
    if found is None:
        return None
    return " ".join(part for part in (found["thing"].strip(), found["tail"].strip(" ,")) if part)


def rest_of_statement(text: str, thing: str) -> str | None:
    """What ``text`` says right after ``thing`` (read in order, ``MIN_READ`` of it), to the end of that
    clause (a sentence's or line's end, or a comma before "which", "but", ...); None where ``text`` does not
    read it or says nothing after it.

    Example:
        >>> rest_of_statement("The earliest book printed with movable types, the Gutenberg.", "the earliest book")
        'printed with movable types, the Gutenberg'
        >>> rest_of_statement("Hello world", "the ball on") is None, rest_of_statement("she is a presenter", "she")
        (True, None)
    """
    query = match_words(thing)
    words = match_words(text)
    if all(w in STOPWORDS for w in query) or not words:  # "she": a pronoun finds no thing
        return None
    weights = np.array([FUNCTION_WEIGHT if w in STOPWORDS else 1.0 for w in query])
    stream = stream_of("ocr", "", [Evidence("ocr", "", 0.0, 1.0, text, 0.0)])
    found = find(query, weights, stream, min_coverage=MIN_READ)
    if not found or found[0].last + 1 >= len(words):
        return None
    rest = words_text(text, found[0].last + 1, len(words) - 1).lstrip(" ,:;-")
    end = _CLAUSE_END.search(rest)
    rest = (rest[: end.start()] if end else rest).strip(" ,")
    return rest or None
