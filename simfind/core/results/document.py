"""What a result file holds: the groups of a search, each file as it was found, with the
inputs and the settings that made them, when and by which simfind.

A result file is one JSON object (resources/schemas/groups.schema.json):

* ``format`` ("simfind-result") and ``version`` (the schema's version) first, so that a
  reader knows in its first bytes what it holds;
* ``simfind`` (the version that wrote it) and ``created`` (ISO 8601, with the offset);
* ``working_folder``: where a relative path of the file is relative to (the folder the
  command ran in; the window writes absolute paths);
* ``inputs``: the folders searched and the reference folders (never touched);
* ``settings``: how the groups were made (threshold, bits, distance, options);
* ``groups``: each with its members, each member's path fields (paths.path_fields),
  size, modification time (``mtime_ns``), inode and device where the system has them,
  and the hash of its bytes (``hash``), which tell later whether it changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from simfind.core.groups.folder_groups import Group

#: What a result file says it is (its "format" field).
FORMAT = "simfind-result"

#: The version of the groups schema this simfind writes and the newest it reads. Version 1
#: was the bare array of groups (``simfind groups --format json`` before result files),
#: which lacks what a clean-up checks (each file's time to the nanosecond, its hash).
VERSION = 2


@dataclass(frozen=True)
class ResultSettings:
    """How the groups were made: what a new search with the same settings would ask."""

    threshold: float
    bits: int
    #: Fingerprints within this many bits were compared exactly.
    max_distance: int
    text_only: bool = False
    fold_scripts: bool = True
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    hidden: bool = False
    follow_links: bool = False
    #: Whether the ignore list kept its pairs apart (--no-ignore-list: False).
    ignore_list: bool = True


@dataclass
class SavedResult:
    """A result file read back: its groups as found (each member a scan.rank.Match with its
    path absolute, its figures to its group's centre), and what made them."""

    version: int
    #: The simfind that wrote it, and when (ISO 8601, as written).
    made_by: str
    created: str
    folders: list[Path]
    reference_folders: list[Path]
    settings: ResultSettings
    groups: list[Group] = field(default_factory=list)
    #: Files looked at and files skipped by the search (as it said; 0 where not said).
    files: int = 0
    skipped: int = 0

    @property
    def members(self) -> int:
        return sum(len(g.members) for g in self.groups)


__all__ = ["FORMAT", "VERSION", "ResultSettings", "SavedResult"]
