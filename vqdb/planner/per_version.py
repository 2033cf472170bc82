"""What a corpus table's rows build, built once per version of the table in a process.

``search`` orders its candidate videos from structures built over a whole table (``spoken_words``: the words
said; ``screen_texts``: the texts read on screen). Building one reads the table whole, so it is kept until a
commit makes a new version of the table; a version's rows never change, so the cache needs no other check.
The rows are read as ``Store.read_version`` reads them, with the object store's options (an ``s3://`` corpus
as a local one).

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> store = Store.create(tempfile.mkdtemp())
    >>> per_version(store, "subtitles", ("text",), lambda rows: rows.num_rows if rows is not None else None)
    0
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pyarrow as pa

from vqdb.store import Store

Built = TypeVar("Built")
KEPT = 8  # builds kept: a few tables of a few corpora
_built: OrderedDict[tuple, Any] = OrderedDict()
_lock = threading.Lock()  # searches of one process may build at once (the web app's threads)
_building: dict[tuple, _Building] = {}  # the builds under way, by key


def per_version(store: Store, table: str, columns: Sequence[str], build: Callable[[pa.Table | None], Built]) -> Built:
    """``build`` of ``table``'s ``columns`` at its latest version (``build(None)`` when it does not exist), built
    once per version, table, columns and ``build`` in a process, however many threads ask at once (the least
    recently used of ``KEPT`` dropped, and a build of an older version once the newer one is built, never the
    newer for an older one built late: a process that searches while ingest commits keeps one matrix of a table,
    not one a version).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> per_version(Store.create(tempfile.mkdtemp()), "regions", ("video_id",), lambda rows: rows)  # no table
    """
    version = store.version(table)
    uri, columns = store.uri(table), tuple(columns)
    key = (uri, version, columns, build)
    with _lock:
        if key in _built:
            _built.move_to_end(key)
            return _built[key]
        newer = _newer_kept(key)
        if newer is not None:  # the table moved on since its version was read: its latest build, not a rebuild
            _built.move_to_end(newer)
            return _built[newer]
        building = _building.setdefault(key, _Building())
    with building.lock:  # one build of a key at a time: threads asking for it meanwhile wait for it, not build it too
        if not building.done:
            building.found = build(None if version is None else store.read_version(table, version, list(columns)))
            building.done = True
            with _lock:
                _keep(key, building.found)
                _building.pop(key, None)
    return building.found


class _Building:
    """A build under way: its lock, held while it builds, and what it built."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.done = False
        self.found: Any = None


def _newer_kept(key: tuple) -> tuple | None:
    """The kept key of a newer version of ``key``'s table (same columns and build), or None."""
    uri, version, columns, build = key
    if version is None:
        return None
    newer = [k for k in _built if (k[0], k[2], k[3]) == (uri, columns, build) and k[1] is not None and k[1] > version]
    return newer[-1] if newer else None


def _keep(key: tuple, found: Any) -> None:
    """Keep ``found`` as ``key``'s build unless a newer version of its table is kept, dropping older ones."""
    if _newer_kept(key) is not None:
        return  # a slow build of an older version: the newer one stays
    uri, _, columns, build = key
    for older in [k for k in _built if (k[0], k[2], k[3]) == (uri, columns, build)]:
        del _built[older]
    _built[key] = found
    while len(_built) > KEPT:
        _built.popitem(last=False)
