"""The ``ocr`` tool: the frames whose on-screen text (read at ingest) matches the query.

Most queries match fuzzily: ``text_match(text, query) >= OCR_MIN_MATCH``. A query made only of digits and
separators (a timecode, a counter: one digit changes its meaning) must instead appear as whole words
(``contains_phrase``) once OCR's usual letter-for-digit misreads are undone: O, o -> 0 and I, l, | -> 1
("O0:00.05" reads as 00:00.05).

Example:
    >>> sql = Ocr().select(Context("EXIT")).sql("duckdb")
    >>> sql.startswith("SELECT DISTINCT s.video_id, s.frame_idx, s.ts FROM sampled AS s JOIN")
    True
    >>> "TEXT_MATCH(text, 'EXIT') >= 0.9" in sql
    True
"""

from __future__ import annotations

from sqlglot import exp

from vqdb.planner.sqlbuild import col, fn, join, number, same, string, table
from vqdb.planner.tools import register
from vqdb.planner.tools.base import Context, TextTool

OCR_MIN_MATCH = 0.9  # text_match score from which on-screen text counts as a hit
NUMERIC_QUERY = "[0-9 :;.,/-]+"  # a query of only these characters must match exactly, as whole words
DIGIT_LOOKALIKES = ("OoIl|", "00111")  # OCR misreads of digits, and the digits they stand for


@register
class Ocr(TextTool):
    """on-screen text matches: `text_match(text, query) >= 0.9`; a query of only digits and separators
    (timecode, counter) must appear as whole words (`contains_phrase`) after O/o -> 0 and I/l/| -> 1"""

    name = "ocr"
    description = "on-screen text: frames whose recognized text contains the query string"
    query_hint = "the exact text expected on screen"
    extractor = "ocr"
    table = "ocr"

    def select(self, ctx: Context) -> exp.Select:
        """The sampled frames with a text box that matches, each once."""
        matching = (
            exp.select(col("video_id"), col("frame_idx")).from_(table(self.table)).where(ctx.where(self.match(ctx)))
        )
        return (
            exp.select(col("video_id", "s"), col("frame_idx", "s"), col("ts", "s"))
            .distinct()
            .from_(ctx.sampled("s"))
            .join(join(matching.subquery("o"), same(["video_id", "frame_idx"], "o", "s")))
        )

    @staticmethod
    def match(ctx: Context) -> exp.Case:
        """Whether a row's ``text`` matches the query: exactly for a numeric query, fuzzily otherwise."""
        lookalikes, digits = DIGIT_LOOKALIKES
        numeric = fn("regexp_full_match", ctx.text, string(NUMERIC_QUERY))
        exact = fn("contains_phrase", fn("translate", col("text"), string(lookalikes), string(digits)), ctx.text)
        fuzzy = fn("text_match", col("text"), ctx.text) >= number(OCR_MIN_MATCH)
        return exp.case().when(numeric, exact).else_(fuzzy)
