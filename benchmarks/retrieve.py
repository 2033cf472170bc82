"""Planner latency per stage: plan (rule-based), compile (Plan -> sqlglot AST -> SQL) and execute (DuckDB
over the corpus's Lance tables), on synthetic corpora.

Case 1: one 1-hour video sampled at 2 fps (7,200 frames) with every tool: 512-d frame embeddings,
6 regions per frame, OCR rows, transcript words (one every 0.5 s) and segments (one every 10 words), and
audio tags; a 5-call plan. Case 2: a 1M-frame corpus (100 videos of 10,000 frames, 64-d embeddings and
OCR rows), a siglip AND ocr plan over one video and over every video (k keyframes each).

Embeddings are random unit vectors; a query's text is mapped to a fixed random vector by a stand-in for
the text-embedding door ``vq_text_vector`` (a one-row lookup: the cost of the real door once a text is
embedded), which ``similarity`` and the visual tools' ``frame_scores`` / ``best_region_scores`` call.
Transcript segments carry their sentence embeddings (``text_emb``), made by the real MiniLM as ingest
makes them (a version of vqdb without the column embeds them with ``text_embed`` when queried, once per
session).

``SQL execute`` runs the compiled SQL through ``Corpus.sql_unchecked`` (``Corpus.sql`` adds an ``EXPLAIN`` per
statement to check it reads only); ``arrays`` computes the same keyframes on arrays (``vqdb.planner.columnar``: what
``retrieve`` runs for a question about one video; the script stops if its rows differ from the SQL's). Times are medians
of ``--repeat`` runs, each on a fresh cursor, after a first run (``first SQL execute ms``: the session's caches empty: a
video's embeddings read into memory; ``first arrays ms``: the arrays' first run in the session, the video's rows read
from the tables into the session's ``RowCache``, the embeddings already in memory). ``compile ms`` is what
``compile_plan`` costs a session asking a plan again (the compiled text is cached); ``first compile ms`` builds and
prints the tree (a new plan; ``retrieve`` on arrays compiles only when ``Retrieval.sql`` is read). ``CPU ms`` is the
process CPU time of a run (DuckDB uses every core; on a busy machine it moves less than the wall time). ``total ms`` is
what a question costs: plan + arrays for one video, plan + compile + SQL execute for every video; ``Corpus.retrieve ms``
is what a user waits for: ``corpus.retrieve(question, video=...)`` looks the video up, plans (the rule-plan row; the
5-tool row runs its given plan), computes the keyframes and returns Arrow. The baseline, measured in the same run on the
same tables, is the bare top-k scan ``ORDER BY similarity(emb, q) DESC LIMIT k`` (no ranks, no merge, no NMS); ``x
baseline`` is the time of the path ``retrieve`` runs (arrays for one video, else the SQL) over the baseline's, ``SQL /
arrays`` the SQL's execute time over the arrays'. A second table times "when" on the 1-hour video: the locate query
(``compile_locate``) as SQL against ``Corpus.locate`` (arrays for one video; the script stops if they differ).

First question (``--speech-videos N``, 0 to skip): a transcript question (one ``transcript`` call, a
paraphrase: no words match) asked in a new session, ``Corpus.retrieve`` of one 1-hour video (720
segments) and of a whole corpus of N such videos (``video=None``), then asked again (``warm``). Each is
measured with the sentences' stored embeddings and then, in the same process, on the same corpus with
the ``text_emb`` column dropped (a corpus ingested before it was stored: every sentence is embedded when
queried); ``x stored`` is the first question's time over the stored one's. The text model is loaded
before timing (loading it once per process costs the same either way).

    .venv/bin/python benchmarks/retrieve.py
    .venv/bin/python benchmarks/retrieve.py --skip-1m --repeat 5
    .venv/bin/python benchmarks/retrieve.py --skip-1m --skip-hour --speech-videos 5
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable

import numpy as np
import pyarrow as pa

import vqdb
from vqdb.config import Config
from vqdb.models import registry
from vqdb.planner import Plan, columnar, compile_plan, make_plan
from vqdb.planner.compiler import compile_ast
from vqdb.planner.locate import compile_locate
from vqdb.planner.sqlbuild import DIALECT
from vqdb.planner.video_frames import VideoFrames
from vqdb.schema import TABLES
from vqdb.store import Store

QUESTION = 'when does the man in the red jacket hold up the sign that says "EXIT" while a dog barks'
FIVE_CALLS = {
    "queries": [
        {"id": "Q1", "tool": "siglip", "query": "a man in a red jacket"},
        {"id": "Q2", "tool": "region", "query": "a sign"},
        {"id": "Q3", "tool": "ocr", "query": "EXIT"},
        {"id": "Q4", "tool": "transcript", "query": "ask not"},
        {"id": "Q5", "tool": "audio", "query": "dog"},
    ],
    "combine": "Q1 AND (Q3 OR Q4) OR Q2 AND Q5",
}
TWO_CALLS = {
    "queries": [
        {"id": "Q1", "tool": "siglip", "query": "a man in a red jacket"},
        {"id": "Q2", "tool": "ocr", "query": "EXIT"},
    ],
    "combine": "Q1 AND Q2",
}
MEANT = {"queries": [{"id": "Q1", "tool": "transcript", "query": "serving the nation"}], "combine": "Q1"}
WORDS = np.array(["ask", "not", "what", "your", "country", "can", "do", "for", "you", "the", "EXIT", "sign"])


def unit_vectors(rng: np.random.Generator, n: int, dim: int) -> pa.Array:
    v = rng.standard_normal((n, dim), dtype=np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return pa.FixedSizeListArray.from_arrays(pa.array(v.ravel()), dim)


def full_table(name: str, columns: dict, dim: int) -> pa.Table:
    """``columns`` completed to the table's schema (absent columns are NULL)."""
    schema = TABLES[name].arrow_schema(dim)
    n = len(next(iter(columns.values())))
    arrays = [pa.array(columns[f.name], f.type) if f.name in columns else pa.nulls(n, f.type) for f in schema]
    return pa.Table.from_arrays(arrays, schema=schema)


def sentence_vectors(texts: list[str]) -> pa.Array | None:
    """The stored embeddings of ``texts`` (``text_emb``), made by the real MiniLM as ingest makes them; None
    for a version of vqdb whose ``transcript_segments`` has no such column."""
    if "text_emb" not in TABLES["transcript_segments"].arrow_schema().names:
        return None
    vectors = registry.sentence_embedder(Config()).embed_texts(texts)
    return pa.FixedSizeListArray.from_arrays(pa.array(vectors.ravel()), vectors.shape[1])


def commit_videos(
    corpus, rng: np.random.Generator, videos: int, frames: int, fps: float, dim: int, every_tool: bool
) -> None:
    """Write the synthetic tables in one append per table, then mark every extractor finished."""
    ids = np.repeat(np.array([f"v{i:04d}" for i in range(videos)]), frames)
    idx = np.tile(np.arange(frames, dtype=np.int32), videos)
    ts = idx / fps
    n = videos * frames
    storage = Store.create(corpus.root)  # corpus.store only reads
    storage.update_manifest(embed_model="stand-in (see stand_in_similarity)", embed_dim=dim)

    def append(name: str, columns: dict) -> None:
        storage.append(name, full_table(name, columns, dim))

    duration = frames / fps
    append(
        "videos",
        {
            "video_id": [f"v{i:04d}" for i in range(videos)],
            "duration_s": [duration] * videos,
            "sample_fps": [fps] * videos,
        },
    )
    append("frames", {"video_id": ids, "frame_idx": idx, "ts": ts, "jpeg": pa.array([b""] * n, pa.binary())})
    append("frame_embeddings", {"video_id": ids, "frame_idx": idx, "ts": ts, "emb": unit_vectors(rng, n, dim)})
    hit = rng.random(n) < 0.1  # OCR rows on 10% of frames, 1% of them read EXIT
    texts = np.where(rng.random(int(hit.sum())) < 0.01, "EXIT", rng.choice(WORDS, int(hit.sum())))
    append("ocr", {"video_id": ids[hit], "frame_idx": idx[hit], "ts": ts[hit], "text": texts})
    extractors = ["frames", "embed", "ocr"]
    if every_tool:
        regions = 6
        append(
            "regions",
            {
                "video_id": np.repeat(ids, regions),
                "frame_idx": np.repeat(idx, regions),
                "ts": np.repeat(ts, regions),
                "region_id": np.tile(np.arange(regions, dtype=np.int32), n),
                "emb": unit_vectors(rng, n * regions, dim),
            },
        )
        starts = np.arange(0, duration, 0.5)
        spoken = rng.choice(WORDS, len(starts))
        append(
            "transcript_words",
            {"video_id": ["v0000"] * len(starts), "word": spoken, "start_s": starts, "end_s": starts + 0.4},
        )
        sentences = range(0, len(starts), 10)
        said = [" ".join(spoken[i : i + 10]) for i in sentences]
        append(
            "transcript_segments",
            {
                "video_id": ["v0000"] * len(sentences),
                "seg_id": np.arange(len(sentences), dtype=np.int32),
                "start_s": starts[list(sentences)],
                "end_s": starts[list(sentences)] + 4.9,
                "text": said,
                **({"text_emb": vectors} if (vectors := sentence_vectors(said)) is not None else {}),
            },
        )
        patches = np.repeat(np.arange(0, duration, 0.48), 5)
        labels = rng.choice(np.array(["Dog", "Bark", "Speech", "Music", "Vehicle", "Silence"]), len(patches))
        append(
            "audio_tags",
            {
                "video_id": ["v0000"] * len(patches),
                "start_s": patches,
                "end_s": patches + 0.96,
                "label": labels,
                "score": rng.random(len(patches)),
            },
        )
        extractors += ["regions", "asr", "audio"]
    append(
        "extractions",
        {"video_id": [f"v{i:04d}" for i in range(videos) for _ in extractors], "extractor": extractors * videos},
    )


def stand_in_similarity(corpus, dim: int, rng: np.random.Generator) -> None:
    corpus.sql_unchecked(f"CREATE OR REPLACE TABLE bench_queries (q VARCHAR, v FLOAT[{dim}])")
    for text in ("a man in a red jacket", "a sign", "man in the red jacket hold up the sign"):
        vector = unit_vectors(rng, 1, dim).to_pylist()[0]
        corpus.sql_unchecked("INSERT INTO bench_queries VALUES ($q, $v)", params={"q": text, "v": vector})
    corpus.sql_unchecked(
        "CREATE OR REPLACE MACRO vq_text_vector(query) AS (SELECT v FROM bench_queries WHERE q = query)"
    )


def synthetic_corpus(path: str, label: str, rng: np.random.Generator, dim: int, **shape):
    """A corpus at ``path`` of ``commit_videos(..., **shape)`` at 2 fps, with the stand-in text vectors."""
    start = time.perf_counter()
    corpus = vqdb.connect(path, progress=False)
    commit_videos(corpus, rng, fps=2.0, dim=dim, **shape)
    corpus.refresh()
    stand_in_similarity(corpus, dim, rng)
    print(f"{label} corpus written in {time.perf_counter() - start:.1f} s")
    return corpus


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    return median_wall_cpu_ms(fn, repeat)[0]


def median_wall_cpu_ms(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall and process CPU milliseconds of ``repeat`` runs of ``fn``."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def measure(
    corpus, label: str, plan: Plan, video_id: str | None, k: int, repeat: int, question: str, given: bool = True
) -> list[str]:
    """One table row; ``given``: ``Corpus.retrieve`` runs ``plan`` (else it plans the question itself)."""
    plan_ms = median_ms(lambda: make_plan(question), max(repeat, 20))
    uncached_ms = median_ms(
        lambda: compile_ast(plan, video_id=video_id, k=k).sql(dialect=DIALECT, pretty=True), max(repeat, 20)
    )
    compile_ms = median_ms(lambda: compile_plan(plan, video_id=video_id, k=k), max(repeat, 20))
    sql = compile_plan(plan, video_id=video_id, k=k)
    start = time.perf_counter()
    rows = corpus.sql_unchecked(sql).to_arrow_table()
    first_ms = (time.perf_counter() - start) * 1000
    execute_ms, execute_cpu_ms = median_wall_cpu_ms(lambda: corpus.sql_unchecked(sql).fetchall(), repeat)
    arrays = "-"
    if video_id is not None:  # what retrieve runs for one video

        def on_arrays():
            video = VideoFrames.load(corpus.cursor_unchecked(), video_id, k=k, cache=corpus.row_cache)
            return columnar.keyframes(plan, video, k)

        first_arrays_ms = median_ms(on_arrays, 1)  # this session's first (its rows read from the tables)
        if on_arrays().to_pylist() != rows.to_pylist():
            raise SystemExit(f"{label}: the arrays' keyframes differ from the compiled SQL's")
        arrays_ms, arrays_cpu_ms = median_wall_cpu_ms(on_arrays, repeat)
        arrays = f"{arrays_ms:.1f} | {arrays_cpu_ms:.1f} | {first_arrays_ms:.0f}"
        run_ms, total, speedup = arrays_ms, plan_ms + arrays_ms, f"{execute_ms / arrays_ms:.2f}"
    else:
        arrays = "- | - | -"
        run_ms, total, speedup = execute_ms, plan_ms + compile_ms + execute_ms, "-"
    where = "WHERE video_id = $v" if video_id else ""
    baseline = (
        f"SELECT video_id, frame_idx, ts FROM frame_embeddings {where} "
        f"ORDER BY similarity(emb, 'a man in a red jacket') DESC LIMIT {k}"
    )
    params = {"v": video_id} if video_id else None
    baseline_ms = median_ms(lambda: corpus.sql_unchecked(baseline, params=params).fetchall(), repeat)
    retrieve_ms = median_ms(
        lambda: corpus.retrieve(question, video=video_id, k=k, plan=plan if given else None), repeat
    )
    return [
        f"| {label} | {len(plan.queries)} | {rows.num_rows} | {plan_ms:.2f} | {compile_ms:.2f} | {uncached_ms:.1f} | "
        f"{execute_ms:.1f} | {execute_cpu_ms:.1f} | {first_ms:.0f} | {arrays} | {total:.1f} | {retrieve_ms:.1f} | "
        f"{baseline_ms:.1f} | {run_ms / baseline_ms:.2f} | {speedup} |"
    ]


def measure_locate(corpus, label: str, plan: Plan, video_id: str, repeat: int, question: str) -> str:
    """One row of the "when" table: the locate query as SQL against ``Corpus.locate`` (arrays for one video)."""
    sql = compile_locate(plan, video_id=video_id)
    rows = corpus.sql_unchecked(sql).to_arrow_table()
    located = corpus.locate(question, video=video_id, plan=plan)
    if located.intervals.to_pylist() != rows.to_pylist():
        raise SystemExit(f"{label}: the arrays' intervals differ from the locate query's")
    sql_ms = median_ms(lambda: corpus.sql_unchecked(sql).fetchall(), repeat)
    locate_ms = median_ms(lambda: corpus.locate(question, video=video_id, plan=plan), repeat)
    return f"| {label} | {rows.num_rows} | {sql_ms:.1f} | {locate_ms:.1f} | {sql_ms / locate_ms:.2f} |"


def commit_speech(root: str, rng: np.random.Generator, videos: int) -> None:
    """``videos`` 1-hour videos sampled at 1 fps, each with 720 transcript segments of 10 words (a word every
    0.5 s), the segments stored with their embeddings where this version of vqdb has the column."""
    storage = Store.create(root)
    ids = [f"s{i:03d}" for i in range(videos)]
    frames = np.arange(3600, dtype=np.int32)
    words = np.arange(0, 3600, 0.5)
    starts = words[::10]
    spoken = rng.choice(WORDS, (videos, len(words)))
    said = [" ".join(spoken[v, i : i + 10]) for v in range(videos) for i in range(0, len(words), 10)]

    def append(name: str, columns: dict) -> None:
        storage.append(name, full_table(name, columns, None))

    append("videos", {"video_id": ids, "duration_s": [3600.0] * videos, "sample_fps": [1.0] * videos})
    frame_columns = {"frame_idx": np.tile(frames, videos), "ts": np.tile(frames, videos).astype(np.float64)}
    append("frames", {"video_id": np.repeat(ids, len(frames)), **frame_columns})
    append(
        "transcript_words",
        {
            "video_id": np.repeat(ids, len(words)),
            "word": spoken.ravel(),
            "start_s": np.tile(words, videos),
            "end_s": np.tile(words + 0.4, videos),
        },
    )
    vectors = sentence_vectors(said)
    append(
        "transcript_segments",
        {
            "video_id": np.repeat(ids, len(starts)),
            "seg_id": np.tile(np.arange(len(starts), dtype=np.int32), videos),
            "start_s": np.tile(starts, videos),
            "end_s": np.tile(starts + 4.9, videos),
            "text": said,
            **({"text_emb": vectors} if vectors is not None else {}),
        },
    )
    extractors = ["frames", "asr"]
    append("extractions", {"video_id": [v for v in ids for _ in extractors], "extractor": extractors * videos})


def first_question(root: str, video: str | None, repeat: int) -> tuple[float, float, float, float]:
    """Wall and CPU ms of the transcript question's first ``Corpus.retrieve`` in a new session, then the
    medians of ``repeat`` more."""
    plan = Plan.from_json(MEANT)
    with vqdb.connect(root, progress=False) as corpus:
        first_ms, first_cpu_ms = median_wall_cpu_ms(lambda: corpus.retrieve("", video=video, plan=plan), 1)
        warm_ms, warm_cpu_ms = median_wall_cpu_ms(lambda: corpus.retrieve("", video=video, plan=plan), repeat)
    return first_ms, first_cpu_ms, warm_ms, warm_cpu_ms


def speech_lines(root: str, videos: int, repeat: int) -> list[str]:
    """The first-question table: each case with stored embeddings, then with the column dropped."""
    registry.sentence_embedder(Config())  # loaded before timing
    cases = [("one 1-hour video (720 segments)", "s000"), (f"{videos} videos ({videos * 720:,} segments)", None)]
    rows, stored_ms = [], {}

    def measure_cases(sentences: str) -> None:
        for label, video in cases:
            first_ms, first_cpu_ms, warm_ms, warm_cpu_ms = first_question(root, video, repeat)
            if sentences == "stored":
                stored_ms[label] = first_ms
            ratio = f"{first_ms / stored_ms[label]:.1f}" if label in stored_ms else ""
            rows.append(
                f"| {label} | {sentences} | {first_ms:.0f} | {first_cpu_ms:.0f} | {warm_ms:.0f} | {warm_cpu_ms:.0f} "
                f"| {ratio} |"
            )

    storage = Store.open(root, writable=True)
    if "text_emb" in storage.dataset("transcript_segments").schema.names:
        measure_cases("stored")
        storage.dataset("transcript_segments").drop_columns(["text_emb"])  # as an older corpus
    measure_cases("embedded when queried")
    header = [
        "| transcript question, new session | sentences | first Corpus.retrieve ms | CPU ms | warm ms | warm CPU ms "
        "| x stored |",
        "|---|---|---|---|---|---|---|",
    ]
    return header + rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (median)")
    parser.add_argument("-k", type=int, default=8, help="keyframes per video")
    parser.add_argument("--skip-1m", action="store_true", help="only the 1-hour video")
    parser.add_argument("--skip-hour", action="store_true", help="not the 1-hour video with every tool")
    parser.add_argument("--speech-videos", type=int, default=5, help="videos of the first-question corpus (0: skip)")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    when = [
        "| case (locate, k = 5) | intervals | locate SQL execute ms | Corpus.locate ms | SQL / Corpus.locate |",
        "|---|---|---|---|---|",
    ]
    lines = [
        "| case | calls | rows out | plan ms | compile ms | first compile ms | SQL execute ms | SQL execute CPU ms "
        "| first SQL execute ms | arrays ms | arrays CPU ms | first arrays ms | total ms | Corpus.retrieve ms "
        "| baseline top-k ms | x baseline | SQL / arrays |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_hour:
            corpus = synthetic_corpus(f"{tmp}/hour", "1-hour", rng, videos=1, frames=7200, dim=512, every_tool=True)
            lines += measure(
                corpus,
                "1 h @ 2 fps (7,200 frames), 5 tools",
                Plan.from_json(FIVE_CALLS),
                "v0000",
                args.k,
                args.repeat,
                QUESTION,
            )
            lines += measure(
                corpus,
                "1 h @ 2 fps, rule plan of the question",
                make_plan(QUESTION),
                "v0000",
                args.k,
                args.repeat,
                QUESTION,
                given=False,
            )
            five = Plan.from_json(FIVE_CALLS)
            when.append(measure_locate(corpus, "1 h @ 2 fps, 5 tools", five, "v0000", args.repeat, QUESTION))
            corpus.close()
        if not args.skip_1m:
            corpus = synthetic_corpus(
                f"{tmp}/million", "1M-frame", rng, videos=100, frames=10_000, dim=64, every_tool=False
            )
            two = Plan.from_json(TWO_CALLS)
            lines += measure(
                corpus,
                "1M frames, one video (10,000 frames), siglip AND ocr",
                two,
                "v0042",
                args.k,
                args.repeat,
                QUESTION,
            )
            lines += measure(
                corpus, "1M frames, all 100 videos (k each), siglip AND ocr", two, None, args.k, args.repeat, QUESTION
            )
            corpus.close()
        if args.speech_videos:
            start = time.perf_counter()
            commit_speech(f"{tmp}/speech", rng, args.speech_videos)
            print(f"{args.speech_videos}-video speech corpus written in {time.perf_counter() - start:.1f} s")
            speech = speech_lines(f"{tmp}/speech", args.speech_videos, args.repeat)
    print("\n".join(lines if len(lines) > 2 else []))
    if len(when) > 2:
        print("\n" + "\n".join(when))
    if args.speech_videos:
        print("\n" + "\n".join(speech))


if __name__ == "__main__":
    main()
