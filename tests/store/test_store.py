import pyarrow as pa
import pytest

from vqdb.errors import SchemaError, VqdbError
from vqdb.schema import TABLES
from vqdb.store import Store


def _subtitles(video_id: str, texts: list[str]) -> pa.Table:
    rows = [
        {"video_id": video_id, "cue_id": i, "start_s": float(i), "end_s": i + 0.5, "text": t, "source": "x.srt"}
        for i, t in enumerate(texts)
    ]
    return TABLES["subtitles"].from_rows(rows)


def test_new_corpus_has_empty_tables(tmp_path):
    store = Store.create(tmp_path / "c")
    assert (tmp_path / "c" / "corpus.json").exists()
    for name in ("videos", "frames", "ocr", "extractions"):
        assert store.exists(name) and store.count(name) == 0
    assert not store.exists("frame_embeddings")  # created with the first vectors (dimension unknown)


def test_commit_replaces_rows_of_the_same_video_and_extractor(tmp_path):
    store = Store.create(tmp_path)
    store.commit("v1", "subtitles", {"subtitles": _subtitles("v1", ["a", "b"])}, model=None, settings={})
    store.commit("v2", "subtitles", {"subtitles": _subtitles("v2", ["c"])}, model=None, settings={})
    store.commit("v1", "subtitles", {"subtitles": _subtitles("v1", ["x", "y", "z"])}, model=None, settings={})
    texts = sorted(store.dataset("subtitles").to_table()["text"].to_pylist())
    assert texts == ["c", "x", "y", "z"]
    assert store.finished() == {"v1": {"subtitles"}, "v2": {"subtitles"}}
    assert store.count("extractions") == 2


def test_commit_checks_the_tables_of_the_extractor(tmp_path):
    store = Store.create(tmp_path)
    with pytest.raises(SchemaError, match="transcript_segments"):
        store.commit("v1", "asr", {"subtitles": _subtitles("v1", [])}, model=None, settings={})
    bad = pa.table({"video_id": ["v1"], "cue_id": ["not a number"]})
    with pytest.raises(SchemaError, match="subtitles"):
        store.commit("v1", "subtitles", {"subtitles": bad}, model=None, settings={})


def test_a_file_is_not_a_corpus(tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    with pytest.raises(VqdbError, match="is a file"):
        Store.create(path)
