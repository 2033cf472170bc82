"""The web app's latency on the sample corpus: what an Ask round trip costs against retrieval itself (and the
answer, its own request after it), and what the Corpus and Video pages' requests cost.

The corpus is ``sample_media/*.mp4`` ingested into a temporary directory (or ``--corpus DIR``). The app
runs in uvicorn on 127.0.0.1 in this process and is asked over real HTTP (httpx). The baseline, measured in
the same run on the same corpus, is ``Corpus.retrieve`` called directly (plan, keyframes on arrays); each
row's ``x retrieval`` is its median over the baseline's. ``web overhead`` is the round trip minus the
server's own stages (HTTP, JSON, thread hand-off). Medians of ``--repeat`` runs after one warm-up (which
loads the models).

    .venv/bin/python benchmarks/serve.py
    .venv/bin/python benchmarks/serve.py --corpus demo_corpus --repeat 20
"""

from __future__ import annotations

import argparse
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

import vqdb
from vqdb.serve import create_app

REPO = Path(__file__).resolve().parent.parent
QUESTION = "when is the title 'Hello world' on screen?"


def median_ms(run, repeat: int) -> float:
    run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", help="an ingested corpus (default: the sample media, ingested here)")
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("-k", type=int, default=8)
    args = parser.parse_args()
    root = Path(args.corpus) if args.corpus else Path(tempfile.mkdtemp(prefix="vqdb-serve-bench-"))
    if not args.corpus:
        with vqdb.connect(root, progress=False) as corpus:
            print(corpus.ingest(str(REPO / "sample_media" / "*.mp4")))
    with vqdb.connect(root) as corpus:
        video_id = corpus.sql("SELECT video_id FROM videos WHERE path LIKE '%movie-hello.mp4'").fetchone()[0]
        retrieval = median_ms(lambda: corpus.retrieve(QUESTION, video=video_id, k=args.k), args.repeat)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(root)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    stages: dict[str, list[float]] = {}
    token = {"X-Vqdb-Token": app.state.token}  # what the served page sends
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120, headers=token) as http:

        def ask() -> None:
            started = time.perf_counter()
            reply = http.post("/api/ask", json={"question": QUESTION, "video": video_id, "k": args.k})
            reply.raise_for_status()
            timings = reply.json()["timings"]
            timings["round trip"] = (time.perf_counter() - started) * 1000
            timings["web overhead"] = timings["round trip"] - timings["total"]
            started = time.perf_counter()
            answered = http.post("/api/answer", json={"question": QUESTION, "keyframes": reply.json()["keyframes"]})
            answered.raise_for_status()
            timings["answer round trip"] = (time.perf_counter() - started) * 1000
            for name, ms in timings.items():
                stages.setdefault(name, []).append(ms)

        ask()
        stages.clear()
        for _ in range(args.repeat):
            ask()
        pages = {
            "GET /api/corpus": median_ms(lambda: http.get("/api/corpus").raise_for_status(), args.repeat),
            "GET /api/videos/ID": median_ms(
                lambda: http.get(f"/api/videos/{video_id}").raise_for_status(), args.repeat
            ),
            "GET /thumbs/ID/3": median_ms(lambda: http.get(f"/thumbs/{video_id}/3").raise_for_status(), args.repeat),
        }
    server.should_exit = True

    print(f"\nAsk {QUESTION!r} on movie-hello.mp4, k={args.k}, {args.repeat} runs (medians)\n")
    print(f"{'stage':28s} {'ms':>9s} {'x retrieval':>12s}")
    print(f"{'baseline: Corpus.retrieve':28s} {retrieval:9.1f} {1.0:12.2f}")
    for name in ("plan", "retrieve", "locate", "lanes", "total", "web overhead", "round trip", "answer round trip"):
        ms = statistics.median(stages[name])
        label = {"total": "ask: server total", "retrieve": "retrieve (in the app)", "round trip": "ask round trip"}
        label = label.get(name, name)
        print(f"{label:28s} {ms:9.1f} {ms / retrieval:12.2f}")
    print()
    for name, ms in pages.items():
        print(f"{name:28s} {ms:9.1f} {ms / retrieval:12.2f}")


if __name__ == "__main__":
    main()
