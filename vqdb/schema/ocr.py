"""The ``ocr`` and ``ocr_spans`` tables (on-screen text)."""

import pyarrow as pa

from vqdb.schema.table import BOX, SENTENCE_DIM, Column, Table, vector

OCR = Table(
    "ocr",
    "Text read on sampled frames by EasyOCR, one row per detected text box.",
    "ocr",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("frame_idx", pa.int32(), "Sample index (joins `frames`)."),
        Column("ts", pa.float64(), "Timestamp in seconds."),
        Column("text", pa.string(), "Recognized text of the box."),
        Column("confidence", pa.float64(), "Recognition confidence, 0..1."),
        Column("box", BOX, "Text box normalized to 0..1 (x0, y0, x1, y1)."),
        Column("model", pa.string(), "OCR model and settings."),
        Column(
            "shown_from_s",
            pa.float64(),
            "First frame since the previous OCR read whose box looks as at `ts` (that read's time when the box "
            "did not change; NULL when unknown): when the text appeared, to the frame.",
        ),
        Column(
            "shown_to_s",
            pa.float64(),
            "First frame before the next OCR read whose box no longer looks as at `ts` (a blink of under 0.5 s and "
            "back is not an end; that read's time when the box did not change; the video's end after the last "
            "read; NULL when unknown): exclusive end.",
        ),
    ),
)

OCR_SPANS = Table(
    "ocr_spans",
    "The same on-screen text tracked over time: near-duplicate reads of adjacent frames merged.",
    "ocr",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("span_id", pa.int32(), "Span number within the video."),
        Column("start_s", pa.float64(), "First time the text was read, seconds."),
        Column("end_s", pa.float64(), "Last time the text was read, seconds."),
        Column("text", pa.string(), "The text as its reads agree on it (a vote weighted by confidence)."),
        Column("max_confidence", pa.float64(), "Highest confidence over the span."),
        Column("box", BOX, "Box of the read nearest that text, normalized to 0..1."),
        Column(
            "text_emb",
            vector(SENTENCE_DIM),
            "Sentence embedding of `text` (all-MiniLM-L6-v2, L2-normalized), made at ingest: the `ocr` tool finds "
            "a text shown that says the query in other words by it; NULL in corpora ingested before it was stored "
            "(`vqdb index CORPUS --ocr-spans` fills it).",
        ),
    ),
)
