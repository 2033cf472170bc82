"""text_normalize and contains_phrase (vqdb/queries/text.sql) against a Python reference."""

from __future__ import annotations

import re

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.queries import load_sql_macros


@pytest.fixture(scope="module")
def con():
    connection = duckdb.connect()
    load_sql_macros(connection)
    yield connection
    connection.close()


def normalize(text: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", text.lower()).split())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("  Ask not, what YOUR country...", "ask not what your country"),
        ("Café-Über 12_3", "café über 12 3"),
        ("!!!", ""),
    ],
)
def test_text_normalize(con, text, expected):
    assert con.execute("SELECT text_normalize(?)", [text]).fetchone()[0] == expected


def test_text_normalize_matches_the_reference_on_ascii(con):
    @settings(max_examples=100, deadline=None)
    @given(st.text(alphabet=st.characters(codec="ascii"), max_size=30))
    def check(text):
        assert con.execute("SELECT text_normalize(?)", [text]).fetchone()[0] == normalize(text)

    check()


@pytest.mark.parametrize(
    ("text", "phrase", "expected"),
    [
        ("And so, my fellow Americans: ask not what your country can do", "ask not what your country", True),
        ("And so, my fellow Americans: ask not what your country can do", "ASK NOT, what", True),
        ("a countryside walk", "country", False),
        ("country", "country", True),
        ("what your country", "ask not what your country", False),
        (None, "x", None),
        ("x", None, None),
    ],
)
def test_contains_phrase(con, text, phrase, expected):
    assert con.execute("SELECT contains_phrase(?, ?)", [text, phrase]).fetchone()[0] == expected


def test_contains_phrase_without_words_is_a_clear_error(con):
    with pytest.raises(duckdb.InvalidInputException, match="contains_phrase: the phrase"):
        con.execute("SELECT contains_phrase('abc', '...')").fetchall()
