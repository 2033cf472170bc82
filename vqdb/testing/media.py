"""Clips with exact ground truth, for tests and the quality benchmark (``benchmarks/quality.py``).

A clip is a few layers rendered into one H.264 + AAC file with PyAV, numpy and PIL:

* **scenes** (what is behind everything): ``Solid``, ``Gradient``, ``Noise``, ``Still`` (one frame of a
  real video, scaled to cover) and ``Footage`` (real video played from a given time);
* **text** (``Text``): titles, captions, lower thirds, credits, signs; any of the fonts in ``FONTS``
  (the DejaVu and STIX faces matplotlib bundles, so every machine that installs vqdb has them), any
  size, colour, rotation, a caption box or outline, fades, multi-line layouts and credit rolls;
* **sound**: ``Speech`` (espeak-ng, with the time of every word from the synthesizer's own word
  events), ``Recording`` (a real audio file, e.g. speech or a dog bark, with its annotated events),
  ``Tone`` and ``Hiss`` (white or brown noise).

``render`` returns a :class:`Clip`: the file and its ground truth, one :class:`Truth` per text (the
interval it is on screen, at least half opaque; a credit roll gives one per line, while the whole line
is inside the frame), per spoken phrase (first to last audible sample, with word times) and per sound.
Speech can be captioned: burned into the picture (``caption="burn"``, cues of at most two lines split at
word boundaries, each a text truth) or as a sidecar ``.srt`` next to the video (``caption="srt"``).

``build(recipe, path, shared)`` renders a clip described as JSON (the benchmark's data files): see
:func:`from_recipe`.

Speech needs the ``espeak-ng`` system package (Debian/Ubuntu: ``apt-get install espeak-ng``); its
shared library is driven through ctypes, so word times come from the synthesizer, not from a guess.

Example:
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "card.mp4"
    >>> clip = render(path, 3.0, [Scene(0, 3, Solid("#203040"))],
    ...               texts=[Text("HELLO", 1.0, 2.0, id="hello")], sounds=[Tone(440, 0.5, 1.5, id="beep")])
    >>> [(t.id, t.kind, t.start_s, t.end_s) for t in clip.truth]
    [('hello', 'text', 1.0, 2.0), ('beep', 'sound', 0.5, 1.5)]
"""

from __future__ import annotations

import ctypes
import ctypes.util
import dataclasses
import functools
import json
import math
import textwrap
import threading
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import av
import matplotlib
import numpy as np
from PIL import Image, ImageColor, ImageDraw, ImageFilter, ImageFont

from vqdb.errors import MediaError, VqdbError
from vqdb.ingest.audio import decode_audio

SIZE = (640, 360)
FPS = 10
SAMPLE_RATE = 22050  # espeak-ng's own rate; recordings are resampled to it
FONT_DIR = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-oblique": "DejaVuSans-Oblique.ttf",
    "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
    "serif-italic": "DejaVuSerif-Italic.ttf",
    "mono": "DejaVuSansMono.ttf",
    "mono-bold": "DejaVuSansMono-Bold.ttf",
    "stix": "STIXGeneral.ttf",
    "stix-bold": "STIXGeneralBol.ttf",
    "stix-italic": "STIXGeneralItalic.ttf",
}
# Named places for a text block: (x, y) of its centre as fractions of the frame; "lower-third",
# "top-left" and "top-right" are anchored at their left / right edge instead.
PLACES = {
    "center": (0.5, 0.5),
    "top": (0.5, 0.16),
    "bottom": (0.5, 0.86),
    "caption": (0.5, 0.86),
    "lower-third": (0.06, 0.76),
    "top-left": (0.04, 0.08),
    "top-right": (0.96, 0.08),
}
AUDIBLE = 0.02  # a sample louder than this (of full scale) is audible: speech and recording extents
CAPTION_CHARS = 38  # characters per caption line
CAPTION_LINES = 2


class MediaRecipeError(VqdbError):
    """A clip description (layer or recipe) is invalid."""


# -- ground truth ---------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Word:
    """A spoken word and its time in the clip (seconds)."""

    text: str
    start_s: float
    end_s: float


@dataclasses.dataclass(frozen=True)
class Truth:
    """One ground-truth event of a clip: ``kind`` is ``text``, ``speech`` or ``sound``.

    ``text`` is the text on screen (lines joined by newlines), the words spoken, or the sound's label.
    """

    id: str
    kind: str
    start_s: float
    end_s: float
    text: str = ""
    words: tuple[Word, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        Example:
            >>> Truth("t", "text", 1.0, 2.0, "HI").to_dict()["end_s"]
            2.0
        """
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class Clip:
    """A rendered clip: its file, length and ground truth (an ``.srt`` sidecar when speech was captioned so)."""

    path: Path
    duration_s: float
    truth: tuple[Truth, ...]

    def event(self, id: str) -> Truth:
        """The truth named ``id``.

        Example:
            >>> Clip(Path("c.mp4"), 2.0, (Truth("a", "sound", 0.0, 1.0),)).event("a").end_s
            1.0
        """
        for truth in self.truth:
            if truth.id == id:
                return truth
        raise MediaRecipeError(f"clip {self.path.name} has no event {id!r}; it has {[t.id for t in self.truth]}")

    def to_json(self) -> str:
        """The clip as JSON (``from_json`` reads it back).

        Example:
            >>> Clip.from_json(Clip(Path("c.mp4"), 2.0, (Truth("a", "sound", 0.0, 1.0),)).to_json()).truth[0].id
            'a'
        """
        return json.dumps(
            {"path": str(self.path), "duration_s": self.duration_s, "truth": [t.to_dict() for t in self.truth]}
        )

    @classmethod
    def from_json(cls, text: str) -> Clip:
        """The clip ``to_json`` wrote."""
        data = json.loads(text)
        truth = tuple(Truth(**{**t, "words": tuple(Word(**w) for w in t.get("words", ()))}) for t in data["truth"])
        return cls(Path(data["path"]), float(data["duration_s"]), truth)


# -- scenes ---------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Solid:
    """One colour."""

    color: str = "black"


@dataclasses.dataclass(frozen=True)
class Gradient:
    """A linear gradient from ``start`` to ``end``; ``angle`` 0 runs top to bottom, 90 left to right."""

    start: str = "#1b2a49"
    end: str = "#6a8caf"
    angle: float = 0.0


@dataclasses.dataclass(frozen=True)
class Noise:
    """Blurred colour noise around ``color`` (a textured backdrop), the same for a given ``seed``."""

    color: str = "#404040"
    amount: float = 60.0
    seed: int = 0


@dataclasses.dataclass(frozen=True)
class Still:
    """The frame of the video ``path`` shown at ``at_s``, scaled to cover the clip and cropped."""

    path: str
    at_s: float = 0.0


@dataclasses.dataclass(frozen=True)
class Footage:
    """The video ``path`` playing from ``from_s`` (scaled to cover, cropped); it holds its last frame."""

    path: str
    from_s: float = 0.0


@dataclasses.dataclass(frozen=True)
class Scene:
    """``background`` from ``start_s`` to ``end_s``; a Footage background starts playing at ``start_s``."""

    start_s: float
    end_s: float
    background: Solid | Gradient | Noise | Still | Footage


# -- text -----------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Text:
    """Text on screen from ``start_s`` to ``end_s``; ``\\n`` separates lines.

    ``size`` is the font size in pixels of a 360-pixel-high frame (scaled with the frame). ``at`` is a
    name in ``PLACES`` or the (x, y) of the block's centre as fractions of the frame. ``box`` draws a
    caption box of that colour (``#rrggbbaa`` for transparency) behind the text; ``outline`` a stroke.
    ``fade_s`` fades in and out: the truth interval is where the text is at least half opaque.
    ``roll`` moves the block from below the frame to above it over the interval (credits): each line is
    then a truth of its own (``<id>.line<n>``, from 1) while the whole line is inside the frame.
    """

    text: str
    start_s: float
    end_s: float
    id: str = ""
    font: str = "sans-bold"
    size: float = 32.0
    color: str = "white"
    at: str | tuple[float, float] = "center"
    rotation: float = 0.0
    align: str = "center"
    box: str | None = None
    outline: str | None = None
    fade_s: float = 0.0
    roll: bool = False


# -- sound ----------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Speech:
    """``text`` spoken by espeak-ng from ``start_s``; ``voice`` an espeak-ng voice (en, en-us, en-us+f3...),
    ``rate`` in words per minute, ``pitch`` 0-99. ``caption``: None, ``"burn"`` or ``"srt"``."""

    text: str
    start_s: float
    id: str = ""
    voice: str = "en-us"
    rate: int = 160
    pitch: int = 50
    gain: float = 0.8
    caption: str | None = None


@dataclasses.dataclass(frozen=True)
class Event:
    """An annotated event inside a recording, in the recording's own time (seconds)."""

    id: str
    start_s: float
    end_s: float
    text: str = ""


@dataclasses.dataclass(frozen=True)
class Recording:
    """The audio file ``path`` (its ``trim`` = (from, to) seconds, default all) played from ``start_s``.

    ``kind`` is ``speech`` or ``sound``. Each of ``events`` becomes a truth ``<id>.<event id>`` shifted to
    the clip's time (annotate them by looking at the recording); without events, the recording is one
    truth from its first to its last audible sample. ``caption`` works as for Speech, per event.
    """

    path: str
    start_s: float
    id: str = ""
    kind: str = "sound"
    label: str = ""
    events: tuple[Event, ...] = ()
    trim: tuple[float, float] | None = None
    gain: float = 1.0
    caption: str | None = None


@dataclasses.dataclass(frozen=True)
class Tone:
    """A sine tone of ``freq_hz`` from ``start_s`` to ``end_s`` (5 ms ramps)."""

    freq_hz: float
    start_s: float
    end_s: float
    id: str = ""
    label: str = "tone"
    gain: float = 0.3


@dataclasses.dataclass(frozen=True)
class Hiss:
    """Noise from ``start_s`` to ``end_s``: ``white``, or ``brown`` (a rumble: integrated white noise)."""

    start_s: float
    end_s: float
    id: str = ""
    color: str = "white"
    label: str = "noise"
    gain: float = 0.3
    seed: int = 0


# -- rendering ------------------------------------------------------------------------------------
def render(
    path: str | Path,
    duration_s: float,
    scenes: Sequence[Scene],
    texts: Sequence[Text] = (),
    sounds: Sequence[Speech | Recording | Tone | Hiss] = (),
    *,
    size: tuple[int, int] = SIZE,
    fps: int = FPS,
) -> Clip:
    """Render the layers into ``path`` (H.264 + AAC; an ``.srt`` beside it for ``caption="srt"``).

    Example:
        >>> import tempfile, pathlib
        >>> clip = render(pathlib.Path(tempfile.mkdtemp()) / "n.mp4", 2.0, [Scene(0, 2, Noise(seed=1))],
        ...               sounds=[Hiss(0.5, 1.0, id="hiss")])
        >>> clip.event("hiss").start_s, clip.path.exists()
        (0.5, True)
    """
    path = Path(path)
    if duration_s <= 0:
        raise MediaRecipeError(f"duration_s must be positive, got {duration_s!r}")
    _check_scenes(scenes, duration_s)
    n_samples = int(round(duration_s * SAMPLE_RATE))
    mix = np.zeros(n_samples, np.float64)
    truth: list[Truth] = []
    captions: list[Text] = []
    cues: list[tuple[float, float, str]] = []
    for sound in sounds:
        samples, offset, events = _sound_layer(sound)
        _add(mix, samples, offset, sound)
        truth += events
        caption = getattr(sound, "caption", None)
        if caption is None:
            continue
        if caption not in ("burn", "srt"):
            raise MediaRecipeError(f"caption must be 'burn', 'srt' or None, got {caption!r} in {sound!r}")
        for event in events:
            for n, (start, end, line) in enumerate(caption_cues(event), start=1):
                if caption == "srt":
                    cues.append((start, end, line))
                else:
                    captions.append(Text(line, start, end, id=f"{event.id}.caption{n}", **CAPTION_STYLE))
    all_texts = [*texts, *captions]
    truth = [*_text_truth(all_texts, size), *truth]
    _check_inside(truth, duration_s)
    peak = np.abs(mix).max() if n_samples else 0.0
    if peak > 0.99:
        mix *= 0.99 / peak
    path.parent.mkdir(parents=True, exist_ok=True)
    _encode(path, duration_s, scenes, all_texts, mix.astype(np.float32), size, fps)
    srt = path.with_suffix(".srt")
    if cues:
        srt.write_text(_srt(cues), encoding="utf-8")
    elif srt.exists():
        srt.unlink()
    return Clip(path, float(duration_s), tuple(truth))


CAPTION_STYLE = {"font": "sans", "size": 20.0, "at": "caption", "box": "#000000b0", "color": "white"}


def caption_cues(event: Truth) -> list[tuple[float, float, str]]:
    """Caption cues for a spoken event: consecutive words filling at most two lines of 38 characters,
    each cue shown from its first word's start to its last word's end (to the event's end without words).

    Example:
        >>> words = tuple(Word(w, i * 0.5, i * 0.5 + 0.4) for i, w in enumerate("ask not what your".split()))
        >>> caption_cues(Truth("s", "speech", 0.0, 1.9, "ask not what your", words))
        [(0.0, 1.9, 'ask not what your')]
    """
    if not event.words:
        return [(event.start_s, event.end_s, "\n".join(textwrap.wrap(event.text, CAPTION_CHARS)))]
    cues, current = [], []
    for word in event.words:
        trial = textwrap.wrap(" ".join(w.text for w in [*current, word]), CAPTION_CHARS)
        if current and len(trial) > CAPTION_LINES:
            cues.append(current)
            current = []
        current.append(word)
    cues.append(current)
    out = []
    for i, chunk in enumerate(cues):
        end = event.end_s if i == len(cues) - 1 else chunk[-1].end_s
        out.append((chunk[0].start_s, end, "\n".join(textwrap.wrap(" ".join(w.text for w in chunk), CAPTION_CHARS))))
    return out


def _check_scenes(scenes: Sequence[Scene], duration_s: float) -> None:
    if not scenes:
        raise MediaRecipeError("a clip needs at least one Scene (its background)")
    ordered = sorted(scenes, key=lambda s: s.start_s)
    if ordered[0].start_s > 0 or ordered[-1].end_s < duration_s:
        covered = f"{ordered[0].start_s}..{max(s.end_s for s in ordered)}"
        raise MediaRecipeError(f"the scenes must cover 0..{duration_s} s; they cover {covered} s")
    for a, b in zip(ordered, ordered[1:], strict=False):
        if b.start_s > a.end_s:
            raise MediaRecipeError(f"the scenes leave a gap between {a.end_s} and {b.start_s} s")


def _check_inside(truth: Sequence[Truth], duration_s: float) -> None:
    ids = [t.id for t in truth if t.id]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise MediaRecipeError(f"event ids must be unique in a clip; repeated: {duplicates}")
    for t in truth:
        if t.start_s < 0 or t.end_s > duration_s + 1e-6 or t.end_s <= t.start_s:
            raise MediaRecipeError(
                f"event {t.id or t.text!r} spans {t.start_s:.2f}..{t.end_s:.2f} s, outside the clip's "
                f"0..{duration_s} s (or empty); move it or lengthen the clip"
            )


# -- sound layers ---------------------------------------------------------------------------------
def _sound_layer(sound: Any) -> tuple[np.ndarray, float, list[Truth]]:
    """(samples at SAMPLE_RATE, start in the clip, truths) of one sound layer."""
    if isinstance(sound, Speech):
        samples, words = speak(sound.text, voice=sound.voice, rate=sound.rate, pitch=sound.pitch)
        shifted = tuple(Word(w.text, _r(sound.start_s + w.start_s), _r(sound.start_s + w.end_s)) for w in words)
        first, last = audible_extent(samples)
        event = Truth(sound.id, "speech", _r(sound.start_s + first), _r(sound.start_s + last), sound.text, shifted)
        return samples, sound.start_s, [event]
    if isinstance(sound, Recording):
        return _recording(sound)
    if isinstance(sound, Tone):
        n = int(round((sound.end_s - sound.start_s) * SAMPLE_RATE))
        t = np.arange(n) / SAMPLE_RATE
        samples = np.sin(2 * np.pi * sound.freq_hz * t) * _ramps(n)
        return samples, sound.start_s, [Truth(sound.id, "sound", sound.start_s, sound.end_s, sound.label)]
    if isinstance(sound, Hiss):
        n = int(round((sound.end_s - sound.start_s) * SAMPLE_RATE))
        white = np.random.default_rng(sound.seed).standard_normal(n)
        if sound.color == "brown":
            samples = np.cumsum(white)
            samples -= np.convolve(samples, np.ones(2205) / 2205, mode="same")  # drop the drift below 10 Hz
        elif sound.color == "white":
            samples = white
        else:
            raise MediaRecipeError(f"Hiss color must be 'white' or 'brown', got {sound.color!r}")
        samples = samples / (np.abs(samples).max() or 1.0) * _ramps(n)
        return samples, sound.start_s, [Truth(sound.id, "sound", sound.start_s, sound.end_s, sound.label)]
    raise MediaRecipeError(f"not a sound layer: {sound!r}; use Speech, Recording, Tone or Hiss")


def _recording(rec: Recording) -> tuple[np.ndarray, float, list[Truth]]:
    track = decode_audio(rec.path, SAMPLE_RATE)
    if track.samples.size == 0:
        raise MediaError(f"{rec.path} has no audio to mix in")
    begin, end = rec.trim if rec.trim else (0.0, track.duration_s)
    samples = track.samples[int(begin * SAMPLE_RATE) : int(end * SAMPLE_RATE)].astype(np.float64)
    if rec.kind not in ("speech", "sound"):
        raise MediaRecipeError(f"Recording kind must be 'speech' or 'sound', got {rec.kind!r}")
    if rec.events:
        events = []
        for ev in rec.events:
            if not begin <= ev.start_s < ev.end_s <= end + 1e-6:
                raise MediaRecipeError(
                    f"event {ev.id!r} of {rec.path} ({ev.start_s}..{ev.end_s} s) is outside the trim {begin}..{end} s"
                )
            shift = rec.start_s - begin
            events.append(
                Truth(f"{rec.id}.{ev.id}", rec.kind, _r(ev.start_s + shift), _r(ev.end_s + shift), ev.text or rec.label)
            )
    else:
        first, last = audible_extent(samples)
        events = [Truth(rec.id, rec.kind, _r(rec.start_s + first), _r(rec.start_s + last), rec.label)]
    return samples, rec.start_s, events


def _add(mix: np.ndarray, samples: np.ndarray, start_s: float, layer: Any) -> None:
    start = int(round(start_s * SAMPLE_RATE))
    if start < 0 or start + len(samples) > len(mix):
        raise MediaRecipeError(
            f"{type(layer).__name__} {getattr(layer, 'id', '')!r} runs from {start_s:.2f} to "
            f"{start_s + len(samples) / SAMPLE_RATE:.2f} s, past the clip's {len(mix) / SAMPLE_RATE:.2f} s"
        )
    mix[start : start + len(samples)] += layer.gain * samples


def _r(seconds: float) -> float:
    return round(seconds, 3)


def _ramps(n: int, ramp: int = int(0.005 * SAMPLE_RATE)) -> np.ndarray:
    envelope = np.ones(n)
    ramp = min(ramp, n // 2)
    if ramp:
        envelope[:ramp] = np.linspace(0, 1, ramp)
        envelope[n - ramp :] = np.linspace(1, 0, ramp)
    return envelope


def audible_extent(samples: np.ndarray, threshold: float = AUDIBLE) -> tuple[float, float]:
    """(first, last) time in seconds of a sample louder than ``threshold`` x the peak (10 ms windows).

    Example:
        >>> x = np.zeros(SAMPLE_RATE); x[SAMPLE_RATE // 4 : SAMPLE_RATE // 2] = 0.5
        >>> audible_extent(x)
        (0.25, 0.5)
    """
    peak = np.abs(samples).max() if samples.size else 0.0
    loud = np.flatnonzero(np.abs(samples) > threshold * peak) if peak > 0 else np.array([], int)
    if loud.size == 0:
        raise MediaRecipeError("the sound is silent: nothing to annotate")
    return round(float(loud[0]) / SAMPLE_RATE, 3), round(float(loud[-1] + 1) / SAMPLE_RATE, 3)


# -- espeak-ng ------------------------------------------------------------------------------------
class _EspeakId(ctypes.Union):
    _fields_ = [("number", ctypes.c_int), ("name", ctypes.c_char_p), ("string", ctypes.c_char * 8)]


class _EspeakEvent(ctypes.Structure):  # espeak_EVENT of speak_lib.h
    _fields_ = [
        ("type", ctypes.c_int),
        ("unique_identifier", ctypes.c_uint),
        ("text_position", ctypes.c_int),
        ("length", ctypes.c_int),
        ("audio_position", ctypes.c_int),
        ("sample", ctypes.c_int),
        ("user_data", ctypes.c_void_p),
        ("id", _EspeakId),
    ]


_ESPEAK_CALLBACK = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.POINTER(_EspeakEvent)
)
_EVENT_WORD, _AUDIO_SYNCHRONOUS, _DONT_EXIT, _POS_CHARACTER, _CHARS_UTF8 = 1, 2, 0x8000, 1, 1
_RATE, _PITCH = 1, 3
_espeak_lock = threading.Lock()


class _Espeak:
    """The process's espeak-ng library in synchronous mode; ``synth`` collects samples and word events."""

    def __init__(self) -> None:
        name = ctypes.util.find_library("espeak-ng") or "libespeak-ng.so.1"
        try:
            self.lib = ctypes.CDLL(name)
        except OSError as exc:
            raise MediaError(
                f"speech needs the espeak-ng library ({exc}); install the system package: apt-get install espeak-ng"
            ) from exc
        self.sample_rate = self.lib.espeak_Initialize(_AUDIO_SYNCHRONOUS, 0, None, _DONT_EXIT)
        if self.sample_rate <= 0:
            raise MediaError("espeak-ng failed to initialise (is espeak-ng-data installed?)")
        self.chunks: list[np.ndarray] = []
        self.events: list[tuple[int, int]] = []  # (character position, 1-based; audio position, ms)
        self._callback = _ESPEAK_CALLBACK(self._collect)  # kept alive as long as the library may call it
        self.lib.espeak_SetSynthCallback(self._callback)

    def _collect(self, wav: Any, n: int, events: Any) -> int:
        if n > 0:
            self.chunks.append(np.ctypeslib.as_array(wav, (n,)).astype(np.float64) / 32768.0)
        i = 0
        while events[i].type != 0:
            if events[i].type == _EVENT_WORD and events[i].length > 0:
                self.events.append((events[i].text_position, events[i].audio_position))
            i += 1
        return 0

    def synth(self, text: str, voice: str, rate: int, pitch: int) -> tuple[np.ndarray, list[tuple[int, int]]]:
        if self.lib.espeak_SetVoiceByName(voice.encode()) != 0:
            raise MediaRecipeError(
                f"espeak-ng has no voice {voice!r}; use e.g. en (British), en-us, en-gb-x-rp, en-gb-scotland, "
                "with a variant such as en-us+f3 (list: espeak-ng --voices=en)"
            )
        self.lib.espeak_SetParameter(_RATE, int(rate), 0)
        self.lib.espeak_SetParameter(_PITCH, int(pitch), 0)
        self.chunks, self.events = [], []
        data = text.encode("utf-8") + b"\0"
        if self.lib.espeak_Synth(data, len(data), 0, _POS_CHARACTER, 0, _CHARS_UTF8, None, None) != 0:
            raise MediaError(f"espeak-ng could not synthesize {text!r}")
        self.lib.espeak_Synchronize()
        samples = np.concatenate(self.chunks) if self.chunks else np.zeros(0)
        return samples, list(self.events)


@functools.cache
def _espeak() -> _Espeak:
    return _Espeak()


def speak(text: str, voice: str = "en-us", rate: int = 160, pitch: int = 50) -> tuple[np.ndarray, tuple[Word, ...]]:
    """``text`` spoken by espeak-ng: samples at ``SAMPLE_RATE`` and the time of each word (whitespace-separated
    tokens as written, punctuation included; the words joined by spaces give back ``text``).

    A word spans from the synthesizer's word event for its first character to the next word's event (the
    last word: to the last audible sample), shrunk to the audible 10 ms windows inside. A token the
    synthesizer reports no event for (it sometimes runs a short word into the next) is joined to the
    previous word, "from the", so no text is lost.

    Example:
        >>> samples, words = speak("ask not what your country can do")
        >>> [w.text for w in words][:3], words[0].start_s < words[1].start_s < words[2].start_s
        (['ask', 'not', 'what'], True)
    """
    if not text.strip():
        raise MediaRecipeError("Speech needs some text to say")
    engine = _espeak()
    with _espeak_lock:
        samples, events = engine.synth(text, voice, rate, pitch)
    if engine.sample_rate != SAMPLE_RATE:
        raise MediaError(f"espeak-ng speaks at {engine.sample_rate} Hz; this module mixes at {SAMPLE_RATE} Hz")
    tokens = [(begin, begin + len(tok), tok) for begin, tok in _tokens(text)]
    timed: list[list] = []  # [text, start] per word the synthesizer gave an event for
    for begin, end, tok in tokens:  # character positions of events are 1-based
        times = [ms / 1000 for pos, ms in events if begin < pos <= end]
        if times:
            timed.append([tok, min(times)])
        elif timed:  # no event of its own (a short word run into its neighbour): it joins the previous word
            timed[-1][0] += " " + tok
        else:
            timed.append([tok, None])
    if timed and timed[0][1] is None:  # leading words without events join the first timed word
        lead = timed.pop(0)[0]
        if not timed:
            raise MediaError(f"espeak-ng reported no word times for {text!r}")
        timed[0][0] = lead + " " + timed[0][0]
    _, last = audible_extent(samples)
    words = []
    for i, (tok, start) in enumerate(timed):
        end = min(timed[i + 1][1], last) if i + 1 < len(timed) else last
        start, end = _audible_span(samples, start, end)
        words.append(Word(tok, round(start, 3), round(end, 3)))
    return samples, tuple(words)


def _tokens(text: str) -> Iterator[tuple[int, str]]:
    pos = 0
    for tok in text.split():
        pos = text.index(tok, pos)
        yield pos, tok
        pos += len(tok)


def _audible_span(samples: np.ndarray, start_s: float, end_s: float, window: int = 220) -> tuple[float, float]:
    """[start_s, end_s] shrunk to its first and last audible 10 ms windows (unchanged when none is audible)."""
    peak = np.abs(samples).max()
    a, b = int(start_s * SAMPLE_RATE), int(end_s * SAMPLE_RATE)
    loud = [i for i in range(a, b, window) if np.abs(samples[i : min(b, i + window)]).max(initial=0.0) > AUDIBLE * peak]
    if not loud:
        return start_s, max(end_s, start_s + 0.01)
    return loud[0] / SAMPLE_RATE, min(b, loud[-1] + window) / SAMPLE_RATE


# -- pictures -------------------------------------------------------------------------------------
def font(name: str, size_px: float) -> ImageFont.FreeTypeFont:
    """The font ``name`` (a key of ``FONTS``) at ``size_px`` pixels.

    Example:
        >>> font("serif", 20).getbbox("Hi")[3] > 0
        True
    """
    if name not in FONTS:
        raise MediaRecipeError(f"unknown font {name!r}; choose from {', '.join(FONTS)}")
    return ImageFont.truetype(str(FONT_DIR / FONTS[name]), max(6, int(round(size_px))))


def _color(value: str) -> tuple[int, int, int, int]:
    try:
        rgba = ImageColor.getrgb(value)
    except ValueError as exc:
        raise MediaRecipeError(f"not a colour: {value!r} (use a name or #rrggbb / #rrggbbaa)") from exc
    return rgba if len(rgba) == 4 else (*rgba, 255)


@dataclasses.dataclass
class _Sprite:
    """A text rendered once: its RGBA image and the (top, bottom) rows of each line in it (for rolls)."""

    layer: Text
    image: Image.Image
    line_rows: list[tuple[int, int]]


def _sprite(layer: Text, size: tuple[int, int]) -> _Sprite:
    scale = size[1] / 360
    face = font(layer.font, layer.size * scale)
    spacing = int(round(layer.size * scale * 0.25))
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    stroke = max(1, int(round(2 * scale))) if layer.outline else 0
    left, top, right, bottom = probe.multiline_textbbox(
        (0, 0), layer.text, font=face, spacing=spacing, align=layer.align, stroke_width=stroke
    )
    pad = int(round((10 if layer.box else 2) * scale))
    left, top = math.floor(left), math.floor(top)
    w, h = math.ceil(right) - left + 2 * pad, math.ceil(bottom) - top + 2 * pad
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if layer.box:
        draw.rounded_rectangle([0, 0, w - 1, h - 1], radius=int(6 * scale), fill=_color(layer.box))
    draw.multiline_text(
        (pad - left, pad - top),
        layer.text,
        font=face,
        fill=_color(layer.color),
        spacing=spacing,
        align=layer.align,
        stroke_width=stroke,
        stroke_fill=_color(layer.outline) if layer.outline else None,
    )
    line_rows = []
    y = pad - top
    step = face.getbbox("A", stroke_width=stroke)[3] + stroke + spacing  # PIL's multiline line height
    for line in layer.text.split("\n"):
        line_top, line_bottom = probe.textbbox((0, 0), line or " ", font=face, stroke_width=stroke)[1::2]
        line_rows.append((y + line_top, y + line_bottom))
        y += step
    if layer.rotation:
        if layer.roll:
            raise MediaRecipeError(f"a rolling text cannot be rotated: {layer.text[:30]!r}")
        image = image.rotate(layer.rotation, resample=Image.BICUBIC, expand=True)
    return _Sprite(layer, image, line_rows)


def _top_left(sprite: _Sprite, size: tuple[int, int], t: float) -> tuple[int, int]:
    w, h = sprite.image.size
    layer = sprite.layer
    if layer.roll:  # from just below the frame to just above it
        progress = (t - layer.start_s) / (layer.end_s - layer.start_s)
        return (size[0] - w) // 2, int(round(size[1] + progress * (-h - size[1])))
    if isinstance(layer.at, str):
        if layer.at not in PLACES:
            raise MediaRecipeError(f"unknown place {layer.at!r}; use one of {', '.join(PLACES)} or (x, y) fractions")
        x, y = PLACES[layer.at]
        if layer.at in ("lower-third", "top-left"):
            return int(x * size[0]), int(y * size[1] - (h / 2 if layer.at == "lower-third" else 0))
        if layer.at == "top-right":
            return int(x * size[0] - w), int(y * size[1])
    else:
        x, y = layer.at
    left, top = int(round(x * size[0] - w / 2)), int(round(y * size[1] - h / 2))
    return left, top


def _opacity(layer: Text, t: float) -> float:
    if not layer.start_s <= t < layer.end_s:
        return 0.0
    if layer.fade_s <= 0:
        return 1.0
    return min(1.0, (t - layer.start_s) / layer.fade_s, (layer.end_s - t) / layer.fade_s)


def _text_truth(texts: Sequence[Text], size: tuple[int, int]) -> list[Truth]:
    truth = []
    for layer in texts:
        if layer.end_s <= layer.start_s:
            raise MediaRecipeError(f"text {layer.text[:30]!r} ends ({layer.end_s}) before it starts ({layer.start_s})")
        if not layer.roll:
            half = layer.fade_s / 2
            truth.append(Truth(layer.id, "text", _r(layer.start_s + half), _r(layer.end_s - half), layer.text))
            continue
        sprite = _sprite(layer, size)
        h, span = sprite.image.size[1], layer.end_s - layer.start_s
        lines = []
        for n, ((top, bottom), line) in enumerate(zip(sprite.line_rows, layer.text.split("\n"), strict=True), 1):
            if not line.strip():
                continue
            # the block's top is y(t) = H - p (H + h), p = (t - start) / span; the line is inside when
            # y + top >= 0 and y + bottom <= H
            p_in = bottom / (size[1] + h)
            p_out = (size[1] + top) / (size[1] + h)
            start, end = layer.start_s + p_in * span, layer.start_s + p_out * span
            lines.append(Truth(f"{layer.id}.line{n}", "text", round(start, 3), round(end, 3), line))
        truth.append(Truth(layer.id, "text", lines[0].start_s, lines[-1].end_s, layer.text))
        truth += lines
    return truth


def _cover(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``image`` scaled to cover ``size`` and centre-cropped."""
    w, h = image.size
    scale = max(size[0] / w, size[1] / h)
    resized = image.resize((max(size[0], round(w * scale)), max(size[1], round(h * scale))), Image.BILINEAR)
    left, top = (resized.width - size[0]) // 2, (resized.height - size[1]) // 2
    return resized.crop((left, top, left + size[0], top + size[1]))


def _static_background(background: Any, size: tuple[int, int]) -> Image.Image:
    if isinstance(background, Solid):
        return Image.new("RGB", size, _color(background.color)[:3])
    if isinstance(background, Gradient):
        a, b = np.array(_color(background.start)[:3], float), np.array(_color(background.end)[:3], float)
        yy, xx = np.mgrid[0 : size[1], 0 : size[0]]
        angle = math.radians(background.angle)
        proj = (yy / size[1]) * math.cos(angle) + (xx / size[0]) * math.sin(angle)
        proj = (proj - proj.min()) / (np.ptp(proj) or 1.0)
        return Image.fromarray((a + (b - a) * proj[..., None]).astype(np.uint8))
    if isinstance(background, Noise):
        rng = np.random.default_rng(background.seed)
        small = rng.normal(0, background.amount, (size[1] // 8, size[0] // 8, 3))
        base = np.array(_color(background.color)[:3], float)
        noise = Image.fromarray(np.clip(base + small, 0, 255).astype(np.uint8)).resize(size, Image.BICUBIC)
        grain = rng.normal(0, background.amount / 8, (size[1], size[0], 3))
        return Image.fromarray(np.clip(np.asarray(noise, float) + grain, 0, 255).astype(np.uint8)).filter(
            ImageFilter.GaussianBlur(0.6)
        )
    if isinstance(background, Still):
        for t, image in _decode_frames(background.path, background.at_s):
            if t >= background.at_s - 1e-6:
                return _cover(image, size)
        raise MediaError(f"{background.path} has no frame at {background.at_s} s")
    raise MediaRecipeError(f"not a background: {background!r}")


def _decode_frames(path: str, from_s: float = 0.0) -> Iterator[tuple[float, Image.Image]]:
    """(time, RGB image) of the video's frames from ``from_s`` on (the frame showing at ``from_s`` first)."""
    try:
        container = av.open(str(path))
    except (av.error.FFmpegError, OSError) as exc:
        raise MediaError(f"cannot open {path}: {exc}") from exc
    with container:
        stream = container.streams.video[0]
        previous = None
        for frame in container.decode(stream):
            if frame.pts is None:
                continue
            t = float(frame.pts * stream.time_base)
            if t <= from_s + 1e-6:
                previous = (t, frame)
                continue
            if previous is not None:
                yield from_s, previous[1].to_image()
                previous = None
            yield t, frame.to_image()
        if previous is not None:
            yield from_s, previous[1].to_image()


class _Player:
    """A Footage scene's frames: ``at(t)`` is the frame showing at source time ``t`` (t never decreases)."""

    def __init__(self, footage: Footage):
        self.frames = _decode_frames(footage.path, footage.from_s)
        self.current = next(self.frames, None)
        if self.current is None:
            raise MediaError(f"{footage.path} has no frame at or after {footage.from_s} s")
        self.pending = next(self.frames, None)

    def at(self, t: float) -> Image.Image:
        while self.pending is not None and self.pending[0] <= t + 1e-6:
            self.current, self.pending = self.pending, next(self.frames, None)
        return self.current[1]


class _Backdrop:
    """The background image at any time of the clip (times asked in increasing order)."""

    def __init__(self, scenes: Sequence[Scene], size: tuple[int, int]):
        self.scenes = sorted(scenes, key=lambda s: s.start_s)
        self.size = size
        self.static: dict[int, Image.Image] = {}
        self.players: dict[int, _Player] = {}

    def at(self, t: float) -> Image.Image:
        i = max(j for j, s in enumerate(self.scenes) if s.start_s <= t + 1e-9)
        scene = self.scenes[i]
        if not isinstance(scene.background, Footage):
            if i not in self.static:
                self.static[i] = _static_background(scene.background, self.size)
            return self.static[i]
        if i not in self.players:
            self.players[i] = _Player(scene.background)
        return _cover(self.players[i].at(scene.background.from_s + t - scene.start_s), self.size)


def _encode(
    path: Path,
    duration_s: float,
    scenes: Sequence[Scene],
    texts: Sequence[Text],
    audio: np.ndarray,
    size: tuple[int, int],
    fps: int,
) -> None:
    sprites = [_sprite(layer, size) for layer in texts]
    backdrop = _Backdrop(scenes, size)
    with av.open(str(path), "w") as out:
        video = out.add_stream("libx264", rate=fps)
        video.width, video.height, video.pix_fmt = size[0], size[1], "yuv420p"
        video.options = {"crf": "18", "preset": "veryfast"}
        sound = out.add_stream("aac", rate=SAMPLE_RATE)
        sound.layout = "mono"
        for i in range(int(round(duration_s * fps))):
            t = i / fps
            frame = backdrop.at(t).convert("RGBA")
            for sprite in sprites:
                alpha = _opacity(sprite.layer, t)
                if alpha <= 0:
                    continue
                image = sprite.image
                if alpha < 1:
                    image = image.copy()
                    image.putalpha(image.getchannel("A").point(lambda a, s=alpha: int(a * s)))
                _paste(frame, image, _top_left(sprite, size, t))
            av_frame = av.VideoFrame.from_image(frame.convert("RGB"))
            av_frame.pts = i
            av_frame.time_base = Fraction(1, fps)
            for packet in video.encode(av_frame):
                out.mux(packet)
        for packet in video.encode():
            out.mux(packet)
        pcm = (np.clip(audio, -1, 1) * 32767).astype(np.int16)
        chunk = 1024
        for start in range(0, len(pcm), chunk):
            block = av.AudioFrame.from_ndarray(pcm[None, start : start + chunk], format="s16", layout="mono")
            block.sample_rate = SAMPLE_RATE
            block.pts = start
            block.time_base = Fraction(1, SAMPLE_RATE)
            for packet in sound.encode(block):
                out.mux(packet)
        for packet in sound.encode():
            out.mux(packet)


def _paste(frame: Image.Image, image: Image.Image, top_left: tuple[int, int]) -> None:
    """Alpha-composite ``image`` onto ``frame`` at ``top_left``, cropping what falls outside the frame."""
    x, y = top_left
    left, top = max(0, -x), max(0, -y)
    right, bottom = min(image.width, frame.width - x), min(image.height, frame.height - y)
    if right > left and bottom > top:
        frame.alpha_composite(image, dest=(x + left, y + top), source=(left, top, right, bottom))


def _srt(cues: Sequence[tuple[float, float, str]]) -> str:
    def stamp(s: float) -> str:
        ms = int(round(s * 1000))
        return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"

    blocks = [f"{n}\n{stamp(a)} --> {stamp(b)}\n{text}\n" for n, (a, b, text) in enumerate(sorted(cues), 1)]
    return "\n".join(blocks)


# -- recipes (JSON) -------------------------------------------------------------------------------
LAYERS = {
    cls.__name__: cls
    for cls in (Solid, Gradient, Noise, Still, Footage, Scene, Text, Speech, Recording, Event, Tone, Hiss)
}
_PATH_FIELDS = ("path",)  # relative paths of Still, Footage and Recording are resolved against ``shared``


def from_recipe(recipe: dict[str, Any], shared: str | Path = ".") -> dict[str, Any]:
    """The keyword arguments of :func:`render` (all but ``path``) described by a JSON recipe.

    A recipe has ``duration_s``, ``scenes``, and optional ``texts``, ``sounds``, ``size`` and ``fps``.
    Every layer is an object naming its class in ``"layer"`` with that class's fields; ``background``
    (of a Scene) and ``events`` (of a Recording) nest the same way. Relative ``path`` fields are read
    from ``shared``.

    Example:
        >>> kw = from_recipe({"duration_s": 2, "scenes": [{"layer": "Scene", "start_s": 0, "end_s": 2,
        ...                   "background": {"layer": "Solid", "color": "navy"}}],
        ...                   "texts": [{"layer": "Text", "text": "EXIT", "start_s": 0.5, "end_s": 1.5,
        ...                              "at": [0.3, 0.5]}]})
        >>> kw["texts"][0].at, kw["scenes"][0].background
        ((0.3, 0.5), Solid(color='navy'))
    """
    allowed = {"duration_s", "scenes", "texts", "sounds", "size", "fps"}
    unknown = sorted(set(recipe) - allowed - {"id", "note"})
    if unknown:
        raise MediaRecipeError(f"unknown recipe key(s) {unknown}; a recipe has {sorted(allowed)} (and id, note)")
    if "duration_s" not in recipe or "scenes" not in recipe:
        raise MediaRecipeError(f"a recipe needs duration_s and scenes; got keys {sorted(recipe)}")
    kw: dict[str, Any] = {
        "duration_s": float(recipe["duration_s"]),
        "scenes": [_layer(s, shared) for s in recipe["scenes"]],
        "texts": [_layer(t, shared) for t in recipe.get("texts", ())],
        "sounds": [_layer(s, shared) for s in recipe.get("sounds", ())],
    }
    if "size" in recipe:
        kw["size"] = tuple(recipe["size"])
    if "fps" in recipe:
        kw["fps"] = int(recipe["fps"])
    return kw


def _layer(obj: Any, shared: str | Path) -> Any:
    if not isinstance(obj, dict) or obj.get("layer") not in LAYERS:
        raise MediaRecipeError(f"a layer is an object with 'layer' one of {sorted(LAYERS)}; got {obj!r}")
    cls = LAYERS[obj["layer"]]
    fields = {k: v for k, v in obj.items() if k != "layer"}
    for key, value in fields.items():
        if isinstance(value, dict):
            fields[key] = _layer(value, shared)
        elif key == "events":
            fields[key] = tuple(_layer(v, shared) for v in value)
        elif isinstance(value, list):
            fields[key] = tuple(value)
        elif key in _PATH_FIELDS:
            fields[key] = str(Path(shared) / value) if not Path(value).is_absolute() else value
    try:
        return cls(**fields)
    except TypeError as exc:
        names = [f.name for f in dataclasses.fields(cls)]
        raise MediaRecipeError(f"{obj['layer']} takes {names}; got {sorted(fields)} ({exc})") from exc


def build(recipe: dict[str, Any], path: str | Path, shared: str | Path = ".") -> Clip:
    """Render the clip a JSON recipe describes (see :func:`from_recipe`) into ``path``.

    Example:
        >>> import tempfile, pathlib
        >>> recipe = {"duration_s": 1, "scenes": [{"layer": "Scene", "start_s": 0, "end_s": 1,
        ...           "background": {"layer": "Gradient"}}],
        ...           "sounds": [{"layer": "Tone", "freq_hz": 880, "start_s": 0.2, "end_s": 0.6, "id": "beep"}]}
        >>> build(recipe, pathlib.Path(tempfile.mkdtemp()) / "b.mp4").event("beep").end_s
        0.6
    """
    return render(path, **from_recipe(recipe, shared))
