"""A text's tokens: the plain list (``tokenize``), the word buffer the fingerprint hashes
(``word_buffer``), and where each token lies in the text (``token_spans``).

Latin words, numbers and code identifiers are tokens (or, as chunks, whatever
white space separates); runs of CJK ideographs are cut by jieba (or into
single characters).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import I64, U64
from simfind.core.text.folding import fold_codes, fold_traced
from simfind.core.text.hashing import word_hashes
from simfind.core.text.long_text import cut_pieces, is_long
from simfind.core.text.segment import cut_cjk
from simfind.core.text.token_chars import (
    ASCII_TABLES,
    CJK_RUN,
    SEPARATOR,
    WORD,
    CjkMode,
    TokenMode,
    cjk_boundaries,
    code_kinds,
)


def tokenize(text: str, cjk: CjkMode = "words", tokens: TokenMode = "words") -> list[bytes]:
    """Tokens of a raw text, UTF-8 encoded, in order.

    Latin words, numbers and code identifiers come from a regular expression
    (or, as chunks, whatever white space separates); runs of CJK ideographs are
    cut by jieba (or into single characters). The fingerprint does not go
    through this list (see ``word_buffer``); it is the plain statement of what
    a token is.
    """
    if text.isascii():
        return text.encode("ascii").translate(ASCII_TABLES[tokens]).split()
    return [token.encode("utf-8") for token in _unicode_tokens(text, cjk, tokens)]


def _unicode_tokens(text: str, cjk: CjkMode, tokens: TokenMode = "words") -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold()
    found: list[str] = []
    parts = CJK_RUN.split(folded)
    for index, part in enumerate(parts):
        if not part:
            continue
        if index % 2:  # odd parts are the captured CJK runs
            found.extend(cut_cjk(part) if cjk == "words" else part)
        elif tokens == "words":
            found.extend(WORD.findall(part))
        else:
            found.extend(part.split())
    return found


def token_hashes(text: str, cjk: CjkMode = "words", tokens: TokenMode = "words") -> U64:
    """The hash of every token of a text, in order (``word_hashes`` of ``word_buffer``)."""
    return word_hashes(word_buffer(text, cjk, tokens))


def word_buffer(text: str, cjk: CjkMode = "words", tokens: TokenMode = "words") -> bytes:
    """A text's tokens as UTF-8, separated by spaces (runs of spaces allowed).

    The same tokens as ``tokenize``, without a Python object per token: ASCII
    text goes through one ``bytes.translate``; other text is classified code
    point by code point in NumPy, and all its CJK runs are cut by one call to
    the segmenter (joined by line breaks, which jieba never joins across).
    """
    return word_buffers(text, cjk, (tokens,))[0]


def word_buffers(text: str, cjk: CjkMode, modes: Sequence[TokenMode]) -> list[bytes]:
    """``word_buffer`` for several token modes at once: one fold, one segmenter call."""
    if text.isascii():
        data = text.encode("ascii")
        return [data.translate(ASCII_TABLES[mode]) for mode in modes]
    codes = fold_codes(text)
    cut: I64 | None = None  # where every CJK word starts, and every CJK run ends
    buffers = []
    for mode in modes:
        kinds = code_kinds(codes, mode)
        out = np.where(kinds == SEPARATOR, np.uint32(32), codes)
        if cut is None:
            cut = cjk_boundaries(codes, kinds, cjk)
        if len(cut):
            # A space before every CJK word and after every run keeps them apart from
            # each other and from Latin words that touch them.
            out = np.insert(out, cut, np.uint32(32))
        buffers.append(out.astype("<u4").tobytes().decode("utf-32-le").encode("utf-8"))
    return buffers


def token_spans(
    text: str, cjk: CjkMode = "words", tokens: TokenMode = "words"
) -> tuple[I64, I64, U64]:
    """Where each token of a text starts and ends (offsets in ``text``), and its hash.

    The tokens and hashes of ``token_hashes(text, cjk, tokens)``, found the same way
    (the fold table, the same token characters, jieba's cuts), each traced back
    to the characters it was folded from (a letter and the combining marks NFKC
    joins to it, to all of them). A long text is done a piece at a time (see
    ``cut_pieces``), so that the working memory stays that of a piece.
    """
    if not is_long(text):
        return _piece_spans(text, cjk, tokens)
    parts = []
    offset = 0
    for piece in cut_pieces(text):
        starts, ends, hashes = _piece_spans(piece, cjk, tokens)
        parts.append((starts + offset, ends + offset, hashes))
        offset += len(piece)
    return (
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )


def _piece_spans(text: str, cjk: CjkMode, tokens: TokenMode) -> tuple[I64, I64, U64]:
    """``token_spans`` of a text of at most about PIECE_CHARS characters."""
    if text.isascii():
        buffer = text.encode("ascii").translate(ASCII_TABLES[tokens])
        inside = np.frombuffer(buffer, dtype=np.uint8) != 32
        starts, ends = _runs(inside, np.zeros(len(buffer) + 1, dtype=bool))
        return starts, ends, word_hashes(buffer)
    codes, origin, origin_end = fold_traced(text)
    kinds = code_kinds(codes, tokens)
    cut = cjk_boundaries(codes, kinds, cjk)
    out = np.where(kinds == SEPARATOR, np.uint32(32), codes)
    if len(cut):
        out = np.insert(out, cut, np.uint32(32))
    hashes = word_hashes(out.astype("<u4").tobytes().decode("utf-32-le").encode("utf-8"))
    at_cut = np.zeros(len(codes) + 1, dtype=bool)
    at_cut[cut] = True
    starts, ends = _runs(kinds != SEPARATOR, at_cut)
    if not len(starts):
        return starts, ends, hashes
    origin_starts: I64 = origin[starts]
    origin_ends: I64 = origin_end[ends - 1]
    return origin_starts, origin_ends, hashes


def _runs(inside: npt.NDArray[np.bool_], breaks: npt.NDArray[np.bool_]) -> tuple[I64, I64]:
    """Starts and ends of the runs of ``inside``, also cut before every position in ``breaks``."""
    count = len(inside)
    padded = np.zeros(count + 2, dtype=bool)
    padded[1:-1] = inside
    first = padded[1:-1] & (~padded[:-2] | breaks[:count])
    last = padded[1:-1] & (~padded[2:] | breaks[1:])
    return np.flatnonzero(first), np.flatnonzero(last) + 1
