"""The ``transcript`` tool: how well what is said around each frame (speech recognized at ingest) says the
query, in its words or in meaning (see ``vqdb.planner.tools.timed_text``).

The words are ``transcript_words`` (Whisper's words with their times); the sentences compared by meaning
are ``transcript_segments``.

Example:
    >>> sql = Transcript().select(Context("ask not", video_id="v1")).sql("duckdb")
    >>> "PHRASE_SPANS(ARRAY_AGG({'text': text" in sql and "FROM transcript_segments" in sql
    True
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import alias, col, select, table
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context
from vqdb.planner.tools.timed_text import PAUSE_S, TimedTextTool


@register
class Transcript(TimedTextTool):
    """the best span around the frame: words that `phrase_spans` aligns with the query (0.7..1), or a
    segment close in meaning (MiniLM, at most 0.6)"""

    name = "transcript"
    description = "spoken words: frames graded by how well what is said around them says the query (or means it)"
    query_hint = "the words expected to be spoken, or what the speech is about"
    extractor = "asr"
    table = "transcript_words"
    pause_s = PAUSE_S

    def pieces(self, ctx: Context) -> exp.Select:
        return select(
            col("video_id"),
            alias(col("word"), "text"),
            col("start_s"),
            col("end_s"),
            from_=table(self.table),
            where=ctx.where(),
        )

    def sentences(self, ctx: Context) -> exp.Select:
        return select(
            col("video_id"),
            col("text"),
            col("text_emb"),
            col("start_s"),
            col("end_s"),
            from_=table("transcript_segments"),
            where=ctx.where(),
        )
