"""keep_index's failure: one clear error naming the index, the table and what to do (its creating and folding
in appended rows are tested through the indexes kept with it: test_text_index, test_video_index)."""

from __future__ import annotations

import lance
import pytest

from vqdb.errors import VqdbError
from vqdb.store import Store
from vqdb.store.scalar_index import keep_index


def test_a_failed_build_names_the_index_the_table_and_the_command(tmp_path, monkeypatch):
    store = Store.create(tmp_path)

    def refuse(*args, **kwargs):
        raise OSError("disk went away")

    monkeypatch.setattr(lance.LanceDataset, "create_scalar_index", refuse)
    with pytest.raises(VqdbError, match=r"cannot build the video_id index of .*ocr.*disk went away.*vqdb index"):
        keep_index(store, "ocr", "video_id", "BTREE", "idx", "video_id")
