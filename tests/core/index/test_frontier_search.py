"""The search for pairs a range at a time, likely near-duplicates first, and the components
final while it goes on."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

import numpy as np
import pytest

from simfind.core.index import frontier_search
from simfind.core.index.candidates import bounded_pairs, candidate_pairs, collapse
from simfind.core.index.frontier_search import (
    FrontierSearch,
    cut_rows,
    ordered_range_pairs,
    search_ranges,
)
from simfind.core.index.search_order import likely_first, likely_pairs
from simfind.core.linkage.closing import Closure, Part, parts_of

T = TypeVar("T")


class Inline(Executor):
    """Runs each task as it is submitted: the same answers as a pool, in a fixed order."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        self.submitted += 1
        future: Future[T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def dense(seed: int, count: int = 500) -> np.ndarray:
    """128-bit fingerprints: most alone, near copies (a few bits flipped) of some, rows
    shared by several, and one cluster of 40 near one another (more partners than a row
    keeps, so that the cut to the nearest decides)."""
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, 2**63, size=(count, 2), dtype=np.int64).astype(np.uint64)

    def flipped(source: np.ndarray, most: int) -> np.ndarray:
        copy = source.copy()
        for _ in range(int(rng.integers(0, most + 1))):
            bit = int(rng.integers(0, 128))
            copy[bit // 64] ^= np.uint64(1) << np.uint64(bit % 64)
        return copy

    for at in range(0, count, 6):
        rows[at] = flipped(rows[rng.integers(0, count)], 8)
    centre = rows[3].copy()
    for at in rng.choice(count, 40, replace=False):
        rows[at] = flipped(centre, 5)
    return rows


def as_set(parts: list[Part]) -> set[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    return {(tuple(p.nodes.tolist()), tuple(p.a.tolist()), tuple(p.b.tolist())) for p in parts}


def test_ranges_cover_every_row_once_the_head_in_one_per_worker() -> None:
    for n, head in ((1000, 0), (1000, 37), (7, 7), (2, 1)):
        ranges = search_ranges(n, head, 2)
        edges = [a for a, _ in ranges] + [ranges[-1][1]]
        assert edges[0] == 0 and edges[-1] == n - 1
        assert all(a < b for a, b in ranges) and edges == sorted(set(edges))
        if 0 < head < n - 1:
            assert head in edges and len([r for r in ranges if r[1] <= head]) <= 3
    assert cut_rows(1, 0, 1, 4) == []


def test_likely_pairs_are_near_and_likely_rows_come_first() -> None:
    rows = dense(1)
    nodes = collapse(rows)
    unique = nodes.unique
    i, j = likely_pairs(unique, 12)
    distance = np.bitwise_count(unique[i] ^ unique[j]).sum(axis=1)
    assert len(i) > 20 and (distance <= 12).all() and (i < j).all()
    order, head = likely_first(unique, nodes.counts, 12)
    assert sorted(order.tolist()) == list(range(len(unique)))
    likely = set(order[:head].tolist())
    assert set(np.flatnonzero(nodes.counts >= 2).tolist()) <= likely
    assert set(i.tolist()) | set(j.tolist()) <= likely
    # Most of the pairs a full search finds within a third of the radius, among them.
    near, far, d = candidate_pairs(unique, 12, per_fingerprint=1000)
    close = d <= 4
    found = sum(a in likely and b in likely for a, b in zip(near[close], far[close], strict=True))
    assert found >= 0.9 * close.sum()


def test_the_search_in_ranges_finds_the_candidate_pairs_of_one_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(frontier_search, "RANGE_DISTANCES", 2000)
    monkeypatch.setattr(frontier_search, "FIRST_DISTANCES", 1000)
    for seed, limit in ((2, 64), (3, 4)):
        unique = collapse(dense(seed)).unique
        expected = candidate_pairs(unique, 12, per_fingerprint=limit)
        order = np.random.default_rng(seed).permutation(len(unique)).astype(np.int64)
        pool = Inline()
        search = FrontierSearch(unique, 12, order, 50, limit, pool, 2)
        search.search_first()  # the likeliest rows here, before any worker
        assert pool.submitted == 0 and search.frontier == search.ranges[1][0] > 0
        assert len(search.take()) == 1
        while not search.finished:
            search.pump(0.0, 2)
        assert pool.submitted == len(search.ranges) - 1 > 10
        assert search.frontier == len(unique) and search.thousandths == 1000
        for got, want in zip(search.pairs(), expected, strict=True):
            assert got.tolist() == want.tolist()


def test_components_final_during_the_search_are_those_of_all_pairs() -> None:
    # Ranges come back out of order; rows searched likely first, or in a random order;
    # a row keeps only its 3 nearest partners: each part given is final, given once.
    early = 0
    for seed in range(4):
        rng = random.Random(seed)
        nodes = collapse(dense(seed + 10))
        count, limit = len(nodes.unique), 3
        if seed % 2:
            order = np.random.default_rng(seed).permutation(count).astype(np.int64)
        else:
            order, _ = likely_first(nodes.unique, nodes.counts, 12)
        ordered = np.ascontiguousarray(nodes.unique[order])
        ranges = cut_rows(count, 0, count, 40)
        found = [ordered_range_pairs(ordered, order, 12, a, b, limit) for a, b in ranges]
        i, j, _ = bounded_pairs(found, limit)
        expected = as_set(parts_of(nodes.counts, i, j))
        closure = Closure(nodes.counts, order, limit)
        back: set[int] = set()
        given: list[Part] = []
        for index in sorted(range(len(ranges)), key=lambda k: k + rng.uniform(0, 6)):
            closure.add(found[index])
            back.add(index)
            lowest = min(set(range(len(ranges))) - back, default=len(ranges))
            frontier = ranges[lowest][0] if lowest < len(ranges) else count
            closed = closure.closed(frontier)
            early += len(closed) if lowest < len(ranges) else 0
            given += closed
        given += closure.closed(count)
        assert len(given) == len(as_set(given))  # each once
        assert as_set(given) == expected and len(expected) > 20
    assert early > 0
