"""The window's one lane for work off the GUI thread: jobs on a thread pool, their ends here.

A job is a function run on a pool thread, with a cancel token it may check (a
``threading.Event``, as the core takes), optional progress, and a key: a job
started under a key a job still running holds supersedes it ("latest wins": the
earlier is cancelled and its end is not taken). Its result goes to ``on_done``, or
the exception it raised to ``on_error``, both called on the thread the runner
lives on (the GUI thread), in the order the jobs ended; then ``finished`` says so,
with a ``JobEnd``. ``ahead`` starts work whose answer is waited for later, where
it is needed (taken at once where done, done there where not yet begun).

Every piece of work the window does off its thread goes through here: the scan,
the Lines search, a diff, sort keys, filters and marks, files written.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from simfind.core.runs.progress import Progress

T = TypeVar("T")

_numbers = itertools.count(1)


@dataclass(frozen=True)
class JobEnd:
    """How a job ended: its result or the exception it raised, and whether it was taken
    (not: a later job of its key superseded it, or ``drop`` was called)."""

    number: int
    key: str | None
    result: Any = None
    error: Exception | None = None
    taken: bool = True


@dataclass(frozen=True)
class JobProgress:
    """What a job reported of its progress, on its way to the GUI thread."""

    number: int
    progress: Progress


class _Runnable(QRunnable):
    def __init__(self, body: Callable[[], None]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # kept by its Job, which may take it back (see wait)
        self.body = body

    def run(self) -> None:
        self.body()


class Job(Generic[T]):
    """One piece of work on the lane: a cancel token, a key, and an end to wait for."""

    def __init__(
        self,
        work: Callable[[Job[T]], T],
        key: str | None = None,
        token: threading.Event | None = None,
        pool: QThreadPool | None = None,
    ) -> None:
        self.number = next(_numbers)
        self.key = key
        self.token = token or threading.Event()
        self._work = work
        self._pool = pool or QThreadPool.globalInstance()
        self._ended = threading.Event()
        self._once = threading.Lock()
        self._begun = False
        self._result: T | None = None
        self._error: Exception | None = None
        self.on_end: Callable[[Job[T]], None] | None = None  # on the thread it ran on
        self.on_progress: Callable[[Progress], None] | None = None  # likewise
        self._runnable = _Runnable(self._run)

    def start(self) -> Job[T]:
        self._pool.start(self._runnable)
        return self

    def cancel(self) -> None:
        """Thread-safe: ask the work to stop (where it checks ``token``); its end still comes."""
        self.token.set()

    def report(self, progress: Progress) -> None:
        """For the work, on its thread: how far it is (a core ``progress`` callback)."""
        if self.on_progress is not None:
            self.on_progress(progress)

    @property
    def cancelled(self) -> bool:
        return self.token.is_set()

    @property
    def done(self) -> bool:
        return self._ended.is_set()

    def wait(self) -> T:
        """The work's result (its exception raised here), once it has ended: at once
        where it has, on this thread where no pool thread has begun it yet."""
        if not self._ended.is_set() and self._pool.tryTake(self._runnable):
            self._run()
        self._ended.wait()
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]

    def _run(self) -> None:
        with self._once:
            if self._begun:
                return
            self._begun = True
        try:
            self._result = self._work(self)
        except Exception as exc:  # handed on to whoever takes the end
            self._error = exc
        finally:
            self._ended.set()
            if self.on_end is not None:
                self.on_end(self)

    def end(self) -> JobEnd:
        return JobEnd(self.number, self.key, self._result, self._error)


def ahead(work: Callable[[], T], pool: QThreadPool | None = None) -> Job[T]:
    """Start ``work`` on a pool thread now, for ``wait()`` to take its answer later."""
    return Job(lambda _job: work(), pool=pool).start()


class TaskRunner(QObject):
    """The lane: runs jobs on a thread pool; their ends come back on this object's thread."""

    # Every job's end, after its on_done or on_error was called (or not: ``taken``).
    finished = Signal(JobEnd)
    _ended = Signal(JobEnd)  # from the job's thread, queued to this one
    _progressed = Signal(JobProgress)  # likewise

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool.globalInstance()
        # Started and not yet delivered: each job's callbacks, by number.
        self._waiting: dict[int, tuple[Callable[[Any], None], Callable[[Exception], None]]] = {}
        self._progress: dict[int, Callable[[Progress], None]] = {}
        self._latest: dict[str, Job[Any]] = {}  # by key: the job that wins
        self._ended.connect(self._deliver)
        self._progressed.connect(self._on_progress)

    def run(
        self,
        work: Callable[[], T],
        on_done: Callable[[T], None],
        on_error: Callable[[Exception], None],
        key: str | None = None,
        token: threading.Event | None = None,
        on_progress: Callable[[Progress], None] | None = None,
    ) -> Job[T]:
        """Call ``work()`` on a pool thread, then ``on_done(result)`` or ``on_error(exc)``
        here (see ``start``)."""
        return self.start(lambda _job: work(), on_done, on_error, key, token, on_progress)

    def start(
        self,
        work: Callable[[Job[T]], T],
        on_done: Callable[[T], None],
        on_error: Callable[[Exception], None],
        key: str | None = None,
        token: threading.Event | None = None,
        on_progress: Callable[[Progress], None] | None = None,
    ) -> Job[T]:
        """Call ``work(job)`` on a pool thread, then ``on_done(result)`` or ``on_error(exc)``
        here. Under a ``key``, the job still running under it is cancelled and its end not
        taken. ``on_progress`` is called here with what the work gives ``job.report``."""
        job = Job(work, key, token, self._pool)
        if key is not None:
            earlier = self._latest.get(key)
            if earlier is not None:
                earlier.cancel()
            self._latest[key] = job
        self._waiting[job.number] = (on_done, on_error)
        if on_progress is not None:
            self._progress[job.number] = on_progress
            job.on_progress = lambda progress: self._report(job.number, progress)
        job.on_end = self._job_ended
        return job.start()

    def _report(self, number: int, progress: Progress) -> None:
        with contextlib.suppress(RuntimeError):  # on the job's thread; the runner is gone
            self._progressed.emit(JobProgress(number, progress))

    def drop(self, key: str) -> None:
        """The job under ``key`` is not to be taken (what it was for was set otherwise)."""
        job = self._latest.pop(key, None)
        if job is not None:
            job.cancel()

    def latest(self, key: str) -> Job[Any] | None:
        """The job under ``key`` whose end is still to be taken."""
        return self._latest.get(key)

    @property
    def pending(self) -> int:
        """Jobs started whose end has not been delivered yet."""
        return len(self._waiting)

    def _job_ended(self, job: Job[Any]) -> None:
        # On the job's thread. RuntimeError: the runner is gone (its window closed),
        # nobody waits for the end.
        with contextlib.suppress(RuntimeError):
            self._ended.emit(job.end())

    @Slot(JobEnd)
    def _deliver(self, end: JobEnd) -> None:
        on_done, on_error = self._waiting.pop(end.number)
        self._progress.pop(end.number, None)
        taken = True
        if end.key is not None:
            job = self._latest.get(end.key)
            taken = job is not None and job.number == end.number
            if taken:
                del self._latest[end.key]
        end = JobEnd(end.number, end.key, end.result, end.error, taken)
        try:
            if taken:
                if end.error is not None:
                    on_error(end.error)
                else:
                    on_done(end.result)
        finally:
            self.finished.emit(end)

    @Slot(JobProgress)
    def _on_progress(self, sent: JobProgress) -> None:
        on_progress = self._progress.get(sent.number)
        if on_progress is not None:
            on_progress(sent.progress)


__all__ = ["Job", "JobEnd", "JobProgress", "TaskRunner", "ahead"]
