"""Speech acts described, not quoted: the words such an act is said in.

People ask about what is said by naming the act instead of its words: "when does the host introduce herself",
"when does the narrator say who wrote it", "when is the next speaker introduced", "when does Kennedy address his
audience". The description's words are not the words said ("herself", "who wrote it"), so searched as said they
find nothing or a sentence near in meaning; but each act is said in a few set forms (``SPEECH_ACTS``): a
self-introduction "I'm Helen Park" / "my name is Omar" / an audiobook's "Read by Anna Berg", a book's author
"The Silver Harbor, by Margaret Ellison", another person introduced "with me in the studio is…" / "please
welcome…", an audience addressed "my fellow Americans" / "ladies and gentlemen". Each form is looked for in
speech instead of the description (``speech_acts``), ORed with the person introduced where one is named ("the
next speaker": "Please welcome our next speaker"). Questions naming no such act keep their plans. An act
named by its verb with a name after it ("introduces Mrs. Nguyen"), thanks ("thank the host": "thank" is said)
and a value given ("give the date": ``speech.value_forms``) are other rules'.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import alternation
from vqdb.planner.vocabulary import CREDIT_ROLES, CREDIT_VERBS, SPEAKERS, WORKS

_SAYING = r"(?:say|says|said|saying|give|gives|gave|giving|tell|tells|told|telling|state|states|stated|read|reads)"
_PEOPLE = [w for w in SPEAKERS if len(w) > 3] + ["panelist", "panel", "band", "team", "friend", "colleague", "winner"]
_PERSON = (  # "the next speaker", "her guest": a person ("introduce the topic" is none)
    rf"(?:the|her|his|their|our|a|an|its|another|each)\s+(?:[\w-]+\s+){{0,2}}?(?:{alternation(_PEOPLE)})s?\b"
)
_WORK = (
    rf"(?:{alternation(['story', 'novel', 'poem', 'play', 'text', 'work', 'piece', 'programme', 'program', *WORKS])})"
)
_MAKERS = ("author", "writer", "producer", "director", "composer", "editor", "translator", "illustrator")
_AUTHOR = (  # "who wrote it", "who produced the show", "the author": a maker of the work, credited "by" them
    rf"who\s+(?:authored|{alternation(list(CREDIT_VERBS))})\s+(?:it|this|that|the\s+(?:[\w-]+\s+)?{_WORK})"
    rf"|(?:the|its)\s+(?:{alternation(list(_MAKERS))})"
)
_MAKER = re.compile(
    rf"\bwho\s+(?P<verb>authored|{alternation(list(CREDIT_VERBS))})\b|\b(?P<role>{alternation(list(_MAKERS))})\b", re.I
)

SPEECH_ACTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (  # introducing oneself: "introduce herself", "say his name", "tell us who she is" (not "say his name is":
        # the name asked, answered by what is said)
        re.compile(
            r"\bintroduc(?:e|es|ed|ing)\s+(?:him|her|them|my|your|one|it)sel(?:f|ves)\b"
            rf"|\b{_SAYING}\s+(?:us\s+)?(?:his|her|their)\s+(?:own\s+|full\s+)?name\b(?!\s+(?:is|was)\b)"
            rf"|\b{_SAYING}\s+(?:us\s+)?who\s+(?:he|she|they)\s+(?:is|are|was|were)\b",
            re.I,
        ),
        ("my name is", "I'm", "I am", "read by"),
    ),
    (  # a work's author said: "who wrote it", "the author", "TITLE by NAME"
        re.compile(
            rf"\b{_SAYING}\s+(?:out\s+)?(?:the\s+(?:{_WORK}['’]s\s+)?title\s+(?:and|with|along\s+with)\s+)?"
            rf"(?:{_AUTHOR})\b"
            rf"|\b(?:the\s+)?(?:{_WORK}['’]s\s+title|title\s+of\s+the\s+{_WORK})(?=\s+(?:is|was|gets?)?\s*"
            r"(?:read\s+(?:out|aloud)|said|announced|given|spoken))"
            rf"|\b(?:the\s+)?title\b(?=[^?.!;]*\b(?:along|together)\s+with\s+(?:{_AUTHOR}))"  # "the title ... with"
            rf"|\b(?:along|together)\s+with\s+(?:{_AUTHOR})\b",
            re.I,
        ),
        ("by", "written by"),
    ),
    (  # another person introduced: "introduce her guest", "is the next speaker introduced"
        re.compile(
            rf"\bintroduc(?:e|es|ed|ing)\s+(?P<who>{_PERSON})\b"
            rf"|\b(?:is|are|was|were|gets?)\s+(?P<passive>{_PERSON})\s+introduced\b",
            re.I,
        ),
        ("with me", "please welcome", "joining me", "joining us", "my guest", "our guest"),
    ),
    (  # an audience addressed: "address his audience", "greet the crowd", "what does he call the crowd"
        re.compile(
            r"\b(?:address(?:es|ed|ing)?|greet(?:s|ed|ing)?|call(?:s|ed)?)\s+(?:his|her|their|the)\s+"
            r"(?:audience|crowd|listeners|viewers|nation|people|public|country\w*)\b(?!\s+as\b)",  # "as Y": Y said
            re.I,
        ),
        ("my fellow", "ladies and gentlemen", "everyone", "everybody"),
    ),
)
"""Described speech acts (a pattern over the question) and the forms each is said in."""


def speech_acts(text: str) -> tuple[list[tuple[str, ...]], str]:
    """The speech acts ``text`` describes, each once, as the queries it is found by (the person introduced where
    one is named, "the next speaker", then the act's set forms), and ``text`` without their descriptions.

    Example:
        >>> speech_acts("when does the host introduce herself")
        ([('my name is', "I'm", 'I am', 'read by')], 'when does the host  ')
        >>> groups, rest = speech_acts("when is the book's title read out along with who wrote it")
        >>> groups, rest.split()
        ([('by', 'written by')], ['when', 'is', 'read', 'out'])
        >>> speech_acts("when is the next speaker introduced")[0]
        [('next speaker', 'with me', 'please welcome', 'joining me', 'joining us', 'my guest', 'our guest')]
        >>> speech_acts("when does she introduce Mrs. Nguyen"), speech_acts("when does he introduce the topic")
        (([], 'when does she introduce Mrs. Nguyen'), ([], 'when does he introduce the topic'))
        >>> speech_acts("when does she say who produced the show")[0]
        [('by', 'produced by')]
        >>> speech_acts("What does JFK call the crowd?")
        ([('my fellow', 'ladies and gentlemen', 'everyone', 'everybody')], 'What does  ?')
    """
    groups = []
    for pattern, forms in SPEECH_ACTS:
        for match in reversed(list(pattern.finditer(text))):
            person = match.groupdict().get("who") or match.groupdict().get("passive")  # "introduce the next speaker"
            group = (*([person.split(maxsplit=1)[1]] if person else []), *(_credited(match) or forms))
            if group not in groups:  # an act described twice ("the title ... along with who wrote it") is one
                groups.insert(0, group)
            before = text[: match.start()]
            speaker = _NAME_SPEAKING.search(before)  # "what does JFK call the crowd": who speaks, no words said
            text = before[: speaker.start("name") if speaker else len(before)] + " " + text[match.end() :]
    return groups, text


_NAME_SPEAKING = re.compile(r"\b(?:does|did|do|will|would|can)\s+(?P<name>(?:[A-Z][\w.'’-]*\s+){1,3})$")


def _credited(act: re.Match[str]) -> tuple[str, ...]:
    """The forms a maker's credit is said in where ``act`` (a match of the author act) names the maker by what they
    did or their role ("who produced the show", "the director": "by", "produced by"; ``CREDIT_ROLES``' credit line),
    none otherwise: "when does she say who produced the show" searched those words as said and found nothing.

    Example:
        >>> author = SPEECH_ACTS[1][0]
        >>> _credited(author.search("say who produced the show")), _credited(author.search("say who wrote it"))
        (('by', 'produced by'), ('by', 'written by'))
    """
    maker = _MAKER.search(act.group(0))
    named = maker.groupdict() if maker else {}
    verb = (named.get("verb") or "").lower()
    role = CREDIT_VERBS.get(verb, "writer" if verb == "authored" else (named.get("role") or "").lower())
    role = "writer" if role == "author" else role
    return ("by", CREDIT_ROLES[role][0]) if role in CREDIT_ROLES else ()


_OWN_PLACES = ("terminal", "console", "prompt", "textbox", "chat")  # a place of typed text whatever precedes it
_NAMED_PLACES = ("box", "bar", "field", "window", "bubble", "input")  # one only after a word of text: "the chat
# box", "the search bar", "a text field" (not "the bar", "the window", "the field": a pub, a house, a pitch)
_PLACE_KINDS = (*_OWN_PLACES, "search", "text", "message", "command", "dialog", "input", "address", "comment", "speech")
_TYPED_PLACE = re.compile(
    r"\s*\b(?:in|into|inside|on|at|to)\s+(?:the|a|an|his|her|their|this|that|my|your|its)\s+"
    rf"(?:(?:[\w-]+\s+)?(?:{alternation(list(_OWN_PLACES))})(?:\s+(?:{alternation(list(_NAMED_PLACES))}))?"
    rf"|(?:{alternation(list(_PLACE_KINDS))})\s+(?:{alternation(list(_NAMED_PLACES))}))\b",
    re.I,
)


def typed_place(clause: str) -> tuple[int, int] | None:
    """Where ``clause`` (what follows a verb of saying: "list in the terminal", "ask in the chat what …") names
    a place text is typed into or shown in a screen recording (``phrasing.TEXT_PLACES``: a terminal, a console,
    a prompt, a chat, a search bar, a text box): what is "said" there is typed or shown, read on screen, not
    heard; None if it names none. "On screen" is none: "what does he say on screen" in an interview is speech.

    Example:
        >>> clause = " in the terminal?"
        >>> typed_place(clause), clause[slice(*typed_place(clause))]
        ((0, 16), ' in the terminal')
        >>> typed_place(" in the chat what to be cautious about"), typed_place(" into the search bar")
        ((0, 12), (0, 20))
        >>> typed_place(" on screen"), typed_place(" in the bar"), typed_place(" at the window about the rain")
        (None, None, None)
    """
    place = _TYPED_PLACE.search(clause)
    return place.span() if place else None


_TYPING = (  # verbs of putting text on screen ("type", "enter", "paste"): with a place, what is put there is read
    r"type|types|typed|typing|enter|enters|entered|entering|paste|pastes|pasted|pasting|write|writes|wrote|writing"
)
_TYPED = re.compile(rf"\b(?:{_TYPING})\b(?P<what>[^?!.;,]*)", re.I)
_NOUNS_OF_TYPED = phrasing.TEXT_ITEMS | phrasing.UI_NOUNS | {"text", "something", "anything", "what", "it", "this"}


def typed_text(text: str) -> tuple[str | None, str]:
    """What ``text`` says is typed into a place on screen ("when does he type ls in the terminal": "ls"; "what
    command does he type in the terminal": "", the command unnamed), None where it names no typing into a
    place (``typed_place``); and ``text`` without the verb, the place and what is typed. A screen recording's
    typing is read, never heard: searched as said, "type" found nothing.

    Example:
        >>> typed_text("when does he type ls in the terminal")
        ('ls', 'when does he  ')
        >>> typed_text("What command does he type in the terminal?")
        ('', 'What command does he  ?')
        >>> typed_text("when does she type the question into the chat box?")
        ('', 'when does she  ?')
        >>> typed_text("when does he type on the typewriter"), typed_text("when does she write her name")
        ((None, 'when does he type on the typewriter'), (None, 'when does she write her name'))
    """
    for typed in _TYPED.finditer(text):
        what = typed.group("what")
        place = typed_place(what)
        if place is None:
            continue
        words = (what[: place[0]] + " " + what[place[1] :]).split()
        words = [w for w in words if w.lower() not in _NOUNS_OF_TYPED | {"the", "a", "an", "his", "her", "their"}]
        return " ".join(words), text[: typed.start()] + " " + text[typed.end() :]
    return None, text
