import duckdb
import pytest

import vqdb
from vqdb.config import Config
from vqdb.errors import ReadOnlyError, VqdbError
from vqdb.ingest.sentence_vectors import with_sentence_vectors
from vqdb.planner import Plan, tools
from vqdb.planner.tools.base import Context
from vqdb.queries import sql_files
from vqdb.schema import TABLES
from vqdb.session import attach, lance_extension_path
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus


def _commit_subtitles(store: Store, video_id: str, with_frames: bool) -> None:
    rows = [{"video_id": video_id, "cue_id": 0, "start_s": 0.0, "end_s": 1.0, "text": "hi", "source": "a.srt"}]
    store.commit(video_id, "subtitles", {"subtitles": TABLES["subtitles"].from_rows(rows)}, model=None, settings={})
    if with_frames:
        empty = {
            "frames": TABLES["frames"].arrow_schema().empty_table(),
            "videos": TABLES["videos"].arrow_schema().empty_table(),
        }
        store.commit(video_id, "frames", empty, model=None, settings={})


def test_every_table_is_a_view(tmp_path):
    with vqdb.connect(empty_corpus(tmp_path)) as corpus:
        views = {r[0] for r in corpus.sql("SELECT view_name FROM duckdb_views() WHERE NOT internal").fetchall()}
    assert set(TABLES) <= views


def test_rows_show_only_once_the_video_is_committed(tmp_path):
    store = Store.create(tmp_path)
    _commit_subtitles(store, "done", with_frames=True)
    _commit_subtitles(store, "interrupted", with_frames=False)  # as if killed before its frames step
    with vqdb.connect(tmp_path) as corpus:
        assert corpus.sql("SELECT video_id FROM subtitles").fetchall() == [("done",)]


def test_sql_sees_commits_made_after_the_session_opened(tmp_path):
    corpus = vqdb.connect(empty_corpus(tmp_path))
    assert corpus.sql("SELECT count(*) FROM subtitles").fetchone() == (0,)
    _commit_subtitles(Store.create(tmp_path), "v", with_frames=True)
    assert corpus.sql("SELECT count(*) FROM subtitles").fetchone() == (1,)


def test_plain_duckdb_user_reads_lance_files(tmp_path):
    _commit_subtitles(Store.create(tmp_path), "v", with_frames=True)
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{lance_extension_path()}'")
    assert con.sql(f"SELECT text FROM '{tmp_path}/subtitles.lance'").fetchall() == [("hi",)]


def test_attach_to_a_users_connection_and_errors(tmp_path):
    _commit_subtitles(Store.create(tmp_path / "c"), "v", with_frames=True)
    con = attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), tmp_path / "c")
    assert con.sql("SELECT text FROM subtitles").fetchall() == [("hi",)]
    with pytest.raises(VqdbError, match="not a vqdb corpus"):
        attach(duckdb.connect(config={"allow_unsigned_extensions": "true"}), tmp_path / "nothing")
    with pytest.raises(duckdb.Error, match="needs the visual model"):
        con.sql("SELECT * FROM frame_embeddings").fetchall()


def test_sql_files_are_all_loaded(tmp_path):
    with vqdb.connect(empty_corpus(tmp_path)) as corpus:
        macros = {
            r[0]
            for r in corpus.sql(
                "SELECT function_name FROM duckdb_functions() WHERE function_type LIKE '%macro%'"
            ).fetchall()
        }
    import re

    for path in sql_files():
        for name in re.findall(r"CREATE (?:OR REPLACE )?MACRO\s+(\w+)", path.read_text(), flags=re.I):
            assert name in macros, f"{name} of {path.name} not loaded"


def test_a_table_without_data_keeps_its_types_and_says_what_it_needs(tmp_path, sample_media):
    # The demo's query: a join and a text similarity over frame_embeddings when no visual model ran.
    query = (
        "SELECT regexp_extract(v.path, '[^/]+$') AS file, e.ts, round(similarity(e.emb, 'a bird'), 4) AS sim "
        "FROM frame_embeddings e JOIN videos v USING (video_id) ORDER BY sim DESC LIMIT 5"
    )
    with vqdb.connect(tmp_path, progress=False) as corpus:
        corpus.ingest(sample_media / "birds.mp4", extractors=())
        types = dict(corpus.sql("DESCRIBE SELECT * FROM frame_embeddings").fetchall()[i][:2] for i in range(4))
        assert types == {"video_id": "VARCHAR", "frame_idx": "INTEGER", "ts": "DOUBLE", "model": "VARCHAR"}
        with pytest.raises(duckdb.Error, match="needs the visual model.*--only embed,regions"):
            corpus.sql(query).fetchall()


# -- read-only sessions: each hole found by probing is closed -------------------------------------------
def _corpus_with_subtitles(tmp_path):
    with Store.create(tmp_path / "c") as store:
        _commit_subtitles(store, "v", with_frames=True)
    return vqdb.connect(tmp_path / "c")


def test_copy_to_lance_cannot_overwrite_a_table(tmp_path):
    corpus = _corpus_with_subtitles(tmp_path)
    with pytest.raises(ReadOnlyError, match="COPY"):
        target = f"{corpus.root}/subtitles.lance"
        corpus.sql(f"COPY (SELECT * FROM subtitles LIMIT 0) TO '{target}' (FORMAT lance, mode 'overwrite')")
    assert Store.open(corpus.root).count("subtitles") == 1


def test_attaching_the_corpus_as_a_lance_catalog_cannot_drop_a_table(tmp_path):
    corpus = _corpus_with_subtitles(tmp_path)
    with pytest.raises(ReadOnlyError, match="ATTACH"):
        corpus.sql(f"ATTACH '{corpus.root}' AS l (TYPE lance); DROP TABLE l.main.subtitles")
    assert Store.open(corpus.root).exists("subtitles")
    assert corpus.sql("SELECT text FROM subtitles").fetchall() == [("hi",)]


def test_nothing_is_written_anywhere_else(tmp_path):
    corpus = _corpus_with_subtitles(tmp_path)
    target = tmp_path / "leak.csv"
    for statement in (
        f"COPY (SELECT 1) TO '{target}'",
        f"EXPORT DATABASE '{tmp_path / 'export'}'",
        "INSTALL httpfs",
        "LOAD httpfs",
        "PREPARE p AS SELECT 1",
    ):
        with pytest.raises(ReadOnlyError, match="statement refused"):
            corpus.sql(statement)
    assert not target.exists() and not (tmp_path / "export").exists()
    with pytest.raises(duckdb.Error, match="disabled by configuration"):
        corpus.sql("SELECT * FROM read_csv('/etc/hostname')").fetchall()  # no file access of DuckDB's own


def test_the_lance_extensions_writing_functions_are_refused_however_they_are_reached(tmp_path):
    corpus = _corpus_with_subtitles(tmp_path)
    uri = f"{corpus.root}/subtitles.lance"
    for query in (
        f"SELECT * FROM __lance_compact_files('{uri}', NULL)",
        f"SELECT * FROM query('SELECT * FROM __lance_cleanup_old_versions(''{uri}'', NULL)')",
        "CREATE TEMP MACRO squash(u) AS TABLE SELECT * FROM __lance_compact_files(u, NULL); "
        f"SELECT * FROM squash('{uri}')",
        f"CREATE TEMP TABLE t AS SELECT * FROM __lance_set_auto_cleanup('{uri}', 1, NULL, 1, true)",
        f"EXPLAIN ANALYZE SELECT * FROM __lance_compact_files('{uri}', NULL)",
    ):
        with pytest.raises(ReadOnlyError, match="a Lance function that writes|CREATE changes the catalog"):
            corpus.sql(query)
    assert len(Store.open(corpus.root).dataset("subtitles").versions()) == 2  # untouched


def test_settings_cannot_be_turned_back_on(tmp_path):
    corpus = _corpus_with_subtitles(tmp_path)
    for statement in (
        "SET enable_external_access = true",
        "RESET enable_external_access",
        "SET lock_configuration = false",
    ):
        with pytest.raises(ReadOnlyError, match="change the session's settings"):
            corpus.sql(statement)
    assert corpus.sql("SELECT current_setting('enable_external_access')").fetchone() == (False,)


def test_reading_scripts_and_your_own_data_still_work(tmp_path):
    import pyarrow as pa

    corpus = _corpus_with_subtitles(tmp_path)
    script = (
        "CREATE TEMP VIEW words AS SELECT text FROM subtitles; SET VARIABLE n = 1; "
        "SELECT text, getvariable('n') FROM words"
    )
    assert corpus.sql(script).fetchall() == [("hi", 1)]
    assert corpus.sql("EXPLAIN SELECT * FROM subtitle_search('hi')") is not None
    session = corpus.con.cursor().register("mine", pa.table({"video_id": ["v"]}))
    assert session.sql("SELECT count(*) FROM mine JOIN subtitles USING (video_id)").fetchone() == (1,)


def test_querying_a_path_that_is_no_corpus_names_the_fix_and_creates_nothing(tmp_path):
    typo = tmp_path / "typo"
    with pytest.raises(VqdbError, match=r"is not a vqdb corpus .*vqdb ingest"):
        vqdb.connect(typo).sql("SELECT 1")
    assert not typo.exists()


def _commit_ocr(store: Store, video_id: str, texts: list[tuple[float, str]]) -> None:
    rows = [
        {
            "video_id": video_id,
            "frame_idx": i,
            "ts": ts,
            "text": text,
            "confidence": 0.9,
            "shown_from_s": ts,
            "shown_to_s": ts + 1.0,
        }
        for i, (ts, text) in enumerate(texts)
    ]
    frames = [{"video_id": video_id, "frame_idx": i, "ts": float(i), "jpeg": b""} for i in range(4)]
    videos = [{"video_id": video_id, "path": f"{video_id}.mp4", "duration_s": 4.0, "sample_fps": 1.0}]
    spans = TABLES["ocr_spans"].arrow_schema().empty_table()
    store.commit(video_id, "ocr", {"ocr": TABLES["ocr"].from_rows(rows), "ocr_spans": spans}, model=None, settings={})
    tables = {"frames": TABLES["frames"].from_rows(frames), "videos": TABLES["videos"].from_rows(videos)}
    store.commit(video_id, "frames", tables, model=None, settings={})


def test_a_corpus_written_before_a_table_gained_columns_reads_and_takes_them(tmp_path):
    store = Store.create(tmp_path)
    _commit_ocr(store, "old", [(1.0, "EXIT")])
    store.dataset("ocr").drop_columns(["shown_from_s", "shown_to_s"])  # as an earlier version wrote it
    with vqdb.connect(tmp_path) as corpus:
        assert corpus.sql("SELECT text, shown_from_s FROM ocr").fetchall() == [("EXIT", None)]
        frames = corpus.retrieve("when is 'EXIT' on screen?", video="old", k=1).keyframes.to_pylist()
        assert [(f["ts"], f["supporting_calls"]) for f in frames] == [(1.0, ["Q1"])]  # +- half a period
    _commit_ocr(store, "new", [(2.0, "EXIT")])  # the next write adds the columns
    with vqdb.connect(tmp_path) as corpus:
        rows = corpus.sql("SELECT video_id, shown_from_s FROM ocr ORDER BY video_id").fetchall()
    assert rows == [("new", 2.0), ("old", None)]


SPEECH = [
    (0.0, 3.0, "The weather today is sunny with a light breeze."),
    (3.0, 6.0, "Stock prices fell sharply and investors lost a fortune."),
    (6.0, 9.0, "My dog loves to chase the ball in the park."),
]
QUERY = "losing money on investments"


def _commit_speech(store: Store, video_id: str) -> None:
    """A transcript whose sentences are stored with their embeddings, as the asr extractor writes them."""
    rows = [
        {"video_id": video_id, "seg_id": i, "start_s": start, "end_s": end, "text": text}
        for i, (start, end, text) in enumerate(SPEECH)
    ]
    segments = with_sentence_vectors(TABLES["transcript_segments"].from_rows(rows), Config())
    tables = {"transcript_segments": segments, "transcript_words": TABLES["transcript_words"].from_rows([])}
    store.commit(video_id, "asr", tables, model=None, settings={})
    frames = [{"video_id": video_id, "frame_idx": i, "ts": float(i), "jpeg": b""} for i in range(10)]
    videos = [{"video_id": video_id, "path": f"{video_id}.mp4", "duration_s": 10.0, "sample_fps": 1.0}]
    tables = {"frames": TABLES["frames"].from_rows(frames), "videos": TABLES["videos"].from_rows(videos)}
    store.commit(video_id, "frames", tables, model=None, settings={})


def _meant(corpus, video_id: str) -> list[float]:
    """Start, end and score of each sentence the transcript tool finds close in meaning to QUERY, then the
    time of the best frame ``retrieve`` ranks."""
    sql = tools.get("transcript").meant(Context(QUERY, video_id)).sql("duckdb")
    spans = [value for _, start, end, score, *_ in corpus.sql(sql).fetchall() for value in (start, end, score)]
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": QUERY}], "combine": "Q1"})
    (best,) = corpus.retrieve(QUERY, video=video_id, k=1, plan=plan).keyframes.to_pylist()
    return [*spans, best["ts"]]


def test_sentences_stored_with_their_embeddings_score_as_an_older_corpus_that_embeds_them(tmp_path, sentences_embedded):
    embedded = sentences_embedded
    store = Store.create(tmp_path)
    _commit_speech(store, "stored")
    assert embedded == [text for _, _, text in SPEECH]  # at ingest
    embedded.clear()
    with vqdb.connect(tmp_path) as corpus:
        stored = _meant(corpus, "stored")
    start, end, score, best_ts = stored  # the stock market sentence only
    assert (start, end) == (3.0, 6.0) and 0.2 < score < 0.6 and 3.0 <= best_ts < 6.0
    assert embedded == [QUERY]  # when queried: the question, not the sentences
    store.dataset("transcript_segments").drop_columns(["text_emb"])  # as an earlier version wrote it
    embedded.clear()
    with vqdb.connect(tmp_path) as corpus:
        assert _meant(corpus, "stored") == pytest.approx(stored, abs=1e-6)
    assert sorted(embedded) == sorted([QUERY] + [text for _, _, text in SPEECH])
    _commit_speech(store, "new")  # the next write adds the column back
    with vqdb.connect(tmp_path) as corpus:
        assert _meant(corpus, "new") == pytest.approx(stored, abs=1e-6)
        rows = corpus.sql("SELECT video_id, count(text_emb) FROM transcript_segments GROUP BY ALL ORDER BY 1")
        assert rows.fetchall() == [("new", 3), ("stored", 0)]


def test_no_statement_changes_what_the_next_one_sees(tmp_path):
    corpus = _corpus_with_subtitles(tmp_path)
    for statement in (
        "DROP VIEW videos",
        "CREATE OR REPLACE MACRO subtitle_search(q) AS TABLE SELECT 1 AS x",
        "CREATE OR REPLACE VIEW subtitles AS SELECT 'forged' AS text",
        "CREATE TABLE big AS SELECT range FROM range(30000000)",
        "CREATE TEMP TABLE big AS SELECT range FROM range(30000000)",
        "ALTER VIEW subtitles RENAME TO gone",
        "CREATE SCHEMA elsewhere",
        "SET threads = 1",
        "PRAGMA threads = 1",
        "USE temp",
        "SELECT 1; /* a script */ DROP VIEW frames",
        "-- leading comment\nCREATE MACRO mine() AS 1",
    ):
        with pytest.raises(ReadOnlyError, match="statement refused"):
            corpus.sql(statement)
    assert corpus.sql("SELECT count(*) FROM videos").fetchone() == (0,)  # the view is still there
    assert corpus.sql("SELECT text FROM subtitles").fetchall() == [("hi",)]
    assert corpus.sql("SELECT text FROM subtitle_search('hi')").fetchall() == [("hi",)]
    # a statement's own temporary view and macro, and its variables, end with it
    assert corpus.sql("CREATE TEMP MACRO twice(x) AS 2 * x; SELECT twice(21)").fetchone() == (42,)
    with pytest.raises(duckdb.Error, match="twice"):
        corpus.sql("SELECT twice(21)").fetchall()


def test_only_the_corpus_own_datasets_are_readable(tmp_path):
    import lance
    import pyarrow as pa

    corpus = _corpus_with_subtitles(tmp_path / "corpus")
    elsewhere = tmp_path / "elsewhere"
    lance.write_dataset(pa.table({"secret": ["s3cr3t"]}), str(elsewhere / "videos.lance"))
    for query in (
        f"SELECT * FROM __lance_scan('{elsewhere}/videos.lance')",
        f"SELECT * FROM '{elsewhere}/videos.lance'",
        f"SELECT * FROM '{corpus.root}/../../elsewhere/videos.lance'",
        f"SELECT * FROM query('SELECT * FROM ''{elsewhere}/videos.lance''')",
        f"SELECT count(*) FROM videos WHERE EXISTS (SELECT * FROM '{elsewhere}/videos.lance')",
    ):
        with pytest.raises(ReadOnlyError, match="outside the corpus"):
            corpus.sql(query)
    assert corpus.sql(f"SELECT text FROM '{corpus.root}/subtitles.lance'").fetchall() == [("hi",)]
    with pytest.raises(ReadOnlyError, match="outside the corpus"):
        corpus.con.cursor().sql(f"SELECT * FROM '{elsewhere}/videos.lance'")


def test_a_runaway_statement_stops_at_its_time_budget(tmp_path):
    import time

    from vqdb.errors import TimeBudgetError
    from vqdb.session import TimeBudget

    corpus = _corpus_with_subtitles(tmp_path)
    started = time.monotonic()
    with pytest.raises(TimeBudgetError, match="time budget of 0.5 s"), TimeBudget(0.5):
        corpus.sql("SELECT count(*) FROM range(100000) a, range(100000) b, range(100000) c").fetchall()
    assert time.monotonic() - started < 5
    with TimeBudget(5):  # the session itself is fine afterwards
        assert corpus.sql("SELECT text FROM subtitles").fetchall() == [("hi",)]
    budget = TimeBudget(5)
    with pytest.raises(TimeBudgetError), budget:
        budget.expire()  # a server stopping: later statements of the budget are refused
        corpus.sql("SELECT 1")
