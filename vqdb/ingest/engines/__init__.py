"""Where the per-video step of an ingest runs: an engine takes the jobs and yields, per job, its
``VideoResult`` or the exception that stopped it, in completion order; the runner commits each result
(one writer, under the corpus's writer lock).

- ``local``: this process for one job at a time, else a pool of ``jobs`` worker processes;
  results carry Arrow tables, which the runner writes.
- ``ray``: Ray tasks on a local instance or a cluster (``ray_address``); each task writes its rows as
  Lance data files itself and returns their fragments (``vqdb.store.WrittenRows``), which the runner
  commits in the same visibility order as local results.

Example:
    >>> from vqdb.config import Config
    >>> from vqdb.store.location import Location
    >>> type(engine_for(Config(), [], Location.of("/tmp/corpus"))).__name__
    'LocalEngine'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from vqdb.config import Config
from vqdb.ingest.pipeline import VideoJob, VideoResult
from vqdb.store.location import Location

Outcome = tuple[VideoJob, VideoResult | BaseException]


class Engine(Protocol):
    """Runs the per-video step of an ingest."""

    def run(self, jobs: Sequence[VideoJob]) -> Iterator[Outcome]:
        """Each job with its result or its exception, as they complete; closing the iterator early
        stops the work nobody will commit."""


def engine_for(config: Config, extractors: Sequence[str], location: Location) -> Engine:
    """The engine ``config.engine`` names, running ``extractors`` for a corpus at ``location``."""
    if config.engine == "ray":
        from vqdb.ingest.engines.ray import RayEngine

        return RayEngine(config, extractors, location)
    from vqdb.ingest.engines.local import LocalEngine

    return LocalEngine(config, extractors)
