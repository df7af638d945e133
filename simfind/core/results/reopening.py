"""A saved result as groups to show and clean again, as a search's own (GroupsResult).

Its files are looked at now (since.look_now): those that changed or vanished are said
so (``GroupsResult.stale``) and are never marked, kept for another or moved; the rest
are as if just found. The ignore list as it is now applies: a pair of files set apart
since the result was saved is never in one group (``set_apart``), as a new search
would have it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from simfind.core.groups.folder_groups import Group, GroupsResult
from simfind.core.groups.since import SinceSaved
from simfind.core.ignore.pairs import IgnoreList, Side
from simfind.core.results.document import SavedResult
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match, RankOptions
from simfind.core.scan.walk import WalkOptions
from simfind.core.text.features import FeatureSettings


@dataclass
class Reopened:
    """A saved result made groups again: the result, and the files the ignore list set
    apart from their groups (never marked or kept for another)."""

    result: GroupsResult
    set_apart: list[Match] = field(default_factory=list)


def options_of(saved: SavedResult) -> ScanOptions:
    """How the saved result's search read its files (the diff reads them so again)."""
    settings = saved.settings
    return ScanOptions(
        features=FeatureSettings(bits=settings.bits, fold_scripts=settings.fold_scripts),
        walk=WalkOptions(
            include=settings.include,
            exclude=settings.exclude,
            hidden=settings.hidden,
            follow_links=settings.follow_links,
        ),
        rank=RankOptions(threshold=settings.threshold),
        text_only=settings.text_only,
    )


def set_apart(
    groups: Sequence[Group], ignored: IgnoreList | None
) -> tuple[list[Group], list[Match]]:
    """The groups with no two files the ignore list says are not duplicates: in each, a
    file ignored with one before it (the centre first) leaves it; a group left with one
    file goes. Returns the groups, and the files that left them."""
    if not ignored:
        return list(groups), []
    contents = ignored.contents()
    kept: list[Group] = []
    left: list[Match] = []
    for group in groups:
        members = group.members
        files = group.files
        if not any(m.digest in contents for m in files):
            kept.append(group)
            continue
        sides = [Side(m.digest, m.path) if m.digest else None for m in files]
        pairs = ignored.kept_apart(sides)
        if not pairs:
            kept.append(group)
            continue
        apart = {(p.a, p.b) for p in pairs}
        stays: list[int] = []
        for row in range(len(members)):
            if any((other, row) in apart for other in stays):
                left.append(files[row])
            else:
                stays.append(row)
        if len(stays) >= 2:
            kept.append(replace(group, members=[members[row] for row in stays]))
        else:
            left += [files[row] for row in stays]
    return kept, left


def reopened(
    saved: SavedResult,
    stale: Mapping[Path, SinceSaved],
    ignored: IgnoreList | None = None,
) -> Reopened:
    """The saved result as a search's result, its ``stale`` files (since.look_now) said so,
    the pairs of the ``ignored`` list set apart."""
    groups, apart = set_apart(saved.groups, ignored)
    settings, options = saved.settings, options_of(saved)
    result = GroupsResult(
        list(saved.folders),
        list(saved.reference_folders),
        settings.bits,
        settings.max_distance,
        settings.threshold,
        files=saved.files,
        groups=groups,
        options=options,
        reading=options.reading(),  # the text the files shared is not saved
        ignored=ignored,
        saved=saved.created,
        stale=dict(stale),
    )
    return Reopened(result, apart)


__all__ = ["Reopened", "options_of", "reopened", "set_apart"]
