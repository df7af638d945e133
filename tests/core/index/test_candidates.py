"""Candidates for grouping: identical fingerprints collapse, pairs are bounded, radii checked."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from simfind.core.index import candidates
from simfind.core.index.candidates import (
    RadiusProblem,
    RadiusTooWideError,
    bounded_pairs,
    candidate_pairs,
    check_radius,
    collapse,
    default_radius,
    nearest_per_node,
    servable_radius,
    widest_radius,
)
from simfind.core.index.pigeonhole import (
    near_pairs,
    pairs_within,
    plan_search,
    scan_pairs,
    table_pairs,
)
from simfind.core.records.search import RECORD_SEARCH_BUDGET
from tests.core.index.test_index import as_set, oracle, planted


def test_collapse_keeps_the_order_of_first_appearance() -> None:
    rng = np.random.default_rng(0)
    distinct = rng.integers(0, 2**64, size=(4, 2), dtype=np.uint64)
    rows = distinct[[3, 1, 3, 2, 1, 0, 3]]
    nodes = collapse(rows)
    assert nodes.inverse.tolist() == [0, 1, 0, 2, 1, 3, 0]
    assert nodes.first.tolist() == [0, 1, 3, 5]
    assert nodes.counts.tolist() == [3, 2, 1, 1]
    assert np.array_equal(nodes.unique, distinct[[3, 1, 2, 0]])
    assert [r.tolist() for r in nodes.rows_of()] == [[0, 2, 6], [1, 4], [3], [5]]
    shared = nodes.shared_rows()
    assert [nodes.rows(node, shared) for node in range(4)] == [[0, 2, 6], [1, 4], [3], [5]]


def test_collapse_agrees_with_numpy_unique_of_rows() -> None:
    # Lanes that agree on the first and differ on the second, or the other way round.
    rng = np.random.default_rng(1)
    for lanes in (1, 2):
        rows = rng.integers(0, 3, size=(300, lanes), dtype=np.uint64) << np.uint64(62)
        nodes = collapse(rows)
        _, first, inverse, counts = np.unique(
            rows, axis=0, return_index=True, return_inverse=True, return_counts=True
        )
        by_first = np.argsort(first)
        rank = np.argsort(by_first)
        assert nodes.first.tolist() == first[by_first].tolist()
        assert nodes.counts.tolist() == counts[by_first].tolist()
        assert nodes.inverse.tolist() == rank[inverse.reshape(-1)].tolist()
        assert np.array_equal(nodes.unique, rows[first[by_first]])
        # Each node's rows, from the shared ones alone, as rows_of splits them all out.
        shared = nodes.shared_rows()
        assert set(shared) == set(np.flatnonzero(nodes.counts >= 2).tolist())
        every = nodes.rows_of()
        assert [nodes.rows(node, shared) for node in range(len(every))] == [
            part.tolist() for part in every
        ]


def test_twenty_thousand_copies_are_one_node() -> None:
    rows = np.full((20_000, 2), 12345, dtype=np.uint64)
    nodes = collapse(rows)
    assert len(nodes.unique) == 1
    assert nodes.counts.tolist() == [20_000]
    i, _, _ = candidate_pairs(nodes.unique, default_radius(128))
    assert len(i) == 0


def test_collapse_of_nothing() -> None:
    nodes = collapse(np.empty((0, 2), dtype=np.uint64))
    assert nodes.unique.shape == (0, 2)
    assert len(nodes.first) == len(nodes.inverse) == len(nodes.counts) == 0


def nearest_oracle(i, j, d, nodes: int, limit: int) -> list[tuple[int, int, int]]:
    kept = set()
    for node in range(nodes):
        mine = sorted(
            (int(d[k]), int(j[k] if i[k] == node else i[k]), k)
            for k in range(len(i))
            if node in (i[k], j[k])
        )
        kept.update(k for _, _, k in mine[:limit])
    return sorted((int(i[k]), int(j[k]), int(d[k])) for k in kept)


def random_pairs(rng: np.random.Generator, nodes: int, count: int):
    i = rng.integers(0, nodes, count)
    j = rng.integers(0, nodes, count)
    keep = i < j
    key = np.unique(i[keep] * 10_000 + j[keep])
    i, j = key // 10_000, key % 10_000
    return i, j, rng.integers(0, 40, len(i))


@pytest.mark.parametrize("limit", [1, 3, 10])
def test_each_node_keeps_its_nearest_partners(limit: int) -> None:
    rng = np.random.default_rng(limit)
    i, j, d = random_pairs(rng, 200, 3000)
    got = nearest_per_node((i, j, d), limit)
    assert list(zip(*(part.tolist() for part in got), strict=True)) == nearest_oracle(
        i, j, d, 200, limit
    )


def test_cutting_in_parts_gives_the_same_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(3)
    i, j, d = random_pairs(rng, 300, 6000)
    whole = nearest_per_node((i, j, d), 4)
    monkeypatch.setattr(candidates, "_PRUNE_AT", 300)
    parts = [(i[s : s + 250], j[s : s + 250], d[s : s + 250]) for s in range(0, len(i), 250)]
    cut = bounded_pairs(parts, 4)
    assert all(np.array_equal(a, b) for a, b in zip(whole, cut, strict=True))


def test_candidates_are_every_pair_within_the_radius_when_unbounded() -> None:
    rng = np.random.default_rng(5)
    rows = planted(rng, 1500, 128, 30)
    expected = oracle(rows, 30)
    assert len(expected) > 100
    got = candidate_pairs(rows, 30, per_fingerprint=10_000)
    assert as_set(got) == expected


def test_a_dense_cluster_costs_at_most_the_limit_per_fingerprint() -> None:
    # 400 distinct fingerprints within a few bits of each other: 79,800 pairs within
    # the radius, of which each keeps its 8 nearest.
    rng = np.random.default_rng(8)
    base = rng.integers(0, 2**64, size=(1, 2), dtype=np.uint64)
    rows = np.repeat(base, 400, axis=0)
    for row in range(400):
        for bit in rng.choice(128, size=3, replace=False):
            rows[row, bit // 64] ^= np.uint64(1 << int(bit % 64))
    rows = np.unique(rows, axis=0)
    i, j, d = candidate_pairs(rows, 32, per_fingerprint=8)
    assert len(i) <= 8 * len(rows)
    degree = np.bincount(np.concatenate((i, j)), minlength=len(rows))
    assert degree.min() >= 8
    full = oracle(rows, 32)
    for node in range(0, len(rows), 37):
        mine = sorted(dist for a, b, dist in full if node in (a, b))
        kept = sorted(int(x) for x, a, b in zip(d, i, j, strict=True) if node in (a, b))
        assert kept[:8] == mine[:8]


def binomial_tail(bits: int, radius: int) -> float:
    return sum(math.comb(bits, k) for k in range(radius + 1)) / 2**bits


@pytest.mark.parametrize("bits", [64, 128])
def test_the_widest_radius_keeps_unrelated_fingerprints_out(bits: int) -> None:
    widest = widest_radius(bits)
    assert binomial_tail(bits, widest) <= candidates.UNRELATED_RATE
    assert binomial_tail(bits, widest + 1) > candidates.UNRELATED_RATE
    assert default_radius(bits) <= widest
    assert (widest_radius(64), widest_radius(128)) == (16, 41)


def test_a_radius_unrelated_files_fall_within_is_refused() -> None:
    with pytest.raises(RadiusTooWideError) as caught:
        check_radius(63, 64)
    assert caught.value.problem is RadiusProblem.UNRELATED
    assert (caught.value.radius, caught.value.bits, caught.value.widest) == (63, 64, 16)
    with pytest.raises(RadiusTooWideError):
        candidate_pairs(np.zeros((20, 2), dtype=np.uint64), 63)
    check_radius(41, 128)


def test_a_radius_too_slow_for_so_many_files_is_refused_with_what_would_do() -> None:
    with pytest.raises(RadiusTooWideError) as caught:
        check_radius(32, 128, files=5_000_000)
    error = caught.value
    assert error.problem is RadiusProblem.TOO_MANY_FILES
    assert 0 < error.widest < 32
    assert error.widest == servable_radius(5_000_000, 128, 32)
    assert plan_search(5_000_000, 128, error.widest).seconds <= candidates.SEARCH_BUDGET
    check_radius(error.widest, 128, files=5_000_000)
    assert servable_radius(100_000, 128, 32) == 32


@pytest.mark.parametrize("bits", [64, 128])
def test_the_scan_finds_what_the_tables_find(bits: int) -> None:
    rng = np.random.default_rng(bits)
    rows = planted(rng, 1200, bits, 8)
    expected = oracle(rows, 8)
    assert len(expected) > 50
    scanned = [np.concatenate(part) for part in zip(*scan_pairs(rows, 8), strict=True)]
    assert as_set(tuple(scanned)) == expected
    tabled = [np.concatenate(part) for part in zip(*table_pairs(rows, 8), strict=True)]
    assert as_set(tuple(tabled)) == expected == as_set(near_pairs(rows, 8))


def test_the_scan_hands_over_pairs_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    from simfind.core.index import pigeonhole as index

    rows = np.zeros((200, 1), dtype=np.uint64)
    monkeypatch.setattr(index, "_CHUNK", 1000)
    chunks = list(scan_pairs(rows, 0))
    assert len(chunks) > 10
    assert max(len(c[0]) for c in chunks) < 1000 + 200
    assert sum(len(c[0]) for c in chunks) == 200 * 199 // 2


def test_the_plan_takes_tables_for_narrow_radii_and_the_scan_for_wide_ones() -> None:
    assert plan_search(1_000_000, 64, 3).method == "tables"
    assert plan_search(100_000, 128, 32).method == "scan"
    rows = planted(np.random.default_rng(2), 500, 128, 4)
    assert as_set(
        tuple(np.concatenate(p) for p in zip(*pairs_within(rows, 4), strict=True))
    ) == oracle(rows, 4)


def test_row_ranges_share_the_pairs_evenly() -> None:
    from simfind.core.index.pigeonhole import row_ranges

    ranges = row_ranges(1000, 8)
    assert ranges[0][0] == 0 and ranges[-1][1] == 999
    assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))
    shares = [sum(999 - r for r in range(a, b)) for a, b in ranges]
    assert max(shares) < 1.1 * sum(shares) / 8
    assert row_ranges(1, 4) == [] and row_ranges(2, 4) == [(0, 1)]


def test_workers_share_the_scan_and_find_the_same_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    from simfind.core.runs.jobs import make_pool

    rng = np.random.default_rng(9)
    rows = planted(rng, 2000, 128, 30)
    heard: list[tuple[int, int]] = []
    alone = candidate_pairs(rows, 30, per_fingerprint=3, progress=lambda *a: heard.append(a))
    monkeypatch.setattr(candidates, "_SHARE_FROM", 0.0)
    shared_heard: list[tuple[int, int]] = []
    with make_pool(2) as pool:
        shared = candidate_pairs(
            rows,
            30,
            per_fingerprint=3,
            executor=pool,
            workers=2,
            progress=lambda *a: shared_heard.append(a),
        )
    assert all(np.array_equal(a, b) for a, b in zip(alone, shared, strict=True))
    assert len(alone[0]) > 100
    # Both ways tell how far the search is, in thousandths, up to the end.
    for told in (heard, shared_heard):
        assert told[-1] == (1000, 1000)
        assert [done for done, _ in told] == sorted(done for done, _ in told)
    assert len({done for done, _ in heard}) > 3  # every 256 rows of 2,000


def test_a_cancel_stops_the_search() -> None:
    import threading

    cancel = threading.Event()
    cancel.set()
    rows = planted(np.random.default_rng(1), 3000, 128, 30)
    i, _, _ = candidate_pairs(rows, 30, cancel=cancel)
    assert len(i) == 0


def test_a_cancel_stops_a_search_the_workers_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cancelled as its first range comes back, a shared search starts no more ranges and
    returns the pairs of the few back by then."""
    import threading

    from simfind.core.runs.jobs import make_pool

    rows = planted(np.random.default_rng(3), 3000, 128, 30)
    monkeypatch.setattr(candidates, "_SHARE_FROM", 0.0)
    cancel = threading.Event()
    heard: list[tuple[int, int]] = []

    def told(done: int, total: int) -> None:
        heard.append((done, total))
        cancel.set()

    with make_pool(2) as pool:
        whole = candidate_pairs(rows, 30, executor=pool, workers=2)
        # Two workers, eight ranges: the first back, the cancel leaves the rest unstarted.
        i, _, _ = candidate_pairs(rows, 30, executor=pool, workers=2, cancel=cancel, progress=told)
    assert heard and heard[-1][0] < 1000
    assert len(i) < len(whole[0])


def test_records_keep_the_widest_radius_where_files_would_narrow_it() -> None:
    widest = widest_radius(128)
    # 300,000 lines: the files' budget narrows the radius to where short records'
    # near-duplicates are no longer found; the records' keeps it.
    assert servable_radius(300_000, 128, widest) < 20
    assert servable_radius(300_000, 128, widest, RECORD_SEARCH_BUDGET) == widest
    assert servable_radius(2_000_000, 128, widest, RECORD_SEARCH_BUDGET) < widest
    with pytest.raises(RadiusTooWideError) as raised:
        check_radius(widest, 128, files=300_000)
    assert raised.value.problem is RadiusProblem.TOO_MANY_FILES
    check_radius(widest, 128, files=300_000, budget=RECORD_SEARCH_BUDGET)


def test_a_pair_given_again_takes_one_of_its_nodes_places() -> None:
    # Node 0's partners: 1 (given three times, as by three MinHash bands), 2 and 3. Nodes 2
    # and 3 keep nearer partners of their own, so only node 0's places can keep (0, 2).
    i = np.array([0, 0, 0, 0, 0, 2, 2, 3, 3], dtype=np.int64)
    j = np.array([1, 1, 1, 2, 3, 4, 5, 6, 7], dtype=np.int64)
    d = np.array([1, 1, 1, 2, 3, 0, 1, 0, 1], dtype=np.int64)
    kept = set(zip(*(part.tolist() for part in nearest_per_node((i, j, d), 2)), strict=True))
    assert kept == {(0, 1, 1), (0, 2, 2), (2, 4, 0), (2, 5, 1), (3, 6, 0), (3, 7, 1)}
