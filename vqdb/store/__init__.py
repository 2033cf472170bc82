"""The store: the only layer that writes the corpus's Lance datasets, on a local disk or object storage
(``location``).

``Store.open`` reads, ``Store.create`` writes; a writable store holds the corpus's writer lock
(``lock``: one writer at a time). Full-text and vector index builds live here too, since building an
index writes the datasets, and so do compaction and cleanup (``maintenance``), which spare the versions
that open query sessions may read (``readers``).

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> with Store.create(tempfile.mkdtemp()) as store:
    ...     store.exists("frames")
    True
"""

from vqdb.store.store import MANIFEST, Store, WrittenRows, any_video, is_corpus, quote, write_rows

__all__ = ["MANIFEST", "Store", "WrittenRows", "any_video", "is_corpus", "quote", "write_rows"]
