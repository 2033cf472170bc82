"""The local VLM backend with a tiny randomly initialised LLaVA (CLIP vision + Llama text) built from configs."""

from __future__ import annotations

import io

import pytest
import torch
from PIL import Image

from vqdb.config import Config
from vqdb.models.protocols import BackendError, image_part
from vqdb.models.registry import get, vision_language_model
from vqdb.models.transformers_vlm import TransformersVLM

SPECIALS = ["<pad>", "<unk>", "<s>", "</s>", "<image>"]
WORDS = ["the", "a", "title", "says", "hello", "world", "is", "yes", "no", "user", "assistant", "system", ":", "?"]
TEMPLATE = (
    "{% for m in messages %}{{ m['role'] }} :{% for c in m['content'] %}{% if c['type'] == 'image' %} <image>"
    "{% else %} {{ c['text'] }}{% endif %}{% endfor %} </s> {% endfor %}"
    "{% if add_generation_prompt %}assistant :{% endif %}"
)


@pytest.fixture(scope="module")
def tiny_vlm_dir(tmp_path_factory):
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import (
        CLIPImageProcessor,
        CLIPVisionConfig,
        LlamaConfig,
        LlavaConfig,
        LlavaForConditionalGeneration,
        LlavaProcessor,
        PreTrainedTokenizerFast,
    )

    vocab = {w: i for i, w in enumerate(SPECIALS + WORDS)}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        pad_token="<pad>",
        unk_token="<unk>",
        bos_token="<s>",
        eos_token="</s>",
        extra_special_tokens={"image_token": "<image>"},
    )
    processor = LlavaProcessor(
        image_processor=CLIPImageProcessor(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32}),
        tokenizer=tokenizer,
        chat_template=TEMPLATE,
        patch_size=8,
        vision_feature_select_strategy="default",
        image_token="<image>",
        num_additional_image_tokens=1,
    )
    config = LlavaConfig(
        vision_config=CLIPVisionConfig(
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=1,
            num_attention_heads=2,
            image_size=32,
            patch_size=8,
        ),
        text_config=LlamaConfig(
            vocab_size=len(vocab),
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            bos_token_id=2,
            eos_token_id=3,
            pad_token_id=0,
        ),
        image_token_index=vocab["<image>"],
        vision_feature_layer=-1,
        vision_feature_select_strategy="default",
    )
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("tiny-llava")
    LlavaForConditionalGeneration(config).save_pretrained(path)
    processor.save_pretrained(path)
    return path


@pytest.fixture(scope="module")
def vlm(tiny_vlm_dir):
    return TransformersVLM(str(tiny_vlm_dir), max_new_tokens=3)


def jpeg(color):
    buf = io.BytesIO()
    Image.new("RGB", (64, 48), color).save(buf, "JPEG")
    return buf.getvalue()


def ask(vlm, image):
    content = [image_part(image), {"type": "text", "text": "what says the title ?"}]
    return vlm.complete([{"role": "user", "content": content}], logprobs=True)


def test_answers_about_an_image_with_logprobs(vlm):
    red = ask(vlm, jpeg((220, 20, 20)))
    assert 1 <= len(red.raw["token_ids"]) <= 3
    assert len(red.token_logprobs) == len(red.raw["token_ids"])
    assert all(lp <= 0 for lp in red.token_logprobs)
    # the image reaches the model: another image changes the first token's distribution
    blue = ask(vlm, jpeg((20, 20, 220)))
    assert red.top_logprobs[0] != blue.top_logprobs[0]


def test_text_only_messages_and_bad_images(vlm):
    assert isinstance(vlm.complete([{"role": "user", "content": "hello"}], max_tokens=1).text, str)
    with pytest.raises(BackendError, match="data:image"):
        vlm.complete([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "http://x/y.jpg"}}]}])
    with pytest.raises(BackendError, match="not a decodable image"):
        vlm.complete([{"role": "user", "content": [image_part(b"not a jpeg")]}])


def test_registered_as_vlm_transformers():
    assert get("vlm", "transformers") is TransformersVLM


def test_the_registry_builds_it_from_the_vlm_model_setting(tiny_vlm_dir):
    vlm = vision_language_model(Config(vlm_model=str(tiny_vlm_dir)))  # no base URL: a local model
    assert isinstance(vlm, TransformersVLM) and vlm.name == f"transformers:{tiny_vlm_dir}"
    assert vision_language_model(Config(vlm_backend="transformers", vlm_model=str(tiny_vlm_dir))) is vlm
