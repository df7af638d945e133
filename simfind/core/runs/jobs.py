"""Worker processes: how many, and when a pool of them pays.

The pool itself is worker_pool.py (how its workers start: worker_start.py), loaded
only when a pool is made: a scan that needs none does not load multiprocessing.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TYPE_CHECKING

# The channel -v prints ("core.pool: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.pool")

if TYPE_CHECKING:
    from simfind.core.runs.worker_pool import WorkerPool

#: Below this many bytes in all, a process pool costs more than it saves.
SMALL_SCAN_BYTES = 8 * 1024 * 1024
#: A file this large is read in a worker even by a one-worker scan: cutting it into
#: words holds the process in C calls for longer than a Ctrl+C should wait (a 60 MB
#: Chinese file kept one 2.7-3.4 s from stopping; about 20 MB/s).
LARGE_FILE_BYTES = 4 * 1024 * 1024
#: Memory one worker may take (its interpreter, the segmenter's dictionary, a large
#: file's text and features); more workers than memory allows for are not started.
WORKER_MEMORY = 512 * 1024 * 1024


def default_jobs() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def available_memory() -> int | None:
    """Bytes of memory free for new processes (None where the system does not say):
    psutil asks each system its own way (MemAvailable on Linux, GlobalMemoryStatusEx on
    Windows, the VM statistics on macOS). On Linux, MemAvailable itself, the figure
    psutil gives there: importing psutil is 0.02 s of every scan's start."""
    if sys.platform == "linux":
        try:
            with open("/proc/meminfo", "rb") as info:  # noqa: PTH123
                for line in info:
                    if line.startswith(b"MemAvailable:"):
                        return int(line.split()[1]) * 1024  # in kB
        except (OSError, ValueError, IndexError):
            pass  # psutil's own estimate, for a kernel without MemAvailable
    try:
        import psutil  # only here: a scan that never asks does not load it

        return int(psutil.virtual_memory().available)
    except (ImportError, OSError, RuntimeError, AttributeError):
        return None


def usable_jobs(requested: int) -> int:
    """As many workers as asked for, but no more than the cores and the memory allow."""
    jobs = min(requested, default_jobs())
    memory = available_memory()
    if memory is not None:
        jobs = min(jobs, memory // WORKER_MEMORY)
    return max(1, jobs)


def pays_off(jobs: int, total_bytes: int, largest: int = 0) -> bool:
    """Whether to start a pool of its own for this work: when it is large enough to pay
    for the workers, or when one file is so large that reading it here would keep a
    Ctrl+C waiting (a long C call sees no signal; a worker can be ended at once)."""
    return (jobs > 1 and total_bytes >= SMALL_SCAN_BYTES) or largest >= LARGE_FILE_BYTES


def make_pool(jobs: int, background: bool = False) -> WorkerPool:
    """A worker pool that is safe beside Qt threads and in a frozen bundle (spawn).

    ``background`` workers run at a lower priority than this process: a window's.
    With as many workers as cores, the window would otherwise wait its turn for
    a core; on two cores the ticks of its 10 ms timer came up to 50-60 ms apart
    during a scan, 42-47 ms with the workers lowered (bench_gui).
    """
    from simfind.core.runs.worker_pool import WorkerPool

    log.info("worker pool: %d processes", jobs)
    return WorkerPool(jobs, background)
