"""Every group of near-duplicates in a folder, without comparing all pairs.

Fingerprints come from the same walk, cache and pool as a scan; pairs within
the distance come from the pigeonhole tables (index.near_pairs); groups are
their connected components. Each group is listed around its most central
member, with every member's distance to it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simfind.core.context import ScanContext
from simfind.core.fingerprinting import Fingerprinted
from simfind.core.index import groups as components
from simfind.core.index import near_pairs
from simfind.core.inputs import check_folder, check_listing
from simfind.core.rank import Match
from simfind.core.scan import ScanOptions, collect
from simfind.core.simhash import distances, to_array
from simfind.core.walk import Skipped

#: Above this size a group's centre is its first member: finding the medoid is quadratic.
MEDOID_LIMIT = 2000


@dataclass
class Group:
    """Near-duplicates: ``members[0]`` is the centre (``is_reference``), distances are to it."""

    members: list[Match]


@dataclass
class GroupsResult:
    directory: Path
    bits: int
    max_distance: int
    files: int = 0
    groups: list[Group] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    cancelled: bool = False
    elapsed: float = 0.0


def _group(matches: list[Match], bits: int) -> Group:
    prints = to_array([m.fingerprint for m in matches], bits)
    centre = 0
    if len(matches) <= MEDOID_LIMIT:
        totals = [int(distances(m.fingerprint, prints).sum()) for m in matches]
        centre = int(np.argmin(totals))
    gaps = distances(matches[centre].fingerprint, prints).tolist()
    ordered = sorted(range(len(matches)), key=lambda k: (k != centre, gaps[k], matches[k].rel))
    members = []
    for k in ordered:
        match = matches[k]
        match.distance = gaps[k]
        match.is_reference = k == centre
        members.append(match)
    return Group(members)


def find_groups(
    directory: Path,
    options: ScanOptions,
    max_distance: int,
    context: ScanContext | None = None,
) -> GroupsResult:
    """All groups of files whose fingerprints chain together within ``max_distance``."""
    started = time.monotonic()
    context = context or ScanContext()
    check_folder(directory)
    check_listing(directory)
    bits = options.features.bits
    result = GroupsResult(directory, bits, max_distance)
    found: list[Match] = []

    def on_fingerprint(item: Fingerprinted) -> None:
        entry = item.entry
        found.append(
            Match(
                entry.path, entry.rel, entry.size, entry.mtime_ns, item.encoding, item.fingerprint
            )
        )

    result.skipped, _ = collect(directory, options, on_fingerprint, context)
    result.cancelled = context.cancelled
    found.sort(key=lambda m: m.rel)
    result.files = len(found)
    if len(found) >= 2:
        i, j, _ = near_pairs(to_array([m.fingerprint for m in found], bits), max_distance)
        for part in components(len(found), i, j):
            result.groups.append(_group([found[k] for k in part], bits))
    result.elapsed = time.monotonic() - started
    return result
