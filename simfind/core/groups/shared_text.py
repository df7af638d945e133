"""What the folder's shared text did to a group member's figure: each member's exact
similarity to its centre with nothing discounted (``Member.alone``), as the two files
compared alone (``simfind diff``) read it.

The grouping compares pairs with the folder's boilerplate counting for nothing where
both texts have it (verify.py), and each comparison finds the figure with nothing
discounted as well (``Shares.alone``): the grouping gathers those (``AloneFigures``),
and a member whose pair with its centre it compared takes its figure from there. Only
a member whose pair was not compared in this run (a regrouping's, a group kept from
before without its figures) is compared once more with its centre, by the same exact
measure with no boilerplate, with the texts prepared already (the fingerprint cache's,
or this process's).
Only where the folder shares text at all; a member whose figure is 1 (the centre's
text), an estimate, or has the centre's bytes is left as it is, and a member's
copies (its twins) take its figure.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.groups.group import Group
from simfind.core.groups.kinds import Member
from simfind.core.linkage.verified import VerifiedPairs
from simfind.core.scan.match import Match
from simfind.core.scan.options import ScanOptions


def _wanted(member: Member) -> bool:
    """Whether the member's figure could differ with nothing discounted."""
    return (
        not member.is_centre
        and member.similarity is not None
        and member.similarity < 1.0
        and not member.estimated
        and not member.identical
        and member.match.catalogue is None
    )


def with_alone(
    groups: Sequence[Group],
    found: Sequence[Match],
    twins: Mapping[int, Sequence[Match]],
    common: Boilerplate,
    options: ScanOptions,
    cache: FingerprintCache | None = None,
    known: Mapping[tuple[int, int], float] | None = None,
    compared: VerifiedPairs | None = None,
) -> dict[tuple[int, int], float]:
    """Each member of ``groups`` with its figure to the centre with nothing discounted
    (``found``: the rows the grouping saw, ``twins`` the copies that follow each row;
    ``common`` the boilerplate the grouping discounted; ``known``: figures by pair of
    rows, centre first, found before: not compared again; ``compared``: the figures the
    grouping found as it compared, by pair of rows, not compared again either). Nothing
    where it is empty.
    The figures by pair of rows (NaN: a file that could not be read)."""
    if common.empty or not groups:
        return {}
    rows = {id(match): row for row, match in enumerate(found)}
    for twin_of, copies in twins.items():
        for copy in copies:
            rows.setdefault(id(copy), twin_of)
    pairs: dict[tuple[int, int], float] = {}
    known = known or {}
    for group in groups:
        centre = rows.get(id(group.members[0].match))
        if centre is None:
            continue
        for member in group.members[1:]:
            row = rows.get(id(member.match))
            if row is not None and row != centre and _wanted(member):
                pairs[(centre, row)] = known.get((centre, row), _UNKNOWN)
    wanted = [pair for pair, value in pairs.items() if value is _UNKNOWN]
    if wanted and compared is not None and len(compared):
        wanted = _looked_up(wanted, pairs, compared)
    if wanted:
        _compare(wanted, pairs, found, options, cache)
    for group in groups:
        centre = rows.get(id(group.members[0].match))
        members = group.members
        for index, member in enumerate(members[1:], 1):
            row = rows.get(id(member.match))
            if row is None or centre is None or not _wanted(member):
                continue
            alone = pairs.get((centre, row), math.nan)
            if alone == alone:  # not NaN
                members[index] = replace(member, alone=alone)
    return pairs


#: A pair not compared yet (a NaN of its own: never a figure).
_UNKNOWN = float("nan")


def _looked_up(
    wanted: list[tuple[int, int]],
    pairs: dict[tuple[int, int], float],
    compared: VerifiedPairs,
) -> list[tuple[int, int]]:
    """The pairs ``wanted`` the grouping compared, with their figures, into ``pairs``; the
    rest, left to compare."""
    ends = np.asarray(wanted, dtype=np.int64).reshape(-1, 2)
    found, figures = compared.lookup(ends.min(axis=1), ends.max(axis=1))
    rest = []
    for pair, known, figure in zip(wanted, found.tolist(), figures.tolist(), strict=True):
        if known:
            pairs[pair] = figure  # NaN: a file that could not be read
        else:
            rest.append(pair)
    return rest


def _compare(
    wanted: list[tuple[int, int]],
    pairs: dict[tuple[int, int], float],
    found: Sequence[Match],
    options: ScanOptions,
    cache: FingerprintCache | None,
) -> None:
    """The pairs ``wanted`` compared with nothing discounted, into ``pairs``."""
    from simfind.core.groups.file_comparer import cached_texts, file_comparer

    compare = file_comparer(
        [m.path for m in found],
        options.features,
        options.max_bytes,
        documents=not options.text_only,
        common=boilerplate.NONE,
        texts=cached_texts(cache, options, found),
    )
    for batch, values in compare(wanted):
        for pair, value in zip(batch, values, strict=True):
            pairs[pair] = math.nan if value is None else value


__all__ = ["with_alone"]
