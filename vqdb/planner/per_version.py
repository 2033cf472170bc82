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

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pyarrow as pa

from vqdb.store import Store

Built = TypeVar("Built")
KEPT = 8  # builds kept: a few tables of a few corpora
_built: OrderedDict[tuple, Any] = OrderedDict()


def per_version(store: Store, table: str, columns: Sequence[str], build: Callable[[pa.Table | None], Built]) -> Built:
    """``build`` of ``table``'s ``columns`` at its latest version (``build(None)`` when it does not exist), built
    once per version, table, columns and ``build`` in a process (the least recently used of ``KEPT`` dropped).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> per_version(Store.create(tempfile.mkdtemp()), "regions", ("video_id",), lambda rows: rows)  # no table
    """
    version = store.version(table)
    key = (store.uri(table), version, tuple(columns), build)
    if key in _built:
        _built.move_to_end(key)
        return _built[key]
    found = build(None if version is None else store.read_version(table, version, list(columns)))
    _built[key] = found
    while len(_built) > KEPT:
        _built.popitem(last=False)
    return found
