"""Folders that are near-copies of each other in some folders: a grouping's search
(folder_groups.find_groups: the walk, the cache, the pool, the exact comparisons), its
files and their likeness (files), the folders paired (pairing)."""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from simfind.core.folders.files import file_table
from simfind.core.folders.pairing import DEFAULT_SHARE, FolderGroup, pair_folders
from simfind.core.groups.folder_groups import GroupsResult, find_groups
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.walk import Skipped


@dataclass
class FoldersResult:
    #: The grouping's search the folders were paired from (its files, skips, figures).
    search: GroupsResult
    #: The share in common from which two folders are listed.
    threshold: float
    groups: list[FolderGroup]
    #: Files looked at, and pairs of folders compared file by file.
    files: int = 0
    compared: int = 0
    elapsed: float = 0.0

    @property
    def skipped(self) -> list[Skipped]:
        return self.search.skipped


def find_folder_pairs(
    folders: Path | Sequence[Path],
    options: ScanOptions,
    grouping: GroupingOptions | None = None,
    context: ScanContext | None = None,
    threshold: float = DEFAULT_SHARE,
) -> FoldersResult:
    """The folders below ``folders`` (and they themselves) whose files are mostly
    identical or near-duplicates of another's, as ``grouping`` calls files alike."""
    started = time.monotonic()
    search = find_groups(folders, options, grouping, context)
    if search.cancelled:
        return FoldersResult(search, threshold, [], elapsed=time.monotonic() - started)
    paired = pair_search(search, threshold)
    paired.elapsed = time.monotonic() - started
    return paired


def pair_search(
    search: GroupsResult, threshold: float = DEFAULT_SHARE, gone: Collection[Path] = ()
) -> FoldersResult:
    """The folders paired from a grouping's search already made (the window's groups),
    the files ``gone`` since (moved by a clean-up) left out."""
    started = time.monotonic()
    table = file_table(search, gone)
    pairing = pair_folders(table, [*search.folders, *search.reference_folders], threshold)
    return FoldersResult(
        search,
        threshold,
        pairing.groups,
        files=len(table.paths),
        compared=pairing.compared,
        elapsed=time.monotonic() - started,
    )


__all__ = ["FoldersResult", "find_folder_pairs", "pair_search"]
