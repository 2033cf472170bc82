"""The line of a screen an open question asks about, not the whole screen.

A screen's snippet is its lines joined by " / " (``vqdb.answer.timeline.reading_order``): a strap, a logo,
a clock, a chat window's every message. "Who is the narrator?" asked where the screen reads "Editor: Tom
Reyes / Narrator: Linda Johnson" is answered by the narrator's line; "What does the reply say the glove
hangs from?" on a screen recording by the line that has the glove, not the page. :func:`asked_line`
takes the line with most of the question's words where it adds a word of its own and holds the kind of
value asked (else with the line under it, a label above its value); the one line with the kind asked where
no line has a word of the question; else the whole screen. :func:`listed_lines` answers a question that
asks for a list ("Which items are listed under 'Quarterly Goals'?"): the lines under its heading, every
item, not one line.

Example:
    >>> fit = lambda first, last: float(any(w == "narrator" for w in WORDS[first : last + 1]))
    >>> WORDS = ["editor", "tom", "reyes", "narrator", "linda", "johnson"]
    >>> asked_line("Editor: Tom Reyes / Narrator: Linda Johnson", fit, lambda first, last: True)
    'Narrator: Linda Johnson'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from vqdb.answer.timeline import match_words

LINE_BREAK = re.compile(r"\s+/\s+")  # how a screen's lines are joined in its snippet
MAX_LINES = 2  # a label and its value may stand on two lines in a row ("Sunset" over "19:15")


def line_words(text: str) -> list[tuple[str, int, int]]:
    """Each line of a screen's ``text`` with the first and last index of its words among the text's
    (``match_words``); a line with no words is left out; [] where the lines' words are not the text's.

    Example:
        >>> line_words("EVENING LIVE 21:05 / Harbour closed until 18.30")
        [('EVENING LIVE 21:05', 0, 3), ('Harbour closed until 18.30', 4, 8)]
    """
    lines, start = [], 0
    for line in LINE_BREAK.split(text):
        count = len(match_words(line))
        if count:
            lines.append((line, start, start + count - 1))
        start += count
    return lines if start == len(match_words(text)) else []


def asked_line(
    text: str,
    fit: Callable[[int, int], float],
    adds: Callable[[int, int], bool],
    holds: Callable[[str], bool] = lambda line: True,
) -> str:
    """Of ``text``'s lines, the one whose words (``first``, ``last`` indices among the text's words) best
    ``fit`` the question (the first of equals), where it ``adds`` a word the question does not say and
    ``holds`` the kind of value asked; where it does not, with the next line (a label over its value,
    "Written by / Sam Carter") where the two do. Where no line fits at all, the one line that holds the kind
    asked ("Which website is shown?": the line with the address, though no line says "website"); otherwise
    ``text`` itself: one line, nothing that fits, or a best line that does not answer (its value is not on it
    nor under it: of a page with numbers on several other lines, none is the one asked for by that alone).

    Example:
        >>> words = match_words("Host: Dana Cole / Guest: Omar Haddad, printing historian")
        >>> fit = lambda first, last: float("guest" in words[first : last + 1])
        >>> asked_line("Host: Dana Cole / Guest: Omar Haddad, printing historian", fit, lambda f, l: True)
        'Guest: Omar Haddad, printing historian'
        >>> no_fit, adds, address = (lambda f, l: 0.0), (lambda f, l: True), (lambda t: ".org" in t)
        >>> asked_line("Ref AX-7031 / www.archive-films.org", no_fit, adds, address)
        'www.archive-films.org'
    """
    lines = line_words(text)
    if len(lines) < 2:
        return text
    best, best_fit = _best_fitting(lines, fit)
    if best_fit <= 0:
        holding = [line for line, _, _ in lines if holds(line)]
        return holding[0] if len(holding) == 1 else text
    for span in (lines[best : best + 1], lines[best : best + MAX_LINES]):
        joined = " / ".join(line for line, _, _ in span)
        if adds(span[0][1], span[-1][2]) and holds(joined):
            return joined
    return text


def listed_lines(text: str, fit: Callable[[int, int], float]) -> str:
    """Of ``text``'s lines, the listing a question asks for: the lines under the one that best ``fit``s it
    (its heading: "Agenda" for "What are the three steps on the agenda?", the first of equals) where one
    fits and lines follow it; else every line. A listing's items stand on lines of their own and seldom
    repeat the question's words, its heading does.

    Example:
        >>> words = match_words("Agenda / 1. Collect the data / 2. Train the model")
        >>> fit = lambda first, last: float("agenda" in words[first : last + 1])
        >>> listed_lines("Agenda / 1. Collect the data / 2. Train the model", fit)
        '1. Collect the data / 2. Train the model'
        >>> listed_lines("bin lib / games src", lambda first, last: 0.0)
        'bin lib / games src'
    """
    lines = line_words(text)
    if len(lines) < 2:
        return text
    heading, heading_fit = _best_fitting(lines, fit)
    items = lines[heading + 1 :] if heading_fit > 0 and heading + 1 < len(lines) else lines
    return " / ".join(line for line, _, _ in items)


def _best_fitting(lines: Sequence[tuple[str, int, int]], fit: Callable[[int, int], float]) -> tuple[int, float]:
    """The index of the line of ``lines`` (``line_words``) that best ``fit``s, the first of equals, and its fit."""
    fits = [fit(first, last) for _, first, last in lines]
    best = max(range(len(lines)), key=lambda i: (fits[i], -i))
    return best, fits[best]
