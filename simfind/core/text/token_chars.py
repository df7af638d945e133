"""What makes a token: the token modes, ASCII translation tables, each code point's kind
(separator, token character, CJK ideograph), and where the CJK words start (jieba's cuts).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import I64, sorted_distinct
from simfind.core.text.segment import CJK, cut_cjk

CjkMode = Literal["words", "chars"]

#: "words": Latin words, numbers and identifiers (punctuation is not part of a token);
#: "chunks": what white space separates, punctuation included. Both cut CJK runs.
TokenMode = Literal["words", "chunks"]

CJK_RUN = re.compile(f"([{CJK}]+)")
WORD = re.compile(rf"[^\W{CJK}]+")

# ASCII fast path: one bytes.translate lower-cases letters and blanks the rest.
_ASCII_TABLE = bytes(
    b + 32 if 65 <= b <= 90 else b if (48 <= b <= 57 or 97 <= b <= 122 or b == 95) else 32
    for b in range(256)
)

# The same for chunks: white space (as str.isspace() says) becomes a space, all else stays.
_ASCII_CHUNK_TABLE = bytes(
    32 if chr(b).isspace() else b + 32 if 65 <= b <= 90 else b for b in range(256)
)

ASCII_TABLES: dict[str, bytes] = {"words": _ASCII_TABLE, "chunks": _ASCII_CHUNK_TABLE}

# The same, but bytes of non-ASCII characters (UTF-8) kept as they are.
HIGH_KEPT = {mode: table[:128] + bytes(range(128, 256)) for mode, table in ASCII_TABLES.items()}

SEPARATOR, _WORD_CHAR, _IDEOGRAPH, _UNKNOWN = 0, 1, 2, 255

#: The code points of segment.CJK's ranges: what _kind calls an ideograph.
_IDEOGRAPH_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3134F))


#: What each code point is, learnt as code points are met (process-wide tables, one
#: per token mode).
@cache
def _kind_table(tokens: TokenMode) -> npt.NDArray[np.uint8]:
    table = np.full(0x110000, _UNKNOWN, dtype=np.uint8)
    for low, high in _IDEOGRAPH_RANGES:  # what CJK_RUN matches, set at once
        table[low : high + 1] = _IDEOGRAPH
    return table


def _kind(char: str, tokens: TokenMode) -> int:
    if CJK_RUN.fullmatch(char):
        return _IDEOGRAPH
    if tokens == "words":
        return _WORD_CHAR if WORD.fullmatch(char) else SEPARATOR
    return SEPARATOR if char.isspace() else _WORD_CHAR


def code_kinds(codes: npt.NDArray[np.uint32], tokens: TokenMode) -> npt.NDArray[np.uint8]:
    """Separator, token character or CJK ideograph, for each code point (as the regexes say)."""
    table = _kind_table(tokens)
    kinds = table[codes]
    unknown = kinds == _UNKNOWN
    if unknown.any():
        for code in sorted_distinct(codes[unknown]).tolist():
            table[code] = _kind(chr(code), tokens)
        kinds = table[codes]
    return kinds


def cjk_boundaries(
    codes: npt.NDArray[np.uint32], kinds: npt.NDArray[np.uint8], cjk: CjkMode
) -> I64:
    """Where each CJK word starts and each CJK run ends, ascending."""
    cjk_at = np.flatnonzero(kinds == _IDEOGRAPH)
    if not len(cjk_at):
        return cjk_at
    run_starts = np.ones(len(cjk_at), dtype=bool)
    np.not_equal(np.diff(cjk_at), 1, out=run_starts[1:])
    run_ends = cjk_at[np.append(run_starts[1:], True)] + 1
    word_starts = cjk_at
    if cjk == "words":
        word_starts = cjk_at[_cut_runs(codes[cjk_at], run_starts)]
    result: I64 = np.concatenate((word_starts, run_ends))
    result.sort(kind="stable")  # two sorted runs: a merge, not a sort
    return result


def _cut_runs(ideographs: npt.NDArray[np.uint32], run_starts: npt.NDArray[np.bool_]) -> I64:
    """Where each jieba word starts among ``ideographs`` (the CJK runs, end to end)."""
    breaks = np.flatnonzero(run_starts)[1:]
    joined_codes = np.insert(ideographs, breaks, np.uint32(10))
    joined = joined_codes.astype("<u4").tobytes().decode("utf-32-le")
    words = cut_cjk(joined)
    # No word holds a space (only ideographs and line breaks were cut), so the spaces
    # that join the words mark where each starts: no Python int per word.
    spaced = np.frombuffer(" ".join(words).encode("utf-32-le"), dtype="<u4")
    starts = np.zeros(len(words), dtype=np.int64)
    starts[1:] = np.flatnonzero(spaced == 32) + 1 - np.arange(1, len(words))
    starts = starts[joined_codes[starts] != 10]  # the line breaks are words of their own
    # A joined position, less the line breaks before it, is a position among the ideographs.
    breaks_before = np.cumsum(joined_codes == 10)
    result: I64 = starts - breaks_before[starts]
    return result
