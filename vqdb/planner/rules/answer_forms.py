"""The calls that find an answer by the form it is written or said in.

A question asks for a thing by its kind: "which gate does the flight leave from?", "what floor is the cafe
on?", "which university is the professor from?". The kind noun is what is asked, so the other rules
mostly drop it; yet on video the answer is written or said with that noun: a sign reads "Gate B12",
"Cafe Muller - 2nd floor", a lower third "University of Leeds", a voice says "platform 9". Such a noun
labels a numbered or a named thing (``LABEL_NOUNS``: those of ``phrasing.NUMBERED`` that name no moment of
the video, and the nouns that head a place's name or number, ``PLACE_LABELS``). Asked for ("which gate",
"what's the platform", "in which room", "what's the name of the street"), the noun is looked for on screen
and in speech (``ocr OR transcript OR subtitle``), its own group ANDed with the rest of the question: the
answer is written beside the thing the rest describes ("Trains to Cambridge / PLATFORM 9"), so the frame with
both ranks first, and where the rest finds nothing, the AND falls back on the noun (``docs/planner.md``, the
merge). Not a noun of a part ("which
part of the car", "what stage of", "what season's outfits"): followed by "of" or "'s" it names a portion
or an attribute of something else. Where the question names the place of the text ("which channel is this,
according to the logo in the corner?"), whatever is read there is the answer (``screen_places``): no call.

An answer of a known form is asked by what it measures: a price ("how much does it cost / come to", "what's
the price") is written and said with its total or price ("Total: $18.75", "your total comes to…",
``FORM_WORDS``), a phone number ("what's the phone number", "which number should you call", "when is the
phone number shown": named, its digits not given) with the words that introduce one ("Call 020 7946 0018",
"phone…"). Their digits themselves are no query: the ``ocr`` and ``transcript`` tools grade a text against
given words and numbers (a number-only query matches those digits exactly; ``counter_moments`` estimates one
named value of a ticking counter), and no tool looks for any number of a form (any price, any time, any
date), so a time of day, a date, a year, a percentage or a score
asked for adds no call here.

Example:
    >>> evidence = _Evidence()
    >>> _add_answer_forms("which gate does the flight to Lisbon leave from?", evidence)
    >>> evidence.groups
    [(('ocr', 'gate'), ('transcript', 'gate'), ('subtitle', 'gate'))]
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import alternation
from vqdb.planner.rules.evidence import EITHER, TOOLS_FOR, _Evidence

PLACE_LABELS = frozenset(
    {
        "floor", "aisle", "terminal", "seat", "row", "bay", "berth", "lane", "carriage", "ward", "suite", "desk",
        "booth", "pier", "dock", "zone", "university", "college", "school", "street", "road", "avenue",
        "boulevard", "square", "station", "airport", "theatre", "theater", "hospital", "hotel", "museum",
        "stadium", "arena", "park", "bridge", "hall", "building", "tower", "district", "cafe",
    }
)  # fmt: skip
"""Nouns that head the name or the number of a place or an organisation, written and said with it
("Aisle 7", "2nd floor", "University of Leeds", "Theatre Royal", "Baker Street"), beside those of
``phrasing.NUMBERED``."""
_NOT_LABELS = frozenset({"item", "season"})  # "what item did he pick up", "what season is it": a thing, a time of year
LABEL_NOUNS = (phrasing.NUMBERED - phrasing.MOMENT_NOUNS - phrasing.TEXT_ITEMS - _NOT_LABELS) | PLACE_LABELS
"""The kinds of thing whose answer is written or said with the kind's noun; not a moment ("which part", "which
scene" ask when), a piece of text ("which question is asked next": the text itself), a thing or a time of year
asked by its noun alone (``_NOT_LABELS``)."""
FORM_WORDS = {
    "price": ("total", "price"),
    "phone": ("call", "phone"),
}
"""The words an answer of a form is written and said with, by form: a price ("Total: $18.75", "Price £4"),
a phone number ("Call 020 7946 0018", "Phone: …"); short ones that are part of common words ("tel" of
"hotel") would read everywhere."""

_AFTER_KIND = r"(?!\s*(?:of\b|['’]s\b|-))"  # "which part of the car", "what season's outfits": no label
_ASKED_LABEL = re.compile(
    rf"\b(?:what|which)(?:(?:['’]s|\s+(?:is|was|are|were))\s+the)?\s+(?:(?:name|number)\s+of\s+(?:the\s+)?)?"
    rf"(?P<noun>{alternation(LABEL_NOUNS)})"
    rf"(?:\s+(?:number|no\.?|name))?\b{_AFTER_KIND}",
    re.I,
)
_ASKED_FORM = {
    "price": re.compile(
        r"\bhow\s+much\b(?!\s+(?:time|longer|more|less|of)\b)(?=.*\b(?:cost|costs|costing|come\s+to|comes\s+to|came"
        r"\s+to|pay|paid|charge|charged|total|price|sell|sold|spend|spent)\b)"
        rf"|\b(?:what|which)(?:['’]s|\s+(?:is|was|are|were))?\s+(?:the\s+)?(?:total|price|cost|bill)\b{_AFTER_KIND}",
        re.I,
    ),
    "phone": re.compile(  # asked, not given: "when is the phone number 020 7946 0018 shown" has its answer
        r"\b(?:(?:tele)?phone|contact)\s+(?:number|no\.?)(?![\s:.]*[+(]?\d)"
        r"|\b(?:what|which)\b[^.?!]*?\bnumber\s+(?:\w+\s+){0,6}?call\b",
        re.I,
    ),
}


def _add_answer_forms(text: str, evidence: _Evidence) -> None:
    """The noun of each kind ``text`` asks for (``LABEL_NOUNS``) looked for on screen and in speech (``ocr OR
    transcript OR subtitle``), one group each; an answer of a form asked for (``FORM_WORDS``: a price, a phone
    number), one group of the words it is written and said with. ``text`` is left to the other rules as it is:
    a noun asked may be pictured too ("the name of the bridge the train crosses": the bridge is seen).

    Example:
        >>> evidence = _Evidence()
        >>> _add_answer_forms("what floor is the cafe on? which part of the car was hit", evidence)
        >>> [group[0] for group in evidence.groups]
        [('ocr', 'floor')]
        >>> evidence = _Evidence()
        >>> _add_answer_forms("how much did the bill come to?", evidence)
        >>> evidence.groups[0][:2]
        (('ocr', 'total'), ('transcript', 'total'))
        >>> evidence = _Evidence()
        >>> _add_answer_forms("at what point is the phone number shown", evidence)
        >>> evidence.groups[0][:2]
        (('ocr', 'call'), ('transcript', 'call'))
        >>> evidence = _Evidence()
        >>> _add_answer_forms("when is the phone number 020 7946 0018 shown", evidence)
        >>> evidence.groups
        []
    """
    for match in _ASKED_LABEL.finditer(text):
        evidence.add(TOOLS_FOR[EITHER], match.group("noun").lower())
    for form, asks in _ASKED_FORM.items():
        if asks.search(text):
            evidence.add(TOOLS_FOR[EITHER], *FORM_WORDS[form])
