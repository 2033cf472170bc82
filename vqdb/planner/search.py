"""Search a whole corpus: the best moments for a question across every video, best first.

``search(corpus, question, k)`` plans the question as ``retrieve`` does (``plan_for``: the tools the corpus
has), then works in two steps:

1. **Candidates from indexes, by the most they could score.** Each call of the plan asks the indexes over the
   whole corpus what it could score in each video (``call_estimate``). On-screen text (``ocr``) grades the
   corpus's distinct reads (``vqdb.planner.screen_texts``) as the tool grades a frame, best bound first
   (``screen_estimates``): the tool aligns the query's letters without spaces, so a read that runs two words
   together or misreads a letter in each scores 0.6 to 0.9 and holds no word a full-text index would match;
   a value of a form (``{time}``: no letters to bound) is graded in every distinct read. A text shown that
   says the query in other words (``Ocr.meant``) is bounded by each video's best similarity of a stored
   vector of its texts shown with the query's (``meant_estimate``, ``vqdb.planner.span_vectors``).
   Speech (``transcript``) estimates every video that says words (``spoken_estimates``): the distinct words
   said in the corpus (``vqdb.planner.spoken_words``) compared with the query's words by their letters once,
   read along each video's words, the best runs aligned whole, times the weight of the query's words they
   hold, or a nearest sentence's score by meaning. Visual tools take the nearest vectors' similarity on frame
   and region embeddings (``vqdb.store.vector_index.nearest_rows``, ``CANDIDATE_ROWS``, the query embedded as
   the tools embed it; beyond them, the farthest listed, or less where the summary of a video's frames bounds
   its best lower: ``visual_estimate``). Other tools' indexes only order videos: full-text
   BM25 on subtitles (``vqdb.store.text_index.text_hits``; a query's letters of a script written without
   spaces by a scan of the lines holding them), audio events whose label the ``audio`` tool would
   match. A video's bound is its calls' estimates combined as the plan combines scores (``ranked_videos``).
   Rows appended since an index was built are still found: Lance scans the unindexed fragments, and the
   words said and the reads are read at their table's latest version.
   The videos are merged best bound first, ``max(3 * k, 10)`` at a time, until the ``k``-th moment scores at
   least the next video's bound (where every call's estimate bounds its score; else after the first batch),
   at most ``max_videos``.
2. **The same merge, exactly.** In each candidate video the plan's ToolMerge merge runs as ``retrieve`` runs
   it for one video (``vqdb.planner.columnar``: every frame's evidence, ranks, NMS, the keyframe placed in
   its evidence): a moment is one of ``retrieve(question, video=..., k=k)``'s keyframes, so its order inside
   its video is ``retrieve``'s. What the session is asked for (each table's rows, a tool's grades of the texts,
   the query's vector, the NMS gaps, the frames' embeddings) is asked once for all the candidates
   (``CandidateRows``, ``Tool.frame_evidence_each``, ``loaded``, ``prefetched``), not once a video; the
   per-video tables' ``video_id`` indexes (``vqdb.store.video_index``) make each such read cost with the
   candidates, not with the corpus.

**Score** (comparable across videos, 0 to 1): each call's evidence at the keyframe on an absolute scale,
combined as the plan combines the calls, OR the best and AND the mean weighted by how much each call says:

* text tools (``ocr``, ``transcript``, ``subtitle``): their grade (1 the words exactly, 0.7 to 1 the words
  with misread or misheard characters, at most 0.6 the same meaning in other words; a read on screen without
  the tenth of its grade that says how much of the frame's text the query is, which words said do not have,
  so an exact read in a busy frame is 1 as an exact phrase said is: ``precision``, below, prefers the shorter
  text across tools) times the share of the query's rarity that the moment's text holds, from
  ``UNCOVERED_WEIGHT`` (none of its words) to 1
  (``vqdb.planner.word_rarity``: each word weighs its IDF over the corpus's text, as in BM25). The grade
  aligns the query's letters, tolerating dropped spaces and misreads, which inside one video ranks its
  frames well but across a corpus lets letters shared across words ("call" in "SCALLOPS"), a near homophone
  or a common word alone ("store the energy" for "the Gutenberg") score nearly like the query's own words;
* ``audio``: the tagger's score of the matching sound;
* visual tools (``siglip``, ``region``): the cosine similarity of the frame (or crop) with the query, at
  least 0 (one model and one query vector score every frame of the corpus; a good match is about 0.1 to
  0.3, so with AND a strong text match outranks a weak one and the picture separates ties).

An AND weighs each call by the IDF of its words together (``call_weights``: a quoted phone number outweighs
the "phone" asked with it), a picture or sound call as the plan's text calls on average. Of two moments that
score alike, the one whose text is more the query's words comes first (``WordRarity.precision``: "3," before
"half past three" for "three"; on screen the text of the box that holds them, not the frame's: ``box_texts``),
then the one whose text holds more of the question's own content words (``question_share``: a plan with no
words reads whatever is in a corner of every video, and the corner that says "CHANNEL 7" is the one "which
channel is this?" asks of), then the one ``retrieve`` ranks higher in its video (of videos that tie, each one's
first moment before any one's second: a question whose words every video answers alike, "when is the narrator
talking?", lists five videos, not two videos' moments), then the earlier candidate video. When the first moment
ties with other videos' (``tied_notes``), a note says so: the question does not tell those videos apart.

A moment is listed only where the plan has evidence (``moment_has_evidence``: one of the ORed calls scored the
frame, and of the ANDed ones at least one of the most telling kind the plan ANDs: text read or said before a
sound or a voice, a sound before a picture; the ANDed calls without evidence lower its score) and its score is
above 0, so a video without evidence for the question is never listed. A text call's grade counts from
``TEXT_EVIDENCE_MIN`` (0.15): below it a sentence only shares a topic with the query
(on the quality benchmark's dev splits, 1 of 148 listed moments under it was the question's, none first), unless
no candidate video lists any moment: then the moments those weak grades give (``retrieve``'s evidence: a sign
"Kessler Ave" for "street", by meaning) are listed at their grades, with a note (``weak_moments``).
Such a grade is worth instead the query's words its text holds (``words_held``: ``HELD_WORDS_GRADE`` times the
share of their rarity, as a sentence of the same meaning would score at most): the grade aligns the query as a
whole, so a caption holding one of a long query's words ("year was address given", "Inaugural Address, January
20, 1961") grades next to nothing, as a text holding none does; that raises a moment another call lists (the
caption's year before every other year read) and lists none alone: a few words of a long question held in
another video's text listed that video first for questions only the asked video answers. A phrase of the query
held in order (``WordRarity.phrase_share``, from ``PHRASE_LISTED_MIN`` of its rarity: "with the WORK of our
hands" for "lyric video line about the work of our hands"; of a three-word query, two of them: "book now") is a
weak but real match, and lists its moment. A text call that aligned with nothing where another call of its tool
read a text is worth the words of its query that text holds the same way (a description asked beside a value:
"Tips? Call 1-800-555-0199" for "phone for news tips" AND a phone number). A text on screen is weighed at the
read of its time on screen that holds the most of the query's words (``read_holding``), which its evidence
shows: OCR reads one text differently from frame to frame.
A moment is listed only once per stretch of evidence: a keyframe whose stretch (the text's time on screen, the
words said, of the best supporting call whose stretch holds the keyframe; else its frame's sampling period,
``moment_span``) overlaps that of a better one of its video is the same moment.
Inside a video a moment's score is at most that of the listed moments ``retrieve`` ranks before it (the running
minimum down its merged order; of a moment that ties with the one before it, so is its ``precision``), so the
corpus-wide order keeps each video's order; a keyframe that is not listed
caps nothing (``retrieve`` may rank first a frame where the ANDed calls only share the topic, and capping the
exact read after it at that would let other videos' moments end ``best_covered`` before it is read), and what
is no evidence (``listed_evidence``) adds nothing to a score either (``calibrated``). The words' share is read
only for the moments that could still be among the ``k`` (``best_covered``). A plan with an ``order`` ("when
does he finish his speech?") asks for one moment a video, the one ``retrieve`` ranks first: every video's
is listed before any video's other moments, which answer nothing that was asked.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> result = search(vqdb.connect(empty_corpus()), "when does the sign say EXIT")
    >>> result.moments.num_rows, result.moments.column_names[:4]
    (0, ['rank', 'video_id', 'path', 'start_s'])
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Mapping
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa
from rapidfuzz import process
from rapidfuzz.distance import Indel, LCSseq, Levenshtein

from vqdb.planner import boolexpr, columnar, tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.candidate_rows import CandidateRows
from vqdb.planner.columnar import TEXT_EVIDENCE_MIN
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.planner.plan import Plan
from vqdb.planner.retrieve import plan_for
from vqdb.planner.screen_texts import ScreenTexts, screen_texts
from vqdb.planner.span_vectors import span_vectors
from vqdb.planner.spoken_words import SPOKEN_TABLE, SpokenWords, spoken_words
from vqdb.planner.sqlbuild import DIALECT
from vqdb.planner.tools.base import FrameEvidence, TextTool, focus_at
from vqdb.planner.tools.embedding import EmbeddingTool
from vqdb.planner.tools.ocr import (
    BOX_COLUMNS,
    QUERY_EMBEDDER,
    SCREEN_MEANING_MIN,
    Ocr,
    meaning_score,
    meant_on_screen,
)
from vqdb.planner.tools.timed_text import SEMANTIC_MIN, SEMANTIC_WEIGHT, compared_by_meaning
from vqdb.planner.video_frames import VideoFrames
from vqdb.planner.word_rarity import SQUASHED_MIN, WordRarity, content_word, edits_between, phrase_words
from vqdb.store import Store
from vqdb.store.text_index import edit_distance, text_hits
from vqdb.store.vector_index import nearest_rows
from vqdb.store.visual_summary import visual_bounds
from vqdb.textnorm import canonical_words, holds_value, value_form
from vqdb.udfs import counters
from vqdb.udfs.arrow_results import owned
from vqdb.udfs.embedding_cache import session_cache
from vqdb.udfs.text_grade import (
    SPECIFICITY,
    VALUE_FORM_SCORE,
    misread_alignment,
    near_miss_score,
    query_form,
    screen_scores,
    screen_specificity,
)

DEFAULT_K = 10  # moments a search lists
CANDIDATE_ROWS = 200  # index rows read per source of a call
MAX_VIDEOS = 100  # candidate videos a search merges at most
SCREEN_CHUNK = 2000  # distinct reads graded at a time, best bound first, until the wanted videos are known
REFINED_RUNS = 10_000  # runs of words said (best estimate first) aligned whole with a speech query
HELD_BITS = 64  # a speech query's distinct words weighed (their bits in one integer)
UNCOVERED_WEIGHT = 0.5  # a text call's value kept where its text holds none of the query's words
HELD_WORDS_GRADE = SEMANTIC_WEIGHT  # a text graded as no match that holds all the query's words: as its meaning
PHRASE_LISTED_MIN = 0.3  # the share of a query's rarity a phrase of it holds that lists a text graded as no match
PHRASE_BOUND = HELD_WORDS_GRADE / (1 - SPECIFICITY)  # the most a text listed by a phrase of the query is worth
WEAK_NOTE = (
    "no text read or said matches the question closely: listing the weakest evidence, below the grade that lists a"
    " moment (a text sharing only the topic, or the meaning of a word)"
)

MOMENT_SCHEMA = pa.schema(
    [
        ("rank", pa.int64()),
        ("video_id", pa.string()),
        ("path", pa.string()),
        ("start_s", pa.float64()),
        ("end_s", pa.float64()),
        ("ts", pa.float64()),
        ("frame_idx", pa.int32()),
        ("score", pa.float64()),
        ("supporting_calls", pa.list_(pa.string())),
        ("evidence", pa.string()),
    ]
)


SQL_TYPES = {
    "frame_idx": "INTEGER",
    "rank": "BIGINT",
    "video_id": "VARCHAR",
    "path": "VARCHAR",
    "supporting_calls": "VARCHAR[]",
    "evidence": "VARCHAR",
}
SQL_TYPES |= dict.fromkeys(("start_s", "end_s", "ts", "score"), "DOUBLE")


@dataclasses.dataclass(frozen=True)
class Search:
    """What ``search`` found: the plan, ``moments`` (a pyarrow Table, best first: rank, video_id, path, start_s,
    end_s, ts: the keyframe, frame_idx: the sampled frame it is ranked on (its thumbnail), score,
    supporting_calls, evidence: what was read, said or heard there), the
    candidate videos merged (``candidates``, best bound first) and notes."""

    plan: Plan
    moments: pa.Table
    candidates: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def explain(self) -> str:
        """The plan, the candidates and notes as text (what ``vqdb search --explain`` prints).

        Example:
            >>> from vqdb.planner.plan import uniform_plan
            >>> print(Search(uniform_plan(), MOMENT_SCHEMA.empty_table(), ("v1",)).explain())
            -- plan: {"queries": [], "combine": ""}
            -- candidates: 1 video(s) from the indexes: v1
        """
        shown = ", ".join(self.candidates[:20]) + (" ..." if len(self.candidates) > 20 else "")
        lines = [
            "-- plan: " + self.plan.to_json(),
            f"-- candidates: {len(self.candidates)} video(s) from the indexes: {shown}",
        ]
        return "\n".join(lines + [f"-- note: {n}" for n in self.notes])


def search(
    corpus: CorpusReader,
    question: str,
    *,
    k: int = DEFAULT_K,
    planner: str = "rules",
    llm: Any = None,
    plan: Plan | None = None,
    max_videos: int | None = None,
    exhaustive: bool = False,
) -> Search:
    """The ``k`` best moments for ``question`` across the corpus (see the module docstring). The candidate videos
    are merged best estimate first, ``max(3 * k, 10)`` at a time, until the ``k``-th moment outscores what the
    next video could score, at most ``max_videos`` (default ``MAX_VIDEOS``); ``exhaustive``: merge in every video
    instead (the reference the benchmark measures recall against). Pass ``plan`` to run a given plan instead of
    planning.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> search(vqdb.connect(empty_corpus()), "a dog", k=3).notes[-1]
        'the plan looks for nothing: no moment has evidence'
    """
    if plan is None:
        plan = plan_for(corpus, question, planner=planner, llm=llm)
    if plan.is_uniform:
        return Search(
            plan, MOMENT_SCHEMA.empty_table(), (), plan.notes + ("the plan looks for nothing: no moment has evidence",)
        )
    rarity = WordRarity(corpus.store, corpus.word_counts)
    weights = call_weights(plan, rarity)
    if exhaustive:
        ranked = Ranked(tuple(corpus.store.finished()), (), 0.0, bounded=False)
        batch = len(ranked.videos)
    else:
        ranked = ranked_videos(corpus, plan, max_videos or MAX_VIDEOS, rarity, weights)
        batch = max(3 * k, 10)
    cursor = corpus.cursor_unchecked()
    merged: tuple[str, ...] = ()
    found: list[dict] = []
    best: list[dict] = []
    weighed: list[tuple[VideoFrames, dict[str, FrameEvidence]]] = []  # each merged video's evidence, for weak_moments
    while len(merged) < len(ranked.videos):
        videos = ranked.videos[len(merged) : len(merged) + batch]
        rows = CandidateRows(videos, corpus.row_cache)  # each table's rows of every candidate in one statement
        frames = loaded(cursor, videos, k, rows)
        prefetched(cursor, plan, videos)  # each embedding table's vectors of the candidates in one read
        evidence = candidate_evidence(plan, frames)  # each call's tool asked once for all the candidates
        weighed += zip(frames, evidence, strict=True)
        found += [
            m for video, e in zip(frames, evidence, strict=True) for m in moments_in(plan, video, k, weights, e, rarity)
        ]
        merged += videos
        best = best_covered(plan, found, merged, rarity, k, weights, question)
        if not ranked.bounded or (len(best) >= k and best[k - 1]["score"] >= ranked.bound_after(len(merged))):
            break  # no video after could outscore the k-th
    weak: tuple[str, ...] = ()
    if not best:  # every candidate was merged and none has evidence enough to list: the weakest there is
        best = best_covered(plan, weak_moments(plan, weighed, k, weights, rarity), merged, rarity, k, weights, question)
        weak = (WEAK_NOTE,) if best else ()
    notes = plan.notes + unmeant_notes(corpus, plan) + weak + tied_notes(best)
    return Search(plan, _table([described(plan, m) for m in best]), merged, notes)


@dataclasses.dataclass(frozen=True)
class Ranked:
    """Candidate videos, best estimate first (``videos``), with the most each could score (``bounds``, as
    many) and what any other video could (``beyond``); ``bounded``: whether the bounds are the calls' scores'
    (else they only order the videos: a tool no estimate serves)."""

    videos: tuple[str, ...]
    bounds: tuple[float, ...]
    beyond: float
    bounded: bool = True

    def bound_after(self, merged: int) -> float:
        """The most a video after the first ``merged`` could score."""
        return self.bounds[merged] if merged < len(self.bounds) else self.beyond


@dataclasses.dataclass(frozen=True)
class Estimate:
    """What the indexes say of one call: the most it could score in each video they list (``values``, best
    first), in any video they do not (``rest``); ``bounded``: whether those are its scores' scale (else
    ``values`` only order the videos)."""

    values: dict[str, float]
    rest: float = 0.0
    bounded: bool = True


def ranked_videos(
    corpus: CorpusReader, plan: Plan, limit: int, rarity: WordRarity, weights: Mapping[str, float] | None = None
) -> Ranked:
    """The videos the indexes find for the plan's calls (``call_estimate``, ``rarity`` weighing a text query's
    words), at most ``limit``, each by the most the plan could score there: its calls' estimates combined as
    ``moment_scores`` combines their values (with the calls' ``weights``; a call's ``rest`` where it does not
    list the video), which bounds every moment of it; of two alike, the one listed earlier by a call first.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> from vqdb.planner.plan import Plan
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1"})
        >>> corpus = vqdb.connect(empty_corpus())
        >>> ranked_videos(corpus, plan, 10, WordRarity(corpus.store)).videos
        ()
    """
    estimates = {call.id: call_estimate(corpus, call.tool, call.query, rarity, limit) for call in plan.queries}
    position: dict[str, int] = {}
    for estimate in estimates.values():
        for at, video_id in enumerate(estimate.values):
            position[video_id] = min(position.get(video_id, at), at)
    videos = sorted(position)
    values = {
        cid: np.array([e.values.get(v, e.rest) for v in [*videos, None]], dtype=float) for cid, e in estimates.items()
    }  # the last: a video no call lists
    bound = moment_scores(plan, values, weights)
    order = sorted(range(len(videos)), key=lambda i: (-bound[i], position[videos[i]], videos[i]))[:limit]
    return Ranked(
        tuple(videos[i] for i in order),
        tuple(float(bound[i]) for i in order),
        float(bound[-1]),
        all(e.bounded for e in estimates.values()),
    )


def call_estimate(corpus: CorpusReader, name: str, query: str, rarity: WordRarity, wanted: int) -> Estimate:
    """The indexes' ``Estimate`` for a call of the tool ``name`` with ``query``: for a tool that reads text on
    screen (``screen_boxes``: ``ocr``), its grade of the corpus's distinct reads (``screen_estimates``, at least
    the ``wanted`` best videos exactly) and the most its texts shown that mean the query score
    (``meant_estimate``); for one whose ``table`` is the words said (``SPOKEN_TABLE``:
    ``transcript``), the estimate from the words said and the nearest sentences (``spoken_estimates``); else
    the best of what its indexes list: the nearest vectors' similarity (``vector_index``; beyond them, the
    farthest listed), and, only ordering the videos, the rows its full-text indexes rank best
    (``text_indexes``) or its ``ranking_table`` (a tool no index serves, or a call with no words: ``ocr``
    reading whatever text is in a place, lists every video with its extractor finished). A value of a form
    (``{time}``: ``value_form``) is graded in every read on screen, estimated from the words said
    (``spoken_values``), and in subtitles, which no index holds by form, lists every video."""
    store, tool = corpus.store, tools.get(name)
    if not query.strip():
        return _every_video(store, tool)
    if isinstance(tool, Ocr):
        cursor = corpus.cursor_unchecked()

        def grade(texts: list[str]) -> np.ndarray:
            return tool.grades(lambda sql, params: cursor.sql(sql, params=params).fetchone()[0], query, texts)

        read = screen_texts(store)  # a number is graded as the tool grades it; else by its SQL function's own code
        found = screen_estimates(read, query, rarity, wanted, grade if tool.numeric(query) else None)
        found = with_counters(found, read, query)
        return at_most_either(found, meant_estimate(corpus, query)) if meant_on_screen(query) else found
    if (form := value_form(query)) is not None:  # no meaning, no words an index holds: its values said, or all videos
        return (
            Estimate(spoken_values(spoken_words(store), form))
            if tool.table == SPOKEN_TABLE
            else _every_video(store, tool)
        )
    if tool.table == SPOKEN_TABLE:
        scale = SEMANTIC_WEIGHT / (1 - SEMANTIC_MIN)  # a sentence's score by meaning (``timed_text``)
        nearest = nearest_similarity(corpus, tool, query) if compared_by_meaning(query) else {}
        meant = {video: scale * max(0.0, similarity - SEMANTIC_MIN) for video, similarity in nearest.items()}
        return Estimate(spoken_estimates(spoken_words(store), query, rarity, meant))
    if not tool.text_indexes and tool.vector_index is None and tool.ranking_table is None:
        return _every_video(store, tool)
    ranked: list[list[str]] = []
    for source in tool.text_indexes:
        ranked.append(_distinct(text_hits(store, source, query, CANDIDATE_ROWS).column("video_id").to_pylist()))
    if tool.ranking_table is not None and store.exists(tool.ranking_table):
        listed = tool.ranked_videos(query).limit(CANDIDATE_ROWS).sql(dialect=DIALECT)
        ranked.append([v for (v,) in corpus.sql_unchecked(listed).fetchall()])
    if not ranked:
        return visual_estimate(corpus, tool, query)
    compared = tool.vector_index is not None and (tool.visual or compared_by_meaning(query))
    nearest = nearest_similarity(corpus, tool, query) if compared else {}
    interleaved = [r[at] for at in range(max(map(len, ranked))) for r in ranked if at < len(r)]
    ordered = _ordered(interleaved).values  # a video by its best position in any list
    return Estimate({**ordered, **{v: max(s, ordered.get(v, 0.0)) for v, s in nearest.items()}}, 0.0, False)


def _every_video(store: Store, tool: tools.Tool) -> Estimate:
    """An ``Estimate`` that lists every video ``tool``'s extractor finished, in video id order (a call no index
    serves)."""
    return _ordered(sorted(v for v, done in store.finished().items() if tool.extractor in done))


def _ordered(videos: list[str]) -> Estimate:
    """An ``Estimate`` that only orders ``videos`` (first best)."""
    videos = _distinct(videos)
    return Estimate({v: 1.0 - i / (len(videos) + 1) for i, v in enumerate(videos)}, 0.0, False)


def screen_estimates(
    read: ScreenTexts,
    query: str,
    rarity: WordRarity,
    wanted: int,
    grade: Callable[[list[str]], np.ndarray] | None = None,
) -> Estimate:
    """The most an ``ocr`` call for ``query`` scores in each video that reads text, from the corpus's distinct
    frame texts (``ScreenTexts``): a text's ``grade`` (``Ocr.grades``, what the tool gives a frame reading it;
    default ``screen_scores``, the same for a query that is not a number), without the share that says how much
    of the frame's text the query is, times the weight of the query's rarity it holds (as ``covered`` weighs a
    moment). The texts are graded best bound first: the longest common subsequence of their letters with the
    query's (also once OCR's misreads are undone: ``misread_alignment``) over the query's length bounds the
    alignment (a number, matched after OCR's letters for digits are undone, is graded in every text), so grading
    stops once ``wanted`` videos have a text that scores at least the bound of the next one (``rest``). A text
    graded under ``TEXT_EVIDENCE_MIN`` that holds a phrase of the query is worth what ``words_held`` gives it
    (``phrase_held``), which lists its moment. A text aligned under the near-miss bound is not graded, so one
    holding a phrase of a long query ("w0rk of our hands" for "lyric video line about the work of our hands") is
    not estimated: its video may be listed by search, weakly (at most ``PHRASE_BOUND``), but the estimate does
    not bound it (raising ``rest`` to cover it reordered the candidates of every query that can have a phrase:
    mixed recall@10 at 100 hours 0.85 -> 0.40 with 30 candidates). A text
    whose grade is no more than what each of its videos has already is not weighed (the weight is at most 1).
    Where the call asks for a place or a size, the tool's grade is at most this.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> from vqdb.planner.screen_texts import screen_texts_of
        >>> read = screen_texts_of(pa.table({"video_id": ["a", "b", "c"], "frame_idx": [0, 0, 0],
        ...     "text": ["EMERGENCY EXIT", "EXlT", "OPEN"]}))
        >>> found = screen_estimates(read, "EXIT", WordRarity(Store.create(tempfile.mkdtemp())), 5)
        >>> {video: round(value, 3) for video, value in found.values.items()}, found.rest
        ({'a': 1.0, 'b': 0.95}, 0.0)
    """
    q = query_form(query)
    if not q or not read.texts:
        return Estimate({})
    grade = grade or (lambda texts: screen_scores(texts, query))
    numeric = Ocr.numeric(query) or value_form(query) is not None  # a value of a form: no letters to bound it
    if numeric:
        bound = np.ones(len(read.texts))
    else:
        misread = misread_alignment(query, read.forms, read.glyphs, read.loose, _held_in_order)
        bound = np.maximum(_held_in_order(q, read.forms), misread)
    order = np.argsort(-bound, kind="stable")
    order = order[bound[order] >= near_miss_score(query)]  # a text aligned worse is no near miss
    best, graded, rest = np.zeros(len(read.videos)), 0, 0.0
    asked = list(dict.fromkeys(canonical_words(query)))
    while graded < len(order):
        chunk = order[graded:] if numeric else order[graded : graded + SCREEN_CHUNK]  # a number: every text at once
        graded += len(chunk)
        texts = [read.texts[i] for i in chunk]
        for i, text, score in zip(chunk, texts, grade(texts).tolist(), strict=True):
            videos = read.videos_of(int(i))
            could_rise = score < TEXT_EVIDENCE_MIN and best[videos].min() < PHRASE_BOUND
            if could_rise and may_hold_phrase(asked, text):  # the words spelled out first: most texts hold none
                score = max(score, phrase_held(rarity, query, text))
            value = min(score / screen_specificity(query, text), 1.0) if score > 0 else 0.0
            if value > best[videos].min():  # the rarity's weight is at most 1: else no video's best can change
                value *= UNCOVERED_WEIGHT + (1 - UNCOVERED_WEIGHT) * coverage(rarity, query, text)
                np.maximum.at(best, videos, value)
        rest = float(bound[order[graded]]) if graded < len(order) else 0.0
        if np.count_nonzero(best >= rest) >= wanted:
            break
    listed = np.flatnonzero(best > 0)
    listed = listed[np.argsort(-best[listed], kind="stable")]
    return Estimate({read.videos[i]: float(best[i]) for i in listed}, rest)


def with_counters(estimate: Estimate, read: ScreenTexts, query: str) -> Estimate:
    """``estimate`` with the videos where a moment of the number ``query`` names may be estimated between reads
    (``vqdb.udfs.counters``: at least ``MIN_READS``, 3, distinct texts show a number in its template and form),
    each at the most such a moment scores (``ESTIMATE_SCORE``, a read's specificity taken out) where it lists
    less. A bare integer ("5": any integer read anywhere is in its template) lists none: nearly every video with
    text would be a candidate, merged one by one; its estimates are found in the videos listed for its reads.

    Example:
        >>> from vqdb.planner.screen_texts import screen_texts_of
        >>> read = screen_texts_of(pa.table({"video_id": ["a"] * 3 + ["b"], "frame_idx": [0, 1, 2, 0],
        ...     "text": ["Frame = 1", "Frame = 11", "Frame = 21", "Frame = 15"]}))
        >>> found = with_counters(Estimate({"b": 1.0}), read, "Frame 15")
        >>> {video: round(value, 3) for video, value in found.values.items()}
        {'b': 1.0, 'a': 0.889}
        >>> with_counters(Estimate({"b": 1.0}), read, "15").values
        {'b': 1.0}
    """
    asked = counters.asked_number(query)
    if asked is None or (asked[0] == "#" and asked[1].form == "n"):  # none, or a bare integer
        return estimate
    shows = np.flatnonzero(counters.shows_number(query, read.texts))
    if not shows.size:
        return estimate
    texts_per_video = np.bincount(np.concatenate([read.videos_of(int(i)) for i in shows]), minlength=len(read.videos))
    bound = min(counters.ESTIMATE_SCORE / (1 - SPECIFICITY), 1.0)
    values = dict(estimate.values)
    for i in np.flatnonzero(texts_per_video >= counters.MIN_READS):
        values[read.videos[i]] = max(values.get(read.videos[i], 0.0), bound)
    ordered = sorted(values.items(), key=lambda item: -item[1])
    return dataclasses.replace(estimate, values=dict(ordered))


def meant_estimate(corpus: CorpusReader, query: str) -> Estimate:
    """The most a text shown that says ``query`` in other words (``Ocr.meant``) scores in each video: its spans'
    best similarity with the query's vector (``SpanVectors.best_similarity``, exact: a span without a stored
    vector is not compared, by the tool either) at ``meaning_score``, without the share of the grade that says how
    much of the frame's text the query is (``covered`` divides a read on screen by it, 0.9 at least) and with its
    words' weight at most 1; 0 in a video without a vector. A bound: a text without a letter, one on screen for
    most of the video, and the call's place and size only lower the tool's score.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> meant_estimate(vqdb.connect(empty_corpus()), "keep the door closed")
        Estimate(values={}, rest=0.0, bounded=True)
    """
    held = span_vectors(corpus.store)
    vector = query_vector(corpus, QUERY_EMBEDDER, query) if held.videos else None
    nearest = held.best_similarity(vector) if vector is not None else {}
    similarity = np.array(list(nearest.values()), dtype=np.float64)
    bound = np.minimum(meaning_score(np.maximum(similarity, SCREEN_MEANING_MIN)) / (1 - SPECIFICITY), 1.0)
    return Estimate({video: float(value) for video, value in zip(nearest, bound, strict=True) if value > 0})


def at_most_either(first: Estimate, second: Estimate) -> Estimate:
    """The estimate of a call whose score in a video is the better of two kinds of evidence, each bounded by
    one of two estimates: the greater value of each video (a video one lists, the other's ``rest`` at least),
    best first, and the greater ``rest``.

    Example:
        >>> at_most_either(Estimate({"a": 1.0, "b": 0.2}, 0.1), Estimate({"b": 0.5, "c": 0.4}, 0.3))
        Estimate(values={'a': 1.0, 'b': 0.5, 'c': 0.4}, rest=0.3, bounded=True)
    """
    videos = dict.fromkeys([*first.values, *second.values])
    values = {v: max(first.values.get(v, first.rest), second.values.get(v, second.rest)) for v in videos}
    ordered = dict(sorted(values.items(), key=lambda item: -item[1]))
    return Estimate(ordered, max(first.rest, second.rest), first.bounded and second.bounded)


def tied_notes(moments: list[dict]) -> tuple[str, ...]:
    """A note when the moments listed (best first) of several videos score as the first does: the question's
    evidence does not tell those videos apart (a question that names no words, "when is the narrator talking?", or the
    same text shown or said in several videos), so which of them comes first says nothing of which was meant.

    Example:
        >>> tied_notes([{"video_id": "a", "score": 1.0}, {"video_id": "b", "score": 1.0}])
        ('2 videos score 1.00 as the first moment does: nothing in the question tells them apart',)
        >>> tied_notes([{"video_id": v, "score": s} for v, s in (("a", 1.0), ("a", 1.0), ("b", 0.9))])
        ()
    """
    if not moments:
        return ()
    top = moments[0]["score"]
    tied = dict.fromkeys(m["video_id"] for m in moments if m["score"] >= top)
    if len(tied) < 2:
        return ()
    return (f"{len(tied)} videos score {top:.2f} as the first moment does: nothing in the question tells them apart",)


def unmeant_notes(corpus: CorpusReader, plan: Plan) -> tuple[str, ...]:
    """A note when the plan looks for a text shown by meaning (an ``ocr`` call, ``meant_on_screen``) and some
    of the corpus's texts shown were stored without their vectors (``SpanVectors.missing``: a corpus ingested
    before spans held one): those are not compared by meaning until ``vqdb index CORPUS --ocr-spans`` embeds them.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "keep shut"}], "combine": "Q1"})
        >>> unmeant_notes(vqdb.connect(empty_corpus()), plan)
        ()
    """
    asks = any(isinstance(tools.get(c.tool), Ocr) and meant_on_screen(c.query) for c in plan.queries)
    missing = span_vectors(corpus.store).missing if asks else 0
    if not missing:
        return ()
    return (
        f"{missing} text(s) shown (ocr_spans) have no stored vector, so they are not compared with the query by "
        f"meaning: run `vqdb index {corpus.store.root} --ocr-spans` to embed them",
    )


def _held_in_order(form: str, reads: list[str]) -> np.ndarray:
    """The share of ``form``'s characters each of ``reads`` holds in order (their longest common subsequence over
    ``form``'s length): the most a read aligned with ``form`` can score.

    Example:
        >>> _held_in_order("exit", ["emergencyexit", "exlt", ""]).tolist()
        [1.0, 0.75, 0.0]
    """
    return process.cdist([form], reads, scorer=LCSseq.similarity, dtype=np.int32, workers=-1)[0] / len(form)


def nearest_similarity(corpus: CorpusReader, tool: tools.Tool, query: str) -> dict[str, float]:
    """The videos of the ``CANDIDATE_ROWS`` vectors of ``tool``'s ``vector_index`` nearest ``query`` (embedded by
    its ``query_embedder``), nearest first, each with its nearest's cosine similarity (at least 0).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> nearest_similarity(vqdb.connect(empty_corpus()), tools.get("transcript"), "ask not")
        {}
    """
    return nearest_to(corpus, tool, query_vector(corpus, tool.query_embedder, query))


def nearest_to(corpus: CorpusReader, tool: tools.Tool, vector: np.ndarray | None) -> dict[str, float]:
    """``nearest_similarity`` of a query already embedded (``vector``; None: no vector, no video).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> nearest_to(vqdb.connect(empty_corpus()), tools.get("transcript"), None)
        {}
    """
    if vector is None:
        return {}
    nearest = nearest_rows(corpus.store, tool.vector_index, vector, CANDIDATE_ROWS)
    similarity = np.maximum(1.0 - nearest.column("_distance").to_numpy().astype(float), 0.0)
    found: dict[str, float] = {}
    for video_id, value in zip(nearest.column("video_id").to_pylist(), similarity.tolist(), strict=True):
        found.setdefault(video_id, value)  # nearest first: a video's first row is its nearest
    return found


def visual_estimate(corpus: CorpusReader, tool: tools.Tool, query: str) -> Estimate:
    """A visual call's ``Estimate``: the videos of the nearest vectors (``nearest_similarity``) at their nearest's
    similarity, and beyond them, the farthest listed (``rest``), lowered for each video whose summary bounds its
    best below that (``vqdb.store.visual_summary.visual_bounds``: a true bound, so a video whose frames hold no
    match is not ranked with the ones that may).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> visual_estimate(vqdb.connect(empty_corpus()), tools.get("transcript"), "a dog")  # no vectors: none
        Estimate(values={}, rest=0.0, bounded=True)
    """
    vector = query_vector(corpus, tool.query_embedder, query) if tool.vector_index is not None else None
    nearest = nearest_to(corpus, tool, vector)  # the query embedded once, for the nearest rows and the bounds
    rest = min(nearest.values(), default=0.0)
    bounds = visual_bounds(corpus.store, tool.vector_index, vector) if nearest else {}
    lowered = sorted((-min(bound, rest), video) for video, bound in bounds.items() if video not in nearest)
    return Estimate({**nearest, **{video: -value for value, video in lowered}}, rest)


def spoken_estimates(
    said: SpokenWords, query: str, rarity: WordRarity, meant: Mapping[str, float] | None = None
) -> dict[str, float]:
    """An estimate of the most a ``transcript`` call for ``query`` scores in each video that says words, best
    first, from the words said (``SpokenWords``): the best, over the runs of as many words as the query's and one
    more, of the run's alignment (each query word's best ``Indel`` similarity with a word of the run, averaged by
    the words' lengths) times the weight ``search`` gives the share of the query's rarity the run holds
    (``covered``, the words found as ``word_found`` finds them in a word); or of a sentence ``meant`` (the most it
    scores by meaning, from the nearest sentence vectors) times the least that weight. The letters are compared
    once per distinct word. ``phrase_matches`` aligns the letters across the words' boundaries ("bobo dami" for
    "bobodami"), and a number said in several words is one, so a video may pass its estimate: it orders the
    candidates and proves nothing.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> from vqdb.planner.spoken_words import spoken_words_of
        >>> said = spoken_words_of(pa.table({"video_id": ["a", "a", "b", "b", "b", "c"],
        ...     "word": ["ask", "not", "ask", "me", "not", "hello"], "start_s": [0.0, 1, 0, 1, 2, 0]}))
        >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))
        >>> {video: round(value, 3) for video, value in spoken_estimates(said, "ask not", rarity).items()}
        {'a': 1.0, 'b': 0.857, 'c': 0.091}
        >>> {video: round(value, 3) for video, value in spoken_estimates(said, "ask me not", rarity).items()}
        {'b': 1.0, 'a': 0.714, 'c': 0.154}
    """
    asked = canonical_words(query)
    words = list(dict.fromkeys(asked))
    found = dict.fromkeys(said.videos, 0.0)
    if words and said.words:
        found.update(zip(said.videos, best_runs(said, words, rarity, len(asked) + 1).tolist(), strict=True))
    for video, value in (meant or {}).items():
        found[video] = max(found.get(video, 0.0), value * UNCOVERED_WEIGHT)
    return dict(sorted(((v, e) for v, e in found.items() if e > 0), key=lambda item: -item[1]))


def spoken_values(said: SpokenWords, form: str) -> dict[str, float]:
    """The most a ``transcript`` call for a value of ``form`` (``{time}``: ``value_form``) scores in each video
    that says words: ``VALUE_FORM_SCORE`` where a value could be said (a word said with a digit: every
    value of a form is a number, said in words or not, as its canonical words write it; a time at
    "noon" or "midnight"), those whose words said hold one (``holds_value`` of them one after another) first. A
    number said in words over several words ("nineteen", "sixty-one") is one number only once the words are
    read together (``phrase_matches``), so a video holding a digit is not left out.

    Example:
        >>> from vqdb.planner.spoken_words import spoken_words_of
        >>> said = spoken_words_of(pa.table({"video_id": ["a", "a", "b", "b", "c"],
        ...     "word": ["in", "1961", "at", "9", "hello"], "start_s": [0.0, 1, 0, 1, 0]}))
        >>> spoken_values(said, "year")
        {'a': 0.85, 'b': 0.85}
    """
    could = np.array([any(c.isdigit() for c in w) or w in ("noon", "midnight") for w in said.words] + [False])
    videos = np.unique(said.video_of[could[said.said]])
    first = np.searchsorted(said.video_of, videos, "left")  # a video's words are together (``SpokenWords``)
    last = np.searchsorted(said.video_of, videos, "right")
    holds = [
        holds_value(" ".join(said.words[w] for w in said.said[a:b].tolist()), form)
        for a, b in zip(first.tolist(), last.tolist(), strict=True)
    ]
    ordered = sorted(range(len(videos)), key=lambda i: not holds[i])  # stable: those holding one first
    return {said.videos[int(videos[i])]: VALUE_FORM_SCORE for i in ordered}


def best_runs(said: SpokenWords, words: list[str], rarity: WordRarity, width: int) -> np.ndarray:
    """Per video of ``said``, the best run of ``width`` words said (``spoken_estimates``) for the query's
    distinct canonical ``words``: each run weighed by its words one by one, then the best ``REFINED_RUNS`` of
    those aligned whole with the query (its letters, ``Indel``, as ``phrase_matches`` aligns a window); a video
    with no run aligned whole comes after those with one.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> from vqdb.planner.spoken_words import spoken_words_of
        >>> said = spoken_words_of(pa.table({"video_id": ["a", "a", "b", "b", "c"],
        ...     "word": ["lift", "off", "liftoff", "now", "left"], "start_s": [0.0, 1, 0, 1, 0]}))
        >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))
        >>> [round(v, 3) for v in best_runs(said, ["liftoff"], rarity, 2).tolist()]
        [0.5, 1.0, 0.273]

    ("lift off" aligns whole but holds no word "liftoff": 0.5, where ``covered`` finds it in the words joined.)
    """
    words = words[:HELD_BITS]
    similarity = process.cdist(words, said.words, scorer=Indel.normalized_similarity, dtype=np.float32)
    gap = len(said.words)  # a word of no letters between two videos, width - 1 times: no run spans two
    similarity = np.hstack([np.floor(similarity * 255).astype(np.uint8), np.zeros((len(words), 1), np.uint8)])
    held = np.zeros(gap + 1, _bits_for(len(words)))  # bit j: the word holds the query's word j
    joined = Vocabulary(said.words)
    for j, word in enumerate(words):
        held[held_by(word, joined)] |= held.dtype.type(1 << j)
    sequence, firsts = said.runs(width)
    holds = in_runs(held[sequence], width, np.bitwise_or)
    lengths = np.array([len(word) for word in words], dtype=np.float32) / (255 * sum(map(len, words)))
    idf = np.array([rarity.idf(word) for word in words], dtype=np.float32)
    idf = idf / idf.sum() if idf.sum() > 0 else np.full(len(words), 1 / len(words), np.float32)
    runs = np.zeros(len(sequence), np.float32)
    for j in range(len(words)):  # one word's row at a time: the corpus's words said, not a row a word at once
        runs += lengths[j] * in_runs(similarity[j][sequence], width, np.maximum)
    weight = held_weights(holds, idf)
    runs *= weight
    best = np.maximum.reduceat(runs, firsts) if len(firsts) else np.zeros(0, np.float32)
    refined = np.argpartition(-runs, REFINED_RUNS)[:REFINED_RUNS] if len(runs) > REFINED_RUNS else np.arange(len(runs))
    refined = refined[sequence[refined] != gap]
    exact = np.zeros(len(said.videos))
    video = np.searchsorted(firsts, refined, "right") - 1
    np.maximum.at(exact, video, run_alignment(said, sequence, refined, "".join(words), width, gap) * weight[refined])
    floor = exact[exact > 0].min(initial=1.0)  # videos with no run aligned whole come after those with one
    return np.where(exact > 0, exact, np.minimum(best, floor * 0.999))


def _bits_for(count: int) -> type:
    """The smallest unsigned integer type with ``count`` bits (at most 64)."""
    return next(kind for kind in (np.uint8, np.uint16, np.uint32, np.uint64) if np.iinfo(kind).bits >= count)


def in_runs(values: np.ndarray, width: int, combine: np.ufunc) -> np.ndarray:
    """``values`` with each position's ``combine`` (``np.maximum``, ``np.bitwise_or``) of itself and the ``width -
    1`` after it (fewer at the end), in place: windows doubled, ``log2(width)`` passes instead of ``width - 1``.

    Example:
        >>> in_runs(np.array([1, 5, 2, 0, 3, 1]), 3, np.maximum).tolist()
        [5, 5, 3, 3, 3, 1]
    """
    span = 1
    while span < width:
        step = min(span, width - span)
        combine(values[:-step], values[step:], out=values[:-step])
        span += step
    return values


def held_weights(holds: np.ndarray, idf: np.ndarray) -> np.ndarray:
    """The weight ``search`` gives each run for the query's words it holds (``holds``: bit j, word j, of weight
    ``idf[j]``, the weights summing to 1): ``UNCOVERED_WEIGHT`` plus the rest times the share held, as float32 sums
    in word order; looked up per set of words held where the words are few (16: 65,536 sets).

    Example:
        >>> held_weights(np.array([0, 1, 3], np.uint8), np.array([0.25, 0.75], np.float32)).tolist()
        [0.5, 0.625, 1.0]
    """
    few = len(idf) <= 16
    held = np.arange(1 << len(idf), dtype=holds.dtype) if few else holds
    share = np.zeros(len(held), np.float32)
    for j in range(len(idf)):
        share += idf[j] * ((held >> holds.dtype.type(j)) & holds.dtype.type(1)).astype(np.float32)
    weight = UNCOVERED_WEIGHT + (1 - UNCOVERED_WEIGHT) * share
    return weight[holds] if few else weight


class Vocabulary:
    """Distinct words, joined with a line between two (``text``) and where each ends in it (``ends``), to find a
    word inside them in one pass.

    Example:
        >>> Vocabulary(["lift", "off"]).ends.tolist()
        [5, 9]
    """

    def __init__(self, words: list[str]):
        self.words, self.text = words, "\n".join(words)
        self.ends = np.cumsum([len(word) + 1 for word in words])


def held_by(word: str, vocabulary: Vocabulary) -> np.ndarray:
    """The positions of the words of ``vocabulary`` that hold ``word`` as ``word_found`` finds it in a word: within
    the edit distance of the shorter of the two (``edits_between``), or, from ``SQUASHED_MIN`` characters on,
    inside it.

    Example:
        >>> held_by("liftoff", Vocabulary(["liftof", "liftoffs", "lift", "off"])).tolist()
        [0, 1]
        >>> held_by("top", Vocabulary(["to", "tops", "tap"])).tolist()
        [1, 2]
    """
    distance = process.cdist([word], vocabulary.words, scorer=Levenshtein.distance, dtype=np.int32)[0]
    near = np.flatnonzero(distance <= edit_distance(word))  # then within the shorter word's distance, too
    found = {int(i) for i in near if distance[i] <= edits_between(word, vocabulary.words[i])}
    if len(word) >= SQUASHED_MIN:
        at = vocabulary.text.find(word)
        while at >= 0:
            found.add(int(np.searchsorted(vocabulary.ends, at, "right")))
            at = vocabulary.text.find(word, at + 1)
    return np.array(sorted(found), dtype=np.int64)


def run_alignment(
    said: SpokenWords, sequence: np.ndarray, at: np.ndarray, query: str, width: int, gap: int
) -> np.ndarray:
    """The best ``Indel`` similarity of ``query`` (squashed) with the runs of ``width - 2`` to ``width`` words
    starting at each position ``at`` of ``sequence`` (ids of ``said.words``; ``gap`` ends a video).

    Example:
        >>> from vqdb.planner.spoken_words import spoken_words_of
        >>> said = spoken_words_of(pa.table({"video_id": ["a"] * 3, "word": ["ask", "me", "not"],
        ...     "start_s": [0.0, 1, 2]}))
        >>> [round(v, 3) for v in run_alignment(said, said.said, np.array([0, 2]), "asknot", 3, 3).tolist()]
        [0.857, 0.667]
    """
    spelled = np.array([*said.words, ""], dtype=object)  # ``gap`` (and past the end) spells nothing
    spelled[gap] = ""
    best, runs = np.zeros(len(at), np.float32), np.full(len(at), "", dtype=object)
    for count in range(1, width + 1):
        following = at + count - 1  # each run's count-th word
        ids = np.where(following < len(sequence), sequence[np.minimum(following, len(sequence) - 1)], gap)
        runs = runs + spelled[ids]
        if count >= width - 2:
            similarity = process.cdist([query], runs.tolist(), scorer=Indel.normalized_similarity, dtype=np.float32)
            best = np.maximum(best, similarity[0])
    return best


def query_vector(corpus: CorpusReader, embedder: str, query: str) -> np.ndarray | None:
    """``query`` embedded by the SQL function ``embedder`` (a tool's ``query_embedder``: the visual model's
    text vector, ``vq_text_vector``, or the sentence model's, ``text_embed``)."""
    vector = corpus.sql_unchecked(f"SELECT {embedder}($q)", params={"q": query}).fetchone()[0]
    return None if vector is None else np.asarray(vector, dtype=np.float32)


def loaded(cursor: Any, videos: tuple[str, ...], k: int, rows: CandidateRows) -> list[VideoFrames]:
    """The frames of each of ``videos`` (``VideoFrames.load``) with its NMS gap for ``k`` (``toolmerge_gap`` of its
    duration), the gaps computed in one statement (``load`` asks one a video).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> corpus = vqdb.connect(empty_corpus())
        >>> loaded(corpus.cursor_unchecked(), ("v",), 10, CandidateRows(["v"], corpus.row_cache))[0].n
        0
    """
    frames = [VideoFrames.load(cursor, v, k=k, gap=0.0, cache=rows) for v in videos]  # gap: set below
    timed = [i for i, video in enumerate(frames) if video.duration_s is not None]
    gaps = cursor.sql(
        "SELECT list_transform($durations, d -> CAST(toolmerge_gap(d, $k) AS DOUBLE))",
        params={"durations": [frames[i].duration_s for i in timed], "k": k},
    ).fetchone()[0]
    found = dict(zip(timed, gaps or (), strict=True))
    return [dataclasses.replace(video, gap=found.get(i)) for i, video in enumerate(frames)]


def prefetched(cursor: Any, plan: Plan, videos: tuple[str, ...]) -> None:
    """Read the embeddings of ``videos`` in each table the plan's visual tools score into the session's embedding
    cache, one Lance read a table (``EmbeddingTool.frame_evidence`` reads a video at a time: a read, and the
    dataset opened, a video), as many videos as a quarter of the cache holds (the first read's size a video);
    the tools then find them kept, so their scores are the same.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "x"}], "combine": "Q1"})
        >>> prefetched(vqdb.connect(empty_corpus()).cursor_unchecked(), plan, ("v",))  # no visual tool: nothing
    """
    scored = [tool for tool in (tools.get(call.tool) for call in plan.queries) if isinstance(tool, EmbeddingTool)]
    if not scored or not videos:
        return
    cache = session_cache(cursor.sql("SELECT vq_embedding_cache()").fetchone()[0])
    for table, extractor in {tool.table: tool.extractor for tool in scored}.items():
        finished = set(cursor.sql("SELECT finished_videos($e)", params={"e": extractor}).fetchone()[0])
        wanted = [video for video in videos if video in finished]
        if wanted:
            first = cache.prefetch(table, wanted[:1])[wanted[0]][1].nbytes  # 0: no size to go by, no more read
            cache.prefetch(table, wanted[1 : 1 + cache.capacity // 4 // first] if first else [])


def candidate_evidence(plan: Plan, videos: list[VideoFrames]) -> list[dict[str, FrameEvidence]]:
    """Each call's evidence in each of ``videos`` (``columnar.call_evidence_each``: a tool asks the session once
    for all of them); PlanError when a tool of the plan has no array form.

    Example:
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "x"}], "combine": "Q1"})
        >>> candidate_evidence(plan, [])
        []
    """
    evidence = columnar.call_evidence_each(plan, videos)
    if evidence is None:
        raise PlanError(f"a tool of plan {plan.to_json()} has no array form (frame_evidence); search needs one")
    return evidence


def moments_in(
    plan: Plan,
    video: VideoFrames,
    k: int,
    weights: Mapping[str, float] | None = None,
    evidence: Mapping[str, FrameEvidence] | None = None,
    rarity: WordRarity | None = None,
    floor: float = TEXT_EVIDENCE_MIN,
) -> list[dict]:
    """The video's keyframes for ``plan`` (``retrieve``'s, in its merged order) that have evidence, with their
    scores (``moment_scores`` with the calls' ``weights``) and spans (see the module docstring; ``described``
    adds the path and the evidence text); none for a video without frames. ``evidence``: the calls' evidence
    in the video (``candidate_evidence``), read here when not given. With ``rarity``, a text call graded below
    ``TEXT_EVIDENCE_MIN`` is worth the query's words its text holds (``words_held``), which lists no moment
    (a text holding a few of a long query's words is no evidence alone, but ANDed with a call that lists the
    moment it is a better match than a text holding none). ``floor``: the text grade that lists a moment
    (``listed_evidence``; ``weak_moments`` lists any grade).

    Example:
        >>> import duckdb
        >>> con = duckdb.connect()
        >>> _ = con.execute("CREATE TABLE frames (video_id VARCHAR, frame_idx INT, ts DOUBLE)")
        >>> _ = con.execute("CREATE TABLE videos (video_id VARCHAR, duration_s DOUBLE)")
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "x"}], "combine": "Q1"})
        >>> moments_in(plan, VideoFrames.load(con, "v", k=2, gap=1.0), 2)  # a video without frames
        []
    """
    if video.n == 0:
        return []
    if evidence is None:
        evidence = candidate_evidence(plan, [video])[0]
    rows = columnar.merge(
        plan, evidence, ts=video.ts, duration_s=video.duration_s, k=k, gap=video.gap, period=video.period
    )
    order = np.argsort(rows["merged_rank"], kind="stable")
    positions = rows["position"][order]
    calls = [rows["supporting_calls"][i] for i in order]
    times = rows["ts"][order]
    tool_of = {call.id: call.tool for call in plan.queries}
    values = {cid: calibrated(tool_of[cid], found.score[positions], floor) for cid, found in evidence.items()}
    scored = {cid: listed_evidence(tool_of[cid], found.score[positions], floor) for cid, found in evidence.items()}
    if rarity is not None:
        for call in plan.queries:
            beside = [evidence[other.id] for other in plan.queries if other.tool == call.tool and other is not call]
            held, phrased = words_held(call, evidence[call.id], positions, times, video, rarity, beside)
            values[call.id] = np.maximum(values[call.id], held)  # raises a moment another call lists
            scored[call.id] |= phrased  # lists it where its text holds a phrase of the query
    value = moment_scores(plan, values, weights)
    has = moment_has_evidence(plan, scored)
    listed = has & (value > 0) & np.array([bool(c) for c in calls], dtype=bool)
    if listed.any():  # keep retrieve's order among the video's moments listed (one unlisted caps none)
        value[listed] = np.minimum.accumulate(value[listed])
    moments: list[dict] = []
    for i, position in enumerate(positions):
        if not listed[i]:
            continue
        start, end = moment_span(evidence, calls[i], int(position), video, float(times[i]))
        if any(m["start_s"] < end and start < m["end_s"] for m in moments):
            continue  # the same evidence as a better moment (the frames of one title on screen tie)
        moments.append(
            {
                "video_id": video.video_id,
                "start_s": start,
                "end_s": end,
                "ts": float(times[i]),
                "frame_idx": int(video.frame_idx[position]),
                "score": float(value[i]),
                "values": {cid: float(v[i]) for cid, v in values.items()},
                "merged_rank": int(rows["merged_rank"][order[i]]),
                "supporting_calls": list(calls[i]),
                "found": (evidence, int(position), video),  # what ``described`` reads the evidence text from
            }
        )
    return moments


def weak_moments(
    plan: Plan,
    weighed: list[tuple[VideoFrames, dict[str, FrameEvidence]]],
    k: int,
    weights: Mapping[str, float] | None,
    rarity: WordRarity,
) -> list[dict]:
    """The moments of the merged videos (``weighed``: each one's frames and calls' evidence) listed by any text
    grade above 0 (``moments_in`` with ``floor`` 0), for a search whose candidates list none from
    ``TEXT_EVIDENCE_MIN``: the question's words are nowhere read or said, and the best the corpus has is a text
    close only in meaning ("the blue street sign" and the sign "Kessler Ave": "street" graded 0.008 by meaning,
    ``retrieve``'s first frame in that video) or sharing a topic. Below the bar such a text is no match beside
    one that clears it, so it lists nothing then; alone, it is the nearest thing there is to what was asked,
    which ``retrieve`` ranks first in its video and a search listing nothing hid. Its score stays its grade, far
    under any moment listed otherwise, and ``search`` says so in a note (``WEAK_NOTE``).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "x"}], "combine": "Q1"})
        >>> weak_moments(plan, [], 5, None, WordRarity(Store.create(tempfile.mkdtemp())))
        []
    """
    return [m for video, e in weighed for m in moments_in(plan, video, k, weights, e, rarity, floor=0.0)]


def words_held(
    call: Any,
    found: FrameEvidence,
    positions: np.ndarray,
    times: np.ndarray,
    video: VideoFrames,
    rarity: WordRarity,
    beside: list[FrameEvidence] | tuple[FrameEvidence, ...] = (),
) -> tuple[np.ndarray, np.ndarray]:
    """What a text ``call``'s evidence at each of the keyframes (``positions`` of ``video``, at ``times``) is worth
    where its grade is below ``TEXT_EVIDENCE_MIN``: ``HELD_WORDS_GRADE`` times the share of the query's rarity
    its text there holds (``WordRarity.coverage``); 0 elsewhere, for a call of another tool and for a query
    without words. And where that text holds a phrase of the query (``WordRarity.phrase_share`` from
    ``PHRASE_LISTED_MIN``), which lists the moment. The grade aligns the query's letters as a whole, so a text
    holding some of its words exactly grades next to nothing when the query has more words than the text ("year
    was address given" for a caption "Inaugural Address, January 20, 1961": 0.014; "lyric video line about the
    work of our hands" for "with the WorK of our han": 0.06), as little as a text holding none, while
    ``retrieve``'s ranks put it first in its video: across videos the words it holds are the evidence, as BM25
    counts them. A word or two held raises a moment another call lists, as a topic shared would; a phrase held
    is a weak but real match of its own. Where the call aligned with nothing at all (no grade: "phone for news
    tips" and "Tips? Call 1-800-555-0199"), the text another call of its tool (``beside``: their evidence) read
    there is weighed the same way, and lists nothing: a rules plan asks a question's description and its value
    in calls of their own, and the value ("call", a phone number) read in two videos ties unless the
    description's words held beside it ("tips") tell the one asked for.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> class Video:  # a stand-in for VideoFrames: its rows of a table
        ...     def rows(self, name, columns):
        ...         return pa.table({"ts": [1.0, 1.0], "text": ["Inaugural Address,", "January 20, 1961"],
        ...             "x0": [0.1, 0.1], "y0": [0.8, 0.9], "x1": [0.5, 0.5], "y1": [0.85, 0.95]})
        >>> def call(query):
        ...     return Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": query}],
        ...         "combine": "Q1"}).queries[0]
        >>> found = FrameEvidence(np.array([0.02, 0.9]), focus_start=np.array([1.0, 1.0]),
        ...     focus_end=np.array([1.0, 1.0]))
        >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))  # every word equally rare
        >>> held, phrased = words_held(call("address given"), found, np.array([0, 1]), np.array([1.0, 1.0]),
        ...     Video(), rarity)
        >>> held.tolist(), phrased.tolist()
        ([0.3, 0.0], [False, False])
        >>> words_held(call("the inaugural address of 1961"), found, np.array([0]), np.array([1.0]), Video(),
        ...     rarity)[1].tolist()
        [False]
        >>> words_held(call("inaugural address January 20 speech"), found, np.array([0]), np.array([1.0]), Video(),
        ...     rarity)[1].tolist()
        [True]
        >>> unaligned = FrameEvidence(np.array([np.nan]), focus_start=np.array([np.nan]), focus_end=np.array([np.nan]))
        >>> words_held(call("address given"), unaligned, np.array([0]), np.array([1.0]), Video(), rarity,
        ...     [found])[0].tolist()  # what the call beside it read there
        [0.3]
    """
    held = np.zeros(len(positions))
    phrased = np.zeros(len(positions), dtype=bool)
    tool = tools.get(call.tool)
    if not isinstance(tool, TextTool) or value_form(call.query) is not None or not canonical_words(call.query):
        return held, phrased
    grades = found.score[positions]
    for i in np.flatnonzero(grades < TEXT_EVIDENCE_MIN):
        focus = focus_at(found, int(positions[i]))
        if focus is not None:
            text = tool.text_at(video, *focus, float(times[i]))
            held[i] = HELD_WORDS_GRADE * rarity.coverage(call.query, text)
            phrased[i] = phrase_held(rarity, call.query, text) > 0
    for i in np.flatnonzero(np.isnan(grades)):  # aligned with nothing: the text another call of its tool read
        focus = next((f for other in beside if (f := focus_at(other, int(positions[i]))) is not None), None)
        if focus is not None:
            held[i] = HELD_WORDS_GRADE * rarity.coverage(call.query, tool.text_at(video, *focus, float(times[i])))
    return held, phrased


def phrase_held(rarity: WordRarity, query: str, text: str) -> float:
    """What ``words_held`` gives a text graded under ``TEXT_EVIDENCE_MIN`` for ``query`` where it lists the moment:
    ``HELD_WORDS_GRADE`` times the share of the query's rarity the text holds, where it holds a phrase of the query
    (``WordRarity.phrase_share`` from ``PHRASE_LISTED_MIN``); else 0, as such a text lists nothing alone.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))  # every word equally rare
        >>> phrase_held(rarity, "demo asking whether flag in image", "Does the flag in the image appear?")
        0.3
        >>> phrase_held(rarity, "demo asking whether flag in image", "a flag")
        0.0
    """
    if rarity.phrase_share(query, text) < PHRASE_LISTED_MIN:
        return 0.0
    return HELD_WORDS_GRADE * rarity.coverage(query, text)


def may_hold_phrase(words: list[str], text: str) -> bool:
    """Whether ``text`` may hold a phrase of a query of canonical ``words`` (``WordRarity.phrase_share``): at least
    ``phrase_words`` of them spelled inside it, one not a function word. A cheap test before the phrase is looked
    for in each of the many texts an estimate grades (a word misread by OCR is not spelled: those texts are
    not estimated by their phrase).

    Example:
        >>> may_hold_phrase(["work", "of", "our", "hand"], "with the WORK of our hands")
        True
        >>> may_hold_phrase(["work", "of", "our", "hand"], "out of our way"), may_hold_phrase(["a", "b"], "a b")
        (False, False)
    """
    least = phrase_words(len(set(words)))
    if not least:
        return False
    lowered = text.lower()
    spelled = [word for word in words if word in lowered]
    return len(spelled) >= least and any(content_word(word) for word in spelled)


def best_covered(
    plan: Plan,
    moments: list[dict],
    videos: tuple[str, ...],
    rarity: WordRarity,
    k: int,
    weights: Mapping[str, float] | None = None,
    question: str = "",
) -> list[dict]:
    """The ``k`` best of ``moments`` (``moments_in``'s, of the candidate ``videos`` in their order) by their score
    (``moment_scores`` with the calls' ``weights``, as ``moments_in`` scored them) with each text call's value
    times the share of its words' rarity there (``covered``), kept at most that of the moments before
    it in its video; of two that score alike, the one whose text is more the query's words (``precision``)
    first, then the one whose text holds more of the ``question``'s own words (``question_share``: a plan with
    no words, "which channel is this, according to the logo in the corner?", reads whatever text is in the
    corner of every video, and the logo that says "CHANNEL 7" is the one asked of), then the one ranked higher
    in its video (``merged_rank``), then the earlier candidate; inside a video a tie keeps its order
    (``in_video_order``). A moment's
    words are read best first and only while it could still be
    among the ``k``: weights are at most 1 and a read's grade rises at most to itself over ``1 - SPECIFICITY``
    (``covered``), so once the ``k``-th scores more than that bound of the next moment's unweighted score, no
    moment after can pass it, nor any moment of a video whose moments before it weigh no more.

    A plan with an ``order`` asks for one moment a video ("when does he finish his speech?": the last phrase;
    ``Plan.order``), the one ``retrieve`` ranks first; the others are not what was asked, so every video's
    answer is listed before any video's other moments (a speech that ends in another video before a narration's
    phrases ending nothing).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "x"}], "combine": "Q1"})
        >>> moments = [{"video_id": v, "score": s, "values": {"Q1": s}, "merged_rank": r}
        ...     for v, s, r in (("a", 0.2, 1), ("b", 0.3, 1), ("b", 0.25, 2))]
        >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))
        >>> [m["video_id"] for m in best_covered(plan, moments, ("a", "b"), rarity, 2)]
        ['b', 'b']
        >>> ordered = Plan.from_json({**plan.to_dict(), "order": "last"})
        >>> [m["video_id"] for m in best_covered(ordered, moments, ("a", "b"), rarity, 2)]
        ['b', 'a']
    """
    order = {video_id: i for i, video_id in enumerate(videos)}
    ceiling: dict[str, tuple[float, ...]] = {}  # per video, the sort values of its last moment weighed
    if plan.order is None:
        return _best_weighed(plan, moments, order, rarity, k, weights, ceiling, question)
    answer = {}  # per video, the moment retrieve ranks first: the one the order asks for
    for moment in moments:
        if answer.setdefault(moment["video_id"], moment)["merged_rank"] > moment["merged_rank"]:
            answer[moment["video_id"]] = moment
    answers = list(answer.values())
    best = _best_weighed(plan, answers, order, rarity, k, weights, ceiling, question)
    if len(best) < k:  # every answer was weighed: the videos' other moments after them
        others = [m for m in moments if all(m is not a for a in answers)]
        best += _best_weighed(plan, others, order, rarity, k - len(best), weights, ceiling, question)
    return best


def _best_weighed(
    plan: Plan,
    moments: list[dict],
    order: Mapping[str, int],
    rarity: WordRarity,
    k: int,
    weights: Mapping[str, float] | None,
    ceiling: dict[str, tuple[float, ...]],
    question: str = "",
) -> list[dict]:
    """``best_covered``'s ``k`` best of ``moments`` (the candidate videos' ``order``), each video's moments
    kept at most its moments weighed before (``ceiling``, updated)."""
    pending = sorted(moments, key=lambda m: (-m["score"], order[m["video_id"]], m["merged_rank"]))
    gain = 1 / (1 - SPECIFICITY) if any(tools.get(c.tool).screen_boxes for c in plan.queries) else 1.0
    kept: list[dict] = []
    for moment in pending:
        if len(kept) >= k and kept[k - 1]["score"] > min(moment["score"] * gain, 1.0):
            break
        if len(kept) >= k and ceiling.get(moment["video_id"], (1.0,))[0] < kept[k - 1]["score"]:
            continue  # its video's moments before it weigh less than the k-th (a tie may pass it by its rank)
        values, precision, reads = covered(plan, moment, rarity)
        score = float(moment_scores(plan, {cid: np.array([v]) for cid, v in values.items()}, weights)[0])
        asked = question_share(plan, moment, reads, rarity, question)
        weighed = in_video_order((score, precision, asked), ceiling.get(moment["video_id"]))
        ceiling[moment["video_id"]] = weighed
        score, precision, asked = weighed
        if score > 0:
            kept.append({**moment, "score": score, "precision": precision, "asked": asked, "reads": reads})
            kept.sort(key=lambda m: (-m["score"], -m["precision"], -m["asked"], m["merged_rank"], order[m["video_id"]]))
    return kept[:k]


def in_video_order(weighed: tuple[float, ...], before: tuple[float, ...] | None) -> tuple[float, ...]:
    """A moment's sort values (score, precision, question share) kept after those of the moment its video lists
    before it (``before``, None for the first), as ``best_covered`` sorts them: a score at most the one before,
    and on a tie the next value at most the one before, and so on, so the corpus-wide order keeps ``retrieve``'s
    order inside each video ("the invention" said again in "as the invention of" after "The invention of":
    retrieve ranked the second first).

    Example:
        >>> in_video_order((0.9, 0.8), (0.7, 0.5)), in_video_order((0.6, 0.8), (0.7, 0.5))
        ((0.7, 0.5), (0.6, 0.8))
        >>> in_video_order((0.7, 0.5, 1.0), (0.7, 0.5, 0.2)), in_video_order((0.7, 0.4, 1.0), (0.7, 0.5, 0.2))
        ((0.7, 0.5, 0.2), (0.7, 0.4, 1.0))
    """
    if before is None:
        return weighed
    kept: list[float] = []
    for value, previous in zip(weighed, before, strict=True):
        kept.append(min(value, previous))
        if value < previous:  # below the one before: the rest need not be
            return (*kept, *weighed[len(kept) :])
    return tuple(kept)


def question_share(plan: Plan, moment: dict, reads: Mapping[str, float], rarity: WordRarity, question: str) -> float:
    """The share of ``question``'s rarity (``WordRarity.coverage`` of its ``content_word``s, all of them, not
    only its plan's) that the
    texts of a moment's text calls hold (each read as ``covered`` weighed it, at ``reads``' time; the words said
    in a call's focus): what tells apart videos that the plan's evidence ties, as a search engine ranks by every
    word of the query. 0 without a question or the moment's evidence (``found``).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> class Video:  # a stand-in for VideoFrames: its rows of a table
        ...     def rows(self, name, columns):
        ...         return pa.table({"ts": [1.0], "text": ["CHANNEL 7"]})
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "", "place": "corner"}],
        ...     "combine": "Q1"})
        >>> found = {"Q1": FrameEvidence(np.array([1.0]), focus_start=np.array([1.0]), focus_end=np.array([1.0]))}
        >>> moment = {"found": (found, 0, Video()), "supporting_calls": ["Q1"], "ts": 1.0}
        >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))  # every word equally rare
        >>> question_share(plan, moment, {}, rarity, "which channel is this, by its logo?")  # 1 of its 2 words
        0.5
    """
    if not question or "found" not in moment:
        return 0.0
    evidence, position, video = moment["found"]
    texts = []
    for call in plan.queries:
        tool = tools.get(call.tool)
        focus = focus_at(evidence[call.id], position) if call.id in moment["supporting_calls"] else None
        if isinstance(tool, TextTool) and focus is not None:
            texts.append(tool.text_at(video, *focus, reads.get(call.id, moment["ts"])))
    described = " ".join(word for word in canonical_words(question) if content_word(word))  # no "which", "this"
    return rarity.coverage(described, " ".join(texts)) if texts and described else 0.0


def covered(plan: Plan, moment: dict, rarity: WordRarity) -> tuple[dict[str, float], float, dict[str, float]]:
    """A moment's call values with each text call's weighed by the share of its query's rarity that its text
    there holds (``WordRarity.coverage``): from ``UNCOVERED_WEIGHT`` (none of the words: a near homophone,
    letters shared across words) to 1 (every word); and the best ``WordRarity.precision`` of those texts (of a
    read on screen, of its boxes' texts: ``box_texts``; 0 without any). A read on screen (a tool with
    ``screen_boxes``) is first divided by the share of its grade that says how much of the frame's text the
    query is (``text_grade.screen_specificity``, 0.9 to 1): words said have none, so an exact read in a busy
    frame would score below a phrase said with a letter off in another video; across videos that preference is
    ``precision``'s, which compares every tool's texts alike. Of a text on screen, the read weighed is the one of
    its time on screen that holds the most of the words (``read_holding``): the third value gives each text
    call's read time (what ``described`` shows).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "audio", "query": "dog"}], "combine": "Q1"})
        >>> covered(plan, {"values": {"Q1": 0.8}}, WordRarity(Store.create(tempfile.mkdtemp())))
        ({'Q1': 0.8}, 0.0, {})
    """
    values, precision, reads = dict(moment["values"]), 0.0, {}
    for call in plan.queries:
        tool = tools.get(call.tool)
        if not isinstance(tool, TextTool) or values[call.id] <= 0:
            continue
        evidence, position, video = moment["found"]
        focus = focus_at(evidence[call.id], position)
        if focus is not None:
            at, text = read_holding(tool, video, *focus, moment["ts"], call.query, rarity)
            reads[call.id] = at
            if tool.screen_boxes:  # the read's grade without its share of the frame's text: precision says that
                values[call.id] = min(values[call.id] / screen_specificity(call.query, text), 1.0)
            values[call.id] *= UNCOVERED_WEIGHT + (1 - UNCOVERED_WEIGHT) * coverage(rarity, call.query, text)
            texts = box_texts(tool, video, *focus, at) if tool.screen_boxes else []
            precision = max([precision] + [rarity.precision(call.query, t) for t in texts or [text]])
    return values, precision, reads


def read_holding(
    tool: TextTool, video: VideoFrames, low: float, high: float, ts: float, query: str, rarity: WordRarity
) -> tuple[float, str]:
    """The time and text of the read that holds the most of ``query``'s rarity (``coverage``) among a text on
    screen's reads from ``low`` to ``high`` s (its time on screen; the one nearest ``ts`` of those that hold as
    much): OCR reads one text differently from frame to frame, and a moment's keyframe may fall on a read that
    misses the word another read of the same text holds (a command typed, "eriberto@canopus:~$" before
    "eriberto@canopus:~$ ls /usr", for "ls"). ``ts`` and the tool's ``text_at`` for a tool that reads no screen,
    or where nothing is read in that time.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> class Video:  # a stand-in for VideoFrames: its rows of a table
        ...     def rows(self, name, columns):
        ...         return pa.table({"ts": [4.0, 5.0, 5.0, 6.0], "text": ["user:~$", "user:~$ ls", "/usr", "user:~$"]})
        >>> rarity = WordRarity(Store.create(tempfile.mkdtemp()))
        >>> read_holding(Ocr(), Video(), 4.0, 6.0, 4.5, "ls", rarity)  # the read holding "ls", not the nearest
        (5.0, 'user:~$ ls /usr')
        >>> read_holding(Ocr(), Video(), 4.0, 6.0, 6.2, "x", rarity)  # none holds the word: the nearest
        (6.0, 'user:~$')
    """
    nearest = tool.text_at(video, low, high, ts)
    if not tool.screen_boxes or coverage(rarity, query, nearest) == 1.0:  # every word: no read holds more
        return ts, nearest
    times = video.rows(tool.table, BOX_COLUMNS).column("ts").to_numpy(zero_copy_only=False).astype(float)
    inside = np.unique(times[(times >= low - 1e-9) & (times <= high + 1e-9)])
    if not inside.size:
        return ts, nearest
    reads = {}  # text -> the time of its read nearest ts
    for at in inside[np.argsort(np.abs(inside - ts), kind="stable")].tolist():
        reads.setdefault(tool.text_at(video, at, at, at), at)
    text = max(reads, key=lambda read: coverage(rarity, query, read))  # the first of equals: the nearest
    return reads[text], text


def coverage(rarity: WordRarity, query: str, text: str) -> float:
    """``WordRarity.coverage`` of ``text`` for a text call's ``query``: 1 for a value of a form (``value_form``:
    ``{time}``), which has no words, so its grade alone says whether the text holds one.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> coverage(WordRarity(Store.create(tempfile.mkdtemp())), "{time}", "COMING UP AT 9PM")
        1.0
    """
    return 1.0 if value_form(query) is not None else rarity.coverage(query, text)


def box_texts(tool: TextTool, video: VideoFrames, low: float, high: float, ts: float) -> list[str]:
    """The texts of the boxes of the read on screen that ``tool.text_at`` joins (the read nearest ``ts`` from
    ``low`` to ``high`` s), each on its own; none where nothing is read there. A screen holds many texts (a
    menu, buttons, a caption), so the shorter text that holds the query's words (``WordRarity.precision``) is
    the box that holds them, not the frame: a button that reads "Send" before a menu item "Send Spike".

    Example:
        >>> import pyarrow as pa
        >>> class Video:  # a stand-in for VideoFrames: its rows of a table
        ...     def rows(self, name, columns):
        ...         return pa.table({"ts": [1.0, 2.0, 2.0, 9.0], "text": ["EX", "EXIT", "2", "EXIT"]})
        >>> box_texts(Ocr(), Video(), 0.0, 3.0, 2.2), box_texts(Ocr(), Video(), 4.0, 5.0, 4.5)
        (['EXIT', '2'], [])
    """
    rows = video.rows(tool.table, BOX_COLUMNS)
    times = rows.column("ts").to_numpy(zero_copy_only=False).astype(float)
    inside = np.flatnonzero((times >= low - 1e-9) & (times <= high + 1e-9))
    if not len(inside):
        return []
    at = times[inside[np.argmin(np.abs(times[inside] - ts))]]
    return [text for text in rows.column("text").take(pa.array(np.flatnonzero(times == at))).to_pylist() if text]


def calibrated(tool: str, scores: np.ndarray, floor: float = TEXT_EVIDENCE_MIN) -> np.ndarray:
    """A call's evidence on the absolute scale the score combines: visual similarities at least 0, every other
    tool's grade as it is; 0 where it is no evidence (``listed_evidence``: it scored nothing, or a text call's
    sentence only shares a topic with the query), so what does not list a moment does not raise its score
    either (an ANDed call's topic in one video over another's nothing).

    Example:
        >>> calibrated("siglip", np.array([-0.1, 0.2, np.nan])).tolist(), calibrated("ocr", np.array([0.9])).tolist()
        ([0.0, 0.2, 0.0], [0.9])
        >>> calibrated("transcript", np.array([0.9, 0.1])).tolist()
        [0.9, 0.0]
    """
    values = np.where(listed_evidence(tool, scores, floor), scores, 0.0)
    return np.maximum(values, 0.0) if tools.get(tool).visual else values


def moment_scores(
    plan: Plan, values: Mapping[str, np.ndarray], weights: Mapping[str, float] | None = None
) -> np.ndarray:
    """The plan's score of each moment from its calls' ``values``: OR the best, AND the mean, weighted by the
    calls' ``weights`` (``call_weights``; equal without), an OR weighing as its heaviest part and an AND as
    its parts together.

    Example:
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "x"},
        ...     {"id": "Q2", "tool": "ocr", "query": "y"}], "combine": "Q1 AND Q2"})
        >>> values = {"Q1": np.array([0.2, 0.2]), "Q2": np.array([1.0, 0.7])}
        >>> moment_scores(plan, values).round(2).tolist(), moment_scores(plan, values, {"Q1": 1, "Q2": 3}).tolist()
        ([0.6, 0.45], [0.8, 0.575])
    """

    def leaf(cid: str) -> tuple[np.ndarray, float]:
        return values[cid], 1.0 if weights is None else weights[cid]

    def mean(parts: list[tuple[np.ndarray, float]]) -> tuple[np.ndarray, float]:
        total = sum(weight for _, weight in parts)
        return sum(value * weight for value, weight in parts) / total, total

    def best(parts: list[tuple[np.ndarray, float]]) -> tuple[np.ndarray, float]:
        return np.maximum.reduce([value for value, _ in parts]), max(weight for _, weight in parts)

    return np.asarray(boolexpr.fold(plan.expression, leaf, mean, best)[0], dtype=float)


def call_weights(plan: Plan, rarity: WordRarity) -> dict[str, float]:
    """How much each call of ``plan`` says, for ANDing calls: a text call the rarity of its query's words
    (``WordRarity.weight``: a quoted phone number outweighs "phone", the text asked for the "box" it is
    typed in), any other call (a picture, a sound, text read wherever it is in a place, a value of a form: no
    words) as much as
    the plan's text calls with words on average (1 in a plan without them).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "audio", "query": "speech"},
        ...     {"id": "Q2", "tool": "ocr", "query": "020 7946 0018"}], "combine": "Q1 AND Q2"})
        >>> {cid: round(w, 2) for cid, w in call_weights(plan, WordRarity(Store.create(tempfile.mkdtemp()))).items()}
        {'Q1': 2.08, 'Q2': 2.08}
    """
    words = [
        c
        for c in plan.queries
        if isinstance(tools.get(c.tool), TextTool) and c.query.strip() and value_form(c.query) is None
    ]
    text = {c.id: rarity.weight(c.query) for c in words}
    other = sum(text.values()) / len(text) if text else 1.0
    return {c.id: text.get(c.id, other) for c in plan.queries}


def listed_evidence(tool: str, scores: np.ndarray, floor: float = TEXT_EVIDENCE_MIN) -> np.ndarray:
    """Where a call's evidence is enough to list a moment: any score of a visual or audio call; a text call's
    grade from ``floor`` (``TEXT_EVIDENCE_MIN``) up (words read or said, a near miss on screen, a sentence close
    in meaning; a sentence that only shares a topic with the query scores less and lists nothing, unless nothing
    in the corpus scores more: ``weak_moments``).

    Example:
        >>> listed_evidence("transcript", np.array([1.0, 0.3, 0.05, np.nan])).tolist()
        [True, True, False, False]
        >>> listed_evidence("siglip", np.array([0.05, np.nan])).tolist()
        [True, False]
        >>> listed_evidence("ocr", np.array([0.05, 0.0, np.nan]), floor=0.0).tolist()
        [True, True, False]
    """
    scored = ~np.isnan(scores)
    if not isinstance(tools.get(tool), TextTool):
        return scored
    return scored & (np.nan_to_num(scores) >= floor)


def moment_has_evidence(plan: Plan, scored: Mapping[str, np.ndarray]) -> np.ndarray:
    """Whether the plan has evidence at each moment: one of the ORed calls, and of the ANDed ones the most
    telling that have evidence anywhere: those that read or hear text (the words said, a value, whatever text
    is in a place), else those that hear a sound, else the visual ones (a visual call scores every frame, so it
    decides only where no other call is ANDed). Text tells a moment of one video from another's: a man's voice
    ANDed with "going to show us a directory" is heard in every video where a man speaks, and listed those as
    matches for the words (one moment a video, each without them). An ANDed call without evidence lowers the
    moment's score (``moment_scores``) instead of hiding it, since a question rarely says every word its moment
    shows ("the command ls /usr" where only "/usr" is typed).

    Example:
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "x"},
        ...     {"id": "Q2", "tool": "ocr", "query": "y"}, {"id": "Q3", "tool": "ocr", "query": "z"}],
        ...     "combine": "Q1 AND Q2 AND Q3"})
        >>> T, F = True, False
        >>> moment_has_evidence(plan, {"Q1": np.array([T, T, T]), "Q2": np.array([T, F, F]),
        ...     "Q3": np.array([F, T, F])}).tolist()
        [True, True, False]
        >>> voiced = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": "a directory"},
        ...     {"id": "Q2", "tool": "audio", "query": "a man's voice"}], "combine": "Q1 AND Q2"})
        >>> moment_has_evidence(voiced, {"Q1": np.array([T, F]), "Q2": np.array([T, T])}).tolist()
        [True, False]
    """
    telling = {call.id: evidence_kind(call) for call in plan.queries}

    def leaf(cid: str) -> tuple[np.ndarray, int]:  # (has evidence, how telling: 0 text, 1 sound, 2 visual)
        return scored[cid], telling[cid]

    def all_of(parts: list[tuple[np.ndarray, int]]) -> tuple[np.ndarray, int]:
        most = min(kind for _, kind in parts)
        if most == VISUAL_EVIDENCE:
            return np.logical_and.reduce([has for has, _ in parts]), most
        return np.logical_or.reduce([has for has, kind in parts if kind == most]), most

    def any_of(parts: list[tuple[np.ndarray, int]]) -> tuple[np.ndarray, int]:
        return np.logical_or.reduce([has for has, _ in parts]), min(kind for _, kind in parts)

    return boolexpr.fold(plan.expression, leaf, all_of, any_of)[0]


TEXT_EVIDENCE, SOUND_EVIDENCE, VISUAL_EVIDENCE = 0, 1, 2  # how telling a call's evidence is, most first


def evidence_kind(call: Any) -> int:
    """How telling a call's evidence is for ``moment_has_evidence``: ``TEXT_EVIDENCE`` for a text tool's (words
    read or said, a value, the text in a place; a question asking the text in big letters "either side of the
    fist" reads the cover's big text, which holds none of the description's words), ``VISUAL_EVIDENCE`` for a
    picture's similarity, ``SOUND_EVIDENCE`` for the rest (a sound, a voice).

    Example:
        >>> calls = Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "", "place": "top"},
        ...     {"id": "Q2", "tool": "audio", "query": "a man's voice"},
        ...     {"id": "Q3", "tool": "siglip", "query": "a dog"}],
        ...     "combine": "Q1 AND Q2 AND Q3"}).queries
        >>> [evidence_kind(call) for call in calls]
        [0, 1, 2]
    """
    tool = tools.get(call.tool)
    if tool.visual:
        return VISUAL_EVIDENCE
    return TEXT_EVIDENCE if isinstance(tool, TextTool) else SOUND_EVIDENCE


def moment_span(
    evidence: Mapping[str, FrameEvidence],
    calls: list[str],
    position: int,
    video: VideoFrames,
    at: float | None = None,
) -> tuple:
    """The stretch of a moment: the span of its best supporting call that has one (the text's time on screen,
    the words said) of those holding its keyframe's time ``at`` (any, where none does or ``at`` is None), else
    its sampled frame's period, within the video. A voice ANDed with words said spans the voice's phrase, which
    may be another than the words' ("he'll show us a directory": the keyframe on "done." at 6.4 s, the man's
    first phrase 0.83-2.92 s scored higher): a moment's stretch is where its keyframe is, or a clip cut from it
    shows something else and a better stretch of its video is dropped as the same evidence.

    Example:
        >>> import duckdb
        >>> con = duckdb.connect()
        >>> _ = con.execute("CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts"
        ...     " FROM range(10) t(i)")
        >>> _ = con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 10.0 AS duration_s")
        >>> video = VideoFrames.load(con, "v", k=2, gap=1.0)
        >>> said = FrameEvidence(np.full(10, 0.9), start_s=np.full(10, 0.5), end_s=np.full(10, 6.5))
        >>> voice = FrameEvidence(np.full(10, 1.0), start_s=np.full(10, 0.8), end_s=np.full(10, 2.9))
        >>> calls = {"Q1": said, "Q2": voice}
        >>> moment_span(calls, ["Q1", "Q2"], 6, video, 6.4), moment_span(calls, ["Q1", "Q2"], 6, video)
        ((0.5, 6.5), (0.8, 2.9))
    """
    spans = [
        (evidence[c].score[position], evidence[c].start_s[position], evidence[c].end_s[position])
        for c in calls
        if evidence[c].start_s is not None and not np.isnan(evidence[c].start_s[position])
    ]
    holding = [span for span in spans if at is not None and span[1] - 1e-9 <= at <= span[2] + 1e-9]
    if spans:
        _, start, end = max(holding or spans, key=lambda span: span[0])
        return float(start), float(end)
    at, half = float(video.ts[position]), video.period / 2
    end = at + half if video.duration_s is None else min(at + half, video.duration_s)
    return max(at - half, 0.0), end


def described(plan: Plan, moment: dict) -> dict:
    """A moment of ``moments_in`` with its video's path and its evidence text (read only for the moments listed;
    a text call's at the read ``covered`` weighed, ``reads``)."""
    evidence, position, video = moment.pop("found")
    paths = video.rows("videos", ("path",)).column("path").to_pylist()
    reads = moment.pop("reads", {})
    text = evidence_text(plan, evidence, moment["supporting_calls"], position, reads, moment["ts"], video)
    return {**moment, "path": paths[0] if paths else None, "evidence": text}


def evidence_text(
    plan: Plan,
    evidence: Mapping[str, FrameEvidence],
    calls: list[str],
    position: int,
    reads: Mapping[str, float],
    ts: float,
    video: VideoFrames,
) -> str:
    """What was read, said or heard at a moment, per supporting call (each tool's ``moment_evidence``: the
    OCR read nearest the keyframe in the text's time on screen, or at the time ``reads`` gives the call, the
    words said in the call's focus, the subtitle cues there, the sound heard; visual calls show nothing to
    read)."""
    parts = (
        tools.get(call.tool).moment_evidence(video, evidence[call.id], position, reads.get(call.id, ts))
        for call in plan.queries
        if call.id in calls
    )
    return "; ".join(dict.fromkeys(part for part in parts if part))


def _distinct(video_ids: list[str]) -> list[str]:
    return list(dict.fromkeys(video_ids))


def _table(moments: list[dict]) -> pa.Table:
    return pa.Table.from_pylist([{"rank": i + 1, **m} for i, m in enumerate(moments)], schema=MOMENT_SCHEMA)


class _Searcher:
    """``vq_search``'s rows: each (question, k) searched with the session's corpus."""

    def __init__(self, corpus: CorpusReader):
        self.corpus = corpus
        self._lock = threading.Lock()

    def __call__(self, questions: pa.Array, ks: pa.Array) -> pa.Array:
        with self._lock:
            found = [
                None if q is None else search(self.corpus, q, k=DEFAULT_K if k is None else int(k)).moments.to_pylist()
                for q, k in zip(questions.to_pylist(), ks.to_pylist(), strict=True)
            ]
        return pa.array(found, type=pa.list_(pa.struct(list(MOMENT_SCHEMA))))


def register(con: duckdb.DuckDBPyConnection, corpus: CorpusReader) -> None:
    """Register the table function ``search(question, k := 10)`` in ``con``, searching ``corpus`` (a
    ``vqdb.Corpus`` whose session ``con`` is): the rows of ``search(corpus, question, k=k).moments``. It rests
    on the scalar ``vq_search(question, k)`` (a list of the moments as structs).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> with vqdb.connect(empty_corpus()) as corpus:
        ...     corpus.sql("SELECT count(*) FROM search('when does the sign say EXIT', k := 3)").fetchall()
        [(0,)]
    """
    with contextlib.suppress(duckdb.InvalidInputException, duckdb.CatalogException):
        con.remove_function("vq_search")
    struct = ", ".join(f"{f.name} {SQL_TYPES[f.name]}" for f in MOMENT_SCHEMA)
    con.create_function(
        "vq_search",
        owned(_Searcher(corpus)),
        [duckdb.sqltypes.VARCHAR, duckdb.sqltypes.INTEGER],
        duckdb.sqltype(f"STRUCT({struct})[]"),
        type="arrow",
        null_handling="special",
        side_effects=True,
    )
    con.execute(
        f"CREATE OR REPLACE MACRO search(question, k := {DEFAULT_K}) AS TABLE "
        "SELECT unnest(vq_search(question, k), recursive := true)"
    )


__all__ = ["MOMENT_SCHEMA", "Search", "ranked_videos", "register", "search"]
