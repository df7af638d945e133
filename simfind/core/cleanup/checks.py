"""What must still hold when the clean-up acts on a file: the file as it was compared.

A ``Seen`` is a file's size and modification time as the scan (or the
comparison before a confirmation) saw them, with its inode and device where
they are known. The clean-up looks at the file again immediately before it
acts, and again at what it took: a file that is not what was compared is left.

A modification time says that a file changed only when the change came after
the time's own step: a save within the same step (a few milliseconds on many
systems, two seconds on FAT) can leave it as it was. A file whose time is that
recent is *racy* (the word is git's), and its bytes are compared once more
after the clean-up has taken its name (hard_links.py, moves.py).
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

#: How recent a modification time is racy: FAT keeps times to two seconds, and a
#: network share's clock may be a little ahead.
RACY_NS = 3 * 10**9

#: How much of each file is compared at a time.
CHUNK = 1 << 20


@dataclass(frozen=True)
class Seen:
    """A file as it was compared: its size and modification time, and its inode and
    device where known (0: not known, as a Windows listing's inode)."""

    path: Path
    size: int
    mtime_ns: int
    ino: int = 0
    dev: int = 0

    @classmethod
    def of(cls, path: Path, info: os.stat_result) -> Seen:
        return cls(path, info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)

    def holds(self, info: os.stat_result) -> bool:
        """Whether ``info`` (an lstat or fstat now) is the file as it was compared."""
        if (info.st_size, info.st_mtime_ns) != (self.size, self.mtime_ns):
            return False
        if self.ino and info.st_ino and info.st_ino != self.ino:
            return False
        return not (self.dev and info.st_dev and info.st_dev != self.dev)

    def known(self, info: os.stat_result) -> Seen:
        """The same file with its inode and device filled in from ``info`` (of it)."""
        return replace(self, ino=self.ino or info.st_ino, dev=self.dev or info.st_dev)

    def now(self) -> os.stat_result | None:
        """The name's lstat now, where it is this file still (None: gone or changed)."""
        info = look(self.path)
        return info if info is not None and self.holds(info) else None


def open_for_writing(path: Path) -> bool:
    """Whether another program has the file open for writing: it could write to it after
    the clean-up's last look, into a file no name stands for any more. Linux tells by a
    read lease, which it refuses then (taken and given up at once; its break signal set
    to one ignored by default, SIGURG). False where the system cannot tell: macOS, a file
    of another owner, a file system without leases (Windows renames no file open for
    writing: there the rename refuses)."""
    if not sys.platform.startswith("linux"):
        return False
    import fcntl

    try:
        reader = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.fcntl(reader, fcntl.F_SETSIG, signal.SIGURG)
        fcntl.fcntl(reader, fcntl.F_SETLEASE, fcntl.F_RDLCK)
    except OSError as exc:
        return exc.errno == errno.EAGAIN
    else:
        fcntl.fcntl(reader, fcntl.F_SETLEASE, fcntl.F_UNLCK)
        return False
    finally:
        os.close(reader)


def look(path: Path) -> os.stat_result | None:
    """The name's lstat (None: nothing has the name)."""
    try:
        return path.lstat()
    except FileNotFoundError:
        return None


def is_file(info: os.stat_result | None) -> bool:
    return info is not None and stat.S_ISREG(info.st_mode)


def same_file(first: os.stat_result, second: os.stat_result) -> bool:
    """Whether two stats are of one file, as it was at both (inode, size and time)."""
    return (first.st_dev, first.st_ino, first.st_size, first.st_mtime_ns) == (
        second.st_dev,
        second.st_ino,
        second.st_size,
        second.st_mtime_ns,
    )


def racy(info: os.stat_result, since_ns: int) -> bool:
    """Whether a change after ``since_ns`` (time.time_ns()) could have left the file's
    modification time as ``info`` says it is."""
    return info.st_mtime_ns >= since_ns - RACY_NS


def clock() -> int:
    """The time a comparison starts, to tell racy files by."""
    return time.time_ns()


def same_bytes(first: BinaryIO, second: BinaryIO) -> bool:
    """Whether two open files hold the same bytes from where they are read."""
    while True:
        a, b = first.read(CHUNK), second.read(CHUNK)
        if a != b:
            return False
        if not a:
            return True


def same_bytes_at(first: Path, second: Path) -> bool:
    """``same_bytes`` of two names (OSError where either cannot be read)."""
    with first.open("rb") as one, second.open("rb") as other:
        return same_bytes(one, other)


__all__ = [
    "CHUNK",
    "RACY_NS",
    "Seen",
    "clock",
    "is_file",
    "look",
    "open_for_writing",
    "racy",
    "same_bytes",
    "same_bytes_at",
    "same_file",
]
