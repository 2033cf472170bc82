"""Ingesting one video: a pure step from (path, settings) to Arrow tables, then a separate commit.

``process_video`` decodes and extracts without touching the corpus, so it can run in a worker process
or as a task of a distributed engine; ``commit_result`` writes its tables through ``vqdb.store``. The
``frames`` step (tables ``frames`` and ``videos``) is committed last, so a video shows up in SQL only
once everything asked for it is written.

Inside the step everything runs at once, one thread each: the video is decoded once into bounded
queues (``vqdb.ingest.feed``) from which the ``frames`` table (JPEG thumbnails, for a new video) and every
extractor that reads frames (``reads_frames()``: embeddings, regions, OCR) take the frames as arrays as
they come, while the extractors that read the audio (Whisper, YAMNet, decoded once) and the subtitles run
beside them. An extractor added to a video ingested before gets the same arrays (decoded again, not the
stored JPEGs), so what it writes does not depend on when it ran.
Torch, CTranslate2 and the decoder release the GIL, so on two cores OCR and speech share the machine.
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import functools
import os
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pyarrow as pa

from vqdb.config import Config
from vqdb.errors import MediaError
from vqdb.ingest.decode import DecodeReport, choose_decode_mode
from vqdb.ingest.extractors import Extractor, ExtractorOutput, VideoContext
from vqdb.ingest.extractors.base import READING
from vqdb.ingest.feed import FrameFeed, FrameReader
from vqdb.ingest.frames import (
    frames_table,
    media_problems,
    sample_thumbnails,
    settings_of,
    video_duration,
    videos_row,
)
from vqdb.ingest.probe import VideoInfo, probe
from vqdb.schema import VISUAL_EXTRACTORS
from vqdb.store import Store

Progress = Callable[[str], None]


@dataclasses.dataclass
class VideoJob:
    """What to do for one file: which extractors to run, the committed frames when reusing them, the
    video this file replaces (same path, older content), and extractors whose rows to drop (they were
    made from frames being redone, and cannot run now)."""

    path: Path
    video_id: str
    extractors: tuple[str, ...]
    frames: pa.Table | None = None  # None: decode and commit frames too (a new video, or new frames)
    replaces: str | None = None
    drop: tuple[str, ...] = ()

    @property
    def new_video(self) -> bool:
        return self.frames is None


@dataclasses.dataclass
class VideoResult:
    """The Arrow tables of one processed video, per extractor, with timings and errors."""

    job: VideoJob
    outputs: dict[str, ExtractorOutput]
    seconds: dict[str, float]
    errors: list[str]
    duration_s: float


def process_video(
    job: VideoJob, config: Config, extractors: Mapping[str, Extractor], progress: Progress | None = None
) -> VideoResult:
    """Decode, sample and extract one video (no writes). Extractor failures are collected, not raised.

    A new video whose frames fail to decode, or of which no frame decodes, fails the whole step (raised).

    Example:
        >>> from vqdb.config import Config
        >>> result = process_video(VideoJob(Path("sample_media/birds.mp4"), "demo", ()), Config(), {})
        >>> sorted(result.outputs["frames"].tables), result.outputs["frames"].tables["frames"].num_rows
        (['frames', 'videos'], 2)
    """
    say = progress or (lambda _msg: None)
    info: VideoInfo = probe(job.path)
    ctx = VideoContext(video_id=job.video_id, path=job.path, info=info, frames=job.frames, config=config)
    tasks: dict[str, tuple[Callable[[], Any], FrameReader | None]] = {}
    feed = mode = None
    report = DecodeReport()
    if job.new_video or any(extractors[name].reads_frames() for name in job.extractors):
        # an extractor added later decodes the same samples again rather than reading the stored JPEGs,
        # so its rows do not depend on when it ran
        mode = choose_decode_mode(info, config.sample_fps)
        feed = FrameFeed(sample_thumbnails(info, config, mode, report), depth=frame_queue_depth(config))
    if job.new_video:
        thumbnails = feed.reader()
        tasks["frames"] = (functools.partial(frames_table, job.video_id, thumbnails, config), thumbnails)
    for name in job.extractors:
        reader = feed.reader() if feed is not None and extractors[name].reads_frames() else None
        tasks[name] = (functools.partial(extractors[name].run, dataclasses.replace(ctx, feed=reader)), reader)
    if feed is not None:
        feed.start()
    done = _run_at_once(tasks, say)
    outputs: dict[str, ExtractorOutput] = {}
    seconds = {name: elapsed for name, (_value, elapsed) in done.items()}
    errors: list[str] = []
    for name in job.extractors:
        output = done[name][0]
        if isinstance(output, BaseException):  # one extractor failing must not lose the others
            errors.append(f"{name}: {type(output).__name__}: {output}")
            _debug_trace(output)
            del seconds[name]
            continue
        if output.error:
            errors.append(f"{name}: {output.error}")
        outputs[name] = dataclasses.replace(output, settings={**output.settings, READING: extractors[name].reading})
    frames = job.frames
    if job.new_video:
        frames = done["frames"][0]
        if isinstance(frames, BaseException):
            raise frames
        if not frames.num_rows:
            raise MediaError(f"{job.path}: no frame of the video decodes; check it plays (try: ffprobe <file>)")
        errors[:0] = media_problems(info, report)  # what of the video is missing, before the extractors' errors
        videos = videos_row(job.video_id, info, config, frames, mode, errors)
        outputs["frames"] = ExtractorOutput(
            tables={"frames": frames, "videos": videos}, model=None, settings=settings_of(config)
        )
    duration = video_duration(info, frames)
    return VideoResult(job=job, outputs=outputs, seconds=seconds, errors=errors, duration_s=duration)


def frame_queue_depth(config: Config) -> int:
    """Frames the decoder may run ahead of the slowest reader: two embedding batches, at least 32.

    Example:
        >>> frame_queue_depth(Config(embed_batch_size=256))
        512
    """
    return max(32, 2 * config.embed_batch_size)


def _run_at_once(
    tasks: Mapping[str, tuple[Callable[[], Any], FrameReader | None]], say: Progress
) -> dict[str, tuple[Any, float]]:
    """Run every task in its own thread; each name's result (or the exception it raised) and wall seconds.

    A task's frame reader is closed when it ends, so one that stops early never holds the decoder back.
    """

    def timed(name: str, run: Callable[[], Any], reader: FrameReader | None) -> tuple[Any, float]:
        start = time.perf_counter()
        try:
            value = run()
        except Exception as exc:
            value = exc
        finally:
            if reader is not None:
                reader.close()
        say(name)
        return value, time.perf_counter() - start

    with cf.ThreadPoolExecutor(max(1, len(tasks)), thread_name_prefix="vqdb-extract") as pool:
        futures = {name: pool.submit(timed, name, run, reader) for name, (run, reader) in tasks.items()}
        return {name: future.result() for name, future in futures.items()}


def commit_result(store: Store, result: VideoResult) -> int:
    """Write a processed video; the frames step last, so the video appears only when complete.

    Example:
        >>> import tempfile
        >>> from vqdb.config import Config
        >>> result = process_video(VideoJob(Path("sample_media/birds.mp4"), "demo", ()), Config(), {})
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     commit_result(store, result)  # 2 frames + 1 videos row
        3
    """
    rows = 0
    for name in result.job.drop:
        store.delete_extraction(result.job.video_id, name)
    order = [name for name in result.outputs if name != "frames"] + (["frames"] if "frames" in result.outputs else [])
    for name in order:
        output = result.outputs[name]
        if name in VISUAL_EXTRACTORS:
            _record_visual_model(store, output)
        rows += store.commit(
            result.job.video_id,
            name,
            output.tables,
            model=output.model,
            settings=output.settings,
            error=output.error,
            seconds=result.seconds.get(name, 0.0),
        )
    return rows


def _record_visual_model(store: Store, output: ExtractorOutput) -> None:
    dims = [t.schema.field("emb").type.list_size for t in output.tables.values() if "emb" in t.column_names]
    if not dims:
        return
    manifest = store.manifest()
    if manifest.get("embed_model") is None:
        store.update_manifest(embed_model=output.model, embed_dim=dims[0])


def _debug_trace(exc: BaseException) -> None:
    if os.environ.get("VQDB_DEBUG"):
        traceback.print_exception(exc)
