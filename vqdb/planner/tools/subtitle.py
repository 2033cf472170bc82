"""The ``subtitle`` tool: how well the subtitle cues shown around each frame (a sidecar .srt / .vtt read at
ingest) say the query, in their words or in meaning (see ``vqdb.planner.tools.timed_text``).

A cue's words are spread over its time, so a phrase inside a long cue gets about its own stretch; each cue
is also a sentence compared by meaning.

Example:
    >>> sql = Subtitle().select(Context("more red")).sql("duckdb")
    >>> "PHRASE_SPANS(ARRAY_AGG({'text': text" in sql and "FROM subtitles" in sql
    True
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import col, select, table
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context
from vqdb.planner.tools.timed_text import TimedTextTool


@register
class Subtitle(TimedTextTool):
    """the best span around the frame: cue words that `phrase_spans` aligns with the query (0.7..1), or a
    cue close in meaning (MiniLM, at most 0.6)"""

    name = "subtitle"
    description = "subtitles: frames graded by how well the subtitle cues shown around them say the query (or mean it)"
    query_hint = "the words expected in the subtitles"
    extractor = "subtitles"
    table = "subtitles"

    def pieces(self, ctx: Context) -> exp.Select:
        return select(
            col("video_id"), col("text"), col("start_s"), col("end_s"), from_=table(self.table), where=ctx.where()
        )

    def sentences(self, ctx: Context) -> exp.Select:
        return select(
            col("video_id"),
            col("text"),
            col("text_emb"),
            col("start_s"),
            col("end_s"),
            from_=table(self.table),
            where=ctx.where(),
        )
