"""Which files of each group to mark for clean-up: all but one, chosen by a rule.

A file in a reference folder ("my archive") is compared like any other but
never marked: where a group holds one, it is what is kept, and every other
file of the group is marked. Elsewhere one file per group is kept by the
rule; ties fall to the shorter path, then the path's order, so the same groups
always give the same marks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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


_ORDER: dict[KeepRule, Callable[[Candidate], tuple[int, int, str]]] = {
    KeepRule.NEWEST: lambda c: (-c.mtime_ns, *_tie(c)),
    KeepRule.OLDEST: lambda c: (c.mtime_ns, *_tie(c)),
    KeepRule.LARGEST: lambda c: (-c.size, *_tie(c)),
    KeepRule.SHORTEST_PATH: lambda c: (0, *_tie(c)),
    KeepRule.IN_FOLDER: lambda c: (0, *_tie(c)),
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
    order = _ORDER[rule]
    return min(chosen, key=lambda k: order(group[k]))


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
    groups: Sequence[Sequence[Candidate]], rule: KeepRule, folder: Path | None = None
) -> Marks:
    """In each group, every file but the one kept (and never a protected one)."""
    folders = _folders(rule, folder)
    marks = Marks()
    for group in groups:
        if any(c.protected for c in group):
            marks.marked.append([k for k, c in enumerate(group) if not c.protected])
            continue
        kept = _keeper(group, rule, folders)
        if kept is None:
            marks.without_keeper += 1
            marks.marked.append([])
            continue
        marks.marked.append([k for k in range(len(group)) if k != kept])
    return marks
