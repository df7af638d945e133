"""Ctrl+C, SIGTERM and SIGHUP stop a headless command cleanly: one line, exit 128 + N.

They all become a KeyboardInterrupt in the main thread, so that the scan's
``finally`` blocks run (its workers are ended, a half-written output file is
removed). This module is imported before anything heavy, so that an interrupt
during start-up is caught as well. Once interrupted, every worker pool still alive
is ended, and the process ends within moments whatever its exit would wait for.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from types import FrameType

_STOPPING = ("SIGTERM", "SIGHUP")
_received: list[int] = []
#: Seconds an interrupted command's exit may take before the process ends regardless.
EXIT_GRACE = 5.0


def _interrupt(number: int, frame: FrameType | None) -> None:
    _received.append(number)
    raise KeyboardInterrupt


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP stop it as Ctrl+C does."""
    previous: dict[int, object] = {}
    for name in _STOPPING:
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                previous[number] = signal.signal(number, _interrupt)
    try:
        yield
    finally:
        for number, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, handler)  # type: ignore[arg-type]


def interrupted() -> int:
    """Say so, let a second signal end the process at once, and return the exit status."""
    for name in ("SIGINT", *_STOPPING):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(ValueError, OSError):
                signal.signal(number, signal.SIG_DFL)
    number = _received[-1] if _received else signal.SIGINT
    _received.clear()
    status = 128 + int(number)
    pools = sys.modules.get("simfind.core.runs.worker_pool")  # loaded where a pool was made
    if pools is not None:
        with contextlib.suppress(Exception):
            pools.end_pools()
    with contextlib.suppress(Exception):  # stderr may be gone with the terminal
        print("simfind: interrupted", file=sys.stderr)
    _end_within(EXIT_GRACE, status)
    return status


def _end_within(seconds: float, status: int) -> None:
    """End the process after ``seconds`` if its exit has not ended it by then.

    The last resort for what an interrupt leaves for the interpreter's exit to wait
    on (a pool's thread joining workers that wait for work: the main thread in
    multiprocessing's exit handler for ever, 1 SIGTERM in 12 at 90 % of `groups`).
    """
    import threading
    import time

    def end() -> None:
        time.sleep(seconds)
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os._exit(status)

    threading.Thread(target=end, name="simfind-exit-watch", daemon=True).start()
