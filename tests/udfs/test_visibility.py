"""finished_videos: the views' visibility, cached per version of ``extractions``, never stale across writers."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import lance

import vqdb
import vqdb.session
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.maintenance import compact
from vqdb.testing.corpora import empty_corpus
from vqdb.udfs.visibility import FinishedVideos

# Another process writes: commit subtitles (and, unless told not to, the frames step) of a video, or delete it.
WRITER = textwrap.dedent(
    """
    import sys
    from vqdb.schema import TABLES
    from vqdb.store import Store
    root, action, video = sys.argv[1:4]
    with Store.create(root) as store:
        if action == "delete":
            store.delete_video(video)
        else:
            rows = [{"video_id": video, "cue_id": 0, "start_s": 0.0, "end_s": 1.0, "text": "hi", "source": "a.srt"}]
            store.commit(video, "subtitles", {"subtitles": TABLES["subtitles"].from_rows(rows)}, model=None,
                         settings={})
            if action == "commit":
                empty = {t: TABLES[t].arrow_schema().empty_table() for t in ("frames", "videos")}
                store.commit(video, "frames", empty, model=None, settings={})
    """
)


def _other_process(root, action: str, video: str) -> None:
    subprocess.run([sys.executable, "-c", WRITER, str(root), action, video], check=True)


def _subtitled(corpus) -> list[str]:
    return [r[0] for r in corpus.sql("SELECT DISTINCT video_id FROM subtitles ORDER BY 1").fetchall()]


def test_a_commit_by_another_process_shows_on_the_next_query_and_an_unfinished_one_never(tmp_path):
    with vqdb.connect(empty_corpus(tmp_path)) as corpus:
        assert _subtitled(corpus) == []  # the session's cache now holds the empty corpus
        _other_process(tmp_path, "commit", "a")
        assert _subtitled(corpus) == ["a"]
        _other_process(tmp_path, "unfinished", "b")  # subtitles committed, the video itself not
        assert _subtitled(corpus) == ["a"]
        _other_process(tmp_path, "commit", "b")
        assert _subtitled(corpus) == ["a", "b"]


def test_a_delete_by_another_process_shows_on_the_next_query(tmp_path):
    _other_process(empty_corpus(tmp_path), "commit", "a")
    _other_process(tmp_path, "commit", "b")
    with vqdb.connect(tmp_path) as corpus:
        assert _subtitled(corpus) == ["a", "b"]
        _other_process(tmp_path, "delete", "a")
        assert _subtitled(corpus) == ["b"]


def test_compaction_keeps_the_answer_and_later_commits_still_show(tmp_path):
    for video in ("a", "b", "c"):
        _other_process(empty_corpus(tmp_path) if video == "a" else tmp_path, "commit", video)
    with vqdb.connect(tmp_path) as corpus:
        assert _subtitled(corpus) == ["a", "b", "c"]
        with Store.create(tmp_path) as store:
            compact(store)
        assert _subtitled(corpus) == ["a", "b", "c"]
        _other_process(tmp_path, "commit", "d")
        assert _subtitled(corpus) == ["a", "b", "c", "d"]


def test_extractions_are_read_again_only_after_a_new_version(tmp_path, monkeypatch):
    store = Store.create(empty_corpus(tmp_path))
    finished = FinishedVideos(Store.open(tmp_path))
    reads = []
    to_table = lance.LanceDataset.to_table
    monkeypatch.setattr(
        lance.LanceDataset, "to_table", lambda self, *a, **kw: reads.append(1) or to_table(self, *a, **kw)
    )
    assert finished("subtitles") == [] and finished("frames") == [] and len(reads) == 1
    for step in ("subtitles", "frames"):
        tables = {t.name: t.from_rows([]) for t in TABLES.values() if t.extractor == step}
        store.commit("v", step, tables, model=None, settings={})
    reads.clear()  # the writer's own reads
    assert finished("subtitles") == ["v"] and finished("ocr") == [] and len(reads) == 1
    store.close()


def test_attaching_again_replaces_the_function(tmp_path):
    con = vqdb.session.new_connection()
    _other_process(empty_corpus(tmp_path / "one"), "commit", "a")
    vqdb.attach(con, tmp_path / "one")
    vqdb.attach(con, empty_corpus(tmp_path / "two"))  # another corpus: its own visibility
    assert con.cursor().sql("SELECT count(*) FROM subtitles").fetchone() == (0,)
