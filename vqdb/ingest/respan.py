"""Rebuild the ``ocr_spans`` of ingested videos from their stored per-frame reads (the ``ocr`` table), reading
no frame again: after a change to how reads make spans (``vqdb.ingest.ocr_spans``), ``vqdb index CORPUS
--ocr-spans`` brings a corpus up to it in seconds, where ``vqdb ingest --only ocr --force`` would run OCR again.

The reads are handed to ``track_spans`` as the ``ocr`` extractor hands them: frame by frame in time order,
each frame's reads in the order stored (the order the extractor wrote them: the ``ocr`` table has no column
for a read's place in its frame, and none is needed, since ``Store.read`` scans a dataset in order (Lance's
``scan_in_order``, on by default: fragments as the manifest lists them, a fragment's rows as written) and
compaction keeps that order), with their ``shown_from_s``/``shown_to_s``, and the gap the video's
recorded OCR interval allows (``span_gap_s``: its ``ocr_step`` over its ``sample_fps``). Frames where nothing
was read have no rows, and need none: a span closes when the next read comes too late, whatever came between.
Each span's text is embedded (``text_emb``, ``vqdb.ingest.sentence_vectors``: the distinct texts of a batch once),
so the command also brings a corpus ingested before spans stored their vectors up to it.
The new spans of ``BATCH_VIDEOS`` videos replace their old ones in one commit, then their ``ocr`` records
count them (as ``Store.commit`` counts an extraction's rows, which ``vqdb check`` compares).

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> from vqdb.config import Config
    >>> with Store.create(tempfile.mkdtemp()) as store:
    ...     rebuild_ocr_spans(store, Config())
    {}
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from vqdb.config import Config
from vqdb.errors import VqdbError
from vqdb.ingest.ocr_spans import OcrSpan, span_gap_s, spans_table, track_spans
from vqdb.ingest.sentence_vectors import with_sentence_vectors
from vqdb.models.protocols import TextBox
from vqdb.store.store import Store, any_video, quote

BATCH_VIDEOS = 64  # videos whose spans are replaced in one commit
Frames = list[tuple[float, list[TextBox]]]
Shown = list[list[tuple[float | None, float | None]]]


def frames_of(reads: pa.Table) -> tuple[Frames, Shown]:
    """One video's ``ocr`` rows as ``track_spans`` takes them: ``(ts, reads)`` frame by frame in time order,
    each frame's reads in the order stored, and each read's ``(shown_from_s, shown_to_s)``.

    Example:
        >>> from vqdb.schema import TABLES
        >>> box = {"x0": 0.1, "y0": 0.1, "x1": 0.5, "y1": 0.2}
        >>> rows = [{"video_id": "v", "frame_idx": i, "ts": float(i), "text": t, "confidence": 0.9, "box": box,
        ...          "shown_from_s": float(i), "shown_to_s": i + 1.0} for i, t in ((1, "EXIT"), (0, "Hi"))]
        >>> frames, shown = frames_of(TABLES["ocr"].from_rows(rows))
        >>> [(ts, [r.text for r in reads]) for ts, reads in frames], shown
        ([(0.0, ['Hi']), (1.0, ['EXIT'])], [[(0.0, 1.0)], [(1.0, 2.0)]])
    """
    by_frame: dict[tuple[int, float], list[tuple[TextBox, tuple[float | None, float | None]]]] = {}
    for row in reads.to_pylist():
        box = row["box"]
        read = TextBox(row["text"], row["confidence"], (box["x0"], box["y0"], box["x1"], box["y1"]))
        shown = (row.get("shown_from_s"), row.get("shown_to_s"))  # absent from reads stored before they were kept
        by_frame.setdefault((row["frame_idx"], row["ts"]), []).append((read, shown))
    ordered = sorted(by_frame.items(), key=lambda item: (item[0][1], item[0][0]))
    frames = [(ts, [read for read, _ in pairs]) for (_, ts), pairs in ordered]
    shown = [[times for _, times in pairs] for _, pairs in ordered]
    return frames, shown


def rebuild_ocr_spans(store: Store, config: Config) -> dict[str, int]:
    """Replace the ``ocr_spans`` of every video whose ``ocr`` extraction finished by the spans its stored reads
    make now, each with its text's sentence embedding (``config``'s text model); returns the spans of each video
    rebuilt. Nothing is written when a video's OCR was recorded without the settings its spans need
    (``VqdbError`` naming the videos and the command that redoes them).

    Example:
        >>> import tempfile
        >>> from vqdb.schema import TABLES
        >>> box = {"x0": 0.1, "y0": 0.1, "x1": 0.5, "y1": 0.2}
        >>> read = [("Clear history", 0.9), ("Clearlhistory", 0.99), ("Clear history", 0.95)]  # a frame each
        >>> reads = [{"video_id": "v", "frame_idx": i, "ts": float(i), "text": t, "confidence": c, "box": box}
        ...          for i, (t, c) in enumerate(read)]
        >>> tables = {"ocr": TABLES["ocr"].from_rows(reads), "ocr_spans": TABLES["ocr_spans"].from_rows([])}
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     _ = store.commit("v", "ocr", tables, model="m", settings={"ocr_step": 1, "sample_fps": 1.0})
        ...     spans = rebuild_ocr_spans(store, Config()), store.read("ocr_spans")
        >>> spans[0], spans[1]["text"].to_pylist(), spans[1]["text_emb"].type.list_size
        ({'v': 1}, ['Clear history'], 384)
    """
    records = {
        video_id: record["ocr"] for video_id, record in store.records("ocr").items() if not record["ocr"]["error"]
    }
    unrecorded = sorted(v for v, record in records.items() if not {"ocr_step", "sample_fps"} <= set(record["settings"]))
    if unrecorded:  # checked before any write (an interrupted rebuild leaves whole batches done: run it again)
        raise VqdbError(
            f"the OCR of {len(unrecorded)} video(s) ({', '.join(unrecorded[:5])}) was recorded without its ocr_step "
            "and sample_fps, so their spans cannot be rebuilt from their reads: run "
            f"`vqdb ingest {store.root} --only ocr --force` to read them again"
        )
    counts: dict[str, int] = {}
    videos = sorted(records)
    for start in range(0, len(videos), BATCH_VIDEOS):
        batch = videos[start : start + BATCH_VIDEOS]
        reads = {video_id: store.read("ocr", where=f"video_id = {quote(video_id)}") for video_id in batch}
        tables = [spans_table(v, _spans(reads[v], records[v]["settings"])) for v in batch]
        counts |= {video_id: table.num_rows for video_id, table in zip(batch, tables, strict=True)}
        where = any_video(batch)
        store.replace("ocr_spans", where, with_sentence_vectors(pa.concat_tables(tables), config))
        _recount(store, where, {video_id: reads[video_id].num_rows + counts[video_id] for video_id in batch})
    return counts


def _spans(reads: pa.Table, settings: dict[str, Any]) -> list[OcrSpan]:
    frames, shown = frames_of(reads)
    return track_spans(frames, span_gap_s(settings["ocr_step"] / settings["sample_fps"]), shown=shown)


def _recount(store: Store, videos: str, rows: dict[str, int]) -> None:
    """Record ``rows`` (reads plus new spans) in the ``ocr`` extractions of ``videos`` (a filter), as a commit
    records its rows: ``vqdb check`` compares them with the tables, and a rebuild that made more or fewer spans
    would otherwise read as damage (whose repair deletes the video's OCR)."""
    where = f"extractor = 'ocr' AND {videos}"
    records = store.read("extractions", where=where)
    counted = pa.array([rows[video_id] for video_id in records["video_id"].to_pylist()], pa.int64())
    store.replace("extractions", where, records.set_column(records.schema.get_field_index("rows"), "rows", counted))
