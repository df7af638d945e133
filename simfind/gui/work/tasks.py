"""Short jobs off the GUI thread: run a function on a thread pool, hear of its end on this thread.

One runner serves the window's short jobs (writing a CSV file, reading and
diffing two files). The function runs on a pool thread; its result goes to
``on_done``, or the exception it raised to ``on_error``, both called on the
thread the runner lives on (the GUI thread), in the order the jobs ended.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, SignalInstance, Slot

T = TypeVar("T")


class _Job(QRunnable):
    def __init__(self, work: Callable[[], Callable[[], None]], arrived: SignalInstance) -> None:
        super().__init__()
        self.work = work
        self.arrived = arrived

    def run(self) -> None:
        outcome = self.work()
        # RuntimeError: the runner is gone (its window closed), nobody waits for the outcome.
        with contextlib.suppress(RuntimeError):
            self.arrived.emit(outcome)  # queued to the runner's thread


class TaskRunner(QObject):
    """Runs functions on a thread pool; their outcomes come back on this object's thread."""

    _arrived = Signal(object)  # a callable that hands an outcome to its callback

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool.globalInstance()
        self._pending = 0
        self._arrived.connect(self._deliver)

    def run(
        self,
        work: Callable[[], T],
        on_done: Callable[[T], None],
        on_error: Callable[[Exception], None],
    ) -> None:
        """Call ``work()`` on a pool thread, then ``on_done(result)`` or ``on_error(exc)`` here."""

        def attempt() -> Callable[[], None]:
            try:
                result = work()
            except Exception as exc:  # handed to on_error, whatever it is
                return functools.partial(on_error, exc)
            return functools.partial(on_done, result)

        self._pending += 1
        self._pool.start(_Job(attempt, self._arrived))

    @property
    def pending(self) -> int:
        """Jobs started whose outcome has not been delivered yet."""
        return self._pending

    @Slot(object)
    def _deliver(self, outcome: Callable[[], None]) -> None:
        self._pending -= 1
        outcome()
