"""benchmarks/quality.py end to end on three questions about one small synthetic clip: render, ingest with
the real extractors, retrieve, answer, score, print and write JSON; and its data files are well formed."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pyarrow as pa
import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "benchmarks" / "quality.py"
DATA = REPO / "benchmarks" / "quality"

CLIP = {
    "source": "synthetic",
    "split": "dev",
    "recipe": {
        "duration_s": 8,
        "size": [320, 180],
        "scenes": [{"layer": "Scene", "start_s": 0, "end_s": 8, "background": {"layer": "Gradient"}}],
        "texts": [
            {"layer": "Text", "text": "GATE 7", "start_s": 1.0, "end_s": 4.0, "id": "gate", "size": 48},
        ],
        "sounds": [
            {"layer": "Speech", "text": "Boarding now at gate seven.", "start_s": 4.5, "id": "boarding"},
            {"layer": "Tone", "freq_hz": 1000, "start_s": 6.8, "end_s": 7.6, "id": "beep", "label": "beep"},
        ],
    },
}
QUESTIONS = [
    {"id": "q-text", "video": "gate", "kind": "text", "question": "When does the sign say 'GATE 7'?",
     "gt_events": ["gate"]},
    {"id": "q-speech", "video": "gate", "kind": "speech", "question": "What does the announcer say?",
     "options": ["Gate closed", "Boarding now at gate seven", "Last call"], "answer": "B",
     "gt_events": ["boarding"]},
    {"id": "q-sound", "video": "gate", "kind": "sound", "question": "When is there a beep?", "gt_events": ["beep"]},
]  # fmt: skip


@pytest.mark.slow
def test_the_benchmark_runs_end_to_end_on_a_tiny_dev_set(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "videos.json").write_text(json.dumps({"gate": CLIP}))
    (data / "dev.jsonl").write_text("".join(json.dumps(q) + "\n" for q in QUESTIONS))
    (data / "heldout.jsonl").write_text("")
    out = tmp_path / "out.json"
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    command = [sys.executable, str(SCRIPT), "--data", str(data), "--shared", str(tmp_path), "--cache"]
    command += [str(tmp_path / "cache"), "--split", "dev", "--json", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "| dev | all | text | rules | 1 |" in done.stdout and "question errors: 0 of 9" in done.stdout
    report = json.loads(out.read_text())
    results = report["results"]
    assert sorted((r["id"], r["planner"]) for r in results) == sorted(
        (q["id"], p) for q in QUESTIONS for p in ("rules", "uniform", "siglip-q")
    )
    assert all(not r["errors"] and len(r["keyframes"]) <= 4 for r in results)
    # the uniform baseline's 4 frames of an 8 s clip sit at 1, 3, 5 and 7 s: its hits are known exactly
    uniform = {r["id"]: r for r in results if r["planner"] == "uniform"}
    assert uniform["q-text"]["keyframes"] == pytest.approx([1.0, 3.0, 5.0, 7.0], abs=0.01)
    assert [uniform[q]["hit1"] for q in ("q-text", "q-speech", "q-sound")] == [True, False, False]
    assert [uniform[q]["hit4"] for q in ("q-text", "q-speech", "q-sound")] == [True, True, True]
    assert report["ingest"]["videos_ingested"] == 1 and report["ingest"]["failed"] == []
    summary = {(r["split"], r["media"], r["kind"], r["planner"]): r for r in report["summary"]}
    assert summary[("dev", "all", "speech", "rules")]["mcq_n"] == 1
    assert summary[("dev", "all", "all", "uniform")]["hit1"] == pytest.approx(1 / 3)
    assert {r["media"] for r in report["summary"]} == {"all"}  # one medium: no rows apart


def _load_script():
    spec = importlib.util.spec_from_file_location("quality_benchmark", SCRIPT)
    quality = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(quality)
    return quality


def test_the_dev_set_files_are_well_formed():
    quality = _load_script()
    videos = quality.load_videos(DATA)  # both loaders check every record and raise on a bad one
    questions = quality.load_questions(DATA, quality.SPLITS, quality.KINDS, None, videos)
    assert len({q["id"] for q in questions}) == len(questions)
    real = [q for q in questions if videos[q["video"]]["source"] in ("shared", "composite")]
    assert len(real) >= 40
    assert {q["kind"] for q in questions} == set(quality.KINDS)
    assert {q["split"] for q in questions} == set(quality.SPLITS)
    assert {q["media"] for q in questions if q["split"] in quality.REAL_SPLITS} == {"real"}
    # the blind splits only when asked for
    assert quality.parse_args([]).split == ["dev", "heldout", "realdev", "realheld"]


def test_a_real_split_holds_shared_clips_only(tmp_path):
    quality = _load_script()
    (tmp_path / "videos.json").write_text(json.dumps({"gate": {**CLIP, "split": "realdev"}}))
    with pytest.raises(ValueError, match="gate: split 'realdev' holds shared clips only"):
        quality.load_videos(tmp_path)


def test_the_summary_reports_real_composite_and_synthetic_media_apart():
    quality = _load_script()

    def result(split, media, hit):
        return {"split": split, "media": media, "kind": "text", "planner": "rules", "mcq": False, "errors": []} | {
            "hit1": hit,
            "hit4": hit,
            "tiou": float(hit),
        }

    results = [result("dev", "real", True), result("dev", "synthetic", False), result("dev", "synthetic", False)]
    results += [result("realdev", "real", True) | {"blind1": True}, result("realdev", "real", False)]
    rows = {(r["split"], r["media"]): r for r in quality.summarize(results, ["rules"])}
    assert rows[("dev", "all")]["n"] == 3 and rows[("dev", "real")]["hit1"] == 1.0
    assert rows[("dev", "all")]["blind1"] == 0.0 and rows[("realdev", "all")]["blind1"] == 0.5  # a hit without evidence
    assert rows[("dev", "synthetic")]["hit1"] == 0.0 and ("dev", "composite") not in rows
    assert ("realdev", "real") not in rows and rows[("realdev", "all")]["hit1"] == 0.5  # one medium: 'all' only
    assert rows[("all", "real")]["n"] == 3 and rows[("all", "real")]["hit1"] == pytest.approx(2 / 3)
    assert rows[("all", "synthetic")]["n"] == 2
    table = quality.format_tables(quality.summarize(results, ["rules"]), ["rules"])
    apart = table.split("media apart (split all)")[1]
    assert "| all | real | text | rules | 3 | 0.67 |" in apart and "| dev | real |" not in apart


def test_the_locate_hook_scores_the_top_interval_with_intervals_tiou(tmp_path):
    quality = _load_script()
    import vqdb
    from vqdb.testing.corpora import empty_corpus

    class WithLocate:  # a corpus whose locate always finds the same intervals
        def __init__(self, corpus):
            self.corpus = corpus

        def sql(self, query, params=None):
            return self.corpus.sql(query, params=params)

        def locate(self, question, *, options=None, video=None, planner="rules"):
            rows = [{"start_s": 5.0, "end_s": 15.0}, {"start_s": 0.0, "end_s": 1.0}]
            return SimpleNamespace(intervals=pa.Table.from_pylist(rows))

    corpus = WithLocate(vqdb.connect(empty_corpus(tmp_path / "c")))
    q = {"question": "when?"}
    result = {"errors": []}
    assert quality.locate_tiou(corpus, q, [(0.0, 10.0)], "v", "rules", result) == pytest.approx(1 / 3)
    assert result["top_interval"] == [5.0, 15.0]
    assert quality.locate_tiou(corpus.corpus, q, [(0.0, 10.0)], "v", "rules", result) == 0.0  # no video v
    assert "no video 'v'" in result["errors"][0]
    assert quality.tiou(corpus, [(0.0, 10.0)], [(5.0, 10.0), (20.0, 25.0)]) == pytest.approx(1 / 3)
