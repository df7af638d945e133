"""The ignore list over sets of identical files: two files of a set that an entry keeps
apart (two copies the user said are not duplicates: an entry of one content, which
holds at its two paths only) are never in one group.

A set is cut greedily, in its files' order: each file joins the first part none of
whose files it is kept apart from, else starts a part of its own. A part of one file
is no set: a file not read as text is then in no group, a text takes part in the
near-duplicate grouping on its own (its rows, and the entry, keep it from the part it
left). No NumPy here: ``groups --identical`` loads none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from simfind.core.groups.group import Group
from simfind.core.ignore.pairs import IgnoreList, Kept, Side
from simfind.core.scan.identical import IdenticalFiles

if TYPE_CHECKING:
    from simfind.core.scan.match import Match


@dataclass
class SetsApart:
    """The sets after the ignore list, and the pairs of copies it kept apart."""

    sets: list[IdenticalFiles] = field(default_factory=list)
    #: Each pair kept apart, by the rows of its files in its set.
    kept: list[Kept] = field(default_factory=list)


def parts(count: int, kept: Sequence[Kept]) -> list[list[int]]:
    """Rows 0..count-1 in parts of which no two rows are kept apart, in the rows' order."""
    apart: dict[int, set[int]] = {}
    for pair in kept:
        apart.setdefault(pair.a, set()).add(pair.b)
        apart.setdefault(pair.b, set()).add(pair.a)
    found: list[list[int]] = []
    for row in range(count):
        others = apart.get(row, set())
        home = next((part for part in found if others.isdisjoint(part)), None)
        if home is None:
            found.append([row])
        else:
            home.append(row)
    return found


def sets_apart(sets: Sequence[IdenticalFiles], ignored: IgnoreList | None) -> SetsApart:
    """``sets`` cut where ``ignored`` keeps two of a set's files apart (parts of two or
    more files, in the order of their first files)."""
    if not ignored:
        return SetsApart(list(sets))
    contents = ignored.contents()
    done = SetsApart()
    for found in sets:
        if found.digest not in contents:
            done.sets.append(found)
            continue
        kept = ignored.kept_apart([Side(found.digest, entry.path) for entry in found.files])
        if not kept:
            done.sets.append(found)
            continue
        done.kept += kept
        for part in parts(len(found.files), kept):
            if len(part) > 1:
                files = [found.files[row] for row in part]
                links = [found.links[row] for row in part]
                done.sets.append(IdenticalFiles(found.digest, found.kind, files, links))
    return done


def groups_apart(groups: Sequence[Group], ignored: IgnoreList | None) -> list[Group]:
    """Groups of identical files cut as ``sets_apart`` cuts their sets (a regrouping, with
    pairs set apart since the search): each part of two or more a group, its first file
    the centre."""
    if not ignored:
        return list(groups)
    contents = ignored.contents()
    done: list[Group] = []
    for group in groups:
        members = group.files
        kept = []
        if members[0].digest in contents:
            kept = ignored.kept_apart([Side(m.digest or b"", m.path) for m in members])
        if not kept:
            done.append(group)
            continue
        for part in parts(len(members), kept):
            if len(part) > 1:
                done.append(Group.alone([members[row] for row in part]))
    return done


def rows_apart(
    ignored: IgnoreList, found: Sequence[Match], twins: Mapping[int, Sequence[Match]]
) -> list[Kept]:
    """The pairs of rows of ``found`` the list keeps apart, a text's copies (``twins``, by
    the row of the text they follow) taken as that row: a copy kept apart from another
    file keeps the text it follows from it, as it follows the text into its group."""
    from simfind.core.ignore.files import sides_of  # the search for texts loaded it

    sides = sides_of(found)
    owners = list(range(len(found)))
    for row, copies in twins.items():
        for copy in copies:
            sides.append(Side(copy.digest, copy.path) if copy.digest else None)
            owners.append(row)
    pairs: dict[tuple[int, int], Kept] = {}
    for pair in ignored.kept_apart(sides):
        a, b = sorted((owners[pair.a], owners[pair.b]))
        if a != b:
            pairs.setdefault((a, b), Kept(a, b, pair.entry))
    return [pairs[key] for key in sorted(pairs)]


__all__ = ["SetsApart", "groups_apart", "parts", "rows_apart", "sets_apart"]
