"""One chat ``complete()``: every chat and VLM backend of the registry is a ChatModel that inherits the
protocol's ``complete`` (its arguments checked once, for all) and implements only ``_generate``."""

from __future__ import annotations

import inspect

import pytest

from vqdb.errors import ConfigError
from vqdb.models import registry
from vqdb.models.openai_chat import ChatClient
from vqdb.models.protocols import ChatModel, ChatRequest, ChatResult

BACKENDS = [registry.get(kind, name) for kind in ("chat", "vlm") for name in registry.names(kind)]


def test_the_registry_has_every_chat_backend():
    assert sorted(cls.__name__ for cls in BACKENDS) == [
        "ChatClient",
        "GgufChat",
        "TransformersChat",
        "TransformersVLM",
        "VisionChatClient",
    ]


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda cls: cls.__name__)
def test_each_backend_satisfies_the_protocol_with_its_one_complete(backend):
    assert ChatModel in backend.__mro__  # (issubclass refuses a protocol with a data member, name)
    assert backend.complete is ChatModel.complete, f"{backend.__name__} redeclares complete(); implement _generate"
    assert list(inspect.signature(backend._generate).parameters) == ["self", "messages", "request"]


class Recorder(ChatClient):
    """The OpenAI-compatible client with the HTTP call replaced by a record of the body it would send."""

    def _post(self, body: dict) -> dict:
        self.body = body
        return {"choices": [{"message": {"content": "{}"}}]}


def test_the_arguments_reach_the_backend_checked():
    client = Recorder("http://127.0.0.1:9/v1", "m")
    assert client.complete([{"role": "user", "content": "plan"}], json_schema={"type": "object"}).text == "{}"
    assert client.body["response_format"] == {"type": "json_object"}  # a schema asks for JSON
    assert "max_tokens" not in client.body and "logprobs" not in client.body
    client.complete([{"role": "user", "content": "x"}], max_tokens=3, logprobs=True, top_logprobs=2)
    assert (client.body["max_tokens"], client.body["top_logprobs"]) == (3, 2)
    with pytest.raises(ConfigError, match="temperature must be >= 0, got -0.5"):
        client.complete([{"role": "user", "content": "x"}], temperature=-0.5)


def test_a_backend_of_its_own_only_generates():
    class Upper(ChatModel):
        name = "upper"

        def _generate(self, messages: list[dict], request: ChatRequest) -> ChatResult:
            return ChatResult(messages[-1]["content"].upper()[: request.max_tokens], None, {"request": request})

    reply = Upper().complete([{"role": "user", "content": "hello"}], max_tokens=4, json_mode=True)
    assert reply.text == "HELL" and reply.raw["request"] == ChatRequest(max_tokens=4, json_mode=True)
    assert isinstance(Upper(), ChatModel)
