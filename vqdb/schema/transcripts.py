"""The ``transcript_segments`` and ``transcript_words`` tables (speech recognition)."""

import pyarrow as pa

from vqdb.schema.table import SENTENCE_DIM, Column, Table, vector

TRANSCRIPT_SEGMENTS = Table(
    "transcript_segments",
    "Speech segments recognized by Whisper (faster-whisper, VAD on).",
    "asr",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("seg_id", pa.int32(), "Segment number within the video, from 0."),
        Column("start_s", pa.float64(), "Segment start, seconds."),
        Column("end_s", pa.float64(), "Segment end, seconds."),
        Column("text", pa.string(), "Recognized text."),
        Column("language", pa.string(), "Detected language code."),
        Column("avg_logprob", pa.float64(), "Average token log-probability."),
        Column("no_speech_prob", pa.float64(), "Probability that the segment holds no speech."),
        Column("model", pa.string(), "Model id or directory."),
        Column(
            "text_emb",
            vector(SENTENCE_DIM),
            "Sentence embedding of `text` (all-MiniLM-L6-v2, L2-normalized), made at ingest; NULL in corpora "
            "ingested before it was stored (queries then embed `text`).",
        ),
    ),
)

TRANSCRIPT_WORDS = Table(
    "transcript_words",
    "Words of the transcript with their own timestamps.",
    "asr",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("seg_id", pa.int32(), "Segment the word belongs to."),
        Column("word", pa.string(), "The word, as recognized (may carry punctuation)."),
        Column("start_s", pa.float64(), "Word start, seconds."),
        Column("end_s", pa.float64(), "Word end, seconds."),
        Column("probability", pa.float64(), "Word probability."),
    ),
)
