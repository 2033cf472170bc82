"""The SQL console's requests: a query's first rows (``vqdb.serve.console.run_query``) and its download as
CSV or Parquet (``download``: a link, so it carries the server's token in its query), in the SQL slots.

Example:
    >>> from starlette.testclient import TestClient
    >>> from vqdb.serve import create_app
    >>> from vqdb.testing.corpora import empty_corpus
    >>> app = create_app(empty_corpus())
    >>> with TestClient(app, base_url="http://127.0.0.1", headers={"X-Vqdb-Token": app.state.token}) as client:
    ...     client.post("/api/sql", json={"sql": "SELECT 42 AS answer"}).json()["rows"]
    [[42]]
"""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from vqdb.serve import console
from vqdb.serve.web import JSON, Forbidden, read_body, served, whole


async def _query(request: Request) -> Response:
    body, corpus = await read_body(request), served(request).corpus
    limit = whole(body.get("limit", 200), "row limit", 1, console.MAX_LIMIT)
    sql = str(body.get("sql", ""))
    return JSON(await served(request).requests.sql(lambda: console.run_query(corpus, sql, limit=limit)))


async def _download(request: Request) -> Response:
    params, corpus = request.query_params, served(request).corpus
    if not secrets.compare_digest(params.get("token", ""), served(request).token):
        raise Forbidden("this download link is not from this server's SQL page; run the query there")
    fmt = params.get("format", "csv")
    payload = await served(request).requests.sql(lambda: console.download(corpus, params.get("sql", ""), fmt))
    disposition = f'attachment; filename="vqdb-query.{fmt}"'
    return Response(payload, media_type=console.DOWNLOADS[fmt], headers={"Content-Disposition": disposition})


ROUTES = [Route("/api/sql", _query, methods=["POST"]), Route("/api/sql/download", _download)]
