"""The planner's tools, one module each, registered by their class with ``@register``.

Everything that names tools reads this registry: plan validation, the LLM prompt, which tools a corpus
has (``available_tools``), the compiler, the reference merge and the tool table of docs/planner.md.
Adding a tool is one module here (a ``Tool`` subclass) and its test.

``names()`` lists siglip, region, ocr, transcript, subtitle, audio first, in that order, then any other
tool alphabetically.

Example:
    >>> from vqdb.planner import tools
    >>> tools.names()
    ['siglip', 'region', 'ocr', 'transcript', 'subtitle', 'audio']
    >>> tools.get("ocr").table, tools.get("ocr").evidence, tools.get("ocr").spans
    ('ocr', 'scores', True)
    >>> tools.get("smell")
    Traceback (most recent call last):
    ...
    vqdb.planner.boolexpr.PlanError: unknown tool 'smell'; choose from siglip, region, ocr, transcript, subtitle, audio
"""

from __future__ import annotations

import importlib
import pkgutil
import re

from vqdb.planner.boolexpr import PlanError
from vqdb.planner.tools.base import EVIDENCE, Context, TextTool, Tool
from vqdb.schema import TABLES

ORDER = ("siglip", "region", "ocr", "transcript", "subtitle", "audio")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_REGISTRY: dict[str, Tool] = {}


def register(cls: type[Tool]) -> type[Tool]:
    """Class decorator: check a Tool subclass and make it available under its ``name``.

    Raises PlanError naming what is wrong: a bad or taken name, a missing description, a table that is
    not in ``vqdb.schema`` or not written by the tool's extractor, an index table for search that is not in
    ``vqdb.schema``, an unknown evidence kind, spans on a tool that gives hits.
    """
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not _NAME.match(name):
        raise PlanError(f"tool {cls.__qualname__}: name {name!r} must be lower case letters, digits and '_'")
    taken = _REGISTRY.get(name)
    if taken is not None and type(taken).__qualname__ != cls.__qualname__:
        raise PlanError(f"tool name {name!r} is taken by {type(taken).__qualname__}; choose another")
    for text in ("description", "query_hint"):
        if not isinstance(getattr(cls, text, None), str) or not getattr(cls, text).strip():
            raise PlanError(f"tool {name}: give a {text} (one line, for the LLM planner's prompt)")
    if not cls.summary():
        raise PlanError(f"tool {name}: give the class a docstring saying what a frame's evidence is")
    table = TABLES.get(getattr(cls, "table", None))
    if table is None:
        raise PlanError(f"tool {name}: table {getattr(cls, 'table', None)!r} is not one of {', '.join(TABLES)}")
    if getattr(cls, "extractor", None) != table.extractor:
        raise PlanError(
            f"tool {name}: extractor {getattr(cls, 'extractor', None)!r} does not write table {table.name} "
            f"(extractor {table.extractor!r} does); set extractor = {table.extractor!r}"
        )
    searched = [*cls.text_indexes, cls.vector_index, cls.ranking_table]
    unknown = [table_name for table_name in searched if table_name is not None and table_name not in TABLES]
    if unknown:
        raise PlanError(f"tool {name}: search reads {', '.join(unknown)}, not among {', '.join(TABLES)}")
    if cls.evidence not in EVIDENCE:
        raise PlanError(f"tool {name}: evidence must be one of {EVIDENCE}, got {cls.evidence!r}")
    if cls.spans and cls.evidence != "scores":
        raise PlanError(f"tool {name}: only a tool giving scores gives spans; set spans = False or evidence = 'scores'")
    _REGISTRY[name] = cls()
    return cls


def names() -> list[str]:
    """The registered tools' names: siglip, region, ocr, transcript, subtitle, audio, then others
    alphabetically."""
    return sorted(_REGISTRY, key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))


def get(name: str) -> Tool:
    """The tool ``name``; PlanError listing the tools when there is none."""
    tool = _REGISTRY.get(name) if isinstance(name, str) else None
    if tool is None:
        raise PlanError(f"unknown tool {name!r}; choose from {', '.join(names())}")
    return tool


def markdown_table() -> str:
    """The tool table of docs/planner.md (a test keeps the document in step with it).

    Example:
        >>> print(markdown_table().splitlines()[2][:77])
        | `siglip` | `embed` | `frame_embeddings` | scores | `similarity(emb, query)`
    """
    rows = ["| tool | extractor | reads | evidence | a frame's evidence |", "|---|---|---|---|---|"]
    for tool in map(get, names()):
        rows.append(
            f"| `{tool.name}` | `{tool.extractor}` | `{tool.table}` | {tool.evidence} | "
            f"{tool.summary().replace('|', chr(92) + '|')} |"
        )
    return "\n".join(rows) + "\n"


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.name != "base":
            importlib.import_module(f"{__name__}.{info.name}")


_discover()

__all__ = ["ORDER", "Context", "TextTool", "Tool", "get", "markdown_table", "names", "register"]
