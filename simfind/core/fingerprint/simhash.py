"""Weighted features to a SimHash fingerprint; Hamming distance, one against many.

A fingerprint is a Python int of 64 or 128 bits. For bulk work, fingerprints
are held as an (N, lanes) array of uint64, lane 0 being the low 64 bits, laid
out lane by lane (Fortran order) so that each lane is one contiguous run.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, I64, U64
from simfind.core.text.features import FeatureBatch, Features, FeatureSettings, batch_features
from simfind.core.text.hashing import fmix64

# One salt per 64-bit lane of the fingerprint: lane k hashes feature f as fmix64(f ^ salt_k).
_LANE_SALTS = (np.uint64(0), np.uint64(0x2545F4914F6CDD1D))
# Bit t of byte value v, for every v: turns per-byte-value sums into per-bit sums.
_BITS_OF_BYTE = np.unpackbits(
    np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little"
).astype(np.float64)
# Features per block when accumulating: bounds the temporaries (~20 MB).
_FEATURES = 1 << 18
# Rows per block when measuring distances: the buffers stay in the CPU's cache.
_ROWS = 1 << 17


def accumulate(hashes: U64, weights: F64, lanes: int) -> F64:
    """Per bit: twice the weight of the features that set it, minus all the weight.

    Bit i of the fingerprint is 1 where this is positive, which is Charikar's
    "+w where set, -w where not, keep the sign".
    """
    owners = np.zeros(len(hashes), dtype=np.int64)
    margin: F64 = accumulate_many(owners, hashes, weights, 1, lanes)[0]
    return margin


def accumulate_many(owners: I64, hashes: U64, weights: F64, texts: int, lanes: int) -> F64:
    """``accumulate`` for several texts at once: row t is text t's margins.

    Rather than a bit matrix (unpacked bits weighed and summed: 12 times slower),
    one weighted histogram per byte of the lane hashes (how much weight each text
    has at each byte value there) is turned into per-bit sums by a 256 x 8 table.
    Weights are whole numbers held in float64, so every sum is exact and the
    result does not depend on the order of summation (nor on the machine's BLAS).
    """
    histograms = np.zeros((8 * lanes, texts * 256), dtype=np.float64)
    for start in range(0, len(hashes), _FEATURES):  # bounded temporaries for a huge text
        block = slice(start, start + _FEATURES)
        # The lanes' bytes read where they lie (a strided column each), not transposed first.
        lane_bytes = lane_hashes(hashes[block], lanes).astype("<u8", copy=False).view(np.uint8)
        base = owners[block] * 256
        at = np.empty(len(base), dtype=np.int64)
        for index in range(8 * lanes):
            np.add(base, lane_bytes[:, index], out=at)
            # In place: 10-20 % faster than np.bincount's histogram added (NumPy 2.4).
            np.add.at(histograms[index], at, weights[block])
    per_bit = histograms.reshape(8 * lanes, texts, 256) @ _BITS_OF_BYTE  # (8L, texts, 8)
    totals = per_bit.transpose(1, 0, 2).reshape(texts, 64 * lanes)
    margin: F64 = 2.0 * totals - np.bincount(owners, weights=weights, minlength=texts)[:, None]
    return margin


def simhash(hashes: U64, weights: F64, lanes: int = 1) -> int:
    """The SimHash of weighted feature hashes, as an int of 64 * lanes bits."""
    if len(hashes) == 0:
        return 0
    return _to_ints(accumulate(hashes, weights, lanes)[None, :] > 0)[0]


def _to_ints(bits: npt.NDArray[np.bool_]) -> list[int]:
    """Rows of bits (lowest first) as Python ints."""
    words = np.packbits(bits, axis=1, bitorder="little").view("<u8").tolist()
    return [sum(int(word) << (64 * lane) for lane, word in enumerate(row)) for row in words]


def fingerprint(features: Features, bits: int = 64) -> int:
    """The fingerprint of a text's features."""
    return simhash(features.hashes, features.weights, bits // 64)


def fingerprint_texts(texts: Sequence[str], settings: FeatureSettings) -> list[int | None]:
    """The fingerprint of each text, computed together (None where a text has no features).

    One vectorised pass over many small files costs far less than one per file.
    """
    return fingerprints(batch_features(texts, settings), settings.bits)


def fingerprints(batch: FeatureBatch, bits: int) -> list[int | None]:
    """The fingerprint of every text of a batch; None for a text with no features."""
    margins = accumulate_many(batch.owners, batch.hashes, batch.weights, batch.texts, bits // 64)
    present = np.bincount(batch.owners, minlength=batch.texts) > 0
    values = _to_ints(margins > 0)
    return [value if here else None for value, here in zip(values, present.tolist(), strict=True)]


def hamming(a: int, b: int) -> int:
    """Bits in which two fingerprints differ."""
    return (a ^ b).bit_count()


def to_array(fingerprints: list[int], bits: int = 64) -> U64:
    """Fingerprints as an (N, lanes) uint64 array, each lane contiguous."""
    lanes = bits // 64
    mask = (1 << 64) - 1
    out = np.empty((len(fingerprints), lanes), dtype=np.uint64, order="F")
    for lane in range(lanes):
        shift = 64 * lane
        out[:, lane] = np.fromiter(
            ((fp >> shift) & mask for fp in fingerprints), dtype=np.uint64, count=len(fingerprints)
        )
    return out


def distances(reference: int, fingerprints: U64) -> npt.NDArray[np.uint8]:
    """Hamming distance from one fingerprint to each row of an (N, lanes) array.

    Works through the rows in cache-sized blocks into preallocated buffers, so
    no full-size temporary is ever made: 10 million 128-bit fingerprints cost
    one 10 MB result and two small buffers, not 250 MB of intermediates.
    Distances fit in uint8 (at most 128).
    """
    count, lanes = fingerprints.shape
    ref = to_array([reference], 64 * lanes)[0]
    out = np.empty(count, dtype=np.uint8)
    xor = np.empty(_ROWS, dtype=np.uint64)
    bits = np.empty(_ROWS, dtype=np.uint8)
    for start in range(0, count, _ROWS):
        stop = min(count, start + _ROWS)
        rows = stop - start
        total = out[start:stop]
        np.bitwise_xor(fingerprints[start:stop, 0], ref[0], out=xor[:rows])
        np.bitwise_count(xor[:rows], out=total)
        for lane in range(1, lanes):
            np.bitwise_xor(fingerprints[start:stop, lane], ref[lane], out=xor[:rows])
            np.bitwise_count(xor[:rows], out=bits[:rows])
            total += bits[:rows]
    return out


def lane_hashes(hashes: U64, lanes: int) -> U64:
    """Per-lane feature hashes, shape (n, lanes), each lane an independent mix."""
    columns = [fmix64(hashes ^ salt) for salt in _LANE_SALTS[:lanes]]
    return np.stack(columns, axis=1) if columns else np.empty((0, lanes), np.uint64)
