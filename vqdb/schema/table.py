"""The building blocks of a table definition: columns with Arrow types and docs.

Example:
    >>> import pyarrow as pa
    >>> t = Table("demo", "A demo table.", "frames", (Column("video_id", pa.string(), "Video id."),))
    >>> t.arrow_schema().names
    ['video_id']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pyarrow as pa

from vqdb.errors import SchemaError

ArrowType = pa.DataType | Callable[[int], pa.DataType]


def vector(dim: int) -> pa.DataType:
    """The Arrow type of an embedding column, DuckDB ``FLOAT[dim]``.

    Example:
        >>> vector(3)
        FixedSizeListType(fixed_size_list<item: float>[3])
    """
    return pa.list_(pa.float32(), dim)


SENTENCE_DIM = 384
"""The dimension of the sentence embeddings stored with texts (``text_emb`` columns): the text model's,
all-MiniLM-L6-v2 (``vqdb.models.registry.provider_class("text", config).dim``)."""

BOX = pa.struct([("x0", pa.float32()), ("y0", pa.float32()), ("x1", pa.float32()), ("y1", pa.float32())])


@dataclasses.dataclass(frozen=True)
class Column:
    """One column: its name, Arrow type (or a function of the embedding dimension) and meaning."""

    name: str
    type: ArrowType
    doc: str

    @property
    def is_vector(self) -> bool:
        """Whether this is an embedding column (its type depends on the model's dimension)."""
        return not isinstance(self.type, pa.DataType)

    def arrow_type(self, dim: int | None) -> pa.DataType:
        if isinstance(self.type, pa.DataType):
            return self.type
        if dim is None:
            raise SchemaError(f"column {self.name!r} is a vector column: its dimension must be given")
        return self.type(dim)

    def type_name(self) -> str:
        """The type as the docs write it: DuckDB's ``FLOAT[n]`` for vectors, else Arrow's name.

        Example:
            >>> Column("e", vector(3), "").type_name(), Column("e", vector, "").type_name()
            ('FLOAT[3]', 'FLOAT[N]')
        """
        if self.is_vector:
            return "FLOAT[N]"
        if pa.types.is_fixed_size_list(self.type) and self.type.value_type == pa.float32():
            return f"FLOAT[{self.type.list_size}]"
        return str(self.type)


@dataclasses.dataclass(frozen=True)
class Table:
    """A table of the corpus: the single source of truth for its columns.

    ``extractor`` names the ingest step that writes it (``frames``, ``embed``, ``asr``...);
    tables of the same extractor are written together for a video and become visible together.
    ``per_video`` tables carry a ``video_id`` column and are hidden until their extractor finished.
    """

    name: str
    doc: str
    extractor: str
    columns: tuple[Column, ...]
    per_video: bool = True

    @property
    def is_vector_table(self) -> bool:
        return any(c.is_vector for c in self.columns)

    def arrow_schema(self, dim: int | None = None) -> pa.Schema:
        """The Arrow schema; ``dim`` is needed for tables with an embedding column."""
        return pa.schema([pa.field(c.name, c.arrow_type(dim)) for c in self.columns])

    def from_rows(self, rows: Sequence[Mapping[str, Any]], dim: int | None = None) -> pa.Table:
        """Build an Arrow table from row dicts, checking names and types against the schema.

        Example:
            >>> import pyarrow as pa
            >>> t = Table("demo", "", "frames", (Column("x", pa.int32(), ""),))
            >>> t.from_rows([{"x": 1}, {"x": 2}]).num_rows
            2
        """
        schema = self.arrow_schema(dim)
        names = set(schema.names)
        for i, row in enumerate(rows):
            extra = set(row) - names
            if extra:
                raise SchemaError(f"table {self.name}: row {i} has unknown column(s) {sorted(extra)}")
        try:
            return pa.Table.from_pylist([dict(r) for r in rows], schema=schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise SchemaError(f"table {self.name}: rows do not match its schema: {exc}") from exc

    def conform(self, table: pa.Table, dim: int | None = None) -> pa.Table:
        """Cast ``table`` to this schema (same column names, in order), or raise SchemaError."""
        schema = self.arrow_schema(dim)
        missing = set(schema.names) - set(table.column_names)
        if missing:
            raise SchemaError(f"table {self.name}: missing column(s) {sorted(missing)}")
        try:
            return table.select(schema.names).cast(schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
            raise SchemaError(f"table {self.name}: cannot cast to its schema: {exc}") from exc

    def markdown(self) -> str:
        """The table's documentation as a Markdown section."""
        lines = [f"### `{self.name}`", "", self.doc, "", "| column | type | meaning |", "|---|---|---|"]
        lines += [f"| `{c.name}` | `{c.type_name()}` | {c.doc} |" for c in self.columns]
        return "\n".join(lines) + "\n"
