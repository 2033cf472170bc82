"""A video's text as timed word streams: what the evidence-only answerer reads (the gather stage).

Every text table becomes streams of normalized words, each word with the seconds it covers:

* on-screen text (``ocr``): a frame's boxes joined in reading order (lines top to bottom, boxes left to
  right), so a title split into one box per line or per word reads as one text; consecutive frames
  that read the same words are one stream (a video with tracked ``ocr_spans`` only: a stream each);
* speech (``transcript_segments`` with ``transcript_words``' times): one stream per video, so a phrase
  that runs over two segments is still one run of words;
* sidecar subtitles (``subtitles``): one stream per video, word times spread over each cue;
* sound events (``audio_events``): one stream per video of the labels in time order ("sound dog bark").

Words are ``vqdb.textnorm`` canonical words (numbers as digits, split at their separators, American
spelling), so matching compares the same forms on both sides. Each stream keeps the snippets it was
made of (``Evidence`` rows) to show where an answer was read.

Example:
    >>> from vqdb.answer.evidence import Evidence
    >>> s = stream_of("transcript", "v", [Evidence("transcript", "v", 1.0, 3.0, "Twenty-five metres", 2.0)])
    >>> s.words, s.starts.tolist()
    (('25', 'meters'), [1.0, 2.0])
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Sequence

import numpy as np

from vqdb.answer.evidence import Evidence
from vqdb.textnorm import canonical_words, split_numbers
from vqdb.videos import CorpusSql

SOURCES = ("ocr", "transcript", "subtitle", "audio")
SPOKEN = ("transcript", "subtitle")
_TIMED_TEXT = {
    "transcript": "SELECT video_id, start_s, end_s, text FROM transcript_segments",
    "subtitle": "SELECT video_id, start_s, end_s, text FROM subtitles",
    "audio": "SELECT video_id, start_s, end_s, 'sound: ' || label AS text FROM audio_events",
}


@dataclasses.dataclass(frozen=True, eq=False)
class Stream:
    """Normalized words of one source of one video, in reading or speaking order, with their times.

    ``starts``/``ends`` are each word's seconds, ``snippet_of`` the index in ``snippets`` each word was
    read from; ``boxes``, on screen, each word's OCR box (x0, y0, x1, y1, fractions of the frame; NaN where
    not known), None where no box was kept.
    """

    source: str
    video_id: str
    snippets: tuple[Evidence, ...]
    words: tuple[str, ...]
    starts: np.ndarray
    ends: np.ndarray
    snippet_of: np.ndarray
    boxes: np.ndarray | None = None

    @property
    def start_s(self) -> float:
        """When the stream's first snippet starts."""
        return self.snippets[0].start_s

    @property
    def end_s(self) -> float:
        """When the stream's last snippet ends."""
        return max(s.end_s for s in self.snippets)

    def text_between(self, first: int, last: int) -> str:
        """The original text of the snippets that words ``first``..``last`` were read from.

        Example:
            >>> s = stream_of("ocr", "v", [Evidence("ocr", "v", 0.0, 1.0, "EXIT", 0.0)])
            >>> s.text_between(0, 0)
            'EXIT'
        """
        indices = sorted(set(self.snippet_of[first : last + 1].tolist()))
        return " ".join(self.snippets[i].text for i in indices)


def match_words(text: str) -> list[str]:
    """The words the answerer compares: canonical words, numbers split at their separators.

    Example:
        >>> match_words("Sunset 19.15 — the Colour Theory")
        ['sunset', '19', '15', 'the', 'color', 'theory']
    """
    return split_numbers(canonical_words(text))


def words_text(text: str, first: int, last: int) -> str:
    """The part of ``text`` that holds its words ``first``..``last`` (indices among ``match_words(text)``),
    whole tokens as written, line breaks (" / ") at its ends left off; ``text`` itself where its tokens'
    words are not the text's.

    Example:
        >>> words_text("echo / the GOSPEL", 1, 2), words_text("ask not what you can do", 2, 5)
        ('the GOSPEL', 'what you can do')
    """
    tokens = list(re.finditer(r"\S+", text))
    sizes = [len(match_words(t.group())) for t in tokens]
    if sum(sizes) != len(match_words(text)):
        return text
    ends = np.cumsum(sizes)
    held = [t for t, start, end in zip(tokens, ends - sizes, ends, strict=True) if start <= last and end > first]
    if not held:
        return text
    return text[held[0].start() : held[-1].end()].strip(" /")


def stream_of(
    source: str, video_id: str, snippets: Sequence[Evidence], word_times: Sequence[tuple[str, float, float]] = ()
) -> Stream:
    """A stream of ``snippets`` (in order). On screen or in a sound label (``ocr``, ``audio``) every word
    of a snippet lasts its whole span; spoken or subtitled words get times spread evenly over it, or,
    where ``word_times`` (recognized words with their start and end) cover them, their own times.

    Example:
        >>> ev = [Evidence("transcript", "v", 0.0, 2.0, "ask not what", 0.0)]
        >>> s = stream_of("transcript", "v", ev, [("ask", 0.0, 0.3), ("not", 0.4, 0.6), ("what", 1.5, 2.0)])
        >>> s.starts.tolist(), s.ends.tolist()
        ([0.0, 0.4, 1.5], [0.3, 0.6, 2.0])
    """
    words: list[str] = []
    starts: list[float] = []
    ends: list[float] = []
    snippet_of: list[int] = []
    timed = list(word_times)
    for index, snippet in enumerate(snippets):
        tokens = match_words(snippet.text)
        if not tokens:
            continue
        if source in SPOKEN:
            inside = [w for w in timed if snippet.start_s - 0.5 <= w[1] <= snippet.end_s + 0.5]
            span_starts, span_ends = _word_times(tokens, snippet, inside)
        else:
            span_starts, span_ends = [snippet.start_s] * len(tokens), [snippet.end_s] * len(tokens)
        words += tokens
        starts += span_starts
        ends += span_ends
        snippet_of += [index] * len(tokens)
    return Stream(
        source,
        video_id,
        tuple(snippets),
        tuple(words),
        np.asarray(starts, dtype=float),
        np.asarray(ends, dtype=float),
        np.asarray(snippet_of, dtype=int),
    )


def screen_stream(
    video_id: str, start_s: float, end_s: float, texts: Sequence[str], boxes: Sequence[Sequence[float]], near: float
) -> Stream:
    """The stream of one screen: a frame's boxes (``texts`` and their ``boxes``) read in ``reading_order``,
    shown ``start_s``..``end_s``, each word with the box it was read in (``word_boxes``).

    Example:
        >>> s = screen_stream("v", 0.0, 1.0, ["Party", "Audible"], [[0.3, 0.6, 0.7, 0.7], [0.2, 0.3, 0.5, 0.4]], 0.0)
        >>> s.words, s.boxes[:, 1].tolist()
        (('audible', 'party'), [0.3, 0.6])
    """
    snippet = Evidence("ocr", video_id, start_s, end_s, reading_order(texts, boxes), near)
    stream = stream_of("ocr", video_id, [snippet])
    return dataclasses.replace(stream, boxes=word_boxes(texts, boxes, stream.words))


def word_boxes(texts: Sequence[str], boxes: Sequence[Sequence[float] | None], words: Sequence[str]) -> np.ndarray:
    """The box each of ``words`` (a frame's words read in ``reading_order``) was read in: the boxes' own
    words (``match_words`` of each box's text) in reading order, aligned with ``words`` (``difflib``: a
    number split over two boxes is one word); NaN where a word is not one box's or a box is not known.

    Example:
        >>> word_boxes(["EXIT", "Fire door"], [[0.1, 0.1, 0.3, 0.2], None], ["exit", "fire", "door"])[:, 0].tolist()
        [0.1, nan, nan]
    """
    out = np.full((len(words), 4), np.nan)
    own: list[str] = []
    located: list[Sequence[float] | None] = []
    for box, text in _in_lines(texts, boxes):
        tokens = match_words(text)
        own += tokens
        located += [box] * len(tokens)
    for block in difflib.SequenceMatcher(None, list(words), own, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            box = located[block.b + k]
            if _known(box):
                out[block.a + k] = box
    return out


def _word_times(
    tokens: list[str], snippet: Evidence, timed: list[tuple[str, float, float]]
) -> tuple[list[float], list[float]]:
    """Times of a snippet's normalized words: the recognized words' own times where the two texts align
    (``difflib``: numbers said in several words are one normalized word), evenly spread otherwise."""
    step = (snippet.end_s - snippet.start_s) / len(tokens)
    starts = [snippet.start_s + i * step for i in range(len(tokens))]
    ends = [snippet.start_s + (i + 1) * step for i in range(len(tokens))]
    if not timed:
        return starts, ends
    heard: list[str] = []
    times: list[tuple[float, float]] = []
    for word, start, end in timed:
        for token in match_words(word):
            heard.append(token)
            times.append((start, end))
    for block in difflib.SequenceMatcher(None, tokens, heard, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            starts[block.a + k], ends[block.a + k] = times[block.b + k]
    return starts, ends


def streams_of(evidence: Sequence[Evidence]) -> list[Stream]:
    """Streams made of snippets already gathered: each on-screen text its own stream, the speech,
    subtitles and sounds of a video one stream each (snippets in time order).

    Example:
        >>> ev = [Evidence("ocr", "v", 0.0, 1.0, "EXIT", 0.5), Evidence("transcript", "v", 2.0, 3.0, "go on", 2.5),
        ...       Evidence("transcript", "v", 1.0, 2.0, "Now", 1.5)]
        >>> [(s.source, s.words) for s in streams_of(ev)]
        [('ocr', ('exit',)), ('transcript', ('now', 'go', 'on'))]
    """
    streams: list[Stream] = []
    grouped: dict[tuple[str, str], list[Evidence]] = {}
    for snippet in sorted(evidence, key=lambda e: (e.video_id, e.start_s, e.end_s)):
        if snippet.source == "ocr":
            streams.append(stream_of("ocr", snippet.video_id, [snippet]))
        else:
            grouped.setdefault((snippet.source, snippet.video_id), []).append(snippet)
    streams += [stream_of(source, video_id, snippets) for (source, video_id), snippets in grouped.items()]
    return [s for s in streams if s.words]


def screen_sequence(streams: Sequence[Stream]) -> list[Stream]:
    """Each video's screens (``ocr`` streams) one after another as one stream, in time order: a phrase
    shown a word or two at a time (kinetic captions, "WE" / "ARE" / "HERE") is read across screens, as
    speech is across segments. Each word keeps its own screen's seconds and snippet.

    Example:
        >>> ev = [Evidence("ocr", "v", t, t + 1.0, w, t) for t, w in [(2.0, "HERE"), (0.0, "WE"), (1.0, "ARE")]]
        >>> [(s.words, s.starts.tolist()) for s in screen_sequence(streams_of(ev))]
        [(('we', 'are', 'here'), [0.0, 1.0, 2.0])]
    """
    by_video: dict[str, list[Stream]] = {}
    for stream in streams:
        if stream.source == "ocr":
            by_video.setdefault(stream.video_id, []).append(stream)
    out = []
    for video_id, screens in by_video.items():
        screens.sort(key=lambda s: (s.start_s, s.end_s))
        offsets = np.cumsum([0, *(len(s.snippets) for s in screens[:-1])])
        out.append(
            Stream(
                "ocr",
                video_id,
                tuple(snippet for s in screens for snippet in s.snippets),
                tuple(word for s in screens for word in s.words),
                np.concatenate([s.starts for s in screens]),
                np.concatenate([s.ends for s in screens]),
                np.concatenate([s.snippet_of + offset for s, offset in zip(screens, offsets, strict=True)]),
            )
        )
    return out


def read_timeline(corpus: CorpusSql, video_ids: Sequence[str], keyframe_ts: dict[str, list[float]]) -> list[Stream]:
    """Every text of ``video_ids`` in the corpus as streams (see the module doc).

    ``keyframe_ts`` maps a video to its keyframes' times: each snippet records the nearest one.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> read_timeline(vqdb.connect(empty_corpus()), ["v"], {"v": [1.0]})
        []
    """
    if not video_ids:
        return []
    params = {"ids": sorted(set(video_ids))}
    streams: list[Stream] = []

    def near(video_id: str, start: float, end: float) -> float:
        times = keyframe_ts.get(video_id) or [start]
        return min(times, key=lambda t: abs((start + end) / 2 - t))

    frames = corpus.sql_unchecked(
        """
        SELECT video_id, ts, list(text ORDER BY box.y0, box.x0) AS texts,
               list([box.x0, box.y0, box.x1, box.y1] ORDER BY box.y0, box.x0) AS boxes
        FROM ocr WHERE list_contains($ids::VARCHAR[], video_id) AND trim(text) <> ''
        GROUP BY video_id, ts ORDER BY video_id, ts
        """,
        params=params,
    ).fetchall()
    for video_id, group, step, (texts, boxes) in _screens(frames):
        start, end = group[0][0], group[-1][0] + step  # on screen until the next sampled frame
        streams.append(screen_stream(video_id, start, end, texts, boxes, near(video_id, start, end)))
    read_per_frame = {video_id for video_id, *_ in frames}
    for video_id, start, end, text in corpus.sql_unchecked(  # tracked spans, where no frame's boxes were kept
        "SELECT video_id, start_s, end_s, text FROM ocr_spans WHERE list_contains($ids::VARCHAR[], video_id) "
        "AND trim(text) <> '' ORDER BY video_id, start_s",
        params=params,
    ).fetchall():
        if video_id not in read_per_frame:
            start, end = float(start), float(end)
            snippet = Evidence("ocr", video_id, start, end, text.strip(), near(video_id, start, end))
            streams.append(stream_of("ocr", video_id, [snippet]))
    words: dict[str, list[tuple[str, float, float]]] = {}
    for video_id, word, start, end in corpus.sql_unchecked(
        "SELECT video_id, word, start_s, end_s FROM transcript_words "
        "WHERE list_contains($ids::VARCHAR[], video_id) ORDER BY video_id, start_s",
        params=params,
    ).fetchall():
        words.setdefault(video_id, []).append((word, float(start), float(end)))
    for source, sql in _TIMED_TEXT.items():
        by_video: dict[str, list[Evidence]] = {}
        for video_id, start, end, text in corpus.sql_unchecked(
            f"SELECT * FROM ({sql}) WHERE list_contains($ids::VARCHAR[], video_id) AND trim(text) <> '' "
            "ORDER BY video_id, start_s, end_s",
            params=params,
        ).fetchall():
            start, end = float(start), float(end)
            by_video.setdefault(video_id, []).append(
                Evidence(source, video_id, start, end, text.strip(), near(video_id, start, end))
            )
        for video_id, snippets in by_video.items():
            streams.append(
                stream_of(source, video_id, snippets, words.get(video_id, []) if source == "transcript" else ())
            )
    return [s for s in streams if s.words]


def reading_order(texts: Sequence[str], boxes: Sequence[Sequence[float]]) -> str:
    """A frame's text boxes as one text: lines top to bottom (boxes whose vertical middles fall within
    the other's height are one line), boxes left to right within a line; lines joined by " / ". Where a box is
    not known, each text is a line, in the order given.

    Example:
        >>> boxes = [[0.5, 0.1, 0.9, 0.2], [0.1, 0.12, 0.45, 0.21], [0.3, 0.4, 0.6, 0.5]]
        >>> reading_order(["STARTED", "GETTING", "NOW?"], boxes)
        'GETTING STARTED / NOW?'
    """
    return " / ".join(" ".join(t.strip() for _, t in line) for line in _lines(texts, boxes))


def _in_lines(
    texts: Sequence[str], boxes: Sequence[Sequence[float] | None]
) -> list[tuple[Sequence[float] | None, str]]:
    """A frame's (box, text) pairs in ``reading_order``'s order."""
    return [pair for line in _lines(texts, boxes) for pair in line]


def _known(box: Sequence[float | None] | None) -> bool:
    """Whether a box was recorded, with all four edges."""
    return box is not None and None not in box


def _lines(
    texts: Sequence[str], boxes: Sequence[Sequence[float] | None]
) -> list[list[tuple[Sequence[float] | None, str]]]:
    """A frame's boxes as lines top to bottom (boxes whose vertical middles fall within the other's height
    are one line), each line's (box, text) pairs left to right; where a box is not known (none recorded), each
    text a line, in the order given."""
    if not all(_known(box) for box in boxes):
        return [[(box, text)] for box, text in zip(boxes, texts, strict=True)]
    items = sorted(zip(boxes, texts, strict=True), key=lambda item: (item[0][1] + item[0][3]) / 2)
    lines: list[list[tuple[Sequence[float], str]]] = []
    for box, text in items:
        middle = (box[1] + box[3]) / 2
        if lines:
            last = lines[-1][-1][0]
            if last[1] <= middle <= last[3] or box[1] <= (last[1] + last[3]) / 2 <= box[3]:
                lines[-1].append((box, text))
                continue
        lines.append([(box, text)])
    return [sorted(line, key=lambda item: item[0][0]) for line in lines]


def _screens(frames: Sequence[tuple]) -> list[tuple[str, list[tuple[float, str]], float, tuple]]:
    """Frames of a video in a row (no sampled frame without text between them) that read the same
    words, grouped: ``(video_id, [(ts, text), ...], sampling step, (the first frame's texts, boxes))``."""
    steps: dict[str, float] = {}
    for (video_a, ts_a, *_), (video_b, ts_b, *_) in zip(frames, frames[1:], strict=False):
        if video_a == video_b and ts_b > ts_a:
            steps[video_a] = min(steps.get(video_a, ts_b - ts_a), ts_b - ts_a)
    groups: list[tuple[str, list[tuple[float, str]], float, tuple]] = []
    previous: tuple[str, tuple[str, ...]] | None = None
    for video_id, ts, texts, boxes in frames:
        text = reading_order(texts, boxes)
        key = (video_id, tuple(match_words(text)))
        if not key[1]:
            continue
        step = steps.get(video_id, 0.0)
        if previous == key and ts - groups[-1][1][-1][0] <= 1.5 * step:
            groups[-1][1].append((float(ts), text))
        else:
            groups.append((video_id, [(float(ts), text)], step, (texts, boxes)))
        previous = key
    return groups
