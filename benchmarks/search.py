"""Corpus-wide search (``Corpus.search``) at 100 and 1,000 hours: latency, recall against an exhaustive scan,
index build, adding 10 hours, memory.

The corpus is generated directly as tables (no media), in chunks of ``--chunk-hours``, as 30-minute videos
sampled at 1 frame a second:

* ``frame_embeddings``: 768-d unit vectors, clustered: each video is a run of scenes (20 to 60 s), each scene
  one of 1,000 looks (named "<colour> <object>"), a frame its look plus the scene's and its own noise;
* ``transcript_words`` at 150 words a minute from a 20,000-word vocabulary (Zipf frequencies), grouped in
  12-word ``transcript_segments`` whose ``text_emb`` is a bag-of-words sentence vector (384-d: the sum of
  fixed random word vectors, normalized);
* OCR: a line of 2 to 4 words every 10 to 30 s, on screen 3 to 10 s, read once a second (``ocr``, with the
  times it was shown) and one ``ocr_spans`` row a line, its ``text_emb`` the line's bag-of-words sentence vector;
* ``audio_tags`` every 0.96 s and ``audio_events`` (runs of one of 100 labels, 2 to 20 s).

Regions are left out (at 6 crops a frame they are 6 times the frame embeddings: 66 GB at 1,000 hours,
more than this machine's disk budget); the ``region`` tool's candidates come from the same kind of index as
``siglip``'s. Subtitles are left out too (the same index kinds as transcripts).

The text encoders are stand-ins in the session: ``vq_text_vector`` maps a look's name to its centre (plus a
fixed noise), ``text_embed`` is the bag-of-words vector above, so questions have real answers in the data.
Questions, 4 kinds, drawn from the data: **text** ``when is "<an OCR line>" on screen`` (ocr), **speech**
``when does someone say "<5 consecutive words>"`` (transcript), **visual** ``a <look>`` (siglip), **mixed**
``when is "<line>" on screen while a <look of that moment> is seen`` (siglip AND ocr).

Reported: per kind, p50 / p99 of ``corpus.search(q, k=10)`` (the indexes' candidates, then the merge) and of
the exhaustive scan with the same scoring (``exhaustive=True``: the merge in every video, the baseline run in
the same process), ``x exhaustive`` (the exhaustive p50 over the search's), recall@10 (``recall``: the share of
the exhaustive top 10 that search returns, a returned moment scoring as much as the exhaustive 10th counting:
an OCR line that many videos show, or lines alike letter for letter, tie, and which 10 of the tied moments the
exhaustive scan lists is arbitrary), the candidate videos merged (mean); index build time and size; adding 10
hours (write, index update, a search after); peak memory (RSS) of the process; what counting a question's words
for their rarity costs the first time (``word_counting``), against a full-text lookup a word and table.
Latencies are after one warm-up query per kind.

``--reuse DIR --span-vectors`` first stores the ``text_emb`` of the ``ocr_spans`` of a corpus kept before spans held
them, as ``vqdb index DIR --ocr-spans`` would (timed; in place: a copy of the kept corpus).

``--reuse DIR --clone`` searches a copy-on-write clone of a kept corpus (``clone``: its data and index files
hard-linked, since Lance never rewrites a file, the rest copied) and adds the 10 hours to the clone, so the
kept corpus is never written; the clone is removed after. The clone's ``video_id`` indexes are built (or
updated) first, timed, as ``vqdb index`` would, so a corpus kept before they existed is searched with them.

    .venv/bin/python benchmarks/search.py --hours 100
    nice .venv/bin/python benchmarks/search.py --hours 1000 --queries 10 --recall-queries 5
    .venv/bin/python benchmarks/search.py --hours 10 --keep --root DIR   # keep the corpus written (printed)
    .venv/bin/python benchmarks/search.py --hours 10 --reuse DIR   # search a kept corpus again
    .venv/bin/python benchmarks/search.py --hours 10 --reuse DIR --clone --root TMP  # and add 10 h to a clone
    .venv/bin/python benchmarks/search.py --hours 10 --reuse DIR --answers A.json  # each search's results, to compare
    nice .venv/bin/python benchmarks/search.py --hours 1000 --reuse DIR --recall-queries 0  # latency only
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import os
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa

import vqdb
from vqdb.planner.tools.base import normalize_text
from vqdb.planner.word_rarity import DF_CAP, DF_TABLES, WordCounts
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes, text_hits
from vqdb.store.vector_index import build_vector_index
from vqdb.store.video_index import VIDEO_INDEX, VIDEO_TABLES, build_video_indexes
from vqdb.store.visual_summary import build_visual_summaries, summary_table
from vqdb.textnorm import canonical_words

KINDS = ("text", "speech", "visual", "mixed")
FPS = 1.0
VIDEO_S = 1800
DIM = 768
SENTENCE_DIM = 384
LOOKS = 1000
VOCABULARY = 20_000
WORDS_PER_S = 2.5
SEGMENT_WORDS = 12
COLOURS = ["red", "blue", "green", "yellow", "black", "white", "orange", "purple", "grey", "brown"]
OBJECTS = [
    f"{a}{b}"
    for a in ("car", "dog", "tree", "boat", "lamp", "door", "bird", "desk", "sign", "cup")
    for b in ("", "let", "ling", "ster", "ette", "kin", "hood", "craft", "ward", "some")
]
LABELS = ["Speech", "Music", "Dog", "Bark", "Applause", "Vehicle", "Siren", "Laughter", "Rain", "Wind"]
LABELS += [f"Sound {i}" for i in range(90)]
SYLLABLES = ["ka", "lo", "mi", "ra", "tu", "ne", "so", "vi", "da", "pe", "zo", "ri", "ma", "te", "lu", "bo", "ha"]


class World:
    """The fixed parts every chunk shares: looks, vocabulary, word vectors, labels."""

    def __init__(self, seed: int = 7):
        rng = np.random.default_rng(seed)
        self.looks = rng.standard_normal((LOOKS, DIM)).astype(np.float32)
        self.looks /= np.linalg.norm(self.looks, axis=1, keepdims=True)
        self.look_names = [f"{c} {o}" for o in OBJECTS for c in COLOURS][:LOOKS]
        words = set()
        while len(words) < VOCABULARY:
            words.add("".join(rng.choice(SYLLABLES, rng.integers(2, 5))))
        self.words = np.array(sorted(words))
        self.word_index = {w: i for i, w in enumerate(self.words)}
        ranks = np.arange(1, VOCABULARY + 1, dtype=np.float64)
        self.word_p = ranks**-1.07 / (ranks**-1.07).sum()
        self.word_vectors = rng.standard_normal((VOCABULARY, SENTENCE_DIM)).astype(np.float32)
        self.look_noise = 0.5 * rng.standard_normal((LOOKS, DIM)).astype(np.float32) / np.sqrt(DIM)

    def sentence_vector(self, words: list[str]) -> np.ndarray | None:
        known = [self.word_index[w] for w in words if w in self.word_index]
        if not known:
            return None
        v = self.word_vectors[known].sum(axis=0)
        return v / np.linalg.norm(v)

    def look_vector(self, text: str) -> np.ndarray:
        name = normalize_text(text)
        for i, look in enumerate(self.look_names):
            if look in name:
                v = self.looks[i] + self.look_noise[i]
                return v / np.linalg.norm(v)
        seed = int(hashlib.sha1(name.encode()).hexdigest()[:8], 16)
        v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
        return v / np.linalg.norm(v)


def full_table(name: str, columns: dict, dim: int = DIM) -> pa.Table:
    schema = TABLES[name].arrow_schema(dim)
    n = len(next(iter(columns.values())))
    arrays = [pa.array(columns[f.name], f.type) if f.name in columns else pa.nulls(n, f.type) for f in schema]
    return pa.Table.from_arrays(arrays, schema=schema)


def vectors(matrix: np.ndarray) -> pa.Array:
    return pa.FixedSizeListArray.from_arrays(pa.array(matrix.astype(np.float32).ravel()), matrix.shape[1])


def write_chunk(store: Store, world: World, first: int, count: int, seed: int) -> list[dict]:
    """Videos ``first`` .. ``first + count - 1``: every table appended once, then their extractions (which makes
    them visible). Returns facts to ask about: OCR lines, spoken phrases, looks, with their videos and times."""
    rng = np.random.default_rng(seed)
    ids = [f"v{i:05d}" for i in range(first, first + count)]
    n = int(VIDEO_S * FPS)
    ts = np.arange(n) / FPS
    frames, embeddings, words, segments, ocr, spans, tags, events, facts = ([] for _ in range(9))
    for video_id in ids:
        # scenes and their looks
        bounds = np.cumsum(rng.integers(20, 61, VIDEO_S // 20))
        bounds = bounds[bounds < VIDEO_S]
        scene = np.searchsorted(bounds, ts, side="right")
        look = rng.integers(0, LOOKS, len(bounds) + 1)
        offset = rng.standard_normal((len(bounds) + 1, DIM)).astype(np.float32) / np.sqrt(DIM)
        emb = (
            world.looks[look[scene]]
            + 0.7 * offset[scene]
            + 0.7 * rng.standard_normal((n, DIM), dtype=np.float32) / np.sqrt(DIM)
        )
        emb /= np.linalg.norm(emb, axis=1, keepdims=True)
        frames.append({"video_id": [video_id] * n, "frame_idx": np.arange(n, dtype=np.int32), "ts": ts})
        embeddings.append(emb)
        # speech
        count_words = int(VIDEO_S * WORDS_PER_S)
        said = world.words[rng.choice(VOCABULARY, count_words, p=world.word_p)]
        start = np.arange(count_words) / WORDS_PER_S
        words.append({"video_id": [video_id] * count_words, "word": said, "start_s": start, "end_s": start + 0.3})
        seg_starts = np.arange(0, count_words, SEGMENT_WORDS)
        seg_text = [" ".join(said[i : i + SEGMENT_WORDS]) for i in seg_starts]
        segments.append(
            {
                "video_id": [video_id] * len(seg_starts),
                "seg_id": np.arange(len(seg_starts), dtype=np.int32),
                "start_s": start[seg_starts],
                "end_s": start[np.minimum(seg_starts + SEGMENT_WORDS - 1, count_words - 1)] + 0.3,
                "text": seg_text,
                "emb": np.stack([world.sentence_vector(t.split()) for t in seg_text]),
            }
        )
        at = rng.integers(0, count_words - 5)
        facts.append({"kind": "speech", "text": " ".join(said[at : at + 5]), "video_id": video_id})
        # on-screen lines
        t, lines = float(rng.integers(0, 20)), 0
        while t < VIDEO_S - 12:
            shown = float(rng.integers(3, 11))
            line = " ".join(world.words[rng.choice(VOCABULARY, rng.integers(2, 5), p=world.word_p)]).upper()
            reads = np.arange(np.ceil(t), t + shown)
            ocr.append(
                {
                    "video_id": [video_id] * len(reads),
                    "frame_idx": reads.astype(np.int32),
                    "ts": reads,
                    "text": [line] * len(reads),
                    "confidence": rng.uniform(0.5, 1.0, len(reads)),
                    "shown_from_s": [t] * len(reads),
                    "shown_to_s": [t + shown] * len(reads),
                }
            )
            spans.append(
                {
                    "video_id": [video_id],
                    "span_id": np.array([lines], np.int32),
                    "start_s": [float(reads[0])],
                    "end_s": [float(reads[-1])],
                    "text": [line],
                    "max_confidence": [0.9],
                    "emb": world.sentence_vector(line.lower().split())[None],
                }
            )
            if lines == 3:
                name = world.look_names[look[scene[int(reads[0])]]]
                facts.append({"kind": "text", "text": line, "video_id": video_id})
                facts.append({"kind": "mixed", "text": line, "look": name, "video_id": video_id})
            t += shown + float(rng.integers(10, 31))
            lines += 1
        facts.append(
            {"kind": "visual", "look": world.look_names[look[rng.integers(0, len(look))]], "video_id": video_id}
        )
        # sounds
        ev_t, ev_rows, tag_rows = 0.0, [], []
        while ev_t < VIDEO_S:
            length = float(rng.integers(2, 21))
            label = LABELS[min(int(rng.zipf(1.5)) - 1, len(LABELS) - 1)]
            patches = np.arange(ev_t, min(ev_t + length, VIDEO_S), 0.96)
            scores = rng.uniform(0.2, 0.95, len(patches))
            ev_rows.append((ev_t, min(ev_t + length, VIDEO_S), label, float(scores.max()), float(scores.mean())))
            tag_rows.append((patches, label, scores))
            ev_t += length
        events.append(
            {
                "video_id": [video_id] * len(ev_rows),
                **dict(
                    zip(
                        ("start_s", "end_s", "label", "max_score", "mean_score"),
                        map(list, zip(*ev_rows, strict=True)),
                        strict=True,
                    )
                ),
            }
        )
        patches = np.concatenate([p for p, _, _ in tag_rows])
        tags.append(
            {
                "video_id": [video_id] * len(patches),
                "start_s": patches,
                "end_s": patches + 0.96,
                "label": [label for p, label, _ in tag_rows for _ in p],
                "score": np.concatenate([s for _, _, s in tag_rows]),
            }
        )

    def append(name: str, parts: list[dict], dim: int = DIM) -> None:
        merged = {key: np.concatenate([np.asarray(p[key]) for p in parts]) for key in parts[0]}
        store.append(name, full_table(name, merged, dim))

    append(
        "videos",
        [
            {
                "video_id": ids,
                "path": [f"/bench/{v}.mp4" for v in ids],
                "duration_s": [float(VIDEO_S)] * count,
                "sample_fps": [FPS] * count,
            }
        ],
    )
    append("frames", frames)
    store.append(
        "frame_embeddings",
        full_table(
            "frame_embeddings",
            {
                **{k: np.concatenate([np.asarray(f[k]) for f in frames]) for k in ("video_id", "frame_idx", "ts")},
                "emb": vectors(np.concatenate(embeddings)),
            },
        ),
    )
    append("transcript_words", words)
    segment_columns = {k: np.concatenate([np.asarray(s[k]) for s in segments]) for k in segments[0] if k != "emb"}
    segment_columns["text_emb"] = vectors(np.concatenate([s["emb"] for s in segments]))
    store.append("transcript_segments", full_table("transcript_segments", segment_columns, SENTENCE_DIM))
    append("ocr", ocr)
    span_columns = {k: np.concatenate([np.asarray(s[k]) for s in spans]) for k in spans[0] if k != "emb"}
    span_columns["text_emb"] = vectors(np.concatenate([s["emb"] for s in spans]))
    store.append("ocr_spans", full_table("ocr_spans", span_columns, SENTENCE_DIM))
    append("audio_tags", tags)
    append("audio_events", events)
    extractors = ["frames", "embed", "asr", "ocr", "audio"]
    store.append(
        "extractions",
        full_table("extractions", {"video_id": [v for v in ids for _ in extractors], "extractor": extractors * count}),
    )
    return facts


def stand_in_encoders(corpus, world: World) -> None:
    """The session's text encoders replaced by the world's (see the module docstring)."""
    con = corpus._session()

    def look(texts: pa.Array) -> pa.Array:
        return pa.array(
            [None if t is None else world.look_vector(t).tolist() for t in texts.to_pylist()],
            pa.list_(pa.float32(), DIM),
        )

    def sentence(texts: pa.Array) -> pa.Array:
        out = []
        for t in texts.to_pylist():
            v = None if t is None else world.sentence_vector(normalize_text(t).split())
            out.append(None if v is None else v.tolist())
        return pa.array(out, pa.list_(pa.float32(), SENTENCE_DIM))

    for name, fn, dim in (("vq_bench_look", look, DIM), ("text_embed", sentence, SENTENCE_DIM)):
        with contextlib.suppress(duckdb.InvalidInputException):  # not registered in this session yet
            con.remove_function(name)
        con.create_function(
            name, fn, ["VARCHAR"], f"FLOAT[{dim}]", type="arrow", null_handling="special", side_effects=True
        )
    con.execute("CREATE OR REPLACE MACRO vq_text_vector(query) AS vq_bench_look(query)")


def questions(facts: list[dict], per_kind: int, seed: int) -> dict[str, list[str]]:
    rng = np.random.default_rng(seed)
    by_kind = {}
    for kind in KINDS:
        chosen = [f for f in facts if f["kind"] == kind]
        chosen = [chosen[i] for i in rng.choice(len(chosen), min(per_kind, len(chosen)), replace=False)]
        if kind == "text":
            by_kind[kind] = [f'when is "{f["text"]}" on screen' for f in chosen]
        elif kind == "speech":
            by_kind[kind] = [f'when does someone say "{f["text"]}"' for f in chosen]
        elif kind == "visual":
            by_kind[kind] = [f"a {f['look']}" for f in chosen]
        else:
            by_kind[kind] = [f'when is "{f["text"]}" on screen while a {f["look"]} is seen' for f in chosen]
    return by_kind


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return (time.perf_counter() - start) * 1000, out


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def moments(result) -> set[tuple[str, float]]:
    return {(m["video_id"], round(m["ts"], 3)) for m in result.moments.to_pylist()}


TIE = 1e-9  # scores this close are equal


def recall(found, truth) -> float:
    """The share of the exhaustive scan's moments (``truth``, its top k) that ``found`` returns, where a returned
    moment that scores at least as much as the exhaustive k-th is one of them: moments that tie the k-th are
    equally right, and which of them the scan lists is arbitrary (scores are the same computation either way)."""
    expected = truth.moments.to_pylist()
    if not expected:
        return 1.0
    listed, kth = moments(truth), expected[-1]["score"]
    right = [(m["video_id"], round(m["ts"], 3)) in listed or m["score"] >= kth - TIE for m in found.moments.to_pylist()]
    return min(sum(right), len(expected)) / len(expected)


def clone(source: str, target: str) -> None:
    """A copy-on-write copy of the corpus ``source`` at ``target``: the Lance data and index files hard-linked
    (Lance writes new files and never rewrites one), every other file copied."""
    for folder, _, files in os.walk(source):
        relative = Path(folder).relative_to(source)
        Path(target, relative).mkdir(parents=True, exist_ok=True)
        immutable = any(part in ("data", "_indices") for part in relative.parts)
        for name in files:
            (os.link if immutable else shutil.copy2)(Path(folder, name), Path(target, relative, name))


def build_indexes(root: str) -> tuple[float, list[str]]:
    start = time.perf_counter()
    lines = []
    with Store.open(root, writable=True) as store:
        for table in ("frame_embeddings", "transcript_segments"):
            lines.append(str(build_vector_index(store, table)))
        before = time.perf_counter()
        rows = sum(build_video_indexes(store).values())
        lines.append(f"video_id indexes over {rows:,} rows, {time.perf_counter() - before:.1f} s")
        lines.append(summarized(store))
        build_text_indexes(store)
    return time.perf_counter() - start, lines


def with_span_vectors(root: str, world: World) -> str:
    """Store the ``text_emb`` of the ``ocr_spans`` of a corpus kept before spans held them (each line's
    bag-of-words vector, as ``write_chunk`` writes it), as ``vqdb index --ocr-spans`` brings a real corpus up to
    date; timed."""
    start = time.perf_counter()
    with Store.open(root, writable=True) as store:
        spans = store.read("ocr_spans")
        columns = {name: spans.column(name).combine_chunks() for name in spans.column_names if name != "text_emb"}
        lines = [world.sentence_vector(text.lower().split()) for text in columns["text"].to_pylist()]
        columns["text_emb"] = vectors(np.stack(lines))
        store.replace("ocr_spans", "true", full_table("ocr_spans", columns, SENTENCE_DIM))
    return f"ocr_spans: {spans.num_rows:,} vectors stored in {time.perf_counter() - start:.1f} s"


def summarized(store: Store) -> str:
    """Build the frames' per-video summaries (``vqdb.store.visual_summary``; ``build_text_indexes`` would), timed."""
    start = time.perf_counter()
    videos = build_visual_summaries(store)["frame_embeddings"]
    name = summary_table("frame_embeddings")
    size = store.dataset_bytes(name) if store.exists(name) else 0
    return (
        f"frame summaries of {videos} videos, {time.perf_counter() - start:.1f} s "
        f"({store.count(name):,} parts, {size / 2**20:,.1f} MiB)"
    )


def index_bytes(root: str) -> int:
    return sum(f.stat().st_size for f in Path(root).glob("*.lance/_indices/**/*") if f.is_file())


def video_index_bytes(root: str) -> int:
    """Bytes of the ``video_id`` indexes (``vqdb.store.video_index``), as Lance describes them."""
    store = Store.open(root)
    return sum(
        index.total_size_bytes
        for table in VIDEO_TABLES
        if store.exists(table)
        for index in store.dataset(table).describe_indices()
        if index.name == VIDEO_INDEX
    )


def data_bytes(root: str) -> int:
    return sum(f.stat().st_size for f in Path(root).glob("*.lance/data/*") if f.is_file())


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class _Discard:
    """A store stub for ``--reuse``: the chunks are drawn again (for their facts), nothing is written."""

    def append(self, name: str, rows: pa.Table) -> None:
        del name, rows


def run(
    hours: int,
    chunk_hours: int,
    per_kind: int,
    recall_queries: int,
    caps: list[int],
    root: str,
    reuse: bool,
    add_hours: bool = True,
    answers: str | None = None,
    kinds: tuple[str, ...] = KINDS,
    compare_summaries: bool = False,
    span_vectors: bool = False,
) -> None:
    """Write (or ``reuse``) a corpus of ``hours`` at ``root``, print the tables; ``add_hours``: then add 10 hours
    to it and search a new video (left out where the corpus is kept or reused in place: it would no longer be the
    one its questions are drawn from; a clone, ``--clone``, takes them); ``answers``: a JSON file to write each
    search's candidates and moments to (by cap and question), to compare two versions' results; ``kinds``: the
    kinds of question asked; ``compare_summaries`` (a clone): search before the frames' per-video summaries are
    built (the visual estimate from the nearest vectors alone), then build them and search again, against the same
    exhaustive scans; ``span_vectors`` (reused): first store the spans' vectors (``with_span_vectors``)."""
    world = World()
    if not reuse:
        store = Store.create(root)
        store.update_manifest(embed_model="stand-in (benchmarks/search.py)", embed_dim=DIM)
    videos_per_chunk = int(chunk_hours * 3600 / VIDEO_S)
    total = int(hours * 3600 / VIDEO_S)
    facts = []
    start = time.perf_counter()
    for i, first in enumerate(range(0, total, videos_per_chunk)):
        facts += write_chunk(_Discard() if reuse else store, world, first, min(videos_per_chunk, total - first), seed=i)
    written = time.perf_counter() - start
    if reuse:
        print(
            f"{hours} h: {total} videos, {total * VIDEO_S:,} frames reused from {root} "
            f"({data_bytes(root) / 2**30:.1f} GiB of data, {index_bytes(root) / 2**20:,.0f} MiB of indexes, of which "
            f"video_id {video_index_bytes(root) / 2**20:,.1f} MiB)"
        )
        if span_vectors:
            print(with_span_vectors(root, world))
        if add_hours:  # a clone (``--clone``): its video_id indexes built or updated, as ``vqdb index`` would
            start = time.perf_counter()
            with Store.open(root, writable=True) as store:
                rows = sum(build_video_indexes(store).values())
            print(
                f"video_id indexes on the clone over {rows:,} rows newly indexed: {time.perf_counter() - start:.1f} s, "
                f"{video_index_bytes(root) / 2**20:,.1f} MiB"
            )
            if not compare_summaries:
                with Store.open(root, writable=True) as store:
                    print(summarized(store))
    else:
        print(
            f"{hours} h: {total} videos, {total * VIDEO_S:,} frames written in {written:.0f} s "
            f"({data_bytes(root) / 2**30:.1f} GiB of data), peak RSS {peak_mb():,.0f} MB"
        )
        seconds, lines = build_indexes(root)
        print(
            f"indexes built in {seconds:.0f} s, {index_bytes(root) / 2**20:,.0f} MiB (video_id "
            f"{video_index_bytes(root) / 2**20:,.1f} MiB): " + "; ".join(lines)
        )

    corpus = vqdb.connect(root, progress=False)
    stand_in_encoders(corpus, world)
    asked = {kind: qs for kind, qs in questions(facts, per_kind, seed=1).items() if kind in kinds}
    truths = {}
    for kind, qs in asked.items():
        corpus.search(qs[0], k=10)  # warm-up: the first question of a kind reads its tables' metadata
        truths[kind] = [timed(lambda q=q: corpus.search(q, k=10, exhaustive=True)) for q in qs[:recall_queries]]
    found_by_cap = {}
    phases = ("without the frame summaries", "with the frame summaries") if compare_summaries else ("",)
    for phase, cap in ((phase, cap) for phase in phases for cap in caps):
        if phase.startswith("with ") and cap == caps[0]:  # the search reads the summaries as soon as they exist
            with Store.open(root, writable=True) as store:
                print("\n" + summarized(store))
        rows = []
        for kind, qs in asked.items():
            searched = [timed(lambda q=q, cap=cap: corpus.search(q, k=10, max_videos=cap)) for q in qs]
            found_by_cap[f"{phase} {cap} {kind}".strip()] = {
                q: {"candidates": list(r.candidates), "moments": r.moments.to_pylist()}
                for q, (_, r) in zip(qs, searched, strict=True)
            }
            recalls = [
                recall(found, truth)
                for (_, found), (_, truth) in zip(searched[:recall_queries], truths[kind], strict=True)
            ]
            ms = [t for t, _ in searched]
            exhaustive = percentile([t for t, _ in truths[kind]], 50)
            hits = statistics.mean(r.moments.num_rows > 0 for _, r in searched)
            rows.append(
                (
                    kind,
                    len(qs),
                    percentile(ms, 50),
                    percentile(ms, 99),
                    exhaustive,
                    statistics.mean(recalls) if recalls else float("nan"),  # --recall-queries 0: latency only
                    len(recalls),
                    hits,
                    statistics.mean(len(r.candidates) for _, r in searched),
                )
            )
        print(
            f"\n{hours} h, k=10, at most {cap} candidate videos, {per_kind} questions a kind "
            f"(recall on the first {recall_queries}){', ' + phase if phase else ''}:"
        )
        print(
            "| kind | questions | p50 ms | p99 ms | exhaustive p50 ms | x exhaustive | recall@10 | with moments "
            "| videos merged |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for kind, n, p50, p99, ex, share, nr, hits, merged in rows:
            cells = [kind, n, f"{p50:.0f}", f"{p99:.0f}", f"{ex:.0f}", f"{ex / p50:.1f}", f"{share:.3f} ({nr})"]
            print("| " + " | ".join(map(str, [*cells, f"{hits:.2f}", f"{merged:.0f}"])) + " |")
    print(f"peak RSS after the searches: {peak_mb():,.0f} MB")
    if answers:
        Path(answers).write_text(json.dumps(found_by_cap, indent=1, default=str))
    if "text" in asked or "speech" in asked:
        print(word_counting(corpus.store, [q for kind in ("text", "speech") for q in asked.get(kind, [])]))

    corpus.close()
    if not add_hours:
        return
    start = time.perf_counter()
    added = int(10 * 3600 / VIDEO_S)
    with Store.open(root, writable=True) as store:
        more = write_chunk(store, world, total, added, seed=10_000)
    write_s = time.perf_counter() - start
    index_s, lines = build_indexes(root)
    corpus = vqdb.connect(root, progress=False)
    stand_in_encoders(corpus, world)
    late = next(f for f in more if f["kind"] == "text")
    ms, found = timed(lambda: corpus.search(f'when is "{late["text"]}" on screen', k=10))
    listed = found.moments.to_pylist()
    tied = [m["video_id"] for m in listed if m["score"] >= listed[0]["score"] - TIE] if listed else []
    print(
        f"\nadding 10 h ({added} videos): written in {write_s:.1f} s, indexes updated in {index_s:.1f} s "
        f"({'; '.join(lines)}); a question about a new video: {ms:.0f} ms, its video first or tied with the "
        f"first: {late['video_id'] in tied} ({len(tied)} of {len(listed)} moments tie at the top)"
    )
    corpus.close()


def word_counting(store: Store, questions: list[str]) -> str:
    """The first search of a question counts its words in the text tables (``WordCounts``, then kept while the
    tables keep their versions): its cost against a full-text lookup a word and table (each opening the
    table), the same counts, alternating on fresh objects."""
    per_lookup, counts = [], []
    for question in questions:
        words = list(dict.fromkeys(canonical_words(question)))
        start = time.perf_counter()
        tables = [table for table in DF_TABLES if store.exists(table)]
        looked_up = [sum(text_hits(store, t, word, DF_CAP, fuzzy=False).num_rows for t in tables) for word in words]
        per_lookup.append(time.perf_counter() - start)
        start = time.perf_counter()
        latest = WordCounts(store).latest()
        counted = [sum(table.held(word) for table in latest) for word in words]
        counts.append(time.perf_counter() - start)
        assert counted == looked_up, (question, counted, looked_up)
    old, new = (1000 * statistics.median(times) for times in (per_lookup, counts))
    return (
        f"counting a question's words afresh ({len(questions)} text and speech questions, p50): a lookup a word "
        f"and table {old:.0f} ms, WordCounts {new:.0f} ms ({old / new:.1f}x)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hours", type=int, nargs="+", default=[100])
    parser.add_argument("--chunk-hours", type=int, default=10)
    parser.add_argument("--queries", type=int, default=20, help="questions a kind")
    parser.add_argument(
        "--recall-queries", type=int, default=10, help="of which measured against the exhaustive scan (0: none)"
    )
    parser.add_argument("--max-videos", type=int, nargs="+", default=[30, 100], help="candidate videos merged at most")
    parser.add_argument("--root", help="directory for the corpora (default: a temporary one, removed after)")
    parser.add_argument(
        "--reuse", help="a corpus this script wrote for the same --hours (kept): skip writing and indexing"
    )
    parser.add_argument(
        "--answers", help="a JSON file to write every search's candidates and moments to (compare runs)"
    )
    parser.add_argument("--kinds", default=",".join(KINDS), help="kinds of question asked (default: %(default)s)")
    parser.add_argument(
        "--compare-summaries",
        action="store_true",
        help="with --reuse --clone: search before and after building the frames' per-video summaries",
    )
    parser.add_argument("--no-add", action="store_true", help="with --reuse --clone: do not add 10 hours after")
    parser.add_argument(
        "--span-vectors",
        action="store_true",
        help="with --reuse: first store the ocr_spans' vectors of a corpus kept before they held them (in place)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the corpus written (for --reuse), print where")
    parser.add_argument(
        "--clone", action="store_true", help="with --reuse: search a copy-on-write clone under --root, add 10 h to it"
    )
    args = parser.parse_args()
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    if not kinds or set(kinds) - set(KINDS):
        parser.error(f"--kinds: a comma-separated list of {', '.join(KINDS)}, got {args.kinds!r}")
    if args.span_vectors and not args.reuse:
        parser.error("--span-vectors needs --reuse DIR (a corpus written now has them)")
    if args.compare_summaries and not (args.reuse and args.clone):
        parser.error("--compare-summaries needs --reuse DIR --clone (it builds the summaries on the clone)")
    for hours in args.hours:
        search = functools.partial(
            run,
            hours,
            args.chunk_hours,
            args.queries,
            args.recall_queries,
            args.max_videos,
            answers=args.answers,
            kinds=kinds,
            compare_summaries=args.compare_summaries,
            span_vectors=args.span_vectors,
        )
        if args.reuse and args.clone:
            root = tempfile.mkdtemp(prefix=f"search-{hours}h-clone-", dir=args.root)
            try:
                clone(args.reuse, root)
                search(root, reuse=True, add_hours=not args.no_add)
            finally:
                shutil.rmtree(root, ignore_errors=True)
            continue
        if args.reuse:
            search(args.reuse, reuse=True, add_hours=False)
            continue
        root = tempfile.mkdtemp(prefix=f"search-{hours}h-", dir=args.root)
        try:
            search(root, reuse=False, add_hours=not args.keep)
        finally:
            if args.keep:
                print(f"kept {root} (reuse it with --reuse {root})")
            else:
                shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
