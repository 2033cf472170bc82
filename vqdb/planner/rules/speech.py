"""Unquoted speech: the words a speech cue is followed by (said, or written too when no person says them),
"when is X said", and a voice heard with no words named (talking, singing, a voice-over); who speaks
and who is spoken to are not words said.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from vqdb.planner import phrasing, tools
from vqdb.planner.phrasing import WORD, Phrases, alternation, first_of, last_word
from vqdb.planner.plan import ORDERS, Plan
from vqdb.planner.rules.answer_forms import VALUE_NOUNS
from vqdb.planner.rules.cues import (
    _QUOTE,
    _QUOTED,
    _SCREEN_CUES,
    _SCREEN_NOUN_WORDS,
    _SPEAKER_WORDS,
    _SUBJECT_SPEAKS,
    _SUBTITLE_WORDS,
    _TEXT_NOUN_WORDS,
    _determined_end,
    _subject_speaks,
    quoted_phrases,
)
from vqdb.planner.rules.evidence import EITHER, HEARD, SCREEN, SPEECH, TOOLS_FOR, _Evidence
from vqdb.planner.rules.literals import _unnamed
from vqdb.planner.rules.sounds import _SOUND
from vqdb.planner.rules.speech_acts import speech_acts, typed_place, typed_text
from vqdb.planner.rules.visual import _clean
from vqdb.planner.rules.voices import take_voices
from vqdb.planner.tools.audio import Audio, voiced
from vqdb.planner.tools.voices import who_speaks
from vqdb.planner.vocabulary import CREDIT_ROLES, SCREEN_NOUNS, SPEAKERS, SUBTITLE_NOUNS, TEXT_NOUNS
from vqdb.textnorm import FUNCTION_WORDS, canonical_words, form_query, value_form

_PASSIVE = re.compile(
    r"\b(?:is|are|was|were|gets?|being)\s+((?:(?!\b(?:when|while|after|before|and|then|but|that|which|who)\b)"
    r"[^,.?!;\ue002])+?)\s+(?:being\s+)?"
    r"(?:said|mentioned|spoken|announced|pronounced|heard|talked about|discussed|shouted|sung|recited|narrated|"
    r"read\s+(?:out(?:\s+loud)?|aloud))\b",
    re.I,
)
_ACTIVE_SPEECH = re.compile(
    r"\b(?:said|says? the (?:phrase|words?)|says|"
    r"mentions?|mentioned|mentioning|hear(?:d|s)?(?: someone| the (?:words?|phrase))?(?: say)?|"
    r"talk(?:s|ed|ing)? about|speak(?:s|ing)? about|spoke about|discuss(?:es|ed|ing)?|utter(?:s|ed)?|"
    r"announc(?:es|ed|e)|read(?:s|ing)?\s+(?:out(?:\s+loud)?|aloud)|"  # "the last thing she reads out"
    r"pronounc(?:es|ed|e)|shout(?:s|ed)?|yell(?:s|ed)?|apologi[sz](?:es|ed|e)|thank(?:s|ed)?|warn(?:s|ed)?|"
    r"answer(?:s|ed)?|repl(?:y|ies|ied)|respond(?:s|ed)?|greet(?:s|ed)?|promise(?:s|d)?|"
    r"introduc(?:es|ed|e|ing)(?=\s+(?:(?:mrs?|ms|dr|prof|professor|doctor|sir|lady|lord)\b|(?-i:[A-Z])))|"  # a name
    r"address(?:es|ed|ing)?(?=\s+(?:his|her|their|our|my|your|the (?:crowd|audience|nation|people|public|viewers)\b))|"
    r"(?:^\s*(?-i:(?=[a-z]))|(?<=\bafter\s)|(?<=\bbefore\s)|(?<=\bwhile\s)|(?<=\bwhen\s))"  # "after thanking"
    r"(?:(?:thank|warn|apologi[sz]|promis|announc|pronounc|shout|yell)ing"
    r"(?=\s+(?:the|his|her|their|our|my|your|a|an|that|about|for|everyone|everybody|us|them|him|me|you)\b|\s*[,?.!]|\s*$)"
    r"|saying(?=\s+(?!(?:it|this|that|so|these|those|nothing|something|anything)\b)\w)))"  # "after saying he will
    # show a directory": what follows is said; "after saying it / something": no words named
    r"\b(?:\s+(?:that|about))?",
    re.I,
)
_NEW_CLAUSE = re.compile(r"^\s*and\b.*|\band\s+(?=(?:we|he|she|they|i|you|it)\b)", re.I)  # "and we see …"
_NOT_AN_ADDRESSEE = phrasing.STOP | phrasing.WH_WORDS | phrasing.AUXILIARIES | phrasing.PREPOSITIONS | _SPEAKER_WORDS
_BEFORE_A_NAME_SPEAKING = (
    phrasing.AUXILIARY_VERBS | phrasing.AUXILIARIES | phrasing.WH_WORDS | phrasing.CONNECTIVES | {"that", "which"}
) - {"and", "but"}
_WORDS_SAID_IN_ORDER = re.compile(  # "the first words", "his very last remarks": see _take_words_said_in_order
    rf"\b(?:(?P<whose>{alternation(list(phrasing.DETERMINERS))})\s+)?(?:very\s+)?(?:first|last|final|next)\s+"
    rf"(?:{alternation(list(phrasing.WORDS_SAID_IN_ORDER))})\b",
    re.I,
)
_NAMING_NOTHING = phrasing.WH_WORDS | phrasing.AUXILIARIES | phrasing.DETERMINERS | {"s"}  # "what's": "what", "s"
_GROUP_SPOKEN_TO = {"them": "you", "their": "your", "theirs": "yours", "themselves": "yourselves"}
_ONE_SPOKEN_TO = {"him": "you", "his": "your", "himself": "yourself", "herself": "yourself"}
_WARNING = frozenset({"warn", "warns", "warned", "remind", "reminds", "reminded", "caution", "cautions", "cautioned"})
_PRONOUNS_SPOKEN_TO = frozenset({"him", "her", "them", "us", "me", "you"})  # who is spoken to, never said so
_TEXT_CARRIERS = Phrases([*SCREEN_NOUNS, *SUBTITLE_NOUNS])
_VOICES, _IN_THE_VIDEO = Phrases(phrasing.VOICES), Phrases(phrasing.IN_THE_VIDEO)
_IN_THE_VIDEO_AT_END = re.compile(rf"(?:^|\s+)(?:{alternation(list(phrasing.IN_THE_VIDEO))})\s*$", re.I)


HESITATIONS = ("um", "umm", "uh", "uhh", "uhm", "erm", "er", "hmm")  # sounds of thinking typed as words
_HESITATION = re.compile(rf"(?<![\w'’-])(?:{alternation(list(HESITATIONS))})\b(?![-'’])\s*,?\s*", re.I)
_ASIDE = re.compile(  # "like,", "you know,", "I mean,": said between words, set off by a comma
    r"(?P<lead>^|[,;:]\s*|\b(?:say|says|said|saying|goes|went)\s+)(?:like|you\s+know|i\s+mean),\s*", re.I
)


def hesitations_dropped(question: str) -> str:
    """``question`` without the hesitations typed as it would be said (``HESITATIONS``: "um", "uh", "erm") and the
    asides set off by a comma ("like,", "you know,", "I mean,": after the question's start, a comma or a verb of
    saying): no words to find, on screen or said (speech recognition leaves them out of a transcript), they were
    looked for as words ("um, when does the president say like, ask what you can do" searched "um" and "like").
    Quoted words keep theirs.

    Example:
        >>> hesitations_dropped("um, when does the president say like, ask what you can do for your country")
        'when does the president say ask what you can do for your country'
        >>> hesitations_dropped("when does he, you know, mention the uh bridge")
        'when does he mention the bridge'
        >>> hesitations_dropped("what does it look like, and who is the umpire")
        'what does it look like, and who is the umpire'
        >>> hesitations_dropped("when does she say 'um, we also need'")
        "when does she say 'um, we also need'"
    """
    kept = question
    for filler in (_HESITATION, _ASIDE):
        kept = _unquoted_sub(filler, kept)
    return kept if kept.strip() else question


def _unquoted_sub(filler: re.Pattern[str], text: str) -> str:
    """``text`` with each ``filler`` outside quotes replaced by what stays of it (``_lead``)."""
    quoted = [m.span() for m in _QUOTE.finditer(text)]
    return filler.sub(lambda m: m.group(0) if any(a <= m.start() < b for a, b in quoted) else _lead(m), text)


def _lead(filler: re.Match[str]) -> str:
    """What stays of a filler found: the words before an aside (a verb of saying), a space for the comma that opened
    it ("he, you know, said": "he said"), nothing else."""
    lead = filler.groupdict().get("lead") or ""
    return " " if lead[:1] == "," else lead


_COPULA = r"(?:is|was|are|were|will|would|has|had|have|seems|seemed)"
_RELATIVE_CLAUSE = (  # "the year it was printed", "the time the train leaves": which value, said by a clause; not
    # a statement about the value ("the time we spend online is wasted": a second verb says what it is)
    r"\s+(?:(?:that|which|when)\s+)?(?:it|he|she|they|we|you|i|the\s+[\w'-]+)\s+"
    rf"(?:{_COPULA}\s+(?:been\s+)?)?(?:(?!\b{_COPULA}\b)[^,.?!;:\d]){{1,40}}?"
)
_VALUE_SAID = re.compile(  # "the departure time", "the annual amount", "the date of the bible": its head noun
    r"^(?:(?:the|a|an|any|his|her|their|its|our|your)\s+)?(?:[\w'-]+\s+){0,2}?"
    rf"(?P<noun>{alternation(list(VALUE_NOUNS))})"
    r"(?:\s+(?:of|for)\s+(?!(?:the\s+)?(?:day|year|video|clip|film)\b)[^,.?!;:\d]{1,40}"
    rf"|{_RELATIVE_CLAUSE})?$",
    re.I,
)
_VALUE_NAMED = (
    r"(?P<said>(?:the|a|an|his|her|their|its)\s+(?:[\w'-]+\s+){0,2}?"
    rf"(?:{alternation(list(VALUE_NOUNS))})(?:\s+(?:of|for)\s+[^,.?!;:\d]{{1,40}}?|{_RELATIVE_CLAUSE})?)"
)
_VALUE_GIVEN = (  # "when does she give the year", "when is the monthly amount given": a value given is a value said
    re.compile(
        r"\b(?:give|gives|gave|giving|state|states|stated|stating|quote|quotes|quoted|quoting)\s+"
        rf"(?:(?:us|you|them)\s+)?{_VALUE_NAMED}(?=\s*(?:[,.?!;:]|$))",
        re.I,
    ),
    re.compile(rf"\b(?:is|are|was|were)\s+{_VALUE_NAMED}\s+(?:given|stated|quoted)\b", re.I),
)

_NO_CLOCK = frozenset(
    {
        "full", "half", "extra", "added", "injury", "first", "last", "next", "same", "long", "whole", "free", "spare",
        "bed", "play", "screen", "lunch", "dinner", "tea", "good", "hard", "real", "running", "reaction", "lap",
    }
)  # fmt: skip
"""Words before "time" that make it no time of day ("full time", "the first time", "the lap time")."""
_DESCRIBED_AS = re.compile(  # "when does he describe the channel as the home of drama": what is said is after "as"
    r"\b(?:describ(?:e|es|ed|ing)|refer(?:s|red|ring)?\s+to|characteri[sz](?:e|es|ed|ing))\s+"
    r"(?:(?!\bas\b)[^,.?!;:])+?\s+as\s+"
    r"(?!well\s+as\b|(?:soon|long|far|much|if|though|usual)\b|(?:he|she|they|it|we|i|you)\s)"  # "as well as"
    r"(?P<said>[^,.?!;:]+)",
    re.I,
)


def value_forms(said: str) -> tuple[str, ...]:
    """The queries for any value of the forms ``said`` names by its kind (``VALUE_NOUNS``: "the year", "the annual
    amount", "the departure time", "the date of the bible", "the year it was printed"), none where ``said`` gives
    its value ("the year 1455", "the total of three thousand pounds") or a time is none of the clock
    (``_NO_CLOCK``: "its full time", "the first time"). Of things named together ("the 42 line bible and the year
    it was printed"), those of each that names a value by its kind.

    Example:
        >>> value_forms("the annual amount"), value_forms("the date of the bible")
        (('{price}',), ('{date}', '{year}'))
        >>> value_forms("the year 1455"), value_forms("the yearly total of three thousand pounds")
        ((), ())
        >>> value_forms("the time of day"), value_forms("its full time"), value_forms("metal letters")
        ((), (), ())
        >>> value_forms("the year it was printed"), value_forms("the 42 line bible and the year it was printed")
        (('{year}',), ('{year}',))
    """
    parts = re.split(r"\s*,\s*|\s+and\s+(?=(?:the|a|an|his|her|their|its)\s)", " ".join(said.split()), flags=re.I)
    if len(parts) > 1:
        return tuple(dict.fromkeys(form for part in parts for form in value_forms(part)))
    said = parts[0]
    named = _VALUE_SAID.match(said)
    if not named or any(c.isdigit() for c in " ".join(canonical_words(said))):
        return ()
    noun = named.group("noun").lower()
    before = said[: named.start("noun")].lower().split()
    if noun == "time" and (before[:1] != ["the"] or not _NO_CLOCK.isdisjoint(before)):
        return ()
    return tuple(form_query(form) for form in VALUE_NOUNS[noun])


_PERIODS = {"annual": "a year", "yearly": "a year", "monthly": "a month", "weekly": "a week", "daily": "a day"}
"""A value's period named by an adjective, as a voice says it after the value ("the annual amount": "3000 pounds a
year")."""


def _value_queries(said: str) -> tuple[str, ...]:
    """The queries for a value ``said`` names by its kind besides its words: its forms (``value_forms``) and, where
    it names the period the value is for (``_PERIODS``: "the annual amount", "the monthly figure"), the words a
    voice says the period in ("a year", "a month"): of two amounts in one sentence ("250 pounds a month gives you
    3000 pounds a year") the one said with the period asked.

    Example:
        >>> _value_queries("the annual amount"), _value_queries("the monthly savings amount")
        (('{price}', 'a year'), ('{price}', 'a month'))
        >>> _value_queries("the monthly newsletter"), _value_queries("the year")
        ((), ('{year}',))
        >>> _value_queries("the price of the daily newspaper"), _value_queries("the weekly meeting time")
        (('{price}',), ('{time}',))
    """
    forms = value_forms(said)
    named = _VALUE_SAID.match(" ".join(said.split())) if form_query("price") in forms else None
    before = named.string[: named.start("noun")].lower().split() if named else []  # an amount's own words
    return (*forms, *dict.fromkeys(_PERIODS[w] for w in before if w in _PERIODS))


def _only_its_kind(said: str, forms: tuple[str, ...]) -> bool:
    """Whether the words of a value ``said`` are only its kind beside the ``forms`` it is looked for in ("the
    date", "the year"): no voice says "the date" before a date, and those words, matched loosely ('that, as' for
    "the date"), ranked above the date said; "the date of the printing" says more.

    Example:
        >>> _only_its_kind("the date", ("{date}", "{year}")), _only_its_kind("the date of the printing", ("{date}",))
        (True, False)
        >>> _only_its_kind("the date", ())
        False
    """
    kinds = {noun.lower() for noun in VALUE_NOUNS}
    return bool(forms) and all(w.lower() in kinds or w.lower() in FUNCTION_WORDS for w in said.split())


_STATEMENT_ASKED = re.compile(  # a question about what is said: see statement_plan
    rf"\b(?:{alternation(list(phrasing.TALKING_ABOUT))})\s+(?:about|of|on)\b"
    rf"|\b(?:{alternation(list(phrasing.EXPLAINING))})\b"
    rf"|\bwhat\s+(?:do|does|did|is|was|will|would)\s+(?:[\w'.-]+\s+){{1,4}}?"
    rf"(?:{alternation(list(phrasing.STATEMENT_ASKS))})\b",
    re.I,
)


_TIME_NOUNS = (  # "at what point", "which moment", "in what part of the video": the question asks when
    "time", "times", "point", "points", "moment", "moments", "second", "seconds", "minute", "minutes",
    "timestamp", "part", "parts", "frame", "frames", "scene", "scenes", "segment", "stage", "instant",
)  # fmt: skip
_SUBJECTS = (  # a subject right after the question word: no inversion, a clause ("where he says X"), not asked
    "he", "she", "they", "it", "we", "you", "i", "the", "a", "an", "this", "that", "these", "those", "his", "her",
    "their", "its", "my", "our", "your", "someone", "somebody",
)  # fmt: skip
_CONTENT_ASKED = re.compile(  # a question whose answer is something said, not a time: see content_asked
    r"(?:^|[,;:]|\b(?:and|but|so)\b)\s*(?:(?:in|on|at|of|from|to|for|with|by|about|into)\s+)?"
    r"(?:what|which|who|whom|whose|where|why|how)\b"
    rf"(?!\s+(?:{alternation(list(_TIME_NOUNS))})\b)"
    rf"(?!\s+(?:long|soon|often|many\s+times|much\s+time)\b)"
    rf"(?!\s+(?:{alternation(list(phrasing.IN_THE_VIDEO))})\b)"  # "where in the video does he say it?"
    rf"(?!\s+(?:{alternation(list(_SUBJECTS))})\b)",  # "(find) where he says X": a clause, no question
    re.I,
)
_NAMING = re.compile(  # "what does the narrator call the Gutenberg?": a name asked, its few words the answer
    r"\b(?:call|calls|called|calling|name|names|named|naming|mention|mentions|mentioned|spell|spells|spelled)\b",
    re.I,
)


_WHO_SPEAKS = re.compile(  # "who is speaking?", "who's the speaker", "what is the name of the man talking": see
    r"(?:^|[,;:.?!]\s*|\b(?:and|but|so|then)\s+)"  # a question's "who", not a relative one ("the man who is talking")
    r"(?:who(?:['’]s|\s+(?:is|was|are|were))?|(?:what\s+is|what['’]s)\s+the\s+name\s+of)\s+"
    rf"(?:the\s+)?(?:[\w-]+\s+){{0,3}}?(?:{alternation(list(phrasing.NAME_CAPTIONED))})\b",
    re.I,
)


_CAPTIONED_PERSON = rf"(?:man|woman|person|guy|lady|boy|girl|{alternation(list(phrasing.NAME_CAPTIONED))})"
_NAME_UNDER = re.compile(  # "what name is shown under the speaker?", "which name appears below the woman?": see
    r"\b(?:what|which)(?:['’]s|\s+(?:is|was))?\s+(?:the\s+)?name\s+(?:(?:is|was|gets?)\s+)?"  # name_shown
    r"(?:(?:shown|written|displayed|given|printed|appears?|appearing|(?:comes?|pops?|shows?)\s+up)\s+)?"
    r"(?:on\s+(?:the\s+)?screen\s+)?(?:under|below|beneath|underneath|beside|next\s+to|for|by)\s+"
    rf"(?:him|her|them|(?:the|this|that)\s+(?:[\w-]+\s+){{0,2}}?{_CAPTIONED_PERSON})\b",
    re.I,
)


def names_captioned(question: str) -> bool:
    """Whether ``question`` asks who speaks on camera (``phrasing.NAME_CAPTIONED``: "who is speaking?", "who is
    the interviewee?", "what's the name of the woman being interviewed?"): a person answering looks at the name
    caption, the lower third that broadcasts, interviews and talks put under a speaker while they speak, not
    at the words said.

    Example:
        >>> names_captioned("who is speaking?"), names_captioned("what's the name of the woman being interviewed")
        (True, True)
        >>> names_captioned("who is the man in the red coat?"), names_captioned("when is the man speaking?")
        (False, False)
        >>> names_captioned("in the video, who speaks?"), names_captioned("which side is the man who is talking on?")
        (True, False)
    """
    return _WHO_SPEAKS.search(question) is not None


TYPING_HEARD = "typing"
"""The sound of typing (an AudioSet label of the audio tagger): text typed into a place with no words given ("what
command does he type in the terminal?") is typed while keys click; what it is is read on screen there."""

NAME_CAPTION = form_query("person")
"""The name caption's query: a person's name as a lower third writes it (``textnorm.names_a_person``), not the
web address, the ticker or the phone number shown in the same band."""

_NAME_SHOWN = re.compile(  # "while his name is on screen", "when the speaker's name appears" (unnamed): name_shown
    r"\b(?:(?:his|her|their|the\s+(?:[\w-]+\s+){0,2}[\w-]+['’]s)\s+name"
    r"|the\s+name\s+of\s+the\s+(?:[\w-]+\s+)?(?:man|woman|person|guy|lady|speaker|presenter)"  # "the name of
    r"(?:\s+(?:who\s+is\s+)?(?:speaking|talking))?)\s+"  # the man speaking appears"
    r"(?:(?:is|was|gets|got)\s+)?"
    r"(?:on\s+(?:the\s+)?screen|(?:shown|displayed|up|appears?|appeared|(?:shows?|showed|comes?|came|pops?|popped)"
    r"\s+up)(?:\s+on\s+(?:the\s+)?screen)?|(?:at|along)\s+the\s+bottom(?:\s+of\s+the\s+screen)?)"
    r"(?!\s+(?:on|in|at|over)\s)",  # "his name appears on the board": a text there
    re.I,
)


_INTRODUCED_ON_SCREEN = re.compile(  # "the second person introduced on screen", "the first name shown on screen"
    rf"\b(?:the|a)\s+(?:(?P<nth>{alternation([*ORDERS])})\s+)?"  # not "Maria Lopez's name shown on screen": hers
    r"(?:person|man|woman|guy|lady|guest|speaker|expert|interviewee|name)\s+(?:(?:who|that)\s+)?"
    r"(?:(?:is|was|gets|got)\s+)?(?:introduced|named|captioned|shown|displayed|identified)\s+on\s+(?:the\s+)?screen\b",
    re.I,
)


_ROLE = rf"(?:{alternation(phrasing.ROLE_NOUNS)})"
_ROLE_ASKING = r"\bwhat(?:['’]s|\s+(?:is|was))\s+"  # asked, not "talking about her job", "what his occupation was"
_ROLE_ASKED = re.compile(  # "what's the interviewee's job", "what is her role", "what is the job title of the woman"
    rf"{_ROLE_ASKING}(?:(?:his|her|their|the\s+(?:[\w-]+\s+){{0,2}}?{_CAPTIONED_PERSON}['’]s)\s+{_ROLE}"
    rf"|(?:the\s+)?{_ROLE}\s+of\s+(?:the|this|that)\s+(?:[\w-]+\s+){{0,2}}?{_CAPTIONED_PERSON}"
    r"(?:\s+(?:being\s+)?(?:interviewed|speaking|talking))?)\b",
    re.I,
)
_NAMED_ROLE = re.compile(  # "what is Amara Okoye's job": the name stays, read in the caption
    rf"(?i:{_ROLE_ASKING})(?P<name>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*)['’]s\s+(?i:{_ROLE})\b"
)


def name_order(text: str) -> str | None:
    """The order of the name caption ``text`` asks for by its ordinal ("who's the second person introduced on
    screen?": "second", the second name caption shown; ``ORDERS``), None where it asks none.

    Example:
        >>> name_order("who's the second person introduced on screen?"), name_order("the first name shown on screen")
        ('second', 'first')
        >>> name_order("who is introduced on screen?") is None, name_order("the second sign") is None
        (True, True)
    """
    found = _INTRODUCED_ON_SCREEN.search(text)
    return found.group("nth").lower() if found and found.group("nth") else None


def name_shown(text: str) -> tuple[str, bool]:
    """``text`` without a speaker's name shown on screen ("while his name is on screen", "when the
    reporter's name comes up", "what name is shown under the speaker?", "the second person introduced on screen",
    "what's the interviewee's job?", whose role is the caption's second line: the name not given, else it is the
    text read; its order, ``name_order``), and whether it had one: a name shown under a person is the name
    caption, the lower third a broadcast or an interview puts up while they speak (as for who speaks,
    ``names_captioned``), not a picture of a name nor words said.

    Example:
        >>> name_shown("what does kennedy say while his name is on screen")
        ('what does kennedy say while  ', True)
        >>> name_shown("When does the bird expert's name come up on screen?")
        ('When does  ?', True)
        >>> name_shown("at what point do we see the speaker's name at the bottom")[1]
        True
        >>> name_shown("when does the name of the man speaking appear on screen?")
        ('when does  ?', True)
        >>> name_shown("what name is shown under the speaker?"), name_shown("which name appears below her?")
        ((' ?', True), (' ?', True))
        >>> name_shown("what is his name"), name_shown("when does his name appear on the board")
        (('what is his name', False), ('when does his name appear on the board', False))
        >>> name_shown("who's the second person introduced on screen?")  # a person introduced: by their caption
        ("who's  ?", True)
        >>> name_shown("when is Maria Lopez's name shown on screen?")  # a name given: read as written
        ("when is Maria Lopez's name shown on screen?", False)
        >>> name_shown("what's the interviewee's job?"), name_shown("what is Amara Okoye's role?")  # the line under
        (('what is ?', True), ("what is 'Amara Okoye' ?", True))
        >>> name_shown("what is the job title of the woman being interviewed?")
        ('what is ?', True)
        >>> name_shown("what is the company's role?")[1], name_shown("a lady talking about her job")[1]
        (False, False)
    """
    taken = _INTRODUCED_ON_SCREEN.sub(" ", _NAME_UNDER.sub(" ", _NAME_SHOWN.sub(" ", text)))
    # a person's role asked: the caption's other line, under the name given
    taken = _NAMED_ROLE.sub(r"what is '\g<name>' ", _ROLE_ASKED.sub("what is ", taken))
    return taken, taken != text


def _asked_before(text: str, end: int) -> bool:
    """Whether a clause of ``text`` asks for something said (``_CONTENT_ASKED``: what, who, where …, no subject
    right after it) before ``end``: "what does he urge", not "find where he says".

    Example:
        >>> _asked_before("What does he urge them to do?", 10), _asked_before("find where he says X", 11)
        (True, False)
    """
    return any(m.start() < end for m in _CONTENT_ASKED.finditer(text))


def content_asked(question: str) -> bool:
    """Whether ``question`` asks for something (what, which, who, where, why, how), not for when: a clause of
    it starts with the question word, after a preposition at most ("In which city did …", "According to the
    narrator, what is …"), asking (not "where he says X", a clause: no subject right after the word, which
    a question puts after its verb), and for no time ("at what point", "which moment", ``_TIME_NOUNS``;
    "how long", "how often"; "where in the video"), nor a name (``_NAMING``: "what does he call the
    Gutenberg?", whose answer is the few words of the name). Asked of what is said, its answer is the
    sentence that says it, not the words of the question found in it.

    Example:
        >>> content_asked("According to the narrator, what is haunting Europe?")
        True
        >>> content_asked("In which city did they assemble?"), content_asked("At what point is the title read?")
        (True, False)
        >>> content_asked("When does she say 'ask not'?"), content_asked("find where he says 'all the powers'")
        (False, False)
        >>> content_asked("What does the narrator call the Gutenberg?"), content_asked("where he says 'all the powers'")
        (False, False)
    """
    asked = _CONTENT_ASKED.search(question)
    return asked is not None and not _NAMING.search(question, asked.end())


_NAME_GIVEN = re.compile(  # "what does the narrator call the Gutenberg?": the name is said right after the words named
    r"\bwhat\s+(?:do|does|did|would|will)\s+(?:[\w'.-]+\s+){1,4}?(?:call|name)\s+\S", re.I
)


def naming_plan(question: str, plan: Plan, options: Sequence[str] = ()) -> Plan:
    """``plan`` with its calls of words said (tools with ``Tool.extents`` "statement": not a voice, ``audio``)
    looking for what is said right after them (``when`` "after", ``extent`` "next": the phrase said next is
    their span, as "what does he say right after 'my fellow'?" is planned) when ``question`` asks what someone
    calls something ("what does the narrator call the Gutenberg?"): the name is said after the words that name
    the thing ("the Gutenberg, or forty-two line Bible"), so the moment asked is the phrase that follows them,
    not the words themselves; ``plan`` as it is otherwise. The calls of other words than the question's look for the
    name itself, where it is said: an answer's (those ``options`` say: "the forty-two line Bible") and the forms a
    name is said in (``speech_acts``: "what does Kennedy call the crowd?" is "my fellow …", which the plan searched
    for what followed it).

    Example:
        >>> from vqdb.planner.plan import Call
        >>> said = Plan((Call("Q1", "transcript", "the Gutenberg"), Call("Q2", "subtitle", "Gutenberg")), "Q1 OR Q2")
        >>> [(c.when, c.extent) for c in naming_plan("What does the narrator call the Gutenberg?", said).queries]
        [('after', 'next'), ('after', 'next')]
        >>> [c.when for c in naming_plan("When does she say the Gutenberg?", said).queries]
        [None, None]
        >>> voice = Plan((Call("Q1", "audio", "speech"),), "Q1")  # "what does Kennedy call his audience?"
        >>> naming_plan("What does Kennedy call his audience?", voice) == voice
        True
        >>> named = Plan((*said.queries, Call("Q3", "transcript", "the forty-two line Bible")), "(Q1 OR Q2) AND Q3")
        >>> options = ["the forty-two line Bible", "the art of printing"]
        >>> [c.when for c in naming_plan("What does the narrator call the Gutenberg?", named, options).queries]
        ['after', 'after', None]
        >>> forms = Plan((Call("Q1", "transcript", "my fellow"),), "Q1")
        >>> [c.when for c in naming_plan("What does Kennedy call the crowd?", forms).queries]
        [None]
    """
    if not _NAME_GIVEN.search(question):
        return plan
    asked = set(canonical_words(question))

    def the_things_words(query: str) -> bool:
        return set(canonical_words(query)) <= asked

    calls = tuple(
        dataclasses.replace(c, when="after", extent="next")
        if "statement" in tools.get(c.tool).extents and c.when is None and the_things_words(c.query)
        else c
        for c in plan.queries
    )
    return dataclasses.replace(plan, queries=calls)


_SUBJECT_ASKED_VERBS = frozenset(
    {
        "is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "may", "might", "must",
        "should", "shall", "isn't", "wasn't", "hasn't", "won't", "can't", "cannot", "never",
    }
)  # fmt: skip
"""Words that start a clause's verb: said right after a verb of speech ("what does she say was invented …"), the
clause has no subject, and the subject is what is asked."""
_EXTRAPOSED = frozenset(
    {
        "worth", "important", "clear", "true", "likely", "unlikely", "possible", "impossible", "interesting",
        "necessary", "essential", "obvious", "surprising", "notable", "noteworthy", "unfortunate", "fortunate",
        "known", "said", "believed", "thought", "estimated", "reported", "hard", "easy", "vital", "crucial",
    }
)  # fmt: skip
"""Predicates said with their subject put last ("it is worth mentioning that X", "it is believed that X"): a
subject asked of them ("what does she say is worth mentioning?") is said after them."""
_ANSWER_EXTENTS = {"after": "statement_after", "before": "statement_before"}


def answer_side(question: str) -> str | None:
    """Where, in the statement found by the words ``question`` names of it, its answer is said: "after" them for
    what someone says, tells, asks, urges, promises (``_speech_cues``, or who is told in the passive,
    ``_ADDRESSED``) with the words after the verb the rest of what is said ("what does the man say he will show?":
    "I will show | a directory"; "what does the teacher tell the children to bring?": "please bring | a packed
    lunch"); "before" them where those words are a verb with no subject, the subject asked ("what does she say
    was invented in the 15th century?": "movable metal letters | in the middle of the 15th century") but for a
    predicate said with its subject last (``_EXTRAPOSED``: "it is worth mentioning that X"); None for a
    topic ("what does he say about the parks?": the statement is the answer), a name (``naming_plan``), a
    question of when, or no verb of speech.

    Example:
        >>> answer_side("What does the man say he will show?"), answer_side("What are the kids told to bring?")
        ('after', 'after')
        >>> answer_side("What does the narrator say was invented in the middle of the fifteenth century?")
        'before'
        >>> answer_side("What does the woman say is worth mentioning in passing?")  # "it is worth mention … that X"
        'after'
        >>> answer_side("what does the mayor say about the parks"), answer_side("When does he say he will show?")
        (None, None)
        >>> answer_side("What does the narrator call the Gutenberg?"), answer_side("What is haunting Europe?")
        (None, None)
    """
    addressed = _ADDRESSED.search(question)
    if addressed and _asked_before(question, addressed.start()):
        return "after"
    for cue in _speech_cues(question):
        verb = cue.group(0).split()[-1].lower()
        if not _asked_before(question, cue.start()) or verb in ("about", "of", "on"):
            return None
        if verb in phrasing.NAMING_VERBS or (
            cue.re is _ACTIVE_SPEECH and verb not in phrasing.ADDRESSING and verb not in phrasing.SAYING
        ):
            return None  # a name; "mention", "discuss", "talk about": the statement says it
        following = [w.group(0).lower() for w in WORD.finditer(question, cue.end())]
        following = following[1:] if following[:1] == ["that"] else following
        subjectless = following[:1] and following[0] in _SUBJECT_ASKED_VERBS
        extraposed = not _EXTRAPOSED.isdisjoint(following[1:3])  # "is worth mentioning": "it is worth … that X"
        return "before" if subjectless and not extraposed else "after"
    return None


def statement_plan(question: str, plan: Plan) -> Plan:
    """``plan`` with its calls of tools whose spans are words said (``Tool.extents`` "statement") answered by the
    statement the words are said in (``Call.extent`` "statement"), when ``question`` asks what is said on a
    topic (``phrasing.TALKING_ABOUT``: "when does she talk about the 15th century?", ``phrasing.EXPLAINING``:
    "when does the host discuss the budget?"), what someone says ("what does / did … say, tell, ask,
    announce, explain", ``phrasing.STATEMENT_ASKS``) or anything else than when (``content_asked``: "according
    to the narrator, what is haunting Europe?", "in which city did they meet?"; but for words it quotes, found
    as they are: "when Katie says 'sorry', what …"); ``plan`` as it is otherwise. The answer to such a
    question is the sentence said, not the words that name its topic; a question of when words are said
    ("when does she say X?") is answered with the words.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> said = Plan((Call("Q1", "transcript", "the 15th century"), Call("Q2", "subtitle", "1400s")), "Q1 OR Q2")
        >>> [c.extent for c in statement_plan("When does she talk about the 15th century?", said).queries]
        ['statement', 'statement']
        >>> [c.extent for c in statement_plan("According to her, which century was it?", said).queries]
        ['statement', 'statement']
        >>> [c.extent for c in statement_plan("When does she say the 15th century?", said).queries]
        [None, None]
    """
    about_what_is_said = _STATEMENT_ASKED.search(question) is not None
    answer = _ANSWER_EXTENTS.get(answer_side(question) or "")
    if not about_what_is_said and not content_asked(question) and not answer:  # "who did they name it after?"
        return plan
    quoted = set() if about_what_is_said else quoted_phrases(question)  # "when Katie says 'sorry', what …": her words

    asked = set(canonical_words(question))

    def extent(query: str) -> str:  # the question's words; not a form of the answer ("{year}", "www")
        words = set(canonical_words(query)) - FUNCTION_WORDS  # "your parents" of "their parents": the same words
        return answer if answer and value_form(query) is None and words and words <= asked else "statement"

    calls = tuple(
        dataclasses.replace(c, extent=extent(c.query))
        if "statement" in tools.get(c.tool).extents and c.when is None and c.query.casefold() not in quoted
        else c
        for c in plan.queries
    )
    return dataclasses.replace(plan, queries=calls)


def phrase_plan(plan: Plan) -> Plan:
    """``plan`` with its calls that listen for a voice (``audio``, ``voiced``) answered by the phrase said
    (``Call.extent`` "phrase") when it asks for one moment (an ``order``: "when does he finish his speech?",
    "when does the narrator start speaking?", "what are the first words Kennedy says?"): where speech starts
    or ends is its first or last phrase, not the whole utterance around it; so are the calls that ask who
    speaks ("when does the woman start talking?": her first utterance, not her whole turn); ``plan`` as it
    is otherwise.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> voice = Plan((Call("Q1", "audio", "speech"),), "Q1", order="last")
        >>> phrase_plan(voice).queries[0].extent, phrase_plan(dataclasses.replace(voice, order=None)).queries[0].extent
        ('phrase', None)
        >>> phrase_plan(Plan((Call("Q1", "audio", "a woman's voice"),), "Q1", order="first")).queries[0].extent
        'phrase'
    """
    if plan.order is None:
        return plan
    calls = tuple(
        dataclasses.replace(c, extent="phrase")
        if c.tool == Audio.name and (voiced(c.query) or who_speaks(c.query) is not None) and c.when is None
        else c
        for c in plan.queries
    )
    return dataclasses.replace(plan, queries=calls)


def _take_speech(text: str, evidence: _Evidence) -> str:
    """Unquoted speech: "he says X" -> X, "when is X mentioned" -> X, once per sentence."""
    out = []
    for sentence in re.split(r"(?<=[.?!;])\s+", text):
        out.append(_take_speech_in(sentence, evidence))
    return " ".join(out)


def _take_speech_in(text: str, evidence: _Evidence) -> str:
    text = take_voices(text, evidence)  # "when does the woman speak?": who speaks, not what is said
    typed, text = typed_text(text)  # "when does he type ls in the terminal": read on screen, not said
    if typed:
        evidence.add(TOOLS_FOR[SCREEN], typed)
    elif typed == "" and not any(tool in TOOLS_FOR[SCREEN] for group in evidence.groups for tool, _ in group):
        evidence.add((HEARD,), TYPING_HEARD)  # "what command does he type in the terminal?": keys heard, text read
    acts, text = speech_acts(text)  # "when does she introduce herself": the forms the act is said in
    for queries in acts:
        evidence.add(TOOLS_FOR[SPEECH], *queries)
    text = _take_words_said_in_order(text, evidence)
    text = _take_addressed(text, evidence)
    passive = _PASSIVE.search(text)
    if passive and not _SOUND.search(passive.group(1)):
        said = _unnamed(_clean(passive.group(1)))  # the group has no comma
        voice = _names_a_voice(passive.group(1).strip())  # "when is the narration heard?"
        if said or voice:  # a value named as asked ("the departure time"): ``_clean`` drops its "the"
            forms = _value_queries(passive.group(1))
            tools = TOOLS_FOR[EITHER if _in_a_text_carrier(text[passive.end() :]) else SPEECH]
            evidence.add(*(((HEARD,), "speech") if voice else (tools, *forms, said)))  # the value asked first
            return text[: passive.start()] + " " + text[passive.end() :]
    described = _DESCRIBED_AS.search(text)
    if described and _unnamed(_clean(described.group("said"))):
        before = text[: described.start()]  # "when does the caption describe him as …": written
        said = _unnamed(_clean(described.group("said")))
        evidence.add(TOOLS_FOR[EITHER if _ends_with_a_text_carrier(before) else SPEECH], said)
        return before + " " + text[described.end() :]
    given = next(filter(None, (giving.search(text) for giving in _VALUE_GIVEN)), None)
    if given:  # "when does she give the percentage": the value said, in its words or its form
        said, before = given.group("said"), text[: given.start()]  # "when does the chart give …": written
        forms = _value_queries(said)  # the value asked first: a keyframe goes where its first supporting call found it
        words = () if _only_its_kind(said, forms) else (_clean(said),)  # "the year": its forms alone
        evidence.add(TOOLS_FOR[EITHER if _ends_with_a_text_carrier(before) else SPEECH], *forms, *words)
        return text[: given.start()] + " " + text[given.end() :]
    for match in _speech_cues(text):  # the first cue followed by words ("say after mentioning X")
        before = text[: match.start()]
        if match.group(0).split()[0].lower() in _SPEAKER_WORDS:  # "the weather presenter says": all of it
            modified = _determined_end(before, 2) if before[-1:].isspace() else None
            before = before if modified is None else before[:modified] + " "
        if _ends_with_a_text_carrier(before):
            continue  # "the sign says ...": on-screen text, not speech
        if re.search(rf"{_QUOTED}\s*(?:[\w-]+\s+)?$", before):
            return before + " " + text[match.end() :]  # "'X' is said by ...": the cue of a quote
        tail = text[match.end() :]
        rest = re.split(rf"[?!;.,{_QUOTED}]|\b(?:while|and then|when|after|before)\b", tail, maxsplit=1)[0]
        typed = typed_place(rest)
        if typed:  # "does he list in the terminal", "ask in the chat what …": typed there, read on screen
            said = _unnamed(_clean(rest[: typed[0]] + " " + rest[typed[1] :]))
            if said:
                evidence.add(TOOLS_FOR[SCREEN], said)
            return before + " " + tail[len(rest) :]
        if tail[len(rest) :].lstrip(" ,").startswith(_QUOTED):  # "says to him, 'X'": the cue of a quote
            return before + " " + tail  # the words before the quote describe it
        if match.group(0).split()[-1].lower() not in phrasing.SAYING:  # "explains X and we see Y": X
            rest = _NEW_CLAUSE.split(rest, maxsplit=1)[0]
        rest = _IN_THE_VIDEO_AT_END.sub("", rest)  # "the last thing said in the video": where, not what is said
        addressee = _addressee(match, rest)
        said = rest.strip()
        if addressee:  # "tells them not to ask what the country can do for them": "not ask … for you"
            said = _said_to(_infinitive_said(rest[addressee:]), last_word(rest[:addressee]))
            if match.group(0).split()[-1].lower() in _WARNING and said.split()[:1] in (["about"], ["of"]):
                said = said.split(maxsplit=1)[1] if len(said.split()) > 1 else ""  # "warn drivers about the ice"
        imperative = ""  # "say to save 10%": said "try to save 10%" or "save 10%", so both are looked for
        if not addressee and _INSTRUCTED.match(rest):  # "say not to ask", "promise to show us": "ask not", "show"
            said = re.sub(r"^not\s+to\b", "not", re.sub(r"\s+(?:us|me)$", "", said, flags=re.I), flags=re.I)
            imperative = _infinitive_said(said) if said.split()[:1] == ["to"] else ""
        said = _first_person(_unnamed(_named_by_what_follows(said)))
        if addressee and not set(canonical_words(said)) - FUNCTION_WORDS:
            said = ""  # "to do": what is asked, no words said
        instructed = _INSTRUCTED.match(rest, addressee) is not None
        spoken_to = (
            _spoken_to(match, rest[:addressee], said, instructed)
            if addressee and _asked_before(text, match.start())
            else ()
        )
        if addressee and said.split()[:1] and said.split()[0].lower() in phrasing.WHEN_WORDS | phrasing.PREPOSITIONS:
            said, spoken_to = "", ()  # "asked the boy at the station": where, not what is said
        elif said.split()[:1] and said.split()[0].lower() in phrasing.PREPOSITIONS:  # "gives for the text version"
            said = said.split(maxsplit=1)[1] if len(said.split()) > 1 else ""  # what it is for is said, not "for"
        if spoken_to:  # "what does Kennedy ask the American people to do?": his words name them, and often the verb
            evidence.add(TOOLS_FOR[SPEECH], *([said] if said else []), *spoken_to)
            return before + " " + tail[len(rest) :]
        if _names_no_words(said) or (addressee and not said) or _names_a_voice(said):  # "his voice"
            evidence.add((HEARD,), "speech")
            return before + " " + tail[len(rest) :]
        heard = _SOUND.fullmatch(said) and re.search(r"\bhear", match.group(0), re.I)  # "mention rain": said
        if said and not heard and not re.fullmatch(r"(?:an? |the )?(?:sound|noise) of .*", said, re.I):
            apposed = _APPOSED.match(tail, len(rest))  # "says the first of two things, that X": X is what is said
            content = [apposed.group("said").strip()] if apposed else [imperative] if imperative else []
            said, asked = _value_asked_in(_thanked(match.group(0), said))  # "… from what year": its words, any year
            values = (*_value_queries(" ".join(said)), *asked)
            said = tuple(p for p in said if not _only_its_kind(p, values))  # "the date": its forms alone
            said = tuple(map(_group_told, said))  # "what Americans can do": "what you can do", as told
            evidence.add(TOOLS_FOR[_said_by(before, match.group(0))], *values, *said, *content)  # the value first
            if match.re is _ACTIVE_SPEECH:  # "when does Kennedy mention X": Kennedy speaks, no picture
                before = _without_a_name_speaking(before)
            return before + " " + tail[apposed.end() if apposed else len(rest) :]
    alone = _voice_alone(text)  # "when is the narrator talking?": a voice heard, whatever it says
    if not alone and _QUOTED not in text and not _speech_cues(text):
        alone = _voice_named(text)  # "when does the voice-over stop?"
    if alone and _QUOTED not in text:  # "when is 'X' spoken?": the cue of a quote
        start, end = alone
        evidence.add((HEARD,), "singing" if text[start:end].lower().startswith(phrasing.SINGING) else "speech")
        return text[:start] + " " + text[end:]
    first = next(iter(_speech_cues(text)), None)  # no words after any cue: the cue itself is no search word
    if not first:
        return text
    before = text[: first.start()]
    asks = _QUOTED not in text and first_of(before, phrasing.WH_WORDS) is not None
    named = any(w[:1].isupper() for w in _subject_words(before))  # "Kennedy says": a name speaks
    given = _GIVEN_ASKED.search(before) if first.group(0).split()[-1].lower() in phrasing.GIVING else None
    if given and given.group("given").split()[0].lower() in phrasing.GIVEN_WORDS:  # said with its topic: "as an example
        # of fine typography, …" (searched as a picture, the question found the narrator's words only by meaning)
        evidence.add(TOOLS_FOR[SPEECH], given.group("given"))
        return text[: given.start("given")] + " " + text[first.end() :]
    if asks and (named or _said_by(before, first.group(0)) == SPEECH):
        evidence.add((HEARD,), "speech")  # "what does the agent say?": the moments someone speaks
    return text[: first.start()] + " " + text[first.end() :]


_GIVEN_ASKED = re.compile(  # "what example of fine typography does she give": the words given and their topic, asked
    # before the verb (a kind of words alone, "what advice does he give", names none said: a voice heard)
    r"\b(?:what|which)\s+(?P<given>[\w'-]+\s+(?:of|for|about|on)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+"
    r"(?:do|does|did|will|would|can|could)\s+(?:the\s+|his\s+|her\s+|their\s+)?$",
    re.I,
)


_ADDRESSED = re.compile(  # "what are the kids told not to do?": who is spoken to, the verb, what they are told
    r"\b(?:is|are|was|were|gets?|got)\s+(?P<addressee>(?:(?:the|all|his|her|their|our|your|these|those)\s+)?"
    r"(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+"
    rf"(?P<verb>{alternation([w for w in phrasing.ADDRESSING if w.endswith(('ed', 'ld')) or w == 'begged'])})\b"
    r"(?P<said>[^,.?!;\ue000-\ue004]*)",
    re.I,
)


def _take_addressed(text: str, evidence: _Evidence) -> str:
    """Speech asked of who is spoken to, in the passive ("what are the kids told not to do?", "where were the
    buses ordered to wait?", "what is the audience reminded of?"): the words said to them (``_spoken_to``: the
    verb with them, or them with what the question names of what is said, "the students get your parents to
    sign"), a question of what is said; ``text`` without it. Else ``text`` as it is.

    Example:
        >>> found = _Evidence()
        >>> _take_addressed("Where were the buses ordered to wait?", found), found.groups[0][0]
        ('Where  ?', ('transcript', 'wait'))
        >>> [q for _, q in found.groups[0]]
        ['wait', 'wait', 'the buses wait', 'the buses wait']
        >>> _take_addressed("Why were the players asked?", _Evidence())
        'Why were the players asked?'
    """
    addressed = _ADDRESSED.search(text)
    if addressed is None or not _asked_before(text, addressed.start()) or _SOUND.search(text):
        return text
    addressee = addressed.group("addressee")
    said = _said_to(_infinitive_said(" " + addressed.group("said")), last_word(addressee))
    if said.split()[:1] and said.split()[0].lower() in phrasing.PREPOSITIONS:  # "reminded of", "invited to"
        said = said.split(maxsplit=1)[1] if len(said.split()) > 1 else ""
    if not set(canonical_words(said)) - FUNCTION_WORDS:
        said = ""
    if not said and not addressed.group("said").strip():  # "why were the players asked?": nothing said named
        return text
    spoken_to = (f"{addressee} {said}",) if said else (f"{addressed.group('verb')} {addressee}",)
    evidence.add(TOOLS_FOR[SPEECH], *([said] if said else []), *spoken_to)
    return text[: addressed.start()] + " " + text[addressed.end() :]


_APPOSED = re.compile(  # ", that X" / ": namely X" after words said: X is what they are, another way to find them
    r"\s*[,:]\s*(?:that(?!\s+(?:is|was|were|are)\b)|namely|i\.e\.)\s+(?P<said>[^?!;.,:\ue000-\ue004]+)", re.I
)


_VALUE_ASKED = re.compile(rf"\b(?:what|which)\s+(?P<noun>{alternation(list(VALUE_NOUNS))})\b", re.I)


def _value_asked_in(said: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Words said that ask for a value inside them ("the bible dates from around what year", "the train leaves at
    what time"): the words without the question (one query, the words said around the value) and the forms of the
    value asked (``VALUE_NOUNS``: ``{year}``), a voice saying "about 1455", not "what year"; ``((said,), ())``
    where none is asked.

    Example:
        >>> _value_asked_in("the Gutenberg bible dates from around what year")
        (('the Gutenberg bible dates from around',), ('{year}',))
        >>> _value_asked_in("the bridge will reopen"), _value_asked_in("what time it is")
        ((('the bridge will reopen',), ()), ((), ('{time}',)))
    """
    asked = _VALUE_ASKED.search(said)
    if asked is None:
        return (said,), ()
    words = " ".join(f"{said[: asked.start()]} {said[asked.end() :]}".split())
    forms = tuple(form_query(form) for form in VALUE_NOUNS[asked.group("noun").lower()])
    telling = set(canonical_words(words)) - FUNCTION_WORDS  # "what time it is": "it is" tells nothing said
    return ((words,) if telling else ()), forms


_NAME_AT_END = re.compile(r"(?:\b[A-Z][\w'.-]*\s+){1,3}$")


def _without_a_name_speaking(before: str) -> str:
    """``before`` (the words before a verb of speech) without the name at its end that is who speaks: capitalised
    words where a subject starts (``_names_who_speaks``: "When does Kennedy", "after JFK"), not "what does the
    narrator" nor a text's words.

    Example:
        >>> _without_a_name_speaking("When does President Kennedy "), _without_a_name_speaking("What does the man ")
        ('When does ', 'What does the man ')
    """
    name = _NAME_AT_END.search(before)
    if name is None or not _names_who_speaks(name.group(0).split()[0], before[: name.start()]):
        return before
    return before[: name.start()]


def _first_person(said: str) -> str:
    """Words reported in the third person as the speaker says them: without the subject pronoun
    (``phrasing.REPORTED_SUBJECTS``) they start with, and a form of "be" after it (``phrasing.BE_FORMS``): the
    speaker said "I'm done", "I will show a directory", "I am ready".

    Example:
        >>> _first_person("he's done"), _first_person("he will show a directory"), _first_person("she is ready")
        ('done', 'will show a directory', 'ready')
        >>> _first_person("the sun is setting"), _first_person("he")
        ('the sun is setting', 'he')
    """
    words = said.replace("’", "'").split()
    if len(words) < 2 or words[0].lower() not in phrasing.REPORTED_SUBJECTS:
        return said
    rest = words[2:] if words[1].lower() in phrasing.BE_FORMS and len(words) > 2 else words[1:]
    return " ".join(rest)


def _take_words_said_in_order(text: str, evidence: _Evidence) -> str:
    """Words said named by their place ("the first words", "the last thing", ``phrasing.WORDS_SAID_IN_ORDER``)
    in a sentence of speech (a speech cue: "what are the first words Kennedy says?", "when does he say his
    final words?"), a person's (``phrasing.PERSONAL_POSSESSIVES``: "what are his last words?") or one that names
    nothing else, a thing asked ("after he says two things result from this fact, what is the first thing?": the
    things said, which were searched as the words "first thing", found wherever "first" is said): a voice heard
    (the order is read from "first" / "last"), the noun no picture; ``text`` without it.

    Example:
        >>> found = _Evidence()
        >>> _take_words_said_in_order("What are the first words Kennedy says?", found), found.groups
        ('What are   Kennedy says?', [(('audio', 'speech'),)])
        >>> _take_words_said_in_order("What is the first word on the sign?", _Evidence())
        'What is the first word on the sign?'
        >>> _take_words_said_in_order(" what is the first thing?", _Evidence())
        ' what is  ?'
    """
    named = _WORDS_SAID_IN_ORDER.search(text)
    if not named:
        return text
    rest = text[: named.start()] + " " + text[named.end() :]
    whose = (named.group("whose") or "").lower()
    words = {w.group(0).lower() for w in WORD.finditer(rest)}  # "what is the first thing?": a thing, asked, nothing
    alone = named.group(0).split()[-1].lower() in ("thing", "things") and words & phrasing.WH_WORDS  # else named
    alone = alone and not words - _NAMING_NOTHING  # ("what is the first word?" may be read)
    if (
        whose in phrasing.PERSONAL_POSSESSIVES
        or alone
        or _speech_cues(rest)
        or _PASSIVE.search(rest)
        or _voice_alone(rest)
    ):
        evidence.add((HEARD,), "speech")
        return rest
    return text


def _speech_cues(text: str) -> list[re.Match[str]]:
    """The speech cues of ``text`` in order, none overlapping an earlier one: a verb of speech
    (``_ACTIVE_SPEECH``), and one of ``phrasing.SUBJECT_SPEECH_VERBS`` after who speaks, a speaker
    (``SPEAKERS``) or a name, which is part of the cue (who speaks is neither words said nor, in a question
    of what is said, a picture looked for); a verb of giving or naming only where it gives words or asks a
    name (``cues._subject_speaks``) or calls to someone (``_addressee``: "calls the crowd to …").

    Example:
        >>> [m.group(0) for m in _speech_cues("What does President Kennedy tell people? When the man says hi")]
        ['President Kennedy tell', 'man says']
        >>> [m.group(0) for m in _speech_cues("Which option best describes the video? the sign says")]
        ['says']
    """
    subject = [m for m in _SUBJECT_SPEAKS.finditer(text) if _names_who_speaks(m.group("subject"), text[: m.start()])]
    asked = {m.span() for m in _subject_speaks(text)}  # a verb of giving or naming that is speech by its words
    found = [m for m in subject if m.span() in asked or _addressee(m, text[m.end() :])]  # "calls the crowd to …"
    found = sorted([*found, *_ACTIVE_SPEECH.finditer(text)], key=lambda m: (m.start(), -m.end()))
    kept: list[re.Match[str]] = []
    for match in found:
        if not kept or match.start() >= kept[-1].end():
            kept.append(match)
    return kept


_INSTRUCTED = re.compile(r"\s*(?:not\s+)?to\b", re.I)  # "tells the children to bring": an instruction


def _spoken_to(cue: re.Match[str], addressee: str, said: str, instructed: bool) -> tuple[str, ...]:
    """The words a speaker says to who they speak to (``addressee``: "the American people", after a verb of
    addressing, the ``cue``), asked what they say to them: the verb with them ("ask the American people") where
    the question names nothing else said, them with what it names (``said``: "bring") where that is what they
    are told to do (``instructed``: "the children bring"), none where it says all ("tells viewers he will show":
    "will show"), asks a name ("what does Kennedy call his audience?": any words) or names them by a pronoun
    (``_PRONOUNS_SPOKEN_TO``: "what's the first thing he tells them?": the speaker names them, never "them"; searched,
    "tells them" found a sentence of the narrator's by meaning). A speaker calls on those they address by name ("my
    fellow Americans, ask …", "Children, please bring …"), and "I urge", "I promise", "we invite" are said as often
    as not; with no words of theirs kept, a question of what Kennedy asks the American people to do was any voice
    heard.

    Example:
        >>> cue = _subject_speaks("What does Kennedy ask the American people to do?")[0]
        >>> _spoken_to(cue, " the American people", "", True), _spoken_to(cue, " the children", "bring", True)
        (('ask the American people',), ('the children bring',))
        >>> _spoken_to(cue, " viewers", "will show", False)
        ()
        >>> _spoken_to(_subject_speaks("What does Kennedy call his audience?")[0], " his audience", "", False)
        ()
        >>> _spoken_to(_subject_speaks("what's the first thing he tells them?")[0], " them", "", False)
        ()
    """
    addressed, verb = " ".join(addressee.split()), cue.group(0).split()[-1]
    if verb.lower() in phrasing.NAMING_VERBS or (said and not instructed) or addressed.lower() in _PRONOUNS_SPOKEN_TO:
        return ()
    return (f"{addressed} {said}",) if said else (f"{verb} {addressed}",)


_GROUPS_TOLD = {w for w in phrasing.ADDRESSEES - _PRONOUNS_SPOKEN_TO if w.endswith("s") or w in ("children", "people")}
_GROUP_TOLD = re.compile(  # "Americans can", "viewers should": a group spoken to, the subject of what it is told
    rf"\b(?:the\s+)?(?:{alternation(list(_GROUPS_TOLD))})(?=\s+(?:can|could|should|must|will|would|need|have|may|might)\b)",
    re.I,
)


def _group_told(said: str) -> str:
    """Words reported as said to a group (``phrasing.ADDRESSEES``) that name the group as their subject, as the speaker
    says them to it: "you" for the group, "your" for "their" ("what Americans can do for their nation": "what you can
    do for your nation"); ``said`` as it is where no group is its subject. A speaker tells an audience what *you* can
    do; searched as reported (even ORed with this), "Americans" found the speaker's "my fellow Americans" instead of
    what he told them.

    Example:
        >>> _group_told("what Americans can do for their nation"), _group_told("the viewers should subscribe")
        ('what you can do for your nation', 'you should subscribe')
        >>> _group_told("the nation can do better"), _group_told("students sign the form")
        ('the nation can do better', 'students sign the form')
    """
    told = _GROUP_TOLD.search(said)
    if told is None:
        return said
    return said[: told.start()] + "you" + _said_to(said[told.end() :], "them")


def _thanked(cue: str, said: str) -> str:
    """What a speech ``cue`` is followed by (``said``), as said: after a verb of thanking, with "thank", the one word
    sure to be said ("when does the woman thank Mr. Delgado": "Thank you, Mr. Delgado", not the "I'm Mr. Delgado"
    said before it; "after thanking everyone for coming": "thank you all for coming").

    Example:
        >>> _thanked("woman thank", "Mr Delgado"), _thanked("after thanking", "everyone for coming")
        ('thank Mr Delgado', 'thank everyone for coming')
        >>> _thanked("says", "Mr Delgado")
        'Mr Delgado'
    """
    return f"thank {said}" if cue.split()[-1].lower().startswith("thank") else said


def _names_no_words(said: str) -> bool:
    """Whether ``said`` (what a speech cue is followed by) names no words said (``phrasing.NOTHING_SAID``: "say
    something", "ask a question to the bikers"; not "say something about the ship": its topic is said).

    Example:
        >>> _names_no_words("a question to the bikers"), _names_no_words("questions of taste")
        (True, False)
        >>> _names_no_words("next"), _names_no_words("next to the car")
        (True, False)
    """
    words = said.lower().split()
    for n in range(len(words), 0, -1):
        if " ".join(words[:n]) in phrasing.NOTHING_SAID:
            if words[:n] == ["next"] and words[n : n + 1] in (["to"], ["door"]):  # "next to the car": a place
                return False
            return n == len(words) or words[n] in (phrasing.WHEN_WORDS | {"to"}) - {"about"}  # "something about X": X
    return False


def _infinitive_said(phrase: str) -> str:
    """What is said after who is spoken to: without the "to" of an infinitive (after "not" too: "not to ask"
    is said "ask not", "do not ask") and the words at its end that picture nothing ("people to ask instead":
    "ask").

    Example:
        >>> _infinitive_said(" to ask instead"), _infinitive_said(" not to ask what you can do")
        ('ask', 'not ask what you can do')
    """
    words = phrase.split()
    words = words[1:] if words[:1] == ["to"] else words
    words = words[:1] + words[2:] if [w.lower() for w in words[:2]] == ["not", "to"] else words
    while words and words[-1].lower() in phrasing.STOP:
        words.pop()
    return " ".join(words)


def _said_to(said: str, addressee: str) -> str:
    """What is said to who is spoken to (``addressee``: the word naming them, "them", "people", "him") as it
    was said: reported speech back in the second person, the pronouns that stand for who is spoken to
    becoming "you", "your" (``_GROUP_SPOKEN_TO`` after a group, ``_ONE_SPOKEN_TO`` after one person: "tells
    viewers to check their settings": "check your settings"); "me" and "us" are the asker, "her" is "you"
    or "your", so those are left as they are.

    Example:
        >>> _said_to("not ask what the country can do for them", "them"), _said_to("clean his room", "him")
        ('not ask what the country can do for you', 'clean your room')
        >>> _said_to("check their settings", "me")
        'check their settings'
    """
    if addressee in ("me", "us", "her"):
        return said
    person = addressee in _SPEAKER_WORDS - phrasing.ADDRESSEES and not addressee.endswith("s")  # "the boy"
    pronouns = _ONE_SPOKEN_TO if addressee == "him" or person else _GROUP_SPOKEN_TO
    return WORD.sub(lambda m: pronouns.get(m.group(0).lower(), m.group(0)), said)


def _named_by_what_follows(phrase: str) -> str:
    """``phrase`` without a noun of text that only names what follows it (``phrasing.APPOSITIVE_ONLY``:
    "the words your country" -> "your country").

    Example:
        >>> _named_by_what_follows("the words your country"), _named_by_what_follows("the text")
        ('your country', 'the text')
    """
    words = phrase.split()
    start = 1 if words[:1] and words[0].lower() in phrasing.DETERMINERS else 0
    if len(words) > start + 1 and words[start].lower() in phrasing.APPOSITIVE_ONLY:
        return " ".join(words[start + 1 :])
    return phrase


def _names_who_speaks(subject: str, before: str) -> bool:
    """Whether ``subject`` (a speaker or a name before a verb of ``phrasing.SUBJECT_SPEECH_VERBS``, after
    ``before``) is who speaks: not "I", "we" or "you" ("what did I say", "can you tell": the asker), and a
    name only where a subject starts (after an auxiliary, a question word or a connective: "what does Kennedy
    tell", "when Kennedy says"; not "the button between Upvote and Flag say")."""
    if subject.lower() in ("i", "we", "you"):
        return False
    previous = last_word(before)
    if previous in phrasing.DETERMINERS and subject[:1].islower():  # "what does the fire chief urge": past "the"
        previous = last_word(before.rstrip()[: -len(previous)])
    return subject.lower() in _SPEAKER_WORDS or not previous.strip() or previous in _BEFORE_A_NAME_SPEAKING


def _addressee(cue: re.Match[str], said: str) -> int:
    """Where the words said after a speech ``cue`` start, past who is spoken to: after a verb of addressing
    (``phrasing.ADDRESSING``) a pronoun or a noun of ``phrasing.ADDRESSEES`` or ``SPEAKERS``, with its
    determiner and up to two words before it ("tells the American people to …": "to …"); 0 when none is
    named ("calls the Gutenberg": the name given is said with it); after a verb of warning (``_WARNING``), whose
    object is always someone, any noun before what they are warned about ("warn drivers about": "drivers about" was
    searched as words said).

    Example:
        >>> cue = _subject_speaks("Kennedy asks")[0]
        >>> said = " the American people to do"
        >>> said[_addressee(cue, said) :], _addressee(cue, " what to do"), _addressee(cue, " her story")
        (' to do', 0, 0)
        >>> _addressee(_speech_cues("what does the speaker warn")[0], " drivers about")
        8
    """
    verb = cue.group(0).split()[-1].lower()
    if verb not in phrasing.ADDRESSING:
        return 0
    words = list(WORD.finditer(said))
    names = [w.group(0).lower() for w in words]
    following = names[1] if len(names) > 1 else ""
    if names[:1] and names[0] in ("her", "you") and following in ("", "to", "that", "not", "about", "how", "what"):
        return words[0].end()  # "tell her to …", not "tell her story"
    skip = 1 if names[:1] and names[0] in phrasing.DETERMINERS else 0
    for n in range(skip, min(skip + 3, len(words))):
        if names[n] in phrasing.ADDRESSEES or (skip and names[n] in _SPEAKER_WORDS):  # "the American people"
            return words[n].end()
        if verb in _WARNING and names[n + 1 : n + 2] in (["about"], ["of"], ["against"]):  # "warn drivers about"
            return words[n].end()
        if names[n] in _NOT_AN_ADDRESSEE:
            break
    return 0


def _said_by(before: str, cue: str) -> str:
    """Where the words after a speech ``cue`` are, by who says them: a person (``SPEAKERS``: "the narrator
    mentions", "she says") in speech; anything else that says, answers or warns (``phrasing.WRITTEN_TOO``:
    "when does Video-LLaVA warn about…", "the app answers") may write them on screen (a demo's typed answer,
    a caption), so either way."""
    subject = [w.lower() for w in _subject_words(before)]
    person = not subject or any(w in _SPEAKER_WORDS for w in [cue.split()[0].lower(), *subject])
    return EITHER if not person and cue.split()[0].lower() in phrasing.WRITTEN_TOO else SPEECH


def _subject_words(before: str) -> list[str]:
    """The words before a cue but for question words, auxiliaries and determiners: its subject's."""
    words = [w.group(0) for w in WORD.finditer(before)]
    return [w for w in words if w.lower() not in phrasing.WH_WORDS | phrasing.AUXILIARY_VERBS | phrasing.DETERMINERS]


def _ends_with_a_text_carrier(text: str) -> bool:
    """Whether ``text`` ends with a thing that carries text ("the sign ", "a caption that "): what it says
    is on screen, not speech."""
    spans = _TEXT_CARRIERS.spans(text)
    rest = text[spans[-1][1] :] if spans else "x"
    rest = rest[next((i for i, c in enumerate(rest) if c.isalnum() or c == "_"), len(rest)) :]
    return rest.lower() in ("", *(f"{pronoun} " for pronoun in phrasing.RELATIVE_PRONOUNS))


def _in_a_text_carrier(text: str) -> bool:
    """Whether ``text`` (what follows "is X mentioned") starts by placing it in a thing that carries text ("in
    the ticker", "on the news crawl", "in the credits", "on screen"): what is mentioned there is read, maybe
    said too, not said only.

    Example:
        >>> [_in_a_text_carrier(text) for text in (" in the ticker?", " on the news crawl", " on screen")]
        [True, True, True]
        >>> _in_a_text_carrier(" in the speech?"), _in_a_text_carrier(" by the host"), _in_a_text_carrier("?")
        (False, False, False)
    """
    placed = _PLACED_IN.match(text)
    spans = _WRITTEN_IN.spans(text[placed.end() :]) if placed else []
    return bool(spans) and spans[0][0] == 0


_WRITTEN_IN = Phrases([*SCREEN_NOUNS, *SUBTITLE_NOUNS, *TEXT_NOUNS, "crawl"])  # "in the crawl": a noun, the ticker
_PLACED_IN = re.compile(
    r"\s*(?:in|on|inside|across|along)\s+(?:(?:the|a|an|this|that|its|their)\s+)?(?:[\w-]+\s+)?", re.I
)  # "in the ", "on the news ": where a thing that carries text may follow


def _voice_alone(text: str) -> tuple[int, int] | None:
    """Where talking, speaking or singing (``phrasing.VOICES``) ends its clause, nothing said after it ("when
    is the man talking?", "who sings in the video?") but when ("who speaks first", "who talks after this
    man", ``phrasing.SPEAKING_ORDER``), not after "to" ("about to speak"); None if nowhere."""
    for start, end in _VOICES.spans(text):
        if last_word(text[:start]) == "to":
            continue
        rest = text[end:].lstrip()
        place = _IN_THE_VIDEO.first(rest)
        rest = rest[place[1] :].lstrip() if place and place[0] == 0 else rest
        following = WORD.match(rest.lower())
        if not rest or rest[0] in "?.!;," or (following and following.group(0) in phrasing.SPEAKING_ORDER):
            return start, end
    return None


def _names_a_voice(phrase: str) -> bool:
    """Whether a phrase said or heard is a voice, not words (``phrasing.VOICE_NOUNS``: "the speaker's voice",
    "the narration"): a noun of a voice after at most two words.

    Example:
        >>> _names_a_voice("the speaker's voice"), _names_a_voice("the voice of reason in politics")
        (True, False)
    """
    words = phrase.lower().split()
    return 0 < len(words) <= 3 and words[-1].strip(".,;:!?") in phrasing.VOICE_NOUNS


def _voice_named(text: str) -> tuple[int, int] | None:
    """Where a noun of a voice (``phrasing.VOICE_NOUNS``) ends its clause, or is followed by one word that
    does ("when does the voice-over stop?", "when is there speech?"); None if nowhere ("the voice assistant
    on screen" names a thing) or where it is a credit role ("who is the voice?", ``CREDIT_ROLES``)."""
    for word in WORD.finditer(text):
        start = word.start()
        if start and text[start - 1] == "-":
            continue
        end = word.end() + len(re.match(r"(?:-\w+)*", text[word.end() :]).group(0))  # a compound: "voice-over"
        if text[start:end].lower() not in phrasing.VOICE_NOUNS or text[start:end].lower() in CREDIT_ROLES:
            continue  # "who is the voice?": a credit, read
        rest = text[end:].strip()
        if not rest or rest[0] in "?.!;," or re.match(r"\w+\s*(?:[?.!;,]|$)", rest):
            return start, end
    return None


_VOICE_GIVES = re.compile(  # "does the reader give", "they give", "the lecturer first mentions"
    rf"\b(?:{alternation(sorted({*SPEAKERS, *phrasing.VOICES_READING}))})\s+"
    rf"(?:(?:{alternation(list(phrasing.SPEAKING_ORDER))})\s+)?(?:{alternation(sorted(phrasing.VALUE_GIVING))})\b",
    re.I,
)
_TEXT_NAMED = _SCREEN_NOUN_WORDS | _TEXT_NOUN_WORDS | _SUBTITLE_WORDS


def value_said(question: str) -> bool:
    """Whether ``question`` asks a value a voice gives (who speaks, then a verb of giving it by voice,
    ``phrasing.VALUE_GIVING``: "which year does the reader give?", "what century does the lecturer mention?",
    "what number do they give for tips?") and names no screen, no text and no cue of one (``SCREEN_CUES``,
    ``SCREEN_NOUNS``, ``TEXT_NOUNS``, ``SUBTITLE_NOUNS``: "what date does he give on screen?", "the year the
    caption says"): the value is heard, and a number on screen is another's (a date, a timecode, a slide's).

    Example:
        >>> value_said("which year does the reader give?"), value_said("what century does the lecturer mention?")
        (True, True)
        >>> value_said("what date does he give on screen?"), value_said("what year does the sign say?")
        (False, False)
        >>> value_said("what year is shown?"), value_said("what year is mentioned?")  # no voice named
        (False, False)
    """
    words = {w.group(0).lower() for w in WORD.finditer(question)}
    return bool(_VOICE_GIVES.search(question)) and not words & _TEXT_NAMED and not _SCREEN_CUES.spans(question)
