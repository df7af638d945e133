"""Which files of groups of found files (groups.group.Member) a rule marks: the one piece of
logic the window's Mark All but One and ``simfind clean`` share.

A file in a reference folder is compared but never marked (marking.py: a group holding
one keeps it). A file *left out* (one that changed or vanished since a saved result, or
that the ignore list set apart) takes no part at all: it is neither marked nor kept for
another, as if it were not in its group; the rest of the group is marked by the rule as
if just found. So does a file whose figure is only an estimate (one compared with a
catalogue's file whose drive is away): a verdict that moves a file is never an estimate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from simfind.core.cleanup.marking import Candidate, KeepRule, Marks, mark_all_but_one
from simfind.core.groups.group import Member
from simfind.core.scan.rank import Match

#: Whether a file takes part in a rule: in a reference folder (kept), or left out.
Test = Callable[[Member], bool]


def _never(member: Member) -> bool:
    return False


def candidate(match: Match, protected: bool) -> Candidate:
    """A file of a group as the clean-up's choices take it (marking.Candidate)."""
    return Candidate(match.path, match.size, match.mtime_ns, protected, match.digest, match.ino)


@dataclass
class Present:
    """The files of each group that take part (not left out), as candidates, and where
    each is in its group as given."""

    candidates: list[list[Candidate]]
    rows: list[list[int]]


def present(
    groups: Sequence[Sequence[Member]], protected: Test, left_out: Test = _never
) -> Present:
    """Each group's files that take part, as candidates (those in reference folders said
    so)."""
    found = Present([], [])
    for members in groups:
        rows = [k for k, m in enumerate(members) if not left_out(m) and not m.estimated]
        found.rows.append(rows)
        found.candidates.append([candidate(members[k].match, protected(members[k])) for k in rows])
    return found


@dataclass
class FileMarks:
    """What a rule marks: per group, the indexes of the files marked in the group as given
    (``marks``), and those files, group by group."""

    marks: Marks
    files: list[Member]


def mark_files(
    groups: Sequence[Sequence[Member]],
    rule: KeepRule,
    folder: Path | None,
    identical_only: bool,
    protected: Test,
    left_out: Test = _never,
) -> FileMarks:
    """All but one file of each group marked by ``rule`` (marking.mark_all_but_one), never a
    protected file, never a file left out (nor one kept in its place)."""
    taking_part = present(groups, protected, left_out)
    # A group left with fewer than two files has nothing to mark.
    chosen = [g for g, rows in enumerate(taking_part.rows) if len(rows) >= 2]
    found = mark_all_but_one(
        [taking_part.candidates[g] for g in chosen], rule, folder, identical_only
    )
    marked_in = dict(zip(chosen, found.marked, strict=True))
    marks = Marks(without_keeper=found.without_keeper)
    files: list[Member] = []
    for g, (members, rows) in enumerate(zip(groups, taking_part.rows, strict=True)):
        indexes = [rows[k] for k in marked_in.get(g, [])]
        marks.marked.append(indexes)
        files += [members[k] for k in indexes]
    return FileMarks(marks, files)


__all__ = ["FileMarks", "Present", "Test", "candidate", "mark_files", "present"]
