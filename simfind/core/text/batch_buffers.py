"""Word buffers of many texts in one pass (``many_mode_buffers``).

Per-text NumPy calls, not arithmetic, are what cost most on a folder of small
files: texts that are mostly ASCII are translated with their few non-ASCII runs
done together, and the other texts are joined, folded, classified and cut at
once. Each text gets exactly ``tokens.word_buffers`` of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simfind.core.base.arrays import I64
from simfind.core.text.folding import COMPLEX, EXPANDS, expand_folded, fold_table_lookup
from simfind.core.text.token_chars import (
    ASCII_TABLES,
    HIGH_KEPT,
    SEPARATOR,
    CjkMode,
    TokenMode,
    cjk_boundaries,
    code_kinds,
)
from simfind.core.text.tokens import word_buffers


def many_word_buffers(texts: Sequence[str], cjk: CjkMode) -> list[bytes]:
    """``word_buffer(text, cjk)`` of each of several texts, in one pass over all of them."""
    return many_mode_buffers(texts, cjk, ("words",))[0]


def many_mode_buffers(
    texts: Sequence[str], cjk: CjkMode, modes: Sequence[TokenMode]
) -> list[list[bytes]]:
    """``word_buffers(text, cjk, modes)`` of several texts: [mode][text]. ASCII texts are
    translated one by one, the others done together (``_joined_buffers``)."""
    result = [[b""] * len(texts) for _ in modes]
    others: list[str] = []  # the texts, or runs of texts, to do together
    whole: list[tuple[int, int]] = []  # (text, its place in ``others``) of texts done whole
    mostly: list[tuple[int, _AsciiParts, int]] = []  # (text, its parts, its first run's place)
    for index, text in enumerate(texts):
        if text.isascii():
            data = text.encode("ascii")
            for row, mode in zip(result, modes, strict=True):
                row[index] = data.translate(ASCII_TABLES[mode])
            continue
        parts = _ascii_parts(text)
        if parts is None:
            whole.append((index, len(others)))
            others.append(text)
        else:
            mostly.append((index, parts, len(others)))
            others.extend(parts.runs)
    if not others:
        return result
    joined = _joined_buffers(others, cjk, modes)
    for row, buffers, mode in zip(result, joined, modes, strict=True):
        for index, place in whole:
            row[index] = buffers[place]
        for index, parts, first in mostly:
            row[index] = parts.join(mode, buffers[first : first + len(parts.runs)])
    return result


@dataclass(frozen=True)
class _AsciiParts:
    """A text's UTF-8 bytes, where its runs of non-ASCII characters start and end
    (offsets in the bytes), and the runs."""

    data: bytes
    bounds: list[int]
    runs: list[str]

    def join(self, mode: TokenMode, run_buffers: Sequence[bytes]) -> bytes:
        """The text's buffer: its ASCII stretches translated, the runs' buffers between."""
        translated = self.data.translate(HIGH_KEPT[mode])
        starts, ends = [0, *self.bounds[1::2]], [*self.bounds[0::2], len(self.data)]
        pieces = [translated[a:b] for a, b in zip(starts, ends, strict=True)]
        out: list[bytes] = [b""] * (2 * len(pieces) - 1)
        out[0::2] = pieces
        out[1::2] = run_buffers
        return b"".join(out)


def _ascii_parts(text: str) -> _AsciiParts | None:
    """A text that is mostly ASCII as ASCII stretches and the runs between them, when
    that pays and changes nothing.

    Folding, classing and cutting act on each character alone (CJK runs lie inside
    the non-ASCII runs), so the runs' buffers between the stretches' translations
    are the whole text's buffer; except where a character composes with the one
    before it (a combining accent after an ASCII letter): such a text is done whole.
    Code with a few accented names or a copyright sign is mostly ASCII; prose in
    Chinese is not, and is done whole (a run every few characters).
    """
    data = text.encode("utf-8")
    if (len(data) - len(text)) * _ASCII_SHARE > len(text):  # 1-3 bytes more per character
        return None
    high = np.frombuffer(data, dtype=np.uint8) >= 128
    edges = np.flatnonzero(high[1:] != high[:-1]) + 1
    bounds = edges.tolist()
    if high[0]:
        bounds.insert(0, 0)
    if high[-1]:
        bounds.append(len(data))
    if len(bounds) // 2 * _RUN_COST > len(text):
        return None
    runs = [data[a:b].decode("utf-8") for a, b in zip(bounds[0::2], bounds[1::2], strict=True)]
    codes = np.frombuffer("".join(runs).encode("utf-32-le"), dtype="<u4")
    if (fold_table_lookup(codes) == COMPLEX).any():
        return None
    return _AsciiParts(data, bounds, runs)


#: A text is done as ASCII stretches and runs when at most one character in this many
#: is not ASCII, and it has at most one run for this many characters (a run costs
#: about as much as this many characters done whole).
_ASCII_SHARE = 64

_RUN_COST = 128


def _joined_buffers(
    texts: Sequence[str], cjk: CjkMode, modes: Sequence[TokenMode]
) -> list[list[bytes]]:
    """``word_buffers(text, cjk, modes)`` of several texts in one pass: [mode][text].

    The texts are joined by line breaks (which are separators in every mode, fold
    to themselves, compose with nothing and are never joined by jieba), folded,
    classified and cut together, with one segmenter call for all their CJK runs,
    and the result is split at those line breaks again. Per-text NumPy calls, not
    arithmetic, are what cost most on a batch of small files. Where a text needs
    more than the fold table because a character may compose with its neighbours,
    that text is done alone.
    """
    if len(texts) < 2:
        alone = [word_buffers(text, cjk, modes) for text in texts]
        return [[buffers[m] for buffers in alone] for m in range(len(modes))]
    joined = "\n".join(texts)
    codes = np.frombuffer(joined.encode("utf-32-le"), dtype="<u4")
    folded = fold_table_lookup(codes)
    ends = np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)))
    ends[1:] += np.arange(1, len(texts))  # each text's end, where its line break is
    if (folded >= EXPANDS).any():
        composing = np.flatnonzero(folded == COMPLEX)
        if len(composing):
            # Those texts one by one (NFKC of the whole text), the others together still.
            alone_at = set(np.searchsorted(ends, composing, side="right").tolist())
            rest = [index for index in range(len(texts)) if index not in alone_at]
            together = _joined_buffers([texts[i] for i in rest], cjk, modes)
            done = {index: [mode[k] for mode in together] for k, index in enumerate(rest)}
            rows = [
                done[index] if index in done else word_buffers(text, cjk, modes)
                for index, text in enumerate(texts)
            ]
            return [[row[m] for row in rows] for m in range(len(modes))]
        folded, starts = expand_folded(codes, folded)
        ends[:-1] = starts[ends[:-1]]
    cut: I64 | None = None
    result = []
    for mode in modes:
        kinds = code_kinds(folded, mode)
        out = np.where(kinds == SEPARATOR, np.uint32(32), folded)
        out[ends[:-1]] = 10  # the texts' line breaks stay, to split at
        if cut is None:
            cut = cjk_boundaries(folded, kinds, cjk)
        if len(cut):
            out = np.insert(out, cut, np.uint32(32))
        result.append(out.astype("<u4").tobytes().decode("utf-32-le").encode("utf-8").split(b"\n"))
    return result
