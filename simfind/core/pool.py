"""Worker processes: how many, when a pool pays, and how they start beside a window."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

#: Below this many bytes in all, a process pool costs more than it saves.
SMALL_SCAN_BYTES = 8 * 1024 * 1024
#: Workers run this much below the process that started them (Unix nice levels).
WORKER_NICENESS = 10


def default_jobs() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def pays_off(jobs: int, total_bytes: int) -> bool:
    """Whether starting a pool of its own is worth it for this much work."""
    return jobs > 1 and total_bytes >= SMALL_SCAN_BYTES


def _background_worker() -> None:
    """Make a worker yield the CPU to its parent."""
    if hasattr(os, "nice"):
        # Where that is not allowed, the worker simply runs at its parent's priority.
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICENESS)


def make_pool(jobs: int, background: bool = False) -> ProcessPoolExecutor:
    """A worker pool that is safe beside Qt threads and in a frozen bundle (spawn).

    ``background`` workers run at a lower priority than this process: a window's.
    With as many workers as cores, the window would otherwise wait its turn for
    a core; on two cores the ticks of its 10 ms timer came up to 50-60 ms apart
    during a scan, 42-47 ms with the workers lowered (bench_gui).
    """
    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_background_worker if background else None,
    )
