"""Where two texts agree, in order: runs of equal k-grams on one diagonal.

Both texts are sequences of k-gram hashes. Every pair of places (i in the
left, j in the right) with equal k-grams is an anchor; anchors that follow
one another on one diagonal (j - i the same, i consecutive) make a run
(``diagonal_runs``, in NumPy). A k-gram the left text holds more than
MAX_REPEATS times is paired place by place instead (its n-th place in the
right text with its n-th in the left), so that a text of a thousand equal
lines costs a thousand anchors, not a million. The report's passages are
made of such runs (passages.py).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

#: A k-gram the left text holds more often than this is paired place by place.
MAX_REPEATS = 16


def diagonal_runs(left: npt.NDArray[np.uint64], right: npt.NDArray[np.uint64]) -> I64:
    """Maximal runs of matching k-grams on one diagonal: rows of (left, right, k-grams),
    ordered by diagonal, then by place."""
    order = np.argsort(left, kind="stable")  # the places of one k-gram stay ascending
    ordered = left[order]
    low = np.searchsorted(ordered, right, side="left")
    counts = np.searchsorted(ordered, right, side="right") - low
    frequent = np.flatnonzero(counts > MAX_REPEATS)
    frequent_counts = counts[frequent]
    counts[frequent] = 0
    total = int(counts.sum())
    # Every pair (i in left, j in right) of equal k-grams.
    j = np.repeat(np.arange(len(right), dtype=np.int64), counts)
    group_start = np.cumsum(counts) - counts
    within = np.arange(total, dtype=np.int64) - np.repeat(group_start, counts)
    i = order[np.repeat(low, counts) + within].astype(np.int64)
    if len(frequent):
        # A frequent k-gram's n-th place in the right text pairs with its n-th place in
        # the left one only: two copies of a repetitive text still line up.
        extra_i, extra_j = _nth_places(right, frequent, frequent_counts, low[frequent], order)
        i, j = np.concatenate((i, extra_i)), np.concatenate((j, extra_j))
        total = len(i)
    if not total:
        return np.zeros((0, 3), dtype=np.int64)
    diagonal = j - i
    by = np.lexsort((i, diagonal))
    i, diagonal = i[by], diagonal[by]
    starts = np.ones(total, dtype=bool)
    starts[1:] = (diagonal[1:] != diagonal[:-1]) | (i[1:] != i[:-1] + 1)
    first = np.flatnonzero(starts)
    lengths = np.diff(first, append=total)
    return np.stack((i[first], i[first] + diagonal[first], lengths), axis=1)


def _nth_places(
    right: npt.NDArray[np.uint64], frequent: I64, counts: I64, first_at: I64, order: I64
) -> tuple[I64, I64]:
    """(left places, right places) pairing the n-th place of each frequent k-gram in the
    right text with its n-th place in the left one, where the left text has that many.

    ``frequent``: the right text's places of frequent k-grams, ascending; ``counts`` and
    ``first_at``: how often the left text has each, and where its places start in ``order``.
    """
    by = np.argsort(right[frequent], kind="stable")  # by k-gram, each one's places ascending
    places = frequent[by]
    hashes = right[places]
    first = np.ones(len(places), dtype=bool)
    first[1:] = hashes[1:] != hashes[:-1]
    index = np.arange(len(places), dtype=np.int64)
    nth = index - np.maximum.accumulate(np.where(first, index, 0))
    keep = nth < counts[by]
    left_places = order[first_at[by][keep] + nth[keep]].astype(np.int64)
    return left_places, places[keep].astype(np.int64)
