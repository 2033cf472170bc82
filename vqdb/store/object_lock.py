"""The writer lock of a corpus on object storage: a lock object taken by a conditional write, held as a
lease that its holder renews, checked before every commit.

An OS file lock cannot protect a bucket, and a killed writer cannot release anything, so the lock is an
object, ``<corpus>/writer.lock``, saying who holds it, until when (``expires``, epoch seconds) and its
fencing ``token`` (one more at every acquisition). Every change to it is a conditional PUT:

- **acquire**: create it if absent (``If-None-Match: *``), or replace it (``If-Match`` its ETag) when it
  is free or its lease expired; of two writers racing, the store lets exactly one write succeed.
- **renew**: a heartbeat thread replaces it (``If-Match``) every third of the lease with a new expiry;
  a writer whose process dies stops renewing, and the next writer takes the lock once the lease ends.
- **fence**: before each commit the store checks that the object is still the one this writer last
  wrote (its ETag) and that the lease has time left; otherwise the writer lost the lock (its lease
  expired, say while the process was suspended, and another writer took it) and commits nothing more.
- **release**: replace it (``If-Match``) by a free lock keeping the token.

What this leaves open, and why it is acceptable: the check and the Lance commit after it are two
requests, so a writer paused for longer than a lease exactly between them could still commit once after
losing the lock. Lance's own commit (a conditional PUT of the next version) keeps each table consistent
in that case: the two commits are serialized, never lost or torn; at worst a video's rows are written
twice, and a re-run's ``replace`` removes the duplicate. Lease expiry compares the holder's clock with
the waiter's: clocks must agree to well within ``LEASE_S``.

Example (``tests/store/test_object_storage.py`` runs it against a local S3 server):
    >>> lock = ObjectWriterLock(Location.of("s3://bucket/corpus"))
    >>> lock.held, lock.lease_s
    (False, 30.0)
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from vqdb.errors import CorpusBusyError
from vqdb.store.location import Location, S3Files
from vqdb.store.lock import Holder, wait_for_lock

LOCK_KEY = "writer.lock"
LEASE_S = 30.0  # a dead writer's lock is taken over this long after its last renewal
SAFETY_S = 0.2  # of its lease, the part a holder does not count on (the PUT's own time, clock drift)


@dataclasses.dataclass
class _Lease:
    """This process's hold on one corpus's lock object (shared by the lock objects of one thread)."""

    etag: str
    token: int
    thread: int
    count: int
    valid_until: float  # time.monotonic() after which this process no longer counts on the lease
    lost: str | None = None
    guard: threading.Lock = dataclasses.field(default_factory=threading.Lock)
    stop: threading.Event = dataclasses.field(default_factory=threading.Event)
    heartbeat: threading.Thread | None = None


_HELD: dict[str, _Lease] = {}
_HELD_GUARD = threading.Lock()


class ObjectWriterLock:
    """The writer lock of a corpus on object storage (see the module docstring); ``lease_s`` is the lease
    length (renewed every third of it)."""

    def __init__(self, location: Location, lease_s: float = LEASE_S):
        self.location = location
        self.lease_s = lease_s
        self._files = S3Files(location)
        self._held = False

    @property
    def held(self) -> bool:
        lease = _HELD.get(self.location.uri)
        return self._held and lease is not None and lease.lost is None and time.monotonic() < lease.valid_until

    @property
    def token(self) -> int | None:
        """The fencing token of this hold (one more at each acquisition of the corpus's lock)."""
        lease = _HELD.get(self.location.uri)
        return lease.token if self._held and lease is not None else None

    def acquire(self, wait: bool | float = True, notify: Callable[[str], None] | None = None) -> None:
        if self._held:
            return
        wait_for_lock(self._try_acquire, self._describe_holder, self.location, wait, notify)
        self._held = True

    def release(self) -> None:
        if not self._held:
            return
        self._held = False
        with _HELD_GUARD:
            lease = _HELD[self.location.uri]
            lease.count -= 1
            if lease.count:
                return
            del _HELD[self.location.uri]
        lease.stop.set()
        if lease.heartbeat is not None:
            lease.heartbeat.join()
        if lease.lost is None:  # give it back, keeping the token; a lost lock is someone else's now
            self._files.replace(LOCK_KEY, _encode(token=lease.token, free=True), lease.etag)

    def holder(self) -> Holder | None:
        found = self._files.read_versioned(LOCK_KEY)
        if found is None:
            return None
        state = _decode(found[0])
        if state.get("free") or state.get("expires", 0) < time.time():
            return None
        try:
            return Holder(**state["holder"])
        except (KeyError, TypeError):
            return None

    def fence(self) -> None:
        lease = _HELD.get(self.location.uri)
        if not self._held or lease is None:
            raise CorpusBusyError(f"corpus {self.location}: this writer released its lock; open it for writing again")
        with lease.guard:  # not while a renewal is changing the ETag
            if lease.lost is None and time.monotonic() >= lease.valid_until:
                lease.lost = f"its lease of {self.lease_s:g} s ran out before it could be renewed"
            if lease.lost is None and self._files.etag(LOCK_KEY) != lease.etag:
                lease.lost = "another writer took the lock after its lease expired"
        if lease.lost is not None:
            raise CorpusBusyError(
                f"corpus {self.location}: this writer lost the writer lock ({lease.lost}); nothing more was "
                "committed. Run the same command again: it completes what is missing"
            )

    def _try_acquire(self) -> bool:
        me = threading.get_ident()
        with _HELD_GUARD:
            lease = _HELD.get(self.location.uri)
            if lease is not None:
                if lease.thread != me:
                    return False  # another thread of this process writes: wait like any other writer
                lease.count += 1
                return True
        start = time.monotonic()
        found = self._files.read_versioned(LOCK_KEY)
        if found is None:
            token, etag = 1, self._files.create(LOCK_KEY, self._payload(1))
        else:
            state = _decode(found[0])
            if not state.get("free") and state.get("expires", 0) >= time.time():
                return False
            token = int(state.get("token", 0)) + 1
            etag = self._files.replace(LOCK_KEY, self._payload(token), found[1])
        if etag is None:
            return False  # another writer's conditional write won the race
        lease = _Lease(etag, token, me, 1, start + self.lease_s * (1 - SAFETY_S))
        lease.heartbeat = threading.Thread(target=self._renew, args=(lease,), name="vqdb-writer-lease", daemon=True)
        with _HELD_GUARD:
            _HELD[self.location.uri] = lease
        lease.heartbeat.start()
        return True

    def _renew(self, lease: _Lease) -> None:
        """Renew the lease every third of it until released or lost; a failed request is retried at the
        next beat, and the lease runs out (``fence`` refuses commits) if none succeeds in time."""
        while not lease.stop.wait(self.lease_s / 3):
            start = time.monotonic()
            with lease.guard:
                try:
                    etag = self._files.replace(LOCK_KEY, self._payload(lease.token), lease.etag)
                except Exception:  # the store is unreachable for now: try again at the next beat
                    continue
                if etag is None:
                    lease.lost = "another writer took the lock after its lease expired"
                    return
                lease.etag, lease.valid_until = etag, start + self.lease_s * (1 - SAFETY_S)

    def _payload(self, token: int) -> bytes:
        return _encode(
            token=token, holder=dataclasses.asdict(Holder.this_process()), expires=time.time() + self.lease_s
        )

    def _describe_holder(self) -> str:
        holder = self.holder()
        return "another process" if holder is None else f"another writer, {holder}"

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # at interpreter exit the lease simply runs out
            self.release()

    def __repr__(self) -> str:
        return f"ObjectWriterLock({self.location.uri!r}, held={self._held})"


def _encode(**state: Any) -> bytes:
    return json.dumps(state, sort_keys=True).encode()


def _decode(content: bytes) -> dict[str, Any]:
    try:
        state = json.loads(content)
    except ValueError:
        return {"token": 0, "free": True}  # unreadable: anyone may take it (and the next token starts over)
    return state if isinstance(state, dict) else {"token": 0, "free": True}
