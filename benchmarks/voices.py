"""What telling voices apart costs at ingest: CPU seconds of the ``voices`` pass (``vqdb.ingest.voices``: YIN
pitch, LPC formants, utterances, speakers) per second of audio, beside the YAMNet tagger the ``audio``
extractor ran before it (the whole extractor before this pass), on the real shared clips and on a long
track of real voices (jfk.flac and LJ001-0005..0008 read in turn, repeated), where cost per second should
stay flat.

    .venv/bin/python benchmarks/voices.py                    # ../shared/data, a 10-minute long track
    .venv/bin/python benchmarks/voices.py --long-minutes 2   # quicker

Prints one row per track: seconds of audio, tagger CPU s per audio s, voices CPU s per audio s, and the
utterances and speakers found.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from vqdb.config import Config
from vqdb.ingest.audio import decode_audio
from vqdb.ingest.extractors.audio import voices_of
from vqdb.models import registry

CLIPS = (  # the shared clips with a sound track that quality questions may be tuned on
    "video/movie-hello.mp4",
    "video/videollava_demo.mp4",
    "video/smpte-2997.mp4",
    "video/echo-hereweare.webm",
    "video/chaplin.mp4",
    "video/video_with_failing_audio.mp4",
    "video/cockatoo.mp4",
    "video/birds.mp4",
)
VOICES = ("audio/jfk.flac", *(f"audio/ljspeech/LJ001-000{i}.wav" for i in range(5, 9)))


def main() -> None:
    """Measure every track and print the table."""
    args = _parse_args()
    tagger = registry.audio_tagger(Config())
    tracks = {name: decode_audio(args.shared / name).samples for name in CLIPS if (args.shared / name).exists()}
    tracks[f"real voices, {args.long_minutes:g} min"] = long_track(args.shared, args.long_minutes)
    print(f"{'track':<40} {'audio s':>8} {'tagger CPU/s':>13} {'voices CPU/s':>13} {'utterances':>10} {'speakers':>8}")
    for name, samples in tracks.items():
        seconds = len(samples) / 16000
        if seconds == 0:
            print(f"{name:<40} {'no audio':>8}")
            continue
        start = time.process_time()
        scores = tagger.scores(samples)
        tagged = time.process_time() - start
        start = time.process_time()
        rows = voices_of("v", samples, scores, tagger.labels)
        voiced = time.process_time() - start
        speakers = len(set(rows.column("speaker").to_pylist()))
        print(
            f"{name:<40} {seconds:>8.1f} {tagged / seconds:>13.4f} {voiced / seconds:>13.4f} "
            f"{rows.num_rows:>10} {speakers:>8}"
        )


def long_track(shared: Path, minutes: float) -> np.ndarray:
    """The real voices read in turn, a second of silence after each, repeated to ``minutes`` long."""
    silence = np.zeros(16000, np.float32)
    one_round = np.concatenate([part for name in VOICES for part in (decode_audio(shared / name).samples, silence)])
    rounds = int(np.ceil(minutes * 60 * 16000 / len(one_round)))
    return np.tile(one_round, rounds)[: int(minutes * 60 * 16000)]


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[1] / ".." / "shared" / "data")
    parser.add_argument("--long-minutes", type=float, default=10.0)
    return parser.parse_args()


if __name__ == "__main__":
    main()
