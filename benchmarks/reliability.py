"""Reliability sweep: bad media, a SIGKILL before every storage operation of an ingest, two writers at
once, readers during a forced replace; the web app under load and attack; damaged corpora found and
repaired. Prints tables; rows lost and duplicates must be 0.

Each killed run is followed by a plain re-run, and every table is compared with an uninterrupted run
made in the same process (``vqdb.testing.corpora.corpus_contents``): a row of the clean run missing
after the re-run is lost, a row present more often is a duplicate. Kills come from
``vqdb.testing.faults`` (SIGKILL right before the nth write of a Lance dataset, fragment, commit, index,
compaction or manifest). The default suite runs a seeded handful of these (``tests/reliability``).

The serve part starts ``vqdb serve`` (from this checkout, and from ``--baseline`` when given: the
before/after table) on the sample media, sends ``--requests`` requests (HTML pages, page data,
thumbnails, media ranges and ``/api/sql``, in turn) at ``--concurrency`` (each with a 10 s timeout, the
whole load at most ``--load-s`` seconds), the same again while a runaway query runs, hostile requests
(catalog changes, another dataset, a cross-site post, a 2 MB body), and SIGTERM; it reports requests/s,
p50/p99 latency (of everything but SQL), the server's RSS before the load, its peak (sampled every
0.2 s) and after, and how long SIGTERM took. The damage part deletes, truncates and loses a table's files
and counts what a re-run ``vqdb ingest`` and ``vqdb check`` found and what ``--repair`` plus a re-ingest
restored.

    .venv/bin/python benchmarks/reliability.py                 # every kill point of both scenarios
    .venv/bin/python benchmarks/reliability.py --every 5       # every 5th kill point
    .venv/bin/python benchmarks/reliability.py --only serve,damage --baseline /path/to/main/checkout
    .venv/bin/python benchmarks/reliability.py --only serve --requests 10000 --load-s 900
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import vqdb
from vqdb.testing.bad_media import make_bad_media, write_clip
from vqdb.testing.corpora import corpus_contents

REPO = Path(__file__).resolve().parent.parent
ARGS = ("--with", "subtitles", "--no-progress")


def vqdb_cli(*args: str, faults: list[str] | None = None) -> subprocess.CompletedProcess:
    module = ["-m", "vqdb.testing.faults", *faults, "--"] if faults else ["-m", "vqdb"]
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.run([sys.executable, *module, *args], env=env, capture_output=True, text=True, timeout=600)


def clips(directory: Path, count: int = 8) -> list[str]:
    directory.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(count):
        clip = write_clip(directory / f"clip{i:02d}.mp4", seconds=1.0 + 0.1 * i, size=(64, 48), gop=5)
        if i < count // 2:
            clip.with_suffix(".srt").write_text(f"1\n00:00:00,000 --> 00:00:00,900\nclip {i} says hello\n")
        made.append(str(clip))
    return made


def lost_and_duplicated(clean: dict, got: dict) -> tuple[int, int]:
    lost = duplicated = 0
    for table in clean.keys() | got.keys():
        want = collections.Counter(map(repr, clean.get(table, [])))  # rows hold lists: count their text
        have = collections.Counter(map(repr, got.get(table, [])))
        lost += sum((want - have).values())
        duplicated += sum((have - want).values())
    return lost, duplicated


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple] = []

    def add(self, check: str, tried: int, passed: int, lost: int | str = "-", duplicates: int | str = "-", note=""):
        self.rows.append((check, tried, passed, lost, duplicates, note))
        print(f"  {check}: {passed}/{tried} {note}", file=sys.stderr, flush=True)

    def print(self) -> None:
        header = ("check", "tried", "passed", "rows lost", "duplicates", "")
        widths = [max(len(str(r[i])) for r in [header, *self.rows]) for i in range(6)]
        for row in [header, *self.rows]:
            print(
                "  ".join(
                    str(v).ljust(w) if i in (0, 5) else str(v).rjust(w)
                    for i, (v, w) in enumerate(zip(row, widths, strict=True))
                )
            )


def bad_media(work: Path, table: Table) -> None:
    files = make_bad_media(work / "bad-media")
    summary = vqdb.connect(work / "bad-corpus", progress=False).ingest(
        sorted(str(work / "bad-media" / f.name) for f in files), extractors=()
    )
    failed = dict(summary.failed)
    clear = sum(1 for why in failed.values() if "\n" not in why and "Traceback" not in why)
    expected = {f.name: f.expect for f in files}
    outcome = {Path(p).name: "error" for p in failed} | {Path(p).name: "ingested" for p, *_ in summary.ingested}
    right = sum(1 for name, expect in expected.items() if (outcome.get(name) == "error") == (expect == "error"))
    table.add("bad media: files with the outcome they owe", len(files), right, note=f"{len(failed)} refused")
    table.add("bad media: refusals that are one clear line", len(failed), clear)
    table.add(
        "bad media: partial files kept with the reason",
        sum(e == "partial" for e in expected.values()),
        len(summary.partial),
    )


def kill_sweep(work: Path, media: list[str], table: Table, every: int, force: bool) -> None:
    name = "kill before a storage operation of " + ("ingest --force" if force else "an ingest")
    clean_root = work / f"clean-{force}"
    done = vqdb_cli("ingest", str(clean_root), *media, *ARGS, faults=["count"])
    assert done.returncode == 0, done.stderr
    if force:
        done = vqdb_cli("ingest", str(clean_root), *media, *ARGS, "--force", faults=["count"])
    operations = int(done.stderr.rsplit("storage operations: ", 1)[1].split()[0])
    clean = corpus_contents(clean_root)
    survived = lost = duplicated = 0
    points = range(1, operations + 1, every)
    for point in points:
        root = work / f"killed-{force}-{point}"
        if force:
            assert vqdb_cli("ingest", str(root), *media, *ARGS).returncode == 0
        extra = ("--force",) if force else ()
        killed = vqdb_cli("ingest", str(root), *media, *ARGS, *extra, faults=["kill", str(point)])
        rerun = vqdb_cli("ingest", str(root), *media, *ARGS)
        missing, twice = lost_and_duplicated(clean, corpus_contents(root))
        lost, duplicated = lost + missing, duplicated + twice
        survived += killed.returncode == -signal.SIGKILL and rerun.returncode == 0 and not missing and not twice
    table.add(name, len(points), survived, lost, duplicated, f"of {operations} operations")


def two_writers(work: Path, media: list[str], table: Table) -> None:
    clean = corpus_contents(work / "clean-False")
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    for label, halves in (("same files", (media, media)), ("different files", (media[::2], media[1::2]))):
        root = work / f"two-writers-{label.replace(' ', '-')}"
        processes = [
            subprocess.Popen(
                [sys.executable, "-m", "vqdb", "ingest", str(root), *half, *ARGS],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for half in halves
        ]
        codes = [p.wait(timeout=600) for p in processes]
        lost, duplicated = lost_and_duplicated(clean, corpus_contents(root))
        table.add(
            f"two writers at once, {label}, new corpus",
            1,
            int(codes == [0, 0] and not lost and not duplicated),
            lost,
            duplicated,
        )


def readers_during_force(work: Path, media: list[str], table: Table) -> None:
    root = work / "clean-False"
    query = "SELECT (SELECT count(*) FROM subtitles), (SELECT count(*) FROM frames), (SELECT count(*) FROM videos)"
    with vqdb.connect(root) as corpus:
        expected = corpus.sql(query).fetchone()
    seen: list[tuple] = []
    stop = threading.Event()

    def read() -> None:
        with vqdb.connect(root) as corpus:
            while not stop.is_set() and len(seen) < 100_000:
                seen.append(corpus.sql(query).fetchone())

    reader = threading.Thread(target=read)
    reader.start()
    start = time.monotonic()
    vqdb_cli("ingest", str(root), *media, *ARGS, "--force")
    stop.set()
    reader.join()
    off = sum(1 for counts in seen if counts != expected)
    table.add("reads during ingest --force", len(seen), len(seen) - off, note=f"{time.monotonic() - start:.0f} s")


SERVE_BUDGET_S = 5  # the time budget the serve load runs under (VQDB_SQL_TIME_BUDGET_S)
RUNAWAY = "SELECT count(*) FROM frames a, range(100000) b, range(100000) c, range(100000) d"
HOSTILE = (
    ("DROP VIEW videos", {}),
    ("CREATE OR REPLACE MACRO finished_videos(x) AS []", {}),
    ("CREATE TABLE big AS SELECT range FROM range(30000000)", {}),
    ("SELECT * FROM __lance_scan('{elsewhere}')", {}),
    ("SELECT * FROM '{elsewhere}'", {}),
    ("SELECT 1", {"content-type": "text/plain", "origin": "http://attacker.example"}),  # cross-site, no token
)


def serve_corpus(work: Path) -> Path:
    root = work / "serve-corpus"
    if not root.exists():
        media = sorted(str(p) for p in (REPO / "sample_media").glob("*.mp4"))
        assert "failed 0" in str(vqdb.connect(root, progress=False).ingest(media, extractors=()))
    return root


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_load(work: Path, code: Path, requests: int, concurrency: int, load_s: float) -> dict:
    """Start ``vqdb serve`` from the checkout ``code``, load and attack it, stop it; what was measured."""
    import httpx
    import psutil

    root, port = serve_corpus(work), free_port()
    elsewhere = work / "elsewhere" / "videos.lance"
    if not elsewhere.exists():
        import lance
        import pyarrow as pa

        lance.write_dataset(pa.table({"secret": ["s3cr3t"]}), str(elsewhere))
    env = {**os.environ, "PYTHONPATH": str(code), "VQDB_SQL_TIME_BUDGET_S": str(SERVE_BUDGET_S)}
    life = str(int(2 * load_s + 300))  # two loads and the rest: a server left behind stops on its own
    command = ["timeout", life, sys.executable, "-m", "vqdb", "serve", str(root), "--port", str(port)]
    server = subprocess.Popen(command, env=env, cwd=code, stderr=subprocess.DEVNULL)  # cwd: -m imports from it
    url = f"http://127.0.0.1:{port}"
    page, deadline = None, time.monotonic() + 120
    while page is None and time.monotonic() < deadline:
        try:
            page = httpx.get(f"{url}/sql", timeout=5).text
        except httpx.TransportError:
            time.sleep(0.2)
    assert page is not None, "vqdb serve did not start"
    token = re.search(r'name="vqdb-token" content="([^"]+)"', page)
    headers = {"X-Vqdb-Token": token.group(1)} if token else {}
    process = psutil.Process(server.pid).children()[0]  # timeout's child: python
    phases = {}
    with httpx.Client(timeout=10, headers=headers) as client:
        ids = [v["video_id"] for v in client.get(f"{url}/api/corpus").json()["videos"]]
        phases["quiet"] = _phase(client, url, ids, process, requests, concurrency, load_s)
        runaway = threading.Thread(
            target=lambda: _quietly(client.post, f"{url}/api/sql", json={"sql": RUNAWAY}, timeout=60)
        )
        runaway.start()
        time.sleep(0.5)
        phases["runaway"] = _phase(client, url, ids, process, requests, concurrency, load_s)
        held = 0
        for sql, extra in HOSTILE:
            sent = {"content-type": "application/json", **extra}
            body = json.dumps({"sql": sql.format(elsewhere=elsewhere)})
            refused = _quietly(client.post, f"{url}/api/sql", content=body, headers=sent)
            after = _quietly(client.get, f"{url}/api/corpus")
            held += bool(refused is not None and refused.status_code >= 400 and after is not None and after.is_success)
        big = _quietly(
            client.post, f"{url}/api/sql", content=b"x" * (2 << 20), headers={"content-type": "application/json"}
        )
        held += big is not None and big.status_code == 413
    stopped = time.monotonic()
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
        stop = f"{time.monotonic() - stopped:.1f} s"
    except subprocess.TimeoutExpired:
        process.kill()  # the python under timeout: SIGKILL to timeout would leave it running
        server.kill()
        server.wait()
        stop = "no (SIGKILL)"
    runaway.join(timeout=60)
    return {"phases": phases, "hostile": f"{held}/{len(HOSTILE) + 1}", "sigterm": stop}


def _phase(client, url: str, ids: list[str], process, requests: int, concurrency: int, load_s: float) -> dict:
    """One load on the server (``process``) and what it measured, its RSS sampled throughout."""
    rss_start, peak, done = process.memory_info().rss, [0], threading.Event()

    def sample() -> None:
        while not done.wait(0.2):
            peak[0] = max(peak[0], process.memory_info().rss)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        latencies, failed, sent = _load(client, url, ids, requests, concurrency, load_s)
    finally:
        done.set()
        sampler.join()
    every = [ms for kind, values in latencies.items() if kind != "_wall" for ms in values]
    pages = [ms for kind in ("page", "corpus", "video", "thumb", "media") for ms in latencies[kind]]
    rss_end = process.memory_info().rss
    return {
        "ok": len(every),
        "sent": sent,
        "failures": dict(failed),
        "per_s": len(every) / max(sum(latencies["_wall"]), 1e-9),
        "p50": _percentile(pages, 50),
        "p99": _percentile(pages, 99),
        "rss": f"{rss_start >> 20} / {max(peak[0], rss_end) >> 20} / {rss_end >> 20}",
    }


def _quietly(call, *args, **kwargs):
    import httpx

    try:
        return call(*args, **kwargs)
    except httpx.HTTPError:
        return None


def _percentile(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def _load(client, url: str, ids: list[str], requests: int, concurrency: int, load_s: float):
    """``requests`` requests over the pages' routes at ``concurrency``; latencies (ms) by kind of those that
    answered, how many failed or timed out, how many were sent before ``load_s`` ran out."""
    kinds = ("page", "corpus", "video", "thumb", "media", "sql")
    latencies: dict[str, list[float]] = {kind: [] for kind in (*kinds, "_wall")}
    failed: collections.Counter = collections.Counter()
    started = time.monotonic()

    def one(i: int) -> tuple[str, float | None]:
        kind, video = kinds[i % len(kinds)], ids[i % len(ids)]
        begin = time.perf_counter()
        if kind == "page":
            pages = ("/", f"/video/{video}", "/ask", "/sql")
            reply = _quietly(client.get, url + pages[(i // len(kinds)) % len(pages)])
        elif kind == "corpus":
            reply = _quietly(client.get, f"{url}/api/corpus")
        elif kind == "video":
            reply = _quietly(client.get, f"{url}/api/videos/{video}")
        elif kind == "thumb":
            reply = _quietly(client.get, f"{url}/thumbs/{video}/{(i // len(kinds)) % 2}")  # birds.mp4 has 2 frames
        elif kind == "media":
            reply = _quietly(client.get, f"{url}/media/{video}", headers={"Range": "bytes=0-65535"})
        else:
            sql = {"sql": f"SELECT count(*), max(ts) FROM frames WHERE video_id = '{video}'"}
            reply = _quietly(client.post, f"{url}/api/sql", json=sql)
        if reply is None or reply.status_code >= 300:
            return f"{kind} {reply.status_code if reply is not None else 'timeout'}", None
        return kind, (time.perf_counter() - begin) * 1000

    sent = 0
    with concurrent.futures.ThreadPoolExecutor(concurrency) as pool:
        futures = []
        for i in range(requests):
            if time.monotonic() - started > load_s:
                break
            futures.append(pool.submit(one, i))
            sent += 1
            while sum(not f.done() for f in futures[-concurrency * 2 :]) >= concurrency * 2:
                time.sleep(0.001)
        for future in futures:
            kind, ms = future.result()
            if ms is None:
                failed[kind] += 1
            else:
                latencies[kind].append(ms)
    latencies["_wall"].append(time.monotonic() - started)
    return latencies, failed, sent


def serve_table(rows: list[tuple[str, dict]]) -> None:
    rss = "RSS MiB before/peak/after"
    header = ("server", "load", "answered", "req/s", "p50 ms", "p99 ms", rss, "attacks held", "SIGTERM")
    lines = [header]
    for label, measured in rows:
        for phase, m in measured["phases"].items():
            last = phase == "runaway"
            lines.append(
                (
                    label,
                    phase,
                    f"{m['ok']}/{m['sent']}",
                    f"{m['per_s']:.0f}",
                    f"{m['p50']:.0f}",
                    f"{m['p99']:.0f}",
                    m["rss"],
                    measured["hostile"] if last else "",
                    measured["sigterm"] if last else "",
                )
            )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for line in lines:
        cells = zip(line, widths, strict=True)
        print("  ".join(v.ljust(w) if i < 2 else v.rjust(w) for i, (v, w) in enumerate(cells)))


def damage(work: Path, media: list[str], table: Table) -> None:
    """Delete, truncate and lose a table's files; count what a re-run ingest and vqdb check find, and what
    --repair plus an ingest restore."""
    import lance

    clean = work / "damage-clean"
    vqdb.connect(clean, progress=False).ingest(media[:4], extractors=("subtitles",))
    expected = corpus_contents(clean)

    def fragment_file(root: Path, name: str, index: int) -> Path:
        fragment = lance.dataset(str(root / f"{name}.lance")).get_fragments()[index]
        return root / f"{name}.lance" / "data" / fragment.data_files()[0].path

    def delete(root: Path) -> None:
        fragment_file(root, "frames", 1).unlink()

    def cut_in_half(path: Path) -> None:
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])

    def truncate_frames(root: Path) -> None:
        cut_in_half(fragment_file(root, "frames", 2))

    def truncate_subtitles(root: Path) -> None:
        cut_in_half(fragment_file(root, "subtitles", 0))

    def lose_manifest(root: Path) -> None:
        versions = root / "frames.lance" / "_versions"
        min(versions.glob("*.manifest")).unlink()
        (versions / "latest_version_hint.json").unlink(missing_ok=True)

    said = found = repaired = 0
    faults = (delete, truncate_frames, truncate_subtitles, lose_manifest)
    for fault in faults:
        root = work / f"damage-{fault.__name__}"
        shutil.copytree(clean, root)
        fault(root)
        rerun = vqdb_cli("ingest", str(root), *media[:4], *ARGS)
        said += (
            rerun.returncode == 1 and f"vqdb check {root} --repair" in rerun.stderr and "skipped" not in rerun.stdout
        )
        corpus = vqdb.connect(root, progress=False)
        report = corpus.check()
        found += not report.ok
        corpus.check(repair=True)
        corpus.ingest(media[:4], extractors=("subtitles",))
        repaired += corpus.check().ok and corpus_contents(root) == expected
    look, full = _seconds_to_find_damage(clean)
    table.add(
        "damaged corpora: a re-run ingest says to run vqdb check --repair",
        len(faults),
        said,
        note=f"its look {look * 1000:.0f} ms, vqdb check {full * 1000:.0f} ms on the whole corpus",
    )
    table.add("damaged corpora: found by vqdb check", len(faults), found)
    table.add("damaged corpora: whole again after --repair and ingest", len(faults), repaired, note="rows as before")


def _seconds_to_find_damage(root: Path, repeat: int = 5) -> tuple[float, float]:
    """Best of ``repeat`` seconds of the look every ingest takes (``signs_of_damage``) and of ``vqdb check``'s
    full read, on the corpus at ``root``."""
    from vqdb.store import Store
    from vqdb.store.check import check, signs_of_damage

    store = Store.open(root)
    timings = []
    for look in (signs_of_damage, check):
        runs = []
        for _ in range(repeat):
            start = time.perf_counter()
            look(store)
            runs.append(time.perf_counter() - start)
        timings.append(min(runs))
    return timings[0], timings[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="kill before every n-th storage operation (default 1)")
    parts = ("media", "kills", "writers", "readers", "serve", "damage")
    parser.add_argument("--only", default=",".join(parts), help=f"comma-separated parts to run (of {', '.join(parts)})")
    parser.add_argument("--baseline", type=Path, help="another vqdb checkout to serve from too (before/after)")
    parser.add_argument("--requests", type=int, default=10_000, help="requests of each serve load (default 10000)")
    parser.add_argument("--concurrency", type=int, default=32, help="requests in flight at once (default 32)")
    parser.add_argument("--load-s", type=float, default=900, help="at most this long sending a load (default 900)")
    args = parser.parse_args()
    chosen = set(args.only.split(","))
    work = Path(tempfile.mkdtemp(prefix="vqdb-reliability-"))
    media = clips(work / "clips")
    table = Table()
    if "media" in chosen:
        bad_media(work, table)
    if "kills" in chosen:
        kill_sweep(work, media, table, args.every, force=False)
        kill_sweep(work, media, table, args.every, force=True)
    if "writers" in chosen:
        two_writers(work, media, table)
    if "readers" in chosen:
        readers_during_force(work, media, table)
    if "damage" in chosen:
        damage(work, media, table)
    if table.rows:
        table.print()
    if "serve" in chosen:
        rows = []
        if args.baseline:
            rows.append(
                (
                    f"before ({args.baseline})",
                    serve_load(work, args.baseline, args.requests, args.concurrency, args.load_s),
                )
            )
        rows.append((f"after ({REPO})", serve_load(work, REPO, args.requests, args.concurrency, args.load_s)))
        print(
            f"\nvqdb serve: {args.requests} requests at {args.concurrency} at once, then again during a runaway query"
        )
        serve_table(rows)
        for label, measured in rows:
            for phase, m in measured["phases"].items():
                print(f"  failed, {label}, {phase}: {m['failures'] or 'none'}")


if __name__ == "__main__":
    main()
