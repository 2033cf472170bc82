"""Corpora on ``s3://``: ingest, SQL, retrieve and answer against a local S3 server (moto's
``ThreadedMotoServer`` on 127.0.0.1, a free port, stopped at the end); the writer lock as a leased
object, reader leases as expiring objects. No other address is contacted: every setting points at the
local server, and the AWS variables of the environment are cleared for each test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import vqdb
from vqdb.config import Config
from vqdb.errors import CorpusBusyError, VqdbError
from vqdb.planner.screen_texts import screen_texts
from vqdb.planner.spoken_words import spoken_words
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.location import Location
from vqdb.store.object_lock import LOCK_KEY, ObjectWriterLock
from vqdb.store.readers import ObjectReaderLease, live_sessions
from vqdb.testing.corpora import corpus_contents

moto_server = pytest.importorskip("moto.server", reason="moto[server] is installed by scripts/install.sh (dev)")
boto3 = pytest.importorskip("boto3")

REPO = Path(__file__).resolve().parents[2]
BUCKET = "vqdb-test"
KEY_ID, SECRET = "vqdb-key-id", "vqdb-secret-key"  # moto takes any keys
AWS_VARIABLES = [
    "AWS_ENDPOINT",
    "AWS_ENDPOINT_URL",
    "AWS_ENDPOINT_URL_S3",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_ALLOW_HTTP",
    "AWS_PROFILE",
]


@pytest.fixture(scope="module")
def s3_endpoint():
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    client = boto3.client(
        "s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="test", aws_secret_access_key="test"
    )
    client.create_bucket(Bucket=BUCKET)
    yield endpoint
    server.stop()


@pytest.fixture
def s3(s3_endpoint, monkeypatch) -> dict[str, str]:
    """The settings of the local server (as Config keyword arguments); the environment's AWS variables
    are cleared now and restored after the test (the session exports some)."""
    for name in AWS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return {
        "s3_endpoint": s3_endpoint,
        "s3_region": "us-east-1",
        "s3_access_key_id": KEY_ID,
        "s3_secret_access_key": SECRET,
    }


def uri(name: str) -> str:
    return f"s3://{BUCKET}/{name}-{time.monotonic_ns()}"


def location(root: str, s3: dict[str, str]) -> Location:
    return Location.of(root, Config(**s3).storage_options)


@pytest.fixture(scope="module")
def videos(tmp_path_factory, sample_media: Path) -> list[Path]:
    directory = tmp_path_factory.mktemp("videos")
    clips = [Path(shutil.copy(p, directory)) for p in sorted(sample_media.glob("*.mp4"))[:2]]
    clips[0].with_suffix(".srt").write_text(
        "1\n00:00:00,000 --> 00:00:01,000\nhello from the subtitles\n\n"
        "2\n00:00:01,000 --> 00:00:02,000\nthe bird sings\n"
    )
    return clips


def test_ingest_sql_retrieve_and_answer_on_s3(s3, videos, tmp_path):
    root = uri("corpus")
    with vqdb.connect(root, progress=False, **s3) as corpus:
        summary = corpus.ingest(videos, extractors=("subtitles",))
        assert summary.ok and len(summary.ingested) == 2, summary
        assert corpus.root == root and corpus.store.exists("frames")
        assert corpus.sql("SELECT count(*) FROM videos").fetchone()[0] == 2
        texts = corpus.sql("SELECT text FROM subtitles ORDER BY start_s").fetchall()
        assert texts == [("hello from the subtitles",), ("the bird sings",)]
        found = corpus.sql("SELECT text FROM lance_fts(vq_dataset('subtitles'), 'text', 'bird')").fetchall()
        assert found == [("the bird sings",)]  # the full-text index built by ingest, read from the bucket
        result = corpus.retrieve("when is 'bird' said?", video=videos[0].name, k=1)
        assert result.keyframes.num_rows == 1 and result.keyframes["ts"][0].as_py() >= 1.0
        moments = corpus.search("when is 'bird' said?", k=1).moments
        assert moments["path"][0].as_py().endswith(videos[0].name) and moments["evidence"][0].as_py()
        # what search orders its candidates by, read from the bucket with its settings
        assert spoken_words(corpus.store).videos == [] and screen_texts(corpus.store).videos == []
        reply = corpus.answer("What does the bird do?", ["It sings", "It sleeps"], video=videos[0].name, k=1)
        assert reply.answer_text == "It sings"
        assert corpus.ingest(videos, extractors=("subtitles",)).skipped  # idempotent on the bucket too
    local = tmp_path / "local"
    assert vqdb.connect(local, progress=False).ingest(videos, extractors=("subtitles",)).ok
    remote = corpus_contents(root, **s3)
    assert len(remote.pop("answers")) == 1  # the answer was cached in the bucket
    assert remote == {name: rows for name, rows in corpus_contents(local).items() if name != "answers"}


def test_command_line_on_s3_with_settings_from_the_environment(s3, videos):
    root = uri("cli")
    env = {
        **{k: v for k, v in os.environ.items() if k not in AWS_VARIABLES},
        "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
        "VQDB_S3_ENDPOINT": s3["s3_endpoint"],
        "AWS_REGION": "us-east-1",  # the standard AWS variables fill what VQDB_* leaves out
        "AWS_ACCESS_KEY_ID": KEY_ID,
        "AWS_SECRET_ACCESS_KEY": SECRET,
    }

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "vqdb", *args], env=env, capture_output=True, text=True)

    ingested = cli("ingest", root, str(videos[0]), "--only", "subtitles", "--no-progress")
    assert ingested.returncode == 0, ingested.stderr
    counted = cli("sql", root, "SELECT count(*) AS n FROM subtitles", "--format", "csv")
    assert counted.returncode == 0 and counted.stdout.split() == ["n", "2"], counted.stderr
    info = cli("info", root)
    assert info.returncode == 0 and KEY_ID not in info.stdout + info.stderr and SECRET not in info.stdout + info.stderr


def test_a_path_with_no_corpus_or_no_bucket_says_so(s3):
    with pytest.raises(VqdbError, match="is not a vqdb corpus"):
        vqdb.connect(uri("nothing"), **s3).sql("SELECT 1")
    with pytest.raises(VqdbError, match="bucket does not exist"):
        Store.create("s3://no-such-bucket/corpus", storage_options=Config(**s3).storage_options)
    with pytest.raises(VqdbError, match=r"gs:// is not supported yet"):
        vqdb.connect("gs://bucket/corpus")


def test_writer_lock_is_a_leased_object(s3):
    where = location(uri("lock"), s3)
    child = f"""
import os
from vqdb.store.location import Location
from vqdb.store.object_lock import ObjectWriterLock
lock = ObjectWriterLock(Location.of({where.uri!r}, {dict(where.storage_options)!r}), lease_s=2.0)
lock.acquire(wait=False)
print(lock.token, flush=True)
os._exit(0)  # dies holding the lock: nothing releases it, its lease runs out
"""
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    died = subprocess.run([sys.executable, "-c", child], env=env, capture_output=True, text=True)
    assert died.stdout.split() == ["1"], died.stderr
    lock = ObjectWriterLock(where, lease_s=2.0)
    with pytest.raises(CorpusBusyError, match=r"pid \d+ on .* since"):
        lock.acquire(wait=False)  # its lease still runs: busy, naming the holder
    lock.acquire(wait=10)  # taken over once the dead writer's lease ran out
    assert lock.held and lock.token == 2  # the fencing token of the next holder
    time.sleep(1.5)  # beyond half the lease: held only because the heartbeat renewed it
    lock.fence()
    assert lock.holder() is not None and lock.holder().pid == os.getpid()
    lock.release()
    state = json.loads(where.files().read(LOCK_KEY))
    assert state == {"free": True, "token": 2}


def test_a_writer_that_lost_its_lock_commits_nothing_more(s3):
    root = uri("fence")
    store = Store.create(root, storage_options=Config(**s3).storage_options)
    files = store.location.files()
    files.write(LOCK_KEY, json.dumps({"token": 7, "expires": time.time() + 60, "holder": {}}).encode())  # taken over
    cue = {"video_id": "v", "cue_id": 0, "start_s": 0.0, "end_s": 1.0, "text": "hi", "source": "v.srt"}
    with pytest.raises(CorpusBusyError, match="lost the writer lock .*another writer took the lock"):
        store.commit("v", "subtitles", {"subtitles": TABLES["subtitles"].from_rows([cue])}, model=None, settings={})
    assert store.count("subtitles") == 0
    store.close()
    assert json.loads(files.read(LOCK_KEY))["token"] == 7  # the new holder's lock is left alone


def test_reader_leases_are_expiring_objects(s3):
    where = location(uri("leases"), s3)
    lease = ObjectReaderLease.take(where, lease_s=1.5)
    stale = ObjectReaderLease.take(where, lease_s=1.5)
    stale._stop.set()  # its process "died": no more renewals
    assert len(live_sessions(where)) == 2
    time.sleep(2.0)
    assert live_sessions(where) == [lease.since]  # the stale one expired and was removed
    assert len(list(where.files().list("sessions"))) == 1
    lease.release()
    assert live_sessions(where) == []
