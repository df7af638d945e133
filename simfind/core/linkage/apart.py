"""Pairs of files never grouped together (the ignore list's): pairs that are not similar.

Groups are complete links, every two members verified similar; a pair kept apart
is a pair whose comparison found no similarity (None, as for a file that can no
longer be read), so each of its files can still group with others, never the two
together. Three things make that hold wherever a grouping looks at a pair:

* the comparer answers None for such a pair, without reading either file, so
  that the streamed grouping (streaming.py), whose final components (closing.py)
  are grouped as their comparisons come back, sees it as it sees any pair;
* each file of such a pair is a node of its own: files that share a fingerprint
  are one node, taken as similar to each other without a comparison, which two
  identical copies kept apart are not;
* grouping._form looks such pairs up as not similar, whatever was compared before
  (a regrouping at another threshold, after a pair was set apart since).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from simfind.core.index.candidates import Collapsed, collapse
from simfind.core.linkage.verified import ComparedBatches, Pair, PairComparer, pair_keys

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


class Apart:
    """Pairs of rows that are never similar, each the lower row first."""

    __slots__ = ("_keys", "pairs", "rows")

    def __init__(self, pairs: Iterable[Pair] = ()) -> None:
        self.pairs = frozenset((min(a, b), max(a, b)) for a, b in pairs if a != b)
        ends = sorted(self.pairs)
        first = np.asarray([a for a, _ in ends], dtype=np.int64)
        second = np.asarray([b for _, b in ends], dtype=np.int64)
        self._keys = np.sort(pair_keys(first, second))
        #: Every row of a pair, ascending.
        self.rows = np.unique(np.concatenate((first, second)))

    def __bool__(self) -> bool:
        return bool(self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def among(self, lower: I64, upper: I64) -> Bools:
        """Which of the pairs (lower[k], upper[k]), the lower row first, are kept apart."""
        if not self.pairs or not len(lower):
            return np.zeros(len(lower), dtype=bool)
        keys = pair_keys(np.asarray(lower, dtype=np.int64), np.asarray(upper, dtype=np.int64))
        found = np.searchsorted(self._keys, keys)
        inside = found < len(self._keys)
        hits = np.zeros(len(keys), dtype=bool)
        hits[inside] = self._keys[found[inside]] == keys[inside]
        return hits

    def comparer(self, compare: PairComparer) -> PairComparer:
        """``compare``, answering None (no similarity) for the pairs kept apart, which it is
        not asked about."""
        if not self.pairs:
            return compare
        pairs = self.pairs

        def compared(asked: list[Pair]) -> ComparedBatches:
            apart = [p for p in asked if (min(p), max(p)) in pairs]
            if apart:
                yield apart, [None] * len(apart)
            rest = [p for p in asked if (min(p), max(p)) not in pairs] if apart else asked
            if rest:
                batches = compare(rest)
                try:
                    yield from batches
                finally:
                    batches.close()

        return compared

    def collapse(
        self, fingerprints: npt.NDArray[np.uint64], weights: I64 | None = None
    ) -> Collapsed:
        """candidates.collapse (``weights``: how many files each row stands for), but each
        row of a pair a node of its own (``unique`` may then hold a fingerprint twice; nodes
        are still numbered by their first row)."""
        rows = np.asarray(fingerprints, dtype=np.uint64)
        if not self.pairs:
            return collapse(rows, weights)
        tag = np.zeros((len(rows), 1), dtype=np.uint64)
        tag[self.rows, 0] = self.rows.astype(np.uint64) + np.uint64(1)
        tagged = collapse(np.hstack((rows, tag)), weights)
        unique = np.ascontiguousarray(rows[tagged.first])
        return replace(tagged, unique=unique)

    def separates(self, nodes: Collapsed) -> bool:
        """Whether each row of a pair is a node of its own in ``nodes``."""
        return not len(self.rows) or bool((nodes.counts[nodes.inverse[self.rows]] == 1).all())

    def regrouped(self, nodes: Collapsed, i: I64, j: I64) -> tuple[Collapsed, I64, I64]:
        """The nodes of the same rows with each row of a pair a node of its own, and the
        candidate pairs (i < j, sorted) of those nodes: each old pair between the pieces of
        its nodes, and the pieces of one old node with each other (they shared a
        fingerprint). Only the pairs touching a piece are new."""
        rows = np.asarray(nodes.unique[nodes.inverse], dtype=np.uint64)
        new = self.collapse(rows, nodes.row_weights)
        old_of = nodes.inverse[new.first]  # each new node's old node
        pieces: dict[int, list[int]] = {}
        for node, old in enumerate(old_of.tolist()):
            pieces.setdefault(old, []).append(node)
        piece_of = np.empty(len(nodes.counts), dtype=np.int64)  # (of an old node not split)
        piece_of[old_of] = np.arange(len(old_of), dtype=np.int64)
        split = np.asarray(sorted(o for o, p in pieces.items() if len(p) > 1), dtype=np.int64)
        plain = ~(np.isin(i, split) | np.isin(j, split))
        a, b = [piece_of[i[plain]]], [piece_of[j[plain]]]
        more: list[Pair] = []
        for x, y in zip(i[~plain].tolist(), j[~plain].tolist(), strict=True):
            more += [(p, q) for p in pieces[x] for q in pieces[y]]
        for old in split.tolist():
            own = pieces[old]
            more += [(p, q) for k, p in enumerate(own) for q in own[k + 1 :]]
        ends = np.asarray(more, dtype=np.int64).reshape(-1, 2)
        a.append(np.minimum(ends[:, 0], ends[:, 1]))
        b.append(np.maximum(ends[:, 0], ends[:, 1]))
        first, second = np.concatenate(a), np.concatenate(b)
        order = np.lexsort((second, first))
        return new, first[order], second[order]


__all__ = ["Apart"]
