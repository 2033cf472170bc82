"""One configuration object for vqdb.

Values come, lowest priority first, from the defaults below, a TOML file (``$VQDB_CONFIG`` or
``~/.config/vqdb/config.toml``), the corpus's own ``vqdb.toml``, environment variables ``VQDB_<FIELD>``
(upper case) and finally keyword overrides. ``OPENAI_API_KEY``, when set, is the API key of the LLM and
the VLM unless a file or ``VQDB_LLM_API_KEY`` / ``VQDB_VLM_API_KEY`` gives one; API keys never appear in
``repr(config)``.

Example:
    >>> from vqdb.config import Config
    >>> Config(sample_fps=2.0).sample_fps
    2.0
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from pathlib import Path
from typing import Any

from vqdb.errors import ConfigError
from vqdb.schema import EXTRACTORS

# the lowest-priority source of a setting, below the files: a variable other tools already read
FALLBACK_VARIABLES = {"llm_api_key": "OPENAI_API_KEY", "vlm_api_key": "OPENAI_API_KEY"}
DEVICE_PATTERN = re.compile(r"auto|cpu|cuda(:\d+)?")
PRECISIONS = ("auto", "fp32", "bf16", "fp16")


@dataclasses.dataclass(frozen=True)
class Config:
    """Settings for ingest, models and the SQL session.

    Example:
        >>> Config.load(overrides={"thumb_max_side": 256}).thumb_max_side
        256
        >>> "sk-secret" in repr(Config(vlm_model="llava", vlm_api_key="sk-secret"))
        False
    """

    # sampling and thumbnails
    sample_fps: float = 1.0
    thumb_max_side: int = 384
    jpeg_quality: int = 85
    # where models run (vqdb.models.device): "auto" (the first CUDA device torch sees, else the CPU), "cpu",
    # "cuda", "cuda:N"; precision "auto" (bf16, or fp16 where a GPU lacks bf16; fp32 on the CPU), "fp32",
    # "bf16", "fp16" (GPU only)
    device: str = "auto"
    precision: str = "auto"
    cpu_threads: int = 0  # threads per model on the CPU; 0: half the cores (frame and audio extractors run at once)
    # visual embeddings (SigLIP / SigLIP 2 / CLIP through transformers)
    embed_model: str = "google/siglip2-base-patch16-224"
    embed_batch_size: int = 16
    region_grid: int = 2  # regions: full frame + grid x grid tiles + centre crop
    region_center_crop: bool = True
    # speech, text, sound
    whisper_model: str = "base"
    ocr_fps: float = 1.0
    ocr_max_side: int = 0  # 0: OCR reads the thumbnails; larger: decodes its frames at this size (small text)
    ocr_change_threshold: float = 0.02
    audio_topk: int = 5
    audio_event_threshold: float = 0.3
    # chat models: the text LLM (planner="llm") and the vision-language model (answers). A backend is
    # "openai" (an OpenAI-compatible endpoint: base URL, model, API key) or "transformers" (a local model:
    # hub id or directory); empty chooses "openai" when base URL and model are set, and for the VLM
    # "transformers" when only the model is set (see vqdb.models.registry)
    llm_backend: str = ""
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = dataclasses.field(default="", repr=False)
    vlm_backend: str = ""
    vlm_base_url: str = ""
    vlm_model: str = ""
    vlm_api_key: str = dataclasses.field(default="", repr=False)
    # which extractors run at ingest; empty means all that are available
    extractors: tuple[str, ...] = ()
    jobs: int = 1
    progress: bool = True

    def __post_init__(self) -> None:
        if self.sample_fps <= 0:
            raise ConfigError(f"sample_fps must be > 0, got {self.sample_fps!r}; try 1.0")
        if self.thumb_max_side < 16:
            raise ConfigError(f"thumb_max_side must be >= 16 pixels, got {self.thumb_max_side!r}")
        if self.jobs < 1:
            raise ConfigError(f"jobs must be >= 1, got {self.jobs!r}")
        if not DEVICE_PATTERN.fullmatch(self.device):
            raise ConfigError(f"device must be auto, cpu, cuda or cuda:N (e.g. cuda:1), got {self.device!r}")
        if self.precision not in PRECISIONS:
            raise ConfigError(f"precision must be one of {', '.join(PRECISIONS)}, got {self.precision!r}")
        if self.cpu_threads < 0:
            raise ConfigError(f"cpu_threads must be >= 0 (0: half the cores), got {self.cpu_threads!r}")
        if self.embed_batch_size < 1:
            raise ConfigError(
                f"embed_batch_size must be >= 1, got {self.embed_batch_size!r}; try 16 on CPU, 256 on GPU"
            )
        unknown = set(self.extractors) - set(EXTRACTORS)
        if unknown:
            raise ConfigError(f"unknown extractor(s) {sorted(unknown)}; choose from {', '.join(EXTRACTORS)}")

    @classmethod
    def load(cls, corpus_dir: str | Path | None = None, overrides: dict[str, Any] | None = None) -> Config:
        """Build a Config from files, environment and ``overrides`` (highest priority).

        Example:
            >>> Config.load(overrides={"sample_fps": 0.5}).sample_fps
            0.5
        """
        values: dict[str, Any] = {
            name: os.environ[var] for name, var in FALLBACK_VARIABLES.items() if os.environ.get(var)
        }
        user_file = os.environ.get("VQDB_CONFIG") or Path.home() / ".config" / "vqdb" / "config.toml"
        for path in (Path(user_file), Path(corpus_dir) / "vqdb.toml" if corpus_dir else None):
            if path is not None and path.is_file():
                values.update(_read_toml(path))
        values.update(_from_environment())
        values.update({k: v for k, v in (overrides or {}).items() if v is not None})
        return cls(**{k: _coerce(k, v) for k, v in values.items()})

    def replace(self, **changes: Any) -> Config:
        """A copy with some fields changed.

        Example:
            >>> Config().replace(jobs=2).jobs
            2
        """
        return dataclasses.replace(self, **{k: _coerce(k, v) for k, v in changes.items()})


_FIELDS = {f.name: f for f in dataclasses.fields(Config)}


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from exc
    unknown = set(data) - set(_FIELDS)
    if unknown:
        raise ConfigError(f"{path}: unknown setting(s) {sorted(unknown)}; known: {sorted(_FIELDS)}")
    return data


def _from_environment() -> dict[str, Any]:
    return {name: os.environ[f"VQDB_{name.upper()}"] for name in _FIELDS if f"VQDB_{name.upper()}" in os.environ}


def _coerce(name: str, value: Any) -> Any:
    if name not in _FIELDS:
        raise ConfigError(f"unknown setting {name!r}; known: {sorted(_FIELDS)}")
    default = _FIELDS[name].default
    try:
        if isinstance(default, bool):
            if isinstance(value, str):
                return value.strip().lower() in ("1", "true", "yes", "on")
            return bool(value)
        if isinstance(default, tuple):
            if isinstance(value, str):
                return tuple(v.strip() for v in value.split(",") if v.strip())
            return tuple(value)
        return type(default)(value)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"setting {name}={value!r} is not a valid {type(default).__name__}") from exc
