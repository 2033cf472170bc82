"""Shared loader helpers: record positions, tolerant JSON, field and interval checks."""

from __future__ import annotations

import pytest

from vqdb.errors import VqdbError
from vqdb.eval.loaders.base import Problem, RecordError, interval, intervals, number, read_records


def test_jsonl_bad_line_is_reported_and_the_rest_read(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text('{"a": 1}\n\n{oops\n{"a": 2}\n')
    problems: list[Problem] = []
    assert list(read_records(path, problems)) == [("line 1", {"a": 1}), ("line 4", {"a": 2})]
    assert [p.where for p in problems] == ["line 3"]


def test_json_array_with_trailing_commas_is_read(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('[{"a": 1, "b": [1, 2,],},]')
    assert list(read_records(path, [])) == [("record 1", {"a": 1, "b": [1, 2]})]


def test_broken_json_array_names_the_file_and_line(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('[\n{"a": }\n]')
    with pytest.raises(VqdbError, match=r"x.json is not valid JSON \(line 2"):
        list(read_records(path, []))


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(VqdbError, match="benchmark file not found"):
        list(read_records(tmp_path / "none.json", []))


def test_interval_checks():
    assert interval(["1.5", 3], "w") == {"start": 1.5, "end": 3.0}
    with pytest.raises(RecordError, match=r"w ends before it starts: \[5, 2\]"):
        interval([5, 2], "w")
    with pytest.raises(RecordError, match="w start must be a number, got 'soon'"):
        interval(["soon", 2], "w")
    with pytest.raises(RecordError, match=r"w\[1\] must be a \[start, end\] pair"):
        intervals([[0, 1], 7], "w")
    with pytest.raises(RecordError, match="must be finite"):
        number(float("nan"), "t")
    with pytest.raises(RecordError, match="must be a number, got True"):
        number(True, "t")


def test_a_file_that_is_not_utf8_is_a_clear_error(tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes('{"question": "caf\xe9"}\n'.encode("latin-1"))
    with pytest.raises(VqdbError, match=r"latin1.jsonl is not UTF-8 text \(byte 0xe9 at offset 17\); save it as UTF-8"):
        list(read_records(path, []))


def test_one_json_object_is_not_a_file_of_records(tmp_path):
    path = tmp_path / "gt.json"
    path.write_text('{\n  "questions": [{"qid": 1}]\n}\n')
    with pytest.raises(VqdbError, match="holds one JSON object, not records"):
        list(read_records(path, []))
    path.write_text('{"qid": 1}\n')  # one JSONL record stays one record
    assert list(read_records(path, [])) == [("line 1", {"qid": 1})]
