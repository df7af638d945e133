"""The passages two texts share: the longest runs of the same words found in both.

Words are the engine's tokens (``tokens.token_spans``: case-folded, NFKC,
jieba words for Chinese), so a passage survives changes of case, white space,
line breaks and punctuation. Every run of ``min_words`` words of the left text
is hashed with its position (NumPy); the runs of the right text that hash
alike are the seeds, and the seeds that follow one another on the same
diagonal (the same offset between the two texts) join into one maximal run.
The longest runs are then taken first, each covering words of the right text
not yet covered (greedy string tiling, as JPlag does), so that a block the
right text holds twice is marked twice and a moved block is found where it went.

The minimum length, ``MIN_WORDS`` = 16 words (jieba words for Chinese, about
25 characters): a line of a licence header is 10 to 13 words (``# you may
not use this file except in compliance with the License.`` is 12), ``return
None`` 2, so neither is a passage alone, while a sentence of prose (about 20
words) still is. Measured on pairs of files of one project, which share its
idioms (benchmarks/bench_passages.py, 200 pairs each): at 12 words one
pair of Django modules still shared a passage by idiom (a 15-word
deprecation warning) and one pair of its documents a stock phrase of the
release notes; at 16, none. (Pairs of two projects share nothing from 6
words on; real boilerplate, such as the 36-word footer of the Chinese man
pages, is shared text and is marked.)

No Qt here: the summary travels as data, the window words it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from simfind.core.compare.anchors import diagonal_runs
from simfind.core.text.hashing import shingle
from simfind.core.text.tokens import token_spans

I64 = npt.NDArray[np.int64]

#: The fewest words a passage has (see the module's docstring for why 16).
MIN_WORDS = 16
#: Two texts longer than this together (characters) are not searched: it would take
#: seconds and hundreds of megabytes (1 million Chinese characters against 8 million:
#: about 4 s, and the process grew from 71 to 357 MB; bench_passages.py --large).
MAX_CHARS = 12_000_000

# What str.splitlines() breaks lines at, so that line numbers are the diff's.
_LINE_BREAK = re.compile(r"\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


@dataclass(frozen=True)
class TextSpan:
    """Where a passage is in one text: characters [start, end) and lines first..last
    (0-based, both included, numbered as ``str.splitlines`` numbers them)."""

    start: int
    end: int
    first_line: int
    last_line: int


@dataclass(frozen=True)
class Passage:
    left: TextSpan
    right: TextSpan
    words: int


@dataclass(frozen=True)
class SharedPassages:
    """The passages of the right text found in the left one, in the right text's order."""

    passages: tuple[Passage, ...] = ()
    #: Words (tokens) of each text.
    left_words: int = 0
    right_words: int = 0
    #: Words of each text inside a passage (a left word shared twice counts once).
    left_covered: int = 0
    right_covered: int = 0
    min_words: int = MIN_WORDS
    #: The texts were too long to be searched (``MAX_CHARS``): nothing was looked for.
    too_large: bool = False

    @property
    def words(self) -> int:
        """Words of all the passages (of the right text)."""
        return sum(p.words for p in self.passages)

    @property
    def left_share(self) -> float:
        return self.left_covered / self.left_words if self.left_words else 0.0

    @property
    def right_share(self) -> float:
        return self.right_covered / self.right_words if self.right_words else 0.0


def shared_passages(left: str, right: str, min_words: int = MIN_WORDS) -> SharedPassages:
    """The passages of at least ``min_words`` words that ``left`` and ``right`` share."""
    if min_words < 1:
        raise ValueError("min_words must be at least 1")
    if len(left) + len(right) > MAX_CHARS:
        return SharedPassages(min_words=min_words, too_large=True)
    left_starts, left_ends, left_hashes = token_spans(left)
    right_starts, right_ends, right_hashes = token_spans(right)
    empty = SharedPassages(
        left_words=len(left_hashes), right_words=len(right_hashes), min_words=min_words
    )
    if len(left_hashes) < min_words or len(right_hashes) < min_words:
        return empty
    runs = diagonal_runs(shingle(left_hashes, min_words), shingle(right_hashes, min_words))
    runs[:, 2] += min_words - 1  # n matching k-grams in a row are n + k - 1 words
    tiles = _tiles(_joined(runs, left_hashes, right_hashes), min_words)
    if not tiles:
        return empty
    left_lines, right_lines = line_bounds(left)[0], line_bounds(right)[0]
    passages = []
    left_cover = np.zeros(len(left_hashes) + 1, dtype=np.int64)
    for a, b, count in tiles:
        left_cover[a] += 1
        left_cover[a + count] -= 1
        passages.append(
            Passage(
                _span(left_starts[a], left_ends[a + count - 1], left_lines),
                _span(right_starts[b], right_ends[b + count - 1], right_lines),
                count,
            )
        )
    return SharedPassages(
        passages=tuple(passages),
        left_words=len(left_hashes),
        right_words=len(right_hashes),
        left_covered=int(np.count_nonzero(np.cumsum(left_cover)[:-1])),
        right_covered=sum(count for _, _, count in tiles),
        min_words=min_words,
    )


def _joined(runs: I64, left: npt.NDArray[np.uint64], right: npt.NDArray[np.uint64]) -> I64:
    """Runs (left word, right word, words) of one diagonal joined where the words between
    them are the same too (k-grams left out as too frequent leave such gaps)."""
    if len(runs) < 2:
        return runs
    out = [runs[0].tolist()]
    for a, b, n in runs[1:].tolist():
        pa, pb, pn = out[-1]
        if b - a == pb - pa and a >= pa:
            gap_start, gap_end = pa + pn, a
            if gap_end <= gap_start or np.array_equal(
                left[gap_start:gap_end], right[gap_start + b - a : gap_end + b - a]
            ):
                out[-1][2] = max(pn, a + n - pa)
                continue
        out.append([a, b, n])
    return np.array(out, dtype=np.int64)


def _tiles(runs: I64, min_words: int) -> list[tuple[int, int, int]]:
    """(left word, right word, words) of the passages: the longest runs first, each
    trimmed to the right text's words no longer run has taken, kept if still long enough."""
    order = np.lexsort((runs[:, 1], -runs[:, 2]))
    taken_starts: list[int] = []  # the right text's taken words, as sorted disjoint ranges
    taken_ends: list[int] = []
    tiles: list[tuple[int, int, int]] = []
    for a, b, n in runs[order].tolist():
        end = b + n
        for start, stop in _free(b, end, taken_starts, taken_ends):
            if stop - start >= min_words:
                tiles.append((a + start - b, start, stop - start))
                at = bisect.bisect_left(taken_starts, start)
                taken_starts.insert(at, start)
                taken_ends.insert(at, stop)
    tiles.sort(key=lambda tile: tile[1])
    return tiles


def _free(start: int, end: int, starts: list[int], ends: list[int]) -> list[tuple[int, int]]:
    """The parts of [start, end) outside the sorted disjoint ranges (starts[k], ends[k])."""
    free = []
    at = max(0, bisect.bisect_right(starts, start) - 1)
    position = start
    while at < len(starts) and starts[at] < end:
        if ends[at] > position:
            if starts[at] > position:
                free.append((position, starts[at]))
            position = ends[at]
        at += 1
    if position < end:
        free.append((position, end))
    return free


def line_bounds(text: str) -> tuple[I64, I64]:
    """Where each line of a text starts and ends (before its line break), as
    ``str.splitlines`` cuts it."""
    breaks = [(m.start(), m.end()) for m in _LINE_BREAK.finditer(text)]
    starts = np.array([0, *(end for _, end in breaks)], dtype=np.int64)
    ends = np.array([*(start for start, _ in breaks), len(text)], dtype=np.int64)
    return starts, ends


def _span(start: np.int64, end: np.int64, lines: I64) -> TextSpan:
    first = int(np.searchsorted(lines, start, side="right")) - 1
    last = int(np.searchsorted(lines, end - 1, side="right")) - 1
    return TextSpan(int(start), int(end), first, last)


def line_marks(spans: list[TextSpan], bounds: tuple[I64, I64]) -> dict[int, list[tuple[int, int]]]:
    """The columns of each line inside these spans: {line: [(start, end), ...]}, for
    the lines of ``line_bounds``."""
    starts, ends = bounds
    marks: dict[int, list[tuple[int, int]]] = {}
    for span in spans:
        for line in range(span.first_line, span.last_line + 1):
            begin = max(span.start, int(starts[line])) - int(starts[line])
            stop = min(span.end, int(ends[line])) - int(starts[line])
            if stop > begin:
                marks.setdefault(line, []).append((begin, stop))
    return marks
