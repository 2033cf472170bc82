"""One decode of a video's sampled frames, handed to several readers through bounded queues.

A producer thread iterates the frames (``vqdb.ingest.decode.sample_frames``: RGB arrays, no JPEG round
trip) and puts each into the queue of every reader still reading. A queue holds at most ``depth`` frames,
so the decoder runs at most that far ahead of the slowest reader and a long video is never all in memory.
Readers share the arrays, which are made read-only. A reader that stops early is closed (its frames are
dropped from then on, so it never holds the others back); an error while decoding reaches every reader.

Example:
    >>> import numpy as np
    >>> from vqdb.ingest.decode import SampledFrame
    >>> frames = (SampledFrame(i, float(i), i, True, np.zeros((2, 2, 3), np.uint8)) for i in range(5))
    >>> feed = FrameFeed(frames, depth=8)  # room for all 5: this example reads one reader, then the other
    >>> evens, everything = feed.reader(), feed.reader()
    >>> feed.start()
    >>> [f.frame_idx for f in evens if f.frame_idx % 2 == 0], [f.ts for f in everything]
    ([0, 2, 4], [0.0, 1.0, 2.0, 3.0, 4.0])

Readers advance together (the decoder waits for the slowest), so each must be read in a thread of its own
(``vqdb.ingest.pipeline`` runs every reader's extractor in its own thread).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator

from vqdb.errors import VqdbError
from vqdb.ingest.decode import SampledFrame

_END = object()
_POLL_S = 0.1  # how often a producer waiting on a full queue checks whether its reader was closed


class _Failed:
    def __init__(self, error: BaseException):
        self.error = error


class FrameReader:
    """One reader's frames, in order; iterate it once, then (or to stop early) ``close`` it."""

    def __init__(self, depth: int):
        self._queue: queue.Queue = queue.Queue(maxsize=depth)
        self._closed = threading.Event()

    def __iter__(self) -> Iterator[SampledFrame]:
        while not self._closed.is_set():
            item = self._queue.get()
            if item is _END:
                return
            if isinstance(item, _Failed):
                raise item.error
            yield item

    def close(self) -> None:
        """Stop reading: frames not yet read are dropped, and the producer no longer waits for this reader."""
        self._closed.set()
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return

    def _put(self, item: object) -> None:
        while not self._closed.is_set():
            try:
                self._queue.put(item, timeout=_POLL_S)
                return
            except queue.Full:
                continue


class FrameFeed:
    """Decodes once, in a thread, for every reader made with ``reader()`` before ``start()``."""

    def __init__(self, frames: Iterable[SampledFrame], depth: int = 64):
        if depth < 1:
            raise VqdbError(f"a frame feed needs a queue depth >= 1, got {depth!r}")
        self._frames = frames
        self._depth = depth
        self._readers: list[FrameReader] = []
        self._thread: threading.Thread | None = None

    def reader(self) -> FrameReader:
        """A new reader of every frame; all readers must be made before ``start``."""
        if self._thread is not None:
            raise VqdbError("a frame feed's readers must all be made before it starts")
        reader = FrameReader(self._depth)
        self._readers.append(reader)
        return reader

    def start(self) -> None:
        """Start decoding in a background thread."""
        self._thread = threading.Thread(target=self._produce, name="vqdb-decode", daemon=True)
        self._thread.start()

    def join(self) -> None:
        """Wait until the producer has handed out its last frame (or every reader closed)."""
        if self._thread is not None:
            self._thread.join()

    def _produce(self) -> None:
        try:
            for frame in self._frames:
                frame.image.flags.writeable = False  # shared by every reader
                for reader in self._readers:
                    reader._put(frame)
                if all(r._closed.is_set() for r in self._readers):
                    return
        except Exception as exc:  # reaches every reader, which raises it
            for reader in self._readers:
                reader._put(_Failed(exc))
            return
        finally:
            close = getattr(self._frames, "close", None)  # a generator: let it close its video file now
            if close is not None:
                close()
        for reader in self._readers:
            reader._put(_END)
