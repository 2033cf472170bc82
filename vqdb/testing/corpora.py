"""Corpora for examples and tests: ``empty_corpus()`` is a corpus directory with every table empty.

Querying needs a corpus (``vqdb.connect`` on any other path refuses, naming the fix), and only ingest
creates one from videos; examples that only need the tables, macros and functions start from this.

Example:
    >>> import vqdb
    >>> vqdb.connect(empty_corpus()).sql("SELECT count(*) FROM videos").fetchall()
    [(0,)]
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from vqdb.store import Store


def empty_corpus(root: str | Path | None = None) -> Path:
    """Create an empty corpus at ``root`` (a new temporary directory by default); returns its path.

    Example:
        >>> (empty_corpus() / "corpus.json").is_file()
        True
    """
    with Store.create(root if root is not None else tempfile.mkdtemp(prefix="vqdb-corpus-")) as store:
        return store.root
