"""What a planner tool is: its vocabulary (name, what it finds, which extractor and table it needs) and the
SQL its calls compile to.

A tool's ``select`` returns its evidence for one call as a sqlglot query, in one of two shapes
(``evidence``), which the compiler turns into per-frame ranks the same way for every tool:

* ``"scores"``: rows ``(video_id, frame_idx, score)``, at most one per frame, higher is better, for the
  frames it scored; a frame with no row (or a NULL score) ranks last. A tool with ``spans`` also gives
  ``(start_s, end_s)``: the stretch of its evidence the frame belongs to (the text's time on screen, the
  clause or utterance a phrase is said in), which ``locate`` uses as the boundaries of an interval, and
  ``(focus_start, focus_end)``: where the evidence itself is (the text on screen, the words said), inside
  which a keyframe is placed (``vqdb.planner.placement``);
* ``"hits"``: rows ``(video_id, frame_idx, ts)`` of the sampled frames that match; the median frame of
  each run of hits ranks first, every other frame last.

The query may read the tool's own tables and two CTEs of the compiled query: ``sampled``
(``video_id, frame_idx, ts`` of the frames being ranked) and ``video_info`` (per video: ``n_frames``,
``duration_s``, ``gap``, and ``period``, the time between sampled frames); ``Context`` gives it the call's
query as a literal and the video filter.

Example:
    >>> from vqdb.planner.tools import get
    >>> siglip = get("siglip")
    >>> siglip.evidence, siglip.extractor, siglip.table
    ('scores', 'embed', 'frame_embeddings')
    >>> get("siglip").select(Context("a dog", video_id="v1")).sql("duckdb")[:47]
    'SELECT video_id, UNNEST(frames) AS frame_idx, U'

"""

from __future__ import annotations

import abc
import dataclasses
import inspect
import re
from collections.abc import Sequence
from typing import ClassVar, Literal

import numpy as np
import pyarrow as pa
from sqlglot import exp

from vqdb.planner.boolexpr import PlanError
from vqdb.planner.sqlbuild import BIGINT, alias, cast, col, fn, number, select, string, subquery, table, video_filter
from vqdb.planner.video_frames import VideoFrames

SAMPLED = "sampled"  # the CTE of the frames being ranked: video_id, frame_idx, ts
VIDEO_INFO = "video_info"  # the CTE of per-video constants: video_id, n_frames, duration_s, gap, period
EVIDENCE = ("scores", "hits")
SPAN_COLUMNS = ("start_s", "end_s", "focus_start", "focus_end")  # what a tool with ``spans`` gives besides its score
RELATION_WINDOW_S = 15.0  # how far after (before) its evidence a related call (``Call.when``) reaches


@dataclasses.dataclass(frozen=True)
class Context:
    """What one call's SQL refers to: its query text and the video the compile is restricted to (or None); for
    a tool with ``screen_boxes``, where its text is on screen and how big (``Call.place``, ``Call.size``); for a
    tool with ``extents``, what its spans are instead of the words said (``Call.extent``: the statement they are
    said in, the phrase a voice says, the phrase said next to them) and, for the phrase said next, on which
    side (``Call.when``: "after", "before").

    Example:
        >>> ctx = Context("EXIT", video_id="v1")
        >>> ctx.text.sql(), ctx.where().sql(), ctx.sampled("s").sql()
        ("'EXIT'", "video_id = 'v1'", 'sampled AS s')
    """

    query: str
    video_id: str | None = None
    place: str | None = None
    size: str | None = None
    extent: str | None = None
    when: str | None = None

    @property
    def text(self) -> exp.Literal:
        """The query as a SQL string literal (user text enters the SQL only this way)."""
        return string(self.query)

    def where(self, *conditions: exp.Expression) -> exp.Expression | None:
        """The video filter AND ``conditions`` (None when there is neither), for ``Select.where``."""
        return video_filter(self.video_id, *conditions)

    @staticmethod
    def sampled(alias: str | None = None) -> exp.Table:
        """The ``sampled`` CTE, optionally aliased."""
        return table(SAMPLED, alias)

    @staticmethod
    def video_info(alias: str | None = None) -> exp.Table:
        """The ``video_info`` CTE, optionally aliased."""
        return table(VIDEO_INFO, alias)

    def frame_lists(self, extractor: str) -> exp.Select:
        """``(video_id, frames)``: the sampled frames of each video whose ``extractor`` finished, as one list,
        for the SQL functions that score a video's frames at once (a frame without evidence scores NULL).
        Listing ``sampled`` instead of the evidence table's rows spares a scan of that table (a 1-hour video
        has 43,200 crops); ``finished_videos`` keeps the table's own visibility.

        Example:
            >>> print(Context("a dog", video_id="v1").frame_lists("embed").sql("duckdb", pretty=True))
            SELECT
              video_id,
              ARRAY_AGG(frame_idx) AS frames
            FROM sampled
            WHERE
              video_id = 'v1' AND video_id IN (
                SELECT
                  UNNEST(FINISHED_VIDEOS('embed'))
              )
            GROUP BY
              video_id
        """
        finished = select(fn("unnest", fn("finished_videos", string(extractor))), from_=None)
        return select(
            col("video_id"),
            alias(fn("list", col("frame_idx")), "frames"),
            from_=table(SAMPLED),
            where=self.where(exp.In(this=col("video_id"), query=subquery(finished))),
            group_by=[col("video_id")],
        )


@dataclasses.dataclass(frozen=True)
class FrameEvidence:
    """One call's evidence for one video as arrays aligned with its sampled frames (``VideoFrames``, time
    order): ``score`` (float64, NaN where the call scored nothing: the frame ranks last) and, for a tool with
    ``spans``, the stretch of evidence of each frame (``start_s``, ``end_s``; NaN where none) and where the
    evidence itself is (``focus_start``, ``focus_end``: the words said, the text on screen; NaN where none).

    Example:
        >>> FrameEvidence(np.array([0.5, np.nan])).score.tolist()
        [0.5, nan]
    """

    score: np.ndarray
    start_s: np.ndarray | None = None
    end_s: np.ndarray | None = None
    focus_start: np.ndarray | None = None
    focus_end: np.ndarray | None = None


class Tool(abc.ABC):
    """A planner tool. Subclasses set the class attributes below and ``select``, and are made available
    with ``@vqdb.planner.tools.register``; the first paragraph of a tool's docstring says what a frame's
    evidence is (its row of the tool table in docs/planner.md).

    * ``name``: what plans call it (lower case, letters, digits, ``_``);
    * ``description``: what it finds, for the LLM planner's prompt;
    * ``query_hint``: what its query should be, for the same prompt;
    * ``extractor``, ``table``: the ingest step whose rows it reads, and the table (one the extractor
      writes, see ``vqdb.schema``); the tool is available for a video once that extractor finished;
    * ``evidence``: ``"scores"`` or ``"hits"`` (see the module docstring);
    * ``spans``: whether its scores come with the ``(start_s, end_s)`` of the evidence;
    * ``visual``: whether its evidence is how much a picture looks like the query (a similarity for every
      frame, not words read, said or heard);
    * ``screen_boxes``: whether its evidence is text read in boxes on screen, so a call may say where the text
      is and how big (``Call.place``, ``Call.size``: ``Context.place``, ``Context.size``, and the same
      keywords of ``frame_evidence_each``);
    * ``extents``: what a call may ask its spans to be instead of its evidence itself (``Call.extent``:
      ``Context.extent``, and the same keyword of ``frame_evidence_each``): "statement" for words said (the
      statement they are said in; "statement_after" / "statement_before": focused on its answer, the rest of it
      after or before them), "phrase" for a voice (the phrase said, not the utterance), "next" for words
      said (the phrase said right after or before them, ``Context.when`` and the ``when`` keyword saying which);

    and where ``vqdb.planner.search`` finds a call's candidate videos across the corpus (a tool with none of
    these is searched in every video its extractor finished):

    * ``text_indexes``: tables whose full-text index finds rows with the query's words;
    * ``vector_index``: a table whose vector index finds rows near the query as embedded by
      ``query_embedder`` (the SQL function that embeds it as the tool does);
    * ``ranking_table``: a table that ``ranked_videos`` reads to rank videos for the query.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    query_hint: ClassVar[str]
    extractor: ClassVar[str]
    table: ClassVar[str]
    evidence: ClassVar[Literal["scores", "hits"]] = "scores"
    spans: ClassVar[bool] = False
    visual: ClassVar[bool] = False
    screen_boxes: ClassVar[bool] = False
    extents: ClassVar[tuple[str, ...]] = ()
    text_indexes: ClassVar[tuple[str, ...]] = ()
    vector_index: ClassVar[str | None] = None
    query_embedder: ClassVar[str | None] = None
    ranking_table: ClassVar[str | None] = None

    def check(self, query: str) -> None:
        """Raise PlanError when ``query`` cannot be looked for by this tool (any query can, by default).

        Example:
            >>> from vqdb.planner.tools import get
            >>> get("siglip").check("?!") is None
            True
        """
        return None

    @abc.abstractmethod
    def select(self, ctx: Context) -> exp.Query:
        """The call's evidence as a query (shape given by ``evidence``)."""

    def frame_evidence(self, video: VideoFrames, query: str) -> FrameEvidence | None:
        """The call's evidence for one video as arrays, equal to what ``select`` gives for it
        (``vqdb.planner.columnar`` runs plans on these), or None: this tool has no array form, and a plan
        that calls it runs as SQL. Every built-in tool has one; a tool added with ``select`` alone works as
        SQL.

        Example:
            >>> from vqdb.planner.tools import get
            >>> type(get("ocr")).frame_evidence is Tool.frame_evidence
            False
        """
        return None

    def frame_evidence_each(self, videos: Sequence[VideoFrames], query: str) -> list[FrameEvidence | None]:
        """``frame_evidence`` of each of ``videos`` (read through one session), what a search merges in its
        candidate videos; a tool whose evidence asks the session for values a video at a time (grades, the
        query's vector) asks once for all of them. By default one video after another.

        Example:
            >>> from vqdb.planner.tools import get
            >>> get("ocr").frame_evidence_each([], "EXIT")
            []
        """
        return [self.frame_evidence(video, query) for video in videos]

    def ranked_videos(self, query: str) -> exp.Select | None:
        """The videos ``ranking_table`` ranks best for ``query`` (``video_id``, best first), or None: the tool
        has no ranking table (the default).

        Example:
            >>> from vqdb.planner.tools import get
            >>> get("ocr").ranked_videos("EXIT") is None
            True
        """
        return None

    def moment_evidence(self, video: VideoFrames, found: FrameEvidence, position: int, ts: float) -> str:
        """What a moment at the keyframe ``ts`` shows of the call's evidence (``found``, at the frame
        ``position`` of ``video``), as ``vqdb.planner.search`` lists it: 'read: "EXIT"', 'heard: Dog'; "" when
        there is nothing to read or hear (the default: a picture's similarity).

        Example:
            >>> from vqdb.planner.tools import get
            >>> get("siglip").moment_evidence(None, FrameEvidence(np.array([0.3])), 0, 0.0)
            ''
        """
        return ""

    @classmethod
    def summary(cls) -> str:
        """The first paragraph of the tool's docstring, on one line.

        Example:
            >>> from vqdb.planner.tools import get
            >>> print(get("region").summary())
            `max(similarity(emb, query))` over the frame's crops (`best_region_scores`, a video at a time)
        """
        return " ".join(inspect.cleandoc(cls.__doc__ or "").split("\n\n")[0].split())  # its own, not inherited


class TextTool(Tool):
    """A tool that looks for the query's words in text (on screen, spoken, subtitles): it grades every
    frame by how well the text shown or said with it matches the query (``vqdb.udfs.text_grade``), gives
    the stretch of text each frame belongs to, and needs a query with a letter or digit to look for."""

    spans: ClassVar[bool] = True
    evidence_label: ClassVar[str]  # what a moment's text is, for search's evidence ("read", "said")

    def moment_evidence(self, video: VideoFrames, found: FrameEvidence, position: int, ts: float) -> str:
        """The text shown or said at the call's focus (``text_at``), after ``evidence_label``; "" where there
        is none.

        Example:
            >>> from vqdb.planner.tools import get
            >>> get("transcript").moment_evidence(None, FrameEvidence(np.array([0.9])), 0, 0.0)  # no focus
            ''
        """
        focus = focus_at(found, position)
        text = self.text_at(video, *focus, ts) if focus else ""
        return f'{self.evidence_label}: "{text}"' if text else ""

    def text_at(self, video: VideoFrames, low: float, high: float, ts: float) -> str:
        """The tool's text from ``low`` to ``high`` s in ``video`` that a moment at ``ts`` shows ("" by default:
        a tool that says nothing of its text)."""
        return ""

    def check(self, query: str) -> None:
        """Raise PlanError when ``query`` has no letters or digits.

        Example:
            >>> from vqdb.planner.tools import get
            >>> get("ocr").check("?!")
            Traceback (most recent call last):
            ...
            vqdb.planner.boolexpr.PlanError: ocr query '?!' has no letters or digits to match; give the text to look for
        """
        if not normalize_text(query):
            raise PlanError(f"{self.name} query {query!r} has no letters or digits to match; give the text to look for")


def focus_at(found: FrameEvidence, position: int) -> tuple[float, float] | None:
    """Where the evidence of the frame at ``position`` itself is (``focus_start``, ``focus_end``), or None
    where it has none.

    Example:
        >>> focus_at(FrameEvidence(np.zeros(2), focus_start=np.array([1.0, np.nan]), focus_end=np.array([2.0, 3.0])), 0)
        (1.0, 2.0)
    """
    if found.focus_start is None or found.focus_end is None:
        return None
    low, high = float(found.focus_start[position]), float(found.focus_end[position])
    return None if np.isnan(low) or np.isnan(high) else (low, high)


def normalize_text(text: str) -> str:
    """Python's twin of the SQL macro ``text_normalize``: lower case, runs of anything but letters and
    digits turned into one space.

    Example:
        >>> normalize_text("Ask not, what 00:00:05!")
        'ask not what 00 00 05'
    """
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def whole_second(seconds: exp.Expression) -> exp.Cast:
    """The whole second a time falls in: ``CAST(floor(t) AS BIGINT)``. Joining frames with stretches of
    time on it as well as on the video (``seconds_touched``) makes DuckDB compare a frame only with the
    stretches around it, not with every stretch of its video.

    Example:
        >>> whole_second(exp.column("ts")).sql()
        'CAST(FLOOR(ts) AS BIGINT)'
    """
    return cast(fn("floor", seconds), BIGINT)


def seconds_touched(start: exp.Expression, end: exp.Expression) -> exp.Expression:
    """One row per whole second a stretch of time touches: ``unnest(range(second(start), second(end) + 1))``.

    Example:
        >>> seconds_touched(exp.column("start_s"), exp.column("end_s")).sql("duckdb")
        'UNNEST(RANGE(CAST(FLOOR(start_s) AS BIGINT), CAST(FLOOR(end_s) AS BIGINT) + 1))'
    """
    return fn("unnest", fn("range", whole_second(start), exp.Add(this=whole_second(end), expression=number(1))))


def best_spans(
    first: np.ndarray,
    stop: np.ndarray,
    score: np.ndarray,
    said_from: np.ndarray,
    start_s: np.ndarray,
    end_s: np.ndarray,
    focus: tuple[np.ndarray, np.ndarray],
    n_frames: int,
) -> FrameEvidence:
    """Each frame's best span: of the spans whose frames (positions ``first`` to ``stop``, excluded) hold it,
    the one with the highest ``score``, then the earliest ``said_from``, then the earliest end of its ``focus``
    (the SQL's ``max(score)`` and ``first(... ORDER BY score DESC, ...)``); its score, stretch (``start_s``,
    ``end_s``) and ``focus`` (start and end of where its evidence itself is).

    Example:
        >>> found = best_spans(np.array([0, 1]), np.array([2, 3]), np.array([0.5, 0.9]), np.array([0.0, 1.0]),
        ...                    np.array([0.0, 1.0]), np.array([2.0, 3.0]), (np.array([0.5, 1.5]), np.array([1.0, 2.0])),
        ...                    n_frames=4)
        >>> found.score.tolist(), found.start_s.tolist(), found.focus_start.tolist()
        ([0.5, 0.9, 0.9, nan], [0.0, 1.0, 1.0, nan], [0.5, 1.5, 1.5, nan])
    """
    span, frame = frames_in(first, stop)
    order = np.lexsort((focus[1][span], said_from[span], -score[span], frame))
    frame, span = frame[order], span[order]
    best = np.r_[True, frame[1:] != frame[:-1]] if len(frame) else np.zeros(0, dtype=bool)
    frame, span = frame[best], span[best]
    found = FrameEvidence(*(np.full(n_frames, np.nan) for _ in range(5)))
    for per_frame, per_span in zip(
        (found.score, found.start_s, found.end_s, found.focus_start, found.focus_end),
        (score, start_s, end_s, *focus),
        strict=True,
    ):
        per_frame[frame] = per_span[span]
    return found


def frames_in(first: np.ndarray, stop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (stretch, frame) pair of stretches given as frame positions ``first`` to ``stop`` (excluded):
    the stretch's index and the frame's position, stretch by stretch.

    Example:
        >>> [a.tolist() for a in frames_in(np.array([0, 5, 2]), np.array([2, 5, 4]))]
        [[0, 0, 2, 2], [0, 1, 2, 3]]
    """
    counts = np.maximum(stop - first, 0)
    owner = np.repeat(np.arange(len(first)), counts)
    return owner, np.repeat(first - np.cumsum(counts) + counts, counts) + np.arange(counts.sum())


def float_array(column: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """An Arrow column as float64 NumPy, NaN where NULL.

    Example:
        >>> float_array(pa.array([1, None], pa.float32())).tolist()
        [1.0, nan]
    """
    return column.cast(pa.float64()).fill_null(np.nan).to_numpy(zero_copy_only=False)
