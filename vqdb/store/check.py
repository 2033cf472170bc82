"""Finding and removing damage: data files deleted or cut short, a lost manifest, rows that disagree with
what their commit recorded (``vqdb check CORPUS [--repair]``, ``Corpus.check``).

``check`` opens every table's latest version and reads every data file it references, fragment by
fragment, counting each video's rows. Then it checks the corpus's invariant: each ``extractions`` record
(a committed extractor for a video; for ``frames``, the video itself) says how many rows it wrote across
its tables, and the tables must hold exactly that many for the video. A lost or unreadable data file, a
manifest lost (the table falls back to an older version) or a lost deletion file all break it, and name
the video and table.

It checks the schema's tables only, not the visual summaries (``vqdb.store.maintenance.DERIVED_TABLES``):
no commit records their rows, so there is no count to check them against, and ``repair`` could not mend one by
dropping fragments (a video left with part of its summary would get too low a bound and be pruned from search
wrongly). A summary lost or damaged is rebuilt, not repaired: remove its dataset and ``vqdb index CORPUS`` (or
the next ingest) summarizes every video again.

``repair`` removes what is damaged, so that the next ``vqdb ingest`` of the same files redoes exactly
those videos: it drops the fragments that cannot be read (with the rows of other videos in them: their
counts break too), then, per damaged video, the extractor's rows and record (its whole video when the
damage is in ``frames``/``videos``, which everything else hangs on).

``signs_of_damage`` is the cheap look every ``vqdb ingest`` takes before it plans (``refuse_damaged``), so
that a re-run ingest does not skip damaged videos as done: it opens each table's latest version, lists
its files (one listing per table, no data file read) and compares them with the sizes the version
recorded, and compares each extractor's row count (from the manifests) with what the commits of the
videos recorded. That finds a data or deletion file deleted or cut short and a lost manifest that took
rows with it; damage inside a file of the right size is left to ``check``.

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> with Store.create(tempfile.mkdtemp()) as store:
    ...     print(check(store).summary())
    checked 12 tables, 0 data files, 0 rows: no problems
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Iterator
from typing import Any

import lance

from vqdb.errors import VqdbError, without_source_paths
from vqdb.schema import TABLES, Table, tables_of
from vqdb.store.store import Store

BOOKKEEPING = "extractions"
VIDEO_EXTRACTOR = "frames"  # its record is the video's: the views show a video once it is committed


@dataclasses.dataclass(frozen=True)
class Problem:
    """One problem: the table, the video (None when it cannot be told) and what is wrong."""

    table: str
    video_id: str | None
    what: str

    def __str__(self) -> str:
        video = f" video {self.video_id}:" if self.video_id else ""
        return f"{self.table}:{video} {self.what}"


@dataclasses.dataclass(frozen=True)
class Damage:
    """What ``repair`` removes: unreadable fragments per table, and the (video, extractor) pairs whose rows
    disagree with their record."""

    fragments: dict[str, list[int]]
    extractions: set[tuple[str, str]]


@dataclasses.dataclass(frozen=True)
class CheckReport:
    """What ``check`` found (``problems``, one line each) and read; ``repaired``: the videos whose damage
    ``repair`` removed (to be redone by the next ingest)."""

    problems: tuple[Problem, ...]
    tables: int
    files: int
    rows: int
    damage: Damage
    repaired: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether nothing is wrong."""
        return not self.problems

    def summary(self) -> str:
        """One line of totals, then one per problem.

        Example:
            >>> report = CheckReport((Problem("frames", "v1", "12 rows, its commit recorded 30"),), 1, 2, 12,
            ...                      Damage({}, {("v1", "frames")}))
            >>> print(report.summary())
            checked 1 tables, 2 data files, 12 rows: 1 problem
              frames: video v1: 12 rows, its commit recorded 30
        """
        head = f"checked {self.tables} tables, {self.files} data files, {self.rows} rows: "
        head += f"{len(self.problems)} problem{'s' * (len(self.problems) != 1)}" if self.problems else "no problems"
        lines = [head, *(f"  {problem}" for problem in self.problems)]
        if self.repaired:
            lines.append(f"removed the damaged data of {len(self.repaired)} video(s): {', '.join(self.repaired)}")
        return "\n".join(lines)


def check(store: Store) -> CheckReport:
    """Read every table's latest version in full and check each commit's rows (see the module docstring).

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     check(store).ok
        True
    """
    problems: list[Problem] = []
    counts: dict[str, collections.Counter] = {}
    bad_fragments: dict[str, list[int]] = {}
    files = rows = tables = 0
    for table, dataset in _latest_versions(store):
        tables += 1
        if isinstance(dataset, Exception):
            problems.append(Problem(table.name, None, f"cannot be opened ({_first_line(dataset)}); {_RESTORE}"))
            continue
        counted = collections.Counter()
        for fragment in dataset.get_fragments():
            files += len(fragment.data_files())
            try:
                counted.update(_video_ids(fragment, table.per_video))
            except (OSError, ValueError, RuntimeError) as exc:
                bad_fragments.setdefault(table.name, []).append(fragment.fragment_id)
                problems.append(
                    Problem(
                        table.name,
                        None,
                        f"fragment {fragment.fragment_id} cannot be read ({_first_line(exc)}); its videos show "
                        "below as rows missing",
                    )
                )
        rows += sum(counted.values())
        counts[table.name] = counted
    damaged = set()
    if BOOKKEEPING in bad_fragments or (BOOKKEEPING not in counts and tables):
        problems.append(Problem(BOOKKEEPING, None, f"the record of what was ingested is damaged; {_RESTORE}"))
    else:
        for (video_id, extractor), recorded in _recorded(store).items():
            found = sum(counts.get(t.name, collections.Counter())[video_id] for t in tables_of(extractor))
            if found != recorded:
                damaged.add((video_id, extractor))
                names = "/".join(t.name for t in tables_of(extractor))
                problems.append(
                    Problem(names, video_id, f"{found} rows, its {extractor} commit recorded {recorded}; {_REPAIR}")
                )
    return CheckReport(tuple(problems), tables, files, rows, Damage(bad_fragments, damaged))


def signs_of_damage(store: Store) -> list[Problem]:
    """What a cheap look at ``store`` finds damaged, reading no data file (see the module docstring): a
    table that cannot be opened, a data or deletion file missing or of another size than written, an
    extractor's tables holding fewer rows than the commits of the corpus's videos recorded.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     signs_of_damage(store)
        []
    """
    problems: list[Problem] = []
    counts: dict[str, int] = {}
    for table, dataset in _latest_versions(store):
        if isinstance(dataset, Exception):
            problems.append(Problem(table.name, None, "its latest version cannot be opened"))
            continue
        missing = _files_not_as_written(dataset, store.dataset_files(table.name))
        problems += [Problem(table.name, None, what) for what in missing]
        counts[table.name] = dataset.count_rows()  # from the manifest: no data file read
    if BOOKKEEPING not in counts:  # no record to count against: the problem above (if any) says enough
        return problems
    recorded = _recorded(store)
    visible = {video for video, extractor in recorded if extractor == VIDEO_EXTRACTOR}
    expected: collections.Counter = collections.Counter()
    for (video_id, extractor), rows in recorded.items():
        if video_id in visible:  # a video half deleted keeps records that no view shows
            expected[extractor] += rows
    for extractor, rows in sorted(expected.items()):
        names = [t.name for t in tables_of(extractor)]
        found = sum(counts.get(name, 0) for name in names)
        if found < rows:  # more is harmless: rows committed by an ingest cut short before their record
            problems.append(Problem("/".join(names), None, f"{found} rows, the {extractor} commits recorded {rows}"))
    return problems


def refuse_damaged(store: Store) -> None:
    """Raise VqdbError, in one line naming the table and the command that repairs it, when
    ``signs_of_damage`` finds any: what ingest does before it plans, so no damaged video is skipped as done.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     refuse_damaged(store)
    """
    problems = signs_of_damage(store)
    if problems:
        more = f" (and {len(problems) - 1} more problem{'s' * (len(problems) > 2)})" if len(problems) > 1 else ""
        raise VqdbError(
            f"corpus {store.root} is damaged: table {problems[0]}{more}; run vqdb check {store.root} --repair, "
            "then vqdb ingest the same files again to redo what it removes"
        )


def repair(store: Store, report: CheckReport) -> CheckReport:
    """Remove the damage ``report`` found (a store opened for writing); returns it with the videos repaired.

    Example:
        >>> import tempfile
        >>> from vqdb.store import Store
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     repair(store, check(store)).repaired
        ()
    """
    if not store.writable:
        raise VqdbError(f"repairing corpus {store.root} needs it opened for writing: Store.open(root, writable=True)")
    if any(p.table == BOOKKEEPING and p.video_id is None for p in report.problems) or any(
        "cannot be opened" in p.what for p in report.problems
    ):
        raise VqdbError(f"corpus {store.root}: a table cannot be opened or read at all; {_RESTORE}")
    for name, fragment_ids in report.damage.fragments.items():
        dataset = store.dataset(name)
        operation = lance.LanceOperation.Update(
            removed_fragment_ids=fragment_ids, updated_fragments=[], new_fragments=[]
        )
        store._commit(dataset, operation)
    # the fragments dropped held other videos' rows too: count again
    damage = check(store).damage.extractions if report.damage.fragments else report.damage.extractions
    whole = sorted({video for video, extractor in damage if extractor == VIDEO_EXTRACTOR})
    for video_id in whole:
        store.delete_video(video_id)
    for video_id, extractor in sorted(damage):
        if video_id not in whole:
            store.delete_extraction(video_id, extractor)
    return dataclasses.replace(report, repaired=tuple(sorted({video for video, _ in damage})))


_REPAIR = "run vqdb check CORPUS --repair, then vqdb ingest the same files to redo it"
_RESTORE = "vqdb cannot repair that: restore the corpus folder from a backup, or ingest the files into a new corpus"


def _latest_versions(store: Store) -> Iterator[tuple[Table, lance.LanceDataset | Exception]]:
    """Each table that exists, with its latest version, or what opening it raised."""
    for table in TABLES.values():
        if not store.exists(table.name):
            continue
        try:
            dataset = store.dataset(table.name)
        except (OSError, ValueError, RuntimeError) as exc:
            dataset = exc
        yield table, dataset


def _files_not_as_written(dataset: lance.LanceDataset, on_disk: dict[str, int]) -> list[str]:
    """What is wrong with the files ``dataset``'s version references, given the files ``on_disk`` (path
    inside the dataset -> bytes): one line per fragment with a file missing or of another size than written."""
    wrong = []
    for fragment in dataset.get_fragments():
        for data_file in fragment.data_files():
            size = on_disk.get(f"data/{data_file.path}")
            if size is None:
                wrong.append(f"fragment {fragment.fragment_id}: a data file is missing")
            elif data_file.file_size_bytes is not None and size != data_file.file_size_bytes:
                wrong.append(
                    f"fragment {fragment.fragment_id}: a data file has {size} bytes, {data_file.file_size_bytes} "
                    "were written"
                )
        deletions = fragment.metadata.deletion_file
        if deletions is not None and deletions.path(fragment.fragment_id) not in on_disk:
            wrong.append(f"fragment {fragment.fragment_id}: its deletion file is missing")
    return wrong


def _video_ids(fragment: Any, per_video: bool) -> collections.Counter:
    """Rows per video of one fragment, read in full (every column, every data file)."""
    counted: collections.Counter = collections.Counter()
    for batch in fragment.to_batches(batch_size=4096):
        if per_video:
            counted.update(batch.column("video_id").to_pylist())
        else:
            counted[None] += batch.num_rows
    return counted


def _recorded(store: Store) -> dict[tuple[str, str], int]:
    """(video, extractor) -> the rows its commit recorded."""
    records = store.read(BOOKKEEPING, columns=["video_id", "extractor", "rows"])
    return {(r["video_id"], r["extractor"]): int(r["rows"] or 0) for r in records.to_pylist()}


def _first_line(exc: BaseException) -> str:
    """The error's first line, without the source paths Lance adds."""
    text = str(exc).strip()
    return without_source_paths(text.splitlines()[0] if text else type(exc).__name__)


__all__ = ["CheckReport", "Damage", "Problem", "check", "refuse_damaged", "repair", "signs_of_damage"]
