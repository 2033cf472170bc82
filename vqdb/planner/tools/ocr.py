"""The ``ocr`` tool: how well the text on screen with each frame (read at ingest) contains the query.

A frame's text is its boxes joined in reading order: boxes sorted top to bottom, a box whose middle lies below
the bottom of the box before it starts a line, a line read left to right. So a title EasyOCR split into
"GETTINGSTARTED" / "NOW?" reads "GETTINGSTARTED NOW?". That text is graded against the query with
``screen_text_score`` (``vqdb.udfs.text_grade``: case, spaces, punctuation, spelling and number forms folded,
misread characters tolerated, digits written as digits exact); a frame matches when the grade is above 0,
which takes an alignment of at least ``min_score(query)`` (1.0 up to 4 characters, down to 0.7 for long
queries), or a near miss: most of the query's words read whole, graded at half its alignment, so below every
match (and always weak, below). A query made only of digits and separators (a timecode, a counter: one digit
changes its meaning) must instead appear as whole words (``contains_phrase``) once OCR's letter-for-digit
misreads are undone: O, o -> 0 and I, l, | -> 1; a clock's or a timecode's digits read with its colons dropped
("1205" for 12:05) match too, graded ``RUN_TOGETHER_SCORE`` (``run_together``).

Matching reads are **strong** when they grade at least halfway from ``min_score(query)`` (at most ``STRONG_FLOOR``,
so a short word read with a stray mark beside it is not cut off its run: ``Ocr.strong_floor``) up to the best grade
of the video (the text asked for, read well or with a letter off), **weak** otherwise (another text sharing
some of its words, "echo the life" for "echo the lamb", or a garbled read; a near miss always is). A weak read
beside a strong one (the matching read before or after it, at most ``RUN_GAP`` OCR periods away) that reads
only that read's words (``query_words_read`` 1, letters OCR confuses alike), as well placed and sized for the
call (another copy of the text elsewhere on a page is not a misread), is the same text misread or read in
part, and strong too (``Ocr.strong``): "we arc here" read a second after "we are here to" is one showing, not
a weak run that cuts the strong one short, while "echo the life" has a word "echo the lamb" has not. A weak read
that reads the query's words whole, in an unbroken chain of such reads with one that reads well, each as well placed
and sized as the one before, with as many copies of the text and mostly the same lines holding it (``Ocr.showings``),
is strong too: a line that moves (a news crawl, whose words enter at one side and leave at the other; credits rolling
up, lines coming and going around the one asked) reads the words asked for in a longer text read after read, graded
lower for all that text, and is one showing, while another text holding the words ("Emergency EXIT" read after
"EXIT", "WE ARE HERE TO" after the big "WE" alone) is not. Reads of
one strength at most 2.5 OCR periods apart (so one read may be missed or garbled; the period is the smallest
time between two frames with text, at least the sampling period) form a **run**: the text was on screen from
when its first read's text appeared to when its last read's text left, to the frame (ingest compares the
frames between reads: ``ocr.shown_from_s`` / ``shown_to_s``, ``vqdb.ingest.text_edges``; a read's text is that
of its boxes that read a word of the query (``query_words_read`` above 0), or all its boxes when none does, so a clock
or counter ticking beside a caption does not cut the caption's time to one frame), or, where those are unknown
(a corpus written before them), from half a period before its first read to half a period after its last. A
read's time is that of the value read, to the frame; a query that names only part of a text that ticks (a
timecode asked for by its seconds, "00:00:05" of 00:00:05;00, whose frame digits change every frame; a score
beside a clock) means that part, which stays while the rest ticks: where the last read holds digits the query
does not name and the next read, soon after (``RUN_GAP`` periods), shows the same letters (the same text,
other numbers), the run lasts until the next read's value appears (``held_until``; the part changed somewhere
between the two reads, and reads at the top of each second, as a sampled timecode's are, place it exactly).
Every sampled frame in that stretch scores the run's best grade (so frames between OCR reads count too, and
the frames of one title tie), and the stretch of its best run is the frame's span for ``locate``.

A value of a number that ticks (a frame counter, a timecode, a clock, a countdown) that no read caught is
**estimated between reads** (``estimated``: ``vqdb.udfs.counters``, the SQL function ``counter_moments``): a
query naming one number finds the moment it was shown between two reads of the same counter in the same place
that tick steadily ("Frame = 11" at 1.0 s, "Frame = 21" at 2.0 s: Frame = 15 at 1.4 s), scoring
``counters.ESTIMATE_SCORE`` (below an exact read), for the sampled frames from the nearer read to it; the
moment is their span and focus, and ``text_at`` names the reads around it.

A run on screen for ``PAGE_SHARE`` of the video or more is part of the page, and its times say nothing. If
another copy of the text joins it now and then (a line of its own that matches the query: the question typed
into a chat box while the examples table shows it all along, a caption repeating a logo), the reads with more
copies than the run's fewest make runs of their own, with the page's grade, and the page's grade is
multiplied by ``PAGE_DISCOUNT``: those moments rank first, each with its own stretch. Such a run ends where
its copy left before the next one appeared (``shown_to`` before ``shown_from``, to the frame), however near
their reads: the question typed in the prompt box, then, a read later, posted at the top of the chat, is
two moments, not one from the typing to the video's end.

A text shown that says the query **in other words** ("keep the door closed" for a sign "Fire door - keep shut") is
weaker evidence (``Ocr.meant``): the video's texts shown (``ocr_spans``, each with its MiniLM embedding stored at
ingest, ``text_emb``, as ``timed_text`` compares sentences; only the query is embedded, by ``text_embed``; a text
without a letter means nothing) whose cosine similarity with the query's vector is above ``SCREEN_MEANING_MIN``
score ``meaning_score`` (0.6 at similarity 1, below every read of the query's letters) over their span, from its
start to its end, unless it lasts ``PAGE_SHARE`` of the video or more (part of the page, whose times say nothing).
A span stored without its vector (a corpus ingested before spans held one, until ``vqdb index CORPUS
--ocr-spans``) is not compared: embedding every text shown at query time cost a search over a large corpus 2.5
times its time, for evidence a read of the letters outranks. A query naming a number (however written: its
digits are read exactly), a value of a form (``{time}``) and a call with no words have no meaning; a place or size
does not weigh it.

A call may say where its text is on screen (``Context.place``, ``PLACE_BANDS``) and how big (``Context.size``,
``SIZES``), from the boxes of each read that carry the match: those that read at least ``CARRIES`` as much of the
query in whole words as the box of the read that reads most (``query_words_read``; all its boxes where none reads a
word), so a button reading the query's "the" does not place a title. A read is in the place when one of those boxes
has its centre there: "top" is the top third of the frame (centre y below 1/3), "bottom" the bottom third (above
2/3), "left" and "right" the outer thirds across, "center" the middle third both ways, a corner both of its sides
("corner" alone: any of the four). A read not in the place has its grade multiplied by ``MISPLACED``; of a size,
by its prominence: for "large" its tallest such box's height over the tallest of all the matching reads of its
video, for "small" the shortest's over its shortest, at least ``MISPLACED`` (as the answerer weighs it,
``vqdb.answer.screen_fit``), before the reads make runs: the text where it was asked for ranks first, the biggest
showing of "echo" first for "in huge letters" (a read four fifths as tall no longer ties with it), and elsewhere it
is still found.

A call with no words (an empty query, ``reads_any_text``; ``Call`` allows it only with a place or size) reads
whatever text is there ("what does the title at the top of the screen say?"): a read holds its boxes with a
letter or digit, a height and their centre in the place (``Ocr.holds_query``; every such box without a place),
and grades by how that text stands out (``Ocr.prominence``): the height of its tallest such box over the tallest
of the video's (for "small", the video's shortest over its shortest), so the video's most prominent text there
grades 1 and a frame with nothing there has no evidence (no ``MISPLACED`` factor: the place and size chose the
boxes). Its reads at least half as prominent as the best are strong; a run also ends where its text left as, or
before, the next read's appeared (a caption replaced by the next is two showings), lasts to its last read's own
end, and has no copies (there are no words to copy).

Example:
    >>> sql = Ocr().select(Context("EXIT")).sql("duckdb")
    >>> "SCREEN_TEXT_SCORE(t.text, 'EXIT') AS score" in sql and "score > 0" in sql
    True
    >>> "CONTAINS_PHRASE(TRANSLATE(t.text, 'OoIl|', '00111'), '00:00:05')" in Ocr().select(Context("00:00:05")).sql()
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from sqlglot import exp

from vqdb.planner.sqlbuild import (
    DIALECT,
    DOUBLE,
    alias,
    cast,
    col,
    desc,
    fn,
    join,
    named_window,
    number,
    ordered,
    over,
    over_named,
    same,
    select,
    string,
    subquery,
    table,
    with_ctes,
)
from vqdb.planner.tools import register
from vqdb.planner.tools.base import (
    Context,
    FrameEvidence,
    TextTool,
    best_spans,
    float_array,
    seconds_touched,
    whole_second,
)
from vqdb.planner.tools.timed_text import SEMANTIC_WEIGHT, SENTENCE_COLUMNS, compared_by_meaning, float32_cosine
from vqdb.planner.video_frames import VideoFrames
from vqdb.textnorm import DIGIT_LOOKALIKES, canonical_words
from vqdb.udfs import counters
from vqdb.udfs.text_grade import min_score, query_words_read

# an estimated moment's fields (``vqdb.udfs.counters``) as a run's columns, in ``Ocr.select``'s order
MOMENT_COLUMNS = {
    "start_s": "start_s",
    "end_s": "end_s",
    "reach_to": "last_read",
    "score": "score",
    "reach_from": "reach_from",
}
NUMERIC_QUERY = re.compile(r"[0-9 :;.,/-]+")  # a query of only these characters must match exactly, as words
CLOCK_QUERY = re.compile(r"\d[:;]\d")  # a numeric query of a clock or timecode ("12:05", "00:00:05;00")
RUN_TOGETHER_SCORE = 0.95  # a clock read with its colons dropped ("1205" for 12:05): its digits exact, below a read
RUN_GAP = 2.5  # matching reads of one strength at most this many OCR periods apart are one run
STRONG_FLOOR = 0.9  # the floor of a word's strong reads is at most this (``Ocr.strong_floor``)
MISREAD_WORDS = 1.0  # a weak read is a misread of a strong read beside it when all its words are that read's
WHOLE_QUERY = 1.0  # a read reads the query whole when it reads this share of its words whole (``Ocr.showings``)
SAME_LINE = 0.5  # two reads are one line moved on when each reads this share of the other's words whole
MOVED = 0.01  # a line whose left or middle moved more than this share of the frame between two reads moved
PAGE_SHARE = 0.8  # a text on screen for this share of a video or more is part of the page, not an event
PAGE_DISCOUNT = 0.99  # the grade of a page run that another copy of the text joins now and then, times this
BOX_COLUMNS = ("frame_idx", "ts", "text", "shown_from_s", "shown_to_s", "box")  # the columns of its rows read
# a call's place: the thirds of the frame a box's centre must be in, across (x) and down (y); None: any;
# "outer": either outer third (a corner, whichever: a channel's logo "in the corner")
PLACE_BANDS = {
    "top": (None, "low"),
    "bottom": (None, "high"),
    "left": ("low", None),
    "right": ("high", None),
    "center": ("middle", "middle"),
    "top-left": ("low", "low"),
    "top-right": ("high", "low"),
    "bottom-left": ("low", "high"),
    "bottom-right": ("high", "high"),
    "corner": ("outer", "outer"),
}
SIZES = ("large", "small")  # a call's size: its text among the tallest (shortest) the video shows it in
SIZE_SHARE = 0.8  # lines shown "large" (answer.placed_text): this share of the tallest's height; "small": inverse
MISPLACED = 0.75  # the grade of a read not in the call's place is multiplied by this, the least its size keeps
CARRIES = 0.5  # a box carries a read's match when it reads this share of what the read's best box reads of it
NOT_DIGIT = "[^0-9]"
NOT_LETTER = r"[^\pL]"
HAS_TEXT = r"[\pL\pN]"  # a box with a letter or digit has text to read
DIGITS = frozenset("0123456789")  # what NOT_DIGIT keeps
SPANS_TABLE = "ocr_spans"  # the texts shown, each over its time on screen: compared with the query by meaning
QUERY_EMBEDDER = "text_embed"  # the sentence model (MiniLM) that made the spans' ``text_emb``: the query's vector
# cosine similarity below which a text shown is unrelated to the query: a sign's few words sit closer to any
# query than a sentence does (on the dev clips' signs and captions, the best unrelated text of a video reaches
# 0.44 for 9 paraphrases in 10; a paraphrase, "keep the door closed" for "Fire door - keep shut", 0.50)
SCREEN_MEANING_MIN = 0.45
LETTER = r"\pL"  # a text shown without a letter ("9", "24") means nothing to compare


@register
class Ocr(TextTool):
    """`screen_text_score(text, query)` of the frame's text in reading order, 0 below `min_score(query)`
    unless a near miss (then half its alignment) (a numeric query: `contains_phrase` after O/o -> 0,
    I/l/| -> 1; a clock's digits read run together, 0.95); frames in a run of matching reads share its best score
    and span; a value of a number that ticks, estimated between reads (`counter_moments`), scores 0.8; a text
    shown close in meaning (its stored MiniLM vector, at most 0.6) scores its time on screen"""

    name = "ocr"
    description = "on-screen text: frames graded by how well their text (titles, captions, signs) contains the query"
    query_hint = "the text expected on screen, as written"
    extractor = "ocr"
    table = "ocr"
    text_indexes = ("ocr_spans", table)
    evidence_label = "read"
    screen_boxes = True

    def check(self, query: str) -> None:
        """Raise PlanError when ``query`` has no letters or digits, unless it is empty: a call with no words reads
        whatever text is in its place (``reads_any_text``; ``vqdb.planner.plan.Call`` makes sure it has one).

        Example:
            >>> Ocr().check("") is None
            True
        """
        if not reads_any_text(query):
            super().check(query)

    def select(self, ctx: Context) -> exp.Select:
        """Every sampled frame inside a run of matching reads: the run's best grade and its stretch (frames
        meet the runs of their own second only, see ``whole_second``); the stretch is also the focus."""
        # a run reaches the frames from its start (an estimated moment: from ``reach_from``) to its end, or to
        # its last read where the video's end cut it before (an estimated moment: to ``reach_to``)
        found, first = self.runs(ctx), "start_s"
        if meant_on_screen(ctx.query):  # the texts shown that say it in other words, weaker than any read of it
            found = select(exp.Star(), from_=subquery(found)).union(self.meant(ctx), distinct=False, copy=False)
        if counters.asked_number(ctx.query) is not None:  # a number that may tick: its values between reads
            run_columns = (col(c) for c in ("video_id", "start_s", "end_s", "last_read", "score"))
            found = select(*run_columns, alias(col("start_s"), "reach_from"), from_=subquery(found))
            found, first = found.union(self.estimated(ctx), distinct=False, copy=False), "reach_from"
        reach = seconds_touched(col(first), fn("greatest", col("end_s"), col("last_read")))
        runs = select(exp.Star(), alias(reach, "second"), from_=subquery(found))
        # a run's end is the first frame that no longer shows its text (its reads are inside, even where the
        # video's end cuts it short)
        before_end = exp.or_(col("ts", "s") < col("end_s", "r"), col("ts", "s") <= col("last_read", "r"), copy=False)
        inside = exp.and_(
            col("second", "r").eq(whole_second(col("ts", "s"))),
            col("ts", "s") >= col(first, "r"),
            exp.paren(before_end),
            copy=False,
        )

        def first(column: str, name: str) -> exp.Expression:
            best = [desc(col("score", "r")), col("start_s", "r"), col("end_s", "r")]
            return alias(fn("first", ordered(col(column, "r"), best)), name)

        # the text's time on screen is both the frame's span and where its evidence is (the focus)
        return select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            alias(fn("max", col("score", "r")), "score"),
            first("start_s", "start_s"),
            first("end_s", "end_s"),
            first("start_s", "focus_start"),
            first("end_s", "focus_end"),
            from_=ctx.sampled("s"),
            joins=[join(subquery(runs, "r"), exp.and_(same(["video_id"], "r", "s"), inside, copy=False))],
            group_by=[col("video_id", "s"), col("frame_idx", "s")],
        )

    def meant(self, ctx: Context) -> exp.Select:
        """(video_id, start_s, end_s, last_read, score) of the texts shown (``ocr_spans``, with a letter) whose
        embedding stored at ingest (``text_emb``; a span without one is not compared) is closer to the query's
        (``text_embed``) than ``SCREEN_MEANING_MIN``, scored ``meaning_score``: each shown from its span's start
        to its end, unless on screen for ``PAGE_SHARE`` of the video or more (part of the page: when it is shown
        says nothing).

        Example:
            >>> sql = Ocr().meant(Context("keep the door closed")).sql("duckdb")
            >>> "ARRAY_COSINE_SIMILARITY(text_emb, TEXT_EMBED(" in sql
            True
        """
        # the query is embedded per row with a vector (once a session: ``text_embed`` keeps it), not as a
        # constant: DuckDB folds constants when it plans, which would load the model for a corpus without one
        per_row = exp.case().when(col("text_emb").is_(exp.null()).not_(), ctx.text)
        similarity = fn("array_cosine_similarity", col("text_emb"), fn(QUERY_EMBEDDER, per_row))
        shown = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            alias(cast(similarity, DOUBLE), "similarity"),
            from_=table(SPANS_TABLE),
            where=ctx.where(fn("regexp_matches", col("text"), string(LETTER))),
        )
        above = exp.Sub(this=col("similarity"), expression=number(SCREEN_MEANING_MIN))
        score = exp.Div(
            this=exp.Mul(this=number(SEMANTIC_WEIGHT), expression=exp.paren(above)),
            expression=number(1 - SCREEN_MEANING_MIN),
        )
        lasts = exp.paren(exp.Sub(this=col("end_s", "m"), expression=col("start_s", "m")))
        return select(
            col("video_id", "m"),
            col("start_s", "m"),
            col("end_s", "m"),
            alias(col("start_s", "m"), "last_read"),
            alias(score, "score"),
            from_=subquery(shown, "m"),
            joins=[join(ctx.video_info("i"), same(["video_id"], "i", "m"))],
            where=exp.and_(
                col("similarity") > number(SCREEN_MEANING_MIN),
                lasts < exp.Mul(this=number(PAGE_SHARE), expression=col("duration_s", "i")),
                copy=False,
            ),
        )

    def estimated(self, ctx: Context) -> exp.Select:
        """(video_id, start_s, end_s, last_read, score, reach_from) of the moments a number that ticks shows the
        value the query names between two reads (``vqdb.udfs.counters``): shown from ``start_s`` to ``end_s``,
        reaching the sampled frames from ``reach_from`` to ``last_read``.

        Example:
            >>> "COUNTER_MOMENTS(" in Ocr().estimated(Context("Frame 15")).sql("duckdb")
            True
        """

        def part(name: str) -> exp.Expression:
            return cast(fn("coalesce", col(name, "box"), number(0.0)), DOUBLE)

        fields = {
            "text": col("text"),
            "ts": cast(col("ts"), DOUBLE),
            "shown_from": cast(col("shown_from_s"), DOUBLE),
            "shown_to": cast(col("shown_to_s"), DOUBLE),
            **{name: part(name) for name in ("x0", "y0", "x1", "y1")},
        }
        read = exp.Struct(
            expressions=[exp.PropertyEQ(this=exp.to_identifier(k), expression=v) for k, v in fields.items()]
        )
        reads = select(
            col("video_id"),
            alias(read, "read"),
            from_=table(self.table),
            where=ctx.where(col("text").is_(exp.null()).not_()),
        )
        listed = select(
            col("video_id"), alias(fn("list", col("read")), "reads"), from_=subquery(reads), group_by=[col("video_id")]
        )
        moments = fn("counter_moments", col("reads", "l"), ctx.text, col("period", "i"))
        found = select(
            col("video_id", "l"),
            alias(fn("unnest", moments), "m"),
            from_=subquery(listed, "l"),
            joins=[join(ctx.video_info("i"), same(["video_id"], "i", "l"))],
        )
        columns = {name: col(field, "m") for field, name in MOMENT_COLUMNS.items()}
        if ctx.place is not None:  # a counter elsewhere than the call says: weighed as its reads are
            in_place = place_condition(ctx.place, col("x", "m"), col("y", "m"))
            columns["score"] = exp.Mul(this=columns["score"], expression=misplaced_unless(in_place))
        return select(col("video_id"), *(alias(value, name) for name, value in columns.items()), from_=subquery(found))

    def runs(self, ctx: Context) -> exp.Select:
        """(video_id, start_s, end_s, last_read, score) of every run of matching reads of one strength."""
        graded = self.graded(ctx)
        period = fn(
            "greatest",
            fn("coalesce", over(fn("min", col("step")), [col("video_id")]), col("period")),
            col("period"),
        )
        with_period = select(exp.Star(), alias(period, "ocr_period"), from_=subquery(graded))
        with_until = select(exp.Star(), alias(self.held_until(ctx), "until"), from_=subquery(with_period))
        floor = self.strong_floor(ctx.query)
        halfway = exp.Div(
            this=exp.paren(exp.Add(this=over(fn("max", col("score")), [col("video_id")]), expression=number(floor))),
            expression=number(2),
        )
        whole = exp.false() if reads_any_text(ctx.query) else self.reads_query_whole(ctx)
        graded_strong = select(
            exp.Star(),
            alias(col("score") >= halfway, "reads_well"),
            alias(whole, "query_whole"),
            from_=subquery(with_until),
            where=col("score") > number(0),
        )
        matched = select(exp.Star(), alias(self.strong(), "strong"), from_=subquery(self.showings(graded_strong)))
        strength = [col("video_id"), col("strong")]
        apart = exp.Sub(this=col("ts"), expression=over(fn("lag", col("ts")), strength, [col("ts")]))
        near = apart <= exp.Mul(this=number(RUN_GAP), expression=col("ocr_period"))
        if reads_any_text(ctx.query):  # whatever is read there: a text that left as the next appeared ends a run
            left = over(fn("lag", col("until")), [c.copy() for c in strength], [col("ts")]) <= col("shown_from")
            near = exp.and_(near, fn("coalesce", left, exp.false()).not_(), copy=False)
        flagged = select(
            exp.Star(),
            alias(exp.case().when(near, number(0)).else_(number(1)), "starts_run"),
            from_=subquery(matched),
        )
        in_runs = over(fn("sum", col("starts_run")), [c.copy() for c in strength], [col("ts")])
        numbered = select(exp.Star(), alias(in_runs, "run"), from_=subquery(flagged))
        run_key = ["video_id", "strong", "run"]
        whole = select(
            *(col(c) for c in run_key),
            *self.stretch(),
            alias(fn("min", col("copies")), "fewest"),
            alias(fn("max", col("copies")), "most"),
            alias(fn("any_value", col("duration_s")), "duration_s"),
            from_=table("numbered"),
            group_by=[col(c) for c in run_key],
        )
        # a run on screen for most of the video that another copy of the text joins now and then: the page,
        # whose reads with more copies are the events (their own runs, with the page's grade: a frame holding
        # two copies grades a little lower); the page's grade a little below theirs
        page = exp.and_(
            exp.Sub(this=col("end_s", "w"), expression=col("start_s", "w"))
            >= exp.Mul(this=number(PAGE_SHARE), expression=col("duration_s", "w")),
            col("most", "w") > col("fewest", "w"),
            copy=False,
        )
        joined = select(
            exp.Column(this=exp.Star(), table=exp.to_identifier("n")),
            alias(col("score", "w"), "page_score"),
            from_=table("numbered", "n"),
            joins=[join(table("whole", "w"), same(run_key, "w", "n"))],
            where=exp.and_(page.copy(), col("copies", "n") > col("fewest", "w"), copy=False),
        )
        within = [col(c) for c in run_key]
        apart = exp.Sub(this=col("ts"), expression=over(fn("lag", col("ts")), within, [col("ts")]))
        # a part's reads are near, and the copy each shows had not left before the next one's appeared
        gone = over(fn("lag", col("until")), [c.copy() for c in within], [col("ts")]) < col("shown_from")
        near_part = apart <= exp.Mul(this=number(RUN_GAP), expression=col("ocr_period"))
        starts_part = exp.case().when(exp.and_(near_part, fn("coalesce", gone, exp.false()).not_()), number(0))
        flagged_parts = select(exp.Star(), alias(starts_part.else_(number(1)), "starts_part"), from_=subquery(joined))
        in_parts = over(fn("sum", col("starts_part")), [c.copy() for c in within], [col("ts")])
        parts = select(exp.Star(), alias(in_parts, "part"), from_=subquery(flagged_parts))
        events = select(
            col("video_id"),
            *self.stretch()[:3],
            alias(fn("any_value", col("page_score")), "score"),
            from_=subquery(parts),
            group_by=[*(col(c) for c in run_key), col("part")],
        )
        discounted = exp.case().when(page, exp.Mul(this=col("score", "w"), expression=number(PAGE_DISCOUNT)))
        runs = select(
            col("video_id", "w"),
            col("start_s", "w"),
            col("end_s", "w"),
            col("last_read", "w"),
            alias(discounted.else_(col("score", "w")), "score"),
            from_=table("whole", "w"),
        )
        return with_ctes(
            exp.union(runs, events, distinct=False), {"numbered": numbered, "whole": whole}, materialized=True
        )

    @staticmethod
    def strong() -> exp.Expression:
        """Whether a matching read (``reads_well``: graded at least halfway to the video's best) is **strong**:
        it reads well, or it is a misread of the text of a matching read beside it (the one before or after,
        at most ``RUN_GAP`` OCR periods away) that reads well: as well placed and sized for the call (``fit``: a
        read of the text elsewhere on the page is another copy), and every word it reads is a word of that
        read (``query_words_read`` 1; letters OCR confuses alike), as "we arc here" of "we are here to"."""

        def misreads(neighbour: str) -> exp.Expression:
            by_time = ([col("video_id")], [col("ts")])
            near = over(fn(neighbour, col("ts")), *by_time)
            apart = (
                exp.Sub(this=col("ts"), expression=near)
                if neighbour == "lag"
                else exp.Sub(this=near, expression=col("ts"))
            )
            same_words = fn("query_words_read", over(fn(neighbour, col("text")), *by_time), col("text"))
            misread = exp.and_(
                over(fn(neighbour, col("reads_well")), *by_time),
                apart <= exp.Mul(this=number(RUN_GAP), expression=col("ocr_period")),
                over(fn(neighbour, col("fit")), *by_time).eq(col("fit")),
                same_words >= number(MISREAD_WORDS),
                copy=False,
            )
            return fn("coalesce", misread, exp.false())

        in_showing = exp.and_(col("query_whole"), col("showing_reads_well"), copy=False)
        return exp.or_(col("reads_well"), misreads("lag"), misreads("lead"), in_showing, copy=False)

    @staticmethod
    def reads_query_whole(ctx: Context) -> exp.Expression:
        """Whether a read reads every word of the call's query whole (``query_words_read`` 1; letters OCR
        confuses alike), in SQL: the text asked for, however much else its line says."""
        return fn("query_words_read", col("text"), ctx.text) >= number(WHOLE_QUERY)

    @staticmethod
    def showings(reads: exp.Select) -> exp.Select:
        """``reads`` (a video's matching reads, with ``reads_well``, ``query_whole``, ``fit``, ``copies``,
        ``held_text``, ``held_x``, ``held_y`` and ``ocr_period``) with ``showing_reads_well``: whether the unbroken
        showing of the query each read is in holds a read that reads well. A showing is a chain of reads in time
        order, each reading well or reading the query whole (``query_whole``), each at most ``RUN_GAP`` OCR
        periods after the one before, as well placed and sized (``fit``), with as many copies of the text
        (``copies``: one more is another showing, the page's event), its lines holding the query moved
        (``held_x``, ``held_y``: more than ``MOVED``; a still page keeps its strong and weak reads apart as
        before), and mostly the same text as it (of their lines that read a word of the query, ``held_text``,
        each reads at least ``SAME_LINE`` of the other's words whole: other lines coming and going do not count):
        a line that moves (a news crawl, whose words enter on one side and leave on the other) reads the words
        asked for in a longer text read after read, graded lower for all that text (``screen_text_score``'s
        tenth for how much of the frame's text the query is), and is the same showing as its shortest read;
        another text that holds the words ("WE ARE HERE TO" after the big "WE" alone) is not
        (``showing_chains`` on the array path)."""
        by_time = ([col("video_id")], [col("ts")])

        def moved(name: str) -> exp.Expression:
            change = exp.Sub(this=over(fn("lag", col(name)), *by_time), expression=col(name))
            return fn("abs", change) > number(MOVED)

        link = exp.or_(col("reads_well"), col("query_whole"), copy=False)
        apart = exp.Sub(this=col("ts"), expression=over(fn("lag", col("ts")), *by_time))
        before = over(fn("lag", col("held_text")), *by_time)
        shared = fn(
            "least",
            fn("query_words_read", before, col("held_text")),
            fn("query_words_read", col("held_text"), before.copy()),
        )
        continues = exp.and_(
            link,
            over(fn("lag", link.copy()), *by_time),
            apart <= exp.Mul(this=number(RUN_GAP), expression=col("ocr_period")),
            over(fn("lag", col("fit")), *by_time).eq(col("fit")),
            over(fn("lag", col("copies")), *by_time).eq(col("copies")),
            exp.or_(moved("held_x"), moved("held_y"), copy=False),
            shared >= number(SAME_LINE),
            copy=False,
        )
        flagged = select(
            exp.Star(),
            alias(exp.case().when(fn("coalesce", continues, exp.false()), number(0)).else_(number(1)), "new_showing"),
            from_=subquery(reads),
        )
        chained = select(
            exp.Star(), alias(over(fn("sum", col("new_showing")), *by_time), "showing"), from_=subquery(flagged)
        )
        well = over(fn("max", col("reads_well")), [col("video_id"), col("showing")])
        return select(exp.Star(), alias(well, "showing_reads_well"), from_=subquery(chained))

    @staticmethod
    def stretch() -> list[exp.Expression]:
        """(start_s, end_s, last_read, score) of a group of reads: when its text is on screen (from when its
        first read's text appeared to when the part of its last read that the query names left, ``until``,
        else half an OCR period around them, inside the video) and its best grade.

        Example:
            >>> [column.alias for column in Ocr.stretch()]
            ['start_s', 'end_s', 'last_read', 'score']
        """
        half = exp.Div(this=fn("any_value", col("ocr_period")), expression=number(2))
        first_shown = fn("arg_min_null", col("shown_from"), col("ts"))
        last_shown = fn("arg_max_null", col("until"), col("ts"))
        start = fn(
            "greatest", fn("coalesce", first_shown, exp.Sub(this=fn("min", col("ts")), expression=half)), number(0.0)
        )
        end = fn(
            "least",
            fn("coalesce", last_shown, exp.Add(this=fn("max", col("ts")), expression=half.copy())),
            fn("any_value", col("duration_s")),
        )
        return [
            alias(start, "start_s"),
            alias(end, "end_s"),
            alias(fn("max", col("ts")), "last_read"),
            alias(fn("max", col("score")), "score"),
        ]

    def graded(self, ctx: Context) -> exp.Select:
        """Every OCR'd frame with text: its grade, the time since the previous one (``step``), its text, and
        the video's sampling period and duration."""
        frames = self.frame_texts(ctx)
        step = exp.Sub(
            this=col("ts", "t"), expression=over(fn("lag", col("ts", "t")), [col("video_id", "t")], [col("ts", "t")])
        )
        graded = select(
            col("video_id", "t"),
            col("frame_idx", "t"),
            col("ts", "t"),
            alias(self.prominence(ctx) if reads_any_text(ctx.query) else self.grade(ctx), "score"),
            alias(step, "step"),
            col("text", "t"),
            col("shown_from", "t"),
            col("shown_to", "t"),
            col("digits", "t"),
            col("letters", "t"),
            col("copies", "t"),
            col("held_text", "t"),
            col("held_x", "t"),
            col("held_y", "t"),
            *(col(name, "t") for name in screen_columns(ctx)),
            col("period", "i"),
            col("duration_s", "i"),
            from_=subquery(frames, "t"),
            joins=[join(ctx.video_info("i"), same(["video_id"], "i", "t"))],
        )
        if not screen_columns(ctx):
            return select(exp.Star(), alias(number(1.0), "fit"), from_=subquery(graded))
        kept = ("video_id", "frame_idx", "ts", "step", "text", "shown_from", "shown_to", "digits", "letters", "copies")
        kept = (*kept, "held_text", "held_x", "held_y")
        return select(
            *(col(name) for name in kept),
            alias(self.placed(ctx), "score"),
            alias(self.placed(ctx, number(1.0)), "fit"),
            col("period"),
            col("duration_s"),
            from_=subquery(graded),
        )

    @staticmethod
    def placed(ctx: Context, value: exp.Expression | None = None) -> exp.Expression:
        """A read's grade (``score``, or ``value``: 1.0 gives how well it fits) times ``MISPLACED`` where its text
        is not in the call's place (``in_place``), and times its prominence for the call's size (its ``height``
        over the tallest of the video's matching reads; for "small", the shortest's over its own), at least
        ``MISPLACED``: of two showings of the words, the one in the bigger letters ranks first.

        Example:
            >>> print(Ocr.placed(Context("EXIT", place="top")).sql("duckdb"))
            score * CASE WHEN in_place THEN 1.0 ELSE 0.75 END
        """
        score: exp.Expression = col("score") if value is None else value
        if ctx.place is not None:
            score = exp.Mul(this=score, expression=misplaced_unless(col("in_place")))
        if ctx.size is not None:
            extreme = "max" if ctx.size == "large" else "min"
            of_matches = exp.case().when(col("score") > number(0), col("height"))
            reference = over(fn(extreme, of_matches), [col("video_id")])
            if ctx.size == "large":
                prominence = exp.Div(this=col("height"), expression=reference)
            else:
                prominence = exp.Div(this=reference, expression=col("height"))
            fit = fn("greatest", number(MISPLACED), fn("least", number(1.0), prominence))
            score = exp.Mul(this=score, expression=fn("coalesce", fit, number(MISPLACED)))
        return score

    @staticmethod
    def prominence(ctx: Context) -> exp.Expression:
        """The grade of a read for a call with no words (``reads_any_text``): how its text in the call's place,
        of its size, stands out (``t.held_height``, its tallest box there; its shortest for "small") against
        the rest of the video's: that height over the video's tallest (the video's shortest over it, for
        "small"), so the video's most prominent text there (a title, not the small print beside it) grades 1;
        NULL where nothing is read there.

        Example:
            >>> print(Ocr.prominence(Context("", place="top")).sql("duckdb"))
            t.held_height / MAX(t.held_height) OVER (PARTITION BY t.video_id)
        """
        height = col("held_height", "t")
        if ctx.size == "small":
            return exp.Div(this=over(fn("min", height), [col("video_id", "t")]), expression=height.copy())
        return exp.Div(this=height, expression=over(fn("max", height.copy()), [col("video_id", "t")]))

    def grade(self, ctx: Context, text: exp.Expression | None = None) -> exp.Expression:
        """The grade of ``text`` (a frame's ``t.text``): 1.0 or NULL for a numeric query (``RUN_TOGETHER_SCORE``
        for a clock's digits read run together, ``run_together``), ``screen_text_score`` else (0 below
        ``min_score(query)`` unless a near miss)."""
        text = text if text is not None else col("text", "t")
        if self.numeric(ctx.query):
            graded = exp.case().when(fn("contains_phrase", self.as_read(ctx.query, text), ctx.text), number(1.0))
            together = run_together(ctx.query)
            if together is None:
                return graded
            read_together = fn("contains_phrase", self.as_read(ctx.query, text.copy()), string(together))
            return graded.when(read_together, number(RUN_TOGETHER_SCORE))
        return fn("screen_text_score", text, ctx.text)

    def as_read(self, query: str, text: exp.Expression) -> exp.Expression:
        """``text`` as it is compared with ``query``: OCR's letters for digits made digits (O, o -> 0 and I, l,
        | -> 1) for a numeric query, as it is else."""
        if not self.numeric(query):
            return text
        lookalikes, digits = DIGIT_LOOKALIKES
        return fn("translate", text, string(lookalikes), string(digits))

    def held_until(self, ctx: Context) -> exp.Expression:
        """When the part of a read's text that the query names stops being shown: the read's own
        end (``shown_to``), or the time the next read's value appeared (``shown_from``) where the read holds
        digits the query does not name and the next read, soon after (``RUN_GAP`` OCR periods), shows the same
        letters (a clock, a timecode, a countdown or a score that ticks in the part the query leaves out). A
        call with no words (``reads_any_text``) names no part: whatever is read there is its text, to its end."""
        if reads_any_text(ctx.query):
            return col("shown_to")
        by_time = ([col("video_id")], [col("ts")])
        ticks = exp.and_(
            col("digits") > number(query_digits(ctx.query)),
            over(fn("lead", col("letters")), *by_time).eq(col("letters")),
            exp.Sub(this=over(fn("lead", col("ts")), *by_time), expression=col("ts"))
            <= exp.Mul(this=number(RUN_GAP), expression=col("ocr_period")),
            copy=False,
        )
        next_value = fn("coalesce", over(fn("lead", col("shown_from")), *by_time), col("shown_to"))
        return exp.case().when(ticks, next_value).else_(col("shown_to"))

    def frame_texts(self, ctx: Context) -> exp.Select:
        """(video_id, frame_idx, ts, text, shown_from, shown_to, held_x, held_y, digits, letters, copies, held_text)
        of every OCR'd frame with text: its boxes in reading order, and when the text asked for became what it is
        (the latest to appear of the boxes that read a word of the query, of all boxes when none does) and
        stopped being so (the first of them to leave; ``vqdb.ingest.text_edges``) and where those boxes are (the
        left of the leftmost, the middle of the highest, normalized); how many digits they hold and their
        letters in reading order (``digit_count``, ``letters_of``, as read for the query: ``as_read``); the
        copies of the text (lines that match the query on their own); and the lines that read a word of the
        query, in reading order (the frame's text where none does): the text ``showings`` follow."""

        def part(name: str) -> exp.Expression:  # a field of the box struct: box.x0 parses as a column of "box"
            return fn("coalesce", col(name, "box"), number(0.0))

        middle = exp.Div(this=exp.paren(exp.Add(this=part("y0"), expression=part("y1"))), expression=number(2))
        boxes = select(
            col("video_id"),
            col("frame_idx"),
            col("ts"),
            col("text"),
            col("shown_from_s"),
            col("shown_to_s"),
            alias(part("x0"), "x"),
            alias(middle, "y"),
            alias(part("y1"), "bottom"),
            *([] if reads_any_text(ctx.query) else [alias(self.holds_query(ctx), "holds_query")]),
            alias(digit_count(self.as_read(ctx.query, col("text"))), "digits"),
            alias(letters_of(self.as_read(ctx.query, col("text"))), "letters"),
            *(box_shape(ctx) if screen_columns(ctx) or reads_any_text(ctx.query) else ()),
            from_=table(self.table),
            where=ctx.where(col("text").is_(exp.null()).not_()),
        )
        # One window over the video's boxes frame by frame (a window per frame is slow in DuckDB): a box
        # continues the line of the box before it when both are of one frame and it is not below it.
        reading = named_window("w", [col("video_id")], [col("frame_idx"), col("y"), col("x"), col("text")])
        same_line = exp.and_(
            col("frame_idx").eq(over_named(fn("lag", col("frame_idx")), "w")),
            col("y") <= over_named(fn("lag", col("bottom")), "w"),
            copy=False,
        )
        best_share = over(fn("max", col("share")), [col("video_id"), col("frame_idx")])
        new_lines = select(
            exp.Star(),
            alias(exp.case().when(same_line, number(0)).else_(number(1)), "new_line"),
            *([alias(self.holds_query(ctx), "holds_query")] if reads_any_text(ctx.query) else []),  # of cx, cy
            *([alias(best_share, "best_share")] if screen_columns(ctx) else []),
            from_=subquery(boxes),
            window=reading,
        )
        lines = select(
            exp.Star(),
            alias(over_named(fn("sum", col("new_line")), "w"), "line"),
            from_=subquery(new_lines),
            window=reading.copy(),
        )
        in_order = ordered(col("text"), [col("line"), col("x"), col("text")])
        letters_in_order = ordered(col("letters"), [col("line"), col("x"), col("text")])
        frames = select(
            col("video_id"),
            col("frame_idx"),
            alias(fn("any_value", col("ts")), "ts"),
            alias(exp.GroupConcat(this=in_order, separator=string(" ")), "text"),
            alias(self.query_boxes_first(fn("max", col("shown_from_s"))), "shown_from"),
            alias(self.query_boxes_first(fn("min", col("shown_to_s"))), "shown_to"),
            alias(self.query_boxes_first(fn("min", col("x"))), "held_x"),
            alias(self.query_boxes_first(fn("min", col("y"))), "held_y"),
            alias(self.query_boxes_first(fn("sum", col("digits"))), "digits"),
            alias(self.query_boxes_first(exp.GroupConcat(this=letters_in_order, separator=string(""))), "letters"),
            *self.screen_fit(ctx),
            *([alias(self.held_height(ctx), "held_height")] if reads_any_text(ctx.query) else []),
            from_=table("lines"),
            group_by=[col("video_id"), col("frame_idx")],
        )
        keys = ["video_id", "frame_idx"]
        if reads_any_text(ctx.query):  # no words: no copies of them
            kept = (
                *keys,
                "ts",
                "text",
                "shown_from",
                "shown_to",
                "digits",
                "letters",
                "held_height",
                "held_x",
                "held_y",
            )
            no_copies = (alias(number(0), "copies"), alias(col("text"), "held_text"))
            with_copies = select(*(col(c) for c in kept), *no_copies, from_=subquery(frames))
            return with_ctes(with_copies, {"lines": lines}, materialized=True)
        # the copies of the text: lines that read a word of the query and match it on their own
        line_text = exp.GroupConcat(this=ordered(col("text"), [col("x"), col("text")]), separator=string(" "))
        held_lines = select(
            col("video_id"),
            col("frame_idx"),
            col("line"),
            alias(line_text, "text"),
            from_=table("lines"),
            group_by=[col("video_id"), col("frame_idx"), col("line")],
        ).having(fn("max", col("holds_query")), copy=False)
        copies = select(
            col("video_id"),
            col("frame_idx"),
            alias(fn("count_if", self.grade(ctx, col("text")) > number(0)), "copies"),
            alias(exp.GroupConcat(this=ordered(col("text"), [col("line")]), separator=string(" ")), "held_text"),
            from_=subquery(held_lines),
            group_by=[col("video_id"), col("frame_idx")],
        )
        with_copies = select(
            *(col(c, "f") for c in (*keys, "ts", "text", "shown_from", "shown_to", "digits", "letters")),
            col("held_x", "f"),
            col("held_y", "f"),
            *(col(c, "f") for c in screen_columns(ctx)),
            alias(fn("coalesce", col("copies", "c"), number(0)), "copies"),
            alias(fn("coalesce", col("held_text", "c"), col("text", "f")), "held_text"),
            from_=subquery(frames, "f"),
            joins=[join(subquery(copies, "c"), same(keys, "c", "f"), side="LEFT")],
        )
        return with_ctes(with_copies, {"lines": lines}, materialized=True)

    @staticmethod
    def holds_query(ctx: Context) -> exp.Expression:
        """Whether a box holds what the call asks for, in SQL: a word of its query (``query_words_read`` above 0)
        or, for a call with no words (``reads_any_text``), a letter or digit in a box with a height whose
        centre is in the call's place (any box, without one; of its shape, ``box_shape``).

        Example:
            >>> print(Ocr.holds_query(Context("", place="top")).sql("duckdb"))
            REGEXP_MATCHES(text, '[\\pL\\pN]') AND height > 0 AND (cy * 3) < 1
        """
        if not reads_any_text(ctx.query):
            return exp.GT(this=fn("query_words_read", col("text"), ctx.text), expression=number(0))
        place = [place_condition(ctx.place, col("cx"), col("cy"))] if ctx.place is not None else []
        has_text = fn("regexp_matches", col("text"), string(HAS_TEXT))
        return exp.and_(has_text, col("height") > number(0), *place, copy=False)

    @staticmethod
    def held_height(ctx: Context) -> exp.Expression:
        """The tallest (for size "small", the shortest) of a frame's boxes that hold what a call with no words
        asks for (``holds_query``), NULL where none does."""
        extreme = "min" if ctx.size == "small" else "max"
        return exp.Filter(this=fn(extreme, col("height")), expression=exp.Where(this=col("holds_query")))

    def screen_fit(self, ctx: Context) -> list[exp.Expression]:
        """Per frame, what the call's place and size are checked against (``screen_columns``), of its boxes
        that carry the match (all its boxes where none reads a word of the query): whether one has its centre in
        the place (``in_place``), and the height of the tallest (for "large") or shortest (for "small") of them;
        none for a call with no words (its place and size choose its boxes: ``holds_query``)."""
        found: list[exp.Expression] = []
        if not screen_columns(ctx):
            return found
        if ctx.place is not None:
            inside = exp.case().when(place_condition(ctx.place, col("cx"), col("cy")), number(1)).else_(number(0))
            found.append(alias(self.carrying_boxes_first(fn("max", inside)) > number(0), "in_place"))
        if ctx.size is not None:
            extreme = "max" if ctx.size == "large" else "min"
            found.append(alias(self.carrying_boxes_first(fn(extreme, col("height"))), "height"))
        return found

    @staticmethod
    def carrying_boxes_first(aggregate: exp.Expression) -> exp.Expression:
        """``aggregate`` over the frame's boxes that carry its match (``share`` of the query read above 0 and at
        least ``CARRIES`` of the frame's ``best_share``), or over all its boxes where none reads a word of it."""
        carries = exp.and_(
            col("share") > number(0),
            col("share") >= exp.Mul(this=number(CARRIES), expression=col("best_share")),
            copy=False,
        )
        only_carrying = exp.Filter(this=aggregate.copy(), expression=exp.Where(this=carries))
        return fn("coalesce", only_carrying, aggregate)

    @staticmethod
    def query_boxes_first(aggregate: exp.Expression) -> exp.Expression:
        """``aggregate`` over the frame's boxes that read a word of the query (``holds_query``), or over all
        its boxes where that is NULL (none does)."""
        only_query = exp.Filter(this=aggregate.copy(), expression=exp.Where(this=col("holds_query")))
        return fn("coalesce", only_query, aggregate)

    def frame_evidence(
        self, video: VideoFrames, query: str, place: str | None = None, size: str | None = None
    ) -> FrameEvidence:
        """``select``'s scores and spans as arrays: the frames' texts in reading order, graded by the session
        (``grade``: the same expression), placed (``placed_scores``), runs of matching reads, and each sampled
        frame's best run."""
        return self.frame_evidence_each([video], query, place, size)[0]

    def frame_evidence_each(
        self, videos: Sequence[VideoFrames], query: str, place: str | None = None, size: str | None = None
    ) -> list[FrameEvidence]:
        """``frame_evidence`` of each of ``videos``, the distinct texts of all of them graded in one statement
        (a statement a video cost a search over tens of candidate videos 10 ms each), the query embedded once for
        all of them (when one has a text shown compared by meaning: ``meant_arrays``)."""
        embedded = cache(
            lambda: np.asarray(videos[0].value(f"SELECT {QUERY_EMBEDDER}($q)", {"q": query}), dtype=np.float32)
        )
        reads = [self.read_frames(video, query, place, size) for video in videos]
        texts = pa.chunked_array(
            [part for read in reads if read["ts"].size for part in (read["text"], read["held_lines"])], pa.string()
        )
        texts = pc.unique(texts.combine_chunks())
        readable = len(texts) and not reads_any_text(query)
        per_text = self.grades(videos[0].value, query, texts.to_pylist()) if readable else np.zeros(0)
        return [
            self._graded_evidence(video, read, texts, per_text, embedded, Context(query, place=place, size=size))
            for video, read in zip(videos, reads, strict=True)
        ]

    def grades(self, value: Callable[[str, dict], Any], query: str, texts: list[str]) -> np.ndarray:
        """``grade`` of each of ``texts`` (frames' texts, their boxes in reading order) for ``query``, in one
        statement of the session (``value``: a statement's one value, ``VideoFrames.value``); NaN where a numeric
        query's text does not hold it.

        Example:
            >>> import vqdb
            >>> from vqdb.testing.corpora import empty_corpus
            >>> cursor = vqdb.connect(empty_corpus()).cursor_unchecked()
            >>> Ocr().grades(lambda sql, params: cursor.sql(sql, params=params).fetchone()[0], "EXIT",
            ...     ["EMERGENCY EXIT", "OPEN"]).round(3).tolist()
            [0.931, 0.0]
        """
        grade = self.grade(Context(query)).sql(dialect=DIALECT)
        graded = value(
            f"SELECT list(score ORDER BY i) FROM (SELECT {grade} AS score, i "
            "FROM (SELECT unnest($texts) AS text, unnest(range(len($texts))) AS i) AS t)",
            {"texts": texts},
        )
        return np.array([np.nan if g is None else g for g in graded], dtype=np.float64)

    def _graded_evidence(
        self,
        video: VideoFrames,
        read: dict,
        texts: pa.Array,
        per_text: np.ndarray,
        embedded: Callable[[], np.ndarray],
        ctx: Context,
    ) -> FrameEvidence:
        """``frame_evidence`` from the video's reads (``read_frames``) and the grade of each of ``texts``: its runs
        of matching reads, the texts shown that mean the query (``meant_arrays``, the query's vector
        ``embedded()``) and the moments estimated between reads (``estimated_arrays``)."""
        query = ctx.query
        runs = [(*run, run[0]) for run in self._read_runs(video, read, texts, per_text, query, ctx)]
        if meant_on_screen(query):
            runs += self.meant_arrays(video, query, embedded)
        if counters.asked_number(query) is not None:
            runs += self.estimated_arrays(video, query, ctx.place)
        if not runs:
            return FrameEvidence(*(video.empty() for _ in range(5)))
        start, end, last_read, best, reach_from = (np.array(column) for column in zip(*runs, strict=True))
        # a frame is in a run from its start until its end, or its last read where the video's end cut it short
        inside_to = np.maximum(np.searchsorted(video.ts, end, "left"), np.searchsorted(video.ts, last_read, "right"))
        first = np.searchsorted(video.ts, reach_from, "left")
        return best_spans(first, inside_to, best, start, start, end, (start, end), video.n)

    def meant_arrays(
        self, video: VideoFrames, query: str, embedded: Callable[[], np.ndarray]
    ) -> list[tuple[float, ...]]:
        """``meant``'s rows of ``video`` (start_s, end_s, last_read, score, reach_from): the cosine similarity of
        its spans' stored vectors with the query's (``embedded()``: asked only of a video with a span that has
        one), computed as DuckDB computes ``array_cosine_similarity`` (``float32_cosine``), above
        ``SCREEN_MEANING_MIN``.

        Example:
            >>> import pyarrow as pa
            >>> from vqdb.planner.tools import get
            >>> class Video:  # a stand-in for VideoFrames: its duration and its rows of a table
            ...     duration_s = 60.0
            ...     def rows(self, name, columns):
            ...         return pa.table({"text": ["Fire door keep shut", "24", "Exit"], "start_s": [2.0, 5.0, 9.0],
            ...             "end_s": [6.0, 7.0, 12.0], "text_emb": [[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]]})
            >>> import numpy as np
            >>> query = np.float32([0.8, 0.6])  # the query's vector: nearest the first sign's
            >>> found = get("ocr").meant_arrays(Video(), "keep the door closed", lambda: query)  # "24": no letter
            >>> [(float(start), float(end), round(float(score), 2)) for start, end, _, score, _ in found]
            [(2.0, 6.0, 0.38), (9.0, 12.0, 0.16)]
        """
        spans = video.rows(SPANS_TABLE, SENTENCE_COLUMNS)  # a span's text, vector and time, as a sentence's
        # a letter: ``LETTER``'s \pL, the letter categories ``str.isalpha`` takes (a regex kernel compiles each call)
        letters = [text is not None and any(c.isalpha() for c in text) for text in spans.column("text").to_pylist()]
        spans = spans.filter(pc.and_(pa.array(letters, pa.bool_()), pc.is_valid(spans.column("text_emb"))))
        if not spans.num_rows:
            return []
        query_vector = embedded()
        vectors = spans.column("text_emb").combine_chunks().flatten().to_numpy(zero_copy_only=False)
        similarity = float32_cosine(vectors.reshape(spans.num_rows, -1), query_vector).astype(np.float64)
        start, end = (float_array(spans.column(c)) for c in ("start_s", "end_s"))
        keep = (similarity > SCREEN_MEANING_MIN) & (end - start < PAGE_SHARE * video.duration_s)
        start, end = start[keep], end[keep]
        return list(zip(start, end, start, meaning_score(similarity[keep]), start, strict=True))

    def estimated_arrays(self, video: VideoFrames, query: str, place: str | None = None) -> list[tuple[float, ...]]:
        """``estimated``'s rows of ``video`` (start_s, end_s, last_read, score, reach_from): ``counters.moments``
        of its boxes, as the SQL's ``counter_moments`` reads them, scored times ``MISPLACED`` where the counter is
        not in the call's ``place``.

        Example:
            >>> import pyarrow as pa
            >>> from vqdb.planner.tools import get
            >>> class Video:  # a stand-in for VideoFrames: its sampling period and its rows of a table
            ...     period = 1.0
            ...     def rows(self, name, columns):
            ...         box = {"x0": 0.1, "y0": 0.1, "x1": 0.3, "y1": 0.2}
            ...         return pa.table({"ts": [0.0, 1.0, 2.0], "text": ["Frame = 1", "Frame = 11", "Frame = 21"],
            ...             "shown_from_s": [0.0, 1.0, 2.0], "shown_to_s": [0.5, 1.5, 2.5], "box": [box] * 3})
            >>> [tuple(round(x, 2) for x in row) for row in get("ocr").estimated_arrays(Video(), "Frame 15")]
            [(1.4, 1.5, 1.45, 0.8, 0.5)]
            >>> round(get("ocr").estimated_arrays(Video(), "Frame 15", "bottom")[0][3], 2)  # the counter is on top
            0.6
            >>> get("ocr").estimated_arrays(Video(), "Frame 11")  # read, not estimated
            []
        """
        boxes = video.rows(self.table, BOX_COLUMNS)  # read_frames's: read once
        boxes = boxes.filter(pc.is_valid(boxes.column("text")))
        if not boxes.num_rows:
            return []
        edges = [float_array(pc.struct_field(boxes.column("box"), name)) for name in ("x0", "y0", "x1", "y1")]
        found = counters.moments(
            boxes.column("text").to_pylist(),
            float_array(boxes.column("ts")),
            float_array(boxes.column("shown_from_s")),
            float_array(boxes.column("shown_to_s")),
            np.nan_to_num(np.stack(edges, axis=1), nan=0.0),
            query,
            video.period,
        )
        if place is not None and found:  # a counter elsewhere than the call says: weighed as its reads are
            fits = in_place_array(place, np.array([m.x for m in found]), np.array([m.y for m in found]))
            found = [
                m._replace(score=m.score * (1.0 if fit else MISPLACED)) for m, fit in zip(found, fits, strict=True)
            ]
        return [tuple(getattr(m, field) for field in MOMENT_COLUMNS) for m in found]

    def _read_runs(
        self, video: VideoFrames, read: dict, texts: pa.Array, per_text: np.ndarray, query: str, ctx: Context
    ) -> list[tuple[float, float, float, float]]:
        """(start_s, end_s, last_read, score) of the runs of the video's matching reads (``runs``)."""
        found: list[tuple[float, float, float, float]] = []  # no read matches
        if not read["ts"].size:
            return found
        if reads_any_text(query):  # whatever is read in the place: how it stands out there, no copies
            score = prominence_of(read["held_height"], ctx.size)
            fit, copies = np.ones(len(score)), np.zeros(len(score), dtype=np.int64)
        else:
            grades = per_text[pc.index_in(read["text"], value_set=texts).to_numpy()]
            score, fit = placed_scores(grades, read, ctx), placed_scores(grades, read, ctx, np.ones(len(grades)))
            line_score = per_text[pc.index_in(read["held_lines"], value_set=texts).to_numpy()]
            copies = np.bincount(read["held_frame"][line_score > 0], minlength=len(score))
        ts = read["ts"]
        steps = np.diff(ts)
        ocr_period = max(float(steps.min()) if steps.size else video.period, video.period)
        with np.errstate(invalid="ignore"):
            matched = np.flatnonzero(score > 0)
        if not matched.size:
            return found
        halfway = (score[matched].max() + self.strong_floor(query)) / 2
        gap = RUN_GAP * ocr_period
        until = read["shown_to"] if reads_any_text(query) else held_until_of(read, query_digits(query), gap)

        def stretch(run: np.ndarray) -> tuple[float, float, float, float]:
            """(start_s, end_s, last_read, score) of a run of reads: when its text is on screen, its best grade."""
            first, last = run[0], run[-1]
            shown_from, shown_to = read["shown_from"][first], until[last]
            start = shown_from if not np.isnan(shown_from) else ts[first] - ocr_period / 2
            end = shown_to if not np.isnan(shown_to) else ts[last] + ocr_period / 2
            return max(start, 0.0), min(end, video.duration_s), ts[last], score[run].max()

        texts_read = read["text"].take(pa.array(matched))
        whole = None if reads_any_text(query) else query_words_read(texts_read, pa.array([query] * len(matched)))
        whole = None if whole is None else whole.to_numpy(zero_copy_only=False) >= WHOLE_QUERY
        held = held_texts(read["text"], read["held_lines"], read["held_frame"]).take(pa.array(matched))
        place = np.column_stack([read["held_x"], read["held_y"]])[matched]
        showing = None if whole is None else (whole, held, copies[matched], place)
        strong = strong_reads(score[matched] >= halfway, ts[matched], texts_read, fit[matched], gap, showing)
        runs = []  # (start_s, end_s, last_read, score) of each run of matching reads of one strength
        for strength in (strong, ~strong):
            reads = matched[strength]
            if not reads.size:
                continue
            # whatever is read there: a text that left as the next one appeared (replaced) is a showing of its own
            apart = {"left": until, "appeared": read["shown_from"], "replaced": True} if reads_any_text(query) else {}
            for run in _runs(reads, ts, gap, **apart):
                whole = stretch(run)
                joined = run[copies[run] > copies[run].min()]  # reads where another copy of the text is on screen
                if whole[1] - whole[0] >= PAGE_SHARE * video.duration_s and joined.size:
                    parts = _runs(joined, ts, gap, left=until, appeared=read["shown_from"])
                    runs.extend((*stretch(part)[:3], whole[3]) for part in parts)
                    whole = (*whole[:3], whole[3] * PAGE_DISCOUNT)
                runs.append(whole)
        return runs

    def read_frames(
        self, video: VideoFrames, query: str, place: str | None = None, size: str | None = None
    ) -> dict[str, np.ndarray]:
        """``frame_texts`` as arrays, in time order: each OCR'd frame's ``ts``, ``text`` (its boxes in reading
        order, an Arrow array), ``shown_from`` (the latest of its boxes reading a word of ``query`` to
        appear, of all its boxes when none does), ``shown_to`` (the first of them to leave; NaN where
        unknown), and the ``digits`` and ``letters`` of those boxes (as read for ``query``); and the lines that
        read a word of ``query`` (``held_lines``, their boxes in reading order) with the position of each
        one's frame (``held_frame``), for counting the copies of the text; with a ``place`` or ``size``, the
        frame's ``in_place`` and ``height`` (``Ocr.screen_fit``)."""
        boxes = video.rows(self.table, BOX_COLUMNS)
        boxes = boxes.filter(pc.is_valid(boxes.column("text")))
        screen = place is not None or size is not None  # the boxes' shares of the query are read for these
        if not boxes.num_rows:
            return {
                "ts": np.zeros(0),
                "text": pa.array([], pa.string()),
                "shown_from": np.zeros(0),
                "shown_to": np.zeros(0),
                "held_x": np.zeros(0),
                "held_y": np.zeros(0),
                "digits": np.zeros(0, dtype=np.int64),
                "letters": np.zeros(0, dtype=object),
                "held_lines": pa.array([], pa.string()),
                "held_frame": np.zeros(0, dtype=np.int64),
                "in_place": np.zeros(0, dtype=bool),
                "height": np.zeros(0),
                "held_height": np.zeros(0),
            }

        def part(name: str) -> pa.Array:
            return pc.struct_field(boxes.column("box"), name).cast(pa.float64()).fill_null(0.0)

        x, bottom = part("x0"), part("y1")
        y = pc.divide(pc.add(part("y0"), bottom), 2.0)
        table_ = pa.table(
            {
                "frame": boxes.column("frame_idx").cast(pa.int64()),
                "ts": boxes.column("ts").cast(pa.float64()),
                "text": boxes.column("text"),
                "x": x,
                "y": y,
                "bottom": bottom,
                "shown_from": boxes.column("shown_from_s").cast(pa.float64()),
                "shown_to": boxes.column("shown_to_s").cast(pa.float64()),
                "holds_query": holds_query_array(boxes.column("text"), x, part("x1"), part("y0"), bottom, query, place),
                "read": self.as_read_array(query, boxes.column("text").combine_chunks()),
                "share": query_words_read(boxes.column("text"), pa.array([query if screen else None] * boxes.num_rows)),
                "cx": pc.divide(pc.add(x, part("x1")), 2.0),
                "cy": pc.divide(pc.add(part("y0"), bottom), 2.0),
                "height": pc.subtract(bottom, part("y0")),
            }
        )
        table_ = in_reading_order(table_)
        firsts, text = frames_read(table_)
        box_texts = table_.column("text").combine_chunks()
        ts = table_.column("ts").to_numpy()[firsts]
        holds = table_.column("holds_query").to_numpy(zero_copy_only=False).astype(bool)
        shown_from = _query_boxes_first(np.fmax, float_array(table_.column("shown_from")), holds, firsts)
        shown_to = _query_boxes_first(np.fmin, float_array(table_.column("shown_to")), holds, firsts)
        held_x = _query_boxes_first(np.fmin, float_array(table_.column("x")), holds, firsts)
        held_y = _query_boxes_first(np.fmin, float_array(table_.column("y")), holds, firsts)
        digits, letters = held_digits_and_letters(table_.column("read").combine_chunks(), holds, firsts)
        line = table_.column("line").to_numpy()
        line_firsts = np.flatnonzero(np.r_[True, line[1:] != line[:-1]])
        held = np.logical_or.reduceat(holds, line_firsts) if len(line_firsts) else np.zeros(0, dtype=bool)
        line_offsets = pa.array(np.r_[line_firsts, len(line)].astype(np.int32))
        line_texts = pc.binary_join(pa.ListArray.from_arrays(line_offsets, box_texts), " ")
        order = np.argsort(ts, kind="stable")
        line_frame = np.searchsorted(firsts, line_firsts, "right") - 1  # each line's frame, as read
        in_place, height = screen_fit_arrays(table_, firsts, place, size, reads_any_text(query))
        extreme = np.fmin if size == "small" else np.fmax
        with np.errstate(invalid="ignore"):  # NaN where no box holds it
            held_height = extreme.reduceat(np.where(holds, float_array(table_.column("height")), np.nan), firsts)
        return {
            "ts": ts[order],
            "text": text.take(pa.array(order)),
            "shown_from": shown_from[order],
            "shown_to": shown_to[order],
            "held_x": held_x[order],
            "held_y": held_y[order],
            "digits": digits[order],
            "letters": letters[order],
            "held_lines": line_texts.filter(pa.array(held)),
            "held_frame": np.argsort(order)[line_frame[held]],
            "in_place": in_place[order],
            "height": height[order],
            "held_height": held_height[order],
        }

    def text_at(self, video: VideoFrames, low: float, high: float, ts: float) -> str:
        """The read nearest ``ts`` among those from ``low`` to ``high`` s (the text's time on screen): its boxes'
        texts, in the table's order; where none is read there (a moment estimated between reads), the reads
        before and after it.

        Example:
            >>> import pyarrow as pa
            >>> from vqdb.planner.tools import get
            >>> class Video:  # a stand-in for VideoFrames: its rows of a table
            ...     def rows(self, name, columns):
            ...         return pa.table({"ts": [1.0, 2.0, 2.0, 9.0], "text": ["EX", "EXIT", "2", "EXIT"]})
            >>> get("ocr").text_at(Video(), 0.0, 3.0, 2.2)
            'EXIT 2'
            >>> get("ocr").text_at(Video(), 4.0, 5.0, 4.5)  # no read there: a moment estimated between reads
            "estimated between 'EXIT 2' at 2 s and 'EXIT' at 9 s"
        """
        rows = video.rows(self.table, BOX_COLUMNS)  # read_frames's: read once
        times = float_array(rows.column("ts"))
        inside = np.flatnonzero((times >= low - 1e-9) & (times <= high + 1e-9))

        def read_at(at: float) -> str:
            texts = rows.column("text").take(pa.array(np.flatnonzero(times == at))).to_pylist()
            return " ".join(t for t in texts if t)

        if not len(inside):  # a moment estimated between reads (``estimated``): the reads around it
            before, after = times[times < low - 1e-9], times[times > high + 1e-9]
            around = [f"'{read_at(at)}' at {at:g} s" for at in (before.max(initial=-np.inf), after.min(initial=np.inf))]
            if before.size and after.size:
                return f"estimated between {around[0]} and {around[1]}"
            return (
                f"estimated after {around[0]}" if before.size else f"estimated before {around[1]}" if after.size else ""
            )
        return read_at(times[inside[np.argmin(np.abs(times[inside] - ts))]])

    def as_read_array(self, query: str, texts: pa.Array) -> pa.Array:
        """``as_read`` of Arrow ``texts``.

        Example:
            >>> Ocr().as_read_array("00:00:05", pa.array(["O0:0l"])).to_pylist()
            ['00:01']
        """
        if not self.numeric(query):
            return texts
        for lookalike, digit in zip(*DIGIT_LOOKALIKES, strict=True):
            texts = pc.replace_substring(texts, lookalike, digit)
        return texts

    @classmethod
    def strong_floor(cls, query: str) -> float:
        """The grade halfway from which to the video's best a read of ``query`` reads well (``strong``): none for a
        call with no words (its prominence), 1 for a number (its digits exact), else ``min_score(query)`` but at
        most ``STRONG_FLOOR``: a short word must align exactly (``min_score`` 1.0), so halfway from there every
        read of it with a stray mark beside it ("EXIT Sn", 0.97) or a letter OCR confuses ("EXlT", 0.95) was weak
        and cut the word's run short, while another line that holds it ("WE ARE HERE TO" for "WE", 0.92) stays weak.

        Example:
            >>> Ocr.strong_floor("EXIT"), Ocr.strong_floor("the alpha"), Ocr.strong_floor("195"), Ocr.strong_floor("")
            (0.9, 0.84, 1.0, 0.0)
        """
        if reads_any_text(query):
            return 0.0
        return 1.0 if cls.numeric(query) else min(min_score(query), STRONG_FLOOR)

    @staticmethod
    def numeric(query: str) -> bool:
        """Whether ``query`` is only digits and separators (matched exactly).

        Example:
            >>> Ocr.numeric("00:00:05"), Ocr.numeric("Step 2")
            (True, False)
        """
        return NUMERIC_QUERY.fullmatch(query) is not None


def _runs(
    reads: np.ndarray,
    ts: np.ndarray,
    gap: float,
    left: np.ndarray | None = None,
    appeared: np.ndarray | None = None,
    replaced: bool = False,
) -> list[np.ndarray]:
    """``reads`` (positions, in time order) split where the next one is more than ``gap`` seconds later, and,
    given when each read's text ``left`` the screen and when it ``appeared`` (NaN where unknown), where a
    read's text left before the next one's appeared (or as it appeared: ``replaced``, a text in the same place
    replacing it): measured apart, they are two showings.

    Example:
        >>> [r.tolist() for r in _runs(np.array([0, 1, 3]), np.array([0.0, 1.0, 2.0, 9.0]), 2.5)]
        [[0, 1], [3]]
        >>> left, appeared = np.array([1.0, 1.3, 3.0]), np.array([0.0, 0.5, 1.8])  # the text gone 1.3-1.8 s
        >>> [r.tolist() for r in _runs(np.array([0, 1, 2]), np.array([0.0, 1.0, 2.0]), 2.5, left, appeared)]
        [[0, 1], [2]]
    """
    starts = np.r_[True, np.diff(ts[reads]) > gap]
    if left is not None and appeared is not None:
        with np.errstate(invalid="ignore"):
            before = left[reads[:-1]]
            starts[1:] |= (before <= appeared[reads[1:]]) if replaced else (before < appeared[reads[1:]])
    return np.split(reads, np.flatnonzero(starts)[1:])


def strong_reads(
    reads_well: np.ndarray,
    ts: np.ndarray,
    texts: pa.Array,
    fit: np.ndarray,
    gap: float,
    showing: tuple[np.ndarray, pa.Array, np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """``Ocr.strong`` of a video's matching reads (in time order): those that read well (``reads_well``), those
    beside one that does, at most ``gap`` s away, as well placed (``fit``), that read only its words (a misread
    of its text), and, with ``showing`` given (``(whole, held, copies, place)``: whether each reads the query
    whole, its lines that read a word of it, its copies of the text, where those lines are), those that read the
    query whole in a showing with one that reads well (``showing_chains``).

    Example:
        >>> texts = pa.array(["we are here to", "we arc here", "echo the GOSPEL", "echo the way"])
        >>> strong_reads(np.array([True, False, False, True]), np.arange(4.0), texts, np.ones(4), 2.5).tolist()
        [True, True, False, True]
        >>> crawl = pa.array(["WEATHER: rain", "WEATHER: rain and gales", "WEATHER: rain and gales on"])
        >>> well, whole, copies = np.array([True, False, False]), np.array([True, True, True]), np.ones(3)
        >>> place = np.array([[0.8, 0.9], [0.6, 0.9], [0.4, 0.9]])  # its left edge moving left
        >>> strong_reads(well, np.arange(3.0), crawl, np.ones(3), 2.5, (whole, crawl, copies, place)).tolist()
        [True, True, True]
    """
    strong = reads_well.copy()
    if showing is not None:
        whole, held, copies, place = showing
        chain = showing_chains(reads_well | whole, ts, held, fit, copies, place, gap)
        strong |= whole & np.bincount(chain, weights=reads_well, minlength=chain.max() + 1)[chain].astype(bool)
    for step in (1, -1):  # the read before each, then the one after
        this, beside = (slice(step, None), slice(None, -step)) if step == 1 else (slice(None, step), slice(-step, None))
        near = reads_well[beside] & (np.abs(ts[this] - ts[beside]) <= gap) & (fit[this] == fit[beside])
        candidates = np.flatnonzero(~reads_well[this] & near)
        if not candidates.size:
            continue
        at, near = np.arange(len(ts))[this][candidates], np.arange(len(ts))[beside][candidates]
        share = query_words_read(texts.take(pa.array(near)), texts.take(pa.array(at))).to_numpy(zero_copy_only=False)
        strong[at[share >= MISREAD_WORDS]] = True
    return strong


def held_texts(texts: pa.Array, held_lines: pa.Array, held_frame: np.ndarray) -> pa.Array:
    """Each frame's lines that read a word of the query (``held_lines``, of the frames at ``held_frame``), joined
    in reading order, or its whole text (``texts``) where none does: the text ``Ocr.showings`` follows.

    Example:
        >>> held_texts(pa.array(["CREDITS", "CREDITS Directed by", "Music"]), pa.array(["CREDITS", "CREDITS"]),
        ...            np.array([0, 1])).to_pylist()
        ['CREDITS', 'CREDITS', 'Music']
    """
    joined = texts.to_pylist()
    lines: dict[int, list[str]] = {}
    for frame, line in zip(held_frame.tolist(), held_lines.to_pylist(), strict=True):
        lines.setdefault(frame, []).append(line)
    for frame, parts in lines.items():
        joined[frame] = " ".join(parts)
    return pa.array(joined, pa.string())


def showing_chains(
    link: np.ndarray,
    ts: np.ndarray,
    texts: pa.Array,
    fit: np.ndarray,
    copies: np.ndarray,
    place: np.ndarray,
    gap: float,
) -> np.ndarray:
    """The showing (``Ocr.showings``) of each of a video's matching reads (in time order), numbered from 0: a
    new one starts at a read that does not ``link`` (read well or read the query whole), or whose read before
    does not, is more than ``gap`` s before it, otherwise placed (``fit``), shows another number of ``copies``
    of the text, has its lines holding the query where they were (``place``: x, y rows; none moved more than
    ``MOVED``), or is mostly another text (``texts``: either reads under ``SAME_LINE`` of the other's words
    whole).

    Example:
        >>> texts = pa.array(["rain and gales", "heavy rain and gales", "rain", "rain and gales", "rain and gales"])
        >>> showing_chains(np.array([True, True, True, True, True]), np.array([0.0, 1.0, 2.0, 3.0, 9.0]),
        ...                texts, np.ones(5), np.ones(5), np.array([[0.5, 0.1 * i] for i in range(5)]), 2.5).tolist()
        [0, 0, 1, 2, 3]
    """
    if len(ts) < 2:
        return np.zeros(len(ts), dtype=np.int64)
    before, after = texts[:-1], texts[1:]
    shared = np.minimum(
        query_words_read(before, after).to_numpy(zero_copy_only=False),
        query_words_read(after, before).to_numpy(zero_copy_only=False),
    )
    continues = link[1:] & link[:-1] & (np.diff(ts) <= gap) & (fit[1:] == fit[:-1]) & (shared >= SAME_LINE)
    continues &= (copies[1:] == copies[:-1]) & (np.abs(np.diff(place, axis=0)) > MOVED).any(axis=1)
    return np.cumsum(np.r_[True, ~continues]) - 1


def _query_boxes_first(reduce: np.ufunc, values: np.ndarray, holds: np.ndarray, firsts: np.ndarray) -> np.ndarray:
    """``reduce`` (``np.fmax``, ``np.fmin``: NaN skipped) of ``values`` per frame (starting at ``firsts``) over
    its boxes that ``holds`` the query, or over all its boxes where those give NaN (as SQL's COALESCE of
    the filtered aggregate)."""
    with np.errstate(invalid="ignore"):
        over_all = reduce.reduceat(values, firsts)
        over_query = reduce.reduceat(np.where(holds, values, np.nan), firsts)
    return np.where(np.isnan(over_query), over_all, over_query)


def run_together(query: str) -> str | None:
    """The digits of a clock or timecode query (``CLOCK_QUERY``, three digits or more) run together, as OCR reads
    one whose colons it dropped ("1205" for 12:05: a colon is a thin mark between digits); None for any other
    query, whose separators tell numbers apart ("1-1", "4.004").

    Example:
        >>> run_together("12:05"), run_together("00:00:05;00"), run_together("4.004"), run_together("1:5")
        ('1205', '00000500', None, None)
    """
    if not Ocr.numeric(query) or not CLOCK_QUERY.search(query):
        return None
    digits = re.sub(r"\D", "", query)
    return digits if len(digits) >= 3 else None


def query_digits(query: str) -> int:
    """How many digits ``query`` names: a read holding more may tick in a part the query leaves out.

    Example:
        >>> query_digits("00:00:05"), query_digits("T-minus ten")
        (6, 0)
    """
    return sum(char in DIGITS for char in query)


def digit_count(text: exp.Expression) -> exp.Expression:
    """How many digits (0-9) ``text`` holds, in SQL.

    Example:
        >>> import duckdb
        >>> duckdb.sql(f"SELECT {digit_count(string('00:00:05;00')).sql('duckdb')}").fetchone()
        (8,)
    """
    return fn("length", fn("regexp_replace", text, string(NOT_DIGIT), string(""), string("g")))


def letters_of(text: exp.Expression) -> exp.Expression:
    """``text``'s letters, lower case, in SQL: what stays of a clock or a score while its digits tick.

    Example:
        >>> import duckdb
        >>> duckdb.sql(f"SELECT {letters_of(string('T-MINUS 00:10 Go')).sql('duckdb')}").fetchone()
        ('tminusgo',)
    """
    return fn("lower", fn("regexp_replace", text, string(NOT_LETTER), string(""), string("g")))


def held_digits_and_letters(texts: pa.Array, holds: np.ndarray, firsts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``digit_count`` summed and ``letters_of`` joined in order, per frame (its boxes from ``firsts``), of its
    boxes that ``holds`` the query, or of all of them where none does (``Ocr.query_boxes_first``).

    Example:
        >>> digits, letters = held_digits_and_letters(
        ...     pa.array(["T-10", "Go 2", "x1"]), np.array([False, False, True]), np.array([0, 2]))
        >>> digits.tolist(), letters.tolist()
        ([3, 1], ['tgo', 'x'])
    """
    frame = np.repeat(np.arange(len(firsts)), np.diff(np.r_[firsts, len(texts)]))
    any_holds = np.logical_or.reduceat(holds, firsts) if len(firsts) else np.zeros(0, dtype=bool)
    chosen = holds | ~any_holds[frame]
    encoded = pc.dictionary_encode(texts)  # a text stays on screen for many frames: each distinct one once
    distinct = [digits_and_letters(text) for text in encoded.dictionary.to_pylist()]
    codes = encoded.indices.to_numpy(zero_copy_only=False)
    counts = np.array([count for count, _ in distinct], dtype=np.int64)[codes]
    digits = np.bincount(frame[chosen], weights=counts[chosen], minlength=len(firsts)).astype(np.int64)
    letters = pa.array([distinct[code][1] for code in codes[chosen]], pa.string())
    offsets = np.r_[0, np.cumsum(np.bincount(frame[chosen], minlength=len(firsts)))].astype(np.int32)
    joined = pc.binary_join(pa.ListArray.from_arrays(pa.array(offsets), letters), "")
    return digits, joined.to_numpy(zero_copy_only=False)


def in_reading_order(boxes: pa.Table) -> pa.Table:
    """``boxes`` (``frame``: which frame, ``y``: a box's middle, ``x``: its left, ``bottom``, ``text``; any other
    columns) in the order the tool reads them, with each box's ``line``: frame by frame, line by line from the
    top (a box continues the line of the box before it when it is not below it), left to right.

    Example:
        >>> boxes = pa.table({"frame": [0, 0, 0], "y": [0.5, 0.1, 0.12], "x": [0.0, 0.6, 0.1],
        ...     "bottom": [0.6, 0.2, 0.2], "text": ["the lamb", "here", "echo"]})
        >>> in_reading_order(boxes).column("text").to_pylist()
        ['echo', 'here', 'the lamb']
    """
    keys = [("frame", "ascending"), ("y", "ascending"), ("x", "ascending"), ("text", "ascending")]
    boxes = boxes.take(pc.sort_indices(boxes, sort_keys=keys))
    frame = boxes.column("frame").to_numpy()
    y, bottom = boxes.column("y").to_numpy(), boxes.column("bottom").to_numpy()
    same_line = np.r_[False, (frame[1:] == frame[:-1]) & (y[1:] <= bottom[:-1])][: len(frame)]
    boxes = boxes.append_column("line", pa.array(np.cumsum(~same_line)))
    keys = [("frame", "ascending"), ("line", "ascending"), ("x", "ascending"), ("text", "ascending")]
    return boxes.take(pc.sort_indices(boxes, sort_keys=keys))


def frames_read(boxes: pa.Table) -> tuple[np.ndarray, pa.Array]:
    """Of ``boxes`` in reading order (``in_reading_order``), each frame's first box and its text: its boxes
    joined with a space (what ``Ocr.grade`` grades).

    Example:
        >>> firsts, texts = frames_read(pa.table({"frame": [0, 0, 3], "text": ["echo", "the lamb", "EXIT"]}))
        >>> firsts.tolist(), texts.to_pylist()
        ([0, 2], ['echo the lamb', 'EXIT'])
    """
    frame = boxes.column("frame").to_numpy()
    firsts = np.flatnonzero(np.r_[True, frame[1:] != frame[:-1]]) if len(frame) else np.zeros(0, dtype=np.int64)
    offsets = pa.array(np.r_[firsts, len(frame)].astype(np.int32))
    return firsts, pc.binary_join(pa.ListArray.from_arrays(offsets, boxes.column("text").combine_chunks()), " ")


@lru_cache(maxsize=100_000)
def digits_and_letters(text: str) -> tuple[int, str]:
    """How many digits (0-9) ``text`` holds and its letters in lower case, in order (``held_digits_and_letters``).

    Example:
        >>> digits_and_letters("T-10 Go!")
        (2, 'tgo')
    """
    return sum(c in DIGITS for c in text), "".join(c for c in text if c.isalpha()).lower()


def held_until_of(read: dict[str, np.ndarray], named_digits: int, gap: float) -> np.ndarray:
    """``Ocr.held_until`` of each of ``read``'s frames (``read_frames``): its ``shown_to``, or the next frame's
    ``shown_from`` where it holds more digits than ``named_digits`` and the next frame, at most ``gap`` s
    later, has the same letters (NaN where unknown).

    Example:
        >>> read = {"ts": np.array([5.0, 6.0, 7.0]), "shown_from": np.array([5.0, 6.0, 7.0]),
        ...         "shown_to": np.array([5.04, 6.04, 7.04]), "digits": np.array([8, 8, 3]),
        ...         "letters": np.array(["", "", "go"], dtype=object)}
        >>> held_until_of(read, 6, 2.5).tolist()  # "00:00:05" of 00:00:05;00, then 00:00:06;00, then "GO 123"
        [6.0, 6.04, 7.04]
    """
    ts, shown_to = read["ts"], read["shown_to"]
    next_from = np.r_[read["shown_from"][1:], np.nan]
    ticks = np.zeros(len(ts), dtype=bool)
    ticks[:-1] = (
        (read["digits"][:-1] > named_digits) & (read["letters"][:-1] == read["letters"][1:]) & (ts[1:] - ts[:-1] <= gap)
    )
    return np.where(ticks & ~np.isnan(next_from), next_from, shown_to)


def screen_columns(ctx: Context) -> list[str]:
    """The per-frame columns a call's place and size are checked against (``Ocr.screen_fit``).

    Example:
        >>> screen_columns(Context("EXIT")), screen_columns(Context("EXIT", place="top", size="large"))
        ([], ['in_place', 'height'])
    """
    if reads_any_text(ctx.query):  # its place and size choose the boxes it reads (``Ocr.holds_query``)
        return []
    return [name for name, asked in (("in_place", ctx.place), ("height", ctx.size)) if asked is not None]


def box_shape(ctx: Context) -> list[exp.Expression]:
    """A box's centre (``cx``, ``cy``) and ``height``, in SQL, as fractions of the frame (a missing box: 0), and,
    for a call with words, the ``share`` of the query it reads in whole words (``query_words_read``)."""

    def part(name: str) -> exp.Expression:
        return cast(fn("coalesce", col(name, "box"), number(0.0)), DOUBLE)

    def middle(low: str, high: str) -> exp.Expression:
        return exp.Div(this=exp.paren(exp.Add(this=part(low), expression=part(high))), expression=number(2.0))

    share = [] if reads_any_text(ctx.query) else [alias(fn("query_words_read", col("text"), ctx.text), "share")]
    return [
        alias(middle("x0", "x1"), "cx"),
        alias(middle("y0", "y1"), "cy"),
        alias(exp.Sub(this=part("y1"), expression=part("y0")), "height"),
        *share,
    ]


def meant_on_screen(query: str) -> bool:
    """Whether the texts shown are compared with ``query`` by meaning: a query of words ``compared_by_meaning``
    (not a value of a form, ``{time}``, nor words of a script written without spaces), not no words at all, nor
    words naming a number, however written: a number means itself, which its digits are read for exactly, while
    MiniLM puts "Channel 4" beside "CHANNEL 7".

    Example:
        >>> meant_on_screen("keep the door closed"), meant_on_screen("channel four"), meant_on_screen("{time}")
        (True, False, False)
    """
    if re.search(r"[^\W\d_]", query) is None or not compared_by_meaning(query):
        return False
    return not any(character.isdigit() for word in canonical_words(query) for character in word)


def meaning_score(similarity: np.ndarray) -> np.ndarray:
    """The score of a text shown at cosine ``similarity`` to the query: ``SEMANTIC_WEIGHT`` (0.6) at 1, 0 at
    ``SCREEN_MEANING_MIN``, so any read of the query's letters (0.7 and up) outranks it.

    Example:
        >>> meaning_score(np.array([0.45, 1.0])).round(3).tolist()
        [0.0, 0.6]
    """
    return SEMANTIC_WEIGHT * (similarity - SCREEN_MEANING_MIN) / (1 - SCREEN_MEANING_MIN)


def reads_any_text(query: str) -> bool:
    """Whether a call has no words to read (an empty query): it reads whatever text is in its place, of its size
    (``Call`` allows it only with one of them).

    Example:
        >>> reads_any_text(""), reads_any_text("EXIT")
        (True, False)
    """
    return not query.strip()


def place_condition(place: str, x: exp.Expression, y: exp.Expression) -> exp.Expression:
    """Whether a point (``x``, ``y``: fractions of the frame) is in ``place`` (``PLACE_BANDS``), in SQL.

    Example:
        >>> place_condition("top-left", col("cx"), col("cy")).sql()
        '(cx * 3) < 1 AND (cy * 3) < 1'
    """
    bands = [_band_condition(value, band) for value, band in zip((x, y), PLACE_BANDS[place], strict=True) if band]
    return exp.and_(*bands, copy=False)


def _band_condition(value: exp.Expression, band: str) -> exp.Expression:
    thirds = exp.Mul(this=value.copy(), expression=number(3))
    if band == "low":
        return thirds < number(1)
    if band == "high":
        return thirds > number(2)
    if band == "outer":
        return exp.paren(exp.or_(thirds < number(1), thirds.copy() > number(2), copy=False))
    return exp.and_(thirds >= number(1), thirds.copy() <= number(2), copy=False)


def in_place_array(place: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``place_condition`` of arrays of points.

    Example:
        >>> in_place_array("right", np.array([0.9, 0.5]), np.array([0.1, 0.5])).tolist()
        [True, False]
    """
    inside = np.ones(len(x), dtype=bool)
    for value, band in zip((x, y), PLACE_BANDS[place], strict=True):
        thirds = value * 3
        if band == "low":
            inside &= thirds < 1
        elif band == "high":
            inside &= thirds > 2
        elif band == "middle":
            inside &= (thirds >= 1) & (thirds <= 2)
        elif band == "outer":
            inside &= (thirds < 1) | (thirds > 2)
    return inside


def holds_query_array(
    texts: pa.ChunkedArray,
    x0: pa.Array,
    x1: pa.Array,
    y0: pa.Array,
    y1: pa.Array,
    query: str,
    place: str | None,
) -> np.ndarray:
    """``Ocr.holds_query`` of boxes (their texts and edges, 0 where missing): whether each reads a word of
    ``query``, or, for a call with no words, has a letter or digit, a height, and its centre in ``place``.

    Example:
        >>> edges = [pa.array(v) for v in ([0.1, 0.1], [0.9, 0.9], [0.1, 0.8], [0.2, 0.9])]
        >>> holds_query_array(pa.chunked_array([["HELLO", "ok"]]), *edges, "", "top").tolist()
        [True, False]
        >>> holds_query_array(pa.chunked_array([["HELLO", "ok"]]), *edges, "ok", None).tolist()
        [False, True]
    """
    if not reads_any_text(query):
        read = query_words_read(texts, pa.array([query] * len(texts)))
        return pc.greater(read, 0.0).to_numpy(zero_copy_only=False)
    bottom, top = float_array(y1), float_array(y0)
    holds = pc.match_substring_regex(texts, HAS_TEXT).to_numpy(zero_copy_only=False) & (bottom - top > 0)
    if place is not None:
        holds &= in_place_array(place, (float_array(x0) + float_array(x1)) / 2, (top + bottom) / 2)
    return holds


def prominence_of(held_height: np.ndarray, size: str | None) -> np.ndarray:
    """``Ocr.prominence`` of a video's reads from their ``held_height`` (NaN where nothing is read there).

    Example:
        >>> prominence_of(np.array([0.1, 0.2, np.nan]), None).tolist()
        [0.5, 1.0, nan]
        >>> prominence_of(np.array([0.1, 0.2]), "small").tolist()  # the smallest text there grades 1
        [1.0, 0.5]
    """
    if np.isnan(held_height).all():
        return held_height
    if size == "small":
        return np.nanmin(held_height) / held_height
    return held_height / np.nanmax(held_height)


def misplaced_unless(fits: exp.Expression) -> exp.Expression:
    """1.0 where ``fits``, ``MISPLACED`` else (and where it is NULL), in SQL."""
    return exp.case().when(fits, number(1.0)).else_(number(MISPLACED))


def screen_fit_arrays(
    boxes: pa.Table, firsts: np.ndarray, place: str | None, size: str | None, any_text: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """``Ocr.screen_fit`` per frame (its boxes from ``firsts`` in ``boxes``, with ``cx``, ``cy``, ``height`` and
    ``share``): whether a box carrying its match (all its boxes where none reads a word of the query) is in
    ``place`` (False without one), and the tallest (shortest, for ``size`` "small") of those boxes' heights (NaN
    without a size); neither for a call with no words (``any_text``: its place and size choose its boxes)."""
    in_place = np.zeros(len(firsts), dtype=bool)
    height = np.full(len(firsts), np.nan)
    if (place is None and size is None) or any_text:
        return in_place, height
    share = float_array(boxes.column("share"))
    best = np.maximum.reduceat(share, firsts)[np.repeat(np.arange(len(firsts)), np.diff(np.r_[firsts, len(share)]))]
    carrying = (share > 0) & (share >= CARRIES * best)
    if place is not None:
        inside = in_place_array(place, float_array(boxes.column("cx")), float_array(boxes.column("cy")))
        in_place = _query_boxes_first(np.fmax, inside.astype(np.float64), carrying, firsts) > 0
    if size is not None:
        extreme = np.fmax if size == "large" else np.fmin
        height = _query_boxes_first(extreme, float_array(boxes.column("height")), carrying, firsts)
    return in_place, height


def placed_scores(
    score: np.ndarray, read: dict[str, np.ndarray], ctx: Context, value: np.ndarray | None = None
) -> np.ndarray:
    """``Ocr.placed`` of the grades of a video's reads (``read_frames``), or of ``value`` (ones: how well each
    fits).

    Example:
        >>> read = {"in_place": np.array([True, False, True]), "height": np.array([0.3, 0.3, 0.1])}
        >>> placed_scores(np.array([1.0, 1.0, 0.9]), read, Context("x", place="top", size="large")).tolist()
        [1.0, 0.75, 0.675]
        >>> placed_scores(np.array([1.0, 1.0, 0.9]), read, Context("x", place="top"), np.ones(3)).tolist()
        [1.0, 0.75, 1.0]
    """
    placed = score if value is None else value
    if ctx.place is not None:
        placed = placed * np.where(read["in_place"], 1.0, MISPLACED)
    if ctx.size is not None:
        height = read["height"]
        with np.errstate(invalid="ignore"):
            matched = score > 0
        fit = np.full(len(score), MISPLACED)
        if matched.any():
            reference = height[matched].max() if ctx.size == "large" else height[matched].min()
            with np.errstate(invalid="ignore", divide="ignore"):
                prominence = height / reference if ctx.size == "large" else reference / height
                fit = np.where(np.isnan(prominence), MISPLACED, np.clip(prominence, MISPLACED, 1.0))
        placed = placed * fit
    return placed
