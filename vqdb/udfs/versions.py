"""The latest version of a corpus's Lance datasets, asked of storage at every call without opening them again.

The SQL functions that cache what they read (``finished_videos``, the embedding cache of ``frame_scores``)
check at every call that the dataset has not changed since. Opening a dataset to learn its version reads
its manifest (0.25-0.4 ms on a local disk, 13 times in a 5-tool query); ``LanceDataset.latest_version`` on
a dataset opened once lists its versions instead (a few microseconds), and sees a commit, delete or
compaction by any process as soon as it is written, as opening does.

Example:
    >>> from vqdb.testing.corpora import empty_corpus
    >>> from vqdb.store import Store
    >>> versions = LatestVersions(Store.open(empty_corpus()))
    >>> versions("extractions") == versions.dataset("extractions", versions("extractions")).version
    True
"""

from __future__ import annotations

import threading

import lance


class LatestVersions:
    """``versions(name)``: the latest version of the store's dataset ``name``; ``dataset(name, version)``: that
    version, to read. Each dataset is opened once (on first use)."""

    def __init__(self, store):
        self._store = store
        self._opened: dict[str, lance.LanceDataset] = {}
        self._lock = threading.Lock()  # DuckDB calls UDFs from several threads

    def __call__(self, name: str) -> int:
        return self._handle(name).latest_version

    def dataset(self, name: str, version: int) -> lance.LanceDataset:
        """The dataset ``name`` as of ``version``."""
        return self._handle(name).checkout_version(version)

    def _handle(self, name: str) -> lance.LanceDataset:
        with self._lock:
            if name not in self._opened:
                self._opened[name] = self._store.dataset(name)
            return self._opened[name]
