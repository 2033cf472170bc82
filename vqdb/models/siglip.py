"""SigLIP, SigLIP 2 and CLIP image-text embedders through transformers.

One class serves all three families: ``AutoModel`` / ``AutoProcessor`` pick the architecture from the
checkpoint's config, and every one of them exposes ``get_image_features`` / ``get_text_features``.
Texts are prepared as each family was trained (:func:`text_preparation`), in one place that every query
text goes through (SQL ``similarity`` and ``frame_search``, the planner's visual tools, ``search``):
SigLIP 2 lower-cased (its Gemma tokenizer does not) and right-padded to 64 tokens with its pad id (it pools
the last position); SigLIP 1 padded to 64 by its own tokenizer, which lower-cases; both without an attention
mask, as trained; CLIP padded to its 77 positions with the mask, equal to its processor's ``padding=True``
because it pools the end-of-text token under a causal mask.

The model is any hub id (``google/siglip2-base-patch16-224``, the default) or a local directory
written by ``save_pretrained``. Without network, only local directories and the Hugging Face cache
work; loading never waits on an unreachable hub (see ``hub_reachable``). Obtain the corpus's embedder
with ``vqdb.models.registry.image_text_embedder(config)`` (loaded once per process).

Example:
    >>> import tempfile, numpy as np
    >>> from vqdb.testing.tiny import build_tiny_siglip
    >>> embedder = SiglipEmbedder(build_tiny_siglip(tempfile.mkdtemp()))  # built like SigLIP 2
    >>> embedder.embed_texts(["a photo of a dog"]).shape == (1, embedder.dim)
    True
    >>> bool(np.array_equal(*embedder.embed_texts(["A DOG ON A ROAD", "a dog on a road"])))
    True
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import re
import socket
import urllib.parse
from pathlib import Path
from typing import Any

import numpy as np

from vqdb.config import Config
from vqdb.errors import ModelUnavailableError, VqdbError
from vqdb.models.device import Placement, placement
from vqdb.models.registry import register

_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*(/[\w.-]+)?$")
_OFFLINE_VARIABLES = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
# what from_pretrained loads weights from: one file, or the index of a sharded checkpoint
_WEIGHTS = ("model.safetensors", "model.safetensors.index.json", "pytorch_model.bin", "pytorch_model.bin.index.json")


@register("image_text", "siglip")
@register("image_text", "clip")
class SiglipEmbedder:
    """An image-text embedder (SigLIP / SigLIP 2 / CLIP) loaded from a hub id or a local directory.

    ``model_id`` is what the corpus records: the hub id, or the absolute path of a local directory.
    Raises ``ModelUnavailableError`` (quickly, also offline) when the weights cannot be loaded.

    Example:
        >>> import tempfile, numpy as np
        >>> from vqdb.testing.tiny import build_tiny_siglip
        >>> e = SiglipEmbedder(build_tiny_siglip(tempfile.mkdtemp()), batch_size=2)
        >>> vectors = e.embed_images([np.zeros((40, 60, 3), np.uint8)] * 3)
        >>> vectors.shape == (3, e.dim), bool(np.allclose(np.linalg.norm(vectors, axis=1), 1))
        (True, True)
    """

    config_fields = ("embed_model", "embed_batch_size", "device", "precision", "cpu_threads")

    def __init__(self, model: str | Path, *, batch_size: int = 16, place: Placement | None = None):
        self.placement = place or Placement("cpu", "fp32")
        self.device, self.precision = self.placement.device, self.placement.precision
        self.placement.use_torch_threads()
        self.model_id, self._model, self._processor = _load(str(model))
        self._model.to(self.device)
        self.batch_size = max(1, int(batch_size))
        self.text_preparation = text_preparation(self._model.config, self._processor.tokenizer)
        self.max_text_tokens = self.text_preparation.max_length
        self._image_args = set(inspect.signature(self._model.get_image_features).parameters)
        self.dim = int(self.embed_texts([""]).shape[1])

    @classmethod
    def from_config(cls, config: Config) -> SiglipEmbedder:
        """The embedder ``config`` names (``embed_model``, ``embed_batch_size``), placed as ``config`` says.

        Example:
            >>> import tempfile
            >>> from vqdb.testing.tiny import build_tiny_siglip
            >>> path = build_tiny_siglip(tempfile.mkdtemp())
            >>> embedder = SiglipEmbedder.from_config(Config(embed_model=str(path), device="cpu"))
            >>> embedder.model_id == str(path), embedder.device, embedder.precision
            (True, 'cpu', 'fp32')
        """
        return cls(config.embed_model, batch_size=config.embed_batch_size, place=placement(config))

    @classmethod
    def unavailable_reason(cls, config: Config) -> str | None:
        """Why ``config.embed_model`` cannot be loaded here, or None when it can be tried: decided from the
        files on disk (a directory's config and weights, the Hugging Face cache) and the offline settings,
        without importing torch or transformers, so a missing model costs nothing to check on every run.

        Example:
            >>> print(SiglipEmbedder.unavailable_reason(Config(embed_model="/no/such/dir")))  # doctest: +ELLIPSIS
            cannot load the visual embedding model '/no/such/dir': no model directory at /no/such/dir. Provide ...
            >>> import tempfile
            >>> from vqdb.testing.tiny import build_tiny_siglip
            >>> SiglipEmbedder.unavailable_reason(Config(embed_model=str(build_tiny_siglip(tempfile.mkdtemp()))))
        """
        try:
            _locate(config.embed_model)
        except ModelUnavailableError as exc:
            return str(exc)
        return None

    def embed_images(self, images: list[np.ndarray]) -> np.ndarray:
        """L2-normalized embeddings, shape ``(len(images), dim)``, of RGB uint8 arrays (H x W x 3).

        Images are resized and normalized on the model's device, in batches of ``batch_size``.
        """
        for i, image in enumerate(images):
            if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
                raise VqdbError(f"image {i}: expected an RGB uint8 array H x W x 3, got {image.dtype} {image.shape}")
        return self._batched(images, self._image_batch)

    def embed_texts(self, texts: list[str]) -> np.ndarray:
        """L2-normalized embeddings, shape ``(len(texts), dim)``, of texts in the images' space."""
        return self._batched(list(texts), self._text_batch)

    # -- internals ---------------------------------------------------------------------------------
    def _batched(self, items: list, embed_batch) -> np.ndarray:
        import torch

        if not items:
            return np.zeros((0, getattr(self, "dim", 0)), dtype=np.float32)
        parts = []
        with torch.inference_mode(), self.placement.autocast():  # one autocast region: weights cast once per call
            for start in range(0, len(items), self.batch_size):
                features = embed_batch(items[start : start + self.batch_size])
                parts.append(torch.nn.functional.normalize(features.float(), dim=-1).cpu().numpy())
        return np.ascontiguousarray(np.concatenate(parts), dtype=np.float32)

    def _image_batch(self, images: list[np.ndarray]):
        images = [image if image.flags.writeable else image.copy() for image in images]  # torch wants writable
        device = self.device if self.placement.is_cuda else None  # resize and normalize on the GPU
        inputs = self._processor.image_processor(images=images, return_tensors="pt", device=device)
        args = {k: v.to(self.device) for k, v in inputs.items() if k in self._image_args}
        return _features(self._model.get_image_features(**args))

    def _text_batch(self, texts: list[str]):
        inputs = self.text_preparation.tokenize(self._processor.tokenizer, texts)
        return _features(self._model.get_text_features(**{k: v.to(self.device) for k, v in inputs.items()}))


@dataclasses.dataclass(frozen=True)
class TextPreparation:
    """How a family's texts were prepared in training: ``family`` (the model type), whether to lower-case them
    before the tokenizer, the length every text is padded (and cut) to, and which tokenizer outputs the text
    model gets (SigLIP was trained on ``input_ids`` alone: an attention mask changes its pooled last position).

    Example:
        >>> siglip2 = TextPreparation("siglip2", lower_case=True, max_length=64, inputs=("input_ids",))
        >>> siglip2.texts(["A Dog", "road"])
        ['a dog', 'road']
    """

    family: str
    lower_case: bool
    max_length: int
    inputs: tuple[str, ...]

    def texts(self, texts: list[str]) -> list[str]:
        """``texts`` as the tokenizer must see them (lower-cased for SigLIP 2)."""
        return [text.lower() for text in texts] if self.lower_case else list(texts)

    def tokenize(self, tokenizer: Any, texts: list[str]) -> dict[str, Any]:
        """The text model's inputs for ``texts``: torch tensors, each text padded on the right to ``max_length``.

        Padding to the fixed length (not the batch's longest) keeps a text's vector independent of its batch.

        Example:
            >>> import tempfile
            >>> from transformers import AutoProcessor
            >>> from vqdb.testing.tiny import build_tiny_siglip
            >>> tokenizer = AutoProcessor.from_pretrained(build_tiny_siglip(tempfile.mkdtemp())).tokenizer
            >>> siglip2 = TextPreparation("siglip2", lower_case=True, max_length=64, inputs=("input_ids",))
            >>> inputs = siglip2.tokenize(tokenizer, ["A Dog", "a dog"])
            >>> ids = inputs["input_ids"]
            >>> sorted(inputs), tuple(ids.shape), int(ids[0, -1]) == tokenizer.pad_token_id
            (['input_ids'], (2, 64), True)
            >>> bool((ids[0] == ids[1]).all())  # lower-cased first
            True
        """
        encoded = tokenizer(
            self.texts(texts),
            padding="max_length",
            padding_side="right",  # as every family was trained; GemmaTokenizer's own default is the left
            truncation=True,
            max_length=self.max_length,
            return_tensors="pt",
        )
        return {name: encoded[name] for name in self.inputs if name in encoded}


def text_preparation(config: Any, tokenizer: Any) -> TextPreparation:
    """The :class:`TextPreparation` of a checkpoint, from its model ``config`` and its loaded ``tokenizer``.

    SigLIP 2 is a ``siglip2`` model, or (the fixed-resolution checkpoints such as
    ``google/siglip2-base-patch16-224``) a ``siglip`` model with a Gemma tokenizer; it was trained on lower-cased
    text, padded to 64. SigLIP 1 (``SiglipTokenizer``) lower-cases and strips punctuation itself. Other models
    (CLIP) keep their tokenizer's own preparation and get every input their text model takes.

    Example:
        >>> import tempfile
        >>> from transformers import AutoConfig, AutoProcessor
        >>> from vqdb.testing.tiny import build_tiny_siglip
        >>> for family in ("siglip2", "siglip", "clip"):
        ...     path = build_tiny_siglip(tempfile.mkdtemp(), family=family)
        ...     print(text_preparation(AutoConfig.from_pretrained(path), AutoProcessor.from_pretrained(path).tokenizer))
        TextPreparation(family='siglip2', lower_case=True, max_length=64, inputs=('input_ids',))
        TextPreparation(family='siglip', lower_case=False, max_length=64, inputs=('input_ids',))
        TextPreparation(family='clip', lower_case=False, max_length=77, inputs=('input_ids', 'attention_mask'))
    """
    text_config = getattr(config, "text_config", None)
    max_length = int(getattr(text_config, "max_position_embeddings", 64))
    if config.model_type not in ("siglip", "siglip2"):
        return TextPreparation(config.model_type, False, max_length, ("input_ids", "attention_mask"))
    gemma = config.model_type == "siglip2" or type(tokenizer).__name__.startswith(("Gemma", "Siglip2"))
    return TextPreparation("siglip2" if gemma else "siglip", gemma, max_length, ("input_ids",))


def _features(output: Any) -> Any:
    """The projected embedding: transformers 5 returns it as ``pooler_output``, transformers 4 as the tensor."""
    return getattr(output, "pooler_output", output)


def hub_reachable(timeout: float = 2.0) -> bool:
    """Whether the Hugging Face endpoint answers a TCP connection within ``timeout`` seconds.

    huggingface_hub retries an unreachable host for about 25 s; this check keeps an offline load quick.

    Example:
        >>> isinstance(hub_reachable(0.5), bool)
        True
    """
    from huggingface_hub import constants

    url = urllib.parse.urlsplit(constants.ENDPOINT)
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        with socket.create_connection((url.hostname, port), timeout=timeout):
            return True
    except OSError:
        return False


def _load(source: str) -> tuple[str, Any, Any]:
    """(model id to record, model, processor) for a local directory or a hub id."""
    model_id, local_only = _locate(source)
    return model_id, *_from_pretrained(model_id, source, local_only=local_only)


def _locate(source: str) -> tuple[str, bool]:
    """(model id to record, whether its files are all here) for a model that can be loaded, else raises
    ``ModelUnavailableError`` saying why: decided from the files on disk and the offline settings, without
    importing torch or transformers."""
    local = Path(source).expanduser()
    if local.is_dir():
        incomplete = _incomplete_directory(local)
        if incomplete:
            raise _unavailable(source, incomplete)
        return str(local.resolve()), True
    if not _HUB_ID.match(source):
        raise _unavailable(source, f"no model directory at {local}")
    if _in_hub_cache(source):
        return source, True
    if any(os.environ.get(v, "").strip().lower() in ("1", "true", "yes", "on") for v in _OFFLINE_VARIABLES):
        raise _unavailable(source, "it is not in the Hugging Face cache and HF_HUB_OFFLINE is set")
    if not hub_reachable():
        raise _unavailable(source, "it is not in the Hugging Face cache and the hub cannot be reached")
    return source, False


def _incomplete_directory(directory: Path) -> str | None:
    """What a model directory lacks of what ``save_pretrained`` writes (its config and weights), or None."""
    if not (directory / "config.json").is_file():
        return f"{directory} has no config.json (not a directory written by save_pretrained)"
    if not any((directory / name).is_file() for name in _WEIGHTS):
        return f"{directory} has config.json but no weights ({' or '.join(_WEIGHTS[::2])})"
    return None


def _in_hub_cache(repo_id: str) -> bool:
    """Whether the Hugging Face cache (``HF_HUB_CACHE`` / ``HF_HOME``) holds the repo's config and weights."""
    from huggingface_hub import try_to_load_from_cache

    def cached(name: str) -> bool:
        return isinstance(try_to_load_from_cache(repo_id, name), str)

    return cached("config.json") and any(cached(name) for name in _WEIGHTS)


def _from_pretrained(location: str, source: str, *, local_only: bool) -> tuple[Any, Any]:
    from transformers import AutoModel, AutoProcessor
    from transformers.utils import logging as hf_logging

    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    try:
        model = AutoModel.from_pretrained(location, local_files_only=local_only).eval()
        processor = AutoProcessor.from_pretrained(location, local_files_only=local_only)
    except (OSError, ValueError, KeyError, ImportError) as exc:  # ImportError: e.g. SigLIP 1 needs sentencepiece
        raise _unavailable(source, f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}") from exc
    finally:
        hf_logging.set_verbosity(verbosity)
        hf_logging.enable_progress_bar()
    if not (hasattr(model, "get_image_features") and hasattr(model, "get_text_features")):
        raise _unavailable(source, f"{type(model).__name__} is not an image-text model (SigLIP, SigLIP 2, CLIP)")
    return model, processor


def _unavailable(source: str, reason: str) -> ModelUnavailableError:
    return ModelUnavailableError(
        f"cannot load the visual embedding model {source!r}: {reason}. Provide one as a local directory "
        "(on a machine with network: `huggingface-cli download google/siglip2-base-patch16-224 --local-dir "
        "DIR`, or save_pretrained), then set embed_model to that directory: environment variable "
        'VQDB_EMBED_MODEL=DIR or `embed_model = "DIR"` in the corpus\'s vqdb.toml'
    )
