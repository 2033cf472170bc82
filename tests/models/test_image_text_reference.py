"""vqdb's image and text vectors equal the reference usage documented for transformers, for each family it serves.

The reference is what the model cards and the transformers docs show: ``AutoProcessor`` + ``AutoModel``,
``get_image_features`` on PIL images, ``get_text_features`` on texts prepared as documented: SigLIP 2 lower-cased
("Model was trained with *lowercased* text") with ``padding="max_length", max_length=64``; SigLIP 1 with
``padding="max_length"``; CLIP with ``padding=True``. Each tiny checkpoint is tokenized like the real ones
(``vqdb.testing.tiny``), so a difference in preparation shows as a difference in vectors.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

from vqdb.config import Config
from vqdb.models.device import placement
from vqdb.models.siglip import SiglipEmbedder
from vqdb.testing.tiny import FAMILIES, build_tiny_siglip

TEXTS = [
    "A DOG ON A ROAD",
    "a dog on a road",
    "A Photo of a big red Car, in the street!",
    "sky",
    "",
    "a man and a woman with a child and a dog on a bike in the street by a big white house",
]
DOCUMENTED_TEXT_PREPARATION = {
    "siglip2": lambda texts: dict(text=[t.lower() for t in texts], padding="max_length", max_length=64),
    "siglip": lambda texts: dict(text=texts, padding="max_length"),
    "clip": lambda texts: dict(text=texts, padding=True),
}
# bf16 keeps 8 bits of mantissa; vqdb autocasts while the reference casts the weights (the CPU gives >= 0.9999)
BF16_MIN_COSINE = 0.999


@pytest.fixture(scope="module", params=FAMILIES)
def checkpoint(request, tmp_path_factory) -> tuple[str, object]:
    return request.param, build_tiny_siglip(tmp_path_factory.mktemp(request.param), family=request.param)


def _images() -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    shapes = [(32, 32), (48, 80), (90, 40), (17, 23)]  # square, wide, tall, smaller than the model's input
    return [rng.integers(0, 256, (*shape, 3), dtype=np.uint8) for shape in shapes]


def _reference(path, family: str, texts: list[str], images: list[np.ndarray], device="cpu", dtype=torch.float32):
    """(text vectors, image vectors) as the documented transformers usage computes them, L2-normalized."""
    from PIL import Image
    from transformers import AutoModel, AutoProcessor

    model = AutoModel.from_pretrained(path, dtype=dtype).to(device).eval()
    processor = AutoProcessor.from_pretrained(path)
    text_inputs = processor(**DOCUMENTED_TEXT_PREPARATION[family](texts), return_tensors="pt").to(device)
    image_inputs = processor(images=[Image.fromarray(image) for image in images], return_tensors="pt").to(device)
    image_inputs["pixel_values"] = image_inputs["pixel_values"].to(dtype)
    with torch.no_grad():
        text = model.get_text_features(**text_inputs)
        image = model.get_image_features(**image_inputs)
    return tuple(
        torch.nn.functional.normalize(getattr(out, "pooler_output", out).float(), dim=-1).cpu().numpy()
        for out in (text, image)
    )


def test_text_and_image_vectors_equal_the_reference_in_fp32(checkpoint):
    family, path = checkpoint
    embedder = SiglipEmbedder(path, batch_size=4)
    texts, images = _reference(path, family, TEXTS, _images())
    np.testing.assert_allclose(embedder.embed_texts(TEXTS), texts, atol=1e-5)
    np.testing.assert_allclose(embedder.embed_images(_images()), images, atol=1e-5)


def test_the_family_is_recognised_from_the_checkpoint(checkpoint):
    family, path = checkpoint
    assert SiglipEmbedder(path).text_preparation.family == family


def test_siglip2_embeds_a_text_the_same_in_any_case(tmp_path):
    embedder = SiglipEmbedder(build_tiny_siglip(tmp_path, family="siglip2"))
    upper, lower = embedder.embed_texts(["A DOG ON A ROAD", "a dog on a road"])
    np.testing.assert_array_equal(upper, lower)
    tokenizer = embedder._processor.tokenizer  # the Gemma tokenizer itself keeps the case: the test can fail
    assert tokenizer("A DOG ON A ROAD")["input_ids"] != tokenizer("a dog on a road")["input_ids"]


@pytest.mark.parametrize("family", ["siglip2", "siglip"])
def test_siglip_texts_are_padded_to_64_with_the_pad_id_and_no_mask(tmp_path, family):
    embedder = SiglipEmbedder(build_tiny_siglip(tmp_path, family=family))
    tokenizer = embedder._processor.tokenizer
    inputs = embedder.text_preparation.tokenize(tokenizer, ["a dog", TEXTS[-1] * 3])
    ids = inputs["input_ids"]
    assert list(inputs) == ["input_ids"] and tuple(ids.shape) == (2, 64)
    assert ids[0, -1] == tokenizer.pad_token_id and tokenizer.eos_token_id in ids[0].tolist()
    assert ids[1, -1] == tokenizer.eos_token_id  # a text cut at 64 tokens still ends with its end token


def test_a_siglip2_tokenizer_saved_with_left_padding_still_pads_on_the_right(tmp_path):
    from transformers import AutoTokenizer

    path = build_tiny_siglip(tmp_path / "right", family="siglip2")
    expected = SiglipEmbedder(path).embed_texts(TEXTS)
    AutoTokenizer.from_pretrained(path, padding_side="left").save_pretrained(path)  # GemmaTokenizer's default
    np.testing.assert_allclose(SiglipEmbedder(path).embed_texts(TEXTS), expected, atol=1e-6)


def test_sql_similarity_embeds_query_texts_through_the_same_preparation(tmp_path):
    import vqdb
    from vqdb.store import Store

    model = build_tiny_siglip(tmp_path / "model", family="siglip2")
    with Store.create(tmp_path / "corpus") as store:
        store.update_manifest(embed_model=str(model), embed_dim=32)
    expected = SiglipEmbedder(model).embed_texts(["a dog on a road"])[0]
    with vqdb.connect(store.root) as corpus:
        vector, same = corpus.sql(
            "SELECT vq_text_vector('A Dog On A Road'), similarity(vq_embed_text('A DOG ON A ROAD'), 'a dog on a road')"
        ).fetchone()
    np.testing.assert_allclose(np.asarray(vector), expected, atol=1e-6)
    assert same == pytest.approx(1.0, abs=1e-6)


def _check_bf16(family: str, path, device: str) -> None:
    """vqdb in bf16 on ``device`` against the documented usage with bf16 weights there: every vector within
    ``BF16_MIN_COSINE`` of the reference's, and nearer its own text's (image's) reference than any other's, so
    that a preparation error (a random tiny model's texts differ by little) cannot hide in the tolerance."""
    embedder = SiglipEmbedder(path, place=placement(Config(device=device, precision="bf16")))
    texts, images = _reference(path, family, TEXTS, _images(), device=device, dtype=torch.bfloat16)
    for ours, reference in ((embedder.embed_texts(TEXTS), texts), (embedder.embed_images(_images()), images)):
        cosines = ours @ reference.T
        assert np.all(np.diag(cosines) >= BF16_MIN_COSINE)
        assert np.all(np.diag(cosines) >= cosines.max(axis=1) - 1e-6)  # ties: texts the family prepares alike


def test_text_and_image_vectors_match_the_reference_in_bf16_on_the_cpu(checkpoint):
    _check_bf16(*checkpoint, device="cpu")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device: the bf16 comparison on a GPU needs one")
def test_text_and_image_vectors_match_the_reference_in_bf16_on_cuda(checkpoint):
    _check_bf16(*checkpoint, device="cuda")
