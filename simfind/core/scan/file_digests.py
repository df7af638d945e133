"""Files' bytes hashed, as the fast finders of identical files hash them: the first and
last blocks first, all of it only where those agree with another file's; each kept in
the cache (core/cache/digests) while the file is the version walked.

A hash is xxh3-128 (xxhash), the hash text.reading gives a file it reads whole: a file
fingerprinted as text, or read whole and found to be no text, brings its hash along
(``Hashes.know``) and is not read again. Nothing here ever writes a file, and a file
that changed since it was walked has no hash (it is skipped, said so).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import xxhash

from simfind.core.base.errors import SkipCause, SkipDetail, SkipReason
from simfind.core.base.paths import FileVersion
from simfind.core.cache.digests import CachedDigest
from simfind.core.runs.progress import CancelToken, ProgressCallback, Reporter
from simfind.core.scan.walk import FileEntry, Skipped
from simfind.core.text.encoding.sniff import container

if TYPE_CHECKING:
    from simfind.core.cache.fingerprints import FingerprintCache

#: The block read at each end of a file for its first hash (as jdupes, rmlint and
#: fclones read 4 KiB): files of at most two blocks are hashed whole at once.
BLOCK = 4096
#: How much of a file is read at a time when it is hashed whole.
CHUNK = 1 << 20
#: Threads that read files at once: reading waits on the disk (the GIL is let go), and a
#: solid-state disk serves several reads at a time.
READERS = 4
#: Fewer files to read than this, or files smaller than this on average, are read in
#: this thread alone: a small file read from memory costs less than handing it to a
#: thread (at 14,000 files of 15 KiB, four threads took 1.8 times the CPU of one).
_READERS_FROM = 16
_READER_BYTES = 1 << 20
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class Depth(int, Enum):
    """How much of a file a hash is of."""

    HEAD = 1  # its first and last blocks
    FULL = 2  # all of it


class _Read(NamedTuple):
    """What one read found: the hash asked for, and what the first bytes say the file is;
    or why there is none (a named tuple: one is made per file read)."""

    digest: bytes | None
    kind: str = ""
    failure: Skipped | None = None


def _changed(entry: FileEntry) -> Skipped:
    return Skipped(
        entry.path, entry.rel, SkipReason.CHANGED, SkipDetail(SkipCause.WRITTEN_WHILE_READ)
    )


def _unreadable(entry: FileEntry, exc: OSError) -> Skipped:
    reason = SkipReason.VANISHED if isinstance(exc, FileNotFoundError) else SkipReason.UNREADABLE
    return Skipped(entry.path, entry.rel, reason, SkipDetail.of_os_error(exc))


def read_digest(entry: FileEntry, depth: Depth) -> _Read:
    """The file's hash at ``depth`` (a file of two blocks or fewer: its whole hash at any
    depth), read now; a file that is not the version walked any more has none."""
    try:
        fd = os.open(entry.path, _FLAGS)
    except OSError as exc:
        return _Read(None, failure=_unreadable(entry, exc))
    try:
        before = os.fstat(fd)
        if not stat.S_ISREG(before.st_mode) or FileVersion.of_stat(before) != _walked(entry):
            return _Read(None, failure=_changed(entry))
        size = before.st_size
        if size <= 2 * BLOCK:
            data = os.read(fd, size + 1)
            digest, kind = xxhash.xxh3_128_digest(data), container(data) or ""
            whole = len(data) == size
        elif depth is Depth.HEAD:
            first = os.read(fd, BLOCK)
            os.lseek(fd, size - BLOCK, os.SEEK_SET)
            last = os.read(fd, BLOCK + 1)
            digest, kind = xxhash.xxh3_128_digest(first + last), container(first) or ""
            whole = len(first) == BLOCK and len(last) == BLOCK
        else:
            digest, kind, whole = _whole(fd, size)
        after = os.fstat(fd)
    except OSError as exc:
        return _Read(None, failure=_unreadable(entry, exc))
    finally:
        os.close(fd)
    if not whole or (after.st_size, after.st_mtime_ns) != (before.st_size, before.st_mtime_ns):
        return _Read(None, failure=_changed(entry))
    return _Read(digest, kind)


def _whole(fd: int, size: int) -> tuple[bytes, str, bool]:
    """All of an open file hashed: (hash, kind of its first bytes, whether it held the size
    it had, no more and no less)."""
    _advise_sequential(fd)
    hasher = xxhash.xxh3_128()
    buffer = bytearray(CHUNK)
    view = memoryview(buffer)
    kind: str | None = None
    total = 0
    while True:
        count = _readinto(fd, buffer)
        if not count:
            break
        if kind is None:
            kind = container(bytes(view[: min(count, BLOCK)])) or ""
        hasher.update(view[:count])
        total += count
        if total > size:
            break
    return hasher.digest(), kind or "", total == size


if sys.platform == "win32":

    def _readinto(fd: int, buffer: bytearray) -> int:
        """os.readv where the system has none: a read, copied into ``buffer``."""
        data = os.read(fd, len(buffer))
        buffer[: len(data)] = data
        return len(data)

else:

    def _readinto(fd: int, buffer: bytearray) -> int:
        """A read into a buffer kept for the whole file (no new bytes object per chunk)."""
        return os.readv(fd, [buffer])


if sys.platform.startswith("linux"):

    def _advise_sequential(fd: int) -> None:
        """Tell the kernel the file is read to its end: it reads ahead further."""
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_SEQUENTIAL)

else:

    def _advise_sequential(fd: int) -> None:
        """Nothing to tell (no posix_fadvise)."""


def _walked(entry: FileEntry) -> FileVersion:
    return FileVersion.of(entry)


@dataclass
class Hashes:
    """The hashes of files walked: known (from the cache, or from a read that had the
    bytes anyway), or read now; those read are kept in the cache at ``store``.

    ``head`` and ``full`` hold each file's hashes, ``kind`` what its first bytes say it
    is, each by the file's walked entry (its ``id``: the entries live as long as the
    search, and a number is looked up far faster than a path); ``failed``: the files
    that could not be read."""

    cache: FingerprintCache | None = None
    cancel: CancelToken | None = None
    progress: ProgressCallback | None = None

    def __post_init__(self) -> None:
        self.head: dict[int, bytes] = {}
        self.full: dict[int, bytes] = {}
        self.kind: dict[int, str] = {}
        self.failed: list[Skipped] = []
        self.read_files = 0
        self.read_bytes = 0
        self._cached: dict[int, CachedDigest] = {}
        self._fresh: dict[int, tuple[FileEntry, CachedDigest]] = {}

    def look_up(self, folder: Path, entries: Iterable[FileEntry]) -> None:
        """What the cache holds of these files (walked below ``folder``), where each is
        still the version walked."""
        if self.cache is None:
            return
        kept = self.cache.lookup_digests(folder)
        if not kept:
            return
        head, full, kind, cached = self.head, self.full, self.kind, self._cached
        for entry in entries:
            hit = kept.get(entry.rel)
            if hit is None or hit.version != _walked(entry):
                continue
            key = id(entry)
            cached[key] = hit
            if hit.head is not None:
                head[key] = hit.head
            if hit.full is not None:
                full[key] = hit.full
            if hit.kind:
                kind[key] = hit.kind

    def know(self, entry: FileEntry, version: FileVersion, digest: bytes) -> None:
        """A file's whole hash, from a read of it that had its bytes (when that read was of
        the version walked)."""
        if version != _walked(entry) or not digest:
            return
        self.full[id(entry)] = digest
        if entry.size <= 2 * BLOCK:
            self.head[id(entry)] = digest
        self._remember(entry)

    def name(self, entry: FileEntry, kind: str) -> None:
        """What a file is, as a read of it found (sniff.container's kind, a document's
        format), where its hashes do not say yet."""
        if kind:
            self.kind.setdefault(id(entry), kind)

    def hash(self, entries: list[FileEntry], depth: Depth) -> None:
        """Hash every one of ``entries`` at ``depth`` that is not hashed so yet (a file of
        two blocks or fewer whole, at once), in a few threads; stops on a cancel."""
        known = self.full if depth is Depth.FULL else self.head
        todo = [e for e in entries if id(e) not in known]
        if not todo:
            return
        reporter = Reporter(self.progress, len(todo), _cost_of(todo, depth), stage="hashing")
        reporter.emit("", force=True)

        def one(entry: FileEntry) -> tuple[FileEntry, _Read]:
            if self.cancel is not None and self.cancel.is_set():
                return entry, _Read(None)
            return entry, read_digest(entry, depth)

        if len(todo) < _READERS_FROM or _cost_of(todo, depth) < _READER_BYTES * len(todo):
            found: Iterable[tuple[FileEntry, _Read]] = map(one, todo)
            self._take(found, depth, reporter)
        else:
            with ThreadPoolExecutor(READERS, thread_name_prefix="simfind-hash") as pool:
                self._take(pool.map(one, todo), depth, reporter)
        reporter.emit("", force=True)

    def _take(
        self, found: Iterable[tuple[FileEntry, _Read]], depth: Depth, reporter: Reporter
    ) -> None:
        for entry, read in found:
            reporter.step(1, _cost(entry, depth), entry.rel)
            if read.failure is not None:
                self.failed.append(read.failure)
                continue
            if read.digest is None:
                continue  # cancelled
            self.read_files += 1
            self.read_bytes += _cost(entry, depth)
            key = id(entry)
            if depth is Depth.FULL or entry.size <= 2 * BLOCK:
                self.full[key] = read.digest
            if depth is Depth.HEAD or entry.size <= 2 * BLOCK:
                self.head[key] = read.digest
            if read.kind:
                self.kind.setdefault(key, read.kind)
            self._remember(entry)

    def _remember(self, entry: FileEntry) -> None:
        """The file's row, to be kept (with whatever the cache held of it already)."""
        key = id(entry)
        row = CachedDigest(
            _walked(entry), self.head.get(key), self.full.get(key), self.kind.get(key, "")
        )
        self._fresh[key] = (entry, row)

    def store(self) -> None:
        """Keep what was learnt in the cache, in one transaction."""
        if self.cache is not None and self._fresh:
            cached = self._cached
            fresh = [
                (entry.path, row)
                for key, (entry, row) in self._fresh.items()
                if cached.get(key) != row
            ]
            self.cache.store_digests(fresh)
        self._fresh.clear()


def _cost_of(entries: Iterable[FileEntry], depth: Depth) -> int:
    return sum(_cost(entry, depth) for entry in entries)


def _cost(entry: FileEntry, depth: Depth) -> int:
    """The bytes a hash of this depth reads."""
    if entry.size <= 2 * BLOCK or depth is Depth.FULL:
        return entry.size
    return 2 * BLOCK


__all__ = ["BLOCK", "Depth", "Hashes", "read_digest"]
