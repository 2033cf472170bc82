"""Fixtures of the tool tests: one tool's SQL run on small tables in a bare DuckDB session."""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pytest

from vqdb.planner import tools
from vqdb.planner.tools.base import SAMPLED, VIDEO_INFO, Context
from vqdb.planner.video_frames import VideoFrames
from vqdb.queries import load_sql_macros
from vqdb.schema import SENTENCE_DIM, TABLES
from vqdb.udfs import counters, meant_clause, said_clauses, said_focus, text_grade, text_match

DIMS = 3  # embedding components; a query "i" of a visual tool looks along component i
# A stand-in for MiniLM's text_embed: texts that share their first letter (case aside) mean the same thing.
STAND_IN_EMBEDDING = (
    f"[CAST(i < 26 AND lower(t[1]) = chr(CAST(97 + i AS INTEGER)) AS FLOAT) FOR i IN range({SENTENCE_DIM})]"
    f"::FLOAT[{SENTENCE_DIM}]"
)


def stand_in_vectors(texts: list[str]) -> dict[str, np.ndarray]:
    """``STAND_IN_EMBEDDING`` in Python, what ``meant_clause`` compares clauses by in these tests."""
    vectors = {}
    for text in texts:
        vector = np.zeros(SENTENCE_DIM, np.float32)
        letter = text[:1].lower()
        if "a" <= letter <= "z":
            vector[ord(letter) - ord("a")] = 1.0
        vectors[text] = vector
    return vectors


@pytest.fixture
def con():
    """vqdb's macros (contains_phrase, text_normalize...), text_match and the text grades, and a stand-in
    for ``text_embed``."""
    connection = duckdb.connect()
    load_sql_macros(connection)
    text_match.register(connection, None)
    text_grade.register(connection, None)
    said_focus.register(connection, None)
    said_clauses.register(connection, None)
    counters.register(connection, None)
    meant_clause.register(connection, stand_in_vectors)
    connection.execute(f"CREATE OR REPLACE MACRO text_embed(t) AS {STAND_IN_EMBEDDING}")
    yield connection
    connection.close()


@pytest.fixture
def evidence(con, stand_in_embeddings):
    """``evidence(tool, query, video_id=None, sampled=[...], <table>=[...])``: the tool's rows for the call,
    sorted (scores rounded to 3 digits). Tables are lists of row dicts (columns left out are NULL; tables
    left out are empty); ``sampled`` rows are ``(video_id, frame_idx, ts)`` tuples, and ``video_info``
    is computed from them as the compiler does (a video's duration is its last frame's time). A tool with
    spans gives its focus too (``focus_start``, ``focus_end``) with ``focus=True``; ``place`` and ``size`` are
    the call's (``Context``), and so are ``extent`` and ``when``."""

    vectors = stand_in_embeddings(con, DIMS)

    def run(
        tool: str,
        query: str,
        *,
        video_id: str | None = None,
        sampled=(),
        focus=False,
        place=None,
        size=None,
        extent=None,
        when=None,
        **tables,
    ) -> list[tuple]:
        frames = pa.table(
            {
                "video_id": pa.array([r[0] for r in sampled], pa.string()),
                "frame_idx": pa.array([r[1] for r in sampled], pa.int32()),
                "ts": pa.array([r[2] for r in sampled], pa.float64()),
            }
        )
        con.register(SAMPLED, frames)
        con.execute(
            f"CREATE OR REPLACE TEMP TABLE {VIDEO_INFO} AS SELECT video_id, count(*) AS n_frames, "
            "max(ts) AS duration_s, 1.0 AS gap, (max(ts) - min(ts)) / greatest(count(*) - 1, 1) AS period "
            f"FROM {SAMPLED} GROUP BY video_id"
        )
        vectors.set(
            [(r["video_id"], r["frame_idx"], r["emb"]) for r in tables.get("frame_embeddings", [])],
            [(r["video_id"], r["frame_idx"], r["region_id"], r["emb"]) for r in tables.get("regions", [])],
        )
        for name in (
            "ocr",
            "ocr_spans",
            "transcript_words",
            "transcript_segments",
            "subtitles",
            "audio_events",
            "voices",
        ):
            rows = tables.pop(name, [])
            con.register(name, pa.Table.from_pylist(rows, schema=TABLES[name].arrow_schema(DIMS)))
        for name, rows in tables.items():
            con.register(name, pa.Table.from_pylist(rows, schema=TABLES[name].arrow_schema(DIMS)))
        sql = tools.get(tool).select(Context(query, video_id, place, size, extent, when)).sql("duckdb")
        rows = con.sql(sql).fetchall()
        if not focus:  # the keyframe placement's columns are asked for by the tests of it
            rows = [row[:5] for row in rows]
        return sorted(tuple(round(v, 3) if isinstance(v, float) else v for v in row) for row in rows)

    return run


def sampled_video(con, video_id: str, duration_s: float) -> VideoFrames:
    """The frames the ``evidence`` fixture sampled, as the video ``frame_evidence`` reads (the arrays path)."""
    con.execute(f"CREATE OR REPLACE TEMP TABLE frames AS SELECT * FROM {SAMPLED}")
    con.execute(f"CREATE OR REPLACE TEMP TABLE videos AS SELECT '{video_id}' AS video_id, {duration_s} AS duration_s")
    return VideoFrames.load(con, video_id, k=1, gap=0.0)


def evidence_rows(video: VideoFrames, arrays, focus: bool = True) -> list[tuple]:
    """``arrays``' scored frames as the ``evidence`` fixture lists the SQL's rows (the focus too with ``focus``)."""
    inside = np.flatnonzero(~np.isnan(arrays.score))
    columns = [arrays.score, arrays.start_s, arrays.end_s, *([arrays.focus_start, arrays.focus_end] if focus else [])]
    return [(video.video_id, int(i), *(round(float(c[i]), 3) for c in columns)) for i in inside]
