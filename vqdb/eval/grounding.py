"""Parse a model's grounding (CG-Bench) into ``[(start, end), ...]`` seconds, per variant, exactly as the
two published scorers do, malformed replies included (``docs/metrics.md`` lists every case, with the
commits of the scorers the fixtures in ``tests/eval/fixtures`` were produced with).

Both scorers first look for a fenced JSON block holding ``{"result": ...}``, then fall back to the
numbers in the text:

- ``official`` (CG-Bench's script): the JSON result is used when its tIoU can be computed, i.e. when it
  is a list of two-number pairs (JSON booleans count as 0 and 1); otherwise every number in the reply is
  paired up, and an odd count is unparseable (no numbers at all gives an empty list, which scores 0).
- ``vlmevalkit`` (VLMEvalKit's port): a JSON result that is not a list is unparseable; a single flat
  ``[start, end]`` is accepted; a result it cannot score falls back to the numbers of the reply: at least
  two, paired, an odd last one dropped. Values all <= 1 in a JSON result are read as fractions of the
  video duration; that happens in SQL (``cgbench_metrics``), which knows the duration, and only for
  groundings read from JSON (``read_grounding`` says which).

A pair that ends before it starts is kept, as both scorers keep it: its negative length enters the tIoU
(``cgbench_metrics``). A structured grounding (a list in a prediction file or a table) is scored as the
same list in a JSON reply. Unparseable replies give ``None``: the question is dropped from the grounding
metrics, as both scorers drop it.

Example:
    >>> parse_grounding('```json\\n{"result": [[10, 20], [30, 35]]}\\n```')
    [(10.0, 20.0), (30.0, 35.0)]
    >>> parse_grounding("from 10 to 20 and 30", variant="official") is None
    True
    >>> parse_grounding("from 10 to 20 and 30", variant="vlmevalkit")
    [(10.0, 20.0)]
    >>> parse_grounding("from 25 back to 15")  # kept: tIoU counts its length as negative
    [(25.0, 15.0)]
"""

from __future__ import annotations

import json
import re
from typing import Any

from vqdb.errors import ConfigError

VARIANTS = ("official", "vlmevalkit")
_NUMBER = re.compile(r"-?\d+\.?\d*")
_FENCE = "```json"


def parse_grounding(reply: str | None, variant: str = "official") -> list[tuple[float, float]] | None:
    """The intervals in ``reply`` by the rules of ``variant``, or ``None`` when it is unparseable.

    Example:
        >>> parse_grounding("I cannot tell.", "official"), parse_grounding("I cannot tell.", "vlmevalkit")
        ([], None)
    """
    return read_grounding(reply, variant)[0]


def read_grounding(value: Any, variant: str = "official") -> tuple[list[tuple[float, float]] | None, bool]:
    """The intervals of a grounding by the rules of ``variant`` (``None``: unparseable), and whether
    they were read from a JSON result (where VLMEvalKit reads values <= 1 as fractions) rather than from
    the numbers of the text. ``value`` is a raw reply, or a structured grounding (scored as that JSON).

    Example:
        >>> read_grounding([[0.1, 0.2]], "vlmevalkit"), read_grounding("0.1 to 0.2", "vlmevalkit")
        (([(0.1, 0.2)], True), ([(0.1, 0.2)], False))
    """
    if variant not in VARIANTS:
        raise ConfigError(f"unknown CG-Bench variant {variant!r}; use one of {', '.join(VARIANTS)}")
    reply = value if isinstance(value, str) or value is None else f"{_FENCE}\n{json.dumps({'result': value})}\n```"
    if not reply:
        return None, False
    result = _json_result(reply)
    if variant == "official":
        pairs = _pairs(result) if result is not _MISSING else None
        if pairs is not None:
            return pairs, True
        numbers = [float(n) for n in _NUMBER.findall(reply)]
        return (None if len(numbers) % 2 else list(zip(numbers[::2], numbers[1::2], strict=True))), False
    if result is not _MISSING and not isinstance(result, list):
        return None, False
    if isinstance(result, list) and result:
        pairs = _pairs(result if isinstance(result[0], list) else [result])
        if pairs is not None:
            return pairs, True
    numbers = [float(n) for n in _NUMBER.findall(reply)]
    if len(numbers) < 2:
        return None, False
    numbers = numbers[: len(numbers) // 2 * 2]
    return list(zip(numbers[::2], numbers[1::2], strict=True)), False


_MISSING = object()


def _json_result(reply: str) -> Any:
    start = reply.find(_FENCE)
    end = reply.find("```", start + len(_FENCE))
    if start == -1 or end == -1:
        return _MISSING
    try:
        return json.loads(reply[start + len(_FENCE) : end].strip())["result"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return _MISSING


def _pairs(result: Any) -> list[tuple[float, float]] | None:
    if not isinstance(result, list):
        return None
    pairs = []
    for item in result:
        if not (isinstance(item, list) and len(item) == 2 and all(_is_number(v) for v in item)):
            return None
        pairs.append((float(item[0]), float(item[1])))
    return pairs


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float)  # booleans too: Python's arithmetic reads them as 0 and 1
