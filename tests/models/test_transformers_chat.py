"""The local causal-LM chat backend with a tiny randomly initialised Llama built from a config."""

from __future__ import annotations

import pytest
import torch

from vqdb.config import Config
from vqdb.errors import ConfigError, ModelUnavailableError
from vqdb.models.protocols import BackendError
from vqdb.models.registry import chat_model, get
from vqdb.models.transformers_chat import TransformersChat

WORDS = [
    "the",
    "a",
    "title",
    "says",
    "hello",
    "world",
    "answer",
    "is",
    "yes",
    "no",
    "video",
    "frame",
    "what",
    "does",
    "B",
    "C",
    "D",
]
CHAT_TEMPLATE = (
    "{% for m in messages %}<s> {{ m['role'] }} : {{ m['content'] }} </s> {% endfor %}"
    "{% if add_generation_prompt %}<s> assistant : {% endif %}"
)


def tiny_tokenizer():
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    specials = ["<pad>", "<unk>", "<s>", "</s>"]
    vocab = {w: i for i, w in enumerate(specials + WORDS + ["user", "assistant", "system", ":", "?", "."])}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", unk_token="<unk>", bos_token="<s>", eos_token="</s>"
    )
    fast.chat_template = CHAT_TEMPLATE
    return fast


@pytest.fixture(scope="module")
def tiny_llm_dir(tmp_path_factory):
    from transformers import LlamaConfig, LlamaForCausalLM

    tokenizer = tiny_tokenizer()
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=256,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("tiny-llama")
    LlamaForCausalLM(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


@pytest.fixture(scope="module")
def chat(tiny_llm_dir):
    return TransformersChat(str(tiny_llm_dir), max_new_tokens=6)


def test_generates_with_logprobs_that_match_the_model(chat):
    messages = [{"role": "user", "content": "what does the title says ?"}]
    result = chat.complete(messages, logprobs=True, top_logprobs=3)
    ids = result.raw["token_ids"]
    assert 1 <= len(ids) <= 6
    assert result.text == chat.tokenizer.decode(ids, skip_special_tokens=True)
    assert len(result.token_logprobs) == len(ids) == len(result.top_logprobs)
    # recompute each generated token's log-probability with one forward pass over prompt + reply
    prompt = chat.tokenizer.apply_chat_template(
        messages, add_generation_prompt=True, return_tensors="pt", return_dict=True
    )
    full = torch.cat([prompt["input_ids"], torch.tensor([ids])], dim=1)
    with torch.no_grad():
        logits = chat.model(full).logits[0].log_softmax(-1)
    start = prompt["input_ids"].shape[1]
    expected = [float(logits[start - 1 + i, t]) for i, t in enumerate(ids)]
    assert result.token_logprobs == pytest.approx(expected, abs=1e-4)
    # greedy decoding: every chosen token is the most probable one
    for lp, tops in zip(result.token_logprobs, result.top_logprobs, strict=True):
        assert len(tops) == 3 and lp == pytest.approx(max(tops.values()), abs=1e-5)


def test_without_logprobs_and_max_tokens(chat):
    result = chat.complete([{"role": "user", "content": "hello"}], max_tokens=2)
    assert result.token_logprobs is None and len(result.raw["token_ids"]) <= 2


def test_text_parts_accepted_images_refused(chat):
    text = chat.complete([{"role": "user", "content": [{"type": "text", "text": "hello"}]}], max_tokens=1)
    assert isinstance(text.text, str)
    with pytest.raises(BackendError, match="text-only"):
        chat.complete([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}])


def test_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(ModelUnavailableError, match="cannot load the causal LM"):
        TransformersChat(str(tmp_path / "nowhere"))


def test_registered_as_chat_transformers():
    assert get("chat", "transformers") is TransformersChat


def test_the_registry_builds_it_from_the_llm_settings(tiny_llm_dir):
    llm = chat_model(Config(llm_backend="transformers", llm_model=str(tiny_llm_dir)))
    assert isinstance(llm, TransformersChat) and llm.model_id == str(tiny_llm_dir)
    with pytest.raises(ConfigError, match="VQDB_LLM_MODEL"):
        chat_model(Config(llm_backend="transformers"))
