"""What the planner, and the answerers above it, need of a corpus: ``CorpusReader``.

``vqdb.corpus`` sits above the planner, so the planner cannot name ``Corpus``; ``retrieve``, ``locate``,
``search`` and ``answer`` take any object with these members, and ``vqdb.Corpus`` is one:

* ``sql_unchecked`` (``vqdb.videos.CorpusSql``): vqdb's own SQL on the corpus's session;
* ``cursor_unchecked``: a cursor of that session, for the statements of one question (``VideoFrames``);
* ``row_cache``: the session's rows of one video (``vqdb.planner.video_frames.RowCache``);
* ``word_counts``: the session's counts of words in the text tables (``vqdb.planner.word_rarity.WordCounts``);
* ``store``: the corpus's datasets, read-only (which extractors finished, which tables exist, the indexes);
* ``config``: the corpus's settings (its sampling rate, the answering models).

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> corpus = vqdb.connect(empty_corpus())
    >>> isinstance(corpus, CorpusReader), corpus.store.finished(), corpus.config.sample_fps
    (True, {}, 1.0)
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import duckdb

from vqdb.config import Config
from vqdb.planner.video_frames import RowCache
from vqdb.planner.word_rarity import WordCounts
from vqdb.store import Store
from vqdb.videos import CorpusSql


@runtime_checkable
class CorpusReader(CorpusSql, Protocol):
    """A corpus as the planner reads it (see the module docstring); ``vqdb.Corpus`` is one.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> corpus = vqdb.connect(empty_corpus())
        >>> isinstance(corpus, CorpusReader), corpus.cursor_unchecked().sql("SELECT count(*) FROM frames").fetchall()
        (True, [(0,)])
    """

    @property
    def config(self) -> Config:
        """The corpus's settings."""
        ...

    @property
    def store(self) -> Store:
        """The corpus's datasets, read-only."""
        ...

    @property
    def row_cache(self) -> RowCache:
        """The session's rows of one video, kept while their tables keep their versions."""
        ...

    @property
    def word_counts(self) -> WordCounts:
        """The session's counts of the words ``search`` looked up in the text tables, kept while the tables keep
        their versions."""
        ...

    def cursor_unchecked(self) -> duckdb.DuckDBPyConnection:
        """A cursor of the session (reading the latest committed data), its statements unchecked."""
        ...


__all__ = ["CorpusReader"]
