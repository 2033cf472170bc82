"""How the web app's requests reach the corpus (``Requests``): each in a worker thread under a
``TimeBudget``, user SQL and questions in slots of their own so page data never waits behind them.

Example:
    >>> import anyio
    >>> import vqdb
    >>> from vqdb.testing.corpora import empty_corpus
    >>> corpus = vqdb.connect(empty_corpus())
    >>> requests = Requests(corpus, budget_s=5.0)
    >>> anyio.run(requests.sql, lambda: corpus.sql("SELECT 42").fetchone())
    (42,)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anyio

from vqdb.errors import TimeBudgetError
from vqdb.session import TimeBudget

if TYPE_CHECKING:
    from vqdb.corpus import Corpus

SQL_SLOTS = 4  # user statements (SQL console, downloads) running at once; more wait their turn
LEASE_EVERY_S = 1.0  # the reader lease moves forward at most this often


class Requests:
    """How requests reach the corpus: each in a thread of its own, under a ``TimeBudget``; user SQL in at
    most ``SQL_SLOTS`` threads and questions one at a time (their models are shared), each waiting for
    its turn in the event loop, not in a thread, so page data never waits behind them. Tracks what is in
    flight, to interrupt it when the server stops and to move the corpus's reader lease when nothing is.
    """

    def __init__(self, corpus: Corpus, budget_s: float):
        self.corpus, self.budget_s = corpus, budget_s
        self._sql_slots = anyio.CapacityLimiter(SQL_SLOTS)
        self._model_slot = anyio.CapacityLimiter(1)
        self._running: set[TimeBudget] = set()
        self._lock = threading.Lock()
        self._lease_moved = time.monotonic()
        self._stopped = False

    async def run(self, work: Callable[[], Any]) -> Any:
        """``work()`` in a worker thread of the server's own pool."""
        return await anyio.to_thread.run_sync(self._budgeted, work)

    async def sql(self, work: Callable[[], Any]) -> Any:
        """``work()`` that runs user SQL, in one of the SQL slots."""
        return await anyio.to_thread.run_sync(self._budgeted, work, limiter=self._sql_slots)

    async def ask(self, work: Callable[[], Any]) -> Any:
        """``work()`` that uses the models, one at a time."""
        return await anyio.to_thread.run_sync(self._budgeted, work, limiter=self._model_slot)

    def stop(self) -> None:
        """Interrupt every request still running; refuse new ones."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for budget in running:
            budget.expire()

    def _budgeted(self, work: Callable[[], Any]) -> Any:
        budget = TimeBudget(self.budget_s)
        with self._lock:
            if self._stopped:
                raise TimeBudgetError("the server is stopping; start it again (vqdb serve) to query the corpus")
            self._running.add(budget)
        try:
            with budget:
                return work()
        finally:
            with self._lock:
                self._running.discard(budget)
                idle = not self._running
            if idle:
                self._move_lease()

    def _move_lease(self) -> None:
        """No statement runs now: the next ones read the newest versions, so the lease may start here."""
        now = time.monotonic()
        if now - self._lease_moved >= LEASE_EVERY_S:
            self._lease_moved = now
            self.corpus.renew_lease()
