"""The Corpus: a directory of Lance tables and a DuckDB session over them; the public facade over
every layer below (store, ingest, SQL, planner, answers, eval).

Example:
    >>> import tempfile, vqdb
    >>> with vqdb.connect(tempfile.mkdtemp()) as corpus:
    ...     corpus.sql("SELECT count(*) FROM videos").fetchall()
    [(0,)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb

from vqdb.answer import sql as answer_sql
from vqdb.config import Config
from vqdb.schema import TABLES
from vqdb.session import attach as attach_session
from vqdb.session import new_connection
from vqdb.store import Store, is_corpus

if TYPE_CHECKING:
    from vqdb.ingest.runner import IngestSummary


class Corpus:
    """A video corpus: ingest files into it, query it with SQL. Use ``vqdb.connect(path)``."""

    def __init__(self, path: str | Path, config: Config | None = None):
        # Querying never writes: an existing corpus is opened read-only; a new path becomes an empty
        # corpus (its directory and manifest), and ingest opens it for writing.
        self.store = Store.open(path if is_corpus(path) else Store.create(path).root)
        self.root = self.store.root
        config = config or Config.load(self.root)
        recorded = self.store.manifest().get("embed_model")
        if recorded and config.embed_model == Config.embed_model:  # not chosen by the user: the corpus's
            config = config.replace(embed_model=recorded)
        self.config = config
        self._con: duckdb.DuckDBPyConnection | None = None

    # -- ingest ------------------------------------------------------------------------------------
    def ingest(
        self,
        paths_or_globs: str | Path | Iterable[str | Path],
        *,
        extractors: Sequence[str] | None = None,
        force: bool = False,
        **settings: Any,
    ) -> IngestSummary:
        """Ingest video files, directories or glob patterns; returns a summary (per-file errors inside).

        ``extractors`` picks extractors (default: every one whose model is available); naming some for
        already-ingested videos adds just those. ``settings`` override Config fields for this call
        (``sample_fps=2``, ``jobs=2``...). Re-ingesting a file adds no rows.

        Example:
            >>> import tempfile, vqdb
            >>> corpus = vqdb.connect(tempfile.mkdtemp(), progress=False)
            >>> print(corpus.ingest("sample_media/birds.mp4", extractors=()))  # doctest: +ELLIPSIS
            ingested 1, skipped 0, failed 0
              ok      .../birds.mp4 (...)
        """
        from vqdb.ingest.runner import ingest

        config = self.config.replace(**settings) if settings else self.config
        summary = ingest(
            Store.open(self.root, writable=True), paths_or_globs, config, extractors=extractors, force=force
        )
        self.refresh()
        return summary

    def info(self) -> list[dict[str, Any]]:
        """Per table: visible rows, rows on disk, bytes on disk; plus the corpus's models.

        Example:
            >>> import tempfile, vqdb
            >>> [t["table"] for t in vqdb.connect(tempfile.mkdtemp()).info()][:2]
            ['videos', 'frames']
        """
        usage = self.store.disk_usage()
        models = self.sql(
            "SELECT extractor, string_agg(DISTINCT model, ', ') AS models FROM extractions GROUP BY extractor"
        ).fetchall()
        by_extractor = dict(models)
        rows = []
        for table in TABLES.values():
            visible = (
                self.sql(f"SELECT count(*) FROM {table.name}").fetchone()[0] if self.store.exists(table.name) else 0
            )
            rows.append(
                {
                    "table": table.name,
                    "rows": visible,
                    "rows_on_disk": self.store.count(table.name),
                    "bytes": usage.get(table.name, 0),
                    "models": by_extractor.get(table.extractor),
                }
            )
        return rows

    # -- questions, answers, evaluation -------------------------------------------------------------
    def plan(self, question: str, options: Sequence[str] | None = None, *, video: str | None = None, **kw: Any):
        """The ToolMerge plan for ``question``, using only the tools this corpus has (see ``vqdb.planner``).

        Example:
            >>> import tempfile, vqdb
            >>> vqdb.connect(tempfile.mkdtemp()).plan("when does the sign say 'EXIT'?").to_json()  # doctest: +SKIP
        """
        from vqdb.planner import plan_for

        return plan_for(self, question, options, video=video, **kw)

    def retrieve(self, question: str, *, video: str | None = None, k: int = 8, **kw: Any):
        """The ``k`` best keyframes for ``question`` (per video when ``video`` is None), with the plan and
        the SQL it compiled to (``.plan``, ``.sql``, ``.keyframes``); see ``vqdb.planner.retrieve``.

        Example:
            >>> result = corpus.retrieve("when is 'Hello world' on screen?", k=1)  # doctest: +SKIP
            >>> print(result.sql)  # doctest: +SKIP
        """
        from vqdb.planner import retrieve

        return retrieve(self, question, video=video, k=k, **kw)

    def locate(self, question: str, *, video: str | None = None, k: int = 5, **kw: Any):
        """ "When": the ``k`` best time intervals for ``question`` (per video when ``video`` is None), ranked,
        with the plan and the SQL (``.intervals``: video_id, start_s, end_s, score, supporting_calls);
        see ``vqdb.planner.locate``.

        Example:
            >>> corpus.locate("when is 'Hello world' on screen?", video="movie-hello.mp4").intervals  # doctest: +SKIP
        """
        from vqdb.planner import locate

        return locate(self, question, video=video, k=k, **kw)

    def answer(
        self, question: str, options: Sequence[str] | None = None, *, video: str | None = None, k: int = 8, **kw: Any
    ):
        """Answer ``question`` from retrieved keyframes with a VLM, or the evidence-only answerer when none
        is configured; see ``vqdb.answer.answer``.

        Example:
            >>> corpus.answer("What does the title say?", ["Hello world", "Goodbye"],
            ...               video="movie-hello.mp4")  # doctest: +SKIP
        """
        from vqdb.answer import answer

        return answer(self, question, options, video=video, k=k, **kw)

    def eval(
        self, bench: str, gt: Any = None, pred: Any = None, variant: str | None = None, **opts: Any
    ) -> duckdb.DuckDBPyRelation:
        """Score predictions against ground truth with a benchmark's metric macros; see ``vqdb.eval.evaluate``.

        Example:
            >>> corpus.eval("cgbench", gt="cgbench_mini.json", pred="preds.jsonl").pl()  # doctest: +SKIP
        """
        from vqdb.eval import evaluate

        return evaluate(self._cursor(), bench, gt, pred, variant, **opts)

    # -- SQL ---------------------------------------------------------------------------------------
    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        """The DuckDB connection with the corpus attached (views, macros, functions, ``vlm_answer``)."""
        if self._con is None:
            self._con = self._attach(new_connection())
        return self._con

    def _attach(self, con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
        attach_session(con, self.root, config=self.config)
        answer_sql.register(con, self)
        return con

    def sql(self, query: str, params: Any = None) -> duckdb.DuckDBPyRelation:
        """Run SQL over the corpus; returns a DuckDB relation (``.pl()``, ``.arrow()``, ``.df()``).

        Each call reads the latest committed data.

        Example:
            >>> import tempfile, vqdb
            >>> vqdb.connect(tempfile.mkdtemp()).sql("SELECT 1 + 1 AS two").fetchall()
            [(2,)]
        """
        return self._cursor().sql(query, params=params)

    def _cursor(self) -> duckdb.DuckDBPyConnection:
        return self.con.cursor()  # a fresh cursor has a fresh Lance dataset cache; its relations outlive it

    def refresh(self) -> None:
        """Re-create views and functions (after the corpus's model or tables changed).

        Example:
            >>> import tempfile, vqdb
            >>> corpus = vqdb.connect(tempfile.mkdtemp()); corpus.refresh()
            >>> corpus.sql("SELECT count(*) FROM videos").fetchall()
            [(0,)]
        """
        if self._con is not None:
            self.close()

    def close(self) -> None:
        """Close the DuckDB session (the corpus on disk stays); a later ``sql`` opens a new one.

        Example:
            >>> import tempfile, vqdb
            >>> corpus = vqdb.connect(tempfile.mkdtemp()); corpus.close()
            >>> (corpus.root / "corpus.json").exists()
            True
        """
        if self._con is not None:
            self._con.close()
            self._con = None

    def __enter__(self) -> Corpus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Corpus({str(self.root)!r})"


def attach(con: duckdb.DuckDBPyConnection, path: str | Path, config: Config | None = None) -> duckdb.DuckDBPyConnection:
    """Make the corpus at ``path`` queryable in your own DuckDB connection ``con``: views named after its
    tables, vqdb's macros and functions (``vlm_answer`` answers through ``con`` itself).

    DuckDB caches a Lance dataset per connection: after new ingests, query through ``con.cursor()``.

    Example:
        >>> import duckdb, tempfile, vqdb
        >>> root = tempfile.mkdtemp(); vqdb.connect(root).close()
        >>> con = vqdb.attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), root)
        >>> con.sql("SELECT count(*) FROM frames").fetchall()
        [(0,)]
    """
    corpus = Corpus(Store.open(path).root, config)
    corpus._con = corpus._attach(con)
    return con


def connect(path: str | Path, config: Config | None = None, **settings: Any) -> Corpus:
    """Open (or create) the corpus at ``path``; ``settings`` override Config fields.

    Example:
        >>> import tempfile, vqdb
        >>> with vqdb.connect(tempfile.mkdtemp(), sample_fps=2.0) as corpus:
        ...     corpus.config.sample_fps
        2.0
    """
    base = config or Config.load(path)
    return Corpus(path, base.replace(**settings) if settings else base)
