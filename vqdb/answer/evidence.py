"""Keyframes, and the text evidence near them: what a VLM prompt and an answer's ``evidence`` show.

Evidence is what the corpus's text tables say around each keyframe: on-screen text (``ocr_spans``),
speech (``transcript_segments``), sidecar subtitles (``subtitles``) and sound events (``audio_events``).

Example:
    >>> ev = Evidence("ocr", "v1", 1.0, 3.0, "Hello world", 2.0)
    >>> ev.as_line()
    '[1.0, 3.0] Hello world'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from vqdb.errors import VqdbError
from vqdb.videos import CorpusSql

EVIDENCE_SQL = """
WITH keyframes AS (
    SELECT unnest($video_ids::VARCHAR[]) AS video_id, unnest($ts::DOUBLE[]) AS ts
), texts AS (
    SELECT 'ocr' AS source, video_id, start_s, end_s, text FROM ocr_spans
    UNION ALL SELECT 'transcript', video_id, start_s, end_s, text FROM transcript_segments
    UNION ALL SELECT 'subtitle', video_id, start_s, end_s, text FROM subtitles
    UNION ALL SELECT 'audio', video_id, start_s, end_s, 'sound: ' || label FROM audio_events
)
SELECT t.source, t.video_id, t.start_s, t.end_s, trim(t.text) AS text,
       arg_min(k.ts, abs((t.start_s + t.end_s) / 2 - k.ts)) AS keyframe_ts
FROM texts AS t
JOIN keyframes AS k
  ON t.video_id = k.video_id AND t.start_s <= k.ts + $window AND t.end_s >= k.ts - $window
WHERE trim(t.text) <> ''
GROUP BY ALL
ORDER BY t.video_id, t.start_s, t.source, t.end_s
"""


@dataclasses.dataclass(frozen=True)
class Keyframe:
    """A frame chosen by retrieval: video, sample index, timestamp (seconds), optional score and merged rank
    (``rank``, 1 the best: a plan's order, "the last caption", promotes a frame over better scored ones).

    Example:
        >>> Keyframe("v1", 4, 2.0).ts
        2.0
    """

    video_id: str
    frame_idx: int
    ts: float
    score: float | None = None
    rank: int | None = None


@dataclasses.dataclass(frozen=True)
class Evidence:
    """A text snippet near a keyframe: source (ocr, transcript, subtitle, audio), span and text."""

    source: str
    video_id: str
    start_s: float
    end_s: float
    text: str
    keyframe_ts: float

    def as_line(self) -> str:
        """``[start, end] text``, the way CG-Bench writes timed subtitles.

        Example:
            >>> Evidence("subtitle", "v", 1.0, 2.5, "hi there", 2.0).as_line()
            '[1.0, 2.5] hi there'
        """
        return f"[{round(self.start_s, 2)}, {round(self.end_s, 2)}] {self.text}"


def as_keyframes(rows: Any) -> list[Keyframe]:
    """Keyframes from a list of Keyframe / dicts / tuples, an Arrow table, a DuckDB relation or a polars frame.

    Rows need ``video_id``, ``frame_idx`` and ``ts`` (``score`` and ``merged_rank`` are optional); the result is
    sorted by video and time, duplicates removed.

    Example:
        >>> [k.frame_idx for k in as_keyframes([{"video_id": "v", "frame_idx": 3, "ts": 1.5}, ("v", 1, 0.5)])]
        [1, 3]
    """
    if hasattr(rows, "arrow") and callable(rows.arrow):  # DuckDB relation
        rows = rows.arrow()
    if hasattr(rows, "read_all"):  # Arrow record batch reader
        rows = rows.read_all()
    if hasattr(rows, "to_pylist"):  # Arrow table
        rows = rows.to_pylist()
    elif hasattr(rows, "to_dicts"):  # polars
        rows = rows.to_dicts()
    keyframes = {}
    for row in rows:
        try:
            if isinstance(row, Keyframe):
                kf = row
            elif isinstance(row, dict):
                score, rank = row.get("score"), row.get("merged_rank")
                kf = Keyframe(
                    str(row["video_id"]),
                    int(row["frame_idx"]),
                    float(row["ts"]),
                    None if score is None else float(score),
                    None if rank is None else int(rank),
                )
            else:
                kf = Keyframe(str(row[0]), int(row[1]), float(row[2]), float(row[3]) if len(row) > 3 else None)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise VqdbError(
                f"a keyframe needs video_id, frame_idx and ts; got {row!r} ({exc}). Pass the .keyframes of a "
                "retrieval, or dicts with those keys"
            ) from exc
        keyframes[(kf.video_id, kf.frame_idx)] = kf
    return sorted(keyframes.values(), key=lambda k: (k.video_id, k.ts))


def gather_evidence(corpus: CorpusSql, keyframes: Sequence[Keyframe], window_s: float) -> list[Evidence]:
    """Text of ``ocr_spans``, ``transcript_segments``, ``subtitles``, ``audio_events`` near the keyframes.

    A snippet is near when its span comes within ``window_s`` seconds of a keyframe.

    Each snippet appears once, with the keyframe it is nearest to; the same text from the same source
    is kept once (its first occurrence).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> gather_evidence(vqdb.connect(empty_corpus()), [Keyframe("v", 0, 1.0)], 2.0)
        []
    """
    if not keyframes:
        return []
    params = {
        "video_ids": [k.video_id for k in keyframes],
        "ts": [k.ts for k in keyframes],
        "window": float(window_s),
    }
    seen: set[tuple[str, str]] = set()
    evidence = []
    for source, video_id, start, end, text, kts in corpus.sql_unchecked(EVIDENCE_SQL, params=params).fetchall():
        if (source, text.lower()) in seen:
            continue
        seen.add((source, text.lower()))
        evidence.append(Evidence(source, video_id, float(start), float(end), text, float(kts)))
    return evidence
