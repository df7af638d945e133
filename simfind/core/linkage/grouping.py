"""Groups of near-duplicates among many files: fingerprints propose, exact similarity decides.

1. Identical fingerprints collapse into one node (candidates.collapse), so a
   folder of 20,000 copies costs one node, not 2·10⁸ pairs.
2. Pairs of nodes within the radius are the candidates (candidates.candidate_pairs);
   the exact similarity of their representative files decides which are similar
   (at least ``threshold``, the same verdict as a scan's).
3. Groups are complete links: every two files of a group are verified similar,
   so a chain of pairs (a~b, b~c) never merges unrelated files (a, c). On real
   data this kept every group clean where single link (connected components)
   mixed unrelated files, and it found more release pairs than groups around
   greedy centres, which split pairs between two centres (bench_groups).
4. Each member's exact similarity to its group's centre is shown; for files
   that only share a fingerprint with a node of the group, it is computed
   now, one comparison per file. A file that turns out not similar to the
   centre after all leaves the group.

Nothing here reads a file: ``compare`` computes exact similarities of pairs of
rows (it may read them in worker processes, in batches, and report progress).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import pair_distances, sorted_distinct
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.index.candidates import (
    PER_FINGERPRINT,
    SEARCH_BUDGET,
    Collapsed,
    candidate_pairs,
    collapse,
    default_radius,
    servable_radius,
)

# The pairs' types live with the verified pairs (apart.py takes them there too, so that it
# need not import this module); named here as well, where the grouping's callers look.
from simfind.core.linkage.verified import ComparedBatches as ComparedBatches
from simfind.core.linkage.verified import Pair as Pair
from simfind.core.linkage.verified import PairComparer as PairComparer
from simfind.core.linkage.verified import VerifiedPairs, pair_keys
from simfind.core.runs.progress import CancelToken, ProgressCallback, Reporter, Stage

if TYPE_CHECKING:
    from simfind.core.linkage.apart import Apart

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


class Round(str, Enum):
    """What the grouping is doing, in progress reports."""

    #: The search for pairs of similar fingerprints (counted in thousandths).
    SEARCH = "search"
    #: Candidate pairs of distinct fingerprints, compared exactly (a streamed grouping
    #: counts all its comparisons here, its total growing: streaming.py).
    CANDIDATES = "candidates"
    #: Members that share a fingerprint with a node of their group, against its centre.
    MEMBERS = "members"


#: Progress of the grouping: (round, done, total), pairs compared, or thousandths of
#: the search for pairs.
GroupingProgress = Callable[[Round, int, int], None]


def grouping_progress(callback: ProgressCallback | None) -> GroupingProgress | None:
    """The grouping's rounds as progress: the search as the "searching" stage, the exact
    comparisons as "verifying" (counts of pairs)."""
    if callback is None:
        return None
    reporters: dict[Round, Reporter] = {}

    def progress(round_: Round, done: int, total: int) -> None:
        reporter = reporters.get(round_)
        if reporter is None:
            stage: Stage = "searching" if round_ is Round.SEARCH else "verifying"
            reporter = reporters[round_] = Reporter(callback, total, 0, stage=stage)
            reporter.emit("", force=True)
        reporter.files_total = total  # a streamed grouping's grows (streaming.py)
        reporter.step(done - reporter.files_done, 0, "")
        if done == total:
            reporter.emit("", force=True)

    return progress


@dataclass(frozen=True)
class GroupingOptions:
    #: Exact similarity from which two files are near-duplicates.
    threshold: float = DEFAULT_THRESHOLD
    #: Fingerprints within this many bits are compared exactly (None: the default
    #: share of the bits, narrowed where the folder is too large to search it).
    radius: int | None = None
    per_fingerprint: int = PER_FINGERPRINT
    #: The longest search for candidate pairs (estimated seconds) before the default
    #: radius is narrowed, or an explicit one refused.
    search_budget: float = SEARCH_BUDGET


@dataclass(frozen=True)
class Member:
    row: int
    #: Exact similarity to the group's centre (1.0 for the centre; None if not
    #: compared, only after a cancel).
    similarity: float | None
    #: Hamming distance of its fingerprint to the centre's.
    distance: int


@dataclass
class FileGroup:
    """Near-duplicates: ``members[0]`` is the centre."""

    members: list[Member]

    @property
    def centre(self) -> int:
        return self.members[0].row


@dataclass
class Compared:
    """What a grouping compared, kept so that it can group the same files again at another
    threshold (``regroup``) without a search for pairs, and comparing little or nothing."""

    rows: npt.NDArray[np.uint64]
    nodes: Collapsed
    #: The candidate pairs of nodes.
    i: I64
    j: I64
    #: Every exact similarity found, by pair of rows (the lower first).
    verified: VerifiedPairs


@dataclass
class Grouping:
    groups: list[FileGroup] = field(default_factory=list)
    #: The radius used (the default may have been narrowed for a very large folder).
    radius: int = 0
    #: Distinct fingerprints, candidate pairs among them, and exact comparisons made.
    distinct: int = 0
    candidates: int = 0
    compared: int = 0
    cancelled: bool = False
    #: What was compared (None after a cancel: a regrouping would be of part of it).
    found: Compared | None = None


# ---------------------------------------------------------------------------
# Grouping nodes (distinct fingerprints) from their verified similar pairs.


def neighbours(nodes: int, i: I64, j: I64, sim: F64) -> list[dict[int, float]]:
    adjacent: list[dict[int, float]] = [{} for _ in range(nodes)]
    for a, b, s in zip(i.tolist(), j.tolist(), sim.tolist(), strict=True):
        adjacent[a][b] = s
        adjacent[b][a] = s
    return adjacent


def by_complete_link(weights: I64, i: I64, j: I64, sim: F64) -> list[list[int]]:
    """Groups of nodes in which every pair is similar, most similar pairs joined first
    (see _complete_link). Only the nodes that can be in a group take part: those with a
    similar pair or more than one file (a million records' nodes, most alone, each
    held a dictionary and a list); renumbered in order, so the groups are the same."""
    live = sorted_distinct(np.concatenate((np.flatnonzero(weights >= 2), i, j)).astype(np.int64))
    if len(live) == len(weights):
        return _complete_link(weights, i, j, sim)
    local_i, local_j = np.searchsorted(live, i), np.searchsorted(live, j)
    found = _complete_link(weights[live], local_i, local_j, sim)
    rows = live.tolist()
    return [[rows[node] for node in group] for group in found]


def _complete_link(weights: I64, i: I64, j: I64, sim: F64) -> list[list[int]]:
    """Groups of nodes in which every pair is similar, most similar pairs joined first.

    Pairs are taken by falling similarity; two groups merge when every file of
    one is similar to every file of the other (a node's own files are, sharing
    a fingerprint). Each group's centre (first) is the member most similar to the
    rest (the largest sum of similarities, weighted by files; ties: the node of more
    files, then the lower index).
    """
    count = len(weights)
    w = weights.tolist()
    size = list(w)
    owner = list(range(count))
    members: dict[int, list[int]] = {node: [node] for node in range(count)}
    links: list[dict[int, int]] = [{} for _ in range(count)]
    adjacent = neighbours(count, i, j, sim)
    for a in range(count):
        for b in adjacent[a]:
            links[a][b] = w[a] * w[b]
    order = np.lexsort((j, i, -sim))
    for edge in order.tolist():
        a, b = owner[int(i[edge])], owner[int(j[edge])]
        if a == b or links[a].get(b, 0) != size[a] * size[b]:
            continue
        if len(members[a]) < len(members[b]) or (len(members[a]) == len(members[b]) and b < a):
            a, b = b, a
        # b joins a: a inherits b's links to every other group.
        for other, value in links[b].items():
            del links[other][b]
            if other != a:
                links[a][other] = links[a].get(other, 0) + value
                links[other][a] = links[a][other]
        links[b].clear()
        for node in members[b]:
            owner[node] = a
        members[a].extend(members.pop(b))
        size[a] += size[b]
    groups = []
    for nodes in members.values():
        if size[owner[nodes[0]]] < 2:
            continue

        def closeness(node: int, nodes: list[int] = nodes) -> tuple[float, int, int]:
            near = adjacent[node]
            total = (w[node] - 1) + sum(w[o] * near[o] for o in nodes if o != node)
            return -total, -w[node], node

        centre = min(nodes, key=closeness)
        rest = sorted(
            (node for node in nodes if node != centre),
            key=lambda node: (-adjacent[centre][node], node),
        )
        groups.append([centre, *rest])
    return groups


#: How many of its most similar partners a record is shown beside, wherever complete link
#: put it (with_strays): among 100,000 clustered lines (bench_records_scale --clustered)
#: a planted copy one word from its original was often nearer other variants than its
#: original, and complete link put the two apart. Recall of the copies, and groups: beside
#: the nearest only 0.962 (30,480 groups), two 0.978 (56,022), three 0.983 (73,489);
#: main's complete link and strays 0.931 (25,199).
STRAY_PARTNERS = 3


def with_strays(weights: I64, i: I64, j: I64, sim: F64) -> list[list[int]]:
    """Complete-link groups, and no node left out of a group with its most similar partners.

    A node that complete link kept out of every group (it is similar to one
    member of a group but not to all), or put in a group without one of its
    STRAY_PARTNERS most similar partners (ties: the lower index), joins that
    partner in one more group around it: a partner and the strays that chose
    it, each verified similar to it. That partner is then in two groups. For
    records, which are reported, not moved: a line similar to one of two
    variants of a verse is still shown beside it, and a line among many
    variants of one saying beside the variants it nearly copies, wherever
    complete link put them (of two nodes that chose each other, the lower joins
    the higher).
    """
    groups = by_complete_link(weights, i, j, sim)
    group_of = np.full(len(weights), -1, dtype=np.int64)
    for number, group in enumerate(groups):
        group_of[group] = number
    stray, partner, best, rank = _best_partners(i, j, sim, STRAY_PARTNERS)
    apart = (group_of[stray] < 0) | (group_of[stray] != group_of[partner])
    stray, partner, best, rank = stray[apart], partner[apart], best[apart], rank[apart]
    # A pair chosen both ways is one stray: the end in no group, else the end whose
    # nearer partner it is, else the lower end, around the other.
    lower, upper = np.minimum(stray, partner), np.maximum(stray, partner)
    order = np.lexsort((stray > partner, rank, group_of[stray] >= 0, upper, lower))
    once = np.ones(len(order), dtype=bool)
    once[1:] = (lower[order][1:] != lower[order][:-1]) | (upper[order][1:] != upper[order][:-1])
    kept = np.sort(order[once])
    # A node in no group that chose its nearest partner is a stray as ever, with the other
    # such strays of that partner in one group; the others (a node shown beside a partner
    # complete link put elsewhere) join a group around it only where they are similar to
    # all its strays, else make another: none of them beside a record it is not similar to.
    alone = (group_of[stray[kept]] < 0) & (rank[kept] == 0)
    # The similar pairs of two strays, the only ones looked up.
    strays_only = np.isin(i, stray[kept]) & np.isin(j, stray[kept])
    similar = set(
        zip(
            np.minimum(i, j)[strays_only].tolist(),
            np.maximum(i, j)[strays_only].tolist(),
            strict=True,
        )
    )
    around: dict[int, list[tuple[bool, float, int]]] = {}
    for one, other, s, first in zip(
        stray[kept].tolist(),
        partner[kept].tolist(),
        best[kept].tolist(),
        alone.tolist(),
        strict=True,
    ):
        around.setdefault(other, []).append((not first, -s, one))
    for centre in sorted(around):
        chosen = sorted(around[centre])
        found: list[list[int]] = []
        for later, _, one in chosen:
            home = found[0] if found and not later else None
            for strays in found if later else ():
                if all((min(one, other), max(one, other)) in similar for other in strays):
                    home = strays
                    break
            if home is None:
                found.append([one])
            else:
                home.append(one)
        groups.extend([centre, *strays] for strays in found)
    return groups


def _best_partners(i: I64, j: I64, sim: F64, count: int) -> tuple[I64, I64, F64, I64]:
    """Each node of a pair with its ``count`` most similar partners (ties: the lower
    index), their similarities and their ranks (0: the nearest); by node, then rank."""
    ends = np.concatenate((i, j))
    others = np.concatenate((j, i))
    values = np.concatenate((sim, sim))
    order = np.lexsort((others, -values, ends))
    ends, others, values = ends[order], others[order], values[order]
    first = np.ones(len(ends), dtype=bool)
    first[1:] = ends[1:] != ends[:-1]
    starts = np.flatnonzero(first)
    rank = np.arange(len(ends)) - np.repeat(starts, np.diff(np.append(starts, len(ends))))
    near = rank < count
    return ends[near], others[near], values[near], rank[near]


#: Groups nodes from their similar pairs: (weights, i, j, similarities) -> groups of
#: nodes, each with its centre first.
Grouper = Callable[[I64, I64, I64, F64], list[list[int]]]
#: Another search for candidate pairs of nodes than by fingerprint distance (records by
#: the million: records.search): the nodes -> (i, j, distance), i < j, sorted.
CandidateSearch = Callable[[Collapsed], tuple[I64, I64, I64]]


# ---------------------------------------------------------------------------
# The whole job over files' fingerprints.


#: Pairs handed to a comparer at once: a million records' 4.7 million candidate pairs as
#: one list of tuples of Python ints took about half a gigabyte of the parent.
_COMPARE_CHUNK = 1 << 16


def _compare_all(
    first: I64,
    second: I64,
    compare: PairComparer,
    round_: Round,
    progress: GroupingProgress | None,
    cancel: CancelToken | None,
    on_batch: Callable[[list[Pair], list[float | None]], None] | None = None,
) -> tuple[VerifiedPairs, bool]:
    """Similarities of the pairs (first[k], second[k]), distinct, the lower row first,
    handed to ``compare`` a chunk at a time; stops early (second value True) on a cancel.
    ``on_batch`` sees each batch with its values as it comes (streaming.py)."""
    total = len(first)
    keys: list[I64] = []
    values: list[F64] = []
    if not total:
        return VerifiedPairs(), False
    if progress is not None:
        progress(round_, 0, total)
    if cancel is not None and cancel.is_set():
        return VerifiedPairs(), True
    done = 0
    for start in range(0, total, _COMPARE_CHUNK):
        chunk = list(
            zip(
                first[start : start + _COMPARE_CHUNK].tolist(),
                second[start : start + _COMPARE_CHUNK].tolist(),
                strict=True,
            )
        )
        batches = compare(chunk)
        try:
            for batch, found in batches:
                ends = np.asarray(batch, dtype=np.int64).reshape(-1, 2)
                keys.append(pair_keys(ends[:, 0], ends[:, 1]))
                # None (no similarity) becomes NaN; a float keeps its value.
                values.append(np.asarray(found, dtype=np.float64).reshape(-1))
                if on_batch is not None:
                    on_batch(batch, found)
                done += len(batch)
                if progress is not None:
                    progress(round_, done, total)
                if cancel is not None and cancel.is_set():
                    return VerifiedPairs.of_batches(keys, values), True
        finally:
            batches.close()  # a comparer's pending work is dropped at once
    return VerifiedPairs.of_batches(keys, values), False


def local_order(nodes: int, i: I64, j: I64) -> I64:
    """An order of the pairs (i, j) that keeps each node's pairs near its neighbours'.

    Nodes are numbered in breadth-first order over the pairs, and pairs taken by
    their earlier end, then their other end: a file then recurs within a short
    stretch of pairs, while a worker still holds it prepared (comparing.py).
    """
    if len(i) == 0:
        return np.empty(0, dtype=np.int64)
    ends = np.concatenate((i, j))
    others = np.concatenate((j, i))[np.argsort(ends, kind="stable")]
    starts = np.searchsorted(np.sort(ends), np.arange(nodes + 1)).tolist()
    visit = [-1] * nodes
    position = 0
    for root in range(nodes):
        if visit[root] >= 0 or starts[root] == starts[root + 1]:
            continue
        visit[root] = position
        position += 1
        queue = deque([root])
        while queue:
            node = queue.popleft()
            for other in others[starts[node] : starts[node + 1]].tolist():
                if visit[other] < 0:
                    visit[other] = position
                    position += 1
                    queue.append(other)
    seen = np.asarray(visit, dtype=np.int64)
    earlier = np.minimum(seen[i], seen[j])
    later = np.maximum(seen[i], seen[j])
    return np.lexsort((later, earlier))


def group_files(
    fingerprints: npt.NDArray[np.uint64],
    compare: PairComparer,
    options: GroupingOptions = GroupingOptions(),
    progress: GroupingProgress | None = None,
    cancel: CancelToken | None = None,
    grouper: Grouper | None = None,
    executor: Executor | None = None,
    workers: int = 1,
    search: CandidateSearch | None = None,
    apart: Apart | None = None,
) -> Grouping:
    """Groups of near-duplicates among the files whose fingerprints are the rows given.

    ``compare`` gives exact similarities of pairs of rows; ``grouper`` forms the
    groups (complete link unless another is given, e.g. by a benchmark);
    ``executor`` (with its number of ``workers``) shares the search for pairs; ``search``,
    where given, finds the candidate pairs instead of the radius; the pairs ``apart``
    holds are not similar, never compared (apart.py). Raises
    candidates.RadiusTooWideError for an explicit radius the index cannot serve; the
    default radius is narrowed instead (``Grouping.radius`` says to what).
    Groups come largest first (ties: the lower centre row); members after the
    centre by falling similarity, then row. A cancel keeps what was compared:
    groups from the pairs verified so far, members not compared with their
    centre have no similarity.
    """
    if apart:
        compare = apart.comparer(compare)
    result, nodes, i, j = search_pairs(
        fingerprints, options, progress, cancel, executor, workers, search, apart
    )
    if result.cancelled:
        return result
    first = nodes.first.astype(np.int64)
    # Nodes are numbered by their first row, so first[a] < first[b] where a < b.
    verified, result.cancelled = _compare_all(
        first[i], first[j], compare, Round.CANDIDATES, progress, cancel
    )
    result.compared = len(verified)
    found = Compared(np.asarray(fingerprints, dtype=np.uint64), nodes, i, j, verified)
    return _form(found, options.threshold, compare, result, grouper, progress, cancel, apart)


def search_pairs(
    fingerprints: npt.NDArray[np.uint64],
    options: GroupingOptions = GroupingOptions(),
    progress: GroupingProgress | None = None,
    cancel: CancelToken | None = None,
    executor: Executor | None = None,
    workers: int = 1,
    search: CandidateSearch | None = None,
    apart: Apart | None = None,
) -> tuple[Grouping, Collapsed, I64, I64]:
    """group_files' first half: the distinct fingerprints (nodes) and the candidate pairs
    of nodes (i < j), with the Grouping begun (radius, counts; cancelled on a cancel)."""
    result, nodes = begin_search(fingerprints, options, apart)
    i, j = find_pairs(result, nodes, options, progress, cancel, executor, workers, search)
    return result, nodes, i, j


def begin_search(
    fingerprints: npt.NDArray[np.uint64],
    options: GroupingOptions = GroupingOptions(),
    apart: Apart | None = None,
    weights: I64 | None = None,
) -> tuple[Grouping, Collapsed]:
    """The distinct fingerprints (nodes; each row of a pair ``apart`` a node of its own),
    and the Grouping begun with their count and the radius to search within; ``weights``:
    how many files each row stands for."""
    rows = np.asarray(fingerprints, dtype=np.uint64)
    bits = 64 * rows.shape[1]
    result = Grouping()
    nodes = apart.collapse(rows, weights) if apart else collapse(rows, weights)
    result.distinct = len(nodes.unique)
    radius = options.radius
    if radius is None:
        radius = servable_radius(
            len(nodes.unique), bits, default_radius(bits), options.search_budget
        )
    result.radius = radius
    return result, nodes


def find_pairs(
    result: Grouping,
    nodes: Collapsed,
    options: GroupingOptions = GroupingOptions(),
    progress: GroupingProgress | None = None,
    cancel: CancelToken | None = None,
    executor: Executor | None = None,
    workers: int = 1,
    search: CandidateSearch | None = None,
) -> tuple[I64, I64]:
    """The candidate pairs of nodes (i < j) within ``result.radius``, counted in ``result``
    (cancelled on a cancel)."""
    searching = None if progress is None else partial(progress, Round.SEARCH)
    if search is not None:
        i, j, _ = search(nodes)
    else:
        i, j, _ = candidate_pairs(
            nodes.unique,
            result.radius,
            options.per_fingerprint,
            executor,
            workers,
            cancel,
            options.search_budget,
            searching,
        )
    result.candidates = len(i)
    result.cancelled = cancel is not None and cancel.is_set()
    return i, j


def regroup(
    found: Compared,
    threshold: float,
    compare: PairComparer,
    grouper: Grouper | None = None,
    progress: GroupingProgress | None = None,
    cancel: CancelToken | None = None,
    apart: Apart | None = None,
) -> Grouping:
    """The groups of the same files at another threshold, from what was compared: only
    the members new to a centre are compared now (``compare``), often none.

    The pairs ``apart`` holds are not similar, whatever was compared; where one of their
    rows shared a node with other rows, it becomes a node of its own, and the candidate
    pairs that gives it are compared now."""
    if apart:
        compare = apart.comparer(compare)
    result = Grouping(radius=0, distinct=len(found.nodes.unique), candidates=len(found.i))
    if apart and not apart.separates(found.nodes):
        nodes, i, j = apart.regrouped(found.nodes, found.i, found.j)
        found = Compared(found.rows, nodes, i, j, found.verified)
        ends = nodes.first.astype(np.int64)
        known, _ = found.verified.lookup(ends[i], ends[j])
        more, result.cancelled = _compare_all(
            ends[i[~known]], ends[j[~known]], compare, Round.CANDIDATES, progress, cancel
        )
        found.verified.add(more)
        result.compared += len(more)
        result.distinct, result.candidates = len(nodes.unique), len(i)
        if result.cancelled:
            return result
    return _form(found, threshold, compare, result, grouper, progress, cancel, apart)


def _form(
    found: Compared,
    threshold: float,
    compare: PairComparer,
    result: Grouping,
    grouper: Grouper | None,
    progress: GroupingProgress | None,
    cancel: CancelToken | None,
    apart: Apart | None = None,
) -> Grouping:
    """Group the nodes whose pairs are similar at ``threshold``, compare each file with
    its group's centre where that is not known yet (counted in ``result.compared``), and
    return ``result`` with its groups, and what was compared unless it was cancelled.
    The pairs ``apart`` holds have no similarity, whatever ``found`` says."""
    nodes, i, j, verified = found.nodes, found.i, found.j, found.verified
    ends = nodes.first.astype(np.int64)
    # All candidate pairs looked up at once (NaN: not compared, or no similarity, which
    # is never at the threshold).
    _, candidate_sim = verified.lookup(ends[i], ends[j])
    if apart:
        candidate_sim[apart.among(ends[i], ends[j])] = np.nan
    keep = np.flatnonzero(candidate_sim >= threshold).astype(np.int64)
    node_sim = candidate_sim[keep]
    node_groups = (grouper or by_complete_link)(nodes.files, i[keep], j[keep], node_sim)

    # Every file of every group against its centre: most pairs are known already.
    first = nodes.first.tolist()
    shared = nodes.shared_rows()  # not every node's rows: of 100,000, 0.13 s
    planned: list[tuple[int, list[int]]] = []
    for group in node_groups:
        centre = first[group[0]]
        files = [row for node in group for row in nodes.rows(node, shared) if row != centre]
        planned.append((centre, files))
    lower, upper = _member_pairs(planned)
    kept_apart = apart.among(lower, upper) if apart else np.zeros(len(lower), dtype=bool)
    if not result.cancelled:
        known, _ = verified.lookup(lower, upper)
        known |= kept_apart
        # A centre's comparisons together, so it is read once per batch; each pair once.
        todo = sorted(set(zip(lower[~known].tolist(), upper[~known].tolist(), strict=True)))
        todo_ends = np.asarray(todo, dtype=np.int64).reshape(-1, 2)
        more, result.cancelled = _compare_all(
            todo_ends[:, 0], todo_ends[:, 1], compare, Round.MEMBERS, progress, cancel
        )
        verified.add(more)
        result.compared += len(more)
    looked_up = verified.lookup(lower, upper)
    looked_up[0][kept_apart], looked_up[1][kept_apart] = True, np.nan
    result.groups = _assemble(found.rows, planned, looked_up, threshold)
    if not result.cancelled:
        result.found = found
    return result


def _member_pairs(planned: list[tuple[int, list[int]]]) -> tuple[I64, I64]:
    """Each (centre, other row) of ``planned`` in order, as (lower row, higher row)."""
    centres = np.asarray([c for c, files in planned for _ in files], dtype=np.int64)
    others = np.asarray([row for _, files in planned for row in files], dtype=np.int64)
    return np.minimum(centres, others), np.maximum(centres, others)


def _assemble(
    rows: npt.NDArray[np.uint64],
    planned: list[tuple[int, list[int]]],
    looked_up: tuple[npt.NDArray[np.bool_], F64],
    threshold: float,
) -> list[FileGroup]:
    """FileGroups from (centre, other rows), with whether each pair (in ``_member_pairs``'
    order) was compared and its similarity: files compared and found not similar leave."""
    compared = looked_up[0].tolist()
    similarities = looked_up[1].tolist()
    centres = np.asarray([c for c, files in planned for _ in files], dtype=np.int64)
    others = np.asarray([row for _, files in planned for row in files], dtype=np.int64)
    distances = pair_distances(rows, centres, others).tolist()  # all at once
    at = 0
    groups = []
    for centre, files in planned:
        members = [Member(centre, 1.0, 0)]
        for row in files:
            known, found, distance = compared[at], similarities[at], distances[at]
            at += 1
            value = None if found != found else found  # NaN: none found (or not compared)
            if known and (value is None or value < threshold):
                continue  # compared, and not (or no longer) similar to the centre
            members.append(Member(row, value, distance))
        if len(members) < 2:
            continue
        members[1:] = sorted(
            members[1:],
            key=lambda m: (m.similarity is None, -(m.similarity or 0.0), m.row),
        )
        groups.append(FileGroup(members))
    groups.sort(key=lambda g: (-len(g.members), g.centre))
    return groups
