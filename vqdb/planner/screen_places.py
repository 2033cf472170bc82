"""Where on screen, and how big, a question says its text is: "the title at the top of the screen", "the caption
in the lower third", "the text in the top-left corner", "when does 'WE ARE HERE TO' appear in big letters?",
"the small print". ``where_on_screen`` finds these phrases and gives the question without them and the
``place`` and ``size`` of an ``ocr`` call (``vqdb.planner.plan.Call``); ``placed_plan`` plans the question without
them and gives its text-on-screen calls that place and size, where the question itself asks for text on screen
(it plans the question as asked where it does not: "the car on the right", "the plants on the right" of a
question whose answer options are read on screen, are where things are, not text).

A place is a preposition, "the", a side and what follows it (at, on, in, across, along, near, toward: "at the
top", "on the right-hand side", "in the upper left corner", "across the bottom of the screen", "in the middle"): a
side followed by "of" something other than the screen (or the frame, the video, the clip, the footage, the film:
``SCREEN``), or by another noun ("in the right order", "at the top of the hill", "on the left bank"), is none. A
side before a noun that names text on screen ("the top banner", "the bottom caption", "the top-left logo") is one;
before any other noun ("the top story", "top speed") it is none, nor are "on top of", "right after", "left the
room". "The lower third" (a caption band) is the bottom, and a caption. A size is a size before the words for
letters or text, with "in" ("in big letters", "in small text", "in huge white letters", removed whole) or without
("the big title", "small print", "large text": only the size goes), not before "of" ("a large number of"), nor
before anything else ("the big dog", "a small boy"). Words in quotes, and words in capitals (text on screen), are
never these phrases.

Example:
    >>> where_on_screen("What does the title at the top of the screen say?")
    ('What does the title say?', 'top', None)
    >>> where_on_screen("when does 'WE ARE HERE TO' appear in big letters?")
    ("when does 'WE ARE HERE TO' appear?", None, 'large')
    >>> where_on_screen("what is the top story on the news?")
    ('what is the top story on the news?', None, None)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from vqdb.planner import boolexpr, phrasing, tools
from vqdb.planner.plan import Call, Plan

SCREEN = (  # one or every one of them: "at the bottom of the slides"
    r"(?:(?:screen|frame|display|image|picture|video|clip|footage|film|recording|page|slide|window|monitor|tv"
    r"|television|shot|view)s?)"
)
SCREEN_TEXT = (  # nouns of text on screen that a side or a size may stand before
    r"(?:banners?|bars?|tickers?|captions?|subtitles?|lines?|texts?|titles?|headlines?|headings?|labels?|logos?"
    r"|corners?|edges?|menus?|headers?|footers?|crawls?|strips?|overlays?|watermarks?|graphics?|chyrons?|words?"
    r"|letters?|lettering|fonts?|print|type|typeface|writing|characters?|numbers?|digits?|counters?|clocks?"
    r"|timers?|timecodes?|scores?|names?|credits?|messages?|notes?|signs?|tags?|badges?|box(?:es)?|readouts?)"
)
LETTERS = (
    r"(?:letters|lettering|text|font|print|type|typeface|writing|characters|words|capitals|caps|script|numbers|digits)"
)
LOOKS = r"(?:bold|white|black|red|yellow|blue|green|orange|pink|purple|gold|golden|grey|gray|bright|block|capital|neon)"
SIDE = (
    r"(?:(?P<v>top|bottom|upper|lower)(?:[- ]?(?P<h>left|right)(?:[- ]hand)?)?"
    r"|(?P<h2>left|right)(?:[- ]hand)?|(?P<c>middle|center|centre))"
)
# what may follow a place: the end of a clause, a connective or preposition, or a verb of showing
FOLLOWS = (
    r"(?=\s*(?:$|[,.?!;:)\]\"'”’]|(?:and|or|but|when|while|as|that|which|who|with|is|are|was|were|during|before"
    r"|after|at|in|on|for|to|then|first|ever|again|now|say|says|said|read|reads|show|shows|showed|shown|appear"
    r"|appears|appeared|display|displays|displayed|come|comes|came|pop|pops|change|changes|changed|do|does|did"
    r"|mean|means|go|goes|flash|flashes|scroll|scrolls|list|lists|give|gives|tell|tells|contain|contains"
    r"|update|updates|reach|reaches|reached|hit|hits|pass|passes|passed|get|gets|tick|ticks|turn|turns|count"
    r"|counts|exceed|exceeds|cross|crosses|climb|climbs|drop|drops|fall|falls|become|becomes|stand|stands)\b))"
)
PREPOSITION = (
    r"\b(?:at|on|in|across|along|near|toward|towards|over|under|from)\s+the\s+(?:very\s+|far\s+)?"
    rf"{SIDE}(?:[- ](?:corner|edge|side|part|half|area|portion|section|region|third|end))?"
    rf"(?:\s+(?:of|on|in)\s+(?:the\s+)?{SCREEN})?{FOLLOWS}"
)
ANY_CORNER = (  # a corner without a side: any of the four (a channel's logo "in the corner")
    rf"\b(?:at|on|in|near|from)\s+(?:the|a|one\s+of\s+the)\s+(?:very\s+|far\s+)?corners?"
    rf"(?:\s+(?:of|on|in)\s+(?:the\s+)?{SCREEN})?{FOLLOWS}"
)
CORNER_BEFORE_TEXT = rf"\bcorner(?=[- ]{SCREEN_TEXT}\b(?!\s+of\b))"
LOWER_THIRD = rf"\b(?P<within>in\s+(?:the\s+|a\s+))?lower[- ]thirds?(?:\s+(?:of|on|in)\s+(?:the\s+)?{SCREEN})?\b"
LOWER_THIRD_BEFORE_TEXT = rf"\blower[- ]thirds?(?=[- ]{SCREEN_TEXT}\b)"
# displays whose noun says where they stand: a ticker, a crawl, a chyron, a name strap or caption run along the
# bottom (each a caption); a watermark, a channel's logo or bug sits in a corner (a logo)
BOTTOM_DISPLAY = (  # "crawl" a noun only after "the" or a kind ("crawls towards it" moves); a name tag is worn
    r"\b(?:(?:news|stock|sports|scrolling|breaking\s+news)\s+(?:tickers?|crawls?)|tickers?|chyrons?)\b"
    r"|\b(?:(?:breaking\s+)?news|caption|headline|info|ticker)\s+(?:strips?|bars?|straps?)\b|\b(?<=the\s)strip\b(?!\s+(?:of|the)\b)"
    r"|(?<=\bthe\s)crawl\b(?!\s+(?:to|towards?|into|onto|over|under|through|across|up|down|back|away)\b)"
    r"|\bname\s+(?:straps?|captions?|supers?)\b"
)
CORNER_DISPLAY = r"\bwatermarks?\b|\b(?:channel|station|network|broadcaster)['’]?s?\s+(?:logos?|bugs?|idents?)\b"
_OWNERS = ("the", "a", "an", "its", "their", "his", "her", "our", "your", "this", "that")
_OWNER = "|".join(rf"(?<=\b{d}\s)" for d in _OWNERS)
LOGO_UNNAMED = (  # "the logo", "the airline's logo", "a company logo": a corner display with no words of its own
    rf"(?:{_OWNER})(?-i:[a-z][\w-]*['’]s?\s+)?logos?\b"  # ("the Nike logo" has; "the logo on his shirt" is worn)
    r"(?!\s+(?:on|in|at|of|above|below|under|over|near|behind|beside|printed|painted|sewn|stitched)\b)"
)
LOGO_NAMED = re.compile(r"(?:[\"”’']|\b(?P<word>[A-Z0-9][\w&.-]*))\s+logos?\b")  # "the 'TikTok' logo", "the Nike logo"
SIDE_BEFORE_TEXT = rf"\b{SIDE}(?=[- ]{SCREEN_TEXT}\b(?!\s+of\b))"
SIZE = (
    r"(?P<size>big|bigger|biggest|large|larger|largest|huge|giant|enormous|massive|oversized"
    r"|tiny|small|smaller|smallest|little|fine)"
)
SIZE_IN = rf"\bin\s+(?:(?:very|really|extra|super)\s+)?{SIZE}(?:,?\s+{LOOKS})*\s+{LETTERS}\b"
SIZE_BEFORE_TEXT = rf"\b{SIZE}(?=(?:,?\s+{LOOKS})*\s+{SCREEN_TEXT}\b(?!\s+of\b))"
SMALL = {"tiny", "small", "smaller", "smallest", "little", "fine"}
ASKS_TEXT = re.compile(  # words of a clause that asks for a text: what it says, or a noun of one
    r"\b(?:texts?|words?|letters?|lettering|writing|written|titles?|captions?|subtitles?|headlines?|headings?"
    r"|banners?|labels?|logos?|badges?|watermarks?|signs?|tickers?|chyrons?|crawls?|messages?|numbers?|characters|english|say|says"
    r"|said|read|reads|printed|(?:web\s+)?addresse?s?|urls?|websites?)\b",
    re.IGNORECASE,
)
TEXT_NAMED = re.compile(  # a call's query that only names a text (its noun), not what the text says
    rf"(?:(?:the|a|an|this|that|its|their|any|some)\s+)?(?:{LOOKS}\s+)*{SCREEN_TEXT}(?:\s+{SCREEN_TEXT})*",
    re.IGNORECASE,
)
ASKS_WHAT = re.compile(r"\b(?:what|which)\b", re.IGNORECASE)  # a question that asks what (which) a text is
QUOTED = re.compile(r"(?<!\w)'[^']+'(?!\w)|\"[^\"]+\"|“[^”]+”|‘[^’]+’")
CAPITALS = re.compile(r"\b[A-Z]{2,}\b")


def where_on_screen(question: str, whole: str | None = None) -> tuple[str, str | None, str | None]:
    """``question`` without its phrases of where its text is on screen and how big (see the module), and the
    place (``vqdb.planner.plan.PLACES``) and size ("large", "small") they say, None where none does. A
    vertical side and a horizontal one make a corner ("at the top, on the right": "top-right"). A logo with no
    words of its own ("the logo", "the airline's logo": ``LOGO_UNNAMED``) is in a corner unless ``whole`` (the
    question ``question`` is a clause of; itself by default) names a logo by its words (``_logo_named``).

    Example:
        >>> where_on_screen("what does the text in the top-left corner say?")
        ('what does the text say?', 'top-left', None)
        >>> where_on_screen("What does the lower third say when she first speaks?")
        ('What does the caption say when she first speaks?', 'bottom', None)
        >>> where_on_screen("when is the big title shown on the right-hand side of the screen?")
        ('when is the title shown?', 'right', 'large')
        >>> where_on_screen("what is the name shown in the lower-third graphic?")
        ('what is the name shown in the graphic?', 'bottom', None)
        >>> where_on_screen("Which web address is printed in the bottom right corner of the footage?")
        ('Which web address is printed?', 'bottom-right', None)
        >>> where_on_screen("what does the small print at the bottom say")
        ('what does the print say', 'bottom', 'small')
        >>> where_on_screen("what does the banner across the top read?")
        ('what does the banner read?', 'top', None)
        >>> where_on_screen("which channel is this, according to the logo in the corner?")
        ('which channel is this, according to the logo?', 'corner', None)
        >>> [where_on_screen(q)[1:] for q in ("he left the room", "the right answer", "right after the goal",
        ...     "the car on top of the hill", "at the top of the stairs", "in the right order", "a big dog")]
        [(None, None), (None, None), (None, None), (None, None), (None, None), (None, None), (None, None)]
        >>> where_on_screen("a large number of people"), where_on_screen("when does 'TOP LEFT' appear?")[1]
        (('a large number of people', None, None), None)
    """
    vertical = horizontal = size = None
    corner = False  # a corner named without its sides
    spans: list[tuple[int, int, str]] = []  # (start, end, replacement) of the phrases found
    taken = [(m.start(), m.end()) for m in QUOTED.finditer(question)]
    for pattern, replacement in (
        (BOTTOM_DISPLAY, "caption"),
        (CORNER_DISPLAY, "logo"),
        (LOGO_UNNAMED, "logo"),
        (LOWER_THIRD_BEFORE_TEXT, ""),
        (LOWER_THIRD, "caption"),
        (PREPOSITION, ""),
        (SIDE_BEFORE_TEXT, ""),
        (ANY_CORNER, ""),
        (CORNER_BEFORE_TEXT, ""),
        (SIZE_IN, ""),
        (SIZE_BEFORE_TEXT, ""),
    ):
        for found in re.finditer(pattern, question, re.IGNORECASE):
            start, end = found.span()
            if any(start < e and s < end for s, e in taken) or CAPITALS.search(found.group()):
                continue
            if pattern == LOGO_UNNAMED and _logo_named(whole or question):  # "the 'TikTok' logo … right of the logo"
                continue
            taken.append((start, end))
            parts = found.groupdict()
            if pattern in (LOWER_THIRD, LOWER_THIRD_BEFORE_TEXT):  # "the lower third": a caption at the bottom
                vertical = vertical or "bottom"
                spans.append((start, end, "" if pattern == LOWER_THIRD_BEFORE_TEXT or parts["within"] else "caption"))
                continue
            if pattern in (BOTTOM_DISPLAY, CORNER_DISPLAY, LOGO_UNNAMED):  # "the news ticker": a caption at the bottom
                vertical = vertical or ("bottom" if pattern == BOTTOM_DISPLAY else None)
                corner = corner or pattern != BOTTOM_DISPLAY
                kept = found.group().lower().startswith("watermark")  # a watermark is its own noun
                spans.append((start, end, found.group() if kept else replacement))
                continue
            if pattern in (ANY_CORNER, CORNER_BEFORE_TEXT):  # "in the corner": any of the four
                corner = True
                spans.append((start, end, replacement))
                continue
            if parts.get("size"):
                size = size or ("small" if parts["size"].lower() in SMALL else "large")
            vertical = vertical or _vertical(parts.get("v"))
            horizontal = horizontal or (parts.get("h") or parts.get("h2") or "").lower() or None
            if parts.get("c") and vertical is None and horizontal is None:
                vertical = horizontal = "center"
            spans.append((start, end, replacement))
    rest = question
    for start, end, replacement in sorted(spans, reverse=True):
        rest = rest[:start] + replacement + rest[end:]
    rest = re.sub(r"\s+([,.?!;:])", r"\1", " ".join(rest.split()))
    rest = re.sub(r",+(?=[,.?!;:]|$)", "", rest).strip(" ,")  # the commas around a phrase taken out
    return rest, _place(vertical, horizontal) or ("corner" if corner else None), size


def _logo_named(question: str) -> bool:
    """Whether ``question`` names a logo by its words ("the 'TikTok' logo", "the Nike logo"; not "The logo"):
    then "the logo" is that one, not whatever text a corner holds.

    Example:
        >>> _logo_named("the 'TikTok' logo appears; what is right of the logo?"), _logo_named("The logo appears")
        (True, False)
    """
    words = ((found.group("word") or "").lower() for found in LOGO_NAMED.finditer(question))
    return any(word not in phrasing.DETERMINERS for word in words)


def placed_plan(
    question: str,
    plan_of: Callable[[str], Plan],
    text_read: Callable[[str], list[str]],
    answers: Sequence[str] = (),
) -> Plan:
    """``plan_of`` the question without the phrases of place and size (``where_on_screen``) of its clauses that
    name a text it reads on screen, whose calls reading that text (of a tool that reads text boxes,
    ``Tool.screen_boxes``) take that place and size; ``plan_of(question)`` as asked where no clause does.
    ``text_read`` gives the texts a question reads on screen by itself (its ``ocr`` queries, answer options
    aside). A clause is the question between commas, semicolons and stops: in "when the progress bar on the
    left shows 90%, what is she doing?" the left is where 90% is shown; in "when 'Channels' is clicked, what
    appears in the lower right corner?" the corner is where the answer is, not 'Channels', nor is "the cars on
    the right" a text: those questions are planned as asked. A question that reads no text of its own but asks
    what a text in its place says ("what does the title at the top of the screen say?", "what words appear on
    the right side?": a clause naming text, ``ASKS_TEXT``) with ``answers`` (its answer options) reads them
    there: its calls reading an answer take the place and size; without answers to read, where the question
    asks what (or which) ("which channel is this, according to the logo in the corner?", ``ASKS_WHAT``; not
    "where is the small logo in the corner?"), it reads whatever text is there (``_any_text_placed``): an
    ``ocr`` call with no words, that place and size.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> quoted = lambda q: q.split("'")[1::2]
        >>> plan_of = lambda q: Plan(tuple(Call(f"Q{i}", "ocr", t) for i, t in enumerate(quoted(q) or [q], 1)))
        >>> placed_plan("when is 'EXIT' shown in small letters at the bottom?", plan_of, quoted).queries[0].to_dict()
        {'id': 'Q1', 'tool': 'ocr', 'query': 'EXIT', 'place': 'bottom', 'size': 'small'}
        >>> placed_plan("when 'GO' is shown, what is on the left?", plan_of, quoted).queries[0].to_dict()
        {'id': 'Q1', 'tool': 'ocr', 'query': 'GO'}
        >>> answers = lambda q: Plan((Call("Q1", "ocr", "Hello"), Call("Q2", "ocr", "Bye")), "Q1 OR Q2")
        >>> asked = "What does the title at the top of the screen say?"
        >>> [c.place for c in placed_plan(asked, answers, quoted, ["Hello", "Bye"]).queries]
        ['top', 'top']
        >>> [c.place for c in placed_plan("what is the dog on the left holding?", answers, quoted, ["Hello"]).queries]
        [None, None]
        >>> placed_plan(asked, lambda q: Plan((Call("Q1", "siglip", "title"),)), quoted).queries[0].to_dict()
        {'id': 'Q1', 'tool': 'ocr', 'query': '', 'place': 'top'}
    """
    clauses = _clauses(question)
    found = [where_on_screen(clause, question) for clause, _ in clauses]
    if not any(place or size for _, place, size in found):
        return plan_of(question)
    read = {_form(text) for text in text_read(" ".join(rest for rest, _, _ in found)) if _form(text)}
    placed = [
        i
        for i, ((clause, _), (_, place, size)) in enumerate(zip(clauses, found, strict=True))
        if (place or size) and any(text in _form(clause) for text in read)
    ]
    if not placed:
        return _answers_placed(question, clauses, found, plan_of, answers)
    asked = "".join((found[i][0] if i in placed else clause) + end for i, (clause, end) in enumerate(clauses))
    texts = {text for text in read if any(text in _form(clauses[i][0]) for i in placed)}
    place = next((found[i][1] for i in placed if found[i][1]), None)
    size = next((found[i][2] for i in placed if found[i][2]), None)
    plan = plan_of(" ".join(asked.split()))
    reading = [tools.get(call.tool).screen_boxes and _form(call.query) in texts for call in plan.queries]
    in_event = any(any(where_on_screen(_event_of(clauses[i][0]))[1:]) for i in placed)
    event_only = all(call.when for call, reads in zip(plan.queries, reading, strict=True) if reads)
    if any(reading) and event_only and not in_event:  # the place and size said are the answer's, not the event's
        return _answers_placed(question, clauses, found, plan_of, answers)
    if not any(reading):
        return plan_of(question)
    queries = tuple(
        dataclasses.replace(call, place=place, size=size) if reads else call
        for call, reads in zip(plan.queries, reading, strict=True)
    )
    return dataclasses.replace(plan, queries=queries)


def _event_of(clause: str) -> str:
    """The event of ``clause`` after its last "after" / "before" ("" where it has none): a text read there is
    placed only by the place and size said there ("what big words come up right after HANDS goes away?": big is
    the answer, not HANDS; "after the title at the top appears": the title's place).

    Example:
        >>> _event_of("what big words come up right after HANDS goes away?"), _event_of("when is EXIT shown")
        (' HANDS goes away?', '')
    """
    return _CONNECTIVE.split(clause)[-1] if _CONNECTIVE.search(clause) else ""


_CONNECTIVE = re.compile(r"\b(?:after|before)\b", re.I)


def _answers_placed(
    question: str,
    clauses: list[tuple[str, str]],
    found: list[tuple[str, str | None, str | None]],
    plan_of: Callable[[str], Plan],
    answers: Sequence[str],
) -> Plan:
    """``plan_of`` the question without its phrases of place and size, its calls reading one of ``answers``
    (of a tool that reads text boxes) in the place and size of the first clause that names text
    (``ASKS_TEXT``) and says one; ``plan_of(question)`` where no clause does; whatever text is there
    (``_any_text_placed``) where no call reads an answer and the question asks what (which) it is
    (``ASKS_WHAT``), ``plan_of(question)`` where it does not."""
    asking = [  # "the lower third" is a caption: its clause without the place names text
        i
        for i, (clause, _) in enumerate(clauses)
        if (found[i][1] or found[i][2]) and (ASKS_TEXT.search(clause) or ASKS_TEXT.search(found[i][0]))
    ]
    if not asking:
        return plan_of(question)
    asked = "".join((found[i][0] if i in asking else clause) + end for i, (clause, end) in enumerate(clauses))
    plan = plan_of(" ".join(asked.split()))
    options = {_form(answer) for answer in answers if _form(answer)}
    reading = [tools.get(call.tool).screen_boxes and _form(call.query) in options for call in plan.queries]
    place = next((found[i][1] for i in asking if found[i][1]), None)
    size = next((found[i][2] for i in asking if found[i][2]), None)
    if not any(reading):
        read_there = ASKS_WHAT.search(question) or _names_a_text_only(plan)
        return _any_text_placed(plan, place, size) if read_there else plan_of(question)
    queries = tuple(
        dataclasses.replace(call, place=place, size=size) if reads else call
        for call, reads in zip(plan.queries, reading, strict=True)
    )
    return dataclasses.replace(plan, queries=queries)


def _names_a_text_only(plan: Plan) -> bool:
    """Whether ``plan`` (of a question without its place and size) finds its text by no words of it: it has no
    calls, or a call of a tool that is not visual that only names the text ("caption", "the logo":
    ``TEXT_NAMED``). Asked when such a text shows ("when does the caption at the bottom come up?", "when does
    text appear in the top right corner?"), whatever is read in its place is it, as when asked what it says; a
    picture looked for ("where is the small logo in the corner?" with a visual tool) is not.

    Example:
        >>> _names_a_text_only(Plan((Call("Q1", "ocr", "caption"),))), _names_a_text_only(Plan(()))
        (True, True)
        >>> _names_a_text_only(Plan((Call("Q1", "transcript", "hello"),)))
        False
        >>> _names_a_text_only(Plan((Call("Q1", "region", "logo"),)))
        False
    """
    return not plan.queries or any(map(names_text, plan.queries))


def names_text(call: Call) -> bool:
    """Whether ``call``, of a tool that is not visual, only names a text: a noun of text, maybe with how it looks
    (``TEXT_NAMED``: "caption", "the red banner"), a few words at most ("word word word …" in quotes is words).

    Example:
        >>> names_text(Call("Q1", "ocr", "the red banner")), names_text(Call("Q1", "siglip", "the red banner"))
        (True, False)
        >>> names_text(Call("Q1", "transcript", "word word word word"))
        False
    """
    query = call.query.strip()
    return not tools.get(call.tool).visual and len(query.split()) <= 3 and TEXT_NAMED.fullmatch(query) is not None


def _any_text_placed(plan: Plan, place: str | None, size: str | None) -> Plan:
    """``plan`` (of a question asking what a text in a place says, without its place and size) reading whatever
    text is in ``place``, of ``size``: a call of the tool that reads text boxes with no words (``Call``), ANDed
    with the plan's calls but those that only name the text ("title", "the white caption": ``TEXT_NAMED``, what
    is asked for, not words it says); the calls renumbered, the text read first.

    Example:
        >>> plan = Plan((Call("Q1", "siglip", "caption"), Call("Q2", "audio", "bark")), "Q1 AND Q2")
        >>> placed = _any_text_placed(plan, "bottom", None)
        >>> [(c.id, c.tool, c.query, c.place) for c in placed.queries], placed.combine
        ([('Q1', 'ocr', '', 'bottom'), ('Q2', 'audio', 'bark', None)], 'Q1 AND Q2')
    """
    reader = next(name for name in tools.names() if tools.get(name).screen_boxes)
    named = {call.id for call in plan.queries if TEXT_NAMED.fullmatch(call.query.strip())}
    rest = boolexpr.drop(plan.expression, named) if plan.queries else None
    kept = [call for call in plan.queries if call.id not in named]
    ids = {call.id: f"Q{i}" for i, call in enumerate(kept, start=2)}
    calls = (Call("Q1", reader, "", place=place, size=size), *(dataclasses.replace(c, id=ids[c.id]) for c in kept))
    renamed = None if rest is None else boolexpr.fold(rest, _renamed(ids), _node(boolexpr.And), _node(boolexpr.Or))
    others = () if renamed is None else renamed.items if isinstance(renamed, boolexpr.And) else (renamed,)
    combine = str(boolexpr.And((boolexpr.Var("Q1"), *others)) if others else boolexpr.Var("Q1"))
    where = ", ".join(f"{key} {value}" for key, value in (("place", place), ("size", size)) if value)
    note = f"no words to look for: reading whatever text is on screen there ({where})"
    if plan.is_uniform:  # not sampled uniformly now: what planned it made no call
        return Plan(calls, combine, notes=(note,))
    return dataclasses.replace(plan, queries=calls, combine=combine, notes=(*plan.notes, note))


def _renamed(ids: dict[str, str]) -> Callable[[str], boolexpr.Node]:
    """A call id of a boolean expression as the id ``ids`` gives it (for ``boolexpr.fold``)."""
    return lambda name: boolexpr.Var(ids[name])


def _node(kind: type[boolexpr.And] | type[boolexpr.Or]) -> Callable[[list[boolexpr.Node]], boolexpr.Node]:
    """An operator of a boolean expression over its operands (for ``boolexpr.fold``)."""
    return lambda operands: kind(tuple(operands))


def _clauses(question: str) -> list[tuple[str, str]]:
    """``question`` cut after commas, semicolons, colons and stops outside quotes (not between two digits: a
    number, a time, a drop-frame timecode's "07;00"): each clause and the marks that end it.

    Example:
        >>> _clauses("when 'A, B' reads 1,000.5 at 00:33, what is it?")
        [("when 'A, B' reads 1,000.5 at 00:33", ', '), ('what is it', '?')]
        >>> _clauses("when does it say 00:00:07;00; then what?")
        [('when does it say 00:00:07;00', '; '), ('then what', '?')]
    """
    quoted = [found.span() for found in QUOTED.finditer(question)]
    cuts = [
        found.span()
        for found in re.finditer(r"(?:[,.:;](?!\d)|(?<!\d)[,.:;])\s*|[?!]+\s*", question)
        if not any(start <= found.start() < end for start, end in quoted)
    ]
    clauses, begin = [], 0
    for start, end in cuts:
        clauses.append((question[begin:start], question[start:end]))
        begin = end
    return clauses + ([(question[begin:], "")] if begin < len(question) else [])


def _form(text: str) -> str:
    """``text``'s letters and digits, lower case: a query as the question writes it, quotes and spaces aside."""
    return re.sub(r"\W+", "", text.lower())


def _vertical(side: str | None) -> str | None:
    """ "top" for top or upper, "bottom" for bottom or lower, None without a side."""
    if side is None:
        return None
    return "top" if side.lower() in ("top", "upper") else "bottom"


def _place(vertical: str | None, horizontal: str | None) -> str | None:
    """The place of a vertical and a horizontal side (either may be None; "center" both ways is the middle).

    Example:
        >>> _place("top", "left"), _place(None, "right"), _place("center", "center"), _place(None, None)
        ('top-left', 'right', 'center', None)
    """
    if vertical == "center" or horizontal == "center":
        return "center"
    if vertical and horizontal:
        return f"{vertical}-{horizontal}"
    return vertical or horizontal
