"""``vqdb retrieve``: keyframes for a question over a corpus with frames and committed OCR rows."""

from __future__ import annotations

import json

import pytest

import vqdb
from vqdb.cli import main
from vqdb.schema import TABLES
from vqdb.store import Store


@pytest.fixture(scope="module")
def corpus_dir(sample_media, tmp_path_factory):
    """birds.mp4 sampled at 4 fps (frames only), with OCR rows committed by hand: EXIT on frame 2."""
    root = tmp_path_factory.mktemp("corpus")
    with vqdb.connect(root, progress=False, sample_fps=4.0) as corpus:
        assert "failed 0" in str(corpus.ingest(sample_media / "birds.mp4", extractors=()))
        video_id, frames = corpus.sql("SELECT video_id, list(ts ORDER BY frame_idx) FROM frames GROUP BY 1").fetchone()
        rows = [
            {"video_id": video_id, "frame_idx": i, "ts": ts, "text": "EXIT" if i == 2 else "birds", "confidence": 0.9}
            for i, ts in enumerate(frames)
        ]
        Store.open(corpus.root, writable=True).commit(
            video_id,
            "ocr",
            {"ocr": TABLES["ocr"].from_rows(rows), "ocr_spans": TABLES["ocr_spans"].from_rows([])},
            model="hand-made",
            settings={},
        )
    return root


def test_json_keyframes_with_the_supporting_call(corpus_dir, capsys):
    args = ["retrieve", str(corpus_dir), "when does the sign say EXIT", "--video", "birds.mp4", "-k", "1"]
    assert main([*args, "--format", "json"]) == 0
    captured = capsys.readouterr()
    (row,) = json.loads(captured.out)
    assert row["frame_idx"] == 2 and row["merged_rank"] == 1 and row["supporting_calls"] == ["Q1"]
    assert "siglip" not in captured.err  # no embeddings in this corpus: the rules read the sign instead


def test_explain_prints_plan_notes_and_sql(corpus_dir, capsys):
    question = "when does the sign say EXIT while a dog barks"
    assert main(["retrieve", str(corpus_dir), question, "-k", "1", "--explain"]) == 0
    out = capsys.readouterr().out
    # the dog is heard, not read: no call reads "dog" beside the sign's EXIT; the corpus has no sound labels
    assert out.startswith("-- plan: {") and "-- note: dropped Q2 (audio 'barks')" in out and "WITH sampled AS" in out


def test_table_and_csv(corpus_dir, capsys):
    assert main(["retrieve", str(corpus_dir), "anything", "--planner", "uniform", "-k", "2", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("video_id,frame_idx,ts,score,merged_rank") and len(lines) == 3
    assert main(["retrieve", str(corpus_dir), "EXIT", "-k", "1"]) == 0
    assert "merged_rank" in capsys.readouterr().out


def test_unknown_video_is_reported(corpus_dir, capsys):
    assert main(["retrieve", str(corpus_dir), "q", "--video", "nope.mp4"]) == 1
    assert "no video 'nope.mp4'" in capsys.readouterr().err
