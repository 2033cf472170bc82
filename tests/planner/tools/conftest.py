"""Fixtures of the tool tests: one tool's SQL run on small tables in a bare DuckDB session."""

from __future__ import annotations

import duckdb
import pyarrow as pa
import pytest

from vqdb.planner import tools
from vqdb.planner.tools.base import SAMPLED, Context
from vqdb.queries import load_sql_macros
from vqdb.schema import TABLES
from vqdb.udfs import text_match

DIMS = 3  # embedding components; a stand-in ``similarity(emb, 'i')`` is the component i


@pytest.fixture
def con():
    """vqdb's macros (contains_phrase, text_normalize...), text_match, and a stand-in ``similarity``."""
    connection = duckdb.connect()
    load_sql_macros(connection)
    text_match.register(connection, None)
    connection.execute("CREATE OR REPLACE MACRO similarity(emb, q) AS emb[CAST(q AS INTEGER) + 1]")
    yield connection
    connection.close()


@pytest.fixture
def evidence(con):
    """``evidence(tool, query, video_id=None, sampled=[...], <table>=[...])``: the tool's rows for the call,
    sorted. Tables are lists of row dicts (columns left out are NULL); ``sampled`` rows are
    ``(video_id, frame_idx, ts)`` tuples."""

    def run(tool: str, query: str, *, video_id: str | None = None, sampled=(), **tables) -> list[tuple]:
        frames = pa.table(
            {
                "video_id": pa.array([r[0] for r in sampled], pa.string()),
                "frame_idx": pa.array([r[1] for r in sampled], pa.int32()),
                "ts": pa.array([r[2] for r in sampled], pa.float64()),
            }
        )
        con.register(SAMPLED, frames)
        for name, rows in tables.items():
            con.register(name, pa.Table.from_pylist(rows, schema=TABLES[name].arrow_schema(DIMS)))
        sql = tools.get(tool).select(Context(query, video_id)).sql("duckdb")
        return sorted(con.sql(sql).fetchall())

    return run
