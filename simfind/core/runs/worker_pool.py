"""The process pool: how its workers start, and how they end.

Workers never outlive the process that started them, however it ends: on Linux
the kernel kills them when it dies (a parent-death signal); on every system a
watchdog thread in each worker exits when its parent's end of a pipe closes.
Ctrl+C in a terminal reaches the whole process group, and so does the SIGHUP of a
terminal closed: workers ignore both (they are started with them blocked, so not
even their start-up sees them) and leave the stopping to their parent, which can
end them at once (``terminate``). multiprocessing's resource tracker, in the same
group, is started with SIGHUP blocked: killed by it, it was started again at the
parent's exit and printed a warning and a KeyError per queue (23 lines).

A pool ends however its run ends: shut down, its workers are told to go even if it
was never given work (started eagerly, they would otherwise wait for work for ever,
and the interpreter's exit for them); interrupted while it shuts down politely, it
is ended at once; and ``end_pools`` ends every pool still alive (an interrupt).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from types import FrameType
from typing import Any, TypeVar

#: Workers run this much below the process that started them (Unix nice levels).
WORKER_NICENESS = 10
# prctl(2): the signal a process gets when the thread that started it ends.
_PR_SET_PDEATHSIG = 1

T = TypeVar("T")


def _die_with(parent_pid: int, death_signal: bool) -> None:
    """End this worker when its parent ends (Linux: at once; elsewhere: within moments)."""
    if death_signal and sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.name == "posix" and os.getppid() != parent_pid:
        os._exit(1)  # the parent is already gone
    parent = multiprocessing.parent_process()
    sentinel = getattr(parent, "sentinel", None)
    if sentinel is None:
        return

    def watch() -> None:
        # Ready when the parent's end of the pipe closes (POSIX) or the parent exits (Windows).
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="simfind-parent-watch", daemon=True).start()


#: What a terminal sends the whole process group (Ctrl+C; closed): the parent's to act on.
_GROUP_SIGNALS = frozenset(
    number for number in (getattr(signal, n, None) for n in ("SIGINT", "SIGHUP")) if number
)


def _start_worker(parent_pid: int, death_signal: bool, background: bool) -> None:
    """Runs first in every worker."""
    for number in _GROUP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    if sys.platform != "win32":
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _GROUP_SIGNALS)
    _die_with(parent_pid, death_signal)
    if background and hasattr(os, "nice"):
        # Where that is not allowed, the worker simply runs at its parent's priority.
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICENESS)


_STOPPING_SIGNALS = tuple(
    number
    for number in (getattr(signal, name, None) for name in ("SIGINT", "SIGTERM", "SIGHUP"))
    if number is not None
)


@contextlib.contextmanager
def _starting_workers() -> Iterator[None]:
    """Start processes here without a Ctrl+C reaching them or cutting their start in half.

    A process started now inherits SIGINT blocked (its initializer then ignores
    it). And in the main thread, an interrupt waits until the block ends: raised
    between starting a worker and sending it its instructions, it left the worker
    to die of "EOFError: Ran out of input", traceback and all. (Blocking SIGINT in
    this thread alone is not enough for that: other threads, e.g. a BLAS library's,
    take the signal and Python raises it here all the same.)
    """
    deferred: list[tuple[int, FrameType | None]] = []
    handlers: dict[int, Callable[[int, FrameType | None], Any]] = {}
    if threading.current_thread() is threading.main_thread():
        for number in _STOPPING_SIGNALS:
            handler = signal.getsignal(number)
            if callable(handler):
                handlers[number] = handler
                signal.signal(number, lambda n, frame: deferred.append((n, frame)))
    if os.name == "posix":
        _start_resource_tracker()
    mask = None
    if sys.platform != "win32":
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _GROUP_SIGNALS)
    try:
        yield
    finally:
        if sys.platform != "win32" and mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for number, handler in handlers.items():
            signal.signal(number, handler)
        if deferred:
            number, frame = deferred[0]
            handlers[number](number, frame)  # e.g. KeyboardInterrupt, now


def _start_resource_tracker() -> None:
    """multiprocessing's resource tracker, started (once) with SIGHUP blocked.

    It ignores SIGINT and SIGTERM but not SIGHUP, and a process started with a signal
    blocked keeps it blocked: the tracker then outlives a terminal's SIGHUP to the
    group and ends when this process does, as it should. Started before the block of
    _starting_workers: it unblocks SIGINT in this thread when done.
    """
    if sys.platform == "win32":  # no resource tracker there
        return
    from multiprocessing import resource_tracker

    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    try:
        resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _wake_quietly(wakeup: object) -> None:
    """Make waking the pool's manager thread do nothing once its pipe is closed.

    At exit, Python 3.11 wakes every pool's manager, checking that its pipe is open
    and then writing to it without a lock, while a manager that saw its workers
    killed closes that pipe: "Exception ignored ... Bad file descriptor" after
    "simfind: interrupted" (test_signals, about 1 run in 8 on a loaded machine, even
    with terminate() waiting for the manager). A closed pipe means there is no
    one left to wake.
    """
    wake = getattr(wakeup, "wakeup", None)
    if wake is None:
        return

    def wake_if_open() -> None:
        with contextlib.suppress(OSError):  # closed: "handle is closed", EBADF, EPIPE
            wake()

    wakeup.wakeup = wake_if_open  # type: ignore[attr-defined]


#: Seconds terminate() waits for the pool's manager thread (it ends within milliseconds
#: once the workers are killed; the bound only keeps a stuck one from holding the exit).
_MANAGER_GRACE = 2.0

#: Every pool of this process not yet ended (end_pools).
_LIVE: weakref.WeakSet[WorkerPool] = weakref.WeakSet()


def end_pools() -> None:
    """End every pool of this process at once, whatever each is doing (an interrupt came:
    one caught between its start and its caller's ``finally``, or in the middle of its
    polite shutdown, would keep the process from exiting)."""
    for pool in list(_LIVE):
        pool.terminate()


class WorkerPool(ProcessPoolExecutor):
    """A spawn-context process pool whose workers start at once and never outlive it."""

    def __init__(self, jobs: int, background: bool = False) -> None:
        # All workers are started here, by this thread: a parent-death signal is sent
        # when the starting *thread* ends, so it is used only from the main thread.
        eager = hasattr(ProcessPoolExecutor, "_spawn_process")
        death_signal = (
            eager
            and sys.platform.startswith("linux")
            and threading.current_thread() is threading.main_thread()
        )
        self._eager = eager
        try:
            with _starting_workers():
                super().__init__(
                    max_workers=jobs,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(), death_signal, background),
                )
                _wake_quietly(getattr(self, "_executor_manager_thread_wakeup", None))
                _LIVE.add(self)
                if eager:
                    with self._shutdown_lock:
                        while len(self._processes) < jobs:
                            self._spawn_process()  # type: ignore[attr-defined]
        except BaseException:
            # Interrupted: no one will have this pool to end it, so it ends itself.
            if hasattr(self, "_processes"):
                self.terminate()
            raise

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        if self._eager:  # every worker runs already
            return super().submit(fn, *args, **kwargs)
        with _starting_workers():  # this may start one
            return super().submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """As ProcessPoolExecutor's; a pool never given work tells its workers to go too.

        Its workers started with it, but the manager thread that tells them to go starts
        with the first task: with none, they waited for work for ever and the
        interpreter's exit waited for them (`groups --records lines` on a log of one
        line repeated: the output complete, the process never ended).
        """
        _LIVE.discard(self)
        start = getattr(self, "_start_executor_manager_thread", None)
        if start is not None and getattr(self, "_executor_manager_thread", True) is None:
            with self._shutdown_lock:
                if not self._shutdown_thread and self._processes:
                    start()  # it sees the shutdown at once: no work, so it ends the workers
        super().shutdown(wait=wait, cancel_futures=cancel_futures)

    def terminate(self) -> None:
        """End now: queued work is dropped and running work is killed."""
        _LIVE.discard(self)
        workers = list((getattr(self, "_processes", None) or {}).values())
        # A task too large for the pipe may be half written by the queue's feeder thread,
        # which then waits for a reader that is gone: no one waits for it in turn (a
        # SIGTERM once left the command alive 753 s, the pool joining that thread). Said
        # first: the manager joins it as soon as it learns of the shutdown.
        calls = getattr(self, "_call_queue", None)
        if calls is not None:
            calls.cancel_join_thread()
        answers = getattr(self, "_result_queue", None)  # shutdown() lets go of it
        # Not this class's shutdown: the workers are killed next, none need telling to go.
        super().shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            with contextlib.suppress(ValueError, OSError):  # already closed, or gone
                worker.kill()  # stopped or deep in a C call, it ends all the same
        for worker in workers:
            with contextlib.suppress(ValueError, OSError, AssertionError):
                worker.join(timeout=_MANAGER_GRACE)
        # A worker killed while sending its answer leaves the manager thread waiting for
        # the rest of it, and Python's exit waits for that thread (Ctrl+C in the window's
        # terminal mid-scan: the window's process stayed, about 1 run in 15 under load).
        # This process's own end of the answers' pipe is the last one open: closed, the
        # wait ends in "end of file", which the manager takes for a broken pool.
        writer = getattr(answers, "_writer", None)
        if writer is not None:
            with contextlib.suppress(OSError):
                writer.close()
        # Let the pool's manager thread see its workers gone and close its pipe now (a
        # wake-up that still finds it closing does nothing: _wake_quietly).
        manager = getattr(self, "_executor_manager_thread", None)
        if manager is not None and manager is not threading.current_thread():
            manager.join(timeout=_MANAGER_GRACE)

    def finish(self, completed: bool) -> None:
        """Shut down: politely when all work is done, at once when it was cut short."""
        if not completed:
            self.terminate()
            return
        try:
            self.shutdown(wait=True, cancel_futures=True)
        except BaseException:  # interrupted while it waits for its workers to go: now
            self.terminate()
            raise
