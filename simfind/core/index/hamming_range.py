"""Every pair of fingerprints within a Hamming distance, by a compiled range search.

The scan of all pairs (pigeonhole.scan_pairs) costs about 1.3 ns a distance
in NumPy: an XOR and a popcount per 64-bit lane, each a pass over memory.
faiss's ``hamming_range_search`` does the same in one compiled loop, about
twice as fast (bench_groups_scale). Rows are taken a tile at a time against
every later row, so that each pair is computed once and a cancel is seen
between tiles; the pairs, and their order, are the scan's.

faiss comes with the large-folders extra (``pip install simfind[large-folders]``):
68 MB for about 6 s of CPU at 100,000 files, so not in the default install.
``available()`` says whether faiss could be loaded; where it is not installed, or
cannot be loaded, the scan's NumPy loop does the work, with the same result. Any
failure of faiss, at its import (a wheel built for another NumPy or CPU: ImportError,
OSError, but also RuntimeError or AttributeError) or in a search (MemoryError), is
logged and the NumPy loop takes over from the row it failed at; faiss is not tried
again in this process.
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Callable, Generator
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

log = logging.getLogger(__name__)
#: Set once faiss has failed in a search: the rest of this process does without it.
_failed: list[BaseException] = []


@cache
def _faiss() -> ModuleType | None:
    """faiss, with one thread (the pool's workers share the cores), or None."""
    try:
        if importlib.util.find_spec("faiss") is None:  # the default: the extra not installed
            log.debug("faiss is not installed: NumPy's scan finds the pairs")
            return None
        import faiss  # type: ignore[import-untyped, unused-ignore]

        faiss.omp_set_num_threads(1)
    except Exception as exc:  # any failure of a compiled library: NumPy's loop instead
        log.info("faiss cannot be used (%s: %s): NumPy's scan finds the pairs", _name(exc), exc)
        return None
    module: ModuleType = faiss
    return module


def _name(exc: BaseException) -> str:
    return type(exc).__name__


def available() -> bool:
    """Whether the compiled search can be used here."""
    return not _failed and _faiss() is not None


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
) -> Generator[Pairs, None, int | None]:
    """(i, j, distance), i < j, for each row i in [first, stop) and every later row j
    within ``max_distance``, in chunks ordered by i, then j (the scan's order).

    ``codes``: the fingerprints' bytes, one row each. Each call computes about ``tile``
    distances, so a chunk holds at most about that many pairs (memory stays bounded in a
    cluster of identical fingerprints) and a cancel is seen between calls. ``progress``
    is told the first row of each tile. Returns None when done (or cancelled), or the
    first row not searched where faiss failed: the caller's own loop goes on from there.
    """
    faiss = _faiss()
    if faiss is None or _failed:
        return first
    n = len(codes)
    codes = np.ascontiguousarray(codes)
    row = first
    while row < stop:
        if cancel is not None and cancel.is_set():
            return None
        if progress is not None:
            progress(row)
        end = min(stop, row + tile_rows(n, row, tile))
        try:
            found = _tile(faiss, codes, max_distance, row, end)
        except Exception as exc:  # MemoryError, an ABI mismatch's RuntimeError, ...
            _failed.append(exc)
            log.info("faiss failed at row %d (%s: %s): NumPy's scan goes on", row, _name(exc), exc)
            return row
        if found is not None:
            yield found
        row = end
    return None


def _tile(
    faiss: ModuleType, codes: npt.NDArray[np.uint8], max_distance: int, row: int, end: int
) -> Pairs | None:
    """The pairs of rows [row, end) with every later row, or None where there are none."""
    n, width = codes.shape
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
            return rows[keep], later[keep], distance[keep]
    return None
