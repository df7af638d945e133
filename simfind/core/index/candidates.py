"""Which pairs of files are worth comparing exactly: the candidates for grouping.

Files whose fingerprints are identical collapse first into one entry (the
"twins" of a fingerprint), so that 20,000 copies of one file cost one entry,
not 2·10⁸ pairs. Among the distinct fingerprints, every pair within the
radius is found (index.pairs_within: pigeonhole tables or a scan of all
pairs, whichever is faster), and each fingerprint keeps at most its
``per_fingerprint`` nearest partners, so that memory and the exact
comparisons after it stay bounded (about N · per_fingerprint pairs) even in
a dense cluster of near-identical files.

A radius is refused (RadiusTooWideError) when unrelated fingerprints would fall
within it (two random fingerprints are within it more often than
UNRELATED_RATE), or when finding its pairs among this many fingerprints is
estimated to take longer than SEARCH_BUDGET seconds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import sorted_distinct
from simfind.core.index.pigeonhole import (
    SEARCH_STEPS,
    Pairs,
    SearchProgress,
    pairs_within,
    plan_search,
    row_ranges,
    scan_pairs,
)
from simfind.core.runs.batching import in_flight
from simfind.core.runs.progress import CancelToken

I64 = npt.NDArray[np.int64]

#: The share of the bits within which files are compared exactly by default:
#: 32 of 128 bits. Chosen by measurement (bench_groups --radius): it holds
#: 0.99 of the release pairs of Django and pytest with similarity >= 0.6 and 0.99
#: of Chinese documents with a tenth of their words edited (similarity ~0.92).
DEFAULT_RADIUS_SHARE = 0.25
#: Two unrelated (random) fingerprints fall within the widest radius allowed at
#: most this often: 41 of 128 bits, 16 of 64.
UNRELATED_RATE = 5e-5
#: The longest estimated search for pairs that is started (seconds, index.plan_search).
SEARCH_BUDGET = 60.0
#: Each fingerprint keeps at most this many nearest partners.
PER_FINGERPRINT = 64
#: Pairs held before the per-fingerprint limit is applied again (bounds memory).
_PRUNE_AT = 1 << 22
#: A scan estimated to take longer than this (seconds) is shared among a pool's workers.
_SHARE_FROM = 0.5


class RadiusProblem(str, Enum):
    #: Unrelated files' fingerprints would fall within the radius.
    UNRELATED = "unrelated"
    #: Finding every pair within it among this many files would take too long.
    TOO_MANY_FILES = "too-many-files"


class RadiusTooWideError(ValueError):
    """A radius the index cannot serve; ``widest`` is the widest it can."""

    def __init__(self, problem: RadiusProblem, radius: int, bits: int, widest: int, files: int):
        super().__init__(
            f"radius {radius} of {bits} bits is too wide ({problem.value}); at most {widest}"
        )
        self.problem = problem
        self.radius = radius
        self.bits = bits
        self.widest = widest
        self.files = files


def default_radius(bits: int) -> int:
    return int(bits * DEFAULT_RADIUS_SHARE)


def widest_radius(bits: int) -> int:
    """The widest radius at which unrelated fingerprints stay out (binomial tail)."""
    within = 0
    for radius in range(bits + 1):
        within += math.comb(bits, radius)
        if within / 2**bits > UNRELATED_RATE:
            return max(0, radius - 1)
    return bits


def servable_radius(files: int, bits: int, radius: int, budget: float = SEARCH_BUDGET) -> int:
    """``radius``, narrowed until the search for pairs fits ``budget`` seconds."""
    while radius > 0 and plan_search(files, bits, radius).seconds > budget:
        radius -= 1
    return radius


def check_radius(
    radius: int, bits: int, files: int | None = None, budget: float = SEARCH_BUDGET
) -> None:
    """Raise RadiusTooWideError unless ``radius`` can be served (among ``files`` fingerprints,
    within ``budget`` seconds)."""
    widest = widest_radius(bits)
    if radius > widest:
        raise RadiusTooWideError(RadiusProblem.UNRELATED, radius, bits, widest, files or 0)
    if files is not None:
        servable = servable_radius(files, bits, radius, budget)
        if servable < radius:
            raise RadiusTooWideError(RadiusProblem.TOO_MANY_FILES, radius, bits, servable, files)


@dataclass(frozen=True)
class Collapsed:
    """Distinct fingerprints and which of them each input row is."""

    #: (U, lanes) distinct fingerprints, in order of their first row.
    unique: npt.NDArray[np.uint64]
    #: For each input row, the index of its fingerprint in ``unique``.
    inverse: I64
    #: For each distinct fingerprint, its first row (the representative).
    first: I64
    #: For each distinct fingerprint, how many rows have it.
    counts: I64
    #: For each distinct fingerprint, how many files its rows stand for (a row may stand
    #: for copies of its file: groups' identical texts); ``counts`` where none do. What a
    #: grouping weighs a node by.
    weights: I64 | None = None
    #: How many files each row stands for, as given to ``collapse`` (None: one each).
    row_weights: I64 | None = None

    @property
    def files(self) -> I64:
        """How many files each distinct fingerprint stands for: ``weights`` where given,
        else ``counts``."""
        return self.counts if self.weights is None else self.weights

    def rows_of(self) -> list[I64]:
        """The rows of each distinct fingerprint, ascending."""
        order = np.argsort(self.inverse, kind="stable")
        return np.split(order, np.cumsum(self.counts)[:-1])

    def shared_rows(self) -> dict[int, I64]:
        """The rows, ascending, of each distinct fingerprint that several rows share (the
        others' one row is ``first``): rows_of split out all 100,000 in 0.13 s."""
        shared = np.flatnonzero(self.counts >= 2)
        rows = np.flatnonzero(np.isin(self.inverse, shared))
        rows = rows[np.argsort(self.inverse[rows], kind="stable")]
        parts = np.split(rows, np.cumsum(self.counts[shared])[:-1]) if len(shared) else []
        return dict(zip(shared.tolist(), parts, strict=True))

    def rows(self, node: int, shared: dict[int, I64]) -> list[int]:
        """The node's rows, ascending, given its ``shared_rows``."""
        found = shared.get(node)
        return [int(self.first[node])] if found is None else found.tolist()


def collapse(fingerprints: npt.NDArray[np.uint64], weights: I64 | None = None) -> Collapsed:
    """Identical fingerprints as one, in O(N log N) however many copies there are;
    ``weights``: how many files each row stands for (1 each where not given).

    The rows are sorted by their lanes (a stable sort, so each value's first row comes
    first), not by ``np.unique(axis=0)``, which sorts them as records: 0.03 s against
    0.07-0.11 s at 100,000 rows, the same answer.
    """
    rows = np.asarray(fingerprints, dtype=np.uint64)
    count = len(rows)
    if count == 0:
        empty = np.empty(0, dtype=np.int64)
        return Collapsed(rows.reshape(0, rows.shape[1]), empty, empty, empty)
    order = np.lexsort(rows.T[::-1])  # by the first lane, then the next
    ordered = rows[order]
    new = np.empty(count, dtype=bool)
    new[0] = True
    np.any(ordered[1:] != ordered[:-1], axis=1, out=new[1:])
    value = np.cumsum(new) - 1  # each sorted row's distinct fingerprint, by value
    starts = np.flatnonzero(new)
    first = order[starts]
    counts = np.diff(np.append(starts, count))
    # Numbered by first appearance, so that the order is the input's.
    by_first = np.argsort(first, kind="stable")
    rank = np.empty_like(by_first)
    rank[by_first] = np.arange(len(by_first))
    inverse = np.empty(count, dtype=np.int64)
    inverse[order] = rank[value]
    node_counts = counts[by_first].astype(np.int64)
    node_weights = None
    if weights is not None:
        node_weights = np.bincount(inverse, weights=weights, minlength=len(first))
        node_weights = node_weights.astype(np.int64)
    return Collapsed(
        unique=np.ascontiguousarray(rows[first[by_first]]),
        inverse=inverse,
        first=first[by_first].astype(np.int64),
        counts=node_counts,
        weights=node_weights,
        row_weights=None if weights is None else np.asarray(weights, dtype=np.int64),
    )


def nearest_per_node(pairs: Pairs, limit: int) -> Pairs:
    """The pairs among each node's ``limit`` nearest partners (by either end), by (i, j).

    A pair is kept when it is among the ``limit`` nearest of either of its two
    nodes (distance, then the partner's index, breaks ties), so every node keeps
    at least min(limit, its partners) of them and the total is at most
    nodes · limit; a pair given more than once counts once. Applying this to a part
    of the pairs and then again to the
    union with the rest gives the same as applying it once to all. Each end is
    packed with its distance and partner into one integer, so that one plain sort
    ranks them (about 40 bytes per pair at the peak).
    """
    i, j, d = pairs
    if len(i) == 0:
        return i, j, d
    # Python ints before comparing, and np.max: with NumPy 2.5's stubs max() of two NumPy
    # scalars, and an array's own .max() for Python 3.10 and 3.11, fail the strict check.
    largest = max(int(np.max(i)), int(np.max(j)))
    width = max(1, largest.bit_length())
    if 2 * width + 8 > 63:
        raise ValueError(f"too many nodes to rank: {largest + 1}")
    shift_d, shift_node = width, width + 8
    # The same pair found more than once (by two tables, or two bands) counts once:
    # ranked before, its repeats would take the node's ``limit`` places.
    low, high = np.minimum(i, j), np.maximum(i, j)
    packed = sorted_distinct((low << shift_node) | (high << 8) | d)
    mask = (1 << width) - 1
    i, j, d = packed >> shift_node, (packed >> 8) & mask, packed & 0xFF
    del low, high, packed
    keys = np.concatenate(
        (
            (i << shift_node) | (d << shift_d) | j,
            (j << shift_node) | (d << shift_d) | i,
        )
    )
    keys.sort()
    node = keys >> shift_node
    starts = np.flatnonzero(np.concatenate(([True], node[1:] != node[:-1])))
    sizes = np.diff(np.concatenate((starts, [len(keys)])))
    rank = np.arange(len(keys)) - np.repeat(starts, sizes)
    keys = keys[rank < limit]
    del node, rank
    node, partner = keys >> shift_node, keys & mask
    distance = (keys >> shift_d) & 0xFF
    low, high = np.minimum(node, partner), np.maximum(node, partner)
    # A pair kept by both its ends appears twice: once is enough.
    packed = sorted_distinct((low << shift_node) | (high << 8) | distance)
    return packed >> shift_node, (packed >> 8) & mask, packed & 0xFF


def bounded_pairs(chunks: Iterable[Pairs], limit: int) -> Pairs:
    """All chunks' pairs, cut to each node's ``limit`` nearest, in bounded memory.

    The cut is applied whenever the pairs held reach _PRUNE_AT or twice what the
    last cut kept, so each pair takes part in a few cuts at most.
    """
    held: list[Pairs] = []
    size, kept = 0, 0
    for chunk in chunks:
        held.append(chunk)
        size += len(chunk[0])
        if size >= max(_PRUNE_AT, 2 * kept):
            held = [nearest_per_node(_joined(held), limit)]
            size = kept = len(held[0][0])
    return nearest_per_node(_joined(held), limit)


def _joined(parts: list[Pairs]) -> Pairs:
    if not parts:
        empty = np.empty(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    i, j, d = (np.concatenate(column) for column in zip(*parts, strict=True))
    return i, j, d


def range_pairs(
    unique: npt.NDArray[np.uint64], radius: int, first: int, stop: int, limit: int
) -> Pairs:
    """One worker's share of the scan: rows [first, stop) against all later rows, cut.

    A module-level function of plain arguments, so a worker process can run it;
    the cut here and again over all shares gives the same as one cut (see
    nearest_per_node).
    """
    return bounded_pairs(scan_pairs(unique, radius, first, stop), limit)


def shares_scan(count: int, bits: int, radius: int, workers: int) -> bool:
    """Whether a pool of ``workers`` shares the search among ``count`` fingerprints: a scan
    of all pairs (not tables) long enough to pay for it."""
    plan = plan_search(count, bits, radius)
    return workers >= 2 and plan.method == "scan" and plan.seconds >= _SHARE_FROM


def candidate_pairs(
    unique: npt.NDArray[np.uint64],
    radius: int,
    per_fingerprint: int = PER_FINGERPRINT,
    executor: Executor | None = None,
    workers: int = 1,
    cancel: CancelToken | None = None,
    budget: float = SEARCH_BUDGET,
    progress: SearchProgress | None = None,
) -> Pairs:
    """(i, j, distance), i < j, sorted: pairs of distinct fingerprints worth comparing.

    Every pair within ``radius``, except that each fingerprint keeps only its
    ``per_fingerprint`` nearest partners. ``radius`` must pass check_radius (with
    ``budget``, the longest search in seconds). A scan tells ``progress`` how far it is.
    Where a scan of all pairs is the way and a pool of several workers is given,
    they share it. A cancel returns what was found so far.
    """
    bits = 64 * unique.shape[1]
    check_radius(radius, bits, len(unique), budget)
    if executor is None or not shares_scan(len(unique), bits, radius, workers):
        return bounded_pairs(pairs_within(unique, radius, cancel, progress), per_fingerprint)
    ranges = list(row_ranges(len(unique), 4 * workers))

    def submit(span: tuple[int, int]) -> Future[Pairs]:
        return executor.submit(range_pairs, unique, radius, span[0], span[1], per_fingerprint)

    back: dict[tuple[int, int], Pairs] = {}
    for span, pairs in in_flight(ranges, submit, len(ranges), cancel):
        back[span] = pairs
        if progress is not None:  # the ranges hold about as many distances each
            progress(SEARCH_STEPS * len(back) // len(ranges), SEARCH_STEPS)
    done = [back[span] for span in ranges if span in back]
    return bounded_pairs(done, per_fingerprint)
