"""Quoted phrases: each quote marked, sent where the cue nearest it in its clause says (said, on screen,
subtitled, either), and the rewrites of a whole question that keep quotes as written (contractions
written out) or make one (a question written out, then one asking for its answer).
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, first_of
from vqdb.planner.rules.cues import (
    _MARK,
    _QUOTE,
    _QUOTED,
    _SCREEN_CUES,
    _SCREEN_NOUN_WORDS,
    _SPEAKER_WORDS,
    _SPEECH_CUES,
    _SUBTITLE_WORDS,
    _clause_breaks,
    _determined_end,
)
from vqdb.planner.rules.evidence import EITHER, SCREEN, SPEECH, SUBTITLE, TOOLS_FOR, _Evidence, _has_alnum

_QUOTE_LIST = re.compile(r"\ue000[0-9]+\ue001(?:\s*(?:,|\band\b|\bor\b)\s*\ue000[0-9]+\ue001)*", re.I)  # share cues


def _written_out(text: str) -> str:
    """``text`` with the contractions of ``phrasing.CONTRACTED`` written out ("What's the name", "who’re
    they": "What is the name", "who are they"), and typed without the apostrophe ("whats the street name":
    "what is the street name"), outside quotes (a quote is looked for as written).

    Example:
        >>> _written_out("What’s on the sign that says 'what's new'?")
        "What is on the sign that says 'what's new'?"
        >>> _written_out("whats the street name")
        'what is the street name'
    """
    quoted = [m.span() for m in _QUOTE.finditer(text)]
    pieces, last = [], 0
    for word in WORD.finditer(text):
        end = word.end()
        if word.group(0).lower()[:-1] in phrasing.CONTRACTED and word.group(0)[-1:] == "s":
            if not any(a <= word.start() < b for a, b in quoted):  # "whats": "what is"
                pieces.append(text[last : end - 1] + " is")
                last = end
            continue
        ending = next((e for e in ("s", "re") if text[end + 1 : end + 1 + len(e)].lower() == e), None)
        if (
            ending is None
            or text[end : end + 1] not in ("'", "’")
            or word.group(0).lower() not in phrasing.CONTRACTED
            or _has_alnum(text[end + 1 + len(ending) : end + 2 + len(ending)])
            or any(a <= word.start() < b for a, b in quoted)
        ):
            continue
        pieces.append(text[last:end] + (" is" if ending == "s" else " are"))
        last = end + 1 + len(ending)
    return "".join(pieces) + text[last:]


def _asked_then_answered(text: str) -> str:
    """A question written out, then a question asking for its answer (``phrasing.ANSWERS``: "Is the door
    open? What did the assistant answer?"): the first quoted, text to find wherever it is (typed, shown,
    said); the second asks for what is not given, and who answers is no search. ``text`` otherwise.

    Example:
        >>> _asked_then_answered("Is the door open? What did the assistant answer?")
        '“Is the door open?”'
    """
    text = text.strip()
    ends = [i + 1 for i, c in enumerate(text) if c in "?.:" and text[i + 1 : i + 2].isspace()]  # sentence ends
    asked = [i for i in ends if text[i - 1] == "?"][-1:]
    words = [w.group(0).lower() for w in WORD.finditer(text[asked[0] :])] if asked else []
    if not words or words[0] not in phrasing.WH_WORDS or words[-1] not in phrasing.ANSWERS:
        return text
    start = max((i for i in ends if i < asked[0]), default=0)  # "the user asks: Can dogs eat grapes?"
    question = text[start : asked[0]].strip()
    if _QUOTE.search(question) or any(c in question for c in "“”"):
        return text
    return f"{text[:start]} “{question}”".strip()


def _mark_quotes(text: str) -> tuple[str, list[str]]:
    """The text with each quoted phrase replaced by a marker, and the phrases."""
    quotes: list[str] = []

    def mark(match: re.Match) -> str:
        quotes.append(next(g for g in match.groups() if g is not None))
        return f" \ue000{len(quotes) - 1}\ue001 "

    return _QUOTE.sub(mark, text), quotes


def _clause_of(text: str, start: int, end: int) -> tuple[str, str]:
    """The words around the quotes at ``text[start:end]`` in their clause: those before, and those after."""
    before, after = text[:start], text[end:]
    boundaries = _clause_breaks(before)
    if boundaries:
        before = before[boundaries[-1][1] :]
    stop = next((a for a, b in _clause_breaks(after) if not _starts_with_a_cue(after[b:])), len(after))
    after = after[:stop]
    after = after[: first_of(after, phrasing.WH_WORDS, len(after))]  # "…, 'X' what appeared?": a new clause
    return _MARK.sub(" ", before), _MARK.sub(" ", after)


def _starts_with_a_cue(text: str) -> bool:
    """Whether ``text`` starts with a speech or screen cue, but for words that continue a clause ("and is
    spoken": the cue of the quote before it, ``phrasing.BEFORE_A_CUE``)."""
    words = text.split()
    while words and words[0].lower() in phrasing.BEFORE_A_CUE:
        words.pop(0)
    return any((cues.first(" ".join(words)) or (-1,))[0] == 0 for cues in (_SPEECH_CUES, _SCREEN_CUES))


def _cue_before(context: str) -> str | None:
    """The kind of the last cue in ``context`` (the words before a quote in its clause). A verb of speech after an
    article is a noun ("the answer", "a reply"), naming the words, not how they come: written in a chat or said,
    so no cue; a noun of a voice ("the voice-over") is one.

    Example:
        >>> _cue_before("when does the chat show the answer that starts"), _cue_before("when does he answer")
        ('screen', 'speech')
        >>> _cue_before("when does the voiceover") , _cue_before("when is the answer") is None
        ('speech', True)
    """
    found = [
        (a, b, _by_subject(context, a, b, SPEECH))
        for a, b in _SPEECH_CUES.spans(context)
        if not _speech_noun(context, a, b)
    ]
    found += [(a, b, _by_subject(context, a, b, SCREEN)) for a, b in _SCREEN_CUES.spans(context)]
    found += [(m.start(), m.end(), SUBTITLE) for m in WORD.finditer(context) if m.group(0).lower() in _SUBTITLE_WORDS]
    return max(found)[2] if found else None


def _speech_noun(context: str, start: int, end: int) -> bool:
    """Whether the speech cue at ``context[start:end]`` is a noun after an article that names a text as well as
    words said (``_WRITTEN_OR_SAID``: "the answer", "a reply" in a chat; not "the voice-over", nor a participle:
    "the spoken phrase", "the shouted 'stop'")."""
    before = context[:start].split()[-1:]
    noun = context[start:end].lower()
    return bool(before) and before[0].lower() in phrasing.ARTICLES and noun in _WRITTEN_OR_SAID


_WRITTEN_OR_SAID = frozenset({"answer", "answers", "reply", "replies", "response", "responses"})


def _cues_after(context: str) -> set[str]:
    """The kinds of the cues in the first few words after a quote."""
    near = " ".join(context.split()[:8])
    kinds = {SPEECH for _ in _SPEECH_CUES.spans(near)} | {SCREEN for _ in _SCREEN_CUES.spans(near)}
    return kinds | ({SUBTITLE} if first_of(near, _SUBTITLE_WORDS) is not None else set())


def _by_subject(context: str, start: int, end: int, kind: str) -> str:
    """``kind``, unless the cue is "says"/"reads"/"mentions", whose subject decides: "the sign (that) says"
    is on screen, "the subtitles mention" in subtitles, "the narrator reads" speech (the cue at
    ``context[start:end]``)."""
    if context[start:end].lower() not in phrasing.SAYING:
        return kind
    before = context[:start]
    if before.split()[-1:] in (["it"], ["this"], ["video"], ["clip"]):  # "when does it say 'X'": shown or said
        return EITHER
    if before.split()[-1:] and before.split()[-1].lower() in phrasing.RELATIVE_PRONOUNS:  # "a sign that says": the noun
        subject = before.split()[-2:-1]  # just before "that"
    else:  # "the sign on the wall says": the clause's first noun of interest
        words = WORD.finditer(before)
        nouns = [m.group(0) for m in words if _is_subject(m.group(0)) and not _possessive(before, m.end())]
        subject = nouns[:1]
    word = subject[0].strip(",") if subject else ""
    if word.lower() in _SUBTITLE_WORDS:
        return SUBTITLE
    if word.lower() in _SCREEN_NOUN_WORDS:
        return SCREEN
    if word.lower() in _SPEAKER_WORDS:
        return SPEECH
    return kind


def _possessive(text: str, end: int) -> bool:
    """Whether the word ending at ``text[end]`` is a possessive ("the man's sign": not the subject)."""
    return text[end : end + 2] in ("'s", "’s") and not text[end + 2 : end + 3].isalnum()


def _is_subject(word: str) -> bool:
    return word.lower() in _SPEAKER_WORDS or word.lower() in _SCREEN_NOUN_WORDS | _SUBTITLE_WORDS


def _take_quotes(text: str, quotes: list[str], evidence: _Evidence) -> str:
    """Add each quote's calls; drop the quotes, the word naming each ("the brand 'CLIO'") and their cues."""
    for listed in _QUOTE_LIST.finditer(text):  # a list of quotes ("'A' and 'B' appear") shares its cues
        before, after = _clause_of(text, listed.start(), listed.end())
        kinds = {k for k in (_cue_before(before),) if k} | _cues_after(after)
        kind = kinds.pop() if len(kinds) == 1 else EITHER
        listed_quotes = [quotes[int(match.group(1))] for match in _MARK.finditer(listed.group(0))]
        if re.search(r"\bor\b", listed.group(0), re.I):  # "'A' or 'B'": either is found
            evidence.add(TOOLS_FOR[kind], *listed_quotes)
        for quote in () if re.search(r"\bor\b", listed.group(0), re.I) else listed_quotes:
            evidence.add(TOOLS_FOR[kind], quote)
    pieces, last = [], 0
    for match in _MARK.finditer(text):
        head = text[last : match.start()]
        named = head.rstrip().removesuffix(",")
        naming = _determined_end(named, 1)  # "the brand 'CLIO'": the brand names it
        if naming is not None and named.split()[-1].lower() not in _SPEAKER_WORDS:
            head = head[:naming] + " "
        pieces.append(f"{head} {_QUOTED} ")
        last = match.end()
    return "".join(pieces) + text[last:]
