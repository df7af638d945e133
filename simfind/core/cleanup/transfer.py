"""One file moved to a new name: only the file compared, never over another, and never
losing a save that another program makes meanwhile.

An editor saves by writing a new file and renaming it over the name, or by
rewriting the file in place; either may happen at any moment of a move. So a
move never removes a *name* after its file went elsewhere (the name may stand
for a new save by then). It moves what the name stands for, in one step, and
then looks at what it moved:

* on one file system, a rename that never replaces (renames.rename_new): the
  file moved is checked against the one compared (inode, size, time) and put
  back where it is not;
* where the system has no such rename, a hard link at the new name, then the old
  name taken away to a temporary one (a rename, in one step): what was taken is
  removed only when it is the file linked, as compared;
* across file systems, a copy from an open descriptor, checked unchanged after
  the copy (and its bytes compared again where its time is racy: checks.py);
  then the old name taken away the same way, and what was taken removed only
  when it is the file copied, unchanged, and open for writing in no other
  program (Linux tells: checks.open_for_writing); else it is given back and the
  copy removed.

A file that is not what was compared is left at its name (``ChangedMeanwhileError``).
A rename moves the file itself, so a program that has it open goes on writing
to it where it went; only across file systems on macOS could a program that
held the file open from before the move still write to it after the last look.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path

from simfind.core.cleanup.checks import (
    CHUNK,
    Seen,
    clock,
    open_for_writing,
    racy,
    same_bytes,
    same_file,
)
from simfind.core.cleanup.renames import (
    NO_HARD_LINK,
    drop,
    give_back,
    holding,
    put_new,
    rename_new,
    take_away,
)


class ChangedMeanwhileError(Exception):
    """The name stood for another file, or another version, than the one compared when
    the move took it: left at its name. ``aside``: where a version moved before that was
    seen stays (the new name), where one does."""

    def __init__(self, aside: Path | None = None, in_use: bool = False) -> None:
        super().__init__(os.fspath(aside) if aside else "changed meanwhile")
        self.aside = aside
        #: Not changed yet, but open for writing in another program (checks.open_for_writing).
        self.in_use = in_use


def move_file(source: Path, target: Path, expected: Seen) -> os.stat_result:
    """Move the file ``expected`` describes from ``source`` to ``target``; FileExistsError
    (nothing done) where ``target`` is taken, ChangedMeanwhileError where the name stands for
    another file or version. Returns the lstat of the file moved, at ``target``."""
    info = source.lstat()
    if stat.S_ISLNK(info.st_mode):
        return _move_link(source, target, info)
    if not expected.holds(info):
        raise ChangedMeanwhileError
    try:
        if rename_new(source, target):
            return _check_renamed(source, target, expected, info)
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError as exc:
        # Another file system (EXDEV), or one without hard links (FAT: EINVAL, EPERM).
        if exc.errno not in NO_HARD_LINK:
            raise
        return _copy_across(source, target, expected, info)
    return _check_linked(source, target, expected, info)


def _check_renamed(
    source: Path, target: Path, expected: Seen, info: os.stat_result
) -> os.stat_result:
    moved = target.lstat()
    if moved.st_ino == info.st_ino and expected.holds(moved):
        return moved
    # A save came between the look and the rename: it goes back to its name.
    try:
        put_new(target, source)
    except FileExistsError:  # and saved once more since: the version moved stays there
        raise ChangedMeanwhileError(target) from None
    raise ChangedMeanwhileError


def _check_linked(
    source: Path, target: Path, expected: Seen, info: os.stat_result
) -> os.stat_result:
    linked = target.lstat()
    taken = _take(source, target)
    with holding(taken, source):
        now = taken.lstat()
        if now.st_ino == linked.st_ino == info.st_ino and expected.holds(now):
            taken.unlink()  # another name of the file at target
            return target.lstat()
        back = give_back(taken, source)
    there = target.lstat()
    # Another name of the file given back, or the version compared, which the save at
    # the name superseded: neither is to stay in the destination.
    if there.st_ino == now.st_ino or (there.st_ino == info.st_ino and expected.holds(there)):
        target.unlink()
        raise ChangedMeanwhileError(None if back == source else back)
    raise ChangedMeanwhileError(target)


def _copy_across(
    source: Path, target: Path, expected: Seen, info: os.stat_result
) -> os.stat_result:
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    reader = os.open(source, flags)
    try:
        copied = os.fstat(reader)
        if copied.st_ino != info.st_ino or not expected.holds(copied):
            raise ChangedMeanwhileError
        _copy_from(reader, copied, target)
    finally:
        os.close(reader)  # before the name is taken: Windows renames no open file
    taken = _take(source, target)
    with holding(taken, source):
        now = taken.lstat()
        in_use = same_file(now, copied) and now.st_nlink == 1 and open_for_writing(taken)
        if same_file(now, copied) and not in_use and drop(taken, now):
            return target.lstat()
        back = give_back(taken, source)
    target.unlink()  # a copy of the version compared, which the save superseded
    raise ChangedMeanwhileError(None if back == source else back, in_use)


def _take(source: Path, made: Path) -> Path:
    """The source's name taken away (renames.take_away); where the system refuses, what
    was made at the new name for it goes again, before the refusal goes on."""
    try:
        return take_away(source)
    except BaseException:
        made.unlink(missing_ok=True)
        raise


def _copy_from(reader: int, copied: os.stat_result, target: Path) -> None:
    """Copy the open file into a new file at ``target`` (FileExistsError where taken),
    with its permissions, times and extended attributes; ChangedMeanwhileError (and no copy)
    where it changed while it was copied."""
    started = clock()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    writer = os.open(target, flags, 0o600)
    try:
        try:
            while chunk := os.read(reader, CHUNK):
                os.write(writer, chunk)
            _copy_attributes(reader, writer, copied, target)
            after = os.fstat(reader)
            if not same_file(after, copied):
                raise ChangedMeanwhileError
            if racy(copied, started) and not _same_as_copy(reader, target):
                raise ChangedMeanwhileError
        finally:
            os.close(writer)
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def _same_as_copy(reader: int, target: Path) -> bool:
    os.lseek(reader, 0, os.SEEK_SET)
    with open(reader, "rb", closefd=False) as source, target.open("rb") as copy:
        return same_bytes(source, copy)


def _copy_attributes(reader: int, writer: int, info: os.stat_result, target: Path) -> None:
    """The copy's permissions, times and (on Linux) extended attributes: the source's."""
    if sys.platform == "win32":  # no descriptors for these there
        target.chmod(stat.S_IMODE(info.st_mode))
        os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))
        return
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            for name in os.listxattr(reader):
                with contextlib.suppress(OSError):  # security.* and the like: not ours to set
                    os.setxattr(writer, name, os.getxattr(reader, name))
    os.fchmod(writer, stat.S_IMODE(info.st_mode))
    os.utime(writer, ns=(info.st_atime_ns, info.st_mtime_ns))


def _move_link(source: Path, target: Path, info: os.stat_result) -> os.stat_result:
    """A symbolic link moved: a new link at ``target`` to what the old one meant (a
    relative one would point elsewhere), then the old one taken away and removed if it
    is still that link."""
    words = source.readlink()
    meaning = words
    if not meaning.is_absolute():  # normpath, not resolve: the link's words, made whole
        meaning = Path(os.path.normpath(source.parent / meaning))
    target.symlink_to(meaning)
    taken = _take(source, target)
    with holding(taken, source):
        now = taken.lstat()
        if stat.S_ISLNK(now.st_mode) and now.st_ino == info.st_ino and taken.readlink() == words:
            taken.unlink()
            return target.lstat()
        back = give_back(taken, source)
    target.unlink()
    raise ChangedMeanwhileError(None if back == source else back)


__all__ = ["ChangedMeanwhileError", "move_file"]
