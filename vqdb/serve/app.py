"""The web app (Starlette): four pages over one corpus, their JSON API, thumbnails and the video files.

Safe by default, and safe to leave running:

- the corpus is queried only through its read-only session (the SQL page too: no statement changes the
  catalog or settings a later request sees, none reads a dataset outside the corpus), each request on
  cursors of its own, every request's statements under a time budget (``sql_time_budget_s``, 30 s),
  interrupted through DuckDB when it runs out; nothing is written to the corpus (answers are not cached);
- pages, thumbnails and media never wait behind a query: user SQL runs in at most ``SQL_SLOTS`` threads,
  questions (the shared models) one at a time, the page data in the server's own threads;
- the only files served are the videos listed in ``videos``, found by video id, and the page assets, read
  once from the package into memory, so no part of a request path ever reaches the file system;
- another web site can neither reach nor drive it: requests must name the host the app serves
  (``allowed_hosts``: no DNS rebinding); a POST must be JSON (a form or ``text/plain`` post, which a page
  elsewhere may send without asking, is refused), from this origin (``Origin``, ``Sec-Fetch-Site``), and
  carry the server's token, which only the served page holds (``X-Vqdb-Token``; the download link has it
  in its query); a body over ``MAX_BODY`` bytes is refused (413);
- stopping it (SIGTERM, Ctrl-C) interrupts the queries still running; while it runs, its reader lease
  moves forward whenever no request is in flight, so compaction may clean the versions before;
- every error is a JSON ``{"error": message}`` the page shows.

Example:
    >>> from starlette.testclient import TestClient
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with TestClient(create_app(empty_corpus()), base_url="http://127.0.0.1") as client:
    ...     client.get("/api/corpus").json()["videos"], client.get("/media/nope").json()
    ([], {'error': "no video 'nope' in the corpus; pick one on the Corpus page"})
"""

from __future__ import annotations

import contextlib
import datetime
import decimal
import html
import json
import math
import mimetypes
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import anyio
import duckdb
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from vqdb.errors import TimeBudgetError, VqdbError, storage_message
from vqdb.serve import ask, console, data
from vqdb.session import TimeBudget

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
PAGES = ("/", "/video/{video_id}", "/ask", "/sql")
ASSET_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".html": "text/html"}
MAX_KEYFRAMES = 64
DATA_PATHS = ("/api/", "/media/", "/thumbs/", "/static/")  # JSON errors there; any other path gets the page
MAX_BODY = 1 << 20  # bytes of a request body: a question, its keyframes, a query, with room to spare
SQL_SLOTS = 4  # user statements (SQL console, downloads) running at once; more wait their turn
TOKEN_HEADER = "X-Vqdb-Token"
LEASE_EVERY_S = 1.0  # the reader lease moves forward at most this often


class JSON(JSONResponse):
    """JSON that JavaScript can parse: NaN and infinities as null, timestamps as ISO text, bytes as sizes."""

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


def create_app(
    corpus_path: str | Path, *, allowed_hosts: Sequence[str] = LOCAL_HOSTS, time_budget_s: float | None = None
) -> Starlette:
    """The app serving the corpus at ``corpus_path`` (VqdbError now when it holds no corpus).

    ``allowed_hosts``: the Host header values accepted (the default: this machine's loopback names; add
    the name or address you bind to when serving beyond it). ``time_budget_s``: the seconds a request's
    statements may run (default: the corpus's ``sql_time_budget_s``, 30 s). The token that POSTs must
    carry is ``app.state.token`` (the served page has it).

    Example:
        >>> from starlette.testclient import TestClient
        >>> from vqdb.testing.corpora import empty_corpus
        >>> app = create_app(empty_corpus())
        >>> with TestClient(app, base_url="http://127.0.0.1", headers={"X-Vqdb-Token": app.state.token}) as client:
        ...     client.post("/api/sql", json={"sql": "SELECT 42 AS answer"}).json()["rows"]
        [[42]]
    """
    import vqdb

    corpus = vqdb.connect(corpus_path, progress=False)
    corpus.sql_unchecked("SELECT count(*) FROM videos").fetchone()  # a missing corpus fails here, not per page
    requests = Requests(corpus, time_budget_s or corpus.config.sql_time_budget_s)
    token = secrets.token_urlsafe(24)
    assets = _assets()
    shell = (
        assets.pop("index.html")
        .decode()
        .replace("<!--corpus-->", html.escape(str(corpus.root)))
        .replace("<!--token-->", token)
    )

    def page(request: Request) -> Response:
        return HTMLResponse(shell, headers={"Cache-Control": "no-cache"})

    def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in assets:
            raise data.NotFound(f"no asset {name!r}")
        return Response(assets[name], media_type=ASSET_TYPES[Path(name).suffix], headers={"Cache-Control": "no-cache"})

    async def corpus_overview(request: Request) -> Response:
        return JSON(await requests.run(lambda: data.overview(corpus)))

    async def video_timeline(request: Request) -> Response:
        return JSON(await requests.run(lambda: data.timeline(corpus, request.path_params["video_id"])))

    async def thumbnail(request: Request) -> Response:
        video_id, frame_idx = request.path_params["video_id"], request.path_params["frame_idx"]
        jpeg = await requests.run(lambda: data.thumbnail(corpus, video_id, frame_idx))
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "private, max-age=600"})

    async def media(request: Request) -> Response:
        path = await requests.run(lambda: data.media_path(corpus, request.path_params["video_id"]))
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return FileResponse(path, media_type=kind)  # answers Range requests (206) for the player's seeks

    async def ask_question(request: Request) -> Response:
        body = await _body(request)
        k = _whole(body.get("k", 8), "k (keyframes per video)", 1, MAX_KEYFRAMES)
        video = body.get("video") or None
        options = _strings(body.get("options") or [], "options")
        question = body.get("question", "")
        return JSON(await requests.ask(lambda: ask.ask(corpus, question, options, video=video, k=k)))

    async def answer(request: Request) -> Response:
        body = await _body(request)
        keyframes = _keyframes(body.get("keyframes"))
        options = _strings(body.get("options") or [], "options")
        notes = _strings(body.get("notes") or [], "notes")
        plan = json.dumps(body["plan"]) if isinstance(body.get("plan"), dict) else None
        question = str(body.get("question", ""))
        return JSON(
            await requests.ask(lambda: ask.answer(corpus, question, keyframes, options, plan=plan, notes=notes))
        )

    async def rerun(request: Request) -> Response:
        body = await _body(request)
        calls = [c for c in body.get("calls") or [] if isinstance(c, dict) and isinstance(c.get("id"), str)]
        return JSON(await requests.ask(lambda: ask.run_edited(corpus, str(body.get("sql", "")), calls)))

    async def sql_query(request: Request) -> Response:
        body = await _body(request)
        limit = _whole(body.get("limit", 200), "row limit", 1, console.MAX_LIMIT)
        return JSON(await requests.sql(lambda: console.run_query(corpus, str(body.get("sql", "")), limit=limit)))

    async def sql_download(request: Request) -> Response:
        if not secrets.compare_digest(request.query_params.get("token", ""), token):
            raise Forbidden("this download link is not from this server's SQL page; run the query there")
        fmt = request.query_params.get("format", "csv")
        payload = await requests.sql(lambda: console.download(corpus, request.query_params.get("sql", ""), fmt))
        disposition = f'attachment; filename="vqdb-query.{fmt}"'
        return Response(payload, media_type=console.DOWNLOADS[fmt], headers={"Content-Disposition": disposition})

    def no_route(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        if request.method == "GET" and not request.url.path.startswith(DATA_PATHS):  # the page says so
            return HTMLResponse(shell, status_code=status)
        message = f"no {request.method} {request.url.path} here; the pages are /, /ask and /sql"
        return JSON({"error": message}, status_code=status)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        requests.stop()  # the server is stopping: what still runs is interrupted
        corpus.close()

    routes = [Route(path, page) for path in PAGES]
    routes += [
        Route("/static/{name}", asset),
        Route("/api/corpus", corpus_overview),
        Route("/api/videos/{video_id}", video_timeline),
        Route("/api/ask", ask_question, methods=["POST"]),
        Route("/api/ask/sql", rerun, methods=["POST"]),
        Route("/api/answer", answer, methods=["POST"]),
        Route("/api/sql", sql_query, methods=["POST"]),
        Route("/api/sql/download", sql_download),
        Route("/thumbs/{video_id}/{frame_idx:int}", thumbnail),
        Route("/media/{video_id}", media),
    ]
    handlers = {
        404: no_route,
        405: no_route,
        data.NotFound: _error(404),
        Forbidden: _error(403),
        TooLarge: _error(413),
        TimeBudgetError: _error(503),
        VqdbError: _error(400),
        duckdb.Error: _error(400),
        Exception: _error(500),
    }
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)),
        Middleware(SameOrigin, token=token),
    ]
    app = Starlette(routes=routes, middleware=middleware, exception_handlers=handlers, lifespan=lifespan)
    app.state.corpus = corpus
    app.state.token = token
    return app


class Forbidden(VqdbError):
    """A request from another site, or without the server's token (HTTP 403)."""


class TooLarge(VqdbError):
    """A request body over ``MAX_BODY`` bytes (HTTP 413)."""


class Requests:
    """How requests reach the corpus: each in a thread of its own, under a ``TimeBudget``; user SQL in at
    most ``SQL_SLOTS`` threads and questions one at a time (their models are shared), each waiting for
    its turn in the event loop, not in a thread, so page data never waits behind them. Tracks what is in
    flight, to interrupt it when the server stops and to move the corpus's reader lease when nothing is.
    """

    def __init__(self, corpus: Any, budget_s: float):
        self.corpus, self.budget_s = corpus, budget_s
        self._sql_slots = anyio.CapacityLimiter(SQL_SLOTS)
        self._model_slot = anyio.CapacityLimiter(1)
        self._running: set[TimeBudget] = set()
        self._lock = threading.Lock()
        self._lease_moved = time.monotonic()
        self._stopped = False

    async def run(self, work: Callable[[], Any]) -> Any:
        """``work()`` in a worker thread of the server's own pool."""
        return await anyio.to_thread.run_sync(self._budgeted, work)

    async def sql(self, work: Callable[[], Any]) -> Any:
        """``work()`` that runs user SQL, in one of the SQL slots."""
        return await anyio.to_thread.run_sync(self._budgeted, work, limiter=self._sql_slots)

    async def ask(self, work: Callable[[], Any]) -> Any:
        """``work()`` that uses the models, one at a time."""
        return await anyio.to_thread.run_sync(self._budgeted, work, limiter=self._model_slot)

    def stop(self) -> None:
        """Interrupt every request still running; refuse new ones."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for budget in running:
            budget.expire()

    def _budgeted(self, work: Callable[[], Any]) -> Any:
        budget = TimeBudget(self.budget_s)
        with self._lock:
            if self._stopped:
                raise TimeBudgetError("the server is stopping; start it again (vqdb serve) to query the corpus")
            self._running.add(budget)
        try:
            with budget:
                return work()
        finally:
            with self._lock:
                self._running.discard(budget)
                idle = not self._running
            if idle:
                self._move_lease()

    def _move_lease(self) -> None:
        """No statement runs now: the next ones read the newest versions, so the lease may start here."""
        now = time.monotonic()
        if now - self._lease_moved >= LEASE_EVERY_S:
            self._lease_moved = now
            self.corpus.renew_lease()


class SameOrigin:
    """ASGI middleware refusing what another web site can make a browser send (cross-site request forgery)
    and bodies over ``MAX_BODY`` bytes: a POST must be JSON, from this origin, with the server's token."""

    def __init__(self, app: Any, token: str):
        self.app, self.token = app, token

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(Request(scope))
        if refusal is not None:
            status, message = refusal
            await JSON({"error": message}, status_code=status)(scope, receive, send)
            return
        await self.app(scope, _limited(receive), send)

    def _refusal(self, request: Request) -> tuple[int, str] | None:
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


def _assets() -> dict[str, bytes]:
    """The page assets (package data in ``vqdb/serve/static``), read once, by file name."""
    folder = resources.files("vqdb.serve") / "static"
    return {entry.name: entry.read_bytes() for entry in folder.iterdir() if Path(entry.name).suffix in ASSET_TYPES}


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise VqdbError('the request body is not JSON; send an object such as {"question": "..."}') from None
    if not isinstance(body, dict):
        raise VqdbError("the request body must be a JSON object")
    return body


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise VqdbError(f"{what} {value!r}: give a whole number from {low} to {high}")
    return value


def _strings(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise VqdbError(f"{what} must be a list of texts, got {value!r}")
    return value


def _keyframes(value: Any) -> list[dict[str, Any]]:
    def valid(row: Any) -> bool:
        return (
            isinstance(row, dict)
            and isinstance(row.get("video_id"), str)
            and isinstance(row.get("frame_idx"), int)
            and isinstance(row.get("ts"), int | float)
        )

    if not isinstance(value, list) or len(value) > MAX_KEYFRAMES * 100 or not all(map(valid, value)):
        raise VqdbError("keyframes must be a list of {video_id, frame_idx, ts} objects (those /api/ask returned)")
    return [{"video_id": r["video_id"], "frame_idx": r["frame_idx"], "ts": float(r["ts"])} for r in value]


def _error(status: int) -> Callable[[Request, Exception], Response]:
    def handle(request: Request, exc: Exception) -> Response:
        message = str(exc) if status != 500 else f"internal error ({type(exc).__name__}: {exc}); see the server log"
        if isinstance(exc, duckdb.Error) and not message.startswith("SQL failed"):
            message = f"SQL failed: {message}"
        corpus = getattr(request.app.state, "corpus", None)
        return JSON({"error": storage_message(message, corpus.root if corpus else "CORPUS")}, status_code=status)

    return handle
