"""The chat-completions client against an in-process HTTP server speaking the protocol."""

from __future__ import annotations

import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from vqdb.config import Config
from vqdb.errors import ConfigError
from vqdb.models.openai_chat import ChatClient, VisionChatClient
from vqdb.models.protocols import BackendError, image_part
from vqdb.models.registry import get

JPEG = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffd9")


class FakeServer:
    """Answers POST /v1/chat/completions from a queue of (status, body, delay) and records requests."""

    def __init__(self):
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.replies: list[tuple[int, object, float]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server API)
                length = int(self.headers["Content-Length"])
                server.requests.append(json.loads(self.rfile.read(length)))
                server.headers.append(dict(self.headers))
                status, body, delay = server.replies.pop(0) if server.replies else (500, {"error": "empty"}, 0)
                time.sleep(delay)
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def reply(self, status=200, body=None, delay=0.0):
        self.replies.append((status, body, delay))


def completion(text, logprobs=None):
    choice = {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
    if logprobs is not None:
        choice["logprobs"] = {
            "content": [
                {"token": tok, "logprob": lp, "top_logprobs": [{"token": t, "logprob": v} for t, v in tops]}
                for tok, lp, tops in logprobs
            ]
        }
    return {"id": "x", "object": "chat.completion", "choices": [choice]}


@pytest.fixture
def server():
    srv = FakeServer()
    yield srv
    srv.httpd.shutdown()
    srv.httpd.server_close()


def client(server, **kw):
    return ChatClient(server.url, "test-vlm", api_key="sk-test", **({"backoff_s": 0.01} | kw))


def test_request_format_with_images(server):
    server.reply(body=completion("B"))
    messages = [{"role": "user", "content": [{"type": "text", "text": "Which?"}, image_part(JPEG)]}]
    result = client(server).complete(messages, max_tokens=5, logprobs=True, json_mode=True)
    assert result.text == "B"
    assert result.token_logprobs is None  # the server sent none: no made-up numbers
    sent = server.requests[0]
    assert sent["model"] == "test-vlm" and sent["max_tokens"] == 5 and sent["temperature"] == 0.0
    assert sent["logprobs"] is True and sent["top_logprobs"] == 5
    assert sent["response_format"] == {"type": "json_object"}
    part = sent["messages"][0]["content"][1]
    assert part["type"] == "image_url"
    prefix = "data:image/jpeg;base64,"
    assert part["image_url"]["url"].startswith(prefix)
    assert base64.b64decode(part["image_url"]["url"][len(prefix) :]) == JPEG
    assert server.headers[0]["Authorization"] == "Bearer sk-test"


def test_logprobs_are_parsed(server):
    server.reply(body=completion("Hello world", [("Hello", -0.2, [("Hello", -0.2)]), (" world", -0.5, [])]))
    result = client(server).complete([{"role": "user", "content": "hi"}], logprobs=True)
    assert result.token_logprobs == [-0.2, -0.5]
    assert result.tokens == ["Hello", " world"]
    assert result.top_logprobs == [{"Hello": -0.2}, {}]
    assert result.raw["id"] == "x"


@pytest.mark.parametrize(
    "body", [{"choices": []}, {"error": "no"}, b"<html>gateway</html>", {"choices": [{"message": {}}]}]
)
def test_malformed_reply_is_a_clear_error(server, body):
    server.reply(body=body)
    with pytest.raises(BackendError, match="reply|JSON"):
        client(server).complete([{"role": "user", "content": "hi"}])


def test_client_error_is_not_retried(server):
    server.reply(404, {"error": {"message": "model 'test-vlm' not found"}})
    with pytest.raises(BackendError, match=r"HTTP 404.*model 'test-vlm' not found"):
        client(server, max_retries=3).complete([{"role": "user", "content": "hi"}])
    assert len(server.requests) == 1


def test_server_errors_are_retried_a_bounded_number_of_times(server):
    for _ in range(5):
        server.reply(503, {"error": "overloaded"})
    with pytest.raises(BackendError, match=r"HTTP 503.*after 3 attempt"):
        client(server, max_retries=2).complete([{"role": "user", "content": "hi"}])
    assert len(server.requests) == 3


def test_retry_then_success(server):
    server.reply(429, {"error": "slow down"})
    server.reply(body=completion("ok"))
    assert client(server).complete([{"role": "user", "content": "hi"}]).text == "ok"
    assert len(server.requests) == 2


def test_timeout_is_a_clear_error_and_retried(server):
    server.reply(body=completion("late"), delay=0.6)
    server.reply(body=completion("late"), delay=0.6)
    with pytest.raises(BackendError, match=r"did not answer within 0.2 s \(2 attempt"):
        client(server, timeout=0.2, max_retries=1).complete([{"role": "user", "content": "hi"}])
    assert len(server.requests) == 2


def test_unreachable_server():
    with pytest.raises(BackendError, match="cannot reach"):
        ChatClient("http://127.0.0.1:9/v1", "m", max_retries=0).complete([{"role": "user", "content": "x"}])


def test_configuration_from_config_settings():
    config = Config(llm_base_url="http://example.invalid/v1", llm_model="planner-llm", llm_api_key="sk-env")
    llm = ChatClient.from_config(config)
    assert (llm.model, llm.api_key, llm.endpoint) == (
        "planner-llm",
        "sk-env",
        "http://example.invalid/v1/chat/completions",
    )
    with pytest.raises(ConfigError, match="VQDB_VLM_BASE_URL"):
        VisionChatClient.from_config(config)  # the VLM has its own settings
    vlm = VisionChatClient.from_config(config.replace(vlm_base_url="http://vlm.invalid/v1", vlm_model="llava"))
    assert (vlm.name, vlm.api_key) == ("openai:llava", None)
    with pytest.raises(ConfigError, match="http"):
        ChatClient("localhost:8000", "m")


def test_registered_as_chat_and_vlm_openai():
    assert get("chat", "openai") is ChatClient
    assert get("vlm", "openai") is VisionChatClient and issubclass(VisionChatClient, ChatClient)
