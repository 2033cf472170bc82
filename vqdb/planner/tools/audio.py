"""The ``audio`` tool: how strongly a sound whose label matches the query is heard during each frame.

A tag matches when its label contains the query or is contained in it (both normalized, so "dog" finds
"Dog" and "Dog bark"); a frame's score is the best score of the matching tags covering it
(``start_s <= ts < end_s``).

Example:
    >>> sql = Audio().select(Context("dog")).sql("duckdb")
    >>> "CONTAINS(TEXT_NORMALIZE(label), TEXT_NORMALIZE('dog'))" in sql and "WITH tags AS MATERIALIZED" in sql
    True
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from sqlglot import exp

from vqdb.planner.sqlbuild import alias, col, desc, fn, join, select, string, subquery, table, with_ctes
from vqdb.planner.tools import register
from vqdb.planner.tools.base import (
    Context,
    FrameEvidence,
    Tool,
    float_array,
    frames_in,
    normalize_text,
    seconds_touched,
    whole_second,
)
from vqdb.planner.video_frames import VideoFrames


@register
class Audio(Tool):
    """`max(score)` of the tags covering the frame whose label contains the query or is contained in it
    (normalized)"""

    name = "audio"
    description = "sound events: frames during a sound whose label matches (e.g. 'dog', 'applause')"
    query_hint = 'a sound label ("dog", "applause", "siren")'
    extractor = "audio"
    table = "audio_tags"
    ranking_table = "audio_events"  # a row per span where a label stays above the tagger's threshold

    def select(self, ctx: Context) -> exp.Query:
        """The frames a matching tag covers, with the best such tag's score. A tagger has a few hundred
        labels for tens of thousands of tags, so each distinct label is compared once (``labels``, of the
        video's tags read once into ``tags``). Tags are spread over the whole seconds they touch, so frames
        join them on (video_id, second) instead of comparing every frame with every tag of the video.
        The distinct labels are an aggregate's (``list(DISTINCT label)``, unnested), not ``SELECT DISTINCT``:
        DuckDB would push the match below a DISTINCT and normalize the label of every tag; the aggregate
        keeps each label once as it reads them (``list_distinct`` of all 37,500 labels of an hour costs
        about 1 ms more)."""
        video_tags = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            col("label"),
            col("score"),
            from_=table(self.table),
            where=ctx.where(),
        )
        matches = self.matches(col("label"), ctx.text)
        distinct = select(
            alias(fn("unnest", fn("list", exp.Distinct(expressions=[col("label")]))), "label"), from_=table("tags")
        )
        labels = select(col("label"), from_=subquery(distinct), where=matches)
        tags = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            col("score"),
            alias(seconds_touched(col("start_s"), col("end_s")), "second"),
            from_=table("tags"),
            where=exp.In(this=col("label"), query=subquery(labels)),
        )
        covering = exp.and_(
            col("video_id", "a").eq(col("video_id", "s")),
            col("second", "a").eq(whole_second(col("ts", "s"))),
            col("ts", "s") >= col("start_s", "a"),
            col("ts", "s") < col("end_s", "a"),
        )
        frames = select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            alias(fn("max", col("score", "a")), "score"),
            from_=ctx.sampled("s"),
            joins=[join(subquery(tags, "a"), covering)],
            group_by=[col("video_id", "s"), col("frame_idx", "s")],
        )
        return with_ctes(frames, {"tags": video_tags}, materialized=True)

    @staticmethod
    def matches(label: exp.Expression, query: exp.Expression) -> exp.Expression:
        """Whether a tag's ``label`` matches ``query``: one contains the other, both normalized.

        Example:
            >>> from vqdb.planner.sqlbuild import string
            >>> print(Audio.matches(col("label"), string("dog")).sql("duckdb").replace(" OR ", "\\nOR "))
            CONTAINS(TEXT_NORMALIZE(label), TEXT_NORMALIZE('dog'))
            OR CONTAINS(TEXT_NORMALIZE('dog'), TEXT_NORMALIZE(label))
        """
        label, query = fn("text_normalize", label), fn("text_normalize", query)
        return exp.or_(fn("contains", label, query), fn("contains", query.copy(), label.copy()), copy=False)

    def ranked_videos(self, query: str) -> exp.Select:
        """The videos with an event whose label ``matches`` the query, loudest first (the best ``max_score``).

        Example:
            >>> Audio().ranked_videos("dog").sql("duckdb").startswith("SELECT video_id FROM audio_events WHERE")
            True
        """
        loudest = fn("max", col("max_score"))
        return select(
            col("video_id"),
            from_=table(self.ranking_table),
            where=self.matches(col("label"), string(query)),
            group_by=[col("video_id")],
        ).order_by(desc(loudest), copy=False)

    def moment_evidence(self, video: VideoFrames, found: FrameEvidence, position: int, ts: float) -> str:
        """The sound heard at ``ts``: the label of a tag there that scored the frame's score ('heard: Dog'), or
        'heard: a sound' where none did.

        Example:
            >>> import numpy as np, pyarrow as pa
            >>> class Video:  # a stand-in for VideoFrames: its rows of a table
            ...     def rows(self, name, columns):
            ...         return pa.table({"start_s": [0.0, 0.0], "end_s": [1.0, 1.0], "label": ["Speech", "Dog"],
            ...                          "score": [0.4, 0.8]})
            >>> Audio().moment_evidence(Video(), FrameEvidence(np.array([0.8, 0.1])), 0, 0.5)
            'heard: Dog'
        """
        tags = video.rows(self.table, ("start_s", "end_s", "label", "score")).to_pydict()
        score = found.score[position]
        labels = [
            label
            for s, e, label, value in zip(tags["start_s"], tags["end_s"], tags["label"], tags["score"], strict=True)
            if s is not None and e is not None and s <= ts < e and value == score
        ]
        return f"heard: {labels[0] if labels else 'a sound'}"

    def frame_evidence(self, video: VideoFrames, query: str) -> FrameEvidence:
        """``select``'s scores as arrays: each frame takes the best score of the matching tags whose
        ``[start_s, end_s)`` holds its time. Labels are compared normalized by ``normalize_text`` (the twin
        of the SQL's ``text_normalize``; the SQL's regular expression costs milliseconds a statement)."""
        tags = video.rows(self.table, ("start_s", "end_s", "label", "score"))
        wanted = normalize_text(query)
        labels = pc.unique(tags.column("label").drop_null()).to_pylist()
        found = [label for label in labels if wanted in (name := normalize_text(label)) or name in wanted]
        chosen = pc.is_in(tags.column("label"), value_set=pa.array(found, pa.string())).to_numpy(zero_copy_only=False)
        starts, ends, scores = (float_array(tags.column(c))[chosen] for c in ("start_s", "end_s", "score"))
        timed = ~(np.isnan(starts) | np.isnan(ends))  # a NULL bound covers no frame
        starts, ends, scores = starts[timed], ends[timed], scores[timed]
        first = np.searchsorted(video.ts, starts, side="left")  # first frame at or after the start
        stop = np.searchsorted(video.ts, ends, side="left")  # first frame at or after the end (excluded)
        tag, frames = frames_in(first, stop)
        score = video.empty()
        np.fmax.at(score, frames, scores[tag])  # NaN (NULL) scores leave a frame as it was
        return FrameEvidence(score)
