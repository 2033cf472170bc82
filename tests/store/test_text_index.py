"""Full-text indexes: created on every text column, updated for appended rows, searchable with lance_fts."""

from __future__ import annotations

import pyarrow as pa

from vqdb.session import new_connection
from vqdb.store import Store
from vqdb.store.text_index import TEXT_COLUMNS, build_text_indexes, has_text_index, text_hits, unindexed_rows


def append_subtitles(store: Store, video_id: str, texts: list[str]) -> None:
    rows = pa.table(
        {
            "video_id": [video_id] * len(texts),
            "cue_id": pa.array(range(len(texts)), pa.int32()),
            "start_s": [float(i) for i in range(len(texts))],
            "end_s": [float(i + 1) for i in range(len(texts))],
            "text": texts,
            "source": ["x.srt"] * len(texts),
        }
    )
    store.append("subtitles", rows)


def fts(store: Store, query: str) -> list[str]:
    sql = f"SELECT text FROM lance_fts('{store.uri('subtitles')}', 'text', ?, k := 10) ORDER BY _score DESC"
    return [text for (text,) in new_connection().execute(sql, [query]).fetchall()]


def test_every_text_column_gets_an_index_even_when_empty(tmp_path):
    store = Store.create(tmp_path)
    assert build_text_indexes(store) == dict.fromkeys(TEXT_COLUMNS, 0)
    assert all(has_text_index(store, table) for table in TEXT_COLUMNS)


def test_appended_rows_are_folded_into_the_index(tmp_path):
    store = Store.create(tmp_path)
    build_text_indexes(store)
    append_subtitles(store, "a", ["The quick brown fox", "jumps over the lazy dog"])
    assert unindexed_rows(store, "subtitles") == 2
    assert build_text_indexes(store)["subtitles"] == 2
    assert unindexed_rows(store, "subtitles") == 0
    append_subtitles(store, "b", ["A second fox appears"])
    assert build_text_indexes(store)["subtitles"] == 1
    assert sorted(fts(store, "fox")) == ["A second fox appears", "The quick brown fox"]
    assert fts(store, "dogs") == ["jumps over the lazy dog"]  # stemmed


def test_stop_words_are_searchable_and_more_matching_words_rank_higher(tmp_path):
    store = Store.create(tmp_path)
    append_subtitles(store, "a", ["ask not what your country can do for you", "what a country"])
    build_text_indexes(store)
    assert fts(store, "again") == []
    assert fts(store, "ask not what your country") == ["ask not what your country can do for you", "what a country"]
    assert fts(store, "not") == ["ask not what your country can do for you"]


def test_nothing_to_do_leaves_the_dataset_version_alone(tmp_path):
    store = Store.create(tmp_path)
    append_subtitles(store, "a", ["hello"])
    build_text_indexes(store)
    version = store.dataset("subtitles").version
    assert build_text_indexes(store)["subtitles"] == 0
    assert store.dataset("subtitles").version == version


def test_a_phrase_of_a_script_without_spaces_is_found_inside_a_longer_line(tmp_path):
    """The tokenizer keeps a Chinese or Japanese line whole, so its index alone finds no phrase inside one
    ("点击上传" in "请点击上传视频"); the rows holding it are found by their characters, the whole phrase first,
    and before the rows the index ranks for the query's other words."""
    store = Store.create(tmp_path)
    append_subtitles(store, "zh", ["欢迎使用", "请点击上传视频"])
    append_subtitles(store, "near", ["点击这里"])
    append_subtitles(store, "ja", ["東京駅に到着しました"])
    append_subtitles(store, "en", ["please upload your video"])
    build_text_indexes(store)
    assert text_hits(store, "subtitles", "点击上传", 10).column("video_id").to_pylist() == ["zh", "near"]
    assert text_hits(store, "subtitles", "東京駅", 10).column("video_id").to_pylist() == ["ja"]
    assert text_hits(store, "subtitles", "upload 点击上传", 10).column("video_id").to_pylist() == ["zh", "near", "en"]
    assert text_hits(store, "subtitles", "点击上传", 10, fuzzy=False).column("video_id").to_pylist() == ["zh"]
