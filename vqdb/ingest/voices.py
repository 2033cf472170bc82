"""Who speaks when: a track's utterances, each with its voice's pitch and vocal-tract length, the kind of
voice (a man's, a woman's, a child's) and which speaker says it; the ``voices`` table.

Measured from the decoded 16 kHz mono samples, without weights:

* **pitch** (F0) per 10 ms frame by YIN (de Cheveigné & Kawahara 2002: the cumulative-mean-normalized
  difference function of a 40 ms window, 60-500 Hz, hum below 80 Hz taken out first); a frame is voiced
  when its dip is below ``VOICED_MAX``, and the shortest period within ``OCTAVE_SLACK`` of the deepest dip
  is taken (a dip at twice the period is an octave error);
* **formant spacing** (the mean distance between the first four formants, from a 14-pole LPC of each
  voiced frame whose first two are low enough not to be F2 and F3): it follows the length of the vocal
  tract, about 1000 Hz for men, 1200 Hz and more for women and children, and unlike pitch it does not rise
  when a man raises his voice (jfk.flac, an orator: F0 about 250 Hz, spacing 930 Hz; LJSpeech's reader:
  F0 210-250 Hz, spacing 1250-1350 Hz). A recording's channel shifts it too (a webcam man's is 1600 Hz),
  so it decides only between a man's and a woman's pitch (``voice_of``);
* **utterances**: runs of frames that are loud (within ``LOUDNESS_RANGE_DB`` of the track's loudest) and
  where the tagger hears speech (``speech``: its per-patch probability of a speech label), joined over
  pauses shorter than ``PAUSE_S``, and cut where the voice changes over a shorter one (``voice_changes``);
  each runs from its first to its last voiced frame (``EDGE`` frames more: a consonant), so the hiss or
  hum around a voice is not part of it.

``speaker`` numbers voices in order of appearance (``speakers_of``: an utterance whose voice is far from
every earlier speaker's, ``voice_distance``, is a new one) and ``opens_turn`` marks where a speaker takes
over from another. A speaker's ``voice`` is "child" above ``CHILD_MIN_HZ``, "man" below ``MAN_MAX_HZ``
or, between them, with a formant spacing under ``LONG_TRACT_MAX_HZ`` (a man's raised voice), else
"woman" (``voice_of``, of the speaker's mean over all its utterances); NULL without a pitch.

Example:
    >>> sr = 16000
    >>> t = np.arange(sr) / sr
    >>> low, high = 0.5 * np.sin(2 * np.pi * 125 * t), 0.5 * np.sin(2 * np.pi * 250 * t)
    >>> f0, level = pitch_and_level(np.concatenate([low, high]).astype(np.float32))
    >>> round(float(np.nanmedian(f0[10:90]))), round(float(np.nanmedian(f0[110:190])))
    (125, 250)
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa

from vqdb.models.logmel import SAMPLE_RATE  # the track the tagger hears, which this measures too
from vqdb.schema import TABLES

HOP_S = 0.01  # one pitch measure every 10 ms
WINDOW = 640  # 40 ms: two periods of the lowest pitch measured
LOWEST_HZ, HIGHEST_HZ = 60, 500  # the pitch range of speaking voices
HUM_HZ = 80  # below this the track's spectrum is taken out (mains hum, rumble) before measuring anything
HUM_BLOCK = SAMPLE_RATE  # the hum is taken out a second at a time (1 Hz resolution: no leak above HUM_HZ)
VOICED_MAX = 0.35  # a frame whose deepest normalized difference is above this has no pitch
OCTAVE_SLACK = 0.1  # the shortest period whose dip is within this of the deepest one is the pitch
LOUDNESS_RANGE_DB = 30.0  # a frame this far below the track's loudest is a pause
SPEECH_MIN = 0.5  # the tagger's probability of speech over which a patch holds a voice
PAUSE_S = 0.25  # a pause at least this long ends an utterance
BRIDGE = 5  # frames: a shorter dip is inside a word; a longer one a place where the voice may change
SHORTEST_S = 0.2  # shorter sounds are no utterance
EDGE = 8  # frames of an utterance kept before its first and after its last voiced frame (a "t", an "s")
VOICED_MIN = 10  # an utterance with fewer voiced frames has no pitch
MAN_MAX_HZ = 165.0  # men speak at 85-180 Hz, women at 165-255 Hz, children higher
CHILD_MIN_HZ = 300.0
LONG_TRACT_MAX_HZ = 1080.0  # a formant spacing under this is a man's vocal tract (Fitch 1997: ~1000 Hz)
PITCH_APART_OCTAVES = 0.7  # a voice's pitch varies this much (median of a phrase to the next; a raised voice)
SPACING_APART = 0.2  # and its formant spacing by this much (natural log: about 22 %)
BEFORE_S, AFTER_S = 3.0, 2.0  # how much voice before and after a short pause is compared for a change of voice
MEASURED_MIN = 30  # voiced frames needed to tell one voice from another (a short "yes" is not enough)
NEW_SPEAKER_MIN = 60  # and to make a new speaker (a phrase's odd pitch is not a new voice): else the nearest
LPC_ORDER = 14
# a frame whose lowest resonances are above these missed a formant (its spacing would be a multiple)
FIRST_FORMANT_MAX_HZ, SECOND_FORMANT_MAX_HZ = 1000.0, 3000.0
LPC_STEP = 3  # formants of every third voiced frame: enough for a median, a third of the cost


@dataclasses.dataclass(frozen=True)
class Utterance:
    """One utterance: its time, its voice's median pitch and formant spacing (NaN when unmeasured), and how
    many of its 10 ms frames are voiced."""

    start_s: float
    end_s: float
    pitch_hz: float
    spacing_hz: float
    voiced: int = 0


def frame_count(samples: np.ndarray) -> int:
    """How many 10 ms frames a track has (one every ``HOP_S`` from 0, the last within it).

    Example:
        >>> frame_count(np.ones(16000, np.float32)), frame_count(np.ones(0, np.float32))
        (100, 0)
    """
    return int(np.ceil(len(samples) / (SAMPLE_RATE * HOP_S)))


def frames_of(samples: np.ndarray, first: int = 0, count: int | None = None) -> np.ndarray:
    """``count`` (default: all) of the track's ``WINDOW``-sample windows from frame ``first``, centred every
    ``HOP_S`` from 0 (zeros beyond the track's ends).

    Example:
        >>> frames_of(np.ones(16000, np.float32)).shape, frames_of(np.ones(16000, np.float32), 98, 5).shape
        ((100, 640), (2, 640))
    """
    hop = int(SAMPLE_RATE * HOP_S)
    total = frame_count(samples)
    count = max(0, min(total - first, total if count is None else count))
    begin = first * hop - WINDOW // 2
    lo, hi = max(begin, 0), min(begin + (count - 1) * hop + WINDOW, len(samples)) if count else 0
    piece = np.zeros((count - 1) * hop + WINDOW if count else 0)
    if count and hi > lo:
        piece[lo - begin : hi - begin] = samples[lo:hi]
    index = np.arange(WINDOW)[None, :] + hop * np.arange(count)[:, None]
    return piece[index]


def without_hum(samples: np.ndarray) -> np.ndarray:
    """The track without what is below ``HUM_HZ``: Hann-windowed blocks of ``HUM_BLOCK`` samples overlapping
    by half (their windows sum to 1), each with those frequencies taken out, added back together.

    Example:
        >>> t = np.arange(32000) / 16000
        >>> hum, voice = np.sin(2 * np.pi * 50 * t), 0.1 * np.sin(2 * np.pi * 200 * t)
        >>> kept = without_hum((hum + voice).astype(np.float32))
        >>> bool(np.abs(kept - voice)[8000:24000].max() < 0.01)
        True
    """
    half = HUM_BLOCK // 2
    window = np.hanning(HUM_BLOCK + 1)[:-1]  # periodic: shifted by half, the windows sum to 1
    padded = np.concatenate([np.zeros(half), samples.astype(np.float64), np.zeros(HUM_BLOCK)])
    out = np.zeros(len(padded))
    cut = int(HUM_HZ * HUM_BLOCK / SAMPLE_RATE) + 1
    for begin in range(0, len(padded) - HUM_BLOCK + 1, half):
        spectrum = np.fft.rfft(padded[begin : begin + HUM_BLOCK] * window)
        spectrum[:cut] = 0
        out[begin : begin + HUM_BLOCK] += np.fft.irfft(spectrum, HUM_BLOCK)
    return out[half : half + len(samples)]


def pitch_and_level(samples: np.ndarray, chunk: int = 4096) -> tuple[np.ndarray, np.ndarray]:
    """F0 in Hz of each 10 ms frame (``frames_of``), NaN where unvoiced (YIN, see the module docstring), and
    its level in dB re full scale, of a track whose hum is taken out (``without_hum``); ``chunk`` frames at a
    time.

    Example:
        >>> t = np.arange(8000) / 16000
        >>> f0, level = pitch_and_level((0.3 * np.sin(2 * np.pi * 200 * t)).astype(np.float32))
        >>> round(float(np.nanmedian(f0))), round(float(np.median(level)))
        (200, -13)
        >>> hum = (0.3 * np.sin(2 * np.pi * 50 * t)).astype(np.float32)
        >>> bool(np.median(pitch_and_level(without_hum(hum))[1]) < -40)  # a hum is no voice: quiet once taken out
        True
    """
    n = frame_count(samples)
    f0, level = np.full(n, np.nan), np.full(n, -180.0)
    for begin in range(0, n, chunk):
        f0[begin : begin + chunk], level[begin : begin + chunk] = _yin(frames_of(samples, begin, chunk))
    return f0, level


def _yin(frames: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    longest, shortest = SAMPLE_RATE // LOWEST_HZ, SAMPLE_RATE // HIGHEST_HZ
    x = frames - frames.mean(axis=1, keepdims=True)
    power = np.fft.rfft(x, 2 * WINDOW)
    acf = np.fft.irfft(power * np.conj(power))[:, : longest + 1]
    energy = np.cumsum(x**2, axis=1)
    total = energy[:, -1:]
    lags = np.arange(1, longest + 1)
    # d(lag) = sum over j < W - lag of x_j^2 + sum over j >= lag of x_j^2 - 2 acf(lag)
    diff = energy[:, WINDOW - 1 - lags] + (total - energy[:, lags - 1]) - 2 * acf[:, 1:]
    normalized = diff * lags / np.maximum(np.cumsum(diff, axis=1), 1e-12)
    searched = normalized[:, shortest - 1 :]
    deepest = searched.min(axis=1)
    near = searched < deepest[:, None] + OCTAVE_SLACK
    lag = near.argmax(axis=1)
    rows = np.arange(len(frames))
    for _ in range(searched.shape[1]):  # walk down to the dip's own minimum
        step = np.minimum(lag + 1, searched.shape[1] - 1)
        lower = searched[rows, step] < searched[rows, lag]
        if not lower.any():
            break
        lag = np.where(lower, step, lag)
    level = 10 * np.log10(total[:, 0] / WINDOW + 1e-18)
    return np.where((deepest < VOICED_MAX) & (level > -100), SAMPLE_RATE / (lag + shortest), np.nan), level


def formant_spacing(samples: np.ndarray, voiced: np.ndarray) -> np.ndarray:
    """The spacing of the first four formants (Hz, module docstring) of every ``LPC_STEP``-th frame where
    ``voiced``, NaN elsewhere (and where four formants are not found, or the first two are too high: one
    was missed), of a track whose hum is taken out (``without_hum``).

    Example:
        >>> rng = np.random.default_rng(0)
        >>> spacing = formant_spacing(rng.normal(0, 0.1, 16000).astype(np.float32), np.ones(100, bool))
        >>> spacing.shape, bool(np.isnan(spacing[1::3]).all())  # every third voiced frame is measured
        ((100,), True)
    """
    out = np.full(len(voiced), np.nan)
    chosen = np.nonzero(voiced)[0][::LPC_STEP]
    if not len(chosen):
        return out
    x = np.concatenate([frames_of(samples, int(i), 1) for i in chosen])
    x = np.concatenate([x[:, :1], x[:, 1:] - 0.97 * x[:, :-1]], axis=1) * np.hamming(WINDOW)
    power = np.fft.rfft(x, 2 * WINDOW)
    r = np.fft.irfft(power * np.conj(power))[:, : LPC_ORDER + 1]
    for i, row in zip(chosen, r, strict=True):
        if row[0] <= 0:
            continue
        roots = np.roots(np.r_[1.0, -_levinson(row)])
        roots = roots[np.imag(roots) > 0]
        hz = np.angle(roots) * SAMPLE_RATE / (2 * np.pi)
        bandwidth = -np.log(np.abs(roots)) * SAMPLE_RATE / np.pi
        formants = np.sort(hz[(hz > 200) & (bandwidth < 400)])[:4]
        if len(formants) == 4 and formants[0] < FIRST_FORMANT_MAX_HZ and formants[1] < SECOND_FORMANT_MAX_HZ:
            out[i] = float(np.diff(formants).mean())
    return out


def _levinson(r: np.ndarray) -> np.ndarray:
    """The LPC coefficients a (x_t ~ sum a_k x_{t-k}) of autocorrelation ``r`` (Levinson-Durbin)."""
    order = len(r) - 1
    a = np.zeros(order)
    error = r[0]
    for k in range(order):
        reflection = (r[k + 1] - a[:k] @ r[k:0:-1]) / error
        a[:k] = a[:k] - reflection * a[:k][::-1]
        a[k] = reflection
        error *= 1 - reflection**2
        if error <= 0:
            break
    return a


def runs(mask: np.ndarray, bridge: int) -> list[tuple[int, int]]:
    """(first, end) frame of each run of True in ``mask``, runs apart by fewer than ``bridge`` frames joined.

    Example:
        >>> runs(np.array([1, 1, 0, 1, 0, 0, 0, 1], bool), bridge=2)
        [(0, 4), (7, 8)]
    """
    edges = np.diff(np.r_[0, mask.astype(np.int8), 0])
    starts, ends = np.nonzero(edges == 1)[0], np.nonzero(edges == -1)[0]
    joined: list[tuple[int, int]] = []
    for start, end in zip(starts.tolist(), ends.tolist(), strict=True):
        if joined and start - joined[-1][1] < bridge:
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((start, end))
    return joined


def voice_distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    """How far apart two voices' (pitch, formant spacing) are: the pitch ratio in units of
    ``PITCH_APART_OCTAVES`` and the spacing ratio in units of ``SPACING_APART`` (natural log), combined as the
    length of a vector; one voice is within 1. An unmeasured side (NaN) counts as no difference.

    Example:
        >>> round(voice_distance((120.0, 1000.0), (130.0, 1020.0)), 2)  # one man
        0.19
        >>> round(voice_distance((250.0, 930.0), (235.0, 1300.0)), 2)  # an orator and a woman reading
        1.68
        >>> voice_distance((250.0, float("nan")), (240.0, 1300.0)) < 1
        True
    """
    pitch = np.log2(a[0] / b[0]) / PITCH_APART_OCTAVES if a[0] > 0 and b[0] > 0 else 0.0
    spacing = np.log(a[1] / b[1]) / SPACING_APART if a[1] > 0 and b[1] > 0 else 0.0
    return float(np.hypot(pitch, spacing))


def _measure(f0: np.ndarray, spacing: np.ndarray, first: int, end: int, least: int = VOICED_MIN) -> tuple[float, float]:
    """The median pitch and formant spacing of frames ``first`` to ``end``: NaN with under ``least`` voiced
    frames (spacing: a ``LPC_STEP``-th of them)."""
    pitched = f0[first:end][~np.isnan(f0[first:end])]
    spaced = spacing[first:end][~np.isnan(spacing[first:end])]
    pitch = float(np.median(pitched)) if len(pitched) >= least else float("nan")
    return pitch, float(np.median(spaced)) if len(spaced) >= least // LPC_STEP else float("nan")


def voice_changes(
    pieces: list[tuple[int, int]], f0: np.ndarray, spacing: np.ndarray, pause: int
) -> list[tuple[int, int]]:
    """``pieces`` (frame runs of sound, in order) joined into utterances: a piece joins the one before when
    the gap is under ``pause`` frames and the voice of up to ``BEFORE_S`` before the gap and ``AFTER_S`` after it
    (the next speaker may say little) is one
    (``voice_distance`` within 1, or too little voiced to tell: ``MEASURED_MIN``).

    Example:
        >>> f0 = np.r_[np.full(100, 120.0), np.full(100, 230.0)]
        >>> voice_changes([(0, 95), (98, 200)], f0, np.full(200, np.nan), pause=25)
        [(0, 95), (98, 200)]
        >>> voice_changes([(0, 95), (98, 200)], np.full(200, 120.0), np.full(200, np.nan), pause=25)
        [(0, 200)]
    """
    back, ahead = int(BEFORE_S / HOP_S), int(AFTER_S / HOP_S)
    joined: list[tuple[int, int]] = []
    for first, end in pieces:
        if joined and first - joined[-1][1] < pause:
            before = _measure(f0, spacing, max(0, joined[-1][1] - back), joined[-1][1], MEASURED_MIN)
            after = _measure(f0, spacing, first, first + ahead, MEASURED_MIN)  # into the pieces after it
            if np.isnan(before[0]) or np.isnan(after[0]) or voice_distance(before, after) <= 1:
                joined[-1] = (joined[-1][0], end)
                continue
        joined.append((first, end))
    return joined


def utterances(samples: np.ndarray, speech: np.ndarray) -> list[Utterance]:
    """The utterances of a 16 kHz track (module docstring); ``speech`` is the tagger's probability of speech
    per 10 ms frame (``frames_of``'s), e.g. its patches' spread over the frames they cover.

    Example:
        >>> t = np.arange(32000) / 16000
        >>> tone = (0.3 * np.sin(2 * np.pi * 120 * t)).astype(np.float32)
        >>> track = np.concatenate([tone, np.zeros(8000, np.float32), tone])
        >>> [(u.start_s, u.end_s, round(u.pitch_hz)) for u in utterances(track, np.ones(500))]
        [(0.0, 2.03, 120), (2.48, 4.5, 120)]
    """
    if not len(samples):
        return []
    clean = without_hum(samples)  # once, for the pitch and the formants
    f0, level = pitch_and_level(clean)
    spoken = (level > level.max() - LOUDNESS_RANGE_DB) & (speech[: len(level)] >= SPEECH_MIN)
    f0[~spoken] = np.nan
    spacing = formant_spacing(clean, ~np.isnan(f0))
    pause = int(PAUSE_S / HOP_S)
    pieces = runs(spoken, bridge=BRIDGE)  # every dip is a place the voice may change
    found = []
    for first, end in voice_changes(pieces, f0, spacing, pause):
        pitched = np.nonzero(~np.isnan(f0[first:end]))[0]
        if len(pitched):  # from the first to the last voiced frame: the voice, not the noise around it
            first, end = max(first, first + pitched[0] - EDGE), min(end, first + pitched[-1] + 1 + EDGE)
        if (end - first) * HOP_S < SHORTEST_S:
            continue
        pitch, spaced = _measure(f0, spacing, first, end)
        end_s = min(end * HOP_S, len(samples) / SAMPLE_RATE)
        voiced = int(np.count_nonzero(~np.isnan(f0[first:end])))
        found.append(Utterance(round(first * HOP_S, 2), round(end_s, 2), pitch, spaced, voiced))
    return found


def voice_of(pitch_hz: float, spacing_hz: float) -> str | None:
    """The kind of voice: "child", "man" or "woman" (module docstring), None without a pitch.

    Example:
        >>> voice_of(120.0, 1250.0), voice_of(230.0, 1300.0), voice_of(250.0, 930.0), voice_of(340.0, 1400.0)
        ('man', 'woman', 'man', 'child')
        >>> voice_of(float("nan"), 1000.0) is None
        True
    """
    if not pitch_hz > 0:
        return None
    if pitch_hz >= CHILD_MIN_HZ:
        return "child"
    if pitch_hz < MAN_MAX_HZ or spacing_hz < LONG_TRACT_MAX_HZ:
        return "man"
    return "woman"


def speech_per_frame(scores: np.ndarray, starts: np.ndarray, ends: np.ndarray, n_frames: int) -> np.ndarray:
    """The best speech probability of the tagger's patches (``scores``, one per patch from ``starts`` to
    ``ends`` seconds) covering each 10 ms frame.

    Example:
        >>> speech_per_frame(np.array([0.9, 0.1]), np.array([0.0, 0.48]), np.array([0.96, 1.44]), 150)[[0, 60, 120]]
        array([0.9, 0.9, 0.1])
    """
    out = np.zeros(n_frames)
    for score, start, end in zip(scores, starts, ends, strict=True):
        first, stop = int(round(start / HOP_S)), int(round(end / HOP_S))
        out[first:stop] = np.maximum(out[first:stop], score)
    return out


def speakers_of(found: list[Utterance]) -> tuple[list[int], list[tuple[float, float]]]:
    """Each utterance's speaker (1, 2... in order of appearance) and each speaker's voice (the mean log
    pitch and log formant spacing of its utterances, weighted by voiced frames). An utterance joins the
    nearest speaker within ``voice_distance`` 1, else is a new one (with under ``NEW_SPEAKER_MIN`` voiced
    frames, too little to found one, the nearest of all the speakers found in the whole video, who may first
    speak at length after it); one with under ``MEASURED_MIN`` voiced frames, which cannot be told apart, is
    the speaker before it's, or the next one's where that one can be told apart and is nearer in time (a
    new turn's first "And" is the new voice's).

    Example:
        >>> found = [Utterance(0, 2, 230.0, 1300.0, 150), Utterance(2.5, 4, 120.0, 1000.0, 100),
        ...          Utterance(4.1, 4.3, 300.0, 900.0, 10), Utterance(4.6, 6, 225.0, 1250.0, 120)]
        >>> speakers_of(found)[0]
        [1, 2, 2, 1]
        >>> speakers_of([*found[:2], Utterance(4.4, 4.5, 300.0, 900.0, 10), found[3]])[0]  # nearer the next
        [1, 2, 1, 1]
        >>> found = [Utterance(0, 2, 230.0, 1300.0, 150), Utterance(3, 3.6, 95.0, 1000.0, 40),  # his short "thank you"
        ...          Utterance(4, 6, 110.0, 980.0, 150), Utterance(6.5, 8, 225.0, 1250.0, 120)]
        >>> speakers_of(found)[0]
        [1, 2, 2, 1]
    """
    sums: list[np.ndarray] = []  # per speaker: voiced-weighted sums of log pitch, log spacing, and their weights
    owners: list[int] = []
    unsure: list[int] = []  # utterances far from every speaker yet too short to found one: placed at the end
    for i, u in enumerate(found):
        if u.voiced < MEASURED_MIN or not u.pitch_hz > 0:
            owners.append(owners[-1] if owners else 1)
            continue
        distances = _distances(sums, u)
        if distances and min(distances) > 1 and u.voiced < NEW_SPEAKER_MIN:  # a new voice needs more to go on
            unsure.append(i)
            owners.append(0)
            continue
        nearest = int(np.argmin(distances)) if distances and min(distances) <= 1 else len(sums)
        if nearest == len(sums):
            sums.append(np.zeros(4))
        spaced = u.spacing_hz > 0
        sums[nearest] += u.voiced * np.array(
            [np.log(u.pitch_hz), np.log(u.spacing_hz) if spaced else 0.0, 1.0, 1.0 if spaced else 0.0]
        )
        owners.append(nearest + 1)
    for i in unsure:  # the nearest of all the speakers: a man's short "thank you" is his, said before his long phrase
        owners[i] = int(np.argmin(_distances(sums, found[i]))) + 1
    measured = [u.voiced >= MEASURED_MIN and u.pitch_hz > 0 for u in found]
    for i in range(1, len(found)):  # one too short to tell apart: the speaker before it's, or the next one's
        if not measured[i]:  # where that one is measured and nearer in time (a new turn's first "And")
            nearer_next = i + 1 < len(found) and measured[i + 1]
            nearer_next = nearer_next and found[i + 1].start_s - found[i].end_s < found[i].start_s - found[i - 1].end_s
            owners[i] = owners[i + 1] if nearer_next else owners[i - 1]
    number = {speaker: n for n, speaker in enumerate(dict.fromkeys(owners), 1)}  # in order of appearance
    return [number[o] for o in owners], [_voice_of_sums(sums[s - 1]) for s in number if s <= len(sums)]


def _distances(sums: list[np.ndarray], u: Utterance) -> list[float]:
    return [voice_distance(_voice_of_sums(total), (u.pitch_hz, u.spacing_hz)) for total in sums]


def _voice_of_sums(total: np.ndarray) -> tuple[float, float]:
    pitch = float(np.exp(total[0] / total[2])) if total[2] else float("nan")
    return pitch, float(np.exp(total[1] / total[3])) if total[3] else float("nan")


def voices_table(video_id: str, found: list[Utterance]) -> pa.Table:
    """The ``voices`` rows of a video's utterances: each one's speaker (``speakers_of``), the kind of voice of
    that speaker (``voice_of`` its mean pitch and spacing: a speaker's every utterance is told together) and
    whether it opens a turn.

    Example:
        >>> rows = voices_table("v", [Utterance(0.0, 2.0, 230.0, 1300.0, 150), Utterance(2.5, 4.0, 120.0, 1000.0, 100),
        ...                           Utterance(4.5, 6.0, 225.0, 1280.0, 120)]).to_pylist()
        >>> [(r["voice"], r["speaker"], r["opens_turn"]) for r in rows]
        [('woman', 1, True), ('man', 2, True), ('woman', 1, True)]
    """
    owners, voices = speakers_of(found)
    kinds = [voice_of(*voice) for voice in voices]
    opens = [i == 0 or owners[i] != owners[i - 1] for i in range(len(found))]
    return TABLES["voices"].conform(
        pa.table(
            {
                "video_id": pa.array([video_id] * len(found), pa.string()),
                "start_s": pa.array([u.start_s for u in found], pa.float64()),
                "end_s": pa.array([u.end_s for u in found], pa.float64()),
                "pitch_hz": pa.array([u.pitch_hz if u.pitch_hz > 0 else None for u in found], pa.float64()),
                "spacing_hz": pa.array([u.spacing_hz if u.spacing_hz > 0 else None for u in found], pa.float64()),
                "voice": pa.array([kinds[o - 1] if o <= len(kinds) else None for o in owners], pa.string()),
                "speaker": pa.array(owners, pa.int32()),
                "opens_turn": pa.array(opens, pa.bool_()),
            }
        )
    )
