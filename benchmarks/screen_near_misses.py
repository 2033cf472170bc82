"""Near misses on screen: does ``screen_text_score``'s graded zone below ``min_score`` find text that the
floor alone misses, without letting unrelated text score? Measured on real EasyOCR reads: the ``ocr`` tables
of corpora the quality benchmark built (``benchmarks/quality.py --cache DIR``), not on its questions.

The queries are the texts rendered on the benchmark's synthetic and composite clips (``videos.json``), as
shown (``exact``), line by line (``line``), with a word dropped (``drop``: the middle one) or a word added
(``insert``: "the" after the first), as a question may word them. A frame shows a text when it was read
within half a second of the text's time on screen. Per query and clip, the frames are ranked by their score
(a frame's boxes in reading order, as the ``ocr`` tool reads them), and the table counts queries whose
top-scored frame shows the text (``first``), shows another (``wrong``), or that nothing scored (``none``);
``unrelated`` counts (query, read of another clip) pairs scoring above 0. ``floor`` is the same scores with
every near miss set to 0 (a near miss scores under ``NEAR_MISS`` times ``min_score``, a match above it), the
baseline measured in the same run.

    .venv/bin/python benchmarks/screen_near_misses.py --cache .cache/quality --cache .cache/quality-fresh
"""

from __future__ import annotations

import argparse
import collections
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

import vqdb
from vqdb.planner.tools.base import Context
from vqdb.planner.tools.ocr import NUMERIC_QUERY, Ocr
from vqdb.udfs.text_grade import NEAR_MISS, min_score, screen_scores

REPO = Path(__file__).resolve().parents[1]
VIDEOS = REPO / "benchmarks" / "quality" / "videos.json"
SHOWN_SLACK_S = 0.5  # a read this close to a text's time on screen shows it
VARIANTS = ("exact", "line", "drop", "insert")

Scorer = Callable[[list[str], str], np.ndarray]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, action="append", help="a quality.py --cache folder (repeatable)")
    args = parser.parse_args()
    caches = args.cache or [REPO / ".cache" / "quality"]
    clips = [clip for cache in caches for clip in read_clips(cache / "corpus")]
    scorers: dict[str, Scorer] = {"floor": floor_only, "graded": screen_scores}
    print(
        f"{len(clips)} clips, {sum(len(c['reads']) for c in clips)} frames read, corpora: {', '.join(map(str, caches))}"
    )
    print(f"{'variant':8} {'queries':>7} " + " ".join(f"{s + ' ' + m:>14}" for s in scorers for m in ("first", "none")))
    totals = {name: collections.Counter() for name in scorers}
    for variant in VARIANTS:
        row = {name: evaluate(clips, scorer, variant) for name, scorer in scorers.items()}
        for name, counts in row.items():
            totals[name].update(counts)
        cells = " ".join(f"{row[s]['first']:>14} {row[s]['none']:>14}" for s in scorers)
        print(f"{variant:8} {row['graded']['queries']:>7} {cells}")
    cells = " ".join(f"{totals[s]['first']:>14} {totals[s]['none']:>14}" for s in scorers)
    print(f"{'all':8} {totals['graded']['queries']:>7} {cells}")
    for name, counts in totals.items():
        share = counts["unrelated"] / max(1, counts["pairs"])
        print(
            f"{name}: wrong first {counts['wrong']}, unrelated pairs scoring > 0 {counts['unrelated']} "
            f"of {counts['pairs']} ({share:.4%})"
        )
    base, graded = totals["floor"], totals["graded"]
    print(
        f"graded / floor: first {graded['first'] / max(1, base['first']):.3f}, "
        f"unrelated {graded['unrelated'] / max(1, base['unrelated']):.3f}"
    )


def floor_only(texts: list[str], query: str) -> np.ndarray:
    """``screen_scores`` without its near misses: the scores of reads that reach ``min_score``."""
    scores = screen_scores(texts, query)
    return np.where(scores >= NEAR_MISS * min_score(query), scores, 0.0)


def read_clips(corpus_path: Path) -> list[dict]:
    """Per clip of the corpus with a recipe: its frames' texts in reading order, their times, and the texts
    rendered on it with their times on screen."""
    recipes = json.loads(VIDEOS.read_text())
    corpus = vqdb.connect(corpus_path)
    reads = corpus.sql(Ocr().frame_texts(Context("")).sql("duckdb")).fetchall()
    clips = []
    for video_id, path in corpus.sql("SELECT video_id, path FROM videos").fetchall():
        name = Path(path).stem.rsplit("-", 1)[0]
        shown = list(rendered(recipes.get(name, {}).get("recipe", {})))
        mine = sorted((ts, text) for v, _, ts, text, *_ in reads if v == video_id)
        if shown and mine:
            clips.append({"name": name, "reads": mine, "shown": shown})
    return clips


def rendered(node) -> Iterator[tuple[str, float, float]]:
    """(text, start_s, end_s) of every text layer of a recipe."""
    if isinstance(node, dict):
        if node.get("layer") == "Text":
            yield node["text"], float(node.get("start_s", 0.0)), float(node.get("end_s", float("inf")))
        for value in node.values():
            yield from rendered(value)
    elif isinstance(node, list):
        for value in node:
            yield from rendered(value)


def queries(text: str, variant: str) -> list[str]:
    """The text worded as ``variant`` (none where the variant does not apply)."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    words = " ".join(lines).split()
    if variant == "exact":
        return [" ".join(words)]
    if variant == "line":
        return lines if len(lines) > 1 else []
    if len(words) < 3:
        return []
    if variant == "drop":
        middle = len(words) // 2
        return [" ".join(words[:middle] + words[middle + 1 :])]
    return [" ".join(words[:1] + ["the"] + words[1:])]


def evaluate(clips: list[dict], scorer: Scorer, variant: str) -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    for clip in clips:
        texts = [text for _, text in clip["reads"]]
        others = [text for other in clips if other["name"] != clip["name"] for _, text in other["reads"]]  # other clips
        for shown, start, end in clip["shown"]:
            truth = np.array([start - SHOWN_SLACK_S <= ts <= end + SHOWN_SLACK_S for ts, _ in clip["reads"]])
            for query in queries(shown, variant):
                if NUMERIC_QUERY.fullmatch(query):
                    continue  # matched exactly as words by the ocr tool, not graded
                scores = scorer(texts, query)
                counts["queries"] += 1
                best = scores.max()
                counts["none" if best <= 0 else "first" if truth[scores == best].any() else "wrong"] += 1
                unrelated = scorer(others, query)
                counts["unrelated"] += int((unrelated > 0).sum())
                counts["pairs"] += len(unrelated)
    return counts


if __name__ == "__main__":
    main()
