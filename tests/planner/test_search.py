"""search() across a corpus: on real clips (OCR'd timecodes and a listing, a transcribed speech), and on
committed rows for the logic (calibration across videos, candidates from indexes equal to every video,
rows appended after an index was built)."""

from __future__ import annotations

import dataclasses
import json

import duckdb
import numpy as np
import pyarrow as pa
import pytest

import vqdb
from vqdb.cli import main
from vqdb.config import Config
from vqdb.ingest import extractors
from vqdb.ingest.extractors.embed import vectors_to_arrow
from vqdb.ingest.sentence_vectors import with_sentence_vectors
from vqdb.planner import retrieve, tools
from vqdb.planner import search as search_module
from vqdb.planner.columnar import TEXT_EVIDENCE_MIN
from vqdb.planner.plan import Plan
from vqdb.planner.screen_texts import screen_texts_of
from vqdb.planner.search import meant_estimate, moments_in, screen_estimates, search, spoken_values
from vqdb.planner.spoken_words import spoken_words_of
from vqdb.planner.tools.base import FrameEvidence
from vqdb.planner.video_frames import VideoFrames
from vqdb.planner.word_rarity import WordRarity
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.text_index import TEXT_COLUMNS, build_text_indexes
from vqdb.store.vector_index import VECTOR_COLUMNS
from vqdb.udfs.embedding_cache import session_cache

from .test_retrieve import mux_black_video, ocr_or_skip

SPOKEN = 'when does he say "ask not what your country can do for you"'


@pytest.fixture(scope="module")
def real_corpus(shared_data, tmp_path_factory):
    """smpte-2997 (OCR at 1 fps), movie-hello (OCR at 0.25 fps, 960 px) and jfk.flac muxed under black
    frames (speech recognized): three videos, each with evidence for different questions."""
    ocr_or_skip()
    reason = extractors.get("asr").unavailable_reason(vqdb.Config())
    if reason:
        pytest.skip(f"asr extractor unavailable: {reason}")
    work = tmp_path_factory.mktemp("search_corpus")
    video = shared_data / "video"
    clip = mux_black_video(shared_data / "audio" / "jfk.flac", work / "jfk.mp4")
    corpus = vqdb.connect(work / "corpus", progress=False)
    runs = [
        ([video / "smpte-2997.mp4"], ("ocr",), {}),
        ([video / "movie-hello.mp4"], ("ocr",), {"sample_fps": 0.25, "ocr_max_side": 960}),
        ([clip], ("asr",), {}),
    ]
    for paths, names, settings in runs:
        summary = corpus.ingest(paths, extractors=names, **settings)
        assert "failed 0" in str(summary), str(summary)
    yield corpus
    corpus.close()


def file_names(moments: pa.Table) -> list[str]:
    return [path.rsplit("/", 1)[-1] for path in moments.column("path").to_pylist()]


@pytest.mark.slow
def test_a_timecode_is_found_in_its_video_and_no_other_is_listed(real_corpus):
    moments = search(real_corpus, "when does the timecode read 00:00:05", k=5).moments
    first = moments.to_pylist()[0]
    assert file_names(moments) == ["smpte-2997.mp4"] * moments.num_rows, moments.to_pylist()
    assert 5.0 <= first["ts"] < 6.0 and first["start_s"] <= first["ts"] <= first["end_s"], first
    assert "00" in first["evidence"] and first["evidence"].startswith("read:"), first


@pytest.mark.slow
def test_a_spoken_phrase_finds_the_speech_first_and_only_it(real_corpus):
    moments = search(real_corpus, SPOKEN, k=5).moments
    first = moments.to_pylist()[0]
    start, end = real_corpus.sql(
        "SELECT min(start_s), max(end_s) FROM transcript_words WHERE start_s >= 2.5 AND end_s <= 7.5"
    ).fetchone()
    assert set(file_names(moments)) == {"jfk.mp4"}, moments.to_pylist()
    assert start <= first["ts"] <= end and first["score"] >= 0.7, first
    assert "country" in first["evidence"].lower() and first["evidence"].startswith("said:"), first


@pytest.mark.slow
def test_text_in_a_listing_is_found_in_its_video(real_corpus):
    moments = search(real_corpus, "when is the word games shown on the screen", k=3).moments
    assert file_names(moments)[:1] == ["movie-hello.mp4"], moments.to_pylist()
    assert "games" in moments.column("evidence")[0].as_py().lower()


@pytest.mark.slow
def test_a_question_nothing_answers_lists_nothing(real_corpus):
    assert search(real_corpus, 'when does the sign say "zebrafish aquarium"', k=5).moments.num_rows == 0


@pytest.mark.slow
def test_a_moment_is_one_of_retrieves_keyframes_in_its_order(real_corpus):
    result = search(real_corpus, "when does the timecode read 00:00:07", k=4)
    for video_id in set(result.moments.column("video_id").to_pylist()):
        found = [m for m in result.moments.to_pylist() if m["video_id"] == video_id]
        keyframes = retrieve(real_corpus, "", video=video_id, k=4, plan=result.plan).keyframes.to_pylist()
        in_order = [kf["ts"] for kf in sorted(keyframes, key=lambda kf: kf["merged_rank"])]
        listed = [m["ts"] for m in found]
        assert listed == [t for t in in_order if t in listed], (listed, in_order)


@pytest.mark.slow
def test_sql_and_cli_give_the_same_moments(real_corpus, capsys):
    expected = search(real_corpus, SPOKEN, k=3).moments.to_pylist()
    rows = real_corpus.sql("SELECT * FROM search($q, k := 3)", params={"q": SPOKEN}).to_arrow_table().to_pylist()
    assert rows == expected
    assert main(["search", str(real_corpus.root), SPOKEN, "-k", "3", "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [(r["video_id"], r["ts"]) for r in printed] == [(r["video_id"], r["ts"]) for r in expected]


# -- committed rows -------------------------------------------------------------------------------------


def table_of(name: str, columns: dict) -> pa.Table:
    """``columns`` completed to the table's schema (absent columns NULL)."""
    schema = TABLES[name].arrow_schema()
    n = len(next(iter(columns.values())))
    return pa.Table.from_arrays(
        [pa.array(columns[f.name], f.type) if f.name in columns else pa.nulls(n, f.type) for f in schema],
        schema=schema,
    )


def commit_video(
    store: Store,
    video_id: str,
    reads: dict[int, str | list[str]],
    seconds: int = 20,
    boxes: dict[int, dict] | None = None,
    meant: bool = False,
) -> None:
    """A video sampled at 1 fps whose OCR read ``reads`` (second -> text, or the texts of its boxes, in
    ``boxes``: second -> box, where given) and nothing elsewhere; ``meant``: its spans stored with their
    sentence vectors (``text_emb``), as the ocr extractor stores them."""
    reads_by_box = [
        (s, text) for s, texts in sorted(reads.items()) for text in ([texts] if isinstance(texts, str) else texts)
    ]
    idx = np.arange(seconds, dtype=np.int32)
    frames = table_of("frames", {"video_id": [video_id] * seconds, "frame_idx": idx, "ts": idx.astype(float)})
    videos = table_of(
        "videos", {"video_id": [video_id], "path": [f"/clips/{video_id}.mp4"], "duration_s": [float(seconds)]}
    )
    store.commit(video_id, "frames", {"frames": frames, "videos": videos}, model=None, settings={})
    seconds_read = [s for s, _ in reads_by_box]
    ocr = table_of(
        "ocr",
        {
            "video_id": [video_id] * len(reads_by_box),
            "frame_idx": seconds_read,
            "ts": [float(s) for s in seconds_read],
            "text": [text for _, text in reads_by_box],
            "confidence": [0.9] * len(reads_by_box),
            "shown_from_s": [float(s) for s in seconds_read],
            "shown_to_s": [float(s) + 1 for s in seconds_read],
            **({"box": [boxes.get(s) for s in seconds_read]} if boxes else {}),
        },
    )
    spans = table_of(
        "ocr_spans",
        {
            "video_id": [video_id] * len(reads_by_box),
            "span_id": list(range(len(reads_by_box))),
            "start_s": [float(s) for s in seconds_read],
            "end_s": [float(s) for s in seconds_read],
            "text": [text for _, text in reads_by_box],
        },
    )
    if meant:
        spans = with_sentence_vectors(spans, Config())
    store.commit(video_id, "ocr", {"ocr": ocr, "ocr_spans": spans}, model="test", settings={})


@pytest.fixture
def signs(tmp_path):
    """Four videos: one reads 'EMERGENCY EXIT' exactly, one with a misread ('EMERGENCV EXIT'), one only
    'EXIT' (part of the query), one unrelated text."""
    store = Store.create(tmp_path)
    commit_video(store, "exact", {3: "NO ENTRY", 12: "EMERGENCY EXIT"})
    commit_video(store, "misread", {5: "EMERGENCV EXIT"})
    commit_video(store, "part", {8: "EXIT"})
    commit_video(store, "other", {2: "WELCOME", 9: "OPEN DAILY"})
    build_text_indexes(store)
    with vqdb.connect(tmp_path) as corpus:
        yield corpus


def test_a_strong_text_match_outranks_a_weak_one_in_another_video(signs):
    moments = signs.search("when does the screen read EMERGENCY EXIT", k=10).moments.to_pylist()
    assert [m["video_id"] for m in moments][:2] == ["exact", "misread"], moments
    assert moments[0]["score"] > moments[1]["score"] and 12.0 <= moments[0]["ts"] < 13.0
    assert moments[0]["path"] == "/clips/exact.mp4" and moments[0]["evidence"] == 'read: "EMERGENCY EXIT"'
    assert "other" not in {m["video_id"] for m in moments}  # no evidence: not listed
    assert [m["rank"] for m in moments] == list(range(1, len(moments) + 1))


def test_candidates_from_the_indexes_give_what_every_video_gives(signs):
    for question in ("when does the screen read EMERGENCY EXIT", "when is OPEN DAILY shown", "NO ENTRY sign text"):
        indexed = signs.search(question, k=5)
        every = signs.search(question, k=5, exhaustive=True)
        assert indexed.moments.to_pylist() == every.moments.to_pylist(), question
        assert set(indexed.candidates) < set(every.candidates)


def test_the_ocr_tool_grades_the_reads_of_every_candidate_in_one_statement(signs, monkeypatch):
    """A search asks the session for the OCR grades of all its candidate videos at once; each video's evidence is
    what the tool gives it alone."""
    cursor = signs.cursor_unchecked()
    videos = [VideoFrames.load(cursor, v, k=5) for v in ("exact", "misread", "part", "other")]
    ocr = tools.get("ocr")
    alone = [ocr.frame_evidence(video, "EMERGENCY EXIT") for video in videos]
    asked, value = [], VideoFrames.value

    def counted(self, sql, params=None):
        asked.append(sql)
        return value(self, sql, params)

    monkeypatch.setattr(VideoFrames, "value", counted)
    together = ocr.frame_evidence_each(videos, "EMERGENCY EXIT")
    assert len(asked) == 1
    assert np.nanmax(together[0].score) == 1.0 and np.isnan(together[3].score).all()
    for one, other in zip(alone, together, strict=True):
        for a, b in zip(dataclasses.astuple(one), dataclasses.astuple(other), strict=True):
            np.testing.assert_array_equal(a, b)


def test_rows_committed_after_the_index_are_searched(signs, tmp_path):
    with Store.open(tmp_path, writable=True) as store:
        commit_video(store, "late", {4: "EMERGENCY EXIT"})  # no build_text_indexes: not in the index yet
    signs.refresh()
    moments = signs.search("when does the screen read EMERGENCY EXIT", k=10).moments.to_pylist()
    assert {"late", "exact"} <= {m["video_id"] for m in moments[:3]}, moments


def test_an_anded_call_without_evidence_lowers_a_moment_instead_of_hiding_it(signs, tmp_path):
    with Store.open(tmp_path, writable=True) as store:
        commit_video(store, "both", {6: "EXIT STAIRS"})
    signs.refresh()
    calls = [{"id": "Q1", "tool": "ocr", "query": "EXIT"}, {"id": "Q2", "tool": "ocr", "query": "STAIRS"}]
    plan = Plan.from_json({"queries": calls, "combine": "Q1 AND Q2"})
    moments = signs.search("when do the exit stairs show", plan=plan, k=10).moments.to_pylist()
    assert moments[0]["video_id"] == "both" and moments[0]["supporting_calls"] == ["Q1", "Q2"], moments
    assert {"exact", "part"} <= {m["video_id"] for m in moments[1:]}, moments  # "EXIT" read, "STAIRS" not
    assert moments[0]["score"] > max(m["score"] for m in moments[1:]) and "other" not in str(moments)


def test_every_index_a_tool_is_searched_in_is_one_the_store_builds():
    """A tool's search indexes (its class attributes) name tables the store indexes: full-text
    (``text_index.TEXT_COLUMNS``) and vector (``vector_index.VECTOR_COLUMNS``)."""
    for tool in map(tools.get, tools.names()):
        assert set(tool.text_indexes) <= set(TEXT_COLUMNS), tool.name
        assert tool.vector_index is None or tool.vector_index in VECTOR_COLUMNS, tool.name
        assert (tool.vector_index is None) == (tool.query_embedder is None), tool.name


def test_a_misread_word_makes_its_video_a_candidate(tmp_path):
    """The full-text indexes find 'LIFTOFFI' (a read with one letter too many) for LIFTOFF, as the frame's grade
    does: the video is a candidate and the indexes' search lists what the exhaustive one lists."""
    store = Store.create(tmp_path)
    commit_video(store, "launch", {19: "LIFTOFFI"})
    commit_video(store, "other", {2: "WELCOME"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "LIFTOFF"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        indexed = corpus.search("when does LIFTOFF appear on screen", plan=plan, k=5)
        every = corpus.search("when does LIFTOFF appear on screen", plan=plan, k=5, exhaustive=True)
    assert indexed.candidates == ("launch",), indexed.candidates
    assert [m["video_id"] for m in indexed.moments.to_pylist()] == ["launch"]
    assert indexed.moments.to_pylist() == every.moments.to_pylist()


def test_a_read_running_the_words_together_is_a_candidate_before_videos_sharing_a_word(tmp_path):
    """OCR drops spaces and misreads letters: 'FIREEXlT' holds no word of 'FIRE EXIT' that a full-text index
    matches, while twelve videos read 'EXIT' itself. The candidates come by the grade of the corpus's reads, so
    a search merging two videos at most finds it second, as the exhaustive scan does, and merges no more
    videos than the k-th moment needs."""
    store = Store.create(tmp_path)
    commit_video(store, "exact", {4: "FIRE EXIT"})
    commit_video(store, "squashed", {7: "FIREEXlT"})
    for i in range(12):
        commit_video(store, f"door{i:02d}", {3: "EXIT", 9: f"GATE {i}"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "FIRE EXIT"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        indexed = corpus.search("when is FIRE EXIT on screen", plan=plan, k=2, max_videos=2)
        every = corpus.search("when is FIRE EXIT on screen", plan=plan, k=2, exhaustive=True)
    assert indexed.candidates == ("exact", "squashed"), indexed.candidates
    assert indexed.moments.to_pylist() == every.moments.to_pylist(), (indexed.moments, every.moments)


def test_the_query_word_itself_outranks_its_letters_inside_another_word(tmp_path):
    """'call' aligns inside 'SCALLOPS' (grade 0.95) better than in 'CALL 0800 123 456' (0.93), since OCR drops
    spaces; across videos the read that holds the word itself comes first."""
    store = Store.create(tmp_path)
    commit_video(store, "menu", {4: "SCALLOPS"})
    commit_video(store, "phone", {7: "CALL 0800 123 456"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "call"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        moments = corpus.search("what number does the card say to call", plan=plan, k=5, exhaustive=True).moments
    listed = moments.to_pylist()
    assert [m["video_id"] for m in listed] == ["phone", "menu"], listed
    assert listed[0]["score"] > listed[1]["score"]


def test_an_exact_read_in_a_busy_frame_outranks_a_misread_shown_alone(tmp_path):
    """A read's grade on screen gives a tenth to how much of the frame's text the query is (0.91 for EXIT in a
    line of 40 letters), which words said do not have; across videos the exact read comes first and the
    shorter text only breaks ties ('EXlT' alone grades 0.95, one letter misread)."""
    store = Store.create(tmp_path)
    commit_video(store, "hall", {6: "PLEASE USE THE EMERGENCY EXIT AT THE REAR OF THE HALL"})
    commit_video(store, "misread", {3: "EXlT"})
    commit_video(store, "door", {9: "EXIT"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        listed = corpus.search("when is the EXIT sign shown", plan=plan, k=5).moments.to_pylist()
    assert [m["video_id"] for m in listed] == ["door", "hall", "misread"], listed
    assert listed[0]["score"] == listed[1]["score"] == 1.0 > listed[2]["score"], listed


def test_of_two_exact_reads_the_box_that_is_the_query_comes_first_however_busy_its_frame(tmp_path):
    """Both frames read "Send" exactly (score 1); the shorter text that holds it is the box, not the frame: a
    button reading "Send" among a busy page's other boxes before a menu item "Send Spike" alone on screen."""
    store = Store.create(tmp_path)
    page = ["Input Video", "Examples", "What is unusual about this image?", "Send", "Clear history", "Upvote"]
    commit_video(store, "chat", {3: "Send Spike"})
    commit_video(store, "page", {6: page})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "Send"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        listed = corpus.search("when is the Send button shown", plan=plan, k=5).moments.to_pylist()
    assert [m["video_id"] for m in listed] == ["page", "chat"], listed
    assert listed[0]["score"] == listed[1]["score"] == 1.0 and 6.0 <= listed[0]["ts"] < 7.0, listed


def test_a_plan_with_an_order_lists_every_videos_answer_before_any_videos_other_moments(tmp_path):
    """ "When is EXIT first shown?" asks for one moment a video: the misread first EXIT of another video (0.95)
    comes before the hall's second EXIT (1), which is not what was asked; without the order it comes after."""
    store = Store.create(tmp_path)
    commit_video(store, "hall", {second: "EXIT" if second in (2, 9) else "OPEN DAILY" for second in range(20)})
    commit_video(store, "door", {5: "EXlT"})
    build_text_indexes(store)
    found = {"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1"}
    with vqdb.connect(tmp_path) as corpus:
        listed = {
            order: [
                (m["video_id"], int(m["ts"]))
                for m in corpus.search("when is EXIT first shown", plan=plan).moments.to_pylist()
            ]
            for order, plan in (("first", Plan.from_json({**found, "order": "first"})), (None, Plan.from_json(found)))
        }
    assert listed["first"] == [("hall", 2), ("door", 5), ("hall", 9)], listed
    assert listed[None] == [("hall", 2), ("hall", 9), ("door", 5)], listed


def test_moments_that_tie_across_videos_list_each_videos_first_before_any_videos_second(tmp_path):
    """Two videos show EXIT exactly twice each (every moment scores 1) and a third a misread one: the question
    does not tell the first two apart, so each one's first EXIT comes before either one's second (a search lists
    the videos that answer, not two moments of the first candidate), each video keeps retrieve's order, the
    misread comes last, and a note says the first two tie."""
    store = Store.create(tmp_path)
    for video, shown in (("a", (2, 12)), ("b", (5, 15))):
        commit_video(store, video, {second: "EXIT" if second in shown else "OPEN DAILY" for second in range(20)})
    commit_video(store, "c", {8: "EXlT"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        found = corpus.search("when is EXIT shown", plan=plan, k=5)
    listed = [(m["video_id"], int(m["ts"])) for m in found.moments.to_pylist()]
    assert sorted(listed[:2]) == [("a", 2), ("b", 5)] and sorted(listed[2:4]) == [("a", 12), ("b", 15)], listed
    assert listed[4] == ("c", 8), listed
    assert [n for n in found.notes if "tells them apart" in n] == [
        "2 videos score 1.00 as the first moment does: nothing in the question tells them apart"
    ], found.notes


def test_a_first_moment_no_other_video_ties_gives_no_tie_note(signs):
    found = signs.search("when does the screen read EMERGENCY EXIT", k=10)
    assert found.moments.column("video_id").to_pylist()[0] == "exact", found.moments.to_pylist()
    assert not [n for n in found.notes if "tells them apart" in n], found.notes


def test_a_keyframe_without_evidence_ranked_first_caps_no_moment_of_its_video():
    """retrieve may rank first a frame where both ANDed calls find only a sentence sharing the topic (grades 0.1,
    below ``TEXT_EVIDENCE_MIN``: not listed); the exact read after it keeps its own score (half, one call of two),
    not the topic's, or its whole video would sink below others'."""
    con = duckdb.connect()
    con.execute(
        "CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts FROM range(20) t(i)"
    )
    con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 20.0 AS duration_s")
    calls = [{"id": "Q1", "tool": "subtitle", "query": "exit"}, {"id": "Q2", "tool": "ocr", "query": "exit"}]
    plan = Plan.from_json({"queries": calls, "combine": "Q1 AND Q2"})
    topic, read = np.full(20, np.nan), np.full(20, np.nan)
    topic[2] = read[2] = 0.1
    read[12] = 0.9
    evidence = {"Q1": FrameEvidence(topic), "Q2": FrameEvidence(read)}
    moments = moments_in(plan, VideoFrames.load(con, "v", k=5, gap=1.0), 5, None, evidence)
    assert [(m["ts"], m["supporting_calls"]) for m in moments] == [(12.0, ["Q2"])], moments
    assert moments[0]["merged_rank"] > 1 and moments[0]["score"] == pytest.approx(0.45), moments


def test_a_moments_stretch_holds_its_keyframe():
    """Words said ANDed with a man's voice: at the keyframe (the last phrase, "done.", 6 s) the voice's evidence
    spans his first phrase (0.8-2.9 s) and scores more than the words' (0.5-6.5 s). The moment's stretch was the
    voice's, which does not hold its keyframe: a clip cut from it shows another phrase."""
    con = duckdb.connect()
    con.execute(
        "CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts FROM range(10) t(i)"
    )
    con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 10.0 AS duration_s")
    calls = [
        {"id": "Q1", "tool": "transcript", "query": "show us a directory"},
        {"id": "Q2", "tool": "audio", "query": "a man's voice"},
    ]
    plan = Plan.from_json({"queries": calls, "combine": "Q1 AND Q2"})
    said, voice = np.full(10, np.nan), np.full(10, np.nan)
    said[6], voice[6] = 0.9, 1.0
    spans = {"Q1": (0.5, 6.5), "Q2": (0.8, 2.9)}
    evidence = {
        cid: FrameEvidence(
            score,
            start_s=np.where(np.isnan(score), np.nan, spans[cid][0]),
            end_s=np.where(np.isnan(score), np.nan, spans[cid][1]),
        )
        for cid, score in (("Q1", said), ("Q2", voice))
    }
    moments = moments_in(plan, VideoFrames.load(con, "v", k=3, gap=1.0), 3, None, evidence)
    assert [(m["ts"], m["start_s"], m["end_s"]) for m in moments] == [(6.0, 0.5, 6.5)], moments


def test_moments_of_one_video_that_tie_keep_retrieves_order(tmp_path):
    """'the invention' said a second time, transcribed 'the in vention': retrieve puts it first (the plan asks for
    the second time); both grade 1, and the first time said would come first for holding fewer other words
    (``precision``), which orders only moments of different videos."""
    from .test_speech_candidates import commit_speech

    store = Store.create(tmp_path)
    words = "printing began with the invention of type and then came as the in vention of presses everywhere"
    commit_speech(store, "v", words.split())
    plan = Plan.from_json(
        {"queries": [{"id": "Q1", "tool": "transcript", "query": "the invention"}], "combine": "Q1", "order": "second"}
    )
    with vqdb.connect(tmp_path) as corpus:
        first = corpus.retrieve("when is the invention mentioned the second time", video="v", k=5, plan=plan)
        moments = corpus.search("when is the invention mentioned the second time", plan=plan, k=5).moments.to_pylist()
    ranked = sorted(first.keyframes.to_pylist(), key=lambda r: r["merged_rank"])
    assert 11.0 <= ranked[0]["ts"] < 14.0, ranked  # "the in vention", said from 11 s
    assert [m["ts"] for m in moments] == [r["ts"] for r in ranked][: len(moments)], (moments, ranked)
    assert moments[0]["score"] == moments[1]["score"], moments  # a tie, kept in retrieve's order


def test_a_call_with_no_words_is_searched_in_every_video_with_ocr(tmp_path):
    # no index finds "no words": every video OCR'd is a candidate, and only text at the top is evidence
    store = Store.create(tmp_path)
    commit_video(store, "titled", {4: "Chapter two"}, boxes={4: {"x0": 0.2, "y0": 0.05, "x1": 0.8, "y1": 0.2}})
    commit_video(store, "captioned", {6: "Jane Doe"}, boxes={6: {"x0": 0.2, "y0": 0.8, "x1": 0.8, "y1": 0.9}})
    build_text_indexes(store)
    with vqdb.connect(tmp_path) as corpus:
        found = corpus.search("What does the title at the top of the screen say?", k=5)
        assert [c.to_dict() for c in found.plan.queries] == [{"id": "Q1", "tool": "ocr", "query": "", "place": "top"}]
        assert set(found.candidates) == {"titled", "captioned"}
        moments = found.moments.to_pylist()
        assert [(m["video_id"], m["evidence"]) for m in moments] == [("titled", 'read: "Chapter two"')]
        assert 4.0 <= moments[0]["ts"] < 5.0


@pytest.mark.parametrize(
    ("query", "read"),
    [
        ("Initiate Program", "1 Initiote Progrom"),
        ("£250 a month", "{250 month"),
        ("2nd floor", "Znd floor"),
    ],
)
def test_a_read_found_only_once_its_misreads_are_undone_is_a_candidate_as_the_tool_grades_it(query, read, tmp_path):
    """The estimate's bound covers the misread forms (loose letters, a dropped symbol, an ordinal's digit), so
    such a read is graded, and estimated as the ocr tool grades it, not skipped as unrelated."""
    reads = screen_texts_of(
        pa.table({"video_id": ["a", "b"], "frame_idx": [0, 0], "text": [read, "Welcome to Riverside Park"]})
    )
    found = screen_estimates(reads, query, WordRarity(Store.create(str(tmp_path))), 5)
    assert list(found.values) == ["a"] and found.values["a"] > 0.5


def test_a_counters_value_between_reads_is_found_as_the_exhaustive_scan_finds_it(tmp_path):
    """A counter read once a second (every value read between 11 and 21 missed) holds no text that grades for
    'Frame 15': its video is a candidate by the reads of its template (``with_counters``), and the moment is at
    1.4 s, its evidence naming the reads it was estimated between; a video reading a phone number is not."""
    store = Store.create(tmp_path)
    commit_video(store, "counter", {0: "Frame = 1", 1: "Frame = 11", 2: "Frame = 21", 3: "Frame = 31"}, seconds=4)
    commit_video(store, "phone", {0: "Frame 0800 123 456", 1: "Frame 0800 123 457", 2: "Frame 0800 999 000"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "Frame 15"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        indexed = corpus.search("when does it read Frame = 15", plan=plan, k=3)
        every = corpus.search("when does it read Frame = 15", plan=plan, k=3, exhaustive=True)
    listed = indexed.moments.to_pylist()
    assert [(m["video_id"], round(m["ts"], 2)) for m in listed] == [("counter", 1.45)], listed
    assert "estimated between 'Frame = 11' at 1 s and 'Frame = 21' at 2 s" in listed[0]["evidence"]
    assert listed == every.moments.to_pylist()


def test_a_visual_searchs_candidates_embeddings_are_read_in_one_read_with_the_same_moments(tmp_path, monkeypatch):
    """The candidates' frame embeddings are read into the session's cache together (``prefetched``), not one
    Lance read a video as the tool reads them, and the moments are those read a video at a time give."""
    store = Store.create(tmp_path)
    rng = np.random.default_rng(0)
    for video in ("a", "b", "c", "d"):
        idx = np.arange(10, dtype=np.int32)
        frames = table_of("frames", {"video_id": [video] * 10, "frame_idx": idx, "ts": idx.astype(float)})
        videos = table_of("videos", {"video_id": [video], "path": [f"/clips/{video}.mp4"], "duration_s": [10.0]})
        vectors = rng.standard_normal((10, 2)).astype(np.float32)
        columns = {"video_id": [video] * 10, "frame_idx": idx, "ts": idx.astype(float), "model": ["m"] * 10}
        embeddings = pa.table({**columns, "emb": vectors_to_arrow(vectors)})
        store.commit(video, "embed", {"frame_embeddings": embeddings}, model="m", settings={})
        store.commit(video, "frames", {"frames": frames, "videos": videos}, model=None, settings={})
    store.update_manifest(embed_model="stand-in", embed_dim=2)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "a dog"}], "combine": "Q1"})

    def searched(prefetch: bool) -> tuple[list[dict], list[list[str]]]:
        with vqdb.connect(tmp_path, progress=False) as corpus:
            corpus.sql_unchecked("CREATE OR REPLACE MACRO vq_text_vector(q) AS [1.0, 0.0]::FLOAT[2]")
            if not prefetch:
                monkeypatch.setattr(search_module, "prefetched", lambda *args: None)
            name = corpus.cursor_unchecked().sql("SELECT vq_embedding_cache()").fetchone()[0]
            cache, reads = session_cache(name), []
            load = cache._load
            cache._load = lambda table, videos: reads.append(sorted(videos)) or load(table, videos)
            moments = search(corpus, "a dog", k=3, plan=plan, exhaustive=True).moments.to_pylist()
            monkeypatch.undo()
            return moments, reads

    together, reads = searched(prefetch=True)
    alone, one_by_one = searched(prefetch=False)
    assert together == alone and together
    assert reads == [["a"], ["b", "c", "d"]] and one_by_one == [["a"], ["b"], ["c"], ["d"]]


def test_a_visual_estimate_lowers_only_the_videos_whose_summary_bounds_them_below_the_nearest(tmp_path, monkeypatch):
    """The nearest vectors list one video; the others are bounded by their summaries
    (``vqdb.store.visual_summary``): the one with a matching frame at least at that frame's similarity, the one
    without far below, and the AND of a picture and a text finds what the exhaustive scan finds."""
    from vqdb.store.visual_summary import build_visual_summaries

    store = Store.create(tmp_path)
    rng = np.random.default_rng(1)
    e1, e2, e3 = np.eye(8, dtype=np.float32)[:3]
    looks = {
        "near": np.tile(0.95 * e1 + 0.31 * e3, (10, 1)),  # every frame close to the query
        "match": np.stack([e2] * 3 + [0.9 * e1 + 0.44 * e2] + [e2] * 6),  # one frame close, at 3 s
        "none": np.tile(e2, (10, 1)),  # nothing close
    }
    for video, vectors in looks.items():
        vectors = vectors + 0.02 * rng.standard_normal(vectors.shape).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        looks[video] = vectors
        commit_video(store, video, {3: "EXIT"} if video != "near" else {5: "OPEN"}, seconds=10)
        idx = np.arange(10, dtype=np.int32)
        columns = {"video_id": [video] * 10, "frame_idx": idx, "ts": idx.astype(float), "model": ["m"] * 10}
        embeddings = pa.table({**columns, "emb": vectors_to_arrow(vectors)})
        store.commit(video, "embed", {"frame_embeddings": embeddings}, model="m", settings={})
    store.update_manifest(embed_model="stand-in", embed_dim=8)
    build_text_indexes(store)
    monkeypatch.setattr(search_module, "CANDIDATE_ROWS", 3)  # the nearest rows are all of "near"
    query = "vq_text_vector(q) AS [1.0, 0, 0, 0, 0, 0, 0, 0]::FLOAT[8]"
    mixed = Plan.from_json(
        {
            "queries": [{"id": "Q1", "tool": "siglip", "query": "a dog"}, {"id": "Q2", "tool": "ocr", "query": "EXIT"}],
            "combine": "Q1 AND Q2",
        }
    )
    with vqdb.connect(tmp_path, progress=False) as corpus:
        corpus.sql_unchecked(f"CREATE OR REPLACE MACRO {query}")
        estimate = search_module.visual_estimate(corpus, tools.get("siglip"), "a dog")
        assert list(estimate.values) == ["near", "match", "none"]
        best = {video: float((vectors @ e1).max()) for video, vectors in looks.items()}
        assert estimate.values["near"] == estimate.rest > estimate.values["match"] >= best["match"] > 0.85
        assert best["none"] <= estimate.values["none"] < 0.3
        found = search(corpus, "a dog and EXIT", k=3, plan=mixed).moments.to_pylist()
        assert found == search(corpus, "a dog and EXIT", k=3, plan=mixed, exhaustive=True).moments.to_pylist()
        assert found[0]["video_id"] == "match" and 3.0 <= found[0]["ts"] < 4.0
    store.delete_extraction("none", "embed")  # its summary no longer holds: the nearest rows' bound again
    build_visual_summaries(store)
    with vqdb.connect(tmp_path, progress=False) as corpus:
        corpus.sql_unchecked(f"CREATE OR REPLACE MACRO {query}")
        assert "none" not in search_module.visual_estimate(corpus, tools.get("siglip"), "a dog").values


def test_a_value_asked_by_its_form_is_searched_in_every_read_and_found(tmp_path):
    """A query of a value's form ("{date}") has no letters to bound a read's alignment with: its estimate grades
    every distinct read as the tool does, so the video that shows a date is a candidate and its moment listed
    (a bound from the letters "date" would list none)."""
    store = Store.create(tmp_path)
    commit_video(store, "inaugural", {2: "President John F Kennedy", 5: "Inaugural Address, January 20, 1961"})
    commit_video(store, "ident", {3: "CHANNEL 7", 8: "COMING UP AT 9PM"})
    build_text_indexes(store)
    with vqdb.connect(tmp_path) as corpus:
        found = corpus.search("what date is shown on screen?", k=5)
        # a date is often given as its year alone ("the date of the bible": "1455"), so both forms are read
        assert [(c.tool, c.query) for c in found.plan.queries] == [("ocr", "{date}"), ("ocr", "{year}")]
        moments = found.moments.to_pylist()
        assert [m["video_id"] for m in moments] == ["inaugural"], moments
        assert 5.0 <= moments[0]["ts"] < 6.0 and "January 20" in moments[0]["evidence"]


def test_a_values_form_is_estimated_in_every_read_that_holds_one(tmp_path):
    reads = screen_texts_of(
        pa.table({"video_id": ["a", "b", "c"], "frame_idx": [0, 0, 0], "text": ["Sunset 19.15", "9PM", "Time"]})
    )
    found = screen_estimates(reads, "{time}", WordRarity(Store.create(str(tmp_path))), 1)
    assert found.values == {"a": 0.85, "b": 0.85}  # every read graded at once; "Time" is no time


def test_a_value_said_is_estimated_in_the_videos_whose_words_could_say_one():
    said = spoken_words_of(
        pa.table(
            {
                "video_id": ["a", "a", "b", "b", "c", "c"],
                "word": ["leaves", "42", "about", "1455", "hello", "there"],
                "start_s": [0.0, 1, 0, 1, 0, 1],
            }
        )
    )
    assert list(spoken_values(said, "year")) == ["b", "a"]  # "a" says a number: a year in words may join it


def test_a_sign_that_says_the_query_in_other_words_is_a_candidate_bounded_by_its_meaning(tmp_path):
    """'RESTROOMS' reads none of 'toilets' but means it (MiniLM similarity 0.85): its video is a candidate by the
    best similarity of its spans' stored vectors (``meant_estimate``), which bounds the moment's score, and the
    search lists what the exhaustive scan lists. A corpus whose spans were stored without vectors (an older
    ingest) finds none, and the search says what to run."""
    store = Store.create(tmp_path)
    commit_video(store, "sign", {5: "RESTROOMS"}, meant=True)
    for i in range(12):
        commit_video(store, f"gate{i:02d}", {3: f"GATE {i}", 9: "WELCOME"}, meant=True)
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "toilets"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        bound = meant_estimate(corpus, "toilets")
        indexed = corpus.search("where are the toilets", plan=plan, k=1)
        every = corpus.search("where are the toilets", plan=plan, k=1, exhaustive=True)
    assert list(bound.values) == ["sign"] and bound.rest == 0.0, bound
    (moment,) = indexed.moments.to_pylist()
    assert moment["video_id"] == "sign" and 5.0 <= moment["ts"] < 6.0 and indexed.candidates[0] == "sign"
    assert 0 < moment["score"] <= bound.values["sign"], (moment, bound)
    assert indexed.moments.to_pylist() == every.moments.to_pylist() and not indexed.notes
    store.dataset("ocr_spans").drop_columns(["text_emb"])  # as an earlier version wrote the table
    with vqdb.connect(tmp_path) as corpus:
        older = corpus.search("where are the toilets", plan=plan, k=1)
    assert "sign" not in older.moments.column("video_id").to_pylist()
    assert any("25 text(s) shown" in note and "--ocr-spans" in note for note in older.notes), older.notes


def test_a_text_holding_some_of_a_long_querys_words_raises_its_moment_and_alone_is_only_weak_evidence(tmp_path):
    """The grade aligns the whole query, so a caption holding one of its words grades next to nothing by its
    letters and its meaning (as one holding none): ANDed with a year read in both videos, the caption that
    holds "address" comes first; alone, those few words clear no bar, and as nothing else in the corpus does,
    they are listed as the weakest evidence, with a note saying so, the caption first."""
    store = Store.create(tmp_path)
    commit_video(store, "copyright", {2: "Copyright 2013 Brandon Castellano"}, meant=True)
    commit_video(store, "caption", {5: ["President John F Kennedy", "Inaugural Address, January 20, 1961"]}, meant=True)
    build_text_indexes(store)
    asked = {"id": "Q1", "tool": "ocr", "query": "year was address given"}
    plan = Plan.from_json({"queries": [asked, {"id": "Q2", "tool": "ocr", "query": "{year}"}], "combine": "Q1 AND Q2"})
    with vqdb.connect(tmp_path) as corpus:
        moments = corpus.search("in which year was the address given", plan=plan, k=5).moments.to_pylist()
        assert [m["video_id"] for m in moments] == ["caption", "copyright"], moments
        assert moments[0]["score"] > moments[1]["score"]
        alone = Plan.from_json({"queries": [asked], "combine": "Q1"})
        weak = corpus.search("in which year was the address given", plan=alone, k=5)
    listed = weak.moments.to_pylist()
    assert listed and listed[0]["video_id"] == "caption" and listed[0]["score"] < TEXT_EVIDENCE_MIN, listed
    assert search_module.WEAK_NOTE in weak.notes, weak.notes


def test_a_weak_match_is_listed_only_where_no_video_has_a_match_that_lists_it(tmp_path):
    """A sign read "Kessler Ave" is close to "street" only by meaning (a grade under ``TEXT_EVIDENCE_MIN``):
    ``retrieve`` ranks it first in its video, and a search over a corpus where no text says "street" listed
    nothing; it now lists that sign, weakly. Where another video reads "Street", the weak sign is not listed."""
    store = Store.create(tmp_path)
    commit_video(store, "office", {3: "NORTHWIND", 14: "Kessler Ave"}, meant=True)
    commit_video(store, "menu", {4: "Upload Video Send"}, meant=True)
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "street"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        found = corpus.search("at what point is the blue street sign on screen", plan=plan, k=5)
        ranked = corpus.retrieve("at what point is the blue street sign on screen", video="office", plan=plan, k=5)
    first = min(ranked.keyframes.to_pylist(), key=lambda r: r["merged_rank"])
    assert first["supporting_calls"] == ["Q1"] and 14.0 <= first["ts"] < 15.0, ranked.keyframes.to_pylist()
    listed = [(m["video_id"], int(m["ts"])) for m in found.moments.to_pylist()]
    assert listed[0] == ("office", 14) and search_module.WEAK_NOTE in found.notes, (listed, found.notes)
    assert all(0 < m["score"] < TEXT_EVIDENCE_MIN for m in found.moments.to_pylist()), found.moments.to_pylist()
    commit_video(store, "street", {6: "Baker Street"}, meant=True)
    build_text_indexes(store)
    with vqdb.connect(tmp_path) as corpus:
        found = corpus.search("at what point is the blue street sign on screen", plan=plan, k=5)
    assert [m["video_id"] for m in found.moments.to_pylist()] == ["street"], found.moments.to_pylist()
    assert search_module.WEAK_NOTE not in found.notes


def test_a_text_holding_a_phrase_of_a_long_query_is_listed_but_a_topic_word_is_not(tmp_path):
    """A question's descriptive words stay in its query ("lyric video line about the work of our hands"), so the
    lyric "with the WORK of our hands" grades next to nothing as a whole (by its meaning, under
    ``TEXT_EVIDENCE_MIN``); the run of the query's words it holds in order is a partial but real match, listed
    (before, no moment was: the right video absent). A text holding only the topic word ("hands") lists nothing."""
    store = Store.create(tmp_path)
    commit_video(store, "lyrics", {8: "with the WORK of our hands"}, meant=True)
    commit_video(store, "gloves", {3: "Wash your hands"}, meant=True)
    commit_video(store, "menu", {4: "Upload Video Send"}, meant=True)
    build_text_indexes(store)
    query = "lyric video line about the work of our hands"
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": query}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        moments = corpus.search(f"find the {query}", plan=plan, k=5).moments.to_pylist()
    assert [m["video_id"] for m in moments] == ["lyrics"], moments
    assert 8.0 <= moments[0]["ts"] < 9.0 and 0 < moments[0]["score"] < 0.5


def test_a_phrase_held_counts_in_the_screen_estimate_as_in_the_moments_score(tmp_path):
    """A text graded under TEXT_EVIDENCE_MIN that holds a phrase of the query is listed at what the words it
    holds are worth; its video's estimate was its grade alone (0 by the letters here), so a search that stops
    at the estimates would not merge it. The estimate is now at least that moment's score."""
    query = "lyric video line about the work of our hands"
    reads = screen_texts_of(
        pa.table({"video_id": ["lyrics", "menu"], "frame_idx": [8, 4], "text": ["with the WORK of our hands", "Video"]})
    )
    rarity = WordRarity(Store.create(tmp_path))  # every word equally rare
    found = screen_estimates(reads, query, rarity, 5)
    held = search_module.phrase_held(rarity, query, "with the WORK of our hands")
    coverage = rarity.coverage(query, "with the WORK of our hands")
    assert held > 0 and found.values.get("lyrics", 0.0) >= held * (0.5 + 0.5 * coverage), found
    assert "menu" not in found.values


def commit_subtitles(store: Store, video_id: str, cues: dict[int, str]) -> None:
    """A video of 20 s at 1 fps with no text read and the subtitle ``cues`` (second -> text, 2 s each)."""
    commit_video(store, video_id, {})
    starts = sorted(cues)
    rows = table_of(
        "subtitles",
        {
            "video_id": [video_id] * len(starts),
            "cue_id": list(range(len(starts))),
            "start_s": [float(s) for s in starts],
            "end_s": [float(s) + 2 for s in starts],
            "text": [cues[s] for s in starts],
            "source": [f"{video_id}.srt"] * len(starts),
        },
    )
    store.commit(video_id, "subtitles", {"subtitles": rows}, model=None, settings={})


def test_a_phrase_inside_a_line_of_a_script_without_spaces_is_found_as_retrieve_finds_it(tmp_path):
    """A Chinese subtitle line is one token to the full-text index, so '点击上传' inside '请点击上传视频' found no
    candidate and the search listed nothing while retrieve ranked the cue first. Its rows are found by their
    characters, and its letters are words, so the phrase held whole scores as an exact phrase, first; the English
    sentence model's similarities of such lines (0.3 to 0.5 for lines sharing no letter) list no other moment."""
    store = Store.create(tmp_path)
    commit_subtitles(store, "zh", {3: "欢迎使用", 8: "请点击上传视频"})
    commit_subtitles(store, "ja", {4: "東京駅に到着しました"})
    for i in range(12):
        commit_subtitles(store, f"en{i:02d}", {2: f"welcome to episode {i}", 9: "please upload your video"})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "subtitle", "query": "点击上传"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        found = corpus.search("when does a subtitle say 点击上传", plan=plan, k=3, max_videos=3).moments.to_pylist()
        first = corpus.retrieve("when does a subtitle say 点击上传", plan=plan, video="zh", k=1).keyframes.to_pylist()
    assert [(m["video_id"], m["ts"], m["score"]) for m in found] == [("zh", first[0]["ts"], 1.0)], found
    assert "点击上传" in found[0]["evidence"]


def test_the_description_held_beside_a_value_tells_apart_two_videos_reading_it(tmp_path):
    """A rules plan asks the description ("phone for news tips") and the value (a phone number) in calls of their
    own; both videos read a number to call, the description aligns with neither as a whole, and the words of it
    held beside the number ("Tips?") list the news video's number first."""
    store = Store.create(tmp_path)
    commit_video(store, "signs", {7: "Call 020 7946 0018"})
    commit_video(store, "news", {4: "Tips? Call 1-800-555-0199"})
    build_text_indexes(store)
    asked = [{"id": "Q1", "tool": "ocr", "query": "phone for news tips"}]
    value = [{"id": "Q2", "tool": "ocr", "query": "call"}, {"id": "Q3", "tool": "ocr", "query": "{phone}"}]
    plan = Plan.from_json({"queries": asked + value, "combine": "Q1 AND (Q2 OR Q3)"})
    with vqdb.connect(tmp_path) as corpus:
        moments = corpus.search("which video shows a phone number for news tips", plan=plan, k=5).moments.to_pylist()
    assert [m["video_id"] for m in moments] == ["news", "signs"], moments
    assert moments[0]["score"] > moments[1]["score"]


def test_two_words_of_a_three_word_query_held_in_order_list_a_text_the_query_does_not_align_with(tmp_path):
    """ "book now online" aligned as a whole with an ad's read grades under TEXT_EVIDENCE_MIN (0.07 in a frame
    reading "SKYLINE AIR" beside it); "book now" is most of the query, in its order, and lists the moment, as a
    phrase of a longer query does; "online" alone does not."""
    rarity = WordRarity(Store.create(tmp_path))  # every word equally rare
    held = search_module.phrase_held(rarity, "book now online", "SKYLINE AIR Book now at skylineaircom/deals")
    assert held == pytest.approx(search_module.HELD_WORDS_GRADE * 2 / 3)
    assert search_module.phrase_held(rarity, "book now online", "Order online today") == 0.0
    assert search_module.may_hold_phrase(["book", "now", "online"], "Book now at skylineaircom/deals")


def test_the_words_asked_decide_an_and_over_the_voice_that_says_them():
    """A man's voice is heard wherever a man speaks: ANDed with the words asked, it lists no moment without them."""
    words = {"id": "Q1", "tool": "transcript", "query": "going to show us a directory"}
    voice = {"id": "Q2", "tool": "audio", "query": "a man's voice"}
    plan = Plan.from_json({"queries": [words, voice], "combine": "Q1 AND Q2"})
    has = search_module.moment_has_evidence(plan, {"Q1": np.array([True, False]), "Q2": np.array([True, True])})
    assert has.tolist() == [True, False]


def test_a_plan_without_words_lists_first_the_text_holding_the_questions_own_words(tmp_path):
    """ "Which channel is this, according to the logo in the corner?" reads whatever is in a corner of every video:
    the plan's evidence ties, and the corner that says CHANNEL is the one asked of."""
    store = Store.create(tmp_path)
    corner = {"x0": 0.8, "y0": 0.02, "x1": 0.98, "y1": 0.1}
    commit_video(store, "a-film", {2: "Copyright 2013 Brandon Castellano"}, boxes={2: corner})
    commit_video(store, "b-ident", {3: "CHANNEL 7"}, boxes={3: corner})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "", "place": "corner"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        moments = corpus.search("Which channel is this, according to the logo?", plan=plan, k=5).moments.to_pylist()
    assert [m["video_id"] for m in moments] == ["b-ident", "a-film"], moments
    assert moments[0]["score"] == moments[1]["score"]


def test_a_moment_is_weighed_and_shown_at_the_read_of_its_text_that_holds_the_word(tmp_path):
    """OCR reads one text on screen (shown from 4 to 7 s) differently from frame to frame: a prompt, then "ls /usr"
    typed in it. Across videos the read holding "ls" is weighed (and shown), not the one nearest the keyframe,
    so the terminal comes before "ls" met only as letters inside "deals"."""
    store = Store.create(tmp_path)
    commit_video(store, "deals", {4: "Book now at skyline.com/deals"})
    commit_video(store, "terminal", {})
    reads = ["Hello world user:~$", "Hello world user:~$", "Hello world user:~$ ls /usr"]
    ocr = table_of(
        "ocr",
        {
            "video_id": ["terminal"] * 3,
            "frame_idx": [4, 5, 6],
            "ts": [4.0, 5.0, 6.0],
            "text": reads,
            "confidence": [0.9] * 3,
            "shown_from_s": [4.0] * 3,
            "shown_to_s": [7.0] * 3,
        },
    )
    spans = table_of(
        "ocr_spans", {"video_id": ["terminal"], "span_id": [0], "start_s": [4.0], "end_s": [7.0], "text": [reads[-1]]}
    )
    store.commit("terminal", "ocr", {"ocr": ocr, "ocr_spans": spans}, model="test", settings={})
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "ls"}], "combine": "Q1"})
    with vqdb.connect(tmp_path) as corpus:
        moments = corpus.search("which clip shows someone typing ls", plan=plan, k=5).moments.to_pylist()
    assert moments[0]["video_id"] == "terminal", moments
    assert "ls /usr" in moments[0]["evidence"], moments[0]
