"""Groups handed on as each becomes final, largest first, while the rest is searched and
compared.

grouping.group_files searches for every candidate pair, compares them all, then
forms the groups. But a group depends only on the pairs of its component (the
nodes joined by candidate pairs): complete link never joins two components, and
a centre and the members compared with it lie in the component. So a component
whose pairs are all compared can be grouped alone, and its groups shown, while
others are still searched for and compared:

1. a component is final once every pair touching it is known (closing.py): where
   a pool shares the search, the search takes likely near-duplicates first
   (index.search_order) a range of rows at a time (index.frontier_search), and
   components become final while it goes on, most of them after its first
   ranges; otherwise all at its end;
2. each final component's candidate pairs are compared, or, for a node no
   candidate pair touches (a fingerprint several files share), its files against
   its first, the most files first. A component done is grouped; its groups are
   ready unless files of them are still to be compared with their centre;
3. those files with their centres, at the head of the next wave of step 2's pairs.

While the search goes on, its ranges and the comparisons take turns in the pool:
until the first groups are handed on, one worker is kept for comparing them;
then each worker takes the comparisons queued when its range ends.
At the end the groups are formed from every pair compared, as group_files forms
them (grouping._form): the same groups, members and order as group_files gives;
those handed on before are among them, equal. A cancel keeps what was compared, as
group_files does: every group handed on, and the groups of the pairs compared in
components final but not finished.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import components
from simfind.core.index.candidates import Collapsed, check_radius, shares_scan
from simfind.core.index.frontier_search import FrontierSearch
from simfind.core.index.pigeonhole import SEARCH_STEPS
from simfind.core.index.search_order import likely_first
from simfind.core.linkage.closing import Closure, Part, parts_of
from simfind.core.linkage.grouping import (
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
    begin_search,
    by_complete_link,
    find_pairs,
)
from simfind.core.linkage.verified import VerifiedPairs
from simfind.core.runs.progress import CancelToken

if TYPE_CHECKING:
    from simfind.core.linkage.apart import Apart

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

#: Takes groups as they become final (each batch largest first).
GroupsReady = Callable[[list[FileGroup]], None]
#: Ready groups are handed on at most this often (seconds), the first at once.
READY_INTERVAL = 0.2
#: Step 2's pairs in the first wave, and at most in one (each wave ends with a pause of
#: the workers while its last batches finish, so the waves grow).
FIRST_WAVE = 256
LAST_WAVE = 1 << 16
#: With nothing to compare, how long to wait for the search at a time (seconds).
SEARCH_POLL = 0.05


class _Stream:
    """The bookkeeping of one streamed grouping: the final components (parts) given, by
    number, what is left to compare in each, similarities found, groups ready."""

    def __init__(
        self,
        rows: npt.NDArray[np.uint64],
        nodes: Collapsed,
        threshold: float,
        grouper: Grouper,
        on_groups: GroupsReady,
    ) -> None:
        self.rows, self.nodes = rows, nodes
        self.threshold, self.grouper, self.on_groups = threshold, grouper, on_groups
        self.first = nodes.first.astype(np.int64)
        self.copies = nodes.shared_rows()
        #: Each node's part (-1: in none yet).
        self.part_of = np.full(len(nodes.counts), -1, dtype=np.int64)
        self.parts: list[Part] = []
        #: Pairs of the current step (1 or 2) of each part not compared yet.
        self.left: list[int] = []
        #: Parts whose step 1 has pairs not handed to the comparer: (-files, head, number),
        #: and the rest of the one being handed out.
        self.queue: list[tuple[int, int, int]] = []
        self.current: tuple[I64, I64] = (np.empty(0, dtype=np.int64),) * 2
        self.found: dict[Pair, float | None] = {}
        #: Parts grouped whose members still wait for a comparison with their centre.
        self.waiting: dict[int, list[tuple[int, list[int]]]] = {}
        #: Those of them whose members are being compared (``left`` counts their pairs).
        self.issued: set[int] = set()
        self.ready: list[FileGroup] = []
        self.handed = 0.0
        #: Pairs to compare known so far (the total of the progress).
        self.planned = 0

    def add(self, parts: list[Part]) -> None:
        """Final components, to be compared (the most files first)."""
        for part in parts:
            number = len(self.parts)
            self.parts.append(part)
            self.part_of[part.nodes] = number
            count = len(part.a) if len(part.a) else int(part.files) - 1
            self.left.append(count)
            self.planned += count
            heapq.heappush(self.queue, (-part.files, part.head, number))

    def busy(self) -> bool:
        """Whether anything is left to hand to the comparer."""
        return bool(self.queue) or len(self.current[0]) > 0 or bool(set(self.waiting) - self.issued)

    def given(self, node: int) -> bool:
        return bool(self.part_of[node] >= 0)

    def _first_pairs(self, part: Part) -> tuple[I64, I64]:
        """Step 1's pairs of a part: its candidate pairs' first rows, or for one node, its
        files against its first (its lowest row)."""
        if len(part.a):
            return self.first[part.a], self.first[part.b]
        files = self.copies[part.head]
        return np.full(len(files) - 1, files[0], dtype=np.int64), files[1:].astype(np.int64)

    def next_wave(self, size: int) -> tuple[I64, I64]:
        """Step 2's pairs of the parts grouped since the last wave, then up to ``size`` of
        step 1's, part by part, the most files first."""
        lower, upper = self.member_pairs()
        parts_lower, parts_upper = [lower], [upper]
        while size > 0:
            if not len(self.current[0]):
                if not self.queue:
                    break
                self.current = self._first_pairs(self.parts[heapq.heappop(self.queue)[2]])
            a, b = self.current
            parts_lower.append(a[:size])
            parts_upper.append(b[:size])
            self.current = a[size:], b[size:]
            size -= len(parts_lower[-1])
        return np.concatenate(parts_lower), np.concatenate(parts_upper)

    def compared(self, batch: list[Pair], values: list[float | None]) -> None:
        """A batch of pairs: the parts whose step 1 it completes are grouped, those whose
        step 2 it completes are ready."""
        self.found.update(zip(batch, values, strict=True))
        lower = np.asarray([a for a, _ in batch], dtype=np.int64)
        numbers = self.part_of[self.nodes.inverse[lower]].tolist()
        for number in numbers:
            self.left[number] -= 1
        for number in sorted({n for n in numbers if self.left[n] == 0}):
            if number in self.issued:
                self.issued.discard(number)
                self._assemble(self.waiting.pop(number))
            else:
                self._group(number)
        self.hand_on()

    def _group(self, number: int) -> None:
        part, first = self.parts[number], self.first
        members = part.nodes
        if len(part.a):
            a, b = part.a, part.b
            _, sim = self._lookup(first[a], first[b])
            keep = sim >= self.threshold
            local = self.grouper(
                self.nodes.files[members],
                np.searchsorted(members, a[keep]),
                np.searchsorted(members, b[keep]),
                sim[keep],
            )
            node_groups = [[int(members[k]) for k in group] for group in local]
        else:
            node_groups = [[part.head]]
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
            self.waiting[number] = planned

    def _rows(self, node: int) -> list[int]:
        """The node's rows, ascending."""
        return self.nodes.rows(node, self.copies)

    def member_pairs(self) -> tuple[I64, I64]:
        """Step 2's pairs: the members of the parts waiting, not compared with their centre,
        part by part, the most files first (each pair once, ascending, as _form takes them)."""
        lower: list[I64] = [np.empty(0, dtype=np.int64)]
        upper: list[I64] = [np.empty(0, dtype=np.int64)]
        todo_parts = set(self.waiting) - self.issued
        for number in sorted(todo_parts, key=lambda n: (-self.parts[n].files, self.parts[n].head)):
            self.issued.add(number)
            first, second = _member_pairs(self.waiting[number])
            known, _ = self._lookup(first, second)
            todo = sorted(set(zip(first[~known].tolist(), second[~known].tolist(), strict=True)))
            if not todo:  # compared meanwhile: ready now
                self.issued.discard(number)
                self._assemble(self.waiting.pop(number))
                continue
            ends = np.asarray(todo, dtype=np.int64).reshape(-1, 2)
            lower.append(ends[:, 0])
            upper.append(ends[:, 1])
            self.left[number] = len(todo)
            self.planned += len(todo)
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


class _Waves:
    """The stream's pairs handed to the comparer a wave at a time (FIRST_WAVE pairs, then
    twice as many each time), what they gave, and how many."""

    def __init__(self, stream: _Stream, compare: PairComparer, cancel: CancelToken | None):
        self.stream, self.compare, self.cancel = stream, compare, cancel
        self.verified = VerifiedPairs()
        self.size = FIRST_WAVE
        self.done = 0

    def run(
        self,
        progress: GroupingProgress | None,
        on_batch: Callable[[list[Pair], list[float | None]], None],
    ) -> bool | None:
        """One wave: None where nothing is left to compare, else whether it was cancelled.
        ``progress`` counts every comparison as Round.CANDIDATES, its total growing."""
        stream = self.stream
        first, second = stream.next_wave(self.size)
        if not len(first):
            return None
        self.size = min(2 * self.size, LAST_WAVE)
        counted = None
        if progress is not None:
            report = progress

            def counted(_round: Round, done: int, _total: int) -> None:
                report(Round.CANDIDATES, self.done + done, stream.planned)

        found, cancelled = _compare_all(
            first, second, self.compare, Round.CANDIDATES, counted, self.cancel, on_batch
        )
        self.verified.add(found)
        self.done += len(found)
        return cancelled


def _while_searching(
    search: FrontierSearch,
    closure: Closure,
    waves: _Waves,
    workers: int,
    progress: GroupingProgress | None,
    cancel: CancelToken | None,
) -> bool:
    """Compare the components final while the search goes on; whether it was cancelled."""
    stream = waves.stream

    def ranges() -> int:
        """Ranges to run at a time: until the first groups are handed on, one worker is
        kept for comparing them; then the comparisons queue between the ranges."""
        return workers - 1 if stream.busy() and not stream.handed else workers

    def compared(batch: list[Pair], values: list[float | None]) -> None:
        stream.compared(batch, values)
        search.pump(0.0, ranges())  # ranges keep coming while comparisons run

    search.search_first()
    while True:
        taken = search.take()
        if taken:
            for pairs in taken:
                closure.add(pairs)
            stream.add(closure.closed(search.frontier))
            if progress is not None:
                progress(Round.SEARCH, search.thousandths, SEARCH_STEPS)
        stream.hand_on()
        if cancel is not None and cancel.is_set():
            return True
        if search.finished:
            return False
        if not stream.busy():
            search.pump(SEARCH_POLL, ranges())
            continue
        search.pump(0.0, ranges())
        if waves.run(None, compared):
            return True


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
    apart: Apart | None = None,
    weights: I64 | None = None,
) -> Grouping:
    """As grouping.group_files (the same result), each group handed to ``on_groups`` as
    soon as every pair it rests on is compared, the largest components first. The pairs
    ``apart`` holds are not similar (apart.py): the comparer answers them first.
    ``weights``: how many files each row stands for (itself and its copies), which the
    centre of a group is chosen by.

    Where ``executor`` shares the search among its ``workers`` (candidates.shares_scan),
    components final during the search are compared during it. Pairs go in waves,
    each led by step 3's pairs of the components the last one grouped (one wave's end,
    where workers wait for its last batches, not two): a large group waiting for its
    members comes soon after the groups of its wave. Progress counts the search as
    Round.SEARCH, then every comparison as Round.CANDIDATES, its total growing as
    members to compare become known.
    """
    options = options or GroupingOptions()
    if apart:
        compare = apart.comparer(compare)
    rows = np.asarray(fingerprints, dtype=np.uint64)
    result, nodes = begin_search(rows, options, apart, weights)
    stream = _Stream(rows, nodes, options.threshold, grouper or by_complete_link, on_groups)
    waves = _Waves(stream, compare, cancel)
    count, bits = len(nodes.unique), 64 * rows.shape[1]
    if executor is not None and count and shares_scan(count, bits, result.radius, workers):
        check_radius(result.radius, bits, count, options.search_budget)
        if progress is not None:
            progress(Round.SEARCH, 0, SEARCH_STEPS)
        order, head = likely_first(nodes.unique, nodes.counts, result.radius)
        limit = options.per_fingerprint
        search = FrontierSearch(nodes.unique, result.radius, order, head, limit, executor, workers)
        closure = Closure(nodes.counts, order, limit)
        try:
            result.cancelled = _while_searching(search, closure, waves, workers, progress, cancel)
        finally:
            search.stop()
        i, j, _ = search.pairs()
        result.candidates = len(i)
        if not result.cancelled:
            stream.add(closure.closed(count))
            waves.size = FIRST_WAVE  # the rest's largest groups soon, as at the start
    else:
        i, j = find_pairs(result, nodes, options, progress, cancel, executor, workers)
        if not result.cancelled:
            stream.add(parts_of(nodes.counts, i, j))
    while not result.cancelled:
        cancelled = waves.run(progress, stream.compared)
        if cancelled is None:
            break
        result.cancelled = cancelled
    stream.hand_on(force=True)
    result.compared = len(waves.verified)
    if result.cancelled and not stream.parts:
        return result
    found = Compared(rows, nodes, i, j, waves.verified)
    grouping = _form(found, options.threshold, compare, result, grouper, progress, cancel, apart)
    if grouping.cancelled:  # only the groups of final components: others may grow
        grouping.groups = [g for g in grouping.groups if stream.given(nodes.inverse[g.centre])]
    return grouping


__all__ = ["GroupsReady", "components", "stream_groups"]
