"""locate(): a plan's frame ranking grown into ranked intervals, on a corpus committed by hand (a 20 s video
sampled at 1 fps with on-screen text, words said and frame embeddings), and ``vqdb locate``."""

from __future__ import annotations

import json

import numpy as np
import pyarrow as pa
import pytest

import vqdb
from vqdb.cli import main
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.planner import Call, Plan, PlanError, compile_locate, locate, uniform_plan
from vqdb.schema import TABLES
from vqdb.store import Store

SAID = [  # (word, start, end): "So, ask not what your country can do for you. ... Thank you."
    ("So,", 9.6, 9.9),
    ("ask", 10.2, 10.5),
    ("not", 10.5, 10.8),
    ("what", 10.9, 11.1),
    ("your", 11.1, 11.3),
    ("country", 11.3, 11.8),
    ("can", 11.9, 12.1),
    ("do", 12.1, 12.3),
    ("for", 12.3, 12.5),
    ("you.", 12.5, 12.9),
    ("Thank", 14.0, 14.3),  # after a pause: another utterance
    ("you.", 14.3, 14.6),
]
DIRECTIONS = {2: [1.0, 0.0], 3: [0.95, 0.31], 4: [0.9, 0.44], 15: [0.8, 0.6]}  # near the query "a dog": [1, 0]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("locate")
    store = Store.create(root)
    frames = [{"video_id": "v", "frame_idx": i, "ts": float(i)} for i in range(20)]
    video = {"video_id": "v", "duration_s": 20.0, "sample_fps": 1.0, "path": "/videos/v.mp4"}
    ocr = [{"video_id": "v", "frame_idx": i, "ts": float(i), "text": "EXIT"} for i in (5, 6, 7, 11, 12, 13)]
    ocr += [
        {"video_id": "v", "frame_idx": i, "ts": float(i), "text": "Platform 9"}
        for i in range(20)
        if i not in (5, 6, 7, 11, 12, 13)
    ]
    words = [{"video_id": "v", "seg_id": 0, "word": w, "start_s": s, "end_s": e} for w, s, e in SAID]
    emb = np.array([DIRECTIONS.get(i, [0.0, 1.0]) for i in range(20)], dtype=np.float32)
    embeddings = pa.table(
        {
            "video_id": ["v"] * 20,
            "frame_idx": pa.array(range(20), pa.int32()),
            "ts": [float(i) for i in range(20)],
            "model": ["stand-in"] * 20,
            "emb": vectors_to_arrow(emb),
        }
    )
    store.commit(
        "v",
        "ocr",
        {"ocr": TABLES["ocr"].from_rows(ocr), "ocr_spans": TABLES["ocr_spans"].from_rows([])},
        model=None,
        settings={},
    )
    store.commit(
        "v",
        "asr",
        {
            "transcript_words": TABLES["transcript_words"].from_rows(words),
            "transcript_segments": TABLES["transcript_segments"].from_rows([]),
        },
        model=None,
        settings={},
    )
    store.commit("v", "embed", {"frame_embeddings": embeddings}, model="stand-in", settings={})
    store.commit(
        "v",
        "frames",
        {"frames": TABLES["frames"].from_rows(frames), "videos": TABLES["videos"].from_rows([video])},
        model=None,
        settings={},
    )
    store.update_manifest(embed_model="stand-in", embed_dim=2)
    with vqdb.connect(root, progress=False) as corpus:
        corpus.sql_unchecked(
            "CREATE OR REPLACE MACRO vq_text_vector(q) AS [1.0, 0.0]::FLOAT[2]"
        )  # every query: "a dog"
        yield corpus


def intervals(corpus, plan: Plan, **kw) -> list[tuple]:
    found = locate(corpus, "ignored", video="v", plan=plan, **kw).intervals.to_pylist()
    return [(r["start_s"], r["end_s"], r["score"], r["supporting_calls"]) for r in found]


def test_on_screen_text_is_located_from_half_a_period_before_its_first_read_to_half_after_its_last(corpus):
    found = intervals(corpus, Plan((Call("Q1", "ocr", "EXIT"),)))
    assert found == [(4.5, 7.5, 1.0, ["Q1"]), (10.5, 13.5, 1.0, ["Q1"])]  # two runs, the earlier first


def test_a_phrase_said_is_located_with_the_phrase_it_is_said_in(corpus):
    assert intervals(corpus, Plan((Call("Q1", "transcript", "ask not what your country"),))) == [
        (10.0, 12.9, 1.0, ["Q1"])  # its clause, "ask" (10.2 s, 0.2 s before: word times' error) to "you." (12.9 s)
    ]
    assert intervals(corpus, Plan((Call("Q1", "transcript", "so ask not"),)))[0][:2] == (9.6, 12.9)  # not before "So,"


def test_calls_that_agree_give_the_stretch_they_share(corpus):
    plan = Plan((Call("Q1", "ocr", "EXIT"), Call("Q2", "transcript", "ask not")), "Q1 AND Q2")
    top = intervals(corpus, plan)[0]
    assert top == (10.5, 12.9, 1.0, ["Q1", "Q2"])  # the text's run [10.5, 13.5] while "ask not" is said [10.2, 12.9]


def test_of_readings_ored_the_best_graded_gives_the_stretch(corpus):
    plan = Plan((Call("Q1", "ocr", "EXIT"), Call("Q2", "transcript", "ask knot what your country")), "Q1 OR Q2")
    found = intervals(corpus, plan)
    assert (10.5, 13.5) in [i[:2] for i in found]  # the text read exactly, not the clause heard with a word off
    assert all(i[:2] != (10.5, 12.9) for i in found)  # nor the stretch the two share


def test_visual_evidence_grows_islands_of_the_best_frames(corpus):
    plan = Plan((Call("Q1", "siglip", "a dog"),))
    assert [i[:2] for i in intervals(corpus, plan, share=0.2)] == [(1.5, 4.5), (14.5, 15.5)]
    assert [i[:2] for i in intervals(corpus, plan)] == [(1.5, 2.5)]  # 5% of 20 frames: the best one


def test_without_evidence_the_answer_is_the_whole_video(corpus):
    result = locate(corpus, "ignored", video="v", plan=Plan((Call("Q1", "ocr", "ZEBRA CROSSING"),)))
    assert result.intervals.to_pylist() == [
        {"video_id": "v", "start_s": 0.0, "end_s": 20.0, "score": None, "supporting_calls": []}
    ]
    assert result.notes == ("no call ranked a frame of v: the whole video is the answer",)
    assert intervals(corpus, uniform_plan()) == [(0.0, 20.0, None, [])]


def test_k_intervals_per_video_that_do_not_overlap(corpus):
    plan = Plan((Call("Q1", "ocr", "platform 9"), Call("Q2", "siglip", "a dog")), "Q1 AND Q2")
    found = intervals(corpus, plan, k=10)
    assert len(found) > 2
    assert all(a[1] <= b[0] or b[1] <= a[0] for i, a in enumerate(found) for b in found[i + 1 :])
    assert len(intervals(corpus, plan, k=2)) == 2
    every_video = locate(corpus, "ignored", plan=plan, k=1).intervals
    assert every_video.column("video_id").to_pylist() == ["v"]


def test_readings_ored_that_follow_one_another_are_one_interval(corpus):
    """The sign says EXIT, then Platform 9, then EXIT again, each as the other leaves: asked for either, the
    answer is the whole stretch, while one call's runs (EXIT twice) stay apart."""
    ored = Plan((Call("Q1", "ocr", "EXIT"), Call("Q2", "ocr", "platform 9")), "Q1 OR Q2")
    assert [i[:2] for i in intervals(corpus, ored)] == [(0.0, 19.5)]
    assert [i[:2] for i in intervals(corpus, Plan((Call("Q1", "ocr", "EXIT"),)))] == [(4.5, 7.5), (10.5, 13.5)]


def test_the_question_is_planned_and_the_sql_is_the_whole_truth(corpus):
    result = corpus.locate("when does the sign say EXIT", video="v.mp4", k=1)
    assert [(c.tool, c.query) for c in result.plan.queries] == [("siglip", "sign"), ("ocr", "EXIT")]
    assert corpus.sql(result.sql).fetchall() == [tuple(r.values()) for r in result.intervals.to_pylist()]


def test_bad_arguments_are_named():
    with pytest.raises(PlanError, match="share must be a fraction"):
        compile_locate(uniform_plan(), share=0)
    with pytest.raises(PlanError, match="k must be a positive integer"):
        compile_locate(Plan((Call("Q1", "ocr", "EXIT"),)), k=0)


def test_the_command_line_prints_intervals(corpus, capsys):
    root = str(corpus.root)
    assert main(["locate", root, "when is 'EXIT' shown", "--video", "v", "--format", "json", "-k", "1"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["start_s"], row["end_s"], row["supporting_calls"]) == (4.5, 7.5, ["Q1"])
    assert main(["locate", root, "when is 'EXIT' shown", "--explain", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("-- plan: {") and "video_id,start_s,end_s,score,supporting_calls" in out
    assert main(["locate", root, "when is 'EXIT' shown", "--video", "nope.mp4"]) == 1
    assert "no video 'nope.mp4'" in capsys.readouterr().err
