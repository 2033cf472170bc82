"""The text read in a place on screen at a keyframe: the answer to an open question that asks what a text in a
place says ("what does the title at the top of the screen say?"), whose plan reads whatever text is there (an
``ocr`` call with no words, ``vqdb.planner.tools.ocr.reads_any_text``, and a place or size).

At the keyframe that ranked best (the highest score, then the earliest), the OCR'd frame nearest it is read:
its boxes holding text in the call's place (``holds_query_array``: a letter or digit, a height, the centre
there), and of those the ones that stand out as the call's ``prominence`` grades them (at least
``SIZE_SHARE`` of the tallest's height; for "small", at most the shortest's over it), top to bottom and left
to right. The title, not the small date above it. "The logo in the corner" is in one corner (place
"corner", any of the four): that of the box that stands out most ("CHANNEL 7", not the LIVE tag in the
other top corner), its height times the share of the video's OCR'd frames that read its text (a logo stays:
"UNI TV", not a running counter's "0.000" in a larger box in another corner).

Example:
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> text_in_place(vqdb.connect(empty_corpus()), "v", 1.0, "top", None) is None
    True
"""

from __future__ import annotations

from collections.abc import Sequence

import pyarrow as pa

from vqdb.answer.evidence import Evidence, Keyframe
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.plan import Call, Plan
from vqdb.planner.tools.ocr import SIZE_SHARE, holds_query_array, reads_any_text
from vqdb.videos import CorpusSql


def placed_call(plan: str | None) -> Call | None:
    """The first call of ``plan`` (its JSON) that reads whatever text is in a place (no words, a place or a
    size), None where none does (or there is no valid plan).

    Example:
        >>> plan = '{"queries": [{"id": "Q1", "tool": "ocr", "query": "", "place": "top"}], "combine": "Q1"}'
        >>> placed_call(plan).place, placed_call('{"queries": [], "combine": ""}')
        ('top', None)
    """
    try:
        calls = Plan.from_json(plan).queries if plan else ()
    except PlanError:  # a plan that is not one reads nothing
        return None
    return next((c for c in calls if reads_any_text(c.query) and (c.place or c.size) and c.when is None), None)


def best_keyframe(keyframes: Sequence[Keyframe]) -> Keyframe | None:
    """The keyframe that ranked best: the best merged rank where retrieval gave one (a plan's order promotes
    a frame over better scored ones: "What is the last caption shown?" ranks the latest caption first), else
    the highest score (one without a score last), then the earliest.

    Example:
        >>> best_keyframe([Keyframe("v", 1, 1.0, 0.5), Keyframe("v", 4, 4.0, 0.9)]).ts
        4.0
        >>> best_keyframe([Keyframe("v", 1, 1.5, 1.0, rank=2), Keyframe("v", 29, 29.0, 0.59, rank=1)]).ts
        29.0
    """
    ranked = sorted(keyframes, key=lambda k: (k.rank is None, k.rank or 0, k.score is None, -(k.score or 0.0), k.ts))
    return ranked[0] if ranked else None


def text_in_place(corpus: CorpusSql, video_id: str, ts: float, place: str | None, size: str | None) -> Evidence | None:
    """The prominent text (see the module) read in ``place``, of ``size``, on the OCR'd frame of ``video_id``
    nearest ``ts``, as evidence at that frame; None where nothing is read there."""
    read = "FROM ocr WHERE video_id = $video AND trim(text) <> ''"
    rows = corpus.sql_unchecked(
        f"SELECT ts, text, box.x0, box.y0, box.x1, box.y1 {read} "
        f"AND ts = (SELECT ts {read} ORDER BY abs(ts - $ts), ts LIMIT 1)",  # the nearest OCR'd frame's rows only
        params={"video": video_id, "ts": ts},
    ).fetchall()
    if not rows:
        return None
    nearest = rows[0][0]
    frame = [(*row[:2], *(0.0 if edge is None else float(edge) for edge in row[2:])) for row in rows]  # no box: 0
    x0, y0, x1, y1 = (pa.array([row[i] for row in frame], pa.float64()) for i in range(2, 6))
    holds = holds_query_array(pa.chunked_array([[row[1] for row in frame]], pa.string()), x0, x1, y0, y1, "", place)
    held = [row for row, h in zip(frame, holds, strict=True) if h]
    if not held:
        return None
    if place == "corner":  # "the logo in the corner" is one: the corner whose text stands out most and stays
        shown = _shown_share(corpus, video_id, {row[1] for row in held})
        extreme = min if size == "small" else max
        standing = extreme(held, key=lambda row: (row[5] - row[3]) * shown[row[1]])
        held = [row for row in held if _corner(row) == _corner(standing)]
    heights = [row[5] - row[3] for row in held]
    if size == "small":
        shown = [row for row, h in zip(held, heights, strict=True) if h * SIZE_SHARE <= min(heights)]
    else:
        shown = [row for row, h in zip(held, heights, strict=True) if h >= SIZE_SHARE * max(heights)]
    text = " ".join(row[1] for row in sorted(shown, key=lambda row: ((row[3] + row[5]) / 2, row[2])))
    return Evidence("ocr", video_id, nearest, nearest, text, ts)


def _shown_share(corpus: CorpusSql, video_id: str, texts: set[str]) -> dict[str, float]:
    """For each of ``texts``, the share of ``video_id``'s OCR'd frames that read it: a logo stays on screen, a
    counter or a caption in the same corner changes."""
    frames, *_ = corpus.sql_unchecked(
        "SELECT count(DISTINCT ts) FROM ocr WHERE video_id = $video", params={"video": video_id}
    ).fetchone()
    rows = corpus.sql_unchecked(
        "SELECT text, count(DISTINCT ts) FROM ocr WHERE video_id = $video AND list_contains($texts, text) "
        "GROUP BY text",
        params={"video": video_id, "texts": sorted(texts)},
    ).fetchall()
    counts = dict(rows)
    return {text: counts.get(text, 0) / max(frames, 1) for text in texts}


def _corner(row: tuple) -> tuple[bool, bool]:
    """Which corner a box (a row of ts, text, x0, y0, x1, y1) is in: whether its centre is right, and low."""
    return (row[2] + row[4]) / 2 > 0.5, (row[3] + row[5]) / 2 > 0.5
