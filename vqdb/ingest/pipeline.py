"""Ingesting one video: a pure step from (path, settings) to Arrow tables, then a separate commit.

``process_video`` decodes and extracts without touching the corpus, so it can run in a worker process
(or, later, as a task of a distributed engine); ``commit_result`` writes its tables through
``vqdb.store``. The ``frames`` step (tables ``frames`` and ``videos``) is committed last, so a video
shows up in SQL only once everything asked for it is written.
"""

from __future__ import annotations

import dataclasses
import os
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path

import pyarrow as pa

from vqdb.config import Config
from vqdb.errors import MediaError
from vqdb.ingest.decode import DecodeReport
from vqdb.ingest.extractors import Extractor, ExtractorOutput, VideoContext
from vqdb.ingest.frames import media_problems, sample_frames_table, settings_of, video_duration, videos_row
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

    Example:
        >>> from vqdb.config import Config
        >>> result = process_video(VideoJob(Path("sample_media/birds.mp4"), "demo", ()), Config(), {})
        >>> sorted(result.outputs["frames"].tables), result.outputs["frames"].tables["frames"].num_rows
        (['frames', 'videos'], 2)
    """
    say = progress or (lambda _msg: None)
    info: VideoInfo = probe(job.path)
    outputs: dict[str, ExtractorOutput] = {}
    seconds: dict[str, float] = {}
    errors: list[str] = []
    frames = job.frames
    if frames is None:
        start = time.perf_counter()
        say("decoding frames")
        report = DecodeReport()
        frames, mode = sample_frames_table(job.video_id, info, config, report=report)
        if not frames.num_rows:
            raise MediaError(f"{job.path}: no frame of the video decodes; check it plays (try: ffprobe <file>)")
        errors += media_problems(info, report)
        seconds["frames"] = time.perf_counter() - start
    ctx = VideoContext(video_id=job.video_id, path=job.path, info=info, frames=frames, config=config)
    for name in job.extractors:
        say(name)
        start = time.perf_counter()
        try:
            output = extractors[name].run(ctx)
        except Exception as exc:  # one extractor failing must not lose the others
            errors.append(f"{name}: {type(exc).__name__}: {exc}")
            _debug_trace(exc)
            continue
        seconds[name] = time.perf_counter() - start
        if output.error:
            errors.append(f"{name}: {output.error}")
        outputs[name] = output
    if job.new_video:
        videos = videos_row(job.video_id, info, config, frames, mode, errors)
        outputs["frames"] = ExtractorOutput(
            tables={"frames": frames, "videos": videos}, model=None, settings=settings_of(config)
        )
    duration = video_duration(info, frames)
    return VideoResult(job=job, outputs=outputs, seconds=seconds, errors=errors, duration_s=duration)


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
