"""Where two texts agree, in order: runs of equal k-grams on one diagonal, and the heaviest
chain of them that a diff could show.

Both texts are sequences of k-gram hashes. Every pair of places (i in the
left, j in the right) with equal k-grams is an anchor; anchors that follow
one another on one diagonal (j - i the same, i consecutive) make a run
(``diagonal_runs``, in NumPy). A k-gram the left text holds more than
MAX_REPEATS times is paired place by place instead (its n-th place in the
right text with its n-th in the left), so that a text of a thousand equal
lines costs a thousand anchors, not a million.

``heaviest_chain`` then keeps the runs a diff would keep: runs that follow
one another in both texts and do not overlap, as many k-grams as possible
(a longest common subsequence of the k-grams, found over runs rather than
over single k-grams). Two texts with a moved paragraph share it once, as a
diff shows it; the chance k-grams two unrelated texts share are mostly out
of order and fall away.
"""

from __future__ import annotations

import bisect

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


def heaviest_chain(runs: I64) -> I64:
    """The runs (left, right, k-grams) of a heaviest chain: each after the one before it in
    both texts, none overlapping another, the most k-grams in all (ties: the earlier run);
    in order."""
    if len(runs) < 2:
        return runs
    runs = runs[np.lexsort((runs[:, 1], runs[:, 0]))]
    ends_left, ends_right = runs[:, 0] + runs[:, 2], runs[:, 1] + runs[:, 2]
    if np.all(runs[1:, 0] >= ends_left[:-1]) and np.all(runs[1:, 1] >= ends_right[:-1]):
        return runs  # already a chain (two near-copies)
    left, right, weight = runs[:, 0].tolist(), runs[:, 1].tolist(), runs[:, 2].tolist()
    # Sweep by left place: a run joins the tree (keyed by its right end) once the sweep is
    # past its left end; each run extends the best chain that ends before its right start.
    coordinates = np.unique(ends_right).tolist()
    slot = dict(zip(coordinates, range(1, len(coordinates) + 1), strict=True))
    size = len(coordinates)
    tree_best = [0] * (size + 1)
    tree_run = [-1] * (size + 1)
    waiting = np.argsort(ends_left, kind="stable").tolist()
    ends = ends_left.tolist()
    right_ends = ends_right.tolist()
    best = [0] * len(runs)
    before = [-1] * len(runs)
    at = 0
    for run in range(len(runs)):
        while at < len(waiting) and ends[waiting[at]] <= left[run]:
            done = waiting[at]
            index, value = slot[right_ends[done]], best[done]
            while index <= size:
                if value > tree_best[index]:
                    tree_best[index], tree_run[index] = value, done
                index += index & -index
            at += 1
        index, found, found_run = bisect.bisect_right(coordinates, right[run]), 0, -1
        while index > 0:
            if tree_best[index] > found:
                found, found_run = tree_best[index], tree_run[index]
            index -= index & -index
        best[run], before[run] = found + weight[run], found_run
    chosen = []
    run = max(range(len(runs)), key=best.__getitem__)
    while run >= 0:
        chosen.append(run)
        run = before[run]
    result: I64 = runs[chosen[::-1]]
    return result


#: Between two kept runs, gaps of at most this many words on both sides are aligned word
#: by word: an edited word between two kept ones leaves its neighbours matched.
GAP_WORDS = 4


def gap_matches(left: U64, right: U64, chain: I64, k: int) -> tuple[I64, I64]:
    """The single words a diff would also keep: in each short gap between two runs of the
    chain, the longest common subsequence of the gap's words. Returns their places (left,
    right)."""
    if not len(chain):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    starts_left = [*chain[:, 0].tolist(), len(left)]
    starts_right = [*chain[:, 1].tolist(), len(right)]
    ends_left = [0, *(chain[:, 0] + chain[:, 2] + k - 1).tolist()]
    ends_right = [0, *(chain[:, 1] + chain[:, 2] + k - 1).tolist()]
    found_left: list[int] = []
    found_right: list[int] = []
    last = len(starts_left) - 1
    for at, (a0, a1, b0, b1) in enumerate(
        zip(ends_left, starts_left, ends_right, starts_right, strict=True)
    ):
        if at == 0 or at == last:
            continue  # before the first run or after the last: a lone word there is chance
        if not (0 < a1 - a0 <= GAP_WORDS and 0 < b1 - b0 <= GAP_WORDS):
            continue
        for i, j in _common(left[a0:a1].tolist(), right[b0:b1].tolist()):
            found_left.append(a0 + i)
            found_right.append(b0 + j)
    return np.asarray(found_left, dtype=np.int64), np.asarray(found_right, dtype=np.int64)


def _common(a: list[int], b: list[int]) -> list[tuple[int, int]]:
    """The places of a longest common subsequence of two short lists."""
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            table[i][j] = (
                table[i + 1][j + 1] + 1 if a[i] == b[j] else max(table[i + 1][j], table[i][j + 1])
            )
    pairs = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs
