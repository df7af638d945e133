"""The process pool: how its workers start, how work reaches them, and how they end.

Built on multiprocessing's public pieces alone (spawned processes, pipes, a simple
queue, the processes' sentinels), not on ProcessPoolExecutor, whose ending could
be made safe only through its private attributes: a worker killed while it sends
an answer left its manager thread waiting for the rest of it, and Python's exit
waiting for that thread; a task half written into a pipe no worker read kept its
feeder thread, and the exit, waiting for ever; a pool never given work had no
manager to tell its workers to go. Here every thread of the pool is a daemon that
the exit never waits for, each worker has a pipe of its own for its tasks (it
dies: the write fails), and the pool's end is in its own hands.

How its workers start (signals, priority, their parent's death) is worker_start.py.

A pool ends however its run ends: shut down, its workers are told to go (their
task pipes closed) even if it was never given work; interrupted while it shuts
down politely, it is ended at once; and ``end_pools`` ends every pool still alive
(an interrupt), as the exit does for one its caller forgot.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
import os
import pickle
import struct
import sys
import threading
import traceback
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, InvalidStateError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.queues import SimpleQueue
from typing import Any, Protocol, TypeVar

from simfind.core.runs.worker_start import WORKER_NICENESS, start_worker, starting_workers

# The names the tests and a debugger know them by.
_starting_workers = starting_workers

# Windows waits on at most 64 handles at once: the workers' and the pool's wake-up.
_MOST_WORKERS_ON_WINDOWS = 60
# A task's number, ahead of its pickled call in the worker's pipe.
_WORK_ID = struct.Struct("!Q")

T = TypeVar("T")


class _TaskPipe(Protocol):
    """The pool's end of a worker's task pipe: a Connection (a PipeConnection on Windows)."""

    def send_bytes(self, buf: bytes) -> None: ...

    def close(self) -> None: ...


def _serve(
    tasks: Connection,
    answers: SimpleQueue[tuple[int, bool, bytes, str]],
    parent_pid: int,
    death_signal: bool,
    background: bool,
) -> None:
    """A worker: runs each task its pipe brings and answers it, until the pipe closes."""
    start_worker(parent_pid, death_signal, background)
    while True:
        try:
            message = tasks.recv_bytes()
        except (EOFError, OSError):
            return  # told to go: the pool closed its end (or its process is gone)
        (work_id,) = _WORK_ID.unpack_from(message)
        try:
            function, args, kwargs = pickle.loads(message[_WORK_ID.size :])
            value, ok, trace = function(*args, **kwargs), True, ""
        except BaseException as error:  # the caller's to see, whatever it is
            value, ok, trace = error, False, traceback.format_exc()
        try:
            payload = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        except BaseException as error:  # an answer that cannot travel
            payload = pickle.dumps(_UnsendableError(f"{type(value).__name__}: {error}"))
            ok, trace = False, traceback.format_exc()
        del value
        answers.put((work_id, ok, payload, trace))


class _UnsendableError(Exception):
    """A worker's answer (a result, an error) that could not be pickled."""


class _WorkerTracebackError(Exception):
    """Where an error was raised in a worker, as the cause of the error raised here."""

    def __init__(self, trace: str) -> None:
        super().__init__(trace)
        self.trace = trace

    def __str__(self) -> str:
        return f"\n'''\n{self.trace}'''"


class _Wakeup:
    """A pipe that wakes the pool's watching thread; woken once closed, it does nothing."""

    def __init__(self) -> None:
        self._reader, self._writer = multiprocessing.Pipe(duplex=False)
        self._lock = threading.Lock()
        self._closed = False

    def wakeup(self) -> None:
        with self._lock, contextlib.suppress(OSError, ValueError):  # closed under it
            if not self._closed:
                self._writer.send_bytes(b"")

    def clear(self) -> None:
        with contextlib.suppress(OSError, EOFError):
            while self._reader.poll():
                self._reader.recv_bytes()

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._writer.close()
                self._reader.close()


@dataclass
class _Work:
    """A task submitted, until its answer comes."""

    number: int
    future: Future[Any]
    function: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    worker: int = 0  # the pid of the worker running it
    sent: bool = field(default=False)


#: Seconds to wait for a killed worker to be gone, and for the pool's answer reader to
#: settle before its queue is closed under it.
_GRACE = 2.0
_SETTLE = 0.05

#: Every pool of this process not yet ended (end_pools).
_LIVE: weakref.WeakSet[WorkerPool] = weakref.WeakSet()


def end_pools() -> None:
    """End every pool of this process at once, whatever each is doing (an interrupt came:
    one caught between its start and its caller's ``finally``, or in the middle of its
    polite shutdown, would keep the process from exiting)."""
    for pool in list(_LIVE):
        pool.terminate()


# A pool its caller never ended: its workers would wait for work and multiprocessing's
# own exit for them (registered after multiprocessing's, so run before it).
atexit.register(end_pools)


__all__ = ["WORKER_NICENESS", "WorkerPool", "end_pools"]


class WorkerPool(Executor):
    """A pool of spawned worker processes that start at once and never outlive it.

    ``submit`` queues a task; a thread hands each task to an idle worker through the
    worker's own pipe, another reads the workers' answers, a third watches the
    workers for one that dies (the pool is then broken, as ProcessPoolExecutor's:
    every task not answered fails with BrokenProcessPool).
    """

    def __init__(self, jobs: int, background: bool = False) -> None:
        if sys.platform == "win32":
            jobs = min(jobs, _MOST_WORKERS_ON_WINDOWS)
        jobs = max(1, jobs)
        context = multiprocessing.get_context("spawn")
        # A parent-death signal is sent when the starting *thread* ends: all workers are
        # started here, by this thread, and the signal is used only from the main thread.
        death_signal = (
            sys.platform.startswith("linux")
            and threading.current_thread() is threading.main_thread()
        )
        self._state = threading.Condition()
        self._todo: deque[_Work] = deque()
        self._running: dict[int, _Work] = {}
        self._idle: deque[int] = deque()
        #: The workers by pid, and each one's task pipe.
        self._processes: dict[int, BaseProcess] = {}
        self._tasks: dict[int, _TaskPipe] = {}
        self._numbers = itertools.count()
        self._shutting_down = False
        self._ended = False
        self._broken: str | None = None
        self._finished = threading.Event()
        self._threads: list[threading.Thread] = []
        # Named as ProcessPoolExecutor names its own (what a debugger or a test looks for).
        self._executor_manager_thread_wakeup = _Wakeup()
        self._answers: SimpleQueue[tuple[int, bool, bytes, str] | None] | None = None
        try:
            with starting_workers():
                self._answers = context.SimpleQueue()
                _LIVE.add(self)
                for _ in range(jobs):
                    reader, writer = context.Pipe(duplex=False)
                    worker = context.Process(
                        target=_serve,
                        args=(reader, self._answers, os.getpid(), death_signal, background),
                        name="simfind-worker",
                    )
                    try:
                        worker.start()
                    finally:
                        reader.close()  # the worker's end: its death then fails a write here
                    assert worker.pid is not None
                    self._processes[worker.pid] = worker
                    self._tasks[worker.pid] = writer
                    self._idle.append(worker.pid)
        except BaseException:
            # Interrupted: no one will have this pool to end it, so it ends itself.
            self.terminate()
            raise
        for target, name in (
            (self._hand_out, "simfind-pool-tasks"),
            (self._read_answers, "simfind-pool-answers"),
            (self._watch_workers, "simfind-pool-workers"),
        ):
            thread = threading.Thread(target=target, name=name, daemon=True)
            self._threads.append(thread)
            thread.start()

    # -- the Executor's interface --------------------------------------------------
    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        with self._state:
            if self._broken is not None:
                raise BrokenProcessPool(self._broken)
            if self._shutting_down:
                raise RuntimeError("cannot schedule new futures after shutdown")
            future: Future[T] = Future()
            self._todo.append(_Work(next(self._numbers), future, fn, args, kwargs))
            self._state.notify_all()
            return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """As Executor's: the work queued is done (or cancelled), then the workers go."""
        _LIVE.discard(self)
        with self._state:
            self._shutting_down = True
            dropped = list(self._todo) if cancel_futures else []
            if cancel_futures:
                self._todo.clear()
            self._state.notify_all()
        for work in dropped:
            work.future.cancel()
        if wait:
            self._finished.wait()
            for worker in list(self._processes.values()):
                with contextlib.suppress(ValueError, OSError, AssertionError):
                    worker.join(timeout=_GRACE)

    def terminate(self) -> None:
        """End now: queued work is dropped and running work is killed."""
        self._end(None)

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

    # -- ending ----------------------------------------------------------------------
    def _end(self, broken: str | None) -> None:
        """Kill the workers, fail or cancel what they had not answered, let go of the pipes.

        ``broken``: why (a worker died unasked); the unanswered tasks then fail with it.
        """
        _LIVE.discard(self)
        with self._state:
            if self._ended:
                return
            self._ended = self._shutting_down = True
            if broken is not None:
                self._broken = broken
            todo = list(self._todo)
            running = list(self._running.values())
            self._todo.clear()
            self._running.clear()
            self._state.notify_all()
        workers = list(self._processes.values())
        for worker in workers:
            with contextlib.suppress(ValueError, OSError, AttributeError):  # closed, gone
                worker.kill()  # stopped or deep in a C call, it ends all the same
        reason = broken or "the worker pool was ended before this task was answered"
        for work in running:
            with contextlib.suppress(InvalidStateError):  # cancelled meanwhile
                work.future.set_exception(BrokenProcessPool(reason))
        for work in todo:
            if broken is None:
                work.future.cancel()
            elif work.future.set_running_or_notify_cancel():
                work.future.set_exception(BrokenProcessPool(broken))
        for worker in workers:
            with contextlib.suppress(ValueError, OSError, AssertionError):
                worker.join(timeout=_GRACE)
        self._executor_manager_thread_wakeup.wakeup()
        # The answers' reader may be waiting for the rest of an answer a killed worker
        # left half written: with every writer gone (the workers, and this process's end
        # closed here) it reads an end of file. It is given a moment to be waiting first.
        answers = self._answers
        reader = self._threads[1] if len(self._threads) > 1 else None
        if reader is not None and reader is not threading.current_thread():
            reader.join(timeout=_SETTLE)
        if answers is not None and (reader is None or reader.is_alive()):
            with contextlib.suppress(OSError):
                answers.close()
        if not self._threads:  # ended while it started: no thread of its own closes these
            for pipe in self._tasks.values():
                pipe.close()
            self._executor_manager_thread_wakeup.close()
        self._finished.set()

    # -- the pool's threads ------------------------------------------------------------
    def _hand_out(self) -> None:
        """Give each queued task to an idle worker; when shut down and done, tell them to go."""
        while True:
            with self._state:
                while not (
                    self._ended
                    or (self._todo and self._idle)
                    or (self._shutting_down and not self._todo and not self._running)
                ):
                    self._state.wait()
                if self._ended or not self._todo:
                    break
                work = self._todo.popleft()
                if not work.future.set_running_or_notify_cancel():
                    continue  # cancelled while queued
                work.worker = self._idle.popleft()
                self._running[work.number] = work
                pipe = self._tasks[work.worker]
            try:
                call = pickle.dumps((work.function, work.args, work.kwargs), -1)
            except BaseException as error:  # a task that cannot travel: its own failure
                with self._state:
                    self._running.pop(work.number, None)
                    self._idle.appendleft(work.worker)
                with contextlib.suppress(InvalidStateError):
                    work.future.set_exception(error)
                continue
            try:
                pipe.send_bytes(_WORK_ID.pack(work.number) + call)
            except (OSError, ValueError):
                continue  # the worker is gone: the watcher breaks the pool
        # Closed, each task pipe tells its worker to go (a killed one is gone already).
        for pipe in self._tasks.values():
            with contextlib.suppress(OSError):
                pipe.close()

    def _read_answers(self) -> None:
        """Settle each task's future with the answer its worker sent."""
        answers = self._answers
        assert answers is not None
        while True:
            try:
                answer = answers.get()
            except (EOFError, OSError, ValueError, pickle.UnpicklingError):
                return  # ended: its queue was closed under it
            if answer is None:  # every worker went, told to
                with contextlib.suppress(OSError):
                    answers.close()
                return
            number, ok, payload, trace = answer
            with self._state:
                work = self._running.pop(number, None)
                if work is not None and not self._ended:
                    self._idle.append(work.worker)
                    self._state.notify_all()
            if work is None:
                continue
            try:
                value = pickle.loads(payload)
            except BaseException as error:  # an answer this process cannot read
                ok, value = False, error
            with contextlib.suppress(InvalidStateError):
                if ok:
                    work.future.set_result(value)
                else:
                    if trace and isinstance(value, BaseException):
                        value.__cause__ = _WorkerTracebackError(trace)
                    work.future.set_exception(value)
            del value, work

    def _watch_workers(self) -> None:
        """Break the pool when a worker dies unasked; when all went, told to, close up."""
        wakeup = self._executor_manager_thread_wakeup
        left = dict(self._processes)
        while left and not self._ended:
            sentinels = {worker.sentinel: pid for pid, worker in left.items()}
            try:
                ready = multiprocessing.connection.wait([*sentinels, wakeup._reader])
            except OSError:  # the wake-up closed under it
                break
            wakeup.clear()
            for handle in ready:
                pid = sentinels.get(handle) if isinstance(handle, int) else None
                if pid is None or self._ended:
                    continue
                worker = left.pop(pid)
                with self._state:
                    told = self._shutting_down and not self._todo and not self._running
                if not told:
                    self._end(f"a worker of the pool ended abruptly (exit code {worker.exitcode})")
        if not left and not self._ended:
            # Every worker went as told: the answers' reader is the last to go.
            if self._answers is not None:
                with contextlib.suppress(OSError, ValueError):
                    self._answers.put(None)
            self._finished.set()
        wakeup.close()
