"""Paths, sizes and times as people read them, and which file a path is."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from simfind.core.base.errors import OsFailure

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

# Code points a path's text holds for what Unicode cannot say: a byte that is not UTF-8
# (POSIX, U+DC80-U+DCFF by surrogateescape) or a lone UTF-16 code unit (Windows).
_SURROGATE = re.compile("[\ud800-\udfff]")
_WINDOWS = sys.platform == "win32"

#: A CSV cell that starts with one of these is written with a ' before it (export.safe_cell):
#: a spreadsheet runs the first seven as a formula, and a ' of the value's own gets one
#: more, so that dropping one leading ' always gives the value back; but see csv_guarded.
CSV_GUARDED_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "'")

# A list bullet: a sign, then a space or a tab, and no ( or | after it (what a formula
# needs to call a function or, by DDE, a program), as "-   Require Werkzeug >= 3.0.0.".
_BULLET = re.compile(r"[-+][ \t][^(|]*")


def csv_guarded(text: str) -> bool:
    """Whether a CSV cell of ``text`` is written with a ' before it: it starts with =, @,
    a tab, a line break or a ', or with + or - unless it is a list bullet (the sign, a
    space or tab, then no "(" or "|"): no formula can run from that without calling
    something, and a record is kept as written."""
    return text.startswith(CSV_GUARDED_STARTS) and _BULLET.fullmatch(text) is None


#: The field beside ``path`` that holds its bytes where its text cannot say it exactly.
PATH_BYTES = "path_bytes"


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    if not _WINDOWS and 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"  # the byte itself
    return f"\\u{code:04x}"


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as text that can always be written: a byte that is not UTF-8 becomes an
    \\x escape (\\xff), a lone UTF-16 code unit on Windows a \\u one (\\ud800).

    Not exact (a name spelt with the four characters \\xff reads the same):
    ``path_fields`` writes a path so that it reads back exactly.
    """
    text = os.fspath(path)
    if _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub(_escaped, text)


def path_bytes(path: str | os.PathLike[str]) -> bytes:
    """The path as the file system holds it: its bytes on POSIX; on Windows its UTF-16
    code units as WTF-8 (UTF-8 that also encodes a lone surrogate, as Rust's OsString)."""
    text = os.fspath(path)
    return text.encode("utf-8", "surrogatepass") if _WINDOWS else os.fsencode(text)


def path_of_bytes(data: bytes) -> str:
    """``path_bytes`` back to the path, exactly."""
    return data.decode("utf-8", "surrogatepass") if _WINDOWS else os.fsdecode(data)


def path_fields(path: str | os.PathLike[str]) -> dict[str, str]:
    """A path as an output writes it: ``path``, its text (``display_path``), and beside it
    ``path_bytes``, its bytes in hexadecimal, where that text does not read back as the path
    in every format: a name that Unicode cannot say, or one whose CSV cell is guarded with a
    leading ' (csv_guarded: a formula's first character, or a ')."""
    text = os.fspath(path)
    shown = display_path(text)
    if shown == text and not csv_guarded(text):
        return {"path": shown}
    return {"path": shown, PATH_BYTES: path_bytes(text).hex()}


def path_from_fields(fields: Mapping[str, Any]) -> Path:
    """The exact path that ``path_fields`` wrote (``fields`` a JSON object or a CSV row):
    from its bytes where they are given (an empty CSV cell is none), else its text.
    ValueError where the bytes are not hexadecimal."""
    data = fields.get(PATH_BYTES)
    if data:
        return Path(path_of_bytes(bytes.fromhex(str(data))))
    return Path(str(fields["path"]))


def with_separator(folder: str | os.PathLike[str]) -> str:
    """A folder as text, as the paths of the files in it begin (a separator at its end)."""
    text = os.fspath(folder)
    return text if text.endswith(os.sep) else text + os.sep


def absolute(path: str | os.PathLike[str]) -> Path:
    """A path made absolute against the current folder, ``..`` taken out, links kept as
    they are (a link to a folder stays that link, as the user named it)."""
    return Path(os.path.abspath(path))


def user_data_folder() -> Path:
    """simfind's folder in the user's data folder ($SIMFIND_DATA_DIR overrides it): the log
    of moved files, the ignore list."""
    override = os.environ.get("SIMFIND_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs  # only where it is needed: a search for identical files does not

    return platformdirs.user_data_path("simfind", appauthor=False)


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


#: Seconds from the epoch that the C library's localtime converts on every system
#: (Windows: 1970 to 3000); a time outside takes its local offset from the nearest.
_LOCALTIME_SAFE = (86_400, 32_503_593_600)
#: Seconds shown as they are (NumPy's datetime64 holds any int64 but -2**63, its NaT),
#: with a day to spare for the local offset; beyond, the nearest is shown.
_SHOWN_SECONDS = 2**63 - 2 * 86_400


def format_time(mtime_ns: int) -> str:
    """A modification time in ISO 8601 with the local offset, to the second."""
    return format_times([mtime_ns])[0]


#: Fewer times than this are formatted without NumPy (loading it costs a small output, a
#: search for identical files, more than all its times: 0.1-0.2 s of CPU).
_NUMPY_FROM = 20_000


def format_times(mtimes_ns: Sequence[int]) -> list[str]:
    """``format_time`` of many times at once, in NumPy: no datetime object per row.

    The local offset (daylight saving included) is asked of the C library once
    per distinct second; the digits come from one vectorised conversion. Any time a
    file system keeps is shown, 1601 (NTFS), 1901 (ext4) and year 10,000 or more
    (tmpfs, xfs) alike: a year past 9999 with its five or more digits, "10001-02-04T...",
    unsigned (ISO 8601's "+10001" would read as a formula in a spreadsheet).
    """
    if not mtimes_ns:
        return []
    if len(mtimes_ns) < _NUMPY_FROM:
        few = _few_times(mtimes_ns)
        if few is not None:
            return few
    import numpy as np  # only for many, or times far off: see _NUMPY_FROM

    from simfind.core.base.arrays import sorted_distinct

    seconds, offsets = _local_seconds(mtimes_ns)
    local = np.datetime_as_string((seconds + offsets).astype("datetime64[s]"), unit="s")
    labels = {o: _offset_label(o) for o in sorted_distinct(offsets).tolist()}
    pairs = zip(local.tolist(), offsets.tolist(), strict=True)
    return [stamp + labels[o] for stamp, o in pairs]


def short_time(mtime_ns: int) -> str:
    """A modification time for a table's cell: local, to the minute ("2024-05-01 14:03")."""
    return minutes_of(format_time(mtime_ns))


def minutes_of(stamp: str) -> str:
    """format_time's text to the minute, as a table shows it: "2024-05-01 14:03"."""
    date, _, clock = stamp.partition("T")
    return f"{date} {clock[:5]}"


def spreadsheet_stamp(mtime_ns: int) -> datetime | str:
    """A modification time as spreadsheets take a date (spreadsheet_date)."""
    return spreadsheet_date(format_time(mtime_ns))


def spreadsheet_date(stamp: str) -> datetime | str:
    """format_time's text as spreadsheets take a date: local, to the second, no offset;
    a time they hold no date for (before 1900, after 9999) stays that text."""
    if len(stamp) < 19 or stamp[4] != "-" or stamp < "1900":
        return stamp
    return datetime.fromisoformat(stamp[:19])  # the local time it names


def _local_seconds(mtimes_ns: Sequence[int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each time's seconds since the epoch (within what can be shown) and its local offset."""
    import numpy as np

    try:
        seconds = np.asarray(mtimes_ns, dtype=np.int64) // 1_000_000_000
    except OverflowError:  # nanoseconds past 2262 or before 1677: not an int64
        seconds = np.array([ns // 1_000_000_000 for ns in _clipped(mtimes_ns)], np.int64)
    seconds = np.clip(seconds, -_SHOWN_SECONDS, _SHOWN_SECONDS)
    distinct, inverse = np.unique(seconds, return_inverse=True)
    offsets = np.fromiter((_local_offset(s) for s in distinct.tolist()), np.int64, len(distinct))
    return seconds, offsets[inverse.reshape(-1)]


def _clipped(mtimes_ns: Sequence[int]) -> list[int]:
    bound = _SHOWN_SECONDS * 1_000_000_000
    return [min(max(ns, -bound), bound) for ns in mtimes_ns]


def _local_offset(seconds: int) -> int:
    """The local offset from UTC at a moment; where the C library cannot convert it
    (Windows before 1970 or after 3000; any system past its years), the nearest one's."""
    try:
        return time.localtime(seconds).tm_gmtoff
    except (OverflowError, OSError, ValueError):
        low, high = _LOCALTIME_SAFE
        return time.localtime(min(max(seconds, low), high)).tm_gmtoff


#: Times sort by their nanoseconds themselves within this of the epoch (1823 to 2116).
_KEY_EXACT = 2**62
#: Beyond, 2**31 ns (about 2 s) apart: every time a file system keeps fits an int64.
_KEY_STEP = 31


def time_key(mtime_ns: int) -> int:
    """A time as an int64 that sorts as the time does (the window's Modified column)."""
    if -_KEY_EXACT <= mtime_ns <= _KEY_EXACT:
        return mtime_ns
    beyond = min((abs(mtime_ns) - _KEY_EXACT) >> _KEY_STEP, _KEY_EXACT - 1)
    return _KEY_EXACT + beyond if mtime_ns > 0 else -(_KEY_EXACT + beyond)


def time_keys(mtimes_ns: Sequence[int]) -> npt.NDArray[np.int64]:
    """``time_key`` of many times, as an array."""
    import numpy as np

    try:
        keys = np.asarray(mtimes_ns, dtype=np.int64)
    except OverflowError:
        return np.array([time_key(ns) for ns in mtimes_ns], np.int64)
    if len(keys) and (int(np.min(keys)) < -_KEY_EXACT or int(np.max(keys)) > _KEY_EXACT):
        return np.array([time_key(ns) for ns in mtimes_ns], np.int64)
    return keys


def _few_times(mtimes_ns: Sequence[int]) -> list[str] | None:
    """``format_times`` of a few times, each distinct second asked of the C library once;
    None where one lies beyond what it converts on every system (NumPy's way then)."""
    shown: dict[int, str] = {}
    labels: dict[int, str] = {}
    low, high = _LOCALTIME_SAFE
    for ns in mtimes_ns:
        second = ns // 1_000_000_000
        if second not in shown:
            if not low <= second <= high:
                return None
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
