"""When in the video a question asks about: the first, nth or last moment (its order), and
what happens just after or before an event, planned on its own and joined with ``Call.when``.
"""

from __future__ import annotations

import dataclasses
import re

from vqdb.planner import boolexpr, phrasing
from vqdb.planner.phrasing import WORD, Phrases, alternation, last_word
from vqdb.planner.plan import Call, Plan
from vqdb.planner.rules.cues import _CLAUSE_MARKS, _QUOTE, _SPEECH_CUES
from vqdb.planner.rules.evidence import HEARD, SPEECH, TOOLS_FOR, _has_alnum
from vqdb.planner.rules.sounds import _SOUND_WORD
from vqdb.planner.rules.speech import NAME_CAPTION, _names_a_voice, value_forms
from vqdb.planner.rules.visual import _TEXTS
from vqdb.planner.vocabulary import SPEAKERS
from vqdb.textnorm import FUNCTION_WORDS

_HOW_LONG = Phrases(phrasing.HOW_LONG)
_TO = re.compile(r"\s+to\b", re.I)
_NTH_CUES = Phrases(phrasing.NTH_TIMES | phrasing.NTH_THINGS | phrasing.AGAIN | phrasing.COMING_BACK)
# what a cue of coming back (``phrasing.COMING_BACK``) arrives as, once its order is taken: no longer than the cue
_ARRIVING_AGAIN = {"come back": "appear", "comes back": "appears", "came back": "appeared", "coming back": "appearing"}
_ARRIVING_AGAIN |= {f"return{end}": f"appear{end}" for end in ("", "s", "ed", "ing")}
_SCREEN_PLACE = (  # where a thing comes back to on screen: "returns to the screen", "comes back at the top"
    r"(?:on|onto|to|into|in|at|across)\s+(?:the\s+)?(?:screen|frame|display|picture|view|video|top|bottom|corner|"
    r"left|right|middle|centre|center|lower|upper)\b|on\s+its\s+own\b|by\s+itself\b|later\b"
)
_RETURN_ENDS = re.compile(rf"\s*(?:$|[,.?!;:]|(?:{_SCREEN_PLACE}))", re.I)  # "return" of a showing, not of a ball
_BACK_TO_ELSEWHERE = re.compile(rf"\s+to\s+(?!(?:{_SCREEN_PLACE}))", re.I)  # "comes back to the topic": no showing
_NOT_A_REPEAT = Phrases(phrasing.NOT_A_REPEAT)
_REAPPEAR = re.compile(r"re-?\s*(?=appear)", re.I)
_READING_ALOUD = re.compile(rf"\s*(?:{alternation(phrasing.READING_ALOUD)})\b", re.I)
_ORDER_CUES = Phrases([*phrasing.FIRST_CUES, *phrasing.LAST_CUES, *phrasing.STARTS, *phrasing.ENDS])
_HOW_SOON, _EVENT_ENDS = Phrases(phrasing.HOW_SOON), Phrases(phrasing.EVENT_ENDS)
# "who speaks next after X": right after it; not "next to", "the next day" (a time named)
_NEXT = re.compile(
    r"\bnext\b(?!\s+(?:to|door|day|week|month|year|morning|night|time|episode|scene|slide|page)\b)", re.I
)


def _order(question: str) -> tuple[str | None, str]:
    """The order a question asks for and the question without the phrases and verbs that ask it, and the
    words that ask it at the end of a clause ("what does he say first?": words of when, not of what; "first"
    and "last" before a noun are left to the rules that read them as describing or counting): "first" for
    the first moment (``phrasing.FIRST_CUES``: "when does EXIT first appear?", "for the
    first time"; ``phrasing.STARTS``: "when does the music start?"), "last" for the last one
    (``phrasing.LAST_CUES``, ``phrasing.ENDS``: "when does the narrator stop speaking?"), "second", "third",
    ... for the nth time (``_nth``: its words are neither said nor seen, so they go whatever the order);
    None, and the question as it is, when it asks none or two or more ("from start to finish"); None, and
    the question without its phrases of times, when it asks for the nth time and another ("when making food
    for the second time, what does he put on the plate for the first time?") or the nth time something
    ends ("when does the music stop again?": no order names it). The nth time and a start ask for one moment: the
    start of that occurrence ("when does the music start again?": "second"). Not a
    cue: a word inside a quote or written in capitals (text to find: "when does the sign say STOP"), "first"
    / "last" before a word that makes a compound or a stretch (``phrasing.NOT_AN_ORDER_AFTER``: "first aid",
    "last night", "the first 10 seconds") or after "at" ("at last"), and "start" / "end" / "stop" as a noun:
    after a determiner or preposition (``phrasing.NOUN_BEFORE``: "the end credits", "a stop sign"), or a
    verb of what something does rather than of its edge: before anything but the clause's end (the words of
    an nth time aside), "to" or a verb in -ing ("stop sign", "he stopped the car", "a man stops at the
    corner", but "when does he stop talking?", "when does the music end?"), or of a speaker's own state
    reported after a verb of saying (``_REPORTED_STATE``: "when does she say she is finished?": she says
    "I'm finished", words said), or in the event of "after" /
    "before" ("after the game ended, ..."); a voice ends with its noun ("when does he finish his speech?"),
    and reading that starts or stops with nothing read after it is a voice (``phrasing.READING_ALOUD``: "when
    does she stop reading?"). Right after an event (``phrasing.HOW_SOON``: "right after the title, what does
    she say?") is the first moment after it, right before one the last moment before it, and so is what comes
    next after one ("what's the next thing said after X?", "who speaks next after X?").

    Example:
        >>> _order("when does the narrator stop speaking?"), _order("when do the end credits start?")
        (('last', 'when does the narrator   speaking?'), ('first', 'when do the end credits  ?'))
        >>> _order("the first time he says 'thank you'")[0], _order("when does he mention first aid?")[0]
        ('first', None)
        >>> _order("when does the sign say STOP"), _order("from start to finish, who talks?")[0]
        ((None, 'when does the sign say STOP'), None)
        >>> def tidy(found): return found[0], " ".join(found[1].split())
        >>> tidy(_order("when does he say 'ask' for the second time?")), tidy(_order("when does it start again?"))
        (('second', "when does he say 'ask' ?"), ('second', 'when does it ?'))
        >>> _order("when does she say she is finished")[0], _order("when does he say he's done and stop talking?")[0]
        (None, 'last')
        >>> tidy(_order("when does the music stop again?")), tidy(_order("when does the logo reappear?"))
        ((None, 'when does the music stop ?'), ('second', 'when does the logo appear?'))
    """
    nth = _nth(question)
    question = _without_nth(question, nth)  # the same length: a span of it is the same span of the question
    quoted = [m.span() for m in _QUOTE.finditer(question)]
    connectives = [c for c in _connectives_of_time(question) if not any(a <= c[0] < b for a, b in quoted)]
    events = [(a, _event_end(question, a)) for _, a, _ in connectives]
    found: dict[str, list[tuple[int, int]]] = {"first": [], "last": []}
    for (start, _, when), (event, end) in zip(connectives, events, strict=True):  # "right after X": the first
        # moment after it, as what comes "next" after it, or after it appears (a moment); "just before X": the last
        # moment before it
        following = when == "after" and (_NEXT.search(question[:start]) or _NEXT.search(question[end:]))
        following = following or (when == "after" and shown_edge(question[event:end], when)[1] == "after_start")
        if not question[start:].lower().startswith(when) or following:
            found["first" if when == "after" else "last"].append((start, start))
    for start, end in _ORDER_CUES.spans(question):
        cue = question[start:end]
        if any(a <= start < b for a, b in quoted) or (cue.isupper() and len(cue) > 1) or (start and cue[0].isupper()):
            continue
        if cue.lower() in phrasing.STARTS | phrasing.ENDS and any(a <= start < b for a, b in events):
            continue  # "after the game ended": the event's edge, which its own call finds
        kind = _order_of(cue.lower(), question[:start], question[end:])
        if kind is not None:
            found[kind].append((start, end))
    ordinals = {ordinal for _, _, ordinal in nth}
    asked = [kind for kind, spans in found.items() if spans]
    first_time = any(" time" in " ".join(question[a:b].lower().split()) for a, b in found["first"])  # an ordinal too
    if ordinals and (len(ordinals) > 1 or found["last"] or first_time):  # the phrases of times go all the same
        phrases = [(a, b) for a, b in found["first"] + found["last"] if " " in question[a:b].strip()]
        return None, _without_cues(question, sorted(phrases))
    if not ordinals and len(asked) != 1:
        return None, question
    kind = "first" if ordinals else asked[0]  # the nth time's start, or the order asked
    return (ordinals.pop() if ordinals else kind), _without_cues(question, found[kind])


def _without_cues(question: str, spans: list[tuple[int, int]]) -> str:
    """``question`` without the cues of an order at ``spans`` (``_order``'s): a phrase, a verb of starting or
    ending (and the "to" after it: "starts to cry": "cry"; reading aloud: a voice speaking), or a word that
    ends its clause."""
    pieces, last = [], 0
    for start, end in spans:
        cue = question[start:end].lower()
        if start < end and (" " in cue or cue in phrasing.STARTS | phrasing.ENDS or _ends_clause(question[end:])):
            pieces.append(question[last:start] + " ")
            infinitive = _TO.match(question, end) if cue in phrasing.STARTS | phrasing.ENDS else None
            last = infinitive.end() if infinitive else end  # "starts to cry": "cry"
            reading = _READING_ALOUD.match(question, last) if cue in phrasing.STARTS | phrasing.ENDS else None
            if reading and _ends_clause(question[reading.end() :]):  # "stop reading": a voice reading aloud
                pieces.append(" speaking")
                last = reading.end()
    return "".join(pieces) + question[last:]


def _nth(question: str) -> list[tuple[int, int, str]]:
    """Where ``question`` asks for the nth time something happens, and which (``phrasing.NTH_TIMES``: "for
    the second time", "the 3rd time"; ``phrasing.AGAIN``: "again", "once more", "reappears": the second), as
    (start, end, ordinal). Not a cue: inside a quote, written in capitals ("AGAIN": text to find) or
    capitalised inside the question (a name: "when does Again play?"), part of a compound ("a 2nd
    time-lapse"), or "again" that says how often (``phrasing.NOT_A_REPEAT``: "again and
    again").

    Example:
        >>> _nth("when is the logo shown again?"), _nth("when does the 2nd time-lapse start?")
        ([(23, 28, 'second')], [])
        >>> _nth("when is it shown for the 3rd time?"), _nth("when does 'who is coming again' show?")
        ([(17, 33, 'third')], [])
        >>> _nth("when does the dog bark over and over again?"), _nth("when does the dog bark AGAIN?")
        ([], [])
    """
    quoted = [m.span() for m in _QUOTE.finditer(question)]
    often = _NOT_A_REPEAT.spans(question)
    found = []
    for start, end in _NTH_CUES.spans(question):
        cue = question[start:end]
        if any(a <= start < b for a, b in [*quoted, *often]) or (cue.isupper() and len(cue) > 1):
            continue
        if start and cue[0].isupper():  # a name or text to find: the song "Again", the "Once More" button
            continue
        if question[end : end + 1] == "-" or (start and question[start - 1] == "-"):  # part of a compound
            continue
        if cue.lower() in phrasing.COMING_BACK and not _comes_back(cue, question[end:]):
            continue
        ordinals = [phrasing.NTH[w.lower()] for w in WORD.findall(cue) if w.lower() in phrasing.NTH]
        found.append((start, end, ordinals[0] if ordinals else "second"))
    return found


def _without_nth(question: str, nth: list[tuple[int, int, str]]) -> str:
    """``question`` with the words that ask for the nth time (``nth``, of ``_nth``) blanked, as they are neither
    said nor seen ("reappears": "appears"), its length kept.

    Example:
        >>> _without_nth("when is EXIT shown again?", [(19, 24, "second")])
        'when is EXIT shown      ?'
    """
    for start, end, _ in nth:
        cue = question[start:end]
        prefix = _REAPPEAR.match(cue)
        kept = cue[prefix.end() :] if prefix else _ARRIVING_AGAIN.get(" ".join(cue.lower().split()), "")
        kept = kept or ("on screen" if cue.lower().startswith("back on") else "")
        question = question[:start] + kept.rjust(end - start) + question[end:]
    return question


def _comes_back(cue: str, after: str) -> bool:
    """Whether ``cue`` (a phrase of ``phrasing.COMING_BACK``), followed by ``after``, says a thing shows again: a
    "return" where its clause ends or a place follows ("when does the title return?", "returns to the screen"; not
    "he returns the ball"), "come back" unless to somewhere else than the screen ("comes back to the topic").

    Example:
        >>> _comes_back("return", "?"), _comes_back("returns", " to the screen"), _comes_back("returns", " the ball")
        (True, True, False)
        >>> _comes_back("come back", " on its own?"), _comes_back("comes back", " to the topic of money")
        (True, False)
    """
    if cue.lower().startswith("return"):
        return _RETURN_ENDS.match(after) is not None
    return _BACK_TO_ELSEWHERE.match(after) is None


def _ends_clause(after: str) -> bool:
    """Whether a word followed by ``after`` ends its clause (nothing or clause punctuation follows)."""
    return not after.strip() or after.lstrip()[:1] in _CLAUSE_MARKS


def _order_of(cue: str, before: str, after: str) -> str | None:
    """The order ``cue`` (a phrase of ``_ORDER_CUES``, in lower case) asks for between ``before`` and ``after``
    (see ``_order``), or None when it is no cue there."""
    if after[:1] == "-" or before[-1:] == "-":  # part of a compound: "first-person", "start-up"
        return None
    previous = last_word(before)
    following = WORD.match(after.lstrip())
    following = following.group(0).lower() if following and after[:1] in ("", " ") else ""
    edge = cue in phrasing.STARTS or cue in phrasing.ENDS
    if edge and _REPORTED_STATE.search(before):  # "she says she is finished": words said ("I'm finished")
        return None
    if " " not in cue and _REPORTED_QUESTION.search(before):  # "when does she say what the earliest printed book
        return None  # was": what is said; "... how much it costs for the first time": when
    if edge:
        verb_follows = following == "to" or (following.endswith("ing") and len(following) > 4)
        verb_follows = verb_follows or _names_a_voice(after.split("?")[0].strip(" .!,;"))  # "finish his speech"
        if previous in phrasing.NOUN_BEFORE or not (_ends_clause(after) or verb_follows):
            return None
        return "first" if cue in phrasing.STARTS else "last"
    if " " in cue and following == "of":  # "at the end of the street": a place, not when
        return None
    if cue.rsplit(" ", 1)[-1] in _EDGE_NOUNS and following and following not in _AFTER_AN_EDGE:
        return None  # "near the start gate", "near the end credits": a thing named, not when
    if " " not in cue and (following in phrasing.NOT_AN_ORDER_AFTER or following[:1].isdigit()):
        return None
    if cue == "last" and (previous in phrasing.NOT_AN_ORDER_BEFORE or _HOW_LONG.first(before)):
        return None
    return "first" if cue in phrasing.FIRST_CUES else "last"


_EDGE_NOUNS = ("start", "end", "beginning", "frame")  # the last word of a cue that a noun may follow: see _order_of
_AFTER_AN_EDGE = FUNCTION_WORDS | {"before", "after", "while", "until", "once", "as", "during", "though"}
_HAVE = ("has", "had", "have")  # "he says he has finished": the speaker's "I have finished"
_REPORTED_QUESTION = re.compile(  # a verb of saying and a question word, then no clause end: see _order_of
    rf"\b(?:{alternation(list(phrasing.SAYING))}|tells?\s+\w+|told\s+\w+|explains?|explained)\s+"
    r"(?:what|which|who|whom|where|how)\b[^,;:?.!]*$",
    re.I,
)
_REPORTED_STATE = re.compile(  # a reported subject and its "be" or "have" after a verb of saying: see _order_of
    rf"\b(?:{alternation(list(phrasing.SAYING))}|tells?\s+\w+|told\s+\w+)\s+(?:that\s+)?"
    rf"(?:{alternation(list(phrasing.REPORTED_SUBJECTS))})(?:\s+(?:{alternation([*phrasing.BE_FORMS, *_HAVE])}))?\s+$",
    re.I,
)


TITLES = (  # abbreviated titles written with a full stop before a name: see titles_unstopped
    "mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "mt", "lt", "capt", "sgt", "rev", "gov", "sen", "vs",
)  # fmt: skip
_TITLE_STOP = re.compile(rf"\b(?P<title>{alternation(list(TITLES))})\.(?=[ \t]+[^\W\d_])", re.I)


def titles_unstopped(question: str) -> str:
    """``question`` without the full stops of abbreviated titles before a word (``TITLES``: "Mr. Delgado", "Dr.
    Okafor", "St. Mark's Street"): the rules read a full stop and a space as a sentence's end, so "What does Dr.
    Okafor call the storm?" looked for "Dr" and "Okafor call the storm" apart, and "after the woman introduces
    Mrs. Nguyen" ended its event at "Mrs". A transcript's "Mr." and a question's "Mr" are the same words said.

    Example:
        >>> titles_unstopped("What does Dr. Okafor call the storm?")
        'What does Dr Okafor call the storm?'
        >>> titles_unstopped("who talks after mrs. nguyen? the one on St. Mark st.")
        'who talks after mrs nguyen? the one on St Mark st.'
        >>> titles_unstopped("he said it first. Then she left."), titles_unstopped("the 1st. 2nd")
        ('he said it first. Then she left.', 'the 1st. 2nd')
    """
    return _TITLE_STOP.sub(r"\g<title>", question)


def _referred_back(question: str) -> str:
    """``question`` with an event it refers back to put in place: a last sentence asking what happens after or
    before "that" ("this", "it": ``_BACK_REFERENCE``) relates to what the sentences before it say, and reads as
    one question with them as its event; ``question`` as it is otherwise (one sentence, or no such reference).

    Example:
        >>> _referred_back("The narrator calls it fine typography. What does she say right after that?")
        'What does she say right after The narrator calls it fine typography?'
        >>> _referred_back("What happens after that?")
        'What happens after that?'
        >>> _referred_back('The dog barks. She asks "are you ok?" What does he say after that?')
        'What does he say after She asks "are you ok?"?'
    """
    sentences = _SENTENCE_END.split(question.strip())
    if len(sentences) < 2:
        return question
    last = sentences[-1]
    back = _BACK_REFERENCE.search(last)
    event = sentences[-2].rstrip(" .;!?")  # "that" is the sentence just before
    if back is None or not _has_alnum(event):
        return question
    return f"{last[: back.start('it')]}{event}{last[back.end('it') :]}"


_SENTENCE_END = re.compile(r"(?:(?<=[.;!?])|(?<=[.;!?][\"'”’)]))\s+")  # a sentence's end, its closing quote too
_BACK_REFERENCE = re.compile(r"\b(?:after|before)\s+(?P<it>that|this|it)(?=\s*(?:[?.!,;]|$))", re.I)


def _relation(text: str) -> tuple[str, str | None, str]:
    """A question about what happens just after or before an event ("what does he say right after the
    applause?", "after the bell rings, who speaks first?", "what was on screen just before the chime?"):
    the question without the event's clause, "after" or "before", and the event (the words after the
    connective, up to the clause's end); ``(text, None, "")`` when there is none. Not a connective: inside a
    quote, "named / look after", "after all / that / it" (nothing to find), "before and after"."""
    quoted = [m.span() for m in _QUOTE.finditer(text)]
    for start, event_start, when in _connectives_of_time(text):
        if any(a <= start < b for a, b in quoted) or last_word(text[:start]) in phrasing.NOT_CONNECTIVE_AFTER:
            continue
        stop = _event_end(text, event_start)
        while any(a < stop < b for a, b in quoted):  # a quote in the event is part of it
            stop = _event_end(text, next(b for a, b in quoted if a < stop < b))
        reference = text[event_start:stop].strip(" ,")
        if not _has_alnum(reference):
            continue
        main = (text[:start] + " " + text[stop:]).strip(" ,")
        return main, when, reference
    return text, None, ""


def _between_quotes(text: str) -> str | None:
    """A moment between two quoted events ("which phrase comes up between 'the truth' and 'the alpha'?") as
    the moment after the first and before the second ("… after 'the truth', before 'the alpha'"); None where
    there is none. Quotes, or unquoted events a text or words said come between (``_between_texts``: "which slide
    comes between the life and the omega?"), and not of a part of an interface (``phrasing.UI_NOUNS``: "the
    button between 'Upvote' and 'Flag'" is a place among labels).

    Example:
        >>> _between_quotes("which phrase comes up between 'the truth' and 'the alpha'?")
        "which phrase comes up after 'the truth', before 'the alpha'?"
        >>> _between_quotes("which button is between 'Upvote' and 'Flag'?") is None
        True
    """
    between = _BETWEEN_QUOTES.search(text) or _between_texts(text)
    if between is None or any(w.group(0).lower() in phrasing.UI_NOUNS for w in WORD.finditer(text)):
        return None
    first, second = between.group("first"), between.group("second")
    return f"{text[: between.start()]}after {first}, before {second}{text[between.end() :]}"


_BETWEEN_QUOTES = re.compile(rf"\bbetween\s+(?P<first>{_QUOTE.pattern})\s+and\s+(?P<second>{_QUOTE.pattern})", re.I)
_EVENTS_BETWEEN = r"between\s+(?P<first>[^,?.!;\d]+?)\s+and\s+(?P<second>[^,?.!;\d]+?)(?=\s*(?:[,?.!;]|$))"
_BETWEEN_FROM = re.compile(_EVENTS_BETWEEN, re.I)
_BETWEEN_UNQUOTED = re.compile(rf"\b(?P<verb>{alternation(phrasing.COMING_BETWEEN)})\s+{_EVENTS_BETWEEN}", re.I)


def _between_texts(text: str) -> re.Match[str] | None:
    """Two unquoted events a text or words said come between (``phrasing.COMING_BETWEEN``: "the card that comes
    between the life and the omega", "what is said between the jingle and the weather"): the match from
    "between" (its groups ``first`` and ``second``), None where the question names no text (``visual._TEXTS``)
    before the verb and the verb is not of speech: "a cyclist comes between the car and the bus" is a place.

    Example:
        >>> _between_texts("which slide comes between the life and the omega?").group("first", "second")
        ('the life', 'the omega')
        >>> _between_texts("the man who comes between the car and the bus") is None
        True
    """
    found = _BETWEEN_UNQUOTED.search(text)
    if found is None or _in_one_text(found.group("second")):
        return None
    if all(_head_noun(side) in _PEOPLE for side in found.group("first", "second")):
        return None  # "what is said between the coach and the player": a talk between people, not a time
    named = {w.lower() for w in WORD.findall(text[: found.start()])}
    if not named & _TEXTS and found.group("verb").lower() not in phrasing.SPEECH_PASSIVES:
        return None
    return _BETWEEN_FROM.search(text, found.start("verb"))


def _head_noun(phrase: str) -> str:
    """The last word of ``phrase`` before a preposition that adds to it (lower case): "his wife on the phone" ->
    "wife", "the opening of the show" -> "opening".

    Example:
        >>> _head_noun("his wife on the phone"), _head_noun("the reporter at the press conference"), _head_noun("him")
        ('wife', 'reporter', 'him')
    """
    words = [w.lower() for w in WORD.findall(phrase)]
    cut = next((i for i, w in enumerate(words) if i and w in _ADDING), len(words))
    return words[cut - 1] if cut else ""


_ADDING = frozenset({"on", "in", "at", "of", "with", "from", "during", "about", "near", "by", "for", "inside"})


def _in_one_text(second: str) -> bool:
    """Whether the second event of "between X and Y" ends on the one text both are in: an order inside a list
    or sign ("Smith and Jones on the list"), not in time ("the opening of the show and the weather report").

    Example:
        >>> _in_one_text("Jones on the list"), _in_one_text("the weather report"), _in_one_text("the end of the song")
        (True, False, False)
    """
    place = _ON_A_TEXT.search(second)
    return place is not None and place.group("noun").lower() in _TEXTS | phrasing.TEXT_PLACES


_ON_A_TEXT = re.compile(
    r"\b(?:on|in|inside)\s+(?:the|this|that|a|its|their)\s+(?:\w+\s+)?(?P<noun>\w+?)s?\s*[?.!]?\s*$", re.I
)
_PEOPLE = frozenset(SPEAKERS) | {"husband", "wife", "mother", "father", "friend", "friends", "couple", "him", "her"}


def _connectives_of_time(text: str) -> list[tuple[int, int, str]]:
    """Each "after" / "before" followed by an event: where it starts (with the words that say how soon,
    ``phrasing.HOW_SOON``: "right after"), where the event starts, and which it is. Not before a word that
    names no event (``phrasing.NO_EVENT``: "after that", "before it") or "all" alone ("after all,")."""
    found = []
    for word in WORD.finditer(text):
        following = text[word.end() :]
        event = following.lstrip()
        first = WORD.match(event)
        if word.group(0).lower() not in ("after", "before") or event == following:
            continue
        if (first and first.group(0).lower() in phrasing.NO_EVENT) or (
            event[:3].lower() == "all" and event[3:].lstrip()[:1] in ("", *",.;!?")
        ):
            continue
        head = text[: word.start()]
        soon = [a for a, b in _HOW_SOON.spans(head) if b == len(head.rstrip()) < len(head)]
        found.append(
            (soon[-1] if soon else word.start(), word.end() + len(following) - len(event), word.group(0).lower())
        )
    return found


def _between_numbers(text: str, dash: int) -> bool:
    """Whether the dash at ``text[dash]`` joins two numbers ("3 - 0", "minute 10 - 15"): a score or a range, not
    the end of a clause.

    Example:
        >>> _between_numbers("the score is 3 - 0", 15), _between_numbers("WE - when", 3)
        (True, False)
    """
    return text[:dash].rstrip()[-1:].isdigit() and text[dash + 1 :].lstrip()[:1].isdigit()


def _event_end(text: str, start: int) -> int:
    """Where the event that starts at ``text[start]`` ends: at a comma, semicolon, "?" or "!", a full stop or
    colon before a space, a dash between spaces but not between numbers ("after the second WE - when is it shown?";
    not "after the score is 3 - 0"), or before a word
    that starts another clause (``phrasing.EVENT_ENDS``: "after the
    bell rings while ..."; not a question word that is the object of the verb before it: ``_wh_complement``).

    Example:
        >>> text = "what does he say just before ask what you can do for your country"
        >>> bell = "after the bell rings what does he say"
        >>> text[_event_end(text, 29) :], bell[: _event_end(bell, 6)]
        ('', 'after the bell rings')
        >>> dashed = "after the second WE - when is it shown?"
        >>> dashed[: _event_end(dashed, 6)].strip(), _event_end("after the T-10 call", 6)
        ('after the second WE', 19)
    """
    marks = (
        i
        for i in range(start, len(text))
        if text[i] in ",;?!"
        or (text[i] in ".:" and not text[i + 1 : i + 2].strip())
        or (
            text[i] in "-–—"
            and not text[i - 1 : i].strip()
            and not text[i + 1 : i + 2].strip()
            and not _between_numbers(text, i)
        )
    )
    words = [
        start + a - 1
        for a, b in _EVENT_ENDS.spans(text[start:])
        if a
        and text[start + a - 1].isspace()
        and text[start + b : start + b + 1].isspace()
        and not _wh_complement(text[start : start + a], text[start + a : start + b])
    ]
    return min([next(marks, len(text)), *words])


def _wh_complement(before: str, word: str) -> bool:
    """Whether the question word ``word``, after ``before`` in an event, is the object of a verb that takes a
    wh-clause (``phrasing.WH_COMPLEMENT_VERBS``: "before ask what you can do for your country", "after he
    explains how it works", "after she tells us what happened"), so part of the event, not another clause
    ("after the bell rings what does he say"). "then" and "while" always start another clause.

    Example:
        >>> _wh_complement("ask ", "what"), _wh_complement("she tells us ", "what"), _wh_complement("rings ", "what")
        (True, True, False)
    """
    if word.lower() not in ("what", "who", "which", "how", "when"):
        return False
    words = [w.lower() for w in WORD.findall(before)]
    if words and words[-1] in phrasing.ADDRESSEES:  # "tells us what": whom the verb addresses
        words.pop()
    return bool(words) and words[-1] in phrasing.WH_COMPLEMENT_VERBS


def _read_if_capitals(event: str, question: str) -> str:
    """An event written in capitals in a question that is not ("right before HANDS", "after the word WE") is text
    on screen, as a word in capitals is everywhere else (``_order``, ``screen_text``): the question "when is X
    shown" plans it; before, "HANDS" was heard (a sound word) and "WE" nothing (a stop word). Determiners and
    nouns of text around it ("the word", "the title") only name it.

    Example:
        >>> _read_if_capitals("HANDS", "what word is shown right before HANDS?")
        'when is HANDS shown'
        >>> _read_if_capitals("the word WE", "the word ARE after the word WE"), _read_if_capitals("the bell", "x")
        ('when is the word WE shown', 'the bell')
        >>> _read_if_capitals("THE DOG BARKS", "WHAT HAPPENS AFTER THE DOG BARKS")  # capitals are how it is typed
        'THE DOG BARKS'
    """
    words = [w for w in WORD.findall(event) if w.lower() not in phrasing.DETERMINERS and w.lower() not in _TEXTS]
    lettered = [w for w in words if any(c.isalpha() for c in w)]
    capitals = bool(lettered) and all(w.isupper() and len(w) > 1 for w in lettered)
    typed_in_capitals = not any(c.islower() for c in question)
    return f"when is {event.strip()} shown" if capitals and not typed_in_capitals else event


def _heard_if_a_sound(event: str) -> str:
    """An event named by a sound ("the chime", "the applause", "a loud beep") is heard, not seen."""
    words = [
        w
        for w in re.findall(r"[\w'-]+", event.lower())
        if w not in phrasing.DETERMINERS and w not in phrasing.DESCRIBING
    ]
    if 0 < len(words) <= 2 and _SOUND_WORD.fullmatch(words[-1]):
        return f"when do you hear {event}"
    return event


def _number_as_words(event: str) -> str:
    """An event that is a number alone ("right after 7", "just before the 10", "after number 3") is that number
    written or said (a countdown, a card, a slide's number): quoted, so looked for as text by the question's cue,
    both ways with none; alone, the rules find no words in it and the event was dropped.

    Example:
        >>> _number_as_words("7"), _number_as_words("the number 10"), _number_as_words("the 3rd goal")
        ("'7'", "'10'", 'the 3rd goal')
    """
    number = _BARE_NUMBER.fullmatch(event.strip())
    return f"'{number.group('number')}'" if number else event


_BARE_NUMBER = re.compile(r"(?:the\s+)?(?:number\s+|no\.?\s*)?(?P<number>\d+(?:[.,:]\d+)*)", re.I)


def _said_if_words(event: str, main: Plan) -> str:
    """An event of a question whose main clause asks what is said (``main`` listens to speech: "what does she say
    right before X?") is said, not seen, where it names a value by its kind (``speech.value_forms``: "right before
    the year": any year said, not the word "year") or holds words a voice says of itself or to its listeners ("I",
    "we" or "you" as a verb's subject after the event's first word, ``_SPEAKING_SUBJECT``: "just before ask what you
    can do for your country"; "after you see the logo" is who sees, "after he hands you two tickets" whom). An
    event that says it is said ("after the year is mentioned", ``_SAID_PASSIVE``) is said whatever the main clause
    asks: as the question "when is the year mentioned".

    Example:
        >>> from vqdb.planner.plan import Call
        >>> speech = Plan((Call("Q1", "audio", "speech"),), "Q1")
        >>> _said_if_words("the year", speech), _said_if_words("ask what you can do for your country", speech)
        ('when is the year said', 'when is ask what you can do for your country said')
        >>> _said_if_words("the title", speech), _said_if_words("you see the logo", speech)
        ('the title', 'you see the logo')
        >>> reads = Plan((Call("Q1", "ocr", "year"),), "Q1")
        >>> _said_if_words("the year", reads), _said_if_words("the art of print is mentioned", reads)
        ('the year', 'when is the art of print mentioned')
    """
    passive = _SAID_PASSIVE.fullmatch(event.strip())
    if passive:  # "after the year is mentioned": the question "when is the year mentioned" plans it
        return f"when is {passive.group('what')} {passive.group('verb')}"
    listens = any(c.tool in TOOLS_FOR[SPEECH] or (c.tool == HEARD and c.query == "speech") for c in main.queries)
    after_first = event.strip().split(maxsplit=1)[1:]  # the words after its first
    if listens and (value_forms(event) or _SPEAKING_SUBJECT.search(" ".join(after_first).lower())):
        return f"when is {event} said"
    return event


# "I", "we" or "you" as the subject of a verb after the event's first word ("ask what you can do", "everything you
# have"): words a voice says. Not before what cannot be a verb, where it is an object ("the camera shows you the
# logo", "hands you two tickets", "walks you around the museum", "shows you how it works", "flies over you quickly")
_SPEAKING_SUBJECT = re.compile(
    r"\b(?:i|we|you)\s+(?!(?:the|a|an|this|that|these|those|his|her|its|our|my|your|their|some|all|"
    r"about|above|across|after|along|around|at|away|back|before|behind|by|down|from|in|into|near|off|on|out|"
    r"over|past|through|to|under|up|with|what|who|how|where|why|which|when|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b)(?![a-z]+ly\b)[a-z][a-z']*",
)
_SAID_PASSIVE = re.compile(  # only verbs of speech: a winner "announced" or a name "given" may be shown
    r"(?P<what>.*\w.*?)\s+(?:is|are|was|were|gets|get)\s+(?:first\s+)?"
    r"(?P<verb>mentioned|said|spoken|stated|read out|read aloud)",
    re.I,
)


def shown_edge(event: str, when: str) -> tuple[str, str]:
    """``event`` (of "after" / "before" ``when``) and the relation it asks: after a thing appears ("after the logo
    appears", "after the phone number shows up", "after the address is typed", "after typing ls /usr":
    ``_APPEARING``, ``_TYPING``) is after its first showing, while it may stay ("after_start"): a caption or typed
    text that stays until the clip ends has nothing after its end; after it leaves ("after the logo disappears /
    goes away": ``_LEAVING``) is after its end ("after"), the thing still one shown (its verb "is shown", not
    words to read). Any other event, and "before" an appearing (its start, as "before" is), as they are.

    Example:
        >>> shown_edge("the museum logo appears", "after"), shown_edge("typing ls /usr", "after")
        (('the museum logo appears', 'after_start'), ('typing ls /usr', 'after_start'))
        >>> shown_edge("the LIVE badge disappears", "after"), shown_edge("the WORLD NEWS logo goes away", "after")
        (('the LIVE badge is shown', 'after'), ('the WORLD NEWS logo is shown', 'after'))
        >>> shown_edge("the web address is typed", "before"), shown_edge("he says done", "after")
        (('the web address is typed', 'before'), ('he says done', 'after'))
    """
    leaving = _LEAVING.search(event)
    if leaving:
        return f"{event[: leaving.start()]} is shown", when
    appearing = _APPEARING.search(event) or _TYPING.match(event)
    return event, "after_start" if when == "after" and appearing else when


_ON_SCREEN = r"(?:\s+(?:on|onto|in)\s+(?:the\s+)?(?:screen|frame|display|picture|video))?"
_APPEARING = re.compile(  # a thing coming on screen, at the end of an event: "the logo appears", "... is typed"
    r"\s+(?:(?:is|are|was|were|gets|get|got)\s+(?:first\s+)?(?:shown|displayed|typed|written|put\s+up|entered)|"
    r"(?:first\s+)?(?:appears?|appeared|pops?\s+up|popped\s+up|shows?\s+up|showed\s+up|comes?\s+up|came\s+up|"
    r"comes?\s+on|came\s+on|flash(?:es|ed)?(?:\s+up)?|fades?\s+in|faded\s+in))" + _ON_SCREEN + r"\s*$",
    re.I,
)
_LEAVING = re.compile(  # a thing leaving the screen, at the end of an event: "the logo disappears", "goes away"
    r"\s+(?:disappears?|disappeared|vanish(?:es|ed)?|(?:goes|go|went|has\s+gone)\s+(?:away|off)|"
    r"fades?\s+(?:out|away)|faded\s+(?:out|away)|(?:is|was|are|were)\s+(?:gone|removed|taken\s+down)|"
    r"leaves?|left)" + _ON_SCREEN + r"(?:\s+the\s+screen)?\s*$",
    re.I,
)
_TYPING = re.compile(r"(?:(?:he|she|they|someone|the\s+\w+)\s+)?(?:typing|types|typed)\s+(?=\S)", re.I)


def _related(main: Plan, event: Plan, when: str) -> Plan:
    """``main`` AND the frames just ``when`` ("after", "before") ``event``'s evidence (``Call.when``); the
    main plan alone when the event has nothing to find, the event's alone when the main clause has none. Words
    said in the event are the phrase they are said in (``extent`` "phrase", ``timed_text.reach``): what is said
    "right after 'my fellow Americans'" follows "And so, my fellow Americans,", not the words' last one; where
    the main clause asks nothing, the phrase said next is what is asked (``extent`` "next": its span and focus,
    ``tools.said_next``); with one (a voice: who speaks, what is said, its utterance or phrase; a cheer; a
    picture), that is the moment, after the words.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> voice = Plan((Call("Q1", "audio", "speech"),), "Q1")
        >>> said = Plan((Call("Q1", "transcript", "my fellow"),), "Q1")
        >>> [(c.tool, c.when, c.extent) for c in _related(voice, said, "after").queries]
        [('audio', None, None), ('transcript', 'after', 'phrase')]
        >>> [(c.tool, c.when, c.extent) for c in _related(Plan(()), said, "after").queries]
        [('transcript', 'after', 'next')]
    """
    if event.is_uniform:  # its note says what could not be looked for; kept only when nothing else is
        return dataclasses.replace(main, notes=main.notes + event.notes) if main.is_uniform else main
    main = _without_name_caption(main)
    offset = len(main.queries)
    renamed = {c.id: f"Q{offset + i}" for i, c in enumerate(event.queries, start=1)}
    said_next = main.is_uniform  # the event's words alone: what is said next is asked
    calls = [  # its place, size kept; words said "after_start" are after they end, as words said are
        dataclasses.replace(
            c,
            id=renamed[c.id],
            when="after" if when == "after_start" and c.tool in TOOLS_FOR[SPEECH] else when,
            extent=_said_phrase(c, said_next),
        )
        for c in event.queries
    ]
    combine = re.sub(r"\bQ[0-9]+\b", lambda m: renamed[m.group(0)], event.combine)
    if not main.is_uniform:
        calls = [*main.queries, *calls]
        combine = f"{_and_operand(main.combine)} AND {_and_operand(combine)}"
    notes = event.notes if main.is_uniform else (*main.notes, *event.notes)  # a uniform main's note is moot
    return Plan(tuple(calls), combine, notes=notes, planner="rules")


def _without_name_caption(main: Plan) -> Plan:
    """``main`` without the name caption of who speaks (``ocr ''`` in the lower third ANDed with the voice:
    ``speech.names_captioned``) where it is related to an event: who speaks right after or before an event ("who
    speaks after the man says done?", "after the bell rings, who speaks first?") is the next (last) voice, found
    whether or not a caption names it; ANDed, any text in the lower third (a demo's buttons, a ticker) outranked
    the voice right after the event. ``main`` as it is otherwise.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> who = Plan((Call("Q1", "audio", "speech"), Call("Q2", "ocr", NAME_CAPTION, place="bottom")), "Q1 AND Q2")
        >>> [(c.id, c.tool) for c in _without_name_caption(who).queries], _without_name_caption(who).combine
        ([('Q1', 'audio')], 'Q1')
        >>> subtitle = Plan((Call("Q1", "ocr", "", place="bottom"),), "Q1")
        >>> _without_name_caption(subtitle) is subtitle
        True
    """
    voice = any(c.tool == HEARD and c.query == "speech" and c.when is None for c in main.queries)
    caption = ("ocr", NAME_CAPTION, "bottom", None)
    captions = {c.id for c in main.queries if (c.tool, c.query, c.place, c.when) == caption}
    if not voice or not captions:
        return main
    kept = [c for c in main.queries if c.id not in captions]
    renamed = {c.id: f"Q{i}" for i, c in enumerate(kept, start=1)}
    combine = str(boolexpr.drop(main.expression, captions))
    combine = re.sub(r"\bQ[0-9]+\b", lambda m: renamed[m.group(0)], combine)
    return dataclasses.replace(
        main, queries=tuple(dataclasses.replace(c, id=renamed[c.id]) for c in kept), combine=combine
    )


def _said_phrase(call: Call, said_next: bool) -> str | None:
    """The extent of an event's ``call`` related in time: for words said with none asked, "next" when
    ``said_next`` (the phrase said next is asked) else "phrase" (the phrase they are said in reaches as far as
    they do); else the call's own.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> _said_phrase(Call("Q1", "subtitle", "done"), False), _said_phrase(Call("Q1", "subtitle", "done"), True)
        ('phrase', 'next')
        >>> _said_phrase(Call("Q2", "audio", "speech"), True) is None
        True
    """
    if call.extent is not None or call.tool not in TOOLS_FOR[SPEECH]:
        return call.extent
    return "next" if said_next else "phrase"


def _and_operand(combine: str) -> str:
    """``combine`` as an operand of AND: in parentheses when it is an OR (AND binds tighter)."""
    return f"({combine})" if isinstance(boolexpr.parse(combine), boolexpr.Or) else combine


def words_said_at(question: str, plan: Plan) -> Plan:
    """``plan`` with the calls that find words said in a clause naming a moment ("when he says 'done'", "while the
    president says ask not …", "as she mentions the Bible": ``_SAID_MOMENT``) found as the words, not as the
    statement they are said in (``Call.extent`` None), where the rest of the question asks for no words said ("what
    is on screen when he says 'done'?", "when she says 'the Gutenberg', what's the caption?"). Such a clause names
    a moment, the words' own: what is on screen then is the answer, not the statement around the words (the
    rules read "says X" as a question of what is said, and keyframed the statement said after X). ``plan`` as it
    is otherwise ("what does she say when he mentions X?" asks what is said).

    Example:
        >>> from vqdb.planner.plan import Call
        >>> said = Plan((Call("Q1", "transcript", "done", extent="statement_after"),), "Q1")
        >>> words_said_at("What's on screen when he says 'done'?", said).queries[0].extent is None
        True
        >>> words_said_at("When he says done, what does she say?", said).queries[0].extent
        'statement_after'
        >>> words_said_at("When does he say 'done'?", said).queries[0].extent
        'statement_after'
    """
    moment = _SAID_MOMENT.search(question)
    if moment is None:
        return plan
    rest = question[: moment.start()] + " , " + question[moment.end() :]
    if _SPEECH_CUES.spans(rest):  # what is said is asked: the statement is the answer
        return plan
    said = {w.lower() for w in WORD.findall(moment.group("words"))}
    calls = tuple(
        dataclasses.replace(c, extent=None)
        if c.tool in TOOLS_FOR[SPEECH] and c.when is None and {w.lower() for w in WORD.findall(c.query)} <= said
        else c
        for c in plan.queries
    )
    return dataclasses.replace(plan, queries=calls)


_SAID_MOMENT = re.compile(  # "when he says X", "while the president said X", "as she mentions X": a moment named
    r"\b(?:when|whenever|while|whilst|as|the\s+moment|at\s+the\s+moment)\s+"
    r"(?!(?:does|do|did|is|are|was|were|will|would|can|could|should|has|have|had)\b)(?:[\w'’-]+\s+){1,3}?"
    r"(?:says|said|mentions|mentioned|utters|uttered|announces|announced|reads\s+out|read\s+out)\s+"
    r"(?P<words>[^,?;!]+)",
    re.I,
)
