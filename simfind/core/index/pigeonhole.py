"""All pairs of fingerprints within a Hamming distance, without comparing every pair.

Comparing N fingerprints pairwise is N²/2 distances: a million files would be
5·10¹¹ of them. Manku, Jain & Das Sarma ("Detecting near-duplicates for web
crawling", WWW 2007) avoid that with the pigeonhole principle: cut the B bits
into m contiguous blocks; two fingerprints that differ in at most k bits leave
at least m - k blocks untouched, so they agree exactly on at least one choice
of m - k blocks. For each such choice ("table"), fingerprints are sorted by the
bits of those blocks, only fingerprints with equal bits become candidates, and
each candidate's full distance is checked.

m = k + 1 gives k + 1 tables keyed on B/(k+1) bits each, the textbook case. A
larger m gives more tables, C(m, k) of them, but longer keys and so far fewer
false candidates; for a million 64-bit fingerprints and k = 3, 16-bit keys make
~30 million candidates, while m = 5 makes ten tables of ~26-bit keys and a few
tens of thousands. The number of blocks is chosen by a cost estimate unless
given.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, pairwise

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import sorted_distinct
from simfind.core.index import hamming_range
from simfind.core.runs.progress import CancelToken

I64 = npt.NDArray[np.int64]
#: How far a search for pairs is: (done, SEARCH_STEPS).
SearchProgress = Callable[[int, int], None]
#: A search for pairs reports its progress in thousandths.
SEARCH_STEPS = 1000
U64 = npt.NDArray[np.uint64]

# Candidate pairs examined at once: bounds the temporary arrays (a few tens of MiB)
# however many fingerprints share a key.
_CHUNK = 1 << 21

# An odd 64-bit constant (2⁶⁴/φ) to fold keys longer than 64 bits into one word.
_FOLD = np.uint64(0x9E3779B97F4A7C15)

# More tables than this is never worth it: sorting alone would dominate.
_MAX_TABLES = 256

# Rough costs on this project's machine (bench_index prints the estimates beside
# the real times; only their order matters): one fingerprint keyed and sorted into
# one table, one candidate pair examined, one pair compared by the scan, per lane
# and fixed.
_SORT_SECONDS = 120e-9
_CANDIDATE_SECONDS = 40e-9
_SCAN_LANE_SECONDS = 0.6e-9
_SCAN_PAIR_SECONDS = 0.8e-9
# Columns compared at once by the scan: its buffers stay in the CPU's cache.
_SCAN_COLUMNS = 1 << 16


@dataclass(frozen=True)
class _Piece:
    """Bits [shift, shift + width) of one 64-bit lane."""

    lane: int
    shift: int
    width: int


@dataclass(frozen=True)
class Table:
    """The blocks a table is keyed on, as pieces within lanes, and as a mask per lane.

    Two fingerprints within the distance agree on every bit of at least one table.
    """

    pieces: tuple[_Piece, ...]
    masks: tuple[int, ...]

    @property
    def bits(self) -> int:
        return sum(piece.width for piece in self.pieces)


def _bounds(bits: int, blocks: int) -> list[int]:
    """Block edges: contiguous, widths differing by at most one bit."""
    return [bits * b // blocks for b in range(blocks + 1)]


def block_tables(bits: int, max_distance: int, blocks: int) -> list[Table]:
    """One table per choice of the blocks left untouched by max_distance flips."""
    edges = _bounds(bits, blocks)
    lanes = bits // 64
    tables = []
    for kept in combinations(range(blocks), blocks - max_distance):
        pieces: list[_Piece] = []
        masks = [0] * lanes
        for block in kept:
            start, end = edges[block], edges[block + 1]
            # A block may straddle two lanes; cut it at the lane boundary.
            while start < end:
                lane, shift = divmod(start, 64)
                width = min(end - start, 64 - shift)
                pieces.append(_Piece(lane, shift, width))
                masks[lane] |= ((1 << width) - 1) << shift
                start += width
        tables.append(Table(tuple(pieces), tuple(masks)))
    return tables


def _table_seconds(
    n: int, bits: int, max_distance: int, blocks: int, per_fingerprint: float = _SORT_SECONDS
) -> float:
    """Estimated time of the tables for random fingerprints: sorting plus false candidates."""
    tables = math.comb(blocks, max_distance)
    widths: list[int] = sorted(np.diff(_bounds(bits, blocks)).tolist())
    key_bits = sum(widths[: blocks - max_distance])
    candidates = tables * n * (n - 1) / 2 / 2.0**key_bits
    return tables * n * per_fingerprint + candidates * _CANDIDATE_SECONDS


def choose_blocks(
    n: int, bits: int, max_distance: int, per_fingerprint: float = _SORT_SECONDS
) -> int:
    """The number of blocks with the lowest estimated time, for random fingerprints.

    Real fingerprints are not uniform, but the estimate only has to rank a handful
    of choices, and a wrong one costs time, never correctness. ``per_fingerprint``
    is the time of putting one fingerprint through one table: a sort here; a
    cluster's shuffle costs far more, so it passes its own figure and gets fewer
    tables with longer keys.
    """
    best, best_cost = max_distance + 1, math.inf
    for blocks in range(max_distance + 1, bits + 1):
        if math.comb(blocks, max_distance) > _MAX_TABLES and blocks > max_distance + 1:
            break
        cost = _table_seconds(n, bits, max_distance, blocks, per_fingerprint)
        if cost < best_cost:
            best, best_cost = blocks, cost
    return best


def table_key(lanes: list[U64], table: Table) -> U64:
    """The table's bits of each fingerprint, packed into one word.

    Keys of up to 64 bits are exact. Longer ones (128-bit fingerprints, few blocks)
    are folded; a collision then only adds a candidate, which the exact check drops.
    """
    key = np.zeros(len(lanes[0]), dtype=np.uint64)
    offset = 0
    exact = table.bits <= 64
    for piece in table.pieces:
        value = lanes[piece.lane] >> np.uint64(piece.shift)
        if piece.width < 64:
            value &= np.uint64((1 << piece.width) - 1)
        if exact:
            key |= value << np.uint64(offset)
            offset += piece.width
        else:
            key = (key * _FOLD) ^ value
    return key


def _sorted_order(key: U64, key_bits: int) -> tuple[U64, I64]:
    """Keys sorted, and the row of each.

    When key and row number fit in one word together, sorting the packed words is
    a plain (SIMD) sort, much faster than an argsort.
    """
    n = len(key)
    row_bits = max(1, (n - 1).bit_length())
    if key_bits + row_bits <= 64:
        packed = (key << np.uint64(row_bits)) | np.arange(n, dtype=np.uint64)
        packed.sort()
        rows = (packed & np.uint64((1 << row_bits) - 1)).astype(np.int64)
        return packed >> np.uint64(row_bits), rows
    order = np.argsort(key).astype(np.int64, copy=False)
    return key[order], order


def _candidates(sorted_key: U64) -> Iterator[tuple[I64, I64]]:
    """Positions (p, q), p < q, of every pair of equal keys, at most about _CHUNK at a time.

    A key shared by g fingerprints gives g(g-1)/2 pairs; chunking by position keeps
    memory bounded even when one key is shared by a large share of the fingerprints.
    """
    n = len(sorted_key)
    if n < 2:
        return
    change = np.flatnonzero(sorted_key[1:] != sorted_key[:-1]) + 1
    starts = np.concatenate(([0], change))
    sizes = np.diff(np.concatenate((starts, [n])))
    shared = sizes >= 2
    starts, sizes = starts[shared], sizes[shared]
    if len(starts) == 0:
        return
    # Every position in a run of equal keys, and how many later positions share its key.
    run_of = np.repeat(np.arange(len(starts)), sizes)
    position = np.arange(len(run_of)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    position += starts[run_of]
    later = (starts[run_of] + sizes[run_of] - 1 - position).astype(np.int64)
    keep = later > 0
    position, later = position[keep].astype(np.int64), later[keep]
    total = np.cumsum(later)
    begin = 0
    while begin < len(position):
        # Take positions until the pairs reach the chunk size (always at least one).
        end = int(np.searchsorted(total, (total[begin] - later[begin]) + _CHUNK, side="right"))
        end = max(end, begin + 1)
        counts = later[begin:end]
        first = np.repeat(position[begin:end], counts)
        step = np.arange(len(first), dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
        yield first, first + step + 1
        begin = end


def _agree(xor: list[U64], masks: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """Whether each pair, given by its XOR per lane, is equal on all the masked bits."""
    same = np.ones(len(xor[0]), dtype=np.bool_)
    for lane, mask in enumerate(masks):
        if mask:
            same &= (xor[lane] & np.uint64(mask)) == 0
    return same


def _check(rows: np.ndarray, max_distance: int) -> tuple[np.ndarray, int]:
    """The fingerprints as an (N, lanes) uint64 array, and their bits; a clear error otherwise."""
    rows = np.asarray(rows, dtype=np.uint64)
    if rows.ndim != 2 or rows.shape[1] < 1:
        raise ValueError(f"fingerprints must be an (N, lanes) array, not shape {rows.shape}")
    bits = 64 * rows.shape[1]
    if max_distance < 0:
        raise ValueError(f"max_distance must be at least 0, not {max_distance}")
    if max_distance + 1 > bits:
        raise ValueError(
            f"max_distance {max_distance} needs {max_distance + 1} blocks of at least one bit, "
            f"but the fingerprints have only {bits} bits"
        )
    return rows, bits


Pairs = tuple[I64, I64, I64]


def table_pairs(
    fingerprints: np.ndarray, max_distance: int, *, blocks: int | None = None
) -> Iterator[Pairs]:
    """Every pair within max_distance, by pigeonhole tables, in chunks of (i, j, distance).

    Each pair appears once, i < j, found by the first table on which its two
    fingerprints agree: later tables drop it, so no global de-duplication (a sort
    of all pairs) is needed. blocks (at least max_distance + 1) overrides the
    estimate of the fastest number of blocks; the pairs are the same, only the
    time changes. Memory stays bounded however many pairs there are: candidates
    are examined about _CHUNK at a time and each chunk's pairs handed over.
    """
    rows, bits = _check(fingerprints, max_distance)
    n, lane_count = rows.shape
    if blocks is None:
        blocks = choose_blocks(n, bits, max_distance)
    elif not max_distance + 1 <= blocks <= bits:
        raise ValueError(f"blocks must be from {max_distance + 1} to {bits}, not {blocks}")
    if n < 2:
        return
    lanes = [np.ascontiguousarray(rows[:, lane]) for lane in range(lane_count)]
    tables = block_tables(bits, max_distance, blocks)
    for number in range(len(tables)):
        for a, b, distance in one_table_pairs(lanes, tables, number, max_distance):
            yield np.minimum(a, b), np.maximum(a, b), distance


def one_table_pairs(
    lanes: list[U64], tables: list[Table], number: int, max_distance: int
) -> Iterator[Pairs]:
    """(a, b, distance) row arrays of the pairs that table ``number`` reports, in chunks.

    A pair is reported by the first table on which its fingerprints agree, and by
    no other: run over every table, each pair within ``max_distance`` comes out
    exactly once. The rows may be any subset of the fingerprints that holds every
    row sharing a key of this table (a cluster's shuffle on the key gives that).
    """
    table = tables[number]
    if len(lanes[0]) < 2:
        return
    sorted_key, order = _sorted_order(table_key(lanes, table), table.bits)
    for p, q in _candidates(sorted_key):
        a, b = order[p], order[q]
        xor = [lane[a] ^ lane[b] for lane in lanes]
        distance = np.bitwise_count(xor[0]).astype(np.int64)
        for more in xor[1:]:
            distance += np.bitwise_count(more)
        near = distance <= max_distance
        if not near.any():
            continue
        a, b, distance = a[near], b[near], distance[near]
        xor = [x[near] for x in xor]
        # Folded keys may collide: require real agreement on this table, and
        # none on any earlier one (which would have reported the pair already).
        first = _agree(xor, table.masks)
        for earlier in tables[:number]:
            first &= ~_agree(xor, earlier.masks)
        if first.any():
            yield a[first], b[first], distance[first]


def scan_pairs(
    fingerprints: np.ndarray,
    max_distance: int,
    first: int = 0,
    stop: int | None = None,
    cancel: CancelToken | None = None,
    progress: SearchProgress | None = None,
    compiled: bool = True,
) -> Iterator[Pairs]:
    """Every pair within max_distance, each row against all later rows, in chunks.

    N²/2 distances, but each costs about a nanosecond (XOR and popcount over
    cache-sized runs of one lane at a time): for wide distances this beats the
    tables, whose keys grow too short to tell fingerprints apart. Only rows
    [first, stop) are taken (against every later row), so that workers can
    share the work; a cancel is seen, and ``progress`` told the thousandths of the
    distances computed, every few hundred rows. Not ``compiled``: NumPy's loop even
    where faiss could be loaded (a few rows, where loading it would cost more).
    """
    rows, _ = _check(fingerprints, max_distance)
    n, lane_count = rows.shape
    stop = n - 1 if stop is None else min(stop, n - 1)

    def later_rows(before: int) -> int:
        """Distances computed for the rows [first, before): each against every later row."""
        return int((before - first) * (2 * n - 1 - first - before) // 2)

    start = first  # the first row NumPy's loop takes: past those faiss searched
    if compiled and hamming_range.available():
        told = None
        if progress is not None:
            told = lambda row: progress(  # noqa: E731
                SEARCH_STEPS * later_rows(row) // max(1, later_rows(stop)), SEARCH_STEPS
            )
        codes = np.ascontiguousarray(rows).view(np.uint8)
        failed_at = yield from hamming_range.range_pairs(
            codes, max_distance, first, stop, _CHUNK, cancel, told
        )
        if failed_at is None:
            if progress is not None and not (cancel is not None and cancel.is_set()):
                progress(SEARCH_STEPS, SEARCH_STEPS)
            return
        start = failed_at

    lanes = [np.ascontiguousarray(rows[:, lane]) for lane in range(lane_count)]
    width = min(n, _SCAN_COLUMNS)
    xor = np.empty(width, dtype=np.uint64)
    count = np.empty(width, dtype=np.uint8)
    total = np.empty(width, dtype=np.uint8)
    found_i: list[I64] = []
    found_j: list[I64] = []
    found_d: list[I64] = []
    held = 0
    for row in range(start, stop):
        if row % 256 == 0:
            if cancel is not None and cancel.is_set():
                return
            if progress is not None:
                progress(SEARCH_STEPS * later_rows(row) // max(1, later_rows(stop)), SEARCH_STEPS)
        for start in range(row + 1, n, width):
            end = min(n, start + width)
            size = end - start
            np.bitwise_xor(lanes[0][start:end], lanes[0][row], out=xor[:size])
            np.bitwise_count(xor[:size], out=total[:size])
            for lane in lanes[1:]:
                np.bitwise_xor(lane[start:end], lane[row], out=xor[:size])
                np.bitwise_count(xor[:size], out=count[:size])
                total[:size] += count[:size]
            if total[:size].min() > max_distance:
                continue  # the usual case: a minimum is cheaper than a comparison and a search
            near = np.flatnonzero(total[:size] <= max_distance)
            if len(near):
                found_i.append(np.full(len(near), row, dtype=np.int64))
                found_j.append(near + start)
                found_d.append(total[near].astype(np.int64))
                held += len(near)
        if held >= _CHUNK:
            yield np.concatenate(found_i), np.concatenate(found_j), np.concatenate(found_d)
            found_i, found_j, found_d, held = [], [], [], 0
    if held:
        yield np.concatenate(found_i), np.concatenate(found_j), np.concatenate(found_d)
    if progress is not None:
        progress(SEARCH_STEPS, SEARCH_STEPS)


@dataclass(frozen=True)
class SearchPlan:
    """How all near pairs are best found: by tables (with how many blocks) or by a scan."""

    method: str  # "tables" or "scan"
    blocks: int
    seconds: float


def plan_search(n: int, bits: int, max_distance: int) -> SearchPlan:
    """The faster of the tables and the scan, with a rough estimate of its time.

    The estimate assumes random fingerprints and this project's 2-core machine
    (see bench_index); it decides between the methods and whether a search is
    worth starting at all, and is off by a small factor on real data.
    """
    pairs = n * (n - 1) / 2
    scan = SearchPlan("scan", 0, pairs * (_SCAN_PAIR_SECONDS + _SCAN_LANE_SECONDS * bits / 64))
    if max_distance + 1 > bits:
        return scan
    blocks = choose_blocks(n, bits, max_distance)
    seconds = _table_seconds(n, bits, max_distance, blocks)
    if seconds < scan.seconds:
        return SearchPlan("tables", blocks, seconds)
    return scan


def pairs_within(
    fingerprints: np.ndarray,
    max_distance: int,
    cancel: CancelToken | None = None,
    progress: SearchProgress | None = None,
) -> Iterator[Pairs]:
    """Every pair within max_distance, in chunks, by whichever method plan_search prefers
    (the scan, the slow one, tells ``progress`` how far it is)."""
    rows, bits = _check(fingerprints, max_distance)
    plan = plan_search(len(rows), bits, max_distance)
    if plan.method == "tables":
        return table_pairs(rows, max_distance, blocks=plan.blocks)
    return scan_pairs(rows, max_distance, cancel=cancel, progress=progress)


def row_ranges(n: int, parts: int) -> list[tuple[int, int]]:
    """Rows [a, b) cut into ``parts`` ranges that hold about as many (row, later row) pairs."""
    later = np.arange(n - 1, 0, -1, dtype=np.float64)  # row r has n - 1 - r later rows
    if len(later) == 0:
        return []
    total = np.cumsum(later)
    edges = np.searchsorted(total, total[-1] * np.arange(1, parts) / parts, side="right")
    cuts = [0, *sorted(set(int(e) for e in edges if 0 < e < n - 1)), n - 1]
    return list(pairwise(cuts))


def near_pairs(
    fingerprints: np.ndarray, max_distance: int, *, blocks: int | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(i, j, distance) arrays with i < j for every pair within max_distance, by tables.

    All pairs at once, ordered by i, then j: for a distance and a set that give
    few pairs (see table_pairs for the chunks and the blocks).
    """
    found = list(table_pairs(fingerprints, max_distance, blocks=blocks))
    if not found:
        empty = np.empty(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    i, j, d = (np.concatenate(part) for part in zip(*found, strict=True))
    order = np.lexsort((j, i))
    return i[order], j[order], d[order]


def groups(n: int, i: np.ndarray, j: np.ndarray) -> list[list[int]]:
    """Connected components of size >= 2, each sorted, largest first.

    Near-duplication is not transitive, but a user cleaning a folder wants the
    whole cluster a-b-c at once, not the pairs a-b and b-c separately. Union-find
    is done in NumPy (hook each root onto the smallest root it touches, then
    compress paths fully), in a few passes over the edges rather than a Python
    loop per edge. Ties in size go to the group with the smaller first member.
    """
    left = np.asarray(i, dtype=np.int64)
    right = np.asarray(j, dtype=np.int64)
    if left.shape != right.shape:
        raise ValueError(f"i and j differ in shape: {left.shape} and {right.shape}")
    if len(left) == 0:
        return []
    if min(int(left.min()), int(right.min())) < 0 or max(int(left.max()), int(right.max())) >= n:
        raise ValueError(f"pair indices must be from 0 to {n - 1}")
    parent = np.arange(n, dtype=np.int64)
    while True:
        root_l, root_r = parent[left], parent[right]
        differ = root_l != root_r
        if not differ.any():
            break
        left, right = left[differ], right[differ]
        root_l, root_r = root_l[differ], root_r[differ]
        np.minimum.at(parent, np.maximum(root_l, root_r), np.minimum(root_l, root_r))
        while True:
            grand = parent[parent]
            if np.array_equal(grand, parent):
                break
            parent = grand
    members = sorted_distinct(np.concatenate((np.asarray(i), np.asarray(j))).astype(np.int64))
    roots = parent[members]
    order = np.lexsort((members, roots))
    members, roots = members[order], roots[order]
    cut = np.flatnonzero(roots[1:] != roots[:-1]) + 1
    components = [part.tolist() for part in np.split(members, cut) if len(part) >= 2]
    components.sort(key=lambda part: (-len(part), part[0]))
    return components
