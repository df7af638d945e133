"""Which candidate pairs a complete-link grouping must compare exactly, and only those.

Lines that cluster (a log's lines around their templates, a saying copied with
many small edits) make cliques of candidates: 25 near-variants are 300 pairs,
and comparing every candidate pair grew with the pairs, not the lines. Most of
those pairs decide nothing: complete link (grouping._complete_link) takes the
similar pairs by falling similarity and merges two groups only where every pair
across them is similar, so a pair inside one group, or across two groups that
one dissimilar pair already keeps apart for good (groups only grow), is never
looked at again.

Here the grouping is run as complete link runs it, on bounds first: every
candidate pair has its similarity, or where that needs a call per pair
(pair_table.PairTable.estimates), a bound it cannot exceed. Pairs are taken by
falling value; a bound taken is compared then, and comes back in its place by
its true similarity, so the similar pairs are met in complete link's own order.
A merge compares the pairs across the two groups it still needs, the least
promising first, and stops at the first that is not similar. Nodes left in no
group then have every pair compared that could be similar (grouping.with_strays
chooses among them). The pairs compared and the values found without a call are
returned: grouping the similar ones among them by complete link (and strays)
gives the groups that comparing every candidate pair gives.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from simfind.core.groups.verified import VerifiedPairs, pair_keys
from simfind.core.runs.progress import CancelToken

if TYPE_CHECKING:
    from simfind.core.groups.grouping import GroupingProgress

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
B = npt.NDArray[np.bool_]

#: (rows a, rows b) -> each pair's similarity, or a bound on it where ``pending``.
Estimates = Callable[[I64, I64], tuple[F64, B]]
#: The exact similarity of one pair of rows (None: none could be found).
Exact = Callable[[int, int], float | None]

#: Exact comparisons between two looks at the cancel token and two progress reports.
_CANCEL_EVERY = 256


@dataclass
class LazyComparer:
    """What grouping.group_files and regroup need to compare only the pairs complete link
    needs: each pair's value or bound (``estimates``), one pair's exact similarity."""

    estimates: Estimates
    exact: Exact
    #: Exact comparisons made by the last ``needed`` (what ``Grouping.compared`` counts).
    calls: int = 0

    def needed(
        self,
        weights: I64,
        i: I64,
        j: I64,
        first: I64,
        threshold: float,
        progress: GroupingProgress | None = None,
        cancel: CancelToken | None = None,
        known: VerifiedPairs | None = None,
    ) -> tuple[VerifiedPairs, bool]:
        """needed_pairs of the candidate pairs of nodes (i, j), the nodes' rows ``first``;
        progress as pairs taken of all candidates (grouping.Round.CANDIDATES)."""
        from simfind.core.groups.grouping import Round

        def step(done: int, total: int) -> None:
            if progress is not None:
                progress(Round.CANDIDATES, done, total)

        found, self.calls, cancelled = needed_pairs(
            weights, i, j, first[i], first[j], threshold, self.estimates, self.exact, cancel,
            known, step,
        )  # fmt: skip
        return found, cancelled


def needed_pairs(
    weights: I64,
    i: I64,
    j: I64,
    rows_i: I64,
    rows_j: I64,
    threshold: float,
    estimates: Estimates,
    exact: Exact,
    cancel: CancelToken | None = None,
    known: VerifiedPairs | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[VerifiedPairs, int, bool]:
    """The similarities complete link at ``threshold`` needs among the candidate pairs of
    nodes (i[k], j[k]), i < j, whose representative rows are (rows_i[k], rows_j[k]):
    (the pairs found, how many were compared exactly now, cancelled). ``weights``: files
    per node; ``known``: similarities found before (a regrouping's), not compared again;
    ``progress``: (pairs taken, all candidates) now and then."""
    value, pending = estimates(rows_i, rows_j)
    if known is not None and len(known):
        found, before = known.lookup(rows_i, rows_j)
        value = np.where(found, before, value)
        pending = pending & ~found
    # Only pairs that may reach the threshold take part (any other pair across two groups
    # keeps them apart, as a pair that is no candidate does), numbered in the order they
    # are taken: by falling value, bounds before exact values where equal (an exact value
    # is taken once every bound that could reach it is compared), then by nodes, as
    # _complete_link orders its pairs; a bound compared comes back through `again`.
    above = np.flatnonzero(value >= threshold)
    above = above[np.lexsort((j[above], i[above], ~pending[above], -value[above]))]
    ends_i: list[int] = i[above].tolist()
    ends_j: list[int] = j[above].tolist()
    first_value: list[float] = value[above].tolist()
    first_pending: list[bool] = pending[above].tolist()
    current, waiting = list(first_value), list(first_pending)
    nodes = len(weights)
    index = {a * nodes + b: edge for edge, (a, b) in enumerate(zip(ends_i, ends_j, strict=True))}
    total = len(i)
    at = 0
    calls = 0
    cancelled = False
    # Similar pairs found by a comparison, to be taken in their place: (-value, i, j, edge).
    again: list[tuple[float, int, int, int]] = []

    def compare(edge: int) -> float:
        nonlocal calls, cancelled
        row = int(above[edge])
        found = exact(int(rows_i[row]), int(rows_j[row]))
        calls += 1
        if calls % _CANCEL_EVERY == 0:
            cancelled = cancel is not None and cancel.is_set()
            if progress is not None:
                progress(min(at, len(above)), total)
        waiting[edge] = False
        current[edge] = float("nan") if found is None else found
        if current[edge] >= threshold:
            heapq.heappush(again, (-current[edge], ends_i[edge], ends_j[edge], edge))
        return current[edge]

    def similar(edge: int) -> bool:
        return (compare(edge) if waiting[edge] else current[edge]) >= threshold

    w = weights.tolist()
    owner = list(range(nodes))
    members: dict[int, list[int]] = {node: [node] for node in range(nodes)}
    apart: dict[int, set[int]] = {}

    def mergeable(a: int, b: int) -> bool:
        """Whether every pair across groups a and b is a similar candidate (comparing those
        pending, least promising first, until one is not)."""
        across = []
        for x in members[a]:
            for y in members[b]:
                edge = index.get(x * nodes + y if x < y else y * nodes + x)
                if edge is None or not current[edge] >= threshold:
                    return False
                if waiting[edge]:
                    across.append(edge)
        across.sort(key=lambda edge: (current[edge], edge))
        return all(similar(edge) for edge in across)

    while (at < len(above) or again) and not cancelled:
        if at < len(above):
            edge = at
            mine = (-first_value[edge], 0 if first_pending[edge] else 1, ends_i[edge])
            take = not again or (*mine, ends_j[edge]) < (again[0][0], 1, *again[0][1:3])
        else:
            take = False
        if take:
            at += 1
            if first_pending[edge]:
                a, b = owner[ends_i[edge]], owner[ends_j[edge]]
                if waiting[edge] and a != b and b not in apart.get(a, ()):
                    compare(edge)  # comes back through `again` if similar
                continue  # (or decides nothing, now or later; strays: below)
        else:
            edge = heapq.heappop(again)[3]
        a, b = owner[ends_i[edge]], owner[ends_j[edge]]
        if a == b or b in apart.get(a, ()):
            continue
        if not mergeable(a, b):
            apart.setdefault(a, set()).add(b)
            apart.setdefault(b, set()).add(a)
            continue
        if len(members[a]) < len(members[b]) or (len(members[a]) == len(members[b]) and b < a):
            a, b = b, a
        for other in apart.pop(b, set()):
            apart[other].discard(b)
            apart[other].add(a)
            apart.setdefault(a, set()).add(other)
        for node in members[b]:
            owner[node] = a
        members[a].extend(members.pop(b))
    if not cancelled:
        # Nodes in no group choose among all their similar partners (grouping.with_strays).
        size = {group: sum(w[node] for node in nodes) for group, nodes in members.items()}
        for edge in range(len(above)):
            if cancelled:
                break
            if waiting[edge] and (size[owner[ends_i[edge]]] < 2 or size[owner[ends_j[edge]]] < 2):
                compare(edge)
    if progress is not None and not cancelled:
        progress(total, total)
    value[above] = current
    pending[above] = waiting
    done = np.flatnonzero(~pending)
    pairs = VerifiedPairs(pair_keys(rows_i[done], rows_j[done]), value[done])
    return pairs, calls, cancelled
