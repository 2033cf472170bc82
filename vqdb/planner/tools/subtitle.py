"""The ``subtitle`` tool: how well the subtitle cues shown around each frame (a sidecar .srt / .vtt read at
ingest) say the query, in their words or in meaning (see ``vqdb.planner.tools.timed_text``).

A cue's words are spread over its time, so a phrase inside a long cue gets about its own stretch; each cue
is also a sentence compared by meaning.

Example:
    >>> from vqdb.planner.tools.base import Context
    >>> sql = Subtitle().select(Context("more red")).sql("duckdb")
    >>> "PHRASE_SPANS(ARRAY_AGG({'text': text" in sql and "FROM subtitles" in sql
    True
"""

from __future__ import annotations

from vqdb.planner.tools import register
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
    sentence_table = "subtitles"
    text_indexes = (table,)
    vector_index = sentence_table
    evidence_label = "subtitle"
