"""The folder's boilerplate, as counted from sorted values, against a plain count of the rule."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import MOSTLY_OWN, carriers, from_values, of_samples


def plain(texts: list[list[int]], edge_below: int = 0) -> list[int]:
    """The rule of boilerplate.py, counted in plain Python (values under ``edge_below``:
    a file's edge runs, no part of what it shares with others)."""
    count = len(texts)
    needed = carriers(count)
    if count < needed:
        return []
    frequency = Counter(value for text in texts for value in text)
    wide = {value for value, n in frequency.items() if n >= needed}
    theirs = [[v for v in text if v >= edge_below] for text in texts]
    shared = [sum(v in wide for v in text) / max(1, len(text)) for text in theirs]
    chosen = []
    for value in sorted(wide):
        holders = [number for number, text in enumerate(texts) if value in text]
        own = sum(shared[number] < MOSTLY_OWN for number in holders)
        if own >= len(holders) // 2 + 1:
            chosen.append(value)
    return chosen


def test_the_same_runs_as_a_plain_count() -> None:
    rng = random.Random(7)
    for _ in range(60):
        # Values that share their low 20 bits, so the table's first look lets strangers by.
        # Values under 2**16 are a file sample's edge runs.
        step = rng.choice([1, 1 << 20, 12_345])
        texts = [
            sorted({rng.randrange(rng.randint(1, 30)) * step for _ in range(rng.randint(0, 12))})
            for _ in range(rng.randint(0, 50))
        ]
        expected = plain(texts)
        found = from_values([np.asarray(t, dtype=np.uint64) for t in texts])
        assert found.values.tolist() == expected
        assert found.texts == len(texts)
        samples = [np.asarray(t, dtype="<u4").tobytes() if t else None for t in texts]
        assert of_samples(samples).values.tolist() == plain(texts, boilerplate.EDGE_VALUES)


def test_a_header_many_files_carry_is_found() -> None:
    header = list(range(1000, 1010))
    texts = [header + list(range(100 * n, 100 * n + 40)) for n in range(1, 41)]
    found = from_values([np.asarray(sorted(set(t)), dtype=np.uint64) for t in texts])
    assert found.values.tolist() == header
    assert boilerplate.NONE.empty


def test_samples_counted_by_buckets_as_by_a_sort() -> None:
    # 32-bit samples are counted by (bucket, high bits), 64-bit values by a sort: the same
    # runs, over values that fill the whole 32 bits and crowd a few buckets.
    rng = np.random.default_rng(11)
    common = rng.integers(0, 2**32, 300, dtype=np.uint64)
    crowded = (rng.integers(0, 2**12, 200, dtype=np.uint64) << np.uint64(20)) | np.uint64(7)
    texts = []
    for _ in range(500):
        own = rng.integers(0, 2**32, int(rng.integers(0, 400)), dtype=np.uint64)
        picked = common[rng.random(len(common)) < rng.random()]
        near = crowded[rng.random(len(crowded)) < 0.1]
        texts.append(np.unique(np.concatenate([own, picked, near])))
    by_sort = from_values(texts)
    samples = [t.astype("<u4").tobytes() for t in texts]
    assert len(by_sort.values) > 10
    assert of_samples(samples).values.tolist() == by_sort.values.tolist()
