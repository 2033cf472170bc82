"""Word times kept inside the speech VAD found: Whisper decodes speech with the silences cut out, so a word
it aligns across the cut (its start dragged back to the word before a pause, a known failure of its
attention alignment) comes back spanning the silence, or placed before it: movie-hello's "done", said at
6.3-6.6 s after a 3-second pause, is returned as 2.78-3.94 s. ``within_speech`` puts each such word on one
side of the cut.

Example:
    >>> regions = (SpeechRegion(0.46, 3.41), SpeechRegion(5.94, 8.32))  # movie-hello's speech, as VAD finds it
    >>> within_speech((2.16, 2.78), regions), within_speech((2.78, 3.94), regions)
    ((2.16, 2.78), (6.34, 6.47))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SAMPLE_RATE = 16000


@dataclass(frozen=True)
class SpeechRegion:
    """A stretch of audio VAD calls speech, in seconds of the original audio (its padding included)."""

    start_s: float
    end_s: float


def speech_regions(samples: np.ndarray, vad: dict | None = None) -> tuple[SpeechRegion, ...]:
    """The speech faster-whisper's ``vad_filter`` keeps in 16 kHz mono ``samples`` with the Silero VAD options
    ``vad`` (``VadOptions`` fields; None: its defaults, 2 s of silence splits), regions VAD left touching
    (silence shorter than twice the padding, shared between them) joined: nothing was cut out between them.

    Example:
        >>> speech_regions(np.zeros(16000, np.float32))  # a second of silence
        ()
    """
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    regions: list[SpeechRegion] = []
    for chunk in get_speech_timestamps(samples, VadOptions(**(vad or {}))):
        start, end = chunk["start"] / SAMPLE_RATE, chunk["end"] / SAMPLE_RATE
        if regions and start <= regions[-1].end_s:
            regions[-1] = SpeechRegion(regions[-1].start_s, end)
        else:
            regions.append(SpeechRegion(start, end))
    return tuple(regions)


def pad_s() -> float:
    """The silence VAD keeps on each side of a region's speech (faster-whisper's ``speech_pad_ms``): all of
    it where a region has silence cut out beside it (that silence was at least twice as long).

    Example:
        >>> pad_s()
        0.4
    """
    from faster_whisper.vad import VadOptions

    return VadOptions().speech_pad_ms / 1000


def within_speech(span: tuple[float, float], regions: tuple[SpeechRegion, ...]) -> tuple[float, float]:
    """A word's ``(start_s, end_s)`` as faster-whisper restores it, moved inside one speech region.

    Whisper saw the regions joined end to end. A word it aligned across a join lies where its end does when
    that end reaches past the next region's padding into its speech (the start was dragged back over the
    cut): from where that speech begins to the end. Otherwise it ends with the region before. A word
    inside one region is returned as it is.

    Example:
        >>> regions = (SpeechRegion(7.79, 20.59),)
        >>> within_speech((8.0, 8.5), regions)  # one region: nothing to move
        (8.0, 8.5)
        >>> regions = (SpeechRegion(1.0, 4.0), SpeechRegion(8.0, 12.0))
        >>> within_speech((3.6, 4.3), regions)  # ends 0.3 s into the next region: its padding, not speech
        (3.6, 4.0)
        >>> within_speech((7.5, 8.9), regions)  # placed with the later region, its start before it
        (8.4, 8.9)
    """
    start, end = span
    if len(regions) < 2:
        return span
    offsets = np.cumsum([0.0] + [r.end_s - r.start_s for r in regions])  # each region's start, joined
    middle = (start + end) / 2
    index = next((i for i, r in enumerate(regions) if middle <= r.end_s), len(regions) - 1)  # as placed
    shift = regions[index].start_s - offsets[index]
    joined_start, joined_end = start - shift, end - shift
    last = int(np.searchsorted(offsets[:-1], joined_end, side="left")) - 1  # the region its end lies in
    first = int(np.searchsorted(offsets[:-1], joined_start, side="right")) - 1
    if last <= first or last < 1:
        return span
    into_last = joined_end - offsets[last]
    if into_last > pad_s():
        begin = regions[last].start_s + pad_s()
        return round(begin, 2), round(float(regions[last].start_s + into_last), 2)
    before = regions[last - 1]
    return round(float(max(joined_start, offsets[last - 1]) - offsets[last - 1] + before.start_s), 2), before.end_s
