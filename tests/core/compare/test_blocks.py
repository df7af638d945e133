"""The blocks two word sequences share are difflib's own, whatever the repeats or the size."""

from __future__ import annotations

import difflib

import numpy as np
import pytest

from simfind.core.compare import blocks
from simfind.core.compare.blocks import matching_blocks

Row = tuple[int, int, int]


def _difflib(a: list[int], b: list[int]) -> list[Row]:
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [(m.a, m.b, m.size) for m in matcher.get_matching_blocks() if m.size]


def _joined(rows: list[Row]) -> list[Row]:
    """Adjacent blocks as one, as difflib reports them."""
    out: list[Row] = []
    for i, j, k in rows:
        if out and out[-1][0] + out[-1][2] == i and out[-1][1] + out[-1][2] == j:
            out[-1] = (out[-1][0], out[-1][1], out[-1][2] + k)
        else:
            out.append((i, j, k))
    return out


def _ours(a: list[int], b: list[int]) -> list[Row]:
    # Spread like real word hashes (difflib's answer does not depend on the values).
    scale, shift = np.uint64(0x9E3779B97F4A7C15), np.uint64(12345)
    left = np.array(a, dtype=np.uint64) * scale + shift
    right = np.array(b, dtype=np.uint64) * scale + shift
    found = matching_blocks(left, right)
    assert found.complete
    return _joined([(int(i), int(j), int(k)) for i, j, k in found.rows.tolist()])


def _cases(seed: int, count: int) -> list[tuple[list[int], list[int]]]:
    """Random sequences over small and large alphabets (repeats, crossing runs), and
    edited copies (runs in order, with deletions, insertions and changes)."""
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(count):
        alphabet = int(rng.choice([2, 3, 5, 20, 300]))
        a = rng.integers(0, alphabet, size=int(rng.choice([1, 6, 40, 150, 400]))).tolist()
        if rng.random() < 0.5:
            b = list(a)
            for _ in range(int(rng.integers(0, 6))):
                at, size = int(rng.integers(0, len(b) + 1)), int(rng.integers(1, 6))
                roll = rng.random()
                if roll < 0.4:
                    del b[at : at + size]
                elif roll < 0.7:
                    b[at:at] = rng.integers(0, alphabet, size=size).tolist()
                elif b:
                    b[min(at, len(b) - 1)] = int(rng.integers(0, alphabet))
        else:
            b = rng.integers(0, alphabet, size=int(rng.choice([1, 6, 40, 150, 400]))).tolist()
        found.append((a, b))
    return found


@pytest.mark.parametrize("cells", [0, blocks.DIFFLIB_CELLS])
def test_the_blocks_are_difflibs_exactly(cells: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # cells 0: every range searched by hash and walked, none handed to difflib.
    monkeypatch.setattr(blocks, "DIFFLIB_CELLS", cells)
    for a, b in _cases(cells + 7, 200):
        assert _ours(a, b) == _difflib(a, b), (a[:30], b[:30])


def test_runs_that_merely_hash_alike_are_not_taken_for_a_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hash that makes every run of one length alike: the blocks are still difflib's.
    real = blocks._Hashed.runs

    def colliding(self: blocks._Hashed, low: int, high: int, length: int) -> np.ndarray:
        found = real(self, low, high, length)
        return found & np.uint64(0) if length >= 5 else found

    monkeypatch.setattr(blocks._Hashed, "runs", colliding)
    monkeypatch.setattr(blocks, "DIFFLIB_CELLS", 0)
    for a, b in _cases(3, 60):
        assert _ours(a, b) == _difflib(a, b)


def test_a_long_repetitive_table_and_its_copy_less_ten_rows_match_row_for_row() -> None:
    """A table of 20,000 rows of a few values, and a copy with ten rows deleted: difflib
    itself takes minutes (every pair of equal words); every row of the copy is matched."""
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 4, size=(20_000, 5)).astype(np.uint64)
    a = rows.reshape(-1)
    b = np.delete(rows, range(9_000, 9_010), axis=0).reshape(-1)
    found = matching_blocks(a, b)
    assert found.complete and found.matched == len(b)


def test_past_the_work_limit_what_is_left_is_estimated() -> None:
    rng = np.random.default_rng(2)
    a = rng.integers(0, 50, size=3000).astype(np.uint64)
    b = rng.integers(0, 50, size=3000).astype(np.uint64)
    found = matching_blocks(a, b, work_limit=1000)
    assert not found.complete and found.estimated > 0
    assert matching_blocks(a, b).complete
