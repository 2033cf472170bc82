"""Unquoted text on screen: what a display shows or lists, what is written or comes up, text after or before
an on-screen cue, the labels of an interface and the credit lines that answer "who wrote it"; each an
``ocr`` call.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import NamedTuple

from vqdb.planner import phrasing
from vqdb.planner.phrasing import WORD, Phrases, alternation
from vqdb.planner.rules.cues import (
    _CLAUSE_MARKS,
    _CLAUSE_STARTS,
    _SHOWN_CUES,
    _SPEAKER_WORDS,
    _TEXT_NOUN_WORDS,
    _TEXT_NOUNS,
    quoted_phrases,
)
from vqdb.planner.rules.evidence import EITHER, READ, SCREEN, SPEECH, TOOLS_FOR, _Evidence, _has_alnum
from vqdb.planner.rules.literals import _unnamed, naming_span
from vqdb.planner.rules.visual import _TEXTS, _visual_tool, _whose
from vqdb.planner.vocabulary import (
    ARRIVAL_VERBS,
    CREATING_VERBS,
    CREDIT_ROLES,
    CREDIT_VERBS,
    DISPLAY_VERBS,
    EMAIL_ADDRESS_NOUNS,
    NAMING_NOUNS,
    SCREEN_NOUNS,
    TEXT_NOUNS,
    WEB_ADDRESS_NOUNS,
    WEB_ADDRESS_SAID,
    WEB_ADDRESS_SHOWN,
    WORKS,
    WRITTEN_VERBS,
)
from vqdb.textnorm import form_query, value_form

_LABEL_RUN = re.compile(  # capitalised words, and the lower-case ones between them and an interface noun
    rf"(?<![\w'’-])[A-Z][\w'&+-]*(?:\s+[A-Z][\w'&+-]*)*(?:(?:\s+[a-z][\w'-]*){{1,2}}"
    rf"(?=\s+(?:{alternation(phrasing.UI_NOUNS)})\b))?"
)
_NOT_A_LABEL = phrasing.QUOTATION_STARTS | phrasing.LANGUAGES | phrasing.DETERMINERS
_TEXT_CUES = Phrases(phrasing.TEXT_CUES)
_QUESTION_AFTER = re.compile(  # "… wimbledon what time does it say": a question starts after the text shown
    rf"(?<=\S)\s+(?:{alternation(phrasing.WH_WORDS)})\s+(?:\w+\s+)?(?:{alternation(phrasing.AUXILIARIES)})\b", re.I
)
_DISPLAY_NOUNS = Phrases([*TEXT_NOUNS, *SCREEN_NOUNS])
_ARRIVING = sorted({verb.split()[-1] for verb in ARRIVAL_VERBS if " " in verb})  # "shows up", "scrolls by"
_DISPLAYS = re.compile(  # a display's verb before a particle of arriving ("shows up") shows nothing
    rf"\b(?P<noun>{alternation([*TEXT_NOUNS, *SCREEN_NOUNS])})\s+(?:(?:that|which|now|then|also|first|still)\s+)*"
    rf"(?P<verb>{alternation(DISPLAY_VERBS)})\b(?!\s+(?:{alternation(_ARRIVING)})\b)\s+(?P<shown>[^,.?!;\ue002]+)",
    re.I,
)
_SHOWN_OR_ARRIVING = re.compile(
    rf"\b(?P<verb>{alternation(WRITTEN_VERBS)})\b(?:\s+as\s+(?P<as>[^,.?!;\ue002]+))?"
    rf"|\b(?P<arrives>{alternation(ARRIVAL_VERBS)})\b(?=\s*(?:$|[,.?!;\ue002]|\b(?:on|in|at|across|over|onto|below|"
    r"above|under|during|for|again|first|briefly|suddenly|when|while|after|before|and|then|until)\b))",
    re.I,
)
_ARRIVED = re.compile(  # "comes up on screen": "on screen" says where it came, no second arrival
    rf"\b(?:{alternation([*ARRIVAL_VERBS, *WRITTEN_VERBS])})\s*$", re.I
)
_READ_ALOUD = re.compile(r"reads?\s+(?:aloud|out(?!\s+of\b))\b", re.I)  # said by a voice, not shown ("out of order")
_TEXT_TOKEN = r"(?:\S*\d\S*|\S*[/:#@\\]\S*|[A-Z]{2,}[A-Z0-9]*\b)"
_TEXT_RUN = re.compile(rf"(?<!\S){_TEXT_TOKEN}(?:\s+{_TEXT_TOKEN})*(?!\S)")
_NAMES_TEXT = phrasing.NAMES_TEXT | frozenset(NAMING_NOUNS) | frozenset(TEXT_NOUNS)
_CREDITED_AS = r"(?:credited|listed|billed|named|down)"  # "who's credited as narrator", "who is listed for the music"
_CREDIT = re.compile(  # "who wrote", "who is the narrator", "which studio presents" (not "which song was written")
    rf"\bwho\s+(?:(?:(?:is|was|were|are|gets?|got)\s+)?{_CREDITED_AS}\s+as\s+(?:(?:the|a|an)\s+)?"
    rf"({alternation(list(CREDIT_ROLES))})|"
    rf"(?:is|was|were|are)\s+(?:the\s+)?({alternation(list(CREDIT_ROLES))})|"
    rf"(?:(?:has|had|is|was)\s+)?({alternation(list(CREDIT_VERBS))}))\b"
    rf"|\b(?:which|what)(?:\s+(?!(?:{alternation(list(phrasing.AUXILIARIES))})\b)[\w-]+){{1,2}}?\s+"
    rf"({alternation(list(CREDIT_VERBS))})\b",
    re.I,
)


def _take_displayed(text: str, evidence: _Evidence) -> str:
    """Unquoted words a display cue ties to the screen, read by ``ocr``:

    * what a display shows (``DISPLAY_VERBS`` after a noun of ``TEXT_NOUNS``: "the menu lists the soup of
      the day", "the board shows the 10:42 to York"; after another of the ``SCREEN_NOUNS``, only text-like
      words: "the screen shows Game Over"), each part of "X as Y" its own call;
    * what is written (``WRITTEN_VERBS``: "when is the Edinburgh train listed as cancelled": its written
      words, "Edinburgh", and "cancelled"), and a display of ``TEXT_NOUNS`` that is shown or arrives with no
      object (``ARRIVAL_VERBS``: "when does the ingredient list come up", not "come up the stairs"): the
      words naming it ("the ingredient list": "ingredient"; "Maria Lopez's name": "Maria Lopez"; "the title
      The Power of X": "The Power of X"). Common words naming a display may also describe a picture, so
      they are ``ocr OR siglip`` of the whole phrase: the better rank wins, siglip's alone where nothing
      reads the words, and frames that do tie siglip's best to come first by their grade.

    A person ("the man lists his tools"), a thing or a name that appears ("the dog comes up", "when does
    Batman appear": pictures) and how a display looks ("the red banner") are not read.
    """
    pieces, last = [], 0
    for match in _DISPLAYS.finditer(text):
        if match.start() < last:
            continue
        noun, quotation = match.group("noun"), _quotation_at(match.group("shown"))
        if quotation:  # "the prompt box shows Does the flag appear": a sentence written out, all of it
            evidence.add(TOOLS_FOR[SCREEN], quotation)
            pieces.append(text[last : match.start("verb")] + " , ")
            last = match.start("shown") + match.group("shown").find(quotation) + len(quotation)
            continue
        if _placed(match.group("shown")):  # "the white text says over the sky": where, not what
            continue
        if _READ_ALOUD.match(f"{match.group('verb')} {match.group('shown')}"):  # "the title is read out": speech
            continue
        parts = [p for p in _split_on_as(_phrase_until_clause_end(match.group("shown"))) if p.strip()]
        words = [_shown_words(p) for p in parts]
        strong = noun.split()[-1].lower() in _TEXT_NOUN_WORDS
        if not parts or not all(words) or not (strong or all(_text_like(w, text) for w in words)):
            continue
        for shown in words:  # a display of text shows text; another its written words ("Game Over", not "the")
            evidence.add(TOOLS_FOR[SCREEN], shown if strong else _written(shown, text))
        end = match.start("shown") + match.group("shown").find(parts[-1]) + len(parts[-1])
        pieces.append(text[last : match.start("verb")] + " , ")
        last = end
    text = "".join(pieces) + text[last:]
    pieces, last = [], 0
    for match in _SHOWN_OR_ARRIVING.finditer(text):
        if match.start() < last or (match.group("arrives") and _ARRIVED.search(text, 0, match.start())):
            continue
        start, subject = _subject_before(text, match.start())
        calls = _read_subject(subject, text, written=match.group("verb") is not None)
        if not calls:
            continue
        evidence.add_calls(calls)
        end = match.end("verb") if match.group("verb") else match.end("arrives")
        complement = match.group("as") and _phrase_until_clause_end(match.group("as"))
        if complement and _shown_words(complement):
            evidence.add(TOOLS_FOR[SCREEN], _shown_words(complement))
            end = match.start("as") + len(complement)
        pieces.append(text[last:start] + " , ")
        last = end
    return "".join(pieces) + text[last:]


def _placed(shown: str) -> bool:
    """Whether the words after a display's verb say where it is, not what it says: a preposition of place and a
    determiner (``phrasing.LOCATING``: "over the sky", "on the wall"; "on sale" is text).

    Example:
        >>> _placed(" over the sky just before"), _placed(" on sale"), _placed(" Game Over")
        (True, False, False)
    """
    words = shown.lower().split()
    return len(words) > 1 and words[0] in phrasing.LOCATING and words[1] in phrasing.DETERMINERS


def _quotation_at(text: str) -> str:
    """The sentence written out without quotes that ``text`` (the words after a display cue, so in the middle
    of the question) starts with, up to its end: a capitalised word that starts sentences
    (``phrasing.QUOTATION_STARTS``: "Does", "What", "Please") and two words or more after it ("shows Does
    the flag in the image appear?"); "" when it does not start with one. A word in capitals before words that
    are not is a word shown in capitals ("the word ARE - when is it shown?"), not a sentence's start: a sentence
    is written in one case ("Are you ready", "ARE YOU READY").

    Example:
        >>> _quotation_at(" Why is this video funny? What did it answer?"), _quotation_at("Game Over")
        ('Why is this video funny', '')
        >>> _quotation_at(" ARE YOU READY? he asks"), _quotation_at(" ARE - when is it shown?")
        ('ARE YOU READY', '')
    """
    words = text.split()
    if len(words) < 3 or not words[0][:1].isupper() or words[0].lower() not in phrasing.QUOTATION_STARTS:
        return ""
    if len(words[0]) > 1 and words[0].isupper() and not words[1].isupper():  # a word in capitals: "the word ARE"
        return ""
    start = text.index(words[0])
    end = next((i for i in range(start, len(text)) if text[i] in "?!;\ue000\ue002" or text[i : i + 2] == ". "), None)
    return text[start:end].strip(" ,.")


def _phrase_until_clause_end(phrase: str) -> str:
    """``phrase`` up to the first word that starts another clause ("… when", "… while", "… and then"), or up to
    a question asked after it without a comma (a question word, a word or none, an auxiliary: "… what time
    does it say", "… what is he saying"), as people type.

    Example:
        >>> _phrase_until_clause_end(" next tennis from wimbledon what time does it say")
        ' next tennis from wimbledon'
        >>> _phrase_until_clause_end(" What is love"), _phrase_until_clause_end(" exit when he leaves")
        (' What is love', ' exit ')
    """
    question = _QUESTION_AFTER.search(phrase)
    end = min((_CLAUSE_STARTS.first(phrase) or (len(phrase),))[0], question.start() if question else len(phrase))
    return phrase[:end]


_TOPIC_WORDS = frozenset(w for w in phrasing.ABOUT if " " not in w)  # "about", "regarding", "mentioning"…


def _shown_words(phrase: str) -> str:
    """The words of a phrase that are the text: without its articles and the noun naming a literal ("the
    year 1455" -> "1455"), without a word saying what it is about (a word of ``phrasing.ABOUT``: "about the
    weather", "mentioning the weather" -> "weather"), none
    when it only names text ("the time", "the score", "who narrated it").

    Example:
        >>> _shown_words("the year 1455"), _shown_words("about the weather"), _shown_words("the time")
        ('1455', 'weather', '')
        >>> _shown_words("About Us")  # a title, as written
        'About Us'
    """
    words = phrase.split()
    if (
        words and words[0] in _TOPIC_WORDS
    ):  # "the ticker says about the weather": what it is about ("About Us" is a title)
        words.pop(0)
    while words and words[0] in phrasing.DETERMINERS:  # "The Power of Sunlight" is a title as written
        words.pop(0)
    while words and words[-1].lower() in phrasing.NOT_SHOWN_TAIL:
        words.pop()
    if not words or words[0].lower() in phrasing.QUESTION_WORDS or words[0].lower() in ("it", "them", "this", "that"):
        return ""
    if all(w.lower().strip(",") in _NAMES_TEXT for w in words):
        return ""
    return _unnamed(" ".join(words))


def _subject_before(text: str, end: int) -> tuple[int, str]:
    """Where the subject of the verb at ``text[end]`` starts, and the subject: the words of its clause
    before it without question words and auxiliaries ("When is the Edinburgh train" -> "the Edinburgh
    train"), at most six."""
    cuts = [m.end() for m in WORD.finditer(text, 0, end) if m.group(0).lower() in phrasing.BEFORE_A_SUBJECT]
    start = max([*cuts, *(i + 1 for i, c in enumerate(text[:end]) if c in _CLAUSE_MARKS)], default=0)
    words = list(re.finditer(r"\S+", text[start:end]))
    while words and words[0].group(0).lower() in phrasing.AUXILIARIES:
        words.pop(0)
    while words and words[-1].group(0).lower() in phrasing.AUXILIARIES:
        words.pop()
    words = words[-6:]
    if not words:
        return end, ""
    return start + words[0].start(), text[start + words[0].start() : start + words[-1].end()]


def _read_subject(subject: str, text: str, *, written: bool) -> list[tuple[str, str]]:
    """The calls that read what is shown (see ``_take_displayed``): ``ocr`` of the words naming a display of
    ``TEXT_NOUNS`` (those before it, an appositive or "of" phrase after it), ORed with ``siglip`` of it
    when they are common words; with a verb of writing (``written``), of its written words too. None for a
    person, or a thing that is not text."""
    words = [w.strip(",") for w in subject.split()]
    while words and words[0].lower() in phrasing.DETERMINERS:
        words.pop(0)
    if not words or any(re.sub(r"['’]s$", "", w.lower()) in _SPEAKER_WORDS for w in words):
        return []  # a person, or what a person has ("the presenter's name": words not given)
    phrase = " ".join(words)
    display = _TEXT_NOUNS.first(phrase)
    if display:
        start, end = display
        after = phrase[end:].split()
        if after and after[0].lower() == "of":  # "the list of ingredients"; "the name of the store" is no text
            after = after[1:] if phrase[start:end].lower() != "name" else []
        elif after and after[0].lower() in _TOPIC_WORDS:  # "the line about the king": what it says, in its words
            return [(READ, topic)] if (topic := _shown_words(" ".join(after))) else []
        elif after and not _text_like(" ".join(after), text):
            after = []
        before = [] if phrase[start:end].lower() in phrasing.APPOSITIVE_ONLY else phrase[:start].split()
        before = [w for i, w in enumerate(before) if not _describes(before, i) and not _whose(w)]
        named = _shown_words(_DISPLAY_NOUNS.removed(re.sub(r"['’]s\b", "", " ".join(before + after))))
        if not named:
            return []
        if _text_like(named, text):
            return [(READ, _written(named, text))]
        return [(READ, named), (_visual_tool(phrase), phrase)]
    if written and _text_like(phrase, text) and _shown_words(phrase):
        return [(READ, _written(_shown_words(phrase), text))]
    line = _LINE_ABOUT.search(phrase)  # "the line about the king": a line of text, named by what it says
    return [(READ, topic)] if line and (topic := _shown_words(line.group("topic"))) else []


_LINE_ABOUT = re.compile(rf"\blines?\s+(?P<topic>(?:{alternation(sorted(_TOPIC_WORDS))})\s+.+)", re.I)


def _describes(words: list[str], i: int) -> bool:
    """Whether ``words[i]``, before the noun of a display, says how it looks or counts (``phrasing.DESCRIBING``:
    "the red sign", "the big title"), not what it says: not when it is capitalised before another capitalised
    word, the start of a name written on it ("the Big Buck Bunny title", "the Red Cross banner").

    Example:
        >>> _describes(["Big", "Buck", "Bunny"], 0), _describes(["big", "Buck"], 0), _describes(["Red"], 0)
        (False, True, True)
    """
    name = words[i][:1].isupper() and i + 1 < len(words) and words[i + 1][:1].isupper()
    return words[i].lower() in phrasing.DESCRIBING and not name


def _written_only(phrases: list[list[str]], question: str, evidence: _Evidence) -> list[list[str]]:
    """``phrases`` (a question's phrases read instead of seen, with no visual tool) but those with no written
    word (``_text_like``), where ``evidence`` already reads the words of the text on screen (quoted, a number;
    not a value asked by its form, "{year}", which the phrases say what of): the others say where the text is or
    what it looks like ("the small box to the left of the white square", "the whole command 'ls /usr' typed
    out"), and, read as words, would be required beside it.

    Example:
        >>> evidence = _Evidence()
        >>> evidence.add([READ], "4.037")
        >>> _written_only([["left of white square"], ["Input Video box"]], "the box left of the white square", evidence)
        [['Input Video box']]
        >>> _written_only([["left of white square"]], "", _Evidence())
        [['left of white square']]
        >>> red = _Evidence()
        >>> red.add([READ], "red")  # a word the question describes with, lower case: no text of its own
        >>> _written_only([["opens oven"]], "what is the red number shown when the chef opens the oven?", red)
        [['opens oven']]
    """
    quoted = quoted_phrases(question)
    if not any(_writes(group, question, quoted) for group in evidence.groups):
        return phrases
    kept = [[p for p in ps if _text_like(p, question)] for ps in phrases]
    return [ps for ps in kept if ps]


def _writes(group: tuple[tuple[str, str], ...], question: str, quoted: set[str]) -> bool:
    """Whether a group of calls reads text ``question`` writes itself: a call reading on-screen text whose query
    is quoted there (``quoted``, casefolded) or has a written word (``_text_like``: "4.037", "EXIT"); not a group
    asking for a value by its form ("{price}"), whose other words ("total", "price") the planner added, nor words
    the question only describes with ("the red number": "red")."""
    if any(value_form(query) is not None for _, query in group):
        return False
    return any(
        tool == READ and query and (query.casefold() in quoted or _text_like(query, question)) for tool, query in group
    )


def _text_like(phrase: str, text: str) -> bool:
    """Whether ``phrase`` (a part of ``text``) has a word that is written rather than described: digits,
    capitals, or a capitalised name that does not start a sentence."""
    return bool(_written_words(phrase, text))


def _written(phrase: str, text: str) -> str:
    """``phrase`` from its first written word to its last ("Edinburgh train" -> "Edinburgh", "the 10:42 to
    York" -> "10:42 to York"): the common words around them say what kind of thing it is."""
    written = _written_words(phrase, text)
    words = phrase.split()
    return " ".join(words[written[0] : written[-1] + 1]) if written else phrase


def _written_words(phrase: str, text: str) -> list[int]:
    """The positions of ``phrase``'s written words (see ``_text_like``)."""
    sentence_start = re.search(r"(?:^|[.?!;:]\s*)$", text[: max(text.find(phrase), 0)].rstrip()) is not None
    return [i for i, word in enumerate(phrase.split()) if _is_written(word, first=i == 0 and sentence_start)]


def _is_written(word: str, *, first: bool) -> bool:
    """Whether a word is written rather than described: it has digits or capitals, or is a capitalised
    name (not a language's) that does not start its sentence (``first``)."""
    if any(c.isdigit() for c in word) or re.fullmatch(r"[A-Z]{2,}\W*", word):
        return True
    return word[:1].isupper() and word.lower() not in phrasing.LANGUAGES and not first


def _take_screen_text(text: str, evidence: _Evidence) -> str:
    while True:
        for start, end in _TEXT_CUES.spans(text):
            after_word = text[start:end].split()[-1].lower() in phrasing.APPOSITIVE_ONLY  # "the word X": X
            joined = text[end:].split()[:1]  # "written as X", "says that X"
            if joined and joined[0].lower() in ("as", "that") and text[end : end + 1].isspace():
                end, after_word = text.index(joined[0], end) + len(joined[0]), False
            words = text[end:].split()
            while words and words[0].lower() in phrasing.ARTICLES:  # "shows the 10:42", "reads a 404"
                words = words[1:]
            if not words:
                continue
            first = words[0].strip("?!,;.\"'")
            quotation = _quotation_at(text[end:])
            if quotation:  # "when does it show Why is the sky blue?": all of the sentence
                evidence.add(TOOLS_FOR[SCREEN], quotation)
                text = text[:start] + " " + text[end:].split(quotation, 1)[1]
                break
            if not _has_alnum(first):
                continue
            named = after_word and first.lower() not in phrasing.NOT_TEXT | phrasing.TEXT_PLACES  # not "the text box"
            if _looks_written(first) or named:
                shown = [first] if named else _written_run(words)
                at = end
                for word in shown:
                    at = text.index(word, at) + len(word)
                evidence.add(TOOLS_FOR[SCREEN], " ".join(shown))
                text = text[:start] + " " + text[at:]
                break
        else:
            return text


def _written_run(words: list[str]) -> list[str]:
    """The words written on screen that ``words`` (those after an on-screen cue, the first written) start with:
    the first and the written words right after it (``_looks_written``: capitals, digits, symbols) up to a
    punctuation mark, as a label and its value are read together ("says T-MINUS 2", "shows PLATFORM 9": a
    counter's label and its number are two boxes on screen, one text to find; was the label alone).

    Example:
        >>> _written_run(["T-MINUS", "2", "on", "screen"]), _written_run(["EXIT,", "GO"]), _written_run(["404?"])
        (['T-MINUS', '2'], ['EXIT'], ['404'])
    """
    run = []
    for word in words:
        bare = word.strip("?!,;.\"'")
        if not _looks_written(bare):
            break
        run.append(bare)
        if bare != word.rstrip("\"'"):  # a punctuation mark ends the text
            break
    return run


def _take_text_shown(text: str, evidence: _Evidence) -> str:
    """Text named before its on-screen cue, in the same clause: "when is the EXIT sign shown", "when does
    LIFTOFF appear", "the phone number 020 7946 0018 displayed". A run of text-like words (capitals,
    digits, symbols) in a clause with such a cue is one ``ocr`` call, but for one that names where the text is
    (``_names_a_place``: "the lines written below the QR code").

    Example:
        >>> evidence = _Evidence()
        >>> _take_text_shown("how many lines are written below the QR code?", evidence), evidence.groups
        ('how many lines are written below the QR code?', [])
        >>> _ = _take_text_shown("when is THE written in capitals", evidence); evidence.groups
        [(('ocr', 'THE'),)]
        >>> _take_text_shown("when is the model number AX-2048 on screen", evidence), evidence.groups[-1]
        ('when is the   on screen', (('ocr', 'AX-2048'),))
    """
    pieces = []
    for clause in re.split(r"([.?!;]+(?=\s|$)|,(?=\s))", text):
        if _SHOWN_CUES.first(clause):
            runs = [m for m in _TEXT_RUN.finditer(clause) if _has_alnum(m.group(0)) and not _names_a_place(clause, m)]
            for run in runs:
                evidence.add(TOOLS_FOR[SCREEN], run.group(0).strip())
            for run in reversed(runs):  # with the noun naming it: "the @vqdb handle" is no picture of a handle
                start, end = naming_span(clause, *run.span())
                clause = clause[:start] + " " + clause[end:]
        pieces.append(clause)
    return "".join(pieces)


def _names_a_place(clause: str, run: re.Match[str]) -> bool:
    """Whether ``run`` (a ``_TEXT_RUN`` in ``clause``) is a word in capitals naming a thing where text is, after a
    preposition of place and a determiner and before a noun ("below the QR code", "on the TV screen"): the
    place, not the text; a run with digits stays ("at the 10:42 train", read as before).

    Example:
        >>> clause = "how many lines are written below the QR code"
        >>> _names_a_place(clause, _TEXT_RUN.search(clause))
        True
        >>> _names_a_place("is THE written", _TEXT_RUN.search("is THE written"))
        False
    """
    before, after = clause[: run.start()].split()[-2:], clause[run.end() :].split()[:1]
    placed = len(before) == 2 and _placed(" ".join(before) + " x")
    return placed and run.group(0).isalpha() and bool(after) and after[0].islower()


def _take_labels(text: str, evidence: _Evidence) -> str:
    """Labels of an interface: in a sentence that names a part of one (``phrasing.UI_NOUNS``: "which button
    sits to the right of Regenerate?", "where is the Clear history button?"), its capitalised words but the
    first and those that start sentences or name a language, with the lower-case words between one and the
    noun ("Clear history"); after a verb of using one (``phrasing.CLICKS``: "when does he click Send"), the
    capitalised words it acts on. Each is an ``ocr`` call: a label is read on screen.

    Example:
        >>> evidence = _Evidence()
        >>> _take_labels("Where is the Clear history button? Then click Send.", evidence), evidence.groups
        ('Where is the   button? Then click  .', [(('ocr', 'Clear history'),), (('ocr', 'Send'),)])
    """
    pieces = []
    for sentence in re.split(r"([.?!;]+(?=\s|$))", text):
        words = [w.group(0).lower() for w in WORD.finditer(sentence)]
        interface = any(w in phrasing.UI_NOUNS and n not in ("up", "down") for w, n in pairwise([*words, ""]))
        labels = []
        for run in _LABEL_RUN.finditer(sentence):
            named = run.group(0).split()
            lower = [w for w in named if w[:1].islower()]  # "Clear history button": "history"
            if any(w in phrasing.STOP | phrasing.PREPOSITIONS for w in lower):  # "Library simplified the icon"
                named = named[: len(named) - len(lower)]
            before = [w.group(0).lower() for w in WORD.finditer(sentence, 0, run.start())]
            if not before or all(w.lower() in _NOT_A_LABEL for w in named):
                continue
            clicked = before[-1] in phrasing.CLICKS or (
                before[-2:-1] and before[-2] in phrasing.CLICKS and before[-1] in phrasing.DETERMINERS
            )
            if interface or clicked:
                labels.append((run.start(), run.start() + len(" ".join(named))))
        for start, end in labels:
            evidence.add((READ,), sentence[start:end])
        for start, end in reversed(labels):
            sentence = sentence[:start] + " " + sentence[end:]
        pieces.append(sentence)
    return "".join(pieces)


_A_WORK = re.compile(  # what a verb of making credits: the video itself or a work ("this animation", "it")
    rf"\s*(?:$|[,.?!;:]|(?:it|this|that)\b(?!\s+[\w-])|(?:(?:the|this|that|these|its|their)\s+)?(?:[\w-]+\s+)?"
    rf"(?:{alternation(list(WORKS))})\b)",
    re.I,
)


def _credited(text: str, match: re.Match[str]) -> bool:
    """Whether a credit ``match`` of ``_CREDIT`` in ``text`` asks a credit: a verb that makes things too
    (``CREATING_VERBS``) only of the video itself or a work (``WORKS``: "who made this animation?", not "who made
    the cake?").

    Example:
        >>> asked = ("who made this animation?", "who made it?", "who made the cake?")
        >>> [_credited(q, _CREDIT.search(q)) for q in asked]
        [True, True, False]
    """
    verb = next(filter(None, match.groups())).lower()
    return verb not in CREATING_VERBS or _A_WORK.match(text, match.end()) is not None


_AUTHORS = ("author", "writer", "composer", "illustrator", "translator")  # "the director of the FBI" is a post
_CREDITED = re.compile(  # "who the Manifesto was written by", "the authors of the Manifesto": the work named
    rf"\bwho\s+(?P<work>[^,.?!;:\ue000\ue002]{{1,80}}?)\s+(?:(?:is|was|were|are|has\s+been|had\s+been)\s+)?"
    rf"(?P<verb>{alternation(list(CREDIT_VERBS))})\s+by\b"
    rf"|\b(?P<role>{alternation([*_AUTHORS, *(f'{role}s' for role in _AUTHORS)])})\s+of\s+(?P<of>)",
    re.I,
)


_FIELD_CREDITED = re.compile(  # "who did the music", "who was responsible for the animation"
    r"\bwho\s+(?:did|does|do|handled|handles|(?:is|was|were|are)\s+(?:responsible\s+for|in\s+charge\s+of|behind|on)"
    r"|worked\s+on|works\s+on|(?:(?:is|was|were|are|gets?|got)\s+)?(?:credited|listed|billed)\s+(?:for|with|on))"
    r"\s+(?:(?:the|this|that|its|their)\s+)?"
    rf"(?P<field>{alternation(list(phrasing.CREDITED_FIELDS))})\b"
    r"(?!\s+(?:of|for|to|in)\b(?!\s+(?:the\s+)?(?:(?:opening|closing|end|ending|final)\s+)?credits\b))",
    re.I,
)
_CREDITED_ROLES = [role for role in CREDIT_ROLES if role not in ("host", "presenter", "voice")]  # a caption names those
_ROLE_NAMED = re.compile(  # "the writer's name", "the narrator credit", "the name of the director": a credit line
    rf"\b(?P<role>{alternation(_CREDITED_ROLES)})(?:['’]s\s+(?:name|credit)|\s+credit)\b"
    rf"|\bname\s+of\s+the\s+(?P<of>{alternation(_CREDITED_ROLES)})\b",
    re.I,
)
_CREDITS_NAMED = re.compile(  # "when do the end credits roll", "the credits": the credit lines (not "the X credits")
    r"\b(?:(?:the|its|their)\s+(?:(?:opening|closing|end|ending|final)\s+)?|(?:opening|closing|end|ending)\s+)"
    r"credits\b"
    rf"(?:\s+(?:(?:start|starts|started|begin|begins|began|roll|rolls|rolled|rolling|run|runs)|"
    rf"{alternation(list(ARRIVAL_VERBS))})\b)?"
    r"|\bcredited\b(?!\s+(?:as|for|with|on|to|back|into|in)\b)",  # "when is the band credited": its credit line,
    re.I,  # whatever the role
)


_CREDITED_NAME = re.compile(  # a name of two or more capitalised words, not the credits themselves ("End Credits")
    r"(?:\b(?i:the\s+name\s+(?:of\s+)?))?"  # "the name Priya Raman": the noun is no word on screen
    r"(?<![\w\ue000])(?P<name>(?!(?:When|What|Where|Who|Which|How|Is|Are|Does|Do|Did)\b)[A-Z][\w'’.-]*"
    r"(?:\s+(?!Credits?\b)[A-Z][\w'’.-]*)+)"
)


def _take_credit_fields(text: str, evidence: _Evidence) -> str:
    """A credit asked by the part of the work it names ("who did the music?", "who was responsible for the
    animation?", "who's credited for the writing?", "who did the music in the end credits?":
    ``phrasing.CREDITED_FIELDS``) or by its role's name or credit ("the writer's name", "the narrator credit",
    "the name of the director": ``_ROLE_NAMED``; not a host's, a presenter's or a voice's, whom a caption
    names), read as its role's credit line; a person credited by name ("when is Henrik Saarinen credited?",
    "when does Priya Raman appear in the credits?": ``_CREDITED_NAME``) is the line with their name
    (``CREDIT_ROLES``: "Music by", "Composer"), and the credits named as such ("when do the end credits roll?", "the
    closing credits", or crediting with no role: "when is the band credited?") read as
    the credit lines of every role (each role's "X by" form, and "credits"), ORed: a credit sequence is lines of
    "Written by", "Music by"… whatever the role; where the question asks a role too ("when do the credits show
    who narrated it?", "who is the narrator, according to the credits?") that role's line is what is read
    (``_take_credits``), and the credits named stay for it. Taken before sounds are heard: the music of "who did the
    music" is a credit, not a sound.

    Example:
        >>> evidence = _Evidence()
        >>> _take_credit_fields("who did the music?", evidence).split(), evidence.groups
        (['?'], [(('ocr', 'music by'), ('ocr', 'composer'), ('ocr', 'composed by'))])
        >>> evidence = _Evidence()
        >>> _take_credit_fields("when do the end credits roll", evidence).split(), evidence.groups[0][:3]
        (['when', 'do'], (('ocr', 'credits'), ('ocr', 'written by'), ('ocr', 'directed by')))
        >>> evidence = _Evidence()
        >>> _take_credit_fields("who did the music for the ad", evidence), evidence.groups
        ('who did the music for the ad', [])
        >>> evidence = _Evidence()
        >>> _take_credit_fields("When is Henrik Saarinen credited?", evidence).split(), evidence.groups
        (['When', 'is', '?'], [(('ocr', 'Henrik Saarinen'),)])
        >>> evidence = _Evidence()
        >>> _take_credit_fields("the writer's name in the credits", evidence).split(), evidence.groups
        (['the', 'in'], [(('ocr', 'written by'), ('ocr', 'writer'), ('ocr', 'author'))])
    """
    said = any(tool in TOOLS_FOR[SPEECH] for group in evidence.groups for tool, _ in group)
    tools = TOOLS_FOR[EITHER if said else SCREEN]
    fields = sorted([*_FIELD_CREDITED.finditer(text), *_ROLE_NAMED.finditer(text)], key=lambda m: m.start())
    for match in reversed(fields):
        if match.re is _ROLE_NAMED:  # "the writer's name": the writer's credit line
            forms = CREDIT_ROLES[(match.group("role") or match.group("of")).lower()]
        else:
            forms = CREDIT_ROLES[phrasing.CREDITED_FIELDS[" ".join(match.group("field").lower().split())]]
        evidence.add_calls([(tool, form) for form in forms for tool in tools])
        text = text[: match.start()] + " " + text[match.end() :]
    named = list(_CREDITS_NAMED.finditer(text))
    asks_who = _CREDIT.search(text) or _CREDITED.search(text)
    person = _CREDITED_NAME.search(text) if named and not fields and not asks_who else None
    if person:  # "when is Henrik Saarinen credited?": the line with the name, not every role's
        evidence.add_calls([(tool, person.group("name")) for tool in TOOLS_FOR[SCREEN]])
        text = text[: person.start()] + " " + text[person.end() :]
        named = list(_CREDITS_NAMED.finditer(text))
    elif named and not fields and not asks_who:
        forms = dict.fromkeys(["credits", *(forms[0] for forms in CREDIT_ROLES.values())])
        evidence.add_calls([(tool, form) for form in forms for tool in TOOLS_FOR[SCREEN]])
    if named and (fields or not asks_who):  # a role's line is in them
        for match in reversed(named):
            text = text[: match.start()] + " " + text[match.end() :]
    return text


_NOT_LOOKS = {  # words of DESCRIBING that say which or how many, not how a title looks
    "first", "second", "third", "last", "next", "many", "few", "several", "some", "new", "old", "single", "two",
    "three", "four", "five", "six", "seven", "eight", "nine", "ten", "lines", "line", "rows", "row", "empty", "blank",
}  # fmt: skip
_TITLE_LOOKS = sorted(phrasing.DESCRIBING - _NOT_LOOKS)  # "the big title", "the faint title"
_TITLE_NAMED = re.compile(  # "when does the title card come up", "what does the opening title say": no words given
    rf"(?:^\s*|\b(?:the|its|a)\s+)(?:(?:{alternation(_TITLE_LOOKS)})\s+)*"
    rf"(?:(?:opening|main|first|intro|last|final|{alternation(list(phrasing.NTH))}"
    r"|(?:film|video|movie|show|episode)['’]s)\s+)?"
    r"(?P<noun>title|heading|headline|intertitle)(?:\s+(?:card|screen|sequence|page|slide))?\b"
    r"(?!\s*(?:[\ue000'\"“‘«]|of\b|for\b|about\b|[A-Z0-9]))"
    rf"(?!\s+(?:{alternation(list(DISPLAY_VERBS))})\s+[\w\ue000])"  # "the title says What Is Love": its words
    rf"(?:\s+(?:(?:is|was|gets?)\s+)?(?:on\s+(?:the\s+)?screen|{alternation(list(ARRIVAL_VERBS))})\b)?",
)


_END_CARD = re.compile(  # "the end card", "the closing title", "the outro screen": the last title card
    r"\b(?:end|ending|closing|outro)[- ](?:title[- ])?(?:cards?|screens?|slates?|titles?)\b", re.IGNORECASE
)


def end_card_as_last_title(text: str) -> str:
    """``text`` with an end card named by its noun ("the end card", "the end screen", "the closing title", "the
    outro card") written as what it is: the last title card, a card of big text shown to end a video. The order
    ("last") is then read as any order is, and the title card as a title named only by its noun
    (``_take_title_named``); before, "end" and "closing" were looked for as words on screen.

    Example:
        >>> end_card_as_last_title("when does the end card appear?")
        'when does the last title card appear?'
        >>> end_card_as_last_title("What does the closing title say?"), end_card_as_last_title("the end of the card")
        ('What does the last title card say?', 'the end of the card')
    """
    return _END_CARD.sub("last title card", text)


def _take_title_named(text: str) -> tuple[str, bool]:
    """``text`` without a title named only by its noun ("when does the title card come up?", "what does the
    opening title say?", "when is the heading on screen", "when does the intertitle come up?" (a silent film's card
    of words): ``_TITLE_NAMED``; not "the intertitle about the aviary" (what it says is named), "the title 'X'",
    "the title of the book", "the Big Buck Bunny title", "the headline reads storm hits coast"), and whether it
    had one. A
    title is what a video shows biggest, so whatever is read largest is it (``rule_plan``: ``ocr ''`` of size
    large); its noun is no word on screen.

    Example:
        >>> _take_title_named("when does the title card come up?")
        ('when does  ?', True)
        >>> _take_title_named("the title of the book"), _take_title_named("When is the title \ue0000\ue001 shown?")[1]
        (('the title of the book', False), False)
    """
    found = _TITLE_NAMED.search(text)
    if found is None:
        return text, False
    return text[: found.start()] + " " + text[found.end() :], True


def opening_title_named(text: str) -> bool:
    """Whether ``text`` names the title of the video only by its noun ("when is the title card shown?", "when does
    the title screen come up?"), with no order of its own: the card that opens a video, whose first showing is
    asked (an end card, as tall, is the last one: ``end_card_as_last_title``). Headings, headlines and
    intertitles come many to a video: none is the first by its noun.

    Example:
        >>> opening_title_named("when is the title card shown?"), opening_title_named("the last title card")
        (True, False)
        >>> opening_title_named("when does the headline appear?"), opening_title_named("the title of the book")
        (False, False)
    """
    found = _TITLE_NAMED.search(text)
    return found is not None and found.group("noun").lower() == "title" and not _ORDERED_TITLE.match(found.group())


_NTH_TEXT = re.compile(  # "the second slide", "the 3rd caption", "the second street sign": the nth of them shown
    rf"\b(?P<nth>{alternation(list(phrasing.NTH))})\s+(?:[\w-]+\s+)?(?:{alternation(sorted(_TEXTS))})\b", re.IGNORECASE
)


def nth_text_named(text: str) -> str | None:
    """The order ``text`` asks of a text it names by its noun after an ordinal, a word of its kind between or not
    ("when does the second slide appear?": "second", "the 3rd caption": "third", "the second street sign"), None
    where it names none: the nth showing of that text, as "first" and "last" are read (before, "second" was
    dropped as a word of counting and the slide asked was any).

    Example:
        >>> nth_text_named("when does the second slide appear?"), nth_text_named("when is the 3rd caption shown?")
        ('second', 'third')
        >>> nth_text_named("when does the second street sign appear?")
        'second'
        >>> nth_text_named("when does the second man speak?"), nth_text_named("the slide for the second time")
        (None, None)
    """
    found = _NTH_TEXT.search(text)
    return phrasing.NTH[found.group("nth").lower()] if found else None


_ORDERED_TITLE = re.compile(  # a title named with an order of its own: "the last title card", "the third title"
    rf"\W*(?:(?:the|its|a)\s+)?(?:\w+\s+)*?(?:first|last|final|next|{alternation(list(phrasing.NTH))})\b", re.IGNORECASE
)


def _take_credited_works(text: str, evidence: _Evidence) -> str:
    """ "Who wrote / directed / composed X", "who X was written by", "the author(s) of X", X a title
    (capitalised: "the Manifesto", "the poem The Road Not Taken", "Pride and Prejudice"): the title, read and
    heard, where its credit is given, and the credit line's usual forms (``CREDIT_ROLES``) on screen, ORed with
    it: a credit is mostly "X by Y", spoken or printed, with no role word, so the role words only add to the
    title's moments, never exclude them. "Who wrote it", "who wrote the book" name no title (``_take_credits``),
    and "the director of the FBI" is a post, not a credit (``_AUTHORS``: the roles that make a work).

    Example:
        >>> evidence = _Evidence()
        >>> _take_credited_works("Where does it say who wrote the Manifesto?", evidence)
        'Where does it say  , ?'
        >>> sorted({q for group in evidence.groups for _, q in group})
        ['Manifesto', 'author', 'writer', 'written by']
        >>> len(evidence.groups)
        1
    """
    pieces, last = [], 0
    credits = [m for m in _CREDIT.finditer(text) if _credited(text, m)]
    matches = sorted([*credits, *_CREDITED.finditer(text)], key=lambda m: m.start())
    for match in matches:
        if match.re is _CREDIT:
            span, role = _title_after(text, match.end()), next(filter(None, match.groups()))
        elif match.group("work") is not None:  # "who the Manifesto was written by"
            span, role = _title_after(text, match.start("work")), match.group("verb")
            span = span if span and span[1] <= match.end("work") else None
        else:  # "the author of X"
            span, role = _title_after(text, match.end()), match.group("role")
        if match.start() < last or span is None:
            continue
        role = CREDIT_VERBS.get(role.lower(), role.lower())
        forms = CREDIT_ROLES[role if role in CREDIT_ROLES else role[:-1]]
        title = [(tool, text[span[0] : span[1]]) for tool in TOOLS_FOR[EITHER]]
        evidence.add_calls([*title, *((tool, form) for form in forms for tool in TOOLS_FOR[SCREEN])])
        start = match.start()
        before = text[last:start].split()
        if match.re is _CREDITED and match.group("role") and before and before[-1].lower() in phrasing.DETERMINERS:
            start = text.rindex(before[-1], last, start)  # "the director of Metropolis": "the" too
        pieces.append(text[last:start] + " , ")
        last = max(span[1], match.end())
    return "".join(pieces) + text[last:]


def _title_after(text: str, start: int) -> tuple[int, int] | None:
    """Where the title of a work named just after ``text[start]`` stands: after at most a determiner and two
    common words ("the poem"), from a capitalised word to the last of a run of them and the small words
    between ("Pride and Prejudice", "The Road Not Taken"); None when the words after name no title ("it",
    "the book").

    Example:
        >>> text = "who wrote the poem The Road Not Taken and when"
        >>> span = _title_after(text, 9)
        >>> text[span[0] : span[1]], _title_after("who wrote the book?", 9)
        ('The Road Not Taken', None)
    """
    clause = re.split(r"[,.?!;:\ue000\ue002]", text[start:], maxsplit=1)[0]
    words = list(re.finditer(r"\S+", clause))
    capital = next((i for i, w in enumerate(words[:4]) if w.group(0)[:1].isupper()), None)
    if capital is None or sum(w.group(0).lower() not in phrasing.DETERMINERS for w in words[:capital]) > 2:
        return None
    end = capital
    for i in range(capital, len(words)):
        word = words[i].group(0)
        if word[:1].isupper() or word[:1].isdigit():
            end = i
        elif word.lower() not in phrasing.TITLE_SMALL_WORDS:
            break
    return start + words[capital].start(), start + words[end].end()


def _take_credits(text: str, evidence: _Evidence) -> str:
    """ "Who wrote / directed / narrated it", "who is the narrator", "who's listed as narrator": the credit line
    that says so, read
    on screen as its usual forms ("Written by", "Writer", "Author"), ORed; in a question of words said (speech found
    before it: "when is the title read out along with who wrote it?") said too, as an audiobook or a
    broadcast announces its credits. A verb whose object is a part of a programme, no work ("who presents the
    weather", "who hosts the quiz"), names its presenter beside the part, with no role word ("the weather with
    Rachel Green"): the part, read or heard, is ORed with the credit's forms.

    Example:
        >>> evidence = _Evidence()
        >>> _take_credits("who wrote it", evidence), evidence.groups
        ('  it', [(('ocr', 'written by'), ('ocr', 'writer'), ('ocr', 'author'))])
        >>> evidence = _Evidence()
        >>> evidence.add(TOOLS_FOR[SPEECH], "title")
        >>> _ = _take_credits("who wrote it", evidence)
        >>> sorted({tool for tool, _ in evidence.groups[-1]})
        ['ocr', 'subtitle', 'transcript']
        >>> evidence = _Evidence()
        >>> _take_credits("who presents the weather?", evidence).split(), evidence.groups[0][-3:]
        (['?'], (('ocr', 'weather'), ('transcript', 'weather'), ('subtitle', 'weather')))
    """
    said = any(tool in TOOLS_FOR[SPEECH] for group in evidence.groups for tool, _ in group)
    pieces, last = [], 0
    for match in _CREDIT.finditer(text):
        if not _credited(text, match):
            continue
        role = next(filter(None, match.groups()))
        forms = CREDIT_ROLES[CREDIT_VERBS.get(role.lower(), role.lower())]
        calls = [(tool, form) for form in forms for tool in TOOLS_FOR[EITHER if said else SCREEN]]
        end = match.end()
        segment = _SEGMENT.match(text, end)
        if segment and _A_WORK.match(text, end) is None:  # "who presents the weather": the weather, too
            calls += [(tool, segment.group("segment")) for tool in TOOLS_FOR[EITHER]]
            end = segment.end("segment")
        evidence.add_calls(calls)
        pieces.append(text[last : match.start()] + " ")
        last = end
    return "".join(pieces) + text[last:]


_SEGMENT = re.compile(  # what a credit verb has as object that is no work: "who presents the weather"
    r"\s+(?:the\s+)?(?P<segment>(?!(?:it|this|that|by|in|on|at|to|for|with)\b)[\w-]+(?:\s+[\w-]+)?)\s*(?=$|[,.?!;:])",
    re.I,
)


def _asked_address(nouns: tuple[str, ...]) -> re.Pattern[str]:
    """Where a question asks for an address by one of its ``nouns``: after "which" or "what" ("which website", "what's
    the URL", "what email address"), before an on-screen cue ("the web address shown", "the contact email on
    screen"), after a verb of showing ("when do they show the donation web address"), or all that is asked ("(find)
    the website address"); the noun is the group ``asked``, ``shown``, ``displayed`` or ``alone``."""
    noun = rf"\b(?:{alternation(list(nouns))})\b"
    return re.compile(
        rf"\b(?:which|what)(?:['’]s|\s+(?:is|was|are|were))?\s+(?:the\s+)?(?:[\w-]+\s+)?"
        rf"(?P<asked>{noun})|(?P<shown>{noun})\s+(?:(?:is|was|are|were|gets?)\s+)?"
        rf"(?:{alternation(list(phrasing.SHOWN_CUES))})\b"
        rf"|\b(?:{alternation(DISPLAY_VERBS)})\s+(?:the|a|an|their|its|his|her)\s+(?:[\w-]+\s+)?"
        rf"(?P<displayed>{noun})"
        rf"|^\s*(?:where(?:['’]s|\s+(?:is|was|are|were))?\s+)?(?:(?:the|a|an|their|its)\s+)?(?:[\w-]+\s+)?"
        rf"(?P<alone>{noun})\s*[?.!]*\s*$",
        re.I,
    )


class _Address(NamedTuple):
    """A kind of address asked by its noun: its ``nouns`` (``noun``: any of them; ``asked``: ``_asked_address``),
    and the calls that find any address of its kind, read or heard (``marks``)."""

    noun: re.Pattern[str]
    asked: re.Pattern[str]
    marks: tuple[tuple[str, str], ...]


def _address(nouns: tuple[str, ...], shown: tuple[str, ...], said: tuple[str, ...]) -> _Address:
    """The ``_Address`` of ``nouns``, read on screen by the marks ``shown`` and heard by those ``said``."""
    marks = (*((READ, mark) for mark in shown), *((tool, mark) for mark in said for tool in TOOLS_FOR[SPEECH]))
    noun = re.compile(rf"\b(?:{alternation(list(nouns))})\b", re.I)
    return _Address(noun, _asked_address(nouns), marks)


_ADDRESSES = (
    _address(WEB_ADDRESS_NOUNS, WEB_ADDRESS_SHOWN, WEB_ADDRESS_SAID),
    _address(EMAIL_ADDRESS_NOUNS, (form_query("email"),), (form_query("email"),)),
)
"""A web address, found by the marks every one is written with ("www", ".com") and Whisper writes one said with;
an email address, by its form (``{email}``: a word, "@", a domain; said "… at … dot org")."""
_NO_SITE_NAME = phrasing.DETERMINERS | phrasing.STOP | phrasing.WH_WORDS | phrasing.AUXILIARIES | {"which"}
_DISPLAY_VERB_WORDS = frozenset(verb.lower() for verb in DISPLAY_VERBS)


def _take_web_addresses(text: str, evidence: _Evidence, by_marks: bool = True) -> str:
    """An address asked for by its noun, a web address's (``WEB_ADDRESS_NOUNS``: "what web address is shown?",
    "which website does the reader give?", "when does he mention the URL?", "when is the website shown?") or an
    email address's (``EMAIL_ADDRESS_NOUNS``: "what email address is shown?", "when is the contact email on
    screen"): its noun is never what is read or said; the marks every address of its kind is written with are
    (``_ADDRESSES``: "www", ".com" on screen and "www", "dot com" as Whisper writes one said; an email's form),
    ORed. A group of calls the rules before found for the noun alone (said: "the URL") becomes those marks; a
    noun left in ``text`` that is asked (after "which" or "what") or shown adds them as a group of their own and
    leaves the text (unless not ``by_marks``: where the question names the place of the text, "which web address
    is printed in the bottom right corner?", whatever is read there is the address, ``screen_places``); a site
    visited ("entered the website") is left as it is. A noun after a verb of showing is one shown too ("when do
    they show the donation web address"), as is one that is all the question asks ("find the website address",
    "where's the URL?"), and a word naming its site or what it is for ("the github link", "the contact email")
    is read or said ORed with the marks: it may be in the address or the words around it, or in neither.

    Example:
        >>> evidence = _Evidence()
        >>> _take_web_addresses("what web address is shown?", evidence), evidence.groups[0][:2]
        ('what   is shown?', (('ocr', 'www'), ('ocr', 'http')))
        >>> evidence = _Evidence()
        >>> _take_web_addresses("When's the github link shown?", evidence), evidence.groups[0][:4]
        ("When's the   shown?", (('ocr', 'github'), ('transcript', 'github'), ('subtitle', 'github'), ('ocr', 'www')))
        >>> evidence = _Evidence([(("transcript", "the URL"), ("subtitle", "the URL"))])
        >>> _take_web_addresses("when does he mention ", evidence), evidence.groups[0][:2]
        ('when does he mention ', (('ocr', 'www'), ('ocr', 'http')))
        >>> evidence = _Evidence()
        >>> _take_web_addresses("what email address is shown?", evidence), evidence.groups
        ('what   is shown?', [(('ocr', '{email}'), ('transcript', '{email}'), ('subtitle', '{email}'))])
    """
    for address in _ADDRESSES:
        named = [i for i, group in enumerate(evidence.groups) if all(_names_an(address, q) for _, q in group)]
        for i in named:
            evidence.groups[i] = address.marks
        matches = address.asked.finditer(text)
        asked = [next(m.span(g) for g in ("asked", "shown", "displayed", "alone") if m.group(g)) for m in matches]
        sites = [_site_named(text, start) for start, _ in asked]
        if asked and not named and by_marks:
            site_calls = ((tool, site.group(1)) for site in sites if site for tool in TOOLS_FOR[EITHER])
            evidence.add_calls((*site_calls, *address.marks))
        for (start, end), site in reversed(list(zip(asked, sites, strict=True))):
            text = text[: site.start() if site else start] + " " + text[end:]
    return text


def _site_named(text: str, noun_start: int) -> re.Match[str] | None:
    """The word right before the address noun at ``text[noun_start]`` when it names the address's site or
    what it is for ("the github link", "the donation web address", "the zoo's website": a word of the address or
    of the text around it; its group 1, without the possessive), not a determiner, a question word or a verb of
    showing ("what web address", "show the URL").

    Example:
        >>> text = "when do they show the donation web address"
        >>> _site_named(text, text.index("web")).group(1), _site_named(text, text.index("donation"))
        ('donation', None)
        >>> text = "When is the zoo's website address shown?"
        >>> _site_named(text, text.index("website")).group(1)
        'zoo'
    """
    before = list(re.finditer(r"([\w-]+)(?:['’]s\b)?", text[:noun_start]))
    if not before or text[before[-1].end() : noun_start].strip():
        return None
    word = before[-1].group(1).lower()
    return None if word in _NO_SITE_NAME or word in _DISPLAY_VERB_WORDS else before[-1]


def _names_an(address: _Address, query: str) -> bool:
    """Whether ``query`` is only a noun of ``address`` after determiners ("the URL", "the email")."""
    words = [w for w in query.split() if w.lower() not in phrasing.DETERMINERS]
    return bool(words) and address.noun.fullmatch(" ".join(words)) is not None


def _looks_written(word: str) -> bool:
    """Whether a word (no spaces) looks like text to read rather than a word of the question: it has a letter
    or digit and a digit ("404"), a symbol of paths, times, addresses or codes ("/usr", "10:42", "@vqdb"), or
    is in capitals ("EXIT", "A4")."""
    marked = any(c.isdecimal() or c in "/:#@._\\-" for c in word)
    capitals = (
        len(word) >= 2
        and all("A" <= c <= "Z" for c in word[:2])
        and all("A" <= c <= "Z" or "0" <= c <= "9" for c in word)
    )
    return _has_alnum(word) and (marked or capitals)


def _split_on_as(phrase: str) -> list[str]:
    """``phrase`` split where "as" stands between spaces ("listed as delayed": each part its own text)."""
    parts, last = [], 0
    for word in WORD.finditer(phrase):
        start, end = word.span()
        if word.group(0).lower() != "as" or start - 1 < last or not phrase[start - 1].isspace():
            continue
        if end < len(phrase) and phrase[end].isspace():
            parts.append(phrase[last : len(phrase[:start].rstrip())])
            last = len(phrase) - len(phrase[end:].lstrip())
    return [*parts, phrase[last:]]
