"""A folder walked for a scan or a search for groups: its files and the entries skipped,
simfind's own cache folders left out (they change while it runs)."""

from __future__ import annotations

from pathlib import Path

from simfind.core.cache.files import default_cache_dir
from simfind.core.scan.context import ScanContext
from simfind.core.scan.walk import FileEntry, Skipped, WalkOptions, walk

#: A folder as walked: its files, and the entries the walk skipped.
Walked = tuple[list[FileEntry], list[Skipped]]


def walk_folder(directory: Path, options: WalkOptions, context: ScanContext) -> Walked:
    """The folder's files and the entries skipped, in the walk's order; stops when
    cancelled (with what was found)."""
    skipped: list[Skipped] = []
    entries: list[FileEntry] = []
    for found in walk(directory, options, own_folders(context)):
        if context.cancelled:
            break
        if isinstance(found, Skipped):
            skipped.append(found)
        else:
            entries.append(found)
    return entries, skipped


def own_folders(context: ScanContext) -> frozenset[tuple[int, int]]:
    """simfind's cache folders, which a walk leaves out (they change while it runs)."""
    folders = [default_cache_dir()]
    if context.cache is not None:
        folders.append(context.cache.folder)
    keys = set()
    for folder in folders:
        try:
            info = folder.stat()
        except OSError:
            continue
        keys.add((info.st_dev, info.st_ino))
    return frozenset(keys)
