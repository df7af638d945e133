"""Containment both ways: how much of the reference a file holds, and of the file the reference.

Similarity says how alike two whole texts are; containment says how much of
one is found in the other, so a file that quotes the reference (or that the
reference quotes) shows it although the two are not alike as wholes. Both
come from one count of the words the two texts share (``verify.shares``):
the similarity is the shared words over the words of both, each containment
the shared words of one text over its own words, so the three always agree
(the similarity lies between the two shares).
"""

from __future__ import annotations

from typing import NamedTuple

from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.verify import Comparable, shares


class Exact(NamedTuple):
    """What the exact comparison of a file with the reference found."""

    similarity: float
    #: The share of the reference found in the file.
    reference_in_file: float
    #: The share of the file found in the reference.
    file_in_reference: float
    #: The similarity of the two alone, the folder's boilerplate not discounted.
    alone: float = 0.0
    #: The figures are estimates (texts too long to compare word by word in time).
    estimated: bool = False


def compare(
    reference: Comparable, other: Comparable, common: Boilerplate = boilerplate.NONE
) -> Exact:
    """The similarity of a text to the reference and their containment both ways."""
    return Exact(*shares(reference, other, common))
