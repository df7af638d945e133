"""Groups handed on as they become final: the same groups as group_files, largest first."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from simfind.core.groups import streaming
from simfind.core.groups.grouping import (
    ComparedBatches,
    FileGroup,
    GroupingOptions,
    Pair,
    group_files,
)
from simfind.core.groups.streaming import components, stream_groups

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
