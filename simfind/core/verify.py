"""Exact similarity for the candidates SimHash ranks near the reference.

SimHash is the filter; this is the judge. Short texts are compared by
normalised edit distance over characters (as seed 002 does); longer texts by
the Jaccard similarity of their sets of shingles, of two kinds at once: pairs
of consecutive words (the fingerprint's own features) and runs of three
consecutive chunks, a chunk being what white space separates, punctuation
included (CJK runs are cut into jieba words in both).

Why sets of shingles, not the ratio of a longest common subsequence: a file
that grew (a translation catalogue whose messages were filled in, a module
with a new function) keeps the shingles it had, but its LCS ratio falls with
every token added, so a sibling that did not grow came first. Sets also do
not care where a moved block went. Why chunks: code differs in punctuation
(``'%d.%m.%Y'`` against ``'%d/%m/%Y'``), which words drop. Why words as well:
where every chunk changed a little (``pkg==4.2.0`` to ``pkg==4.3.0`` on every
line of a requirements file) no chunk shingle survives, but the words do.

Which of the two measures: a pair of texts (grouping, the diff view) is
compared by edit distance when either is short (``similarity``). Candidates
ranked against a reference are all compared on the reference's measure
(``similarity_to``): scores of two measures ranked together let a long
reference's shrunken counterpart, short now and judged by edit distance
(which a length ratio caps), lose to a long stranger judged by shingles.

A short reference's candidate that grew (a test file given more cases, a
stub filled in) keeps the reference whole, yet edit distance caps it at the
ratio of their lengths, below a same-sized sibling that differs in a few
words. So a short reference also asks how much of the one text the other
keeps (the shorter aligned with its best-matching stretch of the longer) and
judges that share as the long measure judges a text held whole in a longer
one: with a shingle Jaccard of the ratio of their lengths (``held_whole``).
The higher of the two is its similarity; for texts of equal length both say
about the same, so edits are judged as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simfind.core.arrays import distinct_of_sorted
from simfind.core.features import (
    PIECE_CHARS,
    U64,
    FeatureSettings,
    TokenMode,
    features_of,
    many_mode_buffers,
    may_be_shorter,
    normalize,
    owned_shingles,
    owners_of,
    shingle_tables,
    sort_by_owner,
)

#: Words per word shingle (as the fingerprint's), chunks per chunk shingle (as the
#: MinHash that bench_accuracy compares with).
WORD_SHINGLE = 2
CHUNK_SHINGLE = 3
# Keeps chunk shingles apart from word shingles (features are 48 bits): the two sets
# are disjoint but for a chance collision, which only makes a union one shorter.
_CHUNK_SALT = np.uint64(0x6EF372FE94F8)
#: Names the measure, for caches of prepared texts: change it when the measure changes.
MEASURE = "m4-w2c3"
#: Names how pack_shingles packs a set, for the same caches: change it with the format.
PACKING = "u8"
#: Default verdict: a candidate is "similar" at or above this exact similarity.
DEFAULT_THRESHOLD = 0.6


@dataclass(frozen=True)
class Comparable:
    """What the exact measures need of one text."""

    #: The normalised text, kept where it may be needed: when the text is short, or
    #: short enough that a short text compared with it is best compared by edit distance.
    normalized: str | None
    #: The text's shingles, as sorted distinct features.
    shingles: U64

    def is_short(self, settings: FeatureSettings) -> bool:
        return self.normalized is not None and len(self.normalized) < settings.short_chars


def shingle_set(text: str, settings: FeatureSettings) -> U64:
    """The sorted distinct shingles of a text: word pairs and chunk triples."""
    (words, *_), (chunks, *_) = shingle_tables(
        text, (("words", WORD_SHINGLE), ("chunks", CHUNK_SHINGLE)), settings.cjk
    )
    salted = chunks ^ _CHUNK_SALT
    salted.sort()
    return _distinct_of_sorted(np.concatenate((words, salted)))


def _distinct_of_sorted(runs: U64) -> U64:
    """The distinct values of two sorted runs end to end, ascending (sorts ``runs``)."""
    runs.sort(kind="stable")  # two sorted runs: a merge, not a sort
    return distinct_of_sorted(runs)


_MODES: tuple[TokenMode, TokenMode] = ("words", "chunks")


def shingle_sets(texts: Sequence[str], settings: FeatureSettings) -> list[U64]:
    """``shingle_set`` of each of several texts, computed together.

    Their tokens are found, hashed and shingled as one (see
    ``features.owned_shingles``) and one sort gives every text's distinct
    shingles: on the few hundred small files a scan compares, per-text NumPy
    calls cost more than the arithmetic. A text long enough to be cut into
    pieces is done alone.
    """
    alone = {i: shingle_set(t, settings) for i, t in enumerate(texts) if len(t) > PIECE_CHARS}
    together = [i for i in range(len(texts)) if i not in alone]
    if together:
        words, chunks = many_mode_buffers([texts[i] for i in together], settings.cjk, _MODES)
        word_keys, _ = owned_shingles(words, WORD_SHINGLE)
        chunk_keys, _ = owned_shingles(chunks, CHUNK_SHINGLE)
        chunk_keys ^= _CHUNK_SALT  # within the feature's bits: the owner is untouched
        sort_by_owner(word_keys)
        sort_by_owner(chunk_keys)
        keys = _distinct_of_sorted(np.concatenate((word_keys, chunk_keys)))
        bounds = np.searchsorted(owners_of(keys), np.arange(len(together) + 1)).tolist()
        values = features_of(keys)
        for slot, index in enumerate(together):
            alone[index] = values[bounds[slot] : bounds[slot + 1]]
    return [alone[i] for i in range(len(texts))]


#: Texts longer than this many times short_chars keep no normalised text: a short
#: text is never compared with them by edit distance.
_EDIT_SCALE = 64


def comparable(text: str, settings: FeatureSettings) -> Comparable:
    """What the exact measures need of one text (a record, a reference: one at a time,
    the batch's machinery costs more than it saves)."""
    return _comparable(text, shingle_set(text, settings), _EDIT_SCALE * settings.short_chars)


def comparables(
    texts: Sequence[str], settings: FeatureSettings, short_only: bool = False
) -> list[Comparable]:
    """What the exact measures need of each text, computed together (``shingle_sets``).

    ``short_only``: for comparison with a reference that is not short, and nothing
    else, where only a short text's normalised text is ever used (edit distance
    needs one of the two short): the others keep none, and are not normalised.
    """
    limit = settings.short_chars if short_only else _EDIT_SCALE * settings.short_chars
    sets = shingle_sets(texts, settings)
    return [_comparable(text, shingles, limit) for text, shingles in zip(texts, sets, strict=True)]


def _comparable(text: str, shingles: U64, limit: int) -> Comparable:
    """A text's comparable form: its normalised text kept when shorter than ``limit``."""
    normalized = normalize(text) if may_be_shorter(text, limit) else None
    if normalized is not None and len(normalized) >= limit:
        normalized = None
    return Comparable(normalized=normalized, shingles=shingles)


def common_count(a: U64, b: U64) -> int:
    """|A ∩ B| of two sorted arrays of distinct values."""
    if len(a) > len(b):
        a, b = b, a
    if len(a) == 0:
        return 0
    at = np.searchsorted(b, a)
    at[at == len(b)] = 0
    return int(np.count_nonzero(b[at] == a))


def jaccard(a: U64, b: U64) -> float:
    """|A ∩ B| / |A ∪ B| of two sorted arrays of distinct values."""
    return jaccard_of(common_count(a, b), len(a), len(b))


def jaccard_of(common: int, size: int, other: int) -> float:
    """The Jaccard similarity of two sets of these sizes with ``common`` members in common."""
    if size == 0 and other == 0:
        return 1.0
    return common / (size + other - common)


def by_edit_distance(a: Comparable, b: Comparable, settings: FeatureSettings) -> bool:
    """Whether two texts are compared by edit distance: either is short, the other not
    too long."""
    short = a.is_short(settings) or b.is_short(settings)
    return short and a.normalized is not None and b.normalized is not None


def similarity(a: Comparable, b: Comparable, settings: FeatureSettings) -> float:
    """Exact similarity of two texts in [0, 1]; symmetric.

    Edit distance where either text is short (and the other not too long), else
    ``token_share`` of the Jaccard similarity of their shingles.
    """
    if by_edit_distance(a, b, settings):
        assert a.normalized is not None and b.normalized is not None
        from rapidfuzz.distance import Levenshtein  # loaded for short texts only

        return float(Levenshtein.normalized_similarity(a.normalized, b.normalized))
    return token_share(jaccard(a.shingles, b.shingles))


def similarity_to(reference: Comparable, candidate: Comparable, settings: FeatureSettings) -> float:
    """Exact similarity in [0, 1] of a candidate to a reference, on the reference's measure.

    Every candidate of one reference is judged by the same measure, so that their
    scores can be ranked together: edit distance when the reference is short,
    else ``token_share`` of the Jaccard similarity of their shingles. A short
    reference also asks how much of it a candidate keeps, judged as the long
    measure judges a text held whole in a longer one (the module's docstring),
    and takes the higher. A candidate that keeps no normalised text (at least
    ``_EDIT_SCALE`` times short_chars long) keeps the share of the reference's
    shingles it holds, judged the same way by the ratio of their shingle counts.
    """
    if reference.normalized is not None and reference.is_short(settings):
        if candidate.normalized is None:
            # Too long to align: the share of the reference's shingles it keeps.
            count = len(reference.shingles)
            kept = common_count(reference.shingles, candidate.shingles) / count if count else 0.0
            return kept * held_whole(count, len(candidate.shingles))
        from rapidfuzz.distance import Levenshtein

        whole = float(Levenshtein.normalized_similarity(reference.normalized, candidate.normalized))
        kept = aligned_share(reference.normalized, candidate.normalized)
        lengths = (len(reference.normalized), len(candidate.normalized))
        return max(whole, kept * held_whole(*lengths))
    return token_share(jaccard(reference.shingles, candidate.shingles))


def aligned_share(a: str, b: str) -> float:
    """The share of the shorter text found in the longer: its normalised edit similarity
    to the stretch of the longer it matches best (the stretch found by rapidfuzz's
    partial alignment)."""
    if not a or not b:
        return float(a == b)
    shorter, longer = sorted((a, b), key=len)
    from rapidfuzz import fuzz
    from rapidfuzz.distance import Levenshtein

    where = fuzz.partial_ratio_alignment(shorter, longer)
    if where is None:
        return 0.0
    stretch = longer[where.dest_start : where.dest_end]
    return float(Levenshtein.normalized_similarity(shorter, stretch))


def held_whole(size: int, other: int) -> float:
    """The similarity the long measure gives two texts of these sizes when one holds the
    other whole: its shingles all in the other's, their Jaccard the ratio of the sizes."""
    if size <= 0 or other <= 0:
        return float(size == other)
    return token_share(min(size, other) / max(size, other))


#: Tokens per shingle, on average over the two kinds.
_SHINGLE_LENGTH = (WORD_SHINGLE + CHUNK_SHINGLE) / 2


def token_share(jaccard_of_shingles: float) -> float:
    """The share of their tokens two texts have in common, from their shingles' Jaccard.

    A shingle of k tokens survives an edit only if all k do: where a share p of
    the tokens is kept, about p**k of the shingles are, and the Dice coefficient
    2J / (1 + J) of the shingle sets is that share. So p = Dice ** (1 / k). This
    puts long texts on the scale that edit distance gives short ones (a text
    with a fifth of its words edited is about 0.8 similar either way, an
    unrelated one 0.3 or less), so one threshold and one ranking serve both; it
    is monotonic, so it changes no order among long texts.
    """
    dice = 2.0 * jaccard_of_shingles / (1.0 + jaccard_of_shingles)
    return float(dice ** (1.0 / _SHINGLE_LENGTH))


def pack_shingles(shingles: U64) -> bytes:
    """A sorted shingle set as bytes (for the cache): the values themselves, little-endian.

    Not compressed: zlib of the gaps saved a quarter of the bytes, and undoing it
    was half of a rescan's exact comparison (0.16 ms for a 30 KB set).
    """
    return shingles.astype("<u8", copy=False).tobytes()


def unpack_shingles(data: bytes) -> U64:
    """``pack_shingles`` undone (a ValueError for bytes that are no whole values)."""
    result: U64 = np.frombuffer(data, dtype="<u8").astype(np.uint64, copy=False)
    return result
