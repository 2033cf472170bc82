"""The device and precision settings: resolved here on the CPU, CUDA asked for without one is a clear error,
every local provider reports where it runs; the GPU tests run where torch sees a CUDA device."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from vqdb.config import Config
from vqdb.errors import ConfigError
from vqdb.models import device, registry
from vqdb.models.device import Placement, placement
from vqdb.models.siglip import SiglipEmbedder
from vqdb.models.whisper import compute_type
from vqdb.testing.tiny import build_tiny_siglip

needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")


@pytest.fixture(scope="module")
def tiny_siglip(tmp_path_factory) -> str:
    return str(build_tiny_siglip(tmp_path_factory.mktemp("tiny-siglip")))


def test_settings_are_checked_when_the_config_is_made():
    for good in ("auto", "cpu", "cuda", "cuda:3"):
        assert Config(device=good).device == good
    with pytest.raises(ConfigError, match="device must be auto, cpu, cuda or cuda:N"):
        Config(device="gpu")
    with pytest.raises(ConfigError, match="precision must be one of auto, fp32, bf16, fp16"):
        Config(precision="half")
    with pytest.raises(ConfigError, match="cpu_threads"):
        Config(cpu_threads=-1)


def test_auto_never_fails_and_is_the_cpu_in_fp32_without_cuda(monkeypatch):
    monkeypatch.setattr(device, "cuda_device_count", lambda: 0)
    place = placement(Config(cpu_threads=3))
    assert place == Placement("cpu", "fp32", explicit=False, cpu_threads=3)
    assert placement(Config(precision="bf16")).precision == "bf16"  # bf16 autocast also works on a CPU


def test_cuda_without_a_device_is_an_error_that_says_what_to_do(monkeypatch):
    monkeypatch.setattr(device, "cuda_device_count", lambda: 0)
    for asked in ("cuda", "cuda:1"):
        with pytest.raises(
            ConfigError, match=rf"device '{asked}' asks for CUDA, but torch sees no CUDA device.*'auto'"
        ):
            placement(Config(device=asked))
    with pytest.raises(ConfigError, match="fp16' needs a CUDA device"):
        placement(Config(device="cpu", precision="fp16"))


def test_a_cuda_index_past_the_devices_is_an_error(monkeypatch):
    monkeypatch.setattr(device, "cuda_device_count", lambda: 2)
    monkeypatch.setattr(device, "_bf16_supported", lambda name: name == "cuda:0")
    assert placement(Config(device="auto")).device == "cuda:0"
    assert (placement(Config(device="cuda")).device, placement(Config(device="cuda:1")).precision) == ("cuda:0", "fp16")
    with pytest.raises(ConfigError, match=r"torch sees 2 CUDA device\(s\), cuda:0 to cuda:1"):
        placement(Config(device="cuda:2"))
    with pytest.raises(ConfigError, match="cuda:1 has no bf16 support"):
        placement(Config(device="cuda:1", precision="bf16"))


def test_default_cpu_threads_is_half_the_cores():
    import os

    assert device.cpu_threads(Config()) == max(1, len(os.sched_getaffinity(0)) // 2)


def test_whisper_keeps_int8_on_the_cpu_unless_a_precision_is_asked_for():
    assert compute_type(Placement("cpu", "fp32")) == "int8"
    assert compute_type(Placement("cpu", "fp32", explicit=True)) == "float32"
    assert compute_type(Placement("cuda:0", "bf16")) == "float16"
    assert compute_type(Placement("cuda:0", "bf16", explicit=True)) == "bfloat16"


def test_whisper_refuses_a_compute_type_ctranslate2_lacks_here():
    import ctranslate2

    if "bfloat16" in ctranslate2.get_supported_compute_types("cpu"):
        pytest.skip("this CPU's CTranslate2 computes in bfloat16")
    with pytest.raises(ConfigError, match="cannot compute in bfloat16 on cpu; it supports"):
        registry.speech_recognizer(Config(device="cpu", precision="bf16"))


def test_siglip_in_bf16_on_the_cpu_is_close_to_fp32(tiny_siglip):
    fp32 = registry.image_text_embedder(Config(embed_model=tiny_siglip, device="cpu"))
    bf16 = registry.image_text_embedder(Config(embed_model=tiny_siglip, device="cpu", precision="bf16"))
    assert (fp32.device, fp32.precision, bf16.precision) == ("cpu", "fp32", "bf16")
    images = [np.random.default_rng(i).integers(0, 255, (48, 64, 3), dtype=np.uint8) for i in range(3)]
    a, b = fp32.embed_images(images), bf16.embed_images(images)
    assert b.dtype == np.float32 and np.allclose(np.linalg.norm(b, axis=1), 1, atol=1e-5)
    assert np.all(np.sum(a * b, axis=1) > 0.99)
    assert np.all(np.sum(fp32.embed_texts(["a dog"]) * bf16.embed_texts(["a dog"]), axis=1) > 0.99)


def test_every_local_provider_reports_where_it_runs():
    config = Config(device="cpu")
    assert (registry.sentence_embedder(config).device, registry.sentence_embedder(config).precision) == ("cpu", "fp32")
    assert (registry.ocr_reader(config).device, registry.audio_tagger(config).device) == ("cpu", "cpu")
    asr = registry.speech_recognizer(config)
    assert (asr.device, asr.precision, asr.settings["compute_type"]) == ("cpu", "int8", "int8")


@needs_cuda
def test_siglip_on_cuda_in_bf16_matches_the_cpu(tiny_siglip):
    cpu = SiglipEmbedder(tiny_siglip, place=placement(Config(device="cpu")))
    gpu = SiglipEmbedder(tiny_siglip, place=placement(Config(device="cuda")))
    assert gpu.device == "cuda:0" and gpu.precision in ("bf16", "fp16")
    images = [np.random.default_rng(i).integers(0, 255, (48, 64, 3), dtype=np.uint8) for i in range(40)]
    assert np.all(np.sum(cpu.embed_images(images) * gpu.embed_images(images), axis=1) > 0.98)


def _ctranslate2_cuda_problem() -> str | None:
    from vqdb.models.whisper import cuda_runtime_problem

    return cuda_runtime_problem() if torch.cuda.is_available() else "no CUDA device"


@pytest.mark.skipif(_ctranslate2_cuda_problem() is not None, reason=f"{_ctranslate2_cuda_problem()}")
def test_whisper_on_cuda(shared_data):
    from vqdb.ingest.audio import decode_audio

    asr = registry.speech_recognizer(Config(device="cuda"))
    assert (asr.device, asr.precision, asr.settings["batch_size"]) == ("cuda:0", "float16", 16)
    text = asr.transcribe(decode_audio(shared_data / "audio" / "jfk.flac").samples).text.lower()
    assert "ask not what your country can do for you" in text


@needs_cuda
def test_minilm_and_easyocr_on_cuda():
    config = Config(device="cuda")
    assert registry.sentence_embedder(config).embed_texts(["a dog barks"]).shape == (1, 384)
    reader = registry.ocr_reader(config)
    assert reader.device == "cuda:0" and reader.recognizer_batch > 0
