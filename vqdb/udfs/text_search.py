"""Text search in SQL over transcripts, on-screen text and subtitles: BM25, fuzzy and semantic.

SQL functions (every corpus session; the macros and their docs are in ``text_search.sql`` beside this
module, created with the corpus's dataset paths baked in):

- ``transcript_search(query, k := 10)``, ``ocr_search(query, k := 10)``,
  ``ocr_frame_search(query, k := 10)``, ``subtitle_search(query, k := 10)`` table macros: BM25 through
  Lance full-text indexes (``lance_fts``; build them with ``vqdb.store.text_index.build_text_indexes``), the
  table's columns plus ``bm25 DOUBLE``; ``text_search(query, k := 10)``: the three sources together,
  with a ``source`` column.
- ``on_screen(query, min_score := 0.8)`` table macro: ``ocr_spans`` rows whose text fuzzy-matches
  query (``text_match``, ``vqdb/udfs/text_match.py``), in time order.
- ``semantic_search(query, k := 10)`` table macro: the k texts closest in meaning (MiniLM): transcript
  segments and subtitle cues by the embedding stored at ingest (``text_emb``), other texts (and those of a
  corpus ingested before it was stored) by ``text_embed``.
- ``text_embed(text VARCHAR) -> FLOAT[384]``: all-MiniLM-L6-v2 sentence embedding, L2-normalized
  (vectorized Arrow UDF, each distinct text embedded once per session; the model loads on first use;
  registered as having side effects so that DuckDB evaluates it once per row, never copied into a filter);
  ``meant_clause(pieces, query, pause_s)`` beside it, through the same vectors (``vqdb.udfs.meant_clause``).

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> with vqdb.connect(empty_corpus()) as corpus:
    ...     corpus.sql("SELECT count(*) FROM ocr_search('hello world', k := 5)").fetchall()
    [(0,)]
"""

from __future__ import annotations

import re

import duckdb

from vqdb.models import registry
from vqdb.queries import CORPUS_QUERIES_DIR
from vqdb.store import Store, quote
from vqdb.udfs import meant_clause, text_match
from vqdb.udfs.arrow_results import owned
from vqdb.udfs.text_vectors import TextVectorCache

CORPUS_SQL = CORPUS_QUERIES_DIR / "text_search.sql"
_DATASET = re.compile(r"@dataset\((\w+)\)")
EMBED_CACHE_SIZE = 20_000


def corpus_sql(store: Store) -> str:
    """``text_search.sql`` with each ``@dataset(name)`` replaced by the path of that dataset in ``store``.

    Example:
        >>> from vqdb.testing.corpora import empty_corpus
        >>> store = Store.open(empty_corpus())
        >>> f"lance_fts({quote(store.uri('ocr_spans'))}" in corpus_sql(store)
        True
    """
    return _DATASET.sub(lambda m: quote(store.uri(m.group(1))), CORPUS_SQL.read_text())


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Create ``text_embed`` and the search macros for the corpus at ``ctx.root`` in ``con``."""
    text_match.register(con, ctx)  # on_screen uses it (a no-op when the session registered it already)
    if not text_match.is_registered(con, "text_embed"):
        config = ctx.config
        dim = registry.provider_class("text", config).dim  # known without loading the model
        embed = TextVectorCache(lambda: registry.sentence_embedder(config), dim=dim, capacity=EMBED_CACHE_SIZE)
        # side_effects: DuckDB then evaluates each call once per row, where it otherwise copies a similarity
        # into the filter it pushes down and embeds every row twice (measured, DuckDB 1.5). null_handling
        # special: the UDF gets the NULLs (and returns NULL for them); by default DuckDB 1.5 leaves them out
        # and misplaces the vectors of the rows after a NULL (the last ones came back zero)
        con.create_function(
            "text_embed",
            owned(embed),
            ["VARCHAR"],
            f"FLOAT[{dim}]",
            type="arrow",
            side_effects=True,
            null_handling="special",
        )
        meant_clause.register(con, embed.vectors)  # a sentence's clause closest in meaning, by the same vectors
    con.execute(corpus_sql(ctx.store))
