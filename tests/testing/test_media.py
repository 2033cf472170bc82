"""The generators' ground truth checked against the media they write, without OCR: pixels inside vs outside
each text interval, audio energy inside vs outside each sound, a real recording found at its offset, and
one real Whisper transcription of an espeak-ng phrase."""

from __future__ import annotations

import av
import numpy as np
import pytest
from PIL import Image

from vqdb.ingest.audio import decode_audio
from vqdb.ingest.subtitles import read_subtitles
from vqdb.testing.media import (
    SAMPLE_RATE,
    Event,
    Footage,
    Gradient,
    Hiss,
    MediaRecipeError,
    Recording,
    Scene,
    Solid,
    Speech,
    Text,
    Tone,
    build,
    caption_cues,
    render,
    speak,
)

SMALL = (320, 180)


def frames(path) -> list[tuple[float, np.ndarray]]:
    """(time, grey image as float) of every frame."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        return [
            (round(float(f.pts * stream.time_base), 3), f.to_ndarray(format="gray").astype(float))
            for f in container.decode(stream)
        ]


def rms(samples: np.ndarray, start_s: float, end_s: float, rate: int = 16000) -> float:
    part = samples[int(start_s * rate) : int(end_s * rate)]
    return float(np.sqrt(np.mean(part**2))) if part.size else 0.0


def test_text_is_on_screen_exactly_in_its_interval(tmp_path):
    texts = [
        Text("EXIT", 1.0, 2.0, id="exit", size=40, at=(0.25, 0.5)),
        Text("PLATFORM 9\nCambridge", 0.5, 2.5, id="sign", font="serif-italic", rotation=12, at=(0.75, 0.5)),
    ]
    clip = render(tmp_path / "t.mp4", 3.0, [Scene(0, 3, Solid("black"))], texts=texts, size=SMALL)
    assert [(t.id, t.start_s, t.end_s) for t in clip.truth] == [("exit", 1.0, 2.0), ("sign", 0.5, 2.5)]
    halves = {"exit": np.s_[:, :160], "sign": np.s_[:, 160:]}
    for t, image in frames(clip.path):
        for truth in clip.truth:
            visible = image[halves[truth.id]].max() > 128  # white text on black; black stays black
            assert visible == (truth.start_s <= t < truth.end_s), (truth.id, t)


def test_a_fade_counts_where_the_text_is_at_least_half_opaque(tmp_path):
    clip = render(
        tmp_path / "f.mp4", 3.0, [Scene(0, 3, Solid("black"))], texts=[Text("HELLO", 0.5, 2.5, fade_s=0.5)], size=SMALL
    )
    truth = clip.truth[0]
    assert (truth.start_s, truth.end_s) == (0.75, 2.25)
    shown = frames(clip.path)
    full = max(image.max() for _, image in shown)
    for t, image in shown:  # opacity steps 0.2 per frame: 0.4 just outside the truth, 0.6 just inside
        assert (image.max() >= 0.5 * full) == (truth.start_s <= t < truth.end_s), t


def test_each_credit_line_is_true_while_it_is_whole_in_the_frame(tmp_path):
    clip = render(
        tmp_path / "r.mp4",
        4.0,
        [Scene(0, 4, Solid("black"))],
        texts=[Text("Written by\nSam Carter\n\nMusic by\nThe Blue Notes", 0.0, 4.0, id="credits", roll=True, size=30)],
        size=SMALL,
        fps=50,
    )
    lines = [t for t in clip.truth if t.id.startswith("credits.line")]  # the empty line has no truth
    assert [t.text for t in lines] == ["Written by", "Sam Carter", "Music by", "The Blue Notes"]
    assert [t.id for t in lines] == ["credits.line1", "credits.line2", "credits.line4", "credits.line5"]
    for t, image in frames(clip.path):  # the block moves about 2 pixels a frame
        if min(abs(t - b) for line in lines for b in (line.start_s, line.end_s)) < 0.021:
            continue  # a boundary frame is within a pixel either way
        rows = np.flatnonzero(image.max(axis=1) > 100)
        runs = np.split(rows, np.flatnonzero(np.diff(rows) > 1) + 1) if rows.size else []
        whole = [r for r in runs if r.min() > 0 and r.max() < SMALL[1] - 1]  # a line cut by an edge is not whole
        assert len(whole) == sum(line.start_s <= t < line.end_s for line in lines), t


def test_speech_is_audible_only_in_its_interval_and_its_words_in_order(tmp_path):
    clip = render(
        tmp_path / "s.mp4",
        4.0,
        [Scene(0, 4, Gradient())],
        sounds=[Speech("Ask not what your country can do for you.", 0.7, id="jfk")],
        size=SMALL,
    )
    speech = clip.event("jfk")
    assert speech.start_s >= 0.7 and speech.end_s < 4.0
    assert " ".join(w.text for w in speech.words) == "Ask not what your country can do for you."
    starts = [w.start_s for w in speech.words]
    assert starts == sorted(starts) and speech.words[0].start_s == pytest.approx(speech.start_s, abs=0.02)
    samples = decode_audio(clip.path).samples
    quiet = max(rms(samples, a, a + 0.05) for a in np.arange(0, speech.start_s - 0.1, 0.05))
    quiet = max([quiet, *(rms(samples, a, a + 0.05) for a in np.arange(speech.end_s + 0.1, 3.9, 0.05))])
    assert quiet < 1e-3
    for word in speech.words:
        assert rms(samples, word.start_s, word.end_s) > 0.02, word


def test_tones_have_their_pitch_and_brown_noise_is_low(tmp_path):
    clip = render(
        tmp_path / "a.mp4",
        4.0,
        [Scene(0, 4, Solid("navy"))],
        sounds=[Tone(440, 0.5, 1.5, id="beep"), Hiss(2.0, 3.0, id="rumble", color="brown"), Hiss(3.2, 3.8, id="hiss")],
        size=SMALL,
    )
    samples = decode_audio(clip.path).samples
    beep = samples[int(0.6 * 16000) : int(1.4 * 16000)]
    peak_hz = np.fft.rfftfreq(beep.size, 1 / 16000)[np.argmax(np.abs(np.fft.rfft(beep)))]
    assert peak_hz == pytest.approx(440, abs=2)
    assert rms(samples, 0.0, 0.45) < 1e-3 and rms(samples, 1.55, 1.95) < 1e-3 and rms(samples, 0.6, 1.4) > 0.1

    def centroid(a: float, b: float) -> float:  # of the power spectrum
        power = np.abs(np.fft.rfft(samples[int(a * 16000) : int(b * 16000)])) ** 2
        return float((np.fft.rfftfreq(int(b * 16000) - int(a * 16000), 1 / 16000) * power).sum() / power.sum())

    assert centroid(2.1, 2.9) < 300 < 3000 < centroid(3.3, 3.7)


def test_a_real_recording_lands_at_its_offset_with_its_annotated_events(tmp_path, shared_data):
    jfk = shared_data / "audio" / "jfk.flac"
    clip = render(
        tmp_path / "j.mp4",
        14.0,
        [Scene(0, 14, Solid("black"))],
        sounds=[Recording(str(jfk), 2.5, id="jfk", kind="speech", events=(Event("ask-not", 3.25, 4.35, "ask not"),))],
        size=SMALL,
    )
    assert (clip.event("jfk.ask-not").start_s, clip.event("jfk.ask-not").end_s) == (5.75, 6.85)
    mixed, source = decode_audio(clip.path).samples, decode_audio(jfk).samples
    lags = np.arange(0, 4 * 16000, 16)  # the source slid along the mix: the best match is at the offset
    head = source[: 4 * 16000]
    scores = [float(mixed[lag : lag + head.size] @ head) for lag in lags]
    assert lags[int(np.argmax(scores))] / 16000 == pytest.approx(2.5, abs=0.01)


def test_burned_captions_follow_the_words_and_srt_captions_are_a_sidecar(tmp_path):
    text = "Coming up at nine o'clock, the weather with Rachel Green, and then the late news from the city centre."
    burned = render(
        tmp_path / "b.mp4", 9.0, [Scene(0, 9, Solid("black"))], sounds=[Speech(text, 0.5, id="s", caption="burn")]
    )
    cues = [t for t in burned.truth if t.id.startswith("s.caption")]
    assert len(cues) > 1 and " ".join(c.text.replace("\n", " ") for c in cues) == text
    assert all(len(c.text.split("\n")) <= 2 for c in cues)
    speech = burned.event("s")
    assert cues[0].start_s == speech.words[0].start_s and cues[-1].end_s == speech.end_s
    assert not burned.path.with_suffix(".srt").exists()
    srt = render(
        tmp_path / "c.mp4", 9.0, [Scene(0, 9, Solid("black"))], sounds=[Speech(text, 0.5, id="s", caption="srt")]
    )
    parsed = read_subtitles(srt.path.with_suffix(".srt")).cues  # espeak-ng's timing varies a little per call:
    expected = caption_cues(srt.event("s"))  # the cues come from this clip's own word times
    assert [(round(c.start_s, 3), round(c.end_s, 3), c.text) for c in parsed] == [
        (a, b, line.replace("\n", " ")) for a, b, line in expected
    ]
    assert [t.id for t in srt.truth] == ["s"]  # sidecar captions are not on screen


def test_footage_plays_the_source_from_its_start_time(tmp_path, shared_data):
    bikes = shared_data / "video" / "bikes.mp4"
    clip = render(tmp_path / "f.mp4", 2.0, [Scene(0, 2, Footage(str(bikes), 5.0))], size=SMALL)
    shown = dict(frames(clip.path))
    source = {t: img for t, img in frames(bikes)}

    def covered(t: float) -> np.ndarray:  # the source frame showing at t, scaled to cover 320x180, centred
        image = Image.fromarray(source[max(s for s in source if s <= t + 1e-6)].astype(np.uint8))
        width = round(image.width * SMALL[1] / image.height)
        left = (width - SMALL[0]) // 2
        return np.asarray(image.resize((width, SMALL[1])).crop((left, 0, left + SMALL[0], SMALL[1])), float)

    diff = {t: np.abs(shown[1.0] - covered(t)).mean() for t in (1.0, 6.0)}
    assert diff[6.0] < 8 < 20 < diff[1.0]


def test_speak_times_every_word_inside_the_audio():
    text = "Liftoff! We have liftoff at nine forty-five, the news from the city centre."
    samples, words = speak(text, voice="en")
    assert " ".join(w.text for w in words) == text and len(words) >= 10
    assert all(a.end_s <= b.start_s for a, b in zip(words, words[1:], strict=False))
    assert words[-1].end_s <= samples.size / SAMPLE_RATE


@pytest.mark.slow
def test_whisper_hears_the_words_espeak_said_where_they_were_said(tmp_path):
    from vqdb.config import Config
    from vqdb.ingest.wer import word_error_rate
    from vqdb.models import registry

    reason = registry.unavailable_reason("asr", Config())
    if reason:
        pytest.skip(reason)
    said = "Please mind the gap between the train and the platform."
    clip = render(tmp_path / "w.mp4", 6.0, [Scene(0, 6, Solid("black"))], sounds=[Speech(said, 1.5, id="gap")])
    heard = registry.speech_recognizer(Config()).transcribe(decode_audio(clip.path).samples)
    assert word_error_rate([said], [heard.text]) <= 0.2, heard.text
    truth = clip.event("gap")
    recognized = [w for s in heard.segments for w in s.words]
    assert all(truth.start_s - 0.6 <= w.start_s and w.end_s <= truth.end_s + 0.6 for w in recognized)


def test_recipes_build_clips_and_bad_ones_say_what_is_wrong(tmp_path):
    recipe = {
        "duration_s": 2,
        "scenes": [{"layer": "Scene", "start_s": 0, "end_s": 2, "background": {"layer": "Solid", "color": "navy"}}],
        "texts": [{"layer": "Text", "text": "EXIT", "start_s": 0.5, "end_s": 1.5, "id": "exit", "at": [0.3, 0.5]}],
        "size": [320, 180],
    }
    assert build(recipe, tmp_path / "r.mp4").event("exit").end_s == 1.5
    with pytest.raises(MediaRecipeError, match="Text takes"):
        build({**recipe, "texts": [{"layer": "Text", "txt": "EXIT"}]}, tmp_path / "x.mp4")
    with pytest.raises(MediaRecipeError, match="'layer' one of"):
        build({**recipe, "texts": [{"text": "EXIT"}]}, tmp_path / "x.mp4")
    with pytest.raises(MediaRecipeError, match="unknown font"):
        render(tmp_path / "x.mp4", 2, [Scene(0, 2, Solid())], texts=[Text("A", 0, 1, font="comic")])
    with pytest.raises(MediaRecipeError, match="unique"):
        render(tmp_path / "x.mp4", 2, [Scene(0, 2, Solid())], texts=[Text("A", 0, 1, id="a"), Text("B", 1, 2, id="a")])
    with pytest.raises(MediaRecipeError, match="past the clip"):
        render(tmp_path / "x.mp4", 2, [Scene(0, 2, Solid())], sounds=[Tone(440, 1.5, 2.5, id="t")])
    with pytest.raises(MediaRecipeError, match="gap"):
        render(tmp_path / "x.mp4", 2, [Scene(0, 1, Solid()), Scene(1.5, 2, Solid())])
