"""Which files of each group to mark for clean-up: all but one, chosen by a rule.

A file in a reference folder ("my archive") is compared like any other but
never marked: where a group holds one, it is what is kept, and every other
file of the group is marked. Elsewhere one file per group is kept by the
rule; ties fall to the shorter path, then the path's order, so the same groups
always give the same marks.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path


class KeepRule(str, Enum):
    NEWEST = "newest"
    OLDEST = "oldest"
    LARGEST = "largest"
    SHORTEST_PATH = "shortest-path"
    #: The file inside a chosen folder (groups with none there are left unmarked).
    IN_FOLDER = "in-folder"


@dataclass(frozen=True)
class Candidate:
    """A file of a group, as it was when it was scanned."""

    path: Path
    size: int
    mtime_ns: int
    #: In a reference folder: compared, never marked or moved.
    protected: bool = False
    #: Its bytes hashed (text.decoding.DecodedText.digest); None where not known.
    digest: bytes | None = None
    #: Its inode as scanned (0: not known).
    ino: int = 0


@dataclass
class Marks:
    #: For each group, the indexes of the files marked.
    marked: list[list[int]] = field(default_factory=list)
    #: Groups left unmarked because no file lay in the chosen folder.
    without_keeper: int = 0

    @property
    def count(self) -> int:
        return sum(len(group) for group in self.marked)


def _tie(candidate: Candidate) -> tuple[int, str]:
    text = str(candidate.path)
    return len(text), text


# What each rule keeps first; ties fall to _tie. (The path is written out only for the
# tied: at 100,000 files, writing out every path took most of a second.)
_FIRST: dict[KeepRule, Callable[[Candidate], int]] = {
    KeepRule.NEWEST: lambda c: -c.mtime_ns,
    KeepRule.OLDEST: lambda c: c.mtime_ns,
    KeepRule.LARGEST: lambda c: -c.size,
    KeepRule.SHORTEST_PATH: lambda c: 0,
    KeepRule.IN_FOLDER: lambda c: 0,
}


def _aliases(folder: Path) -> tuple[Path, ...]:
    """The folder as given and with its links resolved (one look at the disk, not one per file)."""
    given = Path(folder).absolute()
    real = given.resolve()
    return (given,) if real == given else (given, real)


def _keeper(group: Sequence[Candidate], rule: KeepRule, folders: tuple[Path, ...]) -> int | None:
    chosen: Sequence[int] = range(len(group))
    if rule is KeepRule.IN_FOLDER:
        chosen = [k for k in chosen if any(group[k].path.is_relative_to(f) for f in folders)]
        if not chosen:
            return None
    first = _FIRST[rule]
    keys = [first(group[k]) for k in chosen]
    best = min(keys)
    tied = [k for k, key in zip(chosen, keys, strict=True) if key == best]
    # The first of the smallest by (rule, length, path), as min() over those would give.
    return tied[0] if len(tied) == 1 else min(tied, key=lambda k: _tie(group[k]))


def _folders(rule: KeepRule, folder: Path | None) -> tuple[Path, ...]:
    if rule is not KeepRule.IN_FOLDER:
        return ()
    if folder is None:
        raise ValueError("the in-folder rule needs a folder")
    return _aliases(folder)


def keeper(group: Sequence[Candidate], rule: KeepRule, folder: Path | None = None) -> int | None:
    """The index of the file the rule keeps in ``group`` (None: no file lies in ``folder``)."""
    return _keeper(group, rule, _folders(rule, folder))


def mark_all_but_one(
    groups: Sequence[Sequence[Candidate]],
    rule: KeepRule,
    folder: Path | None = None,
    identical_only: bool = False,
) -> Marks:
    """In each group, every file but the one kept (and never a protected one).

    ``identical_only``: only files byte for byte the same as another of their group
    are marked, all but one of each set of identical files; a file with the same text
    but other bytes (another encoding, other line endings) is left alone.
    """
    folders = _folders(rule, folder)
    marks = Marks()
    for group in groups:
        marked: list[int] = []
        kept_none = False
        for subset in _identical_sets(group) if identical_only else [list(range(len(group)))]:
            files = [group[k] for k in subset]
            if any(c.protected for c in files):
                marked += [k for k, c in zip(subset, files, strict=True) if not c.protected]
                continue
            kept = _keeper(files, rule, folders)
            if kept is None:
                kept_none = True
                continue
            marked += [k for i, k in enumerate(subset) if i != kept]
        marks.without_keeper += int(kept_none and not marked)
        marks.marked.append(sorted(marked))
    return marks


def mark_older_versions(
    groups: Sequence[Sequence[Candidate]],
    newest: Sequence[Collection[Path]],
    identical_only: bool = False,
) -> Marks:
    """In each group, every file but the newest versions of its chains (``newest``, one
    collection of paths per group: core.versions), and never a protected one.

    ``identical_only``: only files byte for byte the same as another of their group are
    marked; of each set of identical files, those that are newest versions stay, or,
    where none is, the last modified of the set. A group with no newest version (none of
    its files could be read as text: photos, archives) is left unmarked.
    """
    marks = Marks()
    for group, kept in zip(groups, newest, strict=True):
        if not kept:
            marks.marked.append([])
            continue
        if not identical_only:
            marked = [k for k, c in enumerate(group) if c.path not in kept and not c.protected]
        else:
            marked = []
            for subset in _identical_sets(group):
                keepers = [k for k in subset if group[k].path in kept or group[k].protected]
                if not keepers:
                    keepers = [max(subset, key=lambda k: (group[k].mtime_ns, str(group[k].path)))]
                marked += [k for k in subset if k not in keepers]
        marks.marked.append(sorted(marked))
    return marks


def _identical_sets(group: Sequence[Candidate]) -> list[list[int]]:
    """The indexes of each set of two or more files of a group with the same bytes."""
    sets: dict[bytes, list[int]] = {}
    for index, candidate in enumerate(group):
        if candidate.digest:
            sets.setdefault(candidate.digest, []).append(index)
    return [indexes for indexes in sets.values() if len(indexes) > 1]
