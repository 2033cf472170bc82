"""The one door to models: providers chosen by Config, shared per settings, failures remembered and explained."""

from __future__ import annotations

import threading
import time

import pytest

from vqdb.config import Config
from vqdb.errors import ConfigError, ModelUnavailableError
from vqdb.models import registry
from vqdb.models.openai_chat import ChatClient, VisionChatClient
from vqdb.models.protocols import ChatModel, ImageTextEmbedder, VisionLanguageModel
from vqdb.models.siglip import SiglipEmbedder
from vqdb.testing.tiny import build_tiny_siglip

ENDPOINT = "http://127.0.0.1:8000/v1"


@pytest.fixture(scope="module")
def tiny_siglip(tmp_path_factory) -> str:
    return str(build_tiny_siglip(tmp_path_factory.mktemp("tiny-siglip")))


def test_image_text_embedder_is_shared_per_its_own_settings(tiny_siglip):
    config = Config(embed_model=tiny_siglip)
    embedder = registry.image_text_embedder(config)
    assert isinstance(embedder, SiglipEmbedder) and isinstance(embedder, ImageTextEmbedder)
    assert registry.image_text_embedder(config.replace(sample_fps=3.0, jobs=2)) is embedder  # not its settings
    other = registry.image_text_embedder(config.replace(embed_batch_size=4))
    assert other is not embedder and other.batch_size == 4
    assert registry.unavailable_reason("image_text", config) is None


def test_a_model_that_cannot_load_is_remembered_and_explained(tmp_path):
    missing = Config(embed_model=str(tmp_path / "missing"))
    with pytest.raises(ModelUnavailableError) as first:
        registry.image_text_embedder(missing)
    with pytest.raises(ModelUnavailableError) as second:
        registry.image_text_embedder(missing)
    assert first.value is second.value  # not tried again
    reason = registry.unavailable_reason("image_text", missing)
    assert "missing" in reason and "VQDB_EMBED_MODEL" in reason
    asr = registry.unavailable_reason("asr", Config(whisper_model=str(tmp_path / "no-whisper")))
    assert "does not exist" in asr


def test_concurrent_callers_share_one_load(monkeypatch):
    built: list[int] = []

    class Slow:
        model_id, dim, config_fields = "slow", 2, ("jobs",)

        @classmethod
        def from_config(cls, config):
            built.append(config.jobs)
            time.sleep(0.2)
            return cls()

    monkeypatch.setitem(registry._REGISTRY, ("text", "slow"), Slow)
    monkeypatch.setitem(registry.DEFAULT_PROVIDERS, "text", "slow")
    found: list[object] = []
    threads = [threading.Thread(target=lambda: found.append(registry.sentence_embedder(Config()))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert built == [1] and len(found) == 8 and all(f is found[0] for f in found)
    assert registry.sentence_embedder(Config(jobs=2)) is not found[0] and built == [1, 2]


def test_sentence_embedder_dimension_is_known_without_loading():
    embedder_class = registry.provider_class("text", Config())
    assert (embedder_class.__name__, embedder_class.dim, embedder_class.model_id) == (
        "MiniLM",
        384,
        "sentence-transformers/all-MiniLM-L6-v2",
    )


def test_chat_backend_is_chosen_from_the_settings():
    assert registry.provider_name("chat", Config()) is None
    assert registry.provider_name("chat", Config(llm_base_url=ENDPOINT, llm_model="qwen")) == "openai"
    assert registry.provider_name("chat", Config(llm_model="qwen")) is None  # a local LLM is asked for by name
    assert registry.provider_name("chat", Config(llm_backend="transformers", llm_model="qwen")) == "transformers"
    assert registry.provider_name("chat", Config(llm_backend="gguf")) == "gguf"  # the bundled Gemma needs no model
    assert registry.provider_name("vlm", Config(vlm_model="llava")) == "transformers"
    assert registry.provider_name("vlm", Config(vlm_base_url=ENDPOINT)) is None
    assert registry.provider_name("vlm", Config(vlm_base_url=ENDPOINT, vlm_model="llava")) == "openai"
    with pytest.raises(
        ConfigError, match=r"llm_backend 'vllm' is not a chat provider; choose from gguf, openai, transf"
    ):
        registry.provider_name("chat", Config(llm_backend="vllm"))
    with pytest.raises(ConfigError, match="unknown model kind 'speech'"):
        registry.provider_name("speech", Config())


def test_chat_model_and_vlm_read_their_own_settings():
    config = Config(
        llm_base_url=ENDPOINT, llm_model="qwen", llm_api_key="sk-llm", vlm_base_url=ENDPOINT + "/", vlm_model="llava"
    )
    llm = registry.chat_model(config)
    vlm = registry.vision_language_model(config)
    assert type(llm) is ChatClient and (llm.model, llm.api_key) == ("qwen", "sk-llm")
    assert type(vlm) is VisionChatClient and (vlm.model, vlm.api_key) == ("llava", None)
    assert isinstance(llm, ChatModel) and isinstance(vlm, VisionLanguageModel)
    assert registry.chat_model(config.replace(vlm_model="other")) is llm  # the VLM's settings are not its own
    assert registry.chat_model(config.replace(llm_api_key="sk-new")) is not llm


def test_unconfigured_chat_models_say_what_to_set():
    with pytest.raises(ConfigError, match="no LLM configured: set VQDB_LLM_BASE_URL .* and VQDB_LLM_MODEL"):
        registry.chat_model(Config())
    reason = registry.unavailable_reason("vlm", Config())
    assert reason.startswith("no VLM configured") and "VQDB_VLM_MODEL alone" in reason
    with pytest.raises(ConfigError, match="VQDB_LLM_BASE_URL"):
        registry.chat_model(Config(llm_backend="openai", llm_model="qwen"))


def test_chat_model_settings_come_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("VQDB_CONFIG", str(tmp_path / "no-user-config.toml"))
    monkeypatch.delenv("VQDB_LLM_API_KEY", raising=False)
    monkeypatch.delenv("VQDB_LLM_BACKEND", raising=False)
    monkeypatch.setenv("VQDB_LLM_BASE_URL", "http://example.invalid/v1")
    monkeypatch.setenv("VQDB_LLM_MODEL", "planner-llm")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    llm = registry.chat_model(Config.load())
    assert (llm.model, llm.api_key, llm.endpoint) == (
        "planner-llm",
        "sk-env",
        "http://example.invalid/v1/chat/completions",
    )


def test_register_checks_the_provider_contract():
    with pytest.raises(ValueError, match="unknown model kind 'speech'"):
        registry.register("speech", "x")
    with pytest.raises(TypeError, match="from_config"):
        registry.register("ocr", "incomplete")(type("Incomplete", (), {}))
    assert registry.names("chat") == ["gguf", "openai", "transformers"]
    with pytest.raises(ConfigError, match="no asr provider named 'nope'; known: whisper"):
        registry.get("asr", "nope")
