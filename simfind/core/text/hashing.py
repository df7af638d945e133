"""Stable 64-bit hashes of words and shingles, all in NumPy.

A token is hashed from its UTF-8 bytes (``word_hashes``), shingles of
consecutive tokens are combined with MurmurHash3's 64-bit finaliser
(``fmix64``). Nothing here depends on the process (no salted ``hash()``), so
the same text gives the same hashes on every run and every machine.
"""

from __future__ import annotations

import numpy as np
import xxhash

from simfind.core.base.arrays import I64, U64

_M1 = np.uint64(0xFF51AFD7ED558CCD)
_M2 = np.uint64(0xC4CEB9FE1A85EC53)
_SHINGLE_MUL = np.uint64(0x9E3779B97F4A7C15)
_S33 = np.uint64(33)


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
    """A stable 64-bit hash of every word of ``buffer``, in order (see ``locate_words``)."""
    return locate_words(buffer)[1]


def word_places(buffer: bytes) -> tuple[I64, I64, U64]:
    """Where each word of ``buffer`` starts and ends, and its hash (``word_hashes``)."""
    starts, hashes = locate_words(buffer)
    if not len(starts):
        return starts, starts.copy(), hashes
    inside = np.frombuffer(buffer, dtype=np.uint8) != 32
    # A word ends at the first space after its start: the next start's run is after it.
    ends = np.flatnonzero(inside[:-1] & ~inside[1:]) + 1
    if inside[-1]:
        ends = np.append(ends, len(buffer))
    result: I64 = ends.astype(np.int64)
    return starts, result, hashes


def locate_words(buffer: bytes) -> tuple[I64, U64]:
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
