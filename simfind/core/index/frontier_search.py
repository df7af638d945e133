"""The search for pairs, shared by a pool's workers a range of rows at a time: what is
known so far, while the search goes on.

candidates.candidate_pairs shares the scan among the workers and answers at its end.
Here the rows are taken in a given order (search_order.likely_first), cut into
ranges, and each range, its rows against every row after them in that order, is
one task. Ranges start in order, no more at a time than the caller allows (the
workers take turns with other work: the comparisons of groups already final).
Each pair is found by the range of its earlier row, so as ranges come back the
frontier moves: every pair touching a row before it is known. The likely rows
(the head of the order) come first: the likeliest few in a short range of their
own (searched in this process: ``search_first``), the others in one range per
worker.

The pairs at the end are candidate_pairs' own: each range cut to each row's
nearest partners, on the rows' own numbers, and the whole cut again
(candidates.nearest_per_node: cut in parts or at once, the same).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor, Future
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from simfind.core.index.candidates import bounded_pairs
from simfind.core.index.pigeonhole import SEARCH_STEPS, Pairs, scan_pairs
from simfind.core.runs.batching import Flight

I64 = npt.NDArray[np.int64]

#: Distances in one range after the head (about 0.2 s of a worker with faiss): the
#: frontier moves, and comparisons get a worker, at least that often.
RANGE_DISTANCES = 1 << 28
#: Distances in the first range, of the likeliest rows (a few milliseconds): the first
#: groups are final once it is back.
FIRST_DISTANCES = 1 << 23
#: Ranges after the head, at most: each task carries all the fingerprints.
MOST_RANGES = 64


def cut_rows(n: int, first: int, stop: int, parts: int) -> list[tuple[int, int]]:
    """Rows [first, stop) of n, each to be searched against every later row, cut into at
    most ``parts`` ranges of about as many distances."""
    stop = min(stop, n - 1)  # the last row has no later row
    if stop <= first:
        return []
    later = np.cumsum(n - 1 - np.arange(first, stop, dtype=np.float64))
    marks = later[-1] * np.arange(1, parts) / parts
    edges = first + np.searchsorted(later, marks, side="left") + 1
    cuts = sorted({first, stop, *(int(e) for e in edges if first < e < stop)})
    return list(pairwise(cuts))


def search_ranges(n: int, head: int, workers: int) -> list[tuple[int, int]]:
    """The ranges of a search of n rows in order: the first rows of the ``head`` in a range
    of about FIRST_DISTANCES, the rest of it in one range per worker, then the other
    rows in ranges of about RANGE_DISTANCES."""
    first = min(head, max(1, FIRST_DISTANCES // max(1, n - 1)))
    rest = (n - 1 - head) * (n - head) / 2
    parts = min(MOST_RANGES, max(2 * workers, int(np.ceil(rest / RANGE_DISTANCES))))
    return (
        cut_rows(n, 0, first, 1) + cut_rows(n, first, head, workers) + cut_rows(n, head, n, parts)
    )


def ordered_range_pairs(
    ordered: npt.NDArray[np.uint64],
    order: I64,
    radius: int,
    first: int,
    stop: int,
    limit: int,
    compiled: bool = True,
) -> Pairs:
    """Positions [first, stop) of the rows in their search order (``ordered``, the row at
    each position ``order``) against every later position: the pairs within ``radius``
    as rows (i < j), cut to each row's ``limit`` nearest (``compiled``: as scan_pairs).

    A module-level function of plain arguments, so a worker process can run it.
    """

    def as_rows() -> Iterator[Pairs]:
        for at, later, distance in scan_pairs(ordered, radius, first, stop, compiled=compiled):
            a, b = order[at], order[later]
            yield np.minimum(a, b), np.maximum(a, b), distance

    return bounded_pairs(as_rows(), limit)


class FrontierSearch:
    """All pairs of ``unique`` within ``radius`` (each row keeping its ``limit`` nearest
    partners), rows in ``order`` (the row at each position; the first ``head`` likely
    in a group), ranges in ``executor``'s workers."""

    def __init__(
        self,
        unique: npt.NDArray[np.uint64],
        radius: int,
        order: I64,
        head: int,
        limit: int,
        executor: Executor,
        workers: int,
    ) -> None:
        self.count = len(unique)
        self._ordered = np.ascontiguousarray(unique[order])
        self._order = np.ascontiguousarray(order, dtype=np.int64)
        self._radius, self._limit, self._executor = radius, limit, executor
        self.ranges = search_ranges(self.count, head, workers)
        self._short_first = head > 0 and len(self.ranges) > 0
        n = self.count
        self._distances = [(b - a) * (2 * n - 1 - a - b) // 2 for a, b in self.ranges]
        self._flight: Flight[int, Pairs] = Flight(self._submit)  # ranges, by index
        self._started = 0
        self._back: dict[int, Pairs] = {}
        self._unclaimed: list[Pairs] = []
        self._lowest = 0  # the first range not back
        self._searched = 0  # distances of the ranges back

    @property
    def frontier(self) -> int:
        """Every pair touching a row at a position before this one is known."""
        return self.ranges[self._lowest][0] if self._lowest < len(self.ranges) else self.count

    @property
    def finished(self) -> bool:
        return len(self._back) == len(self.ranges)

    @property
    def thousandths(self) -> int:
        """How far the search is, in SEARCH_STEPS (by distances computed)."""
        return SEARCH_STEPS * self._searched // max(1, sum(self._distances))

    def pump(self, timeout: float = 0.0, most: int = 1) -> None:
        """Take the ranges back that are done (waiting up to ``timeout`` seconds for one
        when some run and none is), and start more, so that ``most`` run at a time."""
        self._start(most)
        for index, pairs in self._flight.back(timeout):  # a worker's error is raised here
            self._finish(index, pairs)
        self._start(most)

    def search_first(self) -> None:
        """The first range, of the likeliest rows, in this process (a few milliseconds,
        where a worker would first load the search's modules): its groups can be compared
        at once. Nothing where the order has no likely rows."""
        if self._started or not self._short_first:
            return
        first, stop = self.ranges[0]
        self._started = 1
        # NumPy's loop: loading faiss here would take longer (0.14 s) than the range.
        pairs = ordered_range_pairs(
            self._ordered, self._order, self._radius, first, stop, self._limit, compiled=False
        )
        self._finish(0, pairs)

    def _finish(self, index: int, pairs: Pairs) -> None:
        self._back[index] = pairs
        self._unclaimed.append(pairs)
        self._searched += self._distances[index]
        while self._lowest in self._back:
            self._lowest += 1

    def _start(self, most: int) -> None:
        self._flight.fill(self._unstarted(), max(1, most))

    def _unstarted(self) -> Iterator[int]:
        """The ranges not started yet, each counted started as it is taken."""
        while self._started < len(self.ranges):
            self._started += 1
            yield self._started - 1

    def _submit(self, index: int) -> Future[Pairs]:
        first, stop = self.ranges[index]
        return self._executor.submit(
            ordered_range_pairs,
            self._ordered,
            self._order,
            self._radius,
            first,
            stop,
            self._limit,
        )

    def take(self) -> list[Pairs]:
        """The pairs of the ranges back since the last call (rows i < j, as found)."""
        taken, self._unclaimed = self._unclaimed, []
        return taken

    def pairs(self) -> Pairs:
        """(i, j, distance), i < j, sorted: every pair of the ranges back, cut (once all are
        back, candidate_pairs' answer)."""
        return bounded_pairs((self._back[k] for k in sorted(self._back)), self._limit)

    def stop(self) -> None:
        """Ranges not started are dropped (those running end on their own)."""
        self._flight.drop()
        self._started = len(self.ranges)


__all__ = ["FrontierSearch", "cut_rows", "ordered_range_pairs", "search_ranges"]
