"""Exact similarity: the share of two texts that is the same, as a diff counts it.

SimHash is the filter; this is the judge, and its figure is the one a user
reads: matched words over all the words of both texts, 2M / (|A| + |B|), the
ratio a diff tool reports. Two unrelated texts score near 0, a text and its
copy 1, a file holding the reference and three times as much else about 0.4
(and its containment, ``shares``' other two figures, says it holds all of it).

Which words are matched: those a diff of the two texts keeps. Every run of
``WORD_GRAM`` words the texts share is an anchor; the heaviest chain of
anchors that follow one another in both texts is kept (anchors.heaviest_chain:
a longest common subsequence of runs of two words), and its words are
matched; so are the single words a diff keeps between two kept runs, where an
edited word or two left its neighbours standing (anchors.gap_matches, gaps of
at most four words on both sides; not before the first run nor after the
last, where a lone shared word, a source's name after a saying, would be
chance). So repeats count once, as in a diff; a
moved paragraph counts where the diff keeps it, not twice; and the chance
pairs of words two unrelated texts share ("of the", "return self"),
scattered and out of order, mostly fall away, where counting them wherever
they were lifted two modules of one library to a half. A lone word far from
any shared run is no match: "the", "return" and "的" are in every text.

Words are what white space separates, punctuation included (``'%d.%m.%Y'``
and ``'%d/%m/%Y'`` differ, as ``wdiff`` and ``git diff --word-diff`` see
them); runs of Chinese characters are cut into jieba words, and Chinese
punctuation marks are words of their own (``tokens.token_hashes``, chunks).
Measured against difflib's ratio of the texts' bare words on real release
pairs, revisions, graded edits and short texts
(tests/benchmarks/bench_similarity.py), it tracked the diff as closely as bare
words did, called fewer strangers similar and ranked more true counterparts
first (bench_accuracy).

Texts of fewer than ``CHAR_WORDS`` words on both sides (a name, a number, an
identifier) have no runs to speak of: they are compared by their characters,
by the same ratio (2·LCS / (|A| + |B|) of the normalised characters).

Text that many files of the scanned folder carry (a licence header, a
template's banner, an attribution) counts little: given a ``Boilerplate``
(boilerplate.py), each word of such text weighs ``BOILERPLATE_WEIGHT``
instead of 1, in the matched words and in the totals alike, so two files that
share only a licence header score near 0, and a file that is nothing but the
header still scores as its text says.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, I64, U64
from simfind.core.compare.anchors import (
    SMALL_WORDS,
    diagonal_runs,
    diagonal_runs_small,
    gap_matches,
    gap_matches_small,
    heaviest_chain,
    heaviest_chain_small,
)
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.text.features import FeatureSettings
from simfind.core.text.folding import normalize
from simfind.core.text.hashing import shingle
from simfind.core.text.scripts import fold_scripts
from simfind.core.text.shingles import feature_ids
from simfind.core.text.tokens import token_spans

#: Words per run that makes a word matched (see the module's docstring; measured
#: against difflib's ratio of words in tests/benchmarks/bench_similarity.py).
WORD_GRAM = 2
#: Texts with fewer words than this on both sides are compared by their characters.
CHAR_WORDS = 3
#: A text keeps its normalised characters for that comparison only when this short.
CHAR_KEEP = 1024
#: Names the measure, for caches of prepared texts: change it when the measure changes.
MEASURE = "m5-shared-words"
#: Names how ``pack_tokens`` packs a text, for the same caches: change it with the format.
PACKING = "t8"
#: Default verdict: a file is "similar" at or above this similarity (chosen by
#: tests/benchmarks/bench_similarity.py; see docs/benchmarks.md, "The similarity a user reads").
DEFAULT_THRESHOLD = 0.5
#: What a word of boilerplate counts for, against 1 for any other word.
BOILERPLATE_WEIGHT = 0.05

B = npt.NDArray[np.bool_]


class Comparable:
    """What the exact measure needs of one text: its words' hashes in order (``tokens``,
    words as white space separates them), its normalised characters when it is short
    enough to be compared by them, and for telling its boilerplate, the fingerprint's
    words (``words``: letters and digits, jieba words) with the word of ``tokens`` each
    lies in (``word_token``)."""

    __slots__ = ("__dict__", "normalized", "tokens", "word_token", "words")

    def __init__(
        self,
        tokens: U64,
        normalized: str | None,
        words: U64 | None = None,
        word_token: npt.NDArray[np.uint32] | None = None,
    ) -> None:
        self.tokens = tokens
        self.normalized = normalized
        self.words = tokens if words is None else words
        self.word_token = (
            np.arange(len(tokens), dtype=np.uint32) if word_token is None else word_token
        )

    def __getstate__(self) -> tuple[U64, str | None, U64, npt.NDArray[np.uint32]]:
        # Derived arrays (runs, weights) are made again where they are needed.
        return self.tokens, self.normalized, self.words, self.word_token

    def __setstate__(self, state: tuple[U64, str | None, U64, npt.NDArray[np.uint32]]) -> None:
        self.tokens, self.normalized, self.words, self.word_token = state

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Comparable)
            and self.normalized == other.normalized
            and np.array_equal(self.tokens, other.tokens)
            and np.array_equal(self.words, other.words)
            and np.array_equal(self.word_token, other.word_token)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Comparable({len(self.tokens)} words)"

    @property
    def size(self) -> int:
        """How many words (tokens) the text has."""
        return len(self.tokens)

    def grams(self, k: int) -> U64:
        """The hashes of its runs of k words, in order (made once)."""
        cache: dict[int, U64] = self.__dict__.setdefault("_grams", {})
        found = cache.get(k)
        if found is None:
            found = cache[k] = shingle(self.tokens, k)
        return found

    def weights(self, boilerplate: Boilerplate | None) -> F64 | None:
        """Each word's weight (None: all 1), as ``boilerplate`` marks them."""
        if boilerplate is None or boilerplate.empty or not len(self.tokens):
            return None
        cache: dict[int, F64 | None] = self.__dict__.setdefault("_weights", {})
        key = id(boilerplate)
        if key not in cache:
            marked = self._marked(boilerplate)
            cache[key] = np.where(marked, BOILERPLATE_WEIGHT, 1.0) if marked.any() else None
        return cache[key]

    def _marked(self, boilerplate: Boilerplate) -> B:
        """Which of its words (tokens) are boilerplate."""
        if boilerplate.of_tokens:
            return boilerplate.marks(feature_ids(shingle(self.tokens, 2)), len(self.tokens))
        # Sampled runs are of the fingerprint's words: a token is boilerplate when one of
        # its words is; a token without any (a brace, a row of dashes) follows its nearest
        # neighbour that has one, the one before it first.
        words = boilerplate.marks(feature_ids(shingle(self.words, 2)), len(self.words))
        count = len(self.tokens)
        has = np.bincount(self.word_token, minlength=count)[:count] > 0
        marked = np.bincount(self.word_token, weights=words, minlength=count)[:count] > 0
        if has.all() or not has.any():
            return marked
        index = np.arange(count)
        before = np.maximum.accumulate(np.where(has, index, -1))
        after = np.minimum.accumulate(np.where(has, index, count)[::-1])[::-1]
        nearest = np.where(before >= 0, before, after)
        result: B = np.where(has, marked, marked[np.minimum(nearest, count - 1)])
        return result


class Shares(NamedTuple):
    """What comparing two texts found: their similarity, and how much of each the other
    holds (the share of the first text found in the second, and of the second in the first)."""

    similarity: float
    first_in_second: float
    second_in_first: float


def _covered(starts: I64, grams: I64, words: int, k: int) -> B:
    """The words inside these runs (starting at ``starts``, of ``grams`` k-grams each)."""
    edges = np.zeros(words + 1, dtype=np.int32)
    np.add.at(edges, starts, 1)
    np.add.at(edges, starts + grams + k - 1, -1)
    result: B = np.cumsum(edges)[:words] > 0
    return result


def _covered_small(a: Comparable, b: Comparable, k: int) -> tuple[B, B]:
    """Which words of each text the chain and its gaps keep: the NumPy path's answer,
    found in plain Python for short texts."""
    tokens_a, tokens_b = a.tokens.tolist(), b.tokens.tolist()
    chain = heaviest_chain_small(diagonal_runs_small(a.grams(k).tolist(), b.grams(k).tolist()))
    single_a, single_b = gap_matches_small(tokens_a, tokens_b, chain, k)
    covered_a, covered_b = [False] * len(tokens_a), [False] * len(tokens_b)
    for i, j, grams in chain:
        covered_a[i : i + grams + k - 1] = [True] * (grams + k - 1)
        covered_b[j : j + grams + k - 1] = [True] * (grams + k - 1)
    for i in single_a:
        covered_a[i] = True
    for j in single_b:
        covered_b[j] = True
    return np.array(covered_a, dtype=bool), np.array(covered_b, dtype=bool)


def _sums(covered: B, weights: F64 | None) -> tuple[float, float]:
    """(weight of the covered words, that plus one for each word not covered).

    Boilerplate counts little only where both texts have it: a banner two files share
    makes them little more alike, but boilerplate one of them has and the other has not
    is a difference a diff shows (weighed 0.05 there too, it made two test modules with
    different halves of one harness 0.59 alike, where a diff says 0.45)."""
    if weights is None:
        return float(np.count_nonzero(covered)), float(len(covered))
    kept = float(weights[covered].sum())
    return kept, kept + float(np.count_nonzero(~covered))


def shares(a: Comparable, b: Comparable, boilerplate: Boilerplate | None = None) -> Shares:
    """The similarity of two texts and their containment both ways (see the module)."""
    na, nb = a.size, b.size
    if min(na, nb) < CHAR_WORDS and a.normalized is not None and b.normalized is not None:
        return _by_characters(a.normalized, b.normalized)
    if na == 0 or nb == 0:
        same = float(na == nb)
        return Shares(same, same, same)
    k = min(WORD_GRAM, na, nb)
    if na <= SMALL_WORDS and nb <= SMALL_WORDS:
        covered_a, covered_b = _covered_small(a, b, k)
    else:
        chain = heaviest_chain(diagonal_runs(a.grams(k), b.grams(k)))
        single_a, single_b = gap_matches(a.tokens, b.tokens, chain, k)
        covered_a = _covered(chain[:, 0], chain[:, 2], na, k)
        covered_b = _covered(chain[:, 1], chain[:, 2], nb, k)
        covered_a[single_a] = True
        covered_b[single_b] = True
    held_a, all_a = _sums(covered_a, a.weights(boilerplate))
    held_b, all_b = _sums(covered_b, b.weights(boilerplate))
    return Shares((held_a + held_b) / (all_a + all_b), held_a / all_a, held_b / all_b)


def _by_characters(a: str, b: str) -> Shares:
    """The same ratio over characters, for texts of a word or two."""
    if not a and not b:
        return Shares(1.0, 1.0, 1.0)
    if not a or not b:
        return Shares(0.0, 0.0, 0.0)
    from rapidfuzz.distance import Indel  # loaded for short texts only

    common = (len(a) + len(b) - Indel.distance(a, b)) / 2
    return Shares(2 * common / (len(a) + len(b)), common / len(a), common / len(b))


def similarity(
    a: Comparable, b: Comparable, settings: FeatureSettings, boilerplate: Boilerplate | None = None
) -> float:
    """The similarity of two texts in [0, 1]; symmetric."""
    return shares(a, b, boilerplate).similarity


def comparable(text: str, settings: FeatureSettings) -> Comparable:
    """What the exact measure needs of one text (its Traditional Chinese read as
    Simplified where the settings say so)."""
    if settings.fold_scripts:
        text = fold_scripts(text)
    starts, _, tokens = token_spans(text, settings.cjk, "chunks")
    word_starts, _, words = token_spans(text, settings.cjk, "words")
    word_token = (np.searchsorted(starts, word_starts, side="right") - 1).astype(np.uint32)
    return prepared(text, tokens, words, word_token)


def comparables(texts: Sequence[str], settings: FeatureSettings) -> list[Comparable]:
    """``comparable`` of each of several texts."""
    return [comparable(text, settings) for text in texts]


def prepared(
    text: str,
    tokens: U64,
    words: U64 | None = None,
    word_token: npt.NDArray[np.uint32] | None = None,
) -> Comparable:
    """A text's comparable form from its words' hashes (and the fingerprint's words)."""
    normalized = None
    if len(tokens) < CHAR_WORDS and len(text) <= 4 * CHAR_KEEP:
        normalized = normalize(text)
        if len(normalized) > CHAR_KEEP:
            normalized = None
    return Comparable(tokens, normalized, words, word_token)


def pack_tokens(item: Comparable) -> bytes:
    """A text's prepared form as bytes (for the cache): how many tokens and words, the
    tokens' hashes, the words' hashes (8 bytes each), each word's token (4), little-endian."""
    head = np.array([len(item.tokens), len(item.words)], dtype="<u8").tobytes()
    return (
        head
        + item.tokens.astype("<u8", copy=False).tobytes()
        + item.words.astype("<u8", copy=False).tobytes()
        + item.word_token.astype("<u4", copy=False).tobytes()
    )


def unpack_tokens(data: bytes, normalized: str | None) -> Comparable:
    """``pack_tokens`` undone (a ValueError for bytes that are not such a form)."""
    if len(data) < 16:
        raise ValueError("too short")
    tokens, words = (int(n) for n in np.frombuffer(data[:16], dtype="<u8"))
    if len(data) != 16 + 8 * tokens + 12 * words:
        raise ValueError("the counts do not fit the bytes")
    at = 16 + 8 * tokens
    token_hashes_: U64 = np.frombuffer(data[16:at], dtype="<u8").astype(np.uint64)
    word_hashes_: U64 = np.frombuffer(data[at : at + 8 * words], dtype="<u8").astype(np.uint64)
    word_token = np.frombuffer(data[at + 8 * words :], dtype="<u4").astype(np.uint32)
    if len(word_token) and int(np.max(word_token)) >= max(tokens, 1):
        raise ValueError("a word outside the tokens")
    return Comparable(token_hashes_, normalized, word_hashes_, word_token)
