"""Sentence embeddings stored with timed text at ingest: the ``text_emb`` column of ``transcript_segments``
and ``subtitles``, the MiniLM embedding of each row's ``text`` (the one ``text_embed`` makes in SQL), so a
question compared by meaning embeds only itself, however many sentences the corpus holds.

Example:
    >>> from vqdb.config import Config
    >>> from vqdb.schema import TABLES
    >>> empty = TABLES["subtitles"].from_rows([])
    >>> with_sentence_vectors(empty, Config()).num_rows  # no text: the model does not load
    0
    >>> text_model(Config())
    'sentence-transformers/all-MiniLM-L6-v2'
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from vqdb.config import Config
from vqdb.errors import SchemaError
from vqdb.models import registry
from vqdb.schema import SENTENCE_DIM

COLUMN = "text_emb"


def text_model(config: Config) -> str:
    """The id of the text model that makes the stored sentence embeddings (known without loading it), for
    an extractor's record.

    Example:
        >>> text_model(Config()).endswith("MiniLM-L6-v2")
        True
    """
    return registry.provider_class("text", config).model_id


def with_sentence_vectors(table: pa.Table, config: Config) -> pa.Table:
    """``table`` (with ``text`` and ``text_emb`` columns) with ``text_emb`` the sentence embedding of each
    row's ``text`` (NULL where the text is NULL), each distinct text embedded once; the model loads only
    when there is a text.

    Example:
        >>> from vqdb.schema import TABLES
        >>> cues = TABLES["subtitles"].from_rows([{"video_id": "v", "cue_id": 0, "text": "Hello there."}])
        >>> vector = with_sentence_vectors(cues, Config())["text_emb"][0].values.to_numpy()
        >>> vector.shape, round(float(np.linalg.norm(vector)), 3)
        ((384,), 1.0)
    """
    texts = table.column("text").to_pylist()
    distinct = list(dict.fromkeys(t for t in texts if t is not None))
    if not distinct:
        return table
    embedder = registry.sentence_embedder(config)
    if embedder.dim != SENTENCE_DIM:
        raise SchemaError(
            f"text model {embedder.model_id!r} makes {embedder.dim}-dimensional vectors but the {COLUMN} "
            f"columns hold {SENTENCE_DIM}; change SENTENCE_DIM (vqdb/schema/table.py) with the text model"
        )
    vectors = dict(zip(distinct, embedder.embed_texts(distinct), strict=True))
    zero = np.zeros(SENTENCE_DIM, np.float32)
    matrix = np.stack([zero if t is None else vectors[t] for t in texts]).astype(np.float32, copy=False)
    missing = pa.array([t is None for t in texts])
    column = pa.FixedSizeListArray.from_arrays(pa.array(matrix.reshape(-1)), SENTENCE_DIM, mask=missing)
    index = table.schema.get_field_index(COLUMN)
    return table.set_column(index, table.schema.field(index), column)
