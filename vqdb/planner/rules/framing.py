"""How a question frames what it asks for: a request ("show me where X is", "find the moment X", "take me to X"),
a question of a moment ("at what point does X", "in which scene does X"), or a moment named alone ("the part
where X") or asked of ("is there a moment where X") asks when (or where) X is, and its framing words are
neither seen, read nor said. ``_unframed`` reads such a question as the plain "when …" /
"where …" question it is, before any other rule reads its words; ``_spelled_out`` first reads a question word
typed short ("wat", "wen": ``phrasing.TYPED_QUESTION_WORDS``) as the word it is, and ``_one_resolved`` reads the
pronoun "one" standing for a noun said before ("the subtitle after the one about great drama", "the sign after the
cafe one") as the words that say which. A question typed in capitals throughout is read in lower case
(``_uncapitalised``: its capitals mark no text on screen).
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import alternation
from vqdb.planner.vocabulary import SPEAKERS, TEXT_NOUNS

_MOMENT = alternation(phrasing.MOMENT_NOUNS)
_OF_THE_VIDEO = r"(?:\s+(?:in|of)\s+(?:the|this)\s+(?:video|clip|film|footage|recording))?"
_REQUESTED = re.compile(
    rf"^\s*(?:(?:{alternation(phrasing.REQUEST_OPENINGS)})\s+)*(?:{alternation(phrasing.REQUESTS)})\b\s*", re.I
)
_MOMENT_ASKED = re.compile(  # the moment a request asks for, and the relative word after it
    rf"(?:(?:the|a|an|that|this)\s+)?(?:{_MOMENT}){_OF_THE_VIDEO}\b\s*"
    r"(?:(?:for\s+(?=when\b|where\b))?(?P<relative>when|whenever|where|that|in\s+which|at\s+which|during\s+which|as)\b\s*"
    r"|(?P<topic>about|with|featuring|involving)\s+)?",
    re.I,
)
_ASKED_IF_ANY = re.compile(r"^\s*(?:is|was)\s+there\s+(?:ever\s+)?(?=(?:a|an|any|one)\s)", re.I)  # "is there a …"
_NAMED_ALONE = re.compile(  # "the part where …" (not the verb of "place the …"), "timestamp when …" (typed short)
    rf"^\s*(?:(?:the|a|an|that|this)\s|(?:{_MOMENT})\s+(?:for\s+)?(?:when|where)\b)", re.I
)
_ASKED_AT = re.compile(rf"^\s*(?:at|in|during)\s+(?:what|which)\s+(?:{_MOMENT}){_OF_THE_VIDEO}\b\s*", re.I)
_TYPED_AT_CLAUSE_START = re.compile(
    rf"(?:^|(?<=[.?!,;:]\s)|(?<=[.?!,;:]))\s*(?P<typed>{alternation(list(phrasing.TYPED_QUESTION_WORDS))})\b(?!['’])",
    re.I,
)
_CLAUSE_SUBJECTS = phrasing.DETERMINERS | {s for s in SPEAKERS if " " not in s}  # "the moment the panel says X"
_DISPLAY_TELLS = re.compile(  # "what does the banner (at the top) announce": its words, asked with a verb of telling
    rf"\b(?P<subject>(?:does|did|do)\s+(?:the|a|an|this|that|its|their)\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{alternation(TEXT_NOUNS)})(?:\s+(?:at|on|in|across|along|near|under|over)\s+[^,.?!;:]{{1,40}}?)?\s+)"
    # "give" as a verb of telling, not in a phrasal verb ("give away", "give up": another meaning)
    r"(?P<verb>announce|tell|tells|mention|state|indicate|give(?!\s+(?:away|up|out|off|back|in|way)\b)|inform)\b"
    r"(?:\s+(?:you|us|me|viewers|people))?",
    re.I,
)


_POINTING_AFTER = re.compile(  # "… what year? show me that moment": a request that only points at what was asked
    rf"(?<=[.?!])\s*(?:(?:{alternation(phrasing.REQUEST_OPENINGS)})\s+)*(?:{alternation(phrasing.REQUESTS)})\s+"
    rf"(?:(?:that|the|this)\s+(?:{_MOMENT}){_OF_THE_VIDEO}|it|where|when)\s*(?:please)?\s*[.?!]?\s*$",
    re.I,
)


def _unframed(question: str) -> str:
    """``question`` without the framing of a request or of a question of a moment (see the module): "at what
    point does X" and "find the moment (when / that) X" -> "when X", "show me where X is" -> "where X is",
    "find X" -> "X". A moment named alone ("the bit where X", "the moment X") or asked of ("is there a part
    where X") frames the same way. A noun of a moment (``phrasing.MOMENT_NOUNS``) is the moment asked for only before a
    relative word or a clause (its subject: a determiner, a person, a name), and before what it is of ("find
    the part about taxes", "the scene with the dog": "taxes", "the dog"); else it is what is asked for ("find
    frame 30", "find the scene in the kitchen"). A display of text (``TEXT_NOUNS``) asked what it tells with a
    verb of telling ("what does the banner at the top announce?", "what does the sign tell you?") is asked what
    it says: no voice announces it (``_DISPLAY_TELLS``). A request after a question that only points at its
    moment ("… what year? show me that moment", ``_POINTING_AFTER``) asks nothing more.

    Example:
        >>> _unframed("show me where the copyright notice is"), _unframed("at what point does the computer beep")
        ('where the copyright notice is', 'when does the computer beep')
        >>> _unframed("find the moment the buddy panel says Natalya is offline")
        'when the buddy panel says Natalya is offline'
        >>> _unframed("Please take me to the TAXI sign"), _unframed("find frame 30")
        ('the TAXI sign', 'frame 30')
        >>> _unframed("find the bit about taxes"), _unframed("find the scene in the kitchen")
        ('taxes', 'the scene in the kitchen')
        >>> _unframed("timestamp when the phone number is shown"), _unframed("timestamp for when she says hello")
        ('when the phone number is shown', 'when she says hello')
        >>> _unframed("the bit where he says it's full time"), _unframed("is there a moment where the sun sets")
        ("where he says it's full time", 'where the sun sets')
        >>> _unframed("place the cup on the table"), _unframed("is there a dog")
        ('place the cup on the table', 'is there a dog')
        >>> _unframed("he says the bible dates from around what year? show me that moment")
        'he says the bible dates from around what year?'
        >>> _unframed("what does the banner at the top announce"), _unframed("what did the host announce")
        ('what does the banner at the top say', 'what did the host announce')
    """
    question = _DISPLAY_TELLS.sub(lambda m: m.group("subject") + "say", question)
    question = _POINTING_AFTER.sub("", question)
    asked = _ASKED_AT.match(question)
    if asked:
        return "when " + question[asked.end() :]
    request = _REQUESTED.match(question)
    asked_if_any = None if request else _ASKED_IF_ANY.match(question)  # only of a moment: "is there a dog" stays
    framed = request or asked_if_any
    rest = question[framed.end() :] if framed else question
    if not rest.strip():  # nothing after the verb: no request
        return question
    moment = _MOMENT_ASKED.match(rest) if framed or _NAMED_ALONE.match(rest) else None
    if asked_if_any and not moment:
        return question
    if moment and moment.group("topic"):  # "the part about taxes", "the scene with the dog": what it is of
        return rest[moment.end() :]
    if moment and (moment.group("relative") or _starts_clause(rest[moment.end() :])):
        relative = (moment.group("relative") or "").lower()
        return ("where " if relative == "where" else "when ") + rest[moment.end() :]
    return rest


_QUOTE = re.compile(r"(?<!\w)'[^']+'(?!\w)|\"[^\"]+\"|“[^”]+”|‘[^’]+’|«[^»]+»")
_ONE_OF_A_TOPIC = re.compile(  # "the one about X", "the one that says X", "the one with X": X
    rf"\b(?:the|that|this)\s+one\s+(?:(?:{alternation(list(phrasing.ABOUT))}|with|showing|reading)\s+)", re.I
)
_ONE_AFTER_A_WORD = re.compile(r"\b(?P<det>the|that|this)\s+(?P<word>[^\W\d_][\w-]*)\s+one\b(?![\w'’-])", re.I)
_SAYING = re.compile(rf"\b(?:{alternation(list(phrasing.SAYING))}|tell|tells|told)\b", re.I)
# words before "one" that place or count it, not name it: "the first one was cheaper" keeps its "one"
_ORDERING = frozenset(
    {"first", "last", "next", "previous", "other", "only", "same", "right", "wrong", "final", *phrasing.ORDINALS}
)  # "the third one" too: an order among things the question names


def _one_resolved(question: str) -> str:
    """``question`` with the pronoun "one" that stands for a noun named before it (a sign, a caption, a card)
    read as the words that say which: "the one about X" (a word of ``phrasing.ABOUT``, "with", "showing",
    "reading") is X, "the cafe one" is "the cafe". Neither "one" names anything to see, read or hear: "which
    sign comes after the cafe one" looks for "cafe" (was "cafe one", a text no sign shows). A number stays: "step
    one", "chapter one" (``phrasing.NUMBERED``), "number one", "T-minus one", and so does a quote.

    Example:
        >>> _one_resolved("the subtitle after the one about great drama")
        'the subtitle after great drama'
        >>> _one_resolved("which sign comes right after the cafe one"), _one_resolved("what does step one say")
        ('which sign comes right after the cafe', 'what does step one say')
        >>> _one_resolved("when does 'the big one' appear"), _one_resolved("is the number one shown")
        ("when does 'the big one' appear", 'is the number one shown')
        >>> _one_resolved("when does the presenter say the first one was cheaper")  # what is said, as said
        'when does the presenter say the first one was cheaper'
        >>> _one_resolved("which sign follows the Café one"), _one_resolved("the caption after the one that says hello")
        ('which sign follows the Café', 'the caption after hello')
    """
    # what a cue of saying introduces is said as it is ("say the first one was cheaper", "say I want the blue one"),
    # unless the cue says which one ("the one that says X")
    cues = (m for m in _SAYING.finditer(question) if not _ONE_OF_A_TOPIC.search(question[: m.end()] + " "))
    said = next(cues, None)
    end = said.end() if said else len(question)
    pieces, last = [], 0
    for quote in [*_QUOTE.finditer(question[:end]), None]:
        stop = quote.start() if quote else end
        part = _ONE_OF_A_TOPIC.sub("", question[last:stop])
        pieces.append(_ONE_AFTER_A_WORD.sub(_without_one, part) + (quote.group(0) if quote else ""))
        last = quote.end() if quote else stop
    return "".join(pieces) + question[end:]


def _without_one(match: re.Match[str]) -> str:
    """The determiner and word of "the X one" without "one", unless X numbers it ("step one", "number one")."""
    word = match.group("word").lower()
    if word in phrasing.NUMBERED or word in phrasing.BEFORE_A_NUMBER or word in _ORDERING:
        return match.group(0)
    return f"{match.group('det')} {match.group('word')}"


def _starts_clause(text: str) -> bool:
    """Whether ``text`` starts with the subject of a clause: a determiner, a person ("he", "the man") or a name.

    Example:
        >>> _starts_clause("the panel says X"), _starts_clause("Kennedy speaks"), _starts_clause("30")
        (True, True, False)
    """
    first = text.split()[:1]
    return bool(first) and (first[0].lower() in _CLAUSE_SUBJECTS or first[0][:1].isupper())


_EXCLUDED = re.compile(  # "(not the 'with the work of our hands' line)", ", not the poster", ", rather than the year",
    # ", instead of the tunnel": what is not asked, up to where the question goes on ("…, not the poster and when
    # does it appear?") and with the comma that closes it ("is the man, not the woman, holding a cup?")
    r"\s*\(\s*(?:but\s+)?not\b[^()]*\)|,\s*(?:(?:and|but)\s+)?(?:not\s+(?:the|a|an|that|this)\s|rather\s+than\s|"
    r"instead\s+of\s)(?![^,.?!;()]*\b(?:first|second|third|last|next)\b)"  # "not the first time but the second": asked
    r"(?:(?!\s(?:and|or|but)\s+(?:when|what|where|who|how|why|which|does|do|did|is|are|was)\b)[^,.?!;()])*"
    r"(?:,(?=\s))?",
    re.I,
)


def _exclusions_dropped(question: str) -> str:
    """``question`` without a phrase that says what it does not ask for, in parentheses or after a comma, starting
    with "not" and a determiner ("when does the single word WORK fill the screen (not the 'with the work of our
    hands' line)?", "what is written on the sign, not the poster?"): a plan cannot look for an absence, and
    its words found as the rest of the question are found were the very moment excluded.

    Example:
        >>> _exclusions_dropped("when is WORK shown (not the 'with the work of our hands' line)?")
        'when is WORK shown?'
        >>> _exclusions_dropped("what is written on the sign, not the poster?")
        'what is written on the sign?'
        >>> _exclusions_dropped("is it not raining?")
        'is it not raining?'
        >>> _exclusions_dropped("What is on the sign, not the poster and when does it appear?")
        'What is on the sign and when does it appear?'
        >>> _exclusions_dropped("when does she mention the bridge, rather than the tunnel?")
        'when does she mention the bridge?'
        >>> _exclusions_dropped("is the man, not the woman, holding a cup?")
        'is the man holding a cup?'
        >>> _exclusions_dropped("when does he say stop, not the first time but the second?")
        'when does he say stop, not the first time but the second?'
    """
    return _EXCLUDED.sub("", question)


_LETTERED_WORD = re.compile(r"[^\W\d_]{2,}")
_WRITTEN_TOKEN = re.compile(r"\S*(?:\d|[/:#@\\])\S*")  # a code, a number, a path or a handle: kept as typed


def _uncapitalised(question: str) -> str:
    """``question`` in lower case when it is typed in capitals throughout (every word of letters, three or more):
    then capitals mark no text on screen ("WHEN IS 3.003 SHOWN IN THE BOTTOM LEFT BOX" is no sign reading so),
    and the rules read it as typed in lower case; tokens with digits or symbols stay as they are. A question
    with some words in lower case keeps its capitals ("when does WE show up").

    Example:
        >>> _uncapitalised("WHEN IS 3.003 SHOWN IN THE BOTTOM LEFT BOX")
        'when is 3.003 shown in the bottom left box'
        >>> _uncapitalised("WHEN DOES THE CODE AX-2048 COME UP?"), _uncapitalised("when does WE show up")
        ('when does the code AX-2048 come up?', 'when does WE show up')
        >>> _uncapitalised("EXIT?")
        'EXIT?'
    """
    words = _LETTERED_WORD.findall(question)
    if len(words) < 3 or any(not w.isupper() for w in words):
        return question

    def typed(token: re.Match[str]) -> str:
        return token.group(0) if _WRITTEN_TOKEN.fullmatch(token.group(0)) else token.group(0).lower()

    return re.sub(r"\S+", typed, question)


_INITIALISM = re.compile(r"(?<![\w.])(?:[A-Z]\.){2,}(?![\w.])|(?<![\w.])(?:[A-Z]\.)+[A-Z](?![\w.])")


def initialisms_joined(question: str) -> str:
    """``question`` with each initialism typed with full stops ("N.H.S.", "U.S", "J.F.K.") written as its letters
    ("NHS", "US", "JFK"), as a transcript writes it; quoted text stays as it is. The rules read a full stop and a
    space as a sentence's end, so "when is the N.H.S. mentioned" looked for "N", "H" and "S" apart, all three
    required. Letters in lower case ("e.g.", "i.e.") are no initialism here: they mark examples.

    Example:
        >>> initialisms_joined("when is the N.H.S. mentioned"), initialisms_joined("when does the U.S army arrive")
        ('when is the NHS mentioned', 'when does the US army arrive')
        >>> initialisms_joined("the sign says 'U.K.' e.g. here"), initialisms_joined("plan A. Then B.")
        ("the sign says 'U.K.' e.g. here", 'plan A. Then B.')
    """
    quoted = [m.span() for m in _QUOTE.finditer(question)]

    def joined(initialism: re.Match[str]) -> str:
        if any(a <= initialism.start() < b for a, b in quoted):
            return initialism.group(0)
        return initialism.group(0).replace(".", "")

    return _INITIALISM.sub(joined, question)


def _spelled_out(question: str) -> str:
    """``question`` with a question word typed short where a clause starts (``phrasing.TYPED_QUESTION_WORDS``:
    "wat time is sunrise", "ok. wen does it start") written as the word it stands for; elsewhere such a word is
    left as it is (a quote, a name).

    Example:
        >>> _spelled_out("wat time is sunrise"), _spelled_out("Wen does the EXIT sign come up? hw long")
        ('what time is sunrise', 'When does the EXIT sign come up? how long')
        >>> _spelled_out("the sign says wat")
        'the sign says wat'
    """

    def written(match: re.Match[str]) -> str:
        typed = match.group("typed")
        word = phrasing.TYPED_QUESTION_WORDS[typed.lower()]
        return match.group(0)[: match.start("typed") - match.start()] + (
            word.capitalize() if typed[0].isupper() else word
        )

    return _TYPED_AT_CLAUSE_START.sub(written, question)


def progressive_said(question: str) -> str:
    """``question`` with a verb of saying in the progressive after its subject ("while the president is saying
    X", "when she's mentioning Y", "as they were saying Z") written in the simple tense ("says", "mentions",
    "said"), as the rules read a quote or words said after it; before, "is saying ask not …" was read as a
    picture ("he is hello"). A question asking what is being said ("what is he saying?": the verb before its
    subject) and quoted text stay as they are.

    Example:
        >>> progressive_said("What place name is shown while the president is saying ask not what you can do?")
        'What place name is shown while the president says ask not what you can do?'
        >>> progressive_said("when she's mentioning the Bible, what is shown?"), progressive_said("what is he saying?")
        ('when she mentions the Bible, what is shown?', 'what is he saying?')
        >>> progressive_said("as they were saying 'we are saying no'")
        "as they said 'we are saying no'"
    """
    quoted = [m.span() for m in _QUOTE.finditer(question)]

    def simple(match: re.Match[str]) -> str:
        if any(a <= match.start() < b for a, b in quoted) or match.group("subject").lower() in _ASKING_WORDS:
            return match.group(0)
        past = (match.group("be") or "").lower() in ("was", "were")
        verb = _SIMPLE_SAYING[match.group("verb").lower()][past]
        return f"{match.group('subject')} {verb}"

    return _PROGRESSIVE_SAYING.sub(simple, question)


_SIMPLE_SAYING = {  # a verb of saying in -ing: its present (third person) and past
    "saying": ("says", "said"),
    "mentioning": ("mentions", "mentioned"),
    "uttering": ("utters", "uttered"),
    "announcing": ("announces", "announced"),
}
_PROGRESSIVE_SAYING = re.compile(
    rf"\b(?P<subject>[\w-]+)(?:\s+(?P<be>is|are|was|were)|(?P<be_short>'s|’s|'re|’re))\s+"
    rf"(?P<verb>{alternation(list(_SIMPLE_SAYING))})\b",
    re.I,
)
_ASKING_WORDS = frozenset({"what", "who", "which", "how", "why", "where", "when", "that", "this", "it", "there"})
