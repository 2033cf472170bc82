"""The web app (Starlette): four pages over one corpus, their JSON API, thumbnails and the video files.

Safe by default: the corpus is queried only through its read-only session (the SQL page too) and nothing
is written to it (answers are not cached); the only files served are the videos listed in ``videos``,
found by video id, and the page assets, read once from the package into memory, so no part of a request
path ever reaches the file system; requests must name the host the app serves (``allowed_hosts``: a web
page elsewhere cannot reach a local server through DNS rebinding); every error is a JSON
``{"error": message}`` the page shows.

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
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import duckdb
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from vqdb.errors import VqdbError
from vqdb.serve import ask, console, data

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
PAGES = ("/", "/video/{video_id}", "/ask", "/sql")
ASSET_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".html": "text/html"}
MAX_KEYFRAMES = 64
DATA_PATHS = ("/api/", "/media/", "/thumbs/", "/static/")  # JSON errors there; any other path gets the page


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


def create_app(corpus_path: str | Path, *, allowed_hosts: Sequence[str] = LOCAL_HOSTS) -> Starlette:
    """The app serving the corpus at ``corpus_path`` (VqdbError now when it holds no corpus).

    ``allowed_hosts``: the Host header values accepted (the default: this machine's loopback names; add
    the name or address you bind to when serving beyond it).

    Example:
        >>> from starlette.testclient import TestClient
        >>> from vqdb.testing.corpora import empty_corpus
        >>> with TestClient(create_app(empty_corpus()), base_url="http://127.0.0.1") as client:
        ...     client.post("/api/sql", json={"sql": "SELECT 42 AS answer"}).json()["rows"]
        [[42]]
    """
    import vqdb

    corpus = vqdb.connect(corpus_path, progress=False)
    corpus.sql_unchecked("SELECT count(*) FROM videos").fetchone()  # a missing corpus fails here, not per page
    lock = threading.Lock()  # one request reads the corpus at a time (the models and session are shared)
    assets = _assets()
    shell = assets.pop("index.html").decode().replace("<!--corpus-->", html.escape(str(corpus.root)))

    def locked(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        def endpoint(request: Request) -> Any:
            with lock:
                return handler(request)

        return endpoint

    def page(request: Request) -> Response:
        return HTMLResponse(shell, headers={"Cache-Control": "no-cache"})

    def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in assets:
            raise data.NotFound(f"no asset {name!r}")
        return Response(assets[name], media_type=ASSET_TYPES[Path(name).suffix], headers={"Cache-Control": "no-cache"})

    def corpus_overview(request: Request) -> Response:
        return JSON(data.overview(corpus))

    def video_timeline(request: Request) -> Response:
        return JSON(data.timeline(corpus, request.path_params["video_id"]))

    def thumbnail(request: Request) -> Response:
        jpeg = data.thumbnail(corpus, request.path_params["video_id"], request.path_params["frame_idx"])
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "private, max-age=600"})

    def media(request: Request) -> Response:
        with lock:
            path = data.media_path(corpus, request.path_params["video_id"])
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return FileResponse(path, media_type=kind)  # answers Range requests (206) for the player's seeks

    async def ask_question(request: Request) -> Response:
        body = await _body(request)
        k = _whole(body.get("k", 8), "k (keyframes per video)", 1, MAX_KEYFRAMES)
        video = body.get("video") or None
        options = _strings(body.get("options") or [], "options")
        return JSON(
            await _in_thread(lock, lambda: ask.ask(corpus, body.get("question", ""), options, video=video, k=k))
        )

    async def answer(request: Request) -> Response:
        body = await _body(request)
        keyframes = _keyframes(body.get("keyframes"))
        options = _strings(body.get("options") or [], "options")
        notes = _strings(body.get("notes") or [], "notes")
        plan = json.dumps(body["plan"]) if isinstance(body.get("plan"), dict) else None
        question = str(body.get("question", ""))
        return JSON(
            await _in_thread(lock, lambda: ask.answer(corpus, question, keyframes, options, plan=plan, notes=notes))
        )

    async def rerun(request: Request) -> Response:
        body = await _body(request)
        calls = [c for c in body.get("calls") or [] if isinstance(c, dict) and isinstance(c.get("id"), str)]
        return JSON(await _in_thread(lock, lambda: ask.run_edited(corpus, str(body.get("sql", "")), calls)))

    async def sql_query(request: Request) -> Response:
        body = await _body(request)
        limit = _whole(body.get("limit", 200), "row limit", 1, console.MAX_LIMIT)
        return JSON(await _in_thread(lock, lambda: console.run_query(corpus, str(body.get("sql", "")), limit=limit)))

    def sql_download(request: Request) -> Response:
        fmt = request.query_params.get("format", "csv")
        payload = console.download(corpus, request.query_params.get("sql", ""), fmt)
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
        corpus.close()

    routes = [Route(path, page) for path in PAGES]
    routes += [
        Route("/static/{name}", asset),
        Route("/api/corpus", locked(corpus_overview)),
        Route("/api/videos/{video_id}", locked(video_timeline)),
        Route("/api/ask", ask_question, methods=["POST"]),
        Route("/api/ask/sql", rerun, methods=["POST"]),
        Route("/api/answer", answer, methods=["POST"]),
        Route("/api/sql", sql_query, methods=["POST"]),
        Route("/api/sql/download", locked(sql_download)),
        Route("/thumbs/{video_id}/{frame_idx:int}", locked(thumbnail)),
        Route("/media/{video_id}", media),
    ]
    handlers = {
        404: no_route,
        405: no_route,
        data.NotFound: _error(404),
        VqdbError: _error(400),
        duckdb.Error: _error(400),
        Exception: _error(500),
    }
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))]
    app = Starlette(routes=routes, middleware=middleware, exception_handlers=handlers, lifespan=lifespan)
    app.state.corpus = corpus
    return app


def _assets() -> dict[str, bytes]:
    """The page assets (package data in ``vqdb/serve/static``), read once, by file name."""
    folder = resources.files("vqdb.serve") / "static"
    return {entry.name: entry.read_bytes() for entry in folder.iterdir() if Path(entry.name).suffix in ASSET_TYPES}


async def _in_thread(lock: threading.Lock, work: Callable[[], Any]) -> Any:
    from starlette.concurrency import run_in_threadpool

    def run() -> Any:
        with lock:
            return work()

    return await run_in_threadpool(run)


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
        return JSON({"error": message}, status_code=status)

    return handle
