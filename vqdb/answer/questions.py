"""What a question says about where its answer is: a time relation, the sources it names, its key words.

:func:`read_question` splits a question into

* a **relation** to another moment (the anchor) — ``after`` ("right after X", "following X", "once
  X", "what follows X"), ``before`` ("just before X", "prior to X", "until X"), ``while`` ("while X", "during X",
  "when X" inside the sentence, "at the moment X") — immediate with "right", "just", "directly"...,
  or "next" ("which speaker is announced next after X") — with the anchor's words: its quoted phrase if it
  has one, else the clause after the relation word (up to a comma or the end; parentheses stay in; of
  "between X and Y", X, with Y as ``until``: what is between them is the very next thing after X);
  or a time in the video ("at 1:23 in the video", "at 83 seconds", "at 8 minutes and 16 seconds",
  "[[274, 278]]"); and whether the answer is **with the anchor** (``with_anchor``: placed against it
  in space, "under it", "next to it", "over it": "After the Send Spike command, what message flashes
  up under it?" asks what appears while the command is still shown);
* whether it **asks when** (``asks_when``): "When does...?", "At what point...", "How long after X...",
  "Find the moment...": its answer is a time span of the video, not a text ("When the dog barks, what
  is shown?" asks what: a leading "when" clause ends at a comma; "At what time does the shop open,
  according to the sign?" asks a text);
* an **ordinal**: ``first`` or ``last`` ("the first words", "what does she say last"), whether it asks
  for one word (``asks_word``: "the last word he says") and whether it counts places in a layout on screen
  (``in_layout``: "the last button in the row", "which directory is listed first?"), not moments;
* the **source** the answer is in, from cue words in the rest of the question: ``speech`` (say,
  tell, mention, narrator, announcer, ...), ``screen`` (on screen, shown, caption, title, sign, ...),
  ``sound`` (sound, noise, bark, ...), or None when it names none or several (``named``: all it
  names, "What does the sign say?" the screen and speech); the same for the
  anchor's clause; and whether it is **about sounds** (``about_sound``: it names a sound, or asks
  what is heard without asking what is said), the only questions sound labels answer;
* **where on screen, and how big**, the rest says its text is (``place``, ``size``: the planner's
  ``vqdb.planner.screen_places.where_on_screen``, "the web address in the bottom right corner", "in big
  letters"; a place or size inside the anchor's clause is the anchor's: "at the moment the big counter
  reads 90"; as for the planner, only where the rest asks for a text, ``ASKS_TEXT``, or names the screen
  as its source, "What is shown in the top-left corner?": not "the car on the right"); a question that
  names one and no source asks about the screen;
* the **letter case** the rest asks its text in (``case``: "upper" for "written in capital letters",
  "lower" for "in lower case"; ``vqdb.answer.letter_case``);
* whether it is **negated** (``negated``: "Which of these is NOT shown?", "Which city does the
  narrator not mention?", "Which of these is NOT in the menu bar?"): the answer is the option the video does not have;
* its **context words**: the rest's words (the anchor clause, where on screen and how big, function
  words and the ordinal removed), which should be near the answer ("Sunset" in "What time is sunset, according to the
  card?"; cue words stay: "ask" in "what does he tell people to ask?"; so does a "not" of the content, in a
  question not negated: "What does he tell them NOT to ask?" asks for the words after "ask not").

Example:
    >>> q = read_question("What does the narrator say right after 'ask not'?")
    >>> q.relation, q.anchor, q.immediate, q.source
    ('after', 'ask not', True, 'speech')
    >>> q = read_question("While the president's name is on screen, what does he say first?")
    >>> q.relation, q.anchor, q.anchor_source, q.ordinal, q.source
    ('while', "the president's name is on screen", 'screen', 'first', 'speech')
    >>> read_question("What happened at 2:35 in the video?").at_s
    (155.0, 155.0)
    >>> read_question("Which train leaves at 7:45?").at_s is None
    True
    >>> [read_question(q).in_layout for q in ("Which is the last button in the row?", "What is the first text shown?")]
    [True, False]
"""

from __future__ import annotations

import dataclasses
import re
from itertools import pairwise

from vqdb.answer.letter_case import asked_case
from vqdb.answer.lexical import STOPWORDS
from vqdb.answer.timeline import match_words
from vqdb.planner.phrasing import CODE_NOUNS, PICTURED_ASKS, ROLE_NOUNS
from vqdb.planner.screen_places import ASKS_TEXT, where_on_screen
from vqdb.planner.vocabulary import SCREEN_NOUNS
from vqdb.textnorm import NEGATIONS, canonical

RELATIONS = {
    "after": "after",
    "following": "after",
    "follows": "after",
    "once": "after",
    "as soon as": "after",
    "before": "before",
    "prior to": "before",
    "precedes": "before",
    "until": "before",
    "while": "while",
    "whilst": "while",
    "during": "while",
    "when": "while",
    "as": "while",
    "at the moment": "while",
    "at the same time as": "while",
    "at the time": "while",
    "between": "after",  # "between X and Y": the very next thing after X (``_first_of_two``)
}


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# "the difference between X and Y" compares two things: no moment between them
COMPARED = _word_set("difference differences relationship relation connection link contrast similarity comparison")
NEXT_TO = frozenset({"follows", "precedes", "between"})  # the very next (previous) one
IMMEDIATE = ("right", "just", "immediately", "directly", "shortly", "straight", "soon", "next")
SPEECH_CUES = _word_set(
    """say says said saying speak speaks spoke spoken speaking talk talks talked talking tell tells told
    mention mentions mentioned mentioning announce announces announced announcing hear hears heard
    narrate narrates narrated narrating narrator narration voice voiceover announcer commentator speaker
    host presenter reporter anchor interviewer sing sings sang sung singing lyrics explain explains
    explained describe describes described call calls called ask asks asked reply replies replied answer
    answers answered announcement announcements commentary interview forecaster guide quizmaster contestant
    apologise apologises apologize apologizes thank thanks warn warns"""
)
SCREEN_CUES = _word_set(
    """screen onscreen shown show shows showing appear appears appeared appearing written display
    displays displayed displaying read reads title titles caption captions subtitle subtitles card slide
    sign signs banner logo label text credits credit chyron tag board poster menu heading headline
    overlay ticker printed typed types type typing list lists listed listing bullet bullets command commands"""
) | frozenset(n for n in SCREEN_NOUNS if " " not in n)  # the planner's things that carry text: scoreboard, graphic…
SOUND_CUES = _word_set(
    """sound sounds noise noises bark barks barking roar roars roaring ring rings ringing beep beeps
    honk honks music applause siren alarm chime chimes whistle buzz rumble instrument instruments"""
)
_QUOTE = re.compile(r"\"([^\"]+)\"|“([^”]+)”|‘([^’]+)’|«([^»]+)»|(?<![\w])'([^']+)'(?![\w])")
_RELATION = re.compile(
    r"\b(?:(?P<immediate>"
    + "|".join(IMMEDIATE)
    + r")\s+)?(?P<word>"
    + "|".join(sorted((re.escape(k).replace(r"\ ", r"\s+") for k in RELATIONS), key=len, reverse=True))
    + r")\b(?:\s+(?:that|when)\b)?",
    re.IGNORECASE,
)
_THE_FOLLOWING = re.compile(r"\b(?:the|these)\s+$", re.IGNORECASE)  # "the following": what comes below, the options
# a time asked, not a relation: "Until what time is the road closed?", "Since when...?", "By when...?"
ASKED_TIME = re.compile(
    r"\b(?:until|till|til|since|by|from|after|before)\s+(?:when\b|what\s+(?:time|hour|date|day|year)\b)", re.IGNORECASE
)
_CLAUSE_END = re.compile(r"[?!]|[,.;](?!\s?\d)|\s[-–—]\s")  # "00:00:03;29", "1,000", "2.5", "May 20, 1961" go on
_LEADING_CLAUSE = re.compile(r"\s*when\b[^,?]+,\s*(?:what|which|who|whom|where|how|why|is|are|does|do|did|was)\b", re.I)
_WHEN = re.compile(
    r"^\s*(?:(?:please\s+)?(?:tell|show|find|locate|identify|give)\s+(?:me\s+|us\s+)?(?:the\s+)?"
    r"(?:when|(?:moment|point|timestamp|scene|section|segment)s?)\b"
    r"|when\b|at\s+(?:what|which)\s+(?:point|moment|time|timestamp|second|minute)\b"
    r"|how\s+(?:long|soon|many\s+seconds|many\s+minutes|far)\s+(?:after|before|into|until|in)\b"
    r"|(?:the\s+)?(?:moment|point|part|time|timestamp|scene|section|segment)s?\s+(?:when|where|in\s+which|at\s+which)\b)",
    re.IGNORECASE,
)
_ACCORDING_TO = re.compile(r"\baccording\s+to\b", re.IGNORECASE)  # names where the answer is read: a text
_CLOCK_READ = re.compile(r"\s*at\s+what\s+time\b.*\bdoes\s+the\s+\w+\s+(?:say|show|read)\b", re.IGNORECASE)
NEGATABLE = (  # what a video shows or says: "not" before it asks for the option the video lacks
    r"shown|show|shows|appear|appears|appeared|displayed|display|visible|seen|written|listed|included|featured|"
    r"mentioned|mention|mentions|said|say|says|heard|named|read|spoken|presented|on\s+screen"
)
HEARING = frozenset({"hear", "hears", "heard", "hearing", "listen", "listens", "audible"})
_NEXT = re.compile(r"\bnext\b", re.IGNORECASE)
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_WITH_ANCHOR = re.compile(  # a place against the anchor, referred back to: it is still there
    r"\b(?:under|underneath|beneath|below|above|over|beside|alongside|next\s+to|on\s+top\s+of)\s+(?:it|them)\b",
    re.IGNORECASE,
)
_CLOCK_OR_SECONDS = (
    r"(?:(?:(\d+):)?(\d{1,2}):(\d{2}(?:[.,]\d+)?)|(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|m)\b\.?)"
)
_TIME_OPTION = re.compile(r"\s*(?:at|around|about|approximately|~)?\s*" + _CLOCK_OR_SECONDS, re.IGNORECASE)
_OF_THE_VIDEO = re.compile(r"\s*(?:(?:in|into|of)\s+(?:the\s+)?(?:video|clip))?\s*$", re.IGNORECASE)
_SPAN_OPTION = re.compile(r"\s*\[?\s*(.+?)\s*(?:,|-|–|to)\s*(.+?)\s*\]?\s*$", re.IGNORECASE)
_AUXILIARY = r"(?:does|do|did|is|are|was|were|can|could|will|would|has|have|had|should|may|might|must|shall)\b"
_LEADING_WHEN = re.compile(  # "When the dog barks, what ...?" is a clause; "When does (X, Y) show?" a question
    r"\s*when\s+(?!" + _AUXILIARY + r")[^,?]+,\W*\w", re.IGNORECASE
)
_NEGATED = re.compile(
    r"(?:\b(?:not|never)|n't)\s+(?:been\s+|be\s+|get\s+|being\s+)?(?:" + NEGATABLE + r")\b", re.IGNORECASE
)
_NOT_AMONG = re.compile(  # "Which of these is NOT in the menu bar?": which option is not among what is there
    r"^\s*which\s+of\s+(?:these|those|the\s+following|the\s+options|them)\b.*\b(?:is|are|was|were)"
    r"(?:\s+not|n't)\s+(?:in|on|among|part\s+of|one\s+of|present|there|shown|mentioned|listed)\b"
    r"|\bmissing\s+from\b",
    re.IGNORECASE,
)
# a question for a reason, never for an absence
# a question for a reason: "why" first, or first after a leading clause ("According to the caption, why ...")
_ASKS_WHY = re.compile(r"(?:^|,)\s*(?:why|how\s+come|for\s+what\s+reason)\b", re.IGNORECASE)
# the words of a question that ask how a thing looks, of those the planner reads as asking for a picture
LOOKS_ASKED = PICTURED_ASKS & {"color", "colors", "colour", "colours", "shape", "shapes", "pattern", "patterns"}
_WORN = re.compile(r"\bwear(?:s|ing)?\b", re.IGNORECASE)  # what someone wears, unless a text on it is asked
_ORDINAL = re.compile(  # and the unit it counts in where it names one: "the last word", "the first thing said"
    r"\b(first|last|final|earliest|latest)\b(?:\s+((?:thing|word|line|sentence|phrase|text|message)s?)\b)?",
    re.IGNORECASE,
)
_ANCHOR_ORDINAL = re.compile(r"\b(first|last|final)\s+time\b()", re.IGNORECASE)  # of the anchor's showings
_EDGE_OF_VIDEO = re.compile(  # "what does she say at the end?": its last; not "at the end of the speech" (of a thing)
    r"\b(?:at|near|towards?|around|by)\s+the\s+(?:very\s+)?(start|beginning|outset|opening|end|ending|close|finish)\b"
    r"(?!\s+of\b)()",
    re.IGNORECASE,
)
_FIRST = frozenset({"first", "earliest", "start", "beginning", "outset", "opening"})
# an ordinal of a place in a layout ("the last button in the row", "which directory is listed first?"), not of time
_LAYOUT = re.compile(r"\b(?:rows?|columns?|lists?|listed|listing|menus?|menu\s*bar|toolbar|tabs|table)\b", re.I)
_INTERVAL = re.compile(r"\[\[?\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*\]\]?")
_AT = r"\b(?:at|around|near|by)\s+(?:about\s+|the\s+)?"
_IN_VIDEO = r"\s+(?:in|into|of)\s+(?:the\s+)?(?:video|clip|film|movie|recording)\b"
_CLOCK = re.compile(_AT + r"(\d{1,2}):(\d{2})(?::(\d{2}))?" + _IN_VIDEO, re.IGNORECASE)  # not a time of day
_SPOKEN_TIME = re.compile(  # on canonical text: numbers are digits, "second" is "2nd"
    _AT + r"(?:(\d+)(?:st|nd|rd|th)? minutes?(?: and)? )?(\d+)(?:st|nd|rd|th)? (?:seconds?|2nd)\b"
    "|" + _AT + r"(\d+)(?:st|nd|rd|th)? minutes?\b"
)


@dataclasses.dataclass(frozen=True)
class QuestionParts:
    """A question's relation, anchor, ordinal, sources and context words (see the module doc)."""

    question: str
    relation: str | None = None
    anchor: str | None = None
    asked: str = ""  # the question without its anchor's clause: what it asks of that moment
    until: str | None = None  # "between X and Y": Y, where what is after X ends
    quoted: bool = False
    immediate: bool = False
    with_anchor: bool = False
    at_s: tuple[float, float] | None = None
    asks_when: bool = False
    ordinal: str | None = None
    in_layout: bool = False  # the ordinal counts places in a row, list or menu on screen, not moments
    asks_word: bool = False
    source: str | None = None
    named: tuple[str, ...] = ()
    anchor_source: str | None = None
    about_sound: bool = False
    negated: bool = False
    context: tuple[str, ...] = ()
    place: str | None = None
    size: str | None = None
    case: str | None = None


def read_question(question: str) -> QuestionParts:
    """The parts of ``question`` (see the module doc).

    Example:
        >>> q = read_question("What is written on screen when the dog barks?")
        >>> q.relation, q.anchor, q.source, q.anchor_source
        ('while', 'the dog barks', 'screen', 'sound')
        >>> read_question("What time is sunset, according to the card?").context
        ('time', 'sunset', 'according', 'card')
        >>> q = read_question("When does the timecode show 00:00:05?")
        >>> q.relation is None, q.asks_when
        (True, True)
        >>> read_question("When the dog barks, what is on screen?").asks_when
        False
        >>> read_question("After the Send Spike command, what message flashes up under it?").with_anchor
        True
        >>> q = read_question("What does it say in big letters either side of the fist?")
        >>> q.place, q.size, q.source
        (None, 'large', 'screen')
        >>> q = read_question("What is shown in the top-left corner at the start?")
        >>> q.place, q.context, q.ordinal  # "at the start": the first of what is shown there
        ('top-left', ('shown',), 'first')
        >>> read_question("What timecode is burned in at the moment the big counter reads 90.000?").size is None
        True
    """
    masked = _mask_quotes(question)
    relation = anchor = until = None
    immediate = False
    rest = question
    anchor_clause = ""
    anchor_quoted = False
    at_s = _explicit_time(question)
    found = _find_relation(masked)
    if at_s is not None:
        relation = "while"
    elif found is not None:
        start, end, relation, immediate = found
        stop = _CLAUSE_END.search(masked, end)
        clause_end = stop.start() if stop else len(question)
        clause = question[end:clause_end].strip()
        if "between" in masked[start:end].lower().split():
            first = _first_of_two(clause)
            compared = masked[:start].lower().split()[-1:] and masked[:start].lower().split()[-1] in COMPARED
            second = _AND.sub("", clause[len(first) :], count=1).strip()
            until = (" ".join(_quotes(second)) or second) if first != clause and not compared else None
            clause = "" if first == clause or compared else first  # "the difference between X and Y": no moment
        quoted = _quotes(clause)
        anchor = " ".join(quoted) if quoted else clause
        anchor_quoted = bool(quoted)
        if not match_words(anchor):
            relation = anchor = until = None
            immediate = False
        else:
            rest = question[:start] + question[clause_end:]
            anchor_clause = clause
    if relation == "after" and _NEXT.search(_mask_quotes(rest)):
        immediate = True  # "which speaker is announced next, after X": the nearest one
    # "after 'echo' the first time it is shown": the anchor's first showing, so what follows it first
    ordinal = _ORDINAL.search(_mask_quotes(rest)) or _ANCHOR_ORDINAL.search(_mask_quotes(anchor_clause))
    ordinal = ordinal or (_EDGE_OF_VIDEO.search(_mask_quotes(rest)) if relation is None else None)
    source = source_of(_mask_quotes(rest))
    asks_text = ASKS_TEXT.search(rest) or source == "screen"  # "what is shown in the top-left corner?" too
    unplaced, place, size = where_on_screen(rest) if asks_text else (rest, None, None)
    words = match_words(_mask_quotes(unplaced))  # where its text is ("top", "corner") is not what is near it
    ordinal_words = set(match_words(" ".join(filter(None, ordinal.groups())))) if ordinal else set()
    negates = negated(question)
    # a "not" of the content is what it asks about ("What does he tell them NOT to ask?": the words after "ask
    # not"); a "not" that asks for the option the video lacks is not
    context = tuple(
        w
        for w in dict.fromkeys(words)
        if (w not in STOPWORDS or (w in NEGATIONS and not negates)) and w not in ordinal_words
    )
    if source is None and (place or size):  # "what does it say in big letters?": read on screen
        source = "screen"
    return QuestionParts(
        question=question,
        relation=relation,
        anchor=anchor,
        asked=rest,
        until=until,
        quoted=anchor_quoted,
        immediate=immediate,
        with_anchor=relation is not None and bool(_WITH_ANCHOR.search(_mask_quotes(rest))),
        at_s=at_s,
        asks_when=asks_when(question),
        ordinal=None if ordinal is None else ("first" if ordinal.group(1).lower() in _FIRST else "last"),
        in_layout=ordinal is not None and bool(_LAYOUT.search(_mask_quotes(rest))),
        asks_word=ordinal is not None and (ordinal.group(2) or "").lower() == "word",
        source=source,
        named=sources_named(_mask_quotes(rest)),
        anchor_source=_anchor_source(anchor_clause, relation, source) if anchor is not None else None,
        about_sound=about_sound(_mask_quotes(rest)),
        negated=negates,
        context=context,
        place=place,
        size=size,
        case=asked_case(_mask_quotes(rest)),
    )


def asks_when(question: str) -> bool:
    """Whether ``question`` asks for a moment of the video (its answer a time span), not for a text.

    Example:
        >>> [asks_when(q) for q in ("At what point does the chef add salt?", "How long after the bell does he speak?",
        ...                         "Find the moment the crowd cheers", "What time is sunset?")]
        [True, True, True, False]
        >>> asks_when("At what time does the shop open, according to the sign?")
        False
        >>> asks_when("When the woman shows her bracelet, how many diamonds are there on it?")
        False
    """
    masked = _mask_quotes(question)
    if not _WHEN.match(masked) or _LEADING_WHEN.match(masked):
        return False
    return not (_ACCORDING_TO.search(masked) or _CLOCK_READ.match(masked))


def video_span(text: str) -> tuple[float, float] | None:
    """The seconds of the video an option names: a time ("0:45", "1:02:03", "at 12 s", "305 seconds",
    "3 minutes") as ``(t, t)``, or a span ("[1:20, 1:30]", "0:06 - 0:09"); None for anything else.

    Example:
        >>> [video_span(t) for t in ("0:45", "at 1:02:03", "305 seconds", "3 min", "[1:20, 1:30]", "0:06 to 0:09")]
        [(45.0, 45.0), (3723.0, 3723.0), (305.0, 305.0), (180.0, 180.0), (80.0, 90.0), (6.0, 9.0)]
        >>> video_span("19:15 sunset"), video_span("Channel 7"), video_span("7")
        (None, None, None)
    """
    single = _time_of(text)
    if single is not None:
        return single, single
    span = _SPAN_OPTION.fullmatch(text)
    if span:
        start, end = _time_of(span.group(1)), _time_of(span.group(2))
        if start is not None and end is not None and start <= end:
            return start, end
    return None


def _time_of(text: str) -> float | None:
    found = _TIME_OPTION.match(text)
    if not found or not _OF_THE_VIDEO.fullmatch(text, found.end()):
        return None
    hours, minutes, seconds, amount, unit = found.groups()
    if amount is not None:
        return float(amount) * (60.0 if unit.lower().startswith("m") else 1.0)
    return int(hours or 0) * 3600.0 + int(minutes) * 60.0 + float(seconds.replace(",", "."))


def negated(question: str) -> bool:
    """Whether ``question`` asks for the option the video does not have: "not" (or "never", "n't") just
    before a verb of showing or saying ("Which of these is NOT shown?", "Which city does the narrator
    not mention?", "What never appears on screen?"), or a "which" question for the option that is not
    among what is there ("Which of these is NOT in the menu bar?", "What is missing from the list?");
    not a "not" of the content ("What does he tell them not to ask?", "What has never been surpassed?"),
    nor of a question for a reason ("Why can the baby not read the book?": the reason is read, not missing),
    nor inside a quote.

    Example:
        >>> [negated(q) for q in ("Which of these is NOT shown?", "Which city does the narrator not mention?",
        ...                       "Which item isn't listed on the menu?", "What does he tell them not to ask?",
        ...                       "What has never been surpassed?", "What is shown after 'do not enter'?")]
        [True, True, True, False, False, False]
        >>> [negated(q) for q in ("Which of these is NOT in the menu bar?", "Which word is missing from the sign?",
        ...                       "What is not in the box, according to the label?")]
        [True, True, False]
        >>> [negated(q) for q in ("Why, according to the model, can the baby not read the book?",
        ...                       "According to the caption, why can the baby not read the book?",
        ...                       "Which of these is not shown? Why?")]
        [False, False, True]
    """
    masked = _mask_quotes(question)
    return not _ASKS_WHY.search(masked) and bool(_NEGATED.search(masked) or _NOT_AMONG.search(masked))


def about_appearance(text: str) -> tuple[str, ...] | None:
    """The words of ``text`` that name an appearance when it asks how something looks (its colour, its
    shape, what someone wears, unless the text on it is asked: a number, a name), which text on screen or
    speech seldom says: "green" read in "Rachel Green" is no colour of a badge; None for any other question.

    Example:
        >>> about_appearance("What colour is the LIVE badge?"), about_appearance("What is the man wearing?")
        (('color',), ('wearing',))
        >>> about_appearance("What is the colour of the LIVE badge?"), about_appearance("Which colours are used?")
        (('color',), ('colors',))
        >>> about_appearance("What does the sign say?"), about_appearance("What number is the player wearing?")
        (None, None)
    """
    words = match_words(text)
    found = [word for word in words if word in LOOKS_ASKED]
    if not ASKS_TEXT.search(text):
        found += [word for word in words if _WORN.fullmatch(word)]
    return tuple(dict.fromkeys(found)) if found else None


FRAME_WORDS = frozenset(  # how a question is put: the medium, where the answer is read, which moment of it
    {"video", "videos", "clip", "film", "movie", "recording", "footage", "according"}
    | {"start", "beginning", "middle", "end", "ending", "moment", "point", "time"}
    | {"near", "towards", "toward", "around", "early", "earlier", "late", "later", "final", "opening", "closing"}
    | {"very", "halfway", "midway"}  # "near the end", "at the very start": when, not what
)
PERSON_WORDS = frozenset(  # who speaks or is shown, as a question names them: no word they say or show
    {"woman", "women", "man", "men", "female", "male", "lady", "ladies", "gentleman", "gentlemen", "guy", "guys"}
    | {"girl", "girls", "boy", "boys", "child", "children", "kid", "kids", "person", "people", "someone", "somebody"}
)
BROADCASTERS = frozenset({"channel", "channels", "station", "stations", "network", "networks", "show", "programme"})


# the kind of value asked for: seldom written beside the value ("built in 1932", not "year 1932"); not a colour:
# text seldom tells how a thing looks, so a colour read nowhere says the answer is not in it
KIND_WORDS = frozenset(
    {"year", "years", "date", "dates", "day", "days", "name", "names", "many", "much", "number", "numbers"}
    | {"price", "amount", "kind", "kinds", "type", "types", "sort"}
    | {"item", "items", "entry", "entries"}  # of a list: "Which items are listed?" reads no "item"
    | {n for noun in (*CODE_NOUNS, *ROLE_NOUNS) if " " not in noun for n in (noun, noun + "s")}  # "v2.1" alone
    | {"city", "cities", "town", "towns", "country", "countries", "place", "places", "location", "company", "brand"}
    | BROADCASTERS  # "the name of the channel": "CHANNEL 7" may say it, "NEWS 24" does not
)


def topic_words(context: tuple[str, ...]) -> tuple[str, ...]:
    """The context words that name what a question is about: not its cue words of a source ("say",
    "shown", "sound"), those that frame it ("in the video", "according to", "near the end"), those that
    name who speaks or is shown (``PERSON_WORDS``: "the woman", "the female voice": no one says "woman"), nor
    those that name the kind of value asked for (``KIND_WORDS``: "year", "name", "how many"), with the word
    that says which broadcaster ("the news channel", "the TV station"). A topic word read nowhere in a video
    says the video may not have the answer: "What colour is Maria's jacket?" where no colour or jacket is
    read or said.

    Example:
        >>> topic_words(read_question("What colour is Maria's jacket, according to the video?").context)
        ('color', 'marias', 'jacket')
        >>> topic_words(read_question("What does the SALE sign say?").context)
        ('sale',)
        >>> topic_words(read_question("In what year was the tower finished?").context)
        ('tower', 'finished')
        >>> topic_words(read_question("Which city is the speech given in?").context)  # "Washington, D.C.", not "city"
        ('speech', 'given')
        >>> topic_words(read_question("What does the female voice say near the end?").context)
        ()
        >>> topic_words(read_question("What's the name of the TV station?").context)
        ()
    """
    framing = SPEECH_CUES | SCREEN_CUES | SOUND_CUES | FRAME_WORDS | KIND_WORDS | PERSON_WORDS
    return tuple(w for w, after in pairwise([*context, ""]) if w not in framing and after not in BROADCASTERS)


# A yes/no or "which" clause (at the question's start or after a comma: "In the video, when the bell rings, is the
# door open or closed?") offers the answers of its first alternative (not one inside a relative clause); so does a
# choice of places appended after a comma ("Where is it, on the beach or in the sea?"). Another question does not:
# "what is the price of the tea, coffee or juice?" asks a price, "who wrote the book or the film?" a name.
_OFFERING = re.compile(
    r"(?:^|[,;:])\s*(?:is|are|was|were|does|do|did|can|could|will|would|has|have|had|should|which)\b", re.I
)
_ALTERNATIVE = re.compile(r"((?:[\w'-]+\s*,\s*)*[\w'-]+)\s*,?\s+or\s+((?:[\w'-]+\s*){1,6})", re.I)
_CHOICE_TAIL = re.compile(  # a choice appended after a comma, of places ("…located, on the seashore or in the sea?")
    r",\s*((?:on|in|at|inside|outside|under|above|near|behind)\s+(?:[\w'-]+\s+){0,2}[\w'-]+\s*,?\s+or\s+"
    r"[\w'-]+(?:\s+[\w'-]+){0,2})\s*[?.!]?\s*$",
    re.I,
)
_RELATIVE_CLAUSE = re.compile(r",\s*(?:who|whom|whose)\b[^,]*,", re.I)  # "the man, who came by bus or train,"
# after the choice's first word, these start what the question goes on with ("OPEN or CLOSED at the start",
# "open or closed when he enters", "red or green in colour"); the first word may be one ("stopped or in motion")
_AFTER_CHOICE = frozenset(
    ("at", "in", "on", "when", "while", "after", "before", "during", "by", "from", "for", "with", "as", "if", "than")
)


def offered_words(question: str) -> frozenset[str]:
    """The words ``question`` offers as its answer: those of an alternative ("OPEN or CLOSED", "red,
    amber or green") and of its quotes. A text that reads one of them answers it, not repeats it.

    Example:
        >>> sorted(offered_words("Does the banner say WELCOME or GOODBYE?"))
        ['goodbye', 'welcome']
        >>> sorted(offered_words("Is the light red, amber or green?")), sorted(offered_words("Is 'sold out' shown?"))
        (['amber', 'green', 'red'], ['sold'])
        >>> sorted(offered_words("In the video, when the bus arrives, is the car stopped or in motion?"))
        ['motion', 'stopped']
        >>> sorted(offered_words("Does the sign say OPEN or CLOSED at the start?"))
        ['closed', 'open']
        >>> sorted(offered_words("Where is the hut, on the beach or in the sea?"))
        ['beach', 'sea']
        >>> sorted(offered_words("Which is taller, the tree behind the boy or the tree behind the girl?"))
        ['behind', 'boy', 'girl', 'tree']
        >>> offered_words("What is the price of the tea, coffee or juice?")
        frozenset()
        >>> offered_words("Is the man, who came by bus or train, wearing a hat?")  # a relative clause: no choice
        frozenset()
        >>> sorted(offered_words("Is the sign red or green in colour?"))
        ['green', 'red']
        >>> offered_words("What is the price of the tea or coffee?")  # asks a price: offers no answer
        frozenset()
    """
    words = {w for quote in _quotes(question) for w in match_words(quote)}
    unquoted = _RELATIVE_CLAUSE.sub(",", _mask_quotes(question))
    clause = _OFFERING.search(unquoted)
    choice = _ALTERNATIVE.search(unquoted, clause.end()) if clause else None
    if choice:
        words.update(match_words(choice.group(1)))
        first, *rest = choice.group(2).split()
        chosen = [first]
        for word in rest:
            if word.lower() in _AFTER_CHOICE:
                break
            chosen.append(word)
        words.update(match_words(" ".join(chosen)))
    tail = _CHOICE_TAIL.search(unquoted)
    if tail:
        words.update(match_words(tail.group(1)))
    return frozenset(words - STOPWORDS)


_YES = frozenset({"yes", "true", "y"})
_NO = frozenset({"no", "false", "n"})


def yes_no(options: list[str]) -> tuple[int, int] | None:
    """The indexes of the yes and of the no where the options are only those two ("Yes." / "No",
    "True" / "False", either order); None for any other options.

    Example:
        >>> yes_no(["Yes.", "No"]), yes_no(["false", "true"]), yes_no(["yes", "no", "maybe"])
        ((0, 1), (1, 0), None)
    """
    said = [re.sub(r"[^a-z]", "", o.lower()) for o in options]
    if len(said) != 2:
        return None
    for yes, no in ((0, 1), (1, 0)):
        if said[yes] in _YES and said[no] in _NO:
            return yes, no
    return None


# words no claim is read as: those that only ask whether anything is there at all ("Is there any music?",
# "Does anyone speak?"), that place it in time ("near the end": the end is the question's moment, not a word
# said) and that name what kind of thing the claim is ("Is the word EXIT shown?")
_NOT_CLAIMED = frozenset(
    {"any", "anyone", "anybody", "anything", "someone", "somebody", "something", "there", "ever"}
    | {"near", "nearly", "toward", "towards", "around"}
    | {"word", "words", "phrase", "phrases", "letter", "letters"}
)
_NAMED_WORD = re.compile(r"\bthe\s+word\s+([^\W_][\w'’-]*)", re.I)  # "the word then": a word named, common or not
_ANY_SOUND = frozenset({"sound", "sounds", "noise", "noises"})  # a sound cue that names no particular sound
_DOES = re.compile(r"\s*(?:does|do|did|doesn't|don't|didn't)\b", re.I)  # "Does X say Y?": X says, Y is the claim


def claim_words(parts: QuestionParts) -> tuple[str, ...]:
    """What a yes/no question asks to find: its topic words (``topic_words``) and, for a question about
    sounds, the sound it names ("music", "applause"; not "sound" itself), without the words that only ask
    whether anything is there ("any", "anyone"), place it in time ("near the end") or name its kind ("the
    word EXIT"); in a question with "does", where some follow its first cue of a source ("say", "mention",
    "show"), only those: the words before it name who says or what shows it ("Does the old man say hello?"
    asks whether "hello" is said; "Is a flag mentioned?" asks for the flag); where only cue words follow it,
    those ("Does someone say thank you?" asks for "thank", a cue word of speech itself).
    A quoted phrase is the claim ('Did she say "thank you"?'), or a word named as one, however common ("Is the word
    then said?"). Empty: it asks only whether its source has
    anything ("Does anyone speak?", "Is there any sound?").

    Example:
        >>> claim_words(read_question("Does the old man mention the airport?"))
        ('airport',)
        >>> claim_words(read_question("Is a flag mentioned in the chat?"))
        ('flag', 'chat')
        >>> claim_words(read_question('Did she say "thank you"?'))
        ('thank', 'you')
        >>> claim_words(read_question("Is the word EXIT shown near the end?"))
        ('exit',)
        >>> claim_words(read_question("Is the word and said twice?"))
        ('and',)
        >>> claim_words(read_question("Is there music playing?"))
        ('music', 'playing')
        >>> claim_words(read_question("Does anyone speak in this clip?"))
        ()
        >>> claim_words(read_question("Does someone say thank you?"))
        ('thank',)
    """
    quoted = match_words(" ".join(_quotes(parts.question) or _NAMED_WORD.findall(parts.question)))
    if quoted:
        return tuple(quoted)
    topic = set(topic_words(parts.context))
    sounds = SOUND_CUES - _ANY_SOUND if parts.about_sound else frozenset()
    claim = [w for w in dict.fromkeys(parts.context) if (w in topic or w in sounds) and w not in _NOT_CLAIMED]
    cue = next((i for i, w in enumerate(parts.context) if w in SPEECH_CUES | SCREEN_CUES), None)
    active = _DOES.match(parts.question)  # "Is a flag mentioned?" names the claim before its cue
    said = parts.context[cue + 1 :] if active and cue is not None else ()
    after = [w for w in claim if w in said]
    # what is said may be a cue word itself ("Does someone say thank you?": "thank", not "someone")
    cued = [w for w in said if w in SPEECH_CUES | SCREEN_CUES and w not in _NOT_CLAIMED]
    return tuple(after or cued or claim)


def about_sound(text: str) -> bool:
    """Whether ``text`` asks about a sound: it names one ("what sound", "the dog barks"), or asks what is
    heard with no other word of speech ("what can be heard?", not "what is heard said?").

    Example:
        >>> about_sound("What animal can be heard?"), about_sound("What is heard after the bell rings?")
        (True, True)
        >>> about_sound("What does the narrator say?"), about_sound("What colour is the cockatoo?")
        (False, False)
        >>> about_sound("Since when has the ring road been closed?")
        False
    """
    words = cue_words(text)
    if words & SOUND_CUES:
        return True
    return bool(words & HEARING) and not words & (SPEECH_CUES - HEARING)


NOUN_SENSE = frozenset({"ring", "bark", "buzz"})  # sound cues that are also things: "the ring road", "bark colour"


def cue_words(text: str) -> set[str]:
    """The words of ``text`` that may cue a source: its canonical words, less a sound cue that names a thing
    (``NOUN_SENSE``) where another content word follows it ("the ring road", not "does the bell ring?").

    Example:
        >>> sorted(cue_words("Since when has the ring road been closed?") & SOUND_CUES)
        []
        >>> sorted(cue_words("Does the bell ring at the end?") & SOUND_CUES)
        ['ring']
    """
    words = canonical(text).split()
    return {
        word
        for word, after in zip(words, [*words[1:], ""], strict=False)
        if not (word in NOUN_SENSE and after and after not in STOPWORDS)
    }


def source_of(text: str) -> str | None:
    """The one source ``text``'s cue words name (``speech``, ``screen``, ``sound``), else None.

    Example:
        >>> source_of("what does the announcer say"), source_of("the caption"), source_of("the card tells")
        ('speech', 'screen', None)
    """
    named = sources_named(text)
    return named[0] if len(named) == 1 else None


def sources_named(text: str) -> tuple[str, ...]:
    """Every source ``text``'s cue words name: "What does the sign say?" names the screen and speech.

    Example:
        >>> sources_named("What does the sign say?"), sources_named("What colour is the cockatoo?")
        (('speech', 'screen'), ())
    """
    words = cue_words(text)
    return tuple(
        source
        for source, cues in (("speech", SPEECH_CUES), ("screen", SCREEN_CUES), ("sound", SOUND_CUES))
        if words & cues
    )


def _first_of_two(clause: str) -> str:
    """The first of the two moments "between X and Y" names, X: what is between them is the very next thing
    after it (Y is where it ends, not where it is found); its quote where it has one, else the words before
    the first "and" outside quotes; the whole ``clause`` where it names one thing.

    Example:
        >>> _first_of_two("'echo the alpha' and 'echo the KING'"), _first_of_two("preheating the oven and baking")
        ("'echo the alpha'", 'preheating the oven')
        >>> _first_of_two("the two rounds")
        'the two rounds'
    """
    quoted = _QUOTE.search(clause)
    if quoted and quoted.start() == 0:
        return quoted.group(0)
    parts = _AND.split(_mask_quotes(clause), maxsplit=1)
    return clause[: len(parts[0])] if len(parts) == 2 else clause


def _anchor_source(anchor_clause: str, relation: str | None, source: str | None) -> str | None:
    """Where the anchor is found: the source its clause names ("after he says X": speech), else, for what comes
    right after or before it, the source the question's subject names: what the speaker says after "the
    Gutenberg" follows it in his speech, not the slide's title "The Gutenberg Bible". A moment "while" X names
    no source of X: X is usually in another ("What is on screen while 'ask not'...?").

    Example:
        >>> _anchor_source("'the Gutenberg'", "after", "speech"), _anchor_source("the banner is up", "after", "speech")
        ('speech', 'screen')
        >>> _anchor_source("'ask not'", "while", "screen") is None
        True
    """
    named = source_of(_mask_quotes(anchor_clause))
    return named or (source if relation in ("after", "before") else None)


def _find_relation(masked: str) -> tuple[int, int, str, bool] | None:
    """The first relation word of the question; a first "When" asks for a time ("When does...?"),
    unless its clause ends in a comma and the question goes on ("When the dog barks, what...?"); one that
    asks a time ("Until what time is the road closed?", "Since when...?": ``ASKED_TIME``) names no moment.

    Example:
        >>> _find_relation("Until what time is the road closed?") is None, _find_relation("Since when is it shut?")
        (True, None)
        >>> _find_relation("What is shown until the music starts?")[2]
        'before'
        >>> _find_relation("Which of the following appears first?") is None  # the options follow, not a moment
        True
    """
    asked_times = [m.span() for m in ASKED_TIME.finditer(masked)]
    for match in _RELATION.finditer(masked):
        word = re.sub(r"\s+", " ", match.group("word").lower())
        if any(start <= match.start() < end for start, end in asked_times):
            continue  # "Until what time...?", "Since when...?": the time is what it asks, not a moment it names
        if match.start() == 0 and word == "when" and not _LEADING_CLAUSE.match(masked):
            continue
        if word == "as" and not match.group("immediate"):
            continue  # "as" alone is too often not about time ("such as", "as big as")
        if word == "following" and _THE_FOLLOWING.search(masked, 0, match.start()):
            continue  # "Which of the following is shown?": the options, not a moment after them
        return match.start(), match.end(), RELATIONS[word], match.group("immediate") is not None or word in NEXT_TO
    return None


# a run of underscores standing alone ("OF ___ HANDS"; not "__init__" or "final__v3"), "[blank]", "(blank)"
_BLANK = re.compile(r"(?<!\w)_{2,}(?!\w)|\[\s*blank\s*\]|\(\s*blank\s*\)", re.IGNORECASE)
_CLAUSE_MARK = re.compile(r"[,:;.?!]\s")
# an ellipsis standing alone ("with the work of our ... what?"; not "so..." trailing off) is a blank where the
# question asks what fills it: "what?" right after it, or a word saying so ("complete", "fill", "missing")
_ELLIPSIS = re.compile(r"(?<=\s)(?:\.{3}|\u2026)(?=[\s'\"\u2019\u201d]|$)")
_FILL_CUE = re.compile(
    r"(?:\.{3}|\u2026)['\"\u2019\u201d]?\s*(?:what|which\s+(?:word|one))?\s*\?|\b(?:complete|fill|finish|missing)\b",
    re.IGNORECASE,
)


def blank_phrase(question: str) -> tuple[str, str] | None:
    """The words either side of a blank the question asks to fill ("'WE ARE THE WORK OF ___ HANDS'. Which
    word fills the blank?"): of the quote that has it, else of the clause it is in; None without a blank
    (two or more underscores standing alone, "[blank]", or an ellipsis where the question asks what fills
    it), and None for two blanks (which part of an option goes in which is not known). The options are the
    words that go in it: an option is found as the whole phrase it makes, not alone (an "OUR" read elsewhere
    fills no blank).

    Example:
        >>> blank_phrase("The big words spell 'WE ARE THE WORK OF ___ HANDS'. Which word fills the blank?")
        ('WE ARE THE WORK OF', 'HANDS')
        >>> blank_phrase("Complete the caption: the ____ of printing. Which word is missing?")
        ('the', 'of printing')
        >>> [blank_phrase(q) for q in ("Which word is missing from the sign?", "What does __init__ take besides self?",
        ...                            "'THE ___ OF ___ HANDS': which words fill the blanks?")]
        [None, None, None]

    People write the blank as an ellipsis too, where the question asks what fills it; an ellipsis that only
    quotes a screen ("Loading ...") or trails off is none:

        >>> blank_phrase("The lyrics say 'with the work of our ...' what?")
        ('with the work of our', '')
        >>> blank_phrase("Complete the line: because we are the ... of his hands")
        ('because we are the', 'of his hands')
        >>> [blank_phrase(q) for q in ("What shows after the 'Loading ...' screen?", "What does he say after 'so...'?")]
        [None, None]
    """
    marks = _BLANK
    if not marks.findall(question) and _FILL_CUE.search(question):
        marks = _ELLIPSIS
    if len(marks.findall(question)) != 1:
        return None
    for quote in _quotes(question):
        split = marks.split(quote, maxsplit=1)
        if len(split) == 2:
            return split[0].strip(), split[1].strip()
    blank = marks.search(question)
    starts = [m.end() for m in _CLAUSE_MARK.finditer(question, 0, blank.start())]
    end = _CLAUSE_MARK.search(question, blank.end())
    before = question[starts[-1] if starts else 0 : blank.start()]
    after = question[blank.end() : end.start() if end else len(question)]
    return before.strip(), after.strip()


def _mask_quotes(text: str) -> str:
    """``text`` with quoted phrases blanked out (same length), so words inside quotes are not cues."""
    return _QUOTE.sub(lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], text)


def _quotes(text: str) -> list[str]:
    return [next(g for g in m.groups() if g is not None).strip() for m in _QUOTE.finditer(text)]


def _explicit_time(question: str) -> tuple[float, float] | None:
    """A time in the video the question names: ``[[a, b]]``, "at 1:23 in the video" (``h:mm:ss`` too; a
    clock time alone is more often a time of day) or "at 8 minutes and 16 seconds"."""
    interval = _INTERVAL.search(question)
    if interval:
        return float(interval.group(1)), float(interval.group(2))
    clock = _CLOCK.search(question)
    if clock:
        a, b, c = clock.groups()
        seconds = int(a) * 3600 + int(b) * 60 + int(c) if c else int(a) * 60 + int(b)
        return float(seconds), float(seconds)
    spoken = _SPOKEN_TIME.search(canonical(question))
    if spoken:
        minutes, seconds, only_minutes = spoken.groups()
        if only_minutes is not None:
            return int(only_minutes) * 60.0, int(only_minutes) * 60.0 + 60.0
        t = int(minutes or 0) * 60.0 + int(seconds)
        return t, t
    return None
