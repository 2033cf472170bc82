"""vqdb.planner.per_version: a table's rows built once per version."""

from __future__ import annotations

import pyarrow as pa

from vqdb.planner import per_version as cache
from vqdb.planner.per_version import per_version
from vqdb.store import Store


def test_a_build_is_kept_until_a_commit_makes_a_new_version(tmp_path):
    store = Store.create(tmp_path / "corpus")
    built: list[int | None] = []

    def count(rows: pa.Table | None) -> int | None:
        built.append(None if rows is None else rows.num_rows)
        return built[-1]

    rows = store.read("subtitles").schema.empty_table()
    assert per_version(store, "subtitles", ("text",), count) == 0
    assert per_version(store, "subtitles", ("text",), count) == 0  # the same version: not built again
    store.append("subtitles", pa.Table.from_pylist([{"video_id": "v", "start_s": 0.0, "end_s": 1.0, "text": "hi"}],
                                                   schema=rows.schema))  # fmt: skip
    assert per_version(store, "subtitles", ("text",), count) == 1
    assert per_version(store, "frame_embeddings", ("video_id",), count) is None  # no table: built from None
    assert built == [0, 1, None]
    kept = [key for key in cache._built if key[0] == store.uri("subtitles") and key[3] is count]
    assert [key[1] for key in kept] == [store.version("subtitles")]  # the older version's build is dropped


def test_threads_asking_at_once_build_once_and_a_late_older_build_keeps_the_newer(tmp_path):
    """The web app's threads asked for one version at once and each built it (N matrices at peak); a slow build
    of an older version finishing after the newer one was built replaced it, so the next search built again."""
    import threading

    store = Store.create(tmp_path / "corpus")
    first_started, release = threading.Event(), threading.Event()
    built: list[int] = []

    def slow_first(rows: pa.Table | None) -> int:
        built.append(rows.num_rows)
        if len(built) == 1:
            first_started.set()
            release.wait(5)
        return rows.num_rows

    threads = [threading.Thread(target=per_version, args=(store, "subtitles", ("text",), slow_first)) for _ in range(4)]
    for thread in threads:
        thread.start()
    first_started.wait(5)
    schema = store.read("subtitles").schema
    store.append("subtitles", pa.Table.from_pylist([{"video_id": "v", "start_s": 0.0, "end_s": 1.0, "text": "hi"}],
                                                   schema=schema))  # fmt: skip
    assert per_version(store, "subtitles", ("text",), slow_first) == 1  # the newer version, built meanwhile
    release.set()
    for thread in threads:
        thread.join()
    assert built == [0, 1]  # the older version once for its four threads, the newer once
    kept = [key for key in cache._built if key[0] == store.uri("subtitles") and key[3] is slow_first]
    assert [key[1] for key in kept] == [store.version("subtitles")]


def test_an_ask_that_read_an_older_version_gets_the_newer_build_not_a_rebuild(tmp_path, monkeypatch):
    """A thread that read the table's version before a commit, and asks after the newer version was built and its
    own dropped, built the older version again (the suite under load: builds [0, 1, 0])."""
    store = Store.create(tmp_path / "corpus")
    built: list[int] = []

    def count(rows: pa.Table | None) -> int:
        built.append(rows.num_rows)
        return rows.num_rows

    older = store.version("subtitles")
    schema = store.read("subtitles").schema
    store.append("subtitles", pa.Table.from_pylist([{"video_id": "v", "start_s": 0.0, "end_s": 1.0, "text": "hi"}],
                                                   schema=schema))  # fmt: skip
    assert per_version(store, "subtitles", ("text",), count) == 1
    monkeypatch.setattr(store, "version", lambda table: older)  # the late thread's view of the table
    assert per_version(store, "subtitles", ("text",), count) == 1
    assert built == [1]
