"""A local vision-language model as a chat backend (``AutoModelForImageTextToText`` + ``AutoProcessor``).

It takes the same messages as the OpenAI-compatible client: content parts ``{"type": "text"}`` and
``{"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,..."}}`` (see
:func:`vqdb.models.protocols.image_part`), and returns a :class:`ChatResult` with per-token
log-probabilities computed from the model's logits. ``registry.vision_language_model(config)`` builds it
when ``vlm_model`` is set without ``vlm_base_url`` (or ``vlm_backend = "transformers"``).

Example (not run as a doctest: it needs the model's weights from the Hugging Face hub)::

    from vqdb.models.protocols import image_part
    vlm = TransformersVLM("HuggingFaceTB/SmolVLM-256M-Instruct")
    parts = [image_part(jpeg), {"type": "text", "text": "What is shown?"}]
    vlm.complete([{"role": "user", "content": parts}])  # ChatResult(text='A title card that says Hello world', ...)
"""

from __future__ import annotations

import base64
import io
from typing import Any

from PIL import Image

from vqdb.models.protocols import BackendError, ChatRequest, ChatResult
from vqdb.models.registry import register
from vqdb.models.transformers_chat import JSON_INSTRUCTION, LocalModel, generate

DATA_URL_PREFIX = "data:image/"


@register("vlm", "transformers")
class TransformersVLM(LocalModel):
    """A vision-language model run locally through transformers (a hub id or a local directory)."""

    what = "vision-language model"
    role = "vlm"
    config_fields = ("vlm_model", "device", "precision", "cpu_threads")

    def _load(self) -> None:
        from transformers import AutoModelForImageTextToText, AutoProcessor

        self.processor = AutoProcessor.from_pretrained(self.model_id)
        self.model = self._place(AutoModelForImageTextToText.from_pretrained(self.model_id))

    def _generate(self, messages: list[dict], request: ChatRequest) -> ChatResult:
        """The model's reply to text and images; local decoding is not constrained: asking for JSON adds an
        instruction."""
        converted = [to_processor_message(m) for m in messages]
        if request.json_mode:
            converted = [{"role": "system", "content": [{"type": "text", "text": JSON_INSTRUCTION}]}, *converted]
        try:
            inputs = self.processor.apply_chat_template(
                converted, add_generation_prompt=True, tokenize=True, return_dict=True, return_tensors="pt"
            )
        except (ValueError, TypeError, KeyError) as exc:
            raise BackendError(f"the processor of {self.model_id!r} cannot encode these messages: {exc}") from exc
        return generate(self.model, self.processor.tokenizer, dict(inputs), request, self.max_new_tokens)


def to_processor_message(message: dict) -> dict:
    """An OpenAI-style message as a transformers processor expects it (images decoded to PIL).

    Example:
        >>> to_processor_message({"role": "user", "content": "hi"})
        {'role': 'user', 'content': [{'type': 'text', 'text': 'hi'}]}
    """
    content = message["content"]
    if isinstance(content, str):
        return {"role": message["role"], "content": [{"type": "text", "text": content}]}
    parts = []
    for part in content:
        kind = part.get("type")
        if kind == "text":
            parts.append({"type": "text", "text": part["text"]})
        elif kind == "image_url":
            parts.append({"type": "image", "image": decode_data_url(part["image_url"]["url"])})
        elif kind == "image":
            image = part["image"]
            parts.append({"type": "image", "image": _open(image) if isinstance(image, bytes) else image})
        else:
            raise BackendError(f"unsupported content part type {kind!r}; use text, image_url or image")
    return {"role": message["role"], "content": parts}


def decode_data_url(url: str) -> Image.Image:
    """The image of a ``data:image/...;base64,`` URL (remote URLs are refused: no network at run time).

    Example:
        >>> import base64, io
        >>> from PIL import Image
        >>> buf = io.BytesIO(); Image.new("RGB", (4, 3)).save(buf, "JPEG")
        >>> decode_data_url("data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode()).size
        (4, 3)
    """
    if not url.startswith(DATA_URL_PREFIX) or ";base64," not in url:
        raise BackendError(
            f"a local VLM needs images as data:image/...;base64 URLs, got {url[:40]!r}...; "
            "use vqdb.models.protocols.image_part(jpeg_bytes)"
        )
    return _open(base64.b64decode(url.split(";base64,", 1)[1]))


def _open(data: bytes) -> Any:
    try:
        image = Image.open(io.BytesIO(data))
        return image.convert("RGB")
    except OSError as exc:
        raise BackendError(f"an image part is not a decodable image ({len(data)} bytes): {exc}") from exc
