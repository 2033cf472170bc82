"""The ``embed`` extractor: one image embedding per sampled frame, table ``frame_embeddings``.

Frames are the thumbnails of the ``frames`` table; the model is the corpus's visual model
(``embed_model``: SigLIP / SigLIP 2 / CLIP, see ``vqdb.models.siglip``), recorded in every row.

Example:
    >>> import numpy as np
    >>> vectors_to_arrow(np.eye(2, dtype=np.float32)).type
    FixedSizeListType(fixed_size_list<item: float>[2])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
import pyarrow as pa

from vqdb.config import Config
from vqdb.ingest.extractors import register
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext, placement_settings
from vqdb.models import registry
from vqdb.models.protocols import ImageTextEmbedder
from vqdb.schema import TABLES


def vectors_to_arrow(vectors: np.ndarray) -> pa.FixedSizeListArray:
    """An ``(n, dim)`` float array as an Arrow ``FLOAT[dim]`` column (no copy when already float32).

    Example:
        >>> vectors_to_arrow(np.zeros((3, 4), np.float32)).to_pylist()[0]
        [0.0, 0.0, 0.0, 0.0]
    """
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    return pa.FixedSizeListArray.from_arrays(pa.array(vectors.reshape(-1)), vectors.shape[1])


class VisualExtractor(Extractor):
    """Base of the extractors that embed frames with the corpus's visual model."""

    @classmethod
    def unavailable_reason(cls, config: Config) -> str | None:
        """Why the visual model of ``config`` cannot be loaded here, or None (tried once per process).

        Example:
            >>> EmbedExtractor.unavailable_reason(Config(embed_model="/no/such/dir"))[:40]
            "cannot load the visual embedding model '"
        """
        return registry.unavailable_reason("image_text", config)

    def __init__(self, config: Config, embedder: ImageTextEmbedder | None = None):
        super().__init__(config)
        self._embedder = embedder

    def reads_frames(self) -> bool:
        return True

    @property
    def embedder(self) -> ImageTextEmbedder:
        """The model given, else the process-wide one ``config.embed_model`` names (loaded once)."""
        if self._embedder is None:
            self._embedder = registry.image_text_embedder(self.config)
        return self._embedder

    @property
    def dim(self) -> int:
        """The dimension of the vectors this extractor writes."""
        return self.embedder.dim

    def settings(self) -> dict[str, Any]:
        """The settings that determine this extractor's rows (recorded in ``extractions``)."""
        return {
            "embed_model": self.embedder.model_id,
            "thumb_max_side": self.config.thumb_max_side,
            **placement_settings(self.embedder),
        }

    def embed_stream(self, images: Iterable[np.ndarray]) -> np.ndarray:
        """Embed ``images`` a few batches at a time, so a long video is never all in memory at once."""
        chunk = 4 * max(1, self.config.embed_batch_size)
        parts, pending = [], []
        for image in images:
            pending.append(image)
            if len(pending) >= chunk:
                parts.append(self.embedder.embed_images(pending))
                pending = []
        if pending:
            parts.append(self.embedder.embed_images(pending))
        return np.concatenate(parts) if parts else np.zeros((0, self.dim), np.float32)


@register("embed")
class EmbedExtractor(VisualExtractor):
    """Embeds every sampled frame (its thumbnail) into ``frame_embeddings``."""

    def run(self, ctx: VideoContext) -> ExtractorOutput:
        indices, times = [], []

        def images() -> Iterator[np.ndarray]:
            for frame_idx, ts, image in ctx.images():
                indices.append(frame_idx)
                times.append(ts)
                yield image

        vectors = self.embed_stream(images())
        table = pa.table(
            {
                "video_id": pa.array([ctx.video_id] * len(indices), pa.string()),
                "frame_idx": pa.array(indices, pa.int32()),
                "ts": pa.array(times, pa.float64()),
                "model": pa.array([self.embedder.model_id] * len(indices), pa.string()),
                "emb": vectors_to_arrow(vectors),
            }
        )
        return ExtractorOutput(
            tables={"frame_embeddings": TABLES["frame_embeddings"].conform(table, self.dim)},
            model=self.embedder.model_id,
            settings=self.settings(),
        )
