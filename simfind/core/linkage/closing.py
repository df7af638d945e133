"""Which components are final while the search for pairs goes on.

A group depends only on its component: the nodes (distinct fingerprints) joined
by candidate pairs (streaming.py). The search takes its rows in an order, each
against every row after it (index.frontier_search), so once it is past a
position every pair touching a row before it is known. Then a component of the
pairs found so far whose rows all lie before that position is final: every pair
touching it is known and lies inside it, so no later pair can join it to
another. Its candidate pairs are final too: each row keeps its nearest partners
(candidates.nearest_per_node), and all the partners of its rows are known. Its
pairs cut so may split it into several components, each final.

Components with a row still ahead wait; at the end of the search every one is
final. The components given, first to last, are those of the whole search's
pairs, each once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import components
from simfind.core.index.candidates import nearest_per_node
from simfind.core.index.pigeonhole import Pairs

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Part:
    """A component of at least two files: its nodes, ascending, and its candidate pairs
    of nodes (a < b, sorted; none for one node several files share)."""

    nodes: I64
    a: I64
    b: I64
    files: int

    @property
    def head(self) -> int:
        return int(self.nodes[0])


def _split(keys: I64, values: I64) -> list[I64]:
    """``values`` cut by their ``keys`` (ascending keys, each part in its order)."""
    order = np.argsort(keys, kind="stable")
    cuts = np.flatnonzero(np.diff(keys[order])) + 1
    return np.split(values[order], cuts)


def parts_of(counts: I64, a: I64, b: I64, nodes: I64 | None = None) -> list[Part]:
    """The components of at least two files that the pairs (a, b) of nodes (a < b, sorted)
    make among ``nodes`` (ascending; all where None), which hold every pair's ends."""
    count = len(counts)
    kept = components(count, a, b)
    nodes = np.arange(count, dtype=np.int64) if nodes is None else nodes
    files = np.bincount(kept[nodes], weights=counts[nodes], minlength=count).astype(np.int64)
    nodes = nodes[files[kept[nodes]] >= 2]
    if not len(nodes):
        return []
    heads = np.unique(kept[nodes])
    by_node = _split(kept[nodes], nodes)
    by_pair = dict.fromkeys(heads.tolist(), np.empty(0, dtype=np.int64))
    if len(a):
        for edges in _split(kept[a], np.arange(len(a), dtype=np.int64)):
            by_pair[int(kept[a[edges[0]]])] = edges
    return [
        Part(members, a[by_pair[head]], b[by_pair[head]], int(files[head]))
        for head, members in zip(heads.tolist(), by_node, strict=True)
    ]


class Closure:
    """The components final so far, of nodes with ``counts`` files each, searched in
    ``order`` (the node at each position), each keeping its ``limit`` nearest partners."""

    def __init__(self, counts: I64, order: I64, limit: int) -> None:
        self.counts = counts
        self.limit = limit
        self.position = np.empty(len(counts), dtype=np.int64)
        self.position[order] = np.arange(len(order), dtype=np.int64)
        #: Nodes whose component was given (or that are in none).
        self.given = np.zeros(len(counts), dtype=bool)
        self._held: list[Pairs] = []

    def add(self, pairs: Pairs) -> None:
        """Pairs of nodes found (i < j), each range's cut to its nearest partners."""
        if len(pairs[0]):
            self._held.append(pairs)

    def closed(self, frontier: int) -> list[Part]:
        """The components not given before whose every node lies before ``frontier`` (every
        pair touching those is known)."""
        count = len(self.counts)
        i, j, d = self._joined()
        label = components(count, i, j)
        last = self.position.copy()  # each component's last position, at its label
        ends = np.concatenate((i, j))
        np.maximum.at(last, label[ends], self.position[ends])
        final = (self.position < frontier) & ~self.given & (last[label] < frontier)
        self.given |= final
        inside = final[i]  # a pair touching a final component lies inside it
        self._held = [(i[~inside], j[~inside], d[~inside])] if (~inside).any() else []
        a, b, _ = nearest_per_node((i[inside], j[inside], d[inside]), self.limit)
        return parts_of(self.counts, a, b, np.flatnonzero(final))

    def _joined(self) -> Pairs:
        if not self._held:
            empty = np.empty(0, dtype=np.int64)
            return empty, empty.copy(), empty.copy()
        i, j, d = (np.concatenate(column) for column in zip(*self._held, strict=True))
        return i, j, d


__all__ = ["Closure", "Part", "parts_of"]
