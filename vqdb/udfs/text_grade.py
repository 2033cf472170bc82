"""Graded text matching in SQL: how well a frame's on-screen text, or a stretch of a timed text (transcript
words, subtitle cues), says the query. The text tools of the planner score every frame with these.

SQL functions (vectorized Arrow UDFs, registered in every corpus session):

- ``screen_text_score(text VARCHAR, query VARCHAR) -> DOUBLE``: 0..1, how well ``text`` (a frame's
  on-screen text, its boxes joined in reading order) contains the query; half its alignment for a near
  miss (below), 0 when it does not contain it well enough (an alignment below ``min_score(query)``);
- ``query_words_read(text VARCHAR, query VARCHAR) -> DOUBLE``: the share of the query's characters that
  ``text`` (one OCR box) reads in whole words (``words_read``): which of a frame's boxes carry the match
  (the title that reads the query, not a button reading its "the"), for where on screen the text is; above
  0, the boxes a match is made of, apart from the other texts of the frame (a clock, a counter, a ticker),
  whose changes do not end the text asked for;
- ``phrase_spans(pieces STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[], query VARCHAR, pause_s DOUBLE)
  -> STRUCT(start_s DOUBLE, end_s DOUBLE, score DOUBLE, context_start_s DOUBLE, context_end_s DOUBLE,
  statement_start_s DOUBLE, statement_end_s DOUBLE)[]``: the stretches of a timed text (its pieces in time
  order: words, or cues of several words, each said or shown from ``start_s`` to ``end_s``) that say the
  query with a score of at least ``min_score(query)``, best first, none overlapping another; each with its
  context: the clause it is said in, or, when ``pause_s`` is not NULL, its own words said, within their
  utterance (below); and its **statement**: the clause, or, when ``pause_s`` is not NULL, the utterance itself
  (below);
- ``utterances(pieces STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[], pause_s DOUBLE)
  -> STRUCT(start_s DOUBLE, end_s DOUBLE)[]``: where the timed text is said at all, utterance by utterance
  in time order (below): the ``audio`` tool's voice heard, where speech recognition wrote words;
- ``phrases(pieces STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[], pause_s DOUBLE)
  -> STRUCT(start_s DOUBLE, end_s DOUBLE)[]``: the same utterances cut into the phrases said (below): the
  ``audio`` tool's voice for a call with ``extent`` "phrase" ("when does he finish his speech?").

A query may ask for a value by its form instead of words (``vqdb.textnorm.value_form``: ``{time}``, ``{date}``,
``{year}``, ``{price}``, ``{percent}``, ``{number}``): on screen a text holding any value of that form
(``holds_value``: "COMING UP AT 9PM" for ``{time}``) scores ``VALUE_FORM_SCORE`` (0.85, below an exact read of
words asked), others 0; ``query_words_read`` is 1 for a box holding one, 0 else.

Both compare **canonical** text (``vqdb.textnorm``: case, accents, punctuation folded, numbers as digits,
British spellings American) with the spaces removed, since OCR drops and merges spaces ("GETTINGSTARTED")
and speech recognition joins or splits words ("touch down" / "touchdown"):

* on screen, the query is aligned on the best-matching stretch of the text (``rapidfuzz``'s
  ``partial_ratio``: the indel similarity of the query and a stretch as long as it, so one misread letter
  in ten costs 0.1); a text shorter than the query scores the share of the query's characters it has, in
  order (the longest common subsequence over the query's length), so "budget" alone cannot score high
  for "getting started with your budget". Inside tokens that hold a digit, OCR's letter-for-digit misreads
  are undone first (O, o -> 0; I, l, | -> 1), and in an ordinal whose suffix is the number's ("Znd" for
  "2nd": ``vqdb.textnorm.ordinal_as_digits``); a "$" without an amount is the "S" it was ("Send $"). A
  match found only once OCR's misreads are undone counts ``MISREAD`` (0.95) of its alignment
  (``misread_alignment``): the letters OCR confuses made the same (``vqdb.textnorm.glyph_key``: "EXlT";
  in words of 7 letters or more also "a"/"o", "h"/"n", "u"/"v": EasyOCR reads "Initiate" as "Initiote"
  in some fonts, while in a shorter word such a letter often makes another, "on"/"an", "farmer"/"former"),
  or a symbol said as a word read as punctuation or not at all ("{250 month" for "£250 a month",
  ``query_variants``). A word asked alone and read only inside a longer word, two letters or more joined
  to it ("park" in "PARKING": ``inside_a_word``), counts ``INSIDE_A_WORD`` (0.9), so the sign that says
  it ("Riverside Park") outranks it; one letter joined is OCR's edge ("LIFTOFFI"). A word of 5 letters or more
  asked alone with two neighbouring letters swapped (``swapped_letters``: "omgea", the commonest typing slip)
  matches a read of the word as a misread does. A tenth of the score says
  how much of the frame's text the query is, so a title shown alone outranks the same words inside a paragraph;
* in a timed text, windows of whole words are compared with the query as wholes (``rapidfuzz``'s
  ``ratio``), so a word must not be found inside another ("three" is not in "thirteen", "3" not in "2013");
  a span's times are its first and last word's. A cue of several words spreads them evenly over its time.
  The windows are the runs of words from half to twice the query's length in characters (outside that,
  no run reaches 0.7) that say at least as many words as the query but one (``word_count``: letters
  spelled one after another are one word), however many pieces that is: speech recognition writes an
  acronym said letter by letter as letters ("H-E-A-A-C", "h.e.a.a.c." for "HE-AAC"), and a compound split
  or joined ("lift off." for "liftoff"); a long word alone is not a query of several ("printing" does not
  say "art of printing");
* words that **sound like** the query count too, at ``SOUNDS_ALIKE`` (0.9) times the similarity of their
  sound keys (``vqdb.textnorm.sound_key``, word after word: "live tough" for "liftoff", "Carl Hines" for
  "Karlheinz", as speech recognition writes near-homophones and names it does not know); a key must reach
  ``min_score`` of its own length, so a short one must be equal. Only runs of as many words as the query,
  one fewer or one more, are compared by sound: a key keeps little of a short word ("in the" is "inT"), so
  a run's characters do not say how much of the query's sound it could hold ("branding" sounds like most
  of "printing in the"). Words said in **another form** (their ``word_stem``: "asked" for "ask", "sun setting"
  for "the sun sets") count ``STEMMED`` (0.9) of their stems' similarity the same way, and such a match needs
  only that weight where ``min_score`` is above it (``said_floor``: a query of up to 6 characters, whose stems
  must then be equal): speech recognition writes the word a person quotes in another form ("ask not" as
  "asked not"), and "when does he say 'ask' the first time?" is that word. A short query's sound key is too
  short to tell words apart ("date" and "do" both sound "t"): sounding alike, it still needs ``min_score``;
* **a negation must agree**: a stretch holding a negation (``NEGATING``: "not", "never", "don't") where the query
  holds none, or none where it holds one, counts ``NEGATED`` (0.85) of its alignment: misquoting "ask not what you
  can get from your country", a person keeps the "not" that tells the line from "ask what you can do for your
  country", which aligns more of its characters;
* **numbers are exact**: when the query is written with digits, the matched stretch (as wide as the query,
  and the characters the match may leave out wider on each side: a read with a character the query has
  not, "06.42" for "06:42", pushes the query's last number past a stretch as wide as the query) must hold
  its numbers, whole and in the same order ("step 2" does not match "step 20"), since a misread digit
  changes the meaning; other numbers may come between (OCR reads a copyright sign as "0"). Where it holds
  no number but the query's and the text holds them all, in order, away from the words, with most of the
  words read (reading order put a box between: "Trains to PLATFORM Cambridge 9" for "platform 9"), the
  read is a near miss (below). A number the query spells in words ("chapter three") is compared like other
  words: OCR may misread it as "Tlree";
* a phrase said is answered with its **clause**: the words from the end of the previous clause to the end
  of its own, where a piece ending in punctuation (, ; : . ! ?) or holding several words (a subtitle cue)
  ends a clause, but not the periods of letters ("F.B.I.", "U.S."); a clause longer than ``CLAUSE_MAX_S``
  leaves the phrase alone;
* or with its **words said** (``pause_s`` given): the phrase's own time, ``SAID_SLACK_S`` wider on each side,
  not past its utterance (the pieces said with less than ``pause_s`` of silence from one to the next, those
  the phrase overlaps joined, when that lasts at most ``CLAUSE_MAX_S``; else its clause). The words' times
  are then speech recognition's, which gives a pause to the word next to it: a word longer than it takes
  to say keeps its end (or its start, before a pause), and the rest is silence (``heard_times``);
* a phrase's **statement** is what is said with it, for a question about what is said on a topic ("when
  does she talk about the 15th century?", "what does he explain about X?"), whose answer is the sentence,
  not the words that name the topic: the utterance the words are said in (those they overlap joined), or
  their clause when that lasts over ``CLAUSE_MAX_S`` (the clause without ``pause_s``);
* a **phrase** said is a stretch of an utterance up to the end of a clause (a word ending in punctuation, or a
  pause a listener hears, ``PART_PAUSE_S``, that speech recognition timed as the next word: ``heard_clauses``), a
  clause lasting over ``PHRASE_MAX_S`` cut into the fewest stretches of equal time (at word boundaries) that
  last no longer: what a person points at when asked where speech starts or ends ("when does he finish his
  speech?": the last clause said, "ask what you can do for your country.", not the 5.5 s utterance it ends;
  "when does she stop reading?": the last words of a long sentence read without a comma).

``min_score(query)`` is the alignment a match needs, by the query's length in characters (case, spaces and
punctuation aside): 1 (exact) up to 4 characters, 0.04 less for each character more, 0.7 from 12 on,
so a long query may have about a third of its characters misread. It was set on English sentences
(QVHighlights, CG-Bench) with simulated OCR errors: above it, unrelated text rarely scores (1 in 100 at
most from 13 characters on); a phrase read with one character in five wrong usually does.

A **near miss** on screen, short of ``min_score`` but within ``NEAR_MISS_DEPTH`` (2/3) of its tolerance below
it (``near_miss_score``: 0.5 from 12 characters on, none up to 4), scores ``NEAR_MISS`` (half) of its
alignment, so it stays below every match (which scores at least ``MISREAD`` times 0.9 of ``min_score``, a word read
only inside a longer word ``INSIDE_A_WORD`` times that)
yet ranks a frame where nothing reads better, when words making up ``WORDS_READ`` (2/3) of the query's
characters are read whole in the text, in any order (``words_read``). That is how real reads of the text
asked for fall short: a word misread beyond the alignment's tolerance or asked but not shown ("vna COMING
again" for "who is coming again"), two boxes read out of order ("CLOSED ROAD"), a line left unread, a word
asked in another form than shown ("the baby reading a book" for "the baby is trying to read a book": a word
counts, at ``STEM_READ`` of its characters, when its stem is a read word's, ``word_stem``); while
unrelated text that aligns nearly as well shares a few characters or short words, not most of the words.
On EasyOCR's reads of the quality benchmark's clips (``benchmarks/screen_near_misses.py``: 560 queries, each
a text shown, a line of it, or it with a word dropped or added), 470 queries find their text first instead
of 458, and no more (query, other clip's read) pairs score than the 200 of 513,064 above the floor. A near
miss's numbers written as digits must be in its text, in order. (With the misreads undone and the numbers'
stretch widened, on the 141 such queries of the current benchmark corpus, 135 find their text first, 121
before, and the same 9 of 30,534 unrelated pairs score.)

Example:
    >>> import duckdb
    >>> con = duckdb.connect(); register(con, None)
    >>> con.sql("SELECT screen_text_score('GETTINGSTARTED NOW?', 'Getting started now') AS s").fetchall()
    [(1.0,)]
    >>> words = [("so,", 0, 0.5), ("ask", 1, 1.3), ("not,", 1.4, 1.8), ("what", 2, 2.2)]
    >>> pieces = [{"text": t, "start_s": s, "end_s": e} for t, s, e in words]
    >>> found = con.execute("SELECT phrase_spans($p, 'ask not', NULL)", {"p": pieces}).fetchone()[0]
    >>> [(f['start_s'], f['end_s'], f['score'], f['context_start_s'], f['context_end_s']) for f in found]
    [(1.0, 1.8, 1.0, 1.0, 1.8)]
    >>> found = con.execute("SELECT phrase_spans($p, 'ask not', 0.5)", {"p": pieces}).fetchone()[0][0]
    >>> found['context_end_s'], found['statement_start_s'], found['statement_end_s']
    (2.0, 1.0, 2.2)
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from rapidfuzz import fuzz, process
from rapidfuzz.distance import LCSseq

from vqdb.textnorm import (
    FUNCTION_WORDS,
    NEGATING,
    NEGATIONS,
    as_digits,
    canonical_spans,
    canonical_words,
    glyph_key,
    holds_value,
    ordinal_as_digits,
    sound_key,
    squash,
    value_form,
    without_symbols,
)
from vqdb.udfs.arrow_results import owned
from vqdb.udfs.run_similarity import run_similarities, spelled_parts
from vqdb.udfs.text_match import is_registered

NEGATED = 0.85  # a stretch said negating where the query does not, or not where it does, counts this much
SOUNDS_ALIKE = 0.9  # a stretch said that only sounds like the query ("live tough" for "liftoff") counts this much
STEMMED = 0.9  # a stretch saying the query's words in other forms ("the sun sets": "sun setting") counts this much
INSIDE_A_WORD = 0.9  # a query word read only inside a longer word ("park" of "PARKING") counts this much
# a word asked in capitals ("the big WE") read only in lower case ("we are here to") counts this much; more than a
# tie-break (the whole line "with the WORK of our hands" over its half-typed "with the Work of our han": 0.99 lost
# it), so a sign typed "EXIT" in the question loses an exact "Exit" to a longer "EXIT ONLY" (0.90 < 0.95)
OTHER_CASE = 0.9
MISREAD = 0.95  # a match found only once OCR's misreads are undone ("EXlT" for "EXIT", "{250" for "£250") counts this
SPECIFICITY = 0.1  # share of a screen score given by how much of the frame's text the query is
NEAR_MISS = 0.5  # a near miss (below min_score, most of the query's words read) scores this share of its alignment
NEAR_MISS_DEPTH = 2 / 3  # the near misses reach this share of min_score's tolerance (1 - min_score) below it
WORDS_READ = 2 / 3  # a near miss has words making up this share of the query's characters read whole
FORM_WORDS = 4  # a value of a form is said in at most this many canonical words ("half past 3 pm", "january 20 1961")
VALUE_FORM_SCORE = 0.85  # a text holding a value of the form a query asks for ("{time}": "9PM"): below an exact read
STEM_READ = 0.5  # a word read in another form than asked ("read" for "reading") counts this share of its characters
SAID_S = 0.3  # a word is said in at most this long plus SAID_PER_CHAR_S per character (SPOKEN_PER_CHAR_S usually)
SAID_PER_CHAR_S = 0.1
SPOKEN_PER_CHAR_S = 0.07  # a word is usually said in this long per character: the time a part after a pause starts
# a silence this long between words is heard as a pause: it ends a part (a clause) said. Measured on real voices
# (jfk, LJ001-0005/0007/0008, the blind3 manifesto) as heard_clauses infers it from Whisper's word times: every
# silence at a part's edge a listener marks is 0.32-0.65 s, those inside the LJ and Kennedy clauses 0.15-0.27 s
# (a reader's pauses inside a long clause of sense run to 0.3-0.6 s: the parts holding the words asked join them)
PART_PAUSE_S = 0.3
PART_MIN_WORDS = 2  # a pause heard ends a part of at least this many words (a stressed word is long, not a pause)
DIGIT_CHARS = 4  # a digit is said as a word of about this many letters
CLAUSE_MAX_S = 10.0  # a phrase is answered with its clause when the clause lasts at most this long
PHRASE_MAX_S = 3.0  # a phrase said lasts at most this long (a breath group: 2-3 s in read and spoken English)
SAID_SLACK_S = 0.2  # a phrase said is answered with its words' times and this much around them (word times' error)
SPOKEN_TEXTS_KEPT = 256  # timed texts whose canonical words are kept: every candidate video of a few searches
SPAN_FIELDS = ("start_s", "end_s", "score", "context_start_s", "context_end_s", "statement_start_s", "statement_end_s")
SPAN = pa.struct([(name, pa.float64()) for name in SPAN_FIELDS])
UTTERANCE = pa.struct([(name, pa.float64()) for name in ("start_s", "end_s")])
_DIGITS = re.compile(r"[0-9]+")
_WORD_READ = re.compile(r"[\w|]+")  # a word of a token read on screen, without the punctuation around it
_NOT_DIGITS = re.compile(r"[^0-9]+")
_CLAUSE_END = re.compile(r"[.,;:!?…][\"'”’)\]]*\s*$")
_INITIALS = re.compile(r"(?<![^\W\d_])(?:[^\W\d_]\.){2,}[\"'”’)\]]*\s*$")  # "F.B.I.", "U.S.": no clause end


def min_score(query: str) -> float:
    """The score a text must reach to match ``query`` (see the module doc): exact up to 4 characters,
    then 0.04 less per character, never below 0.7.

    Example:
        >>> min_score("EXIT"), min_score("the alpha"), min_score("Getting started with your budget")
        (1.0, 0.84, 0.7)
        >>> min_score("{time}")  # a value of a form (``value_form``) is held or not: what holding one scores
        0.85
    """
    if value_form(query) is not None:
        return VALUE_FORM_SCORE
    length = len(query_form(query))
    return round(1.0 - min(0.3, 0.04 * max(0, length - 4)), 4)


def near_miss_score(query: str) -> float:
    """The alignment a near miss needs: ``NEAR_MISS_DEPTH`` of ``min_score``'s tolerance below it, so
    none up to 4 characters (one letter off there is another word) and 0.5 from 12 characters on.

    Example:
        >>> near_miss_score("EXIT"), near_miss_score("the alpha"), near_miss_score("who is coming again")
        (1.0, 0.7333, 0.5)
    """
    floor = min_score(query)
    return round(floor - NEAR_MISS_DEPTH * (1.0 - floor), 4)


def words_read(text: str, query: str) -> float:
    """The share of the query's characters (canonical, no spaces) in words read whole in on-screen
    ``text``, in any order (reading order may swap two boxes): a word of up to 4 characters as a word of
    the text, a longer one aligned in the text without spaces with at least ``min_score`` of its own
    length; letters OCR confuses count as the same (``glyphs_of``). A word asked in another form than the
    text shows it ("reading" for "read", "prices" for "price"), its stem a read word's (``word_stem``),
    counts ``STEM_READ`` of its characters: weaker evidence than the word itself.

    Example:
        >>> round(words_read("vna COMING again", "who is coming again"), 4)  # "who" misread, "is" not shown
        0.6875
        >>> words_read("CLOSED ROAD", "road closed"), words_read("COMING UP AT 9PM", "who is coming again")
        (1.0, 0.375)
        >>> round(words_read("the baby is trying to read a book", "baby reading a book"), 4)
        0.7812
        >>> words_read("COMING UP AT 9PM", "{time}"), words_read("CHANNEL 7", "{time}")  # a value of a form: 1 or 0
        (1.0, 0.0)
    """
    form = value_form(query)
    if form is not None:
        return float(holds_value(text, form))
    words = _query_words(query)
    read_words = screen_words(text).split()
    tokens = {glyph_form(token) for token in read_words}
    glyphs, loose_glyphs = screen_glyphs(text)
    stems: set[str] | None = None  # the read words' stems, when a word is not found as it is asked
    read = 0
    for word, (key, loose), floor, stem in words:
        if len(word) <= 4:
            found = key in tokens
        else:  # letter for letter, or loose in a long word
            found = len(glyphs) >= len(key) and fuzz.partial_ratio(key, glyphs) / 100.0 >= floor
            if not found and loose != key:
                found = fuzz.partial_ratio(loose, loose_glyphs) / 100.0 >= floor
        if found:
            read += len(word)
        elif stem:
            stems = stems if stems is not None else {word_stem(token) for token in read_words}
            read += STEM_READ * len(word) if stem in stems else 0
    return read / max(1, sum(len(word) for word, *_ in words))


@lru_cache(maxsize=4096)
def _query_words(query: str) -> tuple[tuple[str, Glyphs, float, str | None], ...]:
    """The query's canonical words, each with its ``glyphs_of``, its ``min_score`` and its ``word_stem``
    where that differs from the word (None else: no other form to find): the same for every text
    ``words_read`` reads."""
    return tuple(
        (word, glyphs_of(word), min_score(word), stem if (stem := word_stem(word)) != glyph_form(word) else None)
        for word in canonical_words(query)
    )


@lru_cache(maxsize=200_000)
def word_stem(word: str) -> str:
    """The word without its inflection (plural, third person, past, -ing, -ly: Porter's first step, which
    Snowball's English stemmer runs before taking off derivational suffixes too), with the letters OCR
    confuses made the same (``glyph_form``; a word of up to 3 letters only so, one holding a digit as it is). Only the
    inflection: a derivation names another thing ("business" is not "busy", "animation" not "animal",
    "hospitality" not "hospital"), where Snowball gives both one stem.

    Example:
        >>> [word_stem(w) for w in ("reading", "read", "prices", "announced", "flies", "sets", "setting")]
        ['rcad', 'rcad', 'prlcc', 'announc', 'fly', 'sct', 'sct']
        >>> [word_stem(w) for w in ("business", "busy", "animation", "animal", "is", "2nd")]
        ['buslncss', 'busl', 'anlmatlon', 'anlmal', 'ls', '2nd']
    """
    if any(c.isdigit() for c in word):
        return word
    return glyph_form(word if len(word) <= 3 else _uninflected(word))


_VOWELS = frozenset("aeiouy")
_SIBILANT_ENDS = ("ss", "x", "z", "ch", "sh")  # "boxes", "classes": "es" off; "uses", "prices": "s"
_NOT_INFLECTED = frozenset(  # words whose -s, -ing or -ly is no inflection ("news" is not "new")
    {
        "news", "series", "species", "means", "lens", "physics", "politics", "economics", "mathematics", "always",
        "perhaps", "towards", "afterwards", "does", "thing", "nothing", "something", "anything", "everything",
        "morning", "evening", "ceiling", "during", "only", "family", "early",
    }
)  # fmt: skip


def _uninflected(word: str) -> str:
    """``word`` without its inflection, as Porter's first step takes it off: a plural or third person, then -ed,
    -ing or -ly, the stem then written as its bare word is ("hopping" -> "hop", "hoping" -> "hope", "used" ->
    "use"); a silent e and a final y made alike where that joins no two words ("announced", "announce" ->
    "announc"; "plane" keeps its e, or it would be "plan").

    Example:
        >>> [_uninflected(w) for w in ("setting", "sets", "making", "make", "hoping", "hopping", "plane", "plan")]
        ['set', 'set', 'make', 'make', 'hope', 'hop', 'plane', 'plan']
        >>> [_uninflected(w) for w in ("travelling", "falling", "added", "speeding", "families", "studied", "busy")]
        ['travel', 'fall', 'add', 'speed', 'family', 'studi', 'busi']
        >>> [_uninflected(w) for w in ("dies", "died", "die", "flies", "fly")]
        ['die', 'die', 'die', 'fly', 'fly']
    """
    if word in _NOT_INFLECTED:
        return word
    stem = word
    if stem.endswith(("ies", "ied")):
        stem = stem[:-3] + ("y" if len(stem) > 4 else "ie")  # "flies" -> "fly", "dies" -> "die"
    elif stem.endswith("es") and stem[:-2].endswith(_SIBILANT_ENDS):
        stem = stem[:-2]
    elif stem.endswith("s") and not stem.endswith(("ss", "us", "is")):
        stem = stem[:-1]
    if stem in _NOT_INFLECTED:
        return stem
    for suffix in ("ing", "ed"):
        rest = stem[: -len(suffix)]
        if stem.endswith(suffix) and len(rest) >= 2 and _VOWELS & set(rest) and not rest.endswith("e"):
            return _bare(_restored(rest))  # "speeding" keeps "speed", "needed" "need": their e is the word's
    if stem.endswith("ly") and len(stem) >= 6 and _VOWELS & set(stem[:-2]):
        stem = stem[:-2]
    return _bare(stem)


def _restored(rest: str) -> str:
    """A stem that -ed or -ing came off, as its bare word: undoubled ("stopp" -> "stop", "travell" -> "travel",
    not "fall" or "add"), or with the e a short one lost ("hop" -> "hope", "us" -> "use")."""
    last = rest[-1]
    if len(rest) >= 4 and rest[-2] == last and last not in _VOWELS:
        if last not in "lsz" or (last == "l" and _measure(rest[:-1]) >= 2):
            return rest[:-1]
        return rest
    return rest + "e" if _short(rest) else rest


def _bare(stem: str) -> str:
    """A final y as i ("busy", "business" apart: "busi") and a final e off where the rest is no short word
    ("announce" -> "announc"; "plane", "care", "note" keep theirs)."""
    if len(stem) > 3 and stem.endswith("y"):
        return stem[:-1] + "i"
    if len(stem) > 3 and stem.endswith("e") and not _short(stem[:-1]):
        return stem[:-1]
    return stem


def _measure(stem: str) -> int:
    """How many times a vowel is followed by a consonant in ``stem`` (Porter's m: "plan" 1, "travel" 2)."""
    vowel = [c in _VOWELS for c in stem]
    return sum(1 for a, b in zip(vowel, vowel[1:], strict=False) if a and not b)


def _short(stem: str) -> bool:
    """Whether ``stem`` is a short syllable word (Porter's: consonant, vowel, consonant other than w, x or y at its
    end and one such vowel in all, or a vowel and a consonant alone): "hop", "plan", "us"; not "announc"."""
    if len(stem) == 2:
        return stem[0] in _VOWELS and stem[1] not in _VOWELS
    return (
        len(stem) >= 3
        and stem[-1] not in _VOWELS | {"w", "x"}
        and stem[-2] in _VOWELS
        and stem[-3] not in _VOWELS
        and _measure(stem) == 1
    )


def query_words_read(texts: pa.Array, queries: pa.Array) -> pa.Array:
    """The Arrow UDF ``query_words_read``: row-wise, ``words_read`` of the text and the query; NULL where either
    is NULL.

    Example:
        >>> texts, query = pa.array(["Does the", "Does the flag appear?"]), "the flag appears"
        >>> [round(share, 3) for share in query_words_read(texts, pa.array([query] * 2)).to_pylist()]
        [0.214, 1.0]
    """
    texts, queries = _strings(texts), _strings(queries)
    pairs = zip(texts.to_pylist(), queries.to_pylist(), strict=True)
    return pa.array([None if t is None or q is None else _words_read(t, q) for t, q in pairs], pa.float64())


@lru_cache(maxsize=200_000)
def _words_read(text: str, query: str) -> float:
    return words_read(text, query)


@lru_cache(maxsize=4096)
def query_form(query: str) -> str:
    """The query as it is compared: canonical words, no spaces.

    Example:
        >>> query_form("Twenty-five Centres!")
        '25centers'
    """
    return squash(" ".join(canonical_words(query)))


@lru_cache(maxsize=200_000)
def screen_words(text: str) -> str:
    """On-screen text's canonical words: digit misreads undone inside tokens with a digit and in ordinals
    (``ordinal_as_digits``: "Znd floor") first, and a "$" in a token without a digit read as the "S" it was
    ("Send $" for "Send S": a dollar sign is an amount's).

    Example:
        >>> screen_words("Step 2: O0:l5 (Znd)"), screen_words("Send $ $PIKE $5")
        ('step 2 00 15 2nd', 'send s spike 5 dollars')
    """
    tokens = [
        as_digits(t) if any(c.isdigit() for c in t) else _WORD_READ.sub(_ordinal_as_digits, t).replace("$", "S")
        for t in text.split()
    ]
    return " ".join(canonical_words(" ".join(tokens)))


def _ordinal_as_digits(word: re.Match) -> str:
    """``ordinal_as_digits`` of a word ``_WORD_READ`` found."""
    return ordinal_as_digits(word.group())


def screen_form(text: str) -> str:
    """On-screen text as it is compared: ``screen_words`` without spaces.

    Example:
        >>> screen_form("Step 2: O0:l5")
        'step20015'
    """
    return squash(screen_words(text))


@lru_cache(maxsize=200_000)
def glyph_form(words: str, loose: bool = False) -> str:
    """Canonical ``words`` as they are compared (without spaces) with the letters OCR confuses made the same
    (``vqdb.textnorm.glyph_key``, letter for letter; with ``loose``, also its loose letters in long words),
    digits kept: "EXlT" and "EXIT" read alike, "10" and "lo" do not; loosely "Progrom" and "program" too, but
    not "an" and "on".

    Example:
        >>> glyph_form("exlt") == glyph_form("exit"), glyph_form("step10"), glyph_form("progrom on", loose=True)
        (True, 'stcp10', 'progromon')
        >>> glyph_form("program an", loose=True) == glyph_form("progrom on", loose=True)
        False
    """
    return "".join(
        _NOT_DIGITS.sub(lambda run: glyph_key(run.group(0), pairs=False, loose=loose), word) for word in words.split()
    )


Glyphs = tuple[str, str]  # a compared form's glyph_form, letter for letter and loose


def glyphs_of(words: str) -> Glyphs:
    """Canonical ``words``' ``glyph_form``, letter for letter and loose. A word shorter than
    ``vqdb.textnorm.LOOSE_MIN`` keeps its loose letters while its inflection may not ("appear", "appears"), so a
    read is compared both ways.

    Example:
        >>> glyphs_of("appear"), glyphs_of("appears")
        (('appcar', 'appcar'), ('appcars', 'oppcors'))
    """
    return glyph_form(words), glyph_form(words, loose=True)


@lru_cache(maxsize=200_000)
def screen_glyphs(text: str) -> Glyphs:
    """``screen_form``'s ``glyphs_of`` (its ``screen_words``).

    Example:
        >>> screen_glyphs("EXlT 10"), screen_glyphs("Progrom")
        (('cxlt10', 'cxlt10'), ('progrom', 'progrom'))
    """
    return glyphs_of(screen_words(text))


@lru_cache(maxsize=4096)
def query_variants(query: str) -> tuple[tuple[str, Glyphs], ...]:
    """The forms a read is aligned with for ``query``, each as its ``query_form`` and ``glyphs_of`` its words:
    the query's own, then, when it has symbols said as words ("£250", "10%", "R&D"), the query without them. On
    screen a symbol is one glyph that OCR often drops or reads as punctuation ("{250 month" for "£250 a
    month"), so its word is not read; like a misread letter, a match found that way counts ``MISREAD``.

    Example:
        >>> query_variants("EXIT")
        (('exit', ('cxlt', 'cxlt')),)
        >>> [form for form, _ in query_variants("£250 a month")], query_variants("Initiate")[0][1]
        (['250poundsamonth', '250amonth'], ('lnltlatc', 'lnltlotc'))
    """
    variants = []
    for text in (query, without_symbols(query)):
        words = " ".join(canonical_words(text))
        variant = (squash(words), glyphs_of(words))
        if variant[0] and variant not in variants:
            variants.append(variant)
    return tuple(variants)


def misread_alignment(
    query: str, forms: Sequence[str], glyphs: Sequence[str], loose: Sequence[str], scorer: Callable
) -> np.ndarray:
    """The best ``scorer`` (of the query's form and each read's, 0 to 1) of each read found only once OCR's
    misreads are undone: the letters it confuses made the same (the reads' ``glyphs``, letter for letter, or
    their ``loose`` glyphs where the query has a long word with a loose letter: ``glyphs_of``), or a symbol it
    dropped (the reads' ``forms`` against the query without its symbols: ``query_variants``).

    Example:
        >>> texts = ["EXlT", "Progrom", "250 a month"]
        >>> forms, (glyphs, loose) = [screen_form(t) for t in texts], zip(*[screen_glyphs(t) for t in texts])
        >>> from rapidfuzz.distance import Indel
        >>> similar = lambda q, reads: np.array([Indel.normalized_similarity(q, r) for r in reads])
        >>> [misread_alignment(q, forms, glyphs, loose, similar).round(2).tolist() for q in ("exit", "program")]
        [[1.0, 0.0, 0.15], [0.0, 1.0, 0.25]]
        >>> misread_alignment("£250 a month", forms, glyphs, loose, similar).round(2).tolist()
        [0.15, 0.27, 1.0]
    """
    best = np.zeros(len(forms))
    for i, (form, (strict_glyphs, loose_glyphs)) in enumerate(query_variants(query)):
        if i:  # the query without its symbols
            best = np.maximum(best, scorer(form, forms))
        best = np.maximum(best, scorer(strict_glyphs, glyphs))
        if loose_glyphs != strict_glyphs:
            best = np.maximum(best, scorer(loose_glyphs, loose))
    return best


def _aligned(q: str, forms: list[str], lengths: np.ndarray) -> np.ndarray:
    """The query's alignment with each form: partial ratio inside a longer form, else the share of the
    query's characters the form has in order."""
    partial = process.cdist([q], forms, scorer=fuzz.partial_ratio, dtype=np.float64)[0] / 100.0
    common = process.cdist([q], forms, scorer=LCSseq.similarity, dtype=np.float64)[0] / len(q)
    return np.where(lengths >= len(q), partial, common)


def specificity(query_length: int, text_lengths: np.ndarray) -> np.ndarray:
    """The factor of a screen score that says how much of the frame's text the query is: 1 for a text no
    longer than the query, down to ``1 - SPECIFICITY`` for a query lost in a long text (lengths of the
    compared forms, ``query_form`` and ``screen_form``).

    Example:
        >>> specificity(4, np.array([4, 8, 4000])).round(3).tolist()
        [1.0, 0.95, 0.9]
    """
    return 1.0 - SPECIFICITY + SPECIFICITY * query_length / np.maximum(text_lengths, query_length)


def screen_specificity(query: str, text: str) -> float:
    """``specificity`` of on-screen ``text`` for ``query``: the factor ``screen_text_score`` gave a read of
    ``text`` (``vqdb.planner.search`` takes it out to compare a read with words said, whose grade has none).

    Example:
        >>> screen_specificity("exit", "EXIT"), round(screen_specificity("exit", "Emergency EXIT"), 3)
        (1.0, 0.931)
        >>> screen_specificity("{time}", "Coming up at 9PM, the news")  # a value of a form: no share
        1.0
    """
    q = query_form(query)
    if value_form(query) is not None:
        return 1.0
    return float(specificity(len(q), np.array([len(screen_form(text))]))[0]) if q else 1.0


def screen_scores(texts: Sequence[str], query: str) -> np.ndarray:
    """``screen_text_score`` of each text against one query (the Python side of the SQL function).

    Example:
        >>> screen_scores(["EXIT", "Emergency EXIT", "EXlT", "GETTING STARTED"], "exit").round(3).tolist()
        [1.0, 0.931, 0.95, 0.0]
        >>> screen_scores(["the alpha", "the ALPHA and the omega", "the alqha"], "the alpha").round(3).tolist()
        [1.0, 0.942, 0.875]
        >>> screen_scores(["Step 2: Save 10%", "STEP 20: SAVE 10%", "Step2Save1O%"], "step 2 save 10%").tolist()
        [1.0, 0.0, 1.0]
        >>> screen_scores(["COMING UP AT 9PM", "Sunset 19.15", "CHANNEL 7"], "{time}").tolist()  # any time of day
        [0.85, 0.85, 0.0]
    """
    form = value_form(query)
    if form is not None:  # a value of a form, not words: held (``VALUE_FORM_SCORE``) or not
        return np.array([VALUE_FORM_SCORE if holds_value(text, form) else 0.0 for text in texts])
    q = query_form(query)
    forms = [screen_form(t) for t in texts]
    if not q or not forms:
        return np.zeros(len(forms))
    lengths = np.fromiter(map(len, forms), dtype=np.float64, count=len(forms))
    aligned = _aligned(q, forms, lengths)
    glyphs, loose = (list(kind) for kind in zip(*(screen_glyphs(t) for t in texts), strict=True))
    misread = misread_alignment(query, forms, glyphs, loose, lambda form, reads: _aligned(form, reads, lengths))
    best = np.maximum(aligned, misread)
    passes = best >= min_score(query)
    aligned = np.maximum(aligned, misread * MISREAD)
    specific = specificity(len(q), lengths)
    scores = np.where(passes, aligned * specific, 0.0)
    asked = canonical_words(query)
    for i in np.flatnonzero(passes) if len(asked) == 1 else ():
        scores[i] *= INSIDE_A_WORD if inside_a_word(asked[0], screen_words(texts[i])) else 1.0
    capitals = _capitals(query)
    for i in np.flatnonzero(passes) if capitals else ():
        scores[i] *= OTHER_CASE if in_other_case(capitals, texts[i]) else 1.0
    for i in np.flatnonzero(~passes) if len(asked) == 1 and not _DIGITS.search(q) else ():
        if any(swapped_letters(q, word) for word in screen_words(texts[i]).split()):  # "omgea" typed for "omega"
            scores[i] = MISREAD * specific[i]
    for i in np.flatnonzero(~passes & (best >= near_miss_score(query))):
        if words_read(texts[i], query) >= WORDS_READ:
            scores[i] = NEAR_MISS * aligned[i] * specific[i]
    if len(asked) > 1:  # "echo one" of "echo the ONE": a small word left out between the words asked
        in_order = process.cdist([q], forms, scorer=LCSseq.similarity, dtype=np.float64)[0] / len(q)
        for i in np.flatnonzero((scores == 0) & (in_order >= min_score(query))):
            gapped = small_words_left_out(texts[i], query)
            if gapped >= min_score(query) and words_read(texts[i], query) == 1.0:
                scores[i] = NEAR_MISS * gapped * specific[i]
    numbers = _typed_numbers(query)
    slack = math.ceil(len(q) * (1.0 - min_score(query)))  # characters of the query a match may leave out
    for i in np.flatnonzero(scores > 0) if numbers else ():
        words = screen_words(texts[i])
        in_text = _in_order(_DIGITS.findall(words), numbers)  # a near miss aligns badly: the whole text's numbers
        if passes[i]:
            stretch = _aligned_numbers(q, words, slack)
            if not _in_order(stretch, numbers):  # read away from the words ("PLATFORM Cambridge 9"): a near miss
                apart = in_text and set(stretch) <= set(numbers) and words_read(texts[i], query) >= WORDS_READ
                scores[i] = NEAR_MISS * aligned[i] * specific[i] if apart else 0.0
        elif not in_text:
            scores[i] = 0.0
    return scores


def swapped_letters(typed: str, word: str) -> bool:
    """Whether ``typed`` is ``word`` (both canonical) with two neighbouring letters swapped, the commonest typing
    slip ("omgea" for "omega", "freind"): one letter off costs a short word more than ``min_score`` allows, yet
    a swap rarely makes another word, so a read of the word typed that way matches as a misread would
    (``MISREAD``). Only a word of 5 letters or more: "form" / "from" are two words.

    Example:
        >>> swapped_letters("omgea", "omega"), swapped_letters("omega", "omega"), swapped_letters("form", "from")
        (True, False, False)
        >>> swapped_letters("omgae", "omega")  # two slips
        False
    """
    if len(typed) != len(word) or len(typed) < 5 or typed == word:
        return False
    differ = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
    if len(differ) != 2 or differ[1] != differ[0] + 1:
        return False
    first, second = differ
    return typed[first] == word[second] and typed[second] == word[first]


_LEFT_OUT = FUNCTION_WORDS - NEGATIONS  # small words a question drops; a negation it keeps


def small_words_left_out(text: str, query: str) -> float:
    """The alignment of ``query`` with on-screen ``text`` once the text's function words (``_LEFT_OUT``: "the",
    "of", "and"; not a negation, nor a short word that names something: "GAME NOT OVER" is no "game over", "NEW
    BOY YORK" no "new york") that the query does not have are left out: a question names a text by its words
    and drops the small ones between them ("echo one" for "echo the ONE", "echo way" for "echo the way"), where
    the alignment of the whole text, the small word in the middle, falls short. 0 when the text has no such
    word. ``screen_scores`` counts it a near miss, and only when every word asked is read whole (``words_read`` 1).

    Example:
        >>> small_words_left_out("echo the ONE", "echo one"), small_words_left_out("echo the ONE", "echo the one")
        (1.0, 0.0)
        >>> small_words_left_out("the ONE and the omega", "one omega")
        1.0
        >>> small_words_left_out("GAME NOT OVER", "game over"), small_words_left_out("NEW BOY YORK", "new york")
        (0.0, 0.0)
    """
    asked = set(canonical_words(query))
    words = screen_words(text).split()
    kept = [w for w in words if w not in _LEFT_OUT or w in asked]
    if len(kept) == len(words) or not kept:
        return 0.0
    q, form = query_form(query), squash(" ".join(kept))
    if len(form) >= len(q):
        return fuzz.partial_ratio(q, form) / 100.0
    return LCSseq.similarity(q, form) / len(q)


def _capitals(query: str) -> frozenset[str]:
    """The words of ``query`` written in capitals (two letters or more, all letters): how the question saw them.

    Example:
        >>> sorted(_capitals("the big WE")), sorted(_capitals("Game Over"))
        (['WE'], [])
    """
    return frozenset(w for w in re.findall(r"[^\W\d_]{2,}", query) if w.isupper())


def in_other_case(capitals: frozenset[str], text: str) -> bool:
    """Whether ``text`` holds a word of ``capitals`` (``_capitals``) only in another case, never in capitals: "we are
    here to" for "TO", where another read, "TO", is the one asked in capitals; a word not read whole is no case.

    Example:
        >>> in_other_case(frozenset({"TO"}), "we are here to"), in_other_case(frozenset({"TO"}), "TO")
        (True, False)
        >>> in_other_case(frozenset({"WE"}), "WE ARE here we"), in_other_case(frozenset({"WE"}), "weekend")
        (False, False)
    """
    words = re.findall(r"[^\W\d_]+", text)
    return any(any(w.lower() == word.lower() for w in words) and word not in words for word in capitals)


def inside_a_word(word: str, words: str) -> bool:
    """Whether ``word`` (of letters, 3 or more) is read in ``words`` (``screen_words``) only inside a longer word:
    with two letters or more joined to it ("park" in "parking", "call" in "scallops"), another word, which an
    exact read elsewhere ("Riverside Park") must outrank. One letter joined is OCR's edge ("LIFTOFFI"), digits
    joined are words read run together ("Step2Save"), and a word found nowhere is misread: none is this.

    Example:
        >>> inside_a_word("park", "parking"), inside_a_word("park", "riverside park"), inside_a_word("call", "scallops")
        (True, False, True)
        >>> inside_a_word("liftoff", "liftoffi"), inside_a_word("step", "step2save10"), inside_a_word("exit", "xi")
        (False, False, False)
    """
    if len(word) < 3 or not word.isalpha() or word in words.split():
        return False
    joined = [len(m.group(1)) + len(m.group(2)) for m in re.finditer(rf"([a-z]*){re.escape(word)}([a-z]*)", words)]
    return bool(joined) and min(joined) >= 2


def _typed_numbers(query: str) -> list[str]:
    """The numbers a match must hold, in order (those of the query's canonical words), when the query is
    written with digits; none when it has no digit or spells its numbers in words."""
    return _DIGITS.findall(" ".join(canonical_words(query))) if any(c.isdigit() for c in query) else []


def _in_order(found: list[str], wanted: list[str]) -> bool:
    """Whether every number of ``wanted`` is in ``found``, in the same order (other numbers may come between:
    OCR reads a copyright sign as "0").

    Example:
        >>> _in_order(["0", "2013"], ["2013"]), _in_order(["20"], ["2"]), _in_order(["10", "2"], ["2", "10"])
        (True, False, False)
    """
    rest = iter(found)
    return all(any(n == w for n in rest) for w in wanted)


def _aligned_numbers(q: str, words: str, slack: int) -> list[str]:
    """The numbers of the stretch of ``words`` (canonical, spaced) the query aligns with (on the text without
    spaces), ``slack`` characters wider on each side (and as wide as the query where the stretch ``rapidfuzz``
    aligns at the text's edge is shorter), numbers at its edges taken whole. The stretch aligned is as long as
    the query, so where the read has characters the query has not ("06.42" for "06:42", "7946" in "Call 020
    7946 0018" for "call 020 0018"), the query's first or last characters lie beyond it, as many as the
    match's tolerance allows (``slack``).

    Example:
        >>> _aligned_numbers("sunrise0642sunset1915", "sunrise 06.42 sunset 19.15", 0)
        ['06', '42', '19']
        >>> _aligned_numbers("sunrise0642sunset1915", "sunrise 06.42 sunset 19.15", 7)
        ['06', '42', '19', '15']
        >>> _aligned_numbers("call0200018", "call 020 7946 0018", 4), _aligned_numbers("step2", "step 2 step 20", 0)
        (['020', '7946', '0018'], ['2'])
    """
    form = squash(words)
    if len(form) < len(q):
        return _DIGITS.findall(words)
    found = fuzz.partial_ratio_alignment(q, form)
    kept = [i for i, c in enumerate(words) if c != " "]  # position in ``words`` of each character of ``form``
    wider = slack + max(len(q) - (found.dest_end - found.dest_start), 0)  # a stretch at an edge may be shorter
    first, last = (
        max(found.dest_start - wider, 0),
        min(max(found.dest_end - 1, found.dest_start) + wider, len(form) - 1),
    )
    start, end = kept[first], kept[last] + 1
    while start > 0 and words[start - 1].isdigit() and words[start].isdigit():
        start -= 1
    while end < len(words) and words[end].isdigit() and words[end - 1].isdigit():
        end += 1
    return _DIGITS.findall(words[start:end])


def _ends_clause(text: str) -> bool:
    """Whether a piece ``text`` ends a clause: punctuation at its end, but not the periods of letters ("F.B.I.").

    Example:
        >>> _ends_clause("you,"), _ends_clause("F.B.I."), _ends_clause("ask")
        (True, False, False)
    """
    return bool(_CLAUSE_END.search(text) and not _INITIALS.search(text))


def per_text(texts: Sequence[str], of: Callable[[str], Any], dtype: Any) -> np.ndarray:
    """``of(text)`` for each of ``texts``, as an array of ``dtype``, computed once per distinct text (a timed
    text says the same words again and again).

    Example:
        >>> per_text(["ask", "not", "ask"], len, np.int64).tolist()
        [3, 3, 3]
    """
    found = {text: of(text) for text in set(texts)}
    return np.fromiter(map(found.__getitem__, texts), dtype=dtype, count=len(texts))


@lru_cache(maxsize=SPOKEN_TEXTS_KEPT)
def _spoken_words(texts: tuple[str, ...]) -> tuple[tuple[str, ...], np.ndarray, np.ndarray, np.ndarray]:
    """The canonical words of a timed text's pieces, the first and last piece each is made from, and
    whether each piece ends a clause: the same for every query, kept per text (a search reads the same
    transcripts question after question)."""
    spans = canonical_spans(texts)
    first = np.fromiter((f for _, f, _ in spans), dtype=np.int64, count=len(spans))
    last = np.fromiter((lt for _, _, lt in spans), dtype=np.int64, count=len(spans))
    ends_clause = per_text(texts, lambda t: _ends_clause(t) or len(t.split()) > 1, bool)
    return tuple(t for t, _, _ in spans), first, last, ends_clause


@lru_cache(maxsize=SPOKEN_TEXTS_KEPT)
def _sound_keys(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """The ``sound_key`` of each of a timed text's canonical words, the same for every query (kept per text).

    Example:
        >>> _sound_keys(("live", "tough"))
        ('lf', 'tf')
    """
    return tuple(sound_key(token) for token in tokens)


@lru_cache(maxsize=SPOKEN_TEXTS_KEPT)
def _stems(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """The ``word_stem`` of each of a timed text's canonical words, the same for every query (kept per text).

    Example:
        >>> _stems(("the", "sun", "sets"))
        ('thc', 'sun', 'sct')
    """
    return tuple(word_stem(token) for token in tokens)


def _timed_words(texts: tuple[str, ...], starts: np.ndarray, ends: np.ndarray) -> tuple:
    """The canonical words of a timed text, each word's start and end and the start and end of its clause.
    A piece of several words (a cue) spreads them evenly over its time, in proportion to their length."""
    tokens, first, last, ends_clause = _spoken_words(texts)
    begin, finish = starts[first], ends[last]
    alone = np.flatnonzero(first == last)  # the words of one piece each
    cued = alone[np.bincount(first[alone], minlength=len(texts))[first[alone]] >= 2]  # of a piece of several
    if len(cued):
        piece = first[cued]
        sizes = np.fromiter((len(tokens[m]) + 1 for m in cued.tolist()), dtype=np.float64, count=len(cued))
        opens = np.flatnonzero(np.concatenate([[True], piece[1:] != piece[:-1]]))  # a piece's words are in a row
        counts = np.diff(np.append(opens, len(cued)))
        after = np.cumsum(sizes)  # whole numbers: the sums are exact in any order
        before_piece = np.repeat(after[opens] - sizes[opens], counts)
        total = np.repeat(np.add.reduceat(sizes, opens), counts)
        span = ends[piece] - starts[piece]
        begin[cued] = starts[piece] + (after - sizes - before_piece) / total * span
        finish[cued] = starts[piece] + (after - before_piece) / total * span
    closes = np.ones(len(tokens), dtype=bool)  # the last word of a clause; the last word ends one
    closes[:-1] = ends_clause[last[:-1]] & (first[1:] > last[:-1])
    opens = np.concatenate([[0], np.flatnonzero(closes)[:-1] + 1]) if len(tokens) else np.zeros(0, np.int64)
    sizes = np.diff(np.append(opens, len(tokens)))
    clause_start = np.repeat(begin[opens], sizes)
    clause_end = np.repeat(np.maximum.reduceat(finish, opens) if len(tokens) else finish, sizes)
    return tokens, begin, finish, clause_start, clause_end


@lru_cache(maxsize=256)
def _windows(tokens: tuple[str, ...], shortest: int, longest: int) -> tuple[np.ndarray, ...]:
    """Every run of consecutive words whose characters number ``shortest`` to ``longest``: its first and last
    word and how many words it says (``word_count``).

    Example:
        >>> tokens = ("h", "e", "a", "a", "c", "codec")
        >>> first, last, said = _windows(tokens, 5, 6)
        >>> ["".join(tokens[a : b + 1]) for a, b in zip(first, last)], first.tolist(), last.tolist(), said.tolist()
        (['heaac', 'ccodec', 'codec'], [0, 4, 5], [4, 5, 5], [1, 2, 1])
    """
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    ends = np.concatenate([[0], np.cumsum(lengths)])  # ends[j] - ends[i]: the characters of words i..j-1
    lowest = np.maximum(np.searchsorted(ends, ends[:-1] + shortest, "left"), np.arange(1, len(tokens) + 1))
    highest = np.searchsorted(ends, ends[:-1] + longest, "right") - 1
    counts = np.maximum(0, highest - lowest + 1)
    first = np.repeat(np.arange(len(tokens)), counts)
    offsets = np.concatenate([[0], np.cumsum(counts)])[:-1]
    last = lowest[first] + np.arange(len(first)) - offsets[first] - 1
    spelled = np.concatenate([[0], np.cumsum(_spells_on(tokens))])
    said = last - first + 1 - (spelled[last + 1] - spelled[first + 1])
    return first, last, said


def _reachable(parts: Sequence[str], first: np.ndarray, last: np.ndarray, length: int, floor: float) -> np.ndarray:
    """Whether each run ``parts[a] + ... + parts[b]`` (``first``, ``last``) is long enough and short enough to reach
    an ``Indel`` similarity of ``floor`` with a text of ``length`` characters: at most ``1 - |a - b| / (a + b)``
    for lengths a and b, so a run outside cannot match and is not spelled (a search grades every run of words of
    tens of candidate videos).

    Example:
        >>> _reachable(["ask", "not", "what"], np.array([0, 0, 2]), np.array([0, 2, 2]), 6, 0.7).tolist()
        [False, True, True]
    """
    ends = spelled_parts(tuple(parts))[1]
    runs = ends[last + 1] - ends[first]
    return np.abs(runs - length) <= (1.0 - floor) * (runs + length) + 1e-9


def word_count(tokens: Sequence[str]) -> int:
    """How many words ``tokens`` (canonical words) say, letters spelled one after another counting as one
    (an acronym said letter by letter, "h e a a c").

    Example:
        >>> word_count(canonical_words("H-E-A-A-C codec")), word_count(canonical_words("HE-AAC codec"))
        (2, 3)
    """
    return len(tokens) - int(_spells_on(tokens).sum())


def _spells_on(tokens: Sequence[str]) -> np.ndarray:
    """For each word, whether it is a letter after a letter (spelling one word on)."""
    letter = np.array([len(t) == 1 and t.isalpha() for t in tokens], dtype=bool)
    return letter & np.concatenate([[False], letter[:-1]])


def _alike(key: str, parts: Sequence[str], first: np.ndarray, last: np.ndarray, weight: float) -> np.ndarray:
    """``weight`` times the similarity of the query's ``key`` (its sounds, its stems) with each run of ``parts``
    (``first`` to ``last``: the runs' sounds, stems), where that reaches ``min_score`` of the key (a short key must
    be equal); 0 elsewhere.

    Example:
        >>> stems = ["sun", "sct", "thc", "sunlight"]  # "sun setting", "the sunlight"
        >>> _alike("sunsct", stems, np.array([0, 3]), np.array([1, 3]), STEMMED).round(3).tolist()
        [0.9, 0.0]
    """
    if not key or not len(first):
        return np.zeros(len(first))
    alike = run_similarities(key, parts, first, last)
    return np.where(alike >= min_score(key), weight * alike, 0.0)


def said_floor(query: str) -> float:
    """The lowest score of a stretch said that says ``query``'s words: ``min_score``, or ``STEMMED`` where that is
    lower, for a short query whose words are said in another form ("asked" for "ask": speech recognition writes
    "ask not" as "asked not"), their stems equal (see ``phrase_matches``).

    Example:
        >>> said_floor("ask"), said_floor("ask not"), said_floor("getting started with your budget")
        (0.9, 0.9, 0.7)
        >>> said_floor("{year}")  # a value of a form is held or not
        0.85
    """
    return min(min_score(query), STEMMED) if value_form(query) is None else min_score(query)


def _keep_stemmed(scores: np.ndarray, floors: np.ndarray, at: np.ndarray, stemmed: np.ndarray) -> None:
    """Where ``stemmed`` (the scores of the windows ``at`` by their stems: ``STEMMED`` times the stems' similarity,
    which reached the stems' own ``min_score``, ``_alike``) beats the window's alignment, it is the window's score,
    and ``STEMMED`` its floor where that is lower (``said_floor``: "asked" says "ask", where ``min_score("ask")``
    is 1).

    Example:
        >>> scores, floors = np.array([0.5, 0.95]), np.array([1.0, 1.0])
        >>> _keep_stemmed(scores, floors, np.array([0, 1]), np.array([0.9, 0.9]))
        >>> scores.tolist(), floors.tolist()
        ([0.9, 0.95], [0.9, 1.0])
    """
    chosen = at[(stemmed > 0) & (stemmed > scores[at])]
    scores[at] = np.maximum(scores[at], stemmed)
    floors[chosen] = np.minimum(floors[chosen], STEMMED)


def phrase_matches(
    texts: Sequence[str], starts: Sequence[float], ends: Sequence[float], query: str
) -> list[tuple[float, float, float, float, float]]:
    """``phrase_spans`` for one timed text: (start_s, end_s, score, clause_start_s, clause_end_s) of the
    best windows scoring at least ``min_score(query)``, best first (ties: earlier first), none sharing a
    word with a better one.

    Example:
        >>> said = ["In", "the", "year", "fourteen", "fifty-five,", "printing", "began."]
        >>> phrase_matches(said, [0, 1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7], "1455")
        [(3.0, 5.0, 1.0, 0.0, 5.0)]
        >>> phrase_matches(["in", "2013"], [0, 1], [1, 2], "3")
        []
        >>> phrase_matches(["Gutenberg's", "Bible"], [0, 1], [1, 2], "the Guttenberg bible")
        [(0.0, 2.0, 0.848, 0.0, 2.0)]
        >>> phrase_matches(["We", "have", "live", "tough."], [0, 1, 2, 3], [1, 2, 3, 4], "liftoff")
        [(2.0, 4.0, 0.9, 0.0, 4.0)]
        >>> phrase_matches(said, [0, 1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7], "{year}")  # any year said
        [(3.0, 5.0, 0.85, 0.0, 5.0)]
    """
    if (form := value_form(query)) is not None:
        return _values_said(texts, starts, ends, form)
    minimum = min_score(query)
    q = query_form(query)
    if not q or not texts:
        return []
    tokens, begin, finish, clause_start, clause_end = _timed_words(
        tuple(texts), np.asarray(starts, dtype=np.float64), np.asarray(ends, dtype=np.float64)
    )
    numbers = _typed_numbers(query)
    words = canonical_words(query)
    run_first, run_last, said = _windows(tokens, (len(q) + 1) // 2, 2 * len(q))
    scores = np.zeros(len(run_first))
    read = said >= word_count(words) - 1  # a query's word dropped, at most one
    read = np.flatnonzero(read & _reachable(tokens, run_first, run_last, len(q), minimum))
    scores[read] = run_similarities(q, tokens, run_first[read], run_last[read])
    floors = np.full(len(run_first), minimum)  # a window's floor: min_score, or what a match of its kind reaches
    sound = "".join(map(sound_key, words))
    if sound:
        keys = _sound_keys(tokens)
        heard = np.abs(said - word_count(words)) <= 1  # as many words, one more or fewer
        heard = np.flatnonzero(heard & _reachable(keys, run_first, run_last, len(sound), min_score(sound)))
        scores[heard] = np.maximum(scores[heard], _alike(sound, keys, run_first[heard], run_last[heard], SOUNDS_ALIKE))
    stems = "".join(map(word_stem, words))
    if stems:  # a word said in another form than asked ("asked" for "ask", "setting" for "sets"): aligned by
        # stems, as many words, one more or fewer
        said_stems = _stems(tokens)
        alike = np.abs(said - word_count(words)) <= 1
        alike = np.flatnonzero(alike & _reachable(said_stems, run_first, run_last, len(stems), min_score(stems)))
        stemmed = _alike(stems, said_stems, run_first[alike], run_last[alike], STEMMED)
        _keep_stemmed(scores, floors, alike, stemmed)
    negated = _negating(tokens, run_first, run_last) != bool(NEGATING.intersection(words))
    floors = np.where(negated, minimum, floors)  # a negation missing or added is no match of another form
    scores *= np.where(negated, NEGATED, 1.0)
    candidates: list[tuple[float, int, int]] = []
    for i in np.flatnonzero(scores >= floors):
        a, b = int(run_first[i]), int(run_last[i])
        if not numbers or _in_order(_DIGITS.findall(" ".join(tokens[a : b + 1])), numbers):
            candidates.append((float(scores[i]), a, b))
    candidates.sort(key=lambda c: (-c[0], begin[c[1]], c[2] - c[1]))
    taken = np.zeros(len(tokens), dtype=bool)  # the words of the spans found
    found = []
    for score, first, last in candidates:
        if taken[first : last + 1].any():
            continue
        taken[first : last + 1] = True
        start, end = float(begin[first]), float(finish[first : last + 1].max())
        clause = float(clause_start[first]), max(float(clause_end[last]), end)
        if clause[1] - clause[0] > CLAUSE_MAX_S:
            clause = start, end
        found.append((start, end, round(score, 3), *clause))
    return found


def _negating(tokens: Sequence[str], first: np.ndarray, last: np.ndarray) -> np.ndarray:
    """Whether each window of ``tokens`` (from ``first`` to ``last``) holds a negation (``NEGATING``): "ask what
    you can do for your country" does not say "ask not what you can get from your country", however many of its
    characters it aligns (a person misquoting a line keeps its "not"; speech recognition writes it).

    Example:
        >>> _negating(("ask", "not", "what", "ask", "what"), np.array([0, 2]), np.array([2, 4])).tolist()
        [True, False]
    """
    counts = np.r_[0, np.cumsum([token in NEGATING for token in tokens])]
    return counts[np.asarray(last) + 1] > counts[np.asarray(first)]


def _values_said(
    texts: Sequence[str], starts: Sequence[float], ends: Sequence[float], form: str
) -> list[tuple[float, float, float, float, float]]:
    """``phrase_matches`` for a query of a value's form: the shortest runs of at most ``FORM_WORDS`` canonical
    words that hold a value of ``form`` (``holds_value``: "9 oclock", "250 pounds", "1455"), each scoring
    ``VALUE_FORM_SCORE``, in time order, none sharing a word with an earlier one.

    Example:
        >>> _values_said(["at", "nine", "o'clock,", "the", "news"], [0, 1, 2, 3, 4], [1, 2, 3, 4, 5], "time")
        [(1.0, 3.0, 0.85, 0.0, 3.0)]
    """
    if not texts:
        return []
    tokens, begin, finish, clause_start, clause_end = _timed_words(
        tuple(texts), np.asarray(starts, dtype=np.float64), np.asarray(ends, dtype=np.float64)
    )
    found, free = [], 0  # the first word no run found yet holds
    for first in range(len(tokens)):
        if first < free:
            continue
        last = next(
            (
                b
                for b in range(first, min(first + FORM_WORDS, len(tokens)))
                if holds_value(" ".join(tokens[first : b + 1]), form)
            ),
            None,
        )
        if last is None:
            continue
        while first < last and holds_value(" ".join(tokens[first + 1 : last + 1]), form):  # its own shortest run
            first += 1
        free = last + 1
        start, end = float(begin[first]), float(finish[first : last + 1].max())
        clause = float(clause_start[first]), max(float(clause_end[last]), end)
        if clause[1] - clause[0] > CLAUSE_MAX_S:
            clause = start, end
        found.append((start, end, VALUE_FORM_SCORE, *clause))
    return found


def screen_text_score(texts: pa.Array, queries: pa.Array) -> pa.Array:
    """The Arrow UDF ``screen_text_score``: row-wise scores, one vectorized pass per distinct query over
    the distinct texts."""
    texts, queries = _strings(texts), _strings(queries)
    scores = np.zeros(len(texts), dtype=np.float64)
    encoded = pc.dictionary_encode(queries)
    codes = encoded.indices.fill_null(-1).to_numpy(zero_copy_only=False)
    for code, query in enumerate(encoded.dictionary.to_pylist()):
        rows = np.flatnonzero(codes == code)
        distinct = pc.dictionary_encode(texts.take(pa.array(rows)).fill_null(""))
        per_text = screen_scores(distinct.dictionary.to_pylist(), query)
        scores[rows] = per_text[distinct.indices.to_numpy(zero_copy_only=False)]
    missing = pc.or_(pc.is_null(texts), pc.is_null(queries)).to_numpy(zero_copy_only=False)
    return pa.array(scores, mask=missing, type=pa.float64())


def in_utterances(
    found: list[tuple[float, float, float, float, float]], starts: np.ndarray, ends: np.ndarray, pause_s: float
) -> list[tuple[float, float, float, float, float, float, float]]:
    """``phrase_matches``' spans with the words said as their evidence: each span's own time widened by
    ``SAID_SLACK_S`` on both sides, within its utterance (the pieces, their ``starts`` and ``ends``, NaN where
    unknown, said with less than ``pause_s`` of silence from one to the next, in time order, those a span
    overlaps joined), or within its clause when that utterance lasts over ``CLAUSE_MAX_S`` or none overlaps;
    and its statement, that utterance (or clause) itself.
    A phrase asked for is the moment its words are said: on the dev questions with real voices (LJ Speech,
    Kennedy) their hand-checked truth is the words (``the Gutenberg`` in a 4.8 s utterance), and so is a
    phrase or word said in the issue's real sets; the slack covers the recognizer's word times.

    Example:
        >>> starts, ends = np.array([0.0, 1.0, 1.4, 3.0]), np.array([0.5, 1.3, 1.8, 3.2])
        >>> in_utterances([(1.0, 1.3, 1.0, 1.0, 1.8)], starts, ends, 0.5)  # 0.5 s after "so," is a pause
        [(1.0, 1.3, 1.0, 1.0, 1.5, 1.0, 1.8)]
        >>> in_utterances([(1.0, 1.3, 1.0, 1.0, 1.8)], starts, ends, 0.6)  # "so" is in its utterance
        [(1.0, 1.3, 1.0, 0.8, 1.5, 0.0, 1.8)]
    """
    if not found:
        return found
    low, high = utterance_bounds(starts, ends, pause_s)
    timed = ~(np.isnan(low) | np.isnan(high))  # an utterance without times overlaps nothing
    low, high = low[timed], high[timed]  # in time order: each starts where its first piece does
    reach = np.maximum.accumulate(high) if len(high) else high  # the latest end of an utterance up to each
    span_start, span_end = (np.array([match[i] for match in found], np.float64) for i in (0, 1))
    before = np.searchsorted(low, span_end, "left")  # the utterances starting before each span ends
    after = np.searchsorted(reach, span_start, "right")  # the first of them ending after it starts, if any
    out = []
    for (start, end, score, *clause), upto, first in zip(found, before.tolist(), after.tolist(), strict=True):
        if first < upto and end == end:  # overlapping ones: from the first one's start to the latest end
            joined = float(low[first]), float(reach[upto - 1])
            if joined[1] - joined[0] <= CLAUSE_MAX_S:
                clause = joined
        said = max(clause[0], start - SAID_SLACK_S), min(clause[1], end + SAID_SLACK_S)
        out.append((start, end, score, *said, *clause))
    return out


def utterance_bounds(starts: np.ndarray, ends: np.ndarray, pause_s: float) -> tuple[np.ndarray, np.ndarray]:
    """The (start, end) of each utterance of pieces said from ``starts`` to ``ends`` (NaN where unknown): the
    pieces in time order, a new utterance after ``pause_s`` of silence or more (or an unknown time); NaN
    bounds for a run of pieces without times.

    Example:
        >>> low, high = utterance_bounds(np.array([3.0, 0.0, 0.8]), np.array([3.2, 0.5, 1.3]), 0.5)
        >>> low.tolist(), high.tolist()
        ([0.0, 3.0], [1.3, 3.2])
    """
    order = np.lexsort((ends, starts))  # by start, then end; unknown times last
    starts, ends = starts[order], ends[order]
    silence = starts[1:] - ends[:-1]
    first = np.flatnonzero(np.r_[True, np.isnan(silence) | (silence >= pause_s)])
    with np.errstate(invalid="ignore"):
        return np.fmin.reduceat(starts, first), np.fmax.reduceat(ends, first)


def said_utterances(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, pause_s: float
) -> tuple[np.ndarray, np.ndarray]:
    """Where a timed text (its pieces in time order) is said: the (start, end) of its utterances as
    ``phrase_spans`` finds them (speech recognition's silences taken out by ``heard_times``, then
    ``utterance_bounds``), those with times, in time order.

    Example:
        >>> words = ["I", "will", "show", "a", "directory", "done."]
        >>> starts = np.array([0.46, 1.0, 1.18, 1.58, 2.14, 2.76])
        >>> ends = np.array([1.0, 1.18, 1.58, 2.14, 2.76, 3.94])
        >>> [b.round(2).tolist() for b in said_utterances(words, starts, ends, 0.5)]  # "I" is no 0.54 s long
        [[0.6], [3.46]]
    """
    if not len(texts):
        return np.zeros(0), np.zeros(0)
    low, high = utterance_bounds(*heard_times(texts, starts, ends, pause_s), pause_s)
    timed = ~(np.isnan(low) | np.isnan(high))
    return low[timed], high[timed]


def said_phrases(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, pause_s: float
) -> tuple[np.ndarray, np.ndarray]:
    """Where each phrase of a timed text (its pieces in time order) is said, in time order: its utterances
    (``said_utterances``) cut after each piece that ends a clause (punctuation, but not the periods of
    letters: "F.B.I."), and a clause lasting over ``PHRASE_MAX_S`` cut into the fewest stretches of equal
    time that last no longer, a piece going to the stretch its start falls in (speech recognition marks no
    pause inside a clause, so its time is all there is to cut by).

    Example:
        >>> words = ["ask", "not", "what", "you", "can", "do", "for", "you,", "ask", "what", "you", "can", "do."]
        >>> starts = np.arange(13) * 0.3
        >>> [b.round(2).tolist() for b in said_phrases(words, starts, starts + 0.3, 0.5)]  # two clauses
        [[0.0, 2.4], [2.4, 3.9]]
        >>> starts = np.arange(13) * 0.4  # one clause of 5.2 s: two stretches of 2.6 s at most
        >>> [b.round(2).tolist() for b in said_phrases([w.strip(",") for w in words], starts, starts + 0.4, 0.5)]
        [[0.0, 2.8], [2.8, 5.2]]
    """
    if not len(texts):
        return np.zeros(0), np.zeros(0)
    low, high, opens = heard_clauses(texts, starts, ends, pause_s)
    clause = np.cumsum(opens) - 1  # each piece's clause (within an utterance)
    first = np.flatnonzero(opens)
    begin, finish = low[first], np.maximum.reduceat(high, first) if len(first) else high
    lasting = np.maximum(finish - begin, 1e-9)  # a clause of pieces all timed at one instant lasts no time
    stretches = np.maximum(np.ceil((finish - begin) / PHRASE_MAX_S - 1e-9), 1.0)
    stretch = np.minimum((low - begin[clause]) / lasting[clause] * stretches[clause], stretches[clause] - 1)
    phrase = np.r_[True, (clause[1:] != clause[:-1]) | (np.floor(stretch[1:]) != np.floor(stretch[:-1]))]
    starts_at = np.flatnonzero(phrase) if len(low) else np.zeros(0, np.int64)
    if not len(starts_at):
        return np.zeros(0), np.zeros(0)
    return low[starts_at], np.maximum.reduceat(high, starts_at)


def heard_clauses(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, pause_s: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A timed text's pieces as heard (``heard_times``; untimed ones left out), in time order: their starts, their
    ends, and whether each opens a clause (the first, one after a pause of ``pause_s``, one after a piece that ends
    a clause: punctuation, but not the periods of letters). ``said_phrases`` and ``said_clauses`` cut by them.
    A clause also opens inside a clause, after a pause a listener hears, ``PART_PAUSE_S``, where the word after
    it takes longer than it is usually said in (``SPOKEN_PER_CHAR_S`` a character): speech recognition gives the
    silence to the word after it ("century may", the 0.3 s before "may" timed as the word). The word after such
    a pause starts where it is usually said from, up to its end: the part said after it is heard from there. A
    part before such a pause holds ``PART_MIN_WORDS`` at least: one long word is stressed ("One. Communism"). No
    pause is heard right after a word timed over a silence itself: the recognizer guessed where that word ends
    ("One, communism is": "communism" timed over the 0.65 s before it, "is" 0.46 s long with no pause heard).

    Example:
        >>> starts = np.array([0.0, 0.3, 0.6])
        >>> low, high, opens = heard_clauses(["ask", "not,", "ask"], starts, starts + 0.3, 0.5)
        >>> low.tolist(), opens.tolist()
        ([0.0, 0.3, 0.6], [True, False, True])
        >>> words = ["15th", "century", "may", "justly"]  # 0.58 s for "may": said in 0.21 after a 0.37 s pause
        >>> starts, ends = np.array([3.77, 4.37, 4.79, 5.37]), np.array([4.37, 4.79, 5.37, 5.91])
        >>> low, high, opens = heard_clauses(words, starts, ends, 0.5)
        >>> low.round(2).tolist(), opens.tolist()
        ([3.77, 4.37, 5.16, 5.37], [True, False, True, False])
    """
    heard_start, heard_end = heard_times(texts, starts, ends, pause_s)
    timed = np.flatnonzero(~(np.isnan(heard_start) | np.isnan(heard_end)))
    order = timed[np.lexsort((heard_end[timed], heard_start[timed]))]
    low, high = heard_start[order], heard_end[order]
    if not len(order):
        return low, high, np.zeros(0, bool)
    closes = per_text(texts, _ends_clause, bool)[order]
    onset = np.maximum(low, high - SPOKEN_PER_CHAR_S * per_text(texts, spoken_length, np.float64)[order])
    opens = np.r_[True, (low[1:] - high[:-1] >= pause_s) | closes[:-1]]
    silence = np.r_[False, onset[1:] - high[:-1] >= PART_PAUSE_S]  # a silence given to the word after it
    heard_pause = ~opens & silence & ~np.r_[False, silence[:-1]]  # not after a word timed over one: its end a guess
    opened = 0  # the piece the part before a pause heard opens with: one word alone is no part ("One." of a list)
    for piece in range(len(opens)):
        if heard_pause[piece] and piece - opened < PART_MIN_WORDS:
            heard_pause[piece] = False
        if opens[piece] or heard_pause[piece]:
            opened = piece
    return np.where(heard_pause, onset, low), high, opens | heard_pause


def utterances(pieces: pa.Array, pauses: pa.Array) -> pa.Array:
    """The Arrow UDF ``utterances``: one list of (start_s, end_s) per row, ``said_utterances`` of its pieces
    (NULL when the pieces are NULL).

    Example:
        >>> pieces = pa.array([[{"text": "hi", "start_s": 0.0, "end_s": 0.3}, {"text": "there", "start_s": 1.5,
        ...                     "end_s": 1.9}]])
        >>> utterances(pieces, pa.array([0.5])).to_pylist()
        [[{'start_s': 0.0, 'end_s': 0.3}, {'start_s': 1.5, 'end_s': 1.9}]]
    """
    return _listed(pieces, pauses, said_utterances)


def phrases(pieces: pa.Array, pauses: pa.Array) -> pa.Array:
    """The Arrow UDF ``phrases``: one list of (start_s, end_s) per row, ``said_phrases`` of its pieces (NULL
    when the pieces are NULL).

    Example:
        >>> said = [("ask", 0.0, 0.3), ("not,", 0.3, 0.6), ("ask", 0.6, 0.9), ("what.", 0.9, 1.2)]
        >>> pieces = pa.array([[{"text": t, "start_s": a, "end_s": b} for t, a, b in said]])
        >>> phrases(pieces, pa.array([0.5])).to_pylist()
        [[{'start_s': 0.0, 'end_s': 0.6}, {'start_s': 0.6, 'end_s': 1.2}]]
    """
    return _listed(pieces, pauses, said_phrases)


def _listed(pieces: pa.Array, pauses: pa.Array, said: Callable) -> pa.Array:
    """One list of (start_s, end_s) per row: ``said`` (``said_utterances``, ``said_phrases``) of its pieces
    with its pause (NULL when the pieces or the pause are NULL)."""
    rows = TimedPieces.of(pieces)
    out = []
    for row, pause_s in enumerate(pauses.to_pylist()):
        said_in = rows.row(row)
        if said_in is None or pause_s is None:
            out.append(None)
            continue
        low, high = said(*said_in, pause_s)
        out.append([{"start_s": a, "end_s": b} for a, b in zip(low.tolist(), high.tolist(), strict=True)])
    return pa.array(out, type=pa.list_(UTTERANCE))


@lru_cache(maxsize=200_000)
def spoken_length(word: str) -> int:
    """How many letters a word takes to say: its letters and digits, a digit as ``DIGIT_CHARS`` (kept per word:
    a transcript says the same words again and again).

    Example:
        >>> spoken_length("1455"), spoken_length("fifty-five,")
        (16, 9)
    """
    return sum(DIGIT_CHARS if c.isdigit() else 1 for c in word if c.isalnum())


def heard_times(
    texts: Sequence[str], starts: np.ndarray, ends: np.ndarray, pause_s: float
) -> tuple[np.ndarray, np.ndarray]:
    """Speech recognition's word times (in time order, NaN where unknown) with the silence it gave a word
    taken out. Whisper's word times leave no gap where the speaker pauses: the word after the pause starts
    where the word before it ended (Kennedy's "ask" from 5.09 to 6.73 s after "Americans", said in 0.5 s at
    the end of it), and a word before a pause ends where the next begins. So a word lasting longer than
    ``SAID_S`` plus ``SAID_PER_CHAR_S`` per character (a digit as ``DIGIT_CHARS``: "1455" is "fourteen
    fifty-five") keeps that much: its end, or, when a pause of ``pause_s`` or the end of its clause or of
    the text follows it (the silence is after it), its start. The pauses this uncovers end utterances
    (``in_utterances``), and a phrase is said where its words are.

    Example:
        >>> words = ["And", "so", "my", "fellow", "Americans", "ask", "not"]
        >>> starts = np.array([2.93, 3.53, 3.85, 4.19, 4.55, 5.09, 6.73])
        >>> ends = np.array([3.53, 3.85, 4.19, 4.55, 5.09, 6.73, 7.27])
        >>> heard, _ = heard_times(words, starts, ends, 0.5)
        >>> heard.round(2).tolist()[-3:]  # "ask" starts 0.6 s (3 letters) before its end
        [4.55, 6.13, 6.73]
        >>> heard_times(["done."], np.array([2.76]), np.array([3.94]), 0.5)[1].round(2).tolist()  # silence after
        [3.46]
    """
    starts, ends = np.asarray(starts), np.asarray(ends)
    times = (starts.dtype.str, starts.tobytes(), ends.dtype.str, ends.tobytes())
    return _heard_times(tuple(texts), *times, pause_s)


@lru_cache(maxsize=64)
def _heard_times(
    texts: tuple[str, ...], starts_type: str, starts: bytes, ends_type: str, ends: bytes, pause_s: float
) -> tuple[np.ndarray, np.ndarray]:
    """``heard_times`` of the pieces with these times (as bytes of their type), kept: the words said and the
    phrases of a text ask for them alike, read-only as they are shared."""
    said_from, said_to = np.frombuffer(starts, starts_type), np.frombuffer(ends, ends_type)
    spoken = per_text(texts, spoken_length, np.float64)
    longest = SAID_S + SAID_PER_CHAR_S * spoken
    with np.errstate(invalid="ignore"):
        extra = np.fmax(said_to - said_from - longest, 0.0)  # NaN times: nothing to take out
        silence_after = np.r_[said_from[1:] - said_to[:-1], np.nan]
        before_silence = ~(silence_after < pause_s) | per_text(texts, lambda t: _CLAUSE_END.search(t) is not None, bool)
    heard = np.where(before_silence, said_from, said_from + extra), np.where(before_silence, said_to - extra, said_to)
    for times in heard:
        times.setflags(write=False)
    return heard


def phrase_spans(pieces: pa.Array, queries: pa.Array, pauses: pa.Array) -> pa.Array:
    """The Arrow UDF ``phrase_spans``: one list of spans per row (NULL when the pieces or the query are
    NULL); pieces with a NULL (or NaN) time are left out of the matches (not of the utterances)."""
    rows = TimedPieces.of(pieces)
    out = []
    for row, (query, pause_s) in enumerate(zip(queries.to_pylist(), pauses.to_pylist(), strict=True)):
        said_in = rows.row(row)
        if query is None or said_in is None:
            out.append(None)
            continue
        row_texts, row_starts, row_ends = said_in
        timed = np.flatnonzero(~(np.isnan(row_starts) | np.isnan(row_ends)))  # NULL (a NaN time is no time either)
        if pause_s is not None:
            row_starts, row_ends = heard_times(row_texts, row_starts, row_ends, pause_s)
        found = phrase_matches(
            [row_texts[i] for i in timed] if len(timed) < len(row_texts) else row_texts,
            row_starts[timed].tolist(),
            row_ends[timed].tolist(),
            query,
        )
        if pause_s is not None:
            found = in_utterances(found, row_starts, row_ends, pause_s)
        else:
            found = [(*match, *match[3:]) for match in found]  # the statement is the clause
        out.append([dict(zip(SPAN_FIELDS, match, strict=True)) for match in found])
    return pa.array(out, type=pa.list_(SPAN))


@dataclasses.dataclass(frozen=True)
class TimedPieces:
    """The rows of an Arrow ``list<struct<text, start_s, end_s>>`` of timed text (transcript words, cues), unpacked
    once for a whole batch: each row's texts ('' where NULL) and times (float64, NaN where NULL).

    Example:
        >>> rows = TimedPieces.of(pa.array([[{"text": "hi", "start_s": 0.0, "end_s": None}], None]))
        >>> texts, starts, ends = rows.row(0)
        >>> texts, starts.tolist(), ends.tolist(), rows.row(1)
        (['hi'], [0.0], [nan], None)
    """

    pieces: pa.ListArray
    offsets: np.ndarray
    texts: list[str]
    starts: np.ndarray
    ends: np.ndarray

    @classmethod
    def of(cls, pieces: pa.Array | pa.ChunkedArray) -> TimedPieces:
        """The rows of ``pieces``, one array however it came chunked."""
        pieces = pieces.combine_chunks() if isinstance(pieces, pa.ChunkedArray) else pieces
        fields = pieces.values
        starts, ends = (
            fields.field(name).cast(pa.float64()).fill_null(np.nan).to_numpy(zero_copy_only=False)
            for name in ("start_s", "end_s")
        )
        return cls(pieces, pieces.offsets.to_numpy(), fields.field("text").fill_null("").to_pylist(), starts, ends)

    def row(self, row: int) -> tuple[list[str], np.ndarray, np.ndarray] | None:
        """Row ``row``'s texts, starts and ends, in order; None where the row is NULL."""
        if not self.pieces[row].is_valid:
            return None
        first, last = self.offsets[row], self.offsets[row + 1]
        return self.texts[first:last], self.starts[first:last], self.ends[first:last]


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Register ``screen_text_score``, ``query_words_read``, ``phrase_spans``, ``utterances`` and ``phrases`` in
    ``con`` unless they are there (``ctx`` is not needed: they hold no corpus state, only caches of normalized text)."""
    if not is_registered(con, "screen_text_score"):
        con.create_function(
            "screen_text_score",
            owned(screen_text_score),
            ["VARCHAR", "VARCHAR"],
            "DOUBLE",
            type="arrow",
            null_handling="special",
        )
    if not is_registered(con, "query_words_read"):
        con.create_function(
            "query_words_read",
            owned(query_words_read),
            ["VARCHAR", "VARCHAR"],
            "DOUBLE",
            type="arrow",
            null_handling="special",
        )
    if not is_registered(con, "phrase_spans"):
        con.create_function(
            "phrase_spans",
            owned(phrase_spans),
            ["STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[]", "VARCHAR", "DOUBLE"],
            f"STRUCT({', '.join(f'{name} DOUBLE' for name in SPAN_FIELDS)})[]",
            type="arrow",
            null_handling="special",
        )
    for name, listed in (("utterances", utterances), ("phrases", phrases)):
        if not is_registered(con, name):
            con.create_function(
                name,
                owned(listed),
                ["STRUCT(text VARCHAR, start_s DOUBLE, end_s DOUBLE)[]", "DOUBLE"],
                "STRUCT(start_s DOUBLE, end_s DOUBLE)[]",
                type="arrow",
                null_handling="special",
            )


def _strings(array: pa.Array | pa.ChunkedArray) -> pa.Array:
    array = array.combine_chunks() if isinstance(array, pa.ChunkedArray) else array
    return array.cast(pa.string())


def _pylist(array: pa.Array | pa.ChunkedArray) -> list:
    return array.to_pylist()


__all__ = [
    "glyph_form",
    "glyphs_of",
    "in_utterances",
    "min_score",
    "misread_alignment",
    "phrase_matches",
    "query_form",
    "query_variants",
    "query_words_read",
    "register",
    "screen_form",
    "screen_glyphs",
    "screen_scores",
    "screen_specificity",
    "specificity",
    "utterances",
    "word_count",
]
