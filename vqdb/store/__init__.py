"""The store: the only layer that writes the corpus's Lance datasets.

``Store.open`` reads, ``Store.create`` writes; full-text and vector index builds live here too, since
building an index writes the datasets.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> Store.create(tempfile.mkdtemp()).exists("frames")
    True
"""

from vqdb.store.store import MANIFEST, Store, is_corpus, quote

__all__ = ["MANIFEST", "Store", "is_corpus", "quote"]
