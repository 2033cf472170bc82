"""Examples of what a noun names (in parentheses, after "e.g.", "such as", "like"): what is found, any of
them, while the noun only describes them.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, alternation, last_word, one_word_forms
from vqdb.planner.rules.cues import _MARK, _SCREEN_CUES, _SHOWN_CUES, _SPEECH_CUES, _TEXT_NOUN_WORDS
from vqdb.planner.rules.evidence import EITHER, SCREEN, SPEECH, TOOLS_FOR, _Evidence, _has_alnum
from vqdb.planner.vocabulary import SCREEN_CUES, SPEECH_VERBS

_EXAMPLES = re.compile(  # "(bin, include, lib64...)", "e.g. libexec", "such as bin and src", "phrases like 'X'"
    rf"\((?=[^()]*\))|(?<![\w.])(?:e\.\s?g\.|{alternation(sorted(phrasing.EXAMPLE_MARKERS - {'e.g.'}))})(?=[\s,:])",
    re.I,
)
_ENDS_EXAMPLES = (  # a word after a list of examples that is no example: a cue, a clause, a place
    one_word_forms([*phrasing.SHOWN_CUES, *SCREEN_CUES, *SPEECH_VERBS, *phrasing.CLAUSE_STARTS, *phrasing.WH_WORDS])
    | (phrasing.WHEN_WORDS | phrasing.AUXILIARY_VERBS | phrasing.PREPOSITIONS | {"into", "to", "with", "from"})
) - {"and", "or"}


def _take_examples(text: str, quotes: list[str], evidence: _Evidence) -> str:
    """Examples of what a noun names (``phrasing.EXAMPLE_MARKERS`` or a list in parentheses: "the directory
    listing (bin, include, lib64...)", "directories such as bin and src", "the output, e.g. libexec or sbin")
    are what is read, heard or seen, any of them: the noun before them only describes them, and ANDed it
    would rank frames by how well they match the description. Examples of text (a noun of ``TEXT_NOUNS`` or
    ``phrasing.NAMES_TEXT``: "the folder names (games, local)", "phrases like 'the way'") are one group of
    calls by the question's cues (on screen, said, or either way); others are left ORed in their place for
    the other rules ("a fruit such as an apple or a pear"). Not examples: parentheses with one phrase ("(near
    the end)"), "like" after a verb or a comparison (``phrasing.NOT_BEFORE_EXAMPLES``: "looks like").

    Example:
        >>> evidence = _Evidence()
        >>> _take_examples("when does the directory listing (bin, include, lib64...) show up?", [], evidence)
        'when does  ,  show up?'
        >>> evidence.groups
        [(('ocr', 'bin'), ('ocr', 'include'), ('ocr', 'lib64'))]
        >>> _take_examples("when do directories such as bin and src appear", [], evidence)
        'when do  , bin or src ,  appear'
    """
    pieces, last = [], 0
    for marker in _EXAMPLES.finditer(text):
        found = _examples_at(text, marker) if marker.start() >= last else None
        if found is None:
            continue
        start, end, items = found
        described = text[start : marker.start()].split()
        head = (described[: described.index("of")] if "of" in described else described)[-1:]
        quoted = [_MARK.fullmatch(item) for item in items]
        if (head and _is_a_text_noun(head[0])) or (not head and all(quoted)):
            said, shown = _SPEECH_CUES.first(text), _SCREEN_CUES.first(text) or _SHOWN_CUES.first(text)
            kind = EITHER if bool(said) == bool(shown) else SPEECH if said else SCREEN
            listed = [quotes[int(q.group(1))] if q else item for q, item in zip(quoted, items, strict=True)]
            evidence.add(TOOLS_FOR[kind], *listed)
            pieces.append(text[last:start] + " , ")
        else:
            pieces.append(text[last:start] + " , " + " or ".join(items) + " , ")
        last = end
    return "".join(pieces) + text[last:]


def _is_a_text_noun(word: str) -> bool:
    """Whether ``word`` (or its singular) names text: a noun of ``TEXT_NOUNS`` or ``phrasing.NAMES_TEXT``."""
    lower = word.lower()
    return any(w in _TEXT_NOUN_WORDS or w in phrasing.NAMES_TEXT for w in (lower, lower.removesuffix("s")))


def _examples_at(text: str, marker: re.Match[str]) -> tuple[int, int, list[str]] | None:
    """The examples a marker of ``_EXAMPLES`` starts: where the phrase they are examples of starts (its
    determiner, up to five words back, none of them a cue, question word or preposition but "of"), where the
    list ends, and its items; None when it is no list of examples."""
    if marker.group(0) == "(":
        close = text.index(")", marker.end())
        content, end = text[marker.end() : close], close + 1
        inner = _EXAMPLES.match(content.strip())
        items = _example_items(content.strip()[inner.end() :] if inner else content)
        goes_on = re.search(r"(?:\.{2,}|…|\betc\b\.?)\s*$", content)
        listed = len(items) >= 3 or (len(items) == 2 and goes_on) or inner is not None  # not "(the narrator, I mean)"
    else:
        if marker.group(0).lower() == "like" and (last_word(text[: marker.start()]) or "is") in (
            phrasing.NOT_BEFORE_EXAMPLES | phrasing.WH_WORDS | phrasing.STOP
        ):
            return None
        items, end = _listed_after(text, marker.end())
        if marker.group(0).lower() == "like" and len(items) < 2:  # "what is the weather like outside"
            return None
        listed = bool(items)
    if not listed or any(len(item.split()) > 4 for item in items):
        return None
    return _described_from(text, marker.start()), end, items


def _listed_after(text: str, start: int) -> tuple[list[str], int]:
    """The items listed from ``text[start]`` (split on commas, "and", "or"; up to a word that is no example,
    ``_ENDS_EXAMPLES``, or clause punctuation) and where the list ends."""
    items: list[str] = []
    first = end = start
    for token in re.finditer(r"[^\s,.;:?!()&]+|[,&]|[.;:?!()]", text[start:]):
        word = token.group(0).lower()
        if word in (",", "&", "and", "or"):
            items += [text[first:end]] if end > first else []
            first = end = start + token.end()
            continue
        if word in ".;:?!()" or word in _ENDS_EXAMPLES:
            break
        first, end = (start + token.start() if end == first else first), start + token.end()
    items += [text[first:end]] if end > first else []
    return [i.strip() for i in items if _has_alnum(i)], end


def _example_items(listing: str) -> list[str]:
    """The items of a list of examples ("bin, include, lib64...", "libexec or sbin"), without the marks that
    say it goes on ("...", "etc.")."""
    listing = re.sub(r"(?:\.{2,}|…|\betc\b\.?)", " ", listing)
    return [i.strip() for i in re.split(r",|\band\b|\bor\b|&", listing) if _has_alnum(i)]


def _described_from(text: str, end: int) -> int:
    """Where the phrase that ends at ``text[end]`` and is described by examples starts: at a determiner up to
    three words back ("the directory listing", "the output of ls"), else the word before ("directories"; not
    "Cooking Indian foods": a verb may start the phrase)."""
    words = list(WORD.finditer(text, 0, end))
    for i, word in enumerate(reversed(words[-4:])):
        if text[word.end() : (words[len(words) - i].start() if i else end)].strip(" ,"):
            break  # punctuation between: another phrase
        if word.group(0).lower() in phrasing.DETERMINERS:
            return word.start()
        if word.group(0).lower() in _ENDS_EXAMPLES | phrasing.STOP - {"of"}:
            break
    last = words[-1] if words and not text[words[-1].end() : end].strip(" ,") else None
    return last.start() if last and last.group(0).lower() not in _ENDS_EXAMPLES | phrasing.STOP else end
