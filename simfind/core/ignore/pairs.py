"""The ignore list's entries, and which files they set apart.

An entry is two sides, each a file's content (the xxh3-128 hash of its bytes, as
DecodedText.digest has it) and its path as last seen. Two files match an entry
when their contents are its two contents, wherever they are now: a file renamed or
moved stays ignored while its bytes are unchanged, and a copy of it is ignored
with it (the user judged the texts, not the names). A file edited since has
another content: the pair is judged afresh, even when only one side changed (the
new text was never judged); the entry stays listed, and holds again if the edit
is undone.

An entry of two identical copies (one content on both sides) cannot tell its
files apart by content, and would otherwise set every copy apart from every
other: it matches the files at its two paths only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path


@dataclass(frozen=True, order=True)
class Side:
    """One file of an entry: its content, and where it was last seen (absolute)."""

    digest: bytes
    path: Path


@dataclass(frozen=True)
class IgnoredPair:
    """Two files that are not duplicates (``first`` the lower side). ``id`` is the store's
    (0 before it is stored); ``added`` when, in seconds since the epoch."""

    first: Side
    second: Side
    id: int = 0
    added: float = 0.0

    @classmethod
    def of(cls, a: Side, b: Side, added: float = 0.0) -> IgnoredPair:
        first, second = sorted((a, b))
        return cls(first, second, added=added)

    @property
    def same_content(self) -> bool:
        return self.first.digest == self.second.digest

    @property
    def key(self) -> tuple[bytes, bytes, Path | None, Path | None]:
        """What makes two entries one: their contents, and for copies their paths too."""
        if self.same_content:
            return self.first.digest, self.second.digest, self.first.path, self.second.path
        return self.first.digest, self.second.digest, None, None


@dataclass(frozen=True)
class Kept:
    """Two files (rows of the sides matched) that an entry keeps apart."""

    a: int
    b: int
    entry: IgnoredPair


class IgnoreList:
    """The entries at one moment, for matching files against them."""

    __slots__ = ("_by_content", "entries")

    def __init__(self, entries: Iterable[IgnoredPair] = ()) -> None:
        self.entries = tuple(entries)
        self._by_content: dict[tuple[bytes, bytes], list[IgnoredPair]] = {}
        for entry in self.entries:
            key = (entry.first.digest, entry.second.digest)
            self._by_content.setdefault(key, []).append(entry)

    def __len__(self) -> int:
        return len(self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def contents(self) -> set[bytes]:
        """Every content an entry holds."""
        return {side.digest for e in self.entries for side in (e.first, e.second)}

    def with_pairs(self, pairs: Iterable[IgnoredPair]) -> IgnoreList:
        """This list and ``pairs`` (an entry already held is not held twice)."""
        held = {entry.key for entry in self.entries}
        more = []
        for pair in pairs:
            if pair.key not in held:
                held.add(pair.key)
                more.append(pair)
        return IgnoreList((*self.entries, *more)) if more else self

    def without(self, ids: Iterable[int]) -> IgnoreList:
        gone = set(ids)
        return IgnoreList(e for e in self.entries if e.id not in gone)

    def ignores(self, a: Side, b: Side) -> bool:
        """Whether the list says these two files are not duplicates."""
        first, second = sorted((a, b))
        for entry in self._by_content.get((first.digest, second.digest), ()):
            if not entry.same_content or {entry.first.path, entry.second.path} == {a.path, b.path}:
                return True
        return False

    def kept_apart(self, sides: Sequence[Side | None]) -> list[Kept]:
        """Every two of these files (by row; None: content unknown) that an entry keeps
        apart, each pair once (the lower row first), in order of rows."""
        if not self.entries:
            return []
        rows: dict[bytes, list[int]] = {}
        at: dict[Path, int] = {}
        for row, side in enumerate(sides):
            if side is not None:
                rows.setdefault(side.digest, []).append(row)
                at[side.path] = row
        found: dict[tuple[int, int], IgnoredPair] = {}
        for entry in self.entries:
            pairs: list[tuple[int, int]] = []
            if entry.same_content:
                a, b = at.get(entry.first.path, -1), at.get(entry.second.path, -1)
                if a >= 0 and b >= 0 and a != b and _holds(sides, (a, b), entry.first.digest):
                    pairs.append((a, b))
            else:
                pairs = [
                    (x, y)
                    for x in rows.get(entry.first.digest, ())
                    for y in rows.get(entry.second.digest, ())
                ]
            for x, y in pairs:
                found.setdefault((min(x, y), max(x, y)), entry)
        return [Kept(a, b, entry) for (a, b), entry in sorted(found.items())]

    def apart_from(self, reference: Side, sides: Sequence[Side | None]) -> set[int]:
        """The rows of the files the list says are not duplicates of ``reference``."""
        partners: dict[bytes, list[IgnoredPair]] = {}
        for entry in self.entries:
            for mine, other in ((entry.first, entry.second), (entry.second, entry.first)):
                if mine.digest == reference.digest:
                    partners.setdefault(other.digest, []).append(entry)
        if not partners:
            return set()
        return {
            row
            for row, side in enumerate(sides)
            if side is not None and side.digest in partners and self.ignores(reference, side)
        }


def _holds(sides: Sequence[Side | None], rows: tuple[int, ...], digest: bytes) -> bool:
    """Whether the files at these rows have this content."""
    return all((side := sides[row]) is not None and side.digest == digest for row in rows)


def last_seen(kept: Sequence[Kept], sides: Mapping[int, Side | None]) -> list[IgnoredPair]:
    """The stored entries matched at other paths than they hold, with the paths they were
    found at now (the first match of each), for the store to remember."""
    moved: dict[int, IgnoredPair] = {}
    for pair in kept:
        entry = pair.entry
        if not entry.id or entry.id in moved or entry.same_content:
            continue
        a, b = sides.get(pair.a), sides.get(pair.b)
        if a is None or b is None:
            continue
        first, second = (a, b) if a.digest == entry.first.digest else (b, a)
        if (first.path, second.path) != (entry.first.path, entry.second.path):
            moved[entry.id] = replace(entry, first=first, second=second)
    return list(moved.values())


__all__ = ["IgnoreList", "IgnoredPair", "Kept", "Side", "last_seen"]
