"""Identical files of any kind in some folders, as groups, and nothing else: no file read
as text, none of the text engine loaded (``simfind groups --identical``); and the steps a
search for near-duplicates shares with it: the folders walked, the sets found with the
cache's help, the skips worth reporting.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from simfind.core.base.errors import NOT_READ_AS_TEXT
from simfind.core.groups.group import FolderSearch, Group
from simfind.core.groups.identical_apart import SetsApart, sets_apart
from simfind.core.groups.identical_memo import candidates_digest, memo_key, pack, recall
from simfind.core.groups.same_bytes import byte_group, path_order
from simfind.core.ignore.pairs import IgnoreList
from simfind.core.scan.context import ScanContext
from simfind.core.scan.file_digests import Hashes
from simfind.core.scan.folders import walk_folder
from simfind.core.scan.identical import IdenticalFiles, IdenticalOptions, SameFiles
from simfind.core.scan.inputs import check_folder, check_listing
from simfind.core.scan.walk import FileEntry, Skipped, WalkOptions

# The channel -v prints ("core.groups: ..."), as for the other searches for groups.
log = logging.getLogger("simfind.core.groups")

#: Each folder walked: the folder, its files (at least the size asked for), its skips.
WalkedFolders = list[tuple[Path, list[FileEntry], list[Skipped]]]


def searched_folders(
    folders: Path | Sequence[Path], reference_folders: Sequence[Path]
) -> tuple[list[Path], list[Path]]:
    """The folders to search and the reference folders, absolute, each once, checked
    (InputError for the first that cannot be searched)."""
    searched = _absolute([folders] if isinstance(folders, Path) else list(folders))
    references = [f for f in _absolute(reference_folders) if f not in searched]
    for folder in [*searched, *references]:
        check_folder(folder)
        check_listing(folder)
    return searched, references


def _absolute(folders: Sequence[Path]) -> list[Path]:
    unique: list[Path] = []
    for folder in folders:
        path = Path(os.path.abspath(folder))
        if path not in unique:
            unique.append(path)
    return unique


def walk_all(
    folders: Sequence[Path], walk: WalkOptions, context: ScanContext, min_size: int
) -> WalkedFolders:
    """Every folder walked, its files smaller than ``min_size`` left out (where it is more
    than 1: empty files are no text to group, and are looked at as files)."""
    walked: WalkedFolders = []
    for folder in folders:
        if context.cancelled:
            break
        mark = time.monotonic()
        entries, skipped = walk_folder(folder, walk, context)
        if min_size > 1:
            entries = [entry for entry in entries if entry.size >= min_size]
        walked.append((folder, entries, skipped))
        log.info(
            "walk: %s: %d files, %d entries skipped in %.3f s",
            folder,
            len(entries),
            len(skipped),
            time.monotonic() - mark,
        )
    return walked


def hashed_sets(
    search: SameFiles,
    walked: WalkedFolders,
    hashes: Hashes,
    key: str,
    known: Callable[[Hashes], None] | None = None,
    ignored: IgnoreList | None = None,
) -> SetsApart:
    """The sets of identical files of ``search``: the answer kept under ``key`` where none
    of the files it may read changed (identical_memo); else what the cache holds of them
    looked up (folder by folder), ``known`` then tells ``hashes`` what reads made already
    know, the rest read; what was read, and the answer, go into the cache. Then cut where
    ``ignored`` keeps two copies apart (identical_apart: after the answer kept, which
    holds whatever the list says)."""
    candidates = search.candidates()
    cache = hashes.cache
    digest = candidates_digest(candidates) if cache is not None else b""
    if cache is not None:
        kept = recall(cache, key, digest, candidates, search.links)
        if kept is not None:
            log.info("identical files: the answer kept for these files, none changed")
            return sets_apart(search.with_empty(kept), ignored)
    wanted = {id(entry) for entry in candidates}
    for folder, files, _ in walked:
        hashes.look_up(folder, [entry for entry in files if id(entry) in wanted])
    if known is not None:
        known(hashes)
    try:
        sets = search.find(hashes)
    finally:
        hashes.store()
    if (
        cache is not None
        and cache.writable
        and not hashes.failed
        and not (hashes.cancel is not None and hashes.cancel.is_set())
    ):
        cache.store_scan(key, digest, pack(sets, candidates))
    return sets_apart(sets, ignored)


def reported(skipped: list[Skipped], failed: Sequence[Skipped], by_bytes: bool) -> list[Skipped]:
    """The skips to report: where files are looked at by their bytes, not the files that
    merely were no text (they took part all the same), and each file once; by path."""
    kept = [s for s in skipped if not (by_bytes and s.reason in NOT_READ_AS_TEXT)]
    paths = {s.path for s in kept}
    kept += [s for s in failed if s.path not in paths]
    kept.sort(key=lambda s: s.rel)
    return [Skipped(s.path, s.rel, s.reason, s.detail) for s in kept]


def byte_groups(search: FolderSearch, sets: Sequence[IdenticalFiles]) -> list[Group]:
    """The sets as groups of their own (centre first), not a group of protected files alone."""
    groups = (Group.alone(byte_group(found)) for found in sets)
    return [g for g in groups if not all(search.protected(m.match) for m in g.members)]


def search_identical(
    folders: Path | Sequence[Path],
    walk: WalkOptions,
    context: ScanContext | None = None,
    reference_folders: Sequence[Path] = (),
    identical: IdenticalOptions | None = None,
    ignored: IgnoreList | None = None,
) -> FolderSearch:
    """Every group of identical files of any kind below ``folders`` (and the reference
    folders, whose files are never marked or moved), the most files first; nothing read
    as text. Two copies the ``ignored`` list keeps apart are never in one group."""
    started = time.monotonic()
    context = context or ScanContext()
    identical = identical or IdenticalOptions(only=True)
    searched, references = searched_folders(folders, reference_folders)
    result = FolderSearch(searched, references, 128, by_bytes=True)
    walked = walk_all([*searched, *references], walk, context, identical.min_size)
    entries = [entry for _, files, _ in walked for entry in files]
    search = SameFiles(entries, identical)
    result.files = len(search.files)
    hashes = Hashes(context.cache, context.cancel, context.progress)
    key = memo_key([*searched, *references], identical, texts_only=False)
    found = (
        SetsApart()
        if context.cancelled
        else hashed_sets(search, walked, hashes, key, None, ignored)
    )
    sets, result.copies_apart = found.sets, len(found.kept)
    result.cancelled = context.cancelled
    if not result.cancelled:
        result.groups = byte_groups(result, sets)
        result.groups.sort(
            key=lambda group: (-len(group.members), path_order(group.members[0].match))
        )
    result.hashed_files, result.hashed_bytes = hashes.read_files, hashes.read_bytes
    skipped = [skip for _, _, skips in walked for skip in skips]
    result.skipped = reported(skipped, hashes.failed, True)
    result.elapsed = time.monotonic() - started
    log.info(
        "identical files: %d groups among %d files, %d read for their hashes (%d bytes); "
        "%.3f s in all",
        len(result.groups),
        result.files,
        result.hashed_files,
        result.hashed_bytes,
        result.elapsed,
    )
    return result


__all__ = [
    "WalkedFolders",
    "byte_groups",
    "hashed_sets",
    "reported",
    "search_identical",
    "searched_folders",
    "walk_all",
]
