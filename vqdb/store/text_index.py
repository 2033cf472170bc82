"""Lance full-text (INVERTED, BM25) indexes on the corpus's text columns.

``build_text_indexes(store)`` creates one index per text column on first use and afterwards folds
rows appended since into it (``optimize_indices``); ``vqdb.ingest.runner`` calls it after every ingest. It
keeps the per-video tables' ``video_id`` indexes up to date too (``vqdb.store.video_index``), and the visual
tables' per-video summaries (``vqdb.store.visual_summary``).

What happens to rows appended after an index was built (checked with pylance 14 and the DuckDB Lance
extension 1.5.5): ``lance_fts`` still finds them, by scanning the unindexed fragments, but their BM25
scores are computed on different statistics from the indexed rows', so rankings mix two scales until
the index is updated. A dataset with *no* index at all returns no rows from ``lance_fts``. Deleted rows
(``Store.commit`` replaces a video's rows) never come back. Hence: index every text column, even
while empty, and update after each ingest.

Tokenizer: Lance's "simple" tokenizer, lower case, English stemming, ASCII folding. No word
positions: ``lance_fts`` takes a plain string and matches any of its words (a quoted string is not a
phrase query), so an exact phrase is checked after the search with ``contains_phrase(text, phrase)``.
A script written without spaces (Chinese, Japanese, Thai...) is one token a line to that tokenizer, so a word of
it inside a longer line ("点击上传" in "请点击上传视频") is found by scanning the column for the rows that hold it
instead (``unspaced_hits``), as the tools' grades align letters without spaces.
Stop words are kept: with Lance's default English list ("again", "not", "what"... are in it) a query
made only of such words finds nothing, even though the scan of unindexed rows does match them; BM25's
IDF already gives frequent words little weight.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> store = Store.create(tempfile.mkdtemp())
    >>> sorted(build_text_indexes(store))
    ['ocr', 'ocr_spans', 'subtitles', 'transcript_segments', 'transcript_words']
    >>> unindexed_rows(store, "ocr_spans")
    0
"""

from __future__ import annotations

import re

import lance
import pyarrow as pa
import pyarrow.compute as pc
from lance.query import BooleanQuery, MatchQuery, Occur

from vqdb.store.scalar_index import has_index, keep_index, unindexed
from vqdb.store.store import Store
from vqdb.store.vector_index import describe_embedders
from vqdb.store.video_index import build_video_indexes
from vqdb.store.visual_summary import build_visual_summaries
from vqdb.textnorm import UNSPACED

TEXT_COLUMNS = {
    "transcript_segments": "text",
    "transcript_words": "word",
    "ocr_spans": "text",
    "subtitles": "text",
    "ocr": "text",
}
MISREAD_TABLES = ("ocr_spans", "ocr")  # text read from pixels, letter by letter: matched within an edit distance
FUZZY_LENGTHS = ((2, 0), (5, 1))  # a word's edit distance by its length: 0 up to 2 characters, 1 up to 5, else 2
INDEX_OPTIONS = {"with_position": False, "stem": True, "remove_stop_words": False, "lower_case": True}


def index_name(table: str) -> str:
    """Name of the full-text index of ``table``.

    Example:
        >>> index_name("ocr_spans"), index_name("transcript_words")
        ('text_fts', 'word_fts')
    """
    return f"{TEXT_COLUMNS[table]}_fts"


def has_text_index(store: Store, table: str) -> bool:
    """Whether ``table`` has its full-text index."""
    return has_index(store, table, index_name(table))


def unindexed_rows(store: Store, table: str) -> int:
    """Rows of ``table`` its full-text index does not cover yet (all of them when there is no index)."""
    return unindexed(store, table, index_name(table))


def build_text_indexes(store: Store) -> dict[str, int]:
    """Create or update the full-text index of every text column; returns rows newly indexed per table. Also
    creates or updates the per-video tables' ``video_id`` indexes (``video_index.build_video_indexes``), the
    visual tables' per-video summaries (``visual_summary.build_visual_summaries``: the videos ingested since)
    and records the query embedders of the embedding tables for LanceDB (``vector_index.describe_embedders``)."""
    indexed = {
        table: keep_index(store, table, column, "INVERTED", index_name(table), "full-text", **INDEX_OPTIONS)
        for table, column in TEXT_COLUMNS.items()
    }
    build_video_indexes(store)
    build_visual_summaries(store)
    describe_embedders(store)
    return indexed


def text_hits(store: Store, table: str, query: str, limit: int, *, fuzzy: bool = True) -> pa.Table:
    """The ``limit`` rows of ``table`` whose text best matches any of ``query``'s words (BM25 through the
    table's full-text index, rows appended since it was built scanned), as ``video_id`` and ``_score``,
    best first; every video of the table (no score) when it has no index yet (``vqdb index`` builds it). In
    the text OCR reads (``MISREAD_TABLES``) a word matches words a few characters off as well (``fuzzy_match``),
    as OCR misreads letters; only its own (stemmed) forms with ``fuzzy=False`` and in transcripts and subtitles,
    whose words are spelled (speech recognition mishears whole words, which the sentence vectors find).

    Example:
        >>> import tempfile
        >>> store = Store.create(tempfile.mkdtemp())
        >>> text_hits(store, "transcript_words", "ask not", 10).num_rows
        0
    """
    if not store.exists(table):
        return pa.table({"video_id": pa.array([], pa.string()), "_score": pa.array([], pa.float32())})
    return dataset_hits(store.dataset(table), table, query, limit, fuzzy=fuzzy)


def dataset_hits(dataset: lance.LanceDataset, table: str, query: str, limit: int, *, fuzzy: bool = True) -> pa.Table:
    """``text_hits`` in ``dataset``, the text table ``table`` as opened (at any of its versions).

    Example:
        >>> import tempfile
        >>> store = Store.create(tempfile.mkdtemp())
        >>> build_text_indexes(store)["ocr_spans"]
        0
        >>> dataset_hits(store.dataset("ocr_spans"), "ocr_spans", "EXIT", 10, fuzzy=False).num_rows
        0
    """
    if not any(index.name == index_name(table) for index in dataset.describe_indices()):
        # Lance finds nothing without an index: every video of the table
        videos = pc.unique(dataset.to_table(columns=["video_id"]).column("video_id"))
        return pa.table({"video_id": videos, "_score": pa.nulls(len(videos), pa.float32())})
    unspaced = unspaced_hits(dataset, TEXT_COLUMNS[table], query, limit, whole=not fuzzy)
    matched = fuzzy_match(query, TEXT_COLUMNS[table], fuzzy=fuzzy and table in MISREAD_TABLES)
    if matched is None:
        return unspaced
    ranked = dataset.to_table(columns=["video_id", "_score"], full_text_query=matched, limit=limit)
    return pa.concat_tables([unspaced, ranked.cast(unspaced.schema)]).slice(0, limit) if unspaced.num_rows else ranked


def unspaced_hits(dataset: lance.LanceDataset, column: str, query: str, limit: int, *, whole: bool = False) -> pa.Table:
    """The rows of ``dataset`` whose ``column`` holds the query's runs of a script written without spaces
    (``textnorm.UNSPACED``), which the tokenizer keeps whole in a line, as ``video_id`` and ``_score``: the share of the
    runs' character pairs (a lone character: itself) the row holds, best first, at most ``limit`` (a line that
    misspells or cuts a run still holds most of its pairs); with ``whole``, only rows holding a whole run (score
    1). A scan of the column, only for a query with such a run; no rows without.

    Example:
        >>> import tempfile
        >>> cues = lance.write_dataset(pa.table({"video_id": ["a", "b", "c"],
        ...     "text": ["请点击上传视频", "点击这里", "upload"]}), tempfile.mkdtemp() + "/cues.lance")
        >>> found = unspaced_hits(cues, "text", "upload 点击上传", 10)
        >>> found.column("video_id").to_pylist(), [round(s, 2) for s in found.column("_score").to_pylist()]
        (['a', 'b'], [1.0, 0.33])
        >>> unspaced_hits(cues, "text", "点击上传", 10, whole=True).column("video_id").to_pylist()
        ['a']
    """
    runs = UNSPACED.findall(query)
    pairs = [run[i : i + 2] for run in runs for i in range(max(len(run) - 1, 1))]
    pieces = list(dict.fromkeys(runs if whole else pairs))
    if not pieces:
        return pa.table({"video_id": pa.array([], pa.string()), "_score": pa.array([], pa.float32())})
    held = " OR ".join(f"{column} LIKE '%{piece}%'" for piece in pieces)  # letters of the run only: no quoting
    rows = dataset.to_table(columns=["video_id", column], filter=held)
    texts = rows.column(column).to_pylist()
    shares = [sum(piece in text for piece in pieces) / len(pieces) for text in texts]
    shares = [float(share > 0) for share in shares] if whole else shares
    order = sorted((i for i, share in enumerate(shares) if share > 0), key=lambda i: -shares[i])[:limit]
    videos = rows.column("video_id").take(pa.array(order, pa.int64()))
    return pa.table({"video_id": videos, "_score": pa.array([shares[i] for i in order], pa.float32())})


def fuzzy_match(query: str, column: str, *, fuzzy: bool = True) -> BooleanQuery | None:
    """A full-text query for rows of ``column`` holding any of ``query``'s words: each word as the index
    stems it, and, unless ``fuzzy=False``, in lower case within the edit distance of its length
    (``edit_distance``: "LIFTOFFI" for "liftoff"); None when ``query`` has no word. pylance 14 documents that
    ``MatchQuery(fuzziness=None)`` picks the distance per word, but matches exactly with it, and a fuzzy
    word skips the tokenizer (neither lower-cased nor stemmed: "EXIT" finds nothing), hence one query a form.

    Example:
        >>> fuzzy_match("liftoff at 9", "text") is not None, fuzzy_match("?!", "text")
        (True, None)
    """
    words = re.findall(r"\w+", query)
    if not words:
        return None
    forms = [MatchQuery(word, column) for word in words]
    if fuzzy:
        forms += [MatchQuery(w.lower(), column, fuzziness=edit_distance(w)) for w in words if edit_distance(w)]
    return BooleanQuery([(Occur.SHOULD, form) for form in forms])


def edit_distance(word: str) -> int:
    """The edit distance a word of the query is matched within (``FUZZY_LENGTHS``).

    Example:
        >>> [edit_distance(w) for w in ("9", "exit", "liftoff")]
        [0, 1, 2]
    """
    return next((distance for longest, distance in FUZZY_LENGTHS if len(word) <= longest), 2)
