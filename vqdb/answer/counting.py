"""How many times something is said, read or heard: "How many times does the presenter say hello?", "How often
is the word EXIT shown?", "How many times do we hear a horn?".

A counting question (``counted_claim``) names what to count the way a yes/no question names its claim
("does the presenter say hello?": "hello", ``vqdb.answer.questions.claim_words``); ``occurrences`` finds every
place it is said, read or heard well (``COUNTED`` of it) and joins the places that are one occurrence: the same
words in the transcript and the subtitles at once, a text on screen read on consecutive samples, a sound label
of consecutive frames (``ONE_SHOWING_S`` apart at most). ``count_value`` reads an option as a count ("twice",
"3 times", "none"), so the answerer picks the option that equals the count.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Sequence

import numpy as np

from vqdb.answer.evidence import Evidence
from vqdb.answer.lexical import Matcher, find
from vqdb.answer.questions import claim_words, read_question
from vqdb.answer.timeline import Stream, match_words
from vqdb.textnorm import canonical_words

COUNTED = 0.75  # a place reading this share of what is counted is one of its occurrences
ONE_SHOWING_S = 1.5  # on screen or in sound labels, places this close are one showing (OCR reads once a second)
_CONTINUOUS = frozenset({"ocr", "audio"})  # sources read at samples: a showing is a run of them
_COUNT_ASKED = re.compile(r"\b(?:how\s+many\s+times|how\s+often|(?:the\s+)?number\s+of\s+times)\b[\s,]*", re.I)
_COUNT_WORDS = {"once": 1, "twice": 2, "thrice": 3, "never": 0, "none": 0, "no": 0}
_TIMES = frozenset({"times", "time", "x"})


def counted_claim(question: str) -> list[str] | None:
    """What a counting question counts, as normalized words (the claim of the question after its "how many
    times", as a yes/no question's: ``claim_words``), or None where it asks no count. Empty where it names
    nothing to count.

    Example:
        >>> counted_claim("How many times does the presenter say hello?")
        ['hello']
        >>> counted_claim('How often is "thank you" said?'), counted_claim("How many times do we hear a horn?")
        (['thank', 'you'], ['horn'])
        >>> counted_claim("How many people are in the room?") is None
        True
    """
    asked = _COUNT_ASKED.search(question)
    if asked is None:
        return None
    rest = question[asked.end() :]
    return match_words(" ".join(claim_words(read_question(rest)))) if rest.strip() else []


def count_value(option: str) -> int | None:
    """The count an option says ("twice", "3 times", "Three", "none"), or None where it says no count.

    Example:
        >>> [count_value(o) for o in ("Twice", "3 times", "four", "never", "2x", "at the start")]
        [2, 3, 4, 0, 2, None]
    """
    tokens = canonical_words(re.sub(r"(?<=\d)[x×]\b", " x", option))
    tokens = [t for t in tokens if t not in _TIMES]
    if len(tokens) != 1:
        return None
    token = tokens[0]
    return int(token) if token.isdigit() else _COUNT_WORDS.get(token)


def occurrences(
    claim: Sequence[str], streams: Sequence[Stream], matcher: Matcher, sources: Collection[str]
) -> list[Evidence]:
    """Each occurrence of ``claim`` (normalized words) in the ``streams`` of ``sources`` (``matcher`` built
    over all ``streams``, in order), in time order: places reading ``COUNTED`` of it, the same words at
    overlapping times joined (transcript and subtitles), on screen and in sound labels those
    ``ONE_SHOWING_S`` apart too; each as the snippet of its first place, at that place's time.

    Example:
        >>> from vqdb.answer.timeline import stream_of
        >>> said = [Evidence("transcript", "v", 0.0, 2.0, "hello there", 0.0),
        ...         Evidence("transcript", "v", 5.0, 7.0, "and hello again", 0.0)]
        >>> shown = [Evidence("ocr", "v", t, t + 1.0, "HELLO", 0.0) for t in (1.0, 2.0, 9.0)]
        >>> streams = [stream_of("transcript", "v", said), stream_of("ocr", "v", shown)]
        >>> m = Matcher([s.words for s in streams])
        >>> [round(o.start_s, 2) for o in occurrences(["hello"], streams, m, ("transcript",))]  # the word said
        [0.0, 5.67]
        >>> [o.start_s for o in occurrences(["hello"], streams, m, ("ocr",))]
        [1.0, 9.0]
    """
    weights = np.ones(len(claim))
    places = sorted(
        (
            match
            for index, stream in enumerate(streams)
            if stream.source in sources
            for match in find(claim, weights, stream, matcher.similarity(list(claim), index), limit=10_000, slack=0)
            if match.score >= COUNTED
        ),
        key=lambda match: (match.start_s, match.end_s),
    )
    found: list[tuple[str, float, Evidence]] = []  # video, end of the occurrence so far, its first snippet
    for match in places:
        start_s, end_s, video_id = match.start_s, match.end_s, match.stream.video_id
        reach = ONE_SHOWING_S if match.stream.source in _CONTINUOUS else 0.0
        joined = next((i for i, (v, end, _) in enumerate(found) if v == video_id and start_s < end + reach), None)
        if joined is None:
            snippet = match.stream.snippets[int(match.stream.snippet_of[match.first])]
            found.append((video_id, end_s, dataclasses.replace(snippet, start_s=start_s, end_s=end_s)))
        else:
            video, end, first = found[joined]
            found[joined] = (video, max(end, end_s), first)
    return [first for _, _, first in found]
