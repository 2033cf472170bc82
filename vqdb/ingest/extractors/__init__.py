"""Extractors, one module each, registered by name with ``@register("name")``.

The names, and the order ingest runs them in, are those of ``vqdb.schema.EXTRACTORS``.

Example:
    >>> from vqdb.ingest import extractors
    >>> extractors.names()
    ['subtitles', 'embed', 'regions', 'asr', 'ocr', 'audio']
"""

from __future__ import annotations

import importlib
import pkgutil

from vqdb.errors import ConfigError
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext
from vqdb.schema import EXTRACTORS

_REGISTRY: dict[str, type[Extractor]] = {}


def register(name: str):
    """Class decorator: make an Extractor subclass available under ``name`` (one of ``vqdb.schema.EXTRACTORS``)."""
    if name not in EXTRACTORS:
        raise ValueError(f"extractor {name!r} is not in vqdb.schema.EXTRACTORS; add it there with the tables it writes")

    def wrap(cls: type[Extractor]) -> type[Extractor]:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return wrap


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.name != "base":
            importlib.import_module(f"{__name__}.{info.name}")


def names() -> list[str]:
    """Names of all registered extractors, in ingest order."""
    _discover()
    return [name for name in EXTRACTORS if name in _REGISTRY]


def get(name: str) -> type[Extractor]:
    """The extractor class registered under ``name``."""
    _discover()
    if name not in _REGISTRY:
        raise ConfigError(f"unknown extractor {name!r}; available: {', '.join(names())}")
    return _REGISTRY[name]


__all__ = ["Extractor", "ExtractorOutput", "VideoContext", "get", "names", "register"]
