"""Where on screen, and how big, a question says its text is: "the title at the top of the screen", "the caption
in the lower third", "the text in the top-left corner", "when does 'WE ARE HERE TO' appear in big letters?",
"the small print". ``where_on_screen`` finds these phrases and gives the question without them and the
``place`` and ``size`` of an ``ocr`` call (``vqdb.planner.plan.Call``); ``placed_plan`` plans the question without
them and gives its text-on-screen calls that place and size (and plans the question as asked when the plan
reads no text on screen: "the man at the top of the stairs" was never about the screen).

A place is a preposition, "the", a side and what follows it (at, on, in, across, along, near, toward: "at the
top", "on the right-hand side", "in the upper left corner", "across the bottom of the screen", "in the
middle"): a side followed by "of" something other than the screen, or by another noun ("in the right order",
"at the top of the hill", "on the left bank"), is none. A side before a noun that names text on screen ("the
top banner", "the bottom caption", "the top-left logo") is one; before any other noun ("the top story", "top
speed") it is none, nor are "on top of", "right after", "left the room". "The lower third" (a caption band) is
the bottom, and a caption. A size is a size before the words for letters or text, with "in" ("in big letters",
"in small text", "in huge white letters", removed whole) or without ("the big title", "small print", "large
text": only the size goes), not before "of" ("a large number of"), nor before anything else ("the big dog", "a
small boy"). Words in quotes, and words in capitals (text on screen), are never these phrases.

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
from collections.abc import Callable

from vqdb.planner import tools
from vqdb.planner.plan import Plan

SCREEN = r"(?:screen|frame|display|image|picture|video|page|slide|window|monitor|tv|television|shot|view)"
SCREEN_TEXT = (  # nouns of text on screen that a side or a size may stand before
    r"(?:banners?|bars?|tickers?|captions?|subtitles?|lines?|texts?|titles?|headlines?|headings?|labels?|logos?"
    r"|corners?|edges?|menus?|headers?|footers?|crawls?|strips?|overlays?|watermarks?|graphics?|chyrons?|words?"
    r"|letters?|lettering|fonts?|print|type|typeface|writing|characters?|numbers?|digits?|counters?|clocks?"
    r"|timers?|timecodes?|scores?|names?|credits?|messages?|notes?|signs?|tags?)"
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
    r"|update|updates)\b))"
)
PREPOSITION = (
    r"\b(?:at|on|in|across|along|near|toward|towards|over|under|from)\s+the\s+(?:very\s+|far\s+)?"
    rf"{SIDE}(?:[- ](?:corner|edge|side|part|half|area|portion|section|region|third|end))?"
    rf"(?:\s+(?:of|on|in)\s+(?:the\s+)?{SCREEN})?{FOLLOWS}"
)
LOWER_THIRD = rf"\b(?P<within>in\s+(?:the\s+|a\s+))?lower[- ]thirds?(?:\s+(?:of|on|in)\s+(?:the\s+)?{SCREEN})?\b"
LOWER_THIRD_BEFORE_TEXT = rf"\blower[- ]thirds?(?=[- ]{SCREEN_TEXT}\b)"
SIDE_BEFORE_TEXT = rf"\b{SIDE}(?=[- ]{SCREEN_TEXT}\b(?!\s+of\b))"
SIZE = (
    r"(?P<size>big|bigger|biggest|large|larger|largest|huge|giant|enormous|massive|oversized"
    r"|tiny|small|smaller|smallest|little|fine)"
)
SIZE_IN = rf"\bin\s+(?:(?:very|really|extra|super)\s+)?{SIZE}(?:,?\s+{LOOKS})*\s+{LETTERS}\b"
SIZE_BEFORE_TEXT = rf"\b{SIZE}(?=(?:,?\s+{LOOKS})*\s+{SCREEN_TEXT}\b(?!\s+of\b))"
SMALL = {"tiny", "small", "smaller", "smallest", "little", "fine"}
QUOTED = re.compile(r"(?<!\w)'[^']+'(?!\w)|\"[^\"]+\"|“[^”]+”|‘[^’]+’")
CAPITALS = re.compile(r"\b[A-Z]{2,}\b")


def where_on_screen(question: str) -> tuple[str, str | None, str | None]:
    """``question`` without its phrases of where its text is on screen and how big (see the module), and the
    place (``vqdb.planner.plan.PLACES``) and size ("large", "small") they say, None where none does. A
    vertical side and a horizontal one make a corner ("at the top, on the right": "top-right").

    Example:
        >>> where_on_screen("what does the text in the top-left corner say?")
        ('what does the text say?', 'top-left', None)
        >>> where_on_screen("What does the lower third say when she first speaks?")
        ('What does the caption say when she first speaks?', 'bottom', None)
        >>> where_on_screen("when is the big title shown on the right-hand side of the screen?")
        ('when is the title shown?', 'right', 'large')
        >>> where_on_screen("what is the name shown in the lower-third graphic?")
        ('what is the name shown in the graphic?', 'bottom', None)
        >>> where_on_screen("what does the small print at the bottom say")
        ('what does the print say', 'bottom', 'small')
        >>> where_on_screen("what does the banner across the top read?")
        ('what does the banner read?', 'top', None)
        >>> [where_on_screen(q)[1:] for q in ("he left the room", "the right answer", "right after the goal",
        ...     "the car on top of the hill", "at the top of the stairs", "in the right order", "a big dog")]
        [(None, None), (None, None), (None, None), (None, None), (None, None), (None, None), (None, None)]
        >>> where_on_screen("a large number of people"), where_on_screen("when does 'TOP LEFT' appear?")[1]
        (('a large number of people', None, None), None)
    """
    vertical = horizontal = size = None
    spans: list[tuple[int, int, str]] = []  # (start, end, replacement) of the phrases found
    taken = [(m.start(), m.end()) for m in QUOTED.finditer(question)]
    for pattern, replacement in (
        (LOWER_THIRD_BEFORE_TEXT, ""),
        (LOWER_THIRD, "caption"),
        (PREPOSITION, ""),
        (SIDE_BEFORE_TEXT, ""),
        (SIZE_IN, ""),
        (SIZE_BEFORE_TEXT, ""),
    ):
        for found in re.finditer(pattern, question, re.IGNORECASE):
            start, end = found.span()
            if any(start < e and s < end for s, e in taken) or CAPITALS.search(found.group()):
                continue
            taken.append((start, end))
            parts = found.groupdict()
            if pattern in (LOWER_THIRD, LOWER_THIRD_BEFORE_TEXT):  # "the lower third": a caption at the bottom
                vertical = vertical or "bottom"
                spans.append((start, end, "" if pattern == LOWER_THIRD_BEFORE_TEXT or parts["within"] else "caption"))
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
    return rest, _place(vertical, horizontal), size


def placed_plan(question: str, plan_of: Callable[[str], Plan]) -> Plan:
    """``plan_of`` the question without its phrases of place and size (``where_on_screen``), its calls of a tool
    that reads text boxes on screen (``Tool.screen_boxes``) given that place and size; ``plan_of(question)``
    as asked when it has none of those phrases or that plan no such call.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> plan_of = lambda q: Plan((Call("Q1", "ocr", q.split("'")[1]) if "'" in q else Call("Q1", "siglip", q),))
        >>> placed_plan("when is 'EXIT' shown in small letters at the bottom?", plan_of).queries[0].to_dict()
        {'id': 'Q1', 'tool': 'ocr', 'query': 'EXIT', 'place': 'bottom', 'size': 'small'}
        >>> placed_plan("the dog at the top of the screen", plan_of).queries[0].query
        'the dog at the top of the screen'
    """
    rest, place, size = where_on_screen(question)
    if place is None and size is None:
        return plan_of(question)
    plan = plan_of(rest)
    if not any(tools.get(call.tool).screen_boxes for call in plan.queries):
        return plan_of(question)
    placed = tuple(
        dataclasses.replace(call, place=place, size=size) if tools.get(call.tool).screen_boxes else call
        for call in plan.queries
    )
    return dataclasses.replace(plan, queries=placed)


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
