"""Text to weighted features: normalisation, tokens (jieba for CJK runs), shingles.

A token is hashed from its UTF-8 bytes (``word_hashes``), shingles of
consecutive tokens are combined with MurmurHash3's 64-bit finaliser, and a
feature is the top 48 bits of a shingle's hash, all in NumPy. Nothing here
depends on the process (no salted ``hash()``), so the same text gives the same
features on every run and every machine.

Many texts are handled in one vectorised pass (``batch_features``): per-call
overhead, not arithmetic, is what costs most on a folder of small files. A
long text is handled in pieces, so that its memory grows with its distinct
features, not with its tokens.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

import numpy as np
import numpy.typing as npt
import xxhash

from simfind.core.base.arrays import sorted_distinct
from simfind.core.text.segment import CJK, cut_cjk

U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

Weighting = Literal["log", "tf", "unit"]
CjkMode = Literal["words", "chars"]
#: "words": Latin words, numbers and identifiers (punctuation is not part of a token);
#: "chunks": what white space separates, punctuation included. Both cut CJK runs.
TokenMode = Literal["words", "chunks"]

_CJK_RUN = re.compile(f"([{CJK}]+)")
_WORD = re.compile(rf"[^\W{CJK}]+")
_SPACE = re.compile(r"\s+")

# ASCII fast path: one bytes.translate lower-cases letters and blanks the rest.
_ASCII_TABLE = bytes(
    b + 32 if 65 <= b <= 90 else b if (48 <= b <= 57 or 97 <= b <= 122 or b == 95) else 32
    for b in range(256)
)

# The same for chunks: white space (as str.isspace() says) becomes a space, all else stays.
_ASCII_CHUNK_TABLE = bytes(
    32 if chr(b).isspace() else b + 32 if 65 <= b <= 90 else b for b in range(256)
)
_ASCII_TABLES: dict[str, bytes] = {"words": _ASCII_TABLE, "chunks": _ASCII_CHUNK_TABLE}
# The same, but bytes of non-ASCII characters (UTF-8) kept as they are.
_HIGH_KEPT = {mode: table[:128] + bytes(range(128, 256)) for mode, table in _ASCII_TABLES.items()}

_M1 = np.uint64(0xFF51AFD7ED558CCD)
_M2 = np.uint64(0xC4CEB9FE1A85EC53)
_SHINGLE_MUL = np.uint64(0x9E3779B97F4A7C15)
# One salt per 64-bit lane of the fingerprint: lane k hashes feature f as fmix64(f ^ salt_k).
_LANE_SALTS = (np.uint64(0), np.uint64(0x2545F4914F6CDD1D))
_S33 = np.uint64(33)
# Keeps character n-grams apart from word shingles that might hash alike.
_CHAR_SALT = np.uint64(0x6A09E667F3BCC908)


@dataclass(frozen=True)
class FeatureSettings:
    """Everything that decides a file's features; part of the cache key."""

    bits: int = 128
    shingle: int = 2
    #: Texts shorter than this (normalised characters) are "short": character
    #: n-grams weigh fully beside the word shingles, and verification uses edit distance.
    short_chars: int = 200
    #: From short_chars up to this length the n-grams' weight fades to nothing, so two
    #: versions of a text on either side of short_chars still get close fingerprints.
    fade_chars: int = 600
    char_ngram: int = 3
    cjk: CjkMode = "words"
    weighting: Weighting = "log"

    def __post_init__(self) -> None:
        if self.bits not in (64, 128):
            raise ValueError("bits must be 64 or 128")
        if self.shingle < 1 or self.char_ngram < 1:
            raise ValueError("shingle and char_ngram must be at least 1")
        if self.fade_chars < self.short_chars:
            raise ValueError("fade_chars must be at least short_chars")

    def key(self) -> str:
        """A short stable string naming these settings (for caches)."""
        return (
            f"v3-b{self.bits}-s{self.shingle}-c{self.short_chars}-{self.fade_chars}"
            f"-n{self.char_ngram}"
            f"-{self.cjk}-{self.weighting}"
        )


@dataclass(frozen=True)
class Features:
    """The distinct features of one text with their weights.

    ``hashes`` is sorted and unique, so two texts' feature sets intersect cheaply.
    """

    hashes: U64
    weights: F64
    short: bool


def fmix64(values: U64) -> U64:
    """MurmurHash3's 64-bit finaliser, vectorised: a bijection with full avalanche."""
    k = values >> _S33
    k ^= values
    k *= _M1
    k ^= k >> _S33
    k *= _M2
    k ^= k >> _S33
    result: U64 = k
    return result


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
    return bool((_fold_table_lookup(codes) == _COMPLEX).any())


def tokenize(text: str, cjk: CjkMode = "words", tokens: TokenMode = "words") -> list[bytes]:
    """Tokens of a raw text, UTF-8 encoded, in order.

    Latin words, numbers and code identifiers come from a regular expression
    (or, as chunks, whatever white space separates); runs of CJK ideographs are
    cut by jieba (or into single characters). The fingerprint does not go
    through this list (see ``word_buffer``); it is the plain statement of what
    a token is.
    """
    if text.isascii():
        return text.encode("ascii").translate(_ASCII_TABLES[tokens]).split()
    return [token.encode("utf-8") for token in _unicode_tokens(text, cjk, tokens)]


def _unicode_tokens(text: str, cjk: CjkMode, tokens: TokenMode = "words") -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold()
    found: list[str] = []
    parts = _CJK_RUN.split(folded)
    for index, part in enumerate(parts):
        if not part:
            continue
        if index % 2:  # odd parts are the captured CJK runs
            found.extend(cut_cjk(part) if cjk == "words" else part)
        elif tokens == "words":
            found.extend(_WORD.findall(part))
        else:
            found.extend(part.split())
    return found


def token_hashes(text: str, cjk: CjkMode = "words", tokens: TokenMode = "words") -> U64:
    """The hash of every token of a text, in order (``word_hashes`` of ``word_buffer``)."""
    return word_hashes(word_buffer(text, cjk, tokens))


def hash_tokens(tokens: list[bytes]) -> U64:
    """The hash of each token (UTF-8 bytes without a space), as ``token_hashes`` gives it."""
    return word_hashes(b" ".join(tokens))


_K = np.uint64(0x9E3779B97F4A7C15)
#: The low i bytes of a 64-bit word, for i = 0..8.
_LOW_BYTES = np.array([(1 << (8 * i)) - 1 for i in range(9)], dtype=np.uint64)
#: Words longer than this are hashed one by one (xxh3): a long run of letters must
#: not become thousands of vectorised steps of eight bytes.
_VECTOR_WORD_BYTES = 32
_PAD = b" " * 8


def word_hashes(buffer: bytes) -> U64:
    """A stable 64-bit hash of every word of ``buffer``, in order (see ``_words``)."""
    return _words(buffer)[1]


def word_places(buffer: bytes) -> tuple[I64, I64, U64]:
    """Where each word of ``buffer`` starts and ends, and its hash (``word_hashes``)."""
    starts, hashes = _words(buffer)
    if not len(starts):
        return starts, starts.copy(), hashes
    inside = np.frombuffer(buffer, dtype=np.uint8) != 32
    # A word ends at the first space after its start: the next start's run is after it.
    ends = np.flatnonzero(inside[:-1] & ~inside[1:]) + 1
    if inside[-1]:
        ends = np.append(ends, len(buffer))
    result: I64 = ends.astype(np.int64)
    return starts, result, hashes


def _words(buffer: bytes) -> tuple[I64, U64]:
    """Where each word of ``buffer`` starts, and a stable 64-bit hash of it, in order.

    A word is a run of bytes other than the ASCII space. Its hash reads it as
    little-endian 64-bit chunks: h = fmix64(chunk0 ^ length * K), then
    h = fmix64(h * K + chunk) for each further chunk, the last chunk padded
    with zero bytes; words longer than 32 bytes are xxh3-64 of their bytes
    mixed the same way. All of it is done for every word at once in NumPy, the
    chunks read straight out of the buffer through an unaligned 8-byte view.
    """
    padded = b" " + buffer + _PAD
    inside = np.frombuffer(padded, dtype=np.uint8) != 32
    # Boolean arrays, not int8 differences: nonzero() is several times faster on them.
    edges = np.flatnonzero(inside[1:] != inside[:-1])
    edges += 1
    starts, ends = edges[0::2], edges[1::2]
    lengths = ends - starts
    chunks = np.ndarray((len(padded) - 7,), dtype="<u8", buffer=padded, strides=(1,))
    first = chunks[starts] & _LOW_BYTES[np.minimum(lengths, 8)]
    hashes = fmix64(first ^ (lengths.astype(np.uint64) * _K))
    longer = np.flatnonzero((lengths > 8) & (lengths <= _VECTOR_WORD_BYTES))
    offset = 8
    while len(longer):
        rest = lengths[longer] - offset
        chunk = chunks[starts[longer] + offset] & _LOW_BYTES[np.minimum(rest, 8)]
        hashes[longer] = fmix64(hashes[longer] * _K + chunk)
        longer = longer[rest > 8]
        offset += 8
    longest = np.flatnonzero(lengths > _VECTOR_WORD_BYTES)
    if len(longest):
        digests = np.fromiter(
            (
                xxhash.xxh3_64_intdigest(padded[a:b])
                for a, b in zip(starts[longest].tolist(), ends[longest].tolist(), strict=True)
            ),
            dtype=np.uint64,
            count=len(longest),
        )
        hashes[longest] = fmix64(hashes[longest] * _K + digests)
    starts -= 1  # positions in ``buffer``, not in ``padded``
    return starts, hashes


def shingle(token_hashes: U64, n: int) -> U64:
    """Hashes of every run of ``n`` consecutive tokens (order-sensitive).

    A text with fewer than ``n`` tokens yields one shingle of all of them.
    """
    count = len(token_hashes)
    if count == 0:
        return token_hashes
    width = min(n, count)
    length = count - width + 1
    combined: U64 = token_hashes[:length].copy()
    for offset in range(1, width):
        mixed: U64 = combined * _SHINGLE_MUL + token_hashes[offset : offset + length]
        combined = fmix64(mixed)
    return combined


def char_ngrams(normalized: str, n: int) -> U64:
    """Hashes of the character n-grams of a normalised text (for very short texts)."""
    codes = np.frombuffer(normalized.encode("utf-32-le"), dtype="<u4").astype(np.uint64)
    return shingle(fmix64(codes + _SHINGLE_MUL), n)


# Weights are whole numbers (see simhash.accumulate); this sets the log scheme's resolution.
_WEIGHT_SCALE = 16.0


def weigh(counts: npt.NDArray[np.int64], weighting: Weighting) -> F64:
    """A feature's weight from its count in the file, as a whole number.

    "log" (the default) is 1 + ln(count): repeats matter, but sub-linearly, so a
    line pasted fifty times does not drown the rest of the file.
    """
    if weighting == "unit":
        return np.ones(len(counts), dtype=np.float64)
    if weighting == "tf":
        return counts.astype(np.float64)
    return np.rint(_WEIGHT_SCALE * (1.0 + np.log(counts.astype(np.float64))))


def char_weight(length: int, settings: FeatureSettings) -> float:
    """How much character n-grams count for a text of this normalised length (1 to 0)."""
    if length < settings.short_chars:
        return 1.0
    if length >= settings.fade_chars or settings.fade_chars == settings.short_chars:
        return 0.0
    return (settings.fade_chars - length) / (settings.fade_chars - settings.short_chars)


#: A feature is named by the top FEATURE_BITS bits of its hash; the rest of a 64-bit
#: sort key says which text of a batch it belongs to, so one sort counts them all.
FEATURE_BITS = 48
_OWNER_SHIFT = np.uint64(FEATURE_BITS)
_TO_FEATURE = np.uint64(64 - FEATURE_BITS)
_FEATURE_MASK = np.uint64((1 << FEATURE_BITS) - 1)


def feature_ids(shingle_hashes: U64) -> U64:
    """The features that shingles (or character n-grams) of these hashes are."""
    result: U64 = shingle_hashes >> _TO_FEATURE
    return result


#: Texts in one batch: the owner must fit in the key's low bits.
MAX_BATCH = 1 << (64 - FEATURE_BITS)
#: A text longer than this (characters) is tokenised piece by piece.
PIECE_CHARS = 1 << 18
#: Pending shingles of a long text are counted into its table at about this many.
_MERGE_SHINGLES = 1 << 20


@dataclass(frozen=True)
class FeatureBatch:
    """The distinct features of several texts, with their weights.

    Row i belongs to text ``owners[i]``; ``owners`` is ascending and within a
    text ``hashes`` is unique (word shingles first, each sorted, then any
    character n-grams, sorted). ``tokens`` counts each text's tokens.
    """

    owners: I64
    hashes: U64
    weights: F64
    texts: int
    short: npt.NDArray[np.bool_]
    tokens: I64
    #: Which rows are word shingles (the rest are character n-grams).
    words: npt.NDArray[np.bool_]


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
        return [data.translate(_ASCII_TABLES[mode]) for mode in modes]
    codes = fold_codes(text)
    cut: I64 | None = None  # where every CJK word starts, and every CJK run ends
    buffers = []
    for mode in modes:
        kinds = _kinds(codes, mode)
        out = np.where(kinds == _SEPARATOR, np.uint32(32), codes)
        if cut is None:
            cut = _cjk_boundaries(codes, kinds, cjk)
        if len(cut):
            # A space before every CJK word and after every run keeps them apart from
            # each other and from Latin words that touch them.
            out = np.insert(out, cut, np.uint32(32))
        buffers.append(out.astype("<u4").tobytes().decode("utf-32-le").encode("utf-8"))
    return buffers


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
                row[index] = data.translate(_ASCII_TABLES[mode])
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
        translated = self.data.translate(_HIGH_KEPT[mode])
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
    if (_fold_table_lookup(codes) == _COMPLEX).any():
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
    folded = _fold_table_lookup(codes)
    ends = np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)))
    ends[1:] += np.arange(1, len(texts))  # each text's end, where its line break is
    if (folded >= _EXPANDS).any():
        composing = np.flatnonzero(folded == _COMPLEX)
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
        folded, starts = _expand(codes, folded)
        ends[:-1] = starts[ends[:-1]]
    cut: I64 | None = None
    result = []
    for mode in modes:
        kinds = _kinds(folded, mode)
        out = np.where(kinds == _SEPARATOR, np.uint32(32), folded)
        out[ends[:-1]] = 10  # the texts' line breaks stay, to split at
        if cut is None:
            cut = _cjk_boundaries(folded, kinds, cjk)
        if len(cut):
            out = np.insert(out, cut, np.uint32(32))
        result.append(out.astype("<u4").tobytes().decode("utf-32-le").encode("utf-8").split(b"\n"))
    return result


def _cjk_boundaries(
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


#: Fold table entry c is casefold(NFKC(chr(c))) when that is one code point and c cannot take
#: part in a composition with its neighbours; _EXPANDS when it is several (their code
#: points in _EXPANSIONS); _COMPLEX when c may compose; all learnt as met.
_NOT_YET, _COMPLEX, _EXPANDS = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD


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
#: The code points of segment.CJK's ranges: what _kind calls an ideograph.
_IDEOGRAPH_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3134F))


_EXPANSIONS: dict[int, npt.NDArray[np.uint32]] = {}
_JAMO = ((0x1100, 0x11FF), (0xA960, 0xA97F), (0xD7B0, 0xD7FF))


def _composes(char: str) -> bool:
    """Whether NFC may join ``char`` to the character before it (or reorder it)."""
    code = ord(char)
    return (
        unicodedata.combining(char) != 0
        or unicodedata.category(char).startswith("M")
        or any(low <= code <= high for low, high in _JAMO)
    )


def _fold_one(code: int) -> int:
    char = chr(code)
    if _composes(char) or _composes(unicodedata.normalize("NFKD", char)[:1] or char):
        return _COMPLEX
    folded = unicodedata.normalize("NFKC", char).casefold()
    if len(folded) == 1:
        return ord(folded)
    _EXPANSIONS[code] = np.array([ord(c) for c in folded], dtype=np.uint32)
    return _EXPANDS


def fold_codes(text: str) -> npt.NDArray[np.uint32]:
    """The code points of NFKC(text).casefold(), in NumPy.

    Where no character of the text can combine with its neighbours (combining
    marks, Hangul jamo), as in nearly all text, this maps code point by code
    point through a table, a character that folds to several ("…" to "...")
    spliced in (NFKC of such a text is the NFKC of each character); otherwise
    the whole text is normalised.
    """
    codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4")
    folded = _fold_table_lookup(codes)
    if (folded >= _EXPANDS).any():
        if (folded == _COMPLEX).any():
            whole = unicodedata.normalize("NFKC", text).casefold()
            return np.frombuffer(whole.encode("utf-32-le"), dtype="<u4")
        folded = _expand(codes, folded)[0]
    return folded


def _fold_table_lookup(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.uint32]:
    """Each code point through the fold table (_EXPANDS or _COMPLEX where one cannot)."""
    table = _folded_table()
    folded: npt.NDArray[np.uint32] = table[codes]
    unseen = folded == _NOT_YET
    if unseen.any():
        for code in sorted_distinct(codes[unseen]).tolist():
            table[code] = _fold_one(code)
        folded = table[codes]
    return folded


def _expand(
    codes: npt.NDArray[np.uint32], folded: npt.NDArray[np.uint32]
) -> tuple[npt.NDArray[np.uint32], I64]:
    """``folded`` with each character that folds to several replaced by them, and where
    each character of ``codes`` now starts."""
    expanding = np.flatnonzero(folded == _EXPANDS)
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


_SEPARATOR, _WORD_CHAR, _IDEOGRAPH, _UNKNOWN = 0, 1, 2, 255


#: What each code point is, learnt as code points are met (process-wide tables, one
#: per token mode).
@cache
def _kind_table(tokens: TokenMode) -> npt.NDArray[np.uint8]:
    table = np.full(0x110000, _UNKNOWN, dtype=np.uint8)
    for low, high in _IDEOGRAPH_RANGES:  # what _CJK_RUN matches, set at once
        table[low : high + 1] = _IDEOGRAPH
    return table


def _kind(char: str, tokens: TokenMode) -> int:
    if _CJK_RUN.fullmatch(char):
        return _IDEOGRAPH
    if tokens == "words":
        return _WORD_CHAR if _WORD.fullmatch(char) else _SEPARATOR
    return _SEPARATOR if char.isspace() else _WORD_CHAR


def _kinds(codes: npt.NDArray[np.uint32], tokens: TokenMode) -> npt.NDArray[np.uint8]:
    """Separator, token character or CJK ideograph, for each code point (as the regexes say)."""
    table = _kind_table(tokens)
    kinds = table[codes]
    unknown = kinds == _UNKNOWN
    if unknown.any():
        for code in sorted_distinct(codes[unknown]).tolist():
            table[code] = _kind(chr(code), tokens)
        kinds = table[codes]
    return kinds


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


def token_spans(
    text: str, cjk: CjkMode = "words", tokens: TokenMode = "words"
) -> tuple[I64, I64, U64]:
    """Where each token of a text starts and ends (offsets in ``text``), and its hash.

    The tokens and hashes of ``token_hashes(text, cjk, tokens)``, found the same way
    (the fold table, the same token characters, jieba's cuts), each traced back
    to the characters it was folded from (a letter and the combining marks NFKC
    joins to it, to all of them). A long text is done a piece at a time (see
    ``_pieces``), so that the working memory stays that of a piece.
    """
    if len(text) <= PIECE_CHARS:
        return _piece_spans(text, cjk, tokens)
    parts = []
    offset = 0
    for piece in _pieces(text):
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
        buffer = text.encode("ascii").translate(_ASCII_TABLES[tokens])
        inside = np.frombuffer(buffer, dtype=np.uint8) != 32
        starts, ends = _runs(inside, np.zeros(len(buffer) + 1, dtype=bool))
        return starts, ends, word_hashes(buffer)
    codes, origin, origin_end = _fold_traced(text)
    kinds = _kinds(codes, tokens)
    cut = _cjk_boundaries(codes, kinds, cjk)
    out = np.where(kinds == _SEPARATOR, np.uint32(32), codes)
    if len(cut):
        out = np.insert(out, cut, np.uint32(32))
    hashes = word_hashes(out.astype("<u4").tobytes().decode("utf-32-le").encode("utf-8"))
    at_cut = np.zeros(len(codes) + 1, dtype=bool)
    at_cut[cut] = True
    starts, ends = _runs(kinds != _SEPARATOR, at_cut)
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


def _fold_traced(text: str) -> tuple[npt.NDArray[np.uint32], I64, I64]:
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
    if not (folded >= _EXPANDS).any():
        return folded, origin, origin + 1
    # (first character, characters, folded code points) of each place that folds to several
    edits = [
        (int(i), 1, _EXPANSIONS[int(codes[i])].tolist()) for i in np.flatnonzero(folded == _EXPANDS)
    ]
    marks = np.flatnonzero(folded == _COMPLEX).tolist()
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


def _count(keys: U64) -> tuple[U64, I64]:
    """Distinct keys (ascending) and how often each occurs; sorts ``keys`` in place."""
    keys.sort()
    return _count_sorted(keys)


def _count_sorted(keys: U64) -> tuple[U64, I64]:
    """Distinct keys and how often each occurs, of keys already in ascending order."""
    if len(keys) == 0:
        return keys, np.zeros(0, dtype=np.int64)
    first = np.empty(len(keys), dtype=bool)
    first[0] = True
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    at = np.flatnonzero(first)
    counts = np.diff(at, append=len(keys))
    return keys[at], counts


def _merge_counts(table: tuple[U64, I64], more: tuple[U64, I64]) -> tuple[U64, I64]:
    """Two (distinct keys, counts) tables as one (the first may be changed in place)."""
    keys, counts = table
    if not len(keys):
        return more
    at = np.searchsorted(keys, more[0])
    found = at < len(keys)
    found[found] = keys[at[found]] == more[0][found]
    counts[at[found]] += more[1][found]
    fresh = ~found
    return np.insert(keys, at[fresh], more[0][fresh]), np.insert(counts, at[fresh], more[1][fresh])


def _pieces(text: str) -> Iterator[str]:
    """A long text cut before a line break (else a space, else anywhere) every PIECE_CHARS.

    A cut before a line break or space splits no token and no NFKC composition, so
    the pieces' tokens are the whole text's.
    """
    start = 0
    while len(text) - start > PIECE_CHARS:
        limit = start + PIECE_CHARS
        cut = -1
        for separator in ("\n", " ", "\u3002", "\uff0c"):
            cut = text.rfind(separator, start + PIECE_CHARS // 2, limit)
            if cut > start:
                break
        if cut <= start:
            cut = limit
        yield text[start:cut]
        start = cut
    yield text[start:]


def shingle_counts(
    text: str, n: int, cjk: CjkMode = "words", tokens: TokenMode = "words"
) -> tuple[U64, I64, int]:
    """(distinct features ascending, their counts, tokens) of the n-shingles of a text.

    A long text is tokenised a piece at a time (see ``_pieces``), the last n - 1
    tokens of a piece carried into the next, and its shingles counted into one
    table as they come: memory grows with the distinct features, not with the
    text's tokens. A text of fewer than n tokens has one feature, the shingle
    of all of them.
    """
    return shingle_tables(text, ((tokens, n),), cjk)[0]


def shingle_tables(
    text: str, kinds: Sequence[tuple[TokenMode, int]], cjk: CjkMode = "words"
) -> list[tuple[U64, I64, int]]:
    """``shingle_counts`` for several (token mode, shingle size) at once, in one pass."""
    tables = [_ShingleTable(n) for _, n in kinds]
    for piece in _pieces(text):
        for table, buffer in zip(
            tables, word_buffers(piece, cjk, [mode for mode, _ in kinds]), strict=True
        ):
            table.add(word_hashes(buffer))
    return [table.result() for table in tables]


class _ShingleTable:
    """Counts the n-shingles of a token stream that arrives in pieces."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.carry = np.zeros(0, dtype=np.uint64)
        self.table = (np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64))
        self.pending: list[U64] = []
        self.waiting = self.total = 0

    def add(self, hashes: U64) -> None:
        n = self.n
        self.total += len(hashes)
        joined = np.concatenate((self.carry, hashes)) if len(self.carry) else hashes
        if len(joined) >= n:
            self.pending.append(feature_ids(shingle(joined, n)))
            self.waiting += len(self.pending[-1])
            self.carry = joined[len(joined) - n + 1 :]
        else:
            self.carry = joined
        if self.waiting >= _MERGE_SHINGLES:
            self._merge()

    def _merge(self) -> None:
        if self.pending:
            self.table = _merge_counts(self.table, _count(np.concatenate(self.pending)))
        self.pending, self.waiting = [], 0

    def result(self) -> tuple[U64, I64, int]:
        self._merge()
        if self.total and not len(self.table[0]):  # fewer tokens than a shingle
            self.table = _count(feature_ids(shingle(self.carry, self.n)))
        return self.table[0], self.table[1], self.total


def owned_shingles(buffers: Sequence[bytes], n: int) -> tuple[U64, I64]:
    """The n-shingles of several word buffers at once, as keys (owner << FEATURE_BITS |
    feature, unsorted, repeats kept), and each buffer's count of tokens.

    The buffers' tokens are hashed as one; a shingle never spans two buffers. A
    buffer of fewer tokens than n has one shingle, of all of them.
    """
    starts = np.cumsum([0] + [len(b) + 1 for b in buffers[:-1]], dtype=np.int64)
    positions, hashes = _words(b" ".join(buffers))
    owners = np.searchsorted(starts, positions, side="right") - 1
    tokens = np.bincount(owners, minlength=len(buffers)).astype(np.int64)
    keys: U64 = np.zeros(0, dtype=np.uint64)
    if len(hashes) >= n:
        span = len(hashes) - n + 1
        inside = owners[:span] == owners[n - 1 :]
        keys = (owners[:span][inside].astype(np.uint64) << _OWNER_SHIFT) | (
            shingle(hashes, n)[inside] >> _TO_FEATURE
        )
    few = np.flatnonzero((tokens > 0) & (tokens < n))
    if len(few):  # no shingle of theirs is among the others: each goes in at its place
        alone = [shingle(hashes[owners == owner], n) >> _TO_FEATURE for owner in few.tolist()]
        mine = np.concatenate(alone) | (few.astype(np.uint64) << _OWNER_SHIFT)
        keys = np.insert(keys, np.searchsorted(owners_of(keys), few), mine)
    return keys, tokens


def sort_by_owner(keys: U64) -> None:
    """Sort keys of ``owned_shingles`` (grouped by owner, ascending) in place, one owner's
    at a time: many small sorts stay in the CPU's cache, and took half the time of one
    sort of a batch's keys."""
    if len(keys) < 2:
        return
    owners = owners_of(keys)
    ends = np.flatnonzero(owners[1:] != owners[:-1]) + 1
    start = 0
    for end in [*ends.tolist(), len(keys)]:
        keys[start:end].sort()
        start = end


def owners_of(keys: U64) -> I64:
    """The owner (text of a batch) of each key of ``owned_shingles``."""
    result: I64 = (keys >> _OWNER_SHIFT).astype(np.int64)
    return result


def features_of(keys: U64) -> U64:
    """The feature of each key of ``owned_shingles``."""
    result: U64 = keys & _FEATURE_MASK
    return result


def batch_features(texts: Sequence[str], settings: FeatureSettings) -> FeatureBatch:
    """The weighted features of many texts, computed together.

    The texts' tokens are hashed as one buffer; every shingle is keyed by its
    text and its feature, and one sort counts them all. Word shingles weigh by
    their count; a text that may be short adds character n-grams, their weight
    fading with its length (see ``char_weight``). A text of fewer tokens than a
    shingle has one feature, the shingle of all of them.
    """
    count = len(texts)
    if count > MAX_BATCH:
        raise ValueError(f"at most {MAX_BATCH} texts in a batch")
    n = settings.shingle
    long_texts: list[tuple[int, U64, I64, int]] = []
    shares = np.zeros(count, dtype=np.float64)
    short = np.zeros(count, dtype=bool)
    grams: list[tuple[int, str]] = []
    pieces = [text if len(text) <= PIECE_CHARS else "" for text in texts]
    buffers = many_word_buffers(pieces, settings.cjk)
    for owner, text in enumerate(texts):
        # Only a text that may be short is normalised in full: that costs more than tokenising.
        if may_be_shorter(text, settings.fade_chars):
            normalized = normalize(text)
            shares[owner] = char_weight(len(normalized), settings)
            short[owner] = len(normalized) < settings.short_chars
            if normalized and shares[owner] > 0:
                grams.append((owner, normalized))
        if len(text) > PIECE_CHARS:  # counted piece by piece, its buffer left empty
            long_texts.append((owner, *shingle_counts(text, n, settings.cjk)))
    keys, tokens = owned_shingles(buffers, n)
    sort_by_owner(keys)
    distinct, counts = _count_sorted(keys)
    if long_texts:
        # Counted already, piece by piece: their (distinct) keys join the others as they are.
        for owner, _, _, total in long_texts:
            tokens[owner] = total
        distinct = np.concatenate(
            [distinct, *(f | (np.uint64(o) << _OWNER_SHIFT) for o, f, _, _ in long_texts)]
        )
        counts = np.concatenate([counts, *(c for _, _, c, _ in long_texts)])
        order = np.argsort(distinct, kind="stable")
        distinct, counts = distinct[order], counts[order]
    parts_owner = [owners_of(distinct)]
    parts_hash = [features_of(distinct)]
    parts_weight = [weigh(counts, settings.weighting)]
    if grams:
        gram_keys = [
            (char_ngrams(normalized, settings.char_ngram) ^ _CHAR_SALT) >> _TO_FEATURE
            | (np.uint64(owner) << _OWNER_SHIFT)
            for owner, normalized in grams
        ]
        distinct, counts = _count(np.concatenate(gram_keys))
        gram_owner = owners_of(distinct)
        parts_owner.append(gram_owner)
        parts_hash.append(features_of(distinct))
        scaled = np.rint(weigh(counts, settings.weighting) * shares[gram_owner])
        parts_weight.append(np.maximum(1.0, scaled))
    owner_all = np.concatenate(parts_owner)
    order = np.argsort(owner_all, kind="stable")
    words = np.zeros(len(owner_all), dtype=bool)
    words[: len(parts_owner[0])] = True
    return FeatureBatch(
        owners=owner_all[order],
        hashes=np.concatenate(parts_hash)[order],
        weights=np.concatenate(parts_weight)[order],
        texts=count,
        short=short,
        tokens=tokens,
        words=words[order],
    )


def extract(text: str, settings: FeatureSettings) -> Features:
    """The weighted feature set of one text: word shingles, plus character n-grams if short.

    A short text has few words, so single-word edits move its fingerprint a lot;
    its character n-grams are many and steadier. Their weight fades out with
    length instead of switching off at one length, so a text and its edited
    copy always get features of the same kinds in nearly the same proportions.
    """
    batch = batch_features([text], settings)
    order = np.argsort(batch.hashes, kind="stable")
    return Features(
        hashes=batch.hashes[order], weights=batch.weights[order], short=bool(batch.short[0])
    )


def lane_hashes(hashes: U64, lanes: int) -> U64:
    """Per-lane feature hashes, shape (n, lanes), each lane an independent mix."""
    columns = [fmix64(hashes ^ salt) for salt in _LANE_SALTS[:lanes]]
    return np.stack(columns, axis=1) if columns else np.empty((0, lanes), np.uint64)


__all__ = [
    "FeatureBatch",
    "FeatureSettings",
    "Features",
    "TokenMode",
    "batch_features",
    "char_ngrams",
    "extract",
    "feature_ids",
    "features_of",
    "fmix64",
    "fold_codes",
    "hash_tokens",
    "lane_hashes",
    "many_mode_buffers",
    "many_word_buffers",
    "may_be_shorter",
    "normalize",
    "owned_shingles",
    "owners_of",
    "shingle",
    "shingle_counts",
    "shingle_tables",
    "sort_by_owner",
    "token_hashes",
    "token_spans",
    "tokenize",
    "weigh",
    "word_buffer",
    "word_buffers",
    "word_hashes",
]
