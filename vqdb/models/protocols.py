"""What every kind of model provider offers, and the values they return.

Code that uses a model depends only on this module and obtains the provider from
``vqdb.models.registry`` (``image_text_embedder(config)``, ``chat_model(config)``...), never from a
concrete class. The value types (``Transcript``, ``TextBox``, ``ChatResult``...) live here too: they are
the contract between a provider and its users, and a second provider of a kind returns the same ones.

| kind (registry) | protocol | provider today |
|---|---|---|
| ``image_text`` | :class:`ImageTextEmbedder` | SigLIP / SigLIP 2 / CLIP (``siglip.py``) |
| ``text`` | :class:`TextEmbedder` (sentence embeddings) | all-MiniLM-L6-v2 (``minilm.py``) |
| ``asr`` | :class:`SpeechRecognizer` | faster-whisper (``whisper.py``) |
| ``ocr`` | :class:`OcrReader` | EasyOCR (``easyocr_reader.py``) |
| ``audio`` | :class:`AudioTagger` | YAMNet (``yamnet.py``) |
| ``chat`` | :class:`ChatModel` | OpenAI-compatible endpoint, local transformers LM, GGUF by llama.cpp |
| ``vlm`` | :class:`VisionLanguageModel` | OpenAI-compatible endpoint, local transformers VLM |

The providers that ingest uses also say where they run: ``device`` (``cpu``, ``cuda:0``) and ``precision``
(``fp32``, ``bf16``, ``fp16``, or the library's own term such as Whisper's ``int8``), see
``vqdb.models.device``; extractors record both with their rows.

Example:
    >>> import numpy as np
    >>> class Ones:
    ...     model_id, dim, device, precision = "ones", 2, "cpu", "fp32"
    ...     def embed_texts(self, texts):
    ...         return np.full((len(texts), 2), 2**-0.5, dtype=np.float32)
    >>> isinstance(Ones(), TextEmbedder)
    True
"""

from __future__ import annotations

import base64
import dataclasses
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from vqdb.errors import ConfigError, VqdbError

if TYPE_CHECKING:
    from vqdb.config import Config


class Provider(Protocol):
    """How the registry builds a provider: ``from_config(config)``, shared per values of ``config_fields``.

    ``config_fields`` names the ``Config`` settings the provider reads; two configs that agree on them get
    the same instance. ``from_config`` raises ``ModelUnavailableError`` (remembered, not retried) when the
    model cannot be loaded here, and ``ConfigError`` when the settings are wrong.

    Example:
        >>> from vqdb.models.minilm import MiniLM
        >>> MiniLM.config_fields
        ('device', 'precision', 'cpu_threads')
    """

    config_fields: ClassVar[tuple[str, ...]]

    @classmethod
    def from_config(cls, config: Config) -> Any: ...


# -- embedders ----------------------------------------------------------------------------------------
@runtime_checkable
class TextEmbedder(Protocol):
    """Turns texts into L2-normalized float32 vectors of a fixed dimension (e.g. sentence embeddings).

    ``embed_texts(texts)`` returns an array of shape ``(len(texts), dim)``, each row of norm 1.

    Example:
        >>> hasattr(TextEmbedder, "embed_texts")
        True
    """

    model_id: str
    dim: int
    device: str
    precision: str

    def embed_texts(self, texts: list[str]) -> np.ndarray: ...


@runtime_checkable
class ImageTextEmbedder(TextEmbedder, Protocol):
    """Embeds images and texts into one space (SigLIP, CLIP): cosine similarity compares them.

    ``embed_images(images)`` takes RGB uint8 arrays (H x W x 3) and returns ``(len(images), dim)``
    float32, each row of norm 1; ``embed_texts`` likewise for texts.

    Example:
        >>> sorted(m for m in ("embed_images", "embed_texts") if hasattr(ImageTextEmbedder, m))
        ['embed_images', 'embed_texts']
    """

    def embed_images(self, images: list[np.ndarray]) -> np.ndarray: ...


# -- speech -------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Word:
    """One recognized word (with its leading space and punctuation, as Whisper writes it)."""

    word: str
    start_s: float
    end_s: float
    probability: float


@dataclasses.dataclass(frozen=True)
class Segment:
    """One decoded segment and its words."""

    start_s: float
    end_s: float
    text: str
    avg_logprob: float
    no_speech_prob: float
    words: tuple[Word, ...]


@dataclasses.dataclass(frozen=True)
class Transcript:
    """All segments of one audio track and its detected language.

    Example:
        >>> Transcript(language="en", segments=()).text
        ''
    """

    language: str
    segments: tuple[Segment, ...]

    @property
    def text(self) -> str:
        """The whole transcript as one string."""
        return " ".join(s.text.strip() for s in self.segments)


@runtime_checkable
class SpeechRecognizer(Protocol):
    """Speech to text: ``transcribe(samples)`` of 16 kHz mono float32 samples returns a :class:`Transcript`.

    ``model_id`` names what was loaded and ``settings`` how it decodes (beam size, VAD...); both are
    recorded with the transcripts.

    Example:
        >>> class Silent:
        ...     model_id, settings, device, precision = "silence", {}, "cpu", "fp32"
        ...     def transcribe(self, samples):
        ...         return Transcript("", ())
        >>> isinstance(Silent(), SpeechRecognizer)
        True
    """

    model_id: str
    settings: dict[str, Any]
    device: str
    precision: str

    def transcribe(self, samples: np.ndarray) -> Transcript: ...


# -- on-screen text -----------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class TextBox:
    """One piece of text read on an image: text, confidence 0..1 and box normalized to 0..1.

    Example:
        >>> TextBox("Hello", 0.9, (0.1, 0.2, 0.5, 0.3)).box_dict()
        {'x0': 0.1, 'y0': 0.2, 'x1': 0.5, 'y1': 0.3}
    """

    text: str
    confidence: float
    box: tuple[float, float, float, float]

    def box_dict(self) -> dict[str, float]:
        """The box as the ``{x0, y0, x1, y1}`` struct of the ``ocr`` table."""
        return dict(zip(("x0", "y0", "x1", "y1"), self.box, strict=True))


def text_weight(reads: Sequence[TextBox]) -> float:
    """How much text a reading holds, by confidence: the sum over its reads of confidence x characters (what a
    reading of an image turned one way or another is compared by).

    Example:
        >>> text_weight([TextBox("EXIT", 0.5, (0, 0, 1, 1)), TextBox(" a ", 1.0, (0, 0, 1, 1))])
        3.0
    """
    return sum(read.confidence * len(read.text.strip()) for read in reads)


def pixel_box(box: Sequence[float], shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """A normalized box ``(x0, y0, x1, y1)`` (a :class:`TextBox`'s) in the pixels ``(x0, y0, x1, y1)`` of an
    image of ``shape`` (H, W, ...), at least one pixel, inside the image.

    Example:
        >>> pixel_box((0.1, 0.2, 0.5, 1.0), (100, 200))
        (20, 20, 100, 100)
    """
    height, width = shape[:2]
    x0, y0 = min(width - 1, math.floor(box[0] * width)), min(height - 1, math.floor(box[1] * height))
    return x0, y0, max(x0 + 1, math.ceil(box[2] * width)), max(y0 + 1, math.ceil(box[3] * height))


@runtime_checkable
class OcrReader(Protocol):
    """Reads text on an image: ``read(image)`` of an RGB uint8 array (H x W x 3) returns :class:`TextBox` es.

    ``read_many(images)`` returns the boxes of each of several images (a GPU reader batches their text),
    best ``batch_size`` images at a time. ``read_parts(image, look, changed, unchanged)`` reads an image
    only in part: it looks for text only where ``look`` says (normalized boxes), recognizes the text of
    ``changed`` (normalized boxes of earlier reads) where they are, and returns the earlier reads
    ``unchanged`` that it finds again as they are. ``model_id`` names the detector and recognizer; it
    is recorded with every read.

    Example:
        >>> class Blind:
        ...     model_id, device, precision, batch_size = "blind", "cpu", "fp32", 1
        ...     def read(self, image):
        ...         return []
        ...     def read_many(self, images):
        ...         return [[] for _ in images]
        ...     def read_parts(self, image, look, changed, unchanged):
        ...         return []
        >>> isinstance(Blind(), OcrReader)
        True
    """

    model_id: str
    device: str
    precision: str
    batch_size: int

    def read(self, image: np.ndarray) -> list[TextBox]: ...

    def read_many(self, images: Sequence[np.ndarray]) -> list[list[TextBox]]: ...

    def read_parts(
        self,
        image: np.ndarray,
        look: Sequence[Sequence[float]],
        changed: Sequence[Sequence[float]],
        unchanged: Sequence[TextBox],
    ) -> list[TextBox]: ...


# -- sound --------------------------------------------------------------------------------------------
@runtime_checkable
class AudioTagger(Protocol):
    """Tags sounds: ``scores(samples)`` of 16 kHz mono float32 samples returns ``[patches, len(labels)]``.

    Scores are in 0..1; patch i covers 0.48 i .. 0.48 i + 0.96 s (``vqdb.models.logmel``).

    Example:
        >>> hasattr(AudioTagger, "scores") and "labels" in AudioTagger.__annotations__
        True
    """

    model_id: str
    labels: list[str]
    device: str
    precision: str

    def scores(self, samples: np.ndarray) -> np.ndarray: ...


# -- chat models --------------------------------------------------------------------------------------
class BackendError(VqdbError):
    """A chat / VLM backend failed: HTTP error, timeout, or a reply that is not what the protocol says."""


@dataclasses.dataclass(frozen=True)
class ChatResult:
    """What a chat backend returned.

    ``token_logprobs`` holds the natural-log probability of each generated token, or None when the
    backend gave none. ``top_logprobs`` (one ``{token: logprob}`` dict per generated token) is filled
    when the backend returned alternatives. ``raw`` is the backend's reply as a dict.

    Example:
        >>> ChatResult("B", [-0.1], {}).text
        'B'
    """

    text: str
    token_logprobs: list[float] | None
    raw: dict
    tokens: list[str] | None = None
    top_logprobs: list[dict[str, float]] | None = None


def image_part(jpeg: bytes, detail: str | None = None) -> dict:
    """A chat-completions content part carrying a JPEG image as a base64 data URL (what a VLM reads).

    Example:
        >>> image_part(b"\\xff\\xd8")["image_url"]["url"]
        'data:image/jpeg;base64,/9g='
    """
    url = {"url": "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")}
    if detail:
        url["detail"] = detail
    return {"type": "image_url", "image_url": url}


def text_content(content: str | list[dict], backend: str) -> str:
    """The text of a message's ``content`` for a text-only ``backend``: a string as is, the text parts joined
    by new lines; an image part raises :class:`BackendError` (a vision-language model reads images).

    Example:
        >>> text_content([{"type": "text", "text": "Title?"}, {"type": "text", "text": "Be brief."}], "gguf")
        'Title?\\nBe brief.'
    """
    if isinstance(content, str):
        return content
    texts = []
    for part in content:
        if part.get("type") != "text":
            raise BackendError(
                f"the {backend} chat backend is text-only and got a {part.get('type')!r} content part; use a vlm "
                "backend (a transformers VLM or an OpenAI-compatible VLM) for images"
            )
        texts.append(part["text"])
    return "\n".join(texts)


@dataclasses.dataclass(frozen=True)
class ChatRequest:
    """The keyword arguments of one ``ChatModel.complete`` call, checked (see there what each means), as a
    backend's ``_generate`` receives them; ``json_mode`` is true when a ``json_schema`` is given.

    Example:
        >>> ChatRequest(temperature=-1)
        Traceback (most recent call last):
        ...
        vqdb.errors.ConfigError: temperature must be >= 0, got -1
    """

    max_tokens: int | None = None
    temperature: float = 0.0
    logprobs: bool = False
    json_mode: bool = False
    top_logprobs: int = 5
    json_schema: dict | None = None

    def __post_init__(self) -> None:
        if self.temperature < 0:
            raise ConfigError(f"temperature must be >= 0, got {self.temperature!r}")


@runtime_checkable
class ChatModel(Protocol):
    """A chat LLM: ``complete(messages, ...)`` returns a :class:`ChatResult`; failures raise :class:`BackendError`.

    ``name`` (``openai:<model>``, ``transformers:<id>``) is the model id recorded with cached answers. Any
    object with a ``name`` and this ``complete`` is a chat model (a test double, a plug-in); the backends of
    ``vqdb.models`` subclass ``ChatModel`` and implement ``_generate(messages, request)`` only, which gets
    the arguments as a :class:`ChatRequest`.

    Example:
        >>> class Echo(ChatModel):
        ...     name = "echo"
        ...     def _generate(self, messages, request):
        ...         return ChatResult(messages[-1]["content"][: request.max_tokens], None, {})
        >>> isinstance(Echo(), ChatModel), Echo().complete([{"role": "user", "content": "hello"}], max_tokens=2).text
        (True, 'he')
        >>> class Double:  # no subclass: the protocol is structural
        ...     name = "double"
        ...     def complete(self, messages, **request):
        ...         return ChatResult("B", None, {})
        >>> isinstance(Double(), ChatModel)
        True
    """

    name: str

    def complete(
        self,
        messages: list[dict],
        *,
        max_tokens: int | None = None,
        temperature: float = 0.0,
        logprobs: bool = False,
        json_mode: bool = False,
        top_logprobs: int = 5,
        json_schema: dict | None = None,
    ) -> ChatResult:
        """Reply to ``messages``, chat-completions messages (``{"role": ..., "content": str | [parts]}``).

        * ``max_tokens``: at most this many new tokens (None or 0: the backend's default);
        * ``temperature``: 0 decodes greedily, above 0 samples (ConfigError below 0);
        * ``logprobs``: also give each generated token's log-probability (``ChatResult.token_logprobs``, None
          when the backend gives none) and those of the ``top_logprobs`` likeliest tokens at each step;
        * ``json_mode``: reply with one JSON object; ``json_schema``: with one object of this JSON schema.
          The gguf backend constrains decoding to them, an OpenAI-compatible endpoint is asked for a JSON
          object (``response_format``), a local transformers model is told to reply with one.
        """
        json_mode = json_mode or json_schema is not None
        request = ChatRequest(max_tokens, temperature, logprobs, json_mode, top_logprobs, json_schema)
        return self._generate(messages, request)  # the hook of the subclasses (see the class docstring)


@runtime_checkable
class VisionLanguageModel(ChatModel, Protocol):
    """A :class:`ChatModel` whose messages may also hold images: content parts made by :func:`image_part`.

    Example:
        >>> parts = [image_part(b"\\xff\\xd8"), {"type": "text", "text": "What is shown?"}]
        >>> [p["type"] for p in parts]
        ['image_url', 'text']
    """
