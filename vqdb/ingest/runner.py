"""Ingesting many files: path expansion, what is already done, parallel workers, progress, summary.

One ingest is one writer (``open_for_ingest`` takes the corpus's writer lock and creates the corpus when
needed). Per file, it decides what to do from what the corpus recorded: a new video is decoded and every
extractor runs; for an ingested one, only missing extractors run, and a video whose recorded settings
differ from the configured ones (``sample_fps``, thumbnail size, models...) is listed as stale, redone by
``force``. A changed file at a path already ingested replaces the old video's rows; a sidecar subtitle file
added, changed or removed beside an ingested video has its subtitles read again. The per-video step
runs on the configured engine (``vqdb.ingest.engines``: in this process, worker processes (one GPU each
when there are several), or Ray tasks);
its results are committed here, one video at a time, in the order they complete. Every problem of one
path is that path's error in the summary; the others go on. After the videos, the full-text indexes are
brought up to date (even when no video needed work, so an interrupted build is redone) and datasets
with many fragments are compacted.

Example:
    >>> expand_paths(["sample_media/*.mp4"])[0][0].suffix
    '.mp4'
"""

from __future__ import annotations

import dataclasses
import errno
import glob
import json
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from vqdb.config import Config
from vqdb.errors import ConfigError, VqdbError, without_source_paths
from vqdb.ingest import extractors as extractor_registry
from vqdb.ingest.engines import engine_for
from vqdb.ingest.engines.local import progress_off
from vqdb.ingest.extractors.base import READING
from vqdb.ingest.pipeline import VideoJob, commit_result
from vqdb.ingest.subtitles import sidecars_changed, subtitle_files
from vqdb.ingest.video_id import video_id as content_id
from vqdb.models.device import placement
from vqdb.schema import EXTRACTORS, VISUAL_EXTRACTORS
from vqdb.store import Store, is_corpus, quote
from vqdb.store.check import refuse_damaged
from vqdb.store.location import Location

PLACEMENT_SETTINGS = {"device", "precision"}  # recorded resolved: compared with the configured ones resolved
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
    """What an ingest did: per file ingested, skipped, stale or failed, and notices (a missing model,
    index builds, compaction)."""

    # path, video_id, seconds of video, seconds of work (model loading of the first video included)
    ingested: list[tuple[str, str, float, float]] = dataclasses.field(default_factory=list)
    skipped: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # path, reason
    failed: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # path, error
    partial: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # path, extractor errors
    stale: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # path, settings that changed
    notices: list[str] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failed

    def __str__(self) -> str:
        lines = [
            f"ingested {len(self.ingested)}, skipped {len(self.skipped)}, failed {len(self.failed)}"
            + (f", partial {len(self.partial)}" if self.partial else "")
            + (f", stale {len(self.stale)}" if self.stale else "")
        ]
        lines += [
            f"  ok      {p} ({vid}: {video:.1f} s of video in {work:.1f} s)" for p, vid, video, work in self.ingested
        ]
        lines += [f"  skipped {p}: {why}" for p, why in self.skipped]
        lines += [f"  partial {p}: {why}" for p, why in self.partial]
        lines += [f"  stale   {p}: {why}; --force redoes it" for p, why in self.stale]
        lines += [f"  FAILED  {p}: {why}" for p, why in self.failed]
        lines += [f"  note: {n}" for n in self.notices]
        return "\n".join(lines)


def expand_paths(paths_or_globs: Iterable[str | Path] | str | Path) -> tuple[list[Path], list[tuple[str, str]]]:
    """Files named by paths, directories (searched recursively for videos) and glob patterns, and the
    problem of each item that gives no file (missing, a broken link, a link loop, a directory without
    videos, a pattern that matches nothing). Duplicates are removed, order kept.

    Example:
        >>> found, problems = expand_paths(["sample_media/birds.mp4", "no/such.mp4"])
        >>> [p.name for p in found], problems
        (['birds.mp4'], [('no/such.mp4', 'no such file or directory; check the path')])
    """
    found: list[Path] = []
    problems: list[tuple[str, str]] = []
    for item in [paths_or_globs] if isinstance(paths_or_globs, str | Path) else paths_or_globs:
        text = str(item)
        path = Path(text).expanduser()
        if path.is_dir():
            matches = sorted(p for p in path.rglob("*") if p.suffix.lower() in VIDEO_SUFFIXES and not p.is_dir())
            if not matches:
                problems.append((text, "a directory with no video files in it; give video files or their directory"))
        elif path.is_file():
            matches = [path]
        elif glob.has_magic(text):
            matches = sorted(Path(p) for p in glob.glob(str(path), recursive=True) if not Path(p).is_dir())
            if not matches:
                problems.append(
                    (text, "the pattern matches no file; check it, and quote it so the shell leaves it alone")
                )
        else:
            matches = []
            problems.append((text, _missing(path)))
        found.extend(_absolute(p) for p in matches)
    return list(dict.fromkeys(found)), problems


def _absolute(path: Path) -> Path:
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):  # a broken link or a loop keeps its own name: reading it fails later
        return Path(os.path.abspath(path))


def _missing(path: Path) -> str:
    """Why ``path`` names no file."""
    if path.is_symlink():
        try:
            path.resolve(strict=True)
        except RuntimeError:
            return "a symbolic link loop; point the link at a video file"
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return "a symbolic link loop; point the link at a video file"
        return f"a broken symbolic link (to {os.readlink(path)}); point it at an existing video file"
    return "no such file or directory; check the path"


def open_for_ingest(root: str | Path | Location, *, wait: bool | float = True) -> Store:
    """The corpus at ``root`` opened for writing, created when the path holds none; a directory of
    video files or a video file is refused (swapped arguments: ``vqdb ingest CORPUS VIDEO...``).

    Example:
        >>> open_for_ingest("sample_media")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.VqdbError: sample_media holds video files (...) and is not a corpus: ...
    """
    location = Location.of(root)
    if is_corpus(location):
        return Store.open(location, writable=True, wait=wait)
    video = _a_video_in(location.path) if location.local else None
    if video is not None:
        raise VqdbError(
            f"{root} holds video files ({video}) and is not a corpus: the corpus comes first, then the videos "
            "(vqdb ingest CORPUS VIDEO...); give a new or empty directory for the corpus"
        )
    return Store.create(location, wait=wait)


def _a_video_in(path: Path) -> str | None:
    if path.is_file():
        return path.name if path.suffix.lower() in VIDEO_SUFFIXES else None
    for directory, _dirs, files in os.walk(path):
        for name in files:
            if Path(name).suffix.lower() in VIDEO_SUFFIXES:
                return os.path.relpath(os.path.join(directory, name), path)
    return None


def resolve_extractors(config: Config, requested: Sequence[str] | None) -> tuple[list[str], list[str]]:
    """The extractors to run and notices for those skipped because their model is unavailable.

    ``requested`` None means every available extractor (or ``config.extractors`` when set); naming an
    unavailable extractor explicitly is an error that says why. Each model is loaded to learn whether it
    can be: ingest asks only for the extractors a file needs (:class:`Runnable`).

    Example:
        >>> resolve_extractors(Config(), ["subtitles"])
        (['subtitles'], [])
    """
    runnable = Runnable(config, requested)
    return list(runnable(runnable.names)), runnable.notices()


class Runnable:
    """The extractors an ingest asks for (``names``), and which of them can run here: each is checked (its
    model loaded) the first time a file needs it, so an ingest with nothing to do loads no model.

    ``requested`` None means every registered extractor (or ``config.extractors`` when set); one named
    explicitly that cannot run is a ConfigError that says why, the others are skipped with a notice.

    Example:
        >>> runnable = Runnable(Config(), ["subtitles", "ocr"])
        >>> runnable(["subtitles"]), runnable.notices()  # OCR was not needed: not checked
        (('subtitles',), [])
    """

    def __init__(self, config: Config, requested: Sequence[str] | None):
        self.config = config
        self.explicit = requested is not None or bool(config.extractors)
        self.names = list(requested if requested is not None else (config.extractors or extractor_registry.names()))
        unknown = [n for n in self.names if n not in EXTRACTORS]
        if unknown:
            raise ConfigError(f"unknown extractor(s) {unknown}; choose from {', '.join(EXTRACTORS)}")
        self._reasons: dict[str, str | None] = {}  # extractor -> why it cannot run (None: it can)

    def __call__(self, names: Iterable[str]) -> tuple[str, ...]:
        """Those of ``names`` that can run here, in their order."""
        names = tuple(names)
        for name in names:
            if name not in self._reasons:
                reason = extractor_registry.get(name).unavailable_reason(self.config)
                if reason is not None and self.explicit:
                    raise ConfigError(f"extractor {name!r} cannot run: {reason}")
                self._reasons[name] = reason
        return tuple(n for n in names if self._reasons[n] is None)

    def notices(self) -> list[str]:
        """One line per reason, naming the extractors skipped for it (embed and regions share a model)."""
        skipped: dict[str, list[str]] = {}
        for name, reason in self._reasons.items():
            if reason is not None:
                skipped.setdefault(reason, []).append(name)
        return [f"{', '.join(group)} skipped: {reason}" for reason, group in skipped.items()]


def ingest(
    store: Store,
    paths_or_globs: Iterable[str | Path] | str | Path,
    config: Config,
    *,
    extractors: Sequence[str] | None = None,
    force: bool = False,
) -> IngestSummary:
    """Ingest files into ``store`` (opened for writing). Idempotent and resumable: finished (video,
    extractor) pairs are skipped unless ``force``, so naming extractors (``extractors=("ocr",)``) adds
    them to already-ingested videos without redoing their frames.

    Example:
        >>> import tempfile
        >>> config = Config(progress=False)
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     ingest(store, "sample_media/birds.mp4", config, extractors=()).ok
        ...     len(ingest(store, "sample_media/birds.mp4", config, extractors=()).skipped)
        True
        1
    """
    placement(config)  # asking for a device that is not there fails here, before anything is read
    refuse_damaged(store)  # else a damaged video would be skipped as done
    paths, problems = expand_paths(paths_or_globs)
    runnable = Runnable(config, extractors)
    summary = IngestSummary(failed=problems)
    jobs = _plan_jobs(store, paths, runnable, config, force=force, summary=summary)
    summary.notices = runnable.notices() + summary.notices  # then the jobs' own (a sidecar read again)
    for notice in summary.notices:
        print(f"vqdb: {notice}", file=sys.stderr)
    _check_visual_model(store, config, {name for job in jobs for name in job.extractors})
    if jobs:
        _run_jobs(store, jobs, config, summary)
    _finish(store, summary)
    return summary


def _run_jobs(store: Store, jobs: list[VideoJob], config: Config, summary: IngestSummary) -> None:
    overall = tqdm(total=len(jobs), desc="ingest", unit="video", disable=progress_off(config), file=sys.stderr)
    needed = {name for job in jobs for name in job.extractors}
    engine = engine_for(config, [name for name in extractor_registry.names() if name in needed], store.location)
    results = engine.run(jobs)
    try:
        for job, result in results:
            overall.update(1)
            if isinstance(result, BaseException):
                summary.failed.append((str(job.path), _describe(result)))
                continue
            try:
                commit_result(store, result)
                if job.replaces:
                    store.delete_video(job.replaces)
            except OSError as exc:
                summary.failed.append((str(job.path), f"cannot write corpus {store.root}: {exc}"))
                if _disk_full(exc):
                    done = {p for p, *_ in summary.ingested} | {p for p, _ in summary.failed}
                    summary.failed += [
                        (str(j.path), "not ingested: the disk is full; free space and run the same ingest again")
                        for j in jobs
                        if str(j.path) not in done
                    ]
                    return
                continue
            summary.ingested.append((str(job.path), job.video_id, result.duration_s, sum(result.seconds.values())))
            if result.errors:
                summary.partial.append((str(job.path), "; ".join(result.errors)))
    finally:
        results.close()  # stops the workers when we stop early
        overall.close()


def _finish(store: Store, summary: IngestSummary) -> None:
    """The steps after the videos, done on every run so an interrupted one is completed: full-text
    indexes, then compaction of datasets with many fragments."""
    from vqdb.store.maintenance import compact, needs_compaction
    from vqdb.store.text_index import build_text_indexes

    try:
        indexed = {table: rows for table, rows in build_text_indexes(store).items() if rows}
        if indexed:
            summary.notices.append(
                "full-text indexes updated: " + ", ".join(f"{t} (+{n} rows)" for t, n in indexed.items())
            )
        crowded = needs_compaction(store)
        if crowded:
            summary.notices.append(compact(store, crowded).summary())
    except (VqdbError, OSError) as exc:
        summary.notices.append(_upkeep_failed(summary, exc))


def _upkeep_failed(summary: IngestSummary, exc: VqdbError | OSError) -> str:
    """The notice for steps after the videos that failed: what is committed all the same (only when a video
    was), and what redoes them (an ingest runs them every time; ``vqdb compact`` builds no index)."""
    what = f"the corpus's upkeep (full-text indexes, compaction) failed: {without_source_paths(str(exc))}"
    if summary.ingested:
        count = len(summary.ingested)
        what = f"the {count} video{'s' * (count > 1)} ingested {'are' if count > 1 else 'is'} committed, but {what}"
    step = "free space, then run the same ingest again" if _disk_full(exc) else "run the same ingest again"
    return f"{what}; {step}: it redoes the upkeep and skips the videos done"


def _disk_full(exc: BaseException) -> bool:
    return getattr(exc, "errno", None) == errno.ENOSPC or "No space left on device" in str(exc)


def _plan_jobs(
    store: Store, paths: list[Path], runnable: Runnable, config: Config, *, force: bool, summary: IngestSummary
) -> list[VideoJob]:
    records = store.records()
    by_path = _visible_videos_by_path(store, records)
    available: list[str] = []  # every extractor that can run here, looked up when new frames need them
    jobs: list[VideoJob] = []
    seen: set[str] = set()
    listed: dict[Path, list[Path]] = {}  # each folder's subtitle files, listed once for all its videos
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
        old = by_path.get(str(path))
        replaces = old if old is not None and old != vid else None  # the file changed since it was ingested
        recorded = records.get(vid, {})
        if "frames" not in recorded:  # new, or interrupted before its frames were committed: redo all
            jobs.append(VideoJob(path, vid, runnable(runnable.names), replaces=replaces))
            continue
        stale = stale_settings(recorded, config)
        if force and "frames" in stale:  # new frames: every extractor's rows derive from them, redo them all
            available = available or resolve_extractors(config, None)[0]
            redo = tuple(dict.fromkeys([*runnable(runnable.names), *(n for n in available if n in recorded)]))
            dropped = tuple(sorted(set(recorded) - {"frames"} - set(redo)))  # cannot run here: not left stale
            jobs.append(VideoJob(path, vid, redo, replaces=replaces, drop=dropped))
            continue
        changed = {} if force or "subtitles" not in runnable.names else inputs_changed(recorded, path, listed)
        todo = runnable(n for n in runnable.names if force or n not in recorded or n in changed)
        summary.notices += [f"{path}: {name} read again ({why})" for name, why in changed.items() if name in todo]
        if stale and not force:
            summary.stale.append((str(path), "; ".join(f"{ext}: {why}" for ext, why in stale.items())))
        if not todo:
            summary.skipped.append((str(path), f"already ingested ({vid})"))
            continue
        frames = store.read("frames", where=f"video_id = {quote(vid)}").sort_by("frame_idx")
        jobs.append(VideoJob(path, vid, todo, frames=frames, replaces=replaces))
    return jobs


def inputs_changed(
    recorded: dict[str, dict[str, Any]], path: Path, listed: dict[Path, list[Path]] | None = None
) -> dict[str, str]:
    """The extractors of an ingested video (``recorded``) whose input beside the video changed since they
    ran, with what changed: ``subtitles`` when a sidecar was added, changed or removed (``sidecars_changed``).
    ``listed`` keeps each folder's ``subtitle_files`` for the next video of the folder (a re-run over a folder
    of N videos lists it once, not N times).

    Example:
        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "talk.srt").write_text("1\\n00:00:01,000 --> 00:00:02,000\\nHi\\n")
        >>> inputs_changed({"subtitles": {"settings": {"sources": [], "sidecars": {}}}}, folder / "talk.mp4")
        {'subtitles': 'talk.srt added'}
        >>> inputs_changed({"frames": {"settings": {}}}, folder / "talk.mp4")  # subtitles never read: not redone
        {}
    """
    subtitles = recorded.get("subtitles")
    if not subtitles:
        return {}
    listed = {} if listed is None else listed
    if path.parent not in listed:
        listed[path.parent] = subtitle_files(path.parent)
    why = sidecars_changed(subtitles.get("settings", {}), path, listed[path.parent])
    return {"subtitles": why} if why else {}


def stale_settings(recorded: dict[str, dict[str, Any]], config: Config) -> dict[str, str]:
    """Per extractor, the recorded settings that differ from ``config`` (settings recorded under the
    name of a Config field: ``sample_fps``, ``thumb_max_side``, ``whisper_model``, ``embed_model``...).
    ``device`` and ``precision`` are recorded resolved (``cpu``, ``int8``): they are compared with what the
    configured ones (``auto``...) resolve to for that extractor here.

    Example:
        >>> stale_settings({"frames": {"settings": {"sample_fps": 1.0, "thumb_max_side": 384}}},
        ...                Config(sample_fps=2.0))
        {'frames': 'sample_fps 1.0, now 2.0'}
        >>> stale_settings({"asr": {"settings": {"device": "cpu", "precision": "int8"}}}, Config(device="cpu"))
        {}
        >>> stale_settings({"asr": {"settings": {"device": "cpu", "precision": "int8"}}},
        ...                Config(device="cpu", precision="fp32"))
        {'asr': 'precision int8, now float32'}
    """
    fields = {f.name for f in dataclasses.fields(Config)}
    stale = {}
    for extractor, record in recorded.items():
        settings = record.get("settings", {})
        resolved = _resolved_placement(extractor, config) if PLACEMENT_SETTINGS & set(settings) else {}
        changed = []
        for key, value in sorted(settings.items()):
            if key not in fields:
                continue
            now = resolved.get(key, getattr(config, key))
            same = same_model(now, str(value)) if key.endswith("_model") else _same_value(value, now)
            if not same:
                changed.append(f"{key} {value}, now {now}")
        changed += _older_reading(extractor, settings)
        if changed:
            stale[extractor] = ", ".join(changed)
    return stale


def _older_reading(extractor: str, settings: dict[str, Any]) -> list[str]:
    """What to say when ``extractor`` read the video an older way than it reads now (``Extractor.reading``;
    a record without one was read the first way), else nothing.

    Example:
        >>> _older_reading("ocr", {"ocr_fps": 1.0})  # read before OCR found faint text
        ['read by an older reader (reading 1, now 8)']
        >>> _older_reading("asr", {"whisper_model": "base"})
        []
    """
    if extractor not in extractor_registry.names():
        return []
    recorded, now = settings.get(READING, 1), extractor_registry.get(extractor).reading
    if recorded == now:
        return []
    return [f"read by {'an older' if recorded < now else 'a newer'} reader ({READING} {recorded}, now {now})"]


def _resolved_placement(extractor: str, config: Config) -> dict[str, str]:
    """The device and precision ``extractor`` would record now: ``auto`` resolved as when it ran, so a
    recorded ``cpu`` is compared with what ``auto`` means here, never with the word ``auto``."""
    if extractor not in extractor_registry.names():
        return {}
    return extractor_registry.get(extractor).resolved_placement(config)


def _same_value(recorded: Any, configured: Any) -> bool:
    if isinstance(configured, tuple):
        configured = list(configured)
    return json.loads(json.dumps(configured, default=str)) == recorded


def _visible_videos_by_path(store: Store, records: dict[str, dict[str, Any]]) -> dict[str, str]:
    rows = store.read("videos", columns=["video_id", "path"])
    return {
        p: v
        for v, p in zip(rows["video_id"].to_pylist(), rows["path"].to_pylist(), strict=True)
        if "frames" in records.get(v, {})
    }


def _check_visual_model(store: Store, config: Config, names: set[str]) -> None:
    recorded = store.manifest().get("embed_model")
    if recorded and not same_model(config.embed_model, recorded) and (VISUAL_EXTRACTORS & names):
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


def _describe(exc: BaseException) -> str:
    if isinstance(exc, VqdbError):
        return str(exc)
    if isinstance(exc, OSError) and exc.strerror:
        return f"cannot read {exc.filename or 'the file'}: {exc.strerror.lower()}; check that it is a readable file"
    return f"{type(exc).__name__}: {exc}"
