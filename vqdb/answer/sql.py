"""``vlm_answer(video, question, options, k)``: answer a question about a video from SQL.

The answer layer registers it on a corpus's own session (``vqdb.corpus`` does, for ``Corpus.sql`` and
``vqdb.attach``): a call answers with that corpus, through the same DuckDB database, without opening a
second corpus.

SQL signature::

    vlm_answer(video VARCHAR, question VARCHAR, options VARCHAR[], k INTEGER)
      -> STRUCT(answer VARCHAR, answer_text VARCHAR, confidence DOUBLE, clue_intervals DOUBLE[][],
                answerer VARCHAR, model VARCHAR, evidence VARCHAR, notes VARCHAR[], cached BOOLEAN,
                low_confidence BOOLEAN)

``video`` is a video id, path or file name (NULL: every video, ``k`` keyframes each); ``options``
NULL asks an open-ended question; ``k`` NULL means 8. The result is that of ``vqdb.answer.answer``:
``answer`` is the option letter, the free text, or a "when" question's time span ``[start, end]``
(NULL when nothing answers it); ``confidence`` is from token log-probabilities or, for the evidence-only
answerer with options, from the margin of the best option over the next (else NULL);
``low_confidence`` flags a weak answer (NULL: the answerer cannot tell); ``evidence`` a JSON list of
the text snippets near the keyframes. Keyframes come from the planner's ``retrieve`` (which samples uniformly
when the question's tools are missing from the corpus, and says so in ``notes``). The backend is the
VLM the corpus's config names (the ``vlm_*`` settings, ``VQDB_VLM_*``), else the evidence-only answerer.

Each row asks a model, so this is not vectorized beyond the batch; answers are cached in the
``answers`` table, so running a query again costs nothing.

Example:
    >>> import vqdb
    >>> from vqdb.testing.examples import captioned_corpus
    >>> corpus = vqdb.connect(captioned_corpus())  # cockatoo.mp4 and its captions: frames and subtitles
    >>> corpus.sql("SELECT vlm_answer('cockatoo.mp4', 'What does the cockatoo raise?', "
    ...            "['its wings', 'its yellow crest'], 4).answer").fetchall()
    [('B',)]
"""

from __future__ import annotations

import contextlib
import json
import threading

import duckdb
import pyarrow as pa

from vqdb.answer.answer import answer, resolve_backend
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.udfs.arrow_results import owned

RESULT_SQL_TYPE = (
    "STRUCT(answer VARCHAR, answer_text VARCHAR, confidence DOUBLE, clue_intervals DOUBLE[][], "
    "answerer VARCHAR, model VARCHAR, evidence VARCHAR, notes VARCHAR[], cached BOOLEAN, low_confidence BOOLEAN)"
)
RESULT_ARROW_TYPE = pa.struct(
    [
        ("answer", pa.string()),
        ("answer_text", pa.string()),
        ("confidence", pa.float64()),
        ("clue_intervals", pa.list_(pa.list_(pa.float64()))),
        ("answerer", pa.string()),
        ("model", pa.string()),
        ("evidence", pa.string()),
        ("notes", pa.list_(pa.string())),
        ("cached", pa.bool_()),
        ("low_confidence", pa.bool_()),
    ]
)
DEFAULT_K = 8


class _Answerer:
    """Answers rows of a batch with the session's corpus and one backend (resolved on first use)."""

    def __init__(self, corpus: CorpusReader):
        self.corpus = corpus
        self._backend = None
        self._lock = threading.Lock()

    def __call__(self, videos: pa.Array, questions: pa.Array, options: pa.Array, ks: pa.Array) -> pa.Array:
        rows = zip(videos.to_pylist(), questions.to_pylist(), options.to_pylist(), ks.to_pylist(), strict=True)
        with self._lock:
            results = [self._one(*row) for row in rows]
        return pa.array(results, type=RESULT_ARROW_TYPE)

    def _one(self, video: str | None, question: str | None, options: list[str] | None, k: int | None):
        if question is None:
            return None
        if self._backend is None:
            self._backend = resolve_backend(None, self.corpus.config)
        result = answer(
            self.corpus,
            question,
            options=options or None,
            video=video,
            k=DEFAULT_K if k is None else int(k),
            backend=self._backend,
            retrieval="planner",
        )
        return {
            "answer": result.answer,
            "answer_text": result.answer_text,
            "confidence": result.confidence,
            "clue_intervals": result.clue_intervals,
            "answerer": result.answerer,
            "model": result.model,
            "evidence": json.dumps(
                [{"source": e.source, "start_s": e.start_s, "end_s": e.end_s, "text": e.text} for e in result.evidence]
            ),
            "notes": result.notes,
            "cached": result.cached,
            "low_confidence": result.low_confidence,
        }


def register(con: duckdb.DuckDBPyConnection, corpus: CorpusReader) -> None:
    """Register ``vlm_answer`` in ``con``, answering with ``corpus`` (a ``vqdb.Corpus`` whose session ``con`` is).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> with vqdb.connect(empty_corpus()) as corpus:
        ...     corpus.sql("SELECT count(*) FROM duckdb_functions() WHERE function_name = 'vlm_answer'").fetchall()
        [(1,)]
    """
    with contextlib.suppress(duckdb.InvalidInputException, duckdb.CatalogException):
        con.remove_function("vlm_answer")
    varchar = duckdb.sqltypes.VARCHAR
    con.create_function(
        "vlm_answer",
        owned(_Answerer(corpus)),
        [varchar, varchar, duckdb.list_type(varchar), duckdb.sqltypes.INTEGER],
        duckdb.sqltype(RESULT_SQL_TYPE),
        type="arrow",
        null_handling="special",
        side_effects=True,
    )
