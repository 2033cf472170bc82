"""The ``audio_tags`` and ``audio_events`` tables (sound events by YAMNet)."""

import pyarrow as pa

from vqdb.schema.table import Column, Table

AUDIO_TAGS = Table(
    "audio_tags",
    "Top-k AudioSet labels of each 0.96 s audio patch (hop 0.48 s), scored by YAMNet.",
    "audio",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("start_s", pa.float64(), "Patch start, seconds."),
        Column("end_s", pa.float64(), "Patch end, seconds."),
        Column("label", pa.string(), "AudioSet class name."),
        Column("score", pa.float64(), "Class score, 0..1."),
        Column("model", pa.string(), "Model name."),
    ),
)

AUDIO_EVENTS = Table(
    "audio_events",
    "Spans where a label's score stays above the event threshold.",
    "audio",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("start_s", pa.float64(), "Event start, seconds."),
        Column("end_s", pa.float64(), "Event end, seconds."),
        Column("label", pa.string(), "AudioSet class name."),
        Column("max_score", pa.float64(), "Highest score within the span."),
        Column("mean_score", pa.float64(), "Mean score over the span's patches."),
    ),
)

VOICES = Table(
    "voices",
    "Utterances and who says them: each voice's pitch and vocal-tract length measured from the decoded audio "
    "(vqdb.ingest.voices: YIN pitch, LPC formants, no weights), where the tagger hears speech.",
    "audio",
    (
        Column("video_id", pa.string(), "Video id."),
        Column("start_s", pa.float64(), "Utterance start, seconds (a pause of 0.25 s or a change of voice ends one)."),
        Column("end_s", pa.float64(), "Utterance end, seconds."),
        Column("pitch_hz", pa.float64(), "Median pitch (F0) of its voiced 10 ms frames, Hz; NULL when too few."),
        Column(
            "spacing_hz",
            pa.float64(),
            "Median spacing of its first four formants, Hz (vocal-tract length: ~1000 men, 1200+ women); NULL "
            "when unmeasured.",
        ),
        Column("voice", pa.string(), "'man', 'woman' or 'child' by pitch and formant spacing; NULL without pitch."),
        Column("speaker", pa.int32(), "Speaker number, 1 for the first voice heard, in order of appearance."),
        Column("opens_turn", pa.bool_(), "Whether a different speaker said the utterance before (or none did)."),
    ),
)
