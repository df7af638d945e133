"""The atomic changes of names the clean-up makes: a rename that never replaces, a name
taken away to a temporary one, and given back.

A rename that never replaces, where the system has one: Linux's renameat2 with
RENAME_NOREPLACE (Linux 3.15 and glibc 2.28, on the file systems that take it:
ext4, xfs, btrfs, tmpfs, vfat do), macOS's renamex_np with RENAME_EXCL (APFS,
HFS+), and Windows' rename (MoveFileExW without MOVEFILE_REPLACE_EXISTING, which
``os.rename`` is there). Where the system or its file system refuses,
``rename_new`` answers False, having done nothing, and the caller takes another
way (transfer.py).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import itertools
import os
import secrets
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

#: What a system or file system answers where it has no such rename.
_UNSUPPORTED = {errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM}

# renameat2's flag (linux/fs.h) and renamex_np's (sys/stdio.h).
_LINUX_NOREPLACE = 1
_MAC_EXCL = 4
_AT_FDCWD = -100

_Call = Callable[[bytes, bytes], int]


def _system_rename() -> _Call | None:
    """The system's rename that never replaces (None: it has none)."""
    if not (sys.platform.startswith("linux") or sys.platform == "darwin"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    if sys.platform == "darwin":
        mac = getattr(libc, "renamex_np", None)  # macOS 10.12 and later
        if mac is None:
            return None
        mac.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
        mac.restype = ctypes.c_int
        return lambda source, target: int(mac(source, target, _MAC_EXCL))
    linux = getattr(libc, "renameat2", None)  # glibc 2.28 and later; not musl
    if linux is None:
        return None
    linux.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p]
    linux.argtypes += [ctypes.c_uint]
    linux.restype = ctypes.c_int
    return lambda source, target: int(linux(_AT_FDCWD, source, _AT_FDCWD, target, _LINUX_NOREPLACE))


_RENAME = _system_rename()


def rename_new(source: Path, target: Path) -> bool:
    """Rename ``source`` to ``target`` in one step, never over a file: FileExistsError
    where ``target`` is taken; False where the system cannot (nothing done)."""
    if sys.platform == "win32":
        source.rename(target)  # MoveFileExW without MOVEFILE_REPLACE_EXISTING
        return True
    if _RENAME is None:
        return False
    if _RENAME(os.fsencode(source), os.fsencode(target)) == 0:
        return True
    number = ctypes.get_errno()
    if number in _UNSUPPORTED:
        return False
    raise OSError(number, os.strerror(number), os.fspath(source), None, os.fspath(target))


_numbers = itertools.count(1)


def temporary_name(beside: Path) -> Path:
    """A name in ``beside``'s folder for a file of simfind's own for a moment, not taken
    (hidden, and short: the file's own name could be at the system's limit already)."""
    token = f"{os.getpid()}-{next(_numbers)}-{secrets.token_hex(4)}"
    return beside.parent / f".simfind-{token}.tmp"


def take_away(path: Path) -> Path:
    """Rename ``path`` to a temporary name beside it, in one step: whatever file the name
    stands for at that moment is then ours to look at (no other program saves to it).
    Returns the temporary name; FileNotFoundError where the name is gone."""
    while True:
        taken = temporary_name(path)
        try:
            if rename_new(path, taken):
                return taken
        except FileExistsError:
            continue
        # No rename without replacing here: a name of 8 random bytes is not taken.
        path.rename(taken)
        return taken


#: What link() answers where a file system has no hard links (FAT, exFAT, some shares).
NO_HARD_LINK = (errno.EXDEV, errno.EPERM, errno.ENOTSUP, errno.EMLINK, errno.EACCES, errno.EINVAL)


@contextlib.contextmanager
def holding(taken: Path, name: Path) -> Iterator[None]:
    """While a file taken from ``name`` is looked at: should anything fail, it goes back
    (give_back) before the failure goes on, never left under a temporary name."""
    try:
        yield
    except BaseException:
        if os.path.lexists(taken):
            give_back(taken, name)
        raise


def put_new(ours: Path, name: Path) -> None:
    """Put our file (under a temporary name no other program uses) at ``name``, never
    over a file: FileExistsError where ``name`` is taken."""
    if rename_new(ours, name):
        return
    try:
        os.link(ours, name)  # claims the name, or raises FileExistsError
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in NO_HARD_LINK:
            raise
        # Neither: a look, then a rename (a file made under the name between the two
        # would be replaced; no system simfind knows of lacks both ways above).
        if os.path.lexists(name):
            raise FileExistsError(
                errno.EEXIST, os.strerror(errno.EEXIST), os.fspath(name)
            ) from None
        ours.rename(name)
        return
    ours.unlink()


def drop(taken: Path, expected: os.stat_result) -> bool:
    """Remove our temporary name ``taken``, which stands for ``expected`` as it was last
    looked at. The file is held open across the removal: where a program that had it
    open from before wrote to it in the instant since the look, its bytes are put back
    under ``taken`` (a new file) and False is returned; True when it went as it was.
    (Windows removes no open file: there the look is the last one.)"""
    if sys.platform == "win32":
        taken.unlink()
        return True
    reader = os.open(taken, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        taken.unlink()
        after = os.fstat(reader)
        if (after.st_ino, after.st_size, after.st_mtime_ns) == (
            expected.st_ino,
            expected.st_size,
            expected.st_mtime_ns,
        ):
            return True
        os.lseek(reader, 0, os.SEEK_SET)
        writer = os.open(taken, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            while chunk := os.read(reader, 1 << 20):
                os.write(writer, chunk)
            os.fchmod(writer, stat.S_IMODE(after.st_mode))
            os.utime(writer, ns=(after.st_atime_ns, after.st_mtime_ns))
        finally:
            os.close(writer)
        return False
    finally:
        os.close(reader)


def free_name(folder: Path, name: str, attempt: int) -> Path:
    """The ``attempt``-th name tried for ``name`` in ``folder``: name, "stem (2).ext", ..."""
    if attempt == 1:
        return folder / name
    stem, dot, suffix = name.rpartition(".")
    if not stem:  # no extension, or a name like ".profile"
        stem, dot, suffix = name, "", ""
    return folder / f"{stem} ({attempt}){dot}{suffix}"


def give_back(ours: Path, name: Path) -> Path:
    """Put our file back at ``name``, or, where another file has taken that name since,
    beside it under the first free variant ("report (2).txt"): never over a file, and
    never lost. Returns where it is."""
    for attempt in itertools.count(1):
        where = free_name(name.parent, name.name, attempt)
        try:
            put_new(ours, where)
        except FileExistsError:
            continue
        return where
    raise AssertionError("unreachable")


__all__ = [
    "NO_HARD_LINK",
    "drop",
    "free_name",
    "give_back",
    "holding",
    "put_new",
    "rename_new",
    "take_away",
    "temporary_name",
]
