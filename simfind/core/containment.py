"""Containment both ways: how much of the reference a file holds, and of the file the reference.

Similarity says how alike two whole texts are; containment says how much of
one is found in the other, so a file that quotes the reference (or that the
reference quotes) shows it although the two are not alike as wholes.

Long texts: the share of a text's shingles (the exact measure's own sets of
word pairs and chunk triples, ``verify.shingle_set``) found in the other's,
|A ∩ B| / |A| and |A ∩ B| / |B|. Raw, not mapped to a share of tokens as
``verify.token_share`` maps the Jaccard similarity: a text is held in another
as passages, and a passage that is a share p of a text keeps about p of its
shingles (only the few across its two ends are lost), so the raw share is
already the share of the text held; the mapping, made for edits scattered
through a text, would lift the chance overlap of two unrelated texts (a few
per cent of common word pairs) to a quarter or more.

Short texts (compared by edit distance, ``verify.by_edit_distance``): the
shorter text is aligned with the substring of the longer that it matches best
(its normalised edit similarity to that substring is the share of the shorter
held in the longer); the share of the longer held in the shorter is that
times the shorter's length over the longer's.
"""

from __future__ import annotations

from typing import NamedTuple

from simfind.core.features import FeatureSettings
from simfind.core.verify import (
    Comparable,
    aligned_share,
    by_edit_distance,
    common_count,
    jaccard_of,
    similarity_to,
    token_share,
)


class Exact(NamedTuple):
    """What the exact comparison of a file with the reference found."""

    similarity: float
    #: The share of the reference found in the file.
    reference_in_file: float
    #: The share of the file found in the reference.
    file_in_reference: float


def containment(
    reference: Comparable, other: Comparable, settings: FeatureSettings
) -> tuple[float, float]:
    """(share of ``reference`` found in ``other``, share of ``other`` found in ``reference``)."""
    if by_edit_distance(reference, other, settings):
        assert reference.normalized is not None and other.normalized is not None
        return _aligned(reference.normalized, other.normalized)
    a, b = reference.shingles, other.shingles
    return _shares(common_count(a, b), len(a), len(b))


def _shares(common: int, size: int, other: int) -> tuple[float, float]:
    """The shares of two shingle sets held in each other, ``common`` shingles in common."""
    if size == 0 or other == 0:
        empty = float(size == other)
        return empty, empty
    return common / size, common / other


def _aligned(reference: str, other: str) -> tuple[float, float]:
    if not reference or not other:
        empty = float(reference == other)
        return empty, empty
    shorter, longer = sorted((reference, other), key=len)
    held = aligned_share(shorter, longer)
    of_longer = held * len(shorter) / len(longer)
    if len(reference) <= len(other):
        return held, of_longer
    return of_longer, held


def compare(reference: Comparable, other: Comparable, settings: FeatureSettings) -> Exact:
    """The similarity of a text to the reference (on the reference's measure, as every
    candidate of one scan is judged) and their containment both ways."""
    if not reference.is_short(settings) and not by_edit_distance(reference, other, settings):
        # Both measures on the shingle sets: their intersection counted once.
        a, b = reference.shingles, other.shingles
        common = common_count(a, b)
        return Exact(
            token_share(jaccard_of(common, len(a), len(b))), *_shares(common, len(a), len(b))
        )
    held, holds = containment(reference, other, settings)
    return Exact(similarity_to(reference, other, settings), held, holds)
