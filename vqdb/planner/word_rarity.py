"""How rare a query's words are in a corpus, and how much of that rarity a moment's text holds: the part of
``search``'s score that compares moments across videos as a search engine does (BM25's IDF).

A text call's grade (``vqdb.udfs.text_grade``) says how well a frame's text aligns with the query as a whole,
tolerating what OCR and speech recognition do to words: spaces dropped, letters misread, words that sound
alike. Inside one video that ranks its frames well; across a corpus it also lets text that shares only
letters or a common word with the query score nearly as high as the query's own words: "call" aligned across
"Scaling" (0.93, above "Call 020 7946 0018" at 0.927), "store the energy" for "the Gutenberg" (0.76),
"will reach 12 degrees" for "Rachel Green" (0.72). So each word of the query weighs its rarity, the IDF of
BM25 over the corpus's stretches of text (``DF_TABLES``: OCR spans, transcript segments, subtitle cues):

    idf(word) = ln(1 + (N - df + 0.5) / (df + 0.5))

with ``df`` the stretches holding the word (its stemmed form, through the full-text indexes; counted up to
``DF_CAP`` a table, beyond which a word is common whatever its count; a word the index reads as several tokens,
a decimal or a time, as its rarest token) and ``N`` all the stretches; and a
moment's text *covers* the share of the query's IDF whose words it holds (``coverage``: a word found whole,
within the edit distance the full-text search allows the shorter of the two words (a two-letter "to" is no
misread "top"), or, from ``SQUASHED_MIN`` characters on, inside the text with its spaces removed, as OCR
merges words and speech recognition splits compounds).

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))  # an empty corpus: every word equally rare
    >>> round(rarity.coverage("the Gutenberg", "store the energy"), 2)
    0.5
"""

from __future__ import annotations

import math
import re
import threading

import lance
from rapidfuzz.distance import Levenshtein

from vqdb.store import Store
from vqdb.store.text_index import dataset_hits, edit_distance
from vqdb.textnorm import FUNCTION_WORDS, canonical_words, squash, written_forms
from vqdb.udfs.versions import LatestVersions

DF_TABLES = ("ocr_spans", "transcript_segments", "subtitles")  # the corpus's stretches of text, one a row
DF_CAP = 1000  # rows counted per word and table
SQUASHED_MIN = 5  # a word this long is found inside the text's spaceless form ("GETTINGSTARTED", "lift off")
PHRASE_WORDS = 3  # consecutive words of a query a text holds in order: a phrase of it, not a topic word
PHRASE_GAP = 1  # words of the text a phrase may skip between two of its words (an article the query left out)


class WordRarity:
    """The IDF of words in a corpus's text (``idf``, each word counted once per instance) and the share of a
    query's IDF a text holds (``coverage``); see the module docstring.

    ``counts``: the session's ``WordCounts``, kept across searches (default: counted afresh).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> WordRarity(Store.create(tempfile.mkdtemp())).idf("exit")
        0.6931471805599453
    """

    def __init__(self, store: Store, counts: WordCounts | None = None):
        self._tables = (counts or WordCounts(store)).latest()
        self._stretches = sum(table.rows for table in self._tables)
        self._idf: dict[str, float] = {}

    def idf(self, word: str) -> float:
        """BM25's IDF of ``word`` (a canonical word) over the corpus's stretches of text, counted as the text is
        written (``textnorm.written_forms``: a canonical "1st" is counted as "first" too; a number said in several
        words, ``said_in_words``, as held by the rows that hold its rarest word, at most: a transcript writes
        "twenty one" where the query's canonical "21" is held by no row, which weighed it as the rarest word)."""
        if word not in self._idf:  # "1st" is written "first" or "1st": held as its most held spelling
            held = max(sum(table.held(form) for table in self._tables) for form in written_forms(word))
            for said in said_in_words(word):  # "twenty one": at most the rows holding its rarest word
                held = max(held, sum(min(table.held(part) for part in said) for table in self._tables))
            self._idf[word] = math.log(1 + (self._stretches - held + 0.5) / (held + 0.5))
        return self._idf[word]

    def weight(self, query: str) -> float:
        """The IDF of ``query``'s words together (each word once): how much a text holding them all says.

        Example:
            >>> import tempfile
            >>> from vqdb.store import Store
            >>> round(WordRarity(Store.create(tempfile.mkdtemp())).weight("the the end"), 2)
            1.39
        """
        return sum(self.idf(word) for word in dict.fromkeys(canonical_words(query)))

    def coverage(self, query: str, text: str) -> float:
        """The share of ``query``'s IDF that ``text`` holds (``word_found``): 1 when it holds every word, 0 when
        none; 1 for a query without words.

        Example:
            >>> import tempfile
            >>> from vqdb.store import Store
            >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))
            >>> rarity.coverage("call", "Scaling Vector Search"), rarity.coverage("call", "CALL 020 7946")
            (0.0, 1.0)
        """
        words = list(dict.fromkeys(canonical_words(query)))
        if not words:
            return 1.0
        tokens = canonical_words(text)
        squashed = squash(" ".join(tokens))
        weights = [self.idf(word) for word in words]
        held = sum(w for word, w in zip(words, weights, strict=True) if word_found(word, tokens, squashed))
        return held / sum(weights) if sum(weights) > 0 else 1.0

    def phrase_share(self, query: str, text: str) -> float:
        """The share of ``query``'s IDF held by its longest-weighing phrase in ``text``: a run of at least
        ``phrase_words`` distinct consecutive words of the query, one of them a ``content_word``, that the text holds
        in the same order (``word_found`` word by word), each at most ``PHRASE_GAP`` words after the one before; 0
        without one. A text holding a phrase of a long query ("with the WORK of our han" for "lyric video line
        about the work of our hands") is a partial but real match, where a text holding a word or two of it
        shares only its topic.

        Example:
            >>> import tempfile
            >>> from vqdb.store import Store
            >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))  # every word equally rare
            >>> rarity.phrase_share("demo asking whether flag in image", "Does the flag in the image appear?")
            0.5
            >>> rarity.phrase_share("demo asking whether flag in image", "an image of a flag")
            0.0
            >>> rarity.phrase_share("work work work lyrics video", "work work work"), rarity.phrase_share(
            ...     "one of the greatest", "one of the best")  # a word said thrice; "1 of the": no content word
            (0.0, 0.0)
        """
        asked = canonical_words(query)
        tokens = canonical_words(text)
        total = sum(self.idf(word) for word in dict.fromkeys(asked))
        least = phrase_words(len(set(asked)))
        if not least or not tokens or total <= 0:
            return 0.0
        found = [[word_found(word, [token], token) for token in tokens] for word in asked]
        runs: dict[tuple[int, int], frozenset[str]] = {}  # (query word, token): the distinct words of the run
        best = 0.0
        for i, word in enumerate(asked):
            for j in (j for j, held in enumerate(found[i]) if held):
                before = [runs[i - 1, b] for b in range(max(j - 1 - PHRASE_GAP, 0), j) if (i - 1, b) in runs]
                runs[i, j] = max(before, key=self._weight, default=frozenset()) | {word}
                if len(runs[i, j]) >= least and any(content_word(w) for w in runs[i, j]):
                    best = max(best, min(self._weight(runs[i, j]) / total, 1.0))
        return best

    def _weight(self, words: frozenset[str]) -> float:
        return sum(self.idf(word) for word in words)

    @staticmethod
    def precision(query: str, text: str) -> float:
        """The share of ``text``'s words that are words of ``query`` (``word_found``; 0 for a text without
        words): BM25's preference for the shorter of two texts that hold the same words.

        Example:
            >>> WordRarity.precision("three", "3,"), WordRarity.precision("three", "half past three")
            (1.0, 0.3333333333333333)
        """
        words = canonical_words(query)
        tokens = canonical_words(text)
        said = sum(any(word_found(word, [token], token) for word in words) for token in tokens)
        return said / len(tokens) if tokens else 0.0


class WordCounts:
    """A session's counts of the stretches of text that hold a word, per table of ``DF_TABLES`` and version:
    ``latest()`` gives each existing table as of its latest version (``vqdb.udfs.versions``, a listing), with
    the words counted at that version so far, so a later search counts only words not yet counted until a
    commit changes the table, which starts its counts afresh.

    Example:
        >>> from vqdb.testing.corpora import empty_corpus
        >>> from vqdb.store import Store
        >>> counts = WordCounts(Store.open(empty_corpus()))
        >>> [(table.name, table.rows, table.held("exit")) for table in counts.latest()]
        [('ocr_spans', 0, 0), ('transcript_segments', 0, 0), ('subtitles', 0, 0)]
        >>> counts.latest()[0] is counts.latest()[0]  # unchanged: the same counts
        True
    """

    def __init__(self, store: Store):
        self.store = store
        self._versions = LatestVersions(store)
        self._tables: dict[str, TableCounts] = {}
        self._lock = threading.Lock()

    def latest(self) -> list[TableCounts]:
        """The counts of each table of ``DF_TABLES`` that exists, at its latest version."""
        found = []
        for name in DF_TABLES:
            if not self.store.exists(name):
                continue
            version = self._versions(name)
            with self._lock:
                if name not in self._tables or self._tables[name].version != version:
                    self._tables[name] = TableCounts(name, self._versions.dataset(name, version))
                found.append(self._tables[name])
        return found


class TableCounts:
    """One version of a text table: its rows (``rows``) and how many hold each word counted (``held``)."""

    def __init__(self, name: str, dataset: lance.LanceDataset):
        self.name, self.version, self._dataset = name, dataset.version, dataset
        self.rows = dataset.count_rows()
        self._held: dict[str, int] = {}

    def held(self, word: str) -> int:
        """The rows holding ``word`` (a canonical word: its stemmed form, through the full-text index), at most
        ``DF_CAP``. A word the index splits into several tokens (a decimal "150.000", a time "06.42": ``parts``)
        is held by at most as many rows as its rarest part: the index finds the rows holding any part, and on a
        counter every read holds ".000", which made the number asked for as common as its commonest part.

        Example:
            >>> from vqdb.testing.corpora import empty_corpus
            >>> from vqdb.store import Store
            >>> WordCounts(Store.open(empty_corpus())).latest()[0].held("150.000")
            0
        """
        if word not in self._held:
            pieces = parts(word)
            if len(pieces) > 1:
                self._held[word] = min(self.held(piece) for piece in pieces)
            else:
                self._held[word] = dataset_hits(self._dataset, self.name, word, DF_CAP, fuzzy=False).num_rows
        return self._held[word]


def phrase_words(count: int) -> int:
    """The fewest words of a query of ``count`` distinct words that a phrase of it holds (``phrase_share``):
    ``PHRASE_WORDS``, or all but one of a query of three ("book now" of "book now online": most of what was asked,
    in its order, where a word or two of a long query is only its topic); 0 (no phrase) for a shorter query.

    Example:
        >>> phrase_words(8), phrase_words(3), phrase_words(2)
        (3, 2, 0)
    """
    return PHRASE_WORDS if count > PHRASE_WORDS else count - 1 if count == PHRASE_WORDS else 0


def content_word(word: str) -> bool:
    """A canonical word that tells what a phrase is about: no function word, no number ("one of the").

    Example:
        >>> content_word("hands"), content_word("of"), content_word("1")
        (True, False, False)
    """
    return word not in FUNCTION_WORDS and not word.isdigit()


def said_in_words(word: str) -> list[tuple[str, ...]]:
    """How a canonical number in digits is said in several words, as a transcript may write it: from 21 to 99
    its tens and units ("21": "twenty one"), a year as two numbers ("1455": "fourteen fifty five"), its units
    after "oh" ("1905": "nineteen oh five", "2005": "twenty oh five"), and from 2001 to 2099 in thousands too
    ("2005": "two thousand five", "2019": "two thousand nineteen"; the "and" of "two thousand and five" is no
    word of it); none for a number said in one word ("20", "15": ``written_forms``) or a word that is no such
    number.

    Example:
        >>> said_in_words("21"), said_in_words("1455"), said_in_words("1961"), said_in_words("15")
        ([('twenty', 'one')], [('fourteen', 'fifty', 'five')], [('nineteen', 'sixty', 'one')], [])
        >>> said_in_words("1905"), said_in_words("2005"), said_in_words("exit")
        ([('nineteen', 'oh', 'five')], [('twenty', 'oh', 'five'), ('two', 'thousand', 'five')], [])
        >>> said_in_words("2019"), said_in_words("1900")
        ([('twenty', 'nineteen'), ('two', 'thousand', 'nineteen')], [])
    """
    if not word.isdigit() or word.startswith("0"):
        return []
    value = int(word)
    if 21 <= value <= 99 and value % 10:
        return [_said_below_hundred(value)]
    high, low = divmod(value, 100)
    if not 1100 <= value <= 2099 or not low:
        return []
    below = _said_below_hundred(low) if low >= 10 else (written_forms(str(low))[1],)
    forms = [(*_said_below_hundred(high), *below)] if low >= 10 else [(*_said_below_hundred(high), "oh", *below)]
    if high == 20:
        forms.append(("two", "thousand", *below))
    return forms


def _said_below_hundred(value: int) -> tuple[str, ...]:
    """The words that say ``value`` (10 to 99): one where one word says it, else its tens and units."""
    whole = written_forms(str(value))
    if len(whole) > 1:
        return (whole[1],)
    return written_forms(str(value - value % 10))[1], written_forms(str(value % 10))[1]


def parts(word: str) -> list[str]:
    """The tokens the full-text index reads ``word`` as (its runs of letters and digits).

    Example:
        >>> parts("150.000"), parts("gutenberg")
        (['150', '000'], ['gutenberg'])
    """
    return re.findall(r"\w+", word)


def word_found(word: str, tokens: list[str], squashed: str) -> bool:
    """Whether a canonical ``word`` of a query is among ``tokens`` (a text's canonical words) within the edit
    distance of the shorter of the two (``text_index.edit_distance``: a misread "exlt" is "exit", but a word
    too short for an edit is no misreading of a longer one: "to" is not "top", nor "an" "and"), or, from
    ``SQUASHED_MIN`` characters on, inside ``squashed`` (the text's words joined).

    Example:
        >>> word_found("liftoff", ["lift", "off"], "liftoff"), word_found("exit", ["exlt"], "exlt")
        (True, True)
        >>> word_found("call", ["scaling"], "scaling"), word_found("9", ["19"], "19"), word_found("top", ["to"], "to")
        (False, False, False)
    """
    if len(word) >= SQUASHED_MIN and word in squashed:
        return True
    for token in tokens:
        limit = edits_between(word, token)
        if Levenshtein.distance(word, token, score_cutoff=limit) <= limit:
            return True
    return False


def edits_between(word: str, token: str) -> int:
    """The edit distance two words may be apart and still be one (``text_index.edit_distance`` of the shorter):
    that of a query word, unless the other is too short to have been misread by that much.

    Example:
        >>> edits_between("exit", "exlt"), edits_between("top", "to"), edits_between("liftoff", "liftof")
        (1, 0, 2)
    """
    return edit_distance(min(word, token, key=len))


__all__ = [
    "PHRASE_GAP",
    "PHRASE_WORDS",
    "WordCounts",
    "WordRarity",
    "content_word",
    "phrase_words",
    "edits_between",
    "parts",
    "said_in_words",
    "word_found",
]
