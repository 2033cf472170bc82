"""Identifiers (web addresses, domains, e-mail addresses, codes, version numbers, file names, names
coined as one hyphenated word such as "Video-LLaVA") compared character by character, as one token each.

Word matching (``vqdb.answer.lexical``) splits "soundcloud.com/delamm" into "soundcloud", "com",
"delamm" and credits an option for each word it shares with the video's text, so of two addresses
the one whose parts appear somewhere wins over the one that was read. An identifier is the opposite
of a phrase: one wrong letter makes it another one. So an option that is an identifier
(:func:`identifier_of`) is compared whole with every token read in the video (:func:`read_tokens`:
spaces OCR put around dots and slashes closed up, two neighbours joined too, the scheme and "www."
dropped) by edit distance (:func:`identifier_similarity`): exactly equal is 1; equal once the letters
OCR confuses are made the same (``vqdb.textnorm.glyph_key``: "de1amm" for "delamm") is
``FOLDED``; otherwise the Levenshtein similarity of the whole identifier (one letter in ten wrong: 0.9),
or the option found inside a longer read token (a path after the domain) times ``INSIDE``. Under
``IDENTIFIER_FLOOR`` is no match.

Example:
    >>> identifier_of("www.delamm.com"), identifier_of("Channel 7"), identifier_of("v2.10.3")
    ('delamm.com', None, 'v2.10.3')
    >>> options = ("soundcloud.com/delamm", "soundcloud.com/delaudio")
    >>> [round(identifier_similarity(identifier_of(o), "soundcloud.com/delamm"), 2) for o in options]
    [1.0, 0.83]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from vqdb.answer.lexical import Match
from vqdb.answer.timeline import Stream
from vqdb.textnorm import DROPPED_DOT_DOMAINS, glyph_key

FOLDED = 0.98  # equal once OCR's confusable letters are folded: all but certainly the same identifier
INSIDE = 0.9  # the option read inside a longer token (a path or query after it)
IDENTIFIER_FLOOR = 0.6  # below this similarity two identifiers are different ones
MAX_OTHER_WORDS = 2  # an option with more words than this besides its identifier is a phrase
MAX_TOKENS = 4096  # tokens of one stream compared (the first, in reading order)
MAX_RUN = 8  # words of a snippet an identifier may be read over (an address split at its dots and slashes)

_ADDRESS = re.compile(r"^(?=.*[a-z])[a-z0-9][\w~%+-]*(?:[./@:][\w~%+-]+)+/?$")  # domain, URL, e-mail, file name
_TOP_LEVEL = re.compile(r"[a-z]{2,6}")  # ".org", ".com", ".pdf": the host's (or file's) last part
_VERSION = re.compile(r"^v?\d+(?:\.\d+){2,}$|^v\d+(?:\.\d+)+$")
_CODE = re.compile(r"^(?=[\w-]*[a-z])(?=[\w-]*\d)[a-z0-9][\w-]{3,}$")  # letters and digits mixed: AB12-X
_UNIT = re.compile(r"^\d+(?:st|nd|rd|th|s|am|pm|k|m|g|kg|km|cm|mm|ml|kb|mb|gb|tb|hz|khz|mhz|mph|kph|fps|px|p|x)$")
_NAME = re.compile(r"^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+$")  # parts joined by hyphens: "Video-LLaVA"
_MIXED_CASE = re.compile(r"[a-z][A-Z]")  # a capital after a small letter: "LLaVA", "ChatGPT", "iPhone"
_SCHEME = re.compile(r"^(?:[a-z][a-z0-9+.-]*://)?(?:www\d?\.)?")
_SPACED = re.compile(r"\s*([./@])\s*")
_EDGES = "\"'()[]{}<>,;!?.:/"


def identifier_of(option: str, *, any_words: bool = False) -> str | None:
    """The identifier an option is (its longest identifier token, normalized by :func:`normalize`),
    when at most ``MAX_OTHER_WORDS`` other words go with it ("Visit delamm.com", "Version 2.14.1"), or
    whatever words go with it with ``any_words``; None for an option of words.

    Example:
        >>> identifier_of("Visit delamm.com"), identifier_of("Visit our shop at delamm.com today")
        ('delamm.com', None)
        >>> identifier_of("Visit our shop at delamm.com today", any_words=True)
        'delamm.com'
        >>> identifier_of("Order AB-1234X"), identifier_of("1960s"), identifier_of("e.g. this"), identifier_of("19:15")
        ('ab-1234x', None, None, None)
    """
    written = option.split()
    tokens = [normalize(t) for t in written]
    found = [t for t, raw in zip(tokens, written, strict=True) if is_identifier(t) or is_product_name(raw)]
    if not found:
        return None
    return max(found, key=len) if any_words or len(tokens) - 1 <= MAX_OTHER_WORDS else None


def identifiers_of(options: Sequence[str]) -> list[str | None]:
    """The identifier each option is compared by (:func:`identifier_of`); where the options name two
    or more different identifiers, an option's identifier whatever words go with it: the addresses tell
    the options apart, and an option worded at more length must not be read word by word while a
    shorter one is read letter by letter.

    Example:
        >>> identifiers_of(["Visit soundcloud.com/delaudio now", "Listen at soundcloud.com/delamm today please"])
        ['soundcloud.com/delaudio', 'soundcloud.com/delamm']
        >>> identifiers_of(["Visit our shop at delamm.com today", "Visit our stall at delamm.com today"])
        [None, None]
    """
    named = {identifier_of(o, any_words=True) for o in options} - {None}
    return [identifier_of(o, any_words=len(named) >= 2) for o in options]


def is_identifier(token: str) -> bool:
    """Whether a normalized token is an identifier: a domain, URL, e-mail or file name (parts joined by
    dots, slashes or "@", a letter among them, a part of two characters or more), a version number
    (``1.2.3``, ``v2.1``) or a code mixing letters and digits (four characters or more, not a number
    with a unit: "9pm", "1960s").

    Example:
        >>> [is_identifier(t) for t in ("delamm.com", "report_v2.pdf", "1.4.2", "x7-42b", "u.s", "3.5", "10km")]
        [True, True, True, True, False, False, False]
    """
    if _VERSION.match(token):
        return True
    if _ADDRESS.match(token):
        return max(len(part) for part in re.split(r"[./@:]", token)) >= 2 and len(re.findall(r"[a-z]{2}", token)) > 0
    return bool(_CODE.match(token)) and not _UNIT.match(token)


def is_address(token: str) -> bool:
    """Whether a normalized token is a domain, URL, e-mail or file name: parts joined by dots, slashes or
    "@", a part of two characters or more, and the host's last part (before any slash) a top-level
    domain or extension of two to six letters; not a version number, not an initial closed up with a
    name ("J. Kennedy" read "j.kennedy") nor two words run together with a number ("Release v2.13.0").

    Example:
        >>> [is_address(t) for t in ("archive-films.org/kennedy", "jo@vqdb.org", "report_v2.pdf", "v2.13.0")]
        [True, True, True, False]
        >>> [is_address(t) for t in ("u.s", "j.kennedy", "releasev2.13.0")]
        [False, False, False]
    """
    if _VERSION.match(token) or not _ADDRESS.match(token):
        return False
    host = token.split("/")[0]
    if not _TOP_LEVEL.fullmatch(re.split(r"[.@:]", host)[-1]) or not re.search(r"[.@]", host):
        return False
    return max(len(part) for part in re.split(r"[./@:]", token)) >= 2


def is_product_name(token: str) -> bool:
    """Whether a token as written is a name coined as one word: parts joined by hyphens, one of them in
    mixed case ("Video-LLaVA", "GPT-ChatBot"); its parts are not words to find anywhere in the video but
    one name, letter by letter in its order ("LLaVA-Video" is another name). A hyphenated word of the
    language ("forty-two", "Coca-Cola") is words, and so is a name with a plain word joined to it
    ("YouTube-style", "iPhone-only": a word in small letters describes, it does not name).

    Example:
        >>> [is_product_name(t) for t in ("Video-LLaVA", "LLaVA-Video", "forty-two", "Coca-Cola", "iPhone")]
        [True, True, False, False, False]
        >>> [is_product_name(t) for t in ("YouTube-style", "iPhone-only", "GPT-ChatBot")]
        [False, False, True]
    """
    token = token.strip(_EDGES)
    if not _NAME.match(token) or not _MIXED_CASE.search(token):
        return False
    return not any(part.isalpha() and part.islower() for part in token.split("-"))


def normalize(token: str) -> str:
    """A token as identifiers are compared: lower case, no enclosing punctuation, no scheme or "www.".

    Example:
        >>> normalize("(HTTPS://WWW.Delamm.com/Shop)."), normalize("v2.1.")
        ('delamm.com/shop', 'v2.1')
    """
    token = token.lower().strip(_EDGES)
    return _SCHEME.sub("", token).strip(_EDGES)


def read_tokens(text: str) -> list[str]:
    """The distinct tokens of a text read or heard, as identifiers are compared (:func:`normalize`):
    each word, each word joined with the next (OCR breaks a long address in two), and the words of
    the text with spaces around dots, slashes and "@" closed up (OCR spaces an address out; " / ",
    between two lines on screen, stays a break), and an address whose last dot OCR dropped with it put back.

    Example:
        >>> read_tokens("WWW. delamm .com / Shop")
        ['www', 'delamm', 'com', 'shop', 'wwwdelamm', 'delammcom', 'comshop', 'delamm.com']
        >>> read_tokens("WWW printhistoryorg")[-1]  # the dot OCR dropped, put back (``redotted``)
        'printhistory.org'
    """
    words = [t for t in (normalize(w) for w in text.split()) if t]
    joined = [a + b for a, b in zip(words, words[1:], strict=False)]
    closed = [normalize(w) for w in _SPACED.sub(r"\1", text.replace(" / ", "\n")).split()]
    dotted = [redotted(a, b) for a, b in zip(["", *words], words, strict=False)]
    return list(dict.fromkeys(t for t in [*words, *joined, *closed, *dotted] if t))


def redotted(before: str, word: str) -> str | None:
    """``word`` with the dot before its top-level domain that OCR dropped put back, where it is an address
    by its place: after "www" ("WWW printhistoryorg") or with a path after its host ("skylineaircom/deals"),
    its host ending in one of ``DROPPED_DOT_DOMAINS`` after three letters or more; None otherwise.

    Example:
        >>> redotted("www", "printhistoryorg"), redotted("book", "skylineaircom/deals")
        ('printhistory.org', 'skylineair.com/deals')
        >>> redotted("the", "sitcom"), redotted("www", "delamm.com"), redotted("www", "org")
        (None, None, None)
    """
    host, slash, path = word.partition("/")
    if "." in host or not (before == "www" or (slash and path)):
        return None
    for domain in DROPPED_DOT_DOMAINS:
        if host.endswith(domain) and len(host) - len(domain) >= 3 and host[: -len(domain)].isalnum():
            return f"{host[: -len(domain)]}.{domain}{slash}{path}"
    return None


def identifier_similarity(identifier: str, read: str) -> float:
    """How well a token ``read`` in the video is ``identifier``, 0..1 (see the module doc).

    Example:
        >>> [round(identifier_similarity("delamm.com", r), 2) for r in ("delamm.com", "de1amm.com", "delarnm.com",
        ...                                                             "delamm.com/shop", "delaudio.com")]
        [1.0, 0.98, 0.98, 0.9, 0.67]
    """
    return float(similarities(identifier, [read])[0])


def similarities(identifier: str, tokens: Sequence[str]) -> np.ndarray:
    """:func:`identifier_similarity` of ``identifier`` with each of ``tokens``, at once.

    Example:
        >>> similarities("v2.1.4", ["v2.1.4", "v2.1.5", "2.1"]).round(2).tolist()
        [1.0, 0.83, 0.5]
    """
    if not tokens:
        return np.zeros(0)
    raw = process.cdist([identifier], tokens, scorer=Levenshtein.normalized_similarity, dtype=np.float64)[0]
    folded = process.cdist(
        [glyph_key(identifier)],
        [glyph_key(t) for t in tokens],
        scorer=Levenshtein.normalized_similarity,
        dtype=np.float64,
    )[0]
    inside = np.array([identifier in t for t in tokens])
    best = np.maximum.reduce([raw, FOLDED * folded, np.where(inside, INSIDE, 0.0)])
    return np.where(raw == 1.0, 1.0, best)


def find_identifier(identifier: str, stream: Stream) -> list[Match]:
    """The snippets of ``stream`` that read ``identifier`` (similarity at least ``IDENTIFIER_FLOOR``),
    each as a ``Match`` whose coverage is the similarity, over the snippet's words that read it
    (``identifier_run``), best first.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 3.0, 5.0, "Listen at SOUNDCLOUD.COM/DE1AMM", 4.0)])
        >>> [(m.first, m.last, round(m.score, 2)) for m in find_identifier("soundcloud.com/delamm", s)]
        [(2, 4, 0.98)]
    """
    found = []
    for index, snippet in enumerate(stream.snippets):
        positions = np.flatnonzero(stream.snippet_of == index)
        if not len(positions):
            continue
        best = similarities(identifier, read_tokens(snippet.text)[:MAX_TOKENS]).max(initial=0.0)
        if best >= IDENTIFIER_FLOOR:
            first, last = identifier_run(identifier, [stream.words[i] for i in positions])
            found.append(Match(stream, int(positions[first]), int(positions[last]), float(best), 1.0))
    return sorted(found, key=lambda m: -m.score)


def identifier_run(identifier: str, words: Sequence[str]) -> tuple[int, int]:
    """Which of a snippet's ``words`` (the answerer's words: an address is split at its dots) read
    ``identifier``: the run of at most ``MAX_RUN`` words that, joined, is most like it (the shortest of
    equals), as ``(first, last)``: where on screen the address is, not the copyright line beside it.

    Example:
        >>> identifier_run("bcastell.com", ["copyright", "2013", "brandon", "castellano", "www", "bcastell", "com"])
        (5, 6)
    """
    runs = [(i, j) for i in range(len(words)) for j in range(i, min(len(words), i + MAX_RUN))]
    scores = similarities(identifier, ["".join(words[i : j + 1]) for i, j in runs])
    return runs[int(np.argmax(scores))]
