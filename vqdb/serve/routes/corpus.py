"""The Corpus page's data: the videos and what each extractor found (``vqdb.serve.data.overview``).

Example:
    >>> from starlette.testclient import TestClient
    >>> from vqdb.serve import create_app
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with TestClient(create_app(empty_corpus()), base_url="http://127.0.0.1") as client:
    ...     client.get("/api/corpus").json()["videos"]
    []
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from vqdb.serve import data
from vqdb.serve.web import JSON, served


async def _overview(request: Request) -> Response:
    corpus = served(request).corpus
    return JSON(await served(request).requests.run(lambda: data.overview(corpus)))


ROUTES = [Route("/api/corpus", _overview)]
