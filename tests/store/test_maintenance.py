"""Compaction and cleanup (finding 3): small ingests and replaced rows pile up fragments and versions until
compaction rewrites them; versions an open session may read are kept."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

import vqdb
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.maintenance import AUTO_COMPACT_FRAGMENTS, compact, fragment_counts, needs_compaction
from vqdb.store.visual_summary import build_visual_summaries, summary_table, visual_bounds
from vqdb.testing.corpora import corpus_contents, empty_corpus


def _cues(video: str, text: str, n: int = 20) -> dict:
    rows = [
        {
            "video_id": video,
            "cue_id": i,
            "start_s": float(i),
            "end_s": i + 0.5,
            "text": f"{text} {i}",
            "source": "x.srt",
        }
        for i in range(n)
    ]
    return {"subtitles": TABLES["subtitles"].from_rows(rows)}


def _commit_videos(store: Store, count: int, text: str = "hello") -> None:
    empty = {t: TABLES[t].arrow_schema().empty_table() for t in ("frames", "videos")}
    for v in range(count):
        store.commit(f"v{v}", "subtitles", _cues(f"v{v}", text), model=None, settings={})
        store.commit(f"v{v}", "frames", empty, model=None, settings={})


def _bytes(root) -> int:
    return sum(Store.open(root).disk_usage().values())


def test_many_small_commits_are_compacted_to_one_fragment_with_the_same_rows(tmp_path):
    root = empty_corpus(tmp_path / "c")
    with Store.open(root, writable=True) as store:
        _commit_videos(store, AUTO_COMPACT_FRAGMENTS)
        assert fragment_counts(store)["extractions"] >= AUTO_COMPACT_FRAGMENTS
        assert "extractions" in needs_compaction(store)
        before, size = corpus_contents(root), _bytes(root)
        report = compact(store)
    assert max(fragment_counts(Store.open(root)).values()) == 1 and not needs_compaction(Store.open(root))
    assert corpus_contents(root) == before
    assert report.versions_removed > 2 * AUTO_COMPACT_FRAGMENTS and _bytes(root) < size / 2


def test_forced_replacements_stop_growing_the_corpus_once_compacted(tmp_path):
    """Five --force re-ingests doubled the corpus: replaced rows and old versions stayed on disk."""
    root = empty_corpus(tmp_path / "c")
    with Store.open(root, writable=True) as store:
        _commit_videos(store, 3)
        compact(store)
        once = _bytes(root)
        for _ in range(5):  # what --force does to each (video, extractor)
            _commit_videos(store, 3)
        assert _bytes(root) > 2 * once
        compact(store)
    assert _bytes(root) < 1.2 * once


def test_an_open_session_keeps_the_versions_it_may_read(tmp_path):
    root = empty_corpus(tmp_path / "c")
    with Store.open(root, writable=True) as store:
        _commit_videos(store, 2, "old")
    reader = vqdb.connect(root)
    seen = reader.sql("SELECT count(*) FROM subtitles").fetchone()
    with Store.open(root, writable=True) as store:
        _commit_videos(store, 2, "new")
        kept = compact(store)
        assert kept.open_sessions == 1 and "open session(s) may read were kept" in kept.summary()
        assert len(store.dataset("subtitles").versions()) > 1  # the one current when the session began, and on
    assert reader.sql("SELECT count(*) FROM subtitles").fetchone() == seen  # still reads, now the new rows
    reader.close()
    with Store.open(root, writable=True) as store:
        assert compact(store).open_sessions == 0
        assert len(store.dataset("subtitles").versions()) == 1


def test_ingest_compacts_on_its_own_when_a_table_has_many_fragments(tmp_path, sample_media):
    root = empty_corpus(tmp_path / "c")
    with Store.open(root, writable=True) as store:
        _commit_videos(store, AUTO_COMPACT_FRAGMENTS // 2)
    summary = vqdb.connect(root, progress=False).ingest(sample_media / "birds.mp4", extractors=())
    assert any(note.startswith("compacted ") for note in summary.notices), summary.notices
    assert fragment_counts(Store.open(root))["extractions"] < AUTO_COMPACT_FRAGMENTS


def test_the_visual_summaries_ingest_appends_to_are_compacted_too(tmp_path):
    """The per-video summaries are derived tables, not in the schema: each ingest that embeds frames appended a
    fragment to them that no compaction ever rewrote."""
    root = empty_corpus(tmp_path / "c")
    summary = summary_table("frame_embeddings")
    rng = np.random.default_rng(0)
    with Store.open(root, writable=True) as store:
        for v in range(AUTO_COMPACT_FRAGMENTS):  # one ingest a video, each summarized as ingest does
            vectors = rng.standard_normal((8, 16)).astype(np.float32)
            rows = pa.table(
                {
                    "video_id": [f"v{v}"] * 8,
                    "frame_idx": np.arange(8, dtype=np.int32),
                    "ts": np.arange(8, dtype=float),
                    "model": ["synthetic"] * 8,
                    "emb": vectors_to_arrow(vectors / np.linalg.norm(vectors, axis=1, keepdims=True)),
                }
            )
            store.commit(f"v{v}", "embed", {"frame_embeddings": rows}, model="synthetic", settings={})
            build_visual_summaries(store)
        assert fragment_counts(store)[summary] == AUTO_COMPACT_FRAGMENTS
        assert summary in needs_compaction(store)  # so ingest compacts it on its own too
        query = rng.standard_normal(16).astype(np.float32)
        bounds = visual_bounds(store, "frame_embeddings", query)
        report = compact(store)
        assert fragment_counts(store)[summary] == 1
        assert summary in [t.table for t in report.tables]
        assert visual_bounds(store, "frame_embeddings", query) == bounds
        assert len(bounds) == AUTO_COMPACT_FRAGMENTS
