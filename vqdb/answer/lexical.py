"""Where a phrase is written or said in a stream of words, tolerating how OCR and speech recognition err.

A phrase (an option, or the part of a question that names a moment) is matched word by word against
a stream's normalized words (``vqdb.answer.timeline``):

* **word similarity** (:func:`similarity`) is 1 for the same word and rapidfuzz's ratio above
  ``FUZZY_FLOOR`` otherwise (``SHORT_FUZZY_FLOOR`` for four letters: "call" is not "all"), so letter
  confusions ("CHAMNEL", "Guttenberg", "LIFTOFFI") still count; so does the ratio of the words' glyph
  keys (``vqdb.textnorm.glyph_key``: "kecp", "tovver"), times ``MISREAD``, and forms of one irregular
  verb ("wrote", "written": ``VERB_FORM``); a phrase word of five letters or more inside a longer
  read word counts too (OCR drops spaces: "GETTINGSTARTED"), and two adjacent words joined (speech
  splits compounds: "touch down", ``JOINED_FLOOR``). Words of three letters or fewer, and numbers,
  match only exactly: "1961" is not "1963" (a number that OCR ran into its neighbour, "0207946", still
  contains "7946"; a clock time the phrase splits at its colon, "7:45", is found read whole, "745",
  as speech recognition drops the colon, while "3.5" is not "35" nor "$1.99" "$199": ``clock_parts``);
* **coverage** of a window of the stream a little longer than the phrase is the weighted share of
  the phrase's words found in it; weights say how much a word tells options apart
  (:func:`option_weights`: a word in every option weighs less, a function word less still, an article
  nothing and a negation as a word that names something, and so does a word the question has too: read,
  it may be the question's own words, not the answer) or how rare it is in the video
  (:func:`rarity_weights`); a place that differs from the phrase in negation (reads one between the
  phrase's words which the phrase lacks, or lacks the phrase's) counts ``UNSAID_NEGATION`` ("did not win"
  is not "did win", nor "Does the flag appear?" "the flag does not appear");
* **order**: the share of the matched words in the phrase's order ("what your country can do for
  you" is not "what you can do for your country"), which scales the score by ``ORDER_FLOOR``..1.

Example:
    >>> from vqdb.answer.evidence import Evidence
    >>> from vqdb.answer.timeline import match_words, stream_of
    >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 2.0, "GETTINGSTARTED / NOW?", 1.0)])
    >>> query = match_words("Getting started now")
    >>> best = find(query, np.ones(len(query)), s)[0]
    >>> round(best.score, 2), (best.start_s, best.end_s)
    (0.97, (0.0, 2.0))
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Collection, Sequence

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from rapidfuzz import fuzz, process

from vqdb.answer.timeline import Stream
from vqdb.textnorm import FUNCTION_WORDS, MONEY_WORDS, NEGATING, NEGATIONS, base_form, glyph_key, pairs_spelled
from vqdb.udfs.text_grade import word_stem

FUZZY_FLOOR = 80.0  # rapidfuzz ratio (0-100) below which two words do not match: one letter in five wrong
JOINED_FLOOR = 90.0  # the same for two read words joined: a compound split, not a word and its neighbour
SHORT_FUZZY_FLOOR = 87.0  # the same for a four-letter word: one letter more or less is another word
PART_PENALTY = 0.95  # a word found inside a longer word, or as two words joined, counts a little less
MISREAD = 0.9  # similarity of words once letters OCR confuses are made the same ("kecp" for "keep") counts this much
VERB_FORM = 0.9  # another form of the same irregular verb ("wrote", "written")
NUMBER_PART = 0.8  # a number found at the start or end of a longer number (digits run together)
STOPWORD_WEIGHT = 0.4
SHARED_WEIGHT = 0.3
ASKED_WEIGHT = 0.4  # an option word the question has too: where it is read, the question may be, not the answer
ARTICLES = frozenset({"a", "an", "the"})  # each reads the others: how an option is put, not what it names
OTHER_ARTICLE = 0.9  # an article read as another: nearly the same, but its own reads better
UNSAID_NEGATION = 0.8  # a place that reads a negation the phrase lacks, or lacks the phrase's negation
# words after a split number that make it an amount, not a clock time ("3.25 million", "1.50 dollars")
MAGNITUDES = frozenset({"hundred", "thousand", "million", "billion", "trillion", "percent", *MONEY_WORDS})
ORDER_FLOOR = 0.8
MIN_COVERAGE = 0.3
MAX_PAUSE_S = 3.0
NUMBER_REACH = 2  # a number labels words this near it: "Room 4", "room number four"
STOPWORDS = FUNCTION_WORDS | frozenset({"whats", "whos", "wheres", "whens", "hows", "thats", "theres", "heres"})
"""Words a question holds its sentence with: the function words, and question words contracted ("what's", written
"whats" once its apostrophe goes), which are no word of what it asks about."""


@dataclasses.dataclass(frozen=True)
class Match:
    """Where a phrase was found in a stream: words ``first``..``last``, their seconds, and the score
    (``coverage`` scaled by ``order``)."""

    stream: Stream
    first: int
    last: int
    coverage: float
    order: float

    @functools.cached_property
    def score(self) -> float:
        """``coverage`` x (``ORDER_FLOOR`` + (1 - ``ORDER_FLOOR``) x ``order``)."""
        return self.coverage * (ORDER_FLOOR + (1 - ORDER_FLOOR) * self.order)

    @functools.cached_property
    def start_s(self) -> float:
        """When the first matched word starts."""
        return float(self.stream.starts[self.first])

    @functools.cached_property
    def end_s(self) -> float:
        """When the last matched word ends."""
        return float(self.stream.ends[self.first : self.last + 1].max())

    @functools.cached_property
    def text(self) -> str:
        """The original text the match was read from (its snippets)."""
        return self.stream.text_between(self.first, self.last)


def similarity(query: Sequence[str], words: Sequence[str]) -> np.ndarray:
    """How well each query word matches each stream word, 0..1 (see the module doc).

    Example:
        >>> similarity(["kennedy", "1961", "the"], ["kenedy", "1963", "the", "1961"]).round(2).tolist()
        [[0.92, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 0.0]]
        >>> similarity(["touchdown"], ["touch", "down"]).round(2).tolist()
        [[0.95, 0.95]]
        >>> similarity(["7", "45"], ["at", "745"]).round(2).tolist()  # "7:45" heard as "745"
        [[0.0, 0.95], [0.0, 0.95]]
    """
    return Matcher([words]).similarity(query, 0)


class Matcher:
    """Word similarity (:func:`similarity`) against several word sequences (streams' ``words``), each
    distinct query word compared once with their vocabulary and with their adjacent pairs joined.

    An article reads another nearly as well as itself (``OTHER_ARTICLE``): an option says "a red boxing
    glove" where the screen reads "the red boxing glove". Only an article a word follows: the last word
    "A" of "Vitamin A", "Plan A" or the option "A" is a letter.

    Example:
        >>> m = Matcher([("channel", "7"), ("chamnel", "9")])
        >>> m.similarity(["channel", "7"], 1).round(2).tolist()
        [[0.86, 0.0], [0.0, 0.0]]
        >>> m.similarity(["channel"], 0).tolist()  # not "channel7": the word alone reads better
        [[1.0, 0.0]]
        >>> Matcher([("the", "red", "glove")]).similarity(["a", "red", "glove"], 0).tolist()
        [[0.9, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
        >>> Matcher([("the", "vitamin", "b")]).similarity(["vitamin", "a"], 0).tolist()
        [[0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]
    """

    def __init__(self, sequences: Sequence[Sequence[str]]):
        self.vocab = sorted({w for words in sequences for w in words})
        self.joined = sorted({a + b for words in sequences for a, b in zip(words, words[1:], strict=False)})
        index = {w: i for i, w in enumerate(self.vocab)}
        joined_index = {w: i for i, w in enumerate(self.joined)}
        self._columns = [np.array([index[w] for w in words], dtype=int) for words in sequences]
        self._joined_columns = [
            np.array([joined_index[a + b] for a, b in zip(words, words[1:], strict=False)], dtype=int)
            for words in sequences
        ]
        self._index = index
        self._glyphs = [glyph_key(w) for w in self.vocab]
        self._letters = [glyph_key(w, pairs=False) for w in self.vocab]
        self._by_base: dict[str, list[int]] = {}
        for i, word in enumerate(self.vocab):
            self._by_base.setdefault(base_form(word), []).append(i)
        self._digits = [i for i, word in enumerate(self.vocab) if word.isdigit()]
        self._rows: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def reads_form_of(self, word: str) -> bool:
        """Whether the vocabulary holds ``word`` in any form: one with its base form ("write" for "wrote") or
        its stem (``word_stem``: "printed" for "printing").

        Example:
            >>> m = Matcher([("he", "printed", "it"), ("wrote",), ("jack", "state", "busy", "animal")])
            >>> m.reads_form_of("printing"), m.reads_form_of("written"), m.reads_form_of("prince")
            (True, True, False)
            >>> [m.reads_form_of(w) for w in ("jacket", "station", "business", "animation")]  # not words alike
            [False, False, False, False]
        """
        return base_form(word) in self._by_base or word_stem(word) in self._stems

    @functools.cached_property
    def _stems(self) -> frozenset[str]:
        return frozenset(map(word_stem, self.vocab))

    def similarity(self, query: Sequence[str], sequence: int) -> np.ndarray:
        """``query`` words (rows) against the words of sequence number ``sequence`` (columns)."""
        missing = [w for w in dict.fromkeys(query) if w not in self._rows]
        if missing:
            words = self._word_rows(missing)
            pairs = self._joined_rows(missing)
            for i, word in enumerate(missing):
                self._rows[word] = (words[i], pairs[i])
        columns, joined = self._columns[sequence], self._joined_columns[sequence]
        out = np.zeros((len(query), len(columns)))
        for i, word in enumerate(query):
            row, pair_row = self._rows[word]
            out[i] = row[columns]
            if len(joined):  # a compound split in two: credit both words, where it beats each alone
                pairs = pair_row[joined]
                better = pairs > np.maximum(out[i, :-1], out[i, 1:])
                out[i, :-1] = np.where(better, pairs, out[i, :-1])
                out[i, 1:] = np.where(better, np.maximum(out[i, 1:], pairs), out[i, 1:])
        articles = np.isin(columns, [self._index[a] for a in ARTICLES if a in self._index])
        for i, word in enumerate(query[:-1]):  # an article has a word after it: "Vitamin A", "Plan A" name a letter
            if word in ARTICLES:
                out[i] = np.maximum(out[i], articles * OTHER_ARTICLE)
        for i in range(len(query) - 1):  # a clock time the phrase splits at its colon, heard whole ("7:45", "745")
            if clock_parts(*query[i : i + 3]) and query[i] + query[i + 1] in self._index:
                whole = columns == self._index[query[i] + query[i + 1]]
                out[i : i + 2, whole] = np.maximum(out[i : i + 2, whole], PART_PENALTY)
        return out

    def _word_rows(self, query: list[str]) -> np.ndarray:
        if not self.vocab:
            return np.zeros((len(query), 0))
        q_len = np.array([len(q) for q in query])[:, None]
        inside = (np.array([len(v) for v in self.vocab])[None, :] > q_len) & (q_len >= 5)
        best = self._fuzzy(query, self.vocab, inside)
        # the same on glyph keys, for letters OCR confuses ("tovver" is "tower")
        best = np.maximum(best, self._fuzzy([glyph_key(q) for q in query], self._glyphs, inside) * MISREAD)
        # letter for letter only, where two words run together make a pair ("towe|rn|arrator" is no "m")
        letters = [glyph_key(q, pairs=False) for q in query]
        best = np.maximum(best, self._fuzzy(letters, self._letters, inside) * MISREAD)
        # and a pair read for one of the query's letters there ("tovver|narrator": "w" read "vv")
        spelled = [pairs_spelled(key) for key in letters]
        best = np.maximum(best, self._fuzzy(spelled, self._letters, inside) * MISREAD)
        sim = np.where(best >= np.where(q_len >= 5, FUZZY_FLOOR, SHORT_FUZZY_FLOOR), best / 100, 0.0)
        for i, q in enumerate(query):
            if q.isdigit():
                sim[i] = 0.0
                sim[i, [j for j in self._digits if _number_inside(q, self.vocab[j])]] = NUMBER_PART
            else:
                if len(q) <= 3:
                    sim[i] = 0.0
                verb = self._by_base.get(base_form(q), [])
                sim[i, verb] = np.maximum(sim[i, verb], VERB_FORM)
            if q in self._index:
                sim[i, self._index[q]] = 1.0
        return sim

    @staticmethod
    def _fuzzy(query: list[str], vocab: list[str], inside: np.ndarray) -> np.ndarray:
        """rapidfuzz ratio, or partial ratio (x ``PART_PENALTY``) where ``inside`` (a word in a longer one)."""
        ratio = process.cdist(query, vocab, scorer=fuzz.ratio, dtype=np.float64)
        part = process.cdist(query, vocab, scorer=fuzz.partial_ratio, dtype=np.float64)
        return np.where(inside, np.maximum(ratio, part * PART_PENALTY), ratio)

    def _joined_rows(self, query: list[str]) -> np.ndarray:
        """Two adjacent read words joined against each long query word ("touch down" / "touchdown")."""
        out = np.zeros((len(query), len(self.joined)))
        long = [i for i, q in enumerate(query) if len(q) >= 5 and not q.isdigit()]
        if long and self.joined:
            pairs = process.cdist([query[i] for i in long], self.joined, scorer=fuzz.ratio, dtype=np.float64)
            out[long] = np.where(pairs >= JOINED_FLOOR, pairs / 100 * PART_PENALTY, 0.0)
        return out


def _number_inside(number: str, word: str) -> bool:
    """A number at the start or end of a longer run of digits (OCR ran two numbers together)."""
    return (
        len(number) >= 3
        and word.isdigit()
        and len(word) > len(number)
        and (word.startswith(number) or word.endswith(number))
    )


def find(
    query: Sequence[str],
    weights: np.ndarray,
    stream: Stream,
    sim: np.ndarray | None = None,
    *,
    min_coverage: float = MIN_COVERAGE,
    limit: int = 20,
    slack: int | None = None,
) -> list[Match]:
    """The places in ``stream`` where ``query`` (normalized words, with ``weights``) is, best first.

    A place is a window of ``len(query) + slack`` words (default ``max(2, len(query) // 2)``: an
    option's words are close together; a described moment's may be farther apart) that starts on a matched
    word and ends at a pause longer than ``MAX_PAUSE_S`` (silence between two sentences); of windows
    that read it as well, the one with more of its words in the phrase's order, then the one whose
    matched words lie closest together, is taken first; places whose
    matched words overlap a better place are left out; at most ``limit``, none under ``min_coverage``.
    ``sim`` is ``similarity(query, stream.words)`` when already computed.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import match_words, stream_of
        >>> said = "ask not what your country can do for you, ask what you can do for your country"
        >>> s = stream_of("transcript", "v", [Evidence("transcript", "v", 0.0, 17.0, said, 0.0)])
        >>> q = match_words("what you can do for your country")
        >>> [(m.first, round(m.score, 2)) for m in find(q, np.ones(len(q)), s)]
        [(10, 1.0), (2, 0.91)]
    """
    weights = np.asarray(weights, dtype=float)
    n = len(stream.words)
    if not len(query) or not n or weights.sum() <= 0:
        return []
    if sim is None:
        sim = similarity(query, stream.words)
    if not sim.any():
        return []
    length = len(query) + (max(2, len(query) // 2) if slack is None else slack)
    padded = np.pad(sim, ((0, 0), (0, length - 1)))
    windows = sliding_window_view(padded, length, axis=1)  # query x start x offset
    # a window ends at a pause: words heard MAX_PAUSE_S apart are not one phrase
    pause = np.concatenate([[0], np.cumsum(stream.starts[1:] - stream.ends[:-1] > MAX_PAUSE_S)])
    same = sliding_window_view(np.pad(pause, (0, length - 1), constant_values=-1), length) == pause[:, None]
    windows = windows * same[None, :, :]
    best = windows.max(axis=2)
    coverage = np.where(sim.max(axis=0) > 0, weights @ best / weights.sum(), 0.0)  # windows start on a match
    # of windows that read the phrase as well, those that read more of its words in order, then the
    # tightest, first: a function word of the phrase read just before it ("the" of "...the weather. But
    # first, the news") must not stretch it back in time
    offsets = _offsets_in_order(windows)  # a word the phrase has twice read at its two places, in order
    read = best > 0
    in_order = ((offsets[1:] >= offsets[:-1]) & read[1:] & read[:-1]).sum(axis=0)
    span = np.where(read, offsets, -1).max(axis=0) - np.where(read, offsets, length).min(axis=0)
    found: list[Match] = []
    taken = np.zeros(n, dtype=bool)
    for start in np.lexsort((span, -in_order, -coverage)):
        if coverage[start] < min_coverage or len(found) >= limit:
            break
        matched = best[:, start] > 0
        positions = start + offsets[:, start]
        first, last = int(positions[matched].min()), int(positions[matched].max())
        if taken[first : last + 1].any():
            continue
        taken[first : last + 1] = True
        order = _in_order(positions[matched], weights[matched])
        unsaid = UNSAID_NEGATION if _negation_between(stream.words[first : last + 1], query) else 1.0
        found.append(Match(stream, first, last, float(coverage[start]) * unsaid, order))
    return sorted(found, key=lambda m: -m.score)


def _negation_between(read: Sequence[str], phrase: Sequence[str]) -> bool:
    """Whether ``read`` (the words of a place, first to last matched) and the ``phrase`` differ in negation
    (``NEGATING``: "not", "no", "never", "doesnt"): "he did not win the race" does not read "he did win the
    race", nor does "Does the flag appear in the video?" read "the flag does not appear in the video".

    Example:
        >>> _negation_between(["did", "not", "win"], ["did", "win"]), _negation_between(["did", "win"], ["did", "win"])
        (True, False)
        >>> _negation_between(["did", "not", "win"], ["did", "not", "win"])
        False
        >>> _negation_between(["didnt", "win"], ["did", "not", "win"])
        False
        >>> _negation_between(["does", "the", "flag", "appear"], ["flag", "does", "not", "appear"])
        True
    """
    return bool(NEGATING & set(read)) != bool(NEGATING & set(phrase))


def extents(matches: Sequence[Match], keep: float = 0.8) -> list[tuple[float, float]]:
    """Each match's seconds; for text on screen, from the first to the last of the screens in a row
    (each starting where the one before ends) where the phrase was read about as well (score at least
    ``keep`` x its own): a caption read a little differently from one frame to the next is one showing.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import stream_of
        >>> screens = [stream_of("ocr", "v", [Evidence("ocr", "v", t, t + 1, text, t)])
        ...            for t, text in [(9.0, "nine o'clock"), (10.0, "nine 0'clock"), (12.0, "nine o'clock")]]
        >>> extents([find(["nine", "oclock"], np.ones(2), s)[0] for s in screens])
        [(9.0, 11.0), (9.0, 11.0), (12.0, 13.0)]
    """
    out = [(m.start_s, m.end_s) for m in matches]
    screen = sorted(
        (i for i, m in enumerate(matches) if m.stream.source == "ocr"),
        key=lambda i: (matches[i].stream.video_id, matches[i].start_s),
    )
    for position, i in enumerate(screen):
        m = matches[i]
        start, end = m.start_s, m.end_s
        for step in (-1, 1):  # walk to earlier, then later screens while they touch and read it as well
            j = position + step
            while 0 <= j < len(screen):
                other = matches[screen[j]]
                touching = other.end_s >= start - 1e-6 and other.start_s <= end + 1e-6
                if other.stream.video_id != m.stream.video_id or not touching or other.score < keep * m.score:
                    break
                start, end = min(start, other.start_s), max(end, other.end_s)
                j += step
        out[i] = (start, end)
    return out


def _offsets_in_order(window: np.ndarray) -> np.ndarray:
    """For each word of a phrase (rows of ``window``: its similarity at each offset, last axis; windows of every
    start at once in the axes between), the offset of its best read, the first one at or after the word before's
    where there is one: a word the phrase has twice ("Enter text and press ENTER", "the invention of ... the
    middle of the 15th century") is read at its two places, not both at the first, which would put the phrase out
    of order, and a window that reads it in order would lose to one that strays past it.

    Example:
        >>> _offsets_in_order(np.array([[1.0, 0, 0, 1.0], [0, 1.0, 0, 0], [1.0, 0, 0, 1.0]])).tolist()
        [0, 1, 3]
        >>> at_start = np.array([[1.0, 0, 0, 1.0], [0, 1.0, 0, 0], [1.0, 0, 0, 1.0]])
        >>> later = np.array([[0, 0, 1.0, 0], [0, 0, 0, 1.0], [0, 0, 1.0, 0]])
        >>> _offsets_in_order(np.stack([at_start, later], axis=1)).tolist()  # two starts at once
        [[0, 2], [1, 3], [3, 2]]
    """
    offsets = window.argmax(axis=-1)
    best = np.take_along_axis(window, offsets[..., None], axis=-1)[..., 0]
    previous = np.zeros(offsets.shape[1:], dtype=offsets.dtype)
    at = np.arange(window.shape[-1])
    for row in range(window.shape[0]):
        read = best[row] > 0
        later = (window[row] == best[row][..., None]) & (at >= previous[..., None])
        chosen = np.where(later.any(axis=-1), later.argmax(axis=-1), offsets[row])
        offsets[row] = np.where(read, chosen, offsets[row])
        previous = np.where(read, offsets[row], previous)
    return offsets


def _in_order(positions: np.ndarray, weights: np.ndarray) -> float:
    """The weighted share of matched words in the phrase's order: the heaviest non-decreasing run of
    ``positions`` (a longest increasing subsequence, weighted), over the total weight."""
    total = float(weights.sum())
    if total <= 0 or len(positions) < 2:
        return 1.0
    best = weights.astype(float).copy()
    for j in range(len(positions)):
        for i in range(j):
            if positions[i] <= positions[j]:
                best[j] = max(best[j], best[i] + weights[j])
    return float(best.max()) / total


def option_weights(options: Sequence[Sequence[str]], asked: Collection[str] = ()) -> list[np.ndarray]:
    """Each option word's weight: how much it tells the options apart, ``log((n + 1) / df) / log(n + 1)``
    for a word in ``df`` of the ``n`` options (1 in one option, 0.37 in two of four), at least
    ``SHARED_WEIGHT`` (a word every option has still belongs with the others: "Channel" and "9" read
    apart are not "Channel 9"), times ``STOPWORD_WEIGHT`` for a function word and ``ASKED_WEIGHT`` for a
    word of the question, ``asked``, that some options lack (an option that repeats the question's "flag"
    is found wherever the question's own words are read: its other words say whether it is the answer;
    a question word every option has, "Which channel?" of "Channel 7", ties their words together).

    Example:
        >>> [w.round(2).tolist() for w in option_weights([["channel", "4"], ["channel", "7"]])]
        [[0.37, 1.0], [0.37, 1.0]]
        >>> options = [["flag", "shown"], ["nothing", "shown"]]
        >>> [w.round(2).tolist() for w in option_weights(options, asked={"flag", "shown"})]
        [[0.4, 0.37], [1.0, 0.37]]
    """
    n = len(options)
    df: dict[str, int] = {}
    for words in options:
        for word in set(words):
            df[word] = df.get(word, 0) + 1
    scale = math.log(n + 1)
    return [
        np.array(
            [
                max(SHARED_WEIGHT, math.log((n + 1) / df[w]) / scale)
                * _function_weight(words, k)
                * (ASKED_WEIGHT if w in asked and df[w] < n else 1.0)
                for k, w in enumerate(words)
            ]
        )
        for words in options
    ]


def _function_weight(words: Sequence[str], k: int) -> float:
    """How much word ``k`` of a phrase counts for being a function word: an article a word follows ("a
    thunderstorm", "the baby") nothing, as it says how the phrase is put, not what it names (the last
    "a" of "Plan A" is a letter); a negation (``NEGATIONS``) fully, as "ask not" says the opposite of
    "ask"; another function word ``STOPWORD_WEIGHT``.

    Example:
        >>> [_function_weight(["a", "thunderstorm"], k) for k in range(2)], _function_weight(["plan", "a"], 1)
        ([0.0, 1.0], 0.4)
        >>> _function_weight(["ask", "not", "what"], 1), _function_weight(["ask", "not", "what"], 2)
        (1.0, 0.4)
    """
    word = words[k]
    if word in ARTICLES and k < len(words) - 1:
        return 0.0
    if word in NEGATIONS:
        return 1.0
    return STOPWORD_WEIGHT if word in STOPWORDS else 1.0


def rarity_weights(words: Sequence[str], streams: Sequence[Stream]) -> np.ndarray:
    """Each word's weight by how rare it is in the video's text: ``log((n + 1) / (df + 1)) / log(n + 1)``
    for a word in ``df`` of the ``n`` snippets of ``streams`` (1 in none; at least 0.2), times
    ``STOPWORD_WEIGHT`` for a function word.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import stream_of
        >>> ev = [Evidence("ocr", "v", t, t + 1, f"CHANNEL 7 / step {t}", t) for t in range(4)]
        >>> rarity_weights(["channel", "2", "the", "zebra"], [stream_of("ocr", "v", [e]) for e in ev]).round(2).tolist()
        [0.2, 0.57, 0.4, 1.0]
    """
    snippets = [
        set(s.words[i] for i in np.flatnonzero(s.snippet_of == k)) for s in streams for k in range(len(s.snippets))
    ]
    n = max(1, len(snippets))
    out = []
    for word in words:
        df = sum(word in words_of for words_of in snippets)
        idf = math.log((n + 1) / (df + 1)) / math.log(n + 1)
        out.append(max(idf, 0.2) * (STOPWORD_WEIGHT if word in STOPWORDS else 1.0))
    return np.array(out)


def clock_parts(hours: str, minutes: str, after: str = "") -> bool:
    """Whether two words of a phrase are a clock time's hours and minutes ("7", "45" of "7:45"), which speech
    recognition writes run together ("745"): 0-24 then two digits under 60, not followed (``after``) by a word
    that makes them an amount ("3.25 million", "1.50 dollars": ``MAGNITUDES``). Other split numbers are not one
    number ("3.5 million" is not "35 million", "$1.99" not "$199", a score "2-1" not "21").

    Example:
        >>> clock_parts("7", "45"), clock_parts("3", "5"), clock_parts("1", "99"), clock_parts("2", "1")
        (True, False, False, False)
        >>> clock_parts("3", "25", "million"), clock_parts("1", "50", "dollars"), clock_parts("7", "45", "pm")
        (False, False, True)
    """
    return (
        after not in MAGNITUDES
        and hours.isdigit()
        and minutes.isdigit()
        and len(hours) <= 2
        and int(hours) <= 24
        and len(minutes) == 2
        and int(minutes) < 60
    )


def reads_number_whole(groups: Sequence[str], match: Match) -> bool:
    """Whether ``match`` reads the number whose digit groups are ``groups`` ("6.607" is "6", "607") whole:
    every group, in a row, or the groups run together in one word or two ("745" for "7:45"). A number is one
    value: "6.006" read on screen is no reading of "6.607" though its "6" is there, nor "5.005" of "5.272".
    Anything that is not a number of two groups or more is read as its words are.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import match_words, stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 6.0, 7.0, "180.000 / 6.006 00:00:06;00", 6.0)])
        >>> reads_number_whole(match_words("6.607"), Match(s, 2, 3, 0.5, 1.0))
        False
        >>> reads_number_whole(match_words("6.006"), Match(s, 2, 3, 1.0, 1.0))
        True
    """
    if len(groups) < 2 or not all(g.isdigit() for g in groups):
        return True
    words = match.stream.words[max(0, match.first - len(groups)) : match.last + len(groups) + 1]
    whole = "".join(groups)
    runs = {"".join(words[i : i + size]) for size in (1, 2) for i in range(len(words))}
    in_a_row = any(tuple(words[i : i + len(groups)]) == tuple(groups) for i in range(len(words)))
    return in_a_row or whole in runs


def numbers_by_their_words(phrase: Sequence[str], match: Match) -> bool:
    """Whether every number of ``phrase`` (normalized words) that pairs numbers with words ("Room 4",
    "Gate 12", "January 20 1961") is read, where ``match`` reads it, within ``NUMBER_REACH`` words of
    another word of the phrase: a number labels the words beside it, so the "4" of "Lecture 4: Early
    Printing Room B-214" is no room's number. A phrase of numbers alone, or of words alone, is read as
    its words are.

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import match_words, stream_of
        >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 1.0, 9.0, "Lecture 4: Early Printing Room B-214", 1.0)])
        >>> numbers_by_their_words(match_words("Room 4"), Match(s, 1, 4, 1.0, 0.7))
        False
        >>> numbers_by_their_words(match_words("Lecture 4"), Match(s, 0, 1, 1.0, 1.0))
        True
    """
    numbers = {w for w in phrase if w.isdigit()}
    if not numbers or not set(phrase) - numbers - STOPWORDS:
        return True
    read = match.stream.words[match.first : match.last + 1]
    near = similarity(phrase, read).max(axis=0) > 0  # each read word: a word of the phrase
    for i, word in enumerate(read):
        if word in numbers:
            beside = [j for j in range(max(0, i - NUMBER_REACH), min(len(read), i + NUMBER_REACH + 1)) if j != i]
            if not any(near[j] for j in beside):
                return False
    return True
