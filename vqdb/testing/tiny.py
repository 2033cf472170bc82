"""A tiny, randomly initialised SigLIP saved like a real checkpoint, for tests and benchmarks offline.

``build_siglip_base_shape`` saves one of the real SigLIP base shape (patch 16, 224 px, 12 layers of 768),
random too: what a real model costs to run, for benchmarks, without a download.

The real SigLIP tokenizer needs a sentencepiece model file that cannot be made offline, so the tiny
checkpoint carries a small word-level ``tokenizers`` tokenizer (``PreTrainedTokenizerFast``) instead;
everything else (config, weights, image processor, ``SiglipProcessor``) is what ``save_pretrained``
writes for a real model, and it loads through the same ``AutoModel`` / ``AutoProcessor`` path.

Example:
    >>> import tempfile
    >>> path = build_tiny_siglip(tempfile.mkdtemp())
    >>> sorted(p.name for p in path.iterdir())[:2]
    ['config.json', 'model.safetensors']
"""

from __future__ import annotations

from pathlib import Path

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


def build_tiny_siglip(path: str | Path, *, dim: int = 32, image_size: int = 32, seed: int = 0) -> Path:
    """Save a tiny random SigLIP (embedding size ``dim``) and its processor to ``path``; returns it.

    Same ``seed`` gives the same weights. Under 1 MB on disk, built in well under a second.

    Example:
        >>> import tempfile, json
        >>> path = build_tiny_siglip(tempfile.mkdtemp(), dim=16)
        >>> json.loads((path / "config.json").read_text())["vision_config"]["hidden_size"]
        16
    """
    layers = dict(hidden_size=dim, intermediate_size=2 * dim, num_hidden_layers=2, num_attention_heads=2)
    return _build_random_siglip(path, layers, image_size, image_size // 4, seed)


def build_siglip_base_shape(path: str | Path, *, seed: int = 0) -> Path:
    """Save a random SigLIP of the base shape (``google/siglip-base-patch16-224``: 86M-parameter towers).

    Example:
        >>> import tempfile, json
        >>> path = build_siglip_base_shape(tempfile.mkdtemp())  # doctest: +SKIP
        >>> json.loads((path / "config.json").read_text())["vision_config"]["num_hidden_layers"]  # doctest: +SKIP
        12
    """
    layers = dict(hidden_size=768, intermediate_size=3072, num_hidden_layers=12, num_attention_heads=12)
    return _build_random_siglip(path, layers, 224, 16, seed)


def _build_random_siglip(path: str | Path, layers: dict, image_size: int, patch_size: int, seed: int) -> Path:
    import torch
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
    from transformers import (
        PreTrainedTokenizerFast,
        SiglipConfig,
        SiglipImageProcessor,
        SiglipModel,
        SiglipProcessor,
    )
    from transformers.utils import logging as hf_logging

    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    vocab = {"<pad>": 0, "</s>": 1, "<unk>": 2} | {w: i + 3 for i, w in enumerate(TINY_WORDS)}
    word_level = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    word_level.normalizer = normalizers.Lowercase()
    word_level.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=word_level, pad_token="<pad>", eos_token="</s>", unk_token="<unk>", model_max_length=64
    )
    text = dict(vocab_size=len(vocab), max_position_embeddings=64, pad_token_id=0, bos_token_id=1, eos_token_id=1)
    vision = dict(image_size=image_size, patch_size=patch_size)
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()  # SiglipConfig's default sub-configs warn about the real vocabulary's ids
    try:
        config = SiglipConfig(text_config=text | layers, vision_config=vision | layers)
        with torch.random.fork_rng():
            torch.manual_seed(seed)
            model = SiglipModel(config).eval()
        model.save_pretrained(path)
    finally:
        hf_logging.set_verbosity(verbosity)
    image_processor = SiglipImageProcessor(size={"height": image_size, "width": image_size})
    SiglipProcessor(image_processor=image_processor, tokenizer=tokenizer).save_pretrained(path)
    return path
