"""An order of the fingerprints for the search for pairs: likely near-duplicates first.

The scan takes its rows in order, each against every row after it, so once the
rows up to k are searched every pair touching them is known, and a group whose
files all lie before k is final (groups.closing). Putting first the rows likely
to be in a group lets those groups be final after a small part of the search:

* fingerprints several files share (exact copies, known before any search);
* fingerprints within the radius of another that agrees with it exactly on one
  block of 16 bits (21 above 2¹⁷ fingerprints, so that unrelated ones rarely
  agree): a few sorts, and a check of the few pairs in each bucket. It finds most
  near copies (pairs within a third of the radius), and a pair it misses is
  found by the search all the same, only later.

Likely rows come by their likely group, the most files first, so that the
largest groups tend to be final first; the others keep their order. The order
changes when groups are final, never which pairs are found.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import components, pair_distances

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

#: Above this many fingerprints, blocks of 21 bits rather than 16: the pairs of
#: unrelated fingerprints in a bucket grow with the square of their number.
WIDE_FROM = 1 << 17
#: Rows sharing a block's bits are paired only with the next few in the bucket: a
#: bucket of thousands (a cluster of similar files) costs no more than this each.
BUCKET_NEIGHBOURS = 8


def _block_keys(rows: U64, width: int) -> list[npt.NDArray[np.unsignedinteger]]:
    """Each fingerprint's bits cut into blocks of ``width`` within its 64-bit lanes, in
    the narrowest type that holds them (16 bits sort by radix, several times faster)."""
    mask = np.uint64((1 << width) - 1)
    kind = np.uint16 if width <= 16 else np.uint32
    return [
        ((rows[:, lane] >> np.uint64(shift)) & mask).astype(kind)
        for lane in range(rows.shape[1])
        for shift in range(0, 64 - width + 1, width)
    ]


def likely_pairs(rows: U64, radius: int) -> tuple[I64, I64]:
    """Pairs of rows (i < j) within ``radius`` that agree exactly on a block: some of all
    the pairs within it (most of the nearest), found in a few sorts."""
    count = len(rows)
    width = 21 if count > WIDE_FROM else 16
    found_i: list[I64] = []
    found_j: list[I64] = []
    for key in _block_keys(rows, width):
        order = np.argsort(key, kind="stable").astype(np.int64)
        ordered = key[order]
        for step in range(1, BUCKET_NEIGHBOURS):
            same = np.flatnonzero(ordered[step:] == ordered[:-step])
            if not len(same):
                break
            found_i.append(order[same])
            found_j.append(order[same + step])
    if not found_i:
        empty = np.empty(0, dtype=np.int64)
        return empty, empty.copy()
    a, b = np.concatenate(found_i), np.concatenate(found_j)
    near = pair_distances(rows, a, b) <= radius
    return np.minimum(a, b)[near], np.maximum(a, b)[near]


def likely_first(rows: U64, counts: I64, radius: int) -> tuple[I64, int]:
    """An order of the rows (the row at each position) and how many come first as likely
    in a group: those ``counts`` says several files share, and those of likely_pairs,
    by likely group (most files first; ties: the lower row), then the others in order."""
    count = len(rows)
    i, j = likely_pairs(rows, radius)
    label = components(count, i, j)  # likely groups, each named by its lowest row
    files = np.bincount(label, weights=counts, minlength=count).astype(np.int64)
    likely = np.flatnonzero(files[label] >= 2)
    ranked = likely[np.lexsort((likely, label[likely], -files[label[likely]]))]
    rest = np.ones(count, dtype=bool)
    rest[ranked] = False
    return np.concatenate((ranked, np.flatnonzero(rest))).astype(np.int64), len(ranked)


__all__ = ["likely_first", "likely_pairs"]
