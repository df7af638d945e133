"""Identical files of any kind, found as the fast finders of duplicates find them.

1. Files are grouped by size: a file of a size no other file has is identical to none
   (nothing is read of it).
2. Files of a shared size are hashed by their first and last blocks (4 KiB each; a
   file of two blocks or fewer is hashed whole at once); those whose hash no other file
   of their size shares are identical to none.
3. The rest are hashed whole (xxh3-128); files with the same whole hash are identical.

Each file is read at most once in all (its two blocks aside), none where the cache or an
earlier read (a text file fingerprinted) knows its hash (file_digests.Hashes). Names of
one file (hard links to one inode) are one file: the first name in the walk's order is
the file, the others are its links, never offered as duplicates of it. Empty files are
identical to each other in a sense that helps nobody: they are listed (as one set) only
when asked for; files smaller than ``min_size`` are left out.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import xxhash

from simfind.core.scan.file_digests import Depth, Hashes
from simfind.core.scan.match import Match, walked_match
from simfind.core.scan.walk import FileEntry

#: The hash of no bytes: the empty files' set has it.
EMPTY_DIGEST = xxhash.xxh3_128_digest(b"")


@dataclass(frozen=True)
class IdenticalOptions:
    #: Files smaller than this many bytes are not looked at (at least 1: empty files are
    #: ``empty``'s business).
    min_size: int = 1
    #: List the empty files as one set of their own.
    empty: bool = False
    #: Look for identical files alone: no file is read as text, no near-duplicate grouped.
    only: bool = False


@dataclass
class IdenticalFiles:
    """Two or more files with the same bytes, in the walk's order."""

    digest: bytes
    #: What the first bytes say they are (sniff.container: zip, png, ...), or "".
    kind: str
    files: list[FileEntry]
    #: The other names of each of ``files`` (hard links to it), in the same order.
    links: list[list[FileEntry]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.links:
            self.links = [[] for _ in self.files]


def byte_match(entry: FileEntry, digest: bytes, kind: str, links: Sequence[FileEntry]) -> Match:
    """A file found by its bytes alone (``kind``: what its first bytes say it is)."""
    return walked_match(
        entry,
        "",
        0,
        similarity=1.0,
        similar=True,
        format=kind,
        digest=digest,
        links=tuple(link.path for link in links),
        by_bytes=True,
        dev=entry.dev,
    )


def _identity(entry: FileEntry) -> tuple[int, int] | None:
    """The file a name is of (device, inode); None where the walk gives no inode
    (Windows' folder listings)."""
    return (entry.dev, entry.ino) if entry.ino else None


def distinct_files(
    entries: Sequence[FileEntry],
) -> tuple[list[FileEntry], dict[int, list[FileEntry]]]:
    """One entry per file (the first name of each), and the other names of each file by
    the ``id`` of its first name's entry. A path walked twice (a folder inside another
    given) is one name."""
    first: dict[tuple[int, int], FileEntry] = {}
    files: list[FileEntry] = []
    links: dict[int, list[FileEntry]] = {}
    seen: set[str] = set()
    for entry in entries:
        key = _identity(entry)
        if key is None:
            text = os.fspath(entry.path)
            if text not in seen:
                seen.add(text)
                files.append(entry)
            continue
        owner = first.get(key)
        if owner is None:
            first[key] = entry
            files.append(entry)
        elif owner.path != entry.path:
            named = links.setdefault(id(owner), [])
            if all(link.path != entry.path for link in named):
                named.append(entry)
    return files, links


class SameFiles:
    """A search for identical files among walked files: each file once (its first name; its
    other names are its links), by size; ``candidates`` are the files it may read, ``find``
    finds the sets."""

    def __init__(self, entries: Sequence[FileEntry], options: IdenticalOptions) -> None:
        self.files, self.links = distinct_files(entries)
        least = max(1, options.min_size)
        by_size: dict[int, list[FileEntry]] = {}
        for entry in self.files:
            size = entry.size
            if size >= least or (size == 0 and options.empty):
                group = by_size.get(size)
                if group is None:
                    by_size[size] = [entry]
                else:
                    group.append(entry)
        self.empty = by_size.pop(0, [])
        #: The files of each size another file has too: the only ones ever read.
        self.shared = [group for group in by_size.values() if len(group) > 1]

    def candidates(self) -> list[FileEntry]:
        return [entry for group in self.shared for entry in group]

    def find(self, hashes: Hashes) -> list[IdenticalFiles]:
        """The sets of identical files, in the order of their first files. ``hashes`` knows
        or reads each file's hashes (and keeps what it read for the cache: its ``store``
        is the caller's)."""
        full, heads = hashes.full, hashes.head
        # A size whose files' whole hashes are all known (read as text, or cached) needs no
        # first blocks: those would be read again for nothing.
        known: list[list[FileEntry]] = []
        rest: list[list[FileEntry]] = []
        for group in self.shared:
            (known if all(id(e) in full for e in group) else rest).append(group)
        hashes.hash([e for group in rest for e in group], Depth.HEAD)
        alike = known
        for group in rest:
            alike += _split(group, heads)
        hashes.hash([e for group in alike for e in group], Depth.FULL)
        found: list[list[FileEntry]] = []
        for group in alike:
            found += _split(group, full)
        kinds, links = hashes.kind, self.links
        sets = []
        for group in found:
            kind = next((kinds[id(e)] for e in group if id(e) in kinds), "")
            named = [links.get(id(e), []) for e in group] if links else []
            sets.extend(_one_per_file(IdenticalFiles(full[id(group[0])], kind, group, named)))
        return self.with_empty(sets)

    def with_empty(self, sets: list[IdenticalFiles]) -> list[IdenticalFiles]:
        """``sets`` (of files with bytes) and the empty files' set where it was asked for,
        in the order of their first files."""
        if len(self.empty) > 1:
            named = [self.links.get(id(e), []) for e in self.empty]
            sets = [*sets, *_one_per_file(IdenticalFiles(EMPTY_DIGEST, "", self.empty, named))]
        order = {id(entry): at for at, entry in enumerate(self.files)}
        return sorted(sets, key=lambda found: order[id(found.files[0])])


def find_identical(
    entries: Sequence[FileEntry], hashes: Hashes, options: IdenticalOptions = IdenticalOptions()
) -> list[IdenticalFiles]:
    """The sets of identical files among ``entries`` (SameFiles.find)."""
    return SameFiles(entries, options).find(hashes)


def _split(group: list[FileEntry], digests: Mapping[int, bytes]) -> list[list[FileEntry]]:
    """The files of ``group`` by their hash in ``digests``: each set of two or more (a file
    without one, unreadable or changed, in none), in the group's order."""
    if len(group) == 2:  # most sizes shared: no dictionary needed
        first, second = (digests.get(id(entry)) for entry in group)
        return [group] if first is not None and first == second else []
    by_digest: dict[bytes, list[FileEntry]] = {}
    for entry in group:
        digest = digests.get(id(entry))
        if digest is not None:
            by_digest.setdefault(digest, []).append(entry)
    return [files for files in by_digest.values() if len(files) > 1]


def _one_per_file(found: IdenticalFiles) -> list[IdenticalFiles]:
    """The set with names of one file made one, where the walk gave no inode to tell them
    (Windows): those of the set are asked for it now (a few, not every file walked). None
    where fewer than two files are left."""
    if all(entry.ino for entry in found.files):
        return [found]
    owners: dict[tuple[int, int], int] = {}
    files: list[FileEntry] = []
    links: list[list[FileEntry]] = []
    for entry, named in zip(found.files, found.links, strict=True):
        try:
            info = entry.path.stat()
        except OSError:
            continue  # gone since it was read: in no set
        key = (info.st_dev, info.st_ino)
        if info.st_ino and key in owners:
            links[owners[key]] += [entry, *named]
            continue
        owners[key] = len(files)
        files.append(entry)
        links.append(list(named))
    if len(files) < 2:
        return []
    return [IdenticalFiles(found.digest, found.kind, files, links)]


__all__ = [
    "EMPTY_DIGEST",
    "IdenticalFiles",
    "IdenticalOptions",
    "SameFiles",
    "byte_match",
    "distinct_files",
    "find_identical",
]
