"""Compaction and cleanup: every ingest appends fragments and versions to each Lance dataset, and a
replaced or deleted row stays on disk until the fragment holding it is rewritten.

``compact(store)`` rewrites each dataset's small fragments into large ones (dropping deleted rows): the
schema's tables and those derived from them (``DERIVED_TABLES``: the visual summaries, which every ingest
that embeds frames appends to),
then removes the versions no reader can still be using, with the files only they reference. A version
is kept when an open query session (``vqdb.store.readers``) may read it: every version from the one
that was current when the oldest open session began. Without open sessions only the current version
is kept. Compaction itself is one more commit, so readers never notice it; it runs under the writer
lock like every write.

``needs_compaction(store)`` names the datasets ingest compacts on its own: those with
``AUTO_COMPACT_FRAGMENTS`` fragments or more. Measured by ``benchmarks/compaction.py`` (one fragment per
small ingest; ``SELECT count(*) FROM subtitles``, a view that reads ``extractions`` twice): 8-10 ms after
compaction, 54-68 ms at 16-32 fragments, 160 ms at 128, 870 ms at 400, while compacting 16-128 fragments
took 0.15-0.5 s. So from 16 fragments on, one compaction pays for itself within a few queries.

Fragments are compacted towards ``TARGET_FRAGMENT_BYTES`` each: a dataset of large rows (``frames``, with
its JPEGs) is not rewritten whole every time a small fragment joins it.

Example:
    >>> import tempfile
    >>> from vqdb.schema import TABLES
    >>> def cue(video):
    ...     return TABLES["subtitles"].from_rows(
    ...         [{"video_id": video, "cue_id": 0, "start_s": 0.0, "end_s": 1.0, "text": "hi", "source": "x.srt"}]
    ...     )
    >>> with Store.create(tempfile.mkdtemp()) as store:
    ...     for video in ("a", "b", "c"):
    ...         _ = store.commit(video, "subtitles", {"subtitles": cue(video)}, model=None, settings={})
    ...     print(compact(store, ["subtitles"]))  # doctest: +ELLIPSIS
    subtitles: 3 -> 1 fragments, 5 old versions removed, ...
    compacted 3 -> 1 fragments, removed 5 old versions, ...
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from vqdb.errors import VqdbError
from vqdb.schema import TABLES
from vqdb.store.readers import live_sessions
from vqdb.store.store import Store
from vqdb.store.visual_summary import SUMMARIZED, summary_table

AUTO_COMPACT_FRAGMENTS = 16
DERIVED_TABLES = tuple(summary_table(table) for table in SUMMARIZED)  # built from other tables, not in the schema
COMPACTED = (*TABLES, *DERIVED_TABLES)  # every dataset compaction looks after
TARGET_FRAGMENT_BYTES = 64 * 2**20
MAX_ROWS_PER_FRAGMENT = 1024 * 1024  # Lance's default target


@dataclasses.dataclass(frozen=True)
class TableCompaction:
    """What compaction did to one dataset."""

    table: str
    fragments_before: int
    fragments_after: int
    versions_removed: int
    bytes_before: int
    bytes_after: int

    def __str__(self) -> str:
        return (
            f"{self.table}: {self.fragments_before} -> {self.fragments_after} fragments, "
            f"{self.versions_removed} old versions removed, {_mib(self.bytes_before)} -> {_mib(self.bytes_after)}"
        )


@dataclasses.dataclass(frozen=True)
class CompactReport:
    """What ``compact`` did: per dataset, and how many open sessions kept old versions alive."""

    tables: tuple[TableCompaction, ...]
    open_sessions: int
    seconds: float

    @property
    def versions_removed(self) -> int:
        return sum(t.versions_removed for t in self.tables)

    def summary(self) -> str:
        """One line: fragments and bytes before and after, over every dataset."""
        before = sum(t.fragments_before for t in self.tables)
        after = sum(t.fragments_after for t in self.tables)
        size = f"{_mib(sum(t.bytes_before for t in self.tables))} -> {_mib(sum(t.bytes_after for t in self.tables))}"
        kept = (
            f"; versions that {self.open_sessions} open session(s) may read were kept: run vqdb compact CORPUS again "
            "once they are closed"
            if self.open_sessions
            else ""
        )
        return (
            f"compacted {before} -> {after} fragments, removed {self.versions_removed} old versions, "
            f"{size} in {self.seconds:.1f} s{kept}"
        )

    def __str__(self) -> str:
        return "\n".join([*map(str, self.tables), self.summary()])


def fragment_counts(store: Store) -> dict[str, int]:
    """Fragments per existing dataset (``COMPACTED``).

    Example:
        >>> import tempfile
        >>> with Store.create(tempfile.mkdtemp()) as store:
        ...     fragment_counts(store)["frames"]
        0
    """
    return {name: len(store.dataset(name).get_fragments()) for name in COMPACTED if store.exists(name)}


def needs_compaction(store: Store, threshold: int = AUTO_COMPACT_FRAGMENTS) -> list[str]:
    """The datasets with ``threshold`` fragments or more."""
    return [name for name, count in fragment_counts(store).items() if count >= threshold]


def compact(store: Store, tables: Sequence[str] | None = None) -> CompactReport:
    """Compact every dataset (or ``tables``) of a store opened for writing, then remove the versions no
    open session may read.

    Cleanup also removes files that killed writers left behind: that is safe only because the caller
    holds the writer lock, so no other write can be under way.
    """
    if not store.writable:
        raise VqdbError(f"compacting corpus {store.root} needs it opened for writing: Store.open(root, writable=True)")
    start = time.perf_counter()
    sessions = live_sessions(store.location)
    oldest = sessions[0] if sessions else None
    names = [name for name in (tables or COMPACTED) if store.exists(name)]
    done = []
    for name in names:
        before = store.dataset(name)
        fragments_before, bytes_before = len(before.get_fragments()), _bytes(store, name)
        if fragments_before > 1 or _has_deletions(before):
            store.fence()
            before.optimize.compact_files(
                target_rows_per_fragment=_target_rows(before, bytes_before),
                materialize_deletions=True,
                materialize_deletions_threshold=0.0,
            )
        after = store.dataset(name)
        old = removable_versions(after.versions(), oldest)
        if old:
            store.fence()
            after.cleanup_old_versions(versions=old, delete_unverified=True, error_if_tagged_old_versions=False)
        done.append(
            TableCompaction(
                name, fragments_before, len(after.get_fragments()), len(old), bytes_before, _bytes(store, name)
            )
        )
    return CompactReport(tuple(done), len(sessions), time.perf_counter() - start)


def removable_versions(versions: Sequence[dict[str, Any]], oldest_session: datetime | None) -> list[int]:
    """Versions no session can be reading: those before the one that was current when the oldest open
    session began (all but the latest when none is open).

    Example:
        >>> from datetime import datetime
        >>> versions = [{"version": v, "timestamp": datetime(2025, 1, 1, 0, v)} for v in (1, 2, 3, 4)]
        >>> removable_versions(versions, None)
        [1, 2, 3]
        >>> removable_versions(versions, datetime(2025, 1, 1, 0, 2, 30).astimezone())  # v2 was current
        [1]
    """
    numbers = sorted(v["version"] for v in versions)
    if oldest_session is None:
        return numbers[:-1]
    cutoff = oldest_session.astimezone().replace(tzinfo=None)  # Lance's timestamps are naive local times
    current = [v["version"] for v in versions if _naive(v["timestamp"]) <= cutoff]
    if not current:
        return []
    return [n for n in numbers if n < max(current)]


def _target_rows(dataset: Any, size: int) -> int:
    """Rows per fragment that make fragments of about ``TARGET_FRAGMENT_BYTES``."""
    rows = dataset.count_rows()
    row_bytes = size / rows if rows else 1
    return int(min(MAX_ROWS_PER_FRAGMENT, max(1024, TARGET_FRAGMENT_BYTES / row_bytes)))


def _naive(value: datetime) -> datetime:
    return value.astimezone().replace(tzinfo=None) if value.tzinfo else value


def _has_deletions(dataset: Any) -> bool:
    return any(fragment.metadata.deletion_file is not None for fragment in dataset.get_fragments())


def _bytes(store: Store, name: str) -> int:
    return store.dataset_bytes(name)


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"
