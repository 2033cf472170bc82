"""vqdb: an embedded video-query database.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with vqdb.connect(empty_corpus()) as corpus:
    ...     corpus.sql("SELECT count(*) AS n FROM frames").fetchall()
    [(0,)]
"""

import vqdb.polars  # noqa: F401  (registers the Polars expression namespace .vq)
from vqdb._version import __version__
from vqdb.config import Config
from vqdb.corpus import Corpus, attach, connect

__all__ = ["Config", "Corpus", "attach", "connect", "__version__"]
