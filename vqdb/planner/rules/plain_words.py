"""Words a question can write in more than one way, written the one way the rules read them, before any rule
reads the question: an ordinal in digits as its word ("the 3rd caption": "the third caption",
``phrasing.ORDINALS_IN_WORDS``) and a verb of appearing as "appear" in its tense ("the number pops up", "the
caption comes up", "which sign comes first?", "when does the text change?": ``phrasing.APPEARING``,
``phrasing.TEXT_ARRIVING``), a value asked loosely as asked ("around what year": "what year",
``phrasing.APPROXIMATELY``) and a name asked with "called" as "the name of" ("what's the mission called?": "what is
the name of the mission?", ``phrasing.PASSIVE_NAMING``), a voice that reads as reading out ("the speaker reads the
point": "reads out", ``phrasing.VOICES_READING``), a voice raising a topic as talking about it ("the presenter
makes the point about X", "the 2nd voice says anything about X": "talks about X", ``phrasing.TOPIC_RAISING``), a
value given by a voice in the passive in the active ("what year is mentioned by the narrator?": "what year does
the narrator mention?", ``phrasing.VALUE_GIVING``) and a listing of who made the work as its credits ("the list of
people who worked on it", ``phrasing.MAKERS_LISTED``). Each is the question's frame, not a word to read or hear;
the rules read "third", "appear", "what year", "the name of", "reads out", "talks about" and "the credits"
already. Nothing inside a quote changes: a quote is text to find as written.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import Phrases, alternation
from vqdb.planner.rules.framing import _QUOTE
from vqdb.planner.rules.visual import _TEXTS
from vqdb.planner.vocabulary import SCREEN_NOUNS, SPEAKERS, TEXT_NOUNS, WORKS

_ORDERED = sorted(_TEXTS | phrasing.VOICES_READING | {"person"})  # texts and voices an ordinal orders
_ORDINAL = re.compile(  # an ordinal in digits before a text's or a voice's noun or "one", or where its clause ends
    rf"(?<![\w-])(?P<ordinal>{alternation(list(phrasing.ORDINALS_IN_WORDS))})(?![\w-])"
    rf"(?=\s+(?:{alternation(_ORDERED)}|one)\b|\s*(?:[?.!,;:]|$))",
    re.I,
)
_MONTH_BEFORE = re.compile(rf"\b(?:{alternation(phrasing.MONTHS)})\.?\s+$", re.I)
_APPEARING = Phrases(phrasing.APPEARING)
_MOVING_ON = re.compile(  # "popped up from behind the sofa", "shows up with a cake", "shows up the bug"
    r"^\s+(?:(?:the|a|an|his|her|their|its)\s+(?!(?:first|last|next|screen)\b)"
    r"|(?:with|from|to|towards?|into|through|behind|out|over)\b)",
    re.I,
)
_TEXT_ARRIVING = re.compile(
    rf"\b(?P<noun>{alternation(sorted(_TEXTS))})\s+(?:(?:first|ever|then|suddenly)\s+)?"
    rf"(?P<verb>(?:{alternation(phrasing.TEXT_ARRIVING)})(?:\s+up)?)\b(?=\s*(?:$|[?.!,;:]|(?:first|next|last|again"
    r"|on\b|after\b|before\b|when\b|while\b)))",
    re.I,
)
_PAST = {"came", "popped", "showed", "shown", "changed", "switched"}
_APPROXIMATE = re.compile(  # "around what year", "roughly how many": where a clause starts
    rf"(?:^|(?<=[,;:]))\s*(?:{alternation(sorted(phrasing.APPROXIMATELY))})\s+(?=(?:what|which|how)\b)", re.I
)
_CALLED = re.compile(  # "what's the mission called?", "what is the street called on the green sign?"
    r"\bwhat(?:['’]s|\s+(?:is|was|are|were))\s+(?P<thing>(?:the|this|that|his|her|their|its)\s+[\w-]+"
    rf"(?:\s+[\w-]+){{0,2}}?)\s+(?:{alternation(sorted(phrasing.PASSIVE_NAMING))})"
    r"(?=\s*(?:$|[?.!,;:]|(?:on|in|at|under|above|below|during|when|while|after|before)\b))",
    re.I,
)


def ordinals_in_words(question: str) -> str:
    """``question`` with each ordinal in digits ("3rd", "1st", ``phrasing.ORDINALS_IN_WORDS``) that orders a text
    or a voice written as its word: one before a text's noun ("the 2nd caption", "the 3rd slide"), a voice's
    ("the 2nd speaker", "the 2nd person", ``phrasing.VOICES_READING``) or "one", or where its
    clause ends ("which sign comes up 1st?"); not in a quote (text to find), a date ("on May 1st?":
    ``phrasing.MONTHS``) or before another noun ("the 10th second", "her 1st day", "the 9th car": the rules order
    no such thing, and "the 2nd time" they read as it is).

    Example:
        >>> ordinals_in_words("when does the 2nd caption appear?"), ordinals_in_words("which sign comes up 1st?")
        ('when does the second caption appear?', 'which sign comes up first?')
        >>> ordinals_in_words("what happens on May 1st?"), ordinals_in_words("when is 'the 3rd slide' shown?")
        ('what happens on May 1st?', "when is 'the 3rd slide' shown?")
        >>> ordinals_in_words("the 3rd of March"), ordinals_in_words("the 21st slide")
        ('the 3rd of March', 'the 21st slide')
        >>> ordinals_in_words("what happens in the 10th second?"), ordinals_in_words("does the 2nd voice say it?")
        ('what happens in the 10th second?', 'does the second voice say it?')
    """
    for found in reversed(_unquoted(_ORDINAL, question)):
        if not _MONTH_BEFORE.search(question[: found.start()]):
            word = phrasing.ORDINALS_IN_WORDS[found.group("ordinal").lower()]
            question = question[: found.start()] + word + question[found.end() :]
    return question


def appearing_as_appear(question: str) -> str:
    """``question`` with a verb of appearing written "appear" in its tense: a phrasal one of appearing on screen
    whatever its subject (``phrasing.APPEARING``: "pops up", "showed up", "pops onto the screen"; not one that
    moves or shows something, "popped up from behind", "shows up the bug"), and a verb of arriving, "up" or
    not, after a text's noun where its clause ends or an order or a time follows (``phrasing.TEXT_ARRIVING``:
    "which sign comes first?", "when does the third caption come up?", "when does the text change?"; not "the
    sign changes colour", "when does the train come?", nor "when does 'X' come up?": a thing that comes up may
    be mentioned).

    Example:
        >>> appearing_as_appear("when does the third caption come up?")
        'when does the third caption appear?'
        >>> appearing_as_appear("what pops up after the title?"), appearing_as_appear("which sign comes first?")
        ('what appears after the title?', 'which sign appears first?')
        >>> appearing_as_appear("when does the text change?"), appearing_as_appear("the caption that popped up")
        ('when does the text appear?', 'the caption that appeared')
        >>> appearing_as_appear("when does he pop up from behind?"), appearing_as_appear("when does the train come?")
        ('when does he pop up from behind?', 'when does the train come?')
        >>> appearing_as_appear("what did he come up with?"), appearing_as_appear("when does it pop up on screen?")
        ('what did he come up with?', 'when does it appear on screen?')
        >>> appearing_as_appear("when does 'it pops up' appear?"), appearing_as_appear("when does 'forty' come up?")
        ("when does 'it pops up' appear?", "when does 'forty' come up?")
    """
    quoted = [m.span() for m in _QUOTE.finditer(question)]
    spans = [
        (start, end, question[start:end].split()[0])
        for start, end in _APPEARING.spans(question)
        if not any(a <= start < b for a, b in quoted) and not _MOVING_ON.match(question[end:])
    ]
    spans += [
        (found.start("verb"), found.end("verb"), found.group("verb").split()[0])
        for found in _unquoted(_TEXT_ARRIVING, question)
    ]
    for start, end, verb in sorted(spans, reverse=True):
        question = question[:start] + _appear_as(verb) + question[end:]
    return question


def _appear_as(verb: str) -> str:
    """ "appear" in the tense of ``verb`` ("pops": "appears", "came": "appeared", "coming": "appearing")."""
    verb = verb.lower()
    if verb.endswith("ing"):
        return "appearing"
    if verb in _PAST:
        return "appeared"
    return "appears" if verb.endswith("s") else "appear"


_VOICE_READS = re.compile(  # "the speaker reads", "does the narrator read": aloud
    rf"\b(?P<voice>{alternation(sorted(phrasing.VOICES_READING))})\s+(?P<verb>read|reads|reading)\b(?!\s+(?:out|aloud)\b)",
    re.I,
)


def _unquoted(pattern: re.Pattern[str], question: str) -> list[re.Match[str]]:
    """``pattern``'s matches in ``question`` that start outside a quote (a quote is text to find as written).

    Example:
        >>> [m.group(0) for m in _unquoted(re.compile(r"\\bab\\b"), "ab 'ab' ab")]
        ['ab', 'ab']
    """
    quoted = [m.span() for m in _QUOTE.finditer(question)]
    return [m for m in pattern.finditer(question) if not any(a <= m.start() < b for a, b in quoted)]


def read_out_by_a_voice(question: str) -> str:
    """``question`` with a voice that reads (``phrasing.VOICES_READING``: "the speaker reads", "when does the
    narrator read the point about printing") written as reading out: its words are heard (a slide read aloud is
    asked by its voice, not its text); not a person who reads ("she reads a book"), nor in a quote.

    Example:
        >>> read_out_by_a_voice("when does the speaker read the point about printing as an art")
        'when does the speaker read out the point about printing as an art'
        >>> read_out_by_a_voice("a person reads a book"), read_out_by_a_voice("the narrator reads out the list")
        ('a person reads a book', 'the narrator reads out the list')
    """
    for match in reversed(_unquoted(_VOICE_READS, question)):
        question = question[: match.end("verb")] + " out" + question[match.end("verb") :]
    return question


def loose_value_as_asked(question: str) -> str:
    """``question`` without a word that asks for a value loosely where a clause starts, before its question word
    (``phrasing.APPROXIMATELY``: "around what year", "roughly how many"): the value asked is the same, and the
    word is none of its text; not one after a verb ("what is it about? what is he talking about what"), nor in
    a quote.

    Example:
        >>> loose_value_as_asked("Around what year was the Bible dated?")
        'what year was the Bible dated?'
        >>> loose_value_as_asked("according to the slide, roughly how many were printed?")
        'according to the slide, how many were printed?'
        >>> loose_value_as_asked("he talks about what he saw"), loose_value_as_asked("'about what' appears")
        ('he talks about what he saw', "'about what' appears")
    """
    for start, end in reversed([m.span() for m in _unquoted(_APPROXIMATE, question)]):
        question = question[:start] + (" " if start else "") + question[end:]
    return question


def called_as_name(question: str) -> str:
    """``question`` with a name asked by "what is X called / named?" (``phrasing.PASSIVE_NAMING``) written as
    "what is the name of X?", where nothing is said after it (its clause ends, or a place or a time follows:
    "what is the street called on the green sign?"): the name is written or said with X's noun ("MISSION
    KESTREL-2"), and "called" is no speech. Not "what did he call the dog?" (words said), nor in a quote.

    Example:
        >>> called_as_name("what's the mission called?")
        'what is the name of the mission?'
        >>> called_as_name("what is the street called on the green sign?")
        'what is the name of the street on the green sign?'
        >>> called_as_name("what did he call the dog?"), called_as_name("what is the dog called Rex doing?")
        ('what did he call the dog?', 'what is the dog called Rex doing?')
    """
    for match in reversed(_unquoted(_CALLED, question)):
        question = question[: match.start()] + f"what is the name of {match.group('thing')}" + question[match.end() :]
    return question


_RAISED_BY = sorted(phrasing.VOICES_READING | set(SPEAKERS))  # who raises a topic by speech
_TOPIC_RAISED = re.compile(  # "the presenter makes the point about", "the 2nd voice says anything about"
    rf"\b(?:{alternation(_RAISED_BY)})\s+(?P<verb>{alternation(sorted(phrasing.TOPIC_RAISING))})\b"
    rf"(?!\s+(?:(?:the|a|an|this|that|his|her|their|its)\s+)?(?:{alternation([*SCREEN_NOUNS, *TEXT_NOUNS])})\b)",
    re.I,
)
_TALK_IN_TENSE = {"s": "talks about", "d": "talked about", "t": "talked about", "g": "talking about"}


def topic_raised_as_talk(question: str) -> str:
    """``question`` with a verb of raising a topic after who speaks (``phrasing.TOPIC_RAISING`` after
    ``phrasing.VOICES_READING`` or ``SPEAKERS``: "the presenter makes the point
    about X", "does the second voice say anything about X", "the voiceover brings up X") written "talks about"
    in its tense: the rules answer talking about X with the statement X is said in, and "point", "anything" are
    none of its words. Not a thing brought up on screen ("the host brings up the slide"), nor in a quote.

    Example:
        >>> topic_raised_as_talk("when does the presenter make the point about movable metal letters")
        'when does the presenter talk about movable metal letters'
        >>> topic_raised_as_talk("does the second voice say anything about typography? when")
        'does the second voice talk about typography? when'
        >>> topic_raised_as_talk("the voiceover brought up fine typography")
        'the voiceover talked about fine typography'
        >>> topic_raised_as_talk("when does the host bring up the slide"), topic_raised_as_talk("a box brings up")
        ('when does the host bring up the slide', 'a box brings up')
    """
    for match in reversed(_unquoted(_TOPIC_RAISED, question)):
        first = match.group("verb").split()[0].lower()
        talk = "talk about" if first in {"make", "say", "bring", "touch"} else _TALK_IN_TENSE[first[-1]]
        question = question[: match.start("verb")] + talk + question[match.end("verb") :]
    return question


_GIVEN_BY = re.compile(  # "what year is mentioned by the narrator": asked, passive, then who speaks
    r"\b(?P<asked>(?:what|which)(?:\s+[\w-]+){1,2}?)\s+(?P<be>is|was|are|were)\s+"
    rf"(?P<verb>{alternation(sorted(w for w in phrasing.VALUE_GIVING if w.endswith(('ed', 'en', 'id'))))})\s+by\s+"
    rf"(?P<who>(?:the|a|an|this|that|our)\s+(?:{alternation(_RAISED_BY)}))\b",
    re.I,
)
_DO_OF_BE = {"is": "does", "was": "did", "are": "do", "were": "did"}
_BASE_OF = {
    "mentioned": "mention", "quoted": "quote", "said": "say", "cited": "cite", "stated": "state",
}  # fmt: skip


def given_by_as_active(question: str) -> str:
    """``question`` with a value asked as given by a voice in the passive ("what year is mentioned by the
    narrator?", ``phrasing.VALUE_GIVING``) written in the active ("what year does the narrator mention?"): who
    speaks is the subject of the verb of saying, no words said (before, "the narrator" was looked for as words
    said after the year); not in a quote.

    Example:
        >>> given_by_as_active("what year is mentioned by the narrator?")
        'what year does the narrator mention?'
        >>> given_by_as_active("which figure was quoted by the reporter for tips")
        'which figure did the reporter quote for tips'
        >>> given_by_as_active("what is shown by the sign?"), given_by_as_active("what was built by the man?")
        ('what is shown by the sign?', 'what was built by the man?')
    """
    for match in reversed(_unquoted(_GIVEN_BY, question)):
        active = (
            f"{match.group('asked')} {_DO_OF_BE[match.group('be').lower()]} {match.group('who')} "
            f"{_BASE_OF[match.group('verb').lower()]}"
        )
        question = question[: match.start()] + active + question[match.end() :]
    return question


_MAKERS_LISTED = re.compile(  # "the list of people who worked on it", "the names of everyone who made the film"
    r"\b(?:the\s+)?(?:list|names|roll|rundown)\s+of\s+(?:(?:all\s+)?the\s+|all\s+)?"
    rf"(?:{alternation(sorted(phrasing.MAKERS_LISTED))})\s+(?:who|that)\s+(?:made|worked\s+on|created|produced"
    rf"|helped\s+make|contributed\s+to)\s+(?:it|this|(?:the|this)\s+(?:{alternation(list(WORKS))}))\b",
    re.I,
)


def makers_listed_as_credits(question: str) -> str:
    """``question`` with a listing of who made the work ("the list of people who worked on it", "the names of
    everyone who made the film": ``phrasing.MAKERS_LISTED``, ``WORKS``) written "the credits": what it lists are
    its makers' names by their roles, none of the words "worked" or "people" (before, "worked" was looked for);
    not in a quote.

    Example:
        >>> makers_listed_as_credits("when does the list of people who worked on it come up")
        'when does the credits come up'
        >>> makers_listed_as_credits("the names of everyone who made the film"), makers_listed_as_credits("the list")
        ('the credits', 'the list')
    """
    for match in reversed(_unquoted(_MAKERS_LISTED, question)):
        question = question[: match.start()] + "the credits" + question[match.end() :]
    return question
