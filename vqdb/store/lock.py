"""One writer at a time per corpus: an exclusive OS lock that the operating system releases when its
process dies, so a killed ingest never leaves the corpus locked.

Everything that writes a corpus (ingest, index builds, compaction, delete, the answers cache) gets a
writable ``Store``, and a writable ``Store`` exists only while it holds its corpus's ``WriterLock``.
A second writer waits, saying who holds the lock since when; ``wait=False`` (``--no-wait``) fails with
``CorpusBusyError`` instead. A ``WriterLock`` is re-entrant within a thread, so code that already holds
it may open the corpus for writing again.

The lock's interface (``acquire``, ``release``, ``held``, ``holder``, ``fence``) does not assume a local
directory: ``LocalWriterLock`` is the one for a corpus on a local file system, an ``flock`` on
``writer.lock`` in the corpus directory, with the holder described in the file for whoever waits;
``vqdb.store.object_lock.ObjectWriterLock`` is the one for a corpus on object storage, a lease that its
holder must keep renewing, which is why the store calls ``fence()`` before every commit.

Example:
    >>> import tempfile
    >>> lock = LocalWriterLock(tempfile.mkdtemp())
    >>> lock.acquire(wait=False); lock.held
    True
    >>> lock.release(); lock.held
    False
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import json
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from vqdb.errors import CorpusBusyError

LOCK_FILE = "writer.lock"
POLL_S = 0.2


@dataclasses.dataclass(frozen=True)
class Holder:
    """Who holds a writer lock: the command, its process and host, and since when.

    Example:
        >>> print(Holder("vqdb ingest c a.mp4", 4242, "box", "2025-01-02T03:04:05+00:00"))
        'vqdb ingest c a.mp4' (pid 4242 on box) since 2025-01-02 03:04:05 UTC
    """

    command: str
    pid: int
    host: str
    since: str

    @classmethod
    def this_process(cls) -> Holder:
        command = " ".join([Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python", *sys.argv[1:]])
        return cls(command[:120], os.getpid(), socket.gethostname(), datetime.now(UTC).isoformat(timespec="seconds"))

    def __str__(self) -> str:
        since = datetime.fromisoformat(self.since).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        return f"{self.command!r} (pid {self.pid} on {self.host}) since {since}"


class WriterLock(Protocol):
    """What the store needs from a corpus's writer lock, wherever the corpus lives."""

    def acquire(self, wait: bool | float = True, notify: Callable[[str], None] | None = None) -> None:
        """Take the lock; wait (forever, or ``wait`` seconds) while another writer holds it, else raise
        ``CorpusBusyError``; ``notify`` gets one line when waiting starts."""

    def release(self) -> None:
        """Give the lock back (a no-op when not held)."""

    @property
    def held(self) -> bool:
        """Whether this object holds the lock now."""

    def holder(self) -> Holder | None:
        """Who holds the lock, when someone does and says so."""

    def fence(self) -> None:
        """Raise ``CorpusBusyError`` unless this object still holds the lock: called right before each
        commit, so a writer that lost its lock (an expired lease) commits nothing more."""


# The flock of a corpus is held once per process (a second flock on another descriptor of the same
# file would wait for ourselves); threads of this process queue on the count below.
_HELD: dict[str, _ProcessHold] = {}
_HELD_GUARD = threading.Lock()


@dataclasses.dataclass
class _ProcessHold:
    fd: int
    thread: int
    count: int


class LocalWriterLock:
    """The writer lock of a corpus directory: ``flock`` on ``<root>/writer.lock``.

    Example:
        >>> import tempfile
        >>> root = tempfile.mkdtemp()
        >>> first, second = LocalWriterLock(root), LocalWriterLock(root)
        >>> first.acquire(); second.acquire(wait=False)  # the same thread may take it again
        >>> second.release(); first.release()
    """

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.path = self.root / LOCK_FILE
        self._held = False

    @property
    def held(self) -> bool:
        return self._held

    def acquire(self, wait: bool | float = True, notify: Callable[[str], None] | None = None) -> None:
        if self._held:
            return
        key = str(self.path.resolve())
        wait_for_lock(lambda: self._try_acquire(key), self._describe_holder, self.root, wait, notify)
        self._held = True

    def release(self) -> None:
        if not self._held:
            return
        self._held = False
        key = str(self.path.resolve())
        with _HELD_GUARD:
            hold = _HELD[key]
            hold.count -= 1
            if hold.count == 0:
                del _HELD[key]
                os.ftruncate(hold.fd, 0)  # nobody holds it: no stale holder for the next waiter to name
                fcntl.flock(hold.fd, fcntl.LOCK_UN)
                os.close(hold.fd)

    def holder(self) -> Holder | None:
        try:
            return Holder(**json.loads(self.path.read_text()))
        except (OSError, ValueError, TypeError):
            return None

    def fence(self) -> None:
        if not self._held:  # an flock is never lost while its process lives: held until released
            raise CorpusBusyError(
                f"corpus {self.root}: this writer released its lock; open the corpus for writing again"
            )

    def _try_acquire(self, key: str) -> bool:
        me = threading.get_ident()
        with _HELD_GUARD:
            hold = _HELD.get(key)
            if hold is not None:
                if hold.thread != me:
                    return False  # another thread of this process writes: wait like any other writer
                hold.count += 1
                return True
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            except BaseException:
                os.close(fd)
                raise
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(dataclasses.asdict(Holder.this_process())).encode(), 0)
            _HELD[key] = _ProcessHold(fd, me, 1)
            return True

    def _describe_holder(self) -> str:
        holder = self.holder()
        if holder is None:
            return "another process"
        if holder.pid == os.getpid():
            return f"another thread of this process, {holder}"
        return f"another writer, {holder}"

    def __del__(self) -> None:
        with contextlib.suppress(KeyError, OSError):  # at interpreter exit the OS releases the flock anyway
            self.release()

    def __repr__(self) -> str:
        return f"LocalWriterLock({str(self.root)!r}, held={self._held})"


def wait_for_lock(
    try_acquire: Callable[[], bool],
    describe_holder: Callable[[], str],
    corpus: object,
    wait: bool | float,
    notify: Callable[[str], None] | None,
) -> None:
    """Call ``try_acquire`` until it succeeds, polling every ``POLL_S``: ``wait`` True waits for ever, False
    not at all, a number that many seconds; then ``CorpusBusyError`` names the holder. While waiting,
    ``notify`` (default: stderr) is told once who holds the lock.

    Example:
        >>> attempts = iter([False, True])
        >>> wait_for_lock(lambda: next(attempts), lambda: "pid 7", "c", True, notify=print)
        vqdb: pid 7 is writing corpus c; waiting for it to finish (--no-wait / wait=False fails instead)
        >>> wait_for_lock(lambda: False, lambda: "pid 7", "c", False, notify=print)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.errors.CorpusBusyError: corpus c is being written by pid 7; wait for it to finish ...
    """
    deadline = None if wait is True else time.monotonic() + (0.0 if wait is False else float(wait))
    told = False
    while not try_acquire():
        if deadline is not None and time.monotonic() >= deadline:
            raise CorpusBusyError(
                f"corpus {corpus} is being written by {describe_holder()}; wait for it to finish "
                "(or leave out --no-wait / wait=False to wait for it)"
            )
        if not told:
            (notify or _print_notice)(
                f"vqdb: {describe_holder()} is writing corpus {corpus}; waiting for it to finish "
                "(--no-wait / wait=False fails instead)"
            )
            told = True
        time.sleep(POLL_S)


def _print_notice(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
