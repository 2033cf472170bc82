"""answer / answer_on_keyframes: VLM and evidence-only paths, confidence, clue intervals, cache, backends."""

from __future__ import annotations

import base64
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import vqdb
from vqdb.answer import Answer, EvidenceAnswerer, answer, answer_on_keyframes, ground, resolve_backend
from vqdb.config import Config
from vqdb.errors import ConfigError, VqdbError
from vqdb.models.openai_chat import ChatClient
from vqdb.models.protocols import ChatResult
from vqdb.planner import retrieve
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus

OPTIONS = ["A stop sign", "An exit sign", "A welcome banner"]
KEYFRAMES = [{"video_id": "vid1", "frame_idx": 4, "ts": 4.0}, {"video_id": "vid1", "frame_idx": 6, "ts": 6.0}]


def letter_reply(letter="B", logprob=-0.05, alternatives=None):
    tops = {letter: logprob, **(alternatives or {})}
    return ChatResult(letter, [logprob], {}, [letter], [tops])


def test_vlm_multiple_choice_with_confidence_frames_and_clues(corpus, scripted, frame_jpeg):
    vlm = scripted(letter_reply("B", -0.1, {"A": -2.5, " B": -4.0}))
    result = answer_on_keyframes(corpus, "What sign is shown?", KEYFRAMES, options=OPTIONS, backend=vlm)
    assert (result.answer, result.answer_text, result.answerer, result.model) == (
        "B",
        OPTIONS[1],
        "vlm",
        "scripted:vlm",
    )
    assert result.confidence == pytest.approx(0.9048 + 0.0183, abs=1e-3)  # P("B") + P(" B")
    # half-width duration / (4 k) = 20 / 8 = 2.5 s around 4 s and 6 s, merged
    assert result.clue_intervals == [[1.5, 8.5]]
    assert [e.text for e in result.evidence] == ["Hello world", "EXIT"]
    call = vlm.calls[0]
    assert call["logprobs"] is True and call["max_tokens"] == 8
    content = call["messages"][1]["content"]
    images = [p["image_url"]["url"].split(",", 1)[1] for p in content if p["type"] == "image_url"]
    assert [base64.b64decode(i) for i in images] == [frame_jpeg(4), frame_jpeg(6)]
    text = content[-1]["text"]
    assert "timestamps are:\n\n4.0, 6.0" in text and "A:A stop sign\nB:An exit sign" in text
    assert "letter only" in call["messages"][0]["content"]


def test_vlm_open_ended_gets_subtitles_and_geometric_mean_confidence(corpus, scripted):
    vlm = scripted(ChatResult("a fox", [-0.2, -0.4], {}, ["a", " fox"]))
    keyframes = [{"video_id": "vid1", "frame_idx": 11, "ts": 11.0}, {"video_id": "vid1", "frame_idx": 15, "ts": 15.0}]
    result = answer_on_keyframes(corpus, "Which animal is mentioned?", keyframes, backend=vlm)
    assert result.answer == "a fox" and result.confidence == pytest.approx(0.7408, abs=1e-4)
    text = vlm.calls[0]["messages"][1]["content"][-1]["text"]
    assert "[10.0, 12.0] The quick brown fox" in text and "[14.0, 16.0] Welcome to the show" in text


def test_no_logprobs_gives_null_confidence_and_bad_replies_no_answer(corpus, scripted):
    vlm = scripted(ChatResult("B", None, {}), ChatResult("I cannot tell", [-1.0], {}, ["I"]))
    plain = answer_on_keyframes(corpus, "Sign?", KEYFRAMES, options=OPTIONS, backend=vlm, cache=False)
    assert plain.answer == "B" and plain.confidence is None
    assert any("no log-probabilities" in n for n in plain.notes)
    vague = answer_on_keyframes(corpus, "Sign?", KEYFRAMES, options=OPTIONS, backend=vlm, cache=False)
    assert vague.answer is None and vague.confidence is None
    assert any("names no option letter" in n for n in vague.notes)


def test_evidence_only_is_the_default_and_says_so(corpus):
    assert not corpus.config.vlm_model  # no VLM configured
    result = answer_on_keyframes(corpus, "What sign is shown?", KEYFRAMES, options=OPTIONS)
    assert (result.answer, result.answerer) == ("B", "evidence-only")
    assert result.confidence > 0.4 and not result.low_confidence  # "EXIT" read, nothing of the others
    assert result.model.startswith("evidence-only:")
    assert "evidence-only answerer" in result.notes[0] and "evidence-only" in str(result)


def test_options_written_with_their_letters_are_read_without_them(corpus):
    labelled = [f"{letter}. {option}" for letter, option in zip("ABC", OPTIONS, strict=True)]  # Video-MME's form
    result = answer_on_keyframes(corpus, "What sign is shown?", KEYFRAMES, options=labelled, cache=False)
    plain = answer_on_keyframes(corpus, "What sign is shown?", KEYFRAMES, options=OPTIONS, cache=False)
    assert (result.answer, result.options, result.answer_text) == ("B", OPTIONS, "An exit sign")
    assert result.confidence == pytest.approx(plain.confidence)


def test_cache_reuses_answers_until_told_not_to(corpus, scripted):
    vlm = scripted(letter_reply("B"), letter_reply("A"), letter_reply("C"))
    first = answer_on_keyframes(corpus, "Sign?", KEYFRAMES, options=OPTIONS, backend=vlm)
    again = answer_on_keyframes(corpus, "Sign?", KEYFRAMES, options=OPTIONS, backend=vlm)
    assert not first.cached and again.cached and len(vlm.calls) == 1
    assert (again.answer, again.confidence, again.clue_intervals) == (
        first.answer,
        first.confidence,
        first.clue_intervals,
    )
    assert again.evidence == first.evidence
    forced = answer_on_keyframes(corpus, "Sign?", KEYFRAMES, options=OPTIONS, backend=vlm, cache=False)
    assert forced.answer == "A" and not forced.cached
    other_frames = answer_on_keyframes(corpus, "Sign?", KEYFRAMES[:1], options=OPTIONS, backend=vlm)
    assert other_frames.answer == "C" and len(vlm.calls) == 3
    rows = corpus.sql(f"SELECT answer, answerer, len(frames) FROM '{corpus.store.uri('answers')}' ORDER BY created_at")
    assert rows.fetchall() == [("B", "vlm", 2), ("C", "vlm", 1)]


def test_uniform_retrieval_and_video_names(corpus, scripted):
    assert retrieve(corpus, "Sign?", video="vid1", k=4, planner="uniform").keyframes["frame_idx"].to_pylist() == [
        2,
        7,
        12,
        17,
    ]
    vlm = scripted(letter_reply("C"))
    result = answer(corpus, "Sign?", OPTIONS, video="demo.mp4", k=4, backend=vlm, retrieval="uniform")
    assert [k.ts for k in result.keyframes] == [2.0, 7.0, 12.0, 17.0] and result.answer == "C"
    with pytest.raises(VqdbError, match="no video 'other.mp4'"):
        answer(corpus, "Sign?", video="other.mp4", retrieval="uniform")
    with pytest.raises(ConfigError, match="retrieval must be"):
        answer(corpus, "Sign?", retrieval="random")


def test_planner_retrieval(corpus):
    result = answer(corpus, 'When is the sign that says "EXIT" on screen?', video="vid1", k=1, cache=False)
    assert 4.0 <= result.keyframes[0].ts <= 6.0 and result.plan


def test_grounding_prompt_and_parse(corpus, scripted):
    vlm = scripted(ChatResult('```json\n{"result": [[3.5, 6.5], [30, 40]]}\n```', None, {}))
    assert ground(corpus, "When is the exit sign visible?", KEYFRAMES, vlm) == [[3.5, 6.5]]  # 30-40 s is past the end
    assert "clue intervals" in vlm.calls[0]["messages"][0]["content"]


def test_backend_resolution():
    assert isinstance(resolve_backend(None, Config()), EvidenceAnswerer)
    endpoint = Config(vlm_model="qwen2.5-vl", vlm_base_url="http://127.0.0.1:8000/v1", vlm_api_key="sk-vlm")
    client = resolve_backend(None, endpoint)
    assert isinstance(client, ChatClient) and (client.model, client.api_key) == ("qwen2.5-vl", "sk-vlm")
    assert resolve_backend("openai:other", endpoint).model == "other"
    assert resolve_backend("openai", endpoint) is client  # one client per settings
    with pytest.raises(ConfigError, match="VQDB_VLM_BASE_URL"):
        resolve_backend("openai:other", Config())
    with pytest.raises(ConfigError, match="VQDB_VLM_MODEL"):
        resolve_backend("transformers", Config())
    with pytest.raises(ConfigError, match="unknown backend"):
        resolve_backend("gpt", Config())
    with pytest.raises(ConfigError, match="complete"):
        resolve_backend(42, Config())


def test_backend_settings_come_from_the_environment_by_default(monkeypatch, tmp_path):
    monkeypatch.setenv("VQDB_CONFIG", str(tmp_path / "no-user-config.toml"))
    for name in ("VQDB_VLM_BACKEND", "VQDB_VLM_API_KEY", "VQDB_VLM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    assert isinstance(resolve_backend(None), EvidenceAnswerer)
    monkeypatch.setenv("VQDB_VLM_MODEL", "qwen2.5-vl")
    monkeypatch.setenv("VQDB_VLM_BASE_URL", "http://127.0.0.1:8000/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai")
    client = resolve_backend(None)
    assert isinstance(client, ChatClient) and (client.model, client.api_key) == ("qwen2.5-vl", "sk-openai")


def test_bad_input_is_explained(corpus, scripted):
    with pytest.raises(VqdbError, match="no keyframes"):
        answer_on_keyframes(corpus, "Sign?", [], backend=scripted())
    with pytest.raises(VqdbError, match="question is empty"):
        answer_on_keyframes(corpus, " ", KEYFRAMES, backend=scripted())
    with pytest.raises(VqdbError, match="not in the frames table"):
        answer_on_keyframes(corpus, "Sign?", [("vid1", 99, 99.0)], backend=scripted(letter_reply()), options=OPTIONS)


def test_end_to_end_over_http_with_logprobs(corpus):
    """A real ChatClient against an in-process chat-completions server: images sent, logprobs -> confidence."""
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            seen.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            body = {
                "choices": [
                    {
                        "message": {"role": "assistant", "content": "B"},
                        "logprobs": {
                            "content": [
                                {
                                    "token": "B",
                                    "logprob": -0.2231,
                                    "top_logprobs": [
                                        {"token": "B", "logprob": -0.2231},
                                        {"token": "A", "logprob": -1.6},
                                    ],
                                }
                            ]
                        },
                    }
                ]
            }
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        client = ChatClient(f"http://127.0.0.1:{server.server_address[1]}/v1", "tiny-vlm")
        result = answer_on_keyframes(corpus, "Sign?", KEYFRAMES, options=OPTIONS, backend=client)
    finally:
        server.shutdown()
        server.server_close()
    assert isinstance(result, Answer) and result.answer == "B" and result.model == "openai:tiny-vlm"
    assert result.confidence == pytest.approx(0.8, abs=1e-3)
    request = seen[0]
    assert request["logprobs"] is True and request["model"] == "tiny-vlm"
    parts = request["messages"][1]["content"]
    assert sum(p["type"] == "image_url" for p in parts) == 2


def test_a_when_question_is_answered_with_the_located_interval_and_its_text(corpus):
    result = answer(corpus, "When is the EXIT sign on screen?", video="vid1", k=2, cache=True)
    start, end = result.interval["start_s"], result.interval["end_s"]
    assert 3.5 <= start <= 4.5 and 5.5 <= end <= 7.5 and result.interval["video_id"] == "vid1"
    assert result.answer == result.answer_text == json.dumps([round(start, 2), round(end, 2)])
    assert any(e.source == "ocr" and e.text == "EXIT" for e in result.evidence)
    assert result.clue_intervals[0] == [round(start, 3), round(end, 3)] and result.low_confidence is False
    assert any("a 'when' question" in n for n in result.notes)
    again = answer(corpus, "When is the EXIT sign on screen?", video="vid1", k=2, cache=True)
    assert again.cached and (again.interval, again.low_confidence) == (result.interval, False)


def test_a_when_question_whose_options_name_seconds_picks_the_nearest(corpus):
    options = ["0:01", "0:05", "0:11", "0:17"]
    result = answer(corpus, "At what point is the EXIT sign on screen?", options, video="vid1", k=2, cache=False)
    assert (result.answer, result.answer_text) == ("B", "0:05") and result.interval is not None
    times_of_day = ["07:45", "19:15"]  # past the video's end: read in the text, not the moment's seconds
    read = answer(corpus, "When is the EXIT sign on screen?", times_of_day, video="vid1", k=2, cache=False)
    assert read.interval is not None and read.low_confidence  # neither time was read


def test_the_videos_length_is_its_duration(corpus):
    result = answer(corpus, "How long is the video?", video="vid1", k=2, cache=False)
    assert result.answer == "20.0 seconds (0:20)" and result.low_confidence is False
    options = ["10 seconds", "0:20", "45 seconds", "2 minutes"]
    chosen = answer(corpus, "What is the duration of the clip?", options, video="vid1", k=2, cache=False)
    assert (chosen.answer, chosen.low_confidence) == ("B", False)


def test_an_open_question_nothing_read_answers_is_null_with_the_reason(corpus):
    result = answer(corpus, "What colour is the dog?", video="vid1", k=4, cache=True)
    assert result.answer is None and result.low_confidence
    assert any(n.startswith("no text read answers it") for n in result.notes)
    row = corpus.sql(
        f"SELECT answer, low_confidence, interval FROM '{corpus.store.uri('answers')}' WHERE question = $q",
        params={"q": "What colour is the dog?"},
    ).fetchall()
    assert row[0][:2] == (None, True) and (row[0][2] or {}).get("start_s") is None
    sound = answer(corpus, "What sound is heard at the end?", video="vid1", k=4, cache=False)
    assert sound.answer == "sound: Dog"


@pytest.fixture(scope="module")
def cockatoo(shared_data, tmp_path_factory):
    """The real cockatoo.mp4 (a bird on a branch, a silent audio track) with every text extractor:
    EasyOCR at 0.25 fps, Whisper and YAMNet; what it yields is sound labels ("Silence") and no text."""
    import vqdb

    corpus = vqdb.connect(tmp_path_factory.mktemp("cockatoo"), progress=False, sample_fps=0.25)
    summary = corpus.ingest(shared_data / "video" / "cockatoo.mp4", extractors=["ocr", "asr", "audio"])
    assert "failed 0" in str(summary), str(summary)
    yield corpus
    corpus.close()


@pytest.mark.slow
def test_real_clip_a_colour_nothing_read_tells_is_null(cockatoo):
    """Sound labels are no evidence of a colour: the open question gets no answer, the multiple-choice
    one its best guess flagged low-confidence."""
    open_ended = answer(cockatoo, "What colour is the cockatoo?", video="cockatoo.mp4", k=4, cache=False)
    assert open_ended.answer is None and open_ended.low_confidence, str(open_ended)
    chosen = answer(
        cockatoo,
        "What colour is the cockatoo?",
        ["white", "black", "green", "pink"],
        video="cockatoo.mp4",
        k=4,
        cache=False,
    )
    assert chosen.low_confidence and chosen.confidence < 0.4, str(chosen)


def test_a_keyframe_placed_between_sampled_frames_shows_the_frame_at_its_time(tmp_path):
    """A keyframe whose ts was placed inside its evidence (vqdb.planner.placement) is decoded there: a
    phrase said at 0.7 s is seen on the frame of 0.7 s, not on the 0.0 s thumbnail it was ranked by."""
    import numpy as np

    import vqdb
    from vqdb.answer.answer import read_frames
    from vqdb.answer.evidence import as_keyframes
    from vqdb.ingest.extractors.base import decode_jpeg
    from vqdb.testing.media import build

    scenes = [
        {"layer": "Scene", "start_s": 0, "end_s": 0.5, "background": {"layer": "Solid", "color": "red"}},
        {"layer": "Scene", "start_s": 0.5, "end_s": 2, "background": {"layer": "Solid", "color": "blue"}},
    ]
    clip = build({"duration_s": 2, "scenes": scenes}, tmp_path / "red-then-blue.mp4")
    with vqdb.connect(tmp_path / "corpus", progress=False) as corpus:
        assert "failed 0" in str(corpus.ingest([clip.path], extractors=()))
        video_id = corpus.sql("SELECT video_id FROM videos").fetchone()[0]
        [sampled], [placed] = (read_frames(corpus, as_keyframes([(video_id, 0, ts)])) for ts in (0.0, 0.7))
    red, blue = (decode_jpeg(f.jpeg).reshape(-1, 3).mean(axis=0) for f in (sampled, placed))
    assert red[0] > 150 > red[2] and blue[2] > 150 > blue[0], (red, blue)
    assert (sampled.ts, placed.ts) == (0.0, 0.7)
    assert np.array_equal(decode_jpeg(sampled.jpeg).shape, decode_jpeg(placed.jpeg).shape)  # the thumbnails' size


def test_no_keyframes_says_the_search_matched_nothing_not_that_frames_are_missing(corpus):
    question = "when does the sign say ZEBRA"
    searched = corpus.search(question, k=4)
    assert searched.moments.num_rows == 0  # the corpus has frames; no moment shows ZEBRA
    with pytest.raises(VqdbError) as raised:
        answer_on_keyframes(corpus, question, [], plan=searched.plan.to_json(), notes=searched.notes)
    message = str(raised.value)
    assert "no moment" in message and "ocr 'ZEBRA'" in message and "rephrase" in message
    assert "no sampled frames" not in message


def test_no_keyframes_names_the_extractor_a_plan_needs_that_never_ran(corpus):
    plan = json.dumps({"queries": [{"id": "Q1", "tool": "siglip", "query": "a zebra"}], "combine": "Q1"})
    with pytest.raises(VqdbError, match=r"siglip 'a zebra'.*needs embed, which never ran here.*--only embed"):
        answer_on_keyframes(corpus, "Is there a zebra?", [], plan=plan)


def test_no_keyframes_from_a_video_or_corpus_without_frames_says_so(corpus, tmp_path):
    row = {"video_id": "vid2", "path": "/videos/blank.mp4", "duration_s": 5.0, "status": "partial", "errors": []}
    tables = {"videos": TABLES["videos"].from_rows([row]), "frames": TABLES["frames"].from_rows([])}
    Store.open(corpus.root, writable=True).commit("vid2", "frames", tables, model=None, settings={})
    with pytest.raises(VqdbError, match="video 'vid2' has no sampled frames"):
        answer(corpus, "What is shown?", video="vid2", k=2)
    empty = vqdb.connect(empty_corpus(tmp_path / "empty"), progress=False)
    with pytest.raises(VqdbError, match="the corpus has no sampled frames; ingest videos first"):
        answer_on_keyframes(empty, "What is shown?", [])
