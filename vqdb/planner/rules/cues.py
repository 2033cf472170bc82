"""What several rules read the same way: the marks a quote leaves in the text, the cues of speech, of the
screen and of subtitles, the words of speakers and of text, and where clauses meet.
"""

from __future__ import annotations

import re

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, Phrases, alternation, last_word, one_word_forms
from vqdb.planner.vocabulary import SCREEN_CUES, SCREEN_NOUNS, SPEAKERS, SPEECH_VERBS, SUBTITLE_NOUNS, TEXT_NOUNS

_QUOTE = re.compile(
    r"\"([^\"]+)\"|“([^“”]+)[”\"]|„([^“”„]+)[“”]|«([^«»]+)»|‹([^‹›]+)›|「([^「」]+)」|『([^『』]+)』"
    r"|(?<![^\W_])‘(.+?)’(?![^\W_])|(?<![^\W_])'(.+?)'(?![^\W_])"
)
_MARK = re.compile("\ue000([0-9]+)\ue001")  # a quote's place in the text (private-use characters)
_QUOTED = "\ue002"  # where a quote was, once its calls are made


def quoted_phrases(question: str) -> set[str]:
    """The phrases quoted in ``question`` (as the rules find quotes: ``_QUOTE``), casefolded: words named
    exactly, which a call finds as they are.

    Example:
        >>> sorted(quoted_phrases("When Katie said \u201csorry\u201d, what did 'Bob' write?"))
        ['bob', 'sorry']
    """
    return {next(g for g in m.groups() if g is not None).strip().casefold() for m in _QUOTE.finditer(question)}


_SPEECH_CUES = Phrases(SPEECH_VERBS)
_SCREEN_CUES = Phrases(SCREEN_CUES)
_SUBTITLE_WORDS = one_word_forms(SUBTITLE_NOUNS)  # "closed captions": "captions" is one too
_SPEAKER_WORDS = frozenset(SPEAKERS)
_SCREEN_NOUN_WORDS = one_word_forms(SCREEN_NOUNS)  # "t-shirt": "shirt" is one too
_TEXT_NOUNS, _TEXT_NOUN_WORDS = Phrases(TEXT_NOUNS), one_word_forms(TEXT_NOUNS)
_SHOWN_CUES, _CLAUSE_STARTS = Phrases(phrasing.SHOWN_CUES), Phrases(phrasing.CLAUSE_STARTS)
_NOT_A_NAME = rf"(?!(?i:{alternation([*phrasing.QUOTATION_STARTS, *phrasing.DETERMINERS])})\b)"  # "When", "The"
_NOT_A_TYPED_NAME = (  # words that are no name typed in lower case ("what does it say", "does the sign say")
    phrasing.STOP
    | phrasing.DETERMINERS
    | phrasing.WH_WORDS
    | phrasing.AUXILIARIES
    | _SCREEN_NOUN_WORDS
    | _TEXT_NOUN_WORDS
    | _SUBTITLE_WORDS
    | one_word_forms(phrasing.SUBJECT_SPEECH_VERBS)
    | {"i", "we", "you", "he", "she", "they", "him", "them", "not", "really", "also", "ever", "first", "last"}
)
_TYPED_NAME_WORD = rf"(?!(?:{alternation(list(_NOT_A_TYPED_NAME))})\b)[a-z][\w'-]*"
_SUBJECT_DETERMINERS = ("the", "a", "an", "this", "that", "his", "her", "their", "our", "my", "your")
_INVERTED = (
    "(?:"
    + "|".join(  # "what does kennedy say", "what does the fire chief urge": its subject, past a determiner
        rf"(?<=\b(?i:{aux})\s{det})"
        for aux in ("does", "did", "do")
        for det in ("", *(rf"(?i:{d})\s" for d in _SUBJECT_DETERMINERS))
    )
    + ")"
)
_SUBJECT_SPEAKS = re.compile(  # "Kennedy tells", "President Kennedy first says", "the man asks": who, then the verb
    rf"(?P<subject>\b(?:{_NOT_A_NAME}[A-Z][\w'.-]*\s+){{0,3}}{_NOT_A_NAME}[A-Z][\w'-]*|\b(?i:{alternation(SPEAKERS)})"
    rf"|{_INVERTED}(?:{_TYPED_NAME_WORD}\s+){{0,2}}?{_TYPED_NAME_WORD})(?<!['’]s)(?<!s['’])\s+"  # no possessive
    rf"(?:(?i:{alternation(list(phrasing.IN_THE_VIDEO))})\s+)?"  # "the protagonist in the video says"
    r"(?:(?i:in|with|wearing|from|at|behind|beside)\s+(?i:the|a|an|his|her|their|this|that)\s+"
    r"(?:(?!(?i:who|that|which|whom|and|then|when|while)\b)[\w'-]+\s+){1,3}?)?"
    # "the man in the blue jacket says", "the guy in the terminal clip say": who, described
    rf"(?:(?i:{alternation(phrasing.SPEAKING_ORDER)})\s+)?(?P<verb>(?i:{alternation(phrasing.SUBJECT_SPEECH_VERBS)}))\b"
    r"(?!\s+(?i:out)\b)(?:\s+(?i:that|about))?"
)


def _subject_speaks(text: str) -> list[re.Match[str]]:
    """``_SUBJECT_SPEAKS``' matches in ``text`` but a verb of giving (``phrasing.GIVING``) that gives no words
    (``_gives_words``), one of naming (``phrasing.NAMING_VERBS``) that asks no name (``_name_asked``) and one
    that is speech only to someone (``phrasing.ADDRESSING_ONLY``: ``speech._addressee`` finds them).

    Example:
        >>> [m.group(0) for m in _subject_speaks("Which website does the reader give? The man gave the money")]
        ['reader give']
        >>> [m.group(0) for m in _subject_speaks("What does the narrator call it? When does the man call his mom?")]
        ['narrator call']
        >>> [m.group(0) for m in _subject_speaks("when is Priya Raman's name on screen")]  # a possessive: a noun
        []
        >>> [m.group(0) for m in _subject_speaks("What does the narrator urge? What did the man order?")]
        ['narrator urge']
        >>> [m.group(0) for m in _subject_speaks("What does the computer ask for?")]  # to no one: a thing asks
        []
    """
    return [
        m
        for m in _SUBJECT_SPEAKS.finditer(text)
        if _gives_words(text, m)
        and _name_asked(text, m)
        and m.group("verb").lower() not in phrasing.ADDRESSING_ONLY
        and not _a_thing_speaks(text, m)
    ]


def _a_thing_speaks(text: str, cue: re.Match[str]) -> bool:
    """Whether the subject of a cue of ``_SUBJECT_SPEAKS`` in ``text`` is a common noun after a determiner that
    names no speaker ("what does the computer ask for", not "what does the narrator say"): speech only when it
    speaks to someone (``speech._addressee``: "what does the fire chief urge everyone to do?")."""
    words = cue.group("subject").split()
    return last_word(text[: cue.start()]) in _SUBJECT_DETERMINERS and words[-1].lower() not in _SPEAKER_WORDS


def _name_asked(text: str, cue: re.Match[str]) -> bool:
    """Whether a cue of ``_SUBJECT_SPEAKS`` in ``text`` that names (``phrasing.NAMING_VERBS``, but "called",
    a name given: "a man called John") asks the name: "what" or "how" just before its subject ("what does
    the narrator call the Gutenberg?", not "when does the man call his friend?"); any other verb of speech
    is speech."""
    verb = cue.group("verb").lower()
    if verb not in phrasing.NAMING_VERBS:
        return True
    before = [w.group(0).lower() for w in WORD.finditer(text, 0, cue.start())][-4:]
    return verb != "called" and any(w in ("what", "how") for w in before)


def _gives_words(text: str, cue: re.Match[str]) -> bool:
    """Whether a cue of ``_SUBJECT_SPEAKS`` in ``text`` is speech by what it gives: a verb of giving
    (``phrasing.GIVING``) gives words (``phrasing.GIVEN_WORDS``) named within three words after it ("gives an
    example") or asked just before its subject ("which website does the reader give", "what advice did she
    give", "what example of fine typography does she give": the words of its sentence from the question word on,
    up to eight);
    any other verb of speech is speech."""
    if cue.group("verb").lower() not in phrasing.GIVING:
        return True
    after = [w.group(0).lower() for w in WORD.finditer(text, cue.end())][:3]
    sentence = max(text.rfind(mark, 0, cue.start()) for mark in ".?!;") + 1  # the words of its sentence
    before = [w.group(0).lower() for w in WORD.finditer(text, sentence, cue.start())][-8:]
    asked = [i for i, w in enumerate(before) if w in phrasing.WH_WORDS | {"which"}]
    asked_words = before[asked[-1] :] if asked else []
    return any(w in phrasing.GIVEN_WORDS for w in after) or any(w in phrasing.GIVEN_WORDS for w in asked_words)


_CLAUSE_MARKS = ",.?!;:\ue002"  # punctuation that ends a clause, and where a quote was
# a source's noun after "going by", "per the" (a text's, a screen's or a speaker's) and "judging by" (a text's or a
# screen's: "judging by the crowd" is a thing seen), words that also name what is seen or done ("going by train"),
# where "according to" names any source
_SHOWN_NOUNS = [n for n in (*TEXT_NOUNS, *SCREEN_NOUNS, *SUBTITLE_NOUNS) if " " not in n]
_SHOWN_OR_SAID_NOUNS = _SHOWN_NOUNS + [n for n in SPEAKERS if " " not in n]
_DETERMINER = r"(?:the |this |that |his |her )"
_ASKS_SOURCE = re.compile(  # "going by", "judging by", "per the X": a source named as "according to" names it
    rf"\b(?:according\s+to|as\s+per)\s+{_DETERMINER}?([\w-]+(?:\s+(?:points|cards?|thirds?|list)\b)?)"
    r"(?:['’]s\b(?: [\w-]+)?)?|"
    rf"\b(?:(?:going\s+by|per)\s+{_DETERMINER}((?:{alternation(_SHOWN_OR_SAID_NOUNS)})s?)"
    rf"|judging\s+(?:by|from)\s+{_DETERMINER}((?:{alternation(_SHOWN_NOUNS)})s?))\b(?:['’]s\b(?: [\w-]+)?)?|"
    r"\bwhat (?:did|does|do|is|was) (?:the )?([\w-]+) (?:say|tell|call|mention|ask|describe|explain|announce)",
    re.I,
)


def source_dropped(text: str) -> str:
    """``text`` without the source it names with "according to", "as per", "going by", "per the", "judging by"
    (``_ASKS_SOURCE``): where an answer is found ("according to the credits", "as per the slide", "according to
    the narrator") is no words to find; the whole question keeps it, and says by it which tools read the
    options and what the rest is (``options._option_tools``, ``visual._read_instead``). Before, a rule that took
    the source's noun ("the credits": the credit lines) left "according" to be looked for as a word. "What does
    the host say" keeps its words: the host is who speaks.

    Example:
        >>> source_dropped("who did the illustrations according to the credits?").split()
        ['who', 'did', 'the', 'illustrations', '?']
        >>> source_dropped("As per the slide, what year was it?").split(), source_dropped("what does the host say")
        ([',', 'what', 'year', 'was', 'it?'], 'what does the host say')
        >>> source_dropped("According to the bullet points, when were the letters made?").split()[:3]
        [',', 'when', 'were']
        >>> source_dropped("when does he say he'll act according to your condition")
        "when does he say he'll act according to your condition"
    """
    return _ASKS_SOURCE.sub(lambda m: " " if _names_a_source(m) else m.group(0), text)


def _names_a_source(found: re.Match[str]) -> bool:
    """Whether a match of ``_ASKS_SOURCE`` names a source: a thing shown or a voice (a noun of
    ``_SHOWN_OR_SAID_NOUNS``, ``phrasing.SHOWN_SOURCES``), or a name ("according to Kennedy"); not the words
    of someone ("he would treat you according to your condition": said), nor "what does the host say"."""
    if found.group(4):
        return False
    named = next(g for g in found.groups() if g)
    word = named.lower().rstrip("s")
    nouns = {n.lower() for n in (*_SHOWN_OR_SAID_NOUNS, *phrasing.SHOWN_SOURCES)}
    return named[0].isupper() or named.lower() in nouns or word in nouns


def _clause_breaks(text: str) -> list[tuple[int, int]]:
    """Where the clauses of ``text`` meet: a connective (``phrasing.CONNECTIVES``: "when", "and"…), or a comma
    before a word that starts a question (``phrasing.QUESTION_AFTER_A_COMMA``: ", what …"); in order."""
    breaks = []
    for word in WORD.finditer(text):
        lower, before = word.group(0).lower(), text[: word.start()].rstrip()
        if lower in phrasing.CONNECTIVES:
            breaks.append((word.start(), word.end()))
        elif lower in phrasing.QUESTION_AFTER_A_COMMA and before.endswith(","):
            breaks.append((len(before) - 1, word.start()))
    return breaks


def _determined_end(text: str, most: int) -> int | None:
    """Where ``text`` ends with a determiner (``phrasing.DETERMINERS``) and one to ``most`` words of letters
    after it ("a young woman "): where the determiner starts; None when it does not end so.

    Example:
        >>> text = "when does a young woman "
        >>> text[_determined_end(text, 2) :], _determined_end("when does it", 2)
        ('a young woman ', None)
    """
    words, starts, at = text.split(), [], 0
    for word in words:
        starts.append(text.index(word, at))
        at = starts[-1] + len(word)
    for n in range(min(most, len(words) - 1), 0, -1):
        lettered = all(w[0].isalpha() and w.replace("-", "").replace("_", "").isalnum() for w in words[-n:])
        if lettered and words[-n - 1].lower() in phrasing.DETERMINERS:
            return starts[-n - 1]
    return None


def _before_a_quote(words: str) -> str:
    """``words`` up to the first quote in them (a quote's mark, or where one was)."""
    return words[: min((i for i in (words.find(_QUOTED), words.find("\ue000")) if i >= 0), default=len(words))]
