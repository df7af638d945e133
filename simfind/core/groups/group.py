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

from simfind.core.groups.kinds import GroupKind, kind_of, relate
from simfind.core.groups.same_bytes import path_order, twin_copies
from simfind.core.scan.match import Match
from simfind.core.scan.walk import Skipped

if TYPE_CHECKING:
    from simfind.core.linkage.grouping import FileGroup


@dataclass
class Group:
    """Near-duplicates, or identical files: ``members[0]`` is the centre
    (``is_reference``); each member's ``similarity`` (exact) and ``distance`` (bits) are
    to it, and it says whether it is ``identical`` to it or ``identical_to`` another
    member (kinds.relate)."""

    members: list[Match]

    @property
    def size(self) -> int:
        return sum(m.size for m in self.members)

    @property
    def reclaimable(self) -> int:
        """The space freed by keeping only the largest file of the group."""
        return self.size - max(m.size for m in self.members)

    @property
    def kind(self) -> GroupKind:
        """Identical, the same text, or near-duplicates (kinds.py)."""
        return kind_of(self.members)

    @classmethod
    def of(
        cls,
        found: FileGroup,
        matches: Sequence[Match] | Mapping[int, Match],
        twins: Mapping[int, Sequence[Match]] | None = None,
    ) -> Group:
        """The group the grouping rule found, its members' figures set on their matches
        (``matches`` indexed by the rows the grouping saw, at least its members'), each
        followed by copies of its ``twins`` (by row: the files with its bytes)."""
        members = []
        for member in found.members:
            match = matches[member.row]
            match.similarity = member.similarity
            match.distance = member.distance
            match.similar = member.similarity is not None
            match.is_reference = member.row == found.centre
            members.append(match)
            if twins and member.row in twins:
                members += twin_copies(twins[member.row], match)
        if twins:  # the copies among the rest as the grouping orders members: by figure, path
            members[1:] = sorted(members[1:], key=_member_order)
        relate(members)
        return cls(members)

    @classmethod
    def alone(cls, members: list[Match]) -> Group:
        """Identical files as a group of their own: the centre first, its copies after it."""
        for match in members:
            match.similarity, match.distance, match.similar = 1.0, 0, True
            match.is_reference = match is members[0]
        relate(members)
        return cls(members)


def _member_order(match: Match) -> tuple[bool, float, bytes]:
    similarity = match.similarity
    return similarity is None, -(similarity or 0.0), path_order(match)


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


__all__ = ["FolderSearch", "Group"]
