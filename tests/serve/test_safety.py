"""The web app under attack and under load: hostile SQL, a runaway query, cross-site requests, large
bodies, a stop signal; each of these broke or drove the app before (issue 25)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import threading
import time

import httpx
import pytest

from vqdb.store import Store
from vqdb.store.readers import live_sessions

RUNAWAY = "SELECT count(*) FROM frames a, range(100000) b, range(100000) c, range(100000) d"


def token_of(page: str) -> str:
    return re.search(r'<meta name="vqdb-token" content="([^"]+)">', page).group(1)


@pytest.fixture(scope="module")
def server(demo_corpus):
    """The app with an 8 s time budget on 127.0.0.1 (uvicorn in a thread of this process); its URL and token."""
    from tests.serve.conftest import served_in_thread
    from vqdb.serve import create_app

    app = create_app(demo_corpus, time_budget_s=8.0)
    with served_in_thread(app) as url:
        yield url, app.state.token


def test_the_page_carries_the_token_that_posts_need(client):
    token = token_of(client.get("/sql").text)
    assert token == client.headers["X-Vqdb-Token"]
    assert client.post("/api/sql", json={"sql": "SELECT 1"}, headers={"X-Vqdb-Token": token}).status_code == 200


@pytest.mark.parametrize(
    ("headers", "content", "status", "message"),
    [
        ({"Content-Type": "text/plain"}, '{"sql": "SELECT 1"}', 415, "must be JSON"),
        ({"Content-Type": "application/x-www-form-urlencoded"}, "sql=SELECT+1", 415, "must be JSON"),
        ({"Origin": "http://attacker.example"}, '{"sql": "SELECT 1"}', 403, "attacker.example are refused"),
        ({"Origin": "null"}, '{"sql": "SELECT 1"}', 403, "are refused"),
        ({"Sec-Fetch-Site": "cross-site"}, '{"sql": "SELECT 1"}', 403, "another site"),
        ({"Sec-Fetch-Site": "same-site"}, '{"sql": "SELECT 1"}', 403, "another site"),  # another port
        ({"X-Vqdb-Token": "guessed"}, '{"sql": "SELECT 1"}', 403, "token"),
    ],
)
def test_cross_site_requests_are_refused(client, headers, content, status, message):
    sent = {"Content-Type": "application/json", **headers}
    response = client.post("/api/sql", content=content, headers=sent)
    assert response.status_code == status and message in response.json()["error"]


def test_a_post_without_the_token_is_refused(demo_corpus):
    from starlette.testclient import TestClient

    from vqdb.serve import create_app

    with TestClient(create_app(demo_corpus), base_url="http://127.0.0.1") as bare:
        refused = bare.post("/api/sql", json={"sql": "SELECT 1"})
        assert refused.status_code == 403 and "token" in refused.json()["error"]
        download = bare.get("/api/sql/download", params={"sql": "SELECT 1"})  # a link on another site
        assert download.status_code == 403
        assert (
            bare.post("/api/sql", json={"sql": "SELECT 1"}, headers={"Origin": "http://127.0.0.1"}).status_code == 403
        )


def test_a_same_origin_post_with_the_token_runs(client):
    response = client.post("/api/sql", json={"sql": "SELECT 2 AS two"}, headers={"Origin": "http://127.0.0.1"})
    assert response.status_code == 200 and response.json()["rows"] == [[2]]


def test_a_large_body_is_refused(client):
    big = '{"sql": "SELECT 1", "pad": "' + "x" * (2 << 20) + '"}'
    response = client.post("/api/sql", content=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and "over" in response.json()["error"]

    def chunks():  # no Content-Length: the limit holds while the body streams in
        yield b'{"sql": "SELECT 1", "pad": "'
        for _ in range(40):
            yield b"x" * 65536
        yield b'"}'

    streamed = client.post("/api/sql", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413


@pytest.mark.parametrize(
    "sql",
    [
        "DROP VIEW videos",
        "CREATE OR REPLACE MACRO finished_videos(x) AS []",
        "CREATE TABLE big AS SELECT range FROM range(30000000)",
        "SET threads = 1",
        "ATTACH '/tmp/x.db'",
        "SELECT * FROM __lance_scan('/elsewhere/x.lance')",
    ],
)
def test_hostile_sql_leaves_the_app_as_it_was(client, sql):
    response = client.post("/api/sql", json={"sql": sql})
    assert response.status_code == 400 and "error" in response.json()
    assert len(client.get("/api/corpus").json()["videos"]) == 3
    assert client.post("/api/sql", json={"sql": "SELECT count(*) FROM videos"}).json()["rows"] == [[3]]


def test_a_runaway_query_stops_at_its_budget_and_pages_answer_meanwhile(server, video_ids):
    url, token = server
    video_id = video_ids["cockatoo.mp4"]
    headers = {"X-Vqdb-Token": token}
    outcome = {}

    def runaway():
        started = time.monotonic()
        outcome["response"] = httpx.post(f"{url}/api/sql", json={"sql": RUNAWAY}, headers=headers, timeout=60)
        outcome["seconds"] = time.monotonic() - started

    threads = [threading.Thread(target=runaway) for _ in range(2)]
    for thread in threads:
        thread.start()
    time.sleep(0.3)
    with httpx.Client(timeout=30) as browser:
        for path in ("/api/corpus", f"/api/videos/{video_id}", f"/thumbs/{video_id}/1", f"/media/{video_id}"):
            assert browser.get(f"{url}{path}").status_code == 200
    assert all(thread.is_alive() for thread in threads)  # the pages answered while the queries ran
    for thread in threads:
        thread.join(timeout=60)
    response = outcome["response"]
    assert response.status_code == 503 and "time budget of 8 s" in response.json()["error"]
    assert outcome["seconds"] < 20


def test_sigterm_stops_the_server_while_a_query_runs(demo_corpus, unused_port):
    from tests.serve.conftest import start_serve_command

    port = unused_port
    server, page = start_serve_command(demo_corpus, port, "/sql")
    try:
        headers = {"X-Vqdb-Token": token_of(page.text)}

        def runaway():
            with contextlib.suppress(httpx.HTTPError):  # interrupted, or the server went away under it
                httpx.post(f"http://127.0.0.1:{port}/api/sql", json={"sql": RUNAWAY}, headers=headers, timeout=60)

        query = threading.Thread(target=runaway)
        query.start()
        time.sleep(1.0)  # the query runs (its budget is 30 s)
        stopped = time.monotonic()
        os.kill(server.pid, signal.SIGTERM)  # `timeout` passes it on
        server.wait(timeout=30)
        assert time.monotonic() - stopped < 8
        query.join(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()


def test_compaction_reclaims_old_versions_while_the_app_serves(tmp_path):
    from starlette.testclient import TestClient

    import vqdb
    from vqdb.schema import TABLES
    from vqdb.serve import create_app, workers
    from vqdb.testing.corpora import empty_corpus

    root = empty_corpus(tmp_path / "corpus")
    served = create_app(root)
    with TestClient(served, base_url="http://127.0.0.1") as browser:
        opened = live_sessions(root)
        for i in range(3):  # three commits after the app opened its session: three old versions
            rows = [{"video_id": f"v{i}", "cue_id": 0, "start_s": 0.0, "end_s": 1.0, "text": "hi", "source": "a"}]
            with Store.open(root, writable=True) as store:
                store.commit(
                    f"v{i}", "subtitles", {"subtitles": TABLES["subtitles"].from_rows(rows)}, model=None, settings={}
                )
        time.sleep(workers.LEASE_EVERY_S)
        assert browser.get("/api/corpus").status_code == 200  # a request ends: nothing runs
        assert live_sessions(root)[0] > opened[0]
        report = vqdb.connect(root).compact()
        assert sum(t.versions_removed for t in report.tables) > 0
        assert browser.get("/api/corpus").status_code == 200
