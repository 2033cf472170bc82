"""Text normalization for matching what was read or heard against what was asked, defined once.

OCR and speech recognition write the same words differently from a question: case, punctuation and
accents differ; Whisper writes "25" where a question says "twenty-five" (or the reverse), British
spellings where it says American ones, "touch down" for "touchdown". ``canonical`` maps each of those
to one form, so two texts that say the same thing compare equal word for word:

* Unicode NFKC, case folded, accents removed, curly quotes and dashes made plain;
* anything but letters and digits separates words (apostrophes inside words are dropped: "don't" -> "dont");
* numbers become digits: "twenty-five" -> "25", "one hundred and five" -> "105", "nineteen eighty-four"
  -> "1984", "3,000" -> "3000", "fifth" / "5th" -> "5th", "three point five" -> "3.5"; a century named by its
  years is its ordinal: "the 1400s" / "the fourteen hundreds" -> "the 15th century" (as a voice says it); a
  decade is its digits: "the nineteen-sixties" / "the 1960's" -> "the 1960s", "the sixties" -> "the 60s";
* British spellings become American ones ("colour" -> "color", "centre" -> "center"), from a word list;
* symbols said as words are words: "10%" -> "10 percent", "£250" -> "250 pounds", "R&D" -> "r and d".

Joined and split compounds ("touch down" / "touchdown") are left to the caller: compare
``squash(canonical(a))`` strings, which drop the spaces. Times and other numbers whose separator OCR
misreads ("19:15" read as "19.15") compare alike after ``split_numbers``; letters OCR confuses ("rn"
and "m", "0" and "o") after ``glyph_key``; an ordinal whose digits OCR read as letters ("Znd") after
``ordinal_as_digits``; a text with symbols OCR dropped ("{250" for "£250") after ``without_symbols``; words
that sound alike after ``sound_key``; forms of an irregular verb ("wrote", "written") after ``base_form``.

Example:
    >>> canonical("The Colour of Twenty-Five Centres!")
    'the color of 25 centers'
    >>> canonical("It’s 3,000 metres — the 2nd time")
    'its 3000 meters the 2nd time'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

_FUNCTION_WORDS = """a an the and or but of to in on at by for with from as into onto about over under up down off
    out is are was were be been being am do does did has have had will would can could shall should may might
    must i me my we us our you your he him his she her it its they them their this that these those there
    here what which who whom whose when where why how not no so than then too very just also only"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())  # words that hold a sentence together, not what it is about
NEGATIONS = frozenset({"not", "no", "never"})  # words that turn what is said into its opposite
_NOT_CONTRACTED = """dont doesnt didnt wont cant cannot isnt arent wasnt werent shouldnt wouldnt couldnt havent hasnt
    hadnt mustnt neednt aint"""
NEGATING = NEGATIONS | frozenset(_NOT_CONTRACTED.split())  # a negation, or a verb with "n't" as ``words`` writes it
# letters of scripts written without spaces (CJK ideographs, kana, Thai, Lao, Myanmar, Khmer): each one a word
UNSPACED_LETTERS = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
UNSPACED = re.compile(f"[{UNSPACED_LETTERS}]+")  # a run of them: one token to a full-text tokenizer
_WORD = re.compile(  # a separator joins digits only
    rf"[0-9]+(?:[.,][0-9]+)+|[{UNSPACED_LETTERS}]|[^\W_{UNSPACED_LETTERS}]+", re.UNICODE
)
_APOSTROPHES = str.maketrans({"’": "", "'": "", "ʼ": "", "‘": ""})

_UNITS = {
    "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_DECADES = {f"{word[:-1]}ies": value for word, value in _TENS.items() if word != "fourty"}  # "sixties": the 60s
_DECADE_CENTURIES = {str(n) for n in range(11, 21)}  # "nineteen" of "nineteen-sixties"
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70,
    "eightieth": 80, "ninetieth": 90, "hundredth": 100, "thousandth": 1000, "millionth": 1_000_000,
}  # fmt: skip
_ORDINAL_DIGITS = re.compile(r"^([0-9]+)(st|nd|rd|th)$")
_SYMBOL_WORDS = {"%": "percent", "&": "and", "£": "pounds", "$": "dollars", "€": "euros", "¥": "yen"}
_CURRENCY_BEFORE = re.compile(r"([£$€¥])\s?(\d[\d,.]*\d|\d)")
_SYMBOL = re.compile(r"[%&£$€¥]")
_NUMBER_WORDS = set(_UNITS) | set(_TENS) | set(_SCALES) | set(_ORDINALS)
_NUMBER_STARTS = _NUMBER_WORDS | {"a"}  # the words a number said in words can start with ("a hundred")

# British -> American, the common words of subtitles, captions and speech (inflections are generated).
_BRITISH_STEMS = {
    "colour": "color", "favour": "favor", "flavour": "flavor", "honour": "honor", "humour": "humor",
    "labour": "labor", "neighbour": "neighbor", "rumour": "rumor", "behaviour": "behavior",
    "harbour": "harbor", "armour": "armor", "vapour": "vapor", "vigour": "vigor", "endeavour": "endeavor",
    "odour": "odor", "savour": "savor", "splendour": "splendor", "glamour": "glamor", "parlour": "parlor",
    "centre": "center", "theatre": "theater", "metre": "meter", "litre": "liter", "fibre": "fiber",
    "calibre": "caliber", "sombre": "somber", "spectre": "specter", "lustre": "luster", "meagre": "meager",
    "sabre": "saber", "kilometre": "kilometer", "centimetre": "centimeter", "millimetre": "millimeter",
    "organise": "organize", "organisation": "organization", "realise": "realize", "recognise": "recognize",
    "apologise": "apologize", "criticise": "criticize", "emphasise": "emphasize", "memorise": "memorize",
    "minimise": "minimize", "maximise": "maximize", "optimise": "optimize", "prioritise": "prioritize",
    "summarise": "summarize", "standardise": "standardize", "specialise": "specialize",
    "visualise": "visualize", "utilise": "utilize", "finalise": "finalize", "authorise": "authorize",
    "characterise": "characterize", "civilisation": "civilization", "globalisation": "globalization",
    "modernise": "modernize", "sympathise": "sympathize", "categorise": "categorize",
    "analyse": "analyze", "paralyse": "paralyze", "catalyse": "catalyze", "breathalyse": "breathalyze",
    "catalogue": "catalog", "dialogue": "dialog", "analogue": "analog", "monologue": "monolog",
    "defence": "defense", "offence": "offense", "licence": "license", "pretence": "pretense",
    "travelled": "traveled", "travelling": "traveling", "traveller": "traveler", "cancelled": "canceled",
    "cancelling": "canceling", "labelled": "labeled", "labelling": "labeling", "modelled": "modeled",
    "modelling": "modeling", "fuelled": "fueled", "levelled": "leveled", "signalled": "signaled",
    "counsellor": "counselor", "jewellery": "jewelry", "marvellous": "marvelous",
    "grey": "gray", "programme": "program", "tyre": "tire", "kerb": "curb", "cheque": "check",
    "aluminium": "aluminum", "plough": "plow", "sceptical": "skeptical", "mould": "mold",
    "moustache": "mustache", "pyjamas": "pajamas", "storey": "story", "draught": "draft",
    "manoeuvre": "maneuver", "paediatric": "pediatric", "encyclopaedia": "encyclopedia",
    "oestrogen": "estrogen", "anaesthetic": "anesthetic", "haemoglobin": "hemoglobin",
    "foetus": "fetus", "ageing": "aging", "judgement": "judgment", "acknowledgement": "acknowledgment",
    "enrol": "enroll", "fulfil": "fulfill", "skilful": "skillful", "wilful": "willful", "instalment": "installment",
}  # fmt: skip
_SUFFIXES = ("", "s", "ed", "ing", "er", "ers", "ful", "ite", "ites", "able", "al", "ally", "less", "ation", "ations")


# Irregular English verbs: base form, past, past participle (a question asks "who wrote", the credits say
# "written by"; "what did she say" / "as he said"). Regular forms are close enough for fuzzy matching.
_IRREGULAR_VERBS = """
arise arose arisen; awake awoke awoken; be was were been is are am; bear bore born borne; beat beat beaten;
become became become; begin began begun; bend bent bent; bet bet bet; bid bid bid; bind bound bound;
bite bit bitten; bleed bled bled; blow blew blown; break broke broken; breed bred bred; bring brought brought;
broadcast broadcast broadcast; build built built; burn burnt burnt; buy bought bought; catch caught caught;
choose chose chosen; cling clung clung; come came come; cost cost cost; creep crept crept; cut cut cut;
deal dealt dealt; dig dug dug; do did done does; draw drew drawn; dream dreamt dreamt; drink drank drunk;
drive drove driven; eat ate eaten; fall fell fallen; feed fed fed; feel felt felt; fight fought fought;
find found found; flee fled fled; fly flew flown; forbid forbade forbidden; forget forgot forgotten;
forgive forgave forgiven; freeze froze frozen; get got gotten; give gave given; go went gone goes;
grow grew grown; hang hung hung; have had has; hear heard heard; hide hid hidden;
hit hit hit; hold held held; hurt hurt hurt; keep kept kept; kneel knelt knelt; know knew known;
lay laid laid; lead led led; lean leant leant; leap leapt leapt; learn learnt learnt; leave left left;
lend lent lent; let let let; light lit lit; lose lost lost; make made made; mean meant meant;
meet met met; pay paid paid; put put put; quit quit quit; read read read; ride rode ridden; ring rang rung;
rise rose risen; run ran run; say said said says; see saw seen; seek sought sought; sell sold sold;
send sent sent; set set set; shake shook shaken; shine shone shone; shoot shot shot; show showed shown;
shrink shrank shrunk; shut shut shut; sing sang sung; sink sank sunk; sit sat sat; sleep slept slept;
slide slid slid; speak spoke spoken; speed sped sped; spend spent spent; spin spun spun; spit spat spat;
split split split; spread spread spread; spring sprang sprung; stand stood stood; steal stole stolen;
stick stuck stuck; sting stung stung; stink stank stunk; strike struck struck; swear swore sworn;
sweep swept swept; swim swam swum; swing swung swung; take took taken; teach taught taught; tear tore torn;
tell told told; think thought thought; throw threw thrown; understand understood understood; wake woke woken;
wear wore worn; weave wove woven; weep wept wept; win won won; withdraw withdrew withdrawn;
write wrote written; overcome overcame overcome; undertake undertook undertaken; undo undid undone;
rewrite rewrote rewritten; foresee foresaw foreseen; mislead misled misled; outdo outdid outdone
"""


@lru_cache(maxsize=1)
def _base_forms() -> dict[str, str]:
    table: dict[str, str] = {}
    for entry in _IRREGULAR_VERBS.split(";"):
        base, *forms = entry.split()
        for form in forms:
            table.setdefault(form, base)
    return table


def base_form(word: str) -> str:
    """The base form of an irregular English verb ("wrote", "written" -> "write"); other words as given.

    For matching a question's verb with the text's: "Who wrote it?" against "Written by Sam Carter".

    Example:
        >>> [base_form(w) for w in ("wrote", "written", "said", "sung", "writer")]
        ['write', 'write', 'say', 'sing', 'writer']
    """
    return _base_forms().get(word, word)


@lru_cache(maxsize=1)
def _british() -> dict[str, str]:
    table: dict[str, str] = {}
    for british, american in _BRITISH_STEMS.items():
        for suffix in _SUFFIXES:
            b, a = _inflect(british, suffix), _inflect(american, suffix)
            table.setdefault(b, a)
    return table


def _inflect(stem: str, suffix: str) -> str:
    if suffix and stem.endswith("e") and suffix[0] in "aei":
        return stem[:-1] + suffix
    return stem + suffix


def words(text: str) -> list[str]:
    """The words of ``text``, folded (NFKC, lower case, accents and inner apostrophes removed); a letter of a
    script written without spaces (``UNSPACED_LETTERS``) is a word of its own, as full-text search engines
    split them (Lucene's standard tokenizer), so a phrase of it is found inside a longer line.

    Example:
        >>> words("Café DON'T — 3,000.5 km/h")
        ['cafe', 'dont', '3,000.5', 'km', 'h']
        >>> words("请点击上传 video2上传")
        ['请', '点', '击', '上', '传', 'video2', '上', '传']
    """
    text = unicodedata.normalize("NFKC", str(text)).translate(_APOSTROPHES).casefold()
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return _WORD.findall(text)


def canonical_words(text: str) -> list[str]:
    """``words(text)`` with numbers as digits and British spellings American (see the module doc).

    Example:
        >>> canonical_words("one hundred and five grey tyres")
        ['105', 'gray', 'tires']
        >>> canonical_words("Save 10% — £3,000 a year")
        ['save', '10', 'percent', '3000', 'pounds', 'a', 'year']
        >>> canonical("in the 1400s"), canonical("the fourteen hundreds"), canonical("100s of fans, the 2000s")
        ('in the 15th century', 'the 15th century', '100s of fans the 2000s')
        >>> canonical("the nineteen-sixties"), canonical("the 1960's"), canonical("the sixties")
        ('the 1960s', 'the 1960s', 'the 60s')
    """
    return [token for token, _, _ in _canonical_tokens(words(_spell_symbols(text)))]


def canonical_spans(texts: Sequence[str]) -> list[tuple[str, int, int]]:
    """The canonical words of ``texts`` read one after another (the words of a transcript, the cues of
    subtitles), each with the index of the first and the last text it comes from: a number said in
    several words ("nineteen", "eighty-four") is one word made from several texts.

    Example:
        >>> canonical_spans(["In", "nineteen", "eighty-four,", "grey"])
        [('in', 0, 0), ('1984', 1, 2), ('gray', 3, 3)]
        >>> canonical_spans(["Hello there", "world!"])
        [('hello', 0, 0), ('there', 0, 0), ('world', 1, 1)]
    """
    tokens: list[str] = []
    origin: list[int] = []
    for i, text in enumerate(texts):
        piece = _piece_words(text)
        tokens += piece
        origin += [i] * len(piece)
    return [(token, origin[first], origin[last]) for token, first, last in _canonical_tokens(tokens)]


@lru_cache(maxsize=200_000)
def _piece_words(text: str) -> tuple[str, ...]:
    """The words of one piece of a timed text, symbols spelled (kept per piece: a transcript says the same
    words again and again, and every search reads the same transcripts)."""
    return tuple(words(_spell_symbols(text)))


def _spell_symbols(text: str) -> str:
    """``text`` with the symbols read as words ("10%" -> "10 percent ", "£3" -> "3 pounds ", "&" -> " and ")."""
    text = _CURRENCY_BEFORE.sub(lambda m: f"{m.group(2)} {_SYMBOL_WORDS[m.group(1)]} ", str(text))
    return _SYMBOL.sub(lambda m: f" {_SYMBOL_WORDS[m.group(0)]} ", text)


def without_symbols(text: str) -> str:
    """``text`` without the symbols ``canonical`` says as words ("%", "&", "£", "$", "€", "¥"): what a read
    shows when OCR drops a symbol or misreads it as punctuation ("{250" for "£250", "10" for "10%").

    Example:
        >>> canonical(without_symbols("£250 a month, R&D 10%"))
        '250 a month r d 10'
    """
    return _SYMBOL.sub(" ", str(text))


def _canonical_tokens(tokens: list[str]) -> list[tuple[str, int, int]]:
    """Each canonical word with the positions in ``tokens`` of the first and last word it was made from."""
    british = _british()
    out: list[tuple[str, int, int]] = []
    spoken: set[int] = set()  # positions in ``out`` of numbers said in words (only those can be a year's halves)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        value, used = _number_at(tokens, i) if token in _NUMBER_STARTS else ("", 0)
        if used and _said_century(tokens, i + used, value):
            out += [(word, i, i + used) for word in _century(int(value))]  # "fourteen hundreds"
            i += used + 1
            continue
        if used:
            spoken.add(len(out))
            out.append((value, i, i + used - 1))
            i += used
            continue
        if token in _DECADES:  # "the sixties" -> "60s", "nineteen-sixties" -> "1960s", as "1960's" is written
            century = out[-1][0] if out and len(out) - 1 in spoken and out[-1][0] in _DECADE_CENTURIES else ""
            if century:
                spoken.discard(len(out) - 1)
            first = out.pop()[1] if century else i
            out.append((f"{century}{_DECADES[token]}s", first, i))
        elif not token[0].isdigit():
            out.append((british.get(token, token), i, i))
        elif _HUNDREDS.fullmatch(token):  # "the 1400s"
            out += [(word, i, i) for word in _century(int(token[:2]))]
        else:
            out.append((token if _ORDINAL_DIGITS.match(token) else _plain_number(token), i, i))
        i += 1
    return _join_years(out, spoken)


def _said_century(tokens: list[str], after: int, value: str) -> bool:
    """Whether the number ``value`` said before ``tokens[after]`` names a century by its years ("fourteen
    hundreds"), not hundreds of something ("twelve hundreds of soldiers") nor an ordinal ("the first hundreds").

    Example:
        >>> _said_century(["fourteen", "hundreds"], 1, "14"), _said_century(["first", "hundreds"], 1, "1st")
        (True, False)
        >>> _said_century(["twelve", "hundreds", "of", "soldiers"], 1, "12")
        False
    """
    return (
        tokens[after : after + 1] == ["hundreds"]
        and tokens[after + 1 : after + 2] != ["of"]
        and value.isdigit()
        and 11 <= int(value) <= 20
    )


_HUNDREDS = re.compile(r"1[1-9]00s")  # "the 1400s"; not "100s of fans", "1000s" (thousands) or "2000s" (a decade)


def _century(hundreds: int) -> tuple[str, str]:
    """The century of the years ``hundreds`` hundred and some ("the 1400s", "the fourteen hundreds"), as a voice
    and a transcript say it: 14 -> ("15th", "century")."""
    return f"{hundreds + 1}{_ordinal_suffix(hundreds + 1)}", "century"


def written_forms(word: str) -> tuple[str, ...]:
    """The one-word spellings a canonical ``word`` stands for in text as written: itself, and for a number or
    ordinal in digits the word that says it ("1st": "first", "7": "seven", "20": "twenty"), as a full-text index
    holds them.

    Example:
        >>> written_forms("1st"), written_forms("20"), written_forms("exit")
        (('1st', 'first'), ('20', 'twenty'), ('exit',))
    """
    ordinal = _ORDINAL_DIGITS.match(word)
    table, value = (_ORDINALS, ordinal.group(1)) if ordinal else ({**_UNITS, **_TENS}, word)
    if not value.isdigit():
        return (word,)
    return (word, *(name for name, n in table.items() if n == int(value) and name not in ("oh", "fourty")))


def canonical(text: str) -> str:
    """``canonical_words(text)`` joined by single spaces.

    Example:
        >>> canonical("Ask NOT what your country can do — for YOU!")
        'ask not what your country can do for you'
    """
    return " ".join(canonical_words(text))


def squash(text: str) -> str:
    """``text`` without spaces, for comparing words that one side joins and the other splits.

    Example:
        >>> squash(canonical("touch down")) == squash(canonical("Touchdown"))
        True
    """
    return text.replace(" ", "")


DIGIT_LOOKALIKES = ("OoIl|", "00111")  # letters OCR reads for digits, and the digits they stand for
_AS_DIGITS = str.maketrans(*DIGIT_LOOKALIKES)
_NUMBER_CHAR = rf"[\d{re.escape(DIGIT_LOOKALIKES[0])}.,:;/+-]"  # a digit, a look-alike or a mark between numbers
_NUMBER = re.compile(rf"(?:{_NUMBER_CHAR}*\d){{2}}{_NUMBER_CHAR}*")  # two digits or more


_LOOKALIKE_RUN = re.compile(rf"(?<![^\W\d_])[{re.escape(DIGIT_LOOKALIKES[0])}]+(?![^\W\d_])")  # no letter beside


def as_digits(word: str) -> str:
    """``word`` (one that holds a digit) with the letters OCR reads for digits (``DIGIT_LOOKALIKES``: O and o
    for 0, I, l and | for 1) written as those digits where no other letter stands beside them: a number's
    misread strokes ("O0:l5", "Save1O%"), not the letters of a name written with digits ("lib64", "COVID19",
    "iOS16"), which a recognizer reads as letters because they are.

    Example:
        >>> as_digits("O0:l5"), as_digits("2O1I"), as_digits("Step2Save1O%")
        ('00:15', '2011', 'Step2Save10%')
        >>> as_digits("lib64"), as_digits("COVID19"), as_digits("5lb")
        ('lib64', 'COVID19', '5lb')
    """
    return _LOOKALIKE_RUN.sub(lambda run: run.group().translate(_AS_DIGITS), word)


_ORDINAL_LOOKALIKES = (DIGIT_LOOKALIKES[0] + "ZzSB", DIGIT_LOOKALIKES[1] + "2258")  # in an ordinal, Z, S, B too
LOOKALIKES_AS_DIGITS = str.maketrans(*_ORDINAL_LOOKALIKES)  # each letter OCR reads for a digit, as that digit
_ORDINAL_READ = re.compile(rf"([\d{re.escape(_ORDINAL_LOOKALIKES[0])}]+)(st|nd|rd|th|ST|ND|RD|TH)")


def ordinal_as_digits(word: str) -> str:
    """An ordinal whose digits OCR read as letters ("Znd", "lst", "IIth"; Z for 2, S for 5, B for 8 as well as
    ``DIGIT_LOOKALIKES``) written with digits, when its suffix is the number's ("2nd", "1st", "11th"); other
    words as they are ("Ist" is "1st", but "Ind" would be "1nd", so it is left as read).

    Example:
        >>> ordinal_as_digits("Znd"), ordinal_as_digits("lOTH"), ordinal_as_digits("Ind"), ordinal_as_digits("Ost")
        ('2nd', '10th', 'Ind', 'Ost')
    """
    found = _ORDINAL_READ.fullmatch(word)
    if found is None:
        return word
    digits, suffix = found.group(1).translate(LOOKALIKES_AS_DIGITS), found.group(2).lower()
    return f"{digits}{suffix}" if digits[0] != "0" and _ordinal_suffix(int(digits)) == suffix else word


def digits_in_numbers(text: str) -> str:
    """``text`` with the digit look-alikes (``as_digits``) of each word that is a number read as digits: a word
    made only of digits, look-alikes and the marks between numbers (``.,:;/+-``), with two digits or more. A
    recognizer reads a round or upright stroke with no letter beside it either way (a timecode's "00" as
    "Oo", "15" as "l5"); in such a word it is a digit. Words with another letter are left as read.

    Example:
        >>> digits_in_numbers("Oo:00:07;00"), digits_in_numbers("TC 1O:0O"), digits_in_numbers("2O13 l9:l5")
        ('00:00:07;00', 'TC 10:00', '2013 19:15')
        >>> digits_in_numbers("Oo"), digits_in_numbers("O2 CO2 H2O"), digits_in_numbers("Room 1O1 | lib64")
        ('Oo', 'O2 CO2 H2O', 'Room 101 | lib64')
    """
    return re.sub(r"\S+", lambda found: _number_as_digits(found.group()), text)


def _number_as_digits(word: str) -> str:
    return as_digits(word) if _NUMBER.fullmatch(word) else word


_GLYPH_PAIRS = (("rn", "m"), ("vv", "w"), ("uu", "w"))
_GLYPHS = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l", "!": "l", "5": "s", "8": "b", "e": "c"})
_LOOSE_GLYPHS = str.maketrans({"a": "o", "h": "n", "u": "v"})
LOOSE_MIN = 7  # the loose letters count in a word (a run of letters) of at least this many characters


def glyph_key(word: str, pairs: bool = True, loose: bool = False) -> str:
    """``word`` with the letters OCR confuses for one another made the same ("rn"/"m", "vv"/"w", "0"/"o",
    "1"/"l"/"i", "5"/"s", "8"/"b", "e"/"c"), so a misread word and the word compare equal. With
    ``pairs=False`` only letter for letter (for words run together, where a pair may span two words).

    With ``loose=True``, in a word of at least ``LOOSE_MIN`` characters, also the letters OCR confuses that
    often make another word: "a"/"o" (EasyOCR reads "Initiate Search Program" as "Initiote Seorc Progrom"
    in some fonts), "h"/"n" ("Ecno" for "Echo"), "u"/"v". Of the 30,000 commonest English words (wordfreq),
    those sharing a loose key with another are 21% of the 4-letter words ("on"/"an", "home"/"name"), 8.9% of
    5, 4.1% of 6 ("farmer"/"former"), 2.5% of 7 and 1% of 8; the letter-for-letter key shares 2.8% of the
    4-letter words, which the grades already match exactly. So a shorter word keeps them apart.

    Example:
        >>> glyph_key("kecp") == glyph_key("keep"), glyph_key("C0rner") == glyph_key("comer")
        (True, True)
        >>> glyph_key("t0wernarrat0r"), glyph_key("t0wernarrat0r", pairs=False)
        ('towcmarrator', 'towcrnarrator')
        >>> glyph_key("Progrom", loose=True) == glyph_key("program", loose=True), glyph_key("an", loose=True)
        (True, 'an')
    """
    word = word.lower().translate(_GLYPHS)  # letters first, so both sides reach the same pairs
    if loose and len(word) >= LOOSE_MIN:
        word = word.translate(_LOOSE_GLYPHS)
    if not pairs:  # only letter for letter: words run together may form a pair across their boundary
        return word
    for pair, glyph in _GLYPH_PAIRS:
        word = word.replace(pair, glyph)
    return word


def pairs_spelled(key: str) -> str:
    """A letter-for-letter glyph key (``glyph_key(word, pairs=False)``) with each letter OCR reads as two
    spelled as those two ("w" as "vv", "m" as "rn"): the form of a query word to find in words run together,
    whose read keeps its pairs (a pair there may span two words, so the read's cannot be made one letter).

    Example:
        >>> pairs_spelled(glyph_key("tower", pairs=False)) in glyph_key("tovvernarrat0r", pairs=False)
        True
    """
    return key.replace("w", "vv").replace("m", "rn")


_SOUND_SPELLINGS = (
    (re.compile(r"^(?:kn|gn|pn|wr)"), lambda m: m.group(0)[1]),  # silent first letters
    (re.compile(r"mb$"), lambda m: "m"),
    (re.compile(r"gh$|ph"), lambda m: "f"),  # "tough", "phone"
    (re.compile(r"gh"), lambda m: ""),  # "night"
    (re.compile(r"tch|sch|ch|sh|ti(?=[ao])|ci(?=[ao])"), lambda m: "X"),  # "nation", "special"
    (re.compile(r"th"), lambda m: "T"),
    (re.compile(r"c(?=[eiy])"), lambda m: "s"),
    (re.compile(r"ck|c|q"), lambda m: "k"),
    (re.compile(r"x"), lambda m: "ks"),
    (re.compile(r"dg(?=[eiy])"), lambda m: "j"),
    (re.compile(r"wh"), lambda m: "w"),
)
_VOICED = str.maketrans({"v": "f", "z": "s", "d": "t", "b": "p", "g": "k", "j": "X"})
_LATER_VOWELS = re.compile(r"(?<=.)(?:[aeiouyw]|h(?![aeiouy]))")  # an "h" before a vowel is said ("Fraunhofer")


@lru_cache(maxsize=100_000)
def sound_key(word: str) -> str:
    """How ``word`` sounds, as a consonant skeleton (in the spirit of Metaphone): spellings of one sound
    made one letter, voiced and unvoiced pairs merged (v/f, d/t, z/s...), vowels after the first letter,
    an "h" not followed by a vowel, and doubled letters dropped. Speech recognition writes near-homophones
    ("live tough" for "liftoff", "Guttenberg" for "Gutenberg", "frown hofer" for "Fraunhofer"); their keys,
    joined word after word, are equal. Digits are kept.

    Metaphone itself (``jellyfish.metaphone``) drops digits, writes "th" as "0" and says nothing for the
    "gh" of "tough", so "live tough" would not sound like "liftoff".

    Example:
        >>> sound_key("liftoff"), sound_key("live") + sound_key("tough")
        ('lftf', 'lftf')
        >>> sound_key("Gutenberg") == sound_key("Guttenberg"), sound_key("centre") == sound_key("center")
        (True, True)
        >>> sound_key("Fraunhofer"), sound_key("frown") + sound_key("hofer"), sound_key("Sarah")
        ('frnhfr', 'frnhfr', 'sr')
        >>> sound_key("knight"), sound_key("nation"), sound_key("1455")
        ('nt', 'nXn', '1455')
    """
    key = word.lower()
    for spelling, sound in _SOUND_SPELLINGS:
        key = spelling.sub(sound, key)
    key = _LATER_VOWELS.sub("", key.translate(_VOICED))
    return re.sub(r"([^\d])\1+", r"\1", key)


def split_numbers(tokens: list[str]) -> list[str]:
    """``tokens`` with each number split at its separators into digit groups.

    A time, date or code is written "19:15", read by OCR as "19.15" or "19,15" and spoken as "7.45"
    for "seven forty-five": split into groups, every reading is the same words. Thousands separators
    are gone already (``canonical_words`` writes "3,000" as "3000"); a decimal splits too ("3.5" ->
    "3", "5"), the same way on both sides of a comparison.

    Example:
        >>> split_numbers(canonical_words("Sunset 19.15, call 020 7946 0018"))
        ['sunset', '19', '15', 'call', '020', '7946', '0018']
        >>> split_numbers(canonical_words("19:15")) == split_numbers(canonical_words("19,15"))
        True
    """
    out: list[str] = []
    for token in tokens:
        if token[0].isdigit() and ("." in token or "," in token):
            out += [group for group in re.split(r"[.,]", token) if group]
        else:
            out.append(token)
    return out


def _plain_number(token: str) -> str:
    """ "3,000" -> "3000", "3,000.50" -> "3000.50"; a comma followed by other than 3 digits is a decimal."""
    if "," in token:
        head, *rest = token.split(",")
        if all(len(part.split(".")[0]) == 3 for part in rest):
            return head + "".join(rest)
        return token.replace(",", ".")
    return token


def _number_at(tokens: list[str], start: int) -> tuple[str, int]:
    """The number spelled out by the words from ``start`` on, and how many words it used (0: none).

    ``small`` is the part below a hundred being read, ``last`` the kind of the previous word: a unit may
    follow only a tens word ("twenty one"), so "ten nine eight" is three numbers, as a countdown is.
    """
    first = tokens[start]
    if first in ("zero", "oh"):
        follows = start + 1 < len(tokens) and tokens[start + 1] in _UNITS
        return ("0", 1) if first == "zero" or follows else ("", 0)
    total, small, last, i = 0, 0, "", start
    while i < len(tokens):
        word = tokens[i]
        if word == "a" and not last and i + 1 < len(tokens) and tokens[i + 1] in _SCALES:
            small, last = 1, "unit"
        elif word in _UNITS and word not in ("zero", "oh"):
            value = _UNITS[word]
            if not (small % 100 == 0 or (last == "tens" and value < 10)):
                break
            small, last = small + value, "unit"
        elif word in _TENS:
            if small % 100:
                break
            small, last = small + _TENS[word], "tens"
        elif word in _SCALES and last:
            if _SCALES[word] == 100:
                if last == "scale" or small >= 100:
                    break
                small, last = small * 100, "scale"
            else:
                total, small, last = total + max(small, 1) * _SCALES[word], 0, "scale"
        elif word == "and" and last == "scale" and i + 1 < len(tokens) and tokens[i + 1] in _NUMBER_WORDS:
            i += 1
            continue
        elif word in _ORDINALS and (not last or last in ("tens", "scale") or _ORDINALS[word] >= 100):
            value = _ORDINALS[word]
            value = (total + max(small, 1)) * value if value >= 100 and last else total + small + value
            return f"{value}{_ordinal_suffix(value)}", i - start + 1
        elif word == "point" and last and i + 1 < len(tokens) and tokens[i + 1] in _UNITS:
            digits, j = [], i + 1
            while j < len(tokens) and tokens[j] in _UNITS and _UNITS[tokens[j]] < 10:
                digits.append(str(_UNITS[tokens[j]]))
                j += 1
            return f"{total + small}.{''.join(digits)}", j - start
        else:
            break
        i += 1
    if not last:
        return "", 0
    while tokens[i - 1] == "and":  # a trailing "and" is not part of the number
        i -= 1
    return str(total + small), i - start


def _ordinal_suffix(value: int) -> str:
    return "th" if value % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")


def _join_years(tokens: list[tuple[str, int, int]], spoken: set[int]) -> list[tuple[str, int, int]]:
    """ "19 84" (as "nineteen eighty-four" parses) -> "1984"; "20 0 5" ("twenty oh five") -> "2005".

    Only numbers said in words (positions in ``spoken``) join: "19:15" written in digits stays a time.
    """
    out: list[tuple[str, int, int]] = []
    i = 0  # the first token not in ``out`` yet
    for at in sorted(spoken):
        if at < i:  # joined to the number before it
            continue
        out += tokens[i:at]
        i = at
        a, first, _ = tokens[at]
        if a.isdigit() and 10 <= int(a) <= 99 and at + 1 in spoken:
            b = tokens[at + 1][0]
            if b == "0" and at + 2 in spoken and tokens[at + 2][0].isdigit() and int(tokens[at + 2][0]) < 10:
                out.append((f"{a}0{tokens[at + 2][0]}", first, tokens[at + 2][2]))
                i = at + 3
            elif b.isdigit() and 10 <= int(b) <= 99:
                out.append((a + b, first, tokens[at + 1][2]))
                i = at + 2
    return out + tokens[i:]


_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
DROPPED_DOT_DOMAINS = ("com", "org", "net", "edu", "gov")
"""Top-level domains whose dot OCR drops ("WWW printhistoryorg", "skylineaircom/deals"): long enough after a host
of three letters or more to be put back, as the reader and the answers do; shorter ones (".co", ".io") are not."""
MONEY_WORDS = ("pounds", "dollars", "euros", "yen", "cents", "pence", "quid", "bucks")
"""The words an amount of money is said in, in canonical words ("£2.50" is "2.50 pounds")."""
_MONEY = "|".join(MONEY_WORDS)
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_RAW_FORMS = {  # over the text as written, its digits' look-alikes undone (a time's colon is no word)
    "time": r"(?<![\d.,:£$€¥{])(?:[01]?\d|2[0-4])[:.;][0-5]\d(?:[:.;][0-5]\d)*(?!\d|[.,]\d)"
    r"|(?<![\d.])\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?!\w)",
    "date": r"(?<![\d.:])\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})(?![\d.:]\d)|(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)",
    "price": r"(?<!\w)[£$€¥{]\s?\d",  # "{" is OCR's misread of "£"
    "email": r"[\w.+-]@ ?[\w-]",  # a name, "@", a domain ("info@harbourarts.org"); not a handle ("@vqdb")
    # groups of digits joined by single marks, three or more groups and seven digits or more ("1-800-555-0199",
    # "020 7946 0018", "(02) 9969 2777"); not a date ("14.03.2026", "2026-03-14") nor readings ("182.000 4.004")
    "phone": r"(?<![\w.,:/+-])(?!\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?!\d))(?=(?:[ .()+-]{0,2}\d){7})"
    r"\+?\(?\d{1,4}\)?(?:[ .-]\(?\d{2,5}\)?){2,4}(?![\w,:/]|[.-]\d)",
    # a score as a scoreboard writes it ("3-1", "HAWKS 1 - 1 OWLS"); not one of a run of numbers ("1-800-555")
    "score": r"(?<![\w.:/-])\d{1,3} ?[-–] ?\d{1,3}(?![\w.:/]| ?[-–] ?\d)",
}
_CANONICAL_FORMS = {  # over the canonical words: numbers said in words are digits ("nine o'clock": "9 oclock")
    "time": r"\b\d{1,2} oclock\b|\b(?:half|quarter|\d{1,2}) (?:past|to) \d{1,2}\b|\b(?:noon|midnight)\b"
    r"|\b\d{1,2}(?: \d{2})? (?:am|pm)\b",
    "date": rf"\b(?:{_MONTHS}) (?:the )?(?:{_DAY}|\d{{4}})\b|\b{_DAY} (?:of )?(?:{_MONTHS})\b",
    "year": rf"(?<![\d.])(?:1\d|20)\d\d\b(?! (?:{_MONEY}|percent|million|thousand|hundred)\b)",
    "price": rf"\b\d[\d.]*(?: (?:hundred|thousand|million|billion))? (?:{_MONEY})\b",
    "percent": r"\b\d[\d.]* percent\b",
    "century": r"\b\d{1,2}(?:st|nd|rd|th) century\b",  # "the 1400s" is "15th century" in canonical words
    "number": r"\d",
    "email": r"\b[a-z\d]+ at [a-z\d]+(?: [a-z\d]+){0,3} dot (?:com|org|net|edu|gov|co|io|uk)\b",  # said
    "phone": r"\b\d{1,4}(?: \d{3,5}){2,4}\b|\b(?:\d ){6,14}\d\b",  # "1 800 555 0199", digit by digit "5 5 5 0 1 9 9"
    "score": r"\b\d{1,3} (?:nil|all)\b",  # said: "two nil", "one all"
}
# the words that may follow a time of day said as a number ("at 745 from platform 9", "until 1030 tonight"); any
# other word measures the number ("at 100 miles an hour", "at 120 beats", "at 110 volts")
_AFTER_A_CLOCK = (
    "am|pm|a|p|m|oclock|hours|hrs|at|and|or|but|the|in|on|from|to|for|with|sharp|precisely|tonight|tomorrow|today"
    "|this|every|each|then|when|so|we|you|he|she|they|i|it|please"
)
_CANONICAL_FORMS["time"] += (  # Whisper writes a time said "seven forty-five" as "745": one at a moment ("at 745"),
    # not "by 250" or "from 100 to 200" (a change, a range)
    rf"|\b(?:at|until|till) (?:[1-9]|1[0-2])[0-5]\d\b(?! (?!(?:{_AFTER_A_CLOCK})\b)[a-z])"
)
_HONORIFICS = (  # the words a name caption may put before the name ("President John F. Kennedy", "Dr. Maria Keller")
    "president|vice president|prime minister|minister|senator|sen|governor|gov|mayor|judge|justice|secretary"
    "|general|gen|colonel|col|captain|capt|lieutenant|lt|sergeant|sgt|officer|chief|professor|prof|doctor|dr|mr"
    "|mrs|ms|miss|mx|sir|dame|lord|lady|rev|reverend|father|sister|king|queen|prince|princess|rep|congressman"
    "|congresswoman|ambassador|detective|coach"
)
_NAME_WORD = re.compile(  # a word of a person's name: capitalised or in capitals ("Kennedy", "KENNEDY", "O'Brien",
    # "Smith-Jones", "McCarthy"), an initial ("F", "F."), or a particle between two ("van", "de", "al")
    r"(?:[A-Z][a-z]+(?:[A-Z][a-z]+)?|[A-Z]{2,}|[A-Z]['’][A-Z][a-z]+|[A-Z]['’][A-Z]+)(?:-[A-Z][a-z]+|-[A-Z]{2,})?"
    r"|[A-Z]\.?|van|von|de|da|di|del|der|la|le|al|bin|ben"
)
_HONORIFIC = re.compile(rf"(?:{_HONORIFICS})[.:]?", re.I)
_CLOSING_MARKS = ",;|"  # a mark after a name word that ends the name: "Maria Keller, Historian"
BANNER_LABELS = frozenset(
    {
        "breaking", "news", "live", "update", "updates", "exclusive", "developing", "alert", "report", "weather",
        "sports", "traffic", "special", "latest", "headlines", "coming", "up", "next", "now", "tonight", "today",
        "story", "watch",
    }
)  # fmt: skip
"""Words a broadcast's banners are labelled with ("BREAKING NEWS", "LIVE UPDATE"): no person's name."""
VALUE_FORMS = (*_CANONICAL_FORMS, "person")
"""The forms of a value a query may ask for by its kind, not its words: ``{time}`` ("7:30 pm", "19.15", "nine
o'clock"), ``{date}`` ("January 20, 1961", "20/01/1961"), ``{year}`` ("1961"), ``{price}`` ("£250", "3000
pounds"), ``{percent}`` ("10%"), ``{century}`` ("the fifteenth century", "the 1400s"), ``{number}`` (any number),
``{email}`` ("info@harbourarts.org", said "info at harbour arts dot org"), ``{phone}`` ("1-800-555-0199", "020 7946
0018"), ``{score}`` ("3-1", "HAWKS 1 - 1 OWLS", said "two nil"), ``{person}`` (a person's name read on screen as
a name caption writes it: "President John F. Kennedy", "Dr. Maria Keller, Historian", "JOHN SMITH")."""
_FORM_QUERY = re.compile(rf"\{{({'|'.join(VALUE_FORMS)})\}}")
_RAW = {form: re.compile(pattern, re.I) for form, pattern in _RAW_FORMS.items()}
_CANONICAL = {form: re.compile(pattern) for form, pattern in _CANONICAL_FORMS.items()}


def form_query(form: str) -> str:
    """The query that asks for any value of ``form`` (one of ``VALUE_FORMS``), spelled so no query of words
    is: the form's name in braces.

    Example:
        >>> form_query("time")
        '{time}'
    """
    return "{" + form + "}"


def value_form(query: str) -> str | None:
    """The form of value ``query`` asks for (``form_query``'s spelling, spaces around allowed), None for a query
    of words.

    Example:
        >>> value_form(" {time} "), value_form("time"), value_form("{times}")
        ('time', None, None)
    """
    found = _FORM_QUERY.fullmatch(query.strip())
    return found.group(1) if found else None


@lru_cache(maxsize=200_000)
def holds_value(text: str, form: str) -> bool:
    """Whether ``text`` (read on screen or said) holds a value of ``form`` (one of ``VALUE_FORMS``): matched as
    written, after OCR's letters for digits are undone in tokens with a digit ("O7:3O"), and in its canonical
    words (numbers said in words as digits).

    Example:
        >>> [holds_value(t, "time") for t in ("COMING UP AT 9PM", "Sunset 19.15", "nine o'clock", "$18.75", "3.003")]
        [True, True, True, False, False]
        >>> [holds_value(t, "year") for t in ("January 20, 1961", "3,000 a year", "1455")]
        [True, False, True]
        >>> holds_value("Inaugural Address, January 20, 1961", "date"), holds_value("{250 month", "price")
        (True, True)
        >>> [holds_value(t, "time") for t in ("leaves from platform 9 at 745.", "at 100 miles an hour", "in 1455")]
        [True, False, False]
        >>> [holds_value(t, "century") for t in ("the 1400s", "the fifteenth century", "100s of fans", "1000s")]
        [True, True, False, False]
        >>> holds_value("the top 200s chart", "century")
        False
        >>> [holds_value(t, "email") for t in ("info@harbourarts org", "mail info at harbour arts dot org", "@vqdb")]
        [True, True, False]
        >>> [holds_value(t, "phone") for t in ("Donations: call 1-800-555-0199", "020 7946 0018", "(02) 9969 2777")]
        [True, True, True]
        >>> [holds_value(t, "phone") for t in ("14.03.2026", "2026-03-14", "182.000 4.004 00:00:06;02", "1 - 0")]
        [False, False, False, False]
        >>> [holds_value(t, "score") for t in ("HAWKS 1 - 1 OWLS", "3-1", "1-800-555-0199", "14-03-2026", "10:45")]
        [True, True, False, False, False]
    """
    if form == "person":
        return names_a_person(text)
    raw = " ".join(as_digits(token) if any(c.isdigit() for c in token) else token for token in text.split())
    if form in _RAW and _RAW[form].search(raw):
        return True
    return bool(_CANONICAL[form].search(" ".join(canonical_words(text))))


def names_a_person(text: str) -> bool:
    """Whether ``text`` (read on screen: a line, or a frame's lines joined) holds a person's name as a name
    caption (a lower third) writes it: maybe a title, then two to four words of a name, capitalised or in
    capitals, ended by the text's end, a word of another kind, or a comma, a semicolon or a bar before a role.
    A run of such words longer than four without a title is a headline in title case, and so is one with a
    function word ("HOW PRINTING"); a banner's labels (``BANNER_LABELS``: "BREAKING NEWS") are no name's words,
    and a run after one and a colon ("BREAKING: SENATE PASSES …") is its headline. A caption's other texts (a
    web address, a ticker, a phone number, a channel's logo with its number) hold none, so a name caption is
    told from them; a brand in capitals ("SKYLINE AIR") reads as a name too: the caption's place tells them
    apart.

    Example:
        >>> [names_a_person(t) for t in ("President John F. Kennedy", "Dr: Maria Keller; Historian", "JOHN SMITH")]
        [True, True, True]
        >>> names_a_person("CHANNEL 7 President John F Kennedy Inaugural Address, Washington 1961")
        True
        >>> names_a_person("CHANNEL President John F Kennedy"), names_a_person("LIVE JOHN SMITH SENIOR CORRESPONDENT")
        (True, True)
        >>> names_a_person("Maria Keller, Senior Historian"), names_a_person("Ludwig van Beethoven")
        (True, True)
        >>> [names_a_person(t) for t in ("BREAKING NEWS", "www.channel7news.com/live", "CHANNEL 7", "HOW PRINTING")]
        [False, False, False, False]
        >>> [names_a_person(t) for t in ("BREAKING: SENATE PASSES BUDGET BILL 62-38", "Tips? Call 1-800-555-0199")]
        [False, False]
        >>> names_a_person("JSlsq MM// RaemKee/A9 channelZnews comllive"), names_a_person("Hello world:_")
        (False, False)
        >>> names_a_person("Senate Passes The Budget Bill Today"), names_a_person("SKYLINE AIR")
        (False, True)
    """
    run: list[str] = []
    titled = banner = False
    for token in [*text.split(), ""]:
        word = token.rstrip(_CLOSING_MARKS)
        title = _HONORIFIC.fullmatch(word) is not None  # a title starts a name, after a logo's word on its line
        label = word.rstrip(":").lower() in BANNER_LABELS
        named = bool(word) and not title and not label and _NAME_WORD.fullmatch(word) is not None
        if named:
            run.append(word)
        if not named or word != token:  # the run ends: a word of another kind, a title, a mark or the text's end
            if _a_name(run, titled) and not banner:
                return True
            banner = label and word.endswith(":")  # "BREAKING: SENATE PASSES …": the banner's headline
            run, titled = [], title
    return False


def _a_name(words: list[str], titled: bool) -> bool:
    """Whether a run of name-shaped ``words`` is a person's name: two to four of them (a title's name may go on
    into the next line, "President John F Kennedy Inaugural Address"), no function word among them.

    Example:
        >>> _a_name(["Maria", "Keller"], False), _a_name(["HOW", "PRINTING"], False), _a_name(["Kennedy"], True)
        (True, False, False)
    """
    words = words[:4] if titled else words
    return 2 <= len(words) <= 4 and not any(w.strip(".").lower() in FUNCTION_WORDS for w in words)
