"""Walk a folder: the regular files to fingerprint, and every other entry with a reason.

Nothing here opens a file for reading or writes anything: entries are only
stat-ed, so FIFOs, devices and sockets cannot block the walk.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from simfind.core.errors import SkipCause, SkipDetail, SkipReason


@dataclass(frozen=True)
class WalkOptions:
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    hidden: bool = False
    follow_links: bool = False


@dataclass(frozen=True)
class FileEntry:
    """A regular file found in the folder."""

    path: Path
    rel: str
    size: int
    mtime_ns: int
    dev: int
    ino: int


@dataclass(frozen=True)
class Skipped:
    """An entry that was not fingerprinted, and why."""

    path: Path
    rel: str
    reason: SkipReason
    detail: SkipDetail | None = None


@dataclass
class _Filters:
    include: pathspec.GitIgnoreSpec | None
    exclude: pathspec.GitIgnoreSpec | None
    hidden: bool
    seen_dirs: set[tuple[int, int]] = field(default_factory=set)

    def wanted(self, rel: str, is_dir: bool) -> bool:
        probe = rel + "/" if is_dir else rel
        if self.exclude is not None and self.exclude.match_file(probe):
            return False
        # Include patterns select files; folders are always entered.
        return is_dir or self.include is None or self.include.match_file(probe)


def _spec(patterns: tuple[str, ...]) -> pathspec.GitIgnoreSpec | None:
    return pathspec.GitIgnoreSpec.from_lines(patterns) if patterns else None


def _is_hidden(name: str, entry_stat: os.stat_result | None) -> bool:
    if name.startswith("."):
        return True
    attributes = getattr(entry_stat, "st_file_attributes", 0) if entry_stat else 0
    return bool(attributes & getattr(stat, "FILE_ATTRIBUTE_HIDDEN", 0))


def walk(directory: Path, options: WalkOptions = WalkOptions()) -> Iterator[FileEntry | Skipped]:
    """Every file below ``directory`` in a stable (sorted) order, depth first."""
    filters = _Filters(_spec(options.include), _spec(options.exclude), options.hidden)
    root_stat = directory.stat()
    filters.seen_dirs.add((root_stat.st_dev, root_stat.st_ino))
    yield from _walk_dir(directory, "", filters, options.follow_links)


def _walk_dir(
    folder: Path, prefix: str, filters: _Filters, follow: bool
) -> Iterator[FileEntry | Skipped]:
    try:
        with os.scandir(folder) as iterator:
            entries = sorted(iterator, key=lambda e: e.name)
    except FileNotFoundError:
        yield Skipped(folder, prefix or ".", SkipReason.VANISHED)
        return
    except OSError as exc:
        detail = SkipDetail.of_os_error(exc)
        yield Skipped(folder, prefix or ".", SkipReason.UNREADABLE, detail)
        return
    for entry in entries:
        rel = f"{prefix}{entry.name}"
        # A child of the folder's path: cheaper than parsing the whole path again.
        yield from _visit(entry, folder / entry.name, rel, filters, follow)


def _visit(
    entry: os.DirEntry[str], path: Path, rel: str, filters: _Filters, follow: bool
) -> Iterator[FileEntry | Skipped]:
    try:
        is_link = entry.is_symlink()
        own = entry.stat(follow_symlinks=False)
    except FileNotFoundError:
        yield Skipped(path, rel, SkipReason.VANISHED)
        return
    except OSError as exc:
        yield Skipped(path, rel, SkipReason.UNREADABLE, SkipDetail.of_os_error(exc))
        return
    if not filters.hidden and _is_hidden(entry.name, own):
        return
    info = own
    if is_link:
        if not follow:
            if filters.wanted(rel, is_dir=False):
                yield Skipped(path, rel, SkipReason.SYMLINK)
            return
        try:
            info = entry.stat(follow_symlinks=True)
        except FileNotFoundError:
            yield Skipped(path, rel, SkipReason.BROKEN_LINK)
            return
        except OSError as exc:
            # ELOOP: a link that points at itself, directly or through others.
            yield Skipped(path, rel, SkipReason.SYMLINK_LOOP, SkipDetail.of_os_error(exc))
            return
    if stat.S_ISDIR(info.st_mode):
        if not filters.wanted(rel, is_dir=True):
            return
        key = (info.st_dev, info.st_ino)
        if key in filters.seen_dirs:
            visited = SkipDetail(SkipCause.FOLDER_VISITED)
            yield Skipped(path, rel, SkipReason.SYMLINK_LOOP, visited)
            return
        filters.seen_dirs.add(key)
        yield from _walk_dir(path, rel + "/", filters, follow)
        return
    if not filters.wanted(rel, is_dir=False):
        return
    if not stat.S_ISREG(info.st_mode):
        yield Skipped(path, rel, SkipReason.NOT_REGULAR)
        return
    yield FileEntry(path, rel, info.st_size, info.st_mtime_ns, info.st_dev, info.st_ino)
