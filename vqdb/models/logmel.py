"""YAMNet's log-mel front end in numpy: the patches YAMNet classifies, computed as its TensorFlow code does.

16 kHz mono -> magnitude STFT (25 ms periodic Hann window, 10 ms hop, 512-point FFT, no centring)
-> 64 mel bands 125-7500 Hz (TensorFlow's ``linear_to_mel_weight_matrix``: HTK mel scale, triangles in
mel space, DC bin dropped) -> ``log(mel + 0.001)`` -> patches of 96 frames (0.96 s) every 48 frames
(0.48 s). The waveform is zero-padded first, like YAMNet's ``pad_waveform``, so that even a short clip
gives one patch and the tail gets a last one.

Example:
    >>> import numpy as np
    >>> patches = log_mel_patches(np.zeros(16000, np.float32))
    >>> patches.shape, round(float(patches.max()), 4)
    ((2, 96, 64), -6.9078)
"""

from __future__ import annotations

import functools
import math

import numpy as np

SAMPLE_RATE = 16000
WINDOW_SAMPLES = 400  # 25 ms
HOP_SAMPLES = 160  # 10 ms
FFT_LENGTH = 512  # next power of two above the window
MEL_BANDS = 64
MEL_LOW_HZ = 125.0
MEL_HIGH_HZ = 7500.0
LOG_OFFSET = 0.001
PATCH_FRAMES = 96  # 0.96 s
PATCH_HOP_FRAMES = 48  # 0.48 s
PATCH_SECONDS = PATCH_FRAMES * HOP_SAMPLES / SAMPLE_RATE
PATCH_HOP_SECONDS = PATCH_HOP_FRAMES * HOP_SAMPLES / SAMPLE_RATE
_FRAMES_PER_BLOCK = 4096  # STFT frames transformed at once: bounds memory on long tracks


def hertz_to_mel(hertz: np.ndarray | float) -> np.ndarray | float:
    """The HTK mel scale TensorFlow uses: ``1127 ln(1 + f / 700)``.

    Example:
        >>> round(float(hertz_to_mel(1000.0)), 1)
        1000.0
    """
    return 1127.0 * np.log1p(np.asarray(hertz, dtype=np.float64) / 700.0)


@functools.cache
def mel_weight_matrix() -> np.ndarray:
    """``[257, 64]`` weights from FFT magnitude bins to mel bands, as ``tf.signal.linear_to_mel_weight_matrix``.

    Example:
        >>> weights = mel_weight_matrix()
        >>> weights.shape, float(weights[0].sum()), float(weights.max()) <= 1.0
        ((257, 64), 0.0, True)
    """
    bins = FFT_LENGTH // 2 + 1
    bin_mel = hertz_to_mel(np.linspace(0.0, SAMPLE_RATE / 2, bins))[1:, None]  # the DC bin gets no weight
    edges = np.linspace(hertz_to_mel(MEL_LOW_HZ), hertz_to_mel(MEL_HIGH_HZ), MEL_BANDS + 2)
    lower, center, upper = edges[:-2], edges[1:-1], edges[2:]
    rising = (bin_mel - lower) / (center - lower)
    falling = (upper - bin_mel) / (upper - center)
    weights = np.maximum(0.0, np.minimum(rising, falling))
    return np.vstack([np.zeros((1, MEL_BANDS)), weights]).astype(np.float32)


@functools.cache
def _window() -> np.ndarray:
    """The periodic Hann window of ``tf.signal.hann_window(400)``."""
    n = np.arange(WINDOW_SAMPLES)
    return (0.5 - 0.5 * np.cos(2 * np.pi * n / WINDOW_SAMPLES)).astype(np.float32)


def pad_for_patches(samples: np.ndarray) -> np.ndarray:
    """Zero-pad to one whole patch plus a whole number of patch hops, as YAMNet's ``pad_waveform``.

    Example:
        >>> len(pad_for_patches(np.zeros(100, np.float32))), len(pad_for_patches(np.zeros(16000, np.float32)))
        (15600, 23280)
    """
    first_patch = (PATCH_FRAMES - 1) * HOP_SAMPLES + WINDOW_SAMPLES  # 0.975 s
    hop = PATCH_HOP_FRAMES * HOP_SAMPLES
    hops = math.ceil(max(0, len(samples) - first_patch) / hop)
    return np.pad(samples, (0, first_patch + hops * hop - len(samples)))


def log_mel_spectrogram(samples: np.ndarray) -> np.ndarray:
    """``[frames, 64]`` log mel magnitudes of 16 kHz mono ``samples`` (no padding; frames fit wholly).

    Example:
        >>> log_mel_spectrogram(np.zeros(16000, np.float32)).shape
        (98, 64)
    """
    samples = np.asarray(samples, dtype=np.float32)
    if len(samples) < WINDOW_SAMPLES:
        return np.zeros((0, MEL_BANDS), np.float32)
    frames = np.lib.stride_tricks.sliding_window_view(samples, WINDOW_SAMPLES)[::HOP_SAMPLES]
    window, weights = _window(), mel_weight_matrix()
    out = np.empty((len(frames), MEL_BANDS), np.float32)
    for start in range(0, len(frames), _FRAMES_PER_BLOCK):
        block = frames[start : start + _FRAMES_PER_BLOCK] * window
        magnitude = np.abs(np.fft.rfft(block, n=FFT_LENGTH, axis=1))
        out[start : start + len(block)] = np.log(magnitude @ weights + LOG_OFFSET)
    return out


def log_mel_patches(samples: np.ndarray) -> np.ndarray:
    """``[patches, 96, 64]`` YAMNet input patches; patch ``i`` starts at ``i * 0.48`` s.

    Example:
        >>> log_mel_patches(np.zeros(3 * 16000, np.float32)).shape
        (6, 96, 64)
    """
    spectrogram = log_mel_spectrogram(pad_for_patches(np.asarray(samples, dtype=np.float32)))
    windows = np.lib.stride_tricks.sliding_window_view(spectrogram, PATCH_FRAMES, axis=0)[::PATCH_HOP_FRAMES]
    return np.ascontiguousarray(windows.transpose(0, 2, 1))
