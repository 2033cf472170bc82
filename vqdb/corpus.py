"""The Corpus: a directory (or an ``s3://`` prefix) of Lance tables and a DuckDB session over them; the
public facade over every layer below (store, ingest, SQL, planner, answers, eval).

Queries are read-only (``vqdb.session``) and need an existing corpus: ``connect`` on another path
gives a Corpus whose queries say how to make one, and only ``ingest`` creates it. Writes (ingest,
``compact``, ``delete``) take the corpus's writer lock, one writer at a time.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with vqdb.connect(empty_corpus()) as corpus:
    ...     corpus.sql("SELECT count(*) FROM videos").fetchall()
    [(0,)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb

from vqdb.answer import sql as answer_sql
from vqdb.config import Config, check_gap, check_keyframes
from vqdb.errors import VqdbError
from vqdb.planner import search as search_sql
from vqdb.planner.lance_rows import LanceRows
from vqdb.planner.video_frames import RowCache
from vqdb.planner.word_rarity import WordCounts
from vqdb.schema import TABLES
from vqdb.session import ReadOnlySession, attach_store, new_connection, run_read_only, watched
from vqdb.store import Store, is_corpus
from vqdb.store.location import Location
from vqdb.store.readers import ReaderLease
from vqdb.udfs.versions import LatestVersions
from vqdb.videos import resolve_video

if TYPE_CHECKING:
    from vqdb.ingest.runner import IngestSummary
    from vqdb.store.check import CheckReport
    from vqdb.store.maintenance import CompactReport


class Corpus:
    """A video corpus: ingest files into it, query it with SQL. Use ``vqdb.connect(path)``; ``path`` may
    be a local directory or ``s3://bucket/prefix`` (reached with the ``s3_*`` settings)."""

    def __init__(self, path: str | Path, config: Config | None = None):
        config = config or Config.load(path)
        self.location = Location.of(path, config.storage_options)
        self.root: Path | str = self.location.root
        if self.location.local and self.location.path.exists() and not self.location.path.is_dir():
            raise VqdbError(f"corpus path {self.root} is a file; give a directory")
        recorded = self.store.manifest().get("embed_model") if is_corpus(self.location) else None
        if recorded and config.embed_model == Config.embed_model:  # not chosen by the user: the corpus's
            config = config.replace(embed_model=recorded)
        self.config = config
        self._con: duckdb.DuckDBPyConnection | None = None
        self._lease: Any = None  # a ReaderLease while the session is open
        self._row_cache: RowCache | None = None
        self._word_counts: WordCounts | None = None

    @cached_property
    def store(self) -> Store:
        """The corpus's datasets, read-only; VqdbError naming the fix when there is no corpus here yet.

        Opened once (on first use) and kept: a read-only ``Store`` keeps no dataset open and no version,
        each of its calls reads storage as it is then (``exists``, ``finished``, ``dataset``), so it sees
        what ``ingest``, ``delete``, ``compact`` and ``check`` (which write through a ``Store`` of their
        own, holding the writer lock) and other processes commit.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> corpus = vqdb.connect(empty_corpus())
            >>> corpus.store is corpus.store, corpus.store.exists("frames")
            (True, True)
        """
        return Store.open(self.location)

    # -- ingest ------------------------------------------------------------------------------------
    def ingest(
        self,
        paths_or_globs: str | Path | Iterable[str | Path],
        *,
        extractors: Sequence[str] | None = None,
        force: bool = False,
        wait: bool | float = True,
        **settings: Any,
    ) -> IngestSummary:
        """Ingest video files, directories or glob patterns, creating the corpus when the path holds none;
        returns a summary (per-file errors inside).

        ``extractors`` picks extractors (default: every one whose model is available); naming some for
        already-ingested videos adds just those. ``settings`` override Config fields for this call
        (``sample_fps=2``, ``jobs=2``, ``engine="ray"`` with ``ray_address``...). Re-ingesting a file adds
        no rows; ``force`` redoes its extractors, and its frames too when ``sample_fps`` or the thumbnail
        settings changed. While another process writes the corpus, ingest waits for it (``wait`` True, or
        at most ``wait`` seconds) or, with ``wait=False``, raises CorpusBusyError.

        Example:
            >>> import tempfile, vqdb
            >>> corpus = vqdb.connect(tempfile.mkdtemp(), progress=False)
            >>> print(corpus.ingest("sample_media/birds.mp4", extractors=()))  # doctest: +ELLIPSIS
            ingested 1, skipped 0, failed 0
              ok      .../birds.mp4 (...)
        """
        from vqdb.ingest.runner import ingest, open_for_ingest

        config = self.config.replace(**settings) if settings else self.config
        self.close()  # this corpus's own session would keep old versions from compaction's cleanup
        with open_for_ingest(self.location, wait=wait) as store:
            return ingest(store, paths_or_globs, config, extractors=extractors, force=force)

    def compact(self, *, wait: bool | float = True) -> CompactReport:
        """Compact every table and remove the versions no open session may read (see
        ``vqdb.store.maintenance``); waits for the writer lock like ``ingest``.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> print(vqdb.connect(empty_corpus()).compact().summary())  # doctest: +ELLIPSIS
            compacted 0 -> 0 fragments, removed 0 old versions, ...
        """
        from vqdb.store.maintenance import compact

        self.close()
        with Store.open(self.location, writable=True, wait=wait) as store:
            return compact(store)

    def check(self, *, repair: bool = False, wait: bool | float = True) -> CheckReport:
        """Read every table's latest version and every data file it references, and check that each
        video's rows are those its commits recorded (see ``vqdb.store.check``); ``repair`` removes what is
        damaged, so that the next ingest of the same files redoes those videos (VqdbError when damage
        is left). Holds the writer lock (waits for it like ``ingest``), so no commit lands halfway through.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> print(vqdb.connect(empty_corpus()).check().summary())  # doctest: +ELLIPSIS
            checked ... tables, 0 data files, 0 rows: no problems
        """
        from vqdb.store.check import check
        from vqdb.store.check import repair as remove_damage

        self.close()
        with Store.open(self.location, writable=True, wait=wait) as store:
            report = check(store)
            if not repair or report.ok:
                return report
            repaired = remove_damage(store, report)
            left = check(store)
            if not left.ok:
                raise VqdbError(f"corpus {self.root}: the repair left damage behind:\n{left.summary()}")
            return repaired

    def delete(self, videos: str | Iterable[str], *, wait: bool | float = True) -> list[str]:
        """Delete videos (named by id, file name or path) and all their rows; returns their ids.
        The space is freed by the next compaction (``compact``, or an ingest that compacts).

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> vqdb.connect(empty_corpus()).delete("nothing.mp4")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            vqdb.errors.VqdbError: no video 'nothing.mp4' in the corpus ...
        """
        names = [videos] if isinstance(videos, str) else list(videos)
        recorded = self.store.finished()
        ids = [name if name in recorded else resolve_video(self, name)["video_id"] for name in names]
        self.close()
        with Store.open(self.location, writable=True, wait=wait) as store:
            for video_id in dict.fromkeys(ids):
                store.delete_video(video_id)
        return list(dict.fromkeys(ids))

    def info(self) -> list[dict[str, Any]]:
        """Per table: visible rows, rows on disk, bytes on disk; plus the corpus's models.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> [t["table"] for t in vqdb.connect(empty_corpus()).info()][:2]
            ['videos', 'frames']
        """
        usage = self.store.disk_usage()
        models = self.sql_unchecked(
            "SELECT extractor, string_agg(DISTINCT model, ', ') AS models FROM extractions GROUP BY extractor"
        ).fetchall()
        by_extractor = dict(models)
        rows = []
        for table in TABLES.values():
            visible = (
                self.sql_unchecked(f"SELECT count(*) FROM {table.name}").fetchone()[0]
                if self.store.exists(table.name)
                else 0
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
            >>> import vqdb
            >>> from vqdb.testing.examples import captioned_corpus
            >>> corpus = vqdb.connect(captioned_corpus())  # cockatoo.mp4 and its captions: frames and subtitles
            >>> corpus.plan("when does it fly away?").to_json()
            '{"queries": [{"id": "Q1", "tool": "subtitle", "query": "fly away"}], "combine": "Q1"}'
        """
        from vqdb.planner import plan_for

        return plan_for(self, question, options, video=video, **kw)

    def retrieve(self, question: str, *, video: str | None = None, k: int = 8, **kw: Any):
        """The ``k`` best keyframes for ``question`` (per video when ``video`` is None), with the plan and
        the SQL it compiled to (``.plan``, ``.sql``, ``.keyframes``); see ``vqdb.planner.retrieve``.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.examples import captioned_corpus
            >>> corpus = vqdb.connect(captioned_corpus())  # cockatoo.mp4 and its captions: frames and subtitles
            >>> result = corpus.retrieve("when does it fly away?", k=1)
            >>> [(round(row["ts"], 2), row["score"]) for row in result.keyframes.to_pylist()]  # amid "flies away"
            [(10.44, 1.0)]
            >>> result.sql.startswith("WITH")
            True
        """
        from vqdb.planner import retrieve

        if "gap" in kw:
            kw["gap"] = check_gap(kw["gap"])
        return retrieve(self, question, video=video, k=check_keyframes(k), **kw)

    def search(self, question: str, *, k: int = 10, **kw: Any):
        """The ``k`` best moments for ``question`` across every video, best first (``.moments``: rank, video_id,
        path, start_s, end_s, ts, score comparable across videos, supporting_calls, evidence), found through
        the corpus's indexes and ranked inside each video as ``retrieve`` ranks; see ``vqdb.planner.search``.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.examples import captioned_corpus
            >>> corpus = vqdb.connect(captioned_corpus())  # cockatoo.mp4 and its captions: frames and subtitles
            >>> moments = corpus.search("when does it fly away over the trees", k=3).moments
            >>> moments.select(["start_s", "end_s", "evidence"]).to_pylist()
            [{'start_s': 9.0, 'end_s': 13.0, 'evidence': 'subtitle: "Then it flies away over the trees."'}]
        """
        from vqdb.planner.search import search

        return search(self, question, k=check_keyframes(k), **kw)

    def locate(self, question: str, *, video: str | None = None, k: int = 5, **kw: Any):
        """ "When": the ``k`` best time intervals for ``question`` (per video when ``video`` is None), ranked,
        with the plan and the SQL (``.intervals``: video_id, start_s, end_s, score, supporting_calls);
        see ``vqdb.planner.locate``.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.examples import captioned_corpus
            >>> corpus = vqdb.connect(captioned_corpus())  # cockatoo.mp4 and its captions: frames and subtitles
            >>> intervals = corpus.locate("when does it fly away?", video="cockatoo.mp4").intervals
            >>> intervals.select(["start_s", "end_s", "score"]).to_pylist()
            [{'start_s': 9.0, 'end_s': 13.0, 'score': 1.0}]
        """
        from vqdb.planner import locate

        return locate(self, question, video=video, k=k, **kw)

    def answer(
        self, question: str, options: Sequence[str] | None = None, *, video: str | None = None, k: int = 8, **kw: Any
    ):
        """Answer ``question`` from retrieved keyframes with a VLM, or the evidence-only answerer when none
        is configured; see ``vqdb.answer.answer``.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.examples import captioned_corpus
            >>> corpus = vqdb.connect(captioned_corpus())  # cockatoo.mp4 and its captions: frames and subtitles
            >>> result = corpus.answer("What does it raise?", ["its wings", "its yellow crest"], video="cockatoo.mp4")
            >>> result.answer, result.answer_text, result.answerer
            ('B', 'its yellow crest', 'evidence-only')
        """
        from vqdb.answer import answer

        return answer(self, question, options, video=video, k=check_keyframes(k), **kw)

    def eval(
        self, bench: str, gt: Any = None, pred: Any = None, variant: str | None = None, **opts: Any
    ) -> duckdb.DuckDBPyRelation:
        """Score predictions against ground truth with a benchmark's metric macros; see ``vqdb.eval.evaluate``.

        Example:
            >>> import json, tempfile, vqdb
            >>> from pathlib import Path
            >>> from vqdb.testing.corpora import empty_corpus
            >>> folder = Path(tempfile.mkdtemp())
            >>> _ = (folder / "gt.txt").write_text("VID1 0.0 10.0##a person opens a door.\\n")
            >>> _ = (folder / "pred.jsonl").write_text(json.dumps({"qid": 1, "window": "from 0 to 5 seconds"}))
            >>> corpus = vqdb.connect(empty_corpus())  # the metrics need no videos
            >>> corpus.eval("charades", gt=folder / "gt.txt", pred=folder / "pred.jsonl").fetchall()
            [(1, 100.0, 100.0, 0.0, 50.0)]
        """
        from vqdb.eval import evaluate

        return evaluate(self._cursor(), bench, gt, pred, variant, **opts)

    # -- SQL ---------------------------------------------------------------------------------------
    @property
    def con(self) -> ReadOnlySession:
        """The corpus's read-only session (views, macros, functions, ``vlm_answer``): ``sql``, ``register``
        for your own Arrow or Polars data, ``cursor``."""
        return ReadOnlySession(self._session(), self.location.uri)

    def _session(self) -> duckdb.DuckDBPyConnection:
        if self._con is None:
            self._con = self._attach(new_connection())
        return self._con

    def _attach(self, con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
        attach_store(con, self.store, self.config)  # self.store: VqdbError naming the fix when not a corpus
        answer_sql.register(con, self)
        search_sql.register(con, self)
        if self._lease is None:
            self._lease = ReaderLease.take(self.location)  # spares the versions this session reads from cleanup
        return con

    @property
    def row_cache(self) -> RowCache:
        """The session's copies of the rows ``retrieve`` reads about one video (``vqdb.planner.video_frames``),
        each kept while its table and the ``extractions`` table (which videos the views show) keep their
        versions, the others read from the Lance datasets as the views show them (``LanceRows``).

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> corpus = vqdb.connect(empty_corpus())
            >>> corpus.row_cache.rows(corpus.sql_unchecked, "videos", ["video_id"], "v1").num_rows
            0
        """
        if self._row_cache is None:
            versions = LatestVersions(self.store)

            def version(name: str) -> tuple[int, int] | None:
                try:
                    return versions(name), versions("extractions")
                except (OSError, ValueError):  # no such dataset: its view says why when read
                    return None

            self._row_cache = RowCache(version, read=LanceRows(self.store).read_each)
        return self._row_cache

    @property
    def word_counts(self) -> WordCounts:
        """The session's counts of the words ``search`` looked up in the text tables (``vqdb.planner.word_rarity``),
        each table's kept while it keeps its version.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> corpus = vqdb.connect(empty_corpus())
            >>> corpus.word_counts is corpus.word_counts, [table.rows for table in corpus.word_counts.latest()]
            (True, [0, 0, 0])
        """
        if self._word_counts is None:
            self._word_counts = WordCounts(self.store)
        return self._word_counts

    def sql(self, query: str, params: Any = None) -> duckdb.DuckDBPyRelation:
        """Run SQL over the corpus; returns a DuckDB relation (``.pl()``, ``.arrow()``, ``.df()``).

        Each call reads the latest committed data, on a cursor of its own. The session is read-only:
        statements that would write files or the corpus's tables, change the catalog or settings later
        calls see (CREATE, DROP, ALTER, SET...), or read a Lance dataset outside the corpus are refused
        with ReadOnlyError (see ``vqdb.session.run_read_only``).

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> vqdb.connect(empty_corpus()).sql("SELECT 1 + 1 AS two").fetchall()
            [(2,)]
            >>> vqdb.connect("no/such/corpus").sql("SELECT 1")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            vqdb.errors.VqdbError: .../no/such/corpus is not a vqdb corpus (no corpus.json); ...
        """
        return run_read_only(self._cursor(), query, params, corpus=self.location.uri)

    def sql_unchecked(self, query: str, params: Any = None) -> duckdb.DuckDBPyRelation:
        """Run SQL that vqdb composed itself (a compiled plan, a lookup with parameters) without the read-only
        statement check, which costs an ``EXPLAIN`` per statement. The session's own settings still hold
        (no file access, locked configuration); SQL from a user goes through ``sql``.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> vqdb.connect(empty_corpus()).sql_unchecked("SELECT count(*) FROM videos").fetchall()
            [(0,)]
        """
        return self._cursor().sql(query, params=params)

    def cursor_unchecked(self) -> duckdb.DuckDBPyConnection:
        """A cursor of the session for several statements vqdb composes itself, unchecked as ``sql_unchecked``
        runs them (which opens one per statement); a new cursor reads the latest committed data.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> vqdb.connect(empty_corpus()).cursor_unchecked().sql("SELECT count(*) FROM frames").fetchall()
            [(0,)]
        """
        return self._cursor()

    def _cursor(self) -> duckdb.DuckDBPyConnection:
        # a fresh cursor has a fresh Lance dataset cache; its relations outlive it. Under a TimeBudget, the
        # budget interrupts it when it runs out.
        return watched(self._session().cursor())

    def renew_lease(self) -> None:
        """Tell compaction that none of this session's statements is running now, so that it may remove
        the versions older than the newest (each later statement reads the newest): a long-running
        reader (``vqdb serve``) calls it between requests.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> corpus = vqdb.connect(empty_corpus()); _ = corpus.sql("SELECT 1").fetchall()
            >>> corpus.renew_lease()
        """
        if self._lease is not None:
            self._lease.renew()

    def refresh(self) -> None:
        """Re-create views and functions (after the corpus's model or tables changed).

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> corpus = vqdb.connect(empty_corpus()); corpus.refresh()
            >>> corpus.sql("SELECT count(*) FROM videos").fetchall()
            [(0,)]
        """
        self.close()

    def close(self) -> None:
        """Close the DuckDB session (the corpus on disk stays); a later ``sql`` opens a new one.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> corpus = vqdb.connect(empty_corpus()); corpus.close()
            >>> (corpus.root / "corpus.json").exists()  # a local corpus's root is a Path
            True
        """
        if self._con is not None:
            self._con.close()
            self._con = None
        if self._lease is not None:
            self._lease.release()
            self._lease = None
        self._row_cache = None
        self._word_counts = None

    def __enter__(self) -> Corpus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Corpus({self.location.uri!r})"


def attach(con: duckdb.DuckDBPyConnection, path: str | Path, config: Config | None = None) -> duckdb.DuckDBPyConnection:
    """Make the corpus at ``path`` queryable in your own DuckDB connection ``con``: views named after its
    tables, vqdb's macros and functions (``vlm_answer`` answers through ``con`` itself).

    ``con`` keeps its own settings: unlike ``Corpus.sql``, nothing stops its statements from writing.
    DuckDB caches a Lance dataset per connection: after new ingests, query through ``con.cursor()``.

    Example:
        >>> import duckdb, vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> con = vqdb.attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), empty_corpus())
        >>> con.sql("SELECT count(*) FROM frames").fetchall()
        [(0,)]
    """
    corpus = Corpus(path, config)
    corpus._con = corpus._attach(con)
    return con


def connect(path: str | Path, config: Config | None = None, **settings: Any) -> Corpus:
    """The corpus at ``path``; ``settings`` override Config fields. Nothing is created: querying a path
    that holds no corpus says so, and ``ingest`` creates one.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> with vqdb.connect(empty_corpus(), sample_fps=2.0) as corpus:
        ...     corpus.config.sample_fps
        2.0
    """
    base = config or Config.load(path)
    return Corpus(path, base.replace(**settings) if settings else base)
