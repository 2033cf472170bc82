"""The Video page's data: a video's timeline lanes, its frames' thumbnails and the video file itself (the
only files served: those listed in ``videos``, found by video id).

Example:
    >>> from starlette.testclient import TestClient
    >>> from vqdb.serve import create_app
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with TestClient(create_app(empty_corpus()), base_url="http://127.0.0.1") as client:
    ...     client.get("/media/nope").json()
    {'error': "no video 'nope' in the corpus; pick one on the Corpus page"}
"""

from __future__ import annotations

import mimetypes

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from vqdb.serve import data
from vqdb.serve.web import JSON, served


async def _timeline(request: Request) -> Response:
    corpus, video_id = served(request).corpus, request.path_params["video_id"]
    return JSON(await served(request).requests.run(lambda: data.timeline(corpus, video_id)))


async def _thumbnail(request: Request) -> Response:
    corpus = served(request).corpus
    video_id, frame_idx = request.path_params["video_id"], request.path_params["frame_idx"]
    jpeg = await served(request).requests.run(lambda: data.thumbnail(corpus, video_id, frame_idx))
    return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "private, max-age=600"})


async def _media(request: Request) -> Response:
    corpus, video_id = served(request).corpus, request.path_params["video_id"]
    path = await served(request).requests.run(lambda: data.media_path(corpus, video_id))
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return FileResponse(path, media_type=kind)  # answers Range requests (206) for the player's seeks


ROUTES = [
    Route("/api/videos/{video_id}", _timeline),
    Route("/thumbs/{video_id}/{frame_idx:int}", _thumbnail),
    Route("/media/{video_id}", _media),
]
