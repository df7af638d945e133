"""Weighted features to a SimHash fingerprint; Hamming distance, one against many.

A fingerprint is a Python int of 64 or 128 bits. For bulk work, fingerprints
are held as an (N, lanes) array of uint64, lane 0 being the low 64 bits, laid
out lane by lane (Fortran order) so that each lane is one contiguous run.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from simfind.core.features import F64, U64, Features, lane_hashes

# Features per block when accumulating: bounds the temporary bit matrix (~4 MiB).
_BLOCK = 1 << 16
# Rows per block when measuring distances: the buffers stay in the CPU's cache.
_ROWS = 1 << 17


def accumulate(hashes: U64, weights: F64, lanes: int) -> F64:
    """Per bit: twice the weight of the features that set it, minus all the weight.

    Bit i of the fingerprint is 1 where this is positive, which is Charikar's
    "+w where set, -w where not, keep the sign". Weights are whole numbers held
    in float64, so every sum is exact and the result does not depend on the
    order of summation (nor on the machine's BLAS).
    """
    lane_values = lane_hashes(hashes, lanes).astype("<u8", copy=False)
    totals = np.zeros(64 * lanes, dtype=np.float64)
    for start in range(0, len(hashes), _BLOCK):
        block = lane_values[start : start + _BLOCK]
        bits = np.unpackbits(block.view(np.uint8), axis=1, bitorder="little")
        totals += np.einsum("i,ij->j", weights[start : start + _BLOCK], bits)
    margin: F64 = 2.0 * totals - weights.sum()
    return margin


def simhash(hashes: U64, weights: F64, lanes: int = 1) -> int:
    """The SimHash of weighted feature hashes, as an int of 64 * lanes bits."""
    if len(hashes) == 0:
        return 0
    positive = accumulate(hashes, weights, lanes) > 0
    packed = np.packbits(positive, bitorder="little").view("<u8")
    return sum(int(word) << (64 * lane) for lane, word in enumerate(packed))


def fingerprint(features: Features, bits: int = 64) -> int:
    """The fingerprint of a text's features."""
    return simhash(features.hashes, features.weights, bits // 64)


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
