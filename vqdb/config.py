"""One configuration object for vqdb.

Values come, lowest priority first, from the defaults below, a TOML file (``$VQDB_CONFIG`` or
``~/.config/vqdb/config.toml``), the corpus's own ``vqdb.toml``, environment variables ``VQDB_<FIELD>``
(upper case) and finally keyword overrides. ``OPENAI_API_KEY``, when set, is the API key of the LLM and
the VLM unless a file or ``VQDB_LLM_API_KEY`` / ``VQDB_VLM_API_KEY`` gives one; likewise the standard
AWS variables (``AWS_ENDPOINT_URL``, ``AWS_REGION``, ``AWS_ACCESS_KEY_ID``...) give the ``s3_*`` settings
of a corpus on ``s3://``. API keys and storage credentials never appear in ``repr(config)``.

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

MAX_SAMPLE_FPS = 240.0  # frames sampled per second: above any video's rate, where each frame is kept once
MAX_KEYFRAMES = 1000  # keyframes per video a question may ask for


def check_keyframes(k: object) -> int:
    """``k``, the keyframes per video to retrieve, when it is a whole number from 1 to MAX_KEYFRAMES.

    Example:
        >>> check_keyframes(8)
        8
        >>> check_keyframes(10**9)
        Traceback (most recent call last):
        ...
        vqdb.errors.ConfigError: k=1000000000 keyframes: give a whole number from 1 to 1000
    """
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_KEYFRAMES:
        raise ConfigError(f"k={k!r} keyframes: give a whole number from 1 to {MAX_KEYFRAMES}")
    return k


def check_gap(gap: object) -> float | None:
    """``gap``, the least seconds between two keyframes, when it is a finite number >= 0 (None: the default).

    Example:
        >>> check_gap(2), check_gap(None)
        (2.0, None)
        >>> check_gap(float("nan"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ConfigError: gap=nan seconds: give a finite number >= 0, or leave it out for min(...)
    """
    if gap is None:
        return None
    if isinstance(gap, bool) or not isinstance(gap, int | float) or not 0 <= gap < float("inf"):
        raise ConfigError(
            f"gap={gap!r} seconds: give a finite number >= 0, or leave it out for min(duration / 2k, 10 s)"
        )
    return float(gap)


# the lowest-priority source of a setting, below the files: variables other tools already read (the first set)
FALLBACK_VARIABLES = {
    "llm_api_key": ("OPENAI_API_KEY",),
    "vlm_api_key": ("OPENAI_API_KEY",),
    "s3_endpoint": ("AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"),
    "s3_region": ("AWS_REGION", "AWS_DEFAULT_REGION"),
    "s3_access_key_id": ("AWS_ACCESS_KEY_ID",),
    "s3_secret_access_key": ("AWS_SECRET_ACCESS_KEY",),
    "s3_session_token": ("AWS_SESSION_TOKEN",),
}
ENGINES = ("local", "ray")
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
    # "": Whisper guesses each video's language from its first 30 s of speech (accented English is often
    # guessed as another language, then written in it); a code ("en", "de"...) transcribes in that language
    whisper_language: str = ""
    ocr_fps: float = 1.0
    # OCR decodes its frames at the video's own size, at most ocr_max_side pixels on the longest side (1920: a
    # 1080p frame whole; CRAFT detects on a bounded copy and each box is recognized at this size); a value at or
    # below thumb_max_side (0) reads the thumbnails: cheaper, but a 1080p caption 20 px high is 7 px there, unreadable
    ocr_max_side: int = 1920
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
    # where the per-video step of an ingest runs: "local" (this process, or ``jobs`` worker processes)
    # or "ray" (Ray tasks; ``ray_address`` names a running cluster, empty starts a local Ray instance)
    engine: str = "local"
    ray_address: str = ""
    # a corpus on s3:// (AWS S3 or an S3-compatible server such as MinIO): empty values fall back to the
    # standard AWS variables, then to boto3's and Lance's own credential chains
    s3_endpoint: str = ""
    s3_region: str = ""
    s3_access_key_id: str = dataclasses.field(default="", repr=False)
    s3_secret_access_key: str = dataclasses.field(default="", repr=False)
    s3_session_token: str = dataclasses.field(default="", repr=False)
    # seconds a statement of the web app (vqdb serve: its SQL console, questions, pages) may run before it
    # is interrupted (vqdb.session.TimeBudget)
    sql_time_budget_s: float = 30.0

    def __post_init__(self) -> None:
        for name in ("sample_fps", "ocr_fps"):
            value = getattr(self, name)
            if not 0 < value <= MAX_SAMPLE_FPS:  # also refuses NaN
                raise ConfigError(f"{name} must be above 0 and at most {MAX_SAMPLE_FPS:g}, got {value!r}; try 1.0")
        if self.ocr_max_side < 0:
            raise ConfigError(
                f"ocr_max_side must be >= 0 pixels (0: OCR reads the thumbnails), got {self.ocr_max_side!r}; try 1920"
            )
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
        if not 0 < self.sql_time_budget_s < float("inf"):  # also refuses NaN
            raise ConfigError(f"sql_time_budget_s must be a number of seconds above 0, got {self.sql_time_budget_s!r}")
        if self.engine not in ENGINES:
            raise ConfigError(f"engine must be one of {', '.join(ENGINES)}, got {self.engine!r}")

    @property
    def storage_options(self) -> dict[str, str]:
        """Lance's ``storage_options`` for a corpus on ``s3://``, from the ``s3_*`` settings (empty ones
        left out, so the store's own credential chain fills them).

        Example:
            >>> Config(s3_endpoint="http://127.0.0.1:9000", s3_region="us-east-1").storage_options
            {'endpoint': 'http://127.0.0.1:9000', 'region': 'us-east-1', 'allow_http': 'true'}
        """
        options = {
            "endpoint": self.s3_endpoint,
            "region": self.s3_region,
            "access_key_id": self.s3_access_key_id,
            "secret_access_key": self.s3_secret_access_key,
            "session_token": self.s3_session_token,
            "allow_http": "true" if self.s3_endpoint.startswith("http://") else "",
        }
        return {key: value for key, value in options.items() if value}

    @classmethod
    def load(cls, corpus_dir: str | Path | None = None, overrides: dict[str, Any] | None = None) -> Config:
        """Build a Config from files, environment and ``overrides`` (highest priority).

        Example:
            >>> Config.load(overrides={"sample_fps": 0.5}).sample_fps
            0.5
        """
        values: dict[str, Any] = {}
        for name, variables in FALLBACK_VARIABLES.items():
            found = [os.environ[var] for var in variables if os.environ.get(var)]
            if found:
                values[name] = found[0]
        user_file = os.environ.get("VQDB_CONFIG") or Path.home() / ".config" / "vqdb" / "config.toml"
        local_corpus = corpus_dir is not None and "://" not in str(corpus_dir)  # a bucket's vqdb.toml is not read
        for path in (Path(user_file), Path(corpus_dir) / "vqdb.toml" if local_corpus else None):
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


_KINDS = {  # a setting's type -> the TOML values it takes, and how to say so
    bool: ((bool,), "true or false"),
    int: ((int,), "a whole number"),
    float: ((int, float), "a number"),
    str: ((str,), 'a quoted string, e.g. "text"'),
    tuple: ((list, str), 'a list of names, e.g. ["ocr", "asr"]'),
}


def _read_toml(path: Path) -> dict[str, Any]:
    r"""The settings of the TOML file ``path``, each checked on its own: an error names the file and the line.

    Example:
        >>> import tempfile
        >>> bad = Path(tempfile.mkdtemp()) / "vqdb.toml"
        >>> _ = bad.write_text('sample_fps = 2.0\njobs = "two"\n')
        >>> _read_toml(bad)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.ConfigError: config file .../vqdb.toml, line 2: jobs = 'two' must be a whole number; fix ...
    """
    try:
        raw = path.read_bytes()
        text = raw.decode()
        data = tomllib.loads(text)
    except UnicodeDecodeError as exc:  # binary garbage: where it starts
        line = raw[: exc.start].count(b"\n") + 1
        raise ConfigError(f"config file {path}, line {line}: not UTF-8 text; {_FIX}") from None
    except tomllib.TOMLDecodeError as exc:  # its message says where: "(at line 3, column 6)"
        raise ConfigError(f"config file {path}: not TOML: {exc}; {_FIX}") from None
    except OSError as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from exc
    for name in sorted(data, key=lambda key: _line_of(text, key) or 0):
        try:
            _check_setting(name, data[name])
        except ConfigError as exc:
            line = _line_of(text, name)
            raise ConfigError(f"config file {path}{f', line {line}' if line else ''}: {exc}; {_FIX}") from None
    return data


_FIX = "fix that line or remove it"


def _check_setting(name: str, value: Any) -> None:
    """Raise ConfigError unless ``value``, read from a file, is a valid value of the setting ``name``."""
    if name not in _FIELDS:
        raise ConfigError(f"unknown setting {name!r}; the settings are {', '.join(sorted(_FIELDS))}")
    kind = type(_FIELDS[name].default)
    types, what = _KINDS[kind]
    if not isinstance(value, types) or (isinstance(value, bool) and kind is not bool):
        raise ConfigError(f"{name} = {value!r} must be {what}")
    Config(**{name: _coerce(name, value)})  # the checks of its range and choices


def _line_of(text: str, key: str) -> int | None:
    r"""The line (from 1) of TOML ``text`` where the top-level ``key`` is set (or its table starts).

    Example:
        >>> _line_of('# settings\njobs = 2\n"sample_fps" = 1.0\n[extra]\n', "sample_fps"), _line_of("", "jobs")
        (3, None)
    """
    found = re.search(rf"""^[ \t]*(?:\[\[?[ \t]*)?(["']?){re.escape(key)}\1[ \t]*[=.\]]""", text, re.MULTILINE)
    return text.count("\n", 0, found.start()) + 1 if found else None


def _from_environment() -> dict[str, Any]:
    return {name: os.environ[f"VQDB_{name.upper()}"] for name in _FIELDS if f"VQDB_{name.upper()}" in os.environ}


def _coerce(name: str, value: Any) -> Any:
    if name not in _FIELDS:
        raise ConfigError(f"unknown setting {name!r}; known: {sorted(_FIELDS)}")
    default = _FIELDS[name].default
    try:
        if isinstance(default, bool):
            if isinstance(value, str):
                return _BOOLEANS[value.strip().lower()]  # a word of neither kind is a KeyError
            return bool(value)
        if isinstance(default, tuple):
            if isinstance(value, str):
                return tuple(v.strip() for v in value.split(",") if v.strip())
            return tuple(value)
        return type(default)(value)
    except (TypeError, ValueError, KeyError) as exc:
        raise ConfigError(f"setting {name}={value!r} is not a valid {type(default).__name__}") from exc


_BOOLEANS = dict.fromkeys(("1", "true", "yes", "on"), True) | dict.fromkeys(("0", "false", "no", "off", ""), False)
