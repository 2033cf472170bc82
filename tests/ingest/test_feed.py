"""Frame feed: one decode, every reader gets every frame in order, the decoder stays within the queue depth,
a reader that stops early holds nobody back, a decoding error reaches every reader."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from vqdb.errors import VqdbError
from vqdb.ingest.decode import SampledFrame
from vqdb.ingest.feed import FrameFeed


def frames(n: int, produced: list | None = None):
    for i in range(n):
        if produced is not None:
            produced.append(i)
        yield SampledFrame(i, i / 2, i, i == 0, np.full((4, 4, 3), i % 255, np.uint8))


def read_all(reader, into: list) -> threading.Thread:
    thread = threading.Thread(target=lambda: into.extend(f.frame_idx for f in reader))
    thread.start()
    return thread


def test_every_reader_gets_every_frame_in_order_and_the_arrays_are_shared_read_only():
    feed = FrameFeed(frames(50), depth=4)
    a, b = feed.reader(), feed.reader()
    got_a: list = []
    feed.start()
    thread = read_all(a, got_a)
    seen = list(b)
    thread.join(timeout=10)
    assert got_a == list(range(50)) and [f.frame_idx for f in seen] == list(range(50))
    assert not seen[0].image.flags.writeable


def test_the_decoder_runs_at_most_the_queue_depth_ahead_of_the_slowest_reader():
    produced: list = []
    feed = FrameFeed(frames(100, produced), depth=3)
    slow = feed.reader()
    feed.start()
    iterator = iter(slow)
    next(iterator)
    time.sleep(0.3)  # time enough for the producer to decode the whole video if nothing held it back
    # one frame taken, three queued, one more decoded and waiting to be put: never the whole video
    assert len(produced) <= 1 + 3 + 1
    slow.close()
    feed.join()


def test_a_reader_that_stops_early_does_not_hold_the_others_back():
    feed = FrameFeed(frames(200), depth=2)
    quitter, full = feed.reader(), feed.reader()
    got: list = []
    feed.start()
    thread = read_all(full, got)  # readers run in threads of their own, as in ingest
    for frame in quitter:
        if frame.frame_idx == 3:
            break
    quitter.close()
    thread.join(timeout=10)
    feed.join()
    assert got == list(range(200))


def test_a_decoding_error_reaches_every_reader():
    def broken():
        yield from frames(3)
        raise RuntimeError("corrupt packet")

    feed = FrameFeed(broken(), depth=8)
    a, b = feed.reader(), feed.reader()
    feed.start()
    for reader in (a, b):
        with pytest.raises(RuntimeError, match="corrupt packet"):
            list(reader)


def test_readers_are_made_before_the_start_and_the_depth_is_positive():
    feed = FrameFeed(frames(1), depth=1)
    feed.reader()
    feed.start()
    with pytest.raises(VqdbError, match="before it starts"):
        feed.reader()
    with pytest.raises(VqdbError, match="queue depth >= 1"):
        FrameFeed(frames(1), depth=0)
