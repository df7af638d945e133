"""Text to weighted features: normalisation, tokens (jieba for CJK runs), shingles.

A feature is a stable 64-bit integer: tokens are hashed with xxh3, shingles of
consecutive tokens are combined with MurmurHash3's 64-bit finaliser, all in
NumPy. Nothing here depends on the process (no salted ``hash()``), so the same
text gives the same features on every run and every machine.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt
import xxhash

from simfind.core.segment import CJK, cut_cjk

U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]

Weighting = Literal["log", "tf", "unit"]
CjkMode = Literal["words", "chars"]

_CJK_RUN = re.compile(f"([{CJK}]+)")
_WORD = re.compile(rf"[^\W{CJK}]+")
_SPACE = re.compile(r"\s+")

# ASCII fast path: one bytes.translate lower-cases letters and blanks the rest.
_ASCII_TABLE = bytes(
    b + 32 if 65 <= b <= 90 else b if (48 <= b <= 57 or 97 <= b <= 122 or b == 95) else 32
    for b in range(256)
)

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
            f"v2-b{self.bits}-s{self.shingle}-c{self.short_chars}-{self.fade_chars}"
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
    k = values ^ (values >> _S33)
    k = k * _M1
    k ^= k >> _S33
    k = k * _M2
    k ^= k >> _S33
    result: U64 = k
    return result


def normalize(text: str) -> str:
    """NFKC, case-fold, collapse white space."""
    if text.isascii():
        return _SPACE.sub(" ", text.lower()).strip()
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


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
        return len(text.encode("ascii").translate(None, _ASCII_SPACE)) < limit
    return len("".join(text.split())) < _MAX_COMPOSITION * limit


def tokenize(text: str, cjk: CjkMode = "words") -> list[bytes]:
    """Tokens of a raw text, UTF-8 encoded, in order.

    Latin words, numbers and code identifiers come from a regular expression;
    runs of CJK ideographs are cut by jieba (or into single characters).
    """
    if text.isascii():
        return text.encode("ascii").translate(_ASCII_TABLE).split()
    folded = unicodedata.normalize("NFKC", text).casefold()
    tokens: list[str] = []
    parts = _CJK_RUN.split(folded)
    for index, part in enumerate(parts):
        if not part:
            continue
        if index % 2:  # odd parts are the captured CJK runs
            tokens.extend(cut_cjk(part) if cjk == "words" else part)
        else:
            tokens.extend(_WORD.findall(part))
    return [token.encode("utf-8") for token in tokens]


def hash_tokens(tokens: list[bytes]) -> U64:
    """xxh3-64 of every token; each distinct token is hashed once."""
    table = {token: xxhash.xxh3_64_intdigest(token) for token in dict.fromkeys(tokens)}
    return np.fromiter(map(table.__getitem__, tokens), dtype=np.uint64, count=len(tokens))


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


def extract(text: str, settings: FeatureSettings) -> Features:
    """The weighted feature set of a text: word shingles, plus character n-grams if short.

    A short text has few words, so single-word edits move its fingerprint a lot;
    its character n-grams are many and steadier. Their weight fades out with
    length instead of switching off at one length, so a text and its edited
    copy always get features of the same kinds in nearly the same proportions.
    """
    # Only a text that may be short is normalised in full: that costs more than tokenising.
    normalized = normalize(text) if may_be_shorter(text, settings.fade_chars) else None
    length = len(normalized) if normalized is not None else settings.fade_chars
    token_hashes = hash_tokens(tokenize(text, settings.cjk))
    hashes, counts = np.unique(shingle(token_hashes, settings.shingle), return_counts=True)
    weights = weigh(counts, settings.weighting)
    share = char_weight(length, settings)
    if normalized and share > 0:
        grams, gram_counts = np.unique(
            char_ngrams(normalized, settings.char_ngram) ^ _CHAR_SALT, return_counts=True
        )
        gram_weights = np.maximum(1.0, np.rint(weigh(gram_counts, settings.weighting) * share))
        merged = np.concatenate((hashes, grams))
        order = np.argsort(merged, kind="stable")
        hashes = merged[order]
        weights = np.concatenate((weights, gram_weights))[order]
    return Features(
        hashes=hashes,
        weights=weights,
        short=length < settings.short_chars,
    )


def lane_hashes(hashes: U64, lanes: int) -> U64:
    """Per-lane feature hashes, shape (n, lanes), each lane an independent mix."""
    columns = [fmix64(hashes ^ salt) for salt in _LANE_SALTS[:lanes]]
    return np.stack(columns, axis=1) if columns else np.empty((0, lanes), np.uint64)


__all__ = [
    "FeatureSettings",
    "Features",
    "char_ngrams",
    "extract",
    "fmix64",
    "hash_tokens",
    "lane_hashes",
    "may_be_shorter",
    "normalize",
    "shingle",
    "tokenize",
    "weigh",
]
