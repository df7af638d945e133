"""The seeds' algorithm, naively, as the baseline every benchmark measures against.

Written here from the seeds' description (not their code): jieba tokens of
text with Chinese in it (white-space words otherwise), term-frequency
weights, the classic "x = first char << 7; for each char: x = (x * 1000003)
^ char; x ^= length" string hash cut to 64 bits, a Python loop over the bits
of every token, and "near-duplicate" meaning a Hamming distance of 3 or less.
"""

from __future__ import annotations

import logging
import re
from collections import Counter

import jieba
import numpy as np

jieba.setLogLevel(logging.WARNING)

BITS = 64
MASK = (1 << BITS) - 1
THRESHOLD = 3


def seed_hash(token: str) -> int:
    """The seeds' string hash: one-character tokens never reach the top ~21 bits."""
    if not token:
        return 0
    x = (ord(token[0]) << 7) & MASK
    for char in token:
        x = ((x * 1000003) ^ ord(char)) & MASK
    x ^= len(token)
    return x


_CJK = re.compile("[\u4e00-\u9fff]")


def seed_tokens(text: str) -> list[str]:
    """jieba words for text with Chinese in it, else white-space separated words."""
    if _CJK.search(text):
        return [t for t in jieba.lcut(text) if t.strip()]
    return text.split()


def naive_fingerprint(text: str) -> int:
    """The per-bit Python loop, as the seeds run it (the slow baseline)."""
    vector = [0] * BITS
    for token, count in Counter(seed_tokens(text)).items():
        value = seed_hash(token)
        for bit in range(BITS):
            vector[bit] += count if (value >> bit) & 1 else -count
    return sum(1 << bit for bit in range(BITS) if vector[bit] > 0)


def naive_fingerprint_fast(text: str) -> int:
    """The same numbers as naive_fingerprint, with the bit loop in NumPy (for accuracy runs)."""
    counts = Counter(seed_tokens(text))
    if not counts:
        return 0
    values = np.fromiter((seed_hash(t) for t in counts), dtype=np.uint64, count=len(counts))
    weights = np.fromiter(counts.values(), dtype=np.int64, count=len(counts))
    bits = np.unpackbits(
        values.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little"
    )
    totals = weights @ (2 * bits.astype(np.int64) - 1)
    return sum(1 << bit for bit in range(BITS) if totals[bit] > 0)
