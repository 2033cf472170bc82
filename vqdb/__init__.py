"""vqdb: an embedded video-query database.

``connect``, ``attach``, ``Corpus`` and ``Config`` are imported on first use, so that importing vqdb (as
the command line does) costs little more than Polars; importing vqdb registers the Polars expression
namespace ``.vq`` (``vqdb.polars``).

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with vqdb.connect(empty_corpus()) as corpus:
    ...     corpus.sql("SELECT count(*) AS n FROM frames").fetchall()
    [(0,)]
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import vqdb.polars  # noqa: F401  (registers the Polars expression namespace .vq)
from vqdb._version import __version__

if TYPE_CHECKING:
    from vqdb.config import Config
    from vqdb.corpus import Corpus, attach, connect

__all__ = ["Config", "Corpus", "attach", "connect", "__version__"]
_FACADE = {"Config": "vqdb.config", "Corpus": "vqdb.corpus", "attach": "vqdb.corpus", "connect": "vqdb.corpus"}


def __getattr__(name: str) -> Any:
    """``vqdb.connect`` and the rest of the facade, and vqdb's modules (``vqdb.session``), on first use."""
    if name in _FACADE:
        value = getattr(importlib.import_module(_FACADE[name]), name)
    else:
        try:
            value = importlib.import_module(f"vqdb.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"vqdb.{name}":
                raise
            raise AttributeError(f"module 'vqdb' has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
