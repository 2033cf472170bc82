"""The LLM planner through real backends: the HTTP chat client against an in-process server speaking the
chat-completions protocol, and the transformers backend with a tiny randomly initialised model."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import torch

from vqdb.errors import ConfigError
from vqdb.models.openai_chat import ChatClient
from vqdb.planner import make_plan
from vqdb.planner.llm import build_messages, llm_plan, parse_reply
from vqdb.planner.rules import rule_plan

GOOD = {
    "queries": [
        {"id": "Q1", "tool": "siglip", "query": "a man in a red jacket holding a sign"},
        {"id": "Q2", "tool": "ocr", "query": "EXIT"},
    ],
    "combine": "Q1 AND Q2",
}
QUESTION = "When does the man in the red jacket hold up the sign that says EXIT?"


class ChatServer:
    """Answers POST /v1/chat/completions from a queue of (status, body, delay) and records the requests."""

    def __init__(self):
        self.requests: list[dict] = []
        self.replies: list[tuple[int, object, float]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server API)
                server.requests.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
                status, body, delay = server.replies.pop(0) if server.replies else (500, {"error": "no reply"}, 0)
                time.sleep(delay)
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def answer(self, text: str, status: int = 200, delay: float = 0.0) -> None:
        body = {"choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}
        self.replies.append((status, body, delay))


@pytest.fixture
def server():
    s = ChatServer()
    yield s
    s.httpd.shutdown()


@pytest.fixture
def client(server):
    return ChatClient(server.url, "planner-test", api_key="k", timeout=2.0, max_retries=0)


def test_a_valid_reply_is_the_plan_and_the_request_follows_the_protocol(server, client):
    server.answer("```json\n" + json.dumps(GOOD) + "\n```")
    plan = llm_plan(QUESTION, ["yes", "no"], llm=client, duration_s=120, sample_fps=2, tools=["siglip", "ocr"])
    assert plan.to_dict() == GOOD and plan.notes == () and plan.planner == "llm"
    request = server.requests[0]
    assert request["model"] == "planner-test" and request["temperature"] == 0.0
    assert request["response_format"] == {"type": "json_object"}
    system, user = request["messages"]
    assert system["role"] == "system" and "- ocr:" in system["content"] and "- audio:" not in system["content"]
    assert user["content"].splitlines() == [
        f"Question: {QUESTION}",
        "Answer options: (A) yes (B) no",
        "Video: 120.0 s, sampled at 2.0 frames per second (240 frames).",
    ]


def test_an_invalid_reply_gets_one_repair_request(server, client):
    server.answer('{"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1 AND Q9"}')
    server.answer(json.dumps(GOOD))
    plan = llm_plan(QUESTION, llm=client)
    assert plan.to_dict() == GOOD
    assert "unknown call id(s) ['Q9']" in plan.notes[0]
    repair = server.requests[1]["messages"]
    assert [m["role"] for m in repair] == ["system", "user", "assistant", "user"]
    assert "That plan is invalid" in repair[-1]["content"] and "Q9" in repair[-1]["content"]


def test_two_invalid_replies_fall_back_to_the_rule_plan_with_the_reasons(server, client):
    server.answer("I think the answer is B.")
    server.answer('{"queries": [{"id": "Q1", "tool": "telepathy", "query": "x"}]}')
    plan = llm_plan(QUESTION, llm=client)
    assert plan.to_dict() == rule_plan(QUESTION).to_dict()
    (note,) = plan.notes
    assert "LLM planner failed" in note and "holds no JSON object" in note and "unknown tool 'telepathy'" in note


@pytest.mark.parametrize(
    ("status", "delay", "reason"), [(500, 0.0, "HTTP 500"), (401, 0.0, "HTTP 401"), (200, 3.0, "did not answer within")]
)
def test_backend_errors_and_timeouts_fall_back(server, client, status, delay, reason):
    server.answer(json.dumps(GOOD), status=status, delay=delay)
    plan = llm_plan(QUESTION, llm=client)
    assert plan.to_dict() == rule_plan(QUESTION).to_dict()
    assert "the LLM backend failed" in plan.notes[0]
    assert reason.lower() in plan.notes[0].lower(), plan.notes


def test_a_malformed_protocol_reply_falls_back(server, client):
    server.replies.append((200, b"not json at all", 0.0))
    plan = llm_plan(QUESTION, llm=client)
    assert plan.planner == "rules" and "the LLM backend failed" in plan.notes[0]


def test_tools_the_corpus_lacks_are_refused_then_dropped(server, client):
    server.answer(json.dumps(GOOD))
    server.answer(json.dumps(GOOD))
    plan = make_plan(QUESTION, planner="llm", llm=client, available_tools=["ocr"])
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "EXIT")]
    assert "not available here" in plan.notes[0]


def test_make_plan_builds_the_client_from_the_environment(server, monkeypatch):
    monkeypatch.setenv("VQDB_LLM_BASE_URL", server.url)
    monkeypatch.setenv("VQDB_LLM_MODEL", "from-env")
    server.answer(json.dumps(GOOD))
    assert make_plan(QUESTION, planner="llm").to_dict() == GOOD
    assert server.requests[0]["model"] == "from-env"
    monkeypatch.delenv("VQDB_LLM_BASE_URL")
    with pytest.raises(ConfigError, match="VQDB_LLM_BASE_URL"):
        make_plan(QUESTION, planner="llm")


def test_parse_reply_takes_the_json_object_out_of_chatter():
    plan = parse_reply('Here is the plan: {"queries": [{"id": "A", "tool": "audio", "query": "siren"}]} Done.')
    assert plan.combine == "A"


def test_prompt_lists_only_the_available_tools():
    system = build_messages("q", tools=["transcript"])[0]["content"]
    assert "- transcript:" in system and "- siglip:" not in system


@pytest.fixture(scope="module")
def tiny_chat(tmp_path_factory):
    """A 2-layer Llama with random weights and a word-level tokenizer: it talks nonsense."""
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    from vqdb.models.transformers_chat import TransformersChat

    words = ["<pad>", "<unk>", "<s>", "</s>", "{", "}", '"queries"', ":", "[", "]", "Q1", "ocr", "when", "sign"]
    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", unk_token="<unk>", bos_token="<s>", eos_token="</s>"
    )
    tokenizer.chat_template = "{% for m in messages %}<s> {{ m['content'] }} </s> {% endfor %}<s>"
    config = LlamaConfig(
        vocab_size=len(words),
        hidden_size=16,
        intermediate_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=2048,
        bos_token_id=2,
        eos_token_id=3,
        pad_token_id=0,
    )
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("tiny-llama")
    LlamaForCausalLM(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return TransformersChat(str(path), max_new_tokens=12)


def test_transformers_backend_nonsense_is_repaired_then_falls_back(tiny_chat):
    plan = make_plan(QUESTION, planner="llm", llm=tiny_chat)
    assert plan.to_dict() == rule_plan(QUESTION).to_dict()
    (note,) = plan.notes
    assert note.startswith("LLM planner failed (attempt 1:") and "attempt 2:" in note


def test_the_prompt_examples_are_valid_plans_and_use_only_the_offered_tools():
    from vqdb.planner.llm import EXAMPLES
    from vqdb.planner.plan import Plan

    for question, plan in EXAMPLES:
        assert Plan.from_json(plan).queries, question
    system = build_messages("q", tools=["siglip", "ocr"])[0]["content"]
    assert "Example: 'When does the man in the red jacket" in system and '"tool": "transcript"' not in system
    assert "Example:" not in build_messages("q", tools=["region"])[0]["content"]


def test_the_nth_time_is_an_order_the_prompt_and_schema_offer():
    from vqdb.planner.llm import plan_schema

    assert plan_schema(["ocr"])["properties"]["order"]["enum"][:3] == ["first", "second", "third"]
    system = build_messages("q", tools=["ocr"])[0]["content"]
    assert '"order": "second"' in system and '"order": "third"}' in system  # the rule and a worked example
    assert parse_reply('{"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "order": "third"}').occurrence == 3


def test_a_place_and_size_are_offered_with_a_tool_that_reads_text_boxes():
    from vqdb.planner.llm import plan_schema

    call = plan_schema(["ocr", "audio"])["properties"]["queries"]["items"]["properties"]
    assert call["place"]["enum"][:2] == ["top", "bottom"] and call["size"]["enum"] == ["large", "small"]
    assert "place" not in plan_schema(["siglip", "audio"])["properties"]["queries"]["items"]["properties"]
    system = build_messages("q", tools=["ocr"])[0]["content"]
    assert '"place"' in system and "top-left" in system and '"size": "large"' in system
    reply = '{"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT", "place": "top"}], "combine": "Q1"}'
    assert parse_reply(reply).queries[0].place == "top"
