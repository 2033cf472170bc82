"""The ``subtitles`` table: sidecar .srt / .vtt cues."""

import pyarrow as pa

from vqdb.schema.table import SENTENCE_DIM, Column, Table, vector

SUBTITLES = Table(
    "subtitles",
    "Cues of a sidecar subtitle file (`video.srt`, `video.vtt`, `video.en.srt`...) next to the video.",
    "subtitles",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("cue_id", pa.int32(), "Cue number within the file, from 0."),
        Column("start_s", pa.float64(), "Cue start, seconds."),
        Column("end_s", pa.float64(), "Cue end, seconds."),
        Column("text", pa.string(), "Cue text, lines joined by a space, markup removed."),
        Column("source", pa.string(), "File the cue came from."),
        Column(
            "text_emb",
            vector(SENTENCE_DIM),
            "Sentence embedding of `text` (all-MiniLM-L6-v2, L2-normalized), made at ingest; NULL in corpora "
            "ingested before it was stored (queries then embed `text`).",
        ),
    ),
)
