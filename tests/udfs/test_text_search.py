"""Text search macros on committed rows: BM25 (lance_fts), fuzzy on_screen, semantic search (MiniLM)."""

from __future__ import annotations

import duckdb
import pytest

import vqdb
from vqdb.config import Config
from vqdb.ingest.sentence_vectors import with_sentence_vectors
from vqdb.schema import TABLES, tables_of
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes
from vqdb.testing.corpora import empty_corpus
from vqdb.udfs.text_search import corpus_sql

JFK = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."


def commit_video(corpus, video_id: str) -> None:
    """Mark the video as ingested (its ``frames`` step finished): only then do its rows show in SQL."""
    empty = {t.name: t.arrow_schema().empty_table() for t in tables_of("frames")}
    Store.open(corpus.root, writable=True).commit(video_id, "frames", empty, model=None, settings={})


def commit_transcript(corpus, video_id: str, segments: list[tuple[float, float, str]], stored: bool = False) -> None:
    """``stored``: with the segments' sentence embeddings, as ingest writes them (else NULL, as an older one)."""
    rows = [
        {
            "video_id": video_id,
            "seg_id": i,
            "start_s": start,
            "end_s": end,
            "text": text,
            "language": "en",
            "avg_logprob": -0.2,
            "no_speech_prob": 0.01,
            "model": "test",
        }
        for i, (start, end, text) in enumerate(segments)
    ]
    segments = TABLES["transcript_segments"].from_rows(rows)
    tables = {
        "transcript_segments": with_sentence_vectors(segments, Config()) if stored else segments,
        "transcript_words": TABLES["transcript_words"].from_rows([]),
    }
    Store.open(corpus.root, writable=True).commit(video_id, "asr", tables, model="test", settings={})
    commit_video(corpus, video_id)


def commit_ocr_spans(corpus, video_id: str, spans: list[tuple[float, float, str]], *, finished: bool = True):
    rows = [
        {
            "video_id": video_id,
            "span_id": i,
            "start_s": start,
            "end_s": end,
            "text": text,
            "max_confidence": 0.9,
            "box": {"x0": 0.1, "y0": 0.1, "x1": 0.6, "y1": 0.2},
        }
        for i, (start, end, text) in enumerate(spans)
    ]
    tables = {"ocr": TABLES["ocr"].from_rows([]), "ocr_spans": TABLES["ocr_spans"].from_rows(rows)}
    Store.open(corpus.root, writable=True).commit(video_id, "ocr", tables, model="test", settings={})
    if finished:  # else: an ingest interrupted before the video's frames step was committed
        commit_video(corpus, video_id)


def commit_subtitles(corpus, video_id: str, cues: list[tuple[float, float, str]], stored: bool = False) -> None:
    rows = [
        {"video_id": video_id, "cue_id": i, "start_s": s, "end_s": e, "text": t, "source": "x.srt"}
        for i, (s, e, t) in enumerate(cues)
    ]
    table = TABLES["subtitles"].from_rows(rows)
    table = with_sentence_vectors(table, Config()) if stored else table
    Store.open(corpus.root, writable=True).commit(video_id, "subtitles", {"subtitles": table}, model=None, settings={})
    commit_video(corpus, video_id)


@pytest.fixture()
def corpus(tmp_path):
    with vqdb.connect(empty_corpus(tmp_path / "corpus"), progress=False) as corpus:
        fill(corpus, stored=False)
        yield corpus


def fill(corpus, *, stored: bool) -> None:
    """The rows every test searches; ``stored``: transcripts and subtitles with their sentence embeddings."""
    commit_transcript(corpus, "jfk", [(0.0, 3.5, "And so my fellow Americans,"), (3.5, 11.0, JFK[28:])], stored)
    commit_transcript(corpus, "speech2", [(0.0, 4.0, "The weather today is sunny with a light breeze.")], stored)
    commit_ocr_spans(corpus, "hello", [(0.0, 8.0, "Hello world _"), (2.0, 8.0, "eriberto@canopus:~$")])
    commit_ocr_spans(corpus, "half", [(1.0, 2.0, "hello hidden")], finished=False)
    commit_subtitles(corpus, "subs", [(0.5, 2.0, "Hello kitty"), (2.0, 4.0, "Goodbye, world")], stored)
    build_text_indexes(Store.open(corpus.root, writable=True))
    corpus.refresh()


def test_transcript_search_finds_the_phrase_with_its_time_span(corpus):
    rows = corpus.sql("SELECT video_id, start_s, end_s, bm25 FROM transcript_search('ask not what your country')")
    hits = rows.fetchall()
    assert hits[0][:3] == ("jfk", 3.5, 11.0)
    assert all(h[0] == "jfk" for h in hits) and hits[0][3] > 0


def test_bm25_ranks_and_limits_to_k(corpus):
    hits = corpus.sql("SELECT video_id, text, bm25 FROM text_search('hello world') WHERE source = 'subtitle'")
    texts = [t for _, t, _ in hits.fetchall()]
    assert texts == ["Hello kitty", "Goodbye, world"] or texts == ["Goodbye, world", "Hello kitty"]
    top1 = corpus.sql("SELECT count(*) FROM subtitle_search('hello', k := 1)").fetchone()[0]
    assert top1 == 1


def test_ocr_search_returns_spans_and_hides_unfinished_rows(corpus):
    hits = corpus.sql("SELECT video_id, start_s, end_s, text FROM ocr_search('hello')").fetchall()
    assert hits == [("hello", 0.0, 8.0, "Hello world _")]


def test_text_search_unions_the_sources(corpus):
    sources = corpus.sql("SELECT DISTINCT source FROM text_search('world') ORDER BY source").fetchall()
    assert sources == [("ocr",), ("subtitle",)]


def test_rows_appended_after_indexing_are_found_and_then_indexed(corpus):
    commit_ocr_spans(corpus, "later", [(5.0, 6.0, "Hello again")])
    found = corpus.sql("SELECT video_id FROM ocr_search('again')").fetchall()
    assert found == [("later",)]  # unindexed fragment, searched by a flat scan
    assert build_text_indexes(Store.open(corpus.root, writable=True))["ocr_spans"] == 1
    assert build_text_indexes(Store.open(corpus.root, writable=True))["ocr_spans"] == 0
    assert corpus.sql("SELECT video_id FROM ocr_search('again')").fetchall() == [("later",)]


def test_replaced_rows_are_not_found(corpus):
    commit_ocr_spans(corpus, "hello", [(0.0, 8.0, "Goodbye moon")])
    build_text_indexes(Store.open(corpus.root, writable=True))
    assert corpus.sql("SELECT count(*) FROM ocr_search('hello')").fetchone()[0] == 0
    assert corpus.sql("SELECT text FROM ocr_search('moon')").fetchall() == [("Goodbye moon",)]


@pytest.mark.parametrize("query", ["''", "'   '", "NULL"])
def test_empty_query_is_a_clear_error(corpus, query):
    with pytest.raises(duckdb.InvalidInputException, match="ocr_search: the query is empty"):
        corpus.sql(f"SELECT * FROM ocr_search({query})").fetchall()


def test_on_screen_is_fuzzy_and_in_time_order(corpus):
    rows = corpus.sql("SELECT video_id, start_s, end_s, score FROM on_screen('helo wrld')").fetchall()
    assert [r[:3] for r in rows] == [("hello", 0.0, 8.0)]
    assert 0.8 <= rows[0][3] < 1.0
    assert corpus.sql("SELECT count(*) FROM on_screen('helo wrld', min_score := 0.99)").fetchone()[0] == 0


def test_semantic_search_ranks_by_meaning(corpus):
    rows = corpus.sql("SELECT video_id, text, similarity FROM semantic_search('a forecast of sunshine', k := 2)")
    hits = rows.fetchall()
    assert len(hits) == 2
    assert hits[0][0] == "speech2"
    assert hits[0][2] > hits[1][2]


def test_semantic_search_with_stored_embeddings_embeds_only_the_query_and_on_screen_text(
    corpus, tmp_path, sentences_embedded
):
    query = "SELECT source, video_id, start_s, text, similarity FROM semantic_search('a forecast of sunshine', k := 9)"
    with vqdb.connect(empty_corpus(tmp_path / "stored"), progress=False) as stored:
        fill(stored, stored=True)
        sentences_embedded.clear()
        found = stored.sql(query).fetchall()
    assert sorted(sentences_embedded) == ["Hello world _", "a forecast of sunshine", "eriberto@canopus:~$"]
    embedded_when_queried = corpus.sql(query).fetchall()  # a corpus ingested before embeddings were stored
    assert len(found) == 7 and [row[:4] for row in found] == [row[:4] for row in embedded_when_queried]
    assert [row[4] for row in found] == pytest.approx([row[4] for row in embedded_when_queried], abs=1e-6)


def test_text_embed_is_minilm_sized_and_normalized(corpus):
    norm, dim = corpus.sql("SELECT list_dot_product(v, v), len(v) FROM (SELECT text_embed('hi') AS v)").fetchone()
    assert dim == 384 and norm == pytest.approx(1.0, abs=1e-4)
    assert corpus.sql("SELECT text_embed(NULL) IS NULL").fetchone()[0]


def test_text_embed_of_a_column_with_nulls_gives_each_row_its_own_vector(corpus):
    texts = ["Hello there.", None, "Hello there.", "The train to Edinburgh is cancelled."]
    together = corpus.sql("SELECT text_embed(t) FROM unnest(?) WITH ORDINALITY AS u(t, n) ORDER BY n", params=[texts])
    alone = [corpus.sql("SELECT text_embed(?)", params=[t]).fetchone()[0] for t in texts]
    assert [row[0] for row in together.fetchall()] == alone


def test_corpus_sql_quotes_paths(tmp_path):
    store = Store.create(tmp_path / "it's")
    assert f"'{tmp_path}/it''s/ocr.lance'" in corpus_sql(store)


def test_exact_phrase_by_search_then_contains_phrase(corpus):
    commit_transcript(corpus, "other", [(0.0, 2.0, "what your country needs is sleep")])
    build_text_indexes(Store.open(corpus.root, writable=True))
    phrase = "ask not what your country"
    candidates = corpus.sql(f"SELECT video_id FROM transcript_search('{phrase}')").fetchall()
    exact = corpus.sql(
        f"SELECT video_id, start_s, end_s FROM transcript_search('{phrase}') WHERE contains_phrase(text, '{phrase}')"
    ).fetchall()
    assert ("other",) in candidates
    assert exact == [("jfk", 3.5, 11.0)]
