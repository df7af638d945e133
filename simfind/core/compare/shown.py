"""What a row says beside a pair's figure: whether it is an estimate, and what the
folder's shared text did to it. One rule for every front end (the window's rows, the
command line's, the report), worded at each edge.

A figure is an **estimate** where it is not the exact measure's: a catalogued file
whose drive is away and whose text the catalogue does not hold (the fingerprints'
estimate), or two texts too long to be compared word by word in time (more than
``blocks.WORK_LIMIT`` words hashed and sorted, about a second of one core: the ranges
left unsearched are estimated from the words they share).

The folder's **shared text** (boilerplate.py: a licence header, a label, an
attribution many of its files carry) counts for nothing where both texts have it, so
a pair's figure in a folder can be lower than the same pair compared alone (``simfind
diff``). Where that moves the figure by ``SHARED_TEXT_SHOWN`` (one point) or more, the
row says so, with the figure counting it.
"""

from __future__ import annotations

from typing import NamedTuple

#: The folder's shared text moves a figure by at least this before a row says so.
SHARED_TEXT_SHOWN = 0.01


class Shown(NamedTuple):
    """A pair's figure as a row shows it."""

    similarity: float
    #: Not the exact measure's figure (see the module).
    estimated: bool = False
    #: The figure with the folder's shared text counted, where that moves it by
    #: ``SHARED_TEXT_SHOWN`` or more; None where it does not.
    with_shared: float | None = None


def shown(similarity: float, alone: float | None = None, estimated: bool = False) -> Shown:
    """The figure ``similarity`` as a row shows it: ``alone`` is the pair's figure with
    nothing discounted (None where not known), ``estimated`` whether it is an estimate."""
    with_shared = None
    if alone is not None and round(alone - similarity, 4) >= SHARED_TEXT_SHOWN:
        with_shared = alone
    return Shown(similarity, estimated, with_shared)


__all__ = ["SHARED_TEXT_SHOWN", "Shown", "shown"]
