"""Pairs and groups of folders whose files are mostly the same or near-duplicates.

Which folders to compare comes from the files alike (files.py): the folders holding two
alike files, and theirs above them, one level at a time on each side (a copied tree
keeps its shape below the copy), up to the folders searched; never a folder and one
inside it. Each pair is compared file by file, one to one: the files at the same
place below each folder first, then the most alike of the rest, identical before near.

A pair's share is the bytes of its files paired (identical or near, on both sides) over
all the bytes of both folders: 1 for identical trees, about 0.9 for two releases of a
project with a few files changed, and near 0 for folders that share a licence file
and little else. From ``DEFAULT_SHARE`` (half) a pair is listed: most of what the two
folders hold is in the other, which is what a copy is. A folder of fewer than
``MIN_FILES`` files, or a pair with fewer paired, is too small to call a copy.

Only the highest pair of a lineage is listed: where a/ and b/ pair, a/sub and b/sub
(or any folder below a/ with any below b/) are part of that pair's comparison, and
would list the same files again. A folder below a/ that pairs with one outside b/ is
listed. Pairs that share a folder form a group (three releases side by side).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from simfind.core.base.paths import with_separator
from simfind.core.folders.files import FileTable, Kin, Link

DEFAULT_SHARE = 0.5
MIN_FILES = 2


class Side(Enum):
    """Where a file of a pair of folders is, and how it compares with its counterpart."""

    IDENTICAL = "identical"
    NEAR = "near"
    #: At the same place below both folders, and not alike.
    CHANGED = "changed"
    ONLY_A = "only_a"
    ONLY_B = "only_b"


@dataclass(frozen=True)
class FilePair:
    """A file of folder a and its counterpart in folder b (None: none)."""

    side: Side
    a: Path | None
    b: Path | None
    #: Its path below folder a (or b, where it is only in b), with "/" between names.
    rel: str
    size_a: int = 0
    size_b: int = 0
    similarity: float | None = None


@dataclass(frozen=True)
class Tally:
    """Files and bytes: pairs of files for identical, near and changed ones (their bytes on
    both sides), single files for those only in one folder."""

    files: int = 0
    bytes: int = 0


@dataclass
class FolderPair:
    a: Path
    b: Path
    files: list[FilePair]

    def tally(self, side: Side) -> Tally:
        pairs = [f for f in self.files if f.side is side]
        return Tally(len(pairs), sum(f.size_a + f.size_b for f in pairs))

    @property
    def files_a(self) -> int:
        return sum(1 for f in self.files if f.a is not None)

    @property
    def files_b(self) -> int:
        return sum(1 for f in self.files if f.b is not None)

    @property
    def size(self) -> int:
        """The bytes of both folders."""
        return sum(f.size_a + f.size_b for f in self.files)

    @property
    def paired(self) -> Tally:
        """The files identical or near, and their bytes on both sides."""
        same, near = self.tally(Side.IDENTICAL), self.tally(Side.NEAR)
        return Tally(same.files + near.files, same.bytes + near.bytes)

    @property
    def share(self) -> float:
        """The bytes paired over all the bytes of both folders (by count where none)."""
        size = self.size
        return self.paired.bytes / size if size else self.share_by_count

    @property
    def share_by_count(self) -> float:
        """Both sides' files paired over all the files of both folders."""
        total = self.files_a + self.files_b
        return 2 * self.paired.files / total if total else 0.0


@dataclass
class FolderGroup:
    """Folders each paired with another of them, the largest first, and their pairs."""

    folders: list[Path]
    pairs: list[FolderPair]


@dataclass(frozen=True)
class Pairing:
    groups: list[FolderGroup]
    #: Pairs of folders compared file by file.
    compared: int


class _Tree:
    """The files below each folder, at any depth, within the folders searched."""

    def __init__(self, table: FileTable, roots: Sequence[Path]) -> None:
        prefixes = sorted((with_separator(r) for r in roots), key=len, reverse=True)
        self.above: list[list[str]] = []  # each file's folders, its own first, up to its root
        self.below: dict[str, list[int]] = {}
        for index, path in enumerate(table.paths):
            text = os.fspath(path)
            root = next((p for p in prefixes if text.startswith(p)), None)
            folders: list[str] = []
            if root is not None:
                folder = os.path.dirname(text)  # noqa: PTH120 (paths as text, as the walk's)
                while True:
                    folders.append(folder)
                    self.below.setdefault(folder, []).append(index)
                    if len(folder) < len(root) or with_separator(folder) == root:
                        break
                    folder = os.path.dirname(folder)  # noqa: PTH120
            self.above.append(folders)


def _inside(inner: str, outer: str) -> bool:
    return inner == outer or inner.startswith(with_separator(outer))


def pair_folders(
    table: FileTable, roots: Sequence[Path], threshold: float = DEFAULT_SHARE
) -> Pairing:
    """The groups of folders below ``roots`` (and the roots) near-copies of each other."""
    tree = _Tree(table, roots)
    prefixes = [with_separator(root) for root in roots]

    def order(folder: str) -> tuple[int, bytes]:
        """The folders of a pair as given: the one below the SOURCE named first, first."""
        inside = with_separator(folder)
        at = next((k for k, p in enumerate(prefixes) if inside.startswith(p)), len(prefixes))
        return at, os.fsencode(folder)

    linked: dict[tuple[str, str], int] = {}
    for a, links in enumerate(table.links):
        for b in links:
            if b < a:
                continue
            for left, right in zip(tree.above[a], tree.above[b], strict=False):
                if _inside(left, right) or _inside(right, left):
                    break
                key = (left, right) if order(left) < order(right) else (right, left)
                linked[key] = linked.get(key, 0) + 1
    listed: list[FolderPair] = []
    compared = 0
    for (left, right), count in linked.items():
        if count < MIN_FILES:
            continue
        if len(tree.below[left]) < MIN_FILES or len(tree.below[right]) < MIN_FILES:
            continue
        compared += 1
        pair = _compare(table, tree, left, right)
        if pair.share >= threshold and pair.paired.files >= MIN_FILES:
            listed.append(pair)
    return Pairing(_grouped(_highest(listed)), compared)


def _compare(table: FileTable, tree: _Tree, left: str, right: str) -> FolderPair:
    """The files of two folders paired one to one."""
    in_a = tree.below[left]
    in_b = tree.below[right]
    cut_a, cut_b = len(with_separator(left)), len(with_separator(right))
    rel_a = {i: os.fspath(table.paths[i])[cut_a:].replace(os.sep, "/") for i in in_a}
    rel_b = {j: os.fspath(table.paths[j])[cut_b:].replace(os.sep, "/") for j in in_b}
    edges: list[tuple[int, int, Link]] = [
        (i, j, link) for i in in_a for j, link in table.links[i].items() if j in rel_b
    ]
    partner: dict[int, tuple[int, Link]] = {}
    taken: set[int] = set()
    for i, j, link in edges:
        if rel_a[i] == rel_b[j]:
            partner[i] = (j, link)
            taken.add(j)
    rest = sorted(
        (e for e in edges if e[0] not in partner and e[1] not in taken),
        key=lambda e: (e[2].kin is not Kin.IDENTICAL, -(e[2].similarity or 1.0), rel_a[e[0]]),
    )
    for i, j, link in rest:
        if i not in partner and j not in taken:
            partner[i] = (j, link)
            taken.add(j)
    by_rel = {rel: j for j, rel in rel_b.items() if j not in taken}
    files: list[FilePair] = []
    for i in in_a:
        size_a = table.sizes[i]
        if i in partner:
            j, link = partner[i]
            side = Side.IDENTICAL if link.kin is Kin.IDENTICAL else Side.NEAR
            files.append(
                FilePair(
                    side,
                    table.paths[i],
                    table.paths[j],
                    rel_a[i],
                    size_a,
                    table.sizes[j],
                    link.similarity,
                )
            )
        elif rel_a[i] in by_rel:
            j = by_rel.pop(rel_a[i])
            taken.add(j)
            path_b = table.paths[j]
            files.append(
                FilePair(Side.CHANGED, table.paths[i], path_b, rel_a[i], size_a, table.sizes[j])
            )
        else:
            files.append(FilePair(Side.ONLY_A, table.paths[i], None, rel_a[i], size_a))
    files += [
        FilePair(Side.ONLY_B, None, table.paths[j], rel_b[j], 0, table.sizes[j])
        for j in in_b
        if j not in taken
    ]
    files.sort(key=lambda f: f.rel.encode("utf-8", "surrogateescape"))
    return FolderPair(Path(left), Path(right), files)


def _highest(pairs: list[FolderPair]) -> list[FolderPair]:
    """The pairs not below another's two folders, the largest first."""
    kept: list[FolderPair] = []
    for pair in sorted(pairs, key=lambda p: (-p.size, len(p.a.parts) + len(p.b.parts))):
        a, b = os.fspath(pair.a), os.fspath(pair.b)
        if not any(
            (_inside(a, os.fspath(q.a)) and _inside(b, os.fspath(q.b)))
            or (_inside(a, os.fspath(q.b)) and _inside(b, os.fspath(q.a)))
            for q in kept
        ):
            kept.append(pair)
    return kept


def _grouped(pairs: list[FolderPair]) -> list[FolderGroup]:
    """Pairs that share a folder as one group; the groups by their folders' bytes."""
    leader: dict[Path, Path] = {}

    def find(folder: Path) -> Path:
        while leader.setdefault(folder, folder) != folder:
            folder = leader[folder]
        return folder

    for pair in pairs:
        leader[find(pair.a)] = find(pair.b)
    members: dict[Path, list[FolderPair]] = {}
    for pair in pairs:
        members.setdefault(find(pair.a), []).append(pair)
    groups: list[tuple[int, FolderGroup]] = []
    for held in members.values():
        sizes: dict[Path, int] = {}
        for pair in held:
            sizes[pair.a] = sum(f.size_a for f in pair.files)
            sizes[pair.b] = sum(f.size_b for f in pair.files)
        folders = sorted(sizes, key=lambda f: (-sizes[f], os.fsencode(f)))
        ordered = sorted(held, key=lambda p: (-p.share, -p.size))
        groups.append((sum(sizes.values()), FolderGroup(folders, ordered)))
    groups.sort(key=lambda sized: -sized[0])
    return [group for _, group in groups]


__all__ = [
    "DEFAULT_SHARE",
    "MIN_FILES",
    "FilePair",
    "FolderGroup",
    "FolderPair",
    "Pairing",
    "Side",
    "Tally",
    "pair_folders",
]
