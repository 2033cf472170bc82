"""Every file of the bad-media corpus is ingested whole, ingested as partial with what is missing, or
refused with one clear line; one file's problem never stops the others (findings 5 and 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

import vqdb
from vqdb.testing.bad_media import make_bad_media


@pytest.fixture(scope="module")
def ingested(tmp_path_factory):
    media = tmp_path_factory.mktemp("bad-media")
    files = make_bad_media(media)
    corpus = vqdb.connect(tmp_path_factory.mktemp("work") / "corpus", progress=False)
    summary = corpus.ingest(sorted(media / f.name for f in files), extractors=())
    return files, summary, corpus


def test_each_file_gets_the_outcome_it_owes(ingested):
    files, summary, corpus = ingested
    failed = {Path(p).name: why for p, why in summary.failed}
    ok = {Path(p).name for p, *_ in summary.ingested}
    status = dict(corpus.sql("SELECT regexp_extract(path, '[^/]+$'), status FROM videos").fetchall())
    for f in files:
        if f.expect == "error":
            assert f.name in failed and f.name not in ok, f.what
            assert "\n" not in failed[f.name] and "Traceback" not in failed[f.name]
            assert f.name in failed[f.name] or "link" in failed[f.name] or "directory" in failed[f.name], failed[f.name]
        else:
            assert f.name in ok and status[f.name] == f.expect, (f.what, status.get(f.name), failed.get(f.name))


def test_a_cut_file_keeps_what_decodes_and_says_what_is_missing(ingested):
    _, summary, corpus = ingested
    rows = corpus.sql(
        "SELECT duration_s, errors, (SELECT max(ts) FROM frames f WHERE f.video_id = v.video_id) "
        "FROM videos v WHERE path LIKE '%cut-50-index-first.mp4'"
    ).fetchone()
    duration, errors, last_frame = rows
    assert duration < 6.0 and last_frame < duration  # not the 10 s the container declares
    assert errors[0].startswith("media: the video stream ends at") and "of the 10.0 s" in errors[0]
    assert any("cut-50-index-first.mp4" in p for p, _ in summary.partial)


def test_a_damaged_start_is_skipped_to_the_first_keyframe_that_decodes(ingested):
    _, _, corpus = ingested
    first, count, errors = corpus.sql(
        "SELECT min(ts), count(*), any_value(errors) FROM frames JOIN videos USING (video_id) "
        "WHERE path LIKE '%corrupt-start.mp4'"
    ).fetchone()
    assert first == 1.0 and count == 9  # 1..9 s: everything after the damaged first second
    assert "the first 1.0 s do not decode" in errors[0]


def test_a_rerun_adds_nothing_and_says_the_same(ingested, tmp_path):
    files, summary, corpus = ingested
    media = Path(summary.ingested[0][0]).parent
    again = corpus.ingest(sorted(media / f.name for f in files), extractors=())
    assert not again.ingested and len(again.skipped) == len(summary.ingested)
    assert sorted(again.failed) == sorted(summary.failed)
