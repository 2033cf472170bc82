"""Fixtures for the metric macro tests: a plain DuckDB connection with every vqdb SQL file loaded."""

from __future__ import annotations

import duckdb
import pytest

from vqdb.queries import load_sql_macros


@pytest.fixture()
def con() -> duckdb.DuckDBPyConnection:
    """A fresh in-memory connection with the vqdb macros (tables made in one test stay in it)."""
    connection = duckdb.connect()
    load_sql_macros(connection)
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def shared_con() -> duckdb.DuckDBPyConnection:
    """One connection for a module's property tests (each example re-registers its tables)."""
    connection = duckdb.connect()
    load_sql_macros(connection)
    yield connection
    connection.close()
