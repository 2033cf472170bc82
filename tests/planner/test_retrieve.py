"""retrieve() on real clips (the issue's text-reading and spoken-phrase questions) and on committed rows."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

import vqdb
from vqdb.errors import VqdbError
from vqdb.ingest import extractors
from vqdb.ingest.audio import decode_audio
from vqdb.planner import Call, Plan, retrieve
from vqdb.planner.retrieve import (
    any_voice_instead,
    available_tools,
    make_plan,
    plan_for,
    read_where_nothing_is_said,
    said_in,
)
from vqdb.testing.corpora import empty_corpus


def mux_black_video(audio_path: Path, out_path: Path, seconds: float = 11.0, fps: int = 2) -> Path:
    """A small H.264 video of black frames carrying ``audio_path``'s sound as AAC."""
    track = decode_audio(audio_path).samples.reshape(1, -1)
    with av.open(str(out_path), "w") as out:
        video = out.add_stream("libx264", rate=fps)
        video.width, video.height, video.pix_fmt = 64, 64, "yuv420p"
        audio = out.add_stream("aac", rate=16000, layout="mono")
        for i in range(int(seconds * fps)):
            frame = av.VideoFrame.from_ndarray(np.zeros((64, 64, 3), np.uint8), format="rgb24")
            frame.pts = i
            out.mux(video.encode(frame))
        out.mux(video.encode(None))
        for start in range(0, track.shape[1], 1024):
            chunk = av.AudioFrame.from_ndarray(
                np.ascontiguousarray(track[:, start : start + 1024]), format="flt", layout="mono"
            )
            chunk.rate, chunk.pts = 16000, start
            out.mux(audio.encode(chunk))
        out.mux(audio.encode(None))
    return out_path


def excerpt(path: Path, out_path: Path, start_s: float, end_s: float) -> Path:
    """Frames of ``path`` shown in [start_s, end_s), re-encoded at the same rate at 640x360 (no sound)."""
    with av.open(str(path)) as src, av.open(str(out_path), "w") as out:
        rate = src.streams.video[0].average_rate
        stream = out.add_stream("libx264", rate=rate)
        stream.width, stream.height, stream.pix_fmt = 640, 360, "yuv420p"
        index = 0
        for frame in src.decode(video=0):
            if start_s <= frame.time < end_s:
                image = frame.to_ndarray(format="rgb24", width=640, height=360)
                encoded = av.VideoFrame.from_ndarray(image, format="rgb24")
                encoded.pts = index
                index += 1
                out.mux(stream.encode(encoded))
        out.mux(stream.encode(None))
    return out_path


def ocr_or_skip() -> None:
    reason = extractors.get("ocr").unavailable_reason(vqdb.Config())
    if reason:
        pytest.skip(f"ocr extractor unavailable: {reason}")


@pytest.fixture(scope="module")
def ocr_corpus(shared_data, tmp_path_factory):
    """smpte-2997 (1 fps), movie-hello (0.25 fps, OCR at 960 px: the terminal text is small) and a
    0.2 s excerpt of smpte-2997 at 25 fps: its big counter counts 29.97 fps frames, so it shows 126.000
    for one 40 ms frame, at about 4.2 s, which 1 fps sampling never sees. OCR is slow on CPU: 19 frames."""
    ocr_or_skip()
    work = tmp_path_factory.mktemp("ocr_corpus")
    video = shared_data / "video"
    counter = excerpt(video / "smpte-2997.mp4", work / "smpte-4.12-4.32.mp4", 4.12, 4.32)
    corpus = vqdb.connect(work / "corpus", progress=False)
    runs = [
        ([video / "smpte-2997.mp4"], {}),
        ([video / "movie-hello.mp4"], {"sample_fps": 0.25, "ocr_max_side": 960}),
        ([counter], {"sample_fps": 25.0, "ocr_fps": 25.0}),
    ]
    for paths, settings in runs:
        summary = corpus.ingest(paths, extractors=("ocr",), **settings)
        assert "failed 0" in str(summary), str(summary)
    yield corpus
    corpus.close()


@pytest.fixture(scope="module")
def speech_corpus(shared_data, tmp_path_factory):
    """jfk.flac muxed under 11 s of black frames, transcribed by the asr extractor."""
    reason = extractors.get("asr").unavailable_reason(vqdb.Config())
    if reason:
        pytest.skip(f"asr extractor unavailable: {reason}")
    work = tmp_path_factory.mktemp("speech_corpus")
    clip = mux_black_video(shared_data / "audio" / "jfk.flac", work / "jfk.mp4")
    corpus = vqdb.connect(work / "corpus", progress=False)
    assert "failed 0" in str(corpus.ingest([clip], extractors=("asr",)))
    yield corpus
    corpus.close()


def only_keyframe(result) -> dict:
    rows = result.keyframes.to_pylist()
    assert len(rows) == 1, (result.plan.to_json(), result.notes, rows)
    return rows[0]


@pytest.mark.slow
def test_timecode_question_finds_the_second_it_is_shown(ocr_corpus):
    result = retrieve(ocr_corpus, "when does the timecode read 00:00:05", video="smpte-2997.mp4", k=1)
    assert [(c.tool, c.query) for c in result.plan.queries] == [("ocr", "00:00:05")]
    assert not any("siglip" in n for n in result.notes)  # no embeddings here: the rules made no visual call
    frame = only_keyframe(result)
    assert 5.0 <= frame["ts"] < 6.0 and frame["supporting_calls"] == ["Q1"]


@pytest.mark.slow
def test_big_counter_question_finds_its_one_frame(ocr_corpus):
    result = retrieve(ocr_corpus, "when does the big counter show 126.000", video="smpte-4.12-4.32.mp4", k=1)
    frame = only_keyframe(result)
    shown = ocr_corpus.sql(
        "SELECT list(o.text) FROM ocr o JOIN videos v USING (video_id) "
        "WHERE v.path LIKE '%smpte-4.12-4.32.mp4' AND o.frame_idx = $f",
        params={"f": frame["frame_idx"]},
    ).fetchone()[0]
    assert any(t.replace(",", ".").strip() == "126.000" for t in shown), shown
    assert 0.04 <= frame["ts"] < 0.12  # 126 / 29.97 = 4.204 s into the source; the excerpt starts at 4.12 s


@pytest.mark.slow
def test_listing_question_finds_the_word_games_on_screen(ocr_corpus):
    question = "when is the listing of /usr with the word games on screen"
    result = retrieve(ocr_corpus, question, video="movie-hello.mp4", k=1)
    frame = only_keyframe(result)
    texts = ocr_corpus.sql(
        "SELECT list(o.text) FROM ocr o JOIN videos v USING (video_id) "
        "WHERE v.path LIKE '%movie-hello.mp4' AND o.frame_idx = $f",
        params={"f": frame["frame_idx"]},
    ).fetchone()[0]
    assert any("games" in t.lower() for t in texts), texts  # the frame shows the listing with "games"


@pytest.mark.slow
def test_spoken_phrase_question_finds_a_frame_inside_the_phrase(speech_corpus):
    result = retrieve(speech_corpus, 'when does he say "ask not what your country can do for you"', k=1)
    frame = only_keyframe(result)
    start, end = speech_corpus.sql(
        "SELECT min(start_s), max(end_s) FROM transcript_words WHERE start_s >= 2.5 AND end_s <= 7.5"
    ).fetchone()
    assert start <= frame["ts"] <= end and frame["supporting_calls"] == ["Q1"]


@pytest.mark.slow
def test_a_keyframe_is_placed_inside_the_words_said(speech_corpus):
    """Sampled at 2 fps, a short phrase is ranked on a sampled frame that may fall before its words: the
    keyframe's time is the moment the words are said (at least a quarter second inside their edges, or
    their middle)."""
    for phrase in ("ask not", "my fellow Americans"):
        frame = only_keyframe(retrieve(speech_corpus, f'when does he say "{phrase}"', k=1))
        first, *_, last = phrase.lower().split()
        start, end = speech_corpus.sql(
            "SELECT min(start_s) FILTER (WHERE lower(word) LIKE $f), max(end_s) FILTER (WHERE lower(word) LIKE $l) "
            "FROM transcript_words",
            params={"f": f"%{first}%", "l": f"%{last}%"},
        ).fetchone()
        margin = min(0.25, (end - start) / 2)
        assert start + margin - 1e-9 <= frame["ts"] <= end - margin + 1e-9, (phrase, frame, start, end)


def test_every_video_gets_its_own_keyframes(ocr_corpus):
    result = retrieve(ocr_corpus, "frames", planner="uniform", k=2)
    per_video = result.keyframes.group_by("video_id").aggregate([("frame_idx", "count")]).to_pylist()
    assert len(per_video) == 3 and all(row["frame_idx_count"] == 2 for row in per_video)


def test_available_tools_follow_the_extractors(ocr_corpus, tmp_path):
    assert available_tools(ocr_corpus) == ["ocr"]
    assert available_tools(vqdb.connect(empty_corpus(tmp_path))) == []


def test_a_picture_without_a_visual_model_is_read_on_screen_and_says_so(ocr_corpus):
    plan = plan_for(ocr_corpus, "a dog running on a beach", video="smpte-2997.mp4")
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "dog running on a beach")]
    assert plan.notes[-1] == "no visual model: 'dog running on a beach' looked for in ocr"
    result = retrieve(ocr_corpus, "a dog running on a beach", video="smpte-2997.mp4", k=4)
    assert result.notes[: len(plan.notes)] == plan.notes
    assert all(row["supporting_calls"] == [] for row in result.keyframes.to_pylist())  # no such words shown


def test_who_speaks_in_a_corpus_without_a_voices_table_is_any_voice_and_says_how_to_add_it():
    asked = make_plan("when does the woman say 'thank you'?")
    instead = any_voice_instead(asked)
    assert [(c.tool, c.query) for c in asked.queries if c.tool == "audio"] == [("audio", "a woman's voice")]
    assert [(c.tool, c.query) for c in instead.queries if c.tool == "audio"] == [("audio", "speech")]
    assert instead.combine == asked.combine and "--only audio --force" in instead.notes[-1]
    no_one_named = make_plan("when does she say 'budget'?")
    assert any_voice_instead(no_one_named) == no_one_named


def test_words_asked_as_said_in_a_video_where_nothing_is_said_are_read_on_screen():
    asked = make_plan("at what point does someone ask whether a flag shows up in the video")
    read = read_where_nothing_is_said(asked)
    assert {c.tool for c in asked.queries} == {"transcript", "subtitle"}
    # "shows up" is written "appears" before the rules read the question (rules.plain_words)
    assert [(c.tool, c.query) for c in read.queries] == [("ocr", "whether a flag appears")]
    assert read.combine == "Q3" and "nothing is said" in read.notes[-1]
    shown = make_plan("when does the sign say EXIT")
    assert read_where_nothing_is_said(shown) == shown  # nothing asked as said


def test_a_video_is_said_in_where_its_words_were_transcribed(speech_corpus, ocr_corpus):
    (jfk,) = [row[0] for row in speech_corpus.sql("SELECT video_id FROM videos").fetchall()]
    assert said_in(speech_corpus, jfk)
    assert not said_in(ocr_corpus, jfk)  # no transcript there at all


def test_a_plan_with_no_usable_call_samples_uniformly(ocr_corpus):
    plan = plan_for(ocr_corpus, "the sound of rain", video="smpte-2997.mp4")
    assert plan.is_uniform and "sampling frames uniformly" in plan.notes[-1], plan.notes
    result = retrieve(ocr_corpus, "the sound of rain", video="smpte-2997.mp4", k=4)
    assert result.keyframes.num_rows == 4 and result.notes == plan.notes


def test_unknown_video_is_named(ocr_corpus):
    with pytest.raises(VqdbError, match="no video 'nope.mp4' in the corpus"):
        retrieve(ocr_corpus, "anything", video="nope.mp4")


def test_a_given_plan_runs_as_is(ocr_corpus):
    plan = Plan((Call("T", "ocr", "Hello world"),))
    result = retrieve(ocr_corpus, "ignored", video="movie-hello.mp4", k=3, plan=plan)
    assert result.plan is plan and result.keyframes.num_rows >= 1
    assert all(row["supporting_calls"] in (["T"], []) for row in result.keyframes.to_pylist())


def test_make_plan_rejects_unknown_planners_and_tools():
    with pytest.raises(VqdbError, match="unknown planner 'magic'"):
        make_plan("q", planner="magic")
    with pytest.raises(VqdbError, match=r"unknown tool\(s\) \['smell'\]"):
        make_plan("q", available_tools=["smell"])


def test_without_a_visual_model_a_picture_is_looked_for_in_what_is_read_or_said():
    """A question the rules read as a picture plans siglip; a corpus without SigLIP weights would sample
    uniformly, so what it describes is looked for on screen and by meaning in the transcript and subtitles
    instead, ORed."""
    question = "when does the narrator compare communism to a ghost?"
    visual = make_plan(question)
    assert {c.tool for c in visual.queries} <= {"siglip", "region"}, visual.to_json()  # what the rules see
    plan = make_plan(question, available_tools=["transcript", "subtitle", "ocr"])
    assert {c.tool for c in plan.queries} == {"ocr", "transcript", "subtitle"} and plan.combine.count(" OR ") == 2
    assert plan.notes[-1].startswith("no visual model:")
    # a plan that keeps a call of its own, a baseline and a corpus without text are left as they are
    assert make_plan("when is EXIT on screen", available_tools=["transcript", "ocr"]).queries[0].tool == "ocr"
    assert make_plan(question, planner="siglip-q", available_tools=["transcript"]).queries == ()
    assert make_plan(question, available_tools=["audio"]).queries == ()
    assert [c.tool for c in make_plan(question, available_tools=["ocr"]).queries] == ["ocr"]


@pytest.mark.slow
def test_without_a_visual_model_words_asked_as_a_picture_are_read(ocr_corpus):
    """ "the games and lib folders" are pictures to the rules (siglip); this corpus has no visual model, so
    the words are read on screen: the frame listing the folders (5.23-8.33 s) ranks first, not a uniform
    sample."""
    question = "where are the games and lib folders"
    assert {c.tool for c in make_plan(question).queries} == {"siglip"}
    result = retrieve(ocr_corpus, question, video="movie-hello.mp4", k=1)
    assert {c.tool for c in result.plan.queries} == {"ocr"}, result.plan.to_json()
    assert 5.23 <= only_keyframe(result)["ts"] <= 8.33


def test_the_frames_of_one_phrase_said_are_one_keyframe_not_several(tmp_path):
    # every frame of the segment that says "the printing press" is its evidence, placed in the words said
    # (1-4 s): kept apart by their sampled times they came back as three keyframes at 3.4 s, one moment
    from vqdb.store import Store

    from .test_speech_candidates import commit_speech

    store = Store.create(tmp_path)
    words = "so the printing press of Gutenberg changed how every book was made and the world read more than ever"
    commit_speech(store, "v", (words + " before after it").split())
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": "the printing press"}]})
    with vqdb.connect(tmp_path) as corpus:
        found = corpus.retrieve("", video="v", k=4, plan=plan)
        sql_rows = corpus.sql_unchecked(found.sql).to_arrow_table().to_pylist()
    times = sorted(found.keyframes.column("ts").to_pylist())
    gap = 24 / (2 * 4)  # toolmerge_gap of a 24 s video, 4 keyframes
    assert len(times) == 4 and all(b - a >= gap for a, b in zip(times, times[1:], strict=False)), times
    assert 1.0 <= times[0] <= 4.0, times  # the phrase itself is still the first
    assert sql_rows == found.keyframes.to_pylist()  # the compiled SQL keeps the same frames
