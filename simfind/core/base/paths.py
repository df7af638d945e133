"""Paths, sizes and times as people read them, and which file a path is."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import NamedTuple, Protocol

from simfind.core.base.errors import OsFailure


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as text that can always be printed: undecodable bytes become \\x escapes."""
    text = os.fspath(path)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def with_separator(folder: str | os.PathLike[str]) -> str:
    """A folder as text, as the paths of the files in it begin (a separator at its end)."""
    text = os.fspath(folder)
    return text if text.endswith(os.sep) else text + os.sep


def absolute(path: str | os.PathLike[str]) -> Path:
    """A path made absolute against the current folder, ``..`` taken out, links kept as
    they are (a link to a folder stays that link, as the user named it)."""
    return Path(os.path.abspath(path))


def human_size(size: int) -> str:
    """A size for people: 575 B, 12.1 KiB, 3.4 MiB."""
    value = float(size)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"


def percent(similarity: float) -> str:
    """A similarity in percent with one decimal, as the window and the command line show it.

    Rounded once from the four decimals the exports keep, so that every front end
    shows the same figure (14.1, never 14.2 in one place and 14.1 in another).
    """
    return f"{round(similarity, 4) * 100:.1f}"


def format_time(mtime_ns: int) -> str:
    """A modification time in ISO 8601 with the local offset, to the second."""
    seconds = mtime_ns // 1_000_000_000
    return datetime.fromtimestamp(seconds).astimezone().isoformat(timespec="seconds")


#: Fewer times than this are formatted without NumPy (loading it costs a small output, a
#: search for identical files, more than all its times: 0.1-0.2 s of CPU).
_NUMPY_FROM = 20_000


def format_times(mtimes_ns: Sequence[int]) -> list[str]:
    """``format_time`` of many times at once, in NumPy: no datetime object per row.

    The local offset (daylight saving included) is asked of the C library once
    per distinct second; the digits come from one vectorised conversion.
    """
    if not mtimes_ns:
        return []
    if len(mtimes_ns) < _NUMPY_FROM:
        return _few_times(mtimes_ns)
    import numpy as np  # only for many: see _NUMPY_FROM

    from simfind.core.base.arrays import sorted_distinct

    seconds = np.asarray(mtimes_ns, dtype=np.int64) // 1_000_000_000
    distinct, inverse = np.unique(seconds, return_inverse=True)
    offsets = np.fromiter(
        (time.localtime(s).tm_gmtoff for s in distinct.tolist()), np.int64, len(distinct)
    )[inverse]
    local = np.datetime_as_string((seconds + offsets).astype("datetime64[s]"), unit="s")
    labels = {o: _offset_label(o) for o in sorted_distinct(offsets).tolist()}
    return [stamp + labels[o] for stamp, o in zip(local.tolist(), offsets.tolist(), strict=True)]


def _few_times(mtimes_ns: Sequence[int]) -> list[str]:
    """``format_times`` of a few times, each distinct second asked of the C library once."""
    shown: dict[int, str] = {}
    labels: dict[int, str] = {}
    for ns in mtimes_ns:
        second = ns // 1_000_000_000
        if second not in shown:
            local = time.localtime(second)
            offset = local.tm_gmtoff
            if offset not in labels:
                labels[offset] = _offset_label(offset)
            shown[second] = (
                f"{local.tm_year:04d}-{local.tm_mon:02d}-{local.tm_mday:02d}T"
                f"{local.tm_hour:02d}:{local.tm_min:02d}:{local.tm_sec:02d}{labels[offset]}"
            )
    return [shown[ns // 1_000_000_000] for ns in mtimes_ns]


def _offset_label(seconds: int) -> str:
    """An offset from UTC as ISO 8601 writes it: +08:00, -03:30, +00:00."""
    sign = "-" if seconds < 0 else "+"
    minutes = abs(seconds) // 60
    label = f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"
    return label if abs(seconds) % 60 == 0 else f"{label}:{abs(seconds) % 60:02d}"


class _Versioned(Protocol):
    @property
    def size(self) -> int: ...
    @property
    def mtime_ns(self) -> int: ...
    @property
    def ino(self) -> int: ...
    @property
    def ctime_ns(self) -> int: ...


#: Whether inodes and status-change times are used (see FileVersion), once: a rescan
#: asks it per file. The tuple made directly: a third of the cost of the class's __new__.
_POSIX = os.name == "posix"
_new_tuple = tuple.__new__


class FileVersion(NamedTuple):
    """What tells one version of a file from another: its size and modification time,
    and its inode and status-change time where the system has them (else 0).

    With all four, two files of one size and time swapped with ``mv`` are told
    apart. On Windows st_ctime is the creation time and a folder listing gives
    no inode, so neither is used there. A named tuple: nearly as cheap to make as the
    tuple it replaces (a rescan makes one per cached file), and it pickles small.
    """

    size: int
    mtime_ns: int
    ino: int = 0
    ctime_ns: int = 0

    @classmethod
    def of_stat(cls, info: os.stat_result) -> FileVersion:
        """The version a stat (os.stat, os.fstat, os.DirEntry.stat) describes."""
        if not _POSIX:
            return _new_tuple(cls, (info.st_size, info.st_mtime_ns, 0, 0))
        return _new_tuple(cls, (info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns))

    @classmethod
    def stored(cls, size: int, mtime_ns: int, ino: int, ctime_ns: int) -> FileVersion:
        """The version as kept (a cache's row: its values as they were stored)."""
        return _new_tuple(cls, (size, mtime_ns, ino, ctime_ns))

    @classmethod
    def of(cls, item: _Versioned) -> FileVersion:
        """The version of a record that keeps the four values as fields of its own (a
        walked file, a match): its inode only where it is used, as ``of_stat``."""
        ino = item.ino if _POSIX else 0
        return _new_tuple(cls, (item.size, item.mtime_ns, ino, item.ctime_ns))


def write_refusal(path: str | os.PathLike[str]) -> OsFailure | None:
    """Why this process cannot write ``path`` (the system's own check: modes, ACLs,
    mounts), in the system's words: EROFS on a read-only file system, else EACCES;
    None when it can."""
    effective = os.access in os.supports_effective_ids
    if os.access(path, os.W_OK, effective_ids=effective):
        return None
    number = errno.EACCES
    if sys.platform != "win32":
        with contextlib.suppress(OSError, AttributeError):
            if os.statvfs(path).f_flag & os.ST_RDONLY:
                number = errno.EROFS
    return OsFailure(number, os.strerror(number))
