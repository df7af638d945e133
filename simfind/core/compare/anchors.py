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
    chosen = _chain(
        runs[:, 0].tolist(),
        runs[:, 1].tolist(),
        runs[:, 2].tolist(),
        ends_left.tolist(),
        ends_right.tolist(),
        np.unique(ends_right).tolist(),
        np.argsort(ends_left, kind="stable").tolist(),
    )
    result: I64 = runs[chosen]
    return result


def _chain(
    left: list[int],
    right: list[int],
    weight: list[int],
    ends: list[int],
    right_ends: list[int],
    coordinates: list[int],
    waiting: list[int],
) -> list[int]:
    """The indices, in order, of a heaviest chain of runs sorted by (left, right):
    ``ends`` and ``right_ends`` where each ends, ``coordinates`` the distinct right ends
    ascending, ``waiting`` the runs by left end (stable)."""
    # Sweep by left place: a run joins the tree (keyed by its right end) once the sweep is
    # past its left end; each run extends the best chain that ends before its right start.
    slot = dict(zip(coordinates, range(1, len(coordinates) + 1), strict=True))
    size = len(coordinates)
    tree_best = [0] * (size + 1)
    tree_run = [-1] * (size + 1)
    count = len(left)
    best = [0] * count
    before = [-1] * count
    at = 0
    for run in range(count):
        while at < count and ends[waiting[at]] <= left[run]:
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
    run = max(range(count), key=best.__getitem__)
    while run >= 0:
        chosen.append(run)
        run = before[run]
    return chosen[::-1]


# -- the same for short texts, in plain Python: NumPy's cost per call outweighs its speed
# there (two 100-word records took 125 us a pair through NumPy). Same runs, same chain.

#: Texts of at most this many words on both sides take the plain-Python path.
SMALL_WORDS = 400

Run = tuple[int, int, int]


def diagonal_runs_small(left: list[int], right: list[int]) -> list[Run]:
    """``diagonal_runs`` of two short lists of k-gram hashes (in no particular order)."""
    places: dict[int, list[int]] = {}
    for i, gram in enumerate(left):
        places.setdefault(gram, []).append(i)
    pairs: set[tuple[int, int]] = set()
    nth: dict[int, int] = {}
    for j, gram in enumerate(right):
        found = places.get(gram)
        if found is None:
            continue
        if len(found) > MAX_REPEATS:  # paired place by place, as diagonal_runs does
            n = nth.get(gram, 0)
            nth[gram] = n + 1
            if n < len(found):
                pairs.add((found[n], j))
        else:
            pairs.update((i, j) for i in found)
    runs = []
    for i, j in pairs:
        if (i - 1, j - 1) in pairs:
            continue
        length = 1
        while (i + length, j + length) in pairs:
            length += 1
        runs.append((i, j, length))
    return runs


def heaviest_chain_small(runs: list[Run]) -> list[Run]:
    """``heaviest_chain`` of a few runs."""
    if len(runs) < 2:
        return runs
    runs = sorted(runs)
    ends_left = [i + w for i, _, w in runs]
    ends_right = [j + w for _, j, w in runs]
    if all(
        runs[x + 1][0] >= ends_left[x] and runs[x + 1][1] >= ends_right[x]
        for x in range(len(runs) - 1)
    ):
        return runs
    chosen = _chain(
        [i for i, _, _ in runs],
        [j for _, j, _ in runs],
        [w for _, _, w in runs],
        ends_left,
        ends_right,
        sorted(set(ends_right)),
        sorted(range(len(runs)), key=ends_left.__getitem__),
    )
    return [runs[x] for x in chosen]


#: Between two kept runs, gaps of at most this many words on both sides are aligned word
#: by word: an edited word between two kept ones leaves its neighbours matched.
GAP_WORDS = 4


def gap_matches(left: U64, right: U64, chain: I64, k: int) -> tuple[I64, I64]:
    """The single words a diff would also keep: in each short gap between two runs of the
    chain, the longest common subsequence of the gap's words. Returns their places (left,
    right)."""
    if not len(chain):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    found_left, found_right = gap_matches_small(
        left, right, [(int(i), int(j), int(w)) for i, j, w in chain.tolist()], k
    )
    return np.asarray(found_left, dtype=np.int64), np.asarray(found_right, dtype=np.int64)


def gap_matches_small(
    left: U64 | list[int], right: U64 | list[int], chain: list[Run], k: int
) -> tuple[list[int], list[int]]:
    """``gap_matches`` over a chain given as a list: the places (left, right)."""
    starts_left = [*(i for i, _, _ in chain), len(left)]
    starts_right = [*(j for _, j, _ in chain), len(right)]
    ends_left = [0, *(i + w + k - 1 for i, _, w in chain)]
    ends_right = [0, *(j + w + k - 1 for _, j, w in chain)]
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
        for i, j in _common(_listed(left[a0:a1]), _listed(right[b0:b1])):
            found_left.append(a0 + i)
            found_right.append(b0 + j)
    return found_left, found_right


def _listed(values: U64 | list[int]) -> list[int]:
    return values if isinstance(values, list) else values.tolist()


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
