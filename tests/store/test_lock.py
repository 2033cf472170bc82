"""The writer lock: one writer per corpus, waiting or failing with who holds it, released on death."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest

from vqdb.errors import CorpusBusyError, VqdbError
from vqdb.store import Store

HOLD = """
import sys, time
from vqdb.store import Store
store = Store.open(sys.argv[1], writable=True)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""


def _holder(root, seconds: float) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(root), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "held"
    return process


def test_another_process_waits_or_fails_naming_the_holder(tmp_path):
    Store.create(tmp_path / "c").close()
    holder = _holder(tmp_path / "c", 60)
    try:
        with pytest.raises(CorpusBusyError, match=rf"pid {holder.pid} on .* since .*--no-wait"):
            Store.open(tmp_path / "c", writable=True, wait=False)
        told = []
        start = time.monotonic()
        with pytest.raises(CorpusBusyError):
            Store.open(tmp_path / "c", writable=True, wait=0.5, notify=told.append)
        assert time.monotonic() - start >= 0.5
        assert len(told) == 1 and "waiting for it to finish" in told[0] and str(holder.pid) in told[0]
    finally:
        holder.kill()
        holder.wait()


def test_a_killed_writer_leaves_the_corpus_unlocked(tmp_path):
    Store.create(tmp_path / "c").close()
    holder = _holder(tmp_path / "c", 60)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    with Store.open(tmp_path / "c", writable=True, wait=False) as store:
        assert store.writable
    assert not store.writable  # released: a closed store writes nothing
    with pytest.raises(VqdbError, match="read-only"):
        store.update_manifest(x=1)


def test_threads_of_one_process_take_turns_and_one_thread_may_reenter(tmp_path):
    first = Store.create(tmp_path / "c")
    again = Store.open(tmp_path / "c", writable=True, wait=False)  # the same thread: re-entrant
    order = []

    def other_thread():
        with Store.open(tmp_path / "c", writable=True, notify=lambda line: order.append("waiting")):
            order.append("other wrote")

    thread = threading.Thread(target=other_thread)
    thread.start()
    time.sleep(0.5)
    order.append("first done")
    again.close()
    assert thread.is_alive()  # still held once by `first`
    first.close()
    thread.join(10)
    assert order == ["waiting", "first done", "other wrote"]


def test_readers_never_wait_for_a_writer(tmp_path):
    import vqdb

    Store.create(tmp_path / "c").close()
    holder = _holder(tmp_path / "c", 60)
    try:
        assert not Store.open(tmp_path / "c").writable
        assert vqdb.connect(tmp_path / "c").sql("SELECT count(*) FROM videos").fetchone() == (0,)
    finally:
        holder.kill()
        holder.wait()
