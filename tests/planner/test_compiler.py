"""The compiled SQL against the plain-Python reference merge, on random plans over random tables."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pytest
import sqlglot
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect

from vqdb.planner import boolexpr, columnar, compiler, make_plan, tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.columnar import TEXT_EVIDENCE_MIN
from vqdb.planner.compiler import compile_ast, compile_plan
from vqdb.planner.locate import ISLAND_SHARE, compile_locate
from vqdb.planner.plan import Call, Plan, uniform_plan
from vqdb.planner.tools.audio import APART_S, HEARD_MIN, VOICE_SHARE, voiced
from vqdb.planner.tools.base import normalize_text
from vqdb.planner.tools.ocr import (
    CARRIES,
    DIGIT_LOOKALIKES,
    MISPLACED,
    NUMERIC_QUERY,
    PAGE_SHARE,
    PLACE_BANDS,
    RUN_GAP,
    SCREEN_MEANING_MIN,
    meant_on_screen,
)
from vqdb.planner.tools.timed_text import PAUSE_S, SEMANTIC_MIN, SEMANTIC_WEIGHT
from vqdb.planner.video_frames import VideoFrames
from vqdb.queries import load_sql_macros
from vqdb.schema import SENTENCE_DIM, TABLES
from vqdb.testing.toolmerge_reference import merge
from vqdb.udfs import counters, meant_clause, said_focus, text_grade, text_match
from vqdb.udfs.text_grade import (
    min_score,
    phrase_matches,
    said_phrases,
    said_utterances,
    screen_scores,
    words_read,
)

DIMS = 3  # embedding components; a siglip/region query "i" scores a frame by its component i
SCORES = [i / 8 for i in range(9)]  # exact in float32, and ties are likely
OCR_TEXTS = ["EXIT", "exit sign", "Alpha", "alphabet", "beta 2", "O0:00.05", "00:00:06", "l26.000", "126,000"]
OCR_TEXTS += ["00:00:05;12", "Beta 2 of 9", "beta 3 of 9"]  # counters that tick where a query names a part
OCR_TEXTS += ["Frame 1", "Frame 11", "Frame 21", "Frame 31"]  # a counter: values between reads are estimated
OCR_QUERIES = ["exit", "alpha", "Beta-2", "EXIT sign", "00:00:05", "126.000", "alphabet exit", "Frame 15"]
# the boxes of a frame's reads (one line, so the reading order is by text): its band down and width across (exact
# in float32), so the frame's text is at the top, the middle, the bottom or all down, left or across, small or big
OCR_ROWS = [(0.0, 0.125), (0.375, 0.625), (0.875, 1.0), (0.25, 0.75)]
OCR_WIDTHS = [0.25, 0.875, 1.0]
WORDS = ["ask", "not", "what", "your", "country,", "twenty", "five", "25"]
PHRASES = ["ask not", "country", "what your", "your", "twenty-five", "ask nut what"]
SENTENCES = ["ask not", "what your country can do", "twenty five", "a b c d"]
LABELS = ["Dog", "Dog bark", "Music", "Speech"]
AUDIO_QUERIES = ["dog", "music", "bark", "speech"]  # "speech": a voice, heard where words are said too


@pytest.fixture(scope="module")
def con():
    """A bare DuckDB session with vqdb's macros and text functions and a stand-in ``text_embed``."""
    connection = duckdb.connect()
    load_sql_macros(connection)  # temporal_nms, contains_phrase, text_normalize
    text_match.register(connection, None)
    text_grade.register(connection, None)
    said_focus.register(connection, None)
    counters.register(connection, None)
    meant_clause.register(connection, same_meaning)
    connection.execute(f"CREATE OR REPLACE MACRO text_embed(t) AS {STAND_IN_EMBEDDING}")
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def vectors(con, stand_in_embeddings):
    """The visual tools' functions over the embeddings of each example: a query "i" is the unit vector along
    component i."""
    return stand_in_embeddings(con, DIMS)


# A stand-in for MiniLM's text_embed: one-hot of the text's length modulo 3, so cosine similarities are
# exactly 0 or 1 in float32 as in Python (a sentence "means" the query when their lengths agree mod 3).
STAND_IN_EMBEDDING = f"[CAST(length(t) % 3 = i AS FLOAT) FOR i IN range({SENTENCE_DIM})]::FLOAT[{SENTENCE_DIM}]"


def same_meaning(texts: list[str]) -> dict[str, np.ndarray]:
    """``meant_clause``'s vectors here: every text means the same, so no clause is closer than its sentence (the
    reference focuses a sentence meant on itself; the tool tests check the clauses)."""
    return {text: np.ones(SENTENCE_DIM, np.float32) / np.sqrt(SENTENCE_DIM) for text in texts}


def stand_in_similarity(a: str, b: str) -> float:
    return 1.0 if len(a) % 3 == len(b) % 3 else 0.0


def stand_in_vector(text: str) -> list[float]:
    """The stand-in embedding of ``text`` as ingest would store it (``text_emb``)."""
    return [float(len(text) % 3 == i) for i in range(SENTENCE_DIM)]


@st.composite
def corpora(draw):
    """Random rows for every table a plan reads."""
    names = ("frames", "videos", "frame_embeddings", "regions", "ocr", "spans", "words", "segments", "cues", "audio")
    data = {name: [] for name in names}
    for video_id in draw(st.lists(st.sampled_from(["va", "vb"]), min_size=1, max_size=2, unique=True)):
        n = draw(st.integers(1, 12))
        step = draw(st.sampled_from([0.5, 1.0, 2.0]))
        frames = [(i, i * step + draw(st.sampled_from([0.0, 0.25]))) for i in range(n)]
        data["frames"] += [(video_id, f, ts) for f, ts in frames]
        if draw(st.booleans()):
            data["videos"].append((video_id, n * step))
        vec = st.lists(st.sampled_from(SCORES), min_size=DIMS, max_size=DIMS)
        for f, ts in frames:
            if draw(st.integers(0, 5)):  # some frames have no embedding: they rank last
                data["frame_embeddings"].append((video_id, f, ts, draw(vec)))
            data["regions"] += [(video_id, f, region, draw(vec)) for region in range(draw(st.integers(0, 2)))]
            (y0, y1), x1 = draw(st.sampled_from(OCR_ROWS)), draw(st.sampled_from(OCR_WIDTHS))
            for _ in range(draw(st.integers(0, 2))):  # text shown from/to a moment around its read, or unknown
                shown = st.one_of(st.none(), st.sampled_from([0.0, 0.25, 0.5, step]))
                before, after = draw(shown), draw(shown)
                data["ocr"].append(
                    (
                        video_id,
                        f,
                        ts,
                        draw(st.sampled_from(OCR_TEXTS)),
                        None if before is None else ts - before,
                        None if after is None else ts + after,
                        (0.0, y0, x1, y1),
                    )
                )
        for _ in range(draw(st.integers(0, 3))):  # the texts shown (ocr_spans), compared with the query by meaning
            start = draw(st.integers(0, int(n * step * 2))) / 2
            length = draw(st.sampled_from([0.5, 1.0, 3.0]))
            text, stored = draw(st.sampled_from(OCR_TEXTS)), draw(st.booleans())  # its vector stored at ingest, or not
            data["spans"].append((video_id, text, start, start + length, stored))
        starts = sorted(draw(st.sets(st.integers(0, int(n * step * 4)), max_size=8)))
        data["words"] += [(video_id, draw(st.sampled_from(WORDS)), s / 4, s / 4 + 0.3) for s in starts]
        for name in ("segments", "cues"):
            for s in sorted(draw(st.sets(st.integers(0, int(n * step)), max_size=3))):
                length = draw(st.sampled_from([0.5, 1.0, 3.0]))
                data[name].append((video_id, draw(st.sampled_from(SENTENCES)), float(s), s + length))
        for _ in range(draw(st.integers(0, 4))):
            start = draw(st.integers(0, int(n * step * 2))) / 2
            data["audio"].append(
                (video_id, start, start + 0.96, draw(st.sampled_from(LABELS)), draw(st.sampled_from(SCORES)))
            )
    return data


@st.composite
def plans(draw):
    """Random calls of every tool and a random combine expression over them."""
    names = ["siglip", "region", "ocr", "transcript", "subtitle", "audio"]
    tools = draw(st.lists(st.sampled_from(names), min_size=1, max_size=4))
    queries = {
        "siglip": st.sampled_from([str(i) for i in range(DIMS)]),
        "region": st.sampled_from([str(i) for i in range(DIMS)]),
        "ocr": st.sampled_from(OCR_QUERIES),
        "transcript": st.sampled_from(PHRASES),
        "subtitle": st.sampled_from(PHRASES),
        "audio": st.sampled_from(AUDIO_QUERIES),
    }
    relations = st.sampled_from([None, None, None, "after", "before", "after_start"])
    places = st.sampled_from([None, None, "top", "left", "center", "bottom-right", "corner"])
    sizes = st.sampled_from([None, None, "large", "small"])
    extents = st.sampled_from([None, "statement"])

    def call(i: int, tool: str) -> Call:
        screen = {"place": draw(places), "size": draw(sizes)} if tool == "ocr" else {}
        said = {"extent": draw(extents)} if tool in ("transcript", "subtitle") else {}
        said = {"extent": draw(st.sampled_from([None, "phrase"]))} if tool == "audio" else said
        query = draw(queries[tool])
        if any(screen.values()) and draw(st.integers(0, 2)) == 0:  # no words: whatever is read there
            query = ""
        return Call(f"Q{i}", tool, query, draw(relations), **screen, **said)

    calls = tuple(call(i, tool) for i, tool in enumerate(tools, start=1))

    def expression(ids: list[str]) -> str:
        if len(ids) == 1:
            return ids[0]
        cut = draw(st.integers(1, len(ids) - 1))
        op = draw(st.sampled_from(["AND", "OR"]))
        return f"({expression(ids[:cut])} {op} {expression(ids[cut:])})"

    return Plan(
        calls,
        expression([c.id for c in calls]),
        order=draw(st.sampled_from([None, None, "first", "last", "second", "third"])),
    )


def load(con, vectors, data) -> None:
    vectors.set([(v, f, e) for v, f, _, e in data["frame_embeddings"]], data["regions"])
    vector = pa.list_(pa.float32(), DIMS)
    tables = {
        "frames": pa.table(
            {
                "video_id": [r[0] for r in data["frames"]],
                "frame_idx": pa.array([r[1] for r in data["frames"]], pa.int32()),
                "ts": [r[2] for r in data["frames"]],
            }
        ),
        "videos": pa.table(
            {
                "video_id": pa.array([r[0] for r in data["videos"]], pa.string()),
                "duration_s": pa.array([r[1] for r in data["videos"]], pa.float64()),
            }
        ),
    }
    for name, third in (("frame_embeddings", ("ts", pa.float64())), ("regions", ("region_id", pa.int32()))):
        rows = data[name]
        tables[name] = pa.table(
            {
                "video_id": pa.array([r[0] for r in rows], pa.string()),
                "frame_idx": pa.array([r[1] for r in rows], pa.int32()),
                third[0]: pa.array([r[2] for r in rows], third[1]),
                "emb": pa.array([r[3] for r in rows], vector),
            }
        )
    rows = data["ocr"]
    tables["ocr"] = pa.table(
        {
            "video_id": pa.array([r[0] for r in rows], pa.string()),
            "frame_idx": pa.array([r[1] for r in rows], pa.int32()),
            "ts": pa.array([r[2] for r in rows], pa.float64()),
            "text": pa.array([r[3] for r in rows], pa.string()),
            "box": pa.array(
                [None if r[6] is None else dict(zip(("x0", "y0", "x1", "y1"), r[6], strict=True)) for r in rows],
                TABLES["ocr"].arrow_schema().field("box").type,
            ),
            "shown_from_s": pa.array([r[4] for r in rows], pa.float64()),
            "shown_to_s": pa.array([r[5] for r in rows], pa.float64()),
        }
    )
    rows = data.get("spans", [])
    tables["ocr_spans"] = pa.table(
        {
            "video_id": pa.array([r[0] for r in rows], pa.string()),
            "text": pa.array([r[1] for r in rows], pa.string()),
            "start_s": pa.array([r[2] for r in rows], pa.float64()),
            "end_s": pa.array([r[3] for r in rows], pa.float64()),
            "text_emb": pa.array(
                [stand_in_vector(r[1]) if r[4] else None for r in rows],
                TABLES["ocr_spans"].arrow_schema().field("text_emb").type,
            ),
        }
    )
    rows = data["words"]
    tables["transcript_words"] = pa.table(
        {
            "video_id": pa.array([r[0] for r in rows], pa.string()),
            "word": pa.array([r[1] for r in rows], pa.string()),
            "start_s": pa.array([r[2] for r in rows], pa.float64()),
            "end_s": pa.array([r[3] for r in rows], pa.float64()),
        }
    )
    for name, key in (("transcript_segments", "segments"), ("subtitles", "cues")):
        rows = data[key]
        tables[name] = pa.table(
            {
                "video_id": pa.array([r[0] for r in rows], pa.string()),
                "text": pa.array([r[1] for r in rows], pa.string()),
                "start_s": pa.array([r[2] for r in rows], pa.float64()),
                "end_s": pa.array([r[3] for r in rows], pa.float64()),
                # stored at ingest for every other sentence; the others are embedded when queried
                "text_emb": pa.array(
                    [stand_in_vector(r[1]) if i % 2 else None for i, r in enumerate(rows)],
                    TABLES[name].arrow_schema().field("text_emb").type,
                ),
            }
        )
    rows = data["audio"]
    tables["audio_tags"] = pa.table(
        {
            "video_id": pa.array([r[0] for r in rows], pa.string()),
            "start_s": pa.array([r[1] for r in rows], pa.float64()),
            "end_s": pa.array([r[2] for r in rows], pa.float64()),
            "label": pa.array([r[3] for r in rows], pa.string()),
            "score": pa.array([r[4] for r in rows], pa.float64()),
        }
    )
    tables["audio_events"] = pa.Table.from_pylist([], schema=TABLES["audio_events"].arrow_schema())  # no runs: no span
    for name, table in tables.items():
        con.register(name, table)


def evidence(plan: Plan, data, vectors) -> dict:
    """What each call found, computed in Python from the same rows (the tools' specification), and the
    focus of the text calls' frames (where a keyframe is placed)."""
    frames = {(v, f): ts for v, f, ts in data["frames"]}
    found, focus = {}, {}
    for call in plan.queries:
        q = call.query
        if call.tool == "siglip":
            found[call.id] = {(v, f): vectors.score(e, int(q)) for v, f, _, e in data["frame_embeddings"]}
        elif call.tool == "region":
            best: dict = {}
            for v, f, _, e in data["regions"]:
                score = vectors.score(e, int(q))
                if score is not None:
                    best[(v, f)] = max(best.get((v, f), -1.0), score)
            found[call.id] = best
        elif call.tool == "ocr":
            found[call.id], focus[call.id] = ocr_scores(q, data, call.place, call.size)
        elif call.tool == "transcript":
            words = [(v, w, s, e) for v, w, s, e in data["words"]]
            found[call.id], focus[call.id] = timed_text_scores(q, data, words, data["segments"])
        elif call.tool == "subtitle":
            found[call.id], focus[call.id] = timed_text_scores(q, data, data["cues"], data["cues"])
        else:
            scores: dict = {}
            for v, s, e, label, score in data["audio"]:
                a, b = normalize_text(label), normalize_text(q)
                # a label in other words matches by meaning, weight 1 here (the stand-in's similarity is 0 or 1);
                # a voice is heard in labels by their words only
                if a in b or b in a or (not voiced(q) and len(label) % 3 == len(q) % 3):
                    for (fv, f), ts in frames.items():
                        if fv == v and s <= ts < e:
                            scores[(v, f)] = max(scores.get((v, f), -1.0), score)
            found[call.id] = scores
            if voiced(q):
                found[call.id], focus[call.id] = voice_scores(data, scores, call.extent)
    for call in plan.queries:  # a call with "when" finds its evidence elsewhere in time: no focus
        if call.when is not None:
            focus.pop(call.id, None)
    return found, focus


def video_constants(data) -> dict:
    """Per video: (sampling period, duration) as video_info computes them."""
    out = {}
    durations = dict(data["videos"])
    for video_id in {v for v, _, _ in data["frames"]}:
        times = sorted(ts for v, _, ts in data["frames"] if v == video_id)
        period = (times[-1] - times[0]) / max(len(times) - 1, 1)
        out[video_id] = (period, durations.get(video_id, times[-1]))
    return out


def ocr_scores(q: str, data, place: str | None = None, size: str | None = None) -> tuple[dict, dict]:
    """Reading order (one line, boxes by text), grades, placed (a read whose boxes that carry the match, all its
    boxes when none reads a word of the query, have no centre in ``place``, or whose tallest (shortest) is not
    among the tallest (shortest) of the video's matching reads: times MISPLACED each), runs, and frames inside a run;
    the focus of a frame is its best run's stretch (the highest grade, then the earliest start). A run ends when
    its last read's text left, or when the next read's appeared where that read has more digits than the
    query and the next one, soon after, the same letters (a counter ticking in a part the query leaves out).

    With no words (``q`` empty), a read holds the text of its boxes with a letter or digit, a height, and their
    centre in ``place``: graded by the tallest (for "small" the shortest) of them against the video's tallest
    (the video's shortest against it); a run also ends where its text left as or before the next one's
    appeared, and a run's end is its last read's own."""
    any_text = not q
    constants = video_constants(data)
    numeric = re.fullmatch(NUMERIC_QUERY, q) is not None
    as_read = str.maketrans(*DIGIT_LOOKALIKES) if numeric else {}
    texts: dict = {}
    held: dict = {}  # (video, ts): the texts of its boxes that read a word of the query, else all of them
    # a frame's text asked for is shown from the latest start to the earliest end of its boxes that read a word
    # of the query, of all its boxes where those give none
    shown: dict = {}
    boxes: dict = {}  # (video, ts): its boxes and the share of the query each reads
    held_heights: dict = {}  # (video, ts): with no words, the heights of the boxes that hold text in the place

    def holds_text(t: str, box) -> bool:
        """With words, a box reads one of them; with none, it has text, a height, and its centre in the place."""
        if not any_text:
            return words_read(t, q) > 0
        box = box or (0.0, 0.0, 0.0, 0.0)
        in_place = place is None or placed([(0.0, 1.0)], [[box]], place, None)[0][1] == 1.0
        return re.search(r"[^\W_]", t) is not None and box[3] - box[1] > 0 and in_place

    for v, f, ts, t, shown_from, shown_to, box in data["ocr"]:
        texts.setdefault((v, f, ts), []).append(t)
        held.setdefault((v, ts), {True: [], False: []})[holds_text(t, box)].append(t)
        boxes.setdefault((v, ts), []).append((box or (0.0, 0.0, 0.0, 0.0), words_read(t, q)))
        if holds_text(t, box):
            held_heights.setdefault((v, ts), []).append(box[3] - box[1])
        for holds, (froms, tos) in shown.setdefault((v, ts), {True: ([], []), False: ([], [])}).items():
            if holds and not holds_text(t, box):
                continue
            froms += [shown_from] if shown_from is not None else []
            tos += [shown_to] if shown_to is not None else []
    shown = {key: (by[True][0] or by[False][0], by[True][1] or by[False][1]) for key, by in shown.items()}
    held = {key: sorted(by[True] or by[False]) for key, by in held.items()}
    # the boxes that carry the match: reading CARRIES of what the frame's best box reads of the query (all when none)
    boxes = {
        key: [b for b, share in read if share > 0 and share >= CARRIES * max(s for _, s in read)]
        or [b for b, _ in read]
        for key, read in boxes.items()
    }
    digits = {key: sum(c.isdigit() for t in ts_texts for c in t.translate(as_read)) for key, ts_texts in held.items()}
    letters = {
        key: "".join(c for t in ts_texts for c in t.translate(as_read) if c.isalpha()).lower()
        for key, ts_texts in held.items()
    }
    scores: dict = {}
    focus: dict = {}
    for video_id, (period, duration) in constants.items():
        read = sorted((ts, " ".join(sorted(ts_texts))) for (v, _, ts), ts_texts in texts.items() if v == video_id)
        steps = [b[0] - a[0] for a, b in zip(read, read[1:], strict=False)]
        ocr_period = max(min(steps), period) if steps else period
        if any_text:
            extreme = min if size == "small" else max
            heights = [held_heights.get((video_id, ts)) for ts, _ in read]
            tallest = [None if hs is None else extreme(hs) for hs in heights]
            known = [h for h in tallest if h is not None]
            if size == "small":
                graded = [(ts, None if h is None else min(known) / h) for (ts, _), h in zip(read, tallest, strict=True)]
            else:
                graded = [(ts, None if h is None else h / max(known)) for (ts, _), h in zip(read, tallest, strict=True)]
        elif re.fullmatch(NUMERIC_QUERY, q):
            table = str.maketrans(*DIGIT_LOOKALIKES)
            graded = [
                (ts, 1.0 if f" {normalize_text(q)} " in f" {normalize_text(t.translate(table))} " else None)
                for ts, t in read
            ]
        else:
            values = screen_scores([t for _, t in read], q) if read else []
            graded = [(ts, float(g)) for (ts, _), g in zip(read, values, strict=True)]
        read_boxes = [boxes[(video_id, ts)] for ts, _ in read]
        screen = (None, None) if any_text else (place, size)  # with no words, they chose the boxes read
        fit_at = dict(placed(graded, read_boxes, *screen, ones=True))
        graded = placed(graded, read_boxes, *screen)
        text_at = dict(read)
        matched = [(ts, g) for ts, g in graded if g is not None and g > 0]
        floor = 0.0 if any_text else 1.0 if re.fullmatch(NUMERIC_QUERY, q) else min_score(q)
        halfway = (max((g for _, g in matched), default=0.0) + floor) / 2

        def strong_at(i: int) -> bool:
            """Reads well, or misreads a read beside it that does: its words, as well placed, RUN_GAP periods away."""
            ts, g = matched[i]  # noqa: B023 (used at once)
            if g >= halfway:  # noqa: B023
                return True
            beside = [matched[j] for j in (i - 1, i + 1) if 0 <= j < len(matched)]  # noqa: B023
            return any(
                other >= halfway  # noqa: B023
                and abs(near - ts) <= RUN_GAP * ocr_period  # noqa: B023
                and fit_at[near] == fit_at[ts]  # noqa: B023
                and words_read(text_at[near], text_at[ts]) >= 1.0  # noqa: B023
                for near, other in beside
            )

        times = [ts for ts, _ in read]

        def until(last: float) -> float | None:
            """When the part of the read at ``last`` that the query names left."""
            tos = shown[(video_id, last)][1]  # noqa: B023 (used at once)
            own = min(tos) if tos else None
            if any_text:
                return own
            after = times.index(last) + 1  # noqa: B023
            if after == len(times) or times[after] - last > RUN_GAP * ocr_period:  # noqa: B023
                return own
            key, next_key = (video_id, last), (video_id, times[after])  # noqa: B023
            next_froms = shown[next_key][0]  # noqa: B023
            if digits[key] > sum(c.isdigit() for c in q) and letters[next_key] == letters[key] and next_froms:
                return max(next_froms)
            return own

        def replaced(previous: float, ts: float) -> bool:
            """With no words, whether the text read at ``previous`` left as or before the one at ``ts`` appeared."""
            left, froms = until(previous), shown[(video_id, ts)][0]  # noqa: B023 (used at once)
            return any_text and left is not None and bool(froms) and left <= max(froms)

        strength = [strong_at(i) for i in range(len(matched))]
        runs: list[list[tuple[float, float]]] = []
        for strong in (True, False):
            previous = None
            for (ts, g), is_strong in zip(matched, strength, strict=True):
                if is_strong != strong:
                    continue
                if previous is None or ts - previous > RUN_GAP * ocr_period or replaced(previous, ts):
                    runs.append([])
                runs[-1].append((ts, g))
                previous = ts

        def shown_span(first: float, last: float) -> tuple[float, float]:
            froms, end = shown[(video_id, first)][0], until(last)  # noqa: B023 (used at once)
            start = max(froms) if froms else first - ocr_period / 2  # noqa: B023
            return start, end if end is not None else last + ocr_period / 2  # noqa: B023

        spans = []  # (start, end, last read, score, the first frame time it reaches)
        for run in runs:
            start, end = shown_span(run[0][0], run[-1][0])
            spans.append((max(start, 0.0), min(end, duration), run[-1][0], max(g for _, g in run), max(start, 0.0)))
        if not any_text:  # the moments a number that ticks shows the query's value between reads, placed as a read
            for m in estimated(q, data, video_id):  # at its counter's centre
                score = placed([(m.start_s, m.score)], [[(m.x, m.y, m.x, m.y)]], place, None)[0][1]
                spans.append((m.start_s, m.end_s, m.reach_to, score, m.reach_from))
        if meant_on_screen(q):  # the texts shown that mean the query (a letter in them), from start to end
            for v, text, start, end, stored in data.get("spans", []):  # a span without a vector is not compared
                similarity = stand_in_similarity(text, q)
                page = end - start >= PAGE_SHARE * duration  # on screen all along: its times say nothing
                has_letter = re.search(r"[^\W\d_]", text)
                if stored and v == video_id and has_letter and similarity > SCREEN_MEANING_MIN and not page:
                    score = SEMANTIC_WEIGHT * (similarity - SCREEN_MEANING_MIN) / (1 - SCREEN_MEANING_MIN)
                    spans.append((start, end, start, score, start))
        for v, f, ts in data["frames"]:
            inside = [
                (-score, start, end)
                for start, end, last, score, reach_from in spans
                if v == video_id and reach_from <= ts and (ts < end or ts <= last)
            ]
            if inside:
                best = min(inside)
                scores[(v, f)], focus[(v, f)] = -best[0], best[1:]
    return scores, focus


def estimated(q: str, data, video_id: str) -> list[counters.Moment]:
    """``counters.moments`` of a video's OCR boxes (a box without edges at 0, as the SQL reads it)."""
    rows = [row for row in data["ocr"] if row[0] == video_id]
    period = video_constants(data)[video_id][0]
    if not rows:
        return []

    return counters.moments(
        [t for _, _, _, t, _, _, _ in rows],
        np.array([float(ts) for _, _, ts, _, _, _, _ in rows]),
        np.array([np.nan if f is None else float(f) for _, _, _, _, f, _, _ in rows]),
        np.array([np.nan if e is None else float(e) for _, _, _, _, _, e, _ in rows]),
        np.array([box or (0.0, 0.0, 0.0, 0.0) for *_, box in rows], dtype=np.float64).reshape(-1, 4),
        q,
        period,
    )


def placed(graded: list, boxes: list, place: str | None, size: str | None, ones: bool = False) -> list:
    """``graded`` (ts, grade) times MISPLACED where the read's ``boxes`` have no centre in ``place``, and times
    the read's prominence for ``size`` (its tallest over the tallest of the matching reads; for "small" the
    shortest's over its shortest), at least MISPLACED (with ``ones``, 1.0 for each grade instead: how well
    the read fits)."""

    def third(value: float, band: str | None) -> bool:
        low, high = value * 3 < 1, value * 3 > 2
        return band is None or {"low": low, "high": high, "outer": low or high}.get(band, 1 <= value * 3 <= 2)

    def inside(box) -> bool:
        x_band, y_band = PLACE_BANDS[place]
        return third((box[0] + box[2]) / 2, x_band) and third((box[1] + box[3]) / 2, y_band)

    extreme = max if size == "large" else min
    heights = [extreme(b[3] - b[1] for b in read) for read in boxes]
    matched = [h for (_, g), h in zip(graded, heights, strict=True) if g is not None and g > 0]
    found = []
    for (ts, g), read, height in zip(graded, boxes, heights, strict=True):
        g = 1.0 if ones and g is not None else g
        if g is not None and place is not None:
            g = g * (1.0 if any(inside(b) for b in read) else MISPLACED)
        if g is not None and size is not None:
            prominence = (height / max(matched) if size == "large" else min(matched) / height) if matched else 0.0
            g = g * min(1.0, max(MISPLACED, prominence))
        found.append((ts, g))
    return found


def timed_text_scores(q: str, data, pieces, sentences) -> tuple[dict, dict]:
    """Spans said (phrase_matches) or meant (the stand-in embedding), widened to one sampling period, and
    each frame's best span (the highest score, then the earliest said), whose time said is its focus."""
    constants = video_constants(data)
    scores: dict = {}
    focus: dict = {}
    for video_id, (period, _) in constants.items():
        mine = sorted((s, e, t) for v, t, s, e in pieces if v == video_id)
        found = phrase_matches([t for _, _, t in mine], [s for s, _, _ in mine], [e for _, e, _ in mine], q)
        spans = [(start, end, score) for start, end, score, _, _ in found]
        for v, t, s, e in sentences:
            similarity = stand_in_similarity(t, q)
            if v == video_id and similarity > SEMANTIC_MIN:
                spans.append((s, e, SEMANTIC_WEIGHT * (similarity - SEMANTIC_MIN) / (1 - SEMANTIC_MIN)))
        for v, f, ts in data["frames"]:
            near = [
                (-score, start, end)
                for start, end, score in spans
                if v == video_id
                and (start + end) / 2 - max((end - start) / 2, period / 2)
                <= ts
                <= (start + end) / 2 + max((end - start) / 2, period / 2)
            ]
            if near:
                best = min(near)
                scores[(v, f)], focus[(v, f)] = -best[0], best[1:]
    return scores, focus


def voice_scores(data, tagged: dict, extent: str | None = None) -> tuple[dict, dict]:
    """A voice's frames: those an utterance of the words (a phrase, with ``extent`` "phrase"), or a "speech"
    tag of at least ``HEARD_MIN`` no utterance comes within ``APART_S`` of, reaches (widened to one sampling
    period) score ``1 - VOICE_SHARE`` plus ``VOICE_SHARE`` of their ``tagged`` score (0 without), their
    earliest utterance their focus; the frames only ``tagged`` score ``VOICE_SHARE`` of it."""
    constants = video_constants(data)
    scores = {frame: VOICE_SHARE * score for frame, score in tagged.items()}
    focus: dict = {}
    for video_id, (period, _) in constants.items():
        mine = sorted((s, e, t) for v, t, s, e in data["words"] if v == video_id)
        starts, ends = np.array([s for s, _, _ in mine]), np.array([e for _, e, _ in mine])
        said = said_phrases if extent == "phrase" else said_utterances
        low, high = said([t for _, _, t in mine], starts, ends, PAUSE_S)
        said_at = list(zip(low.tolist(), high.tolist(), strict=True))
        missed = {
            (s, e)
            for v, s, e, label, score in data["audio"]
            if v == video_id
            and "speech" in normalize_text(label)
            and score >= HEARD_MIN
            and not any(a < e + APART_S and b > s - APART_S for a, b in said_at)
        }
        low, high = np.array([a for a, _ in [*said_at, *missed]]), np.array([b for _, b in [*said_at, *missed]])
        for v, f, ts in data["frames"]:
            near = [
                (start, end)
                for start, end in zip(low.tolist(), high.tolist(), strict=True)
                if v == video_id
                and (start + end) / 2 - max((end - start) / 2, period / 2)
                <= ts
                <= (start + end) / 2 + max((end - start) / 2, period / 2)
            ]
            if near:
                scores[(v, f)] = (1 - VOICE_SHARE) + VOICE_SHARE * tagged.get((v, f), 0.0)
                focus[(v, f)] = min(near)
    return scores, focus


def expected_rows(plan, data, vectors, k, gap, mode):
    frames: dict = {}
    for v, f, ts in data["frames"]:
        frames.setdefault(v, []).append((f, ts))
    durations = dict(data["videos"])
    found, focus = evidence(plan, data, vectors)
    rows = merge(plan, frames, durations, found, k=k, gap=gap, mode=mode, focus=focus)
    return [(r.video_id, r.frame_idx, r.ts, r.score, r.merged_rank, r.supporting_calls) for r in rows]


def same(actual, expected) -> bool:
    if len(actual) != len(expected):
        return False
    for a, e in zip(actual, expected, strict=True):
        if a[:3] != e[:3] or a[4:] != e[4:]:
            return False
        if (a[3] is None) != (e[3] is None) or (a[3] is not None and abs(a[3] - e[3]) > 1e-9):
            return False
    return True


def keyframes_agree(con, plan, data, vectors) -> list[dict]:
    """Video "va"'s 4 keyframes (no NMS gap) as the arrays give them, after checking that the compiled SQL gives
    the Python reference's rows in both modes and the arrays the SQL's."""
    for mode in ("rank", "score"):
        actual = con.sql(compile_plan(plan, video_id="va", k=4, gap=0.0, mode=mode)).fetchall()
        assert same([tuple(r) for r in actual], expected_rows(plan, data, vectors, 4, 0.0, mode))
    expected = con.sql(compile_plan(plan, video_id="va", k=4, gap=0.0)).to_arrow_table()
    arrays = columnar.keyframes(plan, VideoFrames.load(con, "va", k=4, gap=0.0), 4).to_pylist()
    assert arrays == expected.to_pylist()
    return arrays


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    data=corpora(),
    plan=st.one_of(plans(), st.just(uniform_plan())),
    k=st.integers(1, 4),
    gap=st.sampled_from([None, None, 0.0, 0.5, 2.0]),
    mode=st.sampled_from(["rank", "score"]),
    one_video=st.booleans(),
)
@example(  # a region's cosine (float32) ties a sentence's meaning score (0.6) unless both are computed alike
    data={
        "frames": [("va", 0, 0.0), ("va", 1, 0.5), ("va", 2, 1.0)],
        "videos": [],
        "frame_embeddings": [],
        "regions": [("va", 1, 0, [0.0, 0.375, 0.5])],
        "ocr": [],
        "words": [],
        "segments": [("va", "ask not", 0.0, 0.5)],
        "cues": [],
        "audio": [],
    },
    plan=Plan.from_json(
        {
            "queries": [
                {"id": "Q1", "tool": "siglip", "query": "0"},
                {"id": "Q2", "tool": "siglip", "query": "0"},
                {"id": "Q3", "tool": "region", "query": "1"},
                {"id": "Q4", "tool": "transcript", "query": "ask not"},
            ],
            "combine": "Q1 OR Q2 OR Q3 OR Q4",
        }
    ),
    k=1,
    gap=None,
    mode="rank",
    one_video=False,
)
def test_sql_equals_python_reference(con, vectors, data, plan, k, gap, mode, one_video):
    load(con, vectors, data)
    video_id = "va" if one_video else None
    actual = con.sql(compile_plan(plan, video_id=video_id, k=k, gap=gap, mode=mode)).fetchall()
    expected = expected_rows(plan, data, vectors, k, gap, mode)
    if video_id is not None:
        expected = [r for r in expected if r[0] == video_id]
    assert same([tuple(r) for r in actual], expected), (plan.to_json(), actual, expected)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    data=corpora(),
    plan=st.one_of(plans(), st.just(uniform_plan())),
    k=st.integers(1, 4),
    gap=st.sampled_from([None, None, 0.0, 0.5, 2.0]),
    video_id=st.sampled_from(["va", "vb"]),
)
@example(  # the frame where one showing left as the next appeared is in both: the one that ends first is its own
    data={
        "frames": [*(("va", i, i * 0.5) for i in range(11)), ("vb", 0, 0.0)],
        "videos": [],
        "frame_embeddings": [],
        "regions": [],
        "ocr": [
            ("va", 3, 1.5, "EXIT", None, None, (0.0, 0.0, 0.25, 0.125)),
            ("va", 3, 1.5, "EXIT", 1.5, 1.5, (0.0, 0.0, 0.25, 0.125)),
            ("va", 4, 2.0, "EXIT", 1.5, None, (0.0, 0.0, 0.25, 0.125)),
        ],
        "words": [],
        "segments": [],
        "cues": [],
        "audio": [],
    },
    plan=Plan.from_json({"queries": [{"id": "Q1", "tool": "ocr", "query": "", "place": "top"}], "combine": "Q1"}),
    k=1,
    gap=None,
    video_id="va",
)
def test_the_arrays_give_the_compiled_sqls_rows(con, vectors, data, plan, k, gap, video_id):
    """``vqdb.planner.columnar`` (what ``retrieve`` runs for one video) against the compiled SQL, row for row."""
    load(con, vectors, data)
    expected = con.sql(compile_plan(plan, video_id=video_id, k=k, gap=gap)).to_arrow_table()
    video = VideoFrames.load(con, video_id, k=k, gap=gap)
    actual = columnar.keyframes(plan, video, k)
    assert actual.schema == expected.schema
    assert actual.to_pylist() == expected.to_pylist(), (plan.to_json(), actual.to_pylist(), expected.to_pylist())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    data=corpora(),
    plan=st.one_of(plans(), st.just(uniform_plan())),
    k=st.integers(1, 4),
    share=st.sampled_from([0.05, 0.3, 1.0]),
    video_id=st.sampled_from(["va", "vb"]),
)
def test_the_arrays_give_the_locate_querys_intervals(con, vectors, data, plan, k, share, video_id):
    """``columnar.intervals`` (what ``locate`` runs for one video) against ``compile_locate``'s query."""
    load(con, vectors, data)
    expected = con.sql(compile_locate(plan, video_id=video_id, k=k, share=share)).to_arrow_table()
    actual = columnar.intervals(plan, VideoFrames.load(con, video_id, k=k), k, share)
    assert actual.schema == expected.schema
    assert actual.to_pylist() == expected.to_pylist(), (plan.to_json(), actual.to_pylist(), expected.to_pylist())


def test_a_call_without_a_span_never_blanks_the_span_of_one_ored_with_it(con, vectors):
    """A sound tagged (no span) graded above the words said (a span) at the same frames: the words' span
    answers, in the SQL and on arrays alike (the SQL took the sound's missing span as the best-graded one and
    gave the frames' island instead; a property run found it)."""
    frames = [("v", i, i / 2) for i in range(4)]
    data = {
        "frames": frames,
        "videos": [("v", 2.0)],
        "frame_embeddings": [(v, f, t, [0.0, 0.0, 0.0]) for v, f, t in frames],
        "regions": [],
        "ocr": [],
        "words": [("v", "ask", 0.0, 0.3), ("v", "ask", 0.25, 0.55), ("v", "ask", 0.5, 0.8)],
        "segments": [("v", "ask not", 0.0, 0.5), ("v", "ask not", 1.0, 1.5)],
        "cues": [],
        "audio": [("v", 0.0, 0.96, "Dog bark", 0.875)],
    }
    load(con, vectors, data)
    plan = Plan((Call("Q1", "transcript", "your"), Call("Q2", "audio", "bark")), "Q1 OR Q2")
    sql = con.sql(compile_locate(plan, video_id="v", k=2, share=1.0)).to_arrow_table().to_pylist()
    arrays = columnar.intervals(plan, VideoFrames.load(con, "v", k=2), 2, 1.0).to_pylist()
    assert arrays == sql
    assert (sql[0]["start_s"], sql[0]["end_s"], sql[0]["supporting_calls"]) == (0.0, 0.5, ["Q1", "Q2"])


@pytest.mark.filterwarnings("error::RuntimeWarning")  # a word of no length once made its clause 0 / 0 long
def test_an_interval_is_never_empty(con, vectors):
    """Spans ANDed that only touch (a cue ending as the words after it start: blind3's "haunting Europe"
    AND "the spectre of communism" gave [22.96, 22.96]) give their hull, and a span of no length (a word
    whose start is its end) its moment, half a sampling period on each side: in the SQL and on arrays."""
    frames = [("v", i, i / 2) for i in range(5)]
    data = {
        "frames": frames,
        "videos": [("v", 2.5)],
        "frame_embeddings": [(v, f, t, [0.0, 0.0, 0.0]) for v, f, t in frames],
        "regions": [],
        "ocr": [],
        "words": [("v", "thank", 1.0, 1.3), ("v", "you.", 1.3, 1.6), ("v", "bye.", 2.2, 2.2)],
        "segments": [],
        "cues": [("v", "mind the gap", 0.9, 1.0)],
        "audio": [],
    }
    load(con, vectors, data)

    def top(plan: Plan) -> tuple:
        sql = con.sql(compile_locate(plan, video_id="v", k=1, share=1.0)).to_arrow_table().to_pylist()
        assert columnar.intervals(plan, VideoFrames.load(con, "v", k=1), 1, 1.0).to_pylist() == sql
        return sql[0]["start_s"], sql[0]["end_s"]

    touching = Plan((Call("Q1", "subtitle", "mind the gap"), Call("Q2", "transcript", "thank you")), "Q1 AND Q2")
    assert top(touching) == (0.9, 1.6)  # not [1.0, 1.0]
    assert top(Plan((Call("Q1", "transcript", "bye"),))) == pytest.approx((1.95, 2.45))  # not [2.2, 2.2]


def test_a_call_anded_that_only_shares_the_topic_does_not_narrow_the_interval(con, vectors):
    """A cover shown the whole clip ANDed with a caption line that only shares the question's topic (its best
    grade in the video below ``TEXT_EVIDENCE_MIN``: blind3's "big letters either side of the fist" gave the
    one line at 0.04 that grades it, [39.2, 40.4] of an 88 s still): the cover's showing answers; a line that
    says what was asked still narrows it to the line; in the SQL and on arrays."""
    frames = [("v", i, float(i)) for i in range(10)]
    cover = [("v", i, float(i), "AUDIBLE SOCIALISM", 0.0, 10.0, (0.1, 0.2, 0.9, 0.6)) for i in range(10)]
    data = {
        "frames": frames,
        "videos": [("v", 10.0)],
        "frame_embeddings": [(v, f, t, [0.0, 0.0, 0.0]) for v, f, t in frames],
        "regions": [],
        "ocr": cover,
        "words": [],
        "segments": [],
        "cues": [("v", "and workers have nothing to lose", 1.0, 3.0)],
        "audio": [],
    }
    asked = "letters on the cover"  # no word of the line; its meaning at a similarity of 0.3 (or 1)

    def top(similarity: float) -> tuple:
        load(con, vectors, data)
        cues = con.sql("SELECT * FROM subtitles").to_arrow_table()
        meaning = np.zeros(SENTENCE_DIM, np.float32)
        meaning[len(asked) % 3], meaning[(len(asked) + 1) % 3] = similarity, np.sqrt(1 - similarity**2)
        stored = pa.array([meaning.tolist()], cues.schema.field("text_emb").type)
        con.register("subtitles", cues.set_column(cues.column_names.index("text_emb"), "text_emb", stored))
        plan = Plan((Call("Q1", "ocr", "audible socialism"), Call("Q2", "subtitle", asked)), "Q1 AND Q2")
        grade = np.nanmax(columnar.call_evidence(plan, VideoFrames.load(con, "v", k=1))["Q2"].score)
        sql = con.sql(compile_locate(plan, video_id="v", k=1, share=1.0)).to_arrow_table().to_pylist()
        assert columnar.intervals(plan, VideoFrames.load(con, "v", k=1), 1, 1.0).to_pylist() == sql
        return grade, (sql[0]["start_s"], sql[0]["end_s"])

    grade, interval = top(0.3)
    assert grade < TEXT_EVIDENCE_MIN
    assert interval == (0.0, 10.0)  # the cover's showing, not the line's [1, 3]
    grade, interval = top(1.0)
    assert grade >= TEXT_EVIDENCE_MIN
    assert interval == (1.0, 3.0)  # the line that says it, while the cover is shown


def test_readings_ored_that_follow_one_another_are_joined(con, vectors):
    """Titles asked for together (the alpha OR the omega OR the lamb) shown one after the other, each as the one
    before leaves: one interval, their hull (n12 of the dev questions gave a third of it); a title shown again
    later stays apart, and so do titles with a gap between them; in the SQL and on arrays."""
    frames = [("v", i, float(i)) for i in range(10)]
    shown = {1: "the alpha", 2: "the alpha", 3: "the omega", 4: "the omega", 5: "the lamb", 6: "the lamb"}
    shown[8] = "the alpha"
    data = {
        "frames": frames,
        "videos": [("v", 10.0)],
        "frame_embeddings": [(v, f, t, [0.0, 0.0, 0.0]) for v, f, t in frames],
        "regions": [],
        "ocr": [("v", i, float(i), text, None, None, None) for i, text in shown.items()],
        "words": [],
        "segments": [],
        "cues": [],
        "audio": [],
    }
    load(con, vectors, data)

    def found(plan: Plan) -> list[tuple]:
        sql = con.sql(compile_locate(plan, video_id="v", k=3, share=1.0)).to_arrow_table().to_pylist()
        assert columnar.intervals(plan, VideoFrames.load(con, "v", k=3), 3, 1.0).to_pylist() == sql
        return [(r["start_s"], r["end_s"]) for r in sql]

    titles = [Call(f"Q{i}", "ocr", title) for i, title in enumerate(("the alpha", "the omega", "the lamb"), 1)]
    assert found(Plan(tuple(titles), "Q1 OR Q2 OR Q3")) == [(0.5, 6.5), (7.5, 8.5)]
    assert found(Plan(tuple(titles[:1]))) == [(0.5, 2.5), (7.5, 8.5)]
    assert found(Plan(tuple(titles[::2]), "Q1 OR Q3")) == [(0.5, 2.5), (4.5, 6.5), (7.5, 8.5)]  # apart: no touch


def test_one_calls_showings_that_follow_one_another_stay_apart(con, vectors):
    """Whatever the top of the screen says (an empty query): a caption, then the next as it leaves, are two
    showings, as the tool tells them apart, not one interval; in the SQL and on arrays."""
    frames = [("v", i, float(i)) for i in range(6)]
    box = (0.0, 0.0, 0.25, 0.125)
    reads = [(1, "first line", 0.6, None), (2, "first line", None, 2.4), (3, "next line", 2.4, None)]
    reads += [(4, "next line", None, 4.6)]
    data = {
        "frames": frames,
        "videos": [("v", 6.0)],
        "frame_embeddings": [(v, f, t, [0.0, 0.0, 0.0]) for v, f, t in frames],
        "regions": [],
        "ocr": [("v", i, float(i), text, shown_from, shown_to, box) for i, text, shown_from, shown_to in reads],
        "words": [],
        "segments": [],
        "cues": [],
        "audio": [],
    }
    load(con, vectors, data)
    plan = Plan((Call("Q1", "ocr", "", place="top"),))
    sql = con.sql(compile_locate(plan, video_id="v", k=2, share=1.0)).to_arrow_table().to_pylist()
    assert columnar.intervals(plan, VideoFrames.load(con, "v", k=2), 2, 1.0).to_pylist() == sql
    assert sorted((r["start_s"], r["end_s"]) for r in sql) == [(0.6, 2.4), (2.4, 4.6)]


def test_a_texts_runs_that_overlap_are_one_showing_and_a_copy_inside_a_page_stays_apart(con, vectors):
    """A logo in the corner read in every frame, whose frames grade differently as other text comes and goes
    (a badge beside it, a caption below naming it), comes as runs whose measured edges overlap: one showing,
    the whole time it is on screen (ident-logo gave a sixth of it). The caption itself, asked for where it is,
    grades apart from the logo's runs (misplaced) and stays apart; so does a copy of a text shown for a moment
    inside a page that shows it all along; in the SQL and on arrays."""
    frames = [("v", i, float(i)) for i in range(10)]
    logo, badge, caption = (0.75, 0.05, 0.95, 0.12), (0.05, 0.05, 0.15, 0.12), (0.2, 0.8, 0.8, 0.88)
    reads = [("v", i, float(i), "CHANNEL 7", max(i - 1.0, 0.0), min(i + 1.0, 10.0), logo) for i in range(10)]
    reads += [("v", i, float(i), "LIVE", max(i - 1.0, 0.0), i + 1.0, badge) for i in range(6)]
    named = "You're watching Channel Seven, the home of"
    data = {
        "frames": frames,
        "videos": [("v", 10.0)],
        "frame_embeddings": [(v, f, t, [0.0, 0.0, 0.0]) for v, f, t in frames],
        "regions": [],
        "ocr": reads + [("v", i, float(i), named, i - 0.9, i + 0.5, caption) for i in (4, 5)],
        "words": [],
        "segments": [],
        "cues": [],
        "audio": [],
    }
    load(con, vectors, data)

    def found(call: Call) -> list[tuple]:
        plan = Plan((call,))
        sql = con.sql(compile_locate(plan, video_id="v", k=3, share=1.0)).to_arrow_table().to_pylist()
        assert columnar.intervals(plan, VideoFrames.load(con, "v", k=3), 3, 1.0).to_pylist() == sql
        return [(r["start_s"], r["end_s"]) for r in sql]

    runs = columnar.call_evidence(Plan((Call("Q1", "ocr", "channel 7"),)), VideoFrames.load(con, "v", k=3))["Q1"]
    assert sorted(set(zip(runs.start_s.tolist(), runs.end_s.tolist(), strict=True))) == [
        (0.0, 4.0),
        (3.1, 5.5),
        (5.0, 10.0),
    ]
    assert found(Call("Q1", "ocr", "channel 7", place="corner")) == [(0.0, 10.0)]  # not [5.0, 10.0]
    assert found(Call("Q1", "ocr", "channel 7", place="bottom")) == [(3.1, 5.5)]
    copied = [("v", i, float(i), "watching channel 7 tonight", i - 1.0, i + 1.0, caption) for i in (4, 5)]
    load(con, vectors, data | {"ocr": reads + copied})
    assert found(Call("Q1", "ocr", "channel 7"))[0] == (3.0, 6.0)  # inside the page's run [0, 10]


def test_statements_read_two_ways_are_joined_and_words_shared(con, vectors):
    """The utterance heard and a caption line that shows part of it, both saying the words: for a question
    for what is said (``extent`` "statement") the statement is both (their hull), for the words the stretch
    the two readings share; in the SQL and on arrays."""
    frames = [("v", i, float(i)) for i in range(4)]
    words = [("A", 0.0, 0.2), ("spectre", 0.2, 0.4), ("is", 0.4, 0.5), ("haunting", 0.5, 0.7), ("Europe.", 0.7, 0.9)]
    data = {
        "frames": frames,
        "videos": [("v", 4.0)],
        "frame_embeddings": [(v, f, t, [0.0, 0.0, 0.0]) for v, f, t in frames],
        "regions": [],
        "ocr": [],
        "words": [("v", w, a, b) for w, a, b in words],
        "segments": [],
        "cues": [("v", "is haunting europe", 0.4, 1.2)],
        "audio": [],
    }
    load(con, vectors, data)

    def top(extent: str | None) -> tuple:
        calls = (
            Call("Q1", "transcript", "haunting Europe", extent=extent),
            Call("Q2", "subtitle", "haunting Europe", extent=extent),
        )
        plan = Plan(calls, "Q1 OR Q2")
        sql = con.sql(compile_locate(plan, video_id="v", k=1, share=1.0)).to_arrow_table().to_pylist()
        assert columnar.intervals(plan, VideoFrames.load(con, "v", k=1), 1, 1.0).to_pylist() == sql
        return sql[0]["start_s"], sql[0]["end_s"]

    assert top("statement") == pytest.approx((0.0, 1.2))  # the utterance and the caption line
    assert top(None) == pytest.approx((0.4, 0.9))  # the words heard (0.3-0.9) while the line is shown (0.4-1.2)


@settings(max_examples=200, deadline=None)
@given(plan=plans(), k=st.integers(1, 20), mode=st.sampled_from(["rank", "score"]), video=st.text(max_size=20))
def test_compiled_sql_round_trips_through_sqlglot(plan, k, mode, video):
    tree = compile_ast(plan, video_id=video, k=k, mode=mode)
    text = tree.sql(dialect="duckdb", pretty=True)
    assert sqlglot.parse_one(text, read="duckdb") == tree
    assert compile_plan(plan, video_id=video, k=k, mode=mode) == text  # deterministic


HOSTILE = [
    "it's the sign'; DROP TABLE frames; --",
    'he said "stop" /* and */ left',
    "SELECT * FROM videos WHERE 1=1 OR ''=''",
    "\\'; ATTACH 'x.db'; --",
    "unicode ✓ '' ;; \n newline",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_stays_a_literal(con, vectors, text):
    names = ["siglip", "ocr", "transcript", "audio", "subtitle"]
    calls = tuple(Call(f"Q{i}", tool, text) for i, tool in enumerate(names, start=1))
    plan = Plan(calls, "Q1 AND (Q2 OR Q3) OR Q4 AND Q5")
    sql = compile_plan(plan, video_id=text, k=2)
    statements = sqlglot.parse(sql, read="duckdb")
    assert len(statements) == 1 and isinstance(statements[0], exp.Select)
    strings = {s.this for s in statements[0].find_all(exp.Literal) if s.is_string}
    assert text in strings
    load(
        con,
        vectors,
        {
            "frames": [("va", 0, 0.0)],
            "videos": [],
            "frame_embeddings": [],
            "regions": [],
            "ocr": [],
            "words": [],
            "segments": [],
            "cues": [],
            "audio": [],
        },
    )
    assert con.sql(sql).fetchall() == []  # runs, the video id matches nothing, and nothing was dropped
    assert con.sql("SELECT count(*) FROM frames").fetchall() == [(1,)]


def test_bad_arguments_are_named():
    plan = Plan((Call("Q1", "ocr", "EXIT"),))
    with pytest.raises(PlanError, match="k must be a positive integer"):
        compile_plan(plan, k=0)
    with pytest.raises(PlanError, match="mode must be one of"):
        compile_plan(plan, mode="median")
    with pytest.raises(PlanError, match="has no letters or digits"):
        compile_plan(Plan((Call("Q1", "ocr", "?!"),)))


def test_and_binds_tighter_than_or_in_the_merge():
    plan = Plan(tuple(Call(f"Q{i}", "siglip", "0") for i in (1, 2, 3)), "Q1 OR Q2 AND Q3")
    assert str(boolexpr.parse(plan.combine)) == "Q1 OR (Q2 AND Q3)"
    flat = compile_ast(plan).sql(dialect="duckdb")
    assert "LEAST(COALESCE(c1.rank, i.n_frames + 1), GREATEST(COALESCE(c2.rank" in flat


def test_compiling_never_parses_sql_text(monkeypatch):
    calls = tuple(Call(f"Q{i}", tool, "a dog 1") for i, tool in enumerate(tools.names(), start=1))
    plan = Plan(calls, " OR ".join(c.id for c in calls))
    compile_plan(plan)  # sqlglot parses a few templates of its own once, when its DuckDB generator loads

    def refuse(*args, **kwargs):
        raise AssertionError("the compiler parsed SQL text")

    monkeypatch.setattr(Dialect, "parse", refuse)
    monkeypatch.setattr(Dialect, "parse_into", refuse)
    for mode in ("rank", "score"):
        compile_ast(plan, video_id="it's", k=3, gap=1.5, mode=mode)
    compile_ast(uniform_plan(), k=3)


def test_the_docs_example_sql_is_what_the_compiler_emits():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "planner.md").read_text()
    example = docs.split("```sql\n", 1)[1].split("\n```", 1)[0]
    assert example == compile_plan(make_plan("when does the sign say EXIT"), video_id="abc123", k=4)


def test_a_call_that_matches_nothing_does_not_veto_an_and(con, vectors):
    # frame 2 looks most like the query "0", then frame 0; no on-screen text says EXIT
    frames = [("va", i, float(i)) for i in range(4)]
    embeddings = [("va", i, float(i), e) for i, e in enumerate([[0.8, 0.6, 0], [0, 1, 0], [1, 0, 0], [0.6, 0.8, 0]])]
    data = {name: [] for name in ("videos", "regions", "words", "segments", "cues", "audio")}
    data |= {"frames": frames, "frame_embeddings": embeddings, "ocr": [("va", 1, 1.0, "Platform 9", None, None, None)]}
    load(con, vectors, data)
    plan = Plan((Call("Q1", "siglip", "0"), Call("Q2", "ocr", "EXIT")), "Q1 AND Q2")
    rows = con.sql(compile_plan(plan, video_id="va", k=4, gap=0.0)).fetchall()
    assert [(r[1], r[4]) for r in sorted(rows, key=lambda r: r[4])] == [(2, 1), (0, 2), (3, 3), (1, 4)]
    assert all(r[5] == ["Q1"] for r in rows)  # the merged rank is the last one; the visual call did better


def test_a_plan_that_matches_nothing_keeps_uniform_samplings_keyframes(con, vectors):
    # 100 frames over 100 s, no on-screen text at all: every frame ties last
    frames = [("vb", i, float(i)) for i in range(100)]
    data = {name: [] for name in ("videos", "frame_embeddings", "regions", "words", "segments", "cues", "audio")}
    data |= {"frames": frames, "ocr": [("vb", 7, 7.0, "Platform 9", None, None, None)]}
    load(con, vectors, data)
    plan = Plan((Call("Q1", "ocr", "EXIT"),), "Q1")
    got = con.sql(compile_plan(plan, video_id="vb", k=4)).fetchall()
    uniform = con.sql(compile_plan(uniform_plan(), video_id="vb", k=4)).fetchall()
    assert [r[2] for r in got] == [r[2] for r in uniform] == [12.0, 37.0, 62.0, 87.0]
    assert all(r[3] == 0.0 and r[5] == [] for r in got)  # no call ranked them


def test_compiled_sql_is_cached_per_plan_and_arguments():
    plan = Plan((Call("Q1", "ocr", "EXIT"), Call("Q2", "siglip", "a dog")), "Q1 AND Q2")
    first = compile_plan(plan, video_id="v1", k=4)
    again = compile_plan(Plan.from_json(plan.to_json()), video_id="v1", k=4)  # an equal plan, another object
    assert again is first and first == compile_ast(plan, video_id="v1", k=4).sql(dialect="duckdb", pretty=True)
    variants = [
        compile_plan(plan, video_id="v2", k=4),
        compile_plan(plan, video_id="v1", k=5),
        compile_plan(plan, video_id="v1", k=4, gap=2),
        compile_plan(plan, video_id="v1", k=4, mode="score"),
        compile_plan(Plan(plan.queries, "Q1 OR Q2"), video_id="v1", k=4),
    ]
    assert len({first, *variants}) == 6
    assert compile_plan(plan, video_id="v1", k=4, gap=2.0) is variants[2]  # 2 and 2.0 compile alike
    with pytest.raises(PlanError, match="k must be a positive integer"):
        compile_plan(plan, video_id="v1", k=True)  # equal to 1 as a key, still refused


def test_the_compiled_sql_cache_is_bounded():
    for i in range(compiler.COMPILED_CACHE_SIZE + 10):
        compile_plan(Plan((Call("Q1", "ocr", f"text {i}"),)))
    assert len(compiler._compiled) == compiler.COMPILED_CACHE_SIZE


def test_a_call_with_no_words_splits_its_runs_where_a_text_replaced_the_one_before(con, vectors):
    # a title at the top 0-3.5 s, replaced at 3.5 s by a smaller one: two showings, each its own stretch; the
    # keyframes of the second are placed inside its own (the random plans seldom draw texts that meet exactly)
    data = {name: [] for name in ("frame_embeddings", "regions", "words", "segments", "cues", "audio")}
    data["frames"], data["videos"] = [("va", i, float(i)) for i in range(6)], [("va", 6.0)]
    data["ocr"] = [("va", f, float(f), "Hello world", 0.0, 3.5, (0.2, 0.05, 0.8, 0.25)) for f in range(4)]
    data["ocr"] += [("va", f, float(f), "Chapter two", 3.5, 5.0, (0.2, 0.1, 0.8, 0.2)) for f in (4, 5)]
    load(con, vectors, data)
    plan = Plan((Call("Q1", "ocr", "", place="top"),))
    found, focus = ocr_scores("", data, "top", None)
    assert found == {("va", f): 1.0 if f < 4 else 0.5 for f in range(6)}
    assert {frame: span for (_, frame), span in focus.items()} == {f: (0.0, 3.5) if f < 4 else (3.5, 5.0)
                                                                   for f in range(6)}  # fmt: skip
    for mode in ("rank", "score"):
        actual = con.sql(compile_plan(plan, video_id="va", k=6, gap=0.0, mode=mode)).fetchall()
        assert same([tuple(r) for r in actual], expected_rows(plan, data, vectors, 6, 0.0, mode))


def test_a_counter_between_its_reads_is_estimated_alike_by_the_sql_the_arrays_and_the_reference(con, vectors):
    # a 10 fps frame counter read every second (the random corpora seldom draw reads that tick steadily): frame
    # 15 is shown between the reads of 11 and 21, at 1.4 s; frame 36, past the last read, within its time on screen
    data = {name: [] for name in ("frame_embeddings", "regions", "words", "segments", "cues", "audio")}
    data["frames"], data["videos"] = [("va", i, float(i)) for i in range(4)], [("va", 4.0)]
    box = (0.6, 0.7, 0.95, 0.85)
    data["ocr"] = [("va", f, float(f), f"Frame = {10 * f + 1}", float(f), f + 0.1, box) for f in range(3)]
    data["ocr"] += [("va", 3, 3.0, "Frame = 31", 3.0, 4.0, box)]
    load(con, vectors, data)
    for query, frame, moment in (("Frame 15", 1, (1.4, 1.5)), ("frame 36", 3, (3.5, 3.6))):
        found, focus = ocr_scores(query, data)
        assert list(found) == [("va", frame)] and np.allclose(focus[("va", frame)], moment)
        plan = Plan((Call("Q1", "ocr", query),))
        best = next(row for row in keyframes_agree(con, plan, data, vectors) if row["merged_rank"] == 1)
        assert best["frame_idx"] == frame and best["ts"] == pytest.approx(sum(moment) / 2)  # placed at the moment
        intervals = con.sql(compile_locate(plan, video_id="va", k=1)).to_arrow_table()
        assert columnar.intervals(plan, VideoFrames.load(con, "va", k=1), 1, ISLAND_SHARE).to_pylist() == (
            intervals.to_pylist()
        )
        assert intervals.column("start_s")[0].as_py() == pytest.approx(moment[0])


def test_a_counter_in_the_place_asked_is_estimated_before_one_elsewhere_showing_the_value_earlier(con, vectors):
    # smpte-2997's counters read every second: the centre one counts frames (30 a second, "217.000"), the lower
    # left one seconds ("7.241"); the lower left's 7.241 (at 7.24 s) is asked, the centre's 7.241 (at 0.24 s, a
    # value of its form it never shows) is elsewhere: weighed down as a read elsewhere, in the SQL, the arrays and
    # the reference alike
    data = {name: [] for name in ("frame_embeddings", "regions", "words", "segments", "cues", "audio")}
    data["frames"], data["videos"] = [("va", i, float(i)) for i in range(10)], [("va", 10.0)]
    centre, lower_left = (0.35, 0.45, 0.65, 0.55), (0.05, 0.8, 0.2, 0.9)
    data["ocr"] = [("va", f, float(f), f"{30 * f}.000", float(f), f + 0.04, centre) for f in range(10)]
    data["ocr"] += [("va", f, float(f), f"{f * 1.001:.3f}", float(f), f + 0.04, lower_left) for f in range(10)]
    load(con, vectors, data)
    found, focus = ocr_scores("7.241", data, "bottom-left")
    assert max(found.values()) == found[("va", 7)] > found[("va", 0)]
    plan = Plan((Call("Q1", "ocr", "7.241", place="bottom-left"),))
    assert next(row for row in keyframes_agree(con, plan, data, vectors) if row["merged_rank"] == 1)["frame_idx"] == 7
    intervals = con.sql(compile_locate(plan, video_id="va", k=1)).to_arrow_table()
    assert columnar.intervals(plan, VideoFrames.load(con, "va", k=1), 1, ISLAND_SHARE).to_pylist() == (
        intervals.to_pylist()
    )
    assert intervals.column("start_s")[0].as_py() == pytest.approx(7 + 0.234 / 1.001, abs=0.01)


def test_the_caption_after_one_is_the_next_not_the_one_itself(con, vectors):
    # a caption 'has never been surpassed' on screen at 2-4 s, the next caption from 5 s: "which caption comes
    # after it?" ranks the first frame after it ends first, in the SQL and on the arrays alike
    frames = [("va", i, float(i)) for i in range(10)]
    shown = [("va", i, float(i), "has never been surpassed", None, None, None) for i in (2, 3, 4)]
    following = [("va", i, float(i), "the invention of movable letters", None, None, None) for i in (5, 6, 7)]
    data = {name: [] for name in ("videos", "frame_embeddings", "regions", "words", "segments", "cues", "audio")}
    data |= {"frames": frames, "ocr": shown + following}
    load(con, vectors, data)
    for when, first in (("after", 5), ("before", 1)):
        plan = Plan((Call("Q1", "ocr", "has never been surpassed", when=when),), "Q1")
        rows = con.sql(compile_plan(plan, video_id="va", k=10, gap=0.0)).fetchall()
        assert min(rows, key=lambda r: r[4])[1] == first
        assert {2, 3, 4} <= {r[1] for r in rows if r[5] == []}  # the caption itself: no call ranks it
        arrays = columnar.keyframes(plan, VideoFrames.load(con, "va", k=10, gap=0.0), k=10)
        assert [r[:2] + r[3:] for r in rows] == [
            (r["video_id"], r["frame_idx"], r["score"], r["merged_rank"], r["supporting_calls"])
            for r in arrays.to_pylist()
        ]


def test_after_a_text_appears_that_stays_is_after_its_start(con, vectors):
    # a logo 'PRINTING MUSEUM' on screen from 3 s to the clip's end: nothing is after its end, so "after" ranks no
    # frame; "after_start" (after it appears) ranks the frame after it first shows first, in the SQL and on the
    # arrays alike
    frames = [("va", i, float(i)) for i in range(10)]
    shown = [("va", i, float(i), "PRINTING MUSEUM", None, None, None) for i in range(3, 10)]
    data = {name: [] for name in ("videos", "frame_embeddings", "regions", "words", "segments", "cues", "audio")}
    data |= {"frames": frames, "ocr": shown}
    load(con, vectors, data)
    for when in ("after", "after_start"):
        plan = Plan((Call("Q1", "ocr", "PRINTING MUSEUM", when=when),), "Q1")
        rows = con.sql(compile_plan(plan, video_id="va", k=10, gap=0.0)).fetchall()
        ranked = sorted((r for r in rows if r[5]), key=lambda r: r[4])
        assert [r[1] for r in ranked][:1] == ([] if when == "after" else [4]), rows
        arrays = columnar.keyframes(plan, VideoFrames.load(con, "va", k=10, gap=0.0), k=10)
        assert [r[:2] + r[3:] for r in rows] == [
            (r["video_id"], r["frame_idx"], r["score"], r["merged_rank"], r["supporting_calls"])
            for r in arrays.to_pylist()
        ]


def test_a_text_shown_again_soon_after_is_a_keyframe_of_its_own(con, vectors):
    # EXIT shown at 4-5 s and again at 8-9 s, 4 s apart, with a gap of 6 s: the second showing is a moment of
    # its own (disjoint foci), kept before frames without evidence; the frames of one showing stay one keyframe,
    # in the SQL and on the arrays alike
    frames = [("va", i, float(i)) for i in range(30)]
    shown = [("va", i, float(i), "EXIT", None, None, None) for i in (4, 5, 8, 9)]
    data = {name: [] for name in ("videos", "frame_embeddings", "regions", "words", "segments", "cues", "audio")}
    data |= {"frames": frames, "ocr": shown}
    load(con, vectors, data)
    plan = Plan((Call("Q1", "ocr", "EXIT"),), "Q1")
    rows = con.sql(compile_plan(plan, video_id="va", k=4, gap=6.0)).fetchall()
    found = [r[2] for r in rows if r[5] == ["Q1"]]
    assert len(found) == 2 and 3.5 <= found[0] <= 5.5 and 7.5 <= found[1] <= 9.5, rows
    arrays = columnar.keyframes(plan, VideoFrames.load(con, "va", k=4, gap=6.0), k=4)
    assert [tuple(r) for r in rows] == [tuple(r.values()) for r in arrays.to_pylist()]
