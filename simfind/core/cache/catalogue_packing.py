"""How a catalogue of format 2 keeps a file's sketch and excerpt sample in fewer bytes,
and gets each back exactly as the fingerprint cache keeps it (nothing is lost: every
estimate made from a catalogue is the one made from the cache).

Both are nine tenths of a catalogue and do not compress as bytes: they are uniform
hashes. A sketch's features are 48 bits (fingerprint.sketch): each is kept in 6 bytes
instead of 8, and a short text's unfilled places (EMPTY) not at all. A sample's values
(32 bits, ascending: excerpts.samples) are kept as their low 3 bytes, and the top byte
of each as the gaps between them in unary (Elias and Fano's code: about one bit a
value for the top byte, with a few hundred values); a short sample, for which those
gaps cost more, as it is.
"""

from __future__ import annotations

import numpy as np

from simfind.core.fingerprint.sketch import EMPTY, SKETCH_SIZE

#: A sample's first byte: kept as it is, or split into low bytes and a top byte in unary.
_RAW, _SPLIT = 0, 1


def pack_sketch(sketch: bytes) -> bytes:
    """A sketch as sketch.pack made it, in 6 bytes a feature (EMPTY places left out)."""
    values = np.frombuffer(sketch, dtype="<u8")
    values = values[values != EMPTY]
    if len(values) > SKETCH_SIZE or np.any(values >> np.uint64(48)):
        raise ValueError("not a sketch")
    packed: bytes = values.view(np.uint8).reshape(-1, 8)[:, :6].tobytes()
    return packed


def unpack_sketch(data: bytes) -> bytes:
    """The sketch pack_sketch packed, as sketch.pack makes it."""
    if len(data) % 6 or len(data) > 6 * SKETCH_SIZE:
        raise ValueError("a packed sketch of no sketch's length")
    full = np.full((SKETCH_SIZE, 8), 0xFF, dtype=np.uint8)
    count = len(data) // 6
    full[:count, :6] = np.frombuffer(data, dtype=np.uint8).reshape(count, 6)
    full[:count, 6:] = 0
    return full.tobytes()


def pack_sample(sample: bytes) -> bytes:
    """An excerpt sample (excerpts.samples) in fewer bytes where that saves any."""
    values = np.frombuffer(sample, dtype="<u4")
    count = len(values)
    if count == 0:
        return b""
    if np.any(values[1:] < values[:-1]):
        raise ValueError("a sample not in order")
    high = (values >> np.uint32(24)).astype(np.int64) + np.arange(count)
    unary = np.zeros(int(high[-1]) + 1, dtype=np.uint8)
    unary[high] = 1
    tops = np.packbits(unary, bitorder="little").tobytes()
    if len(tops) + 2 >= count:
        return bytes([_RAW]) + sample
    low = values.view(np.uint8).reshape(count, 4)[:, :3].tobytes()
    return b"".join((bytes([_SPLIT]), count.to_bytes(2, "little"), low, tops))


def unpack_sample(data: bytes) -> bytes:
    """The sample pack_sample packed, as excerpts.samples makes it."""
    if not data:
        return b""
    if data[0] == _RAW and len(data) % 4 == 1:
        return data[1:]
    if data[0] != _SPLIT or len(data) < 3:
        raise ValueError("a packed sample of no known kind")
    count = int.from_bytes(data[1:3], "little")
    if len(data) < 3 + 3 * count:
        raise ValueError("a packed sample too short")
    raw = np.frombuffer(data, dtype=np.uint8)
    ones = np.flatnonzero(np.unpackbits(raw[3 + 3 * count :], bitorder="little"))
    tops = ones - np.arange(count)
    if len(ones) != count or not count or tops[-1] > 255:
        raise ValueError("a packed sample's top bytes make no sense")
    values = np.empty((count, 4), dtype=np.uint8)
    values[:, :3] = raw[3 : 3 + 3 * count].reshape(count, 3)
    values[:, 3] = tops
    return values.tobytes()
