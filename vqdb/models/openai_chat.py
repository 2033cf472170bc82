"""A client for any OpenAI-compatible chat-completions endpoint (vLLM, Ollama, llama.cpp server, OpenAI).

Also the VLM backend: images travel as ``image_url`` content parts holding ``data:image/jpeg;base64,``
URLs (see ``vqdb.models.protocols.image_part``). Only the standard library is used for HTTP.

Configured by arguments, or by ``Config`` through the registry: ``llm_base_url``, ``llm_model``,
``llm_api_key`` (``VQDB_LLM_BASE_URL``, ``VQDB_LLM_MODEL``, ``VQDB_LLM_API_KEY`` or ``OPENAI_API_KEY``)
for the text LLM (``registry.chat_model``); ``vlm_base_url``, ``vlm_model``, ``vlm_api_key``
(``VQDB_VLM_*``) for the vision-language model (``registry.vision_language_model``).

Example:
    >>> client = ChatClient("http://localhost:8000/v1", "qwen2.5-vl")
    >>> client.endpoint
    'http://localhost:8000/v1/chat/completions'

Against a server (not run as a doctest: it needs one answering at that address)::

    client.complete([{"role": "user", "content": "Say hi"}])  # ChatResult(text='Hi!', token_logprobs=None, ...)
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.error
import urllib.request
from typing import Any, ClassVar

from vqdb.config import Config
from vqdb.errors import ConfigError
from vqdb.models.protocols import BackendError, ChatModel, ChatRequest, ChatResult
from vqdb.models.registry import register

RETRYABLE_STATUS = frozenset({408, 429, 500, 502, 503, 504})


@register("chat", "openai")
class ChatClient(ChatModel):
    """A chat-completions client with bounded retries (exponential backoff on 408/429/5xx and timeouts).

    ``base_url`` is the API root (``http://host:8000/v1``); a URL already ending in
    ``/chat/completions`` is used as is.

    Example:
        >>> ChatClient("http://127.0.0.1:11434/v1/", "llava").endpoint
        'http://127.0.0.1:11434/v1/chat/completions'
    """

    role: ClassVar[str] = "llm"  # configured by the llm_* settings (the text LLM)
    config_fields: ClassVar[tuple[str, ...]] = ("llm_base_url", "llm_model", "llm_api_key")

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        *,
        backoff_s: float = 0.5,
    ):
        if not base_url or not base_url.startswith(("http://", "https://")):
            raise ConfigError(
                f"chat base_url must be an http(s) URL such as http://localhost:8000/v1, got {base_url!r}"
            )
        if not model:
            raise ConfigError("chat model name is empty; pass model= or set VQDB_LLM_MODEL / VQDB_VLM_MODEL")
        if timeout <= 0 or max_retries < 0:
            raise ConfigError(f"need timeout > 0 and max_retries >= 0, got {timeout!r}, {max_retries!r}")
        base = base_url.rstrip("/")
        self.endpoint = base if base.endswith("/chat/completions") else base + "/chat/completions"
        self.model = model
        self.api_key = api_key
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        self.backoff_s = float(backoff_s)

    @classmethod
    def from_config(cls, config: Config) -> ChatClient:
        """The client of the endpoint ``config`` names (``<role>_base_url``, ``_model``, ``_api_key``).

        Example:
            >>> ChatClient.from_config(Config(llm_base_url="http://localhost:8000/v1", llm_model="qwen")).model
            'qwen'
        """
        role = cls.role
        base_url, model, api_key = (getattr(config, f"{role}_{s}") for s in ("base_url", "model", "api_key"))
        if not base_url or not model:
            prefix = f"VQDB_{role.upper()}_"
            raise ConfigError(
                f"no {role.upper()} endpoint configured: set {prefix}BASE_URL (e.g. http://localhost:8000/v1) "
                f"and {prefix}MODEL, or {role}_base_url and {role}_model in vqdb.toml"
            )
        return cls(base_url, model, api_key or None)

    @property
    def name(self) -> str:
        """``openai:<model>``, the model id recorded with cached answers."""
        return f"openai:{self.model}"

    def _generate(self, messages: list[dict], request: ChatRequest) -> ChatResult:
        """Send ``messages`` and return the first choice; servers that ignore a request for log-probabilities
        give ``token_logprobs=None``."""
        body: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": request.temperature}
        if request.max_tokens is not None:
            body["max_tokens"] = int(request.max_tokens)
        if request.logprobs:
            body["logprobs"] = True
            body["top_logprobs"] = int(request.top_logprobs)
        if request.json_mode:
            body["response_format"] = {"type": "json_object"}
        reply = self._post(body)
        return parse_reply(reply, self.endpoint)

    def _post(self, body: dict) -> dict:
        data = json.dumps(body).encode("utf-8")
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        attempts = self.max_retries + 1
        for attempt in range(attempts):
            request = urllib.request.Request(self.endpoint, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    payload = response.read()
                break
            except urllib.error.HTTPError as exc:
                detail = _error_detail(exc)
                if exc.code not in RETRYABLE_STATUS or attempt == attempts - 1:
                    raise BackendError(
                        f"{self.endpoint} answered HTTP {exc.code} {exc.reason} after {attempt + 1} attempt(s): "
                        f"{detail}. Check the URL, model name {self.model!r} and API key"
                    ) from exc
            except (TimeoutError, urllib.error.URLError) as exc:
                timed_out = isinstance(exc, TimeoutError) or isinstance(getattr(exc, "reason", None), TimeoutError)
                if not timed_out:
                    raise BackendError(
                        f"cannot reach {self.endpoint}: {exc.reason}. Is the server running at that address?"
                    ) from exc
                if attempt == attempts - 1:
                    raise BackendError(
                        f"{self.endpoint} did not answer within {self.timeout:g} s ({attempts} attempt(s)); "
                        "raise timeout= or check that the server is up"
                    ) from exc
            except (http.client.HTTPException, ConnectionError) as exc:
                raise BackendError(f"{self.endpoint} broke the connection: {exc!r}; check the server") from exc
            time.sleep(self.backoff_s * (2**attempt))
        try:
            return json.loads(payload)
        except ValueError as exc:
            raise BackendError(f"{self.endpoint} replied with something that is not JSON: {payload[:200]!r}") from exc

    def __repr__(self) -> str:
        return f"ChatClient({self.endpoint!r}, {self.model!r})"


@register("vlm", "openai")
class VisionChatClient(ChatClient):
    """The same client, as the vision-language model: configured by the ``vlm_*`` settings.

    Example:
        >>> VisionChatClient.from_config(Config(vlm_base_url="http://localhost:8000/v1", vlm_model="llava")).name
        'openai:llava'
    """

    role = "vlm"
    config_fields = ("vlm_base_url", "vlm_model", "vlm_api_key")


def parse_reply(reply: dict, source: str = "backend") -> ChatResult:
    """Turn a chat-completions reply into a :class:`ChatResult` (text, logprobs, top alternatives).

    Example:
        >>> reply = {"choices": [{"message": {"content": "B"}, "logprobs": {"content": [
        ...     {"token": "B", "logprob": -0.1, "top_logprobs": [{"token": "B", "logprob": -0.1}]}]}}]}
        >>> r = parse_reply(reply)
        >>> r.text, r.token_logprobs, r.top_logprobs
        ('B', [-0.1], [{'B': -0.1}])
    """
    try:
        choice = reply["choices"][0]
        content = choice["message"]["content"]
    except (KeyError, IndexError, TypeError) as exc:
        raise BackendError(f"{source} reply has no choices[0].message.content; got {json.dumps(reply)[:300]}") from exc
    if isinstance(content, list):  # some servers return content parts
        content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    if not isinstance(content, str):
        raise BackendError(f"{source} reply content is {type(content).__name__}, expected text: {content!r}")
    entries = ((choice.get("logprobs") or {}).get("content")) or None
    tokens = logprobs = tops = None
    if entries:
        try:
            tokens = [e["token"] for e in entries]
            logprobs = [float(e["logprob"]) for e in entries]
            tops = [{t["token"]: float(t["logprob"]) for t in e.get("top_logprobs") or []} for e in entries]
        except (KeyError, TypeError, ValueError) as exc:
            raise BackendError(f"{source} reply has malformed logprobs: {json.dumps(entries)[:300]}") from exc
    return ChatResult(content, logprobs, reply, tokens, tops)


def _error_detail(exc: urllib.error.HTTPError) -> str:
    try:
        body = exc.read().decode("utf-8", "replace")
    except OSError:
        return "(no body)"
    try:
        message = json.loads(body).get("error", body)
        if isinstance(message, dict):
            message = message.get("message", message)
        return str(message)[:300]
    except (ValueError, AttributeError):
        return body[:300] or "(empty body)"
