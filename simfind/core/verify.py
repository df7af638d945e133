"""Exact similarity for the candidates SimHash ranks near the reference.

SimHash is the filter; this is the judge. Short texts are compared by
normalised edit distance over characters (as seed 002 does), longer texts by
the LCS ratio of their token sequences (2·LCS / (|a| + |b|), the measure a
diff tool shows), and texts too long for that by the Jaccard similarity of
their shingle sets.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from rapidfuzz.distance import Indel, Levenshtein

from simfind.core.features import U64, FeatureSettings, hash_tokens, normalize, shingle, tokenize

#: Above this product of token counts the LCS costs too much; Jaccard takes over.
MAX_LCS_CELLS = 400_000_000
#: Default verdict: a candidate is "similar" at or above this exact similarity.
DEFAULT_THRESHOLD = 0.6


@dataclass(frozen=True)
class Comparable:
    """What the exact measures need of one text."""

    #: The normalised text, kept only where it may be short (edit distance needs it).
    normalized: str | None
    tokens: U64
    shingles: U64

    def is_short(self, settings: FeatureSettings) -> bool:
        return self.normalized is not None and len(self.normalized) < settings.short_chars


def comparable(text: str, settings: FeatureSettings) -> Comparable:
    token_hashes = hash_tokens(tokenize(text, settings.cjk))
    # Normalising costs more than tokenising; a text this long cannot be short.
    normalized = normalize(text) if len(text) < 64 * settings.short_chars else None
    return Comparable(
        normalized=normalized,
        tokens=token_hashes,
        shingles=np.unique(shingle(token_hashes, settings.shingle)),
    )


def jaccard(a: U64, b: U64) -> float:
    """|A ∩ B| / |A ∪ B| of two sorted unique arrays."""
    if len(a) == 0 and len(b) == 0:
        return 1.0
    common = len(np.intersect1d(a, b, assume_unique=True))
    return common / (len(a) + len(b) - common)


def similarity(a: Comparable, b: Comparable, settings: FeatureSettings) -> float:
    """Exact similarity of two texts in [0, 1]."""
    short = a.is_short(settings) or b.is_short(settings)
    if short and a.normalized is not None and b.normalized is not None:
        return float(Levenshtein.normalized_similarity(a.normalized, b.normalized))
    if len(a.tokens) * len(b.tokens) <= MAX_LCS_CELLS:
        return float(Indel.normalized_similarity(a.tokens.tolist(), b.tokens.tolist()))
    return jaccard(a.shingles, b.shingles)
