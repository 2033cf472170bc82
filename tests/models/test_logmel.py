"""YAMNet's log-mel front end: shapes, known values, and agreement with an independent computation."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from vqdb.ingest.audio import decode_audio
from vqdb.models import logmel


def reference_mel_weights() -> np.ndarray:
    """TensorFlow's linear_to_mel_weight_matrix written out bin by bin, band by band."""

    def mel(hz: float) -> float:
        return 1127.0 * math.log(1.0 + hz / 700.0)

    low, high = mel(125.0), mel(7500.0)
    edges = [low + (high - low) * i / 65 for i in range(66)]
    weights = np.zeros((257, 64))
    for b in range(1, 257):  # bin 0 (DC) has no weight
        m = mel(b * 8000.0 / 256)
        for band in range(64):
            left, center, right = edges[band], edges[band + 1], edges[band + 2]
            if left < m <= center:
                weights[b, band] = (m - left) / (center - left)
            elif center < m < right:
                weights[b, band] = (right - m) / (right - center)
    return weights


def reference_log_mel(samples: np.ndarray) -> np.ndarray:
    """torch.stft (window zero-padded to 512, centred) over a signal shifted so frames line up with TF's."""
    signal = torch.from_numpy(np.pad(samples.astype(np.float64), (56, 56)))
    stft = torch.stft(
        signal,
        n_fft=512,
        hop_length=160,
        win_length=400,
        window=torch.hann_window(400, periodic=True, dtype=torch.float64),
        center=False,
        return_complex=True,
    )
    magnitude = stft.abs().numpy().T  # [frames, 257]
    return np.log(magnitude @ reference_mel_weights() + 0.001)


def test_mel_weights_match_the_band_by_band_definition():
    np.testing.assert_allclose(logmel.mel_weight_matrix(), reference_mel_weights(), atol=1e-6)


def test_log_mel_matches_an_independent_stft_on_real_speech(shared_data):
    samples = decode_audio(shared_data / "audio" / "jfk.flac").samples[: 3 * 16000]
    ours, reference = logmel.log_mel_spectrogram(samples), reference_log_mel(samples)
    assert ours.shape == reference.shape == (1 + (len(samples) - 400) // 160, 64)
    loud = reference > -3  # compare where the log is not dominated by the 0.001 offset
    assert loud.mean() > 0.2
    np.testing.assert_allclose(ours[loud], reference[loud], atol=2e-3)
    np.testing.assert_allclose(ours, reference, atol=2e-2)


def test_a_tone_peaks_in_the_band_around_its_frequency():
    t = np.arange(16000) / 16000
    spectrogram = logmel.log_mel_spectrogram(0.5 * np.sin(2 * np.pi * 1000 * t).astype(np.float32))
    centers_hz = 700 * (np.exp(np.linspace(logmel.hertz_to_mel(125), logmel.hertz_to_mel(7500), 66)[1:-1] / 1127) - 1)
    strongest = int(np.argmax(spectrogram.mean(axis=0)))
    assert abs(centers_hz[strongest] - 1000) < 70


def test_silence_is_log_of_the_offset():
    assert np.allclose(logmel.log_mel_patches(np.zeros(20000, np.float32)), math.log(0.001))


@pytest.mark.parametrize(("seconds", "patches"), [(0.0, 1), (0.5, 1), (0.975, 1), (0.976, 2), (1.455, 2), (10.0, 20)])
def test_patch_count_follows_yamnet_padding(seconds, patches):
    out = logmel.log_mel_patches(np.zeros(int(seconds * 16000), np.float32))
    assert out.shape == (patches, 96, 64) and out.dtype == np.float32


def test_patches_are_windows_of_the_spectrogram():
    samples = np.random.default_rng(1).normal(0, 0.1, 40000).astype(np.float32)
    patches = logmel.log_mel_patches(samples)
    spectrogram = logmel.log_mel_spectrogram(logmel.pad_for_patches(samples))
    for i, patch in enumerate(patches):
        np.testing.assert_array_equal(patch, spectrogram[48 * i : 48 * i + 96])
