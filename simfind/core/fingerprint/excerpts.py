"""A second candidate index: files that hold the reference, or that it holds, however far
their SimHash.

A file holding an excerpt of the reference (or the reference inside a file
ten times longer) has a fingerprint far from the reference's, and its bottom-k
sketch shares little with it: both see the whole file. What is kept here sees
passages. Each text keeps the word-pair features (the fingerprint's own,
uniform 48-bit hashes) whose value falls below a fixed share of their range
(1 in 2**SAMPLE_SHIFT): a sample that depends on the features only, so an
excerpt's sample is part of its holder's, and the share of a text's sample
found in another's estimates the share of the text found there (Broder's
sampling by value, rather than MinHash's k smallest, which an excerpt and its
holder do not share). A long text keeps at most SAMPLE_CAP values, its
smallest; two samples are then compared below the smaller of their two
ceilings, which keeps the estimate fair.

Samples are kept in the fingerprint cache beside the sketch, so a rescan reads
no file for them; a whole folder is looked up in one NumPy pass.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, I64, U64

#: A text keeps its word-pair features below 2**(48 - SAMPLE_SHIFT): one in eight.
SAMPLE_SHIFT = 3
#: At most this many values a text (its smallest).
SAMPLE_CAP = 512
#: The kept features' top bits are zero: what is left of them fits 32 bits.
_LIMIT = np.uint64(1 << (48 - SAMPLE_SHIFT))
_DROP = np.uint64(48 - SAMPLE_SHIFT - 32)
_NO_CEILING = 2**32 - 1
#: A sample's values below this are its text's two edge runs (boilerplate.edge_runs: a
#: label or an attribution at either end), no passage of it: the estimates leave them
#: out (and the one in 2**16 of the other values that falls there).
EDGE_BELOW = 1 << 16
#: A kept value's top 16 bits, for the reference's table of them.
_HIGH = np.uint32(16)

U32 = np.ndarray[tuple[int], np.dtype[np.uint32]]


def sampled(features: U64) -> npt.NDArray[np.bool_]:
    """Which features a sample may hold (before its cap): one in 2**SAMPLE_SHIFT."""
    result: npt.NDArray[np.bool_] = features < _LIMIT
    return result


def samples(owners: I64, features: U64, texts: int) -> list[bytes]:
    """Each text's sample, packed, from its distinct features (``owners`` ascending and,
    within a text, ``features`` ascending, as a FeatureBatch's word part is)."""
    keep = sampled(features)
    owners, values = owners[keep], features[keep]
    starts = np.searchsorted(owners, np.arange(texts))
    rank = np.arange(len(owners)) - starts[owners] if len(owners) else owners
    capped = rank < SAMPLE_CAP
    owners, values = owners[capped], (values[capped] >> _DROP).astype("<u4")
    bounds = np.searchsorted(owners, np.arange(texts + 1))
    data = values.tobytes()
    return [data[4 * bounds[i] : 4 * bounds[i + 1]] for i in range(texts)]


def unpack(data: bytes) -> U32:
    result: U32 = np.frombuffer(data, dtype="<u4").astype(np.uint32)
    return result


def _ceiling(sample: U32) -> int:
    """The largest value a capped sample could hold; none for a sample not capped."""
    return int(sample[-1]) if len(sample) >= SAMPLE_CAP else _NO_CEILING


def _counts(reference: bytes, others: Sequence[bytes | None]) -> tuple[I64, I64, I64]:
    """(values in common, the reference's values compared, each other's values compared)
    for each other text; a missing sample shares nothing.

    Two samples are compared below the lower of their ceilings, their edge runs left
    out (EDGE_BELOW). A sample is
    sorted, so each text's values all lie below its own ceiling: only the
    reference's ceiling cuts them, and each text's counts are taken from the
    positions of the values kept (and found) between the text's bounds.
    """
    count = len(others)
    whole = unpack(reference)
    ref = whole[whole >= EDGE_BELOW]
    lengths = np.fromiter((len(o) // 4 if o else 0 for o in others), dtype=np.int64, count=count)
    values = np.frombuffer(b"".join(o or b"" for o in others), dtype="<u4")
    ends = np.cumsum(lengths)
    starts = ends - lengths
    kept = np.flatnonzero((values <= _ceiling(whole)) & (values >= EDGE_BELOW))
    found = kept[_members(ref, values[kept])]
    of_other = np.searchsorted(kept, ends) - np.searchsorted(kept, starts)
    common = np.searchsorted(found, ends) - np.searchsorted(found, starts)
    ceilings = np.full(count, _NO_CEILING, dtype=np.uint32)
    full = lengths >= SAMPLE_CAP
    ceilings[full] = values[ends[full] - 1]
    of_reference = np.searchsorted(ref, ceilings, side="right").astype(np.int64)
    return common, of_reference, of_other


def _members(ref: U32, values: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    """Which values are in ``ref`` (sorted): a table of the reference's top 16 bits
    passes the few that may be, and those are looked up."""
    result = np.zeros(len(values), dtype=bool)
    if not len(ref):
        return result
    table = np.zeros(1 << 16, dtype=bool)
    table[ref >> _HIGH] = True
    maybe = np.flatnonzero(table[values >> _HIGH])
    some = values[maybe]
    at = np.minimum(np.searchsorted(ref, some), len(ref) - 1)
    result[maybe] = ref[at] == some
    return result


def estimate(reference: bytes, others: Sequence[bytes | None]) -> tuple[F64, F64]:
    """(share of the reference in each other text, share of each in the reference), as
    their samples estimate them."""
    common, of_reference, of_other = _counts(reference, others)
    held: F64 = common / np.maximum(of_reference, 1)
    holds: F64 = common / np.maximum(of_other, 1)
    return held, holds


def scores(reference: bytes, others: Sequence[bytes | None]) -> F64:
    """How much each other text holds the reference or is held in it (either way, the
    larger), for choosing candidates; 0 for a text with no value in common.

    A share estimated from few values is trusted less: k values found of n
    score k / (n + 1), so the one common word pair of a one-line file does not
    come before six of six of a quotation.
    """
    common, of_reference, of_other = _counts(reference, others)
    result: F64 = common / (np.minimum(of_reference, of_other) + 1.0)
    return result
