"""Normalising: NFKC and case folding in NumPy, through a fold table learnt as code points are met.

``normalize`` is the text every comparison measures (NFKC, case-folded, white
space collapsed); ``fold_codes`` gives its code points without a Python
object per character, and ``fold_traced`` also says which character of the
text each folded code point came from. Characters that may compose with a
neighbour (combining marks, Hangul jamo) make the whole text go through
``unicodedata``.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import I64, sorted_distinct

_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """NFKC, case-fold, collapse white space."""
    if text.isascii():
        return _SPACE.sub(" ", text.lower()).strip()
    folded = fold_codes(text).astype("<u4", copy=False).tobytes().decode("utf-32-le")
    return _SPACE.sub(" ", folded).strip()


_ASCII_SPACE = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"  # what str.isspace() calls space

#: NFKC composes at most four code points into one (a canonical decomposition is
#: never longer), and case folding never shortens a text.
_MAX_COMPOSITION = 4


def may_be_shorter(text: str, limit: int) -> bool:
    """False when normalize(text) is surely ``limit`` characters or longer.

    Counting the characters that are not white space is far cheaper than
    normalising, and most texts are long enough for the count to settle it.
    """
    if len(text) < limit:
        return True
    if text.isascii():
        # A prefix with enough characters that are not space settles most texts.
        if len(text[: 4 * limit].encode("ascii").translate(None, _ASCII_SPACE)) >= limit:
            return False
        return len(text.encode("ascii").translate(None, _ASCII_SPACE)) < limit
    needed = _MAX_COMPOSITION * limit
    # A prefix with enough characters that are not space settles it for the whole text.
    if len("".join(text[: 4 * needed].split())) >= needed:
        return False
    solid = len("".join(text.split()))
    if solid < limit or solid >= needed:
        return solid < limit
    # Only a character that composes with a neighbour can make a text shorter: every
    # other one folds to one or more characters, not all white space (a test checks
    # it). Prose in Chinese has none, and is not normalised just to be measured.
    codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4")
    return bool((fold_table_lookup(codes) == COMPLEX).any())


#: Every code point str.isspace() calls space lies below this (U+3000 is the last; a test
#: walks the running Python's database).
_SPACE_BELOW = 0x3001


@cache
def _spaces() -> npt.NDArray[np.bool_]:
    """Which code points below _SPACE_BELOW are white space, as str.split() says."""
    return np.array([chr(code).isspace() for code in range(_SPACE_BELOW)], dtype=bool)


def many_may_be_shorter(texts: Sequence[str], limit: int) -> list[bool]:
    """``may_be_shorter(text, limit)`` of each text; the white space of the texts that are
    not ASCII is counted in one pass over all their prefixes, which settles most."""
    result = [True] * len(texts)
    needed = _MAX_COMPOSITION * limit
    others = []
    for index, text in enumerate(texts):
        if len(text) >= limit:
            if text.isascii():
                result[index] = may_be_shorter(text, limit)
            else:
                others.append(index)
    if not others:
        return result
    prefixes = [texts[i][: 4 * needed] for i in others]
    lengths = np.fromiter(map(len, prefixes), dtype=np.int64, count=len(others))
    codes = np.frombuffer("".join(prefixes).encode("utf-32-le"), dtype="<u4")
    low = np.flatnonzero(codes < _SPACE_BELOW)  # few in Chinese: its ideographs lie above
    spaces = low[_spaces()[codes[low]]]
    solid = lengths - np.diff(np.searchsorted(spaces, np.cumsum(lengths)), prepend=0)
    measured = []  # texts whole in their prefix, neither settled by their count
    for index, count, length in zip(others, solid.tolist(), lengths.tolist(), strict=True):
        # A prefix with enough characters that are not space settles it for the whole text.
        if count >= needed:
            result[index] = False
        elif length < len(texts[index]):
            result[index] = may_be_shorter(texts[index], limit)
        elif count >= limit:
            measured.append(index)
    if measured:  # as may_be_shorter: shorter only if a character composes
        lengths = np.fromiter((len(texts[i]) for i in measured), dtype=np.int64)
        codes = np.frombuffer("".join(texts[i] for i in measured).encode("utf-32-le"), "<u4")
        complex_at = np.flatnonzero(fold_table_lookup(codes) == COMPLEX)
        some = np.diff(np.searchsorted(complex_at, np.cumsum(lengths)), prepend=0) > 0
        for index, composes in zip(measured, some.tolist(), strict=True):
            result[index] = composes
    return result


#: Fold table entry c is casefold(NFKC(chr(c))) when that is one code point and c cannot take
#: part in a composition with its neighbours; EXPANDS when it is several (their code
#: points in _EXPANSIONS); COMPLEX when c may compose; all learnt as met.
_NOT_YET, COMPLEX, EXPANDS = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD


@cache
def _folded_table() -> npt.NDArray[np.uint32]:
    """The process's fold table, made on first use (ASCII text never needs it)."""
    table = np.full(0x110000, _NOT_YET, dtype=np.uint32)
    table[:128] = [ord(chr(c).lower()) for c in range(128)]
    # CJK unified ideographs (and extension A) fold to themselves and compose with nothing,
    # in every Unicode version (they have no decompositions and no case): set at once, not
    # learnt one by one (that cost a Chinese scan a tenth of a second in every process).
    for low, high in _PLAIN_IDEOGRAPHS:
        table[low : high + 1] = np.arange(low, high + 1, dtype=np.uint32)
    return table


#: Blocks of ideographs that fold to themselves (not the compatibility ideographs, which do not).
_PLAIN_IDEOGRAPHS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF))

_EXPANSIONS: dict[int, npt.NDArray[np.uint32]] = {}
#: Letters (no marks) that compose with the letter before them: Hangul jamo, and since
#: Unicode 16 (Python 3.14) Kirat Rai's vowel sign E, which U+16D68 to U+16D6A are made of.
#: Pinned here, as unicodedata cannot list them cheaply: a test walks the running Python's
#: database for any other.
_JOINING_LETTERS = ((0x1100, 0x11FF), (0xA960, 0xA97F), (0xD7B0, 0xD7FF), (0x16D67, 0x16D67))


def _composes(char: str) -> bool:
    """Whether NFC may join ``char`` to the character before it (or reorder it)."""
    code = ord(char)
    return (
        unicodedata.combining(char) != 0
        or unicodedata.category(char).startswith("M")
        or any(low <= code <= high for low, high in _JOINING_LETTERS)
    )


def _fold_one(code: int) -> int:
    char = chr(code)
    if _composes(char) or _composes(unicodedata.normalize("NFKD", char)[:1] or char):
        return COMPLEX
    folded = unicodedata.normalize("NFKC", char).casefold()
    if len(folded) == 1:
        return ord(folded)
    _EXPANSIONS[code] = np.array([ord(c) for c in folded], dtype=np.uint32)
    return EXPANDS


def fold_codes(text: str) -> npt.NDArray[np.uint32]:
    """The code points of NFKC(text).casefold(), in NumPy.

    Where no character of the text can combine with its neighbours (combining
    marks, Hangul jamo), as in nearly all text, this maps code point by code
    point through a table, a character that folds to several ("…" to "...")
    spliced in (NFKC of such a text is the NFKC of each character); otherwise
    the whole text is normalised.
    """
    codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4")
    folded = fold_table_lookup(codes)
    if (folded >= EXPANDS).any():
        if (folded == COMPLEX).any():
            whole = unicodedata.normalize("NFKC", text).casefold()
            return np.frombuffer(whole.encode("utf-32-le"), dtype="<u4")
        folded = expand_folded(codes, folded)[0]
    return folded


def fold_table_lookup(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.uint32]:
    """Each code point through the fold table (EXPANDS or COMPLEX where one cannot)."""
    table = _folded_table()
    folded: npt.NDArray[np.uint32] = table[codes]
    unseen = folded == _NOT_YET
    if unseen.any():
        for code in sorted_distinct(codes[unseen]).tolist():
            table[code] = _fold_one(code)
        folded = table[codes]
    return folded


def expand_folded(
    codes: npt.NDArray[np.uint32], folded: npt.NDArray[np.uint32]
) -> tuple[npt.NDArray[np.uint32], I64]:
    """``folded`` with each character that folds to several replaced by them, and where
    each character of ``codes`` now starts."""
    expanding = np.flatnonzero(folded == EXPANDS)
    widths = np.ones(len(folded), dtype=np.int64)
    for code in np.unique(codes[expanding]).tolist():
        widths[expanding[codes[expanding] == code]] = len(_EXPANSIONS[code])
    out = np.repeat(folded, widths)
    starts = np.cumsum(widths) - widths
    for code in np.unique(codes[expanding]).tolist():
        at = starts[expanding[codes[expanding] == code]]
        for offset, value in enumerate(_EXPANSIONS[code].tolist()):
            out[at + offset] = value
    return out, starts


def fold_traced(text: str) -> tuple[npt.NDArray[np.uint32], I64, I64]:
    """``fold_codes`` of a text, and the characters of ``text`` each folded code came
    from (first offset, end offset).

    A character that folds to several is traced to itself; a run of characters
    that compose (a letter and its combining marks) is folded as one and traced
    to its first character.
    """
    codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4")
    fold_codes(text)  # the table learns every code point of the text
    folded = _folded_table()[codes]
    origin = np.arange(len(codes), dtype=np.int64)
    if not (folded >= EXPANDS).any():
        return folded, origin, origin + 1
    # (first character, characters, folded code points) of each place that folds to several
    edits = [
        (int(i), 1, _EXPANSIONS[int(codes[i])].tolist()) for i in np.flatnonzero(folded == EXPANDS)
    ]
    marks = np.flatnonzero(folded == COMPLEX).tolist()
    if marks:
        edits = [e for e in edits if not _in_cluster(e[0], marks)]
        for first, last in _clusters(marks):
            first = max(0, first - 1)  # with the character the marks sit on
            part = text[first : last + 1]
            whole = unicodedata.normalize("NFKC", part).casefold()
            alone = [unicodedata.normalize("NFKC", c).casefold() for c in part]
            if "".join(alone) == whole:  # as most are (Hangul syllables): traced one by one
                edits.extend((first + k, 1, [ord(c) for c in a]) for k, a in enumerate(alone))
            else:
                edits.append((first, last + 1 - first, [ord(c) for c in whole]))
        edits.sort()
    widths = np.ones(len(codes), dtype=np.int64)
    ends = origin + 1
    for first, count, points in edits:
        widths[first : first + count] = 0
        widths[first] = len(points)
        ends[first] = first + count
    out = np.repeat(folded, widths)
    at = np.cumsum(widths) - widths
    for first, _, points in edits:
        out[at[first] : at[first] + len(points)] = points
    return out, np.repeat(origin, widths), np.repeat(ends, widths)


def _clusters(marks: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive positions, as (first, last)."""
    runs: list[tuple[int, int]] = []
    for position in marks:
        if runs and position == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], position)
        else:
            runs.append((position, position))
    return runs


def _in_cluster(position: int, marks: list[int]) -> bool:
    """Whether a character is folded with the marks after it (or is one)."""
    at = bisect.bisect_left(marks, position)
    return at < len(marks) and marks[at] in (position, position + 1)
