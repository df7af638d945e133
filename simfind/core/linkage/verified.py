"""The exact similarities a grouping found, by pair of rows, held as arrays.

A million records' 4.7 million verified pairs held as a dictionary of tuples of
Python ints to Python floats took about half a gigabyte of the parent (the
largest part of its 2.1 GB peak); here each pair is one 64-bit key (the lower
row in the high half, the other in the low half) and one float64, 16 bytes,
the keys sorted so that a lookup is a binary search, many pairs at once.

A similarity is stored as it was found (the float64 the comparer gave); a pair
compared but with no similarity (a file that could no longer be read) is NaN,
told apart from a pair never compared (``lookup``'s first array).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

#: Two rows of a folder's files (the lower first where it matters).
Pair = tuple[int, int]
#: Exact similarities of pairs of rows: yields each batch with its values as it is
#: done (None where a file can no longer be read), in any order.
ComparedBatches = Generator[tuple[list[Pair], list[float | None]], None, None]
PairComparer = Callable[[list[Pair]], ComparedBatches]

_SHIFT = 32
#: Rows must fit in the low half of a key.
MAX_ROWS = 1 << 31


def pair_keys(first: I64, second: I64) -> I64:
    """The key of each pair (first[k], second[k]), the lower row first (not checked)."""
    a = np.asarray(first, dtype=np.int64)
    b = np.asarray(second, dtype=np.int64)
    if len(a) and (
        min(int(np.min(a)), int(np.min(b))) < 0 or max(int(np.max(a)), int(np.max(b))) >= MAX_ROWS
    ):
        raise ValueError(f"rows must lie in [0, {MAX_ROWS})")
    keys: I64 = (a << _SHIFT) | b
    return keys


class VerifiedPairs:
    """Exact similarities of pairs of rows (the lower row first): sorted keys, values."""

    __slots__ = ("_held",)

    def __init__(self, keys: I64 | None = None, values: F64 | None = None) -> None:
        """From keys (``pair_keys``) and their values (NaN: compared, no similarity), in
        any order; where a key recurs, its last value is kept (as a dictionary's update)."""
        if keys is None or values is None:
            self._held = (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64))
        else:
            self._held = _sorted_distinct(
                np.asarray(keys, dtype=np.int64), np.asarray(values, dtype=np.float64)
            )

    @classmethod
    def of_batches(cls, keys: Sequence[I64], values: Sequence[F64]) -> VerifiedPairs:
        """From batches of keys and their values."""
        if not keys:
            return cls()
        return cls(np.concatenate(keys), np.concatenate(values))

    def __len__(self) -> int:
        return len(self._held[0])

    def lookup(self, first: I64, second: I64) -> tuple[Bools, F64]:
        """For each pair (first[k], second[k]), the lower row first: whether it was
        compared, and its similarity (NaN where it was not, or had none)."""
        keys, values = self._held
        wanted = pair_keys(first, second)
        found = np.zeros(len(wanted), dtype=bool)
        similarity = np.full(len(wanted), np.nan, dtype=np.float64)
        if len(keys) and len(wanted):
            at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
            found = keys[at] == wanted
            similarity[found] = values[at[found]]
        return found, similarity

    def get(self, a: int, b: int) -> float | None:
        """The similarity of the pair (a, b), a < b: None where not compared or none found."""
        found, similarity = self.lookup(
            np.asarray([a], dtype=np.int64), np.asarray([b], dtype=np.int64)
        )
        value = float(similarity[0])
        return value if bool(found[0]) and not np.isnan(value) else None

    def __contains__(self, pair: object) -> bool:
        if not isinstance(pair, tuple) or len(pair) != 2:
            return False
        found, _ = self.lookup(
            np.asarray([pair[0]], dtype=np.int64), np.asarray([pair[1]], dtype=np.int64)
        )
        return bool(found[0])

    def __iter__(self) -> Iterator[tuple[tuple[int, int], float | None]]:
        """Each pair (lower row first) and its similarity (None: none found), by rows."""
        keys, values = self._held
        mask = (1 << _SHIFT) - 1
        for key, value in zip(keys.tolist(), values.tolist(), strict=True):
            yield (key >> _SHIFT, key & mask), (None if value != value else value)

    def arrays(self) -> tuple[I64, F64]:
        """The keys (``pair_keys``), sorted, and their values (NaN: no similarity)."""
        return self._held

    def similarities(self) -> F64:
        """The similarities found (pairs with none left out), by rows."""
        values = self._held[1]
        found: F64 = values[~np.isnan(values)]
        return found

    def add(self, more: VerifiedPairs) -> None:
        """Take in ``more``'s pairs, its values replacing any already held (swapped in at
        once: a reader in another thread sees the old pairs or the new, never a mix)."""
        if not len(more):
            return
        keys, values = self._held
        new_keys, new_values = more._held
        self._held = _sorted_distinct(
            np.concatenate((keys, new_keys)), np.concatenate((values, new_values))
        )


def _sorted_distinct(keys: I64, values: F64) -> tuple[I64, F64]:
    """Keys sorted, each once with the last of its values."""
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    if len(keys) > 1:
        last = np.ones(len(keys), dtype=bool)
        last[:-1] = keys[1:] != keys[:-1]
        if not last.all():
            keys, values = keys[last], values[last]
    return keys, values


__all__ = ["MAX_ROWS", "ComparedBatches", "Pair", "PairComparer", "VerifiedPairs", "pair_keys"]
