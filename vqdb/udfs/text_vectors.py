"""The one door from SQL to a text embedder: query strings in, vectors out, each distinct string once.

Both SQL functions that embed text go through it: ``vq_embed_text`` (the visual model's text tower, for
``similarity``) and ``text_embed`` (MiniLM, for ``semantic_search``). The embedder itself comes from
``vqdb.models.registry`` and loads on first use.

Example:
    >>> import numpy as np, pyarrow as pa
    >>> class Unit:
    ...     model_id, dim = "unit", 2
    ...     def embed_texts(self, texts):
    ...         return np.tile(np.float32([1, 0]), (len(texts), 1))
    >>> TextVectorCache(Unit, dim=2)(pa.array(["a", None])).to_pylist()
    [[1.0, 0.0], None]
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.errors import VqdbError
from vqdb.models.protocols import TextEmbedder


class TextVectorCache:
    """Embeds query strings with a (lazily loaded) text embedder, each distinct string once.

    ``__call__`` is the Arrow UDF: a string array in, a ``FLOAT[dim]`` array out (NULL stays NULL).

    Example:
        >>> import numpy as np, pyarrow as pa
        >>> class Unit:
        ...     model_id, dim = "unit", 2
        ...     def embed_texts(self, texts):
        ...         return np.tile(np.float32([1, 0]), (len(texts), 1))
        >>> cache = TextVectorCache(Unit, dim=2)
        >>> cache(pa.array(["a", None, "a"])).to_pylist()
        [[1.0, 0.0], None, [1.0, 0.0]]
        >>> cache.embedded
        1
    """

    def __init__(self, load: Callable[[], TextEmbedder], dim: int, capacity: int = 4096):
        self._load = load
        self._embedder: TextEmbedder | None = None
        self.dim = dim
        self.capacity = capacity
        self.embedded = 0
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()  # DuckDB calls the UDF from several threads

    def vectors(self, texts: list[str]) -> dict[str, np.ndarray]:
        """The vector of every distinct text, embedding only those not cached yet (in one batch)."""
        with self._lock:
            return self._vectors_locked(texts)

    def _vectors_locked(self, texts: list[str]) -> dict[str, np.ndarray]:
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            if self._embedder is None:
                self._embedder = self._load()
            self._check_dim(self._embedder)
            for text, vector in zip(missing, self._embedder.embed_texts(missing), strict=True):
                self._vectors[text] = vector
            self.embedded += len(missing)
        found = {t: self._vectors[t] for t in dict.fromkeys(texts)}
        for text in found:
            self._vectors.move_to_end(text)
        while len(self._vectors) > self.capacity:
            self._vectors.popitem(last=False)
        return found

    def __call__(self, queries: pa.Array | pa.ChunkedArray) -> pa.Array:
        # each distinct text once: a column of sentences often repeats the same query on every row
        encoded = pc.dictionary_encode(queries.combine_chunks() if isinstance(queries, pa.ChunkedArray) else queries)
        texts = encoded.dictionary.to_pylist()
        vectors = self.vectors(texts)
        matrix = np.stack([vectors[t] for t in texts]).astype(np.float32) if texts else np.zeros((1, self.dim))
        missing = encoded.indices.is_null()
        flat = matrix[encoded.indices.fill_null(0).to_numpy(zero_copy_only=False)].astype(np.float32, copy=False)
        return pa.FixedSizeListArray.from_arrays(pa.array(flat.reshape(-1)), self.dim, mask=missing)

    def _check_dim(self, embedder: TextEmbedder) -> None:
        if embedder.dim != self.dim:
            raise VqdbError(
                f"model {embedder.model_id!r} makes {embedder.dim}-dimensional vectors but the corpus's "
                f"embeddings have {self.dim}; embed queries with the model the corpus was ingested with"
            )
