"""Answer a question about the corpus's videos: keyframes -> a model -> answer, confidence, evidence, clues.

:func:`answer_on_keyframes` is the core: given keyframes, it reads their JPEGs from ``frames`` and
the text near them (OCR, transcript, subtitles, audio events), asks a vision-language model with a
CG-Bench prompt (or, when none is configured, the evidence-only answerer), and returns an
:class:`Answer` with the FALCONEye confidence, the evidence and predicted clue intervals (spans around
the keyframes). :func:`answer` retrieves the keyframes first (the planner's ``retrieve``, or uniform
sampling), then calls it. Answers are cached in the ``answers`` table.

Backends (``backend=``): an object with ``complete(messages, ...)`` (a
``vqdb.models.protocols.VisionLanguageModel``), an :class:`EvidenceAnswerer` or :class:`LlmAnswerer`, or a
string resolved through ``vqdb.models.registry`` with the corpus's ``Config``: ``"evidence"`` (the
evidence-only answerer, ``vqdb.answer.evidence_answerer``), ``"llm"`` (a text-only chat model over the
video's text: the ``llm_*`` settings, ``VQDB_LLM_*``; ``"llm:<model>"`` overrides ``llm_model``),
``"openai"`` (the ``vlm_base_url`` / ``vlm_model`` / ``vlm_api_key`` settings: ``VQDB_VLM_BASE_URL``...),
``"openai:<model>"``, ``"transformers"`` (``vlm_model``) or ``"transformers:<id or path>"``. ``None``
picks the VLM the config names (``vlm_base_url`` + ``vlm_model`` for an endpoint, ``vlm_model`` alone for
a local transformers model, or ``vlm_backend``), else the evidence-only answerer.

Example:
    >>> import vqdb
    >>> from vqdb.testing.examples import captioned_corpus
    >>> corpus = vqdb.connect(captioned_corpus())  # cockatoo.mp4 and its captions: frames and subtitles
    >>> a = answer(corpus, "What does the cockatoo raise?", options=["its wings", "its yellow crest"],
    ...            video="cockatoo.mp4", k=4)
    >>> a.answer, a.answer_text, a.answerer
    ('B', 'its yellow crest', 'evidence-only')
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from vqdb.answer import cache as answer_cache
from vqdb.answer.answer_kind import asked_kind, holds_kind, time_in
from vqdb.answer.confidence import choice_confidence, free_text_confidence
from vqdb.answer.evidence import Evidence, Keyframe, as_keyframes, gather_evidence
from vqdb.answer.evidence_answerer import EvidenceAnswerer
from vqdb.answer.llm_answerer import LlmAnswerer
from vqdb.answer.option_labels import unlabelled
from vqdb.answer.placed_text import best_keyframe, placed_call, text_in_place
from vqdb.answer.prompts import Frame, build_messages, option_letters, parse_intervals, parse_letter
from vqdb.answer.questions import read_question, video_span
from vqdb.answer.timeline import read_timeline
from vqdb.answer.video_length import asks_length, length_text, nearest_length
from vqdb.config import Config
from vqdb.errors import ConfigError, MediaError, VqdbError
from vqdb.ingest.decode import frame_at
from vqdb.ingest.images import encode_jpeg
from vqdb.models import registry
from vqdb.planner import PlanError, available_tools, locate, retrieve, tools
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.planner.plan import Call, Plan

log = logging.getLogger(__name__)

RETRIEVALS = ("planner", "uniform")
PLACED_S = 1e-3  # a keyframe's ts this far from its sampled frame's: placed between frames, decoded there
MCQ_MAX_TOKENS = 8
OPEN_MAX_TOKENS = 128
GROUNDING_MAX_TOKENS = 128
MIN_WINDOW_S, MAX_WINDOW_S = 1.0, 5.0
TIME_MARGIN_S = 1.0  # options naming seconds closer than this to each other's distance from the moment: a guess


@dataclasses.dataclass
class Answer:
    """An answer with its confidence, evidence and predicted clue intervals.

    ``answer`` is the option letter (multiple choice) or the free-text answer, None when none could
    be given (for the evidence-only answerer: nothing read answers it, the reason in ``notes``); a
    "when" question's answer is a time span ``"[start, end]"`` of ``interval``. ``confidence`` is the
    backend's from token log-probabilities (None without them); the evidence-only answerer's, with
    options, is the margin of the best option over the next (``vqdb.answer.confidence.margin_confidence``).
    ``low_confidence`` is True when the answer is weak (None: the answerer cannot tell); ``interval``
    the located moment (video_id, start_s, end_s, score) that answers a "when" question.
    ``answerer`` is ``vlm``, ``llm`` (text only) or ``evidence-only``.
    """

    question: str
    options: list[str] | None
    answer: str | None
    answer_text: str | None
    confidence: float | None
    clue_intervals: list[list[float]]
    evidence: list[Evidence]
    keyframes: list[Keyframe]
    answerer: str
    model: str
    plan: str | None = None
    sql: str | None = None
    reply: str | None = None
    notes: list[str] = dataclasses.field(default_factory=list)
    low_confidence: bool | None = None
    interval: dict[str, Any] | None = None
    cached: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        Example:
            >>> a = Answer("Q?", None, "x", "x", None, [[0.0, 1.0]], [], [], "evidence-only", "m")
            >>> a.to_dict()["clue_intervals"]
            [[0.0, 1.0]]
        """
        return dataclasses.asdict(self)

    def __str__(self) -> str:
        lines = [f"question:   {self.question}"]
        if self.options:
            lines += [
                f"  {letter}: {opt}"
                for letter, opt in zip(option_letters(len(self.options)), self.options, strict=True)
            ]
        confidence = "NULL" if self.confidence is None else f"{self.confidence:.3f}"
        if self.low_confidence:
            confidence += " (low confidence)"
        lines += [
            f"answer:     {self.answer if self.answer is not None else '(none)'}"
            + (f" ({self.answer_text})" if self.options and self.answer_text else ""),
            f"confidence: {confidence}",
            f"answerer:   {self.answerer} [{self.model}]" + (" (cached)" if self.cached else ""),
            "keyframes:  " + ", ".join(f"{k.ts:.2f}s" for k in self.keyframes),
            "clues:      " + ", ".join(f"[{s:.2f}, {e:.2f}]" for s, e in self.clue_intervals),
        ]
        lines += [f"evidence:   {e.source:10s} {e.as_line()}" for e in self.evidence]
        lines += [f"note:       {n}" for n in self.notes]
        return "\n".join(lines)


def answer(
    corpus: CorpusReader,
    question: str,
    options: Sequence[str] | None = None,
    video: str | None = None,
    k: int = 8,
    backend: Any = None,
    cache: bool = True,
    *,
    retrieval: str = "planner",
) -> Answer:
    """Retrieve ``k`` keyframes for ``question`` and answer from them (see :func:`answer_on_keyframes`).

    ``video`` is a video id, a path or a file name of the corpus (None: every video, ``k`` each).
    ``retrieval`` is ``"planner"`` (``vqdb.planner.retrieve``: the question's plan) or ``"uniform"``
    (the uniform plan: ``k`` frames evenly spread over each video, CG-Bench's baseline sampling).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> answer(vqdb.connect(empty_corpus()), "What?", retrieval="uniform")
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: no keyframes to answer 'What?' from: the corpus has no sampled frames; ...
    """
    if retrieval not in RETRIEVALS:
        raise ConfigError(f"retrieval must be one of {', '.join(RETRIEVALS)}, got {retrieval!r}")
    if k < 1:
        raise VqdbError(f"k must be a positive number of keyframes, got {k!r}")
    options = unlabelled(options) if options else None
    found = retrieve(
        corpus,
        question,
        options=options,
        video=video,
        k=k,
        planner="rules" if retrieval == "planner" else "uniform",
    )
    keyframes = as_keyframes(found.keyframes)
    plan, notes = found.plan.to_json(), list(found.notes)
    if not keyframes:
        raise VqdbError(why_no_keyframes(corpus, question, plan, notes, video_id=found.compile_options["video_id"]))
    sql = found.sql
    if retrieval == "uniform":
        notes.append(f"keyframes: {k} frames sampled uniformly per video")
    return answer_on_keyframes(
        corpus, question, keyframes, options=options, backend=backend, cache=cache, plan=plan, sql=sql, notes=notes
    )


def answer_on_keyframes(
    corpus: CorpusReader,
    question: str,
    keyframes: Any,
    *,
    options: Sequence[str] | None = None,
    backend: Any = None,
    cache: bool = True,
    plan: str | None = None,
    sql: str | None = None,
    window_s: float | None = None,
    notes: Sequence[str] = (),
) -> Answer:
    """Answer ``question`` from the given keyframes (rows with video_id, frame_idx, ts).

    ``window_s`` is the half-width (seconds) of the span around each keyframe used both to collect
    text evidence and as the predicted clue interval; default ``duration / (4 k)`` clamped to 1..5 s.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> answer_on_keyframes(vqdb.connect(empty_corpus()), "What?", [])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: no keyframes to answer 'What?' from: the corpus has no sampled frames; ...
    """
    keyframes = as_keyframes(keyframes)
    if not question or not question.strip():
        raise VqdbError("the question is empty; ask something about the video")
    if not keyframes:
        raise VqdbError(why_no_keyframes(corpus, question, plan, notes))
    options = unlabelled(options) if options else None  # "A. Apples." is the option "Apples."
    if options:
        option_letters(len(options))  # validates the count
    model = resolve_backend(backend, corpus.config)
    model_name = getattr(model, "name", type(model).__name__)
    key = answer_cache.cache_key(question, options, plan, model_name, [(k.video_id, k.frame_idx) for k in keyframes])
    if cache:
        row = answer_cache.lookup(corpus, key)
        if row is not None:
            return _from_row(row, keyframes)
    durations = _durations(corpus, {k.video_id for k in keyframes})
    window = window_s if window_s is not None else default_window(durations, len(keyframes))
    evidence = gather_evidence(corpus, keyframes, window)
    result = Answer(
        question=question,
        options=options,
        answer=None,
        answer_text=None,
        confidence=None,
        clue_intervals=clue_intervals_around(keyframes, window, durations),
        evidence=evidence,
        keyframes=keyframes,
        answerer=getattr(model, "answerer", "vlm"),
        model=model_name,
        plan=plan,
        sql=sql,
        notes=list(notes),
    )
    if isinstance(model, EvidenceAnswerer):
        _answer_by_evidence(model, corpus, result, window)
    elif isinstance(model, LlmAnswerer):
        _answer_with_llm(model, corpus, result)
    else:
        _answer_with_vlm(model, corpus, result)
    if cache:
        not_cached = answer_cache.store(corpus, _to_row(result, key))
        if not_cached:
            result.notes.append(not_cached)
    return result


def why_no_keyframes(
    corpus: CorpusReader,
    question: str,
    plan: str | None = None,
    notes: Sequence[str] = (),
    *,
    video_id: str | None = None,
) -> str:
    """Why there are no keyframes to answer ``question`` from, and what to do: ``video_id`` (None: the
    corpus) has no sampled frames; or the search found no moment with the evidence ``plan`` (its JSON)
    looks for, naming the extractors the plan needs that never ran and the search's ``notes``; or no
    keyframes were given.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> why_no_keyframes(vqdb.connect(empty_corpus()), "What?").split("from: ")[1]
        'the corpus has no sampled frames; ingest videos first: vqdb ingest CORPUS VIDEO...'
    """
    start = f"no keyframes to answer {question!r} from: "
    if _frame_count(corpus, video_id) == 0:
        if video_id is None:
            return start + "the corpus has no sampled frames; ingest videos first: vqdb ingest CORPUS VIDEO..."
        return start + (
            f"video {video_id!r} has no sampled frames; its status and errors say why: "
            f"SELECT status, errors FROM videos WHERE video_id = '{video_id}'"
        )
    calls = _calls_of(plan)
    if not calls:
        return start + "none were given; pass the rows (video_id, frame_idx, ts) that retrieve or Corpus.search return"
    looked = ", ".join(f"{call.tool} {call.query!r}" for call in calls)
    where = f"video {video_id!r}" if video_id is not None else "any video"
    missing = sorted({tools.get(call.tool).extractor for call in calls} - _finished_extractors(corpus))
    if missing:
        todo = f"it needs {', '.join(missing)}, which never ran here: vqdb ingest CORPUS VIDEO --only "
        todo += ",".join(missing)
    else:
        todo = "rephrase the question (other words for what is shown, said or heard)" + (
            ", or ask about one video: its frames are ranked even where none matches" if video_id is None else ""
        )
    said = f" (search notes: {'; '.join(dict.fromkeys(notes))})" if notes else ""
    return start + f"no moment of {where} has the evidence its plan looks for ({looked}); {todo}{said}"


def _frame_count(corpus: CorpusReader, video_id: str | None) -> int:
    if not corpus.store.exists("frames"):
        return 0
    where, params = ("WHERE video_id = $v", {"v": video_id}) if video_id is not None else ("", None)
    return corpus.sql_unchecked(f"SELECT count(*) FROM frames {where}", params=params).fetchone()[0]


def _finished_extractors(corpus: CorpusReader) -> set[str]:
    """The extractors that ran on some video of ``corpus`` and left their tables."""
    return {tools.get(name).extractor for name in available_tools(corpus)}


def _calls_of(plan: str | None) -> tuple[Call, ...]:
    """The calls of ``plan`` (JSON), none when there is no plan or it is not a valid one (the web API passes on
    what the page sent)."""
    try:
        calls = Plan.from_json(plan).queries if plan else ()
        for call in calls:
            tools.get(call.tool)  # a tool vqdb has
    except PlanError:
        return ()
    return calls


def ground(
    corpus: CorpusReader, question: str, keyframes: Any, backend: Any, *, options: Sequence[str] | None = None
) -> list[list[float]]:
    """Ask a VLM for the clue intervals ``[[start, end], ...]`` (CG-Bench's grounding prompt).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> ground(vqdb.connect(empty_corpus()), "When?", [], backend="evidence")
        Traceback (most recent call last):
        ...
        vqdb.errors.ConfigError: grounding needs a vision-language model backend, got the evidence-only answerer
    """
    model = resolve_backend(backend, corpus.config)
    if isinstance(model, EvidenceAnswerer):
        raise ConfigError("grounding needs a vision-language model backend, got the evidence-only answerer")
    keyframes = as_keyframes(keyframes)
    durations = _durations(corpus, {k.video_id for k in keyframes})
    window = default_window(durations, len(keyframes))
    subtitles = [
        e.as_line() for e in gather_evidence(corpus, keyframes, window) if e.source in ("subtitle", "transcript")
    ]
    messages = build_messages(
        "grounding", question, options=options, frames=read_frames(corpus, keyframes), subtitles=subtitles
    )
    reply = model.complete(messages, max_tokens=GROUNDING_MAX_TOKENS)
    return parse_intervals(reply.text, max(durations.values(), default=None))


def resolve_backend(backend: Any, config: Config | None = None) -> Any:
    """The answering backend for ``backend`` (see the module doc for accepted values) with ``config``'s
    VLM settings (None: ``Config.load()``, the files and environment).

    Example:
        >>> type(resolve_backend("evidence", Config())).__name__
        'EvidenceAnswerer'
        >>> resolve_backend("openai:llava", Config(vlm_base_url="http://localhost:8000/v1")).name
        'openai:llava'
    """
    config = config or Config.load()
    if backend is None:
        if registry.provider_name("vlm", config) is None:
            return EvidenceAnswerer(config=config)
        return registry.vision_language_model(config)
    if not isinstance(backend, str):
        if isinstance(backend, EvidenceAnswerer | LlmAnswerer) or callable(getattr(backend, "complete", None)):
            return backend
        raise ConfigError(f"backend must be a name or an object with complete(messages, ...), got {backend!r}")
    kind, _, model = backend.partition(":")
    if kind == "evidence":
        return EvidenceAnswerer(config=config)
    if kind == "llm":
        return LlmAnswerer(registry.chat_model(config.replace(llm_model=model) if model else config))
    if kind in ("openai", "transformers"):
        return registry.vision_language_model(config.replace(vlm_backend=kind, vlm_model=model or config.vlm_model))
    raise ConfigError(
        f"unknown backend {backend!r}; use 'evidence', 'llm', 'llm:<model>', 'openai', 'openai:<model>' or "
        "'transformers:<id or path>'"
    )


def read_frames(corpus: CorpusReader, keyframes: Sequence[Keyframe]) -> list[Frame]:
    """The images of ``keyframes``, in their order: each sampled frame's JPEG thumbnail from the ``frames``
    table, or, for a keyframe placed between sampled frames (``vqdb.planner.placement``: its ``ts`` is not
    its frame's), the frame on screen at ``ts`` decoded from the video at the thumbnails' size (the
    thumbnail when the file cannot be decoded there)."""
    rows = corpus.sql_unchecked(
        """
        SELECT f.video_id, f.frame_idx, f.ts, f.jpeg, v.path
        FROM frames AS f
        JOIN (SELECT unnest($v::VARCHAR[]) AS video_id, unnest($i::INTEGER[]) AS frame_idx) AS k
          USING (video_id, frame_idx)
        LEFT JOIN videos AS v USING (video_id)
        """,
        params={"v": [k.video_id for k in keyframes], "i": [k.frame_idx for k in keyframes]},
    ).fetchall()
    sampled = {(v, i): (ts, jpeg, path) for v, i, ts, jpeg, path in rows}
    missing = [(k.video_id, k.frame_idx) for k in keyframes if (k.video_id, k.frame_idx) not in sampled]
    if missing:
        raise VqdbError(f"keyframes {missing[:3]} are not in the frames table; were they retrieved from this corpus?")
    frames = []
    for k in keyframes:
        ts, jpeg, path = sampled[(k.video_id, k.frame_idx)]
        if abs(k.ts - ts) > PLACED_S and path:
            jpeg = _frame_at(path, k.ts, corpus.config.thumb_max_side) or jpeg
        frames.append(Frame(k.ts, jpeg))
    return frames


def _frame_at(path: str, ts: float, max_side: int) -> bytes | None:
    """The JPEG of the frame on screen at ``ts`` in the video at ``path``; None when it cannot be decoded."""
    try:
        found = frame_at(path, ts, max_side)
    except (MediaError, OSError) as exc:
        log.warning("%s: the keyframe at %.2f s keeps its sampled frame's image: %s", path, ts, exc)
        return None
    return None if found is None else encode_jpeg(found[1])


def clue_intervals_around(
    keyframes: Sequence[Keyframe], half_width: float, durations: dict[str, float]
) -> list[list[float]]:
    """``[ts - half_width, ts + half_width]`` per keyframe, clipped to the video and merged when they overlap.

    Example:
        >>> kfs = [Keyframe("v", 0, 1.0), Keyframe("v", 1, 2.5), Keyframe("v", 5, 9.5)]
        >>> clue_intervals_around(kfs, 1.0, {"v": 10.0})
        [[0.0, 3.5], [8.5, 10.0]]
    """
    spans = sorted(
        [max(0.0, k.ts - half_width), min(durations.get(k.video_id, float("inf")), k.ts + half_width)]
        for k in keyframes
    )
    merged: list[list[float]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [[round(s, 3), round(e, 3)] for s, e in merged]


def default_window(durations: dict[str, float], n_keyframes: int) -> float:
    """Half-width of the span around a keyframe: ``duration / (4 k)`` clamped to 1..5 seconds.

    Example:
        >>> default_window({"v": 600.0}, 8), default_window({"v": 8.0}, 8)
        (5.0, 1.0)
    """
    duration = max(durations.values(), default=0.0)
    return min(MAX_WINDOW_S, max(MIN_WINDOW_S, duration / (4 * max(1, n_keyframes))))


def _answer_by_evidence(model: EvidenceAnswerer, corpus: CorpusReader, result: Answer, window: float) -> None:
    """The evidence-only answer: a "when" question's is the moment located (with options that name
    seconds of the video, the one nearest it; with other options, such as times of day after the
    video's end, the evidence-only answerer's choice, the moment kept in ``interval``); any other
    question's the evidence-only answerer's; a question about the video's own length, its duration
    (``_answer_length``)."""
    if _answer_length(corpus, result):
        return
    if not read_question(result.question).asks_when:
        _answer_from_evidence(model, corpus, result, window)
        return
    _answer_when(corpus, result)
    if not result.options:
        return
    spans = [video_span(o) for o in result.options]
    duration = max(_durations(corpus, {k.video_id for k in result.keyframes}).values(), default=0.0)
    if any(s is None or s[0] > duration + 1.0 for s in spans):  # options that describe it, or times of day
        _answer_from_evidence(model, corpus, result, window)  # read in the text; the moment stays in interval
    elif result.interval is not None:
        _nearest_span(result, spans)


def _answer_length(corpus: CorpusReader, result: Answer) -> bool:
    """Whether ``result`` asks how long the video is (``vqdb.answer.video_length``) and was answered with its
    duration from the ``videos`` table: the duration itself, or the option naming the amount of time nearest it
    (flagged where it is not clearly the nearest). False where it asks something else, the keyframes span several
    videos, or fewer than two options name an amount of time (then the text is read as usual)."""
    videos = {k.video_id for k in result.keyframes}
    if not asks_length(result.question) or len(videos) != 1:
        return False
    (video,) = videos
    duration = _durations(corpus, videos).get(video)
    if duration is None:
        return False
    said = f"the video's duration is {length_text(duration)} (the videos table): no text of the video is needed"
    if not result.options:
        result.answer = result.answer_text = length_text(duration)
        result.low_confidence = False
        result.notes.append(said)
        return True
    nearest = nearest_length(duration, list(result.options))
    if nearest is None:
        return False
    best, sure = nearest
    result.answer, result.answer_text = option_letters(len(result.options))[best], result.options[best]
    result.low_confidence = not sure
    result.notes.append(f"{said}; option {result.answer} ({result.answer_text}) names the amount nearest it")
    return True


def _nearest_span(result: Answer, spans: list[tuple[float, float]]) -> None:
    """The option whose seconds are nearest the located interval (0 when they meet it; then the one
    that shares most of it)."""
    start, end = result.interval["start_s"], result.interval["end_s"]
    distance = [max(start - b, a - end, 0.0) for a, b in spans]
    shared = [max(0.0, min(b, end) - max(a, start)) for a, b in spans]
    ranked = sorted(range(len(spans)), key=lambda i: (distance[i], -shared[i]))
    best = ranked[0]
    result.answer, result.answer_text = option_letters(len(spans))[best], result.options[best]
    margin = distance[ranked[1]] - distance[best] if len(ranked) > 1 else float("inf")
    result.low_confidence = bool(result.low_confidence or distance[best] > end - start or margin < TIME_MARGIN_S)
    result.notes.append(
        f"the options name seconds of the video: {result.answer} ({result.answer_text}) is nearest the interval "
        f"[{start:.1f}, {end:.1f}] ({distance[best]:.1f} s from it, the next {margin:.1f} s farther)"
    )


def _answer_from_evidence(model: EvidenceAnswerer, corpus: CorpusReader, result: Answer, window: float) -> None:
    """The evidence-only answer: the keyframes' videos' whole text is read, text near the keyframes first; an
    open question whose plan reads whatever text is in a place is answered with the text read there
    (``_answer_in_place``)."""
    if not result.options and _answer_in_place(corpus, result):
        return
    videos = sorted({k.video_id for k in result.keyframes})
    keyframe_ts = {v: [k.ts for k in result.keyframes if k.video_id == v] for v in videos}
    found = model.answer(
        result.question,
        result.options,
        result.evidence,
        timeline=read_timeline(corpus, videos, keyframe_ts),
        near=[(k.video_id, k.ts - window, k.ts + window) for k in result.keyframes],
    )
    result.answer, result.answer_text = found.answer, found.answer_text
    result.confidence, result.low_confidence = found.confidence, found.low_confidence
    result.notes.append(
        "answered by the evidence-only answerer (OCR / transcript / subtitle / audio text of the video, near the "
        "keyframes first; no vision-language model configured)"
    )
    if found.support is not None:
        result.notes.append(f"best supporting evidence: {found.support.source} {found.support.as_line()}")
    result.notes += list(found.notes)
    result.reply = json.dumps(
        {
            "scores": found.scores,
            "options": [o.as_dict() for o in found.options],
            "low_confidence": found.low_confidence,
            "confidence": found.confidence,
        }
    )


def _answer_in_place(corpus: CorpusReader, result: Answer) -> bool:
    """Whether ``result`` (an open question) was answered with the text read in the place its plan reads
    whatever text is in (``vqdb.answer.placed_text``), at its best keyframe: "what does the title at the top of
    the screen say?" is what the top of the screen says there. False (nothing set but a note) where its plan
    reads no place, nothing is read there, or what is read holds no value of the kind the question asks for
    (``vqdb.answer.answer_kind``: "Who is the guest?" where the text at the bottom names nobody)."""
    call, keyframe = placed_call(result.plan), best_keyframe(result.keyframes)
    if call is None or keyframe is None:
        return False
    found = text_in_place(corpus, keyframe.video_id, keyframe.ts, call.place, call.size)
    if found is None:
        return False
    kind = asked_kind(result.question)
    if kind and not holds_kind(kind, found.text):  # "Who is the guest?" is no strap that names nobody
        result.notes.append(
            f"the text in the place the question asks about ({call.place or call.size}) at {found.start_s:.1f} s, "
            f"{found.text[:60]!r}, holds no {kind}, which the question asks for: answered from all the text"
        )
        return False
    asked_time = time_in(found.text, read_question(result.question).context) if kind == "time" else None
    result.answer = result.answer_text = asked_time or found.text  # a time asked: the time, not the whole text
    result.low_confidence = False
    where = " ".join(part for part in (call.size, call.place) if part)
    result.notes.append(
        f"answered with the text read in the place the question asks about ({where}) at {found.start_s:.1f} s, "
        f"the OCR'd frame nearest the best keyframe ({keyframe.ts:.1f} s): the most prominent text there"
    )
    result.evidence = [found, *result.evidence]
    return True


def _answer_when(corpus: CorpusReader, result: Answer) -> None:
    """A "when" question's answer: the top interval ``vqdb.planner.locate`` finds for it (with the plan
    the keyframes were retrieved by), the text read and heard in it as its evidence; None when no call
    of the plan ranked a frame (nothing says when)."""
    videos = sorted({k.video_id for k in result.keyframes})
    plan = Plan.from_json(result.plan) if result.plan else None
    found = locate(
        corpus, result.question, options=result.options, video=videos[0] if len(videos) == 1 else None, plan=plan
    )
    rows = sorted((r for r in found.intervals.to_pylist() if r["score"] is not None), key=lambda r: -r["score"])
    result.notes += list(found.notes)
    result.low_confidence = True
    if not rows:
        result.notes.append("a 'when' question: no call of the plan found its moment in the video, so no time is given")
        return
    top = rows[0]
    span = [round(top["start_s"], 2), round(top["end_s"], 2)]
    result.interval = {k: top[k] for k in ("video_id", "start_s", "end_s", "score")}
    result.answer = result.answer_text = json.dumps(span)
    result.clue_intervals = [
        [round(r["start_s"], 3), round(r["end_s"], 3)] for r in rows if r["video_id"] == top["video_id"]
    ]
    streams = read_timeline(corpus, [top["video_id"]], {top["video_id"]: [(top["start_s"] + top["end_s"]) / 2]})
    result.evidence = sorted(
        (e for s in streams for e in s.snippets if e.start_s < top["end_s"] and e.end_s > top["start_s"]),
        key=lambda e: (e.start_s, e.source),
    )
    calls = list(top["supporting_calls"] or [])
    result.low_confidence = not calls
    result.notes.append(
        f"a 'when' question: answered with the top interval corpus.locate found, {span} of {top['video_id']} "
        f"(score {top['score']:.3f}, supported by {', '.join(calls) or 'no call: frames ranked without a text span'}; "
        f"{len(result.evidence)} snippets of text in it)"
    )


def _answer_with_vlm(model: Any, corpus: CorpusReader, result: Answer) -> None:
    subtitles = [e.as_line() for e in result.evidence if e.source in ("subtitle", "transcript")]
    frames = read_frames(corpus, result.keyframes)
    task = "mcq" if result.options else "open"
    _ask(
        model, build_messages(task, result.question, options=result.options, frames=frames, subtitles=subtitles), result
    )


def _answer_with_llm(model: LlmAnswerer, corpus: CorpusReader, result: Answer) -> None:
    videos = sorted({k.video_id for k in result.keyframes})
    keyframe_ts = {v: [k.ts for k in result.keyframes if k.video_id == v] for v in videos}
    streams = read_timeline(corpus, videos, keyframe_ts)
    _ask(model.chat, model.messages(result.question, result.options, streams, result.keyframes), result)
    result.notes.append("answered by a text-only LLM from the video's text (no frames)")


def _ask(model: Any, messages: list[dict], result: Answer) -> None:
    """Ask a chat model (VLM or LLM) and read its reply: the letter or free text, and its confidence."""
    reply = model.complete(messages, max_tokens=MCQ_MAX_TOKENS if result.options else OPEN_MAX_TOKENS, logprobs=True)
    result.reply = reply.text
    if reply.token_logprobs is None:
        result.notes.append("the backend returned no log-probabilities: confidence is NULL")
    if result.options:
        letter = parse_letter(reply.text, len(result.options))
        if letter is None:
            result.notes.append(f"the reply names no option letter: {reply.text[:200]!r}")
            return
        result.answer = letter
        result.answer_text = result.options[ord(letter) - ord("A")]
        result.confidence = choice_confidence(reply, letter)
    else:
        result.answer = result.answer_text = reply.text.strip()
        result.confidence = free_text_confidence(reply)


def _durations(corpus: CorpusReader, video_ids: set[str]) -> dict[str, float]:
    rows = corpus.sql_unchecked(
        "SELECT video_id, duration_s FROM videos WHERE list_contains($ids::VARCHAR[], video_id)",
        params={"ids": sorted(video_ids)},
    ).fetchall()
    return {v: float(d) for v, d in rows if d is not None}


def _to_row(result: Answer, key: str) -> dict[str, Any]:
    videos = {k.video_id for k in result.keyframes}
    return {
        "key": key,
        "question": result.question,
        "options": result.options,
        "video_id": next(iter(videos)) if len(videos) == 1 else None,
        "plan": result.plan,
        "sql": result.sql,
        "model": result.model,
        "answerer": result.answerer,
        "frames": [{"video_id": k.video_id, "frame_idx": k.frame_idx, "ts": k.ts} for k in result.keyframes],
        "answer": result.answer,
        "answer_text": result.answer_text,
        "confidence": result.confidence,
        "clue_intervals": result.clue_intervals,
        "evidence": json.dumps([dataclasses.asdict(e) for e in result.evidence]),
        "reply": result.reply,
        "notes": result.notes,
        "low_confidence": result.low_confidence,
        "interval": result.interval,
        "created_at": datetime.now(UTC),
    }


def _from_row(row: dict[str, Any], keyframes: list[Keyframe]) -> Answer:
    return Answer(
        question=row["question"],
        options=row["options"],
        answer=row["answer"],
        answer_text=row["answer_text"],
        confidence=row["confidence"],
        clue_intervals=[list(span) for span in row["clue_intervals"] or []],
        evidence=[Evidence(**e) for e in json.loads(row["evidence"] or "[]")],
        keyframes=keyframes,
        answerer=row["answerer"],
        model=row["model"],
        plan=row["plan"],
        sql=row["sql"],
        reply=row["reply"],
        notes=list(row["notes"] or []),
        low_confidence=row.get("low_confidence"),
        interval=row.get("interval") if (row.get("interval") or {}).get("start_s") is not None else None,
        cached=True,
    )
