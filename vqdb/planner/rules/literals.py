"""Values and literals no cue placed: menu paths, numbers with a unit and scores, codes and numbers with
digits (read or heard), and what is none: times in the video, a display's reading, numbers kept whole.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from vqdb.planner import phrasing
from vqdb.planner.phrasing import alternation
from vqdb.planner.rules.evidence import EITHER, READ, SPEECH, TOOLS_FOR, _Evidence
from vqdb.planner.vocabulary import (
    ARRIVAL_VERBS,
    DISPLAY_VERBS,
    NAMING_NOUNS,
    SCREEN_CUES,
    SPEECH_VERBS,
    UNITS,
    WRITTEN_VERBS,
)
from vqdb.textnorm import canonical

_IN_NUMBER = {",": "\ue003", ".": "\ue004", ";": "\ue005"}  # between digits, kept from ending a clause
_NUMBER_PUNCTUATION = {ord(mark): punctuation for punctuation, mark in _IN_NUMBER.items()}
_CLOCK = r"\d{1,2}:\d\d(?::\d\d)?"
_DURATION = r"\d+(?:\.\d+)?\s*(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)\b"
_DURATIONS = rf"{_DURATION}(?:\s*(?:,|and)?\s*{_DURATION})*"  # "26 minutes and 37 seconds"
_VIDEO_TIME = re.compile(  # "[[00:06:23, 00:06:39]]", "at 5:01", "between 1:03 and 1:10", "at 8 minutes and 16 seconds"
    rf"\[\[?[^\[\]]*\d(?::\d\d|\s*(?:seconds?|minutes?))[^\[\]]*\]\]?"
    rf"|\b(?:at|around|near|from|until|till|between)\s+(?:the\s+)?{_CLOCK}(?:\s*(?:-|–|—|to|and)\s*{_CLOCK})?(?!\S*\d)"
    r"(?!\s*(?:am|pm|a\.m\.|p\.m\.|o['’]?clock|hours|hrs|sharp)(?!\w))"  # "at 3:30 pm": a time of day said or shown
    rf"|\b(?:at|around|about|near|from|until|till|between|after|before|within)\s+(?:the\s+)?(?:first\s+)?{_DURATIONS}"
    rf"(?:\s*(?:-|–|—|to|and)\s*{_DURATIONS})?(?:\s+(?:in|into)\s+(?:the\s+)?(?:video|clip|game|film|match))?",
    re.I,
)
_DISPLAY_AT = re.compile(  # "the timecode at ", "the clock is at ", "the countdown reaches " before a number
    rf"\b(?P<display>{alternation(phrasing.TIME_DISPLAYS)})\s+(?:(?:{alternation(phrasing.AUXILIARIES)})\s+)?"
    rf"(?:{alternation(phrasing.REACHING)})\s+(?=[^\s\w]?\d)",
    re.I,
)
_SPELLED_VALUE = re.compile(  # "the countdown reaches zero": a value in words, the display shows its digits
    rf"(?P<head>\b(?:{alternation(phrasing.TIME_DISPLAYS)})\s+(?:(?:{alternation(phrasing.AUXILIARIES)})\s+)?"
    rf"(?:{alternation(phrasing.REACHING)})\s+)(?P<value>[a-z]+(?:(?:[- ]|\s+and\s+)[a-z]+){{0,3}})",
    re.I,
)
_VALUE_ASKED = re.compile(
    r"\b(?:what|which)(?:['’]s|\s+(?:is|was|are|were|does|did|do))?\s+(?:the\s+)?(?:\S+\s+)?$", re.I
)
_MENU_PATH = re.compile(r"[^\s>›→»]+(?:\s*[>›→»]\s*[^\s>›→»?!,;]+)+")
_NAMED_LITERAL = re.compile(rf"(?:(?:the|a|an)\s+)?(?:{alternation(NAMING_NOUNS)})\s+(?:of\s+)?(\S*\d\S*)", re.I)
_LITERAL = re.compile(
    r"(?![0-9]+(?:st|nd|rd|th|s)\b)(?!.*-(?:[a-z]+)$)"  # not an ordinal ("10th", "1990s"), not a measure
    r"(?:\S*[^\W\d_]\S*\d\S*|\S*\d\S*[^\W\d_]\S*|\S*\d[:;/#@$%€£]\S*|\S*[$€£#]\d\S*|\d{4,}"
    r"|\d+[.\ue004]\d+)",  # a number with decimals ("4.004", "2.0"): a reading, not a count
    re.I,
)
_NUMBERED = re.compile(  # "frame 30", "step 1", "chapter no. 3": not "frame 30%", "step 1:20"
    rf"\b(?:{alternation(phrasing.NUMBERED)})\s+(?:no\.?\s*|#\s*)?\d{{1,3}}(?![\w:/%°\ue003\ue004])", re.I
)
_QUANTITY = re.compile(  # "40 minutes", "£2.50 dollars"; "3-1", "2–0": values, not counts of things seen
    rf"(?<!\S)(?P<number>[$€£]?\d[\d,.\ue003\ue004]*)\s+(?:{alternation(UNITS)})\b|(?<![\w:/.-])\d{{1,3}}\s?[-–]\s?\d{{1,3}}(?![\w:/.-])",
    re.I,
)


def _display_reads(text: str) -> str:
    """``text`` with a display coming to a value said as its reading (``phrasing.TIME_DISPLAYS``, then an
    auxiliary and ``phrasing.REACHING``, before a number): "the timecode at 00:00:03", "the clock is at 10:45",
    "the countdown reaches 10" name what it reads, not a time in the video ("at 0:03") nor a thing seen; a
    value spelled out is shown in digits ("the countdown reaches zero": reads 0).

    Example:
        >>> _display_reads("when is the time code at 00:00:06;00? what does she say at 0:03")
        'when is the time code reads 00:00:06;00? what does she say at 0:03'
        >>> _display_reads("when does the countdown reach 10")
        'when does the countdown reads 10'
        >>> _display_reads("what is the timecode at 0:03")  # what it reads then
        'what is the timecode at 0:03'
        >>> _display_reads("when does the countdown hit zero?")
        'when does the countdown reads 0?'
        >>> _display_reads("when does the counter show one hundred and fifty")  # "and" inside a number
        'when does the counter reads 150'
    """

    def in_digits(match: re.Match[str]) -> str:
        words = match.group("value").split()
        for n in range(len(words), 0, -1):  # the longest run of number words: "twenty one", not "twenty one seconds"
            digits = canonical(" ".join(words[:n]))
            if digits.isdigit():
                return match.group("head") + digits + match.group("value")[len(" ".join(words[:n])) :]
        return match.group(0)

    text = _SPELLED_VALUE.sub(in_digits, text)

    def reading(match: re.Match[str]) -> str:
        if _VALUE_ASKED.search(text, 0, match.start()):  # "what is the timecode at 0:03": at that time
            return match.group(0)
        return f"{match.group('display')} reads "

    return _DISPLAY_AT.sub(reading, text)


_CLOCK_DOTS = re.compile(r"(?<![\w.])(\d{1,2}(?:[:.\ue004]\d\d)?)\s?([ap])\.\s?(m)\b(\.?)", re.I)
_CLOCK_WRITTEN = re.compile(r"(?<=\d)(?=[ap]\.m\b)", re.I)  # "5p.m.": the time as one token, said "5 p.m."


def _clock_dots_kept(text: str) -> str:
    """``text`` with a time of day's "a.m." or "p.m." joined to its number and its points marked as ``_numbers_kept``
    marks a point in a number (``rule_plan`` puts them and the space back in the queries, ``as_written``): the
    rules end a phrase at a point, so "doors open at 5 p.m." was the text "doors open at 5 p" and a picture of
    "m", and "what is shown at 5 p.m.?" the text "5" (a screen writes "5 pm" or "5 p.m.": the reader folds points
    and spaces).

    Example:
        >>> as_written(_clock_dots_kept("what is shown at 5 p.m.? at 7.30 A.M. the shop opens"))
        'what is shown at 5 p.m.? at 7.30 A.M. the shop opens'
        >>> _clock_dots_kept("doors open at 5 p.m.").count(".")  # none left to end a phrase
        0
        >>> _clock_dots_kept("is it p.m. yet")  # no time before it: left as written
        'is it p.m. yet'
    """
    point = _IN_NUMBER["."]
    return _CLOCK_DOTS.sub(lambda m: f"{m.group(1)}{m.group(2)}{point}{m.group(3)}{point if m.group(4) else ''}", text)


def as_written(query: str) -> str:
    """``query`` with the points ``_numbers_kept`` and ``_clock_dots_kept`` marked put back, and a time of day's
    "p.m." apart from its number again, as a transcript or subtitle writes it ("5 p.m."; a screen's read is
    compared with points and spaces folded).

    Example:
        >>> as_written(_clock_dots_kept(_numbers_kept("doors open at 7.30 p.m.")))
        'doors open at 7.30 p.m.'
    """
    return _CLOCK_WRITTEN.sub(" ", query.translate(_NUMBER_PUNCTUATION))


def _numbers_kept(text: str) -> str:
    """``text`` with each comma, point or semicolon between two digits marked (``_IN_NUMBER``), so the rules,
    which end a phrase at punctuation, keep a number whole: "she says £3,000 a year" is said "£3,000 a year", not
    "£3" (Whisper writes thousands with commas, a version or a price with a point; a drop-frame timecode, 29.97
    fps, its frames after a semicolon: "00:00:02;00" was the text "00"); ``rule_plan`` puts them back in the
    queries.

    Example:
        >>> _numbers_kept("£3,000 a year, version 2.5.").translate(_NUMBER_PUNCTUATION)
        '£3,000 a year, version 2.5.'
        >>> ";" in _numbers_kept("at 00:00:02;00 on the timecode"), ";" in _numbers_kept("hello; 5 times")
        (False, True)
        >>> [c for c in _numbers_kept("£3,000, 2.5.") if not c.isascii()]
        ['£', '\ue003', '\ue004']
    """
    marked = list(text)
    for i in range(1, len(text) - 1):
        if text[i] in _IN_NUMBER and text[i - 1].isdigit() and text[i + 1].isdigit():
            marked[i] = _IN_NUMBER[text[i]]
    return "".join(marked)


_COUNTDOWN_MARK = re.compile(r"\b([Tt])\s?[-−–]\s?(?=\d)")  # "T-10", "T - 00:00:10": a launch countdown's time


def said_as(query: str) -> str:
    """``query`` as a transcript writes it said: a countdown's time written "T-10" is said "T minus 10" (the
    dash is a word, which the written form drops).

    Example:
        >>> said_as("T-10"), said_as("at T - 5 the engines start"), said_as("HE-AAC")
        ('T minus 10', 'at T minus 5 the engines start', 'HE-AAC')
    """
    return _COUNTDOWN_MARK.sub(r"\1 minus ", query)


def _unnamed(phrase: str) -> str:
    """``phrase`` without the noun naming a literal it ends with: "the year 1455" -> "1455", "the number
    42" -> "42" (what is said or shown is the literal, not its name)."""
    named = _NAMED_LITERAL.fullmatch(phrase)
    return named.group(1) if named else phrase


_COMPOUND_HEAD = re.compile(r"[^\W\d_][\w-]*$")  # a word that may make a compound with a naming noun ("model number")
_NO_COMPOUND = phrasing.STOP | phrasing.DETERMINERS | phrasing.DESCRIBING | phrasing.PREPOSITIONS
_NO_COMPOUND |= phrasing.AUXILIARIES
_SHOWING = frozenset(  # verbs before a naming noun ("shows code 42", "says number 5"): no compound with it
    w.lower() for w in (*DISPLAY_VERBS, *WRITTEN_VERBS, *ARRIVAL_VERBS, *SCREEN_CUES, *SPEECH_VERBS) if " " not in w
)


def naming_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the literal at ``text[start:end]`` with the noun naming it (``NAMING_NOUNS``) right before
    or after it: "the model number AX-2048", "the @vqdb handle", "version 2.3.1", "the AX-2048 model number".
    The noun only says what kind of text it is (no picture, not its words); a word making a compound with it
    ("model number", "promo code") goes with it, but for a word that is no noun of one (a determiner, a word of
    how it looks, a verb of showing: "the red code 42", "shows code 42").

    Example:
        >>> text = "when is the model number AX-2048 on screen"
        >>> start, end = naming_span(text, text.index("AX"), text.index(" on"))
        >>> text[start:end]
        'model number AX-2048'
        >>> text = "when does the @vqdb handle appear"
        >>> text[slice(*naming_span(text, text.index("@"), text.index(" handle")))]
        '@vqdb handle'
        >>> text = "when is 1455 shown"
        >>> text[slice(*naming_span(text, 8, 12))]
        '1455'
    """
    before = list(re.finditer(r"\S+", text[:start]))[-2:]
    after = list(re.finditer(r"\S+", text[end:]))[:2]
    if before and _names_a_literal(before[-1].group(0)):
        start = before[-1].start()
        if len(before) == 2 and _makes_compound(before[0].group(0)):
            start = before[0].start()
    if after and _names_a_literal(after[0].group(0)):
        end += after[0].end()
    elif len(after) == 2 and _names_a_literal(after[1].group(0)) and _makes_compound(after[0].group(0)):
        end += after[1].end()
    return start, end


def _names_a_literal(word: str) -> bool:
    return word.lower() in NAMING_NOUNS


def _makes_compound(word: str) -> bool:
    """Whether ``word`` may be the first noun of a compound with a naming noun ("model number", "promo code"),
    not a determiner, a preposition, a word of how it looks or of showing ("the", "red", "shows")."""
    lower = word.lower()
    return _COMPOUND_HEAD.match(word) is not None and lower not in _NO_COMPOUND and lower not in _SHOWING


def _take_menu_paths(text: str, evidence: _Evidence) -> str:
    """A menu path or breadcrumb ("File > Export > PDF") is one text, shown or said."""
    for path in _MENU_PATH.finditer(text):
        evidence.add(TOOLS_FOR[EITHER], path.group(0))
    return _MENU_PATH.sub(" ", text)


def _after_word_of_time(text: str, start: int, words_of_time: Collection[str] = phrasing.WHEN_WORDS) -> bool:
    """Whether the word before ``start`` in ``text`` (commas aside) is one of ``words_of_time``
    (``phrasing.WHEN_WORDS``: "at", "after", "by"…), which make the number at ``start`` a time in the video.

    Example:
        >>> _after_word_of_time("at 1:03", 3), _after_word_of_time("at, 10 minutes", 4), _after_word_of_time("40", 0)
        (True, True, False)
    """
    before = text[:start].replace(",", " ").split()
    return bool(before) and before[-1].lower() in words_of_time


_FRACTION_PERCENT = {"half": "50%", "third": "33%", "quarter": "25%", "fifth": "20%", "tenth": "10%"}
_FRACTION_OFF = re.compile(  # "half price", "a quarter off", "half-price": a reduction written as a percentage
    rf"\b(?:(?:a|one)\s+)?(?P<fraction>{'|'.join(_FRACTION_PERCENT)})[\s-]+(?:price|off|of\s+the\s+price)\b", re.I
)


def _take_fractions_off(text: str, evidence: _Evidence) -> str:
    """A reduction said as a fraction ("the half price sign", "a quarter off", "half-price tickets"): a sign or a
    caption prints it as a percentage ("50% OFF", "SALE 25%"), a voice says it as asked, so the percentage is
    read and the words are read or heard, ORed.

    Example:
        >>> evidence = _Evidence()
        >>> _take_fractions_off("half price sign", evidence).split(), evidence.groups[0][:2]
        (['sign'], (('ocr', '50%'), ('ocr', 'half price')))
    """

    def replace(match: re.Match) -> str:
        said = " ".join(match.group(0).replace("-", " ").split())
        percent = _FRACTION_PERCENT[match.group("fraction").lower()]
        evidence.add_calls([(READ, percent), *((tool, said) for tool in TOOLS_FOR[EITHER])])
        return " "

    return _FRACTION_OFF.sub(replace, text)


def _take_quantities(text: str, evidence: _Evidence) -> str:
    """Values with a unit and scores no cue placed ("when does the wait go up to 40 minutes", "when is it
    25 degrees", "when does the score reach 3-1"): a picture does not show a quantity, its text does, so
    they are looked for on screen (the number: a screen abbreviates its unit, "40 min", "25°C") and in
    speech (the number with its unit: said "forty minutes"). A time in the video ("after 10 minutes")
    and a measure written as an adjective ("a 100-meter sprint") are not values."""

    def replace(match: re.Match) -> str:
        if _after_word_of_time(text, match.start()):
            return match.group(0)
        said = match.group(0).strip(",.")
        shown = (match.group("number") or said).strip(",.")
        evidence.add_calls([(READ, shown), *((tool, said) for tool in TOOLS_FOR[SPEECH])])
        return " "

    return _QUANTITY.sub(replace, text)


def _take_numbered(text: str, evidence: _Evidence) -> str:
    """A thing numbered, named with its number (``phrasing.NUMBERED``: "find frame 30", "when does step 1
    come up", "chapter 3"): a label that no cue placed, looked for on screen and in speech (``ocr OR transcript
    OR subtitle``), not pictured; after a word of time ("at frame 30", but not "in" or "on": "on page 3") it is
    a time in the video.

    Example:
        >>> evidence = _Evidence()
        >>> _take_numbered("find frame 30 then the 3 steps", evidence), evidence.groups[0][0]
        ('find   then the 3 steps', ('ocr', 'frame 30'))
    """

    def replace(match: re.Match) -> str:
        if _after_word_of_time(text, match.start(), phrasing.WHEN_WORDS - {"in", "on"}):
            return match.group(0)
        evidence.add(TOOLS_FOR[EITHER], match.group(0))
        return " "

    return _NUMBERED.sub(replace, text)


def _take_literals(text: str, evidence: _Evidence) -> str:
    """Codes, numbers and names with digits that no cue placed ("when is the time code 00:00:08;00",
    "the plate YT22FWX", "the year 1455"): looked for on screen and in speech (``ocr OR transcript OR
    subtitle``). Times in the video ("at 1:03", "the 10th second"), ordinals, counts and measures
    ("3 people", "a 100-meter sprint") are not literals."""

    def replace(match: re.Match) -> str:
        token = re.sub(r"['’]s$", "", match.group(0).strip(",.?!;:'\"“”‘’"))  # "No. 8's turn": the number 8
        if not _LITERAL.fullmatch(token) or _after_word_of_time(text, match.start()):
            return match.group(0)
        evidence.add(TOOLS_FOR[EITHER], token)
        taken.append(match.span())
        return match.group(0)

    taken: list[tuple[int, int]] = []
    re.sub(r"(?<!\S)\S*\d\S*(?!\S)", replace, text)
    for start, end in reversed(taken):  # with the noun naming it ("the model number AX-2048"); its punctuation
        token_end = start + len(text[start:end].rstrip(",.?!;:'\"“”‘’"))  # still ends a clause
        start, token_end = naming_span(text, start, token_end)
        text = text[:start] + " " + text[token_end:]
    return text
