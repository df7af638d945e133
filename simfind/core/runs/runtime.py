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
from collections.abc import Iterator
from contextlib import contextmanager

#: New container objects between two collections of the youngest generation, and
#: collections of each generation between two of the next.
THRESHOLDS = (50_000, 20, 20)


def tune_collector() -> None:
    """Freeze what is loaded and collect less often; for a front end, once, when loaded."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


@contextmanager
def collector_paused() -> Iterator[None]:
    """No collection while the block makes its many small objects (a grouping's walk,
    cached outcomes and matches: 100,000 files' took 0.15 s of the collector's passes,
    and hold no cycle), and what it made set aside after it (``gc.freeze``), as the
    front end's modules are: else the first pass after it looked through them all
    (0.1 s). Where the collector is off already (a window's scan) it stays as it is."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()
