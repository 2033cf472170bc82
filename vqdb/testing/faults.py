"""Fault injection for the reliability suite: count the storage operations of a run, kill the process
right before the nth one, or make the nth one fail as a full disk does.

A storage operation is any call that writes the corpus: a Lance dataset written, a fragment written or
given a deletion file, a commit, an index built or updated, compaction, cleanup, the manifest. Killing
before each of them in turn is how ``tests/reliability`` and ``benchmarks/reliability.py`` show that
a re-run after any kill gives the rows of an uninterrupted run.

From the command line, in front of a ``vqdb`` command::

    python -m vqdb.testing.faults count -- ingest CORPUS VIDEO...     # prints "storage operations: N"
    python -m vqdb.testing.faults kill 17 -- ingest CORPUS VIDEO...   # SIGKILL before the 17th
    python -m vqdb.testing.faults full 17 -- ingest CORPUS VIDEO...   # the 17th fails: no space left

Example:
    >>> import tempfile
    >>> from vqdb.store import Store
    >>> with counting() as seen:
    ...     Store.create(tempfile.mkdtemp()).close()
    >>> seen[-1]  # the manifest is written last
    'Store.write_manifest'
"""

from __future__ import annotations

import contextlib
import errno
import inspect
import os
import signal
import sys
from collections.abc import Callable, Iterator

import lance
import lance.fragment

from vqdb.store.store import Store

_DATASET = sys.modules["lance.dataset"]  # the module (``lance.dataset`` is also a function)
# (owner, attribute) of every call that writes a corpus
STORAGE_OPERATIONS = (
    (lance, "write_dataset"),
    (lance.fragment, "write_fragments"),
    (lance.fragment.LanceFragment, "delete"),
    (_DATASET.LanceDataset, "commit"),
    (_DATASET.LanceDataset, "delete"),
    (_DATASET.LanceDataset, "create_scalar_index"),
    (_DATASET.LanceDataset, "create_index"),
    (_DATASET.LanceDataset, "cleanup_old_versions"),
    (_DATASET.DatasetOptimizer, "compact_files"),
    (_DATASET.DatasetOptimizer, "optimize_indices"),
    (Store, "write_manifest"),
)


@contextlib.contextmanager
def intercepted(before: Callable[[int, str], None]) -> Iterator[None]:
    """Call ``before(n, name)`` right before the nth storage operation (n from 1), while in the block."""
    count = 0
    saved = []

    def wrap(owner: object, attribute: str) -> None:
        raw = inspect.getattr_static(owner, attribute)
        static = isinstance(raw, staticmethod)
        real = raw.__func__ if static else raw
        name = f"{getattr(owner, '__name__', owner)}.{attribute}"

        def operation(*args, **kwargs):
            nonlocal count
            count += 1
            before(count, name)
            return real(*args, **kwargs)

        saved.append((owner, attribute, raw, attribute in vars(owner)))
        setattr(owner, attribute, staticmethod(operation) if static else operation)

    for owner, attribute in STORAGE_OPERATIONS:
        wrap(owner, attribute)
    try:
        yield
    finally:
        for owner, attribute, raw, own in reversed(saved):
            if own:
                setattr(owner, attribute, raw)
            else:
                delattr(owner, attribute)  # it was inherited


@contextlib.contextmanager
def counting() -> Iterator[list[str]]:
    """The names of the storage operations made in the block, in order."""
    seen: list[str] = []
    with intercepted(lambda n, name: seen.append(name)):
        yield seen


def kill_before(n: int) -> Callable[[int, str], None]:
    """A ``before`` hook that SIGKILLs this process right before operation ``n``: nothing is flushed,
    nothing cleaned up, as when the machine loses power or the OOM killer strikes."""

    def hook(count: int, name: str) -> None:
        if count == n:
            os.kill(os.getpid(), signal.SIGKILL)

    return hook


def disk_full_at(n: int) -> Callable[[int, str], None]:
    """A ``before`` hook that makes operation ``n`` and every later one fail as on a full disk."""

    def hook(count: int, name: str) -> None:
        if count >= n:
            raise OSError(errno.ENOSPC, f"No space left on device (injected before {name})")

    return hook


def main(argv: list[str] | None = None) -> int:
    """``count | kill N | full N -- vqdb arguments...``: run the vqdb CLI under a fault."""
    from vqdb.cli import main as vqdb_main

    args = list(sys.argv[1:] if argv is None else argv)
    split = args.index("--")
    mode, rest, command = args[0], args[1:split], args[split + 1 :]
    if mode == "count":
        with counting() as seen:
            status = vqdb_main(command)
        print(f"storage operations: {len(seen)}", file=sys.stderr)
        return status
    hook = {"kill": kill_before, "full": disk_full_at}[mode](int(rest[0]))
    with intercepted(hook):
        return vqdb_main(command)


if __name__ == "__main__":
    sys.exit(main())
