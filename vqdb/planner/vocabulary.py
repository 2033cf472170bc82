"""The rule planner's documented vocabulary: who speaks, what cues speech, what carries text on screen,
how credits name roles, which nouns name a literal. ``vqdb.planner.rules`` reads questions with these
lists and ``vqdb.answer.questions`` finds the sources a question names with them; each is tested phrase
by phrase in ``tests/planner/test_rules_words.py``. The sound words are in ``vqdb.planner.sound_words``.

Example:
    >>> "announcer" in SPEAKERS and "scoreboard" in SCREEN_NOUNS, CREDIT_ROLES["writer"]
    (True, ('written by', 'writer', 'author'))
"""

from __future__ import annotations

SPEAKERS = (
    "speaker", "narrator", "announcer", "commentator", "host", "co-host", "presenter", "reporter", "anchor",
    "newsreader", "reader", "correspondent", "voice", "voice-over", "voiceover", "interviewer", "interviewee", "guest",
    "teacher", "lecturer", "instructor", "professor", "protagonist", "blogger", "vlogger", "youtuber",
    "streamer", "influencer", "singer", "rapper", "comedian", "actor", "actress", "character", "player",
    "coach", "referee", "chef", "doctor", "pilot", "astronaut", "controller", "officer", "author", "expert",
    "guide", "forecaster", "weatherman", "quizmaster", "contestant", "judge", "caller", "student", "presenters",
    "president", "politician", "senator", "mayor", "minister", "candidate", "spokesperson", "spokesman",
    "spokeswoman", "preacher", "priest", "pastor", "ceo",
    "man", "woman", "men", "women", "boy", "girl", "guy", "lady", "gentleman", "person", "people", "child",
    "kid", "crowd", "audience", "someone", "somebody", "anyone", "everyone", "he", "she", "they", "i", "you",
    "we",
)  # fmt: skip
"""Who speaks: "X says" is speech after these (and a phrase made only of them is not looked for)."""

SPEECH_VERBS = (
    "say", "says", "said", "saying", "mention", "mentions", "mentioned", "mentioning", "talk about",
    "talks about", "talked about", "talking about", "speak", "speaks", "spoke", "spoken", "speaking",
    "utter", "utters", "uttered", "announce", "announces", "announced", "announcing", "pronounce",
    "pronounces", "pronounced", "shout", "shouts", "shouted", "shouting", "yell", "yells", "yelled",
    "exclaim", "exclaims", "exclaimed", "whisper", "whispers", "whispered", "ask", "asks", "asked",
    "tell", "tells", "told", "sing", "sings", "sang", "sung", "call out", "calls out", "called out",
    "hear", "hears", "heard", "narrate", "narrates", "narrated", "quote", "quotes", "quoted",
    "read aloud", "reads aloud", "read out", "reads out", "voice-over", "voiceover", "explain", "explains",
    "explained", "explaining", "discuss", "discusses", "discussed", "describe", "describes", "described",
    "apologise", "apologises", "apologised", "apologize", "apologizes", "apologized", "thank", "thanks", "thanked",
    "warn", "warns", "warned", "answer", "answers", "answered", "reply", "replies", "replied", "respond",
    "responds", "responded", "greet", "greets", "greeted", "promise", "promises", "promised",
)  # fmt: skip
"""Speech cues: a quote (or the rest of the clause) near one of these is looked for in the transcript."""

SCREEN_CUES = (
    "reads", "read", "reading", "written", "writes", "wrote", "writing", "shows", "show", "shown",
    "showing", "displays", "display", "displayed", "displaying", "appears", "appear", "appeared",
    "appearing", "pops up", "popped up", "printed", "labeled", "labelled", "titled", "flashes", "flashed",
    "types", "typed", "typing", "listed", "marked", "on screen", "on the screen", "onscreen", "on-screen", "sign",
    "signs", "text",
    "letters", "title", "banner", "label", "logo", "headline", "scoreboard", "poster", "font", "prompt", "textbox",
    "text field", "input field", "search bar", "search box",
)  # fmt: skip
"""On-screen cues: a quote near one of these is looked for in the text read by OCR."""

SCREEN_NOUNS = (
    "sign", "signs", "screen", "text", "title", "label", "banner", "board", "scoreboard", "shirt",
    "t-shirt", "poster", "card", "page", "display", "headline", "logo", "sticker", "box", "package",
    "packaging", "bottle", "cup", "note", "letters", "message", "slide", "chart", "graphic", "billboard",
    "menu", "plate", "tag", "website", "site", "cover", "prompt", "textbox", "text field", "input field",
    "search bar", "search box", "bubble", "intertitle", "intertitles", "slate", "clapperboard",
)  # fmt: skip
"""Things that carry text: "the sign says 'X'" is on-screen text, not speech."""

TEXT_NOUNS = (
    "list", "listing", "menu", "board", "departure board", "departures board", "timetable", "caption", "title",
    "subtitle", "banner", "ticker", "headline", "credits", "label", "sign", "scoreboard", "lower third", "name",
    "notice", "credit", "message", "heading", "tagline", "slogan", "text", "word", "words", "phrase",
    "lower-third", "strap", "name strap", "chyron", "hashtag", "username", "intertitle", "intertitles", "footer",
    "header",
)  # fmt: skip
"""Displays that are text: what they show, and the words naming them, are words on screen ("the menu lists
the soup of the day", "the ingredient list comes up"); other ``SCREEN_NOUNS`` (a screen, a slide, a shirt)
show pictures too, so only text-like words (digits, capitals, names) are read from what they show."""

DISPLAY_VERBS = (
    "shows", "show", "showed", "showing", "displays", "display", "displayed", "displaying", "lists", "list",
    "listed", "listing", "reads", "read", "says", "say", "said", "announces", "announce", "announced",
    "flashes", "flash", "flashed",
)  # fmt: skip
"""What a display does with its text: "the board shows X", "the menu lists X" (X is read on screen)."""

WRITTEN_VERBS = (
    "listed", "written", "printed", "labelled", "labeled", "captioned", "typed", "spelled out", "spelt out",
    "announced on the board", "announced on screen",
)  # fmt: skip
"""What is done to text only: "when is the Edinburgh train listed as cancelled" reads "Edinburgh" (a name
that is "shown" may be a picture: "the Colosseum shown from many angles")."""

ARRIVAL_VERBS = (
    "appear", "appears", "appeared", "come up", "comes up", "came up", "pop up", "pops up", "popped up",
    "show up", "shows up", "showed up", "flash up", "flashes up", "flashed up", "flash", "flashes",
    "shown", "displayed", "flashed", "scroll by", "scrolls by", "scroll past", "scrolls past", "on screen",
    "on the screen", "on-screen", "onscreen", "up on screen", "visible", "fade in", "fades in", "faded in",
    "fade up", "fades up", "faded up",
)  # fmt: skip
"""How a display arrives on screen, with no object: "when does the ingredient list come up" reads its
words ("come up the stairs" has an object; "when does Spider-Man appear" is a picture)."""

SUBTITLE_NOUNS = ("subtitle", "subtitles", "caption", "captions", "closed caption", "closed captions", "lyrics")
"""Subtitle cues: "when the subtitles say 'X'" looks for X in subtitles, on screen and in speech."""

CREDIT_ROLES = {
    "writer": ("written by", "writer", "author"), "author": ("written by", "writer", "author"),
    "director": ("directed by", "director", "a film by"),
    "narrator": ("narrated by", "narrator"), "producer": ("produced by", "producer"),
    "composer": ("music by", "composer", "composed by"), "editor": ("edited by", "editor"),
    "animator": ("animated by", "animation"), "illustrator": ("illustrated by", "illustrations"),
    "designer": ("designed by", "design"), "cinematographer": ("cinematography", "camera"),
    "host": ("hosted by", "host"), "presenter": ("presented by", "presents", "presenter"),
    "voice": ("voiced by", "voice"),
    "translator": ("translated by", "translation"), "creator": ("created by", "made by", "creator"),
}  # fmt: skip
"""Credit roles and how credits write them: "who wrote it" reads "Written by", "Writer" or "Author" on screen;
a named work's credit is found by its title too ("Manifesto of the Communist Party by Karl Marx": the usual
"X by Y" has no role word)."""

CREDIT_VERBS = {
    "wrote": "writer", "written": "writer", "directed": "director", "narrated": "narrator", "produced": "producer",
    "composed": "composer", "edited": "editor", "animated": "animator", "illustrated": "illustrator",
    "designed": "designer", "filmed": "cinematographer", "shot": "cinematographer", "hosted": "host",
    "presented": "presenter", "voiced": "voice", "translated": "translator", "presents": "presenter",
    "produces": "producer", "made": "creator", "makes": "creator", "created": "creator", "creates": "creator",
    "writes": "writer", "directs": "director", "narrates": "narrator", "composes": "composer", "edits": "editor",
    "animates": "animator", "illustrates": "illustrator", "designs": "designer", "hosts": "host", "voices": "voice",
    "translates": "translator",
}  # fmt: skip
CREATING_VERBS = ("made", "makes", "created", "creates")
"""Credit verbs that make things too ("who made the cake?"): a credit only of the video itself or a work
(``WORKS``: "who made this animation?", "who made it?")."""
WORKS = (
    "video", "videos", "film", "films", "movie", "movies", "animation", "animations", "clip", "clips", "show",
    "series", "episode", "song", "songs", "music", "soundtrack", "documentary", "ad", "advert", "advertisement",
    "commercial", "trailer", "game", "book", "audiobook", "podcast", "cartoon", "short", "presentation", "talk",
    "lecture", "recording", "footage", "intro", "ident",
)  # fmt: skip
"""Nouns of works that credits name their makers in."""
"""Verbs that name a credit role in a question ("who wrote it", "who directed it", "which studio presents the
film") -> the role (a role's own noun, "who is the narrator", is a key of ``CREDIT_ROLES``)."""

WEB_ADDRESS_NOUNS = (
    "web address", "web addresses", "website", "websites", "web site", "web sites", "url", "urls", "web page",
    "webpage", "homepage", "home page", "web link", "internet address", "domain", "link", "links",
    "website address", "website addresses", "web site address", "site address",
)  # fmt: skip
"""Nouns of a web address, whose words are never what is shown or said: "what web address is shown?" reads the
marks every address is written with (``WEB_ADDRESS_SHOWN``, ``WEB_ADDRESS_SAID``)."""

WEB_ADDRESS_SHOWN = ("www", "http", ".com", ".org", ".net")
"""How a web address is written on screen."""

WEB_ADDRESS_SAID = ("www", ".com", ".org", "dot com")
"""How Whisper writes a web address said ("www.Marxist.org", "dot com")."""

EMAIL_ADDRESS_NOUNS = (
    "email", "emails", "e-mail", "e-mails", "email address", "email addresses", "e-mail address",
    "e-mail addresses",
)  # fmt: skip
"""Nouns of an email address, whose words are never what is shown or said: "what email address is shown?" reads
any address's form (``vqdb.textnorm`` ``{email}``: "info@harbourarts.org", said "info at harbour arts dot org")."""

NAMING_NOUNS = (
    "year", "number", "figure", "amount", "sum", "total", "date", "price", "cost", "score", "code", "value",
    "digit", "digits", "numeral", "percentage", "version", "handle", "hashtag", "username", "account", "serial",
)  # fmt: skip
"""Nouns that name a literal rather than being said with it: "the year 1455" is said "1455", "the @vqdb handle"
shows "@vqdb"."""

UNITS = (
    "second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs",
    "day", "days", "week", "weeks", "degree", "degrees", "percent", "per cent", "mph", "kph", "km/h", "km",
    "kilometre", "kilometres", "kilometer", "kilometers", "mile", "miles", "metre", "metres", "meter", "meters",
    "point", "points", "pts", "dollar", "dollars", "pound", "pounds", "euro", "euros", "pence", "cents",
    "kg", "kilo", "kilos", "gram", "grams", "ml", "litre", "litres", "liter", "liters", "calories", "kcal",
    "mb", "gb", "kb", "volts", "watts", "hertz", "hz", "bpm",
)  # fmt: skip
"""Units after a number that make it a value written or said ("40 minutes", "25 degrees"), not a count of
things seen ("3 people")."""

SOUND_VERBS = {
    "applaud": "applause", "clap": "clapping", "laugh": "laughter", "cheer": "cheering", "honk": "honking",
    "cough": "cough", "sneeze": "sneeze", "snore": "snoring", "bark": "bark", "scream": "screaming",
}  # fmt: skip
"""Verbs of making a sound -> the audio tagger's label term for it ("when does the audience applaud": Applause)."""
