"""What the Corpus and Video pages show, read from the corpus's tables (no media is decoded here).

Every lookup is vqdb's own SQL with the request's values only as parameters; the one file the web app
opens is a path stored in ``videos`` (``media_path``), found by video id.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> overview(vqdb.connect(empty_corpus()))["videos"]
    []
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vqdb.errors import VqdbError
from vqdb.schema import EXTRACTORS, VISUAL_EXTRACTORS

if TYPE_CHECKING:
    from vqdb.corpus import Corpus

# The lanes under the player: (name, table, columns), each in time order.
LANES = (
    ("ocr", "ocr_spans", "start_s, end_s, text, max_confidence AS score"),
    ("transcript", "transcript_segments", "seg_id, start_s, end_s, text"),
    ("audio", "audio_events", "start_s, end_s, label AS text, max_score AS score"),
    ("subtitles", "subtitles", "start_s, end_s, text"),
)


# What each extractor's chip on the Corpus page counts: (extractor, table, unit), one row of the table a unit.
COUNTED = (
    ("frames", "frames", "frame"),
    ("subtitles", "subtitles", "cue"),
    ("embed", "frame_embeddings", "frame"),
    ("regions", "regions", "region"),
    ("asr", "transcript_words", "word"),
    ("ocr", "ocr_spans", "line"),
    ("audio", "audio_events", "sound"),
)

# The OCR boxes drawn over the Video page's player: each read with the span it is on screen (its measured
# edges; where they are unknown, from its frame to the next sampled frame).
OCR_BOXES = """
SELECT o.ts, coalesce(o.shown_from_s, o.ts) AS from_s, coalesce(o.shown_to_s, f.next_ts, v.duration_s) AS to_s,
       o.text, o.confidence, o.box
FROM ocr o
JOIN (SELECT frame_idx, lead(ts) OVER (ORDER BY ts, frame_idx) AS next_ts FROM frames WHERE video_id = $v) f
  USING (frame_idx)
JOIN videos v USING (video_id)
WHERE o.video_id = $v
ORDER BY o.ts, o.box.y0, o.box.x0
"""


class NotFound(VqdbError):
    """A video or frame the request names is not in the corpus (HTTP 404)."""


def rows(corpus: Corpus, query: str, params: Any = None) -> list[dict[str, Any]]:
    """The rows of one of vqdb's own queries, as dicts.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> rows(vqdb.connect(empty_corpus()), "SELECT 1 AS one, $x AS x", {"x": "a"})
        [{'one': 1, 'x': 'a'}]
    """
    relation = corpus.sql_unchecked(query, params)
    columns = relation.columns
    return [dict(zip(columns, row, strict=True)) for row in relation.fetchall()]


def since_ms(start: float) -> float:
    """Milliseconds since ``start`` (a ``time.perf_counter()`` reading), rounded to 0.01.

    Example:
        >>> import time
        >>> since_ms(time.perf_counter()) < 1000
        True
    """
    return round((time.perf_counter() - start) * 1000, 2)


def overview(corpus: Corpus) -> dict[str, Any]:
    """The Corpus page: every video with its thumbnail frame, duration, file size, status and errors, per
    extractor its rows, model, seconds and error (missing: never ran for that video) and what it found
    (``counts``: extractor -> {n, unit}, see ``COUNTED``); the corpus's visual model (``visual_model``; None
    when it has none, and then the extractors that need it, ``visual_extractors``, cannot have run).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> sorted(overview(vqdb.connect(empty_corpus())))
        ['extractors', 'root', 'tables', 'videos', 'visual_extractors', 'visual_model']
    """
    videos = rows(
        corpus,
        """
        SELECT v.video_id, v.path, regexp_extract(v.path, '[^/\\\\]+$') AS file, v.duration_s, v.fps, v.width,
               v.height, v.has_audio, v.video_codec, v.audio_codec, v.sample_fps, v.status, v.errors,
               f.n_frames, f.n_frames // 2 AS thumb_frame
        FROM videos v
        LEFT JOIN (SELECT video_id, count(*) AS n_frames FROM frames GROUP BY video_id) f USING (video_id)
        ORDER BY file, v.video_id
        """,
    )
    done: dict[str, dict[str, Any]] = {}
    for row in rows(corpus, "SELECT video_id, extractor, model, rows, error, seconds FROM extractions"):
        done.setdefault(row.pop("video_id"), {})[row.pop("extractor")] = row
    counts = found_counts(corpus)
    for video in videos:
        video["size_bytes"] = _file_size(video["path"])
        video["extractions"] = done.get(video["video_id"], {})
        video["counts"] = counts.get(video["video_id"], {})
    tables = [{"table": t["table"], "rows": t["rows"], "bytes": t["bytes"]} for t in corpus.info()]
    return {
        "root": str(corpus.root),
        "videos": videos,
        "extractors": ["frames", *EXTRACTORS],
        "tables": tables,
        "visual_model": corpus.store.manifest().get("embed_model"),
        "visual_extractors": sorted(VISUAL_EXTRACTORS),
    }


def found_counts(corpus: Corpus) -> dict[str, dict[str, dict[str, Any]]]:
    """Per video, per extractor: how many of its unit it found (``COUNTED``: OCR lines, words heard...).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> found_counts(vqdb.connect(empty_corpus()))
        {}
    """
    present = [(extractor, table, unit) for extractor, table, unit in COUNTED if corpus.store.exists(table)]
    if not present:
        return {}
    query = " UNION ALL ".join(
        f"SELECT '{extractor}' AS extractor, '{unit}' AS unit, video_id, count(*) AS n FROM {table} GROUP BY video_id"
        for extractor, table, unit in present
    )
    counts: dict[str, dict[str, dict[str, Any]]] = {}
    for row in rows(corpus, query):
        counts.setdefault(row["video_id"], {})[row["extractor"]] = {"n": row["n"], "unit": row["unit"]}
    return counts


def timeline(corpus: Corpus, video_id: str) -> dict[str, Any]:
    """The Video page: the video's row, its sampled frames (frame_idx, ts), one list per lane (``LANES``;
    transcript segments carry their words: word, start_s, end_s) and the OCR boxes to draw over the player
    (``ocr_boxes``: each read's text, confidence and box, 0..1, on screen from ``from_s`` until ``to_s``).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> timeline(vqdb.connect(empty_corpus()), "f549c436d369e041")
        Traceback (most recent call last):
        ...
        vqdb.serve.data.NotFound: no video 'f549c436d369e041' in the corpus; pick one on the Corpus page
    """
    video = video_row(corpus, video_id)
    params = {"v": video_id}
    video["frames"] = rows(corpus, "SELECT frame_idx, ts FROM frames WHERE video_id = $v ORDER BY ts", params)
    lanes = {}
    for name, table, columns in LANES:
        found = corpus.store.exists(table)
        query = f"SELECT {columns} FROM {table} WHERE video_id = $v ORDER BY start_s, end_s"
        lanes[name] = rows(corpus, query, params) if found else []
    if lanes["transcript"] and corpus.store.exists("transcript_words"):
        words: dict[int, list[dict[str, Any]]] = {}
        query = "SELECT seg_id, word, start_s, end_s FROM transcript_words WHERE video_id = $v ORDER BY start_s"
        for word in rows(corpus, query, params):
            words.setdefault(word.pop("seg_id"), []).append(word)
        for segment in lanes["transcript"]:
            segment["words"] = words.get(segment["seg_id"], [])
    video["lanes"] = lanes
    video["ocr_boxes"] = rows(corpus, OCR_BOXES, params) if corpus.store.exists("ocr") else []
    return video


def video_row(corpus: Corpus, video_id: str) -> dict[str, Any]:
    """The ``videos`` row of ``video_id`` (an exact id), with its file name; NotFound when none.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> video_row(vqdb.connect(empty_corpus()), "birds.mp4")  # an id, never a name or a path
        Traceback (most recent call last):
        ...
        vqdb.serve.data.NotFound: no video 'birds.mp4' in the corpus; pick one on the Corpus page
    """
    found = rows(
        corpus,
        "SELECT video_id, path, regexp_extract(path, '[^/\\\\]+$') AS file, duration_s, fps, width, height, "
        "has_audio, sample_fps, status, errors FROM videos WHERE video_id = $v",
        {"v": video_id},
    )
    if not found:
        raise NotFound(f"no video {video_id!r} in the corpus; pick one on the Corpus page")
    return found[0]


def thumbnail(corpus: Corpus, video_id: str, frame_idx: int) -> bytes:
    """The stored JPEG thumbnail of one sampled frame.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> thumbnail(vqdb.connect(empty_corpus()), "abc", 3)
        Traceback (most recent call last):
        ...
        vqdb.serve.data.NotFound: no frame 3 of video 'abc' in the corpus
    """
    found = corpus.sql_unchecked(
        "SELECT jpeg FROM frames WHERE video_id = $v AND frame_idx = $i", {"v": video_id, "i": frame_idx}
    ).fetchone()
    if found is None or found[0] is None:
        raise NotFound(f"no frame {frame_idx} of video {video_id!r} in the corpus")
    return found[0]


def media_path(corpus: Corpus, video_id: str) -> Path:
    """The file of ``video_id`` as recorded in ``videos``: the only files the web app serves.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> media_path(vqdb.connect(empty_corpus()), "../../etc/passwd")
        Traceback (most recent call last):
        ...
        vqdb.serve.data.NotFound: no video '../../etc/passwd' in the corpus; pick one on the Corpus page
    """
    path = Path(video_row(corpus, video_id)["path"])
    if not path.is_file():
        raise NotFound(f"the file of video {video_id!r} is no longer at {path}; re-ingest it from where it is now")
    return path


def _file_size(path: str) -> int | None:
    try:
        return os.path.getsize(path)
    except OSError:  # moved or deleted since ingest: the page says the file is missing
        return None
