"""How a simfind process runs its garbage collector.

A scan makes several small objects per file (its entry, its cached outcome,
its match; a rescan of 16,000 files about 100,000), all alive until the scan
ends, and none of them in a reference cycle. Python's collector, with its
default thresholds, looked through them more than 200 times in such a rescan
(0.04 s of its 0.55 s). Once the front end has loaded, what it loaded is set
aside for good (``gc.freeze``: modules, classes and functions live as long as
the process), and the youngest generation is collected every 50,000 new
objects instead of every 700: the same garbage is found, in fewer and larger
passes (0.006 s in that rescan).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: New container objects between two collections of the youngest generation, and
#: collections of each generation between two of the next.
THRESHOLDS = (50_000, 20, 20)


def tune_collector() -> None:
    """Freeze what is loaded and collect less often; for a front end, once, when loaded."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


class _Collector:
    """The one owner of when the collector runs: paused while anyone holds it off, on
    again when the last of them lets go (a scan's end does not turn it on under a job
    still making its objects). Every pause and resume in the process goes through here."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holds = 0
        self._paused = False  # by a hold of ours (not: off already when the first came)

    def hold(self) -> None:
        """No collection until a ``release`` for this and for every other hold."""
        with self._lock:
            self._holds += 1
            if self._holds == 1 and gc.isenabled():
                gc.disable()
                self._paused = True

    def release(self, set_aside: bool = False) -> None:
        """One hold let go; at the last, what was made is set aside where ``set_aside``
        (``gc.freeze``) and the collector is on again (if a hold of ours paused it)."""
        with self._lock:
            if self._holds == 0:
                raise RuntimeError("the collector released more often than held")
            self._holds -= 1
            if self._holds:
                return
            if self._paused:  # (off already at the first hold: left as it was)
                self._paused = False
                if set_aside:
                    gc.freeze()
                gc.enable()

    @property
    def held(self) -> bool:
        return self._holds > 0


COLLECTOR = _Collector()


def set_aside() -> None:
    """Leave every object alive now out of the collector's full passes (``gc.freeze``):
    a result the window shows for as long as it is open, say. Frozen objects are still
    freed as soon as nothing uses them; only cycles among them are never collected."""
    gc.freeze()


@contextmanager
def collector_paused() -> Iterator[None]:
    """No collection while the block makes its many small objects (a grouping's walk,
    cached outcomes and matches: 100,000 files' took 0.15 s of the collector's passes,
    and hold no cycle), and what it made set aside after it (``gc.freeze``), as the
    front end's modules are: else the first pass after it looked through them all
    (0.1 s). Under another hold (a window's scan) the collector stays off after it."""
    COLLECTOR.hold()
    try:
        yield
    finally:
        COLLECTOR.release(set_aside=True)
