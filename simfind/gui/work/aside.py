"""Work on a list too long for the GUI thread, done on a pool thread and taken in one change.

At 100,000 items, making the groups ready to show, or working out which items a
rule marks, held the window 0.1-1 s. ``Aside`` hands such work to the window's
task runner and gives its answer to ``take`` on the GUI thread, unless it is
stale: another was asked for since (``drop`` says the same), or ``still()`` no
longer holds (the groups it was worked out for were changed in between). Small
work is done at once, as before, so that a click on a handful of files shows
its effect before the next line of a test.

While any answer is to come the garbage collector waits (as during a scan; the
collector's one owner, ``core.runs.runtime.COLLECTOR``, turns it on when nobody holds it):
the objects the worker makes set off full passes over the whole result, each
holding the interpreter, and so the window, 115-150 ms (measured).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal

from simfind.core.runs.runtime import COLLECTOR
from simfind.gui.work.tasks import JobEnd, TaskRunner

T = TypeVar("T")


class Aside(QObject):
    """Runs the latest of a kind of work on the lane; takes its answer if still wanted."""

    # True when work starts where none was under way, False when the last answer came.
    running_changed = Signal(bool)

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self._key = f"aside-{id(self)}"  # its jobs' key on the lane: the latest wins
        self._running = 0
        tasks.finished.connect(self._on_finished)

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
        if now:
            self.tasks.drop(self._key)
            take(work())
            return
        self._running += 1
        if self._running == 1:
            COLLECTOR.hold()
            self.running_changed.emit(True)
        self.tasks.run(
            work,
            lambda answer: self._arrived(still, take, answer),
            self._failed,
            key=self._key,
        )

    def drop(self) -> None:
        """Any answer under way is not to be taken (what it was for was set otherwise)."""
        self.tasks.drop(self._key)

    def _arrived(self, still: Callable[[], bool], take: Callable[[Any], None], answer: Any) -> None:
        if still():
            take(answer)

    def _failed(self, error: Exception) -> None:
        raise error  # as it would have been raised from the click

    def _on_finished(self, end: JobEnd) -> None:
        if end.key != self._key:
            return
        self._running -= 1
        if self._running:
            return
        COLLECTOR.release()
        self.running_changed.emit(False)


__all__ = ["Aside"]
