"""Ingesting many files: path expansion, what is already done, parallel workers, progress, summary.

``jobs`` > 1 runs that many worker processes; with several GPUs (``device`` auto or cuda) worker i uses
``cuda:(i mod GPUs)``, so ``jobs`` equal to the number of GPUs gives one worker per GPU.

Example:
    >>> expand_paths(["sample_media/*.mp4"])[0].suffix
    '.mp4'
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import glob
import multiprocessing
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from tqdm.auto import tqdm

from vqdb.config import Config
from vqdb.errors import ConfigError, VqdbError
from vqdb.ingest import extractors as extractor_registry
from vqdb.ingest.extractors import Extractor
from vqdb.ingest.pipeline import VideoJob, VideoResult, commit_result, process_video
from vqdb.ingest.video_id import video_id as content_id
from vqdb.models.device import cuda_device_count, placement
from vqdb.schema import EXTRACTORS, VISUAL_EXTRACTORS
from vqdb.store import Store, quote

VIDEO_SUFFIXES = {
    ".mp4",
    ".mkv",
    ".webm",
    ".mov",
    ".avi",
    ".m4v",
    ".mpg",
    ".mpeg",
    ".ts",
    ".flv",
    ".ogv",
    ".wmv",
}


@dataclasses.dataclass
class IngestSummary:
    """What an ingest did: per file ingested, skipped or failed, and notices (e.g. a missing model)."""

    # path, video_id, seconds of video, seconds of work (model loading of the first video included)
    ingested: list[tuple[str, str, float, float]] = dataclasses.field(default_factory=list)
    skipped: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # path, reason
    failed: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # path, error
    partial: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # path, extractor errors
    notices: list[str] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failed

    def __str__(self) -> str:
        lines = [
            f"ingested {len(self.ingested)}, skipped {len(self.skipped)}, failed {len(self.failed)}"
            + (f", partial {len(self.partial)}" if self.partial else "")
        ]
        lines += [
            f"  ok      {p} ({vid}: {video:.1f} s of video in {work:.1f} s)" for p, vid, video, work in self.ingested
        ]
        lines += [f"  skipped {p}: {why}" for p, why in self.skipped]
        lines += [f"  partial {p}: {why}" for p, why in self.partial]
        lines += [f"  FAILED  {p}: {why}" for p, why in self.failed]
        lines += [f"  note: {n}" for n in self.notices]
        return "\n".join(lines)


def expand_paths(paths_or_globs: Iterable[str | Path]) -> list[Path]:
    """Files named by paths, directories (searched recursively for videos) and glob patterns.

    A pattern or path that matches nothing is an error naming it; duplicates are removed, order kept.
    """
    found: list[Path] = []
    for item in [paths_or_globs] if isinstance(paths_or_globs, str | Path) else paths_or_globs:
        text = str(item)
        path = Path(text).expanduser()
        if path.is_dir():
            matches = sorted(p for p in path.rglob("*") if p.suffix.lower() in VIDEO_SUFFIXES)
        elif path.is_file():
            matches = [path]
        elif glob.has_magic(text):
            matches = sorted(Path(p) for p in glob.glob(str(path), recursive=True) if Path(p).is_file())
        else:
            matches = []
        if not matches:
            raise VqdbError(f"no video file matches {text!r}: check the path or quote the glob pattern")
        found.extend(p.resolve() for p in matches)
    return list(dict.fromkeys(found))


def resolve_extractors(config: Config, requested: Sequence[str] | None) -> tuple[list[str], list[str]]:
    """The extractors to run and notices for those skipped because their model is unavailable.

    ``requested`` None means every available extractor (or ``config.extractors`` when set); naming an
    unavailable extractor explicitly is an error that says why.

    Example:
        >>> resolve_extractors(Config(), ["subtitles"])
        (['subtitles'], [])
    """
    explicit = requested is not None or bool(config.extractors)
    names = list(requested if requested is not None else (config.extractors or extractor_registry.names()))
    unknown = [n for n in names if n not in EXTRACTORS]
    if unknown:
        raise ConfigError(f"unknown extractor(s) {unknown}; choose from {', '.join(EXTRACTORS)}")
    runnable: list[str] = []
    skipped: dict[str, list[str]] = {}  # reason -> extractors (embed and regions share their model)
    for name in names:
        reason = extractor_registry.get(name).unavailable_reason(config)
        if reason is None:
            runnable.append(name)
        elif explicit:
            raise ConfigError(f"extractor {name!r} cannot run: {reason}")
        else:
            skipped.setdefault(reason, []).append(name)
    notices = [f"{', '.join(group)} skipped: {reason}" for reason, group in skipped.items()]
    return runnable, notices


def ingest(
    store: Store,
    paths_or_globs: Iterable[str | Path] | str | Path,
    config: Config,
    *,
    extractors: Sequence[str] | None = None,
    force: bool = False,
) -> IngestSummary:
    """Ingest files into ``store``. Idempotent and resumable: finished (video, extractor) pairs are
    skipped unless ``force``, so naming extractors (``extractors=("ocr",)``) adds them to already-ingested
    videos without redoing their frames.

    Example:
        >>> import tempfile
        >>> store, config = Store.create(tempfile.mkdtemp()), Config(progress=False)
        >>> ingest(store, "sample_media/birds.mp4", config, extractors=()).ok
        True
        >>> len(ingest(store, "sample_media/birds.mp4", config, extractors=()).skipped)
        1
    """
    paths = expand_paths(paths_or_globs)
    placement(config)  # asking for a device that is not there fails here, before anything is read
    names, notices = resolve_extractors(config, extractors)
    summary = IngestSummary(notices=notices)
    for notice in notices:
        print(f"vqdb: {notice}", file=sys.stderr)
    _check_visual_model(store, config, names)
    jobs = _plan_jobs(store, paths, names, force=force, summary=summary)
    if not jobs:
        return summary
    overall = tqdm(total=len(jobs), desc="ingest", unit="video", disable=_progress_off(config), file=sys.stderr)
    try:
        for job, result in _run(jobs, config, names):
            if isinstance(result, BaseException):
                summary.failed.append((str(job.path), _describe(result)))
            else:
                commit_result(store, result)
                work = sum(result.seconds.values())
                summary.ingested.append((str(job.path), job.video_id, result.duration_s, work))
                if result.errors:
                    summary.partial.append((str(job.path), "; ".join(result.errors)))
            overall.update(1)
    finally:
        overall.close()
    _build_indexes(store, summary)
    return summary


def _plan_jobs(
    store: Store, paths: list[Path], names: list[str], *, force: bool, summary: IngestSummary
) -> list[VideoJob]:
    done = store.finished()
    jobs: list[VideoJob] = []
    seen: set[str] = set()
    for path in paths:
        try:
            vid = content_id(path)
        except (OSError, VqdbError) as exc:
            summary.failed.append((str(path), _describe(exc)))
            continue
        if vid in seen:
            summary.skipped.append((str(path), f"same content as another file in this ingest ({vid})"))
            continue
        seen.add(vid)
        finished = done.get(vid, set())
        if "frames" not in finished:  # new, or interrupted before its frames were committed: redo all
            jobs.append(VideoJob(path, vid, tuple(names)))
            continue
        todo = tuple(n for n in names if force or n not in finished)
        if not todo:
            summary.skipped.append((str(path), f"already ingested ({vid})"))
            continue
        frames = store.read("frames", where=f"video_id = {quote(vid)}").sort_by("frame_idx")
        jobs.append(VideoJob(path, vid, todo, frames=frames))
    return jobs


def _check_visual_model(store: Store, config: Config, names: list[str]) -> None:
    recorded = store.manifest().get("embed_model")
    if recorded and not same_model(config.embed_model, recorded) and (VISUAL_EXTRACTORS & set(names)):
        raise ConfigError(
            f"corpus {store.root} holds embeddings of {recorded!r}; the configured embed_model is "
            f"{config.embed_model!r}. Embeddings of two models never share a column: use embed_model="
            f"{recorded!r} for this corpus, or ingest into a new corpus"
        )


def same_model(configured: str, recorded: str) -> bool:
    """Whether a configured model (hub id or directory, maybe relative) is the recorded one.

    Example:
        >>> same_model("google/siglip2-base-patch16-224", "google/siglip2-base-patch16-224")
        True
        >>> same_model(".", str(Path(".").resolve()))
        True
    """
    path = Path(configured).expanduser()
    return configured == recorded or (path.is_dir() and str(path.resolve()) == recorded)


# -- execution: in-process for one job at a time, a process pool for --jobs N ----------------------
_WORKER: dict[str, object] = {}


def _make_extractors(config: Config, names: list[str]) -> dict[str, Extractor]:
    return {name: extractor_registry.get(name)(config) for name in names}


def _run(jobs: list[VideoJob], config: Config, names: list[str]):
    if config.jobs == 1 or len(jobs) == 1:
        extractors = _make_extractors(config, names)
        for job in jobs:
            bar = tqdm(
                desc=job.path.name,
                total=len(job.extractors) + int(job.new_video),
                leave=False,
                disable=_progress_off(config),
                file=sys.stderr,
                unit="step",
            )

            def step(msg: str, bar=bar) -> None:
                bar.set_postfix_str(msg)
                bar.update(1 if bar.n < bar.total else 0)

            try:
                yield job, process_video(job, config, extractors, step)
            except Exception as exc:
                yield job, exc
            finally:
                bar.close()
        return
    context = multiprocessing.get_context("spawn")
    devices = context.Queue()
    for device in worker_devices(config):
        devices.put(device)
    with cf.ProcessPoolExecutor(
        config.jobs, mp_context=context, initializer=_init_worker, initargs=(config, names, devices)
    ) as pool:
        futures = {pool.submit(_work, job): job for job in jobs}
        for future in cf.as_completed(futures):
            job = futures[future]
            try:
                yield job, future.result()
            except Exception as exc:
                yield job, exc


def worker_devices(config: Config, gpus: int | None = None) -> list[str]:
    """The ``device`` of each of ``config.jobs`` workers: with several GPUs (``gpus``, by default those torch
    sees) and device ``auto`` or ``cuda``, worker i takes ``cuda:(i mod gpus)``; otherwise all take ``device``.

    Example:
        >>> worker_devices(Config(jobs=3), gpus=2), worker_devices(Config(jobs=2, device="cpu"), gpus=2)
        (['cuda:0', 'cuda:1', 'cuda:0'], ['cpu', 'cpu'])
    """
    gpus = cuda_device_count() if gpus is None else gpus
    if config.device in ("auto", "cuda") and gpus > 1:
        return [f"cuda:{i % gpus}" for i in range(config.jobs)]
    return [config.device] * config.jobs


def _init_worker(config: Config, names: list[str], devices) -> None:
    config = config.replace(device=devices.get())
    _WORKER["config"] = config
    _WORKER["extractors"] = _make_extractors(config, names)


def _work(job: VideoJob) -> VideoResult:
    return process_video(job, _WORKER["config"], _WORKER["extractors"])


def _build_indexes(store: Store, summary: IngestSummary) -> None:
    from vqdb.store.text_index import build_text_indexes

    try:
        build_text_indexes(store)
    except VqdbError as exc:
        summary.notices.append(f"text indexes not built: {exc}")


def _progress_off(config: Config) -> bool | None:
    return True if not config.progress else None  # None: tqdm shows bars only on a terminal


def _describe(exc: BaseException) -> str:
    return str(exc) if isinstance(exc, VqdbError) else f"{type(exc).__name__}: {exc}"
