"""Every pair of fingerprints within a Hamming distance, by a compiled range search.

The scan of all pairs (pigeonhole.scan_pairs) costs about 1.3 ns a distance
in NumPy: an XOR and a popcount per 64-bit lane, each a pass over memory.
faiss's ``hamming_range_search`` does the same in one compiled loop, about
twice as fast (bench_groups_scale). Rows are taken a tile at a time against
every later row, so that each pair is computed once and a cancel is seen
between tiles; the pairs, and their order, are the scan's.

``available()`` says whether faiss could be loaded; where it cannot, the
scan's NumPy loop does the work, with the same result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from simfind.core.runs.progress import CancelToken

I64 = npt.NDArray[np.int64]
Pairs = tuple[I64, I64, I64]
#: Told the first row of each tile before it is searched.
RowProgress = Callable[[int], None]
#: Rows searched at most per call: progress is told as often as the scan tells it.
TILE_ROWS = 256


@cache
def _faiss() -> ModuleType | None:
    """faiss, with one thread (the pool's workers share the cores), or None."""
    try:
        import faiss  # type: ignore[import-untyped, unused-ignore]
    except (ImportError, OSError):  # a wheel without its library, an unsupported CPU
        return None
    faiss.omp_set_num_threads(1)
    module: ModuleType = faiss
    return module


def available() -> bool:
    """Whether the compiled search can be used here."""
    return _faiss() is not None


def tile_rows(n: int, row: int, distances: int) -> int:
    """How many rows from ``row`` on make one tile of about ``distances`` distances
    (each row against the rows after it), and at most TILE_ROWS."""
    return max(1, min(TILE_ROWS, distances // max(1, n - row)))


def range_pairs(
    codes: npt.NDArray[np.uint8],
    max_distance: int,
    first: int,
    stop: int,
    tile: int,
    cancel: CancelToken | None = None,
    progress: RowProgress | None = None,
) -> Iterator[Pairs]:
    """(i, j, distance), i < j, for each row i in [first, stop) and every later row j
    within ``max_distance``, in chunks ordered by i, then j (the scan's order).

    ``codes``: the fingerprints' bytes, one row each. Each call computes about ``tile``
    distances, so a chunk holds at most about that many pairs (memory stays bounded in a
    cluster of identical fingerprints) and a cancel is seen between calls. ``progress``
    is told the first row of each tile.
    """
    faiss = _faiss()
    if faiss is None:
        raise RuntimeError("faiss could not be loaded")
    n, width = codes.shape
    codes = np.ascontiguousarray(codes)
    row = first
    while row < stop:
        if cancel is not None and cancel.is_set():
            return
        if progress is not None:
            progress(row)
        end = min(stop, row + tile_rows(n, row, tile))
        queries = end - row
        found = faiss.RangeSearchResult(queries)
        # Strictly nearer than the radius given: max_distance itself is within.
        faiss.hamming_range_search(
            faiss.swig_ptr(codes[row:end]),
            faiss.swig_ptr(codes[row:]),
            queries,
            n - row,
            max_distance + 1,
            width,
            found,
        )
        limits = faiss.rev_swig_ptr(found.lims, queries + 1).astype(np.int64)
        total = int(limits[-1])
        if total:
            later = faiss.rev_swig_ptr(found.labels, total).astype(np.int64) + row
            distance = faiss.rev_swig_ptr(found.distances, total).astype(np.int64)
            rows = np.repeat(np.arange(row, end, dtype=np.int64), np.diff(limits))
            keep = later > rows  # each row found itself, and the earlier rows of its tile
            if keep.any():
                yield rows[keep], later[keep], distance[keep]
        row = end
