"""Question quality on the public dev set (``benchmarks/quality/``): does retrieval find the moment, and
does the evidence-only answerer pick the right option? The rule planner against the uniform and
SigLIP-Q baselines, measured in the same run on the same corpus.

Per split (``dev``, ``heldout``, ``realdev``, ``realheld``; the blind ``fresh``, ``blind2`` and ``blind3`` splits only
when named, e.g. ``--split blind3``), media (``real``: shared clips as they are; ``composite``: real recordings mixed
over real footage with rendered captions; ``synthetic``: generated; each reported apart, and ``all``) and kind
(``text``, ``speech``, ``sound``, ``composition``, and the ``text+speech`` pool the issue's targets name):

* **HIT@1 / HIT@4**: ``corpus.retrieve(question, video=..., k=4)``; the keyframes ranked by
  ``merged_rank``; a hit is a keyframe within ``--tolerance`` seconds (default 0.5: half the sampling
  period at 1 fps, so an interval shorter than a second still contains a sampled time) of a
  ground-truth interval. **HIT@1 blind** is the share of questions that hit at 1 with a keyframe no call
  found evidence in (``supporting_calls`` empty: ``retrieve`` spread its keyframes evenly because nothing
  matched, and one landed in a long truth): HIT@1 counts them, as the issue's metric does, and this says
  how much of it is such luck.
* **tIoU, R@0.3/0.5/0.7 of the top interval**: ``corpus.locate(question, options=..., video=...)`` (the
  options as retrieve gets them: a multiple-choice question is grounded where its options are found), the
  top interval against the ground truth with the ``intervals_tiou`` macro.
* **S@1 / S@5** (with ``--search``, the rule planner only): ``corpus.search(question, k=5)`` over the whole
  corpus, no video named; a hit is a moment of the question's own video whose keyframe is within
  ``--tolerance`` of the truth (first, or among the first 5); ``S none`` counts the questions whose first
  moment is in a video other than the question's own (``vqdb search`` as a user with a corpus runs it).
* **MCQ accuracy** (questions with options): ``corpus.answer(question, options, video=..., backend=
  "evidence")`` with the planner's keyframes (``retrieval="uniform"`` for the uniform baseline; SigLIP-Q's
  or the LLM planner's keyframes through ``vqdb.answer.answer_on_keyframes``); answers are not cached.
  ``--backend`` names another answerer (e.g. ``transformers:<path>``).

A question that raises counts in ``errors`` (its metrics as misses) and the run goes on.

The corpus (ASR Whisper base, OCR EasyOCR, audio YAMNet, sidecar subtitles; every extractor whose model
is available) is built once under ``--cache`` (default ``.cache/quality``): the shared clips are read
from ``../shared/data`` (``--shared``); composites and synthetic clips are rendered from the recipes in
``videos.json`` with ``vqdb.testing.media`` and cached by a hash of the recipe and the generator's
source. ``--fresh`` rebuilds the corpus (to time ingest).

    .venv/bin/python benchmarks/quality.py
    .venv/bin/python benchmarks/quality.py --split dev --kind text,speech --planner rules --json out.json
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import re
import shutil
import sys
import time
import traceback
from collections.abc import Iterable, Sequence
from itertools import product
from pathlib import Path
from typing import Any

import vqdb
from vqdb.ingest.video_id import video_id
from vqdb.planner.retrieve import PLANNERS
from vqdb.store import is_corpus
from vqdb.testing import media

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "quality"
SHARED = REPO.parent / "shared" / "data"
CACHE = REPO / ".cache" / "quality"
SPLITS = ("dev", "heldout", "fresh", "blind2", "blind3", "realdev", "realheld")
DEFAULT_SPLITS = ("dev", "heldout", "realdev", "realheld")  # blind splits only when named: quality/README.md
REAL_SPLITS = ("realdev", "realheld", "blind3")  # shared clips only
MEDIA = {"shared": "real", "composite": "composite", "synthetic": "synthetic"}  # a video's source -> its media
KINDS = ("text", "speech", "sound", "composition")
POOLS = {"text+speech": ("text", "speech")}
DEFAULT_PLANNERS = ("rules", "uniform", "siglip-q")
BASELINES = ("uniform", "siglip-q")
THRESHOLDS = (0.3, 0.5, 0.7)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    videos = load_videos(args.data)
    questions = load_questions(args.data, args.split, args.kind, args.limit, videos)
    if not questions:
        print("no questions match the filters", file=sys.stderr)
        return 2
    needed = sorted({q["video"] for q in questions})
    clips = build_media({name: videos[name] for name in needed}, args.shared, args.cache / "media")
    corpus, ingest_report = build_corpus(clips, args)
    print(ingest_report)
    results = []
    start = time.perf_counter()
    for n, question in enumerate(questions, 1):
        clip = clips[question["video"]]
        gt = ground_truth(question, clip.truth)
        for planner in args.planner:
            results.append(run_question(corpus, question, gt, clip.video_id, planner, args))
        if n % 20 == 0:
            print(f"  {n}/{len(questions)} questions ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    query_s = time.perf_counter() - start
    table = summarize(results, args.planner)
    print()
    print(format_tables(table, args.planner))
    print(format_errors(results))
    print(
        f"\n{len(questions)} questions x {len(args.planner)} planners in {query_s:.1f} s; "
        f"locate: {'Corpus.locate' if hasattr(corpus, 'locate') else 'n/a (Corpus has no locate yet)'}; "
        f"k={args.k}, tolerance={args.tolerance} s"
    )
    if args.json:
        args.json.write_text(
            json.dumps({"summary": table, "results": results, "ingest": ingest_report.as_dict(), "query_s": query_s})
        )
    return 0


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--split",
        type=_choices(SPLITS),
        default=list(DEFAULT_SPLITS),
        help="dev,heldout,fresh,blind2,blind3,realdev,realheld (default dev,heldout,realdev,realheld)",
    )
    parser.add_argument("--kind", type=_choices(KINDS), default=list(KINDS), help="text,speech,sound,composition")
    parser.add_argument(
        "--planner", type=_choices(PLANNERS), default=list(DEFAULT_PLANNERS), help="rules,uniform,siglip-q (or llm)"
    )
    parser.add_argument("--backend", default="evidence", help="answer backend (corpus.answer's backend=)")
    parser.add_argument("--limit", type=int, default=None, help="at most this many questions per split")
    parser.add_argument("--json", type=Path, default=None, help="write every result and the summary here")
    parser.add_argument("-k", type=int, default=4, help="keyframes retrieved (HIT@k counts up to 4)")
    parser.add_argument("--answer-k", type=int, default=8, help="keyframes the answerer reads (corpus.answer's k)")
    parser.add_argument("--tolerance", type=float, default=0.5, help="seconds a keyframe may lie outside the truth")
    parser.add_argument("--data", type=Path, default=DATA, help="folder with videos.json, dev.jsonl, heldout.jsonl")
    parser.add_argument("--shared", type=Path, default=SHARED, help="the shared media (../shared/data)")
    parser.add_argument("--cache", type=Path, default=CACHE, help="rendered clips and the corpus")
    parser.add_argument("--jobs", type=int, default=1, help="ingest worker processes")
    parser.add_argument("--fresh", action="store_true", help="delete the cached corpus first (to time ingest)")
    parser.add_argument("--search", action="store_true", help="also search the whole corpus (S@1, S@5)")
    return parser.parse_args(argv)


def _choices(allowed: Sequence[str]):
    def parse(text: str) -> list[str]:
        values = [v.strip() for v in text.split(",") if v.strip()]
        bad = [v for v in values if v not in allowed]
        if bad or not values:
            raise argparse.ArgumentTypeError(f"{text!r}: choose from {', '.join(allowed)} (comma-separated)")
        return values

    return parse


# -- data -----------------------------------------------------------------------------------------
QUESTION_KEYS = {"id", "video", "kind", "question", "options", "answer", "gt", "gt_events", "gt_text", "verified"}
QUESTION_KEYS |= {"tags"}


def load_videos(data: Path) -> dict[str, dict[str, Any]]:
    """``videos.json``, each entry checked: a shared clip names its ``path``, a composite or synthetic clip
    has a ``recipe``, a composite of real media says how its annotations were ``verified``, a real split
    holds shared clips only."""
    videos = json.loads((data / "videos.json").read_text())
    for name, entry in videos.items():
        source = entry.get("source")
        problems = []
        if source not in ("shared", "composite", "synthetic"):
            problems.append(f"source {source!r} is not shared, composite or synthetic")
        if entry.get("split") not in SPLITS:
            problems.append(f"split {entry.get('split')!r} is not one of {SPLITS}")
        if (source == "shared") != ("path" in entry) or (source == "shared") == ("recipe" in entry):
            problems.append("a shared clip has a path, a composite or synthetic clip a recipe")
        if entry.get("split") in REAL_SPLITS and source != "shared":
            problems.append(f"split {entry['split']!r} holds shared clips only (real media as it is)")
        if source == "composite" and not entry.get("verified"):
            problems.append("a composite of real media needs 'verified' (how its annotations were checked)")
        if problems:
            raise ValueError(f"videos.json: {name}: " + "; ".join(problems))
    return videos


def load_questions(
    data: Path, splits: Iterable[str], kinds: Iterable[str], limit: int | None, videos: dict[str, Any]
) -> list[dict[str, Any]]:
    """The questions of ``splits`` whose kind is in ``kinds`` (at most ``limit`` per split), each checked and
    given its ``split`` and its video's ``media``; a question's video belongs to the question's split, so
    tuning on dev never sees a heldout video."""
    out = []
    for split in splits:
        path = data / f"{split}.jsonl"
        chosen = []
        for line_no, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            q = json.loads(line)
            check_question(q, videos, f"{path.name}:{line_no}")
            if videos[q["video"]]["split"] != split:
                raise ValueError(f"{path.name}:{line_no} ({q['id']}): video {q['video']!r} belongs to another split")
            if q["kind"] in kinds:
                chosen.append({**q, "split": split, "media": MEDIA[videos[q["video"]]["source"]]})
        out += chosen[:limit] if limit is not None else chosen
    return out


def check_question(q: dict[str, Any], videos: dict[str, Any], where: str) -> None:
    """Raise ValueError naming ``where`` when a question record is malformed."""
    problems = []
    unknown = set(q) - QUESTION_KEYS
    if unknown:
        problems.append(f"unknown keys {sorted(unknown)}")
    for key in ("id", "video", "kind", "question"):
        if not q.get(key):
            problems.append(f"missing {key}")
    if q.get("kind") not in KINDS:
        problems.append(f"kind {q.get('kind')!r} is not one of {KINDS}")
    if q.get("video") not in videos:
        problems.append(f"video {q.get('video')!r} is not in videos.json")
    if sum(k in q for k in ("gt", "gt_events", "gt_text")) != 1:
        problems.append("needs exactly one of gt, gt_events, gt_text")
    if "gt" in q and videos.get(q.get("video"), {}).get("source") == "shared" and not q.get("verified"):
        problems.append("a hand-annotated interval on real media needs 'verified' (how it was checked)")
    if q.get("options") is not None:
        letters = [chr(ord("A") + i) for i in range(len(q["options"]))]
        if q.get("answer") not in letters:
            problems.append(f"answer {q.get('answer')!r} is not one of {letters}")
    if problems:
        raise ValueError(f"{where} ({q.get('id')}): " + "; ".join(problems))


class Built:
    """A benchmark video on disk: its path, vqdb video id and (generated clips) ground truth."""

    def __init__(self, path: Path, truth: Sequence[media.Truth] = ()):
        self.path = path
        self.truth = tuple(truth)
        self.video_id = video_id(path)


def build_media(videos: dict[str, dict[str, Any]], shared: Path, cache: Path) -> dict[str, Built]:
    """Shared clips as they are; composites and synthetic clips rendered (or found in the cache)."""
    if not shared.is_dir():
        raise SystemExit(f"the shared media folder {shared} is missing: pass --shared DIR")
    generator = hashlib.sha256(Path(inspect.getfile(media)).read_bytes()).hexdigest()
    built = {}
    for name, entry in videos.items():
        if entry["source"] == "shared":
            built[name] = Built(shared / entry["path"])
            continue
        recipe = entry["recipe"]
        digest = hashlib.sha256((json.dumps(recipe, sort_keys=True) + generator).encode()).hexdigest()[:12]
        path = cache / f"{name}-{digest}.mp4"
        truth_file = path.with_suffix(".json")
        if truth_file.exists() and path.exists():
            clip = media.Clip.from_json(truth_file.read_text())
        else:
            start = time.perf_counter()
            clip = media.build(recipe, path, shared)
            truth_file.write_text(clip.to_json())
            print(f"rendered {path.name} ({clip.duration_s:.0f} s) in {time.perf_counter() - start:.1f} s")
        built[name] = Built(path, clip.truth)
    return built


class IngestReport:
    """What building the corpus cost: videos ingested now (with their media and work seconds) or found."""

    def __init__(self, summary: Any, seconds: float, found: int):
        self.summary, self.seconds, self.found = summary, seconds, found

    def as_dict(self) -> dict[str, Any]:
        rows = self.summary.ingested if self.summary else []
        return {
            "seconds": self.seconds,
            "videos_ingested": len(rows),
            "media_s": sum(r[2] for r in rows),
            "videos_found": self.found,
            "failed": [list(f) for f in self.summary.failed] if self.summary else [],
            "partial": [list(p) for p in self.summary.partial] if self.summary else [],
        }

    def __str__(self) -> str:
        d = self.as_dict()
        lines = [
            f"ingest: {d['videos_ingested']} videos ({d['media_s']:.0f} s of media) in {d['seconds']:.1f} s"
            + (f" ({d['media_s'] / d['seconds']:.2f}x realtime)" if d["videos_ingested"] else "")
            + f"; {d['videos_found']} already in the corpus"
        ]
        lines += [f"  FAILED {p}: {why}" for p, why in d["failed"]]
        lines += [f"  partial {p}: {why}" for p, why in d["partial"]]
        return "\n".join(lines)


def build_corpus(clips: dict[str, Built], args: argparse.Namespace) -> tuple[Any, IngestReport]:
    """The benchmark corpus with every clip ingested (one ingest call, so models load once)."""
    root = args.cache / "corpus"
    if args.fresh and root.exists():
        shutil.rmtree(root)
    corpus = vqdb.connect(root, progress=False)
    exists = is_corpus(root)  # the first ingest creates it
    present = {r[0] for r in corpus.sql("SELECT video_id FROM videos").fetchall()} if exists else set()
    missing = sorted({str(c.path) for c in clips.values() if c.video_id not in present})
    summary, seconds = None, 0.0
    if missing:
        start = time.perf_counter()
        summary = corpus.ingest(missing, jobs=args.jobs)
        seconds = time.perf_counter() - start
    return corpus, IngestReport(summary, seconds, len(clips) - len(missing))


# -- ground truth ---------------------------------------------------------------------------------
def ground_truth(q: dict[str, Any], truth: Sequence[media.Truth]) -> list[tuple[float, float]]:
    """The question's intervals: given (``gt``), the named events of the clip (``gt_events``), or every
    text on screen that contains ``gt_text`` (case and line breaks ignored). Overlaps are merged."""
    if "gt" in q:
        spans = [(float(a), float(b)) for a, b in q["gt"]]
    elif "gt_events" in q:
        by_id = {t.id: t for t in truth}
        missing = [e for e in q["gt_events"] if e not in by_id]
        if missing:
            raise ValueError(f"{q['id']}: events {missing} are not in the clip; it has {sorted(by_id)}")
        spans = [(by_id[e].start_s, by_id[e].end_s) for e in q["gt_events"]]
    else:
        phrase = _norm(q["gt_text"])
        spans = [(t.start_s, t.end_s) for t in truth if t.kind == "text" and phrase in _norm(t.text)]
        if not spans:
            raise ValueError(f"{q['id']}: no text on screen contains {q['gt_text']!r}")
    merged: list[list[float]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


# -- one question ---------------------------------------------------------------------------------
def run_question(
    corpus: Any, q: dict[str, Any], gt: list[tuple[float, float]], vid: str, planner: str, args: argparse.Namespace
) -> dict[str, Any]:
    """Retrieve, locate and (with options) answer one question with one planner; errors are recorded."""
    result: dict[str, Any] = {
        "id": q["id"],
        "split": q["split"],
        "media": q["media"],
        "kind": q["kind"],
        "planner": planner,
        "gt": gt,
        "mcq": q.get("options") is not None,
        "errors": [],
    }
    try:
        found = corpus.retrieve(q["question"], video=vid, k=args.k, planner=planner)
        ranked = sorted(found.keyframes.to_pylist(), key=lambda r: (r["merged_rank"], -(r["score"] or 0), r["ts"]))
        times = [r["ts"] for r in ranked]
        result["keyframes"] = times
        result["plan"] = found.plan.to_json()
        first = next((i for i, t in enumerate(times) if inside(t, gt, args.tolerance)), None)
        result["hit1"] = first is not None and first < 1
        result["hit4"] = first is not None and first < 4
        result["blind1"] = result["hit1"] and not ranked[0]["supporting_calls"]
    except Exception as exc:  # recorded, not raised: one bad question must not stop the run
        result["errors"].append(_error("retrieve", exc))
        result["hit1"] = result["hit4"] = result["blind1"] = False
    result["tiou"] = locate_tiou(corpus, q, gt, vid, planner, result)
    if args.search and planner == "rules":
        search_hits(corpus, q, gt, vid, args.tolerance, result)
    if result["mcq"]:
        try:
            answer = answer_question(corpus, q, vid, planner, args.answer_k, args.backend)
            result["answer"] = answer.answer
            result["correct"] = answer.answer == q["answer"]
        except Exception as exc:
            result["errors"].append(_error("answer", exc))
            result["correct"] = False
    return result


def search_hits(
    corpus: Any, q: dict[str, Any], gt: list[tuple[float, float]], vid: str, tolerance: float, result: dict
) -> None:
    """Where ``corpus.search`` over every video puts the question's moment: ``s1`` / ``s5`` (the question's
    video, its keyframe within ``tolerance`` of the truth, first / among the first 5) and ``s_other`` (the
    first moment is in another video)."""
    try:
        moments = corpus.search(q["question"], k=5).moments.to_pylist()
    except Exception as exc:
        result["errors"].append(_error("search", exc))
        moments = []
    hits = [m["video_id"] == vid and inside(m["ts"], gt, tolerance) for m in moments]
    result["search"] = [(m["video_id"], m["ts"]) for m in moments]
    result["s1"], result["s5"] = bool(hits[:1] and hits[0]), any(hits)
    result["s_other"] = bool(moments) and moments[0]["video_id"] != vid


def inside(t: float, gt: Sequence[tuple[float, float]], tolerance: float) -> bool:
    """True when ``t`` lies within ``tolerance`` seconds of one of the intervals.

    Example:
        >>> inside(2.4, [(2.9, 3.1)], 0.5), inside(2.3, [(2.9, 3.1)], 0.5)
        (True, False)
    """
    return any(a - tolerance <= t <= b + tolerance for a, b in gt)


def locate_tiou(
    corpus: Any, q: dict[str, Any], gt: list[tuple[float, float]], vid: str, planner: str, result: dict
) -> float:
    """tIoU of ``corpus.locate``'s top interval (planned by ``planner``) with the truth (``intervals_tiou``)."""
    try:
        rows = corpus.locate(q["question"], options=q.get("options"), video=vid, planner=planner).intervals.to_pylist()
    except Exception as exc:
        result["errors"].append(_error("locate", exc))
        return 0.0
    if not rows:
        return 0.0
    top = rows[0]
    result["top_interval"] = [top["start_s"], top["end_s"]]
    return tiou(corpus, [(top["start_s"], top["end_s"])], gt)


def tiou(corpus: Any, pred: Sequence[tuple[float, float]], gt: Sequence[tuple[float, float]]) -> float:
    """CG-Bench multi-interval tIoU with the project's ``intervals_tiou`` macro."""
    as_structs = "list_transform($%s::DOUBLE[][], x -> {'start': x[1], 'end': x[2]})"
    row = corpus.sql(
        f"SELECT intervals_tiou({as_structs % 'p'}, {as_structs % 'g'})",
        params={"p": [list(p) for p in pred], "g": [list(g) for g in gt]},
    ).fetchone()
    return float(row[0])


def answer_question(corpus: Any, q: dict[str, Any], vid: str, planner: str, k: int, backend: str) -> Any:
    """The answer (not cached) from the planner's keyframes: ``corpus.answer`` for the rules and uniform
    retrievals it offers, ``answer_on_keyframes`` with the keyframes of any other planner."""
    if planner in ("rules", "uniform"):
        retrieval = "planner" if planner == "rules" else "uniform"
        return corpus.answer(
            q["question"], q["options"], video=vid, k=k, backend=backend, cache=False, retrieval=retrieval
        )
    from vqdb.answer import answer_on_keyframes

    found = corpus.retrieve(q["question"], options=q["options"], video=vid, k=k, planner=planner)
    return answer_on_keyframes(
        corpus, q["question"], found.keyframes, options=q["options"], backend=backend, cache=False
    )


def _error(stage: str, exc: Exception) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{stage}: {type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"


# -- tables ---------------------------------------------------------------------------------------
def summarize(results: list[dict[str, Any]], planners: Sequence[str]) -> list[dict[str, Any]]:
    """One row per split (and 'all') x media x kind (and pools, 'all') x planner. A split's media are
    ``all`` and, when it mixes them, each of ``real``, ``composite`` and ``synthetic`` apart."""
    rows = []
    splits = list(dict.fromkeys(r["split"] for r in results))
    splits += ["all"] if len(splits) > 1 else []
    kinds = [k for k in KINDS if any(r["kind"] == k for r in results)]
    groups = [(k, (k,)) for k in kinds] + [(p, ks) for p, ks in POOLS.items() if len(set(ks) & set(kinds)) > 1]
    groups += [("all", tuple(kinds))] if len(kinds) > 1 else []
    for split in splits:
        in_split = [r for r in results if split in (r["split"], "all")]
        for medium, (group, members), planner in product(_media(in_split), groups, planners):
            mine = [
                r
                for r in in_split
                if r["planner"] == planner and r["kind"] in members and medium in (r["media"], "all")
            ]
            if mine:
                rows.append({"split": split, "media": medium, "kind": group, "planner": planner, **metrics(mine)})
    return rows


def _media(results: list[dict[str, Any]]) -> list[str]:
    present = [m for m in MEDIA.values() if any(r["media"] == m for r in results)]
    return ["all"] + (present if len(present) > 1 else [])


def metrics(results: list[dict[str, Any]]) -> dict[str, Any]:
    """HIT@1, HIT@4, mean tIoU and R@t (None when unmeasured), MCQ accuracy, error count."""
    n = len(results)
    tious = [r["tiou"] for r in results if r["tiou"] is not None]
    mcq = [r for r in results if r["mcq"]]
    out = {
        "n": n,
        "hit1": sum(r["hit1"] for r in results) / n,
        "hit4": sum(r["hit4"] for r in results) / n,
        "blind1": sum(r.get("blind1", False) for r in results) / n,
        "tiou": sum(tious) / len(tious) if tious else None,
        "mcq_n": len(mcq),
        "mcq_acc": sum(r["correct"] for r in mcq) / len(mcq) if mcq else None,
        "errors": sum(bool(r["errors"]) for r in results),
    }
    searched = [r for r in results if "s1" in r]
    for name in ("s1", "s5", "s_other"):
        out[name] = sum(r[name] for r in searched) / len(searched) if searched else None
    for t in THRESHOLDS:
        out[f"r@{t}"] = sum(x >= t for x in tious) / len(tious) if tious else None
    return out


def format_tables(rows: list[dict[str, Any]], planners: Sequence[str]) -> str:
    """The metrics per split and kind (every medium together), then the run's real, composite and synthetic
    media apart (all its splits together), each with the ratios of the planners that are not baselines
    against each baseline."""
    overall = [r for r in rows if r["media"] == "all"]
    apart = [r for r in rows if r["media"] != "all" and r["split"] == rows[-1]["split"]]
    text = _table("Quality per split and kind", overall, rows, planners)
    if apart:
        title = f"Real, composite and synthetic media apart (split {rows[-1]['split']})"
        text += "\n\n" + _table(title, apart, rows, planners)
    return text


def _table(title: str, shown: list[dict[str, Any]], rows: list[dict[str, Any]], planners: Sequence[str]) -> str:
    head = "| split | media | kind | planner | n | HIT@1 | HIT@4 | HIT@1 blind | mean tIoU | R@0.3 | R@0.5 | R@0.7 |"
    head += " MCQ n | MCQ acc | S@1 | S@5 | S other | errors |"
    lines = [title, "", head, _rule(head)]
    for r in shown:
        lines.append(
            f"| {_key(r)} | {r['n']} | {_f(r['hit1'])} | {_f(r['hit4'])} | {_f(r['blind1'])} | {_f(r['tiou'])} | "
            f"{_f(r['r@0.3'])} | "
            f"{_f(r['r@0.5'])} | {_f(r['r@0.7'])} | {r['mcq_n']} | {_f(r['mcq_acc'])} | {_f(r['s1'])} | "
            f"{_f(r['s5'])} | {_f(r['s_other'])} | {r['errors']} |"
        )
    baselines = [b for b in BASELINES if b in planners]
    others = [p for p in planners if p not in BASELINES]
    if baselines and others:
        cols = [f"{m} x {b}" for b in baselines for m in ("HIT@1", "HIT@4", "MCQ")]
        head = "| split | media | kind | planner | " + " | ".join(cols) + " |"
        lines += ["", "Ratios against the baselines (same run, same questions)", "", head, _rule(head)]
        index = {(r["split"], r["media"], r["kind"], r["planner"]): r for r in rows}
        for r in shown:
            if r["planner"] not in others:
                continue
            cells = []
            for b in baselines:
                base = index.get((r["split"], r["media"], r["kind"], b), {})
                cells += [_ratio(r["hit1"], base.get("hit1")), _ratio(r["hit4"], base.get("hit4"))]
                cells.append(_ratio(r["mcq_acc"], base.get("mcq_acc")))
            lines.append(f"| {_key(r)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _key(row: dict[str, Any]) -> str:
    return f"{row['split']} | {row['media']} | {row['kind']} | {row['planner']}"


def format_errors(results: list[dict[str, Any]], show: int = 10) -> str:
    """The number of questions that raised, and the first few errors."""
    failed = [r for r in results if r["errors"]]
    lines = [f"\nquestion errors: {len(failed)} of {len(results)} (question x planner)"]
    lines += [f"  {r['id']} [{r['planner']}] {e}" for r in failed[:show] for e in r["errors"]]
    return "\n".join(lines)


def _rule(head: str) -> str:
    return "|" + "---|" * (head.count("|") - 1)


def _f(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f}"


def _ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None:
        return "n/a"
    if b == 0:
        return "inf" if a > 0 else "n/a"
    return f"{a / b:.2f}"


if __name__ == "__main__":
    raise SystemExit(main())
