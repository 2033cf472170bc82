"""EasyOCR provider: offline load, normalized boxes, clear errors (real weights, real frames)."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

from vqdb.config import Config
from vqdb.errors import MediaError
from vqdb.models import registry
from vqdb.models.easyocr_reader import EasyOCRReader


def frame_at(path: Path, seconds: float, max_side: int = 384) -> np.ndarray:
    """The first decoded frame at or after ``seconds``, as a thumbnail like those of the frames table."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        for frame in container.decode(stream):
            if frame.time >= seconds:
                image = frame.to_image()
                image.thumbnail((max_side, max_side))
                return np.asarray(image.convert("RGB"))
    raise AssertionError(f"{path} has no frame at {seconds}s")


@pytest.fixture(scope="module")
def easyocr_home_existed() -> bool:
    import easyocr.config

    return Path(easyocr.config.MODULE_PATH).exists()


@pytest.fixture(scope="module")
def reader(easyocr_home_existed):
    return registry.ocr_reader(Config())


def test_reads_hello_world_with_normalized_box(reader, shared_data):
    boxes = reader.read(frame_at(shared_data / "video" / "movie-hello.mp4", 2.0))
    hello = [b for b in boxes if "hello world" in b.text.lower()]
    assert hello, f"'Hello world' not read; got {[b.text for b in boxes]}"
    x0, y0, x1, y1 = hello[0].box
    assert 0.0 <= x0 < x1 <= 1.0 and 0.0 <= y0 < y1 <= 1.0
    assert hello[0].confidence > 0.5


def test_blank_image_has_no_text(reader):
    assert reader.read(np.full((120, 200, 3), 255, np.uint8)) == []


def test_shared_reader_is_loaded_once(reader):
    assert registry.get("ocr", "easyocr") is EasyOCRReader and isinstance(reader, EasyOCRReader)
    assert registry.ocr_reader(Config(ocr_fps=2.0)) is reader


def test_nothing_written_to_the_easyocr_home(reader, easyocr_home_existed):
    import easyocr.config

    assert easyocr_home_existed or not Path(easyocr.config.MODULE_PATH).exists()


@pytest.mark.parametrize(
    "image", [np.zeros((10, 10), np.uint8), np.zeros((10, 10, 4), np.uint8), np.zeros((10, 10, 3), np.float32)]
)
def test_wrong_image_shape_or_type_is_a_clear_error(reader, image):
    with pytest.raises(MediaError, match="RGB uint8"):
        reader.read(image)


def test_batched_recognition_over_many_frames_reads_what_box_by_box_reads(reader, shared_data):
    # the GPU path (boxes of every frame recognized together), run here on the CPU
    from vqdb.models.device import Placement

    frames = [
        frame_at(shared_data / "video" / "movie-hello.mp4", 2.0),
        np.full((120, 200, 3), 255, np.uint8),
        frame_at(shared_data / "video" / "testvideo.mp4", 3.0),
    ]
    batched = EasyOCRReader(Placement("cpu", "fp32"), recognizer_batch=8)
    one_by_one = reader.read_many(frames)
    together = batched.read_many(frames)
    assert [len(boxes) for boxes in together] == [len(boxes) for boxes in one_by_one]
    assert together[1] == [] and any("hello world" in b.text.lower() for b in together[0])
    for mine, theirs in zip(together, one_by_one, strict=True):
        assert [b.box for b in mine] == [b.box for b in theirs]  # same detections, boxes in the same order


def test_bf16_reads_hello_world_too(shared_data):
    from vqdb.models.device import Placement

    bf16 = EasyOCRReader(Placement("cpu", "bf16"))
    assert bf16.precision == "bf16"
    boxes = bf16.read(frame_at(shared_data / "video" / "movie-hello.mp4", 2.0))
    assert any("hello world" in b.text.lower() for b in boxes), [b.text for b in boxes]
