"""The compiled range search (faiss) finds the scan's pairs, in the scan's order."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from simfind.core.index import hamming_range
from simfind.core.index import pigeonhole as index
from simfind.core.index.pigeonhole import scan_pairs
from tests.core.test_index import as_set, oracle, planted


def joined(chunks: list[index.Pairs]) -> tuple[np.ndarray, ...]:
    if not chunks:
        return tuple(np.empty(0, dtype=np.int64) for _ in range(3))
    return tuple(np.concatenate(part) for part in zip(*chunks, strict=True))


def numpy_scan(
    monkeypatch: pytest.MonkeyPatch, rows: np.ndarray, radius: int, first: int = 0, stop=None
) -> tuple[np.ndarray, ...]:
    with monkeypatch.context() as patched:
        patched.setattr(hamming_range, "available", lambda: False)
        return joined(list(scan_pairs(rows, radius, first, stop)))


def test_the_compiled_search_is_there() -> None:
    # A declared dependency: every supported platform has its wheel.
    assert hamming_range.available()


@pytest.mark.parametrize(("bits", "radius"), [(64, 8), (128, 32), (128, 0)])
def test_the_compiled_search_gives_the_scans_pairs_in_its_order(
    monkeypatch: pytest.MonkeyPatch, bits: int, radius: int
) -> None:
    rng = np.random.default_rng(bits + radius)
    # Copies up to 12 / 40 bits away: pairs on both sides of the radius, and at it.
    rows = planted(rng, 900, bits, radius + 8)
    compiled = joined(list(scan_pairs(rows, radius)))
    expected = oracle(rows, radius)
    assert as_set(compiled) == expected
    assert any(d == radius for _, _, d in expected)
    for got, want in zip(compiled, numpy_scan(monkeypatch, rows, radius), strict=True):
        assert got.dtype == np.int64
        assert np.array_equal(got, want)


def test_a_share_of_the_rows_gives_the_scans_share(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = planted(np.random.default_rng(5), 700, 128, 40)
    compiled = joined(list(scan_pairs(rows, 32, 100, 400)))
    assert len(compiled[0]) > 0
    assert compiled[0].min() >= 100 and compiled[0].max() < 400
    for got, want in zip(compiled, numpy_scan(monkeypatch, rows, 32, 100, 400), strict=True):
        assert np.array_equal(got, want)


def test_identical_fingerprints_come_in_bounded_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = np.zeros((300, 2), dtype=np.uint64)
    monkeypatch.setattr(index, "_CHUNK", 2000)
    chunks = list(scan_pairs(rows, 4))
    assert len(chunks) > 10
    assert max(len(c[0]) for c in chunks) <= 2000
    assert sum(len(c[0]) for c in chunks) == 300 * 299 // 2


def test_a_cancel_ends_the_compiled_search_between_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = planted(np.random.default_rng(7), 2000, 128, 8)
    monkeypatch.setattr(index, "_CHUNK", 10_000)
    cancel = threading.Event()
    steps: list[int] = []

    def progress(done: int, total: int) -> None:
        steps.append(done)
        if len(steps) == 3:
            cancel.set()

    chunks = list(scan_pairs(rows, 8, cancel=cancel, progress=progress))
    assert len(steps) == 3  # no final step: it was cancelled
    assert steps == sorted(steps) and steps[-1] < index.SEARCH_STEPS
    assert sum(len(c[0]) for c in chunks) < len(oracle(rows, 8))
