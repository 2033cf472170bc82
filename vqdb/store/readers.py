"""Who may still be reading old versions of a corpus: a lease per open query session.

Lance keeps every version of a dataset until they are cleaned up, and a reader that opened a version
keeps reading its files (the DuckDB Lance extension caches a dataset per connection). So cleanup
(``vqdb.store.maintenance``) must spare every version that some open session may still use. A session
takes a ``ReaderLease``: a file in ``<corpus>/sessions/`` saying since when it reads, ``flock``-ed
(shared) by its process for as long as the session is open; the OS drops the flock when the process
dies, which is how ``live_sessions`` tells a live lease from one left by a killed process.

On object storage there is no flock: a session's lease is an object ``sessions/<id>.json`` saying
since when it reads and until when the lease runs (``expires``), renewed by a daemon thread every third
of ``READER_LEASE_S``; ``live_sessions`` counts the unexpired ones and removes the others (a session
whose process died stops renewing).

Taking a lease is best effort: on a corpus the user may not write (a read-only mount, a read-only
bucket policy), no lease is taken, and none is needed for anything this user can clean.

Example:
    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> lease = ReaderLease.take(root)
    >>> len(live_sessions(root))
    1
    >>> lease.release(); live_sessions(root)
    []
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from vqdb.errors import VqdbError
from vqdb.store.location import Location

SESSIONS_DIR = "sessions"
READER_LEASE_S = 60.0  # an object-storage session's lease; renewed every third of it


class ReaderLease:
    """One open query session of a corpus; ``release()`` (or garbage collection) ends it."""

    def __init__(self, path: Path, fd: int, since: datetime):
        self.path = path
        self.since = since
        self._fd: int | None = fd

    @classmethod
    def take(cls, root: str | Path | Location) -> ReaderLease | ObjectReaderLease | None:
        """A lease on the corpus at ``root`` starting now, or None when its directory is not writable."""
        location = Location.of(root)
        if not location.local:
            return ObjectReaderLease.take(location)
        directory = location.path / SESSIONS_DIR
        since = datetime.now(UTC)
        name = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"
        pending = directory / f".{name}.tmp"
        try:
            directory.mkdir(exist_ok=True)
            fd = os.open(pending, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH)
            os.write(fd, json.dumps({"pid": os.getpid(), "since": since.isoformat()}).encode())
            final = directory / f"{name}.json"
            pending.rename(final)  # visible to cleanup only once locked and dated
        except OSError:
            os.close(fd)
            with contextlib.suppress(OSError):
                pending.unlink()
            return None
        return cls(final, fd, since)

    def renew(self) -> None:
        """Start the lease now: the session's earlier statements are done, and its next ones read the
        newest versions, so cleanup may remove the versions before (a server that runs for days).

        Example:
            >>> import tempfile
            >>> root = tempfile.mkdtemp()
            >>> lease = ReaderLease.take(root); first = live_sessions(root)[0]
            >>> lease.renew(); live_sessions(root)[0] > first
            True
        """
        if self._fd is None:
            return
        since = datetime.now(UTC)
        content = json.dumps({"pid": os.getpid(), "since": since.isoformat()}).encode()
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, content, 0)
        self.since = since

    def release(self) -> None:
        """End the session's lease (idempotent)."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        os.close(self._fd)
        self._fd = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.release()

    def __repr__(self) -> str:
        return f"ReaderLease({self.path.name!r}, since={self.since.isoformat()})"


class ObjectReaderLease:
    """One open query session of a corpus on object storage: an object renewed until ``release()``."""

    def __init__(self, location: Location, key: str, since: datetime, lease_s: float):
        self.location, self.key, self.since, self.lease_s = location, key, since, lease_s
        self._files = location.files()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._renew, name="vqdb-reader-lease", daemon=True)

    @classmethod
    def take(cls, location: Location, lease_s: float = READER_LEASE_S) -> ObjectReaderLease | None:
        """A lease on the corpus at ``location`` starting now, or None when it cannot be written."""
        lease = cls(location, f"{SESSIONS_DIR}/{os.getpid()}-{uuid.uuid4().hex[:12]}.json", datetime.now(UTC), lease_s)
        try:
            lease._write()
        except VqdbError:
            return None
        lease._thread.start()
        return lease

    def renew(self) -> None:
        """Start the lease now (see ``ReaderLease.renew``)."""
        self.since = datetime.now(UTC)
        with contextlib.suppress(VqdbError):  # unreachable for now: the next beat writes it
            self._write()

    def release(self) -> None:
        """End the session's lease (idempotent)."""
        if self._stop.is_set():
            return
        self._stop.set()
        with contextlib.suppress(VqdbError):
            self._files.delete(self.key)

    def _write(self) -> None:
        content = {"pid": os.getpid(), "since": self.since.isoformat(), "expires": time.time() + self.lease_s}
        self._files.write(self.key, json.dumps(content).encode())

    def _renew(self) -> None:
        while not self._stop.wait(self.lease_s / 3):
            with contextlib.suppress(VqdbError):  # unreachable for now: the next beat tries again
                self._write()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.release()

    def __repr__(self) -> str:
        return f"ObjectReaderLease({self.key!r}, since={self.since.isoformat()})"


def live_sessions(root: str | Path | Location) -> list[datetime]:
    """Start times of the open sessions of the corpus at ``root``, oldest first; leases of processes
    that died are removed on the way."""
    location = Location.of(root)
    if not location.local:
        return _live_object_sessions(location)
    directory = location.path / SESSIONS_DIR
    starts = []
    for path in sorted(directory.glob("*.json")) if directory.is_dir() else []:
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            continue  # released meanwhile
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # its session holds it: live
                starts.append(_since(os.pread(fd, 4096, 0)))
                continue
            with contextlib.suppress(OSError):
                path.unlink()  # nobody holds it: its process died
        finally:
            os.close(fd)
    return sorted(starts)


def _live_object_sessions(location: Location) -> list[datetime]:
    files = location.files()
    starts = []
    for key, _size in list(files.list(SESSIONS_DIR)):
        content = files.read(key)
        if content is None:
            continue  # released meanwhile
        try:
            expires = float(json.loads(content)["expires"])
        except (ValueError, KeyError, TypeError):
            expires = float("inf")  # unreadable: assume it reads the oldest version
        if expires < time.time():
            files.delete(key)  # not renewed: its process died
            continue
        starts.append(_since(content))
    return sorted(starts)


def _since(content: bytes) -> datetime:
    try:
        return datetime.fromisoformat(json.loads(content)["since"])
    except (ValueError, KeyError, TypeError):
        return datetime.min.replace(tzinfo=UTC)  # unreadable: assume it reads the oldest version
