import duckdb
import pytest

import vqdb
from vqdb.errors import VqdbError
from vqdb.queries import sql_files
from vqdb.schema import TABLES
from vqdb.session import attach, lance_extension_path
from vqdb.store import Store


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
    with vqdb.connect(tmp_path) as corpus:
        views = {r[0] for r in corpus.sql("SELECT view_name FROM duckdb_views() WHERE NOT internal").fetchall()}
    assert set(TABLES) <= views


def test_rows_show_only_once_the_video_is_committed(tmp_path):
    store = Store.create(tmp_path)
    _commit_subtitles(store, "done", with_frames=True)
    _commit_subtitles(store, "interrupted", with_frames=False)  # as if killed before its frames step
    with vqdb.connect(tmp_path) as corpus:
        assert corpus.sql("SELECT video_id FROM subtitles").fetchall() == [("done",)]


def test_sql_sees_commits_made_after_the_session_opened(tmp_path):
    corpus = vqdb.connect(tmp_path)
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
    with vqdb.connect(tmp_path) as corpus:
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
