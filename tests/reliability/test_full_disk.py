"""A disk that fills up during an ingest: the summary says what is committed and what to do, true in each
case. Before (issue 25): with nothing ingested, it added "the corpus is ingested, but its upkeep failed"
(and sent the user to ``vqdb compact``, which builds no full-text index)."""

from __future__ import annotations

import errno

import vqdb
from vqdb.store import text_index
from vqdb.testing.faults import disk_full_at, intercepted


def corpus_with_rows_to_index(root, clip, monkeypatch) -> None:
    """A corpus whose subtitles wait for their full-text index, as after an ingest cut short before it:
    the next ingest's upkeep has to write."""
    with monkeypatch.context() as patched:
        patched.setattr(text_index, "build_text_indexes", lambda store: {})
        summary = vqdb.connect(root, progress=False).ingest([str(clip)], extractors=("subtitles",))
    assert len(summary.ingested) == 1


def upkeep_notice(summary) -> str:
    [notice] = [n for n in summary.notices if "upkeep" in n]
    return notice


def upkeep_fills_the_disk(count: int, name: str) -> None:
    """The disk fills up once the videos are committed: every index build and compaction fails."""
    if "index" in name or "compact" in name:
        raise OSError(errno.ENOSPC, f"No space left on device (injected before {name})")


def test_a_full_disk_with_nothing_ingested_does_not_say_the_corpus_is_ingested(clips, tmp_path, monkeypatch):
    root = tmp_path / "corpus"
    corpus_with_rows_to_index(root, clips[0], monkeypatch)
    with intercepted(disk_full_at(1)):
        summary = vqdb.connect(root, progress=False).ingest([str(c) for c in clips[1:3]], extractors=("subtitles",))
    assert not summary.ingested and len(summary.failed) == 2
    notice = upkeep_notice(summary)
    assert "ingested" not in notice and "committed" not in notice, notice
    assert "upkeep" in notice and "free space, then run the same ingest again" in notice


def test_a_disk_full_after_the_videos_says_they_are_committed_and_a_rerun_redoes_the_upkeep(
    clips, tmp_path, monkeypatch
):
    root = tmp_path / "corpus"
    corpus_with_rows_to_index(root, clips[0], monkeypatch)
    media = [str(c) for c in clips[1:3]]
    with intercepted(upkeep_fills_the_disk):
        summary = vqdb.connect(root, progress=False).ingest(media, extractors=("subtitles",))
    assert len(summary.ingested) == 2 and not summary.failed
    notice = upkeep_notice(summary)
    assert notice.startswith("the 2 videos ingested are committed, but") and "free space, then run" in notice
    rerun = vqdb.connect(root, progress=False).ingest(media, extractors=("subtitles",))
    assert len(rerun.skipped) == 2 and any(n.startswith("full-text indexes updated: subtitles") for n in rerun.notices)
    assert text_index.unindexed_rows(vqdb.store.Store.open(root), "subtitles") == 0
