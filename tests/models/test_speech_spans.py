"""Word times kept inside the speech VAD found (``vqdb.models.speech_spans``)."""

from __future__ import annotations

import numpy as np
import pytest

from vqdb.models.speech_spans import SpeechRegion, pad_s, speech_regions, within_speech

REGIONS = (SpeechRegion(1.0, 4.0), SpeechRegion(8.0, 12.0), SpeechRegion(15.0, 16.0))


@pytest.mark.parametrize(
    ("span", "placed"),
    [
        ((1.5, 2.0), (1.5, 2.0)),  # inside a region
        ((9.0, 11.5), (9.0, 11.5)),
        ((3.2, 4.7), (8.4, 8.7)),  # placed by the first region, its end 0.7 s into the second's speech
        ((7.5, 8.9), (8.4, 8.9)),  # the same word placed by the second region
        ((3.6, 4.3), (3.6, 4.0)),  # ends in the second region's padding: the first region's last word
        ((11.2, 12.7), (15.4, 15.7)),  # across the second join
    ],
)
def test_a_word_across_a_join_lies_on_one_side(span, placed):
    assert within_speech(span, REGIONS) == pytest.approx(placed)


def test_one_region_or_none_moves_nothing():
    assert within_speech((0.2, 9.0), (SpeechRegion(0.0, 10.0),)) == (0.2, 9.0)
    assert within_speech((0.2, 9.0), ()) == (0.2, 9.0)


def test_regions_are_what_faster_whisper_keeps():
    rng = np.random.default_rng(0)
    silence = np.zeros(3 * 16000, np.float32)
    assert speech_regions(silence) == ()
    assert pad_s() == pytest.approx(0.4)
    noise = rng.normal(0, 1e-4, 16000).astype(np.float32)
    assert speech_regions(noise) == ()


def test_regions_touching_are_one_where_nothing_was_cut_out(shared_data):
    """With the batched pipeline's VAD (splits at 160 ms of silence) jfk.flac's speech comes as five chunks,
    two pairs of them touching (a short silence shared between them): nothing was cut out there, so a word
    across such a join has nothing to be moved over."""
    from vqdb.ingest.audio import decode_audio
    from vqdb.models.whisper import BATCH_WINDOW_S, VAD_BATCHED

    samples = decode_audio(shared_data / "audio" / "jfk.flac").samples
    regions = speech_regions(samples, {**VAD_BATCHED, "max_speech_duration_s": BATCH_WINDOW_S})
    assert len(regions) == 3
    assert all(a.end_s < b.start_s for a, b in zip(regions, regions[1:], strict=False))
    assert within_speech((4.4, 4.9), regions) == (4.4, 4.752)  # ends in the next region's padding
