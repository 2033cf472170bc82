"""What every route module of the web app shares: the served corpus and its workers (``Served``, reached
from a request by ``served``), JSON responses (``JSON``, ``plain``), reading a request's JSON body and
checking its values, and the JSON error every failure becomes (``error_handler``).

Example:
    >>> whole(8, "k (keyframes per video)", 1, 64), strings(["yes", "no"], "options")
    (8, ['yes', 'no'])
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import json
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import duckdb
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from vqdb.errors import VqdbError, storage_message

if TYPE_CHECKING:
    from vqdb.corpus import Corpus
    from vqdb.serve.workers import Requests


@dataclasses.dataclass(frozen=True)
class Served:
    """What the routes serve: the corpus, the workers its requests run on, the token a POST must carry,
    the page (``shell``: index.html with the corpus and token filled in) and the other page assets."""

    corpus: Corpus
    requests: Requests
    token: str
    shell: str
    assets: dict[str, bytes]


def served(request: Request) -> Served:
    """The ``Served`` of the app that got ``request`` (``create_app`` puts it in ``app.state.served``).

    Example:
        >>> from vqdb.serve import create_app
        >>> from vqdb.testing.corpora import empty_corpus
        >>> app = create_app(empty_corpus())
        >>> app.state.served.token == app.state.token
        True
    """
    return request.app.state.served


class JSON(JSONResponse):
    """JSON that JavaScript can parse: NaN and infinities as null, timestamps as ISO text, bytes as sizes.

    Example:
        >>> JSON({"score": float("inf")}).body
        b'{"score":null}'
    """

    def render(self, content: Any) -> bytes:
        return json.dumps(plain(content), ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def plain(value: Any) -> Any:
    """``value`` made of JSON types only.

    Example:
        >>> import datetime
        >>> plain({"x": float("nan"), "t": datetime.date(2026, 1, 2), "b": b"abc", "l": (1.5,)})
        {'x': None, 't': '2026-01-02', 'b': '<3 bytes>', 'l': [1.5]}
    """
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if value is None or isinstance(value, str | int | bool):
        return value
    if isinstance(value, decimal.Decimal):
        return plain(float(value))
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, bytes | bytearray | memoryview):
        return f"<{len(value)} bytes>"
    return str(value)


class Forbidden(VqdbError):
    """A request from another site, or without the server's token (HTTP 403)."""


async def read_body(request: Request) -> dict[str, Any]:
    """The JSON object a POST sent (VqdbError, HTTP 400, when it is not one).

    Example:
        >>> import asyncio
        >>> from starlette.requests import Request
        >>> async def receive():
        ...     return {"type": "http.request", "body": b"[1, 2]"}
        >>> asyncio.run(read_body(Request({"type": "http", "method": "POST", "headers": []}, receive)))
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: the request body must be a JSON object
    """
    try:
        body = await request.json()
    except ValueError:
        raise VqdbError('the request body is not JSON; send an object such as {"question": "..."}') from None
    if not isinstance(body, dict):
        raise VqdbError("the request body must be a JSON object")
    return body


def whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high`` (``what`` names it in the error).

    Example:
        >>> whole(True, "row limit", 1, 10)
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: row limit True: give a whole number from 1 to 10
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise VqdbError(f"{what} {value!r}: give a whole number from {low} to {high}")
    return value


def strings(value: Any, what: str) -> list[str]:
    """``value`` when it is a list of texts (``what`` names it in the error).

    Example:
        >>> strings("yes", "options")
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: options must be a list of texts, got 'yes'
    """
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise VqdbError(f"{what} must be a list of texts, got {value!r}")
    return value


def error_handler(status: int) -> Callable[[Request, Exception], Response]:
    """The exception handler answering ``status`` with ``{"error": message}`` (a 500 names the exception and
    points to the server log; a DuckDB error says the SQL failed; a storage error says what to do).

    Example:
        >>> from starlette.applications import Starlette
        >>> from starlette.requests import Request
        >>> request = Request({"type": "http", "app": Starlette(), "headers": []})
        >>> error_handler(400)(request, duckdb.ParserException("syntax error")).body
        b'{"error":"SQL failed: syntax error"}'
    """

    def handle(request: Request, exc: Exception) -> Response:
        message = str(exc) if status != 500 else f"internal error ({type(exc).__name__}: {exc}); see the server log"
        if isinstance(exc, duckdb.Error) and not message.startswith("SQL failed"):
            message = f"SQL failed: {message}"
        corpus = getattr(request.app.state, "corpus", None)
        return JSON({"error": storage_message(message, corpus.root if corpus else "CORPUS")}, status_code=status)

    return handle
