"""Work on a list too long for the GUI thread, done on a pool thread and taken in one change.

At 100,000 items, making the groups ready to show, or working out which items a
rule marks, held the window 0.1-1 s. ``Aside`` hands such work to the window's
task runner and gives its answer to ``take`` on the GUI thread, unless it is
stale: another was asked for since (``drop`` says the same), or ``still()`` no
longer holds (the groups it was worked out for were changed in between). Small
work is done at once, as before, so that a click on a handful of files shows
its effect before the next line of a test.

While any answer is to come the garbage collector waits (as during a scan):
the objects the worker makes set off full passes over the whole result, each
holding the interpreter, and so the window, 115-150 ms (measured).
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal

from simfind.gui.work.tasks import TaskRunner

T = TypeVar("T")


class Aside(QObject):
    """Runs the latest of a kind of work on a pool thread; takes its answer if still wanted."""

    # True when work starts where none was under way, False when the last answer came.
    running_changed = Signal(bool)

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self._asked = 0  # requests made; an answer to any but the last is dropped
        self._running = 0
        self._collector_paused = False

    @property
    def running(self) -> bool:
        """Answers still to come (to be taken or dropped)."""
        return self._running > 0

    def run(
        self,
        work: Callable[[], T],
        take: Callable[[T], None],
        still: Callable[[], bool] = lambda: True,
        now: bool = False,
    ) -> None:
        """``take(work())``: at once where ``now``, else ``work`` on a pool thread and
        ``take`` here when its answer comes, if nothing was asked since and ``still()``."""
        self._asked += 1
        asked = self._asked
        if now:
            take(work())
            return
        self._running += 1
        if gc.isenabled():
            gc.disable()
            self._collector_paused = True
        if self._running == 1:
            self.running_changed.emit(True)
        self.tasks.run(
            work,
            lambda answer: self._arrived(asked, still, take, answer),
            lambda error: self._failed(asked, error),
        )

    def drop(self) -> None:
        """Any answer under way is not to be taken (what it was for was set otherwise)."""
        self._asked += 1

    def _arrived(
        self, asked: int, still: Callable[[], bool], take: Callable[[Any], None], answer: Any
    ) -> None:
        try:
            if asked == self._asked and still():
                take(answer)
        finally:
            self._ended()

    def _failed(self, asked: int, error: Exception) -> None:
        self._ended()
        if asked == self._asked:
            raise error  # as it would have been raised from the click

    def _ended(self) -> None:
        self._running -= 1
        if self._running:
            return
        if self._collector_paused:
            self._collector_paused = False
            gc.enable()
        self.running_changed.emit(False)


__all__ = ["Aside"]
