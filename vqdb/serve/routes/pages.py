"""The page: one HTML shell for every page's path (the page's script draws the page the path names), its
assets (package data in ``vqdb/serve/static``, read once into memory, so no part of a request path reaches
the file system), and what an unknown path or method gets (``no_route``).

Example:
    >>> from starlette.testclient import TestClient
    >>> from vqdb.serve import create_app
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with TestClient(create_app(empty_corpus()), base_url="http://127.0.0.1") as client:
    ...     client.get("/ask").status_code, client.get("/static/app.py").json()
    (200, {'error': "no asset 'app.py'"})
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from vqdb.serve.data import NotFound
from vqdb.serve.web import JSON, served

PAGES = ("/", "/video/{video_id}", "/ask", "/sql")
ASSET_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".html": "text/html"}
DATA_PATHS = ("/api/", "/media/", "/thumbs/", "/static/")  # JSON errors there; any other path gets the page


def read_assets() -> dict[str, bytes]:
    """The page assets (package data in ``vqdb/serve/static``), by file name.

    Example:
        >>> "index.html" in read_assets()
        True
    """
    folder = resources.files("vqdb.serve") / "static"
    return {entry.name: entry.read_bytes() for entry in folder.iterdir() if Path(entry.name).suffix in ASSET_TYPES}


def no_route(request: Request, exc: Exception) -> Response:
    """The 404 or 405 answer: the page for a GET outside ``DATA_PATHS`` (it says what is not there), else
    JSON naming the pages."""
    status = getattr(exc, "status_code", 404)
    if request.method == "GET" and not request.url.path.startswith(DATA_PATHS):  # the page says so
        return HTMLResponse(served(request).shell, status_code=status)
    message = f"no {request.method} {request.url.path} here; the pages are /, /ask and /sql"
    return JSON({"error": message}, status_code=status)


def _page(request: Request) -> Response:
    return HTMLResponse(served(request).shell, headers={"Cache-Control": "no-cache"})


def _asset(request: Request) -> Response:
    name, assets = request.path_params["name"], served(request).assets
    if name not in assets:
        raise NotFound(f"no asset {name!r}")
    return Response(assets[name], media_type=ASSET_TYPES[Path(name).suffix], headers={"Cache-Control": "no-cache"})


ROUTES = [*(Route(path, _page) for path in PAGES), Route("/static/{name}", _asset)]
