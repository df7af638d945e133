"""Text to weighted features: the settings that decide them, their weights, and many texts
computed together (``batch_features``).

Word shingles weigh by their count in the text; a short text adds character
n-grams. Many texts are handled in one vectorised pass: per-call overhead, not
arithmetic, is what costs most on a folder of small files. A long text is
handled in pieces, so that its memory grows with its distinct features, not
with its tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, I64, U64
from simfind.core.text.batch_buffers import many_word_buffers
from simfind.core.text.folding import many_may_be_shorter, normalize
from simfind.core.text.hashing import char_ngrams
from simfind.core.text.long_text import is_long
from simfind.core.text.scripts import fold_many
from simfind.core.text.shingles import (
    MAX_BATCH,
    OWNER_SHIFT,
    TO_FEATURE,
    count_keys,
    count_sorted,
    features_of,
    owned_shingles,
    owners_of,
    shingle_counts,
    sort_by_owner,
)
from simfind.core.text.token_chars import CjkMode

Weighting = Literal["log", "tf", "unit"]

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
    #: Traditional Chinese read as Simplified (scripts.fold_scripts), in the fingerprint
    #: and in the exact measure alike.
    fold_scripts: bool = True

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
            f"v3-b{self.bits}-s{self.shingle}-c{self.short_chars}-{self.fade_chars}"
            f"-n{self.char_ngram}"
            f"-{self.cjk}-{self.weighting}" + ("-t2s" if self.fold_scripts else "")
        )


@dataclass(frozen=True)
class Features:
    """The distinct features of one text with their weights.

    ``hashes`` is sorted and unique, so two texts' feature sets intersect cheaply.
    """

    hashes: U64
    weights: F64
    short: bool


@dataclass(frozen=True)
class FeatureBatch:
    """The distinct features of several texts, with their weights.

    Row i belongs to text ``owners[i]``; ``owners`` is ascending and within a
    text ``hashes`` is unique (word shingles first, each sorted, then any
    character n-grams, sorted). ``tokens`` counts each text's tokens.
    """

    owners: I64
    hashes: U64
    weights: F64
    texts: int
    short: npt.NDArray[np.bool_]
    tokens: I64
    #: Which rows are word shingles (the rest are character n-grams).
    words: npt.NDArray[np.bool_]
    #: The features of each text's runs at either end (shingles.edge_features), and whose
    #: each is; none for a long text (counted piece by piece) or an empty one.
    edges: U64 = field(default_factory=lambda: np.zeros(0, dtype=np.uint64))
    edge_owners: I64 = field(default_factory=lambda: np.zeros(0, dtype=np.int64))


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


def folded_texts(texts: Sequence[str], settings: FeatureSettings) -> Sequence[str]:
    """The texts as the settings read them: Traditional Chinese as Simplified, or as written."""
    return fold_many(texts) if settings.fold_scripts else texts


def batch_features(texts: Sequence[str], settings: FeatureSettings) -> FeatureBatch:
    """The weighted features of many texts, computed together.

    The texts' tokens are hashed as one buffer; every shingle is keyed by its
    text and its feature, and one sort counts them all. Word shingles weigh by
    their count; a text that may be short adds character n-grams, their weight
    fading with its length (see ``char_weight``). A text of fewer tokens than a
    shingle has one feature, the shingle of all of them.
    """
    count = len(texts)
    if count > MAX_BATCH:
        raise ValueError(f"at most {MAX_BATCH} texts in a batch")
    texts = folded_texts(texts, settings)
    n = settings.shingle
    long_texts: list[tuple[int, U64, I64, int]] = []
    shares = np.zeros(count, dtype=np.float64)
    short = np.zeros(count, dtype=bool)
    grams: list[tuple[int, str]] = []
    pieces = ["" if is_long(text) else text for text in texts]
    buffers = many_word_buffers(pieces, settings.cjk)
    shorter = many_may_be_shorter(texts, settings.fade_chars)
    for owner, text in enumerate(texts):
        # Only a text that may be short is normalised in full: that costs more than tokenising.
        if shorter[owner]:
            normalized = normalize(text)
            shares[owner] = char_weight(len(normalized), settings)
            short[owner] = len(normalized) < settings.short_chars
            if normalized and shares[owner] > 0:
                grams.append((owner, normalized))
        if is_long(text):  # counted piece by piece, its buffer left empty
            long_texts.append((owner, *shingle_counts(text, n, settings.cjk)))
    keys, tokens, (edge_owners, edges) = owned_shingles(buffers, n)
    sort_by_owner(keys)
    distinct, counts = count_sorted(keys)
    if long_texts:
        # Counted already, piece by piece: their (distinct) keys join the others as they are.
        for owner, _, _, total in long_texts:
            tokens[owner] = total
        distinct = np.concatenate(
            [distinct, *(f | (np.uint64(o) << OWNER_SHIFT) for o, f, _, _ in long_texts)]
        )
        counts = np.concatenate([counts, *(c for _, _, c, _ in long_texts)])
        order = np.argsort(distinct, kind="stable")
        distinct, counts = distinct[order], counts[order]
    parts_owner = [owners_of(distinct)]
    parts_hash = [features_of(distinct)]
    parts_weight = [weigh(counts, settings.weighting)]
    if grams:
        gram_keys = [
            (char_ngrams(normalized, settings.char_ngram) ^ _CHAR_SALT) >> TO_FEATURE
            | (np.uint64(owner) << OWNER_SHIFT)
            for owner, normalized in grams
        ]
        distinct, counts = count_keys(np.concatenate(gram_keys))
        gram_owner = owners_of(distinct)
        parts_owner.append(gram_owner)
        parts_hash.append(features_of(distinct))
        scaled = np.rint(weigh(counts, settings.weighting) * shares[gram_owner])
        parts_weight.append(np.maximum(1.0, scaled))
    owner_all = np.concatenate(parts_owner)
    order = np.argsort(owner_all, kind="stable")
    words = np.zeros(len(owner_all), dtype=bool)
    words[: len(parts_owner[0])] = True
    return FeatureBatch(
        owners=owner_all[order],
        hashes=np.concatenate(parts_hash)[order],
        weights=np.concatenate(parts_weight)[order],
        texts=count,
        short=short,
        tokens=tokens,
        words=words[order],
        edges=edges,
        edge_owners=edge_owners,
    )


def extract(text: str, settings: FeatureSettings) -> Features:
    """The weighted feature set of one text: word shingles, plus character n-grams if short.

    A short text has few words, so single-word edits move its fingerprint a lot;
    its character n-grams are many and steadier. Their weight fades out with
    length instead of switching off at one length, so a text and its edited
    copy always get features of the same kinds in nearly the same proportions.
    """
    batch = batch_features([text], settings)
    order = np.argsort(batch.hashes, kind="stable")
    return Features(
        hashes=batch.hashes[order], weights=batch.weights[order], short=bool(batch.short[0])
    )
