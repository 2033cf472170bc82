"""The local engine: the per-video step in this process for one job at a time (or ``jobs == 1``), else
in a pool of ``jobs`` worker processes (spawned, each loading the models once). With several GPUs
(``device`` auto or cuda) worker i uses ``cuda:(i mod GPUs)``: ``jobs`` equal to the number of GPUs gives
one worker per GPU.

Example:
    >>> from pathlib import Path
    >>> from vqdb.config import Config
    >>> from vqdb.ingest.pipeline import VideoJob
    >>> job = VideoJob(Path("sample_media/birds.mp4"), "demo", ())
    >>> [(j.video_id, r.outputs["frames"].tables["frames"].num_rows) for j, r in LocalEngine(Config(), []).run([job])]
    [('demo', 2)]
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import sys
from collections.abc import Iterator, Sequence

from tqdm.auto import tqdm

from vqdb.config import Config
from vqdb.ingest import extractors as extractor_registry
from vqdb.ingest.extractors import Extractor
from vqdb.ingest.pipeline import VideoJob, VideoResult, process_video
from vqdb.models.device import cuda_device_count

_WORKER: dict[str, object] = {}


class LocalEngine:
    """Runs ``process_video`` here, or in ``config.jobs`` worker processes."""

    def __init__(self, config: Config, extractors: Sequence[str]):
        self.config = config
        self.extractors = list(extractors)

    def run(self, jobs: Sequence[VideoJob]) -> Iterator[tuple[VideoJob, VideoResult | BaseException]]:
        if self.config.jobs == 1 or len(jobs) == 1:
            yield from self._in_process(jobs)
            return
        context = multiprocessing.get_context("spawn")
        devices = context.Queue()
        for device in worker_devices(self.config):
            devices.put(device)
        pool = cf.ProcessPoolExecutor(
            self.config.jobs,
            mp_context=context,
            initializer=_init_worker,
            initargs=(self.config, self.extractors, devices),
        )
        try:
            futures = {pool.submit(_work, job): job for job in jobs}
            for future in cf.as_completed(futures):
                job = futures[future]
                try:
                    yield job, future.result()
                except Exception as exc:
                    yield job, exc
        finally:
            pool.shutdown(cancel_futures=True)  # stopped early (disk full, Ctrl-C): no work nobody will commit

    def _in_process(self, jobs: Sequence[VideoJob]) -> Iterator[tuple[VideoJob, VideoResult | BaseException]]:
        extractors = make_extractors(self.config, self.extractors)
        for job in jobs:
            bar = tqdm(
                desc=job.path.name,
                total=len(job.extractors) + int(job.new_video),
                leave=False,
                disable=progress_off(self.config),
                file=sys.stderr,
                unit="step",
            )

            def step(msg: str, bar=bar) -> None:
                bar.set_postfix_str(msg)
                bar.update(1 if bar.n < bar.total else 0)

            try:
                yield job, process_video(job, self.config, extractors, step)
            except Exception as exc:
                yield job, exc
            finally:
                bar.close()


def make_extractors(config: Config, names: Sequence[str]) -> dict[str, Extractor]:
    """The extractors ``names``, instantiated for ``config`` (their models load lazily).

    Example:
        >>> sorted(make_extractors(Config(), ["subtitles"]))
        ['subtitles']
    """
    return {name: extractor_registry.get(name)(config) for name in names}


def progress_off(config: Config) -> bool | None:
    """tqdm's ``disable``: True when progress is off, None to show bars only on a terminal.

    Example:
        >>> progress_off(Config(progress=False))
        True
    """
    return True if not config.progress else None


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
    config = config.replace(device=devices.get())  # each worker takes one device, the first worker the first
    _WORKER["config"] = config
    _WORKER["extractors"] = make_extractors(config, names)


def _work(job: VideoJob) -> VideoResult:
    return process_video(job, _WORKER["config"], _WORKER["extractors"])
