"""Candidate pairs of short texts by MinHash LSH on character shingles, banded, in NumPy.

For millions of records the scan of all pairs of fingerprints (pigeonhole.scan_pairs)
costs N²/2 distances (5·10¹¹ for a million), and the pigeonhole tables cannot serve
the wide radius that short records' near-duplicates need. MinHash (Broder 1997) does
not need a radius: two texts whose sets of character shingles overlap by a Jaccard
share J agree on each of ``rows`` minima together with probability J^rows, so on
at least one of ``bands`` such bands with 1 - (1 - J^rows)^bands. Every band is a
sort of N keys; texts with equal keys are candidates. A near-copy (most shingles
shared) agrees on some band almost surely; unrelated texts (few shingles shared) on
none. Buckets many texts share (a frequent pair of characters) give each text only
its neighbours in the bucket's order (by the next band's key), so the pairs stay
about N · bands · PER_BUCKET however skewed the text is.

Shingles: the word characters of the normalised text (punctuation and spaces
left out, which every line shares), in pairs for ideographs and in threes for an
alphabet (single letters are common to all English lines, as in
records.piece_settings).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import I64, U64, pair_distances, sorted_distinct
from simfind.core.index.candidates import bounded_pairs
from simfind.core.index.pigeonhole import Pairs
from simfind.core.runs.progress import CancelToken
from simfind.core.text.folding import normalize
from simfind.core.text.hashing import fmix64

U32 = npt.NDArray[np.uint32]

#: Bands of ROWS minima each: a pair with Jaccard 0.22 on its shingles (one character
#: replaced in two places of a line of eight) is a candidate with probability
#: 1 - (1 - 0.22²)^48 = 0.91, one with 0.3 at 0.99, one with 0.5 almost surely.
BANDS = 48
ROWS = 2
#: In a bucket of more texts than this, each is paired with this many that follow it in
#: the bucket (sorted by another band's key, so that texts alike on it sit together).
PER_BUCKET = 16
#: A candidate pair is kept where at least this share of its minima are equal (an
#: estimate of its Jaccard share): two of the 64 equal, the least that makes a band
#: agree, is what unrelated texts that share one frequent shingle pair show.
MIN_SHARE = 0.1
#: Pairs from the bands gathered before their repeats are left out (distinct_pairs).
_DISTINCT_AT = 1 << 22
#: Texts cut into shingles at once.
_TEXTS_AT_ONCE = 1 << 16
#: Shingles hashed and minimised at once (bounds the temporary arrays, ~100 MB).
_CHUNK = 1 << 20

_NOT_WORD = re.compile(r"[\W_]+")
_IDEOGRAPH_SHARE = 1 / 3
_SALT = np.uint64(0x9E3779B97F4A7C15)
_NEXT = np.uint64(0xBF58476D1CE4E5B9)
_EMPTY = np.uint32(0xFFFFFFFF)


def _shingle_size(letters: str) -> int:
    ideographs = sum(1 for ch in letters if "\u3400" <= ch <= "\u9fff" or ch >= "\U00020000")
    return 2 if 3 * ideographs >= len(letters) else 3


def shingles(texts: Sequence[str]) -> tuple[I64, U64]:
    """(owner, hash) of every character shingle of every text, owners ascending."""
    parts = list(_shingle_parts(texts))
    if not parts:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.uint64)
    owner_all = np.concatenate([owner for owner, _ in parts])
    hash_all = np.concatenate([value for _, value in parts])
    order = np.argsort(owner_all, kind="stable")
    return owner_all[order], hash_all[order]


def _shingle_parts(texts: Sequence[str]) -> Iterator[tuple[I64, U64]]:
    """(owner, hash) of the shingles of _TEXTS_AT_ONCE texts at a time, owners ascending
    in each part and each text in one part: memory bounded however many texts there are."""
    for first in range(0, len(texts), _TEXTS_AT_ONCE):
        by_size: dict[int, list[tuple[int, str]]] = {2: [], 3: []}
        for row, text in enumerate(texts[first : first + _TEXTS_AT_ONCE], first):
            letters = _NOT_WORD.sub("", normalize(text))
            if letters:
                by_size[_shingle_size(letters)].append((row, letters))
        for size, part in by_size.items():
            if part:
                yield _part_shingles(part, size)


def _part_shingles(part: list[tuple[int, str]], size: int) -> tuple[I64, U64]:
    lengths = np.asarray([len(letters) for _, letters in part], dtype=np.int64)
    joined = "".join(letters for _, letters in part).encode("utf-32-le")
    codes = np.frombuffer(joined, dtype="<u4").astype(np.uint64)
    owner = np.repeat(np.asarray([o for o, _ in part], dtype=np.int64), lengths)
    # A text shorter than the shingle is one shingle: all its characters.
    mixed = fmix64(codes + _SALT)
    value = mixed.copy()
    whole = np.ones(len(codes), dtype=bool)
    for step in range(1, size):
        same = np.zeros(len(codes), dtype=bool)
        same[:-step] = owner[step:] == owner[:-step]
        later = np.zeros(len(codes), dtype=np.uint64)
        later[:-step] = mixed[step:]
        value = fmix64(value * _NEXT + np.where(same, later, 0))
        whole &= same
    first = np.ones(len(codes), dtype=bool)
    first[1:] = owner[1:] != owner[:-1]
    # Shingles that start inside a text and end inside it; a short text keeps its first.
    short = lengths < size
    keep = whole | (first & np.repeat(short, lengths))
    return owner[keep], value[keep]


def signatures(texts: Sequence[str], minima: int = BANDS * ROWS) -> U32:
    """(N, minima) MinHash signatures (32-bit: 16 bits were too few, the least of a long
    text's hundreds of shingle hashes then often equal to another text's by chance):
    column k is each text's least shingle hash
    under the k-th hash function. A text with no word character gets none (all ones)."""
    result = np.full((len(texts), minima), _EMPTY, dtype=np.uint32)
    # Multiply-add then the high half: a universal family over hashes already mixed.
    multipliers = fmix64(np.arange(1, minima + 1, dtype=np.uint64) * _SALT) | np.uint64(1)
    adds = fmix64(np.arange(1, minima + 1, dtype=np.uint64) * _NEXT)
    for owner, hashed in _shingle_parts(texts):
        for start, stop in _owner_chunks(owner, _CHUNK // max(1, minima // 8)):
            own, values = owner[start:stop], hashed[start:stop]
            begins = np.flatnonzero(np.concatenate(([True], own[1:] != own[:-1])))
            rows = own[begins]
            for k in range(minima):
                high = (values * multipliers[k] + adds[k]) >> np.uint64(32)
                result[rows, k] = np.minimum.reduceat(high.astype(np.uint32), begins)
    return result


def _owner_chunks(owner: I64, size: int) -> Iterator[tuple[int, int]]:
    """[start, stop) cuts of ``owner`` (ascending) of about ``size``, never inside an owner."""
    start = 0
    while start < len(owner):
        stop = min(len(owner), start + size)
        if stop < len(owner):
            stop = int(np.searchsorted(owner, owner[stop], side="left"))
            if stop <= start:
                stop = int(np.searchsorted(owner, owner[start], side="right"))
        yield start, stop
        start = stop


def band_keys(signature: U32, band: int, rows: int = ROWS) -> U64:
    """One 64-bit key per text from its minima of ``band``."""
    part = signature[:, band * rows : (band + 1) * rows].astype(np.uint64)
    key = np.full(len(signature), np.uint64(band) + _SALT, dtype=np.uint64)
    for column in range(rows):
        key = fmix64(key * _NEXT + part[:, column])
    return key


def band_pairs(key: U64, tie: U64, valid: npt.NDArray[np.bool_]) -> tuple[I64, I64]:
    """(a, b), a < b, of texts whose keys are equal: all pairs in a bucket of at most
    PER_BUCKET + 1 texts, and each text with the PER_BUCKET that follow it (by ``tie``)
    in a larger one. Texts not ``valid`` (no shingles) take part in none."""
    rows = np.flatnonzero(valid)
    order = rows[np.lexsort((tie[rows], key[rows]))]
    ordered = key[order]
    found_a: list[I64] = []
    found_b: list[I64] = []
    for step in range(1, PER_BUCKET + 1):
        if step >= len(order):
            break
        same = np.flatnonzero(ordered[step:] == ordered[:-step])
        if not len(same):
            break
        a, b = order[same], order[same + step]
        found_a.append(np.minimum(a, b))
        found_b.append(np.maximum(a, b))
    if not found_a:
        empty = np.empty(0, dtype=np.int64)
        return empty, empty.copy()
    return np.concatenate(found_a), np.concatenate(found_b)


def lsh_pairs(signature: U32, bands: int = BANDS, rows: int = ROWS) -> Iterator[tuple[I64, I64]]:
    """(a, b) candidate pairs band by band (a pair may come from several bands)."""
    valid = signature[:, 0] != _EMPTY
    for band in range(bands):
        key = band_keys(signature, band, rows)
        tie = band_keys(signature, (band + 1) % bands, rows)
        yield band_pairs(key, tie, valid)


def minhash_pairs(
    texts: Sequence[str],
    fingerprints: npt.NDArray[np.uint64],
    per_fingerprint: int,
    cancel: CancelToken | None = None,
) -> Pairs:
    """(i, j, distance), i < j, sorted: the candidate pairs among ``texts`` (rows of
    ``fingerprints``, whose Hamming distance ranks each text's partners: it keeps its
    ``per_fingerprint`` nearest, as candidates.candidate_pairs does)."""
    signature = signatures(texts)
    minima = signature.shape[1]

    def chunks() -> Iterator[Pairs]:
        for a, b in distinct_pairs(lsh_pairs(signature), cancel):
            for start in range(0, len(a), _CHUNK // 8):
                i, j = a[start : start + _CHUNK // 8], b[start : start + _CHUNK // 8]
                equal = np.count_nonzero(signature[i] == signature[j], axis=1)
                keep = equal >= MIN_SHARE * minima
                i, j = i[keep], j[keep]
                yield i, j, pair_distances(fingerprints, i, j)

    return bounded_pairs(chunks(), per_fingerprint)


def distinct_pairs(
    found: Iterable[tuple[I64, I64]], cancel: CancelToken | None = None
) -> Iterator[tuple[I64, I64]]:
    """The pairs (a, b), a < b, of ``found`` each once, in parts of at least _DISTINCT_AT.

    A near-copy agrees on most of the bands, so most pairs come from several: among
    100,000 clustered lines 12.4 million pairs, 2.2 million distinct. Each is checked
    (its minima compared, its distance measured) once, not once per band; the pairs
    already given are held (8 bytes each) to leave them out of the later parts.
    """
    seen = np.empty(0, dtype=np.int64)
    held: list[I64] = []
    size = 0
    parts = iter(found)
    while True:
        part = None if cancel is not None and cancel.is_set() else next(parts, None)
        if part is not None:
            a, b = part
            held.append((a << 32) | b)
            size += len(a)
        if held and (part is None or size >= _DISTINCT_AT):
            packed = sorted_distinct(np.concatenate(held))
            held, size = [], 0
            if len(seen):
                at = np.minimum(np.searchsorted(seen, packed), len(seen) - 1)
                packed = packed[seen[at] != packed]
                seen = np.sort(np.concatenate((seen, packed)))
            else:
                seen = packed
            yield packed >> 32, packed & 0xFFFFFFFF
        if part is None:
            return


__all__ = [
    "BANDS",
    "MIN_SHARE",
    "PER_BUCKET",
    "ROWS",
    "band_pairs",
    "distinct_pairs",
    "lsh_pairs",
    "minhash_pairs",
    "shingles",
    "signatures",
]
