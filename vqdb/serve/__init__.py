"""``vqdb serve``: a local web app to look at a corpus: its videos, a player with timeline lanes, questions
with their plan, SQL, keyframes and answer, and a SQL console (``vqdb.serve.app``; pages in ``static/``).

Example:
    >>> from starlette.testclient import TestClient
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with TestClient(create_app(empty_corpus()), base_url="http://127.0.0.1") as client:
    ...     client.get("/").status_code
    200
"""

from vqdb.serve.app import create_app

__all__ = ["create_app"]
