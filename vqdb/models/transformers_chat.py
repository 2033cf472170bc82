"""A local causal language model as a chat backend (transformers; a hub id or a local directory).

A ``vqdb.models.protocols.ChatModel``, like :class:`vqdb.models.openai_chat.ChatClient`:
``complete(messages, ...) -> ChatResult`` with per-token log-probabilities computed from the model's own
logits. ``registry.chat_model(config)`` builds it for ``llm_backend = "transformers"`` and ``llm_model``.

Example (not run as a doctest: it needs the model's weights from the Hugging Face hub)::

    chat = TransformersChat("Qwen/Qwen2.5-0.5B-Instruct")
    chat.complete([{"role": "user", "content": "Say hi"}], max_tokens=8).text  # 'Hi! How can I help?'
"""

from __future__ import annotations

import abc
from typing import Any, ClassVar

from vqdb.config import Config
from vqdb.errors import ConfigError, ModelUnavailableError
from vqdb.models.device import Placement, placement
from vqdb.models.protocols import BackendError, ChatModel, ChatRequest, ChatResult, text_content
from vqdb.models.registry import register

JSON_INSTRUCTION = "Reply with one JSON object and nothing else."


class LocalModel(ChatModel):
    """What the local transformers chat models share: loading by id or path, with errors that say what to do.

    Subclasses set ``what`` (the kind of model, for messages) and ``role`` (``llm`` or ``vlm``: the
    ``<role>_model`` setting names the model), and implement ``_load`` (weights in ``self.placement``'s
    dtype, on its device: :meth:`_place`) and ``ChatModel``'s ``_generate`` (with :func:`generate`).
    """

    what = "model"
    role: ClassVar[str]

    def __init__(self, model_id_or_path: str, max_new_tokens: int = 256, place: Placement | None = None):
        if max_new_tokens < 1:
            raise ConfigError(f"max_new_tokens must be >= 1, got {max_new_tokens!r}")
        self.model_id = str(model_id_or_path)
        self.max_new_tokens = int(max_new_tokens)
        self.placement = place or Placement("cpu", "fp32")
        self.device, self.precision = self.placement.device, self.placement.precision
        self.placement.use_torch_threads()
        try:
            self._load()
        except (OSError, ValueError) as exc:
            raise ModelUnavailableError(
                f"cannot load the {self.what} {self.model_id!r}: {exc}. Give a local directory holding the "
                "model and its tokenizer or processor files, or a hub id while online"
            ) from exc

    @classmethod
    def from_config(cls, config: Config) -> LocalModel:
        """The model ``<role>_model`` names (a hub id or a local directory)."""
        model = getattr(config, f"{cls.role}_model")
        if not model:
            raise ConfigError(
                f"{cls.role}_backend 'transformers' needs a model: set VQDB_{cls.role.upper()}_MODEL (or "
                f"{cls.role}_model in vqdb.toml) to a hub id or a local directory"
            )
        return cls(model, place=placement(config))

    def _place(self, model: Any) -> Any:
        """``model`` in the placement's precision, on its device, in eval mode."""
        return model.to(device=self.device, dtype=self.placement.torch_dtype).eval()

    @abc.abstractmethod
    def _load(self) -> None:
        """Load the model (and its tokenizer or processor) from ``self.model_id``."""

    @property
    def name(self) -> str:
        """``transformers:<id or path>``, the model id recorded with cached answers."""
        return f"transformers:{self.model_id}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.model_id!r})"


@register("chat", "transformers")
class TransformersChat(LocalModel):
    """A causal LM loaded with ``AutoModelForCausalLM`` and its tokenizer's chat template.

    Messages whose content is a list of parts keep only their text parts; an image part raises
    :class:`BackendError` (use :class:`vqdb.models.transformers_vlm.TransformersVLM` for images).
    """

    what = "causal LM"
    role = "llm"
    config_fields = ("llm_model", "device", "precision", "cpu_threads")

    def _load(self) -> None:
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.tokenizer = AutoTokenizer.from_pretrained(self.model_id)
        self.model = self._place(AutoModelForCausalLM.from_pretrained(self.model_id))

    def _generate(self, messages: list[dict], request: ChatRequest) -> ChatResult:
        """The model's reply; local decoding is not constrained: asking for JSON adds an instruction."""
        messages = [{"role": m["role"], "content": text_content(m["content"], "transformers")} for m in messages]
        if request.json_mode:
            messages = [{"role": "system", "content": JSON_INSTRUCTION}, *messages]
        return generate(self.model, self.tokenizer, self._encode(messages), request, self.max_new_tokens)

    def _encode(self, messages: list[dict]) -> dict:
        if getattr(self.tokenizer, "chat_template", None):
            return self.tokenizer.apply_chat_template(
                messages, add_generation_prompt=True, return_tensors="pt", return_dict=True
            )
        prompt = "".join(f"{m['role']}: {m['content']}\n" for m in messages) + "assistant:"
        return self.tokenizer(prompt, return_tensors="pt")


def generate(model: Any, tokenizer: Any, inputs: dict, request: ChatRequest, max_new_tokens: int) -> ChatResult:
    """Run ``model.generate`` on encoded ``inputs`` as ``request`` asks (at most ``max_new_tokens`` when it
    does not say); the log-probabilities come from the raw logits.

    The end-of-sequence token is not part of the text nor of the log-probabilities.
    """
    import torch

    temperature = request.temperature
    sampling = {"do_sample": True, "temperature": temperature} if temperature > 0 else {"do_sample": False}
    eos = _eos_ids(model, tokenizer)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else min(eos, default=0)
    inputs = {k: _on_model(v, model) for k, v in inputs.items()}
    with torch.inference_mode():
        out = model.generate(
            **inputs,
            max_new_tokens=request.max_tokens or max_new_tokens,
            pad_token_id=pad,
            return_dict_in_generate=True,
            output_logits=request.logprobs,
            **sampling,
        )
    new_ids = out.sequences[0, inputs["input_ids"].shape[1] :].tolist()
    keep = len(new_ids)
    while keep and new_ids[keep - 1] in eos:
        keep -= 1
    ids = new_ids[:keep]
    text = tokenizer.decode(ids, skip_special_tokens=True)
    tokens = [tokenizer.decode([i]) for i in ids]
    raw: dict[str, Any] = {"model": getattr(model, "name_or_path", ""), "token_ids": ids}
    if not request.logprobs:
        return ChatResult(text, None, raw, tokens)
    if not out.logits:
        raise BackendError("the model returned no logits although logprobs were requested")
    steps = torch.log_softmax(torch.stack(out.logits[:keep]).float()[:, 0, :], dim=-1)
    chosen = [float(steps[i, tok]) for i, tok in enumerate(ids)]
    best = torch.topk(steps, k=min(request.top_logprobs, steps.shape[-1]), dim=-1)
    tops = [
        {tokenizer.decode([int(t)]): float(v) for t, v in zip(idx, val, strict=True)}
        for idx, val in zip(best.indices.tolist(), best.values.tolist(), strict=True)
    ]
    return ChatResult(text, chosen, raw, tokens, tops)


def _on_model(value: Any, model: Any) -> Any:
    """An input tensor on the model's device; floating ones (pixel values) in the model's dtype."""
    if not hasattr(value, "to"):
        return value
    return value.to(model.device, dtype=model.dtype) if value.is_floating_point() else value.to(model.device)


def _eos_ids(model: Any, tokenizer: Any) -> set[int]:
    ids = getattr(model.generation_config, "eos_token_id", None)
    ids = set(ids if isinstance(ids, list) else [ids] if ids is not None else [])
    if tokenizer.eos_token_id is not None:
        ids.add(tokenizer.eos_token_id)
    return ids
