"""Near pairs by block tables: exactly the pairs an all-pairs comparison finds, each once."""

from __future__ import annotations

import numpy as np
import pytest

from simfind.core.fingerprint.simhash import hamming, to_array
from simfind.core.index import pigeonhole as index
from simfind.core.index.pigeonhole import groups, near_pairs


def oracle(fingerprints: np.ndarray, max_distance: int) -> set[tuple[int, int, int]]:
    """Every pair compared: O(N²), vectorised one row against the later ones."""
    found: set[tuple[int, int, int]] = set()
    n = len(fingerprints)
    for row in range(n - 1):
        xor = fingerprints[row + 1 :] ^ fingerprints[row]
        distance = np.bitwise_count(xor).sum(axis=1)
        for later in np.flatnonzero(distance <= max_distance):
            found.add((row, row + 1 + int(later), int(distance[later])))
    return found


def as_set(result: tuple[np.ndarray, np.ndarray, np.ndarray]) -> set[tuple[int, int, int]]:
    i, j, d = result
    assert len(i) == len(j) == len(d)
    pairs = {(int(a), int(b), int(c)) for a, b, c in zip(i, j, d, strict=True)}
    assert len(pairs) == len(i), "a pair was reported more than once"
    assert all(a < b for a, b, _ in pairs)
    return pairs


def planted(rng: np.random.Generator, n: int, bits: int, flips: int) -> np.ndarray:
    """n random fingerprints, a fifth of them copies of others with 0..flips bits flipped."""
    lanes = bits // 64
    rows = rng.integers(0, 2**64, size=(n, lanes), dtype=np.uint64)
    copies = rng.choice(n, size=n // 5, replace=False)
    sources = rng.integers(0, n, size=len(copies))
    for copy, source in zip(copies, sources, strict=True):
        row = rows[source].copy()
        count = rng.integers(0, flips + 1)
        for bit in rng.choice(bits, size=count, replace=False):
            lane, offset = divmod(int(bit), 64)
            row[lane] ^= np.uint64(1 << offset)
        rows[copy] = row
    return rows


@pytest.mark.parametrize("bits", [64, 128])
@pytest.mark.parametrize("max_distance", [0, 1, 3, 6])
def test_matches_all_pairs_on_planted_duplicates(bits: int, max_distance: int) -> None:
    rng = np.random.default_rng(1000 * bits + max_distance)
    rows = planted(rng, 2000, bits, max_distance + 1)
    expected = oracle(rows, max_distance)
    assert len(expected) > 50
    assert as_set(near_pairs(rows, max_distance)) == expected


@pytest.mark.parametrize("bits", [64, 128])
@pytest.mark.parametrize("max_distance", [1, 3, 6])
def test_every_block_count_finds_the_same_pairs_on_dense_fingerprints(
    bits: int, max_distance: int
) -> None:
    # Sparse fingerprints: most bits 0, so many pairs are near, at every distance,
    # and agree on several tables at once (the de-duplication is exercised).
    rng = np.random.default_rng(bits + max_distance)
    rows = np.zeros((400, bits // 64), dtype=np.uint64)
    for lane in range(bits // 64):
        bit_values = rng.random((400, 64)) < 0.04
        rows[:, lane] = np.packbits(bit_values, axis=1, bitorder="little").view("<u8")[:, 0]
    expected = oracle(rows, max_distance)
    assert len(expected) > 50
    for blocks in (max_distance + 1, max_distance + 2, max_distance + 4):
        assert as_set(near_pairs(rows, max_distance, blocks=blocks)) == expected


def test_distances_agree_with_hamming_on_ints() -> None:
    values = [0, 1, 0b111, (1 << 127) | 1, (1 << 64) | (1 << 63)]
    rows = to_array(values, 128)
    for a, b, d in as_set(near_pairs(rows, 3)):
        assert d == hamming(values[a], values[b])


def test_identical_fingerprints_are_all_paired_at_distance_zero() -> None:
    rows = np.full((300, 1), 0xDEADBEEF, dtype=np.uint64)
    i, j, d = near_pairs(rows, 2)
    assert len(i) == 300 * 299 // 2
    assert not d.any()
    assert groups(300, i, j) == [list(range(300))]


def test_one_key_shared_by_many_fingerprints_that_are_not_near() -> None:
    # All agree on the low 48 bits, differ widely in the high 16: one huge group per
    # low-bit table, yet only the few planted pairs are near.
    rng = np.random.default_rng(7)
    high = rng.permutation(1 << 16)[:1500].astype(np.uint64) << np.uint64(48)
    rows = (high | np.uint64(0x123456789ABC)).reshape(-1, 1)
    rows[1] = rows[0] ^ np.uint64(1)
    assert as_set(near_pairs(rows, 1)) == oracle(rows, 1)


@pytest.mark.parametrize("n", [0, 1])
def test_too_few_fingerprints_give_no_pairs(n: int) -> None:
    for bits in (64, 128):
        i, j, d = near_pairs(np.zeros((n, bits // 64), dtype=np.uint64), 3)
        assert len(i) == len(j) == len(d) == 0


def test_results_are_sorted_and_integer() -> None:
    rows = np.zeros((4, 1), dtype=np.uint64)
    i, j, d = near_pairs(rows, 0)
    assert i.tolist() == [0, 0, 0, 1, 1, 2]
    assert j.tolist() == [1, 2, 3, 2, 3, 3]
    assert i.dtype == j.dtype == d.dtype == np.int64


def test_impossible_distances_are_refused() -> None:
    rows = np.zeros((3, 1), dtype=np.uint64)
    with pytest.raises(ValueError, match="blocks of at least one bit"):
        near_pairs(rows, 64)
    with pytest.raises(ValueError, match="at least 0"):
        near_pairs(rows, -1)
    with pytest.raises(ValueError, match="blocks must be"):
        near_pairs(rows, 3, blocks=3)
    near_pairs(rows, 63)
    near_pairs(np.zeros((3, 2), dtype=np.uint64), 127)


def test_groups_join_chains() -> None:
    i = np.array([0, 1, 5, 7])
    j = np.array([1, 2, 6, 9])
    assert groups(10, i, j) == [[0, 1, 2], [5, 6], [7, 9]]


def test_groups_join_chains_given_in_any_order() -> None:
    rng = np.random.default_rng(3)
    path = rng.permutation(1000)
    i, j = path[:-1], path[1:]
    order = rng.permutation(len(i))
    assert groups(1000, i[order], j[order]) == [list(range(1000))]


def test_groups_without_pairs() -> None:
    empty = np.empty(0, dtype=np.int64)
    assert groups(0, empty, empty) == []
    assert groups(5, empty, empty) == []


def test_groups_match_a_plain_union_find() -> None:
    rng = np.random.default_rng(11)
    n = 500
    i = rng.integers(0, n, size=300)
    j = rng.integers(0, n, size=300)
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in zip(i.tolist(), j.tolist(), strict=True):
        parent[find(a)] = find(b)
    by_root: dict[int, list[int]] = {}
    for node in set(i.tolist()) | set(j.tolist()):
        by_root.setdefault(find(node), []).append(node)
    expected = sorted(
        (sorted(part) for part in by_root.values() if len(part) >= 2),
        key=lambda part: (-len(part), part[0]),
    )
    assert groups(n, i, j) == expected


def test_small_chunks_give_the_same_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    # Forces many chunks, some splitting one key's group, and single-position chunks
    # larger than the chunk size.
    rng = np.random.default_rng(5)
    rows = planted(rng, 1000, 64, 3)
    rows[:100] = rows[0]
    expected = as_set(near_pairs(rows, 3))
    monkeypatch.setattr(index, "_CHUNK", 7)
    assert as_set(near_pairs(rows, 3)) == expected == oracle(rows, 3)
