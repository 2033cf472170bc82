"""What every benchmark module shares: what a benchmark is (``Benchmark``: how its files load and how it is
scored), reading JSON/JSONL with record positions, checking fields, intervals and answer letters, and
collecting malformed records as problems instead of failing the whole file.

Example:
    >>> import json, tempfile
    >>> path = tempfile.mktemp(suffix=".jsonl")
    >>> _ = open(path, "w").write('{"a": 1}\\nnot json\\n')
    >>> problems = []
    >>> list(read_records(path, problems))
    [('line 1', {'a': 1})]
    >>> problems
    [Problem(where='line 2', message='not valid JSON: Expecting value')]
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.errors import VqdbError

_LETTER = re.compile(r"^\s*\(?([A-Za-z])(?:[).:,]|\s|$)")

INTERVAL = pa.struct([("start", pa.float64()), ("end", pa.float64())])
INTERVALS = pa.list_(INTERVAL)


class RecordError(ValueError):
    """One record is malformed; the loader reports it and keeps the other records.

    Example:
        >>> str(RecordError("missing field 'qid'"))
        "missing field 'qid'"
    """


@dataclasses.dataclass(frozen=True)
class Problem:
    """A malformed record: where it is (``line 12``, ``record 3``, ``qid 14``) and what is wrong.

    Example:
        >>> str(Problem("line 3 (qid 7)", "missing field 'duration'"))
        "line 3 (qid 7): missing field 'duration'"
    """

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


Row = tuple[dict[str, Any], str | None]  # a prediction's table row, and a note on a field that was set to null


@dataclasses.dataclass
class Loaded:
    """A loaded benchmark file: the good records as an Arrow table, the malformed ones as problems.

    Example:
        >>> import pyarrow as pa
        >>> Loaded(pa.table({"qid": [1]}), [], Path("gt.json")).table.num_rows
        1
    """

    table: pa.Table
    problems: list[Problem]
    source: Path


@dataclasses.dataclass(frozen=True)
class Benchmark:
    """One benchmark: how its files load and how ``vqdb.eval.evaluate`` scores them. Its module in
    ``vqdb/eval/loaders/`` registers it (``vqdb.eval.loaders.register``).

    * ``name``: what ``evaluate`` and ``vqdb eval`` call it;
    * ``macro``: the SQL table macro that scores it (``vqdb/queries/metrics/<name>.sql``), called as
      ``macro(gt, pred, <variant :=>, <options :=>)``, or ``macro(pred, ...)`` without ground truth;
    * ``predictions``, ``prediction_row``: the schema of its prediction table and the function turning one
      prediction record (and the variant, or None) into a row of it, or a ``(row, note)`` pair when it set a
      bad field to null; a ``RecordError`` skips the record;
    * ``load_gt``: its ground-truth loader (``path -> Loaded``), None when it has none (calibration, rubric);
    * ``variants``: the scoring rules it offers, the first the default; ``options``: the macro's other named
      arguments;
    * ``keyed``: the macro gives one row per group keyed by its first column, instead of one row;
    * ``key``: the question id column of ground truth and predictions (None: records have no id);
    * ``missing``: what the reference does with a question that has no prediction (METRICS.md), for the
      coverage line of a benchmark with ground truth.

    Example:
        >>> from vqdb.eval.loaders import BENCHMARKS
        >>> BENCHMARKS["cgbench"].macro, BENCHMARKS["cgbench"].variants
        ('cgbench_metrics', ('official', 'vlmevalkit'))
    """

    name: str
    macro: str
    predictions: pa.Schema
    prediction_row: Callable[[dict[str, Any], str | None], Row]
    load_gt: Callable[[str | Path], Loaded] | None = None
    variants: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    keyed: bool = False
    key: str | None = "qid"
    missing: str = ""

    def load_predictions(self, path: str | Path, variant: str | None = None) -> Loaded:
        """The prediction file at ``path`` as the prediction table, read with ``variant``'s rules.

        Example:
            >>> import tempfile
            >>> from vqdb.eval.loaders import BENCHMARKS
            >>> path = tempfile.mktemp(suffix=".jsonl")
            >>> _ = open(path, "w").write('{"confidence": 0.8, "correct": 1}\\n')
            >>> BENCHMARKS["calibration"].load_predictions(path).table.to_pylist()
            [{'confidence': 0.8, 'correct': True}]
        """
        return collect(path, self.predictions, lambda record: self.prediction_row(record, variant), self.key)


def read_records(path: str | Path, problems: list[Problem]) -> Iterator[tuple[str, Any]]:
    """Yield ``(where, record)`` for each record of a JSON array file or a JSONL file.

    A JSONL line that is not valid JSON is added to ``problems``. A JSON array with trailing commas (as in
    Video-MME's answer template) is read too. A file that is neither raises ``VqdbError``.

    Example:
        >>> import tempfile
        >>> path = tempfile.mktemp(suffix=".json")
        >>> _ = open(path, "w").write('[{"qid": 1},]')
        >>> list(read_records(path, []))
        [('record 1', {'qid': 1})]
    """
    path = Path(path)
    if not path.is_file():
        raise VqdbError(f"benchmark file not found: {path}; pass the path of a .json or .jsonl file")
    text = read_text(path)
    if text.lstrip().startswith("{") and len(text.strip().splitlines()) > 1 and _is_one_object(text):
        raise VqdbError(
            f"{path} holds one JSON object, not records: give a JSON array of records or JSONL with one record "
            "per line (if the records are a list inside the object, save that list)"
        )
    if text.lstrip().startswith("["):
        data = _load_json_array(text, path)
        for index, record in enumerate(data, start=1):
            yield f"record {index}", record
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield f"line {number}", json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(Problem(f"line {number}", f"not valid JSON: {exc.msg}"))


def read_text(path: Path) -> str:
    """The text of a benchmark file, which must be UTF-8; a VqdbError naming the first bad byte otherwise.

    Example:
        >>> import tempfile
        >>> path = Path(tempfile.mktemp(suffix=".txt")); _ = path.write_bytes(b"caf\\xe9")
        >>> read_text(path)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: ... is not UTF-8 text (byte 0xe9 at offset 3); save it as UTF-8
    """
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise VqdbError(
            f"{path} is not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start}); save it as UTF-8"
        ) from exc


def _is_one_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except json.JSONDecodeError:
        return False


def _load_json_array(text: str, path: Path) -> list[Any]:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    try:  # tolerate trailing commas before a closing bracket
        return json.loads(re.sub(r",(\s*[}\]])", r"\1", text))
    except json.JSONDecodeError as exc:
        raise VqdbError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}); fix the file") from exc


def collect(
    path: str | Path,
    schema: pa.Schema,
    convert: Callable[[Any], dict[str, Any] | tuple[dict[str, Any], str | None]],
    id_field: str | None = None,
    records: Iterator[tuple[str, Any]] | None = None,
) -> Loaded:
    """Convert every record with ``convert`` into a row of ``schema``; a ``RecordError`` (or a missing or
    mistyped field) becomes a problem naming the record's position and, when present, its ``id_field``.
    ``convert`` may also return ``(row, note)``: the row is kept and a non-empty note is reported the same
    way (a field it had to set to null).

    Example:
        >>> import tempfile
        >>> path = tempfile.mktemp(suffix=".jsonl")
        >>> _ = open(path, "w").write('{"qid": 1, "t": 2}\\n{"qid": 2}\\n')
        >>> schema = pa.schema([("qid", pa.int64()), ("t", pa.float64())])
        >>> loaded = collect(path, schema, lambda r: {"qid": r["qid"], "t": number(field(r, "t"), "t")}, "qid")
        >>> loaded.table.num_rows, [str(p) for p in loaded.problems]
        (1, ["line 2 (qid 2): missing field 't'"])
    """
    problems: list[Problem] = []
    rows = []
    for where, record in records if records is not None else read_records(path, problems):
        label = where
        if id_field and isinstance(record, dict) and record.get(id_field) is not None:
            label = f"{where} ({id_field} {record[id_field]})"
        try:
            if not isinstance(record, dict):
                raise RecordError(f"expected a JSON object, got {type(record).__name__}")
            row = convert(record)
            if isinstance(row, tuple):
                row, note = row
                if note:
                    problems.append(Problem(label, note))
            rows.append(row)
        except RecordError as exc:
            problems.append(Problem(label, str(exc)))
    return Loaded(pa.Table.from_pylist(rows, schema=schema), problems, Path(path))


def field(record: dict[str, Any], name: str) -> Any:
    """The value of a required field, or a ``RecordError`` naming it.

    Example:
        >>> field({"qid": 3}, "qid")
        3
    """
    if record.get(name) is None:
        raise RecordError(f"missing field {name!r}")
    return record[name]


def number(value: Any, name: str) -> float:
    """A finite number (a numeric string is accepted), or a ``RecordError`` naming the field and value.

    Example:
        >>> number("12.5", "start")
        12.5
    """
    if isinstance(value, bool):
        raise RecordError(f"{name} must be a number, got {value!r}")
    try:
        result = float(value)
    except (TypeError, ValueError):
        raise RecordError(f"{name} must be a number, got {value!r}") from None
    if not math.isfinite(result):
        raise RecordError(f"{name} must be finite, got {value!r}")
    return result


def interval(value: Any, name: str) -> dict[str, float]:
    """A ``[start, end]`` pair as ``{"start", "end"}`` seconds; end before start is a ``RecordError``.

    Example:
        >>> interval([1, 2.5], "window")
        {'start': 1.0, 'end': 2.5}
    """
    if not isinstance(value, list | tuple) or len(value) < 2:
        raise RecordError(f"{name} must be a [start, end] pair, got {value!r}")
    start, end = number(value[0], f"{name} start"), number(value[1], f"{name} end")
    if end < start:
        raise RecordError(f"{name} ends before it starts: {value!r}")
    return {"start": start, "end": end}


def intervals(value: Any, name: str) -> list[dict[str, float]]:
    """A list of ``[start, end]`` pairs (see ``interval``).

    Example:
        >>> intervals([[0, 1], [4, 6]], "clue_intervals")
        [{'start': 0.0, 'end': 1.0}, {'start': 4.0, 'end': 6.0}]
    """
    if not isinstance(value, list):
        raise RecordError(f"{name} must be a list of [start, end] pairs, got {value!r}")
    return [interval(item, f"{name}[{i}]") for i, item in enumerate(value)]


def normalize_letter(answer: Any) -> str | None:
    """One capital option letter from an answer, or ``None`` when it is not one.

    Example:
        >>> [normalize_letter(a) for a in ["b", "(C)", "D. Berries", "none of them", None]]
        ['B', 'C', 'D', None, None]
    """
    if answer is None:
        return None
    match = _LETTER.match(str(answer))
    return match.group(1).upper() if match else None
