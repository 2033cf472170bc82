"""The words said across a corpus, as ids into its distinct words, for ordering a speech search's candidates.

``vqdb.planner.search`` orders the candidate videos of a ``transcript`` call by an estimate computed from every
word said in the corpus (``search.spoken_estimates``). Speech repeats its words: 100 benchmark hours say
900,000 words drawn from 20,000 distinct ones. ``SpokenWords`` holds each video's words in the order they are
said as 32-bit ids into the distinct words (each as its canonical words: "Hello," is "hello", "10%" is "10",
"percent"), so a query's words are compared by their letters with each distinct word once and the comparisons
are read along the words said. ``spoken_words`` reads the table once per version in a process.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> spoken_words(Store.create(tempfile.mkdtemp())).words
    []
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from vqdb.planner.per_version import per_version
from vqdb.store import Store
from vqdb.store.text_index import TEXT_COLUMNS
from vqdb.textnorm import canonical_words

SPOKEN_TABLE = "transcript_words"  # the words speech recognition wrote, one a row
RUN_WIDTHS = 4  # widths of runs whose sequence ``SpokenWords.runs`` keeps (one is the corpus's words said)


@dataclasses.dataclass(frozen=True)
class SpokenWords:
    """The words said across a corpus in the order they are said (see the module docstring): ``said[i]`` is
    word ``words[said[i]]``, said in video ``videos[video_of[i]]``, a video's words together, the videos sorted."""

    words: list[str]
    videos: list[str]
    said: np.ndarray
    video_of: np.ndarray
    _runs: dict[int, tuple[np.ndarray, np.ndarray]] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    def runs(self, width: int) -> tuple[np.ndarray, np.ndarray]:
        """``said`` with ``width - 1`` ids of no word (``len(words)``) between two videos, so that no run of
        ``width`` words spans two, and where each video's words start in it; the same for every query of a width,
        kept (``RUN_WIDTHS`` widths).

        Example:
            >>> said = spoken_words_of(pa.table({"video_id": ["a", "a", "b"], "word": ["ask", "not", "me"],
            ...     "start_s": [0.0, 1.0, 0.0]}))
            >>> [part.tolist() for part in said.runs(3)]
            [[0, 1, 3, 3, 2], [0, 4]]
        """
        if width not in self._runs:
            starts = np.flatnonzero(np.r_[True, self.video_of[1:] != self.video_of[:-1]])
            sequence = np.insert(self.said, np.repeat(starts[1:], width - 1), len(self.words))
            self._runs[width] = (sequence, starts + np.arange(len(starts)) * (width - 1))
            while len(self._runs) > RUN_WIDTHS:
                self._runs.pop(next(iter(self._runs)))
        return self._runs[width]


def spoken_words(store: Store) -> SpokenWords:
    """The corpus's ``SpokenWords`` at the latest version of ``transcript_words``, kept per version (a process
    reads the words once until a commit changes the table).

    Example:
        >>> import tempfile
        >>> spoken_words(Store.create(tempfile.mkdtemp())).videos
        []
    """
    return per_version(store, SPOKEN_TABLE, ("video_id", TEXT_COLUMNS[SPOKEN_TABLE], "start_s"), spoken_words_of)


def spoken_words_of(rows: pa.Table | None) -> SpokenWords:
    """The ``SpokenWords`` of ``rows`` (``video_id``, ``word``, ``start_s``: words said; None: no rows).

    Example:
        >>> rows = pa.table({"video_id": ["b", "a", "a", "b"], "word": ["Grey", "hello", "Hello,", "-"],
        ...     "start_s": [0.0, 1.0, 0.0, 1.0]})
        >>> said = spoken_words_of(rows)
        >>> said.words, said.videos, said.said.tolist(), said.video_of.tolist()
        (['hello', 'gray'], ['a', 'b'], [0, 0, 1], [0, 0, 1])
    """
    column = TEXT_COLUMNS[SPOKEN_TABLE]
    if rows is None:
        rows = pa.table({"video_id": pa.array([], pa.string()), column: pa.array([], pa.string()), "start_s": []})
    rows = rows.filter(pc.is_valid(rows.column(column)))
    rows = rows.take(pc.sort_indices(rows, [("video_id", "ascending"), ("start_s", "ascending")]))
    texts = pc.dictionary_encode(rows.column(column)).combine_chunks()
    videos = pc.dictionary_encode(rows.column("video_id")).combine_chunks()
    forms = [canonical_words(text) for text in texts.dictionary.to_pylist()]
    index: dict[str, int] = {}
    for words in forms:
        for word in words:
            index.setdefault(word, len(index))
    counts = np.array([len(words) for words in forms], dtype=np.int64)
    flat = np.array([index[word] for words in forms for word in words], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    codes = texts.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    repeat = counts[codes]  # a row of several canonical words ("10%": "10", "percent") is each of them
    within = np.arange(repeat.sum()) - np.repeat(np.cumsum(repeat) - repeat, repeat)
    said = flat[np.repeat(starts[codes], repeat) + within]
    video_of = np.repeat(videos.indices.to_numpy(zero_copy_only=False).astype(np.int64), repeat)
    return SpokenWords(list(index), videos.dictionary.to_pylist(), said.astype(np.int32), video_of.astype(np.int32))


__all__ = ["SpokenWords", "spoken_words", "spoken_words_of"]
