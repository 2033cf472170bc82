"""Who speaks when (vqdb.ingest.voices): pitch, formant spacing, utterances, speakers and their voices."""

from __future__ import annotations

import numpy as np
import pytest

from vqdb.ingest import voices
from vqdb.ingest.audio import decode_audio
from vqdb.ingest.voices import Utterance

SR = voices.SAMPLE_RATE


def vowel(f0: float, formants: tuple[float, ...], seconds: float, seed: int = 0) -> np.ndarray:
    """A sung vowel: a glottal pulse train at ``f0`` (with a little jitter) through resonators at ``formants``."""
    rng = np.random.default_rng(seed)
    n = int(seconds * SR)
    pulses = np.zeros(n)
    t = 0.0
    while t < n:
        pulses[int(t)] = 1.0
        t += SR / (f0 * (1 + rng.normal(0, 0.005)))
    signal = pulses
    for formant in formants:  # a two-pole resonator per formant, 80 Hz wide
        r = np.exp(-np.pi * 80 / SR)
        a1, a2 = 2 * r * np.cos(2 * np.pi * formant / SR), -(r**2)
        out = np.zeros(n)
        for i in range(n):
            out[i] = signal[i] + a1 * (out[i - 1] if i else 0) + a2 * (out[i - 2] if i > 1 else 0)
        signal = out
    return (0.3 * signal / np.abs(signal).max()).astype(np.float32)


MAN = (120.0, (500.0, 1500.0, 2500.0, 3500.0))  # 1000 Hz apart: a long vocal tract
WOMAN = (220.0, (600.0, 1800.0, 3000.0, 4200.0))  # 1200 Hz apart


@pytest.mark.parametrize("f0", [90.0, 150.0, 230.0, 380.0])
def test_pitch_of_a_harmonic_voice(f0):
    track = vowel(f0, (700.0, 1200.0, 2600.0), 0.5)
    found = voices.pitch_and_level(track)[0][5:-5]
    assert abs(np.nanmedian(found) / f0 - 1) < 0.03
    assert np.mean(~np.isnan(found)) > 0.9


def test_hum_is_no_utterance():
    t = np.arange(3 * SR) / SR
    hum = (0.2 * np.sin(2 * np.pi * 50 * t)).astype(np.float32)
    voice = np.concatenate([np.zeros(SR), vowel(*MAN, 1.0), np.zeros(SR)]) * 0.3
    found = voices.utterances(hum + voice.astype(np.float32), np.ones(voices.frame_count(hum)))
    assert [(round(u.start_s, 1), round(u.end_s, 1)) for u in found] == [(1.0, 2.0)]


def test_noise_has_little_pitch():
    noise = np.random.default_rng(1).normal(0, 0.1, SR).astype(np.float32)
    assert np.isnan(voices.pitch_and_level(noise)[0]).mean() > 0.8


def test_formant_spacing_follows_the_vocal_tract():
    for f0, formants in (MAN, WOMAN):
        track = vowel(f0, formants, 0.6)
        spacing = voices.formant_spacing(track, np.ones(voices.frame_count(track), bool))
        assert abs(np.nanmedian(spacing) - np.diff(formants).mean()) < 120


def test_two_voices_without_a_pause_are_two_utterances_and_two_speakers():
    gap = np.zeros(int(0.1 * SR), np.float32)
    track = np.concatenate([vowel(*MAN, 2.0), gap, vowel(*WOMAN, 2.0, seed=2), gap, vowel(*MAN, 1.5, seed=3)])
    found = voices.utterances(track, np.ones(voices.frame_count(track)))
    assert [round(u.start_s) for u in found] == [0, 2, 4]
    rows = voices.voices_table("v", found).to_pylist()
    assert [(r["voice"], r["speaker"], r["opens_turn"]) for r in rows] == [
        ("man", 1, True),
        ("woman", 2, True),
        ("man", 1, True),
    ]


def test_one_voice_over_pauses_is_one_speaker():
    pause = np.zeros(int(0.5 * SR), np.float32)
    track = np.concatenate([vowel(*WOMAN, 1.0), pause, vowel(230.0, WOMAN[1], 1.0, seed=4), pause, vowel(*WOMAN, 1.0)])
    found = voices.utterances(track, np.ones(voices.frame_count(track)))
    rows = voices.voices_table("v", found).to_pylist()
    assert len(rows) == 3 and {r["speaker"] for r in rows} == {1} and [r["opens_turn"] for r in rows] == [1, 0, 0]


def test_no_speech_heard_is_no_utterance():
    track = vowel(*MAN, 1.0)
    assert voices.utterances(track, np.zeros(voices.frame_count(track))) == []
    assert voices.utterances(np.zeros(0, np.float32), np.zeros(0)) == []


def test_a_raised_male_voice_is_still_a_man():
    assert voices.voice_of(250.0, 930.0) == "man"  # an orator: a woman's pitch, a man's vocal tract
    assert voices.voice_of(250.0, 1300.0) == "woman"
    assert voices.voice_of(140.0, 1300.0) == "man"
    assert voices.voice_of(330.0, 1400.0) == "child"


def test_a_short_utterance_keeps_the_speaker_before_it():
    found = [Utterance(0, 2, 120.0, 1000.0, 150), Utterance(2.3, 2.5, 260.0, 1300.0, 12)]
    owners, _ = voices.speakers_of(found)
    assert owners == [1, 1]


def test_real_woman_and_man(shared_data):
    """LJ001-0005 (a woman) and jfk.flac (a man): each one speaker, the man's voice a man's despite his pitch."""
    woman = decode_audio(shared_data / "audio" / "ljspeech" / "LJ001-0005.wav").samples
    man = decode_audio(shared_data / "audio" / "jfk.flac").samples
    track = np.concatenate([woman, np.zeros(SR, np.float32), man])
    found = voices.utterances(track, np.ones(voices.frame_count(track)))
    rows = voices.voices_table("v", found).to_pylist()
    split = len(woman) / SR
    assert {(r["voice"], r["speaker"]) for r in rows if r["end_s"] <= split + 0.1} == {("woman", 1)}
    assert {(r["voice"], r["speaker"]) for r in rows if r["start_s"] > split} == {("man", 2)}


def test_a_phrase_too_short_to_found_a_voice_joins_the_nearest_speaker():
    woman, man = Utterance(0, 2, 230.0, 1300.0, 150), Utterance(2.5, 4, 120.0, 1000.0, 120)
    odd = Utterance(4.5, 5.0, 380.0, 1500.0, 40)  # far from both, but too little to be a new voice
    assert voices.speakers_of([woman, man, odd])[0] == [1, 2, 1]
    long_odd = Utterance(4.5, 6.0, 380.0, 1500.0, 100)  # longer, it is a voice of its own
    assert voices.speakers_of([woman, man, long_odd])[0] == [1, 2, 3]


def test_a_short_first_phrase_of_a_new_voice_is_that_voice_s_once_it_speaks_at_length():
    woman, short_man = Utterance(0, 2, 230.0, 1300.0, 150), Utterance(3, 3.6, 95.0, 1000.0, 40)
    man, woman_again = Utterance(4, 6, 110.0, 980.0, 150), Utterance(6.5, 8, 225.0, 1250.0, 120)
    assert voices.speakers_of([woman, short_man, man, woman_again])[0] == [1, 2, 2, 1]
    assert voices.speakers_of([woman, short_man, woman_again])[0] == [1, 1, 1]  # no man to be: the nearest there is
    rows = voices.voices_table("v", [woman, short_man, man]).to_pylist()
    assert [(r["voice"], r["opens_turn"]) for r in rows] == [("woman", True), ("man", True), ("man", False)]


def test_a_word_too_short_to_tell_apart_is_the_voice_of_the_nearer_utterance_in_time():
    man, woman = Utterance(0, 2, 110.0, 980.0, 150), Utterance(3.0, 5, 230.0, 1300.0, 150)
    first_word_of_hers, last_word_of_his = Utterance(2.6, 2.8, 0.0, 0.0, 5), Utterance(2.1, 2.3, 0.0, 0.0, 5)
    assert voices.speakers_of([man, first_word_of_hers, woman])[0] == [1, 2, 2]
    assert voices.speakers_of([man, last_word_of_his, woman])[0] == [1, 1, 2]
