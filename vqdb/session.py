"""The DuckDB side of a corpus: the Lance extension, one view per table, SQL macros and UDFs.

The session knows tables and functions, never decoding or models, except through one narrow door:
``vqdb.udfs.text_vectors``, which turns a query string into a vector with the corpus's model.

Sessions vqdb opens itself (``new_connection``: ``Corpus.sql``, ``vqdb sql``, retrieve, answer) are
read-only. DuckDB's own file access is off (no ``COPY ... TO``, ``read_csv`` or ``ATTACH`` of a file;
no extension loads but the Lance extension, loaded by path before the settings are locked), and
``lock_configuration`` keeps it off. The Lance extension reads and writes datasets through its own I/O,
which those settings do not govern, so ``run_read_only`` also checks every statement before it runs:
it refuses statements that write outside the in-memory database (``COPY``, ``ATTACH``, ``EXPORT``,
``LOAD``...) and any plan that calls a Lance function other than the four that read (``EXPLAIN`` shows
the bound plan, with macros and ``query()`` expanded). The only write a session makes is the answers
cache, through ``vqdb.store`` under the writer lock.

A corpus on ``s3://`` is read by the Lance extension itself. The extension build that vqdb pins
(``duckdb-extension-lance==1.5.5``) takes no DuckDB secret (measured: it reads a bucket with a wrong
``CREATE SECRET (TYPE s3, ...)`` in place and the right ``AWS_*`` variables, and fails with the right
secret and no variables); it builds its S3 client from the process's ``AWS_*`` variables, as Rust's
``object_store`` does. So ``attach`` exports the corpus's storage options as those variables
(``storage_environment``) before the first scan.

Example:
    >>> import duckdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> root = empty_corpus()
    >>> con = attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), root)
    >>> con.sql("SELECT count(*) FROM videos").fetchall()
    [(0,)]
"""

from __future__ import annotations

import contextvars
import dataclasses
import json
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from vqdb.config import Config
from vqdb.errors import ReadOnlyError, TimeBudgetError, VqdbError
from vqdb.queries import load_sql_macros
from vqdb.schema import TABLES, Table
from vqdb.store import Store, quote
from vqdb.store.location import Location
from vqdb.udfs import register_udfs, visibility

# Lance storage option -> the variable Rust's object_store reads it from
_AWS_VARIABLES = {
    "endpoint": "AWS_ENDPOINT",
    "region": "AWS_REGION",
    "access_key_id": "AWS_ACCESS_KEY_ID",
    "secret_access_key": "AWS_SECRET_ACCESS_KEY",
    "session_token": "AWS_SESSION_TOKEN",
    "allow_http": "AWS_ALLOW_HTTP",
}


def lance_extension_path() -> Path:
    """Path of the Lance DuckDB extension shipped by the ``duckdb-extension-lance`` package.

    Example:
        >>> lance_extension_path().name
        'lance.duckdb_extension'
    """
    import duckdb_extension_lance

    base = Path(duckdb_extension_lance.__file__).parent / "extensions"
    candidates = sorted(base.glob(f"v{duckdb.__version__}/*/lance.duckdb_extension")) + sorted(
        base.glob(f"v{duckdb.__version__}/lance.duckdb_extension")
    )
    if not candidates:
        raise VqdbError(
            f"no Lance extension for DuckDB {duckdb.__version__} under {base}; install the matching "
            f"package: pip install duckdb-extension-lance=={duckdb.__version__}"
        )
    return candidates[0]


def load_lance(con: duckdb.DuckDBPyConnection) -> None:
    """Load the Lance extension into ``con`` from its file (never ``INSTALL``: that needs the network).

    Example:
        >>> con = duckdb.connect(config={"allow_unsigned_extensions": "true"}); load_lance(con)
        >>> con.sql("SELECT loaded FROM duckdb_extensions() WHERE extension_name = 'lance'").fetchall()
        [(True,)]
    """
    # duckdb_functions(), not duckdb_extensions(): that one lists the extension directory, which a
    # read-only session may not read
    loaded = con.execute("SELECT count(*) FROM duckdb_functions() WHERE function_name = 'lance_fts'").fetchone()[0]
    if not loaded:
        try:
            con.execute(f"LOAD '{lance_extension_path()}'")
        except duckdb.Error as exc:
            raise VqdbError(
                f"cannot load the Lance extension into this DuckDB connection: {exc}. Open the connection "
                "with duckdb.connect(config={'allow_unsigned_extensions': 'true'})"
            ) from exc


def new_connection() -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with the Lance extension loaded, made read-only: no file access
    of DuckDB's own, no other extension, settings locked (see the module docstring; run user SQL
    through ``run_read_only``).

    Example:
        >>> con = new_connection()
        >>> con.sql("SELECT count(*) FROM duckdb_functions() WHERE function_name = 'lance_fts'").fetchall()
        [(1,)]
        >>> con.execute("SET enable_external_access = true")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        _duckdb.InvalidInputException: Invalid Input Error: Cannot change configuration option ... has been locked
    """
    con = duckdb.connect(config={"allow_unsigned_extensions": "true", **_READ_ONLY_STARTUP})
    load_lance(con)
    for name, value in _READ_ONLY_SETTINGS:
        con.execute(f"SET {name} = {value}")
    return con


_READ_ONLY_STARTUP = {
    "autoload_known_extensions": "false",
    "autoinstall_known_extensions": "false",
    "allow_community_extensions": "false",
    "allow_persistent_secrets": "false",  # else the first Lance scan looks for ~/.duckdb/stored_secrets
}
_READ_ONLY_SETTINGS = (
    ("allow_unsigned_extensions", "false"),
    ("enable_external_access", "false"),
    ("lock_configuration", "true"),  # last: nothing above can be turned back on
)
# Statements that write outside the in-memory database, or run SQL that was never checked.
_REFUSED = {
    duckdb.StatementType.ATTACH: "attaching a database (ATTACH ... (TYPE lance) could drop corpus tables)",
    duckdb.StatementType.DETACH: "detaching a database",
    duckdb.StatementType.COPY: "COPY reads or writes files",
    duckdb.StatementType.COPY_DATABASE: "COPY FROM DATABASE writes a database",
    duckdb.StatementType.EXPORT: "EXPORT DATABASE writes files",
    duckdb.StatementType.LOAD: "INSTALL and LOAD change the extensions",
    duckdb.StatementType.EXTENSION: "an extension's own statement may write",
    duckdb.StatementType.PREPARE: "a prepared statement runs later, unchecked",
    duckdb.StatementType.EXECUTE: "a prepared statement runs unchecked",
    duckdb.StatementType.CREATE: "CREATE changes the catalog every later statement reads (a TEMP VIEW or TEMP "
    "MACRO, which lives as long as its statement, is allowed)",
    duckdb.StatementType.CREATE_FUNC: "CREATE MACRO changes the functions every later statement calls",
    duckdb.StatementType.DROP: "DROP changes the catalog every later statement reads",
    duckdb.StatementType.ALTER: "ALTER changes the catalog every later statement reads",
    duckdb.StatementType.SET: "SET, RESET, USE and setting PRAGMAs change the session's settings (SET VARIABLE "
    "is allowed)",
    duckdb.StatementType.INSERT: "INSERT writes a table",
    duckdb.StatementType.UPDATE: "UPDATE writes a table",
    duckdb.StatementType.DELETE: "DELETE writes a table",
    duckdb.StatementType.MERGE_INTO: "MERGE INTO writes a table",
}
# What of the above stays within the one statement's own cursor: its temporary views and macros, its variables.
_OWN = re.compile(
    r"^\s*(?:CREATE\s+(?:OR\s+REPLACE\s+)?TEMP(?:ORARY)?\s+(?:VIEW|MACRO|FUNCTION)|(?:SET|RESET)\s+VARIABLE)\b",
    re.IGNORECASE,
)
# Lance table functions that only read; every other Lance operator in a plan (the extension's
# __lance_truncate_table, __lance_compact_files, __lance_exec, ...) writes datasets.
LANCE_READERS = frozenset({"__LANCE_SCAN", "LANCE_FTS", "LANCE_VECTOR_SEARCH", "LANCE_HYBRID_SEARCH"})
_EXPLAIN = re.compile(r"^\s*EXPLAIN\s+(?P<analyze>ANALY[SZ]E\s+)?(?:\([^)]*\)\s*)?", re.IGNORECASE)
_FIX = (
    "vqdb sessions are read-only: change a corpus with vqdb ingest / delete / compact, and write query results "
    "with --output (vqdb sql) or .pl() / .arrow() in Python"
)


def run_read_only(
    con: duckdb.DuckDBPyConnection, query: str, params: Any = None, *, corpus: str | Path | None = None
) -> duckdb.DuckDBPyRelation | None:
    """Run ``query`` (one or more statements; ``params`` go to the last) after checking each statement
    reads only; returns the last statement's relation (None for a statement without a result).

    Statements run one by one, each checked right before it runs, so a statement cannot hide behind an
    object that an earlier one of the same query creates. ReadOnlyError names what was refused: writes,
    changes to the catalog or settings that later statements would see, and reading a Lance dataset
    outside the folder (or ``s3://`` prefix) ``corpus`` (none at all without one).

    Example:
        >>> con = new_connection()
        >>> run_read_only(con, "CREATE TEMP VIEW t AS SELECT 41 AS x; SELECT x + 1 FROM t").fetchall()
        [(42,)]
        >>> run_read_only(con, "CREATE MACRO answer() AS 42")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ReadOnlyError: statement refused: CREATE changes the catalog every later statement reads ...
        >>> import lance, tempfile
        >>> elsewhere = tempfile.mkdtemp(prefix="elsewhere-")
        >>> _ = lance.write_dataset(pa.table({"x": [1]}), f"{elsewhere}/videos.lance")
        >>> run_read_only(con, f"SELECT * FROM '{elsewhere}/videos.lance'", corpus="/corpus")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ReadOnlyError: statement refused: it reads the Lance dataset /tmp/elsewhere-.../videos.lance, ...
        >>> run_read_only(con, "COPY (SELECT 1) TO 'out.csv'")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ReadOnlyError: statement refused: COPY reads or writes files; vqdb sessions are read-only: ...
        >>> run_read_only(con, "SELECT * FROM __lance_compact_files('c/frames.lance', NULL)")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ReadOnlyError: statement refused: it calls __LANCE_COMPACT_FILES, a Lance function that writes ...
    """
    try:
        statements = con.extract_statements(query)
    except duckdb.Error:
        return con.sql(query, params=params)  # a syntax error: DuckDB's own message says where
    for i, statement in enumerate(statements):
        last = i == len(statements) - 1
        _check_statement(con, statement, params if last else None, corpus)
        if not last:
            con.execute(statement.query)
    return con.sql(statements[-1].query, params=params) if statements else None


def _check_statement(con: duckdb.DuckDBPyConnection, statement: Any, params: Any, corpus: str | Path | None) -> None:
    if statement.type in _REFUSED and not _OWN.match(_without_comments(statement.query)):
        raise ReadOnlyError(f"statement refused: {_REFUSED[statement.type]}; {_FIX}")
    text = statement.query
    if statement.type == duckdb.StatementType.EXPLAIN:
        explain = _EXPLAIN.match(text)
        if explain is None or not explain.group("analyze"):
            return  # a plain EXPLAIN binds its statement, never runs it
        text = text[explain.end() :]
    try:
        plan = con.execute(f"EXPLAIN (FORMAT json) {text}", params).fetchall()
    except duckdb.Error:
        # What EXPLAIN cannot show (USE, ANALYZE, COMMENT ON, CREATE SECRET, some PRAGMAs) has no FROM
        # clause to call a table function in; anything else fails to bind here and fails again, with
        # its own message, when it runs.
        return
    for operator, path in _operators(json.loads(plan[0][1])):
        if "LANCE" not in operator:
            continue
        if operator not in LANCE_READERS:
            raise ReadOnlyError(
                f"statement refused: it calls {operator}, a Lance function that writes datasets; {_FIX}"
            )
        if not inside(path, corpus):
            where = f"outside the corpus {corpus}" if corpus is not None else "and this session has no corpus"
            raise ReadOnlyError(
                f"statement refused: it reads the Lance dataset {path}, {where}; query the corpus's own tables "
                "(videos, frames, ocr_spans...), or open the other corpus with vqdb.connect"
            )


def inside(path: str | None, corpus: str | Path | None) -> bool:
    """Whether the dataset at ``path`` lies within the corpus folder (or ``s3://`` prefix) ``corpus``; a
    local path is resolved first (``..``, links), so no spelling of a path outside passes.

    Example:
        >>> inside("/data/corpus/frames.lance", "/data/corpus"), inside("/data/corpus/../x.lance", "/data/corpus")
        (True, False)
        >>> inside("s3://bucket/corpus/frames.lance", "s3://bucket/corpus"), inside("s3://bucket/other.lance", None)
        (True, False)
    """
    if path is None or corpus is None:
        return False
    root = str(corpus).rstrip("/")
    if "://" in root or "://" in path:
        return "/.." not in path and path.startswith(root + "/")
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root))


def _operators(node: Any) -> Iterator[tuple[str, str | None]]:
    """Operator and function names anywhere in an EXPLAIN (FORMAT json) plan, each with the Lance dataset
    it reads (the extension's ``Lance Path``; None for other operators)."""
    if isinstance(node, list):
        for child in node:
            yield from _operators(child)
    elif isinstance(node, dict):
        info = node.get("extra_info") or {}
        path = info.get("Lance Path") if isinstance(info, dict) else None
        yield str(node.get("name", "")).upper(), path
        function = info.get("Function") if isinstance(info, dict) else None
        if function:
            yield str(function).upper(), path
        yield from _operators(node.get("children", []))


def _without_comments(query: str) -> str:
    """``query`` without the comments and blanks before its first word."""
    return _LEADING_COMMENTS.sub("", query, count=1)


_LEADING_COMMENTS = re.compile(r"^(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*", re.DOTALL)


class ReadOnlySession:
    """A read-only session's connection: ``sql`` goes through ``run_read_only``; Arrow data may be
    registered as views (``register``). ``cursor()`` gives another such session.

    Example:
        >>> import pyarrow as pa
        >>> session = ReadOnlySession(new_connection())
        >>> session.register("numbers", pa.table({"n": [1, 2, 3]})).sql("SELECT sum(n) FROM numbers").fetchall()
        [(6,)]
    """

    def __init__(self, con: duckdb.DuckDBPyConnection, corpus: str | Path | None = None):
        self._con = con
        self._corpus = corpus

    def sql(self, query: str, params: Any = None) -> duckdb.DuckDBPyRelation | None:
        """Run SQL (checked; only the Lance datasets of ``corpus`` readable); the last statement's relation."""
        return run_read_only(self._con, query, params, corpus=self._corpus)

    def register(self, name: str, data: Any) -> ReadOnlySession:
        """Make an Arrow table, Polars or pandas frame queryable as ``name``."""
        self._con.register(name, data)
        return self

    def unregister(self, name: str) -> ReadOnlySession:
        self._con.unregister(name)
        return self

    def cursor(self) -> ReadOnlySession:
        """A new session on the same database (its own Lance dataset cache: it sees the latest data)."""
        return ReadOnlySession(self._con.cursor(), self._corpus)

    def close(self) -> None:
        self._con.close()


class TimeBudget:
    """A time budget for the statements run inside ``with TimeBudget(seconds):`` (on this thread, or in the
    context it was entered in): when it runs out, each of their connections (``watched``) is interrupted,
    a new one is refused, and the block raises TimeBudgetError. ``expire()`` ends it early (a server
    stopping).

    Example:
        >>> import duckdb
        >>> con = duckdb.connect()
        >>> with TimeBudget(0.2):
        ...     watched(con.cursor()).sql("SELECT count(*) FROM range(10000000000)").fetchall()
        Traceback (most recent call last):
        ...
        vqdb.errors.TimeBudgetError: the statement ran past its time budget of 0.2 s and was stopped; ...
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.expired = False
        self._connections: list[duckdb.DuckDBPyConnection] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self.expire)
        self._timer.daemon = True
        self._token: contextvars.Token | None = None

    def watch(self, con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
        """``con``, to be interrupted when the budget runs out; TimeBudgetError when it already has."""
        with self._lock:
            if self.expired:
                raise self._error()
            self._connections.append(con)
        return con

    def expire(self) -> None:
        """Interrupt every statement of the budget now; refuse new ones."""
        with self._lock:
            self.expired = True
            for con in self._connections:
                con.interrupt()

    def _error(self) -> TimeBudgetError:
        return TimeBudgetError(
            f"the statement ran past its time budget of {self.seconds:g} s and was stopped; narrow it (a WHERE on "
            "video_id, a LIMIT, fewer joins), or raise the budget (sql_time_budget_s in vqdb.toml, or "
            "VQDB_SQL_TIME_BUDGET_S)"
        )

    def __enter__(self) -> TimeBudget:
        self._token = _BUDGET.set(self)
        self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        self._timer.cancel()
        if self._token is not None:
            _BUDGET.reset(self._token)
        with self._lock:
            self._connections.clear()
        if self.expired and exc is not None:  # whatever the statement's caller made of the interrupt
            raise self._error() from None


_BUDGET: contextvars.ContextVar[TimeBudget | None] = contextvars.ContextVar("vqdb_time_budget", default=None)


def watched(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """``con``, under the ``TimeBudget`` in force here (if any).

    Example:
        >>> import duckdb
        >>> watched(duckdb.connect()).sql("SELECT 1").fetchall()
        [(1,)]
    """
    budget = _BUDGET.get()
    return budget.watch(con) if budget is not None else con


@dataclasses.dataclass
class SessionContext:
    """What SQL functions may know about the corpus: its store (read-only), manifest and settings."""

    store: Store
    config: Config

    @property
    def root(self) -> Path | str:
        return self.store.root

    @property
    def manifest(self) -> dict[str, Any]:
        return self.store.manifest()


def attach(
    con: duckdb.DuckDBPyConnection, corpus_dir: str | Path, config: Config | None = None
) -> duckdb.DuckDBPyConnection:
    """Make a corpus queryable in ``con``: views named after its tables, macros and functions.

    DuckDB caches a Lance dataset per connection: after new ingests, query through ``con.cursor()``
    (a fresh cursor sees the latest data; ``Corpus.sql`` does this for you).

    Example:
        >>> import duckdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> root = empty_corpus()
        >>> con = attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), root)
        >>> con.sql("SELECT count(*) FROM frames").fetchall()
        [(0,)]
    """
    config = config or Config.load(corpus_dir)
    return attach_store(con, Store.open(corpus_dir, storage_options=config.storage_options), config)


def attach_store(con: duckdb.DuckDBPyConnection, store: Store, config: Config) -> duckdb.DuckDBPyConnection:
    """``attach`` with the corpus's ``store`` already open (``vqdb.Corpus`` opens one and keeps it):
    its views, macros and functions, whose SQL functions read through ``store``.

    Example:
        >>> import duckdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> store = Store.open(empty_corpus())
        >>> con = attach_store(duckdb.connect(config={"allow_unsigned_extensions": "true"}), store, Config())
        >>> con.sql("SELECT count(*) FROM videos").fetchall()
        [(0,)]
    """
    os.environ.update(storage_environment(store.location))
    load_lance(con)
    create_views(con, store)
    load_sql_macros(con)
    register_udfs(con, SessionContext(store=store, config=config))
    return con


def storage_environment(location: Location) -> dict[str, str]:
    """The ``AWS_*`` variables through which the Lance extension reaches a corpus on ``s3://`` (see the
    module docstring); nothing for a local corpus.

    Example:
        >>> storage_environment(Location.of("s3://bucket/corpus", {"endpoint": "http://127.0.0.1:9000"}))
        {'AWS_ENDPOINT': 'http://127.0.0.1:9000'}
        >>> storage_environment(Location.of("/tmp/corpus"))
        {}
    """
    if location.local:
        return {}
    return {_AWS_VARIABLES[key]: value for key, value in location.storage_options.items() if key in _AWS_VARIABLES}


def create_views(con: duckdb.DuckDBPyConnection, store: Store) -> None:
    """One view per table; rows of a per-video table show only once their extractor finished
    (``finished_videos``, registered here: ``vqdb.udfs.visibility``).

    A vector table without a dataset (no visual model ran at ingest) is a view with the table's column
    types whose scan says what to do, so ``similarity(emb, 'a dog')`` over it binds and then explains.
    Another table without one (added to vqdb after the corpus was written: ``voices``) is empty until its
    extractor runs again.

    Example:
        >>> from vqdb.testing.corpora import empty_corpus
        >>> con = new_connection(); create_views(con, Store.open(empty_corpus()))
        >>> con.sql("SELECT count(*) FROM ocr_spans").fetchall()
        [(0,)]
        >>> import shutil; older = empty_corpus(); shutil.rmtree(older / "voices.lance")  # before voices were
        >>> con = new_connection(); create_views(con, Store.open(older))
        >>> con.sql("SELECT count(*) FROM voices").fetchall()
        [(0,)]
        >>> con.sql("SELECT count(*) FROM frame_embeddings").fetchall()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        _duckdb.InvalidInputException: Invalid Input Error: table frame_embeddings has no data in corpus ...
    """
    visibility.register(con, store)
    dim = store.manifest().get("embed_dim")
    for table in TABLES.values():
        if not store.exists(table.name) and not table.is_vector_table:
            con.execute(f"CREATE OR REPLACE VIEW {table.name} AS SELECT {typed_columns(table, dim)} WHERE false")
            continue
        if not store.exists(table.name):
            message = quote(
                f"table {table.name} has no data in corpus {store.root}: it needs the visual model, and none "
                "was loaded at ingest. Set embed_model (VQDB_EMBED_MODEL or vqdb.toml) to a SigLIP/CLIP id "
                f"or local directory, then run: vqdb ingest {store.root} --only embed,regions"
            )
            # Every column is computed from the error, so no plan can skip it (a join pulls filters up).
            columns = typed_columns(table, dim, "_why")
            con.execute(
                f"CREATE OR REPLACE VIEW {table.name} AS SELECT {columns} "
                f"FROM (SELECT error({message}) AS _why FROM range(1)) WHERE _why IS NULL"
            )
            continue
        source = f"FROM {quote(store.uri(table.name))}"
        stored = set(store.dataset(table.name).schema.names)
        added = dataclasses.replace(table, columns=tuple(c for c in table.columns if c.name not in stored))
        if added.columns:  # columns the table gained after this corpus was written: NULL until rewritten
            source = f", {typed_columns(added, dim)} {source}"
        if table.per_video and table.name != "extractions":
            # visible once its extractor finished and the video itself was committed (frames step, last)
            source += f" WHERE video_id IN (SELECT unnest({visibility.FUNCTION}({quote(table.extractor)})))"
        con.execute(f"CREATE OR REPLACE VIEW {table.name} AS SELECT * {source}")


def typed_columns(table: Table, dim: int | None, value: str = "NULL") -> str:
    """A SELECT list that casts ``value`` to each of ``table``'s columns, with their names and DuckDB types
    (vectors: ``FLOAT[dim]``, or ``FLOAT[]`` while the dimension is unknown).

    Example:
        >>> from vqdb.schema import TABLES
        >>> print(*typed_columns(TABLES["frame_embeddings"], None).split(", "), sep=",\\n")
        CAST(NULL AS VARCHAR) AS video_id,
        CAST(NULL AS INTEGER) AS frame_idx,
        CAST(NULL AS DOUBLE) AS ts,
        CAST(NULL AS VARCHAR) AS model,
        CAST(NULL AS FLOAT[]) AS emb
    """
    fields = []
    for column in table.columns:
        if column.is_vector and dim is None:
            fields.append(pa.field(column.name, pa.list_(pa.float32())))
        else:
            fields.append(pa.field(column.name, column.arrow_type(dim)))
    types = duckdb.connect().from_arrow(pa.schema(fields).empty_table()).types
    return ", ".join(f"CAST({value} AS {t}) AS {f.name}" for f, t in zip(fields, types, strict=True))
