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
