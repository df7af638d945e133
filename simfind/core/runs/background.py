"""One piece of work on a thread of its own, while this thread goes on (or waits on a
pool's workers): its answer, or what it raised, comes through a Future."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def in_background(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
    """``function(*args, **kwargs)`` started on a daemon thread; its Future at once."""
    future: Future[T] = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(function(*args, **kwargs))
        except BaseException as exc:  # handed to whoever asks for the result
            future.set_exception(exc)

    threading.Thread(target=run, name="simfind-background", daemon=True).start()
    return future
