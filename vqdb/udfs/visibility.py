"""Which videos a per-video view shows: ``finished_videos(extractor)``, the SQL function the corpus's views
filter on (``vqdb.session.create_views``).

A video's rows of a table are visible once the table's extractor finished for it and the video itself
was committed (its ``frames`` step, which ingest records last): both have a row in ``extractions``.
``finished_videos(extractor) -> VARCHAR[]`` lists those videos, read from the latest version of the
``extractions`` dataset. The answer is cached per version of that dataset: each call asks storage for the
dataset's latest version (``vqdb.udfs.versions``: a listing, a few microseconds on a local disk) and reads
its rows again only when the version changed, so a commit, a delete or a compaction by any process is seen
by the next query, and a query in between costs no scan of ``extractions`` (a view used to scan it twice).

Example:
    >>> import duckdb
    >>> from vqdb.store import Store
    >>> from vqdb.testing.corpora import empty_corpus
    >>> con = duckdb.connect(); register(con, Store.open(empty_corpus()))
    >>> con.sql("SELECT finished_videos('ocr')").fetchall()
    [([],)]
"""

from __future__ import annotations

import threading
import weakref

import duckdb

from vqdb.store import Store
from vqdb.udfs.versions import LatestVersions

FUNCTION = "finished_videos"


class FinishedVideos:
    """``extractor`` -> the videos whose ``extractor`` and ``frames`` steps both finished, as of the latest
    version of the store's ``extractions`` dataset (re-read only when that version changed).

    Example:
        >>> from vqdb.schema import TABLES
        >>> from vqdb.testing.corpora import empty_corpus
        >>> root = empty_corpus(); finished = FinishedVideos(Store.open(root))
        >>> finished("frames")
        []
        >>> with Store.create(root) as store:
        ...     for step in ("subtitles", "frames"):
        ...         _ = store.commit("v1", step, {t.name: t.from_rows([]) for t in TABLES.values()
        ...                                       if t.extractor == step}, model=None, settings={})
        >>> finished("subtitles"), finished("ocr")
        (['v1'], [])
    """

    def __init__(self, store: Store):
        self._versions = LatestVersions(store)
        self._lock = threading.Lock()
        self._version: int | None = None
        self._by_extractor: dict[str, list[str]] = {}

    def use(self, store: Store) -> None:
        """Answer for ``store`` from now on."""
        with self._lock:
            self._versions, self._version, self._by_extractor = LatestVersions(store), None, {}

    def __call__(self, extractor: str) -> list[str]:
        with self._lock:
            version = self._versions("extractions")
            if version != self._version:
                dataset = self._versions.dataset("extractions", version)
                rows = dataset.to_table(columns=["video_id", "extractor"]).to_pylist()
                steps: dict[str, set[str]] = {}
                for row in rows:
                    steps.setdefault(row["extractor"], set()).add(row["video_id"])
                committed = steps.get("frames", set())
                self._by_extractor = {name: sorted(videos & committed) for name, videos in steps.items()}
                self._version = version
            return list(self._by_extractor.get(extractor, []))


def register(con: duckdb.DuckDBPyConnection, store: Store) -> None:
    """Register ``finished_videos`` for ``store`` in ``con``; attaching another store (or the same again) to
    ``con`` points the function at it (measured, DuckDB 1.5: a Python function removed from a connection
    cannot be created again under its name)."""
    finished = _registered.get(con)
    if finished is None:
        finished = _registered[con] = FinishedVideos(store)
        con.create_function(FUNCTION, finished, ["VARCHAR"], "VARCHAR[]")
    finished.use(store)


_registered: weakref.WeakKeyDictionary[duckdb.DuckDBPyConnection, FinishedVideos] = weakref.WeakKeyDictionary()
