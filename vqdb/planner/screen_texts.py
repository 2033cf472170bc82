"""The texts read on screen across a corpus, frame by frame, for ordering an OCR search's candidate videos by
their grade.

``vqdb.planner.search`` orders the candidate videos of a call of a tool that reads text on screen (``ocr``) by
the most the call could score in each (``screen_estimates``). A full-text index finds rows holding the query's
words, but the ``ocr`` tool grades a frame's text by aligning the query's letters without spaces
(``screen_text_score``): a read that runs two words together, splits one, or misreads letters in every word
("BOBO BODALU" for "BOBOBODA LUBOSO") scores 0.6 to 0.9 and holds no word the index would match, and a word
every read shares ranks nothing. The tool grades a frame's boxes joined in reading order ("echo" above "the
lamb" reads "echo the lamb", which neither box reads alone), so the texts kept are the frames' texts as the
tool joins them (``tools.ocr.in_reading_order``, ``frames_read``). On screen a text stays for seconds and comes
back (a title, a slide), so there are few distinct ones: 100 benchmark hours read 88,000 frames holding
12,500 distinct texts. ``ScreenTexts`` holds those texts once, each as it is compared (``screen_form``,
``screen_glyphs``), with the videos that show it; ``screen_texts`` reads the table once per version in a process.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> screen_texts(Store.create(tempfile.mkdtemp())).texts
    []
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.planner.per_version import per_version
from vqdb.planner.tools.ocr import Ocr, frames_read, in_reading_order
from vqdb.store import Store
from vqdb.store.text_index import TEXT_COLUMNS
from vqdb.udfs.text_grade import screen_form, screen_glyphs

SCREEN_TABLE = Ocr.table  # the boxes read on screen, one a row


@dataclasses.dataclass(frozen=True)
class ScreenTexts:
    """The distinct frames' texts of a corpus (see the module docstring): ``texts[i]`` is compared as ``forms[i]``
    and, letters OCR confuses made the same, ``glyphs[i]`` (letter for letter) and ``loose[i]`` (``glyphs_of``);
    it is read in the videos ``videos[video_of[starts[i]:starts[i + 1]]]``."""

    texts: list[str]
    forms: list[str]
    glyphs: list[str]
    loose: list[str]
    videos: list[str]
    starts: np.ndarray
    video_of: np.ndarray

    def videos_of(self, text: int) -> np.ndarray:
        """The indexes (into ``videos``) of the videos that read text ``text``."""
        return self.video_of[self.starts[text] : self.starts[text + 1]]


def screen_texts(store: Store) -> ScreenTexts:
    """The corpus's ``ScreenTexts`` at the latest version of ``ocr``, kept per version (a process reads the
    texts once until a commit changes the table).

    Example:
        >>> import tempfile
        >>> screen_texts(Store.create(tempfile.mkdtemp())).videos
        []
    """
    return per_version(
        store, SCREEN_TABLE, ("video_id", "frame_idx", TEXT_COLUMNS[SCREEN_TABLE], "box"), screen_texts_of
    )


def screen_texts_of(rows: pa.Table | None) -> ScreenTexts:
    """The ``ScreenTexts`` of ``rows`` (``video_id``, ``frame_idx``, ``text``, and ``box``, a struct of ``x0``,
    ``y0``, ``y1``, where known: boxes read; None: no rows).

    Example:
        >>> box = pa.struct([("x0", pa.float32()), ("y0", pa.float32()), ("y1", pa.float32())])
        >>> rows = pa.table({"video_id": ["b", "a", "a", "b", "b"], "frame_idx": [0, 0, 1, 1, 1],
        ...     "text": ["EXIT", "EXlT", "EXIT", "the lamb", "echo"],
        ...     "box": pa.array([None, None, None, (0, 0.5, 0.6), (0, 0.1, 0.2)], box)})
        >>> read = screen_texts_of(rows)
        >>> read.texts, read.glyphs[0] == read.glyphs[2], read.videos, read.videos_of(0).tolist()
        (['EXIT', 'echo the lamb', 'EXlT'], True, ['b', 'a'], [0, 1])
    """
    column = TEXT_COLUMNS[SCREEN_TABLE]
    if rows is None:
        rows = pa.table(
            {
                "video_id": pa.array([], pa.string()),
                "frame_idx": pa.array([], pa.int32()),
                column: pa.array([], pa.string()),
                "box": pa.array([], pa.struct([("x0", pa.float32()), ("y0", pa.float32()), ("y1", pa.float32())])),
            }
        )
    rows = rows.filter(pc.and_(pc.is_valid(rows.column(column)), pc.is_valid(rows.column("video_id"))))
    videos = pc.dictionary_encode(rows.column("video_id")).combine_chunks()
    video = videos.indices.to_numpy(zero_copy_only=False).astype(np.int64)

    def part(name: str) -> np.ndarray:  # a box's coordinate, 0 where it has none
        if "box" not in rows.column_names:
            return np.zeros(rows.num_rows)
        return pc.struct_field(rows.column("box"), name).cast(pa.float64()).fill_null(0.0).to_numpy()

    frame = (video << 32) + rows.column("frame_idx").cast(pa.int64()).fill_null(0).to_numpy()
    boxes = in_reading_order(
        pa.table(
            {
                "frame": frame,
                "y": (part("y0") + part("y1")) / 2,
                "x": part("x0"),
                "bottom": part("y1"),
                "text": rows.column(column),
            }
        )
    )
    firsts, joined = frames_read(boxes)
    texts = pc.dictionary_encode(joined)
    frame_video = boxes.column("frame").to_numpy()[firsts] >> 32
    pairs = np.unique(
        np.stack(
            [
                texts.indices.to_numpy(zero_copy_only=False).astype(np.int64),
                frame_video,
            ]
        ),
        axis=1,
    )  # (text, video) once each, sorted by text
    starts = np.searchsorted(pairs[0], np.arange(len(texts.dictionary) + 1))
    distinct = texts.dictionary.to_pylist()
    glyphs = [screen_glyphs(text) for text in distinct]
    return ScreenTexts(
        distinct,
        [screen_form(text) for text in distinct],
        [strict for strict, _ in glyphs],
        [loose for _, loose in glyphs],
        videos.dictionary.to_pylist(),
        starts.astype(np.int64),
        pairs[1].astype(np.int32),
    )


__all__ = ["SCREEN_TABLE", "ScreenTexts", "screen_texts", "screen_texts_of"]
