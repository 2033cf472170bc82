"""What keeps another web site from reaching or driving the app (cross-site request forgery) and bodies
over ``MAX_BODY`` bytes out: ``SameOrigin``, the ASGI middleware ``create_app`` puts in front of every route.

A POST must be JSON (a form or ``text/plain`` post, which a page elsewhere may send without asking, is
refused), from this origin (``Origin``, ``Sec-Fetch-Site``), and carry the server's token, which only the
served page holds (``TOKEN_HEADER``); a body over ``MAX_BODY`` bytes is refused (413).

Example:
    >>> from starlette.requests import Request
    >>> guard = SameOrigin(app=None, token="t0k3n")
    >>> headers = [(b"host", b"127.0.0.1"), (b"content-type", b"text/plain")]
    >>> guard.refusal(Request({"type": "http", "method": "POST", "headers": headers}))
    (415, 'the request body must be JSON (Content-Type: application/json), e.g. {"sql": "..."}')
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from starlette.requests import Request

from vqdb.errors import VqdbError
from vqdb.serve.web import JSON

MAX_BODY = 1 << 20  # bytes of a request body: a question, its keyframes, a query, with room to spare
TOKEN_HEADER = "X-Vqdb-Token"


class TooLarge(VqdbError):
    """A request body over ``MAX_BODY`` bytes (HTTP 413)."""


class SameOrigin:
    """ASGI middleware refusing what another web site can make a browser send (cross-site request forgery)
    and bodies over ``MAX_BODY`` bytes: a POST must be JSON, from this origin, with the server's token."""

    def __init__(self, app: Any, token: str):
        self.app, self.token = app, token

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(Request(scope))
        if refusal is not None:
            status, message = refusal
            await JSON({"error": message}, status_code=status)(scope, receive, send)
            return
        await self.app(scope, _limited(receive), send)

    def refusal(self, request: Request) -> tuple[int, str] | None:
        """The status and message refusing ``request``, or None when it may pass."""
        headers = request.headers
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            return 413, f"the request body is over {MAX_BODY} bytes (or its length is unreadable); send less"
        origin = headers.get("origin")
        if origin is not None and origin.partition("://")[2] != headers.get("host", ""):
            return 403, f"requests from {origin} are refused: use the pages this server serves"
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "requests from another site are refused: use the pages this server serves"
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return None
        if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return 415, 'the request body must be JSON (Content-Type: application/json), e.g. {"sql": "..."}'
        if not secrets.compare_digest(headers.get(TOKEN_HEADER.lower(), ""), self.token):
            return 403, f"the request lacks this server's token ({TOKEN_HEADER}); send it from the pages it serves"
        return None


def _limited(receive: Callable) -> Callable:
    """``receive`` that raises TooLarge once the body passes ``MAX_BODY`` bytes (a chunked body states no
    length up front)."""
    seen = 0

    async def limited() -> dict:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > MAX_BODY:
            raise TooLarge(f"the request body is over {MAX_BODY} bytes; send less")
        return message

    return limited
