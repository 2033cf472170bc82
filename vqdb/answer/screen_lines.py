"""The line of a screen an open question asks about, not the whole screen.

A screen's snippet is its lines joined by " / " (``vqdb.answer.timeline.reading_order``): a strap, a logo,
a clock, a chat window's every message. "Who is the narrator?" asked where the screen reads "Editor: Tom
Reyes / Narrator: Linda Johnson" is answered by the narrator's line; "What does the reply say the glove
hangs from?" on a screen recording by the line that has the glove, not the page. :func:`asked_line`
takes the line (or two lines in a row, a label above its value) with most of the question's words that
adds a word of its own and holds the kind of value asked; the whole screen where no line has a word of
the question and other than one line holds the kind asked (or none is asked).

Example:
    >>> fit = lambda first, last: float(any(w == "narrator" for w in WORDS[first : last + 1]))
    >>> WORDS = ["editor", "tom", "reyes", "narrator", "linda", "johnson"]
    >>> asked_line("Editor: Tom Reyes / Narrator: Linda Johnson", fit, lambda first, last: True)
    'Narrator: Linda Johnson'
"""

from __future__ import annotations

import re
from collections.abc import Callable

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
    """Of ``text``'s lines, the one (or ``MAX_LINES`` in a row, joined by " / ") whose words (``first``,
    ``last`` indices among the text's words) best ``fit`` the question, that ``adds`` a word it does not
    say and ``holds`` the kind of value asked; of equals the fewest lines, then the first; ``text`` itself
    where it is one line or no line fits at all, unless one line only holds the kind asked ("Which
    website is shown?": the line with the address, though no line says "website"; of a page with digits on
    several lines, none is the number asked for by that alone).

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
    spans = [lines[i : i + size] for size in range(1, MAX_LINES + 1) for i in range(len(lines) - size + 1)]
    scored = []
    for order, span in enumerate(spans):
        first, last, joined = span[0][1], span[-1][2], " / ".join(line for line, _, _ in span)
        if adds(first, last) and holds(joined):
            scored.append((fit(first, last), -len(span), -order, joined))
    if not scored:
        return text
    best = max(scored)
    holding = [line for line, _, _ in lines if holds(line)]
    if best[0] > 0:
        return best[3]
    return holding[0] if len(holding) == 1 and len(lines) > 1 else text  # the one line with the kind asked
