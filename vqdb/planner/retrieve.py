"""Question -> keyframes over a corpus: plan, compile, run the SQL, return all three.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> corpus = vqdb.connect(empty_corpus())
    >>> result = retrieve(corpus, "when does the sign say EXIT")
    >>> result.keyframes.num_rows, result.notes[-1]
    (0, 'no usable calls left: sampling frames uniformly')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from itertools import count, product
from typing import Any

import pyarrow as pa

from vqdb.planner import boolexpr, columnar, tools
from vqdb.planner.baselines import baseline_plan
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.compiler import Compiler, compile_plan
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.planner.plan import Call, Plan, uniform_plan
from vqdb.planner.planners import BASELINES, PLANNERS
from vqdb.planner.tools.audio import VOICES_TABLE, Audio
from vqdb.planner.tools.ocr import Ocr
from vqdb.planner.tools.timed_text import TimedTextTool
from vqdb.planner.tools.voices import who_speaks
from vqdb.planner.video_frames import VideoFrames
from vqdb.videos import resolve_video


@dataclasses.dataclass(frozen=True)
class Retrieval:
    """What ``retrieve`` found: the plan, the keyframes, notes, and ``sql``: the query the plan compiles to,
    whose rows the keyframes are (compiled when first read: a question about one video is answered on
    arrays, ``vqdb.planner.columnar``).

    ``keyframes`` (a pyarrow Table) has columns video_id, frame_idx (the sampled frame), ts (the moment
    the keyframe stands for: inside the words said or the text shown that support it, which may fall between
    sampled frames: ``vqdb.planner.placement``), score, merged_rank, supporting_calls, in (video_id, frame
    time) order.
    """

    plan: Plan
    keyframes: pa.Table
    notes: tuple[str, ...] = ()
    compile_options: dict = dataclasses.field(default_factory=dict, repr=False)

    @property
    def sql(self) -> str:
        """The plan's compiled SQL (``compile_plan`` with the options ``retrieve`` used)."""
        return compile_plan(self.plan, **self.compile_options)

    def explain(self) -> str:
        """The plan, notes and SQL as text (what ``vqdb retrieve --explain`` prints)."""
        lines = ["-- plan: " + self.plan.to_json()]
        lines += [f"-- note: {n}" for n in self.notes]
        return "\n".join(lines) + "\n" + self.sql


def make_plan(
    question: str,
    options: Sequence[str] | None = None,
    *,
    planner: str = "rules",
    llm: Any = None,
    duration_s: float | None = None,
    sample_fps: float | None = None,
    available_tools: Sequence[str] | None = None,
) -> Plan:
    """A plan for ``question`` with the ``available_tools`` (default: all): the rules plan with them, the
    other planners' calls of other tools are dropped (with notes); a plan left with no calls samples
    uniformly.

    ``planner``: ``rules`` (default, no model), ``llm`` (``llm`` is a chat backend; None takes
    ``vqdb.models.registry.chat_model(Config.load())``: the ``llm_*`` settings), or a baseline: ``uniform``,
    ``siglip-q``.

    Example:
        >>> make_plan("when does the timecode read 00:00:05", available_tools=["ocr"]).to_json()
        '{"queries": [{"id": "Q1", "tool": "ocr", "query": "00:00:05"}], "combine": "Q1"}'
    """
    if not isinstance(question, str) or not question.strip():
        raise PlanError(f"question must be a non-empty string, got {question!r}")
    if planner == "rules":
        from vqdb.planner.rules import rule_plan

        plan = rule_plan(question, options, available_tools)
    elif planner == "llm":
        from vqdb.planner.llm import llm_plan

        if llm is None:
            from vqdb.config import Config
            from vqdb.models import registry

            llm = registry.chat_model(Config.load())
        plan = llm_plan(question, options, llm=llm, duration_s=duration_s, sample_fps=sample_fps, tools=available_tools)
    elif planner in BASELINES:
        plan = baseline_plan(planner, question, options)
    else:
        raise PlanError(f"unknown planner {planner!r}; choose from {', '.join(PLANNERS)}")
    if available_tools is not None:
        unknown = sorted(set(available_tools) - set(tools.names()))
        if unknown:
            raise PlanError(f"unknown tool(s) {unknown} in available_tools; tools are {', '.join(tools.names())}")
        reduced = plan.without_tools(set(tools.names()) - set(available_tools))
        if not reduced.queries and planner not in BASELINES:  # a baseline stays what it names
            from vqdb.planner.rules import rule_plan

            pictured = rule_plan(question, options, None) if planner == "rules" else plan  # its visual calls
            reduced = read_or_said_instead(pictured, reduced, available_tools)
        plan = reduced
    return plan


def read_or_said_instead(plan: Plan, reduced: Plan, available_tools: Sequence[str]) -> Plan:
    """When ``plan`` lost every call to tools the corpus lacks (``reduced``): its visual calls' queries
    looked for as words on screen (``ocr``) and by meaning in what is said and subtitled (the
    ``TimedTextTool``s, which compare sentences by meaning), ORed, where those tools are available, else
    ``reduced`` (uniform sampling). Without a visual model (no SigLIP weights can be had offline) a
    question the rules read as a picture is often about what is said ("when does the narrator compare
    communism to a ghost?") or about what is written: a sign, a lower third, a credit ("whats the name of
    the financial adviser", "who did the animation", "what aisle are the cereals in"). Words read or a
    sentence close in meaning rank frames where the uniform plan ranks none.

    Example:
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "siglip", "query": "the financial adviser"}]})
        >>> instead = read_or_said_instead(plan, plan.without_tools({"siglip"}), ["transcript", "ocr"])
        >>> [(c.tool, c.query) for c in instead.queries], instead.combine
        ([('ocr', 'the financial adviser'), ('transcript', 'the financial adviser')], 'Q1 OR Q2')
    """
    by_meaning = [name for name in tools.names() if isinstance(tools.get(name), TimedTextTool)]
    stand_ins = [name for name in (Ocr.name, *by_meaning) if name in available_tools]
    phrases = list(dict.fromkeys(c.query for c in plan.queries if tools.get(c.tool).visual))
    if not stand_ins or not phrases or any(c.when for c in plan.queries):
        return reduced
    calls = [Call(f"Q{i}", tool, phrase) for i, (phrase, tool) in enumerate(product(phrases, stand_ins), start=1)]
    note = f"no visual model: {', '.join(map(repr, phrases))} looked for in {', '.join(stand_ins)}"
    combine = " OR ".join(c.id for c in calls)
    return Plan(tuple(calls), combine, notes=reduced.notes + (note,), planner=plan.planner, order=plan.order)


def available_tools(corpus: CorpusReader, video_id: str | None = None) -> list[str]:
    """The tools whose extractor finished (for ``video_id``, else for any video) and whose table exists.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> available_tools(vqdb.connect(empty_corpus()))
        []
    """
    finished = corpus.store.finished()
    done = finished.get(video_id, set()) if video_id is not None else set().union(*finished.values())
    return [
        tool.name
        for tool in map(tools.get, tools.names())
        if tool.extractor in done and corpus.store.exists(tool.table)
    ]


def plan_for(
    corpus: CorpusReader,
    question: str,
    options: Sequence[str] | None = None,
    *,
    video: str | dict[str, Any] | None = None,
    planner: str = "rules",
    llm: Any = None,
) -> Plan:
    """A plan for ``question`` that uses only the tools this corpus (or ``video``) has. ``video`` is a
    name (id, file name or path) or the ``videos`` row ``resolve_video`` found for it (a caller that
    resolved the name already spares the lookup).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> plan_for(vqdb.connect(empty_corpus()), "when does the sign say 'EXIT'?").queries
        ()
    """
    info = (video if isinstance(video, dict) else resolve_video(corpus, video)) if video is not None else {}
    plan = make_plan(
        question,
        options,
        planner=planner,
        llm=llm,
        duration_s=info.get("duration_s"),
        sample_fps=info.get("sample_fps") or corpus.config.sample_fps,
        available_tools=(available := available_tools(corpus, info.get("video_id"))),
    )
    plan = plan if corpus.store.exists(VOICES_TABLE) else any_voice_instead(plan)
    video_id = info.get("video_id")
    if video_id is not None and Ocr.name in available and not said_in(corpus, video_id):
        plan = read_where_nothing_is_said(plan)
    return plan


def said_in(corpus: CorpusReader, video_id: str) -> bool:
    """Whether anything is said or subtitled in ``video_id``: a row of a tool of timed text (``TimedTextTool``:
    the words transcribed, the subtitle cues) for it.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> said_in(vqdb.connect(empty_corpus()), "v1")
        False
    """
    for name in tools.names():
        tool = tools.get(name)
        if isinstance(tool, TimedTextTool) and corpus.store.exists(tool.table):
            found = corpus.sql_unchecked(f"SELECT 1 FROM {tool.table} WHERE video_id = ? LIMIT 1", [video_id])
            if found.fetchone() is not None:
                return True
    return False


def read_where_nothing_is_said(plan: Plan) -> Plan:
    """``plan`` for a video in which nothing is said nor subtitled (a screen recording, a silent film, a demo with
    its sound off): each call looking for words said (a ``TimedTextTool``'s) reads them on screen instead
    (``ocr``, one call a phrase, shared with a call reading it already), with a note; ``plan`` as it is
    without such calls. Words asked as said there are typed, shown or captioned ("at what point does someone
    ask whether a flag shows up in the video?" of a chat demo); before, those calls found nothing and the
    question fell to uniform frames.

    Example:
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": "ask not"},
        ...     {"id": "Q2", "tool": "subtitle", "query": "ask not"}, {"id": "Q3", "tool": "ocr", "query": "EXIT"}],
        ...     "combine": "(Q1 OR Q2) AND Q3"})
        >>> read = read_where_nothing_is_said(plan)
        >>> [(c.id, c.tool, c.query) for c in read.queries], read.combine
        ([('Q3', 'ocr', 'EXIT'), ('Q4', 'ocr', 'ask not')], 'Q4 AND Q3')
    """
    said = {c.id: c for c in plan.queries if isinstance(tools.get(c.tool), TimedTextTool)}
    if not said:
        return plan
    kept = [c for c in plan.queries if c.id not in said]
    read = {c.query: c.id for c in kept if c.tool == Ocr.name and not c.place and not c.size}
    taken = {c.id for c in plan.queries}
    fresh = (f"Q{n}" for n in count(1) if f"Q{n}" not in taken)
    for call in said.values():
        if call.query not in read:
            read[call.query] = next(fresh)
            kept.append(Call(read[call.query], Ocr.name, call.query, when=call.when))
    renamed = boolexpr.fold(
        plan.expression,
        lambda name: boolexpr.Var(read[said[name].query] if name in said else name),
        lambda items: _joined(boolexpr.And, items),
        lambda items: _joined(boolexpr.Or, items),
    )
    note = "nothing is said or subtitled in this video: the words asked as said are read on screen"
    return dataclasses.replace(plan, queries=tuple(kept), combine=str(renamed), notes=plan.notes + (note,))


def _joined(kind: type, items: list[boolexpr.Node]) -> boolexpr.Node:
    """``items`` joined by ``kind`` (``boolexpr.And`` or ``Or``), each once: one item alone."""
    unique = tuple(dict.fromkeys(items))
    return unique[0] if len(unique) == 1 else kind(unique)


def any_voice_instead(plan: Plan) -> Plan:
    """``plan`` for a corpus written before vqdb told voices apart (no ``voices`` table): an ``audio`` call
    naming who speaks ("a woman's voice", "the second speaker") asks for any voice instead ("speech"), as it
    did then, with a note saying how to add the table; ``plan`` as it is when it names no one.

    Example:
        >>> plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "audio", "query": "a woman's voice"}]})
        >>> instead = any_voice_instead(plan)
        >>> instead.queries[0].query, instead.notes[-1].startswith("no voices table")
        ('speech', True)
    """
    calls = tuple(
        dataclasses.replace(c, query="speech") if c.tool == Audio.name and who_speaks(c.query) else c
        for c in plan.queries
    )
    if calls == plan.queries:
        return plan
    note = (
        "no voices table (written before vqdb told voices apart): any voice; "
        "add it with vqdb ingest CORPUS --only audio --force"
    )
    return dataclasses.replace(plan, queries=calls, notes=plan.notes + (note,))


def retrieve(
    corpus: CorpusReader,
    question: str,
    *,
    options: Sequence[str] | None = None,
    video: str | None = None,
    k: int = 8,
    planner: str = "rules",
    llm: Any = None,
    mode: str = "rank",
    gap: float | None = None,
    plan: Plan | None = None,
) -> Retrieval:
    """The ``k`` best keyframes for ``question`` in ``video`` (id, path or file name), or ``k`` per video
    of the corpus when ``video`` is None. Pass ``plan`` to run a given plan instead of planning.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> retrieve(vqdb.connect(empty_corpus()), "a dog", planner="siglip-q").keyframes.column_names
        ['video_id', 'frame_idx', 'ts', 'score', 'merged_rank', 'supporting_calls']
    """
    info = resolve_video(corpus, video) if video is not None else None
    video_id = info["video_id"] if info else None
    if plan is None:
        plan = plan_for(corpus, question, options, video=info, planner=planner, llm=llm)
    options_ = {"video_id": video_id, "k": k, "gap": gap, "mode": mode}
    Compiler(**options_)  # checks the arguments, as compiling does
    keyframes = None
    if video_id is not None and mode == "rank":
        frames = VideoFrames.load(corpus.cursor_unchecked(), video_id, k=k, gap=gap, cache=corpus.row_cache)
        keyframes = columnar.keyframes(plan, frames, k)
    if keyframes is None:
        keyframes = corpus.sql_unchecked(compile_plan(plan, **options_)).to_arrow_table()
    if keyframes.num_rows == 0 and plan.queries and video_id is not None:
        notes = ("no frame of the video was ranked",)
    else:
        notes = ()
    return Retrieval(plan, keyframes, plan.notes + notes, options_)


__all__ = [
    "PLANNERS",
    "Retrieval",
    "available_tools",
    "make_plan",
    "plan_for",
    "retrieve",
    "uniform_plan",
]
