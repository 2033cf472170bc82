"""The kind of value an open question asks for, and whether a text holds one.

"Who is the lecturer?" asks for a person's name, "How old is she?" for a number, "Until what time is the
road closed?" for a time of day. A snippet that holds no value of that kind cannot answer it, however well
its words fit the question: "LIBRARY TV / Lecture 7: Early Printing" names nobody, "Hello and welcome to
the evening news" is no presenter's name. :func:`asked_kind` reads the kind, :func:`holds_kind` checks a
text for one:

* a **name** is a capitalised word that is not the first of its clause (sentence capitals say nothing),
  not a function word, not an acronym of up to three capitals ("TV", "FM"), and not a common word by
  its ending ("Printing", "Information"): "I'm Anna Kowalski", "Anna Kowalski, weather presenter"; first
  in its clause too where the video writes it as a name elsewhere (``names_in``: "Cup final: Wexford
  win" where "a goal for Wexford" is said);
* a **place** ("What city is shown?", "Which company...?") is a capitalised word, first in its clause too
  (a title card writes "LISBON" alone): the line that names it, not the whole screen;
* a **number** is digits or number words (canonical text writes them as digits);
* a **time** is a clock time ("10:50", OCR's "18.30"), an hour with am/pm, "noon" or "midnight";
  :func:`time_in` reads it out of a snippet, the answer to a question that asks a time;
* an **address** ("Which website is shown?", "What is the e-mail address?") is a web address, domain or
  e-mail address as :mod:`vqdb.answer.identifiers` reads one ("www.archive-films.org/kennedy", OCR's
  spaced "docs . example . org"): a name strap beside it is no website; :func:`address_in` reads it out of a
  snippet, the answer to a question that asks an address;
* a **code** ("Which version was it made with?", "What is the product code?", "What's the SKU?") is an
  identifier written with digits: a version ("v2.1", "version 3.0"), letters and digits ("TYP-0042", "39B"),
  digits joined by a dash ("40-118"); the noun that asks it is seldom printed beside it ("v2.1" is not labelled
  "version"): :func:`code_in` reads it out of a snippet, to tell how many a video shows;
* a **role** ("What's the interviewee's job?", "What is Amara Okoye's role?") is the line a name caption writes
  beside the name (a lower third: "Dr. Amara Okoye / Research Lead"): :func:`role_in` reads it, the line after the
  one with the name asked (else the first name), or before it where the name is last;
* a **list** ("Which folders are listed?", "What are the three steps?": several things asked, not "Which
  directory does he list?") is a screen of two lines or more: a listing's items stand on lines of their own,
  a sentence is no list.

Example:
    >>> asked_kind("Who is the lecturer?"), asked_kind("How old is the presenter?")
    ('name', 'number')
    >>> holds_kind("name", "~IBRARY TV / Lecture 7: Early Printing"), holds_kind("name", "I'm Anna Kowalski")
    (False, True)
    >>> asked_kind("Which website is shown at the bottom?"), holds_kind("address", "President J. Kennedy, 1961")
    ('address', False)
    >>> asked_kind("Which version of the app is it?"), holds_kind("code", "Made with Typeset v2.1")
    ('code', True)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from vqdb.answer.identifiers import is_address, normalize, read_tokens
from vqdb.answer.lexical import FUNCTION_WORDS
from vqdb.answer.questions import ASKED_TIME
from vqdb.answer.timeline import match_words
from vqdb.planner.phrasing import CODE_NOUNS, ROLE_NOUNS, alternation
from vqdb.textnorm import canonical, names_a_person

_NAME_ASKED = re.compile(
    r"^\s*(?:who|whom)\b|\b(?:who|whom)\s+(?:is|was|are|were|'s)\b|\bwhat\s+is\s+(?:the\s+)?name\b"
    r"|\bwhat\s+is\s+[\w\s]*?(?:'s|s')\s+name\b|\bwhat\s+(?:is|are)\s+(?:his|her|their|its)\s+names?\b"
    r"|\bwhat\s+(?:is|was)\s+(?:the\s+)?\w+(?:\s+\w+)?\s+called\b",
    re.IGNORECASE,
)
_PLACE_ASKED = re.compile(r"\b(?:what|which)\s+(?:city|town|village|country|state|company|brand|team)\b", re.I)
_CODE_ASKED = re.compile(  # the code itself asked: "what code does he type?" asks a program's text
    rf"\b(?:what|which)\b(?:'s)?(?:\s+[\w'-]+){{0,4}}?\s+(?:{alternation(CODE_NOUNS)})s?\b"
    r"(?!\s+(?:does|do|did|is\s+(?:typed|run|written)|prints?|says?|runs?|types?)\b)",
    re.IGNORECASE,
)
_CODE = re.compile(  # a version, letters with digits, digits joined by a dash; not a list's "2.Made" nor "3rd"
    r"\bv(?:er(?:sion)?)?\.?\s?\d+(?:\.\d+)+\b"
    r"|(?<![\w.-])(?:[A-Z]{1,5}-?\d{2,}[A-Z]?|\d{2,}[A-Z]{1,2}|\d+-\d+(?:-\d+)*)(?![\w-])",
)
_ROLE_ASKED = re.compile(  # "what's the interviewee's job?", "what is the job title of the woman interviewed?"
    rf"\bwhat(?:['’]s|\s+(?:is|was|are|were))\s+(?:[\w.'’-]+\s+){{0,4}}?(?:{alternation(ROLE_NOUNS)})s?\b",
    re.IGNORECASE,
)
_NUMBER_ASKED = re.compile(
    r"\bhow\s+(?:many|much|old|long|far|tall|big|high|fast)\b"
    r"|\b(?:what|which)\s+(?:year|number|percentage|score|price|age|temperature)\b",
    re.IGNORECASE,
)
_ADDRESS_ASKED = re.compile(
    r"\b(?:web\s*site|web\s*page|web\s+address|url|link|e-?mail|domain)s?\b(?!\s+(?:by|from|to)\b)", re.IGNORECASE
)
_LIST_ASKED = re.compile(
    r"\b(?:list|lists|listed|listing|bullets?|items?|entries)\b"
    r"|\b(?:what|which)\s+(?:are|were)\s+the\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+\w+s\b",
    re.IGNORECASE,
)
_PLURAL_VERB = re.compile(r"\b(?:are|were)\b", re.IGNORECASE)
_LISTED_NOUN = re.compile(  # what is asked for: "which files", "what are the three steps"
    r"\b(?:what|which)\s+(?:(?:are|were)\s+the\s+(?P<count>(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+)?)?"
    r"(?P<noun>\w+)",
    re.IGNORECASE,
)
_TIME_ASKED = re.compile(r"\b(?:what|which)\s+time\b|" + ASKED_TIME.pattern, re.IGNORECASE)

_CLAUSE = re.compile(r"[.!?:;/|()\[\]\n]|\s[-–—]\s")  # what starts a clause, whose first word is capitalised
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_COMMON_ENDINGS = ("ing", "tion", "sion", "ment", "ness", "ity", "ful", "less", "able", "ous")
_LINE = re.compile(r"\s+/\s+|\n")  # how a screen's lines are joined in a snippet
_CLOCK = re.compile(r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)\b|\b(?:noon|midnight)\b", re.I)


def asked_kind(question: str) -> str | None:
    """``name``, ``place``, ``number``, ``time``, ``address``, ``code``, ``role`` or ``list``: the kind of value
    ``question`` asks for; else None.

    Example:
        >>> [asked_kind(q) for q in ("What is the name of the presenter?", "What is the presenter's name?",
        ...                          "What year is mentioned?", "Until what time is the road closed?",
        ...                          "What does the logo say?", "Since when has the road been closed?",
        ...                          "Which website is shown?", "What email address is given?")]
        ['name', 'name', 'number', 'time', None, 'time', 'address', 'address']
        >>> asked_kind("What city is shown?"), asked_kind("Which company made the film?")
        ('place', 'place')
        >>> asked_kind("Which folders are listed?"), asked_kind("What are the three steps on the slide?")
        ('list', 'list')
        >>> [asked_kind(q) for q in ("Which version was it made with?", "What's the reference code at the bottom?",
        ...                          "What is the model number of the drill?", "What code does he type?")]
        ['code', 'code', 'code', None]
        >>> asked_kind("What's the interviewee's job?"), asked_kind("What is Dr. Okoye's occupation?")
        ('role', 'role')
    """
    if _ADDRESS_ASKED.search(question):
        return "address"
    if _ROLE_ASKED.search(question):
        return "role"
    if _NAME_ASKED.search(question):
        return "name"
    if _PLACE_ASKED.search(question):
        return "place"
    if _TIME_ASKED.search(question):
        return "time"
    if _CODE_ASKED.search(question):
        return "code"
    if _NUMBER_ASKED.search(question):
        return "number"
    if _LIST_ASKED.search(question) and _asks_several(question):  # "Which directory does he list?": one
        return "list"
    return None


def listed_words(question: str) -> frozenset[str]:
    """The words of a ``question`` asking for a list that name its items and how many there are (normalized,
    ``match_words``): a listing reads its items, not "steps", "files" or "three", and those words read nowhere
    say nothing against it.

    Example:
        >>> sorted(listed_words("What are the three steps on the slide?"))
        ['3', 'steps']
        >>> sorted(listed_words("Which files are listed?"))
        ['files']
    """
    found = _LISTED_NOUN.search(question)
    return frozenset(match_words(f"{found['count'] or ''} {found['noun']}")) if found else frozenset()


def _asks_several(question: str) -> bool:
    """Whether ``question`` asks for several things: "which files", "what are", not "which entry is"."""
    noun = _LISTED_NOUN.search(question)
    return bool(_PLURAL_VERB.search(question) or noun and re.fullmatch(r"\w+[^s]s", noun["noun"].lower()))


def names_in(texts: Iterable[str]) -> frozenset[str]:
    """The words written as names somewhere in ``texts`` (lowercased): capitalised where they are not first in
    their clause. Such a word is a name where it does start a clause too ("Sports: Rovers win" where "well
    done, Rovers" is said): a sentence capital hides a name, it does not make one common.

    Example:
        >>> sorted(names_in(["Cup final: Wexford win on penalties", "One more goal for Wexford."]))
        ['wexford']
    """
    return frozenset(word.lower() for text in texts for word in _non_initial_words(text) if _name_like(word))


def holds_kind(kind: str, text: str, names: Collection[str] = ()) -> bool:
    """Whether ``text`` holds a value of ``kind`` (see the module doc); for a name, a word of ``names``
    (``names_in`` the video's texts) counts first in its clause too.

    Example:
        >>> holds_kind("name", "Hello and welcome to the evening news.")
        False
        >>> holds_kind("name", "CITY FM / Anna Kowalski, Weather presenter")
        True
        >>> holds_kind("number", "twenty four degrees"), holds_kind("number", "Festival menu")
        (True, False)
        >>> holds_kind("time", "Traffic: A40 closed until 18.30"), holds_kind("time", "CITY FM")
        (True, False)
        >>> holds_kind("name", "Sports: Rovers win"), holds_kind("name", "Sports: Rovers win", names={"rovers"})
        (False, True)
        >>> holds_kind("address", "Docs: docs . vqdb-example . org/v2"), holds_kind("address", "Release v2.13.0")
        (True, False)
        >>> holds_kind("place", "LISBON"), holds_kind("place", "unieakSOT(A"), holds_kind("place", "next stop")
        (True, False, False)
        >>> holds_kind("list", "Agenda / 1. Collect the data / 2. Train it"), holds_kind("list", "I will list them.")
        (True, False)
    """
    if kind == "name":
        return any(_name_like(word) for word in _non_initial_words(text)) or any(
            word.lower() in names and _name_like(word) for word in _WORD.findall(text)
        )
    if kind == "place":  # a title card may write it alone, first in its clause: "LISBON"
        return any(_name_like(word) for word in _WORD.findall(text))
    if kind == "number":
        return bool(re.search(r"\d", canonical(text)))
    if kind == "time":
        return bool(_CLOCK.search(text))
    if kind == "address":
        return any(is_address(token) for token in read_tokens(text))
    if kind == "code":
        return code_in(text) is not None
    if kind == "role":
        return role_in(text) is not None
    if kind == "list":
        return sum(bool(_WORD.search(line)) for line in _LINE.split(text)) >= 2
    raise ValueError(f"unknown kind of value: {kind!r}")


def time_in(text: str, context: Collection[str] = ()) -> str | None:
    """The clock time ``text`` gives (OCR's "18.30" written "18:30"), of its lines (" / " joins a screen's) the
    one with most of the question's ``context`` words (normalized), the first of equals; None where it has none.
    The answer to "Until what time is the harbour closed?" is the time, not the whole screen it is read on.

    Example:
        >>> time_in("SPORT 1 / Ring road closed since 06.45 / Next match kicks off at 15.30", ["match", "kick"])
        '15:30'
        >>> time_in("EVENING LIVE 21:05 / Harbour closed until 18.30", ["harbor", "closed"]), time_in("CITY FM")
        ('18:30', None)
    """
    lines = [line for line in _LINE.split(text) if _CLOCK.search(line)]
    if not lines:
        return None
    wanted = set(context)
    line = max(lines, key=lambda line: len(wanted & set(match_words(line))))
    return re.sub(r"^(\d{1,2})\.(\d{2})$", r"\1:\2", _CLOCK.search(line).group(0))


def address_in(text: str) -> str | None:
    """The web address, domain or e-mail address ``text`` gives, as :mod:`vqdb.answer.identifiers` reads one (a
    dot OCR dropped put back, a word before two joined), the first of them: as written where one word is it,
    else as read ("printhistory.org" for "WWW printhistoryorg"); None where it has none.
    The answer to "What website is shown at the end?" is the address, not the credits it is read under.

    Example:
        >>> address_in("Music: Studio Nine / WWW printhistoryorg"), address_in("Visit WWW.Delamm.com/Shop today")
        ('printhistory.org', 'WWW.Delamm.com/Shop')
        >>> address_in("Docs: docs . vqdb-example . org/v2"), address_in("President J. Kennedy, 1961") is None
        ('docs.vqdb-example.org/v2', True)
    """
    token = next((token for token in read_tokens(text) if is_address(token)), None)
    written = [word.strip("\"'()[]{}<>,;!?:") for word in text.split() if normalize(word) == token]
    return written[0].rstrip(".") if written and token else token


def code_in(text: str) -> str | None:
    """The first code ``text`` gives (see the module doc), as written; None where it has none. A bare number
    is no code ("1455", "2024"), nor a list's numbering ("2.Made in the 1400s") or an ordinal ("3rd").

    Example:
        >>> code_in("Made with Typeset v2.1"), code_in("Ref TYP-0042"), code_in("SKU 40-118 / NOW 25% OFF")
        ('v2.1', 'TYP-0042', '40-118')
        >>> code_in("Live from Pad 39B"), code_in("2.Made in the 1400s"), code_in("Printed in 1455, the 3rd")
        ('39B', None, None)
    """
    found = _CODE.search(text)
    return found.group(0) if found else None


def role_in(text: str, named: Collection[str] = ()) -> str | None:
    """The role a name caption ``text`` (a screen's lines joined by " / ") writes beside a person's name: the
    line after the one holding the ``named`` words (normalized, ``match_words``; the question's), else after the
    first line that names a person (``textnorm.names_a_person``), or before it where that line is the last; None
    where no line names a person or there is no other line.

    Example:
        >>> role_in("Dr. Amara Okoye / Research Lead"), role_in("NORTHWIND / Peter Vance / Senior Architect")
        ('Research Lead', 'Senior Architect')
        >>> role_in("Research Lead / Dr. Amara Okoye", named=["amara", "okoye"]), role_in("Peter Vance")
        ('Research Lead', None)
    """
    lines = [line.strip() for line in _LINE.split(text) if _WORD.search(line)]
    wanted = set(named)
    at = next((i for i, line in enumerate(lines) if wanted and wanted <= set(match_words(line))), None)
    if at is None:
        at = next((i for i, line in enumerate(lines) if names_a_person(line)), None)
    if at is None or len(lines) < 2:
        return None
    return lines[at + 1] if at + 1 < len(lines) else lines[at - 1]


def _non_initial_words(text: str) -> list[str]:
    """The words of ``text`` that are not the first of a clause."""
    return [word for clause in _CLAUSE.split(text) for word in _WORD.findall(clause)[1:]]


def _name_like(word: str) -> bool:
    lower = word.lower()
    if not word[0].isupper() or re.split(r"['’]", lower)[0] in FUNCTION_WORDS:  # "The", "I'll"
        return False
    if word.isupper() and len(word) <= 3:  # an acronym: "TV", "FM"
        return False
    return not any(lower.endswith(ending) and len(lower) > len(ending) + 2 for ending in _COMMON_ENDINGS)
