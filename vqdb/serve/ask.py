"""The Ask page: a question -> its plan, the SQL it compiled to, the keyframes, each call's scores over
every sampled frame, the merged ranking and NMS picks and ``locate`` intervals (``ask``); over all videos,
the corpus's best moments (``Corpus.search``) with their files; then the answer on those keyframes with its
evidence (``answer``, a second request: the answerer is slower than retrieval).

The score lanes come from the retrieval SQL itself: its ``merged`` CTE holds every sampled frame with
each call's rank and score and the merged rank, so the lanes are that SQL with its final SELECT swapped
for one over ``merged`` (``lanes_sql``). Edited SQL gets lanes the same way when it kept that CTE.

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> result = ask(vqdb.connect(empty_corpus()), "when does the sign say EXIT", k=2)
    >>> result["keyframes"], result["plan"]["queries"]
    ([], [])
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import sqlglot
from sqlglot import exp

from vqdb.errors import VqdbError
from vqdb.serve.data import rows, since_ms

if TYPE_CHECKING:
    from vqdb.corpus import Corpus

# The per-frame columns of the compiler's ``merged`` CTE the lanes read, besides rank_<i> / score_<i>.
MERGED_COLUMNS = ("video_id", "frame_idx", "ts", "n_frames", "combined", "merged_rank")


def ask(
    corpus: Corpus,
    question: str,
    options: Sequence[str] | None = None,
    *,
    video: str | None = None,
    k: int = 8,
    intervals: int = 3,
    planner: str = "rules",
) -> dict[str, Any]:
    """What the Ask page shows first for ``question``: the plan, SQL, ``k`` keyframes and ``intervals`` locate
    intervals in ``video`` and the score lanes, with the milliseconds each stage took (``timings``); over
    every video (``video`` None), the ``k`` best moments of the corpus (``Corpus.search``: only videos with
    evidence, best first, with file names). The page then asks for the answer on these keyframes (``answer``).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> sorted(ask(vqdb.connect(empty_corpus()), "a dog on a red road", k=1)["timings"])
        ['lanes', 'plan', 'search', 'total']
    """
    if not isinstance(question, str) or not question.strip():
        raise VqdbError("the question is empty: type what you want to find or know about the videos")
    options = _options(options)
    timings: dict[str, float] = {}
    started = time.perf_counter()
    plan = corpus.plan(question, options, video=video, planner=planner)
    timings["plan"] = since_ms(started)
    if video is None:
        return _ask_all(corpus, question, options, plan, k, timings, started)
    mark = time.perf_counter()
    found = corpus.retrieve(question, video=video, k=k, plan=plan)
    timings["retrieve"] = since_ms(mark)
    mark = time.perf_counter()
    located = corpus.locate(question, video=video, k=intervals, plan=plan)
    timings["locate"] = since_ms(mark)
    keyframes = found.keyframes.to_pylist()
    return _shown(corpus, question, options, plan, found, keyframes, located.intervals.to_pylist(), timings, started)


def _ask_all(corpus, question, options, plan, k, timings, started) -> dict[str, Any]:
    """Ask over every video: the ``k`` best moments of the corpus (``Corpus.search``), best first, as keyframes
    (``merged_rank``: the moment's rank in the corpus; with its file, span and evidence text) and intervals;
    the SQL and score lanes are those of the best moment's video."""
    mark = time.perf_counter()
    searched = corpus.search(question, k=k, plan=plan)
    timings["search"] = since_ms(mark)
    moments = searched.moments.to_pylist()
    keyframes = [{**m, "merged_rank": m["rank"]} for m in moments]
    intervals = [{c: m[c] for c in ("video_id", "start_s", "end_s", "score", "supporting_calls")} for m in moments]
    best = moments[0]["video_id"] if moments else None
    found = corpus.retrieve(question, video=best, k=k, plan=plan) if best else None
    notes = [*searched.notes, *([] if moments else ["no video has evidence for the question"])]
    return _shown(corpus, question, options, plan, found, keyframes, intervals, timings, started, notes)


def _shown(corpus, question, options, plan, found, keyframes, intervals, timings, started, notes=None) -> dict:
    mark = time.perf_counter()
    calls = [call.to_dict() for call in plan.queries]
    lanes = score_lanes(corpus, found.sql, calls, checked=False) if found is not None else []
    timings["lanes"] = since_ms(mark)
    timings["total"] = since_ms(started)
    return {
        "question": question,
        "options": options,
        "plan": plan.to_dict(),
        "notes": list(found.notes) if notes is None else notes,
        "sql": found.sql if found is not None else "",
        "keyframes": keyframes,
        "calls": calls,
        "lanes": lanes,
        "intervals": intervals,
        "videos": _videos(corpus, {kf["video_id"] for kf in keyframes} | {lane["video_id"] for lane in lanes}),
        "timings": timings,
    }


def answer(
    corpus: Corpus,
    question: str,
    keyframes: Sequence[dict[str, Any]],
    options: Sequence[str] | None = None,
    *,
    plan: str | None = None,
    notes: Sequence[str] = (),
) -> dict[str, Any]:
    """The answer to ``question`` from ``keyframes`` (dicts with video_id, frame_idx, ts: those ``ask``
    returned): ``vqdb.answer.Answer`` as a dict (its evidence, confidence, ``low_confidence`` flag, the
    located ``interval`` of a "when" question) with the notes the answerer added (``answer_notes``: ``notes``
    holds those sent first), for no answer (``answer`` None) the reason, the last of them (``reason``), the
    files of the videos it names (``videos``) and the milliseconds it took. It is not cached: the web app
    never writes to the corpus.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> answer(vqdb.connect(empty_corpus()), "What?", [])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: no keyframes to answer 'What?' from: the corpus has no sampled frames; ...
    """
    from vqdb.answer import answer_on_keyframes

    started = time.perf_counter()
    result = answer_on_keyframes(
        corpus, question, list(keyframes), options=_options(options), cache=False, plan=plan, notes=notes
    ).to_dict()
    own = result["notes"][len(notes) :]
    result["answer_notes"] = own
    result["reason"] = own[-1] if result["answer"] is None and own else None
    named = [*result["keyframes"], *result["evidence"], *([result["interval"]] if result["interval"] else [])]
    result["videos"] = _videos(corpus, {row["video_id"] for row in named})
    result["ms"] = since_ms(started)
    return result


def run_edited(corpus: Corpus, sql: str, calls: Sequence[dict[str, str]] = ()) -> dict[str, Any]:
    """Run keyframe SQL a user edited, in the read-only session: its rows (at least video_id, frame_idx and
    ts per keyframe) and, when it kept the ``merged`` CTE, the score lanes.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> run_edited(vqdb.connect(empty_corpus()), "SELECT 1 AS frame_idx")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: the keyframe SQL must return the columns video_id, frame_idx, ts; it returned frame_idx
    """
    started = time.perf_counter()
    relation = corpus.sql(sql)
    columns = relation.columns if relation is not None else []
    missing = [c for c in ("video_id", "frame_idx", "ts") if c not in columns]
    if missing:
        raise VqdbError(
            "the keyframe SQL must return the columns video_id, frame_idx, ts; it returned "
            + (", ".join(columns) or "no result")
        )
    keyframes = [dict(zip(columns, row, strict=True)) for row in relation.fetchall()]
    lanes = score_lanes(corpus, sql, calls, checked=True)
    return {
        "sql": sql,
        "keyframes": keyframes,
        "lanes": lanes,
        "videos": _videos(corpus, {kf["video_id"] for kf in keyframes} | {lane["video_id"] for lane in lanes}),
        "timings": {"total": since_ms(started)},
    }


def lanes_sql(sql: str) -> str | None:
    """``sql`` with its final SELECT replaced by every frame of its ``merged`` CTE (the per-call ranks and
    scores, the merged rank), in time order; None when it has no such CTE (a uniform plan, edited SQL).

    Example:
        >>> from vqdb.planner.compiler import compile_plan
        >>> from vqdb.planner.plan import Plan
        >>> sql = compile_plan(Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}]}))
        >>> " ".join(lanes_sql(sql).split()[-9:])
        'SELECT * FROM merged ORDER BY video_id, ts, frame_idx'
        >>> lanes_sql("SELECT 1") is None
        True
    """
    try:
        tree = sqlglot.parse_one(sql, read="duckdb")
    except sqlglot.errors.ParseError:
        return None
    ctes = tree.args.get("with_") or tree.args.get("with")
    if not isinstance(tree, exp.Select) or ctes is None:
        return None
    kept = [cte for cte in ctes.expressions if cte.alias != "kept"]
    if "merged" not in {cte.alias for cte in kept}:
        return None
    query = exp.select("*").from_("merged").order_by("video_id", "ts", "frame_idx", dialect="duckdb")
    query.set("with_" if "with_" in tree.args else "with", exp.With(expressions=[cte.copy() for cte in kept]))
    return query.sql(dialect="duckdb", pretty=True)


def score_lanes(corpus: Corpus, sql: str, calls: Sequence[dict[str, str]], *, checked: bool) -> list[dict[str, Any]]:
    """Per video: every sampled frame's merged rank, and per call (``calls[i - 1]`` is ``rank_<i>``) its rank
    and score; ``checked`` runs the SQL through the read-only statement check (SQL a user edited).

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> score_lanes(vqdb.connect(empty_corpus()), "SELECT 1", [], checked=True)
        []
    """
    query = lanes_sql(sql)
    if query is None:
        return []
    relation = corpus.sql(query) if checked else corpus.sql_unchecked(query)
    names = set(relation.columns)
    if not set(MERGED_COLUMNS) <= names:
        return []
    ids = [call["id"] for call in calls]
    count = 1
    while f"rank_{count}" in names:
        count += 1
    ids = [ids[i] if i < len(ids) else f"call {i + 1}" for i in range(count - 1)]
    columns = [*MERGED_COLUMNS, *(f"{kind}_{i}" for i in range(1, count) for kind in ("rank", "score"))]
    by_video: dict[str, dict[str, Any]] = {}
    for row in relation.select(*columns).fetchall():
        record = dict(zip(columns, row, strict=True))
        lane = by_video.setdefault(record["video_id"], {"video_id": record["video_id"], "frames": []})
        lane["n_frames"] = record["n_frames"]
        lane["frames"].append(
            {
                "frame_idx": record["frame_idx"],
                "ts": record["ts"],
                "merged_rank": record["merged_rank"],
                "calls": {
                    call_id: {"rank": record[f"rank_{i}"], "score": _number(record[f"score_{i}"])}
                    for i, call_id in enumerate(ids, start=1)
                },
            }
        )
    return list(by_video.values())


def _options(options: Sequence[str] | None) -> list[str] | None:
    return [o for o in (options or []) if o.strip()] or None  # the page sends blank lines as options


def _videos(corpus: Corpus, video_ids: set[str]) -> dict[str, dict[str, Any]]:
    if not video_ids:
        return {}
    found = rows(
        corpus,
        "SELECT video_id, regexp_extract(path, '[^/\\\\]+$') AS file, duration_s FROM videos "
        "WHERE list_contains($ids, video_id)",
        {"ids": sorted(video_ids)},
    )
    return {row["video_id"]: row for row in found}


def _number(value: Any) -> float | None:
    return None if value is None else float(value)  # DECIMAL scores (hit calls: 1.0) as plain numbers
