"""The ``transcript`` tool: how well what is said around each frame (speech recognized at ingest) says the
query, in its words or in meaning (see ``vqdb.planner.tools.timed_text``).

The words are ``transcript_words`` (Whisper's words with their times); the sentences compared by meaning
are ``transcript_segments``.

Example:
    >>> from vqdb.planner.tools.base import Context
    >>> sql = Transcript().select(Context("ask not", video_id="v1")).sql("duckdb")
    >>> "PHRASE_SPANS(ARRAY_AGG({'text': text" in sql and "FROM transcript_segments" in sql
    True
"""

from __future__ import annotations

from vqdb.planner.tools import register
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
    piece_text = "word"
    sentence_table = "transcript_segments"
    text_indexes = (sentence_table, table)
    vector_index = sentence_table
    evidence_label = "said"
    pause_s = PAUSE_S
