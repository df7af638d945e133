"""Every file a grouping looked at, with its size, and the files it found to be the same
or alike: nothing is read again, the grouping's hashes and exact comparisons decide.

Identical files are the copies of a text that followed it into the grouping (its
twins) and the groups of identical files not read as text; near-duplicates are the pairs
the grouping compared exactly and found at least as similar as its threshold (every pair
it verified, not only those left in one group by the complete link), and the files with
one fingerprint (which it took as one).
"""

from __future__ import annotations

import stat
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from simfind.core.groups.folder_groups import GroupsResult

#: A set of more identical (or one-fingerprint) files than this links none of them: its
#: pairs grow as its square, and so many copies of a file (a template, a licence) tell
#: nothing of which folders are copies of which.
MOST_COPIES = 100


class Kin(Enum):
    """How two files are alike."""

    IDENTICAL = "identical"
    NEAR = "near"


@dataclass(frozen=True)
class Link:
    kin: Kin
    #: The exact similarity (1.0 for identical files; None: one fingerprint, not compared).
    similarity: float | None


@dataclass
class FileTable:
    """The files, by index: their paths and sizes, and each one's alike files."""

    paths: list[Path] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    links: list[dict[int, Link]] = field(default_factory=list)
    #: Files left out: each is added as none (-1), and links to none.
    gone: frozenset[Path] = frozenset()
    _index: dict[Path, int] = field(default_factory=dict)

    def add(self, path: Path, size: int) -> int:
        if path in self.gone:
            return -1
        known = self._index.get(path)
        if known is not None:
            return known
        self._index[path] = len(self.paths)
        self.paths.append(path)
        self.sizes.append(size)
        self.links.append({})
        return len(self.paths) - 1

    def link(self, a: int, b: int, link: Link) -> None:
        if a == b or a < 0 or b < 0:
            return
        held = self.links[a].get(b)
        if held is None or _better(link, held):
            self.links[a][b] = self.links[b][a] = link

    def link_all(self, files: list[int], link: Link) -> None:
        """Every two of ``files`` alike so (none where there are too many)."""
        if len(files) > MOST_COPIES:
            return
        for k, a in enumerate(files):
            for b in files[k + 1 :]:
                self.link(a, b, link)


def _better(new: Link, held: Link) -> bool:
    if new.kin is not held.kin:
        return new.kin is Kin.IDENTICAL
    return (new.similarity or 0.0) > (held.similarity or 0.0)


_SAME = Link(Kin.IDENTICAL, 1.0)


def file_table(result: GroupsResult, gone: Collection[Path] = ()) -> FileTable:
    """The files of a grouping's result and how they are alike; those ``gone`` (moved
    since, by a clean-up) left out."""
    table = FileTable(gone=frozenset(gone))
    found = result.found
    # Each row of the grouping and the files it stands for: itself and its copies.
    rows: list[list[int]] = []
    for row, match in enumerate(found):
        files = [table.add(match.path, match.size)]
        files += [table.add(copy.path, copy.size) for copy in result.twins.get(row, ())]
        table.link_all(files, _SAME)
        rows.append(files)
    for group in result.identical:
        table.link_all([table.add(m.path, m.size) for m in group.members], _SAME)
    _add_skipped(table, (skipped.path for skipped in result.skipped))
    compared = result.compared_pairs
    if compared is None or not found:
        return table
    # Rows of one fingerprint were taken as one (its first row compared for all).
    of_node: dict[int, list[int]] = {}
    for row, node in enumerate(compared.nodes.inverse.tolist()):
        of_node.setdefault(node, []).append(row)
    for same in of_node.values():
        if len(same) > 1:
            table.link_all([f for row in same for f in rows[row]], Link(Kin.NEAR, None))
    inverse = compared.nodes.inverse
    for (a, b), similarity in compared.verified:
        if similarity is None or similarity < result.threshold:
            continue
        near = Link(Kin.NEAR, similarity)
        left = [f for row in of_node[int(inverse[a])] for f in rows[row]]
        right = [f for row in of_node[int(inverse[b])] for f in rows[row]]
        if len(left) * len(right) > MOST_COPIES * MOST_COPIES:
            continue
        for x in left:
            for y in right:
                table.link(x, y, near)
    return table


def _add_skipped(table: FileTable, paths: Iterable[Path]) -> None:
    """The files not read as text nor found identical to another: each only in its folder."""
    for path in paths:
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            table.add(path, info.st_size)


__all__ = ["MOST_COPIES", "FileTable", "Kin", "Link", "file_table"]
