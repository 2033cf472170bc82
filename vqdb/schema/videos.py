"""The ``videos`` table: one row per ingested video."""

import pyarrow as pa

from vqdb.schema.table import Column, Table

VIDEOS = Table(
    "videos",
    "One row per ingested video. A video appears here only once its frames are fully committed.",
    "frames",
    (
        Column("video_id", pa.string(), "Stable id: a hash of the file's content (not its path)."),
        Column("path", pa.string(), "Absolute path of the file when it was ingested."),
        Column(
            "duration_s",
            pa.float64(),
            "Duration in seconds: the container's, cut to where the video stream ends when the file is cut short "
            "(see errors); else the time of the last frame.",
        ),
        Column("fps", pa.float64(), "Average frame rate of the video stream."),
        Column("width", pa.int32(), "Display width in pixels, after rotation."),
        Column("height", pa.int32(), "Display height in pixels, after rotation."),
        Column("rotation", pa.int32(), "Rotation applied from the stream's display matrix (0, 90, 180, 270)."),
        Column("video_codec", pa.string(), "Video codec name (h264, vp8, vp9...)."),
        Column("audio_codec", pa.string(), "Audio codec name, NULL without audio."),
        Column("has_audio", pa.bool_(), "Whether the file has an audio stream."),
        Column("num_keyframes", pa.int32(), "Keyframes in the video stream."),
        Column("sample_fps", pa.float64(), "Sampling rate used for the frames table."),
        Column("thumb_max_side", pa.int32(), "Longest side of stored thumbnails, in pixels."),
        Column("decode_mode", pa.string(), "How frames were sampled: 'sequential' or 'seek'."),
        Column(
            "status",
            pa.string(),
            "'complete', or 'partial' when part of the media does not decode or some extractor reported an error.",
        ),
        Column(
            "errors",
            pa.list_(pa.string()),
            "What is missing and why, one line each: 'media: ...' (a cut or damaged file: what was kept), "
            "'<extractor>: ...' (empty when none).",
        ),
        Column("vqdb_version", pa.string(), "vqdb version that ingested the video."),
        Column("ingested_at", pa.timestamp("us", tz="UTC"), "When the video was committed."),
    ),
)
