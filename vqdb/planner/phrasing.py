"""The rule planner's small word lists, one entry per phenomenon of phrasing: the words, what they do in a
question, and a question whose plan they decide. ``tests/planner/test_phrasing.py`` plans each entry's
example with the entry and without it (its words removed): an entry whose example plans the same either way
no longer earns its place, and the test fails. The documented vocabulary (who speaks, what carries text…)
is in ``vqdb.planner.vocabulary``, the sound words in ``vqdb.planner.sound_words``.

Example:
    >>> "the" in DETERMINERS, DETERMINERS.phenomenon
    (True, 'determiners before a noun: not part of what it names')
    >>> sorted(ARTICLES | {"this"})
    ['a', 'an', 'the', 'this']
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

WORD = re.compile(r"\w+")  # a word, as a regex's \b bounds it


class Words(frozenset):
    """A set of lower-case words (used as a ``frozenset``) with the ``phenomenon`` it covers and an
    ``example``: a question (with answer ``options``; planned for a corpus with no visual tool when not
    ``seen``) whose plan it decides.

    Example:
        >>> w = Words({"tiny", "small"}, phenomenon="sizes", example="the tiny logo")
        >>> "tiny" in w, w.example, w.options, w.seen
        (True, 'the tiny logo', (), True)
    """

    phenomenon: str
    example: str
    options: tuple[str, ...]
    seen: bool

    def __new__(
        cls, words: Iterable[str], *, phenomenon: str, example: str, options: tuple[str, ...] = (), seen: bool = True
    ) -> Words:
        self = super().__new__(cls, words)
        self.phenomenon, self.example, self.options, self.seen = phenomenon, example, options, seen
        return self


def alternation(alternatives: Sequence[str]) -> str:
    """A regex alternation of phrases (longest first, spaces and hyphens as in the text); of no phrases, one
    that matches nothing.

    Example:
        >>> print(alternation(["t-shirt", "on screen", "sign"]))
        on\\s+screen|t[- ]?shirt|sign
    """
    ordered = sorted(alternatives, key=len, reverse=True)
    if not ordered:
        return "(?!)"
    return "|".join(re.escape(a).replace(r"\ ", r"\s+").replace(r"\-", "[- ]?") for a in ordered)


def one_word_forms(phrases: Iterable[str]) -> frozenset[str]:
    """The one-word ``phrases`` in lower case, a hyphenated one also without its hyphen ("t-shirt", "tshirt").

    Example:
        >>> sorted(one_word_forms(["T-shirt", "closed caption", "sign"]))
        ['sign', 't-shirt', 'tshirt']
    """
    words = [p.lower() for p in phrases if " " not in p]
    return frozenset(words) | {w.replace("-", "") for w in words}


def first_of(text: str, words: Collection[str], default: int | None = None) -> int | None:
    """Where the first of ``words`` (lower case) starts in ``text`` as a whole word; ``default`` when none does.

    Example:
        >>> first_of("When is it shown?", {"shown", "is"}), first_of("nothing", {"shown"}, -1)
        (5, -1)
    """
    return next((m.start() for m in WORD.finditer(text) if m.group(0).lower() in words), default)


def last_word(text: str) -> str:
    """The word ``text`` ends with (but for spaces), in lower case; "" when it ends with another character.

    Example:
        >>> last_word("the boy named "), last_word("it ends here.")
        ('named', '')
    """
    words = list(WORD.finditer(text.rstrip()))
    return words[-1].group(0).lower() if words and words[-1].end() == len(text.rstrip()) else ""


class Phrases:
    """Where phrases of a word list stand in a text as whole words, case aside: a space in a phrase is any
    run of spaces in the text, a hyphen a hyphen, a space or nothing ("t-shirt": "t shirt", "tshirt"); at
    each word the longest phrase first, matches not overlapping (what a regex alternation of the list finds).

    Example:
        >>> cues = Phrases(["on screen", "on-screen", "shown"])
        >>> text = "It is shown On  screen, then onscreen"
        >>> [text[a:b] for a, b in cues.spans(text)], cues.first("nothing here")
        (['shown', 'On  screen', 'onscreen'], None)
    """

    def __init__(self, phrases: Iterable[str]) -> None:
        self.variants: dict[str, list[tuple[list[str], list[str | None]]]] = {}  # by first word, longest first
        for phrase in sorted(phrases, key=len, reverse=True):
            for words, gaps in self._variants(phrase.lower()):
                self.variants.setdefault(words[0], []).append((words, gaps))

    @staticmethod
    def _variants(phrase: str) -> list[tuple[list[str], list[str | None]]]:
        """The phrase as words and the text between each two (None: any run of spaces)."""
        variants: list[tuple[list[str], list[str | None]]] = [([], [])]
        for spaced in phrase.split(" "):
            parts = spaced.split("-")
            forms = [(parts, [])]
            if len(parts) > 1:
                forms = [(parts, ["-"] * (len(parts) - 1)), (parts, [" "] * (len(parts) - 1)), (["".join(parts)], [])]
            variants = [(w + f, g + ([None] if w else []) + fg) for w, g in variants for f, fg in forms]
        return variants

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the phrases stand in ``text``, in order."""
        tokens = list(WORD.finditer(text))
        words = [t.group(0).lower() for t in tokens]
        found, i = [], 0
        while i < len(tokens):
            candidates = self.variants.get(words[i], ())
            n = next((len(w) for w, gaps in candidates if self._at(text, tokens, words, i, w, gaps)), 0)
            if n:
                found.append((tokens[i].start(), tokens[i + n - 1].end()))
            i += max(n, 1)
        return found

    @staticmethod
    def _at(text: str, tokens: list[re.Match], words: list[str], i: int, phrase: list[str], gaps: list) -> bool:
        if words[i : i + len(phrase)] != phrase:
            return False
        between = (text[tokens[i + k].end() : tokens[i + k + 1].start()] for k in range(len(phrase) - 1))
        return all(b.isspace() if g is None else b == g for b, g in zip(between, gaps, strict=True))

    def first(self, text: str) -> tuple[int, int] | None:
        """Where the first phrase stands in ``text``; None when none does."""
        return next(iter(self.spans(text)), None)

    def removed(self, text: str) -> str:
        """``text`` with each phrase replaced by a space."""
        pieces, last = [], 0
        for start, end in self.spans(text):
            pieces.append(text[last:start] + " ")
            last = end
        return "".join(pieces) + text[last:]


ARTICLES = Words(
    {"the", "a", "an"},
    phenomenon="articles between an on-screen cue and the text it names",
    example="when does he show a WARNING",
)
DETERMINERS = Words(
    {"the", "a", "an", "this", "that", "these", "those", "his", "her", "their", "its", "our", "my", "your", "some"},
    phenomenon="determiners before a noun: not part of what it names",
    example="When does the ingredient list come up?",
)
AUXILIARIES = Words(
    {
        "is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "does", "do", "did", "can",
        "could", "will", "would", "has", "have", "had", "first", "we", "you",
    },
    phenomenon="auxiliaries (and their subjects) around the subject of a display verb: not its words",
    example="When does the ingredient list come up?",
)  # fmt: skip
CONTRACTED = Words(
    {"what", "who", "where", "when", "how", "why", "which", "there", "here", "that"},
    phenomenon="words contracted with 'is' / 'are' ('what's', 'who’re'): read as 'what is', as if written out",
    example="What's the name on the card?",
    options=("Ann Lee", "Bo Chen"),
)
QUESTION_WORDS = Words(
    {"who", "whom", "whose", "what", "which", "when", "where", "why", "how", "whether", "if"},
    phenomenon="question words after a display verb: what is shown is asked, not given",
    example="when does the menu list what is for dinner",
)
QUOTATION_STARTS = Words(
    {
        "does", "do", "did", "is", "are", "was", "were", "can", "could", "will", "would", "should", "has", "have",
        "what", "why", "how", "who", "where", "when", "which", "please", "let", "i", "we", "you", "it", "there",
    },
    phenomenon="words that start a sentence: capitalised mid-question after a display verb, a sentence written out",
    example="When does the screen show Is it safe to cross the road",
)  # fmt: skip
ANSWERS = Words(
    {"answer", "answers", "answered", "reply", "replies", "replied", "respond", "responds", "responded", "response"},
    phenomenon="a question asking for the answer to the question written out before it: that one is text to find",
    example="Is the door open? What did the assistant answer?",
)
WRITTEN_TOO = Words(
    {"says", "said", "warn", "warns", "warned", "mention", "mentions", "mentioned"} | (ANSWERS - {"response"}),
    phenomenon="speech cues that a thing which is no person does in writing too ('the chatbot warns about X')",
    example="When does the chatbot warn about the stairs?",
)
NAMES_TEXT = Words(
    {"time", "text", "word", "words", "letters", "number", "numbers", "something", "anything"},
    phenomenon="nouns that only name text ('the time', 'the words'), besides the naming and text nouns",
    example="when does the scoreboard show the time",
)
LANGUAGES = Words(
    {
        "i", "english", "chinese", "japanese", "korean", "french", "german", "spanish", "arabic", "russian",
        "latin", "italian", "portuguese", "hindi", "thai", "vietnamese", "greek", "hebrew",
    },
    phenomenon="capitalised words that name a language (or 'I'), not text written in it",
    example="when is the French title displayed",
)  # fmt: skip
APPOSITIVE_ONLY = Words(
    {"text", "word", "words", "phrase", "command"},
    phenomenon="nouns of text named by what follows them ('the words X', 'the command X': X), not what comes before",
    example="when do the scrolling words appear",
)
DESCRIBING = Words(
    {
        "red", "orange", "yellow", "green", "blue", "purple", "pink", "white", "black", "gray", "grey", "brown",
        "gold", "silver", "golden", "big", "small", "large", "little", "tiny", "huge", "long", "short", "bright",
        "dark", "light", "bold", "new", "old", "first", "second", "third", "last", "next", "many", "few",
        "several", "some", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "lines", "line",
        "rows", "row", "single", "empty", "blank", "sideways", "vertical", "vertically", "rotated", "tilted",
        "diagonal", "diagonally", "slanted", "upright", "faint", "faded",
    },
    phenomenon="words that say how a display or a sound looks, stands or counts ('the red sign', 'written "
    "sideways'), not what it says",
    example="When does the round two geography title appear?",
)  # fmt: skip
ALONE = Words(
    {"itself", "alone", "own", "lone", "solo"},
    phenomenon="words of a text standing alone on screen ('TO shown by itself', 'on its own'): how it is shown, "
    "not words to read",
    example="what word is shown by itself after 'we are here'?",
    seen=False,
)  # fmt: skip
NOT_SHOWN_TAIL = Words(
    {"on", "in", "at", "the", "a", "up", "again", "first", "there"},
    phenomenon="words that end the phrase before its place or time ('X on', 'X up there', 'X again and again'): "
    "not the text",
    example="when does the board show Arsenal 2 up there",
)
STOP = Words(
    {
        "the", "a", "an", "it", "its", "this", "that", "these", "those", "which", "there", "of", "to", "in", "on",
        "at", "up", "is", "be", "then", "word", "words", "what", "who", "whom", "whose", "when", "where", "why",
        "how", "video", "clip", "instead", "again", "also", "still", "exactly", "actually", "as",
    },
    phenomenon="words at the ends of a visual phrase that picture nothing",
    example="A cat gets a shot.",
)  # fmt: skip
AUXILIARY_VERBS = Words(
    {"do", "does", "did", "is", "are", "was", "were", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't",
     "weren't"},
    phenomenon="auxiliary verbs (and their negations: 'why didn't she …') that start a visual phrase or stand alone: "
    "no picture",
    example="There are some dogs on the street.",
)  # fmt: skip
PREPOSITIONS = Words(
    {"by", "from", "for", "about"},
    phenomenon="prepositions that do not start a visual phrase ('by the host')",
    example="They're making coffee for themselves and for their dad.",
)
EVENT_VERBS = Words(
    {
        "happen", "happens", "happened", "happening", "come", "comes", "occur", "occurs", "occurred", "start",
        "starts", "begin", "begins", "get", "gets", "give", "gives", "go", "goes", "up", "out", "first", "last",
        "next", "time", "moment", "point", "back", "stay", "stays", "stayed", "remain", "remains", "remained",
    },
    phenomenon="words of when something happens or how long it lasts ('… comes up', '… comes back', 'what comes "
    "next', 'stays on screen', 'the moment'): neither read nor pictured",
    example="when does the explosion happen?",
)  # fmt: skip
NOT_TEXT = Words(
    {
        "says", "say", "reads", "read", "shows", "show", "displays", "written", "shown", "displayed", "on", "in",
        "at", "appear", "appears", "visible", "is", "are", "the", "a", "first", "last", "again", "finally", "ever",
        "still", "next", "briefly", "comes", "come", "pops", "pop", "flashes", "fades", "changes", "disappears",
        "goes", "starts", "stops",
    },
    phenomenon="words after 'the word(s)' / 'the text' that are cues or an order, not the text ('the text shown', "
    "'when does the text first appear')",
    example="when is the text shown",
)  # fmt: skip
SHOWN_SOURCES = Words(
    {"credits", "slides", "cards", "subtitles", "captions", "video", "clip", "graphic"}
    | {"bullets", "bullet points", "bullet list", "title card", "end card", "lower third"},
    phenomenon="sources of 'according to X' that are shown, not said: the options are read on screen",
    example="According to the credits, who directed it?",
    options=("Ann Lee", "Bo Chen"),
)
WHEN_WORDS = Words(
    {
        "at", "around", "about", "near", "from", "until", "till", "between", "before", "after", "by", "within",
        "during", "in", "on", "first", "last", "next", "past", "over", "under", "approximately",
    },
    phenomenon="words before a number that make it a time in the video ('at 1:03'), not a value to find",
    example="My travel bag packing during Covid19",
)  # fmt: skip
WH_WORDS = Words(
    {"what", "who", "whom", "whose", "where", "why", "how"},
    phenomenon="question words: one after a quote starts a new clause; one before 'say' asks what is said",
    example="What does the narrator say?",
)
RELATIVE_PRONOUNS = Words(
    {"that", "which"},
    phenomenon="a relative pronoun before 'says': its noun is who or what says it ('a sign that says')",
    example="when does the narrator hold a sign that says 'EXIT'?",
)
SAYING = Words(
    {"say", "says", "said", "saying", "read", "reads", "reading", "mention", "mentions", "mentioned"},
    phenomenon="cues of saying whose subject decides where a quote is: a sign says on screen, a host in speech",
    example="When does it say “Embed all fonts”?",
)
IN_PART = Words(
    {"small", "tiny", "logo", "corner", "background", "badge", "icon"},
    phenomenon="words of something small or off-centre: seen in a part of the frame, not the whole",
    example="Woman holds small white pipe.",
)
HOLDERS = Words(
    {"his", "her", "their", "a", "the"},
    phenomenon="whose hand holds a thing ('in his hands'): something held is seen in a part of the frame",
    example="Woman carries plate in her hand.",
)
TEXT_PLACES = Words(
    {
        "screen", "box", "textbox", "prompt", "field", "bar", "input", "search", "chat", "bubble", "window", "text",
        "terminal", "console",
        "enter", "enters", "entered", "type", "types", "typed", "typing", "paste", "pastes", "pasted", "inputted",
        "submitted", "into",
    },
    phenomenon="where and how text is put on screen ('entered in the text box'): once its text is read, no picture",
    example="when is 'Why is the sky blue?' shown in the text box?",  # "entered in" is typed: speech_acts.typed_place
)  # fmt: skip
TYPOGRAPHY = Words(
    {"letters", "lettering", "font", "fonts", "typeface", "print", "characters", "capitals", "caps"},
    phenomenon="words of how text looks ('in big letters'): not words to read",
    example="when does the word appear in capitals",
    seen=False,
)
TEXT_LAYOUT = Words(
    {"row", "rows", "line", "lines", "column", "columns", "string", "strings", "set", "series", "kind", "type",
     "style", "size", "colour", "color", "number"},
    phenomenon="nouns of how text is laid out before 'of' and a word of how text looks ('the first row of letters', "
    "'how many lines of English letters'): the text asked, not words to read",
    example="how many lines of English letters are on the cloth bag?",
    seen=False,
)  # fmt: skip
CARRIERS_OF_TEXT = Words(
    {"credits", "name", "tag", "timecode", "code", "clock", "counter", "number", "numbers", "word", "words", "the",
     "a", "an"},
    phenomenon="words naming where text is (with the screen and subtitle nouns and the speakers): not the text",
    example="when does the counter come up",
    seen=False,
)  # fmt: skip
SCREEN_REGIONS = Words(
    {"top", "bottom", "upper", "lower", "left", "right", "middle", "center", "centre", "corner", "corners", "edge",
     "edges", "side", "sides", "third", "thirds", "half"},
    phenomenon="words of a region of the screen: a phrase of only these ('the top-left corner') is where text "
    "is, not the text",
    example="what is written at the edge?",
    seen=False,
)  # fmt: skip
LOCATING = Words(
    {"at", "in", "on", "next", "beside", "above", "below", "under", "underneath", "beneath", "near", "over",
     "across", "along", "inside", "behind", "atop", "around"},
    phenomenon="after a noun naming text, a preposition of place starts where the text is, not what it says "
    "('the sign above the door')",
    example="what does the sign above the door read?",
    seen=False,
)  # fmt: skip
NUMBERED = Words(
    {
        "frame", "page", "step", "chapter", "slide", "level", "round", "episode", "season", "part", "track", "lap",
        "question", "lesson", "exercise", "figure", "table", "gate", "platform", "room", "exit", "route", "channel",
        "scene", "act", "verse", "stage", "phase", "version", "item", "rule", "tip",
    },
    phenomenon="nouns of things numbered, before their number ('frame 30', 'step 1', 'chapter 3'): a label, "
    "written or said with its number, not a thing seen ('the 3 steps' counts; 'at 30' is a time)",
    example="find frame 30",
)  # fmt: skip
BEFORE_A_NUMBER = Words(
    {"number", "no", "minus", "t-minus", "plus", "day", "year", "week", "line", "row", "column", "volume", "issue"},
    phenomenon="words after which 'one' is the number one, not the pronoun for a noun said before ('the number "
    "one', 'the T-minus one'; 'the cafe one' is the cafe's sign: rules.framing._one_resolved)",
    example="the day one caption",
    seen=False,
)  # fmt: skip
TIME_DISPLAYS = Words(
    {"timecode", "time code", "time-code", "clock", "counter", "timer", "stopwatch", "countdown", "scoreboard",
     "display", "readout", "odometer", "speedometer", "count", "score", "tally", "total", "meter", "gauge"},
    phenomenon="things showing a number or time: 'the timecode at 00:00:03' is what it reads, not a time in the "
    "video; a count or score coming to a value ('the frame count reaches 240') reads it",
    example="when is the burned-in timecode at 00:00:03",
)  # fmt: skip
REACHING = Words(
    {"at", "reach", "reaches", "reached", "reaching", "hit", "hits", "hitting", "get to", "gets to", "got to",
     "stand at", "stands at", "turn", "turns", "change to", "changes to",
     "go to", "goes to", "tick over to", "ticks over to", "show", "shows", "showing", "read", "reads", "display",
     "displays", "pass", "passes", "passed", "passing", "go past", "goes past", "went past", "tick past",
     "ticks past", "get past", "gets past", "go over", "goes over", "exceed", "exceeds", "exceeded", "cross",
     "crosses", "crossed", "climb to", "climbs to", "drop to", "drops to", "fall to", "falls to", "count down to",
     "counts down to", "count up to", "counts up to", "become", "becomes", "start at", "starts at", "started at",
     "begin at", "begins at", "began at", "start from", "starts from", "end at", "ends at", "stop at", "stops at"},
    phenomenon="verbs of a display coming to, passing or showing a value: it then reads the value ('the countdown "
    "reaches 10', 'the counter shows one hundred and fifty', 'the seconds counter passes 8': it reads 8 as it "
    "passes; 'the countdown starts at ten': its first reading is 10)",
    example="when does the countdown reach 10",
)  # fmt: skip
OPTION_REFERENCES = Words(
    {"only", "both", "all", "none", "neither", "and", "or", "of", "the", "above"},
    phenomenon="words of an answer option that only refers to options listed in the question ('1 and 3')",
    example="Which are true? 1. a red car, 2. a blue bus",
    options=("1 and 2", "only 2"),
)
NOT_CONNECTIVE_AFTER = Words(
    {"named", "look", "looks", "looked", "looking", "ever", "and"},
    phenomenon="words before 'after' / 'before' that make it no connective: 'named after', 'before and after'",
    example="when does the dog look after the baby",
)
BEFORE_A_CUE = Words(
    {"is", "are", "was", "were", "also", "then", "it", "gets"},
    phenomenon="words between 'and' and a cue that continue a quote's clause ('written on screen and is spoken')",
    example="when is the word 'welcome' written on screen and is also spoken",
)
SHOWN_CUES = Words(
    {
        "displayed", "shown", "listed", "marked", "appear", "appears", "appeared", "pop up", "pops up", "popped up",
        "come up", "comes up", "flash", "flashes", "flashed", "visible", "on screen", "on the screen", "onscreen",
        "on-screen", "type", "types", "typed", "typing", "show up", "shows up", "showed up", "written", "printed",
        "fill the screen", "fills the screen", "filling the screen", "fade in", "fades in", "faded in",
    },
    phenomenon="cues that text named before them is on screen: capitals, digits or symbols in their clause are read",
    example="when does LIFTOFF appear, when does WE show up, when is THE written in capitals",
)  # fmt: skip
TEXT_CUES = Words(
    {
        "says", "say", "read", "reads", "reading", "show", "shows", "showing", "display", "displays", "displaying",
        "written", "writes", "labeled", "labelled", "titled", "the word", "the words", "the text", "the number",
        "the caption", "the command",
    },
    phenomenon="cues before unquoted text on screen: a written-looking word after them is read ('reads 404')",
    example="when does the timecode read 00:00:05",
)  # fmt: skip
CLAUSE_STARTS = Words(
    {
        "when", "whenever", "while", "after", "before", "until", "once", "then", "but", "because", "and", "or", "so",
        "where", "who", "which", "that", "on screen", "on the screen", "on the", "in the", "at the",
    },
    phenomenon="words that end what a display shows: another clause or the place it is shown starts",
    example="when does the menu list the soup of the day on the board",
)  # fmt: skip
BEFORE_A_SUBJECT = Words(
    {
        "when", "whenever", "while", "after", "before", "until", "once", "then", "but", "because", "and", "or",
        "that", "which", "who", "whom", "where", "what", "why", "how", "if", "as", "so", "see", "watch", "moment",
        "point", "with", "on", "in", "at", "behind", "from", "by", "to", "for", "near", "under", "above", "below",
    },
    phenomenon="words before the subject of a display verb: its subject ('the Edinburgh train') starts after them",
    example="When is the Edinburgh train listed as cancelled?",
)  # fmt: skip
REQUESTS = Words(
    {
        "show me", "show us", "find", "find me", "find us", "locate", "point to", "point me to", "point out",
        "take me to", "bring me to", "bring up", "jump to", "skip to", "go to", "seek to", "get me", "give me",
        "look for", "search for", "help me find", "i want to see", "i'm looking for", "i am looking for",
    },
    phenomenon="verbs a request starts with ('show me where X is', 'find the moment X', 'take me to X'): they ask "
    "for a moment of the video, neither shown nor said (the 'show' of 'show me' is no cue of text on screen)",
    example="show me where the copyright notice is",
    seen=False,
)  # fmt: skip
TYPED_QUESTION_WORDS = {
    "wat": "what", "wot": "what", "wut": "what", "wht": "what", "whn": "when", "wen": "when", "wher": "where",
    "whr": "where", "wich": "which", "whic": "which", "hw": "how",
}  # fmt: skip
"""Question words as people type them in a hurry ("wat time is sunrise", "wen does the sign come up"), each read
as the word it stands for where a clause starts (``framing._spelled_out``): the rules read a question by its
question word ("what time", "when does")."""
CREDITED_FIELDS = {
    "music": "composer", "score": "composer", "soundtrack": "composer", "animation": "animator",
    "animations": "animator", "editing": "editor", "edit": "editor", "narration": "narrator",
    "voiceover": "narrator", "voice-over": "narrator", "voice over": "narrator", "script": "writer",
    "writing": "writer", "screenplay": "writer", "words": "writer", "lyrics": "writer", "illustrations": "illustrator",
    "drawings": "illustrator", "design": "designer", "graphics": "designer", "camera": "cinematographer",
    "camerawork": "cinematographer", "cinematography": "cinematographer", "photography": "cinematographer",
    "filming": "cinematographer", "translation": "translator", "subtitles": "translator", "directing": "director",
    "direction": "director", "production": "producer",
}  # fmt: skip
"""The parts of a work a credit names its maker for, asked with a verb that makes nothing by itself ("who did
the music?", "who was responsible for the animation?", "who's behind the script?"): the role whose credit
line answers (a key of ``vocabulary.CREDIT_ROLES``: "Music by", "Composer"). Without this, "who did the
music?" hears music."""
REQUEST_OPENINGS = Words(
    {"please", "can you", "could you", "would you", "will you", "kindly", "now"},
    phenomenon="words of politeness before a request's verb ('please find …', 'can you show me …')",
    example="can you show me where the copyright notice is",
    seen=False,
)
MOMENT_NOUNS = Words(
    {
        "moment", "moments", "time", "times", "point", "part", "parts", "bit", "place", "spot", "scene", "scenes",
        "section", "segment", "frame", "frames", "shot", "instant", "second", "portion", "passage", "timestamp",
    },
    phenomenon="nouns of a moment of the video that a request or a question asks for ('find the moment the "
    "panel says X', 'at what point does X', 'in which scene'): when, not a thing seen or read; a noun not "
    "followed by a clause or by what it is of stays ('find the scene in the kitchen', 'find frame 30')",
    example="in which scene does the computer ask for a password",
    seen=False,
)  # fmt: skip
FILLERS = Words(
    {
        "on screen", "on the screen", "in the video", "in this video", "in the clip", "during the video",
        "during the clip", "visible", "appear", "appears", "appeared", "appearing", "shown", "seen", "we see",
        "you see", "can be seen", "fade in", "fades in", "faded in", "fading in",
    },
    phenomenon="words of being seen, besides the speech and screen cues: no picture of their own",
    example="A man is seen riding a horse in the video",
)  # fmt: skip
CHOICE_FRAMING = Words(
    {
        "following", "statement", "statements", "option", "options", "choice", "choices", "description",
        "descriptions", "correct", "incorrect", "true", "false", "wrong", "accurate", "inaccurate", "order",
        "sequence", "one", "ones",
    },
    phenomenon="words that frame a choice among answers ('which of the following statements is correct', "
    "'the correct order'): a phrase of only these (and stop words) pictures nothing",
    example="Which of the following statements is correct? 1. The man wears a hat 2. The man holds a cup",
)  # fmt: skip
ASKED_ACTIVITY = Words(
    {"doing", "do", "like"},
    phenomenon="the verb a what-question asks with ('what is the cat doing', 'what did he do', 'what is the "
    "weather like'): the question's, not the picture's; 'like' before an article or 'to' compares and stays",
    example="In the video, what is the cat doing on the sofa?",
)
ASKED_ATTRIBUTES = Words(
    {
        "kind", "kinds", "type", "types", "sort", "color", "colour", "colors", "colours", "shape", "position",
        "location", "status", "state", "scent", "smell", "material", "size", "name", "price", "number",
    },
    phenomenon="what a what-question asks of a thing ('what is the position of the puppy', 'what kind of "
    "fruit'): the thing is pictured ('puppy'), not the word for what is asked of it",
    example="What is the position of the puppy when it falls asleep?",
)  # fmt: skip
HOW_MANY = Words(
    {"how many", "how much", "are there", "is there", "were there", "was there"},
    phenomenon="the words a how-many question asks with ('how many women are there on the line'): what is "
    "counted is pictured, not the asking",
    example="How many women in red are there on the production line?",
)
CONNECTIVES = Words(
    {"when", "whenever", "while", "after", "before", "until", "once", "then", "but", "because", "and"},
    phenomenon="connectives that end a quote's clause: cues beyond them are another clause's",
    example="What number is on screen when the commentator says 'three'?",
)
QUESTION_AFTER_A_COMMA = Words(
    {"what", "which", "who", "whom", "whose", "where", "why", "how", "so"},
    phenomenon="words that start a new clause after a comma (', what …'): cues beyond them are not a quote's",
    example="when 'Windows' appears on the screen, where is 'Start'?",
)
EVENT_ENDS = Words(
    {"and then", "then", "while", "when", "what", "who", "which", "how"},
    phenomenon="words that end the event after 'after' / 'before' ('after the bell rings while …')",
    example="what appears after the bell rings while the crowd cheers",
)
COMING_BETWEEN = Words(
    {"comes", "come", "came", "coming", "said", "heard", "mentioned"},
    phenomenon="verbs of a text or words said coming before 'between X and Y' ('the slide that comes between the "
    "life and the omega'): after X and before Y, not a place among them (nor 'appears', 'is shown': 'the sign shown "
    "between the bank and the cafe' is where)",
    example="which slide comes between the life and the omega?",
    seen=False,
)
SPEECH_PASSIVES = Words(
    {"said", "heard", "mentioned"},
    phenomenon="verbs of words said before 'between X and Y' ('what is said between the jingle and the weather'): "
    "a moment between two events, whatever the question names",
    example="what is said between the jingle and the weather?",
    seen=False,
)
WH_COMPLEMENT_VERBS = Words(
    {
        "ask", "asks", "asked", "asking", "know", "knows", "knew", "knowing", "wonder", "wonders", "wondered",
        "wondering", "tell", "tells", "told", "telling", "explain", "explains", "explained", "explaining", "show",
        "shows", "showed", "showing", "decide", "decides", "decided", "deciding", "learn", "learns", "learned",
        "learning", "guess", "guesses", "guessed", "guessing", "see", "sees", "saw", "seeing", "describe",
        "describes", "described", "describing", "say", "says", "said", "saying",
    },
    phenomenon="verbs whose object is a wh-clause ('ask what you can do', 'explains how it works'): in the event "
    "of 'after' / 'before', the question word after them (and after whom they address: 'tells us what') goes on "
    "with the event instead of starting a clause",
    example="what does kennedy say just before ask what you can do for your country",
)  # fmt: skip
VOICES = Words(
    {
        "talk", "talks", "talked", "talking", "speak", "speaks", "speaking", "spoke", "spoken", "sing", "sings",
        "singing", "sang", "sung", "narrates", "narrated", "narrating",
    },
    phenomenon="talking or singing with nothing said after it ('when is the narrator talking?'): a voice heard",
    example="when is the narrator talking?",
)  # fmt: skip
NAME_CAPTIONED = Words(
    {
        "speaking", "speaks", "talking", "talks", "speaker", "interviewee", "being interviewed", "interviewed",
        "interview", "guest", "reporter", "expert", "spokesperson", "spokesman", "spokeswoman", "lower third",
    },
    phenomenon="who speaks on camera, asked ('who is speaking?', 'what is the name of the woman being "
    "interviewed?', 'who is the woman in the lower third?'): a name caption in the lower third names them, while "
    "they speak (a host or presenter is a credit role: CREDIT_ROLES)",
    example="who is the speaker?",
)  # fmt: skip
SINGING = ("sing", "sang", "sung")  # how the words of VOICES that sing, not speak, begin
SPEAKING_ORDER = Words(
    {"after", "before", "first", "last", "again", "then", "now", "while", "during", "until", "when"},
    phenomenon="when someone talks, after a voice verb ('who speaks after this man'): nothing said, a voice heard",
    example="does anyone speak after this man?",
)
NOTHING_SAID = Words(
    {
        "something", "anything", "a word", "words", "a few words", "some words", "anything at all", "do", "to do",
        "a question", "question", "questions", "next",
    },
    phenomenon="what a speech cue says that names no words ('when does someone say something?', 'what does she "
    "say next?'): a voice heard",
    example="at what time does someone first say something?",
)  # fmt: skip
VOICE_NOUNS = Words(
    {
        "voice", "voices", "voice-over", "voiceover", "narration", "monologue", "speech", "dialogue", "commentary",
        "conversation",
    },
    phenomenon="nouns of a voice heard, what is said or with no cue ('when does the voice-over stop?'): a voice",
    example="when does the voice-over begin?",
)  # fmt: skip
IN_THE_VIDEO = Words(
    {
        "in the video", "in this video", "in the clip", "in this clip", "during the video", "during this video",
        "during the clip", "during this clip",
    },
    phenomenon="where the question is, after a verb that ends its clause ('who sings in the video?')",
    example="who sings in the video?",
)  # fmt: skip
HOW_SOON = Words(
    {
        "right", "just", "shortly", "immediately", "directly", "soon", "moment", "moments", "second", "seconds",
        "not long",
    },
    phenomenon="words before 'after' / 'before' that say how soon ('right after the bell'): part of the connective",
    example="what does he say right after the applause?",
)  # fmt: skip
NO_EVENT = Words(
    {
        "that", "this", "these", "those", "which", "it", "and", "or", "then", "now", "long", "each", "every",
        "anything", "everything",
    },
    phenomenon="words after 'after' / 'before' that name no event to find ('after that', 'before it')",
    example="what appears on screen after each goal",
)  # fmt: skip
FIRST_CUES = Words(
    {
        "first", "firstly", "initially", "earliest", "at first", "the first time", "for the first time",
        "at the start of the video", "at the start of the clip", "at the beginning of the video",
        "at the beginning of the clip", "at the start", "at the very start", "at the beginning",
        "at the very beginning", "near the start", "near the beginning", "near the start of the video",
        "near the beginning of the video", "near the start of the clip", "near the beginning of the clip",
        "in the first frame", "in the very first frame",
    },
    phenomenon="words that ask for the first moment something happens: the plan's order is 'first'",
    example="when does the word EXIT first appear?",
)  # fmt: skip
LAST_CUES = Words(
    {
        "last", "lastly", "final", "the last time", "for the last time", "the final time", "for the final time",
        "at the end of the video", "at the end of the clip", "at the end", "at the very end", "towards the end",
        "toward the end", "near the end", "near the end of the video", "near the end of the clip", "until the end",
        "till the end", "until the end of the video", "until the end of the clip", "till the end of the video",
        "till the end of the clip", "until the video ends", "until the clip ends", "till the video ends",
        "till the clip ends", "before the video ends", "before the clip ends", "by the end of the video",
        "by the end of the clip",
    },
    phenomenon="words that ask for the last moment something happens: the plan's order is 'last'",
    example="when is the title shown for the last time?",
)  # fmt: skip
STARTS = Words(
    {"start", "starts", "started", "begin", "begins", "began"},
    phenomenon="verbs of something starting ('when does the music start?'): its first moment",
    example="when does the music begin?",
)
ENDS = Words(
    {
        "stop", "stops", "stopped", "end", "ends", "ended", "finish", "finishes", "finished", "disappear",
        "disappears", "disappeared", "vanish", "vanishes", "vanished", "fade out", "fades out", "faded out",
    },
    phenomenon="verbs of something ending ('when does the narrator stop speaking?', 'when does the logo "
    "disappear?'): its last moment",
    example="when does the narrator stop speaking?",
)  # fmt: skip
NOT_AN_ORDER_AFTER = Words(
    {
        "aid", "name", "names", "lady", "class", "person", "night", "week", "weekend", "month", "year", "season",
        "half", "quarter", "part", "few", "couple", "several", "of", "resort", "one", "two", "three", "four",
        "five", "six", "seven", "eight", "nine", "ten", "dozen", "row", "rows", "column", "columns", "floor",
        "place", "prize",
    },
    phenomenon="words after 'first' / 'last' that make a compound, a place in a layout or a stretch of time, "
    "not an order ('first aid', 'last night', 'the first row', 'the first two minutes')",
    example="when does he mention first aid?",
)  # fmt: skip
NOT_AN_ORDER_BEFORE = Words(
    {"at", "long"},
    phenomenon="words before 'last' that make it 'at (long) last': in the end, not the last time",
    example="when does the door open at last?",
)
HOW_LONG = Words(
    {"how long"},
    phenomenon="a question of how long something lasts: its 'last' is the verb of lasting, not an order",
    example="how long does the applause last?",
)
PICTURED_ASKS = Words(
    {
        "color", "colour", "colors", "colours", "shape", "shapes", "pattern", "patterns", "animal", "animals",
        "weather", "expression", "cartoon",
    },
    phenomenon="what a question asks of a thing on the screen that is seen, not read ('what shape is the "
    "bucket that appears on the screen?'): its options are pictures, not text",
    example="What shape is the bucket that appears on the screen?",
    options=("square", "triangle"),
)  # fmt: skip
COUNTS = Words(
    {"how many"},
    phenomenon="a question asking a count (with 'how long', a length of time): its answer options ('four times', "
    "'3 pieces', '15 seconds') are neither pictured nor, unless it asks what is read or said, written or spoken",
    example="How many times does the dog jump over the fence?",
    options=("Twice", "Three times", "4"),
)
NOUN_BEFORE = Words(
    {
        "the", "a", "an", "this", "that", "its", "his", "her", "their", "our", "my", "your", "at", "from", "of",
        "by", "near", "till", "until", "to",
    },
    phenomenon="words before 'start' / 'end' / 'stop' that make it a noun ('the end credits', 'a stop sign', "
    "'from start to finish'): no order",
    example="when does the runner cross the finish?",
)  # fmt: skip
SUBJECT_SPEECH_VERBS = Words(
    {
        "say", "says", "said", "saying", "tell", "tells", "told", "telling", "ask", "asks", "asked", "asking",
        "explain", "explains", "explained", "explaining", "describe", "describes", "described", "call", "calls",
        "called", "remind", "reminds", "reminded", "urge", "urges", "urged", "give", "gives", "gave", "giving",
        "recommend", "recommends", "recommended", "recommending", "suggest", "suggests", "suggested",
        "suggesting", "name", "names", "list", "lists", "listed", "listing", "enumerate", "enumerates",
        "enumerated", "cite", "cites", "cited", "recite", "recites", "recited", "invite", "invites", "invited",
        "order", "orders", "ordered", "advise", "advises", "advised", "instruct", "instructs", "instructed",
        "encourage", "encourages", "encouraged", "beg", "begs", "begged", "claim", "claims", "claimed", "claiming",
        "insist", "insists", "insisted", "insisting", "argue", "argues", "argued", "arguing",
    },
    phenomenon="verbs of speech that are a cue only after who speaks (a speaker or a name: 'what does Kennedy "
    "tell people to ask?', 'who else does he list?'), not after a thing ('which option best describes the "
    "video', 'the menu lists')",
    example="What does Kennedy tell people to ask instead?",
    seen=False,
)  # fmt: skip
GIVING = Words(
    {"give", "gives", "gave", "giving"},
    phenomenon="verbs of giving: speech after who speaks only when what is given is words (``GIVEN_WORDS``: "
    "'which website does the reader give'), not a thing ('the protagonist gave the money to his brother')",
    example="When does the man give the dog a bone?",
)
NAMING_VERBS = Words(
    {"call", "calls", "calling", "called"},
    phenomenon="verbs of calling: speech after who speaks only when the name is asked ('what does the narrator call "
    "the Gutenberg?') or someone is called to ('calls the crowd to …'), not a phone call or a visit ('when does "
    "the man call his friend?'); naming ('the voice names the centre speaker') is always speech",
    example="When does the man call his friend?",
)
ADDRESSING_ONLY = Words(
    {
        "invite", "invites", "invited", "order", "orders", "ordered", "beg", "begs", "begged", "encourage",
        "encourages", "encouraged",
    },
    phenomenon="verbs of speech only when someone is spoken to ('orders the crews to close the gate', 'invites "
    "all families to the fair'), not a thing ordered or a guest asked in ('what does the man order?', 'when does "
    "she invite him in?')",
    example="What did the man order at the counter?",
)  # fmt: skip
GIVEN_WORDS = Words(
    {
        "website", "address", "url", "link", "number", "name", "names", "example", "examples", "advice", "reason",
        "reasons", "answer", "answers", "tip", "tips", "hint", "hints", "instructions", "recipe", "explanation",
        "definition", "warning", "reference", "source", "date", "figure", "figures", "title", "quote", "opinion",
        "description", "summary", "details", "information", "suggestion", "suggestions", "recommendation", "speech",
        "talk", "update", "account", "verdict", "feedback", "thanks", "greeting", "command", "order", "orders",
    },
    phenomenon="what a verb of giving gives that is words said, after it ('gives an example') or asked before it "
    "('what advice did she give')",
    example="Which website does the reader give for the text version of the book?",
    seen=False,
)  # fmt: skip
TALKING_ABOUT = Words(
    {"talk", "talks", "talked", "talking", "speak", "speaks", "spoke", "speaking", "chat", "chats", "chatted"},
    phenomenon="verbs of talking, before 'about', 'of' or 'on' a topic: what is said of it is the answer, so a "
    "call's interval is the statement its words are said in, not the words naming the topic",
    example="When does she talk about the 15th century?",
)  # fmt: skip
EXPLAINING = Words(
    {
        "discuss", "discusses", "discussed", "discussing", "explain", "explains", "explained", "explaining",
        "describe", "describes", "described", "describing",
    },
    phenomenon="verbs of saying things of a topic ('discuss the budget', 'explain how', 'is it described'): the "
    "statement is the answer, as after TALKING_ABOUT",
    example="When does the host discuss the budget?",
)  # fmt: skip
STATEMENT_ASKS = Words(
    {
        "say", "says", "said", "saying", "tell", "tells", "told", "telling", "ask", "asks", "asked", "asking",
        "announce", "announces", "announced", "announcing", "explain", "explains", "explained", "explaining",
        "describe", "describes", "described", "describing",
    },
    phenomenon="verbs of speech after 'what does / did … ': the question asks what is said (the statement), not "
    "when words are ('call' and 'mention' name a thing, a few words: not here)",
    example="after the intro what does the man tell viewers he will show?",
)  # fmt: skip
ADDRESSING = Words(
    {
        "tell", "tells", "told", "telling", "ask", "asks", "asked", "asking", "call", "calls", "called", "remind",
        "reminds", "reminded", "urge", "urges", "urged", "warn", "warns", "warned", "promise", "promises", "promised",
        "invite", "invites", "invited", "order", "orders", "ordered", "advise", "advises", "advised", "instruct",
        "instructs", "instructed", "encourage", "encourages", "encouraged", "beg", "begs", "begged",
    },
    phenomenon="verbs of speech whose object is who is spoken to ('tells the audience to …'): not words said (but "
    "'thank everyone', 'greet the class': the words said name them)",
    example="what does Kennedy ask the American people to do?",
)  # fmt: skip
ADDRESSEES = Words(
    {
        "him", "them", "us", "me", "everyone", "everybody", "viewers", "listeners", "audience", "audiences",
        "crowd", "people", "public", "nation", "fans", "students", "class", "children", "kids", "americans",
        "citizens", "followers", "subscribers", "friends", "guests", "team", "players", "congregation",
        "attendees", "participants", "members", "employees", "staff", "troops", "voters", "supporters", "colleagues",
    },
    phenomenon="who is spoken to after a verb of addressing ('tell viewers …', 'asks the crowd …'), with the speakers",
    example="when does the host tell viewers to subscribe?",
)  # fmt: skip
EXAMPLE_MARKERS = Words(
    {"e.g.", "eg", "for example", "for instance", "such as", "like"},
    phenomenon="words before examples of what a noun names ('directories such as bin and src'): the examples "
    "are what is read, heard or seen (any of them), the noun only describes them; 'like' only before two or more "
    "('what is the weather like outside' is no example)",
    example="When do directories such as bin and src appear on the screen?",
    seen=False,
)
NOT_BEFORE_EXAMPLES = Words(
    {
        "look", "looks", "looked", "looking", "sound", "sounds", "sounded", "feel", "feels", "felt", "seem",
        "seems", "seemed", "taste", "tastes", "smell", "smells", "is", "was", "are", "were", "be", "things",
        "something", "anything", "nothing", "would", "does", "do", "did", "just", "much", "more", "less",
    },
    phenomenon="words before 'like' that make it a comparison or a verb ('looks like', 'would like'), not examples",
    example="what does the logo look like, a star or a moon?",
)  # fmt: skip
PICTURES = Words(
    {
        "picture", "pictures", "image", "images", "photo", "photos", "photograph", "photographs", "drawing",
        "drawings", "illustration", "illustrations", "painting", "paintings", "thumbnail", "thumbnails", "icon",
        "icons", "emoji", "sketch", "cartoon", "poster", "diagram",
    },
    phenomenon="nouns of a picture: a sound named in what it shows ('the drum kit picture', 'a photo of a "
    "siren') is seen, not heard",
    example="What does the caption under the photo of a siren ask?",
)  # fmt: skip
UI_NOUNS = Words(
    {
        "button", "buttons", "tab", "tabs", "link", "links", "icon", "icons", "checkbox", "checkboxes", "dropdown",
        "command", "commands", "menu item", "menu items",
    },
    phenomenon="parts of a screen's interface named by their label ('the Regenerate button', 'the Upload tab', "
    "'the Send Spike command'): "
    "the capitalised words beside them are read (not 'menu', 'box', 'field', 'key': a restaurant's menu, a toy "
    "box, a sports field, a car key as often)",
    example="Which button sits to the right of Regenerate?",
    seen=False,
)  # fmt: skip
BESIDE_LABELS = Words(
    {"between", "just", "directly", "immediately", "next", "beside", "left", "right", "above", "below", "under"},
    phenomenon="words placing a part of an interface among labels read on screen ('the button between Upvote and "
    "Flag', 'just left of Flag'): once the labels are read, where it sits is no picture and no text",
    example="What does the button between Upvote and Flag say?",
)  # fmt: skip
CLICKS = Words(
    {"click", "clicks", "clicked", "clicking", "press", "presses", "pressed", "tap", "taps", "tapped", "select",
     "selects", "selected"},
    phenomenon="verbs of using an interface: the capitalised words they act on are labels read ('click Send')",
    example="when does he click Send",
)  # fmt: skip
ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")  # the nth times
ORDINAL_NUMERALS = ("2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")  # the same, as written
NTH = dict(zip((*ORDINALS, *ORDINAL_NUMERALS), ORDINALS * 2, strict=True))  # "3rd" or "third": the order "third"
ORDINALS_IN_WORDS = {"1st": "first"} | {numeral: NTH[numeral] for numeral in ORDINAL_NUMERALS}
"""Ordinals written in digits ("the 3rd caption", "2nd slide", "which sign comes up 1st?"), each as its word
where it orders a text: a question writes them out before any rule reads it (``rules.plain_words
.ordinals_in_words``), so "3rd" orders as "third" does and is no word to read (before, "the 2nd caption"
looked for the text "2nd")."""
MONTHS = Words(
    {
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    },
    phenomenon="months before an ordinal in digits ('on May 1st?', 'by June 3rd'): a date, no order",
    example="what is shown on May 1st?",
)  # fmt: skip
APPEARING = Words(
    {f"{verb} up" for verb in ("pop", "pops", "popped", "popping", "show", "shows", "showed", "shown", "showing")}
    | {f"{verb} {on}" for verb in ("pop", "pops", "popped", "popping") for on in ("on", "onto")},
    phenomenon="phrasal verbs of appearing on screen ('the number pops up', 'the sign shows up'): the question's "
    "frame, as 'appear' is, not words to read or hear; written 'appear' in the same tense",
    example="when does the reservations number pop up?",
    seen=False,
)  # fmt: skip
TEXT_ARRIVING = Words(
    {"come", "comes", "came", "coming", "change", "changes", "changed", "switch", "switches", "switched"},
    phenomenon="verbs that, said of a text named by its noun (with 'up' or not), are a new text appearing ('which "
    "sign comes first?', 'when does the third caption come up?', 'when does the text change?'): written 'appear' "
    "in the same tense; said of anything else 'come up' may be a mention ('when does the budget come up?')",
    example="which sign comes first?",
)  # fmt: skip
APPROXIMATELY = Words(
    {"around", "about", "roughly", "approximately", "approx", "circa", "nearly", "almost", "give or take"},
    phenomenon="a word that asks for a value loosely, before the question word ('around what year was the Bible "
    "dated?', 'roughly how many people are there?'): the question's frame, not a word to read or hear; dropped",
    example="around what year was the Bible dated?",
    seen=False,
)  # fmt: skip
PASSIVE_NAMING = Words(
    {"called", "named", "titled", "known as"},
    phenomenon="'what is X called / named?' with nothing said after it asks for X's name, as 'what is the name of "
    "X?' does: the name is written or said with X's noun ('MISSION KESTREL-2', 'Harbor Way'), not speech ('call' "
    "is a verb of saying)",
    example="what's the mission called?",
    seen=False,
)  # fmt: skip
VOICES_READING = Words(
    {"speaker", "narrator", "announcer", "commentator", "host", "presenter", "reporter", "anchor", "newsreader",
     "voice", "voice-over", "voiceover", "lecturer", "teacher", "instructor", "reader"},
    phenomenon="who reads to an audience: 'the speaker reads the point about printing' is read aloud (its words "
    "heard, a slide's words said), written 'reads out'; 'a person reads a book' may be silent",
    example="when does the speaker read the point about printing as an art",
    seen=False,
)  # fmt: skip
TOPIC_RAISING = Words(
    {
        "make the point about", "makes the point about", "made the point about", "making the point about",
        "make a point about", "makes a point about", "made a point about", "making a point about",
        "say anything about", "says anything about", "said anything about", "saying anything about",
        "say something about", "says something about", "said something about", "saying something about",
        "bring up", "brings up", "brought up", "bringing up", "touch on", "touches on", "touched on", "touching on",
    },
    phenomenon="verbs of raising a topic after a voice (VOICES_READING, a speaker: 'the presenter makes the point "
    "about metal letters', 'the 2nd voice says anything about typography', 'the voiceover brings up fine "
    "typography'): talking about it, "
    "written 'talks about' (``TALKING_ABOUT``) in its tense; the topic is what is said, not 'point' or 'anything'",
    example="at what point does the presenter make the point about movable metal letters",
    seen=False,
)  # fmt: skip
VALUE_GIVING = Words(
    {
        "give", "gives", "gave", "giving", "mention", "mentions", "mentioned", "mentioning", "say", "says", "said",
        "saying", "quote", "quotes", "quoted", "quoting", "cite", "cites", "cited", "citing", "state", "states",
        "stated", "stating",
    },
    phenomenon="verbs of giving a value by voice, after who speaks ('what year does the reader give?', 'which "
    "century does the lecturer mention?') or before 'by' them ('what year is mentioned by the narrator?'): the "
    "value is heard, not read, unless a screen or a text is named",
    example="which year does the reader give?",
    seen=False,
)  # fmt: skip
MAKERS_LISTED = Words(
    {"people", "everyone", "everybody", "those", "names", "staff", "crew", "cast", "contributors", "team"},
    phenomenon="who a listing names by what they did for the work ('the list of people who worked on it', 'the "
    "names of everyone who made the film'): the credits, whatever their roles' words ('Created by', 'Sound:')",
    example="when does the list of people who worked on it come up",
    seen=False,
)  # fmt: skip
NTH_TIMES = Words(
    {
        phrase
        for ordinal in (*ORDINALS, *ORDINAL_NUMERALS)
        for phrase in (f"the {ordinal} time", f"for the {ordinal} time", f"a {ordinal} time", f"{ordinal} time")
    },
    phenomenon="words that ask for the nth time something happens ('the second time he says X', 'for the 3rd "
    "time'): the plan's order is that occurrence; neither said nor seen, so no part of a query ('second' before "
    "anything but 'time' is no cue: 'a second', 'the second half', 'the second speaker')",
    example="when is the logo shown for the third time?",
)
NTH_THINGS = Words(
    {phrase for ordinal in (*ORDINALS, *ORDINAL_NUMERALS) for phrase in (f"the {ordinal} thing", f"{ordinal} thing")},
    phenomenon="a thing named by its place ('the second thing Kennedy tells people to ask', 'what's the third thing "
    "she says?'): the plan's order is that occurrence of what the rest of the question finds; 'the second thing' is "
    "neither said nor seen (searched, it found any 'second' said)",
    example="What is the second thing Kennedy tells people to ask?",
)
AGAIN = Words(
    {
        "again", "once again", "once more", "one more time", "reappear", "reappears", "reappeared", "reappearing",
        "re-appear", "re-appears", "re-appeared", "re-appearing",
    },
    phenomenon="words that ask for something happening a second time ('when is the logo shown again?', 'when "
    "does the title reappear?'): the plan's order is 'second' ('reappear' is then 'appear')",
    example="when does the dog bark again?",
)  # fmt: skip
COMING_BACK = Words(
    {"come back", "comes back", "came back", "coming back", "return", "returns", "returned", "returning",
     "back on screen", "back on the screen", "back on-screen", "back onscreen"},
    phenomenon="words that ask for something shown, said or heard coming back ('when does the logo come back?', "
    "'when does the title return?', 'when is the phone number back on screen?'): the plan's order is 'second' and "
    "the words are an arrival ('appear', 'on screen'); 'return' only where its clause ends or a place "
    "follows ('returns to the screen'), not of a thing done ('he returns the ball')",
    example="when does the logo come back?",
)  # fmt: skip
NOT_A_REPEAT = Words(
    {"again and again", "over and over again", "time and again", "yet again"},
    phenomenon="'again' that says how often, not which time ('barks again and again', 'over and over again', "
    "'yet again'): no order",
    example="when does the dog bark again and again?",
)
READING_ALOUD = Words(
    {"reading", "reading aloud", "reading out loud"},
    phenomenon="reading that starts or stops with nothing read after it ('when does she stop reading?'): a voice "
    "reading aloud, heard",
    example="when does she stop reading?",
)
WORDS_SAID_IN_ORDER = Words(
    {"word", "words", "thing", "things", "sentence", "sentences", "phrase", "remark", "remarks", "question"},
    phenomenon="nouns of words said named by their place, after 'first', 'last' or 'final' ('the first words "
    "Kennedy says', 'the last thing she says', 'his last words'): no words given and no picture, a voice heard "
    "at that edge (the order reads 'first' / 'last')",
    example="What are the first words Kennedy says?",
)
PERSONAL_POSSESSIVES = Words(
    {"his", "her", "their"},
    phenomenon="whose words a noun of words said names ('his last words'): a person's, so said, with no verb of speech",
    example="What are his last words?",
)
REPORTED_SUBJECTS = Words(
    {"he", "she", "he's", "she's", "he'll", "she'll", "he'd", "she'd"},
    phenomenon="the speaker as the subject of words reported in the third person ('he says he's done'): said in "
    "the first person ('done.', 'I will show'), so the pronoun (and a form of 'be' after it) is not searched; "
    "'they' is mostly others than the speaker ('the narrator says they are coming'), said so",
    example="the part where he says he's done",
)
BE_FORMS = Words(
    {"is", "are", "was", "were", "am"},
    phenomenon="forms of 'be' that change with the person: after a reported subject ('he says he is ready') not "
    "searched, the speaker says 'I am' / 'I'm'",
    example="when does she say she is ready to go",
)
TEXT_ITEMS = Words(
    {
        "question", "questions", "answer", "answers", "message", "messages", "prompt", "prompts", "reply",
        "replies", "response", "responses", "warning", "warnings", "comment", "comments", "note", "notes", "post",
        "posts", "notification", "notifications", "query", "queries", "tweet", "tweets", "email", "emails",
        "error", "errors", "error message", "tip", "hint", "review", "reviews", "slide", "slides", "chat",
        "request", "instruction", "instructions", "explanation", "summary", "description", "result", "results",
    },
    phenomenon="nouns of a piece of text in a screen recording, a chat, a slide or a form, named by what it is "
    "about ('the question about the flag', 'the answer mentions a blue ball'): what it is about is the text to "
    "find, the noun, who acts on it and how are framing",
    example="When does the user type the question about the flag?",
    seen=False,
)  # fmt: skip
ABOUT = Words(
    {
        "about", "regarding", "concerning", "on the topic of", "mentioning", "that mentions", "which mentions",
        "mentions", "mentioned", "describing", "that describes", "describes", "explaining", "explains",
        "that explains", "asking", "that asks", "asks", "saying", "that says", "says", "talks about",
        "talking about", "is about", "was about", "refers to", "referring to",
    },
    phenomenon="words after a noun of text (TEXT_ITEMS) that say what it is about or says ('the reply about the "
    "refund', 'the answer mentions a blue ball', 'the question asking which planet'): the words after them are "
    "the text",
    example="show me the moment the answer mentions a blue ball on a scale",
    seen=False,
)  # fmt: skip
ACTORS = Words(
    {
        "user", "users", "model", "chatbot", "bot", "assistant", "ai", "system", "app", "program", "website",
        "presenter", "narrator", "someone", "somebody", "he", "she", "they", "you", "i", "we", "person", "man",
        "woman", "player", "teacher", "author", "host", "gpt", "chatgpt",
    },
    phenomenon="who acts on a piece of text in a screen recording or a chat ('the user types the question about "
    "X', 'the chatbot's answer about X'): framing, not text to find",
    example="When does the user type the question about the flag?",
    seen=True,
)  # fmt: skip
ACTS_ON_TEXT = Words(
    {
        "type", "types", "typed", "typing", "enter", "enters", "entered", "entering", "write", "writes", "wrote",
        "writing", "written", "paste", "pastes", "pasted", "pasting", "post", "posts", "posted", "posting", "send",
        "sends", "sent", "sending", "submit", "submits", "submitted", "click", "clicks", "clicked", "clicking",
        "select", "selects", "selected", "selecting", "press", "presses", "pressed", "tap", "taps", "tapped",
        "scroll to", "scrolls to", "scrolled to", "scroll down to", "scrolls down to", "open", "opens", "opened",
        "opening", "show", "shows", "showed", "shown", "showing", "display", "displays", "displayed", "displaying",
        "give", "gives", "gave", "given", "get", "gets", "got", "receive", "receives", "received", "ask", "asks",
        "asked", "reply with", "replies with", "replied with", "respond with", "responds with", "responded with",
        "answer with", "answers with", "answered with", "highlight", "highlights", "highlighted", "read", "reads",
        "generate", "generates", "generated", "produce", "produces", "produced", "add", "adds", "added", "leave",
        "leaves", "left", "make", "makes", "made",
    },
    phenomenon="what someone does to a piece of text on screen (types, enters, pastes, clicks, opens, scrolls to, "
    "shows): framing of the text to find, not words in it",
    example="When does he scroll to the note about taxes?",
    seen=True,
)  # fmt: skip
ON_SCREEN_ACTS = Words(
    {
        "type", "types", "typed", "typing", "enter", "enters", "entered", "entering", "write", "writes", "wrote",
        "writing", "written", "paste", "pastes", "pasted", "pasting", "post", "posts", "posted", "posting",
        "submit", "submits", "submitted", "click", "clicks", "clicked", "clicking", "select", "selects", "selected",
        "selecting", "press", "presses", "pressed", "tap", "taps", "tapped", "scroll", "scrolls", "scrolled", "open",
        "opens", "opened", "opening", "show", "shows", "showed", "shown", "showing", "display", "displays",
        "displayed", "displaying", "highlight", "highlights", "highlighted", "pop", "pops", "popped", "appear",
        "appears", "appeared", "generated", "slide", "slides", "comment", "comments", "tweet",
        "tweets", "email", "emails", "notification", "notifications", "tab", "button", "menu", "prompt", "prompts",
    },
    phenomenon="acts and nouns of text that is only on screen (typed, pasted, clicked, popped up; a slide, a "
    "post, a prompt): the text framed by them is read, not heard",
    example="When does the user type the question about the flag?",
    seen=False,
)  # fmt: skip
TITLE_SMALL_WORDS = Words(
    {"of", "and", "the", "a", "an", "to", "in", "on", "for", "with", "not", "at", "by", "from", "&"},
    phenomenon="small words inside a title between its capitalised words ('Pride and Prejudice', 'The Road Not "
    "Taken', 'Manifesto of the Communist Party'): part of the title a credit question names",
    example="When does the narrator say who wrote Pride and Prejudice?",
    seen=False,
)
ROLE_NOUNS = ("job", "job title", "role", "occupation", "profession")
"""Nouns that ask a person's role ("what's the interviewee's job?"), which a name caption writes beside the name
("Dr. Amara Okoye / Research Lead"), never after the noun; not "position" (where, as often as what job)."""
CODE_NOUNS = (
    "version", "code", "sku", "serial", "id", "reference", "ref", "model number", "part number", "product number",
    "item number", "order number", "catalog number", "catalogue number",
)  # fmt: skip
"""Nouns that ask a code ("which version was it made with?", "what's the SKU?"), which the video writes bare ("Made
with Typeset v2.1", "SKU 40-118"), seldom after the noun."""
