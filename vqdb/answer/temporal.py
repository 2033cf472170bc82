"""Time relations: find the moment a question's anchor names, then weigh text by where it lies from it.

"What does he say right after 'ask not'?" reads the speech that follows the words "ask not";
"What is on screen when the dog barks?" the text on screen while a bark is heard. :func:`locate` finds
the anchor's moments in the video's streams — lexically first (``vqdb.answer.lexical``, words weighed
by rarity in the video; words found nowhere in it, and the function words of a described (not quoted)
moment, left out; text on screen for as long as it is shown; of a screen's readings, the best: "Spike
Sent" under "Send Spike" is read like it, less well; a phrase shown a word at a time is read across
consecutive screens, where that reads ``ACROSS_GAIN`` more of it than one screen), by sentence
similarity when no word of it was read or heard — and :func:`time_weight` scores a span of text by the relation:

* ``after``: 1 when it starts at the anchor's end, decaying with the gap (``exp(-gap / tau)``, tau
  ``IMMEDIATE_TAU_S`` for "right after", ``TAU_S`` otherwise); ``NOT_IN_RELATION`` when it starts
  before the anchor ends;
* ``before``: the mirror image;
* ``while``: 1 when it overlaps the anchor, decaying with the distance (``WHILE_TAU_S``); text on screen
  that does not overlap an anchor on screen (the screen before or after it meets it) times ``SCREENS_MET``;
* ``after`` with the answer placed against the anchor ("what flashes up under it?",
  ``QuestionParts.with_anchor``): 1 when it appears while the anchor is shown (the next screen, once
  the anchor is gone, is not "under it"), ``NOT_IN_RELATION`` when it was there before the anchor; once
  the anchor is gone ``IN_WINDOW x exp(-gap / length)``, the gap over the anchor's own length (at least
  ``MIN_LENGTH_S``): the scale of its moment. ``before`` mirrors it;
* an ordinal (``first``/``last``) weighs the earliest (latest) text most, relative to the earliest
  (latest) candidate: ``exp(-delay / ORDINAL_TAU_S)``.

Example:
    >>> from vqdb.answer.evidence import Evidence
    >>> from vqdb.answer.questions import read_question
    >>> from vqdb.answer.timeline import stream_of
    >>> said = "ask not what your country can do for you"
    >>> s = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 9.0, said, 0.0)])
    >>> parts = read_question("What does he say right after 'ask not'?")
    >>> [(a.start_s, a.end_s) for a in locate(parts, [s])]
    [(0.0, 2.0)]
    >>> round(time_weight(parts, locate(parts, [s]), 2.0, 5.0), 2), time_weight(parts, locate(parts, [s]), 0.0, 1.0)
    (1.0, 0.1)

:func:`window` gives the seconds the question asks about, where that weight is at least
``IN_WINDOW`` (1/e: within one decay length): text read only outside it is weak evidence, however
well it is read; :func:`in_stretch` the stretch a count asks about ("after X": all the video from X on).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import numpy as np

from vqdb.answer.lexical import STOPWORDS, Match, Matcher, extents, find, rarity_weights
from vqdb.answer.questions import PERSON_WORDS, SPEECH_CUES, QuestionParts
from vqdb.answer.timeline import Stream, match_words, screen_sequence
from vqdb.models.protocols import TextEmbedder
from vqdb.textnorm import as_digits

TAU_S = 10.0
IMMEDIATE_TAU_S = 4.0
WHILE_TAU_S = 2.0
ORDINAL_TAU_S = 5.0
TOLERANCE_S = 0.25
CROSS_SOURCE_TOLERANCE_S = 0.6  # the same between text of two sources (two clocks: ``time_weight``)
BETWEEN_SLACK = 2.0  # "between X and Y": an X whose gap to the next Y is at most this times the smallest
NOT_IN_RELATION = 0.1
SCREENS_MET = 0.8  # text on the screen before or after a screen anchor's, for "while": shown next to it, not with it
IN_WINDOW = math.exp(-1.0)  # the weight at the edge of the window the question asks about
SHORT_NUMERAL = 2  # digits of an anchor's numeral looked for as the letters OCR reads for them
MIN_LENGTH_S = 1.0  # an anchor's length, the scale of text placed against it, is at least this
AT_HALF_WIDTH_S = 1.0  # an explicit time ("at 2:35") names the seconds around it
MIN_ANCHOR = 0.5  # lexical score an anchor's match needs
KEEP_ANCHOR = 0.85  # matches within this share of the best are anchors too
ACROSS_GAIN = 0.2  # an anchor read across screens must read this much more of it than any one screen
SAME_MOMENT_S = 1.0  # anchors of different sources this close are one moment
MIN_SEMANTIC_ANCHOR = 0.4  # cosine a snippet needs to be the anchor when no word of it matched
MAX_SEMANTIC_TEXTS = 512  # distinct snippet texts compared with the anchor (the first, in time order)
SOURCE_MISMATCH = 0.75  # weight of text from a source the question did not name
# the same in a question relating two moments ("what is on screen when he says X?", "what does she say while the
# title is shown?"): the anchor's own text is at the moment asked, and fits it as well as the answer does
RELATED_SOURCE_MISMATCH = 0.3
STREAM_SOURCES = {"speech": ("transcript", "subtitle"), "screen": ("ocr", "subtitle"), "sound": ("audio",)}


@dataclasses.dataclass(frozen=True)
class Anchor:
    """A moment the question's anchor names: its seconds, score, source and text, and the words that
    were found as it (``matches``; none for a time named or a moment found by meaning)."""

    start_s: float
    end_s: float
    score: float
    source: str | None
    text: str
    matches: tuple[Match, ...] = ()


def closest_before(anchors: Sequence[Anchor], ends: Sequence[Anchor]) -> list[Anchor]:
    """Of the moments of X (``anchors``) in "between X and Y", those Y (``ends``) follows most closely: each
    X's gap to the first Y that starts after it (within ``TOLERANCE_S``), those within ``BETWEEN_SLACK`` times
    the smallest gap, closest first; ``anchors`` unchanged where Y follows none. "The word between 'WE' and
    'WORK'" is after the "WE" that "WORK" comes right after, not after every "WE".

    Example:
        >>> we = [Anchor(15.0, 16.5, 1.0, "ocr", "WE"), Anchor(31.9, 33.4, 1.0, "ocr", "WE")]
        >>> work = [Anchor(27.0, 31.0, 1.0, "ocr", "with the WORK"), Anchor(34.9, 36.4, 1.0, "ocr", "WORK")]
        >>> [a.start_s for a in closest_before(we, work)]
        [31.9]
        >>> closest_before(we, []) == we
        True
    """
    gaps = []
    for anchor in anchors:
        after = [end.start_s - anchor.end_s for end in ends if end.start_s >= anchor.start_s + TOLERANCE_S]
        if after:
            gaps.append((max(0.0, min(after)), anchor))
    if not gaps:
        return list(anchors)
    smallest = min(gap for gap, _ in gaps)
    return [a for gap, a in sorted(gaps, key=lambda g: g[0]) if gap <= BETWEEN_SLACK * smallest + TOLERANCE_S]


def read_between(
    starts: Sequence[tuple[int, int]], ends: Sequence[tuple[int, int]], match: Match, positions: np.ndarray
) -> bool | None:
    """None where X (``starts``: first and last word index of each place X is read in ``match``'s stream) and
    then Y (``ends``) are not both read in the snippet of ``match`` (word indices ``positions``); else whether
    ``match`` is read between them there, in reading or speaking order: after the last X before the first Y
    after it ("Does the flag in the image appear? / Send / ... Flag Regenerate Clear history": not "Send"). A
    row of buttons "Upvote Downvote Flag Regenerate Clear history" has "Regenerate" between "Flag" and "Clear
    history", though the row is on every screen (so nothing in it appears after "Flag").

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import stream_of
        >>> row = "Send / Upvote Flag Regenerate Clear history"
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 4.0, row, 0.0)])
        >>> flag, clear_history = [(2, 2)], [(4, 5)]
        >>> [read_between(flag, clear_history, Match(s, k, k, 1.0, 1.0), np.arange(6)) for k in (3, 0)]
        [True, False]
        >>> read_between(flag, [], Match(s, 3, 3, 1.0, 1.0), np.arange(6)) is None
        True
    """
    lo, hi = int(positions[0]), int(positions[-1])
    xs = [last for first, last in starts if lo <= first <= hi]
    ys = [first for first, _ in ends if lo <= first <= hi]
    if not any(x < y for x in xs for y in ys):
        return None
    end = min((y for y in ys if y > match.last), default=None)
    before_end = [x for x in xs if end is not None and x < end]
    return bool(before_end) and max(before_end) < match.first


def source_weight(named: str | None, source: str, related: bool = False) -> float:
    """1 when the question named no source or ``source`` is one it names, else ``SOURCE_MISMATCH``, or
    ``RELATED_SOURCE_MISMATCH`` where the question relates its answer to an anchor found (``related``): asked what
    is on screen when words are said, the words said are the anchor, at the very moment, not the answer.

    Example:
        >>> source_weight("speech", "transcript"), source_weight("speech", "ocr"), source_weight(None, "ocr")
        (1.0, 0.75, 1.0)
        >>> source_weight("screen", "transcript", related=True), source_weight("screen", "ocr", related=True)
        (0.3, 1.0)
    """
    if named is None or source in STREAM_SOURCES[named]:
        return 1.0
    return RELATED_SOURCE_MISMATCH if related else SOURCE_MISMATCH


def locate(
    parts: QuestionParts,
    streams: Sequence[Stream],
    embedder: TextEmbedder | None = None,
    matcher: Matcher | None = None,
    limit: int = 5,
) -> list[Anchor]:
    """The moments of ``parts``' anchor in ``streams``, best first (none: the question has no relation,
    or its anchor was found nowhere). ``embedder`` finds an anchor no word of which was read or heard;
    ``matcher`` is a ``Matcher`` of the streams' words, when one is at hand. An anchor that names a number
    ("when the counter reads 40.000", "after the 1961 caption") is found only where the number is read:
    where one of its numbers is read nowhere, neither its other words ("counter", on every screen) nor its
    meaning find the moment. A short numeral of the anchor read nowhere is looked for as the letter OCR reads
    for it (``numerals_as_read``: "Part 1" shown, read "Part I"). A moment described, not quoted, is found by
    what is said in it, not by who says it or how (``SPEECH_CUES``, ``PERSON_WORDS``: "narrator", "mentions"
    are no words said; "Narration" read in the credits is not the moment), where any of those words is read.

    Example:
        >>> from vqdb.answer.questions import read_question
        >>> locate(read_question("What is shown right after 'the END'?"), [])
        []
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import stream_of
        >>> said = stream_of("transcript", "v", [Evidence("transcript", "v", 2.6, 4.0, "the Guttenberg or", 2.6)])
        >>> shown = stream_of("ocr", "v", [Evidence("ocr", "v", 21.5, 26.0, "Narration: Linda Johnson", 21.5)])
        >>> parts = read_question("What is on screen when the narrator mentions the Gutenberg?")
        >>> [(round(a.start_s, 1), a.source) for a in locate(parts, [said, shown])]
        [(3.1, 'transcript')]
    """
    if parts.at_s is not None:
        start, end = parts.at_s
        return [Anchor(start - AT_HALF_WIDTH_S, end + AT_HALF_WIDTH_S, 1.0, None, parts.question)]
    if parts.anchor is None or not streams:
        return []
    matcher = matcher or Matcher([s.words for s in streams])
    words = numerals_as_read(match_words(parts.anchor), matcher.vocab)
    sims = [matcher.similarity(words, i) for i in range(len(streams))]
    present = np.any([sim.max(axis=1) > 0 for sim in sims], axis=0) if sims else np.zeros(len(words), bool)
    if any(word.isdigit() and not read for word, read in zip(words, present, strict=True)):
        return []  # "when the counter reads 40.000": the moment is where its number is read, and it is nowhere
    anchors: list[Anchor] = []
    if not parts.quoted:  # a described moment: its function words locate nothing
        present &= np.array([w not in STOPWORDS for w in words], dtype=bool)
        # nor, beside what is said, who says it and how: "when the narrator mentions the Gutenberg" is "Gutenberg"
        said = present & np.array([w not in SPEECH_CUES | PERSON_WORDS for w in words], dtype=bool)
        present = said if said.any() else present
    if present.any():
        query = [w for w, keep in zip(words, present, strict=True) if keep]
        weights = rarity_weights(query, streams)
        matches = [
            m
            for stream, sim in zip(streams, sims, strict=True)
            for m in find(query, weights, stream, sim[present], min_coverage=MIN_ANCHOR, slack=max(4, len(query)))
        ]
        best_read: dict[tuple[int, float, float], Match] = {}  # of a stream's readings of one showing, the best
        for m, (start, end) in zip(matches, extents(matches), strict=True):
            key = (id(m.stream), start, end)
            if key not in best_read or m.score > best_read[key].score:
                best_read[key] = m
        for (_, start, end), m in best_read.items():
            score = m.score * source_weight(parts.anchor_source, m.stream.source)
            anchors.append(Anchor(start, end, score, m.stream.source, m.text, (m,)))
        best_screen = max((m.score for m in matches if m.stream.source == "ocr"), default=0.0)
        anchors += _across_screens(query, weights, streams, parts, best_screen)
    if not anchors and embedder is not None:
        anchors = _semantic_anchors(parts, streams, embedder)
    if not anchors:
        return []
    best = max(a.score for a in anchors)
    kept = _moments([a for a in anchors if a.score >= KEEP_ANCHOR * best])
    return sorted(kept, key=lambda a: (-a.score, a.start_s))[:limit]


def numerals_as_read(words: list[str], vocabulary: Sequence[str]) -> list[str]:
    """``words`` with each numeral of at most ``SHORT_NUMERAL`` digits that is not in ``vocabulary`` replaced by a
    word of it OCR reads for that numeral (``vqdb.textnorm.DIGIT_LOOKALIKES``: "i" or "l" for 1, "o" for 0): a
    title card's "Part 1" or "Chapter 10" read "Part I", "Chapter lO". Longer numbers (a counter's "40.000", a
    year) are left as they are: those are read as digits, and a word made of look-alikes is no number.

    Example:
        >>> numerals_as_read(["part", "1", "the", "first", "books"], ["books", "first", "i", "part", "the"])
        ['part', 'i', 'the', 'first', 'books']
        >>> numerals_as_read(["chapter", "10"], ["chapter", "lo"]), numerals_as_read(["chapter", "1"], ["1", "i"])
        (['chapter', 'lo'], ['chapter', '1'])
        >>> numerals_as_read(["1961"], ["l96l"])
        ['1961']
    """
    known = set(vocabulary)
    out = []
    for word in words:
        if word.isdigit() and len(word) <= SHORT_NUMERAL and word not in known:
            read = [w for w in vocabulary if len(w) == len(word) and word in (as_digits(w), as_digits(w.upper()))]
            word = read[0] if read else word
        out.append(word)
    return out


def _across_screens(
    query: list[str], weights: np.ndarray, streams: Sequence[Stream], parts: QuestionParts, best_screen: float
) -> list[Anchor]:
    """The anchor read across consecutive screens (``vqdb.answer.timeline.screen_sequence``: a phrase
    shown a word at a time), where that reads more of it than any one screen (``best_screen``) and by at
    least ``MIN_ANCHOR``: from its first word's screen to its last's."""
    out = []
    for sequence in screen_sequence(streams):
        for m in find(query, weights, sequence, min_coverage=max(MIN_ANCHOR, best_screen + ACROSS_GAIN)):
            if sequence.snippet_of[m.first] != sequence.snippet_of[m.last]:
                score = m.score * source_weight(parts.anchor_source, "ocr")
                out.append(Anchor(m.start_s, m.end_s, score, "ocr", m.text, (m,)))
    return out


def _moments(anchors: list[Anchor]) -> list[Anchor]:
    """Anchors from different sources within ``SAME_MOMENT_S`` of each other merged into one (the moment
    seen on screen and heard): text "after" it must come after both."""
    merged: list[tuple[Anchor, set[str | None]]] = []
    for a in sorted(anchors, key=lambda a: a.start_s):
        if merged:
            last, sources = merged[-1]
            if a.source not in sources and a.start_s <= last.end_s + SAME_MOMENT_S:
                union = dataclasses.replace(
                    last,
                    end_s=max(last.end_s, a.end_s),
                    score=max(last.score, a.score),
                    matches=last.matches + a.matches,
                )
                merged[-1] = (union, sources | {a.source})
                continue
        merged.append((a, {a.source}))
    return [a for a, _ in merged]


def _semantic_anchors(parts: QuestionParts, streams: Sequence[Stream], embedder: TextEmbedder) -> list[Anchor]:
    """Snippets similar to the anchor's clause (sound labels, lines on screen, speech segments): at least
    ``MIN_SEMANTIC_ANCHOR`` cosine, scaled by the source weight; the first ``MAX_SEMANTIC_TEXTS``
    distinct texts are compared."""
    snippets = [(stream, snippet) for stream in streams for snippet in stream.snippets]
    texts = list(dict.fromkeys(snippet.text for _, snippet in snippets))[:MAX_SEMANTIC_TEXTS]
    if not texts or parts.anchor is None:
        return []
    vectors = embedder.embed_texts([parts.anchor, *texts])
    cosine = dict(zip(texts, (vectors[1:] @ vectors[0]).tolist(), strict=True))
    anchors = []
    for stream, snippet in snippets:
        score = cosine.get(snippet.text, 0.0) * source_weight(parts.anchor_source, stream.source)
        if score >= MIN_SEMANTIC_ANCHOR:
            anchors.append(Anchor(snippet.start_s, snippet.end_s, score, stream.source, snippet.text))
    return anchors


def reads_anchor(anchors: Sequence[Anchor], match: Match) -> bool:
    """Whether ``match`` is words found as one of ``anchors``, read back: in the same stream, within
    the anchor's words. The moment a question names is not its answer ("what flashes up under the Send
    Spike command?" is not "Spike Sent" read, loosely, as the command itself).

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.questions import read_question
        >>> from vqdb.answer.timeline import stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 1.0, 3.9, "Send Spike OFFLINE Luke", 1.0)])
        >>> anchors = locate(read_question("What flashes up right after 'Send Spike'?"), [s])
        >>> reads_anchor(anchors, Match(s, 0, 1, 1.0, 1.0)), reads_anchor(anchors, Match(s, 2, 3, 1.0, 1.0))
        (True, False)
    """
    return any(
        m.stream is match.stream and m.first <= match.first and match.last <= m.last for a in anchors for m in a.matches
    )


def beside_anchor(
    parts: QuestionParts,
    anchors: Sequence[Anchor],
    stream: Stream,
    positions: np.ndarray,
    streams: Sequence[Stream] = (),
) -> np.ndarray:
    """Of ``positions`` (word indices of one snippet of ``stream``), those in the question's ``after`` or
    ``before`` relation to an anchor read in that snippet: after its first reading there (before its
    last), in reading or speaking order, the anchor's own words left out, and on screen those a screen of
    ``streams`` just before (after) it shows too (there before the anchor was). A screen or a sentence is read
    in order: "echo / the GOSPEL" has "the GOSPEL" right after "echo", though both are shown at once;
    "ask not what your country can do" says "what your country can do" right after "ask not". Empty
    where no anchor is read in the snippet or the question has no such relation.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.questions import read_question
        >>> from vqdb.answer.timeline import stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 3.0, 3.9, "echo / the GOSPEL", 3.0)])
        >>> parts = read_question("What is shown right after 'echo'?")
        >>> beside_anchor(parts, locate(parts, [s]), s, np.arange(3)).tolist()
        [1, 2]
    """
    if parts.relation not in ("after", "before") or parts.at_s is not None or not len(positions):
        return positions[:0]
    inside = [
        m
        for a in anchors
        for m in a.matches
        if m.stream is stream and positions[0] <= m.first and m.last <= positions[-1]
    ]
    if not inside:
        return positions[:0]
    own = np.zeros(len(positions), dtype=bool)
    for m in inside:
        own |= (positions >= m.first) & (positions <= m.last)
    after = parts.relation == "after"
    side = positions > min(m.last for m in inside) if after else positions < max(m.first for m in inside)
    return positions[side & ~own & ~_shown_beside(stream, positions, -1 if after else 1, [stream, *streams])]


def _shown_beside(stream: Stream, positions: np.ndarray, step: int, streams: Sequence[Stream]) -> np.ndarray:
    """Which words of a snippet on screen (``positions`` of ``stream``) a screen of ``streams`` that ends
    where it starts (``step`` -1; that starts where it ends: 1) reads too: text shown before the anchor
    appeared is not after it ("OFFLINE Luke" already there when "Send Spike" comes up), nor text still
    shown once it is gone before it."""
    this = stream.snippets[int(stream.snippet_of[positions[0]])]
    shown: set[str] = set()
    for other in streams if stream.source == "ocr" else ():
        if other.source != "ocr" or other.video_id != stream.video_id:
            continue
        for index, snippet in enumerate(other.snippets):
            edge = snippet.end_s - this.start_s if step < 0 else snippet.start_s - this.end_s
            if snippet is not this and abs(edge) <= TOLERANCE_S:
                shown.update(other.words[p] for p in np.flatnonzero(other.snippet_of == index))
    return np.array([stream.words[p] in shown for p in positions], dtype=bool)


def time_weight(
    parts: QuestionParts, anchors: Sequence[Anchor], start_s: float, end_s: float, source: str | None = None
) -> float:
    """How well text at ``start_s``..``end_s`` (read in ``source``, where known) fits the question's relation to
    its ``anchors`` (see the module doc); 1 without a relation or anchors. Text of another source than an anchor's
    may start ``CROSS_SOURCE_TOLERANCE_S`` before that anchor ends and still follow it (and the mirror image
    before): their times come from two clocks, a screen's from frames read a second apart, speech's from
    Whisper's segments, which start early.

    Example:
        >>> from vqdb.answer.questions import read_question
        >>> parts = read_question("What is written on screen when the dog barks?")
        >>> dog = [Anchor(21.0, 22.5, 1.0, "audio", "sound: Dog")]
        >>> time_weight(parts, dog, 20.0, 24.0), round(time_weight(parts, dog, 24.5, 28.0), 2)
        (1.0, 0.42)
        >>> after = read_question("What does she say right after the Chapter 2 card?")
        >>> card = [Anchor(13.0, 14.0, 1.0, "ocr", "Chapter 2")]
        >>> time_weight(after, card, 13.7, 16.5), round(time_weight(after, card, 13.7, 16.5, "transcript"), 2)
        (0.1, 1.0)
        >>> shown = read_question("What timecode is shown when the counter reads 150.000?")
        >>> counter = [Anchor(5.0, 6.0, 1.0, "ocr", "150.000")]
        >>> time_weight(shown, counter, 5.0, 6.0, "ocr"), time_weight(shown, counter, 4.0, 5.0, "ocr")
        (1.0, 0.8)
    """
    if parts.relation is None or not anchors:
        return 1.0
    return max(
        _relation_weight(parts, a, start_s, end_s, _tolerance(a, source))
        * _screens_met(parts, a, start_s, end_s, source)
        for a in anchors
    )


def _screens_met(parts: QuestionParts, anchor: Anchor, start_s: float, end_s: float, source: str | None) -> float:
    """``SCREENS_MET`` for text read on screen that does not overlap an anchor read on screen, for a ``while``
    question: the screen before or after the anchor's (their spans meet), never shown with it ("what timecode is
    shown when the counter reads 150.000?" is not the timecode of the second before; the distance weighs a
    farther one down besides); 1 otherwise."""
    on_screen = source == "ocr" and anchor.source == "ocr"
    meets = min(end_s, anchor.end_s) - max(start_s, anchor.start_s) <= 0.0
    return SCREENS_MET if parts.relation == "while" and on_screen and meets else 1.0


def _tolerance(anchor: Anchor, source: str | None) -> float:
    """How far text read in ``source`` may overlap ``anchor`` and still be after (before) it: wider across sources
    (``time_weight``)."""
    across = source is not None and anchor.source is not None and source != anchor.source
    return CROSS_SOURCE_TOLERANCE_S if across else TOLERANCE_S


def window(parts: QuestionParts, anchor: Anchor) -> tuple[float, float]:
    """The seconds around ``anchor`` the question asks about: where text weighs at least ``IN_WINDOW``
    (``after``: from the anchor's end to one decay length later; ``before``: the mirror image; ``while``:
    the anchor widened by ``WHILE_TAU_S`` and the tolerance; an answer placed against the anchor: the
    anchor's own seconds).

    Example:
        >>> from vqdb.answer.questions import read_question
        >>> spike = Anchor(1.0, 3.9, 1.0, "ocr", "Send Spike")
        >>> window(read_question("What is shown right after the Send Spike command?"), spike)
        (3.9, 7.9)
        >>> window(read_question("After the Send Spike command, what flashes up under it?"), spike)
        (1.0, 3.9)
    """
    tau, reach = (IMMEDIATE_TAU_S if parts.immediate else TAU_S), WHILE_TAU_S + TOLERANCE_S
    if parts.with_anchor and parts.relation in ("after", "before"):
        return anchor.start_s, anchor.end_s
    if parts.relation == "while":
        return anchor.start_s - reach, anchor.end_s + reach
    if parts.relation == "after":
        return anchor.end_s, anchor.end_s + tau
    return anchor.start_s - tau, anchor.start_s


SAID = frozenset({"transcript", "subtitle"})  # an anchor said is over when its words are; one shown or heard has begun


def in_stretch(parts: QuestionParts, anchors: Sequence[Anchor], start_s: float, end_s: float) -> bool:
    """Whether text at ``start_s``..``end_s`` lies in the stretch of video a count asks about ("how many
    times does he say X after the music starts?"): ``after`` is all the video from the first anchor on (from
    its end where it is said, from its start where it is shown or heard: "after the horn" counts what is
    said over the horn's tail), ``before`` all the video up to it, ``while`` any anchor's seconds (widened by
    ``TOLERANCE_S``). True without a relation or anchors. Unlike ``time_weight`` it has no decay: a count
    after X counts to the end.

    Example:
        >>> from vqdb.answer.questions import read_question
        >>> horn = [Anchor(15.5, 20.5, 1.0, "audio", "sound: Vehicle horn")]
        >>> after = read_question("How many times is thanks said after the horn?")
        >>> [in_stretch(after, horn, s, s + 1.0) for s in (9.0, 19.0, 28.0)]
        [False, True, True]
        >>> said = [Anchor(3.0, 4.0, 1.0, "transcript", "welcome")]
        >>> [in_stretch(read_question("How often is hello said before welcome?"), said, s, s + 0.5) for s in (1.0, 3.5)]
        [True, False]
    """
    if parts.relation is None or not anchors:
        return True
    first = min(anchors, key=lambda a: a.start_s)
    if parts.relation == "after":
        return start_s >= (first.end_s if first.source in SAID else first.start_s) - TOLERANCE_S
    if parts.relation == "before":
        return end_s <= first.start_s + TOLERANCE_S
    return any(start_s <= a.end_s + TOLERANCE_S and end_s >= a.start_s - TOLERANCE_S for a in anchors)


def _relation_weight(
    parts: QuestionParts, anchor: Anchor, start_s: float, end_s: float, tolerance: float = TOLERANCE_S
) -> float:
    tau = IMMEDIATE_TAU_S if parts.immediate else TAU_S
    if parts.with_anchor and parts.relation == "after":
        return _with_anchor_weight(start_s - anchor.start_s, start_s - anchor.end_s, anchor)
    if parts.with_anchor and parts.relation == "before":
        return _with_anchor_weight(anchor.end_s - end_s, anchor.start_s - end_s, anchor)
    if parts.relation == "after":
        gap = start_s - anchor.end_s
        return math.exp(-max(gap, 0.0) / tau) if gap >= -tolerance else NOT_IN_RELATION
    if parts.relation == "before":
        gap = anchor.start_s - end_s
        return math.exp(-max(gap, 0.0) / tau) if gap >= -tolerance else NOT_IN_RELATION
    return _while_weight(anchor, start_s, end_s)


def _with_anchor_weight(since_shown: float, since_gone: float, anchor: Anchor) -> float:
    """Text placed against the anchor ("after X, what flashes up under it?"): it appeared ``since_shown``
    seconds after the anchor did and ``since_gone`` after it was gone (for "before", the mirror image)."""
    if since_shown < -TOLERANCE_S:  # there before the anchor: not after it
        return NOT_IN_RELATION
    if since_gone < 0.0:  # appeared while the anchor is shown
        return 1.0
    return IN_WINDOW * math.exp(-since_gone / max(anchor.end_s - anchor.start_s, MIN_LENGTH_S))


def _while_weight(anchor: Anchor, start_s: float, end_s: float) -> float:
    distance = max(anchor.start_s - end_s, start_s - anchor.end_s, 0.0)
    return math.exp(-max(distance - TOLERANCE_S, 0.0) / WHILE_TAU_S)


def ordinal_weight(ordinal: str | None, start_s: float, end_s: float, earliest_s: float, latest_s: float) -> float:
    """The ``first`` / ``last`` weight of text at ``start_s``..``end_s`` among candidates spanning
    ``earliest_s``..``latest_s`` (1 without an ordinal).

    Example:
        >>> round(ordinal_weight("first", 8.0, 9.0, 3.0, 20.0), 2), ordinal_weight(None, 8.0, 9.0, 3.0, 20.0)
        (0.37, 1.0)
    """
    if ordinal == "first":
        return math.exp(-max(start_s - earliest_s, 0.0) / ORDINAL_TAU_S)
    if ordinal == "last":
        return math.exp(-max(latest_s - end_s, 0.0) / ORDINAL_TAU_S)
    return 1.0
