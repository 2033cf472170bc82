"""The web app's routes, one module per page: each has ``ROUTES`` (Starlette routes whose handlers find the
corpus and its workers with ``vqdb.serve.web.served``), which ``create_app`` puts together.

- ``pages``: the page itself at every page's path, its assets (``/static/``), what an unknown path gets;
- ``corpus``: the Corpus page's data (``/api/corpus``);
- ``video``: the Video page's timeline, thumbnails and the video files (``/api/videos/``, ``/thumbs/``, ``/media/``);
- ``ask``: the Ask page's question, edited SQL and answer (``/api/ask``, ``/api/ask/sql``, ``/api/answer``);
- ``sql``: the SQL console's query and download (``/api/sql``, ``/api/sql/download``).

Example:
    >>> from vqdb.serve.routes import ask, corpus, pages, sql, video
    >>> sorted(route.path for route in ask.ROUTES)
    ['/api/answer', '/api/ask', '/api/ask/sql']
"""
