"""Table definitions and the extractors that write them: the single source of truth for every table's
columns and docs, and for the extractor names (``EXTRACTORS``) that config, ingest and the CLI use.

Example:
    >>> from vqdb.schema import EXTRACTORS, TABLES
    >>> TABLES["frames"].arrow_schema().names[:3]
    ['video_id', 'frame_idx', 'ts']
    >>> EXTRACTORS[:3]
    ('subtitles', 'embed', 'regions')
"""

from vqdb.schema.answers import ANSWERS
from vqdb.schema.audio import AUDIO_EVENTS, AUDIO_TAGS, VOICES
from vqdb.schema.extractions import EXTRACTIONS
from vqdb.schema.frame_embeddings import FRAME_EMBEDDINGS
from vqdb.schema.frames import FRAMES
from vqdb.schema.ocr import OCR, OCR_SPANS
from vqdb.schema.regions import REGIONS
from vqdb.schema.subtitles import SUBTITLES
from vqdb.schema.table import BOX, SENTENCE_DIM, Column, Table, vector
from vqdb.schema.transcripts import TRANSCRIPT_SEGMENTS, TRANSCRIPT_WORDS
from vqdb.schema.videos import VIDEOS

TABLES: dict[str, Table] = {
    t.name: t
    for t in (
        VIDEOS,
        FRAMES,
        FRAME_EMBEDDINGS,
        REGIONS,
        TRANSCRIPT_SEGMENTS,
        TRANSCRIPT_WORDS,
        OCR,
        OCR_SPANS,
        AUDIO_TAGS,
        AUDIO_EVENTS,
        VOICES,
        SUBTITLES,
        EXTRACTIONS,
        ANSWERS,
    )
}


EXTRACTORS: tuple[str, ...] = ("subtitles", "embed", "regions", "asr", "ocr", "audio")
"""The ingest extractors, in the order ingest runs them; each writes the tables whose ``extractor`` it is.

The other writers are not extractors: ``frames`` (the ``videos`` and ``frames`` tables, committed last),
``bookkeeping`` (``extractions``) and ``answers``.
"""

VISUAL_EXTRACTORS: frozenset[str] = frozenset(t.extractor for t in TABLES.values() if t.is_vector_table)
"""The extractors whose tables hold embeddings of the visual model (``embed_model``): ``embed``, ``regions``."""


def tables_of(extractor: str) -> list[Table]:
    """The tables an extractor writes.

    Example:
        >>> [t.name for t in tables_of("asr")]
        ['transcript_segments', 'transcript_words']
    """
    return [t for t in TABLES.values() if t.extractor == extractor]


__all__ = ["BOX", "EXTRACTORS", "SENTENCE_DIM", "TABLES", "VISUAL_EXTRACTORS", "Column", "Table", "tables_of", "vector"]
