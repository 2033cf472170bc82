"""Which video a name means, defined once: an exact video id, else an exact file name, else a unique
path suffix (on a ``/`` boundary) or the file's own path. Names are compared as plain text: ``_``, ``%``,
``*`` and ``?`` in a file name are characters, never wildcards. ``overview`` lists the videos with what
each extractor did (``vqdb videos``). Both need of a corpus only ``CorpusSql``: running vqdb's own SQL.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> resolve_video(vqdb.connect(empty_corpus()), "clip.mp4")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vqdb.errors.VqdbError: no video 'clip.mp4' in the corpus (by id, file name or path); the corpus has no videos...
"""

from __future__ import annotations

import os
from typing import Any, Protocol, runtime_checkable

import duckdb

from vqdb.errors import VqdbError
from vqdb.schema import EXTRACTORS

COLUMNS = ("video_id", "path", "duration_s", "sample_fps")
# Each step is tried only when the steps before it matched nothing; a step with several matches is
# ambiguous. file_name: the last path component (either separator).
_STEPS = (
    ("id", "video_id = $v"),
    ("file name", "regexp_extract(path, '[^/\\\\]+$') = $v"),
    ("path", "path = $v OR path = $abs OR ends_with(path, '/' || $v) OR ends_with(path, '\\' || $v)"),
)


@runtime_checkable
class CorpusSql(Protocol):
    """What the layers below ``vqdb.corpus`` that only read rows need of a corpus: ``sql_unchecked``, SQL vqdb
    composed itself (user text only as parameters) run on the corpus's session. ``vqdb.Corpus`` is one.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> corpus = vqdb.connect(empty_corpus())
        >>> isinstance(corpus, CorpusSql), corpus.sql_unchecked("SELECT count(*) FROM videos").fetchall()
        (True, [(0,)])
    """

    def sql_unchecked(self, query: str, params: Any = None) -> duckdb.DuckDBPyRelation:
        """Run ``query`` (with ``params``) on the session, without the read-only statement check."""
        ...


def resolve_video(corpus: CorpusSql, video: str) -> dict[str, Any]:
    """The ``videos`` row (video_id, path, duration_s, sample_fps) that ``video`` names.

    ``corpus``: a ``vqdb.Corpus`` (these lookups are vqdb's own SQL, with the name only as a parameter).
    VqdbError when nothing or several videos match.

    Example:
        >>> import tempfile, vqdb
        >>> corpus = vqdb.connect(tempfile.mkdtemp(), progress=False)
        >>> _ = corpus.ingest("sample_media/birds.mp4", extractors=())  # its frames only
        >>> resolve_video(corpus, "birds.mp4")["video_id"]  # by file name; a path or the id find it too
        'f549c436d369e041'
    """
    if not isinstance(video, str) or not video.strip():
        raise VqdbError(f"a video is named by its id, file name or path; got {video!r}")
    params = {"v": video, "abs": os.path.abspath(os.path.expanduser(video))}
    for how, condition in _STEPS:
        query = f"SELECT DISTINCT {', '.join(COLUMNS)} FROM videos WHERE {condition} ORDER BY video_id"
        rows = corpus.sql_unchecked(query, params=params if "$abs" in condition else {"v": video}).fetchall()
        if len(rows) == 1:
            return dict(zip(COLUMNS, rows[0], strict=True))
        if rows:
            ids = ", ".join(sorted({r[0] for r in rows}))
            raise VqdbError(f"{len(rows)} videos match {video!r} by {how} ({ids}); name one by its video id")
    names = corpus.sql_unchecked("SELECT regexp_extract(path, '[^/\\\\]+$') FROM videos LIMIT 5").fetchall()
    known = [r[0] for r in names]
    hint = f"some of them: {known}" if known else "the corpus has no videos yet: ingest some with vqdb ingest"
    raise VqdbError(f"no video {video!r} in the corpus (by id, file name or path); {hint}")


def overview_sql() -> str:
    """The SQL of :func:`overview`: one row per video, a status column per extractor (``done``, ``error``
    when it recorded one, ``-`` when it did not run) and the errors, by file name.

    Example:
        >>> "ocr" in overview_sql()
        True
    """
    status = ",\n       ".join(
        f"coalesce(max(CASE WHEN e.extractor = '{name}' THEN CASE WHEN e.error IS NULL THEN 'done' ELSE 'error' END "
        f"END), '-') AS {name}"
        for name in EXTRACTORS
    )
    return f"""
WITH latest AS (
    SELECT video_id, extractor, error FROM extractions
    QUALIFY row_number() OVER (PARTITION BY video_id, extractor ORDER BY finished_at DESC) = 1
)
SELECT regexp_extract(v.path, '[^/\\\\]+$') AS file, v.video_id, round(v.duration_s, 2) AS duration_s,
       v.width || 'x' || v.height AS resolution,
       {status},
       string_agg(e.extractor || ': ' || e.error, '; ' ORDER BY e.extractor) FILTER (e.error IS NOT NULL) AS errors
FROM videos v LEFT JOIN latest e USING (video_id)
GROUP BY ALL ORDER BY file, v.video_id"""


def overview(corpus: CorpusSql) -> duckdb.DuckDBPyRelation:
    """The videos of ``corpus`` (a ``vqdb.Corpus``): file name, id, duration, resolution, each extractor's
    status and the errors, as a DuckDB relation.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> overview(vqdb.connect(empty_corpus())).columns[:4]
        ['file', 'video_id', 'duration_s', 'resolution']
    """
    return corpus.sql_unchecked(overview_sql())
