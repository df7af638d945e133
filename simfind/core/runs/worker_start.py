"""How a pool's worker processes start: out of the reach of a terminal's signals, at a
lower priority for a window's pool, and tied to the life of the process that started
them.

Workers never outlive the process that started them, however it ends: on Linux
the kernel kills them when it dies (a parent-death signal); on every system a
watchdog thread in each worker exits when its parent's end of a pipe closes.
Ctrl+C in a terminal reaches the whole process group, and so does the SIGHUP of a
terminal closed: workers ignore both (they are started with them blocked, so not
even their start-up sees them) and leave the stopping to their parent, which can
end them at once. multiprocessing's resource tracker, in the same group, is
started with SIGHUP blocked: killed by it, it was started again at the parent's
exit and printed a warning and a KeyError per queue (23 lines).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

#: Workers run this much below the process that started them (Unix nice levels).
WORKER_NICENESS = 10
# prctl(2): the signal a process gets when the thread that started it ends.
_PR_SET_PDEATHSIG = 1


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


def start_worker(parent_pid: int, death_signal: bool, background: bool) -> None:
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
def starting_workers() -> Iterator[None]:
    """Start processes here without a Ctrl+C reaching them or cutting their start in half.

    A process started now inherits SIGINT blocked (its start then ignores it). And
    in the main thread, an interrupt waits until the block ends: raised between
    starting a worker and sending it its instructions, it left the worker to die of
    "EOFError: Ran out of input", traceback and all. (Blocking SIGINT in this thread
    alone is not enough for that: other threads, e.g. a BLAS library's, take the
    signal and Python raises it here all the same.)
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
        start_resource_tracker()
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


def start_resource_tracker() -> None:
    """multiprocessing's resource tracker, started (once) with SIGHUP blocked.

    It ignores SIGINT and SIGTERM but not SIGHUP, and a process started with a signal
    blocked keeps it blocked: the tracker then outlives a terminal's SIGHUP to the
    group and ends when this process does, as it should. Started before the block of
    _starting_workers: it unblocks SIGINT in this thread when done. A spawned
    process's lock is registered with the tracker, which starts it where it is not
    running yet.
    """
    if sys.platform == "win32":  # no resource tracker there
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    try:
        multiprocessing.get_context("spawn").Lock()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
