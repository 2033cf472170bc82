"""Where models run and in what precision: the ``device`` and ``precision`` settings, resolved.

``device``: ``auto`` is the first CUDA device torch sees, else the CPU (``auto`` never fails); ``cpu``;
``cuda`` (device 0) or ``cuda:N``. Asking for a CUDA device that torch does not see is a ``ConfigError``
that says what torch found. ``precision``: ``auto`` is bf16 on a GPU that has it (fp16 on older GPUs)
and fp32 on the CPU; ``fp32``; ``bf16`` (on the CPU too: torch autocast, fast where the CPU has AMX);
``fp16`` (GPU only). Each provider turns the resolved :class:`Placement` into its library's terms (torch
device and autocast, CTranslate2 device and compute type) and reports ``device`` and ``precision``;
extractors record both with their rows (``extractions.settings``), and ``vqdb info`` shows them.

On the CPU a model uses ``cpu_threads`` threads, by default half the cores (at least one): ingest runs the
frame extractors (OCR, embeddings) and the audio extractors (Whisper, YAMNet) at the same time.

Example:
    >>> from vqdb.config import Config
    >>> place = placement(Config(device="cpu", cpu_threads=2))
    >>> place.device, place.precision, place.is_cuda, place.cpu_threads
    ('cpu', 'fp32', False, 2)
    >>> placement(Config(device="cpu", precision="fp16"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vqdb.errors.ConfigError: precision 'fp16' needs a CUDA device; on the CPU use fp32 or bf16...
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
from typing import Any

from vqdb.config import Config
from vqdb.errors import ConfigError


@dataclasses.dataclass(frozen=True)
class Placement:
    """A resolved device (``cpu`` or ``cuda:N``) and precision (``fp32``, ``bf16``, ``fp16``).

    ``explicit`` says whether the precision was asked for (not ``auto``): a provider with a better default
    of its own for ``auto`` (Whisper's int8 on the CPU) keeps it unless one was. ``cpu_threads`` 0 leaves
    torch's thread count as it is.

    Example:
        >>> Placement("cuda:1", "bf16").index, Placement("cpu", "fp32").torch_dtype
        (1, torch.float32)
    """

    device: str
    precision: str
    explicit: bool = False
    cpu_threads: int = 0

    @property
    def is_cuda(self) -> bool:
        """Whether the model runs on a CUDA device."""
        return self.device.startswith("cuda")

    @property
    def index(self) -> int:
        """The CUDA device number (0 on the CPU)."""
        return int(self.device.split(":")[1]) if ":" in self.device else 0

    @property
    def torch_dtype(self) -> Any:
        """The torch dtype of ``precision``."""
        import torch

        return {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}[self.precision]

    def autocast(self) -> contextlib.AbstractContextManager:
        """Torch autocast to ``precision`` on this device; nothing for fp32.

        Example:
            >>> import torch
            >>> with Placement("cpu", "bf16").autocast():
            ...     (torch.ones(2, 2) @ torch.ones(2, 2)).dtype
            torch.bfloat16
        """
        if self.precision == "fp32":
            return contextlib.nullcontext()
        import torch

        return torch.autocast("cuda" if self.is_cuda else "cpu", dtype=self.torch_dtype)

    def use_torch_threads(self) -> None:
        """Set torch's CPU threads (process-wide) to ``cpu_threads`` (unless 0)."""
        import torch

        if self.cpu_threads and torch.get_num_threads() != self.cpu_threads:
            torch.set_num_threads(self.cpu_threads)


def placement(config: Config) -> Placement:
    """The device and precision ``config`` asks for, checked against what torch sees.

    Example:
        >>> placement(Config(device="cpu", precision="bf16")).precision
        'bf16'
    """
    device = _resolve_device(config.device)
    precision, explicit = config.precision, config.precision != "auto"
    if not explicit:
        precision = ("bf16" if _bf16_supported(device) else "fp16") if device != "cpu" else "fp32"
    elif device == "cpu" and precision == "fp16":
        raise ConfigError(
            "precision 'fp16' needs a CUDA device; on the CPU use fp32 or bf16 (VQDB_PRECISION or precision in "
            "vqdb.toml), or precision='auto'"
        )
    elif device != "cpu" and precision == "bf16" and not _bf16_supported(device):
        raise ConfigError(f"{device} has no bf16 support; use precision='fp16' or 'auto'")
    return Placement(device, precision, explicit, cpu_threads(config))


def cpu_threads(config: Config) -> int:
    """Threads one model uses on the CPU: ``config.cpu_threads``, else half the usable cores (at least 1).

    Example:
        >>> cpu_threads(Config(cpu_threads=3))
        3
    """
    if config.cpu_threads:
        return config.cpu_threads
    return max(1, len(os.sched_getaffinity(0)) // 2)


def cuda_device_count() -> int:
    """How many CUDA devices torch sees (0 without CUDA).

    Example:
        >>> cuda_device_count() >= 0
        True
    """
    if not _gpu_driver_present():
        return 0
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def _gpu_driver_present() -> bool:
    """False only where torch certainly sees no CUDA device: on Linux without the device files of an NVIDIA
    driver (or ROCm's, or WSL's GPU bridge). Saves importing torch (seconds) to learn that ``auto`` is the CPU."""
    if not sys.platform.startswith("linux"):
        return True
    return any(os.path.exists(path) for path in ("/dev/nvidiactl", "/dev/nvidia0", "/dev/kfd", "/dev/dxg"))


def _resolve_device(setting: str) -> str:
    count = cuda_device_count()
    if setting == "auto":
        return "cuda:0" if count else "cpu"
    if setting == "cpu":
        return "cpu"
    index = int(setting.split(":")[1]) if ":" in setting else 0
    if not count:
        raise ConfigError(
            f"device {setting!r} asks for CUDA, but torch sees no CUDA device (torch.cuda.is_available() is "
            "False: no GPU, no driver, or a CPU-only torch build); set device to 'auto' or 'cpu' "
            "(VQDB_DEVICE or device in vqdb.toml)"
        )
    if index >= count:
        raise ConfigError(
            f"device {setting!r}: torch sees {count} CUDA device(s), cuda:0 to cuda:{count - 1}; "
            "check CUDA_VISIBLE_DEVICES or choose one of those"
        )
    return f"cuda:{index}"


def _bf16_supported(device: str) -> bool:
    import torch

    with torch.cuda.device(device):
        return torch.cuda.is_bf16_supported(including_emulation=False)
