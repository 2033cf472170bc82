"""The Ask page's requests: a question (its plan, SQL, keyframes, lanes: ``vqdb.serve.ask.ask``), keyframe
SQL the user edited (``run_edited``) and the answer on the keyframes shown (``answer``), each checked here
and run one at a time (the models are shared).

Example:
    >>> from starlette.testclient import TestClient
    >>> from vqdb.serve import create_app
    >>> from vqdb.testing.corpora import empty_corpus
    >>> app = create_app(empty_corpus())
    >>> with TestClient(app, base_url="http://127.0.0.1", headers={"X-Vqdb-Token": app.state.token}) as client:
    ...     client.post("/api/ask", json={"question": "a dog", "k": 0}).json()
    {'error': 'k (keyframes per video) 0: give a whole number from 1 to 64'}
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from vqdb.errors import VqdbError
from vqdb.serve import ask
from vqdb.serve.web import JSON, read_body, served, strings, whole

MAX_KEYFRAMES = 64


async def _ask(request: Request) -> Response:
    body, corpus = await read_body(request), served(request).corpus
    k = whole(body.get("k", 8), "k (keyframes per video)", 1, MAX_KEYFRAMES)
    video = body.get("video") or None
    options = strings(body.get("options") or [], "options")
    question = body.get("question", "")
    return JSON(await served(request).requests.ask(lambda: ask.ask(corpus, question, options, video=video, k=k)))


async def _answer(request: Request) -> Response:
    body, corpus = await read_body(request), served(request).corpus
    keyframes = _keyframes(body.get("keyframes"))
    options = strings(body.get("options") or [], "options")
    notes = strings(body.get("notes") or [], "notes")
    plan = json.dumps(body["plan"]) if isinstance(body.get("plan"), dict) else None
    question = str(body.get("question", ""))
    return JSON(
        await served(request).requests.ask(
            lambda: ask.answer(corpus, question, keyframes, options, plan=plan, notes=notes)
        )
    )


async def _rerun(request: Request) -> Response:
    body, corpus = await read_body(request), served(request).corpus
    calls = [c for c in body.get("calls") or [] if isinstance(c, dict) and isinstance(c.get("id"), str)]
    return JSON(await served(request).requests.ask(lambda: ask.run_edited(corpus, str(body.get("sql", "")), calls)))


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


ROUTES = [
    Route("/api/ask", _ask, methods=["POST"]),
    Route("/api/ask/sql", _rerun, methods=["POST"]),
    Route("/api/answer", _answer, methods=["POST"]),
]
