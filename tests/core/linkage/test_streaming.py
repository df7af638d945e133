"""Groups handed on as they become final: the same groups as group_files, largest first."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

import numpy as np
import pytest

from simfind.core.index import frontier_search
from simfind.core.linkage import streaming
from simfind.core.linkage.grouping import (
    ComparedBatches,
    FileGroup,
    GroupingOptions,
    Pair,
    Round,
    group_files,
)
from simfind.core.linkage.streaming import components, stream_groups

T = TypeVar("T")

OPTIONS = GroupingOptions(threshold=0.6, radius=12)


def clustered(seed: int, count: int = 400) -> np.ndarray:
    """128-bit fingerprints: most alone, some with near copies (a few bits flipped), some
    shared by several rows (identical texts), a few clusters of many."""
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, 2**63, size=(count, 2), dtype=np.int64).astype(np.uint64)
    for at in range(0, count, 7):
        source = rows[rng.integers(0, count)]
        copy = source.copy()
        for _ in range(int(rng.integers(0, 6))):
            bit = int(rng.integers(0, 128))
            copy[bit // 64] ^= np.uint64(1) << np.uint64(bit % 64)
        rows[at] = copy
    return rows


class Comparer:
    """Similarities that depend on the pair alone (some below the threshold, so that
    components split), in batches of three; counts its pairs."""

    def __init__(self, on_batch: object = None) -> None:
        self.pairs: list[Pair] = []
        self.batches = 0
        self.on_batch = on_batch

    def __call__(self, pairs: list[Pair]) -> ComparedBatches:
        for start in range(0, len(pairs), 3):
            batch = pairs[start : start + 3]
            self.pairs += batch
            self.batches += 1
            if callable(self.on_batch):
                self.on_batch(self.batches)
            yield batch, [random.Random(a * 100_003 + b).uniform(0.4, 1.0) for a, b in batch]


def test_components_join_every_node_reached_through_pairs() -> None:
    i, j = np.array([0, 3, 5, 2]), np.array([4, 4, 6, 7])
    assert components(9, i, j).tolist() == [0, 1, 2, 0, 0, 5, 5, 2, 8]
    # A long chain numbered against its order still ends on its lowest node.
    chain = np.arange(50)[::-1]
    assert set(components(51, chain[1:], chain[:-1]).tolist()) == {0, 50}


@pytest.mark.parametrize("waves", [(256, 1 << 16), (4, 16)])
def test_streamed_groups_are_the_groups_of_group_files_and_come_largest_first(
    waves: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Small waves too: members compared at the head of the next wave, many waves.
    monkeypatch.setattr(streaming, "FIRST_WAVE", waves[0])
    monkeypatch.setattr(streaming, "LAST_WAVE", waves[1])
    for seed in range(4):
        rows = clustered(seed)
        whole = group_files(rows, Comparer(), OPTIONS)
        handed: list[list[FileGroup]] = []
        comparer = Comparer()
        streamed = stream_groups(rows, comparer, handed.append, OPTIONS)
        assert streamed.groups == whole.groups and len(whole.groups) > 10
        assert streamed.compared == whole.compared == len(comparer.pairs)
        assert len(set(comparer.pairs)) == len(comparer.pairs)  # each pair once
        flat = [g for batch in handed for g in batch]
        # Every group is handed on once, as it is in the result at the end.
        assert sorted(flat, key=lambda g: g.centre) == sorted(whole.groups, key=lambda g: g.centre)
        # Largest first: the largest group comes within the first tenth of them.
        largest = max(len(g.members) for g in whole.groups)
        assert largest in [len(g.members) for g in flat[: max(1, len(flat) // 10)]]
        assert streamed.found is not None and whole.found is not None
        assert dict(streamed.found.verified) == dict(whole.found.verified)


def test_groups_are_handed_on_before_the_comparisons_end() -> None:
    rows = clustered(7)
    comparer = Comparer()
    seen_at: list[int] = []
    stream_groups(rows, comparer, lambda ready: seen_at.append(comparer.batches), OPTIONS)
    assert seen_at and seen_at[0] < comparer.batches / 2


def test_a_cancel_keeps_every_group_handed_on() -> None:
    rows = clustered(11)
    whole = group_files(rows, Comparer(), OPTIONS)
    cancel = threading.Event()
    handed: list[FileGroup] = []
    comparer = Comparer(lambda batches: cancel.set() if batches == 12 else None)
    stopped = stream_groups(rows, comparer, handed.extend, OPTIONS, cancel=cancel)
    assert stopped.cancelled and stopped.found is None
    assert 0 < len(handed) < len(whole.groups)
    for group in handed:
        assert group in stopped.groups and group in whole.groups


class Inline(Executor):
    """Runs each task as it is submitted: the same answers as a pool, in a fixed order."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.fixture
def shared_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search shared by a pool however small, in many ranges; small waves, and groups
    handed on as soon as they are ready (the search moves a range a batch compared)."""
    monkeypatch.setattr(streaming, "shares_scan", lambda *args: True)
    monkeypatch.setattr(streaming, "READY_INTERVAL", 0.0)
    monkeypatch.setattr(streaming, "FIRST_WAVE", 4)
    monkeypatch.setattr(frontier_search, "RANGE_DISTANCES", 1500)
    monkeypatch.setattr(frontier_search, "FIRST_DISTANCES", 500)


class Searching:
    """Where the search is (thousandths) whenever groups are handed on."""

    def __init__(self) -> None:
        self.searched = 0
        self.handed: list[tuple[int, list[FileGroup]]] = []

    def progress(self, round_: Round, done: int, total: int) -> None:
        if round_ is Round.SEARCH:
            self.searched = 1000 * done // total

    def on_groups(self, ready: list[FileGroup]) -> None:
        self.handed.append((self.searched, ready))


@pytest.mark.usefixtures("shared_search")
def test_groups_final_during_the_search_are_handed_on_during_it() -> None:
    options = GroupingOptions(threshold=0.6, radius=12, per_fingerprint=4)
    for seed in range(4):
        rows = clustered(seed, 600)
        whole = group_files(rows, Comparer(), options)
        searching = Searching()
        comparer = Comparer()
        streamed = stream_groups(
            rows,
            comparer,
            searching.on_groups,
            options,
            searching.progress,
            executor=Inline(),
            workers=2,
        )
        assert streamed.groups == whole.groups and len(whole.groups) > 10
        assert streamed.compared == whole.compared == len(comparer.pairs)
        assert streamed.candidates == whole.candidates
        assert streamed.found is not None and whole.found is not None
        assert dict(streamed.found.verified) == dict(whole.found.verified)
        during = [g for searched, ready in searching.handed if searched < 1000 for g in ready]
        flat = [g for _, ready in searching.handed for g in ready]
        # Most groups come while the search goes on, each complete: as in the result.
        assert len(during) > len(whole.groups) / 2
        assert sorted(flat, key=lambda g: g.centre) == sorted(whole.groups, key=lambda g: g.centre)


@pytest.mark.usefixtures("shared_search")
def test_a_cancel_during_the_search_keeps_every_group_handed_on() -> None:
    rows = clustered(5, 600)
    whole = group_files(rows, Comparer(), OPTIONS)
    cancel = threading.Event()
    searching = Searching()

    def on_groups(ready: list[FileGroup]) -> None:
        searching.on_groups(ready)
        cancel.set()

    stopped = stream_groups(
        rows,
        Comparer(),
        on_groups,
        OPTIONS,
        searching.progress,
        cancel,
        executor=Inline(),
        workers=2,
    )
    handed = [g for _, ready in searching.handed for g in ready]
    assert stopped.cancelled and stopped.found is None
    assert searching.handed[0][0] < 1000 and 0 < len(handed) < len(whole.groups)
    for group in handed:
        assert group in stopped.groups and group in whole.groups
