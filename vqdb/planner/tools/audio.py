"""The ``audio`` tool: how strongly a sound whose label matches the query is heard during each frame.

A tag matches when its label contains the query or is contained in it (both normalized, so "dog" finds
"Dog" and "Dog bark"), with weight 1; a label in other words that means nearly the same sound matches with
less (``label_weight``: "engine" finds "Car" and "Vehicle", "motorbike" finds "Motorcycle": a tagger names a
sound from a fixed list of a few hundred labels, and people name it in their own words). A frame's score is
the best weighted score of the matching tags covering it (``start_s <= ts < end_s``), and its span the
matching **event** it is heard in (``audio_events``: a run of the tagger's windows where the label stays above
its threshold; the loudest, then the earliest): a sound heard for twenty seconds is answered with those twenty
seconds, not the one sampled frame it is loudest at.

A **voice** (a query that is ``voiced``: "speech", "talking", "voice-over") is heard in the tags that match
``VOICE_TAG`` ("Speech", "Female speech, woman speaking"...) and where speech recognition wrote words: the
tagger's 0.96 s windows miss or misplace real voices over music, while the transcript says when each word is
said. The transcript's words are joined into **utterances** as the ``transcript`` tool joins them
(``utterances``: Whisper's silences taken out of its word times, a new utterance after ``PAUSE_S`` of
silence), each reaching the frames it is said over (one sampling period around its middle when it is
shorter). A frame in an utterance scores ``1 - VOICE_SHARE`` plus ``VOICE_SHARE`` times its tag score (the
moments the tagger hears the voice too come first), with the utterance as its span and focus, so ``locate``
answers with the utterance's own edges. A voice speech recognition wrote no words for is an utterance too
(``missed``): a tag window where the tagger hears a voice with at least ``HEARD_MIN`` probability, more than
``APART_S`` from every utterance (Whisper drops a short or unclear utterance, or gives its words the time of
the one before: movie-hello's "done", said at 6.3 s, written at 2.8 s); a frame where only the tagger hears a
voice otherwise (near the words said: its coarse windows run past them) scores ``VOICE_SHARE`` times its tag
score, below every frame of an utterance, and has no span. Every utterance is an answer,
the one the tagger hears best first; which one is asked for ("when does he start talking?": the first) is the
plan's ``order`` (``vqdb.planner.temporal_order``), not the tool's. A call with ``extent`` "phrase" answers
with the **phrase** said instead (``phrases``: an utterance cut at the end of each clause, a long clause into
stretches of at most ``PHRASE_MAX_S``): where speech starts or ends is its first or last phrase ("when does he
finish his speech?": "ask what you can do for your country.", not the utterance it ends).

A query naming **who speaks** ("a woman's voice", "the second speaker", "a man's voice after a woman's":
``voices.who_speaks``) is answered from the ``voices`` table instead (``speakers``): each utterance it keeps
(``voices.condition``) scores 1 over the frames it reaches (as an utterance of the transcript does), with
itself as span and focus, or the whole turn it is in (``voices.whole_turns``: "when does the woman talk?"
is her run of utterances until another speaker's, "when does she start talking?" its first utterance);
every other utterance scores ``OTHER_VOICE``, below them and, beside them, no real evidence
(``vqdb.planner.temporal_order``): a voice told apart wrongly (a man's voice through a bright channel taken
for a woman's) still leaves the question its speech, as any voice, instead of nothing.

Example:
    >>> sql = Audio().select(Context("dog")).sql("duckdb")
    >>> "CONTAINS(TEXT_NORMALIZE(label), TEXT_NORMALIZE('dog'))" in sql and "WITH tags AS MATERIALIZED" in sql
    True
    >>> "ARRAY_COSINE_SIMILARITY(TEXT_EMBED(label)" in sql
    True
    >>> "UTTERANCES(" in Audio().select(Context("speech")).sql("duckdb"), voiced("the voice-over")
    (True, True)
    >>> "PHRASES(" in Audio().select(Context("speech", extent="phrase")).sql("duckdb")
    True
    >>> "FROM voices" in Audio().select(Context("a woman's voice")).sql("duckdb")
    True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from sqlglot import exp

from vqdb.planner import phrasing
from vqdb.planner.sqlbuild import (
    BIGINT,
    DOUBLE,
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
    string,
    subquery,
    table,
    with_ctes,
)
from vqdb.planner.tools import register
from vqdb.planner.tools.base import (
    Context,
    FrameEvidence,
    Tool,
    best_spans,
    float_array,
    frames_in,
    normalize_text,
    seconds_touched,
    whole_second,
)
from vqdb.planner.tools.timed_text import float32_cosine
from vqdb.planner.tools.transcript import Transcript
from vqdb.planner.tools.voices import COLUMNS as VOICE_COLUMNS
from vqdb.planner.tools.voices import TURN_SILENCE_S, WhoSpeaks, chosen, condition, who_speaks, whole_turns
from vqdb.planner.video_frames import VideoFrames
from vqdb.udfs.text_grade import phrases, utterances

VOICE_SHARE = 0.5  # the tagger's share of a voice's score: a frame where words are said scores above the rest
VOICE_TAG = "speech"  # what the tagger hears a voice as, whoever speaks ("Speech", "Male speech, man speaking"...)
HEARD_MIN = 0.5  # a voice tag this probable is a voice heard (the tagger's scores are probabilities)
APART_S = 1.0  # a voice tag further than this from every utterance is one no words were written for (a window: 0.96 s)
# MiniLM cosine similarity of a label and the query's words under which the label names another sound ("engine":
# "Car" 0.63, "Vehicle" 0.60 match; "a dog": "Animal" 0.74 does, "Cat" 0.48 does not; "thunder": "Siren" 0.47)
SOUND_MEANING_MIN = 0.55
TAG_COLUMNS = ("start_s", "end_s", "label", "score")  # what the arrays read of a video's tags
EVENT_COLUMNS = ("start_s", "end_s", "label", "max_score")  # and of its events
OTHER_VOICE = 0.3  # an utterance of another voice than the one asked for: speech still, below every asked one
VOICES_TABLE = "voices"  # who speaks when (``vqdb.ingest.voices``), what a query naming a voice or speaker reads


SPEAKING = phrasing.VOICE_NOUNS | {w for w in phrasing.VOICES if not w.startswith(phrasing.SINGING)}


def distinct_labels(name: str) -> exp.Select:
    """The distinct labels of table (or CTE) ``name``, one column ``label``: an aggregate's (``list(DISTINCT
    label)``, unnested), not ``SELECT DISTINCT``, so DuckDB does not push a match on them below the DISTINCT and
    compare the label of every row (``Audio.tagged``).

    Example:
        >>> distinct_labels("tags").sql("duckdb")
        'SELECT UNNEST(ARRAY_AGG(DISTINCT label)) AS label FROM tags'
    """
    return select(alias(fn("unnest", fn("list", exp.Distinct(expressions=[col("label")]))), "label"), from_=table(name))


def voiced(query: str) -> bool:
    """Whether an ``audio`` query asks for someone speaking, whoever it is: its words (but articles) are nouns
    of a voice or of speaking (``SPEAKING``: ``phrasing.VOICE_NOUNS``, the ``phrasing.VOICES`` that do not
    sing), as the rule planner's "speech", the tagger's "Narration, monologue" or "a voice-over"; not who
    speaks ("male speech": the tagger tells, the words do not).

    Example:
        >>> voiced("Speech"), voiced("a voice-over"), voiced("Narration, monologue"), voiced("talking")
        (True, True, True, True)
        >>> voiced("male speech"), voiced("singing"), voiced("dog"), voiced("")
        (False, False, False, False)
    """
    words = [w for w in re.findall(r"[\w'-]+", query.lower()) if w not in phrasing.ARTICLES]
    return bool(words) and all(w in SPEAKING for w in words)


@register
class Audio(Tool):
    """`max(score * weight)` of the tags covering the frame whose label matches the query (``label_weight``)"""

    name = "audio"
    description = "sound events: frames during a sound whose label matches (e.g. 'dog', 'applause')"
    query_hint = 'a sound label ("dog", "applause", "siren")'
    extractor = "audio"
    table = "audio_tags"
    spans = True  # a voice's utterances; the event another sound is heard in
    extents = ("phrase",)  # a voice's phrases instead of its utterances
    ranking_table = "audio_events"  # a row per span where a label stays above the tagger's threshold

    def select(self, ctx: Context) -> exp.Query:
        """The frames a matching tag covers (``tagged``), with a voice's utterances where the query is one
        (``voice``: its tags are the tagger's ``VOICE_TAG``), else no span."""
        asked = who_speaks(ctx.query)
        if asked is not None:
            frames = self.speakers(ctx, asked)
        elif voiced(ctx.query):
            frames = self.voice(ctx, self.tagged(Context(VOICE_TAG, ctx.video_id)))
        else:
            frames = self.heard_over(ctx, self.tagged(ctx))
        video_events = select(
            *(col(c) for c in ("video_id", *EVENT_COLUMNS)), from_=table(self.ranking_table), where=ctx.where()
        )
        video_tags = select(
            col("video_id"),
            col("start_s"),
            col("end_s"),
            col("label"),
            col("score"),
            from_=table(self.table),
            where=ctx.where(),
        )
        return with_ctes(frames, {"tags": video_tags, "events": video_events}, materialized=True)

    def heard_over(self, ctx: Context, tagged: exp.Select) -> exp.Select:
        """The ``tagged`` frames of a sound that is no voice, each with the event it is heard in as span and
        focus: of the CTE ``events`` (the tagger's runs above its threshold) whose label matches the query
        (``label_weight``) and whose ``[start_s, end_s)`` holds the frame's time, the loudest (``max_score``
        times the label's weight), then the earliest; no span where none does."""
        loudness = exp.Mul(this=col("max_score", "e"), expression=col("weight", "l"))
        covering = exp.and_(
            same(["video_id"], "e", "s"), col("ts", "s") >= col("start_s", "e"), col("ts", "s") < col("end_s", "e")
        )

        def loudest(column: str) -> exp.Expression:
            by = [desc(loudness.copy()), col("start_s", "e"), col("end_s", "e")]
            return alias(fn("first", ordered(col(column, "e"), by)), column)

        heard = select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            loudest("start_s"),
            loudest("end_s"),
            from_=ctx.sampled("s"),
            joins=[
                join(table("events", "e"), covering),
                join(
                    subquery(self.weighted_labels(distinct_labels("events"), ctx.text), "l"), same(["label"], "e", "l")
                ),
            ],
            group_by=[col("video_id", "s"), col("frame_idx", "s")],
        )
        return select(
            col("video_id", "t"),
            col("frame_idx", "t"),
            col("score", "t"),
            col("start_s", "h"),
            col("end_s", "h"),
            alias(col("start_s", "h"), "focus_start"),
            alias(col("end_s", "h"), "focus_end"),
            from_=subquery(tagged, "t"),
            joins=[join(subquery(heard, "h"), same(["video_id", "frame_idx"], "t", "h"), side="LEFT")],
        )

    def tagged(self, ctx: Context) -> exp.Select:
        """The frames a matching tag covers, with the best such tag's score times its label's weight (``labels``;
        a voice's labels by their words only: ``voice`` hears it in the words said too). A tagger has a few hundred
        labels for tens of thousands of tags, so each distinct label is compared once (``labels``, of the
        video's tags read once into ``tags``). Tags are spread over the whole seconds they touch, so frames
        join them on (video_id, second) instead of comparing every frame with every tag of the video.
        The distinct labels are an aggregate's (``list(DISTINCT label)``, unnested), not ``SELECT DISTINCT``:
        DuckDB would push the match below a DISTINCT and normalize the label of every tag; the aggregate
        keeps each label once as it reads them (``list_distinct`` of all 37,500 labels of an hour costs
        about 1 ms more). Reads the CTE ``tags``: the video's tags, read once."""
        tags = select(
            col("video_id", "t"),
            col("start_s", "t"),
            col("end_s", "t"),
            alias(exp.Mul(this=col("score", "t"), expression=col("weight", "l")), "score"),
            alias(seconds_touched(col("start_s", "t"), col("end_s", "t")), "second"),
            from_=table("tags", "t"),
            joins=[join(subquery(self.labels(ctx, by_meaning=not voiced(ctx.query)), "l"), same(["label"], "t", "l"))],
        )
        covering = exp.and_(
            col("video_id", "a").eq(col("video_id", "s")),
            col("second", "a").eq(whole_second(col("ts", "s"))),
            col("ts", "s") >= col("start_s", "a"),
            col("ts", "s") < col("end_s", "a"),
        )
        return select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            alias(fn("max", col("score", "a")), "score"),
            from_=ctx.sampled("s"),
            joins=[join(subquery(tags, "a"), covering)],
            group_by=[col("video_id", "s"), col("frame_idx", "s")],
        )

    def labels(self, ctx: Context, by_meaning: bool = True) -> exp.Select:
        """(label, weight) of the distinct labels of the CTE ``tags`` that match the query: ``label_weight``
        above 0, or with ``by_meaning`` False those that ``matches`` (weight 1)."""
        return self.weighted_labels(distinct_labels("tags"), ctx.text, by_meaning)

    def weighted_labels(self, labels: exp.Select, query: exp.Expression, by_meaning: bool = True) -> exp.Select:
        """(label, weight) of the ``labels`` (a query of one column, ``label``) that match ``query``: those whose
        ``label_weight`` is above 0, or with ``by_meaning`` False those that ``matches``, weight 1."""
        if not by_meaning:
            exact = alias(cast(number(1.0), DOUBLE), "weight")
            return select(col("label"), exact, from_=subquery(labels), where=self.matches(col("label"), query))
        weighted = select(col("label"), alias(self.label_weight(col("label"), query), "weight"), from_=subquery(labels))
        return select(col("label"), col("weight"), from_=subquery(weighted), where=col("weight") > number(0))

    @classmethod
    def label_weight(cls, label: exp.Expression, query: exp.Expression) -> exp.Expression:
        """How well a tag's ``label`` names the sound ``query`` asks for: 1 where one ``matches`` the other, else
        from 0 at ``SOUND_MEANING_MIN`` cosine similarity of their sentence embeddings (``text_embed``) to 1 at
        the same meaning (negative below: no match).

        Example:
            >>> from vqdb.planner.sqlbuild import string
            >>> sql = Audio.label_weight(col("label"), string("engine")).sql("duckdb")
            >>> sql.startswith("CASE WHEN CONTAINS(") and "ARRAY_COSINE_SIMILARITY(TEXT_EMBED(label)" in sql
            True
        """
        # the query is embedded per row (once a session: ``text_embed`` keeps it), not as a constant: DuckDB
        # folds constants when it plans, which would load the model for a statement over no tags
        per_row = exp.case().when(label.copy().is_(exp.null()).not_(), query.copy())
        similarity = fn("array_cosine_similarity", fn("text_embed", label.copy()), fn("text_embed", per_row))
        meant = exp.Div(
            this=exp.paren(exp.Sub(this=cast(similarity, DOUBLE), expression=number(SOUND_MEANING_MIN))),
            expression=number(1 - SOUND_MEANING_MIN),
        )
        return exp.case().when(cls.matches(label, query), cast(number(1.0), DOUBLE)).else_(meant)

    def voice(self, ctx: Context, tagged: exp.Select) -> exp.Select:
        """A voice's frames: those of an utterance (``spoken``) and those the tagger hears it in (``tagged``),
        scored as the module docstring says, with the utterance as span and focus."""
        said, heard = col("start_s", "p").is_(exp.null()).not_(), fn("coalesce", col("score", "t"), number(0.0))
        share = number(VOICE_SHARE)
        score = (
            exp.case()
            .when(said, exp.Add(this=number(1 - VOICE_SHARE), expression=exp.Mul(this=share, expression=heard)))
            .else_(exp.Mul(this=share.copy(), expression=col("score", "t")))
        )
        return select(
            alias(fn("coalesce", col("video_id", "p"), col("video_id", "t")), "video_id"),
            alias(fn("coalesce", col("frame_idx", "p"), col("frame_idx", "t")), "frame_idx"),
            alias(cast(score, DOUBLE), "score"),
            col("start_s", "p"),
            col("end_s", "p"),
            alias(col("start_s", "p"), "focus_start"),
            alias(col("end_s", "p"), "focus_end"),
            from_=subquery(self.spoken(ctx, self.missed(ctx)), "p"),
            joins=[join(subquery(tagged, "t"), same(["video_id", "frame_idx"], "p", "t"), side="FULL")],
        )

    def speakers(self, ctx: Context, asked: WhoSpeaks) -> exp.Select:
        """Who speaks (``who_speaks``): the frames each utterance of the ``voices`` table reaches
        (``reached``), scored 1 where an utterance that ``asked`` keeps (``condition``, the voice before an
        utterance its ``voice_before``) reaches them, else ``OTHER_VOICE``, with the utterance (its turn, where
        ``whole_turns``: ``turn_start``, ``turn_end``) as span and focus."""
        voices = self.voices_in_turn(ctx.where())
        turn = whole_turns(asked, ctx.extent)

        def said(where: exp.Expression | None) -> exp.Select:
            start, end = ("turn_start", "turn_end") if turn else ("start_s", "end_s")
            columns = (col("video_id", "v"), alias(col(start, "v"), "start_s"), alias(col(end, "v"), "end_s"))
            return select(*columns, from_=subquery(voices.copy(), "v"), where=where, distinct=True)

        def either(column: str) -> exp.Alias:
            return alias(fn("coalesce", col(column, "a"), col(column, "o")), column)

        score = exp.case().when(col("frame_idx", "a").is_(exp.null()), number(OTHER_VOICE)).else_(number(1.0))
        return select(
            col("video_id", "o"),
            col("frame_idx", "o"),
            alias(cast(score, DOUBLE), "score"),
            either("start_s"),
            either("end_s"),
            alias(fn("coalesce", col("start_s", "a"), col("start_s", "o")), "focus_start"),
            alias(fn("coalesce", col("end_s", "a"), col("end_s", "o")), "focus_end"),
            from_=subquery(self.reached(ctx, said(None)), "o"),
            joins=[
                join(
                    subquery(self.reached(ctx, said(condition(asked, "v"))), "a"),
                    same(["video_id", "frame_idx"], "o", "a"),
                    side="LEFT",
                )
            ],
        )

    def missed(self, ctx: Context) -> exp.Select:
        """(video_id, start_s, end_s) of the voices no words were written for: the windows of the CTE ``tags``
        where the tagger hears a voice (``VOICE_TAG``) with at least ``HEARD_MIN``, none of the transcript's
        utterances (CTE ``said``) nearer than ``APART_S``; each window once."""
        near = select(
            number(1),
            from_=table("said", "u"),
            where=exp.and_(
                same(["video_id"], "u", "t"),
                col("start_s", "u") < exp.Add(this=col("end_s", "t"), expression=number(APART_S)),
                col("end_s", "u") > exp.Sub(this=col("start_s", "t"), expression=number(APART_S)),
            ),
        )
        return select(
            col("video_id", "t"),
            col("start_s", "t"),
            col("end_s", "t"),
            from_=table("tags", "t"),
            where=exp.and_(
                exp.In(
                    this=col("label", "t"),
                    query=subquery(
                        select(col("label"), from_=subquery(self.labels(Context(VOICE_TAG, ctx.video_id), False)))
                    ),
                ),
                col("score", "t") >= number(HEARD_MIN),
                exp.Not(this=exp.Exists(this=near)),
            ),
            distinct=True,
        )

    @staticmethod
    def spoken(ctx: Context, missed: exp.Select) -> exp.Select:
        """(video_id, frame_idx, start_s, end_s): each sampled frame an utterance of the transcript (or a voice
        ``missed`` by it) reaches (``reached``), with the earliest such utterance; its phrases instead with
        ``extent`` "phrase"."""
        transcript = Transcript()
        listing = "phrases" if ctx.extent == "phrase" else "utterances"
        listed = fn(listing, transcript.in_time(), number(transcript.pause_s))
        per_video = select(
            col("video_id"),
            alias(fn("unnest", listed), "u"),
            from_=subquery(transcript.pieces(ctx)),
            group_by=[col("video_id")],
        )
        said = select(
            col("video_id"),
            alias(col("start_s", "u"), "start_s"),
            alias(col("end_s", "u"), "end_s"),
            from_=subquery(per_video),
        )
        heard = with_ctes(
            select(exp.Star(), from_=table("said")).union(missed, distinct=False, copy=False), {"said": said}
        )
        return Audio.reached(ctx, heard)

    @staticmethod
    def reached(ctx: Context, heard: exp.Query) -> exp.Select:
        """(video_id, frame_idx, start_s, end_s): each sampled frame that one of the utterances ``heard``
        (video_id, start_s, end_s) reaches (its time said, or one sampling period around its middle when
        shorter), with the earliest such utterance. Frames meet the utterances of their own second only
        (``whole_second``)."""
        start, end = col("start_s", "w"), col("end_s", "w")
        middle = exp.Div(this=exp.paren(exp.Add(this=start, expression=end)), expression=number(2))
        half = fn(
            "greatest",
            exp.Div(this=exp.paren(exp.Sub(this=end.copy(), expression=start.copy())), expression=number(2)),
            exp.Div(this=col("period", "i"), expression=number(2)),
        )
        reach = select(
            col("video_id", "w"),
            alias(start.copy(), "start_s"),
            alias(end.copy(), "end_s"),
            alias(exp.Sub(this=middle, expression=half), "low"),
            alias(exp.Add(this=middle.copy(), expression=half.copy()), "high"),
            from_=subquery(heard, "w"),
            joins=[join(ctx.video_info("i"), same(["video_id"], "i", "w"))],
        )
        by_second = select(exp.Star(), alias(seconds_touched(col("low"), col("high")), "second"), from_=subquery(reach))
        near = exp.and_(
            same(["video_id"], "p", "s"),
            col("second", "p").eq(whole_second(col("ts", "s"))),
            exp.Between(this=col("ts", "s"), low=col("low", "p"), high=col("high", "p")),
        )

        def earliest(column: str) -> exp.Expression:
            return alias(fn("arg_min", col(column, "p"), col("start_s", "p")), column)

        return select(
            col("video_id", "s"),
            col("frame_idx", "s"),
            earliest("start_s"),
            earliest("end_s"),
            from_=ctx.sampled("s"),
            joins=[join(subquery(by_second, "p"), near)],
            group_by=[col("video_id", "s"), col("frame_idx", "s")],
        )

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
        """The videos with an event whose label matches the query (``label_weight``), loudest first (the best
        ``max_score`` times the label's weight, as ``tagged`` scores frames).

        Example:
            >>> Audio().ranked_videos("dog").sql("duckdb").startswith("SELECT e.video_id FROM audio_events AS e")
            True
        """
        asked = who_speaks(query)
        if asked is not None:
            return self.speaking_videos(asked)
        if voiced(query):
            return self.voiced_videos()
        loudest = fn("max", exp.Mul(this=col("max_score", "e"), expression=col("weight", "l")))
        return select(
            col("video_id", "e"),
            from_=table(self.ranking_table, "e"),
            joins=[
                join(
                    subquery(self.weighted_labels(distinct_labels(self.ranking_table), string(query)), "l"),
                    same(["label"], "e", "l"),
                )
            ],
            group_by=[col("video_id", "e")],
        ).order_by(desc(loudest), copy=False)

    @staticmethod
    def voices_in_turn(where: exp.Expression | None) -> exp.Select:
        """The ``voices`` rows (``where`` holds), each with ``voice_before``: the voice of the video's utterance
        before it, what ``voices.condition`` reads for "after a woman's"; and ``turn_start``, ``turn_end``: the
        turn it is in (``voices.turns``: its ``turn``, the number of turns opened up to it, by a speaker taking
        over or after a silence of more than ``TURN_SILENCE_S``; from its first to its last utterance with a
        pitch).

        Example:
            >>> print(Audio.voices_in_turn(None).sql("duckdb").split(", LAG")[1].split(", SUM")[0])
            (voice) OVER (PARTITION BY video_id ORDER BY start_s, end_s) AS voice_before
        """
        in_time = ([col("video_id")], [col("start_s"), col("end_s")])
        rows = select(
            *(col(c) for c in ("video_id", *VOICE_COLUMNS)),
            alias(over(fn("lag", col("voice")), *in_time), "voice_before"),
            alias(over(fn("lag", col("end_s")), *in_time), "end_before"),
            from_=table(VOICES_TABLE),
            where=where,
        )
        silent = exp.GT(
            this=exp.Sub(this=col("start_s"), expression=col("end_before")), expression=number(TURN_SILENCE_S)
        )
        opens = exp.or_(fn("coalesce", col("opens_turn"), exp.false()), fn("coalesce", silent, exp.false()))
        opened = select(exp.Star(), alias(over(fn("sum", cast(opens, BIGINT)), *in_time), "turn"), from_=subquery(rows))
        in_turn = ([col("video_id"), col("turn")], [])

        def pitched(column: str) -> exp.Expression:  # a voice's bound: an utterance with no pitch reaches no turn
            return exp.case().when(col("pitch_hz").is_(exp.null()).not_(), col(column))

        return select(
            exp.Star(),
            alias(fn("coalesce", over(fn("min", pitched("start_s")), *in_turn), col("start_s")), "turn_start"),
            alias(fn("coalesce", over(fn("max", pitched("end_s")), *in_turn), col("end_s")), "turn_end"),
            from_=subquery(opened),
        )

    def speaking_videos(self, asked: WhoSpeaks) -> exp.Select:
        """The videos with an utterance that ``asked`` keeps (``who_speaks``), those with most such first.

        Example:
            >>> sql = Audio().ranked_videos("a woman's voice").sql("duckdb")
            >>> "FROM voices" in sql and "v.voice = 'woman'" in sql
            True
        """
        return select(
            col("video_id", "v"),
            from_=subquery(self.voices_in_turn(None), "v"),
            where=condition(asked, "v"),
            group_by=[col("video_id", "v")],
        ).order_by(desc(fn("count", exp.Star())), copy=False)

    def voiced_videos(self) -> exp.Select:
        """The videos where a voice is heard, as its frames rank: those where words are said (the
        transcript's) first, then by the loudest event of the tagger's ``VOICE_TAG``.

        Example:
            >>> "FROM transcript_words" in Audio().ranked_videos("the voice-over").sql("duckdb")
            True
        """
        events = select(
            col("video_id"),
            alias(number(0), "said"),
            col("max_score"),
            from_=table(self.ranking_table),
            where=self.matches(col("label"), string(VOICE_TAG)),
        )
        said = select(
            col("video_id"),
            alias(number(1), "said"),
            alias(cast(exp.null(), DOUBLE), "max_score"),
            from_=table(Transcript.table),
            distinct=True,
        )
        return select(
            col("video_id"),
            from_=subquery(events.union(said, distinct=False, copy=False)),
            group_by=[col("video_id")],
        ).order_by(desc(fn("max", col("said"))), desc(fn("max", col("max_score"))), copy=False)

    def moment_evidence(self, video: VideoFrames, found: FrameEvidence, position: int, ts: float) -> str:
        """The sound heard at ``ts``: the words said where a voice's utterance is the frame's (as ``transcript``
        says them: 'said: "…"'), else the label of a tag there that scored the frame's score, or the share of
        it a voice without words gets, or one no words were written for ('heard: Dog', 'heard: Speech'), or
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
        said = Transcript().moment_evidence(video, found, position, ts)
        if said:
            return said
        tags = video.rows(self.table, TAG_COLUMNS).to_pydict()
        score = found.score[position]
        labels = [
            label
            for s, e, label, value in zip(tags["start_s"], tags["end_s"], tags["label"], tags["score"], strict=True)
            if s is not None
            and e is not None
            and s <= ts < e
            and score in (value, VOICE_SHARE * value, (1 - VOICE_SHARE) + VOICE_SHARE * value)
        ]
        return f"heard: {labels[0] if labels else 'a sound'}"

    def frame_evidence(self, video: VideoFrames, query: str, extent: str | None = None) -> FrameEvidence:
        """``select``'s scores and spans as arrays (``tagged_scores``, and ``voice_evidence`` for a voice, its
        phrases with ``extent`` "phrase")."""
        return self.frame_evidence_each([video], query, extent)[0]

    def missed_arrays(self, video: VideoFrames, low: np.ndarray, high: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``missed`` as arrays: the (start_s, end_s) of the voice tags of at least ``HEARD_MIN`` that no
        utterance (``low`` to ``high``) comes within ``APART_S`` of, each window once, in time order."""
        starts, ends, scores = self.matching_tags(video, self.voice_weights(video))
        order = np.argsort(low, kind="stable")
        latest = np.maximum.accumulate(high[order]) if len(order) else high  # the latest end of those before
        before = np.searchsorted(low[order], ends + APART_S, side="left")  # utterances starting before the end
        with np.errstate(invalid="ignore"):
            near = (before > 0) & (latest[np.maximum(before - 1, 0)] > starts - APART_S) if len(order) else before > 0
        kept = (scores >= HEARD_MIN) & ~near
        windows = np.unique(np.stack([starts[kept], ends[kept]], axis=1), axis=0).reshape(-1, 2)
        return windows[:, 0], windows[:, 1]

    def frame_evidence_each(
        self, videos: Sequence[VideoFrames], query: str, extent: str | None = None
    ) -> list[FrameEvidence | None]:
        """``frame_evidence`` of each of ``videos``, the labels of all of them weighed once (``label_weights``:
        one statement embeds those that do not hold the query's words, for a search over tens of videos)."""
        asked = who_speaks(query)
        if asked is not None:
            return [self.speaker_evidence(video, asked, extent) for video in videos]
        if voiced(query):
            return [
                self.voice_evidence(video, self.tagged_scores(video, self.voice_weights(video)), extent)
                for video in videos
            ]
        labels = sorted({label for video in videos for label in (*self.labels_of(video), *self.event_labels(video))})
        weights = self.label_weights(videos[0], labels, query) if videos else {}
        return [self.heard_evidence(video, self.tagged_scores(video, weights), weights) for video in videos]

    def event_labels(self, video: VideoFrames) -> list[str]:
        """The distinct labels of the video's events (read with the columns ``heard_evidence`` reads: once)."""
        return pc.unique(video.rows(self.ranking_table, EVENT_COLUMNS).column("label").drop_null()).to_pylist()

    def heard_evidence(self, video: VideoFrames, tagged: np.ndarray, weights: dict[str, float]) -> FrameEvidence:
        """``heard_over`` as arrays: the ``tagged`` scores, each frame scored with the loudest matching event
        (``weights``) holding its time, then the earliest, as span and focus."""
        events = video.rows(self.ranking_table, EVENT_COLUMNS)
        weight = np.array([weights.get(label, np.nan) for label in events.column("label").to_pylist()])
        starts, ends, loudest = (float_array(events.column(c)) for c in ("start_s", "end_s", "max_score"))
        chosen = ~(np.isnan(weight) | np.isnan(starts) | np.isnan(ends))
        starts, ends, loudness = starts[chosen], ends[chosen], (loudest * weight)[chosen]
        first = np.searchsorted(video.ts, starts, side="left")
        stop = np.searchsorted(video.ts, ends, side="left")
        found = best_spans(first, stop, loudness, starts, starts, ends, (starts, ends), video.n)
        start, end = (np.where(np.isnan(tagged), np.nan, span) for span in (found.start_s, found.end_s))
        return FrameEvidence(tagged, start, end, start.copy(), end.copy())

    def voice_evidence(self, video: VideoFrames, tagged: np.ndarray, extent: str | None = None) -> FrameEvidence:
        """``voice``'s frames as arrays: each frame's earliest utterance (phrase, with ``extent`` "phrase"), or
        voice ``missed`` by the transcript, reaching it (``spoken``), its score from its ``tagged`` score (NaN
        where no tag matched)."""
        transcript = Transcript()
        listed = transcript.listed_in_time(video)
        low = high = np.zeros(0)
        if listed is not None:
            listing = phrases if extent == "phrase" else utterances
            said = listing(listed, pa.array([transcript.pause_s], pa.float64())).values
            low, high = float_array(said.field("start_s")), float_array(said.field("end_s"))
        missed = self.missed_arrays(video, low, high)
        found = self.reached_arrays(video, np.concatenate([low, missed[0]]), np.concatenate([high, missed[1]]))
        said = ~np.isnan(found.start_s)
        score = np.where(said, (1 - VOICE_SHARE) + VOICE_SHARE * np.nan_to_num(tagged), VOICE_SHARE * tagged)
        return FrameEvidence(score, found.start_s, found.end_s, found.focus_start, found.focus_end)

    @staticmethod
    def reached_arrays(video: VideoFrames, low: np.ndarray, high: np.ndarray) -> FrameEvidence:
        """``reached`` as arrays: each frame's earliest utterance (``low`` to ``high`` seconds) reaching it as
        its span and focus, score 0; NaN where none does."""
        middle, half = (low + high) / 2, np.maximum((high - low) / 2, video.period / 2)
        first = np.searchsorted(video.ts, middle - half, "left")
        stop = np.searchsorted(video.ts, middle + half, "right")
        return best_spans(first, stop, np.zeros(len(low)), low, low, high, (low, high), video.n)

    def speaker_evidence(self, video: VideoFrames, asked: WhoSpeaks, extent: str | None = None) -> FrameEvidence:
        """``speakers`` as arrays: the frames the utterances of the video's ``voices`` reach, scored 1 where
        one that ``asked`` keeps (``chosen``) does, else ``OTHER_VOICE``, each utterance (its turn, where
        ``whole_turns``) as span and focus."""
        rows = video.rows(VOICES_TABLE, VOICE_COLUMNS)
        whole = whole_turns(asked, extent)
        mine, anyone = (self.reached_arrays(video, *chosen(who, rows, whole)) for who in (asked, WhoSpeaks()))
        kept = ~np.isnan(mine.start_s)
        score = np.where(kept, 1.0, np.where(np.isnan(anyone.start_s), np.nan, OTHER_VOICE))
        start, end = (np.where(kept, a, b) for a, b in ((mine.start_s, anyone.start_s), (mine.end_s, anyone.end_s)))
        return FrameEvidence(score, start, end, start.copy(), end.copy())

    def labels_of(self, video: VideoFrames) -> list[str]:
        """The distinct labels of the video's tags (read with the columns ``matching_tags`` reads: once)."""
        return pc.unique(video.rows(self.table, TAG_COLUMNS).column("label").drop_null()).to_pylist()

    def voice_weights(self, video: VideoFrames) -> dict[str, float]:
        """The weight of each label of the video's tags that is a voice (``VOICE_TAG``, by its words only): 1."""
        return self.label_weights(video, self.labels_of(video), VOICE_TAG, by_meaning=False)

    def matching_tags(self, video: VideoFrames, weights: dict[str, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The (start_s, end_s, score times weight) of the video's tags whose label has a weight (``weights``,
        of ``label_weights``), those with both times."""
        tags = video.rows(self.table, TAG_COLUMNS)
        weight = np.array([weights.get(label, np.nan) for label in tags.column("label").to_pylist()])
        chosen = ~np.isnan(weight)
        starts, ends, scores = (float_array(tags.column(c))[chosen] for c in ("start_s", "end_s", "score"))
        timed = ~(np.isnan(starts) | np.isnan(ends))  # a NULL bound covers no frame
        return starts[timed], ends[timed], (scores * weight[chosen])[timed]

    @staticmethod
    def label_weights(video: VideoFrames, labels: list[str], query: str, by_meaning: bool = True) -> dict[str, float]:
        """``label_weight`` of each of ``labels`` for ``query``, those above 0 (with ``by_meaning`` False, 1 for
        those that match by their words only): labels compared normalized by ``normalize_text`` (the twin of the
        SQL's ``text_normalize``), embedded by the session's ``text_embed`` as the SQL embeds them (asked only
        when a label does not match by its words), compared as DuckDB compares them (``float32_cosine``).

        Example:
            >>> import numpy as np
            >>> class Video:  # a stand-in for VideoFrames: texts with the same first letter mean the same
            ...     def value(self, sql, params):
            ...         return [[float(t[0].lower() == c) for c in "cde"] for t in params["texts"]]
            >>> Audio.label_weights(Video(), ["Engine knocking", "Explosion", "Car", "Dog"], "engine")
            {'Engine knocking': 1.0, 'Explosion': 1.0}
            >>> Audio.label_weights(Video(), ["Engine knocking", "Explosion"], "engine", by_meaning=False)
            {'Engine knocking': 1.0}
        """
        wanted = normalize_text(query)
        weights = {label: 1.0 for label in labels if wanted in (name := normalize_text(label)) or name in wanted}
        others = [label for label in labels if label not in weights]
        if not by_meaning or not others:
            return weights
        embedded = video.value("SELECT list_transform($texts, t -> text_embed(t))", {"texts": [query, *others]})
        vectors = np.asarray(embedded, dtype=np.float32)
        similarity = float32_cosine(vectors[1:], vectors[0]).astype(np.float64)
        meant = (similarity - SOUND_MEANING_MIN) / (1 - SOUND_MEANING_MIN)
        return {**weights, **{label: float(w) for label, w in zip(others, meant, strict=True) if w > 0}}

    def tagged_scores(self, video: VideoFrames, weights: dict[str, float]) -> np.ndarray:
        """``tagged``'s scores as arrays: each frame takes the best weighted score of the matching tags
        (``matching_tags``, by ``weights``) whose ``[start_s, end_s)`` holds its time."""
        starts, ends, scores = self.matching_tags(video, weights)
        first = np.searchsorted(video.ts, starts, side="left")  # first frame at or after the start
        stop = np.searchsorted(video.ts, ends, side="left")  # first frame at or after the end (excluded)
        tag, frames = frames_in(first, stop)
        score = video.empty()
        np.fmax.at(score, frames, scores[tag])  # NaN (NULL) scores leave a frame as it was
        return score
