"""The compiled range search (faiss) finds the scan's pairs, in the scan's order.

faiss comes with the large-folders extra (the test extra installs it, so CI runs both
paths); without it, the tests that compare it with NumPy's scan are skipped.
"""

from __future__ import annotations

import importlib.util
import threading

import numpy as np
import pytest

from simfind.core.index import hamming_range
from simfind.core.index import pigeonhole as index
from simfind.core.index.pigeonhole import scan_pairs
from tests.core.index.test_index import as_set, oracle, planted


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


#: faiss is installed (the large-folders extra) and loads.
INSTALLED = importlib.util.find_spec("faiss") is not None
needs_faiss = pytest.mark.skipif(
    not INSTALLED,
    reason="faiss comes with the large-folders extra (pip install simfind[large-folders])",
)


def test_the_compiled_search_is_used_where_it_is_installed() -> None:
    # Not a dependency of the default install (68 MB for seconds at 100,000 files).
    assert hamming_range.available() == INSTALLED


@needs_faiss
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


@needs_faiss
def test_a_share_of_the_rows_gives_the_scans_share(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = planted(np.random.default_rng(5), 700, 128, 40)
    compiled = joined(list(scan_pairs(rows, 32, 100, 400)))
    assert len(compiled[0]) > 0
    assert compiled[0].min() >= 100 and compiled[0].max() < 400
    for got, want in zip(compiled, numpy_scan(monkeypatch, rows, 32, 100, 400), strict=True):
        assert np.array_equal(got, want)


@needs_faiss  # the compiled search's tiles (NumPy's own chunks: test_index.py)
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


class _FailingSearch:
    """faiss as it is, but its search raises ``error`` from its ``calls``-th call on."""

    def __init__(self, real: object, error: BaseException, calls: int) -> None:
        self._real, self._error, self._calls = real, error, calls

    def __getattr__(self, name: str) -> object:
        return getattr(self._real, name)

    def hamming_range_search(self, *args: object) -> None:
        self._calls -= 1
        if self._calls <= 0:
            raise self._error
        self._real.hamming_range_search(*args)  # type: ignore[attr-defined]


@needs_faiss
@pytest.mark.parametrize(
    ("error", "calls"),
    [(MemoryError(), 1), (MemoryError(), 4), (RuntimeError("Error in void faiss::..."), 2)],
)
def test_a_search_that_fails_goes_on_in_numpy_with_the_same_pairs(
    monkeypatch: pytest.MonkeyPatch, error: BaseException, calls: int
) -> None:
    # A MemoryError in the search (or an ABI mismatch's RuntimeError) stopped `groups`.
    rows = planted(np.random.default_rng(11), 1500, 128, 40)
    expected = numpy_scan(monkeypatch, rows, 32)
    failing = _FailingSearch(hamming_range._faiss(), error, calls)
    monkeypatch.setattr(hamming_range, "_failed", [])
    monkeypatch.setattr(hamming_range, "_faiss", lambda: failing)
    monkeypatch.setattr(index, "_CHUNK", 20_000)  # tiles of ~20,000 distances: many calls
    found = joined(list(scan_pairs(rows, 32)))
    for got, want in zip(found, expected, strict=True):
        assert np.array_equal(got, want)
    assert hamming_range._failed == [error]
    assert not hamming_range.available()  # not tried again in this process


@pytest.mark.parametrize("error", [RuntimeError, AttributeError, ImportError, OSError])
def test_a_faiss_that_fails_to_load_in_any_way_is_not_used(
    monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    import builtins

    real_import = builtins.__import__

    def importing(name: str, *args: object, **kwargs: object) -> object:
        if name == "faiss":
            raise error("numpy.core.multiarray failed to import")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(__import__("sys").modules, "faiss", raising=False)
    monkeypatch.setattr(builtins, "__import__", importing)
    hamming_range._faiss.cache_clear()
    try:
        assert not hamming_range.available()
        rows = planted(np.random.default_rng(3), 400, 64, 12)
        assert as_set(joined(list(scan_pairs(rows, 8)))) == oracle(rows, 8)
    finally:
        monkeypatch.undo()
        hamming_range._faiss.cache_clear()
    assert hamming_range.available() == INSTALLED
