"""Bottom-k sketches: a second filter beside SimHash, for files that changed a lot.

A text's sketch is the SKETCH_SIZE smallest of its word-pair features (the
features its fingerprint is made of, which are uniform hashes), so the
sketches of two texts estimate the Jaccard similarity of their feature sets
(Broder's bottom-k MinHash): of the k smallest features of both texts
together, the share that both texts have.

SimHash's distance is a poor guide once a file has changed a lot: a test
module rewritten to six times its size, or a 400-character file whose short
text fingerprint leans on character n-grams while its grown new version has
none, lands hundreds or thousands of places away from its old version and is
never compared exactly. Their sketches still rank them first. The nearest
files by sketch are verified beside the nearest by distance.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, I64, U64

#: Features per sketch; 32 ranks every such pair measured on the code release pairs first.
SKETCH_SIZE = 32
#: Fills a sketch of a text with fewer features (never a feature: those are 48 bits).
EMPTY = np.uint64(2**64 - 1)


def bottom_k(owners: I64, features: U64, texts: int) -> U64:
    """Each text's sketch, shape (texts, SKETCH_SIZE), from its distinct features.

    ``owners`` is ascending and, within a text, ``features`` ascending (as a
    FeatureBatch's word part is).
    """
    sketches = np.full((texts, SKETCH_SIZE), EMPTY, dtype=np.uint64)
    if not len(features):
        return sketches
    starts = np.searchsorted(owners, np.arange(texts))
    rank = np.arange(len(owners)) - starts[owners]
    keep = rank < SKETCH_SIZE
    sketches[owners[keep], rank[keep]] = features[keep]
    return sketches


def resemblance(reference: U64, sketches: U64) -> F64:
    """The estimated Jaccard similarity of the reference's features with each row's.

    Of the k smallest distinct features of the two texts together, the share
    found in both (a value found twice in the merged pair of sketches).
    """
    count = len(sketches)
    if count == 0:
        return np.zeros(0, dtype=np.float64)
    merged = np.concatenate((sketches, np.broadcast_to(reference, sketches.shape)), axis=1)
    merged.sort(axis=1)
    real = merged != EMPTY
    repeat = np.zeros(merged.shape, dtype=bool)
    repeat[:, 1:] = (merged[:, 1:] == merged[:, :-1]) & real[:, 1:]
    distinct = real & ~repeat
    rank = np.cumsum(distinct, axis=1)  # how many distinct values up to here
    within = rank <= SKETCH_SIZE
    both = np.count_nonzero(repeat & within, axis=1)
    union = np.minimum(rank[:, -1], SKETCH_SIZE)
    result: F64 = np.where(union > 0, both / np.maximum(union, 1), 0.0)
    return result


def pack(sketch: U64) -> bytes:
    return sketch.astype("<u8").tobytes()


def unpack(data: bytes) -> U64:
    result: U64 = np.frombuffer(data, dtype="<u8").astype(np.uint64)
    return result


def stack(sketches: list[U64 | None]) -> npt.NDArray[np.uint64]:
    """Sketches as one (n, SKETCH_SIZE) array; a missing one matches nothing."""
    out = np.full((len(sketches), SKETCH_SIZE), EMPTY, dtype=np.uint64)
    for row, sketch in enumerate(sketches):
        if sketch is not None:
            out[row] = sketch
    return out
