"""Groups handed on as each becomes final, largest first, while the rest is compared.

grouping.group_files compares every candidate pair, then forms the groups. But a
group depends only on the pairs of its component (the nodes joined by candidate
pairs): complete link never joins two components, and a centre and the members
compared with it lie in the component. So a component whose pairs are all
compared can be grouped alone, and its groups shown, while others are still
compared. Components go to the comparer largest first (most files), so the
largest groups come first:

1. each component's candidate pairs, or, for a node no candidate pair touches
   (a fingerprint several files share), its files against its first. A
   component done is grouped; its groups are ready unless files of them are
   still to be compared with their centre;
2. those files with their centres, at the head of the next wave of step 1's pairs.

At the end the groups are formed from every pair compared, as group_files forms
them (grouping._form): the same groups, members and order as group_files gives;
those handed on before are among them, equal. A cancel keeps what was compared,
as group_files does: every group handed on, and the groups of the pairs compared
in components not finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor

import numpy as np
import numpy.typing as npt

from simfind.core.groups.grouping import (
    Compared,
    FileGroup,
    Grouper,
    Grouping,
    GroupingOptions,
    GroupingProgress,
    Pair,
    PairComparer,
    Round,
    _assemble,
    _compare_all,
    _form,
    _member_pairs,
    by_complete_link,
    search_pairs,
)
from simfind.core.groups.verified import VerifiedPairs
from simfind.core.index.candidates import Collapsed
from simfind.core.runs.progress import CancelToken

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

#: Takes groups as they become final (each batch largest first).
GroupsReady = Callable[[list[FileGroup]], None]
#: Ready groups are handed on at most this often (seconds), the first at once.
READY_INTERVAL = 0.2
#: Step 1's pairs in the first wave, and at most in one (each wave ends with a pause of
#: the workers while its last batches finish, so the waves grow).
FIRST_WAVE = 256
LAST_WAVE = 1 << 16


def components(count: int, i: I64, j: I64) -> I64:
    """Each node's component: the lowest node joined to it through the pairs (i, j)."""
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


def _split(keys: I64, count: int) -> list[I64]:
    """For each k < count, the positions of ``keys`` equal to k, ascending."""
    order = np.argsort(keys, kind="stable")
    return np.split(order, np.searchsorted(keys[order], np.arange(1, count)))


def _rows_of_shared(nodes: Collapsed) -> dict[int, I64]:
    """The rows of each node that several rows share, ascending (Collapsed.rows_of for
    these alone: of 100,000 rows, splitting out every node's took a quarter second)."""
    shared = np.flatnonzero(nodes.counts >= 2)
    rows = np.flatnonzero(np.isin(nodes.inverse, shared))
    rows = rows[np.argsort(nodes.inverse[rows], kind="stable")]
    parts = np.split(rows, np.cumsum(nodes.counts[shared])[:-1]) if len(shared) else []
    return dict(zip(shared.tolist(), parts, strict=True))


class _Components:
    """The components of at least two files, by rank (most files first; ties: the lower
    node), with their nodes and candidate pairs, and what is left to compare in each."""

    def __init__(self, nodes: Collapsed, i: I64, j: I64) -> None:
        counts = nodes.counts
        label = components(len(counts), i, j)
        files = np.bincount(label, weights=counts, minlength=len(counts)).astype(np.int64)
        heads = np.flatnonzero((label == np.arange(len(label))) & (files >= 2))
        ranked = heads[np.lexsort((heads, -files[heads]))]
        rank = np.full(len(counts), -1, dtype=np.int64)
        rank[ranked] = np.arange(len(ranked))
        #: Each node's component's rank (-1: a file alike to none).
        self.rank_of = rank[label]
        self.count = len(ranked)
        held = np.flatnonzero(self.rank_of >= 0)
        self.nodes = [held[k] for k in _split(self.rank_of[held], self.count)]
        self.edges = _split(self.rank_of[i], self.count) if len(i) else []
        self.left = np.zeros(self.count, dtype=np.int64)

    def of_rows(self, rows: list[int], inverse: I64) -> I64:
        return self.rank_of[inverse[np.asarray(rows, dtype=np.int64)]]


class _Stream:
    """The bookkeeping of one streamed grouping: similarities found, components done."""

    def __init__(
        self,
        rows: npt.NDArray[np.uint64],
        nodes: Collapsed,
        i: I64,
        j: I64,
        threshold: float,
        grouper: Grouper,
        on_groups: GroupsReady,
    ) -> None:
        self.rows, self.nodes, self.i, self.j = rows, nodes, i, j
        self.threshold, self.grouper, self.on_groups = threshold, grouper, on_groups
        self.parts = _Components(nodes, i, j)
        self.first = nodes.first.astype(np.int64)
        self.copies = _rows_of_shared(nodes)
        self.found: dict[Pair, float | None] = {}
        #: Components grouped whose members still wait for a comparison with their centre.
        self.waiting: dict[int, list[tuple[int, list[int]]]] = {}
        #: Those of them whose members are being compared (``left`` counts their pairs).
        self.issued: set[int] = set()
        self.ready: list[FileGroup] = []
        self.handed = 0.0

    def first_pairs(self) -> tuple[I64, I64]:
        """Step 1's pairs, component by component, largest first (``left`` counts them)."""
        parts, first = self.parts, self.first
        lower: list[I64] = []
        upper: list[I64] = []
        for rank in range(parts.count):
            edges = parts.edges[rank] if parts.edges else np.empty(0, dtype=np.int64)
            if len(edges):
                lower.append(first[self.i[edges]])
                upper.append(first[self.j[edges]])
            else:  # one node: its files against its first (its lowest row)
                files = self.copies[int(parts.nodes[rank][0])]
                lower.append(np.full(len(files) - 1, files[0], dtype=np.int64))
                upper.append(files[1:].astype(np.int64))
            parts.left[rank] = len(lower[-1])
        if not lower:
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
        return np.concatenate(lower), np.concatenate(upper)

    def compared(self, batch: list[Pair], values: list[float | None]) -> None:
        """A batch of pairs: the components whose step 1 it completes are grouped, those
        whose step 2 it completes are ready."""
        self.found.update(zip(batch, values, strict=True))
        parts = self.parts
        ranks = parts.of_rows([a for a, _ in batch], self.nodes.inverse)
        np.subtract.at(parts.left, ranks, 1)
        for rank in sorted(set(ranks[parts.left[ranks] == 0].tolist())):
            if rank in self.issued:
                self.issued.discard(rank)
                self._assemble(self.waiting.pop(rank))
            else:
                self._group(rank)
        self.hand_on()

    def _group(self, rank: int) -> None:
        parts, first = self.parts, self.first
        members = parts.nodes[rank]
        edges = parts.edges[rank] if parts.edges else np.empty(0, dtype=np.int64)
        if len(edges):
            a, b = self.i[edges], self.j[edges]
            _, sim = self._lookup(first[a], first[b])
            keep = sim >= self.threshold
            local = self.grouper(
                self.nodes.counts[members],
                np.searchsorted(members, a[keep]),
                np.searchsorted(members, b[keep]),
                sim[keep],
            )
            node_groups = [[int(members[k]) for k in group] for group in local]
        else:
            node_groups = [[int(members[0])]]
        planned = []
        for group in node_groups:
            centre = int(first[group[0]])
            files = [r for node in group for r in self._rows(node) if r != centre]
            planned.append((centre, files))
        lower, upper = _member_pairs(planned)
        known, _ = self._lookup(lower, upper)
        if known.all():
            self._assemble(planned)
        else:
            self.waiting[rank] = planned

    def _rows(self, node: int) -> list[int]:
        """The node's rows, ascending."""
        shared = self.copies.get(node)
        return [int(self.first[node])] if shared is None else shared.tolist()

    def member_pairs(self) -> tuple[I64, I64]:
        """Step 2's pairs: the members of the components waiting, not compared with their
        centre, component by component (each pair once, ascending, as _form takes them)."""
        lower: list[I64] = []
        upper: list[I64] = []
        for rank in sorted(set(self.waiting) - self.issued):
            self.issued.add(rank)
            first, second = _member_pairs(self.waiting[rank])
            known, _ = self._lookup(first, second)
            todo = sorted(set(zip(first[~known].tolist(), second[~known].tolist(), strict=True)))
            ends = np.asarray(todo, dtype=np.int64).reshape(-1, 2)
            lower.append(ends[:, 0])
            upper.append(ends[:, 1])
            self.parts.left[rank] = len(todo)
        if not lower:
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
        return np.concatenate(lower), np.concatenate(upper)

    def _assemble(self, planned: list[tuple[int, list[int]]]) -> None:
        looked_up = self._lookup(*_member_pairs(planned))
        self.ready += _assemble(self.rows, planned, looked_up, self.threshold)

    def _lookup(self, lower: I64, upper: I64) -> tuple[npt.NDArray[np.bool_], F64]:
        """As VerifiedPairs.lookup, from the similarities found so far."""
        found = self.found
        pairs = list(zip(lower.tolist(), upper.tolist(), strict=True))
        known = np.fromiter((p in found for p in pairs), dtype=bool, count=len(pairs))
        values = [found.get(p) for p in pairs]
        sim = np.asarray([np.nan if v is None else v for v in values], dtype=np.float64)
        return known, sim.reshape(-1)

    def hand_on(self, force: bool = False) -> None:
        """The groups ready, largest first, at most every READY_INTERVAL (the first at once)."""
        now = time.monotonic()
        if self.ready and (force or not self.handed or now - self.handed >= READY_INTERVAL):
            ready, self.ready = self.ready, []
            ready.sort(key=lambda g: (-len(g.members), g.centre))
            self.handed = now
            self.on_groups(ready)


def stream_groups(
    fingerprints: npt.NDArray[np.uint64],
    compare: PairComparer,
    on_groups: GroupsReady,
    options: GroupingOptions | None = None,
    progress: GroupingProgress | None = None,
    cancel: CancelToken | None = None,
    grouper: Grouper | None = None,
    executor: Executor | None = None,
    workers: int = 1,
) -> Grouping:
    """As grouping.group_files (the same result), each group handed to ``on_groups`` as
    soon as every pair it rests on is compared, the largest components first.

    Step 1's pairs go in waves (FIRST_WAVE pairs, then twice as many each time), each
    led by step 2's pairs of the components the last one grouped (one wave's end, where
    workers wait for its last batches, not two): a large group waiting for its members
    comes soon after the groups of its wave. Progress counts every comparison as
    Round.CANDIDATES, its total growing as members to compare become known.
    """
    options = options or GroupingOptions()
    result, nodes, i, j = search_pairs(fingerprints, options, progress, cancel, executor, workers)
    if result.cancelled:
        return result
    rows = np.asarray(fingerprints, dtype=np.uint64)
    stream = _Stream(rows, nodes, i, j, options.threshold, grouper or by_complete_link, on_groups)
    lower, upper = stream.first_pairs()
    verified = VerifiedPairs()
    total, offset = len(lower), 0

    def counted(_round: Round, done: int, _total: int) -> None:
        if progress is not None:
            progress(Round.CANDIDATES, offset + done, total)

    start, wave = 0, FIRST_WAVE
    while not result.cancelled:
        # The members of the components the last wave grouped first, then step 1's next.
        first, second = stream.member_pairs()
        total += len(first)
        part = slice(start, start + wave)
        start, wave = start + wave, min(2 * wave, LAST_WAVE)
        first, second = np.concatenate((first, lower[part])), np.concatenate((second, upper[part]))
        if not len(first):
            break
        found, result.cancelled = _compare_all(
            first, second, compare, Round.CANDIDATES, counted, cancel, stream.compared
        )
        verified.add(found)
        offset += len(found)
    stream.hand_on(force=True)
    result.compared = len(verified)
    found_all = Compared(rows, nodes, i, j, verified)
    return _form(found_all, options.threshold, compare, result, grouper, progress, cancel)


__all__ = ["GroupsReady", "components", "stream_groups"]
