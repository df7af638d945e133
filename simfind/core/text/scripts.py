"""Traditional and Simplified Chinese as one text: ``fold_scripts`` writes a text's
Traditional characters (and phrases) in Simplified, keeping its length.

A document published in Taipei and its mainland edition, or notes copied
between a Big5 and a GB system, are one text in two scripts. Both sides of
every comparison go through the same fold, so what matters is that they meet,
not that the result is what a mainland editor would write. OpenCC's tables
(``tw2s`` then ``hk2s``: Taiwan's and Hong Kong's variant forms, then
Traditional to Simplified by phrases, then by characters) made the fewest
characters differ between Simplified documents and the fold of their
Traditional copies made by other converters (benchmarks/bench_scripts.py).
The tables come from the official OpenCC binding (C++), or on Windows on ARM, which
has no wheel of it, from its pure-Python reimplementation (the same module name
and configurations, older tables, 30 times slower).

Corner-bracket quotation marks (「」『』) are read as the curly quotes Simplified
texts use. Regional vocabulary (軟體 for 软件) is a change of words, not of
script, and is left as it is.

The fold keeps every character where it was (the same length, character for
character), so what is found in the folded text (a diff's changed words, a
shared passage, boilerplate) lies on the same characters of the text as
written. OpenCC's Traditional-to-Simplified phrases keep their length (no text
of the Chinese benchmarks changed length); a line whose fold would not is
folded character by character instead.

A text with no character the fold changes on its own (Simplified Chinese,
English, code) is handed back as it is, after one look-up per character in
NumPy (ASCII: none at all); only a text with one is converted, by phrases. So
a Simplified text whose only Traditional trait is a phrase of characters both
scripts share (瞭解, 乾燥) keeps it: a Traditional text has other traits, and
such phrases are folded there. The table of what changes on its own is made
where a process first meets text that is not ASCII (0.03 s).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import sorted_distinct

#: The conversions, in order: Taiwan's variant forms and Traditional to Simplified, then
#: Hong Kong's variant forms (and again Traditional to Simplified, for what they left).
CONVERSIONS = ("tw2s", "hk2s")

#: Quotation marks: Traditional texts (Taiwan, Hong Kong) quote with corner brackets where
#: Simplified ones use curly quotes; three converters of four wrote them so, and they were
#: most of what still differed between a document and its folded copy.
_CORNER_QUOTES = "「」『』"
_QUOTES = tuple(zip(_CORNER_QUOTES, "“”‘’", strict=True))

#: Ideographs: extension A, unified, compatibility; extension B onwards.
_BMP_IDEOGRAPHS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))
_PAST = 0x20000
_LAST = 0x3134F


@cache
def _converters() -> tuple[Callable[[str], str], ...]:
    import opencc  # loaded by the first text that is not ASCII

    return tuple(opencc.OpenCC(name).convert for name in CONVERSIONS)


def _convert(text: str) -> str:
    for convert in _converters():
        text = convert(text)
    return text


@cache
def _char_table() -> npt.NDArray[np.uint32]:
    """Each code point's fold alone (itself where it has none that is one character), for
    the code points below extension B."""
    table = np.arange(_PAST, dtype=np.uint32)
    codes = np.concatenate(
        [np.arange(low, high + 1, dtype=np.uint32) for low, high in _BMP_IDEOGRAPHS]
    )
    # One character a line: no phrase joins two lines, so each is converted alone.
    lines = np.full(2 * len(codes), ord("\n"), dtype="<u4")
    lines[::2] = codes
    folded = _convert(lines.tobytes().decode("utf-32-le"))
    if len(folded) == len(lines):
        table[codes] = np.frombuffer(folded.encode("utf-32-le"), dtype="<u4")[::2]
    else:  # some character became several: those keep their own
        for code, alone in zip(codes.tolist(), folded.split("\n"), strict=True):
            if len(alone) == 1:
                table[code] = ord(alone)
    return table


@cache
def _changes() -> npt.NDArray[np.bool_]:
    """Which code points below extension B the fold changes on their own (corner quotes
    included)."""
    table = _char_table()
    changes: npt.NDArray[np.bool_] = table != np.arange(len(table), dtype=np.uint32)
    # A character that is itself the fold of another is Simplified (么, of 麼), whatever its
    # own fold alone (幺): so common in Simplified text (什么) that it would send half of it
    # to the conversion, and a Traditional text has other traits.
    folds = table[changes]
    changes[folds[folds < _PAST]] = False
    changes[[ord(mark) for mark in _CORNER_QUOTES]] = True
    return changes


def may_fold(text: str) -> bool:
    """Whether the fold may write the text otherwise: whether it has a character the fold
    changes on its own, or an ideograph past the table's (extension B onwards, rare)."""
    if text.isascii():
        return False
    codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4")
    return bool(_folds(codes).any())


def _folds(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    """Which code points make a text one the fold may write otherwise (``may_fold``)."""
    changes: npt.NDArray[np.bool_] = _changes()[np.minimum(codes, _PAST - 1)]
    changes |= (codes >= _PAST) & (codes <= _LAST)
    return changes


def fold_many(texts: Sequence[str]) -> list[str]:
    """``fold_scripts`` of each text; which texts may fold is found in one pass over all
    of them (a look-up per text cost a Chinese batch more than the fold itself)."""
    result = list(texts)
    others = [index for index, text in enumerate(texts) if not text.isascii()]
    if not others:
        return result
    lengths = np.fromiter((len(texts[i]) for i in others), dtype=np.int64, count=len(others))
    codes = np.frombuffer("".join(texts[i] for i in others).encode("utf-32-le"), dtype="<u4")
    whose = np.searchsorted(np.cumsum(lengths), np.flatnonzero(_folds(codes)), side="right")
    for place in sorted_distinct(whose).tolist():
        result[others[place]] = _fold(texts[others[place]])
    return result


def fold_scripts(text: str) -> str:
    """The text with its Traditional Chinese written in Simplified; the same length, each
    character where it was."""
    if not may_fold(text):
        return text
    return _fold(text)


def _fold(text: str) -> str:
    """``fold_scripts`` of a text that may fold."""
    folded = _convert(text)
    if len(folded) != len(text):
        # A phrase changed length somewhere: its lines are folded character by character.
        lines = text.splitlines(keepends=True)
        done = [_convert(line) for line in lines]
        folded = "".join(
            new if len(new) == len(old) else _by_characters(old)
            for old, new in zip(lines, done, strict=True)
        )
    for corner, curly in _QUOTES:  # str.translate did 15 M characters/s, str.replace 15x that
        folded = folded.replace(corner, curly)
    return folded


def _by_characters(text: str) -> str:
    codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4").copy()
    table = _char_table()
    inside = codes < _PAST
    codes[inside] = table[codes[inside]]
    folded: str = codes.astype("<u4").tobytes().decode("utf-32-le")
    return folded
