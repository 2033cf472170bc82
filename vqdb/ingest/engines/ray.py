"""The Ray engine: the per-video step as Ray tasks, each writing its rows as Lance data files.

Each job is one task (``write_video``): it runs ``process_video`` and writes every table it produced as
fragments of the corpus's datasets (``vqdb.store.write_rows``: data files that no version references
yet), and returns the fragments' metadata instead of the rows. The driver (the runner, which holds the
corpus's writer lock) commits them per table in the visibility order of a local ingest. Ray does the
scheduling, the retries and the transport of results:

- resources: one CPU per task, and one GPU when the configured ``device`` asks for CUDA (or is ``auto``
  on a cluster that has GPUs);
- a task whose worker process dies (killed, out of memory) is retried ``TASK_RETRIES`` times by Ray; the
  files a dead attempt wrote are never committed (compaction's cleanup removes them), so nothing is
  duplicated; after the last attempt the file is reported failed. An exception of the step itself (an
  undecodable file) is that file's error at once, never retried;
- models load once per Ray worker process (cached by configuration), not once per video.

Without ``ray_address`` the engine starts a local Ray instance of ``jobs`` CPUs and stops it at the end;
with one, it joins that cluster (``ray.init(address=...)``), whose workers must reach the corpus: a
bucket (``s3://``) or a file system they share. When Ray is already initialized in this process (a
notebook, the tests), the engine uses it as it is.

Example:
    >>> from vqdb.config import Config
    >>> RayEngine(Config(engine="ray"), ["ocr"], Location.of("/tmp/corpus")).extractors
    ['ocr']
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from vqdb.config import Config
from vqdb.errors import ConfigError, VqdbError
from vqdb.ingest.engines.local import make_extractors
from vqdb.ingest.extractors import Extractor
from vqdb.ingest.pipeline import VideoJob, VideoResult, process_video
from vqdb.store import write_rows
from vqdb.store.location import Location

TASK_RETRIES = 2  # attempts after the first when a task's worker process dies
Step = Callable[[VideoJob, Config, Sequence[str], Location], VideoResult]

_EXTRACTORS: dict[tuple[Config, tuple[str, ...]], dict[str, Extractor]] = {}  # per Ray worker process


def write_video(job: VideoJob, config: Config, extractors: Sequence[str], location: Location) -> VideoResult:
    """The task of one job: ``process_video``, then every table written as uncommitted fragments of the
    corpus at ``location``; returns the result with ``WrittenRows`` in place of the tables.

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> from vqdb.store import Store
        >>> from vqdb.ingest.pipeline import commit_result
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     result = write_video(VideoJob(Path("sample_media/birds.mp4"), "demo", ()), Config(), [], store.location)
        ...     before = store.count("frames")  # written, not yet committed
        ...     rows = commit_result(store, result)
        ...     before, rows, store.count("frames")
        (0, 3, 2)
    """
    key = (config, tuple(extractors))
    if key not in _EXTRACTORS:
        _EXTRACTORS[key] = make_extractors(config, extractors)
    result = process_video(job, config, _EXTRACTORS[key])
    outputs = {
        name: dataclasses.replace(
            output, tables={t: write_rows(location, t, rows) for t, rows in output.tables.items()}
        )
        for name, output in result.outputs.items()
    }
    return dataclasses.replace(result, outputs=outputs)


class RayEngine:
    """Runs ``step`` (``write_video``) as one Ray task per job; see the module docstring."""

    def __init__(self, config: Config, extractors: Sequence[str], location: Location, step: Step = write_video):
        self.config = config
        self.extractors = list(extractors)
        self.location = location
        self.step = step

    def run(self, jobs: Sequence[VideoJob]) -> Iterator[tuple[VideoJob, VideoResult | BaseException]]:
        ray = _import_ray()
        started = not ray.is_initialized()
        if started:
            _start(ray, self.config)
        pending: dict[Any, VideoJob] = {}
        try:
            task = ray.remote(_run_step).options(
                num_cpus=1,
                num_gpus=_gpus_per_task(ray, self.config),
                max_retries=TASK_RETRIES,
                retry_exceptions=False,
            )
            pending = {task.remote(self.step, job, self.config, self.extractors, self.location): job for job in jobs}
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                job = pending.pop(done[0])
                try:
                    yield job, ray.get(done[0])
                except ray.exceptions.RayTaskError as exc:  # the step raised: its own exception
                    yield job, exc.cause if isinstance(exc.cause, BaseException) else exc
                except ray.exceptions.RayError as exc:
                    first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                    yield (
                        job,
                        VqdbError(
                            f"the Ray task processing it failed {TASK_RETRIES + 1} times ({type(exc).__name__}: "
                            f"{first_line}); nothing of it was committed: run the same ingest again"
                        ),
                    )
        finally:
            for ref in pending:  # stopped early (disk full, Ctrl-C): no work nobody will commit
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()


def _run_step(step: Step, job: VideoJob, config: Config, extractors: Sequence[str], location: Location) -> VideoResult:
    """The body of every task (a module-level function, so any picklable ``step`` can be shipped). Ray
    shows a task only the GPU it assigned (``CUDA_VISIBLE_DEVICES``), as ``cuda:0``: with a ``cuda:N``
    device the task runs on that GPU (naming N inside the task would ask for a device it cannot see).

    Example:
        >>> def device_of(job, config, extractors, location): return config.device
        >>> _run_step(device_of, None, Config(device="cuda:3"), [], None)
        'cuda'
    """
    if config.device.startswith("cuda:"):
        config = dataclasses.replace(config, device="cuda")
    return step(job, config, extractors, location)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise ConfigError("engine='ray' needs Ray: pip install 'vqdb[ray]' (or use engine='local')") from exc
    return ray


def _start(ray: Any, config: Config) -> None:
    """Join the cluster at ``ray_address``, or start a local instance of ``jobs`` CPUs."""
    options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING}
    try:
        if config.ray_address:
            ray.init(address=config.ray_address, **options)
        else:
            ray.init(num_cpus=config.jobs, **options)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the Ray cluster at {config.ray_address}" if config.ray_address else "a local Ray instance"
        raise VqdbError(f"cannot start {where}: {exc}") from exc


def _gpus_per_task(ray: Any, config: Config) -> int:
    """1 when the configured device is CUDA (or ``auto`` and the cluster has GPUs), else 0; a CUDA device
    on a cluster without GPUs is an error (its tasks would wait for ever)."""
    device = str(getattr(config, "device", "cpu"))
    has_gpus = ray.cluster_resources().get("GPU", 0) > 0
    if device.startswith("cuda") and not has_gpus:
        raise ConfigError(f"device={device!r}, but the Ray cluster has no GPU; use device='auto' or 'cpu'")
    return 1 if has_gpus and device != "cpu" else 0
