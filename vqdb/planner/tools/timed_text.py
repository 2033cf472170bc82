"""What the ``transcript`` and ``subtitle`` tools share: grading frames by a text said or shown over time.

A call finds **spans** of the timed text (video_id, said_start, said_end, score, start_s, end_s) two ways:

* **said**: ``phrase_spans`` (``vqdb.udfs.text_grade``) aligns the query with windows of whole words of the text
  (canonical forms: numbers as digits, British spellings American; characters may differ; digits written as digits
  exact), keeping windows that reach ``min_score(query)``; a span is said from its first word's start to its last
  word's end, scores its alignment (0.7 to 1), and its evidence (``start_s``, ``end_s``, ``phrase_span``) is the
  phrase of its **words said** (below), ``SAID_SLACK_S`` wider on each side, within their statement: the utterance
  (``transcript``, with ``pause_s``: the words said with less than ``pause_s`` of silence from one to the next;
  speech recognition puts commas where a speaker barely breathes: "You're watching Channel 7, the home of great
  drama." is one utterance), or
  the clause when the utterance lasts over ``CLAUSE_MAX_S``; the clause for ``subtitle`` (up to the punctuation or cue
  around it, at most 10 s), whole unless it lasts over ``LONG_CUE_S`` (a word said in a cue of 8 s is the word, its
  time estimated from its share of the cue's characters, not the cue, unless they take ``WHOLE_SHARE`` of it). Words
  said (``transcript``) are answered with their **phrase** (``phrases_hull``: the phrases they are said in, breath
  groups, ``vqdb.udfs.text_grade.said_phrases``), widened to the words' slack: a person asked when "German police
  spies" are mentioned marks the clause "French radicals and German police spies", and for "ask not what your
  country can do for you", the clause it is most of. A call with ``extent`` "statement" (a
  question about what is said on a topic: "when does she talk about the 15th century?") is answered with the
  **statement** instead. The words said are the focus either way. A call with ``extent`` "phrase" (words a
  question is after or before: "what does he say right after 'my fellow'?") is said through its **clause**
  where the clause ends (starts) within its phrase (``reach``), and with ``extent`` "next" too, its span and
  focus then the phrase said right after (before, ``Context.when``) its words (``said_next``);
* **meant**: the text's sentences (transcript segments, subtitle cues) whose MiniLM embedding (stored at
  ingest in ``text_emb``; ``text_embed`` of the text where it is NULL, in an older corpus) is closer to
  the query's (``text_embed``) than ``SEMANTIC_MIN`` cosine similarity, scored
  ``SEMANTIC_WEIGHT * (similarity - SEMANTIC_MIN) / (1 - SEMANTIC_MIN)``: at most 0.6, so a phrase said
  in other words ("when does he talk about money?") ranks frames when no words match, and any span that
  says the words outranks it; the sentence is said over its whole time. Its focus is where its words say the
  query's (``transcript``: ``said_focus`` of the words overlapping it, timed as heard, "has never been" of an
  11 s sentence for "it has never been bettered"), and its evidence the phrase they are said in (the sentence
  with ``extent`` "statement"); a sentence sharing no word with the query is focused on its clause closest in
  meaning when that is closer than the whole sentence (``meant_clause``: "done." of "I will show a directory done." for
  "finished"), else it is, like a cue, its own focus and evidence. A query
  of a value's form (``{time}``, ``vqdb.textnorm.value_form``) has no meaning: only its values said are found.

A frame gets the best score of the spans said around it: those whose time said contains its own, a span
shorter than the sampling period being widened to one period around its middle (so a word said between
two sampled frames reaches the nearer one). The best span's evidence is the frame's span for ``locate``, and
the time it is said (the words, or the sentence meant) its focus, where a keyframe is placed.

Example:
    >>> from vqdb.planner.tools import get
    >>> sql = get("transcript").select(Context("ask not", video_id="v1")).sql("duckdb")
    >>> "PHRASE_SPANS(" in sql and "TEXT_EMBED(" in sql
    True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import ClassVar

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from sqlglot import exp

from vqdb.planner.sqlbuild import (
    alias,
    cast,
    col,
    desc,
    fn,
    join,
    number,
    ordered,
    over,
    same,
    select,
    subquery,
    table,
)
from vqdb.planner.tools.base import (
    Context,
    FrameEvidence,
    TextTool,
    best_spans,
    float_array,
    seconds_touched,
    whole_second,
)
from vqdb.planner.tools.said_answer import ANSWER_SIDES, STATEMENTS, answer_focus, answer_focus_sql
from vqdb.planner.tools.said_next import next_phrase_sql, next_phrases, next_piece_sql
from vqdb.planner.video_frames import VideoFrames
from vqdb.textnorm import UNSPACED, value_form
from vqdb.udfs.said_clauses import clauses
from vqdb.udfs.said_focus import shared_words_foci
from vqdb.udfs.text_grade import PHRASE_MAX_S, SAID_SLACK_S, phrase_spans, phrases

SEMANTIC_MIN = 0.2  # cosine similarity of MiniLM embeddings below which a sentence is unrelated
SEMANTIC_WEIGHT = 0.6  # the score of a sentence with similarity 1; every match of the words scores more
SENTENCE_COLUMNS = ("text", "text_emb", "start_s", "end_s")
LONG_CUE_S = 2 * PHRASE_MAX_S  # a subtitle clause (cue) longer than two breath groups is trimmed to the words
WHOLE_SHARE = 2 / 3  # words making up this share of a long cue's time or more are answered with the cue
PAUSE_S = 0.5  # a silence this long between two words ends an utterance (a comma's breath is shorter)
REACHING = ("phrase", "next")  # the extents whose words said reach through their clause (``reach``)


def compared_by_meaning(query: str) -> bool:
    """Whether sentences are compared with ``query`` by meaning (``meant``): not a value of a form (``{time}``:
    only its values said are found), nor a query with letters of a script written without spaces
    (``textnorm.UNSPACED``: Chinese, Japanese, Thai): the sentence model (all-MiniLM-L6-v2) was trained on
    English, and its similarities between such texts are noise (0.3 to 0.5 for lines sharing no letter, where
    the letters themselves find the query's phrase).

    Example:
        >>> compared_by_meaning("talk about money"), compared_by_meaning("{time}"), compared_by_meaning("谢谢观看")
        (True, False, False)
    """
    return value_form(query) is None and UNSPACED.search(query) is None


class TimedTextTool(TextTool):
    """A text tool over a text with times: its **pieces** (words or cues, in ``table``: the text in column
    ``piece_text``, with ``start_s``, ``end_s``) and its **sentences**, the units compared by meaning (in
    ``sentence_table``: ``text``, ``text_emb``, ``start_s``, ``end_s``). ``pause_s``: when set, a phrase said is
    answered with its words, within their utterance (pieces with less silence than this between them), else
    with its clause."""

    piece_text: ClassVar[str] = "text"
    sentence_table: ClassVar[str]
    pause_s: ClassVar[float | None] = None
    extents: ClassVar[tuple[str, ...]] = (*STATEMENTS, "phrase", "next")
    query_embedder: ClassVar[str] = "text_embed"  # the sentence model (MiniLM): the query and the sentences

    def pieces(self, ctx: Context) -> exp.Select:
        """(video_id, text, start_s, end_s) of the text's pieces."""
        text = col(self.piece_text) if self.piece_text == "text" else alias(col(self.piece_text), "text")
        return select(col("video_id"), text, col("start_s"), col("end_s"), from_=table(self.table), where=ctx.where())

    def sentences(self, ctx: Context) -> exp.Select:
        """(video_id, text, text_emb, start_s, end_s) of the sentences compared with the query by meaning
        (``text_emb``: the text's embedding stored at ingest, NULL when it was not)."""
        columns = (col(c) for c in ("video_id", *SENTENCE_COLUMNS))
        return select(*columns, from_=table(self.sentence_table), where=ctx.where())

    def select(self, ctx: Context) -> exp.Select:
        """Every sampled frame near a span: the best span's score, its stretch and its focus, the time it is
        said (frames meet the spans of their own second only, see ``whole_second``)."""
        spans = self.widened(ctx)
        by_second = select(exp.Star(), alias(seconds_touched(col("low"), col("high")), "second"), from_=subquery(spans))
        near = exp.and_(
            col("second", "p").eq(whole_second(col("ts", "s"))),
            exp.Between(this=col("ts", "s"), low=col("low", "p"), high=col("high", "p")),
            copy=False,
        )

        def first(column: str, name: str) -> exp.Expression:
            best = [desc(col("score", "p")), col("said_start", "p"), col("focus_end", "p")]
            return alias(fn("first", ordered(col(column, "p"), best)), name)

        return select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            alias(fn("max", col("score", "p")), "score"),
            first("start_s", "start_s"),
            first("end_s", "end_s"),
            first("focus_start", "focus_start"),
            first("focus_end", "focus_end"),
            from_=ctx.sampled("s"),
            joins=[join(subquery(by_second, "p"), exp.and_(same(["video_id"], "p", "s"), near, copy=False))],
            group_by=[col("video_id", "s"), col("frame_idx", "s")],
        )

    def widened(self, ctx: Context) -> exp.Select:
        """The spans with the stretch of frame times they reach (``low``, ``high``): the time said, or one
        sampling period around its middle when it is shorter."""
        middle = exp.Div(
            this=exp.paren(exp.Add(this=col("said_start", "p"), expression=col("said_end", "p"))),
            expression=number(2),
        )
        length = exp.Sub(this=col("said_end", "p"), expression=col("said_start", "p"))
        half = fn(
            "greatest",
            exp.Div(this=exp.paren(length), expression=number(2)),
            exp.Div(this=col("period", "i"), expression=number(2)),
        )
        return select(
            col("video_id", "p"),
            col("said_start", "p"),
            col("said_end", "p"),
            col("score", "p"),
            col("start_s", "p"),
            col("end_s", "p"),
            col("focus_start", "p"),
            col("focus_end", "p"),
            alias(exp.Sub(this=middle, expression=half), "low"),
            alias(exp.Add(this=middle.copy(), expression=half.copy()), "high"),
            from_=subquery(self.spans(ctx), "p"),
            joins=[join(ctx.video_info("i"), same(["video_id"], "i", "p"))],
        )

    def spans(self, ctx: Context) -> exp.Query:
        """The spans said and meant; only those said for a value of a form (``{time}``: ``value_form``), which
        has no meaning to compare sentences with.

        Example:
            >>> from vqdb.planner.tools import get
            >>> "TEXT_EMBED(" in get("transcript").spans(Context("{time}")).sql("duckdb")
            False
        """
        found = self.said(ctx)
        if compared_by_meaning(ctx.query):
            found = found.union(self.meant(ctx), distinct=False, copy=False)
        if ctx.extent in ANSWER_SIDES:
            return self.said_answer(ctx, found)
        return self.said_next(ctx, found) if ctx.extent == "next" else found

    def said_answer(self, ctx: Context, found: exp.Query) -> exp.Select:
        """``found``'s spans (said and meant, their statements) focused on the answer (``said_answer``: the rest
        of the statement after or before the words found, else the phrase said next on that side, which the span
        then reaches), for a call with ``extent`` "statement_after" or "statement_before"."""
        side = ANSWER_SIDES[ctx.extent]
        start, end = answer_focus_sql(
            *(col(n) for n in ("start_s", "end_s", "focus_start", "focus_end", "next_start", "next_end")), side
        )
        return select(
            *(col(n) for n in ("video_id", "said_start", "said_end", "score")),
            alias(fn("least", col("start_s"), start.copy()), "start_s"),  # the answer said next is in the span
            alias(fn("greatest", col("end_s"), end.copy()), "end_s"),
            alias(start, "focus_start"),
            alias(end, "focus_end"),
            from_=subquery(self.next_phrase(ctx, found, side)),
        )

    def said_next(self, ctx: Context, found: exp.Query) -> exp.Select:
        """``found``'s spans (said and meant) with the phrase said right after (before, ``Context.when``) each as
        its span and focus (``said_next``: from the piece said next to the end of its phrase; for a subtitle,
        the next cue), for a call with ``extent`` "next"; its time said stays what reaches the frames."""
        start, end = col("next_start"), col("next_end")
        return select(
            *(col(n) for n in ("video_id", "said_start", "said_end", "score")),
            alias(start, "start_s"),
            alias(end, "end_s"),
            alias(start.copy(), "focus_start"),
            alias(end.copy(), "focus_end"),
            from_=subquery(self.next_phrase(ctx, found, ctx.when)),
        )

    def next_phrase(self, ctx: Context, found: exp.Query, when: str) -> exp.Select:
        """``found``'s spans, each with the phrase said right ``when`` ("after", "before") its time said
        (``next_start``, ``next_end``; NULL where none is: ``said_next``)."""
        phrases = self.in_time() if self.pause_s is None else fn("phrases", self.in_time(), number(self.pause_s))
        lists = select(
            col("video_id"),
            alias(self.in_time(), "pieces"),
            alias(phrases, "phrases"),
            from_=subquery(self.pieces(ctx)),
            group_by=[col("video_id")],
        )
        names = ("video_id", "said_start", "said_end", "score", "start_s", "end_s", "focus_start", "focus_end")
        piece = next_piece_sql(col("pieces", "v"), col("said_start", "f"), col("said_end", "f"), when)
        with_piece = select(
            *(col(n, "f") for n in names),
            alias(piece, "piece"),
            col("phrases", "v"),
            from_=subquery(found, "f"),
            joins=[join(subquery(lists, "v"), same(["video_id"], "v", "f"), side="LEFT")],
        )
        start, end = next_phrase_sql(col("phrases"), col("piece"), when)
        return select(
            *(col(n) for n in names), alias(start, "next_start"), alias(end, "next_end"), from_=subquery(with_piece)
        )

    @staticmethod
    def in_time() -> exp.Expression:
        """The aggregate listing a video's ``pieces`` in time order (by start, then end; NULL times last) as
        ``STRUCT(text, start_s, end_s)[]``, what ``phrase_spans`` and ``utterances`` read.

        Example:
            >>> TimedTextTool.in_time().sql("duckdb")
            "ARRAY_AGG({'text': text, 'start_s': start_s, 'end_s': end_s} ORDER BY start_s, end_s)"
        """
        piece = exp.Struct(
            expressions=[
                exp.PropertyEQ(this=exp.to_identifier(c), expression=col(c)) for c in ("text", "start_s", "end_s")
            ]
        )
        return fn("list", ordered(piece, [col("start_s"), col("end_s")]))

    def said(self, ctx: Context) -> exp.Select:
        """(video_id, said_start, said_end, score, start_s, end_s, focus_start, focus_end) of the stretches that
        say the query (``phrase_spans``; their focus: the time said), with their spans (``phrase_span_sql``: the
        phrases they are said in, or their words; their statements when the call asks for them, ``Context.extent``)."""
        pause = exp.null() if self.pause_s is None else number(self.pause_s)
        found = fn("phrase_spans", self.in_time(), ctx.text, pause)
        lists = ("phrases", "clauses") if ctx.extent in REACHING else ("phrases",)  # clauses: for ``reach``
        listed = [alias(fn(n, self.in_time(), pause.copy()), n) for n in lists] if self.pause_s is not None else []
        per_video = select(
            col("video_id"),
            alias(fn("unnest", found), "m"),
            *listed,
            from_=subquery(self.pieces(ctx)),
            group_by=[col("video_id")],
        )
        said_start, said_end = col("start_s", "m"), col("end_s", "m")
        statement = col("statement_start_s", "m"), col("statement_end_s", "m")
        if self.pause_s is None:  # a cue is a clause: the phrase it says, whole unless it is long
            phrase, whole_s = statement, LONG_CUE_S
            short = (statement[1].copy() - statement[0].copy()) <= number(LONG_CUE_S)  # a long cue: its words
            clause = tuple(
                exp.case().when(short.copy(), whole.copy()).else_(words.copy())
                for whole, words in zip(statement, (said_start, said_end), strict=True)
            )
        else:
            phrase, whole_s = phrases_hull_sql(col("phrases"), said_start, said_end, *statement), None
            clause = (
                phrases_hull_sql(col("clauses"), said_start, said_end, *statement) if "clauses" in lists else phrase
            )
        span = phrase_span_sql(said_start, said_end, *statement, *phrase, ctx.extent, whole_s)
        reached = reach_sql(said_start, said_end, *phrase, *clause, ctx.extent)
        return select(
            col("video_id"),
            alias(reached[0], "said_start"),
            alias(reached[1], "said_end"),
            alias(col("score", "m"), "score"),
            alias(span[0], "start_s"),
            alias(span[1], "end_s"),
            alias(said_start.copy(), "focus_start"),
            alias(said_end.copy(), "focus_end"),
            from_=subquery(per_video),
        )

    def meant(self, ctx: Context) -> exp.Select:
        """(video_id, said_start, said_end, score, start_s, end_s, focus_start, focus_end) of the sentences
        close in meaning to the query (said over their whole time, their focus where their words say the query's:
        ``focused``). A sentence is compared by its embedding stored at ingest
        (``text_emb``), or, in a corpus ingested before it was stored, by embedding its text."""
        # The query is embedded per row (each distinct text once a session), not as a constant: DuckDB folds
        # constants when it plans, which would load the model for a video without sentences.
        per_row = exp.case().when(col("text").is_(exp.null()).not_(), ctx.text)
        with_query = select(
            exp.Star(), alias(fn(self.query_embedder, per_row), "query_emb"), from_=subquery(self.sentences(ctx))
        )
        # COALESCE of the similarities, not of the vectors: DuckDB 1.5 has no CASE over FLOAT[n], and COALESCE
        # evaluates its second argument only for the rows whose first is NULL (text_embed runs for those only)
        similarity = fn(
            "coalesce",
            fn("array_cosine_similarity", col("text_emb"), col("query_emb")),
            fn("array_cosine_similarity", fn(self.query_embedder, col("text")), col("query_emb")),
        )
        sentences = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            alias(cast(similarity, exp.DataType.Type.DOUBLE), "similarity"),  # the score's arithmetic in DOUBLE
            from_=subquery(with_query),
        )
        above = exp.Sub(this=col("similarity"), expression=number(SEMANTIC_MIN))
        score = exp.Div(
            this=exp.Mul(this=number(SEMANTIC_WEIGHT), expression=exp.paren(above)), expression=number(1 - SEMANTIC_MIN)
        )
        kept = select(
            col("video_id"),
            alias(over(fn("row_number")), "sentence"),
            col("start_s"),
            col("end_s"),
            alias(score, "score"),
            from_=subquery(sentences),
            where=col("similarity") > number(SEMANTIC_MIN),
        )
        if self.pause_s is None:  # a cue's words have no times of their own: the cue is its focus
            columns = ("start_s", "end_s", "score", "start_s", "end_s", "start_s", "end_s")
            names = ("said_start", "said_end", "score", "start_s", "end_s", "focus_start", "focus_end")
            return select(
                col("video_id"), *(alias(col(c), n) for c, n in zip(columns, names, strict=True)), from_=subquery(kept)
            )
        return self.focused(ctx, kept)

    def focused(self, ctx: Context, kept: exp.Select) -> exp.Select:
        """``meant``'s sentences (``kept``: video_id, sentence, start_s, end_s, score), said over their whole
        time, with their focus where their words say the query's (``said_focus`` of the words overlapping them,
        else the whole sentence) and the span ``phrase_span_sql`` gives the focus within the sentence (the
        phrases it is said in; the sentence with ``extent`` "statement")."""
        sentence_start, sentence_end = col("start_s", "k"), col("end_s", "k")
        within = exp.and_(
            same(["video_id"], "w", "k"), col("start_s", "w") < sentence_end, col("end_s", "w") > sentence_start
        )
        said_in = exp.Struct(
            expressions=[
                exp.PropertyEQ(this=exp.to_identifier(c), expression=col(c, "w")) for c in ("text", "start_s", "end_s")
            ]
        )
        keys = [col(c, "k") for c in ("video_id", "sentence", "start_s", "end_s", "score")]
        with_words = select(
            *keys,
            alias(fn("list", ordered(said_in, [col("start_s", "w"), col("end_s", "w")])), "words"),
            from_=subquery(kept, "k"),
            joins=[join(subquery(self.pieces(ctx), "w"), within, side="LEFT")],
            group_by=[key.copy() for key in keys],
        )
        meant = fn("meant_clause", col("words"), ctx.text.copy(), number(self.pause_s))
        focus = fn(
            "coalesce", fn("said_focus", col("words"), ctx.text, number(self.pause_s)), meant
        )  # meant only where none is shared
        focus_start = fn("coalesce", exp.Dot(this=focus, expression=exp.to_identifier("start_s")), col("start_s"))
        focus_end = fn("coalesce", exp.Dot(this=focus.copy(), expression=exp.to_identifier("end_s")), col("end_s"))
        focused = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            col("score"),
            alias(focus_start, "focus_start"),
            alias(focus_end, "focus_end"),
            from_=subquery(with_words),
        )
        phrases_of = select(
            col("video_id"),
            alias(fn("phrases", self.in_time(), number(self.pause_s)), "phrases"),
            from_=subquery(self.pieces(ctx)),
            group_by=[col("video_id")],
        )
        focus_start, focus_end = col("focus_start", "f"), col("focus_end", "f")
        statement = col("start_s", "f"), col("end_s", "f")
        phrase = phrases_hull_sql(col("phrases", "v"), focus_start, focus_end, *statement)
        span = phrase_span_sql(focus_start, focus_end, *statement, *phrase, ctx.extent, None)
        return select(
            col("video_id", "f"),
            alias(statement[0].copy(), "said_start"),
            alias(statement[1].copy(), "said_end"),
            col("score", "f"),
            alias(span[0], "start_s"),
            alias(span[1], "end_s"),
            focus_start.copy(),
            focus_end.copy(),
            from_=subquery(focused, "f"),
            joins=[join(subquery(phrases_of, "v"), same(["video_id"], "v", "f"), side="LEFT")],
        )

    def text_at(self, video: VideoFrames, low: float, high: float, ts: float) -> str:
        """The pieces said or shown from ``low`` to ``high`` s (the words of a phrase, the cues), in time order.

        Example:
            >>> import pyarrow as pa
            >>> from vqdb.planner.tools import get
            >>> class Video:  # a stand-in for VideoFrames: its rows of a table
            ...     def rows(self, name, columns):
            ...         words = [" not", "ask", "x"]
            ...         return pa.table({"start_s": [1.5, 0.0, 3.0], "end_s": [2.0, 1.4, 3.5], "word": words})
            >>> get("transcript").text_at(Video(), 0.0, 2.0, 1.0)
            'ask not'
        """
        rows = video.rows(self.table, (self.piece_text, "start_s", "end_s"))  # said_arrays's: read once
        start, end = float_array(rows.column("start_s")), float_array(rows.column("end_s"))
        inside = np.flatnonzero((start < high + 1e-9) & (end > low - 1e-9))
        inside = inside[np.argsort(start[inside], kind="stable")]
        texts = rows.column(self.piece_text).take(pa.array(inside, pa.int64())).to_pylist()
        return " ".join(t.strip() for t in texts if t)

    def frame_evidence(
        self, video: VideoFrames, query: str, extent: str | None = None, when: str | None = None
    ) -> FrameEvidence:
        """``select``'s scores and spans as arrays: the spans said and meant, each reaching the frames of its
        stretch (``widened``); a frame takes its best span's score and evidence."""
        return self.frame_evidence_each([video], query, extent, when)[0]

    def frame_evidence_each(
        self, videos: Sequence[VideoFrames], query: str, extent: str | None = None, when: str | None = None
    ) -> list[FrameEvidence]:
        """``frame_evidence`` of each of ``videos`` (their statements as spans with ``extent`` "statement", the
        phrase said right ``when`` with "next"), the query embedded once for all of them (when one has
        sentences)."""
        embedded = functools.cache(
            lambda: np.asarray(videos[0].value(f"SELECT {self.query_embedder}($q)", {"q": query}), dtype=np.float32)
        )
        evidence = []
        for video in videos:
            said = self.said_in_time(video)  # read and listed once for both kinds of span
            found = (
                self.said_arrays(video, query, extent, said),
                self.meant_arrays(video, embedded, query, extent, said),
            )
            if extent == "next":
                found = tuple(self.said_next_arrays(said, spans, when) for spans in found)
            elif extent in ANSWER_SIDES:
                found = tuple(self.said_answer_arrays(said, spans, ANSWER_SIDES[extent]) for spans in found)
            evidence.append(self._spans_evidence(video, *found))
        return evidence

    def said_next_arrays(self, said: SaidInTime, spans: tuple[np.ndarray, ...], when: str) -> tuple[np.ndarray, ...]:
        """``said_next`` as arrays: ``spans`` (said_start, said_end, score, start_s, end_s, focus_start,
        focus_end) with the phrase said right ``when`` each (``said_next.next_phrases``) as span and focus."""
        said_start, said_end, score, *_ = spans
        if said.listed is None:
            pieces = np.zeros(0), np.zeros(0)
        else:
            pieces = tuple(float_array(said.listed.values.field(c)) for c in ("start_s", "end_s"))
        phrases = pieces if self.pause_s is None else said.phrases()
        start, end = next_phrases(pieces, phrases, said_start, said_end, when)
        return said_start, said_end, score, start, end, start, end

    def said_answer_arrays(self, said: SaidInTime, spans: tuple[np.ndarray, ...], side: str) -> tuple[np.ndarray, ...]:
        """``said_answer`` as arrays: ``spans`` (said_start, said_end, score, start_s, end_s, focus_start,
        focus_end) focused on the answer ``side`` ("after", "before") their words (``said_answer.answer_focus``),
        their span reaching it."""
        following = self.said_next_arrays(said, spans, side)[3:5]
        focus = answer_focus(*spans[3:7], *following, side)
        return (*spans[:3], np.fmin(spans[3], focus[0]), np.fmax(spans[4], focus[1]), *focus)

    def _spans_evidence(
        self, video: VideoFrames, said: tuple[np.ndarray, ...], meant: tuple[np.ndarray, ...]
    ) -> FrameEvidence:
        """``frame_evidence`` from the spans said (``said_arrays``) and meant (``meant_arrays``)."""
        said_start, said_end, score, start, end, *focus = (
            np.concatenate(pair) for pair in zip(said, meant, strict=True)
        )
        middle = (said_start + said_end) / 2
        half = np.maximum((said_end - said_start) / 2, video.period / 2)
        low, high = middle - half, middle + half
        timed = ~(np.isnan(low) | np.isnan(high))  # a sentence without times reaches no frame
        first = np.where(timed, np.searchsorted(video.ts, low, "left"), 0)
        stop = np.where(timed, np.searchsorted(video.ts, high, "right"), 0)
        return best_spans(first, stop, score, said_start, start, end, (focus[0], focus[1]), video.n)

    def said_arrays(
        self, video: VideoFrames, query: str, extent: str | None = None, said: SaidInTime | None = None
    ) -> tuple[np.ndarray, ...]:
        """(said_start, said_end, score, start_s, end_s, focus_start, focus_end) of ``said``'s spans:
        ``phrase_spans`` of the video's pieces in time order (``said``: its ``said_in_time``, read when not
        given), called as the SQL calls it (``start_s``, ``end_s``: ``phrase_span``; the focus is the time said)."""
        said = self.said_in_time(video) if said is None else said
        if said.listed is None:
            return tuple(np.zeros(0) for _ in range(7))
        found = phrase_spans(said.listed, pa.array([query]), pa.array([self.pause_s], pa.float64())).values
        fields = ("start_s", "end_s", "score", "statement_start_s", "statement_end_s")
        said_start, said_end, score, *statement = (float_array(found.field(f)) for f in fields)
        if self.pause_s is None:  # a cue is a clause, reached whole unless it is long (its words' times: estimates)
            phrase, whole_s = statement, LONG_CUE_S
            short = (statement[1] - statement[0]) <= LONG_CUE_S
            clause = np.where(short, statement[0], said_start), np.where(short, statement[1], said_end)
        else:
            phrase, whole_s = phrases_hull(said.phrases(), said_start, said_end, *statement), None
            clause = phrases_hull(said.clauses(), said_start, said_end, *statement) if extent in REACHING else phrase
        span = phrase_span(said_start, said_end, *statement, *phrase, extent, whole_s)
        return (*reach(said_start, said_end, *phrase, *clause, extent), score, *span, said_start, said_end)

    def said_in_time(self, video: VideoFrames) -> SaidInTime:
        """The video's pieces in time order (``listed_in_time``) and, asked for, its phrases said, for
        ``said_arrays`` and ``meant_arrays`` alike."""
        return SaidInTime(self.listed_in_time(video), self.pause_s)

    def listed_in_time(self, video: VideoFrames) -> pa.ListArray | None:
        """``in_time``'s list of the video's pieces as Arrow (one row), or None when it has none."""
        pieces = video.rows(self.table, (self.piece_text, "start_s", "end_s"))
        keys = [("start_s", "ascending"), ("end_s", "ascending")]
        pieces = pieces.take(pc.sort_indices(pieces, sort_keys=keys))  # NULL times last, as in SQL
        if not pieces.num_rows:
            return None
        in_time = pa.StructArray.from_arrays(
            [pieces.column(c).combine_chunks() for c in (self.piece_text, "start_s", "end_s")],
            names=["text", "start_s", "end_s"],
        )
        return pa.ListArray.from_arrays(pa.array([0, len(in_time)], pa.int32()), in_time)

    def meant_arrays(
        self,
        video: VideoFrames,
        embedded: Callable[[], np.ndarray],
        query: str,
        extent: str | None = None,
        said: SaidInTime | None = None,
    ) -> tuple[np.ndarray, ...]:
        """(said_start, said_end, score, start_s, end_s, focus_start, focus_end) of ``meant``'s sentences: the
        cosine similarity of their stored (else session-embedded) vectors with the query's (``embedded()``: asked
        only of a video with sentences), computed as DuckDB computes ``array_cosine_similarity``
        (``float32_cosine``), above ``SEMANTIC_MIN``; each focused where its words say the query's
        (``focused_arrays``, with the video's ``said_in_time``, read when not given); none for a value of a form
        (``spans``) or a query not ``compared_by_meaning``."""
        if not compared_by_meaning(query):
            return tuple(np.zeros(0) for _ in range(7))
        rows = video.rows(self.sentence_table, SENTENCE_COLUMNS)
        rows = rows.filter(pc.is_valid(rows.column("text")))  # the query is embedded for rows with text
        if not rows.num_rows:
            return tuple(np.zeros(0) for _ in range(7))
        query_vector = embedded()
        stored = rows.column("text_emb").combine_chunks()
        vectors = np.full((rows.num_rows, len(query_vector)), np.nan, dtype=np.float32)
        have = stored.is_valid().to_numpy(zero_copy_only=False)
        if have.any():
            values = stored.filter(pa.array(have)).flatten().to_numpy(zero_copy_only=False)
            vectors[have] = values.reshape(-1, len(query_vector))
        if not have.all():
            texts = rows.column("text").filter(pa.array(~have)).to_pylist()
            embedded = video.value(f"SELECT list_transform($texts, t -> {self.query_embedder}(t))", {"texts": texts})
            vectors[~have] = np.asarray(embedded, dtype=np.float32)
        similarity = float32_cosine(vectors, query_vector).astype(np.float64)
        keep = similarity > SEMANTIC_MIN
        score = SEMANTIC_WEIGHT * (similarity[keep] - SEMANTIC_MIN) / (1 - SEMANTIC_MIN)
        start, end = (float_array(rows.column(c))[keep] for c in ("start_s", "end_s"))
        if self.pause_s is None:  # a cue's words have no times of their own: the cue is its focus
            return start, end, score, start, end, start, end
        said = self.said_in_time(video) if said is None else said
        return self.focused_arrays(video, said, start, end, score, query, extent)

    def focused_arrays(
        self,
        video: VideoFrames,
        said: SaidInTime,
        start: np.ndarray,
        end: np.ndarray,
        score: np.ndarray,
        query: str,
        extent: str | None,
    ) -> tuple[np.ndarray, ...]:
        """``focused`` as arrays: the sentences said from ``start`` to ``end`` (scoring ``score``), each with its
        span and its focus, where its words (``said``: the video's pieces in time order, those overlapping it)
        say the query's, else their clause closest in meaning (``meant_clause``, asked of ``video``'s session)."""
        if said.listed is None:
            return start, end, score, start, end, start, end
        pieces = said.listed.values
        texts = pieces.field("text").fill_null("").to_pylist()
        word_start, word_end = float_array(pieces.field("start_s")), float_array(pieces.field("end_s"))
        focus_start, focus_end = start.copy(), end.copy()
        # the words overlapping a sentence start before its end (the words are in order of start, NULL last) and
        # from the first whose end, or an earlier word's, is after its start
        reach = np.maximum.accumulate(np.where(np.isnan(word_end), -np.inf, word_end)) if len(word_end) else word_end
        timed = ~(np.isnan(start) | np.isnan(end))
        upto = np.where(timed, np.searchsorted(word_start, end, "left"), 0)
        after = np.where(timed, np.searchsorted(reach, start, "right"), 0)
        sentences = [
            (first + np.flatnonzero(word_end[first:stop] > start[i])).tolist()
            for i, (first, stop) in enumerate(zip(after.tolist(), upto.tolist(), strict=True))
        ]
        unshared: dict[int, list[dict]] = {}  # the sentences sharing no word with the query: their words
        for i, found in enumerate(shared_words_foci(texts, word_start, word_end, sentences, query, self.pause_s)):
            if found is not None:
                focus_start[i], focus_end[i] = found
            elif sentences[i]:
                unshared[i] = [{"text": texts[j], "start_s": word_start[j], "end_s": word_end[j]} for j in sentences[i]]
        if unshared:
            meant = video.value(
                "SELECT list_transform($sentences, s -> meant_clause(s, $q, $pause))",
                {"sentences": list(unshared.values()), "q": query, "pause": self.pause_s},
            )
            for i, clause in zip(unshared, meant, strict=True):
                if clause is not None:
                    focus_start[i], focus_end[i] = clause["start_s"], clause["end_s"]
        phrase = phrases_hull(said.phrases(), focus_start, focus_end, start, end)
        span = phrase_span(focus_start, focus_end, start, end, *phrase, extent, None)
        return (start, end, score, *span, focus_start, focus_end)


class SaidInTime:
    """A video's pieces in time order (``listed``: ``TimedTextTool.in_time``'s list as Arrow, one row; None when
    it has none) and where its phrases are said (``phrases``, with ``pause_s``), worked out at the first ask:
    what the spans said and the sentences meant of one call both read.

    Example:
        >>> said = [("ask", 0.0, 0.3), ("not,", 0.3, 0.6), ("ask", 0.6, 0.9), ("what.", 0.9, 1.2)]
        >>> listed = pa.array([[{"text": t, "start_s": a, "end_s": b} for t, a, b in said]])
        >>> [a.tolist() for a in SaidInTime(listed, PAUSE_S).phrases()]
        [[0.0, 0.6], [0.6, 1.2]]
        >>> [a.tolist() for a in SaidInTime(None, PAUSE_S).phrases()]  # a video with nothing said (no subtitles)
        [[], []]
    """

    def __init__(self, listed: pa.ListArray | None, pause_s: float | None):
        self.listed, self.pause_s = listed, pause_s
        self._phrases: tuple[np.ndarray, np.ndarray] | None = None
        self._clauses: tuple[np.ndarray, np.ndarray] | None = None

    def phrases(self) -> tuple[np.ndarray, np.ndarray]:
        """The starts and ends of the phrases said (``vqdb.udfs.text_grade.phrases``), computed once."""
        if self._phrases is None:
            self._phrases = self._bounds(phrases)
        return self._phrases

    def clauses(self) -> tuple[np.ndarray, np.ndarray]:
        """The starts and ends of the clauses said (``vqdb.udfs.said_clauses``), computed once."""
        if self._clauses is None:
            self._clauses = self._bounds(clauses)
        return self._clauses

    def _bounds(self, cut: Callable[[pa.ListArray, pa.Array], pa.ListArray]) -> tuple[np.ndarray, np.ndarray]:
        """The starts and ends of the stretches ``cut`` makes of the pieces; none where nothing is said."""
        if self.listed is None:
            return np.zeros(0), np.zeros(0)
        said = cut(self.listed, pa.array([self.pause_s], pa.float64())).values
        return float_array(said.field("start_s")), float_array(said.field("end_s"))


def reach(
    said_start: np.ndarray,
    said_end: np.ndarray,
    phrase_start: np.ndarray,
    phrase_end: np.ndarray,
    clause_start: np.ndarray,
    clause_end: np.ndarray,
    extent: str | None,
) -> tuple[np.ndarray, np.ndarray]:
    """The stretch of time a stretch said (``said_start`` to ``said_end``) reaches frames over: its own time, and
    with ``extent`` "phrase" through its clause (``clause_start`` to ``clause_end``: the clauses it is said in,
    ``vqdb.udfs.said_clauses``) on each side where the clause ends (starts) within its phrase (``phrase_start``
    to ``phrase_end``). A call related in time to words said (``Call.when``) asks for it: what is said "right
    after 'my fellow'" follows "And so, my fellow Americans,", not "fellow"; but a clause said for 5 s with no
    comma ("the Guttenberg or 42-line Bible of about 1455,", cut into phrases by time) goes on with what is said
    right after its first words.

    Example:
        >>> said = np.array([1.06, 11.18]), np.array([1.56, 11.9])  # "my fellow"; "the Guttenberg"
        >>> phrase = np.array([0.84, 11.18]), np.array([2.1, 13.62])
        >>> clause = np.array([0.84, 11.18]), np.array([2.1, 16.06])
        >>> [a.tolist() for a in reach(*said, *phrase, *clause, "phrase")]
        [[0.84, 11.18], [2.1, 11.9]]
        >>> [a.tolist() for a in reach(*said, *phrase, *clause, None)]
        [[1.06, 11.18], [1.56, 11.9]]
    """
    if extent not in REACHING:
        return said_start, said_end
    with np.errstate(invalid="ignore"):
        start = np.where(clause_start >= phrase_start, np.fmin(said_start, clause_start), said_start)
        end = np.where(clause_end <= phrase_end, np.fmax(said_end, clause_end), said_end)
    return start, end


def reach_sql(
    said_start: exp.Expression,
    said_end: exp.Expression,
    phrase_start: exp.Expression,
    phrase_end: exp.Expression,
    clause_start: exp.Expression,
    clause_end: exp.Expression,
    extent: str | None,
) -> tuple[exp.Expression, exp.Expression]:
    """``reach`` as SQL expressions (the same comparisons; NULL where a bound is NULL leaves the time said).

    Example:
        >>> start, _ = reach_sql(col("a"), col("b"), col("ps"), col("pe"), col("cs"), col("ce"), "phrase")
        >>> start.sql("duckdb")
        'CASE WHEN cs >= ps THEN LEAST(a, cs) ELSE a END'
    """
    if extent not in REACHING:
        return said_start.copy(), said_end.copy()
    start = exp.case().when(
        clause_start.copy() >= phrase_start.copy(), fn("least", said_start.copy(), clause_start.copy())
    )
    end = exp.case().when(clause_end.copy() <= phrase_end.copy(), fn("greatest", said_end.copy(), clause_end.copy()))
    return start.else_(said_start.copy()), end.else_(said_end.copy())


def phrases_hull(
    listed: tuple[np.ndarray, np.ndarray],
    said_start: np.ndarray,
    said_end: np.ndarray,
    statement_start: np.ndarray,
    statement_end: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The stretch from the first to the last of the phrases (``listed``: their starts and ends, ``phrases``)
    that each stretch said (``said_start`` to ``said_end``) overlaps, within its statement (the statement
    where it overlaps none).

    Example:
        >>> listed = np.array([0.0, 2.4]), np.array([2.4, 3.9])
        >>> hull = phrases_hull(listed, np.array([0.3, 2.0]), np.array([0.9, 3.0]), np.zeros(2), np.full(2, 3.9))
        >>> [a.tolist() for a in hull]
        [[0.0, 0.0], [2.4, 3.9]]
    """
    starts, ends = listed
    overlaps = (starts[None, :] < said_end[:, None]) & (ends[None, :] > said_start[:, None])
    with np.errstate(invalid="ignore"):
        low = np.where(overlaps, starts[None, :], np.inf).min(axis=1, initial=np.inf)
        high = np.where(overlaps, ends[None, :], -np.inf).max(axis=1, initial=-np.inf)
    none = ~overlaps.any(axis=1)
    return (
        np.maximum(statement_start, np.where(none, statement_start, low)),
        np.minimum(statement_end, np.where(none, statement_end, high)),
    )


def phrases_hull_sql(
    listed: exp.Expression,
    said_start: exp.Expression,
    said_end: exp.Expression,
    statement_start: exp.Expression,
    statement_end: exp.Expression,
) -> tuple[exp.Expression, exp.Expression]:
    """``phrases_hull`` as SQL expressions over ``listed``, a list of ``STRUCT(start_s, end_s)``.

    Example:
        >>> low, _ = phrases_hull_sql(col("ph"), col("a"), col("b"), col("s"), col("e"))
        >>> sql = low.sql("duckdb")
        >>> sql.startswith("GREATEST(s, COALESCE(LIST_MIN(LIST_TRANSFORM(LIST_FILTER(ph,"), "(p.end_s) > a" in sql
        (True, True)
    """
    p = exp.to_identifier("p")

    def field(name: str) -> exp.Expression:
        return exp.Dot(this=p.copy(), expression=exp.to_identifier(name))

    meets = exp.and_(field("start_s") < said_end.copy(), field("end_s") > said_start.copy(), copy=False)
    overlapping = fn("list_filter", listed, exp.Lambda(this=meets, expressions=[p.copy()]))

    def bound(name: str, pick: str, statement: exp.Expression, keep: str) -> exp.Expression:
        each = exp.Lambda(this=field(name), expressions=[p.copy()])
        picked = fn(pick, fn("list_transform", overlapping.copy(), each))
        return fn(keep, statement.copy(), fn("coalesce", picked, statement.copy()))

    return bound("start_s", "list_min", statement_start, "greatest"), bound("end_s", "list_max", statement_end, "least")


def phrase_span(
    said_start: np.ndarray,
    said_end: np.ndarray,
    statement_start: np.ndarray,
    statement_end: np.ndarray,
    phrase_start: np.ndarray,
    phrase_end: np.ndarray,
    extent: str | None = None,
    whole_s: float | None = 0.0,
) -> tuple[np.ndarray, np.ndarray]:
    """The span of a stretch said from ``said_start`` to ``said_end``: its statement (``phrase_spans``'
    utterance or clause) with ``extent`` "statement"; else its phrase (``phrase_start`` to ``phrase_end``: the
    phrases it is said in, a subtitle's clause), widened to the words with ``SAID_SLACK_S`` around them,
    always when ``whole_s`` is None (the transcript's phrases, breath groups: a person marks "German police
    spies" as the clause "French radicals and German police spies" they are said in), when the phrase lasts
    at most ``whole_s`` (a subtitle's clause up to ``LONG_CUE_S``: its words' times are estimates) or when the
    words take ``WHOLE_SHARE`` of its time or more; else the words, ``SAID_SLACK_S`` wider on each side,
    within the statement (a word asked for in a long cue is the word).

    Example:
        >>> said = np.array([19.04, 6.15]), np.array([19.93, 10.41])  # a word of a cue; most of a clause said
        >>> statement = np.array([19.04, 6.13]), np.array([22.8, 13.37])
        >>> phrase = np.array([19.04, 6.13]), np.array([22.8, 10.41])
        >>> [a.round(2).tolist() for a in phrase_span(*said, *statement, *phrase)]
        [[19.04, 6.13], [20.13, 10.61]]
        >>> [a.round(2).tolist() for a in phrase_span(*said, *statement, *statement, whole_s=6.0)]  # cues, 3.8 s whole
        [[19.04, 6.13], [22.8, 10.61]]
        >>> [a.round(2).tolist() for a in phrase_span(*said, *statement, *phrase, whole_s=None)]  # phrases said
        [[19.04, 6.13], [22.8, 10.61]]
    """
    if extent in STATEMENTS:
        return statement_start, statement_end
    length = phrase_end - phrase_start
    whole = True if whole_s is None else (said_end - said_start >= WHOLE_SHARE * length) | (length <= whole_s)
    words = np.maximum(statement_start, said_start - SAID_SLACK_S), np.minimum(statement_end, said_end + SAID_SLACK_S)
    return (
        np.where(whole, np.minimum(phrase_start, words[0]), words[0]),
        np.where(whole, np.maximum(phrase_end, words[1]), words[1]),
    )


def phrase_span_sql(
    said_start: exp.Expression,
    said_end: exp.Expression,
    statement_start: exp.Expression,
    statement_end: exp.Expression,
    phrase_start: exp.Expression,
    phrase_end: exp.Expression,
    extent: str | None = None,
    whole_s: float | None = 0.0,
) -> tuple[exp.Expression, exp.Expression]:
    """``phrase_span`` as SQL expressions (the same operations in the same order).

    Example:
        >>> start, _ = phrase_span_sql(col("a"), col("b"), col("s"), col("e"), col("ps"), col("pe"))
        >>> print(start.sql("duckdb", pretty=True))
        CASE
          WHEN (
            b - a
          ) >= (
            0.6666666666666666 * (
              pe - ps
            )
          )
          OR (
            pe - ps
          ) <= 0.0
          THEN LEAST(ps, GREATEST(s, a - 0.2))
          ELSE GREATEST(s, a - 0.2)
        END
        >>> phrase_span_sql(col("a"), col("b"), col("s"), col("e"), col("ps"), col("pe"), "statement")[1].sql("duckdb")
        'e'
    """
    if extent in STATEMENTS:
        return statement_start, statement_end
    low = fn("greatest", statement_start.copy(), exp.Sub(this=said_start.copy(), expression=number(SAID_SLACK_S)))
    high = fn("least", statement_end.copy(), exp.Add(this=said_end.copy(), expression=number(SAID_SLACK_S)))
    if whole_s is None:
        return fn("least", phrase_start.copy(), low), fn("greatest", phrase_end.copy(), high)
    length = exp.paren(exp.Sub(this=phrase_end.copy(), expression=phrase_start.copy()))
    most = exp.Sub(this=said_end.copy(), expression=said_start.copy()) >= exp.Mul(
        this=number(WHOLE_SHARE), expression=length
    )
    whole = exp.or_(most, length.copy() <= number(float(whole_s)), copy=False)
    return (
        exp.case().when(whole, fn("least", phrase_start.copy(), low.copy())).else_(low),
        exp.case().when(whole.copy(), fn("greatest", phrase_end.copy(), high.copy())).else_(high),
    )


def float32_cosine(vectors: np.ndarray, query: np.ndarray) -> np.ndarray:
    """DuckDB's ``array_cosine_similarity`` of each row of ``vectors`` with ``query``, to the bit: float32
    sums accumulated in order, ``dot / sqrt(|a|^2 |b|^2)`` clamped to [-1, 1] (NaN for a zero vector, which
    the SQL's filter drops as well).

    Example:
        >>> float32_cosine(np.float32([[3, 4], [0, 1]]), np.float32([3, 4])).tolist()
        [1.0, 0.800000011920929]
    """
    vectors, query = vectors.astype(np.float32, copy=False), query.astype(np.float32, copy=False)
    dot = np.cumsum(vectors * query, axis=1, dtype=np.float32)[:, -1]
    norms = np.cumsum(vectors * vectors, axis=1, dtype=np.float32)[:, -1]
    query_norm = np.cumsum(query * query, dtype=np.float32)[-1]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.clip(dot / np.sqrt(norms * query_norm), np.float32(-1), np.float32(1))
