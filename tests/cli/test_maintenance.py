"""``vqdb delete`` and ``vqdb compact`` (finding 5: there was no way to delete a video)."""

from __future__ import annotations

import pytest

import vqdb
from vqdb.cli import main
from vqdb.store import Store
from vqdb.testing.corpora import rows_on_disk


@pytest.fixture
def corpus(tmp_path, sample_media):
    root = tmp_path / "corpus"
    paths = [str(sample_media / name) for name in ("birds.mp4", "cockatoo.mp4")]
    assert main(["ingest", str(root), *paths, "--with", "", "--no-progress"]) == 0
    return root


def test_delete_removes_every_row_of_the_video_and_compact_frees_them(corpus, capsys):
    capsys.readouterr()
    assert main(["delete", str(corpus), "birds.mp4"]) == 0
    assert capsys.readouterr().out.startswith("deleted 1 video(s): f549c436d369e041")
    with vqdb.connect(corpus) as opened:
        assert opened.sql("SELECT regexp_extract(path, '[^/]+$') FROM videos").fetchall() == [("cockatoo.mp4",)]
        assert opened.sql("SELECT count(*) FROM frames WHERE video_id = 'f549c436d369e041'").fetchone() == (0,)
    assert "f549c436d369e041" not in Store.open(corpus).finished()
    assert main(["compact", str(corpus)]) == 0
    assert "compacted" in capsys.readouterr().out
    assert rows_on_disk(corpus)["videos"] == 1


def test_delete_names_what_it_cannot_find(corpus, capsys):
    assert main(["delete", str(corpus), "nothing.mp4"]) == 1
    assert "no video 'nothing.mp4' in the corpus" in capsys.readouterr().err
