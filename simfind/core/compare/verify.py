"""Exact similarity: the share of two texts that is the same, as a diff of their words counts it.

SimHash is the filter; this is the judge, and its figure is the one a user
reads: difflib's ratio of the two texts' words, 2M / (|A| + |B|), M the words
of the blocks difflib's SequenceMatcher keeps (its junk heuristic off; the
blocks found exactly, and fast, by blocks.matching_blocks). Two unrelated
texts score near 0, a text and its copy 1, a file holding the reference and
three times as much else about 0.4 (and its containment, ``shares``' other
two figures, says it holds all of it).

Words are the fingerprint's: runs of letters, digits and underscores (NFKC,
case-folded), runs of Chinese characters cut into jieba words; punctuation
and white space are no words (``'%d.%m.%Y'`` and ``'%d/%m/%Y'`` read alike, as
"Stay hungry. Stay foolish." and "Stay hungry, stay foolish" do). Two texts
of at most one word each (a name, a number, an identifier, a row of dashes)
are compared by their characters instead, by the same ratio
(2·LCS / (|A| + |B|) of the normalised characters): their words could only
say 0 or 1.

Text that many files of the scanned folder (or many records) carry, a licence
header, a template's banner, an attribution, a field's label, counts for
nothing where both texts have it: given a ``Boilerplate`` (boilerplate.py),
each matched word of it weighs ``BOILERPLATE_WEIGHT`` (0) instead of 1, in the
matched words and in the totals alike, so two files that share only a licence
header score near 0, and a short saying with a long attribution is compared
by the saying. Boilerplate one text has and the other has not is a difference
a diff shows, and counts fully. Two texts made of nothing but the same
boilerplate keep their plain figure. ``Shares.alone`` is the figure without
the folder's boilerplate, so that a row can say how much the folder's shared
text changed it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, U64
from simfind.core.compare.blocks import Blocks, matching_blocks
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.text.escapes import unescaped
from simfind.core.text.features import FeatureSettings
from simfind.core.text.folding import normalize
from simfind.core.text.scripts import fold_scripts
from simfind.core.text.tokens import token_spans

#: Texts of at most this many words on both sides are compared by their characters.
CHAR_WORDS = 1
#: A text keeps its normalised characters for that comparison only when this short.
CHAR_KEEP = 1024
#: Names the measure, for caches of prepared texts: change it when the measure changes.
MEASURE = "m7-difflib-words"
#: Names how ``pack_tokens`` packs a text, for the same caches: change it with the format.
PACKING = "w1"
#: What a matched word of boilerplate counts for, against 1 for any other word.
BOILERPLATE_WEIGHT = 0.0

B = npt.NDArray[np.bool_]


class Comparable:
    """What the exact measure needs of one text: its words' hashes in order, and its
    normalised characters when it is short enough to be compared by them."""

    __slots__ = ("__dict__", "normalized", "words")

    def __init__(self, words: U64, normalized: str | None) -> None:
        self.words = words
        self.normalized = normalized

    def __getstate__(self) -> tuple[U64, str | None]:
        # Derived arrays (weights) are made again where they are needed.
        return self.words, self.normalized

    def __setstate__(self, state: tuple[U64, str | None]) -> None:
        self.words, self.normalized = state

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Comparable)
            and self.normalized == other.normalized
            and np.array_equal(self.words, other.words)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Comparable({len(self.words)} words)"

    @property
    def size(self) -> int:
        """How many words the text has."""
        return len(self.words)

    def weights(self, boilerplate: Boilerplate | None) -> F64 | None:
        """Each word's weight where it is matched (None: all 1), as ``boilerplate`` marks them."""
        if boilerplate is None or boilerplate.empty or not len(self.words):
            return None
        cache: dict[int, F64 | None] = self.__dict__.setdefault("_weights", {})
        key = id(boilerplate)
        if key not in cache:
            marked = self.marked(boilerplate)
            cache[key] = np.where(marked, BOILERPLATE_WEIGHT, 1.0) if marked.any() else None
        return cache[key]

    def marked(self, boilerplate: Boilerplate) -> B:
        """Which of its words are boilerplate (its start and end words of their own)."""
        return boilerplate.word_marks(self.words)


class Shares(NamedTuple):
    """What comparing two texts found: their similarity, and how much of each the other
    holds (the share of the first text found in the second, and of the second in the
    first); the similarity of the two alone (no boilerplate discounted: the same as
    ``similarity`` where none was given or none is shared), and whether the figures are
    estimates (texts too long to be compared word by word in time: blocks.WORK_LIMIT)."""

    similarity: float
    first_in_second: float
    second_in_first: float
    alone: float = 0.0
    estimated: bool = False


def _covered(blocks: Blocks, words: int, side: int) -> B:
    """Which words of one side (0: left, 1: right) lie inside a block."""
    edges = np.zeros(words + 1, dtype=np.int32)
    rows = blocks.rows
    np.add.at(edges, rows[:, side], 1)
    np.add.at(edges, rows[:, side] + rows[:, 2], -1)
    result: B = np.cumsum(edges)[:words] > 0
    return result


def _sums(covered: B, weights: F64 | None) -> tuple[float, float]:
    """(weight of the covered words, that plus one for each word not covered).

    Boilerplate counts for nothing only where both texts have it: a banner two files
    share makes them no more alike, but boilerplate one of them has and the other has
    not is a difference a diff shows (weighed little there too, it made two test modules
    with different halves of one harness 0.59 alike, where a diff says 0.45)."""
    if weights is None:
        return float(np.count_nonzero(covered)), float(len(covered))
    kept = float(weights[covered].sum())
    return kept, kept + float(np.count_nonzero(~covered))


def shares(a: Comparable, b: Comparable, boilerplate: Boilerplate | None = None) -> Shares:
    """The similarity of two texts and their containment both ways (see the module)."""
    na, nb = a.size, b.size
    if max(na, nb) <= CHAR_WORDS and a.normalized is not None and b.normalized is not None:
        return _by_characters(a.normalized, b.normalized)
    if na == 0 or nb == 0:
        same = float(na == nb)
        return Shares(same, same, same, same)
    if _second_first(a, b):
        swapped = _shares(b, a, boilerplate)
        return swapped._replace(
            first_in_second=swapped.second_in_first, second_in_first=swapped.first_in_second
        )
    return _shares(a, b, boilerplate)


def _second_first(a: Comparable, b: Comparable) -> bool:
    """Whether ``b`` goes first: difflib's blocks depend on the order (of two longest
    runs it keeps the one that comes first in the left text), so every pair is measured
    in one order, the shorter text first, whichever is named first."""
    if a.size != b.size:
        return b.size < a.size
    return b.words.tobytes() < a.words.tobytes()


def _shares(a: Comparable, b: Comparable, boilerplate: Boilerplate | None) -> Shares:
    na, nb = a.size, b.size
    blocks = matching_blocks(a.words, b.words)
    matched = blocks.matched + blocks.estimated
    alone = 2 * matched / (na + nb)
    plain = Shares(alone, matched / na, matched / nb, alone, not blocks.complete)
    weights_a, weights_b = a.weights(boilerplate), b.weights(boilerplate)
    if weights_a is None and weights_b is None:
        return plain
    held_a, all_a = _sums(_covered(blocks, na, 0), weights_a)
    held_b, all_b = _sums(_covered(blocks, nb, 1), weights_b)
    if not all_a + all_b:
        return plain  # nothing but the same boilerplate on both sides
    return Shares(
        (held_a + held_b) / (all_a + all_b),
        held_a / all_a if all_a else 1.0,
        held_b / all_b if all_b else 1.0,
        alone,
        plain.estimated,
    )


def _by_characters(a: str, b: str) -> Shares:
    """The same ratio over characters, for texts of a word or none."""
    if not a and not b:
        return Shares(1.0, 1.0, 1.0, 1.0)
    if not a or not b:
        return Shares(0.0, 0.0, 0.0, 0.0)
    from rapidfuzz.distance import Indel  # loaded for short texts only

    common = (len(a) + len(b) - Indel.distance(a, b)) / 2
    ratio = 2 * common / (len(a) + len(b))
    return Shares(ratio, common / len(a), common / len(b), ratio)


def similarity(
    a: Comparable, b: Comparable, settings: FeatureSettings, boilerplate: Boilerplate | None = None
) -> float:
    """The similarity of two texts in [0, 1]; symmetric."""
    return shares(a, b, boilerplate).similarity


def comparable(text: str, settings: FeatureSettings) -> Comparable:
    """What the exact measure needs of one text (its Traditional Chinese read as
    Simplified where the settings say so, its ``\\uXXXX`` escapes as their characters)."""
    if settings.fold_scripts:
        text = fold_scripts(text)
    text = unescaped(text)
    return prepared(text, token_spans(text, settings.cjk, "words")[2])


def comparables(texts: Sequence[str], settings: FeatureSettings) -> list[Comparable]:
    """``comparable`` of each of several texts."""
    return [comparable(text, settings) for text in texts]


def prepared(text: str, words: U64) -> Comparable:
    """A text's comparable form from its words' hashes."""
    normalized = None
    if len(words) <= CHAR_WORDS and len(text) <= 4 * CHAR_KEEP:
        normalized = normalize(text)
        if len(normalized) > CHAR_KEEP:
            normalized = None
    return Comparable(words, normalized)


def pack_tokens(item: Comparable) -> bytes:
    """A text's prepared form as bytes (for the cache): how many words, then their hashes
    (8 bytes each), little-endian."""
    head = np.array([len(item.words)], dtype="<u8").tobytes()
    return head + item.words.astype("<u8", copy=False).tobytes()


def unpack_tokens(data: bytes, normalized: str | None) -> Comparable:
    """``pack_tokens`` undone (a ValueError for bytes that are not such a form)."""
    if len(data) < 8:
        raise ValueError("too short")
    words = int(np.frombuffer(data[:8], dtype="<u8")[0])
    if len(data) != 8 + 8 * words:
        raise ValueError("the count does not fit the bytes")
    hashes: U64 = np.frombuffer(data[8:], dtype="<u8").astype(np.uint64)
    return Comparable(hashes, normalized)
