"""The demo corpus the web app is tested on, an app client, a live server and a headless Chromium.

The corpus: movie-hello.mp4 with speech, sounds, a subtitle sidecar written here and the title it shows
('Hello world', committed by hand: EasyOCR would add most of a minute to the suite); cockatoo.mp4 with
sounds; birds.mp4 with frames only. It is built once per test run and shared by the xdist workers.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import vqdb
from vqdb.schema import TABLES
from vqdb.store import Store

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1440,1100",
)
SUBTITLES = """1
00:00:00,500 --> 00:00:03,000
A terminal opens

2
00:00:04,000 --> 00:00:07,500
The directory listing
"""
HOSTS = ("127.0.0.1",)


@pytest.fixture(scope="session")
def demo_corpus(tmp_path_factory, sample_media) -> Path:
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # this run's, for every worker
    root, media = shared / "serve-demo-corpus", shared / "serve-demo-media"
    with open(shared / "serve-demo-corpus.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "built").exists():
            shutil.rmtree(root, ignore_errors=True)
            media.mkdir(exist_ok=True)
            for name in ("movie-hello.mp4", "cockatoo.mp4", "birds.mp4"):
                shutil.copy(sample_media / name, media / name)
            (media / "movie-hello.srt").write_text(SUBTITLES)
            with vqdb.connect(root, progress=False) as corpus:
                steps = (("movie-hello.mp4", ("subtitles", "asr", "audio")), ("cockatoo.mp4", ("audio",)))
                for name, extractors in (*steps, ("birds.mp4", ())):
                    assert "failed 0" in str(corpus.ingest(media / name, extractors=extractors))
                commit_title(corpus, "movie-hello.mp4", "Hello world")
            (root / "built").touch()
    return root


def commit_title(corpus, file_name: str, text: str) -> None:
    """OCR rows of ``text`` at the top of every sampled frame of ``file_name``, and its one span."""
    video_id, stamps = corpus.sql(
        "SELECT video_id, list(ts ORDER BY frame_idx) FROM frames JOIN videos USING (video_id) "
        "WHERE path LIKE '%/' || $f GROUP BY video_id",
        params={"f": file_name},
    ).fetchone()
    box = {"x0": 0.38, "y0": 0.03, "x1": 0.61, "y1": 0.1}
    reads = [
        {
            "video_id": video_id,
            "frame_idx": i,
            "ts": ts,
            "text": text,
            "confidence": 0.88,
            "box": box,
            "model": "by hand",
        }
        for i, ts in enumerate(stamps)
    ]
    span = {"video_id": video_id, "span_id": 0, "start_s": stamps[0], "end_s": stamps[-1], "text": text}
    tables = {
        "ocr": TABLES["ocr"].from_rows(reads),
        "ocr_spans": TABLES["ocr_spans"].from_rows([{**span, "max_confidence": 0.88, "box": box}]),
    }
    with Store.open(corpus.root, writable=True) as store:
        store.commit(video_id, "ocr", tables, model="by hand", settings={})


@pytest.fixture(scope="session")
def video_ids(demo_corpus) -> dict[str, str]:
    """File name -> video id."""
    with vqdb.connect(demo_corpus) as corpus:
        return dict(corpus.sql("SELECT regexp_extract(path, '[^/]+$'), video_id FROM videos").fetchall())


@pytest.fixture(scope="module")
def client(demo_corpus):
    from starlette.testclient import TestClient

    from vqdb.serve import create_app

    app = create_app(demo_corpus, allowed_hosts=HOSTS)
    with TestClient(app, base_url="http://127.0.0.1", headers={"X-Vqdb-Token": app.state.token}) as test_client:
        yield test_client


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def unused_port() -> int:
    """A port on 127.0.0.1 that nothing listens on."""
    return free_port()


@contextlib.contextmanager
def served_in_thread(app) -> Iterator[str]:
    """``app`` on 127.0.0.1 and a free port, in a thread of this process; its URL until the block ends."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start in 30 s"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def start_serve_command(corpus: Path, port: int, path: str) -> tuple[subprocess.Popen, httpx.Response]:
    """``vqdb serve CORPUS --port PORT`` as a process (``timeout`` ends it even if the test dies before
    stopping it), once ``path`` answers: the process and that first reply."""
    command = ["timeout", "120", sys.executable, "-m", "vqdb", "serve", str(corpus), "--port", str(port)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 60
    try:
        while True:
            assert server.poll() is None, server.stderr.read()
            assert time.monotonic() < deadline, "vqdb serve did not answer in 60 s"
            try:
                return server, httpx.get(f"http://127.0.0.1:{port}{path}", timeout=5)
            except httpx.TransportError:
                time.sleep(0.2)
    except BaseException:
        server.kill()
        raise


@pytest.fixture(scope="module")
def live_server(demo_corpus):
    """The app on 127.0.0.1 and a free port, in a thread of this process (it ends with the tests)."""
    from vqdb.serve import create_app

    with served_in_thread(create_app(demo_corpus)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium through its chromedriver (no browser download)."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip("chromium and chromium-driver are not installed (bash scripts/system_packages.sh)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="vqdb-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    """Where page screenshots go: $VQDB_SCREENSHOTS (e.g. docs/img, to refresh the docs) or a temporary folder."""
    folder = Path(os.environ.get("VQDB_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
