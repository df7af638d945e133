"""Small NumPy helpers shared by the engine."""

from __future__ import annotations

from typing import TypeVar

import numpy as np
import numpy.typing as npt

Scalar = TypeVar("Scalar", bound=np.generic)

#: The engine's arrays of hashes, weights and positions.
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


def sorted_distinct(values: npt.NDArray[Scalar]) -> npt.NDArray[Scalar]:
    """The distinct values of a 1-D array, ascending: ``np.unique`` by one sort.

    NumPy 2.3+ finds distinct values by hashing before it sorts them, which on
    millions of distinct integers is tens of times slower than a plain sort (11 M
    candidate pairs: 9.6 s against 0.18 s); it would also import numpy.ma.
    """
    return distinct_of_sorted(np.sort(values))


def distinct_of_sorted(ordered: npt.NDArray[Scalar]) -> npt.NDArray[Scalar]:
    """The distinct values of a 1-D array already in ascending order."""
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    result: npt.NDArray[Scalar] = ordered[keep]
    return result


def components(count: int, i: I64, j: I64) -> I64:
    """Each of ``count`` nodes' component: the lowest node joined to it through the pairs
    (i, j)."""
    label = np.arange(count, dtype=np.int64)
    while len(i):
        low = np.minimum(label[i], label[j])
        joined = label.copy()
        np.minimum.at(joined, i, low)
        np.minimum.at(joined, j, low)
        joined = joined[joined]  # a label's own label: halves the remaining path
        if np.array_equal(joined, label):
            break
        label = joined
    return label


def pair_distances(rows: U64, a: I64, b: I64) -> I64:
    """Bits in which each pair of fingerprints (rows ``a[k]`` and ``b[k]`` of an (N, lanes)
    array) differ."""
    distance = np.zeros(len(a), dtype=np.int64)
    for lane in range(rows.shape[1]):
        column = rows[:, lane]
        distance += np.bitwise_count(column[a] ^ column[b])
    return distance
