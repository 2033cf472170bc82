"""Tiny, randomly initialised image-text checkpoints saved like the real ones, for tests and benchmarks offline.

``build_tiny_siglip(path, family=...)`` saves a model of one of the three families vqdb serves, with a small
tokenizer built (offline, in milliseconds) the way that family's real checkpoints are tokenized:

- ``siglip2`` (the default, like ``google/siglip2-base-patch16-224``): a ``SiglipModel`` with a Gemma tokenizer
  (BPE on ``▁``-joined text, ``<pad>`` 0, ``<eos>`` 1 appended, no ``<bos>``) that does NOT lower-case; the
  checkpoint was trained on lower-cased text, so the caller must lower-case (``vqdb.models.siglip``).
- ``siglip`` (like ``google/siglip-base-patch16-224``): a ``SiglipTokenizer`` on a SentencePiece unigram model
  trained here; it lower-cases and drops punctuation itself and pads with ``</s>``.
- ``clip`` (like ``openai/clip-vit-base-patch32``): a ``CLIPModel`` with a byte-level BPE ``CLIPTokenizer``
  (lower-cases, pads with ``<|endoftext|>``), 77 text positions, resize-and-crop image processor.

The SigLIP tokenizers return only ``input_ids`` (as the official conversions save them: the models were trained
without an attention mask). ``build_siglip_base_shape`` saves a random SigLIP of the real base shape (patch 16,
224 px, 12 layers of 768): what a real model costs to run, for benchmarks, without a download.

Example:
    >>> import tempfile
    >>> path = build_tiny_siglip(tempfile.mkdtemp())
    >>> sorted(p.name for p in path.iterdir())[:2]
    ['config.json', 'model.safetensors']
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FAMILIES = ("siglip2", "siglip", "clip")

TINY_WORDS = [
    "a",
    "an",
    "the",
    "of",
    "in",
    "on",
    "with",
    "and",
    "photo",
    "picture",
    "video",
    "frame",
    "person",
    "people",
    "man",
    "woman",
    "child",
    "dog",
    "cat",
    "bird",
    "horse",
    "bike",
    "car",
    "bus",
    "tree",
    "flower",
    "sky",
    "water",
    "sea",
    "road",
    "street",
    "house",
    "room",
    "text",
    "sign",
    "screen",
    "red",
    "blue",
    "green",
    "white",
    "black",
    "yellow",
    "big",
    "small",
]


def build_tiny_siglip(
    path: str | Path, *, family: str = "siglip2", dim: int = 32, image_size: int = 32, seed: int = 0
) -> Path:
    """Save a tiny random model of ``family`` (embedding size ``dim``) and its processor to ``path``; returns it.

    ``family`` is ``siglip2`` (default), ``siglip`` or ``clip`` (see the module). Same ``seed``, same weights.
    Under 1 MB on disk, built in well under a second.

    Example:
        >>> import tempfile, json
        >>> path = build_tiny_siglip(tempfile.mkdtemp(), dim=16)
        >>> json.loads((path / "config.json").read_text())["vision_config"]["hidden_size"]
        16
        >>> clip = build_tiny_siglip(tempfile.mkdtemp(), family="clip")
        >>> json.loads((clip / "config.json").read_text())["model_type"]
        'clip'
    """
    layers = dict(hidden_size=dim, intermediate_size=2 * dim, num_hidden_layers=2, num_attention_heads=2)
    if family == "clip":
        return _build_random_clip(Path(path), layers, image_size, image_size // 4, seed)
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {', '.join(FAMILIES)}, got {family!r}")
    return _build_random_siglip(Path(path), family, layers, image_size, image_size // 4, seed)


def build_siglip_base_shape(path: str | Path, *, seed: int = 0) -> Path:
    """Save a random SigLIP 2 of the base shape (``google/siglip2-base-patch16-224``: 86M-parameter towers).

    ``benchmarks/ingest.py`` times ingest with it.

    Example (not run as a doctest: it writes about 800 MB of weights)::

        path = build_siglip_base_shape(tempfile.mkdtemp())
        json.loads((path / "config.json").read_text())["vision_config"]["num_hidden_layers"]  # 12
    """
    layers = dict(hidden_size=768, intermediate_size=3072, num_hidden_layers=12, num_attention_heads=12)
    return _build_random_siglip(Path(path), "siglip2", layers, 224, 16, seed)


def _build_random_siglip(path: Path, family: str, layers: dict, image_size: int, patch_size: int, seed: int) -> Path:
    from transformers import SiglipConfig, SiglipImageProcessor, SiglipModel, SiglipProcessor

    tokenizer = _gemma_tokenizer() if family == "siglip2" else _sentencepiece_tokenizer(path)
    text = dict(
        vocab_size=len(tokenizer),
        max_position_embeddings=64,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
    )
    settings = dict(text_config=text | layers, vision_config=_vision(image_size, patch_size) | layers)
    _save_random(SiglipModel, SiglipConfig, settings, path, seed)
    image_processor = SiglipImageProcessor(size={"height": image_size, "width": image_size})
    SiglipProcessor(image_processor=image_processor, tokenizer=tokenizer).save_pretrained(path)
    return path


def _build_random_clip(path: Path, layers: dict, image_size: int, patch_size: int, seed: int) -> Path:
    from transformers import CLIPConfig, CLIPImageProcessor, CLIPModel, CLIPProcessor, CLIPTokenizer

    tokenizer = _trained(CLIPTokenizer(model_max_length=77))
    text = dict(
        vocab_size=len(tokenizer),
        max_position_embeddings=77,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    vision = _vision(image_size, patch_size) | layers
    settings = dict(text_config=text | layers, vision_config=vision, projection_dim=layers["hidden_size"])
    _save_random(CLIPModel, CLIPConfig, settings, path, seed)
    crop = {"height": image_size, "width": image_size}
    image_processor = CLIPImageProcessor(size={"shortest_edge": image_size}, crop_size=crop)
    CLIPProcessor(image_processor=image_processor, tokenizer=tokenizer).save_pretrained(path)
    return path


def _gemma_tokenizer() -> Any:
    """A Gemma BPE tokenizer trained on the tiny words, cased, saved as SigLIP 2's (EOS appended, right padding)."""
    from transformers import GemmaTokenizer

    gemma = GemmaTokenizer(
        add_bos_token=False,
        add_eos_token=True,
        padding_side="right",
        model_input_names=["input_ids"],
        model_max_length=64,
    )
    return _trained(gemma)


def _trained(tokenizer: Any) -> Any:
    """``tokenizer`` (normalizer, pre-tokenizer, special tokens kept) with a BPE vocabulary of the tiny words."""
    return tokenizer.train_new_from_iterator(_word_corpus(), vocab_size=400, show_progress=False)


def _sentencepiece_tokenizer(path: Path) -> Any:
    """SigLIP 1's ``SiglipTokenizer`` on a SentencePiece unigram model trained on the tiny words (T5's ids)."""
    import sentencepiece
    from transformers import SiglipTokenizer

    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(_word_corpus()),
        model_writer=model,
        vocab_size=160,
        model_type="unigram",
        pad_id=0,
        eos_id=1,
        unk_id=2,
        bos_id=-1,
        num_threads=1,
        minloglevel=2,
    )
    path.mkdir(parents=True, exist_ok=True)
    (path / "spiece.model").write_bytes(model.getvalue())
    return SiglipTokenizer(vocab_file=str(path / "spiece.model"), model_input_names=["input_ids"])


def _word_corpus() -> list[str]:
    """The tiny words in lower, title and upper case, alone and after a space, and a few phrases of them."""
    cased = [form for word in TINY_WORDS for form in (word, word.title(), word.upper())]
    phrases = [" ".join(TINY_WORDS[i : i + 4]) for i in range(0, len(TINY_WORDS), 2)]
    return cased + [f" {word}" for word in cased] + phrases


def _vision(image_size: int, patch_size: int) -> dict:
    return dict(image_size=image_size, patch_size=patch_size)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """transformers' warnings and progress bars off: default sub-configs warn about the real vocabulary's ids."""
    from transformers.utils import logging as hf_logging

    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        hf_logging.set_verbosity(verbosity)
        hf_logging.enable_progress_bar()


def _save_random(model_class, config_class, settings: dict, path: Path, seed: int) -> None:
    import torch

    with _quiet(), torch.random.fork_rng():
        torch.manual_seed(seed)
        model_class(config_class(**settings)).eval().save_pretrained(path)
