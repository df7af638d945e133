"""The blocks two word sequences share, exactly as difflib's SequenceMatcher matches them.

difflib (its junk heuristic off) finds the longest run of equal words in the
two sequences (of several as long, the one that starts first in the left
sequence, then in the right), keeps it, and does the same again in what lies
before it on both sides and in what lies after it. Its ratio, 2M / (|A| + |B|)
over the words of the kept blocks, is what a diff of the words reports, and
this module finds the same blocks, word for word.

difflib itself looks at every pair of equal words in a range, so a text whose
words repeat (an option list, a table, a log, a CSV export) or a long one
costs it seconds to minutes (two 34,000-word copies of Django's
``admin_views/tests.py`` 29 s, its C port cydifflib 2.8 s). Here a range is
searched for its longest run by hashing the runs of L words of both sides
(polynomial hashes over the words' own 64-bit hashes, from prefix sums, in
NumPy) and looking up one side's in the other's sorted hashes: a binary search
on L finds the longest run in a few such lookups, whatever the repeats.
Ranges of few words are handed to difflib itself, ranges that share no run of
two words are walked as difflib walks them (each word matched to its first
equal after the last match). A match found by hash is compared word by word
before it is kept; where two runs merely hash alike the range is handed to
difflib, so the blocks are difflib's in every case.

``WORK_LIMIT`` bounds the work a pair may take (the words hashed and sorted,
the pairs of words difflib looks at): past it, what is left unsearched is
estimated (``Blocks.complete`` is False) and the figure says so.
"""

from __future__ import annotations

import bisect
import difflib
from dataclasses import dataclass

import numpy as np

from simfind.core.base.arrays import I64, U64

#: Ranges of at most this many pairs of words (left words times right words) are
#: matched by difflib itself: below it, its own loops cost less than NumPy's calls.
DIFFLIB_CELLS = 16384
#: The most work (words hashed and sorted, pairs of words looked at) one comparison
#: may take before what is left is estimated instead: about a second of one core.
WORK_LIMIT = 60_000_000

#: The length of the runs whose matches give a range's first guess of its longest match.
SEED_WORDS = 16

_BASE = np.uint64(0x9E3779B97F4A7C15)
_INVERSE = np.uint64(pow(int(_BASE), -1, 1 << 64))
_powers: dict[str, U64] = {
    "up": np.ones(1, dtype=np.uint64),
    "down": np.ones(1, dtype=np.uint64),
}


def _power_tables(count: int) -> tuple[U64, U64]:
    """BASE**k and BASE**-k modulo 2**64 for k < count (grown as needed, kept)."""
    if len(_powers["up"]) < count:
        size = max(count, 2 * len(_powers["up"]))
        for name, factor in (("up", _BASE), ("down", _INVERSE)):
            table = np.full(size, factor, dtype=np.uint64)
            table[0] = 1
            _powers[name] = np.multiply.accumulate(table)
    return _powers["up"], _powers["down"]


class _Hashed:
    """A sequence's words and the prefix sums that hash any run of them in O(1)."""

    def __init__(self, words: U64) -> None:
        self.words = words
        up, down = _power_tables(len(words) + 1)
        self.up = up
        prefix = np.zeros(len(words) + 1, dtype=np.uint64)
        with np.errstate(over="ignore"):
            np.cumsum(words * down[: len(words)], out=prefix[1:])
        self.prefix = prefix

    def runs(self, low: int, high: int, length: int) -> U64:
        """The hashes of the runs of ``length`` words starting at low .. high - length."""
        starts = np.arange(low, high - length + 1)
        with np.errstate(over="ignore"):
            found: U64 = (self.prefix[starts + length] - self.prefix[starts]) * self.up[
                starts + length - 1
            ]
        return found


@dataclass(frozen=True)
class Blocks:
    """The blocks two sequences share: rows of (left start, right start, words), in order."""

    rows: I64
    #: False where the work ran out before every range was searched: the words of the
    #: ranges left count as matched as far as ``estimate`` says, and the figure is an
    #: estimate.
    complete: bool = True
    #: Words estimated matched in the ranges left unsearched (0 when complete).
    estimated: int = 0

    @property
    def matched(self) -> int:
        """Words of each side inside a block."""
        return int(self.rows[:, 2].sum()) if len(self.rows) else 0


class _Search:
    def __init__(self, a: U64, b: U64) -> None:
        self.a, self.b = a, b
        self.hashed_a, self.hashed_b = _Hashed(a), _Hashed(b)
        self.work = 0
        self._b_order: tuple[U64, list[int]] | None = None

    def longest(self, alo: int, ahi: int, blo: int, bhi: int, bound: int) -> tuple[int, int, int]:
        """(i, j, words) of difflib's longest match in the range: 0 words where none is
        longer than one word (the caller walks such a range), -1 where a guess came from
        runs that merely hash alike (the caller hands the range to difflib)."""
        high = min(ahi - alo, bhi - blo, bound)
        if high < 2:
            return alo, blo, 0
        # A first guess, checked word by word: the match through a run of SEED_WORDS words
        # that both sides have once (most often the longest match, or as long).
        low = self._guess(alo, ahi, blo, bhi, min(SEED_WORDS, high))
        if low < 2:
            if not self._exists(alo, ahi, blo, bhi, 2):
                return alo, blo, 0
            low = 2
        low = min(low, high)
        step = low + 1
        while low < high:
            if self._exists(alo, ahi, blo, bhi, step):
                low = step
            else:
                high = step - 1
            step = (low + high + 1) // 2
        first = self._first(alo, ahi, blo, bhi, low)
        if first is None:
            return alo, blo, -1
        return first[0], first[1], low

    def _runs(self, alo: int, ahi: int, blo: int, bhi: int, length: int) -> tuple[U64, U64]:
        left = self.hashed_a.runs(alo, ahi, length)
        right = self.hashed_b.runs(blo, bhi, length)
        self.work += len(left) + len(right)
        return left, right

    def _exists(self, alo: int, ahi: int, blo: int, bhi: int, length: int) -> bool:
        """Whether some run of ``length`` words of the range's left side hashes as one of
        its right side's."""
        if ahi - alo < length or bhi - blo < length:
            return False
        left, right = self._runs(alo, ahi, blo, bhi, length)
        left.sort()
        right.sort()
        at = np.minimum(np.searchsorted(right, left), len(right) - 1)
        return bool((right[at] == left).any())

    def _first(self, alo: int, ahi: int, blo: int, bhi: int, length: int) -> tuple[int, int] | None:
        """The first (left, then right) pair of places whose runs of ``length`` words hash
        alike, or None."""
        if ahi - alo < length or bhi - blo < length:
            return None
        left, right = self._runs(alo, ahi, blo, bhi, length)
        ordered = np.sort(right)
        at = np.minimum(np.searchsorted(ordered, left), len(ordered) - 1)
        hit = ordered[at] == left
        if not hit.any():
            return None
        first = int(np.argmax(hit))
        j = int(np.argmax(right == left[first]))
        return alo + first, blo + j

    def _guess(self, alo: int, ahi: int, blo: int, bhi: int, length: int) -> int:
        """The longest match (in words, checked) through a run of ``length`` words that
        each side of the range has once; 0 where there is none."""
        if ahi - alo < length or bhi - blo < length:
            return 0
        left, right = self._runs(alo, ahi, blo, bhi, length)
        values, first_right, counts = np.unique(right, return_index=True, return_counts=True)
        at = np.minimum(np.searchsorted(values, left), len(values) - 1)
        once = (values[at] == left) & (counts[at] == 1)
        if not once.any():
            return 0
        lefts = np.flatnonzero(once)
        # Those the left side has once too.
        seen, left_counts = np.unique(left[lefts], return_counts=True)
        single = left_counts[np.searchsorted(seen, left[lefts])] == 1
        lefts = lefts[single]
        if not len(lefts):
            return 0
        rights = first_right[at[lefts]]
        # The longest stretch of them on one diagonal, then its match extended both ways.
        stretch = _stretches(lefts, rights)
        i, j = alo + int(lefts[stretch]), blo + int(rights[stretch])
        size = self._extent(i, j, alo, ahi, blo, bhi)
        return size

    def _extent(self, i: int, j: int, alo: int, ahi: int, blo: int, bhi: int) -> int:
        """How many words match on the diagonal through (i, j) around it, in the range."""
        back = min(i - alo, j - blo)
        ahead = min(ahi - i, bhi - j)
        before = self.a[i - back : i][::-1] != self.b[j - back : j][::-1]
        after = self.a[i : i + ahead] != self.b[j : j + ahead]
        self.work += back + ahead
        left = int(np.argmax(before)) if before.any() else back
        right = int(np.argmax(after)) if after.any() else ahead
        return left + right

    def verified(self, i: int, j: int, size: int) -> bool:
        return bool(np.array_equal(self.a[i : i + size], self.b[j : j + size]))

    def walk(self, alo: int, ahi: int, blo: int, bhi: int) -> list[tuple[int, int, int]]:
        """difflib's blocks of a range that shares no run of two words: each left word, in
        order, matched to its first equal right word after the last match."""
        if self._b_order is None:
            order = np.argsort(self.b, kind="stable")
            self._b_order = (self.b[order], order.tolist())
        ordered, places = self._b_order
        words = self.a[alo:ahi]
        starts = np.searchsorted(ordered, words, side="left").tolist()
        ends = np.searchsorted(ordered, words, side="right").tolist()
        self.work += 2 * (ahi - alo)
        found = []
        at = blo
        for offset, (start, end) in enumerate(zip(starts, ends, strict=True)):
            if start == end:
                continue
            k = bisect.bisect_left(places, at, start, end)
            if k < end and places[k] < bhi:
                found.append((alo + offset, places[k], 1))
                at = places[k] + 1
                if at >= bhi:
                    break
        return found

    def by_difflib(self, alo: int, ahi: int, blo: int, bhi: int) -> list[tuple[int, int, int]]:
        left, right = self.a[alo:ahi], self.b[blo:bhi]
        self.work += len(left) * len(right) // 16 + len(left) + len(right)
        return [(alo + i, blo + j, k) for i, j, k in _by_difflib(left, right)]


def matching_blocks(a: U64, b: U64, work_limit: int = WORK_LIMIT) -> Blocks:
    """difflib's matching blocks of two sequences of word hashes (see the module)."""
    if not len(a) or not len(b):
        return Blocks(np.zeros((0, 3), dtype=np.int64))
    if len(a) == len(b) and np.array_equal(a, b):
        return Blocks(np.array([[0, 0, len(a)]], dtype=np.int64))
    if len(a) * len(b) <= DIFFLIB_CELLS:  # no hashing for short texts (records)
        return Blocks(_rows(_by_difflib(a, b)))
    search = _Search(a, b)
    found: list[tuple[int, int, int]] = []
    stack = [(0, len(a), 0, len(b), min(len(a), len(b)))]
    left_over = 0
    while stack:
        alo, ahi, blo, bhi, bound = stack.pop()
        if search.work > work_limit:
            left_over += _estimate(a[alo:ahi], b[blo:bhi])
            continue
        if (ahi - alo) * (bhi - blo) <= DIFFLIB_CELLS:
            found.extend(search.by_difflib(alo, ahi, blo, bhi))
            continue
        i, j, size = search.longest(alo, ahi, blo, bhi, bound)
        if size == 0:
            found.extend(search.walk(alo, ahi, blo, bhi))
            continue
        if size < 0 or not search.verified(i, j, size):  # runs that merely hash alike
            found.extend(search.by_difflib(alo, ahi, blo, bhi))
            continue
        found.append((i, j, size))
        if alo < i and blo < j:
            stack.append((alo, i, blo, j, size))
        if i + size < ahi and j + size < bhi:
            stack.append((i + size, ahi, j + size, bhi, size))
    complete = not left_over and search.work <= work_limit
    return Blocks(_rows(found), complete=complete, estimated=left_over)


def _rows(found: list[tuple[int, int, int]]) -> I64:
    rows: I64 = np.array(sorted(found), dtype=np.int64).reshape(-1, 3)
    return rows


def _by_difflib(a: U64, b: U64) -> list[tuple[int, int, int]]:
    """difflib's own blocks of two whole sequences."""
    matcher = difflib.SequenceMatcher(None, a.tolist(), b.tolist(), autojunk=False)
    return [(i, j, k) for i, j, k in matcher.get_matching_blocks() if k]


def _stretches(lefts: I64, rights: I64) -> int:
    """The index of the first of the longest stretch of places that follow one another
    on one diagonal (both ``lefts`` and ``rights`` rising by one)."""
    if len(lefts) == 1:
        return 0
    follows = np.zeros(len(lefts) + 1, dtype=np.int8)
    follows[1:-1] = (np.diff(lefts) == 1) & (np.diff(rights) == 1)
    edges = np.flatnonzero(np.diff(follows))
    if not len(edges):
        return 0
    starts, ends = edges[::2], edges[1::2]
    return int(starts[np.argmax(ends - starts)])


def _estimate(a: U64, b: U64) -> int:
    """Words of a range left unsearched estimated matched: the words it shares in any
    order (at least what difflib would match), halved."""
    values, counts_a = np.unique(a, return_counts=True)
    at = np.minimum(np.searchsorted(values, b), len(values) - 1)
    hit = values[at] == b
    counts_b = np.bincount(at[hit], minlength=len(values))
    return int(np.minimum(counts_a, counts_b).sum()) // 2


__all__ = ["DIFFLIB_CELLS", "WORK_LIMIT", "Blocks", "matching_blocks"]
