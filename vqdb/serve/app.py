"""The web app (Starlette): four pages over one corpus, their JSON API, thumbnails and the video files;
``create_app`` puts together the routes of each page (``vqdb.serve.routes``), the workers requests run on
(``vqdb.serve.workers``) and the cross-site guard (``vqdb.serve.guard``).

Safe by default, and safe to leave running:

- the corpus is queried only through its read-only session (the SQL page too: no statement changes the
  catalog or settings a later request sees, none reads a dataset outside the corpus), each request on
  cursors of its own, every request's statements under a time budget (``sql_time_budget_s``, 30 s),
  interrupted through DuckDB when it runs out; nothing is written to the corpus (answers are not cached);
- pages, thumbnails and media never wait behind a query: user SQL runs in at most ``SQL_SLOTS`` threads,
  questions (the shared models) one at a time, the page data in the server's own threads
  (``vqdb.serve.workers``);
- the only files served are the videos listed in ``videos``, found by video id, and the page assets, read
  once from the package into memory, so no part of a request path ever reaches the file system;
- another web site can neither reach nor drive it (``vqdb.serve.guard``): requests must name the host the
  app serves (``allowed_hosts``: no DNS rebinding); a POST must be JSON (a form or ``text/plain`` post, which a page
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
import html
import secrets
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import duckdb
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware

from vqdb.errors import TimeBudgetError, VqdbError
from vqdb.serve import data
from vqdb.serve.guard import SameOrigin, TooLarge
from vqdb.serve.routes import ask, pages, sql, video
from vqdb.serve.routes import corpus as corpus_page
from vqdb.serve.web import Forbidden, Served, error_handler
from vqdb.serve.workers import Requests

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
PAGE_ROUTES = (pages, corpus_page, video, ask, sql)  # the modules whose ROUTES the app serves
# what each failure answers: the status of its {"error": message}
ERRORS = {
    404: pages.no_route,
    405: pages.no_route,
    data.NotFound: error_handler(404),
    Forbidden: error_handler(403),
    TooLarge: error_handler(413),
    TimeBudgetError: error_handler(503),
    VqdbError: error_handler(400),
    duckdb.Error: error_handler(400),
    Exception: error_handler(500),
}


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
    assets = pages.read_assets()
    shell = assets.pop("index.html").decode()
    shell = shell.replace("<!--corpus-->", html.escape(str(corpus.root))).replace("<!--token-->", token)
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)),
        Middleware(SameOrigin, token=token),
    ]
    routes = [route for page in PAGE_ROUTES for route in page.ROUTES]
    app = Starlette(routes=routes, middleware=middleware, exception_handlers=ERRORS, lifespan=_lifespan)
    app.state.served = Served(corpus, requests, token, shell, assets)
    app.state.corpus = corpus
    app.state.token = token
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    yield
    app.state.served.requests.stop()  # the server is stopping: what still runs is interrupted
    app.state.corpus.close()
