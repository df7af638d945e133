"""A group of files, and what a search for groups in some folders found: the lean part,
which loads none of the text engine (a search for identical files alone needs no more).

``Group``: files near each other or identical, the centre first, each with its figures
to it. ``FolderSearch``: the folders searched (and reference folders, whose files are
never marked or moved), the groups, the files looked at and skipped; a search for
near-duplicates (folder_groups.GroupsResult) adds what it compared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.groups.kinds import GroupKind, Member, kind_of, relate
from simfind.core.groups.same_bytes import path_order
from simfind.core.scan.match import Match
from simfind.core.scan.walk import Skipped

if TYPE_CHECKING:
    from simfind.core.linkage.grouping import FileGroup


@dataclass
class Group:
    """Near-duplicates, or identical files: ``members[0]`` is the centre; each member
    carries its figures to it (``Member``)."""

    members: list[Member]

    @property
    def size(self) -> int:
        return sum(m.match.size for m in self.members)

    @property
    def reclaimable(self) -> int:
        """The space freed by keeping only the largest file of the group."""
        return self.size - max(m.match.size for m in self.members)

    @property
    def kind(self) -> GroupKind:
        """Identical, the same text, or near-duplicates (kinds.py)."""
        return kind_of(self.members)

    @property
    def files(self) -> list[Match]:
        """Its files, the centre first."""
        return [m.match for m in self.members]

    @classmethod
    def of(
        cls,
        found: FileGroup,
        matches: Sequence[Match] | Mapping[int, Match],
        twins: Mapping[int, Sequence[Match]] | None = None,
    ) -> Group:
        """The group the grouping rule found, each member with its figures (``matches``
        indexed by the rows the grouping saw, at least its members', left as they are),
        each followed by its ``twins`` (by row: the files with its bytes) with its
        figures."""
        members = []
        for member in found.members:
            match = matches[member.row]
            is_centre = member.row == found.centre
            members.append(Member(match, member.similarity, member.distance, is_centre))
            if twins and member.row in twins:
                members += twin_members(twins[member.row], member.similarity, member.distance)
        if twins:  # the copies among the rest as the grouping orders members: by figure, path
            members[1:] = sorted(members[1:], key=_member_order)
        return cls(relate(members))

    @classmethod
    def alone(cls, files: Sequence[Match]) -> Group:
        """Identical files as a group of their own: the centre first, its copies after it."""
        members = [Member(match, 1.0, 0, is_centre=index == 0) for index, match in enumerate(files)]
        return cls(relate(members))


def twin_members(twins: Sequence[Match], similarity: float | None, distance: int) -> list[Member]:
    """A member's twins (files with its bytes, so its text) with its figures to the centre."""
    return [Member(twin, similarity, distance) for twin in twins]


def _member_order(member: Member) -> tuple[bool, float, bytes]:
    similarity = member.similarity
    return similarity is None, -(similarity or 0.0), path_order(member.match)


@dataclass
class FolderSearch:
    """What a search for groups in folders found."""

    #: The folders searched, absolute, then the reference folders.
    folders: list[Path]
    reference_folders: list[Path]
    bits: int
    #: The files looked at: every file (``by_bytes``), or the text files alone.
    files: int = field(default=0, kw_only=True)
    groups: list[Group] = field(default_factory=list, kw_only=True)
    skipped: list[Skipped] = field(default_factory=list, kw_only=True)
    cancelled: bool = field(default=False, kw_only=True)
    elapsed: float = field(default=0.0, kw_only=True)
    #: The files read as text.
    text_files: int = field(default=0, kw_only=True)
    #: Files of any kind were looked at, by their bytes, for identical files.
    by_bytes: bool = field(default=False, kw_only=True)
    #: Files read for the search for identical files (their bytes hashed), and the bytes.
    hashed_files: int = field(default=0, kw_only=True)
    hashed_bytes: int = field(default=0, kw_only=True)
    #: Pairs of identical files the ignore list kept apart (never in one group).
    copies_apart: int = field(default=0, kw_only=True)

    def protected(self, match: Match) -> bool:
        """Whether the file lies under a reference folder, or was found in a catalogue (a
        drive that may not be here): never to be marked or moved."""
        if match.catalogue is not None:
            return True
        return any(match.path.is_relative_to(folder) for folder in self.reference_folders)

    def root_of(self, match: Match) -> int:
        """The index, in folders + reference_folders, of the folder the file was found in."""
        roots = [*self.folders, *self.reference_folders]
        for index, root in enumerate(roots):
            if match.path.is_relative_to(root) and (root / match.rel) == match.path:
                return index
        return 0


__all__ = ["FolderSearch", "Group", "Member", "twin_members"]
