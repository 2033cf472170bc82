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
according to the logo in the corner?"), whatever is read there is the answer (``screen_places``): no call for
the noun, but a value's form still says which text there is asked ("what's the phone number at the bottom?").

An answer of a known form is asked by what it measures: a price ("how much does it cost / come to", "what's
the price", "the ticket price", "how much are the tickets?") is written and said with its total or price
("Total: $18.75", "your total comes to…", ``FORM_WORDS``) or as any amount of money (``{price}``), a phone
number ("what's the phone number", "which number should you call", "when is the phone number shown": named,
its digits not given) with the words that introduce one ("Call 020 7946 0018", "phone…") or as any number
written in a phone's groups of digits (``{phone}``: "Donations 1-800-555-0199"), a score ("what's the score",
"when is the half-time score shown") as a scoreboard writes one, with no word (``{score}``: "HAWKS 1 - 1 OWLS").
The words before the noun say which ("the ticket price", "the final score") and are left to the other rules.
A value asked by its kind ("what time is the show on", "which year does the caption give", "what
date", "what percentage", ``_ASKED_VALUE``) is often written or said without any word
of its kind ("COMING UP AT 9PM", "January 20, 1961"): it is looked for by its form (``vqdb.textnorm.value_form``:
``{time}``, ``{year}``, ``{date}``, ``{percent}``; a text holding any value of that form), its
own group ANDed with the rest of the question ("what time is sunrise": the read "Sunrise 06.42" holds both);
a price's, a phone's and a score's forms are ORed with their words. A number asked ("what frame number",
"which course number") or a count adds no form: any number (``{number}``) is read in most frames of a video
with a counter or a clock, so ANDed it moves the answer off the moment the rest finds (the frame number when
the background turns green).

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
from vqdb.textnorm import form_query

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
    "price": ("total", "price", form_query("price")),
    "phone": ("call", "phone", form_query("phone")),
    "discount": ("off", "discount", form_query("percent")),
    "score": (form_query("score"),),
}
"""The words an answer of a form is written and said with, by form, and the form itself: a price ("Total: $18.75",
"Price £4"; any amount of money: "£250"), a phone number ("Call 020 7946 0018", "Phone: …"; any number written as
a phone's groups of digits: "Donations 1-800-555-0199"), a score (a scoreboard writes no word: "HAWKS 1 - 1 OWLS");
short ones that are part of common words ("tel" of "hotel") would read everywhere."""
_KIND_WORDS = r"(?:[\w-]+\s+){0,2}?"  # the words before a value's noun saying which: "the ticket price"
_SHOWN_OR_SAID = (  # "when is the ticket price shown", "when does the score come up": the value, not its noun
    r"(?:mentioned|said|given|stated|announced|read|named|shown|displayed|listed|written|visible|on\s+(?:the\s+)?"
    r"screen|appears?|appeared|(?:comes?|came|pops?|popped|shows?|showed|flash(?:es)?|flashed)\s+up|flash(?:es)?)"
)

_PHONING = r"(?:call|ring|phone|dial|text)"  # "the number to ring", "who do you phone": calling said with a verb
_AFTER_KIND = r"(?!\s*(?:of\b|['’]s\b|-))"  # "which part of the car", "what season's outfits": no label
_ASKED_LABEL = re.compile(
    rf"\b(?:what|which)(?:(?:['’]s|\s+(?:is|was|are|were))\s+the)?\s+(?:(?:name|number)\s+of\s+(?:the\s+)?)?"
    rf"(?P<noun>{alternation(LABEL_NOUNS)})"
    rf"(?:\s+(?:number|no\.?|name))?\b{_AFTER_KIND}",
    re.I,
)
_NOT_CODED = frozenset({"phone", "telephone", "contact"})  # a phone number: by its words (FORM_WORDS)
_ASKED_CODE = re.compile(  # "which course number", "what flight code": the kind of thing the number or code is of
    rf"\b(?:what|which)(?:(?:['’]s|\s+(?:is|was|are|were))\s+the)?\s+(?P<noun>[a-z][\w-]*)\s+"
    rf"(?:number|code|no\.?|id|reference)\b{_AFTER_KIND}",
    re.I,
)
"""A number or code asked with the noun of what it numbers, one that labels nothing by itself ("which course
number is on the card", "what flight code"): what the number is of is written or said beside it ("This course
is…", "Flight BA123") where the number has no word of its own ("Colour Theory 101"); not a phone's
(``FORM_WORDS``), a moment's ("what frame number"), nor a noun of ``LABEL_NOUNS`` (read with ``_ASKED_LABEL``)."""
_ASKED_FORM = {
    "price": re.compile(
        r"\bhow\s+much\b(?!\s+(?:time|longer|more|less|of)\b)(?=.*\b(?:cost|costs|costing|come\s+to|comes\s+to|came"
        r"\s+to|pay|paid|charge|charged|total|price|sell|sold|spend|spent)\b)|\bhow\s+much\s+money\b"
        r"|\bhow\s+much\s+(?:is|are|was|were)\s+(?:a|an|the|one|each|two|three|four)\s+(?!time\b)[\w-]+"  # the tickets?
        r"(?=\s*(?:$|[?.,!;]|(?:each|apiece|for|at|in|on|there|here|now|today)\b))"  # not "the sauce reduced"
        rf"|\b(?:what|which)(?:['’]s|\s+(?:is|was|are|were))?\s+(?:the\s+)?{_KIND_WORDS}"
        rf"(?:total|price|cost|bill|fare|fee|admission)\b{_AFTER_KIND}"
        rf"|\bwhen\s+(?:is|was|are|were|does|did|do)\s+(?:a|any|the)\s+{_KIND_WORDS}(?:total|price|cost|bill|fare|fee)s?"
        rf"\s+(?:(?:first|finally|ever)\s+)?{_SHOWN_OR_SAID}\b",
        re.I,
    ),
    "phone": re.compile(  # asked, not given: "when is the phone number 020 7946 0018 shown" has its answer
        r"\b(?:(?:tele)?phone|contact)\s+(?:number|no\.?)(?![\s:.]*[+(]?\d)"
        rf"|\b(?:what|which)\b[^.?!]*?\bnumber\s+(?:\w+\s+){{0,6}}?{_PHONING}\b"
        rf"|\bnumbers?\s+(?:to|(?:you|i|we)(?:\s+\w+){{0,2}}?)\s+{_PHONING}\b"
        rf"|\bwho\s+(?:do|does|did|should|can|could|would|must|to)\s+(?:(?:you|i|we|they|people|viewers)\s+)?"
        rf"(?:(?:need|have|want)\s+to\s+)?{_PHONING}\b(?!\s+(?:out|back)\b)",
        re.I,
    ),
    "score": re.compile(  # "what's the score", "what is the final score", "when is the half-time score shown"
        rf"\b(?:what|which)(?:['’]s|\s+(?:is|was|are|were))?\s+(?:the\s+)?{_KIND_WORDS}scores?\b{_AFTER_KIND}"
        rf"|\bwhen\s+(?:is|was|are|were|does|did|do)\s+(?:a|any|the)\s+{_KIND_WORDS}scores?"
        rf"\s+(?:(?:first|finally|ever)\s+)?{_SHOWN_OR_SAID}\b",
        re.I,
    ),
    "discount": re.compile(  # "how much is knocked off", "how much off", "what's the discount"
        # "off" and "reduced" only of a price ("how much did he cut off", "how much is the sauce reduced": no sale)
        r"\bhow\s+much\b(?:\s+\w+){0,3}?\s+(?:(?:knocked|taken|marked|slashed|saved)\s+off|cheaper|discount(?:ed)?"
        r"|reduction)\b|\bhow\s+much\s+(?:money\s+)?off\b"
        r"|\bhow\s+much\b(?:\s+\w+){0,3}?\s+(?:off|reduced)\s+(?:the\s+)?(?:price|cost|bill|total|fare)s?\b"
        r"|\bhow\s+much\s+(?:is|was|are|were)\s+(?:the\s+)?(?:price|cost|bill|total|fare)s?\s+(?:reduced|cut|lowered)\b"
        r"|\b(?:what|which|how\s+big|how\s+much)(?:['’]s|\s+(?:is|was|are|were))?\s+(?:the\s+)?"
        r"(?:discount|reduction|markdown)\b",
        re.I,
    ),
}

_ASKING = r"(?:^|[,;:]\s*|\band\s+)(?:(?:at|in|on|by|from|until|for|during|of)\s+)?"
"""Where a question asks a value itself: at its start or a clause's, not in a sentence it quotes ("when does the chat
window display What time does the museum open?")."""
_ASKED_VALUE = {  # a value of a form asked by its kind; not "what time period", "which year group", "what date night",
    # nor "which time interval" (a stretch of the video) or "what time of day" (told by the light, not read)
    "time": r"(?:what|which)\s+hour\b(?!\s+(?:of\s+(?:the\s+)?(?:video|film|clip|recording)|long)\b|-long\b)"
    r"|(?:what|which)\s+time\b(?!\s+(?:period|zone|frame|signature|of\s+(?:the\s+)?(?:year|day)|"
    r"intervals?|ranges?|spans?|segments?|points?|stamps?)\b)",
    "year": r"(?:what|which)\s+year\b(?!\s+(?:group|old)\b)",
    "date": r"(?:what|which)\s+date\b(?!\s+night\b)",
    "percent": r"(?:what|which)\s+(?:percentage|percent)\b|how\s+many\s+percent\b",
    "century": r"(?:what|which)\s+century\b",
    # a number asked bare ("what number is displayed", "the last number before liftoff"), not a phone's ("what
    # number do you call"), nor one of a kind ("what frame number": the kind's, ``_ASKED_CODE``)
    "number": r"(?:what|which)\s+(?:number|digit)\b(?!\s+(?:of|to|for|should|do|does|did|can|could|you|i|we)\b)"
    r"|(?:the|its)\s+(?:first|last|final|next|previous)\s+(?:number|digit)\b(?!\s+(?:of|to|for)\b)",
}
VALUE_NOUNS = {
    "year": ("year",),
    "date": ("date", "year"),
    "percentage": ("percent",),
    "percent": ("percent",),
    "amount": ("price",),
    "figure": ("price",),
    "sum": ("price",),
    "total": ("price",),
    "price": ("price",),
    "cost": ("price",),
    "fare": ("price",),
    "fee": ("price",),
    "time": ("time",),
    "century": ("century",),
}
"""The nouns that name a value said by its kind, not its words ("when does she give the year", "when is the budget
figure mentioned", "when does the announcer give the departure time"), with the forms a voice says it in
(``vqdb.textnorm.value_form``): a year ("about 1455"), a date, which is mostly said as its year ("the date of
the bible": "1455"), a percentage ("10%"), an amount or figure, which on video is mostly money ("3000 pounds a
year"), a time of day, a century. What is said holds no word of the noun, and meaning alone ranks another
sentence first ("keep track of every penny" over "Saving 250 pounds a month", MiniLM 0.13 vs 0.08)."""
_VALUE_NOUNS = {  # the nouns that ask a form's value by its kind: those said first in its forms
    form: "|".join(noun for noun, forms in VALUE_NOUNS.items() if forms[0] == form)
    for form in ("time", "year", "date", "percent", "century")
}
_MENTIONED = (  # "when is the date mentioned", "when is the year on screen", "when does the date appear"
    rf"(?:mentioned|said|given|stated|announced|read|named|{alternation(list(phrasing.SHOWN_CUES))})"
)
for _form, _noun in _VALUE_NOUNS.items():  # "when is a year mentioned?": any value of the form, asked by its noun
    _ASKED_VALUE[_form] += (  # "when is the date of the speech shown?": of what, its value not given ("the year 1455")
        rf"|when\s+(?:is|was|are|were|does|did|do)\s+(?:a|any|the)\s+(?:{_noun})"
        rf"(?:\s+(?:of|for)\s+[^,.?!;:\d]{{1,40}}?)?\s+(?:first\s+)?{_MENTIONED}\b"
    )
_ASKED_VALUE_AT = {form: re.compile(rf"{_ASKING}(?:{asks})", re.I) for form, asks in _ASKED_VALUE.items()}


_ASKED_NAME = re.compile(  # "what is the name of the mission?", "... of the street on the sign": a short thing
    r"\bwhat(?:['’]s|\s+(?:is|was|are|were))\s+(?:the\s+)?name\s+of\s+(?:the\s+|this\s+|that\s+)?[\w-]+"
    r"(?:\s+[\w-]+)?\b(?=\s*(?:$|[?.!,;:]|on\b))",
    re.I,
)
_ASKED_KIND = re.compile(  # "which pad is the launch from?", "what command does he run": the kind, then a verb
    r"\b(?:what|which)\s+(?P<noun>[a-z][\w-]*)\s+(?:is|was|are|were|does|did|do|has|had|can|could|will|would)\b",
    re.I,
)
_NOT_A_KIND = frozenset(
    {"kind", "type", "sort", "one", "ones", "thing", "things", "time", "way", "else", "colour", "color", "option",
     "options", "statement", "statements", "answer", "choice"}
)  # fmt: skip


def asks_name(question: str) -> bool:
    """Whether ``question`` asks what the name of a thing is ("what is the name of the mission?", as
    ``plain_words`` writes "what's the mission called?"): a name is written or said beside the thing's noun
    ("MISSION KESTREL-2"), so with no picture to match the thing is looked for as words
    (``visual._read_instead``); a thing named in one or two words, where the clause ends or its place follows
    (a longer description, "the coffee shop that the three protagonists enter", is seen). Not a person's name
    shown ("when is the presenter's name on screen?": the name caption, ``speech.name_shown``).

    Example:
        >>> asks_name("what is the name of the mission?"), asks_name("what's the name of the street?")
        (True, True)
        >>> asks_name("what is the mission?"), asks_name("when is the presenter's name shown?")
        (False, False)
        >>> asks_name("what is the name of the coffee shop that they enter?")
        False
        >>> asks_name("what is the name of the fifth auction item?")
        False
    """
    return _ASKED_NAME.search(question) is not None


def asked_kind(question: str) -> str | None:
    """The noun of the kind of thing ``question`` asks for by "which X" or "what X" before its verb ("which pad
    is the launch from?": "pad"; "what command does he run?": "command"); the answer is often written or said
    beside that noun ("Live from Pad 39B"). None when it asks for no kind ("what is …", "which one", "what
    kind of", a colour).

    Example:
        >>> asked_kind("Which pad is the launch from?"), asked_kind("What command does he run in the terminal?")
        ('pad', 'command')
        >>> asked_kind("what is the score?"), asked_kind("which one is red?"), asked_kind("what colour is it?")
        (None, None, None)
    """
    found = _ASKED_KIND.search(question)
    if found is None:
        return None
    noun = found.group("noun").lower()
    blocked = _NOT_A_KIND | phrasing.STOP | phrasing.DETERMINERS | phrasing.WH_WORDS | phrasing.DESCRIBING
    return None if noun in blocked else noun


def asks_value(question: str) -> bool:
    """Whether ``question`` asks for a value by its kind (``_ASKED_VALUE``: a time, a year, a date, a percentage, a
    century, a bare number):
    its answer is written or said, so what else it names is looked for as words where no picture
    can be (``visual._read_instead``: "what time is sunrise": the read "Sunrise 06.42").

    Example:
        >>> asks_value("what time is sunrise?"), asks_value("which year group is she in?")
        (True, False)
        >>> asks_value("which time interval shows the goal?"), asks_value("what time of day can you tell?")
        (False, False)
        >>> asks_value("at what time does it open"), asks_value("when does the box display What time is it")
        (True, False)
        >>> asks_value("when is a year mentioned?"), asks_value("when is the year 1455 mentioned?")
        (True, False)
        >>> asks_value("when is the date of the speech shown?"), asks_value("when is the date on screen?")
        (True, True)
        >>> asks_value("when does the year appear?"), asks_value("when does the date night show up?")
        (True, False)
        >>> asks_value("the last number before liftoff"), asks_value("what number do you call?")
        (True, False)
    """
    return any(asks.search(question) for asks in _ASKED_VALUE_AT.values())


def _add_answer_forms(text: str, evidence: _Evidence, labels: bool = True) -> None:
    """The noun of each kind ``text`` asks for (``LABEL_NOUNS``) looked for on screen and in speech (``ocr OR
    transcript OR subtitle``), one group each; an answer of a form asked for (``FORM_WORDS``: a price, a phone
    number), one group of the words it is written and said with. ``text`` is left to the other rules as it is:
    a noun asked may be pictured too ("the name of the bridge the train crosses": the bridge is seen). Without
    ``labels`` (the question names the place of its text, whatever is read there is the answer:
    ``screen_places``), no label's noun is read ("which channel is this, according to the logo in the corner?":
    a logo writes no "channel"), but a value's form still says which of the texts there is asked ("what's the
    phone number at the bottom?": the caption at the bottom holding a phone number, not the name strap beside it).

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
        >>> evidence = _Evidence()
        >>> _add_answer_forms("what time is the show on according to the banner?", evidence)
        >>> evidence.groups[0][0]
        ('ocr', '{time}')
        >>> evidence = _Evidence()
        >>> _add_answer_forms("what's the phone number? which channel is this", evidence, labels=False)
        >>> [group[-1] for group in evidence.groups]
        [('subtitle', '{phone}')]
    """
    for match in _ASKED_LABEL.finditer(text if labels else ""):
        evidence.add(TOOLS_FOR[EITHER], match.group("noun").lower())
    for match in _ASKED_CODE.finditer(text if labels else ""):
        noun = match.group("noun").lower()
        if noun not in LABEL_NOUNS | phrasing.MOMENT_NOUNS | phrasing.STOP | phrasing.DETERMINERS | _NOT_CODED:
            evidence.add(TOOLS_FOR[EITHER], noun)
    for form, asks in _ASKED_FORM.items():
        if asks.search(text):
            evidence.add(TOOLS_FOR[EITHER], *FORM_WORDS[form])
    for form, asks in _ASKED_VALUE_AT.items():
        if asks.search(text):  # in every form it is said in ("what date": a year too), as speech looks for it
            evidence.add(TOOLS_FOR[EITHER], *(form_query(f) for f in VALUE_NOUNS.get(form, (form,))))
