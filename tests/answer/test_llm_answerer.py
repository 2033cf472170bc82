"""A text-only LLM as the answerer: the video's text lines in the prompt, no frames, FALCONEye confidence."""

from __future__ import annotations

import pytest

from vqdb.answer import answer_on_keyframes, resolve_backend
from vqdb.answer.llm_answerer import LlmAnswerer
from vqdb.config import Config
from vqdb.errors import ConfigError
from vqdb.models.protocols import ChatResult

OPTIONS = ["A stop sign", "An exit sign", "A welcome banner"]
KEYFRAMES = [{"video_id": "vid1", "frame_idx": 5, "ts": 5.0}]


def test_the_llm_reads_the_text_lines_and_answers_with_a_letter(corpus, scripted):
    chat = scripted(ChatResult("B", [-0.1], {}, ["B"], [{"B": -0.1, "A": -2.5}]))
    result = answer_on_keyframes(corpus, "What sign is shown?", KEYFRAMES, options=OPTIONS, backend=LlmAnswerer(chat))
    assert (result.answer, result.answer_text, result.answerer, result.model) == (
        "B",
        OPTIONS[1],
        "llm",
        "llm:scripted:vlm",
    )
    assert result.confidence == pytest.approx(0.905, abs=1e-3)
    (call,) = chat.calls
    assert [part["type"] for part in call["messages"][1]["content"]] == ["text"]  # no frames
    prompt = call["messages"][1]["content"][0]["text"]
    lines = prompt.split("\n\n")[1].splitlines()
    assert lines[0] == "[0.0, 4.0] screen: Hello world" and "[4.0, 7.0] screen: EXIT" in lines
    assert (
        "[10.0, 12.0] speech: The quick brown fox jumps over the fence." in lines and "[17.0, 18.0] sound: Dog" in lines
    )
    assert "A:A stop sign\nB:An exit sign" in prompt and "letter only" in call["messages"][0]["content"]
    assert any("text-only LLM" in n for n in result.notes)


def test_an_open_question_gets_the_llm_reply(corpus, scripted):
    chat = scripted(ChatResult("the fence", [-0.2, -0.2], {}, ["the", " fence"]))
    result = answer_on_keyframes(
        corpus, "What does the fox jump over?", KEYFRAMES, backend=LlmAnswerer(chat), cache=False
    )
    assert result.answer == "the fence" and result.confidence == pytest.approx(0.8187, abs=1e-4)


def test_the_prompt_keeps_the_lines_nearest_the_keyframes(corpus, scripted):
    chat = scripted(ChatResult("A", None, {}))
    answer_on_keyframes(corpus, "Sign?", KEYFRAMES, options=OPTIONS, backend=LlmAnswerer(chat, max_prompt_chars=60))
    lines = chat.calls[0]["messages"][1]["content"][0]["text"].split("\n\n")[1].splitlines()
    assert lines == ["[0.0, 4.0] screen: Hello world", "[4.0, 7.0] screen: EXIT"]


def test_llm_backend_comes_from_the_llm_settings():
    with pytest.raises(ConfigError, match="no LLM configured"):
        resolve_backend("llm", Config())
    answerer = resolve_backend("llm", Config(llm_base_url="http://localhost:8000/v1", llm_model="qwen2.5"))
    assert isinstance(answerer, LlmAnswerer) and answerer.name == "llm:openai:qwen2.5"
    assert resolve_backend("llm:gemma", Config(llm_base_url="http://localhost:8000/v1")).name == "llm:openai:gemma"
