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
``DF_CAP`` a table, beyond which a word is common whatever its count) and ``N`` all the stretches; and a
moment's text *covers* the share of the query's IDF whose words it holds (``coverage``: a word found whole,
within the edit distance the full-text search allows, or, from ``SQUASHED_MIN`` characters on, inside the
text with its spaces removed, as OCR merges words and speech recognition splits compounds).

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))  # an empty corpus: every word equally rare
    >>> round(rarity.coverage("the Gutenberg", "store the energy"), 2)
    0.5
"""

from __future__ import annotations

import math

from rapidfuzz.distance import Levenshtein

from vqdb.store import Store
from vqdb.store.text_index import edit_distance, text_hits
from vqdb.textnorm import canonical_words, squash

DF_TABLES = ("ocr_spans", "transcript_segments", "subtitles")  # the corpus's stretches of text, one a row
DF_CAP = 1000  # rows counted per word and table
SQUASHED_MIN = 5  # a word this long is found inside the text's spaceless form ("GETTINGSTARTED", "lift off")


class WordRarity:
    """The IDF of words in a corpus's text (``idf``, each word counted once per instance) and the share of a
    query's IDF a text holds (``coverage``); see the module docstring.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> WordRarity(Store.create(tempfile.mkdtemp())).idf("exit")
        0.6931471805599453
    """

    def __init__(self, store: Store):
        self.store = store
        self._tables = [table for table in DF_TABLES if store.exists(table)]
        self._stretches = sum(store.count(table) for table in self._tables)
        self._idf: dict[str, float] = {}

    def idf(self, word: str) -> float:
        """BM25's IDF of ``word`` (a canonical word) over the corpus's stretches of text."""
        if word not in self._idf:
            held = sum(text_hits(self.store, t, word, DF_CAP, fuzzy=False).num_rows for t in self._tables)
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


def word_found(word: str, tokens: list[str], squashed: str) -> bool:
    """Whether a canonical ``word`` of a query is among ``tokens`` (a text's canonical words) within its edit
    distance (``text_index.edit_distance``), or, from ``SQUASHED_MIN`` characters on, inside ``squashed`` (the
    text's words joined).

    Example:
        >>> word_found("liftoff", ["lift", "off"], "liftoff"), word_found("exit", ["exlt"], "exlt")
        (True, True)
        >>> word_found("call", ["scaling"], "scaling"), word_found("9", ["19"], "19")
        (False, False)
    """
    if len(word) >= SQUASHED_MIN and word in squashed:
        return True
    limit = edit_distance(word)
    return any(Levenshtein.distance(word, token, score_cutoff=limit) <= limit for token in tokens)


__all__ = ["WordRarity", "word_found"]
