"""What is left to see: the question's phrases split into alternatives of conjunctions, each a ``siglip``
or ``region`` call, and, without a visual tool, the same phrases as words to read or hear.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, Phrases, alternation, first_of, one_word_forms
from vqdb.planner.rules.answer_forms import asks_name, asks_value
from vqdb.planner.rules.cues import (
    _ASKS_SOURCE,
    _QUOTED,
    _SCREEN_CUES,
    _SCREEN_NOUN_WORDS,
    _SHOWN_CUES,
    _SPEAKER_WORDS,
    _SPEECH_CUES,
    _SUBTITLE_WORDS,
    _subject_speaks,
)
from vqdb.planner.rules.evidence import SEEN, SEEN_IN_PART, _has_alnum, _searchable, _trim
from vqdb.planner.vocabulary import (
    ARRIVAL_VERBS,
    SCREEN_CUES,
    SCREEN_NOUNS,
    SPEAKERS,
    SPEECH_VERBS,
    SUBTITLE_NOUNS,
    TEXT_NOUNS,
)

_SCREEN_VERBS = tuple(c for c in SCREEN_CUES if c not in SCREEN_NOUNS and c != "font")
_FILLERS = Phrases([*phrasing.FILLERS, *SPEECH_VERBS, *_SCREEN_VERBS])
_LEADING = re.compile(
    r"^(?:(?:in|during) (?:the|this) (?:video|clip)\s*,?\s*)?"
    r"(?:(?:at )?(?:when|where|what time|(?:what|which|who|how)(?: \w+){0,2}?"
    r"(?= (?:is|are|does|do|did|was|were|can|could|will|would|should|has|have|had)\b(?!['’]))|"
    r"which (?:frame|moment|part)|how (?:many times|often)|"
    r"is there (?:a )?(?:moment|time) (?:when|where)|the moment)\b\s*)?"
    r"(?:(?:do|does|did|is|are|was|were|can|could|will|would|should|has|have|had)\b(?!['’])\s*)?",
    re.I,
)  # an auxiliary ends at a word's end, not at the apostrophe of its negation ("can't" is no "can" and "'t")
_ARRIVES_BESIDE = (  # "gospel comes up under echo": two things on screen at once, each its own phrase
    rf"(?:{alternation(ARRIVAL_VERBS)})\s+(?:right\s+|just\s+|directly\s+)?"
    r"(?:under|underneath|below|beneath|above|beside|next\s+to)"
)
_SPLIT = re.compile(
    r"\s*(?:,\s*)?(?:\b(?:right|just|shortly|immediately|directly|soon|long|even|only)\s+"
    r"(?=after|before|when|as soon))?"
    r"\b(and|while|(?:along |together )?with|as well as|or|when|whenever|after|before|until|once|then|as soon as"
    rf"|{_ARRIVES_BESIDE})\b"
    r"\s*|\s*,\s*",
    re.I,
)
_NOT_READ = one_word_forms(
    [*SCREEN_NOUNS, *SUBTITLE_NOUNS, *TEXT_NOUNS, *SPEAKERS, *phrasing.CARRIERS_OF_TEXT]
)  # with "'s": where words are, not the words
_TEXT_WORDS = one_word_forms([*SCREEN_NOUNS, *SUBTITLE_NOUNS, *TEXT_NOUNS])  # nouns naming a text
_TEXTS = one_word_forms([*SUBTITLE_NOUNS, *TEXT_NOUNS]) | phrasing.TEXT_ITEMS  # a text itself, not what carries it
_PLACING_TEXT = (  # "he types it into the search bar", "the Send button": no picture once the text is read
    phrasing.TEXT_PLACES | phrasing.UI_NOUNS | phrasing.STOP | phrasing.AUXILIARIES | phrasing.PREPOSITIONS
) | (phrasing.DETERMINERS | _SPEAKER_WORDS | phrasing.BESIDE_LABELS)
_NOT_A_SPEAKER = phrasing.WH_WORDS | phrasing.AUXILIARY_VERBS | phrasing.STOP | phrasing.EVENT_VERBS
_NOT_VISUAL = (
    phrasing.STOP | _SPEAKER_WORDS | phrasing.AUXILIARY_VERBS | frozenset(SUBTITLE_NOUNS) | phrasing.EVENT_VERBS
) | (phrasing.DETERMINERS | phrasing.CHOICE_FRAMING)  # alone, no picture ("he his", "following statements is correct")
_HOW_MANY = Phrases(phrasing.HOW_MANY)
_ASKED_LEAD = phrasing.ARTICLES | phrasing.WH_WORDS | {"which"}  # "what kind of", "the position of"
_ASKS_WHAT = re.compile(r"(?:what|which)\b", re.I)  # a clause asking what ("what is the cat doing")
_ASKS_HOW_MANY = re.compile(r"how\s+(?:many|much)\b(?!\s+times\b)", re.I)  # "how many times": _LEADING's
_BE_DOING = re.compile(  # a verb in "-ing" after a form of "be": "is it heading", "he was not listing"
    r"\b(?:is|are|was|were|be|been|am)\s+(?:(?:it|he|she|they|we|you|i|not)\s+){0,2}(\w+ing)\b", re.I
)
_COMPARED = phrasing.ARTICLES | {"to"}  # "like a cat", "like to": a comparison or a liking, not the question's


def _visual_phrases(text: str) -> list[list[str]]:
    """Alternatives (split on "or") of conjunctions (split on "and"/"while"/"with"/commas, and where one thing
    arrives beside another, ``_ARRIVES_BESIDE``: "gospel comes up under echo") of phrases.

    Example:
        >>> _visual_phrases("when does gospell come up under echo"), _visual_phrases("a dog or a cat")
        ([['gospell', 'echo']], [['dog'], ['cat']])
    """
    text = _ASKS_SOURCE.sub(lambda m: m.group(0) if m.group(4) else " ", text.replace(_QUOTED, ","))
    text = _FILLERS.removed(text)  # "according to the host", "on screen", cues: no picture
    alternatives: list[list[str]] = [[]]
    for sentence in re.split(r"(?:[.:](?!\d)|[?!;。？！；])+", text):  # not inside "3.5", "10:42"
        parts = _SPLIT.split(sentence)
        for i, part in enumerate(parts):
            if i % 2 == 1:
                if part and part.lower() == "or":
                    alternatives.append([])
                continue
            part = (part or "").strip(" ?!.,;:")
            phrase = _LEADING.sub("", _asking_removed(part))
            phrase = _clean(_asked_thing(phrase) if _ASKS_WHAT.match(part) else phrase)
            if phrase and _searchable(SEEN, phrase) and phrase not in alternatives[-1]:
                alternatives[-1].append(_trim(phrase))
    return [a for a in alternatives if a]


def _asking_removed(part: str) -> str:
    """``part`` of a question (a clause) without the words it asks with, which picture nothing: the verb of
    a what-question (``phrasing.ASKED_ACTIVITY``: "what is the cat doing", "what did he do", "what is the
    weather like"; "like" before an article or "to" compares and stays) and the asking of a how-many one
    (``phrasing.HOW_MANY``: "how many women are there"; "how many times" is ``_LEADING``'s). Other parts
    are returned as they are.

    Example:
        >>> _asking_removed("what is the snow leopard doing in the cave")
        'what is the snow leopard in the cave'
        >>> _asking_removed("what was the weather like outside"), _asking_removed("what does it look like a cat")
        ('what was the weather outside', 'what does it look like a cat')
        >>> _asking_removed("How many women in red are there on the line"), _asking_removed("he is doing it")
        ('women in red on the line', 'he is doing it')
    """
    if _ASKS_HOW_MANY.match(part):
        return " ".join(_HOW_MANY.removed(part).split())
    if not _ASKS_WHAT.match(part):
        return part
    words = part.split()
    kept = [
        w
        for i, w in enumerate(words)
        if w.lower() not in phrasing.ASKED_ACTIVITY
        or (w.lower() == "like" and i + 1 < len(words) and words[i + 1].lower() in _COMPARED)
    ]
    return " ".join(kept)


def _asked_thing(phrase: str) -> str:
    """``phrase`` (of a what-question, once ``_LEADING`` is off) without a leading name of what is asked of a
    thing (``phrasing.ASKED_ATTRIBUTES``: "the position of the puppy" -> "the puppy", "kind of fruit" ->
    "fruit"): the thing is what is pictured.

    Example:
        >>> _asked_thing("the position of the puppy"), _asked_thing("what kind of fruit was cut")
        ('the puppy', 'fruit was cut')
        >>> _asked_thing("name tag"), _asked_thing("the colour")
        ('name tag', 'the colour')
    """
    words = phrase.split()
    start = next((i for i, w in enumerate(words) if w.lower() not in _ASKED_LEAD), len(words))
    named, of = (w.lower() for w in (words[start : start + 2] + ["", ""])[:2])
    if named in phrasing.ASKED_ATTRIBUTES and of == "of" and len(words) > start + 2:
        return " ".join(words[start + 2 :])
    return phrase


def _beside_text_places(visual: list[list[str]]) -> list[list[str]]:
    """``visual``'s phrases but those that only say where or how text read on screen is put
    (``phrasing.TEXT_PLACES``: "entered", "the text box", "the prompt"; ``phrasing.BESIDE_LABELS``: "the
    button between", "just left"): the text read finds it.

    Example:
        >>> _beside_text_places([["the button between", "a red car"], ["just left"]])
        [['a red car']]
    """
    kept = [[p for p in phrases if any(w.lower() not in _PLACING_TEXT for w in p.split())] for phrases in visual]
    return [phrases for phrases in kept if phrases]


def _clean(phrase: str) -> str:
    words = [w for w in phrase.strip(" ?!.,;:").split() if _has_alnum(w)]
    while words and _bare(words[0]) in phrasing.STOP | phrasing.AUXILIARY_VERBS | phrasing.PREPOSITIONS:
        words.pop(0)
    while words and words[-1].lower().strip(",") in phrasing.STOP and not _ends_a_name(words):
        words.pop()
    if all(_bare(w).strip("'\"") in _NOT_VISUAL for w in words):
        return ""
    return " ".join(words).strip(" ,")


def _bare(word: str) -> str:
    """``word`` in lower case, without commas, its typographic apostrophes written "'" ("didn’t": "didn't").

    Example:
        >>> _bare("Didn’t,")
        "didn't"
    """
    return word.lower().strip(",").replace("’", "'")


def _ends_a_name(words: list[str]) -> bool:
    """Whether the last of ``words`` is capitalised after a capitalised word: part of a name or a label ("the
    Input Video", "Big Buck Bunny Video"), kept though a stop word ("video") ends a phrase otherwise.

    Example:
        >>> _ends_a_name(["empty", "Input", "Video"]), _ends_a_name(["a", "cat", "video"]), _ends_a_name(["Video"])
        (True, False, False)
    """
    return len(words) > 1 and words[-1][:1].isupper() and words[-2][:1].isupper()


def _read_instead(visual: list[list[str]], question: str) -> list[list[str]]:
    """Without a visual tool, ``visual``'s phrases as words to read or hear (``_as_text``), when the question
    speaks of words (a screen, speech or subtitle cue, a thing that carries text, "according to ...", a
    phrase that ends with a noun of a text: "the copyright notice", "the project credit", a value asked by its
    kind: "what time is sunrise", ``answer_forms.asks_value``, a name asked: "what is the name of the mission",
    ``answer_forms.asks_name``); none otherwise.
    Who says the words is no words said: a name or a noun before a speech cue ("when does Kennedy say…",
    "the computer asks for a password": "password"), a phrase naming a speaker ("the weather presenter") or
    ending with that noun ("the buddy panel says…", ``_speaks``)."""
    cues = [_SPEECH_CUES.first(question), _SCREEN_CUES.first(question), _SHOWN_CUES.first(question)]
    cues += [_ASKS_SOURCE.search(question), first_of(question, _SUBTITLE_WORDS | _SCREEN_NOUN_WORDS)]
    cues += _subject_speaks(question)[:1]  # "the narrator names", "the reader gives": speech
    cues += [True] if asks_value(question) else []  # "what time is sunrise": a value written or said
    cues += [True] if asks_name(question) else []  # "what is the name of the mission": written or said with it
    verbs = _progressive(question)  # "where is it heading": a verb, no noun of text
    named_text = any(p.split()[-1].lower() in _TEXT_WORDS - verbs for ps in visual for p in ps)  # "the notice"
    if all(cue is None for cue in cues) and not named_text:
        return []
    speakers = _speakers_named(question)  # "Kennedy says", "the assistant says", "the computer asks": who, not what
    visual = [[p for p in ps if not _speaks(p, speakers)] for ps in visual]
    spoken = speakers - _NOT_READ  # those of a text stay for _as_text to place ("the text says over the sky")
    texts = [[_as_text(" ".join(w for w in p.split() if w not in spoken), verbs) for p in ps] for ps in visual]
    return [[t for t in ts if t] for ts in texts if any(ts)]


def _speaks(phrase: str, speakers: set[str]) -> bool:
    """Whether ``phrase`` names who (or what) says the words: it ends with a speaker noun, it is itself one of
    the ``speakers`` (``_speakers_named``: "Kennedy" of "Kennedy says"), or, with no word capitalised after its
    first (a label: "the Input Video box says"), it ends with one ("the buddy panel" of "the buddy panel says X").

    Example:
        >>> _speaks("the buddy panel", {"panel"}), _speaks("the weather presenter", set()), _speaks("a dog", set())
        (True, True, False)
        >>> _speaks("the Input Video box", {"box"}), _speaks("Kennedy", {"Kennedy"})
        (False, True)
    """
    words = phrase.split()
    named = any(w[:1].isupper() for w in words[1:])
    return words[-1].lower() in _SPEAKER_WORDS or phrase in speakers or (words[-1] in speakers and not named)


def _speakers_named(question: str) -> set[str]:
    """The names and nouns just before a speech cue ("when does Kennedy say ...", "the assistant says"): who
    speaks; not a noun of a text asked what it says, nothing said after the cue ("what does the coming up banner
    say?", ``_TEXTS``): the words before that noun say which text it is, and are read (``_as_text``).

    Example:
        >>> sorted(_speakers_named("what does the shop hours sign say?")), sorted(_speakers_named("the panel says X"))
        ([], ['panel'])
    """
    names = set()
    for start, end in _SPEECH_CUES.spans(question):
        head = question[:start]
        if question[start:end].islower() and head[-1:].isspace() and head.split():
            word = head.split()[-1]
            if word.lower() in _TEXTS and not WORD.match(re.split(r"[,.?!;:]", question[end:])[0].strip()):
                continue
            name = word[max((i + 1 for i, c in enumerate(word) if not (c.isalnum() or c in "_-")), default=0) :]
            if "A" <= name[:1] <= "Z" or name.lower() not in _NOT_A_SPEAKER:  # "the assistant says": who
                names.add(name)
    return names


def _progressive(question: str) -> frozenset[str]:
    """The nouns of a text in ``question`` that are verbs there: in "-ing" after a form of "be" (and its subject
    or "not"): "where is it heading to?", "he is listing his tools".

    Example:
        >>> sorted(_progressive("Where is it heading to? The heading is red; he was not listing them"))
        ['heading', 'listing']
    """
    verbs = _BE_DOING.findall(question)
    return frozenset(v.lower() for v in verbs if v.lower() in _TEXT_WORDS)


def _as_text(phrase: str, verbs: frozenset[str] = frozenset()) -> str:
    """A visual phrase as words to read or hear: without the nouns of things that carry text and of
    speakers ("the EXIT sign" -> "EXIT", "the credits" -> ""), which name where words are, not the words;
    nothing of a phrase that says how text looks ("in big letters", "in a bold font"). Where the text is
    names no words either: what follows a noun of text and a preposition of place (``phrasing.LOCATING``: "the
    caption next to the picture", "the sign above the door"), up to a verb, a clause or written words after
    it (``_ends_place``), and a phrase of only regions of the screen in lower case (``phrasing.SCREEN_REGIONS``:
    "the top-left corner", "the top of the screen"), nor how a text looks (``_looks_of_text``: "the white
    text").

    Example:
        >>> _as_text("the EXIT sign above the door"), _as_text("top of the screen"), _as_text("Top Gear logo")
        ('EXIT', '', 'Top Gear')
        >>> _as_text("the cover on the left is called Castlevania Legends"), _as_text("message up under it")
        ('called Castlevania Legends', '')
        >>> _as_text("src in terminal"), _as_text("share on the chat window"), _as_text("dog in kitchen")
        ('src', 'share', 'dog in kitchen')

    """
    if _says_how_text_looks(phrase):
        return ""
    words = phrase.split()
    bare = [w.strip(",'\"").lower().removesuffix("'s") for w in words]
    text_words, not_read = _TEXT_WORDS - verbs, _NOT_READ - verbs  # "where is it heading": a verb, read
    nouns = [i for i, b in enumerate(bare) if b in text_words]  # and the particle of one arriving: "message up"
    nouns += [i + 1 for i in nouns if i + 1 < len(bare) and bare[i + 1] in ("up", "out", "by")]
    placed = next((i for i in range(1, len(words)) if bare[i] in phrasing.LOCATING and i - 1 in nouns), None)
    if placed is not None:  # the place runs to a verb, a clause ("… on the left is called X") or written words
        ends = (j for j in range(placed, len(words)) if _ends_place(words[j], bare[j]))
        resumed = next(ends, len(words))
        words, bare = words[:placed] + words[resumed:], bare[:placed] + bare[resumed:]
    inside = _in_a_text_place(bare)  # "src in the terminal", "arts centre at the top": where, not what
    words, bare = words[:inside], bare[:inside]
    looks = [i for i in range(len(words)) if _looks_of_text(words, bare, i)]  # "the white text": how it looks
    kept = [w for i, (w, b) in enumerate(zip(words, bare, strict=True)) if b not in not_read and i not in looks]
    if all(_screen_region(w) or w.lower() in phrasing.STOP for w in kept) or _only_describes(kept):
        return ""
    while kept and kept[-1].lower() in phrasing.EVENT_VERBS:  # "… come (up)": when it happens, not what is read
        if kept[-1].lower() == "back" and (len(kept) < 2 or kept[-2].lower() not in phrasing.EVENT_VERBS):
            break  # "welcome back", "cash back": words read; "comes back": when
        kept.pop()
    return _clean(" ".join(kept))


_INTO = frozenset({"in", "on", "into", "inside", "within", "at", "across", "along"})


def _in_a_text_place(bare: list[str]) -> int:
    """Where a phrase's words (``bare``: lower case) end before a place text is put in that closes it, after "in",
    "on", "at"...: a place text is typed or shown in (``phrasing.TEXT_PLACES``, with the nouns of a text or screen:
    "src in the terminal", "share on the chat window") or a region of the screen (``_screen_region``: "arts centre
    at the top", "at the top of the screen"; the call's place says it, ``screen_places``): the text is what comes
    before; ``len(bare)`` where there is none.

    Example:
        >>> _in_a_text_place(["src", "in", "the", "terminal"]), _in_a_text_place(["dog", "in", "kitchen"])
        (1, 3)
        >>> _in_a_text_place("arts centre at the top of the screen".split())
        2
    """
    places = phrasing.TEXT_PLACES | _TEXT_WORDS | phrasing.DETERMINERS | {"of"}
    for i in range(1, len(bare) - 1):
        rest = bare[i + 1 :]
        placing = [w for w in rest if w in phrasing.TEXT_PLACES or _screen_region(w)]
        if bare[i] in _INTO and placing and all(w in places or _screen_region(w) for w in rest):
            return i
    return len(bare)


def _only_describes(words: list[str]) -> bool:
    """Whether ``words`` (a phrase read instead of seen) only say how a text looks, counts or stands, in lower
    case (``phrasing.DESCRIBING``, ``phrasing.ALONE``: "single" of "what single word", "by itself"): no words to
    read.

    Example:
        >>> _only_describes(["single"]), _only_describes(["by", "itself"]), _only_describes(["single", "malt"])
        (True, True, False)
    """
    bare = [w.strip(",'\"") for w in words if w.lower() not in phrasing.STOP | phrasing.PREPOSITIONS]
    return bool(bare) and all(w.islower() and w in phrasing.DESCRIBING | phrasing.ALONE for w in bare)


def _says_how_text_looks(phrase: str) -> bool:
    """Whether ``phrase`` holds a word of how text looks (``phrasing.TYPOGRAPHY``: "the title in big letters",
    "capitals", "the slide uses a bold font"), not as the object of "of", where it is what the phrase is about,
    words to find ("the invention of movable metal letters", "the art of print"), but for "of" after a noun of how
    text is laid out (``phrasing.TEXT_LAYOUT``: "the first row of letters": the text asked).

    Example:
        >>> _says_how_text_looks("title in big letters"), _says_how_text_looks("invention of movable metal letters")
        (True, False)
        >>> _says_how_text_looks("first row of yellow letters")
        True
    """
    found = first_of(phrase, phrasing.TYPOGRAPHY)
    if found is None:
        return False
    before = [w.lower() for w in WORD.findall(phrase[:found])]
    marks = [
        i for i, w in enumerate(before) if w in phrasing.LOCATING or w in ("of", "in", "with", "using", "use", "uses")
    ]
    if not marks or before[marks[-1]] != "of":
        return True
    return marks[-1] > 0 and before[marks[-1] - 1] in phrasing.TEXT_LAYOUT  # "the first row of letters": the text


def _text_described(phrase: str) -> bool:
    """Whether ``phrase`` names a text only by describing it, none of its words: a noun of a text itself
    (``TEXT_NOUNS``, ``SUBTITLE_NOUNS``, ``phrasing.TEXT_ITEMS``; not of what carries one, a shirt or a
    screen) in lower case after only lower-case words (how it looks, whose, what kind: "the white text", "the
    film's title", "the example question"), then nothing, other nouns of text ("the title card") or where it
    is (a preposition of place, ``phrasing.LOCATING``: "the caption next to the drum kit picture", "the white
    text over the sky"). Without a visual tool, such a text is read wherever text is on screen.

    Example:
        >>> [_text_described(p) for p in ("white text over the sky", "film's title", "the title card")]
        [True, True, True]
        >>> _text_described("example question next to the picture of the man on the yellow taxi")
        True
        >>> [_text_described(p) for p in ("Big Buck Bunny title", "man on the taxi", "result of the test", "shirt")]
        [False, False, False, False]
    """
    words = phrase.split()
    bare = [w.strip(",'\"").lower().removesuffix("'s") for w in words]
    head = next((i for i, b in enumerate(bare) if b in _TEXTS), None)
    if head is None or not all(w.islower() and not any(c.isdigit() for c in w) for w in words[: head + 1]):
        return False
    after = head + 1
    while after < len(bare) and bare[after] in _TEXT_WORDS | _TEXTS:
        after += 1
    return after == len(bare) or bare[after] in phrasing.LOCATING


def _looks_of_text(words: list[str], bare: list[str], i: int) -> bool:
    """Whether ``words[i]`` (``bare``: lower case, without quotes and "'s") says how a text looks or counts
    (``_describes``), whose it is or in what language it is written (``phrasing.LANGUAGES``), in a run of such
    words before a noun of text, or before a name and a noun of text: "the white text", "the big red banner",
    "the film's title", "the chinese text", "the empty Input Video box"; not "the first thing", nor "Big" of
    "the Big Buck Bunny title".

    Example:
        >>> words = "the big red banner and first thing the film's title the empty Input Video box".split()
        >>> [w for i, w in enumerate(words) if _looks_of_text(words, [w.lower() for w in words], i)]
        ['big', 'red', "film's", 'empty']
    """
    j = i
    while j < len(words) and (_describes(words[j], bare[j]) or bare[j] in phrasing.LANGUAGES - {"i"}):
        j += 1
    if j == i:
        return False
    while j < len(words) - 1 and words[j][:1].isupper() and bare[j] not in phrasing.LANGUAGES:
        j += 1  # a name between: "the empty Input Video box", "the big Big Buck Bunny title"
    return j < len(words) and bare[j] in _TEXT_WORDS


def _describes(word: str, bare: str) -> bool:
    """Whether ``word`` (``bare``: lower case, without quotes and "'s"), in lower case, says how a text looks
    or counts (``phrasing.DESCRIBING``) or whose it is (``_whose``).

    Example:
        >>> _describes("empty", "empty"), _describes("film's", "film"), _describes("Big", "big")
        (True, True, False)
    """
    return word.islower() and (bare in phrasing.DESCRIBING or _whose(word))


def _whose(word: str) -> bool:
    """Whether ``word``, before the noun of a display, is a common noun saying whose it is ("the film's title",
    "the store's sign"), not words written on it (a name's is: "Maria Lopez's name").

    Example:
        >>> _whose("film's"), _whose("Lopez's"), _whose("film")
        (True, False, False)
    """
    return word.islower() and re.search(r"['’]s$", word) is not None


def _ends_place(word: str, bare: str) -> bool:
    """Whether ``word`` (``bare``: lower case, without quotes and "'s") ends a place after a noun of text: a
    verb of being, a relative pronoun, or a word written in capitals or with digits ("INTER MIAMI", "C2707").

    Example:
        >>> _ends_place("is", "is"), _ends_place("MIAMI", "miami"), _ends_place("wall", "wall")
        (True, True, False)
    """
    written = any(c.isdigit() for c in word) or re.fullmatch(r"[A-Z]{2,}\W*", word) is not None
    return written or bare in phrasing.AUXILIARY_VERBS | phrasing.RELATIVE_PRONOUNS


def _screen_region(word: str) -> bool:
    """Whether ``word``, in lower case, names a region of the screen (``phrasing.SCREEN_REGIONS``): "top",
    "top-left", "right-hand".

    Example:
        >>> _screen_region("top-left"), _screen_region("right-hand"), _screen_region("Top"), _screen_region("hand")
        (True, True, False, False)
    """
    bare = word.strip(",'\"")
    return bare.islower() and all(part in phrasing.SCREEN_REGIONS for part in bare.removesuffix("-hand").split("-"))


def _visual_tool(phrase: str) -> str:
    return SEEN_IN_PART if first_of(phrase, phrasing.IN_PART) is not None or _in_hand(phrase) else SEEN


def _in_hand(phrase: str) -> bool:
    """Whether ``phrase`` says something is in a hand ("in his hands", "in the hand"): small, off-centre."""
    words = [m.group(0).lower() for m in WORD.finditer(phrase)]
    return any(
        (words[i], words[i + 1] in phrasing.HOLDERS, words[i + 2]) in (("in", True, "hand"), ("in", True, "hands"))
        for i in range(len(words) - 2)
    )
